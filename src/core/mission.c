/* mission.c: the mission file loader (mission.h, docs/mission-format.md).
 *
 * Loading runs in three stages so that no input can cost much: the bytes are checked
 * (size, UTF-8), a streaming YAML pass refuses deep nesting, aliases and extra documents,
 * and only then the document is composed and walked against the schema below. The walk
 * keeps going after a problem wherever the rest can still be checked, so one run of
 * `murk check` shows most of what is wrong; the problems are then sorted by place. */
#include "murk/mission.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "murk/alloc.h"
#include "murk/error.h"
#include "yamlwalk.h"

/* ---- names ---- */

static const char* const terrain_class_names[] = {
#define TC_NAME(id, name) name,
    MURK_TERRAIN_CLASS_LIST(TC_NAME)
#undef TC_NAME
};

static const char* const sight_names[] = {"clear", "hindering", "blocking"};
static const char* const compass_names[] = {"north", "south", "east", "west",
                                            "ne",    "nw",    "se",   "sw"};
static const char* const platoon_flag_names[] = {
#define PF_NAME(id, name) name,
    MURK_PLATOON_FLAG_LIST(PF_NAME)
#undef PF_NAME
};
static const char* const end_kind_names[] = {
#define END_NAME(id, name) name,
    MURK_END_KIND_LIST(END_NAME)
#undef END_NAME
};
static const char* const side_names[] = {"attacker", "defender"};
static const char* const side_or_either[] = {"attacker", "defender", "either"};

const char* murk_terrain_class_name(enum murk_terrain_class c) {
  return (int)c >= 0 && c < MURK_TERRAIN_CLASS_COUNT ? terrain_class_names[c] : "unknown";
}

const char* murk_sight_name(enum murk_sight s) {
  return (int)s >= 0 && (int)s < 3 ? sight_names[s] : "unknown";
}

const char* murk_compass_name(enum murk_compass c) {
  return (int)c >= 0 && (int)c < 8 ? compass_names[c] : "unknown";
}

const char* murk_platoon_flag_name(int bit) {
  return bit >= 0 && bit < MURK_PF_COUNT ? platoon_flag_names[bit] : "unknown";
}

const char* murk_end_kind_name(enum murk_end_kind k) {
  return (int)k >= 0 && k < MURK_END_COUNT ? end_kind_names[k] : "unknown";
}

/* ---- the loader's state ---- */

struct ld {
  struct yw w;
  struct murk_mission* m;
  bool nomem;
  bool scale_ok; /* m->scale converts lengths */
  bool table_ok; /* table size known in cells: tw x th */
  bool dims_ok;  /* m->grid width/height usable for position checks */
  int tw, th;
  bool have_objectives;
};

#define ARRAY_LEN(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define KEYS(...) ((const char* const[]){__VA_ARGS__, NULL})

/* Pairs of a mapping / items of a list, with node look-up. */
#define FOR_PAIRS(L, n, p) \
  for (yaml_node_pair_t* p = (n)->data.mapping.pairs.start; p < (n)->data.mapping.pairs.top; p++)
#define FOR_ITEMS(L, n, it)                                                                      \
  for (yaml_node_item_t* it = (n)->data.sequence.items.start; it < (n)->data.sequence.items.top; \
       it++)

static yaml_node_t* node(struct ld* L, int id) {
  return yw_node(&L->w, id);
}

static const char* found(const yaml_node_t* n, char* buf, size_t size) {
  return yw_found(n, buf, size);
}

/* ---- values with units, dice, positions, ranges ---- */

#define LENGTH_EXAMPLE "a length such as 20cm, 8in or 3hex"

static bool parse_length(struct ld* L, const yaml_node_t* n, const char* what,
                         struct murk_length* out) {
  char f[48], err[120] = "";
  if (!yw_is_scalar(n) || yw_is_null(n)) {
    yw_err(&L->w, n, "'%s' is %s (expected " LENGTH_EXAMPLE ")", what, found(n, f, sizeof f));
    return false;
  }
  if (murk_length_parse((const char*)n->data.scalar.value, out, err, sizeof err) != 0) {
    /* geom's message names the text and often what it expected already. */
    yw_err(&L->w, n, "'%s': %s%s", what, err[0] ? err : "not a length",
           strstr(err, "expected") ? "" : " (expected " LENGTH_EXAMPLE ")");
    return false;
  }
  return true;
}

/* A length in cells under the mission scale. Quiet when the scale itself is bad (that
 * has its own message). */
static bool length_cells(struct ld* L, const yaml_node_t* n, const char* what, enum murk_round r,
                         int min, int max, int* out) {
  struct murk_length len;
  if (!parse_length(L, n, what, &len)) return false;
  if (!L->scale_ok) return false;
  int cells = murk_length_to_cells(len, L->m->scale, r);
  if (cells < min || cells > max) {
    char f[48];
    yw_err(&L->w, n, "'%s' is %s, %d cells, out of range (expected %d to %d cells)", what,
           found(n, f, sizeof f), cells, min, max);
    return false;
  }
  *out = cells;
  return true;
}

static bool parse_dice(struct ld* L, const yaml_node_t* n, const char* what,
                       struct murk_dice_expr* out) {
  char f[48], err[120] = "";
  if (!yw_is_scalar(n) || yw_is_null(n)) {
    yw_err(&L->w, n, "'%s' is %s (expected dice such as d6, 2d6*3 or d6+1)", what,
           found(n, f, sizeof f));
    return false;
  }
  if (murk_dice_parse((const char*)n->data.scalar.value, out, err, sizeof err) != 0) {
    yw_err(&L->w, n, "'%s' is %s: %s (expected dice such as d6, 2d6*3 or d6+1)", what,
           found(n, f, sizeof f), err[0] ? err : "not a dice expression");
    return false;
  }
  return true;
}

/* The smallest and largest result of an expression. */
static void dice_span(const struct murk_dice_expr* e, int* lo, int* hi) {
  *lo = e->count * 1 * e->mul + e->add;
  *hi = e->count * e->sides * e->mul + e->add;
}

/* "x,y" or [x, y]. Only the form is checked here; on_table checks the place. */
static bool parse_pos(struct ld* L, const yaml_node_t* n, const char* what, struct murk_pos* out) {
  char f[48];
  if (yw_is_seq(n) && yw_seq_len(n) == 2) {
    yaml_node_t* x = node(L, n->data.sequence.items.start[0]);
    yaml_node_t* y = node(L, n->data.sequence.items.start[1]);
    return yw_int(&L->w, x, what, 0, MURK_MISSION_MAX_CELLS, &out->x) &&
           yw_int(&L->w, y, what, 0, MURK_MISSION_MAX_CELLS, &out->y);
  }
  if (yw_is_scalar(n) && !yw_is_null(n) &&
      murk_pos_parse((const char*)n->data.scalar.value, out) == 0)
    return true;
  yw_err(&L->w, n, "'%s' is %s (expected a position \"column,row\" such as \"7,12\")", what,
         found(n, f, sizeof f));
  return false;
}

static bool on_table(struct ld* L, const yaml_node_t* n, const char* what, struct murk_pos p) {
  if (!L->dims_ok || murk_geom_on_table(&L->m->grid, p)) return true;
  yw_err(&L->w, n, "%s at %d,%d is off the table (expected column 0 to %d and row 0 to %d)", what,
         p.x, p.y, L->m->grid.width - 1, L->m->grid.height - 1);
  return false;
}

static bool parse_pos_on_table(struct ld* L, const yaml_node_t* n, const char* key,
                               const char* what, struct murk_pos* out) {
  return parse_pos(L, n, key, out) && on_table(L, n, what, *out);
}

/* Digits at *s as a number, saturating far above any limit (no overflow on hostile
 * input); advances *s. False if there is no digit. */
static bool take_number(const char** s, int* out) {
  const char* p = *s;
  long v = 0;
  if (*p < '0' || *p > '9') return false;
  for (; *p >= '0' && *p <= '9'; p++)
    if (v < 1000000000L) v = v * 10 + (*p - '0');
  *out = v > 1000000000L ? 1000000000 : (int)v;
  *s = p;
  return true;
}

/* "3", "2-4", "5+" (open above: *hi = -1), or a plain number. */
static bool parse_range(struct ld* L, const yaml_node_t* n, const char* what, int max, int* lo,
                        int* hi) {
  char f[48];
  if (yw_is_scalar(n) && !yw_is_null(n)) {
    const char* s = (const char*)n->data.scalar.value;
    int a = 0, b = 0;
    if (take_number(&s, &a) && a <= max) {
      if (*s == '\0') {
        *lo = *hi = a;
        return true;
      }
      if (strcmp(s, "+") == 0) {
        *lo = a, *hi = -1;
        return true;
      }
      if (*s == '-' && (s++, take_number(&s, &b)) && *s == '\0' && b >= a && b <= max) {
        *lo = a, *hi = b;
        return true;
      }
    }
  }
  yw_err(&L->w, n, "'%s' is %s (expected a number or range from 0 to %d: \"3\", \"2-4\" or \"5+\")",
         what, found(n, f, sizeof f), max);
  return false;
}

/* ---- top level: name, source, briefing ---- */

static const char* const top_keys[] = {
    "name",       "source",        "briefing",   "table",  "terrain",    "entries",
    "deployment", "reserve_edges", "objectives", "setup",  "turn_limit", "rules",
    "visibility", "end",           "victory",    "forces", "arrive",     NULL};
enum {
  T_NAME,
  T_SOURCE,
  T_BRIEFING,
  T_TABLE,
  T_TERRAIN,
  T_ENTRIES,
  T_DEPLOYMENT,
  T_RESERVE_EDGES,
  T_OBJECTIVES,
  T_SETUP,
  T_TURN_LIMIT,
  T_RULES,
  T_VISIBILITY,
  T_END,
  T_VICTORY,
  T_FORCES,
  T_ARRIVE,
  T_COUNT
};

static char* dup_text(struct ld* L, const char* s) {
  char* d = murk_strdup(s);
  if (!d) L->nomem = true;
  return d;
}

static void load_briefing(struct ld* L, yaml_node_t* n) {
  if (!n) return;
  yaml_node_t* v[2];
  if (!yw_fields(&L->w, n, "briefing", KEYS("attacker", "defender"), v)) return;
  for (int s = 0; s < MURK_SIDES; s++) {
    if (!v[s]) continue;
    const char* text = yw_is_null(v[s]) ? "" : yw_str(&L->w, v[s], side_names[s]);
    if (!text) continue;
    char* d = dup_text(L, text);
    if (!d) return;
    murk_free(L->m->sides[s].briefing);
    L->m->sides[s].briefing = d;
  }
}

/* ---- table ---- */

/* "180cm x 120cm": split at an 'x' that is not the end of "hex". */
static bool split_size(const char* s, char* a, char* b, size_t size) {
  const char* sep = NULL;
  for (const char* p = s; *p; p++) {
    if ((*p == 'x' || *p == 'X') && !(p - s >= 2 && p[-2] == 'h' && p[-1] == 'e')) {
      sep = p;
      break;
    }
  }
  if (!sep) return false;
  const char* l0 = s;
  const char* l1 = sep;
  const char* r0 = sep + 1;
  const char* r1 = s + strlen(s);
  while (l0 < l1 && l0[0] == ' ') l0++;
  while (l1 > l0 && l1[-1] == ' ') l1--;
  while (r0 < r1 && r0[0] == ' ') r0++;
  while (r1 > r0 && r1[-1] == ' ') r1--;
  if (l1 == l0 || r1 == r0 || (size_t)(l1 - l0) >= size || (size_t)(r1 - r0) >= size) return false;
  memcpy(a, l0, (size_t)(l1 - l0));
  a[l1 - l0] = '\0';
  memcpy(b, r0, (size_t)(r1 - r0));
  b[r1 - r0] = '\0';
  return true;
}

static void fmt_len(struct murk_length len, char* buf, size_t n) {
  if (murk_length_format(len, buf, n) < 0 && n) snprintf(buf, n, "?");
}

/* One side of the table in cells: it must be a whole number of them. */
static bool table_side(struct ld* L, const yaml_node_t* n, const char* text, const char* which,
                       struct murk_length* len, int* cells) {
  char err[120] = "";
  if (murk_length_parse(text, len, err, sizeof err) != 0) {
    yw_err(&L->w, n, "table %s: %s%s", which, err[0] ? err : "not a length",
           strstr(err, "expected") ? "" : " (expected " LENGTH_EXAMPLE ")");
    return false;
  }
  if (!L->scale_ok) return false;
  int down = murk_length_to_cells(*len, L->m->scale, MURK_ROUND_DOWN);
  int up = murk_length_to_cells(*len, L->m->scale, MURK_ROUND_UP);
  char sc[32];
  fmt_len(L->m->scale, sc, sizeof sc);
  if (down != up) {
    yw_err(&L->w, n,
           "table %s %s is not a whole number of cells at %s a cell (expected a multiple of "
           "the scale)",
           which, text, sc);
    return false;
  }
  if (down < 1 || down > MURK_MISSION_MAX_CELLS) {
    yw_err(&L->w, n, "table %s %s is %d cells at %s a cell (expected 1 to %d)", which, text, down,
           sc, MURK_MISSION_MAX_CELLS);
    return false;
  }
  *cells = down;
  return true;
}

static void load_table(struct ld* L, yaml_node_t* root, yaml_node_t* n) {
  struct murk_mission* m = L->m;
  if (!n) {
    yw_missing(&L->w, root, "table", "the mission", "table: with grid, scale and size");
    return;
  }
  yaml_node_t* v[3];
  if (!yw_fields(&L->w, n, "table", KEYS("grid", "scale", "size"), v)) return;
  static const char* const grids[] = {"hex", "square"};
  if (v[0]) {
    int g = yw_enum(&L->w, v[0], "grid", grids, 2);
    if (g >= 0) m->grid.kind = (enum murk_grid_kind)g;
  }
  if (!v[1]) {
    yw_missing(&L->w, n, "scale", "table", "the size of one cell, such as scale: 5cm");
  } else if (parse_length(L, v[1], "scale", &m->scale)) {
    if (m->scale.unit == MURK_UNIT_HEX || m->scale.value <= 0) {
      char f[48];
      yw_err(&L->w, v[1], "'scale' is %s (expected the size of one cell in cm or in, such as 5cm)",
             found(v[1], f, sizeof f));
    } else {
      L->scale_ok = true;
    }
  }
  if (!v[2]) {
    yw_missing(&L->w, n, "size", "table", "width x height, such as size: 180cm x 120cm");
    return;
  }
  const char* s = yw_str(&L->w, v[2], "size");
  if (!s) return;
  char a[48], b[48], f[48];
  if (!split_size(s, a, b, sizeof a)) {
    yw_err(&L->w, v[2], "'size' is %s (expected width x height, such as 180cm x 120cm)",
           found(v[2], f, sizeof f));
    return;
  }
  bool okw = table_side(L, v[2], a, "width", &m->table_w, &L->tw);
  bool okh = table_side(L, v[2], b, "height", &m->table_h, &L->th);
  if (okw && okh) {
    L->table_ok = L->dims_ok = true;
    m->grid.width = L->tw;
    m->grid.height = L->th;
  }
}

/* ---- terrain ---- */

/* Returns false when a legend key is unusable: the map's characters are then not checked,
 * since every use of the missing character would be reported again. */
static bool load_legend(struct ld* L, yaml_node_t* n, signed char index[256]) {
  struct murk_mission* m = L->m;
  if (!yw_want_map(&L->w, n, "legend")) return false;
  if (yw_map_len(n) > MURK_MISSION_MAX_TERRAIN) {
    yw_err(&L->w, n, "'legend' has %d entries (expected at most %d)", yw_map_len(n),
           MURK_MISSION_MAX_TERRAIN);
    return false;
  }
  const yaml_node_t* first[256] = {0};
  bool keys_ok = true;
  FOR_PAIRS(L, n, p) {
    yaml_node_t* k = node(L, p->key);
    yaml_node_t* val = node(L, p->value);
    char f[48];
    const unsigned char* ks = yw_is_scalar(k) ? k->data.scalar.value : NULL;
    if (!ks || k->data.scalar.length != 1 || ks[0] <= ' ' || ks[0] > '~') {
      yw_err(&L->w, k, "legend key %s (expected one printable character such as \".\" or \"T\")",
             found(k, f, sizeof f));
      keys_ok = false;
      continue;
    }
    unsigned char ch = ks[0];
    if (first[ch]) {
      yw_err(&L->w, k,
             "duplicate legend character '%c' (expected each character once; the first "
             "is at %d:%d)",
             ch, yw_line(first[ch]), yw_col(first[ch]));
      continue;
    }
    first[ch] = k;
    yaml_node_t* v[4];
    char what[40];
    snprintf(what, sizeof what, "legend '%c'", ch);
    struct murk_terrain t = {.ch = (char)ch, .cls = MURK_TERRAIN_OPEN, .sight = MURK_SIGHT_CLEAR};
    /* A character with a bad entry still counts as known, so the map does not repeat
     * the problem at every cell. */
    index[ch] = (signed char)m->nterrain;
    struct murk_terrain* dst = &m->terrain[m->nterrain++];
    if (!yw_fields(&L->w, val, what, KEYS("class", "sight", "name", "blaze"), v)) {
      *dst = t;
      continue;
    }
    if (!v[0]) {
      yw_missing(&L->w, val, "class", what,
                 "class: open, road, railway, difficult, impassable "
                 "or water");
    } else {
      int c = yw_enum(&L->w, v[0], "class", terrain_class_names, MURK_TERRAIN_CLASS_COUNT);
      if (c >= 0) t.cls = (enum murk_terrain_class)c;
    }
    if (v[1]) {
      int s = yw_enum(&L->w, v[1], "sight", sight_names, ARRAY_LEN(sight_names));
      if (s >= 0) t.sight = (enum murk_sight)s;
    }
    if (v[2]) {
      yw_text(&L->w, v[2], "name", t.name, sizeof t.name);
    } else {
      snprintf(t.name, sizeof t.name, "%s", murk_terrain_class_name(t.cls));
    }
    if (v[3]) yw_int(&L->w, v[3], "blaze", 0, 9, &m->blaze[dst - m->terrain]); /* 1.94 */
    *dst = t;
  }
  return keys_ok;
}

/* Rows of a map-shaped block: every row must be as wide as the first. Returns the number
 * of rows (0 on a problem, reported), sets *width. Trailing blank lines are ignored. */
static int block_rows(struct ld* L, yaml_node_t* n, const char* what, int* width) {
  char f[48];
  if (!yw_is_scalar(n) || yw_is_null(n)) {
    yw_err(&L->w, n, "'%s' is %s (expected a block of rows: '%s: |' and one line per row)", what,
           found(n, f, sizeof f), what);
    return 0;
  }
  if (n->data.scalar.style != YAML_LITERAL_SCALAR_STYLE) {
    /* Other styles fold line breaks into spaces: the rows would run together. */
    yw_err(&L->w, n, "'%s' is not a literal block (expected '%s: |' and one line per row)", what,
           what);
    return 0;
  }
  const char* v = (const char*)n->data.scalar.value;
  size_t len = n->data.scalar.length;
  while (len > 0 && v[len - 1] == '\n') len--;
  if (len == 0) {
    yw_err(&L->w, n, "'%s' is empty (expected one line of characters per row)", what);
    return 0;
  }
  /* One ASCII character a cell: anything else would make widths count bytes. */
  for (size_t b = 0, row = 0, at = 0; b < len; b++, at++) {
    unsigned char c = (unsigned char)v[b];
    if (c == '\n') {
      row++, at = (size_t)-1;
    } else if (c >= 0x80 || c < ' ') {
      int line, col;
      yw_block_pos(&L->w, n, row, at, &line, &col);
      yw_err_at(&L->w, line, col,
                "%s row %zu holds %s (expected one printable ASCII character per cell)", what, row,
                c == '\t' ? "a tab"
                : c < ' ' ? "a control character"
                          : "a non-ASCII character");
      return 0;
    }
  }
  int rows = 0;
  bool ragged = false;
  size_t i = 0, w0 = 0;
  while (i <= len) {
    const char* nl = memchr(v + i, '\n', len - i);
    size_t rl = nl ? (size_t)(nl - v) - i : len - i;
    if (rows == 0) {
      w0 = rl;
    } else if (rl != w0 && !yw_full(&L->w)) {
      int line, col;
      yw_block_pos(&L->w, n, (size_t)rows, rl < w0 ? rl : w0, &line, &col);
      yw_err_at(&L->w, line, col,
                "%s row %d is %zu characters wide, row 0 is %zu (expected "
                "every row the same width)",
                what, rows, rl, w0);
      ragged = true;
    }
    rows++;
    if (rows > MURK_MISSION_MAX_CELLS) {
      yw_err(&L->w, n, "'%s' has more than %d rows (expected at most %d)", what,
             MURK_MISSION_MAX_CELLS, MURK_MISSION_MAX_CELLS);
      return 0;
    }
    i += rl + 1;
  }
  if (w0 > MURK_MISSION_MAX_CELLS) {
    yw_err(&L->w, n, "'%s' rows are %zu characters wide (expected at most %d)", what, w0,
           MURK_MISSION_MAX_CELLS);
    return 0;
  }
  if (ragged) return 0;
  *width = (int)w0;
  return rows;
}

static void load_map(struct ld* L, yaml_node_t* n, const signed char index[256], bool legend_ok) {
  struct murk_mission* m = L->m;
  int w = 0;
  int h = block_rows(L, n, "map", &w);
  if (h == 0) return;
  if (L->table_ok && (w != L->tw || h != L->th)) {
    char tw[32], th[32], sc[32];
    fmt_len(m->table_w, tw, sizeof tw);
    fmt_len(m->table_h, th, sizeof th);
    fmt_len(m->scale, sc, sizeof sc);
    yw_err(&L->w, n,
           "the map is %dx%d cells but the table (%s x %s at %s a cell) is %dx%d "
           "(expected the map to match the table size)",
           w, h, tw, th, sc, L->tw, L->th);
    return;
  }
  if (!legend_ok) return;
  const unsigned char* v = n->data.scalar.value;
  bool reported[256] = {false};
  bool bad = false;
  char chars[MURK_MISSION_MAX_TERRAIN * 2 + 1];
  int k = 0;
  for (int i = 0; i < m->nterrain; i++) {
    chars[k++] = m->terrain[i].ch;
    if (i + 1 < m->nterrain) chars[k++] = ' ';
  }
  chars[k] = '\0';
  unsigned char* cells = murk_malloc((size_t)w * (size_t)h);
  if (!cells) {
    L->nomem = true;
    return;
  }
  for (int y = 0; y < h; y++) {
    const unsigned char* row = v + (size_t)y * ((size_t)w + 1);
    for (int x = 0; x < w; x++) {
      int t = index[row[x]];
      if (t >= 0) {
        cells[(size_t)y * (size_t)w + (size_t)x] = (unsigned char)t;
        continue;
      }
      bad = true;
      if (reported[row[x]] || yw_full(&L->w)) continue;
      reported[row[x]] = true; /* once per character: a typo is usually repeated */
      int line, col;
      yw_block_pos(&L->w, n, (size_t)y, (size_t)x, &line, &col);
      if (row[x] == ' ')
        yw_err_at(&L->w, line, col,
                  "unknown terrain character ' ' (a space) at %d,%d (expected one of the "
                  "legend's: %s)",
                  x, y, chars);
      else
        yw_err_at(&L->w, line, col,
                  "unknown terrain character '%c' at %d,%d (expected one of the legend's: %s)",
                  row[x], x, y, chars);
    }
  }
  if (bad) {
    murk_free(cells);
    return;
  }
  m->map = cells;
  if (!L->table_ok) {
    m->grid.width = w, m->grid.height = h;
    L->dims_ok = true;
  }
}

static void load_elevation(struct ld* L, yaml_node_t* n) {
  struct murk_mission* m = L->m;
  int w = 0;
  int h = block_rows(L, n, "elevation", &w);
  if (h == 0 || !m->map) return;
  if (w != m->grid.width || h != m->grid.height) {
    yw_err(&L->w, n, "the elevation is %dx%d cells, the map %dx%d (expected the same size)", w, h,
           m->grid.width, m->grid.height);
    return;
  }
  const unsigned char* v = n->data.scalar.value;
  signed char* e = murk_malloc((size_t)w * (size_t)h);
  if (!e) {
    L->nomem = true;
    return;
  }
  bool bad = false;
  for (int y = 0; y < h && !bad; y++) {
    const unsigned char* row = v + (size_t)y * ((size_t)w + 1);
    for (int x = 0; x < w; x++) {
      if (row[x] >= '0' && row[x] <= '9') {
        e[(size_t)y * (size_t)w + (size_t)x] = (signed char)(row[x] - '0');
        continue;
      }
      int line, col;
      yw_block_pos(&L->w, n, (size_t)y, (size_t)x, &line, &col);
      yw_err_at(&L->w, line, col, "elevation character '%c' at %d,%d (expected a digit 0-9)",
                row[x] > ' ' && row[x] <= '~' ? row[x] : '?', x, y);
      bad = true;
      break;
    }
  }
  if (bad) {
    murk_free(e);
    return;
  }
  m->elevation = e;
}

static void load_terrain(struct ld* L, yaml_node_t* root, yaml_node_t* n) {
  if (!n) {
    yw_missing(&L->w, root, "terrain", "the mission", "terrain: with legend and map");
    return;
  }
  yaml_node_t* v[3];
  if (!yw_fields(&L->w, n, "terrain", KEYS("legend", "map", "elevation"), v)) return;
  signed char index[256];
  memset(index, -1, sizeof index);
  /* Entries with bad fields still define their characters, so the map can be checked. */
  bool legend_ok = false;
  if (!v[0])
    yw_missing(&L->w, n, "legend", "terrain", "a legend: one entry per map character");
  else
    legend_ok = load_legend(L, v[0], index) && L->m->nterrain > 0;
  if (!v[1])
    yw_missing(&L->w, n, "map", "terrain", "map: | and one line of characters per row");
  else
    load_map(L, v[1], index, legend_ok);
  if (v[2]) load_elevation(L, v[2]);
}

/* ---- entries ---- */

static const char* const entry_kinds[] = {"road", "railway", "open"};
static const enum murk_terrain_class entry_classes[] = {MURK_TERRAIN_ROAD, MURK_TERRAIN_RAILWAY,
                                                        MURK_TERRAIN_OPEN};

static bool on_edge(const struct murk_grid* g, struct murk_pos p) {
  return p.x == 0 || p.y == 0 || p.x == g->width - 1 || p.y == g->height - 1;
}

static bool load_rolls(struct ld* L, yaml_node_t* n, unsigned* out) {
  unsigned bits = 0;
  if (yw_is_seq(n)) {
    if (yw_seq_len(n) > 31) {
      yw_err(&L->w, n, "'rolls' has %d items (expected at most 31)", yw_seq_len(n));
      return false;
    }
    FOR_ITEMS(L, n, it) {
      int r;
      if (!yw_int(&L->w, node(L, *it), "rolls", 1, 31, &r)) return false;
      bits |= 1u << r;
    }
  } else {
    int lo, hi;
    if (!parse_range(L, n, "rolls", 31, &lo, &hi)) return false;
    if (hi < 0) hi = 31;
    if (lo < 1) {
      yw_err(&L->w, n, "'rolls' starts at 0 (expected die results from 1 to 31)");
      return false;
    }
    for (int r = lo; r <= hi; r++) bits |= 1u << r;
  }
  *out = bits;
  return true;
}

static void load_entries(struct ld* L, yaml_node_t* n) {
  struct murk_mission* m = L->m;
  if (!yw_want_seq(&L->w, n, "entries")) return;
  if (yw_seq_len(n) > MURK_MISSION_MAX_ENTRIES) {
    yw_err(&L->w, n, "'entries' has %d items (expected at most %d)", yw_seq_len(n),
           MURK_MISSION_MAX_ENTRIES);
    return;
  }
  const yaml_node_t* num_at[MURK_MISSION_MAX_ENTRIES + 1] = {0};
  unsigned taken = 0;
  FOR_ITEMS(L, n, it) {
    yaml_node_t* e = node(L, *it);
    yaml_node_t* v[5];
    if (!yw_fields(&L->w, e, "an entry", KEYS("number", "at", "kind", "rolls", "name"), v))
      continue;
    struct murk_entry en = {.kind = MURK_TERRAIN_OPEN};
    bool ok = true;
    if (!v[0]) {
      yw_missing(&L->w, e, "number", "an entry", "number: 1 and up, as printed on the map");
      ok = false;
    } else if (yw_int(&L->w, v[0], "number", 1, MURK_MISSION_MAX_ENTRIES, &en.number)) {
      if (num_at[en.number]) {
        yw_err(&L->w, v[0],
               "duplicate entry number %d (expected each number once; the first is "
               "at %d:%d)",
               en.number, yw_line(num_at[en.number]), yw_col(num_at[en.number]));
        ok = false;
      } else {
        num_at[en.number] = v[0];
      }
    } else {
      ok = false;
    }
    if (v[4])
      ok = yw_text(&L->w, v[4], "name", en.name, sizeof en.name) && ok;
    else
      snprintf(en.name, sizeof en.name, "entry %d", en.number);
    if (v[2]) {
      int k = yw_enum(&L->w, v[2], "kind", entry_kinds, ARRAY_LEN(entry_kinds));
      if (k < 0)
        ok = false;
      else
        en.kind = entry_classes[k];
    }
    char what[64];
    snprintf(what, sizeof what, "entry %d", en.number);
    if (!v[1]) {
      yw_missing(&L->w, e, "at", "an entry", "at: an edge cell such as \"0,5\"");
      ok = false;
    } else if (parse_pos_on_table(L, v[1], "at", what, &en.at)) {
      if (L->dims_ok && !on_edge(&m->grid, en.at)) {
        yw_err(&L->w, v[1],
               "%s at %d,%d is not on a table edge (expected column 0 or %d, or row "
               "0 or %d)",
               what, en.at.x, en.at.y, m->grid.width - 1, m->grid.height - 1);
        ok = false;
      } else if (m->map && en.kind != MURK_TERRAIN_OPEN) {
        const struct murk_terrain* t = murk_mission_terrain_at(m, en.at);
        if (t && t->cls != en.kind) {
          yw_err(&L->w, v[1], "%s is a %s entry but %d,%d is %s (%s) (expected a %s cell)", what,
                 murk_terrain_class_name(en.kind), en.at.x, en.at.y, t->name,
                 murk_terrain_class_name(t->cls), murk_terrain_class_name(en.kind));
          ok = false;
        }
      }
    } else {
      ok = false;
    }
    if (v[3]) {
      if (load_rolls(L, v[3], &en.rolls)) {
        unsigned clash = en.rolls & taken;
        if (clash) {
          int r = 1;
          while (!(clash & (1u << r))) r++;
          yw_err(&L->w, v[3],
                 "die result %d already brings arrivals in at another entry "
                 "(expected each result at one entry only)",
                 r);
          ok = false;
        }
        taken |= en.rolls;
      } else {
        ok = false;
      }
    }
    if (ok) m->entries[m->nentries++] = en;
    if (yw_full(&L->w)) return;
  }
}

/* ---- regions and zones ---- */

static const char* const half_names[] = {"north", "south", "east", "west"};
static const char* const quarter_names[] = {"ne", "nw", "se", "sw"};

static void load_keep_out(struct ld* L, yaml_node_t* n, struct murk_keep_out* k) {
  yaml_node_t* v[4];
  static const char* const keys[] = {"centre_line", "edges", "long_edges", "short_edges", NULL};
  if (!yw_fields(&L->w, n, "keep_out", keys, v)) return;
  int* dst[4] = {&k->centre_line, &k->edges, &k->long_edges, &k->short_edges};
  for (int i = 0; i < 4; i++)
    if (v[i]) length_cells(L, v[i], keys[i], MURK_ROUND_UP, 0, MURK_MISSION_MAX_CELLS, dst[i]);
}

/* A region ({half}, {quarter}, {whole}, {rect}), and with keep_out != NULL a zone. */
static void load_region(struct ld* L, yaml_node_t* n, const char* what, struct murk_region* r,
                        struct murk_keep_out* keep_out) {
  yaml_node_t* v[5];
  static const char* const zone_keys[] = {"half", "quarter", "whole", "rect", "keep_out", NULL};
  static const char* const region_keys[] = {"half", "quarter", "whole", "rect", NULL};
  if (!yw_fields(&L->w, n, what, keep_out ? zone_keys : region_keys, v)) return;
  int kinds = 0;
  for (int i = 0; i < 4; i++) {
    if (!v[i]) continue;
    if (++kinds > 1) {
      yw_err(&L->w, v[i],
             "%s names a second area with '%s' (expected exactly one of half, "
             "quarter, whole or rect)",
             what, region_keys[i]);
      return;
    }
  }
  if (kinds == 0) {
    yw_err(&L->w, n, "%s names no area (expected one of half, quarter, whole or rect)", what);
    return;
  }
  if (v[0]) {
    int h = yw_enum(&L->w, v[0], "half", half_names, 4);
    if (h >= 0) r->kind = MURK_REGION_HALF, r->which = (enum murk_compass)(MURK_NORTH + h);
  } else if (v[1]) {
    int q = yw_enum(&L->w, v[1], "quarter", quarter_names, 4);
    if (q >= 0) r->kind = MURK_REGION_QUARTER, r->which = (enum murk_compass)(MURK_NE + q);
  } else if (v[2]) {
    bool whole = false;
    if (yw_bool(&L->w, v[2], "whole", &whole)) {
      if (!whole) yw_err(&L->w, v[2], "'whole' is false (expected whole: true)");
      r->kind = MURK_REGION_WHOLE;
    }
  } else if (v[3]) {
    if (!yw_is_seq(v[3]) || yw_seq_len(v[3]) != 2) {
      char f[48];
      yw_err(&L->w, v[3], "'rect' is %s (expected two corners: [\"0,0\", \"10,5\"])",
             found(v[3], f, sizeof f));
    } else {
      struct murk_pos a, b;
      yaml_node_t* na = node(L, v[3]->data.sequence.items.start[0]);
      yaml_node_t* nb = node(L, v[3]->data.sequence.items.start[1]);
      bool ok = parse_pos_on_table(L, na, "rect", "rect corner", &a);
      ok = parse_pos_on_table(L, nb, "rect", "rect corner", &b) && ok;
      if (ok) {
        r->kind = MURK_REGION_RECT;
        r->from = (struct murk_pos){a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y};
        r->to = (struct murk_pos){a.x > b.x ? a.x : b.x, a.y > b.y ? a.y : b.y};
      }
    }
  }
  if (keep_out && v[4]) load_keep_out(L, v[4], keep_out);
}

static void load_deployment(struct ld* L, yaml_node_t* root, yaml_node_t* n) {
  if (!n) {
    yw_missing(&L->w, root, "deployment", "the mission",
               "deployment: with a zone for attacker and defender");
    return;
  }
  yaml_node_t* v[2];
  if (!yw_fields(&L->w, n, "deployment", KEYS("attacker", "defender"), v)) return;
  for (int s = 0; s < MURK_SIDES; s++) {
    char what[40];
    snprintf(what, sizeof what, "deployment.%s", side_names[s]);
    if (!v[s]) {
      yw_missing(&L->w, n, side_names[s], "deployment", "a zone such as {half: south}");
      continue;
    }
    struct murk_side_def* sd = &L->m->sides[s];
    if (!yw_is_seq(v[s])) {
      load_region(L, v[s], what, &sd->zone.region, &sd->zone.keep_out);
      continue;
    }
    /* An area in parts (seed 001: Surrounded's two ends, Breakthrough's two quarters). */
    int nparts = yw_seq_len(v[s]);
    if (nparts < 1 || nparts > MURK_MISSION_MAX_ZONES) {
      yw_err(&L->w, v[s], "'%s' has %d parts (expected 1 to %d zones)", what, nparts,
             MURK_MISSION_MAX_ZONES);
      continue;
    }
    int k = 0;
    FOR_ITEMS(L, v[s], it) {
      struct murk_zone* z = k == 0 ? &sd->zone : &sd->more_zones[k - 1];
      load_region(L, node(L, *it), what, &z->region, &z->keep_out);
      k++;
    }
    sd->nmore_zones = k - 1;
  }
}

/* Reserves come on from the edge of the side's own zone unless the mission says. */
static enum murk_compass default_edge(const struct murk_zone* z, enum murk_side s) {
  if (z->region.kind == MURK_REGION_HALF || z->region.kind == MURK_REGION_QUARTER)
    return z->region.which;
  return s == MURK_ATTACKER ? MURK_SOUTH : MURK_NORTH;
}

static void load_reserve_edges(struct ld* L, yaml_node_t* n) {
  yaml_node_t* v[2] = {NULL, NULL};
  if (n && !yw_fields(&L->w, n, "reserve_edges", KEYS("attacker", "defender"), v)) return;
  for (int s = 0; s < MURK_SIDES; s++) {
    struct murk_side_def* sd = &L->m->sides[s];
    sd->edge = default_edge(&sd->zone, (enum murk_side)s);
    if (v[s]) {
      int c = yw_enum(&L->w, v[s], side_names[s], compass_names, ARRAY_LEN(compass_names));
      if (c >= 0) sd->edge = (enum murk_compass)c;
    }
  }
}

/* ---- arrive: where reserves come on (seed 001: each mission names an edge, a corner
 * band or, with Scattered Reserves / Lost in the Fog, entry points a die picks) ---- */

/* Does corner c touch table edge e? */
static bool corner_meets(enum murk_compass c, enum murk_compass e) {
  switch (c) {
    case MURK_NE:
      return e == MURK_NORTH || e == MURK_EAST;
    case MURK_NW:
      return e == MURK_NORTH || e == MURK_WEST;
    case MURK_SE:
      return e == MURK_SOUTH || e == MURK_EAST;
    case MURK_SW:
      return e == MURK_SOUTH || e == MURK_WEST;
    default:
      return false;
  }
}

static bool load_arrive_entries(struct ld* L, yaml_node_t* n, unsigned* out) {
  struct murk_mission* m = L->m;
  char f[48];
  if (yw_is_scalar(n) && strcmp((const char*)n->data.scalar.value, "all") == 0) {
    if (m->nentries == 0) {
      yw_err(&L->w, n, "'entries' is all but the mission has no entries (expected entries: first)");
      return false;
    }
    *out = ~0u;
    return true;
  }
  if (!yw_is_seq(n) || yw_seq_len(n) == 0) {
    yw_err(&L->w, n, "'entries' is %s (expected all, or a list of entry numbers such as [1, 2])",
           found(n, f, sizeof f));
    return false;
  }
  unsigned bits = 0;
  bool ok = true;
  FOR_ITEMS(L, n, it) {
    yaml_node_t* e = node(L, *it);
    int num;
    if (!yw_int(&L->w, e, "entries", 1, MURK_MISSION_MAX_ENTRIES, &num)) {
      ok = false;
      continue;
    }
    bool known = false;
    for (int i = 0; i < m->nentries; i++) known = known || m->entries[i].number == num;
    if (!known) {
      yw_err(&L->w, e,
             "entry %d is not one of the mission's entries (expected a number from "
             "'entries')",
             num);
      ok = false;
      continue;
    }
    bits |= 1u << (num - 1);
  }
  *out = bits;
  return ok;
}

static bool load_arrive_area(struct ld* L, yaml_node_t* n, const char* what,
                             struct murk_arrive_area* a) {
  yaml_node_t* v[5];
  memset(a, 0, sizeof *a);
  if (!yw_fields(&L->w, n, what, KEYS("edge", "in", "corner", "within", "entries"), v))
    return false;
  int kinds = (v[0] && !v[2] ? 1 : 0) + (v[2] ? 1 : 0) + (v[4] ? 1 : 0);
  if (kinds == 0) {
    yw_err(&L->w, n, "%s names no place (expected edge, corner or entries)", what);
    return false;
  }
  if (kinds > 1) {
    yw_err(&L->w, v[4] ? v[4] : v[2],
           "%s names two kinds of place (expected one of edge, "
           "corner with within, or entries)",
           what);
    return false;
  }
  bool ok = true;
  if (v[4]) {
    a->kind = MURK_ARRIVE_ENTRIES;
    if (v[1] || v[3]) {
      yw_err(&L->w, v[1] ? v[1] : v[3], "'%s' does not go with entries (expected entries alone)",
             v[1] ? "in" : "within");
      return false;
    }
    return load_arrive_entries(L, v[4], &a->entries);
  }
  if (v[2]) {
    a->kind = MURK_ARRIVE_CORNER;
    int c = yw_enum(&L->w, v[2], "corner", compass_names + MURK_NE, 4);
    if (c < 0) return false;
    a->where = (enum murk_compass)(MURK_NE + c);
    if (v[1]) {
      yw_err(&L->w, v[1], "'in' does not go with corner (expected edge, in for a stretch of edge)");
      ok = false;
    }
    if (!v[3]) {
      yw_missing(&L->w, n, "within", what, "within: how far from the corner, such as 40cm");
      ok = false;
    } else {
      ok =
          length_cells(L, v[3], "within", MURK_ROUND_DOWN, 1, MURK_MISSION_MAX_CELLS, &a->within) &&
          ok;
    }
    if (v[0]) {
      int e = yw_enum(&L->w, v[0], "edge", compass_names, 4);
      if (e < 0) return false;
      if (!corner_meets(a->where, (enum murk_compass)e)) {
        yw_err(&L->w, v[0], "edge %s does not meet the %s corner (expected one of its two edges)",
               compass_names[e], compass_names[a->where]);
        return false;
      }
      a->one_edge = true;
      a->edge = (enum murk_compass)e;
    }
    return ok;
  }
  a->kind = MURK_ARRIVE_EDGE;
  int e = yw_enum(&L->w, v[0], "edge", compass_names, ARRAY_LEN(compass_names));
  if (e < 0) return false;
  a->where = (enum murk_compass)e;
  if (v[3]) {
    yw_err(&L->w, v[3], "'within' goes with corner (expected corner: ne, nw, se or sw)");
    ok = false;
  }
  if (v[1]) {
    int before = L->w.diags->count;
    load_region(L, v[1], "in", &a->in, NULL);
    a->has_in = true;
    ok = ok && L->w.diags->count == before;
  }
  return ok;
}

static void load_arrive(struct ld* L, yaml_node_t* n) {
  yaml_node_t* v[2];
  if (!yw_fields(&L->w, n, "arrive", KEYS("attacker", "defender"), v)) return;
  for (int s = 0; s < MURK_SIDES; s++) {
    if (!v[s] || yw_is_null(v[s])) continue;
    struct murk_side_setup* st = &L->m->sides[s].setup;
    char what[48];
    snprintf(what, sizeof what, "arrive.%s", side_names[s]);
    if (yw_is_map(v[s])) {
      if (load_arrive_area(L, v[s], what, &st->arrive[0])) st->narrive = 1;
      continue;
    }
    if (!yw_is_seq(v[s]) || yw_seq_len(v[s]) == 0 || yw_seq_len(v[s]) > MURK_MISSION_MAX_ARRIVE) {
      char f[48];
      yw_err(&L->w, v[s],
             "'%s' is %s (expected a place such as {edge: south}, or a list of 1 "
             "to %d places)",
             what, found(v[s], f, sizeof f), MURK_MISSION_MAX_ARRIVE);
      continue;
    }
    int k = 0;
    bool ok = true;
    FOR_ITEMS(L, v[s], it) {
      ok = load_arrive_area(L, node(L, *it), what, &st->arrive[k++]) && ok;
      if (yw_full(&L->w)) return;
    }
    if (ok) st->narrive = k;
  }
}

/* ---- objectives ---- */

static enum murk_side side_or_none(int i) {
  return i == 2 ? MURK_NO_SIDE : (enum murk_side)i;
}

static void load_fixed_objectives(struct ld* L, yaml_node_t* n) {
  struct murk_mission* m = L->m;
  if (!yw_want_seq(&L->w, n, "fixed")) return;
  if (yw_seq_len(n) > MURK_MISSION_MAX_OBJECTIVES) {
    yw_err(&L->w, n, "'fixed' has %d objectives (expected at most %d)", yw_seq_len(n),
           MURK_MISSION_MAX_OBJECTIVES);
    return;
  }
  FOR_ITEMS(L, n, it) {
    yaml_node_t* o = node(L, *it);
    yaml_node_t* v[3];
    if (!yw_fields(&L->w, o, "an objective", KEYS("name", "at", "for"), v)) continue;
    struct murk_objective ob = {.for_side = MURK_NO_SIDE};
    bool ok = true;
    if (v[0])
      ok = yw_text(&L->w, v[0], "name", ob.name, sizeof ob.name);
    else
      snprintf(ob.name, sizeof ob.name, "objective %d", m->nobjectives + 1);
    if (v[2]) {
      int s = yw_enum(&L->w, v[2], "for", side_or_either, 3);
      if (s < 0)
        ok = false;
      else
        ob.for_side = side_or_none(s);
    }
    char what[80];
    snprintf(what, sizeof what, "objective '%s'", ob.name);
    if (!v[1]) {
      yw_missing(&L->w, o, "at", "an objective", "at: a cell such as \"18,4\"");
      ok = false;
    } else if (parse_pos_on_table(L, v[1], "at", what, &ob.at)) {
      const struct murk_terrain* t = m->map ? murk_mission_terrain_at(m, ob.at) : NULL;
      if (t && t->cls == MURK_TERRAIN_IMPASSABLE) {
        yw_err(&L->w, v[1], "%s at %d,%d is on impassable %s (expected a cell teams can reach)",
               what, ob.at.x, ob.at.y, t->name);
        ok = false;
      }
    } else {
      ok = false;
    }
    if (ok) m->objectives[m->nobjectives++] = ob;
    if (yw_full(&L->w)) return;
  }
}

static void load_objective_rules(struct ld* L, yaml_node_t* n, int* placed) {
  struct murk_mission* m = L->m;
  if (!yw_want_seq(&L->w, n, "place")) return;
  if (yw_seq_len(n) > MURK_MISSION_MAX_OBJ_RULES) {
    yw_err(&L->w, n, "'place' has %d steps (expected at most %d)", yw_seq_len(n),
           MURK_MISSION_MAX_OBJ_RULES);
    return;
  }
  FOR_ITEMS(L, n, it) {
    yaml_node_t* o = node(L, *it);
    yaml_node_t* v[7];
    static const char* const keys[] = {"by",       "for",       "count",    "in",
                                       "keep_out", "min_apart", "together", NULL};
    if (!yw_fields(&L->w, o, "an objective placement", keys, v)) continue;
    struct murk_objective_rule r = {.count = 1, .in = {.kind = MURK_REGION_WHOLE}};
    bool ok = true;
    if (!v[0]) {
      yw_missing(&L->w, o, "by", "an objective placement", "by: attacker or defender");
      ok = false;
    } else {
      int s = yw_enum(&L->w, v[0], "by", side_names, 2);
      if (s < 0)
        ok = false;
      else
        r.by = (enum murk_side)s;
    }
    r.for_side = r.by;
    if (v[1]) {
      int s = yw_enum(&L->w, v[1], "for", side_or_either, 3);
      if (s < 0)
        ok = false;
      else
        r.for_side = side_or_none(s);
    }
    if (v[2]) ok = yw_int(&L->w, v[2], "count", 1, MURK_MISSION_MAX_OBJECTIVES, &r.count) && ok;
    int before = L->w.diags->count;
    if (v[3]) load_region(L, v[3], "in", &r.in, NULL);
    if (v[4]) load_keep_out(L, v[4], &r.keep_out);
    if (v[5])
      ok = length_cells(L, v[5], "min_apart", MURK_ROUND_UP, 0, MURK_MISSION_MAX_CELLS,
                        &r.min_apart) &&
           ok;
    if (v[6])
      ok = length_cells(L, v[6], "together", MURK_ROUND_DOWN, 0, MURK_MISSION_MAX_CELLS,
                        &r.together) &&
           ok;
    if (L->w.diags->count != before) ok = false;
    if (ok) {
      *placed += r.count;
      m->objective_rules[m->nobjective_rules++] = r;
    }
    if (yw_full(&L->w)) return;
  }
}

/* Hasty Attack (seed 001): a side takes away some of the objectives it placed. */
static void load_objective_removal(struct ld* L, yaml_node_t* n) {
  struct murk_mission* m = L->m;
  yaml_node_t* v[2];
  if (!yw_fields(&L->w, n, "remove", KEYS("by", "count"), v)) return;
  if (!v[0]) {
    yw_missing(&L->w, n, "by", "remove", "by: attacker or defender");
    return;
  }
  int s = yw_enum(&L->w, v[0], "by", side_names, 2);
  int count = 1;
  if (v[1] && !yw_int(&L->w, v[1], "count", 1, MURK_MISSION_MAX_OBJECTIVES, &count)) return;
  if (s < 0) return;
  int placed = 0;
  for (int i = 0; i < m->nobjective_rules; i++)
    if (m->objective_rules[i].by == (enum murk_side)s) placed += m->objective_rules[i].count;
  if (count >= placed) {
    yw_err(&L->w, v[1] ? v[1] : n,
           "the %s removes %d objective%s but places %d (expected fewer than it places)",
           side_names[s], count, count == 1 ? "" : "s", placed);
    return;
  }
  m->remove_by = (enum murk_side)s;
  m->remove_count = count;
}

static void load_objectives(struct ld* L, yaml_node_t* n) {
  yaml_node_t* v[3];
  if (!yw_fields(&L->w, n, "objectives", KEYS("fixed", "place", "remove"), v)) return;
  int placed = 0;
  if (v[0]) load_fixed_objectives(L, v[0]);
  if (v[1]) load_objective_rules(L, v[1], &placed);
  if (v[2]) load_objective_removal(L, v[2]);
  if (L->m->nobjectives + placed > MURK_MISSION_MAX_OBJECTIVES)
    yw_err(&L->w, n, "the mission has %d objectives in all (expected at most %d)",
           L->m->nobjectives + placed, MURK_MISSION_MAX_OBJECTIVES);
  L->have_objectives = v[0] || v[1];
}

/* ---- setup and turn limit ---- */

/* Setup rights and orders nobody wrote down: the attacker first, as seed 001 mostly has it. */
static void default_setup(struct murk_mission* m) {
  m->deploy_first = MURK_ATTACKER;
  m->independents_first = MURK_ATTACKER;
  m->recce_first = MURK_ATTACKER;
  m->remove_by = MURK_NO_SIDE;
  for (int s = 0; s < MURK_SIDES; s++) {
    struct murk_side_setup* st = &m->sides[s].setup;
    st->scattered = -1;
    st->ambush = -1;
    st->immediate_ambush = -1;
    st->random_deployment = -1;
  }
}

/* Reserve kinds by their rule names (bit k: enum murk_reserve_kind k, command.h). */
static const char* const reserve_kind_names[] = {
    "reserves", "delayed_reserves", "scattered_reserves", "mobile_reserves", "deep_strike"};
static const int reserve_kind_bits[] = {5, 1, 2, 3,
                                        4}; /* PLAIN, DELAYED, SCATTERED, MOBILE, DEEP */

static void load_side_setup(struct ld* L, yaml_node_t* n, enum murk_side side) {
  struct murk_side_setup* st = &L->m->sides[side].setup;
  char what[40];
  snprintf(what, sizeof what, "setup.%s", side_names[side]);
  yaml_node_t* v[6];
  if (!yw_fields(&L->w, n, what,
                 KEYS("reserves", "scattered", "ambush", "immediate_ambush", "random_deployment",
                      "each_zone"),
                 v))
    return;
  if (v[0]) {
    char f[48];
    st->reserves_given = true;
    if (yw_is_seq(v[0])) {
      FOR_ITEMS(L, v[0], it) {
        int k = yw_enum(&L->w, node(L, *it), "reserves", reserve_kind_names,
                        ARRAY_LEN(reserve_kind_names));
        if (k >= 0) st->reserves |= 1u << reserve_kind_bits[k];
      }
    } else if (!yw_is_null(v[0])) {
      yw_err(&L->w, v[0],
             "'reserves' is %s (expected a list of reserve rules such as "
             "[delayed_reserves], or [] for none)",
             found(v[0], f, sizeof f));
    }
  }
  bool b;
  if (v[1] && yw_bool(&L->w, v[1], "scattered", &b)) st->scattered = b;
  if (v[2]) yw_int(&L->w, v[2], "ambush", 0, MURK_MISSION_MAX_PLATOONS, &st->ambush);
  if (v[3])
    yw_int(&L->w, v[3], "immediate_ambush", 0, MURK_MISSION_MAX_PLATOONS, &st->immediate_ambush);
  if (v[4] && yw_bool(&L->w, v[4], "random_deployment", &b)) st->random_deployment = b;
  if (v[5] && yw_bool(&L->w, v[5], "each_zone", &b)) st->each_zone = b;
}

static void load_setup(struct ld* L, yaml_node_t* n) {
  yaml_node_t* v[8];
  if (!yw_fields(&L->w, n, "setup",
                 KEYS("sides", "first_turn", "deploy_first", "deploy_order", "independents_first",
                      "recce_first", "attacker", "defender"),
                 v))
    return;
  static const char* const sides[] = {"fixed", "roll"};
  static const char* const first[] = {"roll", "attacker", "defender"};
  static const char* const orders[] = {"alternate", "in_turn"};
  struct murk_mission* m = L->m;
  if (v[0]) {
    int s = yw_enum(&L->w, v[0], "sides", sides, 2);
    if (s >= 0) m->roll_for_sides = s == 1;
  }
  if (v[1]) {
    int f = yw_enum(&L->w, v[1], "first_turn", first, 3);
    if (f >= 0) m->first_turn = (enum murk_first_turn)f;
  }
  if (v[2]) {
    int s = yw_enum(&L->w, v[2], "deploy_first", side_names, 2);
    if (s >= 0) m->deploy_first = (enum murk_side)s;
  }
  if (v[3]) {
    int o = yw_enum(&L->w, v[3], "deploy_order", orders, 2);
    if (o >= 0) m->deploy_in_turn = o == 1;
  }
  /* Independent teams and recce moves start with the first deployer unless told. */
  m->independents_first = m->deploy_first;
  m->recce_first = m->deploy_first;
  if (v[4]) {
    int s = yw_enum(&L->w, v[4], "independents_first", side_names, 2);
    if (s >= 0) m->independents_first = (enum murk_side)s;
  }
  if (v[5]) {
    int s = yw_enum(&L->w, v[5], "recce_first", side_names, 2);
    if (s >= 0) m->recce_first = (enum murk_side)s;
  }
  for (int s = 0; s < MURK_SIDES; s++)
    if (v[6 + s] && !yw_is_null(v[6 + s])) load_side_setup(L, v[6 + s], (enum murk_side)s);
}

/* Escalation is always played with the Reserves rule (seed 004, Escalation). */
static void check_escalation(struct ld* L, yaml_node_t* rules) {
  const struct murk_mission* m = L->m;
  if (m->rule_on[MURK_RULE_ESCALATION] && !m->rule_on[MURK_RULE_RESERVES])
    yw_err(&L->w, rules,
           "escalation is on but reserves is not (expected reserves too: "
           "escalation sends everything it keeps off the table into reserve)");
}

/* ---- rules ---- */

/* Set a parameter from text (a default from the registry or a value from the file). */
static int param_from_text(struct ld* L, enum murk_param_id p, const char* text, char* err,
                           size_t errlen) {
  struct murk_param_value* pv = &L->m->params[p];
  switch (murk_param_type(p)) {
    case MURK_PARAM_INT: {
      int v = 0, k = 0;
      if (sscanf(text, "%d%n", &v, &k) != 1 || text[k] != '\0') {
        snprintf(err, errlen, "not a whole number");
        return MURK_EINVAL;
      }
      pv->i = v;
      return MURK_OK;
    }
    case MURK_PARAM_BOOL:
      if (strcmp(text, "true") == 0 || strcmp(text, "false") == 0) {
        pv->i = strcmp(text, "true") == 0;
        return MURK_OK;
      }
      snprintf(err, errlen, "not true or false");
      return MURK_EINVAL;
    case MURK_PARAM_LENGTH:
    case MURK_PARAM_LENGTH_UP: {
      struct murk_length len;
      if (murk_length_parse(text, &len, err, errlen) != 0) return MURK_EINVAL;
      if (!L->scale_ok) return MURK_OK; /* the scale has its own message */
      enum murk_round r = murk_param_type(p) == MURK_PARAM_LENGTH ? MURK_ROUND_DOWN : MURK_ROUND_UP;
      pv->i = murk_length_to_cells(len, L->m->scale, r);
      return MURK_OK;
    }
    case MURK_PARAM_DICE:
      return murk_dice_parse(text, &pv->dice, err, errlen) == 0 ? MURK_OK : MURK_EINVAL;
  }
  return MURK_EINVAL;
}

static void set_param_defaults(struct ld* L) {
  for (int p = 0; p < MURK_PARAM_COUNT; p++) {
    char err[120] = "";
    if (param_from_text(L, (enum murk_param_id)p, murk_param_default((enum murk_param_id)p), err,
                        sizeof err) != MURK_OK)
      yw_err_at(&L->w, 0, 0, "internal: the default of %s.%s does not parse: %s",
                murk_rule_name(murk_param_rule((enum murk_param_id)p)),
                murk_param_key((enum murk_param_id)p), err);
  }
}

static void load_param(struct ld* L, enum murk_param_id p, yaml_node_t* v) {
  struct murk_param_value* pv = &L->m->params[p];
  const char* key = murk_param_key(p);
  int lo = murk_param_min(p), hi = murk_param_max(p);
  switch (murk_param_type(p)) {
    case MURK_PARAM_INT:
      yw_int(&L->w, v, key, lo, hi, &pv->i);
      break;
    case MURK_PARAM_BOOL: {
      bool b;
      if (yw_bool(&L->w, v, key, &b)) pv->i = b;
      break;
    }
    case MURK_PARAM_LENGTH:
      length_cells(L, v, key, MURK_ROUND_DOWN, lo, hi, &pv->i);
      break;
    case MURK_PARAM_LENGTH_UP:
      length_cells(L, v, key, MURK_ROUND_UP, lo, hi, &pv->i);
      break;
    case MURK_PARAM_DICE:
      parse_dice(L, v, key, &pv->dice);
      break;
  }
}

static void load_rule_params(struct ld* L, enum murk_rule_id r, yaml_node_t* n) {
  const char* keys[MURK_PARAM_COUNT];
  int nkeys = 0;
  for (int p = 0; p < MURK_PARAM_COUNT; p++)
    if (murk_param_rule((enum murk_param_id)p) == r) keys[nkeys++] = murk_param_key(p);
  const yaml_node_t* first[MURK_PARAM_COUNT] = {0};
  FOR_PAIRS(L, n, pair) {
    yaml_node_t* k = node(L, pair->key);
    yaml_node_t* v = node(L, pair->value);
    char f[48];
    const char* key = yw_is_scalar(k) ? (const char*)k->data.scalar.value : NULL;
    enum murk_param_id p = key ? murk_param_lookup(r, key) : MURK_PARAM_COUNT;
    if (p == MURK_PARAM_COUNT) {
      if (nkeys == 0) {
        yw_err(&L->w, k, "unknown parameter %s for rule %s (it takes no parameters)",
               found(k, f, sizeof f), murk_rule_name(r));
      } else {
        char list[160];
        yw_join(list, sizeof list, keys, nkeys);
        const char* s = key ? yw_suggest(key, keys, nkeys) : NULL;
        if (s)
          yw_err(&L->w, k,
                 "unknown parameter %s for rule %s (did you mean '%s'? expected one "
                 "of: %s)",
                 found(k, f, sizeof f), murk_rule_name(r), s, list);
        else
          yw_err(&L->w, k, "unknown parameter %s for rule %s (expected one of: %s)",
                 found(k, f, sizeof f), murk_rule_name(r), list);
      }
    } else if (first[p]) {
      yw_err(&L->w, k,
             "duplicate parameter '%s' for rule %s (expected each once; the first is at "
             "%d:%d)",
             key, murk_rule_name(r), yw_line(first[p]), yw_col(first[p]));
    } else {
      first[p] = k;
      load_param(L, p, v);
    }
    if (yw_full(&L->w)) return;
  }
}

static void load_rules(struct ld* L, yaml_node_t* n) {
  if (!yw_want_map(&L->w, n, "rules")) return;
  const char* names[MURK_RULE_COUNT];
  for (int r = 0; r < MURK_RULE_COUNT; r++) names[r] = murk_rule_name((enum murk_rule_id)r);
  const yaml_node_t* first[MURK_RULE_COUNT] = {0};
  FOR_PAIRS(L, n, pair) {
    yaml_node_t* k = node(L, pair->key);
    yaml_node_t* v = node(L, pair->value);
    char f[48];
    const char* key = yw_is_scalar(k) ? (const char*)k->data.scalar.value : NULL;
    enum murk_rule_id r = key ? murk_rule_lookup(key) : MURK_RULE_COUNT;
    if (r == MURK_RULE_COUNT) {
      const char* s = key ? yw_suggest(key, names, MURK_RULE_COUNT) : NULL;
      if (s) {
        yw_err(&L->w, k, "unknown rule %s (did you mean '%s'?)", found(k, f, sizeof f), s);
      } else {
        char list[130];
        yw_join(list, sizeof list, names, MURK_RULE_COUNT);
        yw_err(&L->w, k, "unknown rule %s (known: %s; all in docs/mission-format.md)",
               found(k, f, sizeof f), list);
      }
    } else if (first[r]) {
      yw_err(&L->w, k, "duplicate rule '%s' (expected each rule once; the first is at %d:%d)", key,
             yw_line(first[r]), yw_col(first[r]));
    } else {
      first[r] = k;
      bool on = true;
      if (yw_is_map(v)) {
        load_rule_params(L, r, v);
      } else if (yw_is_seq(v)) {
        yw_err(&L->w, v, "'%s' is a list (expected its parameters as a mapping, {} or true/false)",
               key);
      } else if (!yw_is_null(v)) {
        yw_bool(&L->w, v, key, &on);
      }
      L->m->rule_on[r] = on;
    }
    if (yw_full(&L->w)) return;
  }
}

/* ---- visibility ---- */

static void load_visibility(struct ld* L, yaml_node_t* n) {
  struct murk_vis_table* vt = &L->m->visibility;
  yaml_node_t* v[2];
  if (!yw_fields(&L->w, n, "visibility", KEYS("die", "table"), v)) return;
  bool die_ok = false;
  if (!v[0])
    yw_missing(&L->w, n, "die", "visibility", "die: dice such as d6");
  else
    die_ok = parse_dice(L, v[0], "die", &vt->die);
  if (!v[1]) {
    yw_missing(&L->w, n, "table", "visibility", "table: die result -> length");
    return;
  }
  if (!yw_want_map(&L->w, v[1], "table")) return;
  if (yw_map_len(v[1]) > MURK_MISSION_MAX_VIS_ROWS) {
    yw_err(&L->w, v[1], "visibility 'table' has %d rows (expected at most %d)", yw_map_len(v[1]),
           MURK_MISSION_MAX_VIS_ROWS);
    return;
  }
  int dlo = 0, dhi = 0;
  if (die_ok) dice_span(&vt->die, &dlo, &dhi);
  struct murk_vis_row rows[MURK_MISSION_MAX_VIS_ROWS];
  int nrows = 0;
  bool ok = true;
  FOR_PAIRS(L, v[1], p) {
    yaml_node_t* k = node(L, p->key);
    struct murk_vis_row row;
    if (!parse_range(L, k, "visibility roll", 100000, &row.lo, &row.hi)) {
      ok = false;
      continue;
    }
    if (row.hi < 0) row.hi = die_ok ? dhi : row.lo;
    if (die_ok && (row.lo < dlo || row.hi > dhi)) {
      char d[32];
      murk_dice_format(&vt->die, d, sizeof d);
      yw_err(&L->w, k,
             "visibility roll %d-%d cannot come up on %s (expected results from %d to %d)", row.lo,
             row.hi, d, dlo, dhi);
      ok = false;
      continue;
    }
    bool overlap = false;
    for (int i = 0; i < nrows && !overlap; i++)
      overlap = row.lo <= rows[i].hi && rows[i].lo <= row.hi;
    if (overlap) {
      yw_err(&L->w, k,
             "visibility roll %d-%d overlaps another row (expected each result in one row)", row.lo,
             row.hi);
      ok = false;
      continue;
    }
    if (!length_cells(L, node(L, p->value), "visibility", MURK_ROUND_DOWN, 0,
                      MURK_MISSION_MAX_CELLS, &row.range)) {
      ok = false;
      continue;
    }
    rows[nrows++] = row;
  }
  if (!ok || !die_ok) return;
  /* Keep them in roll order (few rows: insertion sort). */
  for (int i = 1; i < nrows; i++) {
    struct murk_vis_row t = rows[i];
    int j = i;
    while (j > 0 && rows[j - 1].lo > t.lo) rows[j] = rows[j - 1], j--;
    rows[j] = t;
  }
  memcpy(vt->rows, rows, (size_t)nrows * sizeof rows[0]);
  vt->nrows = nrows;
}

/* ---- end conditions ---- */

static void load_end(struct ld* L, yaml_node_t* n, yaml_node_t* turn_limit_node) {
  struct murk_mission* m = L->m;
  if (!yw_want_seq(&L->w, n, "end")) return;
  if (yw_seq_len(n) > MURK_MISSION_MAX_END) {
    yw_err(&L->w, n, "'end' has %d conditions (expected at most %d)", yw_seq_len(n),
           MURK_MISSION_MAX_END);
    return;
  }
  FOR_ITEMS(L, n, it) {
    yaml_node_t* e = node(L, *it);
    yaml_node_t* v[4];
    if (!yw_fields(&L->w, e, "an end condition", KEYS("kind", "side", "turn", "distance"), v))
      continue;
    struct murk_end_condition c = {.side = MURK_NO_SIDE};
    if (!v[0]) {
      char list[160];
      yw_join(list, sizeof list, end_kind_names, MURK_END_COUNT);
      yw_err(&L->w, e, "missing key 'kind' in an end condition (expected one of: %s)", list);
      continue;
    }
    int k = yw_enum(&L->w, v[0], "kind", end_kind_names, MURK_END_COUNT);
    if (k < 0) continue;
    c.kind = (enum murk_end_kind)k;
    bool ok = true;
    if (v[1]) {
      int s = yw_enum(&L->w, v[1], "side", side_or_either, 3);
      if (s < 0)
        ok = false;
      else
        c.side = side_or_none(s);
    }
    /* objective_taken may start from a turn ("on or after turn six", seed 001 Cauldron). */
    bool wants_turn = c.kind != MURK_END_OBJECTIVE_TAKEN;
    bool wants_distance = c.kind == MURK_END_NO_ATTACKERS_NEAR_OBJECTIVES;
    if (v[2]) {
      ok = yw_int(&L->w, v[2], "turn", 1, 100, &c.turn) && ok;
    } else if (wants_turn) {
      yw_missing(&L->w, e, "turn", "an end condition", "turn: the turn it applies from");
      ok = false;
    }
    if (v[3] && !wants_distance) {
      yw_err(&L->w, v[3],
             "'distance' does not apply to end condition %s (expected it only with "
             "no_attackers_near_objectives)",
             murk_end_kind_name(c.kind));
      ok = false;
    } else if (v[3]) {
      ok = length_cells(L, v[3], "distance", MURK_ROUND_UP, 0, MURK_MISSION_MAX_CELLS,
                        &c.distance) &&
           ok;
    } else if (wants_distance) {
      yw_missing(&L->w, e, "distance", "an end condition", "distance: a length such as 20cm");
      ok = false;
    }
    if (ok && c.kind == MURK_END_OBJECTIVE_TAKEN && !L->have_objectives) {
      yw_err(&L->w, v[0],
             "end condition objective_taken but the mission has no objectives "
             "(expected objectives: fixed or place)");
      ok = false;
    }
    if (ok && c.kind == MURK_END_TURN_LIMIT) {
      if (turn_limit_node && m->turn_limit != c.turn) {
        yw_err(&L->w, v[2],
               "end turn_limit at turn %d but turn_limit is %d (expected the same "
               "turn)",
               c.turn, m->turn_limit);
        ok = false;
      } else {
        m->turn_limit = c.turn;
      }
    }
    if (ok) m->end[m->nend++] = c;
    if (yw_full(&L->w)) return;
  }
}

static void default_end(struct ld* L) {
  struct murk_mission* m = L->m;
  if (L->have_objectives)
    m->end[m->nend++] =
        (struct murk_end_condition){.kind = MURK_END_OBJECTIVE_TAKEN, .side = MURK_NO_SIDE};
  if (m->turn_limit > 0)
    m->end[m->nend++] = (struct murk_end_condition){
        .kind = MURK_END_TURN_LIMIT, .side = MURK_NO_SIDE, .turn = m->turn_limit};
}

/* ---- victory ---- */

static void default_victory(struct murk_victory* v) {
  static const struct murk_vp_row rows[] = {
      {"Stunning Victory", 0, 1, 6, 1},
      {"Major Victory", 2, 3, 5, 2},
      {"Minor Victory", 4, -1, 4, 3},
  };
  memcpy(v->rows, rows, sizeof rows);
  v->nrows = ARRAY_LEN(rows);
  v->ignore_first_loss_at = 9; /* seed 000, the nine-platoon exception */
  v->mode = MURK_VP_TABLE;
  v->otherwise = MURK_NO_SIDE;
}

static bool parse_points(struct ld* L, yaml_node_t* n, int* winner, int* loser) {
  char f[48];
  if (yw_is_scalar(n)) {
    const char* s = (const char*)n->data.scalar.value;
    int a, b;
    if (take_number(&s, &a) && *s == ':' && (s++, take_number(&s, &b)) && *s == '\0' && a <= 100 &&
        b <= 100) {
      *winner = a, *loser = b;
      return true;
    }
  }
  yw_err(&L->w, n, "'points' is %s (expected winner:loser points such as \"6:1\", each 0 to 100)",
         found(n, f, sizeof f));
  return false;
}

static void load_victory(struct ld* L, yaml_node_t* n) {
  struct murk_victory* vic = &L->m->victory;
  yaml_node_t* v[4];
  if (!yw_fields(&L->w, n, "victory", KEYS("table", "ignore_first_loss_at", "points", "otherwise"),
                 v))
    return;
  if (v[1]) yw_int(&L->w, v[1], "ignore_first_loss_at", 0, 100, &vic->ignore_first_loss_at);
  if (v[2]) {
    static const char* const modes[] = {"table", "margin"};
    int k = yw_enum(&L->w, v[2], "points", modes, 2);
    if (k >= 0) vic->mode = (enum murk_vp_mode)k;
  }
  if (v[3]) {
    static const char* const who[] = {"attacker", "defender", "none"};
    int k = yw_enum(&L->w, v[3], "otherwise", who, 3);
    if (k >= 0) vic->otherwise = side_or_none(k);
  }
  if (!v[0] || !yw_want_seq(&L->w, v[0], "table")) return;
  if (yw_seq_len(v[0]) > MURK_MISSION_MAX_VP_ROWS || yw_seq_len(v[0]) == 0) {
    yw_err(&L->w, v[0], "victory 'table' has %d rows (expected 1 to %d)", yw_seq_len(v[0]),
           MURK_MISSION_MAX_VP_ROWS);
    return;
  }
  struct murk_vp_row rows[MURK_MISSION_MAX_VP_ROWS];
  int nrows = 0;
  bool ok = true;
  FOR_ITEMS(L, v[0], it) {
    yaml_node_t* r = node(L, *it);
    yaml_node_t* f[3];
    if (!yw_fields(&L->w, r, "a victory row", KEYS("name", "lost", "points"), f)) {
      ok = false;
      continue;
    }
    struct murk_vp_row row = {.lost_min = 0};
    bool rok = true;
    static const char* const need[] = {"name: Stunning Victory", "lost: \"0-1\"",
                                       "points: \"6:1\""};
    static const char* const keys[] = {"name", "lost", "points"};
    for (int i = 0; i < 3; i++)
      if (!f[i]) yw_missing(&L->w, r, keys[i], "a victory row", need[i]), rok = false;
    if (f[0]) rok = yw_text(&L->w, f[0], "name", row.name, sizeof row.name) && rok;
    if (f[1]) {
      if (parse_range(L, f[1], "lost", 100, &row.lost_min, &row.lost_max)) {
        for (int i = 0; i < nrows; i++) {
          int ahi = row.lost_max < 0 ? 1000 : row.lost_max;
          int bhi = rows[i].lost_max < 0 ? 1000 : rows[i].lost_max;
          if (row.lost_min <= bhi && rows[i].lost_min <= ahi) {
            char fd[48];
            yw_err(&L->w, f[1],
                   "'lost' is %s, which overlaps the row '%s' (expected each number of losses "
                   "in one row)",
                   found(f[1], fd, sizeof fd), rows[i].name);
            rok = false;
            break;
          }
        }
      } else {
        rok = false;
      }
    }
    if (f[2]) rok = parse_points(L, f[2], &row.winner, &row.loser) && rok;
    if (rok)
      rows[nrows++] = row;
    else
      ok = false;
  }
  if (!ok) return;
  memcpy(vic->rows, rows, (size_t)nrows * sizeof rows[0]);
  vic->nrows = nrows;
}

/* ---- forces ---- */

static void load_profiles(struct ld* L, yaml_node_t* n, struct murk_force* f, const char* side) {
  char what[64];
  snprintf(what, sizeof what, "forces.%s.profiles", side);
  if (!yw_want_map(&L->w, n, what)) return;
  if (yw_map_len(n) > MURK_MISSION_MAX_PROFILES) {
    yw_err(&L->w, n, "'%s' has %d profiles (expected at most %d)", what, yw_map_len(n),
           MURK_MISSION_MAX_PROFILES);
    return;
  }
  if (yw_dup_keys(&L->w, n, what)) return;
  FOR_PAIRS(L, n, p) {
    yaml_node_t* k = node(L, p->key);
    yaml_node_t* val = node(L, p->value);
    struct murk_profile pr = {.rof = 1, .skill = 4, .save = 7, .motivation = 4};
    if (!yw_text(&L->w, k, "profile name", pr.name, sizeof pr.name)) continue;
    /* Keep the name even if its fields are wrong, so platoons that use it do not also
     * report an unknown profile. */
    struct murk_profile* dst = &f->profiles[f->nprofiles++];
    char pw[96];
    snprintf(pw, sizeof pw, "profile '%s'", pr.name);
    yaml_node_t* v[8];
    static const char* const keys[] = {"move",       "range",   "rof",     "skill", "save",
                                       "motivation", "vehicle", "barrage", NULL};
    if (yw_fields(&L->w, val, pw, keys, v)) {
      if (!v[0])
        yw_missing(&L->w, val, "move", pw, "move: a length such as 30cm");
      else
        length_cells(L, v[0], "move", MURK_ROUND_DOWN, 0, MURK_MISSION_MAX_CELLS, &pr.move);
      if (!v[1])
        yw_missing(&L->w, val, "range", pw, "range: a length such as 80cm");
      else
        length_cells(L, v[1], "range", MURK_ROUND_DOWN, 0, MURK_MISSION_MAX_CELLS, &pr.range);
      if (v[2]) yw_int(&L->w, v[2], "rof", 0, MURK_DICE_MAX, &pr.rof);
      if (v[3]) yw_int(&L->w, v[3], "skill", 3, 6, &pr.skill);
      if (v[4]) yw_int(&L->w, v[4], "save", 2, 7, &pr.save);
      if (v[5]) yw_int(&L->w, v[5], "motivation", 2, 6, &pr.motivation);
      bool veh = false;
      if (v[6] && yw_bool(&L->w, v[6], "vehicle", &veh)) pr.vehicle = veh;
      bool bar = false;
      if (v[7] && yw_bool(&L->w, v[7], "barrage", &bar)) pr.barrage = bar;
    }
    *dst = pr;
    if (yw_full(&L->w)) return;
  }
}

static int find_profile(const struct murk_force* f, const char* name) {
  for (int i = 0; i < f->nprofiles; i++)
    if (strcmp(f->profiles[i].name, name) == 0) return i;
  return -1;
}

static void load_teams(struct ld* L, yaml_node_t* n, struct murk_force* f, struct murk_platoon* pl,
                       const char* pw, bool profiles_ok) {
  if (!yw_want_seq(&L->w, n, "teams")) return;
  if (yw_seq_len(n) == 0 || yw_seq_len(n) > MURK_MISSION_MAX_GROUPS) {
    yw_err(&L->w, n, "'teams' of %s has %d groups (expected 1 to %d)", pw, yw_seq_len(n),
           MURK_MISSION_MAX_GROUPS);
    return;
  }
  FOR_ITEMS(L, n, it) {
    yaml_node_t* g = node(L, *it);
    yaml_node_t* v[2];
    if (!yw_fields(&L->w, g, "a team group", KEYS("profile", "count"), v)) continue;
    struct murk_team_group tg = {.profile = -1, .count = 1};
    bool ok = true;
    if (!v[0]) {
      yw_missing(&L->w, g, "profile", "a team group", "profile: a name from the side's profiles");
      ok = false;
    } else {
      const char* name = yw_str(&L->w, v[0], "profile");
      if (!name) {
        ok = false;
      } else if ((tg.profile = find_profile(f, name)) < 0) {
        ok = false;
        if (profiles_ok) {
          const char* names[MURK_MISSION_MAX_PROFILES];
          for (int i = 0; i < f->nprofiles; i++) names[i] = f->profiles[i].name;
          const char* s = yw_suggest(name, names, f->nprofiles);
          char list[150];
          yw_join(list, sizeof list, names, f->nprofiles);
          char fd[48];
          if (s)
            yw_err(&L->w, v[0], "unknown profile %s in %s (did you mean '%s'?)",
                   found(v[0], fd, sizeof fd), pw, s);
          else if (f->nprofiles)
            yw_err(&L->w, v[0], "unknown profile %s in %s (expected one of: %s)",
                   found(v[0], fd, sizeof fd), pw, list);
          else
            yw_err(&L->w, v[0],
                   "unknown profile %s in %s (expected a profile defined under "
                   "profiles: this side has none)",
                   found(v[0], fd, sizeof fd), pw);
        }
      }
    }
    if (v[1]) ok = yw_int(&L->w, v[1], "count", 1, MURK_MISSION_MAX_TEAMS, &tg.count) && ok;
    if (!ok) continue;
    if (pl->nteams + tg.count > MURK_MISSION_MAX_TEAMS) {
      yw_err(&L->w, g, "%s has more than %d teams (expected at most %d)", pw,
             MURK_MISSION_MAX_TEAMS, MURK_MISSION_MAX_TEAMS);
      return;
    }
    pl->groups[pl->ngroups++] = tg;
    pl->nteams += tg.count;
  }
}

static void load_platoons(struct ld* L, yaml_node_t* n, struct murk_force* f, const char* side,
                          bool profiles_ok) {
  char what[64];
  snprintf(what, sizeof what, "forces.%s.platoons", side);
  if (!yw_want_seq(&L->w, n, what)) return;
  if (yw_seq_len(n) > MURK_MISSION_MAX_PLATOONS) {
    yw_err(&L->w, n, "'%s' has %d platoons (expected at most %d)", what, yw_seq_len(n),
           MURK_MISSION_MAX_PLATOONS);
    return;
  }
  const yaml_node_t* name_at[MURK_MISSION_MAX_PLATOONS] = {0};
  FOR_ITEMS(L, n, it) {
    yaml_node_t* pn = node(L, *it);
    yaml_node_t* v[7];
    static const char* const keys[] = {"name",  "type", "command_distance", "teams",
                                       "flags", "wing", "command_rating",   NULL};
    if (!yw_fields(&L->w, pn, "a platoon", keys, v)) continue;
    struct murk_platoon pl = {.ngroups = 0};
    int before = L->w.diags->count;
    if (!v[0]) {
      yw_missing(&L->w, pn, "name", "a platoon", "name: the platoon's name");
    } else if (yw_text(&L->w, v[0], "name", pl.name, sizeof pl.name) && !pl.name[0]) {
      yw_err(&L->w, v[0], "'name' is empty (expected the platoon's name)");
    } else if (pl.name[0]) {
      for (int i = 0; i < f->nplatoons; i++) {
        if (strcmp(f->platoons[i].name, pl.name) == 0) {
          yw_err(&L->w, v[0],
                 "duplicate platoon name '%s' in forces.%s (expected unique names; "
                 "the first is at %d:%d)",
                 pl.name, side, yw_line(name_at[i]), yw_col(name_at[i]));
          break;
        }
      }
    }
    char pw[80];
    snprintf(pw, sizeof pw, "platoon '%s'", pl.name);
    if (v[1]) yw_text(&L->w, v[1], "type", pl.type, sizeof pl.type);
    if (!v[2])
      yw_missing(&L->w, pn, "command_distance", pw, "command_distance: a length such as 15cm");
    else
      length_cells(L, v[2], "command_distance", MURK_ROUND_DOWN, 0, MURK_MISSION_MAX_CELLS,
                   &pl.command_distance);
    if (!v[3])
      yw_missing(&L->w, pn, "teams", pw, "teams: [{profile: NAME, count: N}]");
    else
      load_teams(L, v[3], f, &pl, pw, profiles_ok);
    if (v[4] && yw_want_seq(&L->w, v[4], "flags")) {
      FOR_ITEMS(L, v[4], fi) {
        int b = yw_enum(&L->w, node(L, *fi), "flags", platoon_flag_names, MURK_PF_COUNT);
        if (b >= 0) pl.flags |= 1u << b;
      }
    }
    /* Limited Intelligence (seed 002, 27.1.1): the wing the platoon belongs to. */
    if (v[5]) yw_text(&L->w, v[5], "wing", pl.wing, sizeof pl.wing);
    if (v[6]) yw_int(&L->w, v[6], "command_rating", 0, 10, &pl.command_rating);
    if (L->w.diags->count == before) {
      name_at[f->nplatoons] = v[0];
      f->platoons[f->nplatoons++] = pl;
    }
    if (yw_full(&L->w)) return;
  }
}

static void load_force(struct ld* L, yaml_node_t* n, enum murk_side s) {
  struct murk_force* f = &L->m->sides[s].force;
  const char* side = side_names[s];
  char what[40];
  snprintf(what, sizeof what, "forces.%s", side);
  yaml_node_t* v[7];
  static const char* const keys[] = {"name",    "nation",   "command_rating", "leader_rating",
                                     "dummies", "profiles", "platoons",       NULL};
  if (!yw_fields(&L->w, n, what, keys, v)) return;
  if (v[0])
    yw_text(&L->w, v[0], "name", f->name, sizeof f->name);
  else
    snprintf(f->name, sizeof f->name, "%s", side);
  if (v[1]) yw_text(&L->w, v[1], "nation", f->nation, sizeof f->nation);
  if (v[2]) yw_int(&L->w, v[2], "command_rating", 0, 10, &f->command_rating);
  if (v[3]) yw_int(&L->w, v[3], "leader_rating", 0, 10, &f->leader_rating);
  if (v[4]) yw_int(&L->w, v[4], "dummies", 0, MURK_MISSION_MAX_PLATOONS, &f->dummies);
  int before = L->w.diags->count;
  if (!v[5])
    yw_missing(&L->w, n, "profiles", what, "profiles: a mapping of team profiles");
  else
    load_profiles(L, v[5], f, side);
  /* Unknown-profile messages only help when the profiles themselves read well. */
  bool profiles_ok = L->w.diags->count == before;
  if (!v[6])
    yw_missing(&L->w, n, "platoons", what, "platoons: a list of platoons");
  else
    load_platoons(L, v[6], f, side, profiles_ok);
}

static void load_forces(struct ld* L, yaml_node_t* root, yaml_node_t* n) {
  if (!n) {
    yw_missing(&L->w, root, "forces", "the mission", "forces: with attacker and defender");
    return;
  }
  yaml_node_t* v[2];
  if (!yw_fields(&L->w, n, "forces", KEYS("attacker", "defender"), v)) return;
  for (int s = 0; s < MURK_SIDES; s++) {
    if (!v[s])
      yw_missing(&L->w, n, side_names[s], "forces", "the side's force");
    else
      load_force(L, v[s], (enum murk_side)s);
  }
}

/* ---- cross-checks ---- */

/* Lost in the Fog (seed 000): every result of its die must pick an entry point. */
static void check_lost_in_the_fog(struct ld* L, yaml_node_t* root, yaml_node_t* entries) {
  struct murk_mission* m = L->m;
  if (!m->rule_on[MURK_RULE_LOST_IN_THE_FOG]) return;
  struct murk_dice_expr d = m->params[MURK_P_LIF_DIE].dice;
  int lo, hi;
  dice_span(&d, &lo, &hi);
  yaml_node_t* at = entries ? entries : root;
  if (lo < 1 || hi > 31) {
    yw_err(&L->w, at,
           "lost_in_the_fog rolls %d to %d (expected results from 1 to 31 to pick an "
           "entry)",
           lo, hi);
    return;
  }
  unsigned all = 0;
  for (int i = 0; i < m->nentries; i++) all |= m->entries[i].rolls;
  for (int r = lo; r <= hi; r++) {
    if (d.count > 1 || d.mul > 1) break; /* sums skip values; check the ends only */
    if (!(all & (1u << r))) {
      yw_err(&L->w, at,
             "lost_in_the_fog is on but no entry takes die result %d (expected entries "
             "whose rolls cover %d to %d)",
             r, lo, hi);
      return;
    }
  }
}

/* ---- the document ---- */

static void load_document(struct ld* L) {
  struct murk_mission* m = L->m;
  yaml_node_t* root = yw_root(&L->w);
  if (!yw_is_map(root)) {
    char f[48];
    yw_err(&L->w, root,
           "the top level is %s (expected a mission: a mapping with name, table, "
           "terrain, forces)",
           found(root, f, sizeof f));
    return;
  }
  yaml_node_t* t[T_COUNT];
  yw_fields(&L->w, root, "the mission", top_keys, t);
  /* An optional section left empty ("rules:" and nothing) is as good as absent. */
  static const int optional[] = {T_SOURCE,     T_BRIEFING, T_ENTRIES, T_RESERVE_EDGES,
                                 T_OBJECTIVES, T_SETUP,    T_RULES,   T_VISIBILITY,
                                 T_END,        T_VICTORY,  T_ARRIVE};
  for (int i = 0; i < ARRAY_LEN(optional); i++)
    if (yw_is_null(t[optional[i]])) t[optional[i]] = NULL;

  if (!t[T_NAME])
    yw_missing(&L->w, root, "name", "the mission", "name: the mission's name");
  else if (yw_text(&L->w, t[T_NAME], "name", m->name, sizeof m->name) && !m->name[0])
    yw_err(&L->w, t[T_NAME], "'name' is empty (expected the mission's name)");
  if (t[T_SOURCE]) yw_text(&L->w, t[T_SOURCE], "source", m->source, sizeof m->source);
  load_briefing(L, t[T_BRIEFING]);

  load_table(L, root, t[T_TABLE]);
  load_terrain(L, root, t[T_TERRAIN]);
  set_param_defaults(L);
  if (t[T_RULES]) load_rules(L, t[T_RULES]);
  int before = L->w.diags->count;
  if (t[T_ENTRIES]) load_entries(L, t[T_ENTRIES]);
  /* Only when the entries read well: a bad entry would also leave its rolls uncovered. */
  if (L->w.diags->count == before) check_lost_in_the_fog(L, root, t[T_ENTRIES]);
  load_deployment(L, root, t[T_DEPLOYMENT]);
  load_reserve_edges(L, t[T_RESERVE_EDGES]);
  default_setup(m);
  if (t[T_OBJECTIVES]) load_objectives(L, t[T_OBJECTIVES]);
  if (t[T_SETUP]) load_setup(L, t[T_SETUP]);
  if (t[T_ARRIVE]) load_arrive(L, t[T_ARRIVE]);
  if (t[T_RULES]) check_escalation(L, t[T_RULES]);
  bool limit_ok =
      t[T_TURN_LIMIT] && yw_int(&L->w, t[T_TURN_LIMIT], "turn_limit", 0, 100, &m->turn_limit);
  default_victory(&m->victory);
  if (t[T_VICTORY]) load_victory(L, t[T_VICTORY]);
  if (t[T_VISIBILITY]) load_visibility(L, t[T_VISIBILITY]);
  if (t[T_END])
    load_end(L, t[T_END], limit_ok ? t[T_TURN_LIMIT] : NULL);
  else
    default_end(L);
  load_forces(L, root, t[T_FORCES]);
}

/* ---- loading ---- */

static uint64_t fnv1a64(const char* data, size_t len) {
  uint64_t h = 14695981039346656037ull;
  for (size_t i = 0; i < len; i++) {
    h ^= (unsigned char)data[i];
    h *= 1099511628211ull;
  }
  return h;
}

/* "data/missions/luneville.yaml" -> "luneville". */
static void file_stem(const char* path, char* out, size_t n) {
  const char* base = strrchr(path, '/');
  base = base ? base + 1 : path;
  size_t len = strlen(base);
  const char* dot = strrchr(base, '.');
  if (dot && dot != base && (strcmp(dot, ".yaml") == 0 || strcmp(dot, ".yml") == 0))
    len = (size_t)(dot - base);
  if (len >= n) len = n - 1;
  memcpy(out, base, len);
  out[len] = '\0';
}

/* Problems in file order, whatever order the walk found them in (stable). */
static void sort_diags(struct murk_diags* d) {
  for (int i = 1; i < d->count; i++) {
    struct murk_diag t = d->items[i];
    int j = i;
    while (j > 0 && (d->items[j - 1].line > t.line ||
                     (d->items[j - 1].line == t.line && d->items[j - 1].col > t.col))) {
      d->items[j] = d->items[j - 1];
      j--;
    }
    d->items[j] = t;
  }
}

void murk_mission_free(struct murk_mission* m) {
  if (!m) return;
  for (int s = 0; s < MURK_SIDES; s++) murk_free(m->sides[s].briefing);
  murk_free(m->path);
  murk_free(m->map);
  murk_free(m->elevation);
  murk_free(m);
}

/* Refused before any parsing. `exact` is false when reading stopped at the limit (a pipe
 * or a device has no size to ask for). */
static int too_big(struct murk_diags* diags, size_t len, bool exact) {
  murk_diags_add(diags, 0, 0,
                 "the file is %s%zu bytes, too large (expected a mission file of at most %d "
                 "bytes)",
                 exact ? "" : "more than ", exact ? len : (size_t)MURK_MISSION_MAX_BYTES,
                 MURK_MISSION_MAX_BYTES);
  return MURK_EINVAL;
}

int murk_mission_load_buffer(const char* name, const char* data, size_t len,
                             struct murk_mission** out, struct murk_diags* diags) {
  *out = NULL;
  murk_diags_init(diags, name);
  if (len > MURK_MISSION_MAX_BYTES) return too_big(diags, len, true);
  struct ld L = {0};
  L.m = murk_calloc(1, sizeof *L.m);
  if (!L.m) {
    murk_diags_add(diags, 0, 0, "out of memory");
    return MURK_ENOMEM;
  }
  struct murk_mission* m = L.m;
  m->hash = fnv1a64(data, len);
  m->path = murk_strdup(name ? name : "<input>");
  for (int s = 0; s < MURK_SIDES; s++) m->sides[s].briefing = murk_strdup("");
  int rc = MURK_OK;
  if (!m->path || !m->sides[0].briefing || !m->sides[1].briefing) {
    rc = MURK_ENOMEM;
  } else {
    file_stem(m->path, m->id, sizeof m->id);
    rc = yw_open(&L.w, data, len, MURK_MISSION_MAX_DEPTH, diags);
    if (rc == MURK_OK) {
      load_document(&L);
      if (L.nomem)
        rc = MURK_ENOMEM;
      else if (diags->count > 0 || diags->dropped > 0)
        rc = MURK_EINVAL;
    }
    yw_close(&L.w);
  }
  if (rc == MURK_ENOMEM) murk_diags_add(diags, 0, 0, "out of memory");
  sort_diags(diags);
  if (rc != MURK_OK) {
    murk_mission_free(m);
    return rc;
  }
  *out = m;
  return MURK_OK;
}

int murk_mission_load(const char* path, struct murk_mission** out, struct murk_diags* diags) {
  *out = NULL;
  murk_diags_init(diags, path);
  FILE* f = fopen(path, "rb");
  if (!f) {
    murk_diags_add(diags, 0, 0, "cannot open the file: %s (expected a readable mission file)",
                   strerror(errno));
    return MURK_EIO;
  }
  struct stat st;
  if (fstat(fileno(f), &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      fclose(f);
      murk_diags_add(diags, 0, 0, "this is a directory (expected a mission file)");
      return MURK_EIO;
    }
    if (S_ISREG(st.st_mode) && st.st_size > MURK_MISSION_MAX_BYTES) {
      fclose(f);
      return too_big(diags, (size_t)st.st_size, true);
    }
  }
  /* Read at most one byte more than allowed: pipes and devices have no size to stat. */
  char* buf = murk_malloc(MURK_MISSION_MAX_BYTES + 1);
  if (!buf) {
    fclose(f);
    murk_diags_add(diags, 0, 0, "out of memory");
    return MURK_ENOMEM;
  }
  size_t len = 0;
  while (len <= MURK_MISSION_MAX_BYTES) {
    size_t got = fread(buf + len, 1, MURK_MISSION_MAX_BYTES + 1 - len, f);
    if (got == 0) break;
    len += got;
  }
  int read_error = ferror(f);
  int saved = errno;
  fclose(f);
  if (read_error) {
    murk_free(buf);
    murk_diags_add(diags, 0, 0, "cannot read the file: %s (expected a readable mission file)",
                   strerror(saved));
    return MURK_EIO;
  }
  if (len > MURK_MISSION_MAX_BYTES) {
    murk_free(buf);
    return too_big(diags, len, false);
  }
  int rc = murk_mission_load_buffer(path, buf, len, out, diags);
  murk_free(buf);
  return rc;
}

/* ---- queries ---- */

const struct murk_terrain* murk_mission_terrain_at(const struct murk_mission* m,
                                                   struct murk_pos p) {
  if (!m || !m->map || !murk_geom_on_table(&m->grid, p)) return NULL;
  return &m->terrain[m->map[(size_t)p.y * (size_t)m->grid.width + (size_t)p.x]];
}

bool murk_mission_rule_on(const struct murk_mission* m, enum murk_rule_id r) {
  return (int)r >= 0 && r < MURK_RULE_COUNT && m->rule_on[r];
}

int murk_mission_param(const struct murk_mission* m, enum murk_param_id p) {
  return (int)p >= 0 && p < MURK_PARAM_COUNT ? m->params[p].i : 0;
}

struct murk_dice_expr murk_mission_param_dice(const struct murk_mission* m, enum murk_param_id p) {
  struct murk_dice_expr none = {0, 0, 1, 0};
  return (int)p >= 0 && p < MURK_PARAM_COUNT ? m->params[p].dice : none;
}

/* Halves and quarters count whole rows and columns: a row belongs to the north half when
 * all of it lies above the centre line (2 * (y + 1) <= height). With an odd number of
 * rows the middle row is in neither half, so no zone gets more than the text gives. The
 * half-hex shift of odd rows is ignored: columns are columns. */
static bool in_half(const struct murk_grid* g, enum murk_compass c, struct murk_pos p) {
  switch (c) {
    case MURK_NORTH:
      return 2 * (p.y + 1) <= g->height;
    case MURK_SOUTH:
      return 2 * p.y >= g->height;
    case MURK_WEST:
      return 2 * (p.x + 1) <= g->width;
    case MURK_EAST:
      return 2 * p.x >= g->width;
    case MURK_NE:
      return in_half(g, MURK_NORTH, p) && in_half(g, MURK_EAST, p);
    case MURK_NW:
      return in_half(g, MURK_NORTH, p) && in_half(g, MURK_WEST, p);
    case MURK_SE:
      return in_half(g, MURK_SOUTH, p) && in_half(g, MURK_EAST, p);
    case MURK_SW:
      return in_half(g, MURK_SOUTH, p) && in_half(g, MURK_WEST, p);
  }
  return false;
}

bool murk_region_contains(const struct murk_mission* m, const struct murk_region* r,
                          struct murk_pos p) {
  const struct murk_grid* g = &m->grid;
  if (!murk_geom_on_table(g, p)) return false;
  switch (r->kind) {
    case MURK_REGION_WHOLE:
      return true;
    case MURK_REGION_HALF:
    case MURK_REGION_QUARTER:
      return in_half(g, r->which, p);
    case MURK_REGION_RECT:
      return p.x >= r->from.x && p.x <= r->to.x && p.y >= r->from.y && p.y <= r->to.y;
  }
  return false;
}

/* Rows (for a horizontal line) or columns (vertical) between a cell and a centre line of
 * the table: the number of whole rows from the cell's far side to the line, so the row
 * touching the line is 0 away. 2*distance is compared to keep everything whole. */
static int rows_to_centre(int y, int height) {
  /* Twice the distance from the nearer side of row y to the centre line at height/2. */
  int top2 = 2 * y, bottom2 = 2 * (y + 1), c2 = height;
  if (bottom2 <= c2) return c2 - bottom2;
  if (top2 >= c2) return top2 - c2;
  return 0; /* the middle row of an odd table straddles the line */
}

bool murk_zone_contains(const struct murk_mission* m, const struct murk_zone* z,
                        struct murk_pos p) {
  if (!murk_region_contains(m, &z->region, p)) return false;
  const struct murk_grid* g = &m->grid;
  const struct murk_keep_out* k = &z->keep_out;
  /* A band of n cells takes the n rows (or columns) nearest its line or edge. */
  if (k->centre_line > 0) {
    bool horizontal = true, vertical = false;
    if (z->region.kind == MURK_REGION_HALF)
      horizontal = z->region.which == MURK_NORTH || z->region.which == MURK_SOUTH,
      vertical = !horizontal;
    else if (z->region.kind == MURK_REGION_QUARTER)
      vertical = true;
    if (horizontal && rows_to_centre(p.y, g->height) < 2 * k->centre_line) return false;
    if (vertical && rows_to_centre(p.x, g->width) < 2 * k->centre_line) return false;
  }
  int e = k->edges;
  if (e > 0 && (p.x < e || p.y < e || p.x >= g->width - e || p.y >= g->height - e)) return false;
  /* Long edges: north and south on a table at least as wide as it is high. */
  bool wide = g->width >= g->height;
  int ns = wide ? k->long_edges : k->short_edges;
  int ew = wide ? k->short_edges : k->long_edges;
  if (ns > 0 && (p.y < ns || p.y >= g->height - ns)) return false;
  if (ew > 0 && (p.x < ew || p.x >= g->width - ew)) return false;
  return true;
}

int murk_mission_summary(const struct murk_mission* m, char* buf, size_t n) {
  char tw[32], th[32], sc[32];
  fmt_len(m->table_w, tw, sizeof tw);
  fmt_len(m->table_h, th, sizeof th);
  fmt_len(m->scale, sc, sizeof sc);
  int rules = 0;
  for (int r = 0; r < MURK_RULE_COUNT; r++) rules += m->rule_on[r];
  return snprintf(buf, n, "%s: %s %dx%d (%s x %s at %s), %d v %d platoons, %d rule%s", m->name,
                  m->grid.kind == MURK_GRID_SQUARE ? "square" : "hex", m->grid.width,
                  m->grid.height, tw, th, sc, m->sides[MURK_ATTACKER].force.nplatoons,
                  m->sides[MURK_DEFENDER].force.nplatoons, rules, rules == 1 ? "" : "s");
}
