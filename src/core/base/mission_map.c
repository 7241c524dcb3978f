/* mission_map.c: the table, the terrain (legend, map, elevation) and the entry points of a
 * mission file (docs/mission-format.md "table", "terrain", "entries"). */
#include <stdio.h>
#include <string.h>

#include "mission_load.h"
#include "murk/alloc.h"
#include "region.h"

/* ---- names ---- */

static const char* const terrain_class_names[] = {
#define TC_NAME(id, name) name,
    MURK_TERRAIN_CLASS_LIST(TC_NAME)
#undef TC_NAME
};

static const char* const sight_names[] = {"clear", "hindering", "blocking"};

const char* murk_terrain_class_name(enum murk_terrain_class c) {
  return (int)c >= 0 && c < MURK_TERRAIN_CLASS_COUNT ? terrain_class_names[c] : "unknown";
}

const char* murk_sight_name(enum murk_sight s) {
  return (int)s >= 0 && (int)s < ARRAY_LEN(sight_names) ? sight_names[s] : "unknown";
}

/* ---- table ---- */

#define TABLE_FIELDS(X)   \
  X(TABLE_GRID, "grid")   \
  X(TABLE_SCALE, "scale") \
  X(TABLE_SIZE, "size")
LD_RECORD(table, TABLE_FIELDS);

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
  ld_fmt_len(L->m->scale, sc, sizeof sc);
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

void ld_table(struct ld* L, yaml_node_t* root, yaml_node_t* n) {
  struct murk_mission* m = L->m;
  if (!n) {
    yw_missing(&L->w, root, "table", "the mission", "table: with grid, scale and size");
    return;
  }
  yaml_node_t* v[table_nfields];
  if (!LD_FIELDS(L, n, "table", table, v)) return;
  static const char* const grids[] = {[MURK_GRID_HEX] = "hex", [MURK_GRID_SQUARE] = "square"};
  if (v[TABLE_GRID]) {
    int g = yw_enum(&L->w, v[TABLE_GRID], "grid", grids, ARRAY_LEN(grids));
    if (g >= 0) m->grid.kind = (enum murk_grid_kind)g;
  }
  if (!v[TABLE_SCALE]) {
    yw_missing(&L->w, n, "scale", "table", "the size of one cell, such as scale: 5cm");
  } else if (ld_parse_length(L, v[TABLE_SCALE], "scale", &m->scale)) {
    if (m->scale.unit == MURK_UNIT_HEX || m->scale.value <= 0) {
      char f[48];
      yw_err(&L->w, v[TABLE_SCALE],
             "'scale' is %s (expected the size of one cell in cm or in, such as 5cm)",
             found(v[TABLE_SCALE], f, sizeof f));
    } else {
      L->scale_ok = true;
    }
  }
  if (!v[TABLE_SIZE]) {
    yw_missing(&L->w, n, "size", "table", "width x height, such as size: 180cm x 120cm");
    return;
  }
  const char* s = yw_str(&L->w, v[TABLE_SIZE], "size");
  if (!s) return;
  char a[48], b[48], f[48];
  if (!split_size(s, a, b, sizeof a)) {
    yw_err(&L->w, v[TABLE_SIZE], "'size' is %s (expected width x height, such as 180cm x 120cm)",
           found(v[TABLE_SIZE], f, sizeof f));
    return;
  }
  bool okw = table_side(L, v[TABLE_SIZE], a, "width", &m->table_w, &L->tw);
  bool okh = table_side(L, v[TABLE_SIZE], b, "height", &m->table_h, &L->th);
  if (okw && okh) {
    L->table_ok = L->dims_ok = true;
    m->grid.width = L->tw;
    m->grid.height = L->th;
  }
}

/* ---- terrain ---- */

#define LEGEND_FIELDS(X)   \
  X(LEGEND_CLASS, "class") \
  X(LEGEND_SIGHT, "sight") \
  X(LEGEND_NAME, "name")   \
  X(LEGEND_BLAZE, "blaze") \
  X(LEGEND_WORKS, "works") \
  X(LEGEND_SEWER, "sewer")
LD_RECORD(legend, LEGEND_FIELDS);

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
    yaml_node_t* v[legend_nfields];
    char what[40];
    snprintf(what, sizeof what, "legend '%c'", ch);
    struct murk_terrain t = {.ch = (char)ch, .cls = MURK_TERRAIN_OPEN, .sight = MURK_SIGHT_CLEAR};
    /* A character with a bad entry still counts as known, so the map does not repeat
     * the problem at every cell. */
    index[ch] = (signed char)m->nterrain;
    struct murk_terrain* dst = &m->terrain[m->nterrain++];
    if (!LD_FIELDS(L, val, what, legend, v)) {
      *dst = t;
      continue;
    }
    if (!v[LEGEND_CLASS]) {
      yw_missing(&L->w, val, "class", what,
                 "class: open, road, railway, difficult, impassable "
                 "or water");
    } else {
      int c =
          yw_enum(&L->w, v[LEGEND_CLASS], "class", terrain_class_names, MURK_TERRAIN_CLASS_COUNT);
      if (c >= 0) t.cls = (enum murk_terrain_class)c;
    }
    if (v[LEGEND_SIGHT]) {
      int s = yw_enum(&L->w, v[LEGEND_SIGHT], "sight", sight_names, ARRAY_LEN(sight_names));
      if (s >= 0) t.sight = (enum murk_sight)s;
    }
    if (v[LEGEND_NAME]) {
      yw_text(&L->w, v[LEGEND_NAME], "name", t.name, sizeof t.name);
    } else {
      snprintf(t.name, sizeof t.name, "%s", murk_terrain_class_name(t.cls));
    }
    if (v[LEGEND_WORKS]) {
      static const char* const works[] = {"none", "wire", "fortification"};
      int w = yw_enum(&L->w, v[LEGEND_WORKS], "works", works, ARRAY_LEN(works));
      if (w >= 0) t.works = (enum murk_works)w;
    }
    if (v[LEGEND_BLAZE])
      yw_int(&L->w, v[LEGEND_BLAZE], "blaze", 0, 9, &m->blaze[dst - m->terrain]); /* 1.94 */
    /* ASL night rules E1.531: a unit making for a sewer does not stray. */
    if (v[LEGEND_SEWER]) yw_bool(&L->w, v[LEGEND_SEWER], "sewer", &t.sewer);
    *dst = t;
  }
  return keys_ok;
}

/* The rows of a map-shaped value (map, elevation), written as YAML tools write them: one
 * text in any style (a literal block 'map: |', folded, plain or quoted) whose line feeds
 * part the rows, or a list of texts, one per row. Each row points into its node's value,
 * so a cell's place in the file is found from the node (yw_value_pos). */
struct row {
  const unsigned char* s;
  size_t len;
  const yaml_node_t* node;
  size_t off; /* of s in the node's value */
};

/* Where cell x of row r was written; *approx says the place is only the text's start. */
static void cell_pos(struct ld* L, const struct row* r, size_t x, int* line, int* col,
                     const char** approx) {
  bool exact = yw_value_pos(&L->w, r->node, r->off + x, line, col);
  *approx = exact ? "" : " (the place is where the text starts: the cell's own is not known)";
}

/* Split n into rows: every row as wide as the first. Returns the rows (murk_free them) and
 * their number in *count (0 on a problem, reported), the width in *width. Trailing blank
 * lines of a text are ignored. */
static struct row* block_rows(struct ld* L, yaml_node_t* n, const char* what, int* count,
                              int* width) {
  char f[48];
  *count = 0;
  bool list = yw_is_seq(n);
  if (!list && (!yw_is_scalar(n) || yw_is_null(n))) {
    yw_err(&L->w, n, "'%s' is %s (expected rows: '%s: |' and one line per row, or a list of rows)",
           what, found(n, f, sizeof f), what);
    return NULL;
  }
  size_t nrows = 0;
  if (list) {
    nrows = (size_t)yw_seq_len(n);
  } else {
    const unsigned char* v = n->data.scalar.value;
    size_t len = n->data.scalar.length;
    while (len > 0 && v[len - 1] == '\n') len--;
    nrows = 1;
    for (size_t b = 0; b < len; b++) nrows += v[b] == '\n';
    if (len == 0) nrows = 0;
  }
  if (nrows == 0) {
    yw_err(&L->w, n, "'%s' is empty (expected one line of characters per row)", what);
    return NULL;
  }
  if (nrows > MURK_MISSION_MAX_CELLS) {
    yw_err(&L->w, n, "'%s' has more than %d rows (expected at most %d)", what,
           MURK_MISSION_MAX_CELLS, MURK_MISSION_MAX_CELLS);
    return NULL;
  }
  struct row* r = murk_calloc(nrows, sizeof *r);
  if (!r) {
    L->nomem = true;
    return NULL;
  }
  if (list) {
    for (size_t i = 0; i < nrows; i++) {
      yaml_node_t* item = yw_node(&L->w, n->data.sequence.items.start[i]);
      if (!yw_is_scalar(item)) {
        yw_err(&L->w, item, "%s row %zu is %s (expected a text of one character per cell)", what, i,
               found(item, f, sizeof f));
        murk_free(r);
        return NULL;
      }
      r[i] = (struct row){item->data.scalar.value, item->data.scalar.length, item, 0};
      const unsigned char* nl = memchr(r[i].s, '\n', r[i].len);
      if (nl) {
        int line, col;
        const char* approx;
        cell_pos(L, &r[i], (size_t)(nl - r[i].s), &line, &col, &approx);
        yw_err_at(&L->w, line, col, "%s row %zu holds a line break (expected one row per text)%s",
                  what, i, approx);
        murk_free(r);
        return NULL;
      }
    }
  } else {
    const unsigned char* v = n->data.scalar.value;
    size_t at = 0;
    for (size_t i = 0; i < nrows; i++) {
      const unsigned char* nl = memchr(v + at, '\n', n->data.scalar.length - at);
      size_t rl = nl ? (size_t)(nl - v) - at : n->data.scalar.length - at;
      r[i] = (struct row){v + at, rl, n, at};
      at += rl + 1;
    }
    /* A folded or plain text joins its lines with spaces: the rows ran together. */
    if (nrows == 1 && n->end_mark.line > n->start_mark.line + 1 &&
        (n->data.scalar.style == YAML_FOLDED_SCALAR_STYLE ||
         n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE) &&
        memchr(r[0].s, ' ', r[0].len)) {
      yw_err(&L->w, n,
             "'%s' runs its lines together (a %s text joins lines with spaces; expected "
             "'%s: |', rows apart by blank lines, or a list of rows)",
             what, n->data.scalar.style == YAML_FOLDED_SCALAR_STYLE ? "folded ('>')" : "plain",
             what);
      murk_free(r);
      return NULL;
    }
  }
  /* One ASCII character a cell: anything else would make widths count bytes. */
  for (size_t y = 0; y < nrows; y++) {
    for (size_t x = 0; x < r[y].len; x++) {
      unsigned char c = r[y].s[x];
      if (c < 0x80 && c >= ' ') continue;
      int line, col;
      const char* approx;
      cell_pos(L, &r[y], x, &line, &col, &approx);
      yw_err_at(&L->w, line, col,
                "%s row %zu holds %s (expected one printable ASCII character per cell)%s", what, y,
                c == '\t' ? "a tab"
                : c < ' ' ? "a control character"
                          : "a non-ASCII character",
                approx);
      murk_free(r);
      return NULL;
    }
  }
  bool ragged = false;
  size_t w0 = r[0].len;
  for (size_t y = 1; y < nrows; y++) {
    if (r[y].len == w0 || yw_full(&L->w)) continue;
    int line, col;
    const char* approx;
    cell_pos(L, &r[y], r[y].len < w0 ? r[y].len : w0, &line, &col, &approx);
    yw_err_at(&L->w, line, col,
              "%s row %zu is %zu characters wide, row 0 is %zu (expected "
              "every row the same width)%s",
              what, y, r[y].len, w0, approx);
    ragged = true;
  }
  if (w0 > MURK_MISSION_MAX_CELLS) {
    yw_err(&L->w, n, "'%s' rows are %zu characters wide (expected at most %d)", what, w0,
           MURK_MISSION_MAX_CELLS);
    ragged = true;
  }
  if (ragged) {
    murk_free(r);
    return NULL;
  }
  *width = (int)w0;
  *count = (int)nrows;
  return r;
}

static void load_map(struct ld* L, yaml_node_t* n, const signed char index[256], bool legend_ok) {
  struct murk_mission* m = L->m;
  int w = 0, h = 0;
  struct row* rows = block_rows(L, n, "map", &h, &w);
  if (!rows) return;
  if (L->table_ok && (w != L->tw || h != L->th)) {
    char tw[32], th[32], sc[32];
    ld_fmt_len(m->table_w, tw, sizeof tw);
    ld_fmt_len(m->table_h, th, sizeof th);
    ld_fmt_len(m->scale, sc, sizeof sc);
    yw_err(&L->w, n,
           "the map is %dx%d cells but the table (%s x %s at %s a cell) is %dx%d "
           "(expected the map to match the table size)",
           w, h, tw, th, sc, L->tw, L->th);
    murk_free(rows);
    return;
  }
  if (!legend_ok) {
    murk_free(rows);
    return;
  }
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
    murk_free(rows);
    return;
  }
  for (int y = 0; y < h; y++) {
    const unsigned char* row = rows[y].s;
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
      const char* approx;
      cell_pos(L, &rows[y], (size_t)x, &line, &col, &approx);
      if (row[x] == ' ')
        yw_err_at(&L->w, line, col,
                  "unknown terrain character ' ' (a space) at %d,%d (expected one of the "
                  "legend's: %s)%s",
                  x, y, chars, approx);
      else
        yw_err_at(&L->w, line, col,
                  "unknown terrain character '%c' at %d,%d (expected one of the legend's: %s)%s",
                  row[x], x, y, chars, approx);
    }
  }
  murk_free(rows);
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
  int w = 0, h = 0;
  struct row* rows = block_rows(L, n, "elevation", &h, &w);
  if (!rows) return;
  if (!m->map) {
    murk_free(rows);
    return;
  }
  if (w != m->grid.width || h != m->grid.height) {
    yw_err(&L->w, n, "the elevation is %dx%d cells, the map %dx%d (expected the same size)", w, h,
           m->grid.width, m->grid.height);
    murk_free(rows);
    return;
  }
  signed char* e = murk_malloc((size_t)w * (size_t)h);
  if (!e) {
    L->nomem = true;
    murk_free(rows);
    return;
  }
  bool bad = false;
  for (int y = 0; y < h && !bad; y++) {
    const unsigned char* row = rows[y].s;
    for (int x = 0; x < w; x++) {
      if (row[x] >= '0' && row[x] <= '9') {
        e[(size_t)y * (size_t)w + (size_t)x] = (signed char)(row[x] - '0');
        continue;
      }
      int line, col;
      const char* approx;
      cell_pos(L, &rows[y], (size_t)x, &line, &col, &approx);
      yw_err_at(&L->w, line, col, "elevation character '%c' at %d,%d (expected a digit 0-9)%s",
                row[x] > ' ' && row[x] <= '~' ? row[x] : '?', x, y, approx);
      bad = true;
      break;
    }
  }
  murk_free(rows);
  if (bad) {
    murk_free(e);
    return;
  }
  m->elevation = e;
}

#define TERRAIN_FIELDS(X)     \
  X(TERRAIN_LEGEND, "legend") \
  X(TERRAIN_MAP, "map")       \
  X(TERRAIN_ELEVATION, "elevation")
LD_RECORD(terrain, TERRAIN_FIELDS);

void ld_terrain(struct ld* L, yaml_node_t* root, yaml_node_t* n) {
  if (!n) {
    yw_missing(&L->w, root, "terrain", "the mission", "terrain: with legend and map");
    return;
  }
  yaml_node_t* v[terrain_nfields];
  if (!LD_FIELDS(L, n, "terrain", terrain, v)) return;
  signed char index[256];
  memset(index, -1, sizeof index);
  /* Entries with bad fields still define their characters, so the map can be checked. */
  bool legend_ok = false;
  if (!v[TERRAIN_LEGEND])
    yw_missing(&L->w, n, "legend", "terrain", "a legend: one entry per map character");
  else
    legend_ok = load_legend(L, v[TERRAIN_LEGEND], index) && L->m->nterrain > 0;
  if (!v[TERRAIN_MAP])
    yw_missing(&L->w, n, "map", "terrain",
               "map: | and one line of characters per row (or a list of rows)");
  else
    load_map(L, v[TERRAIN_MAP], index, legend_ok);
  if (v[TERRAIN_ELEVATION]) load_elevation(L, v[TERRAIN_ELEVATION]);
}

/* ---- entries ---- */

static const char* const entry_kinds[] = {"road", "railway", "open"};
static const enum murk_terrain_class entry_classes[] = {MURK_TERRAIN_ROAD, MURK_TERRAIN_RAILWAY,
                                                        MURK_TERRAIN_OPEN};

#define ENTRY_FIELDS(X)     \
  X(ENTRY_NUMBER, "number") \
  X(ENTRY_AT, "at")         \
  X(ENTRY_KIND, "kind")     \
  X(ENTRY_ROLLS, "rolls")   \
  X(ENTRY_NAME, "name")
LD_RECORD(entry, ENTRY_FIELDS);

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
    if (!ld_parse_range(L, n, "rolls", 31, &lo, &hi)) return false;
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

void ld_entries(struct ld* L, yaml_node_t* n) {
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
    yaml_node_t* v[entry_nfields];
    if (!LD_FIELDS(L, e, "an entry", entry, v)) continue;
    struct murk_entry en = {.kind = MURK_TERRAIN_OPEN};
    bool ok = true;
    if (!v[ENTRY_NUMBER]) {
      yw_missing(&L->w, e, "number", "an entry", "number: 1 and up, as printed on the map");
      ok = false;
    } else if (yw_int(&L->w, v[ENTRY_NUMBER], "number", 1, MURK_MISSION_MAX_ENTRIES, &en.number)) {
      if (num_at[en.number]) {
        yw_err(&L->w, v[ENTRY_NUMBER],
               "duplicate entry number %d (expected each number once; the first is "
               "at %d:%d)",
               en.number, yw_line(num_at[en.number]), yw_col(num_at[en.number]));
        ok = false;
      } else {
        num_at[en.number] = v[ENTRY_NUMBER];
      }
    } else {
      ok = false;
    }
    if (v[ENTRY_NAME])
      ok = yw_text(&L->w, v[ENTRY_NAME], "name", en.name, sizeof en.name) && ok;
    else
      snprintf(en.name, sizeof en.name, "entry %d", en.number);
    if (v[ENTRY_KIND]) {
      int k = yw_enum(&L->w, v[ENTRY_KIND], "kind", entry_kinds, ARRAY_LEN(entry_kinds));
      if (k < 0)
        ok = false;
      else
        en.kind = entry_classes[k];
    }
    char what[64];
    snprintf(what, sizeof what, "entry %d", en.number);
    if (!v[ENTRY_AT]) {
      yw_missing(&L->w, e, "at", "an entry", "at: an edge cell such as \"0,5\"");
      ok = false;
    } else if (ld_parse_pos_on_table(L, v[ENTRY_AT], "at", what, &en.at)) {
      if (L->dims_ok && !mk_region_on_any_edge(&m->grid, en.at)) {
        yw_err(&L->w, v[ENTRY_AT],
               "%s at %d,%d is not on a table edge (expected column 0 or %d, or row "
               "0 or %d)",
               what, en.at.x, en.at.y, m->grid.width - 1, m->grid.height - 1);
        ok = false;
      } else if (m->map && en.kind != MURK_TERRAIN_OPEN) {
        const struct murk_terrain* t = murk_mission_terrain_at(m, en.at);
        if (t && t->cls != en.kind) {
          yw_err(&L->w, v[ENTRY_AT], "%s is a %s entry but %d,%d is %s (%s) (expected a %s cell)",
                 what, murk_terrain_class_name(en.kind), en.at.x, en.at.y, t->name,
                 murk_terrain_class_name(t->cls), murk_terrain_class_name(en.kind));
          ok = false;
        }
      }
    } else {
      ok = false;
    }
    if (v[ENTRY_ROLLS]) {
      if (load_rolls(L, v[ENTRY_ROLLS], &en.rolls)) {
        unsigned clash = en.rolls & taken;
        if (clash) {
          int r = 1;
          while (!(clash & (1u << r))) r++;
          yw_err(&L->w, v[ENTRY_ROLLS],
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
