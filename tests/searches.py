"""Searches a test sets: ``ISMCTS.search`` replaced, so that a hint or a
review shows the figures the test chose."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from courtly.bots.ismcts import ISMCTS, Analysis, MoveValue
from courtly.engine.actions import Action

Search = Callable[[ISMCTS, Mapping[str, Any], Sequence[Action], random.Random], Analysis]


def thin(tries: int) -> Search:
    """Every legal move tried ``tries`` times: the first (the search's choice)
    rated 0.5, every other 0.7."""

    def search(
        bot: ISMCTS, observation: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Analysis:
        moves = [MoveValue(legal[0], tries, 0.5)] + [MoveValue(a, tries, 0.7) for a in legal[1:]]
        return Analysis(moves=moves, iterations=tries * len(legal), seconds=0.01)

    return search
