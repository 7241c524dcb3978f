/* test_sight.c: sight in the game (sight.c).
 *
 * Line of sight through the mission's terrain within the range the rules allow (none by
 * day, the visibility table's best in the fog, the NVR at night); what a side's view shows
 * of the enemy (teams only while in sight, the last place it saw each of them once they are
 * out of it; Fog-of-War templates always, being public); moves heard by the enemy only
 * where it sees them; spotting that needs a line of sight; no shot at a platoon no unit of
 * the side can see. The test table (test_support.h) has woods at 4-6,3-4. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "event.h"
#include "murk/los.h"
#include "murk/sight.h"
#include "night.h"
#include "sight.h"
#include "state.h"
#include "test_support.h"

#define A MURK_ATTACKER
#define D MURK_DEFENDER

/* No special rules: the forces deploy in the open, on the texts' table. */
#define TABLE_MISSION TF_HEAD TF_SETUP TF_FORCES
/* The same under double_blind: an enemy is seen only in sight. */
#define OPEN_MISSION TF_HEAD TF_SETUP "rules:\n  double_blind: {}\n" TF_FORCES
#define OPEN_DEPLOY \
  "deploy 1 at 2,9\ndeploy 1 at 12,2\ndeploy 2 at 8,10\ndeploy 2 at 14,1\nend\nend"

enum { LANCERS = 0, GUNNERS = 1, RANGERS = 0, HUSSARS = 1 };

static void put(struct murk_game* g, enum murk_side side, int unit, int i, int x, int y) {
  struct mk_unit_state* u = &g->s.units[side][unit];
  g->s.teams[side][u->first_team + i].pos = (struct murk_pos){x, y};
  g->s.teams[side][u->first_team + i].placed = true;
}

/* The attacker's six teams in a block south of the woods (4-6,6-7). */
static void attackers_south_of_woods(struct murk_game* g) {
  for (int i = 0; i < 3; i++) {
    put(g, A, LANCERS, i, 4 + i, 6);
    put(g, A, GUNNERS, i, 4 + i, 7);
  }
}

/* The rangers hidden north of the woods, the hussars in the open to the east. */
static void defenders_placed(struct murk_game* g) {
  put(g, D, RANGERS, 0, 4, 1);
  put(g, D, RANGERS, 1, 5, 1);
  put(g, D, RANGERS, 2, 6, 1);
  put(g, D, RANGERS, 3, 5, 0);
  for (int i = 0; i < 3; i++) put(g, D, HUSSARS, i, 12 + i, 2);
}

/* Game 1 of m deployed by OPEN_DEPLOY, the attackers south of the woods, the defenders
 * placed, and what each side sees brought up to date. */
static struct murk_game* placed_in_sight(const struct murk_mission* m) {
  struct murk_game* g = new_game(m, 1);
  ok_lines(g, OPEN_DEPLOY);
  attackers_south_of_woods(g);
  defenders_placed(g);
  mk_sight_update(g, mk_game_event_count(g));
  return g;
}

static const struct murk_view_team* team_at(const struct murk_view* v, int x, int y) {
  return murk_view_team_at(v, (struct murk_pos){x, y});
}

/* The attacker's sight range (cells) in game 1 of the test field with `rules` (the sections
 * between setup and forces). */
static int sight_range_with(const char* rules) {
  struct murk_mission* m = load_parts(TF_HEAD TF_SETUP, rules, TF_FORCES);
  struct murk_game* g = new_game(m, 1);
  int range = mk_sight_range(g, A);
  murk_game_free(g);
  murk_mission_free(m);
  return range;
}

static void test_line_of_sight_and_range(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(OPEN_MISSION);
  struct murk_game* g = new_game(m, 1);
  /* By day nothing limits range; the woods block, the ends never do. */
  assert_int_equal(mk_sight_range(g, A), MURK_SIGHT_UNLIMITED);
  assert_true(mk_can_see(g, A, (struct murk_pos){0, 11}, (struct murk_pos){15, 11}));
  assert_false(mk_can_see(g, A, (struct murk_pos){5, 6}, (struct murk_pos){5, 1}));
  assert_true(mk_can_see(g, A, (struct murk_pos){5, 6}, (struct murk_pos){5, 4}));
  assert_true(mk_can_see(g, A, (struct murk_pos){5, 4}, (struct murk_pos){5, 6}));
  assert_true(mk_sight_los(g, (struct murk_pos){2, 2}, (struct murk_pos){12, 2}));
  assert_false(mk_sight_los(g, (struct murk_pos){2, 3}, (struct murk_pos){8, 4}));
  /* Off the table sees nothing, and nothing is seen there. */
  assert_false(mk_can_see(g, A, (struct murk_pos){-1, 0}, (struct murk_pos){0, 0}));
  assert_false(mk_can_see(g, A, (struct murk_pos){0, 0}, (struct murk_pos){16, 0}));
  murk_game_free(g);
  murk_mission_free(m);

  /* A visibility table of 20cm everywhere: 4 cells, whatever the roll. */
  m = load_yaml(TF_HEAD TF_SETUP TF_VIS TF_FORCES);
  g = new_game(m, 1);
  assert_int_equal(mk_sight_range(g, D), 4);
  assert_true(mk_can_see(g, D, (struct murk_pos){0, 7}, (struct murk_pos){4, 7}));
  assert_false(mk_can_see(g, D, (struct murk_pos){0, 7}, (struct murk_pos){5, 7}));
  murk_game_free(g);
  murk_mission_free(m);

  /* At night under the NVR rule: the NVR itself. */
  assert_int_equal(sight_range_with("rules:\n  nvr: {base: 5}\n"), 5);

  /* Fog of war caps the table's best (60cm) at its spot_range. */
  assert_int_equal(
      sight_range_with("rules:\n  fog_of_war: {spot_range: 15cm}\n"
                       "visibility:\n  die: d6\n  table: {\"1-5\": 10cm, \"6\": 60cm}\n"),
      3);

  /* Night Fighting: at best 2d6*3 = 36 inches = 91.44cm: 18 cells at 5cm (the 1in unit is
   * below one cell and counts as an inch). */
  assert_int_equal(sight_range_with("rules:\n  night_fighting: {}\n"), 18);
}

static void test_views_hide_and_remember(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(OPEN_MISSION);
  struct murk_game* g = placed_in_sight(m);
  assert_false(mk_sight_unit_seen(g, A, RANGERS));
  assert_true(mk_sight_unit_seen(g, A, HUSSARS));

  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, A, &v), MURK_OK);
  /* The hussars are on the attacker's map, the rangers behind the woods are not ... */
  assert_non_null(team_at(v, 12, 2));
  assert_null(team_at(v, 5, 1));
  int rangers = 0;
  for (int i = 0; i < v->nteams; i++)
    if (v->teams[i].owner == D && v->teams[i].platoon == RANGERS) rangers++;
  assert_int_equal(rangers, 0);
  /* ... but where the attacker last had them (their deployment, told to all) is. */
  int contacts = 0;
  for (int i = 0; i < v->ncontacts; i++) {
    const struct murk_view_contact* c = &v->contacts[i];
    assert_int_equal(c->owner, D);
    assert_true(c->team);
    assert_int_equal(c->marker, g->s.units[D][RANGERS].marker);
    assert_string_equal(c->profile, "ranger");
    assert_false(c->pos.y <= 1 && c->pos.x >= 4 && c->pos.x <= 6); /* not where they are */
    contacts++;
  }
  assert_int_equal(contacts, 4);
  murk_view_free(v);
  /* The umpire and the owner see everything. */
  assert_int_equal(murk_view_build(g, D, &v), MURK_OK);
  assert_non_null(team_at(v, 5, 1));
  assert_int_equal(v->ncontacts, 0);
  murk_view_free(v);

  /* A move out of the enemy's sight at both ends is the mover's secret ... */
  ok_lines(g, "end\nend\nend");
  assert_int_equal(murk_game_to_act(g), D);
  ok_line(g, "move 1 to 5,2");
  const struct murk_event* e = mk_game_event(g, mk_game_event_count(g) - 1);
  assert_int_equal(e->kind, MURK_EV_MOVE);
  assert_int_equal(e->audience, MURK_AUD_DEFENDER);
  /* ... one that ends in sight is told to both, and the attacker now sees them. */
  ok_line(g, "move 2 to 9,2");
  e = mk_game_event(g, mk_game_event_count(g) - 1);
  assert_int_equal(e->audience, MURK_AUD_ALL);
  ok_lines(g, "end\nend\nend");
  /* The attacker's lancers shoot at the hussars, not at the rangers out of sight. */
  ok_line(g, "end");
  char why[200];
  bad_line(g, "shoot 1 at P2", why, sizeof why);
  /* Why, from what the attacker knows: it last saw them at 12,2 (deployed there, told to
   * all), a cell its units see empty now. */
  assert_string_equal(why,
                      "P2 is out of sight of all your units: last seen at 12,02, its cell is "
                      "in sight and empty: it moved");
  murk_game_free(g);
  murk_mission_free(m);
}

/* The texts' table (no double_blind): what stands on the table is in view of both sides
 * wherever it stands; sight decides only what may be shot. */
static void test_table_is_public(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TABLE_MISSION);
  assert_false(murk_mission_rule_on(m, MURK_RULE_DOUBLE_BLIND));
  struct murk_game* g = placed_in_sight(m);
  assert_false(mk_sight_unit_seen(g, A, RANGERS)); /* behind the woods: out of sight */
  assert_true(mk_sight_unit_seen(g, A, HUSSARS));
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, A, &v), MURK_OK);
  /* Both platoons on the attacker's map where they stand, no contact at all ... */
  assert_non_null(team_at(v, 12, 2));
  assert_non_null(team_at(v, 5, 1));
  assert_int_equal(v->ncontacts, 0);
  /* ... the rangers out of sight (what shooting asks), the hussars in sight. */
  assert_int_equal(team_at(v, 5, 1)->sight, MURK_VIEW_NO_LINE);
  assert_int_equal(team_at(v, 12, 2)->sight, MURK_VIEW_SEEN);
  murk_view_free(v);
  /* A move out of the enemy's sight at both ends is still told to both: it is on the table. */
  ok_lines(g, "end\nend\nend");
  assert_int_equal(murk_game_to_act(g), D);
  ok_line(g, "move 1 to 5,2");
  const struct murk_event* e = mk_game_event(g, mk_game_event_count(g) - 1);
  assert_int_equal(e->kind, MURK_EV_MOVE);
  assert_int_equal(e->audience, MURK_AUD_ALL);
  assert_true(murk_pos_eq(g->s.seen_team[A][g->s.units[D][RANGERS].first_team].pos,
                          g->s.teams[D][g->s.units[D][RANGERS].first_team].pos));
  ok_lines(g, "end\nend\nend\nend");
  /* The rangers stay out of the attacker's sight: they may not be shot at. */
  char why[200];
  bad_line(g, "shoot 1 at P2", why, sizeof why);
  assert_string_equal(why,
                      "P2 is out of sight of all your units: last seen at 05,02, the woods at "
                      "05,04 blocks the line from your nearest unit");
  murk_game_free(g);
  murk_mission_free(m);
}

/* The refusal's reason is the view's (why.c), word for word: the contact of the target
 * nearest the side's units, in the TUI's words. */
static void assert_refusal_says_contact(struct murk_game* g, const char* line, int marker,
                                        const char* expect) {
  char why[240];
  bad_line(g, line, why, sizeof why);
  assert_string_equal(why, expect);
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, murk_game_to_act(g), &v), MURK_OK);
  bool found = false;
  for (int i = 0; i < v->ncontacts && !found; i++) {
    const struct murk_view_contact* k = &v->contacts[i];
    if (!k->team || k->marker != marker) continue;
    char words[160], ps[16], full[240];
    murk_view_contact_why(v, k, words, sizeof words);
    murk_pos_format(k->pos, ps, sizeof ps);
    snprintf(full, sizeof full, "P%d is out of sight of all your units: last seen at %s, %s",
             marker, ps, words);
    found = strcmp(full, expect) == 0;
  }
  assert_true(found);
  murk_view_free(v);
}

static void test_refusals_say_why(void** st) {
  (void)st;
  /* By day: the woods at 5,4 stand between the attacker and where it last saw the rangers. */
  struct murk_mission* m = load_yaml(OPEN_MISSION);
  struct murk_game* g = placed_in_sight(m);
  const struct mk_unit_state* ra = &g->s.units[D][RANGERS];
  for (int i = 0; i < ra->nteams; i++)
    g->s.seen_team[A][ra->first_team + i].pos = (struct murk_pos){5, 1};
  ok_lines(g, "end\nend\nend\nend\nend\nend\nend");
  assert_int_equal(murk_game_to_act(g), A);
  assert_refusal_says_contact(g, "shoot 1 at P2", 2,
                              "P2 is out of sight of all your units: last seen at 05,01, the "
                              "woods at 05,04 blocks the line from your nearest unit");
  murk_game_free(g);
  murk_mission_free(m);

  /* At night: beyond the NVR of 3 cells. */
  m = load_yaml(TF_HEAD TF_SETUP
                "rules:\n  nvr: {base: 3, concealed_setup: false}\n  double_blind: {}\n" TF_FORCES);
  g = placed_in_sight(m);
  ok_lines(g, "end\nend\nend\nend\nend\nend\nend\nend");
  assert_int_equal(murk_game_to_act(g), A);
  assert_refusal_says_contact(g, "assault 1 at P2", 2,
                              "P2 is out of sight of all your units: last seen at 12,02, beyond "
                              "the night visibility range (3 cells) of your units");
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_last_seen_follows_sight(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(OPEN_MISSION);
  struct murk_game* g = placed_in_sight(m);
  /* The hussars are seen at 12-14,2 on turn 1 ... */
  const struct mk_unit_state* hu = &g->s.units[D][HUSSARS];
  const struct mk_sighting* k = &g->s.seen_team[A][hu->first_team];
  assert_true(k->seen && k->known);
  assert_true(murk_pos_eq(k->pos, (struct murk_pos){12, 2}));
  /* ... then slip behind the woods: the attacker keeps the place it saw them last. */
  for (int i = 0; i < 3; i++) put(g, D, HUSSARS, i, 3 + i, 0);
  mk_sight_update(g, mk_game_event_count(g));
  assert_false(k->seen);
  assert_true(k->known);
  assert_true(murk_pos_eq(k->pos, (struct murk_pos){12, 2}));
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, A, &v), MURK_OK);
  bool found = false;
  for (int i = 0; i < v->ncontacts; i++)
    if (v->contacts[i].marker == hu->marker &&
        murk_pos_eq(v->contacts[i].pos, (struct murk_pos){12, 2}))
      found = true;
  assert_true(found);
  assert_null(team_at(v, 3, 0));
  murk_view_free(v);
  /* A destroyed team is forgotten. */
  g->s.teams[D][hu->first_team].alive = false;
  mk_sight_update(g, mk_game_event_count(g));
  assert_false(k->known);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_templates_are_public(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = new_game(m, 1);
  ok_lines(g,
           "deploy 1 at 2,9\ndeploy 1 at 2,2\ndeploy 2 at 6,9\ndeploy 2 at 9,2\ndeploy dummy at "
           "12,8\ndeploy dummy at 14,2\nend\nend");
  /* Far beyond the fog's 4 cells and behind woods, a template is still on the enemy's map
   * (Luneville puts them down on the table): its contents are what is hidden. */
  int t2 = marker_at(g, 2, 2);
  g->s.markers[t2].pos = (struct murk_pos){5, 1};
  mk_sight_update(g, mk_game_event_count(g));
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, A, &v), MURK_OK);
  const struct murk_view_marker* vm = murk_view_marker_at(v, (struct murk_pos){5, 1});
  assert_non_null(vm);
  assert_false(vm->known);
  murk_view_free(v);
  murk_game_free(g);
  murk_mission_free(m);
}

static void test_spotting_needs_sight(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = new_game(m, 1);
  ok_lines(g,
           "deploy 1 at 2,9\ndeploy 1 at 2,2\ndeploy 2 at 6,9\ndeploy 2 at 9,2\ndeploy dummy at "
           "12,8\ndeploy dummy at 14,2\nend\nend");
  /* The attacker's templates south of the woods; the defender's T2 3 cells north of them
   * behind the woods, its T4 in the open within 4 cells. */
  g->s.markers[marker_at(g, 2, 9)].pos = (struct murk_pos){5, 6};
  g->s.markers[marker_at(g, 6, 9)].pos = (struct murk_pos){1, 8};
  g->s.markers[marker_at(g, 12, 8)].pos = (struct murk_pos){15, 11};
  int t2 = marker_at(g, 2, 2);
  int t4 = marker_at(g, 9, 2);
  g->s.markers[t2].pos = (struct murk_pos){5, 2};
  g->s.markers[t4].pos = (struct murk_pos){8, 5};
  g->s.markers[marker_at(g, 14, 2)].pos = (struct murk_pos){15, 0};
  ok_line(g, "end");
  ok_line(g, "spot");
  /* 20cm (4 cells) on every roll: T4 in sight is revealed, T2 behind the woods is not. */
  assert_true(g->s.markers[t4].revealed);
  assert_false(g->s.markers[t2].revealed);
  murk_game_free(g);
  murk_mission_free(m);
}

/* A mission on a random w x h table (a quarter woods, some hedges that hinder), forces as
 * TF_FORCES. Written into buf; returns buf. */
/* seed 0: woods in a lattice instead, one cell in five. */
static char* random_table_yaml(char* buf, size_t n, const char* grid, int w, int h, uint64_t seed) {
  bool lattice = seed == 0;
  size_t k = (size_t)snprintf(buf, n,
                              "name: Random Field\n"
                              "table: {grid: %s, scale: 5cm, size: %dcm x %dcm}\n"
                              "terrain:\n  legend:\n"
                              "    \".\": {class: open, sight: clear, name: fields}\n"
                              "    \"h\": {class: open, sight: hindering, name: hedges}\n"
                              "    \"T\": {class: difficult, sight: blocking, name: woods}\n"
                              "  map: |\n",
                              grid, w * 5, h * 5);
  for (int y = 0; y < h; y++) {
    k += (size_t)snprintf(buf + k, n - k, "    ");
    for (int x = 0; x < w; x++) {
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      unsigned r = (unsigned)(seed >> 59);                 /* 0..31 */
      if (lattice) r = (7 * x + 13 * y) % 5 == 0 ? 0 : 31; /* long thin lines of sight */
      buf[k++] = r < 8 ? 'T' : r < 11 ? 'h' : '.';
    }
    buf[k++] = '\n';
  }
  snprintf(
      buf + k, n - k,
      "deployment:\n  attacker: {half: south}\n  defender: {half: north}\n" TF_SETUP TF_FORCES);
  return buf;
}

/* The game answers line of sight from cached fields of view (sight.c): it must agree with
 * murk_los, the per-pair rule, for every pair asked in any order. The 80x60 table is bigger
 * than the cache holds a row for every cell, so rows are evicted and recomputed too. */
static void test_fov_cache_agrees_with_los(void** st) {
  (void)st;
  static char buf[1 << 16];
  const struct {
    const char* grid;
    int w, h;
  } cases[] = {{"hex", 36, 24}, {"square", 36, 24}, {"hex", 80, 60}, {"square", 80, 60}};
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    for (uint64_t seed = 1; seed <= 3; seed++) {
      struct murk_mission* m = load_yaml(
          random_table_yaml(buf, sizeof buf, cases[c].grid, cases[c].w, cases[c].h, seed));
      struct murk_game* g = new_game(m, seed);
      uint64_t r = seed * 0x9E3779B97F4A7C15ull;
      int clear = 0, blocked = 0;
      for (int i = 0; i < 6000; i++) {
        r ^= r << 13, r ^= r >> 7, r ^= r << 17;
        struct murk_pos a = {(int)(r % (uint64_t)cases[c].w),
                             (int)((r >> 16) % (uint64_t)cases[c].h)};
        struct murk_pos b = {(int)((r >> 32) % (uint64_t)cases[c].w),
                             (int)((r >> 48) % (uint64_t)cases[c].h)};
        if (i % 3 == 0)
          b = (struct murk_pos){a.x + (int)(r % 7) - 3, a.y + (int)((r >> 8) % 7) - 3};
        bool want = murk_los(g->sightmap, a, b, NULL);
        if (mk_sight_los(g, a, b) != want || mk_sight_los(g, b, a) != want)
          fail_msg("%s %dx%d seed %llu: (%d,%d)-(%d,%d) los %d", cases[c].grid, cases[c].w,
                   cases[c].h, (unsigned long long)seed, a.x, a.y, b.x, b.y, want);
        want ? clear++ : blocked++;
      }
      /* Both answers were exercised. */
      assert_true(clear > 500);
      assert_true(blocked > 500);
      murk_game_free(g);
      murk_mission_free(m);
    }
  }
}

/* On a big table whose woods form a lattice a field of view is a few thousand cells along
 * thin lines over the whole table, kept as lists of cells (sight_cache.c), and on a
 * smaller one a side's rows are ORed together: lines, and a
 * side's sight asked of many cells from its viewers kept together (mk_sight_line_within,
 * mk_sight_team_in_sight_memo), agree with murk_los asked pair by pair. */
static void test_fov_cache_agrees_on_a_lattice(void** st) {
  (void)st;
  static char buf[1 << 17];
  const char* grids[] = {"hex", "square", "hex"};
  /* 300x300: rows kept as lists; 100x100: rows over the whole table, and a side's sight at
   * any range one OR of them. */
  const int sizes[] = {300, 300, 100};
  for (int c = 0; c < 3; c++) {
    const int w = sizes[c], h = sizes[c];
    struct murk_mission* m = load_yaml(random_table_yaml(buf, sizeof buf, grids[c], w, h, 0));
    struct murk_game* g = new_game(m, 1);
    uint64_t r = 77 + (uint64_t)c;
    int clear = 0, blocked = 0;
    for (int i = 0; i < 3000; i++) {
      r ^= r << 13, r ^= r >> 7, r ^= r << 17;
      struct murk_pos a = {(int)(r % (uint64_t)w), (int)((r >> 16) % (uint64_t)h)};
      struct murk_pos b = {(int)((r >> 32) % (uint64_t)w), (int)((r >> 48) % (uint64_t)h)};
      if (i % 2) b = (struct murk_pos){a.x + (int)(r % 15) - 7, a.y + (int)((r >> 8) % 15) - 7};
      bool want = murk_los(g->sightmap, a, b, NULL);
      if (mk_sight_los(g, a, b) != want || mk_sight_los(g, b, a) != want)
        fail_msg("%s lattice: (%d,%d)-(%d,%d) los %d", grids[c], a.x, a.y, b.x, b.y, want);
      want ? clear++ : blocked++;
    }
    assert_true(clear > 300);
    assert_true(blocked > 300);
    /* The attacker's six teams scattered; each cell asked with and without a range. */
    struct murk_pos at[6];
    for (int i = 0; i < 6; i++) {
      r ^= r << 13, r ^= r >> 7, r ^= r << 17;
      at[i] = (struct murk_pos){(int)(r % (uint64_t)w), (int)((r >> 16) % (uint64_t)h)};
      put(g, A, i < 3 ? LANCERS : GUNNERS, i % 3, at[i].x, at[i].y);
    }
    const int ranges[] = {MURK_SIGHT_UNLIMITED, 40};
    for (int k = 0; k < 2; k++) {
      struct mk_sight_memo memo = {0};
      int seen = 0;
      for (int i = 0; i < 3000; i++) {
        r ^= r << 13, r ^= r >> 7, r ^= r << 17;
        struct murk_pos p = {(int)(r % (uint64_t)w), (int)((r >> 16) % (uint64_t)h)};
        if (i % 2) p = (struct murk_pos){at[i % 6].x + (int)(r % 9) - 4, at[i % 6].y + 3};
        bool want = false;
        for (int t = 0; t < 6; t++)
          want = want || ((ranges[k] == MURK_SIGHT_UNLIMITED ||
                           murk_geom_distance(&m->grid, at[t], p) <= ranges[k]) &&
                          mk_sight_los(g, at[t], p));
        int got = mk_sight_line_within(g, A, ranges[k], p, &memo);
        if (got >= 0 && got != want)
          fail_msg("%s lattice: line to (%d,%d) within %d: %d", grids[c], p.x, p.y, ranges[k],
                   want);
        if (k == 0 && mk_sight_team_in_sight_memo(g, A, 0, p, &memo) != want)
          fail_msg("%s lattice: (%d,%d) in sight: %d", grids[c], p.x, p.y, want);
        seen += want;
      }
      assert_true(seen > 100);
    }
    murk_game_free(g);
    murk_mission_free(m);
  }
}

/* A cache shared by the games of one mission answers as each game's own does, and refuses
 * a game of another mission. */
static void test_shared_cache(void** st) {
  (void)st;
  static char buf[1 << 16];
  struct murk_mission* m = load_yaml(random_table_yaml(buf, sizeof buf, "hex", 36, 24, 7));
  struct murk_mission* other = load_yaml(random_table_yaml(buf, sizeof buf, "hex", 36, 24, 8));
  struct murk_sight_cache* c = NULL;
  assert_int_equal(murk_sight_cache_new(m, &c), MURK_OK);
  struct murk_game* g1 = new_game(m, 1);
  struct murk_game* g2 = new_game(m, 2);
  struct murk_game* g3 = new_game(other, 1);
  assert_int_equal(murk_game_use_sight_cache(g1, c), MURK_OK);
  assert_int_equal(murk_game_use_sight_cache(g2, c), MURK_OK);
  assert_int_equal(murk_game_use_sight_cache(g3, c), MURK_EINVAL);
  uint64_t r = 99;
  for (int i = 0; i < 3000; i++) {
    r ^= r << 13, r ^= r >> 7, r ^= r << 17;
    struct murk_pos a = {(int)(r % 36), (int)((r >> 16) % 24)};
    struct murk_pos b = {(int)((r >> 32) % 36), (int)((r >> 48) % 24)};
    bool want = murk_los(g1->sightmap, a, b, NULL);
    assert_int_equal(mk_sight_los(i % 2 ? g1 : g2, a, b), want);
    assert_int_equal(mk_sight_los(g3, a, b), murk_los(g3->sightmap, a, b, NULL));
  }
  murk_game_free(g1);
  /* The cache outlives the games that used it. */
  assert_true(mk_sight_los(g2, (struct murk_pos){3, 3}, (struct murk_pos){3, 3}));
  murk_game_free(g2);
  murk_game_free(g3);
  murk_sight_cache_free(c);
  murk_mission_free(m);
  murk_mission_free(other);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_line_of_sight_and_range),
      cmocka_unit_test(test_views_hide_and_remember),
      cmocka_unit_test(test_table_is_public),
      cmocka_unit_test(test_refusals_say_why),
      cmocka_unit_test(test_last_seen_follows_sight),
      cmocka_unit_test(test_templates_are_public),
      cmocka_unit_test(test_spotting_needs_sight),
      cmocka_unit_test(test_fov_cache_agrees_with_los),
      cmocka_unit_test(test_fov_cache_agrees_on_a_lattice),
      cmocka_unit_test(test_shared_cache),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
