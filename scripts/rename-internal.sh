#!/usr/bin/env bash
# rename-internal.sh: the core's internal names from the public prefix to the internal one
# (issue #11 point 6; docs/architecture.md, "Names"). Every function, type and macro of
# src/core that include/murk/*.h does not declare goes from murk_xxx to mk_xxx (MURK_XXX to
# MK_XXX), the rest of the name kept. The list below is explicit, made once from src/core/*.h
# against include/murk/*.h, so the script renames the same names on every branch and
# nothing else; whole words only, so running it again changes nothing.
#
# Run from the repository's root: bash scripts/rename-internal.sh
# It rewrites src/, tests/, bench/, docs/ and include/ in place (C sources, headers, Markdown
# and shell). include/ holds none of these names once the truth queries left it (sight.h's
# murk_can_see & co., game.h's murk_game_event*); a branch made before that gets them renamed
# in place, so it still builds, and its merge of main takes main's side of those lines.
set -euo pipefail

if [ ! -d src/core ] || [ ! -d include/murk ]; then
  echo "rename-internal.sh: run me from the repository's root" >&2
  exit 2
fi

names=$(
  cat <<'NAMES'
MURK_COMBAT_ASSAULT_REACH
MURK_COMMAND_TABLE_H
MURK_ERROR_CASE
MURK_EVENT_NAME
MURK_GAME_INTERNAL_H
MURK_INTEL_H
MURK_LIGHT_ROUND
MURK_LIGHT_STARSHELL
MURK_MARKER_H
MURK_MAX_ARRIVALS
MURK_MAX_LIGHTS
MURK_MAX_MARKERS
MURK_MAX_PLACED_OBJECTIVES
MURK_MAX_RD_SLOTS
MURK_MAX_TEAMS_PER_SIDE
MURK_MAX_UNITS
MURK_MISSION_LOAD_H
MURK_MOVE_BY_MARKER
MURK_MOVE_BY_TEAM
MURK_MOVE_ENEMY_MARKER
MURK_MOVE_ENEMY_TEAM
MURK_MOVE_FREE
MURK_MOVE_H
MURK_MOVE_NOWHERE
MURK_MOVE_OFF_TABLE
MURK_MOVE_OK
MURK_MOVE_OUT_OF_MEMORY
MURK_MOVE_OWN
MURK_MOVE_SELF
MURK_MOVE_TAKEN
MURK_MOVE_TERRAIN
MURK_MOVE_TOO_FAR
MURK_NIGHT_H
MURK_PH
MURK_PHASE_NAME
MURK_PH_SETUP
MURK_REFS_OWN
MURK_REFS_OWN_DUMMY
MURK_REFS_TARGET
MURK_REFS_UNIT
MURK_REF_BIT
MURK_REGION_H
MURK_RESERVES_H
MURK_RESOLVE_ENEMY
MURK_RESOLVE_NONE
MURK_RESOLVE_OWN
MURK_RNG_INITSEQ
MURK_ROLE_CLOAK
MURK_ROLE_COUNT
MURK_ROLE_DIS
MURK_ROLE_PLATOON
MURK_ROLE_TEMPLATE
MURK_ROLE_WING
MURK_ST
MURK_STEP_NAME
MURK_ST_ALL
MURK_YAMLWALK_H
murk_ambush_allowance
murk_arrival
murk_can_see
murk_cell_free
murk_cell_known_free
murk_cell_passable
murk_cells_sat
murk_cells_text
murk_cmd_args
murk_cmd_check_fn
murk_cmd_fn
murk_cmd_guard
murk_cmd_legal_now
murk_cmd_resolve
murk_cmd_row
murk_cmd_verbs_now
murk_combat_after_movement
murk_combat_assault
murk_combat_begin_play
murk_combat_shoot
murk_combat_start_of_turn
murk_combat_targets
murk_emit
murk_end_condition_met
murk_event_facts
murk_event_split
murk_final
murk_fog_move
murk_fog_move_platoon
murk_fog_move_template
murk_fog_place_teams
murk_fog_reveal
murk_fog_reveal_marker
murk_fog_spot
murk_fog_spot_ready
murk_fog_unbog
murk_fov_rows
murk_game_event
murk_game_event_count
murk_game_over
murk_handle
murk_hidden_contact
murk_inches_cells
murk_intel_after_platoon_move
murk_intel_allowance
murk_intel_begin
murk_intel_beyond
murk_intel_deploy
murk_intel_deploy_prompt
murk_intel_describe
murk_intel_dis
murk_intel_finish_deploying
murk_intel_move
murk_intel_on
murk_intel_rating
murk_intel_reveal
murk_intel_wing_units
murk_known_enemy_at
murk_known_nearest
murk_last_event
murk_light
murk_light_kind
murk_log_next
murk_mark_irreversible
murk_mark_step_start
murk_marker
murk_marker_allowance
murk_marker_index
murk_marker_index_at
murk_marker_new
murk_marker_ops
murk_marker_ops_for
murk_marker_ops_of
murk_marker_role
murk_move_allowance
murk_move_board
murk_move_board_known
murk_move_board_truth
murk_move_class
murk_move_judge
murk_move_occ
murk_move_points
murk_move_refusal
murk_move_rule
murk_move_truth
murk_move_verdict
murk_move_why
murk_nearest_of_side
murk_night
murk_night_after_deployment
murk_night_begin
murk_night_begin_play
murk_night_cloak_after_move
murk_night_cloak_allowance
murk_night_cloak_dummies
murk_night_cloaks
murk_night_fighting_now
murk_night_fire_sight
murk_night_flashing
murk_night_gunflash
murk_night_illuminate
murk_night_lit
murk_night_now
murk_night_nvr
murk_night_starshell
murk_night_start_of_turn
murk_nvr_base
murk_nvr_change
murk_nvr_change_needs_extra
murk_nvr_cloud_of
murk_nvr_modifier
murk_nvr_moon_of
murk_objective_taken
murk_phase_end
murk_phase_end_ready
murk_phase_prompt
murk_placed_objective
murk_platoon_counts
murk_plural
murk_put_platoon
murk_ref_enemy
murk_ref_own
murk_region_corner_cell
murk_region_corner_edges
murk_region_corner_meets
murk_region_edge_cell
murk_region_edge_count
murk_region_on_any_edge
murk_region_on_edge
murk_reject
murk_reserve_kind_allowed
murk_reserve_kind_name
murk_reserve_kind_rule
murk_reserves_ambush
murk_reserves_ambush_defer
murk_reserves_ambush_possible
murk_reserves_arrive
murk_reserves_cells
murk_reserves_check_due
murk_reserves_check_minimums
murk_reserves_describe
murk_reserves_due
murk_reserves_immediate_left
murk_reserves_in_use
murk_reserves_limits
murk_reserves_nominate
murk_reserves_side_nominates
murk_reserves_start_of_turn
murk_reserves_take_undeployed
murk_setup_ambush
murk_setup_begin
murk_setup_check_side_zone
murk_setup_check_zone
murk_setup_deploy
murk_setup_objective
murk_setup_recce
murk_setup_removal_due
murk_setup_remove
murk_setup_reserve
murk_setup_sections_text
murk_setup_waiting
murk_sight_any
murk_sight_audience
murk_sight_close
murk_sight_los
murk_sight_open
murk_sight_range
murk_sight_sees
murk_sight_side_sees
murk_sight_unit_seen
murk_sight_update
murk_sighting
murk_state
murk_team
murk_team_at
murk_team_profile
murk_turn_begin_play
murk_turn_end_step
murk_unit_alive
murk_unit_platoon
murk_unit_state
murk_victory_game_length
murk_victory_points
murk_victory_start_of_turn
murk_victory_withdraw
NAMES
)

# One perl substitution over all names: \b(murk_a|murk_b|...)\b, longest first so that a
# name never stops at a shorter one's end (the word boundaries already see to it).
pattern=$(printf '%s\n' "$names" | awk '{ print length, $0 }' | sort -rn | cut -d' ' -f2- | paste -sd'|')

mapfile -t files < <(find src tests bench docs include -type f \
  \( -name '*.c' -o -name '*.h' -o -name '*.md' -o -name '*.sh' -o -name '*.bash' \) | sort)
[ "${#files[@]}" -gt 0 ] || exit 0

changed=0
rewritten=()
for f in "${files[@]}"; do
  if grep -qP "\\b(?:$pattern)\\b" "$f"; then
    RN_PATTERN="$pattern" perl -pi -e '
      BEGIN { $p = $ENV{RN_PATTERN}; $re = qr/\b($p)\b/ }
      s/$re/ my $n = $1; $n =~ s{^murk_}{mk_}; $n =~ s{^MURK_}{MK_}; $n /ge;
    ' "$f"
    changed=$((changed + 1))
    case "$f" in *.c | *.h) rewritten+=("$f") ;; esac
  fi
done
# A shorter name moves the continuation lines of a call or declaration: clang-format (the
# repository's .clang-format) lines them up again, as main has them.
if [ "${#rewritten[@]}" -gt 0 ]; then
  if command -v clang-format >/dev/null; then
    clang-format -i "${rewritten[@]}"
  else
    echo "rename-internal.sh: clang-format not found: run it on the files above" >&2
  fi
fi
echo "rename-internal.sh: $changed file(s) rewritten"
