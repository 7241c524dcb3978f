/* driver.c: the one loop that plays a game between two players (sim.h): `murk sim`, the
 * benchmarks and the tests all go through murk_sim_decide. */
#include <string.h>

#include "murk/error.h"
#include "players.h"

static int apply_to_game(void* ctx, enum murk_side side, const struct murk_command* c, char* reason,
                         size_t reason_len) {
  return murk_game_apply((struct murk_game*)ctx, side, c, reason, reason_len);
}

static void say(char* reason, size_t n, const char* text) {
  if (!reason || n == 0) return;
  size_t k = strnlen(text, n - 1);
  memcpy(reason, text, k);
  reason[k] = '\0';
}

int murk_sim_decide(enum murk_policy policy, const struct murk_view* v, struct murk_rng* rng,
                    struct murk_policy_plan* plan, murk_sim_offer_fn offer, void* offer_ctx,
                    murk_sim_trace_fn trace, void* trace_ctx, struct murk_sim_tally* tally,
                    struct murk_command* taken, char* reason, size_t reason_len) {
  if (!v || !rng || !plan || !offer) return MURK_EINVAL;
  char why[256] = "";
  int tries = 0;
  for (int round = 0; tries < MURK_SIM_MAX_TRIES; round++) {
    int rc = murk_policy_plan(policy, v, rng, round, plan);
    if (rc != MURK_OK) return rc;
    for (int i = 0; i < plan->n && tries < MURK_SIM_MAX_TRIES; i++, tries++) {
      /* A try the view says is refused counts as one, as when it was offered: the same
       * tries reach the cap. */
      if (plan->refused && plan->refused[i]) continue;
      const struct murk_command* c = &plan->cmds[i];
      rc = offer(offer_ctx, v->side, c, why, sizeof why);
      if (trace) trace(trace_ctx, v->side, c, rc, why);
      if (rc == MURK_OK) {
        if (tally) tally->applied++;
        if (taken) *taken = *c;
        say(reason, reason_len, "");
        return MURK_OK;
      }
      if (rc != MURK_EREJECTED) {
        say(reason, reason_len, why);
        return rc;
      }
      if (tally) tally->refused++;
    }
  }
  /* Out of ideas: a player that is stuck ends its step rather than trying forever. */
  struct murk_command end;
  memset(&end, 0, sizeof end);
  end.kind = MURK_CMD_END;
  end.at.x = end.at.y = end.at2.x = end.at2.y = -1;
  int rc = offer(offer_ctx, v->side, &end, why, sizeof why);
  if (trace) trace(trace_ctx, v->side, &end, rc, why);
  say(reason, reason_len, why);
  if (rc == MURK_OK) {
    if (tally) tally->applied++;
    if (taken) *taken = end;
    return MURK_OK;
  }
  if (rc == MURK_EREJECTED && tally) tally->refused++;
  return rc;
}

void murk_sim_init(struct murk_sim* s, struct murk_game* g, enum murk_policy attacker,
                   enum murk_policy defender, uint64_t seed) {
  memset(s, 0, sizeof *s);
  s->game = g;
  s->policy[MURK_ATTACKER] = attacker;
  s->policy[MURK_DEFENDER] = defender;
  for (int sd = 0; sd < MURK_SIDES; sd++) murk_policy_seed(&s->rng[sd], seed, (enum murk_side)sd);
  s->last_side = MURK_NO_SIDE;
}

void murk_sim_next_game(struct murk_sim* s, struct murk_game* g, uint64_t seed) {
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    /* Kept, their arrays too: a batch of games would grow them anew every game. */
    murk_view_reset(s->views[sd]);
    murk_policy_seed(&s->rng[sd], seed, (enum murk_side)sd);
  }
  s->game = g;
  memset(&s->tally, 0, sizeof s->tally);
  s->last_side = MURK_NO_SIDE;
  s->reason[0] = '\0';
}

int murk_sim_view(struct murk_sim* s, enum murk_side side, const struct murk_view** out) {
  if (out) *out = NULL;
  if (side != MURK_ATTACKER && side != MURK_DEFENDER) return MURK_EINVAL;
  /* Each side's view is refreshed rather than built anew for every command (view.h), of the
   * kind its player reads (the policy table's column) unless the caller reads the words. */
  bool full = s->full_views || murk_policy_reads_full_view(s->policy[side]);
  if (s->views[side] &&
      murk_view_is_lean(s->views[side]) == full) { /* a kept view of the other kind */
    murk_view_free(s->views[side]);
    s->views[side] = NULL;
  }
  int rc = s->views[side] ? murk_view_update(s->game, s->views[side])
           : full         ? murk_view_build(s->game, side, &s->views[side])
                          : murk_view_build_lean(s->game, side, &s->views[side]);
  if (rc != MURK_OK) {
    murk_view_free(s->views[side]);
    s->views[side] = NULL;
    return rc;
  }
  if (out) *out = s->views[side];
  return MURK_OK;
}

int murk_sim_step(struct murk_sim* s) {
  enum murk_side side = murk_game_to_act(s->game);
  if (side == MURK_NO_SIDE) return MURK_EINVAL;
  const struct murk_view* v = NULL;
  int rc = murk_sim_view(s, side, &v);
  if (rc != MURK_OK) return rc;
  murk_sim_offer_fn offer = s->offer ? s->offer : apply_to_game;
  void* ctx = s->offer ? s->offer_ctx : s->game;
  rc = murk_sim_decide(s->policy[side], v, &s->rng[side], &s->plan, offer, ctx, s->trace,
                       s->trace_ctx, &s->tally, &s->last, s->reason, sizeof s->reason);
  if (rc == MURK_OK) s->last_side = side;
  return rc;
}

bool murk_sim_past_turns(const struct murk_game* g, int max_turns) {
  return max_turns > 0 && murk_game_phase(g) == MURK_PHASE_PLAY && murk_game_turn(g) > max_turns;
}

int murk_sim_play(struct murk_sim* s, long max_commands, int max_turns) {
  for (long n = 0; murk_game_to_act(s->game) != MURK_NO_SIDE; n++) {
    if (murk_sim_past_turns(s->game, max_turns)) return MURK_OK;
    if (n >= max_commands) return MURK_ERANGE;
    int rc = murk_sim_step(s);
    if (rc != MURK_OK) return rc;
  }
  return MURK_OK;
}

void murk_sim_free(struct murk_sim* s) {
  if (!s) return;
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    murk_view_free(s->views[sd]);
    s->views[sd] = NULL;
  }
  murk_policy_plan_free(&s->plan);
}
