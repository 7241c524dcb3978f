/* fuzz_support.h: what more than one fuzz target checks with (fuzz_command.c, fuzz_save.c). */
#ifndef MURK_FUZZ_SUPPORT_H
#define MURK_FUZZ_SUPPORT_H

#include "murk/command.h"
#include "murk/geom.h"

/* Field by field: struct padding is not part of a command. */
static inline int same_command(const struct murk_command* a, const struct murk_command* b) {
  if (a->kind != b->kind || a->unit.kind != b->unit.kind || a->unit.n != b->unit.n ||
      a->target.kind != b->target.kind || a->target.n != b->target.n ||
      !murk_pos_eq(a->at, b->at) || !murk_pos_eq(a->at2, b->at2) || a->nvia != b->nvia ||
      a->reserve != b->reserve)
    return 0;
  for (int i = 0; i < a->nvia && i < MURK_CMD_MAX_WAYPOINTS; i++)
    if (!murk_pos_eq(a->via[i], b->via[i])) return 0;
  return 1;
}

#endif
