/* test_twins.c: the twin test of knowledge discipline (docs/rules.md, "What a side knows";
 * docs/reliability.md).
 *
 * For a side S, two games S cannot tell apart (the same view and the same events for S so
 * far) but whose hidden enemy state differs must give every command S can type the same
 * answer: accepted or refused, the same refusal text, the same new events for S, the same
 * view for S afterwards and the same undo availability. Where the two games' truth decides
 * in play (a move runs into an unseen enemy, a shot reveals one) the answers may differ,
 * but the command cannot then be taken back in a game where it showed S something new, nor
 * in both: knowledge once shown is kept (a move that met nobody may be taken back, as a
 * player expects: docs/rules.md, "Undo").
 *
 * The twins come from play: both sides are driven by the random policy (policy.h); after
 * each run of the enemy's commands, the run is played again with one change S cannot see
 * (two deployments or moves swapped, a destination one cell further, a move left out, a
 * random destination), and the result is kept when S's view and S's events are the same
 * byte for byte while the enemy's truth differs. Then every command S could type (every
 * own unit to every cell of a sample that holds every cell the two enemies stand on and
 * their neighbours, every shot and assault at every marker number, ambushes, arrivals,
 * deployments, recce, dis, starshells, reveal, spot, place, end) goes to both games and
 * the answers are compared. Each try is taken back by restoring a copy of the game's state.
 *
 * The missions: the bundled ones that hide anything (the double_blind variants among them),
 * small ones that combine rules, bundled ones with a rule added, and each pair of
 * hidden-information rules the pair table allows. On the texts' open table twins are rarer
 * (only what the rules hide may differ), so a mission that gives none in three games is left.
 *
 * TWINS_BUDGET (environment) sets the number of command tries (default 20000 in `make test`,
 * 200000 under MURK_SOAK=1 in `make soak`, 10000 when MURK_TEST_LIGHT=1; the games per
 * mission grow with it);
 * TWINS_VERBOSE=1 prints every difference. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* cmocka after the standard headers */
#include <cmocka.h>

#include "fog.h"
#include "intel.h"
#include "murk/alloc.h"
#include "murk/sight.h"
#include "placing.h"
#include "sight.h"
#include "sim.h"
#include "test_support.h"
#include "viewio.h"
#include "wire.h"

#define MISSIONS MURK_SOURCE_DIR "/data/missions"

/* `make soak` tries ten times the commands of `make test`; sanitizer and valgrind runs
 * (MURK_TEST_LIGHT) half. */
#define TWINS_SOAK_BUDGET 200000
#define TWINS_DEFAULT_BUDGET 20000
#define TWINS_LIGHT_BUDGET 10000
#define TWINS_BUDGET_FOR_RUN \
  env_long("TWINS_BUDGET", SOAK_COUNT(TWINS_SOAK_BUDGET, TWINS_DEFAULT_BUDGET, TWINS_LIGHT_BUDGET))

/* Lines and reports are cut at their buffers on purpose. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif

/* ---- text buffers ---- */

struct buf {
  char* p;
  size_t n, cap;
};

static void bprintf(struct buf* b, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void bprintf(struct buf* b, const char* fmt, ...) {
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    size_t room = b->cap - b->n;
    int k = vsnprintf(b->p ? b->p + b->n : NULL, b->p ? room : 0, fmt, ap);
    va_end(ap);
    assert_true(k >= 0);
    if (b->p && (size_t)k < room) {
      b->n += (size_t)k;
      return;
    }
    size_t cap = b->cap ? b->cap * 2 : 4096;
    while (cap < b->n + (size_t)k + 1) cap *= 2;
    b->p = realloc(b->p, cap);
    assert_non_null(b->p);
    b->cap = cap;
  }
}

static void bclear(struct buf* b) {
  b->n = 0;
  if (b->p) b->p[0] = '\0';
}

/* ---- what S knows: its view (without the event list) and its events ---- */

static void dump_pos(struct buf* b, struct murk_pos p) {
  bprintf(b, "%d,%d ", p.x, p.y);
}

/* The whole view as the wire writes it (src/net/viewfields.c, the one description of a
 * view's fields): two views are the same when every field is. */
static void dump_view(struct buf* b, const struct murk_view* v) {
  struct net_buf w = {0};
  net_view_write(v, 0, &w);
  assert_false(w.failed);
  bprintf(b, "%.*s", (int)w.len, w.p);
  net_buf_free(&w);
}

static void dump_event(struct buf* b, const struct murk_event* e) {
  char line[400];
  murk_event_format(e, line, sizeof line);
  bprintf(b, "%s | k%d s%d m%d", line, e->kind, e->side, e->marker);
  if (e->has_pos) {
    bprintf(b, " ");
    dump_pos(b, e->from);
    dump_pos(b, e->to);
  }
  if (e->has_roll) bprintf(b, " roll %d", e->roll.total);
  bprintf(b, "\n");
}

/* S's events from index `from` of the game on. */
static void dump_events(struct buf* b, const struct murk_game* g, enum murk_side s, size_t from) {
  for (size_t i = from; i < mk_game_event_count(g); i++) {
    const struct murk_event* e = mk_game_event(g, i);
    if (murk_audience_includes(e->audience, s)) dump_event(b, e);
  }
}

/* Everything S knows of g: its view and its events from event `from` on (twins share the
 * events before the change that made them: a replay of the same commands, rule 3). */
static void dump_knowledge(struct buf* b, const struct murk_game* g, enum murk_side s,
                           size_t from) {
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(g, s, &v), MURK_OK);
  struct murk_event* all = v->events;
  size_t n = v->nevents, skip = 0;
  while (skip < n && (size_t)all[skip].seq <= from) skip++;
  v->events = all + skip;
  v->nevents = n - skip;
  dump_view(b, v);
  v->events = all;
  v->nevents = n;
  murk_view_free(v);
  dump_events(b, g, s, from);
}

/* ---- taking a try back: the state is a plain value, the logs only grow ---- */

struct snap {
  struct mk_state s;
  size_t nevents, nlog;
};

static void snap_take(const struct murk_game* g, struct snap* sn) {
  memcpy(&sn->s, &g->s, sizeof sn->s);
  sn->nevents = g->nevents;
  sn->nlog = g->nlog;
}

static void snap_restore(struct murk_game* g, const struct snap* sn) {
  memcpy(&g->s, &sn->s, sizeof sn->s);
  mk_game_truncate(g, sn->nevents, sn->nlog);
}

/* ---- the answer to one try ---- */

struct answer {
  int rc;
  char reason[256];
  int undoable;
  bool learned;       /* it showed S something new: a roll, or what S sees or remembers changed */
  char undo_why[256]; /* what U answers now (murk_game_undo_why) */
  struct buf after;   /* new events for S, then S's view (accepted commands only) */
  struct buf ev;      /* the new events for S alone, one a line */
};

static void try_cmd(struct murk_game* g, enum murk_side s, const struct murk_command* c,
                    struct snap* sn, struct answer* a) {
  snap_take(g, sn);
  a->reason[0] = '\0';
  a->rc = murk_game_apply(g, s, c, a->reason, sizeof a->reason);
  bclear(&a->after);
  bclear(&a->ev);
  a->undoable = -1;
  if (a->rc == MURK_OK) {
    dump_events(&a->after, g, s, sn->nevents);
    dump_events(&a->ev, g, s, sn->nevents);
    struct murk_view* v = NULL;
    assert_int_equal(murk_view_build(g, s, &v), MURK_OK);
    dump_view(&a->after, v);
    murk_view_free(v);
    a->undoable = murk_game_undoable(g);
    a->learned = false;
    for (size_t i = sn->nevents; i < mk_game_event_count(g); i++) {
      const struct murk_event* e = mk_game_event(g, i);
      if (murk_audience_includes(e->audience, s) && e->has_roll) a->learned = true;
    }
    enum murk_side o = murk_side_other(s);
    for (int i = 0; i < g->s.nmarkers && !a->learned; i++) {
      const struct mk_sighting *x = &sn->s.seen_marker[s][i], *y = &g->s.seen_marker[s][i];
      bool had = i < sn->s.nmarkers;
      if ((had ? x->known : false) != y->known || (had && x->seen != y->seen) ||
          (y->known && had && !murk_pos_eq(x->pos, y->pos)))
        a->learned = true;
    }
    for (int t = 0; t < g->s.nteams[o] && !a->learned; t++) {
      const struct mk_sighting *x = &sn->s.seen_team[s][t], *y = &g->s.seen_team[s][t];
      if (x->known != y->known || x->seen != y->seen || (y->known && !murk_pos_eq(x->pos, y->pos)))
        a->learned = true;
    }
    /* U: taking back is a replay of the log less the command (game.c), so for twins whose
     * knowledge agrees its answer is the count and the words given here. */
    snprintf(a->undo_why, sizeof a->undo_why, "%s", murk_game_undo_why(g));
  }
  snap_restore(g, sn);
}

/* ---- the run ---- */

struct twins_run {
  long tries;        /* commands put to both twins */
  long diffs;        /* answers that differ */
  long pairs;        /* twin pairs found */
  long hidden;       /* of them made on the table (make_hidden_twin) */
  long states;       /* states of a pair the battery ran on */
  long budget;       /* tries allowed in all */
  long plans;        /* decisions of the side's player compared between twins */
  long placing;      /* states where S places a platoon the enemy's spotting revealed */
  long placing_wing; /* of those, a Limited Intelligence wing's platoon (27.3.1) */
  long fog;          /* of the pairs, made by swapping two enemy templates' contents then */
  long per_state;    /* tries allowed per state */
  bool verbose;
  struct snap* sn; /* scratch */
  struct answer a, b;
  /* the first differences of each kind, for the report */
  char first[8][600];
  int nfirst;
};

static void report_diff(struct twins_run* r, const char* mission, uint64_t seed, const char* line,
                        const char* what) {
  r->diffs++;
  char text[600];
  snprintf(text, sizeof text, "%s seed %llu: '%s': %s", mission, (unsigned long long)seed, line,
           what);
  if (r->verbose) fprintf(stderr, "twin difference: %s\n", text);
  if (r->nfirst < 8) snprintf(r->first[r->nfirst++], sizeof r->first[0], "%s", text);
}

/* The first line where two dumps differ, as "A | B". */
static void first_diff(const char* x, const char* y, char* out, size_t n) {
  while (*x && *x == *y) {
    x++;
    y++;
  }
  /* back to the start of the line */
  const char* lx = x;
  size_t back = 0;
  while (lx > x - back && back < 1000 && lx[-1] != '\n' && lx[-1]) {
    lx--;
    back++;
  }
  const char* ly = y - back;
  snprintf(out, n, "%.*s || %.*s", (int)strcspn(lx, "\n"), lx, (int)strcspn(ly, "\n"), ly);
}

/* Is an event line (dump_event) one the truth may decide in play: a roll (the twins' dice
 * may stand apart), a sighting, spotting or contact, shooting, assault or loss, or a fact of
 * the enemy's own things (the enemy's hidden state is what differs)? */
static bool truth_decides(const char* line, size_t len, enum murk_side s) {
  const char* bar = NULL;
  for (size_t i = 0; i + 3 < len; i++)
    if (line[i] == ' ' && line[i + 1] == '|' && line[i + 2] == ' ' && line[i + 3] == 'k')
      bar = line + i;
  if (!bar) return true; /* not an event line */
  int kind = -1, side = -1;
  if (sscanf(bar, " | k%d s%d", &kind, &side) != 2) return true;
  for (const char* q = bar; q + 6 <= line + len; q++)
    if (memcmp(q, " roll ", 6) == 0) return true;
  /* A wing leader's move cut short where it spotted (Limited Intelligence 27.1.6): the spotting
   * event follows it. */
  if (kind == MURK_EV_MOVE)
    for (const char* q = line; q + 12 <= bar; q++)
      if (memcmp(q, "; ordered on", 12) == 0) return true;
  if (kind == MURK_EV_ROLL || kind == MURK_EV_SPOT || kind == MURK_EV_SHOOT ||
      kind == MURK_EV_ASSAULT || kind == MURK_EV_LOSS || kind == MURK_EV_END)
    return true;
  return side != (int)s;
}

/* After a final command the twins' answers may part, but only where the truth decides in
 * play: the first of S's new events that differs must be one the truth decides
 * (truth_decides) in one of the twins. An event of S's own things that differs first (its teams put
 * down on other cells, its leader adjusted elsewhere) tells S where an enemy it cannot see stands.
 * Events the same and the views apart: sightings, which the view carries. */
static bool parting_explained(const char* x, const char* y, enum murk_side s, char* out, size_t n) {
  while (*x || *y) {
    size_t lx = strcspn(x, "\n"), ly = strcspn(y, "\n");
    /* Without the event numbers: how many events the enemy got privately is not what this
     * looks for (the views and dumps above compare them). */
    size_t nx = strspn(x, " 0123456789"), ny = strspn(y, " 0123456789");
    if (nx > lx) nx = lx;
    if (ny > ly) ny = ly;
    if (lx - nx == ly - ny && memcmp(x + nx, y + ny, lx - nx) == 0) {
      x += lx + (x[lx] ? 1 : 0);
      y += ly + (y[ly] ? 1 : 0);
      continue;
    }
    snprintf(out, n, "%.*s || %.*s", (int)lx, x, (int)ly, y);
    /* A move cut short by an enemy S did not know of (docs/rules.md, "Hidden contact"): the
     * public contact follows the mover's own move event. */
    if (strstr(x, "contact: ") || strstr(y, "contact: ")) return true;
    return (lx && truth_decides(x, lx, s)) || (ly && truth_decides(y, ly, s));
  }
  return true;
}

/* Put one command to both twins; true when the answers agree. */
static bool compare_cmd(struct twins_run* r, struct murk_game* ga, struct murk_game* gb,
                        enum murk_side s, const char* line, const char* mission, uint64_t seed) {
  struct murk_command c;
  char err[200];
  int col = 0;
  memset(&c, 0, sizeof c);
  if (murk_command_parse(line, &c, err, sizeof err, &col) != 1) return true;
  r->tries++;
  try_cmd(ga, s, &c, r->sn, &r->a);
  try_cmd(gb, s, &c, r->sn, &r->b);
  char what[500];
  if (r->a.rc != r->b.rc) {
    snprintf(what, sizeof what, "rc %d vs %d (%s | %s)", r->a.rc, r->b.rc, r->a.reason,
             r->b.reason);
    report_diff(r, mission, seed, line, what);
    return false;
  }
  if (strcmp(r->a.reason, r->b.reason) != 0) {
    snprintf(what, sizeof what, "refusal '%s' vs '%s'", r->a.reason, r->b.reason);
    report_diff(r, mission, seed, line, what);
    return false;
  }
  if (r->a.rc != MURK_OK) return true;
  bool same = strcmp(r->a.after.p, r->b.after.p) == 0;
  if (same && r->a.undoable != r->b.undoable) {
    snprintf(what, sizeof what, "undo %d vs %d", r->a.undoable, r->b.undoable);
    report_diff(r, mission, seed, line, what);
    return false;
  }
  if (same && strcmp(r->a.undo_why, r->b.undo_why) != 0) {
    snprintf(what, sizeof what, "U answers '%s' vs '%s'", r->a.undo_why, r->b.undo_why);
    report_diff(r, mission, seed, line, what);
    return false;
  }
  /* Undo as players expect it (docs/rules.md, "Undo"): a command that showed S something
   * new stands. Where the truth parts the twins, the one that showed S something stands; the
   * other may be taken back only if it showed S nothing (a move that met nobody), and never
   * both. */
  if ((r->a.undoable > 0 && r->a.learned) || (r->b.undoable > 0 && r->b.learned)) {
    snprintf(what, sizeof what, "it showed S something new yet undo %d/%d", r->a.undoable,
             r->b.undoable);
    report_diff(r, mission, seed, line, what);
    return false;
  }
  if (!same && r->a.undoable > 0 && r->b.undoable > 0) {
    char d[400];
    first_diff(r->a.after.p, r->b.after.p, d, sizeof d);
    snprintf(what, sizeof what, "knowledge differs yet undo %d/%d: %s", r->a.undoable,
             r->b.undoable, d);
    report_diff(r, mission, seed, line, what);
    return false;
  }
  char d[400];
  if (!same &&
      !parting_explained(r->a.ev.p ? r->a.ev.p : "", r->b.ev.p ? r->b.ev.p : "", s, d, sizeof d)) {
    snprintf(what, sizeof what, "own events part with nothing public to cause it: %s", d);
    report_diff(r, mission, seed, line, what);
    return false;
  }
  return true;
}

/* A small generator for the test's own choices (not the game's). */
static uint32_t pick(uint64_t* st, uint32_t n) {
  *st = *st * 6364136223846793005ull + 1442695040888963407ull;
  return n ? (uint32_t)((*st >> 33) % n) : 0;
}

static void add_cell(struct murk_pos* cells, int* n, int max, const struct murk_grid* gr,
                     struct murk_pos p) {
  if (p.x < 0 || p.y < 0 || p.x >= gr->width || p.y >= gr->height) return;
  for (int i = 0; i < *n; i++)
    if (murk_pos_eq(cells[i], p)) return;
  if (*n < max) cells[(*n)++] = p;
}

static void add_around(struct murk_pos* cells, int* n, int max, const struct murk_grid* gr,
                       struct murk_pos p) {
  add_cell(cells, n, max, gr, p);
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++) {
      struct murk_pos q = {p.x + dx, p.y + dy};
      add_cell(cells, n, max, gr, q);
    }
}

#define MAX_CELLS 96

/* Every command S could type at this state of the twins (within the per-state budget). */
static void battery(struct twins_run* r, struct murk_game* ga, struct murk_game* gb,
                    enum murk_side s, const char* mission, uint64_t seed, uint64_t* st) {
  r->states++;
  enum murk_side e = murk_side_other(s);
  const struct murk_grid* gr = &ga->m->grid;
  struct murk_pos cells[MAX_CELLS];
  int nc = 0;
  /* Where the enemy truly stands in either game, and around it: where leaks live. */
  for (int k = 0; k < 2; k++) {
    const struct mk_state* t = k ? &gb->s : &ga->s;
    for (int i = 0; i < t->nmarkers; i++)
      if (t->markers[i].on_table && t->markers[i].owner == e)
        add_around(cells, &nc, MAX_CELLS / 2, gr, t->markers[i].pos);
    for (int i = 0; i < t->nteams[e]; i++)
      if (t->teams[e][i].alive && t->teams[e][i].placed)
        add_around(cells, &nc, MAX_CELLS / 2, gr, t->teams[e][i].pos);
  }
  /* Every cell S's view offers for an arrival (reserves, ambushes, deep strikes). */
  struct murk_view* v = NULL;
  assert_int_equal(murk_view_build(ga, s, &v), MURK_OK);
  if (v->place_platoon > 0 && v->to_act == s) r->placing++;
  if (v->place_platoon > 0 && v->to_act == s && v->place_range > 0) r->placing_wing++;
  for (int i = 0; i < v->narrivals; i++)
    for (int c = 0; c < v->arrivals[i].ncells; c++)
      add_cell(cells, &nc, MAX_CELLS * 3 / 4, gr, v->arrivals[i].cells[c]);
  murk_view_free(v);
  /* Some cells anywhere. */
  for (int i = 0; i < 24; i++) {
    struct murk_pos p = {(int)pick(st, (uint32_t)gr->width), (int)pick(st, (uint32_t)gr->height)};
    add_cell(cells, &nc, MAX_CELLS, gr, p);
  }
  /* Own references: roster numbers and own markers; enemy: every number so far and one. */
  const struct murk_force* f = murk_force(ga, s);
  int maxnum = ga->s.next_marker_number + 1;
  char refs[80][12];
  int nrefs = 0;
  for (int p = 0; p < f->nplatoons && nrefs < 40; p++) snprintf(refs[nrefs++], 12, "%d", p + 1);
  for (int n = 1; n <= maxnum && nrefs < 80; n++) snprintf(refs[nrefs++], 12, "T%d", n);
  /* Every command of the kinds below, then a random choice of them within the budget. */
  static char lines[60000][48];
  int nl = 0;
#define ADD(...)                                                         \
  do {                                                                   \
    if (nl < 60000) snprintf(lines[nl++], sizeof lines[0], __VA_ARGS__); \
  } while (0)
  ADD("end");
  ADD("spot");
  for (int i = 0; i < nrefs; i++)
    for (int n = 1; n <= maxnum; n++) {
      ADD("shoot %s at T%d", refs[i], n);
      ADD("shoot %s at P%d", refs[i], n);
      ADD("assault %s at T%d", refs[i], n);
      ADD("assault %s at P%d", refs[i], n);
    }
  for (int i = 0; i < nrefs; i++) {
    ADD("reveal %s", refs[i]);
    ADD("withdraw %s", refs[i]);
    ADD("place %s", refs[i]);
  }
  for (int n = 1; n <= maxnum; n++) ADD("place P%d", n);
  for (int p = 0; p < f->nplatoons; p++) ADD("ambush %d", p + 1);
  for (int ci = 0; ci < nc; ci++) {
    struct murk_pos p = cells[ci];
    struct murk_pos q = {p.x + 1 < gr->width ? p.x + 1 : p.x - 1, p.y};
    for (int i = 0; i < nrefs; i++) {
      ADD("move %s to %d,%d", refs[i], p.x, p.y);
      ADD("recce %s to %d,%d", refs[i], p.x, p.y);
      ADD("dis %s to %d,%d %d,%d", refs[i], p.x, p.y, q.x, q.y);
      ADD("adjust %s to %d,%d", refs[i], p.x, p.y);
    }
    /* The teams of a platoon the enemy spotted, S's own or not, at every sampled cell. */
    for (int n = 1; n <= maxnum; n++) ADD("place P%d via %d,%d", n, p.x, p.y);
    for (int k = 0; k < f->nplatoons; k++) {
      ADD("deploy %d at %d,%d", k + 1, p.x, p.y);
      ADD("arrive %d at %d,%d", k + 1, p.x, p.y);
      ADD("ambush %d at %d,%d", k + 1, p.x, p.y);
      ADD("starshell %d at %d,%d", k + 1, p.x, p.y);
      ADD("illuminate %d at %d,%d", k + 1, p.x, p.y);
    }
    ADD("deploy dummy at %d,%d", p.x, p.y);
    ADD("objective at %d,%d", p.x, p.y);
  }
#undef ADD
  long left = r->per_state;
  if (left > r->budget - r->tries) left = r->budget - r->tries;
  /* Shuffled, then taken verb by verb in turn, so that every kind of command gets its share
   * of the budget however many lines each kind has. */
  for (int i = nl - 1; i > 0; i--) {
    int j = (int)pick(st, (uint32_t)(i + 1));
    char t[48];
    memcpy(t, lines[i], sizeof t);
    memcpy(lines[i], lines[j], sizeof t);
    memcpy(lines[j], t, sizeof t);
  }
  static int next[MURK_CMD_COUNT + 1];
  for (int k = 0; k <= MURK_CMD_COUNT; k++) next[k] = 0;
  long done = 0;
  bool any = true;
  while (done < left && any) {
    any = false;
    for (int k = 0; k < MURK_CMD_COUNT && done < left; k++) {
      const char* verb = murk_command_verb((enum murk_command_kind)k);
      size_t vl = strlen(verb);
      while (next[k] < nl &&
             !(strncmp(lines[next[k]], verb, vl) == 0 && lines[next[k]][vl] == ' ') &&
             !(strcmp(lines[next[k]], verb) == 0))
        next[k]++;
      if (next[k] >= nl) continue;
      any = true;
      compare_cmd(r, ga, gb, s, lines[next[k]++], mission, seed);
      done++;
    }
  }
}

/* ---- making twins ---- */

/* A replay of log lines [0, n) of g, the last `k` of them replaced by cmds. */
static struct murk_sight_cache* cache; /* one mission's fields of view, for all its games */

/* Log line i as a command (the log keeps text; parsing it gives the command back). */
static struct murk_command log_cmd(const struct murk_game* g, size_t i) {
  struct murk_command c;
  memset(&c, 0, sizeof c);
  char err[200];
  int col = 0;
  assert_int_equal(murk_command_parse(murk_game_log_line(g, i), &c, err, sizeof err, &col), 1);
  return c;
}

static struct murk_game* replay(const struct murk_game* g, size_t n,
                                const struct murk_command* cmds, const enum murk_side* sides,
                                int k) {
  struct murk_game* ng = NULL;
  if (murk_game_new(g->m, g->seed, &ng) != MURK_OK) return NULL;
  assert_int_equal(murk_game_use_sight_cache(ng, cache), MURK_OK);
  char why[256];
  for (size_t i = 0; i < n; i++) {
    struct murk_command c = log_cmd(g, i);
    if (murk_game_apply(ng, murk_game_log_side(g, i), &c, why, sizeof why) != MURK_OK) {
      murk_game_free(ng);
      return NULL;
    }
  }
  for (int i = 0; i < k; i++)
    if (murk_game_apply(ng, sides[i], &cmds[i], why, sizeof why) != MURK_OK) {
      murk_game_free(ng);
      return NULL;
    }
  return ng;
}

/* Does the enemy's truth differ between the games? */
static bool truth_differs(const struct murk_game* a, const struct murk_game* b, enum murk_side e) {
  if (a->s.nmarkers != b->s.nmarkers || a->s.nteams[e] != b->s.nteams[e]) return true;
  for (int i = 0; i < a->s.nmarkers; i++) {
    const struct mk_marker *x = &a->s.markers[i], *y = &b->s.markers[i];
    if (x->owner != e) continue;
    if (x->unit != y->unit || x->on_table != y->on_table || !murk_pos_eq(x->pos, y->pos) ||
        x->bogged != y->bogged)
      return true;
  }
  for (int i = 0; i < a->s.nteams[e]; i++) {
    const struct mk_team *x = &a->s.teams[e][i], *y = &b->s.teams[e][i];
    if (x->alive != y->alive || x->placed != y->placed || !murk_pos_eq(x->pos, y->pos)) return true;
  }
  for (int i = 0; i < a->s.nunits[e]; i++) {
    const struct mk_unit_state *x = &a->s.units[e][i], *y = &b->s.units[e][i];
    if (x->state != y->state || x->marker != y->marker || x->dug_in != y->dug_in ||
        x->ambush != y->ambush || x->reserve != y->reserve)
      return true;
  }
  return false;
}

static bool has_at(enum murk_command_kind k) {
  return k == MURK_CMD_DEPLOY || k == MURK_CMD_MOVE || k == MURK_CMD_ARRIVE ||
         k == MURK_CMD_RECCE || (k == MURK_CMD_AMBUSH) || k == MURK_CMD_STARSHELL ||
         k == MURK_CMD_ILLUMINATE || k == MURK_CMD_DIS || k == MURK_CMD_ADJUST;
}

/* One change to the enemy's run of commands; false when none could be made. */
static bool mutate(struct murk_command* cmds, int k, const struct murk_grid* gr, uint64_t* st) {
  int how = (int)pick(st, 4);
  if (k <= 0) return false;
  if (how == 0) { /* swap the units of two commands of one kind */
    for (int tries = 0; tries < 8; tries++) {
      int i = (int)pick(st, (uint32_t)k), j = (int)pick(st, (uint32_t)k);
      if (i == j || cmds[i].kind != cmds[j].kind || !has_at(cmds[i].kind)) continue;
      if (cmds[i].unit.kind == cmds[j].unit.kind && cmds[i].unit.n == cmds[j].unit.n) continue;
      struct murk_ref t = cmds[i].unit;
      cmds[i].unit = cmds[j].unit;
      cmds[j].unit = t;
      return true;
    }
    return false;
  }
  int i = -1;
  for (int tries = 0; tries < 8 && i < 0; tries++) {
    int c = (int)pick(st, (uint32_t)k);
    if (has_at(cmds[c].kind) && cmds[c].at.x >= 0) i = c;
  }
  if (i < 0) return false;
  if (how == 1) { /* one cell further */
    cmds[i].at.x += (int)pick(st, 3) - 1;
    cmds[i].at.y += (int)pick(st, 3) - 1;
    if (cmds[i].at.x < 0) cmds[i].at.x = 0;
    if (cmds[i].at.y < 0) cmds[i].at.y = 0;
    cmds[i].nvia = 0;
    return true;
  }
  if (how == 2 && cmds[i].kind == MURK_CMD_MOVE) { /* left out: an `end` cannot be left out */
    memmove(&cmds[i], &cmds[i + 1], (size_t)(k - i - 1) * sizeof cmds[0]);
    return true; /* the caller shortens the run */
  }
  cmds[i].at.x = (int)pick(st, (uint32_t)gr->width);
  cmds[i].at.y = (int)pick(st, (uint32_t)gr->height);
  cmds[i].nvia = 0;
  return true;
}

#define MAX_RUN 200

/* Try to make a twin of g for side s: the enemy's last run of commands (log lines
 * [from, nlog)) played again with a change S cannot see. *sh is g as it stood at an earlier
 * point of its log (NULL: not made yet), brought up to `from` here by the commands g took
 * since, so that each attempt costs the run, not the game; the attempts are taken back
 * (snap). On success the shadow becomes the twin and *sh is NULL. *ev_from is the events
 * the twins share. */
static struct murk_game* make_twin(struct murk_game* g, size_t from, enum murk_side s, uint64_t* st,
                                   struct buf* ka, struct buf* kb, struct murk_game** sh,
                                   struct snap* sn, size_t* ev_from) {
  int k = (int)(g->nlog - from);
  if (k <= 0 || k > MAX_RUN) return NULL;
  if (!*sh) *sh = replay(g, from, NULL, NULL, 0);
  if (!*sh) return NULL;
  struct murk_game* b = *sh;
  char why[256];
  for (size_t i = b->nlog; i < from; i++) {
    struct murk_command c = log_cmd(g, i);
    assert_int_equal(murk_game_apply(b, murk_game_log_side(g, i), &c, why, sizeof why), MURK_OK);
  }
  assert_int_equal(b->nlog, from);
  *ev_from = b->nevents;
  static struct murk_command cmds[MAX_RUN];
  static enum murk_side sides[MAX_RUN];
  bclear(ka);
  dump_knowledge(ka, g, s, *ev_from);
  snap_take(b, sn);
  for (int attempt = 0; attempt < 12; attempt++) {
    int n = k;
    for (int i = 0; i < k; i++) {
      cmds[i] = log_cmd(g, from + (size_t)i);
      sides[i] = murk_game_log_side(g, from + (size_t)i);
    }
    if (!mutate(cmds, n, &g->m->grid, st)) continue;
    /* a left-out move shortens the run by one: the last command then fails or is dropped */
    bool ok = true;
    for (int i = 0; i < n && ok; i++)
      ok = murk_game_apply(b, sides[i], &cmds[i], why, sizeof why) == MURK_OK;
    if (!ok && n > 1) {
      snap_restore(b, sn);
      ok = true;
      for (int i = 0; i < n - 1 && ok; i++)
        ok = murk_game_apply(b, sides[i], &cmds[i], why, sizeof why) == MURK_OK;
    }
    if (ok && murk_game_to_act(b) == s && truth_differs(g, b, murk_side_other(s))) {
      bclear(kb);
      dump_knowledge(kb, b, s, *ev_from);
      if (strcmp(ka->p, kb->p) == 0) {
        *sh = NULL;
        return b;
      }
    }
    snap_restore(b, sn);
  }
  return NULL;
}

/* A twin made on the table, for Limited Intelligence: one enemy team S does not see is put
 * on a free cell S does not see within reach of where S's wing leader would place its units
 * (Limited Intelligence 27.3.1), so that a wing S deploys there (reveal, or a spotting) meets it.
 * The other game has the team where it stood. Nothing S knows differs (checked as for every
 * twin). */
static struct murk_game* make_hidden_twin(struct murk_game* g, enum murk_side s, uint64_t* st,
                                          struct buf* ka, struct buf* kb, size_t* ev_from) {
  if (!mk_intel_on(g) || murk_game_phase(g) != MURK_PHASE_PLAY) return NULL;
  enum murk_side e = murk_side_other(s);
  int leaders[MK_MAX_MARKERS], nl = 0, teams[MK_MAX_TEAMS_PER_SIDE], nt = 0;
  for (int i = 0; i < g->s.nmarkers; i++)
    if (g->s.markers[i].on_table && g->s.markers[i].owner == s &&
        g->s.markers[i].kind == MURK_MARKER_WING && g->s.markers[i].unit >= 0)
      leaders[nl++] = i;
  for (int t = 0; t < g->s.nteams[e]; t++)
    if (g->s.teams[e][t].alive && g->s.teams[e][t].placed && !g->s.seen_team[s][t].seen)
      teams[nt++] = t;
  if (nl == 0 || nt == 0) return NULL;
  struct murk_game* b = replay(g, g->nlog, NULL, NULL, 0);
  if (!b) return NULL;
  *ev_from = b->nevents;
  bclear(ka);
  dump_knowledge(ka, g, s, *ev_from);
  int reach = murk_mission_param(g->m, MURK_P_LI_PLACE);
  for (int attempt = 0; attempt < 40; attempt++) {
    const struct mk_marker* mk = &b->s.markers[leaders[pick(st, (uint32_t)nl)]];
    struct murk_pos p = {mk->pos.x + (int)pick(st, (uint32_t)(2 * reach + 1)) - reach,
                         mk->pos.y + (int)pick(st, (uint32_t)(2 * reach + 1)) - reach};
    if (!murk_geom_on_table(&b->m->grid, p) || !mk_cell_passable(b->m, p) ||
        !mk_cell_free(&b->s, p) || mk_sight_any(b, s, p, false, NULL))
      continue;
    struct mk_team* tm = &b->s.teams[e][teams[pick(st, (uint32_t)nt)]];
    struct murk_pos was = tm->pos;
    tm->pos = p;
    mk_sight_update(b, b->nevents);
    bclear(kb);
    dump_knowledge(kb, b, s, *ev_from);
    if (strcmp(ka->p, kb->p) == 0 && truth_differs(g, b, e)) return b;
    tm->pos = was;
    mk_sight_update(b, b->nevents);
  }
  murk_game_free(b);
  return NULL;
}

/* Markers x and y of side e swap what they hold: their platoon (a template, cloak or "?"),
 * or every platoon of their wing (a Limited Intelligence leader), or nothing (a dummy). */
static void swap_contents(struct murk_game* b, enum murk_side e, struct mk_marker* x,
                          struct mk_marker* y) {
  for (int k = 0; k < b->s.nunits[e]; k++) {
    struct mk_unit_state* u = &b->s.units[e][k];
    if (u->state != MURK_PLATOON_HIDDEN) continue;
    if (u->marker == x->number)
      u->marker = y->number;
    else if (u->marker == y->number)
      u->marker = x->number;
  }
  int t = x->unit;
  x->unit = y->unit;
  y->unit = t;
}

/* A twin while S places a platoon the enemy's spotting revealed (Fog of War, Limited
 * Intelligence) or that lost its cloak or "?" (the ASL night rules): two enemy markers still
 * on the table (templates, wing leaders, cloaks, "?") swap what they stand for (a platoon or
 * wing for another, or for a dummy), which S cannot see, so that `place` and every command S
 * may type then is put to games whose hidden contents differ. */
static struct murk_game* make_fog_twin(struct murk_game* g, enum murk_side s, uint64_t* st,
                                       struct buf* ka, struct buf* kb, size_t* ev_from) {
  if (mk_placing_side(g) != s) return NULL;
  enum murk_side e = murk_side_other(s);
  int mks[MK_MAX_MARKERS], n = 0;
  for (int i = 0; i < g->s.nmarkers; i++)
    if (g->s.markers[i].on_table && g->s.markers[i].owner == e && !g->s.markers[i].revealed)
      mks[n++] = i;
  if (n < 2) return NULL;
  struct murk_game* b = replay(g, g->nlog, NULL, NULL, 0);
  if (!b) return NULL;
  *ev_from = b->nevents;
  bclear(ka);
  dump_knowledge(ka, g, s, *ev_from);
  for (int attempt = 0; attempt < 8; attempt++) {
    struct mk_marker* x = &b->s.markers[mks[pick(st, (uint32_t)n)]];
    struct mk_marker* y = &b->s.markers[mks[pick(st, (uint32_t)n)]];
    if (x == y || x->unit == y->unit) continue;
    if (x->kind != y->kind) continue;
    swap_contents(b, e, x, y);
    mk_sight_update(b, b->nevents);
    bclear(kb);
    dump_knowledge(kb, b, s, *ev_from);
    if (strcmp(ka->p, kb->p) == 0 && truth_differs(g, b, e)) return b;
    swap_contents(b, e, x, y);
    mk_sight_update(b, b->nevents);
  }
  murk_game_free(b);
  return NULL;
}

/* The player of S decides from its view alone (sim.h): twins S cannot tell apart get the
 * same plans, try for try, from the same generator, and draw the same numbers. */
static void same_plans(struct twins_run* r, struct murk_game* a, struct murk_game* b,
                       enum murk_side s, enum murk_policy pol, const struct murk_rng* rng,
                       const char* name, uint64_t seed) {
  struct murk_view *va = NULL, *vb = NULL;
  assert_int_equal(murk_view_build(a, s, &va), MURK_OK);
  assert_int_equal(murk_view_build(b, s, &vb), MURK_OK);
  struct murk_policy_plan pa, pb;
  memset(&pa, 0, sizeof pa);
  memset(&pb, 0, sizeof pb);
  for (int round = 0; round < 2; round++) {
    struct murk_rng ra = *rng, rb = *rng;
    assert_int_equal(murk_policy_plan(pol, va, &ra, round, &pa), MURK_OK);
    assert_int_equal(murk_policy_plan(pol, vb, &rb, round, &pb), MURK_OK);
    r->plans++;
    bool same = pa.n == pb.n && memcmp(&ra, &rb, sizeof ra) == 0;
    char la[256] = "", lb[256] = "";
    for (int i = 0; same && i < pa.n; i++) {
      assert_int_equal(murk_command_format(&pa.cmds[i], la, sizeof la), MURK_OK);
      assert_int_equal(murk_command_format(&pb.cmds[i], lb, sizeof lb), MURK_OK);
      same = strcmp(la, lb) == 0;
    }
    if (!same) {
      char what[600];
      snprintf(what, sizeof what, "the %s player's plans differ (%d tries: '%s'; %d tries: '%s')",
               murk_policy_name(pol), pa.n, la, pb.n, lb);
      report_diff(r, name, seed, "(plan)", what);
    }
  }
  murk_policy_plan_free(&pa);
  murk_policy_plan_free(&pb);
  murk_view_free(va);
  murk_view_free(vb);
}

/* Play a game of `m`, S by policy `pol` and the enemy by the random player; at each of S's
 * turns try to make a twin and run the battery on the pair at each of S's commands while
 * they stay twins (and, S's player not random, compare its plans on the two). */
static void twins_game(struct twins_run* r, const struct murk_mission* m, const char* name,
                       uint64_t seed, enum murk_side s, enum murk_policy pol, long max_commands) {
  struct murk_game* g = NULL;
  assert_int_equal(murk_game_new(m, seed, &g), MURK_OK);
  assert_int_equal(murk_game_use_sight_cache(g, cache), MURK_OK);
  struct murk_rng rng[MURK_SIDES];
  for (int sd = 0; sd < MURK_SIDES; sd++) murk_policy_seed(&rng[sd], seed, (enum murk_side)sd);
  struct murk_policy_plan plan;
  memset(&plan, 0, sizeof plan);
  struct buf ka = {0}, kb = {0};
  uint64_t st = seed * 2654435761u + 7;
  struct murk_game* twin = NULL;
  struct murk_game* shadow = NULL; /* make_twin's */
  struct snap* sn = malloc(sizeof *sn);
  assert_non_null(sn);
  size_t ev_from = 0;
  size_t run_from = 0;
  enum murk_side last = MURK_NO_SIDE;
  char reason[256];
  int states = 0;
  struct murk_view* pv[MURK_SIDES] = {NULL, NULL};
  for (long cmd = 0; cmd < max_commands && r->tries < r->budget; cmd++) {
    enum murk_side side = murk_game_to_act(g);
    if (side == MURK_NO_SIDE) break;
    if (side != last) {
      if (side == s) {
        /* The enemy's run [run_from, nlog) is over: make a twin of it. */
        murk_game_free(twin);
        if (mk_intel_on(g) && pick(&st, 2) == 0) {
          twin = make_hidden_twin(g, s, &st, &ka, &kb, &ev_from);
          if (twin) r->hidden++;
        }
        if (!twin && mk_placing_side(g) == s) {
          twin = make_fog_twin(g, s, &st, &ka, &kb, &ev_from);
          if (twin) r->fog++;
        }
        if (!twin) twin = make_twin(g, run_from, s, &st, &ka, &kb, &shadow, sn, &ev_from);
        if (twin) r->pairs++;
      } else {
        run_from = g->nlog;
        murk_game_free(twin);
        twin = NULL;
      }
      last = side;
    }
    /* A few states of each game, so that the budget reaches many games and late turns. */
    /* While S places a spotted platoon, always: that state is rare and short. */
    if (twin && side == s && states < 8 && (mk_placing_side(g) == s || pick(&st, 3) == 0)) {
      battery(r, g, twin, s, name, seed, &st);
      states++;
    }
    enum murk_policy player = side == s ? pol : MURK_POLICY_RANDOM;
    if (twin && side == s && pol != MURK_POLICY_RANDOM)
      same_plans(r, g, twin, s, pol, &rng[side], name, seed);
    /* Each side's view kept and refreshed, as murk play and murk sim keep theirs: a new
     * build each command would copy the whole history each time. */
    if (!pv[side])
      assert_int_equal(murk_view_build(g, side, &pv[side]), MURK_OK);
    else
      assert_int_equal(murk_view_update(g, pv[side]), MURK_OK);
    struct murk_view* v = pv[side];
    bool applied = false;
    for (int round = 0; !applied && round < 20; round++) {
      assert_int_equal(murk_policy_plan(player, v, &rng[side], round, &plan), MURK_OK);
      for (int i = 0; i < plan.n && !applied; i++) {
        struct murk_command c = plan.cmds[i];
        if (murk_game_apply(g, side, &c, reason, sizeof reason) != MURK_OK) continue;
        applied = true;
        if (twin && side == s) {
          /* The same command to the twin: while the answers agree they stay twins. */
          char rb[256];
          int rc = murk_game_apply(twin, side, &c, rb, sizeof rb);
          bool keep = rc == MURK_OK;
          if (keep) {
            bclear(&ka);
            bclear(&kb);
            dump_knowledge(&ka, g, s, ev_from);
            dump_knowledge(&kb, twin, s, ev_from);
            keep = strcmp(ka.p, kb.p) == 0 && truth_differs(g, twin, murk_side_other(s));
          }
          if (!keep) {
            murk_game_free(twin);
            twin = NULL;
          }
        }
      }
    }
    if (!applied && player != MURK_POLICY_RANDOM) {
      /* A player other than random ends a stuck step the way the driver does. */
      struct murk_command end;
      memset(&end, 0, sizeof end);
      end.kind = MURK_CMD_END;
      end.at.x = end.at.y = end.at2.x = end.at2.y = -1;
      applied = murk_game_apply(g, side, &end, reason, sizeof reason) == MURK_OK;
      if (applied && twin && side == s &&
          murk_game_apply(twin, side, &end, reason, sizeof reason) != MURK_OK) {
        murk_game_free(twin);
        twin = NULL;
      }
    }
    if (!applied) break;
  }
  murk_game_free(twin);
  murk_game_free(shadow);
  free(sn);
  for (int sd = 0; sd < MURK_SIDES; sd++) murk_view_free(pv[sd]);
  murk_policy_plan_free(&plan);
  free(ka.p);
  free(kb.p);
  murk_game_free(g);
}

static long env_long(const char* name, long dflt) {
  const char* s = getenv(name);
  return s && *s ? strtol(s, NULL, 10) : dflt;
}

static struct twins_run* run_new(long budget) {
  struct twins_run* r = calloc(1, sizeof *r);
  assert_non_null(r);
  r->sn = malloc(sizeof *r->sn);
  assert_non_null(r->sn);
  r->budget = budget;
  /* `make test`'s short run tries fewer commands at each state, so its budget reaches more
   * states, games and later turns (some 290 pairs, 280 states); the light run keeps the
   * cheaper spread of the long one. */
  r->per_state = env_long("TWINS_PER_STATE", SOAK_COUNT(150, 75, 150));
  r->verbose = env_long("TWINS_VERBOSE", 0) != 0;
  return r;
}

static void run_free(struct twins_run* r) {
  free(r->a.after.p);
  free(r->b.after.p);
  free(r->a.ev.p);
  free(r->b.ev.p);
  free(r->sn);
  free(r);
}

static void run_report(const struct twins_run* r, const char* what) {
  fprintf(stderr,
          "twins %s: %ld pairs (%ld on the table, %ld swapped markers), %ld states (%ld "
          "placing, %ld of a wing), %ld commands, %ld plans, %ld differences\n",
          what, r->pairs, r->hidden, r->fog, r->states, r->placing, r->placing_wing, r->tries,
          r->plans, r->diffs);
  for (int i = 0; i < r->nfirst; i++) fprintf(stderr, "  %s\n", r->first[i]);
}

/* ---- the missions ---- */

static const char* const bundled[] = {
    "luneville",
    "li-hohenfeld",
    "night-saint-aubin",
    "relay-station-dusk",
    "no-mans-land",
    "cauldron",
    "hasty-attack",
    "hold-the-line",
    "counterattack",
    "pincer",
    "no-retreat",
    "surrounded",
    "fighting-withdrawal",
    "hive-gate",
    "luneville-double-blind",
    "night-saint-aubin-double-blind",
};
#define NBUNDLED (sizeof bundled / sizeof bundled[0])

/* Small missions that combine rules: fog of war at night, deep strike into fog, ambush in
 * the dark; Limited Intelligence at night is a bundled mission with a rule added (below). */
#define TW_NIGHT "  night_fighting: {sight: 2d6, unit: 5cm, scatter: 2d6, unseen_scatter: d6}\n"
/* Each side has a platoon that may deep strike (Flames of War's Deep Strike) and one to lie
 * in ambush. */
#define TW_FORCES                                                                                 \
  "forces:\n"                                                                                     \
  "  attacker:\n"                                                                                 \
  "    name: Red Force\n"                                                                         \
  "    dummies: 1\n"                                                                              \
  "    profiles:\n"                                                                               \
  "      lancer: {move: 20cm, range: 20cm, rof: 2, skill: 4, save: 4, motivation: 4}\n"           \
  "    platoons:\n"                                                                               \
  "      - {name: Alpha Lancers, command_distance: 10cm, teams: [{profile: lancer, count: 3}]}\n" \
  "      - {name: Bravo Jumpers, command_distance: 10cm, flags: [deep_strike],\n"                 \
  "         teams: [{profile: lancer, count: 4}]}\n"                                              \
  "      - {name: Charlie Lancers, command_distance: 10cm, teams: [{profile: lancer, count: "     \
  "2}]}\n"                                                                                        \
  "  defender:\n"                                                                                 \
  "    name: Blue Force\n"                                                                        \
  "    dummies: 1\n"                                                                              \
  "    profiles:\n"                                                                               \
  "      ranger: {move: 20cm, range: 20cm, rof: 2, skill: 4, save: 5, motivation: 4}\n"           \
  "    platoons:\n"                                                                               \
  "      - {name: Xenon Rangers, command_distance: 10cm, teams: [{profile: ranger, count: 4}]}\n" \
  "      - {name: Yodel Jumpers, command_distance: 10cm, flags: [deep_strike],\n"                 \
  "         teams: [{profile: ranger, count: 3}]}\n"                                              \
  "      - {name: Zulu Rangers, command_distance: 10cm, teams: [{profile: ranger, count: 2}]}\n"
static const char* const combos[] = {
    /* fog of war with night fighting */
    TF_MISSION_WITH(TW_NIGHT),
    /* deep strike into fog of war */
    TF_HEAD TF_SETUP
    "rules:\n  fog_of_war: {dummies: true}\n  deep_strike: {}\n  reserves: {score: 3}\n" TF_VIS
        TW_FORCES,
    /* ambush in the dark: fog of war, an ambush each, at night */
    TF_HEAD
    "setup: {sides: fixed, first_turn: attacker, attacker: {ambush: 1}, defender: {ambush: "
    "1}}\n"
    "rules:\n  fog_of_war: {dummies: true}\n  ambush: {platoons: 1}\n" TW_NIGHT TF_VIS TW_FORCES,
    /* the plain test mission */
    TF_MISSION,
    /* Limited Intelligence with what it now plays with: deep
     * strikers come down as wing leaders, random deployment rolls per leader, wings move
     * under the NVR's movement roll */
    TF_HEAD TF_SETUP
    "rules:\n  limited_intelligence: {}\n  deep_strike: {}\n  reserves: {score: 3}\n"
    "  random_deployment: {sections: 2}\n  nvr: {base: 2}\n" TF_VIS TW_FORCES,
};
#define NCOMBOS (sizeof combos / sizeof combos[0])

/* Bundled missions with a rule added under `rules:`: Limited Intelligence at night. */
static const char* const with_rule[][2] = {
    {"li-hohenfeld", TW_NIGHT},
    /* Limited Intelligence under the ASL night rules, a night of one hex: much of what stands
     * near a wing is unseen when it deploys */
    {"li-hohenfeld", "  nvr: {base: 1}\n"},
    /* The night rules together: the NVR with Night Fighting, and the NVR
     * under Dusk & Dawn with Concealment, the defender's hidden setup in both. */
    {"night-saint-aubin", TW_NIGHT},
    {"relay-station-dusk", "  nvr: {base: 2}\n"},
};
#define NWITH (sizeof with_rule / sizeof with_rule[0])

/* Each hidden-information rule with each other the pair table lets it play with: the rules
 * that hide something (what a marker holds, where units set up, what comes on later, what a
 * side sees) meet on the test field, with platoons that carry every flag those rules read
 * and belong to wings. "hidden_setup" is the night defender's hidden and "?" setup (the
 * ASL night rules, 1.2), under the NVR. */
static const char* const hiding[] = {
    "fog_of_war",   "limited_intelligence", "cloaking",   "hidden_setup",
    "double_blind", "deep_strike",          "infiltrate", "escalation"};
#define NHIDING (sizeof hiding / sizeof hiding[0])
#define TWP_SIDE(side, name, prof)                                              \
  "  " side                                                                     \
  ":\n"                                                                         \
  "    name: " name                                                             \
  "\n"                                                                          \
  "    dummies: 1\n"                                                            \
  "    profiles:\n"                                                             \
  "      " prof                                                                 \
  ": {move: 20cm, range: 20cm, rof: 2, skill: 4, save: 4, motivation: 4}\n"     \
  "      " prof                                                                 \
  "tank: {move: 30cm, range: 30cm, rof: 2, skill: 4, save: 3, motivation: 4}\n" \
  "    platoons:\n"                                                             \
  "      - {name: " name                                                        \
  " One, command_distance: 10cm, flags: [infantry], wing: left,\n"              \
  "         teams: [{profile: " prof                                            \
  ", count: 3}]}\n"                                                             \
  "      - {name: " name                                                        \
  " Two, command_distance: 10cm, flags: [infantry, infiltrate],\n"              \
  "         wing: left, teams: [{profile: " prof                                \
  ", count: 2}]}\n"                                                             \
  "      - {name: " name                                                        \
  " Three, command_distance: 10cm, flags: [infantry, deep_strike],\n"           \
  "         wing: right, teams: [{profile: " prof                               \
  ", count: 3}]}\n"                                                             \
  "      - {name: " name                                                        \
  " Four, command_distance: 10cm, flags: [vehicle], wing: right,\n"             \
  "         teams: [{profile: " prof "tank, count: 2}]}\n"
#define TWP_FORCES \
  "forces:\n" TWP_SIDE("attacker", "Red", "lancer") TWP_SIDE("defender", "Blue", "ranger")
#define NPAIRS (NHIDING * (NHIDING - 1) / 2)

/* The rules section for hidden-information rules a and b (hiding[]), or NULL when the pair
 * table refuses them together. */
static const char* pair_rules(size_t a, size_t b, char* out, size_t n) {
  const char* rn[2] = {hiding[a], hiding[b]};
  bool night = false, reserves = false;
  size_t len = (size_t)snprintf(out, n, "rules:\n");
  enum murk_rule_id id[2];
  for (int k = 0; k < 2; k++) {
    bool hs = strcmp(rn[k], "hidden_setup") == 0;
    id[k] = hs ? MURK_RULE_NVR : murk_rule_lookup(rn[k]);
    assert_true(id[k] != MURK_RULE_COUNT);
    if (hs || strcmp(rn[k], "cloaking") == 0) night = true;
    if (strcmp(rn[k], "escalation") == 0 || strcmp(rn[k], "deep_strike") == 0) reserves = true;
    if (!hs) len += (size_t)snprintf(out + len, n - len, "  %s: {}\n", rn[k]);
  }
  if (murk_rule_pair(id[0], id[1], NULL) == MURK_PAIR_REFUSED) return NULL;
  bool hidden = strcmp(rn[0], "hidden_setup") == 0 || strcmp(rn[1], "hidden_setup") == 0;
  if (night)
    len += (size_t)snprintf(out + len, n - len, "  nvr: {base: 3, concealed_setup: %s%s}\n",
                            hidden ? "true" : "false", hidden ? ", hidden_share: 50" : "");
  if (reserves) len += (size_t)snprintf(out + len, n - len, "  reserves: {score: 3}\n");
  return out;
}

/* Pair k of hiding[] (in order a < b): its mission, or NULL when refused; its name. */
static struct murk_mission* load_pair(size_t k, char* name, size_t n) {
  size_t a = 0, b = 1;
  for (size_t i = 0; i < k; i++)
    if (++b == NHIDING) b = ++a + 1;
  snprintf(name, n, "%s+%s", hiding[a], hiding[b]);
  char rules[512];
  if (!pair_rules(a, b, rules, sizeof rules)) return NULL;
  static char yaml[16384];
  snprintf(yaml, sizeof yaml, "%s%s%s%s%s", TF_HEAD, TF_SETUP, rules, TF_VIS, TWP_FORCES);
  return load_yaml(yaml);
}

static struct murk_mission* load_with_rule(const char* name, const char* rule) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s.yaml", MISSIONS, name);
  FILE* f = fopen(path, "rb");
  assert_non_null(f);
  static char text[65536], out[65536 + 512];
  size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = '\0';
  char* at = strstr(text, "\nrules:\n");
  assert_non_null(at);
  at += strlen("\nrules:\n");
  snprintf(out, sizeof out, "%.*s%s%s", (int)(at - text), text, rule, at);
  return load_yaml(out);
}

static long total_tries, total_diffs;

/* The battery over every mission, S played by `pol`, with `budget` tries in all. */
static void run_missions(enum murk_policy pol, long budget);

static void run_all(void** state) {
  (void)state;
  run_missions(MURK_POLICY_RANDOM, TWINS_BUDGET_FOR_RUN);
}

/* The computer opponent as the side under test: its commands are a function of
 * its view (and its own generator), so twins get the same plans from it; the battery runs
 * on the states its play leads to. A twentieth of the budget. */
static void run_computer(void** state) {
  (void)state;
  run_missions(MURK_POLICY_COMPUTER, TWINS_BUDGET_FOR_RUN / 20);
}

static void run_missions(enum murk_policy pol, long budget) {
  long per_mission = budget / (long)(NBUNDLED + NCOMBOS + NWITH + NPAIRS);
  struct twins_run* all = run_new(budget);
  const char* only = getenv("TWINS_ONLY"); /* one mission by name, while working on it */
  int pairs_played = 0;
  for (size_t i = 0; i < NBUNDLED + NCOMBOS + NWITH + NPAIRS; i++) {
    struct murk_mission* m = NULL;
    char name[64];
    if (i >= NBUNDLED + NCOMBOS + NWITH) {
      m = load_pair(i - NBUNDLED - NCOMBOS - NWITH, name, sizeof name);
      if (!m) continue; /* refused by the pair table */
      pairs_played++;
    } else if (i < NBUNDLED) {
      char path[512];
      snprintf(path, sizeof path, "%s/%s.yaml", MISSIONS, bundled[i]);
      struct murk_diags d;
      murk_diags_init(&d, path);
      assert_int_equal(murk_mission_load(path, &m, &d), MURK_OK);
      snprintf(name, sizeof name, "%s", bundled[i]);
    } else if (i < NBUNDLED + NCOMBOS) {
      m = load_yaml(combos[i - NBUNDLED]);
      snprintf(name, sizeof name, "combo-%zu", i - NBUNDLED);
    } else {
      m = load_with_rule(with_rule[i - NBUNDLED - NCOMBOS][0],
                         with_rule[i - NBUNDLED - NCOMBOS][1]);
      snprintf(name, sizeof name, "%s+%s", with_rule[i - NBUNDLED - NCOMBOS][0],
               strstr(with_rule[i - NBUNDLED - NCOMBOS][1], "nvr") ? "nvr" : "night");
    }
    if (only && *only && strcmp(only, name) != 0) {
      murk_mission_free(m);
      continue;
    }
    assert_int_equal(murk_sight_cache_new(m, &cache), MURK_OK);
    struct twins_run* r = run_new(per_mission);
    /* Games enough for the budget, but not without end where twins are rare (a mission
     * that hides little: most of the table is public, docs/rules.md "Sight"). */
    long cap = per_mission / 100, least = TEST_COUNT(8, 4);
    uint64_t seeds = (uint64_t)(cap < least ? least : cap > 400 ? 400 : cap);
    /* A mission whose twins S could not tell apart are not found in a few games hides
     * little that play moves (its table is public): on to the next. */
    for (uint64_t seed = 1; r->tries < r->budget && seed < seeds && (seed <= 3 || r->pairs > 0);
         seed++)
      twins_game(r, m, name, seed, seed % 2 ? MURK_ATTACKER : MURK_DEFENDER, pol, 4000);
    run_report(r, name);
    all->tries += r->tries;
    all->diffs += r->diffs;
    all->pairs += r->pairs;
    all->hidden += r->hidden;
    all->states += r->states;
    all->plans += r->plans;
    all->placing += r->placing;
    all->placing_wing += r->placing_wing;
    all->fog += r->fog;
    for (int k = 0; k < r->nfirst && all->nfirst < 8; k++)
      snprintf(all->first[all->nfirst++], sizeof all->first[0], "%s", r->first[k]);
    run_free(r);
    murk_sight_cache_free(cache);
    cache = NULL;
    murk_mission_free(m);
  }
  /* Every pair of hidden-information rules but those the table refuses (Fog of War and
   * Limited Intelligence each with cloaking). */
  if (!only || !*only) assert_int_equal(pairs_played, (int)NPAIRS - 2);
  run_report(all, pol == MURK_POLICY_RANDOM ? "in all" : "in all, the computer under test");
  total_tries = all->tries;
  total_diffs = all->diffs;
  long plans = all->plans, placing = all->placing, placing_wing = all->placing_wing;
  run_free(all);
  /* `place` (the owner placing a spotted platoon, a Limited Intelligence wing's among them)
   * was put to twins. */
  if (pol == MURK_POLICY_RANDOM && (!only || !*only)) {
    assert_true(placing > 0);
    assert_true(placing_wing > 0);
  }
  assert_true(total_tries > 0);
  if (pol != MURK_POLICY_RANDOM) assert_true(plans > 0);
  assert_int_equal(total_diffs, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(run_all),
      cmocka_unit_test(run_computer),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
