/* view_fill.c: the parts of a view's fill (view.c), one a rule's facts: markers, sight and
 * lights, why an enemy is seen, targets, wings, arrivals, placement cells. */
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
#include "objectives.h"
#include "reserves.h"
#include "setup.h"
#include "sight.h"
#include "state.h"
#include "victory.h"
#include "view_box.h"
#include "why.h"

void* mk_view_grow(void* p, size_t* cap, size_t n, size_t size, bool* oom) {
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

void mk_view_fill_marker(const struct murk_game* g, enum murk_side side, const struct mk_marker* mk,
                         struct murk_view_marker* vm) {
  const struct mk_state* s = &g->s;
  memset(vm, 0, sizeof *vm);
  vm->number = mk->number;
  vm->owner = mk->owner;
  vm->kind = mk->kind;
  vm->pos = mk->pos;
  /* Dis counters (Limited Intelligence) are public, like the leader they belong to. */
  vm->ndis = mk->on_table ? mk->ndis : 0;
  for (int i = 0; i < vm->ndis; i++) vm->dis[i] = mk->dis[i];
  vm->on_table = mk->on_table;
  vm->revealed = mk->revealed;
  vm->bogged = mk->on_table ? mk->bogged : (mk->unit >= 0 && s->units[mk->owner][mk->unit].bogged);
  /* A template whose platoon is not named yet holds nothing its owner knows of either. */
  vm->known = (side == MURK_NO_SIDE || side == mk->owner || mk->revealed) && !mk->unnamed;
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
  const struct murk_platoon* pl = mk_unit_platoon(g, mk->owner, mk->unit);
  mk_view_copy_text(vm->name, sizeof vm->name, pl->name);
  mk_view_copy_text(vm->type, sizeof vm->type, pl->type);
  vm->nteams = mk_unit_alive(s, mk->owner, mk->unit);
  /* What the marker's kind says of its contents (a wing leader stands for its wing). */
  const struct mk_marker_ops* ops = mk_marker_ops(g, (int)(mk - s->markers));
  if (mk->on_table && ops->describe) ops->describe(g, (int)(mk - s->markers), vm);
}

/* mk_view_fill_marker for a lean view, without clearing the whole element first: its array was
 * zeroed when it grew, and a lean fill writes no field it leaves out (names, counts, move
 * facts, reasons), so only the fields written here can differ from zero. */
void mk_view_fill_marker_lean(const struct mk_state* s, enum murk_side side,
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
  bool known = (side == MURK_NO_SIDE || side == mk->owner || mk->revealed) && !mk->unnamed;
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

/* May `side` order a move now? Its own movement step in play (act.c, mk_act_move). */
bool mk_view_moving_now(const struct murk_game* g, enum murk_side side) {
  const struct mk_state* s = &g->s;
  return s->phase == MURK_PHASE_PLAY && s->step == MURK_STEP_MOVEMENT && s->to_act == side;
}

/* How an own marker on the table moves (move.c: the game's own allowance). */
void mk_view_fill_marker_move(const struct murk_game* g, enum murk_side side, int mi,
                              struct murk_view_marker* vm) {
  const struct mk_marker* mk = &g->s.markers[mi];
  if (side == MURK_NO_SIDE || mk->owner != side || !mk->on_table) return;
  struct mk_move_rule r;
  if (!mk_move_allowance(g, side, mi, -1, &r)) return;
  memcpy(vm->allowance, r.allow, sizeof vm->allowance);
  vm->moved = mk->moved;
  vm->hidden = mk->hidden;
  vm->may_move =
      mk_view_moving_now(g, side) && !mk->bogged && !mk->moved && !mk_intel_came_down(g, mi);
}

/* Sight now: all of it public (night, fog, the NVR and its weather, lights). */
void mk_view_fill_sight(const struct murk_game* g, enum murk_side side, struct murk_view* v) {
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

/* What lights cell p, as an index into the view's lights (adding a blaze's light the first
 * time one lights a cell); -1 when nothing does. Starshells and rounds first (night.c: a
 * light goes out when its side's next turn begins), then the nearest blaze whose reach
 * (ASL night rules E1.94: two cells a burning level) takes in p. */
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
int mk_view_fill_lit(const struct murk_game* g, struct view_box* b) {
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

/* Why each enemy marker and team this view holds is seen or not (why.c: the refusals of
 * `shoot` and `assault` give the same reasons). */
int mk_view_fill_why(const struct murk_game* g, struct murk_view* v) {
  if (v->side == MURK_NO_SIDE) return MURK_OK;
  struct mk_eyes* e = murk_malloc(sizeof *e);
  if (!e) return MURK_ENOMEM;
  mk_why_gather(g, v->side, true, e);
  bool blind = mk_sight_double_blind(g);
  struct mk_sight_memo memo = {0}; /* the side's units stand still while its view is made */
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
              : mk_why_table(g, e, t->pos,
                             mk_sight_team_in_sight_memo(g, v->side, t->platoon, t->pos, &memo));
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
int mk_view_fill_targets(const struct murk_game* g, struct view_box* b) {
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

/* Own Limited Intelligence wings (Limited Intelligence 27.1): the platoons sharing a wing name. */
void mk_view_fill_wings(const struct murk_game* g, enum murk_side side, struct murk_view* v) {
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
      mk_view_copy_text(nw->name, sizeof nw->name, pl->wing);
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
  /* At setup a small wing's counters go nearer (27.1.2, as mk_intel_dis_range judges a
   * deployment); on the move every wing's stay within dis_range (27.1.4). */
  if (s->phase >= MURK_PHASE_PLAY) return;
  int small = murk_mission_param(g->m, MURK_P_LI_DIS_SMALL);
  for (int w = 0; w < v->nwings; w++)
    if (v->wings[w].nplatoons < murk_mission_param(g->m, MURK_P_LI_SMALL_WING) &&
        small < v->wings[w].dis_range)
      v->wings[w].dis_range = small;
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
 * for a deep strike every cell it may aim at as far as the side knows (40k mission special rules:
 * beyond the keep-out distance from the enemy), in one pool. */
int mk_view_fill_arrivals(const struct murk_game* g, struct view_box* b) {
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

/* The view's placement facts (the players choose a setup cell from them): the
 * cells where the side to act may put an objective (OBJECTIVES) or a platoon (DEPLOY,
 * INDEPENDENTS), as mk_setup_objective and mk_deploy_check_side_zone judge them short of
 * who stands where. Public facts only (the mission's areas, the placed objectives). Kept
 * while the phase, rule and objectives placed stay the same: a phase asks many times. */
int mk_view_fill_place_cells(const struct murk_game* g, struct view_box* b) {
  const struct mk_state* s = &g->s;
  const struct murk_mission* m = g->m;
  struct murk_view* v = &b->v;
  enum murk_side side = v->side;
  bool objectives = s->phase == MURK_PHASE_OBJECTIVES;
  bool deploying = s->phase == MURK_PHASE_DEPLOY || s->phase == MURK_PHASE_INDEPENDENTS;
  bool patrol = s->phase == MURK_PHASE_PATROL; /* No Man's Land */
  /* No Man's Land's works: the cells a piece may cover (either end of one). */
  bool works = s->phase == MURK_PHASE_FORTIFY || s->phase == MURK_PHASE_WIRE;
  bool nml = murk_mission_rule_on(m, MURK_RULE_NO_MANS_LAND_PATROL);
  if (side == MURK_NO_SIDE || side != murk_game_to_act(g) ||
      (!objectives && !deploying && !patrol && !works) ||
      (deploying && mk_deploy_removal_due(g, side))) {
    v->nplace_cells = 0;
    /* Cells a rule judged are made again each time their phase comes; those of the
     * mission's areas are kept for the next time (the next game's deployment). */
    if (b->place.judged_in) b->place_valid = false;
    return MURK_OK;
  }
  /* The key: mission, phase, step and where the objectives stand (a view refreshed after an
   * undo or from another game must not keep cells made for other objectives). Cells made
   * from the mission's areas alone serve the next game of a batch too (murk_view_reset). */
  /* No Man's Land: independent teams go in the trench lines built (deploy.c). */
  bool trenches = deploying && mk_deploy_in_trenches(g);
  bool judged = patrol || works || trenches || (objectives && nml);
  const struct murk_objective_rule* r = objectives ? mk_setup_objective_step(g) : NULL;
  struct place_key key;
  memset(&key, 0, sizeof key);
  key.m = m;
  key.judged_in = judged ? g : NULL;
  key.rule = r;
  key.phase = (int)s->phase;
  key.objective_rule = objectives ? s->objective_rule : 0;
  key.nobjectives = objectives ? s->nobjectives : 0;
  key.nworks = works || trenches ? s->nworks : 0;
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
  struct murk_pos* out = b->place_own;
  if (!out || b->cap_place < cells) {
    out = murk_realloc(out, (cells ? cells : 1) * sizeof *out);
    if (!out) return MURK_ENOMEM;
    b->place_own = out;
    b->cap_place = cells;
  }
  v->place_cells = out;
  int n = 0;
  if (judged) {
    for (int y = 0; y < m->grid.height; y++)
      for (int x = 0; x < m->grid.width; x++) {
        struct murk_pos p = {x, y};
        /* the setup rule's own judgement of the cell */
        bool ok = trenches ? mk_deploy_check_side_zone(g, side, p, "", NULL, 0, NULL) == MURK_OK &&
                                 mk_deploy_trench_check(g, side, p, NULL, 0) == MURK_OK
                  : works  ? mk_deploy_works_cell(g, side, mk_deploy_works_kind(s->phase), p, NULL,
                                                  0) == MURK_OK
                  : patrol ? mk_setup_patrol_cell(g, side, p, NULL, 0) == MURK_OK
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
    /* No objective placed to keep away from: the area's cells themselves. */
    if (!r || s->nobjectives == 0) {
      v->place_cells = a->cells;
      n = a->n;
    }
    for (int k = 0; v->place_cells == out && k < a->n; k++) {
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
  b->place_valid = !trenches; /* which trench cells are free changes with each team */
  return MURK_OK;
}

/* Who ends the game by a condition: "attacker", "defender" or "either side". */
static const char* end_who(enum murk_side side) {
  return side == MURK_ATTACKER ? "attacker" : side == MURK_DEFENDER ? "defender" : "either side";
}

/* How the battle is won and when it ends, in one line from the ending's own fields (the
 * mission's end conditions, Fighting Withdrawal, the turn limit), so that a front-end says
 * it without reading a rule ("Flames of War missions": the end of the game; "40k mission
 * special rules": Random Game Length). E.g. "attacker wins holding an objective at its
 * turn's start; defender wins from turn 6 with no attacker in its half; last turn 6". */
void mk_view_end_summary(struct murk_view_ending* e) {
  char* out = e->summary;
  size_t n = sizeof e->summary, len = 0;
  out[0] = '\0';
#define SAY(...)                                                               \
  do {                                                                         \
    if (len > 0 && len < n) len += (size_t)snprintf(out + len, n - len, "; "); \
    if (len < n) len += (size_t)snprintf(out + len, n - len, __VA_ARGS__);     \
  } while (0)
  for (int i = 0; i < e->nend; i++) {
    const struct murk_end_condition* c = &e->end[i];
    char from[32] = "";
    if (c->turn > 1) snprintf(from, sizeof from, " from turn %d", c->turn);
    switch (c->kind) {
      case MURK_END_OBJECTIVE_TAKEN:
        SAY("%s wins holding an objective at its turn's start%s", end_who(c->side), from);
        break;
      case MURK_END_TURN_LIMIT:
        break; /* the last turn below says it, once */
      case MURK_END_NO_ATTACKERS_IN_HALF:
        SAY("defender wins%s with no attacker in its half", from);
        break;
      case MURK_END_NO_ATTACKERS_NEAR_OBJECTIVES:
        SAY("defender wins%s with no attacker within %d cells of an objective", from, c->distance);
        break;
      case MURK_END_COUNT:
        break;
    }
  }
  if (e->held_until > 0)
    SAY("defender wins holding out to its turn %d", e->held_until);
  else if (e->turn_limit > 0)
    SAY(e->random_length ? "last turn %d or later (a die)" : "last turn %d", e->turn_limit);
  else
    SAY("no last turn");
#undef SAY
  if (len >= n) memcpy(out + n - 4, "...", 4);
}
