/* night.c: night and visibility rules (night.h; docs/rules.md, "Night and visibility").
 *
 * - Night Visibility Range (ASL night rules E1.1-E1.13): the Base NVR from the NVR Table and the
 *   NVR Modifier (or as the mission sets it), and the change roll at the start of every
 *   player turn after the first; beyond it a unit is unseen unless it fired (a gunflash,
 *   1.8) or stands in an illuminated cell (1.101, 1.9).
 * - Illumination (ASL night rules E1.9-E1.94): starshells (radius 3, placed by the placement roll)
 *   and illuminating rounds (radius 6), none before the first gunflash, for the rest of the
 *   player turn; fires (twice their burning levels, sight.c).
 * - Cloaking (ASL night rules E1.4): the attacker's infantry enters under cloaking counters
 *   (markers over a platoon or nothing); they move at a fixed rate and lose the cloak when
 *   they move through light or attack.
 * - The night defender (ASL night rules E1.2): it sets up under "?" counters, a quarter of its
 *   platoons hidden.
 * - Night movement (ASL night rules E1.5): the extra cost, the movement roll and straying, jitter
 *   fire.
 * - Which rule governs where the rule sets meet (docs/rules.md, "Which night rule
 *   governs"): Dusk & Dawn decides the dark turns for all; the NVR decides sight, Night
 *   Fighting's roll how far a unit fires.
 * - Night Fighting (40k mission special rules): a sight roll (2D6 x 3") once per firing unit;
 *   nothing beyond it may be shot, except by barrage weapons, which scatter farther.
 * - Dusk & Dawn (40k mission special rules): a die after deployment; 1: night on turn 1, 6: night
 *   from turn 6.
 * - Concealment (40k mission special rules): by day, a shot at a concealed unit needs the Night
 *   Fighting
 *   roll; ignored at night; ends after turn 1 (its loss on moving or shooting is combat.c's).
 * - Thick Morning Fog (Luneville) and Darkness (Flames of War missions): every shot needs a roll on
 *   the visibility table first, even at a team that fired (the fog); in the dark a team that
 *   fired is seen (sight.c). */
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "event.h"
#include "murk/error.h"
#include "murk/los.h"
#include "murk/sight.h"
#include "night.h"
#include "state.h"

static bool rule(const struct murk_game* g, enum murk_rule_id r) {
  return murk_mission_rule_on(g->m, r);
}

static int clamp6(int v) {
  return v < 0 ? 0 : v > 6 ? 6 : v;
}

/* ---- the tables of ASL night rules E1.11 and E1.12 ---- */

static const char* const cloud_names[] = {"no clouds", "scattered clouds", "overcast"};
static const char* const moon_names[] = {"no moon", "a half moon", "a full moon"};

/* NVR Table, coloured die: <= 2 none, 3-4 scattered, else overcast. The table prints its last
 * row as ">= 6" and no row for 5; a 5 must fall somewhere, and we put it with the 6 (our
 * reading, docs/rules.md). */
int mk_nvr_cloud_of(int coloured, int month) {
  if (month == 12 || month == 1 || month == 2) coloured++; /* +1 drm in Dec, Jan, Feb */
  return coloured <= 2 ? 0 : coloured <= 4 ? 1 : 2;
}

/* NVR Table, white die: <= 2 full moon, 3-4 half moon, else no moon (5 as above). */
int mk_nvr_moon_of(int white) {
  return white <= 2 ? 2 : white <= 4 ? 1 : 0;
}

/* NVR Modifier: none/no moon 0, half +1, full +2; scattered -1, 0, +1; overcast -2, -1, 0.
 * Every row is the moon's light less the clouds' cover. */
int mk_nvr_modifier(int cloud, int moon) {
  static const int table[3][3] = {{0, 1, 2}, {-1, 0, 1}, {-2, -1, 0}};
  if (cloud < 0 || cloud > 2 || moon < 0 || moon > 2) return 0;
  return table[cloud][moon];
}

int mk_nvr_base(int cloud, int moon, bool snow) {
  return clamp6((snow ? 6 : 3) + mk_nvr_modifier(cloud, moon));
}

bool mk_nvr_change_needs_extra(int cloud, int moon) {
  return cloud == 1 && (moon == 1 || moon == 2);
}

/* 1.12: a coloured 6 changes the NVR; white <= 3 lowers it, >= 5 raises it, 4 leaves it.
 * By one cell, except under scattered clouds with a half moon (the extra die / 3, rounded
 * up) or a full moon (the extra die / 2, rounded up). Never below 0 nor above 6. */
int mk_nvr_change(int nvr, int coloured, int white, int extra, int cloud, int moon) {
  if (coloured != 6 || white == 4) return clamp6(nvr);
  int by = 1;
  if (mk_nvr_change_needs_extra(cloud, moon) && extra > 0)
    by = moon == 1 ? (extra + 2) / 3 : (extra + 1) / 2;
  return clamp6(white <= 3 ? nvr - by : nvr + by);
}

/* ---- state ---- */

/* Which turns are dark (docs/rules.md, "Which night rule governs"; murk's own where the texts
 * are silent): where Dusk & Dawn is listed its die decides for every night rule listed with
 * it (the NVR, Night Fighting, Darkness); before the die is rolled (setup) it is not dark.
 * Without it a listed night rule is in force on every turn. */
static bool dark_turn(const struct murk_game* g) {
  const struct mk_state* s = &g->s;
  if (!rule(g, MURK_RULE_DUSK_AND_DAWN)) return true;
  /* 40k mission special rules, Dusk & Dawn (and Random Game Length: dark on turn 6 stays dark). */
  int die = s->night.dusk_dawn;
  if (die == 1) return s->turn <= 1;
  if (die == 6) return s->turn >= 6;
  return false;
}

/* A turn of play Dusk & Dawn makes daylight in a mission played with the NVR. */
static bool daylight(const struct murk_game* g) {
  return rule(g, MURK_RULE_NVR) && rule(g, MURK_RULE_DUSK_AND_DAWN) && g->s.night.dusk_dawn > 0 &&
         !dark_turn(g);
}

int mk_night_nvr(const struct murk_game* g) {
  if (!rule(g, MURK_RULE_NVR) || !dark_turn(g)) return -1; /* daylight: no NVR */
  if (g->s.night.nvr_rolled) return g->s.night.nvr;
  int base = murk_mission_param(g->m, MURK_P_NVR_BASE);
  return base >= 0 ? base : 3;
}

bool mk_night_fighting_now(const struct murk_game* g) {
  /* 40k mission special rules: Dusk & Dawn's dark turns use the Night Fighting rules, listed or
   * not. */
  if (rule(g, MURK_RULE_DUSK_AND_DAWN)) return dark_turn(g);
  return rule(g, MURK_RULE_NIGHT_FIGHTING);
}

bool mk_night_darkness_now(const struct murk_game* g) {
  return rule(g, MURK_RULE_DARKNESS) && dark_turn(g);
}

bool mk_night_now(const struct murk_game* g) {
  return mk_night_fighting_now(g) || mk_night_darkness_now(g) || mk_night_nvr(g) >= 0;
}

bool mk_night_lit(const struct murk_game* g, struct murk_pos p) {
  const struct murk_grid* grid = &g->m->grid;
  if (!murk_geom_on_table(grid, p)) return false;
  if (g->firelit && g->firelit[(size_t)p.y * (size_t)grid->width + (size_t)p.x]) return true;
  const struct mk_night* n = &g->s.night;
  for (int i = 0; i < n->nlights; i++)
    if (murk_geom_distance(grid, n->lights[i].at, p) <= n->lights[i].radius) return true;
  return false;
}

void mk_night_gunflash(struct murk_game* g, enum murk_side side, int unit) {
  if (unit >= 0 && unit < MK_MAX_UNITS) g->s.night.gunflash[side][unit] = true;
  g->s.night.flashed = true; /* ASL night rules E1.91: lights may be fired from now on */
}

bool mk_night_flashing(const struct murk_game* g, enum murk_side side, int unit) {
  return unit >= 0 && unit < MK_MAX_UNITS && g->s.night.gunflash[side][unit];
}

/* ---- the Base NVR (ASL night rules E1.11) ---- */

static void set_nvr(struct murk_game* g) {
  struct mk_night* n = &g->s.night;
  const struct murk_mission* m = g->m;
  if (n->nvr_rolled || !rule(g, MURK_RULE_NVR)) return;
  n->nvr_rolled = true;
  int base = murk_mission_param(m, MURK_P_NVR_BASE);
  int cloud = murk_mission_param(m, MURK_P_NVR_CLOUD);
  int moon = murk_mission_param(m, MURK_P_NVR_MOON);
  bool snow = murk_mission_param(m, MURK_P_NVR_SNOW) != 0;
  if (base < 0 && (cloud < 0 || moon < 0)) {
    /* The NVR Table: the coloured die gives the clouds, the white die the moon. */
    struct murk_dice_expr dd = {2, 6, 1, 0};
    struct murk_roll r;
    murk_roll(g, &dd, "NVR table (coloured: clouds, white: moon)", MURK_AUD_ALL, &r);
    if (cloud < 0) cloud = mk_nvr_cloud_of(r.dice[0], murk_mission_param(m, MURK_P_NVR_MONTH));
    if (moon < 0) moon = mk_nvr_moon_of(r.dice[1]);
  }
  n->cloud = cloud >= 0 ? cloud + 1 : 0;
  n->moon = moon >= 0 ? moon + 1 : 0;
  if (base >= 0) {
    n->nvr = base;
    if (cloud >= 0 && moon >= 0)
      mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, MURK_NO_SIDE,
              "night: %s and %s; the Base NVR is %d cell%s", cloud_names[cloud], moon_names[moon],
              base, mk_plural(base));
    else
      mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, MURK_NO_SIDE, "night: the Base NVR is %d cell%s", base,
              mk_plural(base));
    return;
  }
  n->nvr = mk_nvr_base(cloud, moon, snow);
  mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, MURK_NO_SIDE,
          "night: %s and %s: %d %+d%s, the Base NVR is %d cell%s", cloud_names[cloud],
          moon_names[moon], snow ? 6 : 3, mk_nvr_modifier(cloud, moon), snow ? " (snow)" : "",
          n->nvr, mk_plural(n->nvr));
}

void mk_night_begin(struct murk_game* g) {
  set_nvr(g);
}

/* ---- Dusk & Dawn (40k mission special rules) ---- */

/* The night rule Dusk & Dawn's dark turns are played under, in the words players are told
 * ("Which night rule governs"): the NVR or Darkness where listed, else Night Fighting. */
static const char* night_name(const struct murk_game* g) {
  return rule(g, MURK_RULE_NVR)        ? "the Night Visibility Range"
         : rule(g, MURK_RULE_DARKNESS) ? "darkness"
                                       : "night fighting";
}

void mk_night_after_deployment(struct murk_game* g) {
  struct mk_night* n = &g->s.night;
  if (!rule(g, MURK_RULE_DUSK_AND_DAWN) || n->dusk_dawn != 0) return;
  struct murk_dice_expr d6 = {1, 6, 1, 0};
  n->dusk_dawn = murk_roll(g, &d6, "dusk & dawn", MURK_AUD_ALL, NULL);
  if (n->dusk_dawn < 1) n->dusk_dawn = 1;
  if (n->dusk_dawn == 1)
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, MURK_NO_SIDE,
            "the battle starts before dawn: %s on turn 1", night_name(g));
  else if (n->dusk_dawn == 6)
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, MURK_NO_SIDE,
            "the battle starts at dusk: %s from turn 6", night_name(g));
  else
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, MURK_NO_SIDE, "the battle is fought by daylight");
}

void mk_night_begin_play(struct murk_game* g) {
  set_nvr(g);
  mk_night_after_deployment(g);
  g->s.night.was_night = mk_night_fighting_now(g);
}

/* ---- the start of a player turn ---- */

static void nvr_change(struct murk_game* g) {
  struct mk_night* n = &g->s.night;
  struct murk_dice_expr dd = {2, 6, 1, 0};
  struct murk_roll r;
  murk_roll(g, &dd, "NVR change (coloured, white)", MURK_AUD_ALL, &r);
  int cloud = n->cloud - 1, moon = n->moon - 1;
  int extra = 0;
  if (r.dice[0] == 6 && r.dice[1] != 4 && mk_nvr_change_needs_extra(cloud, moon)) {
    struct murk_dice_expr d6 = {1, 6, 1, 0};
    extra = murk_roll(
        g, &d6,
        moon == 1 ? "NVR change by (half moon: /3, up)" : "NVR change by (full moon: /2, up)",
        MURK_AUD_ALL, NULL);
  }
  int was = n->nvr;
  n->nvr = mk_nvr_change(was, r.dice[0], r.dice[1], extra, cloud, moon);
  if (n->nvr != was)
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, MURK_NO_SIDE, "the NVR %s to %d cell%s",
            n->nvr > was ? "rises" : "falls", n->nvr, mk_plural(n->nvr));
  else if (r.dice[0] == 6)
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, MURK_NO_SIDE, "the NVR stays at %d cell%s", n->nvr,
            mk_plural(n->nvr));
}

/* Is any enemy of `side` (a placed team, or a counter on the table, dummies too: `side`
 * cannot tell them) within the NVR of p with a line of sight? Each such enemy is one `side`
 * sees from p, and one that sees p: sight within the NVR goes both ways. */
static bool enemy_within_nvr(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                             int nvr) {
  const struct mk_state* s = &g->s;
  const struct murk_grid* grid = &g->m->grid;
  enum murk_side other = murk_side_other(side);
  for (int t = 0; t < s->nteams[other]; t++) {
    const struct mk_team* tm = &s->teams[other][t];
    if (!tm->alive || !tm->placed || murk_geom_distance(grid, p, tm->pos) > nvr) continue;
    if (!g->sightmap || murk_los(g->sightmap, p, tm->pos, NULL)) return true;
  }
  for (int i = 0; i < s->nmarkers; i++) {
    const struct mk_marker* mk = &s->markers[i];
    if (mk->owner != other || !mk->on_table || murk_geom_distance(grid, p, mk->pos) > nvr) continue;
    if (!g->sightmap || murk_los(g->sightmap, p, mk->pos, NULL)) return true;
  }
  return false;
}

/* The ASL night rules, 1.32: what would need a "?" roll by day gains the "?" at night. The
 * rulebook paragraph it names (A12.122) is not in our copy; murk's reading: at the start of
 * the night defender's turn under the NVR, each of its revealed platoons with no gunflash
 * and no enemy within the NVR of any of its teams (out of the enemy's sight, and so in a
 * place the daytime rule would let it try) goes back under a "?" counter. Decided from what
 * the defender sees (every enemy within its NVR) and told to both: the attacker sees none
 * of the platoon's teams then (none is within the NVR of its units; none flashes; light
 * alone would show a team, and that the attacker sees for itself), so it learns only the
 * new counter's number, not where it went down. */
static void regain(struct murk_game* g, enum murk_side side) {
  struct mk_state* s = &g->s;
  int nvr = mk_night_nvr(g);
  if (nvr < 0 || !mk_night_conceals_rule(g, side)) return;
  for (int k = 0; k < s->nunits[side]; k++) {
    struct mk_unit_state* u = &s->units[side][k];
    if (u->state != MURK_PLATOON_REVEALED || s->night.gunflash[side][k]) continue;
    bool ok = mk_unit_alive(s, side, k) > 0;
    struct murk_pos at = {0, 0};
    bool first = true;
    for (int t = u->first_team; ok && t < u->first_team + u->nteams; t++) {
      const struct mk_team* tm = &s->teams[side][t];
      if (!tm->alive) continue;
      if (!tm->placed || enemy_within_nvr(g, side, tm->pos, nvr)) ok = false;
      if (first) at = tm->pos;
      first = false;
    }
    if (!ok) continue;
    int mi = mk_marker_new(g, side, k, at);
    if (mi < 0) return;
    mk_mark_irreversible(g);
    struct mk_marker* mk = &s->markers[mi];
    int was = u->marker;
    mk->kind = MURK_MARKER_CONCEALED;
    mk->on_table = true;
    mk->bogged = u->bogged;
    u->marker = mk->number;
    u->state = MURK_PLATOON_HIDDEN;
    u->bogged = false;
    for (int t = u->first_team; t < u->first_team + u->nteams; t++)
      s->teams[side][t].placed = false;
    char ps[16];
    murk_pos_format(at, ps, sizeof ps);
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side,
            "the %s's P%d, out of the enemy's sight, is a \"?\" counter again: T%d",
            murk_side_name(side), was, mk->number);
    mk_emit(g, MURK_EV_INFO, murk_audience_of(side), side, "T%d at %s is your %s (platoon %d)",
            mk->number, ps, mk_unit_platoon(g, side, k)->name, k + 1);
    mk_event_facts(g, mk->number, NULL, &at);
  }
}

void mk_night_start_of_turn(struct murk_game* g, enum murk_side side) {
  struct mk_state* s = &g->s;
  struct mk_night* n = &s->night;
  /* ASL night rules E1.923 and E1.933: a light goes out at the end of the player turn it was fired
   * in. ASL fires them in the enemy's turn too (Defensive First Fire); murk's sides fire in
   * their own turns only, so a light burns through the enemy's next turn, the one ASL would
   * have fired it in, and goes out when its side's next turn begins. */
  int kept = 0, out = 0;
  for (int i = 0; i < n->nlights; i++) {
    if (n->lights[i].by == side)
      out++;
    else
      n->lights[kept++] = n->lights[i];
  }
  n->nlights = kept;
  if (out > 0)
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side, "the %s's starshells and rounds burn out",
            murk_side_name(side));
  /* Gunflashes of `side` (1.8) last through the enemy's turn after they fired. */
  for (int u = 0; u < MK_MAX_UNITS; u++) n->gunflash[side][u] = false;
  memset(n->sight, 0, sizeof n->sight);
  memset(n->flare_tried, 0, sizeof n->flare_tried);
  /* 40k mission special rules, Concealment: "always ends after the first turn". */
  if (s->turn >= 2) {
    bool any = false;
    for (int sd = 0; sd < MURK_SIDES; sd++)
      for (int k = 0; k < s->nunits[sd]; k++) {
        any = any || s->units[sd][k].concealed;
        s->units[sd][k].concealed = false;
      }
    if (any)
      mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, MURK_NO_SIDE,
              "concealment ends: the first turn is over");
  }
  if (rule(g, MURK_RULE_DUSK_AND_DAWN)) {
    bool now = mk_night_fighting_now(g);
    const char* which = night_name(g);
    if (now != n->was_night) {
      if (now)
        mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, MURK_NO_SIDE, "dusk falls: %s from this turn on",
                which);
      else if (which[0] == 'n')
        mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, MURK_NO_SIDE, "dawn breaks: no more night fighting");
      else
        mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, MURK_NO_SIDE, "dawn breaks: %s ends", which);
    }
    n->was_night = now;
  }
  /* ASL night rules E1.12: the change roll at the start of every player turn after the opening one;
   * none on a turn Dusk & Dawn makes daylight (there is no NVR to change; murk's own). */
  if (mk_night_nvr(g) >= 0 && !(s->turn == 1 && side == s->first)) nvr_change(g);
  regain(g, side);
}

/* ---- sight rolls before shooting ---- */

/* A Night Fighting roll in cells: the total times the unit (a unit below a cell counts as
 * the inch it defaults to, as in sight.c). */
static int nf_cells(const struct murk_game* g, int total) {
  if (total < 0) total = 0;
  int unit = murk_mission_param(g->m, MURK_P_NF_UNIT);
  /* In 64 bits and saturated: the largest dice times the longest unit overflow an int. */
  if (unit > 0) return mk_cells_sat((int64_t)total * unit);
  return mk_inches_cells(g, total);
}

static int table_cells(const struct murk_game* g, int total) {
  const struct murk_mission* m = g->m;
  int range = 0;
  for (int i = 0; i < m->visibility.nrows; i++)
    if (total >= m->visibility.rows[i].lo && total <= m->visibility.rows[i].hi)
      range = m->visibility.rows[i].range;
  if (rule(g, MURK_RULE_FOG_OF_WAR) && range > murk_mission_param(m, MURK_P_FOW_SPOT_CAP))
    range = murk_mission_param(m, MURK_P_FOW_SPOT_CAP); /* never beyond what the view shows */
  return range;
}

int mk_night_fire_sight(struct murk_game* g, enum murk_side side, int unit, int target,
                        bool* rolled, bool* flash_ok, const char** why) {
  const struct murk_mission* m = g->m;
  struct mk_state* s = &g->s;
  struct mk_night* n = &s->night;
  enum murk_side other = murk_side_other(side);
  *rolled = false;
  *flash_ok = false;
  *why = NULL;
  /* Precedence (docs/rules.md, "Which night rule governs"): on a dark turn the NVR decides
   * what is seen (sight.c: the NVR, gunflashes, light); Night Fighting's roll, where that
   * rule is in force too, still caps how far each unit fires (40k mission special rules: "the
   * maximum range that any non-barrage weapon can be fired at"). The NVR alone rolls nothing. */
  bool nvr = mk_night_nvr(g) >= 0;
  bool nf = mk_night_fighting_now(g);
  if (nvr && !nf) return MURK_SIGHT_UNLIMITED;
  bool table = !nvr && m->visibility.nrows > 0 &&
               (rule(g, MURK_RULE_THICK_MORNING_FOG) || mk_night_darkness_now(g));
  bool fog = table && rule(g, MURK_RULE_THICK_MORNING_FOG);
  /* 40k mission special rules, Concealment: ignored when the Night Fight rules apply for the turn;
   * murk ignores it on any dark turn (the NVR's too): the darkness conceals. */
  bool hidden = rule(g, MURK_RULE_CONCEALMENT) && !mk_night_now(g) && target >= 0 &&
                s->units[other][target].concealed;
  if (table) {
    *why = fog ? "through the fog" : "in the dark";
    *flash_ok = !fog; /* Darkness: a team that fired is seen; Luneville: not in the fog */
  } else if (nf) {
    *why = "in the dark";
  } else if (hidden) {
    *why = "a concealed target";
  } else {
    return MURK_SIGHT_UNLIMITED;
  }
  *rolled = true;
  if (n->sight[side][unit] > 0) return n->sight[side][unit] - 1; /* once per unit a turn */
  char purpose[MURK_ROLL_PURPOSE];
  mk_format(purpose, sizeof purpose, "P%d sight, %s", s->units[side][unit].marker,
            table ? (fog ? "fog" : "darkness")
            : nf  ? "night"
                  : "concealment");
  int cells;
  if (table) {
    int total = murk_roll(g, &m->visibility.die, purpose, MURK_AUD_ALL, NULL);
    cells = table_cells(g, total);
  } else {
    struct murk_dice_expr e = murk_mission_param_dice(m, MURK_P_NF_SIGHT);
    cells = nf_cells(g, murk_roll(g, &e, purpose, MURK_AUD_ALL, NULL));
  }
  char len[32];
  mk_cells_text(g, cells, len, sizeof len);
  mk_event_append(g, ": sees %s (%d cell%s)", len, cells, mk_plural(cells));
  n->sight[side][unit] = cells + 1;
  return cells;
}

/* ---- cloaking (ASL night rules E1.4) ---- */

bool mk_night_cloaks(const struct murk_game* g, enum murk_side side, int unit) {
  if (!rule(g, MURK_RULE_CLOAKING) || rule(g, MURK_RULE_FOG_OF_WAR) || side != MURK_ATTACKER)
    return false;
  /* 1.4: only the Scenario Attacker; 1.41: its Infantry only. */
  const struct murk_platoon* pl = mk_unit_platoon(g, side, unit);
  if (!(pl->flags & MURK_PF(INFANTRY)) || (pl->flags & MURK_PF(VEHICLE))) return false;
  const struct murk_force* f = murk_force(g, side);
  for (int k = 0; k < pl->ngroups; k++)
    if (f->profiles[pl->groups[k].profile].vehicle) return false;
  return true;
}

bool mk_night_cloak_dummies(const struct murk_game* g, enum murk_side side) {
  return rule(g, MURK_RULE_CLOAKING) && !rule(g, MURK_RULE_FOG_OF_WAR) && side == MURK_ATTACKER &&
         murk_force(g, side)->dummies > 0;
}

/* 1.42: six MF whatever the contents, at daytime costs: the mission's `road`, `open` and
 * `terrain` lengths (6, 6 and 3 hexes: a woods hex costs two MF). */
int mk_night_cloak_allowance(const struct murk_game* g, enum murk_terrain_class cls) {
  enum murk_param_id p = cls == MURK_TERRAIN_ROAD        ? MURK_P_CLOAK_ROAD
                         : cls == MURK_TERRAIN_DIFFICULT ? MURK_P_CLOAK_TERRAIN
                                                         : MURK_P_CLOAK_OPEN;
  return murk_mission_param(g->m, p);
}

bool mk_night_cloak_after_move(struct murk_game* g, int mi, const struct murk_pos* cells, int n) {
  struct mk_state* s = &g->s;
  struct mk_marker* mk = &s->markers[mi];
  if (!mk->on_table || n <= 1) return false; /* a cloaking counter's operation (marker.c) */
  /* 1.31 and 1.43: moving (other than one location at a time: assault movement) through a
   * location already lit loses the cloak. On a turn Dusk & Dawn makes daylight the night
   * rules no longer hide anything, and light is everywhere (1.9: illumination is not yet
   * daylight, so daylight is at least as much light): any such move loses it (murk's
   * reading, docs/rules.md "Daylight under Dusk & Dawn"). */
  if (daylight(g)) {
    char ps[16];
    murk_pos_format(cells[n - 1], ps, sizeof ps);
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, mk->owner, "T%d moves in daylight to %s: its %s",
            mk->number, ps, mk->kind == MURK_MARKER_CONCEALED ? "\"?\" is lost" : "cloak is lost");
    mk_event_facts(g, mk->number, &mk->pos, NULL);
    return true;
  }
  for (int i = 0; i < n; i++) {
    if (!mk_night_lit(g, cells[i])) continue;
    char ps[16];
    murk_pos_format(cells[i], ps, sizeof ps);
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, mk->owner, "T%d moves through the light at %s: its %s",
            mk->number, ps, mk->kind == MURK_MARKER_CONCEALED ? "\"?\" is lost" : "cloak is lost");
    mk_event_facts(g, mk->number, &mk->pos, NULL);
    return true; /* the caller reveals it (fog.c) */
  }
  return false;
}

/* ---- night movement (ASL night rules E1.5) ---- */

static bool night_moves(const struct murk_game* g) {
  return mk_night_nvr(g) >= 0 && murk_mission_param(g->m, MURK_P_NVR_MOVEMENT) != 0;
}

int mk_night_move_cost(const struct murk_game* g, enum murk_side side, int mi, int unit,
                       enum murk_terrain_class cls) {
  if (!night_moves(g)) return 0;
  /* 1.421: a cloaking counter moves at daytime costs. */
  if (mi >= 0 && g->s.markers[mi].on_table && g->s.markers[mi].kind == MURK_MARKER_CLOAK) return 0;
  /* A Limited Intelligence leader's row counts the cost platoon by platoon (intel.c). */
  if (mi >= 0 && g->s.markers[mi].on_table && g->s.markers[mi].kind == MURK_MARKER_WING) return 0;
  /* A Fog of War template or a "?" moves the same whatever it holds (the Luneville mission
   * rules, Moving platoons): it pays the night cost of men on foot, so its pace never tells
   * the enemy that vehicles are under it (murk's reading). */
  if (mi >= 0 && g->s.markers[mi].on_table) unit = -1;
  bool vehicle = false;
  if (unit >= 0) {
    const struct murk_platoon* pl = mk_unit_platoon(g, side, unit);
    vehicle = (pl->flags & MURK_PF(VEHICLE)) != 0;
    const struct murk_force* f = murk_force(g, side);
    for (int k = 0; k < pl->ngroups && !vehicle; k++)
      vehicle = f->profiles[pl->groups[k].profile].vehicle != 0;
  }
  /* 1.51 (men on foot: one more MF to enter concealment terrain, as its example shows) and
   * 1.52 (vehicles: more to enter any hex; our copy is cut after "an additional MP"). murk's
   * moves are counted in cells by the slowest ground entered, not in MF per hex, so the
   * night costs one cell of the move: through difficult ground on foot, on any ground in a
   * vehicle (murk's reading). */
  return vehicle || cls == MURK_TERRAIN_DIFFICULT ? 1 : 0;
}

/* Is revealed unit `unit` of `side` berserk (its platoon's flag; 1.533)? */
static bool berserk(const struct murk_game* g, enum murk_side side, int unit) {
  return unit >= 0 && (mk_unit_platoon(g, side, unit)->flags & MURK_PF(BERSERK)) != 0;
}

bool mk_night_strays(struct murk_game* g, enum murk_side side, const char* handle,
                     enum murk_audience aud, bool split, int unit, const struct murk_pos* way,
                     int n, int* jitter) {
  *jitter = 0;
  if (!night_moves(g)) return false;
  /* 1.533: a berserk unit is not subject to straying, so it makes no Movement DR (and so
   * no jitter fire of its own). Only a revealed platoon: under a counter it rolls like any
   * counter, which must not tell the enemy what it hides (murk's choice). */
  const char* exempt = berserk(g, side, unit) ? "is berserk" : NULL;
  /* 1.531: nor does a unit that wants to enter a sewer this move (our copy is cut after
   * "sewer"; murk's reading: any cell of the way it is ordered is a sewer). */
  for (int i = 0; i < n && !exempt; i++) {
    const struct murk_terrain* t = mk_terrain_at(g, way[i]);
    if (t && t->sewer) exempt = "makes for the sewers";
  }
  if (exempt) {
    mk_emit(g, MURK_EV_INFO, aud, side, "%s %s: no movement roll, it cannot stray", handle, exempt);
    if (split) mk_event_split(g, side);
    return false;
  }
  /* 1.53: the Movement DR before a unit moves; a coloured 6 strays. */
  struct murk_dice_expr dd = {2, 6, 1, 0};
  struct murk_roll r;
  char purpose[MURK_ROLL_PURPOSE];
  mk_format(purpose, sizeof purpose, "%s movement (coloured 6: strays)", handle);
  murk_roll(g, &dd, purpose, aud, &r);
  if (split) mk_event_split(g, side);
  /* 1.55: doubles call for jitter fire once a gunflash has marked an attack. */
  if (r.dice[0] == r.dice[1] && g->s.night.flashed) *jitter = r.dice[0] + r.dice[1];
  if (r.dice[0] != 6) return false;
  /* What a strayer does is cut from our copy after the roll; murk's own: it loses its way and
   * covers half the way it was ordered (rounded down). */
  mk_emit(g, MURK_EV_INFO, aud, side, "%s loses its way in the dark: it goes half as far", handle);
  if (split) mk_event_split(g, side);
  return true;
}

int mk_night_friendly_contact(const struct murk_game* g, enum murk_side side, int mi, int unit,
                              const struct murk_pos* way, int n) {
  const struct mk_state* s = &g->s;
  for (int i = 0; i < n; i++) {
    int k = mk_marker_index_at(s, way[i]);
    if (k >= 0 && k != mi && s->markers[k].owner == side) return i;
    enum murk_side ts;
    int tt;
    if (!mk_team_at(s, way[i], &ts, &tt) || ts != side) continue;
    const struct mk_unit_state* u = unit >= 0 ? &s->units[side][unit] : NULL;
    if (!u || tt < u->first_team || tt >= u->first_team + u->nteams) return i;
  }
  return -1;
}

/* The enemy unit nearest to p that may jitter fire (1.551: good order, not hidden, with
 * fire to give): a marker index (*mi) or a revealed unit (*unit). False if none. */
static bool closest_defender(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                             int* mi, int* unit) {
  const struct mk_state* s = &g->s;
  const struct murk_grid* gr = &g->m->grid;
  *mi = *unit = -1;
  int best = MURK_SIGHT_UNLIMITED;
  for (int i = 0; i < s->nmarkers; i++) {
    const struct mk_marker* mk = &s->markers[i];
    if (!mk->on_table || mk->owner != side || mk->hidden) continue;
    int d = murk_geom_distance(gr, mk->pos, p);
    if (d < best) {
      best = d;
      *mi = i;
      *unit = -1;
    }
  }
  for (int k = 0; k < s->nunits[side]; k++) {
    const struct mk_unit_state* u = &s->units[side][k];
    if (u->state != MURK_PLATOON_REVEALED) continue;
    for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
      if (!s->teams[side][t].alive || !s->teams[side][t].placed ||
          mk_team_profile(g, side, t)->rof <= 0)
        continue;
      int d = murk_geom_distance(gr, s->teams[side][t].pos, p);
      if (d < best) {
        best = d;
        *mi = -1;
        *unit = k;
      }
    }
  }
  return *mi >= 0 || *unit >= 0;
}

/* A unit jitter fires: a revealed platoon flashes (1.552: nothing else happens); a unit under
 * a counter loses it (1.43: any attack does; a dummy is taken off, 1.551): returns that
 * counter, for the caller to reveal, or -1. */
static int jitter_fires(struct murk_game* g, enum murk_side side, int mi, int unit, int total) {
  struct mk_state* s = &g->s;
  if (mi >= 0 && s->markers[mi].on_table) {
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side,
            "%s T%d jitter fires into the dark (doubles, %d): it gives itself away",
            murk_side_name(side), s->markers[mi].number, total);
    return mi;
  }
  if (unit < 0) return -1;
  mk_night_gunflash(g, side, unit);
  mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side,
          "%s P%d jitter fires into the dark (doubles, %d): a gunflash", murk_side_name(side),
          s->units[side][unit].marker, total);
  return -1;
}

void mk_night_jitter_flash(struct murk_game* g, int mi) {
  int u = g->s.markers[mi].unit;
  if (u >= 0) mk_night_gunflash(g, g->s.markers[mi].owner, u);
}

int mk_night_jitter(struct murk_game* g, enum murk_side side, int mi, int unit, struct murk_pos at,
                    int total) {
  if (total <= 0) return -1;
  /* 1.55's table. murk has no Stealthy units; a berserk platoon is Lax (1.533, 1.62), every
   * other unit Normal (1.63). 2 and 4 make the closest DEFENDER (the side not moving) fire,
   * 6 too if it is Lax, 10 the mover unless cloaked, 12 the mover. 8 would make a Lax mover
   * fire, but a berserk mover makes no roll (1.533), so 8 does nothing. */
  if (total == 2 || total == 4 || total == 6) {
    int emi = -1, eunit = -1;
    enum murk_side other = murk_side_other(side);
    if (closest_defender(g, other, at, &emi, &eunit) &&
        (total != 6 || (emi < 0 && berserk(g, other, eunit))))
      return jitter_fires(g, other, emi, eunit, total);
    return -1;
  }
  bool cloaked = mi >= 0 && g->s.markers[mi].on_table && g->s.markers[mi].kind == MURK_MARKER_CLOAK;
  if (total == 12 || (total == 10 && !cloaked))
    return jitter_fires(g, side, mi >= 0 && g->s.markers[mi].on_table ? mi : -1, unit, total);
  return -1;
}

/* ---- the night defender's setup (ASL night rules E1.2) ---- */

bool mk_night_conceals_rule(const struct murk_game* g, enum murk_side side) {
  /* Fog of War's templates and Limited Intelligence's leaders already hide what they cover. */
  return rule(g, MURK_RULE_NVR) && side == MURK_DEFENDER &&
         murk_mission_param(g->m, MURK_P_NVR_CONCEALED) != 0 && !rule(g, MURK_RULE_FOG_OF_WAR) &&
         !rule(g, MURK_RULE_LIMITED_INTELLIGENCE);
}

bool mk_night_conceals(const struct murk_game* g, enum murk_side side, int unit) {
  (void)unit;
  const struct mk_state* s = &g->s;
  /* 1.2 is the Scenario Defender's, at setup: reserves arriving later and ambushes come on
   * as they would by day (murk's reading); 1.32 gives a "?" back in play (regain). */
  if (!mk_night_conceals_rule(g, side)) return false;
  return s->phase == MURK_PHASE_DEPLOY || s->phase == MURK_PHASE_INDEPENDENTS ||
         s->phase == MURK_PHASE_INFILTRATE;
}

int mk_night_hidden_left(const struct murk_game* g, enum murk_side side) {
  if (side != MURK_DEFENDER || !rule(g, MURK_RULE_NVR) ||
      murk_mission_param(g->m, MURK_P_NVR_CONCEALED) == 0 || rule(g, MURK_RULE_FOG_OF_WAR) ||
      rule(g, MURK_RULE_LIMITED_INTELLIGENCE))
    return 0;
  /* 1.2: at most 25% (fractions rounded up) of the defender's squads; murk's stack of squads
   * is a platoon, so a share of its platoons (`hidden_share`). */
  int n = g->s.nunits[side];
  int most = (n * murk_mission_param(g->m, MURK_P_NVR_HIDDEN) + 99) / 100;
  int left = most - g->s.hidden_used[side];
  return left > 0 ? left : 0;
}

int mk_night_concealed_allowance(const struct murk_game* g, enum murk_side side, int unit) {
  /* A "?" changes nothing of how its units move (murk's reading of 1.2 with 1.5: the night's
   * own movement rules apply to them as to anyone): the slowest team alive. */
  const struct mk_state* s = &g->s;
  if (unit < 0) return murk_mission_param(g->m, MURK_P_CLOAK_OPEN);
  const struct mk_unit_state* u = &s->units[side][unit];
  int allow = -1;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
    if (!s->teams[side][t].alive) continue;
    int mv = mk_team_profile(g, side, t)->move;
    if (allow < 0 || mv < allow) allow = mv;
  }
  return allow;
}

void mk_night_unhide(struct murk_game* g, int mi) {
  struct mk_marker* mk = &g->s.markers[mi];
  if (!mk->hidden) return;
  mk->hidden = false;
  char ps[16];
  murk_pos_format(mk->pos, ps, sizeof ps);
  /* Told to its owner only: the enemy learns of it when it has the counter in sight. */
  mk_emit(g, MURK_EV_INFO, murk_audience_of(mk->owner), mk->owner,
          "T%d leaves its hiding place at %s: a \"?\" counter from now on", mk->number, ps);
}

/* ---- starshells and illuminating rounds (ASL night rules E1.92 and E1.93) ---- */

/* The own revealed platoon a light command names (resolved by the command table, which
 * also keeps the command to the movement and shooting steps of missions played with the
 * NVR). */
static int light_unit(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                      const struct mk_cmd_args* a, int* unit, char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  *unit = a->unit;
  if (*unit < 0) return mk_reject(reason, reason_len, "a dummy fires nothing");
  /* 1.91, initial use: our copy keeps only its first words ("No Starshells/..."); murk reads
   * it as no light before the first gunflash of the game (a shot by either side), which
   * every player has heard. */
  if (mk_night_nvr(g) < 0)
    return mk_reject(reason, reason_len, "it is daylight: a light would show nothing");
  if (!s->night.flashed)
    return mk_reject(reason, reason_len,
                     "no starshell or round goes up before the first shot of the battle (the "
                     "ASL night rules)");
  struct mk_unit_state* u = &s->units[side][*unit];
  if (u->state == MURK_PLATOON_HIDDEN)
    return mk_reject(reason, reason_len, "platoon %d is under T%d: reveal it first (reveal %d)",
                     *unit + 1, u->marker, *unit + 1);
  if (u->state != MURK_PLATOON_REVEALED)
    return mk_reject(reason, reason_len, "platoon %d is not on the table", *unit + 1);
  if (u->shot) return mk_reject(reason, reason_len, "P%d has already fired this turn", u->marker);
  /* 1.92: in the Prep Fire Phase, before its units move: in the movement step only a platoon
   * that has not moved; it counts as moved then (a unit that prep-fires does not move). */
  if (s->step == MURK_STEP_MOVEMENT && u->moved)
    return mk_reject(reason, reason_len,
                     "P%d has moved: a light in the movement step goes up before the platoon "
                     "moves",
                     u->marker);
  if (s->night.flare_tried[side][*unit])
    return mk_reject(reason, reason_len, "P%d has already tried this turn", u->marker);
  if (s->night.nlights >= MK_MAX_LIGHTS)
    return mk_reject(reason, reason_len, "the sky is full: no more lights this turn");
  if (!murk_geom_on_table(&g->m->grid, c->at)) {
    char ps[16];
    murk_pos_format(c->at, ps, sizeof ps);
    return mk_reject(reason, reason_len, "%s is off the table", ps);
  }
  return MURK_OK;
}

/* The nearest placed team of the unit to p (with `barrage`: barrage teams only), -1 if none. */
static int nearest_own(const struct murk_game* g, enum murk_side side, int unit, struct murk_pos p,
                       bool barrage, int* dist) {
  const struct mk_state* s = &g->s;
  const struct mk_unit_state* u = &s->units[side][unit];
  int best = -1;
  *dist = MURK_SIGHT_UNLIMITED;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
    const struct mk_team* tm = &s->teams[side][t];
    if (!tm->alive || !tm->placed) continue;
    if (barrage && !mk_team_profile(g, side, t)->barrage) continue;
    int d = murk_geom_distance(&g->m->grid, tm->pos, p);
    if (barrage && d > mk_team_profile(g, side, t)->range) continue;
    if (d < *dist) {
      *dist = d;
      best = t;
    }
  }
  return best;
}

/* Does the firing side see a gunflash at p or next to it (1.922: it halves the extent of
 * error)? */
static bool flash_near(const struct murk_game* g, enum murk_side side, struct murk_pos p) {
  const struct mk_state* s = &g->s;
  enum murk_side other = murk_side_other(side);
  for (int k = 0; k < s->nunits[other]; k++) {
    if (!s->night.gunflash[other][k]) continue;
    const struct mk_unit_state* u = &s->units[other][k];
    for (int t = u->first_team; t < u->first_team + u->nteams; t++)
      if (s->teams[other][t].alive && s->teams[other][t].placed && s->seen_team[side][t].seen &&
          murk_geom_distance(&g->m->grid, s->teams[other][t].pos, p) <= 1)
        return true;
  }
  return false;
}

/* 1.922, placement: the starshell is aimed at a cell, then a placement roll moves it: the
 * coloured die gives the direction, the white die the extent of error in cells, halved
 * (rounded up) when a gunflash the firer sees stands at or next to the aim. Our copy of the
 * paragraph is cut before its three choices; the roll and the halving are from its example.
 * On a square grid, with eight directions, the direction is a die of eight (murk's own). */
static struct murk_pos place_light(struct murk_game* g, enum murk_side side, int unit,
                                   struct murk_pos at) {
  const struct murk_grid* gr = &g->m->grid;
  int ndirs = murk_geom_directions(gr);
  int marker = g->s.units[side][unit].marker;
  char purpose[MURK_ROLL_PURPOSE];
  int dir, error;
  if (ndirs == 6) {
    struct murk_dice_expr dd = {2, 6, 1, 0};
    struct murk_roll r;
    mk_format(purpose, sizeof purpose, "P%d starshell placement (direction, error)", marker);
    murk_roll(g, &dd, purpose, MURK_AUD_ALL, &r);
    dir = r.dice[0] - 1;
    error = r.dice[1];
  } else {
    struct murk_dice_expr dd = {1, ndirs, 1, 0}, d6 = {1, 6, 1, 0};
    mk_format(purpose, sizeof purpose, "P%d starshell direction", marker);
    dir = murk_roll(g, &dd, purpose, MURK_AUD_ALL, NULL) - 1;
    mk_format(purpose, sizeof purpose, "P%d starshell error", marker);
    error = murk_roll(g, &d6, purpose, MURK_AUD_ALL, NULL);
  }
  if (flash_near(g, side, at)) {
    error = (error + 1) / 2;
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side,
            "a gunflash by the aim halves the error: %d cell%s", error, mk_plural(error));
  }
  /* 1.923: a starshell lights even from off the table; the walk stops a little past it. */
  int far = gr->width + gr->height + 8;
  for (int i = 0; i < (error < far ? error : far); i++) at = murk_geom_neighbour(gr, at, dir);
  return at;
}

/* The usage roll, then the light. Returns MURK_OK either way (the roll is made). */
static int fire_light(struct murk_game* g, enum murk_side side, int unit, struct murk_pos at,
                      enum mk_light_kind kind, int usage, int radius) {
  struct mk_state* s = &g->s;
  struct mk_unit_state* u = &s->units[side][unit];
  const char* word = kind == MK_LIGHT_STARSHELL ? "starshell" : "illuminating round";
  s->night.flare_tried[side][unit] = true;
  /* docs/rules.md (ours): the try, made or failed, is the platoon's fire for the turn; in the
   * movement step it also ends its move (1.92: a Prep Fire Phase shot). */
  u->shot = true;
  if (s->step == MURK_STEP_MOVEMENT) u->moved = true;
  char purpose[MURK_ROLL_PURPOSE];
  mk_format(purpose, sizeof purpose, "P%d %s usage, %d or less", u->marker, word, usage);
  struct murk_dice_expr d6 = {1, 6, 1, 0};
  if (murk_roll(g, &d6, purpose, MURK_AUD_ALL, NULL) > usage) {
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side, "P%d fails to fire its %s", u->marker, word);
    return MURK_OK;
  }
  if (kind == MK_LIGHT_STARSHELL) at = place_light(g, side, unit, at);
  struct mk_light* l = &s->night.lights[s->night.nlights++];
  l->kind = kind;
  l->at = at;
  l->radius = radius;
  l->by = side;
  char ps[16];
  murk_pos_format(at, ps, sizeof ps);
  mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side,
          "%s P%d fires a%s %s over %s: every cell within %d is lit until its next turn",
          murk_side_name(side), u->marker, kind == MK_LIGHT_ROUND ? "n" : "", word, ps, radius);
  mk_event_facts(g, 0, NULL, &at);
  return MURK_OK;
}

int mk_night_starshell(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                       const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  int unit = -1;
  int rc = light_unit(g, side, c, a, &unit, reason, reason_len);
  if (rc != MURK_OK) return rc;
  int range = murk_mission_param(g->m, MURK_P_NVR_SS_RANGE);
  int d = 0;
  if (nearest_own(g, side, unit, c->at, false, &d) < 0 || d > range)
    return mk_reject(reason, reason_len,
                     "P%d's nearest team is %d cells from there; a starshell goes at most %d",
                     g->s.units[side][unit].marker, d, range);
  /* 1.921: a leader fires on a usage roll of 4 or less, a squad on 2 or less. Platoons
   * flagged commander or independent count as leaders. */
  unsigned lead = MURK_PF(COMMANDER) | MURK_PF(INDEPENDENT);
  int usage = murk_mission_param(g->m, (mk_unit_platoon(g, side, unit)->flags & lead)
                                           ? MURK_P_NVR_SS_LEADER
                                           : MURK_P_NVR_SS_USAGE);
  return fire_light(g, side, unit, c->at, MK_LIGHT_STARSHELL, usage,
                    murk_mission_param(g->m, MURK_P_NVR_SS_RADIUS));
}

int mk_night_illuminate(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                        const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  int unit = -1;
  int rc = light_unit(g, side, c, a, &unit, reason, reason_len);
  if (rc != MURK_OK) return rc;
  int d = 0;
  /* 1.93: by indirect fire only: a barrage team within its weapon's range. */
  if (nearest_own(g, side, unit, c->at, true, &d) < 0)
    return mk_reject(reason, reason_len,
                     "P%d has no barrage team (mortar, gun) with that cell in range",
                     g->s.units[side][unit].marker);
  return fire_light(g, side, unit, c->at, MK_LIGHT_ROUND,
                    murk_mission_param(g->m, MURK_P_NVR_IR_USAGE),
                    murk_mission_param(g->m, MURK_P_NVR_IR_RADIUS));
}
