/* autosave.c: whole saves and the journal of an autosave (autosave.h). */
#include "autosave.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fileio.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/save.h"
#include "murk/seal.h"
#include "murk/view.h"
#include "sodium.h"
#include "transcript.h"

int murk_save_whole(const struct murk_game* g, struct murk_sealer* sealer, const char* path,
                    unsigned mode, char** text, size_t* len, char* err, size_t n) {
  if (sealer && sealer->on) return murk_sealer_write_text(sealer, g, path, err, n, text, len);
  char* save = NULL;
  size_t savelen = 0;
  int rc = murk_save_game(g, &save, &savelen);
  if (rc != MURK_OK) {
    snprintf(err, n, "cannot make the save: %s", murk_strerror(rc));
    return -1;
  }
  rc = murk_file_write_atomic_mode(path, save, savelen, mode, err, n);
  if (rc == 0 && text) {
    *text = save;
    *len = savelen;
  } else {
    murk_seal_free_secret(save, savelen); /* a live game's save holds its dice key */
  }
  return rc;
}

struct murk_autosave {
  char* path;
  struct murk_sealer* sealer;
  unsigned mode;
  const struct murk_game* g;     /* the game followed */
  int fd;                        /* -1: no journal yet */
  off_t size;                    /* the file's length */
  size_t logged;                 /* commands in the file */
  bool sealed;                   /* the journal is sealed */
  struct murk_chain chain;       /* the open save's chain (a sealed save's game part) */
  struct murk_seal_chain checks; /* a sealed journal's check chain */
  struct murk_view* view[2];     /* sealed: each side's events not yet in the file */
  int next_seq[2];               /* the number of the next one */
};

struct murk_autosave* murk_autosave_new(const char* path, struct murk_sealer* sealer,
                                        unsigned mode) {
  struct murk_autosave* a = murk_calloc(1, sizeof *a);
  if (!a) return NULL;
  a->path = murk_strdup(path);
  if (!a->path) {
    murk_free(a);
    return NULL;
  }
  a->sealer = sealer;
  a->mode = mode;
  a->fd = -1;
  return a;
}

static void stop_journal(struct murk_autosave* a) {
  if (a->fd >= 0) close(a->fd);
  a->fd = -1;
  for (int s = 0; s < 2; s++) {
    murk_view_free(a->view[s]);
    a->view[s] = NULL;
  }
}

void murk_autosave_free(struct murk_autosave* a) {
  if (!a) return;
  stop_journal(a);
  sodium_memzero(&a->chain, sizeof a->chain);
  murk_free(a->path);
  murk_free(a);
}

/* The whole save, then the journal's state to append to it. */
static int start(struct murk_autosave* a, const struct murk_game* g, char* err, size_t n) {
  stop_journal(a);
  a->g = g;
  a->sealed = a->sealer && a->sealer->on;
  char* text = NULL;
  size_t len = 0;
  if (murk_save_whole(g, a->sealer, a->path, a->mode, &text, &len, err, n) != 0) return -1;
  int rc = MURK_OK;
  if (a->sealed) {
    rc = murk_seal_chain_of(text, len, &a->checks, NULL, err, n);
    murk_free(text); /* sealed: nothing secret in it */
    /* The game part's own chain, as an open save of the game would end. */
    text = NULL;
    size_t glen = 0;
    if (rc == MURK_OK) rc = murk_save_game(g, &text, &glen);
    if (rc == MURK_OK) murk_save_chain_start(&a->chain, text, glen);
    murk_seal_free_secret(text, glen);
    for (int s = 0; rc == MURK_OK && s < 2; s++) {
      rc = murk_view_build(g, (enum murk_side)s, &a->view[s]);
      if (rc == MURK_OK) {
        a->next_seq[s] = (int)a->view[s]->nevents + 1;
        murk_view_forget_events(a->view[s]); /* in the file: kept once, in the game */
      }
    }
    if (rc != MURK_OK && !err[0]) snprintf(err, n, "cannot follow the save: %s", murk_strerror(rc));
  } else {
    murk_save_chain_start(&a->chain, text, len);
    murk_seal_free_secret(text, len);
  }
  if (rc != MURK_OK) {
    stop_journal(a);
    return -1;
  }
  /* Appends go to the file just written (through a link, as the write went). */
  a->fd = open(a->path, O_WRONLY | O_APPEND | O_CLOEXEC);
  if (a->fd < 0) {
    snprintf(err, n, "cannot append to %s: %s", a->path, strerror(errno));
    stop_journal(a);
    return -1;
  }
  a->logged = murk_game_log_count(g);
  a->size = lseek(a->fd, 0, SEEK_END);
  return 0;
}

/* The open records of the commands not yet in the file, one after another. */
static int open_records(struct murk_autosave* a, const struct murk_game* g, size_t upto, char** out,
                        size_t* len, char* err, size_t n) {
  *out = NULL;
  *len = 0;
  FILE* f = open_memstream(out, len);
  if (!f) {
    snprintf(err, n, "cannot save to %s: out of memory", a->path);
    return -1;
  }
  int rc = 0;
  for (size_t i = a->logged; i < upto && rc >= 0; i++) {
    char rec[512]; /* a log line is at most 255 bytes (game.c) */
    rc = murk_save_journal_record(&a->chain, murk_game_log_side(g, i), murk_game_log_line(g, i),
                                  rec, sizeof rec);
    if (rc >= 0) fwrite(rec, 1, (size_t)rc, f);
  }
  if (fclose(f) != 0 && rc >= 0) rc = MURK_ENOMEM;
  if (rc < 0) {
    snprintf(err, n, "cannot save to %s: %s", a->path, murk_strerror(rc));
    free(*out);
    *out = NULL;
    return -1;
  }
  return 0;
}

/* What side s has been shown since the last record, then its closing line. */
static int side_lines(struct murk_autosave* a, int s, char** out, size_t* len) {
  *out = NULL;
  *len = 0;
  FILE* f = open_memstream(out, len);
  if (!f) return MURK_ENOMEM;
  murk_transcript_events(f, a->view[s], 0);
  murk_transcript_status(f, a->view[s]);
  if (fclose(f) != 0) {
    free(*out);
    *out = NULL;
    return MURK_ENOMEM;
  }
  return MURK_OK;
}

/* One sealed record of everything since the last: the records of the new commands in the
 * game part, each side's new lines in its own. */
static int sealed_record(struct murk_autosave* a, const struct murk_game* g, size_t upto,
                         char** out, size_t* len, char* err, size_t n) {
  char* game = NULL;
  size_t glen = 0;
  if (open_records(a, g, upto, &game, &glen, err, n) != 0) return -1;
  char* rec[2] = {NULL, NULL};
  size_t rlen[2] = {0, 0};
  int rc = MURK_OK;
  for (int s = 0; rc == MURK_OK && s < 2; s++) rc = side_lines(a, s, &rec[s], &rlen[s]);
  if (rc == MURK_OK) {
    murk_sealer_public(a->sealer, g);
    unsigned char fresh[MURK_SEAL_FRESH_BYTES];
    randombytes_buf(fresh, sizeof fresh);
    const char* const records[2] = {rec[0], rec[1]};
    rc = murk_seal_record(&a->checks, &a->sealer->h, a->sealer->key[0], a->sealer->key[1], records,
                          rlen, game, glen, fresh, out, len);
  }
  for (int s = 0; s < 2; s++) {
    if (rec[s]) sodium_memzero(rec[s], rlen[s]);
    free(rec[s]);
  }
  sodium_memzero(game, glen);
  free(game);
  if (rc != MURK_OK) {
    snprintf(err, n, "cannot make the sealed save: %s", murk_strerror(rc));
    return -1;
  }
  return 0;
}

int murk_autosave_update(struct murk_autosave* a, const struct murk_game* g, char* err, size_t n) {
  err[0] = '\0';
  size_t count = murk_game_log_count(g);
  bool sealed = a->sealer && a->sealer->on;
  /* The first save, another game, a sealer turned on, or the game went back: whole. */
  if (a->fd < 0 || a->g != g || a->sealed != sealed || count < a->logged)
    return start(a, g, err, n);
  if (count == a->logged) return 0;
  /* Whatever is appended below leaves the chain where the file's is, should it fail. */
  struct murk_chain chain = a->chain;
  struct murk_seal_chain checks = a->checks;
  char* rec = NULL;
  size_t len = 0;
  if (sealed) {
    for (int s = 0; s < 2; s++) {
      if (murk_view_update(g, a->view[s]) != MURK_OK) {
        snprintf(err, n, "cannot save to %s: out of memory", a->path);
        stop_journal(a);
        return -1;
      }
      /* A side's events started again (an undo the log count did not show): whole. */
      const struct murk_view* v = a->view[s];
      if (v->nevents && v->events[0].seq != a->next_seq[s]) return start(a, g, err, n);
    }
    if (sealed_record(a, g, count, &rec, &len, err, n) != 0) goto failed;
  } else if (open_records(a, g, count, &rec, &len, err, n) != 0) {
    goto failed;
  }
  int rc = murk_file_append_sync(a->fd, a->path, a->size, rec, len, err, n);
  if (sealed)
    murk_free(rec);
  else
    free(rec);
  if (rc != 0) goto failed;
  a->size += (off_t)len;
  a->logged = count;
  if (sealed)
    for (int s = 0; s < 2; s++) {
      a->next_seq[s] += (int)a->view[s]->nevents;
      murk_view_forget_events(a->view[s]);
    }
  return 0;
failed:
  a->chain = chain;
  a->checks = checks;
  return -1;
}
