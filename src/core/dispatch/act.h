/* act.h: `move` and `reveal`, the actions on a marker, dispatched by its kind over the rule
 * modules (act.c). Internal to the core: the command table's handlers. */
#ifndef MK_ACT_H
#define MK_ACT_H

#include <stddef.h>

#include "murk/command.h"
#include "state.h"

/* `move`: what the unit is now (a marker of some kind on the table, or a revealed platoon)
 * says which rule moves it (marker.h, `act`). */
int mk_act_move(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                const struct mk_cmd_args* a, char* reason, size_t reason_len);
/* `reveal`: a counter is turned over, a wing deploys, an independent comes on with a
 * platoon; a platoon revealed already is refused. */
int mk_act_reveal(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                  const struct mk_cmd_args* a, char* reason, size_t reason_len);

#endif
