/* simout.c: murk sim's CSV and JSON (simout.h). */
#include "simout.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "murk/alloc.h"
#include "murk/game.h"

static const char* const winner_names[3] = {"attacker", "defender", "none"};

struct simout_total {
  char mission[96];
  long games, failed, unfinished, wins[3], vp[2], turns_sum, commands, rejected, arrivals;
  long ended[MURK_ENDED_COUNT];
  int turns_min, turns_max;
};

void simout_begin(struct simout* s, enum simout_format format, FILE* f) {
  memset(s, 0, sizeof *s);
  s->format = format, s->f = f;
  if (format == SIMOUT_CSV)
    fputs(
        "mission,seed,attacker_policy,defender_policy,finished,winner,ended,vp_attacker,"
        "vp_defender,turns,commands,rejected,arrivals\n",
        f);
  else if (format == SIMOUT_JSON)
    fputs("{\"format\": \"murk-sim\", \"version\": 1, \"games\": [", f);
}

/* A JSON string: ids are escaped for the terminal already; quotes and backslashes too. */
static void json_str(FILE* f, const char* s) {
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"' || *s == '\\') fputc('\\', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

static struct simout_total* total_for(struct simout* s, const char* mission) {
  for (size_t i = 0; i < s->ntotals; i++)
    if (strcmp(s->totals[i].mission, mission) == 0) return &s->totals[i];
  if (s->ntotals == s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 8;
    struct simout_total* t = murk_realloc(s->totals, cap * sizeof *t);
    if (!t) return NULL;
    s->totals = t, s->cap = cap;
  }
  struct simout_total* t = &s->totals[s->ntotals++];
  memset(t, 0, sizeof *t);
  snprintf(t->mission, sizeof t->mission, "%s", mission);
  return t;
}

bool simout_game(struct simout* s, const struct simout_game* g) {
  FILE* f = s->f;
  if (s->format == SIMOUT_CSV) {
    fprintf(f, "%s,%" PRIu64 ",%s,%s,%s,%s,%s,%d,%d,%d,%ld,%ld,", g->mission, g->seed, g->policy[0],
            g->policy[1],
            g->finished ? "yes"
            : g->capped ? "capped"
                        : "no",
            g->finished ? winner_names[g->winner] : "",
            g->finished ? murk_ended_name((enum murk_ended)g->ended) : "", g->vp[0], g->vp[1],
            g->turns, g->commands, g->rejected);
    bool first = true;
    for (int t = 0; t < SIMOUT_TURNS; t++)
      if (g->arrivals[t]) fprintf(f, "%s%d:%d", first ? "" : " ", t, g->arrivals[t]), first = false;
    fputc('\n', f);
  } else if (s->format == SIMOUT_JSON) {
    fputs(s->ngames ? ",\n  {" : "\n  {", f);
    fputs("\"mission\": ", f);
    json_str(f, g->mission);
    fprintf(f, ", \"seed\": %" PRIu64 ", \"attacker_policy\": \"%s\", \"defender_policy\": \"%s\"",
            g->seed, g->policy[0], g->policy[1]);
    fprintf(f, ", \"finished\": %s, ", g->finished ? "true" : "false");
    if (g->capped) fputs("\"capped\": true, ", f);
    fputs("\"winner\": ", f);
    if (g->finished)
      fprintf(f, "\"%s\"", winner_names[g->winner]);
    else
      fputs("null", f);
    fputs(", \"ended\": ", f);
    if (g->finished)
      fprintf(f, "\"%s\"", murk_ended_name((enum murk_ended)g->ended));
    else
      fputs("null", f);
    fprintf(f,
            ", \"vp_attacker\": %d, \"vp_defender\": %d, \"turns\": %d, \"commands\": %ld, "
            "\"rejected\": %ld, \"arrivals\": {",
            g->vp[0], g->vp[1], g->turns, g->commands, g->rejected);
    bool first = true;
    for (int t = 0; t < SIMOUT_TURNS; t++)
      if (g->arrivals[t])
        fprintf(f, "%s\"%d\": %d", first ? "" : ", ", t, g->arrivals[t]), first = false;
    fputs("}}", f);
    struct simout_total* t = total_for(s, g->mission);
    if (!t) return false;
    if (g->capped) {
      t->unfinished++;
    } else if (!g->finished) {
      t->failed++;
    } else {
      t->games++;
      t->wins[g->winner]++;
      if (g->ended > 0 && g->ended < MURK_ENDED_COUNT) t->ended[g->ended]++;
      t->vp[0] += g->vp[0], t->vp[1] += g->vp[1];
      t->turns_sum += g->turns;
      if (t->games == 1 || g->turns < t->turns_min) t->turns_min = g->turns;
      if (t->games == 1 || g->turns > t->turns_max) t->turns_max = g->turns;
      t->commands += g->commands, t->rejected += g->rejected;
      for (int k = 0; k < SIMOUT_TURNS; k++) t->arrivals += g->arrivals[k];
    }
  }
  s->ngames++;
  return true;
}

void simout_end(struct simout* s) {
  if (s->format == SIMOUT_JSON) {
    fputs(s->ngames ? "\n], \"missions\": [" : "], \"missions\": [", s->f);
    for (size_t i = 0; i < s->ntotals; i++) {
      const struct simout_total* t = &s->totals[i];
      fputs(i ? ",\n  {\"id\": " : "\n  {\"id\": ", s->f);
      json_str(s->f, t->mission);
      fprintf(s->f,
              ", \"games\": %ld, \"failed\": %ld, \"unfinished\": %ld, \"wins\": {\"attacker\": "
              "%ld, \"defender\": "
              "%ld, \"none\": %ld}, \"vp\": {\"attacker\": %ld, \"defender\": %ld}, \"turns\": "
              "{\"sum\": %ld, \"min\": %d, \"max\": %d}, \"commands\": %ld, \"rejected\": %ld, "
              "\"arrivals\": %ld",
              t->games, t->failed, t->unfinished, t->wins[0], t->wins[1], t->wins[2], t->vp[0],
              t->vp[1], t->turns_sum, t->turns_min, t->turns_max, t->commands, t->rejected,
              t->arrivals);
      /* The ends that happened, by name (sums, as the rest). */
      fputs(", \"ends\": {", s->f);
      bool first = true;
      for (int k = 1; k < MURK_ENDED_COUNT; k++)
        if (t->ended[k]) {
          fprintf(s->f, "%s\"%s\": %ld", first ? "" : ", ", murk_ended_name((enum murk_ended)k),
                  t->ended[k]);
          first = false;
        }
      fputs("}}", s->f);
    }
    fputs(s->ntotals ? "\n]}\n" : "]}\n", s->f);
  }
  fflush(s->f);
  murk_free(s->totals);
  s->totals = NULL;
}

/* ---- reading CSV back ---- */

static bool field_long(const char* s, long lo, long hi, long* out) {
  char* end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno || end == s || *end || v < lo || v > hi) return false;
  *out = v;
  return true;
}

static bool parse_row(char* line, struct simout_game* g, const char** what) {
  char* f[13];
  int n = 0;
  for (char* p = line; n < 13;) {
    f[n++] = p;
    char* comma = strchr(p, ',');
    if (!comma) break;
    *comma = '\0';
    p = comma + 1;
  }
  memset(g, 0, sizeof *g);
  *what = "13 fields (the header's columns)";
  if (n != 13) return false;
  long v;
  *what = "a mission id";
  if (!f[0][0] || strlen(f[0]) >= sizeof g->mission) return false;
  snprintf(g->mission, sizeof g->mission, "%s", f[0]);
  *what = "a seed";
  char* end;
  errno = 0;
  g->seed = strtoull(f[1], &end, 10);
  if (errno || end == f[1] || *end || f[1][0] == '-') return false;
  *what = "policy names";
  for (int s = 0; s < 2; s++) {
    if (!f[2 + s][0] || strlen(f[2 + s]) >= sizeof g->policy[s]) return false;
    snprintf(g->policy[s], sizeof g->policy[s], "%s", f[2 + s]);
  }
  *what = "finished yes, no or capped";
  if (strcmp(f[4], "yes") != 0 && strcmp(f[4], "no") != 0 && strcmp(f[4], "capped") != 0)
    return false;
  g->finished = f[4][0] == 'y';
  g->capped = f[4][0] == 'c';
  *what = "a winner: attacker, defender or none (empty when not finished)";
  g->winner = -1;
  for (int w = 0; w < 3; w++)
    if (strcmp(f[5], winner_names[w]) == 0) g->winner = w;
  if (g->finished ? g->winner < 0 : f[5][0] != '\0') return false;
  if (!g->finished) g->winner = 2;
  *what = "how the game ended, by name (empty when not finished)";
  g->ended = 0;
  for (int k = 1; k < MURK_ENDED_COUNT; k++)
    if (strcmp(f[6], murk_ended_name((enum murk_ended)k)) == 0) g->ended = k;
  if (g->finished ? g->ended == 0 : f[6][0] != '\0') return false;
  *what = "whole numbers for vp, turns, commands and rejected";
  if (!field_long(f[7], -1000000, 1000000, &v)) return false;
  g->vp[0] = (int)v;
  if (!field_long(f[8], -1000000, 1000000, &v)) return false;
  g->vp[1] = (int)v;
  if (!field_long(f[9], 0, 1000000, &v)) return false;
  g->turns = (int)v;
  if (!field_long(f[10], 0, 1L << 40, &g->commands)) return false;
  if (!field_long(f[11], 0, 1L << 40, &g->rejected)) return false;
  *what = "arrivals as TURN:COUNT pairs apart by spaces";
  for (char* p = f[12]; *p;) {
    char* sp = strchr(p, ' ');
    if (sp) *sp = '\0';
    char* colon = strchr(p, ':');
    if (!colon) return false;
    *colon = '\0';
    long t, c;
    if (!field_long(p, 0, SIMOUT_TURNS - 1, &t) || !field_long(colon + 1, 0, 1000000, &c))
      return false;
    g->arrivals[t] += (int)c;
    if (!sp) break;
    p = sp + 1;
  }
  return true;
}

bool simout_read_csv(const char* path, struct simout_game** rows, size_t* n, size_t* cap) {
  FILE* f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
  if (!f) {
    murk_cli_error("cannot read %s: %s", path, strerror(errno));
    return false;
  }
  char line[4096];
  int lineno = 0;
  bool ok = true;
  while (ok && fgets(line, sizeof line, f)) {
    lineno++;
    size_t len = strlen(line);
    if (len && line[len - 1] == '\n') line[--len] = '\0';
    if (len && line[len - 1] == '\r') line[--len] = '\0';
    if (len == 0 || strncmp(line, "mission,", 8) == 0) continue; /* blank lines, headers */
    if (*n == *cap) {
      size_t c = *cap ? *cap * 2 : 256;
      struct simout_game* r = murk_realloc(*rows, c * sizeof *r);
      if (!r) {
        murk_cli_error("out of memory");
        ok = false;
        break;
      }
      *rows = r, *cap = c;
    }
    const char* what;
    if (!parse_row(line, &(*rows)[*n], &what)) {
      murk_cli_diag("%s:%d:1: error: not a murk sim row (expected %s)", path, lineno, what);
      ok = false;
      break;
    }
    ++*n;
  }
  if (ok && ferror(f)) {
    murk_cli_error("cannot read %s", path);
    ok = false;
  }
  if (f != stdin) fclose(f);
  return ok;
}
