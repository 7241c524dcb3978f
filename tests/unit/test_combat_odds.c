/* test_combat_odds.c: the odds of canonical Flames of War duels, computed here from the
 * rules alone (docs/rules.md, "Combat": exact combinatorics, not the engine), against the
 * engine's frequencies over many fixed-seed games: each lies within one percentage point.
 * Outcomes the rules make impossible (a rifle hurting a tank whose front armour plus one
 * exceeds its anti-tank) never happen. MURK_ODDS_TRIALS sets the games a duel (10,000). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "murk/sight.h"
#include "sight.h"
#include "test_support.h"

/* Published ratings as the bundled missions carry them: trained rifle teams (hit on 3+,
 * save 3+, AT 2, FP 6, 40cm), a Sherman 76mm (AT 12, FP 3+), a 7.5cm PaK 40 (AT 12, FP 3+),
 * Shermans (front 6, side 4, top 1) and a Panther (front 10, side 5, top 1). */
#define RIFLE                                                                                  \
  "{move: 15cm, range: 40cm, rof: {halted: 1, moving: 1}, anti_tank: 2, firepower: 6, skill: " \
  "3, save: 3, motivation: 4}\n"
#define ODDS_FORCES                                                                           \
  "forces:\n"                                                                                 \
  "  attacker:\n"                                                                             \
  "    profiles:\n"                                                                           \
  "      rifle: " RIFLE                                                                       \
  "      sherman_76: {move: 30cm, range: 80cm, rof: {halted: 2, moving: 1}, anti_tank: 12, "  \
  "firepower: 3, skill: 4, armour: {front: 6, side: 4, top: 1}, motivation: 4, vehicle: "     \
  "true}\n"                                                                                   \
  "      pak_40: {move: 5cm, range: 80cm, rof: {halted: 2, moving: 1}, anti_tank: 12, "       \
  "firepower: 3, skill: 4, save: 3, motivation: 4}\n"                                         \
  "    platoons:\n"                                                                           \
  "      - {name: Rifles, command_distance: 10cm, teams: [{profile: rifle, count: 4}]}\n"     \
  "      - {name: Jumbo, command_distance: 10cm, teams: [{profile: sherman_76, count: 1}]}\n" \
  "      - {name: PaK, command_distance: 10cm, teams: [{profile: pak_40, count: 1}]}\n"       \
  "  defender:\n"                                                                             \
  "    profiles:\n"                                                                           \
  "      rifle: " RIFLE                                                                       \
  "      sherman: {move: 30cm, range: 80cm, rof: {halted: 2, moving: 1}, anti_tank: 10, "     \
  "firepower: 3, skill: 3, armour: {front: 6, side: 4, top: 1}, motivation: 4, vehicle: "     \
  "true}\n"                                                                                   \
  "      panther: {move: 30cm, range: 80cm, rof: {halted: 2, moving: 1}, anti_tank: 14, "     \
  "firepower: 3, skill: 4, armour: {front: 10, side: 5, top: 1}, motivation: 4, vehicle: "    \
  "true}\n"                                                                                   \
  "    platoons:\n"                                                                           \
  "      - {name: Dug Rifles, command_distance: 10cm, teams: [{profile: rifle, count: 4}]}\n" \
  "      - {name: Shermans, command_distance: 10cm, teams: [{profile: sherman, count: 4}]}\n" \
  "      - {name: Panther, command_distance: 10cm, teams: [{profile: panther, count: 1}]}\n"

#define ODDS_DEPLOY                                                                        \
  "deploy 1 at 2,9\ndeploy 1 at 2,2\ndeploy 2 at 8,9\ndeploy 2 at 8,2\ndeploy 3 at 13,9\n" \
  "deploy 3 at 13,2\nend\nend"

enum { RIFLES = 0, TANK = 1, GUN = 2 };          /* the attacker's platoons */
enum { DRIFLES = 0, SHERMANS = 1, PANTHER = 2 }; /* the defender's */
#define A MURK_ATTACKER
#define D MURK_DEFENDER

static int trials(void) {
  const char* e = getenv("MURK_ODDS_TRIALS");
  int n = e ? atoi(e) : 0;
  return n > 0 ? n : 10000; /* the same under sanitizers: fewer would widen the noise */
}

/* ---- the rules alone ---- */

static double choose(int n, int k) {
  double c = 1;
  for (int i = 1; i <= k; i++) c = c * (n - k + i) / i;
  return c;
}

static double power(double x, int k) {
  double r = 1;
  while (k-- > 0) r *= x;
  return r;
}

static double binom(int n, int k, double p) {
  return choose(n, k) * power(p, k) * power(1 - p, n - k);
}

/* P(a die scores `need` or more). */
static double at_least(int need) {
  return need > 6 ? 0 : (7.0 - need) / 6.0;
}

/* One hit on a single armoured tank: die + armour against anti-tank, then the firepower
 * test: destroyed (pen or glance, FP passed) or bailed out (FP failed). */
static void armour_odds(int armour, int at, int fp, double* destroy, double* bail) {
  double hurt = 0;
  for (int d = 1; d <= 6; d++) hurt += d + armour <= at ? 1.0 / 6 : 0;
  *destroy = hurt * at_least(fp);
  *bail = hurt * (1 - at_least(fp));
}

/* A lone tank hit `hits` times: P(destroyed) and P(bailed out at the end). A second bail
 * out abandons it (destroyed). */
static void lone_tank(int hits, double d, double b, double* pd, double* pb) {
  double ok = 1, bailed = 0, dead = 0; /* the state before each hit */
  for (int h = 0; h < hits; h++) {
    double n = 1 - d - b;
    double ok2 = ok * n, bailed2 = ok * b + bailed * n, dead2 = dead + ok * d + bailed * (d + b);
    ok = ok2;
    bailed = bailed2;
    dead = dead2;
  }
  *pd = dead;
  *pb = bailed;
}

/* ---- the engine ---- */

static const struct murk_mission* mission;

static void put(struct murk_game* g, enum murk_side side, int unit, int x, int y) {
  struct mk_unit_state* u = &g->s.units[side][unit];
  for (int i = 0; i < u->nteams; i++) {
    g->s.teams[side][u->first_team + i].pos = (struct murk_pos){x + i, y};
    g->s.teams[side][u->first_team + i].placed = true;
  }
  mk_sight_update(g, mk_game_event_count(g)); /* as after a real move */
}

/* Everybody in a corner out of sight and reach, but for what the duel places. */
static void park(struct murk_game* g) {
  for (int sd = 0; sd < MURK_SIDES; sd++)
    for (int k = 0; k < g->s.nunits[sd]; k++) put(g, (enum murk_side)sd, k, 2, sd ? 0 : 11);
}

/* A game in the attacker's shooting step (assault: its assault step). */
static struct murk_game* duel(uint64_t seed, bool assault) {
  struct murk_game* g = new_game(mission, seed);
  ok_lines(g, ODDS_DEPLOY);
  ok_lines(g, assault ? "end\nend" : "end");
  park(g);
  return g;
}

static void act(struct murk_game* g, const char* verb, int unit, int tu) {
  char line[64];
  snprintf(line, sizeof line, "%s %d at P%d", verb, unit + 1, g->s.units[D][tu].marker);
  ok_line(g, line);
}

static void within(const char* what, double engine, double rules) {
  fprintf(stderr, "%-48s engine %6.2f%%  rules %6.2f%%\n", what, 100 * engine, 100 * rules);
  assert_true(engine - rules <= 0.01 && rules - engine <= 0.01);
}

/* Does the defender face north or south (what aspect_of reads for these duels)? */
static bool faces_south(void) {
  enum murk_compass e = mission->sides[A].edge;
  assert_true(e == MURK_SOUTH || e == MURK_NORTH);
  return e == MURK_SOUTH;
}

/* A rifle platoon against a Sherman platoon at 40cm (8 cells, long range): hits on 4+
 * (skill 3 +1 long range), and no hit can hurt: 1 + front 6 > anti-tank 2. */
static void test_rifles_against_shermans(void** st) {
  (void)st;
  int n = trials(), hit = 0;
  for (int s = 1; s <= n; s++) {
    struct murk_game* g = duel((uint64_t)s, false);
    put(g, A, RIFLES, 12, 10);
    put(g, D, SHERMANS, 12, 2); /* each rifle 8 cells from its nearest Sherman */
    act(g, "shoot", RIFLES, SHERMANS);
    if (s == 1) assert_true(has_event(g, "4 dice (rifle) hitting on 4+ (skill 3 +1 long range)"));
    bool any = false;
    const struct mk_unit_state* u = &g->s.units[D][SHERMANS];
    for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
      assert_true(g->s.teams[D][t].alive);
      assert_false(g->s.teams[D][t].bailed);
    }
    for (size_t i = 0; i < mk_game_event_count(g); i++)
      any = any || strstr(mk_game_event(g, i)->text, "bounces off") != NULL;
    hit += any;
    murk_game_free(g);
  }
  within("rifles hit a Sherman (all bounce)", (double)hit / n, 1 - binom(4, 0, at_least(4)));
}

/* A Sherman 76mm against a Panther's front, short range: 2 dice on 4+; each hit: die + 10
 * against 12 (1: penetrated, 2: glancing), FP 3+. */
static void test_sherman_76_against_panther_front(void** st) {
  (void)st;
  bool south = faces_south();
  int n = trials(), dead = 0, bailed = 0;
  for (int s = 1; s <= n; s++) {
    struct murk_game* g = duel((uint64_t)s, false);
    put(g, D, PANTHER, 6, 5);
    put(g, A, TANK, 6, south ? 8 : 2); /* ahead of the Panther: its front */
    act(g, "shoot", TANK, PANTHER);
    const struct mk_team* p = &g->s.teams[D][g->s.units[D][PANTHER].first_team];
    dead += !p->alive;
    bailed += p->alive && p->bailed;
    murk_game_free(g);
  }
  double d, b, pd = 0, pb = 0;
  armour_odds(10, 12, 3, &d, &b);
  for (int h = 0; h <= 2; h++) {
    double x, y;
    lone_tank(h, d, b, &x, &y);
    pd += binom(2, h, at_least(4)) * x;
    pb += binom(2, h, at_least(4)) * y;
  }
  within("Sherman 76mm destroys a Panther (front)", (double)dead / n, pd);
  within("Sherman 76mm bails a Panther out (front)", (double)bailed / n, pb);
}

/* A 7.5cm PaK 40 against a Sherman's side, short range: 2 dice on 3+ (skill 3); each hit
 * penetrates (6 + 4 < 12), FP 3+. The PaK fires at the Sherman nearest, from behind. */
static void test_gun_against_sherman_side(void** st) {
  (void)st;
  bool south = faces_south();
  int n = trials(), lost = 0, bailed = 0;
  for (int s = 1; s <= n; s++) {
    struct murk_game* g = duel((uint64_t)s, false);
    struct mk_unit_state* u = &g->s.units[D][SHERMANS];
    put(g, D, SHERMANS, 9, 5);
    for (int t = u->first_team + 1; t < u->first_team + u->nteams; t++)
      g->s.teams[D][t].alive = false; /* one Sherman left */
    put(g, A, GUN, 9, south ? 2 : 8); /* behind it: its side */
    act(g, "shoot", GUN, SHERMANS);
    const struct mk_team* p = &g->s.teams[D][u->first_team];
    lost += !p->alive;
    bailed += p->alive && p->bailed;
    murk_game_free(g);
  }
  double d, b, pd = 0, pb = 0;
  armour_odds(4, 12, 3, &d, &b);
  for (int h = 0; h <= 2; h++) {
    double x, y;
    lone_tank(h, d, b, &x, &y);
    pd += binom(2, h, at_least(3)) * x;
    pb += binom(2, h, at_least(3)) * y;
  }
  within("PaK 40 destroys a Sherman (side)", (double)lost / n, pd);
  within("PaK 40 bails a Sherman out (side)", (double)bailed / n, pb);
}

/* Rifles against dug-in rifles, short range: 4 dice on 5+ (skill 3 +1 concealed +1 gone to
 * ground); each hit: save 3+, then in bulletproof cover the firepower test, 6. */
static void test_rifles_against_dug_in_rifles(void** st) {
  (void)st;
  int n = trials(), count[5] = {0};
  for (int s = 1; s <= n; s++) {
    struct murk_game* g = duel((uint64_t)s, false);
    g->s.units[D][DRIFLES].dug_in = true;
    put(g, A, RIFLES, 0, 7);
    put(g, D, DRIFLES, 4, 7); /* 1 to 4 cells: within half of the 8 cells' range */
    act(g, "shoot", RIFLES, DRIFLES);
    count[4 - mk_unit_alive(&g->s, D, DRIFLES)]++;
    murk_game_free(g);
  }
  double per_die = at_least(5) * (1 - at_least(3)) * at_least(6);
  within("rifles destroy no dug-in rifle", (double)count[0] / n, binom(4, 0, per_die));
  within("rifles destroy one dug-in rifle", (double)count[1] / n, binom(4, 1, per_die));
}

/* An assault of 4 rifles on 4 dug-in rifles 2 cells away. Defensive fire: 4 dice on 3+, a
 * hit kills on a failed 3+ save (4 dice cannot make the 5 hits that stop it). Then rounds:
 * the striking side's teams hit on 4+ (trained), each hit a team; the side struck, if any
 * team is left, tests motivation 4+ to counterattack, else breaks off. */
static double assault_win[5][5][2]; /* P(attacker wins | a, d, attacker strikes) */

static void assault_odds(void) {
  memset(assault_win, 0, sizeof assault_win);
  for (int it = 0; it < 400; it++)
    for (int a = 1; a <= 4; a++)
      for (int d = 1; d <= 4; d++)
        for (int who = 0; who < 2; who++) {
          int x = who ? a : d, y = who ? d : a; /* strikers, struck */
          double p = 0;
          for (int k = 0; k <= x; k++) {
            double pk = binom(x, k, at_least(4));
            int left = y - k < 0 ? 0 : y - k;
            if (left == 0) {
              p += pk * (who ? 1 : 0);
              continue;
            }
            /* The struck side tests: fails, the striker wins; passes, it strikes back. */
            double win_if_break = who ? 1 : 0;
            double next = who ? assault_win[a][left][0] : assault_win[left][d][1];
            p += pk * (0.5 * win_if_break + 0.5 * next);
          }
          assault_win[a][d][who] = p;
        }
}

static void test_assault_on_dug_in_rifles(void** st) {
  (void)st;
  int n = trials(), won = 0;
  for (int s = 1; s <= n; s++) {
    struct murk_game* g = duel((uint64_t)s, true);
    g->s.units[D][DRIFLES].dug_in = true;
    put(g, A, RIFLES, 0, 7);
    put(g, D, DRIFLES, 5, 7); /* 2 cells from the nearest assaulting rifle */
    mk_sight_update(g, mk_game_event_count(g));
    act(g, "assault", RIFLES, DRIFLES);
    bool win = false;
    char says[48];
    snprintf(says, sizeof says, "P%d wins the assault", g->s.units[A][RIFLES].marker);
    for (size_t i = 0; i < mk_game_event_count(g); i++)
      win = win || strstr(mk_game_event(g, i)->text, says) != NULL;
    won += win;
    murk_game_free(g);
  }
  assault_odds();
  double p = 0;
  double kill = at_least(3) * (1 - at_least(3)); /* a defensive die that kills */
  for (int l = 0; l < 4; l++) p += binom(4, l, kill) * assault_win[4 - l][4][1];
  within("rifles win an assault on dug-in rifles", (double)won / n, p);
}

int main(void) {
  struct murk_mission* m = load_yaml(TF_HEAD TF_SETUP ODDS_FORCES);
  mission = m;
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rifles_against_shermans),
      cmocka_unit_test(test_sherman_76_against_panther_front),
      cmocka_unit_test(test_gun_against_sherman_side),
      cmocka_unit_test(test_rifles_against_dug_in_rifles),
      cmocka_unit_test(test_assault_on_dug_in_rifles),
  };
  int rc = cmocka_run_group_tests(tests, NULL, NULL);
  murk_mission_free(m);
  return rc;
}
