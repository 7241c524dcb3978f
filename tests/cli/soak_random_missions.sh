#!/usr/bin/env bash
# soak_random_missions.sh: random_missions.sh at full length, 100 accepted random missions x
# 50 random games (ctest label soak; MURK_MISSIONS and MURK_GAMES set a smaller budget).
export MURK_MISSIONS=${MURK_MISSIONS:-100} MURK_GAMES=${MURK_GAMES:-50}
exec bash "$(dirname "${BASH_SOURCE[0]}")/random_missions.sh"
