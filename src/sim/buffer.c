/* buffer.c: the plan a player fills, one command at a time (players.h): every player and
 * every helper of theirs adds to it here, at the bottom of src/sim, so none of them calls
 * back up into policy.c, which picks the player. */
#include <string.h>

#include "murk/alloc.h"
#include "players.h"

struct murk_command* sim_add(struct ctx* c, enum murk_command_kind k) {
  struct murk_policy_plan* p = c->plan;
  if (c->oom) return NULL;
  if (p->n == p->cap) {
    int cap = p->cap ? p->cap * 2 : 32;
    struct murk_command* t = murk_realloc(p->cmds, (size_t)cap * sizeof *t);
    if (t) p->cmds = t;
    bool* r = t ? murk_realloc(p->refused, (size_t)cap * sizeof *r) : NULL;
    if (!r) {
      c->oom = true;
      return NULL;
    }
    p->refused = r;
    p->cap = cap;
  }
  p->refused[p->n] = false;
  struct murk_command* cmd = &p->cmds[p->n++];
  memset(cmd, 0, sizeof *cmd);
  cmd->kind = k;
  cmd->at.x = cmd->at.y = -1;
  cmd->at2 = cmd->at;
  return cmd;
}

void sim_refused(struct ctx* c) {
  if (!c->oom && c->plan->n > 0) c->plan->refused[c->plan->n - 1] = true;
}

void sim_add_end(struct ctx* c) {
  if (sim_can(c, MURK_CMD_END)) sim_add(c, MURK_CMD_END);
}
