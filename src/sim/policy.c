/* policy.c: the players' names and seeds, the plan buffer, and murk_policy_plan (sim.h). */
#include <string.h>

#include "murk/alloc.h"
#include "murk/error.h"
#include "players.h"

const char* murk_policy_name(enum murk_policy p) {
  static const char* const names[] = {
#define MURK_POLICY_NAME(id, name, full) name,
      MURK_POLICY_LIST(MURK_POLICY_NAME)
#undef MURK_POLICY_NAME
  };
  if ((int)p < 0 || p >= MURK_POLICY_COUNT) return "?";
  return names[p];
}

bool murk_policy_reads_full_view(enum murk_policy p) {
  static const bool full[] = {
#define MURK_POLICY_FULL(id, name, full) full,
      MURK_POLICY_LIST(MURK_POLICY_FULL)
#undef MURK_POLICY_FULL
  };
  return (int)p >= 0 && p < MURK_POLICY_COUNT && full[p];
}

int murk_policy_parse(const char* s, enum murk_policy* out) {
  if (!s) return MURK_EINVAL;
  for (int i = 0; i < MURK_POLICY_COUNT; i++)
    if (strcmp(s, murk_policy_name((enum murk_policy)i)) == 0) {
      if (out) *out = (enum murk_policy)i;
      return MURK_OK;
    }
  return MURK_EINVAL;
}

/* splitmix64 (Steele, Lea, Flood 2014): spreads nearby game seeds far apart. */
static uint64_t mix64(uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void murk_policy_seed(struct murk_rng* rng, uint64_t game_seed, enum murk_side side) {
  murk_rng_seed(rng, mix64(game_seed ^ (side == MURK_DEFENDER ? 0x5157ull : 0xa77aull)));
}

void murk_policy_plan_free(struct murk_policy_plan* plan) {
  if (!plan) return;
  murk_free(plan->cmds);
  murk_free(plan->refused);
  sim_memo_free(plan->memo);
  memset(plan, 0, sizeof *plan);
}

int murk_policy_plan(enum murk_policy p, const struct murk_view* v, struct murk_rng* rng, int round,
                     struct murk_policy_plan* plan) {
  if (!plan) return MURK_EINVAL;
  plan->n = 0;
  if (!v || !rng) return MURK_EINVAL;
  if (v->side == MURK_NO_SIDE || v->side != v->to_act || v->phase == MURK_PHASE_OVER)
    return MURK_EINVAL;
  if ((int)p < 0 || p >= MURK_POLICY_COUNT) return MURK_EINVAL;
  if (round < 0) round = 0;
  struct ctx c;
  /* The random player asks for the cell maps only when it draws a cell. */
  int rc = sim_ctx_init(&c, v, rng, plan, p == MURK_POLICY_RANDOM);
  if (rc == MURK_OK && v->place_platoon > 0 && sim_can(&c, MURK_CMD_PLACE)) {
    /* The enemy's spotting revealed an own platoon: its owner places it first, an offer to
     * end waiting or not (the random player at cells it draws). */
    sim_place_tries(&c, p == MURK_POLICY_RANDOM);
  } else if (rc == MURK_OK && v->end_offer == c.enemy) {
    /* The enemy offered to end the battle: every player answers it, from its own view: it
     * accepts unless the battle, ended now, would be its own (the mission names it the
     * victor of a game without a winner). */
    sim_add(&c, v->ending.otherwise == c.me ? MURK_CMD_REFUSE : MURK_CMD_ACCEPT);
  } else if (rc == MURK_OK) {
    if (p == MURK_POLICY_GREEDY)
      sim_greedy(&c, round);
    else if (p == MURK_POLICY_COMPUTER)
      sim_computer(&c, round);
    else
      sim_random(&c, round);
    /* Nothing at all (no verb legal the player could fill): `end` all the same, so a plan
     * is never empty; the game says why not. */
    if (plan->n == 0 && !c.oom) sim_add(&c, MURK_CMD_END);
    if (c.oom) rc = MURK_ENOMEM;
  }
  sim_ctx_free(&c);
  if (rc != MURK_OK) plan->n = 0;
  return rc;
}
