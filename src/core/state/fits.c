/* fits.c: the counts behind the game's fixed limits (state.h), in one place. */
#include "fits.h"

#include <string.h>

#include "state.h"

bool mk_mission_size(const struct murk_mission* m, struct mk_mission_size* out) {
  memset(out, 0, sizeof *out);
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    const struct murk_force* f = &m->sides[sd].force;
    if (f->nplatoons < 0 || f->nplatoons > MK_MAX_UNITS) {
      out->malformed = true;
      continue;
    }
    for (int p = 0; p < f->nplatoons; p++) {
      const struct murk_platoon* pl = &f->platoons[p];
      for (int k = 0; k < pl->ngroups; k++) {
        if (pl->groups[k].profile < 0 || pl->groups[k].profile >= f->nprofiles ||
            pl->groups[k].count < 0) {
          out->malformed = true;
          continue;
        }
        out->teams[sd] += pl->groups[k].count;
      }
    }
    out->markers += f->nplatoons + (f->dummies > 0 ? f->dummies : 0);
  }
  out->placed = m->nobjectives;
  for (int i = 0; i < m->nobjective_rules; i++) out->placed += m->objective_rules[i].count;
  bool fits =
      !out->malformed && out->markers <= MK_MAX_MARKERS && out->placed <= MK_MAX_PLACED_OBJECTIVES;
  for (int sd = 0; sd < MURK_SIDES; sd++) fits = fits && out->teams[sd] <= MK_MAX_TEAMS_PER_SIDE;
  return fits;
}
