/* combat.h: the engine's combat model (combat.c; not from the seeds): shooting,
 * assaults, motivation, company morale, dug in and Concealment. Internal to the core. */
#ifndef MK_COMBAT_H
#define MK_COMBAT_H

#include <stdbool.h>
#include <stddef.h>

#include "murk/command.h"
#include "state.h"

/* Start of `side`'s player turn: motivation tests of its platoons below half strength, then
 * company morale where the mission uses it. True if the game is now over. */
bool mk_combat_start_of_turn(struct murk_game* g, enum murk_side side);
/* Play begins: Concealment (seed 004) covers the platoons then on the table. */
void mk_combat_begin_play(struct murk_game* g);
/* `side`'s Movement step ends: its platoons that moved are no longer dug in or concealed. */
void mk_combat_after_movement(struct murk_game* g, enum murk_side side);
int mk_combat_shoot(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* a, char* reason, size_t reason_len);
int mk_combat_assault(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                      const struct mk_cmd_args* a, char* reason, size_t reason_len);
/* Cells from an assaulting team to a target team. */
#define MK_COMBAT_ASSAULT_REACH 2
/* Could own unit `unit` shoot at (shooting: in range and in sight) or else assault (within
 * reach) enemy unit tu, as shoot and assault judge it (once-a-step limits aside)? For the
 * view, which asks only the verb of the step. *seen: whether `side` sees tu at all, -1
 * until asked (the caller keeps it for the next of its own units). */
bool mk_combat_targets(const struct murk_game* g, enum murk_side side, int unit, int tu,
                       bool shooting, signed char* seen);

#endif
