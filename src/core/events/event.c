/* event.c: events with audiences, dice rolls reported as events, transcript lines. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "event.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "state.h"

const char* murk_audience_name(enum murk_audience a) {
  switch (a) {
    case MURK_AUD_ALL:
      return "all";
    case MURK_AUD_ATTACKER:
      return "attacker";
    case MURK_AUD_DEFENDER:
      return "defender";
  }
  return "all";
}

/* ---- the store: a small record of facts per event, texts and rolls in one arena ----
 *
 * A long batch game makes millions of events, and nobody reads most of them: each is kept
 * as its facts (struct mk_event, state.h) and its bytes in g->ev_bytes: for a ROLL event the
 * roll packed (only the dice and modifiers it has), then the text, NUL-terminated. A view
 * copying an event rebuilds the public record (murk/event.h) from these. */

static int grow_events(struct murk_game* g) {
  size_t held = g->nevents - g->ev_base;
  if (held < g->cap_events) return MURK_OK;
  size_t cap = g->cap_events ? g->cap_events * 2 : 64;
  struct mk_event* e = murk_realloc(g->events, cap * sizeof *e);
  if (!e) return MURK_ENOMEM;
  g->events = e;
  g->cap_events = cap;
  return MURK_OK;
}

/* Room for n more bytes in the arena (offsets are 32 bits: a game past 4 GiB of text that
 * never drops its events is out of memory). */
static int room(struct murk_game* g, size_t n) {
  if (g->ev_len + n <= g->ev_cap) return MURK_OK;
  if (g->ev_len + n > UINT32_MAX) return MURK_ENOMEM;
  size_t cap = g->ev_cap ? g->ev_cap : 4096;
  while (cap < g->ev_len + n) cap *= 2;
  char* b = murk_realloc(g->ev_bytes, cap);
  if (!b) return MURK_ENOMEM;
  g->ev_bytes = b;
  g->ev_cap = cap;
  return MURK_OK;
}

/* A new record at the end, its bytes to follow. NULL (sticky g->oom) without memory. */
static struct mk_event* push(struct murk_game* g, enum murk_event_kind kind, enum murk_audience aud,
                             enum murk_side about, size_t bytes) {
  if (grow_events(g) != MURK_OK || room(g, bytes) != MURK_OK) {
    /* Sticky: apply() sees it and undoes the whole command. */
    g->oom = MURK_ENOMEM;
    return NULL;
  }
  struct mk_event* e = &g->events[g->nevents - g->ev_base];
  memset(e, 0, sizeof *e);
  e->at = (uint32_t)g->ev_len;
  e->turn = g->s.turn;
  e->active = (int8_t)g->s.to_act;
  e->kind = (uint8_t)kind;
  e->audience = (uint8_t)aud;
  e->side = (int8_t)about;
  if (aud == MURK_AUD_ATTACKER) g->s.told_alone[MURK_ATTACKER]++;
  if (aud == MURK_AUD_DEFENDER) g->s.told_alone[MURK_DEFENDER]++;
  g->nevents++;
  return e;
}

static struct mk_event* last(struct murk_game* g) {
  return g->nevents > g->ev_base ? &g->events[g->nevents - 1 - g->ev_base] : NULL;
}

/* The text of the last event, from fmt, at the end of the arena (room for it is made). */
static void put_text(struct murk_game* g, struct mk_event* e, const char* fmt, va_list ap) {
  char* at = g->ev_bytes + g->ev_len;
  size_t len = mk_vformat(at, MURK_EVENT_TEXT, fmt, ap);
  e->tlen = (uint8_t)len;
  g->ev_len += len + 1;
}

int mk_emit(struct murk_game* g, enum murk_event_kind kind, enum murk_audience aud,
            enum murk_side about, const char* fmt, ...) {
  struct mk_event* e = push(g, kind, aud, about, MURK_EVENT_TEXT);
  if (!e) return MURK_ENOMEM;
  va_list ap;
  va_start(ap, fmt);
  put_text(g, e, fmt, ap);
  va_end(ap);
  return MURK_OK;
}

void mk_event_append(struct murk_game* g, const char* fmt, ...) {
  struct mk_event* e = last(g);
  if (!e || e->kind != MURK_EV_ROLL) return;
  if (room(g, MURK_EVENT_TEXT) != MURK_OK) {
    g->oom = MURK_ENOMEM; /* as mk_emit: the command is undone */
    return;
  }
  char* text = g->ev_bytes + g->ev_len - 1 - e->tlen;
  size_t len = e->tlen;
  va_list ap;
  va_start(ap, fmt);
  len += mk_vformat(text + len, MURK_EVENT_TEXT - len, fmt, ap);
  va_end(ap);
  if (len >= MURK_EVENT_TEXT) len = MURK_EVENT_TEXT - 1;
  text[len] = '\0';
  g->ev_len += len - e->tlen;
  e->tlen = (uint8_t)len;
}

void mk_event_facts(struct murk_game* g, int marker, const struct murk_pos* from,
                    const struct murk_pos* to) {
  struct mk_event* e = last(g);
  if (!e) return;
  e->marker = marker;
  if (from) e->from = *from;
  if (to) e->to = *to;
  if (from && !to) e->to = *from;
  if (to && !from) e->from = *to;
  e->has_pos = from || to;
}

/* Roll e for purpose into *r; the loader checks every expression, so a bad one rolls
 * nothing and counts 0. */
static void roll_or_zero(struct murk_game* g, const struct murk_dice_expr* e, const char* purpose,
                         struct murk_roll* r) {
  if (murk_dice_roll(&g->s.rng, e, purpose, r) != 0) {
    memset(r, 0, sizeof *r);
    snprintf(r->purpose, sizeof r->purpose, "%s", purpose ? purpose : "");
  }
}

void mk_event_split_last(struct murk_game* g, enum murk_audience keep, enum murk_audience other) {
  struct mk_event* e = last(g);
  if (!e) return;
  size_t bytes = g->ev_len - e->at;
  struct mk_event copy = *e;
  e->audience = (uint8_t)keep;
  struct mk_event* c =
      push(g, (enum murk_event_kind)copy.kind, other, (enum murk_side)copy.side, bytes);
  if (!c) return;
  uint32_t at = c->at;
  memcpy(g->ev_bytes + at, g->ev_bytes + copy.at, bytes);
  g->ev_len += bytes;
  *c = copy;
  c->at = at;
  c->audience = (uint8_t)other;
}

/* A roll packed: expression, total, need, counts, the dice, the purpose, the modifiers. */
static size_t pack_roll(char* p, const struct murk_roll* r) {
  char* q = p;
  int32_t head[6] = {r->expr.count, r->expr.sides, r->expr.mul, r->expr.add, r->total, r->need};
  memcpy(q, head, sizeof head);
  q += sizeof head;
  int nd = r->ndice < 0 ? 0 : r->ndice > MURK_DICE_MAX ? MURK_DICE_MAX : r->ndice;
  int nm = r->nmods < 0 ? 0 : r->nmods > MURK_ROLL_MODS ? MURK_ROLL_MODS : r->nmods;
  *q++ = (char)nd;
  *q++ = (char)nm;
  for (int i = 0; i < nd; i++) {
    int32_t d = r->dice[i];
    memcpy(q, &d, sizeof d);
    q += sizeof d;
  }
  size_t k = strnlen(r->purpose, sizeof r->purpose - 1);
  memcpy(q, r->purpose, k);
  q += k;
  *q++ = '\0';
  for (int i = 0; i < nm; i++) {
    int32_t v = r->mods[i].value;
    memcpy(q, &v, sizeof v);
    q += sizeof v;
    k = strnlen(r->mods[i].label, sizeof r->mods[i].label - 1);
    memcpy(q, r->mods[i].label, k);
    q += k;
    *q++ = '\0';
  }
  return (size_t)(q - p);
}
#define MK_ROLL_PACKED_MAX                             \
  (6 * 4 + 2 + MURK_DICE_MAX * 4 + MURK_ROLL_PURPOSE + \
   MURK_ROLL_MODS * (4 + sizeof((struct murk_roll_mod*)0)->label))

static const char* unpack_roll(const char* p, struct murk_roll* r) {
  int32_t head[6];
  memcpy(head, p, sizeof head);
  p += sizeof head;
  r->expr.count = head[0];
  r->expr.sides = head[1];
  r->expr.mul = head[2];
  r->expr.add = head[3];
  r->total = head[4];
  r->need = head[5];
  r->ndice = (unsigned char)*p++;
  r->nmods = (unsigned char)*p++;
  for (int i = 0; i < r->ndice; i++) {
    int32_t d;
    memcpy(&d, p, sizeof d);
    p += sizeof d;
    r->dice[i] = d;
  }
  size_t k = strlen(p);
  memcpy(r->purpose, p, k);
  p += k + 1;
  for (int i = 0; i < r->nmods; i++) {
    int32_t v;
    memcpy(&v, p, sizeof v);
    p += sizeof v;
    r->mods[i].value = v;
    k = strlen(p);
    memcpy(r->mods[i].label, p, k);
    p += k + 1;
  }
  return p;
}

/* A ROLL event: the roll's facts. Its text (murk_roll_format) is made from them when the
 * event is read (mk_event_read): most rolls are read only by players that take no words.
 * The text kept is what mk_event_append adds after the roll's words. */
static void emit_roll(struct murk_game* g, enum murk_audience aud, const struct murk_roll* r) {
  struct mk_event* e =
      push(g, MURK_EV_ROLL, aud, g->s.to_act, MK_ROLL_PACKED_MAX + MURK_EVENT_TEXT);
  if (!e) return;
  e->has_roll = true;
  g->ev_len += pack_roll(g->ev_bytes + g->ev_len, r);
  g->ev_bytes[g->ev_len++] = '\0';
  e->tlen = 0;
}

/* Report roll r (emit_roll) and make it final (undo stops before a roll); *out (may be
 * NULL) gets it. Returns its total. */
static int report_roll(struct murk_game* g, enum murk_audience aud, const struct murk_roll* r,
                       struct murk_roll* out) {
  emit_roll(g, aud, r);
  mk_mark_irreversible(g);
  if (out) *out = *r;
  return r->total;
}

int murk_roll_mod(struct murk_game* g, const struct murk_dice_expr* e, const char* purpose,
                  enum murk_audience aud, const char* label, int value, struct murk_roll* out) {
  struct murk_roll r;
  roll_or_zero(g, e, purpose, &r);
  if (label) murk_roll_add_mod(&r, label, value);
  return report_roll(g, aud, &r, out);
}

int mk_roll_pool(struct murk_game* g, const struct murk_dice_expr* e, int need, const char* purpose,
                 enum murk_audience aud, struct murk_roll* out) {
  struct murk_roll r;
  roll_or_zero(g, e, purpose, &r);
  r.need = need > 0 ? need : 1;
  r.total = 0;
  for (int i = 0; i < r.ndice; i++)
    if (r.dice[i] >= r.need) r.total++;
  return report_roll(g, aud, &r, out);
}

int murk_roll(struct murk_game* g, const struct murk_dice_expr* e, const char* purpose,
              enum murk_audience aud, struct murk_roll* out) {
  return murk_roll_mod(g, e, purpose, aud, NULL, 0, out);
}

int murk_event_format(const struct murk_event* e, char* buf, unsigned n) {
  return snprintf(buf, n, "%5d %-8s %s", e->seq, murk_audience_name(e->audience), e->text);
}

/* ---- reading ---- */

size_t mk_game_event_count(const struct murk_game* g) {
  return g->nevents;
}

const struct mk_event* mk_event_at(const struct murk_game* g, size_t i) {
  return i >= g->ev_base && i < g->nevents ? &g->events[i - g->ev_base] : NULL;
}

void mk_event_copy_facts(const struct mk_event* e, struct murk_event* out) {
  out->turn = e->turn;
  out->active = (enum murk_side)e->active;
  out->kind = (enum murk_event_kind)e->kind;
  out->audience = (enum murk_audience)e->audience;
  out->side = (enum murk_side)e->side;
  out->marker = e->marker;
  out->from = e->from;
  out->to = e->to;
  out->has_pos = e->has_pos;
  out->has_roll = e->has_roll;
}

void mk_event_read(const struct murk_game* g, size_t i, struct murk_event* out) {
  memset(out, 0, sizeof *out);
  const struct mk_event* e = mk_event_at(g, i);
  if (!e) return;
  out->seq = (int)i + 1;
  mk_event_copy_facts(e, out);
  const char* p = g->ev_bytes + e->at;
  size_t len = 0, k = e->tlen;
  if (e->has_roll) {
    /* The roll's words, then what was appended (emit_roll), cut as one text. */
    p = unpack_roll(p, &out->roll);
    murk_roll_format(&out->roll, out->text, sizeof out->text);
    len = strlen(out->text);
    if (k > sizeof out->text - 1 - len) k = sizeof out->text - 1 - len;
  }
  memcpy(out->text + len, p, k);
  out->text[len + k] = '\0';
}

const struct murk_event* mk_game_event(const struct murk_game* g, size_t i) {
  if (!mk_event_at(g, i)) return NULL;
  /* The game is never const where it was made: the answers' ring is a cache, not state. */
  struct murk_game* w = (struct murk_game*)g;
  if (!w->ev_scratch) w->ev_scratch = murk_calloc(MK_EVENT_SCRATCH, sizeof *w->ev_scratch);
  if (!w->ev_scratch) return NULL;
  struct murk_event* out = &w->ev_scratch[w->ev_scratch_next++ % MK_EVENT_SCRATCH];
  mk_event_read(g, i, out);
  return out;
}

size_t mk_event_dropped(const struct murk_game* g, enum murk_side side) {
  return side == MURK_ATTACKER || side == MURK_DEFENDER ? g->ev_dropped[side] : g->ev_base;
}

void murk_game_drop_events(struct murk_game* g) {
  if (!g) return;
  for (size_t i = 0; i < g->nevents - g->ev_base; i++)
    for (int s = 0; s < MURK_SIDES; s++)
      if (murk_audience_includes((enum murk_audience)g->events[i].audience, (enum murk_side)s))
        g->ev_dropped[s]++;
  g->ev_base = g->nevents;
  g->ev_len = 0;
}

void mk_game_truncate(struct murk_game* g, size_t nevents, size_t nlog) {
  if (nevents >= g->ev_base && nevents < g->nevents) {
    g->ev_len = g->events[nevents - g->ev_base].at;
    g->nevents = nevents;
  }
  if (nlog < g->nlog) {
    g->log_len = g->log_at[nlog];
    g->nlog = nlog;
  }
}

/* ---- undo marks over the command log ---- */

int mk_log_next(const struct murk_game* g) {
  return (int)g->nlog + (g->applying ? 1 : 0);
}

void mk_mark_irreversible(struct murk_game* g) {
  g->s.last_irreversible = mk_log_next(g);
  g->s.final_why = FINAL_ROLL;
}

void mk_mark_step_start(struct murk_game* g) {
  g->s.step_start = mk_log_next(g);
}
