/* why.h (src/core): why an enemy is or is not in sight of a side, told from the side's own
 * units, the public table and the conditions alone (why.c). One answer for the view (each
 * enemy marker's, team's and contact's `sight`, view.h) and for the refusals of `shoot`
 * and `assault` (combat.c), in the same words. docs/rules.md, "Sight". */
#ifndef MK_WHY_H
#define MK_WHY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "murk/geom.h"
#include "murk/side.h"
#include "murk/view.h"
#include "sight.h"
#include "state.h"

/* The side's own units and markers on the table, as sight.c counts viewers: their cells and
 * axial coordinates, gathered once; with the sight range and NVR now. */
struct mk_eyes {
  int n;
  struct murk_pos at[MK_MAX_MARKERS + MK_MAX_TEAMS_PER_SIDE];
  struct murk_axial ax[MK_MAX_MARKERS + MK_MAX_TEAMS_PER_SIDE];
  int range;                    /* mk_sight_range */
  int nvr;                      /* mk_night_nvr: -1 when not in force */
  bool night;                   /* mk_night_now */
  const uint64_t *reach, *line; /* mk_sight_reach's answers for the cells, or NULL */
  bool asked;                   /* mk_sight_reach has been asked */
  bool fast;                    /* may ask mk_sight_reach (many cells to judge) */
  enum murk_side side;          /* whose eyes */
  struct mk_sight_memo memo;    /* sight.c's kept viewers, for many cells (fast) */
};

/* Gather `side`'s eyes. `fast`: many cells will be asked (a view), so sight.c's unions over
 * the table may answer them (valid until the next call into sight.c: use e before it). */
void mk_why_gather(const struct murk_game* g, enum murk_side side, bool fast, struct mk_eyes* e);

/* Why what stands (seen) or was last seen (not seen) at p is or is not in sight of the
 * side: MURK_VIEW_SEEN or MURK_VIEW_LIT when seen; else out of range, beyond the NVR, no
 * line, or moved (its cell is in sight). */
enum murk_view_sight mk_why_seen(const struct murk_game* g, struct mk_eyes* e, struct murk_pos p,
                                 bool seen);

/* Answers of mk_why_blocker kept by pair of cells (the sight map never changes: los.c
 * builds it once), for a caller that asks often (a view). Zeroed is empty. */
struct mk_why_memo {
  const struct murk_mission* m; /* the mission the answers are for */
  struct mk_why_memo_row {
    bool used, has;
    int from, to; /* cell indices */
    struct murk_pos cell;
  } rows[128];
};

/* For an enemy team in view on the texts' table (where it stands is known): why it is or
 * is not in sight (in_sight: sight.c's answer, as shooting asks), as mk_why_seen says, never
 * "moved". */
enum murk_view_sight mk_why_table(const struct murk_game* g, struct mk_eyes* e, struct murk_pos p,
                                  bool in_sight);

/* What stops the line to p (MURK_VIEW_NO_LINE): from the nearest eye within sight range,
 * the first cell of the line, ends excluded, that blocks sight (terrain). False when no
 * single cell does (heights, or a line along an edge between two blocking cells). memo may
 * be NULL. */
bool mk_why_blocker(const struct murk_game* g, const struct mk_eyes* e, struct mk_why_memo* memo,
                    struct murk_pos p, struct murk_pos* out);

/* The reason in words, for an enemy last seen somewhere out of sight now (`w` from
 * mk_why_seen with seen false): "beyond the night visibility range (3 cells) of your
 * units", "the woods at 10,3 blocks the line from your nearest unit" (blocker_name: the
 * terrain's name at *blocker, or NULL when no single cell blocks). The TUI's cell panel
 * (murk_view_contact_why) and the refusals say the same. */
void mk_why_words(enum murk_view_sight w, int nvr, int range, bool night, const char* blocker_name,
                  const struct murk_pos* blocker, char* buf, size_t n);

#endif
