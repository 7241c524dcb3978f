/* computer.c: the computer opponent (sim.h; `murk play --vs computer`, docs/playing.md,
 * "Seats"). Like greedy it reads one side's view and its own generator, nothing else, and
 * plays the same verbs with the same plan (plan.c); its style row (below) adds a few
 * judgements from the view:
 *
 *   - hold: a unit by an objective (a revealed platoon within one cell of one it must take,
 *     any unit within one cell of one the enemy must take) stays there rather than running
 *     after an enemy: holding at the start of a turn wins, and an enemy team or template
 *     within one cell stops the enemy holding (docs/rules.md, "Objective taken");
 *   - cover: a revealed platoon with enemies near ends its move on the furthest cell of its
 *     way that covers it (difficult ground, or ground that hinders or blocks sight: a shot
 *     at a team there needs more, and it saves better; docs/rules.md, "Combat"), before the
 *     plain moves;
 *   - targets: of the nearest enemy platoons in reach, those in the open first;
 *   - deployment toward the objectives it must take (or guards), in its own zone.
 *
 * It knows no allowance or range of the mission: it offers its tries best first and the game
 * judges them. Its strength is measured, not claimed: scripts/computer-strength.sh and
 * docs/performance.md, "The computer opponent". */
#include "players.h"

/* An enemy marker or team this close makes a revealed platoon look for cover (cells). */
#define THREAT_RANGE 16

/* A unit that holds an objective (see the top). Past HOLD_TURNS it goes on instead: in a
 * mission without a last turn two computers holding each other's objectives would wait for
 * ever. */
#define HOLD_TURNS 10
static bool holds(const struct ctx* c, const struct unit* u) {
  if (c->v->turn > HOLD_TURNS) return false;
  for (int k = 0; k < c->ntake; k++)
    if (!u->hidden && sim_dist(c, u->pos, c->take[k]) <= 1) return true;
  for (int k = 0; k < c->nguard; k++)
    if (sim_dist(c, u->pos, c->guard[k]) <= 1) return true;
  return false;
}

static bool threatened(const struct ctx* c, const struct unit* u) {
  for (int f = 0; f < c->nfoes; f++)
    if (sim_dist(c, u->pos, c->foes[f].pos) <= THREAT_RANGE) return true;
  return false;
}

static bool seeks_cover(const struct ctx* c, const struct unit* u) {
  return !u->hidden && threatened(c, u);
}

static const struct sim_style computer_style = {
    .first_draws = 16, /* best of 16, 8, 4 draws for the first three deploy tries */
    .spread = true,
    .open_first = true,
    .stays = holds,
    .to_cover = seeks_cover,
};

void sim_computer(struct ctx* c, int round) {
  sim_plan(c, &computer_style, round);
}
