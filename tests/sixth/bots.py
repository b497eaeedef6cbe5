"""Three Tricks: a greedy bot (the ``normal`` level): bids the cards it holds
that are Aces or Kings, and plays its strongest card while it still needs
tricks, its weakest once it has its bid."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from courtly import cards
from courtly.bots.base import Bot
from courtly.engine.actions import Action
from tests.sixth.actions import CARD, STRENGTH, VALUE


class Greedy(Bot):
    name = "greedy"

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        moves = list(legal)
        if moves[0].kind == "bid":
            high = sum(1 for c in observation["hand"] if STRENGTH[cards.card(c)] >= 4)
            return next(a for a in moves if VALUE[a.id] == high)
        seat = observation["seat"]
        need = (observation["bids"][seat] or 0) > observation["taken"][seat]
        ranked = sorted(moves, key=lambda a: STRENGTH[CARD[a.id]])
        return ranked[-1] if need else ranked[0]
