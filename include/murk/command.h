/* command.h: the one command language of scripts, the TUI command line and saves
 * (docs/commands.md).
 *
 * One command a line; '#' starts a comment. Own platoons are named by their roster
 * number (the order of the mission's force list, from 1); enemy markers by the handle the
 * acting side's view shows: T<n> for a template (or counter), P<n> for the platoon
 * revealed from marker n. Positions are "x,y" (column, row). */
#ifndef MURK_COMMAND_H
#define MURK_COMMAND_H

#include <stddef.h>

#include "murk/geom.h"
#include "murk/side.h"

#define MURK_CMD_MAX_WAYPOINTS 8

/* X(id, verb, usage) */
#define MURK_COMMAND_LIST(X)                                                             \
  X(OBJECTIVE, "objective", "objective at X,Y")                                          \
  X(RESERVE, "reserve", "reserve N [delayed|scattered|mobile|deep|plain]")               \
  X(DEPLOY, "deploy", "deploy N at X,Y | deploy dummy at X,Y")                           \
  X(ARRIVE, "arrive", "arrive N at X,Y  (from reserve)")                                 \
  X(AMBUSH, "ambush", "ambush N  (hold in ambush) | ambush N at X,Y  (spring it)")       \
  X(RECCE, "recce", "recce N|Tn to X,Y  (reconnaissance deployment move)")               \
  X(REMOVE, "remove", "remove objective N")                                              \
  X(MOVE, "move", "move N|Tn to X,Y [via X,Y ...]")                                      \
  X(DIS, "dis", "dis N|Tn to X,Y X,Y  (a leader's Dis counters, Limited Intelligence)")  \
  X(REVEAL, "reveal", "reveal N|Tn")                                                     \
  X(SPOT, "spot", "spot")                                                                \
  X(SHOOT, "shoot", "shoot N|Tn at Pn|Tn")                                               \
  X(ASSAULT, "assault", "assault N|Tn at Pn|Tn")                                         \
  X(END, "end", "end  (the current step, or your deployment)")                           \
  X(WITHDRAW, "withdraw", "withdraw N|Tn  (Fighting Withdrawal)")                        \
  X(STARSHELL, "starshell", "starshell N at X,Y  (light up the night, ASL night rules)") \
  X(ILLUMINATE, "illuminate", "illuminate N at X,Y  (an illuminating round, ASL night rules)")

enum murk_command_kind {
#define MURK_CMD_ENUM(id, verb, usage) MURK_CMD_##id,
  MURK_COMMAND_LIST(MURK_CMD_ENUM)
#undef MURK_CMD_ENUM
      MURK_CMD_COUNT
};
const char* murk_command_verb(enum murk_command_kind k);
const char* murk_command_usage(enum murk_command_kind k);

/* What a command names. */
enum murk_ref_kind {
  MURK_REF_NONE = 0,
  MURK_REF_OWN = 1,     /* own platoon by roster number `n` */
  MURK_REF_MARKER = 2,  /* T<n>: own or enemy marker by public number */
  MURK_REF_PLATOON = 3, /* P<n>: the revealed enemy platoon of marker n */
  MURK_REF_DUMMY = 4,   /* the word `dummy` */
};

struct murk_ref {
  enum murk_ref_kind kind;
  int n;
};

enum murk_reserve_kind {
  MURK_RESERVE_DEFAULT = 0, /* the mission's kind */
  MURK_RESERVE_DELAYED = 1,
  MURK_RESERVE_SCATTERED = 2,
  MURK_RESERVE_MOBILE = 3,
  MURK_RESERVE_DEEP = 4,  /* Deep Strike (seed 004) */
  MURK_RESERVE_PLAIN = 5, /* plain Reserves, named where a side may hold several kinds */
};

struct murk_command {
  enum murk_command_kind kind;
  struct murk_ref unit;   /* the acting unit (remove: the objective's number) */
  struct murk_ref target; /* shoot / assault target */
  struct murk_pos at;     /* deploy / objective / move destination; -1,-1 where a
                             position may be left out (ambush N) and was */
  struct murk_pos at2;    /* dis: the second cell (one for each Dis counter) */
  struct murk_pos via[MURK_CMD_MAX_WAYPOINTS];
  int nvia;
  enum murk_reserve_kind reserve;
};

/* Parse one line. Returns 1 and fills *out for a command, 0 for a blank or comment-only
 * line, or MURK_EINVAL with a message in err and the 1-based column of the problem in
 * *errcol. */
int murk_command_parse(const char* line, struct murk_command* out, char* err, size_t errlen,
                       int* errcol);

/* Write a command back as a canonical line (no newline), as saves store it; parsing it
 * gives *c back. Returns MURK_OK, MURK_EINVAL (a field the grammar cannot express; buf gets
 * "") or MURK_ENOSPACE (truncated). */
int murk_command_format(const struct murk_command* c, char* buf, size_t n);

#endif
