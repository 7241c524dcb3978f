/* sight_cache.h (src/core): the caches that make sight fast (sight_cache.c), behind one
 * wall. sight.c states the rule (what a side sees from where, what it remembers) and asks
 * here first; every answer here is one the rule gives too, only sooner: fields of view
 * kept per origin cell, each side's union of sight within the range, and what the last
 * sight update read, so that the next one skips what did not change.
 *
 * Built with MURK_PLAIN (cmake -DMURK_PLAIN=ON; the test build makes a second program,
 * murk_plain, so) every function here answers "not kept" and sight.c computes everything
 * from the rule: the plain build is the reference the fast one is compared with
 * (tests/cli/plain.sh). */
#ifndef MK_SIGHT_CACHE_H
#define MK_SIGHT_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "murk/error.h"
#include "murk/geom.h"
#include "murk/los.h"
#include "murk/side.h"
#include "sight.h"
#include "state.h"

struct mk_sc_union; /* a side's union of sight within a range (sight_cache.c) */

/* One side looking during a sight update: what answers "does it see what stands at p". */
struct mk_sc_eyes {
  struct murk_game* g;
  enum murk_side viewer;
  int range;
  const struct mk_sc_union* u; /* the side's union within the range, or NULL */
  int neyes;                   /* its viewers gathered with their fields of view, or -1 */
  bool gathered, united;
};

/* What one sight update may skip (mk_sight_update). */
struct mk_sc_pass {
  struct murk_game* g;
  struct mk_sight_kept* K; /* what the last update read and left; NULL: skip nothing */
  bool same;               /* the turn, counts, markers and platoons are as K holds them */
  bool same_teams[MURK_SIDES], fresh[MURK_SIDES];
};

/* What mk_sc_side leaves to the rule for one side. */
enum mk_sc_left {
  MK_SC_ALL,   /* nothing: its sightings are what they were */
  MK_SC_TEAMS, /* the enemy teams that moved (mk_sc_team_kept says which did not) */
  MK_SC_NONE,  /* everything */
};

#ifndef MURK_PLAIN

/* The caches of a game (g->fov_rows), made with its sight map; MURK_OK or MURK_ENOMEM. */
int mk_sc_open(struct murk_game* g);
/* Frees the game's caches (not a shared murk_sight_cache's). */
void mk_sc_close(struct murk_game* g);

/* Line of sight between two table cells (murk_los, from a kept field of view). */
bool mk_sc_los(const struct murk_game* g, struct murk_pos a, struct murk_pos b);

/* The part of the range the mission's visibility table gives, once worked out (*range), or
 * false; mk_sc_keep_table_range keeps it (the mission never changes). */
bool mk_sc_table_range(const struct murk_game* g, int* range);
void mk_sc_keep_table_range(const struct murk_game* g, int range);

/* Does `viewer` see what stands at `to` within `range` (a limited one; nothing is seen
 * beyond it), from its union: 1 or 0; -1 when the caches cannot answer. *u (NULL to start)
 * keeps the union for more cells; memo as mk_sight_unit_seen_memo. */
int mk_sc_union_sees(const struct murk_game* g, enum murk_side viewer, int range,
                     struct murk_pos to, const struct mk_sc_union** u, struct mk_sight_memo* memo);

/* mk_sight_reach. */
bool mk_sc_reach(const struct murk_game* g, const struct murk_pos* at, int n, int range,
                 const uint64_t** reach, const uint64_t** line);

/* A sight update: begin, then for each side mk_sc_side (its eyes into *L, and what the rule
 * must still do), then end (told: a public event placed something, so sightings changed).
 * beyond: something may be seen beyond the range now. */
void mk_sc_begin(struct murk_game* g, struct mk_sc_pass* p);
enum mk_sc_left mk_sc_side(struct mk_sc_pass* p, struct mk_sc_eyes* L, int v, int range,
                           bool beyond);
/* Under MK_SC_TEAMS: is enemy team t as the last update found it (its sighting stands)? */
bool mk_sc_team_kept(const struct mk_sc_pass* p, int v, int t);
void mk_sc_end(struct mk_sc_pass* p, bool told);
/* Does L's side see what stands at p (beyond: also past the range); -1: ask the rule. */
int mk_sc_sees(struct mk_sc_eyes* L, struct murk_pos p, bool beyond);

/* Does one of `viewer`'s units and markers on the table see what stands at `to` (within
 * `range`, or at any range when `beyond`), from their fields of view gathered once and kept
 * in the memo (zeroed to start) while they stand still, as mk_sight_any; -1: ask the rule
 * (no memo, no memory). */
int mk_sc_side_sees(const struct murk_game* g, enum murk_side viewer, int range, bool beyond,
                    struct murk_pos to, struct mk_sight_memo* memo);

/* Tests: every later update of g works from scratch. */
void mk_sc_from_scratch(struct murk_game* g);

#else /* MURK_PLAIN: nothing is kept, the rule answers everything */

static inline int mk_sc_open(struct murk_game* g) {
  (void)g;
  return MURK_OK;
}
static inline void mk_sc_close(struct murk_game* g) {
  (void)g;
}
static inline bool mk_sc_los(const struct murk_game* g, struct murk_pos a, struct murk_pos b) {
  return murk_los(g->sightmap, a, b, NULL);
}
static inline bool mk_sc_table_range(const struct murk_game* g, int* range) {
  (void)g;
  (void)range;
  return false;
}
static inline void mk_sc_keep_table_range(const struct murk_game* g, int range) {
  (void)g;
  (void)range;
}
static inline int mk_sc_union_sees(const struct murk_game* g, enum murk_side viewer, int range,
                                   struct murk_pos to, const struct mk_sc_union** u,
                                   struct mk_sight_memo* memo) {
  (void)g, (void)viewer, (void)range, (void)to, (void)u, (void)memo;
  return -1;
}
static inline bool mk_sc_reach(const struct murk_game* g, const struct murk_pos* at, int n,
                               int range, const uint64_t** reach, const uint64_t** line) {
  (void)g, (void)at, (void)n, (void)range, (void)reach, (void)line;
  return false;
}
static inline void mk_sc_begin(struct murk_game* g, struct mk_sc_pass* p) {
  *p = (struct mk_sc_pass){.g = g};
}
static inline enum mk_sc_left mk_sc_side(struct mk_sc_pass* p, struct mk_sc_eyes* L, int v,
                                         int range, bool beyond) {
  (void)beyond;
  *L = (struct mk_sc_eyes){p->g, (enum murk_side)v, range, NULL, -1, false, false};
  return MK_SC_NONE;
}
static inline bool mk_sc_team_kept(const struct mk_sc_pass* p, int v, int t) {
  (void)p, (void)v, (void)t;
  return false;
}
static inline void mk_sc_end(struct mk_sc_pass* p, bool told) {
  (void)p, (void)told;
}
static inline int mk_sc_side_sees(const struct murk_game* g, enum murk_side viewer, int range,
                                  bool beyond, struct murk_pos to, struct mk_sight_memo* memo) {
  (void)g, (void)viewer, (void)range, (void)beyond, (void)to, (void)memo;
  return -1;
}
static inline int mk_sc_sees(struct mk_sc_eyes* L, struct murk_pos p, bool beyond) {
  (void)L, (void)p, (void)beyond;
  return -1;
}
static inline void mk_sc_from_scratch(struct murk_game* g) {
  (void)g;
}

#endif
#endif
