/* fight.c: the computer's fighting and the choices around it (players.h): which hidden
 * platoons show themselves to fight, which enemy each platoon shoots, whether it assaults,
 * which platoon goes out on patrol (No Man's Land) and where platoons come on from reserve.
 * Like the rest of the players it reads only its view: the targets the view lists for each
 * own platoon (in range and in sight, or within reach), the enemy teams it shows and the
 * team counts of revealed markers, the ground they stand on, the objectives, the patrol
 * and arrival cells. It computes no rule: what it weighs are judgements of docs/rules.md,
 * "Combat" (a team in the open is hit more easily and saves worse than one in cover or a
 * fortification; hits fall on the target team nearest the shooter; a hit on armour hurts
 * only when a die plus the armour is no more than the weapon's anti-tank, which the view
 * carries for every team it shows; an assault takes the target's defensive fire first, then
 * each assaulting team left strikes once with no save), and the game decides. */
#include "murk/error.h"
#include "players.h"

/* A hidden platoon this close to a revealed enemy team shows itself to shoot (cells). */
#define REVEAL_TO_SHOOT 10
/* Within this of a target team a platoon may assault (cells; the game judges the reach). */
#define ASSAULT_REACH 2
/* Shots are not tried beyond this (cells) when the view lists no targets. */
#define SHOOT_RANGE 24
/* A target in the open goes before a nearer one in cover up to this much further (cells). */
#define OPEN_SLACK 3
/* An assault is tried only with at least this many teams more than the target has (each of
 * its teams fires at the assaulters first, and each assaulting team left strikes once).
 * Tuned by scripts/computer-strength.sh: 0 against greedy's "whatever is within reach". */
#define ASSAULT_MARGIN 0
/* Faces of the die on which a soft platoon's best close-combat strike must destroy an armoured
 * target for it to assault (assaults). Counterattack's attacker against random, 1,000 games:
 * 2, 3 and 4 the same. */
#define ASSAULT_TOP_FACES 2
/* Tries per platoon (the game takes the first it accepts). */
#define TARGET_TRIES 3

static bool fortified(const struct ctx* c, struct murk_pos p) {
  const struct murk_terrain* t = sim_terrain_at(c, p);
  return t && t->works == MURK_WORKS_FORTIFICATION;
}

/* Teams enemy platoon `number` has: those the view shows, or more if its revealed marker
 * says so (teams out of sight still fire back). */
static int teams_of(struct ctx* c, int number) {
  int n = number >= 0 && number < c->foe_teams.n ? c->foe_teams.count[number] : 0;
  const struct murk_view_marker* m = murk_view_marker_by_number(c->v, c->enemy, number);
  return m && m->known && m->nteams > n ? m->nteams : n;
}

/* Does the view list own platoon `platoon` as able to shoot (assault) enemy P<number>? With
 * no list at all, any: the game judges. */
static bool listed(const struct ctx* c, int platoon, int number, bool shooting) {
  const struct murk_view* v = c->v;
  if (v->ntargets == 0) return true;
  for (int i = 0; i < v->ntargets; i++) {
    const struct murk_view_target* t = &v->targets[i];
    if (t->platoon == platoon && t->target == number) return shooting ? t->shoot : t->assault;
  }
  return false;
}

struct cand {
  int number;
  int gap;   /* cells from the platoon's nearest team to the target's nearest */
  bool open; /* the target team nearest the platoon (where hits fall) is in the open */
  int tier;  /* by its chance to hurt the target (hurt_tier): lower first */
};

/* The best anti-tank of own platoon `platoon`'s teams the view shows fighting (not bailed
 * out); -1 for none. */
static int anti_tank_of(const struct ctx* c, int platoon) {
  int best = -1;
  for (int i = 0; i < c->v->nteams; i++) {
    const struct murk_view_team* t = &c->v->teams[i];
    if (t->owner == c->me && t->platoon == platoon && !t->bailed && t->anti_tank > best)
      best = t->anti_tank;
  }
  return best;
}

/* The thinnest front armour among enemy platoon P<number>'s teams the view shows; -1: none
 * armoured (a soft target). */
static int armour_of(const struct ctx* c, int number) {
  int thin = -1;
  for (int i = 0; i < c->v->nteams; i++) {
    const struct murk_view_team* t = &c->v->teams[i];
    if (t->owner != c->enemy || t->marker != number || t->armour[0] < 0) continue;
    if (thin < 0 || t->armour[0] < thin) thin = t->armour[0];
  }
  return thin;
}

/* Is own platoon `platoon` armoured (a team the view shows with armour)? */
static bool armoured(const struct ctx* c, int platoon) {
  for (int i = 0; i < c->v->nteams; i++) {
    const struct murk_view_team* t = &c->v->teams[i];
    if (t->owner == c->me && t->platoon == platoon && t->armour[0] >= 0) return true;
  }
  return false;
}

/* The thinnest top armour among enemy platoon P<number>'s teams the view shows; -1: none
 * armoured. Close combat strikes a vehicle's top armour (docs/rules.md, "Assaults"). */
static int top_armour_of(const struct ctx* c, int number) {
  int thin = -1;
  for (int i = 0; i < c->v->nteams; i++) {
    const struct murk_view_team* t = &c->v->teams[i];
    if (t->owner != c->enemy || t->marker != number || t->armour[0] < 0) continue;
    if (thin < 0 || t->armour[MURK_ARMOUR_TOP] < thin) thin = t->armour[MURK_ARMOUR_TOP];
  }
  return thin;
}

/* Would own platoon `platoon` assault enemy P<number>? Not armour with armour: each enemy
 * vehicle fires its full rate of fire defensively, and the hits that stop an assault come
 * at once (docs/rules.md, "Assaults"). Tanks assaulting tanks lost whole platoons on the
 * first turn and broke the company (Breakthrough's attacker against random: 91.6% of 500
 * games won with such assaults). A soft platoon assaults armour only when its best
 * anti-tank destroys the thinnest top armour there on ASSAULT_TOP_FACES faces of the die or
 * more: rifles (anti-tank 2) against tanks (top 1) win one strike in six and take the
 * tanks' fire first. Counterattack's attacker against random, 1,000 games: 94.8% to 98.5%
 * of the decided games; kept from every assault on armour instead, Surrounded's defender,
 * whose bazookas and panzerschrecks hurt tanks from above, fell from 48% to 27% against
 * greedy (300 games). */
static bool assaults(const struct ctx* c, int platoon, int number) {
  int top = top_armour_of(c, number);
  if (top < 0) return true;
  return !armoured(c, platoon) && anti_tank_of(c, platoon) - top >= ASSAULT_TOP_FACES;
}

/* How a platoon with anti-tank `at` would hurt a target of front armour `armour` (-1: soft),
 * by docs/rules.md, "Combat" (a hit on armour hurts when a die plus the armour is no more
 * than the anti-tank): 0, armour it hurts on half the dice or more (its anti-tank weapons
 * go there first); 1, a soft target; 2, armour it hurts on a die of 1 or 2; 3, armour it
 * cannot hurt at all (a rifle at a tank's front), tried last. */
static int hurt_tier(int at, int armour) {
  if (armour < 0) return 1;
  int sixths = at - armour; /* faces of the die that hurt it */
  return sixths >= 3 ? 0 : sixths >= 1 ? 2 : 3;
}

/* Shots (or assaults) of each revealed platoon at the enemy platoons the view lists for it:
 * nearest first (more of its teams reach, none at long range), one in the open before a
 * nearer one in cover or a fortification up to OPEN_SLACK cells further; an assault only at
 * a platoon with no more teams than its own (ASSAULT_MARGIN). */
static void target_tries(struct ctx* c, bool shooting) {
  if (sim_ctx_group(c) != MURK_OK) return;
  const struct groups* f = &c->foe_teams;
  const struct groups* o = &c->own_teams;
  int limit = shooting ? SHOOT_RANGE : ASSAULT_REACH;
  for (int i = 0; i < c->nunits; i++) {
    const struct unit* u = &c->units[i];
    if (u->hidden || (shooting ? u->shot : u->assaulted)) continue;
    if (u->platoon < 0 || u->platoon >= o->n || o->count[u->platoon] == 0) continue;
    int mine = o->count[u->platoon];
    int anti = anti_tank_of(c, u->platoon);
    struct cand cs[32];
    int n = 0;
    for (int k = 0; k < c->nfoes && n < 32; k++) {
      int number = c->foes[k].number;
      if (!c->foes[k].platoon || number < 0 || number >= f->n || f->count[number] == 0) continue;
      if (!listed(c, u->platoon, number, shooting)) continue;
      if (!shooting && mine < teams_of(c, number) + ASSAULT_MARGIN) continue;
      if (!shooting && !assaults(c, u->platoon, number)) continue;
      int gap = INT_MAX;
      struct murk_pos at = f->pos[f->first[number]];
      for (int a = o->first[u->platoon]; a < o->first[u->platoon] + mine; a++)
        for (int b = f->first[number]; b < f->first[number] + f->count[number]; b++) {
          int d = sim_dist(c, o->pos[a], f->pos[b]);
          if (d < gap) gap = d, at = f->pos[b];
        }
      if (gap > limit) continue;
      int tier = shooting ? hurt_tier(anti, armour_of(c, number)) : 0;
      int j = n++;
      for (; j > 0 && cs[j - 1].gap > gap; j--) cs[j] = cs[j - 1];
      cs[j] = (struct cand){number, gap, !sim_in_cover(c, at) && !fortified(c, at), tier};
    }
    for (int a = 1; shooting && a < n; a++)
      for (int b = a; b > 0; b--) {
        if (!cs[b].open || cs[b - 1].open || cs[b].gap > cs[0].gap + OPEN_SLACK) break;
        struct cand t = cs[b];
        cs[b] = cs[b - 1], cs[b - 1] = t;
      }
    /* Then by the chance to hurt (stable: nearest and open first within a tier): anti-tank
     * weapons at the armour they can hurt, nothing wasted on armour it cannot. */
    for (int a = 1; shooting && a < n; a++)
      for (int b = a; b > 0 && cs[b].tier < cs[b - 1].tier; b--) {
        struct cand t = cs[b];
        cs[b] = cs[b - 1], cs[b - 1] = t;
      }
    for (int k = 0; k < n && k < TARGET_TRIES; k++) {
      struct murk_command* cmd = sim_add(c, shooting ? MURK_CMD_SHOOT : MURK_CMD_ASSAULT);
      if (!cmd) return;
      cmd->unit = u->ref;
      cmd->target.kind = MURK_REF_PLATOON;
      cmd->target.n = cs[k].number;
    }
  }
}

void sim_fight_tries(struct ctx* c, bool shooting) {
  int reach = shooting ? REVEAL_TO_SHOOT : ASSAULT_REACH;
  /* At night a side that only guards keeps its hidden platoons hidden rather than show them
   * to shoot: a platoon that fires is seen beyond the night's sight range (a gunflash) and
   * the attacker, who must come to the objective anyway, turns on it (docs/rules.md,
   * "Night and visibility"). The attacker it waits for still meets its assaults and its
   * revealed platoons' fire. Night at Saint-Aubin Mill's defender against greedy, 1,000
   * games: 67.4% to 86.3% on seeds 1-1000, 67.6% to 88.5% on 1001-2000 (greedy's defender:
   * 72.0% and 73.0%); the double-blind mission's 89.1% to 94.4%; no other mission's seat
   * moved (the others are lit, or their defender takes objectives too). */
  bool hold_fire = shooting && c->v->night && c->ntake == 0 && c->nguard > 0;
  /* Hidden platoons within reach of a revealed enemy show themselves to fight; to assault,
   * only one that would (a template is never a target: hidden, it is safe). */
  for (int i = 0; i < c->nunits; i++) {
    const struct unit* u = &c->units[i];
    if (!u->hidden || u->dummy || hold_fire) continue;
    int g, f = sim_nearest_platoon_foe(c, u, &g);
    if (f < 0 || g > reach) continue;
    if (!shooting) {
      const struct murk_view_platoon* pl = sim_own_platoon(c, u);
      int mine = pl ? pl->nteams : 0;
      if (mine < teams_of(c, c->foes[f].number) + ASSAULT_MARGIN) continue;
      if (!assaults(c, u->platoon, c->foes[f].number)) continue;
    }
    struct murk_command* cmd = sim_add(c, MURK_CMD_REVEAL);
    if (cmd) cmd->unit = u->ref;
  }
  target_tries(c, shooting);
}

/* No Man's Land's patrol: the platoon with the most teams goes out, at the patrol cell
 * nearest the objective the side placed for the enemy (the patrol's band lies on that
 * flank: docs/rules.md, "No Man's Land"), from where it can contest it. */
void sim_patrol_tries(struct ctx* c) {
  const struct murk_view* v = c->v;
  if (!sim_can(c, MURK_CMD_PATROL) || v->nplace_cells <= 0) return;
  int order[MURK_MISSION_MAX_PLATOONS], teams[MURK_MISSION_MAX_PLATOONS], n = 0;
  for (int i = 0; i < v->nplatoons && n < MURK_MISSION_MAX_PLATOONS; i++) {
    const struct murk_view_platoon* p = &v->platoons[i];
    if (!p->may_deploy) continue;
    int k = n++;
    for (; k > 0 && teams[k - 1] < p->nteams; k--) order[k] = order[k - 1], teams[k] = teams[k - 1];
    order[k] = p->index, teams[k] = p->nteams;
  }
  struct murk_pos at = v->place_cells[0];
  int best = INT_MAX;
  for (int i = 0; i < v->nplace_cells; i++) {
    struct murk_pos p = v->place_cells[i];
    if (!sim_cell_free(c, p)) continue;
    int d = c->nguard > 0 ? sim_dist(c, p, c->guard[sim_nearest(c, p, c->guard, c->nguard)]) : 0;
    if (d < best) best = d, at = p;
  }
  for (int k = 0; k < n && k < TARGET_TRIES; k++) {
    struct murk_command* cmd = sim_add(c, MURK_CMD_PATROL);
    if (!cmd) return;
    cmd->unit = sim_own(order[k]);
    cmd->at = at;
  }
}

/* Where what comes onto the table should go: a defender losing the race (sim_losing_race),
 * the enemy's spearhead (Hasty Attack's defender, whose reserves and ambush went toward its
 * objective deep in the attacker's half: +14 to +16 in 1,000 games); the objectives the
 * side must take; a side that only guards, the guarded objective the enemy stands nearest;
 * else the middle. */
static int aims_of(const struct ctx* c, struct murk_pos* one, const struct murk_pos** aims) {
  struct murk_pos obj;
  if (sim_losing_race(c) && sim_spearhead(c, one, &obj) != INT_MAX) {
    *aims = one;
    return 1;
  }
  if (c->ntake > 0) {
    *aims = c->take;
    return c->ntake;
  }
  *one = (struct murk_pos){c->w / 2, c->h / 2};
  int best = INT_MAX;
  for (int k = 0; k < c->nguard; k++) {
    int d = sim_enemy_gap(c, c->guard[k]);
    if (k == 0 || d < best) best = d, *one = c->guard[k];
  }
  *aims = one;
  return 1;
}

/* The TARGET_TRIES cells of cells[0..n) nearest the aims, nearest first, into best. */
static int nearest_cells(const struct ctx* c, const struct murk_pos* cells, int n,
                         const struct murk_pos* aims, int naims, struct murk_pos* best) {
  int bd[TARGET_TRIES], nb = 0;
  for (int k = 0; k < n; k++) {
    struct murk_pos p = cells[k];
    int d = sim_dist(c, p, aims[sim_nearest(c, p, aims, naims)]);
    if (nb == TARGET_TRIES && d >= bd[nb - 1]) continue;
    int j = nb < TARGET_TRIES ? nb++ : nb - 1;
    for (; j > 0 && bd[j - 1] > d; j--) best[j] = best[j - 1], bd[j] = bd[j - 1];
    best[j] = p, bd[j] = d;
  }
  return nb;
}

/* Arrivals: of the cells the view lists for each platoon that may come on, the three
 * nearest where it is needed (aims_of); a deep strike aims the same way, at the cells the
 * view says it may aim at. Then the shared draws, should the game refuse these. */
void sim_arrive_near_tries(struct ctx* c) {
  const struct murk_view* v = c->v;
  if (!sim_can(c, MURK_CMD_ARRIVE)) return;
  struct murk_pos one;
  const struct murk_pos* aims;
  int naims = aims_of(c, &one, &aims);
  for (int i = 0; i < v->nplatoons; i++) {
    const struct murk_view_platoon* pl = &v->platoons[i];
    for (int a = 0; a < v->narrivals; a++) {
      const struct murk_view_arrival* ar = &v->arrivals[a];
      if (!sim_arrival_fits(pl, ar)) continue;
      struct murk_pos best[TARGET_TRIES];
      int nb = nearest_cells(c, ar->cells, ar->ncells, aims, naims, best);
      for (int k = 0; k < nb; k++) {
        struct murk_command* cmd = sim_add(c, MURK_CMD_ARRIVE);
        if (!cmd) return;
        cmd->unit = sim_own(pl->index);
        cmd->at = best[k];
      }
    }
  }
  sim_arrival_tries(c);
}

/* Ambushes sprung or placed (`ambush N at X,Y`, play or the immediate ambush): of some
 * free cells of the own zone drawn at random, those nearest where it is needed (aims_of)
 * and beyond AMBUSH_CLEAR of every enemy the view shows (the game says how far it must be). */
#define AMBUSH_DRAWS 48
#define AMBUSH_CLEAR 4
void sim_ambush_tries(struct ctx* c) {
  const struct murk_view* v = c->v;
  if (!sim_can(c, MURK_CMD_AMBUSH) || v->phase == MURK_PHASE_RESERVES) return;
  int p = -1;
  for (int i = 0; i < v->nplatoons && p < 0; i++)
    if (v->platoons[i].state == MURK_PLATOON_RESERVE && v->platoons[i].ambush)
      p = v->platoons[i].index;
  if (p < 0) return;
  struct murk_pos one;
  const struct murk_pos* aims;
  int naims = aims_of(c, &one, &aims);
  /* A side fighting a delay springs it in the way of the enemy's spearhead (1,000-game
   * trials: Fighting Withdrawal's defender +2 over by the objective; Hold the Line's and No
   * Retreat's defenders lost 7 points with it, their ambushes best by the objectives). */
  struct murk_pos obj;
  if (sim_delaying(c) && sim_spearhead(c, &one, &obj) != INT_MAX) aims = &one, naims = 1;
  struct murk_pos cells[AMBUSH_DRAWS], best[TARGET_TRIES];
  int n = 0;
  for (int i = 0; i < AMBUSH_DRAWS; i++) {
    struct murk_pos q = sim_zone_cell(c);
    if (sim_cell_free(c, q) && sim_enemy_gap(c, q) > AMBUSH_CLEAR) cells[n++] = q;
  }
  int nb = nearest_cells(c, cells, n, aims, naims, best);
  for (int k = 0; k < nb; k++) {
    struct murk_command* cmd = sim_add(c, MURK_CMD_AMBUSH);
    if (!cmd) return;
    cmd->unit = sim_own(p);
    cmd->at = best[k];
  }
}
