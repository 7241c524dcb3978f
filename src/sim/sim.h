/* sim.h: simple players for batch games, and the one driver that plays them (`murk sim`,
 * the benchmarks and the tests; docs/commands.md, "Batch games"). Library murksim, a client
 * of libmurk's views like the TUI: it includes no header of src/core.
 *
 * A player (a policy) decides the next command of the side to act from that side's view
 * and a generator of its own, nothing else: it never sees the game, so it cannot play on
 * hidden information, and a game played by policies is a pure function of (mission, seed).
 * It reads the view's fields (phase, step, the verbs legal now, units, arrival cells...)
 * and returns command structures; it reads no prompt, usage or event text.
 *
 * Policies do not know every rule. They propose plausible commands and let the game judge:
 * a decision is a short list of tries, best first (another unit, a shorter move, another
 * cell), applied in turn until the game takes one (a refused command changes nothing,
 * docs/commands.md), ending with `end` once the policy runs out of ideas.
 *
 *   random  a random command of the verbs legal now: cells in the own zone for deploying,
 *           moves toward random cells nearby, reveals, spots and shots now and then, `end`
 *           often.
 *   greedy  heads for the objectives it must take (or guards those the enemy must take),
 *           reveals on an objective, spots first, shoots the nearest revealed enemy,
 *           assaults what is within reach.
 *   computer the opponent of `murk play --vs computer` (computer.c): greedy's setup and
 *           fire; it weighs each move one ply deep over the cells the view says a unit
 *           may reach (objectives held or contested, a threatened objective guarded,
 *           cover), and chooses its withdrawals and removed objectives. */
#ifndef MURK_SIM_H
#define MURK_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "murk/command.h"
#include "murk/dice.h"
#include "murk/game.h"
#include "murk/side.h"
#include "murk/view.h"

/* One row per player: its id, its name, and whether it reads the full view (true) or the
 * lean one (murk_view_build_lean: what random and greedy read). The computer reads the full
 * view murk play hands its seat: it asks the view where its units may move (murk_view_reach),
 * which a lean view leaves out, and its strength measured by murk sim must be the one a
 * person plays against. */
#define MURK_POLICY_LIST(X)  \
  X(RANDOM, "random", false) \
  X(GREEDY, "greedy", false) \
  X(COMPUTER, "computer", true)

enum murk_policy {
#define MURK_POLICY_ENUM(id, name, full) MURK_POLICY_##id,
  MURK_POLICY_LIST(MURK_POLICY_ENUM)
#undef MURK_POLICY_ENUM
      MURK_POLICY_COUNT
};

/* "random", "greedy", "computer"; "?" out of range. */
const char* murk_policy_name(enum murk_policy p);
/* Parse a policy name. MURK_OK with *out set, or MURK_EINVAL. */
int murk_policy_parse(const char* s, enum murk_policy* out);
/* Whether the player reads the full view (its row of MURK_POLICY_LIST); false out of range. */
bool murk_policy_reads_full_view(enum murk_policy p);

/* Seed one side's policy generator for a game. Each side gets its own stream, distinct
 * from the game's (which murk_rng_seed(seed) would repeat), so a policy's choices never
 * mirror the dice. */
void murk_policy_seed(struct murk_rng* rng, uint64_t game_seed, enum murk_side side);

/* The commands a policy would try at one decision, in order. Zero it before first use;
 * murk_policy_plan refills it (reusing its memory), murk_policy_plan_free releases it.
 * `memo` keeps, from decision to decision, what depends only on the public table (cell
 * neighbours, distance fields toward goals with the costs they were made on): it changes
 * no choice, only the time. Private to the library. */
struct murk_policy_plan {
  struct murk_command* cmds;
  /* For each command (cap of them): true when the view already says the game refuses it
   * (a shot at a pair the view's targets leave out). The driver counts it as a try but does
   * not offer it; the policy drew it all the same, so nothing it draws depends on the
   * game's answers beyond what the view shows. */
  bool* refused;
  int n;
  int cap;
  struct murk_policy_memo* memo;
};

/* Plan the next command of the view's side, which must be the side to act: alternatives,
 * to be offered in order until the game takes one, not a sequence. `round` counts the
 * earlier plans of this decision that the game refused entirely (0 the first time); the view
 * is the same for each round of a decision, so only the round and the generator make the
 * next plan differ. A plan ends with `end` where the policy has nothing better and `end` is
 * legal (the view's verbs); in setup phases it may not, and a later round draws new cells.
 * Returns MURK_OK (plan->n >= 1), MURK_EINVAL (the umpire's view, a view of the side not
 * to act, a game over) or MURK_ENOMEM; plan->n is 0 on error. */
int murk_policy_plan(enum murk_policy p, const struct murk_view* v, struct murk_rng* rng, int round,
                     struct murk_policy_plan* plan);
void murk_policy_plan_free(struct murk_policy_plan* plan);

/* ---- the driver ---- */

/* Commands offered at one decision before the driver gives up on the plans and offers a
 * bare `end`; if that too is refused the player is stuck. */
#define MURK_SIM_MAX_TRIES 400

/* How a decision's commands reach the game: murk_game_apply by default; a test may type
 * them into a front-end instead, or check the state around each. Returns MURK_OK (taken),
 * MURK_EREJECTED (refused, reason filled, nothing changed) or another error (fatal). */
typedef int (*murk_sim_offer_fn)(void* ctx, enum murk_side side, const struct murk_command* c,
                                 char* reason, size_t reason_len);
/* Told of every command offered and the game's answer (rc as offer returns it). */
typedef void (*murk_sim_trace_fn)(void* ctx, enum murk_side side, const struct murk_command* c,
                                  int rc, const char* reason);

/* What a decision cost. */
struct murk_sim_tally {
  long applied; /* commands taken */
  long refused; /* commands refused */
};

/* One decision of `policy` for the view's side (the side to act): plans in rounds, each
 * command offered until one is taken; after MURK_SIM_MAX_TRIES refusals a bare `end`.
 * *taken (may be NULL) gets the command taken. Returns MURK_OK, MURK_EREJECTED (stuck:
 * nothing was taken, `end` included; reason says the last refusal), MURK_EINVAL,
 * MURK_ENOMEM, or the offer's own error. */
int murk_sim_decide(enum murk_policy policy, const struct murk_view* v, struct murk_rng* rng,
                    struct murk_policy_plan* plan, murk_sim_offer_fn offer, void* offer_ctx,
                    murk_sim_trace_fn trace, void* trace_ctx, struct murk_sim_tally* tally,
                    struct murk_command* taken, char* reason, size_t reason_len);

/* A game and its two players: each side's generator and kept view (refreshed, view.h). */
struct murk_sim {
  struct murk_game* game; /* the caller's */
  enum murk_policy policy[MURK_SIDES];
  struct murk_rng rng[MURK_SIDES];
  struct murk_view* views[MURK_SIDES];
  /* false (murk_sim_init): each side's view is of the kind its player reads
   * (murk_policy_reads_full_view); true: full views for both, for a caller that reads
   * them. Set before the first step of a game. */
  bool full_views;
  struct murk_policy_plan plan;
  murk_sim_offer_fn offer; /* NULL: murk_game_apply */
  void* offer_ctx;
  murk_sim_trace_fn trace; /* NULL: none */
  void* trace_ctx;
  struct murk_sim_tally tally;
  struct murk_command last; /* the last command taken */
  enum murk_side last_side; /* and who sent it */
  char reason[256];         /* the last refusal */
};

/* Set up players for game g (seeded as murk_policy_seed(seed)); the game stays the
 * caller's, and must outlive the sim. */
void murk_sim_init(struct murk_sim* s, struct murk_game* g, enum murk_policy attacker,
                   enum murk_policy defender, uint64_t seed);
/* The same players on to another game g (seeded from `seed`): the views of the last game
 * are reset (murk_view_reset: their memory kept, their contents refilled from g), the tally
 * zeroed; the plan's memory and memo, the policies and the hooks are kept (a batch of games
 * of one mission reuses the distance fields). */
void murk_sim_next_game(struct murk_sim* s, struct murk_game* g, uint64_t seed);
/* The kept view of `side`, refreshed to the game now (MURK_OK, or an error of view.h). */
int murk_sim_view(struct murk_sim* s, enum murk_side side, const struct murk_view** out);
/* One command of the side to act. MURK_OK (taken; s->last), MURK_EINVAL when the game is
 * over, MURK_EREJECTED when stuck, or another error. */
int murk_sim_step(struct murk_sim* s);
/* The turn bound of `murk sim` unless --max-turns says otherwise: most missions end only as
 * their texts say (objectives, a company broken), which random players may never bring
 * about, so a batch stops a game about to begin a later turn and counts it unfinished. */
#define MURK_SIM_MAX_TURNS 40
/* And its bound on the commands of one game (--max-commands): a game that reaches it has
 * a player stuck in a loop. */
#define MURK_SIM_MAX_COMMANDS 5000
/* Whether game g is past the turn bound max_turns (0: no bound): in play, on a later turn. */
bool murk_sim_past_turns(const struct murk_game* g, int max_turns);
/* Steps until the game is over, past max_turns (0: no bound; murk_sim_past_turns) or
 * max_commands were taken. MURK_OK (over, or stopped at the turn bound: the game has a
 * side to act), MURK_ERANGE (the command cap), or what a step returned. */
int murk_sim_play(struct murk_sim* s, long max_commands, int max_turns);
/* Frees the views and the plan (not the game). */
void murk_sim_free(struct murk_sim* s);

#endif
