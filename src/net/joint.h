/* joint.h: a hosted game's dice drawn jointly, and the record both sides can verify
 * (docs/protocol.md, "The dice, drawn jointly"; docs/fair-play.md, "A record both sides can
 * verify").
 *
 * Three parties give 32 random bytes each: the host and the two clients. Each first commits
 * to its bytes (their BLAKE2b hash); once the three commitments are in, and each client has
 * seen all three, the clients reveal theirs to the host, which checks them against their
 * commitments. The dice key is BLAKE2b over a label and the three, so no party chose it:
 * the last to reveal had committed before it saw the others. The contributions stay with
 * the host until the game is over (together they are the dice key); then every client
 * receives the record: the contributions and every step of the game (commands and undos,
 * in order), and the save. A client keeps, in its own state directory, its contribution,
 * the commitments and a hash of every view it received; net_record_check replays the
 * record and says whether it is the game that client was shown. */
#ifndef MURK_NET_JOINT_H
#define MURK_NET_JOINT_H

#include <stdbool.h>
#include <stddef.h>

#include "murk/dice.h"
#include "murk/game.h"
#include "murk/side.h"

#define NET_JOINT_BYTES 32
/* The parties, in the order the commitments and contributions go on the wire. */
enum net_party { NET_PARTY_HOST = 0, NET_PARTY_ATTACKER = 1, NET_PARTY_DEFENDER = 2 };
#define NET_PARTIES 3
/* The party a side's client is. */
static inline enum net_party net_party_of(enum murk_side side) {
  return side == MURK_DEFENDER ? NET_PARTY_DEFENDER : NET_PARTY_ATTACKER;
}

/* The commitment to a contribution: its BLAKE2b hash, 32 bytes. */
void net_joint_commit(const unsigned char contrib[NET_JOINT_BYTES],
                      unsigned char out[NET_JOINT_BYTES]);
/* The dice key of the three contributions (host, attacker, defender). */
void net_joint_key(const unsigned char contrib[NET_PARTIES][NET_JOINT_BYTES],
                   unsigned char key[MURK_DICE_KEY_BYTES]);
/* 32 bytes as 64 lowercase hex digits, and back (false unless exactly that). */
void net_hex32(const unsigned char in[NET_JOINT_BYTES], char out[2 * NET_JOINT_BYTES + 1]);
bool net_unhex32(const char* hex, size_t len, unsigned char out[NET_JOINT_BYTES]);

/* The hash of a view as it came on the wire (its lines, `view begin` to `view end`, each
 * with its newline), and the chain over them: C_0 = BLAKE2b("murk views received"), C_i =
 * BLAKE2b keyed with C_{i-1} over the view's hash. */
void net_joint_view_hash(const char* bytes, size_t len, unsigned char out[NET_JOINT_BYTES]);
void net_joint_chain_start(unsigned char c[NET_JOINT_BYTES]);
void net_joint_chain_link(unsigned char c[NET_JOINT_BYTES],
                          const unsigned char view[NET_JOINT_BYTES]);

/* A step of the game as the host took it: a command of a side, or an undo (side
 * MURK_NO_SIDE, line NULL). */
struct net_step {
  enum murk_side side;
  char* line;
};

/* The record's text (docs/protocol.md, "The record"): "murk-record: 1", the three
 * contributions, one "step:" line a step, then "save:" and the game's save
 * (murk_save_game). *out is the caller's (murk_free). MURK_OK or an error code. */
int net_record_text(const struct murk_game* g,
                    const unsigned char contrib[NET_PARTIES][NET_JOINT_BYTES],
                    const struct net_step* steps, size_t nsteps, char** out, size_t* len);

/* A record read back. The strings point into the text given to net_record_parse, which
 * must outlive it (its lines are cut in place). */
struct net_record {
  unsigned char contrib[NET_PARTIES][NET_JOINT_BYTES];
  struct net_step* steps;
  size_t nsteps;
  const char* save; /* the save's text, to its end */
  size_t save_len;
};
/* Parse text (changed in place). 0, or -1 with why (and its line) in err. */
int net_record_parse(char* text, size_t len, struct net_record* r, char* err, size_t n);
void net_record_free(struct net_record* r);

/* What a client kept of a game (its state directory, docs/fair-play.md): the side it
 * played, its contribution, the three commitments as the host showed them before it
 * revealed, the hash of each view it received with the chain after it, and each command
 * of its own the host took (canonical: murk_command_format) and each undo of one. */
struct net_memory {
  enum murk_side side;
  unsigned char mine[NET_JOINT_BYTES];
  bool has_commits;
  unsigned char commits[NET_PARTIES][NET_JOINT_BYTES];
  unsigned char (*views)[NET_JOINT_BYTES];
  size_t nviews;
  unsigned char head[NET_JOINT_BYTES]; /* the chain's last link as the file wrote it */
  struct net_step* own;                /* its commands and undos, in order (line NULL: an undo) */
  size_t nown;
  /* A command or an undo sent last whose answer never came (the connection was lost): the
   * host may have taken it or not. ask is the command, NULL for an undo. */
  bool has_ask;
  char* ask;
};
/* The memory file's lines (docs/fair-play.md): "murk-joint: 1", "side: SIDE",
 * "contribution: HEX", "commits: HEX HEX HEX", then "view: HASH CHAIN" per view,
 * "command: LINE" per command of its own taken, "undo:" per undo of one, "asked: LINE" or
 * "asked undo:" before each is sent, "not taken:" when the host did not take it. An
 * asked step with no answer after it (the connection lost) is has_ask. */
/* A command line as the memory and the check compare it: canonical (murk_command_format)
 * into out, or "" when it does not parse. */
void net_command_canonical(const char* line, char* out, size_t n);
int net_memory_parse(const char* text, size_t len, struct net_memory* mem, char* err, size_t n);
void net_memory_free(struct net_memory* mem);

/* Check a record against what the client kept: the contributions match the commitments
 * the client saw before it revealed (its own among them), the save's dice key is the one
 * they make, the steps replayed from the start of the game (mission m, that key, the
 * save's last turn) are taken and end in the save's commands (final: the save replayed),
 * every view the client received is, in order, the side's view of a state the steps pass
 * through (its rolls included), and the side's own commands that stand are the ones its
 * client gave (and the one it asked last, when no answer came). The side's commands its
 * client took back are its own to replay: a host resumed from its save no longer knows
 * them (a save keeps the commands that stand), so the record may leave out those made
 * before the host stopped, never show others. 0, or -1 with the first difference in why. */
int net_record_check(const struct murk_mission* m, const struct murk_game* final,
                     const struct net_record* r, const struct net_memory* mem, char* why, size_t n);

#endif
