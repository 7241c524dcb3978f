/* seen.h: what a client was shown of a hosted game, so that a host put back to an older
 * copy of its save is refused (docs/fair-play.md, "Remote clients: no rewind").
 *
 * The memory is the side's own record, nothing the host's whole game says: the events its
 * views showed that no undo can take back (a chain over them and their number), and how
 * many commands of its own the host has taken. The game's whole command count or its
 * history chain would count the enemy's hidden commands, which the side may not know
 * (docs/protocol.md); every fact kept here came to this side in its own views. A host that
 * comes back without one of those events, or with fewer of the side's commands than it
 * had taken (less one the side itself asked to take back), is behind what the side saw.
 * The caller keeps the memory in a file (net_seen_text, net_seen_parse). */
#ifndef MURK_NET_SEEN_H
#define MURK_NET_SEEN_H

#include <stdbool.h>
#include <stddef.h>

#include "murk/view.h"

#define NET_SEEN_HEAD 32        /* bytes of the chain's head (BLAKE2b) */
#define NET_SEEN_FINGERPRINT 15 /* "xxxx-xxxx-xxxx" and its NUL */

struct net_seen {
  long events;                       /* the side's final events seen, oldest first */
  unsigned char head[NET_SEEN_HEAD]; /* the chain over them */
  long own;                          /* the side's own commands the host had taken */
  /* An undo was asked and its answer has not come (kept across a lost connection): the
   * next view may show one own command fewer. */
  bool undo_asked;
};

/* A memory of nothing seen (a new game). */
void net_seen_start(struct net_seen* s);

/* How many of v's events no undo can take back: all of them once the game is over; else
 * all but those the side to act gave since its last roll (the commands an undo may still
 * take back: docs/rules.md, "Undo"). */
size_t net_seen_final(const struct murk_view* v);

/* Does view v (with own_commands, the side's commands the host says it took) show all that
 * s remembers, first and the same? Then s takes in what v adds and true is returned.
 * undoing (or s->undo_asked): the side asked to take back a command, so one own command
 * fewer is right; the view answers it, and s->undo_asked is cleared.
 * Otherwise false, s unchanged, and why says for people what was missed. */
bool net_seen_check(struct net_seen* s, const struct murk_view* v, size_t own_commands,
                    bool undoing, char* why, size_t n);

/* The chain's short fingerprint as the hand-over screen writes one: xxxx-xxxx-xxxx. */
void net_seen_fingerprint(const struct net_seen* s, char out[NET_SEEN_FINGERPRINT]);

/* The memory as the text of its file (at most n bytes; returns its length, or -1 when it
 * does not fit), and back (false: not such a text, s a new memory). */
int net_seen_text(const struct net_seen* s, char* buf, size_t n);
bool net_seen_parse(struct net_seen* s, const char* text);

#endif
