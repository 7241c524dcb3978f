/* command_table.h: the command table (tmux's cmd_entry), private to src/core.
 *
 * One row per verb, in src/core/command.c: its word and grammar (read by the parser and the
 * formatter), when it is legal (the mission's rule that gives it, the phases and steps, a
 * state check), how its unit and target references resolve, whether it can be undone, its
 * usage text and its handler. murk_game_apply() runs the guard and the resolution of a row
 * once (murk_cmd_guard), so handlers get resolved indices and check neither phase nor step;
 * the view's `verbs` and the play prompt come from the same rows (murk_cmd_verbs_now). */
#ifndef MURK_COMMAND_TABLE_H
#define MURK_COMMAND_TABLE_H

#include <stdbool.h>
#include <stddef.h>

#include "game_internal.h"

/* Which handles a grammar slot accepts (bits of 1 << murk_ref_kind). */
#define MURK_REF_BIT(k) (1u << (k))
#define MURK_REFS_OWN MURK_REF_BIT(MURK_REF_OWN)
#define MURK_REFS_OWN_DUMMY (MURK_REF_BIT(MURK_REF_OWN) | MURK_REF_BIT(MURK_REF_DUMMY))
#define MURK_REFS_UNIT (MURK_REF_BIT(MURK_REF_OWN) | MURK_REF_BIT(MURK_REF_MARKER))
#define MURK_REFS_TARGET (MURK_REF_BIT(MURK_REF_MARKER) | MURK_REF_BIT(MURK_REF_PLATOON))

/* How a reference resolves before the handler runs. */
enum murk_cmd_resolve {
  MURK_RESOLVE_NONE = 0, /* not resolved (no reference, or it names something else) */
  MURK_RESOLVE_OWN,      /* own platoon by number or own marker: args.unit, args.marker */
  MURK_RESOLVE_ENEMY,    /* an enemy marker or revealed platoon: args.target */
};

/* Phases and steps as bits. */
#define MURK_PH(id) (1u << MURK_PHASE_##id)
#define MURK_ST(id) (1u << MURK_STEP_##id)
#define MURK_PH_SETUP                                                                  \
  (MURK_PH(OBJECTIVES) | MURK_PH(RESERVES) | MURK_PH(DEPLOY) | MURK_PH(INDEPENDENTS) | \
   MURK_PH(INFILTRATE) | MURK_PH(AMBUSH) | MURK_PH(RECCE))
#define MURK_ST_ALL (MURK_ST(STARTING) | MURK_ST(MOVEMENT) | MURK_ST(SHOOTING) | MURK_ST(ASSAULT))

/* A check of a row: MURK_OK, or MURK_EREJECTED with the reason (reason may be NULL when
 * only the answer matters, as for the view's verbs). Reads only what `side` knows. */
typedef int (*murk_cmd_check_fn)(const struct murk_game* g, enum murk_side side, char* reason,
                                 size_t reason_len);

struct murk_cmd_row {
  const char* verb;
  /* Grammar: verb [keyword] [unit] [reserve-kind] [pos_word X,Y [X,Y]] [at target]
   * [via X,Y...] */
  const char* keyword;  /* a word right after the verb ("remove objective 2"), or NULL */
  unsigned unit;        /* accepted unit handles; 0: no unit */
  bool reserve_kind;    /* optional delayed|scattered|... after the unit */
  const char* pos_word; /* "at" / "to" before the position; NULL: no position */
  bool pos_optional;    /* the position may be left out (then -1,-1): "ambush 3" */
  bool two_positions;   /* a second position right after the first, into `at2` */
  unsigned target;      /* accepted target handles after "at"; 0: no target */
  bool via;             /* optional waypoints */
  /* When: the mission's rule or force gives the verb to the side (NULL: always), the
   * phases (and in play the steps) it is legal in, with the reason given outside them
   * ("(now: ...)" added when now_suffix), then a check of the state (NULL: none). */
  murk_cmd_check_fn available;
  unsigned phases, steps;
  const char* when;
  bool now_suffix;
  murk_cmd_check_fn ready;
  /* Resolution of the unit and target references. */
  enum murk_cmd_resolve unit_resolve, target_resolve;
  bool undo; /* may be taken back (false: it always rolls, reveals or hands over) */
  /* The play prompt lists the verb at this rank (0: not listed) with this word. */
  int prompt_rank;
  const char* prompt_word;
  const char* usage;
  murk_cmd_fn handler;
};

/* The row of a kind (NULL out of range). */
const struct murk_cmd_row* murk_cmd_row(enum murk_command_kind k);
/* The phase/step guard and the reference resolution of c's row, as apply() runs them before
 * the handler. MURK_OK and *args filled, or MURK_EREJECTED with the reason. */
int murk_cmd_guard(const struct murk_game* g, enum murk_side side, const struct murk_command* c,
                   struct murk_cmd_args* args, char* reason, size_t reason_len);
/* May `side` use verb k now, as far as its row says (rule, phase, step, state)? */
bool murk_cmd_legal_now(const struct murk_game* g, enum murk_side side, enum murk_command_kind k);
/* The verbs the mission's rules and forces give `side` at all (the rows' `available`
 * checks), whatever the phase: bits 1u << MURK_CMD_x. */
unsigned murk_cmd_verbs_in_rules(const struct murk_game* g, enum murk_side side);
/* The verbs `side` may use now: bits 1u << MURK_CMD_x; 0 when it is not its turn. */
unsigned murk_cmd_verbs_now(const struct murk_game* g, enum murk_side side);

#endif
