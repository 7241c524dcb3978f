/* paths.c: the ways toward the players' goals (players.h): each cell's neighbours, distance
 * fields made with a bucket queue (toward goals, kept in the plan's memo; from many sources,
 * whole), and moves along them whose straight legs are the game's own hex lines. */
#include <string.h>

#include "murk/alloc.h"
#include "murk/error.h"
#include "players.h"

/* Move lengths greedy tries, longest first: it does not know the allowances. */
static const int move_lengths[] = {12, 9, 6, 5, 4, 3, 2, 1};
#define NLENGTHS ((int)(sizeof move_lengths / sizeof move_lengths[0]))
/* The cost of difficult ground (gather.c's terrain_cost): its cells stop the first pass. */
enum { cost_difficult = 6 };

static void bq_free(struct bucketq* q) {
  for (int b = 0; b < FIELD_BUCKETS; b++) murk_free(q->items[b]);
  memset(q, 0, sizeof *q);
}

static void field_free(struct field* f) {
  murk_free(f->dist);
  bq_free(&f->q);
}

static void drop_fields(struct fieldset* fs) {
  for (int i = 0; i < fs->nfields; i++) field_free(&fs->fields[i]);
  fs->nfields = 0;
}

void sim_memo_free(struct murk_policy_memo* m) {
  if (!m) return;
  for (int i = 0; i < FIELDSETS; i++) {
    drop_fields(&m->sets[i]);
    murk_free(m->sets[i].cost);
  }
  murk_free(m->nbr);
  murk_free(m->base);
  murk_free(m->cost);
  murk_free(m->busy);
  murk_free(m->units);
  murk_free(m->foes);
  murk_free(m->objs);
  for (int i = 0; i < 2; i++) {
    murk_free(m->group_first[i]);
    murk_free(m->group_pos[i]);
  }
  murk_free(m->group_fill);
  murk_free(m->kinds);
  murk_free(m->gaps);
  sim_memo_numbers_free(m);
  murk_sightmap_free(m->sight);
  murk_free(m);
}

static struct murk_policy_memo* memo_of(struct ctx* c) {
  struct murk_policy_plan* pl = c->plan;
  if (!pl->memo) pl->memo = murk_calloc(1, sizeof *pl->memo);
  if (!pl->memo) c->oom = true;
  return pl->memo;
}

int sim_memo_sync(struct ctx* c) {
  struct murk_policy_memo* mm = memo_of(c);
  if (!mm) return MURK_ENOMEM;
  const struct murk_grid* g = &c->v->grid;
  size_t cells = (size_t)c->w * (size_t)c->h;
  struct fieldset* fs = NULL;
  for (int i = 0; i < FIELDSETS && !fs; i++) {
    struct fieldset* f = &mm->sets[i];
    if (f->cost && f->cells == cells && f->grid.kind == g->kind && f->grid.width == g->width &&
        f->grid.height == g->height && memcmp(f->cost, c->cost, cells) == 0)
      fs = f;
  }
  if (!fs) {
    fs = &mm->sets[0];
    for (int i = 1; i < FIELDSETS; i++)
      if (mm->sets[i].used < fs->used) fs = &mm->sets[i];
    drop_fields(fs);
    if (!fs->cost || fs->cells != cells) {
      murk_free(fs->cost);
      fs->cells = 0;
      fs->cost = murk_malloc(cells ? cells : 1);
      if (!fs->cost) {
        c->oom = true;
        return MURK_ENOMEM;
      }
    }
    memcpy(fs->cost, c->cost, cells);
    fs->cells = cells;
    fs->grid = *g;
  }
  fs->used = ++mm->clock;
  c->fields = fs;
  return MURK_OK;
}

/* The neighbours of every cell as cell indices, -1 padded: the distance fields visit each
 * cell's neighbours many times. Kept in the memo while the grid stays the same. NULL when
 * out of memory. */
static const int* neighbours(struct ctx* c) {
  struct murk_policy_memo* mm = memo_of(c);
  if (!mm) return NULL;
  const struct murk_grid* g = &c->v->grid;
  if (mm->nbr && mm->nbr_grid.kind == g->kind && mm->nbr_grid.width == g->width &&
      mm->nbr_grid.height == g->height)
    return mm->nbr;
  murk_free(mm->nbr);
  size_t cells = (size_t)c->w * (size_t)c->h;
  mm->nbr = murk_malloc((cells ? cells : 1) * MURK_GEOM_MAX_NEIGHBOURS * sizeof *mm->nbr);
  if (!mm->nbr) {
    c->oom = true;
    return NULL;
  }
  mm->nbr_grid = *g;
  for (int y = 0; y < c->h; y++)
    for (int x = 0; x < c->w; x++) {
      struct murk_pos p = {x, y}, nb[MURK_GEOM_MAX_NEIGHBOURS];
      int* out = &mm->nbr[(size_t)sim_cell(c, p) * MURK_GEOM_MAX_NEIGHBOURS];
      int nn = murk_geom_neighbours(g, p, nb);
      for (int k = 0; k < MURK_GEOM_MAX_NEIGHBOURS; k++) out[k] = k < nn ? sim_cell(c, nb[k]) : -1;
    }
  return mm->nbr;
}

/* A bucket queue for the distance fields (Dial's algorithm): entering a cell costs at most
 * cost_difficult, so the distances waiting are always within that of the one being taken,
 * and BUCKETS circular buckets hold them apart. */
#define BUCKETS FIELD_BUCKETS
_Static_assert(cost_difficult < BUCKETS, "a step must not wrap the bucket ring");

static bool bq_push(struct bucketq* q, int dist, int idx) {
  int b = dist % BUCKETS;
  if (q->n[b] == q->cap[b]) {
    size_t cap = q->cap[b] ? q->cap[b] * 2 : 64;
    int* it = murk_realloc(q->items[b], cap * sizeof *it);
    if (!it) return false;
    q->items[b] = it;
    q->cap[b] = cap;
  }
  q->items[b][q->n[b]++] = idx;
  return true;
}

/* What a step into a neighbour costs in a search: toward a goal (backward: entering a cell
 * costs that cell, so a step back from it costs the cell left), away from sources (forward:
 * the cell entered), or over plain ground (every cell 3, whatever stands there). */
enum way { way_toward_goal, way_from_sources, way_plain };

/* Take cost levels from the field's queue until the distance of cell `need` is final (every
 * level up to it taken; need < 0: every cell's) or nothing is left: Dijkstra from the queued
 * cells. Cells beyond the levels taken hold a distance at least as great as their final one,
 * and greater than every level taken, so walk() finds the same way as on the whole field (it
 * only ever steps to a cell nearer than where it stands). False when out of memory. */
static inline bool grow(struct ctx* c, const int* nbr, struct field* f, int need, enum way way) {
  int* d = f->dist;
  while (f->waiting > 0 && (need < 0 || d[need] >= f->done)) {
    int cur = f->done, b = cur % BUCKETS;
    struct bucketq* q = &f->q;
    while (q->n[b] > 0) {
      int idx = q->items[b][--q->n[b]];
      f->waiting--;
      if (d[idx] != cur) continue; /* reached more cheaply since it was queued */
      /* Toward a goal: leaving this cell costs its cost; the goal may be taken by an enemy
       * (cost 0), and then the way leads next to it. */
      int leave = c->cost[idx] ? c->cost[idx] : 1;
      for (int k = 0; k < MURK_GEOM_MAX_NEIGHBOURS; k++) {
        int ni = nbr[(size_t)idx * MURK_GEOM_MAX_NEIGHBOURS + k];
        if (ni < 0) break;
        if (way != way_plain && c->cost[ni] == 0) continue;
        int step = way == way_plain ? 3 : way == way_toward_goal ? leave : c->cost[ni];
        if (cur + step >= d[ni]) continue;
        d[ni] = cur + step;
        if (!bq_push(q, d[ni], ni)) return false;
        f->waiting++;
      }
    }
    f->done = cur + 1;
  }
  return true;
}

/* grow() toward a field's goal: the greedy and computer players' hot loop, made once for
 * that way and kept out of line (inlined into sim_field_to it makes a greedy game
 * slower). */
__attribute__((noinline)) static bool field_grow(struct ctx* c, const int* nbr, struct field* f,
                                                 int need) {
  return grow(c, nbr, f, need, way_toward_goal);
}

/* The field toward goal, its distance from cell `from` final: what it costs to get there
 * from each cell. NULL when out of memory. */
const int* sim_field_to(struct ctx* c, struct murk_pos goal, struct murk_pos from) {
  if (!c->fields && sim_memo_sync(c) != MURK_OK) return NULL;
  struct fieldset* mm = c->fields;
  const int* nbr = neighbours(c);
  if (!nbr) return NULL;
  int need = sim_cell(c, from);
  for (int i = 0; i < mm->nfields; i++)
    if (murk_pos_eq(mm->fields[i].goal, goal)) {
      if (!field_grow(c, nbr, &mm->fields[i], need)) goto oom;
      return mm->fields[i].dist;
    }
  if (!sim_on_table(c, goal)) return NULL;
  size_t cells = (size_t)c->w * (size_t)c->h;
  struct field f;
  memset(&f, 0, sizeof f);
  f.goal = goal;
  f.dist = murk_malloc(cells * sizeof *f.dist);
  if (!f.dist) goto oom_f;
  for (size_t i = 0; i < cells; i++) f.dist[i] = INT_MAX;
  f.dist[sim_cell(c, goal)] = 0;
  if (!bq_push(&f.q, 0, sim_cell(c, goal))) goto oom_f;
  f.waiting = 1;
  if (!field_grow(c, nbr, &f, need)) goto oom_f;
  if (mm->nfields == MAX_FIELDS) {
    field_free(&mm->fields[0]);
    memmove(&mm->fields[0], &mm->fields[1], (MAX_FIELDS - 1) * sizeof mm->fields[0]);
    mm->nfields--;
  }
  mm->fields[mm->nfields++] = f;
  return f.dist;
oom_f:
  field_free(&f);
oom:
  c->oom = true;
  return NULL;
}

bool sim_field_from(struct ctx* c, int* d, bool uniform) {
  const int* nbr = neighbours(c);
  if (!nbr) return false;
  size_t cells = (size_t)c->w * (size_t)c->h;
  struct field f;
  memset(&f, 0, sizeof f);
  f.dist = d;
  bool ok = true;
  for (size_t i = 0; i < cells && ok; i++) {
    if (d[i] != 0) continue;
    ok = bq_push(&f.q, 0, (int)i);
    f.waiting++;
  }
  ok = ok && grow(c, nbr, &f, -1, uniform ? way_plain : way_from_sources);
  bq_free(&f.q);
  if (!ok) c->oom = true;
  return ok;
}

/* Up to `max` cells of the cheapest way from `from` toward the field's goal (not counting
 * from). Stops at the goal or where nothing is cheaper. Returns how many. */
static int walk(const struct ctx* c, const int* d, struct murk_pos from, struct murk_pos* out,
                int max) {
  int n = 0;
  struct murk_pos p = from;
  int here = d[sim_cell(c, p)];
  while (n < max && here > 0) {
    struct murk_pos nb[MURK_GEOM_MAX_NEIGHBOURS], best = p;
    int nn = murk_geom_neighbours(&c->v->grid, p, nb), bestd = here;
    for (int k = 0; k < nn; k++) {
      int ni = sim_cell(c, nb[k]);
      if (c->cost[ni] == 0 || d[ni] >= bestd) continue;
      bestd = d[ni];
      best = nb[k];
    }
    if (bestd >= here) break;
    out[n++] = best;
    p = best;
    here = bestd;
  }
  return n;
}

/* Does the hex line from a to path[lo..hi] enter exactly path[lo..hi]? */
static bool line_follows(const struct ctx* c, struct murk_pos a, const struct murk_pos* path,
                         int lo, int hi) {
  struct murk_line_step steps[16];
  int len = hi - lo + 1;
  if (len + 1 > 16 || sim_dist(c, a, path[hi]) != len) return false;
  size_t ns = murk_geom_line(&c->v->grid, a, path[hi], steps, 16);
  if ((int)ns != len + 1) return false;
  for (int k = 1; k <= len; k++)
    if (!murk_pos_eq(steps[k].cell, path[lo + k - 1])) return false;
  return true;
}

/* line_follows(c, a, path, lo, hi) where a is the cell before path[lo] (from, for lo 0),
 * remembered in memo[lo][hi] (-1: not yet known): a unit's moves of several lengths along
 * one path ask the same questions. */
#define MAX_PATH 16
static bool follows(const struct ctx* c, struct murk_pos from, const struct murk_pos* path, int lo,
                    int hi, signed char memo[MAX_PATH][MAX_PATH]) {
  if (lo < 0 || hi < lo || hi >= MAX_PATH)
    return line_follows(c, lo > 0 ? path[lo - 1] : from, path, lo, hi);
  if (memo[lo][hi] < 0)
    memo[lo][hi] = line_follows(c, lo > 0 ? path[lo - 1] : from, path, lo, hi) ? 1 : 0;
  return memo[lo][hi] == 1;
}

/* "move U to X,Y [via ...]" along path[0..n-1] from `from`: each straight stretch becomes
 * one leg, so the game's hex lines enter exactly the path's cells. False if it needs more
 * waypoints than a command holds. */
static bool move_along(struct ctx* c, struct murk_ref unit, struct murk_pos from,
                       const struct murk_pos* path, int n, signed char memo[MAX_PATH][MAX_PATH]) {
  struct murk_pos legs[MURK_CMD_MAX_WAYPOINTS + 1];
  int nlegs = 0, i = 0;
  while (i < n) {
    int j = i;
    while (j + 1 < n && follows(c, from, path, i, j + 1, memo)) j++;
    if (!follows(c, from, path, i, j, memo)) return false; /* cannot happen for neighbours */
    if (nlegs == MURK_CMD_MAX_WAYPOINTS + 1) return false;
    legs[nlegs++] = path[j];
    i = j + 1;
  }
  if (nlegs == 0) return false;
  struct murk_command* cmd = sim_add(c, MURK_CMD_MOVE);
  if (!cmd) return false;
  cmd->unit = unit;
  cmd->at = legs[nlegs - 1];
  cmd->nvia = nlegs - 1;
  for (int k = 0; k + 1 < nlegs; k++) cmd->via[k] = legs[k];
  return true;
}

/* The way toward goal a unit would walk (path[0..n-1], at most MAX_PATH cells), its memo
 * cleared; n 0: already near enough, or no way. */
static int way_toward(struct ctx* c, const struct unit* u, struct murk_pos goal, int near,
                      struct murk_pos path[MAX_PATH], signed char memo[MAX_PATH][MAX_PATH]) {
  if (sim_dist(c, u->pos, goal) <= near) return 0;
  const int* d = sim_field_to(c, goal, u->pos);
  if (!d || d[sim_cell(c, u->pos)] == INT_MAX) return 0;
  memset(memo, -1, sizeof(signed char[MAX_PATH][MAX_PATH]));
  return walk(c, d, u->pos, path, move_lengths[0]);
}

/* Moves that stop short of difficult ground come first: the slowest ground entered sets a
 * template's whole allowance, and difficult ground bogs (Luneville, Moving platoons). */
void sim_try_moves_toward(struct ctx* c, const struct unit* u, struct murk_pos goal, int near) {
  struct murk_pos path[MAX_PATH];
  signed char memo[MAX_PATH][MAX_PATH];
  int n = way_toward(c, u, goal, near, path, memo);
  if (n <= 0) return;
  int dry = 0; /* cells before the first difficult one */
  while (dry < n && c->cost[sim_cell(c, path[dry])] != cost_difficult) dry++;
  bool tried[16] = {false};
  for (int pass = 0; pass < 2; pass++)
    for (int k = 0; k < NLENGTHS; k++) {
      int len = move_lengths[k] < n ? move_lengths[k] : n;
      if (pass == 0 && len > dry) len = dry;
      /* End on a free cell (the game may allow more, a free cell always works). */
      while (len > 0 && !sim_cell_free(c, path[len - 1])) len--;
      if (len <= 0 || tried[len]) continue;
      tried[len] = true;
      move_along(c, u->ref, u->pos, path, len, memo);
    }
}

bool sim_in_cover(const struct ctx* c, struct murk_pos p) {
  const struct murk_terrain* tr = sim_terrain_at(c, p);
  return tr && (tr->cls == MURK_TERRAIN_DIFFICULT || tr->sight != MURK_SIGHT_CLEAR);
}
