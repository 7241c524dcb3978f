/* args.c: the one parser of command-line arguments (args.h). */
#include "args.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

void murk_args_print_usage(const struct murk_cmd_entry* e, FILE* f) {
  /* One line per form: "usage: murk run A", "       murk run B". */
  const char* u = e->usage;
  const char* lead = "usage:";
  do {
    const char* nl = strchr(u, '\n');
    int len = nl ? (int)(nl - u) : (int)strlen(u);
    fprintf(f, "%s murk %s%s%.*s\n", lead, e->name, len ? " " : "", len, u);
    lead = "      ";
    u = nl ? nl + 1 : NULL;
  } while (u);
}

void murk_args_print_help(const struct murk_cmd_entry* e, FILE* f) {
  murk_args_print_usage(e, f);
  fprintf(f, "%s\n", e->about);
  if (e->help) fprintf(f, "%s", e->help);
}

int murk_args_error(const struct murk_args* a, const char* fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  murk_cli_usage("%s", msg);
  murk_args_print_usage(a->entry, stderr);
  return MURK_EXIT_USAGE;
}

/* Split the template into names. False if it does not fit (a bug in a command's entry). */
static bool read_template(const char* t, struct murk_args* a) {
  a->noptions = 0;
  while (t && *t) {
    while (*t == ' ') t++;
    if (!*t) break;
    size_t n = strcspn(t, " ");
    bool value = t[n - 1] == ':';
    size_t len = value ? n - 1 : n;
    if (a->noptions == MURK_ARGS_MAX_OPTIONS || len == 0 || len >= sizeof a->names[0]) return false;
    memcpy(a->names[a->noptions], t, len);
    a->names[a->noptions][len] = '\0';
    a->takes_value[a->noptions] = value;
    a->values[a->noptions] = NULL;
    a->noptions++;
    t += n;
  }
  return true;
}

static int find(const struct murk_args* a, const char* name, size_t len) {
  for (int i = 0; i < a->noptions; i++)
    if (strlen(a->names[i]) == len && strncmp(a->names[i], name, len) == 0) return i;
  return -1;
}

int murk_args_parse(const struct murk_cmd_entry* e, int argc, char** argv, struct murk_args* a,
                    int* exit_code) {
  memset(a, 0, sizeof *a);
  a->entry = e;
  *exit_code = MURK_EXIT_USAGE;
  if (!read_template(e->args.options, a)) {
    murk_cli_usage("internal error: the options of '%s' do not fit", e->name);
    return -1;
  }
  /* The arguments that are not options are gathered at the front of argv + 1, in order,
   * so a->argv can point into argv (the program's own array, ours to reorder). */
  int n = 0;
  bool options = true;
  for (int i = 1; i < argc; i++) {
    char* arg = argv[i];
    if (options && strcmp(arg, "--") == 0) {
      options = false;
      continue;
    }
    if (options && (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0)) {
      murk_args_print_help(e, stdout);
      *exit_code = MURK_EXIT_OK;
      return -1;
    }
    if (!options || arg[0] != '-' || arg[1] == '\0') {
      argv[1 + n++] = arg;
      continue;
    }
    const char* name = arg[1] == '-' ? arg + 2 : arg + 1;
    const char* eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    int k = arg[1] == '-' ? find(a, name, len) : -1;
    if (k < 0) return murk_args_error(a, "unknown option '%s'", arg), -1;
    if (a->values[k]) return murk_args_error(a, "--%s is given twice", a->names[k]), -1;
    if (!a->takes_value[k]) {
      if (eq) return murk_args_error(a, "--%s takes no value", a->names[k]), -1;
      a->values[k] = "";
    } else if (eq) {
      a->values[k] = eq + 1;
    } else if (i + 1 < argc) {
      a->values[k] = argv[++i]; /* whatever it is: --seed -1 is a bad seed, not an option */
    } else {
      return murk_args_error(a, "--%s needs a value", a->names[k]), -1;
    }
  }
  a->argc = n;
  a->argv = argv + 1;
  if (n < e->args.lower) {
    /* "replay needs SAVE": the first word of the usage names what is missing. */
    int len = (int)strcspn(e->usage, " \n");
    return murk_args_error(a, "%s needs %.*s", e->name, len, e->usage), -1;
  }
  if (e->args.upper >= 0 && n > e->args.upper)
    return murk_args_error(a, "unexpected argument '%s'", a->argv[e->args.upper]), -1;
  /* argv[argc] stays NULL as C promises, so argv + 1 + n may be overwritten: */
  if (1 + n < argc) argv[1 + n] = NULL;
  *exit_code = MURK_EXIT_OK;
  return 0;
}

const char* murk_args_get(const struct murk_args* a, const char* name) {
  int k = find(a, name, strlen(name));
  return k < 0 ? NULL : a->values[k];
}

bool murk_args_has(const struct murk_args* a, const char* name) {
  return murk_args_get(a, name) != NULL;
}

int murk_args_number(const struct murk_args* a, const char* name, uint64_t lo, uint64_t hi,
                     uint64_t* out) {
  const char* s = murk_args_get(a, name);
  if (!s) return 0;
  uint64_t v = 0;
  bool ok = *s != '\0';
  for (const char* p = s; ok && *p; p++) {
    unsigned d = (unsigned)(*p - '0');
    if (*p < '0' || *p > '9' || v > (UINT64_MAX - d) / 10)
      ok = false;
    else
      v = v * 10 + d;
  }
  if (!ok || v < lo || v > hi) {
    murk_args_error(a, "--%s expects a whole number from %ju to %ju, got '%s'", name, (uintmax_t)lo,
                    (uintmax_t)hi, s);
    return -1;
  }
  *out = v;
  return 1;
}

int murk_args_side(const struct murk_args* a, const char* name, enum murk_side* out) {
  const char* s = murk_args_get(a, name);
  if (!s) return 0;
  enum murk_side side = murk_side_parse(s);
  if (side == MURK_NO_SIDE) {
    murk_args_error(a, "--%s expects attacker or defender, got '%s'", name, s);
    return -1;
  }
  *out = side;
  return 1;
}
