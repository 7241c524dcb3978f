/* cmd_sim.c: `murk sim` - whole games played headless by simple policies (src/sim/sim.h), and
 * what they add up to (docs/commands.md, "Batch games").
 *
 *   murk sim MISSION... [--games N] [--seed S] [--policy P[,P]] [--max-commands N]
 *            [--max-turns N] [--time] [--trace]
 *   murk sim --all ...
 *
 * --time says how long the games took (stderr); --trace prints every command tried, and
 * why the game refused it, to stderr.
 *
 * Game i of a mission is seeded S+i; each side's policy reads only that side's view. A game
 * that does not reach a result within the command cap, or where a policy finds nothing the
 * game will accept, is a failure: reported on stderr, counted, and the exit code is 1. It is
 * a bug to report (in the rules or in the policies), not something to hide. A game still
 * going when a turn past --max-turns would begin is stopped and counted as unfinished, apart
 * from the wins: the missions end only as their texts say, which may take long with these
 * players, and a cap of ours must never decide a winner. Everything on
 * stdout is a function of the arguments (no times, no addresses), so runs can be compared. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"
#include "missions.h"
#include "murk/alloc.h"
#include "murk/command.h"
#include "murk/diag.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"
#include "murk/sight.h"
#include "murk/view.h"
#include "sim.h"
#include "simout.h"
#include "text.h"

#define DEFAULT_GAMES 100
#define MAX_GAMES 1000000
/* Histogram rows: turns 1..HIST_TURNS-1, and one row for anything later. */
#define HIST_TURNS 41
#define BAR_WIDTH 40

struct sim_opts {
  long games;
  uint64_t seed;
  enum murk_policy policy[MURK_SIDES];
  long max_commands;
  int max_turns; /* a game about to start a later turn is stopped, unfinished */
  int last_turn; /* --last-turn: every game ends after this turn (murk_game_set_last_turn) */
  bool timing;
  bool trace;         /* every command tried, on stderr */
  struct simout* out; /* --format csv|json: every game there, no text tables */
  const char* with;   /* rules added to every mission (--with), or "" */
};

/* One game as it ended. */
struct game_result {
  bool unfinished; /* stopped at the turn cap: no winner, no points */
  enum murk_side winner;
  enum murk_ended ended; /* how it ended (game.h) */
  int vp[MURK_SIDES];
  int turns;     /* the last turn anyone acted in */
  long commands; /* applied */
  long rejected; /* commands the game refused */
  int arrivals[HIST_TURNS];
};

struct mission_stats {
  long games, failed;
  long unfinished;              /* stopped at the turn cap, apart from games */
  long wins[3];                 /* attacker, defender, no winner */
  long ended[MURK_ENDED_COUNT]; /* how the games ended, by name */
  long vp[MURK_SIDES];
  long turns_sum;
  int turns_min, turns_max;
  long length[HIST_TURNS];
  long arrivals, arrival_sum;
  long arrival[HIST_TURNS];
  long commands, rejected;
};

/* ---- arguments ---- */

/* "greedy" (both sides) or "random,greedy" (attacker, defender). */
static bool parse_policies(const char* s, enum murk_policy out[MURK_SIDES]) {
  char a[32];
  const char* comma = strchr(s, ',');
  size_t n = comma ? (size_t)(comma - s) : strlen(s);
  if (n >= sizeof a) return false;
  memcpy(a, s, n);
  a[n] = '\0';
  if (murk_policy_parse(a, &out[MURK_ATTACKER]) != MURK_OK) return false;
  if (!comma) {
    out[MURK_DEFENDER] = out[MURK_ATTACKER];
    return true;
  }
  return murk_policy_parse(comma + 1, &out[MURK_DEFENDER]) == MURK_OK;
}

/* ---- missions ---- */

/* ---- one game ---- */

/* Reserve arrivals, as each side sees its own roster: a platoon held off the table (in
 * reserve, or in ambush) that is anything else during play came on in the turn its side's
 * view first shows it (deep strikes that scatter off the table included). No event text
 * is read, so new wordings and new ways of arriving count alike. */
struct roster_watch {
  bool off[MURK_MISSION_MAX_PLATOONS];
};

static void watch_roster(struct roster_watch* w, const struct murk_view* v, int turn,
                         struct game_result* r) {
  for (int i = 0; i < v->nplatoons; i++) {
    int k = v->platoons[i].index;
    if (k < 0 || k >= MURK_MISSION_MAX_PLATOONS) continue;
    enum murk_platoon_state st = v->platoons[i].state;
    bool off = st == MURK_PLATOON_RESERVE;
    if (w->off[k] && !off && st != MURK_PLATOON_WAITING && turn >= 1)
      r->arrivals[turn < HIST_TURNS ? turn : HIST_TURNS - 1]++;
    w->off[k] = off;
  }
}

/* --trace: every command offered, and why the game refused it, on stderr. */
struct tracer {
  const char* id;
  uint64_t seed;
};

static void trace_try(void* ctx, enum murk_side side, const struct murk_command* c, int rc,
                      const char* reason) {
  const struct tracer* t = ctx;
  char line[256], id[1024], why[1024];
  murk_command_format(c, line, sizeof line);
  /* The id and the refusal quote the mission file: escaped as everything murk prints. */
  if (rc == MURK_OK)
    fprintf(stderr, "%s seed %" PRIu64 ": %s: %s\n", murk_cli_escape(t->id, id, sizeof id), t->seed,
            murk_side_name(side), line);
  else
    fprintf(stderr, "    refused: %s: %s\n", line, murk_cli_escape(reason, why, sizeof why));
}

/* Play game `seed` to its end (the players and the driver of sim.h). Returns MURK_OK (r
 * filled), MURK_EREJECTED (the game did not finish: why says how) or another error (why
 * says what). */
static int play_one(const struct murk_mission* m, struct murk_sight_cache* cache, uint64_t seed,
                    const struct sim_opts* o, struct murk_sim* sim, struct game_result* r,
                    char* why, size_t whylen) {
  memset(r, 0, sizeof *r);
  why[0] = '\0';
  struct murk_game* g = NULL;
  int rc = murk_game_new(m, seed, &g);
  if (rc != MURK_OK) {
    snprintf(why, whylen, "cannot start the game: %s", murk_strerror(rc));
    return rc;
  }
  if (o->last_turn > 0) murk_game_set_last_turn(g, o->last_turn);
  if (cache) murk_game_use_sight_cache(g, cache); /* the same answers, computed once */
  /* One sim per mission keeps its plan's memory from game to game; views are per game. */
  murk_sim_next_game(sim, g, seed);
  struct tracer tr = {m->id, seed};
  if (o->trace) {
    sim->trace = trace_try;
    sim->trace_ctx = &tr;
  }
  struct roster_watch watch[MURK_SIDES];
  memset(watch, 0, sizeof watch);
  for (;;) {
    enum murk_side side = murk_game_to_act(g);
    if (side == MURK_NO_SIDE) break;
    if (murk_sim_past_turns(g, o->max_turns)) {
      r->unfinished = true;
      break;
    }
    if (r->commands >= o->max_commands) {
      struct murk_view* v = NULL;
      char where[200] = "";
      if (murk_view_build(g, MURK_NO_SIDE, &v) == MURK_OK)
        snprintf(where, sizeof where, "%s", v->prompt);
      murk_view_free(v);
      snprintf(why, whylen, "no result after %ld commands (%s)", o->max_commands, where);
      rc = MURK_EREJECTED;
      goto out;
    }
    /* The decision refreshes the side's view (once); the statistics read that same view. */
    rc = murk_sim_step(sim);
    const struct murk_view* v = sim->views[side];
    if (!v) {
      snprintf(why, whylen, "cannot build the %s's view: %s", murk_side_name(side),
               murk_strerror(rc));
      goto out;
    }
    if (v->phase == MURK_PHASE_PLAY && v->turn > r->turns) r->turns = v->turn;
    watch_roster(&watch[side], v, v->phase == MURK_PHASE_PLAY ? v->turn : 0, r);
    if (rc == MURK_EREJECTED) {
      /* The players' views are lean (no words): the prompt from a full view of the same
       * game (nothing was taken). */
      struct murk_view* full = NULL;
      (void)murk_view_build(g, side, &full);
      snprintf(why, whylen, "stuck: %d tries refused, then 'end' (%s): %s", MURK_SIM_MAX_TRIES,
               full ? full->prompt : "", sim->reason);
      murk_view_free(full);
      goto out;
    }
    if (rc != MURK_OK) {
      snprintf(why, whylen, "the %s policy failed: %s%s%s", murk_policy_name(o->policy[side]),
               murk_strerror(rc), sim->reason[0] ? ": " : "", sim->reason);
      goto out;
    }
    r->commands++;
  }
  if (o->trace) {
    char id[1024], res[1024];
    fprintf(stderr, "%s seed %" PRIu64 ": %s\n", murk_cli_escape(m->id, id, sizeof id), seed,
            murk_cli_escape(murk_game_result(g), res, sizeof res));
  }
  r->winner = r->unfinished ? MURK_NO_SIDE : murk_game_winner(g);
  r->ended = r->unfinished ? MURK_ENDED_NONE : murk_game_ended(g);
  for (int s = 0; s < MURK_SIDES && !r->unfinished; s++)
    r->vp[s] = murk_game_vp(g, (enum murk_side)s);
  /* Arrivals since each side last looked, in the last turn played. */
  for (int s = 0; s < MURK_SIDES && rc == MURK_OK; s++) {
    const struct murk_view* v = NULL;
    rc = murk_sim_view(sim, (enum murk_side)s, &v);
    if (rc == MURK_OK)
      watch_roster(&watch[s], v, r->turns, r);
    else
      snprintf(why, whylen, "%s", murk_strerror(rc));
  }
out:
  r->rejected = sim->tally.refused;
  murk_sim_next_game(sim, NULL, 0); /* the views are kept, refilled by the next game */
  murk_game_free(g);
  return rc;
}

/* ---- what the games add up to ---- */

static void add_result(struct mission_stats* st, const struct game_result* r) {
  if (r->unfinished) {
    st->unfinished++;
    return;
  }
  st->games++;
  int w = r->winner == MURK_ATTACKER ? 0 : r->winner == MURK_DEFENDER ? 1 : 2;
  st->wins[w]++;
  if ((unsigned)r->ended < MURK_ENDED_COUNT) st->ended[r->ended]++;
  for (int s = 0; s < MURK_SIDES; s++) st->vp[s] += r->vp[s];
  st->turns_sum += r->turns;
  if (st->games == 1 || r->turns < st->turns_min) st->turns_min = r->turns;
  if (st->games == 1 || r->turns > st->turns_max) st->turns_max = r->turns;
  st->length[r->turns < HIST_TURNS ? (r->turns > 0 ? r->turns : 0) : HIST_TURNS - 1]++;
  for (int t = 0; t < HIST_TURNS; t++) {
    st->arrival[t] += r->arrivals[t];
    st->arrivals += r->arrivals[t];
    st->arrival_sum += (long)t * r->arrivals[t];
  }
  st->commands += r->commands;
  st->rejected += r->rejected;
}

/* sum / n to one decimal, rounded, as text ("3.4"; "-" when n is 0). Integers only, so the
 * output is the same everywhere. */
static const char* avg(long sum, long n, char* buf, size_t len) {
  if (n <= 0) {
    snprintf(buf, len, "-");
    return buf;
  }
  long tenths = (sum * 10 + n / 2) / n;
  snprintf(buf, len, "%ld.%ld", tenths / 10, tenths % 10);
  return buf;
}

static void bar_chart(FILE* f, const char* title, const long* counts) {
  int lo = -1, hi = -1;
  long max = 0;
  for (int t = 0; t < HIST_TURNS; t++) {
    if (counts[t] == 0) continue;
    if (lo < 0) lo = t;
    hi = t;
    if (counts[t] > max) max = counts[t];
  }
  fprintf(f, "  %s\n", title);
  if (lo < 0) {
    fprintf(f, "    (none)\n");
    return;
  }
  for (int t = lo; t <= hi; t++) {
    /* At least one mark for any count, so a rare value still shows. */
    long len = counts[t] == 0 ? 0 : (counts[t] * BAR_WIDTH + max - 1) / max;
    char bar[BAR_WIDTH + 1];
    memset(bar, '#', (size_t)len);
    bar[len] = '\0';
    char label[sizeof "-2147483648+"]; /* any int, so no turn count is cut */
    snprintf(label, sizeof label, t == HIST_TURNS - 1 ? "%d+" : "%d", t);
    fprintf(f, "    %4s | %-*s %ld\n", label, BAR_WIDTH, bar, counts[t]);
  }
}

static void print_stats(FILE* f, const struct murk_mission* m, const struct sim_opts* o,
                        const struct mission_stats* st) {
  char a[32], b[32];
  char id[4 * MURK_NAME], name[4 * MURK_NAME];
  murk_cli_escape(m->id, id, sizeof id);
  murk_cli_escape(m->name, name, sizeof name);
  fprintf(f, "%s: %s, %ld game%s (seeds %" PRIu64 "-%" PRIu64 "), %s v %s\n", id, name, o->games,
          o->games == 1 ? "" : "s", o->seed, o->seed + (uint64_t)o->games - 1,
          murk_policy_name(o->policy[MURK_ATTACKER]), murk_policy_name(o->policy[MURK_DEFENDER]));
  fprintf(f, "  %-14s %9s %9s %10s\n", "", "attacker", "defender", "no winner");
  fprintf(f, "  %-14s %9ld %9ld %10ld\n", "wins", st->wins[0], st->wins[1], st->wins[2]);
  fprintf(f, "  %-14s %9s %9s\n", "average VP", avg(st->vp[0], st->games, a, sizeof a),
          avg(st->vp[1], st->games, b, sizeof b));
  if (st->games > 0) {
    /* How the games ended, by name: only the ends that happened. */
    fprintf(f, "  %-14s", "ends");
    const char* sep = " ";
    for (int k = 1; k < MURK_ENDED_COUNT; k++)
      if (st->ended[k]) {
        fprintf(f, "%s%s %ld", sep, murk_ended_name((enum murk_ended)k), st->ended[k]);
        sep = ", ";
      }
    fputc('\n', f);
  }
  if (st->games > 0)
    fprintf(f, "  %-14s %s turns on average (%d to %d)\n", "length",
            avg(st->turns_sum, st->games, a, sizeof a), st->turns_min, st->turns_max);
  if (st->arrivals > 0) {
    int lo = 0, hi = 0;
    for (int t = 0; t < HIST_TURNS; t++)
      if (st->arrival[t]) {
        if (!lo) lo = t;
        hi = t;
      }
    fprintf(f, "  %-14s %ld arrival%s, turns %d to %d (%s on average)\n", "reserves", st->arrivals,
            st->arrivals == 1 ? "" : "s", lo, hi, avg(st->arrival_sum, st->arrivals, a, sizeof a));
  } else {
    fprintf(f, "  %-14s no arrivals\n", "reserves");
  }
  fprintf(f, "  %-14s %s a game on average, %s refused", "commands",
          avg(st->commands, st->games, a, sizeof a), avg(st->rejected, st->games, b, sizeof b));
  fputc('\n', f);
  /* No number: merged runs do not know the cap their games were played with. */
  if (st->unfinished)
    fprintf(f, "  %-14s %ld game%s still going at the turn cap: no winner, not counted above\n",
            "unfinished", st->unfinished, st->unfinished == 1 ? "" : "s");
  if (st->failed)
    fprintf(f, "  %-14s %ld game%s did not finish\n", "FAILED", st->failed,
            st->failed == 1 ? "" : "s");
  bar_chart(f, "game length (turns)", st->length);
  bar_chart(f, "reserve arrival turn", st->arrival);
}

struct summary_row {
  char id[MURK_NAME];
  struct mission_stats st;
  bool loaded;
};

static void print_summary(FILE* f, const struct summary_row* rows, int n) {
  char a[32], b[32], c[32];
  int w = 20; /* the ids' column: at least 20, as wide as the longest id */
  for (int i = 0; i < n; i++)
    if ((int)strlen(rows[i].id) > w) w = (int)strlen(rows[i].id);
  fprintf(f, "%-*s %6s %6s %6s %6s %6s %6s %7s %7s %6s %8s\n", w, "mission", "games", "failed",
          "att", "def", "none", "unfin", "VP att", "VP def", "turns", "arrivals");
  for (int i = 0; i < n; i++) {
    const struct mission_stats* st = &rows[i].st;
    if (!rows[i].loaded) {
      fprintf(f, "%-*s %6s (does not load)\n", w, rows[i].id, "-");
      continue;
    }
    fprintf(f, "%-*s %6ld %6ld %6ld %6ld %6ld %6ld %7s %7s %6s %8ld\n", w, rows[i].id,
            st->games + st->failed + st->unfinished, st->failed, st->wins[0], st->wins[1],
            st->wins[2], st->unfinished, avg(st->vp[0], st->games, a, sizeof a),
            avg(st->vp[1], st->games, b, sizeof b), avg(st->turns_sum, st->games, c, sizeof c),
            st->arrivals);
  }
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- --format csv|json and --merge (simout.h) ---- */

/* One game (r NULL: it did not finish) as a row of the output. */
static void emit_game(const struct sim_opts* o, const char* id, uint64_t seed,
                      const struct game_result* r) {
  struct simout_game g;
  memset(&g, 0, sizeof g);
  murk_cli_escape(id, g.mission, sizeof g.mission);
  g.seed = seed;
  for (int s = 0; s < MURK_SIDES; s++)
    snprintf(g.policy[s], sizeof g.policy[s], "%s", murk_policy_name(o->policy[s]));
  g.finished = r != NULL && !r->unfinished;
  g.capped = r != NULL && r->unfinished;
  g.winner = 2;
  if (r && r->unfinished) {
    g.turns = r->turns;
    g.commands = r->commands, g.rejected = r->rejected;
  } else if (r) {
    g.winner = r->winner == MURK_ATTACKER ? 0 : r->winner == MURK_DEFENDER ? 1 : 2;
    g.ended = (int)r->ended;
    g.vp[0] = r->vp[MURK_ATTACKER], g.vp[1] = r->vp[MURK_DEFENDER];
    g.turns = r->turns;
    g.commands = r->commands, g.rejected = r->rejected;
    for (int t = 0; t < HIST_TURNS && t < SIMOUT_TURNS; t++) g.arrivals[t] = r->arrivals[t];
  }
  simout_game(o->out, &g);
}

static int by_mission_seed(const void* a, const void* b) {
  const struct simout_game *x = a, *y = b;
  return x->seed < y->seed ? -1 : x->seed > y->seed;
}

/* murk sim --merge FILE...: the games of split runs, as one run would print them. Missions
 * in the order they first appear, each one's games by seed. */
static int sim_merge(const struct murk_args* a, enum simout_format format) {
  struct simout_game* rows = NULL;
  size_t n = 0, cap = 0;
  for (int i = 0; i < a->argc; i++) {
    if (!simout_read_csv(a->argv[i], &rows, &n, &cap)) {
      murk_free(rows);
      return MURK_EXIT_INVALID;
    }
  }
  if (n == 0) {
    murk_free(rows);
    return murk_cli_error("no games in the files to merge");
  }
  /* Group by mission, stable, in order of first appearance; then by seed. */
  struct simout_game* sorted = murk_calloc(n, sizeof *sorted);
  bool* taken = murk_calloc(n, sizeof *taken);
  struct summary_row* sum = murk_calloc(n, sizeof *sum);
  struct murk_mission* mm = murk_calloc(1, sizeof *mm);
  if (!sorted || !taken || !sum || !mm) {
    murk_free(rows), murk_free(sorted), murk_free(taken), murk_free(sum), murk_free(mm);
    return murk_cli_error("out of memory");
  }
  size_t k = 0;
  int nmissions = 0, rc = MURK_EXIT_OK;
  struct simout out;
  if (format != SIMOUT_TEXT) simout_begin(&out, format, stdout);
  for (size_t i = 0; i < n; i++) {
    if (taken[i]) continue;
    size_t start = k;
    for (size_t j = i; j < n; j++)
      if (!taken[j] && strcmp(rows[j].mission, rows[i].mission) == 0)
        sorted[k++] = rows[j], taken[j] = true;
    qsort(sorted + start, k - start, sizeof *sorted, by_mission_seed);
    struct sim_opts o = {(long)(k - start),
                         sorted[start].seed,
                         {MURK_POLICY_GREEDY, MURK_POLICY_GREEDY},
                         0,
                         MURK_SIM_MAX_TURNS,
                         0,
                         false,
                         false,
                         NULL,
                         ""};
    for (size_t j = start; j < k; j++) {
      for (int s = 0; s < MURK_SIDES; s++) {
        enum murk_policy p;
        if (murk_policy_parse(sorted[j].policy[s], &p) != MURK_OK ||
            (j > start && strcmp(sorted[j].policy[s], sorted[start].policy[s]) != 0)) {
          murk_cli_error("%s seed %" PRIu64
                         ": policy '%s' (expected random, greedy or computer, the same in "
                         "every game of a mission)",
                         sorted[j].mission, sorted[j].seed, sorted[j].policy[s]);
          rc = MURK_EXIT_INVALID;
          goto out;
        }
        o.policy[s] = p;
      }
      if (j > start && sorted[j].seed == sorted[j - 1].seed) {
        murk_cli_error("%s seed %" PRIu64 " is in the files twice (split runs must not overlap)",
                       sorted[j].mission, sorted[j].seed);
        rc = MURK_EXIT_INVALID;
        goto out;
      }
    }
    struct summary_row* row = &sum[nmissions++];
    snprintf(row->id, sizeof row->id, "%.*s", (int)sizeof row->id - 1, sorted[start].mission);
    row->loaded = true;
    for (size_t j = start; j < k; j++) {
      const struct simout_game* g = &sorted[j];
      if (format != SIMOUT_TEXT) simout_game(&out, g);
      if (g->capped) {
        row->st.unfinished++;
        continue;
      }
      if (!g->finished) {
        row->st.failed++;
        continue;
      }
      struct game_result r;
      memset(&r, 0, sizeof r);
      r.winner = g->winner == 0 ? MURK_ATTACKER : g->winner == 1 ? MURK_DEFENDER : MURK_NO_SIDE;
      r.ended = (enum murk_ended)g->ended;
      r.vp[MURK_ATTACKER] = g->vp[0], r.vp[MURK_DEFENDER] = g->vp[1];
      r.turns = g->turns, r.commands = g->commands, r.rejected = g->rejected;
      for (int t = 0; t < HIST_TURNS && t < SIMOUT_TURNS; t++) r.arrivals[t] = g->arrivals[t];
      add_result(&row->st, &r);
    }
    if (row->st.failed) rc = MURK_EXIT_INVALID;
    if (format == SIMOUT_TEXT) {
      /* The mission's name from its file when it can be found; else its id. */
      char path[4096];
      struct murk_mission* m = NULL;
      struct murk_diags d;
      if (!murk_cli_mission_find(row->id, NULL, path, sizeof path) ||
          murk_mission_load(path, &m, &d) != MURK_OK)
        m = NULL;
      snprintf(mm->id, sizeof mm->id, "%.*s", (int)sizeof mm->id - 1, row->id);
      snprintf(mm->name, sizeof mm->name, "%.*s", (int)sizeof mm->name - 1, m ? m->name : row->id);
      murk_mission_free(m);
      if (nmissions > 1) fputc('\n', stdout);
      print_stats(stdout, mm, &o, &row->st);
    }
  }
  if (format == SIMOUT_TEXT && nmissions > 1) {
    fputc('\n', stdout);
    print_summary(stdout, sum, nmissions);
  }
out:
  if (format != SIMOUT_TEXT) simout_end(&out);
  fflush(stdout);
  murk_free(rows), murk_free(sorted), murk_free(taken), murk_free(sum), murk_free(mm);
  return rc;
}

/* Play one mission's games; prints its section. False if anything failed. */
static bool sim_mission(const char* arg, const struct sim_opts* o, struct summary_row* row,
                        long* played) {
  char path[4096];
  murk_cli_escape(arg, row->id, sizeof row->id);
  if (!murk_cli_mission_find(arg, NULL, path, sizeof path)) {
    murk_cli_mission_not_found(arg);
    return false;
  }
  struct murk_mission* m = NULL;
  struct murk_diags d;
  if (murk_mission_load(path, &m, &d) != MURK_OK) {
    murk_cli_print_diags(&d, stderr);
    return false;
  }
  if (murk_cli_with_add(m, o->with, "--with") != 0) {
    murk_mission_free(m);
    return false;
  }
  murk_cli_escape(m->id, row->id, sizeof row->id);
  row->loaded = true;
  struct mission_stats* st = &row->st;
  bool ok = true;
  struct murk_sim sim;
  murk_sim_init(&sim, NULL, o->policy[MURK_ATTACKER], o->policy[MURK_DEFENDER], o->seed);
  /* Fields of view depend on the terrain alone: every game of the mission shares them. Without
   * memory for the cache each game keeps its own. */
  struct murk_sight_cache* cache = NULL;
  (void)murk_sight_cache_new(m, &cache);
  for (long i = 0; i < o->games; i++) {
    uint64_t seed = o->seed + (uint64_t)i;
    struct game_result r;
    char why[1024];
    int rc = play_one(m, cache, seed, o, &sim, &r, why, sizeof why);
    (*played)++;
    if (o->out) emit_game(o, m->id, seed, rc == MURK_OK ? &r : NULL);
    if (rc != MURK_OK) {
      murk_cli_error("%s seed %" PRIu64 ": %s", m->id, seed, why);
      st->failed++;
      ok = false;
      if (rc != MURK_EREJECTED) break; /* out of memory and the like: stop this mission */
      continue;
    }
    add_result(st, &r);
  }
  murk_sim_free(&sim);
  murk_sight_cache_free(cache);
  if (!o->out) print_stats(stdout, m, o, st);
  fflush(stdout);
  murk_mission_free(m);
  return ok;
}

static int cmd_sim_exec(const struct murk_args* a) {
  struct sim_opts o = {DEFAULT_GAMES,
                       1,
                       {MURK_POLICY_GREEDY, MURK_POLICY_GREEDY},
                       MURK_SIM_MAX_COMMANDS,
                       MURK_SIM_MAX_TURNS,
                       0,
                       false,
                       false,
                       NULL,
                       ""};
  enum simout_format format = SIMOUT_TEXT;
  const char* fmt = murk_args_get(a, "format");
  if (fmt) {
    if (strcmp(fmt, "csv") == 0)
      format = SIMOUT_CSV;
    else if (strcmp(fmt, "json") == 0)
      format = SIMOUT_JSON;
    else if (strcmp(fmt, "text") != 0)
      return murk_args_error(a, "--format expects text, csv or json, got '%s'", fmt);
  }
  if (murk_args_has(a, "merge")) {
    if (a->argc == 0)
      return murk_args_error(a, "--merge needs the CSV files of the runs (murk sim --format csv)");
    if (murk_args_has(a, "all") || murk_args_has(a, "games") || murk_args_has(a, "seed") ||
        murk_args_has(a, "policy"))
      return murk_args_error(a,
                             "--merge reads games already played: no --all, --games, --seed "
                             "or --policy");
    return sim_merge(a, format);
  }
  char with[512];
  int wrc = murk_cli_with_list(a, with, sizeof with);
  if (wrc != 0) return wrc;
  o.with = with;
  o.timing = murk_args_has(a, "time");
  o.trace = murk_args_has(a, "trace");
  bool all = murk_args_has(a, "all");
  uint64_t u;
  if (murk_args_number(a, "games", 1, MAX_GAMES, &u) < 0) return MURK_EXIT_USAGE;
  o.games = murk_args_has(a, "games") ? (long)u : o.games;
  if (murk_args_number(a, "seed", 0, UINT64_MAX - MAX_GAMES, &o.seed) < 0) return MURK_EXIT_USAGE;
  if (murk_args_number(a, "max-commands", 1, 100000000, &u) < 0) return MURK_EXIT_USAGE;
  o.max_commands = murk_args_has(a, "max-commands") ? (long)u : o.max_commands;
  if (murk_args_number(a, "max-turns", 1, 10000, &u) < 0) return MURK_EXIT_USAGE;
  o.max_turns = murk_args_has(a, "max-turns") ? (int)u : o.max_turns;
  if (murk_args_number(a, "last-turn", 1, 100, &u) < 0) return MURK_EXIT_USAGE;
  o.last_turn = murk_args_has(a, "last-turn") ? (int)u : 0;
  const char* policy = murk_args_get(a, "policy");
  if (policy && !parse_policies(policy, o.policy))
    return murk_args_error(a,
                           "--policy expects random, greedy or computer, or two of them as "
                           "ATTACKER,DEFENDER (random,greedy), got '%s'",
                           policy);
  if (all && a->argc > 0) return murk_args_error(a, "give missions or --all, not both");
  if (!all && a->argc == 0)
    return murk_args_error(a, "sim needs a mission (an id from 'murk list', a file, or --all)");

  /* --all: the bundled missions, by file name. */
  size_t nfound = 0;
  char** found = NULL;
  const char* const* missions = (const char* const*)a->argv;
  int nmissions = a->argc, rc;
  if (all) {
    const char* dir = murk_cli_data_dir();
    found = murk_cli_mission_files(dir, &nfound);
    if (!found || nfound == 0) {
      murk_cli_mission_files_free(found, nfound);
      return murk_cli_error("no missions (*.yaml) in %s", dir);
    }
    missions = (const char* const*)found;
    nmissions = (int)nfound;
  }

  struct summary_row* rows = murk_calloc((size_t)nmissions, sizeof *rows);
  if (!rows) {
    fprintf(stderr, "murk: out of memory\n");
    rc = MURK_EXIT_INVALID;
    goto out;
  }
  bool ok = true;
  long played = 0;
  struct simout out;
  if (format != SIMOUT_TEXT) {
    simout_begin(&out, format, stdout);
    o.out = &out;
  }
  double t0 = now();
  for (int i = 0; i < nmissions; i++) {
    if (i > 0 && !o.out) fputc('\n', stdout);
    if (!sim_mission(missions[i], &o, &rows[i], &played)) ok = false;
  }
  double t1 = now();
  if (o.out) simout_end(&out);
  if (nmissions > 1 && !o.out) {
    fputc('\n', stdout);
    print_summary(stdout, rows, nmissions);
  }
  fflush(stdout);
  if (o.timing) {
    double s = t1 - t0;
    fprintf(stderr, "murk: %ld game%s in %.2f s (%.1f games/s)\n", played, played == 1 ? "" : "s",
            s, s > 0 ? (double)played / s : 0.0);
  }
  rc = ok ? MURK_EXIT_OK : MURK_EXIT_INVALID;
  murk_free(rows);
out:
  murk_cli_mission_files_free(found, nfound);
  return rc;
}

const struct murk_cmd_entry murk_cmd_sim_entry = {
    .name = "sim",
    .usage =
        "MISSION... [--games N] [--seed S] [--policy P[,P]] [--max-commands N] [--max-turns N]\n"
        "           [--with RULE]... [--last-turn N] [--time] [--trace] [--format text|csv|json]\n"
        "--all [the same options]\n"
        "--merge FILE... [--format text|csv|json]",
    .about = "play whole games with simple policies, print results",
    .help =
        "MISSION is a bundled mission's id (murk list) or a mission file. A policy is random,\n"
        "greedy or computer (the opponent of murk play --vs computer), for both sides, or two\n"
        "as ATTACKER,DEFENDER (random,greedy).\n"
        "--format csv prints one row per game, json the games and each mission's totals\n"
        "(docs/commands.md, \"Batch games\"). A run split by seed ranges over several machines\n"
        "merges: --merge reads their CSV files and prints what one run over all those seeds\n"
        "prints.\n"
        "A game still going when turn --max-turns (40 unless said) is over is stopped and\n"
        "counted as unfinished, never as a win: the missions end only as their texts say.\n"
        "--with RULE adds a special rule to every mission played, as murk play --with does.\n"
        "--last-turn N ends every game after turn N, as murk play --last-turn does: the\n"
        "mission's rule for a game without a winner decides.\n",
    .args = {"all games: seed: policy: max-commands: max-turns: last-turn: time trace format: "
             "merge with:...",
             0, -1},
    .exec = cmd_sim_exec,
};
