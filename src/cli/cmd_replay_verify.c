/* cmd_replay_verify.c: `murk replay --verify RECORD [--as SIDE]` - is the record a hosted
 * game's client received at its end the game that client was shown (jointmem.h, joint.h;
 * docs/fair-play.md, "A record both sides can verify")? */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "fileio.h"
#include "games.h"
#include "jointmem.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/game.h"
#include "murk/mission.h"

/* What the client of side kept of the record's game, from its state directory: 0 (found),
 * 1 (none for that side), -1 (found but unreadable: said). */
static int memory_of(const char* file, const struct net_record* r, enum murk_side side,
                     struct net_memory* mem) {
  unsigned char commit[NET_JOINT_BYTES];
  net_joint_commit(r->contrib[net_party_of(side)], commit);
  char path[PATH_MAX], err[PATH_MAX + 128], *text = NULL;
  size_t len = 0;
  if (!cli_jointmem_path(side, commit, path, sizeof path) ||
      murk_file_read(path, &text, &len, err, sizeof err) != 0)
    return 1;
  int rc = net_memory_parse(text, len, mem, err, sizeof err);
  murk_free(text);
  if (rc != 0) {
    murk_cli_error("%s: what this client kept of the game (%s) cannot be read: %s", file, path,
                   err);
    return -1;
  }
  return 0;
}

int cli_joint_verify(const char* file, enum murk_side as) {
  char err[512], *text = NULL;
  size_t len = 0;
  if (murk_file_read(file, &text, &len, err, sizeof err) != 0) {
    murk_cli_error("%s", err);
    return MURK_EXIT_INVALID;
  }
  struct net_record r;
  if (net_record_parse(text, len, &r, err, sizeof err) != 0) {
    murk_cli_error("%s: %s", file, err);
    net_record_free(&r);
    murk_free(text);
    return MURK_EXIT_INVALID;
  }
  int rc = MURK_EXIT_INVALID;
  struct net_memory mem = {0};
  int found = 1;
  for (int s = 0; s < 2 && found == 1; s++)
    if (as == MURK_NO_SIDE || as == (enum murk_side)s)
      found = memory_of(file, &r, (enum murk_side)s, &mem);
  struct murk_mission* m = NULL;
  struct murk_game* g = NULL;
  if (found == 1) {
    murk_cli_error(
        "%s: does not verify: this account's state directory keeps no part of the dice key "
        "%sthat the record names: verify it as the player who joined, on the account they "
        "joined from",
        file,
        as == MURK_NO_SIDE    ? ""
        : as == MURK_ATTACKER ? "of the attacker "
                              : "of the defender ");
  } else if (found == 0 &&
             murk_game_from_save(file, r.save, r.save_len, false, &m, &g) == MURK_OK) {
    char why[600];
    if (net_record_check(m, g, &r, &mem, why, sizeof why) != 0) {
      murk_cli_error("%s: does not verify: %s", file, why);
    } else {
      printf(
          "%s: verified: the dice key is the one drawn jointly (its three parts match the "
          "commitments shown before the %s revealed its own), every one of the %zu steps is "
          "taken when replayed, and the %zu views the %s's client received are that game's "
          "(every roll they show included)\n",
          file, murk_side_name(mem.side), r.nsteps, mem.nviews, murk_side_name(mem.side));
      rc = 0;
    }
  } else if (found == 0) {
    murk_cli_error("%s: does not verify: its save cannot be replayed", file);
  }
  murk_game_free(g);
  murk_mission_free(m);
  net_memory_free(&mem);
  net_record_free(&r);
  murk_free(text);
  return rc;
}
