/* reach.h: the movement preview - where a template may end its move, as far as the
 * moving side's view knows.
 *
 * Only a preview: the game checks every move when it is sent. It follows the template
 * rule (seed 000, Moving platoons; docs/rules.md): the path is the straight hex line to
 * the destination, its allowance that of the slowest terrain class crossed, water and
 * impassable cells cannot be entered, no enemy marker or team the view shows may be
 * crossed, and the move may not end on any marker or team. Positions of enemies come from the view
 * only, so the preview can tell the player nothing the view does not hold. */
#ifndef MURK_TUI_REACH_H
#define MURK_TUI_REACH_H

#include "murk/geom.h"
#include "murk/mission.h"
#include "murk/view.h"

/* Move allowance by terrain class, in cells; a negative value: may not enter. */
struct tui_move_rules {
  int cells[MURK_TERRAIN_CLASS_COUNT];
};

/* Set bit `bit` in cells[y * width + x] for every cell a move of the template of `side`
 * now at `from` could end on, and clear it elsewhere. cells holds grid.width *
 * grid.height bytes. The slowest class entered governs; the end cell must be free of any
 * marker or team. Returns how many cells were marked, or MURK_ENOMEM. */
int tui_reach(const struct murk_view* v, enum murk_side side, struct murk_pos from,
              const struct tui_move_rules* r, unsigned char* cells, unsigned char bit);

/* The same for a revealed platoon (engine model, docs/rules.md): its first team at `from`
 * leads, `allowance` cells over any passable ground, and it may end where its own teams
 * stand. `platoon` is its roster index. */
int tui_reach_platoon(const struct murk_view* v, enum murk_side side, int platoon,
                      struct murk_pos from, int allowance, unsigned char* cells, unsigned char bit);

#endif
