/* setup_prompt.c: what the side to act is asked to do in each setup phase (setup.h): the
 * `prompt` column of setup.c's phase table, read by mk_phase_prompt for the view. Words
 * only, from queries below setup.c; each says only what the side may know. */
#include <stdio.h>

#include "board.h"
#include "deploy.h"
#include "intel.h"
#include "numbering.h"
#include "objectives.h"
#include "reserves.h"
#include "setup.h"
#include "state.h"

/* ---- prompts: what the side to act is asked to do in each setup phase ---- */

void mk_setup_prompt_patrol(const struct murk_game* g, char* buf, size_t n) {
  snprintf(buf, n, "%s: send out one platoon as your patrol (patrol N at X,Y)",
           murk_side_name(g->s.to_act));
}

void mk_setup_prompt_objectives(const struct murk_game* g, char* buf, size_t n) {
  const struct mk_state* s = &g->s;
  const struct murk_objective_rule* r = mk_setup_objective_step(g);
  /* Where it may go: the step's area less its bands (the refusals give the rest). */
  char rs[64], ks[160];
  mk_deploy_region_text(&r->in, rs, sizeof rs);
  mk_deploy_keep_out_text(g, &r->keep_out, ks, sizeof ks);
  snprintf(buf, n, "%s: place objective %d of %d in %s%s (objective at X,Y)",
           murk_side_name(s->to_act), s->objective_placed + 1, r->count, rs, ks);
}

void mk_setup_prompt_reserves(const struct murk_game* g, char* buf, size_t n) {
  const struct mk_state* s = &g->s;
  /* Only what this side may do: its reserve kinds and its ambushes. */
  char kinds[96] = "";
  size_t len = 0;
  static const enum murk_reserve_kind order[] = {MURK_RESERVE_DELAYED, MURK_RESERVE_SCATTERED,
                                                 MURK_RESERVE_MOBILE, MURK_RESERVE_PLAIN,
                                                 MURK_RESERVE_DEEP};
  static const char* const words[] = {"delayed", "scattered", "mobile", "plain", "deep"};
  for (int i = 0; i < 5 && len < sizeof kinds; i++)
    if (mk_reserve_kind_allowed(g, s->to_act, order[i]))
      len += (size_t)snprintf(kinds + len, sizeof kinds - len, "%s%s", len ? "|" : "", words[i]);
  int amb = mk_ambush_allowance(g, s->to_act, true) + mk_ambush_allowance(g, s->to_act, false);
  snprintf(buf, n, "%s: nominate reserves%s%s%s%s; 'end' when done", murk_side_name(s->to_act),
           kinds[0] ? " (reserve N [" : "", kinds, kinds[0] ? "])" : "",
           amb > 0 ? (kinds[0] ? ", ambushes (ambush N)" : " and ambushes (ambush N)") : "");
}

/* Deployment, independent teams and infiltrators. */
void mk_setup_prompt_deploy(const struct murk_game* g, char* buf, size_t n) {
  const struct mk_state* s = &g->s;
  const char* who = murk_side_name(s->to_act);
  if (mk_deploy_removal_due(g, s->to_act)) {
    snprintf(buf, n, "%s: take away %d of the objectives you placed (remove objective NAME)", who,
             g->m->remove_count - s->removed);
    return;
  }
  int left = mk_deploy_waiting(g, s->to_act, s->phase);
  if (s->phase == MURK_PHASE_INFILTRATE && mk_intel_on(g)) {
    int d = s->dummies_left[s->to_act];
    snprintf(buf, n,
             "%s: infiltrate (%d left, %d dummy leader%s left; deploy N|dummy at X,Y); 'end' "
             "when done",
             who, left, d, mk_plural(d));
    return;
  }
  if (s->phase != MURK_PHASE_DEPLOY) {
    snprintf(buf, n, "%s: %s (%d left; deploy N at X,Y); 'end' when done", who,
             s->phase == MURK_PHASE_INFILTRATE ? "infiltrate" : "deploy independent teams", left);
    return;
  }
  if (mk_intel_on(g)) { /* wing leaders and their Dis counters (Limited Intelligence 27.1.2) */
    mk_intel_deploy_prompt(g, s->to_act, left, buf, n);
    return;
  }
  int dummies = s->dummies_left[s->to_act];
  char sections[80];
  mk_deploy_sections_text(g, s->to_act, sections, sizeof sections);
  int unnamed = mk_numbering_unnamed(g, s->to_act);
  char named[64] = "";
  if (unnamed > 0)
    snprintf(named, sizeof named, "; %d template%s to name", unnamed, mk_plural(unnamed));
  snprintf(buf, n, "%s: deploy (%d platoon%s, %d dumm%s left%s%s%s); 'end' when done", who, left,
           left == 1 ? "" : "s", dummies, dummies == 1 ? "y" : "ies", named,
           sections[0] ? "; sections rolled: " : "", sections);
}

void mk_setup_prompt_ambush(const struct murk_game* g, char* buf, size_t n) {
  enum murk_side side = g->s.to_act;
  snprintf(buf, n, "%s: place your immediate ambush (ambush N at X,Y): %d left",
           murk_side_name(side), mk_reserves_immediate_left(g, side));
}

void mk_setup_prompt_recce(const struct murk_game* g, char* buf, size_t n) {
  snprintf(buf, n, "%s: reconnaissance deployment moves (recce N to X,Y); 'end' when done",
           murk_side_name(g->s.to_act));
}
