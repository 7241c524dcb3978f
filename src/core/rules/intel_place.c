/* intel_place.c: Limited Intelligence (27.3) putting a wing's units on the table: the
 * enemy a side knows of, the cells a wing's teams may take (within reach of the leader,
 * never beyond the enemy), a wing deployed, a dummy leader taken away. Below intel.c, which
 * spots and moves the counters. */
#include <stdio.h>

#include "board.h"
#include "event.h"
#include "intel.h"
#include "marker.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "placing.h"
#include "state.h"

/* Cells of the enemy of `side` as `side` knows them (docs/rules.md, "What a side knows"):
 * its markers and placed teams where the side sees them or last saw them. */
int mk_intel_known_enemy(const struct murk_game* g, enum murk_side side, struct murk_pos* out) {
  const struct mk_state* s = &g->s;
  enum murk_side enemy = murk_side_other(side);
  int n = 0;
  for (int i = 0; i < s->nmarkers; i++)
    if (s->markers[i].on_table && s->markers[i].owner == enemy && s->seen_marker[side][i].known)
      out[n++] = s->seen_marker[side][i].pos;
  for (int t = 0; t < s->nteams[enemy]; t++)
    if (s->teams[enemy][t].alive && s->teams[enemy][t].placed && s->seen_team[side][t].known)
      out[n++] = s->seen_team[side][t].pos;
  return n;
}

/* A team of `side` was put down at p in a public event: the enemy knows it stands there
 * now (sight.c reads the event after the command; the rest of this command must too). */
static void placed_in_public(struct murk_game* g, enum murk_side side, int team,
                             struct murk_pos p) {
  struct mk_sighting* k = &g->s.seen_team[murk_side_other(side)][team];
  k->known = true;
  k->pos = p;
  k->turn = g->s.turn;
}

/* Hidden contact (docs/rules.md): p, which `side` took for free, holds an enemy it did not
 * know of. A public contact shows both; the enemy is known from then on. */
static bool enemy_met(struct murk_game* g, enum murk_side side, const char* what,
                      struct murk_pos from, struct murk_pos p) {
  if (mk_cell_free(&g->s, p)) return false;
  mk_hidden_contact(g, side, what, from, p);
  return true;
}

bool mk_intel_beyond_any(const struct murk_grid* grid, struct murk_pos leader,
                         const struct murk_pos* enemy, int nenemy, struct murk_pos c) {
  for (int i = 0; i < nenemy; i++)
    if (mk_intel_beyond(grid, leader, enemy[i], c)) return true;
  return false;
}

/* A leader and its Dis counters: the cells it spots from and is spotted at. */
int mk_intel_footprint(const struct mk_marker* mk, struct murk_pos out[1 + MURK_MAX_DIS]) {
  out[0] = mk->pos;
  for (int i = 0; i < mk->ndis; i++) out[1 + i] = mk->dis[i];
  return 1 + mk->ndis;
}

/* Limited Intelligence 27.1 and 27.1.6: a dummy leader that is spotted (or that its owner gives up)
 * is taken off the table with its Dis counters. */
void mk_intel_remove_dummy(struct murk_game* g, int mi) {
  struct mk_marker* mk = &g->s.markers[mi];
  char ps[16];
  murk_pos_format(mk->pos, ps, sizeof ps);
  mk_mark_irreversible(g);
  mk->on_table = false;
  mk->revealed = true;
  mk->ndis = 0;
  mk_emit(g, MURK_EV_REVEAL, MURK_AUD_ALL, mk->owner,
          "%s T%d at %s was a dummy leader and is removed with its Dis counters",
          murk_side_name(mk->owner), mk->number, ps);
  mk_event_facts(g, mk->number, &mk->pos, NULL);
}

/* The free cell a team goes to: within `radius` of the leader, passable, holding no
 * marker or team, not beyond the enemy, as `side` knows the enemy; nearest the target,
 * then the leader, then by row and column. */
static bool team_cell(struct murk_game* g, enum murk_side side, struct murk_pos leader,
                      struct murk_pos target, int radius, const struct murk_pos* enemy, int nenemy,
                      struct murk_pos* out) {
  const struct murk_grid* grid = &g->m->grid;
  size_t cap = (size_t)(2 * radius + 1) * (size_t)(2 * radius + 1);
  size_t table = (size_t)grid->width * (size_t)grid->height;
  if (cap > table) cap = table;
  struct murk_pos* cells = murk_malloc(cap * sizeof *cells);
  if (!cells) {
    g->oom = MURK_ENOMEM;
    return false;
  }
  size_t n = murk_geom_within(grid, leader, radius, cells, cap);
  if (n > cap) n = cap;
  bool found = false;
  int bt = 0, bl = 0;
  for (size_t i = 0; i < n; i++) {
    struct murk_pos p = cells[i];
    if (!mk_cell_passable(g->m, p) || !mk_cell_known_free(g, side, p)) continue;
    if (mk_intel_beyond_any(grid, leader, enemy, nenemy, p)) continue;
    int dt = murk_geom_distance(grid, p, target), dl = murk_geom_distance(grid, p, leader);
    if (found &&
        (dt > bt || (dt == bt &&
                     (dl > bl || (dl == bl && (p.y > out->y || (p.y == out->y && p.x > out->x)))))))
      continue;
    found = true;
    bt = dt;
    bl = dl;
    *out = p;
  }
  murk_free(cells);
  return found;
}

/* Limited Intelligence 27.3.1: the unit's teams not yet down, around its anchor (or its first
 * team, once down), within `place_range` of the leader, never beyond the enemy; where
 * nothing is free that near, the circle grows a cell at a time (our fallback). At most
 * `most` teams; the n cells `want` (checked: mk_intel_place_check) for the first of them,
 * a team whose cell holds an enemy the side did not know of taking the rule's instead.
 * Returns the teams that found no cell. */
static int place_unit(struct murk_game* g, enum murk_side side, int unit, struct murk_pos anchor,
                      struct murk_pos leader, int most, const struct murk_pos* want, int n) {
  struct mk_state* s = &g->s;
  const struct mk_unit_state* u = &s->units[side][unit];
  struct murk_pos enemy[MK_INTEL_MAX_THINGS];
  int nenemy = mk_intel_known_enemy(g, side, enemy); /* judged on what the side knows */
  int range = murk_mission_param(g->m, MURK_P_LI_PLACE);
  char what[16];
  snprintf(what, sizeof what, "P%d", u->marker);
  int widest = g->m->grid.width + g->m->grid.height;
  bool have_first = false;
  struct murk_pos first = anchor;
  int left = 0, done = 0, wanted = 0;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
    struct mk_team* tm = &s->teams[side][t];
    if (!tm->alive) continue;
    if (tm->placed) {
      if (!have_first) {
        have_first = true;
        first = tm->pos;
      }
      continue;
    }
    if (done >= most) break;
    done++;
    struct murk_pos target = have_first ? first : anchor;
    struct murk_pos at;
    bool ok = false;
    if (wanted < n) {
      at = want[wanted++];
      ok = !enemy_met(g, side, what, leader, at);
      if (!ok) nenemy = mk_intel_known_enemy(g, side, enemy);
    }
    /* A cell that holds an enemy the side did not know of is a contact; then that enemy
     * is known and the cell is judged again (docs/rules.md, "Hidden contact"). */
    for (int r = range; !ok && r <= widest && !g->oom; r++) {
      ok = team_cell(g, side, leader, target, r, enemy, nenemy, &at);
      if (ok && enemy_met(g, side, what, leader, at)) {
        ok = false;
        nenemy = mk_intel_known_enemy(g, side, enemy);
        r--;
      }
    }
    if (!ok) {
      left++;
      continue;
    }
    if (!have_first) {
      have_first = true;
      first = at;
    }
    tm->pos = at;
    tm->placed = true;
    placed_in_public(g, side, t, at);
    char ps[16];
    murk_pos_format(at, ps, sizeof ps);
    mk_emit(g, MURK_EV_PLACE, MURK_AUD_ALL, side, "%s P%d: %s at %s", murk_side_name(side),
            u->marker, mk_team_profile(g, side, t)->title, ps);
    mk_event_facts(g, u->marker, NULL, &at);
  }
  return left;
}

static void no_room(struct murk_game* g, enum murk_side side, int left, int number) {
  if (left > 0)
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side, "%d team%s of P%d find no room on the table", left,
            mk_plural(left), number);
}

int mk_intel_place_check(const struct murk_game* g, enum murk_side side, int unit,
                         const struct murk_command* c, char* reason, size_t reason_len) {
  const struct mk_state* s = &g->s;
  const struct mk_unit_state* u = &s->units[side][unit];
  const struct murk_grid* grid = &g->m->grid;
  int others = 0;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++)
    others += s->teams[side][t].alive && !s->teams[side][t].placed;
  if (c->nvia > others)
    return mk_reject(reason, reason_len, "P%d has %d team%s still to place: %d cells given",
                     u->marker, others, mk_plural(others), c->nvia);
  struct murk_pos enemy[MK_INTEL_MAX_THINGS];
  int nenemy = mk_intel_known_enemy(g, side, enemy);
  for (int i = 0; i < c->nvia; i++) {
    struct murk_pos p = c->via[i];
    char ps[16];
    murk_pos_format(p, ps, sizeof ps);
    if (!murk_geom_on_table(grid, p) || !mk_cell_passable(g->m, p) ||
        !mk_cell_known_free(g, side, p))
      return mk_reject(reason, reason_len, "a team cannot be placed at %s: %s", ps,
                       !murk_geom_on_table(grid, p) ? "off the table"
                       : !mk_cell_passable(g->m, p) ? "the ground is impassable"
                                                    : "it is taken");
    for (int j = 0; j < i; j++)
      if (murk_pos_eq(c->via[j], p))
        return mk_reject(reason, reason_len, "%s is given twice: one team a cell", ps);
    int d = murk_geom_distance(grid, u->place_leader, p);
    if (d > u->place_range)
      return mk_reject(reason, reason_len,
                       "%s is %d cells from the wing leader's cell: no unit is placed more than "
                       "%d from it",
                       ps, d, u->place_range);
    if (mk_intel_beyond_any(grid, u->place_leader, enemy, nenemy, p))
      return mk_reject(reason, reason_len,
                       "%s is beyond the enemy you know of, seen from the wing leader's cell: "
                       "units may deploy next to the enemy, not beyond it",
                       ps);
  }
  return MURK_OK;
}

void mk_intel_place_rest(struct murk_game* g, enum murk_side side, int unit,
                         const struct murk_pos* want, int n) {
  const struct mk_unit_state* u = &g->s.units[side][unit];
  int left =
      place_unit(g, side, unit, u->place_at, u->place_leader, MK_MAX_TEAMS_PER_SIDE, want, n);
  no_room(g, side, left, u->marker);
}

/* Limited Intelligence 27.3.1: a wing is put on the table. The leader counter goes; its first unit
 * takes the leader's number and is placed under it, the next two at the Dis counters, the
 * rest beside the leader. `moving`: the wing's movement ends for the turn. `owner_places`:
 * in play, the owner places the other teams of each platoon (`place`). */
void mk_intel_deploy_wing(struct murk_game* g, int mi, bool moving, bool owner_places) {
  struct mk_state* s = &g->s;
  struct mk_marker* mk = &s->markers[mi];
  enum murk_side side = mk->owner;
  struct murk_pos anchor[1 + MURK_MAX_DIS];
  int na = mk_intel_footprint(mk, anchor);
  struct murk_pos leader = mk->pos;
  int units[MK_MAX_UNITS];
  int n = mk_intel_marker_units(g, mi, units);
  char ps[16];
  murk_pos_format(leader, ps, sizeof ps);
  mk_mark_irreversible(g);
  mk->on_table = false;
  mk->revealed = true;
  mk->ndis = 0;
  mk->moved = true;
  mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side, "%s T%d at %s deploys: the wing %s, %d platoon%s",
          murk_side_name(side), mk->number, ps, mk_intel_wing_name(g, side, mk->unit), n,
          mk_plural(n));
  mk_event_facts(g, mk->number, &leader, NULL);
  for (int k = 0; k < n; k++) {
    struct mk_unit_state* u = &s->units[side][units[k]];
    int number = mk->number;
    if (k > 0) {
      int nm = mk_marker_new(g, side, units[k], leader);
      if (nm >= 0) {
        s->markers[nm].revealed = true;
        number = s->markers[nm].number;
      }
    }
    const struct murk_platoon* pl = mk_unit_platoon(g, side, units[k]);
    u->state = MURK_PLATOON_REVEALED;
    u->marker = number;
    if (moving) u->moved = true;
    int alive = mk_unit_alive(s, side, units[k]);
    mk_emit(g, MURK_EV_REVEAL, MURK_AUD_ALL, side, "%s P%d: %s (%s, %d team%s)",
            murk_side_name(side), number, pl->name, pl->type, alive, mk_plural(alive));
    mk_event_facts(g, number, NULL, k < na ? &anchor[k] : &leader);
    struct murk_pos at = k < na ? anchor[k] : leader;
    if (!owner_places) {
      no_room(g, side, place_unit(g, side, units[k], at, leader, MK_MAX_TEAMS_PER_SIDE, NULL, 0),
              number);
      continue;
    }
    /* The first team goes where the text puts the unit (under the leader, in a Dis counter's
     * cell, beside the leader); its owner places the others (`place`, fog.c). */
    int left = place_unit(g, side, units[k], at, leader, 1, NULL, 0);
    int first = -1;
    for (int t = u->first_team; t < u->first_team + u->nteams && first < 0; t++)
      if (s->teams[side][t].alive && s->teams[side][t].placed) first = t;
    int rest = mk_unit_alive(s, side, units[k]) - 1;
    if (first < 0 || rest <= 0 ||
        !mk_placing_await(g, side, units[k], s->teams[side][first].pos, NULL, leader,
                          murk_mission_param(g->m, MURK_P_LI_PLACE), MK_PLACE_SPOTTED))
      left +=
          first < 0 ? 0 : place_unit(g, side, units[k], at, leader, MK_MAX_TEAMS_PER_SIDE, NULL, 0);
    no_room(g, side, left, number);
  }
}
