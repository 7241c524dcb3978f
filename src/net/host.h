/* host.h: what `murk host` does with its clients' messages (docs/protocol.md), without the
 * sockets: cmd_host.c moves bytes between the sockets and this, and the fuzz target feeds it
 * anything.
 *
 * The host holds the game, the only truth. A client joins as one side with that side's join
 * code, proves it is that side's player (its passphrase, checked by the caller's check_pass:
 * libsodium in the sealed save's code), and from then on gets only that side's views and the
 * answers to its own commands. A client whose message is not one of the protocol's, or too long, is
 * dropped (net_host_input returns -1); the game goes on. */
#ifndef MURK_NET_HOST_H
#define MURK_NET_HOST_H

#include <stdbool.h>
#include <stddef.h>

#include "joint.h"
#include "msg.h"
#include "murk/game.h"
#include "wire.h"

#define NET_HOST_CLIENTS 8      /* connections at once (joined or not) */
#define NET_PASS_MAX 1024       /* bytes of a passphrase */
#define NET_PASS_TRIES 3        /* wrong passphrases before a client is dropped */
#define NET_CODE_TRIES 3        /* wrong join codes before a client is dropped */
#define NET_CODE_MS 10000       /* default time to give the join code, from the connection */
#define NET_PASS_MS 300000      /* time to give the passphrase, once the code was right */
#define NET_OUT_MAX (64u << 20) /* bytes waiting for a client that does not read: dropped */

enum net_pass_mode {
  NET_PASS_NONE = 0,  /* an open game: a join needs no passphrase */
  NET_PASS_CHECK = 1, /* the side's passphrase is known: a join must give it */
  NET_PASS_SET = 2,   /* not set yet: the side's first join sets it */
};

struct net_host_opts {
  struct murk_game* g;
  void* ctx;
  /* Each side's join code (NET_CODE_LEN characters of net_code_alphabet): a seat is claimed
   * only with it, then the side's passphrase. NULL: any code is taken (the fuzz target). */
  const char* codes[2];
  /* Milliseconds a connection has to give its side's join code (0: NET_CODE_MS). */
  long code_ms;
  /* The passphrase mode of a side now. */
  enum net_pass_mode (*pass_mode)(void* ctx, enum murk_side side);
  /* Is pass the side's passphrase (NET_PASS_CHECK)? */
  bool (*check_pass)(void* ctx, enum murk_side side, const char* pass, size_t len);
  /* Set the side's passphrase (NET_PASS_SET). 0, or -1 with why in err. */
  int (*set_pass)(void* ctx, enum murk_side side, const char* pass, size_t len, char* err,
                  size_t n);
  /* The Argon2id cost the sealed game's passphrase keys are derived at (its sealed header's,
   * or a new game's): true with ops and mem, shown to each client in its hello (both sides
   * see what guessing a passphrase costs); false for an open game. May be NULL (false). */
  bool (*cost)(void* ctx, unsigned long long* ops, size_t* mem);
  /* May the game be played yet (both passphrases known)? */
  bool (*ready)(void* ctx);
  /* The game changed (a command, an undo): save it. A command is acknowledged only after
   * this returns, and only when stopped (below) says nothing. */
  void (*changed)(void* ctx);
  /* Why the host takes no more commands (its save cannot be written), or NULL. Once it says
   * why, every client is told so with bye and nothing more is read. May be NULL. */
  const char* (*stopped)(void* ctx);
  /* A line for the host's own log (who joined, who was dropped and why); may be NULL. */
  void (*note)(void* ctx, const char* text);
  /* Why a side that has joined waits (not ready), for its `wait` line; may be NULL (then:
   * until both players have joined once and set their passphrases). */
  void (*why_wait)(void* ctx, enum murk_side side, char* buf, size_t n);
  /* The dice drawn jointly (joint.h): the host's own part (NET_JOINT_BYTES), whose
   * commitment both clients see before they reveal theirs; NULL: the game's dice are the
   * caller's, and no record is sent. The game may be played only once the three parts are
   * in: then drawn gets the key and the three parts (host, attacker, defender), makes the
   * game with them (murk_game_set_dice_parts, for its save; net_host_set_game) and saves
   * it; 0, or -1 with why in err (every client is told so with bye). A game that has its
   * parts already (a resumed save, murk_game_dice_parts) draws nothing: its record goes at
   * its end all the same. */
  const unsigned char* joint;
  int (*drawn)(void* ctx, const unsigned char key[MURK_DICE_KEY_BYTES],
               const unsigned char parts[MURK_DICE_PARTS_BYTES], char* err, size_t n);
};

struct net_host;
/* MURK_OK or MURK_ENOMEM. o->g may be NULL while the game cannot be played (not ready: a
 * sealed save that opens only with both players' passphrases); net_host_set_game gives it
 * once it can, before ready says so. */
int net_host_new(const struct net_host_opts* o, struct net_host** out);
void net_host_free(struct net_host* h);
void net_host_set_game(struct net_host* h, struct murk_game* g);

/* The time now, in milliseconds of a monotonic clock: connections are timed from it. */
void net_host_clock(struct net_host* h, long long now_ms);
/* A new connection: its slot (0..NET_HOST_CLIENTS-1), or -1 when all are taken. When every
 * slot is taken, the connection that has waited longest without giving a right code gives
 * way (the caller closes that slot's socket first): connections that never speak cannot
 * lock a player out, and a player's seat (its code given) is never taken. */
int net_host_open(struct net_host* h);
/* Tell bye to every connection that has not proved its side in time (the code within
 * code_ms of connecting, the passphrase within NET_PASS_MS). The milliseconds until the
 * next such deadline, or -1 when none waits. */
long long net_host_expire(struct net_host* h);
/* Bytes from the client in slot c. 0, or -1: drop it (net_host_close). */
int net_host_input(struct net_host* h, int c, const char* data, size_t n);
/* What waits to be sent to slot c, and how much of it went. */
const char* net_host_output(const struct net_host* h, int c, size_t* len);
void net_host_sent(struct net_host* h, int c, size_t n);
/* Should slot c be closed once its output is sent (it was told bye)? */
bool net_host_closing(const struct net_host* h, int c);
void net_host_close(struct net_host* h, int c);
/* The side slot c plays (MURK_NO_SIDE before it joined). */
enum murk_side net_host_side(const struct net_host* h, int c);

#endif
