/* viewio.c: a side's view as lines and back (viewio.h, docs/protocol.md "The view"). */
#include "viewio.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "murk/alloc.h"
#include "murk/command.h"
#include "murk/event.h"
#include "murk/phase.h"

#define K MURK_TERRAIN_CLASS_COUNT
#define PAIRS_A_LINE 200        /* cells of one `place` or `acells` line */
#define BRIEF_CHUNK 1500        /* briefing bytes of one `brief` line */
#define ITEMS_MAX (1 << 16)     /* markers, teams, ... of one view */
#define EVENTS_MAX (1 << 22)    /* events of one view */
#define CELLS_MAX (1000 * 1000) /* cells of one list (the largest table) */
#define BRIEF_MAX (1 << 20)

struct net_view {
  struct murk_view v; /* first: see net_view_of */
  struct murk_mission* table;
  char* briefing;
  size_t nbrief;
  char force[MURK_SIDES][MURK_NAME];
  struct murk_zone own;
  struct murk_zone more[8];
  struct murk_pos* place;
  int place_cap;
  /* Array capacities (the counts are the view's). */
  int cap_obj, cap_mk, cap_team, cap_pl, cap_arr, cap_lit, cap_light, cap_con, cap_wing, cap_tgt;
  size_t cap_ev;
  int* arr_cap; /* each arrival's cells' capacity */
  bool rows_seen_all;
  int rows_seen;
};

struct murk_view* net_view_view(struct net_view* nv) {
  return nv ? &nv->v : NULL;
}

struct net_view* net_view_of(struct murk_view* v) {
  return (struct net_view*)(void*)v;
}

const struct murk_mission* net_view_table(const struct net_view* nv) {
  return nv->table;
}

void net_view_free(struct net_view* nv) {
  if (!nv) return;
  struct murk_view* v = &nv->v;
  murk_free(v->objectives);
  murk_free(v->markers);
  murk_free(v->teams);
  murk_free(v->platoons);
  for (int i = 0; i < v->narrivals; i++) murk_free(v->arrivals[i].cells);
  murk_free(v->arrivals);
  murk_free(nv->arr_cap);
  murk_free(v->lit);
  murk_free(v->lit_by);
  murk_free(v->lights);
  murk_free(v->contacts);
  murk_free(v->wings);
  murk_free(v->targets);
  murk_free(v->events);
  murk_free(nv->place);
  if (nv->table) murk_free(nv->table->map);
  murk_free(nv->table);
  murk_free(nv->briefing);
  murk_free(nv);
}

/* ---- writing ---- */

static void put_zone(struct net_buf* b, const char* which, const struct murk_zone* z) {
  const struct murk_region* r = &z->region;
  const struct murk_keep_out* k = &z->keep_out;
  net_buf_addf(b, "zone %s %d %d %d %d %d %d %d %d %d %d %d", which, (int)r->kind, (int)r->which,
               r->from.x, r->from.y, r->to.x, r->to.y, k->centre_line, k->edges, k->long_edges,
               k->short_edges, k->long_centre_line);
  net_buf_eol(b);
}

static void put_allow(struct net_buf* b, const int* a) {
  for (int k = 0; k < K; k++) net_buf_addf(b, " %d", a[k]);
}

static void put_cells(struct net_buf* b, const char* head, const struct murk_pos* c, int n) {
  for (int i = 0; i < n; i += PAIRS_A_LINE) {
    net_buf_addf(b, "%s", head);
    for (int j = i; j < n && j < i + PAIRS_A_LINE; j++) net_buf_addf(b, " %d %d", c[j].x, c[j].y);
    net_buf_eol(b);
  }
}

void net_view_write(const struct murk_view* v, size_t commands, struct net_buf* b) {
  net_buf_addf(b, "view begin %d %d %zu", NET_PROTOCOL, (int)v->side, commands);
  net_buf_eol(b);
  net_buf_addf(b, "table %d %d %d", (int)v->grid.kind, v->grid.width, v->grid.height);
  net_buf_str(b, v->mission_name, MURK_NAME - 1);
  net_buf_eol(b);
  for (int s = 0; s < MURK_SIDES; s++) {
    net_buf_addf(b, "force %d", s);
    net_buf_str(b, v->force_name[s], MURK_NAME - 1);
    net_buf_eol(b);
  }
  const char* brief = v->briefing ? v->briefing : "";
  size_t blen = strlen(brief);
  for (size_t i = 0; i < blen; i += BRIEF_CHUNK) {
    net_buf_addf(b, "brief");
    net_buf_str(b, brief + i, BRIEF_CHUNK);
    net_buf_eol(b);
  }
  for (int i = 0; i < v->nterrain; i++) {
    const struct murk_terrain* t = &v->terrain[i];
    net_buf_addf(b, "terrain %d %d %d %d %d", (unsigned char)t->ch, (int)t->cls, (int)t->sight,
                 (int)t->works, t->sewer);
    net_buf_str(b, t->name, sizeof t->name);
    net_buf_eol(b);
  }
  if (v->map) {
    static const char hex[] = "0123456789abcdef";
    for (int y = 0; y < v->grid.height; y++) {
      net_buf_addf(b, "row %d ", y);
      for (int x = 0; x < v->grid.width; x++) {
        unsigned char c = v->map[y * v->grid.width + x];
        char h[2] = {hex[c >> 4], hex[c & 15]};
        net_buf_add(b, h, 2);
      }
      net_buf_eol(b);
    }
  }
  for (int i = 0; i < v->nentries; i++) {
    const struct murk_entry* e = &v->entries[i];
    net_buf_addf(b, "entry %d %d %d %d %u", e->number, e->at.x, e->at.y, (int)e->kind, e->rolls);
    net_buf_str(b, e->name, sizeof e->name);
    net_buf_eol(b);
  }
  if (v->own_zone) put_zone(b, "own", v->own_zone);
  for (int i = 0; i < v->nown_more_zones && i < 8; i++) put_zone(b, "more", &v->own_more_zones[i]);

  net_buf_addf(b, "state %d %d %d %d %d %d %d %d %d %d %d %d", (int)v->phase, (int)v->step, v->turn,
               (int)v->to_act, (int)v->winner, v->vp[0], v->vp[1], v->withdraw_due, v->dummies_left,
               (int)v->dummy_kind, v->delay_counters, v->visibility);
  net_buf_addf(b, " %d %d %d %d %u %u %d %d %d", v->night ? 1 : 0, v->nvr, v->sight_range,
               v->dusk_dawn, v->verbs, v->rule_verbs, v->hidden_left, v->adjust_leader,
               v->adjust_cells);
  net_buf_addf(b, " %d %d", v->held_back[0], v->held_back[1]);
  net_buf_eol(b);
  net_buf_addf(b, "result");
  net_buf_str(b, v->result, sizeof v->result);
  net_buf_eol(b);
  net_buf_addf(b, "conditions");
  net_buf_str(b, v->conditions, sizeof v->conditions);
  net_buf_eol(b);
  net_buf_addf(b, "prompt");
  net_buf_str(b, v->prompt, sizeof v->prompt);
  net_buf_eol(b);
  put_cells(b, "place", v->place_cells, v->nplace_cells);
  const struct murk_view_ending* ed = &v->ending;
  const struct murk_region* h = &ed->defender_half;
  net_buf_addf(b, "ending %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d", (int)v->place_for,
               ed->hold, ed->turn_limit, ed->random_length ? 1 : 0, (int)ed->otherwise,
               (int)ed->points, (int)ed->aim, (int)h->kind, (int)h->which, h->from.x, h->from.y,
               h->to.x, h->to.y, ed->withdraw_from, ed->remove_from, ed->held_until);
  net_buf_eol(b);
  for (int i = 0; i < ed->nend; i++) {
    const struct murk_end_condition* c = &ed->end[i];
    net_buf_addf(b, "end %d %d %d %d", (int)c->kind, (int)c->side, c->turn, c->distance);
    net_buf_eol(b);
  }

  for (int i = 0; i < v->nobjectives; i++) {
    const struct murk_view_objective* o = &v->objectives[i];
    net_buf_addf(b, "objective %d %d %d", o->pos.x, o->pos.y, (int)o->for_side);
    net_buf_str(b, o->name, sizeof o->name);
    net_buf_eol(b);
  }
  for (int i = 0; i < v->nmarkers; i++) {
    const struct murk_view_marker* m = &v->markers[i];
    net_buf_addf(b, "marker %d %d %d %d %d %d %d %d %d %d", m->number, (int)m->owner, (int)m->kind,
                 m->pos.x, m->pos.y, m->ndis, m->dis[0].x, m->dis[0].y, m->dis[1].x, m->dis[1].y);
    net_buf_addf(b, " %d %d %d %d %d %d %d %d", m->on_table, m->revealed, m->bogged, m->known,
                 m->dug_in, m->dummy, m->platoon, m->nteams);
    put_allow(b, m->allowance);
    net_buf_addf(b, " %d %d %d %d", m->moved, m->may_move, (int)m->sight, m->hidden);
    net_buf_str(b, m->name, sizeof m->name);
    net_buf_str(b, m->type, sizeof m->type);
    net_buf_eol(b);
  }
  for (int i = 0; i < v->nteams; i++) {
    const struct murk_view_team* t = &v->teams[i];
    net_buf_addf(b, "team %d %d %d %d %d %d %d", (int)t->owner, t->marker, t->platoon, t->pos.x,
                 t->pos.y, (int)t->sight, t->range);
    net_buf_str(b, t->profile, sizeof t->profile);
    net_buf_eol(b);
  }
  for (int i = 0; i < v->nplatoons; i++) {
    const struct murk_view_platoon* p = &v->platoons[i];
    net_buf_addf(b, "platoon %d %d %d %d %d %u %d %d %d %d %d %d %d %d %d", p->index, (int)p->state,
                 p->marker, p->nteams, p->command_distance, p->flags, (int)p->reserve, p->ambush,
                 p->may_arrive, p->dug_in, p->recce_moved, p->may_deploy, p->wing, p->lead.x,
                 p->lead.y);
    put_allow(b, p->allowance);
    net_buf_addf(b, " %d %d %d %d %d", p->moved, p->may_move, p->shot, p->assaulted,
                 p->may_deep_strike);
    net_buf_str(b, p->name, sizeof p->name);
    net_buf_str(b, p->type, sizeof p->type);
    net_buf_eol(b);
  }
  for (int i = 0; i < v->nwings; i++) {
    const struct murk_view_wing* w = &v->wings[i];
    net_buf_addf(b, "wing %d %d %d", w->leader, w->dis_range, w->nplatoons);
    net_buf_str(b, w->name, sizeof w->name);
    net_buf_eol(b);
  }
  for (int i = 0; i < v->narrivals; i++) {
    const struct murk_view_arrival* a = &v->arrivals[i];
    net_buf_addf(b, "arrival %d %d %d", (int)a->kind, a->anywhere, a->platoon);
    net_buf_str(b, a->where, sizeof a->where);
    net_buf_eol(b);
    char head[32];
    snprintf(head, sizeof head, "acells %d", i);
    put_cells(b, head, a->cells, a->ncells);
  }
  for (int i = 0; i < v->nlights; i++) {
    const struct murk_view_light* l = &v->lights[i];
    net_buf_addf(b, "light %d %d %d", l->at.x, l->at.y, (int)l->by);
    net_buf_str(b, l->what, sizeof l->what);
    net_buf_str(b, l->until, sizeof l->until);
    net_buf_eol(b);
  }
  for (int i = 0; i < v->nlit; i++) {
    net_buf_addf(b, "lit %d %d %d", v->lit[i].x, v->lit[i].y, v->lit_by ? v->lit_by[i] : 0);
    net_buf_eol(b);
  }
  for (int i = 0; i < v->ncontacts; i++) {
    const struct murk_view_contact* c = &v->contacts[i];
    net_buf_addf(b, "contact %d %d %d %d %d %d %d %d %d %d %d", (int)c->owner, c->marker, c->team,
                 (int)c->kind, c->pos.x, c->pos.y, c->turn, (int)c->sight, c->blocker.x,
                 c->blocker.y, c->has_blocker);
    net_buf_str(b, c->profile, sizeof c->profile);
    net_buf_eol(b);
  }
  for (int i = 0; i < v->ntargets; i++) {
    const struct murk_view_target* t = &v->targets[i];
    net_buf_addf(b, "target %d %d %d %d", t->platoon, t->target, t->shoot, t->assault);
    net_buf_eol(b);
  }
  for (size_t i = 0; i < v->nevents; i++) {
    const struct murk_event* e = &v->events[i];
    net_buf_addf(b, "event %d %d %d %d %d %d %d %d %d %d %d %d %d", e->seq, e->turn, (int)e->active,
                 (int)e->kind, (int)e->audience, (int)e->side, e->marker, e->from.x, e->from.y,
                 e->to.x, e->to.y, e->has_pos, e->has_roll);
    net_buf_str(b, e->text, sizeof e->text);
    net_buf_eol(b);
    if (!e->has_roll) continue;
    const struct murk_roll* r = &e->roll;
    net_buf_addf(b, "roll %d %d %d %d %d %d %d", r->expr.count, r->expr.sides, r->expr.mul,
                 r->expr.add, r->ndice, r->need, r->total);
    for (int d = 0; d < MURK_DICE_MAX; d++) net_buf_addf(b, " %d", r->dice[d]);
    net_buf_addf(b, " %d", r->nmods);
    for (int d = 0; d < MURK_ROLL_MODS; d++) net_buf_addf(b, " %d", r->mods[d].value);
    net_buf_str(b, r->purpose, sizeof r->purpose);
    for (int d = 0; d < MURK_ROLL_MODS; d++)
      net_buf_str(b, r->mods[d].label, sizeof r->mods[d].label);
    net_buf_eol(b);
  }
  net_buf_addf(b, "view end");
  net_buf_eol(b);
}

/* ---- reading ---- */

#define WORDS_MAX (2 + 2 * PAIRS_A_LINE)
#define POS_MAX 1000000
#define POS_MIN (-POS_MAX)

struct net_view_reader {
  struct net_view* nv;
  int state; /* 0: before "view begin", 1: inside, 2: whole */
  size_t commands;
  char err[160];
};

struct net_view_reader* net_view_reader_new(void) {
  return murk_calloc(1, sizeof(struct net_view_reader));
}

void net_view_reader_free(struct net_view_reader* r) {
  if (!r) return;
  net_view_free(r->nv);
  murk_free(r);
}

const char* net_view_reader_error(const struct net_view_reader* r) {
  return r->err;
}

struct net_view* net_view_reader_take(struct net_view_reader* r, size_t* commands) {
  if (r->state != 2) return NULL;
  struct net_view* nv = r->nv;
  r->nv = NULL;
  r->state = 0;
  if (commands) *commands = r->commands;
  return nv;
}

/* Room for one more item in an array of `size`-byte items holding n (capacity *cap). */
static bool grow(void** arr, int n, int* cap, size_t size, int max) {
  if (n < *cap) return true;
  if (n >= max) return false;
  int c = *cap ? *cap * 2 : 8;
  if (c > max) c = max;
  void* p = murk_realloc(*arr, (size_t)c * size);
  if (!p) return false;
  memset((char*)p + (size_t)*cap * size, 0, (size_t)(c - *cap) * size);
  *arr = p;
  *cap = c;
  return true;
}

struct words {
  char** w;
  int n;
  int at;
  bool bad;
};

static long num(struct words* ws, long min, long max) {
  long v = 0;
  if (ws->at >= ws->n || !net_int(ws->w[ws->at], min, max, &v)) ws->bad = true;
  ws->at++;
  return v;
}

static bool flag(struct words* ws) {
  return num(ws, 0, 1) != 0;
}

static void str(struct words* ws, char* out, size_t n) {
  if (ws->at >= ws->n || !net_str(ws->w[ws->at], out, n)) ws->bad = true;
  ws->at++;
}

static struct murk_pos pos(struct words* ws) {
  struct murk_pos p;
  p.x = (int)num(ws, POS_MIN, POS_MAX);
  p.y = (int)num(ws, POS_MIN, POS_MAX);
  return p;
}

static enum murk_side side_or_none(struct words* ws) {
  return (enum murk_side)num(ws, -1, 1);
}

static void allow(struct words* ws, int* a) {
  for (int k = 0; k < K; k++) a[k] = (int)num(ws, -1, 1000000);
}

static int fail(struct net_view_reader* r, const char* what) {
  snprintf(r->err, sizeof r->err, "bad view line: %.40s", what);
  r->state = 0; /* the next "view begin" starts over */
  return -1;
}

static bool read_zone(struct words* ws, struct murk_zone* z) {
  z->region.kind = (enum murk_region_kind)num(ws, 0, MURK_REGION_RECT);
  z->region.which = (enum murk_compass)num(ws, 0, MURK_SW);
  z->region.from = pos(ws);
  z->region.to = pos(ws);
  z->keep_out.centre_line = (int)num(ws, 0, POS_MAX);
  z->keep_out.edges = (int)num(ws, 0, POS_MAX);
  z->keep_out.long_edges = (int)num(ws, 0, POS_MAX);
  z->keep_out.short_edges = (int)num(ws, 0, POS_MAX);
  z->keep_out.long_centre_line = (int)num(ws, 0, POS_MAX);
  return !ws->bad;
}

static int cells_into(struct words* ws, struct murk_pos** cells, int* n, int* cap) {
  while (ws->at < ws->n) {
    if (!grow((void**)cells, *n, cap, sizeof **cells, CELLS_MAX)) return -1;
    (*cells)[*n] = pos(ws);
    if (ws->bad) return -1;
    (*n)++;
  }
  return 0;
}

/* The view's pointers into its own table and arrays, once whole. */
static int finish(struct net_view_reader* r) {
  struct net_view* nv = r->nv;
  struct murk_view* v = &nv->v;
  struct murk_mission* t = nv->table;
  if (!t) return fail(r, "no table");
  if (t->map && nv->rows_seen != v->grid.height) return fail(r, "map rows missing");
  /* Every cell's terrain is one of the legend's (the map is indexed without a check). */
  if (t->map)
    for (int i = 0; i < v->grid.width * v->grid.height; i++)
      if (t->map[i] >= t->nterrain) return fail(r, "map cell without terrain");
  v->briefing = nv->briefing ? nv->briefing : "";
  v->place_cells = nv->place;
  for (int i = 0; i < v->nlit; i++)
    if (v->lit_by[i] < 0 || v->lit_by[i] >= (v->nlights ? v->nlights : 1))
      return fail(r, "lit by no light");
  for (int i = 0; i < v->nlit; i++)
    if (v->nlights == 0) v->lit_by[i] = 0;
  r->state = 2;
  return 1;
}

int net_view_reader_line(struct net_view_reader* r, char* line) {
  char* w[WORDS_MAX];
  int n = net_split(line, w, WORDS_MAX);
  if (n < 2) return fail(r, "too few or too many words");
  struct words ws = {w, n, 1, false};
  if (r->state != 1) {
    if (strcmp(w[0], "view") || strcmp(w[1], "begin") || n != 5) return fail(r, "not a view");
    net_view_free(r->nv);
    r->nv = murk_calloc(1, sizeof *r->nv);
    if (!r->nv) return fail(r, "out of memory");
    ws.at = 2;
    if (num(&ws, NET_PROTOCOL, NET_PROTOCOL) != NET_PROTOCOL) ws.bad = true;
    r->nv->v.side = (enum murk_side)num(&ws, 0, 1);
    long c = num(&ws, 0, 1L << 30);
    if (ws.bad) return fail(r, "view begin");
    r->commands = (size_t)c;
    r->state = 1;
    return 0;
  }
  struct net_view* nv = r->nv;
  struct murk_view* v = &nv->v;
  struct murk_mission* t = nv->table;
  const char* k = w[0];
  if (!strcmp(k, "view")) {
    if (strcmp(w[1], "end") || n != 2) return fail(r, "view end");
    return finish(r);
  }
  if (!strcmp(k, "table")) {
    if (t) return fail(r, "two tables");
    t = nv->table = murk_calloc(1, sizeof *t);
    if (!t) return fail(r, "out of memory");
    t->grid.kind = (enum murk_grid_kind)num(&ws, 0, MURK_GRID_SQUARE);
    t->grid.width = (int)num(&ws, 1, MURK_MISSION_MAX_CELLS);
    t->grid.height = (int)num(&ws, 1, MURK_MISSION_MAX_CELLS);
    str(&ws, t->name, sizeof t->name);
    if (ws.bad || ws.at != n) return fail(r, "table");
    snprintf(t->id, sizeof t->id, "remote");
    v->grid = t->grid;
    v->mission_name = t->name;
    v->terrain = t->terrain;
    v->entries = t->entries;
    for (int s = 0; s < MURK_SIDES; s++) v->force_name[s] = nv->force[s];
    v->ending.end = t->end;
    v->ending.otherwise = MURK_NO_SIDE;
    v->place_for = MURK_NO_SIDE;
    return 0;
  }
  if (!t) return fail(r, "the table comes first");
  if (!strcmp(k, "force")) {
    int s = (int)num(&ws, 0, 1);
    str(&ws, nv->force[s], sizeof nv->force[s]);
  } else if (!strcmp(k, "brief")) {
    char chunk[BRIEF_CHUNK + 1];
    str(&ws, chunk, sizeof chunk);
    size_t len = strlen(chunk);
    if (ws.bad || nv->nbrief + len >= BRIEF_MAX) return fail(r, "brief");
    char* b = murk_realloc(nv->briefing, nv->nbrief + len + 1);
    if (!b) return fail(r, "out of memory");
    memcpy(b + nv->nbrief, chunk, len + 1);
    nv->briefing = b;
    nv->nbrief += len;
  } else if (!strcmp(k, "terrain")) {
    if (t->nterrain >= MURK_MISSION_MAX_TERRAIN) return fail(r, "too much terrain");
    struct murk_terrain* tr = &t->terrain[t->nterrain];
    tr->ch = (char)num(&ws, 32, 126);
    tr->cls = (enum murk_terrain_class)num(&ws, 0, K - 1);
    tr->sight = (enum murk_sight)num(&ws, 0, MURK_SIGHT_BLOCKING);
    tr->works = (enum murk_works)num(&ws, 0, MURK_WORKS_FORTIFICATION);
    tr->sewer = flag(&ws);
    str(&ws, tr->name, sizeof tr->name);
    if (!ws.bad) v->nterrain = ++t->nterrain;
  } else if (!strcmp(k, "row")) {
    int y = (int)num(&ws, 0, t->grid.height - 1);
    int wd = t->grid.width;
    if (ws.bad || n != 3 || y != nv->rows_seen || strlen(w[2]) != (size_t)wd * 2)
      return fail(r, "row");
    if (!t->map && !(t->map = murk_calloc((size_t)wd * (size_t)t->grid.height, 1)))
      return fail(r, "out of memory");
    for (int x = 0; x < wd; x++) {
      long hv;
      char h[3] = {w[2][2 * x], w[2][2 * x + 1], '\0'};
      unsigned v8 = 0;
      for (int i = 0; i < 2; i++) {
        char c = h[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0) return fail(r, "row");
        v8 = v8 * 16 + (unsigned)d;
      }
      hv = (long)v8;
      t->map[y * wd + x] = (unsigned char)hv;
    }
    nv->rows_seen++;
    v->map = t->map;
    ws.at = n;
  } else if (!strcmp(k, "entry")) {
    if (t->nentries >= MURK_MISSION_MAX_ENTRIES) return fail(r, "too many entries");
    struct murk_entry* e = &t->entries[t->nentries];
    e->number = (int)num(&ws, 0, 1000000);
    e->at = pos(&ws);
    e->kind = (enum murk_terrain_class)num(&ws, 0, K - 1);
    e->rolls = (unsigned)num(&ws, 0, UINT32_MAX);
    str(&ws, e->name, sizeof e->name);
    if (!ws.bad) v->nentries = ++t->nentries;
  } else if (!strcmp(k, "zone")) {
    if (!strcmp(w[1], "own") && !v->own_zone) {
      ws.at = 2;
      if (!read_zone(&ws, &nv->own)) return fail(r, "zone");
      v->own_zone = &nv->own;
    } else if (!strcmp(w[1], "more") && v->nown_more_zones < 8) {
      ws.at = 2;
      if (!read_zone(&ws, &nv->more[v->nown_more_zones])) return fail(r, "zone");
      v->own_more_zones = nv->more;
      v->nown_more_zones++;
    } else {
      return fail(r, "zone");
    }
  } else if (!strcmp(k, "state")) {
    v->phase = (enum murk_phase)num(&ws, 0, MURK_PHASE_COUNT - 1);
    v->step = (enum murk_step)num(&ws, 0, MURK_STEP_COUNT - 1);
    v->turn = (int)num(&ws, 0, 1000000);
    v->to_act = side_or_none(&ws);
    v->winner = side_or_none(&ws);
    v->vp[0] = (int)num(&ws, -1000000, 1000000);
    v->vp[1] = (int)num(&ws, -1000000, 1000000);
    v->withdraw_due = (int)num(&ws, 0, 1000000);
    v->dummies_left = (int)num(&ws, 0, 1000000);
    v->dummy_kind = (enum murk_marker_kind)num(&ws, 0, MURK_MARKER_CONCEALED);
    v->delay_counters = (int)num(&ws, 0, 1000000);
    v->visibility = (int)num(&ws, -1, 1000000000);
    v->night = flag(&ws);
    v->nvr = (int)num(&ws, -1, 1000000000);
    v->sight_range = (int)num(&ws, -1, 2147483647);
    v->dusk_dawn = (int)num(&ws, 0, 1000);
    v->verbs = (unsigned)num(&ws, 0, UINT32_MAX);
    v->rule_verbs = (unsigned)num(&ws, 0, UINT32_MAX);
    v->hidden_left = (int)num(&ws, 0, 1000000);
    v->adjust_leader = (int)num(&ws, 0, 1000000);
    v->adjust_cells = (int)num(&ws, 0, 1000000);
    v->held_back[0] = (int)num(&ws, 0, 1000000);
    v->held_back[1] = (int)num(&ws, 0, 1000000);
  } else if (!strcmp(k, "result")) {
    str(&ws, v->result, sizeof v->result);
  } else if (!strcmp(k, "conditions")) {
    str(&ws, v->conditions, sizeof v->conditions);
  } else if (!strcmp(k, "prompt")) {
    str(&ws, v->prompt, sizeof v->prompt);
  } else if (!strcmp(k, "place")) {
    if (cells_into(&ws, &nv->place, &v->nplace_cells, &nv->place_cap) != 0) return fail(r, "place");
    v->place_cells = nv->place;
  } else if (!strcmp(k, "ending")) {
    struct murk_view_ending* e = &v->ending;
    struct murk_region* h = &e->defender_half;
    v->place_for = side_or_none(&ws);
    e->hold = (int)num(&ws, 0, MURK_MISSION_MAX_CELLS);
    e->turn_limit = (int)num(&ws, 0, 1000000);
    e->random_length = flag(&ws);
    e->otherwise = side_or_none(&ws);
    e->points = (enum murk_vp_mode)num(&ws, 0, MURK_VP_MARGIN);
    e->aim = (enum murk_vp_objective)num(&ws, 0, MURK_VPO_COUNT - 1);
    h->kind = (enum murk_region_kind)num(&ws, 0, MURK_REGION_RECT);
    h->which = (enum murk_compass)num(&ws, 0, MURK_SW);
    h->from = pos(&ws);
    h->to = pos(&ws);
    e->withdraw_from = (int)num(&ws, 0, 1000000);
    e->remove_from = (int)num(&ws, 0, 1000000);
    e->held_until = (int)num(&ws, 0, 1000000);
  } else if (!strcmp(k, "end")) {
    if (t->nend >= MURK_MISSION_MAX_END) return fail(r, "too many end conditions");
    struct murk_end_condition* c = &t->end[t->nend];
    c->kind = (enum murk_end_kind)num(&ws, 0, MURK_END_COUNT - 1);
    c->side = side_or_none(&ws);
    c->turn = (int)num(&ws, 0, 1000000);
    c->distance = (int)num(&ws, 0, MURK_MISSION_MAX_CELLS);
    if (!ws.bad) v->ending.nend = ++t->nend;
  } else if (!strcmp(k, "objective")) {
    if (!grow((void**)&v->objectives, v->nobjectives, &nv->cap_obj, sizeof *v->objectives,
              ITEMS_MAX))
      return fail(r, "objective");
    struct murk_view_objective* o = &v->objectives[v->nobjectives];
    o->pos = pos(&ws);
    o->for_side = side_or_none(&ws);
    str(&ws, o->name, sizeof o->name);
    if (!ws.bad) v->nobjectives++;
  } else if (!strcmp(k, "marker")) {
    if (!grow((void**)&v->markers, v->nmarkers, &nv->cap_mk, sizeof *v->markers, ITEMS_MAX))
      return fail(r, "marker");
    struct murk_view_marker* m = &v->markers[v->nmarkers];
    m->number = (int)num(&ws, 0, 1000000);
    m->owner = (enum murk_side)num(&ws, 0, 1);
    m->kind = (enum murk_marker_kind)num(&ws, 0, MURK_MARKER_CONCEALED);
    m->pos = pos(&ws);
    m->ndis = (int)num(&ws, 0, MURK_MAX_DIS);
    m->dis[0] = pos(&ws);
    m->dis[1] = pos(&ws);
    m->on_table = flag(&ws);
    m->revealed = flag(&ws);
    m->bogged = flag(&ws);
    m->known = flag(&ws);
    m->dug_in = flag(&ws);
    m->dummy = flag(&ws);
    m->platoon = (int)num(&ws, -1, 1000000);
    m->nteams = (int)num(&ws, 0, 1000000);
    allow(&ws, m->allowance);
    m->moved = flag(&ws);
    m->may_move = flag(&ws);
    m->sight = (enum murk_view_sight)num(&ws, 0, MURK_VIEW_MOVED);
    m->hidden = flag(&ws);
    str(&ws, m->name, sizeof m->name);
    str(&ws, m->type, sizeof m->type);
    if (!ws.bad) v->nmarkers++;
  } else if (!strcmp(k, "team")) {
    if (!grow((void**)&v->teams, v->nteams, &nv->cap_team, sizeof *v->teams, ITEMS_MAX))
      return fail(r, "team");
    struct murk_view_team* tm = &v->teams[v->nteams];
    tm->owner = (enum murk_side)num(&ws, 0, 1);
    tm->marker = (int)num(&ws, 0, 1000000);
    tm->platoon = (int)num(&ws, -1, 1000000);
    tm->pos = pos(&ws);
    tm->sight = (enum murk_view_sight)num(&ws, 0, MURK_VIEW_MOVED);
    tm->range = (int)num(&ws, 0, 1000000);
    str(&ws, tm->profile, sizeof tm->profile);
    if (!ws.bad) v->nteams++;
  } else if (!strcmp(k, "platoon")) {
    if (!grow((void**)&v->platoons, v->nplatoons, &nv->cap_pl, sizeof *v->platoons, ITEMS_MAX))
      return fail(r, "platoon");
    struct murk_view_platoon* p = &v->platoons[v->nplatoons];
    p->index = (int)num(&ws, 0, 1000000);
    p->state = (enum murk_platoon_state)num(&ws, 0, MURK_PLATOON_WITHDRAWN);
    p->marker = (int)num(&ws, 0, 1000000);
    p->nteams = (int)num(&ws, 0, 1000000);
    p->command_distance = (int)num(&ws, 0, 1000000);
    p->flags = (unsigned)num(&ws, 0, UINT32_MAX);
    p->reserve = (enum murk_reserve_kind)num(&ws, 0, MURK_RESERVE_PLAIN);
    p->ambush = (int)num(&ws, 0, 2);
    p->may_arrive = flag(&ws);
    p->dug_in = flag(&ws);
    p->recce_moved = flag(&ws);
    p->may_deploy = flag(&ws);
    p->wing = (int)num(&ws, -1, 1000000);
    p->lead = pos(&ws);
    allow(&ws, p->allowance);
    p->moved = flag(&ws);
    p->may_move = flag(&ws);
    p->shot = flag(&ws);
    p->assaulted = flag(&ws);
    p->may_deep_strike = flag(&ws);
    str(&ws, p->name, sizeof p->name);
    str(&ws, p->type, sizeof p->type);
    if (!ws.bad) v->nplatoons++;
  } else if (!strcmp(k, "wing")) {
    if (!grow((void**)&v->wings, v->nwings, &nv->cap_wing, sizeof *v->wings, ITEMS_MAX))
      return fail(r, "wing");
    struct murk_view_wing* wg = &v->wings[v->nwings];
    wg->leader = (int)num(&ws, 0, 1000000);
    wg->dis_range = (int)num(&ws, 0, 1000000);
    wg->nplatoons = (int)num(&ws, 0, 1000000);
    str(&ws, wg->name, sizeof wg->name);
    if (!ws.bad) v->nwings++;
  } else if (!strcmp(k, "arrival")) {
    int cap = nv->cap_arr;
    if (!grow((void**)&v->arrivals, v->narrivals, &nv->cap_arr, sizeof *v->arrivals, ITEMS_MAX))
      return fail(r, "arrival");
    if (cap != nv->cap_arr) {
      int* ac = murk_realloc(nv->arr_cap, (size_t)nv->cap_arr * sizeof *ac);
      if (!ac) return fail(r, "out of memory");
      for (int i = cap; i < nv->cap_arr; i++) ac[i] = 0;
      nv->arr_cap = ac;
    }
    struct murk_view_arrival* a = &v->arrivals[v->narrivals];
    a->kind = (enum murk_reserve_kind)num(&ws, 0, MURK_RESERVE_PLAIN);
    a->anywhere = flag(&ws);
    a->platoon = (int)num(&ws, -1, MURK_MISSION_MAX_PLATOONS - 1);
    str(&ws, a->where, sizeof a->where);
    if (!ws.bad) v->narrivals++;
  } else if (!strcmp(k, "acells")) {
    int i = (int)num(&ws, 0, v->narrivals - 1);
    if (ws.bad || v->narrivals == 0) return fail(r, "acells");
    struct murk_view_arrival* a = &v->arrivals[i];
    if (cells_into(&ws, &a->cells, &a->ncells, &nv->arr_cap[i]) != 0) return fail(r, "acells");
  } else if (!strcmp(k, "light")) {
    if (!grow((void**)&v->lights, v->nlights, &nv->cap_light, sizeof *v->lights, ITEMS_MAX))
      return fail(r, "light");
    struct murk_view_light* l = &v->lights[v->nlights];
    l->at = pos(&ws);
    l->by = side_or_none(&ws);
    str(&ws, l->what, sizeof l->what);
    str(&ws, l->until, sizeof l->until);
    if (!ws.bad) v->nlights++;
  } else if (!strcmp(k, "lit")) {
    int cap = nv->cap_lit;
    if (!grow((void**)&v->lit, v->nlit, &nv->cap_lit, sizeof *v->lit, CELLS_MAX))
      return fail(r, "lit");
    if (cap != nv->cap_lit) {
      int* lb = murk_realloc(v->lit_by, (size_t)nv->cap_lit * sizeof *lb);
      if (!lb) return fail(r, "out of memory");
      v->lit_by = lb;
    }
    v->lit[v->nlit] = pos(&ws);
    v->lit_by[v->nlit] = (int)num(&ws, 0, ITEMS_MAX);
    if (!ws.bad) v->nlit++;
  } else if (!strcmp(k, "contact")) {
    if (!grow((void**)&v->contacts, v->ncontacts, &nv->cap_con, sizeof *v->contacts, ITEMS_MAX))
      return fail(r, "contact");
    struct murk_view_contact* c = &v->contacts[v->ncontacts];
    c->owner = (enum murk_side)num(&ws, 0, 1);
    c->marker = (int)num(&ws, 0, 1000000);
    c->team = flag(&ws);
    c->kind = (enum murk_marker_kind)num(&ws, 0, MURK_MARKER_CONCEALED);
    c->pos = pos(&ws);
    c->turn = (int)num(&ws, 0, 1000000);
    c->sight = (enum murk_view_sight)num(&ws, 0, MURK_VIEW_MOVED);
    c->blocker = pos(&ws);
    c->has_blocker = flag(&ws);
    str(&ws, c->profile, sizeof c->profile);
    if (!ws.bad) v->ncontacts++;
  } else if (!strcmp(k, "target")) {
    if (!grow((void**)&v->targets, v->ntargets, &nv->cap_tgt, sizeof *v->targets, ITEMS_MAX))
      return fail(r, "target");
    struct murk_view_target* tg = &v->targets[v->ntargets];
    tg->platoon = (int)num(&ws, 0, 1000000);
    tg->target = (int)num(&ws, 0, 1000000);
    tg->shoot = flag(&ws);
    tg->assault = flag(&ws);
    if (!ws.bad) v->ntargets++;
  } else if (!strcmp(k, "event")) {
    int cap = (int)nv->cap_ev;
    if (!grow((void**)&v->events, (int)v->nevents, &cap, sizeof *v->events, EVENTS_MAX))
      return fail(r, "event");
    nv->cap_ev = (size_t)cap;
    struct murk_event* e = &v->events[v->nevents];
    e->seq = (int)num(&ws, 0, 2147483647);
    e->turn = (int)num(&ws, 0, 1000000);
    e->active = side_or_none(&ws);
    e->kind = (enum murk_event_kind)num(&ws, 0, MURK_EV_COUNT - 1);
    e->audience = (enum murk_audience)num(&ws, 0, MURK_AUD_DEFENDER);
    e->side = side_or_none(&ws);
    e->marker = (int)num(&ws, 0, 1000000);
    e->from = pos(&ws);
    e->to = pos(&ws);
    e->has_pos = flag(&ws);
    e->has_roll = flag(&ws);
    str(&ws, e->text, sizeof e->text);
    if (!ws.bad) v->nevents++;
  } else if (!strcmp(k, "roll")) {
    if (v->nevents == 0 || !v->events[v->nevents - 1].has_roll) return fail(r, "roll");
    struct murk_roll* rl = &v->events[v->nevents - 1].roll;
    rl->expr.count = (int)num(&ws, 0, MURK_DICE_MAX);
    rl->expr.sides = (int)num(&ws, 0, MURK_DICE_SIDES_MAX);
    rl->expr.mul = (int)num(&ws, 0, MURK_DICE_SIDES_MAX);
    rl->expr.add = (int)num(&ws, -MURK_DICE_ADD_MAX, MURK_DICE_ADD_MAX);
    rl->ndice = (int)num(&ws, 0, MURK_DICE_MAX);
    rl->need = (int)num(&ws, 0, MURK_DICE_SIDES_MAX);
    rl->total = (int)num(&ws, -100000000, 100000000);
    for (int d = 0; d < MURK_DICE_MAX; d++) rl->dice[d] = (int)num(&ws, 0, MURK_DICE_SIDES_MAX);
    rl->nmods = (int)num(&ws, 0, MURK_ROLL_MODS);
    for (int d = 0; d < MURK_ROLL_MODS; d++)
      rl->mods[d].value = (int)num(&ws, -MURK_DICE_ADD_MAX, MURK_DICE_ADD_MAX);
    str(&ws, rl->purpose, sizeof rl->purpose);
    for (int d = 0; d < MURK_ROLL_MODS; d++) str(&ws, rl->mods[d].label, sizeof rl->mods[d].label);
  } else {
    return fail(r, k);
  }
  if (ws.bad || ws.at != n) return fail(r, k);
  return 0;
}

struct net_view* net_view_parse(const char* text, size_t len, size_t* commands) {
  struct net_view_reader* r = net_view_reader_new();
  if (!r) return NULL;
  char line[NET_LINE_MAX + 1];
  size_t at = 0;
  struct net_view* out = NULL;
  while (at < len) {
    const char* nl = memchr(text + at, '\n', len - at);
    size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
    if (n > NET_LINE_MAX) break;
    memcpy(line, text + at, n);
    line[n] = '\0';
    at += n + 1;
    int rc = net_view_reader_line(r, line);
    if (rc < 0) break;
    if (rc == 1) {
      out = net_view_reader_take(r, commands);
      break;
    }
  }
  net_view_reader_free(r);
  return out;
}
