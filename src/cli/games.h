/* games.h: the games kept in the state directory (`murk play` autosaves, `murk saves`).
 *
 * Each game has its own file there, $XDG_STATE_HOME/murk/MISSION-XXXXXXXX.murk (default
 * ~/.local/state/murk/), mode 0600 in a directory of mode 0700, so no game is ever
 * written over by another. */
#ifndef MURK_CLI_GAMES_H
#define MURK_CLI_GAMES_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "murk/game.h"
#include "murk/mission.h"
#include "sealio.h"

/* $XDG_STATE_HOME/murk, else ~/.local/state/murk, made (mode 0700) if missing and set
 * to 0700. Returns 0, or -1 (no home, or it cannot be made). */
int murk_state_dir(char* out, size_t n);

/* A new file name for a game of mission id in dir, unused so far. */
void murk_new_game_path(const char* dir, const char* mission_id, char* out, size_t n);

struct murk_saved_game {
  char path[PATH_MAX];
  char mission[128]; /* the mission's name (open saves) or its file's (sealed) */
  int turn;
  char to_act[16];
  bool over;
  bool sealed;
  char seats[24]; /* who plays: "hot-seat", "vs computer" (", easy" at that level), "hosted",
                     or "-" (not said) */
  char with[96];  /* rules added when the game started (open saves), blank-separated */
  bool ok;        /* false: the file could not be read as a save (problem says why) */
  char problem[160];
  time_t mtime;
};

/* The saves in dir (files ending .murk), newest first. *out is freed with murk_free.
 * Returns 0 or -1 (out of memory; a missing directory is an empty list). */
int murk_saved_games(const char* dir, struct murk_saved_game** out, size_t* n);

/* The mission a save names (mission, given on its line `line` of file; looked for as
 * murk_cli_mission_find does, from the save's folder, else by its file's stem among the
 * missions), unchanged since the save (its hash). A save that carries its mission's text
 * (save.h) does not need this: murk_game_from_save plays that copy.
 * Problems are printed unless quiet. MURK_OK, MURK_ESTALE (changed), or another error code;
 * *m may be set on error and is the caller's to free. */
int murk_mission_of_save(const char* file, const char* mission, int line, uint64_t hash, bool quiet,
                         struct murk_mission** m);
/* A game from an open save's text (file names it in messages): its mission (unchanged
 * since the save), its dice, its seats and its commands. Problems are printed unless quiet. Returns
 * MURK_OK or an error code; on error *m and *g may be set and are the caller's to free. */
int murk_game_from_save(const char* file, const char* text, size_t len, bool quiet,
                        struct murk_mission** m, struct murk_game** g);

/* The game of the save file `file`, open or sealed, for going on with it (`murk play
 * --load`, `murk host --load`). A sealed save opens with both passphrases (from p, else
 * asked for on the terminal), and the sealer keeps its keys for the next saves. Problems
 * are printed, naming the file. MURK_OK, MURK_EAUTH (a passphrase does not open it) or
 * another error code; on error *m and *g may be set and are the caller's to free. */
int murk_game_load(const char* file, struct murk_passes* p, struct murk_sealer* sealer,
                   struct murk_mission** m, struct murk_game** g);
/* The same, but a note for the players (the mission has changed since the save, which plays
 * its own copy: docs/playing.md) goes into note (n bytes; "" when none) instead of stderr. */
int murk_game_load_noted(const char* file, struct murk_passes* p, struct murk_sealer* sealer,
                         char* note, size_t n, struct murk_mission** m, struct murk_game** g);
/* The game of a sealed save's text once the sealer has both side keys
 * (murk_sealer_side_key): the game part opened, the game built. Same results. */
int murk_game_from_sealed(const char* file, const char* text, size_t len,
                          struct murk_sealer* sealer, struct murk_mission** m,
                          struct murk_game** g);

#endif
