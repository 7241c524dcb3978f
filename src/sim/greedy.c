/* greedy.c: the greedy player (sim.h). The shared plan (plan.c) at its plainest: it heads
 * for the objectives it must take (or guards those the enemy must take), reveals on an
 * objective, spots first, shoots the nearest revealed enemy and assaults what is within
 * reach; it deploys near the objectives it must take. */
#include <limits.h>

#include "players.h"

/* Tries of the best cells for an objective placed away from the enemy. */
#define AWAY_TRIES 4

/* An objective the enemy must take, placed while the enemy already stands on the table (the
 * Flames of War missions, No Man's Land: the objectives come after the Fortified Platoons
 * deploy, so the placer sees where they stand): the cells the view offers farthest from
 * the nearest enemy it knows, best first. Before any enemy stands (every other mission) the
 * shared draws place it, as before: nothing is drawn here. */
static void away_objectives(struct ctx* c) {
  const struct murk_view* v = c->v;
  if (!sim_can(c, MURK_CMD_OBJECTIVE) || v->place_for != c->enemy || c->nfoes <= 0) return;
  int best[AWAY_TRIES], at[AWAY_TRIES], n = 0;
  for (int i = 0; i < v->nplace_cells; i++) {
    struct murk_pos p = v->place_cells[i];
    if (!sim_cell_free(c, p)) continue;
    int near = INT_MAX;
    for (int k = 0; k < c->nfoes; k++) {
      int d = sim_dist(c, p, c->foes[k].pos);
      if (d < near) near = d;
    }
    /* Keep the AWAY_TRIES farthest, the first found first among equals. */
    int j = n < AWAY_TRIES ? n++ : AWAY_TRIES;
    if (j == AWAY_TRIES && near <= best[AWAY_TRIES - 1]) continue;
    if (j == AWAY_TRIES) j = AWAY_TRIES - 1;
    while (j > 0 && best[j - 1] < near) {
      best[j] = best[j - 1];
      at[j] = at[j - 1];
      j--;
    }
    best[j] = near;
    at[j] = i;
  }
  for (int k = 0; k < n; k++) {
    struct murk_command* cmd = sim_add(c, MURK_CMD_OBJECTIVE);
    if (cmd) cmd->at = v->place_cells[at[k]];
  }
}

static const struct sim_style greedy_style = {
    .first_draws = 8, /* best of 8, 4, 2 draws for the first three deploy tries */
    .objectives = away_objectives,
};

void sim_greedy(struct ctx* c, int round) {
  sim_plan(c, &greedy_style, round);
}
