/* side.h: the two sides of a mission. */
#ifndef MURK_SIDE_H
#define MURK_SIDE_H

#include <stddef.h>

enum murk_side {
  MURK_NO_SIDE = -1,
  MURK_ATTACKER = 0,
  MURK_DEFENDER = 1,
};
#define MURK_SIDES 2

/* "attacker" / "defender" / "none". */
const char* murk_side_name(enum murk_side s);
/* Parse "attacker" or "defender"; MURK_NO_SIDE if neither. */
enum murk_side murk_side_parse(const char* s);
/* The other side. */
static inline enum murk_side murk_side_other(enum murk_side s) {
  return s == MURK_ATTACKER ? MURK_DEFENDER : MURK_ATTACKER;
}

/* Who plays a side (docs/playing.md, "Seats"): a person at this keyboard, the computer, or
 * a person at another terminal (`murk join`). Kept with a game for its saves; the rules
 * never read it. */
enum murk_seat {
  MURK_SEAT_NONE = 0, /* not said (a script, or a save older than seats) */
  MURK_SEAT_HUMAN = 1,
  MURK_SEAT_COMPUTER = 2,
  MURK_SEAT_REMOTE = 3,
};
#define MURK_SEAT_KINDS 4

/* How well the computer plays (`murk play --level`, docs/playing.md): normal (the computer
 * player) or easy (it plays like the greedy player). Kept with a game for its saves; the
 * rules never read it. */
enum murk_level {
  MURK_LEVEL_NORMAL = 0,
  MURK_LEVEL_EASY = 1,
};
#define MURK_LEVELS 2
/* "normal" / "easy"; and back (len bytes of s), -1 for anything else. */
const char* murk_level_name(enum murk_level l);
int murk_level_parse(const char* s, size_t len);

/* "human" / "computer" / "remote" / "none". */
const char* murk_seat_name(enum murk_seat s);
/* Parse one of those names (len bytes of s); MURK_SEAT_NONE for anything else. */
enum murk_seat murk_seat_parse(const char* s, size_t len);

#endif
