/* board.c: the look-ups over a game's state that every rule module shares (board.h): forces,
 * units and teams, what stands on a cell, what a side knows to be there, hidden contact, the
 * references of a command resolved as the side sees them, and small text helpers. Below
 * every rule module: it calls only into event.c and the state. */
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "event.h"
#include "murk/error.h"
#include "murk/sight.h"
#include "state.h"

int mk_reject(char* reason, size_t reason_len, const char* fmt, ...) {
  if (reason && reason_len) {
    va_list ap;
    va_start(ap, fmt);
    mk_vformat(reason, reason_len, fmt, ap); /* the bytes of vsnprintf, faster */
    va_end(ap);
  }
  return MURK_EREJECTED;
}

const char* mk_plural(int n) {
  return n == 1 ? "" : "s";
}

int mk_cells_text(const struct murk_game* g, int cells, char* buf, size_t n) {
  struct murk_length scale = g->m->scale;
  if (scale.unit == MURK_UNIT_HEX || scale.value <= 0)
    return snprintf(buf, n, "%d cell%s", cells, cells == 1 ? "" : "s");
  struct murk_length len = {scale.value * cells, scale.unit};
  return murk_length_format(len, buf, n);
}

int mk_cells_sat(int64_t n) {
  if (n < 0) return 0;
  return n > MURK_SIGHT_UNLIMITED ? MURK_SIGHT_UNLIMITED : (int)n;
}

int mk_inches_cells(const struct murk_game* g, int64_t inches) {
  if (inches <= 0) return 0;
  /* Past the farthest sight there is, more inches change nothing (a scatter
   * beyond the loader's longest length used to become 0 cells). */
  if (inches > MURK_SIGHT_UNLIMITED) inches = MURK_SIGHT_UNLIMITED;
  struct murk_length len = {inches * 100, MURK_UNIT_IN};
  int cells = murk_length_to_cells(len, g->m->scale, MURK_ROUND_DOWN);
  return cells < 0 ? MURK_SIGHT_UNLIMITED : mk_cells_sat(cells);
}

const struct murk_force* murk_force(const struct murk_game* g, enum murk_side side) {
  return &g->m->sides[g->s.force_of[side]].force;
}

const struct murk_force* murk_game_force(const struct murk_game* g, enum murk_side side) {
  if (!g || (side != MURK_ATTACKER && side != MURK_DEFENDER)) return NULL;
  return murk_force(g, side);
}

const struct murk_platoon* mk_unit_platoon(const struct murk_game* g, enum murk_side side,
                                           int unit) {
  return &murk_force(g, side)->platoons[unit];
}

const struct murk_profile* mk_team_profile(const struct murk_game* g, enum murk_side side,
                                           int team) {
  return &murk_force(g, side)->profiles[g->s.teams[side][team].profile];
}

const unsigned char* mk_map(const struct murk_game* g) {
  return g->map ? g->map : g->m->map;
}

const struct murk_terrain* mk_terrain_at(const struct murk_game* g, struct murk_pos p) {
  if (!g->map) return murk_mission_terrain_at(g->m, p);
  if (!murk_geom_on_table(&g->m->grid, p)) return NULL;
  int i = g->map[(size_t)p.y * (size_t)g->m->grid.width + (size_t)p.x];
  return i < g->m->nterrain ? &g->m->terrain[i] : NULL;
}

bool mk_cell_passable(const struct murk_mission* m, struct murk_pos p) {
  const struct murk_terrain* t = murk_mission_terrain_at(m, p);
  if (!t) return false;
  return t->cls != MURK_TERRAIN_IMPASSABLE && t->cls != MURK_TERRAIN_WATER;
}

/* The searches by cell below test the cell first: it fails for nearly every marker and
 * team, and alone. */
int mk_marker_index_at(const struct mk_state* s, struct murk_pos p) {
  for (int i = 0; i < s->nmarkers; i++)
    if (murk_pos_eq(s->markers[i].pos, p) && s->markers[i].on_table) return i;
  return -1;
}

int mk_marker_index(const struct mk_state* s, int number) {
  for (int i = 0; i < s->nmarkers; i++)
    if (s->markers[i].number == number) return i;
  return -1;
}

bool mk_team_at(const struct mk_state* s, struct murk_pos p, enum murk_side* side, int* team) {
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    for (int t = 0; t < s->nteams[sd]; t++) {
      const struct mk_team* tm = &s->teams[sd][t];
      if (murk_pos_eq(tm->pos, p) && tm->alive && tm->placed) {
        if (side) *side = (enum murk_side)sd;
        if (team) *team = t;
        return true;
      }
    }
  }
  return false;
}

bool mk_cell_free(const struct mk_state* s, struct murk_pos p) {
  return mk_marker_index_at(s, p) < 0 && !mk_team_at(s, p, NULL, NULL);
}

/* Set p's bit when it is on a table of w x h cells (murk_geom_on_table's test, with the
 * sizes held by the caller: mk_busy_cells' loops run at every move judged). A cell off the
 * table is never asked of: mk_busy_at says busy there. */
static inline void busy_set(uint64_t* busy, struct murk_pos p, unsigned w, unsigned h) {
  if ((unsigned)p.x >= w || (unsigned)p.y >= h) return;
  size_t bit = (size_t)p.y * w + (size_t)p.x;
  busy[bit / 64] |= (uint64_t)1 << (bit % 64);
}

bool mk_busy_cells(const struct murk_game* g, enum murk_side side, uint64_t busy[MK_BUSY_WORDS]) {
  const struct mk_state* s = &g->s;
  const struct murk_grid* grid = &g->m->grid;
  size_t cells = (size_t)grid->width * (size_t)grid->height;
  if (cells > MK_BUSY_CELLS || grid->width < 0 || grid->height < 0) return false;
  const unsigned w = (unsigned)grid->width, h = (unsigned)grid->height;
  memset(busy, 0, (cells + 63) / 64 * sizeof *busy);
  for (int i = 0; i < s->nmarkers; i++)
    if (s->markers[i].on_table) busy_set(busy, s->markers[i].pos, w, h);
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    const struct mk_team* tm = s->teams[sd];
    for (int t = 0; t < s->nteams[sd]; t++)
      if (tm[t].alive && tm[t].placed) busy_set(busy, tm[t].pos, w, h);
  }
  if (side != MURK_ATTACKER && side != MURK_DEFENDER) return true; /* it knows of no enemy */
  /* Every sighting it keeps, whatever became of the thing: more than it knows is fine. */
  const struct mk_sighting* k = s->seen_marker[side];
  for (int i = 0; i < s->nmarkers; i++)
    if (k[i].known) busy_set(busy, k[i].pos, w, h);
  k = s->seen_team[side];
  for (int t = 0; t < s->nteams[murk_side_other(side)]; t++)
    if (k[t].known) busy_set(busy, k[t].pos, w, h);
  return true;
}

void mk_busy_add(const struct murk_game* g, uint64_t* busy, struct murk_pos p) {
  const struct murk_grid* grid = &g->m->grid;
  if (grid->width < 0 || grid->height < 0) return;
  busy_set(busy, p, (unsigned)grid->width, (unsigned)grid->height);
}

bool mk_busy_at(const struct murk_game* g, const uint64_t* busy, struct murk_pos p) {
  const struct murk_grid* grid = &g->m->grid;
  if (!murk_geom_on_table(grid, p)) return true;
  size_t bit = (size_t)p.y * (size_t)grid->width + (size_t)p.x;
  return (busy[bit / 64] >> (bit % 64)) & 1;
}

int mk_unit_alive(const struct mk_state* s, enum murk_side side, int unit) {
  const struct mk_unit_state* u = &s->units[side][unit];
  int n = 0;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++)
    if (s->teams[side][t].alive) n++;
  return n;
}

bool mk_next_on_table(const struct mk_state* s, enum murk_side side, int* i, struct murk_pos* at) {
  for (; *i < s->nmarkers + s->nteams[side]; ++*i) {
    if (*i < s->nmarkers) {
      const struct mk_marker* mk = &s->markers[*i];
      if (!mk->on_table || mk->owner != side) continue;
      *at = mk->pos;
    } else {
      const struct mk_team* tm = &s->teams[side][*i - s->nmarkers];
      if (!tm->alive || !tm->placed) continue;
      *at = tm->pos;
    }
    ++*i;
    return true;
  }
  return false;
}

int mk_nearest_of_side(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                       struct murk_pos* at) {
  int best = INT_MAX;
  struct murk_pos q;
  for (int i = 0; mk_next_on_table(&g->s, side, &i, &q);) {
    int d = murk_geom_distance(&g->m->grid, p, q);
    if (d < best) {
      best = d;
      if (at) *at = q;
    }
  }
  return best;
}

bool mk_known_enemy_at(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                       int* marker, int* team) {
  const struct mk_state* s = &g->s;
  enum murk_side enemy = murk_side_other(side);
  if (side != MURK_ATTACKER && side != MURK_DEFENDER) return false;
  for (int i = 0; i < s->nmarkers; i++) {
    const struct mk_sighting* k = &s->seen_marker[side][i];
    if (!murk_pos_eq(k->pos, p)) continue;
    if (s->markers[i].owner != enemy || !s->markers[i].on_table || !k->known) continue;
    if (marker) *marker = i;
    if (team) *team = -1;
    return true;
  }
  for (int t = 0; t < s->nteams[enemy]; t++) {
    const struct mk_sighting* k = &s->seen_team[side][t];
    const struct mk_team* tm = &s->teams[enemy][t];
    if (!murk_pos_eq(k->pos, p) || !tm->alive || !tm->placed || !k->known) continue;
    if (marker) *marker = -1;
    if (team) *team = t;
    return true;
  }
  return false;
}

bool mk_cell_known_free(const struct murk_game* g, enum murk_side side, struct murk_pos p) {
  const struct mk_state* s = &g->s;
  int mi = mk_marker_index_at(s, p);
  if (mi >= 0 && s->markers[mi].owner == side) return false;
  enum murk_side ts;
  for (int t = 0; t < s->nteams[side]; t++) {
    const struct mk_team* tm = &s->teams[side][t];
    if (murk_pos_eq(tm->pos, p) && tm->alive && tm->placed) return false;
  }
  (void)ts;
  return !mk_known_enemy_at(g, side, p, NULL, NULL);
}

int mk_known_nearest(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                     struct murk_pos* at) {
  const struct mk_state* s = &g->s;
  enum murk_side enemy = murk_side_other(side);
  int best = INT_MAX;
  if (side != MURK_ATTACKER && side != MURK_DEFENDER) return best;
  for (int i = 0; i < s->nmarkers; i++) {
    const struct mk_sighting* k = &s->seen_marker[side][i];
    if (s->markers[i].owner != enemy || !s->markers[i].on_table || !k->known) continue;
    int d = murk_geom_distance(&g->m->grid, p, k->pos);
    if (d < best) {
      best = d;
      if (at) *at = k->pos;
    }
  }
  for (int t = 0; t < s->nteams[enemy]; t++) {
    const struct mk_sighting* k = &s->seen_team[side][t];
    const struct mk_team* tm = &s->teams[enemy][t];
    if (!tm->alive || !tm->placed || !k->known) continue;
    int d = murk_geom_distance(&g->m->grid, p, k->pos);
    if (d < best) {
      best = d;
      if (at) *at = k->pos;
    }
  }
  return best;
}

/* Both sides know where the other's things at `own` and p stand (Luneville, Revealing
 * platoons: contact shows what is there; docs/rules.md, "Hidden contact"). */
static void contact_know(struct murk_game* g, enum murk_side viewer, struct murk_pos p) {
  struct mk_state* s = &g->s;
  enum murk_side owner = murk_side_other(viewer);
  int mi = mk_marker_index_at(s, p);
  if (mi >= 0 && s->markers[mi].owner == owner) {
    struct mk_sighting* k = &s->seen_marker[viewer][mi];
    k->known = true;
    k->pos = p;
    k->turn = s->turn;
  }
  enum murk_side ts;
  int t;
  if (mk_team_at(s, p, &ts, &t) && ts == owner) {
    struct mk_sighting* k = &s->seen_team[viewer][t];
    k->known = true;
    k->pos = p;
    k->turn = s->turn;
  }
}

void mk_hidden_contact(struct murk_game* g, enum murk_side side, const char* what,
                       struct murk_pos own, struct murk_pos p) {
  struct mk_state* s = &g->s;
  enum murk_side enemy = murk_side_other(side);
  char them[40], ps[16], os[16];
  snprintf(them, sizeof them, "a %s team", murk_side_name(enemy));
  int mi = mk_marker_index_at(s, p);
  enum murk_side ts;
  int t;
  if (mi >= 0 && s->markers[mi].owner == enemy) {
    snprintf(them, sizeof them, "%s T%d", murk_side_name(enemy), s->markers[mi].number);
  } else if (mk_team_at(s, p, &ts, &t) && ts == enemy) {
    for (int u = 0; u < s->nunits[enemy]; u++) {
      const struct mk_unit_state* us = &s->units[enemy][u];
      if (t >= us->first_team && t < us->first_team + us->nteams && us->marker > 0)
        snprintf(them, sizeof them, "a team of %s P%d", murk_side_name(enemy), us->marker);
    }
  }
  murk_pos_format(p, ps, sizeof ps);
  murk_pos_format(own, os, sizeof os);
  mk_emit(g, MURK_EV_SPOT, MURK_AUD_ALL, side, "contact: %s %s at %s runs into %s at %s",
          murk_side_name(side), what, os, them, ps);
  mk_event_facts(g, 0, &own, &p);
  contact_know(g, side, p);
  contact_know(g, enemy, own);
  mk_mark_irreversible(g);
}

void mk_event_split(struct murk_game* g, enum murk_side side) {
  const struct mk_event* e = mk_event_at(g, g->nevents - 1);
  /* On the texts' table (no double_blind) both sides see every move: one event for both. */
  if (!e || e->audience != MURK_AUD_ALL || !murk_mission_rule_on(g->m, MURK_RULE_DOUBLE_BLIND))
    return;
  mk_event_split_last(g, murk_audience_of(side), murk_audience_of(murk_side_other(side)));
}

int mk_marker_new(struct murk_game* g, enum murk_side owner, int unit, struct murk_pos p) {
  struct mk_state* s = &g->s;
  if (s->nmarkers >= MK_MAX_MARKERS) return -1;
  struct mk_marker* mk = &s->markers[s->nmarkers];
  memset(mk, 0, sizeof *mk);
  mk->number = s->next_marker_number++;
  mk->owner = owner;
  mk->unit = unit;
  mk->pos = p;
  return s->nmarkers++;
}

int mk_ref_own(const struct murk_game* g, enum murk_side side, struct murk_ref r, int* unit,
               int* marker, char* reason, size_t reason_len) {
  const struct mk_state* s = &g->s;
  switch (r.kind) {
    case MURK_REF_OWN: {
      if (r.n < 1 || r.n > s->nunits[side]) {
        if (s->nunits[side] == 0) return mk_reject(reason, reason_len, "you have no platoons");
        return mk_reject(reason, reason_len, "you have no platoon %d (your platoons are 1 to %d)",
                         r.n, s->nunits[side]);
      }
      *unit = r.n - 1;
      int num = s->units[side][r.n - 1].marker;
      *marker = num ? mk_marker_index(s, num) : -1;
      return MURK_OK;
    }
    case MURK_REF_MARKER:
    case MURK_REF_PLATOON: {
      char c = r.kind == MURK_REF_MARKER ? 'T' : 'P';
      int mi = mk_marker_index(s, r.n);
      if (mi < 0) return mk_reject(reason, reason_len, "no marker %c%d on your map", c, r.n);
      const struct mk_marker* mk = &s->markers[mi];
      if (mk->owner != side)
        return mk_reject(reason, reason_len, "%c%d is an enemy marker, not one of yours", c, r.n);
      if (mk->unit < 0 && !mk->on_table)
        return mk_reject(reason, reason_len, "T%d was a dummy and is gone", r.n);
      *unit = mk->unit;
      *marker = mi;
      return MURK_OK;
    }
    case MURK_REF_DUMMY:
      return mk_reject(reason, reason_len,
                       "name a platoon by its number (3) or its marker (T3), not 'dummy'");
    case MURK_REF_NONE:
      break;
  }
  return mk_reject(reason, reason_len, "which platoon? name it by its number or marker");
}

int mk_ref_enemy(const struct murk_game* g, enum murk_side side, struct murk_ref r, int* marker,
                 char* reason, size_t reason_len) {
  const struct mk_state* s = &g->s;
  if (r.kind != MURK_REF_MARKER && r.kind != MURK_REF_PLATOON)
    return mk_reject(reason, reason_len,
                     "name the enemy by the handle your map shows (T<n> or P<n>)");
  char c = r.kind == MURK_REF_MARKER ? 'T' : 'P';
  int mi = mk_marker_index(s, r.n);
  /* Every marker ever made is public (deployed in the open), so nothing leaks here. */
  if (mi < 0 || (!s->markers[mi].on_table && !s->markers[mi].revealed))
    return mk_reject(reason, reason_len, "no marker %c%d on your map", c, r.n);
  const struct mk_marker* mk = &s->markers[mi];
  if (mk->owner == side)
    return mk_reject(reason, reason_len, "%c%d is one of yours, not the enemy's", c, r.n);
  if (mk->revealed && mk->unit < 0)
    return mk_reject(reason, reason_len, "T%d was a dummy and is gone", r.n);
  /* A marker taken off the table for good (No Man's Land's patrol comes back under a new
   * one, in a public event) no longer stands for its platoon. */
  if (mk->unit >= 0 && s->units[mk->owner][mk->unit].marker != mk->number)
    return mk_reject(reason, reason_len, "%c%d was taken off the table", c, r.n);
  *marker = mi;
  return MURK_OK;
}
