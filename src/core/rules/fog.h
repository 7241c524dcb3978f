/* fog.h: Fog of War (Luneville): templates, their moves, reveals and spotting; the
 * placement of a revealed platoon's teams (fog.c). Internal to the core. */
#ifndef MK_FOG_H
#define MK_FOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "murk/command.h"
#include "murk/geom.h"
#include "murk/mission.h"
#include "state.h"

/* `reveal I at Pn` (Luneville, Revealing platoons): an independent or warrior team waiting
 * off the table comes on with platoon n of its force. */
int mk_fog_reveal_independent(struct murk_game* g, enum murk_side side,
                              const struct murk_command* c, const struct mk_cmd_args* a,
                              char* reason, size_t reason_len);
/* `reveal N via X,Y ...`: the cells the owner picks for the other teams of a platoon under
 * a template, checked and kept for mk_fog_reveal_marker (the caller clears nreveal_want). */
int mk_fog_reveal_want(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                       const struct mk_cmd_args* a, char* reason, size_t reason_len);
/* The refusal of a move or reveal of own platoon `unit` that stands under no marker on the
 * table: in reserve, destroyed, not on the table. */
int mk_fog_not_on_table(const struct murk_game* g, enum murk_side side, int unit, char* reason,
                        size_t reason_len);
/* The moves of a template or cloaking counter on the table (marker index mi), and of a
 * revealed platoon (roster index unit): the `move` operations of those kinds (marker.h). */
int mk_fog_move_template(struct murk_game* g, enum murk_side side, int mi, int unit,
                         const struct murk_command* c, char* reason, size_t reason_len);
int mk_fog_move_platoon(struct murk_game* g, enum murk_side side, int mi, int unit,
                        const struct murk_command* c, char* reason, size_t reason_len);
/* May `side` try to spot now (fog of war, a visibility table, once, before any shot)? */
int mk_fog_spot_ready(const struct murk_game* g, enum murk_side side, char* reason,
                      size_t reason_len);
int mk_fog_spot(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                const struct mk_cmd_args* a, char* reason, size_t reason_len);
/* `place N|Pn [via X,Y ...]`: the owner puts down the teams of its platoon that waits for it
 * (placing.h): the enemy's spotting revealed it, or it lost its cloak or "?". */
int mk_fog_place_ready(const struct murk_game* g, enum murk_side side, char* reason,
                       size_t reason_len);
int mk_fog_place(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                 const struct mk_cmd_args* a, char* reason, size_t reason_len);
/* Reveal the marker at index mi (a dummy is removed). revealer: the cell of the enemy that
 * revealed it (spotting), or NULL. A platoon revealed by spotting waits for its owner's
 * `place`; one revealed by nobody has its teams placed at once. */
void mk_fog_reveal_marker(struct murk_game* g, int mi, const struct murk_pos* revealer);
/* Marker mi gives itself away (a cloak or "?" lost in light or to jitter fire, the ASL night
 * rules 1.31, 1.43, 1.55): revealed, and its owner places its teams (`place`). */
void mk_fog_lose_marker(struct murk_game* g, int mi);
/* Place a unit's teams around centre (Luneville, Revealing platoons). zone (may be NULL)
 * restricts the cells. Returns how many teams could not be placed. */
int mk_fog_place_teams(struct murk_game* g, enum murk_side side, int unit, struct murk_pos centre,
                       const struct murk_pos* revealer, const struct murk_zone* zone);
/* The rule for a cell the owner picks for a revealed platoon's other team (Luneville,
 * Revealing platoons, last paragraph): within command distance `cmd` of the first team
 * (d_first cells away, not on it) and farther from the nearest known enemy (d_enemy) than
 * the first team is (d_enemy_first; INT_MAX: no enemy known). The game (fog.c) and the
 * view (murk_view_reveal_cells) both ask it. */
bool mk_fog_reveal_cell_rule(int d_first, int cmd, int d_enemy, int d_enemy_first);
/* Start of a player turn: bogged markers and platoons of `side` try to get free. */
void mk_fog_unbog(struct murk_game* g, enum murk_side side);

/* ---- fog_place.c's cells, for fog.c ---- */

/* May `side` put a team or template down on p, as far as it knows? busy: a kept bitset of
 * where something might stand (mk_busy_cells, kept up by the caller), or NULL. */
bool mk_fog_cell_ok(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                    const struct murk_zone* zone, const uint64_t* busy);
/* Hidden contact on placing: p, which `side` took for free, holds an enemy it did not know
 * of; a public contact shows both and the caller tries its next cell. */
bool mk_fog_enemy_met(struct murk_game* g, enum murk_side side, int unit, struct murk_pos from,
                      struct murk_pos p, const uint64_t* busy);
/* The nearest free passable cell to p (p included), or false if the table is full. */
bool mk_fog_nearest_free(struct murk_game* g, enum murk_side side, struct murk_pos p,
                         const struct murk_zone* zone, const uint64_t* busy, struct murk_pos* out);

#endif
