/* view.c: what one side may know of a game (view.h).
 *
 * The only door from the whole truth to a screen or transcript. Each field copied here is
 * either public, the viewing side's own, or revealed; an enemy marker's contents are
 * filled only once it has been revealed to all. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "combat.h"
#include "command_table.h"
#include "deploy.h"
#include "event.h"
#include "fog.h"
#include "intel.h"
#include "marker.h"
#include "move.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/los.h"
#include "murk/sight.h"
#include "night.h"
#include "reserves.h"
#include "setup.h"
#include "sight.h"
#include "state.h"
#include "victory.h"
#include "why.h"

static struct murk_pos* view_arrival_pool(struct murk_view* v);
static void view_free_areas(struct murk_view* v);

void murk_view_free(struct murk_view* v) {
  if (!v) return;
  murk_free(v->objectives);
  murk_free(v->markers);
  murk_free(v->teams);
  murk_free(v->platoons);
  murk_free(v->events);
  murk_free(v->arrivals);
  murk_free(v->lit);
  murk_free(v->lit_by);
  murk_free(v->lights);
  murk_free(v->contacts);
  murk_free(v->wings);
  murk_free(v->targets);
  murk_free(view_arrival_pool(v));
  murk_free((void*)v->place_cells);
  view_free_areas(v);
  murk_free(v);
}

/* Text put together piece by piece, cut at the buffer's end as snprintf cuts it (the same
 * bytes): the play prompt is written for every decision, and snprintf's machinery cost more
 * than the rest of the prompt. */
struct out {
  char* buf;
  size_t n, len; /* len: the whole text's length, as snprintf returns it */
};

static void out_s(struct out* o, const char* text) {
  size_t k = strlen(text);
  if (o->len + 1 < o->n) {
    size_t room = o->n - 1 - o->len, c = k < room ? k : room;
    memcpy(o->buf + o->len, text, c);
    o->buf[o->len + c] = '\0';
  }
  o->len += k;
}

static void out_d(struct out* o, int v) {
  char digits[16], *p = digits + sizeof digits;
  unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
  *--p = '\0';
  do *--p = (char)('0' + u % 10);
  while ((u /= 10) > 0);
  if (v < 0) *--p = '-';
  out_s(o, p);
}

static struct out out_start(char* buf, size_t n) {
  if (n > 0) buf[0] = '\0';
  return (struct out){buf, n, 0};
}

/* The verbs of the play prompt, from the command table: those legal now that the prompt
 * lists (by their rank), then what `end` does in this step. */
static void play_verbs(const struct murk_game* g, unsigned verbs, char* buf, size_t n) {
  struct out o = out_start(buf, n);
  /* The verbs by rank, then by place in the table (one pass and a short sort: the view is
   * refreshed for every decision). */
  int order[MURK_CMD_COUNT], nv = 0;
  for (int k = 0; k < MURK_CMD_COUNT; k++) {
    int rank = mk_cmd_row((enum murk_command_kind)k)->prompt_rank;
    if (rank < 1 || rank > MURK_CMD_COUNT || !(verbs & (1u << k))) continue;
    int j = nv++;
    for (; j > 0 && mk_cmd_row((enum murk_command_kind)order[j - 1])->prompt_rank > rank; j--)
      order[j] = order[j - 1];
    order[j] = k;
  }
  for (int i = 0; i < nv && o.len < n; i++) {
    if (o.len) out_s(&o, ", ");
    out_s(&o, mk_cmd_row((enum murk_command_kind)order[i])->prompt_word);
  }
  if (!(verbs & (1u << MURK_CMD_END)) || o.len >= n) return;
  enum murk_step step = g->s.step == MURK_STEP_STARTING ? MURK_STEP_MOVEMENT : g->s.step;
  if (step == MURK_STEP_ASSAULT) {
    out_s(&o, "; 'end' hands over");
  } else {
    out_s(&o, "; 'end' for the ");
    out_s(&o, murk_step_name((enum murk_step)(step + 1)));
    out_s(&o, " step");
  }
}

/* verbs: the side to act's verbs legal now (mk_cmd_verbs_now), for the play prompt. */
static void build_prompt(const struct murk_game* g, enum murk_side side, unsigned verbs, char* buf,
                         size_t n) {
  const struct mk_state* s = &g->s;
  const char* who = murk_side_name(s->to_act);
  /* Another side's prompt says only what is public: what phase or step it is in. */
  bool mine = side == MURK_NO_SIDE || side == s->to_act;
  if (mk_phase_prompt(g, mine, buf, n)) return; /* setup: the phase table (setup.c) */
  if (s->phase == MURK_PHASE_PLAY) {
    char what[160];
    play_verbs(g, verbs, what, sizeof what);
    if (mine && s->remove_due > 0)
      snprintf(buf, n, "turn %d, %s's %s step: remove an objective first (remove objective NAME)",
               s->turn, who, murk_step_name(s->step));
    else if (mine && s->withdraw_due > 0)
      snprintf(buf, n, "turn %d, %s's %s step: withdraw %d platoon%s first (withdraw N)", s->turn,
               who, murk_step_name(s->step), s->withdraw_due, s->withdraw_due == 1 ? "" : "s");
    else if (mine && s->step == MURK_STEP_MOVEMENT && mk_reserves_due(g, s->to_act) > 0) {
      /* seed 004: reserves come on as soon as they may; say where the first can. */
      for (int i = 0; i < s->narrivals[s->to_act]; i++) {
        if (s->arrivals[s->to_act][i].used) continue;
        char where[120];
        mk_reserves_describe(g, s->to_act, i, where, sizeof where);
        int due = mk_reserves_due(g, s->to_act);
        /* A prompt is one line: a long place name is cut short, on purpose. */
        char line[512];
        snprintf(line, sizeof line,
                 "turn %d, %s's movement step: %d from reserve (arrive N at X,Y: %.60s); %s",
                 s->turn, who, due, where, what);
        size_t len = strlen(line);
        if (len >= n) len = n - 1;
        memcpy(buf, line, len);
        buf[len] = '\0';
        break;
      }
    } else {
      /* "turn %d, %s's %s step: %s", or "waiting: turn %d, the %s's %s step" */
      struct out o = out_start(buf, n);
      out_s(&o, mine ? "turn " : "waiting: turn ");
      out_d(&o, s->turn);
      out_s(&o, mine ? ", " : ", the ");
      out_s(&o, who);
      out_s(&o, "'s ");
      out_s(&o, murk_step_name(s->step));
      out_s(&o, mine ? " step: " : " step");
      if (mine) out_s(&o, what);
    }
    return;
  }
  snprintf(buf, n, "game over: %.140s", s->result);
}

/* snprintf(dst, n, "%s", src) without the formatting machinery: the view copies many names. */
static void copy_text(char* dst, size_t n, const char* src) {
  size_t len = strnlen(src, n - 1);
  memcpy(dst, src, len);
  dst[len] = '\0';
}

static void fill_marker(const struct murk_game* g, enum murk_side side, const struct mk_marker* mk,
                        bool lean, struct murk_view_marker* vm) {
  const struct mk_state* s = &g->s;
  memset(vm, 0, sizeof *vm);
  vm->number = mk->number;
  vm->owner = mk->owner;
  vm->kind = mk->kind;
  vm->pos = mk->pos;
  /* Dis counters (seed 002) are public, like the leader they belong to. */
  vm->ndis = mk->on_table ? mk->ndis : 0;
  for (int i = 0; i < vm->ndis; i++) vm->dis[i] = mk->dis[i];
  vm->on_table = mk->on_table;
  vm->revealed = mk->revealed;
  vm->bogged = mk->on_table ? mk->bogged : (mk->unit >= 0 && s->units[mk->owner][mk->unit].bogged);
  vm->known = side == MURK_NO_SIDE || side == mk->owner || mk->revealed;
  vm->platoon = -1;
  if (!vm->known) return;
  vm->dummy = mk->unit < 0;
  if (vm->dummy) return;
  vm->dug_in = s->units[mk->owner][mk->unit].dug_in;
  /* An enemy platoon's state as the side last saw it (sight.c), not as it is now. */
  if (side != MURK_NO_SIDE && side != mk->owner && !mk->on_table) {
    const struct mk_sighting* k = &s->seen_marker[side][mk - s->markers];
    vm->bogged = k->bogged;
    vm->dug_in = k->dug_in;
  }
  vm->platoon = mk->unit;
  if (lean) return; /* murk_view_build_lean: no names, no counts of teams */
  const struct murk_platoon* pl = mk_unit_platoon(g, mk->owner, mk->unit);
  copy_text(vm->name, sizeof vm->name, pl->name);
  copy_text(vm->type, sizeof vm->type, pl->type);
  vm->nteams = mk_unit_alive(s, mk->owner, mk->unit);
  /* What the marker's kind says of its contents (a wing leader stands for its wing). */
  const struct mk_marker_ops* ops = mk_marker_ops(g, (int)(mk - s->markers));
  if (mk->on_table && ops->describe) ops->describe(g, (int)(mk - s->markers), vm);
}

/* fill_marker for a lean view, without clearing the whole element first: its array was
 * zeroed when it grew, and a lean fill writes no field it leaves out (names, counts, move
 * facts, reasons), so only the fields written here can differ from zero. */
static void fill_marker_lean(const struct mk_state* s, enum murk_side side,
                             const struct mk_marker* mk, struct murk_view_marker* vm) {
  vm->number = mk->number;
  vm->owner = mk->owner;
  vm->kind = mk->kind;
  vm->pos = mk->pos;
  int ndis = mk->on_table ? mk->ndis : 0;
  vm->ndis = ndis;
  for (int i = 0; i < MURK_MAX_DIS; i++) {
    if (i < ndis) {
      vm->dis[i] = mk->dis[i];
    } else {
      vm->dis[i].x = 0;
      vm->dis[i].y = 0;
    }
  }
  vm->on_table = mk->on_table;
  vm->revealed = mk->revealed;
  const struct mk_unit_state* u = mk->unit >= 0 ? &s->units[mk->owner][mk->unit] : NULL;
  bool known = side == MURK_NO_SIDE || side == mk->owner || mk->revealed;
  vm->known = known;
  vm->bogged = mk->on_table ? mk->bogged : (u && u->bogged);
  vm->dummy = known && !u;
  vm->dug_in = known && u && u->dug_in;
  vm->platoon = known && u ? mk->unit : -1;
  /* An enemy platoon's state as the side last saw it (sight.c), not as it is now. */
  if (known && u && side != MURK_NO_SIDE && side != mk->owner && !mk->on_table) {
    const struct mk_sighting* k = &s->seen_marker[side][mk - s->markers];
    vm->bogged = k->bogged;
    vm->dug_in = k->dug_in;
  }
}

/* May `side` order a move now? Its own movement step in play (fog.c, mk_fog_move). */
static bool moving_now(const struct murk_game* g, enum murk_side side) {
  const struct mk_state* s = &g->s;
  return s->phase == MURK_PHASE_PLAY && s->step == MURK_STEP_MOVEMENT && s->to_act == side;
}

/* How an own marker on the table moves (move.c: the game's own allowance). */
static void fill_marker_move(const struct murk_game* g, enum murk_side side, int mi,
                             struct murk_view_marker* vm) {
  const struct mk_marker* mk = &g->s.markers[mi];
  if (side == MURK_NO_SIDE || mk->owner != side || !mk->on_table) return;
  struct mk_move_rule r;
  if (!mk_move_allowance(g, side, mi, -1, &r)) return;
  memcpy(vm->allowance, r.allow, sizeof vm->allowance);
  vm->moved = mk->moved;
  vm->hidden = mk->hidden;
  vm->may_move = moving_now(g, side) && !mk->bogged && !mk->moved && !mk_intel_came_down(g, mi);
}

/* What the placement cells follow from (fill_place_cells_interim): the mission, the phase,
 * the objective step and the objectives placed; where a setup rule judges each cell
 * itself (a patrol, No Man's Land's objectives), also the game it judged. Zeroed before it
 * is filled, so two keys compare byte for byte. */
#define PLACE_AREAS 4
struct place_key {
  const struct murk_mission* m;
  const struct murk_game* judged_in; /* NULL: the cells follow from public mission facts */
  const struct murk_objective_rule* rule;
  int phase, objective_rule, nobjectives;
  struct {
    struct murk_pos pos;
    int rule;
  } objectives[MK_MAX_PLACED_OBJECTIVES];
};

struct view_box {
  struct murk_view v;
  const struct murk_game* g; /* the game it was last filled from */
  uint32_t epoch;            /* and that game's undo count then */
  size_t read;               /* the game's events looked at so far */
  size_t forgotten;          /* this side's events dropped (murk_view_forget_events) */
  size_t cap_objectives, cap_markers, cap_teams, cap_contacts, cap_lit, cap_events, cap_targets;
  size_t cap_lit_by, cap_lights;
  struct murk_pos* pool; /* the arrivals' cells */
  size_t cap_pool;
  /* What place_cells were filled for (fill_place_cells_interim), compared whole. */
  struct place_key place;
  bool place_valid;
  int nplace_kept;
  size_t cap_place;
  /* The passable cells of the last few placement areas, an objective step's or the side's
   * deployment parts (fill_place_cells_interim): they follow from the mission alone, so a
   * batch's games share them (murk_view_reset keeps them). */
  struct place_area {
    const struct murk_mission* m;
    const struct murk_objective_rule* rule;
    int phase;
    struct murk_pos* cells;
    int n;
  } area[PLACE_AREAS];
  int next_area; /* the one made next */
  /* The conditions line as last written and what it was written from (fill_sight): it
   * changes a few times a game, and is asked for every decision. */
  const struct murk_mission* cond_m;
  int cond_key[6];
  char cond[sizeof((struct murk_view*)0)->conditions];
  /* What blocks the line between two cells (mk_why_blocker), kept: the sight map never
   * changes, and a contact out of sight stays where it was last seen for many refreshes. */
  struct mk_why_memo memo;
  /* murk_view_build_lean: the facts a player reads, without the words, the reasons, the
   * targets and the move facts (view.h). */
  bool lean;
  /* rule_verbs as last computed, and the mission and forces it was computed for (fill). */
  const struct murk_mission* rv_m;
  const struct murk_force* rv_force[MURK_SIDES];
  unsigned rv;
};

/* Sight now: all of it public (night, fog, the NVR and its weather, lights). */
static void fill_sight(const struct murk_game* g, enum murk_side side, struct murk_view* v) {
  const struct mk_night* n = &g->s.night;
  const struct murk_mission* m = g->m;
  v->night = mk_night_now(g);
  v->nvr = mk_night_nvr(g);
  v->sight_range = mk_sight_range(g, side);
  v->dusk_dawn = n->dusk_dawn;
  struct view_box* b = (struct view_box*)v;
  int key[6] = {v->sight_range, v->nvr, n->cloud, n->moon, n->dusk_dawn, mk_night_fighting_now(g)};
  if (b->cond_m == m && memcmp(b->cond_key, key, sizeof key) == 0) {
    memcpy(v->conditions, b->cond, sizeof v->conditions);
    return;
  }
  char range[32] = "";
  if (v->sight_range < MURK_SIGHT_UNLIMITED) mk_cells_text(g, v->sight_range, range, sizeof range);
  static const char* const clouds[] = {"no clouds", "scattered clouds", "overcast"};
  static const char* const moons[] = {"no moon", "half moon", "full moon"};
  if (v->nvr >= 0) {
    int len = snprintf(v->conditions, sizeof v->conditions, "night: NVR %d cell%s", v->nvr,
                       mk_plural(v->nvr));
    if (n->cloud > 0 && n->moon > 0 && len > 0 && (size_t)len < sizeof v->conditions)
      snprintf(v->conditions + len, sizeof v->conditions - (size_t)len, " (%s, %s)",
               clouds[n->cloud - 1], moons[n->moon - 1]);
  } else if (murk_mission_rule_on(m, MURK_RULE_THICK_MORNING_FOG)) {
    snprintf(v->conditions, sizeof v->conditions, "thick morning fog: every sighting is rolled%s%s",
             range[0] ? ", up to " : "", range);
  } else if (murk_mission_rule_on(m, MURK_RULE_DARKNESS)) {
    snprintf(v->conditions, sizeof v->conditions, "darkness: every sighting is rolled%s%s",
             range[0] ? ", up to " : "", range);
  } else if (mk_night_fighting_now(g)) {
    snprintf(v->conditions, sizeof v->conditions,
             "night fighting: each unit rolls to see, up to %s", range);
  } else {
    snprintf(v->conditions, sizeof v->conditions, "daylight%s",
             murk_mission_rule_on(m, MURK_RULE_DUSK_AND_DAWN) && n->dusk_dawn == 6
                 ? " (dusk falls on turn 6)"
                 : "");
  }
  b->cond_m = m;
  memcpy(b->cond_key, key, sizeof key);
  memcpy(b->cond, v->conditions, sizeof b->cond);
}

/* A view and what it takes to refresh it (murk_view_update). The caller holds a pointer to
 * `v`, the first member, so murk_view_free frees the box. */

static struct murk_pos* view_arrival_pool(struct murk_view* v) {
  return ((struct view_box*)v)->pool;
}

static void view_free_areas(struct murk_view* v) {
  struct view_box* b = (struct view_box*)v;
  for (int i = 0; i < PLACE_AREAS; i++) murk_free(b->area[i].cells);
}

/* Room for n elements of `size` at p (which has room for *cap), contents kept. Returns the
 * array; when out of memory, p itself (still valid, still the caller's) and *oom set. */
static void* grow(void* p, size_t* cap, size_t n, size_t size, bool* oom) {
  if (p && n <= *cap) return p;
  size_t want = *cap ? *cap : 8;
  while (want < n) want *= 2;
  void* q = murk_realloc(p, want * size);
  if (!q) {
    *oom = true;
    return p;
  }
  /* Zeroed: a lean view never writes the fields it leaves out (fill), so they stay zero. */
  memset((char*)q + *cap * size, 0, (want - *cap) * size);
  *cap = want;
  return q;
}
#define ROOM(b, field, n) \
  ((b)->v.field = grow((b)->v.field, &(b)->cap_##field, (n), sizeof *(b)->v.field, &oom))

/* What lights cell p, as an index into the view's lights (adding a blaze's light the first
 * time one lights a cell); -1 when nothing does. Starshells and rounds first (night.c: a
 * light goes out when its side's next turn begins), then the nearest blaze whose reach
 * (seed 003, 1.94: two cells a burning level) takes in p. */
static int light_of(const struct murk_game* g, struct view_box* b, struct murk_pos p,
                    bool* failed) {
  const struct murk_grid* grid = &g->m->grid;
  const struct mk_night* n = &g->s.night;
  struct murk_view* v = &b->v;
  for (int i = 0; i < n->nlights; i++)
    if (murk_geom_distance(grid, n->lights[i].at, p) <= n->lights[i].radius) return i;
  if (!g->firelit || !g->firelit[(size_t)p.y * (size_t)grid->width + (size_t)p.x]) return -1;
  const struct murk_mission* m = g->m;
  struct murk_pos best = p;
  int bestd = -1;
  for (int y = 0; y < grid->height; y++)
    for (int x = 0; x < grid->width; x++) {
      struct murk_pos q = {x, y};
      const struct murk_terrain* t = murk_mission_terrain_at(m, q);
      int levels = t ? m->blaze[t - m->terrain] : 0;
      int d = murk_geom_distance(grid, q, p);
      if (levels <= 0 || d > 2 * levels || (bestd >= 0 && d >= bestd)) continue;
      best = q;
      bestd = d;
    }
  if (bestd < 0) return -1;
  for (int i = n->nlights; i < v->nlights; i++)
    if (murk_pos_eq(v->lights[i].at, best)) return i;
  bool oom = false;
  ROOM(b, lights, (size_t)v->nlights + 1);
  if (oom) {
    *failed = true;
    return -1;
  }
  struct murk_view_light* l = &v->lights[v->nlights++];
  memset(l, 0, sizeof *l);
  const struct murk_terrain* t = murk_mission_terrain_at(m, best);
  snprintf(l->what, sizeof l->what, "burning %s", t ? t->name : "cell");
  l->at = best;
  l->by = MURK_NO_SIDE;
  snprintf(l->until, sizeof l->until, "all game");
  return v->nlights - 1;
}

/* The lit cells, row by row, and what lights each. */
static int fill_lit(const struct murk_game* g, struct view_box* b) {
  const struct murk_grid* grid = &g->m->grid;
  const struct mk_night* night = &g->s.night;
  struct murk_view* v = &b->v;
  v->nlit = 0;
  v->nlights = 0;
  if (!g->firelit && night->nlights == 0) return MURK_OK;
  size_t n = 0;
  for (int y = 0; y < grid->height; y++)
    for (int x = 0; x < grid->width; x++)
      if (mk_night_lit(g, (struct murk_pos){x, y})) n++;
  if (n == 0) return MURK_OK;
  bool oom = false;
  ROOM(b, lit, n);
  ROOM(b, lit_by, n);
  ROOM(b, lights, (size_t)night->nlights + 1);
  if (oom) return MURK_ENOMEM;
  for (int i = 0; i < night->nlights; i++) {
    const struct mk_light* src = &night->lights[i];
    struct murk_view_light* l = &v->lights[v->nlights++];
    memset(l, 0, sizeof *l);
    snprintf(l->what, sizeof l->what, "%s",
             src->kind == MK_LIGHT_STARSHELL ? "starshell" : "illuminating round");
    l->at = src->at;
    l->by = src->by;
    snprintf(l->until, sizeof l->until, "until the %s's next turn", murk_side_name(src->by));
  }
  for (int y = 0; y < grid->height; y++)
    for (int x = 0; x < grid->width; x++) {
      struct murk_pos p = {x, y};
      if (!mk_night_lit(g, p)) continue;
      v->lit_by[v->nlit] = light_of(g, b, p, &oom);
      if (oom) return MURK_ENOMEM;
      v->lit[v->nlit++] = p;
    }
  return MURK_OK;
}

const char* murk_view_sight_name(enum murk_view_sight w) {
  static const char* const names[] = {"in sight",
                                      "on the table for both sides",
                                      "lit or seen firing",
                                      "out of sight range",
                                      "beyond night visibility",
                                      "no line of sight",
                                      "gone from where it was last seen"};
  return (unsigned)w < sizeof names / sizeof names[0] ? names[w] : "?";
}

/* Why each enemy marker and team this view holds is seen or not (why.c: the refusals of
 * `shoot` and `assault` give the same reasons). */
static int fill_why(const struct murk_game* g, struct murk_view* v) {
  if (v->side == MURK_NO_SIDE) return MURK_OK;
  struct mk_eyes* e = murk_malloc(sizeof *e);
  if (!e) return MURK_ENOMEM;
  mk_why_gather(g, v->side, true, e);
  bool blind = mk_sight_double_blind(g);
  for (int i = 0; i < v->nmarkers; i++) {
    struct murk_view_marker* m = &v->markers[i];
    if (m->owner == v->side || !m->on_table) continue;
    /* Templates and leader counters stand in the open (sight.c), and on the texts' table
     * every marker does; under double_blind cloaks are seen in sight. */
    m->sight = !blind || mk_marker_ops_of(mk_kind_role(m->kind))->seen_anywhere
                   ? MURK_VIEW_PUBLIC
                   : mk_why_seen(g, e, m->pos, true);
  }
  for (int i = 0; i < v->nteams; i++) {
    struct murk_view_team* t = &v->teams[i];
    if (t->owner == v->side) continue;
    /* On the texts' table an enemy team is in view wherever it stands: its `sight` says
     * whether the side has it in sight, as shooting asks. */
    t->sight =
        blind ? mk_why_seen(g, e, t->pos, true)
              : mk_why_table(g, e, t->pos, mk_sight_team_in_sight(g, v->side, t->platoon, t->pos));
  }
  for (int i = 0; i < v->ncontacts; i++) {
    struct murk_view_contact* k = &v->contacts[i];
    k->sight = mk_why_seen(g, e, k->pos, false);
    if (k->sight == MURK_VIEW_NO_LINE)
      k->has_blocker = mk_why_blocker(g, e, &((struct view_box*)v)->memo, k->pos, &k->blocker);
  }
  murk_free(e);
  return MURK_OK;
}

void murk_view_contact_why(const struct murk_view* v, const struct murk_view_contact* k, char* buf,
                           size_t n) {
  const char* name = NULL;
  if (k->sight == MURK_VIEW_NO_LINE && k->has_blocker && v->map && v->terrain &&
      murk_geom_on_table(&v->grid, k->blocker)) {
    int idx = v->map[k->blocker.y * v->grid.width + k->blocker.x];
    name = idx < v->nterrain ? v->terrain[idx].name : "cell";
  }
  mk_why_words(k->sight, v->nvr, v->sight_range, v->night, name, name ? &k->blocker : NULL, buf, n);
}

/* Where a platoon's teams stand, as a box: every distance between two teams is at least the
 * rows and the columns between their boxes (docs/geometry.md, both grids). For an own
 * platoon, the farthest reach of its teams too. */
struct team_box {
  int x0, y0, x1, y1, reach;
};

/* The box of n own teams (own) or of n cells (at). */
static struct team_box box_of(const struct mk_reacher* own, const struct murk_pos* at, int n) {
  struct team_box bx = {INT_MAX, INT_MAX, INT_MIN, INT_MIN, -1};
  for (int i = 0; i < n; i++) {
    struct murk_pos p = own ? own[i].pos : at[i];
    bx.x0 = p.x < bx.x0 ? p.x : bx.x0;
    bx.x1 = p.x > bx.x1 ? p.x : bx.x1;
    bx.y0 = p.y < bx.y0 ? p.y : bx.y0;
    bx.y1 = p.y > bx.y1 ? p.y : bx.y1;
    if (own && own[i].reach > bx.reach) bx.reach = own[i].reach;
  }
  return bx;
}

/* Are the own teams of box a farther from every cell of box b than any of them reaches? */
static bool boxes_apart(const struct team_box* a, const struct team_box* b) {
  long r = a->reach;
  return (long)b->x0 - a->x1 > r || (long)a->x0 - b->x1 > r || (long)b->y0 - a->y1 > r ||
         (long)a->y0 - b->y1 > r;
}

/* The side to act, in its shooting or assault step: what each of its revealed platoons may
 * shoot at or assault (combat.c's own checks). A lean view makes only the half of them that
 * draws no line of sight (mk_combat_in_reach): its list may hold a pair the game refuses,
 * but never leaves out one the game takes. */
static int fill_targets(const struct murk_game* g, struct view_box* b) {
  struct murk_view* v = &b->v;
  const struct mk_state* s = &g->s;
  enum murk_side side = v->side;
  v->ntargets = 0;
  if (side == MURK_NO_SIDE || s->to_act != side || s->phase != MURK_PHASE_PLAY ||
      (s->step != MURK_STEP_SHOOTING && s->step != MURK_STEP_ASSAULT))
    return MURK_OK;
  enum murk_side other = murk_side_other(side);
  const struct murk_grid* grid = &g->m->grid;
  bool shooting = s->step == MURK_STEP_SHOOTING;
  int nown = s->nunits[side] < MK_MAX_UNITS ? s->nunits[side] : MK_MAX_UNITS;
  int nenemy = s->nunits[other] < MK_MAX_UNITS ? s->nunits[other] : MK_MAX_UNITS;
  /* mk_combat_in_reach asked of every pair, in its parts: each enemy platoon's cells once
   * (only those the side sees: a target must be in sight, sight.c's last word, which
   * combat.c asks again), each own platoon's teams once. */
  struct murk_pos at[MK_MAX_TEAMS_PER_SIDE];
  /* The enemy units with cells to measure to: foes[0..nfoes-1], unit foes[i], its cells
   * at[first[i]..first[i]+count[i]-1] in box foe[i]. */
  int foes[MK_MAX_UNITS], first[MK_MAX_UNITS], count[MK_MAX_UNITS], nat = 0, nfoes = 0;
  struct team_box foe[MK_MAX_UNITS];
  signed char unit_seen[MK_MAX_UNITS]; /* mk_combat_targets' question, once an enemy unit */
  for (int tu = 0; tu < nenemy; tu++) {
    const struct mk_unit_state* e = &s->units[other][tu];
    unit_seen[tu] = -1;
    if (e->state != MURK_PLATOON_REVEALED || nat + e->nteams > MK_MAX_TEAMS_PER_SIDE) continue;
    /* To shoot, the cells are of the teams seen; to assault, of those known. */
    bool seen = shooting;
    for (int q = e->first_team; q < e->first_team + e->nteams && !seen; q++)
      seen = s->seen_team[side][q].seen;
    if (!seen) continue;
    int n = mk_combat_marks(g, side, tu, shooting, &at[nat]);
    if (n == 0) continue;
    foes[nfoes] = tu;
    first[nfoes] = nat;
    count[nfoes] = n;
    foe[nfoes++] = box_of(NULL, &at[nat], n);
    nat += n;
  }
  if (nfoes == 0) return MURK_OK;
  struct mk_reacher own[MK_COMBAT_MAX_TEAMS];
  struct mk_reach_rule rule = mk_combat_reach_rule(g, side, shooting);
  for (int k = 0; k < nown; k++) {
    const struct mk_unit_state* u = &s->units[side][k];
    if (u->state != MURK_PLATOON_REVEALED || (shooting ? u->shot : u->assaulted)) continue;
    int n = mk_combat_reachers(g, side, k, &rule, own);
    if (n == 0) continue;
    struct team_box ob = box_of(own, NULL, n);
    for (int i = 0; i < nfoes; i++) {
      int tu = foes[i];
      if (boxes_apart(&ob, &foe[i]) || !mk_combat_reaches(grid, own, n, &at[first[i]], count[i]))
        continue;
      /* Once a step each, in its own step (the shot/assaulted test above). */
      if (!b->lean && !mk_combat_targets(g, side, k, tu, shooting, &unit_seen[tu])) continue;
      bool oom = false;
      ROOM(b, targets, (size_t)v->ntargets + 1);
      if (oom) return MURK_ENOMEM;
      struct murk_view_target* t = &v->targets[v->ntargets++];
      memset(t, 0, sizeof *t); /* padding too: views compare byte for byte */
      t->platoon = k;
      t->target = s->units[other][tu].marker;
      t->shoot = shooting;
      t->assault = !shooting;
    }
  }
  return MURK_OK;
}

/* Own Limited Intelligence wings (seed 002, 27.1): the platoons sharing a wing name. */
static void fill_wings(const struct murk_game* g, enum murk_side side, struct murk_view* v) {
  const struct mk_state* s = &g->s;
  v->nwings = 0;
  if (!mk_intel_on(g)) return;
  for (int k = 0; k < v->nplatoons; k++) {
    const struct murk_platoon* pl = mk_unit_platoon(g, side, k);
    if (!pl->wing[0]) continue;
    int w = 0;
    while (w < v->nwings && strcmp(v->wings[w].name, pl->wing) != 0) w++;
    if (w == v->nwings) {
      struct murk_view_wing* nw = &v->wings[v->nwings++];
      memset(nw, 0, sizeof *nw);
      copy_text(nw->name, sizeof nw->name, pl->wing);
      nw->dis_range = murk_mission_param(g->m, MURK_P_LI_DIS); /* 27.1.4 */
    }
    v->platoons[k].wing = w;
    v->wings[w].nplatoons++;
    const struct mk_unit_state* u = &s->units[side][k];
    int mi = u->marker ? mk_marker_index(s, u->marker) : -1;
    if (u->state == MURK_PLATOON_HIDDEN && mi >= 0 && s->markers[mi].on_table &&
        s->markers[mi].kind == MURK_MARKER_WING)
      v->wings[w].leader = u->marker;
  }
}

/* Is p within `keep` cells of an enemy this view shows or last saw? */
static bool near_known_enemy(const struct murk_view* v, struct murk_pos p, int keep) {
  for (int i = 0; i < v->nmarkers; i++)
    if (v->markers[i].owner != v->side && v->markers[i].on_table &&
        murk_geom_distance(&v->grid, p, v->markers[i].pos) <= keep)
      return true;
  for (int i = 0; i < v->nteams; i++)
    if (v->teams[i].owner != v->side && murk_geom_distance(&v->grid, p, v->teams[i].pos) <= keep)
      return true;
  for (int i = 0; i < v->ncontacts; i++)
    if (murk_geom_distance(&v->grid, p, v->contacts[i].pos) <= keep) return true;
  return false;
}

/* The side's arrivals due now, each with every cell it may come on at (reserves.c's list), or
 * for a deep strike every cell it may aim at as far as the side knows (seed 004: beyond the
 * keep-out distance from the enemy), in one pool. */
static int fill_arrivals(const struct murk_game* g, struct view_box* b) {
  struct murk_view* v = &b->v;
  enum murk_side side = v->side;
  const struct mk_state* s = &g->s;
  const struct murk_grid* grid = &g->m->grid;
  size_t table = (size_t)grid->width * (size_t)grid->height;
  size_t need = 0;
  for (int i = 0; i < s->narrivals[side]; i++) {
    const struct mk_arrival* a = &s->arrivals[side][i];
    if (a->used) continue;
    /* An arrival comes on at the table's edge: never more cells than the edge has. */
    need += a->anywhere ? table : 2 * ((size_t)grid->width + (size_t)grid->height);
  }
  if (need > b->cap_pool) {
    struct murk_pos* p = murk_realloc(b->pool, need * sizeof *p);
    if (!p) return MURK_ENOMEM;
    b->pool = p;
    b->cap_pool = need;
  }
  size_t used = 0;
  int keep = murk_mission_param(g->m, MURK_P_DS_KEEP_OUT);
  for (int i = 0; i < s->narrivals[side]; i++) {
    const struct mk_arrival* a = &s->arrivals[side][i];
    if (a->used) continue;
    struct murk_view_arrival* va = &v->arrivals[v->narrivals++];
    memset(va, 0, sizeof *va);
    va->kind = a->kind;
    va->anywhere = a->anywhere;
    va->platoon = a->only - 1;
    if (!b->lean) mk_reserves_describe(g, side, i, va->where, sizeof va->where);
    va->cells = b->pool ? b->pool + used : NULL;
    if (a->anywhere) {
      for (int y = 0; y < grid->height; y++)
        for (int x = 0; x < grid->width; x++) {
          struct murk_pos p = {x, y};
          if (!near_known_enemy(v, p, keep)) va->cells[va->ncells++] = p;
        }
    } else {
      int room = (int)(b->cap_pool - used);
      int k = mk_reserves_cells(g, side, i, va->cells, room);
      va->ncells = k < room ? k : room;
    }
    used += (size_t)va->ncells;
  }
  return MURK_OK;
}

/* Interim, for the sim players until the view carries placement facts of its own: the
 * cells where the side to act may put an objective (OBJECTIVES) or a platoon (DEPLOY,
 * INDEPENDENTS), as mk_setup_objective and mk_deploy_check_side_zone judge them short of
 * who stands where. Public facts only (the mission's areas, the placed objectives). Kept
 * while the phase, rule and objectives placed stay the same: a phase asks many times. */
static int fill_place_cells_interim(const struct murk_game* g, struct view_box* b) {
  const struct mk_state* s = &g->s;
  const struct murk_mission* m = g->m;
  struct murk_view* v = &b->v;
  enum murk_side side = v->side;
  bool objectives = s->phase == MURK_PHASE_OBJECTIVES;
  bool deploying = s->phase == MURK_PHASE_DEPLOY || s->phase == MURK_PHASE_INDEPENDENTS;
  bool patrol = s->phase == MURK_PHASE_PATROL; /* No Man's Land */
  bool nml = murk_mission_rule_on(m, MURK_RULE_NO_MANS_LAND_PATROL);
  if (side == MURK_NO_SIDE || side != murk_game_to_act(g) ||
      (!objectives && !deploying && !patrol) || (deploying && mk_deploy_removal_due(g, side))) {
    v->nplace_cells = 0;
    /* Cells a rule judged are made again each time their phase comes; those of the
     * mission's areas are kept for the next time (the next game's deployment). */
    if (b->place.judged_in) b->place_valid = false;
    return MURK_OK;
  }
  /* The key: mission, phase, step and where the objectives stand (a view refreshed after an
   * undo or from another game must not keep cells made for other objectives). Cells made
   * from the mission's areas alone serve the next game of a batch too (murk_view_reset). */
  bool judged = patrol || (objectives && nml);
  const struct murk_objective_rule* r = objectives ? mk_setup_objective_step(g) : NULL;
  struct place_key key;
  memset(&key, 0, sizeof key);
  key.m = m;
  key.judged_in = judged ? g : NULL;
  key.rule = r;
  key.phase = (int)s->phase;
  key.objective_rule = objectives ? s->objective_rule : 0;
  key.nobjectives = objectives ? s->nobjectives : 0;
  for (int i = 0; i < key.nobjectives && i < MK_MAX_PLACED_OBJECTIVES; i++) {
    key.objectives[i].pos = s->objectives[i].pos;
    key.objectives[i].rule = s->objectives[i].rule;
  }
  if (b->place_valid && v->place_cells && memcmp(&key, &b->place, sizeof key) == 0) {
    v->nplace_cells = b->nplace_kept;
    return MURK_OK;
  }
  const struct murk_zone* parts[MURK_MISSION_MAX_ZONES + 1];
  struct murk_zone obj;
  int nparts = 0;
  if (objectives) {
    obj.region = r->in;
    obj.keep_out = r->keep_out;
    parts[nparts++] = &obj;
  } else {
    parts[nparts++] = &m->sides[side].zone;
    for (int i = 0; i < m->sides[side].nmore_zones && nparts < MURK_MISSION_MAX_ZONES; i++)
      parts[nparts++] = &m->sides[side].more_zones[i];
  }
  size_t cells = (size_t)m->grid.width * (size_t)m->grid.height;
  struct murk_pos* out = (struct murk_pos*)v->place_cells;
  if (!out || b->cap_place < cells) {
    out = murk_realloc(out, (cells ? cells : 1) * sizeof *out);
    if (!out) return MURK_ENOMEM;
    v->place_cells = out;
    b->cap_place = cells;
  }
  int n = 0;
  if (judged) {
    for (int y = 0; y < m->grid.height; y++)
      for (int x = 0; x < m->grid.width; x++) {
        struct murk_pos p = {x, y};
        /* the setup rule's own judgement of the cell */
        bool ok = patrol ? mk_setup_patrol_cell(g, side, p, NULL, 0) == MURK_OK
                         : mk_setup_objective_cell(g, p, NULL, 0) == MURK_OK;
        if (ok) out[n++] = p;
      }
  } else {
    /* The passable cells of the area (an objective step's, or the side's parts), kept by
     * the area they follow from; then those the objectives placed leave free. */
    struct place_area* a = NULL;
    for (int i = 0; i < PLACE_AREAS && !a; i++)
      if (b->area[i].cells && b->area[i].m == m && b->area[i].rule == r &&
          b->area[i].phase == (int)s->phase)
        a = &b->area[i];
    if (!a) {
      a = &b->area[b->next_area];
      b->next_area = (b->next_area + 1) % PLACE_AREAS;
      struct murk_pos* ac = murk_realloc(a->cells, (cells ? cells : 1) * sizeof *ac);
      if (!ac) return MURK_ENOMEM;
      a->cells = ac;
      a->m = NULL;
      int k = 0;
      for (int y = 0; y < m->grid.height; y++)
        for (int x = 0; x < m->grid.width; x++) {
          struct murk_pos p = {x, y};
          bool in = false;
          for (int i = 0; i < nparts && !in; i++) in = murk_zone_contains(m, parts[i], p);
          if (in && mk_cell_passable(m, p)) ac[k++] = p;
        }
      a->n = k;
      a->m = m;
      a->rule = r;
      a->phase = (int)s->phase;
    }
    for (int k = 0; k < a->n; k++) {
      struct murk_pos p = a->cells[k];
      bool in = true;
      for (int i = 0; r && i < s->nobjectives && in; i++) {
        const struct mk_placed_objective* o = &s->objectives[i];
        int d = murk_geom_distance(&m->grid, o->pos, p);
        in = d > 0 && !(r->min_apart > 0 && d < r->min_apart) &&
             !(r->together > 0 && o->rule == s->objective_rule && d > r->together);
      }
      if (in) out[n++] = p;
    }
  }
  v->nplace_cells = n;
  b->nplace_kept = n;
  b->place = key;
  b->place_valid = true;
  return MURK_OK;
}

/* Fill a view from the game: everything anew, except the events, of which only those since
 * the last fill from the same game are added. */
static int fill(const struct murk_game* g, struct view_box* b) {
  struct murk_view* v = &b->v;
  enum murk_side side = v->side;
  const struct murk_mission* m = g->m;
  const struct mk_state* s = &g->s;
  v->mission_name = m->name;
  v->briefing = side == MURK_NO_SIDE || !m->sides[side].briefing ? "" : m->sides[side].briefing;
  for (int sd = 0; sd < MURK_SIDES; sd++)
    v->force_name[sd] = murk_force(g, (enum murk_side)sd)->name;
  v->grid = m->grid;
  v->terrain = m->terrain;
  v->nterrain = m->nterrain;
  v->map = m->map;
  v->entries = m->entries;
  v->nentries = m->nentries;
  v->own_zone = side == MURK_NO_SIDE ? NULL : &m->sides[side].zone;
  v->own_more_zones = side == MURK_NO_SIDE ? NULL : m->sides[side].more_zones;
  v->nown_more_zones = side == MURK_NO_SIDE ? 0 : m->sides[side].nmore_zones;
  v->phase = s->phase;
  v->step = s->step;
  v->turn = s->turn;
  v->to_act = murk_game_to_act(g);
  copy_text(v->result, sizeof v->result, s->result);
  v->winner = s->phase == MURK_PHASE_OVER ? s->winner : MURK_NO_SIDE;
  for (int sd = 0; sd < MURK_SIDES; sd++) v->vp[sd] = s->phase == MURK_PHASE_OVER ? s->vp[sd] : 0;
  v->withdraw_due = s->withdraw_due;
  /* Public mission facts, the same for both sides (and for lean views: players read them). */
  mk_victory_ending(m, &v->ending);
  v->place_for =
      s->phase == MURK_PHASE_OBJECTIVES ? mk_setup_objective_step(g)->for_side : MURK_NO_SIDE;
  int adjusting = side == MURK_NO_SIDE ? -1 : mk_intel_adjust_due(g, side);
  v->adjust_leader = adjusting >= 0 ? s->markers[adjusting].number : 0;
  v->adjust_cells = adjusting >= 0 ? s->li_adjust.allow : 0;
  v->dummies_left = side == MURK_NO_SIDE ? 0 : s->dummies_left[side];
  v->dummy_kind = mk_marker_dummy_kind(g, side == MURK_NO_SIDE ? MURK_ATTACKER : side);
  v->hidden_left = side == MURK_NO_SIDE ? 0 : mk_night_hidden_left(g, side);
  /* The verbs of the rules in force follow from the mission and the forces the sides play
   * (command.c's `available` rows: rules, reserves, ambushes, deep strike abilities): kept. */
  const struct murk_force* forces[MURK_SIDES] = {murk_force(g, MURK_ATTACKER),
                                                 murk_force(g, MURK_DEFENDER)};
  if (b->rv_m != m || b->rv_force[0] != forces[0] || b->rv_force[1] != forces[1]) {
    b->rv = side == MURK_NO_SIDE
                ? mk_cmd_verbs_in_rules(g, MURK_ATTACKER) | mk_cmd_verbs_in_rules(g, MURK_DEFENDER)
                : mk_cmd_verbs_in_rules(g, side);
    b->rv_m = m;
    memcpy(b->rv_force, forces, sizeof forces);
  }
  v->rule_verbs = b->rv;
  v->delay_counters = s->delay_counters;
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    v->held_back[sd] = 0;
    for (int i = 0; i < s->nunits[sd]; i++)
      v->held_back[sd] += s->units[sd][i].state == MURK_PLATOON_RESERVE;
  }
  v->visibility = s->visibility;
  bool lean = b->lean;
  if (!lean) { /* a lean view never writes them: they stay as calloc left them */
    memset(v->conditions, 0, sizeof v->conditions);
    memset(v->prompt, 0, sizeof v->prompt);
  }
  if (lean) { /* fill_sight's facts without its words */
    v->night = mk_night_now(g);
    v->nvr = mk_night_nvr(g);
    v->sight_range = mk_sight_range(g, side);
    v->dusk_dawn = g->s.night.dusk_dawn;
  } else {
    fill_sight(g, side, v);
  }
  /* The verbs legal now, from the command table: the view's own side's only on its turn. */
  bool to_act = side == s->to_act || side == MURK_NO_SIDE;
  unsigned verbs = to_act ? mk_cmd_verbs_now(g, s->to_act) : 0;
  v->verbs = side == s->to_act ? verbs : 0;
  if (!lean) build_prompt(g, side, verbs, v->prompt, sizeof v->prompt);

  /* A view refreshed from another game, or from this one after it went back (undo), starts
   * its events again. */
  if (b->g != g || b->epoch != g->epoch || g->nevents < b->read) {
    v->nevents = 0;
    b->read = 0;
    b->forgotten = 0;
  }
  b->g = g;
  b->epoch = g->epoch;
  /* Events the game dropped before this view read them (murk_game_drop_events): numbered
   * on as if seen. The side's events before `read` are those it numbered already. */
  size_t base = mk_event_dropped(g, MURK_NO_SIDE);
  if (b->read < base) {
    size_t numbered = b->forgotten + v->nevents, dropped = mk_event_dropped(g, side);
    if (dropped > numbered) b->forgotten += dropped - numbered;
    b->read = base;
  }
  v->nobjectives = v->nmarkers = v->nteams = v->nplatoons = v->narrivals = v->ncontacts = 0;
  v->nwings = 0;
  size_t nteams = (size_t)s->nteams[0] + (size_t)s->nteams[1];
  bool oom = false;
  ROOM(b, objectives, (size_t)s->nobjectives);
  ROOM(b, markers, (size_t)s->nmarkers);
  ROOM(b, teams, nteams);
  ROOM(b, contacts, (size_t)s->nmarkers + nteams + 1);
  ROOM(b, events, v->nevents + (g->nevents - b->read));
  if (!v->platoons) v->platoons = murk_calloc(MK_MAX_UNITS, sizeof *v->platoons);
  if (!v->arrivals) v->arrivals = murk_calloc(MK_MAX_ARRIVALS, sizeof *v->arrivals);
  if (!v->wings) v->wings = murk_calloc(MK_MAX_UNITS, sizeof *v->wings);
  if (oom || !v->platoons || !v->arrivals || !v->wings || fill_lit(g, b) != MURK_OK ||
      fill_place_cells_interim(g, b) != MURK_OK)
    return MURK_ENOMEM;

  for (int i = 0; i < s->nobjectives; i++) {
    struct murk_view_objective* o = &v->objectives[v->nobjectives++];
    memset(o, 0, sizeof *o);
    copy_text(o->name, sizeof o->name, s->objectives[i].name);
    o->pos = s->objectives[i].pos;
    o->for_side = s->objectives[i].for_side;
  }
  /* Counts and arrays in locals: the compiler cannot tell the view's arrays from the game's
   * and would reload them at every element (the view is refreshed for every decision). A
   * lean view's elements are not cleared first (fill_marker_lean): a lean fill writes every
   * field it fills, and leaves the others zero since its arrays grew. */
  struct murk_view_marker* vmarkers = v->markers;
  struct murk_view_contact* vcontacts = v->contacts;
  struct murk_view_team* vteams = v->teams;
  int nmarkers = 0, ncontacts = 0, nteams_seen = 0;
  const struct mk_sighting* seen_marker = side == MURK_NO_SIDE ? NULL : s->seen_marker[side];
  for (int i = 0; i < s->nmarkers; i++) {
    const struct mk_marker* mk = &s->markers[i];
    if (!mk->on_table && !mk->revealed) continue;
    /* An enemy marker out of sight shows where it was last seen, if anywhere (sight.c). */
    if (seen_marker && mk->owner != side && mk->on_table && !seen_marker[i].seen) {
      const struct mk_sighting* k = &seen_marker[i];
      if (k->known) {
        struct murk_view_contact* c = &vcontacts[ncontacts++];
        if (!lean) memset(c, 0, sizeof *c);
        c->owner = mk->owner;
        c->marker = mk->number;
        c->team = false;
        c->kind = mk->kind;
        c->pos = k->pos;
        c->turn = k->turn;
      }
      continue;
    }
    if (lean) {
      fill_marker_lean(s, side, mk, &vmarkers[nmarkers++]);
    } else {
      fill_marker(g, side, mk, false, &vmarkers[nmarkers]);
      fill_marker_move(g, side, i, &vmarkers[nmarkers++]);
    }
  }
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    const struct mk_team* teams = s->teams[sd];
    /* The other side's teams: in sight now, or where last seen (contacts). */
    const struct mk_sighting* seen =
        side != MURK_NO_SIDE && sd != (int)side ? s->seen_team[side] : NULL;
    int nunits = s->nunits[sd];
    for (int k = 0; k < nunits; k++) {
      const struct mk_unit_state* u = &s->units[sd][k];
      /* Placed teams belong to revealed platoons only; the check keeps that a promise. */
      if (u->state != MURK_PLATOON_REVEALED) continue;
      int marker = u->marker, t1 = u->first_team + u->nteams;
      for (int t = u->first_team; t < t1; t++) {
        const struct mk_team* tm = &teams[t];
        if (!tm->alive || !tm->placed) continue;
        if (seen && !seen[t].seen) {
          if (seen[t].known) {
            struct murk_view_contact* c = &vcontacts[ncontacts++];
            if (!lean) memset(c, 0, sizeof *c);
            c->owner = (enum murk_side)sd;
            c->marker = marker;
            c->team = true;
            c->kind = MURK_MARKER_TEMPLATE;
            if (!lean)
              copy_text(c->profile, sizeof c->profile,
                        mk_team_profile(g, (enum murk_side)sd, t)->title);
            c->pos = seen[t].pos;
            c->turn = seen[t].turn;
          }
          continue;
        }
        struct murk_view_team* vt = &vteams[nteams_seen++];
        if (!lean) memset(vt, 0, sizeof *vt);
        vt->owner = (enum murk_side)sd;
        vt->marker = marker;
        vt->platoon = k;
        const struct murk_profile* pr = mk_team_profile(g, (enum murk_side)sd, t);
        if (!lean) copy_text(vt->profile, sizeof vt->profile, pr->title);
        vt->range = pr->range;
        vt->pos = tm->pos;
      }
    }
  }
  v->nmarkers = nmarkers;
  v->ncontacts = ncontacts;
  v->nteams = nteams_seen;
  if (side != MURK_NO_SIDE) {
    const struct mk_team* teams = s->teams[side];
    bool setup_turn =
        s->to_act == side && s->phase != MURK_PHASE_PLAY && s->phase != MURK_PHASE_OVER;
    for (int k = 0; k < s->nunits[side]; k++) {
      const struct mk_unit_state* u = &s->units[side][k];
      const struct murk_platoon* pl = mk_unit_platoon(g, side, k);
      struct murk_view_platoon* vp = &v->platoons[v->nplatoons++];
      if (!lean) memset(vp, 0, sizeof *vp);
      vp->index = k;
      if (!lean) {
        copy_text(vp->name, sizeof vp->name, pl->name);
        copy_text(vp->type, sizeof vp->type, pl->type);
      }
      vp->state = u->state;
      vp->marker = u->marker;
      int alive = 0, t1 = u->first_team + u->nteams; /* mk_unit_alive */
      for (int t = u->first_team; t < t1; t++) alive += teams[t].alive;
      vp->nteams = alive;
      vp->command_distance = pl->command_distance;
      vp->flags = pl->flags;
      vp->reserve = u->reserve;
      vp->ambush = u->ambush;
      vp->dug_in = u->dug_in;
      vp->recce_moved = u->recce_moved;
      /* Each of these asks first for the side's own turn in a setup phase. */
      vp->may_deploy = setup_turn && (mk_deploy_may(g, side, k) || mk_setup_may_patrol(g, side, k));
      vp->may_deep_strike = setup_turn && mk_reserves_may_deep_strike(g, side, k);
      vp->wing = -1;
      struct mk_move_rule r;
      if (!lean && u->state == MURK_PLATOON_REVEALED && mk_move_allowance(g, side, -1, k, &r)) {
        for (int t = u->first_team; t < u->first_team + u->nteams; t++)
          if (s->teams[side][t].alive && s->teams[side][t].placed) {
            vp->lead = s->teams[side][t].pos;
            break;
          }
        memcpy(vp->allowance, r.allow, sizeof vp->allowance);
        vp->moved = u->moved;
        vp->may_move = moving_now(g, side) && !u->bogged && !u->moved;
      }
      vp->shot = u->shot;
      vp->assaulted = u->assaulted;
      vp->may_arrive = mk_reserves_may_arrive(g, side, k);
    }
    fill_wings(g, side, v);
    if (fill_arrivals(g, b) != MURK_OK) return MURK_ENOMEM;
  }
  v->ntargets = 0;
  if ((!lean && fill_why(g, v) != MURK_OK) || fill_targets(g, b) != MURK_OK) return MURK_ENOMEM;
  for (size_t i = b->read; i < g->nevents; i++) {
    const struct mk_event* e = mk_event_at(g, i);
    if (!murk_audience_includes((enum murk_audience)e->audience, side)) continue;
    struct murk_event* out = &v->events[v->nevents];
    if (lean) {
      /* The facts without the words and the roll (view.h): players read what happened to
       * which marker, and the event's text and roll cost most of the copy. The element was
       * zeroed when the array grew and a lean fill writes no other field. */
      mk_event_copy_facts(e, out);
    } else {
      mk_event_read(g, i, out);
    }
    /* Number a side's events 1, 2, ... by themselves: gaps where the other side's
     * private events stood would tell how many secrets the enemy has. */
    out->seq = (int)(b->forgotten + v->nevents) + 1;
    v->nevents++;
  }
  b->read = g->nevents;
  return MURK_OK;
}

static int build(const struct murk_game* g, enum murk_side side, bool lean,
                 struct murk_view** out) {
  if (out) *out = NULL;
  if (!g || !out) return MURK_EINVAL;
  if (side != MURK_NO_SIDE && side != MURK_ATTACKER && side != MURK_DEFENDER) return MURK_EINVAL;
  struct view_box* b = murk_calloc(1, sizeof *b);
  if (!b) return MURK_ENOMEM;
  b->v.side = side;
  b->lean = lean;
  if (fill(g, b) != MURK_OK) {
    murk_view_free(&b->v);
    return MURK_ENOMEM;
  }
  *out = &b->v;
  return MURK_OK;
}

int murk_view_build(const struct murk_game* g, enum murk_side side, struct murk_view** out) {
  return build(g, side, false, out);
}

int murk_view_build_lean(const struct murk_game* g, enum murk_side side, struct murk_view** out) {
  return build(g, side, true, out);
}

bool murk_view_is_lean(const struct murk_view* v) {
  return v && ((const struct view_box*)v)->lean;
}

void murk_view_reset(struct murk_view* v) {
  if (!v) return;
  struct view_box* b = (struct view_box*)v;
  /* Everything kept from the last game, except the arrays' memory. */
  b->g = NULL;
  b->epoch = 0;
  b->read = 0;
  b->forgotten = 0;
  v->nevents = 0;
  /* Placement cells made from the mission's areas alone serve the next game of the same
   * mission (view.h); those a rule judged in this game do not. */
  if (b->place.judged_in) b->place_valid = false;
  v->nplace_cells = 0;
  b->cond_m = NULL;
  b->rv_m = NULL;
  memset(&b->memo, 0, sizeof b->memo);
}

int murk_view_update(const struct murk_game* g, struct murk_view* v) {
  if (!g || !v) return MURK_EINVAL;
  return fill(g, (struct view_box*)v);
}

void murk_view_forget_events(struct murk_view* v) {
  if (!v) return;
  struct view_box* b = (struct view_box*)v;
  b->forgotten += v->nevents;
  v->nevents = 0;
}

const struct murk_view_marker* murk_view_marker_at(const struct murk_view* v, struct murk_pos p) {
  for (int i = 0; i < v->nmarkers; i++)
    if (v->markers[i].on_table && murk_pos_eq(v->markers[i].pos, p)) return &v->markers[i];
  return NULL;
}

const struct murk_view_marker* murk_view_marker_by_number(const struct murk_view* v,
                                                          enum murk_side owner, int number) {
  for (int i = 0; i < v->nmarkers; i++)
    if (v->markers[i].number == number && (owner == MURK_NO_SIDE || v->markers[i].owner == owner))
      return &v->markers[i];
  return NULL;
}

const struct murk_view_team* murk_view_team_at(const struct murk_view* v, struct murk_pos p) {
  for (int i = 0; i < v->nteams; i++)
    if (murk_pos_eq(v->teams[i].pos, p)) return &v->teams[i];
  return NULL;
}

int murk_view_verb_next(const struct murk_view* v, int after) {
  if (!v) return -1;
  for (int k = after < 0 ? 0 : after + 1; k < MURK_CMD_COUNT; k++)
    if (v->verbs & (1u << k)) return k;
  return -1;
}

/* ---- reach: the game's judgement of a move (move.c) on what the view holds ---- */

/* What stands in each cell as the view's side knows it: enemy_marker/enemy_team/own/self
 * codes of move.h, one byte a cell. */
struct view_board {
  const struct murk_view* v;
  unsigned char* occ;
};

static enum mk_move_occ view_at(const void* ctx, struct murk_pos p, int* number) {
  const struct view_board* vb = ctx;
  *number = 0;
  if (!murk_geom_on_table(&vb->v->grid, p)) return MK_MOVE_FREE;
  return (enum mk_move_occ)vb->occ[(size_t)p.y * (size_t)vb->v->grid.width + (size_t)p.x];
}

static void occupy(const struct murk_view* v, unsigned char* occ, struct murk_pos p,
                   enum mk_move_occ o) {
  if (murk_geom_on_table(&v->grid, p))
    occ[(size_t)p.y * (size_t)v->grid.width + (size_t)p.x] = (unsigned char)o;
}

/* The nearest enemy this view knows of: markers, teams, contacts (INT_MAX: none). */
static int view_nearest_enemy(const struct murk_view* v, struct murk_pos p) {
  int best = INT_MAX;
  for (int i = 0; i < v->nmarkers; i++)
    if (v->markers[i].owner != v->side && v->markers[i].on_table) {
      int d = murk_geom_distance(&v->grid, p, v->markers[i].pos);
      if (d < best) best = d;
    }
  for (int i = 0; i < v->nteams; i++)
    if (v->teams[i].owner != v->side) {
      int d = murk_geom_distance(&v->grid, p, v->teams[i].pos);
      if (d < best) best = d;
    }
  for (int i = 0; i < v->ncontacts; i++) {
    int d = murk_geom_distance(&v->grid, p, v->contacts[i].pos);
    if (d < best) best = d;
  }
  return best;
}

/* The opening of murk_view_reveal_cells and murk_view_reach: `bit` cleared in every cell,
 * and the own marker `number` on the table (NULL: none). */
static const struct murk_view_marker* own_marker_cleared(const struct murk_view* v, int number,
                                                         unsigned char* cells, unsigned char bit) {
  size_t ncells = (size_t)v->grid.width * (size_t)v->grid.height;
  for (size_t i = 0; i < ncells; i++) cells[i] &= (unsigned char)~bit;
  for (int i = 0; i < v->nmarkers; i++)
    if (v->markers[i].owner == v->side && v->markers[i].on_table && v->markers[i].number == number)
      return &v->markers[i];
  return NULL;
}

int murk_view_reveal_cells(const struct murk_view* v, int number, unsigned char* cells,
                           unsigned char bit) {
  if (!v || !cells || v->side == MURK_NO_SIDE) return MURK_EINVAL;
  const struct murk_grid* grid = &v->grid;
  size_t ncells = (size_t)grid->width * (size_t)grid->height;
  const struct murk_view_marker* mk = own_marker_cleared(v, number, cells, bit);
  if (!mk) return MURK_EINVAL;
  if (mk->dummy || mk->platoon < 0 || mk->platoon >= v->nplatoons || mk->kind == MURK_MARKER_WING ||
      !v->map)
    return 0;
  int cmd = v->platoons[mk->platoon].command_distance;
  if (cmd < 1) cmd = 1;
  int d_first = view_nearest_enemy(v, mk->pos);
  unsigned char* occ = murk_calloc(ncells ? ncells : 1, 1);
  if (!occ) return MURK_ENOMEM;
  for (int i = 0; i < v->ncontacts; i++) occupy(v, occ, v->contacts[i].pos, MK_MOVE_ENEMY_TEAM);
  for (int i = 0; i < v->nteams; i++) occupy(v, occ, v->teams[i].pos, MK_MOVE_OWN);
  for (int i = 0; i < v->nmarkers; i++)
    if (v->markers[i].on_table) occupy(v, occ, v->markers[i].pos, MK_MOVE_OWN);
  int marked = 0;
  for (int y = mk->pos.y - cmd; y <= mk->pos.y + cmd; y++)
    for (int x = mk->pos.x - cmd - 1; x <= mk->pos.x + cmd + 1; x++) {
      struct murk_pos p = {x, y};
      if (!murk_geom_on_table(grid, p)) continue;
      size_t at = (size_t)y * (size_t)grid->width + (size_t)x;
      const struct murk_terrain* t = v->map[at] < v->nterrain ? &v->terrain[v->map[at]] : NULL;
      if (!t || t->cls == MURK_TERRAIN_IMPASSABLE || t->cls == MURK_TERRAIN_WATER || occ[at])
        continue;
      if (!mk_fog_reveal_cell_rule(murk_geom_distance(grid, mk->pos, p), cmd,
                                   view_nearest_enemy(v, p), d_first))
        continue;
      cells[at] |= bit;
      marked++;
    }
  murk_free(occ);
  return marked;
}

int murk_view_reach(const struct murk_view* v, int number, unsigned char* cells,
                    unsigned char bit) {
  if (!v || !cells || v->side == MURK_NO_SIDE) return MURK_EINVAL;
  const struct murk_grid* grid = &v->grid;
  size_t ncells = (size_t)grid->width * (size_t)grid->height;
  /* The mover: an own marker on the table, else a revealed own platoon. */
  const struct murk_view_marker* mk = own_marker_cleared(v, number, cells, bit);
  const struct murk_view_platoon* pl = NULL;
  for (int i = 0; i < v->nplatoons && !mk && !pl; i++)
    if (v->platoons[i].marker == number && v->platoons[i].state == MURK_PLATOON_REVEALED)
      pl = &v->platoons[i];
  if (!mk && !pl) return MURK_EINVAL;
  if (!(mk ? mk->may_move : pl->may_move) || !v->map) return 0;
  struct mk_move_rule rule;
  memcpy(rule.allow, mk ? mk->allowance : pl->allowance, sizeof rule.allow);
  rule.self_end = pl != NULL;
  struct murk_pos from = mk ? mk->pos : pl->lead;

  unsigned char* occ = murk_calloc(ncells ? ncells : 1, 1);
  if (!occ) return MURK_ENOMEM;
  /* Later writes win: a unit in sight now stands where another was last seen. */
  for (int i = 0; i < v->ncontacts; i++)
    occupy(v, occ, v->contacts[i].pos,
           v->contacts[i].team ? MK_MOVE_ENEMY_TEAM : MK_MOVE_ENEMY_MARKER);
  for (int i = 0; i < v->nteams; i++) {
    const struct murk_view_team* t = &v->teams[i];
    enum mk_move_occ o = t->owner != v->side             ? MK_MOVE_ENEMY_TEAM
                         : pl && t->platoon == pl->index ? MK_MOVE_SELF
                                                         : MK_MOVE_OWN;
    occupy(v, occ, t->pos, o);
  }
  for (int i = 0; i < v->nmarkers; i++) {
    const struct murk_view_marker* m = &v->markers[i];
    if (!m->on_table) continue;
    enum mk_move_occ o = m->owner != v->side ? MK_MOVE_ENEMY_MARKER
                         : m == mk           ? MK_MOVE_SELF
                                             : MK_MOVE_OWN;
    occupy(v, occ, m->pos, o);
  }
  struct view_board vb = {v, occ};
  struct mk_move_board board = {grid, v->terrain, v->nterrain, v->map, view_at, &vb};
  int most = 0;
  for (int k = 0; k < MURK_TERRAIN_CLASS_COUNT; k++)
    if (rule.allow[k] > most) most = rule.allow[k];
  int marked = 0;
  /* Every cell within the longest allowance: a plain move there (no waypoints). */
  for (int y = from.y - most; y <= from.y + most; y++)
    for (int x = from.x - most - 1; x <= from.x + most + 1; x++) {
      struct murk_pos p = {x, y};
      if (!murk_geom_on_table(grid, p)) continue;
      int d = murk_geom_distance(grid, from, p);
      if (d < 1 || d > most) continue;
      struct mk_move_verdict verdict;
      enum mk_move_why why = mk_move_judge(&board, &rule, from, &p, 1, false, &verdict);
      if (why == MK_MOVE_OUT_OF_MEMORY) {
        murk_free(occ);
        return MURK_ENOMEM;
      }
      if (why != MK_MOVE_OK) continue;
      cells[(size_t)y * (size_t)grid->width + (size_t)x] |= bit;
      marked++;
    }
  murk_free(occ);
  return marked;
}
