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

import argparse
import json
import sys
from collections.abc import Mapping
from typing import Any

import toolkit

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


def _factor(text: str, what: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise SystemExit(f"{what}: {text!r} is not a number") from None


def _read_json(path: str) -> dict[str, Any]:
    """The weights a JSON file names, or the command line's error saying why not."""
    given = toolkit.read_json(path, "@")
    if not isinstance(given, dict):
        raise SystemExit(f"@{path}: not a JSON object of weights")
    return given


def variants(base: Mapping[str, float], argv: list[str]) -> list[tuple[str, dict[str, float]]]:
    """The variants the arguments ask for, by name."""
    factors = [0.5, 2.0]
    only: list[str] | None = None
    specs: list[str] = []
    i = 0
    while i < len(argv):
        if argv[i] == "--factors":
            factors = [_factor(f, "--factors") for f in argv[i + 1].split(",")]
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
                given = _read_json(spec[1:])
                unknown = set(given) - set(base)
                if unknown:
                    raise SystemExit(f"{sorted(unknown)} are not weights: {', '.join(base)}")
                out.append((spec, {**w, **{k: float(v) for k, v in given.items()}}))
                continue
            for pair in spec.split(","):
                key, _, factor = pair.partition("=")
                if key not in base:
                    raise SystemExit(f"{key!r} is not a weight: {', '.join(base)}")
                w[key] = base[key] * _factor(factor, key)
            out.append((spec, w))
        return out
    for key in only or list(base):
        if key not in base:
            raise SystemExit(f"{key!r} is not a weight: {', '.join(base)}")
        for f in factors:
            out.append((f"{key}={f:g}", {**base, key: base[key] * f}))
    return out


def parse(argv: list[str]) -> argparse.Namespace:
    """The command line (a wrong one: argparse's message and usage, exit 2)."""
    ap = argparse.ArgumentParser(
        prog="tools/weight_screen.py", description="a heuristic's changed weights against normal"
    )
    ap.add_argument("game", type=toolkit.game, help="the game, e.g. garrison")
    ap.add_argument("games", type=toolkit.at_least(1), help="games a variant")
    ap.add_argument("seed", type=int, help="the first game's seed")
    ap.add_argument(
        "specs", nargs="*", default=[], help="k=f,k2=f2 or @WEIGHTS.json (none: each weight)"
    )
    ap.add_argument("--factors", default="0.5,2", help="each weight times each (0.5,2)")
    ap.add_argument("--only", help="k1,k2: only these weights")
    return ap.parse_args(argv)


def main(argv: list[str]) -> None:
    args = parse(argv)
    game = get(args.game)
    games, seed0 = args.games, args.seed
    heuristic: Any = greedy_for(game)
    if heuristic is None:
        raise SystemExit(f"{game.id} has no heuristic to screen")
    rest = ["--factors", args.factors, *(["--only", args.only] if args.only else []), *args.specs]
    base: dict[str, float] = dict(heuristic.weights)
    cases = variants(base, rest)  # every variant read before the first game
    control = wins(game, base, games, seed0)
    print(json.dumps({"variant": "normal", "wins": control}), flush=True)
    for name, weights in cases:
        share = wins(game, weights, games, seed0)
        row = {"variant": name, "wins": share, "change": round(share - control, 5)}
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
