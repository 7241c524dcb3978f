/* sight.c: who sees what (sight.h, night.h).
 *
 * Line of sight is los.h's rule (docs/rules.md, "Line of sight") on a sight map built once
 * per game from the mission. Range comes from the rules in force (docs/rules.md, "Sight"):
 * - NVR (ASL Night rules, E1.1): the current Night Visibility Range, in cells; beyond it a
 *   unit is still seen when it fired (a gunflash, E1.8) or stands in an illuminated cell
 *   (E1.101);
 * - a mission with a visibility table (Luneville's Thick Morning Fog, the Darkness of Flames
 *   of War missions): the longest range the table can give (capped by Fog of War's
 *   spot_range, the farthest Luneville lets anything be spotted). Under fog or darkness each
 *   shot still needs its own roll (night.c); the view shows what a roll could reach. Under
 *   Darkness, but not in the fog, a team that fired is seen at any range;
 * - Night Fighting at night (40k mission special rules): the highest sight roll times its
 *   unit (each shot rolls for real, night.c);
 * - otherwise: no limit.
 * A side sees a cell when any of its units or markers on the table does.
 *
 * This file is the rule, read as the rule. The caches that answer the same questions sooner
 * (fields of view kept per cell, a side's union of sight, what the last update read) are in
 * sight_cache.c, asked first through sight_cache.h; built with MURK_PLAIN they answer
 * nothing and everything here is computed as written. */
#include "murk/sight.h"

#include <stdint.h>
#include <string.h>

#include "board.h"
#include "event.h"
#include "marker.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/los.h"
#include "night.h"
#include "sight.h"
#include "sight_cache.h"
#include "state.h"

static int min_int(int a, int b) {
  return a < b ? a : b;
}

/* ---- the sight map and the fires ---- */

/* ASL Night rules, E1.94: a blaze lights its own cell and every cell within twice its burning
 * levels that it could see (E1.941: obstacles cast shadows, as if the blaze were a viewer): its
 * field of view of that radius. */
static int light_fires(struct murk_game* g) {
  const struct murk_mission* m = g->m;
  const struct murk_grid* grid = &m->grid;
  bool any = false;
  for (int i = 0; i < m->nterrain; i++)
    if (m->blaze[i] > 0) any = true;
  if (!any) return MURK_OK;
  size_t cells = (size_t)grid->width * (size_t)grid->height;
  g->firelit = murk_calloc(cells, 1);
  struct murk_fov_result* fov = NULL;
  int rc = g->firelit ? murk_fov_result_new(g->sightmap, &fov) : MURK_ENOMEM;
  for (int y = 0; rc == MURK_OK && y < grid->height; y++)
    for (int x = 0; rc == MURK_OK && x < grid->width; x++) {
      struct murk_pos b = {x, y};
      const struct murk_terrain* t = murk_mission_terrain_at(m, b);
      int levels = t ? m->blaze[t - m->terrain] : 0;
      if (levels <= 0) continue;
      rc = murk_fov(g->sightmap, b, 2 * levels, fov);
      if (rc != MURK_OK) break;
      size_t n;
      const struct murk_fov_cell* c = murk_fov_cells(fov, &n);
      for (size_t k = 0; k < n; k++)
        g->firelit[(size_t)c[k].at.y * (size_t)grid->width + (size_t)c[k].at.x] = 1;
    }
  murk_fov_result_free(fov);
  return rc;
}

int mk_sight_open(struct murk_game* g) {
  int rc = murk_sightmap_from_mission(g->m, &g->sightmap);
  if (rc == MURK_OK) rc = mk_sc_open(g);
  if (rc == MURK_OK) rc = light_fires(g);
  return rc;
}

void mk_sight_close(struct murk_game* g) {
  mk_sc_close(g);
  murk_sightmap_free(g->sightmap);
  g->sightmap = NULL;
  murk_free(g->firelit);
  g->firelit = NULL;
}

/* ---- range ---- */

/* The highest total a dice expression can give (never below 0). */
static int dice_max(const struct murk_dice_expr* e) {
  long v = (long)e->count * e->sides * e->mul + e->add;
  if (v < 0) return 0;
  return v > MURK_SIGHT_UNLIMITED ? MURK_SIGHT_UNLIMITED : (int)v;
}

/* The longest range the mission's visibility table can give, capped by Fog of War's
 * spot_range (a mission gives a table only where sight is short); no table: no limit. */
static int table_range(const struct murk_mission* m) {
  int range = MURK_SIGHT_UNLIMITED;
  if (m->visibility.nrows > 0) {
    int best = 0;
    for (int i = 0; i < m->visibility.nrows; i++)
      if (m->visibility.rows[i].range > best) best = m->visibility.rows[i].range;
    if (murk_mission_rule_on(m, MURK_RULE_FOG_OF_WAR))
      best = min_int(best, murk_mission_param(m, MURK_P_FOW_SPOT_CAP));
    range = min_int(range, best);
  }
  return range;
}

int mk_sight_range(const struct murk_game* g, enum murk_side viewer) {
  const struct murk_mission* m = g->m;
  (void)viewer; /* night, fog and NVR are the same for both sides */
  int nvr = mk_night_nvr(g);
  if (nvr >= 0) return nvr;
  int range = MURK_SIGHT_UNLIMITED;
  /* Darkness's table, not on a turn Dusk & Dawn makes daylight (night.c). */
  bool daylight = murk_mission_rule_on(m, MURK_RULE_DARKNESS) &&
                  !murk_mission_rule_on(m, MURK_RULE_THICK_MORNING_FOG) &&
                  !mk_night_darkness_now(g);
  if (!mk_sc_table_range(g, &range)) {
    range = table_range(m);
    mk_sc_keep_table_range(g, range);
  }
  if (daylight) range = MURK_SIGHT_UNLIMITED; /* the table is kept, daylight asked each time */
  if (mk_night_fighting_now(g)) {
    struct murk_dice_expr e = murk_mission_param_dice(m, MURK_P_NF_SIGHT);
    int unit = murk_mission_param(m, MURK_P_NF_UNIT);
    long cells = (long)dice_max(&e) * unit;
    if (unit == 0) {
      /* The loader rounds the unit down to whole cells; an inch on a 5cm table would give
       * nothing at all, so a unit below one cell counts as the inch it defaults to. */
      struct murk_length len = {(int64_t)dice_max(&e) * 100, MURK_UNIT_IN};
      cells = murk_length_to_cells(len, m->scale, MURK_ROUND_DOWN);
      if (cells < 0) cells = MURK_SIGHT_UNLIMITED;
    }
    range = min_int(range, cells > MURK_SIGHT_UNLIMITED ? MURK_SIGHT_UNLIMITED : (int)cells);
  }
  return range;
}

/* What a check from many viewers to one cell shares. */
struct eye {
  const struct murk_game* g;
  int range;   /* cells a viewer sees without help */
  bool beyond; /* the thing at the cell is seen at any range (gunflash, light) */
};

/* Is what stands at `to` seen at any range (along a line of sight)? */
static bool seen_beyond(const struct murk_game* g, struct murk_pos to, bool flash) {
  if (mk_night_nvr(g) >= 0) return flash || mk_night_lit(g, to); /* ASL Night rules, E1.101 */
  /* Darkness (Flames of War missions): a team that fires is seen; the fog says otherwise
   * (Luneville, Thick Morning Fog) */
  return flash && murk_mission_rule_on(g->m, MURK_RULE_DARKNESS) &&
         !murk_mission_rule_on(g->m, MURK_RULE_THICK_MORNING_FOG);
}

/* May anything be seen beyond the range now (seen_beyond, for some cell)? */
static bool beyond_ever(const struct murk_game* g) {
  return mk_night_nvr(g) >= 0 || (murk_mission_rule_on(g->m, MURK_RULE_DARKNESS) &&
                                  !murk_mission_rule_on(g->m, MURK_RULE_THICK_MORNING_FOG));
}

int mk_sight_limit(const struct murk_game* g, enum murk_side viewer) {
  return beyond_ever(g) ? MURK_SIGHT_UNLIMITED : mk_sight_range(g, viewer);
}

static struct eye eye_for(const struct murk_game* g, enum murk_side viewer, struct murk_pos to,
                          bool flash) {
  struct eye e = {g, mk_sight_range(g, viewer), seen_beyond(g, to, flash)};
  return e;
}
static bool eye_sees(const struct eye* e, struct murk_pos from, struct murk_pos to) {
  const struct murk_grid* grid = &e->g->m->grid;
  if (!murk_geom_on_table(grid, from) || !murk_geom_on_table(grid, to)) return false;
  if (!e->beyond && e->range < MURK_SIGHT_UNLIMITED &&
      murk_geom_distance(grid, from, to) > e->range)
    return false;
  return mk_sc_los(e->g, from, to);
}

bool mk_sight_los(const struct murk_game* g, struct murk_pos from, struct murk_pos to) {
  const struct murk_grid* grid = &g->m->grid;
  return g->sightmap && murk_geom_on_table(grid, from) && murk_geom_on_table(grid, to) &&
         mk_sc_los(g, from, to);
}

bool mk_sight_sees(const struct murk_game* g, enum murk_side viewer, struct murk_pos from,
                   struct murk_pos to, bool flash) {
  if (!g->sightmap) return false;
  struct eye e = eye_for(g, viewer, to, flash);
  return eye_sees(&e, from, to);
}

/* The unit of `side` with team t, or -1. */
static int unit_of_team(const struct mk_state* s, enum murk_side side, int t) {
  for (int k = 0; k < s->nunits[side]; k++)
    if (t >= s->units[side][k].first_team &&
        t < s->units[side][k].first_team + s->units[side][k].nteams)
      return k;
  return -1;
}

/* Did whatever of `owner` stands at p fire lately? */
static bool flash_at(const struct murk_game* g, enum murk_side owner, struct murk_pos p) {
  const struct mk_state* s = &g->s;
  enum murk_side ts;
  int t;
  if (mk_team_at(s, p, &ts, &t) && ts == owner) {
    int u = unit_of_team(s, owner, t);
    return u >= 0 && mk_night_flashing(g, owner, u);
  }
  return false;
}

/* Could a gunflash at `to` change what is seen there? Only then is it looked for: finding
 * the team at a cell walks the roster. */
static bool flash_matters(const struct murk_game* g, struct murk_pos to) {
  return seen_beyond(g, to, true) != seen_beyond(g, to, false);
}

bool mk_can_see(const struct murk_game* g, enum murk_side viewer, struct murk_pos from,
                struct murk_pos to) {
  bool flash =
      viewer != MURK_NO_SIDE && flash_matters(g, to) && flash_at(g, murk_side_other(viewer), to);
  return mk_sight_sees(g, viewer, from, to, flash);
}

/* mk_sight_any without `from`, where nothing is seen beyond the range: the caches' union of
 * the side's sight (*u keeps it for the next cell). -1 when that cannot answer; then ask
 * viewer by viewer. */
static int union_any(const struct murk_game* g, enum murk_side viewer, const struct eye* e,
                     const struct mk_sc_union** u, struct murk_pos to, struct mk_sight_memo* memo) {
  if (e->beyond) return -1;
  return mk_sc_union_sees(g, viewer, e->range, to, u, memo);
}

bool mk_sight_any(const struct murk_game* g, enum murk_side viewer, struct murk_pos to, bool flash,
                  struct murk_pos* from) {
  const struct mk_state* s = &g->s;
  if (!g->sightmap || (viewer != MURK_ATTACKER && viewer != MURK_DEFENDER)) return false;
  struct eye e = eye_for(g, viewer, to, flash);
  if (!from) {
    const struct mk_sc_union* u = NULL;
    int seen = union_any(g, viewer, &e, &u, to, NULL);
    if (seen >= 0) return seen;
  }
  for (int i = 0; i < s->nmarkers; i++) {
    const struct mk_marker* mk = &s->markers[i];
    if (!mk->on_table || mk->owner != viewer || !eye_sees(&e, mk->pos, to)) continue;
    if (from) *from = mk->pos;
    return true;
  }
  for (int t = 0; t < s->nteams[viewer]; t++) {
    const struct mk_team* tm = &s->teams[viewer][t];
    if (!tm->alive || !tm->placed || !eye_sees(&e, tm->pos, to)) continue;
    if (from) *from = tm->pos;
    return true;
  }
  return false;
}

/* mk_sight_any(g, viewer, to, flash, NULL), the side's union found once for many cells
 * (*u starts NULL). */
static bool any_sees(const struct murk_game* g, enum murk_side viewer, struct murk_pos to,
                     bool flash, const struct mk_sc_union** u, struct mk_sight_memo* memo) {
  if (!g->sightmap || (viewer != MURK_ATTACKER && viewer != MURK_DEFENDER)) return false;
  struct eye e = eye_for(g, viewer, to, flash);
  int seen = union_any(g, viewer, &e, u, to, memo);
  if (seen < 0) seen = mk_sc_side_sees(g, viewer, e.range, e.beyond, to, memo);
  return seen >= 0 ? seen : mk_sight_any(g, viewer, to, flash, NULL);
}

bool mk_sight_unit_seen(const struct murk_game* g, enum murk_side viewer, int unit) {
  return mk_sight_unit_seen_memo(g, viewer, unit, NULL);
}

bool mk_sight_unit_seen_memo(const struct murk_game* g, enum murk_side viewer, int unit,
                             struct mk_sight_memo* memo) {
  const struct mk_state* s = &g->s;
  enum murk_side other = murk_side_other(viewer);
  const struct mk_unit_state* u = &s->units[other][unit];
  bool flash = mk_night_flashing(g, other, unit);
  const struct mk_sc_union* un = NULL;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
    const struct mk_team* tm = &s->teams[other][t];
    if (tm->alive && tm->placed && any_sees(g, viewer, tm->pos, flash, &un, memo)) return true;
  }
  return false;
}

enum murk_audience mk_sight_audience(const struct murk_game* g, enum murk_side owner,
                                     struct murk_pos a, struct murk_pos b, bool flash) {
  return mk_sight_audience_memo(g, owner, a, b, flash, NULL);
}

enum murk_audience mk_sight_audience_memo(const struct murk_game* g, enum murk_side owner,
                                          struct murk_pos a, struct murk_pos b, bool flash,
                                          struct mk_sight_memo* memo) {
  enum murk_side other = murk_side_other(owner);
  /* The texts' table: whatever moves on it moves in view of both players. */
  if (g->s.phase != MURK_PHASE_PLAY || !mk_sight_double_blind(g)) return MURK_AUD_ALL;
  const struct mk_sc_union* u = NULL;
  if (any_sees(g, other, a, flash, &u, memo) ||
      (!murk_pos_eq(a, b) && any_sees(g, other, b, flash, &u, memo)))
    return MURK_AUD_ALL;
  return murk_audience_of(owner);
}

bool mk_sight_reach(const struct murk_game* g, const struct murk_pos* at, int n, int range,
                    const uint64_t** reach, const uint64_t** line) {
  return mk_sc_reach(g, at, n, range, reach, line);
}

enum murk_audience mk_sight_unit_audience(const struct murk_game* g, enum murk_side owner,
                                          int unit) {
  if (g->s.phase != MURK_PHASE_PLAY || !mk_sight_double_blind(g)) return MURK_AUD_ALL;
  return mk_sight_unit_seen(g, murk_side_other(owner), unit) ? MURK_AUD_ALL
                                                             : murk_audience_of(owner);
}

bool mk_sight_double_blind(const struct murk_game* g) {
  return murk_mission_rule_on(g->m, MURK_RULE_DOUBLE_BLIND);
}

bool mk_sight_team_in_sight(const struct murk_game* g, enum murk_side viewer, int unit,
                            struct murk_pos at) {
  return mk_sight_team_in_sight_memo(g, viewer, unit, at, NULL);
}

bool mk_sight_team_in_sight_memo(const struct murk_game* g, enum murk_side viewer, int unit,
                                 struct murk_pos at, struct mk_sight_memo* memo) {
  if (viewer != MURK_ATTACKER && viewer != MURK_DEFENDER) return false;
  enum murk_side other = murk_side_other(viewer);
  bool flash = unit >= 0 && unit < g->s.nunits[other] && mk_night_flashing(g, other, unit);
  const struct mk_sc_union* u = NULL;
  return any_sees(g, viewer, at, flash, &u, memo);
}

int mk_sight_line_within(const struct murk_game* g, enum murk_side viewer, int range,
                         struct murk_pos p, struct mk_sight_memo* memo) {
  if (viewer != MURK_ATTACKER && viewer != MURK_DEFENDER) return -1;
  return mk_sc_side_sees(g, viewer, range, false, p, memo);
}

/* ---- what each side knows ---- */

static void saw(struct mk_sighting* k, struct murk_pos p, int turn) {
  k->known = true;
  k->pos = p;
  k->turn = turn;
}

/* Marker mi stands for a revealed platoon whose teams are on the table. */
static bool revealed_platoon(const struct mk_state* s, int mi) {
  const struct mk_marker* mk = &s->markers[mi];
  if (mk->on_table || !mk->revealed || mk->unit < 0) return false;
  if (mk->owner != MURK_ATTACKER && mk->owner != MURK_DEFENDER) return false;
  return s->units[mk->owner][mk->unit].state == MURK_PLATOON_REVEALED;
}

/* What a side sees of revealed platoon mi now. */
static void platoon_facts(const struct mk_state* s, int mi, struct mk_sighting* k) {
  const struct mk_unit_state* u = &s->units[s->markers[mi].owner][s->markers[mi].unit];
  k->known = true;
  k->turn = s->turn;
  k->bogged = u->bogged;
  k->dug_in = u->dug_in;
}

/* A public event placed something of `owner` at e->to: the other side has been told. */
static void told(struct murk_game* g, const struct mk_event* e) {
  struct mk_state* s = &g->s;
  int mi = mk_marker_index(s, e->marker);
  if (mi < 0) return;
  enum murk_side owner = s->markers[mi].owner;
  enum murk_side viewer = murk_side_other(owner);
  if (owner != MURK_ATTACKER && owner != MURK_DEFENDER) return;
  if (s->markers[mi].on_table && murk_pos_eq(s->markers[mi].pos, e->to)) {
    saw(&s->seen_marker[viewer][mi], e->to, s->turn);
    return;
  }
  enum murk_side ts;
  int t;
  if (mk_team_at(s, e->to, &ts, &t) && ts == owner) saw(&s->seen_team[viewer][t], e->to, s->turn);
}

/* A revealed platoon is seen when one of its teams is: then the side sees whether it is
 * bogged or dug in; out of sight it keeps what it saw last (docs/rules.md, "What a side
 * knows"). */
static void revealed_seen(struct mk_state* s, int v) {
  enum murk_side other = murk_side_other((enum murk_side)v);
  const struct mk_sighting* teams = s->seen_team[v];
  const int nmarkers = s->nmarkers; /* the sightings' stores may alias it */
  for (int i = 0; i < nmarkers; i++) {
    if (s->markers[i].owner != other || s->markers[i].on_table || !revealed_platoon(s, i)) continue;
    const struct mk_unit_state* u = &s->units[other][s->markers[i].unit];
    bool seen = false;
    for (int t = u->first_team, end = u->first_team + u->nteams; t < end && !seen; t++)
      seen = teams[t].seen;
    struct mk_sighting* k = &s->seen_marker[v][i];
    k->seen = seen;
    if (seen) platoon_facts(s, i, k);
  }
}

/* Does L's side see what stands at p (flash: it fired lately), in a sight update: the
 * caches' answer, or the rule's (mk_sight_any). */
static bool sees(struct mk_sc_eyes* L, struct murk_pos p, bool flash) {
  int seen = mk_sc_sees(L, p, seen_beyond(L->g, p, flash));
  return seen >= 0 ? seen : mk_sight_any(L->g, L->viewer, p, flash, NULL);
}

/* What side v sees of the enemy's markers on the table, and forgets of those gone. */
static void see_markers(struct murk_game* g, int v, struct mk_sc_eyes* L) {
  struct mk_state* s = &g->s;
  enum murk_side other = murk_side_other((enum murk_side)v);
  for (int i = 0; i < s->nmarkers; i++) {
    const struct mk_marker* mk = &s->markers[i];
    struct mk_sighting* k = &s->seen_marker[v][i];
    if (mk->owner != other || !mk->on_table) {
      /* A revealed platoon's marker keeps what the side last saw of the platoon (below);
       * anything else gone (removed, withdrawn) leaves nothing to remember. */
      if (mk->owner != other || !revealed_platoon(s, i)) memset(k, 0, sizeof *k);
      continue;
    }
    /* Fog-of-War templates (Luneville: put down on the table for both players) and Limited
     * Intelligence's leader counters (Limited Intelligence, 27.1) are public wherever they stand:
     * what those rules hide is what the marker holds. Cloaking counters are seen only in sight (ASL
     * Night rules, E1.101: beyond the NVR is out of LOS). A counter set up hidden (ASL Night rules,
     * E1.2) is not seen at all until it moves. */
    k->seen = !mk->hidden && (mk_marker_ops(g, i)->seen_anywhere || sees(L, mk->pos, false));
    if (k->seen) saw(k, mk->pos, s->turn);
  }
}

/* What side v sees of the enemy's teams: each of them, or under `kept` those that moved
 * since the last update (the others' sightings stand). A gunflash counts only where
 * something may be seen beyond the range (seen_beyond). */
static void see_teams(struct murk_game* g, int v, struct mk_sc_eyes* L,
                      const struct mk_sc_pass* kept) {
  struct mk_state* s = &g->s;
  enum murk_side other = murk_side_other((enum murk_side)v);
  bool flashes = beyond_ever(g);
  /* Each team's platoon (the first whose teams it is among, as unit_of_team) and whether
   * that platoon fired lately, found once an update rather than once a team. */
  int team_unit[MK_MAX_TEAMS_PER_SIDE];
  signed char flashing[MK_MAX_UNITS];
  int nteams = s->nteams[other] < MK_MAX_TEAMS_PER_SIDE ? s->nteams[other] : MK_MAX_TEAMS_PER_SIDE;
  for (int t = 0; flashes && t < nteams; t++) team_unit[t] = -1;
  for (int u = (s->nunits[other] < MK_MAX_UNITS ? s->nunits[other] : MK_MAX_UNITS) - 1;
       flashes && u >= 0; u--) {
    const struct mk_unit_state* us = &s->units[other][u];
    flashing[u] = -1;
    for (int t = us->first_team; t < us->first_team + us->nteams; t++)
      if (t >= 0 && t < nteams) team_unit[t] = u;
  }
  for (int t = 0; t < s->nteams[other]; t++) {
    const struct mk_team* tm = &s->teams[other][t];
    struct mk_sighting* k = &s->seen_team[v][t];
    if (kept && mk_sc_team_kept(kept, v, t)) continue;
    if (!tm->alive || !tm->placed) {
      memset(k, 0, sizeof *k);
      continue;
    }
    bool flash = false;
    int u = flashes && t < nteams ? team_unit[t] : -1; /* the state's arrays bound both counts */
    if (u >= 0 && u < MK_MAX_UNITS) {
      if (flashing[u] < 0) flashing[u] = mk_night_flashing(g, other, u);
      flash = flashing[u];
    }
    k->seen = sees(L, tm->pos, flash);
    if (k->seen) saw(k, tm->pos, s->turn);
  }
}

/* The public events from first_event on that placed something: the other side has been
 * told where. True if there was one. */
static bool tell(struct murk_game* g, size_t first_event) {
  struct mk_state* s = &g->s;
  bool any = false;
  for (size_t i = first_event; i < g->nevents; i++) {
    const struct mk_event* e = mk_event_at(g, i);
    if (e->audience != MURK_AUD_ALL || !e->has_pos || e->marker <= 0) continue;
    if (e->kind == MURK_EV_DEPLOY || e->kind == MURK_EV_RESERVE || e->kind == MURK_EV_MOVE ||
        e->kind == MURK_EV_PLACE || e->kind == MURK_EV_REVEAL) {
      told(g, e);
      any = true;
    }
    /* A public reveal shows the platoon to both sides as it is. */
    if (e->kind == MURK_EV_REVEAL) {
      int mi = mk_marker_index(s, e->marker);
      enum murk_side owner = mi >= 0 ? s->markers[mi].owner : MURK_NO_SIDE;
      if ((owner == MURK_ATTACKER || owner == MURK_DEFENDER) && revealed_platoon(s, mi))
        platoon_facts(s, mi, &s->seen_marker[murk_side_other(owner)][mi]);
    }
  }
  return any;
}

/* The texts' table (docs/rules.md, "What a side knows"): every marker, template, counter
 * and revealed team on the table stands in view of both players, in all five texts; what
 * is hidden is what a rule hides: a counter set up hidden (the ASL night rules, 1.2) until
 * it moves, and what a marker holds (never placed teams). */
static void table_seen(struct mk_state* s) {
  for (int v = 0; v < MURK_SIDES; v++) {
    enum murk_side other = murk_side_other((enum murk_side)v);
    for (int i = 0; i < s->nmarkers; i++) {
      const struct mk_marker* mk = &s->markers[i];
      struct mk_sighting* k = &s->seen_marker[v][i];
      if (mk->owner != other || !mk->on_table) {
        if (mk->owner != other || !revealed_platoon(s, i)) memset(k, 0, sizeof *k);
        continue;
      }
      k->seen = !mk->hidden;
      if (k->seen) saw(k, mk->pos, s->turn);
    }
    for (int t = 0; t < s->nteams[other]; t++) {
      const struct mk_team* tm = &s->teams[other][t];
      struct mk_sighting* k = &s->seen_team[v][t];
      if (!tm->alive || !tm->placed) {
        memset(k, 0, sizeof *k);
        continue;
      }
      k->seen = true;
      saw(k, tm->pos, s->turn);
    }
    revealed_seen(s, v);
  }
}

void mk_sight_update(struct murk_game* g, size_t first_event) {
  if (!mk_sight_double_blind(g)) {
    table_seen(&g->s); /* the public events agree with it: all is in view */
    return;
  }
  bool beyond = beyond_ever(g);
  struct mk_sc_pass pass;
  mk_sc_begin(g, &pass);
  for (int v = 0; v < MURK_SIDES; v++) {
    struct mk_sc_eyes L;
    enum mk_sc_left left = mk_sc_side(&pass, &L, v, mk_sight_range(g, (enum murk_side)v), beyond);
    if (left == MK_SC_ALL) continue;
    if (left == MK_SC_NONE) see_markers(g, v, &L);
    see_teams(g, v, &L, left == MK_SC_TEAMS ? &pass : NULL);
    revealed_seen(&g->s, v);
  }
  mk_sc_end(&pass, tell(g, first_event));
}

void mk_sight_update_from_scratch(struct murk_game* g) {
  mk_sc_from_scratch(g);
}
