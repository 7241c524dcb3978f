/* test_command_table.c: the command table and the phase table (command_table.h, setup.c).
 *
 * A command outside its phase or step is refused by the table's guard with its row's reason,
 * whatever its unit names and before any handler runs; every row keeps the phases, steps and
 * reason its handler checked before the table existed; references are resolved once (a
 * platoon named by number or by marker moves the same); the view's verbs are the rows legal
 * now, the play prompt lists them, and verbs outside the mask are refused. The phase table
 * skips phases no side has work in, keeps per-phase done flags and says why `end` cannot
 * skip objectives. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <stdlib.h>

#include "command_table.h"
#include "murk/save.h"
#include "test_support.h"

#define BIT(k) (1u << (k))

/* The phases, steps and reasons the handlers checked at their top before this table. */
static const struct {
  enum murk_command_kind kind;
  unsigned phases, steps;
  const char* when;
} old_guards[] = {
    {MURK_CMD_OBJECTIVE, MK_PH(OBJECTIVES), 0, "objectives are placed at the start of setup only"},
    /* And in deployment, by a side that names its templates' platoons at its end. */
    {MURK_CMD_RESERVE, MK_PH(RESERVES) | MK_PH(DEPLOY), 0,
     "reserves are nominated before deployment only"},
    {MURK_CMD_DEPLOY, MK_PH(DEPLOY) | MK_PH(INDEPENDENTS) | MK_PH(INFILTRATE), 0,
     "platoons are deployed during setup only"},
    {MURK_CMD_ARRIVE, MK_PH(PLAY), MK_ST(MOVEMENT),
     "reserves arrive in their owner's movement step, after a successful roll"},
    {MURK_CMD_RECCE, MK_PH(RECCE), 0,
     "reconnaissance deployment moves are made after deployment, before the first turn"},
    {MURK_CMD_REMOVE, MK_PH(DEPLOY) | MK_PH(PLAY), MK_ST_ALL, "you take away no objectives now"},
    {MURK_CMD_MOVE, MK_PH(PLAY), MK_ST(MOVEMENT), "moves are made in your movement step"},
    {MURK_CMD_DIS, MK_PH(PLAY), MK_ST(MOVEMENT), "Dis counters move in your movement step"},
    {MURK_CMD_REVEAL, MK_PH(PLAY), MK_ST_ALL,
     "platoons are revealed during play, in your own turn"},
    {MURK_CMD_SPOT, MK_PH(PLAY), MK_ST(SHOOTING),
     "spotting is done at the start of your shooting step"},
    {MURK_CMD_SHOOT, MK_PH(PLAY), MK_ST(SHOOTING), "shooting is done in your shooting step"},
    {MURK_CMD_ASSAULT, MK_PH(PLAY), MK_ST(ASSAULT), "assaults are made in your assault step"},
    {MURK_CMD_WITHDRAW, MK_PH(PLAY), MK_ST_ALL,
     "no withdrawal is due (the Fighting Withdrawal schedule calls for them at the start of your "
     "turn)"},
    /* ASL night rules E1.92: the Prep Fire Phase too. */
    {MURK_CMD_STARSHELL, MK_PH(PLAY), MK_ST(MOVEMENT) | MK_ST(SHOOTING),
     "starshells are fired in your movement step (before the platoon moves) or your shooting "
     "step"},
    {MURK_CMD_ILLUMINATE, MK_PH(PLAY), MK_ST(MOVEMENT) | MK_ST(SHOOTING),
     "illuminating rounds are fired in your movement step (before the platoon moves) or your "
     "shooting step"},
};

static void test_rows_complete(void** st) {
  (void)st;
  for (int k = 0; k < MURK_CMD_COUNT; k++) {
    const struct mk_cmd_row* r = mk_cmd_row((enum murk_command_kind)k);
    assert_non_null(r);
    assert_non_null(r->verb);
    assert_non_null(r->usage);
    assert_non_null(r->handler);
    assert_non_null(r->when);
    assert_true(r->phases != 0);
    if (r->phases & MK_PH(PLAY)) assert_true(r->steps != 0);
    assert_string_equal(murk_command_verb((enum murk_command_kind)k), r->verb);
    assert_string_equal(murk_command_usage((enum murk_command_kind)k), r->usage);
    /* The usage starts with the verb, and the verb parses back to this kind. */
    assert_memory_equal(r->usage, r->verb, strlen(r->verb));
    /* A row that lists the verb in the play prompt is legal in play. */
    if (r->prompt_rank) assert_true((r->phases & MK_PH(PLAY)) && r->prompt_word);
  }
  assert_null(mk_cmd_row(MURK_CMD_COUNT));
  assert_null(mk_cmd_row((enum murk_command_kind) - 1));
}

static void test_rows_keep_the_old_guards(void** st) {
  (void)st;
  for (size_t i = 0; i < sizeof old_guards / sizeof old_guards[0]; i++) {
    const struct mk_cmd_row* r = mk_cmd_row(old_guards[i].kind);
    assert_int_equal(r->phases, old_guards[i].phases);
    if (r->phases & MK_PH(PLAY)) assert_int_equal(r->steps, old_guards[i].steps);
    assert_string_equal(r->when, old_guards[i].when);
  }
  /* Ambush and end are checked in several phases: ambush is held in the reserves phase,
   * placed in the ambush phase and sprung in the movement step; `end` ends any phase. */
  const struct mk_cmd_row* amb = mk_cmd_row(MURK_CMD_AMBUSH);
  assert_int_equal(amb->phases, MK_PH(RESERVES) | MK_PH(AMBUSH) | MK_PH(PLAY));
  assert_int_equal(amb->steps, MK_ST(MOVEMENT));
  assert_int_equal(mk_cmd_row(MURK_CMD_END)->phases, MK_PH_SETUP | MK_PH(PLAY));
}

/* A well-formed command of kind k naming platoon `unit` (an out-of-range one too). */
static struct murk_command make(enum murk_command_kind k, int unit) {
  struct murk_command c;
  memset(&c, 0, sizeof c);
  c.kind = k;
  const struct mk_cmd_row* r = mk_cmd_row(k);
  if (r->unit) c.unit = (struct murk_ref){MURK_REF_OWN, unit};
  if (r->target)
    c.target = (struct murk_ref){
        r->target & MK_REF_BIT(MURK_REF_MARKER) ? MURK_REF_MARKER : MURK_REF_PLATOON, 1};
  if (r->pos_word) c.at = (struct murk_pos){3, 3};
  if (r->two_positions) c.at2 = (struct murk_pos){4, 4};
  return c;
}

/* The reason a row gives outside its phases, worked out here from the public state. */
static void expected_when(const struct murk_game* g, const struct mk_cmd_row* r, char* buf,
                          size_t n) {
  if (!r->now_suffix) {
    snprintf(buf, n, "%s", r->when);
    return;
  }
  if (murk_game_phase(g) == MURK_PHASE_PLAY)
    snprintf(buf, n, "%s (now: the %s step)", r->when, murk_step_name(murk_game_step(g)));
  else
    snprintf(buf, n, "%s (now: %s)", r->when, murk_phase_name(murk_game_phase(g)));
}

static bool in_phase(const struct murk_game* g, const struct mk_cmd_row* r) {
  if (!(r->phases & (1u << murk_game_phase(g)))) return false;
  return murk_game_phase(g) != MURK_PHASE_PLAY || (r->steps & (1u << murk_game_step(g)));
}

/* Every verb outside its phase or step: refused with its row's reason, the same for a good
 * and a bad unit, and nothing changes. */
static void check_wrong_phase(struct murk_game* g) {
  enum murk_side side = murk_game_to_act(g);
  for (int k = 0; k < MURK_CMD_COUNT; k++) {
    const struct mk_cmd_row* r = mk_cmd_row((enum murk_command_kind)k);
    if (in_phase(g, r)) continue;
    if (r->available && r->available(g, side, NULL, 0) != MURK_OK) continue;
    char want[240], why[240];
    expected_when(g, r, want, sizeof want);
    unsigned long long before = game_fingerprint(g);
    int units[] = {1, 99};
    for (int u = 0; u < 2; u++) {
      struct murk_command c = make((enum murk_command_kind)k, units[u]);
      assert_int_equal(murk_game_apply(g, side, &c, why, sizeof why), MURK_EREJECTED);
      if (strcmp(why, want) != 0) fprintf(stderr, "%s: '%s' != '%s'\n", r->verb, why, want);
      assert_string_equal(why, want);
    }
    assert_true(game_fingerprint(g) == before);
  }
}

/* Verbs outside the mask are refused, whatever the command says. */
static void check_mask_refuses(struct murk_game* g, unsigned verbs) {
  enum murk_side side = murk_game_to_act(g);
  for (int k = 0; k < MURK_CMD_COUNT; k++) {
    if (verbs & BIT(k)) continue;
    struct murk_command c = make((enum murk_command_kind)k, 1);
    char why[240];
    assert_int_equal(murk_game_apply(g, side, &c, why, sizeof why), MURK_EREJECTED);
  }
}

static unsigned verbs_of(const struct murk_game* g, enum murk_side side) {
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, side, &v), MURK_OK);
  unsigned verbs = v->verbs;
  /* Iterating gives exactly the bits, in order. */
  unsigned seen = 0;
  int last = -1;
  for (int k = murk_view_verb_next(v, -1); k >= 0; k = murk_view_verb_next(v, k)) {
    assert_true(k > last);
    last = k;
    seen |= BIT(k);
  }
  assert_int_equal(seen, verbs);
  murk_view_free(v);
  return verbs;
}

static void check_state(struct murk_game* g, unsigned want) {
  enum murk_side side = murk_game_to_act(g);
  unsigned verbs = verbs_of(g, side);
  if (verbs != want) fprintf(stderr, "verbs %#x, want %#x\n", verbs, want);
  assert_int_equal(verbs, want);
  assert_int_equal(verbs_of(g, murk_side_other(side)), 0);
  assert_int_equal(verbs_of(g, MURK_NO_SIDE), 0);
  check_wrong_phase(g);
  check_mask_refuses(g, verbs);
}

/* In every step of play a side may give the battle up or offer to end it. */
#define ENDS (BIT(MURK_CMD_CONCEDE) | BIT(MURK_CMD_OFFER))

static void test_guard_and_verbs_through_a_game(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = new_game(m, 7);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_DEPLOY);
  check_state(g, BIT(MURK_CMD_DEPLOY) | BIT(MURK_CMD_TEMPLATE) | BIT(MURK_CMD_END));
  ok_lines(g,
           "deploy 1 at 2,8\ndeploy 1 at 2,2\ndeploy 2 at 6,8\ndeploy 2 at 9,2\n"
           "deploy dummy at 12,8\ndeploy dummy at 14,2\nend\nend");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_PLAY);
  assert_int_equal(murk_game_step(g), MURK_STEP_MOVEMENT);
  check_state(g, BIT(MURK_CMD_MOVE) | BIT(MURK_CMD_REVEAL) | BIT(MURK_CMD_END) | ENDS);
  ok_line(g, "end");
  check_state(g, BIT(MURK_CMD_SPOT) | BIT(MURK_CMD_SHOOT) | BIT(MURK_CMD_REVEAL) |
                     BIT(MURK_CMD_END) | ENDS);
  ok_line(g, "spot"); /* tried once a step */
  check_state(g, BIT(MURK_CMD_SHOOT) | BIT(MURK_CMD_REVEAL) | BIT(MURK_CMD_END) | ENDS);
  ok_line(g, "end");
  check_state(g, BIT(MURK_CMD_ASSAULT) | BIT(MURK_CMD_REVEAL) | BIT(MURK_CMD_END) | ENDS);
  murk_game_free(g);
  murk_mission_free(m);
}

/* The play prompt lists the verbs of the rows legal now and what `end` does. */
static void test_play_prompt_from_rows(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = new_game(m, 7);
  ok_lines(g,
           "deploy 1 at 2,8\ndeploy 1 at 2,2\ndeploy 2 at 6,8\ndeploy 2 at 9,2\n"
           "deploy dummy at 12,8\ndeploy dummy at 14,2\nend\nend\nend");
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, MURK_ATTACKER, &v), MURK_OK);
  assert_string_equal(v->prompt,
                      "turn 1, attacker's shooting step: spot first, shoot, reveal; "
                      "'end' for the assault step");
  murk_view_free(v);
  ok_lines(g, "spot\nend");
  assert_int_equal(murk_view_build(g, MURK_ATTACKER, &v), MURK_OK);
  assert_string_equal(v->prompt,
                      "turn 1, attacker's assault step: assault, reveal; 'end' hands "
                      "over");
  murk_view_free(v);
  murk_game_free(g);
  murk_mission_free(m);
}

/* References resolve once, before the handler: number and marker name the same platoon;
 * a bad one is refused in the side's own terms, before anything else is looked at. */
static void test_references_resolve_once(void** st) {
  (void)st;
  struct murk_mission* m = load_yaml(TF_MISSION);
  const char* setup =
      "deploy 1 at 2,8\ndeploy 1 at 2,2\ndeploy 2 at 6,8\ndeploy 2 at 9,2\n"
      "deploy dummy at 12,8\ndeploy dummy at 14,2\nend\nend";
  struct murk_game* a = new_game(m, 7);
  struct murk_game* b = new_game(m, 7);
  ok_lines(a, setup);
  ok_lines(b, setup);
  ok_line(a, "move 1 to 2,6");
  ok_line(b, "move T1 to 2,6");
  assert_true(game_fingerprint(a) == game_fingerprint(b));
  char why[200];
  bad_line(a, "move 9 to 3,5", why, sizeof why);
  assert_string_equal(why, "you have no platoon 9 (your platoons are 1 to 2)");
  bad_line(a, "move T2 to 3,5", why, sizeof why);
  assert_string_equal(why, "T2 is an enemy marker, not one of yours");
  ok_line(a, "end");
  bad_line(a, "shoot 1 at T99", why, sizeof why);
  assert_string_equal(why, "no marker T99 on your map");
  bad_line(a, "shoot 1 at T3", why, sizeof why);
  assert_string_equal(why, "T3 is one of yours, not the enemy's");
  murk_game_free(a);
  murk_game_free(b);
  murk_mission_free(m);
}

/* Every command the golden games apply was, just before, one of the verbs the acting
 * side's view offered: the mask never hides a verb the game takes. */
static int replay_checked(const char* name) {
  char path[1024];
  snprintf(path, sizeof path, "%s/tests/games/%s", MURK_SOURCE_DIR, name);
  FILE* f = fopen(path, "rb");
  assert_non_null(f);
  static char text[1 << 16];
  size_t len = fread(text, 1, sizeof text, f);
  fclose(f);
  struct murk_diags d;
  murk_diags_init(&d, path);
  struct murk_script* sc = NULL;
  assert_int_equal(murk_script_parse(text, len, &sc, &d), MURK_OK);
  assert_non_null(sc->mission);
  snprintf(path, sizeof path, "%s/%s", MURK_SOURCE_DIR, sc->mission);
  struct murk_mission* m = NULL;
  murk_diags_init(&d, path);
  assert_int_equal(murk_mission_load(path, &m, &d), MURK_OK);
  struct murk_game* g = new_game(m, sc->has_seed ? sc->seed : 0);
  int applied = 0;
  for (size_t i = 0; i < sc->nlines && murk_game_to_act(g) != MURK_NO_SIDE; i++) {
    const struct murk_script_line* l = &sc->lines[i];
    if (l->status != MURK_OK) break;
    enum murk_side side = murk_game_to_act(g);
    struct murk_view* v = NULL;
    assert_int_equal(murk_view_build(g, side, &v), MURK_OK);
    unsigned verbs = v->verbs;
    murk_view_free(v);
    char why[200];
    if (murk_game_apply(g, side, &l->cmd, why, sizeof why) != MURK_OK) continue;
    if (!(verbs & BIT(l->cmd.kind)))
      fprintf(stderr, "%s:%d: '%s' taken but not in the verbs %#x\n", name, l->line, l->text,
              verbs);
    assert_true(verbs & BIT(l->cmd.kind));
    applied++;
  }
  murk_game_free(g);
  murk_mission_free(m);
  murk_script_free(sc);
  return applied;
}

static void test_golden_games_use_offered_verbs(void** st) {
  (void)st;
  char dir[1024];
  snprintf(dir, sizeof dir, "%s/tests/games", MURK_SOURCE_DIR);
  DIR* dp = opendir(dir);
  assert_non_null(dp);
  int games = 0, applied = 0;
  struct dirent* e;
  while ((e = readdir(dp)) != NULL) {
    size_t n = strlen(e->d_name);
    if (n < 5 || strcmp(e->d_name + n - 4, ".txt") != 0) continue;
    applied += replay_checked(e->d_name);
    games++;
  }
  closedir(dp);
  assert_true(games >= 20);
  assert_true(applied > 500);
}

/* ---- the phase table ---- */

#define OBJ_MISSION              \
  TF_HEAD TF_SETUP TF_FOG TF_VIS \
      "objectives:\n"            \
      "  place:\n"               \
      "    - {by: defender, count: 2, in: {half: north}, for: attacker}\n" TF_FORCES

static void test_phase_table(void** st) {
  (void)st;
  /* No objectives to place and no reserves: the game starts in deployment. */
  struct murk_mission* m = load_yaml(TF_MISSION);
  struct murk_game* g = new_game(m, 7);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_DEPLOY);
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, MURK_DEFENDER, &v), MURK_OK);
  assert_string_equal(v->prompt, "waiting: the attacker deploys");
  murk_view_free(v);
  /* Done flags per phase and side: the attacker is done, the defender not yet. */
  ok_lines(g,
           "deploy 1 at 2,8\ndeploy 1 at 2,2\ndeploy 2 at 6,8\ndeploy 2 at 9,2\n"
           "deploy dummy at 12,8\ndeploy dummy at 14,2\nend");
  assert_true(g->s.phase_done[MURK_PHASE_DEPLOY][MURK_ATTACKER]);
  assert_false(g->s.phase_done[MURK_PHASE_DEPLOY][MURK_DEFENDER]);
  assert_int_equal(murk_game_to_act(g), MURK_DEFENDER);
  murk_game_free(g);
  murk_mission_free(m);

  /* Objectives cannot be skipped: `end` is no verb there, and says why. */
  m = load_yaml(OBJ_MISSION);
  g = new_game(m, 7);
  assert_int_equal(murk_game_phase(g), MURK_PHASE_OBJECTIVES);
  assert_int_equal(verbs_of(g, MURK_DEFENDER), BIT(MURK_CMD_OBJECTIVE));
  refused(g, "end", "objectives cannot be skipped: place objective 1 of 2 (objective at X,Y)");
  ok_lines(g, "objective at 3,2\nobjective at 12,3");
  assert_int_equal(murk_game_phase(g), MURK_PHASE_DEPLOY);
  murk_game_free(g);
  murk_mission_free(m);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_rows_complete),
      cmocka_unit_test(test_rows_keep_the_old_guards),
      cmocka_unit_test(test_guard_and_verbs_through_a_game),
      cmocka_unit_test(test_play_prompt_from_rows),
      cmocka_unit_test(test_references_resolve_once),
      cmocka_unit_test(test_golden_games_use_offered_verbs),
      cmocka_unit_test(test_phase_table),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
