/* setup.h: the setup phases and their table, deployment, objectives, recce moves,
 * ambush handlers (setup.c). Internal to the core. */
#ifndef MK_SETUP_H
#define MK_SETUP_H

#include <stdbool.h>
#include <stddef.h>

#include "murk/command.h"
#include "murk/phase.h"
#include "objectives.h"
#include "state.h"

int mk_setup_begin(struct murk_game* g);
int mk_setup_objective(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                       const struct mk_cmd_args* a, char* reason, size_t reason_len);
int mk_setup_reserve(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                     const struct mk_cmd_args* a, char* reason, size_t reason_len);
int mk_setup_deploy(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* a, char* reason, size_t reason_len);
int mk_setup_template(struct murk_game* g, enum murk_side side, const struct murk_command* c,
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
/* No Man's Land (Flames of War missions): `build at X,Y X,Y`, a piece of works (deploy.h). */
int mk_setup_build(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                   const struct mk_cmd_args* a, char* reason, size_t reason_len);
/* No Man's Land (Flames of War missions): `patrol N at X,Y` (objectives.h: where). */
int mk_setup_patrol(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* a, char* reason, size_t reason_len);
int mk_setup_remove(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* a, char* reason, size_t reason_len);

/* ---- setup_prompt.c: the phase table's prompts, for setup.c ---- */

/* What the side to act is asked to do in each setup phase, into buf (mk_phase_prompt). */
void mk_setup_prompt_objectives(const struct murk_game* g, char* buf, size_t n);
void mk_setup_prompt_reserves(const struct murk_game* g, char* buf, size_t n);
/* Deployment, independent teams and infiltrators. */
void mk_setup_prompt_deploy(const struct murk_game* g, char* buf, size_t n);
void mk_setup_prompt_ambush(const struct murk_game* g, char* buf, size_t n);
void mk_setup_prompt_recce(const struct murk_game* g, char* buf, size_t n);
void mk_setup_prompt_patrol(const struct murk_game* g, char* buf, size_t n);

#endif
