/* event.h: what happened, and who may know it.
 *
 * Every change to a game is reported as events (docs/architecture.md). Each event has an
 * audience: everyone, or one side only. A side's view and its --as transcript hold only
 * the events whose audience includes it; the umpire's transcript holds them all. The
 * text is made by the core when the event happens, from what that audience may know, so
 * no front-end can print more than its side's events say. */
#ifndef MURK_EVENT_H
#define MURK_EVENT_H

#include <stdbool.h>

#include "murk/dice.h"
#include "murk/geom.h"
#include "murk/side.h"

enum murk_audience {
  MURK_AUD_ALL = 0,
  MURK_AUD_ATTACKER = 1,
  MURK_AUD_DEFENDER = 2,
};

/* The audience made of one side. */
static inline enum murk_audience murk_audience_of(enum murk_side s) {
  return s == MURK_ATTACKER ? MURK_AUD_ATTACKER : MURK_AUD_DEFENDER;
}
/* Does `side` (MURK_NO_SIDE: the umpire) see an event for `aud`? */
static inline bool murk_audience_includes(enum murk_audience aud, enum murk_side side) {
  return side == MURK_NO_SIDE || aud == MURK_AUD_ALL || aud == murk_audience_of(side);
}
const char* murk_audience_name(enum murk_audience a); /* "all", "attacker", "defender" */

#define MURK_EVENT_KIND_LIST(X)                                             \
  X(PHASE, "phase")         /* setup phase, turn, step changes */           \
  X(ROLL, "roll")           /* a die roll: `roll` is filled */              \
  X(OBJECTIVE, "objective") /* an objective placed */                       \
  X(DEPLOY, "deploy")       /* a marker or platoon deployed */              \
  X(RESERVE, "reserve")     /* nominated to / arriving from reserve */      \
  X(MOVE, "move")           /* a marker or platoon moved */                 \
  X(BOG, "bog")             /* bogged or unbogged */                        \
  X(REVEAL, "reveal")       /* a marker revealed (or removed as a dummy) */ \
  X(PLACE, "place")         /* a team placed on reveal */                   \
  X(SPOT, "spot")           /* a spotting attempt */                        \
  X(SHOOT, "shoot")         /* shooting and its results */                  \
  X(ASSAULT, "assault")     /* assaults and their results */                \
  X(LOSS, "loss")           /* a team or platoon destroyed */               \
  X(END, "end")             /* the game ended; result */                    \
  X(INFO, "info")           /* anything else a player should read */

enum murk_event_kind {
#define MURK_EVENT_ENUM(id, name) MURK_EV_##id,
  MURK_EVENT_KIND_LIST(MURK_EVENT_ENUM)
#undef MURK_EVENT_ENUM
      MURK_EV_COUNT
};

#define MURK_EVENT_TEXT 200

struct murk_event {
  int seq;               /* 1, 2, ... in the order they happened (all audiences) */
  int turn;              /* game turn; 0 during setup */
  enum murk_side active; /* side whose turn it was */
  enum murk_event_kind kind;
  enum murk_audience audience;
  char text[MURK_EVENT_TEXT]; /* for people: what this audience may know */
  /* Structured facts for front-ends (all public to the audience): */
  enum murk_side side;      /* side the event is about */
  int marker;               /* public marker number (T<n>), 0 if none */
  struct murk_pos from, to; /* positions, when the event has them */
  bool has_pos;
  bool has_roll;
  struct murk_roll roll; /* ROLL events */
};

/* One transcript line: "  12 all       t1 attacker: T3 moves 05,20 -> 07,18".
 * Returns what snprintf returns. */
int murk_event_format(const struct murk_event* e, char* buf, unsigned n);

#endif
