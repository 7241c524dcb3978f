/* test_support.h: small missions as YAML and helpers to drive games in the game-core
 * tests (test_game.c, test_fog.c, test_view.c, test_hidden.c, test_intel.c, ...), the
 * questions tests ask of a game's events, and the leak watcher that checks a side's view
 * for hidden information, with its loop of random games (a bundled mission: test_load.h).
 * Include after cmocka.h. */
#ifndef MURK_TEST_SUPPORT_H
#define MURK_TEST_SUPPORT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "event.h"
#include "murk/command.h"
#include "murk/dice.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/view.h"
#include "state.h"
#include "test_load.h"

/* MURK_TEST_LIGHT=1 (CMake sets it for the sanitizer build; scripts/valgrind.sh too): the
 * heaviest tests play a fraction of their games there. Those builds run ten times slower;
 * the same code paths are reached with fewer seeds, and the plain build runs the full
 * counts. */
static inline int test_light(void) {
  const char* e = getenv("MURK_TEST_LIGHT");
  return e && e[0] == '1';
}
#define TEST_COUNT(full, light) (test_light() ? (light) : (full))
/* MURK_SOAK=1 (`make soak`, the tests labelled soak): the statistical tests play their long
 * counts; `make test` plays the short ones, still enough to reach every check. */
static inline int test_soak(void) {
  const char* e = getenv("MURK_SOAK");
  return e && e[0] == '1';
}
#define SOAK_COUNT(soak, full, light) (test_soak() ? (soak) : TEST_COUNT(full, light))

/* assert_memory_equal for large blocks (a whole game state): cmocka compares a byte at a
 * time with its own bookkeeping; memcmp first, and cmocka's report only on a difference.
 * An empty block may come with null pointers, which memcmp must not be given. */
#define assert_same_memory(a, b, size)                                                           \
  do {                                                                                           \
    const void* sm_a_ = (a);                                                                     \
    const void* sm_b_ = (b);                                                                     \
    size_t sm_n_ = (size);                                                                       \
    if (sm_n_ > 0 && memcmp(sm_a_, sm_b_, sm_n_) != 0) assert_memory_equal(sm_a_, sm_b_, sm_n_); \
  } while (0)

/* The test fields' terrain: fields, road, woods, stream and cliffs; the map follows. */
#define TF_LEGEND                                                   \
  "terrain:\n"                                                      \
  "  legend:\n"                                                     \
  "    \".\": {class: open, sight: clear, name: fields}\n"          \
  "    \"=\": {class: road, sight: clear, name: road}\n"            \
  "    \"T\": {class: difficult, sight: blocking, name: woods}\n"   \
  "    \"~\": {class: water, sight: clear, name: stream}\n"         \
  "    \"X\": {class: impassable, sight: blocking, name: cliffs}\n" \
  "  map: |\n"

/* The test field: 16 x 12 hexes at 5cm. Defender deploys in the north half (rows 0-5),
 * attacker in the south half (rows 6-11). Row 9 is a road across the table, woods at
 * 4-6,3-4, a stream at column 11 rows 4-6, and cliffs boxing in the north-west corner
 * (0,0). Allowances: road 6 cells, open 4, terrain 2. */
#define TF_HEAD                                                   \
  "name: Test Field\n"                                            \
  "table: {grid: hex, scale: 5cm, size: 80cm x 60cm}\n" TF_LEGEND \
  "    .X..............\n"                                        \
  "    X...............\n"                                        \
  "    ................\n"                                        \
  "    ....TTT.........\n"                                        \
  "    ....TTT....~....\n"                                        \
  "    ...........~....\n"                                        \
  "    ...........~....\n"                                        \
  "    ................\n"                                        \
  "    ................\n"                                        \
  "    ================\n"                                        \
  "    ................\n"                                        \
  "    ................\n"                                        \
  "deployment:\n"                                                 \
  "  attacker: {half: south}\n"                                   \
  "  defender: {half: north}\n"

#define TF_SETUP "setup: {sides: fixed, first_turn: attacker}\n"

#define TF_FOG "rules:\n  fog_of_war: {dummies: true}\n"

/* The same range on every roll: 4 cells. */
#define TF_VIS                                                                                    \
  "visibility:\n  die: d6\n  table: {\"1\": 20cm, \"2\": 20cm, \"3\": 20cm, \"4\": 20cm, \"5\": " \
  "20cm, \"6\": 20cm}\n"

/* Distinctive names and types, so a leak is easy to find in any text. */
#define TF_FORCES                                                                       \
  "forces:\n"                                                                           \
  "  attacker:\n"                                                                       \
  "    name: Red Force\n"                                                               \
  "    dummies: 1\n"                                                                    \
  "    profiles:\n"                                                                     \
  "      lancer: {move: 20cm, range: 20cm, rof: 2, skill: 4, save: 4, motivation: 4}\n" \
  "      gunner: {move: 10cm, range: 40cm, rof: 1, skill: 4, save: 7, motivation: 4}\n" \
  "    platoons:\n"                                                                     \
  "      - {name: Alpha Lancers, type: lancer troop, command_distance: 10cm,\n"         \
  "         teams: [{profile: lancer, count: 3}]}\n"                                    \
  "      - {name: Bravo Gunners, type: gunner battery, command_distance: 5cm,\n"        \
  "         teams: [{profile: gunner, count: 3}]}\n"                                    \
  "  defender:\n"                                                                       \
  "    name: Blue Force\n"                                                              \
  "    dummies: 1\n"                                                                    \
  "    profiles:\n"                                                                     \
  "      ranger: {move: 20cm, range: 20cm, rof: 2, skill: 4, save: 5, motivation: 4}\n" \
  "      hussar: {move: 30cm, range: 20cm, rof: 1, skill: 3, save: 7, motivation: 4}\n" \
  "    platoons:\n"                                                                     \
  "      - {name: Xenon Rangers, type: ranger squad, command_distance: 10cm,\n"         \
  "         teams: [{profile: ranger, count: 4}]}\n"                                    \
  "      - {name: Yodel Hussars, type: hussar squadron, command_distance: 5cm,\n"       \
  "         teams: [{profile: hussar, count: 3}]}\n"

/* The standard test mission: fog of war with dummies, fixed first turn. */
#define TF_MISSION TF_MISSION_WITH("")

/* The standard test mission with more rules (lines "  key: {...}\n" under rules:). */
#define TF_MISSION_WITH(rules) TF_HEAD TF_SETUP TF_FOG rules TF_VIS TF_FORCES

static inline struct murk_mission* load_yaml(const char* yaml) {
  struct murk_diags d;
  murk_diags_init(&d, "test.yaml");
  struct murk_mission* m = NULL;
  int rc = murk_mission_load_buffer("test.yaml", yaml, strlen(yaml), &m, &d);
  if (rc != MURK_OK) {
    char buf[400];
    for (int i = 0; i < d.count; i++) {
      murk_diags_format(&d, i, buf, sizeof buf);
      fprintf(stderr, "%s\n", buf);
    }
  }
  assert_int_equal(rc, MURK_OK);
  assert_non_null(m);
  return m;
}

/* A mission from its parts: the table and zones (head), the sections a test varies (extra)
 * and the forces; with no "setup:" in head or extra, the attacker goes first. */
static inline struct murk_mission* load_parts(const char* head, const char* extra,
                                              const char* forces) {
  static char text[16384];
  bool setup = strstr(head, "setup:") || strstr(extra, "setup:");
  int n = snprintf(text, sizeof text, "%s%s%s%s", head, extra,
                   setup ? "" : "setup: {first_turn: attacker}\n", forces);
  assert_true(n > 0 && (size_t)n < sizeof text);
  return load_yaml(text);
}

static inline struct murk_game* new_game(const struct murk_mission* m, uint64_t seed) {
  struct murk_game* g = NULL;
  assert_int_equal(murk_game_new(m, seed, &g), MURK_OK);
  assert_non_null(g);
  return g;
}

/* Side's view of g (the umpire's for MURK_NO_SIDE); free it with murk_view_free. */
static inline struct murk_view* view_of(const struct murk_game* g, enum murk_side side) {
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, side, &v), MURK_OK);
  assert_non_null(v);
  return v;
}

/* Apply one line as the side to act; return the result, reason in why (may be NULL). */
static inline int try_line(struct murk_game* g, const char* line, char* why, size_t n) {
  char reason[200];
  int col = 0;
  int rc = murk_game_apply_line(g, murk_game_to_act(g), line, reason, sizeof reason, &col);
  if (why) snprintf(why, n, "%s", reason);
  return rc;
}

/* Apply a line that must succeed. */
static inline void ok_line(struct murk_game* g, const char* line) {
  char why[200];
  int rc = try_line(g, line, why, sizeof why);
  if (rc != MURK_OK) fprintf(stderr, "rejected '%s': %s\n", line, why);
  assert_int_equal(rc, MURK_OK);
}

/* Apply lines separated by '\n' that must all succeed. */
static inline void ok_lines(struct murk_game* g, const char* lines) {
  char buf[200];
  while (*lines) {
    size_t n = strcspn(lines, "\n");
    if (n >= sizeof buf) n = sizeof buf - 1;
    memcpy(buf, lines, n);
    buf[n] = '\0';
    ok_line(g, buf);
    lines += n;
    if (*lines == '\n') lines++;
  }
}

/* A line that must be rejected; returns the reason in why. */
static inline void bad_line(struct murk_game* g, const char* line, char* why, size_t n) {
  int rc = try_line(g, line, why, n);
  if (rc == MURK_OK) fprintf(stderr, "accepted '%s'\n", line);
  assert_int_equal(rc, MURK_EREJECTED);
}

/* A line that must be refused, with exactly these words. */
static inline void refused(struct murk_game* g, const char* line, const char* want) {
  char why[200];
  bad_line(g, line, why, sizeof why);
  assert_string_equal(why, want);
}

/* The whole state as a fingerprint: every event's text and the generator. */
static inline unsigned long long game_fingerprint(const struct murk_game* g) {
  unsigned long long h = 1469598103934665603ull;
  for (size_t i = 0; i < mk_game_event_count(g); i++) {
    const char* t = mk_game_event(g, i)->text;
    for (; *t; t++) h = (h ^ (unsigned char)*t) * 1099511628211ull;
    h = (h ^ 0xff) * 1099511628211ull;
  }
  return h;
}

/* ---- what the events say (the game's own log, every audience) ---- */

/* An event from index `from` on whose text holds `text`. */
static inline bool has_event_since(const struct murk_game* g, size_t from, const char* text) {
  for (size_t i = from; i < mk_game_event_count(g); i++)
    if (strstr(mk_game_event(g, i)->text, text)) return true;
  return false;
}

static inline bool has_event(const struct murk_game* g, const char* text) {
  return has_event_since(g, 0, text);
}

/* Events from index `from` on whose text holds `text`. */
static inline int count_events(const struct murk_game* g, size_t from, const char* text) {
  int n = 0;
  for (size_t i = from; i < mk_game_event_count(g); i++)
    if (strstr(mk_game_event(g, i)->text, text)) n++;
  return n;
}

/* Events of one kind from index `from` on, whose text holds `text` (NULL: any). */
static inline int count_kind(const struct murk_game* g, size_t from, enum murk_event_kind kind,
                             const char* text) {
  int n = 0;
  for (size_t i = from; i < mk_game_event_count(g); i++) {
    const struct murk_event* e = mk_game_event(g, i);
    if (e->kind == kind && (!text || strstr(e->text, text))) n++;
  }
  return n;
}

/* The marker index at a cell (on the table), -1 if none. */
static inline int marker_at(const struct murk_game* g, int x, int y) {
  struct murk_pos p = {x, y};
  return mk_marker_index_at(&g->s, p);
}

/* ---- the leak watcher (test_hidden.c, test_intel.c) ----
 *
 * What one side has seen so far, checked after every applied command: until the event
 * that reveals an enemy platoon, no marker of the side's view carries its contents, no
 * team of it is on the view's map, and neither its name, its type nor its wing's name
 * appears in an event line of the view (as a --as transcript prints it), in the prompt or
 * in a rejection (leak_check_text on the reason). Rule modules add what they reveal by
 * other events, and checks of their own, through the two hooks. */
struct leak_watcher {
  enum murk_side side;
  bool revealed[MK_MAX_UNITS]; /* enemy platoons, from the reveal events seen */
  size_t checked;              /* view events already checked */
  long reveals;                /* enemy platoons seen revealed (the test must see some) */
  /* Optional: reads a new event of the view first; true when it has dealt with it (the
   * event is then neither read as a reveal nor checked for names). */
  bool (*event)(const struct murk_game* g, struct leak_watcher* w, const struct murk_event* e);
  /* Optional: more checks of the view, once its events are read. */
  void (*view)(const struct murk_game* g, const struct leak_watcher* w, const struct murk_view* v);
};

/* Does text name any enemy platoon (or its wing) this watcher has not seen revealed? */
static inline void leak_check_text(const struct murk_game* g, const struct leak_watcher* w,
                                   const char* text, const char* what) {
  const struct murk_force* f = murk_force(g, murk_side_other(w->side));
  for (int k = 0; k < f->nplatoons; k++) {
    if (w->revealed[k]) continue;
    const struct murk_platoon* pl = &f->platoons[k];
    if (strstr(text, pl->name) || strstr(text, pl->type) ||
        (pl->wing[0] && strstr(text, pl->wing))) {
      fprintf(stderr, "leak to the %s in %s: '%s' names %s\n", murk_side_name(w->side), what, text,
              pl->name);
      fail();
    }
  }
}

static inline void leak_check_view(const struct murk_game* g, struct leak_watcher* w) {
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, w->side, &v), MURK_OK);
  enum murk_side enemy = murk_side_other(w->side);
  /* New events, in order: a platoon counts as revealed from its own reveal event on. */
  for (size_t i = w->checked; i < v->nevents; i++) {
    const struct murk_event* e = &v->events[i];
    assert_true(murk_audience_includes(e->audience, w->side));
    if (w->event && w->event(g, w, e)) continue;
    /* A reveal names the platoon to all; so does deploying or arriving in the open (no
     * template, no cloak). */
    bool open_deploy = false;
    if ((e->kind == MURK_EV_DEPLOY || e->kind == MURK_EV_RESERVE) && e->side == enemy &&
        e->marker > 0 && e->audience == MURK_AUD_ALL) {
      int mi = mk_marker_index(&g->s, e->marker);
      open_deploy = mi >= 0 && g->s.markers[mi].revealed && g->s.markers[mi].unit >= 0;
    }
    if ((e->kind == MURK_EV_REVEAL || open_deploy) && e->side == enemy && e->marker > 0) {
      int mi = mk_marker_index(&g->s, e->marker);
      assert_true(mi >= 0);
      int k = g->s.markers[mi].unit;
      if (k >= 0 && !w->revealed[k]) {
        w->revealed[k] = true;
        w->reveals++;
      }
    }
    char line[300];
    murk_event_format(e, line, sizeof line);
    leak_check_text(g, w, line, "an event");
  }
  w->checked = v->nevents;
  leak_check_text(g, w, v->prompt, "the prompt");
  for (int k = 0; k < g->s.nunits[enemy]; k++) {
    enum murk_platoon_state ps = g->s.units[enemy][k].state;
    /* The game's own state agrees with what the watcher saw. */
    if (ps == MURK_PLATOON_REVEALED || ps == MURK_PLATOON_DESTROYED) assert_true(w->revealed[k]);
  }
  for (int i = 0; i < v->nmarkers; i++) {
    const struct murk_view_marker* mk = &v->markers[i];
    if (mk->owner != enemy || mk->revealed) continue;
    assert_false(mk->known);
    assert_false(mk->dummy);
    assert_int_equal(mk->platoon, -1);
    assert_string_equal(mk->name, "");
    assert_string_equal(mk->type, "");
    assert_int_equal(mk->nteams, 0);
  }
  for (int i = 0; i < v->nteams; i++)
    if (v->teams[i].owner == enemy) assert_true(w->revealed[v->teams[i].platoon]);
  if (w->view) w->view(g, w, v);
  murk_view_free(v);
}

/* ---- random games under the leak watcher (test_hidden.c, test_intel.c) ---- */

/* 0 to n - 1 from the commands' generator (0 when n <= 0). */
static inline int rand_pick(struct murk_rng* r, int n) {
  return n <= 0 ? 0 : murk_rng_die(r, n) - 1;
}

/* A cell within `spread` of c in each coordinate, kept off the negative side (a command
 * may still aim past the far edges: the game refuses it). */
static inline struct murk_pos rand_near_cell(struct murk_rng* r, struct murk_pos c, int spread) {
  struct murk_pos p = {c.x + rand_pick(r, 2 * spread + 1) - spread,
                       c.y + rand_pick(r, 2 * spread + 1) - spread};
  if (p.x < 0) p.x = 0;
  if (p.y < 0) p.y = 0;
  return p;
}

/* What a side's view offers a random command (indices into the view): its markers on the
 * table, the enemy's it knows of (on the table or revealed), its platoons waiting and
 * revealed. */
struct view_picks {
  int own[MK_MAX_MARKERS], nown, enemy[MK_MAX_MARKERS], nenemy;
  int waiting[MK_MAX_UNITS], nwait, revealed[MK_MAX_UNITS], nrev;
};

static inline void view_picks(const struct murk_view* v, enum murk_side side,
                              struct view_picks* p) {
  p->nown = p->nenemy = p->nwait = p->nrev = 0;
  for (int i = 0; i < v->nmarkers; i++) {
    if (v->markers[i].owner == side && v->markers[i].on_table) p->own[p->nown++] = i;
    if (v->markers[i].owner != side && (v->markers[i].on_table || v->markers[i].revealed))
      p->enemy[p->nenemy++] = i;
  }
  for (int i = 0; i < v->nplatoons; i++) {
    if (v->platoons[i].state == MURK_PLATOON_WAITING) p->waiting[p->nwait++] = i;
    if (v->platoons[i].state == MURK_PLATOON_REVEALED) p->revealed[p->nrev++] = i;
  }
}

/* A unit of the side to act that may move, from its view: one of its markers on the table
 * (two times in three when it has revealed platoons too) or a revealed platoon, named in
 * c->unit, and where it stands in *from (a platoon: where its last team on the view's map
 * stands). False when it has neither. */
static inline bool rand_mover(struct murk_rng* r, const struct murk_view* v,
                              const struct view_picks* p, struct murk_command* c,
                              struct murk_pos* from) {
  *from = (struct murk_pos){0, 0};
  if (p->nown > 0 && (p->nrev == 0 || rand_pick(r, 3))) {
    const struct murk_view_marker* mk = &v->markers[p->own[rand_pick(r, p->nown)]];
    c->unit.kind = MURK_REF_MARKER;
    c->unit.n = mk->number;
    *from = mk->pos;
    return true;
  }
  if (p->nrev == 0) return false;
  const struct murk_view_platoon* vp = &v->platoons[p->revealed[rand_pick(r, p->nrev)]];
  c->unit.kind = MURK_REF_OWN;
  c->unit.n = vp->index + 1;
  for (int i = 0; i < v->nteams; i++)
    if (v->teams[i].owner == v->to_act && v->teams[i].platoon == vp->index) *from = v->teams[i].pos;
  return true;
}

struct leak_game {
  /* A command for the side to act, from that side's view alone. */
  struct murk_command (*command)(struct murk_rng* r, const struct murk_view* v);
  /* The watchers' hooks (struct leak_watcher), or NULL. */
  bool (*event)(const struct murk_game* g, struct leak_watcher* w, const struct murk_event* e);
  void (*view)(const struct murk_game* g, const struct leak_watcher* w, const struct murk_view* v);
  uint64_t salt;  /* the commands' generator is seeded seed * 2654435761 + salt */
  int attempts;   /* commands tried at most */
  int applied;    /* commands applied at most */
  int text_every; /* 0, or one command in about this many goes as a line of text */
};

struct leak_totals {
  long applied, reveals, turns, over;
};

/* Play game `seed` of m with random commands, both sides' views checked after every applied
 * command and every rejection's words checked for names; adds to *t and returns the game
 * (the caller asks it what it wants and frees it). */
static inline struct murk_game* leak_play_random_game(const struct murk_mission* m, uint64_t seed,
                                                      const struct leak_game* lg,
                                                      struct leak_totals* t) {
  struct murk_game* g = new_game(m, seed);
  struct murk_rng r;
  murk_rng_seed(&r, seed * 2654435761u + lg->salt);
  struct leak_watcher w[MURK_SIDES];
  memset(w, 0, sizeof w);
  w[0].side = MURK_ATTACKER;
  w[1].side = MURK_DEFENDER;
  w[0].event = w[1].event = lg->event;
  w[0].view = w[1].view = lg->view;
  leak_check_view(g, &w[0]);
  leak_check_view(g, &w[1]);
  int applied = 0;
  for (int a = 0; a < lg->attempts && applied < lg->applied; a++) {
    enum murk_side side = murk_game_to_act(g);
    if (side == MURK_NO_SIDE) break;
    struct murk_view* v = NULL;
    assert_int_equal(murk_view_build(g, side, &v), MURK_OK);
    struct murk_command c = lg->command(&r, v);
    murk_view_free(v);
    char why[200] = "";
    int rc;
    if (lg->text_every > 0 && murk_rng_die(&r, lg->text_every) == 1) {
      /* Through the text form, as scripts and saves send it. */
      char line[256];
      if (murk_command_format(&c, line, sizeof line) != MURK_OK) continue;
      rc = murk_game_apply_line(g, side, line, why, sizeof why, NULL);
    } else {
      rc = murk_game_apply(g, side, &c, why, sizeof why);
    }
    assert_true(rc == MURK_OK || rc == MURK_EREJECTED);
    if (rc != MURK_OK) {
      leak_check_text(g, &w[side], why, "a rejection");
      continue;
    }
    applied++;
    leak_check_view(g, &w[0]);
    leak_check_view(g, &w[1]);
  }
  t->applied += applied;
  t->reveals += w[0].reveals + w[1].reveals;
  t->turns += murk_game_turn(g);
  t->over += murk_game_phase(g) == MURK_PHASE_OVER;
  return g;
}

#endif
