/* transcript.c: transcripts of views, and the headless run of a script or save
 * (transcript.h). */
#include "transcript.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "autosave.h"
#include "cli.h"
#include "fileio.h"
#include "missions.h"
#include "murk/alloc.h"
#include "murk/diag.h"
#include "murk/error.h"
#include "murk/event.h"
#include "murk/mission.h"
#include "murk/save.h"
#include "murk/seal.h"
#include "murk/view.h"
#include "savelock.h"
#include "sealio.h"
#include "sodium.h"
#include "text.h"

static int status_of_view(const struct murk_view* v, char* buf, size_t n) {
  if (v->phase == MURK_PHASE_OVER) return snprintf(buf, n, "result: %s", v->result);
  if (v->phase == MURK_PHASE_PLAY)
    return snprintf(buf, n, "to act: %s (turn %d, %s step)", murk_side_name(v->to_act), v->turn,
                    murk_step_name(v->step));
  return snprintf(buf, n, "to act: %s (%s)", murk_side_name(v->to_act), murk_phase_name(v->phase));
}

/* murk_event_format's line, less the text's first word where the audience column already
 * says it: "93 attacker P11 moves", not "93 attacker attacker P11 moves". */
static void event_line(const struct murk_event* e, char* line, size_t n) {
  const char* text = e->text;
  if (e->audience != MURK_AUD_ALL) {
    const char* who = murk_audience_name(e->audience);
    size_t k = strlen(who);
    if (strncmp(text, who, k) == 0 && text[k] == ' ') text += k + 1;
  }
  snprintf(line, n, "%5d %-8s %s", e->seq, murk_audience_name(e->audience), text);
}

void murk_transcript_events(FILE* f, const struct murk_view* v, size_t from) {
  /* One event, one line: a name from the mission cannot start a line of its own (text.h). */
  char line[MURK_EVENT_TEXT + 64], esc[4 * sizeof line];
  for (size_t i = from; i < v->nevents; i++) {
    event_line(&v->events[i], line, sizeof line);
    fprintf(f, "%s\n", murk_cli_escape(line, esc, sizeof esc));
  }
}

void murk_transcript_status(FILE* f, const struct murk_view* v) {
  char line[MURK_EVENT_TEXT + 64], esc[4 * sizeof line];
  status_of_view(v, line, sizeof line);
  fprintf(f, "%s\n", murk_cli_escape(line, esc, sizeof esc));
}

int murk_transcript_print(FILE* f, const struct murk_game* g, enum murk_side side) {
  struct murk_view* v = NULL;
  int rc = murk_view_build(g, side, &v);
  if (rc != MURK_OK) return rc;
  murk_transcript_events(f, v, 0);
  murk_transcript_status(f, v);
  murk_view_free(v);
  return MURK_OK;
}

/* ---- the headless run ---- */

/* Where a run stopped, for FILE:LINE:COL: error: ... */
struct stop {
  bool stopped;
  bool autosave_failed; /* the message is printed already */
  int line, col;
  char msg[MURK_DIAG_MSG];
};

/* How this run writes its saves: open, or sealed under the passphrases given (the keys
 * derived at the first save, or taken from the sealed save being run). */
struct saver {
  struct murk_passes* passes;
  struct murk_sealer sealer;
};

/* The sealer to save with: on when the run's save is sealed (the keys derived at the
 * first save, or taken from the sealed save being run). Returns 0, or -1 (printed). */
static int sealer_ready(struct saver* sv) {
  if (!sv->sealer.on && sv->passes && murk_passes_any(sv->passes))
    return murk_sealer_start(&sv->sealer, sv->passes);
  return 0;
}

/* Save g to path atomically, so a crash at any moment leaves the previous save or this
 * one. Returns 0, or -1 with the reason printed. */
static int write_save(struct saver* sv, const struct murk_game* g, const char* path) {
  char err[PATH_MAX + 128];
  /* Not over a game another process is keeping (savelock.h): its next record would go to
   * the file this one replaces. */
  struct cli_savelock* lock = NULL;
  if (cli_savelock_take(path, &lock, err, sizeof err) > 0) {
    murk_cli_error("%s", err);
    return -1;
  }
  int rc = sealer_ready(sv); /* says why itself */
  if (rc == 0) {
    rc = murk_save_whole(g, &sv->sealer, path, 0666, NULL, NULL, err, sizeof err);
    if (rc != 0) murk_cli_error("%s", err);
  }
  cli_savelock_free(lock);
  return rc;
}

/* Where the commands are: data[pos, len), the lines before pos counted in line. */
struct body {
  const char* data;
  size_t len, pos;
  int line;
};

/* The transcript printed as the run goes: the view's new events every so many commands,
 * then forgotten, and the game's too when no sealed save will need them (its records are
 * each side's whole transcript, from views built afresh): a long script then runs in
 * memory that does not grow with its events (murk_game_drop_events). */
struct printer {
  struct murk_view* v;
  size_t pending; /* commands applied since the last print */
  bool drop;      /* the game may drop the events printed */
};

static int print_events(struct murk_game* g, struct printer* p) {
  int rc = murk_view_update(g, p->v);
  if (rc != MURK_OK) return rc;
  murk_transcript_events(stdout, p->v, 0);
  murk_view_forget_events(p->v);
  if (p->drop) murk_game_drop_events(g); /* every view of this run has read them */
  p->pending = 0;
  return MURK_OK;
}

static int apply_lines(struct murk_game* g, struct body* b, struct murk_autosave* autosave,
                       struct printer* p, struct stop* st);

/* Apply the script's commands in order, line by line; stop at the first bad one. With an
 * autosave path, the save is brought up to date after every applied command (a journal:
 * autosave.h); a save that cannot be written stops the run (st->autosave_failed) and
 * leaves the previous one. Returns MURK_OK (a rejection is not an error here: see *st) or
 * MURK_ENOMEM and friends. */
static int apply_script(struct murk_game* g, struct body* b, const char* autosave, struct saver* sv,
                        struct printer* p, struct stop* st) {
  struct murk_autosave* a = NULL;
  struct cli_savelock* lock = NULL;
  if (autosave) {
    /* One writer per save (savelock.h). A lock file that cannot be made is left to the
     * save's own write, which says precisely what is wrong with the folder. */
    char err[PATH_MAX + 128];
    if (cli_savelock_take(autosave, &lock, err, sizeof err) > 0) {
      murk_cli_error("%s", err);
      st->autosave_failed = true;
      return MURK_OK;
    }
    if (sealer_ready(sv) != 0) {
      cli_savelock_free(lock);
      st->autosave_failed = true;
      return MURK_OK;
    }
    a = murk_autosave_new(autosave, &sv->sealer, 0666);
    if (!a) {
      cli_savelock_free(lock);
      return MURK_ENOMEM;
    }
    murk_autosave_lazy(a, true); /* the script is the input: one sync every 200 ms */
  }
  int rc = apply_lines(g, b, a, p, st);
  char err[512];
  if (a && !st->autosave_failed && murk_autosave_flush(a, err, sizeof err) != 0) {
    murk_cli_error("%s", err);
    st->autosave_failed = true;
  }
  murk_autosave_free(a);
  cli_savelock_free(lock);
  return rc;
}

static int apply_lines(struct murk_game* g, struct body* b, struct murk_autosave* autosave,
                       struct printer* p, struct stop* st) {
  struct murk_script_line line = {0};
  const struct murk_script_line* l = &line;
  int got = 0, rc = MURK_OK;
  while (rc == MURK_OK &&
         (got = murk_script_next(b->data, b->len, &b->pos, &b->line, &line)) == 1) {
    st->line = l->line;
    if (l->status != MURK_OK) {
      st->stopped = true;
      st->col = l->errcol;
      snprintf(st->msg, sizeof st->msg, "%s", l->error ? l->error : "cannot parse this line");
      break;
    }
    enum murk_side to_act = murk_game_to_act(g);
    /* A prefix asserts whose command it is; without one it is the side to act's. The
     * game itself refuses a side out of turn, with its own words. */
    enum murk_side side = l->side != MURK_NO_SIDE ? l->side : to_act;
    if (side == MURK_NO_SIDE) side = MURK_ATTACKER; /* game over: the game says so */
    char reason[MURK_DIAG_MSG];
    rc = murk_game_apply(g, side, &l->cmd, reason, sizeof reason);
    if (rc == MURK_EREJECTED) {
      st->stopped = true;
      st->col = l->side != MURK_NO_SIDE && l->side != to_act ? l->side_col : l->col;
      snprintf(st->msg, sizeof st->msg, "%s", reason);
      rc = MURK_OK;
      break;
    }
    if (rc != MURK_OK) {
      st->stopped = true;
      st->col = l->col;
      snprintf(st->msg, sizeof st->msg, "%s", reason[0] ? reason : murk_strerror(rc));
      break;
    }
    char err[512];
    if (autosave && murk_autosave_update(autosave, g, err, sizeof err) != 0) {
      murk_cli_error("%s", err);
      st->autosave_failed = true;
      break;
    }
    if (++p->pending == 256) rc = print_events(g, p);
  }
  if (rc == MURK_OK && got < 0) rc = got;
  murk_script_line_clear(&line);
  return rc;
}

/* Are a and b the same existing file (after links)? */
static bool same_file(const char* a, const char* b) {
  struct stat sa, sb;
  return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

int murk_transcript_run(const struct murk_run_opts* o) {
  int exit_code = MURK_EXIT_INVALID;
  char err[512];
  char* text = NULL;
  size_t len = 0;
  struct murk_script* s = NULL;
  char* mission_path = NULL;
  struct murk_mission* m = NULL;
  struct murk_game* g = NULL;
  struct saver sv = {.passes = o->passes};
  bool secret_text = false; /* text is a sealed save's game part: wipe it */
  struct murk_diags* d = murk_malloc(sizeof *d);
  if (!d) {
    fprintf(stderr, "murk: out of memory\n");
    return MURK_EXIT_INVALID;
  }

  if (murk_file_read(o->script, &text, &len, err, sizeof err) != 0) {
    murk_cli_error("%s", err);
    goto out;
  }
  if (murk_seal_is_sealed(text, len)) {
    struct murk_passes none = {0};
    struct murk_passes* passes = o->passes ? o->passes : &none;
    if (o->as != MURK_NO_SIDE) {
      /* A side's own record, exactly as it was sealed. Nothing else is run. */
      if (o->save || o->autosave) {
        exit_code = murk_cli_usage("a side's replay of a sealed save writes no save");
        goto out;
      }
      char* rec = NULL;
      size_t rlen = 0;
      if (murk_sealed_record(o->script, text, len, o->as, passes, &rec, &rlen) == 0) {
        fwrite(rec, 1, rlen, stdout);
        exit_code = fflush(stdout) == 0 && !ferror(stdout) ? MURK_EXIT_OK : MURK_EXIT_INVALID;
        murk_seal_free_secret(rec, rlen);
      }
      murk_passes_wipe(&none);
      goto out;
    }
    struct murk_seal_header h;
    if (murk_seal_read_header(text, len, &h, err, sizeof err) != MURK_OK) {
      murk_cli_error("%s: %s", o->script, err);
      goto out;
    }
    if (!h.over) {
      murk_cli_error(
          "%s: the game is not over: its whole transcript opens only after the end, "
          "with both passphrases (each side can replay its own with --as SIDE)",
          o->script);
      goto out;
    }
    char* inner = NULL;
    size_t ilen = 0;
    int orc = murk_sealer_open_game(&sv.sealer, o->script, text, len, passes, &inner, &ilen);
    murk_passes_wipe(&none);
    if (orc != 0) goto out;
    murk_free(text);
    text = inner;
    len = ilen;
    secret_text = true;
  }
  murk_diags_init(d, o->script);
  /* A journal's torn last record (a crash mid-append) is dropped, not an error. */
  size_t whole = murk_save_journal_whole(text, len);
  struct body body = {.data = text, .len = whole};
  int rc = murk_script_parse_head(text, whole, &s, &body.pos, d);
  if (rc != MURK_OK) {
    if (rc == MURK_ENOMEM) murk_cli_error("%s: out of memory", o->script);
    murk_cli_print_diags(d, stderr);
    goto out;
  }

  if (s->has_hash || s->version >= 2) {
    int at = 0;
    if (murk_save_check_chain(text, whole, s->version >= 2, &at) != MURK_OK) {
      murk_cli_diag(
          "%s:%d: error: this save is damaged or was edited: its hash chain (its "
          "'# chain:' lines) does not match its contents",
          o->script, at ? at : 1);
      goto out;
    }
  }

  if (o->replay && !s->has_hash) {
    murk_cli_error(
        "%s is not a save: it has no '# mission-hash:' header (a script runs with 'murk run %s')",
        o->script, o->script);
    goto out;
  }

  /* The mission: the command line's, else the header's. */
  char found[4096];
  if (o->mission) {
    if (!murk_cli_mission_find(o->mission, NULL, found, sizeof found)) {
      murk_cli_mission_not_found(o->mission);
      goto out;
    }
    mission_path = murk_strdup(found);
  } else if (s->mission && s->mission_text) {
    /* A save that carries its mission plays that copy (save.h), wherever the file went. */
    if (!murk_cli_mission_find(s->mission, o->script, found, sizeof found))
      snprintf(found, sizeof found, "%s", s->mission);
    mission_path = murk_strdup(found);
  } else if (s->mission) {
    if (!murk_cli_mission_find(s->mission, o->script, found, sizeof found)) {
      const char* slash = strrchr(o->script, '/');
      murk_cli_diag(
          "%s:%d: error: mission file '%s' not found (looked in %.*s%sthe current directory%s)",
          o->script, s->mission_line, s->mission, slash ? (int)(slash - o->script) : 0, o->script,
          slash ? ", then in " : "",
          strchr(s->mission, '/') ? "" : " and among the bundled missions");
      goto out;
    }
    mission_path = murk_strdup(found);
  } else {
    exit_code = murk_cli_usage(
        "no mission: give one on the command line or a '# mission: FILE' line in %s", o->script);
    goto out;
  }
  if (!mission_path) {
    fprintf(stderr, "murk: out of memory\n");
    goto out;
  }

  /* A save written over the mission being played would destroy it (and the save with it:
   * its mission would then be a save). Links count as what they point to. */
  const char* outs[2] = {o->save, o->autosave};
  for (int i = 0; i < 2; i++) {
    if (outs[i] && same_file(outs[i], mission_path)) {
      exit_code = murk_cli_usage("--%s %s is the mission file being played; save elsewhere",
                                 i ? "autosave" : "save", outs[i]);
      goto out;
    }
  }

  uint64_t seed = 0;
  if (o->has_seed) {
    seed = o->seed;
  } else if (s->has_key) {
    /* a live game's secret dice */
  } else if (s->has_seed) {
    seed = s->seed;
  } else {
    exit_code = murk_cli_usage("no seed: give --seed N or a '# seed: N' line in %s", o->script);
    goto out;
  }

  murk_diags_init(d, mission_path);
  if (!o->mission && s->mission_text)
    rc = murk_mission_load_buffer(mission_path, s->mission_text, s->mission_text_len, &m, d);
  else
    rc = murk_mission_load(mission_path, &m, d);
  if (rc != MURK_OK) {
    murk_cli_print_diags(d, stderr);
    goto out;
  }

  /* The rules the script or save adds (its "# with:"), then those of --with. */
  if (s->with) {
    char werr[400];
    if (murk_mission_add_rules(m, s->with, werr, sizeof werr) != MURK_OK) {
      murk_cli_diag("%s:%d: error: %s", o->script, s->with_line, werr);
      goto out;
    }
  }
  if (o->with && murk_cli_with_add(m, o->with, "--with") != 0) goto out;

  /* A save replays only against the mission it was made with. A mission named on the
   * command line is the user's choice: no check. */
  if (s->has_hash && (o->replay || !o->mission) && s->mission_hash != m->hash) {
    murk_cli_error("%s%s has changed since this save was made (hash %016" PRIx64 " != %016" PRIx64
                   ")",
                   !o->mission && s->mission_text ? "the copy this save keeps of " : "",
                   mission_path, m->hash, s->mission_hash);
    goto out;
  }

  if (s->has_key && !o->has_seed)
    rc = murk_game_new_keyed(m, s->key, &g);
  else
    rc = murk_game_new(m, seed, &g);
  if (rc != MURK_OK) {
    murk_cli_error("cannot start %s: %s", mission_path, murk_strerror(rc));
    goto out;
  }
  if (s->last_turn > 0) murk_game_set_last_turn(g, s->last_turn);

  for (size_t i = 0; i < body.pos; i++)
    if (text[i] == '\n') body.line++;
  struct stop st = {0};
  /* Open saves and the journal keep only the command log; a sealed one keeps transcripts. */
  bool sealing = (o->save || o->autosave) && o->passes && murk_passes_any(o->passes);
  struct printer pr = {.drop = !sealing};
  rc = murk_view_build(g, o->as, &pr.v);
  if (rc == MURK_OK) {
    rc = apply_script(g, &body, o->autosave, &sv, &pr, &st);
    if (rc == MURK_OK || st.stopped) {
      int prc = print_events(g, &pr);
      if (prc == MURK_OK) murk_transcript_status(stdout, pr.v);
      if (rc == MURK_OK) rc = prc;
    }
  }
  murk_view_free(pr.v);
  if (rc == MURK_ENOMEM) {
    fprintf(stderr, "murk: out of memory\n");
    goto out;
  }
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "murk: cannot write the transcript\n");
    goto out;
  }
  if (st.stopped) {
    /* The message may quote the script's line: escaped, as the script's name (text.h). */
    murk_cli_diag("%s:%d:%d: error: %s", o->script, st.line, st.col, st.msg);
  }
  exit_code = st.stopped || st.autosave_failed || rc != MURK_OK ? MURK_EXIT_INVALID : MURK_EXIT_OK;

  if (o->save && write_save(&sv, g, o->save) != 0) exit_code = MURK_EXIT_INVALID;

out:
  murk_game_free(g);
  murk_mission_free(m);
  murk_free(mission_path);
  if (s) sodium_memzero(s->key, sizeof s->key);
  murk_script_free(s);
  if (secret_text)
    murk_seal_free_secret(text, len);
  else
    murk_free(text);
  murk_sealer_wipe(&sv.sealer);
  murk_free(d);
  return exit_code;
}
