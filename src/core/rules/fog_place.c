/* fog_place.c: placing a revealed platoon's teams (fog.h; Luneville, Revealing platoons):
 * the candidate cells around a centre, best first, made a ring at a time; the nearest free
 * cell; a hidden enemy met on a cell the side took for free. Below fog.c, which reveals
 * and moves platoons with them; our reading of what the text leaves open is in
 * docs/rules.md. */
#include <limits.h>
#include <string.h>

#include "board.h"
#include "event.h"
#include "fog.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "state.h"

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
bool mk_fog_cell_ok(const struct murk_game* g, enum murk_side side, struct murk_pos p,
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
      if (!mk_fog_cell_ok(g, l->side, ring[i], l->zone, l->busy)) continue;
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
bool mk_fog_enemy_met(struct murk_game* g, enum murk_side side, int unit, struct murk_pos from,
                      struct murk_pos p, const uint64_t* busy) {
  if (!stands_at(g, p, busy)) return false;
  char what[16];
  mk_format(what, sizeof what, "P%d", g->s.units[side][unit].marker);
  mk_hidden_contact(g, side, what, from, p);
  return true;
}

/* The nearest free passable cell to p (p included), or false if the table is full: the best
 * candidate within 1, 2, 4 ... cells, up to the table's size. */
bool mk_fog_nearest_free(struct murk_game* g, enum murk_side side, struct murk_pos p,
                         const struct murk_zone* zone, const uint64_t* busy, struct murk_pos* out) {
  if (mk_fog_cell_ok(g, side, p, zone, busy)) {
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
    if (!mk_fog_nearest_free(g, side, centre, zone, NULL, &first)) return nt;
  } while (mk_fog_enemy_met(g, side, unit, centre, first, NULL) && !g->oom);
  place_team(g, side, unit, teams[0], first);
  /* The owner's own cells first (`reveal N via ...`, judged by mk_fog_reveal on what it
   * knows); one that holds an enemy it did not know of is a contact, and that team is
   * placed by the rule below. */
  int k = 1;
  for (int i = 0; i < s->nreveal_want && k < nt && !g->oom; i++) {
    struct murk_pos p = s->reveal_want[i];
    if (!mk_fog_cell_ok(g, side, p, zone, NULL) || mk_fog_enemy_met(g, side, unit, first, p, NULL))
      continue;
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
    bool ok = !mk_fog_enemy_met(g, side, unit, first, p, cs.busy);
    for (int j = 0; !ok && j < cs.n && !g->oom; j++) {
      p = cs.cs[j].pos;
      bool later = false; /* chosen for a team still to come */
      for (int q = i + 1; q < got && !later; q++) later = murk_pos_eq(chosen[q], p);
      if (later || !mk_cell_known_free(g, side, p)) continue;
      ok = !mk_fog_enemy_met(g, side, unit, first, p, cs.busy);
    }
    if (!ok) continue;
    place_team(g, side, unit, teams[k + placed], p);
    placed++;
  }
  cands_free(&cs);
  murk_free(chosen);
  return need - placed;
}
