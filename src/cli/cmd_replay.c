/* cmd_replay.c: `murk replay SAVE [--as SIDE] [--passphrase-file SIDE:FILE]...` - a save is a
 * replay: load its mission (refused if the file changed since the save), apply its commands, print
 * the same transcript as the run that made it (a sealed save: sealio.h). */
#include <stdio.h>

#include "cli.h"
#include "jointmem.h"
#include "sealio.h"
#include "transcript.h"

static int replay(const struct murk_args* a, struct murk_passes* passes);

static int cmd_replay_exec(const struct murk_args* a) {
  struct murk_passes passes = {0};
  int rc = replay(a, &passes);
  murk_passes_wipe(&passes);
  return rc;
}

static int replay(const struct murk_args* a, struct murk_passes* passes) {
  struct murk_run_opts o = {
      .as = MURK_NO_SIDE, .replay = true, .script = a->argv[0], .passes = passes};
  if (murk_args_side(a, "as", &o.as) < 0) return MURK_EXIT_USAGE;
  if (murk_args_has(a, "verify")) {
    if (murk_args_has(a, "passphrase-file"))
      return murk_args_error(a, "--verify reads a hosted game's record: it has no passphrases");
    return cli_joint_verify(a->argv[0], o.as);
  }
  int rc = murk_passes_from_args(passes, a);
  if (rc != 0) return rc;
  return murk_transcript_run(&o);
}

const struct murk_cmd_entry murk_cmd_replay_entry = {
    .name = "replay",
    .usage =
        "SAVE [--as attacker|defender] [--passphrase-file SIDE:FILE]...\n"
        "--verify RECORD [--as attacker|defender]",
    .about = "print the transcript of a saved game",
    .help =
        "A sealed save asks for the passphrases it needs (or reads them from --passphrase-file,\n"
        "once per side): --as SIDE prints that side's own record, and after the end, with both,\n"
        "the whole game (docs/fair-play.md).\n"
        "--verify RECORD checks the record a hosted game's client received at its end (murk\n"
        "join prints where it is): the dice key is the one drawn jointly with the player, and\n"
        "every view the player's client received (kept in its state directory) is that game\n"
        "replayed. Exit 0 when it is, 1 (and why) when not.\n",
    .args = {"as: passphrase-file:... verify", 1, 1},
    .exec = cmd_replay_exec,
};
