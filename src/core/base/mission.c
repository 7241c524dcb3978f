/* mission.c: the mission file loader (mission.h, docs/mission-format.md): loading, the
 * document's top level, freeing and the summary of a loaded mission. The value readers
 * every section shares are mission_values.c's, below the sections and this file.
 *
 * Loading runs in three stages so that no input can cost much: the bytes are checked
 * (size, UTF-8), a streaming YAML pass refuses deep nesting, aliases and extra documents,
 * and only then the document is composed and walked against the schema. Each section of
 * the format has its file: mission_map.c (table, terrain, entries), mission_zones.c
 * (deployment, reserve edges, arrive, objectives), mission_forces.c, mission_rules.c
 * (setup, rules, visibility, end, victory, cross-checks); they and this file read values
 * through mission_values.c, which calls none of them. The walk keeps going after a
 * problem wherever the rest can still be checked, so one run of `murk check` shows most of
 * what is wrong; the problems are then sorted by place. */
#include "murk/mission.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "mission_load.h"
#include "murk/alloc.h"
#include "murk/error.h"

/* ---- top level: name, source, briefing ---- */

/* The sections of a mission, in the order of docs/mission-format.md. */
#define TOP_FIELDS(X)                 \
  X(T_NAME, "name")                   \
  X(T_SOURCE, "source")               \
  X(T_SUMMARY, "summary")             \
  X(T_BRIEFING, "briefing")           \
  X(T_TABLE, "table")                 \
  X(T_TERRAIN, "terrain")             \
  X(T_ENTRIES, "entries")             \
  X(T_DEPLOYMENT, "deployment")       \
  X(T_RESERVE_EDGES, "reserve_edges") \
  X(T_OBJECTIVES, "objectives")       \
  X(T_SETUP, "setup")                 \
  X(T_TURN_LIMIT, "turn_limit")       \
  X(T_RULES, "rules")                 \
  X(T_VISIBILITY, "visibility")       \
  X(T_END, "end")                     \
  X(T_VICTORY, "victory")             \
  X(T_FORCES, "forces")               \
  X(T_ARRIVE, "arrive")               \
  X(T_TUTORIAL, "tutorial")
LD_RECORD(top, TOP_FIELDS);

static char* dup_text(struct ld* L, const char* s) {
  char* d = murk_strdup(s);
  if (!d) L->nomem = true;
  return d;
}

static void load_briefing(struct ld* L, yaml_node_t* n) {
  if (!n) return;
  yaml_node_t* v[MURK_SIDES];
  if (!LD_SIDE_FIELDS(L, n, "briefing", v)) return;
  for (int s = 0; s < MURK_SIDES; s++) {
    if (!v[s]) continue;
    const char* text = yw_is_null(v[s]) ? "" : yw_lines(&L->w, v[s], ld_side_names[s]);
    if (!text) continue;
    char* d = dup_text(L, text);
    if (!d) return;
    murk_free(L->m->sides[s].briefing);
    L->m->sides[s].briefing = d;
  }
}

/* ---- texts: no control characters in any of them ---- */

/* Every scalar of the document, keys too, is checked before the schema walk, so no name,
 * type or briefing carries a control character to a terminal or a transcript (escapes
 * included: "\e[2J", "\u009b") and no later message quotes one. Line feeds are left to the
 * text readers (yw_str refuses them, the briefings take them). The map and the elevation
 * check their own characters cell by cell, with the exact row and column. */
enum text_ctx { TEXT_ANY, TEXT_ROOT, TEXT_TERRAIN };

static void check_texts(struct ld* L, yaml_node_t* n, const char* what, enum text_ctx ctx) {
  if (!n || yw_full(&L->w)) return;
  if (yw_is_scalar(n)) {
    yw_check_text(&L->w, n, what);
    return;
  }
  char item[80];
  if (yw_is_seq(n)) {
    snprintf(item, sizeof item, "an item of %s", what);
    FOR_ITEMS(L, n, it) check_texts(L, node(L, *it), item, TEXT_ANY);
    return;
  }
  if (!yw_is_map(n)) return;
  FOR_PAIRS(L, n, p) {
    yaml_node_t* k = node(L, p->key);
    yaml_node_t* v = node(L, p->value);
    snprintf(item, sizeof item, "a key in %s", what);
    check_texts(L, k, item, TEXT_ANY);
    /* The value is named by its key when that is a short clean text. */
    const char* key = yw_text_clean(k) ? (const char*)k->data.scalar.value : NULL;
    if (key && strlen(key) <= 40) {
      snprintf(item, sizeof item, "'%s'", key);
    } else {
      key = NULL;
      snprintf(item, sizeof item, "a value in %s", what);
    }
    enum text_ctx sub = TEXT_ANY;
    if (ctx == TEXT_ROOT && key && strcmp(key, "terrain") == 0) sub = TEXT_TERRAIN;
    if (ctx == TEXT_TERRAIN && key && yw_is_scalar(v) &&
        (strcmp(key, "map") == 0 || strcmp(key, "elevation") == 0))
      continue;
    check_texts(L, v, item, sub);
    if (yw_full(&L->w)) return;
  }
}

/* ---- the document ---- */

static void load_document(struct ld* L) {
  struct murk_mission* m = L->m;
  yaml_node_t* root = yw_root(&L->w);
  /* A control character stops here: every later message could quote it. */
  int texts_before = L->w.diags->count;
  check_texts(L, root, "the mission", TEXT_ROOT);
  if (L->w.diags->count != texts_before) return;
  if (!yw_is_map(root)) {
    char f[48];
    yw_err(&L->w, root,
           "the top level is %s (expected a mission: a mapping with name, table, "
           "terrain, forces)",
           found(root, f, sizeof f));
    return;
  }
  yaml_node_t* t[top_nfields];
  LD_FIELDS(L, root, "the mission", top, t);
  /* An optional section left empty ("rules:" and nothing) is as good as absent. */
  static const int optional[] = {T_SOURCE,     T_SUMMARY, T_BRIEFING, T_ENTRIES,    T_RESERVE_EDGES,
                                 T_OBJECTIVES, T_SETUP,   T_RULES,    T_VISIBILITY, T_END,
                                 T_VICTORY,    T_ARRIVE,  T_TUTORIAL};
  for (int i = 0; i < ARRAY_LEN(optional); i++)
    if (yw_is_null(t[optional[i]])) t[optional[i]] = NULL;

  if (!t[T_NAME])
    yw_missing(&L->w, root, "name", "the mission", "name: the mission's name");
  else if (yw_text(&L->w, t[T_NAME], "name", m->name, sizeof m->name) && !m->name[0])
    yw_err(&L->w, t[T_NAME], "'name' is empty (expected the mission's name)");
  if (t[T_SOURCE]) yw_text(&L->w, t[T_SOURCE], "source", m->source, sizeof m->source);
  if (t[T_SUMMARY]) yw_text(&L->w, t[T_SUMMARY], "summary", m->summary, sizeof m->summary);
  load_briefing(L, t[T_BRIEFING]);

  ld_table(L, root, t[T_TABLE]);
  ld_terrain(L, root, t[T_TERRAIN]);
  ld_param_defaults(L);
  if (t[T_RULES]) ld_rules(L, t[T_RULES]);
  int before = L->w.diags->count;
  if (t[T_ENTRIES]) ld_entries(L, t[T_ENTRIES]);
  /* Only when the entries read well: a bad entry would also leave its rolls uncovered. */
  if (L->w.diags->count == before) ld_check_lost_in_the_fog(L, root, t[T_RULES], t[T_ENTRIES]);
  ld_deployment(L, root, t[T_DEPLOYMENT]);
  ld_reserve_edges(L, t[T_RESERVE_EDGES]);
  ld_default_setup(m);
  if (t[T_OBJECTIVES]) ld_objectives(L, t[T_OBJECTIVES]);
  if (t[T_SETUP]) ld_setup(L, t[T_SETUP]);
  if (t[T_ARRIVE]) ld_arrive(L, t[T_ARRIVE]);
  if (t[T_RULES]) ld_check_escalation(L, t[T_RULES]);
  if (t[T_RULES] && yw_is_map(t[T_RULES])) ld_check_pairs(L, t[T_RULES]);
  bool limit_ok =
      t[T_TURN_LIMIT] && yw_int(&L->w, t[T_TURN_LIMIT], "turn_limit", 0, 100, &m->turn_limit);
  ld_default_victory(&m->victory);
  if (t[T_VICTORY]) ld_victory(L, t[T_VICTORY]);
  if (t[T_VISIBILITY]) ld_visibility(L, t[T_VISIBILITY]);
  if (t[T_END])
    ld_end(L, t[T_END], limit_ok ? t[T_TURN_LIMIT] : NULL);
  else
    ld_default_end(L);
  if (t[T_RULES] && yw_is_map(t[T_RULES])) ld_check_game_length(L, t[T_RULES]);
  ld_forces(L, root, t[T_FORCES]);
  if (t[T_TUTORIAL]) ld_tutorial(L, t[T_TUTORIAL]);
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
  murk_free(m->text);
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
  m->tutorial.side = MURK_NO_SIDE;
  m->hash = fnv1a64(data, len);
  m->path = murk_strdup(name ? name : "<input>");
  m->text = murk_malloc(len + 1);
  if (m->text) {
    if (len) memcpy(m->text, data, len);
    m->text[len] = '\0';
    m->text_len = len;
  }
  for (int s = 0; s < MURK_SIDES; s++) m->sides[s].briefing = murk_strdup("");
  int rc = MURK_OK;
  if (!m->path || !m->text || !m->sides[0].briefing || !m->sides[1].briefing) {
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

/* ---- a summary ---- */

int murk_mission_summary(const struct murk_mission* m, char* buf, size_t n) {
  char tw[32], th[32], sc[32];
  ld_fmt_len(m->table_w, tw, sizeof tw);
  ld_fmt_len(m->table_h, th, sizeof th);
  ld_fmt_len(m->scale, sc, sizeof sc);
  int rules = 0;
  for (int r = 0; r < MURK_RULE_COUNT; r++) rules += m->rule_on[r];
  return snprintf(buf, n, "%s: %s %dx%d (%s x %s at %s), %d v %d platoons, %d rule%s", m->name,
                  m->grid.kind == MURK_GRID_SQUARE ? "square" : "hex", m->grid.width,
                  m->grid.height, tw, th, sc, m->sides[MURK_ATTACKER].force.nplatoons,
                  m->sides[MURK_DEFENDER].force.nplatoons, rules, rules == 1 ? "" : "s");
}
