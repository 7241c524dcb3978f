/* combat.c: shooting, assaults, pinning, bailed out crews, platoon morale and Company
 * Morale, as murk reads the Flames of War rulebook (docs/rules.md, "Combat" and "Morale";
 * each step there names where murk chose a reading). The mission texts take these rules
 * for granted; every rating comes from the mission's profiles (mission.h, murk_profile),
 * and the rulebook's fixed numbers from the parameters of the rule `combat` (rules.h),
 * whose defaults are the rulebook's.
 * - shooting: each team of the shooter that can see a target team within its range rolls
 *   its rate of fire (halted, or moving when it moved or is pinned down); a die hits on the
 *   target team's skill, +1 for each of long range, concealed, gone to ground (and
 *   concealed) and night, at most 6; each hit falls on the target team nearest the shooter:
 *   an armoured vehicle rolls die plus armour (front or side) against the weapon's
 *   anti-tank, an unarmoured vehicle takes a firepower test, infantry and guns roll their
 *   save (in bulletproof cover a failed save also needs the firepower test);
 * - an infantry or gun platoon with the mission's pin_hits in a player turn is pinned down;
 * - assault: defensive fire first (defensive_fire_hits pin the assault and end it),
 *   then rounds of close combat (each team hits on its own skill) with counterattacks and
 *   breaking off by motivation tests;
 * - platoon morale and Company Morale at the start of the owner's turn.
 * Every roll is a public event with its purpose, dice and the score it needed. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "combat.h"
#include "event.h"
#include "marker.h"
#include "murk/error.h"
#include "murk/sight.h"
#include "night.h"
#include "sight.h"
#include "state.h"
#include "victory.h"
#include "why.h"

/* The Flames of War rulebook's fixed numbers are the mission's (rule `combat`, docs/rules.md
 * "Combat"); these two bound the engine's work. */
#define MAX_ROUNDS 50 /* a bound on close-combat rounds (each may end it) */
#define MAX_COMBOS 16 /* distinct to-hit combinations in one shot */

static bool placed(const struct mk_state* s, enum murk_side side, int t) {
  return s->teams[side][t].alive && s->teams[side][t].placed;
}

/* A placed team that can fight: alive, on the table, not bailed out. */
static bool fighting(const struct mk_state* s, enum murk_side side, int t) {
  return placed(s, side, t) && !s->teams[side][t].bailed;
}

/* Fighting teams of a unit. */
int mk_combat_fighters(const struct mk_state* s, enum murk_side side, int tu) {
  const struct mk_unit_state* u = &s->units[side][tu];
  int n = 0;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) n += fighting(s, side, t);
  return n;
}

/* ---- the modifiers ---- */

/* Terrain that hides or shelters a team: difficult ground, or anything sight cannot pass
 * freely (woods, villages, orchards). */
static bool in_terrain(const struct murk_game* g, struct murk_pos p) {
  const struct murk_terrain* t = mk_terrain_at(g, p);
  return t && (t->cls == MURK_TERRAIN_DIFFICULT || t->sight != MURK_SIGHT_CLEAR);
}

/* A fortification (Flames of War missions, No Man's Land's Fortified Company; murk's own
 * rule, docs/rules.md "No Man's Land"): a team in one counts as dug in. */
static bool fortified(const struct murk_game* g, struct murk_pos p) {
  const struct murk_terrain* t = mk_terrain_at(g, p);
  return t && t->works == MURK_WORKS_FORTIFICATION;
}

/* The night modifier to hit a team standing at p (docs/rules.md, "Which night rule
 * governs"). The night rules proper (who sees how far, the sight rolls) live in sight.c and
 * night.c.
 * - ASL night rules E1.7: on a turn the NVR is in force, +1 (the Low Visibility
 *   hindrance), but never together with terrain in the target's cell (a positive TEM: the
 *   combat model's `concealed`).
 * - The sci-fi mission special rules' Night Fighting: nothing; its sight roll is the rule.
 * - Darkness (the Flames of War missions, which name the night rules without giving them):
 *   +1, as the rulebook's night shooting (murk's reading). */
static bool night(const struct murk_game* g, struct murk_pos p) {
  if (mk_night_nvr(g) >= 0) return !in_terrain(g, p);
  return mk_night_darkness_now(g);
}

/* Dug in (Prepared Positions) or in a fortification: bulletproof cover for infantry and
 * guns, and concealed (the Flames of War rulebook: foxholes and gun pits). */
static bool dug_in(const struct murk_game* g, enum murk_side side, int unit, int team) {
  return g->s.units[side][unit].dug_in || fortified(g, g->s.teams[side][team].pos);
}

/* Concealed: in terrain that hides it, or dug in. */
static bool concealed(const struct murk_game* g, enum murk_side side, int unit, int team) {
  return in_terrain(g, g->s.teams[side][team].pos) || dug_in(g, side, unit, team);
}

/* What the hits of one shot or round did. */
struct tally {
  int hits, saved, bailed, lost;
};

/* What a die needs to hit, why, and with what weapon. */
struct to_hit {
  int skill;
  bool long_range, concealed, gone_to_ground, night;
  const struct murk_profile* weapon; /* the shooting team's profile */
  int dice;
};

static int to_hit_need(const struct to_hit* h) {
  int need = h->skill + h->long_range + h->concealed + h->gone_to_ground + h->night;
  return need > 6 ? 6 : need;
}

static bool same_to_hit(const struct to_hit* a, const struct to_hit* b) {
  return a->skill == b->skill && a->long_range == b->long_range && a->concealed == b->concealed &&
         a->gone_to_ground == b->gone_to_ground && a->night == b->night && a->weapon == b->weapon;
}

/* "skill 4 +1 long range +1 concealed" */
static void to_hit_text(const struct to_hit* h, char* buf, size_t n) {
  int len = snprintf(buf, n, "skill %d", h->skill);
  const char* names[] = {"long range", "concealed", "gone to ground", "night"};
  bool on[] = {h->long_range, h->concealed, h->gone_to_ground, h->night};
  for (int i = 0; i < 4; i++)
    if (on[i] && len >= 0 && (size_t)len < n)
      len += snprintf(buf + len, n - (size_t)len, " +1 %s", names[i]);
  if (h->skill + h->long_range + h->concealed + h->gone_to_ground + h->night > 6 && len >= 0 &&
      (size_t)len < n)
    mk_format(buf + len, n - (size_t)len, ", at most 6");
}

/* Add dice to the combination they share, or a new one. */
static void add_dice(struct to_hit* combos, int* ncombos, const struct to_hit* h) {
  for (int i = 0; i < *ncombos; i++)
    if (same_to_hit(&combos[i], h)) {
      combos[i].dice += h->dice;
      return;
    }
  if (*ncombos < MAX_COMBOS) combos[(*ncombos)++] = *h;
}

/* Which armour a shot from `from` meets on a vehicle of `side` at `at`: murk's reading of
 * the rulebook's front and side arcs on a grid with no facings (docs/rules.md, "Armour"): a
 * vehicle faces the edge the enemy comes from; a shooter level with it or ahead of it is in
 * its front arc, one behind that line hits its side. */
static enum murk_aspect aspect_of(const struct murk_game* g, enum murk_side side,
                                  struct murk_pos at, struct murk_pos from) {
  enum murk_compass e = g->m->sides[murk_side_other(side)].edge;
  bool n = from.y <= at.y, s = from.y >= at.y, east = from.x >= at.x, w = from.x <= at.x;
  bool ahead = true;
  switch (e) {
    case MURK_NORTH:
      ahead = n;
      break;
    case MURK_SOUTH:
      ahead = s;
      break;
    case MURK_EAST:
      ahead = east;
      break;
    case MURK_WEST:
      ahead = w;
      break;
    case MURK_NE:
      ahead = n || east;
      break;
    case MURK_NW:
      ahead = n || w;
      break;
    case MURK_SE:
      ahead = s || east;
      break;
    case MURK_SW:
      ahead = s || w;
      break;
  }
  return ahead ? MURK_ARMOUR_FRONT : MURK_ARMOUR_SIDE;
}

/* ---- who acts on whom ---- */

/* The acting platoon (resolved by the command table): own, revealed, on the table. */
static int actor(const struct murk_game* g, enum murk_side side, const struct mk_cmd_args* a,
                 const char* verb, int* unit, char* reason, size_t reason_len) {
  const struct mk_state* s = &g->s;
  *unit = a->unit;
  if (*unit < 0)
    return mk_reject(reason, reason_len, "T%d is a dummy: it cannot %s",
                     s->markers[a->marker].number, verb);
  const struct mk_unit_state* u = &s->units[side][*unit];
  if (u->state == MURK_PLATOON_HIDDEN) {
    int mi = mk_marker_index(s, u->marker);
    return mk_reject(reason, reason_len, "platoon %d is under %s T%d: reveal it first (reveal %d)",
                     *unit + 1, mi >= 0 ? mk_marker_ops(g, mi)->name : "its marker", u->marker,
                     *unit + 1);
  }
  if (u->state != MURK_PLATOON_REVEALED)
    return mk_reject(reason, reason_len, "platoon %d is not on the table", *unit + 1);
  return MURK_OK;
}

/* Why the other side's revealed unit tu is out of sight of `side`, from what `side` knows
 * (why.c, as the view tells it of each contact): of its teams, where the one nearest to the
 * side's units was last seen, and why that cell is not in sight now. "" if none is known. */
static void out_of_sight_why(const struct murk_game* g, enum murk_side side, int tu, char* buf,
                             size_t n) {
  const struct mk_state* s = &g->s;
  enum murk_side other = murk_side_other(side);
  const struct mk_unit_state* u = &s->units[other][tu];
  struct mk_eyes e;
  mk_why_gather(g, side, false, &e);
  buf[0] = '\0';
  int best = -1, bestd = INT_MAX;
  for (int k = u->first_team; k < u->first_team + u->nteams; k++) {
    const struct mk_sighting* kn = &s->seen_team[side][k];
    if (!placed(s, other, k) || !kn->known) continue;
    struct murk_axial to = murk_geom_to_axial(&g->m->grid, kn->pos);
    int d = INT_MAX - 1;
    for (int i = 0; i < e.n; i++) {
      int di = murk_geom_axial_distance(&g->m->grid, e.ax[i], to);
      if (di < d) d = di;
    }
    if (d < bestd) {
      bestd = d;
      best = k;
    }
  }
  if (best < 0) return;
  struct murk_pos at = s->seen_team[side][best].pos;
  enum murk_view_sight w = mk_why_seen(g, &e, at, false);
  struct murk_pos blk;
  const char* name = NULL;
  if (w == MURK_VIEW_NO_LINE && mk_why_blocker(g, &e, NULL, at, &blk))
    name = g->m->terrain[g->m->map[blk.y * g->m->grid.width + blk.x]].name;
  char words[160], ps[16];
  mk_why_words(w, e.nvr, e.range, e.night, name, name ? &blk : NULL, words, sizeof words);
  murk_pos_format(at, ps, sizeof ps);
  mk_format(buf, n, ": last seen at %s, %s", ps, words);
}

/* The target (an enemy marker, resolved by the command table): an enemy platoon this side
 * can see revealed. */
static int target(const struct murk_game* g, enum murk_side side, int mi, int* unit, char* reason,
                  size_t reason_len) {
  const struct mk_state* s = &g->s;
  const struct mk_marker* mk = &s->markers[mi];
  if (!mk->revealed) { /* the marker's noun and how an enemy uncovers it, from its kind's row */
    const struct mk_marker_ops* o = mk_marker_ops(g, mi);
    return mk_reject(reason, reason_len,
                     "T%d is a %s: only revealed platoons (P<n>) can be targets%s%s", mk->number,
                     o->name, o->uncover ? "; " : "", o->uncover ? o->uncover : "");
  }
  *unit = mk->unit;
  enum murk_platoon_state st = s->units[murk_side_other(side)][*unit].state;
  if (st == MURK_PLATOON_DESTROYED)
    return mk_reject(reason, reason_len, "P%d is destroyed", mk->number);
  if (st != MURK_PLATOON_REVEALED)
    return mk_reject(reason, reason_len, "P%d is not on the table", mk->number);
  if (!mk_sight_unit_seen(g, side, *unit)) { /* sight.c: line of sight, range, night */
    char why[200];
    out_of_sight_why(g, side, *unit, why, sizeof why);
    return mk_reject(reason, reason_len, "P%d is out of sight of all your units%s", mk->number,
                     why);
  }
  return MURK_OK;
}

/* The placed team of unit tu of `other` nearest to team t of `side` (ties: roster order);
 * with `seen`, only teams `side` can see from there. -1 if none; *dist gets the distance. */
static int nearest_team_to(const struct murk_game* g, enum murk_side side, int t,
                           enum murk_side other, int tu, bool seen, int* dist) {
  const struct mk_state* s = &g->s;
  const struct mk_unit_state* u = &s->units[other][tu];
  struct murk_pos from = s->teams[side][t].pos;
  int best = INT_MAX, pick = -1;
  /* What mk_can_see would find at each of tu's cells: whether tu fired (a gunflash). */
  bool flash = seen && mk_night_flashing(g, other, tu);
  for (int k = u->first_team; k < u->first_team + u->nteams; k++) {
    if (!placed(s, other, k)) continue;
    int d = murk_geom_distance(&g->m->grid, from, s->teams[other][k].pos);
    /* Sight is asked only of a team that would be nearer: the pick is the same. */
    if (d >= best) continue;
    if (seen && !mk_sight_sees(g, side, from, s->teams[other][k].pos, flash)) continue;
    best = d;
    pick = k;
  }
  *dist = best;
  return pick;
}

/* The team of unit tu (of the other side) nearest to any team of `side`'s unit `unit`
 * (ties: roster order): where the next hit falls. Only teams `side` sees count while it
 * sees any (docs/rules.md, "Hidden contact": hits fall on teams the firing side sees);
 * *unseen says the pick is a team it does not see. -1 if none is left. */
static int nearest_target(const struct murk_game* g, enum murk_side side, int unit, int tu,
                          bool* unseen) {
  const struct mk_state* s = &g->s;
  enum murk_side other = murk_side_other(side);
  const struct mk_unit_state* t = &s->units[other][tu];
  bool flash = mk_night_flashing(g, other, tu);
  bool any_seen = false;
  for (int k = t->first_team; k < t->first_team + t->nteams && !any_seen; k++)
    any_seen = placed(s, other, k) && mk_sight_any(g, side, s->teams[other][k].pos, flash, NULL);
  if (unseen) *unseen = !any_seen;
  int best = INT_MAX, pick = -1;
  for (int k = t->first_team; k < t->first_team + t->nteams; k++) {
    if (!placed(s, other, k)) continue;
    if (any_seen && !mk_sight_any(g, side, s->teams[other][k].pos, flash, NULL)) continue;
    int d = INT_MAX;
    nearest_team_to(g, other, k, side, unit, false, &d);
    if (d < best) {
      best = d;
      pick = k;
    }
  }
  return pick;
}

static void lose_team(struct murk_game* g, enum murk_side side, int tu, int team) {
  struct mk_state* s = &g->s;
  struct mk_team* t = &s->teams[side][team];
  t->alive = false;
  int number = s->units[side][tu].marker;
  char ps[16];
  murk_pos_format(t->pos, ps, sizeof ps);
  mk_emit(g, MURK_EV_LOSS, MURK_AUD_ALL, side, "%s P%d loses a team (%s) at %s",
          murk_side_name(side), number, mk_team_profile(g, side, team)->title, ps);
  mk_event_facts(g, number, &t->pos, NULL);
}

/* A vehicle's crew bails out; bailed out again, it is destroyed (murk's reading). */
static void bail_out(struct murk_game* g, enum murk_side side, int tu, int t, struct tally* y) {
  struct mk_team* tm = &g->s.teams[side][t];
  if (tm->bailed) {
    mk_emit(g, MURK_EV_SHOOT, MURK_AUD_ALL, side, "P%d's %s, bailed out already, is abandoned",
            g->s.units[side][tu].marker, mk_team_profile(g, side, t)->title);
    lose_team(g, side, tu, t);
    y->lost++;
    return;
  }
  tm->bailed = true;
  y->bailed++;
  mk_emit(g, MURK_EV_SHOOT, MURK_AUD_ALL, side, "P%d's %s: its crew bails out",
          g->s.units[side][tu].marker, mk_team_profile(g, side, t)->title);
}

void mk_combat_destroy_unit(struct murk_game* g, enum murk_side side, int tu, const char* how) {
  struct mk_state* s = &g->s;
  struct mk_unit_state* u = &s->units[side][tu];
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) s->teams[side][t].alive = false;
  u->state = MURK_PLATOON_DESTROYED;
  mk_emit(g, MURK_EV_LOSS, MURK_AUD_ALL, side, "%s P%d (%s) %s", murk_side_name(side), u->marker,
          mk_unit_platoon(g, side, tu)->name, how);
  mk_event_facts(g, u->marker, NULL, NULL);
}

static void check_destroyed(struct murk_game* g, enum murk_side side, int tu) {
  if (g->s.units[side][tu].state == MURK_PLATOON_DESTROYED) return;
  if (mk_unit_alive(&g->s, side, tu) > 0) return;
  mk_combat_destroy_unit(g, side, tu, "is destroyed");
}

/* Roll `ndice` d6 (in as many rolls as the dice records allow); count dice >= need. */
static int roll_hits(struct murk_game* g, int ndice, int need, const char* purpose) {
  int hits = 0;
  while (ndice > 0) {
    int k = ndice > MURK_DICE_MAX ? MURK_DICE_MAX : ndice;
    struct murk_dice_expr e = {k, 6, 1, 0};
    hits += mk_roll_pool(g, &e, need, purpose, MURK_AUD_ALL, NULL);
    ndice -= k;
  }
  return hits;
}

/* One combination's dice: an event saying what they need and why, then the roll. */
static int roll_combo(struct murk_game* g, enum murk_side side, const struct to_hit* h, int snum,
                      int tnum, const char* what) {
  char why[96], purpose[96];
  to_hit_text(h, why, sizeof why);
  int need = to_hit_need(h);
  mk_emit(g, MURK_EV_SHOOT, MURK_AUD_ALL, side, "P%d %s P%d: %d di%s (%s) hitting on %d+ (%s)",
          snum, what, tnum, h->dice, h->dice == 1 ? "e" : "ce", h->weapon->title, need, why);
  mk_format(purpose, sizeof purpose, "P%d %s P%d to hit", snum, what, tnum);
  return roll_hits(g, h->dice, need, purpose);
}

int mk_combat_d6(struct murk_game* g, const char* purpose) {
  struct murk_dice_expr e = {1, 6, 1, 0};
  return murk_roll(g, &e, purpose, MURK_AUD_ALL, NULL);
}

/* The firepower test of `weapon` (the rulebook: passed on its firepower score or more). */
static bool firepower_test(struct murk_game* g, int tnum, const struct murk_profile* weapon) {
  char purpose[MURK_ROLL_PURPOSE];
  mk_format(purpose, sizeof purpose, "P%d firepower %d+", tnum, weapon->firepower);
  return mk_combat_d6(g, purpose) >= weapon->firepower;
}

/* One hit of `weapon` on team t of unit tu of `side`, from a team standing at `from`;
 * in_assault: a hit in close combat (top armour, no save, no firepower test). */
static void one_hit(struct murk_game* g, enum murk_side side, int tu, int t,
                    const struct murk_profile* weapon, struct murk_pos from, bool in_assault,
                    struct tally* y) {
  const struct murk_profile* pr = mk_team_profile(g, side, t);
  int tnum = g->s.units[side][tu].marker;
  char purpose[MURK_ROLL_PURPOSE];
  if (pr->armoured) {
    static const char* const names[] = {"front", "side", "top"};
    enum murk_aspect a =
        in_assault ? MURK_ARMOUR_TOP : aspect_of(g, side, g->s.teams[side][t].pos, from);
    char label[32];
    mk_format(label, sizeof label, "%s armour", names[a]);
    mk_format(purpose, sizeof purpose, "P%d armour save against AT %d", tnum, weapon->anti_tank);
    struct murk_dice_expr e = {1, 6, 1, 0};
    int save = murk_roll_mod(g, &e, purpose, MURK_AUD_ALL, label, pr->armour[a], NULL);
    if (save > weapon->anti_tank) {
      mk_emit(g, MURK_EV_SHOOT, MURK_AUD_ALL, side, "the hit bounces off P%d's %s (%s)", tnum,
              pr->title, label);
      y->saved++;
      return;
    }
    const char* how = save == weapon->anti_tank ? "a glancing hit" : "penetrated";
    mk_emit(g, MURK_EV_SHOOT, MURK_AUD_ALL, side, "P%d's %s: %s", tnum, pr->title, how);
    if (in_assault || firepower_test(g, tnum, weapon)) {
      lose_team(g, side, tu, t);
      y->lost++;
    } else {
      bail_out(g, side, tu, t, y);
    }
    return;
  }
  if (pr->fow && pr->vehicle) { /* unarmoured (the simpler profile: its save alone) */
    if (in_assault || firepower_test(g, tnum, weapon)) {
      lose_team(g, side, tu, t);
      y->lost++;
    } else {
      bail_out(g, side, tu, t, y);
    }
    return;
  }
  if (!in_assault) {
    if (pr->save <= 6) {
      mk_format(purpose, sizeof purpose, "P%d save %d+", tnum, pr->save);
      if (mk_combat_d6(g, purpose) >= pr->save) {
        y->saved++;
        return;
      }
    }
    /* Bulletproof cover: a failed save still needs the weapon's firepower test. */
    if (!pr->vehicle && dug_in(g, side, tu, t) && !firepower_test(g, tnum, weapon)) {
      mk_emit(g, MURK_EV_SHOOT, MURK_AUD_ALL, side, "P%d's %s is saved by its bulletproof cover",
              tnum, pr->title);
      y->saved++;
      return;
    }
  }
  lose_team(g, side, tu, t);
  y->lost++;
}

/* Hits of `weapon` on unit tu of `side` from `from`'s unit `unit`: each falls on the target
 * team nearest to the shooters (nearest_target) and is resolved by one_hit. */
static void take_hits(struct murk_game* g, enum murk_side side, int tu, enum murk_side from,
                      int unit, const struct murk_profile* weapon, int hits, bool in_assault,
                      struct tally* y) {
  int tnum = g->s.units[side][tu].marker;
  y->hits += hits;
  for (int h = 0; h < hits; h++) {
    bool unseen = false;
    int t = nearest_target(g, from, unit, tu, &unseen);
    if (t < 0) break;
    if (unseen) {
      /* A hit on a team the firing side does not see (a blind barrage) shows it where it
       * stands, in the same public event (docs/rules.md, "Hidden contact"). */
      struct mk_team* tm = &g->s.teams[side][t];
      char ps[16];
      murk_pos_format(tm->pos, ps, sizeof ps);
      mk_emit(g, MURK_EV_PLACE, MURK_AUD_ALL, side, "a hit falls on P%d's unseen team (%s) at %s",
              tnum, mk_team_profile(g, side, t)->title, ps);
      mk_event_facts(g, tnum, &tm->pos, NULL); /* sight.c: the firing side is told */
    }
    int d = INT_MAX;
    int st = nearest_team_to(g, side, t, from, unit, false, &d);
    struct murk_pos at = st >= 0 ? g->s.teams[from][st].pos : g->s.teams[side][t].pos;
    one_hit(g, side, tu, t, weapon, at, in_assault, y);
  }
}

/* "P3 scores 4 hits: 1 saved or bounced, 1 bailed out, 2 teams destroyed" */
static void tell_tally(struct murk_game* g, enum murk_side side, int snum, int tnum,
                       const char* what, const struct tally* y) {
  mk_emit(g, MURK_EV_SHOOT, MURK_AUD_ALL, side,
          "P%d%s scores %d hit%s: P%d saves %d, %d bailed out, loses %d team%s", snum, what,
          y->hits, mk_plural(y->hits), tnum, y->saved, y->bailed, y->lost, mk_plural(y->lost));
}

/* ---- pinned down ---- */

/* An infantry or gun platoon: one with a team that is not a vehicle. Tanks are not pinned
 * down (the rulebook). */
static bool pins(const struct murk_game* g, enum murk_side side, int tu) {
  const struct mk_unit_state* u = &g->s.units[side][tu];
  for (int t = u->first_team; t < u->first_team + u->nteams; t++)
    if (g->s.teams[side][t].alive && !mk_team_profile(g, side, t)->vehicle) return true;
  return false;
}

/* Hits from shooting add up over the player turn; pin_hits of them pin the platoon down. */
static void pin(struct murk_game* g, enum murk_side side, int tu, int hits) {
  struct mk_unit_state* u = &g->s.units[side][tu];
  u->hits += hits;
  if (u->pinned || u->hits < murk_mission_param(g->m, MURK_P_CB_PIN_HITS) ||
      u->state == MURK_PLATOON_DESTROYED || mk_unit_alive(&g->s, side, tu) == 0 ||
      !pins(g, side, tu))
    return;
  u->pinned = true;
  mk_emit(g, MURK_EV_SHOOT, MURK_AUD_ALL, side,
          "P%d is pinned down (%d hits this turn): until it rallies it cannot assault and "
          "shoots at its moving rate of fire",
          u->marker, u->hits);
}

/* ---- shooting ---- */

/* A barrage fired at a target it cannot see (the sci-fi mission special rules, Night Fighting: "an
 * extra D6 to the distance scattered"): aimed at the target team nearest to the shooter, it
 * scatters like a deep strike (a scatter die, a direction die, the mission's scatter dice plus the
 * extra die in inches); it still hits if a team of the target stands within blind_blast of where
 * it lands; a scatter die of blind_on_aim or less lands it on its aim (Night Fighting's
 * parameters). Engine model: the text has no scatter rule of its own (docs/rules.md). */
static bool barrage_lands(struct murk_game* g, enum murk_side side, int unit, int tu) {
  const struct murk_mission* m = g->m;
  const struct murk_grid* gr = &m->grid;
  enum murk_side other = murk_side_other(side);
  int k = nearest_target(g, side, unit, tu, NULL);
  if (k < 0) return false;
  struct murk_pos land = g->s.teams[other][k].pos;
  int snum = g->s.units[side][unit].marker;
  mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, side,
          "P%d cannot see P%d: its barrage fires blind at the nearest team and scatters "
          "(an unseen target: one die more to the distance)",
          snum, g->s.units[other][tu].marker);
  char purpose[MURK_ROLL_PURPOSE];
  struct murk_dice_expr d6 = {1, 6, 1, 0};
  mk_format(purpose, sizeof purpose, "P%d blind barrage scatter", snum);
  int blast = murk_mission_param(m, MURK_P_NF_BLIND_BLAST);
  if (murk_roll(g, &d6, purpose, MURK_AUD_ALL, NULL) >
      murk_mission_param(m, MURK_P_NF_BLIND_ON_AIM)) {
    int ndirs = murk_geom_directions(gr);
    struct murk_dice_expr dd = {1, ndirs, 1, 0};
    mk_format(purpose, sizeof purpose, "P%d barrage direction", snum);
    int dir = murk_roll(g, &dd, purpose, MURK_AUD_ALL, NULL) - 1;
    struct murk_dice_expr a = murk_mission_param_dice(m, MURK_P_NF_SCATTER);
    struct murk_dice_expr b = murk_mission_param_dice(m, MURK_P_NF_UNSEEN);
    mk_format(purpose, sizeof purpose, "P%d barrage distance", snum);
    int inches = murk_roll(g, &a, purpose, MURK_AUD_ALL, NULL);
    mk_format(purpose, sizeof purpose, "P%d barrage, unseen: farther", snum);
    inches += murk_roll(g, &b, purpose, MURK_AUD_ALL, NULL);
    int cells = mk_inches_cells(g, inches);
    /* Past the table and the blast every step is too far to hit: the walk stops there. */
    int far = gr->width + gr->height + blast + 2;
    for (int i = 0; i < (cells < far ? cells : far); i++) land = murk_geom_neighbour(gr, land, dir);
  }
  const struct mk_unit_state* t = &g->s.units[other][tu];
  bool hit = false;
  for (int j = t->first_team; j < t->first_team + t->nteams && !hit; j++)
    hit =
        placed(&g->s, other, j) && murk_geom_distance(gr, g->s.teams[other][j].pos, land) <= blast;
  char ls[16];
  murk_pos_format(land, ls, sizeof ls);
  mk_emit(g, MURK_EV_SHOOT, MURK_AUD_ALL, side, "P%d's blind barrage comes down at %s: %s P%d",
          snum, ls, hit ? "on" : "wide of", t->marker);
  return hit;
}

/* The distance from own team t to the nearest team of enemy unit tu the side knows of:
 * target teams it sees or last saw (docs/rules.md, "Hidden contact"), so a refusal
 * measures nothing hidden. INT_MAX if none. */
static int known_distance(const struct murk_game* g, enum murk_side side, int t, int tu) {
  const struct mk_state* s = &g->s;
  enum murk_side other = murk_side_other(side);
  const struct mk_unit_state* tv = &s->units[other][tu];
  int d = INT_MAX;
  for (int k = tv->first_team; k < tv->first_team + tv->nteams; k++) {
    const struct mk_sighting* kn = &s->seen_team[side][k];
    if (!placed(s, other, k) || !kn->known) continue;
    int dk = murk_geom_distance(&g->m->grid, s->teams[side][t].pos, kn->pos);
    if (dk < d) d = dk;
  }
  return d;
}

/* The nearest of known_distance over the placed teams of own unit `unit` (INT_MAX: none). */
static int nearest_known(const struct murk_game* g, enum murk_side side, int unit, int tu) {
  const struct mk_unit_state* u = &g->s.units[side][unit];
  int nearest = INT_MAX;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
    if (!placed(&g->s, side, t)) continue;
    int d = known_distance(g, side, t, tu);
    if (d < nearest) nearest = d;
  }
  return nearest;
}

struct mk_reach_rule mk_combat_reach_rule(const struct murk_game* g, enum murk_side side,
                                          bool shooting) {
  /* aim: a team fires only with a rate of fire, at a team it sees within its range, and a
   * team sees nothing beyond the sight limit; a barrage at night may fire blind, at a team
   * its side sees (nearest_seen_by_side). */
  struct mk_reach_rule r = {shooting, shooting ? mk_sight_limit(g, side) : INT_MAX,
                            shooting && mk_night_fighting_now(g),
                            murk_mission_param(g->m, MURK_P_CB_ASSAULT_REACH)};
  return r;
}

int mk_combat_reachers(const struct murk_game* g, enum murk_side side, int unit,
                       const struct mk_reach_rule* rule, struct mk_reacher* out) {
  const struct mk_state* s = &g->s;
  const struct mk_unit_state* u = &s->units[side][unit];
  /* The roster and the bound in locals: the views ask this of every own unit at every
   * refresh. */
  const struct mk_team* teams = s->teams[side];
  int n = 0, t1 = u->first_team + u->nteams;
  for (int t = u->first_team; t < t1 && n < MK_COMBAT_MAX_TEAMS; t++) {
    if (!placed(s, side, t) || (rule->shooting && teams[t].bailed)) continue;
    int reach = rule->assault_reach;
    if (rule->shooting) {
      const struct murk_profile* pr = mk_team_profile(g, side, t);
      if (pr->rof <= 0) continue;
      reach = pr->range;
      if (rule->limit < reach && !(rule->blind && pr->barrage)) reach = rule->limit;
    }
    out[n].pos = teams[t].pos;
    out[n].reach = reach;
    n++;
  }
  return n;
}

int mk_combat_marks(const struct murk_game* g, enum murk_side side, int tu, bool shooting,
                    struct murk_pos* out) {
  const struct mk_state* s = &g->s;
  enum murk_side other = murk_side_other(side);
  const struct mk_unit_state* tv = &s->units[other][tu];
  int n = 0;
  for (int k = tv->first_team; k < tv->first_team + tv->nteams && n < MK_COMBAT_MAX_TEAMS; k++) {
    /* A team seen is known where it stands (sight.c); an assault measures to where the side
     * knows a team (known_distance). */
    const struct mk_sighting* kn = &s->seen_team[side][k];
    if (placed(s, other, k) && (shooting ? kn->seen : kn->known)) out[n++] = kn->pos;
  }
  return n;
}

bool mk_combat_reaches(const struct murk_grid* grid, const struct mk_reacher* own, int nown,
                       const struct murk_pos* at, int nat) {
  for (int i = 0; i < nown; i++)
    for (int k = 0; k < nat; k++) {
      int rows = own[i].pos.y - at[k].y; /* a distance is at least the rows between */
      if (rows <= own[i].reach && -rows <= own[i].reach &&
          murk_geom_distance(grid, own[i].pos, at[k]) <= own[i].reach)
        return true;
    }
  return false;
}

bool mk_combat_in_reach(const struct murk_game* g, enum murk_side side, int unit, int tu,
                        bool shooting) {
  struct mk_reacher own[MK_COMBAT_MAX_TEAMS];
  struct murk_pos at[MK_COMBAT_MAX_TEAMS];
  struct mk_reach_rule rule = mk_combat_reach_rule(g, side, shooting);
  int nown = mk_combat_reachers(g, side, unit, &rule, own);
  if (nown == 0) return false;
  int nat = mk_combat_marks(g, side, tu, shooting, at);
  return mk_combat_reaches(&g->m->grid, own, nown, at, nat);
}

/* The sci-fi mission special rules, Night Fighting: barrage weapons "may fire at unseen targets". A
 * barrage team that cannot see a team of tu itself aims at the nearest one its side sees (from any
 * of its units: what the side knows), whatever Night Fighting's sight range; the shot is then fired
 * blind and scatters (mk_combat_shoot). -1 if the side sees none. */
static int nearest_seen_by_side(const struct murk_game* g, enum murk_side side, int t, int tu,
                                int* dist) {
  const struct mk_state* s = &g->s;
  enum murk_side other = murk_side_other(side);
  const struct mk_unit_state* tv = &s->units[other][tu];
  int best = INT_MAX, pick = -1;
  for (int k = tv->first_team; k < tv->first_team + tv->nteams; k++) {
    if (!placed(s, other, k) || !s->seen_team[side][k].seen) continue;
    int d = murk_geom_distance(&g->m->grid, s->teams[side][t].pos, s->teams[other][k].pos);
    if (d < best) {
      best = d;
      pick = k;
    }
  }
  *dist = best;
  return pick;
}

/* Which teams of own unit `unit` may shoot at unit tu of the enemy: each at the nearest
 * target team it can see (sight.h), if in range. pick[i] (team first_team + i) gets that
 * team or -1, dist[i] its distance, blind[i] whether it is a barrage team's target it
 * cannot see itself (Night Fighting, nearest_seen_by_side); *nearest the nearest target team
 * seen or not. Returns how many teams may shoot. */
static int aim(const struct murk_game* g, enum murk_side side, int unit, int tu, int* pick,
               int* dist, bool* blind, int* nearest) {
  const struct mk_state* s = &g->s;
  const struct mk_unit_state* u = &s->units[side][unit];
  enum murk_side other = murk_side_other(side);
  int inrange = 0;
  *nearest = INT_MAX;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
    int i = t - u->first_team;
    pick[i] = -1;
    blind[i] = false;
    if (!placed(s, side, t)) continue;
    int d = known_distance(g, side, t, tu);
    if (s->teams[side][t].bailed) continue;
    if (d < *nearest) *nearest = d;
    const struct murk_profile* pr = mk_team_profile(g, side, t);
    int k = nearest_team_to(g, side, t, other, tu, true, &d);
    if ((k < 0 || d > pr->range) && pr->barrage && mk_night_fighting_now(g)) {
      k = nearest_seen_by_side(g, side, t, tu, &d);
      blind[i] = k >= 0; /* fired blind: it scatters (mk_combat_shoot) */
    }
    if (k < 0 || d > pr->range || pr->rof <= 0) continue;
    pick[i] = k;
    dist[i] = d;
    inrange++;
  }
  return inrange;
}

bool mk_combat_targets(const struct murk_game* g, enum murk_side side, int unit, int tu,
                       bool shooting, signed char* seen) {
  const struct mk_state* s = &g->s;
  enum murk_side other = murk_side_other(side);
  if (s->units[side][unit].state != MURK_PLATOON_REVEALED) return false;
  /* mk_combat_assault refuses a pinned down platoon, and one with no team fighting */
  if (!shooting && (s->units[side][unit].pinned || mk_combat_fighters(s, side, unit) == 0))
    return false;
  int mi = mk_marker_index(s, s->units[other][tu].marker);
  /* target(): revealed, on the table, in sight of one of the side's units */
  if (mi < 0 || !s->markers[mi].revealed || s->units[other][tu].state != MURK_PLATOON_REVEALED)
    return false;
  const struct mk_unit_state* u = &s->units[side][unit];
  const struct mk_unit_state* tv = &s->units[other][tu];
  const struct murk_grid* grid = &g->m->grid;
  bool found = false;
  if (shooting && mk_night_fighting_now(g)) {
    /* Night Fighting: a barrage team may fire blind at a target its side sees (aim), which
     * the quick test below does not know: ask aim itself. */
    if (*seen < 0) *seen = mk_sight_unit_seen(g, side, tu);
    if (!*seen) return false;
    int pick[MURK_MISSION_MAX_GROUPS * MURK_MISSION_MAX_TEAMS],
        dist[MURK_MISSION_MAX_GROUPS * MURK_MISSION_MAX_TEAMS], nearest;
    bool blind[MURK_MISSION_MAX_GROUPS * MURK_MISSION_MAX_TEAMS];
    return aim(g, side, unit, tu, pick, dist, blind, &nearest) > 0;
  }
  if (shooting) {
    /* aim() finds a team that may shoot: some own team with a rate of fire has the nearest
     * target team it sees within its range, that is, sees one within its range. Distances
     * are cheap and sight is not, so sight is asked last and only until one answers. */
    bool flash = mk_night_flashing(g, other, tu);
    for (int t = u->first_team; t < u->first_team + u->nteams && !found; t++) {
      if (!fighting(s, side, t)) continue; /* a bailed out team does not shoot */
      const struct murk_profile* pr = mk_team_profile(g, side, t);
      if (pr->rof <= 0) continue;
      struct murk_pos from = s->teams[side][t].pos;
      for (int k = tv->first_team; k < tv->first_team + tv->nteams && !found; k++)
        found = placed(s, other, k) &&
                murk_geom_distance(grid, from, s->teams[other][k].pos) <= pr->range &&
                mk_sight_sees(g, side, from, s->teams[other][k].pos, flash);
    }
  } else {
    /* mk_combat_assault: the nearest target team known is within reach of an own team. */
    found = mk_combat_in_reach(g, side, unit, tu, false);
  }
  if (!found) return false;
  if (*seen < 0) *seen = mk_sight_unit_seen(g, side, tu);
  return *seen;
}

/* Why no team of own unit `unit` may shoot at P<tnum>, from what the side knows: the
 * nearest distance to where it knows the target's teams (`nearest`), its own weapons' reach
 * and how far its units see now (why.c's words). */
static int out_of_reach(const struct murk_game* g, enum murk_side side, int unit, int snum,
                        int tnum, int nearest, char* reason, size_t reason_len) {
  const struct mk_state* s = &g->s;
  const struct mk_unit_state* u = &s->units[side][unit];
  if (nearest == INT_MAX)
    return mk_reject(reason, reason_len,
                     "no team of P%d can see a team of P%d within its range (none of it is "
                     "known to you)",
                     snum, tnum);
  int reach = -1;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
    const struct murk_profile* pr = mk_team_profile(g, side, t);
    if (placed(s, side, t) && pr->rof > 0 && pr->range > reach) reach = pr->range;
  }
  if (reach < 0)
    return mk_reject(reason, reason_len, "no team of P%d has a weapon that fires", snum);
  if (nearest > reach)
    return mk_reject(reason, reason_len,
                     "P%d is out of P%d's range: its nearest known team is %d cells away, P%d "
                     "reaches %d cell%s",
                     tnum, snum, nearest, snum, reach, mk_plural(reach));
  int range = mk_sight_range(g, side), nvr = mk_night_nvr(g);
  if (nearest > range) {
    char words[120];
    mk_why_words(nvr >= 0 ? MURK_VIEW_BEYOND_NVR : MURK_VIEW_OUT_OF_RANGE, nvr, range,
                 mk_night_now(g), NULL, NULL, words, sizeof words);
    return mk_reject(reason, reason_len,
                     "no team of P%d can see a team of P%d within its range: the nearest known "
                     "is %d cells away, %s",
                     snum, tnum, nearest, words);
  }
  return mk_reject(reason, reason_len,
                   "no team of P%d can see a team of P%d within its range (nearest known is %d "
                   "cells away)",
                   snum, tnum, nearest);
}

int mk_combat_shoot(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                    const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  (void)c;
  struct mk_state* s = &g->s;
  int unit = -1, tu = -1;
  int rc = actor(g, side, a, "shoot", &unit, reason, reason_len);
  if (rc != MURK_OK) return rc;
  struct mk_unit_state* u = &s->units[side][unit];
  int snum = u->marker;
  /* A light tried this turn (hit or miss) was the unit's fire (ASL night rules E1.92). */
  if (u->shot && s->night.flare_tried[side][unit])
    return mk_reject(reason, reason_len,
                     "P%d sent up a light this turn: that was its fire (the ASL night rules)",
                     snum);
  if (u->shot) return mk_reject(reason, reason_len, "P%d has already shot this step", snum);
  rc = target(g, side, a->target, &tu, reason, reason_len);
  if (rc != MURK_OK) return rc;
  enum murk_side other = murk_side_other(side);
  const struct mk_unit_state* tgt = &s->units[other][tu];
  int tnum = tgt->marker;
  /* The distances first, with no line drawn: aim would find no team in range. */
  if (!mk_combat_in_reach(g, side, unit, tu, true))
    return out_of_reach(g, side, unit, snum, tnum, nearest_known(g, side, unit, tu), reason,
                        reason_len);
  struct to_hit combos[MAX_COMBOS], blind[MAX_COMBOS];
  int ncombos = 0, nblind = 0, ndice = 0, nearest = INT_MAX;
  int pick[MURK_MISSION_MAX_GROUPS * MURK_MISSION_MAX_TEAMS],
      dist[MURK_MISSION_MAX_GROUPS * MURK_MISSION_MAX_TEAMS];
  bool blinds[MURK_MISSION_MAX_GROUPS * MURK_MISSION_MAX_TEAMS];
  int inrange = aim(g, side, unit, tu, pick, dist, blinds, &nearest);
  if (inrange == 0) return out_of_reach(g, side, unit, snum, tnum, nearest, reason, reason_len);
  /* Night, fog and concealment (night.c): a sight roll first, once per unit a turn; teams
   * beyond it cannot be shot, but barrage weapons fire blind (the sci-fi mission special rules,
   * Night Fighting). */
  bool rolled = false, flash_ok = false;
  const char* why = NULL;
  int sight = mk_night_fire_sight(g, side, unit, tu, &rolled, &flash_ok, &why);
  bool flashing = flash_ok && mk_night_flashing(g, other, tu);
  inrange = 0;
  int nbarrage = 0;
  bool moving = u->moved || u->pinned; /* the rulebook: moving or pinned down, moving ROF */
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
    int i = t - u->first_team, k = pick[i], d = dist[i];
    if (k < 0) continue;
    const struct murk_profile* pr = mk_team_profile(g, side, t);
    bool unseen = (d > sight && !flashing) || blinds[i];
    if (unseen && !pr->barrage) continue;
    bool conc = concealed(g, other, tu, k);
    struct to_hit h = {
        .skill = mk_team_profile(g, other, k)->skill,
        .long_range = 2 * d > pr->range,
        .concealed = conc,
        .gone_to_ground = conc && !tgt->active,
        .night = night(g, s->teams[other][k].pos),
        .weapon = pr,
        .dice = moving ? pr->rof_moving : pr->rof,
    };
    if (h.dice <= 0) continue;
    if (unseen) {
      nbarrage++;
      add_dice(blind, &nblind, &h);
    } else {
      inrange++;
      add_dice(combos, &ncombos, &h);
    }
    ndice += h.dice;
  }
  u->shot = true;
  u->active = true;
  if (inrange + nbarrage == 0) {
    /* The sci-fi mission special rules, Night Fighting: a target beyond the roll costs the unit its
     * fire. */
    mk_emit(g, MURK_EV_SHOOT, MURK_AUD_ALL, side,
            "%s P%d cannot make out P%d (%s): it loses its fire", murk_side_name(side), snum, tnum,
            why ? why : "out of sight");
    return MURK_OK;
  }
  /* The sci-fi mission special rules, Concealment: lost once the unit shoots. */
  u->concealed = false;
  s->fired = true;
  mk_night_gunflash(g, side, unit); /* ASL night rules E1.8 */
  mk_emit(g, MURK_EV_SHOOT, MURK_AUD_ALL, side, "%s P%d shoots at P%d: %d team%s in range, %d di%s",
          murk_side_name(side), snum, tnum, inrange + nbarrage, mk_plural(inrange + nbarrage),
          ndice, ndice == 1 ? "e" : "ce");
  if (nblind > 0 && barrage_lands(g, side, unit, tu))
    for (int i = 0; i < nblind; i++) add_dice(combos, &ncombos, &blind[i]);
  struct tally y = {0};
  for (int i = 0; i < ncombos; i++) {
    int hits = roll_combo(g, side, &combos[i], snum, tnum, "at");
    take_hits(g, other, tu, side, unit, combos[i].weapon, hits, false, &y);
  }
  tell_tally(g, side, snum, tnum, "", &y);
  pin(g, other, tu, y.hits);
  check_destroyed(g, other, tu);
  return MURK_OK;
}

/* ---- assaults ---- */

/* The score a platoon's motivation tests need: the best among its fighting teams (7: none). */
static int motivation_of(const struct murk_game* g, enum murk_side side, int tu) {
  const struct mk_unit_state* u = &g->s.units[side][tu];
  int need = 7;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++)
    if (g->s.teams[side][t].alive && mk_team_profile(g, side, t)->motivation < need)
      need = mk_team_profile(g, side, t)->motivation;
  return need;
}

bool mk_combat_motivation_test(struct murk_game* g, enum murk_side side, int tu, const char* what) {
  char purpose[MURK_ROLL_PURPOSE];
  int need = motivation_of(g, side, tu);
  mk_format(purpose, sizeof purpose, "P%d %s %d+", g->s.units[side][tu].marker, what, need);
  return mk_combat_d6(g, purpose) >= need;
}

/* One round of close combat: each fighting team of `side`'s unit rolls a die, hitting on its
 * own skill (assault_skill, 7, less the score to hit it: Veteran 4+ to hit, 3+ to hit in
 * an assault); each hit falls on the nearest enemy team:
 * infantry and guns are destroyed, armour takes die plus top armour against the team's
 * anti-tank. */
static void close_combat(struct murk_game* g, enum murk_side side, int unit, int tu,
                         const char* what) {
  struct mk_state* s = &g->s;
  enum murk_side other = murk_side_other(side);
  struct mk_unit_state* u = &s->units[side][unit];
  struct to_hit combos[MAX_COMBOS];
  int ncombos = 0;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++) {
    if (!fighting(s, side, t)) continue;
    const struct murk_profile* pr = mk_team_profile(g, side, t);
    struct to_hit h = {.skill = murk_mission_param(g->m, MURK_P_CB_ASSAULT_SKILL) - pr->skill,
                       .weapon = pr,
                       .dice = 1};
    add_dice(combos, &ncombos, &h);
  }
  struct tally y = {0};
  int snum = u->marker, tnum = s->units[other][tu].marker;
  for (int i = 0; i < ncombos; i++) {
    int hits = roll_combo(g, side, &combos[i], snum, tnum, what);
    take_hits(g, other, tu, side, unit, combos[i].weapon, hits, true, &y);
  }
  tell_tally(g, side, snum, tnum, "", &y);
}

int mk_combat_assault(struct murk_game* g, enum murk_side side, const struct murk_command* c,
                      const struct mk_cmd_args* a, char* reason, size_t reason_len) {
  (void)c;
  struct mk_state* s = &g->s;
  int unit = -1, tu = -1;
  int rc = actor(g, side, a, "assault", &unit, reason, reason_len);
  if (rc != MURK_OK) return rc;
  struct mk_unit_state* u = &s->units[side][unit];
  int anum = u->marker;
  if (u->assaulted)
    return mk_reject(reason, reason_len, "P%d has already assaulted this step", anum);
  if (u->pinned)
    return mk_reject(reason, reason_len,
                     "P%d is pinned down: it cannot assault until it rallies (a motivation test "
                     "at the start of your turn)",
                     anum);
  if (mk_combat_fighters(s, side, unit) == 0)
    return mk_reject(reason, reason_len,
                     "every team of P%d is bailed out: it cannot assault until a crew remounts",
                     anum);
  rc = target(g, side, a->target, &tu, reason, reason_len);
  if (rc != MURK_OK) return rc;
  enum murk_side other = murk_side_other(side);
  int tnum = s->units[other][tu].marker;
  /* Measured to the target teams the side knows of, as the view's targets are: the answer
   * and the refusal depend on nothing hidden. */
  if (!mk_combat_in_reach(g, side, unit, tu, false)) {
    int nearest = nearest_known(g, side, unit, tu);
    return mk_reject(reason, reason_len,
                     "P%d is not within %d cells of P%d (nearest is %d): move closer first", tnum,
                     murk_mission_param(g->m, MURK_P_CB_ASSAULT_REACH), anum,
                     nearest == INT_MAX ? 0 : nearest);
  }
  int nteams = mk_combat_fighters(s, side, unit);
  u->assaulted = true;
  u->active = true;
  u->dug_in = false; /* out of its holes and across the open */
  u->concealed = false;
  mk_emit(g, MURK_EV_ASSAULT, MURK_AUD_ALL, side, "%s P%d assaults P%d with %d team%s",
          murk_side_name(side), anum, tnum, nteams, mk_plural(nteams));

  /* Defensive fire: every fighting target team that can see an assaulting team within its
   * range fires its rate of fire (moving when pinned down), hitting on that team's skill
   * (+1 at night). */
  struct to_hit combos[MAX_COMBOS];
  int ncombos = 0;
  struct mk_unit_state* tg = &s->units[other][tu];
  /* At night or in the fog the defenders must see the assaulters too (night.c). */
  bool drolled = false, dflash_ok = false;
  const char* dwhy = NULL;
  int dsight = mk_night_fire_sight(g, other, tu, unit, &drolled, &dflash_ok, &dwhy);
  if (dflash_ok && mk_night_flashing(g, side, unit)) dsight = INT_MAX;
  for (int k = tg->first_team; k < tg->first_team + tg->nteams; k++) {
    if (!fighting(s, other, k)) continue;
    const struct murk_profile* pr = mk_team_profile(g, other, k);
    int d = INT_MAX;
    int t = nearest_team_to(g, other, k, side, unit, true, &d);
    int dice = tg->pinned ? pr->rof_moving : pr->rof;
    if (t < 0 || d > pr->range || dice <= 0 || d > dsight) continue;
    struct to_hit h = {.skill = mk_team_profile(g, side, t)->skill,
                       .night = night(g, s->teams[side][t].pos),
                       .weapon = pr,
                       .dice = dice};
    add_dice(combos, &ncombos, &h);
  }
  if (ncombos > 0) {
    mk_night_gunflash(g, other, tu); /* ASL night rules E1.8 */
    struct tally y = {0};
    for (int i = 0; i < ncombos; i++) {
      int hits = roll_combo(g, other, &combos[i], tnum, anum, "fires defensively at");
      take_hits(g, side, unit, other, tu, combos[i].weapon, hits, false, &y);
    }
    tell_tally(g, other, tnum, anum, "'s defensive fire", &y);
    bool stopped = y.hits >= murk_mission_param(g->m, MURK_P_CB_STOP_HITS);
    if (stopped || mk_combat_fighters(s, side, unit) == 0) {
      if (stopped && mk_unit_alive(s, side, unit) > 0) u->pinned = true;
      mk_emit(g, MURK_EV_ASSAULT, MURK_AUD_ALL, side, "P%d's assault is beaten off%s", anum,
              stopped ? ": it is pinned down" : "");
      check_destroyed(g, side, unit);
      return MURK_OK;
    }
  }

  /* Rounds of close combat: the assaulters strike; the defenders, if any are left, take a
   * motivation test to counterattack (failing, they break off); then the assaulters test to
   * go on, and so on, until one side breaks off or has no fighting team left. */
  int striker = unit, struck = tu;
  enum murk_side sside = side;
  for (int round = 0; round < MAX_ROUNDS; round++) {
    enum murk_side oside = murk_side_other(sside);
    close_combat(g, sside, striker, struck, round == 0 ? "in close combat with" : "counterattacks");
    check_destroyed(g, oside, struck);
    if (mk_combat_fighters(s, oside, struck) == 0) {
      mk_emit(g, MURK_EV_ASSAULT, MURK_AUD_ALL, sside, "P%d wins the assault on P%d",
              s->units[sside][striker].marker, s->units[oside][struck].marker);
      return MURK_OK;
    }
    if (!mk_combat_motivation_test(g, oside, struck, "counterattack")) {
      struct mk_unit_state* lost = &s->units[oside][struck];
      lost->pinned = pins(g, oside, struck);
      mk_emit(g, MURK_EV_ASSAULT, MURK_AUD_ALL, oside, "P%d breaks off%s: P%d wins the assault",
              lost->marker, lost->pinned ? " pinned down" : "", s->units[sside][striker].marker);
      return MURK_OK;
    }
    int t = striker;
    striker = struck;
    struck = t;
    sside = oside;
  }
  mk_emit(g, MURK_EV_ASSAULT, MURK_AUD_ALL, side, "the assault of P%d on P%d ends undecided", anum,
          tnum);
  return MURK_OK;
}

/* ---- start of turn, movement ---- */

static bool vehicle_platoon(const struct murk_game* g, enum murk_side side, int unit) {
  const struct mk_unit_state* u = &g->s.units[side][unit];
  if (mk_unit_platoon(g, side, unit)->flags & MURK_PF(VEHICLE)) return true;
  for (int t = u->first_team; t < u->first_team + u->nteams; t++)
    if (mk_team_profile(g, side, t)->vehicle) return true;
  return false;
}

static bool on_table(enum murk_platoon_state st) {
  return st == MURK_PLATOON_HIDDEN || st == MURK_PLATOON_REVEALED;
}

/* The sci-fi mission special rules, Concealment: non-vehicle units on the table at the start are
 * concealed. */
void mk_combat_begin_play(struct murk_game* g) {
  struct mk_state* s = &g->s;
  bool on = murk_mission_rule_on(g->m, MURK_RULE_CONCEALMENT);
  bool any = false;
  for (int sd = 0; sd < MURK_SIDES; sd++)
    for (int k = 0; k < s->nunits[sd]; k++) {
      s->units[sd][k].concealed =
          on && on_table(s->units[sd][k].state) && !vehicle_platoon(g, (enum murk_side)sd, k);
      any = any || s->units[sd][k].concealed;
    }
  /* Told where it happens, so the first turn's sight rolls are not a surprise. */
  if (any)
    mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, MURK_NO_SIDE,
            "concealment: units on the table that are not vehicles start concealed: a shooter "
            "must pass a sight roll to fire at one until it moves or shoots, and only in "
            "the first turn");
}

void mk_combat_after_movement(struct murk_game* g, enum murk_side side) {
  struct mk_state* s = &g->s;
  for (int k = 0; k < s->nunits[side]; k++) {
    struct mk_unit_state* u = &s->units[side][k];
    bool moved = u->moved;
    int mi = u->marker ? mk_marker_index(s, u->marker) : -1;
    if (mi >= 0 && s->markers[mi].moved) moved = true;
    if (!moved) continue;
    u->active = true;  /* no longer gone to ground */
    u->dug_in = false; /* the Flames of War missions, Prepared Positions: only until it moves */
    /* The sci-fi mission special rules, Concealment: lost as soon as it moves. */
    u->concealed = false;
  }
}
