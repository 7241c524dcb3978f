/* view_box.h: a view and what it takes to refresh it (view.c), and the parts of a fill
 * (view_fill.c), one a rule's facts. Internal to the view's files. */
#ifndef MK_VIEW_BOX_H
#define MK_VIEW_BOX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "murk/view.h"
#include "state.h"
#include "why.h"

/* What the placement cells follow from (mk_view_fill_place_cells): the mission, the phase,
 * the objective step and the objectives placed; where a setup rule judges each cell
 * itself (a patrol, No Man's Land's objectives), also the game it judged. Zeroed before it
 * is filled, so two keys compare byte for byte. */
#define PLACE_AREAS 4
struct place_key {
  const struct murk_mission* m;
  const struct murk_game* judged_in; /* NULL: the cells follow from public mission facts */
  const struct murk_objective_rule* rule;
  int phase, objective_rule, nobjectives;
  int nworks; /* works built so far (their cells judge where the next piece may go) */
  struct {
    struct murk_pos pos;
    int rule;
  } objectives[MK_MAX_PLACED_OBJECTIVES];
};

struct view_box {
  struct murk_view v;
  const struct murk_game* g; /* the game it was last filled from */
  uint32_t epoch;            /* and that game's undo count then */
  size_t read;               /* the game's events looked at so far */
  size_t forgotten;          /* this side's events dropped (murk_view_forget_events) */
  size_t cap_objectives, cap_works, cap_markers, cap_teams, cap_contacts, cap_lit, cap_events,
      cap_targets;
  size_t cap_lit_by, cap_lights;
  struct murk_pos* pool; /* the arrivals' cells */
  size_t cap_pool;
  /* What place_cells were filled for (mk_view_fill_place_cells), compared whole. */
  struct place_key place;
  bool place_valid;
  int nplace_kept;
  /* place_cells points here, or into an area's cells when it takes them all (no copy of
   * half a big table's cells); freed with the view. */
  struct murk_pos* place_own;
  size_t cap_place;
  /* The passable cells of the last few placement areas, an objective step's or the side's
   * deployment parts (mk_view_fill_place_cells): they follow from the mission alone, so a
   * batch's games share them (murk_view_reset keeps them). */
  struct place_area {
    const struct murk_mission* m;
    const struct murk_objective_rule* rule;
    int phase;
    struct murk_pos* cells;
    int n;
  } area[PLACE_AREAS];
  int next_area; /* the one made next */
  /* The conditions line as last written and what it was written from (mk_view_fill_sight): it
   * changes a few times a game, and is asked for every decision. */
  const struct murk_mission* cond_m;
  int cond_key[6];
  char cond[sizeof((struct murk_view*)0)->conditions];
  /* What blocks the line between two cells (mk_why_blocker), kept: the sight map never
   * changes, and a contact out of sight stays where it was last seen for many refreshes. */
  struct mk_why_memo memo;
  /* murk_view_build_lean: the facts a player reads, without the words, the reasons, the
   * targets and the move facts (view.h). */
  bool lean;
  bool events_only; /* murk_view_build_events */
  /* rule_verbs as last computed, and the mission and forces it was computed for (fill). */
  const struct murk_mission* rv_m;
  const struct murk_force* rv_force[MURK_SIDES];
  unsigned rv;
};

/* snprintf(dst, n, "%s", src) without the formatting machinery: the view copies many names. */
static inline void mk_view_copy_text(char* dst, size_t n, const char* src) {
  size_t len = strnlen(src, n - 1);
  memcpy(dst, src, len);
  dst[len] = '\0';
}

/* Room for n elements of `size` at p (which has room for *cap), contents kept. Returns the
 * array; when out of memory, p itself (still valid, still the caller's) and *oom set. */
void* mk_view_grow(void* p, size_t* cap, size_t n, size_t size, bool* oom);
#define ROOM(b, field, n) \
  ((b)->v.field = mk_view_grow((b)->v.field, &(b)->cap_##field, (n), sizeof *(b)->v.field, &oom))

/* The parts of a fill (view_fill.c). */
void mk_view_fill_marker(const struct murk_game* g, enum murk_side side, const struct mk_marker* mk,
                         struct murk_view_marker* vm);
void mk_view_fill_marker_lean(const struct mk_state* s, enum murk_side side,
                              const struct mk_marker* mk, struct murk_view_marker* vm);
void mk_view_fill_marker_move(const struct murk_game* g, enum murk_side side, int mi,
                              struct murk_view_marker* vm);
void mk_view_end_summary(struct murk_view_ending* e);
bool mk_view_moving_now(const struct murk_game* g, enum murk_side side);
void mk_view_fill_sight(const struct murk_game* g, enum murk_side side, struct murk_view* v);
int mk_view_fill_lit(const struct murk_game* g, struct view_box* b);
int mk_view_fill_why(const struct murk_game* g, struct murk_view* v);
int mk_view_fill_targets(const struct murk_game* g, struct view_box* b);
void mk_view_fill_wings(const struct murk_game* g, enum murk_side side, struct murk_view* v);
int mk_view_fill_arrivals(const struct murk_game* g, struct view_box* b);
int mk_view_fill_place_cells(const struct murk_game* g, struct view_box* b);

#endif
