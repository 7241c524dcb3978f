/* intel.h: Limited Intelligence (27) - wing leader counters and their Dis
 * counters, how they move, how they are spotted, the deployment roll and placing a wing's
 * units on the table. Internal to the core; its callers, only while the mission has
 * `limited_intelligence` in force: setup.c (deployment and its prompt), marker.c (a leader's
 * move, reveal, allowance and contents), fog.c (spotting, a platoon's move), reserves.c (a
 * platoon put down after deployment), view.c (a landing, an adjustment due) and command.c
 * (the `dis` and `adjust` rows; `dis` is refused without the rule). docs/rules.md, "Limited
 * Intelligence", says how every paragraph is read.
 *
 * A wing leader is a marker (state.h) of kind MURK_MARKER_WING: `unit` is the
 * wing's first platoon (-1 for a dummy leader), every platoon of the wing is hidden under
 * it (its `marker` is the leader's number), and `dis` holds its Dis counters. */
#ifndef MK_INTEL_H
#define MK_INTEL_H

#include <stdbool.h>
#include <stddef.h>

#include "state.h"

bool mk_intel_on(const struct murk_game* g);

/* Everything of one side a rule may have to measure from or to. */
#define MK_INTEL_MAX_THINGS (MK_MAX_MARKERS + MK_MAX_TEAMS_PER_SIDE)

/* ---- setup.c: deployment ---- */

/* Game creation: the dummy leaders each side may put down (the force's `dummies`). */
void mk_intel_begin(struct murk_game* g);
/* `deploy` in the deployment phase: a wing leader (deploy N at X,Y, N any platoon of the
 * wing), a dummy leader (deploy dummy at X,Y), or, while a leader just put down still lacks
 * Dis counters, one of them (the same command again, within reach of the leader). *whole is
 * set when a leader and both its Dis counters are down (the side's go is over). */
int mk_intel_deploy(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* a, bool* whole, char* reason, size_t reason_len);
/* The wings of `side` with a platoon still waiting to deploy now (Random Deployment rolls
 * one die for each, and one for each dummy leader). */
int mk_intel_wings_waiting(const struct murk_game* g, enum murk_side side);
/* The side ends its deployment: a leader still lacking Dis counters gets them where the
 * rule puts them (next to it). */
void mk_intel_finish_deploying(struct murk_game* g, enum murk_side side);

/* ---- play: marker.c, fog.c, reserves.c, view.c and command.c's table ---- */

/* `move` of a wing leader marker (index mi), with its spotting. */
int mk_intel_move(struct murk_game* g, enum murk_side side, int mi, const struct murk_command* c,
                  char* reason, size_t reason_len);
/* `dis N|Tn to X,Y X,Y` (command.c's table): the owner moves a leader's two Dis
 * counters in its Movement step, after the leader's move or instead of it, with the
 * spotting their new cells bring (27.1.2, 27.1.4, 27.1.6). */
int mk_intel_dis(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                 const struct mk_cmd_args* a, char* reason, size_t reason_len);
/* Limited Intelligence 27.2.2: `adjust N|Tn to X,Y`: the moving wing that won the deployment roll
 * moves its leader up to the roll's difference (at most `adjust` cells) in any direction,
 * then the wings are placed. */
int mk_intel_adjust(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* args, char* reason, size_t reason_len);
/* A wing leader counter revealed by another rule (Fog of War's spotting roll): a dummy is
 * removed, a real wing deployed whole. */
void mk_intel_spotted(struct murk_game* g, int mi);
/* A platoon put on the table after the deployment (an arrival, an infiltrator, ...): a
 * wing leader counter of its own at marker mi's cell, with Dis counters. */
int mk_intel_put(struct murk_game* g, enum murk_side side, int unit, int mi, const char* how);
/* Limited Intelligence 27.1.6: leader counter mi has just come onto the table by a move of its own
 * (a deep strike's landing): it spots, and is spotted, from its footprint as a moving counter. */
int mk_intel_came_on(struct murk_game* g, int mi);
/* The same for a dummy leader put down later (new marker mi, unit -1): the enemy reads what
 * it reads of mk_intel_put. */
void mk_intel_put_dummy(struct murk_game* g, enum murk_side side, int mi, const char* how);
/* Did wing leader mi come down by deep strike this turn (it may not move until the next)? */
bool mk_intel_came_down(const struct murk_game* g, int mi);
/* The leader index of `side` that waits for its adjustment, or -1. */
int mk_intel_adjust_due(const struct murk_game* g, enum murk_side side);
/* `end` with an adjustment due: the leader stays where it was spotted, the wings are placed. */
void mk_intel_adjust_none(struct murk_game* g, enum murk_side side);
/* `reveal` of a wing leader marker: voluntary deployment (27.4), or a dummy taken away. */
int mk_intel_reveal(struct murk_game* g, enum murk_side side, int mi, char* reason,
                    size_t reason_len);
/* A revealed platoon of `side` has moved: enemy leaders it now sees are spotted. Returns
 * MURK_OK or MURK_ENOMEM. */
int mk_intel_after_platoon_move(struct murk_game* g, enum murk_side side, int unit);

/* ---- words for views: setup.c's prompt, marker.c's contents ---- */

/* The deployment prompt of `side` (to act, `left` platoons waiting): put down a leader,
 * then its two Dis counters with the same command, or the Dis counters the last leader
 * still lacks. Says nothing the side does not know. */
void mk_intel_deploy_prompt(const struct murk_game* g, enum murk_side side, int left, char* buf,
                            size_t n);

/* A real wing leader's contents, for a view that may know them: the wing's name, "wing of
 * N platoons" and its teams alive. */
void mk_intel_describe(const struct murk_game* g, int mi, char* name, size_t name_len, char* type,
                       size_t type_len, int* nteams);

/* ---- intel_wing.c's queries, for intel.c ---- */

/* A wing's name: its `wing`, or the platoon's own name when it makes a wing alone. */
const char* mk_intel_wing_name(const struct murk_game* g, enum murk_side side, int unit);
/* The platoons hidden under leader marker mi, its own first; returns how many. */
int mk_intel_marker_units(const struct murk_game* g, int mi, int out[MK_MAX_UNITS]);

/* ---- intel.c's Dis counters, for intel_deploy.c ---- */

/* Limited Intelligence 27.1.2: how far from its leader marker mi's Dis counters may be set up. */
int mk_intel_dis_range(const struct murk_game* g, int mi);
/* The rule's places for Dis counters not placed by the owner: beside the leader. */
void mk_intel_default_dis(const struct murk_game* g, struct mk_marker* mk);
/* "03,04 and 03,05": where a leader's Dis counters stand, for events. */
void mk_intel_dis_text(const struct mk_marker* mk, char* buf, size_t n);

/* ---- the rules' pieces, for the tests ---- */

/* The platoons of unit's wing (roster order, whatever their state); returns how many. */
int mk_intel_wing_units(const struct murk_game* g, enum murk_side side, int unit,
                        int out[MK_MAX_UNITS]);
/* How far a leader may move in one step: a wing's slowest team, a dummy's fastest possible
 * wing (27.1.4). */
int mk_intel_allowance(const struct murk_game* g, int mi);
/* The same on ground of class cls this turn, the night's movement cost of each platoon
 * counted (ASL night rules E1.5): the marker row's allowance. */
int mk_intel_allowance_on(const struct murk_game* g, int mi, enum murk_terrain_class cls);
/* What a wing adds to its deployment roll (27.2.1): its command rating, or the army
 * commander's rating when he rides with it and it is higher (*commander then true). */
int mk_intel_rating(const struct murk_game* g, enum murk_side side, int unit, bool* commander);
/* Does putting something at c, deploying around a leader at `leader`, place it beyond the
 * enemy at e (27.3.1)? True when e stands on a shortest path from the leader to c. */
bool mk_intel_beyond(const struct murk_grid* grid, struct murk_pos leader, struct murk_pos e,
                     struct murk_pos c);

/* ---- intel_place.c: a wing's units put on the table (27.3) ---- */

/* Cells of the enemy of `side` as `side` knows them (at most MK_INTEL_MAX_THINGS). */
int mk_intel_known_enemy(const struct murk_game* g, enum murk_side side, struct murk_pos* out);
/* Is c beyond any of the nenemy cells, deploying around a leader at `leader`? */
bool mk_intel_beyond_any(const struct murk_grid* grid, struct murk_pos leader,
                         const struct murk_pos* enemy, int nenemy, struct murk_pos c);
/* A leader and its Dis counters: the cells it spots from and is spotted at. */
int mk_intel_footprint(const struct mk_marker* mk, struct murk_pos out[1 + MURK_MAX_DIS]);
/* A dummy leader spotted or given up: off the table with its Dis counters (27.1, 27.1.6). */
void mk_intel_remove_dummy(struct murk_game* g, int mi);
/* A wing is put on the table around its leader (27.3.1); `moving`: its movement is over;
 * `owner_places`: in play, each platoon's first team goes down by the rule and its owner
 * places the others (`place`, placing.h). */
void mk_intel_deploy_wing(struct murk_game* g, int mi, bool moving, bool owner_places);
/* `place` of a wing's platoon (fog.c's handler): the owner's cells for its teams still to
 * place, judged by what it knows: on the table, passable, free, within `place_range` of the
 * leader's cell, not beyond the enemy (27.3.1); then those teams go down, the ones with no
 * cell given by the rule. */
int mk_intel_place_check(const struct murk_game* g, enum murk_side side, int unit,
                         const struct murk_command* c, char* reason, size_t reason_len);
void mk_intel_place_rest(struct murk_game* g, enum murk_side side, int unit,
                         const struct murk_pos* want, int n);

#endif
