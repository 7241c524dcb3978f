/* glyph.c: terrain glyphs and labels (glyph.h). */
#include "glyph.h"

#include <string.h>

/* Case-insensitive: does name contain any of the words? */
static bool name_has(const char* name, const char* const* words) {
  char low[MURK_NAME];
  size_t i = 0;
  for (; name[i] && i + 1 < sizeof low; i++) {
    char c = name[i];
    low[i] = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
  }
  low[i] = '\0';
  for (; *words; words++)
    if (strstr(low, *words)) return true;
  return false;
}

static const char* const woods_words[] = {"wood", "forest", "jungle", "copse", NULL};
static const char* const building_words[] = {"village", "town",   "build", "house", "farm",
                                             "city",    "hamlet", "ruin",  NULL};
static const char* const orchard_words[] = {"orchard", "hedge", "vineyard", "bocage", NULL};
static const char* const marsh_words[] = {"marsh", "swamp", "bog", "mud", NULL};
static const char* const ford_words[] = {"ford", NULL};
static const char* const bridge_words[] = {"bridge", NULL};

struct tui_glyph tui_glyph_terrain(const struct murk_terrain* t, bool ascii) {
  struct tui_glyph g = {{' ', ' '}, TUI_A_OPEN};
  if (!t) return g;
  switch (t->cls) {
    case MURK_TERRAIN_OPEN:
      g.attr = TUI_A_OPEN;
      break;
    case MURK_TERRAIN_ROAD:
      g.attr = TUI_A_ROAD;
      break;
    case MURK_TERRAIN_RAILWAY:
      g.attr = TUI_A_RAIL;
      break;
    case MURK_TERRAIN_DIFFICULT:
      g.attr = name_has(t->name, woods_words)      ? TUI_A_WOODS
               : name_has(t->name, building_words) ? TUI_A_BUILDING
                                                   : TUI_A_ROUGH;
      break;
    case MURK_TERRAIN_IMPASSABLE:
      g.attr = TUI_A_BLOCKED;
      break;
    case MURK_TERRAIN_WATER:
      g.attr = TUI_A_WATER;
      break;
    default:
      break;
  }
  bool doubled = t->cls == MURK_TERRAIN_ROAD || t->cls == MURK_TERRAIN_RAILWAY ||
                 t->cls == MURK_TERRAIN_WATER || t->cls == MURK_TERRAIN_IMPASSABLE;
  uint32_t c;
  if (ascii) {
    c = (t->ch > ' ' && t->ch < 0x7f) ? (uint32_t)t->ch : '?';
  } else {
    switch (t->cls) {
      case MURK_TERRAIN_ROAD:
        c = name_has(t->name, bridge_words) ? 0x256a : 0x2550;
        break;
      case MURK_TERRAIN_RAILWAY:
        c = name_has(t->name, bridge_words) ? 0x256b : 0x253c;
        break;
      case MURK_TERRAIN_WATER:
        c = 0x2248;
        break; /* ≈ */
      case MURK_TERRAIN_IMPASSABLE:
        c = 0x2593;
        break; /* ▓ */
      case MURK_TERRAIN_DIFFICULT:
        if (g.attr == TUI_A_WOODS)
          c = 0x2663; /* ♣ */
        else if (g.attr == TUI_A_BUILDING)
          c = 0x25a0; /* ■ */
        else if (name_has(t->name, orchard_words))
          c = 0x2660; /* ♠ */
        else if (name_has(t->name, marsh_words))
          c = 0x2234; /* ∴ */
        else if (name_has(t->name, ford_words))
          c = 0x2261; /* ≡ */
        else
          c = 0x2235; /* ∵ */
        break;
      default:
        c = 0x00b7; /* · */
    }
  }
  g.ch[0] = c;
  g.ch[1] = doubled ? c : ' ';
  return g;
}

void tui_glyph_legend(const struct murk_terrain* t, int n, bool ascii, struct tui_glyph* out) {
  for (int i = 0; i < n; i++) {
    out[i] = tui_glyph_terrain(&t[i], ascii);
    for (int j = 0; j < i; j++) {
      if (out[j].ch[0] != out[i].ch[0] || out[j].ch[1] != out[i].ch[1]) continue;
      uint32_t c = (t[i].ch > ' ' && t[i].ch < 0x7f) ? (uint32_t)t[i].ch : '?';
      out[i].ch[1] = out[i].ch[1] == ' ' ? ' ' : c;
      out[i].ch[0] = c;
      break;
    }
  }
}

static void label(uint32_t prefix, int n, uint32_t out[2]) {
  if (n >= 0 && n < 10) {
    out[0] = prefix;
    out[1] = (uint32_t)('0' + n);
  } else if (n >= 10 && n < 100) { /* the kind first: draw.c writes the number out */
    out[0] = prefix;
    out[1] = '+';
  } else {
    out[0] = out[1] = '+';
  }
}

void tui_glyph_label(char prefix, int n, uint32_t out[2]) {
  label((uint32_t)(unsigned char)prefix, n, out);
}

void tui_glyph_dis(int n, bool ascii, uint32_t out[2]) {
  label(ascii ? 'd' : 0x25c7, n, out); /* ◇ */
}

enum tui_attr tui_glyph_zone_attr(enum tui_attr terrain) {
  switch (terrain) {
    case TUI_A_OPEN:
      return TUI_A_ZONE_OPEN;
    case TUI_A_ROAD:
      return TUI_A_ZONE_ROAD;
    case TUI_A_RAIL:
      return TUI_A_ZONE_RAIL;
    case TUI_A_WOODS:
      return TUI_A_ZONE_WOODS;
    case TUI_A_BUILDING:
      return TUI_A_ZONE_BUILDING;
    case TUI_A_ROUGH:
      return TUI_A_ZONE_ROUGH;
    case TUI_A_WATER:
      return TUI_A_ZONE_WATER;
    case TUI_A_BLOCKED:
      return TUI_A_ZONE_BLOCKED;
    default:
      return TUI_A_ZONE;
  }
}

uint32_t tui_glyph_objective(bool ascii) {
  return ascii ? 'O' : 0x25ce; /* ◎ */
}
