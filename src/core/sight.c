/* sight.c: can a side see from one cell to another (sight.h).
 *
 * RANGE ONLY, FOR NOW. The seeds limit sight by fog and darkness (seed 000, Thick Morning
 * Fog: a roll on the visibility table; seed 004, Night Fighting: 2D6 x 3 inches), and by
 * terrain in line of sight. Until the next issue brings line of sight and the night rules
 * into play, a side sees as far as the best roll of the mission's conditions would let it:
 * - a mission with a visibility table: its longest range (capped by Fog of War's
 *   spot_range when that rule is on, the farthest seed 000 lets anything be seen);
 * - Night Fighting on: the highest sight roll times its unit;
 * - otherwise: no limit.
 * The tighter of the limits that apply wins. docs/rules.md, "Sight". */
#include "murk/sight.h"

#include "game_internal.h"

static int min_int(int a, int b) {
  return a < b ? a : b;
}

/* The highest total a dice expression can give (never below 0). */
static int dice_max(const struct murk_dice_expr* e) {
  long v = (long)e->count * e->sides * e->mul + e->add;
  if (v < 0) return 0;
  return v > MURK_SIGHT_UNLIMITED ? MURK_SIGHT_UNLIMITED : (int)v;
}

int murk_sight_range(const struct murk_game* g, enum murk_side viewer) {
  const struct murk_mission* m = g->m;
  (void)viewer; /* both sides see alike until the night rules (next issue) */
  int range = MURK_SIGHT_UNLIMITED;
  if (m->visibility.nrows > 0) {
    int best = 0;
    for (int i = 0; i < m->visibility.nrows; i++)
      if (m->visibility.rows[i].range > best) best = m->visibility.rows[i].range;
    if (murk_mission_rule_on(m, MURK_RULE_FOG_OF_WAR))
      best = min_int(best, murk_mission_param(m, MURK_P_FOW_SPOT_CAP));
    range = min_int(range, best);
  }
  if (murk_mission_rule_on(m, MURK_RULE_NIGHT_FIGHTING)) {
    struct murk_dice_expr e = murk_mission_param_dice(m, MURK_P_NF_SIGHT);
    int unit = murk_mission_param(m, MURK_P_NF_UNIT);
    long cells = (long)dice_max(&e) * unit;
    if (unit == 0) {
      /* The loader rounds the unit down to whole cells; an inch on a 5cm table would give
       * nothing at all, so a unit below one cell counts as the inch it defaults to. */
      struct murk_length len = {(int64_t)dice_max(&e) * 100, MURK_UNIT_IN};
      cells = murk_length_to_cells(len, m->scale, MURK_ROUND_DOWN);
      if (cells < 0) cells = MURK_SIGHT_UNLIMITED;
    }
    range = min_int(range, cells > MURK_SIGHT_UNLIMITED ? MURK_SIGHT_UNLIMITED : (int)cells);
  }
  return range;
}

bool murk_can_see(const struct murk_game* g, enum murk_side viewer, struct murk_pos from,
                  struct murk_pos to) {
  const struct murk_grid* grid = &g->m->grid;
  if (!murk_geom_on_table(grid, from) || !murk_geom_on_table(grid, to)) return false;
  return murk_geom_distance(grid, from, to) <= murk_sight_range(g, viewer);
}
