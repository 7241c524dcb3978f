/* mission_tutorial.c: the `tutorial:` section (docs/mission-format.md "tutorial"): the side
 * a new player plays and the prompts shown to it. A prompt names its moment by the names
 * the game already has: a setup phase by its id in phase.h (`phase: deploy`), a step of the
 * side's own turn (`step: shooting`), or the first event of a kind the side is shown
 * (`event: spot`, event.h), so no list of moments is kept here. */
#include <stdio.h>
#include <string.h>

#include "mission_load.h"
#include "murk/event.h"
#include "murk/phase.h"

static const char* const phase_ids[] = {
#define PHASE_ID(id, text) #id,
    MURK_PHASE_LIST(PHASE_ID)
#undef PHASE_ID
};

static const char* const step_names[] = {
#define STEP_NAME(id, text) text,
    MURK_STEP_LIST(STEP_NAME)
#undef STEP_NAME
};

static const char* const event_names[] = {
#define EVENT_NAME(id, name) name,
    MURK_EVENT_KIND_LIST(EVENT_NAME)
#undef EVENT_NAME
};

#define TUTORIAL_FIELDS(X) \
  X(TU_SIDE, "side")       \
  X(TU_PROMPTS, "prompts")
LD_RECORD(tutorial, TUTORIAL_FIELDS);

#define PROMPT_FIELDS(X) \
  X(PR_PHASE, "phase")   \
  X(PR_STEP, "step")     \
  X(PR_EVENT, "event")   \
  X(PR_TURN, "turn")     \
  X(PR_TEXT, "text")
LD_RECORD(prompt, PROMPT_FIELDS);

/* The phase whose id in phase.h is the value, in lower case ("deploy"); -1 reported. */
static int phase_of(struct ld* L, yaml_node_t* n) {
  char ids[MURK_PHASE_COUNT][16];
  const char* cands[MURK_PHASE_COUNT];
  for (int i = 0; i < MURK_PHASE_COUNT; i++) {
    size_t k = 0;
    for (; phase_ids[i][k] && k + 1 < sizeof ids[i]; k++)
      ids[i][k] = (char)(phase_ids[i][k] - 'A' + 'a');
    ids[i][k] = '\0';
    cands[i] = ids[i];
  }
  return yw_enum(&L->w, n, "phase", cands, MURK_PHASE_COUNT);
}

static void load_prompt(struct ld* L, yaml_node_t* n, struct murk_tutorial_prompt* p, int at) {
  char what[32];
  snprintf(what, sizeof what, "prompt %d", at + 1);
  yaml_node_t* v[prompt_nfields];
  if (!LD_FIELDS(L, n, what, prompt, v)) return;
  int moments = (v[PR_PHASE] != NULL) + (v[PR_STEP] != NULL) + (v[PR_EVENT] != NULL);
  if (moments != 1) {
    yw_err(&L->w, n, "%s has %s (expected one of phase, step or event: when it is shown)", what,
           moments ? "more than one moment" : "no moment");
  } else if (v[PR_PHASE]) {
    p->when = MURK_TUTOR_PHASE;
    p->which = phase_of(L, v[PR_PHASE]);
  } else if (v[PR_STEP]) {
    p->when = MURK_TUTOR_STEP;
    p->which = yw_enum(&L->w, v[PR_STEP], "step", step_names, MURK_STEP_COUNT);
  } else {
    p->when = MURK_TUTOR_EVENT;
    p->which = yw_enum(&L->w, v[PR_EVENT], "event", event_names, MURK_EV_COUNT);
  }
  if (v[PR_TURN]) yw_int(&L->w, v[PR_TURN], "turn", 1, 100, &p->turn);
  if (!v[PR_TEXT]) {
    yw_missing(&L->w, n, "text", what, "text: what the prompt says");
    return;
  }
  const char* text = yw_lines(&L->w, v[PR_TEXT], "text");
  if (!text) return;
  /* One paragraph on the screen: the lines of a block scalar run together. */
  size_t k = 0;
  for (const char* c = text; *c && k + 1 < sizeof p->text; c++)
    p->text[k++] = *c == '\n' ? ' ' : *c;
  while (k > 0 && p->text[k - 1] == ' ') k--;
  p->text[k] = '\0';
  if (strlen(text) >= sizeof p->text)
    yw_err(&L->w, v[PR_TEXT], "the text of %s has %zu bytes (expected at most %d)", what,
           strlen(text), MURK_TUTORIAL_TEXT - 1);
  else if (!k)
    yw_err(&L->w, v[PR_TEXT], "the text of %s is empty (expected what the prompt says)", what);
}

void ld_tutorial(struct ld* L, yaml_node_t* n) {
  struct murk_tutorial* t = &L->m->tutorial;
  yaml_node_t* v[tutorial_nfields];
  if (!LD_FIELDS(L, n, "tutorial", tutorial, v)) return;
  t->side = MURK_ATTACKER;
  if (v[TU_SIDE]) {
    int s = yw_enum(&L->w, v[TU_SIDE], "side", ld_side_names, MURK_SIDES);
    if (s >= 0) t->side = (enum murk_side)s;
  }
  if (!v[TU_PROMPTS]) {
    yw_missing(&L->w, n, "prompts", "tutorial", "prompts: a list of {step: movement, text: ...}");
    return;
  }
  if (!yw_want_seq(&L->w, v[TU_PROMPTS], "prompts")) return;
  int count = yw_seq_len(v[TU_PROMPTS]);
  if (count > MURK_MISSION_MAX_PROMPTS) {
    yw_err(&L->w, v[TU_PROMPTS], "'prompts' has %d items (expected at most %d)", count,
           MURK_MISSION_MAX_PROMPTS);
    return;
  }
  FOR_ITEMS(L, v[TU_PROMPTS], it) {
    struct murk_tutorial_prompt* p = &t->prompts[t->nprompts];
    memset(p, 0, sizeof *p);
    load_prompt(L, node(L, *it), p, t->nprompts);
    t->nprompts++;
  }
}
