"""Expert iteration's second try in Garrison: a learned scorer of moves,
fitted to `hard`'s own moves, that can say "trade now" where the heuristic's
weights cannot (``tools/imitate.py`` found no weights that do).

    python tools/policy_fit.py DUMP... [--out POLICY.json] [--l2 X] [--steps N]

reads the decisions ``tools/head_to_head.py --dump`` wrote and fits a choice
model over each decision's legal moves: the probability of a move is a
softmax of a linear score of its features, fitted by gradient descent (Adam,
NumPy) to the move `hard` played, with an L2 penalty. A move's features are
whether it is the heuristic's own move, its kind, its kind and the heuristic's
pick crossed with the table as the seat sees it (its keep and the leading
rival's against the target, the hand's diamonds and keep cards, the siege on
its keep, the deck, the moves made this turn, a reaction window or its own
turn), and what the move itself does (the cards it gives and takes, their
suits and points, a siege's prize). The model plays the best-scoring move, so
a scorer that only learned "the heuristic's move" would be the heuristic.

The games are split by seed as ``tools/imitate.py`` splits them (seed % 4 ==
0 held out), and the fit is reported as it is there: agreement with `hard`,
`hard`'s kept moves kept and its overrides made, on the training games and
the held-out ones. ``--out`` writes the scorer for ``tools/head_to_head.py
--own learned:POLICY.json`` (the learned move as the guard's base at the root
only; the rollouts keep the heuristic).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import toolkit

from courtly import cards
from courtly.bots.base import Bot
from courtly.engine.actions import Action
from courtly.games.garrison.options import VALUE

KINDS = (
    "end",
    "pass",
    "upgrade",
    "trade",
    "besiege",
    "fend",
    "rebuild",
    "discard",
    "agitate",
    "smuggle",
    "thug",
    "seduce",
)
_KIND = {k: i for i, k in enumerate(KINDS)}
_CARD = {cards.code(c): c for c in range(54)}
CONTEXT = 13
"""The table's features, the constant included."""
MOVE = 22
"""A move's own features."""
DIM = 1 + len(KINDS) + (len(KINDS) + 1) * CONTEXT + MOVE


def context(obs: Mapping[str, Any]) -> np.ndarray:
    """The table as the seat to move sees it, the constant first."""
    me, target = obs["seat"], obs["target"]
    keeps = obs["keeps"]
    values = [k["value"] for k in keeps]
    hand = [_CARD[c] for c in obs["hand"]]
    diamonds = sum(VALUE[c] for c in hand if c < 52 and c & 3 == cards.DIAMONDS)
    keep_cards = [c for c in hand if c < 52 and c & 3 in (cards.CLUBS, cards.HEARTS)]
    siege = sum(VALUE[_CARD[c]] for c in keeps[me]["besiegers"])
    rival = max(v for s, v in enumerate(values) if s != me)
    payable = any(VALUE[c] <= diamonds for c in keep_cards)
    return np.array(
        [
            1.0,
            values[me] / target,
            (values[me] / target) ** 2,
            rival / target,
            float(rival >= target - 11),
            len(hand) / 3,
            diamonds / 20,
            len(keep_cards) / 3,
            float(payable),
            siege / max(1, values[me]),
            obs["deck_size"] / 54,
            min(obs.get("moves", 0), 10) / 10,
            float(obs.get("window") is not None),
        ]
    )


def move_features(obs: Mapping[str, Any], a: Any) -> np.ndarray:
    """What the move does: the cards it gives and takes, their suits and points."""
    out = np.zeros(MOVE)
    k = a.kind
    card, other = a.card, a.other
    if k in ("trade", "discard", "rebuild", "upgrade", "fend") and card >= 0:
        out[0] = VALUE[card] / 11  # the card it gives or spends
        out[1 + (4 if card >= 52 else card & 3)] = 1.0
    if k == "trade":
        out[6] = VALUE[other] / 11  # the card it takes
        out[7 + (4 if other >= 52 else other & 3)] = 1.0
        out[12] = float(cards.code(other) == obs.get("discard_top"))
        out[13] = (VALUE[other] - VALUE[card]) / 11
    elif k == "upgrade":
        out[14] = sum(VALUE[c] for c in a.pay) / 11 - VALUE[card] / 11  # paid over
        out[15] = float(card & 3 == cards.HEARTS)
    elif k == "besiege":
        keeps = obs["keeps"]
        value = keeps[a.target]["value"]
        siege = sum(VALUE[_CARD[c]] for c in keeps[a.target]["besiegers"])
        extra = sum(VALUE[c] for c in a.pay)
        out[16] = float(siege + extra > value)  # it topples the keep
        out[17] = value / obs["target"]
        out[18] = len(a.pay) / 3
    elif k in ("smuggle", "seduce", "agitate", "thug"):
        out[19] = VALUE[card] / 11 if card >= 0 else 0.0
        out[20] = float(a.target == obs["seat"])
    elif k == "rebuild":
        out[21] = VALUE[other] / 11
    return out


def features(obs: Mapping[str, Any], legal: Sequence[Any], heuristic: int) -> np.ndarray:
    """One row a legal move: ``DIM`` features."""
    ctx = context(obs)
    rows = np.zeros((len(legal), DIM))
    n = len(KINDS)
    for i, a in enumerate(legal):
        h = float(a.id == heuristic)
        kind = _KIND[a.kind]
        rows[i, 0] = h
        rows[i, 1 + kind] = 1.0
        base = 1 + n
        rows[i, base + kind * CONTEXT : base + (kind + 1) * CONTEXT] = ctx
        rows[i, base + n * CONTEXT : base + (n + 1) * CONTEXT] = h * ctx
        rows[i, base + (n + 1) * CONTEXT :] = move_features(obs, a)
    return rows


class Scorer:
    """The fitted model: a move's score is ``theta @ features``."""

    def __init__(self, theta: np.ndarray) -> None:
        self.theta = theta

    def pick(self, obs: Mapping[str, Any], legal: Sequence[Any], heuristic: int) -> int:
        """The index of the best-scoring move (the heuristic's on a tie)."""
        scores = features(obs, legal, heuristic) @ self.theta
        for i, a in enumerate(legal):
            if a.id == heuristic:
                scores[i] += 1e-9
        return int(np.argmax(scores))


class Learned(Bot):
    """The heuristic, save at the root of `hard`'s search (``root``, the
    observation `hard` was asked about), where the scorer picks the move: the
    guard's base. The heuristic is asked first, with the same generator, so
    that every other draw of the game is as it would have been."""

    needs_observation = True

    def __init__(self, heuristic: Bot, scorer: Scorer) -> None:
        super().__init__(heuristic.game)
        self.heuristic = heuristic
        self.scorer = scorer
        self.root: Any = None
        self.departed = 0

    def act(self, observation: Any, legal: Sequence[Action], rng: Any) -> Action:
        move = self.heuristic.act(observation, legal, rng)
        if observation is not self.root or len(legal) < 2:
            return move
        pick = legal[self.scorer.pick(observation, legal, move.id)]
        self.departed += pick.id != move.id
        return pick


def load(path: str) -> Scorer:
    data = toolkit.read_json(path)
    if not isinstance(data, dict) or "theta" not in data or data.get("dim") != DIM:
        dim = data.get("dim") if isinstance(data, dict) else None
        raise SystemExit(f"{path}: a scorer of {dim} features; this one has {DIM}")
    return Scorer(np.array(data["theta"], dtype=float))


def design(rows: Sequence[Mapping[str, Any]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every decision's moves stacked: features, the decision each row belongs
    to (its first row's index) and the rows of `hard`'s moves."""
    blocks, starts, chosen = [], [], []
    at = 0
    for r in rows:
        legal = r["legal"]
        blocks.append(features(r["observation"], legal, r["heuristic"]))
        starts.append(at)
        chosen.append(at + next(i for i, a in enumerate(legal) if a.id == r["played"]))
        at += len(legal)
    return np.vstack(blocks), np.array(starts), np.array(chosen)


def fit(x: np.ndarray, starts: np.ndarray, chosen: np.ndarray, l2: float, steps: int) -> np.ndarray:
    """The softmax choice model's weights, by Adam on the mean log-loss plus ``l2``."""
    theta = np.zeros(x.shape[1])
    theta[0] = 3.0  # start where the heuristic's move is likely
    group = np.repeat(np.arange(len(starts)), np.diff(np.append(starts, len(x))))
    y = np.zeros(len(x))
    y[chosen] = 1.0
    m, v = np.zeros_like(theta), np.zeros_like(theta)
    lr, b1, b2 = 0.05, 0.9, 0.999
    for t in range(1, steps + 1):
        s = x @ theta
        s -= np.maximum.reduceat(s, starts)[group]
        e = np.exp(s)
        p = e / np.add.reduceat(e, starts)[group]
        grad = x.T @ (p - y) / len(starts) + l2 * theta
        m = b1 * m + (1 - b1) * grad
        v = b2 * v + (1 - b2) * grad * grad
        theta -= lr * (m / (1 - b1**t)) / (np.sqrt(v / (1 - b2**t)) + 1e-8)
    return theta


def report(name: str, scorer: Scorer, rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    agree = kept = kept_of = found = found_of = departed = 0
    for r in rows:
        legal = r["legal"]
        pick = legal[scorer.pick(r["observation"], legal, r["heuristic"])].id
        agree += pick == r["played"]
        departed += pick != r["heuristic"]
        if r["played"] == r["heuristic"]:
            kept_of += 1
            kept += pick == r["played"]
        else:
            found_of += 1
            found += pick == r["played"]
    return {
        "set": name,
        "decisions": len(rows),
        "agree": round(agree / max(1, len(rows)), 4),
        "keeps": f"{kept}/{kept_of}",
        "finds": f"{found}/{found_of}",
        "departs": departed,
    }


def parse(argv: list[str]) -> argparse.Namespace:
    """The command line (a wrong one: argparse's message and usage, exit 2)."""
    ap = argparse.ArgumentParser(
        prog="tools/policy_fit.py", description="fit a scorer of Garrison's moves to hard's moves"
    )
    ap.add_argument("dumps", nargs="+", help="files written by tools/head_to_head.py --dump")
    ap.add_argument("--out", help="write the scorer here (JSON) for head_to_head --own learned:")
    ap.add_argument("--l2", type=float, default=1e-3, help="the L2 penalty (0.001)")
    ap.add_argument("--steps", type=int, default=1500, help="Adam steps (1500)")
    return ap.parse_args(argv)


def main(argv: list[str]) -> None:
    args = parse(argv)
    out, l2, steps, paths = args.out, args.l2, args.steps, args.dumps
    rows = toolkit.script("imitate").rows_of(paths)
    train = [r for r in rows if r["seed"] % 4]
    held = [r for r in rows if not r["seed"] % 4]
    zero = np.zeros(DIM)
    zero[0] = 1.0
    heuristic = Scorer(zero)
    print(json.dumps({"model": "heuristic", **report("train", heuristic, train)}), flush=True)
    print(json.dumps({"model": "heuristic", **report("held out", heuristic, held)}), flush=True)
    x, starts, chosen = design(train)
    theta = fit(x, starts, chosen, l2, steps)
    scorer = Scorer(theta)
    print(json.dumps({"model": f"learned l2={l2}", **report("train", scorer, train)}), flush=True)
    print(json.dumps({"model": f"learned l2={l2}", **report("held out", scorer, held)}))
    if out:
        Path(out).write_text(json.dumps({"dim": DIM, "theta": theta.tolist()}) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
