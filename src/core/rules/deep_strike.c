/* deep_strike.c: Deep Strike ("40k mission special rules"): a platoon coming from reserve
 * aims at a cell, scatters by public rolls, and its teams are placed in rings around the
 * first; off the table or onto a unit it is lost. reserves.c's `arrive` calls it. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "deep_strike.h"
#include "deploy.h"
#include "event.h"
#include "fog.h"
#include "intel.h"
#include "marker.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "night.h"
#include "region.h"
#include "setup.h"
#include "state.h"

/* ---- deep strike (40k mission special rules) ---- */

static const char* const hex_dirs[] = {"east", "north-east", "north-west",
                                       "west", "south-west", "south-east"};
static const char* const square_dirs[] = {"east", "north-east", "north", "north-west",
                                          "west", "south-west", "south", "south-east"};

/* May a deep-striking team stand on p, as far as `side` knows (docs/rules.md, "Hidden
 * contact")? */
static bool strike_cell_ok(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                           int keep) {
  if (!murk_geom_on_table(&g->m->grid, p) || !mk_cell_passable(g->m, p)) return false;
  if (!mk_cell_known_free(g, side, p)) return false;
  return mk_known_nearest(g, side, p, NULL) > keep;
}

/* Is there a cell of the table farther than keep from every enemy the side knows of? */
static bool strike_aim_exists(const struct murk_game* g, enum murk_side side, int keep) {
  const struct murk_grid* gr = &g->m->grid;
  for (int y = 0; y < gr->height; y++)
    for (int x = 0; x < gr->width; x++)
      if (mk_known_nearest(g, side, (struct murk_pos){x, y}, NULL) > keep) return true;
  return false;
}

/* The truth of a ring cell the side took for fit: an enemy it did not know of on p or
 * within the keep-out is met in a public contact (it is known from then on) and the cell
 * is not taken. True when that happened. */
static bool strike_contact(struct murk_game* g, enum murk_side side, int unit, struct murk_pos p,
                           int keep) {
  struct murk_pos at = p;
  if (mk_cell_free(&g->s, p) && mk_nearest_of_side(g, murk_side_other(side), p, &at) > keep)
    return false;
  char what[16];
  snprintf(what, sizeof what, "%c%d", mk_intel_on(g) ? 'T' : 'P', g->s.units[side][unit].marker);
  mk_hidden_contact(g, side, what, p, at);
  return true;
}

static void lose_team(struct murk_game* g, enum murk_side side, int unit, int team,
                      const char* why) {
  struct mk_state* s = &g->s;
  s->teams[side][team].alive = false;
  mk_emit(g, MURK_EV_LOSS, MURK_AUD_ALL, side, "%s P%d loses a team (%s): %s", murk_side_name(side),
          s->units[side][unit].marker, mk_team_profile(g, side, team)->title, why);
}

static void destroy(struct murk_game* g, enum murk_side side, int unit, const char* why) {
  struct mk_state* s = &g->s;
  struct mk_unit_state* u = &s->units[side][unit];
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) s->teams[side][t].alive = false;
  u->state = MURK_PLATOON_DESTROYED;
  if (mk_intel_on(g)) {
    /* Limited Intelligence: it came down as a wing leader counter; the enemy learns that a
     * platoon was lost, its owner which one (docs/rules.md, "Limited Intelligence with the
     * other rules"). */
    int mi = mk_marker_index(s, u->marker);
    if (mi >= 0) s->markers[mi].on_table = false;
    mk_emit(g, MURK_EV_LOSS, MURK_AUD_ALL, side, "%s T%d %s", murk_side_name(side), u->marker, why);
    mk_event_facts(g, u->marker, NULL, NULL);
    mk_emit(g, MURK_EV_LOSS, murk_audience_of(side), side, "T%d was your %s (platoon %d)",
            u->marker, mk_unit_platoon(g, side, unit)->name, unit + 1);
    return;
  }
  mk_emit(g, MURK_EV_LOSS, MURK_AUD_ALL, side, "%s P%d (%s) %s", murk_side_name(side), u->marker,
          mk_unit_platoon(g, side, unit)->name, why);
  mk_event_facts(g, u->marker, NULL, NULL);
}

int mk_deep_strike(struct murk_game* g, enum murk_side side, int unit, struct murk_pos aim,
                   char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  const struct murk_mission* m = g->m;
  const struct murk_grid* gr = &m->grid;
  const struct murk_platoon* pl = mk_unit_platoon(g, side, unit);
  struct mk_unit_state* u = &s->units[side][unit];
  int keep = murk_mission_param(m, MURK_P_DS_KEEP_OUT);
  char ps[16], cs[32];
  murk_pos_format(aim, ps, sizeof ps);
  if (!murk_geom_on_table(gr, aim)) return mk_reject(reason, reason_len, "%s is off the table", ps);
  struct murk_pos near;
  /* Measured to the enemy the side knows of (docs/rules.md, "Hidden contact"). The keep-out
   * is murk's guard on the aim; where no cell of the table is beyond it, the aim may be
   * anywhere on the table, as the text has it ("40k mission special rules", Deep Strike),
   * and where it comes down is judged as below: the unit must come on, so it must have
   * somewhere to aim. */
  int d = mk_known_nearest(g, side, aim, &near);
  if (d <= keep && strike_aim_exists(g, side, keep)) {
    mk_cells_text(g, keep, cs, sizeof cs);
    return mk_reject(reason, reason_len,
                     "a deep strike may not aim within %s (%d cell%s) of the enemy; %s is %d "
                     "from the enemy",
                     cs, keep, mk_plural(keep), ps, d);
  }
  const char* who = murk_side_name(side);
  char purpose[MURK_ROLL_PURPOSE];
  int mi = mk_marker_new(g, side, unit, aim);
  if (mi < 0) return mk_reject(reason, reason_len, "no more markers fit on this table");
  u->marker = s->markers[mi].number;
  /* Limited Intelligence: it comes down as a wing leader counter of its own, not named
   * (docs/rules.md, "Limited Intelligence with the other rules"); the rolls stay public. */
  bool li = mk_intel_on(g);
  char h[16];
  snprintf(h, sizeof h, "%c%d", li ? 'T' : 'P', u->marker);
  if (li) {
    mk_emit(g, MURK_EV_DEPLOY, MURK_AUD_ALL, side,
            "%s %s deep strikes at %s: a wing leader counter", who, h, ps);
  } else {
    s->markers[mi].revealed = true;
    u->state = MURK_PLATOON_REVEALED;
    int alive = mk_unit_alive(s, side, unit);
    mk_emit(g, MURK_EV_DEPLOY, MURK_AUD_ALL, side, "%s %s deep strikes at %s: %s (%s, %d team%s)",
            who, h, ps, pl->name, pl->type, alive, mk_plural(alive));
  }
  mk_event_facts(g, u->marker, NULL, &aim);

  /* The scatter die: `hit` of its six faces keep the platoon where it aimed. */
  struct murk_pos land = aim;
  int hit = murk_mission_param(m, MURK_P_DS_HIT);
  bool scatters = true;
  if (hit > 0) {
    struct murk_dice_expr d6 = {1, 6, 1, 0};
    snprintf(purpose, sizeof purpose, "deep strike scatter, %s", who);
    scatters = murk_roll(g, &d6, purpose, MURK_AUD_ALL, NULL) > hit;
  }
  if (scatters) {
    int ndirs = murk_geom_directions(gr);
    struct murk_dice_expr dd = {1, ndirs, 1, 0};
    snprintf(purpose, sizeof purpose, "deep strike direction, %s", who);
    int dir = murk_roll(g, &dd, purpose, MURK_AUD_ALL, NULL) - 1;
    struct murk_dice_expr dist = murk_mission_param_dice(m, MURK_P_DS_SCATTER);
    snprintf(purpose, sizeof purpose, "deep strike distance, %s", who);
    int inches = murk_roll(g, &dist, purpose, MURK_AUD_ALL, NULL);
    /* The scatter is counted in inches, as the seed counts it, then turned into cells
     * like every allowance (rounded down). */
    int cells = mk_inches_cells(g, inches);
    /* Past the width and height of the table every step is off it: the walk stops there. */
    int walk = cells < gr->width + gr->height + 2 ? cells : gr->width + gr->height + 2;
    for (int i = 0; i < walk; i++) land = murk_geom_neighbour(gr, land, dir);
    char ls[16];
    murk_pos_format(land, ls, sizeof ls);
    mk_emit(g, MURK_EV_MOVE, MURK_AUD_ALL, side, "%s %s scatters %d cell%s %s to %s", who, h, cells,
            mk_plural(cells), (ndirs == 6 ? hex_dirs : square_dirs)[dir % ndirs], ls);
    mk_event_facts(g, u->marker, &aim, &land);
  } else {
    mk_emit(g, MURK_EV_MOVE, MURK_AUD_ALL, side, "%s %s lands where it aimed", who, h);
  }
  s->markers[mi].pos = land;
  u->moved = true; /* 40k mission special rules: no move or assault on arrival; shooting counts as
                      moved */
  u->deep_turn = s->turn;
  if (!murk_geom_on_table(gr, land)) {
    destroy(g, side, unit, "scatters off the table and is destroyed");
    return MURK_OK;
  }

  /* Only a first model that scatters off the table takes the whole unit with it (40k mission
   * special rules,
   * Deep Strike). The text is silent on a first model coming down on impassable ground, on
   * another team or within the keep-out of the enemy; murk's own reading: it stands on the
   * nearest cell it may take (ring by ring around where it came down, in ring order), and
   * the rings are built around that cell. */
  if (!strike_cell_ok(g, side, land, keep) || strike_contact(g, side, unit, land, keep)) {
    size_t fcap = (size_t)(gr->width + gr->height) * 8 + 8;
    struct murk_pos* cells = murk_malloc(fcap * sizeof *cells);
    if (!cells) {
      g->oom = MURK_ENOMEM;
      return MURK_ENOMEM;
    }
    bool found = false;
    for (int r = 1; !found && r <= gr->width + gr->height; r++) {
      size_t on = murk_geom_ring(gr, land, r, cells, fcap);
      if (on > fcap) on = fcap;
      for (size_t i = 0; i < on && !found; i++) {
        if (!strike_cell_ok(g, side, cells[i], keep)) continue;
        if (strike_contact(g, side, unit, cells[i], keep)) continue;
        struct murk_pos was = land;
        land = cells[i];
        found = true;
        char ws[16], ls[16];
        murk_pos_format(was, ws, sizeof ws);
        murk_pos_format(land, ls, sizeof ls);
        mk_emit(g, MURK_EV_MOVE, MURK_AUD_ALL, side,
                "%s %s cannot stand at %s and comes down at %s, the nearest cell it may take", who,
                h, ws, ls);
        mk_event_facts(g, u->marker, &was, &land);
      }
    }
    murk_free(cells);
    if (!found) {
      destroy(g, side, unit, "finds no cell to come down on and is destroyed");
      return MURK_OK;
    }
    s->markers[mi].pos = land;
  }
  if (li) {
    /* Its units stay under the counter until the wing deploys (27.3 places them then, in
     * place of the rings); the counter may not move this turn (deep_turn). The landing is
     * its move for spotting (27.1.6): coming down within sight spots, and is spotted. */
    int rc = mk_intel_put(g, side, unit, mi, "lands");
    return rc == MURK_OK ? mk_intel_came_on(g, mi) : rc;
  }

  /* Teams in rings around the first (40k mission special rules): ring r is filled with as many
   * teams as it holds; a ring that cannot be completed (a cell off the table, impassable, taken
   * or too near the enemy) ends the placing and the teams left over are destroyed. */
  int teams[MURK_MISSION_MAX_GROUPS * MURK_MISSION_MAX_TEAMS];
  int nt = 0;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++)
    if (s->teams[side][t].alive) teams[nt++] = t;
  int placed = 0;
  int full = murk_geom_directions(gr); /* cells in ring 1; ring r holds r times as many */
  size_t cap = (size_t)(gr->width + gr->height) * 8 + 8;
  struct murk_pos* ring = murk_malloc(cap * sizeof *ring);
  if (!ring) {
    g->oom = MURK_ENOMEM;
    return MURK_ENOMEM;
  }
  for (int r = 0; placed < nt; r++) {
    size_t on = murk_geom_ring(gr, land, r, ring, cap);
    if (on > cap) on = cap;
    int size = r == 0 ? 1 : full * r;
    int ok = 0;
    for (size_t i = 0; i < on && placed < nt; i++) {
      if (!strike_cell_ok(g, side, ring[i], keep)) continue;
      if (strike_contact(g, side, unit, ring[i], keep)) continue;
      struct mk_team* tm = &s->teams[side][teams[placed++]];
      tm->pos = ring[i];
      tm->placed = true;
      ok++;
      char ts[16];
      murk_pos_format(ring[i], ts, sizeof ts);
      mk_emit(g, MURK_EV_PLACE, MURK_AUD_ALL, side, "%s P%d: %s at %s", who, u->marker,
              mk_team_profile(g, side, teams[placed - 1])->title, ts);
      mk_event_facts(g, u->marker, NULL, &ring[i]);
    }
    int fit = 0; /* cells of this ring a team may take */
    for (size_t i = 0; i < on; i++) fit += strike_cell_ok(g, side, ring[i], keep) ? 1 : 0;
    if (placed < nt && (ok + fit < size || (int)on < size)) {
      for (int k = placed; k < nt; k++)
        lose_team(g, side, unit, teams[k], "no room to complete its ring");
      break;
    }
    if (r > gr->width + gr->height) break;
  }
  murk_free(ring);
  if (mk_unit_alive(s, side, unit) == 0) destroy(g, side, unit, "is destroyed");
  return MURK_OK;
}
