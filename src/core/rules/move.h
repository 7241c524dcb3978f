/* move.h: how far a unit may move, and whether one move may be made - the one judgement
 * the game (fog.c, intel.c) and the view's reach (view.c) both use, so a preview can never
 * light a cell the game then refuses.
 *
 * The judge knows nothing of the game: it reads the table through a board, which the game
 * fills from what the moving side knows (its own things, enemies seen or last seen), as a
 * view does. Not public API. */
#ifndef MK_MOVE_H
#define MK_MOVE_H

#include <stdbool.h>

#include <stddef.h>
#include <stdint.h>

#include "murk/command.h"
#include "murk/geom.h"
#include "murk/mission.h"
#include "murk/side.h"

struct murk_game;

/* What stands in a cell, as far as the board's side knows. */
enum mk_move_occ {
  MK_MOVE_FREE = 0,
  MK_MOVE_OWN = 1,          /* an own marker or team, not the mover */
  MK_MOVE_SELF = 2,         /* the mover: its marker, or one of its own teams */
  MK_MOVE_ENEMY_MARKER = 3, /* *number gets its public number */
  MK_MOVE_ENEMY_TEAM = 4,
};

struct mk_move_board {
  const struct murk_grid* grid;
  const struct murk_terrain* terrain;
  int nterrain;
  const unsigned char* map; /* grid.width * grid.height legend indices */
  enum mk_move_occ (*at)(const void* ctx, struct murk_pos p, int* number);
  const void* ctx;
};

/* How a unit moves: cells by the slowest class of ground it enters (road, open - railways
 * count as open - or difficult; docs/rules.md); water and impassable ground are never
 * entered. self_end: it may end where its own teams stand (a revealed platoon). */
struct mk_move_rule {
  int allow[MURK_TERRAIN_CLASS_COUNT];
  bool self_end;
};

/* Own marker mi (an index into the state's markers; -1 for none) or, without one on the
 * table, own revealed unit `unit`: its allowance by ground class with every rule in force
 * applied - Fog of War's template rates (Luneville), a cloaking counter's (ASL night rules E1.42),
 * a
 * wing leader's wing pace (Limited Intelligence 27.1.4), a revealed platoon's slowest placed team -
 * each read from the row of its kind (marker.h, `allowance`), the one place that knows it.
 * Water and impassable get -1. Returns false when it has nothing on the table to move. */
bool mk_move_allowance(const struct murk_game* g, enum murk_side side, int mi, int unit,
                       struct mk_move_rule* out);

/* The class that governs a move over ground of class c (railways move as open ground). */
enum murk_terrain_class mk_move_class(enum murk_terrain_class c);

enum mk_move_why {
  MK_MOVE_OK = 0,
  MK_MOVE_OFF_TABLE, /* at: a waypoint or cell off the table */
  MK_MOVE_NOWHERE,   /* the path has no length: it is already there */
  MK_MOVE_TERRAIN,   /* at: water or impassable ground; terrain: which */
  MK_MOVE_BY_MARKER, /* at: an enemy marker in the way; number: its number */
  MK_MOVE_BY_TEAM,   /* at: an enemy team in the way */
  MK_MOVE_TOO_FAR,   /* cells > allow (slowest: the class that governs) */
  MK_MOVE_TAKEN,     /* the end cell holds a marker or team */
  MK_MOVE_WIRE,      /* at: wire crossed before the end (a move ends on entering it) */
  MK_MOVE_OUT_OF_MEMORY,
};

struct mk_move_verdict {
  enum mk_move_why why;
  struct murk_pos at;
  const struct murk_terrain* terrain;
  int number;
  int cells; /* cells entered */
  enum murk_terrain_class slowest;
  int allow;
  struct murk_pos* path; /* with keep_path and a path built: the cells entered (free it) */
};

/* Judge a move from `start` through pts[0..npts-2] to pts[npts-1] (the hex line between
 * each, murk_geom_line, taking `cell` where a line runs along an edge), in the order the
 * game reports: waypoints off the table, no length, each cell entered (ground, then an enemy
 * marker, then an enemy team), the allowance of the slowest ground, the end cell. */
enum mk_move_why mk_move_judge(const struct mk_move_board* b, const struct mk_move_rule* r,
                               struct murk_pos start, const struct murk_pos* pts, int npts,
                               bool keep_path, struct mk_move_verdict* out);

/* A move of `side` by marker self_mi (an index, -1 for none) or by the teams of unit
 * self_unit (-1 for none); ctx must outlive the board made from it. */
struct mk_move_truth {
  const struct murk_game* g;
  enum murk_side side;
  int self_mi, self_unit;
  /* Filled by mk_move_board_known: where anything could be found (board.h, mk_busy_cells),
   * so that a path's empty cells cost one bit. */
  bool has_busy;
  uint64_t busy[256]; /* MK_BUSY_WORDS: move.c checks */
};
/* The same game read as `side` knows it (docs/rules.md, "Hidden contact"): its own markers
 * and teams as they stand, enemies only where it sees or last saw them. Fog of War moves are
 * judged on it; an enemy the side did not know of is met in play (fog.c). */
void mk_move_board_known(struct mk_move_truth* ctx, struct mk_move_board* out);

/* The command's path points (its waypoints, then its destination) into pts; returns how
 * many. */
int mk_move_points(const struct murk_command* c, struct murk_pos pts[MURK_CMD_MAX_WAYPOINTS + 1]);

/* The refusal every kind of move words alike (off the table, already there, ground or the
 * enemy in the way, out of memory): MURK_EREJECTED or MURK_ENOMEM with the reason written,
 * MURK_OK for a verdict the caller words itself (MK_MOVE_OK, _TOO_FAR, _TAKEN). */
int mk_move_refusal(const struct mk_move_verdict* v, struct murk_pos start, char* reason,
                    size_t reason_len);

/* The Flames of War rulebook, Pinned Down: a pinned down platoon may not move toward the
 * enemy. murk's reading (docs/rules.md, "Pinned down"): the lead team's destination `to`
 * may not be nearer the nearest enemy `side` knows of (seen now, or where last seen) than
 * `from`, where it stands. MURK_EREJECTED with the reason, in what the side knows, or
 * MURK_OK (not pinned, no enemy known, or not nearer). */
int mk_move_pinned_refusal(const struct murk_game* g, enum murk_side side, int unit,
                           struct murk_pos from, struct murk_pos to, char* reason,
                           size_t reason_len);

#endif
