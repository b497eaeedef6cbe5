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

A seat alone (a solitaire game) has no place to finish in. A game played
alone may declare what its score is measured against (``Par``, as its
``Game.plugins.outcome``): a seat's value is then a logistic curve of its
final score (or, cut short, its projected final score) against a par score,
the search's reckoning of its chance of beating par; a game that declares
none values a seat alone by ``rewards``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from courtly.bots.ismcts import Evaluation, rewards
from courtly.engine import plugins
from courtly.engine.game import Game, State


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


@dataclass(frozen=True)
class Par:
    """What a seat alone is measured against (a solitaire game's outcome,
    ``Game.plugins.outcome``): a finished game of one seat is worth a logistic
    curve of its score against ``score``, within about ``scale`` points
    (``value``); a game of two or more seats is valued by rank, as
    ``rewards``. A game's evaluation of a position cut short values a seat
    alone by the same curve, of the final score it projects."""

    score: float
    """The par: the score that is worth 0.5."""
    scale: float
    """How far a score's value moves from par's: 0.73 a ``scale`` above par,
    0.27 a ``scale`` below (a logistic curve of the margin over ``scale``)."""
    about: str = ""
    """Where the par comes from, for the words beneath a hint (``chance``)."""

    def __call__(self, state: State) -> list[float]:
        if state.players == 1:
            return [self.value(state.scores[0])]
        return rewards(state)

    def value(self, score: float) -> float:
        """A seat's value in [0, 1] for a (projected) final score of ``score``."""
        x = max(-30.0, min(30.0, (score - self.score) / self.scale))
        return 1.0 / (1.0 + math.exp(-x))

    @property
    def chance(self) -> str:
        """What a chance means at a table of one seat valued so."""
        about = f" ({self.about})" if self.about else ""
        return (
            f"the search's reckoning of your chance of beating a score of {self.score:g}"
            f"{about}, as solitaire has no places: 50% = a final score of about "
            f"{self.score:g} expected, higher as the expected score grows"
        )


def par_for(game: Game) -> Par | None:
    """The par a game declares for a seat alone (its outcome, when a ``Par``)."""
    found = outcome_for(game)
    return found if isinstance(found, Par) else None


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
