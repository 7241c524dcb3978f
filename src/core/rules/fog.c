/* fog.c: the Fog of War rules of Luneville - template movement and bogging, revealing
 * (by the owner and by enemy spotting), and placing a platoon's teams when it is revealed.
 * Our reading of every point the text leaves open is in docs/rules.md. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "event.h"
#include "fog.h"
#include "intel.h"
#include "marker.h"
#include "move.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/sight.h"
#include "night.h"
#include "sight.h"
#include "state.h"

/* ---- paths ---- */

struct path {
  struct murk_pos* cells; /* cells entered, in order (the start cell is not one) */
  int n;
};

/* Judge a move of `side` (by marker mi, or by the teams of unit `unit`) as move.c does for
 * every kind of mover; on MURK_OK *v holds the verdict and, for one the game goes on with,
 * the path (the caller frees v->path). Refusals every mover words alike are written here. */
static int judge(const struct murk_game* g, enum murk_side side, int mi, int unit,
                 struct murk_pos start, const struct murk_command* c,
                 const struct mk_move_rule* rule, struct mk_move_verdict* v, char* reason,
                 size_t reason_len, uint64_t busy[MK_BUSY_WORDS], bool* has_busy) {
  struct mk_move_truth t = {.g = g, .side = side, .self_mi = mi, .self_unit = unit};
  struct mk_move_board b;
  mk_move_board_known(&t, &b); /* judged by what the side knows */
  struct murk_pos pts[MURK_CMD_MAX_WAYPOINTS + 1];
  int npts = mk_move_points(c, pts);
  mk_move_judge(&b, rule, start, pts, npts, true, v);
  int rc = mk_move_refusal(v, start, reason, reason_len);
  if (rc != MURK_OK) {
    murk_free(v->path);
    v->path = NULL;
  }
  /* The bitset of mk_busy_cells the board was judged on, for a caller that would make the
   * same one next (judging writes nothing). */
  if (busy) {
    *has_busy = t.has_busy;
    size_t cells = (size_t)g->m->grid.width * (size_t)g->m->grid.height;
    if (t.has_busy) memcpy(busy, t.busy, (cells + 63) / 64 * sizeof *busy);
  }
  return rc;
}

/* Hidden contact (docs/rules.md): the first of the first n cells of the path where an enemy
 * stands that the side did not know of, or -1. */
static int first_hidden_enemy(const struct murk_game* g, enum murk_side side, const struct path* p,
                              int n, const uint64_t* busy) {
  const struct mk_state* s = &g->s;
  for (int i = 0; i < n && i < p->n; i++) {
    if (busy && !mk_busy_at(g, busy, p->cells[i])) continue; /* nothing stands there */
    int mi = mk_marker_index_at(s, p->cells[i]);
    if (mi >= 0 && s->markers[mi].owner != side) return i;
    enum murk_side ts;
    if (mk_team_at(s, p->cells[i], &ts, NULL) && ts != side) return i;
  }
  return -1;
}

static int first_difficult(const struct murk_game* g, const struct path* p) {
  for (int i = 0; i < p->n; i++)
    if (mk_terrain_at(g, p->cells[i])->cls == MURK_TERRAIN_DIFFICULT) return i;
  return -1;
}

/* A bogging check (Luneville, Moving platoons: "regardless of what the platoon template is
 * actually representing"). Returns true if bogged. The roll is public. */
static bool bog_check(struct murk_game* g, const char* handle, bool freeing,
                      enum murk_audience aud) {
  struct murk_dice_expr die = murk_mission_param_dice(g->m, MURK_P_FOW_BOG_DIE);
  int fail = murk_mission_param(g->m, MURK_P_FOW_BOG_FAIL);
  char purpose[MURK_ROLL_PURPOSE];
  mk_format(purpose, sizeof purpose, "bogging check %s", handle);
  /* Heard by the enemy only where it sees the cell (sight.c): a roll out of sight would tell
   * where an unseen marker went. */
  int total = murk_roll(g, &die, purpose, aud, NULL);
  bool bogged = total <= fail;
  mk_event_append(g, ": %s",
                  bogged ? (freeing ? "still bogged" : "bogged") : (freeing ? "free" : "passed"));
  return bogged;
}

/* ---- moving ---- */

static const char* class_word(enum murk_terrain_class c) {
  return c == MURK_TERRAIN_ROAD ? "road" : c == MURK_TERRAIN_DIFFICULT ? "difficult" : "open";
}

static const char* class_phrase(enum murk_terrain_class c) {
  return c == MURK_TERRAIN_ROAD        ? "on roads"
         : c == MURK_TERRAIN_DIFFICULT ? "through difficult terrain"
                                       : "through open ground";
}

/* The ground a refusal names: a move whose open ground is all railway (which counts as open
 * ground for a template: docs/rules.md) runs over the railway (along it or across it), and says so.
 */
static const char* ground_phrase(const struct murk_game* g, const struct path* p,
                                 enum murk_terrain_class slowest) {
  if (slowest != MURK_TERRAIN_OPEN || !p->cells) return class_phrase(slowest);
  for (int i = 0; i < p->n; i++) {
    const struct murk_terrain* t = mk_terrain_at(g, p->cells[i]);
    if (!t || (mk_move_class(t->cls) == MURK_TERRAIN_OPEN && t->cls != MURK_TERRAIN_RAILWAY))
      return class_phrase(slowest);
  }
  return "over the railway (as through open ground)";
}

/* ASL night rules E1.532: a strayer that enters a cell holding a friendly unit on the part of its
 * way it still covers (the first half) is no longer straying and goes on the whole way
 * ordered (the text: "may use the remainder of its MF"; cut after that). Any own marker
 * counts, dummy or not, so the strayer's distance never tells the enemy what a counter
 * holds (murk's choice; the text asks for a Good Order unit, and murk has no broken ones).
 * Told as the movement roll was. */
static bool stray_contact(struct murk_game* g, enum murk_side side, const char* handle, int mi,
                          int unit, const struct path* p, enum murk_audience aud, bool split) {
  if (mk_night_friendly_contact(g, side, mi, unit, p->cells, p->n / 2) < 0) return false;
  mk_emit(g, MURK_EV_INFO, aud, side, "%s finds friends on its way: it goes on as ordered", handle);
  if (split) mk_event_split(g, side);
  return true;
}

/* ASL night rules E1.55: jitter fire after a move; a counter that gives itself away is revealed
 * here (night.c says which), then its platoon flashes. */
static void jitter_fire(struct murk_game* g, enum murk_side side, int mi, int unit,
                        struct murk_pos at, int total) {
  int lost = mk_night_jitter(g, side, mi, unit, at, total);
  if (lost < 0) return;
  mk_fog_reveal_marker(g, lost, NULL);
  mk_night_jitter_flash(g, lost);
}

/* Luneville, Moving platoons: a template moves a fixed distance by terrain, whatever it
 * hides; the slowest class of terrain entered governs the whole move. A cloaking counter
 * moves the same way at its own allowance (marker.c: the operations of its kind). */
int mk_fog_move_template(struct murk_game* g, enum murk_side side, int mi, int unit,
                         const struct murk_command* c, char* reason, size_t reason_len) {
  (void)unit;
  struct mk_state* s = &g->s;
  struct mk_marker* mk = &s->markers[mi];
  const struct mk_marker_ops* ops = mk_marker_ops(g, mi);
  if (mk->bogged)
    return mk_reject(reason, reason_len,
                     "T%d is bogged: it may move once it passes a bogging check at the start of "
                     "your turn",
                     mk->number);
  if (mk->moved)
    return mk_reject(reason, reason_len, "T%d has already moved this step", mk->number);
  struct mk_move_rule rule;
  mk_move_allowance(g, side, mi, -1, &rule); /* template, cloak (ASL night rules E1.42) */
  struct mk_move_verdict v;
  int rc = judge(g, side, mi, -1, mk->pos, c, &rule, &v, reason, reason_len, NULL, NULL);
  if (rc != MURK_OK) return rc;
  struct path p = {v.path, v.cells};
  enum murk_terrain_class slowest = v.slowest;
  int allow = v.allow;
  struct murk_pos dest = c->at;
  char ds[16];
  murk_pos_format(dest, ds, sizeof ds);
  if (v.why == MK_MOVE_TOO_FAR) {
    char len[32];
    mk_cells_text(g, allow, len, sizeof len);
    /* At night the mission's length less the night's cell (ASL night rules E1.51): said so, or
     * the length in brackets would not be the one the mission gives. */
    bool night = mk_night_move_cost(g, side, mi, -1, mk_move_class(slowest)) > 0;
    rc = mk_reject(reason, reason_len, "that is %d cells; a %s may move %d (%s) %s%s", p.n,
                   mk_marker_ops(g, mi)->name, allow, len, ground_phrase(g, &p, slowest),
                   night ? ", a cell less at night" : "");
  }
  if (v.why == MK_MOVE_TAKEN)
    rc = mk_reject(reason, reason_len,
                   "%s is taken: a %s may not end its move on another "
                   "marker or team",
                   ds, mk_marker_ops(g, mi)->name);
  if (rc != MURK_OK) {
    murk_free(p.cells);
    return rc;
  }
  char handle[16], from[16], to[16];
  mk_format(handle, sizeof handle, "T%d", mk->number);
  struct murk_pos start = mk->pos;
  int moved = p.n;
  mk_night_unhide(g, mi); /* ASL night rules E1.2: a hidden counter that moves is a "?" from then
                             on */
  /* ASL night rules E1.53: at night the movement roll first; a strayer goes half as far. Heard
   * where the enemy sees it start, the mover's copy saying nothing of who heard. */
  int jitter = 0;
  enum murk_audience saud =
      ops->seen_anywhere ? MURK_AUD_ALL : mk_sight_audience(g, side, start, start, false);
  if (mk_night_strays(g, side, handle, saud, !ops->seen_anywhere, -1, p.cells, p.n, &jitter) &&
      !stray_contact(g, side, handle, mi, -1, &p, saud, !ops->seen_anywhere)) {
    /* Back to the last cell the side knows free: an enemy it does not know of there is met
     * by the hidden contact below, as on any move (judged by the true board, the strayer
     * would stop short of it in silence and so find it). */
    moved = p.n / 2;
    while (moved > 0 && !mk_cell_known_free(g, side, p.cells[moved - 1])) moved--;
  }
  /* An enemy it did not know of stops it in the last free cell before (Hidden contact). */
  int hit = first_hidden_enemy(g, side, &p, moved, NULL);
  if (hit >= 0) {
    moved = hit;
    while (moved > 0 && !mk_cell_free(s, p.cells[moved - 1])) moved--;
  }
  int fd = first_difficult(g, &p);
  bool bogged = false;
  if (fd >= 0 && fd < moved && ops->bogs && bog_check(g, handle, false, MURK_AUD_ALL)) {
    /* A bogged template stops in the first difficult cell it entered, or if one of its own
     * side's markers or teams stands there, in the last free cell before it. */
    bogged = true;
    mk->bogged = true;
    moved = fd + 1;
    while (moved > 0 && !mk_cell_free(s, p.cells[moved - 1])) moved--;
  }
  if (moved > 0) mk->pos = p.cells[moved - 1];
  mk->moved = true;
  murk_pos_format(start, from, sizeof from);
  murk_pos_format(mk->pos, to, sizeof to);
  /* Templates stand in the open for both sides (Luneville); a cloaking counter's move is heard
   * where the enemy sees either end (ASL night rules E1.101; sight.c). */
  enum murk_audience aud =
      ops->seen_anywhere ? MURK_AUD_ALL : mk_sight_audience(g, side, start, mk->pos, false);
  if (bogged)
    mk_emit(g, MURK_EV_MOVE, aud, side,
            "%s %s moves %s -> %s (%d cell%s, %s) and bogs down there (ordered to %s)",
            murk_side_name(side), handle, from, to, moved, mk_plural(moved), class_word(slowest),
            ds);
  else
    mk_emit(g, MURK_EV_MOVE, aud, side, "%s %s moves %s -> %s (%d cell%s, %s)",
            murk_side_name(side), handle, from, to, moved, mk_plural(moved), class_word(slowest));
  mk_event_facts(g, mk->number, &start, &mk->pos);
  /* Seen only where the enemy sees it: the mover's copy says nothing of who saw it. */
  if (!ops->seen_anywhere) mk_event_split(g, side);
  bool revealed = ops->lost_in_light && mk_night_cloak_after_move(g, mi, p.cells, moved);
  if (revealed) mk_fog_reveal_marker(g, mi, NULL);
  if (hit >= 0) mk_hidden_contact(g, side, handle, mk->pos, p.cells[hit]);
  /* ASL night rules E1.55: jitter fire, once the move is made. */
  if (jitter > 0) jitter_fire(g, side, revealed ? -1 : mi, mk->unit, mk->pos, jitter);
  murk_free(p.cells);
  return MURK_OK;
}

/* Candidate cells for placing teams, best first. */
struct cand {
  struct murk_pos pos;
  int d_first; /* distance to the first team (or the anchor) */
  int d_enemy; /* distance to the nearest enemy marker or team */
  int d_rev;   /* distance to the revealing enemy */
};

static int cand_cmp(const struct cand* x, const struct cand* y) {
  if (x->d_first != y->d_first) return x->d_first < y->d_first ? -1 : 1;
  if (x->d_enemy != y->d_enemy) return x->d_enemy > y->d_enemy ? -1 : 1;
  if (x->pos.y != y->pos.y) return x->pos.y < y->pos.y ? -1 : 1;
  if (x->pos.x != y->pos.x) return x->pos.x < y->pos.x ? -1 : 1;
  return 0;
}

/* The cells where `side` knows or last saw the enemy's markers and teams, as
 * mk_known_nearest measures to them, into at (axial: each candidate cell is measured against
 * every one of them); returns how many. */
static int known_enemies(const struct murk_game* g, enum murk_side side, struct murk_axial* at) {
  const struct mk_state* s = &g->s;
  const struct murk_grid* grid = &g->m->grid;
  enum murk_side enemy = murk_side_other(side);
  int n = 0;
  if (side != MURK_ATTACKER && side != MURK_DEFENDER) return 0;
  for (int i = 0; i < s->nmarkers && i < MK_MAX_MARKERS; i++) {
    const struct mk_sighting* k = &s->seen_marker[side][i];
    if (s->markers[i].owner == enemy && s->markers[i].on_table && k->known)
      at[n++] = murk_geom_to_axial(grid, k->pos);
  }
  for (int t = 0; t < s->nteams[enemy] && t < MK_MAX_TEAMS_PER_SIDE; t++) {
    const struct mk_sighting* k = &s->seen_team[side][t];
    if (s->teams[enemy][t].alive && s->teams[enemy][t].placed && k->known)
      at[n++] = murk_geom_to_axial(grid, k->pos);
  }
  return n;
}

/* The enemies a side knows of, found once for the cells of one placing. */
struct known_set {
  int n; /* -1 until found */
  struct murk_axial at[MK_MAX_MARKERS + MK_MAX_TEAMS_PER_SIDE];
};

/* Cell p (at distance d_first from the centre) as a candidate: its distance to the nearest
 * enemy the side knows of (mk_known_nearest) and to the revealer. */
static struct cand cand_at(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                           int d_first, const struct murk_pos* revealer, struct known_set* known) {
  const struct murk_grid* grid = &g->m->grid;
  if (known->n < 0) known->n = known_enemies(g, side, known->at);
  struct cand c = {p, d_first, INT_MAX, 0};
  struct murk_axial a = murk_geom_to_axial(grid, p);
  for (int j = 0; j < known->n; j++) {
    int d = murk_geom_axial_distance(grid, a, known->at[j]);
    if (d < c.d_enemy) c.d_enemy = d;
  }
  c.d_rev = revealer ? murk_geom_distance(grid, p, *revealer) : 0;
  return c;
}

/* May `side` put a team or template down on p, as far as it knows? busy: a kept bitset of
 * where something might stand (mk_busy_cells, kept up by the caller), or NULL. */
static bool cell_ok(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                    const struct murk_zone* zone, const uint64_t* busy) {
  return murk_geom_on_table(&g->m->grid, p) && mk_cell_passable(g->m, p) &&
         ((busy && !mk_busy_at(g, busy, p)) || mk_cell_known_free(g, side, p)) &&
         (!zone || murk_zone_contains(g->m, zone, p));
}

/* The candidate cells around a centre, best first (cand_cmp): the free passable cells within
 * `radius` of it (the centre excluded; cell_ok, as far as the side knows). Made a ring at a
 * time as they are asked for (cands_get): a ring's cells are all at the same distance, so
 * the rings made, each sorted, are the head of the whole list sorted, and most placings
 * take their few cells from the nearest rings. The cells are judged on the state when they
 * are made: nothing may change it while the list is read, unless cands_all made the rest
 * before. A caller may widen `radius` between reads. */
struct cands {
  struct murk_game* g;
  enum murk_side side;
  struct murk_pos centre;
  int radius;
  const struct murk_pos* revealer;
  const struct murk_zone* zone;
  const uint64_t* busy; /* mk_busy_cells: the caller's, own_busy or none */
  uint64_t own_busy[MK_BUSY_WORDS];
  struct known_set known;
  int ring;       /* the last ring made */
  bool had_cells; /* a ring made so far held table cells: an empty one after it ends the table */
  bool ended;
  struct cand* cs; /* here, or allocated */
  int n, cap;
  struct cand here[32];
};

static void cands_init(struct cands* l, struct murk_game* g, enum murk_side side,
                       struct murk_pos centre, int radius, const struct murk_pos* revealer,
                       const struct murk_zone* zone, const uint64_t* busy) {
  l->g = g;
  l->side = side;
  l->centre = centre;
  l->radius = radius;
  l->revealer = revealer;
  l->zone = zone;
  l->busy = busy ? busy : mk_busy_cells(g, side, l->own_busy) ? l->own_busy : NULL;
  l->known.n = -1; /* the rest is not cleared: n says how much is written */
  l->ring = 0;
  l->had_cells = murk_geom_on_table(&g->m->grid, centre);
  l->ended = false;
  l->cs = l->here;
  l->n = 0;
  l->cap = (int)(sizeof l->here / sizeof l->here[0]);
}

static void cands_free(struct cands* l) {
  if (l->cs != l->here) murk_free(l->cs);
}

/* Room for `more` candidates; false (g->oom set) without memory. */
static bool cands_room(struct cands* l, size_t more) {
  if ((size_t)l->n + more <= (size_t)l->cap) return true;
  size_t cap = (size_t)l->cap * 2;
  while (cap < (size_t)l->n + more) cap *= 2;
  struct cand* cs = murk_malloc(cap * sizeof *cs);
  if (!cs) {
    l->g->oom = MURK_ENOMEM;
    return false;
  }
  memcpy(cs, l->cs, (size_t)l->n * sizeof *cs);
  cands_free(l);
  l->cs = cs;
  l->cap = (int)cap;
  return true;
}

/* Make the next ring that holds a candidate; false once none is left within the radius. */
static bool cands_more(struct cands* l) {
  struct murk_game* g = l->g;
  const struct murk_grid* grid = &g->m->grid;
  while (!l->ended && l->ring < l->radius) {
    int k = ++l->ring;
    struct murk_pos here[64];
    struct murk_pos* ring = here;
    size_t n = murk_geom_ring(grid, l->centre, k, here, sizeof here / sizeof here[0]);
    if (n == 0) {
      l->ended = l->had_cells; /* the table is connected: no cell lies farther */
      continue;
    }
    l->had_cells = true;
    if (n > sizeof here / sizeof here[0]) {
      ring = murk_malloc(n * sizeof *ring);
      if (ring) murk_geom_ring(grid, l->centre, k, ring, n);
    }
    if (!ring || !cands_room(l, n)) {
      if (ring != here) murk_free(ring);
      g->oom = MURK_ENOMEM;
      l->ended = true;
      return false;
    }
    int first = l->n;
    for (size_t i = 0; i < n; i++) {
      /* What the side knows (docs/rules.md, "Hidden contact"): an enemy it does not know of
       * is met when a team is put down on its cell (enemy_met). */
      if (!cell_ok(g, l->side, ring[i], l->zone, l->busy)) continue;
      struct cand c = cand_at(g, l->side, ring[i], k, l->revealer, &l->known);
      int j = l->n++;
      for (; j > first && cand_cmp(&l->cs[j - 1], &c) > 0; j--) l->cs[j] = l->cs[j - 1];
      l->cs[j] = c;
    }
    if (ring != here) murk_free(ring);
    if (l->n > first) return true;
  }
  return false;
}

/* The i-th best candidate, or NULL past the last. */
static const struct cand* cands_get(struct cands* l, int i) {
  while (i >= l->n)
    if (!cands_more(l)) return NULL;
  return &l->cs[i];
}

/* Every candidate within the radius, made now. */
static void cands_all(struct cands* l) {
  while (cands_more(l)) continue;
}

static void place_team(struct murk_game* g, enum murk_side side, int unit, int team,
                       struct murk_pos p) {
  struct mk_team* t = &g->s.teams[side][team];
  t->pos = p;
  t->placed = true;
  char ps[16];
  murk_pos_format(p, ps, sizeof ps);
  int number = g->s.units[side][unit].marker;
  mk_emit(g, MURK_EV_PLACE, MURK_AUD_ALL, side, "%s P%d: %s at %s", murk_side_name(side), number,
          mk_team_profile(g, side, team)->title, ps);
  mk_event_facts(g, number, NULL, &p);
}

/* Does anything stand at p? busy as cell_ok's: where it is clear, nothing does. */
static bool stands_at(const struct murk_game* g, struct murk_pos p, const uint64_t* busy) {
  return !(busy && !mk_busy_at(g, busy, p)) && !mk_cell_free(&g->s, p);
}

/* Hidden contact on placing (docs/rules.md): p, which `side` took for free, holds an enemy
 * it did not know of. Then a public contact shows both (the enemy becomes known, so p is
 * no longer free for the side) and the caller tries its next cell. */
static bool enemy_met(struct murk_game* g, enum murk_side side, int unit, struct murk_pos from,
                      struct murk_pos p, const uint64_t* busy) {
  if (!stands_at(g, p, busy)) return false;
  char what[16];
  mk_format(what, sizeof what, "P%d", g->s.units[side][unit].marker);
  mk_hidden_contact(g, side, what, from, p);
  return true;
}

/* The nearest free passable cell to p (p included), or false if the table is full: the best
 * candidate within 1, 2, 4 ... cells, up to the table's size. */
static bool nearest_free(struct murk_game* g, enum murk_side side, struct murk_pos p,
                         const struct murk_zone* zone, const uint64_t* busy, struct murk_pos* out) {
  if (cell_ok(g, side, p, zone, busy)) {
    *out = p;
    return true;
  }
  int max = g->m->grid.width + g->m->grid.height, last = 0;
  for (int r = 1; r <= max; r *= 2) last = r;
  struct cands l;
  cands_init(&l, g, side, p, last, NULL, zone, busy);
  const struct cand* c = cands_get(&l, 0);
  if (c) *out = c->pos;
  cands_free(&l);
  return c != NULL;
}

/* Luneville, Revealing platoons, last paragraph: one team at the template's centre, the
 * others within command distance of it, each farther from the enemy (templates included)
 * than the first; failing that, each farther from the platoon that revealed it; failing
 * that (our fallback, docs/rules.md), the nearest free cells, widening the circle a cell at
 * a time. */
int mk_fog_place_teams(struct murk_game* g, enum murk_side side, int unit, struct murk_pos centre,
                       const struct murk_pos* revealer, const struct murk_zone* zone) {
  struct mk_state* s = &g->s;
  const struct mk_unit_state* u = &s->units[side][unit];
  const struct murk_grid* grid = &g->m->grid;
  int teams[MURK_MISSION_MAX_GROUPS * MURK_MISSION_MAX_TEAMS];
  int nt = 0;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++)
    if (s->teams[side][t].alive) teams[nt++] = t;
  if (nt == 0) return 0;
  struct murk_pos first;
  do {
    if (!nearest_free(g, side, centre, zone, NULL, &first)) return nt;
  } while (enemy_met(g, side, unit, centre, first, NULL) && !g->oom);
  place_team(g, side, unit, teams[0], first);
  /* The owner's own cells first (`reveal N via ...`, judged by mk_fog_reveal on what it
   * knows); one that holds an enemy it did not know of is a contact, and that team is
   * placed by the rule below. */
  int k = 1;
  for (int i = 0; i < s->nreveal_want && k < nt && !g->oom; i++) {
    struct murk_pos p = s->reveal_want[i];
    if (!cell_ok(g, side, p, zone, NULL) || enemy_met(g, side, unit, first, p, NULL)) continue;
    place_team(g, side, unit, teams[k++], p);
  }
  s->nreveal_want = 0;
  int need = nt - k;
  if (need == 0) return 0;

  int cmd = mk_unit_platoon(g, side, unit)->command_distance;
  if (cmd < 1) cmd = 1;
  int d_enemy_first = mk_known_nearest(g, side, first, NULL);
  int d_rev_first = revealer ? murk_geom_distance(grid, first, *revealer) : 0;
  struct cands cs;
  cands_init(&cs, g, side, first, cmd, revealer, zone, NULL);

  /* Pick `need` cells passing a test, in candidate order; all or nothing. */
  struct murk_pos* chosen = murk_malloc((size_t)need * sizeof *chosen);
  if (!chosen) {
    cands_free(&cs);
    g->oom = MURK_ENOMEM;
    return need;
  }
  const struct cand* c;
  int got = 0;
  for (int pass = 0; pass < 2 && got < need; pass++) {
    if (pass == 1 && !revealer) break;
    got = 0;
    for (int i = 0; got < need && (c = cands_get(&cs, i)); i++) {
      bool ok = pass == 0 ? (d_enemy_first == INT_MAX || c->d_enemy > d_enemy_first)
                          : c->d_rev > d_rev_first;
      if (ok) chosen[got++] = c->pos;
    }
    if (got < need) got = 0;
  }
  /* Fallback: the nearest free cells, widening past command distance if the table is
   * too crowded. */
  int max = grid->width + grid->height;
  while (got < need) {
    got = 0;
    for (int i = 0; got < need && (c = cands_get(&cs, i)); i++) chosen[got++] = c->pos;
    if (got >= need || cs.radius >= max || g->oom) break;
    cs.radius++;
  }
  /* A contact below changes what the side knows, which candidates made after it would see:
   * when a chosen cell holds anything (enemy_met's test; the teams go to the other chosen
   * cells), every candidate is made first. */
  for (int i = 0; i < got; i++)
    if (stands_at(g, chosen[i], cs.busy)) {
      cands_all(&cs);
      break;
    }
  /* Put down in order; a cell that holds an enemy the side did not know of is a contact,
   * and that team goes to the first candidate still free as far as the side now knows. The
   * list's bitset still holds every cell asked of here: only own teams were put down since,
   * on cells no longer free as far as the side knows, which are not asked. */
  int placed = 0;
  for (int i = 0; i < got && !g->oom; i++) {
    struct murk_pos p = chosen[i];
    bool ok = !enemy_met(g, side, unit, first, p, cs.busy);
    for (int j = 0; !ok && j < cs.n && !g->oom; j++) {
      p = cs.cs[j].pos;
      bool later = false; /* chosen for a team still to come */
      for (int q = i + 1; q < got && !later; q++) later = murk_pos_eq(chosen[q], p);
      if (later || !mk_cell_known_free(g, side, p)) continue;
      ok = !enemy_met(g, side, unit, first, p, cs.busy);
    }
    if (!ok) continue;
    place_team(g, side, unit, teams[k + placed], p);
    placed++;
  }
  cands_free(&cs);
  murk_free(chosen);
  return need - placed;
}

/* Is p free but for the unit's own teams? busy as cell_ok's. */
static bool free_for_unit(const struct murk_game* g, enum murk_side side,
                          const struct mk_unit_state* u, struct murk_pos p, const uint64_t* busy) {
  const struct mk_state* s = &g->s;
  if (busy && !mk_busy_at(g, busy, p)) return true;
  if (mk_marker_index_at(s, p) >= 0) return false;
  enum murk_side ts;
  int tt;
  if (!mk_team_at(s, p, &ts, &tt)) return true;
  return ts == side && tt >= u->first_team && tt < u->first_team + u->nteams &&
         !s->teams[ts][tt].bailed;
}

/* free_for_unit by what `side` knows: its own things and the enemies it knows of. */
static bool known_free_for_unit(const struct murk_game* g, enum murk_side side,
                                const struct mk_unit_state* u, struct murk_pos p,
                                const uint64_t* busy) {
  if (busy && !mk_busy_at(g, busy, p)) return true;
  enum murk_side ts;
  int tt;
  if (mk_team_at(&g->s, p, &ts, &tt) && ts == side && tt >= u->first_team &&
      tt < u->first_team + u->nteams && !g->s.teams[ts][tt].bailed)
    return true;
  return mk_cell_known_free(g, side, p);
}

/* Revealed platoons move too (engine model, not from the rule texts; docs/rules.md): the
 * first team moves along the path at the slowest team's allowance and the others keep
 * their places around it as far as the ground allows. */
static int move_platoon(struct murk_game* g, enum murk_side side, int unit,
                        const struct murk_command* c, char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  struct mk_unit_state* u = &s->units[side][unit];
  const struct murk_grid* grid = &g->m->grid;
  int number = u->marker;
  if (u->bogged)
    return mk_reject(reason, reason_len,
                     "P%d is bogged: it may move once it passes a bogging check at the start of "
                     "your turn",
                     number);
  if (u->moved) return mk_reject(reason, reason_len, "P%d has already moved this step", number);
  /* A bailed out vehicle stays where it is until its crew remounts (docs/rules.md,
   * "Shooting"): the others move without it. */
  int lead = -1, bailed = 0;
  bool vehicle = (mk_unit_platoon(g, side, unit)->flags & MURK_PF(VEHICLE)) != 0;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
    const struct mk_team* tm = &s->teams[side][t];
    if (!tm->alive || !tm->placed) continue;
    if (tm->bailed) {
      bailed++;
      continue;
    }
    if (lead < 0) lead = t;
    if (mk_team_profile(g, side, t)->vehicle) vehicle = true;
  }
  if (lead < 0 && bailed > 0)
    return mk_reject(reason, reason_len,
                     "every team of P%d on the table is bailed out: it may move once a crew "
                     "remounts (a motivation test at the start of your turn)",
                     number);
  struct mk_move_rule rule;
  if (lead < 0 || !mk_move_allowance(g, side, -1, unit, &rule))
    return mk_reject(reason, reason_len, "P%d has no teams on the table", number);
  struct murk_pos start = s->teams[side][lead].pos;
  int rc0 = mk_move_pinned_refusal(g, side, unit, start, c->at, reason, reason_len);
  if (rc0 != MURK_OK) return rc0;
  struct mk_move_verdict v;
  uint64_t busy[MK_BUSY_WORDS];
  bool has_busy = false;
  int rc = judge(g, side, -1, unit, start, c, &rule, &v, reason, reason_len, busy, &has_busy);
  if (rc != MURK_OK) return rc;
  struct path p = {v.path, v.cells};
  int allow = v.allow;
  if (v.why == MK_MOVE_TOO_FAR) {
    char len[32];
    mk_cells_text(g, allow, len, sizeof len);
    rc = mk_reject(reason, reason_len, "that is %d cells; P%d may move %d (%s)", p.n, number, allow,
                   len);
  }
  if (v.why == MK_MOVE_TAKEN) {
    char ds[16];
    murk_pos_format(c->at, ds, sizeof ds);
    rc = mk_reject(reason, reason_len, "%s is taken by another marker or team", ds);
  }
  if (rc != MURK_OK) {
    murk_free(p.cells);
    return rc;
  }
  /* From here until the teams are down nothing moves but this platoon's teams: where
   * anything might stand is found once and each team put down adds its cell (a lifted
   * team's old cell stays in: more than stands there is fine), so the look-ups below skip
   * the roster for every cell outside it: the judgement above made it (mk_busy_cells). */
  const uint64_t* kb = has_busy ? busy : NULL;
  char handle[16];
  mk_format(handle, sizeof handle, "P%d", number);
  int moved = p.n;
  bool flash = mk_night_flashing(g, side, unit);
  /* ASL night rules E1.53: at night the movement roll first; a strayer goes half as far. */
  int jitter = 0;
  /* Whether the enemy sees the start cell: asked once, as nothing of the enemy's moves or
   * changes its sight during this move (only this platoon's teams and what is known). */
  /* The enemy's union of sight, kept for the questions of this move (its units and
   * markers stand still; a contact changes only what is known). */
  struct mk_sight_memo memo = {0};
  enum murk_audience start_aud = mk_sight_audience_memo(g, side, start, start, flash, &memo);
  enum murk_audience raud = start_aud;
  if (raud != MURK_AUD_ALL && mk_sight_unit_seen_memo(g, murk_side_other(side), unit, &memo))
    raud = MURK_AUD_ALL;
  bool rsplit = g->s.phase == MURK_PHASE_PLAY &&
                mk_sight_range(g, murk_side_other(side)) < MURK_SIGHT_UNLIMITED;
  if (mk_night_strays(g, side, handle, raud, rsplit, unit, p.cells, p.n, &jitter) &&
      !stray_contact(g, side, handle, -1, unit, &p, raud, rsplit)) {
    /* To the last cell the side knows free (as a template, above). */
    moved = p.n / 2;
    while (moved > 0 && !known_free_for_unit(g, side, u, p.cells[moved - 1], kb)) moved--;
  }
  int hit = first_hidden_enemy(g, side, &p, moved, kb); /* Hidden contact */
  if (hit >= 0) {
    moved = hit;
    while (moved > 0 && !free_for_unit(g, side, u, p.cells[moved - 1], kb)) moved--;
  }
  int fd = first_difficult(g, &p);
  bool bogged = false;
  if (fd >= 0 && fd < moved && vehicle &&
      bog_check(g, handle, false,
                mk_sight_audience_memo(g, side, start, p.cells[fd], flash, &memo))) {
    bogged = true;
    u->bogged = true;
    moved = fd + 1;
    while (moved > 0 && !free_for_unit(g, side, u, p.cells[moved - 1], kb)) moved--;
  }
  struct murk_pos end = moved > 0 ? p.cells[moved - 1] : start;
  struct murk_pos met = hit >= 0 ? p.cells[hit] : start;
  murk_free(p.cells);

  /* Lift the platoon, put the first team down, then the others where their old offset
   * puts them if that cell is free and within command distance, else the nearest free. */
  struct murk_axial a0 = murk_geom_to_axial(grid, start);
  struct murk_axial a1 = murk_geom_to_axial(grid, end);
  struct murk_pos old[MURK_MISSION_MAX_GROUPS * MURK_MISSION_MAX_TEAMS];
  int idx[MURK_MISSION_MAX_GROUPS * MURK_MISSION_MAX_TEAMS];
  int nt = 0;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
    struct mk_team* tm = &s->teams[side][t];
    if (!tm->alive || !tm->placed || tm->bailed) continue;
    old[nt] = tm->pos;
    idx[nt++] = t;
    tm->placed = false;
  }
  int cmd = mk_unit_platoon(g, side, unit)->command_distance;
  if (cmd < 1) cmd = 1;
  s->teams[side][lead].pos = end;
  s->teams[side][lead].placed = true;
  if (kb) mk_busy_add(g, busy, end);
  for (int i = 0; i < nt; i++) {
    if (idx[i] == lead) continue;
    struct murk_axial a = murk_geom_to_axial(grid, old[i]);
    a.q += a1.q - a0.q;
    a.r += a1.r - a0.r;
    struct murk_pos want = murk_geom_from_axial(grid, a);
    struct murk_pos got = want;
    if (!(cell_ok(g, side, want, NULL, kb) && murk_geom_distance(grid, want, end) <= cmd) &&
        !nearest_free(g, side, end, NULL, kb, &got))
      continue; /* the table is full: the team stays off it */
    /* An enemy it did not know of there: a contact, then the nearest cell free as far as
     * the side now knows (docs/rules.md, "Hidden contact"). */
    bool full = false;
    while (!full && !g->oom && enemy_met(g, side, unit, end, got, kb))
      full = !nearest_free(g, side, end, NULL, kb, &got);
    if (full) continue;
    s->teams[side][idx[i]].pos = got;
    s->teams[side][idx[i]].placed = true;
    if (kb) mk_busy_add(g, busy, got);
  }
  u->moved = true;
  u->fresh = false; /* gone from where it was revealed: no independent joins it now */
  char from[16], to[16];
  murk_pos_format(start, from, sizeof from);
  murk_pos_format(end, to, sizeof to);
  /* The enemy hears of it where it saw the platoon start or sees one of its teams now. */
  enum murk_audience aud = start_aud;
  if (aud != MURK_AUD_ALL && mk_sight_unit_seen_memo(g, murk_side_other(side), unit, &memo))
    aud = MURK_AUD_ALL;
  if (bogged) {
    char ds[16]; /* where it was ordered: told only when it bogs */
    murk_pos_format(c->at, ds, sizeof ds);
    mk_emit(g, MURK_EV_MOVE, aud, side,
            "%s %s moves %s -> %s (%d cell%s) and bogs down there (ordered to %s)",
            murk_side_name(side), handle, from, to, moved, mk_plural(moved), ds);
  } else {
    mk_emit(g, MURK_EV_MOVE, aud, side, "%s %s moves %s -> %s (%d cell%s)", murk_side_name(side),
            handle, from, to, moved, mk_plural(moved));
  }
  mk_event_facts(g, number, &start, &end);
  /* Out of sight of the enemy in play, the mover's copy says nothing of who saw it. */
  if (g->s.phase == MURK_PHASE_PLAY &&
      mk_sight_range(g, murk_side_other(side)) < MURK_SIGHT_UNLIMITED)
    mk_event_split(g, side);
  if (hit >= 0) mk_hidden_contact(g, side, handle, end, met);
  if (jitter > 0) jitter_fire(g, side, -1, unit, end, jitter); /* ASL night rules E1.55 */
  return MURK_OK;
}

int mk_fog_not_on_table(const struct murk_game* g, enum murk_side side, int unit, char* reason,
                        size_t reason_len) {
  const struct mk_unit_state* u = &g->s.units[side][unit];
  const char* name = mk_unit_platoon(g, side, unit)->name;
  switch (u->state) {
    case MURK_PLATOON_RESERVE:
      return mk_reject(reason, reason_len, "platoon %d (%s) is in reserve", unit + 1, name);
    case MURK_PLATOON_DESTROYED:
      return mk_reject(reason, reason_len, "platoon %d (%s) is destroyed", unit + 1, name);
    default:
      break;
  }
  return mk_reject(reason, reason_len, "platoon %d (%s) is not on the table", unit + 1, name);
}

/* A revealed platoon moves at its slowest team's pace; under Limited Intelligence
 * what it then sees is spotted. */
int mk_fog_move_platoon(struct murk_game* g, enum murk_side side, int mi, int unit,
                        const struct murk_command* c, char* reason, size_t reason_len) {
  (void)mi;
  int rc = move_platoon(g, side, unit, c, reason, reason_len);
  if (rc == MURK_OK && mk_intel_on(g)) rc = mk_intel_after_platoon_move(g, side, unit);
  return rc;
}

/* ---- revealing ---- */

/* Luneville, Revealing platoons: independent teams and warriors not deployed at the start
 * are revealed with a platoon of their force: the owner says which (`reveal I at Pn`), and
 * the first team goes on the free cell nearest to that platoon's first team. */
static int reveal_independent(struct murk_game* g, enum murk_side side, int k, int host_number,
                              char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  int host = -1;
  for (int i = 0; i < s->nunits[side] && host < 0; i++)
    if (s->units[side][i].state == MURK_PLATOON_REVEALED && s->units[side][i].marker == host_number)
      host = i;
  if (host < 0)
    return mk_reject(reason, reason_len,
                     "P%d is none of your revealed platoons: an independent comes on with one",
                     host_number);
  const struct mk_unit_state* h = &s->units[side][host];
  /* "revealed with any platoon": as that platoon is revealed, where it was revealed; murk
   * lets the owner say so until the platoon moves or the owner's next turn is over, since a
   * platoon the enemy spots is revealed in the enemy's turn. */
  if (!h->fresh)
    return mk_reject(reason, reason_len,
                     "P%d was revealed before: an independent comes on with a platoon as it is "
                     "revealed (until it moves or your turn ends)",
                     host_number);
  struct murk_pos anchor = {0, 0};
  bool have = false;
  for (int t = h->first_team; t < h->first_team + h->nteams && !have; t++)
    if (s->teams[side][t].alive && s->teams[side][t].placed) {
      anchor = s->teams[side][t].pos;
      have = true;
    }
  struct murk_pos centre;
  if (!have || !nearest_free(g, side, anchor, NULL, NULL, &centre))
    return mk_reject(reason, reason_len, "there is no room next to P%d", host_number);
  struct mk_unit_state* u = &s->units[side][k];
  const struct murk_platoon* pl = mk_unit_platoon(g, side, k);
  int mi = mk_marker_new(g, side, k, centre);
  if (mi < 0) return mk_reject(reason, reason_len, "no more markers fit on this table");
  mk_mark_irreversible(g);
  s->markers[mi].revealed = true;
  u->marker = s->markers[mi].number;
  u->state = MURK_PLATOON_REVEALED;
  mk_emit(g, MURK_EV_REVEAL, MURK_AUD_ALL, side, "%s P%d comes on with P%d: %s (%s, %d team%s)",
          murk_side_name(side), u->marker, h->marker, pl->name, pl->type, mk_unit_alive(s, side, k),
          mk_plural(mk_unit_alive(s, side, k)));
  mk_event_facts(g, u->marker, NULL, &centre);
  mk_fog_place_teams(g, side, k, centre, NULL, NULL);
  return MURK_OK;
}

bool mk_fog_reveal_cell_rule(int d_first, int cmd, int d_enemy, int d_enemy_first) {
  return d_first >= 1 && d_first <= cmd && (d_enemy_first == INT_MAX || d_enemy > d_enemy_first);
}

/* A template or a cloaking counter: revealed by mk_fog_reveal_marker (a wing is not). */
static bool fog_on_for_cells(const struct murk_game* g, int mi) {
  return g->s.markers[mi].kind != MURK_MARKER_WING;
}

/* The owner's cells for a template's other teams (`reveal N via X,Y ...`), judged by what
 * it knows: on the table, passable, free as far as it knows, within command distance of the
 * template's centre and farther from the nearest known enemy than the centre (Luneville,
 * Revealing platoons, last paragraph). */
static int check_reveal_cells(const struct murk_game* g, enum murk_side side, int unit,
                              struct murk_pos centre, const struct murk_command* c, char* reason,
                              size_t reason_len) {
  const struct mk_state* s = &g->s;
  const struct murk_grid* grid = &g->m->grid;
  int cmd = mk_unit_platoon(g, side, unit)->command_distance;
  if (cmd < 1) cmd = 1;
  int others = mk_unit_alive(s, side, unit) - 1;
  if (c->nvia > others)
    return mk_reject(reason, reason_len, "platoon %d has %d other team%s: %d cells given", unit + 1,
                     others, mk_plural(others), c->nvia);
  int d_centre = mk_known_nearest(g, side, centre, NULL);
  for (int i = 0; i < c->nvia; i++) {
    struct murk_pos p = c->via[i];
    char ps[16], cs[32];
    murk_pos_format(p, ps, sizeof ps);
    if (!cell_ok(g, side, p, NULL, NULL) || murk_pos_eq(p, centre))
      return mk_reject(reason, reason_len, "a team cannot be placed at %s: %s", ps,
                       !murk_geom_on_table(grid, p) ? "off the table"
                       : !mk_cell_passable(g->m, p) ? "the ground is impassable"
                                                    : "it is taken");
    for (int j = 0; j < i; j++)
      if (murk_pos_eq(c->via[j], p))
        return mk_reject(reason, reason_len, "%s is given twice: one team a cell", ps);
    int d = murk_geom_distance(grid, centre, p);
    int d_enemy = mk_known_nearest(g, side, p, NULL);
    if (mk_fog_reveal_cell_rule(d, cmd, d_enemy, d_centre)) continue;
    if (d > cmd) {
      mk_cells_text(g, cmd, cs, sizeof cs);
      return mk_reject(reason, reason_len,
                       "%s is %d cells from the template's centre: teams go within command "
                       "distance, %s (%d cells)",
                       ps, d, cs, cmd);
    }
    return mk_reject(reason, reason_len,
                     "%s is no farther from the enemy you know of than the template's centre: "
                     "the other teams go farther away",
                     ps);
  }
  return MURK_OK;
}

/* The teams of a revealed platoon go down around the template's centre; those with no room
 * are told of. */
static void place_revealed(struct murk_game* g, enum murk_side side, int unit, struct murk_pos at,
                           const struct murk_pos* revealer) {
  int left = mk_fog_place_teams(g, side, unit, at, revealer, NULL);
  if (left > 0)
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side, "%d team%s of P%d find no room on the table", left,
            left == 1 ? "" : "s", g->s.units[side][unit].marker);
}

void mk_fog_reveal_marker(struct murk_game* g, int mi, const struct murk_pos* revealer) {
  struct mk_state* s = &g->s;
  struct mk_marker* mk = &s->markers[mi];
  if (mk->kind == MURK_MARKER_WING) { /* a Limited Intelligence wing: all of it (intel.c) */
    mk_intel_spotted(g, mi);
    return;
  }
  enum murk_side side = mk->owner;
  struct murk_pos at = mk->pos;
  char ps[16];
  murk_pos_format(at, ps, sizeof ps);
  mk_mark_irreversible(g);
  mk->on_table = false;
  mk->revealed = true;
  if (mk->unit < 0) {
    /* Luneville, Revealing platoons: a revealed dummy is simply taken off the table. */
    mk->bogged = false;
    mk_emit(g, MURK_EV_REVEAL, MURK_AUD_ALL, side, "%s T%d at %s was a dummy and is removed",
            murk_side_name(side), mk->number, ps);
    mk_event_facts(g, mk->number, &at, NULL);
    return;
  }
  struct mk_unit_state* u = &s->units[side][mk->unit];
  const struct murk_platoon* pl = mk_unit_platoon(g, side, mk->unit);
  u->state = MURK_PLATOON_REVEALED;
  u->fresh = true; /* independents may come on with it now (reveal_independent) */
  u->bogged = mk->bogged;
  u->moved = mk->moved;
  mk->bogged = false;
  mk_emit(g, MURK_EV_REVEAL, MURK_AUD_ALL, side, "%s T%d at %s revealed: %s (%s, %d team%s)",
          murk_side_name(side), mk->number, ps, pl->name, pl->type,
          mk_unit_alive(s, side, mk->unit), mk_plural(mk_unit_alive(s, side, mk->unit)));
  mk_event_facts(g, mk->number, &at, NULL);
  if (revealer && mk_unit_alive(s, side, mk->unit) > 0) {
    /* Luneville, Revealing platoons: the text says how a revealed platoon's teams go, not
     * who puts them down; murk lets the owner, whoever revealed it. The spotting side's step
     * waits for its `place` (mk_fog_place). */
    u->placing = true;
    u->place_at = at;
    u->place_from = *revealer;
    s->nplacing++;
    return;
  }
  place_revealed(g, side, mk->unit, at, revealer);
}

enum murk_side mk_fog_placing(const struct murk_game* g) {
  const struct mk_state* s = &g->s;
  if (s->nplacing <= 0) return MURK_NO_SIDE;
  for (int sd = 0; sd < MURK_SIDES; sd++)
    for (int k = 0; k < s->nunits[sd]; k++)
      if (s->units[sd][k].placing) return (enum murk_side)sd;
  return MURK_NO_SIDE;
}

int mk_fog_placing_unit(const struct murk_game* g, enum murk_side side) {
  const struct mk_state* s = &g->s;
  if (s->nplacing <= 0 || side == MURK_NO_SIDE) return -1;
  for (int k = 0; k < s->nunits[side]; k++)
    if (s->units[side][k].placing) return k;
  return -1;
}

int mk_fog_place_ready(const struct murk_game* g, enum murk_side side, char* reason,
                       size_t reason_len) {
  if (mk_fog_placing_unit(g, side) >= 0) return MURK_OK;
  return mk_reject(reason, reason_len,
                   "you place a platoon's teams when the enemy's spotting has revealed it");
}

int mk_fog_place(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                 const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  int unit = a->unit;
  struct mk_unit_state* u = unit >= 0 ? &s->units[side][unit] : NULL;
  if (!u || !u->placing) {
    int due = mk_fog_placing_unit(g, side);
    return mk_reject(reason, reason_len,
                     "that platoon waits for no placing: P%d does (place P%d [via X,Y ...])",
                     s->units[side][due].marker, s->units[side][due].marker);
  }
  if (c->nvia > 0) {
    int rc = check_reveal_cells(g, side, unit, u->place_at, c, reason, reason_len);
    if (rc != MURK_OK) return rc;
    for (int i = 0; i < c->nvia; i++) s->reveal_want[i] = c->via[i];
    s->nreveal_want = c->nvia;
  }
  u->placing = false;
  s->nplacing--;
  struct murk_pos from = u->place_from;
  mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side, "%s places the teams of P%d", murk_side_name(side),
          u->marker);
  place_revealed(g, side, unit, u->place_at, &from);
  s->nreveal_want = 0;
  if (s->nplacing == 0)
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, s->to_act,
            "hand-over back to the %s: its %s step goes on", murk_side_name(s->to_act),
            murk_step_name(s->step));
  return MURK_OK;
}

int mk_fog_reveal_independent(struct murk_game* g, enum murk_side side,
                              const struct murk_command* c, const struct mk_cmd_args* a,
                              char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  int unit = a->unit;
  const struct murk_platoon* pl = unit >= 0 ? mk_unit_platoon(g, side, unit) : NULL;
  if (!pl || !(pl->flags & (MURK_PF(INDEPENDENT) | MURK_PF(WARRIOR))) ||
      s->units[side][unit].state != MURK_PLATOON_WAITING)
    return mk_reject(reason, reason_len,
                     "only an independent or warrior team waiting off the table comes on "
                     "with another platoon (reveal N at Pn)");
  if (c->nvia > 0)
    return mk_reject(reason, reason_len,
                     "an independent's teams are placed around its first team: give no cells");
  return reveal_independent(g, side, unit, c->target.n, reason, reason_len);
}

int mk_fog_reveal_want(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                       const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  int unit = a->unit;
  if (unit < 0 || a->marker < 0 || s->units[side][unit].state != MURK_PLATOON_HIDDEN ||
      !fog_on_for_cells(g, a->marker))
    return mk_reject(reason, reason_len,
                     "cells are given only for the other teams of a platoon under a template");
  int rc = check_reveal_cells(g, side, unit, s->markers[a->marker].pos, c, reason, reason_len);
  if (rc != MURK_OK) return rc;
  for (int i = 0; i < c->nvia; i++) s->reveal_want[i] = c->via[i];
  s->nreveal_want = c->nvia;
  return MURK_OK;
}

/* The nearest marker or team of `side` within range of p with a line of sight to it (first
 * in marker order, then team order, on a tie). Spotting needs sight as well as range
 * (docs/rules.md, "Revealing"). A template standing for nothing never spots (Flames of War,
 * Luneville mission rules, "Revealing platoons": players reveal enemies with their
 * platoons; dummies are murk's own variant, docs/rules.md). A Limited Intelligence dummy
 * leader spots as a wing's does (27.1.6: every counter spots), or a spot that found
 * nothing near it would tell the enemy what it is. */
static bool spotter(const struct murk_game* g, enum murk_side side, struct murk_pos p, int range,
                    struct murk_pos* at) {
  const struct mk_state* s = &g->s;
  const struct murk_grid* grid = &g->m->grid;
  int best = INT_MAX;
  for (int i = 0; i < s->nmarkers; i++) {
    const struct mk_marker* mk = &s->markers[i];
    if (!mk->on_table || mk->owner != side) continue;
    if (mk->unit < 0 && mk->kind != MURK_MARKER_WING) continue;
    int d = murk_geom_distance(grid, mk->pos, p);
    if (d <= range && d < best && mk_sight_los(g, mk->pos, p)) {
      best = d;
      *at = mk->pos;
    }
  }
  for (int t = 0; t < s->nteams[side]; t++) {
    const struct mk_team* tm = &s->teams[side][t];
    if (!tm->alive || !tm->placed) continue;
    int d = murk_geom_distance(grid, tm->pos, p);
    if (d <= range && d < best && mk_sight_los(g, tm->pos, p)) {
      best = d;
      *at = tm->pos;
    }
  }
  return best != INT_MAX;
}

/* Luneville, Revealing platoons, second point: at the start of the Shooting step a side may
 * roll on the visibility table once; every enemy template within the range rolled (never
 * beyond the cap) of any of its markers or teams is revealed. */
int mk_fog_spot_ready(const struct murk_game* g, enum murk_side side, char* reason,
                      size_t reason_len) {
  (void)side;
  const struct mk_state* s = &g->s;
  if (g->m->visibility.nrows == 0)
    return mk_reject(reason, reason_len, "this mission has no visibility table");
  if (s->spotted) return mk_reject(reason, reason_len, "you have already tried to spot this step");
  if (s->fired)
    return mk_reject(reason, reason_len, "spotting comes before any shooting in the step");
  return MURK_OK;
}

int mk_fog_spot(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  (void)c;
  (void)a;
  (void)reason;
  (void)reason_len;
  struct mk_state* s = &g->s;
  const struct murk_mission* m = g->m;
  char purpose[MURK_ROLL_PURPOSE];
  mk_format(purpose, sizeof purpose, "%s spots: visibility", murk_side_name(side));
  int total = murk_roll(g, &m->visibility.die, purpose, MURK_AUD_ALL, NULL);
  int range = 0;
  for (int i = 0; i < m->visibility.nrows; i++)
    if (total >= m->visibility.rows[i].lo && total <= m->visibility.rows[i].hi)
      range = m->visibility.rows[i].range;
  int cap = murk_mission_param(m, MURK_P_FOW_SPOT_CAP);
  bool capped = range > cap;
  if (capped) range = cap;
  /* At night under the ASL night rules no spotting reaches beyond the Night Visibility
   * Range: a side sees no farther (murk's reading where the two texts meet). */
  int nvr = mk_night_nvr(g);
  bool dark = nvr >= 0 && range > nvr;
  if (dark) range = nvr;
  s->spotted = true;
  s->visibility = range;
  char len[32];
  mk_cells_text(g, range, len, sizeof len);
  mk_event_append(g, ": %s (%d cells)%s", len, range,
                  dark     ? ", the Night Visibility Range"
                  : capped ? ", the most spotting can reach"
                           : "");
  /* Markers are revealed in marker order; each is measured from the spotting side as it
   * stands when spotting began (the spotting side does not change while it spots). */
  enum murk_side enemy = murk_side_other(side);
  int found = 0;
  for (int i = 0; i < s->nmarkers; i++) {
    const struct mk_marker* mk = &s->markers[i];
    if (!mk->on_table || mk->owner != enemy || mk->revealed) continue;
    struct murk_pos from;
    if (!spotter(g, side, mk->pos, range, &from)) continue;
    found++;
    mk_fog_reveal_marker(g, i, &from);
  }
  if (found == 0)
    mk_emit(g, MURK_EV_SPOT, MURK_AUD_ALL, side, "%s spots nothing within %s", murk_side_name(side),
            len);
  else
    mk_emit(g, MURK_EV_SPOT, MURK_AUD_ALL, side, "%s spots %d marker%s within %s",
            murk_side_name(side), found, found == 1 ? "" : "s", len);
  if (s->nplacing > 0)
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, enemy,
            "hand-over to the %s: it places the teams of the platoon%s revealed (place Pn)",
            murk_side_name(enemy), mk_plural(s->nplacing));
  return MURK_OK;
}

void mk_fog_unbog(struct murk_game* g, enum murk_side side) {
  struct mk_state* s = &g->s;
  char handle[16];
  for (int i = 0; i < s->nmarkers; i++) {
    struct mk_marker* mk = &s->markers[i];
    if (mk->owner != side || !mk->on_table || !mk->bogged) continue;
    mk_format(handle, sizeof handle, "T%d", mk->number);
    if (!bog_check(g, handle, true, MURK_AUD_ALL)) {
      mk->bogged = false;
      mk_emit(g, MURK_EV_BOG, MURK_AUD_ALL, side, "%s %s is no longer bogged", murk_side_name(side),
              handle);
      mk_event_facts(g, mk->number, &mk->pos, NULL);
    }
  }
  for (int k = 0; k < s->nunits[side]; k++) {
    struct mk_unit_state* u = &s->units[side][k];
    if (u->state != MURK_PLATOON_REVEALED || !u->bogged) continue;
    mk_format(handle, sizeof handle, "P%d", u->marker);
    enum murk_audience aud = mk_sight_unit_audience(g, side, k); /* sight.c: the table */
    if (!bog_check(g, handle, true, aud)) {
      u->bogged = false;
      mk_emit(g, MURK_EV_BOG, aud, side, "%s %s is no longer bogged", murk_side_name(side), handle);
      mk_event_facts(g, u->marker, NULL, NULL);
    }
  }
}
