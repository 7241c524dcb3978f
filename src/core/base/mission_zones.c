/* mission_zones.c: the areas of a mission file: deployment zones and their keep-out
 * bands, reserve edges, where reserves arrive, and objectives (docs/mission-format.md
 * "deployment and zones", "arrive", "objectives"). The geometry itself is region.c's. */
#include <stdio.h>
#include <string.h>

#include "mission_load.h"
#include "murk/text.h"
#include "region.h"

static const char* const compass_names[] = {
    [MURK_NORTH] = "north", [MURK_SOUTH] = "south", [MURK_EAST] = "east", [MURK_WEST] = "west",
    [MURK_NE] = "ne",       [MURK_NW] = "nw",       [MURK_SE] = "se",     [MURK_SW] = "sw"};
/* Halves and table edges are north to west, quarters and corners ne to sw: as yw_enum's
 * list and count, the index counted from MURK_NORTH or MURK_NE. */
#define EDGE_NAMES compass_names + MURK_NORTH, MURK_WEST - MURK_NORTH + 1
#define CORNER_NAMES compass_names + MURK_NE, MURK_SW - MURK_NE + 1

const char* murk_compass_name(enum murk_compass c) {
  return (int)c >= 0 && (int)c < ARRAY_LEN(compass_names) ? compass_names[c] : "unknown";
}

/* ---- regions and zones ---- */

#define KEEP_OUT_FIELDS(X)                \
  X(KEEP_CENTRE_LINE, "centre_line")      \
  X(KEEP_LONG_CENTRE, "long_centre_line") \
  X(KEEP_EDGES, "edges")                  \
  X(KEEP_LONG_EDGES, "long_edges")        \
  X(KEEP_SHORT_EDGES, "short_edges")
LD_RECORD(keep_out, KEEP_OUT_FIELDS);

static void load_keep_out(struct ld* L, yaml_node_t* n, struct murk_keep_out* k) {
  yaml_node_t* v[keep_out_nfields];
  if (!LD_FIELDS(L, n, "keep_out", keep_out, v)) return;
  int* dst[keep_out_nfields] = {[KEEP_CENTRE_LINE] = &k->centre_line,
                                [KEEP_LONG_CENTRE] = &k->long_centre_line,
                                [KEEP_EDGES] = &k->edges,
                                [KEEP_LONG_EDGES] = &k->long_edges,
                                [KEEP_SHORT_EDGES] = &k->short_edges};
  for (int i = 0; i < keep_out_nfields; i++)
    if (v[i])
      ld_length_cells(L, v[i], keep_out_keys[i], MURK_ROUND_UP, 0, MURK_MISSION_MAX_CELLS, dst[i]);
}

/* A region names one area; a zone is a region with keep-out bands. */
#define REGION_FIELDS(X)       \
  X(REGION_HALF, "half")       \
  X(REGION_QUARTER, "quarter") \
  X(REGION_WHOLE, "whole")     \
  X(REGION_RECT, "rect")
#define ZONE_FIELDS(X) \
  REGION_FIELDS(X)     \
  X(ZONE_KEEP_OUT, "keep_out")
LD_RECORD(zone, ZONE_FIELDS);
static const char* const region_keys[] = {REGION_FIELDS(LD_FIELD_KEY) NULL};

/* A region ({half}, {quarter}, {whole}, {rect}), and with keep_out != NULL a zone. */
static void load_region(struct ld* L, yaml_node_t* n, const char* what, struct murk_region* r,
                        struct murk_keep_out* keep_out) {
  yaml_node_t* v[zone_nfields] = {NULL};
  if (!yw_fields(&L->w, n, what, keep_out ? zone_keys : region_keys, v)) return;
  int kinds = 0;
  for (int i = REGION_HALF; i <= REGION_RECT; i++) {
    if (!v[i]) continue;
    if (++kinds > 1) {
      yw_err(&L->w, v[i],
             "%s names a second area with '%s' (expected exactly one of half, "
             "quarter, whole or rect)",
             what, zone_keys[i]);
      return;
    }
  }
  if (kinds == 0) {
    yw_err(&L->w, n, "%s names no area (expected one of half, quarter, whole or rect)", what);
    return;
  }
  if (v[REGION_HALF]) {
    int h = yw_enum(&L->w, v[REGION_HALF], "half", EDGE_NAMES);
    if (h >= 0) r->kind = MURK_REGION_HALF, r->which = (enum murk_compass)(MURK_NORTH + h);
  } else if (v[REGION_QUARTER]) {
    int q = yw_enum(&L->w, v[REGION_QUARTER], "quarter", CORNER_NAMES);
    if (q >= 0) r->kind = MURK_REGION_QUARTER, r->which = (enum murk_compass)(MURK_NE + q);
  } else if (v[REGION_WHOLE]) {
    bool whole = false;
    if (yw_bool(&L->w, v[REGION_WHOLE], "whole", &whole)) {
      if (!whole) yw_err(&L->w, v[REGION_WHOLE], "'whole' is false (expected whole: true)");
      r->kind = MURK_REGION_WHOLE;
    }
  } else if (v[REGION_RECT]) {
    if (!yw_is_seq(v[REGION_RECT]) || yw_seq_len(v[REGION_RECT]) != 2) {
      char f[48];
      yw_err(&L->w, v[REGION_RECT], "'rect' is %s (expected two corners: [\"0,0\", \"10,5\"])",
             found(v[REGION_RECT], f, sizeof f));
    } else {
      struct murk_pos a, b;
      yaml_node_t* na = node(L, v[REGION_RECT]->data.sequence.items.start[0]);
      yaml_node_t* nb = node(L, v[REGION_RECT]->data.sequence.items.start[1]);
      bool ok = ld_parse_pos_on_table(L, na, "rect", "rect corner", &a);
      ok = ld_parse_pos_on_table(L, nb, "rect", "rect corner", &b) && ok;
      if (ok) {
        r->kind = MURK_REGION_RECT;
        r->from = (struct murk_pos){a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y};
        r->to = (struct murk_pos){a.x > b.x ? a.x : b.x, a.y > b.y ? a.y : b.y};
      }
    }
  }
  if (keep_out && v[ZONE_KEEP_OUT]) load_keep_out(L, v[ZONE_KEEP_OUT], keep_out);
}

void ld_deployment(struct ld* L, yaml_node_t* root, yaml_node_t* n) {
  if (!n) {
    yw_missing(&L->w, root, "deployment", "the mission",
               "deployment: with a zone for attacker and defender");
    return;
  }
  yaml_node_t* v[MURK_SIDES];
  if (!LD_SIDE_FIELDS(L, n, "deployment", v)) return;
  for (int s = 0; s < MURK_SIDES; s++) {
    char what[40];
    snprintf(what, sizeof what, "deployment.%s", ld_side_names[s]);
    if (!v[s]) {
      yw_missing(&L->w, n, ld_side_names[s], "deployment", "a zone such as {half: south}");
      continue;
    }
    struct murk_side_def* sd = &L->m->sides[s];
    if (!yw_is_seq(v[s])) {
      load_region(L, v[s], what, &sd->zone.region, &sd->zone.keep_out);
      continue;
    }
    /* An area in parts (Flames of War missions: Surrounded's two ends, Breakthrough's two
     * quarters). */
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

void ld_reserve_edges(struct ld* L, yaml_node_t* n) {
  yaml_node_t* v[MURK_SIDES] = {NULL};
  if (n && !LD_SIDE_FIELDS(L, n, "reserve_edges", v)) return;
  for (int s = 0; s < MURK_SIDES; s++) {
    struct murk_side_def* sd = &L->m->sides[s];
    sd->edge = default_edge(&sd->zone, (enum murk_side)s);
    if (v[s]) {
      int c = yw_enum(&L->w, v[s], ld_side_names[s], compass_names, ARRAY_LEN(compass_names));
      if (c >= 0) sd->edge = (enum murk_compass)c;
    }
  }
}

/* ---- arrive: where reserves come on (Flames of War missions: each mission names an edge, a corner
 * band or, with Scattered Reserves / Lost in the Fog, entry points a die picks) ---- */

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

#define AREA_FIELDS(X)     \
  X(AREA_EDGE, "edge")     \
  X(AREA_IN, "in")         \
  X(AREA_CORNER, "corner") \
  X(AREA_WITHIN, "within") \
  X(AREA_ENTRIES, "entries")
LD_RECORD(area, AREA_FIELDS);

static bool load_arrive_area(struct ld* L, yaml_node_t* n, const char* what,
                             struct murk_arrive_area* a) {
  yaml_node_t* v[area_nfields];
  memset(a, 0, sizeof *a);
  if (!LD_FIELDS(L, n, what, area, v)) return false;
  int kinds = (v[AREA_EDGE] && !v[AREA_CORNER] ? 1 : 0) + (v[AREA_CORNER] ? 1 : 0) +
              (v[AREA_ENTRIES] ? 1 : 0);
  if (kinds == 0) {
    yw_err(&L->w, n, "%s names no place (expected edge, corner or entries)", what);
    return false;
  }
  if (kinds > 1) {
    yw_err(&L->w, v[AREA_ENTRIES] ? v[AREA_ENTRIES] : v[AREA_CORNER],
           "%s names two kinds of place (expected one of edge, "
           "corner with within, or entries)",
           what);
    return false;
  }
  bool ok = true;
  if (v[AREA_ENTRIES]) {
    a->kind = MURK_ARRIVE_ENTRIES;
    if (v[AREA_IN] || v[AREA_WITHIN]) {
      yw_err(&L->w, v[AREA_IN] ? v[AREA_IN] : v[AREA_WITHIN],
             "'%s' does not go with entries (expected entries alone)",
             v[AREA_IN] ? "in" : "within");
      return false;
    }
    return load_arrive_entries(L, v[AREA_ENTRIES], &a->entries);
  }
  if (v[AREA_CORNER]) {
    a->kind = MURK_ARRIVE_CORNER;
    int c = yw_enum(&L->w, v[AREA_CORNER], "corner", CORNER_NAMES);
    if (c < 0) return false;
    a->where = (enum murk_compass)(MURK_NE + c);
    if (v[AREA_IN]) {
      yw_err(&L->w, v[AREA_IN],
             "'in' does not go with corner (expected edge, in for a stretch of edge)");
      ok = false;
    }
    if (!v[AREA_WITHIN]) {
      yw_missing(&L->w, n, "within", what, "within: how far from the corner, such as 40cm");
      ok = false;
    } else {
      ok = ld_length_cells(L, v[AREA_WITHIN], "within", MURK_ROUND_DOWN, 1, MURK_MISSION_MAX_CELLS,
                           &a->within) &&
           ok;
    }
    if (v[AREA_EDGE]) {
      int k = yw_enum(&L->w, v[AREA_EDGE], "edge", EDGE_NAMES);
      if (k < 0) return false;
      enum murk_compass e = (enum murk_compass)(MURK_NORTH + k);
      if (!mk_region_corner_meets(a->where, e)) {
        yw_err(&L->w, v[AREA_EDGE],
               "edge %s does not meet the %s corner (expected one of its two edges)",
               compass_names[e], compass_names[a->where]);
        return false;
      }
      a->one_edge = true;
      a->edge = e;
    }
    return ok;
  }
  a->kind = MURK_ARRIVE_EDGE;
  int e = yw_enum(&L->w, v[AREA_EDGE], "edge", compass_names, ARRAY_LEN(compass_names));
  if (e < 0) return false;
  a->where = (enum murk_compass)e;
  if (v[AREA_WITHIN]) {
    yw_err(&L->w, v[AREA_WITHIN], "'within' goes with corner (expected corner: ne, nw, se or sw)");
    ok = false;
  }
  if (v[AREA_IN]) {
    int before = L->w.diags->count;
    load_region(L, v[AREA_IN], "in", &a->in, NULL);
    a->has_in = true;
    ok = ok && L->w.diags->count == before;
  }
  return ok;
}

void ld_arrive(struct ld* L, yaml_node_t* n) {
  yaml_node_t* v[MURK_SIDES];
  if (!LD_SIDE_FIELDS(L, n, "arrive", v)) return;
  for (int s = 0; s < MURK_SIDES; s++) {
    if (!v[s] || yw_is_null(v[s])) continue;
    struct murk_side_setup* st = &L->m->sides[s].setup;
    char what[48];
    snprintf(what, sizeof what, "arrive.%s", ld_side_names[s]);
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

/* `remove objective NAME` names an objective as views show it: the name must fit a command
 * line and tell it apart from the others (as commands compare names), and a number must be
 * its place in the list, since the objectives placed in setup are numbered on from these. */
static bool objective_name_ok(struct ld* L, yaml_node_t* n, const struct murk_mission* m,
                              const char* name) {
  char norm[MURK_NAME];
  if (murk_text_name(name, norm, sizeof norm) == 0) {
    yw_err(&L->w, n,
           "objective name '%s' cannot be written in a command (expected a name "
           "without '#', which starts a comment)",
           name);
    return false;
  }
  for (int i = 0; i < m->nobjectives; i++)
    if (murk_text_name_eq(m->objectives[i].name, name)) {
      yw_err(&L->w, n,
             "objective '%s' has the name of objective '%s' (expected names that differ in "
             "more than case and spacing)",
             name, m->objectives[i].name);
      return false;
    }
  size_t digits = strspn(norm, "0123456789");
  char place[16];
  snprintf(place, sizeof place, "%d", m->nobjectives + 1);
  if (digits == strlen(norm) && strcmp(norm, place) != 0) {
    yw_err(&L->w, n,
           "objective '%s' is named by a number other than its place in the list (expected "
           "\"%s\" or a name: objectives placed in setup are numbered on from these)",
           name, place);
    return false;
  }
  return true;
}

#define OBJECTIVE_FIELDS(X) \
  X(OBJ_NAME, "name")       \
  X(OBJ_AT, "at")           \
  X(OBJ_FOR, "for")
LD_RECORD(objective, OBJECTIVE_FIELDS);

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
    yaml_node_t* v[objective_nfields];
    if (!LD_FIELDS(L, o, "an objective", objective, v)) continue;
    struct murk_objective ob = {.for_side = MURK_NO_SIDE};
    bool ok = true;
    if (v[OBJ_NAME]) {
      ok = yw_text(&L->w, v[OBJ_NAME], "name", ob.name, sizeof ob.name);
      if (ok) ok = objective_name_ok(L, v[OBJ_NAME], m, ob.name);
    } else
      snprintf(ob.name, sizeof ob.name, "objective %d", m->nobjectives + 1);
    if (v[OBJ_FOR]) {
      int s = yw_enum(&L->w, v[OBJ_FOR], "for", ld_side_or_either, ARRAY_LEN(ld_side_or_either));
      if (s < 0)
        ok = false;
      else
        ob.for_side = side_or_none(s);
    }
    char what[80];
    snprintf(what, sizeof what, "objective '%s'", ob.name);
    if (!v[OBJ_AT]) {
      yw_missing(&L->w, o, "at", "an objective", "at: a cell such as \"18,4\"");
      ok = false;
    } else if (ld_parse_pos_on_table(L, v[OBJ_AT], "at", what, &ob.at)) {
      const struct murk_terrain* t = m->map ? murk_mission_terrain_at(m, ob.at) : NULL;
      if (t && t->cls == MURK_TERRAIN_IMPASSABLE) {
        yw_err(&L->w, v[OBJ_AT],
               "%s at %d,%d is on impassable %s (expected a cell teams can reach)", what, ob.at.x,
               ob.at.y, t->name);
        ok = false;
      }
    } else {
      ok = false;
    }
    if (ok) m->objectives[m->nobjectives++] = ob;
    if (yw_full(&L->w)) return;
  }
}

#define PLACE_FIELDS(X)           \
  X(PLACE_BY, "by")               \
  X(PLACE_FOR, "for")             \
  X(PLACE_COUNT, "count")         \
  X(PLACE_IN, "in")               \
  X(PLACE_KEEP_OUT, "keep_out")   \
  X(PLACE_MIN_APART, "min_apart") \
  X(PLACE_TOGETHER, "together")   \
  X(PLACE_TOGETHER_WITH, "together_with")
LD_RECORD(place, PLACE_FIELDS);

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
    yaml_node_t* v[place_nfields];
    if (!LD_FIELDS(L, o, "an objective placement", place, v)) continue;
    struct murk_objective_rule r = {.count = 1, .in = {.kind = MURK_REGION_WHOLE}};
    bool ok = true;
    if (!v[PLACE_BY]) {
      yw_missing(&L->w, o, "by", "an objective placement", "by: attacker or defender");
      ok = false;
    } else {
      int s = yw_enum(&L->w, v[PLACE_BY], "by", ld_side_names, MURK_SIDES);
      if (s < 0)
        ok = false;
      else
        r.by = (enum murk_side)s;
    }
    r.for_side = r.by;
    if (v[PLACE_FOR]) {
      int s = yw_enum(&L->w, v[PLACE_FOR], "for", ld_side_or_either, ARRAY_LEN(ld_side_or_either));
      if (s < 0)
        ok = false;
      else
        r.for_side = side_or_none(s);
    }
    if (v[PLACE_COUNT])
      ok = yw_int(&L->w, v[PLACE_COUNT], "count", 1, MURK_MISSION_MAX_OBJECTIVES, &r.count) && ok;
    int before = L->w.diags->count;
    if (v[PLACE_IN]) load_region(L, v[PLACE_IN], "in", &r.in, NULL);
    if (v[PLACE_KEEP_OUT]) load_keep_out(L, v[PLACE_KEEP_OUT], &r.keep_out);
    if (v[PLACE_MIN_APART])
      ok = ld_length_cells(L, v[PLACE_MIN_APART], "min_apart", MURK_ROUND_UP, 0,
                           MURK_MISSION_MAX_CELLS, &r.min_apart) &&
           ok;
    if (v[PLACE_TOGETHER])
      ok = ld_length_cells(L, v[PLACE_TOGETHER], "together", MURK_ROUND_DOWN, 0,
                           MURK_MISSION_MAX_CELLS, &r.together) &&
           ok;
    /* Fighting Withdrawal (Flames of War missions, Preparing for Battle 3): "no two
     * Objectives" more than 120cm apart, the defender's included. */
    if (v[PLACE_TOGETHER_WITH]) {
      static const char* const with[] = {"step", "all"};
      int k = yw_enum(&L->w, v[PLACE_TOGETHER_WITH], "together_with", with, 2);
      if (k >= 0) r.together_all = k == 1;
    }
    if (L->w.diags->count != before) ok = false;
    if (ok) {
      *placed += r.count;
      m->objective_rules[m->nobjective_rules++] = r;
    }
    if (yw_full(&L->w)) return;
  }
}

#define REMOVE_FIELDS(X) \
  X(REMOVE_BY, "by")     \
  X(REMOVE_COUNT, "count")
LD_RECORD(remove, REMOVE_FIELDS);

/* Hasty Attack (Flames of War missions): a side takes away some of the objectives it placed. */
static void load_objective_removal(struct ld* L, yaml_node_t* n) {
  struct murk_mission* m = L->m;
  yaml_node_t* v[remove_nfields];
  if (!LD_FIELDS(L, n, "remove", remove, v)) return;
  if (!v[REMOVE_BY]) {
    yw_missing(&L->w, n, "by", "remove", "by: attacker or defender");
    return;
  }
  int s = yw_enum(&L->w, v[REMOVE_BY], "by", ld_side_names, MURK_SIDES);
  int count = 1;
  if (v[REMOVE_COUNT] &&
      !yw_int(&L->w, v[REMOVE_COUNT], "count", 1, MURK_MISSION_MAX_OBJECTIVES, &count))
    return;
  if (s < 0) return;
  int placed = 0;
  for (int i = 0; i < m->nobjective_rules; i++)
    if (m->objective_rules[i].by == (enum murk_side)s) placed += m->objective_rules[i].count;
  if (count >= placed) {
    yw_err(&L->w, v[REMOVE_COUNT] ? v[REMOVE_COUNT] : n,
           "the %s removes %d objective%s but places %d (expected fewer than it places)",
           ld_side_names[s], count, count == 1 ? "" : "s", placed);
    return;
  }
  m->remove_by = (enum murk_side)s;
  m->remove_count = count;
}

#define OBJECTIVES_FIELDS(X)     \
  X(OBJECTIVES_FIXED, "fixed")   \
  X(OBJECTIVES_PLACE, "place")   \
  X(OBJECTIVES_REMOVE, "remove") \
  X(OBJECTIVES_HOLD, "hold")
LD_RECORD(objectives, OBJECTIVES_FIELDS);

void ld_objectives(struct ld* L, yaml_node_t* n) {
  yaml_node_t* v[objectives_nfields];
  if (!LD_FIELDS(L, n, "objectives", objectives, v)) return;
  int placed = 0;
  if (v[OBJECTIVES_FIXED]) load_fixed_objectives(L, v[OBJECTIVES_FIXED]);
  if (v[OBJECTIVES_PLACE]) load_objective_rules(L, v[OBJECTIVES_PLACE], &placed);
  if (v[OBJECTIVES_REMOVE]) load_objective_removal(L, v[OBJECTIVES_REMOVE]);
  /* How near a team must be to hold an objective: the Flames of War distance of 4in/10cm
   * unless the mission says (the Flames of War missions and the Luneville mission rules
   * say "taken" and leave the distance to the rulebook; murk's default, docs/rules.md). */
  if (v[OBJECTIVES_HOLD]) {
    ld_length_cells(L, v[OBJECTIVES_HOLD], "hold", MURK_ROUND_DOWN, 0, MURK_MISSION_MAX_CELLS,
                    &L->m->objective_hold);
  } else if (L->scale_ok) {
    struct murk_length len;
    char err[80];
    if (murk_length_parse(MURK_OBJECTIVE_HOLD_DEFAULT, &len, err, sizeof err) == 0)
      L->m->objective_hold = murk_length_to_cells(len, L->m->scale, MURK_ROUND_DOWN);
  }
  if (L->m->nobjectives + placed > MURK_MISSION_MAX_OBJECTIVES)
    yw_err(&L->w, n, "the mission has %d objectives in all (expected at most %d)",
           L->m->nobjectives + placed, MURK_MISSION_MAX_OBJECTIVES);
  L->have_objectives = v[OBJECTIVES_FIXED] || v[OBJECTIVES_PLACE];
}
