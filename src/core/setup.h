/* setup.h: the setup phases and their table, deployment, objectives, recce moves,
 * ambush handlers (setup.c). Internal to the core. */
#ifndef MK_SETUP_H
#define MK_SETUP_H

#include <stdbool.h>
#include <stddef.h>

#include "murk/command.h"
#include "murk/phase.h"
#include "state.h"

int mk_setup_begin(struct murk_game* g);
int mk_setup_objective(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                       const struct mk_cmd_args* a, char* reason, size_t reason_len);
int mk_setup_reserve(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                     const struct mk_cmd_args* a, char* reason, size_t reason_len);
int mk_setup_deploy(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* a, char* reason, size_t reason_len);
/* `end`: what it does is the current phase's (the phase table); may it be used now? */
int mk_phase_end(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                 const struct mk_cmd_args* a, char* reason, size_t reason_len);
int mk_phase_end_ready(const struct murk_game* g, enum murk_side side, char* reason,
                       size_t reason_len);
/* A setup phase's prompt for the view (mine: the side to act's; else what the waiting side
 * is told). False in play and once over: the view words those. */
bool mk_phase_prompt(const struct murk_game* g, bool mine, char* buf, size_t n);
int mk_setup_recce(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                   const struct mk_cmd_args* a, char* reason, size_t reason_len);
int mk_setup_ambush(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* a, char* reason, size_t reason_len);
/* No Man's Land (Flames of War missions): `patrol N at X,Y`; is p a cell for the side's
 * patrol (its own half, near the centre line, clear of the dividing line, on its
 * objective's side)? The current objective step (the left/right roll orders the steps). */
int mk_setup_patrol(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* a, char* reason, size_t reason_len);
int mk_setup_patrol_cell(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                         char* reason, size_t reason_len);
/* May own platoon `unit` go out on patrol now (the patrol phase is the side's, its patrol is
 * not out yet, and the platoon is in reserve but not in ambush, or on the table)? The
 * view's placing list offers only these. */
bool mk_setup_may_patrol(const struct murk_game* g, enum murk_side side, int unit);
const struct murk_objective_rule* mk_setup_objective_step(const struct murk_game* g);
/* May the objective step in progress put an objective at p (reason as mk_deploy_check_zone,
 * deploy.h)? */
int mk_setup_objective_cell(const struct murk_game* g, struct murk_pos p, char* reason,
                            size_t reason_len);
int mk_setup_remove(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* a, char* reason, size_t reason_len);

#endif
