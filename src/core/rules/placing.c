/* placing.c: the owner places a platoon revealed by the enemy's spotting, or by the loss of
 * its cloak or "?": which side places now, which platoon, and the hand-overs told to both.
 * The texts say how revealed units go down (Luneville, Revealing platoons; Limited
 * Intelligence 27.3.1; ASL night rules 1.421, 1.43), not who puts them down; murk reads it
 * as the owner, whoever revealed them (docs/rules.md). */
#include "placing.h"

#include "board.h"
#include "event.h"

bool mk_placing_await(struct murk_game* g, enum murk_side side, int unit, struct murk_pos at,
                      const struct murk_pos* from, struct murk_pos leader, int range,
                      enum mk_place_why why) {
  struct mk_state* s = &g->s;
  if (s->phase != MURK_PHASE_PLAY) return false;
  struct mk_unit_state* u = &s->units[side][unit];
  if (!u->placing) s->nplacing++;
  u->placing = true;
  u->place_at = at;
  u->place_has_from = from != NULL;
  u->place_from = from ? *from : at;
  u->place_leader = leader;
  u->place_range = range;
  u->place_why = why;
  return true;
}

int mk_placing_count(const struct murk_game* g, enum murk_side side) {
  const struct mk_state* s = &g->s;
  int n = 0;
  if (s->nplacing <= 0 || side == MURK_NO_SIDE) return 0;
  for (int k = 0; k < s->nunits[side]; k++) n += s->units[side][k].placing;
  return n;
}

enum murk_side mk_placing_side(const struct murk_game* g) {
  const struct mk_state* s = &g->s;
  if (s->nplacing <= 0) return MURK_NO_SIDE;
  enum murk_side other = murk_side_other(s->to_act);
  if (mk_placing_count(g, other) > 0) return other;
  return mk_placing_count(g, s->to_act) > 0 ? s->to_act : MURK_NO_SIDE;
}

int mk_placing_unit(const struct murk_game* g, enum murk_side side) {
  const struct mk_state* s = &g->s;
  if (s->nplacing <= 0 || side == MURK_NO_SIDE) return -1;
  for (int k = 0; k < s->nunits[side]; k++)
    if (s->units[side][k].placing) return k;
  return -1;
}

void mk_placing_announce(struct murk_game* g) {
  struct mk_state* s = &g->s;
  enum murk_side other = murk_side_other(s->to_act);
  int n = mk_placing_count(g, other);
  if (n == 0 || s->place_told) return;
  s->place_told = true;
  mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, other,
          "hand-over to the %s: it places the teams of the platoon%s revealed (place Pn)",
          murk_side_name(other), mk_plural(n));
}

void mk_placing_done(struct murk_game* g, enum murk_side side, int unit) {
  struct mk_state* s = &g->s;
  struct mk_unit_state* u = &s->units[side][unit];
  if (!u->placing) return;
  u->placing = false;
  s->nplacing--;
  if (side == s->to_act || mk_placing_count(g, side) > 0) return;
  s->place_told = false;
  int own = mk_placing_count(g, s->to_act);
  if (own > 0)
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, s->to_act,
            "hand-over back to the %s: it places the teams of its platoon%s revealed (place Pn)",
            murk_side_name(s->to_act), mk_plural(own));
  else
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, s->to_act,
            "hand-over back to the %s: its %s step goes on", murk_side_name(s->to_act),
            murk_step_name(s->step));
}
