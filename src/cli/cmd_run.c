/* cmd_run.c: `murk run` - apply a script headless and print the transcript
 * (docs/commands.md).
 *
 *   murk run MISSION --seed N --script FILE [--as SIDE] [--save FILE] [--autosave FILE]
 *   murk run SCRIPT [--seed N] [--as SIDE] [--save FILE] [--autosave FILE]
 *   (the second takes the mission and seed from the script's header; --autosave rewrites
 *   the save after every applied command)
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "sealio.h"
#include "transcript.h"

#define RUN_USAGE                                                               \
  "MISSION --seed N --script FILE [--as SIDE] [--save FILE] [--autosave FILE] " \
  "[--passphrase-file SIDE:FILE]... | SCRIPT"

static int usage(void) {
  fputs(
      "usage: murk run MISSION --seed N --script FILE [--as attacker|defender] [--save FILE] "
      "[--autosave FILE] [--passphrase-file SIDE:FILE]...\n"
      "       murk run SCRIPT [--seed N] [--as attacker|defender] [--save FILE] [--autosave "
      "FILE]\n",
      stderr);
  return MURK_EXIT_USAGE;
}

/* "--name VALUE" or "--name=VALUE": the value, advancing *i; NULL if this is not --name. */
static const char* option(int argc, char** argv, int* i, const char* name, bool* missing) {
  size_t n = strlen(name);
  const char* a = argv[*i];
  if (strncmp(a, name, n) != 0) return NULL;
  if (a[n] == '=') return a + n + 1;
  if (a[n] != '\0') return NULL;
  if (*i + 1 >= argc) {
    *missing = true;
    return NULL;
  }
  return argv[++*i];
}

static bool parse_seed(const char* s, uint64_t* out) {
  if (!*s) return false;
  uint64_t v = 0;
  for (; *s; s++) {
    if (!isdigit((unsigned char)*s)) return false;
    unsigned d = (unsigned)(*s - '0');
    if (v > (UINT64_MAX - d) / 10) return false;
    v = v * 10 + d;
  }
  *out = v;
  return true;
}

static int run(int argc, char** argv, struct murk_passes* passes);

static int cmd_run_exec(int argc, char** argv) {
  struct murk_passes passes = {0};
  int rc = run(argc, argv, &passes);
  murk_passes_wipe(&passes);
  return rc;
}

static int run(int argc, char** argv, struct murk_passes* passes) {
  struct murk_run_opts o = {.as = MURK_NO_SIDE, .passes = passes};
  const char* positional[2] = {NULL, NULL};
  int npositional = 0;
  const char *seed = NULL, *as = NULL;

  for (int i = 1; i < argc; i++) {
    const char* a = argv[i];
    bool missing = false;
    const char* v;
    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      fputs("usage: murk run " RUN_USAGE "\n", stdout);
      return MURK_EXIT_OK;
    }
    if ((v = option(argc, argv, &i, "--seed", &missing))) {
      if (seed) return murk_cli_usage("--seed is given twice"), usage();
      seed = v;
    } else if ((v = option(argc, argv, &i, "--script", &missing))) {
      if (o.script) return murk_cli_usage("--script is given twice"), usage();
      o.script = v;
    } else if ((v = option(argc, argv, &i, "--as", &missing))) {
      if (as) return murk_cli_usage("--as is given twice"), usage();
      as = v;
    } else if ((v = option(argc, argv, &i, "--save", &missing))) {
      if (o.save) return murk_cli_usage("--save is given twice"), usage();
      o.save = v;
    } else if ((v = option(argc, argv, &i, "--autosave", &missing))) {
      if (o.autosave) return murk_cli_usage("--autosave is given twice"), usage();
      o.autosave = v;
    } else if ((v = option(argc, argv, &i, "--passphrase-file", &missing))) {
      int rc = murk_passes_option(passes, v);
      if (rc == MURK_EXIT_USAGE) return usage();
      if (rc != 0) return rc;
    } else if (missing) {
      return murk_cli_usage("%s needs a value", a), usage();
    } else if (a[0] == '-' && a[1] != '\0') {
      return murk_cli_usage("unknown option '%s'", a), usage();
    } else {
      if (npositional == 2) return murk_cli_usage("unexpected argument '%s'", a), usage();
      positional[npositional++] = a;
    }
  }

  if (o.script) {
    /* murk run [MISSION] --script FILE */
    if (npositional > 1) return murk_cli_usage("unexpected argument '%s'", positional[1]), usage();
    o.mission = positional[0];
  } else {
    /* murk run SCRIPT */
    if (npositional == 0) return murk_cli_usage("run needs a script"), usage();
    if (npositional > 1)
      return murk_cli_usage("two files given: name the script with --script FILE"), usage();
    o.script = positional[0];
  }
  if (seed) {
    if (!parse_seed(seed, &o.seed))
      return murk_cli_usage("--seed expects a whole number from 0 to %ju, got '%s'",
                            (uintmax_t)UINT64_MAX, seed),
             usage();
    o.has_seed = true;
  }
  if (as) {
    o.as = murk_side_parse(as);
    if (o.as == MURK_NO_SIDE)
      return murk_cli_usage("--as expects attacker or defender, got '%s'", as), usage();
  }
  return murk_transcript_run(&o);
}

const struct murk_cmd_entry murk_cmd_run_entry = {
    .name = "run",
    .usage = RUN_USAGE,
    .about = "apply a script headless, print the transcript",
    .exec = cmd_run_exec,
};
