/* event.h (src/core): appending events and rolls to a game (event.c), and reading its
 * whole event log. Internal to the core: the log holds every audience's events, the whole
 * truth; front-ends read the events of one side through a view (murk/view.h). The public
 * event record and its audiences are murk/event.h. */
#ifndef MK_EVENT_H
#define MK_EVENT_H

#include <stdbool.h>
#include <stddef.h>

#include "murk/dice.h"
#include "murk/event.h"
#include "state.h"

/* Append an event; printf-style text. Returns MURK_OK or MURK_ENOMEM. */
int mk_emit(struct murk_game* g, enum murk_event_kind kind, enum murk_audience aud,
            enum murk_side about, const char* fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* The last event appended (to add structured facts after mk_emit). */
struct murk_event* mk_last_event(struct murk_game* g);

/* Add structured facts to the last event: its marker number (0: none) and positions
 * (either may be NULL). */
void mk_event_facts(struct murk_game* g, int marker, const struct murk_pos* from,
                    const struct murk_pos* to);

/* Roll dice for a purpose and report it (audience all unless said). Returns the total;
 * *out (if not NULL) gets the record. Rolls are irreversible for undo. */
int murk_roll(struct murk_game* g, const struct murk_dice_expr* e, const char* purpose,
              enum murk_audience aud, struct murk_roll* out);

/* The same with one named modifier added before the roll is reported (label NULL: none). */
int murk_roll_mod(struct murk_game* g, const struct murk_dice_expr* e, const char* purpose,
                  enum murk_audience aud, const char* label, int value, struct murk_roll* out);

/* Events since creation, all audiences: the whole truth. Views read them (filtered by
 * audience); front-ends read views, so these stay inside the core (and its tests). */
size_t mk_game_event_count(const struct murk_game* g);
const struct murk_event* mk_game_event(const struct murk_game* g, size_t i);

/* Undo marks over the command log (event.c). */
/* The log index the command being applied will take (undo bookkeeping). */
int mk_log_next(const struct murk_game* g);
/* Undo may not go back past this point (a roll was made or something revealed). */
void mk_mark_irreversible(struct murk_game* g);
/* A new step or phase begins: undo stops here. */
void mk_mark_step_start(struct murk_game* g);

#endif
