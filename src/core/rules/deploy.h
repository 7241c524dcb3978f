/* deploy.h: where and when a side deploys (deploy.c): the cells of its deployment area
 * under the phase's rule, the platoons each setup phase puts down, Random Deployment's
 * sections. Queries for the phase machine (setup.c), Limited Intelligence (intel.c), the
 * ambushes (reserves.c), the view and the playability check. Internal to the core. */
#ifndef MK_DEPLOY_H
#define MK_DEPLOY_H

#include <stdbool.h>
#include <stddef.h>

#include "murk/phase.h"
#include "state.h"

/* Platoons of `side` still waiting to be deployed in setup phase `phase`. */
int mk_deploy_waiting(const struct murk_game* g, enum murk_side side, enum murk_phase phase);

/* May own platoon `unit` be deployed now (waiting, and this setup phase is its own)? */
bool mk_deploy_may(const struct murk_game* g, enum murk_side side, int unit);
/* Is own platoon `unit` waiting to go down in the deployment phase (not an infiltrator or
 * independent, not held back by escalation), whoever is to act? */
bool mk_deploy_at_start(const struct murk_game* g, enum murk_side side, int unit);
/* No Man's Land: may platoon `unit` deploy at the start (a Fortified Platoon, where the
 * side's force flags any `fortified`)? */
bool mk_deploy_fortified_allows(const struct murk_game* g, enum murk_side side, int unit);

/* Random Deployment: the sections (1..) of the side's unused rolls, "1, 1, 3" ("" none). */
void mk_deploy_sections_text(const struct murk_game* g, enum murk_side side, char* buf, size_t n);
/* Random Deployment with Limited Intelligence: the unused roll a leader put down at p takes
 * (MK_RD_FREE: the side deploys where it likes; -1: none, the reason written). */
#define MK_RD_FREE (-2)
int mk_deploy_rd_slot(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                      char* reason, size_t reason_len);
/* The roll `slot` (from mk_deploy_rd_slot) is used. */
void mk_deploy_rd_use(struct murk_game* g, enum murk_side side, int slot);

/* The cells of a side's deployment, with their rule: is p a cell `side` may deploy on in
 * the current phase? (Reserves and ambushes use it too.) With reason NULL or reason_len 0
 * it writes no words, only answers. */
int mk_deploy_check_zone(const struct murk_game* g, const struct murk_zone* z, struct murk_pos p,
                         const char* what, char* reason, size_t reason_len);
/* The same against every part of `side`'s deployment area; *part (may be NULL) gets the
 * part that takes p. */
int mk_deploy_check_side_zone(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                              const char* what, char* reason, size_t reason_len,
                              const struct murk_zone** part);

/* "the north half", "the NE quarter", "the whole table", "the area 00,00-10,05". */
void mk_deploy_region_text(const struct murk_region* r, char* buf, size_t n);
/* ", not within 40cm of the centre line or 20cm of the short edges": the bands that keep
 * out of a region, "" when there are none. */
void mk_deploy_keep_out_text(const struct murk_game* g, const struct murk_keep_out* k, char* buf,
                             size_t n);
/* Surrounded: may a platoon of `side` go into `part` and leave enough platoons to fill every
 * part still empty (MURK_OK, or the refusal)? */
int mk_deploy_check_each_zone(const struct murk_game* g, enum murk_side side,
                              const struct murk_zone* part, char* reason, size_t reason_len);
/* The setup phase in which platoon `unit` of `side` is deployed. */
enum murk_phase mk_deploy_phase_of(const struct murk_game* g, enum murk_side side, int unit);
/* Escalation (40k mission special rules): may the platoon deploy at the start? */
bool mk_deploy_escalation_allows(const struct murk_platoon* pl);
/* Is Random Deployment in force for `side`? */
bool mk_deploy_random(const struct murk_game* g, enum murk_side side);
/* Section k (0..) of the side's area for Random Deployment, in words. */
void mk_deploy_section_text(const struct murk_game* g, enum murk_side side, int k, char* buf,
                            size_t n);
/* The random-deployment roll p may use (-1 if none; the reason is written). */
int mk_deploy_rd_slot_for(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                          char* reason, size_t reason_len);
/* Must `side` take away objectives (remove objective N) before it deploys? */
bool mk_deploy_removal_due(const struct murk_game* g, enum murk_side side);

/* Where an infiltrator may be put down (40k mission special rules, Infiltrate): the side's
 * zone, or far enough from the enemy the side knows of, farther when in its sight. MURK_OK,
 * MURK_ENOMEM, or a refusal with the distance. */
int mk_deploy_check_infiltration(struct murk_game* g, enum murk_side side, struct murk_pos p,
                                 char* reason, size_t reason_len);

/* Works built in setup (No Man's Land: fortifications, then obstacles): the kind a setup
 * phase builds (MURK_PHASE_FORTIFY or MURK_PHASE_WIRE), the pieces of kind k `side` has
 * left to place, may one cover p, `build at X,Y X,Y` (checked whole, then the cells written
 * into the state and the game's map, with a public event), may `end` close the phase (all
 * placed, or no ground left), and the prompt. */
enum murk_works mk_deploy_works_kind(enum murk_phase phase);
int mk_deploy_works_left(const struct murk_game* g, enum murk_side side, enum murk_works k);
int mk_deploy_works_cell(const struct murk_game* g, enum murk_side side, enum murk_works k,
                         struct murk_pos p, char* reason, size_t reason_len);
int mk_deploy_build(struct murk_game* g, enum murk_side side, struct murk_pos from,
                    struct murk_pos to, char* reason, size_t reason_len);
int mk_deploy_works_end(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len);
void mk_deploy_works_prompt(const struct murk_game* g, char* buf, size_t n);
bool mk_deploy_fortify_due(const struct murk_game* g, enum murk_side side);
/* No Man's Land: an independent or warrior team deploys in a trench line of its side's
 * deployment area while one has a free cell (MURK_OK elsewhere and in other phases). */
int mk_deploy_trench_check(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                           char* reason, size_t reason_len);
bool mk_deploy_in_trenches(const struct murk_game* g); /* that rule binds now */
bool mk_deploy_wire_due(const struct murk_game* g, enum murk_side side);

/* When play begins under Prepared Positions: every platoon on the table is dug in. */
void mk_deploy_prepared_positions(struct murk_game* g);

#endif
