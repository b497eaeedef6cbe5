"""Evaluations: what a position is worth to each seat, for a search cut short.

A search (``ISMCTS``) stops its rollouts after a few decisions and values the
position reached. ``evaluation_for(game)`` gives that game's evaluation: a
function from a state to one value per seat in [0, 1], like a final result (1
first place, 0 last). Each game's evaluation projects a score per seat (the
score so far plus what the position promises), and a seat's value is the mean,
over the other seats, of its chance of finishing ahead of that seat, a logistic
curve of the projected margin (``soft_ranks``). A finished game is always
valued by its real result instead.

The evaluations read the whole state of a sampled world: in a world drawn by
``game.sample_state`` every hidden card is the search's guess, so this is the
standard determinized approach and uses nothing a real seat knows.

A game names its evaluation in its declaration (``Game.plugins.evaluation``,
a function in ``courtly/bots/evaluations/``); a game that names none has none
(the search then values a cut-off position by its standing).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from courtly.bots.ismcts import Evaluation, rewards
from courtly.engine import plugins
from courtly.engine.game import Game


def soft_ranks(projected: Sequence[float], scale: float) -> list[float]:
    """Each seat's expected share of the others it finishes ahead of, given
    projected scores known to within about ``scale`` points: in [0, 1], 1 far
    ahead of everyone, 0.5 level with everyone, 0 far behind."""
    n = len(projected)
    if n == 1:
        return [0.5 + 0.5 * math.tanh(projected[0] / scale)]
    out = []
    for i, p in enumerate(projected):
        total = 0.0
        for j, q in enumerate(projected):
            if j != i:
                x = (p - q) / scale
                x = max(-30.0, min(30.0, x))
                total += 1.0 / (1.0 + math.exp(-x))
        out.append(total / (n - 1))
    return out


def evaluation_for(game: Game) -> Evaluation | None:
    """The evaluation ``game`` declares, if any."""
    ref = game.plugins.evaluation
    if ref is None:
        return None
    found: Evaluation = plugins.load(ref)
    return found


def outcome_for(game: Game) -> Evaluation:
    """What a finished game of ``game`` is worth to each seat, as it declares
    (``Game.plugins.outcome``), else by rank (``rewards``)."""
    ref = game.plugins.outcome
    if ref is None:
        return rewards
    found: Evaluation = plugins.load(ref)
    return found
