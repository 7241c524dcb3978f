/* view.c: what one side may know of a game (view.h).
 *
 * The only door from the whole truth to a screen or transcript. Each field copied here is
 * either public, the viewing side's own, or revealed; an enemy marker's contents are
 * filled only once it has been revealed to all. The parts of a fill, one a rule's facts,
 * are in view_fill.c; where a unit may move, judged on a view, in view_reach.c. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "combat.h"
#include "command_table.h"
#include "deploy.h"
#include "event.h"
#include "fog.h"
#include "intel.h"
#include "marker.h"
#include "move.h"
#include "murk/alloc.h"
#include "murk/error.h"
#include "murk/los.h"
#include "murk/sight.h"
#include "night.h"
#include "objectives.h"
#include "placing.h"
#include "reserves.h"
#include "setup.h"
#include "sight.h"
#include "state.h"
#include "victory.h"
#include "view_box.h"
#include "why.h"

/* A view and what it takes to refresh it (murk_view_update). The caller holds a pointer to
 * `v`, the first member, so murk_view_free frees the box. */

static struct murk_pos* view_arrival_pool(struct murk_view* v) {
  return ((struct view_box*)v)->pool;
}

static void view_free_areas(struct murk_view* v) {
  struct view_box* b = (struct view_box*)v;
  for (int i = 0; i < PLACE_AREAS; i++) murk_free(b->area[i].cells);
  murk_free(b->place_own); /* place_cells is this or an area's cells */
}

void murk_view_free(struct murk_view* v) {
  if (!v) return;
  murk_free(v->objectives);
  murk_free(v->works);
  murk_free(v->markers);
  murk_free(v->teams);
  murk_free(v->platoons);
  murk_free(v->events);
  murk_free(v->arrivals);
  murk_free(v->lit);
  murk_free(v->lit_by);
  murk_free(v->lights);
  murk_free(v->contacts);
  murk_free(v->wings);
  murk_free(v->targets);
  murk_free(view_arrival_pool(v));
  view_free_areas(v);
  murk_free(v);
}

/* Text put together piece by piece, cut at the buffer's end as snprintf cuts it (the same
 * bytes): the play prompt is written for every decision, and snprintf's machinery cost more
 * than the rest of the prompt. */
struct out {
  char* buf;
  size_t n, len; /* len: the whole text's length, as snprintf returns it */
};

static void out_s(struct out* o, const char* text) {
  size_t k = strlen(text);
  if (o->len + 1 < o->n) {
    size_t room = o->n - 1 - o->len, c = k < room ? k : room;
    memcpy(o->buf + o->len, text, c);
    o->buf[o->len + c] = '\0';
  }
  o->len += k;
}

static void out_d(struct out* o, int v) {
  char digits[16], *p = digits + sizeof digits;
  unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
  *--p = '\0';
  do *--p = (char)('0' + u % 10);
  while ((u /= 10) > 0);
  if (v < 0) *--p = '-';
  out_s(o, p);
}

static struct out out_start(char* buf, size_t n) {
  if (n > 0) buf[0] = '\0';
  return (struct out){buf, n, 0};
}

/* The verbs of the play prompt, from the command table: those legal now that the prompt
 * lists (by their rank), then what `end` does in this step. */
static void play_verbs(const struct murk_game* g, unsigned verbs, char* buf, size_t n) {
  struct out o = out_start(buf, n);
  /* The verbs by rank, then by place in the table (one pass and a short sort: the view is
   * refreshed for every decision). */
  int order[MURK_CMD_COUNT], nv = 0;
  for (int k = 0; k < MURK_CMD_COUNT; k++) {
    int rank = mk_cmd_row((enum murk_command_kind)k)->prompt_rank;
    if (rank < 1 || rank > MURK_CMD_COUNT || !(verbs & (1u << k))) continue;
    int j = nv++;
    for (; j > 0 && mk_cmd_row((enum murk_command_kind)order[j - 1])->prompt_rank > rank; j--)
      order[j] = order[j - 1];
    order[j] = k;
  }
  for (int i = 0; i < nv && o.len < n; i++) {
    if (o.len) out_s(&o, ", ");
    out_s(&o, mk_cmd_row((enum murk_command_kind)order[i])->prompt_word);
  }
  if (!(verbs & (1u << MURK_CMD_END)) || o.len >= n) return;
  enum murk_step step = g->s.step == MURK_STEP_STARTING ? MURK_STEP_MOVEMENT : g->s.step;
  if (step == MURK_STEP_ASSAULT) {
    out_s(&o, "; 'end' hands over");
  } else {
    out_s(&o, "; 'end' for the ");
    out_s(&o, murk_step_name((enum murk_step)(step + 1)));
    out_s(&o, " step");
  }
}

/* verbs: the side to act's verbs legal now (mk_cmd_verbs_now), for the play prompt. */
static void build_prompt(const struct murk_game* g, enum murk_side side, unsigned verbs, char* buf,
                         size_t n) {
  const struct mk_state* s = &g->s;
  const char* who = murk_side_name(s->to_act);
  /* Another side's prompt says only what is public: what phase or step it is in. */
  bool mine = side == MURK_NO_SIDE || side == s->to_act;
  if (mk_phase_prompt(g, mine, buf, n)) return; /* setup: the phase table (setup.c) */
  if (s->phase == MURK_PHASE_PLAY) {
    char what[160];
    play_verbs(g, verbs, what, sizeof what);
    enum murk_side placing = mk_placing_side(g);
    int pu = mk_placing_unit(g, placing);
    if (pu >= 0) {
      /* The owner of a platoon the enemy spotted, or that lost its counter, places it. */
      int num = s->units[placing][pu].marker;
      bool lost = s->units[placing][pu].place_why == MK_PLACE_LOST;
      if ((side == placing || side == MURK_NO_SIDE) && lost)
        snprintf(buf, n,
                 "turn %d, %s's %s step: P%d has lost its counter: place its teams (place P%d "
                 "[via X,Y ...]; no cells: the rule's)",
                 s->turn, who, murk_step_name(s->step), num, num);
      else if (side == placing || side == MURK_NO_SIDE)
        snprintf(buf, n,
                 "turn %d, %s's %s step: the %s's spotting revealed P%d: place its teams (place "
                 "P%d [via X,Y ...]; no cells: the rule's)",
                 s->turn, who, murk_step_name(s->step), murk_side_name(murk_side_other(placing)),
                 num, num);
      else
        snprintf(buf, n, "waiting: turn %d, the %s places the teams of P%d", s->turn,
                 murk_side_name(placing), num);
      return;
    }
    if (mine && s->end_offer == murk_side_other(s->to_act))
      snprintf(buf, n,
               "turn %d, %s's %s step: the %s offers to end the battle (accept end or refuse end)",
               s->turn, who, murk_step_name(s->step), murk_side_name(s->end_offer));
    else if (mine && s->remove_due > 0)
      snprintf(buf, n, "turn %d, %s's %s step: remove an objective first (remove objective NAME)",
               s->turn, who, murk_step_name(s->step));
    else if (mine && s->withdraw_due > 0)
      snprintf(buf, n, "turn %d, %s's %s step: withdraw %d platoon%s first (withdraw N)", s->turn,
               who, murk_step_name(s->step), s->withdraw_due, s->withdraw_due == 1 ? "" : "s");
    else if (mine && s->step == MURK_STEP_MOVEMENT && mk_reserves_due(g, s->to_act) > 0) {
      /* 40k mission special rules: reserves come on as soon as they may; say where the first
       * can. */
      for (int i = 0; i < s->narrivals[s->to_act]; i++) {
        if (s->arrivals[s->to_act][i].used) continue;
        char where[120];
        mk_reserves_describe(g, s->to_act, i, where, sizeof where);
        int due = mk_reserves_due(g, s->to_act);
        /* A prompt is one line: a long place name is cut short, on purpose. */
        char line[512];
        snprintf(line, sizeof line,
                 "turn %d, %s's movement step: %d from reserve (arrive N at X,Y: %.60s); %s",
                 s->turn, who, due, where, what);
        size_t len = strlen(line);
        if (len >= n) len = n - 1;
        memcpy(buf, line, len);
        buf[len] = '\0';
        break;
      }
    } else {
      /* "turn %d, %s's %s step: %s", or "waiting: turn %d, the %s's %s step" */
      struct out o = out_start(buf, n);
      out_s(&o, mine ? "turn " : "waiting: turn ");
      out_d(&o, s->turn);
      out_s(&o, mine ? ", " : ", the ");
      out_s(&o, who);
      out_s(&o, "'s ");
      out_s(&o, murk_step_name(s->step));
      out_s(&o, mine ? " step: " : " step");
      if (mine) out_s(&o, what);
    }
    return;
  }
  snprintf(buf, n, "game over: %.140s", s->result);
}

/* The mission's names and where the game stands: all an events view holds besides its
 * events (murk_view_build_events), the first of fill_state's fields. */
static void fill_standing(const struct murk_game* g, struct murk_view* v) {
  const struct murk_mission* m = g->m;
  const struct mk_state* s = &g->s;
  enum murk_side side = v->side;
  v->mission_name = m->name;
  v->briefing = side == MURK_NO_SIDE || !m->sides[side].briefing ? "" : m->sides[side].briefing;
  for (int sd = 0; sd < MURK_SIDES; sd++)
    v->force_name[sd] = murk_force(g, (enum murk_side)sd)->name;
  v->grid = m->grid;
  v->phase = s->phase;
  v->step = s->step;
  v->turn = s->turn;
  v->to_act = murk_game_to_act(g);
  mk_view_copy_text(v->result, sizeof v->result, s->result);
  v->winner = s->phase == MURK_PHASE_OVER ? s->winner : MURK_NO_SIDE;
  for (int sd = 0; sd < MURK_SIDES; sd++) v->vp[sd] = s->phase == MURK_PHASE_OVER ? s->vp[sd] : 0;
}

/* The table, where the game is, sight, the verbs and the prompt: the view's own fields. */
static void fill_state(const struct murk_game* g, struct view_box* b) {
  struct murk_view* v = &b->v;
  enum murk_side side = v->side;
  const struct murk_mission* m = g->m;
  const struct mk_state* s = &g->s;
  bool lean = b->lean;
  v->mission_name = m->name;
  v->briefing = side == MURK_NO_SIDE || !m->sides[side].briefing ? "" : m->sides[side].briefing;
  for (int sd = 0; sd < MURK_SIDES; sd++)
    v->force_name[sd] = murk_force(g, (enum murk_side)sd)->name;
  v->grid = m->grid;
  v->terrain = m->terrain;
  v->nterrain = m->nterrain;
  v->map = m->map;
  v->elevation = m->elevation;
  v->entries = m->entries;
  v->nentries = m->nentries;
  v->own_zone = side == MURK_NO_SIDE ? NULL : &m->sides[side].zone;
  v->own_more_zones = side == MURK_NO_SIDE ? NULL : m->sides[side].more_zones;
  v->nown_more_zones = side == MURK_NO_SIDE ? 0 : m->sides[side].nmore_zones;
  v->phase = s->phase;
  v->step = s->step;
  v->turn = s->turn;
  v->to_act = murk_game_to_act(g);
  mk_view_copy_text(v->result, sizeof v->result, s->result);
  v->winner = s->phase == MURK_PHASE_OVER ? s->winner : MURK_NO_SIDE;
  for (int sd = 0; sd < MURK_SIDES; sd++) v->vp[sd] = s->phase == MURK_PHASE_OVER ? s->vp[sd] : 0;
  v->withdraw_due = s->withdraw_due;
  /* Public mission facts, the same for both sides (and for lean views: players read them). */
  mk_victory_ending(m, &v->ending);
  v->ending.turn_limit = mk_victory_last_turn(g);
  mk_view_end_summary(&v->ending);
  v->place_for =
      s->phase == MURK_PHASE_OBJECTIVES ? mk_setup_objective_step(g)->for_side : MURK_NO_SIDE;
  int adjusting = side == MURK_NO_SIDE ? -1 : mk_intel_adjust_due(g, side);
  v->adjust_leader = adjusting >= 0 ? s->markers[adjusting].number : 0;
  v->adjust_cells = adjusting >= 0 ? s->li_adjust.allow : 0;
  enum murk_side placing = mk_placing_side(g);
  int pu = mk_placing_unit(g, placing);
  const struct mk_unit_state* pus = pu >= 0 ? &s->units[placing][pu] : NULL;
  v->place_platoon = pus ? pus->marker : 0;
  v->place_at = pus ? pus->place_at : (struct murk_pos){0, 0};
  v->place_range = pus ? pus->place_range : 0;
  v->place_leader = pus && pus->place_range > 0 ? pus->place_leader : (struct murk_pos){0, 0};
  v->dummies_left = side == MURK_NO_SIDE ? 0 : s->dummies_left[side];
  v->dummy_kind = mk_marker_dummy_kind(g, side == MURK_NO_SIDE ? MURK_ATTACKER : side);
  v->hidden_left = side == MURK_NO_SIDE ? 0 : mk_night_hidden_left(g, side);
  /* The verbs of the rules in force follow from the mission and the forces the sides play
   * (command.c's `available` rows: rules, reserves, ambushes, deep strike abilities): kept. */
  const struct murk_force* forces[MURK_SIDES] = {murk_force(g, MURK_ATTACKER),
                                                 murk_force(g, MURK_DEFENDER)};
  if (b->rv_m != m || b->rv_force[0] != forces[0] || b->rv_force[1] != forces[1]) {
    b->rv = side == MURK_NO_SIDE
                ? mk_cmd_verbs_in_rules(g, MURK_ATTACKER) | mk_cmd_verbs_in_rules(g, MURK_DEFENDER)
                : mk_cmd_verbs_in_rules(g, side);
    b->rv_m = m;
    memcpy(b->rv_force, forces, sizeof forces);
  }
  v->rule_verbs = b->rv;
  v->delay_counters = s->delay_counters;
  v->end_offer = s->end_offer;
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    v->held_back[sd] = 0;
    for (int i = 0; i < s->nunits[sd]; i++)
      v->held_back[sd] += s->units[sd][i].state == MURK_PLATOON_RESERVE;
  }
  v->visibility = s->visibility;
  if (!lean) { /* a lean view never writes them: they stay as calloc left them */
    memset(v->conditions, 0, sizeof v->conditions);
    memset(v->prompt, 0, sizeof v->prompt);
  }
  if (lean) { /* fill_sight's facts without its words */
    v->night = mk_night_now(g);
    v->nvr = mk_night_nvr(g);
    v->sight_range = mk_sight_range(g, side);
    v->dusk_dawn = g->s.night.dusk_dawn;
  } else {
    mk_view_fill_sight(g, side, v);
  }
  /* The verbs legal now, from the command table: the view's own side's only on its turn. */
  enum murk_side acting = murk_game_to_act(g);
  bool to_act = side == acting || side == MURK_NO_SIDE;
  unsigned verbs = to_act && acting != MURK_NO_SIDE ? mk_cmd_verbs_now(g, acting) : 0;
  v->verbs = side == acting ? verbs : 0;
  if (!lean) build_prompt(g, side, verbs, v->prompt, sizeof v->prompt);
}

/* A team's card from its profile (view.h). */
static void stats_of(const struct murk_profile* pr, struct murk_view_stats* st) {
  *st = (struct murk_view_stats){.skill = pr->skill,
                                 .motivation = pr->motivation,
                                 .save = pr->armoured ? 0 : pr->save,
                                 .armoured = pr->armoured != 0,
                                 .rof = pr->rof,
                                 .rof_moving = pr->rof_moving,
                                 .anti_tank = pr->anti_tank,
                                 .firepower = pr->firepower,
                                 .fow = pr->fow != 0};
  if (pr->armoured) memcpy(st->armour, pr->armour, sizeof st->armour);
}

/* Markers and teams on the table as the side sees them, and the enemy's out of sight where
 * last seen (contacts). */
static void fill_units(const struct murk_game* g, struct view_box* b) {
  struct murk_view* v = &b->v;
  enum murk_side side = v->side;
  const struct mk_state* s = &g->s;
  bool lean = b->lean;
  /* Counts and arrays in locals: the compiler cannot tell the view's arrays from the game's
   * and would reload them at every element (the view is refreshed for every decision). A
   * lean view's elements are not cleared first (mk_view_fill_marker_lean): a lean fill writes every
   * field it fills, and leaves the others zero since its arrays grew. */
  struct murk_view_marker* vmarkers = v->markers;
  struct murk_view_contact* vcontacts = v->contacts;
  struct murk_view_team* vteams = v->teams;
  int nmarkers = 0, ncontacts = 0, nteams_seen = 0;
  const struct mk_sighting* seen_marker = side == MURK_NO_SIDE ? NULL : s->seen_marker[side];
  for (int i = 0; i < s->nmarkers; i++) {
    const struct mk_marker* mk = &s->markers[i];
    if (!mk->on_table && !mk->revealed) continue;
    /* An enemy marker out of sight shows where it was last seen, if anywhere (sight.c). */
    if (seen_marker && mk->owner != side && mk->on_table && !seen_marker[i].seen) {
      const struct mk_sighting* k = &seen_marker[i];
      if (k->known) {
        struct murk_view_contact* c = &vcontacts[ncontacts++];
        if (!lean) memset(c, 0, sizeof *c);
        c->owner = mk->owner;
        c->marker = mk->number;
        c->team = false;
        c->kind = mk->kind;
        c->pos = k->pos;
        c->turn = k->turn;
      }
      continue;
    }
    if (lean) {
      mk_view_fill_marker_lean(s, side, mk, &vmarkers[nmarkers++]);
    } else {
      mk_view_fill_marker(g, side, mk, &vmarkers[nmarkers]);
      mk_view_fill_marker_move(g, side, i, &vmarkers[nmarkers++]);
    }
  }
  for (int sd = 0; sd < MURK_SIDES; sd++) {
    const struct mk_team* teams = s->teams[sd];
    /* The other side's teams: in sight now, or where last seen (contacts). */
    const struct mk_sighting* seen =
        side != MURK_NO_SIDE && sd != (int)side ? s->seen_team[side] : NULL;
    int nunits = s->nunits[sd];
    for (int k = 0; k < nunits; k++) {
      const struct mk_unit_state* u = &s->units[sd][k];
      /* Placed teams belong to revealed platoons only; the check keeps that a promise. */
      if (u->state != MURK_PLATOON_REVEALED) continue;
      int marker = u->marker, t1 = u->first_team + u->nteams;
      for (int t = u->first_team; t < t1; t++) {
        const struct mk_team* tm = &teams[t];
        if (!tm->alive || !tm->placed) continue;
        if (seen && !seen[t].seen) {
          if (seen[t].known) {
            struct murk_view_contact* c = &vcontacts[ncontacts++];
            if (!lean) memset(c, 0, sizeof *c);
            c->owner = (enum murk_side)sd;
            c->marker = marker;
            c->team = true;
            c->kind = MURK_MARKER_TEMPLATE;
            if (!lean)
              mk_view_copy_text(c->profile, sizeof c->profile,
                                mk_team_profile(g, (enum murk_side)sd, t)->title);
            c->pos = seen[t].pos;
            c->turn = seen[t].turn;
          }
          continue;
        }
        struct murk_view_team* vt = &vteams[nteams_seen++];
        if (!lean) memset(vt, 0, sizeof *vt);
        vt->owner = (enum murk_side)sd;
        vt->marker = marker;
        vt->platoon = k;
        const struct murk_profile* pr = mk_team_profile(g, (enum murk_side)sd, t);
        if (!lean) {
          mk_view_copy_text(vt->profile, sizeof vt->profile, pr->title);
          stats_of(pr, &vt->stats);
        }
        vt->range = pr->range;
        vt->anti_tank = pr->anti_tank;
        for (int a = 0; a < 3; a++) vt->armour[a] = pr->armoured ? pr->armour[a] : -1;
        vt->bailed = tm->bailed;
        vt->pos = tm->pos;
      }
    }
  }
  v->nmarkers = nmarkers;
  v->ncontacts = ncontacts;
  v->nteams = nteams_seen;
}

/* An own platoon's card: its kinds of team as its mission gives them, with those alive. */
static void fill_groups(const struct murk_game* g, enum murk_side side, int k,
                        struct murk_view_platoon* vp) {
  const struct mk_unit_state* u = &g->s.units[side][k];
  const struct murk_platoon* pl = mk_unit_platoon(g, side, k);
  const struct murk_force* f = murk_force(g, side);
  vp->ngroups = 0;
  for (int i = 0; i < pl->ngroups && i < MURK_MISSION_MAX_GROUPS; i++) {
    int prof = pl->groups[i].profile;
    if (prof < 0 || prof >= f->nprofiles) continue;
    const struct murk_profile* pr = &f->profiles[prof];
    struct murk_view_group* gr = &vp->groups[vp->ngroups++];
    mk_view_copy_text(gr->profile, sizeof gr->profile, pr->title);
    gr->range = pr->range;
    stats_of(pr, &gr->stats);
    gr->alive = 0;
    for (int t = u->first_team; t < u->first_team + u->nteams; t++)
      gr->alive += g->s.teams[side][t].alive && g->s.teams[side][t].profile == prof;
  }
}

/* The side's own platoons, wings and arrivals due. */
static int fill_own(const struct murk_game* g, struct view_box* b) {
  struct murk_view* v = &b->v;
  enum murk_side side = v->side;
  const struct mk_state* s = &g->s;
  bool lean = b->lean;
  if (side == MURK_NO_SIDE) return MURK_OK;
  const struct mk_team* teams = s->teams[side];
  bool setup_turn = s->to_act == side && s->phase != MURK_PHASE_PLAY && s->phase != MURK_PHASE_OVER;
  for (int k = 0; k < s->nunits[side]; k++) {
    const struct mk_unit_state* u = &s->units[side][k];
    const struct murk_platoon* pl = mk_unit_platoon(g, side, k);
    struct murk_view_platoon* vp = &v->platoons[v->nplatoons++];
    if (!lean) memset(vp, 0, sizeof *vp);
    vp->index = k;
    if (!lean) {
      mk_view_copy_text(vp->name, sizeof vp->name, pl->name);
      mk_view_copy_text(vp->type, sizeof vp->type, pl->type);
    }
    vp->state = u->state;
    vp->marker = u->marker;
    int alive = 0, t1 = u->first_team + u->nteams; /* mk_unit_alive */
    for (int t = u->first_team; t < t1; t++) alive += teams[t].alive;
    vp->nteams = alive;
    vp->command_distance = pl->command_distance;
    vp->flags = pl->flags;
    vp->reserve = u->reserve;
    vp->ambush = u->ambush;
    vp->dug_in = u->dug_in;
    vp->recce_moved = u->recce_moved;
    /* Each of these asks first for the side's own turn in a setup phase. */
    vp->may_deploy = setup_turn && (mk_deploy_may(g, side, k) || mk_setup_may_patrol(g, side, k));
    vp->may_deep_strike = setup_turn && mk_reserves_may_deep_strike(g, side, k);
    vp->wing = -1;
    struct mk_move_rule r;
    if (!lean && u->state == MURK_PLATOON_REVEALED && mk_move_allowance(g, side, -1, k, &r)) {
      for (int t = u->first_team; t < u->first_team + u->nteams; t++)
        if (s->teams[side][t].alive && s->teams[side][t].placed && !s->teams[side][t].bailed) {
          vp->lead = s->teams[side][t].pos;
          break;
        }
      memcpy(vp->allowance, r.allow, sizeof vp->allowance);
      vp->moved = u->moved;
      vp->may_move = mk_view_moving_now(g, side) && !u->bogged && !u->moved;
    }
    vp->shot = u->shot;
    vp->assaulted = u->assaulted;
    vp->pinned = u->pinned;
    vp->bailed = 0;
    for (int t = u->first_team; t < u->first_team + u->nteams; t++)
      vp->bailed += s->teams[side][t].alive && s->teams[side][t].bailed;
    vp->may_arrive = mk_reserves_may_arrive(g, side, k);
    if (!lean) fill_groups(g, side, k, vp);
  }
  mk_view_fill_wings(g, side, v);
  if (mk_view_fill_arrivals(g, b) != MURK_OK) return MURK_ENOMEM;
  return MURK_OK;
}

/* The side's events since the view last read the game. */
static void fill_events(const struct murk_game* g, struct view_box* b) {
  struct murk_view* v = &b->v;
  enum murk_side side = v->side;
  bool lean = b->lean;
  for (size_t i = b->read; i < g->nevents; i++) {
    const struct mk_event* e = mk_event_at(g, i);
    if (!murk_audience_includes((enum murk_audience)e->audience, side)) continue;
    struct murk_event* out = &v->events[v->nevents];
    if (lean) {
      /* The facts without the words and the roll (view.h): players read what happened to
       * which marker, and the event's text and roll cost most of the copy. The element was
       * zeroed when the array grew and a lean fill writes no other field. */
      mk_event_copy_facts(e, out);
    } else {
      mk_event_read(g, i, out);
    }
    /* Number a side's events 1, 2, ... by themselves: gaps where the other side's
     * private events stood would tell how many secrets the enemy has. */
    out->seq = (int)(b->forgotten + v->nevents) + 1;
    v->nevents++;
  }
  b->read = g->nevents;
}

/* Fill a view from the game: everything anew, except the events, of which only those since
 * the last fill from the same game are added. Its parts: the view's own fields, the units
 * on the table, the side's own, why enemies are seen, targets, the events. */
static int fill(const struct murk_game* g, struct view_box* b) {
  struct murk_view* v = &b->v;
  enum murk_side side = v->side;
  const struct mk_state* s = &g->s;
  if (b->events_only)
    fill_standing(g, v);
  else
    fill_state(g, b);

  /* A view refreshed from another game, or from this one after it went back (undo), starts
   * its events again. */
  if (b->g != g || b->epoch != g->epoch || g->nevents < b->read) {
    v->nevents = 0;
    b->read = 0;
    b->forgotten = 0;
  }
  b->g = g;
  b->epoch = g->epoch;
  /* Events the game dropped before this view read them (murk_game_drop_events): numbered
   * on as if seen. The side's events before `read` are those it numbered already. */
  size_t base = mk_event_dropped(g, MURK_NO_SIDE);
  if (b->read < base) {
    size_t numbered = b->forgotten + v->nevents, dropped = mk_event_dropped(g, side);
    if (dropped > numbered) b->forgotten += dropped - numbered;
    b->read = base;
  }
  v->nobjectives = v->nmarkers = v->nteams = v->nplatoons = v->narrivals = v->ncontacts = 0;
  v->nwings = 0;
  if (b->events_only) {
    bool oom = false;
    ROOM(b, events, v->nevents + (g->nevents - b->read));
    if (oom) return MURK_ENOMEM;
    fill_events(g, b);
    return MURK_OK;
  }
  size_t nteams = (size_t)s->nteams[0] + (size_t)s->nteams[1];
  bool oom = false;
  ROOM(b, objectives, (size_t)s->nobjectives);
  ROOM(b, works, (size_t)s->nworks);
  ROOM(b, markers, (size_t)s->nmarkers);
  ROOM(b, teams, nteams);
  ROOM(b, contacts, (size_t)s->nmarkers + nteams + 1);
  ROOM(b, events, v->nevents + (g->nevents - b->read));
  if (!v->platoons) v->platoons = murk_calloc(MK_MAX_UNITS, sizeof *v->platoons);
  if (!v->arrivals) v->arrivals = murk_calloc(MK_MAX_ARRIVALS, sizeof *v->arrivals);
  if (!v->wings) v->wings = murk_calloc(MK_MAX_UNITS, sizeof *v->wings);
  if (oom || !v->platoons || !v->arrivals || !v->wings || mk_view_fill_lit(g, b) != MURK_OK ||
      mk_view_fill_place_cells(g, b) != MURK_OK)
    return MURK_ENOMEM;

  /* The works built in setup: public, as the table is (No Man's Land). */
  v->nworks = s->nworks;
  for (int i = 0; i < s->nworks; i++)
    v->works[i] = (struct murk_view_works){{s->works[i].x, s->works[i].y}, s->works[i].terrain};
  for (int i = 0; i < s->nobjectives; i++) {
    struct murk_view_objective* o = &v->objectives[v->nobjectives++];
    memset(o, 0, sizeof *o);
    mk_view_copy_text(o->name, sizeof o->name, s->objectives[i].name);
    o->pos = s->objectives[i].pos;
    o->for_side = s->objectives[i].for_side;
    o->held_by = mk_objective_hold(g, side, i, &o->contested);
  }
  fill_units(g, b);
  if (fill_own(g, b) != MURK_OK) return MURK_ENOMEM;
  v->ntargets = 0;
  if ((!b->lean && mk_view_fill_why(g, v) != MURK_OK) || mk_view_fill_targets(g, b) != MURK_OK)
    return MURK_ENOMEM;
  fill_events(g, b);
  return MURK_OK;
}

static int build(const struct murk_game* g, enum murk_side side, bool lean, bool events_only,
                 struct murk_view** out) {
  if (out) *out = NULL;
  if (!g || !out) return MURK_EINVAL;
  if (side != MURK_NO_SIDE && side != MURK_ATTACKER && side != MURK_DEFENDER) return MURK_EINVAL;
  struct view_box* b = murk_calloc(1, sizeof *b);
  if (!b) return MURK_ENOMEM;
  b->v.side = side;
  b->lean = lean;
  b->events_only = events_only;
  if (fill(g, b) != MURK_OK) {
    murk_view_free(&b->v);
    return MURK_ENOMEM;
  }
  *out = &b->v;
  return MURK_OK;
}

int murk_view_build(const struct murk_game* g, enum murk_side side, struct murk_view** out) {
  return build(g, side, false, false, out);
}

int murk_view_build_lean(const struct murk_game* g, enum murk_side side, struct murk_view** out) {
  return build(g, side, true, false, out);
}

int murk_view_build_events(const struct murk_game* g, enum murk_side side, struct murk_view** out) {
  return build(g, side, false, true, out);
}

bool murk_view_is_lean(const struct murk_view* v) {
  return v && ((const struct view_box*)v)->lean;
}

void murk_view_reset(struct murk_view* v) {
  if (!v) return;
  struct view_box* b = (struct view_box*)v;
  /* Everything kept from the last game, except the arrays' memory. */
  b->g = NULL;
  b->epoch = 0;
  b->read = 0;
  b->forgotten = 0;
  v->nevents = 0;
  /* Placement cells made from the mission's areas alone serve the next game of the same
   * mission (view.h); those a rule judged in this game do not. */
  if (b->place.judged_in) b->place_valid = false;
  v->nplace_cells = 0;
  b->cond_m = NULL;
  b->rv_m = NULL;
  memset(&b->memo, 0, sizeof b->memo);
}

int murk_view_update(const struct murk_game* g, struct murk_view* v) {
  if (!g || !v) return MURK_EINVAL;
  return fill(g, (struct view_box*)v);
}

void murk_view_forget_events(struct murk_view* v) {
  if (!v) return;
  struct view_box* b = (struct view_box*)v;
  b->forgotten += v->nevents;
  v->nevents = 0;
}

const struct murk_view_marker* murk_view_marker_at(const struct murk_view* v, struct murk_pos p) {
  for (int i = 0; i < v->nmarkers; i++)
    if (v->markers[i].on_table && murk_pos_eq(v->markers[i].pos, p)) return &v->markers[i];
  return NULL;
}

const struct murk_view_marker* murk_view_marker_by_number(const struct murk_view* v,
                                                          enum murk_side owner, int number) {
  for (int i = 0; i < v->nmarkers; i++)
    if (v->markers[i].number == number && (owner == MURK_NO_SIDE || v->markers[i].owner == owner))
      return &v->markers[i];
  return NULL;
}

const struct murk_view_team* murk_view_team_at(const struct murk_view* v, struct murk_pos p) {
  for (int i = 0; i < v->nteams; i++)
    if (murk_pos_eq(v->teams[i].pos, p)) return &v->teams[i];
  return NULL;
}

int murk_view_verb_next(const struct murk_view* v, int after) {
  if (!v) return -1;
  for (int k = after < 0 ? 0 : after + 1; k < MURK_CMD_COUNT; k++)
    if (v->verbs & (1u << k)) return k;
  return -1;
}
