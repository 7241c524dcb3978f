/* cmd_replay.c: `murk replay SAVE [--as SIDE]` - a save is a replay: load its mission (refused
 * if the file changed since the save), apply its commands, print the same transcript as the
 * run that made it. */
#include <stdio.h>

#include "cli.h"
#include "transcript.h"

static int cmd_replay_exec(const struct murk_args* a) {
  struct murk_run_opts o = {.as = MURK_NO_SIDE, .replay = true, .script = a->argv[0]};
  if (murk_args_side(a, "as", &o.as) < 0) return MURK_EXIT_USAGE;
  return murk_transcript_run(&o);
}

const struct murk_cmd_entry murk_cmd_replay_entry = {
    .name = "replay",
    .usage = "SAVE [--as attacker|defender]",
    .about = "print the transcript of a saved game",
    .args = {"as:", 1, 1},
    .exec = cmd_replay_exec,
};
