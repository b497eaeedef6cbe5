"""Agincards: what a position is worth to each seat, for a search cut
short (``courtly.bots.evaluation``), and what a finished game is worth
(``outcome``: by rank, and alone against a par score)."""

from __future__ import annotations

from typing import Any

from courtly.bots.evaluation import Par, soft_ranks

PAR = 250.0
"""A seat alone is measured against about the ``normal`` bot's mean
solitaire score: 249 over seeds 0-199, standard deviation 47, from 33 to 373
(BENCHMARKS.md, "Agincards solitaire: a value that sees the score")."""
SCALE = 30.0
"""Points over which a solitaire score's value moves (``Par.scale``): about
the spread of solitaire scores, so that a search tells 20 points apart near
par (0.17 apart) and still tells 10 apart 100 from par (0.01 apart)."""
RATE = 5.0
"""Points the rest of a solitaire game brings, for each card still to play
(the deck and the hand) beyond the last ``LAST`` (fit to ``normal``'s games:
it brings 9 points from its last 5 cards, 80 from its last 20, 175 from its
last 40; the projection errs by 31 points, root mean square)."""
LAST = 4
"""The last cards of a game, which seldom find a place that scores."""

outcome = Par(PAR, SCALE, "about the normal bot's average")
"""A finished game is worth its rank between two or more seats (``rewards``),
and alone its score against par (``Game.plugins.outcome``: solitaire has no
places: "you are just trying to score as high as you can")."""


def evaluate(state: Any) -> list[float]:
    """Points from runs and tokens so far, plus a little for the tokens still
    in hand (each may score a run later); a seat alone also by what the cards
    still to come may bring (``RATE``), against par (``outcome``)."""
    projected = [state.score[s] + 0.5 * state.tokens[s] for s in range(state.players)]
    if state.players == 1:
        cards = len(state.deck) + len(state.hands[0])
        return [outcome.value(projected[0] + RATE * max(0, cards - LAST))]
    return soft_ranks(projected, 5.0)
