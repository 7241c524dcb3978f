/* cmd_replay.c: `murk replay SAVE [--as SIDE]` - a save is a replay: load its mission (refused
 * if the file changed since the save), apply its commands, print the same transcript as the
 * run that made it. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "sealio.h"
#include "transcript.h"

static int usage(void) {
  fputs("usage: murk replay SAVE [--as attacker|defender] [--passphrase-file SIDE:FILE]...\n",
        stderr);
  return MURK_EXIT_USAGE;
}

static int replay(int argc, char** argv, struct murk_passes* passes);

static int cmd_replay_exec(int argc, char** argv) {
  struct murk_passes passes = {0};
  int rc = replay(argc, argv, &passes);
  murk_passes_wipe(&passes);
  return rc;
}

static int replay(int argc, char** argv, struct murk_passes* passes) {
  struct murk_run_opts o = {.as = MURK_NO_SIDE, .replay = true, .passes = passes};
  const char* as = NULL;
  for (int i = 1; i < argc; i++) {
    const char* a = argv[i];
    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      fputs("usage: murk replay SAVE [--as attacker|defender] [--passphrase-file SIDE:FILE]...\n",
            stdout);
      return MURK_EXIT_OK;
    }
    if (strcmp(a, "--as") == 0 || strncmp(a, "--as=", 5) == 0) {
      if (as) return murk_cli_usage("--as is given twice"), usage();
      if (a[4] == '=')
        as = a + 5;
      else if (i + 1 < argc)
        as = argv[++i];
      else
        return murk_cli_usage("--as needs a value"), usage();
    } else if (strcmp(a, "--passphrase-file") == 0 || strncmp(a, "--passphrase-file=", 18) == 0) {
      const char* v = a[17] == '=' ? a + 18 : i + 1 < argc ? argv[++i] : NULL;
      if (!v) return murk_cli_usage("--passphrase-file needs SIDE:FILE"), usage();
      int rc = murk_passes_option(passes, v);
      if (rc == MURK_EXIT_USAGE) return usage();
      if (rc != 0) return rc;
    } else if (a[0] == '-' && a[1] != '\0') {
      return murk_cli_usage("unknown option '%s'", a), usage();
    } else if (o.script) {
      return murk_cli_usage("unexpected argument '%s'", a), usage();
    } else {
      o.script = a;
    }
  }
  if (!o.script) return murk_cli_usage("replay needs a save file"), usage();
  if (as) {
    o.as = murk_side_parse(as);
    if (o.as == MURK_NO_SIDE)
      return murk_cli_usage("--as expects attacker or defender, got '%s'", as), usage();
  }
  return murk_transcript_run(&o);
}

const struct murk_cmd_entry murk_cmd_replay_entry = {
    .name = "replay",
    .usage = "SAVE [--as SIDE] [--passphrase-file SIDE:FILE]...",
    .about = "print the transcript of a saved game",
    .exec = cmd_replay_exec,
};
