/* phase.h: where a game is - its setup phases and the steps of a player turn.
 *
 * Apart from game.h so that a view (view.h) can say where the game is without handing its
 * reader the game's own API: only drivers (the CLI, the TUI session) include game.h. */
#ifndef MURK_PHASE_H
#define MURK_PHASE_H

/* Where the game is. Setup phases come in this order, skipping those the mission does
 * not use; then player turns until the game is over. */
#define MURK_PHASE_LIST(X)                       \
  X(OBJECTIVES, "placing objectives")            \
  X(FORTIFY, "placing fortifications")           \
  X(WIRE, "placing obstacles")                   \
  X(RESERVES, "nominating reserves")             \
  X(DEPLOY, "deploying")                         \
  X(PATROL, "placing patrols")                   \
  X(INDEPENDENTS, "deploying independent teams") \
  X(INFILTRATE, "deploying infiltrators")        \
  X(AMBUSH, "placing immediate ambushes")        \
  X(RECCE, "reconnaissance moves")               \
  X(PLAY, "playing")                             \
  X(OVER, "game over")

enum murk_phase {
#define MURK_PHASE_ENUM(id, text) MURK_PHASE_##id,
  MURK_PHASE_LIST(MURK_PHASE_ENUM)
#undef MURK_PHASE_ENUM
      MURK_PHASE_COUNT
};
const char* murk_phase_name(enum murk_phase p);

/* The steps of a player turn (docs/rules.md, "Player turns"). */
#define MURK_STEP_LIST(X) \
  X(STARTING, "starting") \
  X(MOVEMENT, "movement") \
  X(SHOOTING, "shooting") \
  X(ASSAULT, "assault")

enum murk_step {
#define MURK_STEP_ENUM(id, text) MURK_STEP_##id,
  MURK_STEP_LIST(MURK_STEP_ENUM)
#undef MURK_STEP_ENUM
      MURK_STEP_COUNT
};
const char* murk_step_name(enum murk_step s);

#endif
