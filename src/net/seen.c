/* seen.c: what a client was shown of a hosted game (seen.h). */
#include "seen.h"

#include <stdio.h>
#include <string.h>

#include "sodium.h"

void net_seen_start(struct net_seen* s) {
  static const char label[] = "murk record seen";
  memset(s, 0, sizeof *s);
  crypto_generichash(s->head, sizeof s->head, (const unsigned char*)label, sizeof label, NULL, 0);
}

/* One link: the event as the side's record writes it, and its facts for front-ends (its
 * position, its dice), keyed with the link before. */
static void chain_link(unsigned char h[NET_SEEN_HEAD], const struct murk_event* e) {
  char line[MURK_EVENT_TEXT + 400];
  int n = murk_event_format(e, line, sizeof line);
  if (n < 0) n = 0;
  if ((size_t)n >= sizeof line) n = (int)sizeof line - 1;
  size_t len = (size_t)n;
  int m = snprintf(line + len, sizeof line - len, "|%d|%d|%d|%d,%d|%d,%d|%d|%d|%d|%d|%d",
                   (int)e->kind, (int)e->side, e->marker, e->from.x, e->from.y, e->to.x, e->to.y,
                   (int)e->has_pos, (int)e->has_roll, e->roll.ndice, e->roll.need, e->roll.total);
  if (m > 0) len += (size_t)m;
  for (int i = 0; e->has_roll && i < e->roll.ndice && i < MURK_DICE_MAX; i++) {
    m = len < sizeof line ? snprintf(line + len, sizeof line - len, ",%d", e->roll.dice[i]) : 0;
    if (m > 0) len += (size_t)m;
  }
  if (len >= sizeof line) len = sizeof line - 1;
  unsigned char prev[NET_SEEN_HEAD];
  memcpy(prev, h, sizeof prev);
  crypto_generichash(h, NET_SEEN_HEAD, (const unsigned char*)line, len, prev, sizeof prev);
}

size_t net_seen_final(const struct murk_view* v) {
  size_t k = v->nevents;
  if (v->phase == MURK_PHASE_OVER || (v->to_act != MURK_ATTACKER && v->to_act != MURK_DEFENDER))
    return k;
  /* An undo takes back only the acting side's last commands of the step after its last
   * roll; their events were told while it acted. Those (and any older events of its that
   * follow the last roll) wait until its turn has passed. */
  while (k > 0 && v->events[k - 1].active == v->to_act && !v->events[k - 1].has_roll) k--;
  return k;
}

static void fingerprint(const unsigned char h[NET_SEEN_HEAD], char out[NET_SEEN_FINGERPRINT]) {
  char hex[2 * NET_SEEN_HEAD + 1];
  sodium_bin2hex(hex, sizeof hex, h, NET_SEEN_HEAD);
  snprintf(out, NET_SEEN_FINGERPRINT, "%.4s-%.4s-%.4s", hex, hex + 4, hex + 8);
}

void net_seen_fingerprint(const struct net_seen* s, char out[NET_SEEN_FINGERPRINT]) {
  fingerprint(s->head, out);
}

bool net_seen_check(struct net_seen* s, const struct murk_view* v, size_t own_commands,
                    bool undoing, char* why, size_t n) {
  struct net_seen t;
  net_seen_start(&t);
  size_t k = net_seen_final(v);
  size_t upto = (size_t)s->events > k ? (size_t)s->events : k;
  if (upto > v->nevents) upto = v->nevents;
  unsigned char prefix[NET_SEEN_HEAD];
  memcpy(prefix, t.head, sizeof prefix);
  for (size_t i = 0; i < upto; i++) {
    chain_link(t.head, &v->events[i]);
    if ((long)i + 1 == s->events) memcpy(prefix, t.head, sizeof prefix);
  }
  t.events = (long)upto;
  t.own = (long)own_commands;
  bool events_behind =
      (size_t)s->events > v->nevents || sodium_memcmp(prefix, s->head, sizeof prefix) != 0;
  bool own_behind = (long)own_commands + (undoing || s->undo_asked ? 1 : 0) < s->own;
  if (events_behind || own_behind) {
    char was[NET_SEEN_FINGERPRINT], now[NET_SEEN_FINGERPRINT];
    fingerprint(s->head, was);
    fingerprint(t.head, now);
    if (events_behind)
      snprintf(why, n,
               "the host came back behind what you saw: you had seen %ld events of this game "
               "(history %s), it now shows %zu that are not those (history %s). Its save may "
               "have been put back to an older copy; murk will not go on with it. If this is "
               "a new game on the same socket, join with --new-game",
               s->events, was, v->nevents, now);
    else
      snprintf(why, n,
               "the host came back behind what you saw: it had taken %ld of your commands "
               "(history %s), it now shows %zu. Its save may have been put back to an older "
               "copy; murk will not go on with it. If this is a new game on the same socket, "
               "join with --new-game",
               s->own, was, own_commands);
    return false;
  }
  *s = t;
  return true;
}

int net_seen_text(const struct net_seen* s, char* buf, size_t n) {
  char hex[2 * NET_SEEN_HEAD + 1];
  sodium_bin2hex(hex, sizeof hex, s->head, sizeof s->head);
  int len = snprintf(buf, n, "murk-seen: 2\nevents: %ld\nhead: %s\nown: %ld\n%s", s->events, hex,
                     s->own, s->undo_asked ? "undo: asked\n" : "");
  return len < 0 || (size_t)len >= n ? -1 : len;
}

bool net_seen_parse(struct net_seen* s, const char* text) {
  long events = -1, own = -1;
  char hex[2 * NET_SEEN_HEAD + 1] = "";
  struct net_seen t;
  net_seen_start(&t);
  if (sscanf(text, "murk-seen: 2\nevents: %ld\nhead: %64s\nown: %ld", &events, hex, &own) == 3 &&
      events >= 0 && own >= 0 && strlen(hex) == 2 * NET_SEEN_HEAD &&
      sodium_hex2bin(t.head, sizeof t.head, hex, strlen(hex), NULL, NULL, NULL) == 0) {
    t.events = events;
    t.own = own;
    t.undo_asked = strstr(text, "\nundo: asked\n") != NULL;
    *s = t;
    return true;
  }
  net_seen_start(s);
  return false;
}
