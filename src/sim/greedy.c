/* greedy.c: the greedy player (sim.h). The shared plan (plan.c) at its plainest: it heads
 * for the objectives it must take (or guards those the enemy must take), reveals on an
 * objective, spots first, shoots the nearest revealed enemy and assaults what is within
 * reach; it deploys near the objectives it must take. */
#include "players.h"

static const struct sim_style greedy_style = {
    .first_draws = 8, /* best of 8, 4, 2 draws for the first three deploy tries */
};

void sim_greedy(struct ctx* c, int round) {
  sim_plan(c, &greedy_style, round);
}
