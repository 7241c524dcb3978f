/* game.c: a game's life cycle, the command dispatcher, the command log and undo, and the
 * look-ups the other game modules share.
 *
 * apply() keeps a copy of the state, runs the command's handler and, if a rule says no,
 * restores the copy and drops the events the handler emitted: a rejected command changes
 * nothing, not even the generator. */
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "command_table.h"
#include "event.h"
#include "fits.h"
#include "fog.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/sight.h"
#include "night.h"
#include "placing.h"
#include "reserves.h"
#include "setup.h"
#include "sight.h"
#include "state.h"

const char* murk_platoon_state_name(enum murk_platoon_state s) {
  switch (s) {
    case MURK_PLATOON_WAITING:
      return "waiting";
    case MURK_PLATOON_RESERVE:
      return "in reserve";
    case MURK_PLATOON_HIDDEN:
      return "hidden";
    case MURK_PLATOON_REVEALED:
      return "revealed";
    case MURK_PLATOON_DESTROYED:
      return "destroyed";
    case MURK_PLATOON_WITHDRAWN:
      return "withdrawn";
  }
  return "?";
}

/* ---- life cycle ---- */

static void free_logs(struct murk_game* g) {
  murk_free(g->log_text);
  murk_free(g->log_at);
  murk_free(g->log_side);
  murk_free(g->events);
  murk_free(g->ev_bytes);
  murk_free(g->ev_scratch);
}

void murk_game_free(struct murk_game* g) {
  if (!g) return;
  free_logs(g);
  mk_sight_close(g);
  murk_free(g->map);
  murk_free(g); /* its saved state with it (game_new) */
}

/* A game and its saved state in one block: two blocks of some 70 kB each, freed together,
 * left a free top of the heap just over glibc's trim threshold, so every game of a batch
 * (murk sim, the tests) gave its pages back and faulted them in again. */
struct game_block {
  struct murk_game g;
  struct mk_state saved;
};

static int game_new(const struct murk_mission* m, uint64_t seed, const unsigned char* key,
                    struct murk_game** out) {
  if (out) *out = NULL;
  if (!m || !out || !m->map) return MURK_EINVAL;
  struct mk_mission_size size; /* the fixed-size state must hold it (fits.c) */
  if (!mk_mission_size(m, &size)) return MURK_EINVAL;
  struct game_block* b = murk_calloc(1, sizeof *b);
  if (!b) return MURK_ENOMEM;
  struct murk_game* g = &b->g;
  g->saved = &b->saved;
  g->m = m;
  g->seed = seed;
  if (key) {
    g->keyed = true;
    memcpy(g->dice_key, key, MURK_DICE_KEY_BYTES);
  }
  /* A mission whose sides build works in setup keeps a map of its own (No Man's Land). */
  size_t cells = (size_t)m->grid.width * (size_t)m->grid.height;
  if (m->works_terrain[MURK_WORKS_FORTIFICATION] >= 0 || m->works_terrain[MURK_WORKS_WIRE] >= 0) {
    g->map = murk_malloc(cells);
    if (!g->map) {
      murk_game_free(g);
      return MURK_ENOMEM;
    }
    memcpy(g->map, m->map, cells);
  }
  int rc = mk_sight_open(g); /* the sight map, once per game (sight.c) */
  if (rc == MURK_OK) rc = mk_setup_begin(g);
  if (rc == MURK_OK) {
    mk_night_begin(g); /* ASL night rules E1.11: the Base NVR before setup */
    mk_sight_update(g, 0);
  }
  if (rc == MURK_OK && g->oom) rc = MURK_ENOMEM;
  if (rc != MURK_OK) {
    murk_game_free(g);
    return rc;
  }
  *out = g;
  return MURK_OK;
}

int murk_game_new(const struct murk_mission* m, uint64_t seed, struct murk_game** out) {
  return game_new(m, seed, NULL, out);
}

int murk_game_new_keyed(const struct murk_mission* m, const unsigned char key[MURK_DICE_KEY_BYTES],
                        struct murk_game** out) {
  if (!key) {
    if (out) *out = NULL;
    return MURK_EINVAL;
  }
  return game_new(m, 0, key, out);
}

/* ---- commands ---- */

static int out_of_memory(char* reason, size_t reason_len) {
  mk_reject(reason, reason_len, "out of memory");
  return MURK_ENOMEM;
}

static int grow_log(struct murk_game* g, size_t line_len) {
  if (g->log_len + line_len + 1 > g->log_cap) {
    if (g->log_len + line_len + 1 > UINT32_MAX) return MURK_ENOMEM;
    size_t cap = g->log_cap ? g->log_cap : 1024;
    while (cap < g->log_len + line_len + 1) cap *= 2;
    char* text = murk_realloc(g->log_text, cap);
    if (!text) return MURK_ENOMEM;
    g->log_text = text;
    g->log_cap = cap;
  }
  if (g->nlog < g->cap_log) return MURK_OK;
  size_t cap = g->cap_log ? g->cap_log * 2 : 32;
  uint32_t* at = murk_realloc(g->log_at, cap * sizeof *at);
  if (!at) return MURK_ENOMEM;
  g->log_at = at;
  unsigned char* sides = murk_realloc(g->log_side, cap * sizeof *sides);
  if (!sides) return MURK_ENOMEM;
  g->log_side = sides;
  g->cap_log = cap;
  return MURK_OK;
}

/* ---- the copy that undoes a refused command ----
 *
 * The state is about 60 KB, mostly arrays sized for the largest mission (600 teams a side,
 * 128 markers) and filled from the front; a game uses a few percent of them, and copying all
 * of it for every try is a large part of a headless game. So the fast copy takes everything except
 * the unused tails of five arrays: markers and what each side knows of them (up to nmarkers), units
 * (nunits), teams and what each side knows of them (nteams). nunits and nteams are set once by
 * setup and never change; nmarkers only grows, and a new marker's slot is zero until then (the game
 * starts zeroed and a refused command that made one has it zeroed again below), so those tails hold
 * nothing to restore. Three smaller arrays are copied up to their counts too: the placed
 * objectives, each side's Random Deployment sections and its arrivals (about 6 KB of the 8 KB
 * copied whole before). Their tails may hold stale entries (an objective removed, arrivals dropped
 * at a turn's start), but nothing reads an entry at or past the count, and whoever appends one
 * writes every field of it (setup.c, reserves.c), so a tail is never restored. Anything added to
 * the state outside those eight arrays is copied whole. */
#define STATE_END(f) (offsetof(struct mk_state, f) + sizeof(((struct mk_state*)0)->f))
_Static_assert(offsetof(struct mk_state, markers) < offsetof(struct mk_state, units) &&
                   STATE_END(units) <= offsetof(struct mk_state, teams) &&
                   STATE_END(teams) <= offsetof(struct mk_state, objectives) &&
                   STATE_END(objectives) <= offsetof(struct mk_state, rd_slots) &&
                   STATE_END(rd_slots) <= offsetof(struct mk_state, arrivals) &&
                   STATE_END(arrivals) <= offsetof(struct mk_state, seen_marker) &&
                   STATE_END(seen_marker) <= offsetof(struct mk_state, seen_team),
               "state_copy() walks the state's big arrays in this order");

#ifndef MURK_PLAIN
static void copy_bytes(struct mk_state* dst, const struct mk_state* src, size_t from, size_t to) {
  if (to > from) memcpy((char*)dst + from, (const char*)src + from, to - from);
}
#endif

/* dst = src, except the unused tails of the big arrays; `n` gives the counts to go by.
 * Built with MURK_PLAIN: the whole struct, the reference tests/cli/plain.sh compares with. */
static void state_copy(struct mk_state* dst, const struct mk_state* src, const struct mk_state* n) {
#ifdef MURK_PLAIN
  (void)n;
  *dst = *src;
#else
  int nm = n->nmarkers, nt = n->nteams[0] > n->nteams[1] ? n->nteams[0] : n->nteams[1];
  copy_bytes(dst, src, 0, offsetof(struct mk_state, markers));
  memcpy(dst->markers, src->markers, (size_t)nm * sizeof src->markers[0]);
  copy_bytes(dst, src, STATE_END(markers), offsetof(struct mk_state, units));
  for (int sd = 0; sd < MURK_SIDES; sd++)
    memcpy(dst->units[sd], src->units[sd], (size_t)n->nunits[sd] * sizeof src->units[sd][0]);
  copy_bytes(dst, src, STATE_END(units), offsetof(struct mk_state, teams));
  for (int sd = 0; sd < MURK_SIDES; sd++)
    memcpy(dst->teams[sd], src->teams[sd], (size_t)n->nteams[sd] * sizeof src->teams[sd][0]);
  copy_bytes(dst, src, STATE_END(teams), offsetof(struct mk_state, objectives));
  memcpy(dst->objectives, src->objectives, (size_t)n->nobjectives * sizeof src->objectives[0]);
  copy_bytes(dst, src, STATE_END(objectives), offsetof(struct mk_state, rd_slots));
  for (int sd = 0; sd < MURK_SIDES; sd++)
    memcpy(dst->rd_slots[sd], src->rd_slots[sd],
           (size_t)n->nrd_slots[sd] * sizeof src->rd_slots[sd][0]);
  copy_bytes(dst, src, STATE_END(rd_slots), offsetof(struct mk_state, arrivals));
  for (int sd = 0; sd < MURK_SIDES; sd++)
    memcpy(dst->arrivals[sd], src->arrivals[sd],
           (size_t)n->narrivals[sd] * sizeof src->arrivals[sd][0]);
  copy_bytes(dst, src, STATE_END(arrivals), offsetof(struct mk_state, seen_marker));
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    memcpy(dst->seen_marker[sd], src->seen_marker[sd], (size_t)nm * sizeof src->seen_marker[sd][0]);
  }
  copy_bytes(dst, src, STATE_END(seen_marker), offsetof(struct mk_state, seen_team));
  /* seen_team[viewer] follows the enemy's teams: the larger count serves both. */
  for (int sd = 0; sd < MURK_SIDES; sd++)
    memcpy(dst->seen_team[sd], src->seen_team[sd], (size_t)nt * sizeof src->seen_team[sd][0]);
  copy_bytes(dst, src, STATE_END(seen_team), sizeof *dst);
#endif
}

static void state_save(struct murk_game* g) {
  state_copy(g->saved, &g->s, &g->s);
}

static void state_restore(struct murk_game* g) {
  int made = g->s.nmarkers, had = g->saved->nmarkers;
  state_copy(&g->s, g->saved, g->saved);
  /* Markers the refused command made: their slots go back to never used. */
  if (made > had) {
    size_t k = (size_t)(made - had);
    memset(&g->s.markers[had], 0, k * sizeof g->s.markers[0]);
    for (int sd = 0; sd < MURK_SIDES; sd++)
      memset(&g->s.seen_marker[sd][had], 0, k * sizeof g->s.seen_marker[sd][0]);
  }
}

/* Did what `side` sees or remembers of the enemy change (g->saved holds it before)? Only the
 * acting side's: what the enemy saw of its command the enemy is shown at the hand-over, so
 * taking the command back first takes back nothing anyone was shown; and whether the enemy
 * saw it is not the acting side's to know (a refused undo would tell it). */
static bool knowledge_changed(const struct murk_game* g, enum murk_side side) {
  const struct mk_state *a = g->saved, *b = &g->s;
  int sd = (int)side, other = 1 - sd;
  if (sd != MURK_ATTACKER && sd != MURK_DEFENDER) return false;
  /* Mostly nothing changed at all (a step's `end`): the same bytes say so at once; the
   * fields compared below are among them, and the copy holds every entry up to the counts. */
  if (a->nmarkers == b->nmarkers &&
      memcmp(a->seen_marker[sd], b->seen_marker[sd],
             (size_t)b->nmarkers * sizeof b->seen_marker[sd][0]) == 0 &&
      memcmp(a->seen_team[sd], b->seen_team[sd],
             (size_t)b->nteams[other] * sizeof b->seen_team[sd][0]) == 0)
    return false;
  for (int i = 0; i < b->nmarkers; i++) {
    const struct mk_sighting* y = &b->seen_marker[sd][i];
    if (i >= a->nmarkers) {
      if (y->known) return true;
      continue;
    }
    const struct mk_sighting* x = &a->seen_marker[sd][i];
    if (x->known != y->known || x->seen != y->seen || (y->known && !murk_pos_eq(x->pos, y->pos)) ||
        x->bogged != y->bogged || x->dug_in != y->dug_in)
      return true;
  }
  for (int t = 0; t < b->nteams[other]; t++) {
    const struct mk_sighting *x = &a->seen_team[sd][t], *y = &b->seen_team[sd][t];
    if (x->known != y->known || x->seen != y->seen || (y->known && !murk_pos_eq(x->pos, y->pos)))
      return true;
  }
  return false;
}

/* Undo as players expect it (Wesnoth's rule; docs/rules.md, "Undo"): a command may be taken
 * back until it showed the acting side something new: a roll or a reveal (marked as they
 * happen: mk_mark_irreversible), a sighting or a contact (what it sees or remembers of the
 * enemy changed), or an answer of the enemy's (an event it is told about the enemy's
 * things). A move that showed it nothing may be taken back, in setup and in play alike.
 * Everything here is what the acting side itself was shown, so two games it cannot tell
 * apart give the same answer. */
static int final_reason(const struct murk_game* g, enum murk_side side, size_t first) {
  enum murk_side enemy = murk_side_other(side);
  for (size_t i = first; i < g->nevents; i++) {
    const struct mk_event* e = mk_event_at(g, i);
    if (!murk_audience_includes((enum murk_audience)e->audience, side)) continue;
    if (e->has_roll) return FINAL_ROLL;
    if (e->side == enemy && e->kind != MURK_EV_PHASE && e->kind != MURK_EV_INFO)
      return FINAL_ANSWER;
  }
  if (knowledge_changed(g, side)) return FINAL_KNOWLEDGE;
  return FINAL_NONE;
}

const char* murk_game_undo_why(const struct murk_game* g) {
  if (!g || g->s.phase == MURK_PHASE_OVER) return "the game is over";
  int n = murk_game_undoable(g);
  if (n > 0) return "";
  bool mine = g->nlog > 0 && g->log_side[g->nlog - 1] == murk_game_to_act(g);
  if (!mine || g->s.step_start >= (int)g->nlog)
    return "nothing to take back: only your commands of this step can be";
  switch (g->s.final_why) {
    case FINAL_ROLL:
      return "your last command rolled dice or revealed something: it stands";
    case FINAL_KNOWLEDGE:
      return "your last command showed you something new (a sighting or a contact): it stands";
    case FINAL_ANSWER:
      return "your last command drew an answer from the enemy: it stands";
    default:
      break;
  }
  return "nothing to take back";
}

int murk_game_apply(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    char* reason, size_t reason_len) {
  if (reason && reason_len) reason[0] = '\0';
  if (!g || !c) return MURK_EINVAL;
  if (g->s.phase == MURK_PHASE_OVER) return mk_reject(reason, reason_len, "the game is over");
  if (side != MURK_ATTACKER && side != MURK_DEFENDER)
    return mk_reject(reason, reason_len, "commands come from the attacker or the defender");
  enum murk_side placing = mk_placing_side(g);
  if (placing != MURK_NO_SIDE && side != placing) {
    int pu = mk_placing_unit(g, placing), n = mk_placing_count(g, placing);
    const struct mk_unit_state* u = &g->s.units[placing][pu];
    return mk_reject(reason, reason_len,
                     "the %s places the teams of its platoon%s %sfirst (P%d next)",
                     murk_side_name(placing), mk_plural(n),
                     u->place_why == MK_PLACE_LOST ? "" : "your spotting revealed ", u->marker);
  }
  if (side != murk_game_to_act(g))
    return mk_reject(reason, reason_len, "it is the %s's turn to act", murk_side_name(g->s.to_act));
  const struct mk_cmd_row* row = mk_cmd_row(c->kind);
  if (!row) return mk_reject(reason, reason_len, "unknown command");
  if (c->nvia < 0 || c->nvia > MURK_CMD_MAX_WAYPOINTS)
    return mk_reject(reason, reason_len, "at most %d waypoints", MURK_CMD_MAX_WAYPOINTS);

  /* Positions left of or above the table cannot even be written down: say why. Whether
   * the command takes a position is its row's grammar (a left-out optional one is -1,-1). */
  for (int i = -1; i < c->nvia; i++) {
    struct murk_pos p = i < 0 ? c->at : c->via[i];
    bool used = i >= 0 || (row->pos_word && !(row->pos_optional && p.x == -1 && p.y == -1));
    if (used && (p.x < 0 || p.y < 0))
      return mk_reject(reason, reason_len, "%d,%d is off the table", p.x, p.y);
  }
  if (row->two_positions && (c->at2.x < 0 || c->at2.y < 0))
    return mk_reject(reason, reason_len, "%d,%d is off the table", c->at2.x, c->at2.y);
  char line[256];
  int len = murk_command_format(c, line, sizeof line);
  if (len < 0) return mk_reject(reason, reason_len, "this command cannot be written down");
  if (grow_log(g, strlen(line)) != MURK_OK) return out_of_memory(reason, reason_len);

  /* The row's phase/step guard and reference resolution, once for every handler (it
   * changes nothing, so a refusal here needs no copy of the state). */
  struct mk_cmd_args args;
  int rc = mk_cmd_guard(g, side, c, &args, reason, reason_len);
  if (rc != MURK_OK) return rc;

  state_save(g);
  size_t nevents = g->nevents;
  g->oom = 0;
  g->applying = true;
  rc = row->handler(g, side, c, &args, reason, reason_len);
  if (rc == MURK_OK) mk_placing_announce(g); /* a hand-over to place what was revealed */
  if (rc == MURK_OK && !row->undo) mk_mark_irreversible(g);
  g->applying = false;
  if (rc == MURK_OK && g->oom) rc = MURK_ENOMEM;
  if (rc != MURK_OK) {
    state_restore(g);
    mk_game_truncate(g, nevents, g->nlog);
    g->oom = 0;
    if (rc == MURK_ENOMEM) mk_reject(reason, reason_len, "out of memory");
    return rc;
  }
  mk_sight_update(g, nevents); /* what each side now sees and remembers (sight.c) */
  int why = final_reason(g, side, nevents);
  if (why != FINAL_NONE) {
    g->s.last_irreversible = (int)g->nlog + 1;
    g->s.final_why = why;
  }
  /* The log: the line's text only (grow_log made room); undo parses it back. */
  size_t k = strlen(line);
  memcpy(g->log_text + g->log_len, line, k + 1);
  g->log_at[g->nlog] = (uint32_t)g->log_len;
  g->log_len += k + 1;
  g->log_side[g->nlog] = (unsigned char)side;
  g->nlog++;
  return MURK_OK;
}

int murk_game_apply_line(struct murk_game* g, enum murk_side side, const char* line, char* reason,
                         size_t reason_len, int* errcol) {
  if (reason && reason_len) reason[0] = '\0';
  if (errcol) *errcol = 0;
  if (!g || !line) return MURK_EINVAL;
  struct murk_command c;
  memset(&c, 0, sizeof c);
  char err[200] = "";
  int col = 0;
  int rc = murk_command_parse(line, &c, err, sizeof err, &col);
  if (rc == 0) return MURK_OK;
  if (rc < 0) {
    if (errcol) *errcol = col;
    mk_reject(reason, reason_len, "%s", err);
    return MURK_EINVAL;
  }
  return murk_game_apply(g, side, &c, reason, reason_len);
}

/* ---- accessors ---- */

enum murk_side murk_game_to_act(const struct murk_game* g) {
  if (g->s.phase == MURK_PHASE_OVER) return MURK_NO_SIDE;
  /* The owner of a platoon the enemy's spotting revealed places it, then the step goes on. */
  enum murk_side placing = mk_placing_side(g);
  return placing != MURK_NO_SIDE ? placing : g->s.to_act;
}
enum murk_phase murk_game_phase(const struct murk_game* g) {
  return g->s.phase;
}
enum murk_step murk_game_step(const struct murk_game* g) {
  return g->s.step;
}
int murk_game_turn(const struct murk_game* g) {
  return g->s.turn;
}
const struct murk_mission* murk_game_mission(const struct murk_game* g) {
  return g->m;
}
bool murk_game_side_has_secrets(const struct murk_game* g, enum murk_side side) {
  if (side != MURK_ATTACKER && side != MURK_DEFENDER) return true;
  /* Double-blind sight: what a side sees of the enemy is its own, with no event of its own
   * to say so. */
  if (murk_mission_rule_on(g->m, MURK_RULE_DOUBLE_BLIND)) return true;
  return g->s.told_alone[side] > 0;
}
uint64_t murk_game_seed(const struct murk_game* g) {
  return g->seed;
}

const unsigned char* murk_game_dice_key(const struct murk_game* g) {
  return g->keyed ? g->dice_key : NULL;
}
const unsigned char* murk_game_dice_parts(const struct murk_game* g) {
  return g->has_parts ? g->dice_parts : NULL;
}
void murk_game_set_dice_parts(struct murk_game* g,
                              const unsigned char parts[MURK_DICE_PARTS_BYTES]) {
  memcpy(g->dice_parts, parts, MURK_DICE_PARTS_BYTES);
  g->has_parts = true;
}
int murk_game_set_last_turn(struct murk_game* g, int turn) {
  if (!g || turn < 0 || g->s.turn > 0) return MURK_EINVAL;
  g->last_turn = turn;
  return MURK_OK;
}
int murk_game_last_turn(const struct murk_game* g) {
  return g ? g->last_turn : 0;
}
void murk_game_set_seat(struct murk_game* g, enum murk_side side, enum murk_seat seat) {
  if (side == MURK_ATTACKER || side == MURK_DEFENDER) g->seat[side] = seat;
}
void murk_game_set_level(struct murk_game* g, enum murk_level level) {
  if ((int)level >= 0 && (int)level < MURK_LEVELS) g->level = level;
}
enum murk_level murk_game_level(const struct murk_game* g) {
  return g->level;
}
enum murk_seat murk_game_seat(const struct murk_game* g, enum murk_side side) {
  return side == MURK_ATTACKER || side == MURK_DEFENDER ? g->seat[side] : MURK_SEAT_NONE;
}
size_t murk_game_log_count(const struct murk_game* g) {
  return g->nlog;
}
const char* murk_game_log_line(const struct murk_game* g, size_t i) {
  return i < g->nlog ? g->log_text + g->log_at[i] : NULL;
}
enum murk_side murk_game_log_side(const struct murk_game* g, size_t i) {
  return i < g->nlog ? (enum murk_side)g->log_side[i] : MURK_NO_SIDE;
}
const char* murk_game_result(const struct murk_game* g) {
  return g->s.result;
}
enum murk_side murk_game_winner(const struct murk_game* g) {
  return g->s.winner;
}

/* ---- undo ---- */

int murk_game_undoable(const struct murk_game* g) {
  if (g->s.phase == MURK_PHASE_OVER) return 0;
  int bound = g->s.step_start > g->s.last_irreversible ? g->s.step_start : g->s.last_irreversible;
  int n = 0;
  enum murk_side acting = murk_game_to_act(g);
  for (int i = (int)g->nlog - 1; i >= bound && i >= 0; i--) {
    if (g->log_side[i] != acting) break;
    n++;
  }
  return n;
}

/* Rebuild from (mission, seed) and the log less its last command: the game is a pure
 * function of those, so this is exact. */
int murk_game_undo(struct murk_game* g, char* reason, size_t reason_len) {
  if (reason && reason_len) reason[0] = '\0';
  if (murk_game_undoable(g) <= 0) return mk_reject(reason, reason_len, "%s", murk_game_undo_why(g));
  struct murk_game* ng = NULL;
  int rc = game_new(g->m, g->seed, g->keyed ? g->dice_key : NULL, &ng);
  if (rc != MURK_OK) return rc;
  /* Set for the game, not by a command: the replay ends where the game would. */
  ng->last_turn = g->last_turn;
  char why[200];
  for (size_t i = 0; i + 1 < g->nlog; i++) {
    struct murk_command c;
    int col = 0;
    rc = murk_command_parse(murk_game_log_line(g, i), &c, why, sizeof why, &col);
    rc = rc == 1 ? murk_game_apply(ng, (enum murk_side)g->log_side[i], &c, why, sizeof why)
                 : MURK_EINVAL;
    if (rc != MURK_OK) {
      murk_game_free(ng);
      mk_reject(reason, reason_len, "cannot rebuild the game: %s", why);
      return rc == MURK_ENOMEM ? MURK_ENOMEM : MURK_EINVAL;
    }
  }
  struct murk_game tmp = *g;
  *g = *ng;
  *ng = tmp;
  /* Each keeps the saved state of its own block (game_block): apply()'s scratch copy. */
  ng->saved = g->saved;
  g->saved = tmp.saved;
  g->epoch = tmp.epoch + 1;
  memcpy(g->seat, tmp.seat, sizeof g->seat);
  g->level = tmp.level;
  g->has_parts = tmp.has_parts;
  memcpy(g->dice_parts, tmp.dice_parts, sizeof g->dice_parts);
  murk_game_free(ng);
  return MURK_OK;
}
