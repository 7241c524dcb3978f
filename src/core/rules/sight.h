/* sight.h (src/core): sight inside the game (sight.c). The sight map built once per game,
 * what each side sees of the enemy now and remembers (struct mk_sighting), who may hear of
 * a change at a cell, and the questions of sight over the whole truth (can a side see a
 * cell; a gunflash or a light at `to` counts). Internal to the core: front-ends read what a
 * side sees in its view. The caches that answer sooner are sight_cache.c's; the one shared
 * by many games is public (murk/sight.h). docs/rules.md, "Sight". */
#ifndef MK_SIGHT_H
#define MK_SIGHT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "murk/geom.h"
#include "murk/side.h"
#include "murk/sight.h"
#include "state.h"

/* Build the game's sight map and fire light from its mission (game creation). MURK_OK,
 * MURK_ENOMEM or MURK_EINVAL. Freed by mk_sight_close (NULL fields are fine). */
int mk_sight_open(struct murk_game* g);
void mk_sight_close(struct murk_game* g);

/* Can `viewer` see a thing at `to` from `from`; `flash`: the thing fired (a gunflash). */
bool mk_sight_sees(const struct murk_game* g, enum murk_side viewer, struct murk_pos from,
                   struct murk_pos to, bool flash);
/* Does any unit or marker of `viewer` see a thing at `to` (flash as above)? *from (may be
 * NULL) gets the first viewer's cell that does, in marker order, then team order. */
bool mk_sight_any(const struct murk_game* g, enum murk_side viewer, struct murk_pos to, bool flash,
                  struct murk_pos* from);
/* Does `viewer` see any team of the other side's unit `unit` now? */
bool mk_sight_unit_seen(const struct murk_game* g, enum murk_side viewer, int unit);
/* Who may hear of something of `owner` at cells a and b: everyone when the other side sees
 * either cell (flash: the thing has fired), else the owner alone. */
enum murk_audience mk_sight_audience(const struct murk_game* g, enum murk_side owner,
                                     struct murk_pos a, struct murk_pos b, bool flash);
/* The two above asked several times while the looking side's units and markers stand still
 * (a platoon of the other side moving, fog.c): the memo, zeroed by the caller to start,
 * keeps that side's union of sight between the questions instead of gathering its viewers
 * for each. Only the caller knows they stand still; the memo checks the union is still
 * held. */
struct mk_sight_memo {
  unsigned long gen; /* 0: nothing kept */
  int slot, range, viewer;
  unsigned long eyes_gen; /* the side's viewers and their fields of view; 0: none kept */
  int eyes_slot, eyes_viewer;
};
bool mk_sight_unit_seen_memo(const struct murk_game* g, enum murk_side viewer, int unit,
                             struct mk_sight_memo* memo);
enum murk_audience mk_sight_audience_memo(const struct murk_game* g, enum murk_side owner,
                                          struct murk_pos a, struct murk_pos b, bool flash,
                                          struct mk_sight_memo* memo);
/* Is the double_blind rule on (docs/rules.md, "Sight")? Without it the table is the texts':
 * every marker and revealed team on the table is in view of both sides, and every move on
 * it is heard by both; with it an enemy team or cloak is seen only in sight. */
bool mk_sight_double_blind(const struct murk_game* g);
/* Who hears of something that unit `unit` of `owner` does where it stands (a bogging check):
 * everyone on the texts' table, under double_blind only when the other side sees it. */
enum murk_audience mk_sight_unit_audience(const struct murk_game* g, enum murk_side owner,
                                          int unit);
/* Does `viewer` have the team of the other side's unit `unit` that stands at `at` in sight
 * now (line of sight and range, its gunflash counted)? What shooting asks, whatever the
 * side knows of where the team stands. */
bool mk_sight_team_in_sight(const struct murk_game* g, enum murk_side viewer, int unit,
                            struct murk_pos at);
/* The same asked of many teams while the viewer's units and markers stand still (a view):
 * the memo as above. */
bool mk_sight_team_in_sight_memo(const struct murk_game* g, enum murk_side viewer, int unit,
                                 struct murk_pos at, struct mk_sight_memo* memo);
/* Has one of `viewer`'s units or markers on the table within `range` (MURK_SIGHT_UNLIMITED:
 * any) a line of sight to p, asked of many cells while they stand still (the memo as
 * above)? -1 when the caches cannot say (built plain, a table whose fields of view do not
 * fit together): then ask viewer by viewer with mk_sight_los. */
int mk_sight_line_within(const struct murk_game* g, enum murk_side viewer, int range,
                         struct murk_pos p, struct mk_sight_memo* memo);
/* After a command (or at creation): what each side sees of the enemy now, and where it
 * last saw or was told of each enemy marker and team. first_event: the first event the
 * command made (their public positions count as told). */
void mk_sight_update(struct murk_game* g, size_t first_event);
/* Tests: make every later sight update of g work from scratch (no part skipped because its
 * inputs did not change), to compare with a game that skips. */
void mk_sight_update_from_scratch(struct murk_game* g);
/* For a question asked of many cells against the same n viewer cells `at` (the view's
 * reasons why something is or is not seen): *reach gets the cells within `range` of one of
 * them (MURK_SIGHT_UNLIMITED: of any), *line those that one of them within range also has
 * a line of sight to, each a bitset over the table, bit y * width + x. Valid until the next
 * call into sight.c. False when this cannot be answered so (a table of more than a few
 * thousand cells, a cell off the table, no memory): then ask cell by cell. */
bool mk_sight_reach(const struct murk_game* g, const struct murk_pos* at, int n, int range,
                    const uint64_t** reach, const uint64_t** line);

/* The farthest `viewer` can see now, in cells; MURK_SIGHT_UNLIMITED when nothing limits it.
 * The same for both sides under every rule murk has (NVR, night and fog are public). */
int mk_sight_range(const struct murk_game* g, enum murk_side viewer);

/* The farthest a unit of `viewer` may see anything now (mk_sight_sees from its cell), in
 * cells: mk_sight_range, or MURK_SIGHT_UNLIMITED where something may be seen beyond that
 * (a gunflash or a light, under the NVR or in the dark). */
int mk_sight_limit(const struct murk_game* g, enum murk_side viewer);

/* Can `viewer` see what stands at `to` from `from`? Line of sight and range, with the
 * exceptions for what stands at `to` (a unit of the other side that fired, ASL Night rules E1.8;
 * an illuminated cell). False if either cell is off the table. */
bool mk_can_see(const struct murk_game* g, enum murk_side viewer, struct murk_pos from,
                struct murk_pos to);

/* Is there a line of sight from `from` to `to` through the terrain (range aside)? */
bool mk_sight_los(const struct murk_game* g, struct murk_pos from, struct murk_pos to);

#endif
