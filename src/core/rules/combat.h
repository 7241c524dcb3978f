/* combat.h: combat and morale as murk reads the Flames of War rulebook (combat.c;
 * docs/rules.md, "Combat" and "Morale"): shooting, armour, pinning, assaults, platoon
 * morale, Company Morale, dug in and Concealment. Internal to the core. */
#ifndef MK_COMBAT_H
#define MK_COMBAT_H

#include <stdbool.h>
#include <stddef.h>

#include "murk/command.h"
#include "state.h"

/* Start of `side`'s player turn: platoon morale of its platoons below half strength,
 * Company Morale where the mission uses it, then bailed out crews remount and pinned down
 * platoons rally. True if the game is now over. */
/* Play begins: Concealment (the sci-fi mission special rules) covers the platoons then on the
 * table. */
void mk_combat_begin_play(struct murk_game* g);
/* `side`'s Movement step ends: its platoons that moved are no longer dug in or concealed. */
void mk_combat_after_movement(struct murk_game* g, enum murk_side side);
int mk_combat_shoot(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* a, char* reason, size_t reason_len);
int mk_combat_assault(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                      const struct mk_cmd_args* a, char* reason, size_t reason_len);
/* The half of `shoot` and `assault` that draws no line of sight: shooting, a placed team of
 * own unit `unit` with a weapon that fires has within its range, and within the sight
 * limit (mk_sight_limit; a barrage at night fires blind), a team of enemy unit tu that
 * `side` sees now (where it stands); assaulting, a placed team of `unit` stands within
 * the mission's assault_reach (rule combat) of where `side` knows a team of tu. Every shot and
 * assault the game takes passes it (a team that an own team sees is seen by its side), so shoot and
 * assault refuse at once where it fails, and the view lists no pair that fails it. */
bool mk_combat_in_reach(const struct murk_game* g, enum murk_side side, int unit, int tu,
                        bool shooting);
/* mk_combat_in_reach in its parts, for the view, which asks it of every pair of platoons:
 * what limits a team's reach now (once for all pairs); each own team that counts, with how
 * far it reaches (at most MK_COMBAT_MAX_TEAMS); the cells of the enemy unit's teams it
 * measures to; and whether one of the first is within its reach of one of the second. */
#define MK_COMBAT_MAX_TEAMS (MURK_MISSION_MAX_GROUPS * MURK_MISSION_MAX_TEAMS)
struct mk_reach_rule {
  bool shooting;
  int limit;         /* cells a team sees (mk_sight_limit) */
  bool blind;        /* barrages fire blind (Night Fighting) */
  int assault_reach; /* cells from an assaulting team to a target team (rule combat) */
};
struct mk_reacher {
  struct murk_pos pos;
  int reach;
};
struct mk_reach_rule mk_combat_reach_rule(const struct murk_game* g, enum murk_side side,
                                          bool shooting);
int mk_combat_reachers(const struct murk_game* g, enum murk_side side, int unit,
                       const struct mk_reach_rule* rule, struct mk_reacher* out);
int mk_combat_marks(const struct murk_game* g, enum murk_side side, int tu, bool shooting,
                    struct murk_pos* out);
bool mk_combat_reaches(const struct murk_grid* grid, const struct mk_reacher* own, int nown,
                       const struct murk_pos* at, int nat);
/* Could own unit `unit` shoot at (shooting: in range and in sight) or else assault (within
 * reach) enemy unit tu, as shoot and assault judge it (once-a-step limits aside)? For the
 * view, which asks only the verb of the step. *seen: whether `side` sees tu at all, -1
 * until asked (the caller keeps it for the next of its own units). */
bool mk_combat_targets(const struct murk_game* g, enum murk_side side, int unit, int tu,
                       bool shooting, signed char* seen);

/* Shared with morale.c: teams of unit tu still fighting (alive, not bailed out); a
 * motivation test of unit tu (true: passed); a unit destroyed with the words `how`; one d6
 * rolled for `purpose`. */
int mk_combat_fighters(const struct mk_state* s, enum murk_side side, int tu);
bool mk_combat_motivation_test(struct murk_game* g, enum murk_side side, int tu, const char* what);
void mk_combat_destroy_unit(struct murk_game* g, enum murk_side side, int tu, const char* how);
int mk_combat_d6(struct murk_game* g, const char* purpose);

#endif
