/* policy.c: simple players for batch games (policy.h).
 *
 * Everything here is read from one side's view: the public table (map, terrain, entries,
 * own zone), its own markers, platoons and teams, the enemy's markers and revealed teams,
 * the objectives and the events it was told of. Enemy markers' contents are never looked
 * at (they are filled only once revealed, and a revealed marker is off the table).
 *
 * Neither policy knows the allowances or ranges of the mission: they propose and the game
 * judges. A decision is a plan of tries, made once (the distance fields toward the goals
 * cost more than the game's refusals), which the caller applies in order. */
#include "murk/policy.h"

#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "murk/alloc.h"
#include "murk/command.h"
#include "murk/error.h"
#include "murk/geom.h"

/* Tries of the verbs the prompt names but this file does not know, per decision. */
#define GENERIC_TRIES 12
/* Move lengths greedy tries, longest first: it does not know the allowances. */
static const int move_lengths[] = {12, 9, 6, 5, 4, 3, 2, 1};
#define NLENGTHS ((int)(sizeof move_lengths / sizeof move_lengths[0]))
/* A hidden platoon this close to a revealed enemy team is revealed to shoot (cells). */
#define REVEAL_TO_SHOOT 10
/* A revealed platoon this close to a revealed enemy hunts it instead of its objective. */
#define HUNT_RANGE 8
/* Shots are not tried beyond this (cells): no profile in a bundled mission reaches it. */
#define SHOOT_TRIES_RANGE 24
#define ASSAULT_TRIES_RANGE 2

const char* murk_policy_name(enum murk_policy p) {
  static const char* const names[] = {
#define MURK_POLICY_NAME(id, name) name,
      MURK_POLICY_LIST(MURK_POLICY_NAME)
#undef MURK_POLICY_NAME
  };
  if ((int)p < 0 || p >= MURK_POLICY_COUNT) return "?";
  return names[p];
}

int murk_policy_parse(const char* s, enum murk_policy* out) {
  if (!s) return MURK_EINVAL;
  for (int i = 0; i < MURK_POLICY_COUNT; i++)
    if (strcmp(s, murk_policy_name((enum murk_policy)i)) == 0) {
      if (out) *out = (enum murk_policy)i;
      return MURK_OK;
    }
  return MURK_EINVAL;
}

/* splitmix64 (Steele, Lea, Flood 2014): spreads nearby game seeds far apart. */
static uint64_t mix64(uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void murk_policy_seed(struct murk_rng* rng, uint64_t game_seed, enum murk_side side) {
  murk_rng_seed(rng, mix64(game_seed ^ (side == MURK_DEFENDER ? 0x5157ull : 0xa77aull)));
}

/* ---- what the view shows, gathered once per decision ---- */

/* One of the acting side's things that can act on the table. */
struct unit {
  char handle[16];     /* how commands name it: "3" (own platoon) or "T5" (template) */
  int number;          /* marker number, 0 if none */
  int platoon;         /* roster index, -1 for a dummy */
  struct murk_pos pos; /* the template, or the platoon's first team */
  bool hidden;         /* a template on the table (hidden platoon or dummy) */
  bool dummy;
  bool bogged;
  bool moved; /* moved this step, by the events the view holds */
};

/* An enemy thing on the table. */
struct foe {
  int number;
  bool platoon;        /* a revealed platoon (P<n>, a target) rather than a template */
  struct murk_pos pos; /* the template, or the platoon's first team */
};

/* A distance field toward one goal cell (cost of the cheapest way there, INT_MAX: none). */
struct field {
  struct murk_pos goal;
  int* dist;
};
#define MAX_FIELDS 8
#define MAX_HINTS 16
/* Sets of verbs are bit masks of command kinds. */
_Static_assert(MURK_CMD_COUNT <= 32, "a mask of command kinds must fit in an unsigned");

/* Positions of teams grouped by a key (0..n-1): group k is pos[first[k] .. first[k]+count[k]). */
struct groups {
  int n;
  int* first;
  int* count;
  struct murk_pos* pos;
};

struct ctx {
  const struct murk_view* v;
  struct murk_rng* rng;
  enum murk_side me, enemy;
  int w, h;
  unsigned char* cost; /* entering a cell: 0 blocked (terrain or enemy), else its cost */
  unsigned char* busy; /* a marker or team stands here (a move or deployment may not end) */
  struct unit* units;
  int nunits;
  struct foe* foes;
  int nfoes;
  struct murk_pos* take; /* objectives this side must take */
  int ntake;
  struct murk_pos* guard; /* objectives the enemy must take */
  int nguard;
  /* Teams by own platoon (roster index) and by enemy marker number, for gap(). */
  struct groups own_teams, foe_teams;
  struct fieldset* fields; /* the memo's fields for this decision's costs */
  /* Where the prompt and this turn's own events say something happens: cells, table
   * edges (bits of MURK_NORTH..MURK_WEST), corners (bits of MURK_NE..MURK_SW), and verbs. */
  struct murk_pos hints[MAX_HINTS];
  int nhints;
  unsigned edges, corners;
  int stretch, stretches;        /* "stretch 2 of 3 of the north edge": 1 and 3 (0: whole edges) */
  unsigned hint_verbs;           /* a mask of command kinds */
  struct murk_policy_plan* plan; /* the tries being written */
  bool oom;
};

/* Kept in the plan from decision to decision (policy.h): the distance fields made lately and
 * the entering costs they were made with. A field is a function of the grid, the costs and
 * its goal alone, so a later decision whose costs are the same (a side's own moves change
 * none; enemies moving, dying or showing themselves do) uses it again. A few sets of costs
 * are kept: one plan often serves both sides in turn, and each sees its own enemies. */
struct fieldset {
  struct murk_grid grid;
  unsigned char* cost; /* cells bytes */
  size_t cells;
  struct field fields[MAX_FIELDS];
  int nfields;
  unsigned long used; /* when last used (memo->clock) */
};
#define FIELDSETS 4
struct murk_policy_memo {
  struct fieldset sets[FIELDSETS];
  unsigned long clock;
};

static void drop_fields(struct fieldset* fs) {
  for (int i = 0; i < fs->nfields; i++) murk_free(fs->fields[i].dist);
  fs->nfields = 0;
}

static void find_hints(struct ctx* c);

static int pick(struct murk_rng* r, int n) {
  return n <= 0 ? 0 : murk_rng_die(r, n) - 1;
}

static bool on_table(const struct ctx* c, struct murk_pos p) {
  return p.x >= 0 && p.y >= 0 && p.x < c->w && p.y < c->h;
}

static int cell(const struct ctx* c, struct murk_pos p) {
  return p.y * c->w + p.x;
}

static int dist(const struct ctx* c, struct murk_pos a, struct murk_pos b) {
  return murk_geom_distance(&c->v->grid, a, b);
}

/* Cost of entering a cell: roads are quickest for templates (seed 000, Moving platoons),
 * difficult ground slowest and it bogs. 0: cannot enter. */
enum { terrain_cost_difficult = 6 };

static unsigned char terrain_cost(const struct murk_terrain* t) {
  if (!t) return 0;
  switch (t->cls) {
    case MURK_TERRAIN_ROAD:
      return 2;
    case MURK_TERRAIN_DIFFICULT:
      return terrain_cost_difficult;
    case MURK_TERRAIN_IMPASSABLE:
    case MURK_TERRAIN_WATER:
      return 0;
    default:
      return 3;
  }
}

static bool cell_open(const struct ctx* c, struct murk_pos p) {
  return on_table(c, p) && c->cost[cell(c, p)] != 0;
}

static bool cell_free(const struct ctx* c, struct murk_pos p) {
  return cell_open(c, p) && !c->busy[cell(c, p)];
}

/* Markers moved by this side in the current step: the MOVE events since the last PHASE
 * event (every step begins with one). */
static bool moved_this_step(const struct murk_view* v, enum murk_side me, int number) {
  if (number <= 0) return false;
  for (size_t i = v->nevents; i-- > 0;) {
    const struct murk_event* e = &v->events[i];
    if (e->kind == MURK_EV_PHASE) break;
    if (e->kind == MURK_EV_MOVE && e->side == me && e->marker == number) return true;
  }
  return false;
}

static const struct murk_view_marker* own_marker(const struct murk_view* v, int number) {
  return number > 0 ? murk_view_marker_by_number(v, v->side, number) : NULL;
}

static void ctx_free(struct ctx* c) {
  murk_free(c->cost);
  murk_free(c->busy);
  murk_free(c->units);
  murk_free(c->foes);
  murk_free(c->take);
  murk_free(c->guard);
  murk_free(c->own_teams.first);
  murk_free(c->own_teams.pos);
  murk_free(c->foe_teams.first);
  murk_free(c->foe_teams.pos);
}

/* Group the teams of `owner` the view shows by platoon (own) or by marker number (enemy). */
static int group_teams(struct groups* g, const struct murk_view* v, enum murk_side owner,
                       bool by_marker) {
  int n = 0;
  for (int i = 0; i < v->nteams; i++) {
    const struct murk_view_team* t = &v->teams[i];
    int key = by_marker ? t->marker : t->platoon;
    if (t->owner == owner && key >= n) n = key + 1;
  }
  g->n = n;
  g->first = murk_calloc((size_t)n * 2 + 1, sizeof *g->first);
  g->pos = murk_calloc((size_t)v->nteams + 1, sizeof *g->pos);
  if (!g->first || !g->pos) return MURK_ENOMEM;
  g->count = g->first + n;
  for (int i = 0; i < v->nteams; i++) {
    const struct murk_view_team* t = &v->teams[i];
    int key = by_marker ? t->marker : t->platoon;
    if (t->owner == owner && key >= 0) g->count[key]++;
  }
  for (int k = 1; k < n; k++) g->first[k] = g->first[k - 1] + g->count[k - 1];
  int* fill = murk_calloc((size_t)n + 1, sizeof *fill);
  if (!fill) return MURK_ENOMEM;
  for (int i = 0; i < v->nteams; i++) {
    const struct murk_view_team* t = &v->teams[i];
    int key = by_marker ? t->marker : t->platoon;
    if (t->owner == owner && key >= 0) g->pos[g->first[key] + fill[key]++] = t->pos;
  }
  murk_free(fill);
  return MURK_OK;
}

/* The memo's fields made on this decision's costs: a set kept from an earlier decision on
 * the same costs, or else the least lately used one, emptied. */
static int memo_sync(struct ctx* c) {
  struct murk_policy_plan* pl = c->plan;
  if (!pl->memo) pl->memo = murk_calloc(1, sizeof *pl->memo);
  struct murk_policy_memo* mm = pl->memo;
  if (!mm) return MURK_ENOMEM;
  const struct murk_grid* g = &c->v->grid;
  size_t cells = (size_t)c->w * (size_t)c->h;
  struct fieldset* fs = NULL;
  for (int i = 0; i < FIELDSETS && !fs; i++) {
    struct fieldset* f = &mm->sets[i];
    if (f->cost && f->cells == cells && f->grid.kind == g->kind && f->grid.width == g->width &&
        f->grid.height == g->height && memcmp(f->cost, c->cost, cells) == 0)
      fs = f;
  }
  if (!fs) {
    fs = &mm->sets[0];
    for (int i = 1; i < FIELDSETS; i++)
      if (mm->sets[i].used < fs->used) fs = &mm->sets[i];
    drop_fields(fs);
    if (!fs->cost || fs->cells != cells) {
      murk_free(fs->cost);
      fs->cells = 0;
      fs->cost = murk_malloc(cells ? cells : 1);
      if (!fs->cost) return MURK_ENOMEM;
    }
    memcpy(fs->cost, c->cost, cells);
    fs->cells = cells;
    fs->grid = *g;
  }
  fs->used = ++mm->clock;
  c->fields = fs;
  return MURK_OK;
}

/* The texts given (up to a NULL) one after the other, as snprintf(buf, n, "%s%s...") would
 * write them: the policies write many short lines. */
static void texts(char* buf, size_t n, ...) {
  if (n == 0) return;
  size_t at = 0;
  va_list ap;
  va_start(ap, n);
  for (const char* t; (t = va_arg(ap, const char*)) != NULL && at < n - 1;) {
    size_t k = strnlen(t, n - 1 - at);
    memcpy(buf + at, t, k);
    at += k;
  }
  va_end(ap);
  buf[at] = '\0';
}

/* "T12", "3": a prefix and a number, as snprintf("%s%d") writes them. */
static void handle_text(char* buf, size_t n, const char* prefix, int num) {
  if (num < 0 || strlen(prefix) + 11 > n) {
    snprintf(buf, n, "%s%d", prefix, num);
    return;
  }
  char digits[12];
  int k = 0;
  do digits[k++] = (char)('0' + num % 10);
  while ((num /= 10) > 0);
  size_t at = strlen(prefix);
  memcpy(buf, prefix, at);
  while (k > 0) buf[at++] = digits[--k];
  buf[at] = '\0';
}

static int ctx_init(struct ctx* c, const struct murk_view* v, struct murk_rng* rng,
                    struct murk_policy_plan* plan) {
  memset(c, 0, sizeof *c);
  c->v = v;
  c->rng = rng;
  c->plan = plan;
  c->me = v->side;
  c->enemy = murk_side_other(v->side);
  c->w = v->grid.width > 0 ? v->grid.width : 0;
  c->h = v->grid.height > 0 ? v->grid.height : 0;
  size_t cells = (size_t)c->w * (size_t)c->h;
  c->cost = murk_calloc(cells ? cells : 1, 1);
  c->busy = murk_calloc(cells ? cells : 1, 1);
  c->units = murk_calloc((size_t)v->nmarkers + (size_t)v->nplatoons + 1, sizeof *c->units);
  c->foes = murk_calloc((size_t)v->nmarkers + 1, sizeof *c->foes);
  c->take = murk_calloc((size_t)v->nobjectives + 1, sizeof *c->take);
  c->guard = murk_calloc((size_t)v->nobjectives + 1, sizeof *c->guard);
  if (!c->cost || !c->busy || !c->units || !c->foes || !c->take || !c->guard) return MURK_ENOMEM;

  /* Entering costs by legend index, then by cell (terrain_at's answer for every cell). */
  unsigned char by_legend[256];
  for (int t = 0; t < 256; t++) by_legend[t] = t < v->nterrain ? terrain_cost(&v->terrain[t]) : 0;
  if (v->map)
    for (size_t i = 0; i < cells; i++) c->cost[i] = by_legend[v->map[i]];
  /* Enemy markers and teams block a path; anything stands in the way of ending there. */
  for (int i = 0; i < v->nmarkers; i++) {
    const struct murk_view_marker* m = &v->markers[i];
    if (!m->on_table || !on_table(c, m->pos)) continue;
    c->busy[cell(c, m->pos)] = 1;
    if (m->owner != c->me) c->cost[cell(c, m->pos)] = 0;
  }
  for (int i = 0; i < v->nteams; i++) {
    const struct murk_view_team* t = &v->teams[i];
    if (!on_table(c, t->pos)) continue;
    c->busy[cell(c, t->pos)] = 1;
    if (t->owner != c->me) c->cost[cell(c, t->pos)] = 0;
  }

  /* Own templates (hidden platoons and dummies), then own revealed platoons. */
  for (int i = 0; i < v->nmarkers; i++) {
    const struct murk_view_marker* m = &v->markers[i];
    if (m->owner != c->me || !m->on_table) continue;
    struct unit* u = &c->units[c->nunits++];
    handle_text(u->handle, sizeof u->handle, "T", m->number);
    u->number = m->number;
    u->platoon = m->dummy ? -1 : m->platoon;
    u->pos = m->pos;
    u->hidden = true;
    u->dummy = m->dummy;
    u->bogged = m->bogged;
    u->moved = moved_this_step(v, c->me, m->number);
  }
  for (int i = 0; i < v->nplatoons; i++) {
    const struct murk_view_platoon* p = &v->platoons[i];
    if (p->state != MURK_PLATOON_REVEALED) continue;
    const struct murk_view_team* lead = NULL;
    for (int k = 0; k < v->nteams && !lead; k++)
      if (v->teams[k].owner == c->me && v->teams[k].platoon == p->index) lead = &v->teams[k];
    if (!lead) continue;
    const struct murk_view_marker* m = own_marker(v, p->marker);
    struct unit* u = &c->units[c->nunits++];
    handle_text(u->handle, sizeof u->handle, "", p->index + 1);
    u->number = p->marker;
    u->platoon = p->index;
    u->pos = lead->pos;
    u->bogged = m && m->bogged;
    u->moved = moved_this_step(v, c->me, p->marker);
  }

  /* Enemy templates by their public place; revealed platoons by their first team. Nothing
   * else of an enemy marker is read: its contents are the enemy's secret until revealed. */
  for (int i = 0; i < v->nmarkers; i++) {
    const struct murk_view_marker* m = &v->markers[i];
    if (m->owner != c->enemy) continue;
    struct foe f = {m->number, false, m->pos};
    if (!m->on_table) {
      if (!m->revealed) continue;
      const struct murk_view_team* lead = NULL;
      for (int k = 0; k < v->nteams && !lead; k++)
        if (v->teams[k].owner == c->enemy && v->teams[k].marker == m->number) lead = &v->teams[k];
      if (!lead) continue; /* a dummy taken off, or a platoon with no teams left */
      f.platoon = true;
      f.pos = lead->pos;
    }
    c->foes[c->nfoes++] = f;
  }

  for (int i = 0; i < v->nobjectives; i++) {
    const struct murk_view_objective* o = &v->objectives[i];
    if (o->for_side == c->me || o->for_side == MURK_NO_SIDE) c->take[c->ntake++] = o->pos;
    if (o->for_side == c->enemy) c->guard[c->nguard++] = o->pos;
  }
  if (group_teams(&c->own_teams, v, c->me, false) != MURK_OK ||
      group_teams(&c->foe_teams, v, c->enemy, true) != MURK_OK || memo_sync(c) != MURK_OK)
    return MURK_ENOMEM;
  find_hints(c);
  return MURK_OK;
}

/* ---- tries ---- */

static void add_try(struct ctx* c, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Room for one more line in the plan: the line, or NULL when out of memory. */
static char* next_line(struct ctx* c) {
  struct murk_policy_plan* p = c->plan;
  if (c->oom) return NULL;
  if (p->n == p->cap) {
    int cap = p->cap ? p->cap * 2 : 32;
    char(*t)[MURK_POLICY_LINE] = murk_realloc(p->lines, (size_t)cap * sizeof *t);
    if (!t) {
      c->oom = true;
      return NULL;
    }
    p->lines = t;
    p->cap = cap;
  }
  return p->lines[p->n++];
}

static void add_try(struct ctx* c, const char* fmt, ...) {
  char* line = next_line(c);
  if (!line) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, MURK_POLICY_LINE, fmt, ap);
  va_end(ap);
}

/* add_try(c, "%s", text) without the formatting. */
static void add_line(struct ctx* c, const char* text) {
  char* line = next_line(c);
  if (!line) return;
  size_t len = strnlen(text, MURK_POLICY_LINE - 1);
  memcpy(line, text, len);
  line[len] = '\0';
}

/* Two digits of a coordinate 0..99 as "%02d" writes them. */
static char* two_digits(char* out, int v) {
  out[0] = (char)('0' + v / 10);
  out[1] = (char)('0' + v % 10);
  return out + 2;
}

/* "05,20", as murk_pos_format writes it (without snprintf for the usual coordinates: a plan
 * writes many cells). */
static void pos_text(struct murk_pos p, char* buf, size_t n) {
  if (p.x < 0 || p.x > 99 || p.y < 0 || p.y > 99 || n < 6) {
    murk_pos_format(p, buf, n);
    return;
  }
  char* at = two_digits(buf, p.x);
  *at++ = ',';
  at = two_digits(at, p.y);
  *at = '\0';
}

/* ---- cells ---- */

static struct murk_pos random_cell(struct ctx* c) {
  struct murk_pos p = {pick(c->rng, c->w), pick(c->rng, c->h)};
  return p;
}

/* A cell of a region, drawn from its bounding rows and columns (halves as mission.c counts
 * them: the middle row of an odd table belongs to neither). Keep-out bands are left to the
 * game to enforce. */
static struct murk_pos region_cell(struct ctx* c, const struct murk_region* r) {
  int x0 = 0, x1 = c->w - 1, y0 = 0, y1 = c->h - 1;
  if (r->kind == MURK_REGION_RECT) {
    x0 = r->from.x, x1 = r->to.x, y0 = r->from.y, y1 = r->to.y;
  } else if (r->kind == MURK_REGION_HALF || r->kind == MURK_REGION_QUARTER) {
    bool n = r->which == MURK_NORTH || r->which == MURK_NE || r->which == MURK_NW;
    bool s = r->which == MURK_SOUTH || r->which == MURK_SE || r->which == MURK_SW;
    bool e = r->which == MURK_EAST || r->which == MURK_NE || r->which == MURK_SE;
    bool w = r->which == MURK_WEST || r->which == MURK_NW || r->which == MURK_SW;
    if (n) y1 = c->h / 2 - 1;
    if (s) y0 = (c->h + 1) / 2;
    if (e) x0 = (c->w + 1) / 2;
    if (w) x1 = c->w / 2 - 1;
  }
  if (x0 < 0) x0 = 0;
  if (y0 < 0) y0 = 0;
  if (x1 >= c->w) x1 = c->w - 1;
  if (y1 >= c->h) y1 = c->h - 1;
  if (x1 < x0 || y1 < y0) return random_cell(c);
  struct murk_pos p = {x0 + pick(c->rng, x1 - x0 + 1), y0 + pick(c->rng, y1 - y0 + 1)};
  return p;
}

/* A free cell of the own zone (any free cell of the table without one); a few draws. */
static struct murk_pos zone_cell(struct ctx* c) {
  static const struct murk_region whole = {MURK_REGION_WHOLE, MURK_NORTH, {0, 0}, {0, 0}};
  const struct murk_region* r = c->v->own_zone ? &c->v->own_zone->region : &whole;
  /* An area in parts (Surrounded's two ends): any part, so each can get its platoon. */
  int parts = c->v->own_zone ? 1 + c->v->nown_more_zones : 1;
  int k = pick(c->rng, parts);
  if (k > 0) r = &c->v->own_more_zones[k - 1].region;
  struct murk_pos p = region_cell(c, r);
  for (int i = 0; i < 32 && !cell_free(c, p); i++) p = region_cell(c, r);
  return p;
}

/* A free cell of the table. */
static struct murk_pos table_cell(struct ctx* c) {
  struct murk_pos p = random_cell(c);
  for (int i = 0; i < 32 && !cell_free(c, p); i++) p = random_cell(c);
  return p;
}

/* A cell on a table edge: where reserves and arrivals come on. Half the time the edge
 * nearest a cell of the own zone (reserves mostly come on from the own side). */
static struct murk_pos edge_cell(struct ctx* c) {
  struct murk_pos p = random_cell(c);
  int e = pick(c->rng, 4);
  if (c->v->own_zone && pick(c->rng, 2) == 0) {
    p = region_cell(c, &c->v->own_zone->region);
    int gaps[4] = {p.y, c->h - 1 - p.y, c->w - 1 - p.x, p.x}; /* N, S, E, W */
    e = 0;
    for (int k = 1; k < 4; k++)
      if (gaps[k] < gaps[e]) e = k;
  }
  if (e == 0) p.y = 0;
  if (e == 1) p.y = c->h - 1;
  if (e == 2) p.x = c->w - 1;
  if (e == 3) p.x = 0;
  return p;
}

/* A free cell within `radius` of p (p itself excluded when it is taken). */
static struct murk_pos near_cell(struct ctx* c, struct murk_pos p, int radius) {
  struct murk_pos q = p;
  for (int i = 0; i < 16; i++) {
    struct murk_pos r = {p.x + pick(c->rng, 2 * radius + 1) - radius,
                         p.y + pick(c->rng, 2 * radius + 1) - radius};
    if (on_table(c, r) && dist(c, p, r) <= radius) {
      q = r;
      if (cell_free(c, r)) break;
    }
  }
  return q;
}

/* ---- paths ---- */

/* The neighbours of every cell as cell indices, -1 padded: the distance fields visit each
 * cell's neighbours many times. Kept in the plan while the grid stays the same. NULL when
 * out of memory. */
static const int* neighbours(struct ctx* c) {
  struct murk_policy_plan* pl = c->plan;
  const struct murk_grid* g = &c->v->grid;
  if (pl->nbr && pl->nbr_grid.kind == g->kind && pl->nbr_grid.width == g->width &&
      pl->nbr_grid.height == g->height)
    return pl->nbr;
  murk_free(pl->nbr);
  size_t cells = (size_t)c->w * (size_t)c->h;
  pl->nbr = murk_malloc((cells ? cells : 1) * MURK_GEOM_MAX_NEIGHBOURS * sizeof *pl->nbr);
  if (!pl->nbr) {
    c->oom = true;
    return NULL;
  }
  pl->nbr_grid = *g;
  for (int y = 0; y < c->h; y++)
    for (int x = 0; x < c->w; x++) {
      struct murk_pos p = {x, y}, nb[MURK_GEOM_MAX_NEIGHBOURS];
      int* out = &pl->nbr[(size_t)cell(c, p) * MURK_GEOM_MAX_NEIGHBOURS];
      int nn = murk_geom_neighbours(g, p, nb);
      for (int k = 0; k < MURK_GEOM_MAX_NEIGHBOURS; k++) out[k] = k < nn ? cell(c, nb[k]) : -1;
    }
  return pl->nbr;
}

/* A bucket queue for the distance fields (Dial's algorithm): entering a cell costs at most
 * terrain_cost_difficult, so the distances waiting are always within that of the one being
 * taken, and BUCKETS circular buckets hold them apart. */
#define BUCKETS 8
_Static_assert(terrain_cost_difficult < BUCKETS, "a step must not wrap the bucket ring");

struct bucketq {
  int* items[BUCKETS];
  size_t n[BUCKETS], cap[BUCKETS];
};

static bool bq_push(struct bucketq* q, int dist, int idx) {
  int b = dist % BUCKETS;
  if (q->n[b] == q->cap[b]) {
    size_t cap = q->cap[b] ? q->cap[b] * 2 : 64;
    int* it = murk_realloc(q->items[b], cap * sizeof *it);
    if (!it) return false;
    q->items[b] = it;
    q->cap[b] = cap;
  }
  q->items[b][q->n[b]++] = idx;
  return true;
}

static void bq_free(struct bucketq* q) {
  for (int b = 0; b < BUCKETS; b++) murk_free(q->items[b]);
}

/* The field toward goal: what it costs to get there from each cell (Dijkstra from the goal
 * backwards; entering a cell costs that cell). NULL when out of memory. */
static const int* field_to(struct ctx* c, struct murk_pos goal) {
  struct fieldset* mm = c->fields;
  for (int i = 0; i < mm->nfields; i++)
    if (murk_pos_eq(mm->fields[i].goal, goal)) return mm->fields[i].dist;
  if (!on_table(c, goal)) return NULL;
  size_t cells = (size_t)c->w * (size_t)c->h;
  const int* nbr = neighbours(c);
  int* d = murk_malloc(cells * sizeof *d);
  struct bucketq q;
  memset(&q, 0, sizeof q);
  if (!d || !nbr) goto oom;
  for (size_t i = 0; i < cells; i++) d[i] = INT_MAX;
  d[cell(c, goal)] = 0;
  if (!bq_push(&q, 0, cell(c, goal))) goto oom;
  size_t waiting = 1;
  for (int cur = 0; waiting > 0; cur++) {
    int b = cur % BUCKETS;
    while (q.n[b] > 0) {
      int idx = q.items[b][--q.n[b]];
      waiting--;
      if (d[idx] != cur) continue; /* reached more cheaply since it was queued */
      /* Entering this cell costs its cost; the goal may be taken by an enemy (cost 0), and
       * then the way leads next to it. */
      int step = c->cost[idx] ? c->cost[idx] : 1;
      for (int k = 0; k < MURK_GEOM_MAX_NEIGHBOURS; k++) {
        int ni = nbr[(size_t)idx * MURK_GEOM_MAX_NEIGHBOURS + k];
        if (ni < 0) break;
        if (c->cost[ni] == 0 || cur + step >= d[ni]) continue;
        d[ni] = cur + step;
        if (!bq_push(&q, d[ni], ni)) goto oom;
        waiting++;
      }
    }
  }
  bq_free(&q);
  if (mm->nfields == MAX_FIELDS) {
    murk_free(mm->fields[0].dist);
    memmove(&mm->fields[0], &mm->fields[1], (MAX_FIELDS - 1) * sizeof mm->fields[0]);
    mm->nfields--;
  }
  mm->fields[mm->nfields].goal = goal;
  mm->fields[mm->nfields].dist = d;
  mm->nfields++;
  return d;
oom:
  bq_free(&q);
  murk_free(d);
  c->oom = true;
  return NULL;
}

/* Up to `max` cells of the cheapest way from `from` toward the field's goal (not counting
 * from). Stops at the goal or where nothing is cheaper. Returns how many. */
static int walk(const struct ctx* c, const int* d, struct murk_pos from, struct murk_pos* out,
                int max) {
  int n = 0;
  struct murk_pos p = from;
  int here = d[cell(c, p)];
  while (n < max && here > 0) {
    struct murk_pos nb[MURK_GEOM_MAX_NEIGHBOURS], best = p;
    int nn = murk_geom_neighbours(&c->v->grid, p, nb), bestd = here;
    for (int k = 0; k < nn; k++) {
      int ni = cell(c, nb[k]);
      if (c->cost[ni] == 0 || d[ni] >= bestd) continue;
      bestd = d[ni];
      best = nb[k];
    }
    if (bestd >= here) break;
    out[n++] = best;
    p = best;
    here = bestd;
  }
  return n;
}

/* Append text at buf[at] as snprintf(buf + at, len - at, "%s", text) would, and return
 * where the text ends (past len when cut short). */
static size_t append(char* buf, size_t len, size_t at, const char* text) {
  size_t n = strlen(text);
  if (at < len) {
    size_t k = n < len - at - 1 ? n : len - at - 1;
    memcpy(buf + at, text, k);
    buf[at + k] = '\0';
  }
  return at + n;
}

/* Does the hex line from a to path[lo..hi] enter exactly path[lo..hi]? */
static bool line_follows(const struct ctx* c, struct murk_pos a, const struct murk_pos* path,
                         int lo, int hi) {
  struct murk_line_step steps[16];
  int len = hi - lo + 1;
  if (len + 1 > 16 || dist(c, a, path[hi]) != len) return false;
  size_t ns = murk_geom_line(&c->v->grid, a, path[hi], steps, 16);
  if ((int)ns != len + 1) return false;
  for (int k = 1; k <= len; k++)
    if (!murk_pos_eq(steps[k].cell, path[lo + k - 1])) return false;
  return true;
}

/* "move H to X,Y [via ...]" along path[0..n-1] from `from`: each straight stretch becomes
 * one leg, so the game's hex lines enter exactly the path's cells. False if it needs more
 * waypoints than a command holds. */
/* line_follows(c, a, path, lo, hi) where a is the cell before path[lo] (from, for lo 0),
 * remembered in memo[lo][hi] (-1: not yet known): a unit's moves of several lengths along
 * one path ask the same questions. */
#define MAX_PATH 16
static bool follows(const struct ctx* c, struct murk_pos from, const struct murk_pos* path, int lo,
                    int hi, signed char memo[MAX_PATH][MAX_PATH]) {
  if (lo < 0 || hi < lo || hi >= MAX_PATH)
    return line_follows(c, lo > 0 ? path[lo - 1] : from, path, lo, hi);
  if (memo[lo][hi] < 0)
    memo[lo][hi] = line_follows(c, lo > 0 ? path[lo - 1] : from, path, lo, hi) ? 1 : 0;
  return memo[lo][hi] == 1;
}

static bool move_line(const struct ctx* c, const char* handle, struct murk_pos from,
                      const struct murk_pos* path, int n, char* buf, size_t len,
                      signed char memo[MAX_PATH][MAX_PATH]) {
  struct murk_pos legs[MURK_CMD_MAX_WAYPOINTS + 1];
  int nlegs = 0, i = 0;
  while (i < n) {
    int j = i;
    while (j + 1 < n && follows(c, from, path, i, j + 1, memo)) j++;
    if (!follows(c, from, path, i, j, memo)) return false; /* cannot happen for neighbours */
    if (nlegs == MURK_CMD_MAX_WAYPOINTS + 1) return false;
    legs[nlegs++] = path[j];
    i = j + 1;
  }
  if (nlegs == 0 || len == 0) return false;
  char ps[16];
  pos_text(legs[nlegs - 1], ps, sizeof ps);
  /* "move H to X,Y via A B": what snprintf would write, appended piece by piece. */
  size_t at = 0;
  at = append(buf, len, at, "move ");
  at = append(buf, len, at, handle);
  at = append(buf, len, at, " to ");
  at = append(buf, len, at, ps);
  for (int k = 0; k + 1 < nlegs && at < len; k++) {
    pos_text(legs[k], ps, sizeof ps);
    at = append(buf, len, at, k == 0 ? " via " : " ");
    at = append(buf, len, at, ps);
  }
  return at < len;
}

/* Tries moving unit u toward goal along the cheapest way, longest first, each ending on a
 * free cell. Moves that stop short of difficult ground come first: the slowest ground
 * entered sets a template's whole allowance, and difficult ground bogs (seed 000, Moving
 * platoons). Nothing if the unit is already within `near` of the goal. */
static void try_moves_toward(struct ctx* c, const struct unit* u, struct murk_pos goal, int near) {
  if (dist(c, u->pos, goal) <= near) return;
  const int* d = field_to(c, goal);
  if (!d || d[cell(c, u->pos)] == INT_MAX) return;
  struct murk_pos path[MAX_PATH];
  signed char memo[MAX_PATH][MAX_PATH];
  memset(memo, -1, sizeof memo);
  int n = walk(c, d, u->pos, path, move_lengths[0]);
  int dry = 0; /* cells before the first difficult one */
  while (dry < n && c->cost[cell(c, path[dry])] != terrain_cost_difficult) dry++;
  bool tried[16] = {false};
  for (int pass = 0; pass < 2; pass++)
    for (int k = 0; k < NLENGTHS; k++) {
      int len = move_lengths[k] < n ? move_lengths[k] : n;
      if (pass == 0 && len > dry) len = dry;
      /* End on a free cell (the game may allow more, a free cell always works). */
      while (len > 0 && !cell_free(c, path[len - 1])) len--;
      if (len <= 0 || tried[len]) continue;
      tried[len] = true;
      char line[MURK_POLICY_LINE];
      if (move_line(c, u->handle, u->pos, path, len, line, sizeof line, memo)) add_line(c, line);
    }
}

/* ---- the command list, for verbs this file does not know ---- */

static bool word_in(const char* text, const char* word) {
  size_t n = strlen(word);
  for (const char* p = text; (p = strstr(p, word)) != NULL; p++) {
    bool start = p == text || !((p[-1] >= 'a' && p[-1] <= 'z') || p[-1] == '_');
    bool end = !((p[n] >= 'a' && p[n] <= 'z') || p[n] == '_');
    if (start && end) return true;
  }
  return false;
}

/* Verbs the prompt (or during play this turn's own events) names, other than `end` and
 * those in `known` (a mask of kinds); with `all`, every other verb of the command list. */
static int other_verbs(const struct ctx* c, unsigned known, bool all, enum murk_command_kind* out) {
  int n = 0;
  for (int k = 0; k < MURK_CMD_COUNT; k++) {
    if (k == MURK_CMD_END || (known & (1u << k))) continue;
    if (all || (c->hint_verbs & (1u << k))) out[n++] = (enum murk_command_kind)k;
  }
  return n;
}

/* Cells written "X,Y" in a text (at most cap; on the table only). */
static int cells_in(const struct ctx* c, const char* t, struct murk_pos* out, int n, int cap) {
  for (const char* p = t; *p && n < cap; p++) {
    if (!(*p >= '0' && *p <= '9') || (p > t && p[-1] >= '0' && p[-1] <= '9')) continue;
    int x = 0, y = 0, dx = 0, dy = 0;
    const char* q = p;
    for (; *q >= '0' && *q <= '9' && dx < 6; q++, dx++) x = x * 10 + (*q - '0');
    if (*q != ',') continue;
    for (q++; *q == ' '; q++) {
    }
    for (; *q >= '0' && *q <= '9' && dy < 6; q++, dy++) y = y * 10 + (*q - '0');
    struct murk_pos pos = {x, y};
    if (dy > 0 && on_table(c, pos)) out[n++] = pos;
  }
  return n;
}

/* A number of at most three digits at *p (0 if none), moving *p past it. */
static int read_small(const char** p) {
  int v = 0, digits = 0;
  for (; **p >= '0' && **p <= '9'; (*p)++)
    if (digits++ < 3) v = v * 10 + (**p - '0');
  return digits <= 3 ? v : 0;
}

/* What one text says about places: cells written X,Y, edges and corners by compass
 * ("the south edge", "within 40cm of the SW corner", "the edges of the NE quarter"),
 * numbered entries ("entry 3", "entries 1, 2"), and the verbs it uses. */
static void hints_in(struct ctx* c, const char* t) {
  static const char* const edge_words[] = {"north edge", "south edge", "east edge", "west edge"};
  static const char* const corner_words[] = {"NE corner", "NW corner", "SE corner", "SW corner"};
  static const char* const quarter_words[] = {"NE quarter", "NW quarter", "SE quarter",
                                              "SW quarter"};
  c->nhints = cells_in(c, t, c->hints, c->nhints, MAX_HINTS);
  const char* st = strstr(t, "stretch ");
  if (st) {
    st += 8;
    int k1 = read_small(&st);
    int m1 = strncmp(st, " of ", 4) == 0 ? (st += 4, read_small(&st)) : 0;
    if (k1 >= 1 && k1 <= m1) c->stretch = k1 - 1, c->stretches = m1;
  }
  for (int k = 0; k < 4; k++) {
    if (word_in(t, edge_words[k])) c->edges |= 1u << (MURK_NORTH + k);
    bool corner = word_in(t, corner_words[k]);
    if (corner || word_in(t, quarter_words[k])) c->corners |= 1u << (MURK_NE + k);
  }
  for (const char* p = t; (p = strstr(p, "entr")) != NULL; p++) {
    if (strncmp(p, "entry ", 6) != 0 && strncmp(p, "entries ", 8) != 0) continue;
    /* The numbers that follow, separated by commas (and "and"). */
    const char* q = p + (p[5] == ' ' ? 6 : 8);
    for (;;) {
      int num = 0, digits = 0;
      for (; *q >= '0' && *q <= '9' && digits < 4; q++, digits++) num = num * 10 + (*q - '0');
      if (digits == 0) break;
      for (int e = 0; e < c->v->nentries && c->nhints < MAX_HINTS; e++)
        if (c->v->entries[e].number == num) c->hints[c->nhints++] = c->v->entries[e].at;
      while (*q == ',' || *q == ' ') q++;
      if (strncmp(q, "and ", 4) == 0) q += 4;
    }
  }
  for (int k = 0; k < MURK_CMD_COUNT; k++)
    if (k != MURK_CMD_END && word_in(t, murk_command_verb((enum murk_command_kind)k)))
      c->hint_verbs |= 1u << k;
}

/* Where a verb this file does not know most likely wants to act, and which: what the
 * prompt says, and during play what this turn's own events say ("1 delayed reserve may
 * arrive", "a delayed reserve comes on at entry 3 (Luneville road) at 35,14"). Public or
 * own knowledge only, like the whole view. */
static void find_hints(struct ctx* c) {
  const struct murk_view* v = c->v;
  hints_in(c, v->prompt);
  if (v->phase != MURK_PHASE_PLAY) return;
  /* The prompt's places are the ones that matter now; events only when it names none,
   * and only reserve and other notices (moves and shots name cells of no interest). */
  bool placed = c->nhints > 0 || c->edges || c->corners;
  int seen = 0;
  for (size_t i = v->nevents; i-- > 0 && seen < 24;) {
    const struct murk_event* e = &v->events[i];
    if (e->turn != v->turn) break;
    if (e->side != c->me || (e->kind != MURK_EV_RESERVE && e->kind != MURK_EV_INFO)) continue;
    seen++;
    if (placed) {
      unsigned edges = c->edges, corners = c->corners;
      int nhints = c->nhints;
      hints_in(c, e->text); /* for its verbs */
      c->edges = edges, c->corners = corners, c->nhints = nhints;
    } else {
      hints_in(c, e->text);
    }
  }
}

/* A cell the hints point at, if there are any. */
static bool hint_cell(struct ctx* c, struct murk_pos* out) {
  int kinds = (c->nhints > 0) + (c->edges != 0) + (c->corners != 0);
  if (kinds == 0) return false;
  int want = pick(c->rng, kinds);
  if (c->nhints > 0 && want-- == 0) {
    *out = near_cell(c, c->hints[pick(c->rng, c->nhints)], pick(c->rng, 3));
    return true;
  }
  struct murk_pos p = random_cell(c);
  if (c->edges != 0 && want-- == 0) {
    int e;
    do e = pick(c->rng, 4);
    while (!(c->edges & (1u << (MURK_NORTH + e))));
    if (c->stretches > 0 && pick(c->rng, 3) > 0) {
      /* One stretch of the edge, counted clockwise round the table (north edge from the
       * west, east edge from the north, south from the east, west from the south). */
      int len = e <= 1 ? c->w : c->h;
      int lo = len * c->stretch / c->stretches, hi = len * (c->stretch + 1) / c->stretches;
      int at = hi > lo ? lo + pick(c->rng, hi - lo) : lo;
      if (e == 0) p.x = at;
      if (e == 1) p.x = c->w - 1 - at;
      if (e == 2) p.y = at;
      if (e == 3) p.y = c->h - 1 - at;
    }
    if (e == 0) p.y = 0;
    if (e == 1) p.y = c->h - 1;
    if (e == 2) p.x = c->w - 1;
    if (e == 3) p.x = 0;
    *out = p;
    return true;
  }
  /* An edge cell near a corner: within a quarter of the table's short side of it. */
  int k;
  do k = pick(c->rng, 4);
  while (!(c->corners & (1u << (MURK_NE + k))));
  bool north = k == 0 || k == 1, east = k == 0 || k == 2;
  int reach = 1 + (c->w < c->h ? c->w : c->h) / 4, along = pick(c->rng, reach);
  bool vertical_edge = pick(c->rng, 2) == 0;
  p.x = vertical_edge ? (east ? c->w - 1 : 0) : (east ? c->w - 1 - along : along);
  p.y = vertical_edge ? (north ? along : c->h - 1 - along) : (north ? 0 : c->h - 1);
  *out = p;
  return true;
}

/* A random own platoon in that state (roster index), -1 if none. */
static int random_platoon(struct ctx* c, enum murk_platoon_state state) {
  const struct murk_view* v = c->v;
  int ok = 0;
  for (int i = 0; i < v->nplatoons; i++) ok += v->platoons[i].state == state;
  if (ok == 0) return -1;
  int want = pick(c->rng, ok);
  for (int i = 0; i < v->nplatoons; i++)
    if (v->platoons[i].state == state && want-- == 0) return v->platoons[i].index;
  return -1;
}

/* A value for one placeholder of a usage string. */
static void fill_slot(struct ctx* c, const char* slot, char* buf, size_t n) {
  const struct murk_view* v = c->v;
  /* "N|Tn" names a unit of one's own on the table (move, reveal, withdraw...). */
  if (strcmp(slot, "N|Tn") == 0 && c->nunits > 0) {
    snprintf(buf, n, "%s", c->units[pick(c->rng, c->nunits)].handle);
    return;
  }
  /* "N|Tn", "Pn|Tn": pick one of the alternatives. */
  char alt[32];
  const char* bar = strchr(slot, '|');
  if (bar) {
    int count = 1;
    for (const char* s = slot; *s; s++) count += *s == '|';
    int want = pick(c->rng, count);
    const char* s = slot;
    for (int i = 0; i < want; i++) s = strchr(s, '|') + 1;
    size_t len = strcspn(s, "|");
    if (len >= sizeof alt) len = sizeof alt - 1;
    memcpy(alt, s, len);
    alt[len] = '\0';
    slot = alt;
  }
  if (strcmp(slot, "N") == 0) {
    /* A bare number names a platoon off the table (reserve, arrive, ambush...) more often
     * than not: mostly one held in reserve, or one still waiting. */
    int k = -1, r = pick(c->rng, 10);
    if (r < 6) k = random_platoon(c, MURK_PLATOON_RESERVE);
    if (k < 0 && r < 8) k = random_platoon(c, MURK_PLATOON_WAITING);
    if (k < 0 && v->nplatoons > 0) k = v->platoons[pick(c->rng, v->nplatoons)].index;
    snprintf(buf, n, "%d", k >= 0 ? k + 1 : 1);
  } else if (strcmp(slot, "Tn") == 0) {
    /* An own marker (the enemy's are named Tn too; the game says which it wants). */
    int own = 0;
    for (int i = 0; i < v->nmarkers; i++) own += v->markers[i].owner == c->me;
    int want = pick(c->rng, own > 0 ? own : 1);
    int num = 1;
    for (int i = 0; i < v->nmarkers; i++)
      if (v->markers[i].owner == c->me && want-- == 0) num = v->markers[i].number;
    if (c->nfoes > 0 && pick(c->rng, 3) == 0) num = c->foes[pick(c->rng, c->nfoes)].number;
    snprintf(buf, n, "T%d", num);
  } else if (strcmp(slot, "Pn") == 0) {
    int num = c->nfoes > 0 ? c->foes[pick(c->rng, c->nfoes)].number : 1;
    snprintf(buf, n, "P%d", num);
  } else if (strcmp(slot, "X,Y") == 0) {
    struct murk_pos p;
    int r = pick(c->rng, 10);
    if (pick(c->rng, 5) < 3 && hint_cell(c, &p)) {
      /* where the prompt or this turn's events point */
    } else if (r < 3 && v->nentries > 0)
      p = v->entries[pick(c->rng, v->nentries)].at;
    else if (r < 6)
      p = edge_cell(c);
    else if (r < 8 || c->nunits == 0)
      p = zone_cell(c);
    else
      p = near_cell(c, c->units[pick(c->rng, c->nunits)].pos, 3);
    pos_text(p, buf, n);
  } else {
    snprintf(buf, n, "%s", slot);
  }
}

/* Fill a usage like "arrive N at X,Y [delayed|mobile]" ("a | b": one of the two). Optional
 * groups are left out or filled with one of their choices; "..." groups are left out. */
static void fill_usage(struct ctx* c, const char* usage, char* buf, size_t n) {
  char u[MURK_POLICY_LINE];
  snprintf(u, sizeof u, "%s", usage);
  /* Alternatives of the whole line are separated by " | "; each may end in a comment
   * after two blanks ("ambush N  (hold in ambush) | ambush N at X,Y  (spring it)"). */
  int nalt = 1;
  for (char* s = u; (s = strstr(s, " | ")) != NULL; s += 3) nalt++;
  char* line = u;
  for (int want = pick(c->rng, nalt); want > 0; want--) line = strstr(line, " | ") + 3;
  char* end = strstr(line, " | ");
  if (end) *end = '\0';
  char* cut = strstr(line, "  (");
  if (cut) *cut = '\0';

  size_t at = 0;
  buf[0] = '\0';
  char* save = NULL;
  for (char* tok = strtok_r(line, " ", &save); tok && at < n; tok = strtok_r(NULL, " ", &save)) {
    char val[64];
    if (tok[0] == '[') {
      /* Gather the group to its closing bracket. */
      char group[MURK_POLICY_LINE];
      snprintf(group, sizeof group, "%s", tok + 1);
      while (!strchr(group, ']')) {
        char* more = strtok_r(NULL, " ", &save);
        if (!more) break;
        size_t gl = strlen(group);
        snprintf(group + gl, sizeof group - gl, " %s", more);
      }
      char* close = strchr(group, ']');
      if (close) *close = '\0';
      if (strstr(group, "...") || strchr(group, ' ') || pick(c->rng, 2) == 0) continue;
      fill_slot(c, group, val, sizeof val);
    } else {
      fill_slot(c, tok, val, sizeof val);
    }
    at += (size_t)snprintf(buf + at, n - at, "%s%s", at ? " " : "", val);
  }
}

static void generic_line(struct ctx* c, const enum murk_command_kind* verbs, int nverbs, char* buf,
                         size_t n) {
  if (nverbs == 0) {
    snprintf(buf, n, "end");
    return;
  }
  fill_usage(c, murk_command_usage(verbs[pick(c->rng, nverbs)]), buf, n);
}

/* ---- greedy ---- */

#define KIND(k) (1u << MURK_CMD_##k)

static int nearest(const struct ctx* c, struct murk_pos p, const struct murk_pos* set, int n) {
  int best = -1, bd = INT_MAX;
  for (int i = 0; i < n; i++) {
    int d = dist(c, p, set[i]);
    if (d < bd) bd = d, best = i;
  }
  return best;
}

/* Distance from any team of own platoon `platoon` (or from `at` when it has none) to the
 * nearest team of the enemy platoon under marker `number`. */
static int gap(const struct ctx* c, int platoon, struct murk_pos at, int number) {
  const struct groups* f = &c->foe_teams;
  const struct groups* o = &c->own_teams;
  if (number < 0 || number >= f->n) return INT_MAX;
  const struct murk_pos* from = &at;
  int nfrom = 1;
  if (platoon >= 0 && platoon < o->n && o->count[platoon] > 0) {
    from = &o->pos[o->first[platoon]];
    nfrom = o->count[platoon];
  }
  int best = INT_MAX;
  for (int i = f->first[number]; i < f->first[number] + f->count[number]; i++)
    for (int k = 0; k < nfrom; k++) {
      int d = dist(c, from[k], f->pos[i]);
      if (d < best) best = d;
    }
  return best;
}

/* The nearest revealed enemy platoon to a unit (index into foes), -1 if none. */
static int nearest_platoon_foe(const struct ctx* c, const struct unit* u, int* gap_out) {
  int best = -1, bd = INT_MAX;
  for (int i = 0; i < c->nfoes; i++) {
    if (!c->foes[i].platoon) continue;
    int d = gap(c, u->hidden ? -1 : u->platoon, u->pos, c->foes[i].number);
    if (d < bd) bd = d, best = i;
  }
  if (gap_out) *gap_out = bd;
  return best;
}

/* Where a unit heads, and how near counts as there. The i-th unit: two in three go for the
 * objectives to take, the rest guard the enemy's (spread over them); revealed platoons
 * close to a revealed enemy hunt it. False: nowhere to go. */
static bool goal_of(const struct ctx* c, const struct unit* u, int i, struct murk_pos* goal,
                    int* near) {
  if (!u->hidden) {
    int g;
    int f = nearest_platoon_foe(c, u, &g);
    if (f >= 0 && g <= HUNT_RANGE) {
      *goal = c->foes[f].pos;
      *near = 1;
      return true;
    }
  }
  if (c->ntake > 0 && (c->nguard == 0 || i % 3 != 2)) {
    *goal = c->take[nearest(c, u->pos, c->take, c->ntake)];
    *near = 0;
    return true;
  }
  if (c->nguard > 0) {
    *goal = c->guard[i % c->nguard];
    *near = 1;
    return true;
  }
  if (c->nfoes > 0) {
    int best = -1, bd = INT_MAX;
    for (int k = 0; k < c->nfoes; k++) {
      int d = dist(c, u->pos, c->foes[k].pos);
      if (d < bd) bd = d, best = k;
    }
    *goal = c->foes[best].pos;
    *near = 1;
    return true;
  }
  return false;
}

/* Where greedy deploys: of a few free cells of the own zone, the one nearest to the
 * objectives it must take (or to the middle of the table). */
static struct murk_pos deploy_cell(struct ctx* c, int draws) {
  struct murk_pos centre = {c->w / 2, c->h / 2};
  struct murk_pos best = zone_cell(c);
  int bd = INT_MAX;
  for (int i = 0; i < draws; i++) {
    struct murk_pos p = i == 0 ? best : zone_cell(c);
    int d =
        c->ntake > 0 ? dist(c, p, c->take[nearest(c, p, c->take, c->ntake)]) : dist(c, p, centre);
    if (cell_free(c, p) && d < bd) bd = d, best = p;
  }
  return best;
}

/* Fresh cells for setup commands ("deploy 3 at", "objective at"): where they may go is the
 * mission's rule, so draw and let the game say. Greedy's first tries are the best of
 * several draws toward the objectives; keep-out bands often refuse exactly those nearest
 * cells, so plain draws follow. */
#define SETUP_DRAWS 16

static void deploy_tries(struct ctx* c, const char* what, int round, int count) {
  char ps[16];
  for (int i = 0; i < count; i++) {
    int best_of = round == 0 && i < 3 ? 8 >> i : 1;
    pos_text(deploy_cell(c, best_of), ps, sizeof ps);
    add_try(c, "deploy %s at %s", what, ps);
  }
}

static void greedy_setup(struct ctx* c, int round) {
  const struct murk_view* v = c->v;
  char ps[16];
  switch (v->phase) {
    case MURK_PHASE_OBJECTIVES:
      for (int i = 0; i < 2 * SETUP_DRAWS; i++) {
        pos_text(table_cell(c), ps, sizeof ps);
        add_try(c, "objective at %s", ps);
      }
      return;
    case MURK_PHASE_RESERVES:
      /* Keep everything on the table unless the mission insists: `end` first, then the
       * last waiting platoons (headquarters usually come first in a roster). */
      add_try(c, "end");
      for (int i = v->nplatoons - 1; i >= 0; i--)
        if (v->platoons[i].state == MURK_PLATOON_WAITING)
          add_try(c, "reserve %d", v->platoons[i].index + 1);
      return;
    case MURK_PHASE_DEPLOY:
    default: {
      /* A setup phase this file does not know with platoons still waiting (independent
       * teams deploying last, say) gets the same tries as deployment. */
      bool deploying = v->phase == MURK_PHASE_DEPLOY;
      /* Platoons in roster order, independent and warrior teams last (seed 001, Preparing
       * for Battle). The first gets most tries; the others a few each, in case a rule this
       * file does not know wants another first; each round starts one further on. Then
       * the dummies (one round of tries: a mission may give none), then `end`. */
      int order[MURK_MISSION_MAX_PLATOONS], n = 0;
      for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < v->nplatoons && n < MURK_MISSION_MAX_PLATOONS; i++) {
          const struct murk_view_platoon* pl = &v->platoons[i];
          bool last = (pl->flags & (MURK_PF(INDEPENDENT) | MURK_PF(WARRIOR))) != 0;
          if (pl->state == MURK_PLATOON_WAITING && last == (pass == 1)) order[n++] = pl->index;
        }
      for (int k = 0; k < n; k++) {
        char what[16];
        snprintf(what, sizeof what, "%d", order[(k + round) % n] + 1);
        deploy_tries(c, what, round, k == 0 ? SETUP_DRAWS : 3);
      }
      if (n == 0 && round == 0 && deploying) deploy_tries(c, "dummy", round, SETUP_DRAWS);
      return;
    }
  }
}

static void greedy_play(struct ctx* c) {
  const struct murk_view* v = c->v;
  switch (v->step) {
    case MURK_STEP_MOVEMENT:
      /* A hidden platoon on an objective it must take shows itself: only teams take. */
      for (int i = 0; i < c->nunits; i++) {
        const struct unit* u = &c->units[i];
        if (!u->hidden || u->dummy) continue;
        for (int k = 0; k < c->ntake; k++)
          if (dist(c, u->pos, c->take[k]) <= 1) {
            add_try(c, "reveal %s", u->handle);
            break;
          }
      }
      for (int i = 0; i < c->nunits; i++) {
        const struct unit* u = &c->units[i];
        struct murk_pos goal;
        int near;
        if (u->moved || u->bogged || !goal_of(c, u, i, &goal, &near)) continue;
        try_moves_toward(c, u, goal, near);
      }
      break;
    case MURK_STEP_SHOOTING:
    case MURK_STEP_ASSAULT: {
      bool shooting = v->step == MURK_STEP_SHOOTING;
      int reach = shooting ? REVEAL_TO_SHOOT : ASSAULT_TRIES_RANGE;
      if (shooting && word_in(v->prompt, "spot")) add_try(c, "spot");
      /* Hidden platoons within reach of a revealed enemy show themselves to fight. */
      for (int i = 0; i < c->nunits; i++) {
        const struct unit* u = &c->units[i];
        if (!u->hidden || u->dummy) continue;
        int g;
        if (nearest_platoon_foe(c, u, &g) >= 0 && g <= reach) add_try(c, "reveal %s", u->handle);
      }
      /* Each revealed platoon at the nearest revealed enemies in reach, nearest first. */
      for (int i = 0; i < c->nunits; i++) {
        const struct unit* u = &c->units[i];
        if (u->hidden) continue;
        int order[3], gaps[3], no = 0; /* the three nearest, nearest first */
        int limit = shooting ? SHOOT_TRIES_RANGE : ASSAULT_TRIES_RANGE;
        for (int f = 0; f < c->nfoes; f++) {
          if (!c->foes[f].platoon) continue;
          int g = gap(c, u->platoon, u->pos, c->foes[f].number);
          if (g > limit || (no == 3 && g >= gaps[2])) continue;
          int k = no < 3 ? no++ : 2;
          for (; k > 0 && gaps[k - 1] > g; k--) order[k] = order[k - 1], gaps[k] = gaps[k - 1];
          order[k] = f;
          gaps[k] = g;
        }
        for (int k = 0; k < no; k++)
          add_try(c, "%s %s at P%d", shooting ? "shoot" : "assault", u->handle,
                  c->foes[order[k]].number);
      }
      break;
    }
    default:
      break;
  }
}

/* The verbs of the phase this file knows how to use (a mask of command kinds). */
static unsigned known_verbs(const struct murk_view* v) {
  switch (v->phase) {
    case MURK_PHASE_OBJECTIVES:
      return KIND(OBJECTIVE);
    case MURK_PHASE_RESERVES:
      return KIND(RESERVE);
    case MURK_PHASE_DEPLOY:
      return KIND(DEPLOY);
    case MURK_PHASE_PLAY:
      /* dis (seed 002) is left alone: the counters follow their leader, and reshaping a
       * wing's area from random cells would be refused nearly every time. */
      return KIND(MOVE) | KIND(DIS) | KIND(REVEAL) | KIND(SPOT) | KIND(SHOOT) | KIND(ASSAULT);
    default:
      return 0;
  }
}

/* `count` fillings of the usage of the given verbs. */
static void generic_tries(struct ctx* c, const enum murk_command_kind* verbs, int nverbs,
                          int count) {
  for (int i = 0; i < (nverbs > 0 ? count : 0); i++) {
    char line[MURK_POLICY_LINE];
    generic_line(c, verbs, nverbs, line, sizeof line);
    add_line(c, line);
  }
}

/* Arrivals due now, at the free cells the view lists for them: an arrival must come on
 * before the step can end, and guessing cells from the prompt's words can miss them all. */
static void arrival_tries(struct ctx* c) {
  const struct murk_view* v = c->v;
  for (int i = 0; i < v->nplatoons; i++) {
    const struct murk_view_platoon* pl = &v->platoons[i];
    if (!pl->may_arrive) continue;
    for (int a = 0; a < v->narrivals; a++) {
      const struct murk_view_arrival* ar = &v->arrivals[a];
      if (ar->kind != pl->reserve || ar->ncells == 0 || ar->anywhere) continue;
      /* The first eight cells, the view's whole list until it held them all: the same
       * choices, so the same `murk sim` games. */
      int ncells = ar->ncells < 8 ? ar->ncells : 8;
      for (int k = 0; k < 3; k++) {
        char at[24];
        pos_text(ar->cells[pick(c->rng, ncells)], at, sizeof at);
        add_try(c, "arrive %d at %s", pl->index + 1, at);
      }
    }
  }
}

static void greedy(struct ctx* c, int round) {
  const struct murk_view* v = c->v;
  unsigned known = known_verbs(v);
  enum murk_command_kind verbs[MURK_CMD_COUNT], all[MURK_CMD_COUNT];
  int nverbs = other_verbs(c, known, false, verbs);
  int nall = other_verbs(c, known, true, all);
  /* Verbs the prompt asks for that this file does not know come first (an arrival is
   * usually wanted before moving on): a few random fillings. */
  if (v->phase == MURK_PHASE_PLAY) arrival_tries(c);
  generic_tries(c, verbs, nverbs, GENERIC_TRIES);
  if (v->phase == MURK_PHASE_PLAY) {
    if (round == 0) greedy_play(c);
  } else {
    greedy_setup(c, round);
  }
  /* A later round means every try and `end` were refused: something is due that the
   * prompt may not name, so every verb of the command list this file does not know. */
  if (round > 0) generic_tries(c, all, nall, 2 * GENERIC_TRIES);
  /* Out of ideas: `end` (all an unknown phase gets besides the prompt's verbs). */
  add_try(c, "end");
}

/* ---- random ---- */

static const struct unit* random_unit(struct ctx* c, bool revealed_only, bool hidden_only) {
  int ok = 0;
  for (int i = 0; i < c->nunits; i++) {
    const struct unit* u = &c->units[i];
    if ((revealed_only && u->hidden) || (hidden_only && (!u->hidden || u->dummy))) continue;
    ok++;
  }
  if (ok == 0) return NULL;
  int want = pick(c->rng, ok);
  for (int i = 0; i < c->nunits; i++) {
    const struct unit* u = &c->units[i];
    if ((revealed_only && u->hidden) || (hidden_only && (!u->hidden || u->dummy))) continue;
    if (want-- == 0) return u;
  }
  return NULL;
}

static void random_play(struct ctx* c, int roll, char* buf, size_t n) {
  const struct murk_view* v = c->v;
  char ps[16];
  const struct unit* u;
  switch (v->step) {
    case MURK_STEP_MOVEMENT:
      if (roll < 15) break;
      if (roll < 25 && (u = random_unit(c, false, true)) != NULL) {
        texts(buf, n, "reveal ", u->handle, (char*)NULL);
        return;
      }
      if ((u = random_unit(c, false, false)) != NULL) {
        pos_text(near_cell(c, u->pos, 1 + pick(c->rng, 6)), ps, sizeof ps);
        texts(buf, n, "move ", u->handle, " to ", ps, (char*)NULL);
        return;
      }
      break;
    case MURK_STEP_SHOOTING:
    case MURK_STEP_ASSAULT: {
      bool shooting = v->step == MURK_STEP_SHOOTING;
      if (shooting && roll < 50 && word_in(v->prompt, "spot")) {
        texts(buf, n, "spot", (char*)NULL);
        return;
      }
      if (roll < (shooting ? 30 : 45)) break;
      if (roll < 40 && (u = random_unit(c, false, true)) != NULL) {
        texts(buf, n, "reveal ", u->handle, (char*)NULL);
        return;
      }
      u = random_unit(c, true, false);
      int platoons = 0;
      for (int i = 0; i < c->nfoes; i++) platoons += c->foes[i].platoon;
      if (!u || platoons == 0) break;
      int want = pick(c->rng, platoons), num = 0;
      for (int i = 0; i < c->nfoes; i++)
        if (c->foes[i].platoon && want-- == 0) num = c->foes[i].number;
      char pn[16];
      handle_text(pn, sizeof pn, "P", num);
      texts(buf, n, shooting ? "shoot " : "assault ", u->handle, " at ", pn, (char*)NULL);
      return;
    }
    default:
      break;
  }
  texts(buf, n, "end", (char*)NULL);
}

/* One random command for the phase. */
static void random_one(struct ctx* c, const enum murk_command_kind* verbs, int nverbs,
                       const enum murk_command_kind* all, int nall, unsigned known, char* line,
                       size_t n) {
  const struct murk_view* v = c->v;
  char ps[16];
  int roll = pick(c->rng, 100);
  /* Now and then a verb of the prompt this file does not know; in a phase it does not
   * know, mostly those (any verb when the prompt names none), and `end`. */
  if (known == 0) {
    /* Platoons still waiting in a setup phase this file does not know may well be
     * wanted on the table now (independent teams deploying last, say). */
    int p = v->phase == MURK_PHASE_PLAY ? -1 : random_platoon(c, MURK_PLATOON_WAITING);
    if (roll >= 75) {
      texts(line, n, "end", (char*)NULL);
    } else if (roll < 35 && p >= 0) {
      pos_text(zone_cell(c), ps, sizeof ps);
      char pn[16];
      handle_text(pn, sizeof pn, "", p + 1);
      texts(line, n, "deploy ", pn, " at ", ps, (char*)NULL);
    } else {
      generic_line(c, nverbs > 0 ? verbs : all, nverbs > 0 ? nverbs : nall, line, n);
    }
    return;
  }
  if (nverbs > 0 && roll < 20) {
    generic_line(c, verbs, nverbs, line, n);
    return;
  }
  switch (v->phase) {
    case MURK_PHASE_OBJECTIVES:
      pos_text(table_cell(c), ps, sizeof ps);
      texts(line, n, "objective at ", ps, (char*)NULL);
      return;
    case MURK_PHASE_RESERVES: {
      int p = random_platoon(c, MURK_PLATOON_WAITING);
      if (roll < 50 || p < 0) {
        texts(line, n, "end", (char*)NULL);
      } else {
        static const char* const kinds[] = {"", " delayed", " scattered", " mobile"};
        char pn[16];
        handle_text(pn, sizeof pn, "", p + 1);
        texts(line, n, "reserve ", pn, roll < 85 ? "" : kinds[pick(c->rng, 4)], (char*)NULL);
      }
      return;
    }
    case MURK_PHASE_DEPLOY: {
      int p = random_platoon(c, MURK_PLATOON_WAITING);
      pos_text(zone_cell(c), ps, sizeof ps);
      /* `end` now and then even with platoons waiting: some deploy in a later phase
       * (independent and warrior teams, infiltrators). */
      if ((p < 0 && roll < 50) || roll >= 92)
        texts(line, n, "end", (char*)NULL);
      else if (p < 0 || roll < 15)
        texts(line, n, "deploy dummy at ", ps, (char*)NULL);
      else {
        char pn[16];
        handle_text(pn, sizeof pn, "", p + 1);
        texts(line, n, "deploy ", pn, " at ", ps, (char*)NULL);
      }
      return;
    }
    case MURK_PHASE_PLAY:
      random_play(c, roll, line, n);
      return;
    default:
      texts(line, n, "end", (char*)NULL);
      return;
  }
}

/* Random draws. During play a round is a few draws and then `end` (which the game takes
 * there unless something is due); in setup, rounds of draws until the game takes one. */
#define RANDOM_DRAWS 8

static void random_policy(struct ctx* c, int round) {
  const struct murk_view* v = c->v;
  unsigned known = known_verbs(v);
  enum murk_command_kind verbs[MURK_CMD_COUNT], all[MURK_CMD_COUNT];
  int nverbs = other_verbs(c, known, false, verbs);
  int nall = other_verbs(c, known, true, all);
  if (v->phase == MURK_PHASE_PLAY) arrival_tries(c);
  if (v->phase == MURK_PHASE_PLAY && round > 0) {
    /* The draws were all refused and so was `end`: something is due (a withdrawal the
     * schedule calls for, an arrival), so the prompt's verbs, then any this file does not
     * know. */
    generic_tries(c, verbs, nverbs, RANDOM_DRAWS);
    generic_tries(c, all, nall, RANDOM_DRAWS);
    add_try(c, "end");
    return;
  }
  /* A phase this file does not know, whose prompt names no verb: `end` first. */
  if (known == 0 && nverbs == 0 && round == 0) {
    add_try(c, "end");
    return;
  }
  int draws = v->phase == MURK_PHASE_PLAY ? RANDOM_DRAWS : 2 * RANDOM_DRAWS;
  for (int i = 0; i < draws; i++) {
    char line[MURK_POLICY_LINE];
    random_one(c, verbs, nverbs, all, nall, known, line, sizeof line);
    add_line(c, line);
  }
  if (round > 1) generic_tries(c, all, nall, RANDOM_DRAWS / 2);
  if (v->phase == MURK_PHASE_PLAY || known == 0) add_try(c, "end");
}

void murk_policy_plan_free(struct murk_policy_plan* plan) {
  if (!plan) return;
  murk_free(plan->lines);
  murk_free(plan->nbr);
  if (plan->memo) {
    for (int i = 0; i < FIELDSETS; i++) {
      drop_fields(&plan->memo->sets[i]);
      murk_free(plan->memo->sets[i].cost);
    }
    murk_free(plan->memo);
  }
  memset(plan, 0, sizeof *plan);
}

int murk_policy_plan(enum murk_policy p, const struct murk_view* v, struct murk_rng* rng, int round,
                     struct murk_policy_plan* plan) {
  if (!plan) return MURK_EINVAL;
  plan->n = 0;
  if (!v || !rng) return MURK_EINVAL;
  if (v->side == MURK_NO_SIDE || v->side != v->to_act || v->phase == MURK_PHASE_OVER)
    return MURK_EINVAL;
  if ((int)p < 0 || p >= MURK_POLICY_COUNT) return MURK_EINVAL;
  if (round < 0) round = 0;
  struct ctx c;
  int rc = ctx_init(&c, v, rng, plan);
  if (rc == MURK_OK) {
    if (p == MURK_POLICY_GREEDY)
      greedy(&c, round);
    else
      random_policy(&c, round);
    if (c.oom) rc = MURK_ENOMEM;
  }
  ctx_free(&c);
  if (rc != MURK_OK) plan->n = 0;
  return rc;
}
