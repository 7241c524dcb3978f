/* board.h: game.c's look-ups over the state that every rule module shares: the forces,
 * units and teams, what stands on a cell, what a side knows to be there (docs/rules.md,
 * "What a side knows"), hidden contact, references of a command resolved as the side sees
 * them, the undo marks, and small text helpers. Above state.h and event.h; below every
 * rule module. */
#ifndef MK_BOARD_H
#define MK_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "murk/command.h"
#include "murk/geom.h"
#include "murk/mission.h"
#include "murk/side.h"
#include "state.h"

/* Write a reason for the player; returns MURK_EREJECTED (so: return mk_reject(...)). */
int mk_reject(char* reason, size_t reason_len, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* "" for one, "s" for any other count: "1 team", "3 teams". */
const char* mk_plural(int n);
/* Cells to text under the mission scale: "8 cells (40cm)". */
int mk_cells_text(const struct murk_game* g, int cells, char* buf, size_t n);
/* A roll counted in inches (a scatter, a sight roll's unit) as whole cells, rounded down
 * like every allowance: 0 for nothing or less, and at most MURK_SIGHT_UNLIMITED however
 * large the dice (a length past the loader's limit saturates instead of vanishing). */
int mk_inches_cells(const struct murk_game* g, int64_t inches);
/* n cells, saturated to 0 .. MURK_SIGHT_UNLIMITED. */
int mk_cells_sat(int64_t n);
/* The force `side` plays: the mission's force of s.force_of[side]. */
const struct murk_force* murk_force(const struct murk_game* g, enum murk_side side);
const struct murk_platoon* mk_unit_platoon(const struct murk_game* g, enum murk_side side,
                                           int unit);
const struct murk_profile* mk_team_profile(const struct murk_game* g, enum murk_side side,
                                           int team);
/* Can a template or team stand on p (on the table, neither impassable nor water)? */
bool mk_cell_passable(const struct murk_mission* m, struct murk_pos p);
/* The map as it stands (the mission's, with the works built in setup over it: murk_game.map)
 * and the legend entry at p on it (NULL off the table). Every rule that asks what ground a
 * cell is asks these, so works built in setup govern movement and cover as drawn terrain. */
const unsigned char* mk_map(const struct murk_game* g);
const struct murk_terrain* mk_terrain_at(const struct murk_game* g, struct murk_pos p);
/* The on-table marker at p (index into s->markers) or -1. */
int mk_marker_index_at(const struct mk_state* s, struct murk_pos p);
/* Index of the marker with that public number, or -1. */
int mk_marker_index(const struct mk_state* s, int number);
/* A living, placed team at p: returns true and fills side/team (either may be NULL). */
bool mk_team_at(const struct mk_state* s, struct murk_pos p, enum murk_side* side, int* team);
/* Is p free of markers and teams? */
bool mk_cell_free(const struct mk_state* s, struct murk_pos p);
/* Where anything stands that mk_cell_free, mk_cell_known_free(g, side, .) or the move
 * board known to `side` (move.h) could find: the cells of markers on the table, of living
 * placed teams of both sides, and of the enemies `side` knows of (seen or last seen), as a
 * bitset over the table (bit y * width + x). Any cell outside it is free by all three, so
 * a question asked of many cells while the state stands still skips the roster for most of
 * them. False (nothing written) on a table of more than MK_BUSY_CELLS cells. */
#define MK_BUSY_CELLS 16384 /* a 128x128 table: 2 KB */
#define MK_BUSY_WORDS (MK_BUSY_CELLS / 64)
bool mk_busy_cells(const struct murk_game* g, enum murk_side side, uint64_t busy[MK_BUSY_WORDS]);
/* Add p to a bitset of mk_busy_cells (something was put down there since it was made). */
void mk_busy_add(const struct murk_game* g, uint64_t* busy, struct murk_pos p);
/* Might something stand at p by a bitset of mk_busy_cells (true off the table)? */
bool mk_busy_at(const struct murk_game* g, const uint64_t* busy, struct murk_pos p);
/* Teams alive of a unit. */
int mk_unit_alive(const struct mk_state* s, enum murk_side side, int unit);
/* The cells of `side`'s things on the table (its markers on the table, then its placed
 * living teams), one a call: `*i` starts at 0 and is moved past the thing found; false
 * when there is none left. What the side sees with (sight.c, why.c) and stands nearest.
 *   struct murk_pos p;
 *   for (int i = 0; mk_next_on_table(s, side, &i, &p);) ... */
bool mk_next_on_table(const struct mk_state* s, enum murk_side side, int* i, struct murk_pos* at);
/* Nearest distance from p to anything of `side` on the table (markers on table, placed
 * teams); INT_MAX if nothing. If at is not NULL it gets that thing's cell. */
int mk_nearest_of_side(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                       struct murk_pos* at);
/* Knowledge discipline (docs/rules.md, "What a side knows"): the checks of a command read
 * the acting side's own things and the enemy things it sees or last saw, never the truth.
 * Is there an enemy marker or team at p as `side` knows it (seen there now, or last seen
 * there)? *marker (may be NULL) gets the marker's index, or -1 for a team; *team (may be
 * NULL) the team's index, or -1 for a marker. */
bool mk_known_enemy_at(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                       int* marker, int* team);
/* Is p free of `side`'s own markers and teams and of the enemy things it knows to be there? */
bool mk_cell_known_free(const struct murk_game* g, enum murk_side side, struct murk_pos p);
/* mk_nearest_of_side for the enemy of `side`, over what `side` knows of it. */
int mk_known_nearest(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                     struct murk_pos* at);
/* Hidden contact (docs/rules.md, "Hidden contact"): something of `side` has run into or
 * come down beside the enemy thing at p that it did not know of. Both sides now know where
 * the other's thing stands (seen this turn), and a public event says so. `what` names the
 * side's own thing ("T3", "P4"), at its cell `own`. The command cannot be taken back. */
void mk_hidden_contact(struct murk_game* g, enum murk_side side, const char* what,
                       struct murk_pos own, struct murk_pos p);
/* The last event, emitted for all because the enemy saw what it tells, becomes two copies:
 * the acting side's own and the enemy's, so the mover's copy does not tell it whether the
 * enemy saw (docs/rules.md, "What a side knows"). Nothing happens to an event for one side. */
void mk_event_split(struct murk_game* g, enum murk_side side);
/* A new marker record; returns its index or -1 when full. */
int mk_marker_new(struct murk_game* g, enum murk_side owner, int unit, struct murk_pos p);
/* Resolve the acting side's own unit or marker from a reference. On success *unit is the
 * roster index (-1 for a dummy) and *marker the marker index (-1 if none). */
int mk_ref_own(const struct murk_game* g, enum murk_side side, struct murk_ref r, int* unit,
               int* marker, char* reason, size_t reason_len);
/* Resolve an enemy reference as the acting side's view shows it: a marker index. */
int mk_ref_enemy(const struct murk_game* g, enum murk_side side, struct murk_ref r, int* marker,
                 char* reason, size_t reason_len);

#endif
