/* rules.c: the special-rule registry, generated from the X-macro lists of rules.h so a
 * rule or parameter can never lack its name, source, type or default. */
#include "murk/rules.h"

#include <string.h>

struct rule_info {
  const char* name;
  const char* source;
};

static const struct rule_info rule_table[MURK_RULE_COUNT] = {
#define RULE_ROW(id, name, source) {name, source},
    MURK_RULE_LIST(RULE_ROW)
#undef RULE_ROW
};

struct param_info {
  enum murk_rule_id rule;
  const char* key;
  enum murk_param_type type;
  const char* def;
  int min, max;
};

static const struct param_info param_table[MURK_PARAM_COUNT] = {
#define PARAM_ROW(id, rule, key, type, def, lo, hi) \
  {MURK_RULE_##rule, key, MURK_PARAM_##type, def, lo, hi},
    MURK_PARAM_LIST(PARAM_ROW)
#undef PARAM_ROW
};

static bool rule_ok(enum murk_rule_id id) {
  return (int)id >= 0 && id < MURK_RULE_COUNT;
}

static bool param_ok(enum murk_param_id p) {
  return (int)p >= 0 && p < MURK_PARAM_COUNT;
}

const char* murk_rule_name(enum murk_rule_id id) {
  return rule_ok(id) ? rule_table[id].name : "unknown";
}

const char* murk_rule_source(enum murk_rule_id id) {
  return rule_ok(id) ? rule_table[id].source : "";
}

enum murk_rule_id murk_rule_lookup(const char* name) {
  if (!name) return MURK_RULE_COUNT;
  for (int i = 0; i < MURK_RULE_COUNT; i++)
    if (strcmp(rule_table[i].name, name) == 0) return (enum murk_rule_id)i;
  return MURK_RULE_COUNT;
}

const char* murk_param_key(enum murk_param_id p) {
  return param_ok(p) ? param_table[p].key : "unknown";
}

enum murk_rule_id murk_param_rule(enum murk_param_id p) {
  return param_ok(p) ? param_table[p].rule : MURK_RULE_COUNT;
}

enum murk_param_type murk_param_type(enum murk_param_id p) {
  return param_ok(p) ? param_table[p].type : MURK_PARAM_INT;
}

const char* murk_param_default(enum murk_param_id p) {
  return param_ok(p) ? param_table[p].def : "";
}

int murk_param_min(enum murk_param_id p) {
  return param_ok(p) ? param_table[p].min : 0;
}

int murk_param_max(enum murk_param_id p) {
  return param_ok(p) ? param_table[p].max : 0;
}

enum murk_param_id murk_param_lookup(enum murk_rule_id rule, const char* key) {
  if (!key) return MURK_PARAM_COUNT;
  for (int i = 0; i < MURK_PARAM_COUNT; i++)
    if (param_table[i].rule == rule && strcmp(param_table[i].key, key) == 0)
      return (enum murk_param_id)i;
  return MURK_PARAM_COUNT;
}

const char* murk_param_type_name(enum murk_param_type t) {
  switch (t) {
    case MURK_PARAM_INT:
      return "whole number";
    case MURK_PARAM_BOOL:
      return "true or false";
    case MURK_PARAM_LENGTH:
      return "length (rounded down)";
    case MURK_PARAM_LENGTH_UP:
      return "length (rounded up)";
    case MURK_PARAM_DICE:
      return "dice";
  }
  return "unknown";
}

static const char* const scope_table[MURK_RULE_COUNT] = {
#define SCOPE_ROW(id, what) [MURK_RULE_##id] = what,
    MURK_RULE_SCOPE_LIST(SCOPE_ROW)
#undef SCOPE_ROW
};

const char* murk_rule_scope(enum murk_rule_id id) {
  return rule_ok(id) && scope_table[id] ? scope_table[id] : "";
}

struct pair_info {
  enum murk_rule_id a, b;
  enum murk_pair_verdict verdict;
  const char* why;
};

static const struct pair_info pair_table[] = {
#define PAIR_ROW(a, b, verdict, why, game) {MURK_RULE_##a, MURK_RULE_##b, MURK_PAIR_##verdict, why},
    MURK_PAIR_LIST(PAIR_ROW)
#undef PAIR_ROW
};

enum murk_pair_verdict murk_rule_pair(enum murk_rule_id a, enum murk_rule_id b, const char** why) {
  if (why) *why = NULL;
  for (size_t i = 0; i < sizeof pair_table / sizeof pair_table[0]; i++) {
    const struct pair_info* p = &pair_table[i];
    if ((p->a == a && p->b == b) || (p->a == b && p->b == a)) {
      if (why) *why = p->why;
      return p->verdict;
    }
  }
  return MURK_PAIR_APART;
}
