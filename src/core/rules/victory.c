/* victory.c: how a battle ends and who won it by how much (docs/rules.md, "End of the
 * game" and "Victory points").
 *
 * - Objectives "taken" at the start of a turn and the mission's end conditions (Luneville,
 *   Luneville; the Flames of War missions, "Ending the battle" of every mission).
 * - The game's length: the turn limit, and Random Game Length (40k mission special rules).
 * - The Fighting Withdrawal schedule (Flames of War missions, Fighting Withdrawal, the turn table)
 *   and its `withdraw N` command.
 * - Victory points: the 6:1 / 5:2 / 4:3 table and the nine-platoon exception (Luneville,
 *   Victory Point Table), Fair Fight when nobody won (Flames of War missions name it only: our
 *   default),
 *   and margin of victory where the mission scores points (40k mission special rules, Margin of
 *   Victory). */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "event.h"
#include "murk/error.h"
#include "state.h"
#include "victory.h"

/* ---- the result ---- */

/* Platoons that count towards the nine-platoon exception: all but transports (Flames of
 * War, Luneville mission rules, Victory Point Table: "not including transport platoons").
 * Losses on the table count every platoon destroyed, transports included (the text leaves
 * them out of the count of platoons only). Fair Fight (murk's own
 * scoring) leaves transports out; the margin of victory counts them as units but never as
 * scoring units. */
static bool counts(const struct murk_game* g, enum murk_side side, int unit) {
  return !(mk_unit_platoon(g, side, unit)->flags & MURK_PF(TRANSPORT));
}

static int counted_platoons(const struct murk_game* g, enum murk_side side) {
  int n = 0;
  for (int k = 0; k < g->s.nunits[side]; k++) n += counts(g, side, k);
  return n;
}

static int destroyed(const struct murk_game* g, enum murk_side side) {
  int n = 0;
  for (int k = 0; k < g->s.nunits[side]; k++)
    n += g->s.units[side][k].state == MURK_PLATOON_DESTROYED;
  return n;
}

static int counted_destroyed(const struct murk_game* g, enum murk_side side) {
  int n = 0;
  for (int k = 0; k < g->s.nunits[side]; k++)
    n += counts(g, side, k) && g->s.units[side][k].state == MURK_PLATOON_DESTROYED;
  return n;
}

/* ---- margin of victory (40k mission special rules, Victory Points, Margin of Victory) ---- */

/* A unit is worth its points cost (the platoon's `points`); a platoon without one is worth
 * as many points as it has teams (murk's own: the mission gave no costs). Every element
 * counts on its own, transports too (40k mission special rules, Units with Distinct Elements). */
static int unit_worth(const struct murk_game* g, enum murk_side side, int unit) {
  const struct murk_platoon* pl = mk_unit_platoon(g, side, unit);
  return pl->points > 0 ? pl->points : g->s.units[side][unit].nteams;
}

static int force_worth(const struct murk_game* g, enum murk_side side) {
  int n = 0;
  for (int k = 0; k < g->s.nunits[side]; k++) n += unit_worth(g, side, k);
  return n;
}

/* Damaged (murk's own reading of the table the 40k mission special rules refer to without giving
 * it): alive, with at most damaged_at percent of its teams left. */
static bool unit_damaged(const struct murk_game* g, enum murk_side side, int unit) {
  const struct mk_unit_state* u = &g->s.units[side][unit];
  int at = g->m->victory.damaged_at;
  if (at <= 0 || u->state == MURK_PLATOON_DESTROYED || u->nteams <= 0) return false;
  return 100 * mk_unit_alive(&g->s, side, unit) <= at * u->nteams;
}

/* Where a unit stands: its living placed teams, or its marker while it is hidden. Calls
 * in(g, pos, arg) for each; true if it has a place and every place is in. */
static bool unit_entirely(const struct murk_game* g, enum murk_side side, int unit,
                          bool (*in)(const struct murk_game*, struct murk_pos, int), int arg) {
  const struct mk_state* s = &g->s;
  const struct mk_unit_state* u = &s->units[side][unit];
  if (u->state != MURK_PLATOON_HIDDEN && u->state != MURK_PLATOON_REVEALED) return false;
  int places = 0;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
    const struct mk_team* tm = &s->teams[side][t];
    if (!tm->alive || !tm->placed) continue;
    places++;
    if (!in(g, tm->pos, arg)) return false;
  }
  if (places > 0) return true;
  for (int i = 0; i < s->nmarkers; i++)
    if (s->markers[i].on_table && s->markers[i].owner == side && s->markers[i].number == u->marker)
      return in(g, s->markers[i].pos, arg);
  return false;
}

/* A scoring unit (40k mission special rules use the term without defining it; murk's own): a
 * platoon that is not a transport, is on the table and is not damaged. */
static bool scoring(const struct murk_game* g, enum murk_side side, int unit) {
  const struct mk_unit_state* u = &g->s.units[side][unit];
  return counts(g, side, unit) &&
         (u->state == MURK_PLATOON_HIDDEN || u->state == MURK_PLATOON_REVEALED) &&
         mk_unit_alive(&g->s, side, unit) > 0 && !unit_damaged(g, side, unit);
}

static bool anywhere(const struct murk_game* g, struct murk_pos p, int arg) {
  (void)g, (void)p, (void)arg;
  return true;
}

static bool in_zone_of(const struct murk_game* g, struct murk_pos p, int side) {
  return murk_zone_contains(g->m, &g->m->sides[side].zone, p);
}

static bool in_quarter(const struct murk_game* g, struct murk_pos p, int which) {
  struct murk_region q = {.kind = MURK_REGION_QUARTER, .which = (enum murk_compass)which};
  return murk_region_contains(g->m, &q, p);
}

static bool near_centre(const struct murk_game* g, struct murk_pos p, int cells) {
  struct murk_pos c = {g->m->grid.width / 2, g->m->grid.height / 2};
  return murk_geom_distance(&g->m->grid, p, c) <= cells;
}

/* Does some place of the unit (unit_entirely's places) lie within `hold` of objective k? */
static bool unit_near(const struct murk_game* g, enum murk_side side, int unit, int k) {
  const struct mk_state* s = &g->s;
  const struct mk_unit_state* u = &s->units[side][unit];
  struct murk_pos o = s->objectives[k].pos;
  int hold = g->m->objective_hold;
  int places = 0;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
    const struct mk_team* tm = &s->teams[side][t];
    if (!tm->alive || !tm->placed) continue;
    places++;
    if (murk_geom_distance(&g->m->grid, tm->pos, o) <= hold) return true;
  }
  if (places > 0) return false;
  for (int i = 0; i < s->nmarkers; i++)
    if (s->markers[i].on_table && s->markers[i].owner == side && s->markers[i].number == u->marker)
      return murk_geom_distance(&g->m->grid, s->markers[i].pos, o) <= hold;
  return false;
}

/* The 40k mission special rules, Victory Points, Loot: a counter is held, as every other
 * objective type counts, by scoring units: one of the side's within the objective's hold
 * distance and none of the enemy's (murk's reading: the text names scoring units for the
 * other objectives and says nothing of who holds a Loot counter). */
static bool loot_held(const struct murk_game* g, enum murk_side side, int k) {
  enum murk_side enemy = murk_side_other(side);
  bool own = false;
  for (int u = 0; u < g->s.nunits[enemy]; u++)
    if (scoring(g, enemy, u) && unit_near(g, enemy, u, k)) return false;
  for (int u = 0; u < g->s.nunits[side] && !own; u++)
    own = scoring(g, side, u) && unit_near(g, side, u, k);
  return own;
}

static const enum murk_compass quarters[4] = {MURK_NE, MURK_NW, MURK_SE, MURK_SW};

/* What a quarter is worth to a side (40k mission special rules, Table Quarters): nothing for its
 * own quarter, a quarter of the limit for each quarter beside it, half for the one opposite.
 * Its own quarter is the one holding most of its deployment zone; when several hold as
 * much (a side deployed in a half), each of them is its own and every other quarter is
 * worth half the limit (murk's own reading, which keeps the four summing to the limit). */
static int quarter_worth(const struct murk_game* g, enum murk_side side, int q, int limit) {
  int n[4] = {0, 0, 0, 0}, most = 0;
  for (int k = 0; k < 4; k++) {
    for (int y = 0; y < g->m->grid.height; y++)
      for (int x = 0; x < g->m->grid.width; x++) {
        struct murk_pos p = {x, y};
        n[k] += in_zone_of(g, p, side) && in_quarter(g, p, quarters[k]);
      }
    if (n[k] > most) most = n[k];
  }
  int own = -1, nown = 0;
  for (int k = 0; k < 4; k++)
    if (n[k] == most) {
      nown++;
      if (own < 0) own = k;
    }
  if (n[q] == most) return 0;
  if (nown > 1) return limit / 2;
  return (own ^ q) == 3 ? limit / 2 : limit / 4; /* NE(0)/SW(3) and NW(1)/SE(2) are opposite */
}

/* The mission's aim in points (40k mission special rules, Mission Specific Objectives). */
static int objective_points(const struct murk_game* g, enum murk_side side, int limit) {
  const struct murk_victory* v = &g->m->victory;
  enum murk_side enemy = murk_side_other(side);
  int pts = 0;
  switch (v->objective) {
    case MURK_VPO_NONE:
      break;
    case MURK_VPO_TABLE_QUARTERS: {
      /* A quarter is controlled by the side with more scoring units wholly inside it
       * (murk's own count). */
      for (int q = 0; q < 4; q++) {
        int n[MURK_SIDES] = {0, 0};
        for (int sd = 0; sd < MURK_SIDES; sd++)
          for (int k = 0; k < g->s.nunits[sd]; k++)
            n[sd] += scoring(g, (enum murk_side)sd, k) &&
                     unit_entirely(g, (enum murk_side)sd, k, in_quarter, (int)quarters[q]);
        if (n[side] > n[enemy]) pts += quarter_worth(g, side, q, limit);
      }
      break;
    }
    case MURK_VPO_ENEMY_LINES:
      for (int k = 0; k < g->s.nunits[side]; k++)
        if (scoring(g, side, k) && unit_entirely(g, side, k, in_zone_of, (int)enemy))
          pts += unit_worth(g, side, k);
      break;
    case MURK_VPO_LOOT:
      /* Each counter (the mission's objectives) is worth the limit over their number. */
      for (int k = 0; k < g->s.nobjectives; k++)
        if (loot_held(g, side, k)) pts += limit / g->s.nobjectives;
      break;
    case MURK_VPO_FIELD_OF_BATTLE:
      for (int k = 0; k < g->s.nunits[side]; k++)
        if (scoring(g, side, k) && unit_entirely(g, side, k, near_centre, v->centre))
          pts += unit_worth(g, side, k);
      break;
    case MURK_VPO_ANNIHILATION:
      for (int k = 0; k < g->s.nunits[side]; k++)
        if (scoring(g, side, k) && unit_entirely(g, side, k, anywhere, 0))
          pts += unit_worth(g, side, k);
      break;
    case MURK_VPO_COUNT:
      break;
  }
  return pts;
}

/* The 40k mission special rules' bands, as shares of the points limit in percent: a difference
 * below the first is a draw; up to each next bound, that band's name. */
static const struct {
  int up_to; /* percent, inclusive */
  const char* name;
} margin_bands[] = {
    {50, "Solid Victory"},
    {80, "Crushing Victory"},
    {INT_MAX, "Victorious Slaughter"},
};
#define MARGIN_DRAW_BELOW 10 /* percent */

/* Points for what each side destroyed or damaged and for the mission's aim; the margin
 * decides who won. How the game ended (a side taking its objective, the turn limit) scores
 * nothing by itself: the aim scores only through the mission's objective type. */
static enum murk_side margin_points(const struct murk_game* g, int vp[MURK_SIDES], char* name,
                                    size_t name_len) {
  const struct murk_victory* v = &g->m->victory;
  int limit = v->points_limit;
  if (limit <= 0) {
    int a = force_worth(g, MURK_ATTACKER), d = force_worth(g, MURK_DEFENDER);
    limit = a > d ? a : d; /* murk's own default: the larger force's worth */
  }
  if (limit <= 0) limit = 1;
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    for (int k = 0; k < g->s.nunits[sd]; k++) {
      int worth = unit_worth(g, (enum murk_side)sd, k);
      if (g->s.units[sd][k].state == MURK_PLATOON_DESTROYED)
        vp[1 - sd] += worth;
      else if (unit_damaged(g, (enum murk_side)sd, k))
        vp[1 - sd] += worth * v->damaged_share / 100;
    }
  }
  for (int sd = 0; sd < MURK_SIDES; sd++) vp[sd] += objective_points(g, (enum murk_side)sd, limit);
  int diff = vp[0] > vp[1] ? vp[0] - vp[1] : vp[1] - vp[0];
  /* "less than 10%" is a draw and "more than 10%" a win: exactly 10% is murk's own call, a
   * Solid Victory. */
  if (100 * diff < MARGIN_DRAW_BELOW * limit) {
    snprintf(name, name_len, "Draw");
    return MURK_NO_SIDE;
  }
  for (size_t i = 0; i < sizeof margin_bands / sizeof margin_bands[0]; i++)
    if (margin_bands[i].up_to == INT_MAX || 100 * diff <= margin_bands[i].up_to * limit) {
      snprintf(name, name_len, "%s", margin_bands[i].name);
      break;
    }
  return vp[0] > vp[1] ? MURK_ATTACKER : MURK_DEFENDER;
}

enum murk_side mk_victory_points(const struct murk_game* g, enum murk_side winner,
                                 int vp[MURK_SIDES], char* name, size_t name_len) {
  const struct murk_victory* v = &g->m->victory;
  vp[0] = vp[1] = 0;
  if (name_len) name[0] = '\0';
  if (v->mode == MURK_VP_MARGIN) return margin_points(g, vp, name, name_len);
  if (winner != MURK_ATTACKER && winner != MURK_DEFENDER) {
    if (!murk_mission_rule_on(g->m, MURK_RULE_FAIR_FIGHT)) {
      snprintf(name, name_len, "no victory points");
      return MURK_NO_SIDE;
    }
    /* Fair Fight (Flames of War missions, Free-for-All, Encounter and No Man's Land,
     * "Deciding who won", name it, page 275, without giving it; murk's own default): nobody
     * won, so each side scores for the enemy platoons it destroyed, per_platoon each, at
     * most max. */
    int per = murk_mission_param(g->m, MURK_P_FF_PER_PLATOON);
    int most = murk_mission_param(g->m, MURK_P_FF_MAX);
    for (int sd = 0; sd < MURK_SIDES; sd++) {
      int n = per * counted_destroyed(g, murk_side_other((enum murk_side)sd));
      vp[sd] = n < most ? n : most;
    }
    snprintf(name, name_len, "Fair Fight");
    return MURK_NO_SIDE;
  }
  /* Luneville, Victory Point Table: the winner's own losses pick the row; a company that
   * started with nine or more platoons (transports not counted) ignores its first loss. */
  int lost = destroyed(g, winner);
  if (v->ignore_first_loss_at > 0 && counted_platoons(g, winner) >= v->ignore_first_loss_at &&
      lost > 0)
    lost--;
  const struct murk_vp_row* row = NULL;
  for (int i = 0; i < v->nrows && !row; i++)
    if (lost >= v->rows[i].lost_min && (v->rows[i].lost_max < 0 || lost <= v->rows[i].lost_max))
      row = &v->rows[i];
  if (!row && v->nrows > 0) row = &v->rows[v->nrows - 1]; /* a table with gaps: its last row */
  if (!row) {
    snprintf(name, name_len, "Victory");
    return winner;
  }
  vp[winner] = row->winner;
  vp[murk_side_other(winner)] = row->loser;
  snprintf(name, name_len, "%s", row->name);
  return winner;
}

static const char* const ended_names[MURK_ENDED_COUNT] = {
    [MURK_ENDED_NONE] = "not over",
    [MURK_ENDED_OBJECTIVE] = "objective",
    [MURK_ENDED_HELD] = "defence held",
    [MURK_ENDED_WITHDRAWAL] = "rearguard held",
    [MURK_ENDED_DESTROYED] = "force destroyed",
    [MURK_ENDED_MORALE] = "company morale",
    [MURK_ENDED_TURN_LIMIT] = "turn limit",
    [MURK_ENDED_GAME_LENGTH] = "game length",
    [MURK_ENDED_LAST_TURN] = "last turn",
    [MURK_ENDED_CONCEDED] = "conceded",
    [MURK_ENDED_AGREED] = "agreed end",
};

const char* murk_ended_name(enum murk_ended e) {
  return (unsigned)e < MURK_ENDED_COUNT ? ended_names[e] : "?";
}

enum murk_ended murk_game_ended(const struct murk_game* g) {
  return g && g->s.phase == MURK_PHASE_OVER ? (enum murk_ended)g->s.ended : MURK_ENDED_NONE;
}

void mk_game_over(struct murk_game* g, enum murk_ended how, enum murk_side winner, const char* fmt,
                  ...) {
  struct mk_state* s = &g->s;
  s->ended = (int)how;
  char reason[120];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(reason, sizeof reason, fmt, ap);
  va_end(ap);
  char name[MURK_NAME];
  int vp[MURK_SIDES];
  enum murk_side w = mk_victory_points(g, winner, vp, name, sizeof name);
  /* Reasons are short; the whole line is cut to the result's size if ever needed. */
  char line[320];
  if (w == MURK_ATTACKER || w == MURK_DEFENDER)
    snprintf(line, sizeof line, "%s wins (%s %d:%d): %s", murk_side_name(w), name, vp[w],
             vp[murk_side_other(w)], reason);
  else
    snprintf(line, sizeof line, "no winner (%s %d:%d): %s", name, vp[MURK_ATTACKER],
             vp[MURK_DEFENDER], reason);
  size_t len = strlen(line);
  if (len >= sizeof s->result) len = sizeof s->result - 1;
  memcpy(s->result, line, len);
  s->result[len] = '\0';
  s->winner = w == MURK_ATTACKER || w == MURK_DEFENDER ? w : MURK_NO_SIDE;
  s->vp[0] = vp[0];
  s->vp[1] = vp[1];
  s->phase = MURK_PHASE_OVER;
  s->withdraw_due = 0;
  s->remove_due = 0;
  mk_emit(g, MURK_EV_END, MURK_AUD_ALL, s->winner, "game over: %s", s->result);
  s->to_act = MURK_NO_SIDE;
}

int murk_game_vp(const struct murk_game* g, enum murk_side side) {
  if (!g || (side != MURK_ATTACKER && side != MURK_DEFENDER)) return 0;
  return g->s.phase == MURK_PHASE_OVER ? g->s.vp[side] : 0;
}

/* ---- where the attackers are ---- */

/* Cells with something of the attacker's on them: placed teams and templates (dummies
 * too: a template is all the defender can see, and counting only real ones would tell the
 * defender which are dummies). */
static bool attacker_where(const struct murk_game* g,
                           bool (*pred)(const struct murk_game*, struct murk_pos, int), int arg) {
  const struct mk_state* s = &g->s;
  for (int i = 0; i < s->nmarkers; i++)
    if (s->markers[i].on_table && s->markers[i].owner == MURK_ATTACKER &&
        pred(g, s->markers[i].pos, arg))
      return true;
  for (int t = 0; t < s->nteams[MURK_ATTACKER]; t++) {
    const struct mk_team* tm = &s->teams[MURK_ATTACKER][t];
    if (tm->alive && tm->placed && pred(g, tm->pos, arg)) return true;
  }
  return false;
}

/* Which half of the table a region lies in: true and *which, or false if it straddles the
 * centre line. Halves run along the long edges (north/south on a wide table). */
static bool half_of(const struct murk_mission* m, const struct murk_region* r,
                    enum murk_compass* which) {
  bool wide = m->grid.width >= m->grid.height;
  switch (r->kind) {
    case MURK_REGION_HALF:
      *which = r->which;
      return true;
    case MURK_REGION_QUARTER: {
      bool north = r->which == MURK_NE || r->which == MURK_NW;
      bool east = r->which == MURK_NE || r->which == MURK_SE;
      *which = wide ? (north ? MURK_NORTH : MURK_SOUTH) : (east ? MURK_EAST : MURK_WEST);
      return true;
    }
    case MURK_REGION_RECT: {
      /* Twice the centre against the table's (size - 1). */
      int c = wide ? r->from.y + r->to.y : r->from.x + r->to.x;
      int mid = wide ? m->grid.height - 1 : m->grid.width - 1;
      if (c == mid) return false;
      *which = wide ? (c < mid ? MURK_NORTH : MURK_SOUTH) : (c < mid ? MURK_WEST : MURK_EAST);
      return true;
    }
    case MURK_REGION_WHOLE:
      break;
  }
  return false;
}

static enum murk_compass opposite(enum murk_compass c) {
  switch (c) {
    case MURK_NORTH:
      return MURK_SOUTH;
    case MURK_SOUTH:
      return MURK_NORTH;
    case MURK_EAST:
      return MURK_WEST;
    default:
      return MURK_EAST;
  }
}

/* The defender's half (Flames of War missions, No Retreat and others): the half its zone lies in,
 * else the half opposite the attacker's zone, else the north (or west) half. */
static struct murk_region defender_half(const struct murk_mission* m) {
  struct murk_region h = {.kind = MURK_REGION_HALF};
  enum murk_compass c;
  if (half_of(m, &m->sides[MURK_DEFENDER].zone.region, &c))
    h.which = c;
  else if (half_of(m, &m->sides[MURK_ATTACKER].zone.region, &c))
    h.which = opposite(c);
  else
    h.which = m->grid.width >= m->grid.height ? MURK_NORTH : MURK_WEST;
  return h;
}

static bool in_defender_half(const struct murk_game* g, struct murk_pos p, int arg) {
  (void)arg;
  struct murk_region h = defender_half(g->m);
  return murk_region_contains(g->m, &h, p);
}

static bool near_an_objective(const struct murk_game* g, struct murk_pos p, int distance) {
  for (int k = 0; k < g->s.nobjectives; k++)
    if (murk_geom_distance(&g->m->grid, p, g->s.objectives[k].pos) <= distance) return true;
  return false;
}

/* ---- taken objectives and end conditions ---- */

/* Our reading of "taken" (Flames of War, the Luneville mission rules and the missions use
 * the word; the rulebook page is not in them; docs/rules.md, "Objective taken"): a side
 * holds an objective when one of its revealed teams is within the mission's hold distance
 * (objectives: hold, 10cm unless it says) and no enemy team or template is. */
bool mk_objective_taken(const struct murk_game* g, enum murk_side side, int k) {
  const struct mk_state* s = &g->s;
  const struct murk_grid* grid = &g->m->grid;
  const struct mk_placed_objective* o = &s->objectives[k];
  enum murk_side enemy = murk_side_other(side);
  int hold = g->m->objective_hold;
  /* A cell more rows away than hold is farther than hold (a step changes the row by one at
   * most, on hexes and squares alike): most of the table is passed over without measuring. */
  int64_t y0 = (int64_t)o->pos.y - hold, y1 = (int64_t)o->pos.y + hold;
  for (int i = 0; i < s->nmarkers; i++)
    if (s->markers[i].on_table && s->markers[i].owner == enemy && s->markers[i].pos.y >= y0 &&
        s->markers[i].pos.y <= y1 && murk_geom_distance(grid, s->markers[i].pos, o->pos) <= hold)
      return false;
  bool own = false;
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    for (int t = 0; t < s->nteams[sd]; t++) {
      const struct mk_team* tm = &s->teams[sd][t];
      if (!tm->alive || !tm->placed || tm->pos.y < y0 || tm->pos.y > y1 ||
          murk_geom_distance(grid, tm->pos, o->pos) > hold)
        continue;
      if (sd == (int)enemy) return false;
      own = true;
    }
  }
  return own;
}

/* What of `owner` stands within the hold distance of objective k as `viewer` knows it:
 * *team a revealed team, *any a team or a marker. The viewer's own things and the umpire's
 * from the truth; the enemy's where the viewer sees or last saw them. */
static void hold_near(const struct murk_game* g, enum murk_side viewer, enum murk_side owner, int k,
                      bool* team, bool* any) {
  const struct mk_state* s = &g->s;
  const struct murk_grid* grid = &g->m->grid;
  struct murk_pos o = s->objectives[k].pos;
  int hold = g->m->objective_hold;
  bool truth = viewer == owner || (viewer != MURK_ATTACKER && viewer != MURK_DEFENDER);
  *team = *any = false;
  for (int i = 0; i < s->nmarkers; i++) {
    const struct mk_marker* mk = &s->markers[i];
    if (mk->owner != owner || !mk->on_table) continue;
    const struct mk_sighting* k2 = truth ? NULL : &s->seen_marker[viewer][i];
    if (k2 && !k2->known) continue;
    if (murk_geom_distance(grid, k2 ? k2->pos : mk->pos, o) <= hold) *any = true;
  }
  for (int t = 0; t < s->nteams[owner]; t++) {
    const struct mk_team* tm = &s->teams[owner][t];
    if (!tm->alive || !tm->placed) continue;
    const struct mk_sighting* k2 = truth ? NULL : &s->seen_team[viewer][t];
    if (k2 && !k2->known) continue;
    if (murk_geom_distance(grid, k2 ? k2->pos : tm->pos, o) <= hold) *team = *any = true;
  }
}

enum murk_side mk_objective_hold(const struct murk_game* g, enum murk_side viewer, int k,
                                 bool* contested) {
  bool team[MURK_SIDES], any[MURK_SIDES];
  for (int sd = 0; sd < MURK_SIDES; sd++)
    hold_near(g, viewer, (enum murk_side)sd, k, &team[sd], &any[sd]);
  if (contested) *contested = any[MURK_ATTACKER] && any[MURK_DEFENDER];
  for (int sd = 0; sd < MURK_SIDES; sd++)
    if (team[sd] && !any[1 - sd]) return (enum murk_side)sd;
  return MURK_NO_SIDE;
}

bool mk_end_condition_met(const struct murk_game* g, enum murk_side side,
                          const struct murk_end_condition* e, int* objective) {
  const struct mk_state* s = &g->s;
  if (e->side != MURK_NO_SIDE && e->side != side) return false;
  if (e->turn > 0 && s->turn < e->turn) return false;
  switch (e->kind) {
    case MURK_END_OBJECTIVE_TAKEN:
      for (int k = 0; k < s->nobjectives; k++) {
        enum murk_side f = s->objectives[k].for_side;
        if (f != side && f != MURK_NO_SIDE) continue;
        if (!mk_objective_taken(g, side, k)) continue;
        if (objective) *objective = k;
        return true;
      }
      return false;
    case MURK_END_NO_ATTACKERS_IN_HALF:
      /* The Flames of War missions (No Retreat, Hold the Line, Pincer, Hasty Attack): at the start
       * of the defender's turn; `side: either` means the defender's. */
      if (e->side == MURK_NO_SIDE && side != MURK_DEFENDER) return false;
      return !attacker_where(g, in_defender_half, 0);
    case MURK_END_NO_ATTACKERS_NEAR_OBJECTIVES:
      /* The Flames of War missions (Surrounded, Cauldron, Breakthrough, Counterattack). */
      if (e->side == MURK_NO_SIDE && side != MURK_DEFENDER) return false;
      return !attacker_where(g, near_an_objective, e->distance);
    case MURK_END_TURN_LIMIT: /* at the end of a game turn: mk_victory_game_length */
    default:
      return false;
  }
}

/* The turn after which the game ends, 0 if none: the mission's limit or the smallest
 * turn_limit end condition. */
static int turn_limit(const struct murk_mission* m) {
  int limit = m->turn_limit > 0 ? m->turn_limit : 0;
  for (int i = 0; i < m->nend; i++)
    if (m->end[i].kind == MURK_END_TURN_LIMIT && m->end[i].turn > 0 &&
        (limit == 0 || m->end[i].turn < limit))
      limit = m->end[i].turn;
  return limit;
}

int mk_victory_last_turn(const struct murk_game* g) {
  int limit = turn_limit(g->m);
  if (g->last_turn > 0 && (limit == 0 || g->last_turn < limit)) return g->last_turn;
  return limit;
}

void mk_victory_ending(const struct murk_mission* m, struct murk_view_ending* out) {
  memset(out, 0, sizeof *out);
  out->end = m->end;
  out->nend = m->nend;
  out->hold = m->objective_hold;
  out->turn_limit = turn_limit(m);
  out->random_length = murk_mission_rule_on(m, MURK_RULE_RANDOM_GAME_LENGTH);
  out->otherwise = m->victory.otherwise;
  out->points = m->victory.mode;
  out->aim = m->victory.objective;
  out->defender_half = defender_half(m);
  if (murk_mission_rule_on(m, MURK_RULE_FIGHTING_WITHDRAWAL)) {
    out->withdraw_from = murk_mission_param(m, MURK_P_FW_FROM_TURN);
    out->remove_from = murk_mission_param(m, MURK_P_FW_REMOVE_FROM);
    out->held_until = murk_mission_param(m, MURK_P_FW_LAST_TURN);
  }
}

bool mk_victory_game_length(struct murk_game* g) {
  const struct murk_mission* m = g->m;
  struct mk_state* s = &g->s;
  enum murk_side otherwise = m->victory.otherwise;
  int ended = s->turn - 1;
  int limit = turn_limit(m);
  bool random = murk_mission_rule_on(m, MURK_RULE_RANDOM_GAME_LENGTH);
  /* A last turn set for tournament play ends the game there, whatever the mission's length
   * would have been. */
  if (g->last_turn > 0 && ended >= g->last_turn) {
    mk_game_over(g, MURK_ENDED_LAST_TURN, otherwise, "the last turn (%d) has been played",
                 g->last_turn);
    return true;
  }
  if (!random) {
    if (limit > 0 && ended >= limit) {
      mk_game_over(g, MURK_ENDED_TURN_LIMIT, otherwise, "turn limit reached after turn %d", limit);
      return true;
    }
    return false;
  }
  /* The 40k mission special rules, Random Game Length: only at the end of the mission's stated
   * number of turns
   * (its turn limit; the loader insists on one) does a die decide whether another turn is
   * played, and again after each extra turn; after max_extra extra turns the game ends
   * without a roll. The rule never shortens a mission. */
  if (limit <= 0 || ended < limit || s->length_checked >= ended) return false;
  s->length_checked = ended;
  int most = murk_mission_param(m, MURK_P_RGL_EXTRA);
  if (s->extra_turns >= most) {
    mk_game_over(g, MURK_ENDED_GAME_LENGTH, otherwise,
                 "the game ends after turn %d (random game length: %d extra turn%s)", ended,
                 s->extra_turns, mk_plural(s->extra_turns));
    return true;
  }
  int need = murk_mission_param(m, MURK_P_RGL_SCORE);
  char purpose[96]; /* murk_roll keeps MURK_ROLL_PURPOSE - 1 bytes */
  snprintf(purpose, sizeof purpose, "random game length after turn %d, %d+", ended, need);
  struct murk_dice_expr d6 = {1, 6, 1, 0};
  if (murk_roll(g, &d6, purpose, MURK_AUD_ALL, NULL) >= need) {
    s->extra_turns++;
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, MURK_NO_SIDE, "another turn is played (turn %d)",
            s->turn);
    return false;
  }
  mk_game_over(g, MURK_ENDED_GAME_LENGTH, otherwise,
               "the game ends after turn %d (random game length)", ended);
  return true;
}

/* ---- Fighting Withdrawal (Flames of War missions) ---- */

/* "Remove Objective" (Flames of War missions, Fighting Withdrawal, the turn table, turns 6 and 7):
 * the text does not say which; the defender chooses (`remove objective NAME`, before its step may
 * end). The last objective stays. */
static void remove_objective(struct murk_game* g) {
  struct mk_state* s = &g->s;
  if (s->nobjectives <= 1) return;
  s->remove_due = 1;
  mk_emit(g, MURK_EV_OBJECTIVE, MURK_AUD_ALL, MURK_DEFENDER,
          "Fighting Withdrawal, turn %d: the defender removes an objective of its choice", s->turn);
}

/* The schedule at the start of the defender's turn (Flames of War missions, Fighting Withdrawal,
 * the turn table): from from_turn, a withdrawal when the platoons on the table and the delay
 * counters together reach `platoons` (the counters are then given up), a delay counter
 * otherwise; from remove_from an objective goes too; at last_turn the game is over and
 * the defender has won. True if the game is over. */
static bool fighting_withdrawal(struct murk_game* g, enum murk_side side) {
  const struct murk_mission* m = g->m;
  struct mk_state* s = &g->s;
  if (side != MURK_DEFENDER || !murk_mission_rule_on(m, MURK_RULE_FIGHTING_WITHDRAWAL))
    return false;
  int t = s->turn;
  if (t >= murk_mission_param(m, MURK_P_FW_LAST_TURN)) {
    mk_game_over(g, MURK_ENDED_WITHDRAWAL, MURK_DEFENDER,
                 "the rearguard held until the defender's turn %d", t);
    return true;
  }
  if (t < murk_mission_param(m, MURK_P_FW_FROM_TURN)) return false;
  if (t >= murk_mission_param(m, MURK_P_FW_REMOVE_FROM)) remove_objective(g);
  int n = 0;
  for (int k = 0; k < s->nunits[side]; k++) {
    enum murk_platoon_state st = s->units[side][k].state;
    n += st == MURK_PLATOON_HIDDEN || st == MURK_PLATOON_REVEALED;
  }
  if (n == 0) return false;
  mk_emit(g, MURK_EV_INFO, murk_audience_of(side), side,
          "Fighting Withdrawal: you have %d platoon%s on the table and %d delay counter%s", n,
          mk_plural(n), s->delay_counters, mk_plural(s->delay_counters));
  if (n + s->delay_counters >= murk_mission_param(m, MURK_P_FW_PLATOONS)) {
    s->delay_counters = 0;
    s->withdraw_due = 1;
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side,
            "Fighting Withdrawal, turn %d: the defender withdraws a platoon and has no delay "
            "counters",
            t);
  } else {
    s->delay_counters++;
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side,
            "Fighting Withdrawal, turn %d: the defender gains a delay counter (%d)", t,
            s->delay_counters);
  }
  return false;
}

int mk_victory_withdraw(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                        const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  (void)c;
  struct mk_state* s = &g->s;
  int unit = a->unit, mi = a->marker;
  if (unit < 0)
    return mk_reject(reason, reason_len, "T%d is a dummy: withdraw a platoon",
                     s->markers[mi].number);
  struct mk_unit_state* u = &s->units[side][unit];
  const struct murk_platoon* pl = mk_unit_platoon(g, side, unit);
  if (u->state != MURK_PLATOON_HIDDEN && u->state != MURK_PLATOON_REVEALED)
    return mk_reject(reason, reason_len, "platoon %d (%s) is not on the table", unit + 1, pl->name);
  bool hidden = u->state == MURK_PLATOON_HIDDEN;
  if (mi >= 0) s->markers[mi].on_table = false;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) s->teams[side][t].placed = false;
  u->state = MURK_PLATOON_WITHDRAWN;
  s->withdraw_due--;
  if (hidden) {
    mk_emit(g, MURK_EV_MOVE, MURK_AUD_ALL, side, "%s withdraws T%d from the table",
            murk_side_name(side), u->marker);
    mk_event_facts(g, u->marker, mi >= 0 ? &s->markers[mi].pos : NULL, NULL);
    mk_emit(g, MURK_EV_INFO, murk_audience_of(side), side, "T%d was your %s (platoon %d)",
            u->marker, pl->name, unit + 1);
  } else {
    mk_emit(g, MURK_EV_MOVE, MURK_AUD_ALL, side, "%s withdraws P%d (%s) from the table",
            murk_side_name(side), u->marker, pl->name);
    mk_event_facts(g, u->marker, NULL, NULL);
  }
  return MURK_OK;
}

bool mk_victory_start_of_turn(struct murk_game* g, enum murk_side side) {
  const struct murk_mission* m = g->m;
  struct mk_state* s = &g->s;
  if (fighting_withdrawal(g, side)) return true;
  for (int i = 0; i < m->nend; i++) {
    const struct murk_end_condition* e = &m->end[i];
    int k = -1;
    if (!mk_end_condition_met(g, side, e, &k)) continue;
    char cs[32];
    switch (e->kind) {
      case MURK_END_OBJECTIVE_TAKEN:
        mk_game_over(g, MURK_ENDED_OBJECTIVE, side, "took objective %s on turn %d",
                     s->objectives[k].name, s->turn);
        return true;
      case MURK_END_NO_ATTACKERS_IN_HALF:
        mk_game_over(g, MURK_ENDED_HELD, MURK_DEFENDER,
                     "no attacking teams in the defender's half on turn %d", s->turn);
        return true;
      case MURK_END_NO_ATTACKERS_NEAR_OBJECTIVES:
        mk_cells_text(g, e->distance, cs, sizeof cs);
        mk_game_over(g, MURK_ENDED_HELD, MURK_DEFENDER,
                     "no attacking teams within %s of an objective on turn %d", cs, s->turn);
        return true;
      default:
        break;
    }
  }
  return false;
}

/* ---- an end to every battle: conceding and agreed ends (docs/rules.md "End of the
 * game") ---- */

int mk_victory_concede(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                       const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  (void)c, (void)a, (void)reason, (void)reason_len;
  /* The side gives the battle up: the enemy has won, and the points are those of a lost
   * battle (the mission's victory point table, as for any other win). */
  mk_game_over(g, MURK_ENDED_CONCEDED, murk_side_other(side), "the %s conceded on turn %d",
               murk_side_name(side), g->s.turn);
  return MURK_OK;
}

int mk_victory_offer_ready(const struct murk_game* g, enum murk_side side, char* reason,
                           size_t reason_len) {
  enum murk_side o = g->s.end_offer;
  if (o == side)
    return mk_reject(reason, reason_len,
                     "your offer to end the battle stands until the %s answers it",
                     murk_side_name(murk_side_other(side)));
  if (o != MURK_NO_SIDE)
    return mk_reject(reason, reason_len,
                     "the %s has offered to end the battle: answer it (accept end or refuse end)",
                     murk_side_name(o));
  return MURK_OK;
}

int mk_victory_answer_ready(const struct murk_game* g, enum murk_side side, char* reason,
                            size_t reason_len) {
  if (g->s.end_offer == murk_side_other(side)) return MURK_OK;
  if (g->s.end_offer == side)
    return mk_reject(reason, reason_len, "the offer to end the battle is yours: the %s answers it",
                     murk_side_name(murk_side_other(side)));
  return mk_reject(reason, reason_len, "the %s has offered no end to the battle",
                   murk_side_name(murk_side_other(side)));
}

int mk_victory_offer(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                     const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  (void)c, (void)a, (void)reason, (void)reason_len;
  g->s.end_offer = side;
  mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side,
          "the %s offers to end the battle: the %s answers when it next acts (accept end or "
          "refuse end)",
          murk_side_name(side), murk_side_name(murk_side_other(side)));
  return MURK_OK;
}

int mk_victory_accept(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                      const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  (void)c, (void)a, (void)reason, (void)reason_len;
  g->s.end_offer = MURK_NO_SIDE;
  /* An agreed end: nobody won the battle, so the mission's rule for a game that ends
   * without a winner decides (the victory it names, or Fair Fight). */
  mk_game_over(g, MURK_ENDED_AGREED, g->m->victory.otherwise,
               "the %s accepted the %s's offer to end the battle on "
               "turn %d",
               murk_side_name(side), murk_side_name(murk_side_other(side)), g->s.turn);
  return MURK_OK;
}

int mk_victory_refuse(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                      const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  (void)c, (void)a, (void)reason, (void)reason_len;
  g->s.end_offer = MURK_NO_SIDE;
  mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side, "the %s refuses to end the battle: it goes on",
          murk_side_name(side));
  return MURK_OK;
}
