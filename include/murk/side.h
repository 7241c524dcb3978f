/* side.h: the two sides of a mission. */
#ifndef MURK_SIDE_H
#define MURK_SIDE_H

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

#endif
