/* viewfields.c: the view's records, one table each, and the walks over them (viewfields.h). */
#include "viewfields.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "murk/command.h"
#include "murk/event.h"
#include "murk/mission.h"
#include "murk/phase.h"
#include "murk/view.h"

#define BIG 1000000  /* counts, numbers, turns, distances */
#define POSN 1000000 /* a coordinate, either way */
#define K MURK_TERRAIN_CLASS_COUNT
#define LEAN true  /* a lean view fills it */
#define FULL false /* a lean view leaves it zero */

#define ROW(m, k, lo, hi, lean, sub) \
  { #m, offsetof(S, m), sizeof(((S*)0)->m), k, lo, hi, lean, sub }
/* A field written in its record's line. */
#define F(m, kind, lo, hi, lean) ROW(m, NET_VF_##kind, lo, hi, lean, NULL)
/* A struct of another table (one, or an array of them). */
#define SUB(m, table, lean) ROW(m, NET_VF_SUB, 0, 0, lean, &table)
/* An array of lines of its own (its elements' table; NULL: plain ints), its length (the
 * COUNT row after it), or a pointer into the public table. */
#define LIST(m, elem) ROW(m, NET_VF_LIST, 0, 0, LEAN, elem)
#define COUNT(m) ROW(m, NET_VF_COUNT, 0, 0, LEAN, NULL)
#define TABLE(m) ROW(m, NET_VF_TABLE, 0, 0, LEAN, NULL)
#define DEFINE(var)                                                              \
  const struct net_vf_table var = {#var + 7, sizeof(S), _Alignof(S), var##_rows, \
                                   (int)(sizeof var##_rows / sizeof var##_rows[0])}

/* ---- the tables, each in its struct's order, a row a line ---- */

/* clang-format off */

#define S struct murk_view
static const struct net_vf net_vf_view_rows[] = {
    F(side, INT, 0, 1, LEAN), /* the umpire's view never crosses the wire */
    TABLE(mission_name),
    TABLE(briefing),
    TABLE(force_name),
    TABLE(grid),
    TABLE(terrain),
    TABLE(nterrain),
    TABLE(map),
    TABLE(elevation), /* `level` lines */
    TABLE(entries),
    TABLE(nentries),
    TABLE(own_zone),
    TABLE(own_more_zones),
    TABLE(nown_more_zones),
    F(phase, INT, 0, MURK_PHASE_COUNT - 1, LEAN),
    F(step, INT, 0, MURK_STEP_COUNT - 1, LEAN),
    F(turn, INT, 0, BIG, LEAN),
    F(to_act, INT, -1, 1, LEAN),
    F(result, STR, 0, 0, LEAN),
    F(winner, INT, -1, 1, LEAN),
    F(vp, INTS, -BIG, BIG, LEAN),
    F(withdraw_due, INT, 0, BIG, LEAN),
    F(adjust_leader, INT, 0, BIG, LEAN),
    F(adjust_cells, INT, 0, BIG, LEAN),
    F(dummies_left, INT, 0, BIG, LEAN),
    F(hidden_left, INT, 0, BIG, LEAN),
    F(dummy_kind, INT, 0, MURK_MARKER_CONCEALED, LEAN),
    F(delay_counters, INT, 0, BIG, LEAN),
    F(end_offer, INT, -1, 1, LEAN),
    F(held_back, INTS, 0, BIG, LEAN),
    F(visibility, INT, -1, 1000000000, LEAN),
    F(place_platoon, INT, 0, BIG, LEAN),
    F(place_at, POS, -POSN, POSN, LEAN),
    F(place_range, INT, 0, BIG, LEAN),
    F(place_leader, POS, -POSN, POSN, LEAN),
    F(night, BOOL, 0, 1, LEAN),
    F(nvr, INT, -1, 1000000000, LEAN),
    F(sight_range, INT, -1, INT32_MAX, LEAN),
    F(dusk_dawn, INT, 0, 1000, LEAN),
    F(conditions, STR, 0, 0, FULL),
    F(prompt, STR, 0, 0, FULL),
    F(verbs, UINT, 0, UINT32_MAX, LEAN),
    F(rule_verbs, UINT, 0, UINT32_MAX, LEAN),
    LIST(place_cells, &net_vf_pos),
    COUNT(nplace_cells),
    F(place_for, INT, -1, 1, LEAN),
    SUB(ending, net_vf_ending, LEAN),
    LIST(works, &net_vf_works),
    COUNT(nworks),
    LIST(objectives, &net_vf_objective),
    COUNT(nobjectives),
    LIST(markers, &net_vf_marker),
    COUNT(nmarkers),
    LIST(teams, &net_vf_team),
    COUNT(nteams),
    LIST(platoons, &net_vf_platoon),
    COUNT(nplatoons),
    LIST(arrivals, &net_vf_arrival),
    COUNT(narrivals),
    LIST(lit, &net_vf_pos),
    LIST(lit_by, NULL),
    COUNT(nlit),
    LIST(lights, &net_vf_light),
    COUNT(nlights),
    LIST(contacts, &net_vf_contact),
    COUNT(ncontacts),
    LIST(wings, &net_vf_wing),
    COUNT(nwings),
    LIST(targets, &net_vf_target),
    COUNT(ntargets),
    LIST(events, &net_vf_event),
    COUNT(nevents),
};
DEFINE(net_vf_view);
#undef S

#define S struct murk_view_ending
static const struct net_vf net_vf_ending_rows[] = {
    TABLE(end), /* the mission's end conditions: `end` lines */
    COUNT(nend),
    F(hold, INT, 0, MURK_MISSION_MAX_CELLS, LEAN),
    F(turn_limit, INT, 0, BIG, LEAN),
    F(random_length, BOOL, 0, 1, LEAN),
    F(otherwise, INT, -1, 1, LEAN),
    F(points, INT, 0, MURK_VP_MARGIN, LEAN),
    F(aim, INT, 0, MURK_VPO_COUNT - 1, LEAN),
    SUB(defender_half, net_vf_region, LEAN),
    F(withdraw_from, INT, 0, BIG, LEAN),
    F(remove_from, INT, 0, BIG, LEAN),
    F(held_until, INT, 0, BIG, LEAN),
    F(summary, STR, 0, 0, LEAN),
};
DEFINE(net_vf_ending);
#undef S

#define S struct murk_view_works
static const struct net_vf net_vf_works_rows[] = {
    F(at, POS, -POSN, POSN, LEAN),
    F(terrain, INT, 0, MURK_MISSION_MAX_TERRAIN - 1, LEAN),
};
DEFINE(net_vf_works);
#undef S

#define S struct murk_view_objective
static const struct net_vf net_vf_objective_rows[] = {
    F(name, STR, 0, 0, LEAN),
    F(pos, POS, -POSN, POSN, LEAN),
    F(for_side, INT, -1, 1, LEAN),
    F(held_by, INT, -1, 1, LEAN),
    F(contested, BOOL, 0, 1, LEAN),
};
DEFINE(net_vf_objective);
#undef S

#define S struct murk_view_marker
static const struct net_vf net_vf_marker_rows[] = {
    F(number, INT, 0, BIG, LEAN),
    F(owner, INT, 0, 1, LEAN),
    F(kind, INT, 0, MURK_MARKER_CONCEALED, LEAN),
    F(pos, POS, -POSN, POSN, LEAN),
    F(dis, POSES, -POSN, POSN, LEAN),
    F(ndis, INT, 0, MURK_MAX_DIS, LEAN),
    F(on_table, BOOL, 0, 1, LEAN),
    F(revealed, BOOL, 0, 1, LEAN),
    F(bogged, BOOL, 0, 1, LEAN),
    F(known, BOOL, 0, 1, LEAN),
    F(dug_in, BOOL, 0, 1, LEAN),
    F(dummy, BOOL, 0, 1, LEAN),
    F(platoon, INT, -1, BIG, LEAN),
    F(name, STR, 0, 0, FULL),
    F(type, STR, 0, 0, FULL),
    F(nteams, INT, 0, BIG, FULL),
    F(allowance, INTS, -1, BIG, FULL),
    F(moved, BOOL, 0, 1, FULL),
    F(hidden, BOOL, 0, 1, FULL),
    F(may_move, BOOL, 0, 1, FULL),
    F(sight, INT, 0, MURK_VIEW_MOVED, FULL),
};
DEFINE(net_vf_marker);
#undef S

#define S struct murk_view_team
static const struct net_vf net_vf_team_rows[] = {
    F(owner, INT, 0, 1, LEAN),
    F(marker, INT, 0, BIG, LEAN),
    F(platoon, INT, -1, BIG, LEAN),
    F(profile, STR, 0, 0, FULL),
    F(range, INT, 0, BIG, LEAN),
    F(anti_tank, INT, 0, BIG, LEAN),
    F(armour, INTS, -1, BIG, LEAN),
    F(bailed, BOOL, 0, 1, LEAN),
    F(pos, POS, -POSN, POSN, LEAN),
    F(sight, INT, 0, MURK_VIEW_MOVED, FULL),
    SUB(stats, net_vf_stats, FULL),
};
DEFINE(net_vf_team);
#undef S

#define S struct murk_view_stats
static const struct net_vf net_vf_stats_rows[] = {
    F(skill, INT, 0, 7, FULL),
    F(motivation, INT, 0, 7, FULL),
    F(save, INT, 0, 7, FULL),
    F(armoured, BOOL, 0, 1, FULL),
    F(armour, INTS, 0, BIG, FULL),
    F(rof, INT, 0, BIG, FULL),
    F(rof_moving, INT, 0, BIG, FULL),
    F(anti_tank, INT, 0, BIG, FULL),
    F(firepower, INT, 0, 7, FULL),
    F(fow, BOOL, 0, 1, FULL),
};
DEFINE(net_vf_stats);
#undef S

#define S struct murk_view_group
static const struct net_vf net_vf_group_rows[] = {
    F(profile, STR, 0, 0, FULL),
    F(alive, INT, 0, BIG, FULL),
    F(range, INT, 0, BIG, FULL),
    SUB(stats, net_vf_stats, FULL),
};
DEFINE(net_vf_group);
#undef S

#define S struct murk_view_platoon
static const struct net_vf net_vf_platoon_rows[] = {
    F(index, INT, 0, BIG, LEAN),
    F(name, STR, 0, 0, FULL),
    F(type, STR, 0, 0, FULL),
    F(state, INT, 0, MURK_PLATOON_WITHDRAWN, LEAN),
    F(marker, INT, 0, BIG, LEAN),
    F(nteams, INT, 0, BIG, LEAN),
    F(command_distance, INT, 0, BIG, LEAN),
    F(flags, UINT, 0, UINT32_MAX, LEAN),
    F(reserve, INT, 0, MURK_RESERVE_PLAIN, LEAN),
    F(ambush, INT, 0, 2, LEAN),
    F(may_arrive, BOOL, 0, 1, LEAN),
    F(dug_in, BOOL, 0, 1, LEAN),
    F(recce_moved, BOOL, 0, 1, LEAN),
    F(may_deploy, BOOL, 0, 1, LEAN),
    F(may_deep_strike, BOOL, 0, 1, LEAN),
    F(wing, INT, -1, BIG, LEAN),
    F(lead, POS, -POSN, POSN, FULL),
    F(allowance, INTS, -1, BIG, FULL),
    F(moved, BOOL, 0, 1, FULL),
    F(may_move, BOOL, 0, 1, FULL),
    F(shot, BOOL, 0, 1, LEAN),
    F(assaulted, BOOL, 0, 1, LEAN),
    F(pinned, BOOL, 0, 1, LEAN),
    F(bailed, INT, 0, BIG, LEAN),
    SUB(groups, net_vf_group, FULL),
    F(ngroups, INT, 0, MURK_MISSION_MAX_GROUPS, FULL),
};
DEFINE(net_vf_platoon);
#undef S

#define S struct murk_view_wing
static const struct net_vf net_vf_wing_rows[] = {
    F(name, STR, 0, 0, LEAN),
    F(leader, INT, 0, BIG, LEAN),
    F(dis_range, INT, 0, BIG, LEAN),
    F(nplatoons, INT, 0, BIG, LEAN),
};
DEFINE(net_vf_wing);
#undef S

#define S struct murk_view_arrival
static const struct net_vf net_vf_arrival_rows[] = {
    F(kind, INT, 0, MURK_RESERVE_PLAIN, LEAN),
    F(where, STR, 0, 0, FULL),
    F(anywhere, BOOL, 0, 1, LEAN),
    F(platoon, INT, -1, MURK_MISSION_MAX_PLATOONS - 1, LEAN),
    LIST(cells, &net_vf_pos), /* `acells` lines */
    COUNT(ncells),
};
DEFINE(net_vf_arrival);
#undef S

#define S struct murk_view_contact
static const struct net_vf net_vf_contact_rows[] = {
    F(owner, INT, 0, 1, LEAN),
    F(marker, INT, 0, BIG, LEAN),
    F(team, BOOL, 0, 1, LEAN),
    F(kind, INT, 0, MURK_MARKER_CONCEALED, LEAN),
    F(profile, STR, 0, 0, FULL),
    F(pos, POS, -POSN, POSN, LEAN),
    F(turn, INT, 0, BIG, LEAN),
    F(sight, INT, 0, MURK_VIEW_MOVED, FULL),
    F(blocker, POS, -POSN, POSN, FULL),
    F(has_blocker, BOOL, 0, 1, FULL),
};
DEFINE(net_vf_contact);
#undef S

#define S struct murk_view_light
static const struct net_vf net_vf_light_rows[] = {
    F(what, STR, 0, 0, LEAN),
    F(at, POS, -POSN, POSN, LEAN),
    F(by, INT, -1, 1, LEAN),
    F(until, STR, 0, 0, LEAN),
};
DEFINE(net_vf_light);
#undef S

#define S struct murk_view_target
static const struct net_vf net_vf_target_rows[] = {
    F(platoon, INT, 0, BIG, LEAN),
    F(target, INT, 0, BIG, LEAN),
    F(shoot, BOOL, 0, 1, LEAN),
    F(assault, BOOL, 0, 1, LEAN),
};
DEFINE(net_vf_target);
#undef S

#define S struct murk_event
static const struct net_vf net_vf_event_rows[] = {
    F(seq, INT, 0, INT32_MAX, LEAN),
    F(turn, INT, 0, BIG, LEAN),
    F(active, INT, -1, 1, LEAN),
    F(kind, INT, 0, MURK_EV_COUNT - 1, LEAN),
    F(audience, INT, 0, MURK_AUD_DEFENDER, LEAN),
    F(text, STR, 0, 0, FULL),
    F(side, INT, -1, 1, LEAN),
    F(marker, INT, 0, BIG, LEAN),
    F(from, POS, -POSN, POSN, LEAN),
    F(to, POS, -POSN, POSN, LEAN),
    F(has_pos, BOOL, 0, 1, LEAN),
    F(has_roll, BOOL, 0, 1, LEAN),
    SUB(roll, net_vf_roll, FULL),
};
DEFINE(net_vf_event);
#undef S

#define S struct murk_roll
static const struct net_vf net_vf_roll_rows[] = {
    F(purpose, STR, 0, 0, FULL),
    SUB(expr, net_vf_dice_expr, FULL),
    F(ndice, INT, 0, MURK_DICE_MAX, FULL),
    F(dice, INTS, 0, MURK_DICE_SIDES_MAX, FULL),
    F(nmods, INT, 0, MURK_ROLL_MODS, FULL),
    SUB(mods, net_vf_roll_mod, FULL),
    F(total, INT, -100000000, 100000000, FULL),
    F(need, INT, 0, MURK_DICE_SIDES_MAX, FULL),
};
DEFINE(net_vf_roll);
#undef S

#define S struct murk_dice_expr
static const struct net_vf net_vf_dice_expr_rows[] = {
    F(count, INT, 0, MURK_DICE_MAX, FULL),
    F(sides, INT, 0, MURK_DICE_SIDES_MAX, FULL),
    F(mul, INT, 0, MURK_DICE_SIDES_MAX, FULL),
    F(add, INT, -MURK_DICE_ADD_MAX, MURK_DICE_ADD_MAX, FULL),
};
DEFINE(net_vf_dice_expr);
#undef S

#define S struct murk_roll_mod
static const struct net_vf net_vf_roll_mod_rows[] = {
    F(label, STR, 0, 0, FULL),
    F(value, INT, -MURK_DICE_ADD_MAX, MURK_DICE_ADD_MAX, FULL),
};
DEFINE(net_vf_roll_mod);
#undef S

/* A cell of a list of cells (place_cells, an arrival's, the lit cells). */
#define S struct murk_pos
static const struct net_vf net_vf_pos_rows[] = {
    F(x, INT, -POSN, POSN, LEAN),
    F(y, INT, -POSN, POSN, LEAN),
};
DEFINE(net_vf_pos);
#undef S

/* The parts of the public table a view points into. */
#define S struct murk_terrain
static const struct net_vf net_vf_terrain_rows[] = {
    F(ch, CHAR, 32, 126, LEAN),
    F(name, STR, 0, 0, LEAN),
    F(cls, INT, 0, K - 1, LEAN),
    F(sight, INT, 0, MURK_SIGHT_BLOCKING, LEAN),
    F(works, INT, 0, MURK_WORKS_FORTIFICATION, LEAN),
    F(sewer, BOOL, 0, 1, LEAN),
};
DEFINE(net_vf_terrain);
#undef S

#define S struct murk_entry
static const struct net_vf net_vf_entry_rows[] = {
    F(number, INT, 0, BIG, LEAN),
    F(name, STR, 0, 0, LEAN),
    F(at, POS, -POSN, POSN, LEAN),
    F(kind, INT, 0, K - 1, LEAN),
    F(rolls, UINT, 0, UINT32_MAX, LEAN),
};
DEFINE(net_vf_entry);
#undef S

#define S struct murk_end_condition
static const struct net_vf net_vf_end_rows[] = {
    F(kind, INT, 0, MURK_END_COUNT - 1, LEAN),
    F(side, INT, -1, 1, LEAN),
    F(turn, INT, 0, BIG, LEAN),
    F(distance, INT, 0, MURK_MISSION_MAX_CELLS, LEAN),
};
DEFINE(net_vf_end);
#undef S

#define S struct murk_zone
static const struct net_vf net_vf_zone_rows[] = {
    SUB(region, net_vf_region, LEAN),
    SUB(keep_out, net_vf_keep_out, LEAN),
};
DEFINE(net_vf_zone);
#undef S

#define S struct murk_region
static const struct net_vf net_vf_region_rows[] = {
    F(kind, INT, 0, MURK_REGION_RECT, LEAN),
    F(which, INT, 0, MURK_SW, LEAN),
    F(from, POS, -POSN, POSN, LEAN),
    F(to, POS, -POSN, POSN, LEAN),
};
DEFINE(net_vf_region);
#undef S

#define S struct murk_keep_out
static const struct net_vf net_vf_keep_out_rows[] = {
    F(centre_line, INT, 0, POSN, LEAN),
    F(long_centre_line, INT, 0, POSN, LEAN),
    F(edges, INT, 0, POSN, LEAN),
    F(long_edges, INT, 0, POSN, LEAN),
    F(short_edges, INT, 0, POSN, LEAN),
};
DEFINE(net_vf_keep_out);
#undef S

/* The wire's own lines (viewfields.h). */
#define S struct net_head_line
static const struct net_vf net_vf_head_rows[] = {
    SUB(grid, net_vf_grid, LEAN),
    F(name, STR, 0, 0, LEAN),
};
DEFINE(net_vf_head);
#undef S

#define S struct murk_grid
static const struct net_vf net_vf_grid_rows[] = {
    F(kind, INT, 0, MURK_GRID_SQUARE, LEAN),
    F(width, INT, 1, MURK_MISSION_MAX_CELLS, LEAN),
    F(height, INT, 1, MURK_MISSION_MAX_CELLS, LEAN),
};
DEFINE(net_vf_grid);
#undef S

#define S struct net_force_line
static const struct net_vf net_vf_force_rows[] = {
    F(side, INT, 0, 1, LEAN),
    F(name, STR, 0, 0, LEAN),
};
DEFINE(net_vf_force);
#undef S

#define S struct net_brief_line
static const struct net_vf net_vf_brief_rows[] = {
    F(text, STR, 0, 0, LEAN),
};
DEFINE(net_vf_brief);
#undef S

#define S struct net_row_line
static const struct net_vf net_vf_row_rows[] = {
    F(y, INT, 0, MURK_MISSION_MAX_CELLS - 1, LEAN),
    F(cells, STR, 0, 0, LEAN),
};
DEFINE(net_vf_row);
#undef S

#define S struct net_lit_line
static const struct net_vf net_vf_lit_rows[] = {
    F(at, POS, -POSN, POSN, LEAN),
    F(by, INT, 0, BIG, LEAN),
};
DEFINE(net_vf_lit);
#undef S

#define S struct net_begin_line
static const struct net_vf net_vf_begin_rows[] = {
    F(version, INT, 0, BIG, LEAN),
    F(own_commands, INT, 0, INT32_MAX, LEAN),
};
DEFINE(net_vf_begin);
#undef S
/* clang-format on */

const struct net_vf_table* const net_vf_tables[] = {
    &net_vf_view,    &net_vf_ending,   &net_vf_objective, &net_vf_marker,    &net_vf_team,
    &net_vf_platoon, &net_vf_wing,     &net_vf_arrival,   &net_vf_light,     &net_vf_contact,
    &net_vf_target,  &net_vf_event,    &net_vf_roll,      &net_vf_dice_expr, &net_vf_roll_mod,
    &net_vf_pos,     &net_vf_terrain,  &net_vf_entry,     &net_vf_end,       &net_vf_zone,
    &net_vf_region,  &net_vf_keep_out, &net_vf_head,      &net_vf_grid,      &net_vf_force,
    &net_vf_brief,   &net_vf_row,      &net_vf_lit,       &net_vf_begin,     &net_vf_works,
    &net_vf_stats,   &net_vf_group,
};
const int net_vf_ntables = (int)(sizeof net_vf_tables / sizeof net_vf_tables[0]);

/* ---- the walks ---- */

static bool on_wire(const struct net_vf* f) {
  return f->kind != NET_VF_LIST && f->kind != NET_VF_COUNT && f->kind != NET_VF_TABLE;
}

/* How many elements a row holds (arrays), and each one's size. */
static size_t elem_size(const struct net_vf* f) {
  switch (f->kind) {
    case NET_VF_INTS:
      return sizeof(int);
    case NET_VF_POSES:
      return sizeof(struct murk_pos);
    case NET_VF_SUB:
      return f->sub->size;
    default:
      return f->size;
  }
}

static bool all_zero(const char* p, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (p[i]) return false;
  return true;
}

static int get_int(const void* p) {
  int v;
  memcpy(&v, p, sizeof v);
  return v;
}

static void put_int(void* p, int v) {
  memcpy(p, &v, sizeof v);
}

/* The prefix of a sub-record's keys: "roll." or, in an array of them, "mods.1.". */
static void sub_prefix(char* out, size_t n, const char* prefix, const struct net_vf* f, size_t k) {
  if (f->size / f->sub->size == 1)
    snprintf(out, n, "%s%s.", prefix, f->key);
  else
    snprintf(out, n, "%s%s.%zu.", prefix, f->key, k);
}

/* A number in decimal: the writer's inner loop, where printf costs most of a view. */
static void add_long(struct net_buf* b, long v) {
  char tmp[24], *e = tmp + sizeof tmp, *s = e;
  unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
  do *--s = (char)('0' + u % 10);
  while (u /= 10);
  if (v < 0) *--s = '-';
  net_buf_add(b, s, (size_t)(e - s));
}

static void write_rows(const struct net_vf_table* t, const char* base, const char* prefix,
                       struct net_buf* b) {
  for (int i = 0; i < t->n; i++) {
    const struct net_vf* f = &t->rows[i];
    const char* p = base + f->off;
    if (!on_wire(f)) continue;
    if (f->kind == NET_VF_SUB) {
      size_t count = f->size / f->sub->size;
      for (size_t k = 0; k < count; k++) {
        /* an all-zero record writes nothing: every field of it is left out */
        if (all_zero(p + k * f->sub->size, f->sub->size)) continue;
        char sub[96];
        sub_prefix(sub, sizeof sub, prefix, f, k);
        write_rows(f->sub, p + k * f->sub->size, sub, b);
      }
      continue;
    }
    if (f->kind == NET_VF_STR ? p[0] == '\0' : all_zero(p, f->size)) continue;
    net_buf_add(b, " ", 1);
    net_buf_add(b, prefix, strlen(prefix));
    net_buf_add(b, f->key, strlen(f->key));
    net_buf_add(b, "=", 1);
    switch (f->kind) {
      case NET_VF_INT:
        add_long(b, get_int(p));
        break;
      case NET_VF_UINT: {
        unsigned u;
        memcpy(&u, p, sizeof u);
        add_long(b, (long)u);
        break;
      }
      case NET_VF_BOOL:
        add_long(b, *(const bool*)p ? 1 : 0);
        break;
      case NET_VF_CHAR:
        add_long(b, (unsigned char)*p);
        break;
      case NET_VF_STR:
        net_buf_esc(b, p, f->size - 1);
        break;
      case NET_VF_POS:
      case NET_VF_INTS:
      case NET_VF_POSES:
        for (size_t k = 0; k < f->size / sizeof(int); k++) {
          if (k) net_buf_add(b, ",", 1);
          add_long(b, get_int(p + k * sizeof(int)));
        }
        break;
      default:
        break;
    }
  }
}

void net_vf_write(const struct net_vf_table* t, const void* p, struct net_buf* b) {
  write_rows(t, p, "", b);
}

/* Numbers "a,b,c" into out[0..n), each within [lo, hi]: exactly n of them. */
static bool read_ints(const char* s, int* out, size_t n, long lo, long hi) {
  for (size_t k = 0; k < n; k++) {
    const char* end = strchr(s, ',');
    size_t len = end ? (size_t)(end - s) : strlen(s);
    char tok[16];
    long v;
    if (len == 0 || len >= sizeof tok || (k + 1 < n) != (end != NULL)) return false;
    memcpy(tok, s, len);
    tok[len] = '\0';
    if (!net_int(tok, lo, hi, &v)) return false;
    out[k] = (int)v;
    s = end ? end + 1 : s + len;
  }
  return true;
}

/* The field named key[0..len) of the record at p, read from val (the text after '=',
 * val[-1] being the '='). 0 read or skipped (no such key), -1 wrong. */
static int read_key(const struct net_vf_table* t, char* p, const char* key, size_t len,
                    const char* val) {
  const char* dot = memchr(key, '.', len);
  size_t head = dot ? (size_t)(dot - key) : len;
  const struct net_vf* f = NULL;
  for (int i = 0; i < t->n && !f; i++)
    if (strlen(t->rows[i].key) == head && !memcmp(t->rows[i].key, key, head) &&
        on_wire(&t->rows[i]))
      f = &t->rows[i];
  if (!f) return 0;
  char* q = p + f->off;
  if (f->kind == NET_VF_SUB) {
    if (!dot) return -1;
    const char* rest = dot + 1;
    size_t rlen = len - head - 1;
    size_t count = f->size / f->sub->size, k = 0;
    if (count > 1) {
      const char* d2 = memchr(rest, '.', rlen);
      char tok[8];
      long v;
      size_t il = d2 ? (size_t)(d2 - rest) : 0;
      if (!d2 || il == 0 || il >= sizeof tok) return -1;
      memcpy(tok, rest, il);
      tok[il] = '\0';
      if (!net_int(tok, 0, (long)count - 1, &v)) return -1;
      k = (size_t)v;
      rest = d2 + 1;
      rlen -= il + 1;
    }
    return read_key(f->sub, q + k * f->sub->size, rest, rlen, val);
  }
  if (dot) return 0; /* a part of a field this reader does not know */
  long v = 0;
  switch (f->kind) {
    case NET_VF_INT:
      if (!net_int(val, f->lo, f->hi, &v)) return -1;
      put_int(q, (int)v);
      return 0;
    case NET_VF_UINT: {
      if (!net_int(val, 0, UINT32_MAX, &v)) return -1;
      unsigned u = (unsigned)v;
      memcpy(q, &u, sizeof u);
      return 0;
    }
    case NET_VF_BOOL:
      if (!net_int(val, 0, 1, &v)) return -1;
      *(bool*)q = v != 0;
      return 0;
    case NET_VF_CHAR:
      if (!net_int(val, f->lo, f->hi, &v)) return -1;
      *q = (char)v;
      return 0;
    case NET_VF_STR:
      return net_str(val - 1, q, f->size) ? 0 : -1;
    case NET_VF_POS:
    case NET_VF_INTS:
    case NET_VF_POSES: {
      int tmp[64];
      size_t n = f->size / sizeof(int);
      if (n > 64 || !read_ints(val, tmp, n, f->lo, f->hi)) return -1;
      memcpy(q, tmp, n * sizeof(int));
      return 0;
    }
    default:
      return 0;
  }
}

/* Is every number of the record at p within its row's range (those not given too)? */
static bool in_range(const struct net_vf_table* t, const char* p) {
  for (int i = 0; i < t->n; i++) {
    const struct net_vf* f = &t->rows[i];
    const char* q = p + f->off;
    switch (f->kind) {
      case NET_VF_INT:
      case NET_VF_POS:
      case NET_VF_INTS:
      case NET_VF_POSES:
        for (size_t k = 0; k < f->size / sizeof(int); k++) {
          int v = get_int(q + k * sizeof(int));
          if (v < f->lo || v > f->hi) return false;
        }
        break;
      case NET_VF_CHAR:
        if (*q < f->lo || *q > f->hi) return false;
        break;
      case NET_VF_SUB:
        for (size_t k = 0; k < f->size / f->sub->size; k++)
          if (!in_range(f->sub, q + k * f->sub->size)) return false;
        break;
      default:
        break;
    }
  }
  return true;
}

int net_vf_read(const struct net_vf_table* t, void* p, char** w, int n) {
  for (int i = 0; i < n; i++) {
    const char* eq = strchr(w[i], '=');
    if (!eq || eq == w[i]) return -1;
    if (read_key(t, p, w[i], (size_t)(eq - w[i]), eq + 1) != 0) return -1;
  }
  return in_range(t, p) ? 0 : -1;
}

static bool field_differs(const struct net_vf* f, const char* a, const char* b) {
  if (f->kind == NET_VF_STR) return strncmp(a, b, f->size) != 0;
  return memcmp(a, b, f->size) != 0;
}

static bool differ_rows(const struct net_vf_table* t, const char* a, const char* b,
                        const char* prefix, char* key, size_t n) {
  for (int i = 0; i < t->n; i++) {
    const struct net_vf* f = &t->rows[i];
    if (!on_wire(f)) continue;
    if (f->kind == NET_VF_SUB) {
      size_t count = f->size / f->sub->size;
      for (size_t k = 0; k < count; k++) {
        char sub[96];
        sub_prefix(sub, sizeof sub, prefix, f, k);
        size_t o = f->off + k * f->sub->size;
        if (differ_rows(f->sub, a + o, b + o, sub, key, n)) return true;
      }
      continue;
    }
    if (field_differs(f, a + f->off, b + f->off)) {
      snprintf(key, n, "%s%s", prefix, f->key);
      return true;
    }
  }
  return false;
}

bool net_vf_differ(const struct net_vf_table* t, const void* a, const void* b, char* key,
                   size_t n) {
  return differ_rows(t, a, b, "", key, n);
}

static bool lean_rows(const struct net_vf_table* t, const char* lean, const char* full,
                      const char* prefix, char* key, size_t n) {
  for (int i = 0; i < t->n; i++) {
    const struct net_vf* f = &t->rows[i];
    if (!on_wire(f)) continue;
    const char *l = lean + f->off, *u = full + f->off;
    bool breaks;
    if (!f->lean) {
      breaks = f->kind == NET_VF_STR ? l[0] != '\0' : !all_zero(l, f->size);
    } else if (f->kind == NET_VF_SUB) {
      size_t count = f->size / f->sub->size;
      breaks = false;
      for (size_t k = 0; k < count && !breaks; k++) {
        char sub[96];
        sub_prefix(sub, sizeof sub, prefix, f, k);
        breaks = lean_rows(f->sub, l + k * f->sub->size, u + k * f->sub->size, sub, key, n);
      }
      if (breaks) return true;
    } else {
      breaks = field_differs(f, l, u);
    }
    if (breaks) {
      snprintf(key, n, "%s%s", prefix, f->key);
      return true;
    }
  }
  return false;
}

bool net_vf_lean_breaks(const struct net_vf_table* t, const void* lean, const void* full, char* key,
                        size_t n) {
  return lean_rows(t, lean, full, "", key, n);
}

/* The alignment a row's member has (for the gaps padding may leave before it). */
static size_t row_align(const struct net_vf* f) {
  switch (f->kind) {
    case NET_VF_BOOL:
    case NET_VF_CHAR:
    case NET_VF_STR:
      return 1;
    case NET_VF_SUB:
      return f->sub->align;
    case NET_VF_LIST:
    case NET_VF_COUNT:
    case NET_VF_TABLE:
      return f->size % sizeof(void*) == 0 ? _Alignof(void*) : f->size >= 4 ? 4 : 1;
    default:
      return _Alignof(int);
  }
}

bool net_vf_check(const struct net_vf_table* t, char* err, size_t n) {
  size_t end = 0;
  for (int i = 0; i < t->n; i++) {
    const struct net_vf* f = &t->rows[i];
    size_t es = elem_size(f);
    bool size_ok = true;
    switch (f->kind) {
      case NET_VF_INT:
      case NET_VF_UINT:
        size_ok = f->size == sizeof(int);
        break;
      case NET_VF_BOOL:
        size_ok = f->size == sizeof(bool);
        break;
      case NET_VF_CHAR:
        size_ok = f->size == 1;
        break;
      case NET_VF_STR:
        size_ok = f->size >= 2;
        break;
      case NET_VF_POS:
        size_ok = f->size == sizeof(struct murk_pos);
        break;
      default:
        size_ok = es > 0 && f->size % es == 0;
        break;
    }
    if (!size_ok) {
      snprintf(err, n, "%s.%s: its size does not fit its kind", t->name, f->key);
      return false;
    }
    if (f->off < end) {
      snprintf(err, n, "%s.%s: out of the struct's order", t->name, f->key);
      return false;
    }
    if (f->off - end >= row_align(f)) {
      snprintf(err, n, "%s: a member without a row before %s", t->name, f->key);
      return false;
    }
    end = f->off + f->size;
  }
  if (t->size - end >= t->align) {
    snprintf(err, n, "%s: a member without a row at its end", t->name);
    return false;
  }
  return true;
}

/* ---- the tables in words (docs/protocol.md) ---- */

static void doc_kind(const struct net_vf* f, char* out, size_t n) {
  size_t count = f->size / elem_size(f);
  switch (f->kind) {
    case NET_VF_INT:
      snprintf(out, n, "number, %ld to %ld", f->lo, f->hi);
      break;
    case NET_VF_UINT:
      snprintf(out, n, "bits (unsigned)");
      break;
    case NET_VF_BOOL:
      snprintf(out, n, "0 or 1");
      break;
    case NET_VF_CHAR:
      snprintf(out, n, "character code, %ld to %ld", f->lo, f->hi);
      break;
    case NET_VF_STR:
      snprintf(out, n, "string, at most %zu bytes", f->size - 1);
      break;
    case NET_VF_POS:
      snprintf(out, n, "cell X,Y");
      break;
    case NET_VF_INTS:
      snprintf(out, n, "%zu numbers, %ld to %ld", count, f->lo, f->hi);
      break;
    case NET_VF_POSES:
      snprintf(out, n, "%zu cells X,Y,...", count);
      break;
    case NET_VF_SUB:
      if (count == 1)
        snprintf(out, n, "record `%s` (`%s.FIELD`)", f->sub->name, f->key);
      else
        snprintf(out, n, "%zu records `%s` (`%s.I.FIELD`)", count, f->sub->name, f->key);
      break;
    case NET_VF_LIST:
      if (f->sub)
        snprintf(out, n, "lines of their own (records `%s`)", f->sub->name);
      else
        snprintf(out, n, "lines of their own");
      break;
    case NET_VF_COUNT:
      snprintf(out, n, "how many of those lines came");
      break;
    case NET_VF_TABLE:
      snprintf(out, n, "the table's lines");
      break;
  }
}

void net_vf_doc(const struct net_vf_table* t, struct net_buf* b) {
  net_buf_addf(b, "| `%s` | written | lean |", t->name);
  net_buf_eol(b);
  net_buf_addf(b, "|---|---|---|");
  net_buf_eol(b);
  for (int i = 0; i < t->n; i++) {
    const struct net_vf* f = &t->rows[i];
    char kind[96];
    doc_kind(f, kind, sizeof kind);
    net_buf_addf(b, "| %s | %s | %s |", f->key, kind, f->lean ? "yes" : "no");
    net_buf_eol(b);
  }
}
