/* objectives.c: where objectives and patrols may go ("Flames of War missions", Preparing
 * for Battle: the objective steps of each mission; No Man's Land: the left/right roll, the
 * halves, the centre and dividing lines, the patrols' cells; Hasty Attack's objectives
 * taken away). Queries the placing handlers of setup.c and the view ask, and the
 * left/right roll the phase table makes; below the phase machine, which calls it. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "deploy.h"
#include "event.h"
#include "murk/error.h"
#include "murk/text.h"
#include "objectives.h"
#include "setup.h"
#include "state.h"

/* ---- No Man's Land: the left/right roll and the patrols (Flames of War missions, No
 * Man's Land, Preparing for Battle) ---- */

bool mk_objectives_nml_on(const struct murk_game* g) {
  return murk_mission_rule_on(g->m, MURK_RULE_NO_MANS_LAND_PATROL);
}

/* The sides face each other across the centre line; the dividing line crosses it at right
 * angles. North/south deployment halves: the centre line runs east-west. */
static bool faces_north_south(const struct murk_game* g) {
  const struct murk_region* r = &g->m->sides[MURK_ATTACKER].zone.region;
  return !(r->kind == MURK_REGION_HALF && (r->which == MURK_EAST || r->which == MURK_WEST));
}

/* Twice the whole rows between row v and the middle of `len` rows (as region.c's bands). */
static int twice_from_middle(int v, int len) {
  int top2 = 2 * v, bottom2 = 2 * (v + 1);
  if (bottom2 <= len) return len - bottom2;
  if (top2 >= len) return top2 - len;
  return 0;
}

/* Whole rows (columns) between p and the centre line, and between p and the dividing line. */
static int from_centre_line(const struct murk_game* g, struct murk_pos p) {
  const struct murk_grid* gr = &g->m->grid;
  return faces_north_south(g) ? twice_from_middle(p.y, gr->height) / 2
                              : twice_from_middle(p.x, gr->width) / 2;
}
static int from_dividing_line(const struct murk_game* g, struct murk_pos p) {
  const struct murk_grid* gr = &g->m->grid;
  return faces_north_south(g) ? twice_from_middle(p.x, gr->width) / 2
                              : twice_from_middle(p.y, gr->height) / 2;
}

/* Which of the left/right halves p lies in: 0 (west or north), 1, or -1 on the line. */
static int lr_half(const struct murk_game* g, struct murk_pos p) {
  const struct murk_grid* gr = &g->m->grid;
  int v = faces_north_south(g) ? p.x : p.y, len = faces_north_south(g) ? gr->width : gr->height;
  return 2 * (v + 1) <= len ? 0 : 2 * v >= len ? 1 : -1;
}

/* The objective `side` placed (-1: none yet). */
static int placed_objective(const struct murk_game* g, enum murk_side side) {
  for (int i = 0; i < g->s.nobjectives; i++)
    if (g->s.objectives[i].placed_by == side) return i;
  return -1;
}

/* The index of the objective step in progress: under No Man's Land the winner of the
 * left/right roll places first, whichever step the file lists first. */
int mk_objectives_step_index(const struct murk_game* g) {
  const struct murk_mission* m = g->m;
  int k = g->s.objective_rule;
  if (mk_objectives_nml_on(g) && m->nobjective_rules == 2 && g->s.lr_winner != MURK_NO_SIDE &&
      m->objective_rules[0].by != g->s.lr_winner && k < 2)
    return 1 - k;
  return k;
}

const struct murk_objective_rule* mk_setup_objective_step(const struct murk_game* g) {
  return &g->m->objective_rules[mk_objectives_step_index(g)];
}

/* "Both players roll another die. The player with the higher score chooses": murk rolls
 * when the objectives are placed (after deployment), and the winner's choice of half is
 * where it puts its objective. */
void mk_objectives_roll_left_right(struct murk_game* g) {
  struct murk_dice_expr d6 = {1, 6, 1, 0};
  for (int tries = 0; tries < 100 && g->s.lr_winner == MURK_NO_SIDE; tries++) {
    int r[MURK_SIDES];
    for (int sd = 0; sd < MURK_SIDES; sd++) {
      char purpose[MURK_ROLL_PURPOSE];
      snprintf(purpose, sizeof purpose, "left or right, %s", murk_side_name((enum murk_side)sd));
      r[sd] = murk_roll(g, &d6, purpose, MURK_AUD_ALL, NULL);
    }
    if (r[0] == r[1]) {
      mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, MURK_NO_SIDE, "a tie: both roll again");
      continue;
    }
    g->s.lr_winner = r[MURK_ATTACKER] > r[MURK_DEFENDER] ? MURK_ATTACKER : MURK_DEFENDER;
  }
  if (g->s.lr_winner == MURK_NO_SIDE) g->s.lr_winner = MURK_ATTACKER;
  mk_emit(g, MURK_EV_PHASE, MURK_AUD_ALL, g->s.lr_winner,
          "the %s chooses the left or right half: it places its objective and patrol first",
          murk_side_name(g->s.lr_winner));
}

/* Objectives under No Man's Land: at least `divide` from the dividing line, and the second
 * in the other half from the first. */
static int nml_objective_check(const struct murk_game* g, struct murk_pos p, char* reason,
                               size_t reason_len) {
  int divide = murk_mission_param(g->m, MURK_P_NML_DIVIDE);
  char ps[16] = "", ds[32] = "";
  if (reason && reason_len) {
    murk_pos_format(p, ps, sizeof ps);
    mk_cells_text(g, divide, ds, sizeof ds);
  }
  if (from_dividing_line(g, p) < divide)
    return mk_reject(reason, reason_len,
                     "an objective must be at least %s (%d cells) from the line dividing left "
                     "from right; %s is %d",
                     ds, divide, ps, from_dividing_line(g, p));
  enum murk_side other = murk_side_other(g->s.to_act);
  int k = placed_objective(g, other);
  if (k >= 0 && lr_half(g, g->s.objectives[k].pos) == lr_half(g, p))
    return mk_reject(reason, reason_len,
                     "the %s took this half for its objective %s: yours goes in the other half",
                     murk_side_name(other), g->s.objectives[k].name);
  return MURK_OK;
}

/* A patrol platoon: held in reserve (not in ambush) or on the table. */
bool mk_objectives_patrol_eligible(const struct murk_game* g, enum murk_side side, int unit) {
  const struct mk_unit_state* u = &g->s.units[side][unit];
  /* "nominate one platoon to be their Patrol ... and remove it from the table": one of the
   * platoons deployed, not one in reserve. */
  return u->state == MURK_PLATOON_HIDDEN || u->state == MURK_PLATOON_REVEALED;
}

bool mk_setup_may_patrol(const struct murk_game* g, enum murk_side side, int unit) {
  return g->s.to_act == side && g->s.phase == MURK_PHASE_PATROL &&
         mk_objectives_work_patrol(g, side) && mk_objectives_patrol_eligible(g, side, unit);
}

int mk_setup_patrol_cell(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                         char* reason, size_t reason_len) {
  const struct murk_mission* m = g->m;
  int within = murk_mission_param(m, MURK_P_NML_WITHIN);
  int divide = murk_mission_param(m, MURK_P_NML_DIVIDE);
  bool say = reason && reason_len;
  char ps[16] = "", ws[32] = "", ds[32] = "";
  if (say) {
    murk_pos_format(p, ps, sizeof ps);
    mk_cells_text(g, within, ws, sizeof ws);
    mk_cells_text(g, divide, ds, sizeof ds);
  }
  if (!murk_geom_on_table(&m->grid, p))
    return mk_reject(reason, reason_len, "%s is off the table", ps);
  if (!murk_region_contains(m, &m->sides[side].zone.region, p))
    return mk_reject(reason, reason_len,
                     "a patrol goes out on your own side of the table; %s is not", ps);
  if (from_centre_line(g, p) >= within)
    return mk_reject(
        reason, reason_len,
        "a patrol is placed within %s (%d cells) of the centre line; %s is %d rows away", ws,
        within, ps, from_centre_line(g, p));
  if (from_dividing_line(g, p) < divide)
    return mk_reject(reason, reason_len,
                     "a patrol is placed at least %s (%d cells) from the line dividing left from "
                     "right; %s is %d",
                     ds, divide, ps, from_dividing_line(g, p));
  int k = placed_objective(g, side);
  if (k >= 0 && lr_half(g, g->s.objectives[k].pos) != lr_half(g, p))
    return mk_reject(reason, reason_len,
                     "a patrol goes in the half where you placed objective %s; %s is in the other",
                     g->s.objectives[k].name, ps);
  if (!mk_cell_passable(m, p))
    return mk_reject(reason, reason_len, "a team cannot stand at %s", ps);
  return MURK_OK;
}

/* The patrol's area as a rectangle (its cells are a band of rows by a run of columns). */
bool mk_objectives_patrol_area(const struct murk_game* g, enum murk_side side,
                               struct murk_zone* z) {
  const struct murk_grid* gr = &g->m->grid;
  int x0 = INT_MAX, y0 = INT_MAX, x1 = -1, y1 = -1;
  for (int y = 0; y < gr->height; y++)
    for (int x = 0; x < gr->width; x++) {
      struct murk_pos p = {x, y};
      if (mk_setup_patrol_cell(g, side, p, NULL, 0) != MURK_OK) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  *z = (struct murk_zone){.region = {.kind = MURK_REGION_RECT, .from = {x0, y0}, .to = {x1, y1}}};
  return x1 >= 0;
}

bool mk_objectives_work_patrol(const struct murk_game* g, enum murk_side side) {
  if (!mk_objectives_nml_on(g) || g->s.patrol_out[side]) return false;
  for (int i = 0; i < g->s.nunits[side]; i++)
    if (mk_objectives_patrol_eligible(g, side, i)) return true;
  return false;
}

enum murk_side mk_objectives_patrol_first(struct murk_game* g) {
  return g->s.lr_winner == MURK_NO_SIDE ? MURK_ATTACKER : g->s.lr_winner;
}

/* ---- objectives ---- */

/* May the current placement step put an objective at `at`? */
int mk_objectives_cell_check(const struct murk_game* g, struct murk_pos at, char* reason,
                             size_t reason_len) {
  const struct mk_state* s = &g->s;
  const struct murk_objective_rule* r = mk_setup_objective_step(g);
  struct murk_zone z = {r->in, r->keep_out};
  int rc = mk_deploy_check_zone(g, &z, at, "the objective", reason, reason_len);
  if (rc != MURK_OK) return rc;
  if (mk_objectives_nml_on(g) && (rc = nml_objective_check(g, at, reason, reason_len)) != MURK_OK)
    return rc;
  char ps[16] = "", os[16] = "", ds[32] = "";
  bool say = reason && reason_len; /* as mk_deploy_check_zone */
  if (say) murk_pos_format(at, ps, sizeof ps);
  for (int i = 0; i < s->nobjectives; i++) {
    const struct mk_placed_objective* o = &s->objectives[i];
    int d = murk_geom_distance(&g->m->grid, o->pos, at);
    if (say) murk_pos_format(o->pos, os, sizeof os);
    if (d == 0) return mk_reject(reason, reason_len, "objective %s is already at %s", o->name, ps);
    if (r->min_apart > 0 && d < r->min_apart) {
      if (say) mk_cells_text(g, r->min_apart, ds, sizeof ds);
      return mk_reject(reason, reason_len,
                       "objectives must be at least %s (%d cells) apart; %s is %d from objective "
                       "%s at %s",
                       ds, r->min_apart, ps, d, o->name, os);
    }
    if (r->together > 0 && (r->together_all || o->rule == mk_objectives_step_index(g)) &&
        d > r->together) {
      if (say) mk_cells_text(g, r->together, ds, sizeof ds);
      return mk_reject(reason, reason_len,
                       "%s objectives must be within %s (%d cells) of each other; %s is "
                       "%d from objective %s at %s",
                       r->together_all ? "all" : "this step's", ds, r->together, ps, d, o->name,
                       os);
    }
  }
  return MURK_OK;
}

int mk_setup_objective_cell(const struct murk_game* g, struct murk_pos p, char* reason,
                            size_t reason_len) {
  return mk_objectives_cell_check(g, p, reason, reason_len);
}

/* ---- objectives taken away ---- */

/* Hasty Attack (Flames of War missions, Preparing for Battle, point 6): the side takes away
 * objectives it placed just before it deploys its own platoons, i.e. after the other side has
 * deployed when the sides deploy one after the other. */
int mk_setup_remove(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  (void)a;
  struct mk_state* s = &g->s;
  /* By the name every view shows (all objectives are public); a mission's names differ
   * even as commands compare them (mission_zones.c). */
  int k = -1;
  for (int i = 0; i < s->nobjectives && k < 0; i++)
    if (murk_text_name_eq(s->objectives[i].name, c->name)) k = i;
  if (k < 0) {
    char names[160] = "";
    size_t len = 0;
    for (int i = 0; i < s->nobjectives && len < sizeof names; i++)
      len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", i ? ", " : "",
                              s->objectives[i].name);
    return mk_reject(reason, reason_len, "there is no objective %s (the objectives: %s)", c->name,
                     s->nobjectives ? names : "none");
  }
  const char* want = s->objectives[k].name;
  if (s->phase == MURK_PHASE_PLAY) { /* Fighting Withdrawal: any objective (victory.c) */
    char ps[16];
    murk_pos_format(s->objectives[k].pos, ps, sizeof ps);
    mk_emit(g, MURK_EV_OBJECTIVE, MURK_AUD_ALL, side,
            "Fighting Withdrawal, turn %d: the %s removes objective %s at %s", s->turn,
            murk_side_name(side), want, ps);
    mk_event_facts(g, 0, &s->objectives[k].pos, NULL);
    memmove(&s->objectives[k], &s->objectives[k + 1],
            (size_t)(s->nobjectives - k - 1) * sizeof s->objectives[0]);
    s->nobjectives--;
    s->remove_due--;
    return MURK_OK;
  }
  if (s->objectives[k].placed_by != side)
    return mk_reject(reason, reason_len,
                     "objective %s was not placed by you: take away one of your own", want);
  char ps[16];
  murk_pos_format(s->objectives[k].pos, ps, sizeof ps);
  mk_emit(g, MURK_EV_OBJECTIVE, MURK_AUD_ALL, side, "%s takes away objective %s at %s",
          murk_side_name(side), want, ps);
  mk_event_facts(g, 0, &s->objectives[k].pos, NULL);
  memmove(&s->objectives[k], &s->objectives[k + 1],
          (size_t)(s->nobjectives - k - 1) * sizeof s->objectives[0]);
  s->nobjectives--;
  s->removed++;
  return MURK_OK;
}
