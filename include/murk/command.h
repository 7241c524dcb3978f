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
/* Room for an objective's name in a command: a mission's names are as long (MURK_NAME). */
#define MURK_CMD_NAME 48

/* The verbs. Everything else about a verb - its word, grammar, the phases and steps it is
 * legal in, how its references resolve, whether it can be undone, its usage text and its
 * handler - is one row of the command table (src/core/dispatch/command.c). */
enum murk_command_kind {
  MURK_CMD_OBJECTIVE,
  MURK_CMD_RESERVE,
  MURK_CMD_DEPLOY,
  MURK_CMD_ARRIVE,
  MURK_CMD_AMBUSH,
  MURK_CMD_RECCE,
  MURK_CMD_REMOVE,
  MURK_CMD_MOVE,
  MURK_CMD_DIS,
  MURK_CMD_REVEAL,
  MURK_CMD_SPOT,
  MURK_CMD_SHOOT,
  MURK_CMD_ASSAULT,
  MURK_CMD_END,
  MURK_CMD_WITHDRAW,
  MURK_CMD_STARSHELL,
  MURK_CMD_ILLUMINATE,
  MURK_CMD_ADJUST,
  MURK_CMD_PATROL,
  MURK_CMD_CONCEDE,
  MURK_CMD_OFFER,
  MURK_CMD_ACCEPT,
  MURK_CMD_REFUSE,
  MURK_CMD_BUILD,
  MURK_CMD_PLACE,
  MURK_CMD_TEMPLATE,
  MURK_CMD_PUT,
  MURK_CMD_COUNT
};
/* The verb's word ("move") and its usage ("move N|Tn to X,Y [via X,Y ...]"); "?" for a
 * kind out of range. A view says which verbs its side may use now (murk_view.verbs). */
const char* murk_command_verb(enum murk_command_kind k);
const char* murk_command_usage(enum murk_command_kind k);
/* The phases the verb is used in (bits 1u << MURK_PHASE_x, phase.h; 0 for a kind out of
 * range), and when it is legal in the words its refusal uses ("moves are made in your
 * movement step"): for a front-end's keys, which start a verb only in its phases. */
unsigned murk_command_phases(enum murk_command_kind k);
const char* murk_command_when(enum murk_command_kind k);

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
  MURK_RESERVE_DEEP = 4,  /* Deep Strike (40k mission special rules) */
  MURK_RESERVE_PLAIN = 5, /* plain Reserves, named where a side may hold several kinds */
  /* Not a reserve: `deploy N hidden at X,Y`, the night defender's hidden setup (ASL night rules,
   * 1.2), shares the word's place in the grammar. */
  MURK_RESERVE_HIDDEN = 6,
};

struct murk_command {
  enum murk_command_kind kind;
  struct murk_ref unit;   /* the acting unit */
  struct murk_ref target; /* shoot / assault target */
  struct murk_pos at;     /* deploy / objective / move destination; -1,-1 where a
                             position may be left out (ambush N) and was */
  struct murk_pos at2;    /* dis: the second cell (one for each Dis counter) */
  struct murk_pos via[MURK_CMD_MAX_WAYPOINTS];
  int nvia;
  enum murk_reserve_kind reserve;
  /* remove objective: the objective's name as views show it, blanks between its words one
   * space (objectives placed in setup are named by their number: "2") */
  char name[MURK_CMD_NAME];
};

/* Parse one line. Returns 1 and fills *out for a command, 0 for a blank or comment-only
 * line, or MURK_EINVAL with a message in err and the 1-based column of the problem in
 * *errcol. */
int murk_command_parse(const char* line, struct murk_command* out, char* err, size_t errlen,
                       int* errcol);

/* Make *c the command `remove objective NAME` for the objective a view shows by `name`
 * (murk_view.objectives[i].name): the one way the TUI and the players name it. Returns
 * MURK_OK, or MURK_EINVAL for a name no command line can hold (empty, too long, or with a
 * '#', which starts a comment; mission files refuse such names). */
int murk_command_remove_objective(struct murk_command* c, const char* name);

/* Write a command back as a canonical line (no newline), as saves store it; parsing it
 * gives *c back. Returns MURK_OK, MURK_EINVAL (a field the grammar cannot express; buf gets
 * "") or MURK_ENOSPACE (truncated). */
int murk_command_format(const struct murk_command* c, char* buf, size_t n);

#endif
