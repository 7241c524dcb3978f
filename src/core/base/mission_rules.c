/* mission_rules.c: how a mission is set up and played: setup rights and orders, the
 * special rules and their parameters (rules.h), visibility, end conditions, victory, and
 * the checks across sections (docs/mission-format.md "setup", "rules", "visibility",
 * "end", "victory"). */
#include <stdio.h>
#include <string.h>

#include "mission_load.h"
#include "murk/command.h"
#include "murk/error.h"
#include "murk/suggest.h"

static const char* const end_kind_names[] = {
#define END_NAME(id, name) name,
    MURK_END_KIND_LIST(END_NAME)
#undef END_NAME
};

const char* murk_end_kind_name(enum murk_end_kind k) {
  return (int)k >= 0 && k < MURK_END_COUNT ? end_kind_names[k] : "unknown";
}

/* The smallest and largest result of an expression. */
static void dice_span(const struct murk_dice_expr* e, int* lo, int* hi) {
  *lo = e->count * 1 * e->mul + e->add;
  *hi = e->count * e->sides * e->mul + e->add;
}

/* ---- setup and turn limit ---- */

/* Setup rights and orders nobody wrote down: the attacker first, as the Flames of War missions
 * mostly have it. */
void ld_default_setup(struct murk_mission* m) {
  m->deploy_first = MURK_ATTACKER;
  m->independents_first = MURK_ATTACKER;
  m->recce_first = MURK_ATTACKER;
  m->remove_by = MURK_NO_SIDE;
  m->objective_hold = 1;
  for (int k = 0; k < MURK_WORKS_COUNT; k++) m->works_terrain[k] = -1;
  for (int s = 0; s < MURK_SIDES; s++) {
    struct murk_side_setup* st = &m->sides[s].setup;
    st->scattered = -1;
    st->ambush = -1;
    st->immediate_ambush = -1;
    st->random_deployment = -1;
  }
}

/* Reserve kinds by their rule names: `reserves` lists rule names, each sets bit k of
 * st->reserves for enum murk_reserve_kind k (command.h). */
static const char* const reserve_kind_names[] = {
    "reserves", "delayed_reserves", "scattered_reserves", "mobile_reserves", "deep_strike"};
static const enum murk_reserve_kind reserve_kind_bits[ARRAY_LEN(reserve_kind_names)] = {
    MURK_RESERVE_PLAIN, MURK_RESERVE_DELAYED, MURK_RESERVE_SCATTERED, MURK_RESERVE_MOBILE,
    MURK_RESERVE_DEEP};

#define SIDE_SETUP_FIELDS(X)                   \
  X(SS_RESERVES, "reserves")                   \
  X(SS_SCATTERED, "scattered")                 \
  X(SS_AMBUSH, "ambush")                       \
  X(SS_IMMEDIATE_AMBUSH, "immediate_ambush")   \
  X(SS_RANDOM_DEPLOYMENT, "random_deployment") \
  X(SS_EACH_ZONE, "each_zone")
LD_RECORD(side_setup, SIDE_SETUP_FIELDS);

static void load_side_setup(struct ld* L, yaml_node_t* n, enum murk_side side) {
  struct murk_side_setup* st = &L->m->sides[side].setup;
  char what[40];
  snprintf(what, sizeof what, "setup.%s", ld_side_names[side]);
  yaml_node_t* v[side_setup_nfields];
  if (!LD_FIELDS(L, n, what, side_setup, v)) return;
  if (v[SS_RESERVES]) {
    char f[48];
    st->reserves_given = true;
    if (yw_is_seq(v[SS_RESERVES])) {
      FOR_ITEMS(L, v[SS_RESERVES], it) {
        int k = yw_enum(&L->w, node(L, *it), "reserves", reserve_kind_names,
                        ARRAY_LEN(reserve_kind_names));
        if (k >= 0) st->reserves |= 1u << reserve_kind_bits[k];
      }
    } else if (!yw_is_null(v[SS_RESERVES])) {
      yw_err(&L->w, v[SS_RESERVES],
             "'reserves' is %s (expected a list of reserve rules such as "
             "[delayed_reserves], or [] for none)",
             found(v[SS_RESERVES], f, sizeof f));
    }
  }
  bool b;
  if (v[SS_SCATTERED] && yw_bool(&L->w, v[SS_SCATTERED], "scattered", &b)) st->scattered = b;
  if (v[SS_AMBUSH])
    yw_int(&L->w, v[SS_AMBUSH], "ambush", 0, MURK_MISSION_MAX_PLATOONS, &st->ambush);
  if (v[SS_IMMEDIATE_AMBUSH])
    yw_int(&L->w, v[SS_IMMEDIATE_AMBUSH], "immediate_ambush", 0, MURK_MISSION_MAX_PLATOONS,
           &st->immediate_ambush);
  if (v[SS_RANDOM_DEPLOYMENT] && yw_bool(&L->w, v[SS_RANDOM_DEPLOYMENT], "random_deployment", &b))
    st->random_deployment = b;
  if (v[SS_EACH_ZONE] && yw_bool(&L->w, v[SS_EACH_ZONE], "each_zone", &b)) st->each_zone = b;
}

#define SETUP_FIELDS(X)                             \
  X(SETUP_SIDES, "sides")                           \
  X(SETUP_FIRST_TURN, "first_turn")                 \
  X(SETUP_DEPLOY_FIRST, "deploy_first")             \
  X(SETUP_DEPLOY_ORDER, "deploy_order")             \
  X(SETUP_NOMINATE, "nominate")                     \
  X(SETUP_INDEPENDENTS_FIRST, "independents_first") \
  X(SETUP_RECCE_FIRST, "recce_first")               \
  X(SETUP_FIRST_TURN_BONUS, "first_turn_bonus")     \
  X(SETUP_WORKS, "works")                           \
  X(SETUP_ATTACKER, "attacker")                     \
  X(SETUP_DEFENDER, "defender")
LD_RECORD(setup, SETUP_FIELDS);

#define WORKS_FIELDS(X)                   \
  X(WORKS_FORTIFICATION, "fortification") \
  X(WORKS_WIRE, "wire")                   \
  X(WORKS_LENGTH, "length")
LD_RECORD(works, WORKS_FIELDS);

/* `setup: works: {length: L}` (Flames of War missions, No Man's Land, Preparing for Battle):
 * how long a piece of the works the forces build may be. How many pieces each side builds
 * is its force's (`forces.SIDE.works`, mission_forces.c): the text has each player place
 * "all of their Fortifications" and "all of their Obstacles", its Fortified Company's. */
static void load_works(struct ld* L, yaml_node_t* n) {
  yaml_node_t* v[works_nfields];
  if (!LD_FIELDS(L, n, "works", works, v)) return;
  const char* keys[] = {[WORKS_FORTIFICATION] = "fortification", [WORKS_WIRE] = "wire"};
  for (int f = WORKS_FORTIFICATION; f <= WORKS_WIRE; f++)
    if (v[f])
      yw_err(&L->w, v[f],
             "works: how many %s pieces is each force's (expected forces.attacker.works and "
             "forces.defender.works: {%s: N}; setup: works gives only their length)",
             keys[f], keys[f]);
  if (!v[WORKS_LENGTH]) {
    yw_missing(&L->w, n, "length", "works", "length: the longest piece, such as 30cm");
    return;
  }
  ld_length_cells(L, v[WORKS_LENGTH], "works length", MURK_ROUND_DOWN, 1, 64, &L->m->works_length);
}

void ld_setup(struct ld* L, yaml_node_t* n) {
  yaml_node_t* v[setup_nfields];
  if (!LD_FIELDS(L, n, "setup", setup, v)) return;
  static const char* const sides[] = {"fixed", "roll"}; /* roll_for_sides */
  static const char* const first[] = {[MURK_FIRST_ROLL] = "roll",
                                      [MURK_FIRST_ATTACKER] = "attacker",
                                      [MURK_FIRST_DEFENDER] = "defender"};
  static const char* const orders[] = {"alternate", "in_turn"}; /* deploy_in_turn */
  struct murk_mission* m = L->m;
  if (v[SETUP_SIDES]) {
    int s = yw_enum(&L->w, v[SETUP_SIDES], "sides", sides, ARRAY_LEN(sides));
    if (s >= 0) m->roll_for_sides = s == 1;
  }
  if (v[SETUP_FIRST_TURN]) {
    int f = yw_enum(&L->w, v[SETUP_FIRST_TURN], "first_turn", first, ARRAY_LEN(first));
    if (f >= 0) m->first_turn = (enum murk_first_turn)f;
  }
  /* Flames of War missions, No Man's Land, Beginning the Battle: "The defender adds +1". */
  if (v[SETUP_FIRST_TURN_BONUS]) {
    yaml_node_t* b[MURK_SIDES];
    if (LD_SIDE_FIELDS(L, v[SETUP_FIRST_TURN_BONUS], "first_turn_bonus", b))
      for (int sd = 0; sd < MURK_SIDES; sd++)
        if (b[sd]) yw_int(&L->w, b[sd], ld_side_names[sd], 0, 6, &m->first_turn_bonus[sd]);
  }
  if (v[SETUP_DEPLOY_FIRST]) {
    int s = yw_enum(&L->w, v[SETUP_DEPLOY_FIRST], "deploy_first", ld_side_names, MURK_SIDES);
    if (s >= 0) m->deploy_first = (enum murk_side)s;
  }
  if (v[SETUP_DEPLOY_ORDER]) {
    int o = yw_enum(&L->w, v[SETUP_DEPLOY_ORDER], "deploy_order", orders, ARRAY_LEN(orders));
    if (o >= 0) m->deploy_in_turn = o == 1;
  }
  /* Flames of War missions, Cauldron and Breakthrough, Preparing for Battle: the side that
   * deploys second nominates its reserves only after the first side has deployed. */
  if (v[SETUP_NOMINATE]) {
    static const char* const when[] = {"first", "with_deployment"};
    int w = yw_enum(&L->w, v[SETUP_NOMINATE], "nominate", when, ARRAY_LEN(when));
    if (w >= 0) m->nominate_with_deployment = w == 1;
    if (w == 1 && !m->deploy_in_turn)
      yw_err(&L->w, v[SETUP_NOMINATE],
             "nominate: with_deployment needs deploy_order: in_turn (expected first, or "
             "deploy_order: in_turn)");
  }
  /* Independent teams and recce moves start with the first deployer unless told. */
  m->independents_first = m->deploy_first;
  m->recce_first = m->deploy_first;
  if (v[SETUP_INDEPENDENTS_FIRST]) {
    int s = yw_enum(&L->w, v[SETUP_INDEPENDENTS_FIRST], "independents_first", ld_side_names,
                    MURK_SIDES);
    if (s >= 0) m->independents_first = (enum murk_side)s;
  }
  if (v[SETUP_RECCE_FIRST]) {
    int s = yw_enum(&L->w, v[SETUP_RECCE_FIRST], "recce_first", ld_side_names, MURK_SIDES);
    if (s >= 0) m->recce_first = (enum murk_side)s;
  }
  if (v[SETUP_WORKS] && !yw_is_null(v[SETUP_WORKS])) load_works(L, v[SETUP_WORKS]);
  const int side_field[MURK_SIDES] = {
      [MURK_ATTACKER] = SETUP_ATTACKER, [MURK_DEFENDER] = SETUP_DEFENDER};
  for (int s = 0; s < MURK_SIDES; s++) {
    yaml_node_t* sv = v[side_field[s]];
    if (sv && !yw_is_null(sv)) load_side_setup(L, sv, (enum murk_side)s);
  }
}

/* Escalation is always played with the Reserves rule (40k mission special rules, Escalation). */
void ld_check_escalation(struct ld* L, yaml_node_t* rules) {
  const struct murk_mission* m = L->m;
  if (m->rule_on[MURK_RULE_ESCALATION] && !m->rule_on[MURK_RULE_RESERVES])
    yw_err(&L->w, rules,
           "escalation is on but reserves is not (expected reserves too: "
           "escalation sends everything it keeps off the table into reserve)");
}

/* Pairs of rules the registry refuses (rules.h, MURK_PAIR_LIST; docs/rules.md, "Rules
 * together"): the error stands at the later of the two in the file. */
void ld_check_pairs(struct ld* L, yaml_node_t* rules) {
  const struct murk_mission* m = L->m;
  yaml_node_t* key[MURK_RULE_COUNT] = {0};
  enum murk_rule_id order[MURK_RULE_COUNT];
  int n = 0;
  FOR_PAIRS(L, rules, pair) {
    yaml_node_t* k = node(L, pair->key);
    if (!yw_is_scalar(k)) continue;
    enum murk_rule_id r = murk_rule_lookup((const char*)k->data.scalar.value);
    if (r == MURK_RULE_COUNT || key[r] || !m->rule_on[r]) continue;
    key[r] = k;
    order[n++] = r;
  }
  for (int j = 1; j < n; j++)
    for (int i = 0; i < j; i++) {
      const char* why = NULL;
      if (murk_rule_pair(order[i], order[j], &why) != MURK_PAIR_REFUSED) continue;
      yw_err(&L->w, key[order[j]],
             "%s and %s cannot be played together: %s (expected one of them; docs/rules.md, "
             "\"Rules together\")",
             murk_rule_name(order[i]), murk_rule_name(order[j]), why);
    }
}

/* Random Game Length (40k mission special rules) rolls after the mission's stated number of turns:
 * it needs them. */
void ld_check_game_length(struct ld* L, yaml_node_t* rules) {
  const struct murk_mission* m = L->m;
  if (!m->rule_on[MURK_RULE_RANDOM_GAME_LENGTH] || m->turn_limit > 0) return;
  yaml_node_t* at = rules;
  FOR_PAIRS(L, rules, pair) {
    yaml_node_t* k = node(L, pair->key);
    if (yw_is_scalar(k) && strcmp((const char*)k->data.scalar.value, "random_game_length") == 0)
      at = k;
  }
  yw_err(&L->w, at,
         "random_game_length is on but the mission has no turn limit (expected turn_limit: "
         "the stated turns after which the die decides whether the game goes on)");
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

void ld_param_defaults(struct ld* L) {
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
      ld_length_cells(L, v, key, MURK_ROUND_DOWN, lo, hi, &pv->i);
      break;
    case MURK_PARAM_LENGTH_UP:
      ld_length_cells(L, v, key, MURK_ROUND_UP, lo, hi, &pv->i);
      break;
    case MURK_PARAM_DICE:
      ld_parse_dice(L, v, key, &pv->dice);
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

void ld_rules(struct ld* L, yaml_node_t* n) {
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
        /* Combat is fought in every mission: the rule only sets its numbers. */
        if (!on && r == MURK_RULE_COMBAT)
          yw_err(&L->w, v,
                 "combat cannot be switched off: every mission is fought by it (expected its "
                 "parameters as a mapping, or {}; docs/rules.md, \"Combat\")");
      }
      L->m->rule_on[r] = on;
    }
    if (yw_full(&L->w)) return;
  }
}

/* ---- visibility ---- */

#define VISIBILITY_FIELDS(X) \
  X(VIS_DIE, "die")          \
  X(VIS_TABLE, "table")
LD_RECORD(visibility, VISIBILITY_FIELDS);

void ld_visibility(struct ld* L, yaml_node_t* n) {
  struct murk_vis_table* vt = &L->m->visibility;
  yaml_node_t* v[visibility_nfields];
  if (!LD_FIELDS(L, n, "visibility", visibility, v)) return;
  bool die_ok = false;
  if (!v[VIS_DIE])
    yw_missing(&L->w, n, "die", "visibility", "die: dice such as d6");
  else
    die_ok = ld_parse_dice(L, v[VIS_DIE], "die", &vt->die);
  if (!v[VIS_TABLE]) {
    yw_missing(&L->w, n, "table", "visibility", "table: die result -> length");
    return;
  }
  if (!yw_want_map(&L->w, v[VIS_TABLE], "table")) return;
  if (yw_map_len(v[VIS_TABLE]) > MURK_MISSION_MAX_VIS_ROWS) {
    yw_err(&L->w, v[VIS_TABLE], "visibility 'table' has %d rows (expected at most %d)",
           yw_map_len(v[VIS_TABLE]), MURK_MISSION_MAX_VIS_ROWS);
    return;
  }
  int dlo = 0, dhi = 0;
  if (die_ok) dice_span(&vt->die, &dlo, &dhi);
  struct murk_vis_row rows[MURK_MISSION_MAX_VIS_ROWS];
  int nrows = 0;
  bool ok = true;
  FOR_PAIRS(L, v[VIS_TABLE], p) {
    yaml_node_t* k = node(L, p->key);
    struct murk_vis_row row;
    if (!ld_parse_range(L, k, "visibility roll", 100000, &row.lo, &row.hi)) {
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
    if (!ld_length_cells(L, node(L, p->value), "visibility", MURK_ROUND_DOWN, 0,
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

#define END_FIELDS(X) \
  X(END_KIND, "kind") \
  X(END_SIDE, "side") \
  X(END_TURN, "turn") \
  X(END_DISTANCE, "distance")
LD_RECORD(end, END_FIELDS);

void ld_end(struct ld* L, yaml_node_t* n, yaml_node_t* turn_limit_node) {
  struct murk_mission* m = L->m;
  if (!yw_want_seq(&L->w, n, "end")) return;
  if (yw_seq_len(n) > MURK_MISSION_MAX_END) {
    yw_err(&L->w, n, "'end' has %d conditions (expected at most %d)", yw_seq_len(n),
           MURK_MISSION_MAX_END);
    return;
  }
  FOR_ITEMS(L, n, it) {
    yaml_node_t* e = node(L, *it);
    yaml_node_t* v[end_nfields];
    if (!LD_FIELDS(L, e, "an end condition", end, v)) continue;
    struct murk_end_condition c = {.side = MURK_NO_SIDE};
    if (!v[END_KIND]) {
      char list[160];
      yw_join(list, sizeof list, end_kind_names, MURK_END_COUNT);
      yw_err(&L->w, e, "missing key 'kind' in an end condition (expected one of: %s)", list);
      continue;
    }
    int k = yw_enum(&L->w, v[END_KIND], "kind", end_kind_names, MURK_END_COUNT);
    if (k < 0) continue;
    c.kind = (enum murk_end_kind)k;
    bool ok = true;
    if (v[END_SIDE]) {
      int s = yw_enum(&L->w, v[END_SIDE], "side", ld_side_or_either, ARRAY_LEN(ld_side_or_either));
      if (s < 0)
        ok = false;
      else
        c.side = side_or_none(s);
    }
    /* objective_taken may start from a turn ("on or after turn six", Flames of War missions,
     * Cauldron). */
    bool wants_turn = c.kind != MURK_END_OBJECTIVE_TAKEN;
    bool wants_distance = c.kind == MURK_END_NO_ATTACKERS_NEAR_OBJECTIVES;
    if (v[END_TURN]) {
      ok = yw_int(&L->w, v[END_TURN], "turn", 1, 100, &c.turn) && ok;
    } else if (wants_turn) {
      yw_missing(&L->w, e, "turn", "an end condition", "turn: the turn it applies from");
      ok = false;
    }
    if (v[END_DISTANCE] && !wants_distance) {
      yw_err(&L->w, v[END_DISTANCE],
             "'distance' does not apply to end condition %s (expected it only with "
             "no_attackers_near_objectives)",
             murk_end_kind_name(c.kind));
      ok = false;
    } else if (v[END_DISTANCE]) {
      ok = ld_length_cells(L, v[END_DISTANCE], "distance", MURK_ROUND_UP, 0, MURK_MISSION_MAX_CELLS,
                           &c.distance) &&
           ok;
    } else if (wants_distance) {
      yw_missing(&L->w, e, "distance", "an end condition", "distance: a length such as 20cm");
      ok = false;
    }
    if (ok && c.kind == MURK_END_OBJECTIVE_TAKEN && !L->have_objectives) {
      yw_err(&L->w, v[END_KIND],
             "end condition objective_taken but the mission has no objectives "
             "(expected objectives: fixed or place)");
      ok = false;
    }
    if (ok && c.kind == MURK_END_TURN_LIMIT) {
      if (turn_limit_node && m->turn_limit != c.turn) {
        yw_err(&L->w, v[END_TURN],
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

void ld_default_end(struct ld* L) {
  struct murk_mission* m = L->m;
  if (L->have_objectives)
    m->end[m->nend++] =
        (struct murk_end_condition){.kind = MURK_END_OBJECTIVE_TAKEN, .side = MURK_NO_SIDE};
  if (m->turn_limit > 0)
    m->end[m->nend++] = (struct murk_end_condition){
        .kind = MURK_END_TURN_LIMIT, .side = MURK_NO_SIDE, .turn = m->turn_limit};
}

/* ---- victory ---- */

void ld_default_victory(struct murk_victory* v) {
  static const struct murk_vp_row rows[] = {
      {"Stunning Victory", 0, 1, 6, 1},
      {"Major Victory", 2, 3, 5, 2},
      {"Minor Victory", 4, -1, 4, 3},
  };
  memcpy(v->rows, rows, sizeof rows);
  v->nrows = ARRAY_LEN(rows);
  v->ignore_first_loss_at = 9; /* Luneville, the nine-platoon exception */
  v->mode = MURK_VP_TABLE;
  v->otherwise = MURK_NO_SIDE;
  v->objective = MURK_VPO_NONE;
  v->points_limit = 0;
  /* The 40k mission special rules score damage "see the Victory Points table", a table they do not
   * give: murk's own default, half a unit's worth for a unit left with half its teams or fewer. */
  v->damaged_at = 50;
  v->damaged_share = 50;
  v->centre = -1; /* set from MURK_VP_CENTRE_DEFAULT once the scale is known */
}

static bool parse_points(struct ld* L, yaml_node_t* n, int* winner, int* loser) {
  char f[48];
  if (yw_is_scalar(n)) {
    const char* s = (const char*)n->data.scalar.value;
    int a, b;
    if (ld_take_number(&s, &a) && *s == ':' && (s++, ld_take_number(&s, &b)) && *s == '\0' &&
        a <= 100 && b <= 100) {
      *winner = a, *loser = b;
      return true;
    }
  }
  yw_err(&L->w, n, "'points' is %s (expected winner:loser points such as \"6:1\", each 0 to 100)",
         found(n, f, sizeof f));
  return false;
}

#define VICTORY_FIELDS(X)                                 \
  X(VICTORY_TABLE, "table")                               \
  X(VICTORY_IGNORE_FIRST_LOSS_AT, "ignore_first_loss_at") \
  X(VICTORY_POINTS, "points")                             \
  X(VICTORY_OTHERWISE, "otherwise")                       \
  X(VICTORY_OBJECTIVE, "objective")                       \
  X(VICTORY_POINTS_LIMIT, "points_limit")                 \
  X(VICTORY_DAMAGED_AT, "damaged_at")                     \
  X(VICTORY_DAMAGED_SHARE, "damaged_share")               \
  X(VICTORY_CENTRE, "centre")
LD_RECORD(victory, VICTORY_FIELDS);
#define VP_ROW_FIELDS(X) \
  X(ROW_NAME, "name")    \
  X(ROW_LOST, "lost")    \
  X(ROW_POINTS, "points")
LD_RECORD(vp_row, VP_ROW_FIELDS);

void ld_victory(struct ld* L, yaml_node_t* n) {
  struct murk_victory* vic = &L->m->victory;
  yaml_node_t* v[victory_nfields];
  if (!LD_FIELDS(L, n, "victory", victory, v)) return;
  if (v[VICTORY_IGNORE_FIRST_LOSS_AT])
    yw_int(&L->w, v[VICTORY_IGNORE_FIRST_LOSS_AT], "ignore_first_loss_at", 0, 100,
           &vic->ignore_first_loss_at);
  if (v[VICTORY_POINTS]) {
    static const char* const modes[] = {[MURK_VP_TABLE] = "table", [MURK_VP_MARGIN] = "margin"};
    int k = yw_enum(&L->w, v[VICTORY_POINTS], "points", modes, ARRAY_LEN(modes));
    if (k >= 0) vic->mode = (enum murk_vp_mode)k;
  }
  if (v[VICTORY_OTHERWISE]) {
    static const char* const who[] = {[MURK_ATTACKER] = "attacker",
                                      [MURK_DEFENDER] = "defender",
                                      [MURK_SIDES] = "none"}; /* side_or_none
                                                               */
    int k = yw_enum(&L->w, v[VICTORY_OTHERWISE], "otherwise", who, ARRAY_LEN(who));
    if (k >= 0) vic->otherwise = side_or_none(k);
  }
  /* Margin of victory's own fields (40k mission special rules): meaningless under a table of
   * points. */
  static const int margin_only[] = {VICTORY_OBJECTIVE, VICTORY_POINTS_LIMIT, VICTORY_DAMAGED_AT,
                                    VICTORY_DAMAGED_SHARE, VICTORY_CENTRE};
  for (int i = 0; i < ARRAY_LEN(margin_only); i++)
    if (v[margin_only[i]] && vic->mode != MURK_VP_MARGIN)
      yw_err(&L->w, v[margin_only[i]],
             "'%s' scores a margin of victory (expected points: margin beside it)",
             victory_keys[margin_only[i]]);
  if (v[VICTORY_OBJECTIVE]) {
    static const char* const objs[] = {
#define VPO_KEY(id, name) name,
        MURK_VP_OBJECTIVE_LIST(VPO_KEY)
#undef VPO_KEY
    };
    int k = yw_enum(&L->w, v[VICTORY_OBJECTIVE], "objective", objs, ARRAY_LEN(objs));
    if (k >= 0) vic->objective = (enum murk_vp_objective)k;
    if (k == MURK_VPO_LOOT && !L->have_objectives)
      yw_err(&L->w, v[VICTORY_OBJECTIVE],
             "'objective' is loot but the mission has no objectives (expected objectives: "
             "its loot counters)");
  }
  if (v[VICTORY_POINTS_LIMIT])
    yw_int(&L->w, v[VICTORY_POINTS_LIMIT], "points_limit", 1, 1000000, &vic->points_limit);
  if (v[VICTORY_DAMAGED_AT])
    yw_int(&L->w, v[VICTORY_DAMAGED_AT], "damaged_at", 0, 99, &vic->damaged_at);
  if (v[VICTORY_DAMAGED_SHARE])
    yw_int(&L->w, v[VICTORY_DAMAGED_SHARE], "damaged_share", 0, 100, &vic->damaged_share);
  if (v[VICTORY_CENTRE])
    ld_length_cells(L, v[VICTORY_CENTRE], "centre", MURK_ROUND_DOWN, 0, MURK_MISSION_MAX_CELLS,
                    &vic->centre);
  else if (L->scale_ok) {
    /* 40k mission special rules, The Field of Battle: within 12" of the centre point. */
    struct murk_length len;
    char err[80];
    if (murk_length_parse(MURK_VP_CENTRE_DEFAULT, &len, err, sizeof err) == 0)
      vic->centre = murk_length_to_cells(len, L->m->scale, MURK_ROUND_DOWN);
  }
  if (!v[VICTORY_TABLE] || !yw_want_seq(&L->w, v[VICTORY_TABLE], "table")) return;
  if (yw_seq_len(v[VICTORY_TABLE]) > MURK_MISSION_MAX_VP_ROWS ||
      yw_seq_len(v[VICTORY_TABLE]) == 0) {
    yw_err(&L->w, v[VICTORY_TABLE], "victory 'table' has %d rows (expected 1 to %d)",
           yw_seq_len(v[VICTORY_TABLE]), MURK_MISSION_MAX_VP_ROWS);
    return;
  }
  struct murk_vp_row rows[MURK_MISSION_MAX_VP_ROWS];
  int nrows = 0;
  bool ok = true;
  FOR_ITEMS(L, v[VICTORY_TABLE], it) {
    yaml_node_t* r = node(L, *it);
    yaml_node_t* f[vp_row_nfields];
    if (!LD_FIELDS(L, r, "a victory row", vp_row, f)) {
      ok = false;
      continue;
    }
    struct murk_vp_row row = {.lost_min = 0};
    bool rok = true;
    static const char* const need[vp_row_nfields] = {[ROW_NAME] = "name: Stunning Victory",
                                                     [ROW_LOST] = "lost: \"0-1\"",
                                                     [ROW_POINTS] = "points: \"6:1\""};
    for (int i = 0; i < vp_row_nfields; i++)
      if (!f[i]) yw_missing(&L->w, r, vp_row_keys[i], "a victory row", need[i]), rok = false;
    if (f[ROW_NAME]) rok = yw_text(&L->w, f[ROW_NAME], "name", row.name, sizeof row.name) && rok;
    if (f[ROW_LOST]) {
      if (ld_parse_range(L, f[ROW_LOST], "lost", 100, &row.lost_min, &row.lost_max)) {
        for (int i = 0; i < nrows; i++) {
          int ahi = row.lost_max < 0 ? 1000 : row.lost_max;
          int bhi = rows[i].lost_max < 0 ? 1000 : rows[i].lost_max;
          if (row.lost_min <= bhi && rows[i].lost_min <= ahi) {
            char fd[48];
            yw_err(&L->w, f[ROW_LOST],
                   "'lost' is %s, which overlaps the row '%s' (expected each number of losses "
                   "in one row)",
                   found(f[ROW_LOST], fd, sizeof fd), rows[i].name);
            rok = false;
            break;
          }
        }
      } else {
        rok = false;
      }
    }
    if (f[ROW_POINTS]) rok = parse_points(L, f[ROW_POINTS], &row.winner, &row.loser) && rok;
    if (rok)
      rows[nrows++] = row;
    else
      ok = false;
  }
  if (!ok) return;
  memcpy(vic->rows, rows, (size_t)nrows * sizeof rows[0]);
  vic->nrows = nrows;
}

/* ---- cross-checks ---- */

/* Lost in the Fog ("Luneville"): every result of its die must pick an entry point. */
void ld_check_lost_in_the_fog(struct ld* L, yaml_node_t* root, yaml_node_t* rules,
                              yaml_node_t* entries) {
  struct murk_mission* m = L->m;
  if (!m->rule_on[MURK_RULE_LOST_IN_THE_FOG]) return;
  struct murk_dice_expr d = m->params[MURK_P_LIF_DIE].dice;
  int lo, hi;
  dice_span(&d, &lo, &hi);
  /* Where to say it: the rule's key in the file, its die when it gives one. */
  yaml_node_t *key = rules ? rules : root, *die = NULL;
  if (rules && yw_is_map(rules)) FOR_PAIRS(L, rules, pair) {
      yaml_node_t* k = node(L, pair->key);
      if (!yw_is_scalar(k) || strcmp((const char*)k->data.scalar.value, "lost_in_the_fog") != 0)
        continue;
      key = k;
      yaml_node_t* v = node(L, pair->value);
      if (v && yw_is_map(v)) FOR_PAIRS(L, v, p2) {
          yaml_node_t* pk = node(L, p2->key);
          if (yw_is_scalar(pk) && strcmp((const char*)pk->data.scalar.value, "die") == 0)
            die = node(L, p2->value);
        }
    }
  yaml_node_t* at = entries ? entries : key;
  if (lo < 1 || hi > 31) {
    yw_err(&L->w, die ? die : key,
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

/* ---- rules added when a game starts ---- */

/* What rule r needs of the mission to be played at all: NULL, or the words of the refusal
 * (the same needs the loader checks of a file: ld_check_escalation, ld_check_game_length,
 * ld_check_lost_in_the_fog; fog and darkness read the visibility table). */
static const char* added_needs(const struct murk_mission* m, enum murk_rule_id r) {
  switch (r) {
    case MURK_RULE_ESCALATION:
      return m->rule_on[MURK_RULE_RESERVES]
                 ? NULL
                 : "escalation sends what it keeps off the table into reserve: add reserves too";
    case MURK_RULE_RANDOM_GAME_LENGTH:
      return m->turn_limit > 0 ? NULL : "the mission has no turn limit for the die to extend";
    case MURK_RULE_THICK_MORNING_FOG:
    case MURK_RULE_DARKNESS:
      return m->visibility.nrows > 0 ? NULL
                                     : "the mission has no visibility table for the roll to read";
    case MURK_RULE_LOST_IN_THE_FOG: {
      struct murk_dice_expr d = m->params[MURK_P_LIF_DIE].dice;
      int lo, hi;
      dice_span(&d, &lo, &hi);
      unsigned all = 0;
      for (int i = 0; i < m->nentries; i++) all |= m->entries[i].rolls;
      for (int v = lo; v <= hi && v < 32; v++)
        if (v < 1 || !(all & (1u << v)))
          return "the mission's entries do not take every result of its die";
      return NULL;
    }
    default:
      return NULL;
  }
}

int murk_mission_add_rules(struct murk_mission* m, const char* list, char* err, size_t errlen) {
  bool was_on[MURK_RULE_COUNT], was_added[MURK_RULE_COUNT];
  memcpy(was_on, m->rule_on, sizeof was_on);
  memcpy(was_added, m->rule_added, sizeof was_added);
  const char* names[MURK_RULE_COUNT];
  for (int r = 0; r < MURK_RULE_COUNT; r++) names[r] = murk_rule_name((enum murk_rule_id)r);
  const char* p = list ? list : "";
  int rc = MURK_OK;
  while (rc == MURK_OK && *p) {
    size_t skip = strspn(p, " ,\t"), len = strcspn(p + skip, " ,\t");
    const char* w = p + skip;
    p = w + len;
    if (len == 0) continue;
    char word[48];
    snprintf(word, sizeof word, "%.*s", (int)(len < 47 ? len : 47), w);
    enum murk_rule_id r = murk_rule_lookup(word);
    if (r == MURK_RULE_COUNT) {
      const char* near = murk_suggest(w, len, names, MURK_RULE_COUNT);
      if (near)
        snprintf(err, errlen, "unknown rule '%s' (did you mean '%s'?)", word, near);
      else
        snprintf(err, errlen, "unknown rule '%s' (the rules are in docs/rules.md)", word);
      rc = MURK_EINVAL;
      break;
    }
    if (m->rule_on[r]) continue; /* on already: the mission's own, or given twice */
    for (int o = 0; o < MURK_RULE_COUNT && rc == MURK_OK; o++) {
      const char* why = NULL;
      if (!m->rule_on[o] || murk_rule_pair(r, (enum murk_rule_id)o, &why) != MURK_PAIR_REFUSED)
        continue;
      snprintf(err, errlen,
               "%s and %s cannot be played together: %s (docs/rules.md, \"Rules "
               "together\")",
               names[o], names[r], why);
      rc = MURK_EINVAL;
    }
    if (rc != MURK_OK) break;
    m->rule_on[r] = true;
    m->rule_added[r] = true;
  }
  for (int r = 0; r < MURK_RULE_COUNT && rc == MURK_OK; r++) {
    const char* need =
        m->rule_added[r] && !was_added[r] ? added_needs(m, (enum murk_rule_id)r) : NULL;
    if (!need) continue;
    snprintf(err, errlen, "%s cannot be added to %s: %s", names[r], m->name, need);
    rc = MURK_EINVAL;
  }
  if (rc != MURK_OK) {
    memcpy(m->rule_on, was_on, sizeof was_on);
    memcpy(m->rule_added, was_added, sizeof was_added);
    return rc;
  }
  /* The name says it wherever it is shown (the status bar, remote players' too, lists,
   * transcripts): "Luneville + double_blind". */
  for (int r = 0; r < MURK_RULE_COUNT; r++) {
    if (!m->rule_added[r] || was_added[r]) continue;
    size_t len = strlen(m->name);
    snprintf(m->name + len, sizeof m->name - len, " + %s", names[r]);
  }
  return rc;
}

size_t murk_mission_added(const struct murk_mission* m, char* buf, size_t n) {
  size_t len = 0;
  if (n) buf[0] = '\0';
  for (int r = 0; r < MURK_RULE_COUNT; r++) {
    if (!m->rule_added[r]) continue;
    int k = snprintf(buf + (len < n ? len : n), len < n ? n - len : 0, "%s%s", len ? " " : "",
                     murk_rule_name((enum murk_rule_id)r));
    if (k > 0) len += (size_t)k;
  }
  return len;
}
