/* objectives.h: where objectives and patrols may go (objectives.c). Internal to the core:
 * the phase machine and its placing handlers (setup.c) and the view ask. The four queries
 * named mk_setup_* keep the names the view calls them by. */
#ifndef MK_OBJECTIVES_H
#define MK_OBJECTIVES_H

#include <stdbool.h>
#include <stddef.h>

#include "state.h"

/* The objective step in progress (the left/right roll orders the steps). */
const struct murk_objective_rule* mk_setup_objective_step(const struct murk_game* g);
/* May the objective step in progress put an objective at p (reason as mk_deploy_check_zone,
 * deploy.h)? */
int mk_setup_objective_cell(const struct murk_game* g, struct murk_pos p, char* reason,
                            size_t reason_len);
/* No Man's Land: is p a cell for the side's patrol (its own half, near the centre line,
 * clear of the dividing line, on its objective's side)? */
int mk_setup_patrol_cell(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                         char* reason, size_t reason_len);
/* May own platoon `unit` go out on patrol now (the patrol phase is the side's, its patrol is
 * not out yet, and the platoon is in reserve but not in ambush, or on the table)? The
 * view's placing list offers only these. */
bool mk_setup_may_patrol(const struct murk_game* g, enum murk_side side, int unit);

/* Is No Man's Land's patrol rule in force? */
bool mk_objectives_nml_on(const struct murk_game* g);
/* The index of the objective step in progress. */
int mk_objectives_step_index(const struct murk_game* g);
/* No Man's Land: both sides roll; the winner chooses its half and places first (public). */
void mk_objectives_roll_left_right(struct murk_game* g);
/* A patrol platoon: held in reserve (not in ambush) or on the table. */
bool mk_objectives_patrol_eligible(const struct murk_game* g, enum murk_side side, int unit);
/* The patrol's area as a rectangle; false when it has no cell. */
bool mk_objectives_patrol_area(const struct murk_game* g, enum murk_side side, struct murk_zone* z);
/* Has `side` a patrol still to put out? */
bool mk_objectives_work_patrol(const struct murk_game* g, enum murk_side side);
/* Who puts its patrol out first: the left/right roll's winner. */
enum murk_side mk_objectives_patrol_first(struct murk_game* g);
/* May the current placement step put an objective at `at`? */
int mk_objectives_cell_check(const struct murk_game* g, struct murk_pos at, char* reason,
                             size_t reason_len);

#endif
