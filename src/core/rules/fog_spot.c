/* fog_spot.c: Fog of War's spotting roll (Luneville, Revealing platoons, second point): the
 * visibility roll at the start of the Shooting step and what it reveals. Beside fog.c, whose
 * reveal it calls. */
#include <limits.h>

#include "board.h"
#include "event.h"
#include "fog.h"
#include "murk/error.h"
#include "night.h"
#include "sight.h"
#include "state.h"

/* The nearest marker or team of `side` within range of p with a line of sight to it (first
 * in marker order, then team order, on a tie). Spotting needs sight as well as range
 * (docs/rules.md, "Revealing"). A template standing for nothing never spots (Flames of War,
 * Luneville mission rules, "Revealing platoons": players reveal enemies with their
 * platoons; dummies are murk's own variant, docs/rules.md). A Limited Intelligence dummy
 * leader spots as a wing's does (27.1.6: every counter spots), or a spot that found
 * nothing near it would tell the enemy what it is. */
static bool spotter(const struct murk_game* g, enum murk_side side, struct murk_pos p, int range,
                    struct murk_pos* at) {
  const struct mk_state* s = &g->s;
  const struct murk_grid* grid = &g->m->grid;
  int best = INT_MAX;
  for (int i = 0; i < s->nmarkers; i++) {
    const struct mk_marker* mk = &s->markers[i];
    if (!mk->on_table || mk->owner != side) continue;
    if (mk->unit < 0 && mk->kind != MURK_MARKER_WING) continue;
    int d = murk_geom_distance(grid, mk->pos, p);
    if (d <= range && d < best && mk_sight_los(g, mk->pos, p)) {
      best = d;
      *at = mk->pos;
    }
  }
  for (int t = 0; t < s->nteams[side]; t++) {
    const struct mk_team* tm = &s->teams[side][t];
    if (!tm->alive || !tm->placed) continue;
    int d = murk_geom_distance(grid, tm->pos, p);
    if (d <= range && d < best && mk_sight_los(g, tm->pos, p)) {
      best = d;
      *at = tm->pos;
    }
  }
  return best != INT_MAX;
}

/* Luneville, Revealing platoons, second point: at the start of the Shooting step a side may
 * roll on the visibility table once; every enemy template within the range rolled (never
 * beyond the cap) of any of its markers or teams is revealed. */
int mk_fog_spot_ready(const struct murk_game* g, enum murk_side side, char* reason,
                      size_t reason_len) {
  (void)side;
  const struct mk_state* s = &g->s;
  if (g->m->visibility.nrows == 0)
    return mk_reject(reason, reason_len, "this mission has no visibility table");
  if (s->spotted) return mk_reject(reason, reason_len, "you have already tried to spot this step");
  if (s->fired)
    return mk_reject(reason, reason_len, "spotting comes before any shooting in the step");
  return MURK_OK;
}

int mk_fog_spot(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  (void)c;
  (void)a;
  (void)reason;
  (void)reason_len;
  struct mk_state* s = &g->s;
  const struct murk_mission* m = g->m;
  char purpose[MURK_ROLL_PURPOSE];
  mk_format(purpose, sizeof purpose, "%s spots: visibility", murk_side_name(side));
  int total = murk_roll(g, &m->visibility.die, purpose, MURK_AUD_ALL, NULL);
  int range = 0;
  for (int i = 0; i < m->visibility.nrows; i++)
    if (total >= m->visibility.rows[i].lo && total <= m->visibility.rows[i].hi)
      range = m->visibility.rows[i].range;
  int cap = murk_mission_param(m, MURK_P_FOW_SPOT_CAP);
  bool capped = range > cap;
  if (capped) range = cap;
  /* At night under the ASL night rules no spotting reaches beyond the Night Visibility
   * Range: a side sees no farther (murk's reading where the two texts meet). */
  int nvr = mk_night_nvr(g);
  bool dark = nvr >= 0 && range > nvr;
  if (dark) range = nvr;
  s->spotted = true;
  s->visibility = range;
  char len[32];
  mk_cells_text(g, range, len, sizeof len);
  mk_event_append(g, ": %s (%d cells)%s", len, range,
                  dark     ? ", the Night Visibility Range"
                  : capped ? ", the most spotting can reach"
                           : "");
  /* Markers are revealed in marker order; each is measured from the spotting side as it
   * stands when spotting began (the spotting side does not change while it spots). */
  enum murk_side enemy = murk_side_other(side);
  int found = 0;
  for (int i = 0; i < s->nmarkers; i++) {
    const struct mk_marker* mk = &s->markers[i];
    if (!mk->on_table || mk->owner != enemy || mk->revealed) continue;
    struct murk_pos from;
    if (!spotter(g, side, mk->pos, range, &from)) continue;
    found++;
    mk_fog_reveal_marker(g, i, &from);
  }
  if (found == 0)
    mk_emit(g, MURK_EV_SPOT, MURK_AUD_ALL, side, "%s spots nothing within %s", murk_side_name(side),
            len);
  else
    mk_emit(g, MURK_EV_SPOT, MURK_AUD_ALL, side, "%s spots %d marker%s within %s",
            murk_side_name(side), found, found == 1 ? "" : "s", len);
  /* The hand-over to the owner of what was revealed follows the command (placing.c). */
  return MURK_OK;
}
