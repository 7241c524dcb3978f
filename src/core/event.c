/* event.c: events with audiences, dice rolls reported as events, transcript lines. */
#include <stdarg.h>
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

const char* murk_event_kind_name(enum murk_event_kind k) {
  static const char* const names[] = {
#define MK_EVENT_NAME(id, name) name,
      MURK_EVENT_KIND_LIST(MK_EVENT_NAME)
#undef MK_EVENT_NAME
  };
  if ((int)k < 0 || k >= MURK_EV_COUNT) return "?";
  return names[k];
}

static int grow_events(struct murk_game* g) {
  if (g->nevents < g->cap_events) return MURK_OK;
  size_t cap = g->cap_events ? g->cap_events * 2 : 64;
  struct murk_event* e = murk_realloc(g->events, cap * sizeof *e);
  if (!e) return MURK_ENOMEM;
  g->events = e;
  g->cap_events = cap;
  return MURK_OK;
}

int mk_emit(struct murk_game* g, enum murk_event_kind kind, enum murk_audience aud,
            enum murk_side about, const char* fmt, ...) {
  if (grow_events(g) != MURK_OK) {
    /* Sticky: apply() sees it and undoes the whole command. */
    g->oom = MURK_ENOMEM;
    return MURK_ENOMEM;
  }
  struct murk_event* e = &g->events[g->nevents];
  memset(e, 0, sizeof *e);
  e->seq = (int)g->nevents + 1;
  e->turn = g->s.turn;
  e->active = g->s.to_act;
  e->kind = kind;
  e->audience = aud;
  e->side = about;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(e->text, sizeof e->text, fmt, ap);
  va_end(ap);
  g->nevents++;
  return MURK_OK;
}

struct murk_event* mk_last_event(struct murk_game* g) {
  return g->nevents ? &g->events[g->nevents - 1] : NULL;
}

void mk_event_facts(struct murk_game* g, int marker, const struct murk_pos* from,
                    const struct murk_pos* to) {
  struct murk_event* e = mk_last_event(g);
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

/* Report roll r as an event for aud with the roll attached, and make it final (undo stops
 * before a roll); *out (may be NULL) gets it. Returns its total. */
static int emit_roll(struct murk_game* g, enum murk_audience aud, const struct murk_roll* r,
                     struct murk_roll* out) {
  char text[MURK_EVENT_TEXT];
  murk_roll_format(r, text, sizeof text);
  if (mk_emit(g, MURK_EV_ROLL, aud, g->s.to_act, "%s", text) == MURK_OK) {
    struct murk_event* ev = mk_last_event(g);
    ev->has_roll = true;
    ev->roll = *r;
  }
  mk_mark_irreversible(g);
  if (out) *out = *r;
  return r->total;
}

int murk_roll_mod(struct murk_game* g, const struct murk_dice_expr* e, const char* purpose,
                  enum murk_audience aud, const char* label, int value, struct murk_roll* out) {
  struct murk_roll r;
  roll_or_zero(g, e, purpose, &r);
  if (label) murk_roll_add_mod(&r, label, value);
  return emit_roll(g, aud, &r, out);
}

int mk_roll_pool(struct murk_game* g, const struct murk_dice_expr* e, int need, const char* purpose,
                 enum murk_audience aud, struct murk_roll* out) {
  struct murk_roll r;
  roll_or_zero(g, e, purpose, &r);
  r.need = need > 0 ? need : 1;
  r.total = 0;
  for (int i = 0; i < r.ndice; i++)
    if (r.dice[i] >= r.need) r.total++;
  return emit_roll(g, aud, &r, out);
}

int murk_roll(struct murk_game* g, const struct murk_dice_expr* e, const char* purpose,
              enum murk_audience aud, struct murk_roll* out) {
  return murk_roll_mod(g, e, purpose, aud, NULL, 0, out);
}

int murk_event_format(const struct murk_event* e, char* buf, unsigned n) {
  return snprintf(buf, n, "%5d %-8s %s", e->seq, murk_audience_name(e->audience), e->text);
}

size_t mk_game_event_count(const struct murk_game* g) {
  return g->nevents;
}
const struct murk_event* mk_game_event(const struct murk_game* g, size_t i) {
  return i < g->nevents ? &g->events[i] : NULL;
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
