/* viewio.c: a side's view as lines and back (viewio.h, docs/protocol.md "The view"). */
#include "viewio.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "murk/alloc.h"
#include "murk/command.h"
#include "murk/event.h"
#include "murk/phase.h"
#include "viewfields.h"

#define PAIRS_A_LINE 200        /* cells of one `place` or `acells` line */
#define POS_MAX 1000000         /* a coordinate, either way */
#define ITEMS_MAX (1 << 16)     /* markers, teams, ... of one view */
#define EVENTS_MAX (1 << 22)    /* events of one view */
#define CELLS_MAX (1000 * 1000) /* cells of one list (the largest table) */
#define BRIEF_MAX (1 << 20)

struct net_view {
  struct murk_view v; /* first: see net_view_of */
  struct murk_mission* table;
  char* briefing;
  size_t nbrief;
  char force[MURK_SIDES][MURK_NAME];
  struct murk_zone own;
  struct murk_zone more[8];
  struct murk_pos* place;
  /* Array capacities (the counts are the view's), by struct murk_view's array. */
  int cap_objectives, cap_works, cap_markers, cap_teams, cap_platoons, cap_arrivals, cap_lights;
  int cap_contacts, cap_wings, cap_targets, cap_events, cap_lit;
  int rows_seen, levels_seen;
  bool state_seen;
};

struct murk_view* net_view_view(struct net_view* nv) {
  return nv ? &nv->v : NULL;
}

struct net_view* net_view_of(struct murk_view* v) {
  return (struct net_view*)(void*)v;
}

const struct murk_mission* net_view_table(const struct net_view* nv) {
  return nv->table;
}

void net_view_free(struct net_view* nv) {
  if (!nv) return;
  struct murk_view* v = &nv->v;
  murk_free(v->objectives);
  murk_free(v->works);
  murk_free(v->markers);
  murk_free(v->teams);
  murk_free(v->platoons);
  for (int i = 0; i < v->narrivals; i++) murk_free(v->arrivals[i].cells);
  murk_free(v->arrivals);
  murk_free(v->lit);
  murk_free(v->lit_by);
  murk_free(v->lights);
  murk_free(v->contacts);
  murk_free(v->wings);
  murk_free(v->targets);
  murk_free(v->events);
  murk_free(nv->place);
  if (nv->table) murk_free(nv->table->map);
  if (nv->table) murk_free(nv->table->elevation);
  murk_free(nv->table);
  murk_free(nv->briefing);
  murk_free(nv);
}

/* ---- the lines ----
 *
 * A view is a run of lines, each a record: its kind, then " key=value" words from the
 * record's table (viewfields.c). One row of `kinds` below a line kind: how it is written
 * from a view and read back into one. Records of view.h's arrays are read by one reader
 * (read_item), the rest each by their own few lines. */

struct net_view_reader {
  struct net_view* nv;
  int state; /* 0: before "view begin", 1: inside, 2: whole */
  size_t own_commands;
  char err[160];
};

struct line_kind {
  const char* word;
  const struct net_vf_table* t; /* the record of each line (NULL: a list of cells) */
  void (*write)(const struct line_kind* k, const struct murk_view* v, struct net_buf* b);
  int (*read)(const struct line_kind* k, struct net_view_reader* r, char** w, int n);
  /* An array of the view (read_item, write_items): where it is, its count, its capacity in
   * struct net_view, the most it may hold. */
  size_t arr, count, cap;
  int max;
};

static void record(struct net_buf* b, const char* word, const struct net_vf_table* t,
                   const void* p) {
  net_buf_addf(b, "%s", word);
  net_vf_write(t, p, b);
  net_buf_eol(b);
}

static void put_cells(struct net_buf* b, const char* head, const struct murk_pos* c, int n) {
  for (int i = 0; i < n; i += PAIRS_A_LINE) {
    net_buf_addf(b, "%s cells=", head);
    for (int j = i; j < n && j < i + PAIRS_A_LINE; j++)
      net_buf_addf(b, j > i ? ",%d,%d" : "%d,%d", c[j].x, c[j].y);
    net_buf_eol(b);
  }
}

/* Room for one more item in an array of `size`-byte items holding n (capacity *cap),
 * zeroed. */
static bool grow(void** arr, int n, int* cap, size_t size, int max) {
  if (n < *cap) return true;
  if (n >= max) return false;
  int c = *cap ? *cap * 2 : 8;
  if (c > max) c = max;
  void* p = murk_realloc(*arr, (size_t)c * size);
  if (!p) return false;
  memset((char*)p + (size_t)*cap * size, 0, (size_t)(c - *cap) * size);
  *arr = p;
  *cap = c;
  return true;
}

/* The count of a view's array (events count in size_t, the rest in int). */
static size_t get_count(const struct murk_view* v, const struct line_kind* k) {
  const char* p = (const char*)v + k->count;
  if (k->count == offsetof(struct murk_view, nevents)) return *(const size_t*)(const void*)p;
  return (size_t) * (const int*)(const void*)p;
}

static void set_count(struct murk_view* v, const struct line_kind* k, size_t n) {
  char* p = (char*)v + k->count;
  if (k->count == offsetof(struct murk_view, nevents))
    *(size_t*)(void*)p = n;
  else
    *(int*)(void*)p = (int)n;
}

static void write_items(const struct line_kind* k, const struct murk_view* v, struct net_buf* b) {
  const char* arr = *(char* const*)(const void*)((const char*)v + k->arr);
  size_t n = get_count(v, k);
  for (size_t i = 0; i < n; i++) record(b, k->word, k->t, arr + i * k->t->size);
}

static int read_item(const struct line_kind* k, struct net_view_reader* r, char** w, int n) {
  struct murk_view* v = &r->nv->v;
  void** arr = (void**)(void*)((char*)v + k->arr);
  int* cap = (int*)(void*)((char*)r->nv + k->cap);
  size_t count = get_count(v, k);
  if (!grow(arr, (int)count, cap, k->t->size, k->max)) return -1;
  char* e = (char*)*arr + count * k->t->size;
  memset(e, 0, k->t->size);
  if (net_vf_read(k->t, e, w + 1, n - 1) != 0) return -1;
  set_count(v, k, count + 1);
  return 0;
}

/* Cells "X,Y,X,Y..." appended to *cells (n of them). */
static int read_cells(const char* s, struct murk_pos** cells, int* n) {
  int k = 0;
  for (const char* p = s; *p; p++) k += *p == ',';
  if (k % 2 == 0 || k / 2 + 1 > PAIRS_A_LINE || *n + k / 2 + 1 > CELLS_MAX) return -1;
  int add = k / 2 + 1;
  struct murk_pos* c = murk_realloc(*cells, (size_t)(*n + add) * sizeof *c);
  if (!c) return -1;
  *cells = c;
  for (int i = 0; i < add; i++) {
    long xy[2];
    for (int j = 0; j < 2; j++) {
      const char* end = strchr(s, ',');
      size_t len = end ? (size_t)(end - s) : strlen(s);
      char tok[16];
      if (len == 0 || len >= sizeof tok) return -1;
      memcpy(tok, s, len);
      tok[len] = '\0';
      if (!net_int(tok, -POS_MAX, POS_MAX, &xy[j])) return -1;
      s = end ? end + 1 : s + len;
    }
    c[*n + i] = (struct murk_pos){(int)xy[0], (int)xy[1]};
  }
  *n += add;
  return 0;
}

/* The value of the word "key=..." among w[1..n), or NULL. */
static const char* value_of(char** w, int n, const char* key) {
  size_t len = strlen(key);
  for (int i = 1; i < n; i++)
    if (!strncmp(w[i], key, len) && w[i][len] == '=') return w[i] + len + 1;
  return NULL;
}

/* `table`: the grid and the mission's name, a table of the client's own to point into. */
static void write_head(const struct line_kind* k, const struct murk_view* v, struct net_buf* b) {
  struct net_head_line h;
  memset(&h, 0, sizeof h);
  h.grid = v->grid;
  snprintf(h.name, sizeof h.name, "%s", v->mission_name ? v->mission_name : "");
  record(b, k->word, k->t, &h);
}

static int read_head(const struct line_kind* k, struct net_view_reader* r, char** w, int n) {
  struct net_view* nv = r->nv;
  struct murk_view* v = &nv->v;
  struct net_head_line h;
  memset(&h, 0, sizeof h);
  if (nv->table || net_vf_read(k->t, &h, w + 1, n - 1) != 0) return -1;
  struct murk_mission* t = nv->table = murk_calloc(1, sizeof *t);
  if (!t) return -1;
  t->grid = h.grid;
  memcpy(t->name, h.name, sizeof t->name);
  snprintf(t->id, sizeof t->id, "remote");
  v->grid = t->grid;
  v->mission_name = t->name;
  v->terrain = t->terrain;
  v->entries = t->entries;
  for (int s = 0; s < MURK_SIDES; s++) v->force_name[s] = nv->force[s];
  v->ending.end = t->end;
  return 0;
}

static void write_forces(const struct line_kind* k, const struct murk_view* v, struct net_buf* b) {
  for (int s = 0; s < MURK_SIDES; s++) {
    struct net_force_line f;
    memset(&f, 0, sizeof f);
    f.side = s;
    snprintf(f.name, sizeof f.name, "%s", v->force_name[s] ? v->force_name[s] : "");
    record(b, k->word, k->t, &f);
  }
}

static int read_force(const struct line_kind* k, struct net_view_reader* r, char** w, int n) {
  struct net_force_line f;
  memset(&f, 0, sizeof f);
  if (net_vf_read(k->t, &f, w + 1, n - 1) != 0) return -1;
  memcpy(r->nv->force[f.side], f.name, sizeof f.name);
  return 0;
}

static void write_brief(const struct line_kind* k, const struct murk_view* v, struct net_buf* b) {
  const char* brief = v->briefing ? v->briefing : "";
  size_t blen = strlen(brief);
  for (size_t i = 0; i < blen; i += NET_BRIEF_CHUNK) {
    struct net_brief_line l;
    memset(&l, 0, sizeof l);
    snprintf(l.text, sizeof l.text, "%.*s", NET_BRIEF_CHUNK, brief + i);
    record(b, k->word, k->t, &l);
  }
}

static int read_brief(const struct line_kind* k, struct net_view_reader* r, char** w, int n) {
  struct net_view* nv = r->nv;
  struct net_brief_line l;
  memset(&l, 0, sizeof l);
  if (net_vf_read(k->t, &l, w + 1, n - 1) != 0) return -1;
  size_t len = strlen(l.text);
  if (nv->nbrief + len >= BRIEF_MAX) return -1;
  char* b = murk_realloc(nv->briefing, nv->nbrief + len + 1);
  if (!b) return -1;
  memcpy(b + nv->nbrief, l.text, len + 1);
  nv->briefing = b;
  nv->nbrief += len;
  return 0;
}

static void write_terrain(const struct line_kind* k, const struct murk_view* v, struct net_buf* b) {
  for (int i = 0; i < v->nterrain; i++) record(b, k->word, k->t, &v->terrain[i]);
}

static int read_terrain(const struct line_kind* k, struct net_view_reader* r, char** w, int n) {
  struct murk_mission* t = r->nv->table;
  if (t->nterrain >= MURK_MISSION_MAX_TERRAIN) return -1;
  if (net_vf_read(k->t, &t->terrain[t->nterrain], w + 1, n - 1) != 0) return -1;
  r->nv->v.nterrain = ++t->nterrain;
  return 0;
}

/* A table of one byte a cell as lines of its kind, a row each, two hex digits a cell. */
static void write_byte_rows(const struct line_kind* k, const struct murk_view* v,
                            const unsigned char* cells, struct net_buf* b) {
  static const char hex[] = "0123456789abcdef";
  struct net_row_line* l = murk_malloc(sizeof *l);
  if (!l) {
    b->failed = true;
    return;
  }
  for (int y = 0; y < v->grid.height; y++) {
    memset(l, 0, sizeof *l);
    l->y = y;
    for (int x = 0; x < v->grid.width && x < MURK_MISSION_MAX_CELLS; x++) {
      unsigned char c = cells[y * v->grid.width + x];
      l->cells[2 * x] = hex[c >> 4];
      l->cells[2 * x + 1] = hex[c & 15];
    }
    record(b, k->word, k->t, l);
  }
  murk_free(l);
}

static void write_rows(const struct line_kind* k, const struct murk_view* v, struct net_buf* b) {
  if (v->map) write_byte_rows(k, v, v->map, b);
}

/* `level`: a row of heights (a hilly table), two hex digits a cell, the level as a byte. */
static void write_levels(const struct line_kind* k, const struct murk_view* v, struct net_buf* b) {
  if (v->elevation) write_byte_rows(k, v, (const unsigned char*)v->elevation, b);
}

/* Row `seen` of a byte-a-cell table (two hex digits a cell), rows in order; the table is
 * made at the first row. */
static int read_byte_row(const struct line_kind* k, struct net_view_reader* r, char** w, int n,
                         unsigned char** table, int* seen) {
  struct murk_mission* t = r->nv->table;
  struct net_row_line* l = murk_calloc(1, sizeof *l);
  int rc = -1;
  if (!l || net_vf_read(k->t, l, w + 1, n - 1) != 0) goto done;
  int wd = t->grid.width;
  if (l->y != *seen || l->y >= t->grid.height || strlen(l->cells) != (size_t)wd * 2) goto done;
  if (!*table && !(*table = murk_calloc((size_t)wd * (size_t)t->grid.height, 1))) goto done;
  for (int x = 0; x < wd; x++) {
    unsigned v8 = 0;
    for (int i = 0; i < 2; i++) {
      char c = l->cells[2 * x + i];
      int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
      if (d < 0) goto done;
      v8 = v8 * 16 + (unsigned)d;
    }
    (*table)[l->y * wd + x] = (unsigned char)v8;
  }
  (*seen)++;
  rc = 0;
done:
  murk_free(l);
  return rc;
}

static int read_level(const struct line_kind* k, struct net_view_reader* r, char** w, int n) {
  struct murk_mission* t = r->nv->table;
  unsigned char* levels = (unsigned char*)t->elevation; /* a level is its byte, signed */
  int rc = read_byte_row(k, r, w, n, &levels, &r->nv->levels_seen);
  t->elevation = (signed char*)levels;
  if (rc == 0) r->nv->v.elevation = t->elevation;
  return rc;
}

static int read_row(const struct line_kind* k, struct net_view_reader* r, char** w, int n) {
  struct murk_mission* t = r->nv->table;
  int rc = read_byte_row(k, r, w, n, &t->map, &r->nv->rows_seen);
  if (rc == 0) r->nv->v.map = t->map;
  return rc;
}

static void write_entries(const struct line_kind* k, const struct murk_view* v, struct net_buf* b) {
  for (int i = 0; i < v->nentries; i++) record(b, k->word, k->t, &v->entries[i]);
}

static int read_entry(const struct line_kind* k, struct net_view_reader* r, char** w, int n) {
  struct murk_mission* t = r->nv->table;
  if (t->nentries >= MURK_MISSION_MAX_ENTRIES) return -1;
  if (net_vf_read(k->t, &t->entries[t->nentries], w + 1, n - 1) != 0) return -1;
  r->nv->v.nentries = ++t->nentries;
  return 0;
}

static void write_own_zone(const struct line_kind* k, const struct murk_view* v,
                           struct net_buf* b) {
  if (v->own_zone) record(b, k->word, k->t, v->own_zone);
}

static int read_own_zone(const struct line_kind* k, struct net_view_reader* r, char** w, int n) {
  struct net_view* nv = r->nv;
  if (nv->v.own_zone || net_vf_read(k->t, &nv->own, w + 1, n - 1) != 0) return -1;
  nv->v.own_zone = &nv->own;
  return 0;
}

static void write_more_zones(const struct line_kind* k, const struct murk_view* v,
                             struct net_buf* b) {
  for (int i = 0; i < v->nown_more_zones && i < 8; i++)
    record(b, k->word, k->t, &v->own_more_zones[i]);
}

static int read_more_zone(const struct line_kind* k, struct net_view_reader* r, char** w, int n) {
  struct net_view* nv = r->nv;
  int i = nv->v.nown_more_zones;
  if (i >= 8 || net_vf_read(k->t, &nv->more[i], w + 1, n - 1) != 0) return -1;
  nv->v.own_more_zones = nv->more;
  nv->v.nown_more_zones++;
  return 0;
}

/* `state`: every field of struct murk_view written in its own line (viewfields.c). */
static void write_state(const struct line_kind* k, const struct murk_view* v, struct net_buf* b) {
  record(b, k->word, k->t, v);
}

static int read_state(const struct line_kind* k, struct net_view_reader* r, char** w, int n) {
  if (r->nv->state_seen || net_vf_read(k->t, &r->nv->v, w + 1, n - 1) != 0) return -1;
  r->nv->state_seen = true;
  return 0;
}

static void write_ends(const struct line_kind* k, const struct murk_view* v, struct net_buf* b) {
  for (int i = 0; i < v->ending.nend; i++) record(b, k->word, k->t, &v->ending.end[i]);
}

static int read_end(const struct line_kind* k, struct net_view_reader* r, char** w, int n) {
  struct murk_mission* t = r->nv->table;
  if (t->nend >= MURK_MISSION_MAX_END) return -1;
  if (net_vf_read(k->t, &t->end[t->nend], w + 1, n - 1) != 0) return -1;
  r->nv->v.ending.nend = ++t->nend;
  return 0;
}

static void write_place(const struct line_kind* k, const struct murk_view* v, struct net_buf* b) {
  put_cells(b, k->word, v->place_cells, v->nplace_cells);
}

static int read_place(const struct line_kind* k, struct net_view_reader* r, char** w, int n) {
  (void)k;
  const char* cells = value_of(w, n, "cells");
  struct net_view* nv = r->nv;
  if (!cells || read_cells(cells, &nv->place, &nv->v.nplace_cells) != 0) return -1;
  nv->v.place_cells = nv->place;
  return 0;
}

/* Arrivals, each followed by its cells (`acells arrival=I cells=...`). */
static void write_arrivals(const struct line_kind* k, const struct murk_view* v,
                           struct net_buf* b) {
  for (int i = 0; i < v->narrivals; i++) {
    record(b, k->word, k->t, &v->arrivals[i]);
    char head[32];
    snprintf(head, sizeof head, "acells arrival=%d", i);
    put_cells(b, head, v->arrivals[i].cells, v->arrivals[i].ncells);
  }
}

static int read_acells(const struct line_kind* k, struct net_view_reader* r, char** w, int n) {
  (void)k;
  struct murk_view* v = &r->nv->v;
  const char* which = value_of(w, n, "arrival");
  const char* cells = value_of(w, n, "cells");
  long i;
  if (!which || !cells || !net_int(which, 0, v->narrivals - 1, &i)) return -1;
  struct murk_view_arrival* a = &v->arrivals[i];
  return read_cells(cells, &a->cells, &a->ncells);
}

static void write_lit(const struct line_kind* k, const struct murk_view* v, struct net_buf* b) {
  for (int i = 0; i < v->nlit; i++) {
    struct net_lit_line l = {v->lit[i], v->lit_by ? v->lit_by[i] : 0};
    record(b, k->word, k->t, &l);
  }
}

static int read_lit(const struct line_kind* k, struct net_view_reader* r, char** w, int n) {
  struct net_view* nv = r->nv;
  struct murk_view* v = &nv->v;
  struct net_lit_line l;
  memset(&l, 0, sizeof l);
  if (net_vf_read(k->t, &l, w + 1, n - 1) != 0) return -1;
  int cap = nv->cap_lit;
  if (!grow((void**)&v->lit, v->nlit, &nv->cap_lit, sizeof *v->lit, CELLS_MAX)) return -1;
  if (cap != nv->cap_lit) {
    int* lb = murk_realloc(v->lit_by, (size_t)nv->cap_lit * sizeof *lb);
    if (!lb) return -1;
    v->lit_by = lb;
  }
  v->lit[v->nlit] = l.at;
  v->lit_by[v->nlit++] = l.by;
  return 0;
}

#define ITEMS(arr_, count_, max_)                                                               \
  write_items, read_item, offsetof(struct murk_view, arr_), offsetof(struct murk_view, count_), \
      offsetof(struct net_view, cap_##arr_), max_
#define OWN(w, r) w, r, 0, 0, 0, 0

/* Every line kind, in the order a view is written. */
static const struct line_kind kinds[] = {
    {"table", &net_vf_head, OWN(write_head, read_head)},
    {"force", &net_vf_force, OWN(write_forces, read_force)},
    {"brief", &net_vf_brief, OWN(write_brief, read_brief)},
    {"terrain", &net_vf_terrain, OWN(write_terrain, read_terrain)},
    {"row", &net_vf_row, OWN(write_rows, read_row)},
    {"level", &net_vf_row, OWN(write_levels, read_level)},
    {"entry", &net_vf_entry, OWN(write_entries, read_entry)},
    {"own_zone", &net_vf_zone, OWN(write_own_zone, read_own_zone)},
    {"more_zone", &net_vf_zone, OWN(write_more_zones, read_more_zone)},
    {"state", &net_vf_view, OWN(write_state, read_state)},
    {"end", &net_vf_end, OWN(write_ends, read_end)},
    {"place", NULL, OWN(write_place, read_place)},
    {"works", &net_vf_works, ITEMS(works, nworks, ITEMS_MAX)},
    {"objective", &net_vf_objective, ITEMS(objectives, nobjectives, ITEMS_MAX)},
    {"marker", &net_vf_marker, ITEMS(markers, nmarkers, ITEMS_MAX)},
    {"team", &net_vf_team, ITEMS(teams, nteams, ITEMS_MAX)},
    {"platoon", &net_vf_platoon, ITEMS(platoons, nplatoons, ITEMS_MAX)},
    {"wing", &net_vf_wing, ITEMS(wings, nwings, ITEMS_MAX)},
    {"arrival", &net_vf_arrival, write_arrivals, read_item, offsetof(struct murk_view, arrivals),
     offsetof(struct murk_view, narrivals), offsetof(struct net_view, cap_arrivals), ITEMS_MAX},
    {"acells", NULL, OWN(NULL, read_acells)},
    {"light", &net_vf_light, ITEMS(lights, nlights, ITEMS_MAX)},
    {"lit", &net_vf_lit, OWN(write_lit, read_lit)},
    {"contact", &net_vf_contact, ITEMS(contacts, ncontacts, ITEMS_MAX)},
    {"target", &net_vf_target, ITEMS(targets, ntargets, ITEMS_MAX)},
    {"event", &net_vf_event, ITEMS(events, nevents, EVENTS_MAX)},
};
#define NKINDS ((int)(sizeof kinds / sizeof kinds[0]))

void net_view_write(const struct murk_view* v, size_t own_commands, struct net_buf* b) {
  struct net_begin_line h = {NET_PROTOCOL, (int)own_commands};
  record(b, "view begin", &net_vf_begin, &h);
  for (int i = 0; i < NKINDS; i++)
    if (kinds[i].write) kinds[i].write(&kinds[i], v, b);
  net_buf_addf(b, "view end");
  net_buf_eol(b);
}

/* ---- reading ---- */

#define WORDS_MAX 128

struct net_view_reader* net_view_reader_new(void) {
  return murk_calloc(1, sizeof(struct net_view_reader));
}

void net_view_reader_free(struct net_view_reader* r) {
  if (!r) return;
  net_view_free(r->nv);
  murk_free(r);
}

const char* net_view_reader_error(const struct net_view_reader* r) {
  return r->err;
}

struct net_view* net_view_reader_take(struct net_view_reader* r, size_t* own_commands) {
  if (r->state != 2) return NULL;
  struct net_view* nv = r->nv;
  r->nv = NULL;
  r->state = 0;
  if (own_commands) *own_commands = r->own_commands;
  return nv;
}

static int fail(struct net_view_reader* r, const char* what) {
  snprintf(r->err, sizeof r->err, "bad view line: %.40s", what);
  r->state = 0; /* the next "view begin" starts over */
  return -1;
}

/* The view's pointers into its own table and arrays, once whole. */
static int finish(struct net_view_reader* r) {
  struct net_view* nv = r->nv;
  struct murk_view* v = &nv->v;
  struct murk_mission* t = nv->table;
  if (!t) return fail(r, "no table");
  if (!nv->state_seen) return fail(r, "no state");
  if (t->map && nv->rows_seen != v->grid.height) return fail(r, "map rows missing");
  if (t->elevation && nv->levels_seen != v->grid.height) return fail(r, "level rows missing");
  /* Every cell's terrain is one of the legend's (the map is indexed without a check). */
  if (t->map)
    for (int i = 0; i < v->grid.width * v->grid.height; i++)
      if (t->map[i] >= t->nterrain) return fail(r, "map cell without terrain");
  for (int i = 0; i < v->nworks; i++)
    if (v->works[i].terrain >= t->nterrain) return fail(r, "works without terrain");
  v->briefing = nv->briefing ? nv->briefing : "";
  v->place_cells = nv->place;
  v->ending.end = t->end;
  v->ending.nend = t->nend;
  for (int i = 0; i < v->nlit; i++)
    if (v->lit_by[i] < 0 || v->lit_by[i] >= (v->nlights ? v->nlights : 1))
      return fail(r, "lit by no light");
  r->state = 2;
  return 1;
}

int net_view_reader_line(struct net_view_reader* r, char* line) {
  char* w[WORDS_MAX];
  int n = net_split(line, w, WORDS_MAX);
  if (n < 1) return fail(r, "no words, or too many");
  if (r->state != 1) {
    struct net_begin_line h;
    memset(&h, 0, sizeof h);
    if (n < 2 || strcmp(w[0], "view") || strcmp(w[1], "begin") ||
        net_vf_read(&net_vf_begin, &h, w + 2, n - 2) != 0 || h.version != NET_PROTOCOL)
      return fail(r, "not a view of this version");
    net_view_free(r->nv);
    r->nv = murk_calloc(1, sizeof *r->nv);
    if (!r->nv) return fail(r, "out of memory");
    r->own_commands = (size_t)h.own_commands;
    r->state = 1;
    return 0;
  }
  if (!strcmp(w[0], "view")) {
    if (n != 2 || strcmp(w[1], "end")) return fail(r, "view end");
    return finish(r);
  }
  const struct line_kind* k = NULL;
  for (int i = 0; i < NKINDS && !k; i++)
    if (!strcmp(kinds[i].word, w[0])) k = &kinds[i];
  if (!k) return 0; /* a kind of line a newer host writes: skipped */
  if (!r->nv->table && k->read != read_head) return fail(r, "the table comes first");
  if (k->read(k, r, w, n) != 0) return fail(r, w[0]);
  return 0;
}

struct net_view* net_view_parse(const char* text, size_t len, size_t* own_commands) {
  struct net_view_reader* r = net_view_reader_new();
  if (!r) return NULL;
  char line[NET_LINE_MAX + 1];
  size_t at = 0;
  struct net_view* out = NULL;
  while (at < len) {
    const char* nl = memchr(text + at, '\n', len - at);
    size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
    if (n > NET_LINE_MAX) break;
    memcpy(line, text + at, n);
    line[n] = '\0';
    at += n + 1;
    int rc = net_view_reader_line(r, line);
    if (rc < 0) break;
    if (rc == 1) {
      out = net_view_reader_take(r, own_commands);
      break;
    }
  }
  net_view_reader_free(r);
  return out;
}
