#!/usr/bin/env python3
"""random_missions.py SEED COUNT OUTDIR: write COUNT random missions (OUTDIR/rm-SEED-N.yaml),
small tables with random terrain, zones, objectives, end conditions, forces and a random
handful of the rules whose interplay decides whether a game can end (reserves of every
kind with any dice, deep strike with any keep-out, ambushes, infiltrate, escalation,
fog of war, night fighting, random game length...). Many are invalid or unplayable on
purpose: `murk check` sorts them (tests/cli/random_missions.sh keeps those it accepts)."""
import random, sys

seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rng = random.Random(seed)


def pick(*xs):
    return rng.choice(xs)


def length(lo, hi, unit="cm"):
    return "%d%s" % (rng.randint(lo, hi), unit)


def rules():
    r = {}
    reserve_kinds = ["reserves", "delayed_reserves", "scattered_reserves", "mobile_reserves"]
    for k in rng.sample(reserve_kinds, rng.randint(0, 2)):
        p = {}
        if rng.random() < 0.5:
            p["dice"] = pick(0, 0, 1, 2, 3)
        if rng.random() < 0.5:
            p["dice_step"] = pick(0, 0, 1)
        if rng.random() < 0.4:
            p["at_least"] = pick(0, 25, 50, 100)
        if rng.random() < 0.3:
            p["at_most"] = pick(0, 50, 100)
        if rng.random() < 0.3:
            p["from_turn"] = rng.randint(1, 5)
        if rng.random() < 0.3:
            p["score"] = rng.randint(1, 6)
        if k == "reserves" and rng.random() < 0.3:
            p["per_platoon"] = True
        r[k] = p
    if rng.random() < 0.4:
        r["deep_strike"] = {"keep_out": pick("1in", "4in", "10in", "30in", "200in", "1000cm"),
                            "hit": rng.randint(0, 6),
                            "scatter": pick("2d6", "d6", "0", "6d6")}
    if rng.random() < 0.25:
        r["ambush"] = {"platoons": rng.randint(0, 3), "keep_out": length(0, 60)}
    if rng.random() < 0.2:
        r["immediate_ambush"] = {"platoons": rng.randint(0, 2), "keep_out": length(0, 40),
                                 "required": pick(True, False)}
    if rng.random() < 0.25:
        r["infiltrate"] = {"hidden": length(0, 30, "in"), "seen": length(0, 40, "in")}
    if rng.random() < 0.15:
        r["escalation"] = {}
        r.setdefault("reserves", {})
    if rng.random() < 0.3:
        r["fog_of_war"] = {}
    if rng.random() < 0.2:
        r["night_fighting"] = {"sight": pick("2d6*3", "d6", "0")}
    if rng.random() < 0.2:
        r["random_game_length"] = {}
    if rng.random() < 0.15:
        r["meeting_engagement"] = {}
    if rng.random() < 0.1:
        r["company_morale"] = {}
    return r


def flow(d):
    parts = []
    for k, v in d.items():
        if isinstance(v, dict):
            parts.append("%s: %s" % (k, flow(v)))
        elif isinstance(v, bool):
            parts.append("%s: %s" % (k, "true" if v else "false"))
        else:
            parts.append('%s: "%s"' % (k, v) if isinstance(v, str) else "%s: %s" % (k, v))
    return "{" + ", ".join(parts) + "}"


def mission(n):
    grid = pick("hex", "square")
    w, h = rng.randint(6, 18), rng.randint(6, 14)
    cells = []
    for y in range(h):
        row = ""
        for x in range(w):
            t = rng.random()
            row += "T" if t < 0.12 else ("X" if t < 0.17 else ("=" if x == w // 2 else "."))
        cells.append(row)
    lines = ["# A random mission (tests/cli/data/random_missions.py, seed %d, number %d)." % (seed, n),
             "name: Random %d-%d" % (seed, n),
             "table: {grid: %s, scale: 5cm, size: %dcm x %dcm}" % (grid, 5 * w, 5 * h),
             "terrain:",
             "  legend:",
             '    ".": {class: open, sight: clear}',
             '    "=": {class: road, sight: clear}',
             '    "T": {class: difficult, sight: blocking}',
             '    "X": {class: impassable, sight: blocking}',
             "  map: |"]
    lines += ["    " + r for r in cells]
    halves = pick(("south", "north"), ("north", "south"), ("west", "east"))
    ko = pick("", ", keep_out: {centre_line: %s}" % length(0, 20))
    lines += ["deployment:",
              "  attacker: {half: %s%s}" % (halves[0], ko),
              "  defender: {half: %s%s}" % (halves[1], ko)]
    if rng.random() < 0.5:
        lines += ["reserve_edges: {attacker: %s, defender: %s}" % halves]
    objectives = rng.random() < 0.7
    if objectives:
        lines += ["objectives:", "  fixed:"]
        for k in range(rng.randint(1, 3)):
            lines += ['    - {at: "%d,%d", for: %s}' % (rng.randrange(w), rng.randrange(h),
                                                       pick("attacker", "defender", "either"))]
    if rng.random() < 0.8:
        lines += ["turn_limit: %d" % rng.randint(2, 8)]
    r = rules()
    if r:
        lines += ["rules:"] + ["  %s: %s" % (k, flow(v)) for k, v in r.items()]
    lines += ["forces:"]
    for side in ("attacker", "defender"):
        lines += ["  %s:" % side, "    profiles:",
                  "      rifles: {move: %s, range: %s}" % (length(5, 25), length(10, 60)),
                  "      tanks: {move: %s, range: %s, vehicle: true}" % (length(10, 40), length(20, 80)),
                  "    platoons:"]
        for p in range(rng.randint(1, 4)):
            flags = [f for f in ("deep_strike", "infiltrate", "recce") if rng.random() < 0.25]
            lines += ["      - {name: %s%d, command_distance: 10cm, teams: [{profile: %s, count: %d}]%s}" %
                      (side[0].upper(), p + 1, pick("rifles", "tanks"), rng.randint(1, 4),
                       ", flags: [%s]" % ", ".join(flags) if flags else "")]
    return "\n".join(lines) + "\n"


for n in range(count):
    with open("%s/rm-%d-%d.yaml" % (out, seed, n), "w") as f:
        f.write(mission(n))
