/* cmd_show.c: `murk show MISSION` - the mission's table as text, without a game: the
 * terrain, both deployment zones, the objectives the mission fixes, the entry points and
 * a legend. Drawn with the TUI's own pieces (canvas.h, hexmap.h, glyph.h: the same glyphs,
 * labels and hex shift as the game's map), then printed row by row. */
#include <langinfo.h>
#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "canvas.h"
#include "cli.h"
#include "glyph.h"
#include "hexmap.h"
#include "missions.h"
#include "murk/diag.h"
#include "murk/mission.h"
#include "murk/rules.h"
#include "text.h"

static bool in_zone(const struct murk_mission* m, enum murk_side s, struct murk_pos p) {
  const struct murk_side_def* d = &m->sides[s];
  if (murk_zone_contains(m, &d->zone, p)) return true;
  for (int i = 0; i < d->nmore_zones; i++)
    if (murk_zone_contains(m, &d->more_zones[i], p)) return true;
  return false;
}

/* The canvas row y, trailing blanks cut, escaped (the canvas holds file text too). */
static void print_row(const struct tui_canvas* c, int y) {
  char row[8192], esc[4 * sizeof row];
  tui_canvas_row(c, y, row, sizeof row);
  size_t n = strlen(row);
  while (n > 0 && row[n - 1] == ' ') row[--n] = '\0';
  printf("%s\n", murk_cli_escape(row, esc, sizeof esc));
}

static void print_legend_glyph(const uint32_t ch[2], bool ascii, const char* text) {
  char g[16] = "", esc[1024];
  int k = 0;
  for (int i = 0; i < 2; i++) {
    uint32_t u = ascii && ch[i] >= 0x80 ? '?' : ch[i];
    k += tui_utf8_put(u, g + k);
  }
  g[k] = '\0';
  printf("  %s  %s\n", g, murk_cli_escape(text, esc, sizeof esc));
}

static int cmd_show_exec(const struct murk_args* a) {
  char path[4096];
  if (!murk_cli_mission_find(a->argv[0], NULL, path, sizeof path)) {
    murk_cli_mission_not_found(a->argv[0]);
    return MURK_EXIT_INVALID;
  }
  struct murk_mission* m = NULL;
  struct murk_diags d;
  if (murk_mission_load(path, &m, &d) != 0) {
    murk_cli_print_diags(&d, stderr);
    return MURK_EXIT_INVALID;
  }
  setlocale(LC_CTYPE, "");
  const char* cs = nl_langinfo(CODESET);
  bool ascii = murk_args_has(a, "ascii") || !cs || strcmp(cs, "UTF-8") != 0;

  char esc[4 * 1024], line[512];
  printf("%s", murk_cli_escape(m->name, esc, sizeof esc));
  printf(" (%s)", murk_cli_escape(m->id, esc, sizeof esc));
  if (m->summary[0]) printf(": %s", murk_cli_escape(m->summary, esc, sizeof esc));
  putchar('\n');
  if (m->source[0]) printf("After %s.\n", murk_cli_escape(m->source, esc, sizeof esc));
  murk_mission_summary(m, line, sizeof line);
  printf("%s\n\n", murk_cli_escape(line, esc, sizeof esc));

  /* The table, with a ruler of column numbers above and row numbers on the left. */
  const struct murk_grid* g = &m->grid;
  const int left = 4, top = 2;
  int w = left + tui_hexmap_full_width(g), h = top + g->height;
  struct tui_canvas c;
  if (tui_canvas_init(&c, w, h, ascii) != 0) {
    murk_mission_free(m);
    return murk_cli_error("out of memory");
  }
  struct tui_hexmap hm = {0};
  tui_hexmap_place(&hm, g, left, top, w - left, h - top);
  int sx, sy;
  for (int x = 0; x < g->width; x += 5) {
    if (!tui_hexmap_to_screen(&hm, (struct murk_pos){x, 0}, &sx, &sy)) continue;
    tui_canvas_printf(&c, sx, 0, -1, TUI_A_DIM, "%d", x);
    tui_canvas_put(&c, sx, 1, '|', TUI_A_DIM);
  }
  struct tui_glyph look[MURK_MISSION_MAX_TERRAIN];
  tui_glyph_legend(m->terrain, m->nterrain, ascii, look);
  bool both = false, zone[MURK_SIDES] = {false, false};
  for (int y = 0; y < g->height; y++) {
    tui_canvas_printf(&c, 0, top + y, left - 1, TUI_A_DIM, "%3d", y);
    for (int x = 0; x < g->width; x++) {
      struct murk_pos p = {x, y};
      if (!tui_hexmap_to_screen(&hm, p, &sx, &sy)) continue;
      struct tui_glyph gl =
          m->map ? look[m->map[y * g->width + x]] : tui_glyph_terrain(NULL, ascii);
      /* Deployment zones in the cell's second column: a, d, or + where both may deploy. */
      bool za = in_zone(m, MURK_ATTACKER, p), zd = in_zone(m, MURK_DEFENDER, p);
      if (za || zd) gl.ch[1] = za && zd ? '+' : za ? 'a' : 'd';
      zone[MURK_ATTACKER] |= za, zone[MURK_DEFENDER] |= zd, both |= za && zd;
      tui_canvas_put(&c, sx, sy, gl.ch[0], gl.attr);
      tui_canvas_put(&c, sx + 1, sy, gl.ch[1], gl.attr);
    }
  }
  for (int i = 0; i < m->nentries; i++) {
    if (!tui_hexmap_to_screen(&hm, m->entries[i].at, &sx, &sy)) continue;
    uint32_t lab[2];
    tui_glyph_label('E', m->entries[i].number, lab);
    tui_canvas_put(&c, sx, sy, lab[0], TUI_A_ENTRY);
    tui_canvas_put(&c, sx + 1, sy, lab[1], TUI_A_ENTRY);
  }
  for (int i = 0; i < m->nobjectives; i++)
    if (tui_hexmap_to_screen(&hm, m->objectives[i].at, &sx, &sy))
      tui_canvas_put(&c, sx, sy, tui_glyph_objective(ascii), TUI_A_OBJECTIVE);
  for (int y = 0; y < h; y++) print_row(&c, y);
  tui_canvas_fini(&c);

  /* The legend: every terrain, then the marks. */
  printf("\nLegend (a cell is two characters; %s):\n",
         g->kind == MURK_GRID_HEX ? "odd rows are shifted half a cell right" : "square cells");
  for (int i = 0; i < m->nterrain; i++) {
    const struct murk_terrain* t = &m->terrain[i];
    struct tui_glyph gl = look[i];
    snprintf(line, sizeof line, "%s ('%c': %s, sight %s)", t->name, t->ch,
             murk_terrain_class_name(t->cls), murk_sight_name(t->sight));
    print_legend_glyph(gl.ch, ascii, line);
  }
  static const char* const zone_text[] = {"the attacker's deployment zone (second column)",
                                          "the defender's deployment zone (second column)"};
  for (int s = 0; s < MURK_SIDES; s++) {
    if (!zone[s]) continue;
    uint32_t z[2] = {' ', s == MURK_ATTACKER ? 'a' : 'd'};
    print_legend_glyph(z, ascii, zone_text[s]);
  }
  if (both) print_legend_glyph((uint32_t[2]){' ', '+'}, ascii, "either side may deploy here");
  for (int i = 0; i < m->nobjectives; i++) {
    const struct murk_objective* o = &m->objectives[i];
    snprintf(line, sizeof line, "objective '%s' at %d,%d%s%s", o->name, o->at.x, o->at.y,
             o->for_side == MURK_NO_SIDE ? "" : ", for the ",
             o->for_side == MURK_NO_SIDE ? "" : murk_side_name(o->for_side));
    print_legend_glyph((uint32_t[2]){tui_glyph_objective(ascii), ' '}, ascii, line);
  }
  for (int i = 0; i < m->nentries; i++) {
    const struct murk_entry* e = &m->entries[i];
    uint32_t lab[2];
    tui_glyph_label('E', e->number, lab);
    char rolls[64] = "";
    int k = 0;
    for (int r = 1; r < 32; r++)
      if (e->rolls & (1u << r))
        k += snprintf(rolls + k, sizeof rolls - (size_t)k, "%s%d", k ? " " : "", r);
    snprintf(line, sizeof line, "entry point %d at %d,%d: %s (%s, die rolls %s)", e->number,
             e->at.x, e->at.y, e->name, murk_terrain_class_name(e->kind), rolls[0] ? rolls : "-");
    print_legend_glyph(lab, ascii, line);
  }
  for (int i = 0; i < m->nobjective_rules; i++) {
    const struct murk_objective_rule* r = &m->objective_rules[i];
    printf("  In setup the %s places %d objective%s, for %s to take.\n", murk_side_name(r->by),
           r->count, r->count == 1 ? "" : "s",
           r->for_side == MURK_NO_SIDE    ? "either side"
           : r->for_side == MURK_ATTACKER ? "the attacker"
                                          : "the defender");
  }
  murk_mission_free(m);
  fflush(stdout);
  return MURK_EXIT_OK;
}

const struct murk_cmd_entry murk_cmd_show_entry = {
    .name = "show",
    .usage = "MISSION [--ascii]",
    .about = "draw a mission's table, zones, objectives and entry points",
    .help =
        "MISSION is a bundled mission's id (murk list) or a mission file. Plain text on\n"
        "standard output, no game and no terminal needed; --ascii draws with ASCII only\n"
        "(the map's own characters), as does a terminal whose locale is not UTF-8.",
    .args = {"ascii", 1, 1},
    .exec = cmd_show_exec,
};
