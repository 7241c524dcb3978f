/* cmd_run.c: `murk run` - apply a script headless and print the transcript
 * (docs/commands.md).
 *
 *   murk run MISSION --seed N --script FILE [--with RULE]... [--as SIDE] [--save FILE] [--autosave
 * FILE] murk run SCRIPT [--seed N] [--as SIDE] [--save FILE] [--autosave FILE] (either with
 * [--passphrase-file SIDE:FILE]...: sealed saves, sealio.h) (MISSION: an id or a file, missions.h;
 * the second form takes the mission and seed from the script's header; --autosave keeps the save up
 * to date after every applied command)
 */
#include <stdint.h>
#include <stdio.h>

#include "cli.h"
#include "missions.h"
#include "sealio.h"
#include "transcript.h"

static int run(const struct murk_args* a, struct murk_passes* passes);

static int cmd_run_exec(const struct murk_args* a) {
  struct murk_passes passes = {0};
  int rc = run(a, &passes);
  murk_passes_wipe(&passes);
  return rc;
}

static int run(const struct murk_args* a, struct murk_passes* passes) {
  struct murk_run_opts o = {.as = MURK_NO_SIDE, .passes = passes};
  o.script = murk_args_get(a, "script");
  o.save = murk_args_get(a, "save");
  o.autosave = murk_args_get(a, "autosave");
  if (o.script) {
    /* murk run [MISSION] --script FILE */
    if (a->argc > 1) return murk_args_error(a, "unexpected argument '%s'", a->argv[1]);
    o.mission = a->argc ? a->argv[0] : NULL;
  } else {
    /* murk run SCRIPT */
    if (a->argc == 0) return murk_args_error(a, "run needs a script");
    if (a->argc > 1)
      return murk_args_error(a, "two files given: name the script with --script FILE");
    o.script = a->argv[0];
  }
  int rc = murk_args_number(a, "seed", 0, UINT64_MAX, &o.seed);
  if (rc < 0) return MURK_EXIT_USAGE;
  o.has_seed = rc > 0;
  if (murk_args_side(a, "as", &o.as) < 0) return MURK_EXIT_USAGE;
  rc = murk_passes_from_args(passes, a);
  if (rc != 0) return rc;
  char with[512];
  rc = murk_cli_with_list(a, with, sizeof with);
  if (rc != 0) return rc;
  o.with = with[0] ? with : NULL;
  return murk_transcript_run(&o);
}

const struct murk_cmd_entry murk_cmd_run_entry = {
    .name = "run",
    .usage =
        "MISSION --seed N --script FILE [--with RULE]... [--as attacker|defender] [--save FILE] "
        "[--autosave FILE] [--passphrase-file SIDE:FILE]...\n"
        "SCRIPT [--seed N] [--with RULE]... [--as attacker|defender] [--save FILE] [--autosave "
        "FILE] "
        "[--passphrase-file SIDE:FILE]...",
    .about = "apply a script headless, print the transcript",
    .help =
        "MISSION is a bundled mission's id (murk list) or a mission file. The second form takes\n"
        "the mission and seed from the script's header. --autosave keeps the save up to date\n"
        "after every applied command (a journal). With --passphrase-file (once per side) a save\n"
        "is sealed under those passphrases, and a sealed save opens with them\n"
        "(docs/fair-play.md). --with RULE adds a special rule to the mission (after the\n"
        "script's own '# with:'), as murk play --with does.\n",
    .args = {"seed: script: as: save: autosave: passphrase-file:... with:...", 0, 2},
    .exec = cmd_run_exec,
};
