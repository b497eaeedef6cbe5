"""Expert iteration's fitting step: the heuristic's weights fitted to `hard`'s
own moves.

    python tools/imitate.py GAME DUMP... [--out WEIGHTS.json] [--steps N] [--seed S] [--screen]

reads the decisions ``tools/head_to_head.py --dump`` wrote (the observation,
the legal moves, the move `hard` played and the heuristic's), and searches the
heuristic's weights for those whose move is `hard`'s in the most of them: a
hill climb from the shipped weights, each step multiplying one to three
weights by a random factor (log-normal, its spread halved after every
``PATIENCE`` steps that found nothing better) and kept when it agrees with
`hard` in more training decisions. A local search from the shipped weights,
rather than a global one: `hard` plays the heuristic's move in most of its
decisions (the guard keeps it unless a candidate is clearly better), so the
weights sought are the shipped ones nudged.

The games are split by seed: a quarter (seed % 4 == 0) is held out, and the
fit is reported on it as on the rest, over all decisions, over those where
`hard` played the heuristic's move (how many the fit keeps) and over those
where it did not (how many of `hard`'s improvements the fit makes by itself);
the improvements are first counted by kind (the heuristic's move, the one
played).
``--screen`` first prints, for each weight halved and doubled alone, how
many of `hard`'s improvements the heuristic then makes and how many of its
kept moves it loses, over every decision: whether the weights can express
`hard`'s moves at all. ``--out`` writes the fitted weights as ``tools/head_to_head.py --own @FILE``
reads them, so that `hard` can search over the fitted policy, and
``tools/weight_screen.py``-style games can tell whether it plays better alone.
"""

from __future__ import annotations

import argparse
import json
import math
import pickle
import random
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import toolkit

from courtly.engine import plugins
from courtly.games import get

PATIENCE = 60
"""Steps without a better fit before the steps' spread is halved."""


def rows_of(paths: Sequence[str]) -> list[dict[str, Any]]:
    """Every decision the dumps hold, in order."""
    rows: list[dict[str, Any]] = []
    for path in paths:
        if not Path(path).is_file():
            raise SystemExit(f"no dump at {path}: write one with tools/head_to_head.py --dump")
        with open(path, "rb") as f:
            while True:
                try:
                    rows.append(pickle.load(f))
                except (EOFError, pickle.UnpicklingError):
                    break  # the end, or a record still being written
    return rows


def agreement(bot: Any, rows: Sequence[dict[str, Any]]) -> list[bool]:
    """For each decision, whether ``bot`` plays `hard`'s move."""
    out = []
    for r in rows:
        move = bot.act(r["observation"], r["legal"], random.Random(0))
        out.append(move.id == r["played"])
    return out


def report(name: str, agrees: list[bool], rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    kept = [a for a, r in zip(agrees, rows, strict=True) if r["played"] == r["heuristic"]]
    improved = [a for a, r in zip(agrees, rows, strict=True) if r["played"] != r["heuristic"]]
    return {
        "set": name,
        "decisions": len(rows),
        "agree": round(sum(agrees) / max(1, len(agrees)), 4),
        "keeps": f"{sum(kept)}/{len(kept)}",
        "finds": f"{sum(improved)}/{len(improved)}",
    }


def screen(game: Any, make: Any, rows: Sequence[dict[str, Any]]) -> None:
    """Each weight halved and doubled alone: `hard`'s improvements found, its kept moves lost."""
    base: dict[str, float] = dict(make(game).weights)
    for key in sorted(base):
        for factor in (0.5, 2.0):
            agrees = agreement(make(game, weights={**base, key: base[key] * factor}), rows)
            pairs = list(zip(agrees, rows, strict=True))
            finds = sum(a for a, r in pairs if r["played"] != r["heuristic"])
            lost = sum(not a for a, r in pairs if r["played"] == r["heuristic"])
            print(json.dumps({"weight": key, "factor": factor, "finds": finds, "loses": lost}))


def improvements(rows: Sequence[dict[str, Any]]) -> dict[str, int]:
    """`hard`'s improvements by kind: "heuristic's move kind -> the one played"."""
    kinds: Counter[str] = Counter()
    for r in rows:
        if r["played"] != r["heuristic"]:
            by_id = {a.id: a for a in r["legal"]}
            kinds[f"{by_id[r['heuristic']].kind} -> {by_id[r['played']].kind}"] += 1
    return dict(kinds.most_common())


def parse(argv: list[str]) -> argparse.Namespace:
    """The command line (a wrong one: argparse's message and usage, exit 2)."""
    ap = argparse.ArgumentParser(
        prog="tools/imitate.py", description="fit a heuristic's weights to hard's recorded moves"
    )
    ap.add_argument(
        "game", type=toolkit.game, help="the game whose heuristic is fitted, e.g. garrison"
    )
    ap.add_argument("dumps", nargs="+", help="files written by tools/head_to_head.py --dump")
    ap.add_argument("--out", help="write the fitted weights here (JSON)")
    ap.add_argument("--steps", type=int, default=600, help="hill-climbing steps (600)")
    ap.add_argument("--seed", type=int, default=0, help="the climb's random seed (0)")
    ap.add_argument("--screen", action="store_true", help="first halve and double each weight")
    return ap.parse_args(argv)


def main(argv: list[str]) -> None:
    args = parse(argv)
    out, screening, steps, seed, paths = args.out, args.screen, args.steps, args.seed, args.dumps
    game = get(args.game)
    ref = game.plugins.heuristic
    if ref is None:
        raise SystemExit(f"{game.id} has no heuristic to fit")
    make = plugins.load(ref)
    rows = rows_of(paths)
    train = [r for r in rows if r["seed"] % 4]
    held = [r for r in rows if not r["seed"] % 4]
    print(json.dumps({"improvements": improvements(rows)}), flush=True)
    if screening:
        screen(game, make, rows)
    shipped: dict[str, float] = dict(make(game).weights)
    best = dict(shipped)
    best_agrees = agreement(make(game, weights=best), train)
    score = sum(best_agrees)
    print(json.dumps({"weights": "shipped", **report("train", best_agrees, train)}), flush=True)
    held0 = agreement(make(game, weights=best), held)
    print(json.dumps({"weights": "shipped", **report("held out", held0, held)}), flush=True)
    rng = random.Random(seed)
    keys = sorted(best)
    spread, idle = 0.4, 0
    for step in range(steps):
        trial = dict(best)
        for key in rng.sample(keys, rng.choice((1, 1, 2, 3))):
            trial[key] = trial[key] * math.exp(rng.gauss(0.0, spread))
        agrees = agreement(make(game, weights=trial), train)
        if sum(agrees) > score:
            best, score, best_agrees, idle = trial, sum(agrees), agrees, 0
            print(json.dumps({"step": step, "train_agree": score, "spread": spread}), flush=True)
        else:
            idle += 1
            if idle >= PATIENCE:
                spread, idle = spread / 2, 0
    print(json.dumps({"weights": "fitted", **report("train", best_agrees, train)}), flush=True)
    held1 = agreement(make(game, weights=best), held)
    print(json.dumps({"weights": "fitted", **report("held out", held1, held)}), flush=True)
    changed = {k: round(best[k] / shipped[k], 3) for k in keys if best[k] != shipped[k]}
    print(json.dumps({"changed (fitted / shipped)": changed}), flush=True)
    if out:
        Path(out).write_text(json.dumps(best, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
