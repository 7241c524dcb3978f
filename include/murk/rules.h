/* rules.h: the registry of special rules a mission may switch on, with their parameters.
 *
 * Rules are data (Angband's list-*.h files): one X-macro list names every rule, the text
 * it comes from, and every parameter with its type and documented default. The mission
 * loader checks names and values against it; rule code reads values back by id.
 * docs/mission-format.md documents each entry; docs/rules.md explains each rule. */
#ifndef MURK_RULES_H
#define MURK_RULES_H

#include <stdbool.h>

#include "murk/dice.h"
#include "murk/geom.h"

/* X(id, yaml name, source: the rule text, by its key in docs/sources.md) */
#define MURK_RULE_LIST(X)                                       \
  X(FOG_OF_WAR, "fog_of_war", "luneville")                      \
  X(THICK_MORNING_FOG, "thick_morning_fog", "luneville")        \
  X(LOST_IN_THE_FOG, "lost_in_the_fog", "luneville")            \
  X(MEETING_ENGAGEMENT, "meeting_engagement", "fow-missions")   \
  X(RESERVES, "reserves", "fow-missions")                       \
  X(DELAYED_RESERVES, "delayed_reserves", "fow-missions")       \
  X(SCATTERED_RESERVES, "scattered_reserves", "fow-missions")   \
  X(MOBILE_RESERVES, "mobile_reserves", "fow-missions")         \
  X(AMBUSH, "ambush", "fow-missions")                           \
  X(IMMEDIATE_AMBUSH, "immediate_ambush", "fow-missions")       \
  X(PREPARED_POSITIONS, "prepared_positions", "fow-missions")   \
  X(RANDOM_DEPLOYMENT, "random_deployment", "fow-missions")     \
  X(RECCE_DEPLOYMENT, "recce_deployment", "fow-missions")       \
  X(FAIR_FIGHT, "fair_fight", "fow-missions")                   \
  X(DARKNESS, "darkness", "fow-missions")                       \
  X(FIGHTING_WITHDRAWAL, "fighting_withdrawal", "fow-missions") \
  X(COMPANY_MORALE, "company_morale", "fow-missions")           \
  X(LIMITED_INTELLIGENCE, "limited_intelligence", "li")         \
  X(NVR, "nvr", "asl-night")                                    \
  X(CLOAKING, "cloaking", "asl-night")                          \
  X(CONCEALMENT, "concealment", "40k")                          \
  X(DEEP_STRIKE, "deep_strike", "40k")                          \
  X(DUSK_AND_DAWN, "dusk_and_dawn", "40k")                      \
  X(ESCALATION, "escalation", "40k")                            \
  X(INFILTRATE, "infiltrate", "40k")                            \
  X(NIGHT_FIGHTING, "night_fighting", "40k")                    \
  X(RANDOM_GAME_LENGTH, "random_game_length", "40k")            \
  X(NO_MANS_LAND_PATROL, "no_mans_land_patrol", "fow-missions") \
  X(DOUBLE_BLIND, "double_blind", "own")                        \
  X(COMBAT, "combat", "fow-missions")

enum murk_rule_id {
#define MURK_RULE_ENUM(id, name, source) MURK_RULE_##id,
  MURK_RULE_LIST(MURK_RULE_ENUM)
#undef MURK_RULE_ENUM
      MURK_RULE_COUNT
};

/* What each rule governs, in a few words: the interplay of two rules that never read each
 * other's state is these two phrases (docs/rules.md, "Rules together").
 * X(id, what it governs) */
#define MURK_RULE_SCOPE_LIST(X)                                                              \
  X(FOG_OF_WAR, "hidden platoon templates, their moves, bogging and reveals")                \
  X(THICK_MORNING_FOG, "a visibility roll before seeing any enemy team")                     \
  X(LOST_IN_THE_FOG, "the entry a delayed reserve comes on by")                              \
  X(MEETING_ENGAGEMENT, "the bonus to the first-turn roll")                                  \
  X(RESERVES, "platoons held off the table and their arrival rolls")                         \
  X(DELAYED_RESERVES, "reserves that roll from a later turn")                                \
  X(SCATTERED_RESERVES, "the die that picks where a reserve comes on")                       \
  X(MOBILE_RESERVES, "reserves that may come on along any of the side's edges")              \
  X(AMBUSH, "platoons held in ambush and revealed later")                                    \
  X(IMMEDIATE_AMBUSH, "ambushes sprung on the first turn")                                   \
  X(PREPARED_POSITIONS, "defenders dug in when the game starts")                             \
  X(RANDOM_DEPLOYMENT, "the die that picks the section a platoon deploys in")                \
  X(RECCE_DEPLOYMENT, "recce moves after deployment")                                        \
  X(FAIR_FIGHT, "victory points when nobody won")                                            \
  X(DARKNESS, "a visibility roll before firing in the dark, and gunflashes")                 \
  X(FIGHTING_WITHDRAWAL, "the defender's withdrawal schedule and its last turn")             \
  X(COMPANY_MORALE, "the company's motivation test when it falls below strength")            \
  X(LIMITED_INTELLIGENCE, "wings as leader and Dis counters, spotting and wing deployment")  \
  X(NVR, "the night visibility range, its change roll, lights and gunflashes")               \
  X(CLOAKING, "cloaking counters of the night attacker's infantry")                          \
  X(CONCEALMENT, "a sight roll before firing at a unit deployed at the start, turn 1")       \
  X(DEEP_STRIKE, "reserves that come down anywhere, scatter and land in rings")              \
  X(DUSK_AND_DAWN, "the die that makes turn 1 or turns 6 on dark")                           \
  X(ESCALATION, "which platoons may deploy at the start; the rest go into reserve")          \
  X(INFILTRATE, "infiltrators deployed after everything else, away from the enemy")          \
  X(NIGHT_FIGHTING, "a 2D6 x 3 inches sight roll before firing in the dark")                 \
  X(RANDOM_GAME_LENGTH, "extra turns after the mission's stated number of turns")            \
  X(NO_MANS_LAND_PATROL, "a platoon each side puts out near the centre line at setup")       \
  X(DOUBLE_BLIND, "enemy teams and cloaks seen only in line of sight, else where last seen") \
  X(COMBAT, "the fixed numbers of shooting and assaults; in force in every mission")

/* Two rules a mission switches on together (docs/rules.md, "Rules
 * together", is made from this table). A pair not listed is APART: each governs what its
 * scope says and never reads the other's state. WITH: they work together by the stated
 * interplay. REFUSED: the loader (`murk check`) refuses the pair with the reason. Every WITH
 * pair names the scripted game (tests/games/NAME.txt) whose `# expect:` lines show the
 * interplay; a REFUSED pair names none (build/test_mission checks both).
 * X(rule, rule, verdict, interplay or reason, scripted game or "") */
#define MURK_PAIR_LIST(X)                                                                         \
  X(RESERVES, DELAYED_RESERVES, WITH,                                                             \
    "a platoon waits in one kind; each kind rolls on its own (plain, then delayed)",              \
    "pair-reserves-delayed-reserves")                                                             \
  X(RESERVES, SCATTERED_RESERVES, WITH,                                                           \
    "a platoon waits in one kind; each kind rolls on its own, scattered ones then roll where",    \
    "pair-reserves-scattered-reserves")                                                           \
  X(RESERVES, MOBILE_RESERVES, WITH, "a platoon waits in one kind; each kind rolls on its own",   \
    "pair-reserves-mobile-reserves")                                                              \
  X(DELAYED_RESERVES, SCATTERED_RESERVES, WITH,                                                   \
    "a platoon waits in one kind; each kind rolls on its own", "pair-delayed-scattered-reserves") \
  X(DELAYED_RESERVES, MOBILE_RESERVES, WITH,                                                      \
    "a platoon waits in one kind; each kind rolls on its own", "pair-delayed-mobile-reserves")    \
  X(SCATTERED_RESERVES, MOBILE_RESERVES, WITH,                                                    \
    "a platoon waits in one kind; each kind rolls on its own", "pair-scattered-mobile-reserves")  \
  X(LOST_IN_THE_FOG, DELAYED_RESERVES, WITH,                                                      \
    "a delayed reserve comes on at the entry the lost-in-the-fog die picks",                      \
    "pair-lost-in-the-fog-delayed-reserves")                                                      \
  X(LOST_IN_THE_FOG, SCATTERED_RESERVES, WITH,                                                    \
    "delayed reserves come on by the lost-in-the-fog die, scattered ones by their own die",       \
    "pair-lost-in-the-fog-scattered-reserves")                                                    \
  X(AMBUSH, IMMEDIATE_AMBUSH, WITH,                                                               \
    "a platoon is held in one of the two ambushes; each counts against its own allowance",        \
    "pair-ambush-immediate-ambush")                                                               \
  X(FOG_OF_WAR, THICK_MORNING_FOG, WITH,                                                          \
    "the fog's visibility roll never sees farther than fog of war's spotting range",              \
    "pair-fog-of-war-thick-morning-fog")                                                          \
  X(FOG_OF_WAR, LOST_IN_THE_FOG, WITH,                                                            \
    "the same mission rules: delayed templates come on at the picked entry", "luneville-opening") \
  X(FOG_OF_WAR, DARKNESS, WITH,                                                                   \
    "the darkness roll never sees farther than fog of war's spotting range",                      \
    "pair-fog-of-war-darkness")                                                                   \
  X(FOG_OF_WAR, CLOAKING, REFUSED,                                                                \
    "fog of war's templates already hide the platoons, so cloaking would do nothing", "")         \
  X(THICK_MORNING_FOG, DARKNESS, WITH,                                                            \
    "one visibility roll: the fog's, and a gunflash is not seen through fog",                     \
    "pair-thick-morning-fog-darkness")                                                            \
  X(ESCALATION, RESERVES, WITH,                                                                   \
    "what escalation keeps off the table waits in reserve and rolls a die per platoon",           \
    "hive-gate-drop")                                                                             \
  X(ESCALATION, DEEP_STRIKE, WITH,                                                                \
    "a deep striker may be held for deep strike before deploying; escalation sends the rest "     \
    "into plain reserve",                                                                         \
    "hive-gate-drop")                                                                             \
  X(ESCALATION, INFILTRATE, WITH,                                                                 \
    "infiltrators deploy in their own step as the text allows; escalation does not hold them",    \
    "hive-gate-drop")                                                                             \
  X(DEEP_STRIKE, RESERVES, WITH,                                                                  \
    "deep strikers roll with the reserves' from_turn and score, one die per platoon",             \
    "hive-gate-drop")                                                                             \
  X(NIGHT_FIGHTING, DUSK_AND_DAWN, WITH,                                                          \
    "the dusk and dawn die decides the turns night fighting governs",                             \
    "pair-night-fighting-dusk-and-dawn")                                                          \
  X(CONCEALMENT, NIGHT_FIGHTING, WITH,                                                            \
    "on a turn night fighting governs, concealment is ignored (the text says so)",                \
    "pair-concealment-night-fighting")                                                            \
  X(CONCEALMENT, DUSK_AND_DAWN, WITH,                                                             \
    "on a dark turn concealment is ignored, as under night fighting",                             \
    "pair-concealment-dusk-and-dawn")                                                             \
  X(CONCEALMENT, DARKNESS, WITH,                                                                  \
    "the darkness roll governs firing; concealment is ignored, as under night fighting",          \
    "pair-concealment-darkness")                                                                  \
  X(CONCEALMENT, THICK_MORNING_FOG, WITH,                                                         \
    "the fog's roll governs firing; concealment is ignored, as under night fighting",             \
    "pair-concealment-thick-morning-fog")                                                         \
  X(DUSK_AND_DAWN, RANDOM_GAME_LENGTH, WITH,                                                      \
    "dark on turn 6 stays dark in the extra turns (the text says so)",                            \
    "relay-station-dusk-assault")                                                                 \
  X(CLOAKING, NVR, WITH, "the same night rules: cloaking counters move under the NVR",            \
    "night-saint-aubin-raid")                                                                     \
  X(FIGHTING_WITHDRAWAL, RANDOM_GAME_LENGTH, WITH,                                                \
    "whichever end comes first ends the game: the withdrawal's last turn or the game length",     \
    "pair-fighting-withdrawal-random-game-length")                                                \
  X(NVR, NIGHT_FIGHTING, WITH,                                                                    \
    "on a dark turn the NVR decides what is seen; night fighting's roll still caps how far a "    \
    "unit fires",                                                                                 \
    "pair-nvr-night-fighting")                                                                    \
  X(NVR, DUSK_AND_DAWN, WITH,                                                                     \
    "dusk and dawn decides which turns are dark; the NVR governs only those",                     \
    "pair-nvr-dusk-and-dawn")                                                                     \
  X(NVR, DARKNESS, WITH, "on a dark turn the NVR governs what is seen, not the darkness roll",    \
    "pair-nvr-darkness")                                                                          \
  X(NVR, THICK_MORNING_FOG, WITH, "the NVR governs what is seen, not the fog's roll",             \
    "pair-nvr-thick-morning-fog")                                                                 \
  X(NVR, CONCEALMENT, WITH, "concealment is ignored on the dark turns the NVR governs",           \
    "pair-nvr-concealment")                                                                       \
  X(DARKNESS, NIGHT_FIGHTING, WITH, "the darkness roll replaces night fighting's sight roll",     \
    "pair-darkness-night-fighting")                                                               \
  X(DARKNESS, DUSK_AND_DAWN, WITH,                                                                \
    "the darkness table limits sight only on the turns dusk and dawn makes dark",                 \
    "pair-darkness-dusk-and-dawn")                                                                \
  X(THICK_MORNING_FOG, NIGHT_FIGHTING, WITH,                                                      \
    "the fog's visibility roll replaces night fighting's sight roll",                             \
    "pair-thick-morning-fog-night-fighting")                                                      \
  X(THICK_MORNING_FOG, DUSK_AND_DAWN, REFUSED,                                                    \
    "the fog's visibility roll would replace night fighting's on the dark turns", "")             \
  X(LIMITED_INTELLIGENCE, FOG_OF_WAR, WITH,                                                       \
    "a spot that reaches a wing leader deploys the whole wing (or removes a dummy)",              \
    "pair-limited-intelligence-fog-of-war")                                                       \
  X(LIMITED_INTELLIGENCE, NVR, WITH, "wings spot no farther than the NVR",                        \
    "pair-limited-intelligence-nvr")                                                              \
  X(LIMITED_INTELLIGENCE, NIGHT_FIGHTING, WITH,                                                   \
    "night fighting limits how far a unit may fire, not what a wing spots: spotting stays at "    \
    "the spot range, each shot in the dark rolls its sight",                                      \
    "pair-limited-intelligence-night-fighting")                                                   \
  X(LIMITED_INTELLIGENCE, DARKNESS, WITH,                                                         \
    "wings spot no farther than the darkness roll lets units see",                                \
    "pair-limited-intelligence-darkness")                                                         \
  X(LIMITED_INTELLIGENCE, DUSK_AND_DAWN, WITH,                                                    \
    "the dark turns it makes limit fire as night fighting does; spotting stays at the spot "      \
    "range",                                                                                      \
    "pair-limited-intelligence-dusk-and-dawn")                                                    \
  X(LIMITED_INTELLIGENCE, THICK_MORNING_FOG, WITH,                                                \
    "wings spot no farther than the fog's roll lets units see",                                   \
    "pair-limited-intelligence-thick-morning-fog")                                                \
  X(LIMITED_INTELLIGENCE, CONCEALMENT, WITH,                                                      \
    "concealment limits fire at a unit deployed at the start, not what a wing spots",             \
    "pair-limited-intelligence-concealment")                                                      \
  X(LIMITED_INTELLIGENCE, CLOAKING, REFUSED,                                                      \
    "each puts the night attacker's infantry under counters of its own (paces, dummies, ways "    \
    "of being found): a platoon cannot stand under a cloak and a wing leader at once",            \
    "")                                                                                           \
  X(LIMITED_INTELLIGENCE, ESCALATION, WITH,                                                       \
    "a platoon that comes on later comes as a hidden wing leader of its own, with Dis counters",  \
    "pair-limited-intelligence-escalation")                                                       \
  X(LIMITED_INTELLIGENCE, DEEP_STRIKE, WITH,                                                      \
    "a deep striker aims and scatters by public rolls and comes down as a hidden wing leader "    \
    "of its own, with Dis counters; its units are placed when the wing deploys",                  \
    "pair-limited-intelligence-deep-strike")                                                      \
  X(LIMITED_INTELLIGENCE, INFILTRATE, WITH,                                                       \
    "a platoon that comes on later comes as a hidden wing leader of its own, with Dis counters",  \
    "pair-limited-intelligence-infiltrate")                                                       \
  X(LIMITED_INTELLIGENCE, RESERVES, WITH,                                                         \
    "a platoon that comes on later comes as a hidden wing leader of its own, with Dis counters",  \
    "pair-limited-intelligence-reserves")                                                         \
  X(LIMITED_INTELLIGENCE, DELAYED_RESERVES, WITH,                                                 \
    "a platoon that comes on later comes as a hidden wing leader of its own, with Dis counters",  \
    "pair-limited-intelligence-delayed-reserves")                                                 \
  X(LIMITED_INTELLIGENCE, SCATTERED_RESERVES, WITH,                                               \
    "a platoon that comes on later comes as a hidden wing leader of its own, with Dis counters",  \
    "pair-limited-intelligence-scattered-reserves")                                               \
  X(LIMITED_INTELLIGENCE, MOBILE_RESERVES, WITH,                                                  \
    "a platoon that comes on later comes as a hidden wing leader of its own, with Dis counters",  \
    "pair-limited-intelligence-mobile-reserves")                                                  \
  X(LIMITED_INTELLIGENCE, AMBUSH, WITH,                                                           \
    "a platoon that comes on later comes as a hidden wing leader of its own, with Dis counters",  \
    "pair-limited-intelligence-ambush")                                                           \
  X(LIMITED_INTELLIGENCE, IMMEDIATE_AMBUSH, WITH,                                                 \
    "a platoon that comes on later comes as a hidden wing leader of its own, with Dis counters",  \
    "pair-limited-intelligence-immediate-ambush")                                                 \
  X(LIMITED_INTELLIGENCE, RANDOM_DEPLOYMENT, WITH,                                                \
    "one roll for each wing and each dummy the side may put down; each leader counter goes "      \
    "down in a section a roll gave, its Dis counters where the rule lets them",                   \
    "pair-limited-intelligence-random-deployment")                                                \
  X(LIMITED_INTELLIGENCE, RECCE_DEPLOYMENT, REFUSED,                                              \
    "a recce move is one platoon's; under its wing's counters it could only move the whole "      \
    "wing, or show the enemy which counter holds recce",                                          \
    "")                                                                                           \
  X(DOUBLE_BLIND, FOG_OF_WAR, WITH,                                                               \
    "templates stay in view of both sides wherever they stand; a revealed platoon's teams are "   \
    "seen only in line of sight, its moves and bogging heard only where seen",                    \
    "luneville-double-blind")                                                                     \
  X(DOUBLE_BLIND, LIMITED_INTELLIGENCE, WITH,                                                     \
    "leader and Dis counters stay in view of both sides; a deployed wing's units are seen only "  \
    "in line of sight, and spotting counts only what the side sees",                              \
    "pair-limited-intelligence-double-blind")                                                     \
  X(DOUBLE_BLIND, CLOAKING, WITH,                                                                 \
    "a cloaking counter too is seen only in line of sight within the NVR, else where last seen",  \
    "night-saint-aubin-raid-blind")                                                               \
  X(DOUBLE_BLIND, NVR, WITH,                                                                      \
    "an enemy team is seen only within the NVR, or lit, or by its gunflash; hidden and \"?\" "    \
    "units stay as the night rules say",                                                          \
    "night-saint-aubin-raid-blind")                                                               \
  X(DOUBLE_BLIND, NIGHT_FIGHTING, WITH,                                                           \
    "on a night turn an enemy team is seen only within the highest sight roll",                   \
    "pair-night-fighting-double-blind")                                                           \
  X(DOUBLE_BLIND, DUSK_AND_DAWN, WITH,                                                            \
    "the dark turns it makes shorten sight as night fighting does; daylight turns do not",        \
    "pair-dusk-and-dawn-double-blind")                                                            \
  X(DOUBLE_BLIND, DARKNESS, WITH,                                                                 \
    "in the dark an enemy team is seen only within the table's longest range, or when it fired",  \
    "pair-darkness-double-blind")                                                                 \
  X(DOUBLE_BLIND, THICK_MORNING_FOG, WITH,                                                        \
    "in the fog an enemy team is seen only within the table's longest range",                     \
    "pair-thick-morning-fog-double-blind")                                                        \
  X(DOUBLE_BLIND, DEEP_STRIKE, WITH,                                                              \
    "a deep striker's landing is told to both sides where it lands; afterwards its teams are "    \
    "seen only in line of sight",                                                                 \
    "pair-deep-strike-double-blind")                                                              \
  X(DOUBLE_BLIND, INFILTRATE, WITH,                                                               \
    "infiltrators keep away by the enemy's line of sight as the text says; every enemy team "     \
    "placed before them was told to both sides, so the check reads nothing hidden",               \
    "pair-infiltrate-double-blind")

enum murk_pair_verdict {
  MURK_PAIR_APART = 0, /* each governs its own scope */
  MURK_PAIR_WITH,      /* together, by the stated interplay */
  MURK_PAIR_REFUSED,   /* murk check refuses the pair */
};

enum murk_param_type {
  MURK_PARAM_INT,       /* a whole number, with min..max */
  MURK_PARAM_BOOL,      /* true / false */
  MURK_PARAM_LENGTH,    /* a length, turned into cells rounding down (an allowance) */
  MURK_PARAM_LENGTH_UP, /* a length, turned into cells rounding up (a keep-out) */
  MURK_PARAM_DICE,      /* a dice expression */
};

/* X(id, rule id, yaml key, type, default text, min, max)
 * min/max bound INT values and, for lengths, the result in cells. */
#define MURK_PARAM_LIST(X)                                                            \
  X(FOW_ROAD, FOG_OF_WAR, "road", LENGTH, "30cm", 0, 1000)                            \
  X(FOW_OPEN, FOG_OF_WAR, "open", LENGTH, "20cm", 0, 1000)                            \
  X(FOW_TERRAIN, FOG_OF_WAR, "terrain", LENGTH, "10cm", 0, 1000)                      \
  X(FOW_BOG_DIE, FOG_OF_WAR, "bog_die", DICE, "d6", 0, 0)                             \
  X(FOW_BOG_FAIL, FOG_OF_WAR, "bog_fail", INT, "1", 0, 1000)                          \
  X(FOW_SPOT_CAP, FOG_OF_WAR, "spot_range", LENGTH, "60cm", 0, 1000)                  \
  X(FOW_DUMMIES, FOG_OF_WAR, "dummies", BOOL, "false", 0, 1)                          \
  X(TMF_REROLL_BOG, THICK_MORNING_FOG, "bog_rerolls", BOOL, "false", 0, 1)            \
  X(LIF_DIE, LOST_IN_THE_FOG, "die", DICE, "d6", 0, 0)                                \
  X(ME_BONUS, MEETING_ENGAGEMENT, "bonus", INT, "1", 0, 6)                            \
  X(RES_FROM_TURN, RESERVES, "from_turn", INT, "1", 1, 100)                           \
  X(RES_SCORE, RESERVES, "score", INT, "5", 1, 6)                                     \
  X(RES_DICE, RESERVES, "dice", INT, "1", 0, 20)                                      \
  X(RES_DICE_STEP, RESERVES, "dice_step", INT, "1", 0, 20)                            \
  X(RES_PER_PLATOON, RESERVES, "per_platoon", BOOL, "false", 0, 1)                    \
  X(RES_AT_LEAST, RESERVES, "at_least", INT, "0", 0, 100)                             \
  X(RES_AT_LEAST_PLATOONS, RESERVES, "at_least_platoons", INT, "0", 0, 40)            \
  X(RES_AT_MOST, RESERVES, "at_most", INT, "100", 0, 100)                             \
  X(RES_UNDEPLOYED, RESERVES, "undeployed", BOOL, "false", 0, 1)                      \
  X(DRES_FROM_TURN, DELAYED_RESERVES, "from_turn", INT, "3", 1, 100)                  \
  X(DRES_SCORE, DELAYED_RESERVES, "score", INT, "5", 1, 6)                            \
  X(DRES_DICE, DELAYED_RESERVES, "dice", INT, "1", 0, 20)                             \
  X(DRES_DICE_STEP, DELAYED_RESERVES, "dice_step", INT, "1", 0, 20)                   \
  X(DRES_AT_LEAST, DELAYED_RESERVES, "at_least", INT, "0", 0, 100)                    \
  X(DRES_AT_LEAST_PLATOONS, DELAYED_RESERVES, "at_least_platoons", INT, "0", 0, 40)   \
  X(DRES_AT_MOST, DELAYED_RESERVES, "at_most", INT, "100", 0, 100)                    \
  X(DRES_UNDEPLOYED, DELAYED_RESERVES, "undeployed", BOOL, "false", 0, 1)             \
  X(SRES_DIE, SCATTERED_RESERVES, "die", DICE, "d6", 0, 0)                            \
  X(SRES_PARTS, SCATTERED_RESERVES, "parts", INT, "3", 1, 12)                         \
  X(SRES_FROM_TURN, SCATTERED_RESERVES, "from_turn", INT, "1", 1, 100)                \
  X(SRES_SCORE, SCATTERED_RESERVES, "score", INT, "5", 1, 6)                          \
  X(SRES_DICE, SCATTERED_RESERVES, "dice", INT, "1", 0, 20)                           \
  X(SRES_DICE_STEP, SCATTERED_RESERVES, "dice_step", INT, "1", 0, 20)                 \
  X(SRES_AT_LEAST, SCATTERED_RESERVES, "at_least", INT, "0", 0, 100)                  \
  X(SRES_AT_LEAST_PLATOONS, SCATTERED_RESERVES, "at_least_platoons", INT, "0", 0, 40) \
  X(SRES_AT_MOST, SCATTERED_RESERVES, "at_most", INT, "100", 0, 100)                  \
  X(SRES_UNDEPLOYED, SCATTERED_RESERVES, "undeployed", BOOL, "false", 0, 1)           \
  X(MRES_FROM_TURN, MOBILE_RESERVES, "from_turn", INT, "1", 1, 100)                   \
  X(MRES_SCORE, MOBILE_RESERVES, "score", INT, "5", 1, 6)                             \
  X(MRES_DICE, MOBILE_RESERVES, "dice", INT, "1", 0, 20)                              \
  X(MRES_DICE_STEP, MOBILE_RESERVES, "dice_step", INT, "1", 0, 20)                    \
  X(MRES_AT_LEAST, MOBILE_RESERVES, "at_least", INT, "0", 0, 100)                     \
  X(MRES_AT_LEAST_PLATOONS, MOBILE_RESERVES, "at_least_platoons", INT, "0", 0, 40)    \
  X(MRES_AT_MOST, MOBILE_RESERVES, "at_most", INT, "100", 0, 100)                     \
  X(MRES_UNDEPLOYED, MOBILE_RESERVES, "undeployed", BOOL, "true", 0, 1)               \
  X(AMB_MAX, AMBUSH, "platoons", INT, "1", 0, 100)                                    \
  X(AMB_KEEP_OUT, AMBUSH, "keep_out", LENGTH_UP, "20cm", 0, 1000)                     \
  X(AMB_IN_ZONE, AMBUSH, "in_zone", BOOL, "true", 0, 1)                               \
  X(IAMB_MAX, IMMEDIATE_AMBUSH, "platoons", INT, "1", 0, 100)                         \
  X(IAMB_KEEP_OUT, IMMEDIATE_AMBUSH, "keep_out", LENGTH_UP, "20cm", 0, 1000)          \
  X(IAMB_IN_ZONE, IMMEDIATE_AMBUSH, "in_zone", BOOL, "true", 0, 1)                    \
  X(IAMB_REQUIRED, IMMEDIATE_AMBUSH, "required", BOOL, "false", 0, 1)                 \
  X(RD_DIE, RANDOM_DEPLOYMENT, "die", DICE, "d6", 0, 0)                               \
  X(RD_SECTIONS, RANDOM_DEPLOYMENT, "sections", INT, "3", 1, 12)                      \
  X(RECCE_DISTANCE, RECCE_DEPLOYMENT, "distance", LENGTH, "40cm", 0, 1000)            \
  X(RECCE_KEEP_OUT, RECCE_DEPLOYMENT, "keep_out", LENGTH_UP, "0cm", 0, 1000)          \
  X(DS_SCATTER, DEEP_STRIKE, "scatter", DICE, "2d6", 0, 0)                            \
  X(DS_HIT, DEEP_STRIKE, "hit", INT, "2", 0, 6)                                       \
  X(DS_KEEP_OUT, DEEP_STRIKE, "keep_out", LENGTH_UP, "1in", 0, 1000)                  \
  X(INF_HIDDEN, INFILTRATE, "hidden", LENGTH_UP, "12in", 0, 1000)                     \
  X(INF_SEEN, INFILTRATE, "seen", LENGTH_UP, "18in", 0, 1000)                         \
  X(NF_SIGHT, NIGHT_FIGHTING, "sight", DICE, "2d6*3", 0, 0)                           \
  X(NF_UNIT, NIGHT_FIGHTING, "unit", LENGTH, "1in", 0, 1000)                          \
  X(RGL_SCORE, RANDOM_GAME_LENGTH, "score", INT, "4", 1, 6)                           \
  X(RGL_EXTRA, RANDOM_GAME_LENGTH, "max_extra", INT, "3", 0, 20)                      \
  X(NVR_BASE, NVR, "base", INT, "-1", -1, 6)                                          \
  X(NVR_SNOW, NVR, "snow", BOOL, "false", 0, 1)                                       \
  X(NVR_MONTH, NVR, "month", INT, "6", 1, 12)                                         \
  X(NVR_CLOUD, NVR, "cloud_cover", INT, "-1", -1, 2)                                  \
  X(NVR_MOON, NVR, "moon", INT, "-1", -1, 2)                                          \
  X(NVR_SS_USAGE, NVR, "starshell_usage", INT, "2", 0, 6)                             \
  X(NVR_SS_LEADER, NVR, "starshell_usage_leader", INT, "4", 0, 6)                     \
  X(NVR_SS_RANGE, NVR, "starshell_range", LENGTH, "6hex", 0, 1000)                    \
  X(NVR_SS_RADIUS, NVR, "starshell_radius", LENGTH, "3hex", 0, 1000)                  \
  X(NVR_IR_USAGE, NVR, "round_usage", INT, "4", 0, 6)                                 \
  X(NVR_IR_RADIUS, NVR, "round_radius", LENGTH, "6hex", 0, 1000)                      \
  X(NVR_CONCEALED, NVR, "concealed_setup", BOOL, "true", 0, 1)                        \
  X(NVR_HIDDEN, NVR, "hidden_share", INT, "25", 0, 100)                               \
  X(NVR_MOVEMENT, NVR, "night_movement", BOOL, "true", 0, 1)                          \
  X(CLOAK_ROAD, CLOAKING, "road", LENGTH, "6hex", 0, 1000)                            \
  X(CLOAK_OPEN, CLOAKING, "open", LENGTH, "6hex", 0, 1000)                            \
  X(CLOAK_TERRAIN, CLOAKING, "terrain", LENGTH, "3hex", 0, 1000)                      \
  X(NF_SCATTER, NIGHT_FIGHTING, "scatter", DICE, "2d6", 0, 0)                         \
  X(NF_UNSEEN, NIGHT_FIGHTING, "unseen_scatter", DICE, "d6", 0, 0)                    \
  X(NF_BLIND_ON_AIM, NIGHT_FIGHTING, "blind_on_aim", INT, "2", 0, 6)                  \
  X(NF_BLIND_BLAST, NIGHT_FIGHTING, "blind_blast", LENGTH, "1cell", 0, 1000)          \
  X(LI_SPOT, LIMITED_INTELLIGENCE, "spot_range", LENGTH, "7hex", 0, 1000)             \
  X(LI_DIS, LIMITED_INTELLIGENCE, "dis_range", LENGTH, "2hex", 1, 1000)               \
  X(LI_DIS_SMALL, LIMITED_INTELLIGENCE, "dis_range_small", LENGTH, "1hex", 1, 1000)   \
  X(LI_SMALL_WING, LIMITED_INTELLIGENCE, "small_wing", INT, "4", 1, 40)               \
  X(LI_DIE, LIMITED_INTELLIGENCE, "die", DICE, "d6", 0, 0)                            \
  X(LI_ADJUST, LIMITED_INTELLIGENCE, "adjust", INT, "3", 0, 100)                      \
  X(LI_PLACE, LIMITED_INTELLIGENCE, "place_range", LENGTH, "3hex", 1, 1000)           \
  X(FW_LAST_TURN, FIGHTING_WITHDRAWAL, "last_turn", INT, "8", 1, 100)                 \
  X(FW_FROM_TURN, FIGHTING_WITHDRAWAL, "from_turn", INT, "3", 1, 100)                 \
  X(FW_PLATOONS, FIGHTING_WITHDRAWAL, "platoons", INT, "5", 1, 100)                   \
  X(FW_REMOVE_FROM, FIGHTING_WITHDRAWAL, "remove_from", INT, "6", 1, 100)             \
  X(FF_PER_PLATOON, FAIR_FIGHT, "per_platoon", INT, "1", 0, 100)                      \
  X(FF_MAX, FAIR_FIGHT, "max", INT, "3", 0, 100)                                      \
  X(CM_BELOW, COMPANY_MORALE, "below", INT, "50", 1, 100)                             \
  X(CM_SCORE, COMPANY_MORALE, "score", INT, "4", 1, 6)                                \
  X(NML_WITHIN, NO_MANS_LAND_PATROL, "within", LENGTH, "15cm", 1, 1000)               \
  X(NML_DIVIDE, NO_MANS_LAND_PATROL, "divide", LENGTH_UP, "20cm", 0, 1000)            \
  X(CB_PIN_HITS, COMBAT, "pin_hits", INT, "5", 1, 100)                                \
  X(CB_STOP_HITS, COMBAT, "defensive_fire_hits", INT, "5", 1, 100)                    \
  X(CB_ASSAULT_REACH, COMBAT, "assault_reach", LENGTH, "2cell", 1, 1000)              \
  X(CB_ASSAULT_SKILL, COMBAT, "assault_skill", INT, "7", 3, 13)

enum murk_param_id {
#define MURK_PARAM_ENUM(id, rule, key, type, def, lo, hi) MURK_P_##id,
  MURK_PARAM_LIST(MURK_PARAM_ENUM)
#undef MURK_PARAM_ENUM
      MURK_PARAM_COUNT
};

/* Registry look-ups (static data; never NULL for a valid id). */
const char* murk_rule_name(enum murk_rule_id id);
const char* murk_rule_source(enum murk_rule_id id);
/* MURK_RULE_COUNT if the name is not a known rule. */
enum murk_rule_id murk_rule_lookup(const char* name);

const char* murk_param_key(enum murk_param_id p);
enum murk_rule_id murk_param_rule(enum murk_param_id p);
enum murk_param_type murk_param_type(enum murk_param_id p);
const char* murk_param_default(enum murk_param_id p);
int murk_param_min(enum murk_param_id p);
int murk_param_max(enum murk_param_id p);
/* MURK_PARAM_COUNT if the rule has no parameter of that key. */
enum murk_param_id murk_param_lookup(enum murk_rule_id rule, const char* key);
/* What a rule governs (MURK_RULE_SCOPE_LIST). */
const char* murk_rule_scope(enum murk_rule_id id);
/* How rules a and b meet, in either order; *why (if not NULL) gets the interplay or the
 * reason of a listed pair, NULL for an APART one. A rule with itself is APART. */
enum murk_pair_verdict murk_rule_pair(enum murk_rule_id a, enum murk_rule_id b, const char** why);

/* "whole number", "true or false", "length (rounded down)", ...: for messages and docs. */
const char* murk_param_type_name(enum murk_param_type t);

/* A parameter's value once loaded: ints, bools (0/1) and lengths (in cells) in `i`,
 * dice in `dice`. */
struct murk_param_value {
  int i;
  struct murk_dice_expr dice;
};

#endif
