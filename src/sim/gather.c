/* gather.c: what one side's view shows, gathered once per decision (players.h), and the
 * cells the players draw from it. */
#include <string.h>

#include "murk/alloc.h"
#include "murk/error.h"
#include "players.h"

/* Cost of entering a cell: roads are quickest for templates (Luneville, Moving platoons),
 * difficult ground slowest and it bogs. 0: cannot enter. Must match paths.c's bound. */
static unsigned char terrain_cost(const struct murk_terrain* t) {
  if (!t) return 0;
  switch (t->cls) {
    case MURK_TERRAIN_ROAD:
      return 2;
    case MURK_TERRAIN_DIFFICULT:
      return 6;
    case MURK_TERRAIN_IMPASSABLE:
    case MURK_TERRAIN_WATER:
      return 0;
    default:
      return 3;
  }
}

/* Room for n elements of `size` at *p (which has room for *cap); contents not kept. */
static bool room(void* pp, size_t* cap, size_t n, size_t size) {
  void** p = pp;
  if (*p && n <= *cap) return true;
  size_t want = *cap ? *cap : 16;
  while (want < n) want *= 2;
  murk_free(*p);
  *p = murk_malloc(want * size);
  *cap = *p ? want : 0;
  return *p != NULL;
}

/* The entering costs of the terrain alone, by cell: made once per map and kept. */
static const unsigned char* base_costs(struct murk_policy_memo* mm, const struct murk_view* v,
                                       size_t cells) {
  if (mm->base && mm->base_map == v->map && mm->base_terrain == v->terrain &&
      mm->base_nterrain == v->nterrain && mm->base_w == v->grid.width &&
      mm->base_h == v->grid.height)
    return mm->base;
  murk_free(mm->base);
  mm->base = murk_calloc(cells ? cells : 1, 1);
  if (!mm->base) return NULL;
  unsigned char by_legend[256];
  for (int t = 0; t < 256; t++) by_legend[t] = t < v->nterrain ? terrain_cost(&v->terrain[t]) : 0;
  if (v->map)
    for (size_t i = 0; i < cells; i++) mm->base[i] = by_legend[v->map[i]];
  mm->base_map = v->map;
  mm->base_terrain = v->terrain;
  mm->base_nterrain = v->nterrain;
  mm->base_w = v->grid.width;
  mm->base_h = v->grid.height;
  return mm->base;
}

void sim_ctx_free(struct ctx* c) {
  /* The scratch arrays belong to the plan's memo. */
  (void)c;
}

/* Group the teams of `owner` the view shows by platoon (own) or by marker number (enemy),
 * into the memo's arrays of group `which`. */
static int group_teams(struct murk_policy_memo* mm, int which, struct groups* g,
                       const struct murk_view* v, enum murk_side owner, bool by_marker) {
  int n = 0;
  for (int i = 0; i < v->nteams; i++) {
    const struct murk_view_team* t = &v->teams[i];
    int key = by_marker ? t->marker : t->platoon;
    if (t->owner == owner && key >= n) n = key + 1;
  }
  if (!room(&mm->group_first[which], &mm->cap_group_first[which], (size_t)n * 2 + 1,
            sizeof *mm->group_first[which]) ||
      !room(&mm->group_pos[which], &mm->cap_group_pos[which], (size_t)v->nteams + 1,
            sizeof *mm->group_pos[which]) ||
      !room(&mm->group_fill, &mm->cap_group_fill, (size_t)n + 1, sizeof *mm->group_fill))
    return MURK_ENOMEM;
  g->n = n;
  g->first = mm->group_first[which];
  g->pos = mm->group_pos[which];
  memset(g->first, 0, ((size_t)n * 2 + 1) * sizeof *g->first);
  g->count = g->first + n;
  for (int i = 0; i < v->nteams; i++) {
    const struct murk_view_team* t = &v->teams[i];
    int key = by_marker ? t->marker : t->platoon;
    if (t->owner == owner && key >= 0) g->count[key]++;
  }
  for (int k = 1; k < n; k++) g->first[k] = g->first[k - 1] + g->count[k - 1];
  int* fill = mm->group_fill;
  memset(fill, 0, ((size_t)n + 1) * sizeof *fill);
  for (int i = 0; i < v->nteams; i++) {
    const struct murk_view_team* t = &v->teams[i];
    int key = by_marker ? t->marker : t->platoon;
    if (t->owner == owner && key >= 0) g->pos[g->first[key] + fill[key]++] = t->pos;
  }
  return MURK_OK;
}

int sim_ctx_group(struct ctx* c) {
  if (c->grouped) return MURK_OK;
  c->grouped = true;
  struct murk_policy_memo* mm = c->plan->memo;
  if (group_teams(mm, 0, &c->own_teams, c->v, c->me, false) != MURK_OK ||
      group_teams(mm, 1, &c->foe_teams, c->v, c->enemy, true) != MURK_OK) {
    c->oom = true;
    c->own_teams.n = c->foe_teams.n = 0;
    return MURK_ENOMEM;
  }
  return MURK_OK;
}

/* Marker numbers this side moved in the current step: the MOVE events since the last PHASE
 * event (every step begins with one), as bits. Numbers past the bitmap get a search of their
 * own (moved_far). */
#define MOVED_BITS 1024
static bool moved_far(const struct murk_view* v, enum murk_side me, int number) {
  for (size_t i = v->nevents; i-- > 0;) {
    const struct murk_event* e = &v->events[i];
    if (e->kind == MURK_EV_PHASE) break;
    if (e->kind == MURK_EV_MOVE && e->side == me && e->marker == number) return true;
  }
  return false;
}

static bool moved_this_step(const struct murk_view* v, enum murk_side me,
                            const unsigned char* moved, int number) {
  if (number <= 0) return false;
  if (number < MOVED_BITS) return (moved[number / 8] >> (number % 8)) & 1;
  return moved_far(v, me, number);
}

void sim_memo_numbers_free(struct murk_policy_memo* mm) {
  murk_free(mm->own_marker);
  murk_free(mm->foe_lead);
  murk_free(mm->own_marker_stamp);
  murk_free(mm->foe_lead_stamp);
  mm->own_marker = mm->foe_lead = NULL;
  mm->own_marker_stamp = mm->foe_lead_stamp = NULL;
}

/* Enemy markers and teams block a path; anything stands in the way of ending there. */
void sim_ctx_maps(struct ctx* c) {
  if (c->maps) return;
  c->maps = true;
  const struct murk_view* v = c->v;
  /* The table's size in locals: the byte maps' stores may alias anything, so the compiler
   * would read c->w and c->h again after each (as every count through a pointer). */
  const unsigned w = (unsigned)c->w, h = (unsigned)c->h;
  enum murk_side me = c->me;
  unsigned char* cost = c->cost;
  unsigned char* busy = c->busy;
  memcpy(cost, c->base, (size_t)w * h);
  memset(busy, 0, (size_t)w * h);
  /* Works built in setup stand over the map (No Man's Land's trench lines and wire). */
  for (int i = 0; i < v->nworks; i++) {
    unsigned x = (unsigned)v->works[i].at.x, y = (unsigned)v->works[i].at.y;
    int t = v->works[i].terrain;
    if (x < w && y < h && t >= 0 && t < v->nterrain)
      cost[(size_t)y * w + x] = terrain_cost(&v->terrain[t]);
  }
  const struct murk_view_marker* markers = v->markers;
  for (int i = 0, n = v->nmarkers; i < n; i++) {
    unsigned x = (unsigned)markers[i].pos.x, y = (unsigned)markers[i].pos.y;
    if (!markers[i].on_table || x >= w || y >= h) continue;
    busy[(size_t)y * w + x] = 1;
    if (markers[i].owner != me) cost[(size_t)y * w + x] = 0;
  }
  const struct murk_view_team* teams = v->teams;
  for (int i = 0, n = v->nteams; i < n; i++) {
    unsigned x = (unsigned)teams[i].pos.x, y = (unsigned)teams[i].pos.y;
    if (x >= w || y >= h) continue;
    busy[(size_t)y * w + x] = 1;
    if (teams[i].owner != me) cost[(size_t)y * w + x] = 0;
  }
}

int sim_ctx_init(struct ctx* c, const struct murk_view* v, struct murk_rng* rng,
                 struct murk_policy_plan* plan, bool lazy_maps) {
  memset(c, 0, sizeof *c);
  c->v = v;
  c->rng = rng;
  c->plan = plan;
  c->me = v->side;
  c->enemy = murk_side_other(v->side);
  /* Ending the battle by choice is the answer's alone (policy.c): no player draws it. */
  c->verbs = v->verbs & ~(KIND(CONCEDE) | KIND(OFFER) | KIND(ACCEPT) | KIND(REFUSE));
  c->w = v->grid.width > 0 ? v->grid.width : 0;
  c->h = v->grid.height > 0 ? v->grid.height : 0;
  size_t cells = (size_t)c->w * (size_t)c->h;
  if (!plan->memo) plan->memo = murk_calloc(1, sizeof *plan->memo);
  struct murk_policy_memo* mm = plan->memo;
  if (!mm) return MURK_ENOMEM;
  size_t ncells = cells ? cells : 1;
  if (!room(&mm->cost, &mm->cap_cost, ncells, 1) || !room(&mm->busy, &mm->cap_busy, ncells, 1) ||
      !room(&mm->units, &mm->cap_units, (size_t)v->nmarkers + (size_t)v->nplatoons + 1,
            sizeof *mm->units) ||
      !room(&mm->foes, &mm->cap_foes, (size_t)v->nmarkers + 1, sizeof *mm->foes) ||
      !room(&mm->objs, &mm->cap_objs, 2 * (size_t)v->nobjectives + 1, sizeof *mm->objs) ||
      !room(&mm->kinds, &mm->cap_kinds,
            SIM_KINDS * ((size_t)v->nmarkers + (size_t)v->nplatoons + 1), sizeof *mm->kinds))
    return MURK_ENOMEM;
  for (int k = 0; k < SIM_KINDS; k++)
    c->kind_list[k] = mm->kinds + (size_t)k * ((size_t)v->nmarkers + (size_t)v->nplatoons + 1);
  c->cost = mm->cost;
  c->busy = mm->busy;
  c->units = mm->units;
  c->foes = mm->foes;
  c->take = mm->objs;
  c->guard = mm->objs + v->nobjectives;
  c->base = base_costs(mm, v, cells);
  if (!c->base) return MURK_ENOMEM;

  /* By tables of marker numbers kept in the memo (players.h): whether the marker of a
   * revealed own platoon is bogged (the first own marker of its number, as
   * murk_view_marker_by_number finds it) and an enemy platoon's place (its first team).
   * An entry counts where its stamp is this decision's; numbers past the tables, and views
   * too long for a short, get searches. */
  if (!mm->own_marker || !mm->foe_lead || !mm->own_marker_stamp || !mm->foe_lead_stamp ||
      mm->number_stamp == UINT_MAX) {
    sim_memo_numbers_free(mm);
    mm->own_marker = murk_malloc(SIM_NUMBERS * sizeof *mm->own_marker);
    mm->foe_lead = murk_malloc(SIM_NUMBERS * sizeof *mm->foe_lead);
    mm->own_marker_stamp = murk_calloc(SIM_NUMBERS, sizeof *mm->own_marker_stamp);
    mm->foe_lead_stamp = murk_calloc(SIM_NUMBERS, sizeof *mm->foe_lead_stamp);
    mm->number_stamp = 0;
    if (!mm->own_marker || !mm->foe_lead || !mm->own_marker_stamp || !mm->foe_lead_stamp) {
      sim_memo_numbers_free(mm);
      return MURK_ENOMEM;
    }
  }
  unsigned stamp = ++mm->number_stamp;
  short* own_marker = mm->own_marker;
  short* foe_lead = mm->foe_lead;
  unsigned* own_stamp = mm->own_marker_stamp;
  unsigned* foe_stamp = mm->foe_lead_stamp;
  bool tables = v->nmarkers <= SHRT_MAX && v->nteams <= SHRT_MAX;
  enum murk_side me = c->me, enemy = c->enemy;
  const struct murk_view_marker* markers = v->markers;
  int nmarkers = v->nmarkers;
  /* The first team of each own platoon and of each revealed enemy marker, in one pass over
   * the teams: from the last, each team writing over what a later one wrote (no test of
   * what is there). */
  int own_lead[MURK_MISSION_MAX_PLATOONS];
  for (int k = 0; k < MURK_MISSION_MAX_PLATOONS; k++) own_lead[k] = -1;
  const struct murk_view_team* teams = v->teams;
  int nteams = v->nteams;
  for (int i = nteams - 1; i >= 0; i--) {
    const struct murk_view_team* t = &teams[i];
    enum murk_side owner = t->owner;
    if (owner == me) {
      int pl = t->platoon;
      if ((unsigned)pl < MURK_MISSION_MAX_PLATOONS) own_lead[pl] = i;
    } else if (tables && owner == enemy) {
      int mk = t->marker;
      if ((unsigned)mk < SIM_NUMBERS) {
        foe_stamp[mk] = stamp;
        foe_lead[mk] = (short)i;
      }
    }
  }
  unsigned char moved[MOVED_BITS / 8];
  memset(moved, 0, sizeof moved);
  for (size_t i = v->nevents; i-- > 0;) {
    const struct murk_event* e = &v->events[i];
    if (e->kind == MURK_EV_PHASE) break;
    if (e->kind == MURK_EV_MOVE && e->side == me && e->marker > 0 && e->marker < MOVED_BITS)
      moved[e->marker / 8] |= (unsigned char)(1u << (e->marker % 8));
  }

  /* Own templates (hidden platoons and dummies) and enemy markers in one pass, then own
   * revealed platoons. Enemy templates by their public place; revealed platoons by their
   * first team. Nothing else of an enemy marker is read: its contents are the enemy's
   * secret until revealed. In the same pass: the first own marker of each number. */
  for (int i = 0; i < nmarkers; i++) {
    const struct murk_view_marker* m = &markers[i];
    enum murk_side owner = m->owner;
    int number = m->number;
    if (tables && owner == me && (unsigned)number < SIM_NUMBERS && own_stamp[number] != stamp) {
      own_stamp[number] = stamp;
      own_marker[number] = (short)i;
    }
    if (owner == me) {
      if (!m->on_table) continue;
      struct unit* u = &c->units[c->nunits++];
      memset(u, 0, sizeof *u);
      u->ref.kind = MURK_REF_MARKER;
      u->ref.n = m->number;
      u->number = m->number;
      u->platoon = m->dummy ? -1 : m->platoon;
      u->pos = m->pos;
      u->hidden = true;
      u->dummy = m->dummy;
      u->bogged = m->bogged;
      u->moved = moved_this_step(v, me, moved, m->number);
      continue;
    }
    if (owner != enemy) continue;
    struct foe f = {number, false, m->pos, false};
    if (!m->on_table) {
      if (!m->revealed) continue;
      const struct murk_view_team* lead = NULL;
      if (m->number >= 0 && m->number < SIM_NUMBERS && tables) {
        if (foe_stamp[m->number] == stamp) lead = &teams[foe_lead[m->number]];
      } else {
        for (int k = 0; k < nteams && !lead; k++)
          if (teams[k].owner == enemy && teams[k].marker == m->number) lead = &teams[k];
      }
      if (!lead) continue; /* a dummy taken off, or a platoon with no teams left */
      f.platoon = true;
      f.pos = lead->pos;
    }
    c->foes[c->nfoes++] = f;
  }
  for (int i = 0; i < v->nplatoons; i++) {
    const struct murk_view_platoon* p = &v->platoons[i];
    if (p->state != MURK_PLATOON_REVEALED) continue;
    int lead = p->index >= 0 && p->index < MURK_MISSION_MAX_PLATOONS ? own_lead[p->index] : -1;
    if (lead < 0) continue;
    const struct murk_view_marker* m = NULL;
    if (p->marker > 0 && p->marker < SIM_NUMBERS && tables)
      m = own_stamp[p->marker] == stamp ? &markers[own_marker[p->marker]] : NULL;
    else if (p->marker > 0)
      m = murk_view_marker_by_number(v, v->side, p->marker);
    struct unit* u = &c->units[c->nunits++];
    memset(u, 0, sizeof *u);
    u->ref = sim_own(p->index);
    u->number = p->marker;
    u->platoon = p->index;
    u->pos = teams[lead].pos;
    u->bogged = m && m->bogged;
    u->moved = moved_this_step(v, me, moved, p->marker);
    u->shot = p->shot;
    u->assaulted = p->assaulted;
  }

  for (int i = 0; i < v->nobjectives; i++) {
    const struct murk_view_objective* o = &v->objectives[i];
    if (o->for_side == c->me || o->for_side == MURK_NO_SIDE) c->take[c->ntake++] = o->pos;
    if (o->for_side == c->enemy) c->guard[c->nguard++] = o->pos;
  }
  if (!lazy_maps) sim_ctx_maps(c);
  return MURK_OK;
}

/* ---- cells ---- */

struct murk_pos sim_random_cell(struct ctx* c) {
  struct murk_pos p = {sim_pick(c->rng, c->w), sim_pick(c->rng, c->h)};
  return p;
}

void sim_region_box(const struct ctx* c, const struct murk_region* r, struct murk_pos* from,
                    struct murk_pos* to) {
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
  from->x = x0, from->y = y0, to->x = x1, to->y = y1;
}

/* A cell of a region, drawn from its bounding rows and columns (sim_region_box). Keep-out
 * bands are left to the game to enforce. */
static struct murk_pos region_cell(struct ctx* c, const struct murk_region* r) {
  struct murk_pos a, b;
  sim_region_box(c, r, &a, &b);
  int x0 = a.x, y0 = a.y, x1 = b.x, y1 = b.y;
  if (x1 < x0 || y1 < y0) return sim_random_cell(c);
  struct murk_pos p = {x0 + sim_pick(c->rng, x1 - x0 + 1), y0 + sim_pick(c->rng, y1 - y0 + 1)};
  return p;
}

/* A free cell of the view's placement cells, if it lists any: a few draws. */
static bool place_cell(struct ctx* c, struct murk_pos* out) {
  const struct murk_view* v = c->v;
  if (v->nplace_cells <= 0) return false;
  struct murk_pos p = v->place_cells[sim_pick(c->rng, v->nplace_cells)];
  for (int i = 0; i < 32 && !sim_cell_free(c, p); i++)
    p = v->place_cells[sim_pick(c->rng, v->nplace_cells)];
  *out = p;
  return true;
}

struct murk_pos sim_zone_cell(struct ctx* c) {
  sim_ctx_maps(c);
  struct murk_pos at;
  if (c->v->phase != MURK_PHASE_OBJECTIVES && place_cell(c, &at)) return at;
  static const struct murk_region whole = {MURK_REGION_WHOLE, MURK_NORTH, {0, 0}, {0, 0}};
  const struct murk_region* r = c->v->own_zone ? &c->v->own_zone->region : &whole;
  /* An area in parts (Surrounded's two ends): any part, so each can get its platoon. */
  int parts = c->v->own_zone ? 1 + c->v->nown_more_zones : 1;
  int k = sim_pick(c->rng, parts);
  if (k > 0) r = &c->v->own_more_zones[k - 1].region;
  struct murk_pos p = region_cell(c, r);
  for (int i = 0; i < 32 && !sim_cell_free(c, p); i++) p = region_cell(c, r);
  return p;
}

struct murk_pos sim_table_cell(struct ctx* c) {
  sim_ctx_maps(c);
  struct murk_pos p;
  if (c->v->phase == MURK_PHASE_OBJECTIVES && place_cell(c, &p)) return p;
  p = sim_random_cell(c);
  for (int i = 0; i < 32 && !sim_cell_free(c, p); i++) p = sim_random_cell(c);
  return p;
}

struct murk_pos sim_near_cell(struct ctx* c, struct murk_pos p, int radius) {
  sim_ctx_maps(c);
  struct murk_pos q = p;
  for (int i = 0; i < 16; i++) {
    struct murk_pos r = {p.x + sim_pick(c->rng, 2 * radius + 1) - radius,
                         p.y + sim_pick(c->rng, 2 * radius + 1) - radius};
    if (sim_on_table(c, r) && sim_dist(c, p, r) <= radius) {
      q = r;
      if (sim_cell_free(c, r)) break;
    }
  }
  return q;
}

/* ---- units ---- */

int sim_random_platoon(struct ctx* c, enum murk_platoon_state state) {
  const struct murk_view* v = c->v;
  int ok = 0;
  for (int i = 0; i < v->nplatoons; i++) ok += v->platoons[i].state == state;
  if (ok == 0) return -1;
  int want = sim_pick(c->rng, ok);
  for (int i = 0; i < v->nplatoons; i++)
    if (v->platoons[i].state == state && want-- == 0) return v->platoons[i].index;
  return -1;
}

static bool unit_fits(const struct unit* u, int which) {
  switch (which) {
    case SIM_REVEALED:
      return !u->hidden;
    case SIM_HIDDEN_PLATOON:
      return u->hidden && !u->dummy;
    case SIM_MOVER:
      return !u->moved;
    case SIM_SHOOTER:
      return !u->hidden && !u->shot;
    case SIM_ASSAULTER:
      return !u->hidden && !u->assaulted;
    default:
      return true;
  }
}

const struct unit* sim_random_unit(struct ctx* c, int which) {
  if (which < 0 || which >= SIM_KINDS) which = SIM_ANY;
  /* The units of the kind, listed once a decision (they do not change within one). */
  if (!c->kind_done[which]) {
    int n = 0;
    for (int i = 0; i < c->nunits; i++)
      if (unit_fits(&c->units[i], which)) c->kind_list[which][n++] = i;
    c->kind_n[which] = n;
    c->kind_done[which] = true;
  }
  int ok = c->kind_n[which];
  if (ok == 0) return NULL;
  return &c->units[c->kind_list[which][sim_pick(c->rng, ok)]];
}

int sim_nearest(const struct ctx* c, struct murk_pos p, const struct murk_pos* set, int n) {
  int best = -1, bd = INT_MAX;
  for (int i = 0; i < n; i++) {
    int d = sim_dist(c, p, set[i]);
    if (d < bd) bd = d, best = i;
  }
  return best;
}

int sim_gap(struct ctx* c, int platoon, struct murk_pos at, int number) {
  if (sim_ctx_group(c) != MURK_OK) return INT_MAX;
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
      int d = sim_dist(c, from[k], f->pos[i]);
      if (d < best) best = d;
    }
  return best;
}

bool sim_unit_near(struct ctx* c, const struct unit* u, int foe, int reach) {
  struct murk_policy_memo* mm = c->plan->memo;
  size_t n = (size_t)c->nunits * (size_t)c->nfoes;
  if (!c->gaps) {
    if (!room(&mm->gaps, &mm->cap_gaps, n + 1, sizeof *mm->gaps)) {
      c->oom = true;
      return false;
    }
    c->gaps = mm->gaps;
    for (size_t i = 0; i < n; i++) c->gaps[i] = -1;
  }
  int* at = &c->gaps[(size_t)(u - c->units) * (size_t)c->nfoes + (size_t)foe];
  if (*at >= 0) return *at != 0;
  *at = 0;
  /* sim_gap's pairs, stopping at the first within reach; a pair more rows or columns apart
   * than the reach is not measured (a distance is at least both, docs/geometry.md). */
  if (sim_ctx_group(c) != MURK_OK) return false;
  const struct groups* f = &c->foe_teams;
  const struct groups* o = &c->own_teams;
  int number = c->foes[foe].number;
  if (number < 0 || number >= f->n) return false;
  const struct murk_pos* from = &u->pos;
  int nfrom = 1;
  if (u->platoon >= 0 && u->platoon < o->n && o->count[u->platoon] > 0) {
    from = &o->pos[o->first[u->platoon]];
    nfrom = o->count[u->platoon];
  }
  for (int i = f->first[number]; i < f->first[number] + f->count[number]; i++)
    for (int k = 0; k < nfrom; k++) {
      int dx = from[k].x - f->pos[i].x, dy = from[k].y - f->pos[i].y;
      if (dx > reach || dx < -reach || dy > reach || dy < -reach) continue;
      if (sim_dist(c, from[k], f->pos[i]) <= reach) return (*at = 1) != 0;
    }
  return false;
}

bool sim_target_listed(const struct ctx* c, int platoon, int number, bool shooting) {
  const struct murk_view* v = c->v;
  for (int i = 0; i < v->ntargets; i++) {
    const struct murk_view_target* t = &v->targets[i];
    if (t->platoon == platoon && t->target == number) return shooting ? t->shoot : t->assault;
  }
  return false;
}

const struct murk_view_platoon* sim_own_platoon(const struct ctx* c, const struct unit* u) {
  for (int i = 0; i < c->v->nplatoons; i++)
    if (c->v->platoons[i].index == u->platoon) return &c->v->platoons[i];
  return NULL;
}

int sim_nearest_platoon_foe(struct ctx* c, const struct unit* u, int* gap_out) {
  int best = -1, bd = INT_MAX;
  for (int i = 0; i < c->nfoes; i++) {
    if (!c->foes[i].platoon) continue;
    int d = sim_gap(c, u->hidden ? -1 : u->platoon, u->pos, c->foes[i].number);
    if (d < bd) bd = d, best = i;
  }
  if (gap_out) *gap_out = bd;
  return best;
}

/* The enemy marker on the table or enemy team the view shows nearest p (the first of the
 * nearest, markers before teams), its place at *at (when at is not NULL): how far (INT_MAX:
 * none, and *at is left alone). */
static int nearest_enemy(const struct ctx* c, struct murk_pos p, struct murk_pos* at) {
  const struct murk_view* v = c->v;
  int best = INT_MAX;
  for (int i = 0; i < v->nmarkers; i++) {
    const struct murk_view_marker* m = &v->markers[i];
    if (m->owner != c->enemy || !m->on_table) continue;
    int d = sim_dist(c, m->pos, p);
    if (d >= best) continue;
    best = d;
    if (at) *at = m->pos;
  }
  for (int i = 0; i < v->nteams; i++) {
    const struct murk_view_team* t = &v->teams[i];
    if (t->owner != c->enemy) continue;
    int d = sim_dist(c, t->pos, p);
    if (d >= best) continue;
    best = d;
    if (at) *at = t->pos;
  }
  return best;
}

int sim_enemy_gap(const struct ctx* c, struct murk_pos p) {
  return nearest_enemy(c, p, NULL);
}

int sim_spearhead(const struct ctx* c, struct murk_pos* foe, struct murk_pos* obj) {
  int best = INT_MAX;
  for (int k = 0; k < c->nguard; k++) {
    struct murk_pos f = {-1, -1};
    int d = nearest_enemy(c, c->guard[k], &f);
    if (d < best) best = d, *foe = f, *obj = c->guard[k];
  }
  return best;
}

bool sim_delaying(const struct ctx* c) {
  return c->ntake == 0 && c->nguard > 0 && c->v->ending.withdraw_from > 0;
}

/* The defender with objectives both to take and to guard (Hasty Attack, the meeting
 * engagements) is losing the race when the enemy's spearhead stands nearer a guarded
 * objective, by more than RACE_SLACK cells, than any of its own units (dummies aside) to an
 * objective it must take: then every unit turns on that spearhead (computer.c), and its arrivals
 * and ambushes go there (fight.c) (1,000-game trials, seeds 1-1000 and 1001-2000: Hasty Attack's
 * defender, whose objective lies deep in the attacker's half while half its force waits in reserve,
 * +4 to +13; Encounter's +3, Free-for-all's +1; Luneville's -4, still far over the mark). Only the
 * defender: the attacker's goals are another round's (no change measured for them either way). */
#define RACE_SLACK 4
bool sim_losing_race(const struct ctx* c) {
  if (c->me != MURK_DEFENDER || c->nguard == 0 || c->ntake == 0) return false;
  struct murk_pos foe, obj;
  int sp = sim_spearhead(c, &foe, &obj);
  if (sp == INT_MAX) return false;
  for (int q = 0; q < c->nunits; q++) {
    const struct unit* u = &c->units[q];
    if (u->dummy || u->number <= 0) continue;
    if (sim_dist(c, u->pos, c->take[sim_nearest(c, u->pos, c->take, c->ntake)]) <= sp + RACE_SLACK)
      return false;
  }
  return true;
}

bool sim_arrival_fits(const struct murk_view_platoon* pl, const struct murk_view_arrival* ar) {
  return pl->may_arrive && ar->kind == pl->reserve && (ar->platoon < 0 || ar->platoon == pl->index);
}
