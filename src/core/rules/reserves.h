/* reserves.h: reserves, ambushes and deep strike inside libmurk (reserves.c). Not public:
 * front-ends see reserves through the view (view.h: platoon reserve kinds, arrivals due).
 *
 * A platoon held back is in state MURK_PLATOON_RESERVE with a kind (command.h, enum
 * murk_reserve_kind: plain, delayed, scattered, mobile, deep strike) or an ambush. At the
 * start of its owner's turn each kind in force rolls for arrival (Flames of War missions and 40k
 * mission special rules, Reserves); every success is an arrival (struct mk_arrival) the owner fills
 * with `arrive N at X,Y` in the Movement step, in the place the arrival allows. */
#ifndef MK_RESERVES_H
#define MK_RESERVES_H

#include <stdbool.h>
#include <stddef.h>

#include "state.h"

/* May `side` hold kind k (rule in force and the side's setup allows it)? */
bool mk_reserve_kind_allowed(const struct murk_game* g, enum murk_side side,
                             enum murk_reserve_kind k);
/* Platoons `side` may hold in ambush: immediate (true) or not. */
int mk_ambush_allowance(const struct murk_game* g, enum murk_side side, bool immediate);
/* The platoons `side` must hold (*least) and may hold (*most) in reserve of kind k, the rule
 * whose at_least / at_most set them, and whether the side may hold that kind at all. */
bool mk_reserves_limits(const struct murk_game* g, enum murk_side side, enum murk_reserve_kind k,
                        int* least, int* most, enum murk_rule_id* rule);
/* May `side` hold `unit` in deep-strike reserve now (its reserves phase and turn to act, the
 * rule on, the platoon able and still waiting)? `reserve N deep` may still be refused by the
 * limits of other rules. */
bool mk_reserves_may_deep_strike(const struct murk_game* g, enum murk_side side, int unit);
/* Does `side` nominate anything in the reserves phase (a kind or an ambush)? */
bool mk_reserves_side_nominates(const struct murk_game* g, enum murk_side side);

/* Platoons that count for "half of their platoons": all but independent and warrior
 * teams (Flames of War missions treat those apart from platoons). */
bool mk_platoon_counts(const struct murk_platoon* pl);

/* `reserve N [kind]` (reserves phase). */
int mk_reserves_nominate(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                         const struct mk_cmd_args* a, char* reason, size_t reason_len);
/* The side ends the reserves phase: the "at least" limits. MURK_OK or MURK_EREJECTED. */
int mk_reserves_check_minimums(const struct murk_game* g, enum murk_side side, char* reason,
                               size_t reason_len);
/* Deployment ends for `side`: platoons still waiting go into the kind whose `undeployed`
 * parameter says so (Mobile Reserves, Escalation). Returns how many went. */
int mk_reserves_take_undeployed(struct murk_game* g, enum murk_side side);
/* A platoon still waiting when its side ends the deployment, with fewer free cells of its
 * zone than it has teams, could never be deployed: where the side holds reserves it goes
 * into reserve (the first kind the side may hold; deep strike for a platoon that may), so
 * that `end` is never refused for good (playable.c refuses a mission where a side's zone
 * cannot take the platoons that have nowhere else to go). True when it went. */
bool mk_reserves_hold_unplaceable(struct murk_game* g, enum murk_side side, int unit);
/* Free cells of `side`'s deployment zone where a team may stand, counted up to cap. */
/* `end` of the nominations: the platoons the side leaves to deploy must fit its zone while
 * it can still hold some back (MURK_OK, or a refusal with the room and the need). */
int mk_reserves_check_room(const struct murk_game* g, enum murk_side side, char* reason,
                           size_t reason_len);
int mk_reserves_zone_room(const struct murk_game* g, enum murk_side side, int cap);
/* The cells `unit` takes when it deploys: one for a marker (Fog of War's template, a night
 * counter, a wing leader), else one a team. */
int mk_reserves_cells_needed(const struct murk_game* g, enum murk_side side, int unit);
/* May `unit` be held off the table in the reserves phase (a reserve kind of its side, or
 * deep strike for a platoon that may)? */
bool mk_reserves_may_hold(const struct murk_game* g, enum murk_side side, int unit);

/* Start of `side`'s turn: arrival rolls (and entry / scatter rolls) for each kind. */
void mk_reserves_start_of_turn(struct murk_game* g, enum murk_side side);
/* `arrive N at X,Y` in the owner's Movement step. */
int mk_reserves_arrive(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                       const struct mk_cmd_args* a, char* reason, size_t reason_len);
/* Before `side` ends its Movement step: MURK_EREJECTED while an arrival is due that can
 * still come on (40k mission special rules: reserves come on as soon as they are available). */
int mk_reserves_check_due(const struct murk_game* g, enum murk_side side, char* reason,
                          size_t reason_len);
/* May `unit` of `side` come on now (in reserve, and an arrival of its kind not yet used is
 * open to it: not kept for its transport's or passenger's partner)? */
bool mk_reserves_may_arrive(const struct murk_game* g, enum murk_side side, int unit);
/* Arrivals due for `side` that are not yet used. */
int mk_reserves_due(const struct murk_game* g, enum murk_side side);
/* Free cells where arrival i of `side` may come on, in table-edge order: up to cap written,
 * the number found returned (0 for deep strike, which may aim anywhere). */
int mk_reserves_cells(const struct murk_game* g, enum murk_side side, int i, struct murk_pos* out,
                      int cap);
/* Describe where arrival i of `side` may come on ("entry 3 (Luneville road)"). */
void mk_reserves_describe(const struct murk_game* g, enum murk_side side, int i, char* buf,
                          size_t n);

/* ---- reserves_area.c's arrival areas, for reserves.c ---- */

/* Entries of the side's entry areas, in number order; returns how many. */
int mk_reserves_side_entries(const struct murk_game* g, enum murk_side side, int out[]);
/* Does arrival a allow p (ignoring what stands there)? */
bool mk_reserves_arrival_allows(const struct murk_game* g, enum murk_side side,
                                const struct mk_arrival* a, struct murk_pos p);

/* `ambush N` (reserves phase) and `ambush N at X,Y` (immediate: the ambush phase; else the
 * owner's Movement step). */
int mk_reserves_ambush(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                       const struct mk_cmd_args* a, char* reason, size_t reason_len);
/* Platoons of `side` held in immediate ambush and not yet placed. */
int mk_reserves_immediate_left(const struct murk_game* g, enum murk_side side);
/* Is there a cell where `side` may spring an immediate ambush now (in its zone or on the
 * table, free, beyond the keep-out)? The same tests `ambush N at X,Y` makes of its cell. */
bool mk_reserves_ambush_possible(const struct murk_game* g, enum murk_side side);
/* The immediate ambushes of `side` that have nowhere to go wait as ambushes sprung in a
 * later movement step (`end` never traps a side with nothing it can do). */
void mk_reserves_ambush_defer(struct murk_game* g, enum murk_side side);

/* Put a platoon down as a template (fog of war), a cloaking or "?" counter (the ASL night
 * rules) or in the open at p; the common part of deploying, arriving and springing an ambush.
 * zone (may be NULL) bounds its teams. `hidden`: a "?" set up hidden (ASL night rules E1.2; the
 * caller has checked it may). Returns MURK_OK or MURK_EREJECTED (no room for its teams). */
int mk_put_platoon(struct murk_game* g, enum murk_side side, int unit, struct murk_pos p,
                   const struct murk_zone* zone, const char* how, bool hidden, char* reason,
                   size_t reason_len);

#endif
