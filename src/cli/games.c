/* games.c: the games kept in the state directory (games.h). */
#include "games.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "fileio.h"
#include "missions.h"
#include "murk/alloc.h"
#include "murk/diag.h"
#include "murk/error.h"
#include "murk/save.h"
#include "murk/seal.h"
#include "sodium.h"

static int make_dirs(const char* dir) {
  char p[PATH_MAX];
  snprintf(p, sizeof p, "%s", dir);
  for (char* s = p + 1; *s; s++) {
    if (*s != '/') continue;
    *s = '\0';
    if (mkdir(p, 0700) != 0 && errno != EEXIST) return -1;
    *s = '/';
  }
  if (mkdir(p, 0700) != 0 && errno != EEXIST) return -1;
  return 0;
}

int murk_state_dir(char* out, size_t n) {
  const char* xdg = getenv("XDG_STATE_HOME");
  const char* home = getenv("HOME");
  if (xdg && xdg[0] == '/')
    snprintf(out, n, "%s/murk", xdg);
  else if (home && *home)
    snprintf(out, n, "%s/.local/state/murk", home);
  else
    return -1;
  if (make_dirs(out) != 0) return -1;
  /* Ours alone: the saves in it say which games are under way. */
  chmod(out, 0700);
  return 0;
}

void murk_new_game_path(const char* dir, const char* mission_id, char* out, size_t n) {
  for (;;) {
    unsigned char r[4];
    randombytes_buf(r, sizeof r);
    snprintf(out, n, "%s/%s-%02x%02x%02x%02x.murk", dir, mission_id, r[0], r[1], r[2], r[3]);
    if (access(out, F_OK) != 0) return;
  }
}

/* The mission named `id` (a bundled or user mission) when its file is the one hashed
 * `hash`: an older save's mission found again after its folder moved. */
static bool mission_by_stem(const char* mission, const char* file, uint64_t hash, char* out,
                            size_t n) {
  const char* base = strrchr(mission, '/');
  base = base ? base + 1 : mission;
  char id[128];
  snprintf(id, sizeof id, "%.*s", (int)strcspn(base, "."), base);
  if (!id[0] || strcmp(id, mission) == 0 || !murk_cli_mission_find(id, file, out, n)) return false;
  char err[256];
  char* text = NULL;
  size_t len = 0;
  if (murk_file_read(out, &text, &len, err, sizeof err) != 0) return false;
  struct murk_diags* d = murk_malloc(sizeof *d);
  struct murk_mission* m = NULL;
  bool same = d && murk_mission_load_buffer(out, text, len, &m, d) == MURK_OK && m->hash == hash;
  murk_mission_free(m);
  murk_free(d);
  murk_free(text);
  return same;
}

int murk_mission_of_save(const char* file, const char* mission, int line, uint64_t hash, bool quiet,
                         struct murk_mission** m) {
  *m = NULL;
  char path[PATH_MAX];
  if (!murk_cli_mission_find(mission, file, path, sizeof path) &&
      !mission_by_stem(mission, file, hash, path, sizeof path)) {
    if (!quiet) murk_cli_diag("%s:%d: error: mission file '%s' not found", file, line, mission);
    return MURK_EINVAL;
  }
  struct murk_diags* d = murk_malloc(sizeof *d);
  if (!d) return MURK_ENOMEM;
  murk_diags_init(d, path);
  int rc = murk_mission_load(path, m, d);
  if (rc != MURK_OK && !quiet) murk_cli_print_diags(d, stderr);
  murk_free(d);
  if (rc == MURK_OK && (*m)->hash != hash) {
    if (!quiet)
      murk_cli_error("%s has changed since %s was made; it cannot be replayed", path, file);
    rc = MURK_ESTALE;
  }
  return rc;
}

/* The mission a save carries (its "# mission-text:"), checked against its hash. When the
 * file it came from (by path, else by id) now differs, note (unless NULL) says so. */
static int mission_own_copy(const char* file, const struct murk_script* s, bool quiet, char* note,
                            size_t nn, struct murk_mission** m) {
  struct murk_diags* d = murk_malloc(sizeof *d);
  if (!d) return MURK_ENOMEM;
  int rc = murk_mission_load_buffer(s->mission, s->mission_text, s->mission_text_len, m, d);
  if (rc != MURK_OK) {
    if (!quiet) {
      murk_cli_diag("%s:%d: error: the mission this save carries does not load:", file,
                    s->mission_text_line);
      murk_cli_print_diags(d, stderr);
    }
    murk_free(d);
    return rc;
  }
  murk_free(d);
  if ((*m)->hash != s->mission_hash) {
    if (!quiet)
      murk_cli_diag(
          "%s:%d: error: this save is damaged or was edited: the mission it carries does not "
          "match its '# mission-hash:'",
          file, s->mission_text_line);
    return MURK_EINVAL;
  }
  if (!note) return MURK_OK;
  /* The mission as installed now: the save's path, else its id among the missions. */
  char path[PATH_MAX], err[256];
  if (!murk_cli_mission_find(s->mission, file, path, sizeof path) &&
      !(s->mission_id && murk_cli_mission_find(s->mission_id, file, path, sizeof path)))
    return MURK_OK; /* gone: the save's copy is all there is, and enough */
  char* now = NULL;
  size_t nlen = 0;
  if (murk_file_read(path, &now, &nlen, err, sizeof err) != 0) return MURK_OK;
  if (nlen != s->mission_text_len || memcmp(now, s->mission_text, nlen) != 0)
    snprintf(note, nn,
             "the mission %s (%s) has changed since this game was saved; the game goes on "
             "with the copy of it the save keeps",
             (*m)->name, path);
  murk_free(now);
  return MURK_OK;
}

/* murk_game_from_save, and the note of mission_own_copy. */
static int game_from_save(const char* file, const char* text, size_t len, bool quiet, char* note,
                          size_t nn, struct murk_mission** m, struct murk_game** g);

int murk_game_from_save(const char* file, const char* text, size_t len, bool quiet,
                        struct murk_mission** m, struct murk_game** g) {
  return game_from_save(file, text, len, quiet, NULL, 0, m, g);
}

static int game_from_save(const char* file, const char* text, size_t len, bool quiet, char* note,
                          size_t nn, struct murk_mission** m, struct murk_game** g) {
  *m = NULL;
  *g = NULL;
  struct murk_script* s = NULL;
  struct murk_diags* d = murk_malloc(sizeof *d);
  if (!d) return MURK_ENOMEM;
  murk_diags_init(d, file);
  /* A journal's torn last record (a crash mid-append) is dropped, not an error. */
  len = murk_save_journal_whole(text, len);
  int rc = murk_script_parse(text, len, &s, d);
  if (rc != MURK_OK) {
    if (!quiet) murk_cli_print_diags(d, stderr);
    goto out;
  }
  rc = MURK_EINVAL;
  if (!s->has_hash || !s->mission || (!s->has_seed && !s->has_key)) {
    if (!quiet)
      murk_cli_error(
          "%s is not a save (it lacks the '# mission:', '# seed:' or '# mission-hash:' header)",
          file);
    goto out;
  }
  int at = 0;
  if (murk_save_check_chain(text, len, s->version >= 2, &at) != MURK_OK) {
    if (!quiet)
      murk_cli_diag(
          "%s:%d: error: this save is damaged or was edited: its hash chain (its "
          "'# chain:' lines) does not match its contents",
          file, at ? at : 1);
    goto out;
  }
  /* A save that carries its mission plays that copy wherever the file went, changed or not;
   * an older one names a file by its path. */
  if (s->mission_text)
    rc = mission_own_copy(file, s, quiet, note, nn, m);
  else
    rc = murk_mission_of_save(file, s->mission, s->mission_line, s->mission_hash, quiet, m);
  if (rc != MURK_OK) goto out;
  if (s->with) { /* the rules the game was started with (murk play --with) */
    char err[400];
    rc = murk_mission_add_rules(*m, s->with, err, sizeof err);
    if (rc != MURK_OK) {
      if (!quiet) murk_cli_diag("%s:%d: error: %s", file, s->with_line, err);
      goto out;
    }
  }
  rc = s->has_key ? murk_game_new_keyed(*m, s->key, g) : murk_game_new(*m, s->seed, g);
  if (rc != MURK_OK) {
    if (!quiet) murk_cli_error("cannot start %s: %s", s->mission, murk_strerror(rc));
    goto out;
  }
  if (s->last_turn > 0) murk_game_set_last_turn(*g, s->last_turn);
  if (s->has_key && s->has_parts) murk_game_set_dice_parts(*g, s->parts);
  for (size_t i = 0; i < s->nlines; i++) {
    const struct murk_script_line* l = &s->lines[i];
    if (l->status != MURK_OK) {
      if (!quiet)
        murk_cli_diag("%s:%d:%d: error: %s", file, l->line, l->errcol,
                      l->error ? l->error : "cannot parse this line");
      rc = MURK_EINVAL;
      goto out;
    }
    enum murk_side side = l->side != MURK_NO_SIDE ? l->side : murk_game_to_act(*g);
    char reason[256] = "";
    rc = murk_game_apply(*g, side, &l->cmd, reason, sizeof reason);
    if (rc != MURK_OK) {
      if (!quiet)
        murk_cli_diag("%s:%d:%d: error: %s", file, l->line, l->col,
                      reason[0] ? reason : murk_strerror(rc));
      goto out;
    }
  }
  if (s->has_seats) {
    for (int side = 0; side < MURK_SIDES; side++)
      murk_game_set_seat(*g, (enum murk_side)side, s->seat[side]);
    murk_game_set_level(*g, s->level);
  }
  rc = MURK_OK;
out:
  if (s) sodium_memzero(s->key, sizeof s->key);
  murk_script_free(s);
  murk_free(d);
  return rc;
}

static int game_from_sealed(const char* file, const char* text, size_t len,
                            struct murk_sealer* sealer, char* note, size_t nn,
                            struct murk_mission** m, struct murk_game** g) {
  *m = NULL;
  *g = NULL;
  char* inner = NULL;
  size_t ilen = 0;
  if (murk_sealer_open_part(sealer, file, text, len, &inner, &ilen) != 0) return MURK_EAUTH;
  int rc = game_from_save(file, inner, ilen, false, note, nn, m, g);
  murk_seal_free_secret(inner, ilen);
  return rc;
}

int murk_game_from_sealed(const char* file, const char* text, size_t len,
                          struct murk_sealer* sealer, struct murk_mission** m,
                          struct murk_game** g) {
  return game_from_sealed(file, text, len, sealer, NULL, 0, m, g);
}

int murk_game_load(const char* file, struct murk_passes* p, struct murk_sealer* sealer,
                   struct murk_mission** m, struct murk_game** g) {
  char note[PATH_MAX + 256] = "";
  int rc = murk_game_load_noted(file, p, sealer, note, sizeof note, m, g);
  if (note[0]) murk_cli_diag("murk: note: %s: %s", file, note);
  return rc;
}

int murk_game_load_noted(const char* file, struct murk_passes* p, struct murk_sealer* sealer,
                         char* note, size_t nn, struct murk_mission** m, struct murk_game** g) {
  if (nn) note[0] = '\0';
  *m = NULL;
  *g = NULL;
  char err[512];
  char* text = NULL;
  size_t len = 0;
  if (murk_file_read(file, &text, &len, err, sizeof err) != 0) {
    murk_cli_error("%s", err);
    return MURK_EINVAL;
  }
  int rc;
  if (!murk_seal_is_sealed(text, len)) {
    rc = game_from_save(file, text, len, false, note, nn, m, g);
  } else {
    rc = murk_sealer_keys(sealer, file, text, len, p) == 0
             ? game_from_sealed(file, text, len, sealer, note, nn, m, g)
             : MURK_EAUTH;
  }
  murk_free(text);
  return rc;
}

/* The seats in a word or two, for the lists of games, with the computer's level when it is
 * not normal. */
static void seats_text(char* out, size_t n, enum murk_seat a, enum murk_seat d,
                       enum murk_level level) {
  if (a == MURK_SEAT_COMPUTER || d == MURK_SEAT_COMPUTER)
    snprintf(out, n, "vs computer%s%s", level != MURK_LEVEL_NORMAL ? ", " : "",
             level != MURK_LEVEL_NORMAL ? murk_level_name(level) : "");
  else if (a == MURK_SEAT_REMOTE || d == MURK_SEAT_REMOTE)
    snprintf(out, n, "hosted");
  else if (a == MURK_SEAT_HUMAN && d == MURK_SEAT_HUMAN)
    snprintf(out, n, "hot-seat");
  else
    snprintf(out, n, "-");
}

static void describe(struct murk_saved_game* sg) {
  char err[256];
  char* text = NULL;
  size_t len = 0;
  if (murk_file_read(sg->path, &text, &len, err, sizeof err) != 0) {
    snprintf(sg->problem, sizeof sg->problem, "cannot be read");
    return;
  }
  if (murk_seal_is_sealed(text, len)) {
    struct murk_seal_header h;
    sg->sealed = true;
    if (murk_seal_read_header(text, len, &h, err, sizeof err) != MURK_OK) {
      snprintf(sg->problem, sizeof sg->problem, "%.150s", err);
    } else {
      const char* base = strrchr(h.mission, '/');
      base = base ? base + 1 : h.mission;
      snprintf(sg->mission, sizeof sg->mission, "%.*s", (int)strcspn(base, "."), base);
      sg->turn = h.turn;
      sg->over = h.over;
      snprintf(sg->to_act, sizeof sg->to_act, "%s", h.over ? "-" : murk_side_name(h.to_act));
      seats_text(sg->seats, sizeof sg->seats, h.seat[0], h.seat[1], h.level);
      sg->ok = true;
    }
  } else {
    struct murk_mission* m = NULL;
    struct murk_game* g = NULL;
    if (murk_game_from_save(sg->path, text, len, true, &m, &g) != MURK_OK) {
      snprintf(sg->problem, sizeof sg->problem, "not a save murk can go on with");
    } else {
      snprintf(sg->mission, sizeof sg->mission, "%s", m->name);
      murk_mission_added(m, sg->with, sizeof sg->with);
      sg->turn = murk_game_turn(g);
      sg->over = murk_game_phase(g) == MURK_PHASE_OVER;
      snprintf(sg->to_act, sizeof sg->to_act, "%s",
               sg->over ? "-" : murk_side_name(murk_game_to_act(g)));
      seats_text(sg->seats, sizeof sg->seats, murk_game_seat(g, MURK_ATTACKER),
                 murk_game_seat(g, MURK_DEFENDER), murk_game_level(g));
      sg->ok = true;
    }
    murk_game_free(g);
    murk_mission_free(m);
  }
  murk_free(text);
}

static int newest_first(const void* a, const void* b) {
  const struct murk_saved_game *x = a, *y = b;
  if (x->mtime != y->mtime) return x->mtime < y->mtime ? 1 : -1;
  return strcmp(x->path, y->path);
}

int murk_saved_games(const char* dir, struct murk_saved_game** out, size_t* n) {
  *out = NULL;
  *n = 0;
  DIR* d = opendir(dir);
  if (!d) return 0;
  struct murk_saved_game* list = NULL;
  size_t count = 0, cap = 0;
  struct dirent* e;
  int rc = 0;
  while ((e = readdir(d))) {
    size_t len = strlen(e->d_name);
    if (e->d_name[0] == '.' || len < 6 || strcmp(e->d_name + len - 5, ".murk") != 0) continue;
    if (count == cap) {
      cap = cap ? cap * 2 : 8;
      struct murk_saved_game* grown = murk_realloc(list, cap * sizeof *grown);
      if (!grown) {
        rc = -1;
        break;
      }
      list = grown;
    }
    struct murk_saved_game* sg = &list[count];
    memset(sg, 0, sizeof *sg);
    snprintf(sg->path, sizeof sg->path, "%s/%s", dir, e->d_name);
    struct stat st;
    if (stat(sg->path, &st) != 0 || !S_ISREG(st.st_mode)) continue;
    sg->mtime = st.st_mtime;
    describe(sg);
    count++;
  }
  closedir(d);
  if (rc != 0) {
    murk_free(list);
    return rc;
  }
  if (count) qsort(list, count, sizeof *list, newest_first);
  *out = list;
  *n = count;
  return 0;
}
