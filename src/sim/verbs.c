/* verbs.c: tries of the verbs the view says are legal now that neither player plans for
 * itself (players.h): arrivals from reserve, withdrawals, ambushes, reconnaissance moves,
 * lights, taking objectives away, No Man's Land's works, and placing in setup phases the
 * players do not know.
 * Each is filled from the view's fields: the units it names, the arrival cells it lists,
 * the own zone; never from the prompt's words. */
#include <stdlib.h>

#include "murk/alloc.h"
#include "murk/error.h"
#include "players.h"

/* Reserve kinds a `reserve N` try names (the game says which the side may hold). */
static const enum murk_reserve_kind reserve_kinds[] = {MURK_RESERVE_DEFAULT, MURK_RESERVE_DELAYED,
                                                       MURK_RESERVE_SCATTERED, MURK_RESERVE_MOBILE};

unsigned sim_planned_verbs(const struct murk_view* v) {
  switch (v->phase) {
    case MURK_PHASE_OBJECTIVES:
      return KIND(OBJECTIVE);
    case MURK_PHASE_RESERVES:
      return KIND(RESERVE);
    case MURK_PHASE_DEPLOY:
      /* Each platoon named as it goes down: templates named at the end of deployment
       * (`template`, `put`) spare people at one keyboard their passphrases, not players. */
      return KIND(DEPLOY) | KIND(TEMPLATE) | KIND(PUT);
    case MURK_PHASE_PLAY:
      return KIND(MOVE) | KIND(DIS) | KIND(REVEAL) | KIND(SPOT) | KIND(SHOOT) | KIND(ASSAULT);
    default:
      return 0;
  }
}

void sim_arrival_tries(struct ctx* c) {
  const struct murk_view* v = c->v;
  if (!sim_can(c, MURK_CMD_ARRIVE)) return;
  for (int i = 0; i < v->nplatoons; i++) {
    const struct murk_view_platoon* pl = &v->platoons[i];
    for (int a = 0; a < v->narrivals; a++) {
      const struct murk_view_arrival* ar = &v->arrivals[a];
      if (!sim_arrival_fits(pl, ar)) continue;
      /* The view lists every cell; the players draw from the first eight and aim a deep
       * strike at any cell of the table, as when the view listed only eight and none for a
       * deep strike, so murk sim plays the same games. */
      int ncells = ar->anywhere ? 0 : ar->ncells < 8 ? ar->ncells : 8;
      int tries = ncells > 0 ? 3 : ar->anywhere ? 3 : 0;
      for (int k = 0; k < tries; k++) {
        struct murk_command* cmd = sim_add(c, MURK_CMD_ARRIVE);
        if (!cmd) return;
        cmd->unit = sim_own(pl->index);
        cmd->at = ncells > 0 ? ar->cells[sim_pick(c->rng, ncells)] : sim_table_cell(c);
      }
    }
  }
}

void sim_deep_strike_tries(struct ctx* c) {
  const struct murk_view* v = c->v;
  if (!sim_can(c, MURK_CMD_RESERVE)) return;
  /* The view says which platoons may deep strike (the players compute no rule); one coin
   * per decision, so a side holds some of them, not always all. */
  for (int i = 0; i < v->nplatoons; i++) {
    if (!v->platoons[i].may_deep_strike) continue;
    if (sim_pick(c->rng, 2) == 0) return;
    struct murk_command* cmd = sim_add(c, MURK_CMD_RESERVE);
    if (!cmd) return;
    cmd->unit = sim_own(v->platoons[i].index);
    cmd->reserve = MURK_RESERVE_DEEP;
    return;
  }
}

/* A random own platoon held in ambush (roster index), -1 if none. */
static int ambush_platoon(struct ctx* c) {
  const struct murk_view* v = c->v;
  int ok = 0;
  for (int i = 0; i < v->nplatoons; i++)
    ok += v->platoons[i].state == MURK_PLATOON_RESERVE && v->platoons[i].ambush;
  int want = sim_pick(c->rng, ok);
  for (int i = 0; i < v->nplatoons; i++)
    if (v->platoons[i].state == MURK_PLATOON_RESERVE && v->platoons[i].ambush && want-- == 0)
      return v->platoons[i].index;
  return -1;
}

/* Where a platoon coming onto the table might go: the own zone, near an own unit, or any
 * free cell. */
static struct murk_pos placing_cell(struct ctx* c) {
  int r = sim_pick(c->rng, 10);
  if (r < 5 && c->v->own_zone) return sim_zone_cell(c);
  if (r < 8 && c->nunits > 0) return sim_near_cell(c, c->units[sim_pick(c->rng, c->nunits)].pos, 4);
  return sim_table_cell(c);
}

/* Is p one of the view's placement cells? */
static bool listed(const struct murk_view* v, struct murk_pos p) {
  for (int i = 0; i < v->nplace_cells; i++)
    if (murk_pos_eq(v->place_cells[i], p)) return true;
  return false;
}

/* No Man's Land's works (`build at X,Y X,Y`): from a cell the view lists, along its row one
 * way while the cells stay listed; the longest first, then shorter, then the one cell (the
 * game says how long a piece may be). */
#define BUILD_REACH 12
static bool build_tries(struct ctx* c) {
  const struct murk_view* v = c->v;
  if (v->nplace_cells <= 0) return false;
  struct murk_pos from = v->place_cells[sim_pick(c->rng, v->nplace_cells)];
  int dx = sim_pick(c->rng, 2) ? 1 : -1, n = 0;
  while (n < BUILD_REACH && listed(v, (struct murk_pos){from.x + dx * (n + 1), from.y})) n++;
  for (int k = n; k >= 0; k -= k > 2 ? 2 : 1) {
    struct murk_command* cmd = sim_add(c, MURK_CMD_BUILD);
    if (!cmd) return false;
    cmd->at = from;
    cmd->at2 = (struct murk_pos){from.x + dx * k, from.y};
  }
  return true;
}

/* One try of verb k; false when there is nothing to name. */
static bool one_try(struct ctx* c, enum murk_command_kind k) {
  const struct murk_view* v = c->v;
  struct murk_command tmp;
  struct murk_command* cmd = &tmp;
  int p = -1;
  const struct unit* u = NULL;
  switch (k) {
    case MURK_CMD_OBJECTIVE:
      if (!(cmd = sim_add(c, k))) return false;
      cmd->at = sim_table_cell(c);
      return true;
    case MURK_CMD_RESERVE:
      if ((p = sim_random_platoon(c, MURK_PLATOON_WAITING)) < 0) return false;
      if (!(cmd = sim_add(c, k))) return false;
      cmd->unit = sim_own(p);
      cmd->reserve = reserve_kinds[sim_pick(c->rng, 4)];
      return true;
    case MURK_CMD_DEPLOY:
      p = sim_random_platoon(c, MURK_PLATOON_WAITING);
      if (!(cmd = sim_add(c, k))) return false;
      if (p >= 0)
        cmd->unit = sim_own(p);
      else
        cmd->unit.kind = MURK_REF_DUMMY;
      cmd->at = v->phase == MURK_PHASE_INFILTRATE ? placing_cell(c) : sim_zone_cell(c);
      return true;
    case MURK_CMD_ARRIVE:
      sim_arrival_tries(c);
      return true;
    case MURK_CMD_AMBUSH:
      if (v->phase == MURK_PHASE_RESERVES) {
        if ((p = sim_random_platoon(c, MURK_PLATOON_WAITING)) < 0) return false;
        if (!(cmd = sim_add(c, k))) return false;
        cmd->unit = sim_own(p);
        return true;
      }
      if ((p = ambush_platoon(c)) < 0) return false;
      if (!(cmd = sim_add(c, k))) return false;
      cmd->unit = sim_own(p);
      cmd->at = placing_cell(c);
      return true;
    case MURK_CMD_RECCE:
    case MURK_CMD_WITHDRAW:
      if (!(u = sim_random_unit(c, SIM_ANY))) return false;
      if (k == MURK_CMD_WITHDRAW && u->dummy) return false;
      if (!(cmd = sim_add(c, k))) return false;
      cmd->unit = u->ref;
      if (k == MURK_CMD_RECCE) cmd->at = sim_near_cell(c, u->pos, 1 + sim_pick(c->rng, 6));
      return true;
    case MURK_CMD_REMOVE:
      if (v->nobjectives == 0) return false;
      if (!(cmd = sim_add(c, k))) return false;
      murk_command_remove_objective(cmd, v->objectives[sim_pick(c->rng, v->nobjectives)].name);
      return true;
    case MURK_CMD_STARSHELL:
    case MURK_CMD_ILLUMINATE: {
      if (!(u = sim_random_unit(c, SIM_REVEALED))) return false;
      if (!(cmd = sim_add(c, k))) return false;
      cmd->unit = u->ref;
      /* Over an enemy where there is one in view, else somewhere ahead. */
      struct murk_pos at =
          c->nfoes > 0 ? c->foes[sim_pick(c->rng, c->nfoes)].pos : sim_near_cell(c, u->pos, 8);
      cmd->at = sim_near_cell(c, at, 2);
      return true;
    }
    case MURK_CMD_PATROL: { /* No Man's Land: a platoon the view says may go out */
      int ok = 0, want;
      for (int i = 0; i < v->nplatoons; i++) ok += v->platoons[i].may_deploy;
      if (ok == 0 || v->nplace_cells <= 0) return false;
      want = sim_pick(c->rng, ok);
      for (int i = 0; i < v->nplatoons && p < 0; i++)
        if (v->platoons[i].may_deploy && want-- == 0) p = v->platoons[i].index;
      if (!(cmd = sim_add(c, k))) return false;
      cmd->unit = sim_own(p);
      cmd->at = sim_zone_cell(c);
      return true;
    }
    case MURK_CMD_REVEAL: { /* an independent waiting off the table, with a revealed platoon */
      int ind = -1, host = 0;
      for (int i = 0; i < v->nplatoons; i++) {
        const struct murk_view_platoon* q = &v->platoons[i];
        if (q->state == MURK_PLATOON_WAITING &&
            (q->flags & (MURK_PF(INDEPENDENT) | MURK_PF(WARRIOR))) && ind < 0)
          ind = q->index;
        if (q->state == MURK_PLATOON_REVEALED && q->marker > 0 && !host) host = q->marker;
      }
      if (ind < 0 || !host || !(cmd = sim_add(c, k))) return false;
      cmd->unit = sim_own(ind);
      cmd->target = (struct murk_ref){MURK_REF_PLATOON, host};
      return true;
    }
    case MURK_CMD_BUILD:
      return build_tries(c);
    case MURK_CMD_SPOT:
      return sim_add(c, k) != NULL;
    case MURK_CMD_ADJUST: {
      /* Limited Intelligence, a deployment roll won: the leader the view names (the game
       * refuses every other) a few cells any way, else where it stands (always taken). Left
       * unanswered, the step's `end` would end every other unit's move with it. */
      const struct murk_view_marker* m =
          v->adjust_leader > 0 ? murk_view_marker_by_number(v, v->side, v->adjust_leader) : NULL;
      if (!m) {
        if (!(u = sim_random_unit(c, SIM_ANY))) return false;
        if (!(cmd = sim_add(c, k))) return false;
        cmd->unit = u->ref;
        cmd->at = sim_near_cell(c, u->pos, sim_pick(c->rng, 4));
        return true;
      }
      struct murk_ref leader = {MURK_REF_MARKER, v->adjust_leader};
      if (!(cmd = sim_add(c, k))) return false;
      cmd->unit = leader;
      cmd->at = sim_near_cell(c, m->pos, sim_pick(c->rng, v->adjust_cells + 1));
      if (!(cmd = sim_add(c, k))) return false;
      cmd->unit = leader;
      cmd->at = m->pos;
      return true;
    }
    default:
      /* move, reveal, shoot, assault: the players' own; dis is left alone (the counters
       * follow their leader, and reshaping a wing's area at random is nearly always
       * refused); end: the players say when. */
      return false;
  }
}

void sim_other_tries(struct ctx* c, unsigned verbs, int count) {
  enum murk_command_kind kinds[MURK_CMD_COUNT];
  int n = 0;
  for (int k = 0; k < MURK_CMD_COUNT; k++)
    if (verbs & (1u << k)) kinds[n++] = (enum murk_command_kind)k;
  if (n == 0) return;
  for (int i = 0; i < count && !c->oom; i++) {
    enum murk_command_kind k = kinds[sim_pick(c->rng, n)];
    if (k == MURK_CMD_ARRIVE) {
      /* All of them at once: they come from a list, not a draw. */
      if (i == 0) sim_arrival_tries(c);
      continue;
    }
    one_try(c, k);
  }
}

void sim_place_tries(struct ctx* c, bool draw) {
  const struct murk_view* v = c->v;
  int number = v->place_platoon;
  if (number <= 0 || !sim_can(c, MURK_CMD_PLACE)) return;
  struct murk_ref ref = {MURK_REF_PLATOON, number};
  int others = 0;
  for (int i = 0; i < v->nplatoons; i++)
    if (v->platoons[i].marker == number) others = v->platoons[i].nteams - 1;
  if (others > MURK_CMD_MAX_WAYPOINTS) others = MURK_CMD_MAX_WAYPOINTS;
  if (draw && others > 0) {
    /* Cells drawn from those the view allows (murk_view_reveal_cells), each once. */
    size_t ncells = (size_t)c->w * (size_t)c->h;
    unsigned char* cells = murk_calloc(ncells ? ncells : 1, 1);
    if (!cells) {
      c->oom = true;
      return;
    }
    int n = murk_view_reveal_cells(v, number, cells, 1);
    struct murk_command* cmd = n > 0 ? sim_add(c, MURK_CMD_PLACE) : NULL;
    if (cmd) {
      cmd->unit = ref;
      while (cmd->nvia < others && n > 0) {
        int want = sim_pick(c->rng, n);
        for (size_t i = 0; i < ncells; i++) {
          if (!cells[i] || want-- > 0) continue;
          cells[i] = 0;
          cmd->via[cmd->nvia++] =
              (struct murk_pos){(int)(i % (size_t)c->w), (int)(i / (size_t)c->w)};
          break;
        }
        n--;
      }
    }
    murk_free(cells);
  }
  /* The rule's own placement: always taken. */
  struct murk_command* cmd = sim_add(c, MURK_CMD_PLACE);
  if (cmd) cmd->unit = ref;
}
