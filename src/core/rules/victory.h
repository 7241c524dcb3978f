/* victory.h: ending and winning (victory.c; Luneville, the Flames of War missions, the 40k
 * mission special rules): end conditions, game length, Fighting Withdrawal, victory points,
 * the end of the game. Internal to the core. */
#ifndef MK_VICTORY_H
#define MK_VICTORY_H

#include <stdbool.h>
#include <stddef.h>

#include "murk/command.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/view.h"
#include "state.h"

/* Start of `side`'s player turn, after the starting step is announced: game length (turn
 * limit, Random Game Length), the Fighting Withdrawal schedule, then the mission's end
 * conditions. True if the game is now over. */
bool mk_victory_start_of_turn(struct murk_game* g, enum murk_side side);
/* The game length checked when a new game turn begins (the one before it has ended):
 * true if the game is now over. */
bool mk_victory_game_length(struct murk_game* g);
/* Does `side` hold placed objective k ("taken", docs/rules.md)? */
bool mk_objective_taken(const struct murk_game* g, enum murk_side side, int k);
/* Who holds placed objective k now as `viewer` knows it (the view's held_by and contested):
 * the reading of mk_objective_taken over the viewer's own units and the enemy things it sees
 * or last saw (the umpire, MURK_NO_SIDE: over the truth). Returns the side that holds it or
 * MURK_NO_SIDE; *contested (may be NULL) is set when things of both sides stand within the
 * hold distance. */
enum murk_side mk_objective_hold(const struct murk_game* g, enum murk_side viewer, int k,
                                 bool* contested);
/* Is end condition e met at the start of `side`'s turn now (turn and side filters
 * included)? For objective_taken, *objective (may be NULL) gets the objective's index. */
bool mk_end_condition_met(const struct murk_game* g, enum murk_side side,
                          const struct murk_end_condition* e, int* objective);
/* Victory points for a game won by `winner` (MURK_NO_SIDE: nobody): fills vp[], the
 * result's name ("Major Victory", "Fair Fight", "Solid Victory") and returns the winner,
 * which under margin-of-victory points (40k mission special rules) may differ from the one
 * given. */
enum murk_side mk_victory_points(const struct murk_game* g, enum murk_side winner,
                                 int vp[MURK_SIDES], char* name, size_t name_len);
/* How the game may end (view.h, struct murk_view_ending): the mission's end conditions,
 * hold distance, turn limit, who wins otherwise and by what points, the defender's half and
 * the Fighting Withdrawal schedule, as this file judges them. Public facts. */
void mk_victory_ending(const struct murk_mission* m, struct murk_view_ending* out);
/* The turn after which the game ends, 0 if none: the mission's limit, or the game's last
 * turn (murk_game_set_last_turn) when that comes first. */
int mk_victory_last_turn(const struct murk_game* g);
/* `withdraw N` (Fighting Withdrawal). */
int mk_victory_withdraw(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                        const struct mk_cmd_args* a, char* reason, size_t reason_len);
/* The ends a side chooses (docs/rules.md "End of the game"): `concede` (the enemy wins),
 * `offer end` and the enemy's answer at its next turn, `accept end` (the battle ends with no
 * winner: the mission's rule for that decides) or `refuse end`. The ready checks read only
 * the public offer. */
int mk_victory_concede(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                       const struct mk_cmd_args* a, char* reason, size_t reason_len);
int mk_victory_offer(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                     const struct mk_cmd_args* a, char* reason, size_t reason_len);
int mk_victory_accept(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                      const struct mk_cmd_args* a, char* reason, size_t reason_len);
int mk_victory_refuse(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                      const struct mk_cmd_args* a, char* reason, size_t reason_len);
int mk_victory_offer_ready(const struct murk_game* g, enum murk_side side, char* reason,
                           size_t reason_len);
int mk_victory_answer_ready(const struct murk_game* g, enum murk_side side, char* reason,
                            size_t reason_len);

/* The game is over: phase OVER, victory points, result ("attacker wins (Major Victory
 * 5:2): " followed by the reason given by fmt), END event. */
void mk_game_over(struct murk_game* g, enum murk_ended how, enum murk_side winner, const char* fmt,
                  ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

#endif
