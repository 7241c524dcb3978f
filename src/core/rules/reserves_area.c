/* reserves_area.c: where reserves may come on (reserves.h): the side's arrival areas (the
 * mission's `arrive`, else its reserve edge), the cells of an edge, a corner or an entry
 * they hold, the stretch a scattered arrival rolled, and the words that name them in the
 * prompts and refusals of `arrive`. Queries only, below reserves.c, which rolls and brings
 * the platoons on; docs/rules.md, "Reserves", says where each kind may arrive. */
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "region.h"
#include "reserves.h"
#include "state.h"

/* ---- arrival areas ---- */

static const int ENTRY_SPREAD = 2; /* cells along the edge either side of an entry */

static bool near_entry(const struct murk_game* g, int e, struct murk_pos p) {
  const struct murk_grid* gr = &g->m->grid;
  return mk_region_on_any_edge(gr, p) &&
         murk_geom_distance(gr, p, g->m->entries[e].at) <= ENTRY_SPREAD;
}

/* Is the edge cell p in area a? */
static bool area_has(const struct murk_game* g, const struct murk_arrive_area* a,
                     struct murk_pos p) {
  const struct murk_mission* m = g->m;
  const struct murk_grid* gr = &m->grid;
  if (!murk_geom_on_table(gr, p)) return false;
  switch (a->kind) {
    case MURK_ARRIVE_EDGE: {
      bool in;
      if (a->where <= MURK_WEST) {
        in = mk_region_on_edge(gr, p, a->where);
      } else {
        enum murk_compass e1, e2;
        mk_region_corner_edges(a->where, &e1, &e2);
        struct murk_region q = {MURK_REGION_QUARTER, a->where, {0, 0}, {0, 0}};
        in = (mk_region_on_edge(gr, p, e1) || mk_region_on_edge(gr, p, e2)) &&
             murk_region_contains(m, &q, p);
      }
      return in && (!a->has_in || murk_region_contains(m, &a->in, p));
    }
    case MURK_ARRIVE_CORNER: {
      struct murk_pos c = mk_region_corner_cell(gr, a->where);
      enum murk_compass e1, e2;
      mk_region_corner_edges(a->where, &e1, &e2);
      bool along1 = mk_region_on_edge(gr, p, e1) && (p.x > c.x ? p.x - c.x : c.x - p.x) < a->within;
      bool along2 = mk_region_on_edge(gr, p, e2) && (p.y > c.y ? p.y - c.y : c.y - p.y) < a->within;
      if (a->one_edge) return a->edge == e1 ? along1 : along2;
      return along1 || along2;
    }
    case MURK_ARRIVE_ENTRIES:
      for (int e = 0; e < m->nentries; e++) {
        int num = m->entries[e].number;
        if (num >= 1 && num <= 32 && (a->entries & (1u << (num - 1))) && near_entry(g, e, p))
          return true;
      }
      return false;
  }
  return false;
}

/* The side's arrival areas (the mission's `arrive`, else its reserve edge). */
static int side_areas(const struct murk_game* g, enum murk_side side,
                      struct murk_arrive_area out[MURK_MISSION_MAX_ARRIVE]) {
  const struct murk_side_def* sd = &g->m->sides[side];
  if (sd->setup.narrive > 0) {
    memcpy(out, sd->setup.arrive, (size_t)sd->setup.narrive * sizeof *out);
    return sd->setup.narrive;
  }
  memset(out, 0, sizeof *out);
  out[0].kind = MURK_ARRIVE_EDGE;
  out[0].where = sd->edge;
  return 1;
}

static bool side_area_has(const struct murk_game* g, enum murk_side side, struct murk_pos p) {
  struct murk_arrive_area a[MURK_MISSION_MAX_ARRIVE];
  int n = side_areas(g, side, a);
  for (int i = 0; i < n; i++)
    if (area_has(g, &a[i], p)) return true;
  return false;
}

/* The side's arrival cells in perimeter order, starting just after a cell outside them so
 * that each stretch of edge comes in one piece: the index where that order starts, and how
 * many cells there are. */
static int arrival_order(const struct murk_game* g, enum murk_side side, int* start) {
  const struct murk_grid* gr = &g->m->grid;
  int n = mk_region_edge_count(gr), k = 0;
  *start = 0;
  for (int i = 0; i < n; i++)
    if (!side_area_has(g, side, mk_region_edge_cell(gr, i))) {
      *start = (i + 1) % n;
      break;
    }
  for (int i = 0; i < n; i++) k += side_area_has(g, side, mk_region_edge_cell(gr, i)) ? 1 : 0;
  return k;
}

/* Entries of the side's entry areas, in number order. */
int mk_reserves_side_entries(const struct murk_game* g, enum murk_side side, int out[]) {
  struct murk_arrive_area a[MURK_MISSION_MAX_ARRIVE];
  int na = side_areas(g, side, a);
  unsigned bits = 0;
  for (int i = 0; i < na; i++)
    if (a[i].kind == MURK_ARRIVE_ENTRIES) bits |= a[i].entries;
  int n = 0;
  for (int num = 1; num <= MURK_MISSION_MAX_ENTRIES; num++) {
    if (!(bits & (1u << (num - 1)))) continue;
    for (int e = 0; e < g->m->nentries; e++)
      if (g->m->entries[e].number == num) out[n++] = e;
  }
  return n;
}

/* Does arrival a allow p (ignoring what stands there)? */
bool mk_reserves_arrival_allows(const struct murk_game* g, enum murk_side side,
                                const struct mk_arrival* a, struct murk_pos p) {
  const struct murk_grid* gr = &g->m->grid;
  if (!murk_geom_on_table(gr, p)) return false;
  if (a->anywhere) return true;
  if (a->entry >= 0) return near_entry(g, a->entry, p);
  if (!side_area_has(g, side, p)) return false;
  if (a->part < 0) return true;
  /* p's rank among the arrival cells, in order from `start`. */
  int start, n = mk_region_edge_count(gr);
  int total = arrival_order(g, side, &start);
  int rank = 0;
  for (int j = 0; j < n; j++) {
    struct murk_pos q = mk_region_edge_cell(gr, (start + j) % n);
    if (murk_pos_eq(q, p)) break;
    if (side_area_has(g, side, q)) rank++;
  }
  int lo = a->part * total / a->parts, hi = (a->part + 1) * total / a->parts;
  return rank >= lo && rank < hi;
}

static const char* const compass_words[] = {"north", "south", "east", "west",
                                            "NE",    "NW",    "SE",   "SW"};

static void area_text(const struct murk_game* g, const struct murk_arrive_area* a, char* buf,
                      size_t n) {
  char cs[32];
  switch (a->kind) {
    case MURK_ARRIVE_EDGE:
      if (a->where <= MURK_WEST)
        snprintf(buf, n, "the %s edge%s", compass_words[a->where], a->has_in ? " (part)" : "");
      else
        snprintf(buf, n, "the edges of the %s quarter", compass_words[a->where]);
      return;
    case MURK_ARRIVE_CORNER:
      mk_cells_text(g, a->within, cs, sizeof cs);
      if (a->one_edge)
        snprintf(buf, n, "the %s edge within %s of the %s corner", compass_words[a->edge], cs,
                 compass_words[a->where]);
      else
        snprintf(buf, n, "the edges within %s of the %s corner", cs, compass_words[a->where]);
      return;
    case MURK_ARRIVE_ENTRIES: {
      size_t len = (size_t)snprintf(buf, n, "entr");
      int count = 0;
      for (int num = 1; num <= MURK_MISSION_MAX_ENTRIES; num++)
        if (a->entries & (1u << (num - 1))) count++;
      if (len < n) len += (size_t)snprintf(buf + len, n - len, count == 1 ? "y" : "ies");
      int k = 0;
      for (int num = 1; num <= MURK_MISSION_MAX_ENTRIES && len < n; num++) {
        if (!(a->entries & (1u << (num - 1)))) continue;
        bool exists = false;
        for (int e = 0; e < g->m->nentries; e++) exists = exists || g->m->entries[e].number == num;
        if (!exists) continue;
        len += (size_t)snprintf(buf + len, n - len, "%s%d", k++ ? ", " : " ", num);
      }
      return;
    }
  }
  snprintf(buf, n, "the table edge");
}

void mk_reserves_describe(const struct murk_game* g, enum murk_side side, int i, char* buf,
                          size_t n) {
  const struct mk_arrival* a = &g->s.arrivals[side][i];
  if (a->anywhere) {
    snprintf(buf, n, "anywhere on the table (deep strike)");
    return;
  }
  if (a->entry >= 0) {
    const struct murk_entry* e = &g->m->entries[a->entry];
    char ps[16];
    murk_pos_format(e->at, ps, sizeof ps);
    snprintf(buf, n, "entry %d (%.40s) at %s", e->number, e->name, ps);
    return;
  }
  struct murk_arrive_area areas[MURK_MISSION_MAX_ARRIVE];
  int na = side_areas(g, side, areas);
  char at[96] = "";
  size_t len = 0;
  for (int k = 0; k < na && len < sizeof at; k++) {
    char one[80];
    area_text(g, &areas[k], one, sizeof one);
    len += (size_t)snprintf(at + len, sizeof at - len, "%s%s", k ? " or " : "", one);
  }
  if (a->part >= 0)
    snprintf(buf, n, "stretch %d of %d of %.80s", a->part + 1, a->parts, at);
  else
    snprintf(buf, n, "%s", at);
}
