"""Garrison, for a search: what a position is worth to each seat when a
rollout is cut short (``courtly.bots.evaluation``), what a finished game is
worth (``outcome``) and the ``hard`` level's guard (``GUARD``)."""

from __future__ import annotations

from typing import Any

from courtly.bots.evaluation import soft_ranks
from courtly.bots.guard import Guard
from courtly.bots.tree import wins

outcome = wins
"""A finished game is worth its win alone (``Game.plugins.outcome``): the first
keep to reach the target wins (GAR-10), and the rules rank no other place."""

GUARD = Guard(candidates=6, steps=200)
"""Garrison's ``hard`` guard (``Game.plugins.guard``): six of the search's
most visited moves checked against the heuristic's, not the level's two. A
decision is cheap here (``hard`` reaches the level's ceiling of 5,000
iterations a second of ``think`` in about 0.5 s of CPU, compiled), so at one
second the guard compares about 300 worlds, room for every sensible move of a
three-card hand; rollouts of 200 decisions finish most games (about 175
decisions between four ``normal`` seats). With ``outcome``, 28 wins in 80
games against three ``normal`` seats (1.40x the fair share) where the
level's guard won 24, on the same seeds: not separated (BENCHMARKS.md,
"Garrison's `hard` at a second's budget")."""


def evaluate(state: Any) -> list[float]:
    """The keep's value, plus a little for the cards in hand (spies and the
    means to upgrade or fend), minus the sieges laid against the keep."""
    projected = []
    for seat in range(state.players):
        siege = len(state.siege[seat])
        projected.append(state.keep_value(seat) + 0.5 * len(state.hands[seat]) - 0.5 * siege)
    return soft_ranks(projected, 4.0)
