/* marker.h: marker kinds as operations (docs/architecture.md), private to src/core.
 *
 * Rule modules differ in how their markers move, when the enemy sees them, what a reveal
 * does and how they are described; everything else about a marker (an owner, a public
 * number, a place, secret contents that may be empty) is the same record. Each kind is one
 * row of operations (marker.c): a Fog-of-War template (Luneville), a platoon revealed from
 * its marker, an ASL cloaking counter (ASL night rules), a Limited Intelligence wing leader and a
 * leader's Dis counters (Limited Intelligence). Code that would ask "what kind of marker is this?"
 * asks the row instead. */
#ifndef MK_MARKER_H
#define MK_MARKER_H

#include <stdbool.h>
#include <stddef.h>

#include "state.h"

enum mk_marker_role {
  MK_ROLE_TEMPLATE = 0, /* a Fog-of-War template on the table */
  MK_ROLE_PLATOON,      /* a platoon revealed from its marker: its teams on the table */
  MK_ROLE_CLOAK,        /* a cloaking counter on the table */
  MK_ROLE_CONCEALED,    /* the night defender's "?" counter on the table (ASL night rules E1.2) */
  MK_ROLE_WING,         /* a wing leader on the table */
  MK_ROLE_DIS,          /* a wing leader's Dis counters */
  MK_ROLE_COUNT
};

/* Who moves and reveals a marker of a kind. */
enum mk_marker_act {
  MK_ACT_NONE = 0, /* neither: a Dis counter moves by `dis` (intel.c) */
  MK_ACT_COUNTER,  /* a counter over a hidden platoon or a dummy: fog.c moves it, its reveal
                    * turns it over */
  MK_ACT_PLATOON,  /* a revealed platoon: fog.c moves its teams; it is revealed already */
  MK_ACT_WING      /* a Limited Intelligence wing leader: intel.c moves and deploys it */
};

struct mk_marker_ops {
  const char* name;   /* the noun players read: "template", "cloaking counter", ... */
  const char* plural; /* and its plural: "templates", "cloaking counters", ... */
  /* How an enemy uncovers it, for a refusal ("spot it first": a template, Luneville); NULL
   * when nothing the enemy types does (it shows once seen, or when it deploys). */
  const char* uncover;
  /* How far (cells) `side`'s marker mi (unit: its platoon; -1 for a dummy, or mi -1 for a
   * platoon revealed without one) may move this step over ground of class cls (road, open,
   * difficult), the rules of its kind applied (the FoW lengths, the cloak's MF, the wing's
   * pace, the slowest team). The one home of each kind's allowance: move.c's
   * mk_move_allowance, and through it every move and the view, reads this. -1: it has
   * nothing on the table to move. */
  int (*allowance)(const struct murk_game* g, enum murk_side side, int mi, int unit,
                   enum murk_terrain_class cls);
  /* The allowance is the same on every ground (cls is not read): asked once a move. */
  bool one_pace;
  /* Which rule moves and reveals it (act.c's `move` and `reveal` dispatch on it, above the
   * rule modules this table sits below). */
  enum mk_marker_act act;
  /* Moving through a lit cell loses it (ASL night rules E1.31): night.c says when. */
  bool lost_in_light;
  /* It may end a move where its own teams stand (a revealed platoon's teams make way). */
  bool self_end;
  /* A difficult cell on its way calls for a bogging check (Luneville). */
  bool bogs;
  /* The enemy sees it wherever it stands (templates and leader counters are put down in the
   * open); false: so does the enemy on the texts' open table, but under double_blind only
   * where it has it in sight (sight.c). */
  bool seen_anywhere;
  /* Fill what the view says of the marker's contents beyond its platoon's (name, type, teams
   * alive); NULL: the platoon's own. Called only for a view that knows the contents. */
  void (*describe)(const struct murk_game* g, int mi, struct murk_view_marker* vm);
};

/* The role of a marker of kind k on the table. */
enum mk_marker_role mk_kind_role(enum murk_marker_kind k);
/* The role of marker mi as it stands now. */
enum mk_marker_role mk_marker_role(const struct murk_game* g, int mi);
/* The operations of a role, and of marker mi (its current role). */
const struct mk_marker_ops* mk_marker_ops_of(enum mk_marker_role role);
const struct mk_marker_ops* mk_marker_ops(const struct murk_game* g, int mi);
/* What an own unit or marker named by a command is now: the operations of its marker on the
 * table, or of its revealed platoon; NULL when it is neither (not on the table). */
const struct mk_marker_ops* mk_marker_ops_for(const struct murk_game* g, enum murk_side side,
                                              int unit, int mi);
/* The noun of the markers `side` puts down for its dummies under the rules in force (a
 * Limited Intelligence leader, a Fog-of-War template, an ASL cloaking counter), from the
 * kind's row; "marker(s)" when the mission gives the side no dummies of any kind. */
const char* mk_marker_dummy_noun(const struct murk_game* g, enum murk_side side, bool plural);
/* The kind of marker `side`'s dummies are (view.h's dummy_kind). */
enum murk_marker_kind mk_marker_dummy_kind(const struct murk_game* g, enum murk_side side);
/* How far marker mi may move over ground of class cls (its row's allowance). */
int mk_marker_allowance(const struct murk_game* g, int mi, enum murk_terrain_class cls);

#endif
