/* game.c: a game's life cycle, the command dispatcher, the command log and undo, and the
 * look-ups the other game modules share.
 *
 * apply() keeps a copy of the state, runs the command's handler and, if a rule says no,
 * restores the copy and drops the events the handler emitted: a rejected command changes
 * nothing, not even the generator. */
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "command_table.h"
#include "game_internal.h"
#include "intel.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/sight.h"
#include "night.h"
#include "reserves.h"

const char* murk_phase_name(enum murk_phase p) {
  static const char* const names[] = {
#define MK_PHASE_NAME(id, text) text,
      MURK_PHASE_LIST(MK_PHASE_NAME)
#undef MK_PHASE_NAME
  };
  if ((int)p < 0 || p >= MURK_PHASE_COUNT) return "?";
  return names[p];
}

const char* murk_step_name(enum murk_step s) {
  static const char* const names[] = {
#define MK_STEP_NAME(id, text) text,
      MURK_STEP_LIST(MK_STEP_NAME)
#undef MK_STEP_NAME
  };
  if ((int)s < 0 || s >= MURK_STEP_COUNT) return "?";
  return names[s];
}

const char* murk_platoon_state_name(enum murk_platoon_state s) {
  switch (s) {
    case MURK_PLATOON_WAITING:
      return "waiting";
    case MURK_PLATOON_RESERVE:
      return "in reserve";
    case MURK_PLATOON_HIDDEN:
      return "hidden";
    case MURK_PLATOON_REVEALED:
      return "revealed";
    case MURK_PLATOON_DESTROYED:
      return "destroyed";
    case MURK_PLATOON_WITHDRAWN:
      return "withdrawn";
  }
  return "?";
}

/* ---- shared helpers ---- */

int mk_reject(char* reason, size_t reason_len, const char* fmt, ...) {
  if (reason && reason_len) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(reason, reason_len, fmt, ap);
    va_end(ap);
  }
  return MURK_EREJECTED;
}

int mk_log_next(const struct murk_game* g) {
  return (int)g->nlog + (g->applying ? 1 : 0);
}

/* Why a command cannot be taken back (docs/rules.md, "Undo"): each reason is one the acting
 * side knows of, so whether undo is refused tells it nothing it cannot see. */
enum mk_final {
  FINAL_NONE = 0,
  FINAL_ROLL = 1,      /* a die was rolled or something revealed */
  FINAL_KNOWLEDGE = 2, /* a side now sees or remembers something it did not */
  FINAL_TABLE = 3,     /* in play, something moved, shot or showed on the table */
  FINAL_TOLD = 4,      /* the enemy was told of it (setup) */
};

void mk_mark_irreversible(struct murk_game* g) {
  g->s.last_irreversible = mk_log_next(g);
  g->s.final_why = FINAL_ROLL;
}

void mk_mark_step_start(struct murk_game* g) {
  g->s.step_start = mk_log_next(g);
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
  /* Past the farthest sight there is, more inches change nothing (issue 18: a scatter
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

bool mk_cell_passable(const struct murk_mission* m, struct murk_pos p) {
  const struct murk_terrain* t = murk_mission_terrain_at(m, p);
  if (!t) return false;
  return t->cls != MURK_TERRAIN_IMPASSABLE && t->cls != MURK_TERRAIN_WATER;
}

int mk_marker_index_at(const struct mk_state* s, struct murk_pos p) {
  for (int i = 0; i < s->nmarkers; i++)
    if (s->markers[i].on_table && murk_pos_eq(s->markers[i].pos, p)) return i;
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
      if (tm->alive && tm->placed && murk_pos_eq(tm->pos, p)) {
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

int mk_unit_alive(const struct mk_state* s, enum murk_side side, int unit) {
  const struct mk_unit_state* u = &s->units[side][unit];
  int n = 0;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++)
    if (s->teams[side][t].alive) n++;
  return n;
}

int mk_nearest_of_side(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                       struct murk_pos* at) {
  const struct mk_state* s = &g->s;
  int best = INT_MAX;
  for (int i = 0; i < s->nmarkers; i++) {
    const struct mk_marker* mk = &s->markers[i];
    if (!mk->on_table || mk->owner != side) continue;
    int d = murk_geom_distance(&g->m->grid, p, mk->pos);
    if (d < best) {
      best = d;
      if (at) *at = mk->pos;
    }
  }
  for (int t = 0; t < s->nteams[side]; t++) {
    const struct mk_team* tm = &s->teams[side][t];
    if (!tm->alive || !tm->placed) continue;
    int d = murk_geom_distance(&g->m->grid, p, tm->pos);
    if (d < best) {
      best = d;
      if (at) *at = tm->pos;
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
    if (s->markers[i].owner != enemy || !s->markers[i].on_table || !k->known) continue;
    if (!murk_pos_eq(k->pos, p)) continue;
    if (marker) *marker = i;
    if (team) *team = -1;
    return true;
  }
  for (int t = 0; t < s->nteams[enemy]; t++) {
    const struct mk_sighting* k = &s->seen_team[side][t];
    const struct mk_team* tm = &s->teams[enemy][t];
    if (!tm->alive || !tm->placed || !k->known || !murk_pos_eq(k->pos, p)) continue;
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
    if (tm->alive && tm->placed && murk_pos_eq(tm->pos, p)) return false;
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

/* Both sides know where the other's things at `own` and p stand (seed 000, Revealing
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
  struct murk_event* e = mk_last_event(g);
  if (!e || e->audience != MURK_AUD_ALL) return;
  struct murk_event copy = *e;
  e->audience = murk_audience_of(side);
  if (mk_emit(g, copy.kind, murk_audience_of(murk_side_other(side)), copy.side, "%s", copy.text) !=
      MURK_OK)
    return;
  struct murk_event* c = mk_last_event(g);
  int seq = c->seq;
  *c = copy;
  c->seq = seq;
  c->audience = murk_audience_of(murk_side_other(side));
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

int mk_handle(const struct murk_game* g, int marker, char* buf, size_t n) {
  const struct mk_marker* mk = &g->s.markers[marker];
  bool platoon = mk->revealed && mk->unit >= 0;
  return snprintf(buf, n, "%c%d", platoon ? 'P' : 'T', mk->number);
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
  *marker = mi;
  return MURK_OK;
}

/* ---- life cycle ---- */

static void free_logs(struct murk_game* g) {
  for (size_t i = 0; i < g->nlog; i++) murk_free(g->log[i]);
  murk_free(g->log);
  murk_free(g->log_side);
  murk_free(g->log_cmd);
  murk_free(g->events);
}

void murk_game_free(struct murk_game* g) {
  if (!g) return;
  free_logs(g);
  mk_sight_close(g);
  murk_free(g->saved);
  murk_free(g);
}

/* Limits of the fixed-size state a mission must fit in. */
static bool mission_fits(const struct murk_mission* m) {
  int markers = 0;
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    const struct murk_force* f = &m->sides[sd].force;
    if (f->nplatoons < 0 || f->nplatoons > MK_MAX_UNITS) return false;
    int teams = 0;
    for (int p = 0; p < f->nplatoons; p++) {
      const struct murk_platoon* pl = &f->platoons[p];
      for (int k = 0; k < pl->ngroups; k++) {
        if (pl->groups[k].profile < 0 || pl->groups[k].profile >= f->nprofiles) return false;
        if (pl->groups[k].count < 0) return false;
        teams += pl->groups[k].count;
      }
    }
    if (teams > MK_MAX_TEAMS_PER_SIDE) return false;
    markers += f->nplatoons + (f->dummies > 0 ? f->dummies : 0);
  }
  if (markers > MK_MAX_MARKERS) return false;
  int placed = m->nobjectives;
  for (int i = 0; i < m->nobjective_rules; i++) placed += m->objective_rules[i].count;
  return placed <= MK_MAX_PLACED_OBJECTIVES;
}

static int game_new(const struct murk_mission* m, uint64_t seed, const unsigned char* key,
                    struct murk_game** out) {
  if (out) *out = NULL;
  if (!m || !out || !m->map) return MURK_EINVAL;
  if (!mission_fits(m)) return MURK_EINVAL;
  struct murk_game* g = murk_calloc(1, sizeof *g);
  if (!g) return MURK_ENOMEM;
  g->saved = murk_malloc(sizeof *g->saved);
  if (!g->saved) {
    murk_free(g);
    return MURK_ENOMEM;
  }
  g->m = m;
  g->seed = seed;
  if (key) {
    g->keyed = true;
    memcpy(g->dice_key, key, MURK_DICE_KEY_BYTES);
  }
  int rc = mk_sight_open(g); /* the sight map, once per game (sight.c) */
  if (rc == MURK_OK) rc = mk_setup_begin(g);
  if (rc == MURK_OK) {
    mk_night_begin(g); /* seed 003, 1.11: the Base NVR before setup */
    mk_sight_update(g, 0);
  }
  if (rc == MURK_OK && g->oom) rc = MURK_ENOMEM;
  if (rc != MURK_OK) {
    murk_game_free(g);
    return rc;
  }
  *out = g;
  return MURK_OK;
}

int murk_game_new(const struct murk_mission* m, uint64_t seed, struct murk_game** out) {
  return game_new(m, seed, NULL, out);
}

int murk_game_new_keyed(const struct murk_mission* m, const unsigned char key[MURK_DICE_KEY_BYTES],
                        struct murk_game** out) {
  if (!key) {
    if (out) *out = NULL;
    return MURK_EINVAL;
  }
  return game_new(m, 0, key, out);
}

/* ---- commands ---- */

static int out_of_memory(char* reason, size_t reason_len) {
  mk_reject(reason, reason_len, "out of memory");
  return MURK_ENOMEM;
}

static int grow_log(struct murk_game* g) {
  if (g->nlog < g->cap_log) return MURK_OK;
  size_t cap = g->cap_log ? g->cap_log * 2 : 32;
  char** log = murk_realloc(g->log, cap * sizeof *log);
  if (!log) return MURK_ENOMEM;
  g->log = log;
  enum murk_side* sides = murk_realloc(g->log_side, cap * sizeof *sides);
  if (!sides) return MURK_ENOMEM;
  g->log_side = sides;
  struct murk_command* cmds = murk_realloc(g->log_cmd, cap * sizeof *cmds);
  if (!cmds) return MURK_ENOMEM;
  g->log_cmd = cmds;
  g->cap_log = cap;
  return MURK_OK;
}

/* ---- the copy that undoes a refused command ----
 *
 * The state is about 60 KB, mostly arrays sized for the largest mission (600 teams a side,
 * 128 markers) and filled from the front; a game uses a few percent of them, and copying all
 * of it for every try was the largest single cost of a headless game (docs/performance.md).
 * So the copy takes everything except the unused tails of five arrays: markers and what each
 * side knows of them (up to nmarkers), units (nunits), teams and what each side knows of them
 * (nteams). nunits and nteams are set once by setup and never change; nmarkers only grows, and
 * a new marker's slot is zero until then (the game starts zeroed and a refused command that
 * made one has it zeroed again below), so those tails hold nothing to restore. Anything added
 * to the state outside those five arrays is copied whole. */
#define STATE_END(f) (offsetof(struct mk_state, f) + sizeof(((struct mk_state*)0)->f))
_Static_assert(offsetof(struct mk_state, markers) < offsetof(struct mk_state, units) &&
                   STATE_END(units) <= offsetof(struct mk_state, teams) &&
                   STATE_END(teams) <= offsetof(struct mk_state, seen_marker) &&
                   STATE_END(seen_marker) <= offsetof(struct mk_state, seen_team),
               "state_copy() walks the state's big arrays in this order");

static void copy_bytes(struct mk_state* dst, const struct mk_state* src, size_t from, size_t to) {
  if (to > from) memcpy((char*)dst + from, (const char*)src + from, to - from);
}

/* dst = src, except the unused tails of the big arrays; `n` gives the counts to go by. */
static void state_copy(struct mk_state* dst, const struct mk_state* src, const struct mk_state* n) {
  int nm = n->nmarkers, nt = n->nteams[0] > n->nteams[1] ? n->nteams[0] : n->nteams[1];
  copy_bytes(dst, src, 0, offsetof(struct mk_state, markers));
  memcpy(dst->markers, src->markers, (size_t)nm * sizeof src->markers[0]);
  copy_bytes(dst, src, STATE_END(markers), offsetof(struct mk_state, units));
  for (int sd = 0; sd < MURK_SIDES; sd++)
    memcpy(dst->units[sd], src->units[sd], (size_t)n->nunits[sd] * sizeof src->units[sd][0]);
  copy_bytes(dst, src, STATE_END(units), offsetof(struct mk_state, teams));
  for (int sd = 0; sd < MURK_SIDES; sd++)
    memcpy(dst->teams[sd], src->teams[sd], (size_t)n->nteams[sd] * sizeof src->teams[sd][0]);
  copy_bytes(dst, src, STATE_END(teams), offsetof(struct mk_state, seen_marker));
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    memcpy(dst->seen_marker[sd], src->seen_marker[sd], (size_t)nm * sizeof src->seen_marker[sd][0]);
  }
  copy_bytes(dst, src, STATE_END(seen_marker), offsetof(struct mk_state, seen_team));
  /* seen_team[viewer] follows the enemy's teams: the larger count serves both. */
  for (int sd = 0; sd < MURK_SIDES; sd++)
    memcpy(dst->seen_team[sd], src->seen_team[sd], (size_t)nt * sizeof src->seen_team[sd][0]);
  copy_bytes(dst, src, STATE_END(seen_team), sizeof *dst);
}

static void state_save(struct murk_game* g) {
  state_copy(g->saved, &g->s, &g->s);
}

static void state_restore(struct murk_game* g) {
  int made = g->s.nmarkers, had = g->saved->nmarkers;
  state_copy(&g->s, g->saved, g->saved);
  /* Markers the refused command made: their slots go back to never used. */
  if (made > had) {
    size_t k = (size_t)(made - had);
    memset(&g->s.markers[had], 0, k * sizeof g->s.markers[0]);
    for (int sd = 0; sd < MURK_SIDES; sd++)
      memset(&g->s.seen_marker[sd][had], 0, k * sizeof g->s.seen_marker[sd][0]);
  }
}

/* Did what either side sees or remembers of the enemy change (g->saved holds it before)? */
static bool knowledge_changed(const struct murk_game* g) {
  const struct mk_state *a = g->saved, *b = &g->s;
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    int other = 1 - sd;
    for (int i = 0; i < b->nmarkers; i++) {
      const struct mk_sighting* y = &b->seen_marker[sd][i];
      if (i >= a->nmarkers) {
        if (y->known) return true;
        continue;
      }
      const struct mk_sighting* x = &a->seen_marker[sd][i];
      if (x->known != y->known || x->seen != y->seen || (y->known && !murk_pos_eq(x->pos, y->pos)))
        return true;
    }
    for (int t = 0; t < b->nteams[other]; t++) {
      const struct mk_sighting *x = &a->seen_team[sd][t], *y = &b->seen_team[sd][t];
      if (x->known != y->known || x->seen != y->seen || (y->known && !murk_pos_eq(x->pos, y->pos)))
        return true;
    }
  }
  return false;
}

/* Undo never takes back knowledge (docs/rules.md, "Undo"): a command is final once it
 * changed what either side sees or remembers, or told the enemy anything; in play, anything
 * that moves, shows or fights on the table is final whether or not the enemy saw it, since
 * the side cannot know whether it did. */
static int final_reason(const struct murk_game* g, enum murk_side side, size_t first) {
  bool play = g->s.phase == MURK_PHASE_PLAY || g->s.phase == MURK_PHASE_OVER;
  for (size_t i = first; i < g->nevents; i++) {
    const struct murk_event* e = &g->events[i];
    if (play && e->kind != MURK_EV_PHASE && e->kind != MURK_EV_INFO) return FINAL_TABLE;
    /* Told the enemy where something stands or what it is (an announcement that only counts,
     * "the attacker holds a platoon in reserve", places nothing and may be taken back). */
    if (e->audience != murk_audience_of(side) && e->kind != MURK_EV_PHASE &&
        e->kind != MURK_EV_INFO && (e->kind != MURK_EV_RESERVE || e->has_pos))
      return FINAL_TOLD;
  }
  if (knowledge_changed(g)) return FINAL_KNOWLEDGE;
  return FINAL_NONE;
}

const char* murk_game_undo_why(const struct murk_game* g) {
  if (!g || g->s.phase == MURK_PHASE_OVER) return "the game is over";
  int n = murk_game_undoable(g);
  if (n > 0) return "";
  bool mine = g->nlog > 0 && g->log_side[g->nlog - 1] == g->s.to_act;
  if (!mine || g->s.step_start >= (int)g->nlog)
    return "nothing to take back: only your commands of this step can be";
  switch (g->s.final_why) {
    case FINAL_ROLL:
      return "your last command rolled dice or revealed something: it stands";
    case FINAL_KNOWLEDGE:
      return "your last command changed what a side sees or knows: undo never takes that back";
    case FINAL_TABLE:
      return "in play what moves, shows or fights on the table stands: the enemy may have seen "
             "it, and undo never takes back what a side has seen";
    case FINAL_TOLD:
      return "the enemy has been told of your last command: it stands";
    default:
      break;
  }
  return "nothing to take back";
}

int murk_game_apply(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    char* reason, size_t reason_len) {
  if (reason && reason_len) reason[0] = '\0';
  if (!g || !c) return MURK_EINVAL;
  if (g->s.phase == MURK_PHASE_OVER) return mk_reject(reason, reason_len, "the game is over");
  if (side != MURK_ATTACKER && side != MURK_DEFENDER)
    return mk_reject(reason, reason_len, "commands come from the attacker or the defender");
  if (side != g->s.to_act)
    return mk_reject(reason, reason_len, "it is the %s's turn to act", murk_side_name(g->s.to_act));
  const struct mk_cmd_row* row = mk_cmd_row(c->kind);
  if (!row) return mk_reject(reason, reason_len, "unknown command");
  if (c->nvia < 0 || c->nvia > MURK_CMD_MAX_WAYPOINTS)
    return mk_reject(reason, reason_len, "at most %d waypoints", MURK_CMD_MAX_WAYPOINTS);
  if (grow_log(g) != MURK_OK) return out_of_memory(reason, reason_len);

  /* Positions left of or above the table cannot even be written down: say why. Whether
   * the command takes a position is its row's grammar (a left-out optional one is -1,-1). */
  for (int i = -1; i < c->nvia; i++) {
    struct murk_pos p = i < 0 ? c->at : c->via[i];
    bool used = i >= 0 || (row->pos_word && !(row->pos_optional && p.x == -1 && p.y == -1));
    if (used && (p.x < 0 || p.y < 0))
      return mk_reject(reason, reason_len, "%d,%d is off the table", p.x, p.y);
  }
  if (row->two_positions && (c->at2.x < 0 || c->at2.y < 0))
    return mk_reject(reason, reason_len, "%d,%d is off the table", c->at2.x, c->at2.y);
  char line[256];
  int len = murk_command_format(c, line, sizeof line);
  if (len < 0) return mk_reject(reason, reason_len, "this command cannot be written down");

  /* The row's phase/step guard and reference resolution, once for every handler (it
   * changes nothing, so a refusal here needs no copy of the state). */
  struct mk_cmd_args args;
  int rc = mk_cmd_guard(g, side, c, &args, reason, reason_len);
  if (rc != MURK_OK) return rc;

  state_save(g);
  size_t nevents = g->nevents;
  g->oom = 0;
  g->applying = true;
  rc = row->handler(g, side, c, &args, reason, reason_len);
  if (rc == MURK_OK && !row->undo) mk_mark_irreversible(g);
  g->applying = false;
  if (rc == MURK_OK && g->oom) rc = MURK_ENOMEM;
  /* The log's copy of the line only for a command taken (most tries are refused). */
  char* copy = rc == MURK_OK ? murk_strdup(line) : NULL;
  if (rc == MURK_OK && !copy) rc = MURK_ENOMEM;
  if (rc != MURK_OK) {
    state_restore(g);
    g->nevents = nevents;
    g->oom = 0;
    if (rc == MURK_ENOMEM) mk_reject(reason, reason_len, "out of memory");
    return rc;
  }
  mk_sight_update(g, nevents); /* what each side now sees and remembers (sight.c) */
  int why = final_reason(g, side, nevents);
  if (why != FINAL_NONE) {
    g->s.last_irreversible = (int)g->nlog + 1;
    g->s.final_why = why;
  }
  g->log[g->nlog] = copy;
  g->log_side[g->nlog] = side;
  g->log_cmd[g->nlog] = *c;
  g->nlog++;
  return MURK_OK;
}

int murk_game_apply_line(struct murk_game* g, enum murk_side side, const char* line, char* reason,
                         size_t reason_len, int* errcol) {
  if (reason && reason_len) reason[0] = '\0';
  if (errcol) *errcol = 0;
  if (!g || !line) return MURK_EINVAL;
  struct murk_command c;
  memset(&c, 0, sizeof c);
  char err[200] = "";
  int col = 0;
  int rc = murk_command_parse(line, &c, err, sizeof err, &col);
  if (rc == 0) return MURK_OK;
  if (rc < 0) {
    if (errcol) *errcol = col;
    mk_reject(reason, reason_len, "%s", err);
    return MURK_EINVAL;
  }
  return murk_game_apply(g, side, &c, reason, reason_len);
}

/* ---- accessors ---- */

enum murk_side murk_game_to_act(const struct murk_game* g) {
  return g->s.phase == MURK_PHASE_OVER ? MURK_NO_SIDE : g->s.to_act;
}
enum murk_phase murk_game_phase(const struct murk_game* g) {
  return g->s.phase;
}
enum murk_step murk_game_step(const struct murk_game* g) {
  return g->s.step;
}
int murk_game_turn(const struct murk_game* g) {
  return g->s.turn;
}
const struct murk_mission* murk_game_mission(const struct murk_game* g) {
  return g->m;
}
uint64_t murk_game_seed(const struct murk_game* g) {
  return g->seed;
}

const unsigned char* murk_game_dice_key(const struct murk_game* g) {
  return g->keyed ? g->dice_key : NULL;
}
size_t murk_game_log_count(const struct murk_game* g) {
  return g->nlog;
}
const char* murk_game_log_line(const struct murk_game* g, size_t i) {
  return i < g->nlog ? g->log[i] : NULL;
}
enum murk_side murk_game_log_side(const struct murk_game* g, size_t i) {
  return i < g->nlog ? g->log_side[i] : MURK_NO_SIDE;
}
size_t mk_game_event_count(const struct murk_game* g) {
  return g->nevents;
}
const struct murk_event* mk_game_event(const struct murk_game* g, size_t i) {
  return i < g->nevents ? &g->events[i] : NULL;
}
const char* murk_game_result(const struct murk_game* g) {
  return g->s.result;
}
enum murk_side murk_game_winner(const struct murk_game* g) {
  return g->s.winner;
}

/* ---- undo ---- */

int murk_game_undoable(const struct murk_game* g) {
  if (g->s.phase == MURK_PHASE_OVER) return 0;
  int bound = g->s.step_start > g->s.last_irreversible ? g->s.step_start : g->s.last_irreversible;
  int n = 0;
  for (int i = (int)g->nlog - 1; i >= bound && i >= 0; i--) {
    if (g->log_side[i] != g->s.to_act) break;
    n++;
  }
  return n;
}

/* Rebuild from (mission, seed) and the log less its last command: the game is a pure
 * function of those, so this is exact. */
int murk_game_undo(struct murk_game* g, char* reason, size_t reason_len) {
  if (reason && reason_len) reason[0] = '\0';
  if (murk_game_undoable(g) <= 0) return mk_reject(reason, reason_len, "%s", murk_game_undo_why(g));
  struct murk_game* ng = NULL;
  int rc = game_new(g->m, g->seed, g->keyed ? g->dice_key : NULL, &ng);
  if (rc != MURK_OK) return rc;
  char why[200];
  for (size_t i = 0; i + 1 < g->nlog; i++) {
    rc = murk_game_apply(ng, g->log_side[i], &g->log_cmd[i], why, sizeof why);
    if (rc != MURK_OK) {
      murk_game_free(ng);
      mk_reject(reason, reason_len, "cannot rebuild the game: %s", why);
      return rc == MURK_ENOMEM ? MURK_ENOMEM : MURK_EINVAL;
    }
  }
  struct murk_game tmp = *g;
  *g = *ng;
  *ng = tmp;
  g->epoch = tmp.epoch + 1;
  murk_game_free(ng);
  return MURK_OK;
}
