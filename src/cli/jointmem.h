/* jointmem.h: what `murk join` keeps of a game whose dice were drawn jointly, in its own
 * state directory (docs/fair-play.md, "A record both sides can verify"): its part of the
 * dice key, the three commitments as the host showed them, the hash of every view it
 * received (a chain), and the game's record once it is over. The file's lines are
 * net_memory_parse's (joint.h); `murk replay --verify` reads them back. */
#ifndef MURK_CLI_JOINTMEM_H
#define MURK_CLI_JOINTMEM_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "joint.h"
#include "murk/side.h"
#include "wire.h"

struct cli_jointmem {
  enum murk_side side;
  char path[PATH_MAX]; /* the memory file, "" while none (or it cannot be kept) */
  unsigned char mine[NET_JOINT_BYTES];
  unsigned char commit[NET_JOINT_BYTES];
  bool has_mine;
  unsigned char chain[NET_JOINT_BYTES];
  long views;
  /* The side's commands the host took, less those taken back, as this memory counts them;
   * the step asked last whose answer has not come (0 none, 1 a command, 2 an undo), and
   * whether it was asked by an earlier join (the host's first view says if it was taken). */
  long own;
  int ask;
  bool ask_earlier;
  char ask_line[1101];
  struct net_buf record; /* the record's lines as they come */
  long record_lines;
  char record_path[PATH_MAX]; /* where the record was written, "" before */
  char why[PATH_MAX + 200];   /* what went wrong, "" when nothing did */
};

/* The memory file of the game whose commitment of side is commit, in the state directory
 * (joint/, 0700; the file 0600). false when there is no state directory. */
bool cli_jointmem_path(enum murk_side side, const unsigned char commit[NET_JOINT_BYTES], char* out,
                       size_t n);

/* A new part of the dice key (libsodium's randombytes) and its commitment as hex; the
 * part is kept in the memory file first (a client that drops can reveal it at its next
 * join). 0, or -1 with why. */
int cli_jointmem_draw(struct cli_jointmem* j, enum murk_side side,
                      char hex_commit[2 * NET_JOINT_BYTES + 1]);
/* The three commitments came (hex words: host, attacker, defender): the side's must be one
 * this client made; its part is found (this process's, or the memory file of an earlier
 * join), the commitments are kept, and the part's hex is in hex_part. 0; 1 with why when
 * neither this process nor the state directory has that part (another account, a lost
 * file); -1 with why when the host shows other commitments than the kept ones. */
int cli_jointmem_commits(struct cli_jointmem* j, enum murk_side side, const char* const hex[3],
                         char hex_part[2 * NET_JOINT_BYTES + 1]);
/* A view received (its lines, each with its newline; own_commands, its count of the side's
 * commands): its hash and the chain after it are appended to the memory file. A view
 * whose count is one more (an undo: one less) than the memory's shows the step asked
 * taken: the host sends it before its answer, which a lost connection may never bring. */
void cli_jointmem_view(struct cli_jointmem* j, const char* bytes, size_t len, size_t own_commands);
/* A command of its own about to be sent (NULL: an undo), kept before it goes; then its
 * answer: taken (`ok`, `undone`) or not (`no`, `noundo`). So the record's steps of this
 * side are checked against them, a step whose answer was lost included. */
void cli_jointmem_ask(struct cli_jointmem* j, const char* line);
void cli_jointmem_answer(struct cli_jointmem* j, bool taken);
/* A line of the record; then the end of it (n lines): the record is written beside the
 * memory file (.record, 0600). 0, or -1 with why. */
void cli_jointmem_record_line(struct cli_jointmem* j, const char* line);
int cli_jointmem_record_end(struct cli_jointmem* j, long n);
void cli_jointmem_free(struct cli_jointmem* j);

/* `murk replay --verify FILE [--as SIDE]` (cmd_replay_verify.c): the record FILE checked
 * against what this account's client kept of its game (net_record_check). An exit code: 0
 * when it verifies, 1 (said why) when not. */
int cli_joint_verify(const char* file, enum murk_side as);

#endif
