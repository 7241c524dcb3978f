/* deploy.c: where and when a side deploys ("Flames of War missions", Preparing for Battle, and the
 * missions' deployment areas; "40k mission special rules", Infiltrate and Escalation). Queries of
 * the cells a side may put a platoon on and of the platoons that go down in each setup phase, and
 * the Random Deployment rolls and their sections: below the phase machine (setup.c), Limited
 * Intelligence's wing deployment (intel.c) and the ambushes (reserves.c), which all ask. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "deploy.h"
#include "event.h"
#include "murk/error.h"
#include "murk/los.h"
#include "murk/text.h"
#include "state.h"

/* "the north half", "the NE quarter", "the whole table", "the area 00,00-10,05". */
void mk_deploy_region_text(const struct murk_region* r, char* buf, size_t n) {
  char a[16], b[16];
  switch (r->kind) {
    case MURK_REGION_HALF:
      snprintf(buf, n, "the %s half", murk_compass_name(r->which));
      return;
    case MURK_REGION_QUARTER:
      snprintf(buf, n, "the %s quarter", murk_compass_name(r->which));
      return;
    case MURK_REGION_RECT:
      murk_pos_format(r->from, a, sizeof a);
      murk_pos_format(r->to, b, sizeof b);
      snprintf(buf, n, "the area %s-%s", a, b);
      return;
    case MURK_REGION_WHOLE:
      break;
  }
  snprintf(buf, n, "the whole table");
}

/* The keep-out bands, in one order: what each keeps out from, and its width in cells. */
static const char* const band_names[] = {"the centre line", "the table edges", "the long edges",
                                         "the short edges", "the centre line"};
static void band_widths(const struct murk_keep_out* k, int bands[5]) {
  bands[0] = k->centre_line;
  bands[1] = k->edges;
  bands[2] = k->long_edges;
  bands[3] = k->short_edges;
  bands[4] = k->long_centre_line;
}

void mk_deploy_keep_out_text(const struct murk_game* g, const struct murk_keep_out* k, char* buf,
                             size_t n) {
  int bands[5];
  band_widths(k, bands);
  size_t len = 0;
  buf[0] = '\0';
  int said = 0, total = 0;
  for (int i = 0; i < 5; i++) total += bands[i] > 0;
  for (int i = 0; i < 5 && len < n; i++) {
    if (bands[i] <= 0) continue;
    char w[32];
    mk_cells_text(g, bands[i], w, sizeof w);
    const char* sep = said == 0 ? ", not within " : said + 1 == total ? " or " : ", ";
    len += (size_t)snprintf(buf + len, n - len, "%s%s of %s", sep, w, band_names[i]);
    said++;
  }
}

/* Which keep-out band of z does p break? NULL if none (or p is outside the region). */
static const char* broken_band(const struct murk_mission* m, const struct murk_zone* z,
                               struct murk_pos p, int* cells) {
  const char* const* names = band_names;
  int bands[5];
  band_widths(&z->keep_out, bands);
  for (int i = 0; i < 5; i++) {
    if (bands[i] <= 0) continue;
    struct murk_zone one = {z->region, {0, 0, 0, 0, 0}};
    if (i == 0) one.keep_out.centre_line = bands[i];
    if (i == 1) one.keep_out.edges = bands[i];
    if (i == 2) one.keep_out.long_edges = bands[i];
    if (i == 3) one.keep_out.short_edges = bands[i];
    if (i == 4) one.keep_out.long_centre_line = bands[i];
    if (!murk_zone_contains(m, &one, p)) {
      *cells = bands[i];
      return names[i];
    }
  }
  return NULL;
}

int mk_deploy_check_zone(const struct murk_game* g, const struct murk_zone* z, struct murk_pos p,
                         const char* what, char* reason, size_t reason_len) {
  /* The words are written only when asked for (reason_len 0: objectives_no_end asks every
   * cell of the table whether it is left, and most are not). */
  char ps[16] = "", rs[64] = "", cs[32] = "";
  bool say = reason && reason_len;
  if (say) murk_pos_format(p, ps, sizeof ps);
  if (!murk_geom_on_table(&g->m->grid, p))
    return mk_reject(reason, reason_len, "%s is off the table", ps);
  if (!murk_region_contains(g->m, &z->region, p)) {
    if (say) mk_deploy_region_text(&z->region, rs, sizeof rs);
    return mk_reject(reason, reason_len, "%s must be in %s; %s is not", what, rs, ps);
  }
  int cells = 0;
  const char* band = broken_band(g->m, z, p, &cells);
  if (band) {
    if (say) mk_cells_text(g, cells, cs, sizeof cs);
    return mk_reject(reason, reason_len, "%s must be at least %s (%d cells) from %s; %s is not",
                     what, cs, cells, band, ps);
  }
  if (!murk_zone_contains(g->m, z, p)) /* a band rule the checks above do not name */
    return mk_reject(reason, reason_len, "%s is outside the allowed area for %s", ps, what);
  if (!mk_cell_passable(g->m, p)) {
    const struct murk_terrain* t = mk_terrain_at(g, p);
    return mk_reject(reason, reason_len, "%s cannot stand in the %s at %s", what,
                     t ? t->name : "terrain", ps);
  }
  return MURK_OK;
}

/* The parts of a side's deployment area: its zone and any more (Surrounded, Breakthrough). */
static int zone_parts(const struct murk_game* g, enum murk_side side,
                      const struct murk_zone* out[MURK_MISSION_MAX_ZONES]) {
  const struct murk_side_def* sd = &g->m->sides[side];
  out[0] = &sd->zone;
  int n = 1;
  for (int i = 0; i < sd->nmore_zones && n < MURK_MISSION_MAX_ZONES; i++)
    out[n++] = &sd->more_zones[i];
  return n;
}

static bool in_side_zone(const struct murk_game* g, enum murk_side side, struct murk_pos p) {
  const struct murk_zone* parts[MURK_MISSION_MAX_ZONES];
  int n = zone_parts(g, side, parts);
  for (int i = 0; i < n; i++)
    if (murk_zone_contains(g->m, parts[i], p)) return true;
  return false;
}

int mk_deploy_check_side_zone(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                              const char* what, char* reason, size_t reason_len,
                              const struct murk_zone** part) {
  const struct murk_zone* parts[MURK_MISSION_MAX_ZONES];
  int n = zone_parts(g, side, parts);
  if (part) *part = parts[0];
  if (n == 1) return mk_deploy_check_zone(g, parts[0], p, what, reason, reason_len);
  /* Several parts: the first that takes p; otherwise the reason of the part whose region
   * holds p (a band or the terrain), or a word for all of them. */
  char why[200], inside[200] = "";
  for (int i = 0; i < n; i++) {
    if (mk_deploy_check_zone(g, parts[i], p, what, why, sizeof why) == MURK_OK) {
      if (part) *part = parts[i];
      return MURK_OK;
    }
    if (!inside[0] && murk_region_contains(g->m, &parts[i]->region, p))
      snprintf(inside, sizeof inside, "%s", why);
  }
  if (inside[0]) return mk_reject(reason, reason_len, "%s", inside);
  char ps[16];
  murk_pos_format(p, ps, sizeof ps);
  if (!murk_geom_on_table(&g->m->grid, p))
    return mk_reject(reason, reason_len, "%s is off the table", ps);
  return mk_reject(reason, reason_len,
                   "%s must be in one of the %d parts of the area; %s is in "
                   "none",
                   what, n, ps);
}

/* Surrounded ("at least one platoon in each half of their deployment area"): a platoon
 * going into `part` is refused when the platoons left after it could no longer fill every
 * part still empty. Checked as platoons go down, so a side can never be stuck at `end`;
 * a side with fewer platoons to deploy than parts fills what it can. */
int mk_deploy_check_each_zone(const struct murk_game* g, enum murk_side side,
                              const struct murk_zone* part, char* reason, size_t reason_len) {
  const struct mk_state* s = &g->s;
  const struct murk_zone* parts[MURK_MISSION_MAX_ZONES];
  int n = zone_parts(g, side, parts);
  int empty_other = 0, first_empty = -1;
  for (int k = 0; k < n; k++) {
    if (parts[k] == part) continue;
    bool any = false;
    for (int i = 0; i < s->nmarkers && !any; i++)
      any = s->markers[i].owner == side && s->markers[i].unit >= 0 &&
            murk_zone_contains(g->m, parts[k], s->markers[i].pos);
    if (!any) {
      empty_other++;
      if (first_empty < 0) first_empty = k;
    }
  }
  int after = mk_deploy_waiting(g, side, MURK_PHASE_DEPLOY) - 1;
  int total = mk_deploy_waiting(g, side, MURK_PHASE_DEPLOY);
  for (int i = 0; i < s->nmarkers; i++)
    total += s->markers[i].owner == side && s->markers[i].unit >= 0;
  if (total < n || after >= empty_other) return MURK_OK;
  char rs[64];
  mk_deploy_region_text(&parts[first_empty]->region, rs, sizeof rs);
  return mk_reject(reason, reason_len,
                   "at least one platoon must deploy in each part of your area: put this one "
                   "in %s",
                   rs);
}

/* ---- which platoons deploy when ---- */

static bool is_independent(const struct murk_platoon* pl) {
  return (pl->flags & (MURK_PF(INDEPENDENT) | MURK_PF(WARRIOR))) != 0;
}

/* 40k mission special rules, Infiltrate: infiltrators are deployed after everything else. */
static bool is_infiltrator(const struct murk_game* g, const struct murk_platoon* pl) {
  return murk_mission_rule_on(g->m, MURK_RULE_INFILTRATE) && (pl->flags & MURK_PF(INFILTRATE));
}

/* The phase in which platoon `unit` of `side` is deployed. */
enum murk_phase mk_deploy_phase_of(const struct murk_game* g, enum murk_side side, int unit) {
  const struct murk_platoon* pl = mk_unit_platoon(g, side, unit);
  if (is_infiltrator(g, pl)) return MURK_PHASE_INFILTRATE;
  if (is_independent(pl)) return MURK_PHASE_INDEPENDENTS;
  return MURK_PHASE_DEPLOY;
}

/* Platoons of `side` still waiting to deploy in `phase`. */
int mk_deploy_waiting(const struct murk_game* g, enum murk_side side, enum murk_phase phase) {
  int n = 0;
  for (int i = 0; i < g->s.nunits[side]; i++)
    if (g->s.units[side][i].state == MURK_PLATOON_WAITING &&
        mk_deploy_phase_of(g, side, i) == phase)
      n++;
  return n;
}

/* 40k mission special rules, Escalation: only basic infantry without transports deploys at the
 * start (and units with a rule that puts them on the table: recce and infiltrators here). Infantry
 * with a dedicated transport (`transport:`) waits with it. */
bool mk_deploy_escalation_allows(const struct murk_platoon* pl) {
  if (pl->flags & (MURK_PF(RECCE) | MURK_PF(INFILTRATE))) return true;
  return (pl->flags & MURK_PF(INFANTRY)) && pl->transport == 0 &&
         !(pl->flags & (MURK_PF(TRANSPORT) | MURK_PF(VEHICLE)));
}

/* Flames of War missions, No Man's Land, Preparing for Battle: "both players Deploy their
 * Fortified Platoons. All remaining platoons are held in Delayed Reserve". Where the
 * side's force flags any platoon `fortified`, only those deploy at the start. */
bool mk_deploy_fortified_allows(const struct murk_game* g, enum murk_side side, int unit) {
  if (!murk_mission_rule_on(g->m, MURK_RULE_NO_MANS_LAND_PATROL)) return true;
  const struct murk_force* f = murk_force(g, side);
  bool any = false;
  for (int p = 0; p < f->nplatoons && !any; p++)
    any = (f->platoons[p].flags & MURK_PF(FORTIFIED)) != 0;
  return !any || (mk_unit_platoon(g, side, unit)->flags & MURK_PF(FORTIFIED)) != 0;
}

bool mk_deploy_at_start(const struct murk_game* g, enum murk_side side, int unit) {
  return g->s.units[side][unit].state == MURK_PLATOON_WAITING &&
         mk_deploy_phase_of(g, side, unit) == MURK_PHASE_DEPLOY &&
         !(murk_mission_rule_on(g->m, MURK_RULE_ESCALATION) &&
           !mk_deploy_escalation_allows(mk_unit_platoon(g, side, unit))) &&
         mk_deploy_fortified_allows(g, side, unit);
}

/* May own platoon `unit` be deployed now (`deploy N at X,Y`, somewhere)? Waiting, and this
 * is its setup phase (mk_setup_deploy's checks before the cell's); the view's deploy list
 * offers only these. */
bool mk_deploy_may(const struct murk_game* g, enum murk_side side, int unit) {
  const struct mk_state* s = &g->s;
  if (s->to_act != side || s->phase < MURK_PHASE_DEPLOY || s->phase >= MURK_PHASE_PLAY ||
      s->units[side][unit].state != MURK_PLATOON_WAITING ||
      mk_deploy_phase_of(g, side, unit) != s->phase)
    return false;
  if (mk_deploy_removal_due(g, side)) return false;
  if (s->phase == MURK_PHASE_DEPLOY && !mk_deploy_fortified_allows(g, side, unit)) return false;
  return !(s->phase == MURK_PHASE_DEPLOY && murk_mission_rule_on(g->m, MURK_RULE_ESCALATION) &&
           !mk_deploy_escalation_allows(mk_unit_platoon(g, side, unit)));
}

/* ---- Random Deployment (Flames of War missions, named by page only) ---- */

bool mk_deploy_random(const struct murk_game* g, enum murk_side side) {
  if (!murk_mission_rule_on(g->m, MURK_RULE_RANDOM_DEPLOYMENT)) return false;
  int rd = g->m->sides[side].setup.random_deployment;
  /* Unless the mission says, the attacker's, as in the one seed mission that uses it
   * (Cauldron: "any remaining platoons" of the attacker). */
  return rd < 0 ? side == MURK_ATTACKER : rd != 0;
}

/* The zone's cells cut into `sections` bands across its longer extent, counted from the
 * west (or the north). Fills the band's first and last column (or row) of section k. */
static void section_span(const struct murk_game* g, enum murk_side side, int k, int sections,
                         bool* by_column, int* lo, int* hi) {
  const struct murk_mission* m = g->m;
  int x0 = INT_MAX, x1 = -1, y0 = INT_MAX, y1 = -1;
  for (int y = 0; y < m->grid.height; y++)
    for (int x = 0; x < m->grid.width; x++) {
      struct murk_pos p = {x, y};
      if (!in_side_zone(g, side, p)) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  if (x1 < 0) {
    *by_column = true;
    *lo = 0;
    *hi = -1;
    return;
  }
  *by_column = x1 - x0 >= y1 - y0;
  int a = *by_column ? x0 : y0, len = (*by_column ? x1 - x0 : y1 - y0) + 1;
  *lo = a + k * len / sections;
  *hi = a + (k + 1) * len / sections - 1;
}

static bool in_section(const struct murk_game* g, enum murk_side side, int k, struct murk_pos p) {
  int sections = murk_mission_param(g->m, MURK_P_RD_SECTIONS);
  bool by_column;
  int lo, hi;
  section_span(g, side, k, sections, &by_column, &lo, &hi);
  int v = by_column ? p.x : p.y;
  return v >= lo && v <= hi;
}

void mk_deploy_section_text(const struct murk_game* g, enum murk_side side, int k, char* buf,
                            size_t n) {
  int sections = murk_mission_param(g->m, MURK_P_RD_SECTIONS);
  bool by_column;
  int lo, hi;
  section_span(g, side, k, sections, &by_column, &lo, &hi);
  snprintf(buf, n, "section %d of %d (%s %d to %d)", k + 1, sections,
           by_column ? "columns" : "rows", lo, hi);
}

void mk_deploy_sections_text(const struct murk_game* g, enum murk_side side, char* buf, size_t n) {
  const struct mk_state* s = &g->s;
  size_t len = 0;
  buf[0] = '\0';
  for (int i = 0; i < s->nrd_slots[side] && len < n; i++)
    if (s->rd_slots[side][i] >= 0)
      len +=
          (size_t)snprintf(buf + len, n - len, "%s%d", len ? ", " : "", s->rd_slots[side][i] + 1);
}

/* The random-deployment slot p may use (-1 if none; the reason is written). */
int mk_deploy_rd_slot_for(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                          char* reason, size_t reason_len) {
  const struct mk_state* s = &g->s;
  char list[160] = "", one[64], ps[16];
  size_t len = 0;
  for (int i = 0; i < s->nrd_slots[side]; i++) {
    if (s->rd_slots[side][i] < 0) continue;
    if (in_section(g, side, s->rd_slots[side][i], p)) return i;
    mk_deploy_section_text(g, side, s->rd_slots[side][i], one, sizeof one);
    if (!strstr(list, one) && len < sizeof list)
      len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", len ? ", " : "", one);
  }
  murk_pos_format(p, ps, sizeof ps);
  if (!list[0])
    mk_reject(reason, reason_len, "random deployment: no deployment roll is left for %s", ps);
  else
    mk_reject(reason, reason_len, "random deployment: %s is in no section your rolls gave (%s)", ps,
              list);
  return -1;
}

int mk_deploy_rd_slot(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                      char* reason, size_t reason_len) {
  if (g->s.phase != MURK_PHASE_DEPLOY || !mk_deploy_random(g, side)) return MK_RD_FREE;
  return mk_deploy_rd_slot_for(g, side, p, reason, reason_len);
}

void mk_deploy_rd_use(struct murk_game* g, enum murk_side side, int slot) {
  if (slot >= 0) g->s.rd_slots[side][slot] = -1;
}

/* Hasty Attack ("Flames of War missions"): must `side` take away objectives before it deploys? */
bool mk_deploy_removal_due(const struct murk_game* g, enum murk_side side) {
  const struct murk_mission* m = g->m;
  return m->remove_by == side && g->s.phase == MURK_PHASE_DEPLOY && g->s.removed < m->remove_count;
}

/* Infiltrators may go where the side deploys, or anywhere more than `hidden` from every
 * enemy unit that cannot see them, or more than `seen` from every enemy unit (40k mission special
 * rules, Infiltrate). Enemy units are everything of the enemy on the table, templates too. */
int mk_deploy_check_infiltration(struct murk_game* g, enum murk_side side, struct murk_pos p,
                                 char* reason, size_t reason_len) {
  const struct murk_mission* m = g->m;
  const struct mk_state* s = &g->s;
  char ignore[8];
  if (mk_deploy_check_side_zone(g, side, p, "x", ignore, sizeof ignore, NULL) == MURK_OK)
    return MURK_OK;
  char ps[16], hs[32], ss[32];
  murk_pos_format(p, ps, sizeof ps);
  if (!murk_geom_on_table(&m->grid, p))
    return mk_reject(reason, reason_len, "%s is off the table", ps);
  if (!mk_cell_passable(m, p))
    return mk_reject(reason, reason_len, "an infiltrator cannot stand at %s", ps);
  enum murk_side enemy = murk_side_other(side);
  int d = mk_known_nearest(g, side, p, NULL); /* the enemy the side knows of */
  int hidden = murk_mission_param(m, MURK_P_INF_HIDDEN);
  int seen = murk_mission_param(m, MURK_P_INF_SEEN);
  if (d > seen) return MURK_OK;
  mk_cells_text(g, hidden, hs, sizeof hs);
  mk_cells_text(g, seen, ss, sizeof ss);
  if (d > hidden) {
    struct murk_sightmap* map = NULL;
    int rc = murk_sightmap_from_mission(m, &map);
    if (rc == MURK_ENOMEM) {
      g->oom = MURK_ENOMEM;
      return MURK_ENOMEM;
    }
    bool visible = rc != MURK_OK; /* no map: assume it is seen */
    for (int i = 0; i < s->nmarkers && !visible; i++)
      if (s->markers[i].on_table && s->markers[i].owner == enemy)
        visible = murk_los(map, s->markers[i].pos, p, NULL);
    for (int t = 0; t < s->nteams[enemy] && !visible; t++)
      if (s->teams[enemy][t].alive && s->teams[enemy][t].placed)
        visible = murk_los(map, s->teams[enemy][t].pos, p, NULL);
    murk_sightmap_free(map);
    if (!visible) return MURK_OK;
    return mk_reject(reason, reason_len,
                     "infiltrators outside your zone must be more than %s from the enemy, or "
                     "more than %s and out of its sight; %s is %d cells away and in sight",
                     ss, hs, ps, d);
  }
  return mk_reject(reason, reason_len,
                   "infiltrators outside your zone must be more than %s from the enemy (%s out "
                   "of its sight); %s is %d cells away",
                   ss, hs, ps, d);
}

/* Flames of War missions, Prepared Positions ("all platoons may begin the game Dug In"): every
 * platoon on the table when play begins is dug in, templates included. */
void mk_deploy_prepared_positions(struct murk_game* g) {
  struct mk_state* s = &g->s;
  if (!murk_mission_rule_on(g->m, MURK_RULE_PREPARED_POSITIONS)) return;
  for (int sd = 0; sd < MURK_SIDES; sd++)
    for (int i = 0; i < s->nunits[sd]; i++) {
      struct mk_unit_state* u = &s->units[sd][i];
      if (u->state == MURK_PLATOON_HIDDEN || u->state == MURK_PLATOON_REVEALED) u->dug_in = true;
    }
  mk_emit(g, MURK_EV_INFO, MURK_AUD_ALL, MURK_NO_SIDE,
          "prepared positions: every platoon on the table begins dug in");
}

/* ---- works built in setup ("Flames of War missions", No Man's Land, Preparing for Battle:
 * each side places its fortifications, the defender first, then its obstacles in the
 * opponent's table half under Over the Wire, again the defender first) ---- */

static const char* works_noun(enum murk_works k) {
  return k == MURK_WORKS_WIRE ? "wire belt" : "trench line";
}

enum murk_works mk_deploy_works_kind(enum murk_phase phase) {
  return phase == MURK_PHASE_WIRE ? MURK_WORKS_WIRE : MURK_WORKS_FORTIFICATION;
}

int mk_deploy_works_left(const struct murk_game* g, enum murk_side side, enum murk_works k) {
  int left = murk_force(g, side)->works[k] - g->s.works_built[side][k];
  return g->m->works_terrain[k] < 0 || left < 0 ? 0 : left;
}

/* May a piece of kind k built by `side` cover p? Fortifications go in the side's own
 * deployment area (where the text's trench lines hold its Independent teams: murk's
 * reading, the text does not say); obstacles in the enemy's half of the table (Over the
 * Wire). Not on another piece, and only on ground that leaves sight as the piece does
 * (clear): works change how units move and shelter, never what anyone sees. */
int mk_deploy_works_cell(const struct murk_game* g, enum murk_side side, enum murk_works k,
                         struct murk_pos p, char* reason, size_t reason_len) {
  const struct murk_mission* m = g->m;
  char ps[16] = "";
  if (reason && reason_len) murk_pos_format(p, ps, sizeof ps);
  if (!murk_geom_on_table(&m->grid, p))
    return mk_reject(reason, reason_len, "%s is off the table", ps);
  if (k == MURK_WORKS_WIRE) {
    const struct murk_region* half = &m->sides[murk_side_other(side)].zone.region;
    if (!murk_region_contains(m, half, p)) {
      char rs[64] = "";
      if (reason && reason_len) mk_deploy_region_text(half, rs, sizeof rs);
      return mk_reject(reason, reason_len,
                       "Over the Wire: wire goes in the enemy's half of the table (%s); %s is "
                       "not in it",
                       rs, ps);
    }
  } else if (!in_side_zone(g, side, p)) {
    return mk_reject(reason, reason_len,
                     "a trench line is dug in your own deployment area; %s is not in it", ps);
  }
  const struct murk_terrain* t = mk_terrain_at(g, p);
  if (t->works != MURK_WORKS_NONE)
    return mk_reject(reason, reason_len, "%s already has a %s", ps, works_noun(t->works));
  if (!mk_cell_passable(m, p) || t->sight != m->terrain[m->works_terrain[k]].sight)
    return mk_reject(reason, reason_len,
                     "a %s is built on open ground that does not hide (it leaves sight as it "
                     "is); %s is %s",
                     works_noun(k), ps, t->name);
  return MURK_OK;
}

int mk_deploy_build(struct murk_game* g, enum murk_side side, struct murk_pos from,
                    struct murk_pos to, char* reason, size_t reason_len) {
  const struct murk_mission* m = g->m;
  struct mk_state* s = &g->s;
  enum murk_works k = mk_deploy_works_kind(s->phase);
  if (mk_deploy_works_left(g, side, k) <= 0)
    return mk_reject(reason, reason_len, "you have no %ss left to place", works_noun(k));
  struct murk_line_step line[65];
  size_t n = murk_geom_line(&m->grid, from, to, line, 65);
  if (n == 0 || (int)n > m->works_length) {
    char ls[32];
    mk_cells_text(g, m->works_length, ls, sizeof ls);
    return mk_reject(reason, reason_len,
                     "a %s runs in a straight line at most %s (%d cells) long; that one is %d",
                     works_noun(k), ls, m->works_length, (int)n);
  }
  if (s->nworks + (int)n > MK_MAX_WORKS_CELLS)
    return mk_reject(reason, reason_len, "the table holds no more works (%d cells at most)",
                     MK_MAX_WORKS_CELLS);
  for (size_t i = 0; i < n; i++) {
    int rc = mk_deploy_works_cell(g, side, k, line[i].cell, reason, reason_len);
    if (rc != MURK_OK) return rc;
  }
  char a[16], b[16];
  murk_pos_format(from, a, sizeof a);
  murk_pos_format(to, b, sizeof b);
  /* Public: the table is in view of both sides. */
  mk_emit(g, MURK_EV_DEPLOY, MURK_AUD_ALL, side, "%s %s a %s from %s to %s (%d cell%s)",
          murk_side_name(side), k == MURK_WORKS_WIRE ? "lays" : "digs", works_noun(k), a, b, (int)n,
          n == 1 ? "" : "s");
  if (g->oom) return MURK_ENOMEM; /* the map is written only for a command that stands */
  unsigned char t = (unsigned char)m->works_terrain[k];
  for (size_t i = 0; i < n; i++) {
    struct murk_pos p = line[i].cell;
    s->works[s->nworks++] = (struct mk_works_cell){(short)p.x, (short)p.y, t, (unsigned char)side};
    g->map[(size_t)p.y * (size_t)m->grid.width + (size_t)p.x] = t;
  }
  s->works_built[side][k]++;
  return MURK_OK;
}

int mk_deploy_works_end(struct murk_game* g, enum murk_side side, char* reason, size_t reason_len) {
  enum murk_works k = mk_deploy_works_kind(g->s.phase);
  int left = mk_deploy_works_left(g, side, k);
  const struct murk_grid* gr = &g->m->grid;
  bool room = g->s.nworks < MK_MAX_WORKS_CELLS; /* a full table takes no more: end may */
  for (int y = 0; y < gr->height && left > 0 && room; y++)
    for (int x = 0; x < gr->width; x++)
      if (mk_deploy_works_cell(g, side, k, (struct murk_pos){x, y}, NULL, 0) == MURK_OK)
        return mk_reject(reason, reason_len,
                         "place all your %ss first: %d left (build at X,Y X,Y, from one end to "
                         "the other)",
                         works_noun(k), left);
  if (left > 0)
    mk_emit(g, MURK_EV_DEPLOY, MURK_AUD_ALL, side, "%s finds no ground for its last %d %s%s",
            murk_side_name(side), left, works_noun(k), left == 1 ? "" : "s");
  return MURK_OK;
}

void mk_deploy_works_prompt(const struct murk_game* g, char* buf, size_t n) {
  enum murk_works k = mk_deploy_works_kind(g->s.phase);
  char ls[32];
  mk_cells_text(g, g->m->works_length, ls, sizeof ls);
  snprintf(buf, n, "%s: %s: %d left, each up to %s (build at X,Y X,Y)", murk_side_name(g->s.to_act),
           k == MURK_WORKS_WIRE ? "lay wire in the enemy's half"
                                : "dig trench lines in your deployment area",
           mk_deploy_works_left(g, g->s.to_act, k), ls);
}

/* "Deploy any Warrior teams that are not part of a platoon and all Independent teams in any
 * Trench Lines in their Deployment Area" (No Man's Land, Preparing for Battle): where the
 * side's trench lines leave a free cell, the team goes on one. */
bool mk_deploy_in_trenches(const struct murk_game* g) {
  return g->s.phase == MURK_PHASE_INDEPENDENTS &&
         g->m->works_terrain[MURK_WORKS_FORTIFICATION] >= 0 &&
         murk_mission_rule_on(g->m, MURK_RULE_NO_MANS_LAND_PATROL);
}

int mk_deploy_trench_check(const struct murk_game* g, enum murk_side side, struct murk_pos p,
                           char* reason, size_t reason_len) {
  if (!mk_deploy_in_trenches(g)) return MURK_OK;
  if (mk_terrain_at(g, p)->works == MURK_WORKS_FORTIFICATION) return MURK_OK;
  const struct murk_grid* gr = &g->m->grid;
  for (int y = 0; y < gr->height; y++)
    for (int x = 0; x < gr->width; x++) {
      struct murk_pos q = {x, y};
      if (mk_terrain_at(g, q)->works == MURK_WORKS_FORTIFICATION && in_side_zone(g, side, q) &&
          mk_cell_free(&g->s, q)) {
        char ps[16] = "";
        if (reason && reason_len) murk_pos_format(p, ps, sizeof ps);
        return mk_reject(reason, reason_len,
                         "No Man's Land: independent and warrior teams deploy in a trench line "
                         "of your deployment area; %s is not one",
                         ps);
      }
    }
  return MURK_OK;
}

bool mk_deploy_fortify_due(const struct murk_game* g, enum murk_side side) {
  return mk_deploy_works_left(g, side, MURK_WORKS_FORTIFICATION) > 0;
}
bool mk_deploy_wire_due(const struct murk_game* g, enum murk_side side) {
  return mk_deploy_works_left(g, side, MURK_WORKS_WIRE) > 0;
}
