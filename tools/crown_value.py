"""A value of Crown Rivals positions learned from `normal`'s self-play: the
chance that each seat wins, for `hard`'s guard to judge rollouts cut short.

    python tools/crown_value.py GAMES SEED --out VALUE.json [--every K]

plays GAMES games of `normal` against itself (seeds SEED, SEED+1, ...),
takes every K-th decision's position (default 5) with the game's winner as
its label (a game cut by the turn limit is left out), holds out the last 15%
of the games, and fits a logistic model of seat 0's win on the difference
between the seats' ``features`` by Newton's method in NumPy. It prints the
held-out log-loss against even chances and the shipped evaluation's
(``courtly.bots.evaluations.crown_rivals``), the share of winners named, and
writes the weights. ``Value(path)`` reads them back: an evaluation of a
position (``ISMCTS.evaluate``) giving each seat its chance to win, what
``tools/head_to_head.py --value VALUE.json`` gives `hard`.

It needs NumPy, the ``lab`` extra (``tools/compiled-venv .venv-compiled
lab`` for a compiled build). The model sees a world as the search deals it (the whole state of one
consistent deal), never the table's own game.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Sequence
from typing import Any

import numpy as np

from courtly.bots import make
from courtly.bots.evaluations.crown_rivals import evaluate
from courtly.games import get

NAMES = (
    "influence",
    "near 0",
    "near 100",
    "supporters",
    "club density",
    "heart density",
    "spade density",
    "diamond density",
    "cards",
    "clubs in hand",
    "hearts in hand",
    "spades in hand",
    "diamonds in hand",
    "to move",
)
"""The features, each one seat's less the other's (``features``)."""


def seat_features(state: Any, seat: int) -> list[float]:
    """One seat's features: its Influence and how near it is to either end,
    the supporters it has in play, the mean value a card of each suit adds
    to its cards (hand, draw pile, discards, played this turn), how many
    cards it has, the values of each suit in its hand, and whether it is
    the seat to move."""
    values = state.values
    own = state.hands[seat] + state.decks[seat] + state.discards[seat]
    if state.active == seat:
        own = own + state.in_play
    density = [0.0, 0.0, 0.0, 0.0]
    for c in own:
        density[c & 3] += values[c]
    n = max(1, len(own))
    hand = [0.0, 0.0, 0.0, 0.0]
    for c in state.hands[seat]:
        hand[c & 3] += values[c]
    influence = state.influence[seat]
    return [
        influence / 10.0,
        max(0.0, 20.0 - influence) / 10.0,
        max(0.0, influence - 80.0) / 10.0,
        sum(state.sup_value[seat]) / 10.0,
        *(d / n for d in density),
        len(own) / 10.0,
        *(h / 10.0 for h in hand),
        1.0 if state.active == seat else 0.0,
    ]


def features(state: Any) -> list[float]:
    """Seat 0's features less seat 1's."""
    a, b = seat_features(state, 0), seat_features(state, 1)
    return [x - y for x, y in zip(a, b, strict=True)]


class Value:
    """Each seat's chance to win a position, from weights ``crown_value.py``
    fitted: seat 0's is the logistic of the weights times ``features``."""

    def __init__(self, path: str) -> None:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        if data.get("features") != list(NAMES):
            raise SystemExit(f"{path}: not a value of these features ({', '.join(NAMES)})")
        self.weights = [float(w) for w in data["weights"]]

    def __call__(self, state: Any) -> list[float]:
        x = sum(w * f for w, f in zip(self.weights, features(state), strict=True))
        p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))
        return [p, 1.0 - p]


Game = tuple[int, list[list[float]], int, list[float]]
"""A game's seed, its positions' features, seat 0's result (1 won, 0 lost),
and the shipped evaluation's value for seat 0 in each of those positions."""


def positions(games: int, seed: int, every: int) -> list[Game]:
    """The games, every ``every``-th position of each; games without a
    winner are left out."""
    game = get("crown-rivals")
    normal = make("normal", game)
    out = []
    for g in range(games):
        state: Any = game.new(seed=seed + g)
        state.quiet = True
        rng = random.Random(seed + g)
        rows: list[list[float]] = []
        shipped: list[float] = []
        k = 0
        while not state.over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if k % every == 0:
                rows.append(features(state))
                shipped.append(evaluate(state)[0])
            k += 1
            action = (
                legal[0] if len(legal) == 1 else normal.act(state.observation(seat), legal, rng)
            )
            state.play(seat, action)
        if len(state.winners) == 1:
            out.append((seed + g, rows, 1 if 0 in state.winners else 0, shipped))
    return out


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-3, rounds: int = 30) -> np.ndarray:
    """Logistic regression without an intercept (the features are
    differences, so the model is the same from either seat), by Newton's
    method with a small ridge."""
    w = np.zeros(x.shape[1])
    for _ in range(rounds):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + ridge * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    return loss_of(1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30))), y)


def stack(games: Sequence[Game]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The features, labels and shipped values of every position."""
    xs = [row for _, rows, _, _ in games for row in rows]
    ys = [label for _, rows, label, _ in games for _ in rows]
    ps = [p for _, _, _, shipped in games for p in shipped]
    return np.array(xs, dtype=float), np.array(ys, dtype=float), np.array(ps, dtype=float)


def loss_of(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", type=int)
    ap.add_argument("seed", type=int)
    ap.add_argument("--out", required=True, help="the weights' JSON file")
    ap.add_argument("--every", type=int, default=5, help="take every K-th decision's position")
    args = ap.parse_args(argv)
    if args.games < 20 or args.every < 1:
        ap.error("GAMES must be at least 20 and --every at least 1")
    played = positions(args.games, args.seed, args.every)
    cut = int(len(played) * 0.85)
    x, y, _ = stack(played[:cut])
    hx, hy, hp = stack(played[cut:])
    w = fit(x, y)
    named = float(((hx @ w > 0) == (hy > 0.5)).mean())
    report = {
        "games": len(played),
        "positions": len(y),
        "held_out": len(hy),
        "log_loss": round(log_loss(hx, hy, w), 4),
        "even_chances": round(math.log(2), 4),
        "shipped_evaluation": round(loss_of(hp, hy), 4),
        "winner_named": round(named, 4),
        "weights": dict(zip(NAMES, np.round(w, 4).tolist(), strict=True)),
    }
    print(json.dumps(report))
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump({"features": list(NAMES), "weights": w.tolist(), "fit": report}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
