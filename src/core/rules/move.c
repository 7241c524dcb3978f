/* move.c: move allowances and the judgement of one move (move.h). */
#include "move.h"

#include <limits.h>

#include "board.h"
#include "marker.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "night.h"
#include "state.h"

enum murk_terrain_class mk_move_class(enum murk_terrain_class c) {
  if (c == MURK_TERRAIN_ROAD || c == MURK_TERRAIN_DIFFICULT) return c;
  return MURK_TERRAIN_OPEN;
}

bool mk_move_allowance(const struct murk_game* g, enum murk_side side, int mi, int unit,
                       struct mk_move_rule* out) {
  /* The kind of mover says how far it goes (marker.c, one row per kind: a template's Fog of
   * War lengths, Luneville; a cloak's, ASL night rules E1.42; a wing's pace, Limited Intelligence
   * 27.1.4; a revealed platoon's slowest team): this asks its row for each class of ground. */
  const struct mk_marker_ops* ops = mk_marker_ops_for(g, side, unit, mi);
  if (!ops) return false;
  if (mi >= 0 && g->s.markers[mi].on_table)
    unit = g->s.markers[mi].unit;
  else
    mi = -1;
  /* Each class of moving ground is asked once (the views ask this for every platoon at
   * every refresh; an allowance is a function of its class). */
  int asked[MURK_TERRAIN_CLASS_COUNT];
  for (int k = 0; k < MURK_TERRAIN_CLASS_COUNT; k++) asked[k] = INT_MIN;
  for (int k = 0; k < MURK_TERRAIN_CLASS_COUNT; k++) {
    enum murk_terrain_class mc = mk_move_class((enum murk_terrain_class)k);
    if (asked[mc] == INT_MIN)
      asked[mc] = ops->one_pace && k > 0 ? out->allow[0] : ops->allowance(g, side, mi, unit, mc);
    out->allow[k] = asked[mc];
    if (out->allow[k] < 0) return false; /* nothing of it on the table */
  }
  /* ASL night rules E1.51-E1.52: moving at night costs more (night.c). */
  for (int k = 0; k < MURK_TERRAIN_CLASS_COUNT; k++) {
    int cost = mk_night_move_cost(g, side, mi, unit, mk_move_class((enum murk_terrain_class)k));
    if (cost > 0) out->allow[k] = out->allow[k] > cost ? out->allow[k] - cost : 0;
  }
  out->self_end = ops->self_end;
  out->allow[MURK_TERRAIN_IMPASSABLE] = out->allow[MURK_TERRAIN_WATER] = -1;
  return true;
}

static const struct murk_terrain* terrain_at(const struct mk_move_board* b, struct murk_pos p) {
  if (!murk_geom_on_table(b->grid, p)) return NULL;
  int i = b->map[(size_t)p.y * (size_t)b->grid->width + (size_t)p.x];
  return i < b->nterrain ? &b->terrain[i] : NULL;
}

static enum mk_move_why verdict(struct mk_move_verdict* out, enum mk_move_why why,
                                struct murk_pos at) {
  out->why = why;
  out->at = at;
  return why;
}

/* Most moves are a few cells: their lines fit here without the allocator. */
#define SHORT_PATH 64

enum mk_move_why mk_move_judge(const struct mk_move_board* b, const struct mk_move_rule* r,
                               struct murk_pos start, const struct murk_pos* pts, int npts,
                               bool keep_path, struct mk_move_verdict* out) {
  *out = (struct mk_move_verdict){.why = MK_MOVE_OK, .slowest = MURK_TERRAIN_ROAD};
  long total = 0;
  struct murk_pos prev = start;
  for (int i = 0; i < npts; i++) {
    if (!murk_geom_on_table(b->grid, pts[i])) return verdict(out, MK_MOVE_OFF_TABLE, pts[i]);
    total += murk_geom_distance(b->grid, prev, pts[i]);
    prev = pts[i];
  }
  if (total == 0) return verdict(out, MK_MOVE_NOWHERE, start);
  struct murk_pos cells_here[SHORT_PATH];
  struct murk_line_step steps_here[SHORT_PATH + 1];
  bool small = !keep_path && total <= SHORT_PATH;
  struct murk_pos* cells = small ? cells_here : murk_malloc((size_t)total * sizeof *cells);
  struct murk_line_step* steps =
      small ? steps_here : murk_malloc(((size_t)total + 1) * sizeof *steps);
  if (!cells || !steps) {
    if (!small) {
      murk_free(cells);
      murk_free(steps);
    }
    return verdict(out, MK_MOVE_OUT_OF_MEMORY, start);
  }
  int n = 0;
  prev = start;
  for (int i = 0; i < npts; i++) {
    size_t ns = murk_geom_line(b->grid, prev, pts[i], steps, (size_t)total + 1);
    for (size_t k = 1; k < ns && n < total; k++) cells[n++] = steps[k].cell;
    prev = pts[i];
  }
  if (!small) murk_free(steps);
  out->cells = n;
  /* Cells it may not enter: water or impassable, or an enemy marker or team. */
  for (int i = 0; i < n && out->why == MK_MOVE_OK; i++) {
    const struct murk_terrain* t = terrain_at(b, cells[i]);
    int number = 0;
    if (!t)
      verdict(out, MK_MOVE_OFF_TABLE, cells[i]);
    else if (t->cls == MURK_TERRAIN_IMPASSABLE || t->cls == MURK_TERRAIN_WATER) {
      verdict(out, MK_MOVE_TERRAIN, cells[i]);
      out->terrain = t;
    } else if (t->works == MURK_WORKS_WIRE && i < n - 1) {
      /* Over the Wire (Flames of War missions, No Man's Land; murk's own rule, the text
       * names it by page): a move that enters wire ends there. */
      verdict(out, MK_MOVE_WIRE, cells[i]);
      out->terrain = t;
    } else {
      enum mk_move_occ o = b->at(b->ctx, cells[i], &number);
      if (o == MK_MOVE_ENEMY_MARKER) {
        verdict(out, MK_MOVE_BY_MARKER, cells[i]);
        out->number = number;
      } else if (o == MK_MOVE_ENEMY_TEAM) {
        verdict(out, MK_MOVE_BY_TEAM, cells[i]);
      }
    }
  }
  /* The slowest class of ground entered governs the whole move. */
  for (int i = 0; i < n && out->why == MK_MOVE_OK; i++) {
    enum murk_terrain_class k = mk_move_class(terrain_at(b, cells[i])->cls);
    if (k == MURK_TERRAIN_DIFFICULT ||
        (k == MURK_TERRAIN_OPEN && out->slowest == MURK_TERRAIN_ROAD))
      out->slowest = k;
  }
  out->allow = r->allow[out->slowest];
  struct murk_pos end = pts[npts - 1];
  if (out->why == MK_MOVE_OK && n > out->allow) verdict(out, MK_MOVE_TOO_FAR, end);
  if (out->why == MK_MOVE_OK) {
    int number = 0;
    enum mk_move_occ o = b->at(b->ctx, end, &number);
    if (o != MK_MOVE_FREE && !(r->self_end && o == MK_MOVE_SELF)) verdict(out, MK_MOVE_TAKEN, end);
  }
  if (keep_path)
    out->path = cells;
  else if (!small)
    murk_free(cells);
  return out->why;
}

static enum mk_move_occ truth_at(const void* ctx, struct murk_pos p, int* number) {
  const struct mk_move_truth* t = ctx;
  const struct mk_state* s = &t->g->s;
  int mi = mk_marker_index_at(s, p);
  if (mi >= 0) {
    if (s->markers[mi].owner == t->side) return mi == t->self_mi ? MK_MOVE_SELF : MK_MOVE_OWN;
    *number = s->markers[mi].number;
    return MK_MOVE_ENEMY_MARKER;
  }
  enum murk_side ts;
  int tt;
  if (!mk_team_at(s, p, &ts, &tt)) return MK_MOVE_FREE;
  if (ts != t->side) return MK_MOVE_ENEMY_TEAM;
  if (t->self_unit < 0) return MK_MOVE_OWN;
  const struct mk_unit_state* u = &s->units[t->side][t->self_unit];
  /* A bailed out team stays where it is (docs/rules.md, "Shooting"): it is in the way. */
  return tt >= u->first_team && tt < u->first_team + u->nteams && !s->teams[ts][tt].bailed
             ? MK_MOVE_SELF
             : MK_MOVE_OWN;
}

_Static_assert(sizeof(((struct mk_move_truth*)0)->busy) == MK_BUSY_WORDS * sizeof(uint64_t),
               "move.h's busy holds a bitset of mk_busy_cells");

/* Own things from the truth (the side knows its own), enemies from its sightings. */
static enum mk_move_occ known_at(const void* ctx, struct murk_pos p, int* number) {
  const struct mk_move_truth* t = ctx;
  const struct mk_state* s = &t->g->s;
  int mi = -1, team = -1;
  if (t->has_busy && !mk_busy_at(t->g, t->busy, p)) return MK_MOVE_FREE; /* nothing there */
  if (mk_known_enemy_at(t->g, t->side, p, &mi, &team)) {
    if (mi < 0) return MK_MOVE_ENEMY_TEAM;
    *number = s->markers[mi].number;
    return MK_MOVE_ENEMY_MARKER;
  }
  enum mk_move_occ o = truth_at(ctx, p, number);
  return o == MK_MOVE_ENEMY_MARKER || o == MK_MOVE_ENEMY_TEAM ? MK_MOVE_FREE : o;
}

void mk_move_board_known(struct mk_move_truth* ctx, struct mk_move_board* out) {
  const struct murk_mission* m = ctx->g->m;
  ctx->has_busy = mk_busy_cells(ctx->g, ctx->side, ctx->busy);
  *out = (struct mk_move_board){&m->grid, m->terrain, m->nterrain, mk_map(ctx->g), known_at, ctx};
}

int mk_move_points(const struct murk_command* c, struct murk_pos pts[MURK_CMD_MAX_WAYPOINTS + 1]) {
  int n = 0;
  for (int i = 0; i < c->nvia && i < MURK_CMD_MAX_WAYPOINTS; i++) pts[n++] = c->via[i];
  pts[n++] = c->at;
  return n;
}

int mk_move_refusal(const struct mk_move_verdict* v, struct murk_pos start, char* reason,
                    size_t reason_len) {
  if (v->why == MK_MOVE_OK || v->why == MK_MOVE_TOO_FAR || v->why == MK_MOVE_TAKEN)
    return MURK_OK; /* the caller's words, or none: no cell to write */
  char ps[16];
  murk_pos_format(v->why == MK_MOVE_NOWHERE ? start : v->at, ps, sizeof ps);
  switch (v->why) {
    case MK_MOVE_OFF_TABLE:
      return mk_reject(reason, reason_len, "%s is off the table", ps);
    case MK_MOVE_NOWHERE:
      return mk_reject(reason, reason_len, "it is already at %s", ps);
    case MK_MOVE_TERRAIN:
      return mk_reject(reason, reason_len, "the %s at %s blocks the way", v->terrain->name, ps);
    case MK_MOVE_BY_MARKER:
      return mk_reject(reason, reason_len, "the enemy marker T%d at %s blocks the way", v->number,
                       ps);
    case MK_MOVE_BY_TEAM:
      return mk_reject(reason, reason_len, "an enemy team at %s blocks the way", ps);
    case MK_MOVE_WIRE:
      return mk_reject(reason, reason_len,
                       "the %s at %s is an obstacle: a move that enters it ends there",
                       v->terrain->name, ps);
    case MK_MOVE_OUT_OF_MEMORY:
      return MURK_ENOMEM;
    default:
      return MURK_OK;
  }
}

int mk_move_pinned_refusal(const struct murk_game* g, enum murk_side side, int unit,
                           struct murk_pos from, struct murk_pos to, char* reason,
                           size_t reason_len) {
  if (unit < 0 || !g->s.units[side][unit].pinned) return MURK_OK;
  struct murk_pos at = from;
  int now = mk_known_nearest(g, side, from, &at);
  if (now == INT_MAX) return MURK_OK;
  int then = mk_known_nearest(g, side, to, NULL);
  if (then >= now) return MURK_OK;
  char ds[16], es[16];
  murk_pos_format(to, ds, sizeof ds);
  murk_pos_format(at, es, sizeof es);
  return mk_reject(reason, reason_len,
                   "P%d is pinned down: it may not move toward the enemy (%s is %d cell%s from "
                   "the nearest enemy you know of; it stands %d from %s); it may hold or fall "
                   "back until it rallies",
                   g->s.units[side][unit].marker, ds, then, mk_plural(then), now, es);
}
