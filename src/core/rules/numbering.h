/* numbering.h: Fog of War templates put down before their platoons are named, and the step
 * that names them when a side's deployment ends (numbering.c). Internal to the core. */
#ifndef MK_NUMBERING_H
#define MK_NUMBERING_H

#include <stddef.h>

#include "murk/command.h"
#include "state.h"

/* `side`'s templates on the table whose platoon it has not named yet. */
int mk_numbering_unnamed(const struct murk_game* g, enum murk_side side);
/* `template at X,Y`: one of side's templates, its platoon named later. Does not pass the
 * turn (setup.c does). MURK_OK or MURK_EREJECTED. */
int mk_numbering_template(struct murk_game* g, enum murk_side side, struct murk_pos at,
                          char* reason, size_t reason_len);
/* `put N at Tn` / `put dummy at Tn`: what one of side's templates holds; the row's check
 * (a template of the side waits for its platoon). */
int mk_numbering_put_ready(const struct murk_game* g, enum murk_side side, char* reason,
                           size_t reason_len);
int mk_numbering_put(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                     const struct mk_cmd_args* a, char* reason, size_t reason_len);
/* `reserve N [kind]`: before deployment, or in deployment by a side that names its
 * templates' platoons at its end. */
int mk_numbering_reserve(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                         const struct mk_cmd_args* a, char* reason, size_t reason_len);
/* The `reserve` row's check: in deployment only for such a side. */
int mk_numbering_reserve_ready(const struct murk_game* g, enum murk_side side, char* reason,
                               size_t reason_len);
/* May `side` take one more waiting platoon away from its deployment (`deploy N`, `reserve
 * N`) and still fill each of its unnamed templates? */
int mk_numbering_room(const struct murk_game* g, enum murk_side side, char* reason,
                      size_t reason_len);
/* May `side` end its deployment as far as its templates go (each one named)? */
int mk_numbering_end_check(const struct murk_game* g, enum murk_side side, char* reason,
                           size_t reason_len);

#endif
