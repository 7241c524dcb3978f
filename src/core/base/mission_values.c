/* mission_values.c: what every section of the mission loader reads a value with (names,
 * lengths with units, dice, positions, ranges; mission_load.h) and the queries on a loaded
 * mission (murk/mission.h). Below mission.c and the section loaders, which call it; it calls
 * none of them. */
#include <stdio.h>
#include <string.h>

#include "mission_load.h"
#include "murk/error.h"
#include "murk/mission.h"

/* ---- names ---- */

const char* const ld_side_names[MURK_SIDES + 1] = {
    [MURK_ATTACKER] = "attacker", [MURK_DEFENDER] = "defender", [MURK_SIDES] = NULL};
const char* const ld_side_or_either[MURK_SIDES + 1] = {
    [MURK_ATTACKER] = "attacker", [MURK_DEFENDER] = "defender", [MURK_SIDES] = "either"};

/* ---- values with units, dice, positions, ranges ---- */

bool ld_parse_length(struct ld* L, const yaml_node_t* n, const char* what,
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
bool ld_length_cells(struct ld* L, const yaml_node_t* n, const char* what, enum murk_round r,
                     int min, int max, int* out) {
  struct murk_length len;
  if (!ld_parse_length(L, n, what, &len)) return false;
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

bool ld_parse_dice(struct ld* L, const yaml_node_t* n, const char* what,
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

/* "x,y" or [x, y]. Only the form is checked here; on_table checks the place. */
bool ld_parse_pos(struct ld* L, const yaml_node_t* n, const char* what, struct murk_pos* out) {
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

bool ld_on_table(struct ld* L, const yaml_node_t* n, const char* what, struct murk_pos p) {
  if (!L->dims_ok || murk_geom_on_table(&L->m->grid, p)) return true;
  yw_err(&L->w, n, "%s at %d,%d is off the table (expected column 0 to %d and row 0 to %d)", what,
         p.x, p.y, L->m->grid.width - 1, L->m->grid.height - 1);
  return false;
}

bool ld_parse_pos_on_table(struct ld* L, const yaml_node_t* n, const char* key, const char* what,
                           struct murk_pos* out) {
  return ld_parse_pos(L, n, key, out) && ld_on_table(L, n, what, *out);
}

/* Digits at *s as a number, saturating far above any limit (no overflow on hostile
 * input); advances *s. False if there is no digit. */
bool ld_take_number(const char** s, int* out) {
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
bool ld_parse_range(struct ld* L, const yaml_node_t* n, const char* what, int max, int* lo,
                    int* hi) {
  char f[48];
  if (yw_is_scalar(n) && !yw_is_null(n)) {
    const char* s = (const char*)n->data.scalar.value;
    int a = 0, b = 0;
    if (ld_take_number(&s, &a) && a <= max) {
      if (*s == '\0') {
        *lo = *hi = a;
        return true;
      }
      if (strcmp(s, "+") == 0) {
        *lo = a, *hi = -1;
        return true;
      }
      if (*s == '-' && (s++, ld_take_number(&s, &b)) && *s == '\0' && b >= a && b <= max) {
        *lo = a, *hi = b;
        return true;
      }
    }
  }
  yw_err(&L->w, n, "'%s' is %s (expected a number or range from 0 to %d: \"3\", \"2-4\" or \"5+\")",
         what, found(n, f, sizeof f), max);
  return false;
}

void ld_fmt_len(struct murk_length len, char* buf, size_t n) {
  if (murk_length_format(len, buf, n) < 0 && n) snprintf(buf, n, "?");
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
