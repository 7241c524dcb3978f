/* glyph.h: how a cell of the table looks: two characters and an attribute.
 *
 * Terrain is told apart by glyph and by colour, so it reads in monochrome too. With
 * Unicode the glyph comes from the terrain's class and name (woods, village, orchard,
 * marsh ...); in ASCII mode it is the mission's own map character, which the mission
 * author chose to be readable. */
#ifndef MURK_TUI_GLYPH_H
#define MURK_TUI_GLYPH_H

#include <stdbool.h>
#include <stdint.h>

#include "canvas.h"
#include "murk/mission.h"

struct tui_glyph {
  uint32_t ch[2];
  enum tui_attr attr;
};

/* The look of a terrain legend entry. */
struct tui_glyph tui_glyph_terrain(const struct murk_terrain* t, bool ascii);
/* The looks of a whole legend (n entries, at most MURK_MISSION_MAX_TERRAIN), each glyph one
 * meaning: an entry that would look like one before it (a burning barn and a mill, both
 * rough ground) takes its own map character instead, which the legend keeps unique. Every
 * map and legend draws from this. */
void tui_glyph_legend(const struct murk_terrain* t, int n, bool ascii, struct tui_glyph* out);

/* A two-column label for a numbered thing: "T5" (prefix and one digit); from 10 up "T+"
 * (the kind stays readable; the map writes "T12" into the next cell's first column where
 * that shows only terrain), "++" past 99. */
void tui_glyph_label(char prefix, int n, uint32_t out[2]);

/* The attribute of terrain drawn with `terrain` inside the own deployment zone: the same
 * terrain on the zone's ground, so woods still read as woods there (TUI_A_ZONE for anything
 * that is not terrain). */
enum tui_attr tui_glyph_zone_attr(enum tui_attr terrain);

/* The objective mark (one column; the second stays the terrain's). */
uint32_t tui_glyph_objective(bool ascii);

/* A Dis counter of leader T<n> (Limited Intelligence 27.1.2): a diamond (ASCII 'd') and the
 * leader's digit, "◇3" / "d3"; from 10 up "◇+", as tui_glyph_label does. Never a letter that
 * labels anything else (T, P, E, #), so it reads apart from leaders, teams and contacts in
 * monochrome too. */
void tui_glyph_dis(int n, bool ascii, uint32_t out[2]);

#endif
