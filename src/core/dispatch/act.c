/* act.c: the actions on a marker, `move` and `reveal` (command.c's rows), dispatched by
 * the kind of what the command names: a counter (a Fog-of-War template, an ASL cloaking
 * counter, the night defender's "?") or a revealed platoon is fog.c's, a Limited
 * Intelligence wing leader intel.c's. The marker kinds (marker.c) say which (`act`); this
 * file sits above the rule modules, so marker.c, fog.c and intel.c never call back. */
#include "act.h"

#include "board.h"
#include "fog.h"
#include "intel.h"
#include "marker.h"
#include "murk/error.h"
#include "state.h"

int mk_act_move(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  const struct mk_marker_ops* ops = mk_marker_ops_for(g, side, a->unit, a->marker);
  switch (ops ? ops->act : MK_ACT_NONE) {
    case MK_ACT_COUNTER:
      return mk_fog_move_template(g, side, a->marker, a->unit, c, reason, reason_len);
    case MK_ACT_PLATOON:
      return mk_fog_move_platoon(g, side, a->marker, a->unit, c, reason, reason_len);
    case MK_ACT_WING:
      return mk_intel_move(g, side, a->marker, c, reason, reason_len);
    case MK_ACT_NONE:
      break;
  }
  return mk_fog_not_on_table(g, side, a->unit, reason, reason_len);
}

int mk_act_reveal(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                  const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  int unit = a->unit;
  if (c->target.kind == MURK_REF_PLATOON)
    return mk_fog_reveal_independent(g, side, c, a, reason, reason_len);
  const struct mk_marker_ops* ops = mk_marker_ops_for(g, side, unit, a->marker);
  if (!ops || ops->act == MK_ACT_NONE)
    return mk_fog_not_on_table(g, side, unit, reason, reason_len);
  if (c->nvia > 0) {
    int rc = mk_fog_reveal_want(g, side, c, a, reason, reason_len);
    if (rc != MURK_OK) return rc;
  }
  int rc = MURK_OK;
  switch (ops->act) {
    case MK_ACT_COUNTER:
      mk_fog_reveal_marker(g, a->marker, NULL);
      break;
    case MK_ACT_WING: /* Limited Intelligence 27.4: a wing deploys of its own accord */
      rc = mk_intel_reveal(g, side, a->marker, reason, reason_len);
      break;
    case MK_ACT_PLATOON:
      rc = mk_reject(reason, reason_len, "platoon %d is already revealed (P%d)", unit + 1,
                     s->units[side][unit].marker);
      break;
    case MK_ACT_NONE:
      break;
  }
  s->nreveal_want = 0;
  return rc;
}
