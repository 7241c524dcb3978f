/* test_tui_preview.c: the TUI's move preview (murk_view_reach, read from the view) against
 * the game's own judgement, on every bundled mission; and the view's shoot and assault
 * targets against what the game accepts, at every shooting and assault step of those games
 * (a lean view's too, which judges only distances: it must list every pair the game takes).
 *
 * At several points of seeded games between the random players, for each own unit the side
 * to act could move (markers on the table and revealed platoons) and each cell near it:
 * "in the preview" == "`move T<n>|N to X,Y` is accepted by murk_game_apply" (the move is
 * then taken back byte for byte: state, events, log). Cells farther than any allowance are
 * never in the preview (checked) and always too far for the game.
 *
 * The preview is judged on what the side knows; today the game judges a move on the whole
 * truth. So a cell whose straight path or end meets a place where
 * the side's knowledge and the truth differ (an enemy it cannot see, or one gone from where
 * it was last seen) is left out, and counted. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "combat.h"
#include "murk/alloc.h"
#include "murk/command.h"
#include "sim.h"
#include "test_support.h"

#define MISSIONS MURK_SOURCE_DIR "/data/missions"
#define MAX_COMMANDS 3000
#define MAX_TRIES 400
#define CHECKS_PER_GAME 4
#define SEEDS 2

struct tally {
  long cells, reach, skipped, wrong_in, wrong_out, units, checks, targets, wrong_targets;
  long lean_listed, wrong_lean;
  long unseen[MURK_VIEW_MOVED + 1];
};

/* Where an enemy of `side` truly stands (truth) and where the view shows one (known). */
static void enemy_maps(const struct murk_game* g, const struct murk_view* v, unsigned char* truth,
                       unsigned char* known) {
  const struct mk_state* s = &g->s;
  int w = v->grid.width;
  enum murk_side enemy = murk_side_other(v->side);
  size_t n = (size_t)w * (size_t)v->grid.height;
  memset(truth, 0, n);
  memset(known, 0, n);
  for (int i = 0; i < s->nmarkers; i++)
    if (s->markers[i].on_table && s->markers[i].owner == enemy)
      truth[s->markers[i].pos.y * w + s->markers[i].pos.x] = 1;
  for (int t = 0; t < s->nteams[enemy]; t++)
    if (s->teams[enemy][t].alive && s->teams[enemy][t].placed)
      truth[s->teams[enemy][t].pos.y * w + s->teams[enemy][t].pos.x] = 1;
  for (int i = 0; i < v->nmarkers; i++)
    if (v->markers[i].on_table && v->markers[i].owner == enemy)
      known[v->markers[i].pos.y * w + v->markers[i].pos.x] = 1;
  for (int i = 0; i < v->nteams; i++)
    if (v->teams[i].owner == enemy) known[v->teams[i].pos.y * w + v->teams[i].pos.x] = 1;
  for (int i = 0; i < v->ncontacts; i++) known[v->contacts[i].pos.y * w + v->contacts[i].pos.x] = 1;
}

/* Does the straight move from `from` to `to` meet a cell where knowledge and truth differ? */
static bool fog_decides(const struct murk_view* v, struct murk_pos from, struct murk_pos to,
                        const unsigned char* truth, const unsigned char* known) {
  struct murk_line_step line[512];
  size_t n = murk_geom_line(&v->grid, from, to, line, 512);
  for (size_t i = 1; i < n && i < 512; i++) {
    int k = line[i].cell.y * v->grid.width + line[i].cell.x;
    if (truth[k] != known[k]) return true;
  }
  return false;
}

/* Apply a move and take it back: accepted? */
static bool game_accepts(struct murk_game* g, enum murk_side side, const char* handle,
                         struct murk_pos to, struct mk_state* saved) {
  char line[64];
  snprintf(line, sizeof line, "move %s to %d,%d", handle, to.x, to.y);
  struct murk_command c;
  char err[200], reason[256];
  int col = 0;
  assert_int_equal(murk_command_parse(line, &c, err, sizeof err, &col), 1);
  memcpy(saved, &g->s, sizeof *saved);
  size_t nevents = g->nevents, nlog = g->nlog;
  int rc = murk_game_apply(g, side, &c, reason, sizeof reason);
  if (rc != MURK_OK) {
    assert_int_equal(rc, MURK_EREJECTED);
    return false;
  }
  memcpy(&g->s, saved, sizeof *saved);
  mk_game_truncate(g, nevents, nlog);
  return true;
}

/* One mover: the preview against the game, cell by cell. */
static void check_unit(struct murk_game* g, const struct murk_view* v, int number, int roster,
                       struct murk_pos from, const int allow[MURK_TERRAIN_CLASS_COUNT],
                       unsigned char* cells, const unsigned char* truth, const unsigned char* known,
                       struct mk_state* saved, struct tally* t, const char* mission) {
  const struct murk_grid* grid = &v->grid;
  int n = murk_view_reach(v, number, cells, 1);
  assert_true(n >= 0);
  int most = 0;
  for (int k = 0; k < MURK_TERRAIN_CLASS_COUNT; k++)
    if (allow[k] > most) most = allow[k];
  char handle[16];
  /* A marker by its number, a revealed platoon by its roster number (as the TUI sends). */
  if (roster < 0)
    snprintf(handle, sizeof handle, "T%d", number);
  else
    snprintf(handle, sizeof handle, "%d", roster + 1);
  t->units++;
  for (int y = 0; y < grid->height; y++)
    for (int x = 0; x < grid->width; x++) {
      struct murk_pos p = {x, y};
      bool in = (cells[y * grid->width + x] & 1) != 0;
      t->reach += in;
      if (murk_geom_distance(grid, from, p) > most + 1) {
        assert_false(in);
        continue;
      }
      if (fog_decides(v, from, p, truth, known)) {
        t->skipped++;
        continue;
      }
      t->cells++;
      bool ok = game_accepts(g, v->side, handle, p, saved);
      if (ok == in) continue;
      if (in)
        t->wrong_in++;
      else
        t->wrong_out++;
      if (t->wrong_in + t->wrong_out <= 5)
        fprintf(stderr, "%s: %s at %d,%d to %d,%d: preview %s, game %s\n", mission, handle, from.x,
                from.y, x, y, in ? "yes" : "no", ok ? "accepts" : "refuses");
    }
}

static void check_point(struct murk_game* g, struct mk_state* saved, struct tally* t,
                        const char* mission) {
  enum murk_side side = murk_game_to_act(g);
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, side, &v), MURK_OK);
  size_t n = (size_t)v->grid.width * (size_t)v->grid.height;
  unsigned char* cells = calloc(n, 1);
  unsigned char* truth = calloc(n, 1);
  unsigned char* known = calloc(n, 1);
  assert_true(cells && truth && known);
  enemy_maps(g, v, truth, known);
  t->checks++;
  /* Why enemies are seen or not: what is in the view is seen, what is only remembered is
   * not, and one said to have left its cell is not there. */
  /* (On the texts' table an enemy team out of sight is in view too: only double_blind
   * leaves it out.) */
  bool blind = murk_mission_rule_on(g->m, MURK_RULE_DOUBLE_BLIND);
  for (int i = 0; i < v->nteams; i++)
    if (v->teams[i].owner != side && blind)
      assert_true(v->teams[i].sight == MURK_VIEW_SEEN || v->teams[i].sight == MURK_VIEW_LIT);
  for (int i = 0; i < v->nmarkers; i++)
    if (v->markers[i].owner != side && v->markers[i].on_table)
      assert_true(v->markers[i].sight <= MURK_VIEW_LIT);
  for (int i = 0; i < v->ncontacts; i++) {
    const struct murk_view_contact* c = &v->contacts[i];
    assert_true(c->sight > MURK_VIEW_LIT);
    t->unseen[c->sight]++;
    /* (another, seen, may stand there now) */
    if (c->sight == MURK_VIEW_MOVED)
      assert_true(!truth[c->pos.y * v->grid.width + c->pos.x] || murk_view_team_at(v, c->pos) ||
                  murk_view_marker_at(v, c->pos));
  }
  for (int i = 0; i < v->nmarkers; i++) {
    const struct murk_view_marker* mk = &v->markers[i];
    if (mk->owner != side || !mk->on_table) continue;
    check_unit(g, v, mk->number, -1, mk->pos, mk->allowance, cells, truth, known, saved, t,
               mission);
  }
  for (int i = 0; i < v->nplatoons; i++) {
    const struct murk_view_platoon* pl = &v->platoons[i];
    if (pl->state != MURK_PLATOON_REVEALED || pl->marker <= 0) continue;
    check_unit(g, v, pl->marker, pl->index, pl->lead, pl->allowance, cells, truth, known, saved, t,
               mission);
  }
  free(cells);
  free(truth);
  free(known);
  murk_view_free(v);
}

/* Shooting and assault steps: the view's targets against the game, every own revealed
 * platoon at every revealed enemy platoon. */
static void check_targets(struct murk_game* g, struct mk_state* saved, struct tally* t,
                          const char* mission) {
  enum murk_side side = murk_game_to_act(g);
  bool shooting = g->s.step == MURK_STEP_SHOOTING;
  struct murk_view *v = NULL, *lean = NULL;
  assert_int_equal(murk_view_build(g, side, &v), MURK_OK);
  assert_int_equal(murk_view_build_lean(g, side, &lean), MURK_OK);
  for (int i = 0; i < v->nplatoons; i++) {
    if (v->platoons[i].state != MURK_PLATOON_REVEALED) continue;
    for (int j = 0; j < v->nmarkers; j++) {
      const struct murk_view_marker* mk = &v->markers[j];
      if (mk->owner == side || !mk->revealed || mk->dummy) continue;
      bool listed = false, in_lean = false;
      for (int k = 0; k < v->ntargets; k++)
        if (v->targets[k].platoon == i && v->targets[k].target == mk->number)
          listed = shooting ? v->targets[k].shoot : v->targets[k].assault;
      for (int k = 0; k < lean->ntargets; k++)
        if (lean->targets[k].platoon == i && lean->targets[k].target == mk->number)
          in_lean = shooting ? lean->targets[k].shoot : lean->targets[k].assault;
      t->lean_listed += in_lean;
      /* The judgement with lines of sight (mk_combat_targets asks no mk_combat_in_reach)
       * never takes a pair the distances alone rule out. */
      int mi = mk_marker_index(&g->s, mk->number);
      assert_true(mi >= 0);
      int tu = g->s.markers[mi].unit;
      signed char seen = -1;
      if (mk_combat_targets(g, side, i, tu, shooting, &seen) &&
          !mk_combat_in_reach(g, side, i, tu, shooting)) {
        t->wrong_lean++;
        fprintf(stderr, "%s: %s %d at P%d: in sight and range, but not in reach\n", mission,
                shooting ? "shoot" : "assault", i + 1, mk->number);
      }
      char line[64];
      snprintf(line, sizeof line, "%s %d at P%d", shooting ? "shoot" : "assault", i + 1,
               mk->number);
      struct murk_command c;
      char err[200], reason[256];
      int col = 0;
      assert_int_equal(murk_command_parse(line, &c, err, sizeof err, &col), 1);
      memcpy(saved, &g->s, sizeof *saved);
      size_t nevents = g->nevents, nlog = g->nlog;
      bool ok = murk_game_apply(g, side, &c, reason, sizeof reason) == MURK_OK;
      if (ok) {
        memcpy(&g->s, saved, sizeof *saved);
        mk_game_truncate(g, nevents, nlog);
      }
      t->targets++;
      if (ok != listed) {
        t->wrong_targets++;
        fprintf(stderr, "%s: %s: view %s, game %s (%s)\n", mission, line,
                listed ? "lists it" : "does not", ok ? "accepts" : "refuses", reason);
      }
      if (ok && !in_lean) {
        t->wrong_lean++;
        fprintf(stderr, "%s: %s: the game accepts it, the lean view does not list it\n", mission,
                line);
      }
    }
  }
  murk_view_free(v);
  murk_view_free(lean);
}

/* A seeded game between the random players, checked at its first movement steps. */
static void play(const struct murk_mission* m, const char* name, uint64_t seed,
                 struct mk_state* saved, struct tally* t) {
  struct murk_game* g = new_game(m, seed);
  struct murk_rng rng[MURK_SIDES];
  for (int s = 0; s < MURK_SIDES; s++) murk_policy_seed(&rng[s], seed, (enum murk_side)s);
  struct murk_policy_plan plan;
  memset(&plan, 0, sizeof plan);
  int checks = 0, in_step = 0;
  for (int n = 0; murk_game_to_act(g) != MURK_NO_SIDE && n < MAX_COMMANDS; n++) {
    enum murk_side side = murk_game_to_act(g);
    bool moving = g->s.phase == MURK_PHASE_PLAY && g->s.step == MURK_STEP_MOVEMENT;
    in_step = moving ? in_step + 1 : 0;
    /* At the start of a movement step, and once some units have moved in it. */
    if (moving && (in_step == 1 || in_step == 3) && checks < CHECKS_PER_GAME) {
      check_point(g, saved, t, name);
      checks++;
    }
    if (g->s.phase == MURK_PHASE_PLAY &&
        (g->s.step == MURK_STEP_SHOOTING || g->s.step == MURK_STEP_ASSAULT))
      check_targets(g, saved, t, name);
    struct murk_view* v = NULL;
    assert_int_equal(murk_view_build(g, side, &v), MURK_OK);
    bool applied = false;
    int tries = 0;
    for (int round = 0; !applied && tries < MAX_TRIES; round++) {
      assert_int_equal(murk_policy_plan(MURK_POLICY_RANDOM, v, &rng[side], round, &plan), MURK_OK);
      for (int i = 0; i < plan.n && !applied && tries < MAX_TRIES; i++, tries++) {
        char reason[256];
        applied = murk_game_apply(g, side, &plan.cmds[i], reason, sizeof reason) == MURK_OK;
      }
    }
    murk_view_free(v);
    if (!applied) break;
  }
  murk_policy_plan_free(&plan);
  murk_game_free(g);
}

static int by_name(const void* a, const void* b) {
  return strcmp(*(char* const*)a, *(char* const*)b);
}

static void test_preview_matches_game(void** st) {
  (void)st;
  DIR* d = opendir(MISSIONS);
  assert_non_null(d);
  char* names[64];
  int nnames = 0;
  struct dirent* e;
  while ((e = readdir(d)) && nnames < 64) {
    size_t len = strlen(e->d_name);
    if (len > 5 && strcmp(e->d_name + len - 5, ".yaml") == 0) names[nnames++] = strdup(e->d_name);
  }
  closedir(d);
  qsort(names, (size_t)nnames, sizeof names[0], by_name);
  assert_true(nnames >= 10);
  struct mk_state* saved = malloc(sizeof *saved);
  assert_non_null(saved);
  int failed = 0;
  for (int i = 0; i < nnames; i++) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s", MISSIONS, names[i]);
    struct murk_diags diags;
    murk_diags_init(&diags, path);
    struct murk_mission* m = NULL;
    assert_int_equal(murk_mission_load(path, &m, &diags), MURK_OK);
    struct tally t = {0};
    for (uint64_t seed = 1; seed <= (uint64_t)TEST_COUNT(SEEDS, 1); seed++)
      play(m, names[i], seed, saved, &t);
    fprintf(stderr,
            "%-28s %2ld points %4ld units %7ld cells judged (%ld lit), %5ld left to fog: %ld lit "
            "but refused, %ld accepted but dark; %ld targets judged, %ld wrong; %ld in a lean "
            "view's list, %ld wrong\n",
            names[i], t.checks, t.units, t.cells, t.reach, t.skipped, t.wrong_in, t.wrong_out,
            t.targets, t.wrong_targets, t.lean_listed, t.wrong_lean);
    if (t.unseen[MURK_VIEW_OUT_OF_RANGE] + t.unseen[MURK_VIEW_BEYOND_NVR] +
            t.unseen[MURK_VIEW_NO_LINE] + t.unseen[MURK_VIEW_MOVED] >
        0)
      fprintf(stderr,
              "%28s out of sight: %ld out of range, %ld beyond NVR, %ld no line, %ld moved\n", "",
              t.unseen[MURK_VIEW_OUT_OF_RANGE], t.unseen[MURK_VIEW_BEYOND_NVR],
              t.unseen[MURK_VIEW_NO_LINE], t.unseen[MURK_VIEW_MOVED]);
    if (t.wrong_in || t.wrong_out || t.wrong_targets || t.wrong_lean) failed++;
    /* Every mission with moves gets judged somewhere. */
    assert_true(t.checks > 0);
    murk_mission_free(m);
    free(names[i]);
  }
  free(saved);
  assert_int_equal(failed, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_preview_matches_game),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
