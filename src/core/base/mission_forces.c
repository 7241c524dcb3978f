/* mission_forces.c: each side's force: profiles, platoons and their team groups
 * (docs/mission-format.md "forces"). */
#include <stdio.h>
#include <string.h>

#include "mission_load.h"

static const char* const platoon_flag_names[] = {
#define PF_NAME(id, name) name,
    MURK_PLATOON_FLAG_LIST(PF_NAME)
#undef PF_NAME
};

const char* murk_platoon_flag_name(int bit) {
  return bit >= 0 && bit < MURK_PF_COUNT ? platoon_flag_names[bit] : "unknown";
}

/* ---- forces ---- */

#define PROFILE_FIELDS(X)             \
  X(PROFILE_MOVE, "move")             \
  X(PROFILE_RANGE, "range")           \
  X(PROFILE_ROF, "rof")               \
  X(PROFILE_ANTI_TANK, "anti_tank")   \
  X(PROFILE_FIREPOWER, "firepower")   \
  X(PROFILE_SKILL, "skill")           \
  X(PROFILE_SAVE, "save")             \
  X(PROFILE_ARMOUR, "armour")         \
  X(PROFILE_MOTIVATION, "motivation") \
  X(PROFILE_VEHICLE, "vehicle")       \
  X(PROFILE_BARRAGE, "barrage")       \
  X(PROFILE_NAME, "name")
LD_RECORD(profile, PROFILE_FIELDS);

#define ROF_FIELDS(X)     \
  X(ROF_HALTED, "halted") \
  X(ROF_MOVING, "moving")
LD_RECORD(rof, ROF_FIELDS);

#define ARMOUR_FIELDS(X)   \
  X(ARMOUR_FRONT, "front") \
  X(ARMOUR_SIDE, "side")   \
  X(ARMOUR_TOP, "top")
LD_RECORD(armour, ARMOUR_FIELDS);

#define ARMOUR_MAX 30 /* the loader's bound on an armour or anti-tank rating */

/* `rof: N` (halted and moving alike) or `rof: {halted: N, moving: N}`. */
static void load_rof(struct ld* L, yaml_node_t* n, const char* pw, struct murk_profile* pr) {
  if (yw_is_scalar(n)) {
    if (yw_int(&L->w, n, "rof", 0, MURK_DICE_MAX, &pr->rof)) pr->rof_moving = pr->rof;
    return;
  }
  char what[128];
  snprintf(what, sizeof what, "the rof of %s", pw);
  yaml_node_t* v[rof_nfields];
  if (!LD_FIELDS(L, n, what, rof, v)) return;
  for (int i = 0; i < rof_nfields; i++) {
    int* to = i == ROF_HALTED ? &pr->rof : &pr->rof_moving;
    if (!v[i])
      yw_missing(&L->w, n, rof_keys[i], what, "the dice it rolls, such as 2");
    else
      yw_int(&L->w, v[i], rof_keys[i], 0, MURK_DICE_MAX, to);
  }
}

/* `armour: {front: N, side: N, top: N}`: an armoured vehicle. */
static void load_armour(struct ld* L, yaml_node_t* n, const char* pw, struct murk_profile* pr) {
  char what[128];
  snprintf(what, sizeof what, "the armour of %s", pw);
  yaml_node_t* v[armour_nfields];
  if (!LD_FIELDS(L, n, what, armour, v)) return;
  for (int i = 0; i < armour_nfields; i++) {
    if (!v[i])
      yw_missing(&L->w, n, armour_keys[i], what, "its armour rating, such as 6");
    else
      yw_int(&L->w, v[i], armour_keys[i], 0, ARMOUR_MAX, &pr->armour[i]);
  }
}

/* What a Flames of War profile's kind needs (docs/mission-format.md, "profiles"): its skill
 * and motivation; a weapon that fires, its anti-tank and firepower; an armoured vehicle, no
 * save; infantry and guns, a save. */
static void check_kind(struct ld* L, yaml_node_t* val, yaml_node_t* const* v, const char* pw,
                       const struct murk_profile* pr) {
  if (!v[PROFILE_SKILL])
    yw_missing(&L->w, val, "skill", pw, "skill: the score to hit it, such as 3");
  if (!v[PROFILE_MOTIVATION])
    yw_missing(&L->w, val, "motivation", pw, "motivation: the score of its tests, such as 4");
  if (pr->rof > 0 || pr->rof_moving > 0) {
    if (!v[PROFILE_ANTI_TANK])
      yw_missing(&L->w, val, "anti_tank", pw, "anti_tank: its weapon's rating, such as 10");
    if (!v[PROFILE_FIREPOWER])
      yw_missing(&L->w, val, "firepower", pw, "firepower: its weapon's score, such as 3");
  }
  if (v[PROFILE_ARMOUR] && v[PROFILE_SAVE])
    yw_err(&L->w, v[PROFILE_SAVE],
           "%s has both armour and a save (expected armour for an armoured vehicle, a save for "
           "infantry and guns)",
           pw);
  else if (!v[PROFILE_ARMOUR] && !pr->vehicle && !v[PROFILE_SAVE])
    yw_missing(&L->w, val, "save", pw,
               "save: the score of its save, such as 3 (infantry and guns), or armour: "
               "{front: N, side: N, top: N} and vehicle: true");
  else if (!v[PROFILE_ARMOUR] && pr->vehicle && v[PROFILE_SAVE])
    yw_err(&L->w, v[PROFILE_SAVE],
           "%s is an unarmoured vehicle with a save (expected armour: {front: N, side: N, top: "
           "N}, or no save: a hit on it takes the firepower test)",
           pw);
  else if (v[PROFILE_ARMOUR] && !pr->vehicle)
    yw_err(&L->w, v[PROFILE_ARMOUR], "%s has armour but is not a vehicle (expected vehicle: true)",
           pw);
}

static void load_profiles(struct ld* L, yaml_node_t* n, struct murk_force* f, const char* side) {
  char what[64];
  snprintf(what, sizeof what, "forces.%s.profiles", side);
  if (!yw_want_map(&L->w, n, what)) return;
  if (yw_map_len(n) > MURK_MISSION_MAX_PROFILES) {
    yw_err(&L->w, n, "'%s' has %d profiles (expected at most %d)", what, yw_map_len(n),
           MURK_MISSION_MAX_PROFILES);
    return;
  }
  if (yw_dup_keys(&L->w, n, what)) return;
  FOR_PAIRS(L, n, p) {
    yaml_node_t* k = node(L, p->key);
    yaml_node_t* val = node(L, p->value);
    /* The simpler profile's defaults (docs/mission-format.md, "profiles"). */
    struct murk_profile pr = {.rof = 1,
                              .rof_moving = 1,
                              .anti_tank = 0,
                              .firepower = 6,
                              .skill = 4,
                              .save = 7,
                              .motivation = 4};
    if (!yw_text(&L->w, k, "profile name", pr.name, sizeof pr.name)) continue;
    /* What players read: the id with spaces for '_' ("sherman 76") unless `name:` says. */
    for (size_t i = 0; pr.name[i]; i++) pr.title[i] = pr.name[i] == '_' ? ' ' : pr.name[i];
    /* Keep the name even if its fields are wrong, so platoons that use it do not also
     * report an unknown profile. */
    struct murk_profile* dst = &f->profiles[f->nprofiles++];
    char pw[96];
    snprintf(pw, sizeof pw, "profile '%s'", pr.name);
    yaml_node_t* v[profile_nfields];
    if (LD_FIELDS(L, val, pw, profile, v)) {
      if (!v[PROFILE_MOVE])
        yw_missing(&L->w, val, "move", pw, "move: a length such as 30cm");
      else
        ld_length_cells(L, v[PROFILE_MOVE], "move", MURK_ROUND_DOWN, 0, MURK_MISSION_MAX_CELLS,
                        &pr.move);
      if (!v[PROFILE_RANGE])
        yw_missing(&L->w, val, "range", pw, "range: a length such as 80cm");
      else
        ld_length_cells(L, v[PROFILE_RANGE], "range", MURK_ROUND_DOWN, 0, MURK_MISSION_MAX_CELLS,
                        &pr.range);
      if (v[PROFILE_ROF]) load_rof(L, v[PROFILE_ROF], pw, &pr);
      if (v[PROFILE_SKILL]) yw_int(&L->w, v[PROFILE_SKILL], "skill", 2, 6, &pr.skill);
      if (v[PROFILE_SAVE]) yw_int(&L->w, v[PROFILE_SAVE], "save", 2, 7, &pr.save);
      if (v[PROFILE_MOTIVATION])
        yw_int(&L->w, v[PROFILE_MOTIVATION], "motivation", 2, 6, &pr.motivation);
      bool veh = false;
      if (v[PROFILE_VEHICLE] && yw_bool(&L->w, v[PROFILE_VEHICLE], "vehicle", &veh))
        pr.vehicle = veh;
      bool bar = false;
      if (v[PROFILE_BARRAGE] && yw_bool(&L->w, v[PROFILE_BARRAGE], "barrage", &bar))
        pr.barrage = bar;
      if (v[PROFILE_NAME]) yw_text(&L->w, v[PROFILE_NAME], "name", pr.title, sizeof pr.title);
      if (v[PROFILE_ANTI_TANK])
        yw_int(&L->w, v[PROFILE_ANTI_TANK], "anti_tank", 0, ARMOUR_MAX, &pr.anti_tank);
      if (v[PROFILE_FIREPOWER])
        yw_int(&L->w, v[PROFILE_FIREPOWER], "firepower", 1, 6, &pr.firepower);
      if (v[PROFILE_ARMOUR]) {
        load_armour(L, v[PROFILE_ARMOUR], pw, &pr);
        pr.armoured = 1;
      }
      /* A Flames of War profile names its weapon's ratings or its armour; the simpler one
       * names none of them. */
      pr.fow = v[PROFILE_ANTI_TANK] || v[PROFILE_FIREPOWER] || v[PROFILE_ARMOUR];
      if (pr.fow) check_kind(L, val, v, pw, &pr);
    }
    *dst = pr;
    if (yw_full(&L->w)) return;
  }
}

static int find_profile(const struct murk_force* f, const char* name) {
  for (int i = 0; i < f->nprofiles; i++)
    if (strcmp(f->profiles[i].name, name) == 0) return i;
  return -1;
}

#define GROUP_FIELDS(X)       \
  X(GROUP_PROFILE, "profile") \
  X(GROUP_COUNT, "count")
LD_RECORD(group, GROUP_FIELDS);

static void load_teams(struct ld* L, yaml_node_t* n, struct murk_force* f, struct murk_platoon* pl,
                       const char* pw, bool profiles_ok) {
  if (!yw_want_seq(&L->w, n, "teams")) return;
  if (yw_seq_len(n) == 0 || yw_seq_len(n) > MURK_MISSION_MAX_GROUPS) {
    yw_err(&L->w, n, "'teams' of %s has %d groups (expected 1 to %d)", pw, yw_seq_len(n),
           MURK_MISSION_MAX_GROUPS);
    return;
  }
  FOR_ITEMS(L, n, it) {
    yaml_node_t* g = node(L, *it);
    yaml_node_t* v[group_nfields];
    if (!LD_FIELDS(L, g, "a team group", group, v)) continue;
    struct murk_team_group tg = {.profile = -1, .count = 1};
    bool ok = true;
    if (!v[GROUP_PROFILE]) {
      yw_missing(&L->w, g, "profile", "a team group", "profile: a name from the side's profiles");
      ok = false;
    } else {
      const char* name = yw_str(&L->w, v[GROUP_PROFILE], "profile");
      if (!name) {
        ok = false;
      } else if ((tg.profile = find_profile(f, name)) < 0) {
        ok = false;
        if (profiles_ok) {
          const char* names[MURK_MISSION_MAX_PROFILES];
          for (int i = 0; i < f->nprofiles; i++) names[i] = f->profiles[i].name;
          const char* s = yw_suggest(name, names, f->nprofiles);
          char list[150];
          yw_join(list, sizeof list, names, f->nprofiles);
          char fd[48];
          if (s)
            yw_err(&L->w, v[GROUP_PROFILE], "unknown profile %s in %s (did you mean '%s'?)",
                   found(v[GROUP_PROFILE], fd, sizeof fd), pw, s);
          else if (f->nprofiles)
            yw_err(&L->w, v[GROUP_PROFILE], "unknown profile %s in %s (expected one of: %s)",
                   found(v[GROUP_PROFILE], fd, sizeof fd), pw, list);
          else
            yw_err(&L->w, v[GROUP_PROFILE],
                   "unknown profile %s in %s (expected a profile defined under "
                   "profiles: this side has none)",
                   found(v[GROUP_PROFILE], fd, sizeof fd), pw);
        }
      }
    }
    if (v[GROUP_COUNT])
      ok = yw_int(&L->w, v[GROUP_COUNT], "count", 1, MURK_MISSION_MAX_TEAMS, &tg.count) && ok;
    if (!ok) continue;
    if (pl->nteams + tg.count > MURK_MISSION_MAX_TEAMS) {
      yw_err(&L->w, g, "%s has more than %d teams (expected at most %d)", pw,
             MURK_MISSION_MAX_TEAMS, MURK_MISSION_MAX_TEAMS);
      return;
    }
    pl->groups[pl->ngroups++] = tg;
    pl->nteams += tg.count;
  }
}

#define PLATOON_FIELDS(X)                         \
  X(PLATOON_NAME, "name")                         \
  X(PLATOON_TYPE, "type")                         \
  X(PLATOON_COMMAND_DISTANCE, "command_distance") \
  X(PLATOON_TEAMS, "teams")                       \
  X(PLATOON_FLAGS, "flags")                       \
  X(PLATOON_WING, "wing")                         \
  X(PLATOON_COMMAND_RATING, "command_rating")     \
  X(PLATOON_POINTS, "points")                     \
  X(PLATOON_TRANSPORT, "transport")
LD_RECORD(platoon, PLATOON_FIELDS);

/* Each platoon's `transport:` (the sci-fi mission special rules, Reserves: a unit and its dedicated
 * transport roll as one): another platoon of the same force, flagged transport, carrying no other.
 */
static void resolve_transports(struct ld* L, struct murk_force* f, const char* side,
                               char carried_by[][MURK_NAME], yaml_node_t* const* at) {
  for (int i = 0; i < f->nplatoons; i++) {
    if (!at[i]) continue;
    int t = -1;
    for (int k = 0; k < f->nplatoons && t < 0; k++)
      if (strcmp(f->platoons[k].name, carried_by[i]) == 0) t = k;
    if (t < 0) {
      yw_err(&L->w, at[i], "no platoon '%s' in forces.%s (expected the name of its transport)",
             carried_by[i], side);
    } else if (t == i) {
      yw_err(&L->w, at[i], "platoon '%s' cannot be its own transport", f->platoons[i].name);
    } else if (!(f->platoons[t].flags & MURK_PF(TRANSPORT))) {
      yw_err(&L->w, at[i], "platoon '%s' is not a transport (expected one with the transport flag)",
             carried_by[i]);
    } else if (f->platoons[i].flags & MURK_PF(TRANSPORT)) {
      yw_err(&L->w, at[i], "platoon '%s' is a transport itself: a transport carries, it has none",
             f->platoons[i].name);
    } else {
      int other = -1;
      for (int k = 0; k < f->nplatoons && other < 0; k++)
        if (k != i && f->platoons[k].transport == t + 1) other = k;
      if (other >= 0)
        yw_err(&L->w, at[i], "'%s' already carries '%s' (expected one unit a transport)",
               carried_by[i], f->platoons[other].name);
      else
        f->platoons[i].transport = t + 1;
    }
    if (yw_full(&L->w)) return;
  }
}

static void load_platoons(struct ld* L, yaml_node_t* n, struct murk_force* f, const char* side,
                          bool profiles_ok) {
  char what[64];
  snprintf(what, sizeof what, "forces.%s.platoons", side);
  if (!yw_want_seq(&L->w, n, what)) return;
  if (yw_seq_len(n) > MURK_MISSION_MAX_PLATOONS) {
    yw_err(&L->w, n, "'%s' has %d platoons (expected at most %d)", what, yw_seq_len(n),
           MURK_MISSION_MAX_PLATOONS);
    return;
  }
  const yaml_node_t* name_at[MURK_MISSION_MAX_PLATOONS] = {0};
  /* `transport:` names a platoon that may come later in the list: resolved at the end. */
  char carried_by[MURK_MISSION_MAX_PLATOONS][MURK_NAME] = {{0}};
  yaml_node_t* transport_at[MURK_MISSION_MAX_PLATOONS] = {0};
  FOR_ITEMS(L, n, it) {
    yaml_node_t* pn = node(L, *it);
    yaml_node_t* v[platoon_nfields];
    if (!LD_FIELDS(L, pn, "a platoon", platoon, v)) continue;
    struct murk_platoon pl = {.ngroups = 0};
    int before = L->w.diags->count;
    if (!v[PLATOON_NAME]) {
      yw_missing(&L->w, pn, "name", "a platoon", "name: the platoon's name");
    } else if (yw_text(&L->w, v[PLATOON_NAME], "name", pl.name, sizeof pl.name) && !pl.name[0]) {
      yw_err(&L->w, v[PLATOON_NAME], "'name' is empty (expected the platoon's name)");
    } else if (pl.name[0]) {
      for (int i = 0; i < f->nplatoons; i++) {
        if (strcmp(f->platoons[i].name, pl.name) == 0) {
          yw_err(&L->w, v[PLATOON_NAME],
                 "duplicate platoon name '%s' in forces.%s (expected unique names; "
                 "the first is at %d:%d)",
                 pl.name, side, yw_line(name_at[i]), yw_col(name_at[i]));
          break;
        }
      }
    }
    char pw[80];
    snprintf(pw, sizeof pw, "platoon '%s'", pl.name);
    if (v[PLATOON_TYPE]) yw_text(&L->w, v[PLATOON_TYPE], "type", pl.type, sizeof pl.type);
    if (!v[PLATOON_COMMAND_DISTANCE])
      yw_missing(&L->w, pn, "command_distance", pw, "command_distance: a length such as 15cm");
    else
      ld_length_cells(L, v[PLATOON_COMMAND_DISTANCE], "command_distance", MURK_ROUND_DOWN, 0,
                      MURK_MISSION_MAX_CELLS, &pl.command_distance);
    if (!v[PLATOON_TEAMS])
      yw_missing(&L->w, pn, "teams", pw, "teams: [{profile: NAME, count: N}]");
    else
      load_teams(L, v[PLATOON_TEAMS], f, &pl, pw, profiles_ok);
    if (v[PLATOON_FLAGS] && yw_want_seq(&L->w, v[PLATOON_FLAGS], "flags")) {
      FOR_ITEMS(L, v[PLATOON_FLAGS], fi) {
        int b = yw_enum(&L->w, node(L, *fi), "flags", platoon_flag_names, MURK_PF_COUNT);
        if (b >= 0) pl.flags |= 1u << b;
      }
    }
    /* Limited Intelligence (the Limited Intelligence rule, 27.1.1): the wing the platoon belongs
     * to. */
    if (v[PLATOON_WING]) yw_text(&L->w, v[PLATOON_WING], "wing", pl.wing, sizeof pl.wing);
    if (v[PLATOON_COMMAND_RATING])
      yw_int(&L->w, v[PLATOON_COMMAND_RATING], "command_rating", 0, 10, &pl.command_rating);
    /* Margin of victory (the sci-fi mission special rules, Victory Points): a unit is worth its
     * points cost. */
    if (v[PLATOON_POINTS]) yw_int(&L->w, v[PLATOON_POINTS], "points", 1, 100000, &pl.points);
    char carrier[MURK_NAME] = "";
    if (v[PLATOON_TRANSPORT])
      yw_text(&L->w, v[PLATOON_TRANSPORT], "transport", carrier, sizeof carrier);
    if (L->w.diags->count == before) {
      name_at[f->nplatoons] = v[PLATOON_NAME];
      transport_at[f->nplatoons] = v[PLATOON_TRANSPORT];
      memcpy(carried_by[f->nplatoons], carrier, sizeof carrier);
      f->platoons[f->nplatoons++] = pl;
    }
    if (yw_full(&L->w)) return;
  }
  resolve_transports(L, f, side, carried_by, transport_at);
}

#define FORCE_FIELDS(X)                     \
  X(FORCE_NAME, "name")                     \
  X(FORCE_NATION, "nation")                 \
  X(FORCE_COMMAND_RATING, "command_rating") \
  X(FORCE_LEADER_RATING, "leader_rating")   \
  X(FORCE_DUMMIES, "dummies")               \
  X(FORCE_WORKS, "works")                   \
  X(FORCE_PROFILES, "profiles")             \
  X(FORCE_PLATOONS, "platoons")
LD_RECORD(force, FORCE_FIELDS);

#define FORCE_WORKS_FIELDS(X)                   \
  X(FORCE_WORKS_FORTIFICATION, "fortification") \
  X(FORCE_WORKS_WIRE, "wire")
LD_RECORD(force_works, FORCE_WORKS_FIELDS);

/* `works: {fortification: N, wire: N}`: the pieces of each kind this force builds in setup
 * (Flames of War missions, No Man's Land, Preparing for Battle: each player places all of
 * its Fortified Company's fortifications, then its obstacles), each of the legend entry
 * marked with its kind, at most the mission's `setup: works: length` long. That entry
 * leaves sight as it is (clear) and can be entered, so a piece built on ground of clear
 * sight changes how units move and shelter there, never what anyone sees. */
static void load_force_works(struct ld* L, yaml_node_t* n, struct murk_force* f, const char* what) {
  yaml_node_t* v[force_works_nfields];
  if (!LD_FIELDS(L, n, what, force_works, v)) return;
  struct murk_mission* m = L->m;
  const struct {
    int field;
    enum murk_works kind;
    const char* key;
  } kinds[] = {{FORCE_WORKS_FORTIFICATION, MURK_WORKS_FORTIFICATION, "fortification"},
               {FORCE_WORKS_WIRE, MURK_WORKS_WIRE, "wire"}};
  for (int i = 0; i < ARRAY_LEN(kinds); i++) {
    yaml_node_t* k = v[kinds[i].field];
    if (!k || !yw_int(&L->w, k, kinds[i].key, 0, 16, &f->works[kinds[i].kind])) continue;
    if (f->works[kinds[i].kind] == 0) continue;
    if (m->works_length <= 0) {
      yw_err(&L->w, k,
             "works: %s pieces need the mission's length for a piece (expected setup: works: "
             "{length: 30cm})",
             kinds[i].key);
      continue;
    }
    int t = -1;
    for (int e = 0; e < m->nterrain && t < 0; e++)
      if (m->terrain[e].works == kinds[i].kind) t = e;
    if (t < 0) {
      yw_err(&L->w, k,
             "works: %s pieces need a legend entry with works: %s (expected one in "
             "terrain: legend)",
             kinds[i].key, kinds[i].key);
      continue;
    }
    const struct murk_terrain* te = &m->terrain[t];
    if (te->sight != MURK_SIGHT_CLEAR || te->cls == MURK_TERRAIN_IMPASSABLE ||
        te->cls == MURK_TERRAIN_WATER) {
      yw_err(&L->w, k,
             "works: %s pieces are built of '%c' (%s), which must leave sight clear "
             "and be passable (expected sight: clear and a class units can enter)",
             kinds[i].key, te->ch, te->name);
      continue;
    }
    m->works_terrain[kinds[i].kind] = t;
  }
}

static void load_force(struct ld* L, yaml_node_t* n, enum murk_side s) {
  struct murk_force* f = &L->m->sides[s].force;
  const char* side = ld_side_names[s];
  char what[40];
  snprintf(what, sizeof what, "forces.%s", side);
  yaml_node_t* v[force_nfields];
  if (!LD_FIELDS(L, n, what, force, v)) return;
  if (v[FORCE_NAME])
    yw_text(&L->w, v[FORCE_NAME], "name", f->name, sizeof f->name);
  else
    snprintf(f->name, sizeof f->name, "%s", side);
  if (v[FORCE_NATION]) yw_text(&L->w, v[FORCE_NATION], "nation", f->nation, sizeof f->nation);
  if (v[FORCE_COMMAND_RATING])
    yw_int(&L->w, v[FORCE_COMMAND_RATING], "command_rating", 0, 10, &f->command_rating);
  if (v[FORCE_LEADER_RATING])
    yw_int(&L->w, v[FORCE_LEADER_RATING], "leader_rating", 0, 10, &f->leader_rating);
  if (v[FORCE_DUMMIES])
    yw_int(&L->w, v[FORCE_DUMMIES], "dummies", 0, MURK_MISSION_MAX_PLATOONS, &f->dummies);
  if (v[FORCE_WORKS] && !yw_is_null(v[FORCE_WORKS])) {
    char ww[48];
    snprintf(ww, sizeof ww, "%s.works", what);
    load_force_works(L, v[FORCE_WORKS], f, ww);
  }
  int before = L->w.diags->count;
  if (!v[FORCE_PROFILES])
    yw_missing(&L->w, n, "profiles", what, "profiles: a mapping of team profiles");
  else
    load_profiles(L, v[FORCE_PROFILES], f, side);
  /* Unknown-profile messages only help when the profiles themselves read well. */
  bool profiles_ok = L->w.diags->count == before;
  if (!v[FORCE_PLATOONS])
    yw_missing(&L->w, n, "platoons", what, "platoons: a list of platoons");
  else
    load_platoons(L, v[FORCE_PLATOONS], f, side, profiles_ok);
}

void ld_forces(struct ld* L, yaml_node_t* root, yaml_node_t* n) {
  if (!n) {
    yw_missing(&L->w, root, "forces", "the mission", "forces: with attacker and defender");
    return;
  }
  yaml_node_t* v[MURK_SIDES];
  if (!LD_SIDE_FIELDS(L, n, "forces", v)) return;
  for (int s = 0; s < MURK_SIDES; s++) {
    if (!v[s])
      yw_missing(&L->w, n, ld_side_names[s], "forces", "the side's force");
    else
      load_force(L, v[s], (enum murk_side)s);
  }
}
