/* mission_load.h: what the files of the mission loader share (internal to libmurk): the
 * loader's state, the readers of values with units, dice, positions and ranges, and one
 * entry point per section of the format. mission.c walks the document and calls the
 * sections in order; each section reports its problems through yamlwalk.h. */
#ifndef MK_MISSION_LOAD_H
#define MK_MISSION_LOAD_H

#include <stdbool.h>
#include <stddef.h>

#include "murk/mission.h"
#include "yamlwalk.h"

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

/* ---- records: the keys of one mapping, read by name ----
 *
 * A record is an X-macro list of (FIELD, "key") pairs. LD_RECORD(rec, LIST) makes the enum
 * of its fields, rec_nfields, and rec_keys, the keys in the same order (the order of the
 * "expected one of" lists in messages); LD_FIELDS reads a mapping into yaml_node_t*
 * v[rec_nfields], and the loader then takes v[FIELD]. Fields and keys come from the one
 * list, so reordering or adding a key cannot rewire the loader, and an array of the wrong
 * record does not compile. */
#define LD_FIELD_ENUM(id, key) id,
#define LD_FIELD_KEY(id, key) key,
#define LD_RECORD(rec, LIST)                  \
  enum { LIST(LD_FIELD_ENUM) rec##_nfields }; \
  static const char* const rec##_keys[] = {LIST(LD_FIELD_KEY) NULL}
#define LD_SAME_LEN(v, n) ((void)sizeof(char[ARRAY_LEN(v) == (n) ? 1 : -1]))
#define LD_FIELDS(L, n, what, rec, v) \
  (LD_SAME_LEN(v, rec##_nfields), yw_fields(&(L)->w, (n), (what), rec##_keys, (v)))
/* A mapping keyed by side (briefing, deployment, reserve_edges, arrive, forces): its
 * fields are enum murk_side, its keys ld_side_names. */
#define LD_SIDE_FIELDS(L, n, what, v) \
  (LD_SAME_LEN(v, MURK_SIDES), yw_fields(&(L)->w, (n), (what), ld_side_names, (v)))

/* Pairs of a mapping / items of a list, with node look-up. */
#define FOR_PAIRS(L, n, p) \
  for (yaml_node_pair_t* p = (n)->data.mapping.pairs.start; p < (n)->data.mapping.pairs.top; p++)
#define FOR_ITEMS(L, n, it)                                                                      \
  for (yaml_node_item_t* it = (n)->data.sequence.items.start; it < (n)->data.sequence.items.top; \
       it++)

static inline yaml_node_t* node(struct ld* L, int id) {
  return yw_node(&L->w, id);
}

static inline const char* found(const yaml_node_t* n, char* buf, size_t size) {
  return yw_found(n, buf, size);
}

/* ---- names every section uses ---- */

/* "attacker", "defender" by enum murk_side, then NULL (the keys of a side mapping). */
extern const char* const ld_side_names[MURK_SIDES + 1];
/* The same and "either" (MURK_NO_SIDE through side_or_none). */
extern const char* const ld_side_or_either[MURK_SIDES + 1];

static inline enum murk_side side_or_none(int i) {
  return i == MURK_SIDES ? MURK_NO_SIDE : (enum murk_side)i;
}

/* ---- values with units, dice, positions, ranges (mission.c) ---- */

#define LENGTH_EXAMPLE "a length such as 20cm, 8in or 3hex"

bool ld_parse_length(struct ld* L, const yaml_node_t* n, const char* what, struct murk_length* out);
/* A length in cells under the mission scale, in [min, max]. Quiet when the scale itself is
 * bad (that has its own message). */
bool ld_length_cells(struct ld* L, const yaml_node_t* n, const char* what, enum murk_round r,
                     int min, int max, int* out);
bool ld_parse_dice(struct ld* L, const yaml_node_t* n, const char* what,
                   struct murk_dice_expr* out);
/* "x,y" or [x, y]: the form only; ld_on_table checks the place. */
bool ld_parse_pos(struct ld* L, const yaml_node_t* n, const char* what, struct murk_pos* out);
bool ld_on_table(struct ld* L, const yaml_node_t* n, const char* what, struct murk_pos p);
bool ld_parse_pos_on_table(struct ld* L, const yaml_node_t* n, const char* key, const char* what,
                           struct murk_pos* out);
/* Digits at *s, saturating; advances *s. False if there is no digit. */
bool ld_take_number(const char** s, int* out);
/* "3", "2-4", "5+" (open above: *hi = -1), or a plain number, from 0 to max. */
bool ld_parse_range(struct ld* L, const yaml_node_t* n, const char* what, int max, int* lo,
                    int* hi);
void ld_fmt_len(struct murk_length len, char* buf, size_t n);

/* ---- the sections, in the order mission.c calls them ---- */

/* mission_map.c */
void ld_table(struct ld* L, yaml_node_t* root, yaml_node_t* n);
void ld_terrain(struct ld* L, yaml_node_t* root, yaml_node_t* n);
void ld_entries(struct ld* L, yaml_node_t* n);
/* mission_zones.c */
void ld_deployment(struct ld* L, yaml_node_t* root, yaml_node_t* n);
void ld_reserve_edges(struct ld* L, yaml_node_t* n);
void ld_objectives(struct ld* L, yaml_node_t* n);
void ld_arrive(struct ld* L, yaml_node_t* n);
/* mission_forces.c */
void ld_forces(struct ld* L, yaml_node_t* root, yaml_node_t* n);
/* mission_rules.c */
void ld_param_defaults(struct ld* L);
void ld_rules(struct ld* L, yaml_node_t* n);
void ld_check_lost_in_the_fog(struct ld* L, yaml_node_t* root, yaml_node_t* rules,
                              yaml_node_t* entries);
void ld_default_setup(struct murk_mission* m);
void ld_setup(struct ld* L, yaml_node_t* n);
void ld_check_escalation(struct ld* L, yaml_node_t* rules);
void ld_check_game_length(struct ld* L, yaml_node_t* rules);
void ld_check_pairs(struct ld* L, yaml_node_t* rules);
void ld_default_victory(struct murk_victory* v);
void ld_victory(struct ld* L, yaml_node_t* n);
void ld_visibility(struct ld* L, yaml_node_t* n);
void ld_end(struct ld* L, yaml_node_t* n, yaml_node_t* turn_limit_node);
void ld_default_end(struct ld* L);
/* mission_tutorial.c */
void ld_tutorial(struct ld* L, yaml_node_t* n);

#endif
