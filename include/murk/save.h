/* save.h: scripts and saves, one text format (docs/commands.md, "Scripts and saves").
 *
 * A script is lines of the command language (command.h) under a few header comments:
 *
 *   # murk-save: 1                               saves only: the format version
 *   # mission: data/missions/luneville.yaml      the mission file, as the loader was given it
 *   # mission-hash: 8f3a0c1d22e4b9a7             saves: FNV-1a 64 of the mission file's bytes
 *   # seed: 7                                    or, for a live game's secret dice:
 *   # dice-key: 64 hex digits                    (sealed saves keep it inside the seal)
 *   # dice-parts: 192 hex digits                 what a hosted game's key was drawn from
 *   # seats: attacker=human defender=computer    saves: who plays each side (side.h), and
 *                                                " level=easy" after them when not normal
 *   # with: double_blind fog_of_war              rules added when the game started
 *   # last-turn: 6                               the game's last turn (murk_game_set_last_turn)
 *   # mission-id: luneville                      saves: the mission's id (its file's stem)
 *   # mission-text: 10746 bytes                  saves: the mission file itself follows,
 *   #| id: luneville                             one "#| " line per line of it, so that a
 *   #| ...                                       save needs no file to go on (its hash above)
 *   attacker: objective at 12,04                 "attacker:"/"defender:" asserts the side
 *   end                                          without a prefix: the side to act
 *
 * A save is a script with the hash, written from a game's command log, so a save is a
 * replay (docs/architecture.md). Headers are the comment lines before the first command;
 * other comments are ignored anywhere. This module only parses and writes memory
 * buffers: reading and writing files is the front-end's business. */
#ifndef MURK_SAVE_H
#define MURK_SAVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "murk/command.h"
#include "murk/diag.h"
#include "murk/dice.h"
#include "murk/side.h"

struct murk_game;

/* The save format this program writes and the newest it reads. */
#define MURK_SAVE_VERSION 2 /* 2: an open save ends with its hash chain */

/* One command line of a script. */
struct murk_script_line {
  int line;            /* 1-based line number in the text */
  int col;             /* 1-based column where the command starts (after any prefix) */
  enum murk_side side; /* asserted by an "attacker:"/"defender:" prefix; MURK_NO_SIDE if none */
  int side_col;        /* 1-based column of that prefix; 0 if none */
  char* text;          /* the command as written, without prefix, comment or outer blanks */
  int status;          /* MURK_OK: `cmd` holds it; MURK_EINVAL: it does not parse */
  struct murk_command cmd;
  char* error; /* why it does not parse (NULL when status is MURK_OK) */
  int errcol;  /* 1-based column of the problem in the line */
};

struct murk_script {
  char* mission;    /* "# mission:" path, or NULL */
  int mission_line; /* where it was given (0 if not read from text) */
  bool has_seed;
  uint64_t seed;
  bool has_key; /* "# dice-key:": a keyed game (dice.h, murk_rng_seed_key) */
  unsigned char key[MURK_DICE_KEY_BYTES];
  bool has_parts; /* "# dice-parts:" (murk_game_dice_parts) */
  unsigned char parts[MURK_DICE_PARTS_BYTES];
  bool has_hash;
  uint64_t mission_hash;
  int version;    /* "# murk-save:" version; 0 for a plain script */
  bool has_seats; /* "# seats:": who plays each side (both given) */
  enum murk_seat seat[MURK_SIDES];
  enum murk_level level; /* on the seats line: how well the computer plays */
  char* with;       /* "# with:" rules added to the mission (murk_mission_add_rules), or NULL */
  int with_line;    /* where it was given */
  int last_turn;    /* "# last-turn:": the game's last turn (game.h), 0 for none */
  char* mission_id; /* "# mission-id:", or NULL */
  /* "# mission-text:" and its "#|" lines: the mission file's bytes (NUL-terminated too),
   * or NULL; checked against the header's length, not against the hash (the caller's). */
  char* mission_text;
  size_t mission_text_len;
  int mission_text_line; /* where the header was given */
  struct murk_script_line* lines;
  size_t nlines;
  size_t cap;
};

/* An empty script (no headers, no lines). NULL when out of memory. */
struct murk_script* murk_script_new(void);
/* Free a script and everything in it. NULL is fine. */
void murk_script_free(struct murk_script* s);

/* Parse a script or a save from memory (len bytes; need not be NUL-terminated).
 *
 * Problems with the headers (a seed that is not a number, a hash that is not 16 hex
 * digits, a save version newer than MURK_SAVE_VERSION, a header given twice) or with the
 * text itself (a NUL byte) go to diags with their line and column, and the result is
 * MURK_EINVAL with *out NULL. A command line that does not parse is NOT an error here: it
 * is kept with status MURK_EINVAL, because a run applies the lines before it first and
 * stops there. Returns MURK_OK, MURK_EINVAL or MURK_ENOMEM. The caller frees *out. */
int murk_script_parse(const char* data, size_t len, struct murk_script** out,
                      struct murk_diags* diags);

/* The same in two steps, so that a long script is applied line by line without keeping
 * its lines: murk_script_parse_head reads the headers (the same problems go to diags)
 * into *out, which gets no lines, and sets *body to where the commands begin; then each
 * murk_script_next fills *l with the next command line from *pos (*lineno counts lines:
 * start it at the number of lines before *body, that is the '\n's in data[0, *body)),
 * freeing what l held. murk_script_next returns 1 (a line; see its status), 0 (no more)
 * or MURK_ENOMEM; murk_script_line_clear frees what l holds. */
int murk_script_parse_head(const char* data, size_t len, struct murk_script** out, size_t* body,
                           struct murk_diags* diags);
int murk_script_next(const char* data, size_t len, size_t* pos, int* lineno,
                     struct murk_script_line* l);
void murk_script_line_clear(struct murk_script_line* l);

/* Append a command line (parsed like a line of text; line number: nlines + 1). The text
 * is copied. Returns MURK_OK (even if the command does not parse: see status), MURK_EINVAL
 * (text with a line break) or MURK_ENOMEM. */
int murk_script_add(struct murk_script* s, enum murk_side side, const char* text);

/* Write a script as text: its headers (murk-save, mission, mission-hash, seed: those it
 * has), then one line per command, each with its side prefix when it has one. *out is a
 * new NUL-terminated buffer the caller frees with murk_free; *len its length. Returns
 * MURK_OK, MURK_EINVAL (a mission path or command with a line break) or MURK_ENOMEM. */
int murk_script_format(const struct murk_script* s, char** out, size_t* len);

/* The save of a game: version, mission path, id and hash, seed (or dice key), its seats (when
 * both are set: murk_game_set_seat), the mission's text, every applied command with the side
 * that sent it, and the chain line. Same ownership and results as
 * murk_script_format. */
int murk_save_game(const struct murk_game* g, char** out, size_t* len);

/* ---- the hash chain of an open save (docs/fair-play.md) ----
 *
 * An open save ends with "# chain: HEX" (64 hex digits): H over its lines in turn,
 * H_0 = BLAKE2b("murk open save"), H_i = BLAKE2b keyed with H_{i-1} over line i (with its
 * line break). It finds damage (a cut, a changed byte); it does not stop anyone editing
 * the file on purpose and writing a new chain: an open save can be edited. */
#define MURK_CHAIN_HEX 64

/* Append the chain line to a save made by murk_save_game (*text grows; murk_free it).
 * Returns MURK_OK or MURK_ENOMEM (then *text is unchanged). */
int murk_save_append_chain(char** text, size_t* len);

/* Check a save's chain. MURK_OK when every chain line matches the lines before it (a
 * journal has one after each record) and the last line is one, or when it has no chain
 * line at all and none is required (a script, or a version 1 save, from before chains). MURK_EINVAL
 * when the chain does not match, is not the last line, or is required and missing: *line (may be
 * NULL) gets the 1-based line of the chain (0: none). */
int murk_save_check_chain(const char* data, size_t len, bool required, int* line);

/* ---- the journal of an open save (`murk run --autosave`) ----
 *
 * Rewriting the whole save after every command costs time that grows with the game; a
 * journal appends instead: after a whole save (its chain line last), one record per
 * command, its line as a save writes it and a chain line over everything before. A crash
 * mid-append leaves a torn last record, which loaders drop: the game goes on from the
 * record before. murk_save_check_chain checks every chain line of a journal. */
struct murk_chain {
  unsigned char h[32]; /* the chain over every line so far */
};

/* The chain over data (a whole save, its chain line included), to append records to. */
void murk_save_chain_start(struct murk_chain* c, const char* data, size_t len);

/* Write the record of one command into out ("side: command\n# chain: HEX\n", NUL-
 * terminated) and move the chain past it. Returns the record's length, MURK_EINVAL (a
 * line break in the command) or MURK_ENOSPACE (n too small; 64 + MURK_CHAIN_HEX more than
 * the line is enough). */
int murk_save_journal_record(struct murk_chain* c, enum murk_side side, const char* command,
                             char* out, size_t n);

/* How much of data (a save, perhaps a journal) to read: all of it, or, when its tail after
 * the last whole chain line is a torn record (at most its command line and the start of
 * its chain line), the part before that tail. Anything else after the last chain line is
 * kept for murk_save_check_chain to refuse. */
size_t murk_save_journal_whole(const char* data, size_t len);

/* A short fingerprint of a game's history (its dice and every command with its side),
 * "xxxx-xxxx-xxxx", keyed with key (keylen 16..64 bytes; NULL: unkeyed) so that a side
 * cannot test guesses of the enemy's commands against it. buf gets at least 15 bytes. */
void murk_game_fingerprint(const struct murk_game* g, const unsigned char* key, size_t keylen,
                           char* buf, size_t n);

#endif
