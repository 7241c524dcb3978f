/* game.h: a game in play - the whole truth. Opaque.
 *
 * A game is a pure function of (mission, seed, commands): created from a loaded mission
 * and a seed, changed only by murk_game_apply, and every change is reported as events
 * (event.h). Front-ends never read a game: they build a per-side view (view.h).
 *
 * Ownership: the mission must outlive the game; the game never frees it. */
#ifndef MURK_GAME_H
#define MURK_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "murk/command.h"
#include "murk/dice.h"
#include "murk/event.h"
#include "murk/mission.h"
#include "murk/phase.h"
#include "murk/side.h"

struct murk_game;

/* Create a game. Setup events (phase, side rolls) are already in its log.
 * Returns MURK_OK, MURK_ENOMEM or MURK_EINVAL (a mission the game cannot start). */
int murk_game_new(const struct murk_mission* m, uint64_t seed, struct murk_game** out);
/* Create a live game whose dice come from a secret 256-bit seed (dice.h,
 * murk_rng_seed_key): the caller gathers it from the system's random source; the core
 * only uses it. murk_game_seed is then 0. Same results as murk_game_new. */
int murk_game_new_keyed(const struct murk_mission* m, const unsigned char key[MURK_DICE_KEY_BYTES],
                        struct murk_game** out);
void murk_game_free(struct murk_game* g);
/* How a game ended, by name (murk sim counts them): each a row of victory.c's table. */
enum murk_ended {
  MURK_ENDED_NONE = 0,    /* not over */
  MURK_ENDED_OBJECTIVE,   /* an objective taken */
  MURK_ENDED_HELD,        /* the defence held (no attackers in the half, near objectives) */
  MURK_ENDED_WITHDRAWAL,  /* the rearguard held (Fighting Withdrawal) */
  MURK_ENDED_DESTROYED,   /* a force with no platoons left */
  MURK_ENDED_MORALE,      /* a company broke (Company Morale) */
  MURK_ENDED_TURN_LIMIT,  /* the mission's turn limit */
  MURK_ENDED_GAME_LENGTH, /* Random Game Length */
  MURK_ENDED_LAST_TURN,   /* the last turn set for the game (murk_game_set_last_turn) */
  MURK_ENDED_CONCEDED,    /* a side conceded */
  MURK_ENDED_AGREED,      /* both sides agreed to end the battle */
  MURK_ENDED_COUNT
};
enum murk_ended murk_game_ended(const struct murk_game* g);
/* Its name, a word or two ("company morale", "agreed end"); "?" out of range. */
const char* murk_ended_name(enum murk_ended e);

/* A last turn for tournament-length play (murk play and murk sim --last-turn N; saves keep
 * it as "# last-turn: N"): after game turn `turn` the game ends, and the mission's rule for
 * a game without a winner decides. It only shortens a game (the mission's own limit still
 * holds); 0 for none. MURK_OK, or MURK_EINVAL for a turn below 0 or once play has begun. */
int murk_game_set_last_turn(struct murk_game* g, int turn);
int murk_game_last_turn(const struct murk_game* g);

/* Apply a command as `side`. MURK_OK: applied, events appended. MURK_EREJECTED: nothing
 * changed (not even the generator), the reason for the player is in reason. */
int murk_game_apply(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    char* reason, size_t reason_len);

/* Parse and apply one line of the command language. Blank/comment lines: MURK_OK, no
 * change. Parse errors: MURK_EINVAL with the reason (and *errcol, 1-based, if not NULL). */
int murk_game_apply_line(struct murk_game* g, enum murk_side side, const char* line, char* reason,
                         size_t reason_len, int* errcol);

/* Who is to act now (the one side that may send commands). MURK_NO_SIDE when over. */
enum murk_side murk_game_to_act(const struct murk_game* g);
enum murk_phase murk_game_phase(const struct murk_game* g);
enum murk_step murk_game_step(const struct murk_game* g);
int murk_game_turn(const struct murk_game* g);
const struct murk_mission* murk_game_mission(const struct murk_game* g);
/* The force `side` plays (with `setup: {sides: roll}` the die may give a side the
 * mission's other force). NULL for anything but the attacker or the defender. */
const struct murk_force* murk_game_force(const struct murk_game* g, enum murk_side side);
/* Does `side` know something the other side does not: an event told to it alone (its setup,
 * its reserves, what its templates hold, its own rolls' consequences...), or what it sees
 * under double-blind sight? Until it does, its view is all public, and so is every answer
 * the game gives its commands: a hand-over to it needs no passphrase (docs/fair-play.md). */
bool murk_game_side_has_secrets(const struct murk_game* g, enum murk_side side);
uint64_t murk_game_seed(const struct murk_game* g);
/* A keyed game's dice key (MURK_DICE_KEY_BYTES), for its save; NULL for a game seeded with
 * a number (an "open" game: its seed tells every die). */
const unsigned char* murk_game_dice_key(const struct murk_game* g);
/* The parts a keyed game's dice key was drawn from (MURK_DICE_PARTS_BYTES: opaque to the
 * rules, kept for the game's save and its record), or NULL when none were given. */
const unsigned char* murk_game_dice_parts(const struct murk_game* g);
void murk_game_set_dice_parts(struct murk_game* g,
                              const unsigned char parts[MURK_DICE_PARTS_BYTES]);

/* Who plays each side (side.h, enum murk_seat): the front-end says it, saves keep it, the
 * rules never read it. MURK_SEAT_NONE until set. */
void murk_game_set_seat(struct murk_game* g, enum murk_side side, enum murk_seat seat);
enum murk_seat murk_game_seat(const struct murk_game* g, enum murk_side side);
/* How well the computer's seat plays (side.h, enum murk_level), kept with the seats: normal
 * until set. */
void murk_game_set_level(struct murk_game* g, enum murk_level level);
enum murk_level murk_game_level(const struct murk_game* g);

/* The command log: every applied command, canonical text, in order (saves keep it). A
 * line is valid until the game next changes. */
size_t murk_game_log_count(const struct murk_game* g);
const char* murk_game_log_line(const struct murk_game* g, size_t i);
/* Which side sent log line i. */
enum murk_side murk_game_log_side(const struct murk_game* g, size_t i);

/* How many of the acting side's last commands may be taken back: those of the current
 * step after the last roll or reveal. */
int murk_game_undoable(const struct murk_game* g);
/* Why nothing can be taken back now, in words for the side to act ("" when something can):
 * a roll, a change in what a side sees or knows, or play on the table (docs/rules.md,
 * "Undo"). */
const char* murk_game_undo_why(const struct murk_game* g);
/* Take back the last command (rebuilds the game from its log). MURK_EREJECTED if none. */
int murk_game_undo(struct murk_game* g, char* reason, size_t reason_len);

/* The result once over (empty string before). */
const char* murk_game_result(const struct murk_game* g);
enum murk_side murk_game_winner(const struct murk_game* g);
/* A side's victory points once the game is over (0 before; docs/rules.md, "Victory
 * points"). */
int murk_game_vp(const struct murk_game* g, enum murk_side side);

/* Drop the events so far: a batch run whose views have read them all (murk run prints as
 * it goes) keeps memory flat however long its script. Views updated afterwards go on from
 * where they were, numbering their events as before; a view built afterwards starts at the
 * next event, numbered as if it had seen the dropped ones. Undo and saves need only the
 * command log, which stays whole; a view that had not read every dropped event misses
 * them (its numbering stays right). */
void murk_game_drop_events(struct murk_game* g);

#endif
