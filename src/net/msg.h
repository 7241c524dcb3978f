/* msg.h: the protocol's messages, one table (docs/protocol.md, "Messages").
 *
 * Each message is one row: its first word, the words after it, and which way it goes. The
 * host (host.c) and the client (src/cli/cmd_join.c) write messages with net_msg_put and
 * tell them apart with net_msg_parse, both from the row; a view's lines are viewio.c's. */
#ifndef MURK_NET_MSG_H
#define MURK_NET_MSG_H

#include <stdbool.h>
#include <stddef.h>

#include "wire.h"

enum net_msg {
  /* client to host */
  NET_MSG_JOIN,   /* murk VERSION join SIDE CODE: the first line */
  NET_MSG_PASS,   /* pass PASSPHRASE */
  NET_MSG_CMD,    /* cmd LINE: a command, as typed */
  NET_MSG_UNDO,   /* undo */
  NET_MSG_LEAVE,  /* bye: the client leaves */
  NET_MSG_COMMIT, /* commit HEX: its commitment to its part of the dice key */
  NET_MSG_REVEAL, /* reveal HEX: that part, once all three commitments are in */
  /* host to client */
  NET_MSG_HELLO,    /* hello VERSION SIDE MODE DICE COST */
  NET_MSG_BADCODE,  /* badcode TRIES-LEFT: a wrong join code; the join line may come again */
  NET_MSG_PASSOK,   /* passok */
  NET_MSG_PASSBAD,  /* passbad TRIES-LEFT */
  NET_MSG_WAIT,     /* wait WHY */
  NET_MSG_OK,       /* ok: the command was taken (its view came first) */
  NET_MSG_NO,       /* no COL WHY: refused */
  NET_MSG_UNDONE,   /* undone LINE */
  NET_MSG_NOUNDO,   /* noundo WHY */
  NET_MSG_BYE,      /* bye WHY: the host closes the connection */
  NET_MSG_DRAW,     /* draw: commit to a part of the dice key */
  NET_MSG_JOINT,    /* joint reveal|kept HOST ATTACKER DEFENDER: the three commitments */
  NET_MSG_RECORD,   /* record LINE: a line of the game's record (once it is over) */
  NET_MSG_RECORDED, /* recorded N: the record's N lines came */
  NET_MSG_LEFT,     /* left WHY: the other side's player left (its connection ended) */
  NET_MSG_BACK,     /* back WHY: the other side's player, who left, joined again */
  NET_MSG_COUNT
};

struct net_msg_row {
  const char* word;
  /* The words after it, one token each: N a number (0 or more), S a string (wire.h), W a
   * bare word; a token in lower case is that word itself. */
  const char* args;
  bool to_client;
};
extern const struct net_msg_row net_msgs[NET_MSG_COUNT];

#define NET_MSG_ARGS 5
#define NET_MSG_STRING_MAX 1024 /* bytes of a string argument */

/* Append message k and its end of line: one argument a token, in order (N: long; S and
 * W: const char*; literal tokens take none). */
void net_msg_put(struct net_buf* b, enum net_msg k, ...);

/* Which message the words w[0..n) of a line are, among those going to the client (or to
 * the host): its kind, with the words of its N, S and W tokens in args (numbers and strings
 * checked as such: decode them with net_int and net_str), or -1. */
int net_msg_parse(char** w, int n, bool to_client, const char* args[NET_MSG_ARGS]);

/* The hello's COST word: the Argon2id cost of a sealed game's passphrase keys,
 * "argon2id13:ops=OPS:mem=BYTES", or "-" for an open game (net_cost_parse: false). */
void net_cost_word(unsigned long long ops, size_t mem, char* buf, size_t n);
bool net_cost_parse(const char* word, unsigned long long* ops, size_t* mem);

/* Join codes (docs/protocol.md, "Seats"): NET_CODE_LEN characters of the alphabet, which
 * has no 0/o or 1/l/i to misread. */
#define NET_CODE_LEN 10
extern const char net_code_alphabet[];
/* A code as a player may type it (any case, dashes and spaces anywhere), normalised in out
 * (NET_CODE_LEN + 1 bytes); false when it cannot be a code. */
bool net_code_normal(const char* typed, char* out);

#endif
