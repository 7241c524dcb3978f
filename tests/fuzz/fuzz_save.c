/* fuzz_save.c: libFuzzer target for scripts and saves (save.h) and their replay.
 *
 * Properties checked on every input (any bytes, read as a script or save):
 *   - murk_script_parse returns MURK_OK, MURK_EINVAL or MURK_ENOMEM, never crashes or
 *     leaks; a refused text has a diagnostic; every kept line has its text, and an error
 *     message and column exactly when it does not parse;
 *   - a parsed script formats (unless a header or line holds a carriage return, which the
 *     format cannot write and says so with MURK_EINVAL) and the text parses back to the
 *     same headers and lines;
 *   - replaying it as `murk run` and `murk replay` do (transcript.c: each line as its side,
 *     stopping at the first line that does not parse or is rejected) on a bundled mission
 *     never crashes, and every view of the result builds;
 *   - the save of that game (murk_save_game) parses, holds the mission hash, the seed and
 *     every applied command, and replays in a new game without a rejection to the same
 *     place (phase, step, turn, side to act, log, events and result): a save never loses
 *     a game.
 * The mission is the bundled one the "# mission:" header names by its file name, Luneville
 * otherwise; all are loaded once from MURK_FUZZ_DATA_DIR (a compile-time default; the
 * environment variable of the same name overrides it). Any violation aborts, which libFuzzer
 * reports as a crash. */
#include <dirent.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "murk/alloc.h"
#include "murk/diag.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/save.h"
#include "murk/view.h"

#include "event.h" /* a fuzzer is a test: it may compare two games' whole event logs */
#include "fuzz_support.h"

#ifndef MURK_FUZZ_DATA_DIR
#define MURK_FUZZ_DATA_DIR "data/missions"
#endif

/* Commands replayed at most per input: enough for whole games, bounded for speed. */
#define MAX_REPLAY 2000

int LLVMFuzzerInitialize(int* argc, char*** argv);
int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

#define CHECK(cond, ...)                         \
  do {                                           \
    if (!(cond)) {                               \
      fprintf(stderr, "fuzz_save: %s: ", #cond); \
      fprintf(stderr, __VA_ARGS__);              \
      fputc('\n', stderr);                       \
      abort();                                   \
    }                                            \
  } while (0)

/* The bundled missions, loaded once for the whole run (the harness is not library code). */
#define MAX_MISSIONS 64
static struct murk_mission* missions[MAX_MISSIONS];
static int nmissions;
static struct murk_mission* default_mission; /* Luneville */

static int by_name(const void* a, const void* b) {
  return strcmp(*(char* const*)a, *(char* const*)b);
}

int LLVMFuzzerInitialize(int* argc, char*** argv) {
  (void)argc;
  (void)argv;
  const char* dir = getenv("MURK_FUZZ_DATA_DIR");
  if (!dir || !*dir) dir = MURK_FUZZ_DATA_DIR;
  DIR* dp = opendir(dir);
  if (!dp) {
    fprintf(stderr, "fuzz_save: cannot open %s\n", dir);
    exit(2);
  }
  char* names[MAX_MISSIONS];
  int n = 0;
  struct dirent* e;
  while ((e = readdir(dp)) != NULL && n < MAX_MISSIONS) {
    size_t len = strlen(e->d_name);
    if (len > 5 && strcmp(e->d_name + len - 5, ".yaml") == 0) names[n++] = strdup(e->d_name);
  }
  closedir(dp);
  qsort(names, (size_t)n, sizeof names[0], by_name); /* the same order on every machine */
  for (int i = 0; i < n; i++) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    struct murk_diags d;
    struct murk_mission* m = NULL;
    int rc = murk_mission_load(path, &m, &d);
    if (rc == MURK_OK) {
      missions[nmissions++] = m;
      if (strcmp(names[i], "luneville.yaml") == 0) default_mission = m;
    } else {
      /* tests/cli/check_bundled.sh fails on this; here the others are still worth fuzzing. */
      char msg[512] = "";
      if (d.count) murk_diags_format(&d, 0, msg, sizeof msg);
      fprintf(stderr, "fuzz_save: skipping %s (%s): %s\n", path, murk_strerror(rc), msg);
    }
    free(names[i]);
  }
  if (!default_mission) {
    fprintf(stderr, "fuzz_save: %s/luneville.yaml does not load\n", dir);
    exit(2);
  }
  return 0;
}

/* The mission a script names by its file stem ("# mission: x/no-mans-land.yaml"), else
 * Luneville. */
static struct murk_mission* pick_mission(const char* path) {
  if (!path) return default_mission;
  const char* base = strrchr(path, '/');
  base = base ? base + 1 : path;
  size_t len = strlen(base);
  if (len > 5 && strcmp(base + len - 5, ".yaml") == 0) len -= 5;
  for (int i = 0; i < nmissions; i++)
    if (strlen(missions[i]->id) == len && strncmp(missions[i]->id, base, len) == 0)
      return missions[i];
  return default_mission;
}

static int same_str(const char* a, const char* b) {
  if (!a || !b) return a == b;
  return strcmp(a, b) == 0;
}

static void check_script(const struct murk_script* s) {
  int last = 0;
  for (size_t i = 0; i < s->nlines; i++) {
    const struct murk_script_line* l = &s->lines[i];
    CHECK(l->text != NULL, "line %zu has no text", i);
    CHECK(l->line > last, "line %zu numbered %d after %d", i, l->line, last);
    last = l->line;
    CHECK(l->col >= 1, "line %d column %d", l->line, l->col);
    CHECK(l->side == MURK_NO_SIDE || l->side == MURK_ATTACKER || l->side == MURK_DEFENDER,
          "line %d side %d", l->line, (int)l->side);
    CHECK((l->side == MURK_NO_SIDE) == (l->side_col == 0), "line %d side %d at column %d", l->line,
          (int)l->side, l->side_col);
    if (l->status == MURK_OK) {
      CHECK(l->error == NULL, "line %d parses but has an error", l->line);
    } else {
      CHECK(l->status == MURK_EINVAL, "line %d status %d", l->line, l->status);
      CHECK(l->error && l->error[0], "line %d does not parse and says nothing", l->line);
      CHECK(l->errcol >= 1, "line %d error column %d", l->line, l->errcol);
    }
  }
}

/* Text -> script -> text -> script gives the same script. */
static void check_round_trip(const struct murk_script* s) {
  char* text = NULL;
  size_t len = 0;
  int rc = murk_script_format(s, &text, &len);
  if (rc == MURK_ENOMEM) return;
  bool has_cr = s->mission && strchr(s->mission, '\r');
  for (size_t i = 0; i < s->nlines; i++) has_cr = has_cr || strchr(s->lines[i].text, '\r');
  if (has_cr) {
    CHECK(rc == MURK_EINVAL, "a carriage return inside a line formats (%d)", rc);
    return;
  }
  CHECK(rc == MURK_OK, "a parsed script does not format (%d)", rc);
  CHECK(text && strlen(text) == len, "formatted length %zu", len);

  struct murk_diags d;
  murk_diags_init(&d, "formatted");
  struct murk_script* back = NULL;
  rc = murk_script_parse(text, len, &back, &d);
  if (rc == MURK_ENOMEM) {
    murk_free(text);
    return;
  }
  char msg[512] = "";
  if (d.count) murk_diags_format(&d, 0, msg, sizeof msg);
  CHECK(rc == MURK_OK, "the formatted script does not parse (%d): %s\n%s", rc, msg, text);
  CHECK(same_str(s->mission, back->mission), "mission '%s' became '%s'", s->mission, back->mission);
  CHECK(s->has_seed == back->has_seed && (!s->has_seed || s->seed == back->seed), "seed");
  CHECK(
      s->has_key == back->has_key && (!s->has_key || memcmp(s->key, back->key, sizeof s->key) == 0),
      "dice key");
  CHECK(s->has_hash == back->has_hash && (!s->has_hash || s->mission_hash == back->mission_hash),
        "hash");
  CHECK(s->version == back->version, "version %d became %d", s->version, back->version);
  CHECK(s->nlines == back->nlines, "%zu lines became %zu:\n%s", s->nlines, back->nlines, text);
  for (size_t i = 0; i < s->nlines; i++) {
    const struct murk_script_line *a = &s->lines[i], *b = &back->lines[i];
    CHECK(a->side == b->side, "line %zu side %d became %d:\n%s", i, (int)a->side, (int)b->side,
          text);
    CHECK(strcmp(a->text, b->text) == 0, "line %zu '%s' became '%s'", i, a->text, b->text);
    CHECK(a->status == b->status, "line %zu '%s' status %d became %d", i, a->text, a->status,
          b->status);
    if (a->status == MURK_OK)
      CHECK(same_command(&a->cmd, &b->cmd), "line %zu '%s' parses to another command", i, a->text);
    else
      CHECK(same_str(a->error, b->error), "line %zu error '%s' became '%s'", i, a->error, b->error);
  }
  murk_script_free(back);
  murk_free(text);
}

/* Apply lines as transcript.c does; returns how many were applied. */
static size_t replay(struct murk_game* g, const struct murk_script* s, bool must_apply) {
  size_t applied = 0;
  for (size_t i = 0; i < s->nlines && i < MAX_REPLAY; i++) {
    const struct murk_script_line* l = &s->lines[i];
    if (l->status != MURK_OK) {
      CHECK(!must_apply, "line %zu of a save does not parse: %s", i, l->error);
      break;
    }
    enum murk_side to_act = murk_game_to_act(g);
    enum murk_side side = l->side != MURK_NO_SIDE ? l->side : to_act;
    if (side == MURK_NO_SIDE) side = MURK_ATTACKER;
    char reason[256] = "";
    int rc = murk_game_apply(g, side, &l->cmd, reason, sizeof reason);
    CHECK(rc == MURK_OK || rc == MURK_EREJECTED || rc == MURK_ENOMEM,
          "murk_game_apply gave %d for '%s'", rc, l->text);
    if (rc == MURK_EREJECTED) CHECK(reason[0], "'%s' rejected without a reason", l->text);
    if (must_apply)
      CHECK(rc == MURK_OK, "line %zu of a save ('%s: %s') is refused on replay (%d): %s", i,
            murk_side_name(l->side), l->text, rc, reason);
    if (rc != MURK_OK) break;
    applied++;
  }
  return applied;
}

static void check_views(const struct murk_game* g) {
  const enum murk_side sides[] = {MURK_ATTACKER, MURK_DEFENDER, MURK_NO_SIDE};
  for (size_t i = 0; i < sizeof sides / sizeof sides[0]; i++) {
    struct murk_view* v = NULL;
    int rc = murk_view_build(g, sides[i], &v);
    CHECK(rc == MURK_OK || rc == MURK_ENOMEM, "murk_view_build(%s) gave %d",
          murk_side_name(sides[i]), rc);
    CHECK((rc == MURK_OK) == (v != NULL), "murk_view_build gave %d and %p", rc, (void*)v);
    murk_view_free(v);
  }
}

/* The save of g parses and replays to the same place. */
static void check_save(const struct murk_game* g, const struct murk_mission* m, uint64_t seed) {
  char* text = NULL;
  size_t len = 0;
  int rc = murk_save_game(g, &text, &len);
  if (rc == MURK_ENOMEM) return;
  CHECK(rc == MURK_OK, "murk_save_game gave %d", rc);

  struct murk_diags d;
  murk_diags_init(&d, "save");
  struct murk_script* s = NULL;
  rc = murk_script_parse(text, len, &s, &d);
  if (rc == MURK_ENOMEM) {
    murk_free(text);
    return;
  }
  char msg[512] = "";
  if (d.count) murk_diags_format(&d, 0, msg, sizeof msg);
  CHECK(rc == MURK_OK, "a save does not parse (%d): %s\n%s", rc, msg, text);
  CHECK(s->version == MURK_SAVE_VERSION, "save version %d", s->version);
  CHECK(s->has_hash && s->mission_hash == m->hash, "save without the mission hash");
  CHECK(s->has_seed && s->seed == seed, "save without the seed");
  CHECK(same_str(s->mission, m->path), "save names mission '%s', not '%s'", s->mission, m->path);
  CHECK(s->nlines == murk_game_log_count(g), "save of %zu commands has %zu lines",
        murk_game_log_count(g), s->nlines);

  struct murk_game* again = NULL;
  rc = murk_game_new(m, seed, &again);
  if (rc == MURK_OK) {
    size_t n = replay(again, s, true);
    CHECK(n == s->nlines || n == MAX_REPLAY, "replayed %zu of %zu", n, s->nlines);
    if (n == s->nlines) {
      CHECK(murk_game_log_count(again) == murk_game_log_count(g), "log %zu, want %zu",
            murk_game_log_count(again), murk_game_log_count(g));
      for (size_t i = 0; i < murk_game_log_count(g); i++)
        CHECK(strcmp(murk_game_log_line(g, i), murk_game_log_line(again, i)) == 0 &&
                  murk_game_log_side(g, i) == murk_game_log_side(again, i),
              "log line %zu '%s' replays as '%s'", i, murk_game_log_line(g, i),
              murk_game_log_line(again, i));
      CHECK(murk_game_phase(again) == murk_game_phase(g) &&
                murk_game_step(again) == murk_game_step(g) &&
                murk_game_turn(again) == murk_game_turn(g) &&
                murk_game_to_act(again) == murk_game_to_act(g),
            "the replay of a save ends elsewhere: phase %d/%d step %d/%d turn %d/%d",
            (int)murk_game_phase(again), (int)murk_game_phase(g), (int)murk_game_step(again),
            (int)murk_game_step(g), murk_game_turn(again), murk_game_turn(g));
      CHECK(mk_game_event_count(again) == mk_game_event_count(g), "events %zu, want %zu",
            mk_game_event_count(again), mk_game_event_count(g));
      CHECK(strcmp(murk_game_result(again), murk_game_result(g)) == 0, "result '%s', want '%s'",
            murk_game_result(again), murk_game_result(g));
    }
    murk_game_free(again);
  } else {
    CHECK(rc == MURK_ENOMEM, "a bundled mission's game cannot be created again (%d)", rc);
  }
  murk_script_free(s);
  murk_free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  /* An exact-size copy without a NUL: the parser is given a length. */
  char* buf = malloc(size ? size : 1);
  if (!buf) return 0;
  if (size) memcpy(buf, data, size);

  struct murk_diags d;
  murk_diags_init(&d, "fuzz.txt");
  struct murk_script* s = (struct murk_script*)buf; /* must be reset */
  int rc = murk_script_parse(buf, size, &s, &d);
  CHECK(rc == MURK_OK || rc == MURK_EINVAL || rc == MURK_ENOMEM, "result %d", rc);
  CHECK((rc == MURK_OK) == (s != NULL), "result %d with script %p", rc, (void*)s);
  if (rc == MURK_EINVAL) CHECK(d.count >= 1, "refused without a diagnostic");
  if (s) {
    check_script(s);
    check_round_trip(s);

    struct murk_mission* m = pick_mission(s->mission);
    uint64_t seed = s->has_seed ? s->seed : 1;
    struct murk_game* g = NULL;
    rc = murk_game_new(m, seed, &g);
    CHECK(rc == MURK_OK || rc == MURK_ENOMEM, "murk_game_new on a bundled mission gave %d", rc);
    if (g) {
      replay(g, s, false);
      check_views(g);
      check_save(g, m, seed);
      murk_game_free(g);
    }
    murk_script_free(s);
  }
  free(buf);
  return 0;
}
