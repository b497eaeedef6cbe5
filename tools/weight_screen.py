"""One seat of a game's heuristic with changed weights against `normal` in
every other seat: is there a better policy within the heuristic's weights
for beating `normal` itself (a base or rollout policy for `hard`)?

    python tools/weight_screen.py GAME GAMES SEED [--factors 0.5,2] [--only k1,k2] [SPEC ...]

plays GAMES games (seeds SEED, SEED+1, ...), the changed heuristic in seat
``i % seats`` of game ``i`` and `normal` elsewhere, with no search: a game
of heuristics alone takes milliseconds, so thousands of games measure a win
rate to a point or better. The first JSON line is the heuristic's own
weights in that seat (`normal` against `normal`, the control); then, with
no SPEC, each weight (or those of ``--only``) multiplied by each factor in
turn; or each SPEC given, ``k=f,k2=f2`` (weights multiplied by factors) or
``@WEIGHTS.json`` (the weights a file names, as ``tools/imitate.py`` writes
them, replacing the heuristic's).
Every variant plays the same seeds and seats, so two lines differ by the
change alone (and the chance it brings into the games that it alters).
Wins count first place, 1/k when k seats share it.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from courtly.bots import greedy_for, make
from courtly.engine import plugins
from courtly.engine.driver import Driver
from courtly.engine.game import Game
from courtly.games import get


def wins(game: Game, weights: Mapping[str, float], games: int, seed0: int) -> float:
    """The changed heuristic's share of wins, in seat ``i % seats`` of game ``i``."""
    ref = game.plugins.heuristic
    assert ref is not None, f"{game.id} has no heuristic"
    mine = plugins.load(ref)(game, weights=dict(weights))
    normal = make("normal", game)
    total = 0.0
    for i in range(games):
        state = game.new(seed=seed0 + i)
        seat = i % state.players
        Driver(state, [mine if s == seat else normal for s in range(state.players)]).run()
        if seat in state.winners:
            total += 1.0 / len(state.winners)
    return total / games


def variants(base: Mapping[str, float], argv: list[str]) -> list[tuple[str, dict[str, float]]]:
    """The variants the arguments ask for, by name."""
    factors = [0.5, 2.0]
    only: list[str] | None = None
    specs: list[str] = []
    i = 0
    while i < len(argv):
        if argv[i] == "--factors":
            factors = [float(f) for f in argv[i + 1].split(",")]
            i += 2
        elif argv[i] == "--only":
            only = argv[i + 1].split(",")
            i += 2
        else:
            specs.append(argv[i])
            i += 1
    out: list[tuple[str, dict[str, float]]] = []
    if specs:
        for spec in specs:
            w = dict(base)
            if spec.startswith("@"):
                given = json.loads(Path(spec[1:]).read_text(encoding="utf-8"))
                unknown = set(given) - set(base)
                if unknown:
                    raise SystemExit(f"{sorted(unknown)} are not weights: {', '.join(base)}")
                out.append((spec, {**w, **{k: float(v) for k, v in given.items()}}))
                continue
            for pair in spec.split(","):
                key, _, factor = pair.partition("=")
                if key not in base:
                    raise SystemExit(f"{key!r} is not a weight: {', '.join(base)}")
                w[key] = base[key] * float(factor)
            out.append((spec, w))
        return out
    for key in only or list(base):
        if key not in base:
            raise SystemExit(f"{key!r} is not a weight: {', '.join(base)}")
        for f in factors:
            out.append((f"{key}={f:g}", {**base, key: base[key] * f}))
    return out


def main(argv: list[str]) -> None:
    game = get(argv[0])
    games, seed0 = int(argv[1]), int(argv[2])
    heuristic: Any = greedy_for(game)
    assert heuristic is not None, f"{game.id} has no heuristic"
    base: dict[str, float] = dict(heuristic.weights)
    control = wins(game, base, games, seed0)
    print(json.dumps({"variant": "normal", "wins": control}), flush=True)
    for name, weights in variants(base, argv[3:]):
        share = wins(game, weights, games, seed0)
        row = {"variant": name, "wins": share, "change": round(share - control, 5)}
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
