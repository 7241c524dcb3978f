/* event.h (src/core): appending events and rolls to a game (event.c), and reading its
 * whole event log. Internal to the core: the log holds every audience's events, the whole
 * truth; front-ends read the events of one side through a view (murk/view.h). The public
 * event record and its audiences are murk/event.h. */
#ifndef MK_EVENT_H
#define MK_EVENT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "murk/dice.h"
#include "murk/event.h"
#include "state.h"

/* Append an event; printf-style text (cut at MURK_EVENT_TEXT - 1 bytes). Returns MURK_OK
 * or MURK_ENOMEM (sticky in g->oom: apply() undoes the command). */
int mk_emit(struct murk_game* g, enum murk_event_kind kind, enum murk_audience aud,
            enum murk_side about, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* Add printf-style text to the end of the last event when it is a roll: the outcome after its
 * dice ("...: bogged"). Nothing when the roll made no event (out of memory). */
void mk_event_append(struct murk_game* g, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* vsnprintf(out, n, fmt, ap) (n > 0), without the C library's machinery for the
 * conversions events use (%d, %s, %.Ns, %%): the same bytes, cut at n - 1 (events' texts,
 * refusals' reasons in board.c). Returns how many bytes it wrote before the NUL (not, as
 * vsnprintf, how many it would have). */
size_t mk_vformat(char* out, size_t n, const char* fmt, va_list ap);
/* snprintf(out, n, fmt, ...) the same way (its return value aside): the rules' own short
 * texts (a roll's purpose, a handle "P3") made for events at every move and shot. */
void mk_format(char* out, size_t n, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Add structured facts to the last event: its marker number (0: none) and positions
 * (either may be NULL). */
void mk_event_facts(struct murk_game* g, int marker, const struct murk_pos* from,
                    const struct murk_pos* to);

/* The last event goes to `keep` only, and a copy of it to `other` (board.c). */
void mk_event_split_last(struct murk_game* g, enum murk_audience keep, enum murk_audience other);

/* Roll dice for a purpose and report it (audience all unless said). Returns the total;
 * *out (if not NULL) gets the record. Rolls are irreversible for undo. */
int murk_roll(struct murk_game* g, const struct murk_dice_expr* e, const char* purpose,
              enum murk_audience aud, struct murk_roll* out);

/* The same with one named modifier added before the roll is reported (label NULL: none). */
int murk_roll_mod(struct murk_game* g, const struct murk_dice_expr* e, const char* purpose,
                  enum murk_audience aud, const char* label, int value, struct murk_roll* out);

/* A pool of dice each scored against `need` (to hit, reserves arriving): reported as the
 * dice and how many succeed, which it returns (dice.h, murk_roll_format). */
int mk_roll_pool(struct murk_game* g, const struct murk_dice_expr* e, int need, const char* purpose,
                 enum murk_audience aud, struct murk_roll* out);

/* Events since creation, all audiences: the whole truth. Views read them (filtered by
 * audience); front-ends read views, so these stay inside the core (and its tests). The
 * count includes dropped events (murk_game_drop_events); only [mk_event_dropped(g,
 * MURK_NO_SIDE), count) can be read. */
size_t mk_game_event_count(const struct murk_game* g);
/* Event i's facts (NULL if dropped or past the end). */
const struct mk_event* mk_event_at(const struct murk_game* g, size_t i);
/* Event i as the public record, text and roll included (seq i + 1; zeros if unreadable). */
void mk_event_read(const struct murk_game* g, size_t i, struct murk_event* out);
/* An event's facts without its number, words or roll (what a lean view keeps; out's other
 * fields are left as they are). */
void mk_event_copy_facts(const struct mk_event* e, struct murk_event* out);
/* The same, in one of a small ring of records the game keeps (for tests: valid for the
 * next MK_EVENT_SCRATCH calls). */
const struct murk_event* mk_game_event(const struct murk_game* g, size_t i);
/* Of the dropped events, how many `side` may know (MURK_NO_SIDE: all of them). */
size_t mk_event_dropped(const struct murk_game* g, enum murk_side side);
/* Forget the events from nevents and the log lines from nlog on (a try taken back). */
void mk_game_truncate(struct murk_game* g, size_t nevents, size_t nlog);

/* Undo marks over the command log (event.c). */
/* The log index the command being applied will take (undo bookkeeping). */
int mk_log_next(const struct murk_game* g);
/* Undo may not go back past this point (a roll was made or something revealed). */
void mk_mark_irreversible(struct murk_game* g);
/* A new step or phase begins: undo stops here. */
void mk_mark_step_start(struct murk_game* g);

#endif
