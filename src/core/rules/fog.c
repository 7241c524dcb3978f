/* fog.c: the Fog of War rules of Luneville - template movement and bogging, revealing
 * (by the owner and by enemy spotting), and placing a platoon's teams when it is revealed
 * (the cells: fog_place.c). Our reading of every point the text leaves open is in docs/rules.md. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "event.h"
#include "fog.h"
#include "intel.h"
#include "marker.h"
#include "move.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/sight.h"
#include "night.h"
#include "placing.h"
#include "sight.h"
#include "state.h"

/* ---- paths ---- */

struct path {
  struct murk_pos* cells; /* cells entered, in order (the start cell is not one) */
  int n;
};

/* Judge a move of `side` (by marker mi, or by the teams of unit `unit`) as move.c does for
 * every kind of mover; on MURK_OK *v holds the verdict and, for one the game goes on with,
 * the path (the caller frees v->path). Refusals every mover words alike are written here. */
static int judge(const struct murk_game* g, enum murk_side side, int mi, int unit,
                 struct murk_pos start, const struct murk_command* c,
                 const struct mk_move_rule* rule, struct mk_move_verdict* v, char* reason,
                 size_t reason_len, uint64_t busy[MK_BUSY_WORDS], bool* has_busy) {
  struct mk_move_truth t = {.g = g, .side = side, .self_mi = mi, .self_unit = unit};
  struct mk_move_board b;
  mk_move_board_known(&t, &b); /* judged by what the side knows */
  struct murk_pos pts[MURK_CMD_MAX_WAYPOINTS + 1];
  int npts = mk_move_points(c, pts);
  mk_move_judge(&b, rule, start, pts, npts, true, v);
  int rc = mk_move_refusal(v, start, reason, reason_len);
  if (rc != MURK_OK) {
    murk_free(v->path);
    v->path = NULL;
  }
  /* The bitset of mk_busy_cells the board was judged on, for a caller that would make the
   * same one next (judging writes nothing). */
  if (busy) {
    *has_busy = t.has_busy;
    size_t cells = (size_t)g->m->grid.width * (size_t)g->m->grid.height;
    if (t.has_busy) memcpy(busy, t.busy, (cells + 63) / 64 * sizeof *busy);
  }
  return rc;
}

/* Hidden contact (docs/rules.md): the first of the first n cells of the path where an enemy
 * stands that the side did not know of, or -1. */
static int first_hidden_enemy(const struct murk_game* g, enum murk_side side, const struct path* p,
                              int n, const uint64_t* busy) {
  const struct mk_state* s = &g->s;
  for (int i = 0; i < n && i < p->n; i++) {
    if (busy && !mk_busy_at(g, busy, p->cells[i])) continue; /* nothing stands there */
    int mi = mk_marker_index_at(s, p->cells[i]);
    if (mi >= 0 && s->markers[mi].owner != side) return i;
    enum murk_side ts;
    if (mk_team_at(s, p->cells[i], &ts, NULL) && ts != side) return i;
  }
  return -1;
}

static int first_difficult(const struct murk_game* g, const struct path* p) {
  for (int i = 0; i < p->n; i++)
    if (mk_terrain_at(g, p->cells[i])->cls == MURK_TERRAIN_DIFFICULT) return i;
  return -1;
}

/* A bogging check (Luneville, Moving platoons: "regardless of what the platoon template is
 * actually representing"). Returns true if bogged. The roll is public. */
static bool bog_check(struct murk_game* g, const char* handle, bool freeing,
                      enum murk_audience aud) {
  struct murk_dice_expr die = murk_mission_param_dice(g->m, MURK_P_FOW_BOG_DIE);
  int fail = murk_mission_param(g->m, MURK_P_FOW_BOG_FAIL);
  char purpose[MURK_ROLL_PURPOSE];
  mk_format(purpose, sizeof purpose, "bogging check %s", handle);
  /* Heard by the enemy only where it sees the cell (sight.c): a roll out of sight would tell
   * where an unseen marker went. */
  int total = murk_roll(g, &die, purpose, aud, NULL);
  bool bogged = total <= fail;
  mk_event_append(g, ": %s",
                  bogged ? (freeing ? "still bogged" : "bogged") : (freeing ? "free" : "passed"));
  return bogged;
}

/* ---- moving ---- */

static const char* class_word(enum murk_terrain_class c) {
  return c == MURK_TERRAIN_ROAD ? "road" : c == MURK_TERRAIN_DIFFICULT ? "difficult" : "open";
}

static const char* class_phrase(enum murk_terrain_class c) {
  return c == MURK_TERRAIN_ROAD        ? "on roads"
         : c == MURK_TERRAIN_DIFFICULT ? "through difficult terrain"
                                       : "through open ground";
}

/* The ground a refusal names: a move whose open ground is all railway (which counts as open
 * ground for a template: docs/rules.md) runs over the railway (along it or across it), and says so.
 */
static const char* ground_phrase(const struct murk_game* g, const struct path* p,
                                 enum murk_terrain_class slowest) {
  if (slowest != MURK_TERRAIN_OPEN || !p->cells) return class_phrase(slowest);
  for (int i = 0; i < p->n; i++) {
    const struct murk_terrain* t = mk_terrain_at(g, p->cells[i]);
    if (!t || (mk_move_class(t->cls) == MURK_TERRAIN_OPEN && t->cls != MURK_TERRAIN_RAILWAY))
      return class_phrase(slowest);
  }
  return "over the railway (as through open ground)";
}

/* ASL night rules E1.532: a strayer that enters a cell holding a friendly unit on the part of its
 * way it still covers (the first half) is no longer straying and goes on the whole way
 * ordered (the text: "may use the remainder of its MF"; cut after that). Any own marker
 * counts, dummy or not, so the strayer's distance never tells the enemy what a counter
 * holds (murk's choice; the text asks for a Good Order unit, and murk has no broken ones).
 * Told as the movement roll was. */
static bool stray_contact(struct murk_game* g, enum murk_side side, const char* handle, int mi,
                          int unit, const struct path* p, enum murk_audience aud, bool split) {
  if (mk_night_friendly_contact(g, side, mi, unit, p->cells, p->n / 2) < 0) return false;
  mk_emit(g, MURK_EV_INFO, aud, side, "%s finds friends on its way: it goes on as ordered", handle);
  if (split) mk_event_split(g, side);
  return true;
}

/* ASL night rules E1.55: jitter fire after a move; a counter that gives itself away is revealed
 * here (night.c says which), then its platoon flashes. */
static void jitter_fire(struct murk_game* g, enum murk_side side, int mi, int unit,
                        struct murk_pos at, int total) {
  int lost = mk_night_jitter(g, side, mi, unit, at, total);
  if (lost < 0) return;
  mk_fog_lose_marker(g, lost);
  mk_night_jitter_flash(g, lost);
}

/* Luneville, Moving platoons: a template moves a fixed distance by terrain, whatever it
 * hides; the slowest class of terrain entered governs the whole move. A cloaking counter
 * moves the same way at its own allowance (marker.c: the operations of its kind). */
int mk_fog_move_template(struct murk_game* g, enum murk_side side, int mi, int unit,
                         const struct murk_command* c, char* reason, size_t reason_len) {
  (void)unit;
  struct mk_state* s = &g->s;
  struct mk_marker* mk = &s->markers[mi];
  const struct mk_marker_ops* ops = mk_marker_ops(g, mi);
  if (mk->bogged)
    return mk_reject(reason, reason_len,
                     "T%d is bogged: it may move once it passes a bogging check at the start of "
                     "your turn",
                     mk->number);
  if (mk->moved)
    return mk_reject(reason, reason_len, "T%d has already moved this step", mk->number);
  struct mk_move_rule rule;
  mk_move_allowance(g, side, mi, -1, &rule); /* template, cloak (ASL night rules E1.42) */
  struct mk_move_verdict v;
  int rc = judge(g, side, mi, -1, mk->pos, c, &rule, &v, reason, reason_len, NULL, NULL);
  if (rc != MURK_OK) return rc;
  struct path p = {v.path, v.cells};
  enum murk_terrain_class slowest = v.slowest;
  int allow = v.allow;
  struct murk_pos dest = c->at;
  char ds[16];
  murk_pos_format(dest, ds, sizeof ds);
  if (v.why == MK_MOVE_TOO_FAR) {
    char len[32];
    mk_cells_text(g, allow, len, sizeof len);
    /* At night the mission's length less the night's cell (ASL night rules E1.51): said so, or
     * the length in brackets would not be the one the mission gives. */
    bool night = mk_night_move_cost(g, side, mi, -1, mk_move_class(slowest)) > 0;
    rc = mk_reject(reason, reason_len, "that is %d cells; a %s may move %d (%s) %s%s", p.n,
                   mk_marker_ops(g, mi)->name, allow, len, ground_phrase(g, &p, slowest),
                   night ? ", a cell less at night" : "");
  }
  if (v.why == MK_MOVE_TAKEN)
    rc = mk_reject(reason, reason_len,
                   "%s is taken: a %s may not end its move on another "
                   "marker or team",
                   ds, mk_marker_ops(g, mi)->name);
  if (rc != MURK_OK) {
    murk_free(p.cells);
    return rc;
  }
  char handle[16], from[16], to[16];
  mk_format(handle, sizeof handle, "T%d", mk->number);
  struct murk_pos start = mk->pos;
  int moved = p.n;
  mk_night_unhide(g, mi); /* ASL night rules E1.2: a hidden counter that moves is a "?" from then
                             on */
  /* ASL night rules E1.53: at night the movement roll first; a strayer goes half as far. Heard
   * where the enemy sees it start, the mover's copy saying nothing of who heard. */
  int jitter = 0;
  enum murk_audience saud =
      ops->seen_anywhere ? MURK_AUD_ALL : mk_sight_audience(g, side, start, start, false);
  if (mk_night_strays(g, side, handle, saud, !ops->seen_anywhere, -1, p.cells, p.n, &jitter) &&
      !stray_contact(g, side, handle, mi, -1, &p, saud, !ops->seen_anywhere)) {
    /* Back to the last cell the side knows free: an enemy it does not know of there is met
     * by the hidden contact below, as on any move (judged by the true board, the strayer
     * would stop short of it in silence and so find it). */
    moved = p.n / 2;
    while (moved > 0 && !mk_cell_known_free(g, side, p.cells[moved - 1])) moved--;
  }
  /* An enemy it did not know of stops it in the last free cell before (Hidden contact). */
  int hit = first_hidden_enemy(g, side, &p, moved, NULL);
  if (hit >= 0) {
    moved = hit;
    while (moved > 0 && !mk_cell_free(s, p.cells[moved - 1])) moved--;
  }
  int fd = first_difficult(g, &p);
  bool bogged = false;
  if (fd >= 0 && fd < moved && ops->bogs && bog_check(g, handle, false, MURK_AUD_ALL)) {
    /* A bogged template stops in the first difficult cell it entered, or if one of its own
     * side's markers or teams stands there, in the last free cell before it. */
    bogged = true;
    mk->bogged = true;
    moved = fd + 1;
    while (moved > 0 && !mk_cell_free(s, p.cells[moved - 1])) moved--;
  }
  if (moved > 0) mk->pos = p.cells[moved - 1];
  mk->moved = true;
  murk_pos_format(start, from, sizeof from);
  murk_pos_format(mk->pos, to, sizeof to);
  /* Templates stand in the open for both sides (Luneville); a cloaking counter's move is heard
   * where the enemy sees either end (ASL night rules E1.101; sight.c). */
  enum murk_audience aud =
      ops->seen_anywhere ? MURK_AUD_ALL : mk_sight_audience(g, side, start, mk->pos, false);
  if (bogged)
    mk_emit(g, MURK_EV_MOVE, aud, side,
            "%s %s moves %s -> %s (%d cell%s, %s) and bogs down there (ordered to %s)",
            murk_side_name(side), handle, from, to, moved, mk_plural(moved), class_word(slowest),
            ds);
  else
    mk_emit(g, MURK_EV_MOVE, aud, side, "%s %s moves %s -> %s (%d cell%s, %s)",
            murk_side_name(side), handle, from, to, moved, mk_plural(moved), class_word(slowest));
  mk_event_facts(g, mk->number, &start, &mk->pos);
  /* Seen only where the enemy sees it: the mover's copy says nothing of who saw it. */
  if (!ops->seen_anywhere) mk_event_split(g, side);
  bool revealed = ops->lost_in_light && mk_night_cloak_after_move(g, mi, p.cells, moved);
  if (revealed) mk_fog_lose_marker(g, mi);
  if (hit >= 0) mk_hidden_contact(g, side, handle, mk->pos, p.cells[hit]);
  /* ASL night rules E1.55: jitter fire, once the move is made. */
  if (jitter > 0) jitter_fire(g, side, revealed ? -1 : mi, mk->unit, mk->pos, jitter);
  murk_free(p.cells);
  return MURK_OK;
}

/* Is p free but for the unit's own teams? busy as cell_ok's. */
static bool free_for_unit(const struct murk_game* g, enum murk_side side,
                          const struct mk_unit_state* u, struct murk_pos p, const uint64_t* busy) {
  const struct mk_state* s = &g->s;
  if (busy && !mk_busy_at(g, busy, p)) return true;
  if (mk_marker_index_at(s, p) >= 0) return false;
  enum murk_side ts;
  int tt;
  if (!mk_team_at(s, p, &ts, &tt)) return true;
  return ts == side && tt >= u->first_team && tt < u->first_team + u->nteams &&
         !s->teams[ts][tt].bailed;
}

/* free_for_unit by what `side` knows: its own things and the enemies it knows of. */
static bool known_free_for_unit(const struct murk_game* g, enum murk_side side,
                                const struct mk_unit_state* u, struct murk_pos p,
                                const uint64_t* busy) {
  if (busy && !mk_busy_at(g, busy, p)) return true;
  enum murk_side ts;
  int tt;
  if (mk_team_at(&g->s, p, &ts, &tt) && ts == side && tt >= u->first_team &&
      tt < u->first_team + u->nteams && !g->s.teams[ts][tt].bailed)
    return true;
  return mk_cell_known_free(g, side, p);
}

/* Revealed platoons move too (engine model, not from the rule texts; docs/rules.md): the
 * first team moves along the path at the slowest team's allowance and the others keep
 * their places around it as far as the ground allows. */
static int move_platoon(struct murk_game* g, enum murk_side side, int unit,
                        const struct murk_command* c, char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  struct mk_unit_state* u = &s->units[side][unit];
  const struct murk_grid* grid = &g->m->grid;
  int number = u->marker;
  if (u->bogged)
    return mk_reject(reason, reason_len,
                     "P%d is bogged: it may move once it passes a bogging check at the start of "
                     "your turn",
                     number);
  if (u->moved) return mk_reject(reason, reason_len, "P%d has already moved this step", number);
  /* A bailed out vehicle stays where it is until its crew remounts (docs/rules.md,
   * "Shooting"): the others move without it. */
  int lead = -1, bailed = 0;
  bool vehicle = (mk_unit_platoon(g, side, unit)->flags & MURK_PF(VEHICLE)) != 0;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
    const struct mk_team* tm = &s->teams[side][t];
    if (!tm->alive || !tm->placed) continue;
    if (tm->bailed) {
      bailed++;
      continue;
    }
    if (lead < 0) lead = t;
    if (mk_team_profile(g, side, t)->vehicle) vehicle = true;
  }
  if (lead < 0 && bailed > 0)
    return mk_reject(reason, reason_len,
                     "every team of P%d on the table is bailed out: it may move once a crew "
                     "remounts (a motivation test at the start of your turn)",
                     number);
  struct mk_move_rule rule;
  if (lead < 0 || !mk_move_allowance(g, side, -1, unit, &rule))
    return mk_reject(reason, reason_len, "P%d has no teams on the table", number);
  struct murk_pos start = s->teams[side][lead].pos;
  int rc0 = mk_move_pinned_refusal(g, side, unit, start, c->at, reason, reason_len);
  if (rc0 != MURK_OK) return rc0;
  struct mk_move_verdict v;
  uint64_t busy[MK_BUSY_WORDS];
  bool has_busy = false;
  int rc = judge(g, side, -1, unit, start, c, &rule, &v, reason, reason_len, busy, &has_busy);
  if (rc != MURK_OK) return rc;
  struct path p = {v.path, v.cells};
  int allow = v.allow;
  if (v.why == MK_MOVE_TOO_FAR) {
    char len[32];
    mk_cells_text(g, allow, len, sizeof len);
    rc = mk_reject(reason, reason_len, "that is %d cells; P%d may move %d (%s)", p.n, number, allow,
                   len);
  }
  if (v.why == MK_MOVE_TAKEN) {
    char ds[16];
    murk_pos_format(c->at, ds, sizeof ds);
    rc = mk_reject(reason, reason_len, "%s is taken by another marker or team", ds);
  }
  if (rc != MURK_OK) {
    murk_free(p.cells);
    return rc;
  }
  /* From here until the teams are down nothing moves but this platoon's teams: where
   * anything might stand is found once and each team put down adds its cell (a lifted
   * team's old cell stays in: more than stands there is fine), so the look-ups below skip
   * the roster for every cell outside it: the judgement above made it (mk_busy_cells). */
  const uint64_t* kb = has_busy ? busy : NULL;
  char handle[16];
  mk_format(handle, sizeof handle, "P%d", number);
  int moved = p.n;
  bool flash = mk_night_flashing(g, side, unit);
  /* ASL night rules E1.53: at night the movement roll first; a strayer goes half as far. */
  int jitter = 0;
  /* Whether the enemy sees the start cell: asked once, as nothing of the enemy's moves or
   * changes its sight during this move (only this platoon's teams and what is known). */
  /* The enemy's union of sight, kept for the questions of this move (its units and
   * markers stand still; a contact changes only what is known). */
  struct mk_sight_memo memo = {0};
  enum murk_audience start_aud = mk_sight_audience_memo(g, side, start, start, flash, &memo);
  enum murk_audience raud = start_aud;
  if (raud != MURK_AUD_ALL && mk_sight_unit_seen_memo(g, murk_side_other(side), unit, &memo))
    raud = MURK_AUD_ALL;
  bool rsplit = g->s.phase == MURK_PHASE_PLAY &&
                mk_sight_range(g, murk_side_other(side)) < MURK_SIGHT_UNLIMITED;
  if (mk_night_strays(g, side, handle, raud, rsplit, unit, p.cells, p.n, &jitter) &&
      !stray_contact(g, side, handle, -1, unit, &p, raud, rsplit)) {
    /* To the last cell the side knows free (as a template, above). */
    moved = p.n / 2;
    while (moved > 0 && !known_free_for_unit(g, side, u, p.cells[moved - 1], kb)) moved--;
  }
  int hit = first_hidden_enemy(g, side, &p, moved, kb); /* Hidden contact */
  if (hit >= 0) {
    moved = hit;
    while (moved > 0 && !free_for_unit(g, side, u, p.cells[moved - 1], kb)) moved--;
  }
  int fd = first_difficult(g, &p);
  bool bogged = false;
  if (fd >= 0 && fd < moved && vehicle &&
      bog_check(g, handle, false,
                mk_sight_audience_memo(g, side, start, p.cells[fd], flash, &memo))) {
    bogged = true;
    u->bogged = true;
    moved = fd + 1;
    while (moved > 0 && !free_for_unit(g, side, u, p.cells[moved - 1], kb)) moved--;
  }
  struct murk_pos end = moved > 0 ? p.cells[moved - 1] : start;
  struct murk_pos met = hit >= 0 ? p.cells[hit] : start;
  murk_free(p.cells);

  /* Lift the platoon, put the first team down, then the others where their old offset
   * puts them if that cell is free and within command distance, else the nearest free. */
  struct murk_axial a0 = murk_geom_to_axial(grid, start);
  struct murk_axial a1 = murk_geom_to_axial(grid, end);
  struct murk_pos old[MURK_MISSION_MAX_GROUPS * MURK_MISSION_MAX_TEAMS];
  int idx[MURK_MISSION_MAX_GROUPS * MURK_MISSION_MAX_TEAMS];
  int nt = 0;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
    struct mk_team* tm = &s->teams[side][t];
    if (!tm->alive || !tm->placed || tm->bailed) continue;
    old[nt] = tm->pos;
    idx[nt++] = t;
    tm->placed = false;
  }
  int cmd = mk_unit_platoon(g, side, unit)->command_distance;
  if (cmd < 1) cmd = 1;
  s->teams[side][lead].pos = end;
  s->teams[side][lead].placed = true;
  if (kb) mk_busy_add(g, busy, end);
  for (int i = 0; i < nt; i++) {
    if (idx[i] == lead) continue;
    struct murk_axial a = murk_geom_to_axial(grid, old[i]);
    a.q += a1.q - a0.q;
    a.r += a1.r - a0.r;
    struct murk_pos want = murk_geom_from_axial(grid, a);
    struct murk_pos got = want;
    if (!(mk_fog_cell_ok(g, side, want, NULL, kb) && murk_geom_distance(grid, want, end) <= cmd) &&
        !mk_fog_nearest_free(g, side, end, NULL, kb, &got))
      continue; /* the table is full: the team stays off it */
    /* An enemy it did not know of there: a contact, then the nearest cell free as far as
     * the side now knows (docs/rules.md, "Hidden contact"). */
    bool full = false;
    while (!full && !g->oom && mk_fog_enemy_met(g, side, unit, end, got, kb))
      full = !mk_fog_nearest_free(g, side, end, NULL, kb, &got);
    if (full) continue;
    s->teams[side][idx[i]].pos = got;
    s->teams[side][idx[i]].placed = true;
    if (kb) mk_busy_add(g, busy, got);
  }
  u->moved = true;
  u->fresh = false; /* gone from where it was revealed: no independent joins it now */
  char from[16], to[16];
  murk_pos_format(start, from, sizeof from);
  murk_pos_format(end, to, sizeof to);
  /* The enemy hears of it where it saw the platoon start or sees one of its teams now. */
  enum murk_audience aud = start_aud;
  if (aud != MURK_AUD_ALL && mk_sight_unit_seen_memo(g, murk_side_other(side), unit, &memo))
    aud = MURK_AUD_ALL;
  if (bogged) {
    char ds[16]; /* where it was ordered: told only when it bogs */
    murk_pos_format(c->at, ds, sizeof ds);
    mk_emit(g, MURK_EV_MOVE, aud, side,
            "%s %s moves %s -> %s (%d cell%s) and bogs down there (ordered to %s)",
            murk_side_name(side), handle, from, to, moved, mk_plural(moved), ds);
  } else {
    mk_emit(g, MURK_EV_MOVE, aud, side, "%s %s moves %s -> %s (%d cell%s)", murk_side_name(side),
            handle, from, to, moved, mk_plural(moved));
  }
  mk_event_facts(g, number, &start, &end);
  /* Out of sight of the enemy in play, the mover's copy says nothing of who saw it. */
  if (g->s.phase == MURK_PHASE_PLAY &&
      mk_sight_range(g, murk_side_other(side)) < MURK_SIGHT_UNLIMITED)
    mk_event_split(g, side);
  if (hit >= 0) mk_hidden_contact(g, side, handle, end, met);
  if (jitter > 0) jitter_fire(g, side, -1, unit, end, jitter); /* ASL night rules E1.55 */
  return MURK_OK;
}

int mk_fog_not_on_table(const struct murk_game* g, enum murk_side side, int unit, char* reason,
                        size_t reason_len) {
  const struct mk_unit_state* u = &g->s.units[side][unit];
  const char* name = mk_unit_platoon(g, side, unit)->name;
  switch (u->state) {
    case MURK_PLATOON_RESERVE:
      return mk_reject(reason, reason_len, "platoon %d (%s) is in reserve", unit + 1, name);
    case MURK_PLATOON_DESTROYED:
      return mk_reject(reason, reason_len, "platoon %d (%s) is destroyed", unit + 1, name);
    default:
      break;
  }
  return mk_reject(reason, reason_len, "platoon %d (%s) is not on the table", unit + 1, name);
}

/* A revealed platoon moves at its slowest team's pace; under Limited Intelligence
 * what it then sees is spotted. */
int mk_fog_move_platoon(struct murk_game* g, enum murk_side side, int mi, int unit,
                        const struct murk_command* c, char* reason, size_t reason_len) {
  (void)mi;
  int rc = move_platoon(g, side, unit, c, reason, reason_len);
  if (rc == MURK_OK && mk_intel_on(g)) rc = mk_intel_after_platoon_move(g, side, unit);
  return rc;
}

/* ---- revealing ---- */

/* Luneville, Revealing platoons: independent teams and warriors not deployed at the start
 * are revealed with a platoon of their force: the owner says which (`reveal I at Pn`), and
 * the first team goes on the free cell nearest to that platoon's first team. */
static int reveal_independent(struct murk_game* g, enum murk_side side, int k, int host_number,
                              char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  int host = -1;
  for (int i = 0; i < s->nunits[side] && host < 0; i++)
    if (s->units[side][i].state == MURK_PLATOON_REVEALED && s->units[side][i].marker == host_number)
      host = i;
  if (host < 0)
    return mk_reject(reason, reason_len,
                     "P%d is none of your revealed platoons: an independent comes on with one",
                     host_number);
  const struct mk_unit_state* h = &s->units[side][host];
  /* "revealed with any platoon": as that platoon is revealed, where it was revealed; murk
   * lets the owner say so until the platoon moves or the owner's next turn is over, since a
   * platoon the enemy spots is revealed in the enemy's turn. */
  if (!h->fresh)
    return mk_reject(reason, reason_len,
                     "P%d was revealed before: an independent comes on with a platoon as it is "
                     "revealed (until it moves or your turn ends)",
                     host_number);
  struct murk_pos anchor = {0, 0};
  bool have = false;
  for (int t = h->first_team; t < h->first_team + h->nteams && !have; t++)
    if (s->teams[side][t].alive && s->teams[side][t].placed) {
      anchor = s->teams[side][t].pos;
      have = true;
    }
  struct murk_pos centre;
  if (!have || !mk_fog_nearest_free(g, side, anchor, NULL, NULL, &centre))
    return mk_reject(reason, reason_len, "there is no room next to P%d", host_number);
  struct mk_unit_state* u = &s->units[side][k];
  const struct murk_platoon* pl = mk_unit_platoon(g, side, k);
  int mi = mk_marker_new(g, side, k, centre);
  if (mi < 0) return mk_reject(reason, reason_len, "no more markers fit on this table");
  mk_mark_irreversible(g);
  s->markers[mi].revealed = true;
  u->marker = s->markers[mi].number;
  u->state = MURK_PLATOON_REVEALED;
  mk_emit(g, MURK_EV_REVEAL, MURK_AUD_ALL, side, "%s P%d comes on with P%d: %s (%s, %d team%s)",
          murk_side_name(side), u->marker, h->marker, pl->name, pl->type, mk_unit_alive(s, side, k),
          mk_plural(mk_unit_alive(s, side, k)));
  mk_event_facts(g, u->marker, NULL, &centre);
  mk_fog_place_teams(g, side, k, centre, NULL, NULL);
  return MURK_OK;
}

bool mk_fog_reveal_cell_rule(int d_first, int cmd, int d_enemy, int d_enemy_first) {
  return d_first >= 1 && d_first <= cmd && (d_enemy_first == INT_MAX || d_enemy > d_enemy_first);
}

/* A template or a cloaking counter: revealed by mk_fog_reveal_marker (a wing is not). */
static bool fog_on_for_cells(const struct murk_game* g, int mi) {
  return g->s.markers[mi].kind != MURK_MARKER_WING;
}

/* The owner's cells for a template's other teams (`reveal N via X,Y ...`), judged by what
 * it knows: on the table, passable, free as far as it knows, within command distance of the
 * template's centre and farther from the nearest known enemy than the centre (Luneville,
 * Revealing platoons, last paragraph). */
static int check_reveal_cells(const struct murk_game* g, enum murk_side side, int unit,
                              struct murk_pos centre, const struct murk_command* c, char* reason,
                              size_t reason_len) {
  const struct mk_state* s = &g->s;
  const struct murk_grid* grid = &g->m->grid;
  int cmd = mk_unit_platoon(g, side, unit)->command_distance;
  if (cmd < 1) cmd = 1;
  int others = mk_unit_alive(s, side, unit) - 1;
  if (c->nvia > others)
    return mk_reject(reason, reason_len, "platoon %d has %d other team%s: %d cells given", unit + 1,
                     others, mk_plural(others), c->nvia);
  int d_centre = mk_known_nearest(g, side, centre, NULL);
  for (int i = 0; i < c->nvia; i++) {
    struct murk_pos p = c->via[i];
    char ps[16], cs[32];
    murk_pos_format(p, ps, sizeof ps);
    if (!mk_fog_cell_ok(g, side, p, NULL, NULL) || murk_pos_eq(p, centre))
      return mk_reject(reason, reason_len, "a team cannot be placed at %s: %s", ps,
                       !murk_geom_on_table(grid, p) ? "off the table"
                       : !mk_cell_passable(g->m, p) ? "the ground is impassable"
                                                    : "it is taken");
    for (int j = 0; j < i; j++)
      if (murk_pos_eq(c->via[j], p))
        return mk_reject(reason, reason_len, "%s is given twice: one team a cell", ps);
    int d = murk_geom_distance(grid, centre, p);
    int d_enemy = mk_known_nearest(g, side, p, NULL);
    if (mk_fog_reveal_cell_rule(d, cmd, d_enemy, d_centre)) continue;
    if (d > cmd) {
      mk_cells_text(g, cmd, cs, sizeof cs);
      return mk_reject(reason, reason_len,
                       "%s is %d cells from the template's centre: teams go within command "
                       "distance, %s (%d cells)",
                       ps, d, cs, cmd);
    }
    return mk_reject(reason, reason_len,
                     "%s is no farther from the enemy you know of than the template's centre: "
                     "the other teams go farther away",
                     ps);
  }
  return MURK_OK;
}

/* The teams of a revealed platoon go down around the template's centre; those with no room
 * are told of. */
static void place_revealed(struct murk_game* g, enum murk_side side, int unit, struct murk_pos at,
                           const struct murk_pos* revealer) {
  int left = mk_fog_place_teams(g, side, unit, at, revealer, NULL);
  if (left > 0)
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side, "%d team%s of P%d find no room on the table", left,
            left == 1 ? "" : "s", g->s.units[side][unit].marker);
}

/* Marker mi is turned over; `why`: the owner places what it held (MK_PLACE_SPOTTED with a
 * revealer, MK_PLACE_LOST), or -1: the rule places it now. */
static void reveal(struct murk_game* g, int mi, const struct murk_pos* revealer, int why) {
  struct mk_state* s = &g->s;
  struct mk_marker* mk = &s->markers[mi];
  if (mk->kind == MURK_MARKER_WING) { /* a Limited Intelligence wing: all of it (intel.c) */
    mk_intel_spotted(g, mi);
    return;
  }
  enum murk_side side = mk->owner;
  struct murk_pos at = mk->pos;
  char ps[16];
  murk_pos_format(at, ps, sizeof ps);
  mk_mark_irreversible(g);
  mk->on_table = false;
  mk->revealed = true;
  if (mk->unit < 0) {
    /* Luneville, Revealing platoons: a revealed dummy is simply taken off the table. */
    mk->bogged = false;
    mk_emit(g, MURK_EV_REVEAL, MURK_AUD_ALL, side, "%s T%d at %s was a dummy and is removed",
            murk_side_name(side), mk->number, ps);
    mk_event_facts(g, mk->number, &at, NULL);
    return;
  }
  struct mk_unit_state* u = &s->units[side][mk->unit];
  const struct murk_platoon* pl = mk_unit_platoon(g, side, mk->unit);
  u->state = MURK_PLATOON_REVEALED;
  u->fresh = true; /* independents may come on with it now (reveal_independent) */
  u->bogged = mk->bogged;
  u->moved = mk->moved;
  mk->bogged = false;
  mk_emit(g, MURK_EV_REVEAL, MURK_AUD_ALL, side, "%s T%d at %s revealed: %s (%s, %d team%s)",
          murk_side_name(side), mk->number, ps, pl->name, pl->type,
          mk_unit_alive(s, side, mk->unit), mk_plural(mk_unit_alive(s, side, mk->unit)));
  mk_event_facts(g, mk->number, &at, NULL);
  /* Luneville, Revealing platoons (and the ASL night rules 1.421, 1.43 for a cloak or "?"
   * lost): the texts say how a revealed platoon's teams go, not who puts them down; murk
   * lets the owner, whoever revealed it. The step waits for its `place` (mk_fog_place). */
  if (why >= 0 && mk_unit_alive(s, side, mk->unit) > 0 &&
      mk_placing_await(g, side, mk->unit, at, revealer, at, 0, (enum mk_place_why)why))
    return;
  place_revealed(g, side, mk->unit, at, revealer);
}

void mk_fog_reveal_marker(struct murk_game* g, int mi, const struct murk_pos* revealer) {
  reveal(g, mi, revealer, revealer ? MK_PLACE_SPOTTED : -1);
}

void mk_fog_lose_marker(struct murk_game* g, int mi) {
  if (g->s.markers[mi].kind == MURK_MARKER_WING) {
    mk_intel_spotted(g, mi);
    return;
  }
  reveal(g, mi, NULL, MK_PLACE_LOST);
}

int mk_fog_place_ready(const struct murk_game* g, enum murk_side side, char* reason,
                       size_t reason_len) {
  if (mk_placing_unit(g, side) >= 0) return MURK_OK;
  return mk_reject(reason, reason_len,
                   "you place a platoon's teams when the enemy's spotting has revealed it");
}

int mk_fog_place(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                 const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  int unit = a->unit;
  struct mk_unit_state* u = unit >= 0 ? &s->units[side][unit] : NULL;
  if (!u || !u->placing) {
    int due = mk_placing_unit(g, side);
    return mk_reject(reason, reason_len,
                     "that platoon waits for no placing: P%d does (place P%d [via X,Y ...])",
                     s->units[side][due].marker, s->units[side][due].marker);
  }
  if (u->place_range > 0) {
    /* Limited Intelligence 27.3.1: a wing's platoon, around its leader (intel_place.c). */
    int rc = mk_intel_place_check(g, side, unit, c, reason, reason_len);
    if (rc != MURK_OK) return rc;
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side, "%s places the teams of P%d", murk_side_name(side),
            u->marker);
    mk_intel_place_rest(g, side, unit, c->via, c->nvia);
    mk_placing_done(g, side, unit);
    return MURK_OK;
  }
  if (c->nvia > 0) {
    int rc = check_reveal_cells(g, side, unit, u->place_at, c, reason, reason_len);
    if (rc != MURK_OK) return rc;
    for (int i = 0; i < c->nvia; i++) s->reveal_want[i] = c->via[i];
    s->nreveal_want = c->nvia;
  }
  struct murk_pos from = u->place_from;
  bool has_from = u->place_has_from;
  mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side, "%s places the teams of P%d", murk_side_name(side),
          u->marker);
  place_revealed(g, side, unit, u->place_at, has_from ? &from : NULL);
  s->nreveal_want = 0;
  mk_placing_done(g, side, unit);
  return MURK_OK;
}

int mk_fog_reveal_independent(struct murk_game* g, enum murk_side side,
                              const struct murk_command* c, const struct mk_cmd_args* a,
                              char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  int unit = a->unit;
  const struct murk_platoon* pl = unit >= 0 ? mk_unit_platoon(g, side, unit) : NULL;
  if (!pl || !(pl->flags & (MURK_PF(INDEPENDENT) | MURK_PF(WARRIOR))) ||
      s->units[side][unit].state != MURK_PLATOON_WAITING)
    return mk_reject(reason, reason_len,
                     "only an independent or warrior team waiting off the table comes on "
                     "with another platoon (reveal N at Pn)");
  if (c->nvia > 0)
    return mk_reject(reason, reason_len,
                     "an independent's teams are placed around its first team: give no cells");
  return reveal_independent(g, side, unit, c->target.n, reason, reason_len);
}

int mk_fog_reveal_want(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                       const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  struct mk_state* s = &g->s;
  int unit = a->unit;
  if (unit < 0 || a->marker < 0 || s->units[side][unit].state != MURK_PLATOON_HIDDEN ||
      !fog_on_for_cells(g, a->marker))
    return mk_reject(reason, reason_len,
                     "cells are given only for the other teams of a platoon under a template");
  int rc = check_reveal_cells(g, side, unit, s->markers[a->marker].pos, c, reason, reason_len);
  if (rc != MURK_OK) return rc;
  for (int i = 0; i < c->nvia; i++) s->reveal_want[i] = c->via[i];
  s->nreveal_want = c->nvia;
  return MURK_OK;
}

void mk_fog_unbog(struct murk_game* g, enum murk_side side) {
  struct mk_state* s = &g->s;
  char handle[16];
  for (int i = 0; i < s->nmarkers; i++) {
    struct mk_marker* mk = &s->markers[i];
    if (mk->owner != side || !mk->on_table || !mk->bogged) continue;
    mk_format(handle, sizeof handle, "T%d", mk->number);
    if (!bog_check(g, handle, true, MURK_AUD_ALL)) {
      mk->bogged = false;
      mk_emit(g, MURK_EV_BOG, MURK_AUD_ALL, side, "%s %s is no longer bogged", murk_side_name(side),
              handle);
      mk_event_facts(g, mk->number, &mk->pos, NULL);
    }
  }
  for (int k = 0; k < s->nunits[side]; k++) {
    struct mk_unit_state* u = &s->units[side][k];
    if (u->state != MURK_PLATOON_REVEALED || !u->bogged) continue;
    mk_format(handle, sizeof handle, "P%d", u->marker);
    enum murk_audience aud = mk_sight_unit_audience(g, side, k); /* sight.c: the table */
    if (!bog_check(g, handle, true, aud)) {
      u->bogged = false;
      mk_emit(g, MURK_EV_BOG, aud, side, "%s %s is no longer bogged", murk_side_name(side), handle);
      mk_event_facts(g, u->marker, NULL, NULL);
    }
  }
}
