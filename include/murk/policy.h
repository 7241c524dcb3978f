/* policy.h: simple players for batch games (`murk sim`, docs/commands.md).
 *
 * A policy decides the next command of the side to act from that side's view and a
 * generator of its own, nothing else: it never sees the game, so it cannot play on hidden
 * information, and a game played by policies is a pure function of (mission, seed).
 *
 * Policies do not know every rule. They propose plausible commands and let the game judge:
 * a decision is a short list of tries, best first (another unit, a shorter move, another
 * cell), applied in turn until the game takes one (a refused command changes nothing,
 * design.md section 7), ending with `end` once the policy runs out of ideas. They read the view's
 * phase, step and prompt, and for phases or verbs they do not know they fill in the usage
 * of the verbs the prompt names (murk_command_usage), so new setup phases and commands get
 * plausible tries without a change here.
 *
 *   random  a random legal-looking command: cells in the own zone for deploying, moves
 *           toward random cells nearby, reveals, spots and shots now and then, `end` often.
 *   greedy  heads for the objectives it must take (or guards those the enemy must take),
 *           reveals on an objective, spots first, shoots the nearest revealed enemy,
 *           assaults what is within reach. */
#ifndef MURK_POLICY_H
#define MURK_POLICY_H

#include <stddef.h>
#include <stdint.h>

#include "murk/dice.h"
#include "murk/geom.h"
#include "murk/side.h"
#include "murk/view.h"

#define MURK_POLICY_LIST(X) \
  X(RANDOM, "random")       \
  X(GREEDY, "greedy")

enum murk_policy {
#define MURK_POLICY_ENUM(id, name) MURK_POLICY_##id,
  MURK_POLICY_LIST(MURK_POLICY_ENUM)
#undef MURK_POLICY_ENUM
      MURK_POLICY_COUNT
};

/* "random", "greedy"; "?" out of range. */
const char* murk_policy_name(enum murk_policy p);
/* Parse a policy name. MURK_OK with *out set, or MURK_EINVAL. */
int murk_policy_parse(const char* s, enum murk_policy* out);

/* Seed one side's policy generator for a game. Each side gets its own stream, distinct
 * from the game's (which murk_rng_seed(seed) would repeat), so a policy's choices never
 * mirror the dice. */
void murk_policy_seed(struct murk_rng* rng, uint64_t game_seed, enum murk_side side);

/* Room for any line a policy writes. */
#define MURK_POLICY_LINE 192

/* The commands a policy would try at one decision, in order. Zero it before first use;
 * murk_policy_plan refills it (reusing its memory), murk_policy_plan_free releases it. */
struct murk_policy_plan {
  char (*lines)[MURK_POLICY_LINE];
  int n;
  int cap;
  /* Kept from call to call: the neighbours of each cell of the last grid planned on. A
   * function of the public grid alone, so keeping it changes no choice, only the time. */
  int* nbr;
  struct murk_grid nbr_grid;
  /* Private to policy.c, kept the same way: the distance fields toward goals, with the
   * entering costs (terrain, enemies in the way) they were made on; used again only while
   * those costs are the same, so again no choice changes. */
  struct murk_policy_memo* memo;
};

/* Plan the next command of the view's side, which must be the side to act: lines of the
 * command language (no newlines), to be applied in order until the game takes one; they
 * are alternatives, not a sequence. `round` counts the earlier plans of this decision that
 * the game refused entirely (0 the first time); the view is the same for each round of a
 * decision, so only the round and the generator make the next plan differ. A plan ends
 * with `end` where the policy has nothing better; in setup phases it may not (`end` cannot
 * place an objective), and a later round draws new cells.
 * Returns MURK_OK (plan->n >= 1), MURK_EINVAL (the umpire's view, a view of the side not
 * to act, a game over) or MURK_ENOMEM; plan->n is 0 on error. */
int murk_policy_plan(enum murk_policy p, const struct murk_view* v, struct murk_rng* rng, int round,
                     struct murk_policy_plan* plan);
void murk_policy_plan_free(struct murk_policy_plan* plan);

#endif
