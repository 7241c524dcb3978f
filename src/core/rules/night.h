/* night.h: the night rules (night.c); sight itself is sight.h. Internal to the core;
 * docs/rules.md, "Night and visibility", says how each seed paragraph is read: whether
 * night rules are in force this turn (Night Fighting, Dusk & Dawn, Darkness, NVR), the
 * Night Visibility Range and its change roll (ASL night rules), lights (starshells, illuminating
 * rounds, fires), gunflashes, the sight rolls before shooting (40k mission special rules: Night
 * Fighting and
 * Concealment; Luneville: Thick Morning Fog; Flames of War missions: Darkness), and cloaking
 * counters (ASL night rules E1.4). */
#ifndef MK_NIGHT_H
#define MK_NIGHT_H

#include <stdbool.h>
#include <stddef.h>

#include "murk/command.h"
#include "murk/geom.h"
#include "murk/mission.h"
#include "state.h"

/* ---- night.c ---- */

/* Game creation: the Base NVR (ASL night rules E1.11: before setup). */
void mk_night_begin(struct murk_game* g);
/* Deployment is over, the first turn not yet rolled: the Dusk & Dawn die (40k mission special
 * rules). */
void mk_night_after_deployment(struct murk_game* g);
/* Play begins (mk_turn_begin_play): anything not yet rolled is rolled now. */
void mk_night_begin_play(struct murk_game* g);
/* Start of `side`'s player turn: lights and the side's gunflashes go out, sight rolls are
 * forgotten, concealment ends after turn 1, night falls or lifts (Dusk & Dawn), the NVR
 * change roll (ASL night rules E1.12). */
void mk_night_start_of_turn(struct murk_game* g, enum murk_side side);

/* Night Fighting (40k mission special rules) in force this turn: the rule itself, or Dusk & Dawn's
 * night. */
bool mk_night_fighting_now(const struct murk_game* g);
/* Darkness (Flames of War missions) in force this turn (Dusk & Dawn may make a turn daylight). */
bool mk_night_darkness_now(const struct murk_game* g);
/* Any night rule in force this turn (Night Fighting now, Darkness, NVR): the night
 * modifier of the combat model. */
bool mk_night_now(const struct murk_game* g);
/* The current Base NVR in cells, or -1 when the NVR rule is not in force this turn (not
 * listed, or a turn Dusk & Dawn makes daylight). */
int mk_night_nvr(const struct murk_game* g);
/* Is p lit by a starshell, an illuminating round or a fire (ASL night rules E1.9)? */
bool mk_night_lit(const struct murk_game* g, struct murk_pos p);
/* The unit of `side` has fired: it flashes until its side's next turn begins (1.8). */
void mk_night_gunflash(struct murk_game* g, enum murk_side side, int unit);
/* Did the unit fire lately (a gunflash)? */
bool mk_night_flashing(const struct murk_game* g, enum murk_side side, int unit);

/* Before `side`'s unit fires at the other side's unit `target`: how far it can see to
 * shoot, in cells, rolling its sight roll (once a turn) where a rule asks for one:
 * Thick Morning Fog or Darkness (the visibility table), Night Fighting (its sight roll), or
 * a concealed target by day (Concealment: the Night Fighting roll). *rolled is set when the
 * answer came from a roll; *why names the rule. MURK_SIGHT_UNLIMITED when nothing limits
 * the shot (sight.h). A target that fired counts as seen under Darkness (*flash_ok). */
int mk_night_fire_sight(struct murk_game* g, enum murk_side side, int unit, int target,
                        bool* rolled, bool* flash_ok, const char** why);

/* Cloaking (ASL night rules E1.4): does `side`'s unit enter the table under a cloaking counter? */
bool mk_night_cloaks(const struct murk_game* g, enum murk_side side, int unit);
/* May `side` use dummy cloaking counters (the force's dummies)? */
bool mk_night_cloak_dummies(const struct murk_game* g, enum murk_side side);
/* A cloaking counter's allowance for a move whose slowest ground is `cls` (road, open or
 * difficult), in cells. */
int mk_night_cloak_allowance(const struct murk_game* g, enum murk_terrain_class cls);
/* A cloaking counter (marker mi) has moved through `cells` (n of them, the last where it
 * stopped): it loses its cloak when the move was more than one cell and entered an
 * illuminated cell (1.31, 1.43). Says so and returns true: the caller reveals it. */
bool mk_night_cloak_after_move(struct murk_game* g, int mi, const struct murk_pos* cells, int n);

/* Night movement (ASL night rules E1.5), where the NVR is in force (and `night_movement`): the
 * cells a move over ground of class cls costs the mover beyond its daytime allowance
 * (marker mi on the table, or unit; a cloaking counter pays nothing, 1.421). */
int mk_night_move_cost(const struct murk_game* g, enum murk_side side, int mi, int unit,
                       enum murk_terrain_class cls);
/* The Movement DR before `handle` moves (1.53), with audience aud (split: each event public
 * is split into a copy for each side, so the mover cannot tell who heard it): true when it
 * strays (it then goes half as far); *jitter: the doubles' total when jitter fire may
 * follow (1.55), else 0. unit: the revealed platoon moving, -1 for a counter; way: the n
 * cells it is ordered through. No roll for a berserk platoon (1.533) or a way into a sewer
 * (1.531). */
bool mk_night_strays(struct murk_game* g, enum murk_side side, const char* handle,
                     enum murk_audience aud, bool split, int unit, const struct murk_pos* way,
                     int n, int* jitter);
/* Friendly contact (1.532): the first of the n cells of a strayer's way that holds another
 * marker or team of `side` (not counter mi or revealed unit `unit` itself), or -1. */
int mk_night_friendly_contact(const struct murk_game* g, enum murk_side side, int mi, int unit,
                              const struct murk_pos* way, int n);
/* After the move: jitter fire for doubles `total` (1.55) by the closest unit of the other
 * side to `at`, or by the mover (marker mi on the table, or revealed unit). Returns the
 * counter that gave itself away (1.43), or -1: the caller reveals it, then calls
 * mk_night_jitter_flash. */
int mk_night_jitter(struct murk_game* g, enum murk_side side, int mi, int unit, struct murk_pos at,
                    int total);
/* The gunflash of the platoon under counter mi, revealed after its jitter fire (1.552). */
void mk_night_jitter_flash(struct murk_game* g, int mi);
/* The night defender's setup (ASL night rules E1.2): does `side`'s platoon `unit` set up now under
 * a "?" counter (MURK_MARKER_CONCEALED)? */
bool mk_night_conceals(const struct murk_game* g, enum murk_side side, int unit);
/* Does `side` have "?" counters at all (the NVR's night defender, concealed_setup, no Fog of
 * War nor Limited Intelligence)? Then a revealed platoon may also regain one (1.32). */
bool mk_night_conceals_rule(const struct murk_game* g, enum murk_side side);
/* How many more of `side`'s platoons may set up hidden (1.2: 25%, fractions up). */
int mk_night_hidden_left(const struct murk_game* g, enum murk_side side);
/* A "?" counter's allowance: its platoon's slowest team alive (unit -1: a dummy). */
int mk_night_concealed_allowance(const struct murk_game* g, enum murk_side side, int unit);
/* A hidden counter (marker mi) leaves its hiding place (it moves): from now on it is a "?"
 * seen where the enemy has it in sight. */
void mk_night_unhide(struct murk_game* g, int mi);

/* `starshell N at X,Y` and `illuminate N at X,Y` (ASL night rules E1.92 and E1.93). */
int mk_night_starshell(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                       const struct mk_cmd_args* a, char* reason, size_t reason_len);
int mk_night_illuminate(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                        const struct mk_cmd_args* a, char* reason, size_t reason_len);

/* ---- the tables of the ASL night rules, for the tests ---- */

/* NVR Table (1.11): cloud cover from the coloured die (+1 in Dec, Jan, Feb): 0 none,
 * 1 scattered, 2 overcast; moon phase from the white die: 0 no moon, 1 half, 2 full. */
int mk_nvr_cloud_of(int coloured, int month);
int mk_nvr_moon_of(int white);
/* NVR Modifier (1.11): cloud (0..2) x moon (0..2). */
int mk_nvr_modifier(int cloud, int moon);
/* The Base NVR: 3 (6 with snow) plus the modifier, clamped to 0..6. */
int mk_nvr_base(int cloud, int moon, bool snow);
/* NVR Change (1.12): the new Base NVR from the old one, the coloured and white dice and,
 * for the exception (scattered clouds with a half or full moon), the extra die (0 when
 * not rolled). cloud/moon as above, -1 unknown. */
int mk_nvr_change(int nvr, int coloured, int white, int extra, int cloud, int moon);
/* Does a change under these conditions need the extra die (the 1.12 exception)? */
bool mk_nvr_change_needs_extra(int cloud, int moon);

#endif
