/* phase.c: the names of the setup phases and of a turn's steps (murk/phase.h), in the base
 * layer so that every module that words a phase or a step calls down to it. */
#include "murk/phase.h"

const char* murk_phase_name(enum murk_phase p) {
  static const char* const names[] = {
#define MK_PHASE_NAME(id, text) text,
      MURK_PHASE_LIST(MK_PHASE_NAME)
#undef MK_PHASE_NAME
  };
  if ((int)p < 0 || p >= MURK_PHASE_COUNT) return "?";
  return names[p];
}

const char* murk_step_name(enum murk_step s) {
  static const char* const names[] = {
#define MK_STEP_NAME(id, text) text,
      MURK_STEP_LIST(MK_STEP_NAME)
#undef MK_STEP_NAME
  };
  if ((int)s < 0 || s >= MURK_STEP_COUNT) return "?";
  return names[s];
}
