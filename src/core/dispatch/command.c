/* command.c: the command table and the command language (docs/commands.md): one line in,
 * one struct out, and back again.
 *
 * Every verb is one row of `rows` (tmux's cmd_entry idea; command_table.h): its grammar,
 * when it is legal, how its references resolve, whether it can be undone, its usage and its
 * handler. One generic parser and one generic formatter read the grammar, so the text a
 * save writes is exactly what the parser accepts; murk_game_apply() runs the row's guard
 * and resolution (mk_cmd_guard) before the handler, and the view's verbs come from the
 * same rows. */
#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "act.h"
#include "board.h"
#include "combat.h"
#include "command_table.h"
#include "deploy.h"
#include "fog.h"
#include "intel.h"
#include "murk/command.h"
#include "murk/error.h"
#include "murk/suggest.h"
#include "murk/text.h"
#include "night.h"
#include "numbering.h"
#include "placing.h"
#include "reserves.h"
#include "setup.h"
#include "state.h"
#include "victory.h"

/* Handles are small numbers; this keeps a typo like T99999999999 from overflowing. */
#define REF_MAX 9999

_Static_assert(MURK_CMD_NAME == MURK_NAME, "a command holds any objective name a mission gives");

/* ---- when a verb is legal: the checks its row names (each reads only what `side`
 * knows: its own force, the mission, the public state of the game) ---- */

static int has_reserves(const struct murk_game* g, enum murk_side side, char* reason,
                        size_t reason_len) {
  if (mk_reserves_side_nominates(g, side)) return MURK_OK;
  return mk_reject(reason, reason_len, "the %s holds no reserves in this mission",
                   murk_side_name(side));
}

static int has_ambushes(const struct murk_game* g, enum murk_side side, char* reason,
                        size_t reason_len) {
  if (mk_ambush_allowance(g, side, true) + mk_ambush_allowance(g, side, false) > 0) return MURK_OK;
  return mk_reject(reason, reason_len, "the %s holds no ambushes in this mission",
                   murk_side_name(side));
}

static int builds_works(const struct murk_game* g, enum murk_side side, char* reason,
                        size_t reason_len) {
  (void)side;
  for (int k = 0; k < MURK_WORKS_COUNT; k++)
    if (g->m->works_terrain[k] >= 0) return MURK_OK;
  return mk_reject(reason, reason_len, "in this mission nobody builds works: they are on the map");
}

static int has_patrol(const struct murk_game* g, enum murk_side side, char* reason,
                      size_t reason_len) {
  (void)side;
  if (murk_mission_rule_on(g->m, MURK_RULE_NO_MANS_LAND_PATROL)) return MURK_OK;
  return mk_reject(reason, reason_len, "this mission sends out no patrols");
}

/* In play an ambush is only sprung: a platoon of the side must still be in (plain) ambush. */
static int ambush_ready(const struct murk_game* g, enum murk_side side, char* reason,
                        size_t reason_len) {
  const struct mk_state* s = &g->s;
  if (s->phase != MURK_PHASE_PLAY) return MURK_OK;
  for (int i = 0; i < s->nunits[side]; i++)
    if (s->units[side][i].state == MURK_PLATOON_RESERVE && s->units[side][i].ambush == 1)
      return MURK_OK;
  return mk_reject(reason, reason_len, "you hold no platoon in ambush");
}

static int plays_limited_intelligence(const struct murk_game* g, enum murk_side side, char* reason,
                                      size_t reason_len) {
  (void)side;
  if (mk_intel_on(g)) return MURK_OK;
  return mk_reject(reason, reason_len,
                   "Dis counters belong to Limited Intelligence, which this mission "
                   "does not play");
}

/* Limited Intelligence 27.2.2: a wing of the side won its deployment roll and waits to adjust. */
static int adjust_ready(const struct murk_game* g, enum murk_side side, char* reason,
                        size_t reason_len) {
  if (mk_intel_adjust_due(g, side) >= 0) return MURK_OK;
  return mk_reject(reason, reason_len,
                   "a leader adjusts right after its wing wins a deployment roll (Limited "
                   "Intelligence)");
}

static int plays_li(const struct murk_game* g, enum murk_side side, char* reason,
                    size_t reason_len) {
  (void)side;
  if (mk_intel_on(g)) return MURK_OK;
  return mk_reject(reason, reason_len,
                   "adjusting a leader belongs to Limited Intelligence, which this mission does "
                   "not play");
}

/* `end` with an adjustment due leaves the leader where it was spotted first. */
static int end_step(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  if (mk_intel_adjust_due(g, side) >= 0) mk_intel_adjust_none(g, side);
  return mk_phase_end(g, side, c, a, reason, reason_len);
}

/* `place` is played where a rule hides platoons that the enemy's spotting or a lost counter
 * reveals in play: Fog of War, Limited Intelligence, the ASL night rules' cloaks and "?". */
static int plays_placing(const struct murk_game* g, enum murk_side side, char* reason,
                         size_t reason_len) {
  (void)side;
  const struct murk_mission* m = g->m;
  if (murk_mission_rule_on(m, MURK_RULE_FOG_OF_WAR) ||
      murk_mission_rule_on(m, MURK_RULE_LIMITED_INTELLIGENCE) ||
      murk_mission_rule_on(m, MURK_RULE_CLOAKING) || murk_mission_rule_on(m, MURK_RULE_NVR))
    return MURK_OK;
  return mk_reject(reason, reason_len,
                   "placing a revealed platoon belongs to Fog of War, Limited Intelligence and "
                   "the night rules' cloaks, which this mission does not play");
}

static int plays_fog_of_war(const struct murk_game* g, enum murk_side side, char* reason,
                            size_t reason_len) {
  (void)side;
  if (murk_mission_rule_on(g->m, MURK_RULE_FOG_OF_WAR)) return MURK_OK;
  return mk_reject(reason, reason_len,
                   "spotting rolls belong to Flames of War's Fog of War, which this mission "
                   "does not play: here enemies are seen when your units have them in sight");
}

static int names_templates(const struct murk_game* g, enum murk_side side, char* reason,
                           size_t reason_len) {
  (void)side;
  if (murk_mission_rule_on(g->m, MURK_RULE_FOG_OF_WAR)) return MURK_OK;
  return mk_reject(reason, reason_len,
                   "templates belong to Flames of War's Fog of War, which this mission does not "
                   "play: deploy N at X,Y");
}

static int plays_nvr_starshells(const struct murk_game* g, enum murk_side side, char* reason,
                                size_t reason_len) {
  (void)side;
  if (murk_mission_rule_on(g->m, MURK_RULE_NVR)) return MURK_OK;
  return mk_reject(reason, reason_len,
                   "starshells light only night missions played under the ASL night rules' "
                   "Night Visibility Range");
}

static int plays_nvr_rounds(const struct murk_game* g, enum murk_side side, char* reason,
                            size_t reason_len) {
  (void)side;
  if (murk_mission_rule_on(g->m, MURK_RULE_NVR)) return MURK_OK;
  return mk_reject(reason, reason_len,
                   "illuminating rounds light only night missions played under the ASL night "
                   "rules' Night Visibility Range");
}

/* Arrivals are granted by the side's own reserve rolls at the start of its turn. */
static int arrival_ready(const struct murk_game* g, enum murk_side side, char* reason,
                         size_t reason_len) {
  if (mk_reserves_due(g, side) > 0) return MURK_OK;
  return mk_reject(reason, reason_len, "no more of your reserves may arrive this turn");
}

static int removal_ready(const struct murk_game* g, enum murk_side side, char* reason,
                         size_t reason_len) {
  if (mk_deploy_removal_due(g, side) || (g->s.phase == MURK_PHASE_PLAY && g->s.remove_due > 0))
    return MURK_OK;
  return mk_reject(reason, reason_len, "you take away no objectives now");
}

#define WITHDRAW_NOT_DUE                                                                        \
  "no withdrawal is due (the Fighting Withdrawal schedule calls for them at the start of your " \
  "turn)"

static int withdraw_ready(const struct murk_game* g, enum murk_side side, char* reason,
                          size_t reason_len) {
  (void)side;
  if (g->s.withdraw_due > 0) return MURK_OK;
  return mk_reject(reason, reason_len, WITHDRAW_NOT_DUE);
}

/* ---- the table ---- */

static const struct mk_cmd_row rows[MURK_CMD_COUNT] = {
    [MURK_CMD_OBJECTIVE] = {.verb = "objective",
                            .pos_word = "at",
                            .phases = MK_PH(OBJECTIVES),
                            .when = "objectives are placed at the start of setup only",
                            .undo = true,
                            .usage = "objective at X,Y",
                            .handler = mk_setup_objective},
    [MURK_CMD_RESERVE] = {.verb = "reserve",
                          .unit = MK_REFS_OWN,
                          .reserve_kind = true,
                          .available = has_reserves,
                          /* In deployment too, by a side naming its templates' platoons
                           * at its end (numbering.c). */
                          .phases = MK_PH(RESERVES) | MK_PH(DEPLOY),
                          .when = "reserves are nominated before deployment only",
                          .ready = mk_numbering_reserve_ready,
                          .unit_resolve = MK_RESOLVE_OWN,
                          .undo = true,
                          .usage = "reserve N [delayed|scattered|mobile|deep|plain]",
                          .handler = mk_numbering_reserve},
    [MURK_CMD_DEPLOY] = {.verb = "deploy",
                         .unit = MK_REFS_OWN_DUMMY,
                         .reserve_kind = true, /* `hidden` (ASL night rules E1.2) */
                         .pos_word = "at",
                         .phases = MK_PH(DEPLOY) | MK_PH(INDEPENDENTS) | MK_PH(INFILTRATE),
                         .when = "platoons are deployed during setup only",
                         .now_suffix = true,
                         .unit_resolve = MK_RESOLVE_OWN,
                         .undo = true,
                         .usage = "deploy N [hidden] at X,Y | deploy dummy at X,Y",
                         .handler = mk_setup_deploy},
    [MURK_CMD_ARRIVE] = {.verb = "arrive",
                         .unit = MK_REFS_OWN,
                         .pos_word = "at",
                         .phases = MK_PH(PLAY),
                         .steps = MK_ST(MOVEMENT),
                         .when = "reserves arrive in their owner's movement step, after a "
                                 "successful roll",
                         .ready = arrival_ready,
                         .unit_resolve = MK_RESOLVE_OWN,
                         .undo = true,
                         .usage = "arrive N at X,Y  (from reserve)",
                         .handler = mk_reserves_arrive},
    [MURK_CMD_AMBUSH] = {.verb = "ambush",
                         .unit = MK_REFS_OWN,
                         .pos_word = "at",
                         .pos_optional = true,
                         .available = has_ambushes,
                         .phases = MK_PH(RESERVES) | MK_PH(AMBUSH) | MK_PH(PLAY),
                         .steps = MK_ST(MOVEMENT),
                         .when = "platoons are held in ambush while reserves are nominated and "
                                 "sprung after deployment (immediate ambush) or in your movement "
                                 "step",
                         .ready = ambush_ready,
                         .unit_resolve = MK_RESOLVE_OWN,
                         .undo = true,
                         .usage = "ambush N  (hold in ambush) | ambush N at X,Y  (spring it)",
                         .handler = mk_setup_ambush},
    [MURK_CMD_RECCE] = {.verb = "recce",
                        .unit = MK_REFS_UNIT,
                        .pos_word = "to",
                        .phases = MK_PH(RECCE),
                        .when = "reconnaissance deployment moves are made after deployment, "
                                "before the first turn",
                        .unit_resolve = MK_RESOLVE_OWN,
                        .undo = true,
                        .usage = "recce N|Tn to X,Y  (reconnaissance deployment move)",
                        .handler = mk_setup_recce},
    /* The words after "objective" are an objective's name (setup.c finds it). */
    [MURK_CMD_REMOVE] = {.verb = "remove",
                         .keyword = "objective",
                         .name = true,
                         .phases = MK_PH(DEPLOY) | MK_PH(PLAY),
                         .steps = MK_ST_ALL,
                         .when = "you take away no objectives now",
                         .ready = removal_ready,
                         .undo = true,
                         .usage = "remove objective NAME",
                         .handler = mk_setup_remove},
    [MURK_CMD_MOVE] = {.verb = "move",
                       .unit = MK_REFS_UNIT,
                       .pos_word = "to",
                       .via = true,
                       .phases = MK_PH(PLAY),
                       .steps = MK_ST(MOVEMENT),
                       .when = "moves are made in your movement step",
                       .now_suffix = true,
                       .unit_resolve = MK_RESOLVE_OWN,
                       .undo = true,
                       .prompt_rank = 1,
                       .prompt_word = "move",
                       .usage = "move N|Tn to X,Y [via X,Y ...]",
                       .handler = mk_act_move},
    [MURK_CMD_DIS] = {.verb = "dis",
                      .unit = MK_REFS_UNIT,
                      .pos_word = "to",
                      .two_positions = true,
                      .available = plays_limited_intelligence,
                      .phases = MK_PH(PLAY),
                      .steps = MK_ST(MOVEMENT),
                      .when = "Dis counters move in your movement step",
                      .now_suffix = true,
                      .unit_resolve = MK_RESOLVE_OWN,
                      .undo = true,
                      .prompt_rank = 2,
                      .prompt_word = "dis",
                      .usage =
                          "dis N|Tn to X,Y X,Y  (a leader's Dis counters, Limited Intelligence)",
                      .handler = mk_intel_dis},
    /* "at P<n>": an own revealed platoon an independent comes on with; resolved by fog.c. */
    [MURK_CMD_REVEAL] = {.verb = "reveal",
                         .unit = MK_REFS_UNIT,
                         .target = MK_REF_BIT(MURK_REF_PLATOON),
                         .target_optional = true,
                         .via = true,
                         .phases = MK_PH(PLAY),
                         .steps = MK_ST_ALL,
                         .when = "platoons are revealed during play, in your own turn",
                         .unit_resolve = MK_RESOLVE_OWN,
                         .undo = false,
                         .prompt_rank = 9,
                         .prompt_word = "reveal",
                         .usage = "reveal N|Tn [via X,Y ...]  (cells for its other teams) | "
                                  "reveal N at Pn  (an independent comes on with Pn)",
                         .handler = mk_act_reveal},
    [MURK_CMD_SPOT] = {.verb = "spot",
                       .available = plays_fog_of_war,
                       .phases = MK_PH(PLAY),
                       .steps = MK_ST(SHOOTING),
                       .when = "spotting is done at the start of your shooting step",
                       .ready = mk_fog_spot_ready,
                       .undo = false,
                       .prompt_rank = 3,
                       .prompt_word = "spot first",
                       .usage = "spot",
                       .handler = mk_fog_spot},
    [MURK_CMD_SHOOT] = {.verb = "shoot",
                        .unit = MK_REFS_UNIT,
                        .target = MK_REFS_TARGET,
                        .phases = MK_PH(PLAY),
                        .steps = MK_ST(SHOOTING),
                        .when = "shooting is done in your shooting step",
                        .unit_resolve = MK_RESOLVE_OWN,
                        .target_resolve = MK_RESOLVE_ENEMY,
                        .undo = false,
                        .prompt_rank = 4,
                        .prompt_word = "shoot",
                        .usage = "shoot N|Tn at Pn|Tn",
                        .handler = mk_combat_shoot},
    [MURK_CMD_ASSAULT] = {.verb = "assault",
                          .unit = MK_REFS_UNIT,
                          .target = MK_REFS_TARGET,
                          .phases = MK_PH(PLAY),
                          .steps = MK_ST(ASSAULT),
                          .when = "assaults are made in your assault step",
                          .unit_resolve = MK_RESOLVE_OWN,
                          .target_resolve = MK_RESOLVE_ENEMY,
                          .undo = false,
                          .prompt_rank = 7,
                          .prompt_word = "assault",
                          .usage = "assault N|Tn at Pn|Tn",
                          .handler = mk_combat_assault},
    /* What `end` does is the phase's (setup.c's phase table). */
    [MURK_CMD_END] = {.verb = "end",
                      .phases = MK_PH_SETUP | MK_PH(PLAY),
                      .steps = MK_ST_ALL,
                      .when = "the game is over",
                      .ready = mk_phase_end_ready,
                      .undo = false,
                      .usage = "end  (the current step, or your deployment)",
                      .handler = end_step},
    [MURK_CMD_ADJUST] = {.verb = "adjust",
                         .unit = MK_REFS_UNIT,
                         .pos_word = "to",
                         .available = plays_li,
                         .phases = MK_PH(PLAY),
                         .steps = MK_ST_ALL,
                         .when = "a leader adjusts during play",
                         .ready = adjust_ready,
                         .unit_resolve = MK_RESOLVE_OWN,
                         .undo = false,
                         .prompt_rank = 8,
                         .prompt_word = "adjust",
                         .usage = "adjust N|Tn to X,Y  (the leader whose wing won a deployment "
                                  "roll, Limited Intelligence; its own cell: it stays)",
                         .handler = mk_intel_adjust},
    [MURK_CMD_WITHDRAW] = {.verb = "withdraw",
                           .unit = MK_REFS_UNIT,
                           .phases = MK_PH(PLAY),
                           .steps = MK_ST_ALL,
                           .when = WITHDRAW_NOT_DUE,
                           .ready = withdraw_ready,
                           .unit_resolve = MK_RESOLVE_OWN,
                           .undo = true,
                           .usage = "withdraw N|Tn  (Fighting Withdrawal)",
                           .handler = mk_victory_withdraw},
    [MURK_CMD_STARSHELL] = {.verb = "starshell",
                            .unit = MK_REFS_UNIT,
                            .pos_word = "at",
                            .available = plays_nvr_starshells,
                            .phases = MK_PH(PLAY),
                            .steps = MK_ST(MOVEMENT) | MK_ST(SHOOTING),
                            .when = "starshells are fired in your movement step (before the "
                                    "platoon moves) or your shooting step",
                            .unit_resolve = MK_RESOLVE_OWN,
                            .undo = false,
                            .prompt_rank = 5,
                            .prompt_word = "starshell",
                            .usage = "starshell N at X,Y  (light up the night, ASL night rules)",
                            .handler = mk_night_starshell},
    [MURK_CMD_ILLUMINATE] = {.verb = "illuminate",
                             .unit = MK_REFS_UNIT,
                             .pos_word = "at",
                             .available = plays_nvr_rounds,
                             .phases = MK_PH(PLAY),
                             .steps = MK_ST(MOVEMENT) | MK_ST(SHOOTING),
                             .when = "illuminating rounds are fired in your movement step "
                                     "(before the platoon moves) or your shooting step",
                             .unit_resolve = MK_RESOLVE_OWN,
                             .undo = false,
                             .prompt_rank = 6,
                             .prompt_word = "illuminate",
                             .usage =
                                 "illuminate N at X,Y  (an illuminating round, ASL night rules)",
                             .handler = mk_night_illuminate},
    [MURK_CMD_PATROL] = {.verb = "patrol",
                         .unit = MK_REFS_OWN,
                         .pos_word = "at",
                         .available = has_patrol,
                         .phases = MK_PH(PATROL),
                         .when = "patrols go out after deployment",
                         .now_suffix = true,
                         .unit_resolve = MK_RESOLVE_OWN,
                         .undo = true,
                         .usage = "patrol N at X,Y  (No Man's Land patrol)",
                         .handler = mk_setup_patrol},
    [MURK_CMD_CONCEDE] = {.verb = "concede",
                          .phases = MK_PH(PLAY),
                          .steps = MK_ST_ALL,
                          .when = "a battle is conceded during play, in your own turn",
                          .undo = false,
                          .usage = "concede  (give up the battle: the enemy wins)",
                          .handler = mk_victory_concede},
    [MURK_CMD_OFFER] = {.verb = "offer",
                        .keyword = "end",
                        .phases = MK_PH(PLAY),
                        .steps = MK_ST_ALL,
                        .when = "an end is offered during play, in your own turn",
                        .ready = mk_victory_offer_ready,
                        .undo = true,
                        .usage = "offer end  (the enemy answers when it next acts)",
                        .handler = mk_victory_offer},
    [MURK_CMD_ACCEPT] = {.verb = "accept",
                         .keyword = "end",
                         .phases = MK_PH(PLAY),
                         .steps = MK_ST_ALL,
                         .when = "an offer to end the battle is answered during play",
                         .ready = mk_victory_answer_ready,
                         .undo = false,
                         .usage = "accept end  (the enemy's offer: the battle ends, no winner)",
                         .handler = mk_victory_accept},
    [MURK_CMD_REFUSE] = {.verb = "refuse",
                         .keyword = "end",
                         .phases = MK_PH(PLAY),
                         .steps = MK_ST_ALL,
                         .when = "an offer to end the battle is answered during play",
                         .ready = mk_victory_answer_ready,
                         .undo = false,
                         .usage = "refuse end  (the enemy's offer: the battle goes on)",
                         .handler = mk_victory_refuse},
    /* Flames of War missions, No Man's Land: each side places its fortifications, then its
     * obstacles, each piece a straight line between two cells (deploy.c). */
    [MURK_CMD_BUILD] = {.verb = "build",
                        .pos_word = "at",
                        .two_positions = true,
                        .available = builds_works,
                        .phases = MK_PH(FORTIFY) | MK_PH(WIRE),
                        .when = "works are placed first in setup, each side in turn",
                        .now_suffix = true,
                        .undo = true,
                        .usage = "build at X,Y X,Y  (a trench line or wire belt, end to end)",
                        .handler = mk_setup_build},
    /* Luneville, Revealing platoons; Limited Intelligence 27.3.1; the ASL night rules 1.421:
     * the owner puts down the teams of a platoon the enemy's spotting revealed, or that lost
     * its cloak or "?", before the step goes on (fog.c, placing.c). */
    [MURK_CMD_PLACE] =
        {.verb = "place",
         .unit = MK_REFS_UNIT,
         .via = true,
         .available = plays_placing,
         .phases = MK_PH(PLAY),
         .steps = MK_ST_ALL,
         .when = "a platoon's teams are placed when the enemy's spotting or a lost counter "
                 "reveals it",
         .ready = mk_fog_place_ready,
         .unit_resolve = MK_RESOLVE_OWN,
         .undo = false,
         .usage = "place N|Pn [via X,Y ...]  (the teams of your platoon the enemy "
                  "spotted; cells for its other teams, or none for the rule's)",
         .handler = mk_fog_place},
    /* Luneville, Fog of War: a template whose platoon its owner names before its deployment
     * ends (numbering.c; docs/rules.md, "Naming templates at the end of deployment"). */
    [MURK_CMD_TEMPLATE] = {.verb = "template",
                           .pos_word = "at",
                           .available = names_templates,
                           .phases = MK_PH(DEPLOY),
                           .when = "templates are put down in deployment only",
                           .now_suffix = true,
                           .undo = true,
                           .usage = "template at X,Y  (name its platoon before you end: put N at "
                                    "Tn)",
                           .handler = mk_setup_template},
    [MURK_CMD_PUT] = {.verb = "put",
                      .unit = MK_REFS_OWN_DUMMY,
                      .target = MK_REF_BIT(MURK_REF_MARKER),
                      .available = names_templates,
                      .phases = MK_PH(DEPLOY),
                      .when = "a template's platoon is named in deployment only",
                      .now_suffix = true,
                      .ready = mk_numbering_put_ready,
                      .unit_resolve = MK_RESOLVE_OWN,
                      .undo = true,
                      .usage = "put N|dummy at Tn  (the platoon one of your templates holds)",
                      .handler = mk_numbering_put},
};

static const char* const reserve_kinds[] = {"",     "delayed", "scattered", "mobile",
                                            "deep", "plain",   "hidden"};

const struct mk_cmd_row* mk_cmd_row(enum murk_command_kind k) {
  return (unsigned)k < MURK_CMD_COUNT ? &rows[k] : NULL;
}

const char* murk_command_verb(enum murk_command_kind k) {
  return (unsigned)k < MURK_CMD_COUNT ? rows[k].verb : "?";
}

const char* murk_command_usage(enum murk_command_kind k) {
  return (unsigned)k < MURK_CMD_COUNT ? rows[k].usage : "?";
}

unsigned murk_command_phases(enum murk_command_kind k) {
  return (unsigned)k < MURK_CMD_COUNT ? rows[k].phases : 0;
}

const char* murk_command_when(enum murk_command_kind k) {
  return (unsigned)k < MURK_CMD_COUNT ? rows[k].when : "?";
}

/* ---- the guard: once, before any handler ---- */

static bool in_phase(const struct mk_cmd_row* r, const struct mk_state* s) {
  if (!(r->phases & (1u << s->phase))) return false;
  return s->phase != MURK_PHASE_PLAY || (r->steps & (1u << s->step));
}

/* Rule, phase and step, state: may the side use the verb now at all? */
static int legal_now(const struct murk_game* g, enum murk_side side, const struct mk_cmd_row* r,
                     char* reason, size_t reason_len) {
  const struct mk_state* s = &g->s;
  int rc;
  if (r->available && (rc = r->available(g, side, reason, reason_len)) != MURK_OK) return rc;
  /* Limited Intelligence 27.2.2: a won deployment roll is followed by the winner's adjustment. */
  int due = mk_intel_adjust_due(g, side);
  if (due >= 0 && r != &rows[MURK_CMD_ADJUST] && r != &rows[MURK_CMD_END])
    return mk_reject(reason, reason_len,
                     "T%d won the deployment roll: adjust it first (adjust T%d to X,Y, up to %d "
                     "cell%s; its own cell to stay), or end the step to leave it",
                     s->markers[due].number, s->markers[due].number, s->li_adjust.allow,
                     mk_plural(s->li_adjust.allow));
  /* The teams of a platoon the enemy spotted (or that lost its cloak or "?") go down first. */
  int placing = mk_placing_unit(g, side);
  if (placing >= 0 && r != &rows[MURK_CMD_PLACE]) {
    const struct mk_unit_state* pu = &s->units[side][placing];
    if (pu->place_why == MK_PLACE_LOST)
      return mk_reject(reason, reason_len,
                       "P%d has lost its counter: place its teams first (place P%d [via X,Y "
                       "...]; no cells: the rule's)",
                       pu->marker, pu->marker);
    return mk_reject(reason, reason_len,
                     "the %s's spotting revealed P%d: place its teams first (place P%d [via X,Y "
                     "...]; no cells: the rule's)",
                     murk_side_name(murk_side_other(side)), pu->marker, pu->marker);
  }
  /* An offer to end the battle is answered before anything else the side does (but the
   * placing above: it is the offerer's step). */
  if (placing < 0 && s->phase == MURK_PHASE_PLAY && s->end_offer == murk_side_other(side) &&
      r != &rows[MURK_CMD_ACCEPT] && r != &rows[MURK_CMD_REFUSE] && r != &rows[MURK_CMD_CONCEDE])
    return mk_reject(reason, reason_len,
                     "the %s has offered to end the battle: answer it first (accept end or "
                     "refuse end)",
                     murk_side_name(s->end_offer));
  if (!in_phase(r, s)) {
    if (!r->now_suffix) return mk_reject(reason, reason_len, "%s", r->when);
    bool play = s->phase == MURK_PHASE_PLAY;
    return mk_reject(reason, reason_len, "%s (now: %s%s%s)", r->when, play ? "the " : "",
                     play ? murk_step_name(s->step) : murk_phase_name(s->phase),
                     play ? " step" : "");
  }
  if (r->ready && (rc = r->ready(g, side, reason, reason_len)) != MURK_OK) return rc;
  return MURK_OK;
}

int mk_cmd_guard(const struct murk_game* g, enum murk_side side, const struct murk_command* c,
                 struct mk_cmd_args* args, char* reason, size_t reason_len) {
  args->unit = args->marker = args->target = -1;
  const struct mk_cmd_row* r = mk_cmd_row(c->kind);
  if (!r) return mk_reject(reason, reason_len, "unknown command");
  int rc = legal_now(g, side, r, reason, reason_len);
  if (rc != MURK_OK) return rc;
  /* `deploy dummy` names no platoon: the handler puts down a dummy. */
  if (r->unit_resolve == MK_RESOLVE_OWN && c->unit.kind != MURK_REF_DUMMY) {
    rc = mk_ref_own(g, side, c->unit, &args->unit, &args->marker, reason, reason_len);
    if (rc != MURK_OK) return rc;
  }
  if (r->target_resolve == MK_RESOLVE_ENEMY) {
    rc = mk_ref_enemy(g, side, c->target, &args->target, reason, reason_len);
    if (rc != MURK_OK) return rc;
  }
  return MURK_OK;
}

unsigned mk_cmd_verbs_in_rules(const struct murk_game* g, enum murk_side side) {
  unsigned verbs = 0;
  for (int k = 0; k < MURK_CMD_COUNT; k++)
    if (!rows[k].available || rows[k].available(g, side, NULL, 0) == MURK_OK) verbs |= 1u << k;
  return verbs;
}

unsigned mk_cmd_verbs_now(const struct murk_game* g, enum murk_side side) {
  const struct mk_state* s = &g->s;
  if (s->phase == MURK_PHASE_OVER) return 0;
  /* The owner of a platoon the enemy's spotting revealed places it, and nothing else. */
  enum murk_side placing = mk_placing_side(g);
  if (placing != MURK_NO_SIDE) return side == placing ? 1u << MURK_CMD_PLACE : 0;
  if (side != s->to_act) return 0;
  /* legal_now's checks for every row, the cheap ones first: the answer is the same (each
   * check is a question, and a verb is legal only if every one says yes), and a view asks
   * this for every decision, where most rows are out of their phase or step. */
  bool adjusting = mk_intel_adjust_due(g, side) >= 0;
  bool answering = s->phase == MURK_PHASE_PLAY && s->end_offer == murk_side_other(side);
  unsigned verbs = 0;
  for (int k = 0; k < MURK_CMD_COUNT; k++) {
    const struct mk_cmd_row* r = &rows[k];
    if (!in_phase(r, s)) continue;
    if (answering && k != MURK_CMD_ACCEPT && k != MURK_CMD_REFUSE && k != MURK_CMD_CONCEDE)
      continue;
    if (adjusting && r != &rows[MURK_CMD_ADJUST] && r != &rows[MURK_CMD_END]) continue;
    if (r->available && r->available(g, side, NULL, 0) != MURK_OK) continue;
    if (r->ready && r->ready(g, side, NULL, 0) != MURK_OK) continue;
    verbs |= 1u << k;
  }
  return verbs;
}

/* ---- the lexer: words separated by blanks, '#' ends the line ---- */

struct token {
  const char* s;
  size_t len;
  int col; /* 1-based */
};

struct parser {
  const char* line;
  size_t pos;
  char* err;
  size_t errlen;
  int* errcol;
};

static bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/* Next word, or false at the end of the line or a comment. */
static bool next_token(struct parser* p, struct token* t) {
  const char* s = p->line;
  while (s[p->pos] && is_blank(s[p->pos])) p->pos++;
  if (!s[p->pos] || s[p->pos] == '#') return false;
  size_t start = p->pos;
  while (s[p->pos] && !is_blank(s[p->pos]) && s[p->pos] != '#') p->pos++;
  t->s = s + start;
  t->len = p->pos - start;
  t->col = (int)start + 1;
  return true;
}

static bool peek_token(struct parser* p, struct token* t) {
  struct parser save = *p;
  bool ok = next_token(p, t);
  *p = save;
  return ok;
}

/* The column just past the last word: where a missing word would go. */
static int end_col(const struct parser* p) {
  size_t end = 0;
  for (size_t i = 0; p->line[i] && p->line[i] != '#'; i++)
    if (!is_blank(p->line[i])) end = i + 1;
  return (int)end + 1;
}

static bool tok_is(const struct token* t, const char* word) {
  size_t n = strlen(word);
  if (t->len != n) return false;
  for (size_t i = 0; i < n; i++)
    if (tolower((unsigned char)t->s[i]) != (unsigned char)word[i]) return false;
  return true;
}

/* A word for a message: at most 24 characters, so a pasted essay stays readable. */
static void tok_text(const struct token* t, char* buf, size_t n) {
  size_t len = t->len < 24 ? t->len : 24;
  snprintf(buf, n, "%.*s%s", (int)len, t->s, t->len > len ? "..." : "");
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int
fail(struct parser* p, int col, const char* fmt, ...) {
  if (p->err && p->errlen) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->err, p->errlen, fmt, ap);
    va_end(ap);
  }
  if (p->errcol) *p->errcol = col;
  return MURK_EINVAL;
}

/* The verb nearest to a word, if it is near enough to be a slip of the fingers. */
static const char* suggest_verb(const struct token* t) {
  const char* verbs[MURK_CMD_COUNT];
  for (size_t k = 0; k < MURK_CMD_COUNT; k++) verbs[k] = rows[k].verb;
  return murk_suggest(t->s, t->len, verbs, MURK_CMD_COUNT);
}

/* ---- a bounded string builder ---- */

struct out {
  char* buf;
  size_t n, len;
  bool truncated;
};

static void put(struct out* o, const char* s) {
  size_t sl = strlen(s);
  if (o->len + sl >= o->n) {
    o->truncated = true;
    if (o->n > o->len) {
      memcpy(o->buf + o->len, s, o->n - o->len - 1);
      o->len = o->n - 1;
      o->buf[o->len] = '\0';
    }
    return;
  }
  memcpy(o->buf + o->len, s, sl + 1);
  o->len += sl;
}

/* ---- the pieces of a command ---- */

static int parse_number(const struct token* t, size_t from, int* out) {
  if (from >= t->len) return -1;
  long v = 0;
  for (size_t i = from; i < t->len; i++) {
    if (!isdigit((unsigned char)t->s[i])) return -1;
    v = v * 10 + (t->s[i] - '0');
    if (v > REF_MAX) return -2;
  }
  *out = (int)v;
  return 0;
}

static int ref_error(struct parser* p, const struct token* t, unsigned accept, const char* what,
                     enum murk_ref_kind got) {
  char word[32];
  tok_text(t, word, sizeof word);
  if (accept == MK_REFS_TARGET && got == MURK_REF_OWN)
    return fail(p, t->col, "name the %s by the handle your map shows (T5 or P5), not '%s'", what,
                word);
  if (accept == MK_REFS_OWN && got == MURK_REF_MARKER)
    return fail(p, t->col, "name the platoon by its roster number, like 3, not '%s'", word);
  if (accept == MK_REFS_OWN_DUMMY)
    return fail(p, t->col, "expected a platoon number or 'dummy', got '%s'", word);
  if (accept == MK_REFS_OWN)
    return fail(p, t->col, "expected a platoon number, like 3, got '%s'", word);
  if (accept == MK_REFS_TARGET)
    return fail(p, t->col, "expected a target like T5 or P5, got '%s'", word);
  return fail(p, t->col, "expected a platoon number or marker, like 3 or T3, got '%s'", word);
}

/* A handle: 3, T3, P3 or dummy (case-insensitive). */
static int parse_ref(struct parser* p, const struct token* t, unsigned accept, const char* what,
                     struct murk_ref* out) {
  enum murk_ref_kind kind = MURK_REF_NONE;
  int n = 0, rc = -1;
  if (tok_is(t, "dummy")) {
    kind = MURK_REF_DUMMY;
    rc = 0;
  } else if (t->len > 0 && isdigit((unsigned char)t->s[0])) {
    kind = MURK_REF_OWN;
    rc = parse_number(t, 0, &n);
  } else if (t->len > 1 && (t->s[0] == 'T' || t->s[0] == 't')) {
    kind = MURK_REF_MARKER;
    rc = parse_number(t, 1, &n);
  } else if (t->len > 1 && (t->s[0] == 'P' || t->s[0] == 'p')) {
    kind = MURK_REF_PLATOON;
    rc = parse_number(t, 1, &n);
  }
  if (rc == -2) {
    char word[32];
    tok_text(t, word, sizeof word);
    return fail(p, t->col, "'%s' is too large for a %s handle", word, what);
  }
  if (rc != 0 || !(accept & MK_REF_BIT(kind))) return ref_error(p, t, accept, what, kind);
  if (kind != MURK_REF_DUMMY && n < 1)
    return fail(p, t->col, "%s numbers start at 1", kind == MURK_REF_OWN ? "platoon" : "marker");
  out->kind = kind;
  out->n = kind == MURK_REF_DUMMY ? 0 : n;
  return MURK_OK;
}

/* A position "12,07". "12, 07" (a blank after the comma) is forgiven. */
static int parse_pos(struct parser* p, const char* after, struct murk_pos* out) {
  struct token t;
  if (!next_token(p, &t))
    return fail(p, end_col(p), "expected a position like 12,07 after '%s'", after);
  char buf[40];
  size_t len = t.len < sizeof buf - 1 ? t.len : sizeof buf - 1;
  memcpy(buf, t.s, len);
  buf[len] = '\0';
  struct token more;
  if (len > 0 && buf[len - 1] == ',' && peek_token(p, &more) && isdigit((unsigned char)more.s[0]) &&
      len + more.len < sizeof buf) {
    next_token(p, &more);
    memcpy(buf + len, more.s, more.len);
    buf[len + more.len] = '\0';
  }
  if (t.len >= sizeof buf - 1 || murk_pos_parse(buf, out) != 0) {
    char word[32];
    tok_text(&t, word, sizeof word);
    return fail(p, t.col, "expected a position like 12,07, got '%s'", word);
  }
  return MURK_OK;
}

static int expect_word(struct parser* p, const char* word, const char* after) {
  struct token t;
  if (!next_token(p, &t)) return fail(p, end_col(p), "expected '%s' after %s", word, after);
  if (!tok_is(&t, word)) {
    char got[32], msg[64];
    tok_text(&t, got, sizeof got);
    snprintf(msg, sizeof msg, "%s, got '%s'", after, got);
    return fail(p, t.col, "expected '%s' after %s", word, msg);
  }
  return MURK_OK;
}

static int parse_args(struct parser* p, const struct mk_cmd_row* e, struct murk_command* c) {
  char after[40];
  snprintf(after, sizeof after, "'%s'", e->verb);
  struct token t;
  int rc;

  if (e->keyword) {
    if ((rc = expect_word(p, e->keyword, after)) != 0) return rc;
    snprintf(after, sizeof after, "'%s %s'", e->verb, e->keyword);
  }

  if (e->unit) {
    if (!next_token(p, &t)) {
      const char* want = e->unit == MK_REFS_OWN         ? "a platoon number"
                         : e->unit == MK_REFS_OWN_DUMMY ? "a platoon number or 'dummy'"
                                                        : "a platoon number or marker (3 or T3)";
      return fail(p, end_col(p), "expected %s after %s", want, after);
    }
    if ((rc = parse_ref(p, &t, e->unit, "platoon", &c->unit)) != 0) return rc;
    snprintf(after, sizeof after, "the unit");
  }

  if (e->name) { /* the rest of the line, up to a comment */
    if (!peek_token(p, &t)) return fail(p, end_col(p), "expected a name after %s", after);
    const char* s = p->line + p->pos;
    size_t len = strcspn(s, "#");
    char text[256];
    if (len < sizeof text) {
      memcpy(text, s, len);
      text[len] = '\0';
    }
    if (len >= sizeof text || murk_text_name(text, c->name, sizeof c->name) == 0) {
      char word[32];
      tok_text(&t, word, sizeof word);
      return fail(p, t.col, "'%s' starts no name an objective can have (at most %d characters)",
                  word, MURK_CMD_NAME - 1);
    }
    while (next_token(p, &t)) {
    }
  }

  /* The word's place holds a reserve kind (`reserve`) or `hidden` (`deploy`, before "at"). */
  if (e->reserve_kind && peek_token(p, &t) && !(e->pos_word && tok_is(&t, e->pos_word))) {
    size_t k;
    for (k = 1; k < sizeof reserve_kinds / sizeof reserve_kinds[0]; k++)
      if (tok_is(&t, reserve_kinds[k])) break;
    if (k == sizeof reserve_kinds / sizeof reserve_kinds[0]) {
      char word[32];
      tok_text(&t, word, sizeof word);
      if (e->pos_word)
        return fail(p, t.col, "unknown word '%s' (expected hidden or %s)", word, e->pos_word);
      return fail(p, t.col, "unknown reserve kind '%s' (expected %s)", word,
                  "delayed, scattered, mobile, deep or plain");
    }
    next_token(p, &t);
    c->reserve = (enum murk_reserve_kind)k;
  }

  if (e->pos_word && e->pos_optional && !peek_token(p, &t)) {
    c->at = (struct murk_pos){-1, -1};
  } else if (e->pos_word) {
    if ((rc = expect_word(p, e->pos_word, after)) != 0) return rc;
    if ((rc = parse_pos(p, e->pos_word, &c->at)) != 0) return rc;
    if (e->two_positions) {
      if (!peek_token(p, &t))
        return fail(p, end_col(p), "expected two positions after '%s', like 12,07 13,08",
                    e->pos_word);
      if ((rc = parse_pos(p, "the first position", &c->at2)) != 0) return rc;
    }
  }

  if (e->target && e->target_optional && !(peek_token(p, &t) && tok_is(&t, "at"))) {
    c->target = (struct murk_ref){MURK_REF_NONE, 0};
  } else if (e->target) {
    if ((rc = expect_word(p, "at", after)) != 0) return rc;
    if (!next_token(p, &t))
      return fail(p, end_col(p), "expected a target like T5 or P5 after 'at'");
    if ((rc = parse_ref(p, &t, e->target, "target", &c->target)) != 0) return rc;
  }

  if (e->via && peek_token(p, &t) && tok_is(&t, "via")) {
    next_token(p, &t);
    /* One or more waypoints; a repeated "via" between them is allowed. */
    do {
      if (peek_token(p, &t) && tok_is(&t, "via")) next_token(p, &t);
      if (c->nvia == MURK_CMD_MAX_WAYPOINTS) {
        peek_token(p, &t);
        return fail(p, t.col, "too many waypoints (at most %d)", MURK_CMD_MAX_WAYPOINTS);
      }
      if ((rc = parse_pos(p, "via", &c->via[c->nvia])) != 0) return rc;
      c->nvia++;
    } while (peek_token(p, &t));
  }

  if (next_token(p, &t)) {
    char word[32];
    tok_text(&t, word, sizeof word);
    return fail(p, t.col, "unexpected '%s' (usage: %s)", word, e->usage);
  }
  return MURK_OK;
}

int murk_command_parse(const char* line, struct murk_command* out, char* err, size_t errlen,
                       int* errcol) {
  struct parser p = {.line = line ? line : "", .err = err, .errlen = errlen, .errcol = errcol};
  if (err && errlen) err[0] = '\0';
  if (errcol) *errcol = 0;
  struct token t;
  if (!next_token(&p, &t)) return 0;

  const struct mk_cmd_row* e = NULL;
  for (size_t k = 0; k < MURK_CMD_COUNT; k++)
    if (tok_is(&t, rows[k].verb)) e = &rows[k];
  if (!e) {
    char word[32];
    tok_text(&t, word, sizeof word);
    const char* near = suggest_verb(&t);
    if (near) return fail(&p, t.col, "unknown command '%s' (did you mean '%s'?)", word, near);
    char list[256];
    struct out o = {list, sizeof list, 0, false};
    for (size_t k = 0; k < MURK_CMD_COUNT; k++) {
      put(&o, k ? ", " : "");
      put(&o, rows[k].verb);
    }
    return fail(&p, t.col, "unknown command '%s' (commands: %s)", word, list);
  }

  struct murk_command c;
  memset(&c, 0, sizeof c);
  c.kind = (enum murk_command_kind)(e - rows);
  int rc = parse_args(&p, e, &c);
  if (rc != 0) return rc;
  if (out) *out = c;
  return 1;
}

int murk_command_remove_objective(struct murk_command* c, const char* name) {
  memset(c, 0, sizeof *c); /* as murk_command_parse leaves it */
  c->kind = MURK_CMD_REMOVE;
  return name && murk_text_name(name, c->name, sizeof c->name) > 0 ? MURK_OK : MURK_EINVAL;
}

/* ---- back to text ---- */

static bool put_ref(struct out* o, struct murk_ref r, unsigned accept) {
  if (!(accept & MK_REF_BIT(r.kind))) return false;
  if (r.kind != MURK_REF_DUMMY && (r.n < 1 || r.n > REF_MAX)) return false;
  switch (r.kind) {
    case MURK_REF_OWN:
      put(o, " ");
      break;
    case MURK_REF_MARKER:
      put(o, " T");
      break;
    case MURK_REF_PLATOON:
      put(o, " P");
      break;
    case MURK_REF_DUMMY:
      put(o, " dummy");
      return true;
    default:
      return false;
  }
  /* r.n is 1 to REF_MAX: its digits by hand, as "%d" writes them (every try writes its
   * command out, and snprintf would be the costly part of it). */
  char d[12];
  size_t k = sizeof d - 1;
  d[k] = '\0';
  for (unsigned u = (unsigned)r.n; u; u /= 10) d[--k] = (char)('0' + u % 10);
  put(o, d + k);
  return true;
}

static bool put_pos(struct out* o, struct murk_pos p) {
  char b[32];
  /* Negative cells cannot be written back in a form the parser accepts. */
  if (p.x < 0 || p.y < 0) return false;
  int len = murk_pos_format(p, b, sizeof b);
  if (len < 0 || (size_t)len >= sizeof b) return false;
  put(o, " ");
  put(o, b);
  return true;
}

int murk_command_format(const struct murk_command* c, char* buf, size_t n) {
  if (buf && n) buf[0] = '\0';
  if (!c || !buf || n == 0 || (unsigned)c->kind >= MURK_CMD_COUNT) return MURK_EINVAL;
  const struct mk_cmd_row* e = &rows[c->kind];
  struct out o = {buf, n, 0, false};
  bool ok = true;

  put(&o, e->verb);
  if (e->keyword) {
    put(&o, " ");
    put(&o, e->keyword);
  }
  if (e->unit) ok = ok && put_ref(&o, c->unit, e->unit);
  if (e->name) {
    char name[MURK_CMD_NAME];
    size_t len = strnlen(c->name, sizeof c->name);
    /* Only a name as the parser leaves it: it reads back the same. */
    ok = ok && len > 0 && len < sizeof c->name &&
         murk_text_name(c->name, name, sizeof name) == len && memcmp(name, c->name, len) == 0;
    if (ok) {
      put(&o, " ");
      put(&o, name);
    }
  }
  if (e->reserve_kind) {
    if ((unsigned)c->reserve >= sizeof reserve_kinds / sizeof reserve_kinds[0])
      ok = false;
    else if (c->reserve != MURK_RESERVE_DEFAULT) {
      put(&o, " ");
      put(&o, reserve_kinds[c->reserve]);
    }
  }
  if (e->pos_word && e->pos_optional && c->at.x == -1 && c->at.y == -1) {
    /* left out ("ambush 3") */
  } else if (e->pos_word) {
    put(&o, " ");
    put(&o, e->pos_word);
    ok = ok && put_pos(&o, c->at);
    if (e->two_positions) ok = ok && put_pos(&o, c->at2);
  }
  if (e->target && e->target_optional && c->target.kind == MURK_REF_NONE) {
    /* left out ("reveal 3") */
  } else if (e->target) {
    put(&o, " at");
    ok = ok && put_ref(&o, c->target, e->target);
  }
  if (e->via && c->nvia) {
    if (c->nvia < 0 || c->nvia > MURK_CMD_MAX_WAYPOINTS) ok = false;
    put(&o, " via");
    for (int i = 0; ok && i < c->nvia; i++) ok = put_pos(&o, c->via[i]);
  }
  if (!ok) {
    buf[0] = '\0';
    return MURK_EINVAL;
  }
  return o.truncated ? MURK_ENOSPACE : MURK_OK;
}
