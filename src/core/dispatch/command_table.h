/* command_table.h: the command table (tmux's cmd_entry), private to src/core.
 *
 * One row per verb, in src/core/dispatch/command.c: its word and grammar (read by the parser and
 * the formatter), when it is legal (the mission's rule that gives it, the phases and steps, a state
 * check), how its unit and target references resolve, whether it can be undone, its usage text and
 * its handler. murk_game_apply() runs the guard and the resolution of a row once (mk_cmd_guard), so
 * handlers get resolved indices and check neither phase nor step; the view's `verbs` and the play
 * prompt come from the same rows (mk_cmd_verbs_now). */
#ifndef MK_COMMAND_TABLE_H
#define MK_COMMAND_TABLE_H

#include <stdbool.h>
#include <stddef.h>

#include "murk/command.h"
#include "murk/phase.h"
#include "state.h"

/* A command handler: MURK_OK, MURK_EREJECTED (reason written) or MURK_ENOMEM. Called only
 * in a phase and step its row allows, with its references resolved in `a`. */
typedef int (*mk_cmd_fn)(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                         const struct mk_cmd_args* a, char* reason, size_t reason_len);

/* Which handles a grammar slot accepts (bits of 1 << murk_ref_kind). */
#define MK_REF_BIT(k) (1u << (k))
#define MK_REFS_OWN MK_REF_BIT(MURK_REF_OWN)
#define MK_REFS_OWN_DUMMY (MK_REF_BIT(MURK_REF_OWN) | MK_REF_BIT(MURK_REF_DUMMY))
/* An own unit: its roster number, its marker, or the P-handle its revealed platoon shows
 * in the side's roster (mk_ref_own reads T and P alike). */
#define MK_REFS_UNIT \
  (MK_REF_BIT(MURK_REF_OWN) | MK_REF_BIT(MURK_REF_MARKER) | MK_REF_BIT(MURK_REF_PLATOON))
#define MK_REFS_TARGET (MK_REF_BIT(MURK_REF_MARKER) | MK_REF_BIT(MURK_REF_PLATOON))

/* How a reference resolves before the handler runs. */
enum mk_cmd_resolve {
  MK_RESOLVE_NONE = 0, /* not resolved (no reference, or it names something else) */
  MK_RESOLVE_OWN,      /* own platoon by number or own marker: args.unit, args.marker */
  MK_RESOLVE_ENEMY,    /* an enemy marker or revealed platoon: args.target */
};

/* Phases and steps as bits. */
#define MK_PH(id) (1u << MURK_PHASE_##id)
#define MK_ST(id) (1u << MURK_STEP_##id)
#define MK_PH_SETUP                                                                     \
  (MK_PH(OBJECTIVES) | MK_PH(RESERVES) | MK_PH(FORTIFY) | MK_PH(WIRE) | MK_PH(DEPLOY) | \
   MK_PH(PATROL) | MK_PH(INDEPENDENTS) | MK_PH(INFILTRATE) | MK_PH(AMBUSH) | MK_PH(RECCE))
#define MK_ST_ALL (MK_ST(STARTING) | MK_ST(MOVEMENT) | MK_ST(SHOOTING) | MK_ST(ASSAULT))

/* A check of a row: MURK_OK, or MURK_EREJECTED with the reason (reason may be NULL when
 * only the answer matters, as for the view's verbs). Reads only what `side` knows. */
typedef int (*mk_cmd_check_fn)(const struct murk_game* g, enum murk_side side, char* reason,
                               size_t reason_len);

struct mk_cmd_row {
  const char* verb;
  /* Grammar: verb [keyword] [unit | name] [reserve-kind] [pos_word X,Y [X,Y]] [at target]
   * [via X,Y...] */
  const char* keyword;  /* a word right after the verb ("remove objective 2"), or NULL */
  unsigned unit;        /* accepted unit handles; 0: no unit */
  bool name;            /* the rest of the line names something (an objective), into `name` */
  bool reserve_kind;    /* optional delayed|scattered|... after the unit */
  const char* pos_word; /* "at" / "to" before the position; NULL: no position */
  bool pos_optional;    /* the position may be left out (then -1,-1): "ambush 3" */
  bool two_positions;   /* a second position right after the first, into `at2` */
  unsigned target;      /* accepted target handles after "at"; 0: no target */
  bool target_optional; /* the target may be left out (then MURK_REF_NONE): "reveal 3" */
  bool via;             /* optional waypoints */
  /* When: the mission's rule or force gives the verb to the side (NULL: always), the
   * phases (and in play the steps) it is legal in, with the reason given outside them
   * ("(now: ...)" added when now_suffix), then a check of the state (NULL: none). */
  mk_cmd_check_fn available;
  unsigned phases, steps;
  const char* when;
  bool now_suffix;
  mk_cmd_check_fn ready;
  /* Resolution of the unit and target references. */
  enum mk_cmd_resolve unit_resolve, target_resolve;
  bool undo; /* may be taken back (false: it always rolls, reveals or hands over) */
  /* The play prompt lists the verb at this rank (0: not listed) with this word. */
  int prompt_rank;
  const char* prompt_word;
  const char* usage;
  mk_cmd_fn handler;
};

/* The row of a kind (NULL out of range). */
const struct mk_cmd_row* mk_cmd_row(enum murk_command_kind k);
/* The phase/step guard and the reference resolution of c's row, as apply() runs them before
 * the handler. MURK_OK and *args filled, or MURK_EREJECTED with the reason. */
int mk_cmd_guard(const struct murk_game* g, enum murk_side side, const struct murk_command* c,
                 struct mk_cmd_args* args, char* reason, size_t reason_len);
/* The verbs the mission's rules and forces give `side` at all (the rows' `available`
 * checks), whatever the phase: bits 1u << MURK_CMD_x. */
unsigned mk_cmd_verbs_in_rules(const struct murk_game* g, enum murk_side side);
/* The verbs `side` may use now: bits 1u << MURK_CMD_x; 0 when it is not its turn. */
unsigned mk_cmd_verbs_now(const struct murk_game* g, enum murk_side side);

#endif
