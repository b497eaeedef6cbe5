"""The pieces of a search's trees and verdicts: nodes, regret matching at a
simultaneous node, move values, results."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from courtly.engine.actions import Action
from courtly.engine.game import State

Evaluation = Callable[[State], list[float]]
"""A position's value for every seat, each in [0, 1]."""


@dataclass(frozen=True)
class MoveValue:
    """One legal move after a search: how often it was tried and its mean result
    for the searching seat (0 last place .. 1 first; None: never tried)."""

    action: Action
    visits: int
    value: float | None
    then: tuple[Action, ...] = ()
    """The moves after it that its value is of: the rest of a line its guard
    compared whole (``Guard.lines``: Garrison's win within the turn)."""

    def __reduce__(self) -> tuple[Any, ...]:
        # Compiled, a frozen dataclass cannot be unpickled field by field: made
        # again from its fields (the server's search workers send it back).
        return (MoveValue, (self.action, self.visits, self.value, self.then))


@dataclass(frozen=True)
class Analysis:
    """A search's verdict on a decision: every legal move, the chosen one first."""

    moves: list[MoveValue]
    iterations: int
    seconds: float

    @property
    def best(self) -> Action:
        return self.moves[0].action

    def __reduce__(self) -> tuple[Any, ...]:
        return (Analysis, (self.moves, self.iterations, self.seconds))


def verdict_order(moves: list[MoveValue], best: int) -> list[MoveValue]:
    """``moves`` in the order a verdict shows them: the move chosen (action id
    ``best``) first, then the most tried, and of moves tried as often the
    higher valued (a hint never lists 48% above 52% on equal tries)."""
    return sorted(
        moves,
        key=lambda m: (
            m.action.id != best,
            -m.visits,
            -(m.value if m.value is not None else -1.0),
        ),
    )


class Node:
    """An edge into a tree and the node below it, keyed by (seat, observed move).

    ``regret`` and ``strategy`` serve regret matching at simultaneous nodes:
    the move's cumulative regret and its weight in the average strategy."""

    __slots__ = (
        "available",
        "children",
        "grown",
        "regret",
        "seen",
        "strategy",
        "total",
        "visits",
    )

    def __init__(self) -> None:
        self.children: dict[tuple[int, int], Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 1
        self.regret = 0.0
        self.strategy = 0.0
        self.seen = 0  # times the tree's seat chose a move here
        self.grown = 0  # moves it has tried here (progressive widening)

    def child(self, key: tuple[int, int]) -> Node:
        """The child under ``key``, made if new (an edge another seat followed)."""
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = Node()
        return node


Regret = tuple[int, list[Node], Node, float]
"""A regret-matching choice to credit once the iteration's values are known:
the seat, the edges of its moves, the edge drawn, and its probability."""


def regret_match(
    node: Node, seat: int, legal: Sequence[Action], rng: random.Random, gamma: float
) -> tuple[Action, Node, bool, Regret]:
    """Regret matching over ``seat``'s moves at a simultaneous ``node``
    (Lanctot et al. 2013): a move drawn from the positive regrets mixed with
    ``gamma`` uniform exploration; the average strategy (``Node.strategy``)
    accumulates the unexplored mix. The move, its edge, whether an edge is new,
    and the choice to credit (``credit_regrets``)."""
    children = node.children
    new = False
    options: list[Node] = []
    for a in legal:
        child = children.get((seat, a.id))
        if child is None:
            child = children[(seat, a.id)] = Node()
            new = True
        else:
            child.available += 1
        options.append(child)
    k = len(options)
    positive = [ch.regret if ch.regret > 0 else 0.0 for ch in options]
    total = sum(positive)
    if total > 0:
        probs = [(1 - gamma) * p / total + gamma / k for p in positive]
        for ch, p in zip(options, positive, strict=True):
            ch.strategy += p / total
    else:
        probs = [1.0 / k] * k
        for ch in options:
            ch.strategy += 1.0 / k
    x = rng.random()
    i = 0
    while i < k - 1 and x >= probs[i]:
        x -= probs[i]
        i += 1
    return legal[i], options[i], new, (seat, options, options[i], probs[i])


def credit_regrets(regrets: Sequence[Regret], values: Sequence[float]) -> None:
    """Credit each regret-matching choice with its seat's value ``v``: each
    move's regret grows by its sampled value (``v`` over its probability for
    the move drawn, 0 for the others) less ``v``, what the mix got."""
    for seat, options, child, prob in regrets:
        value = values[seat]
        for other in options:
            other.regret -= value
        child.regret += value / prob


def rewards(state: State) -> list[float]:
    """Each seat's result in [0, 1]: 1 for first place, 0 for last; a seat
    alone (Agincards solitaire), which has no place, by its score: 0.5 at 0,
    0.75 at 20 points, nearing 1 as the score grows."""
    n = state.players
    if n == 1:
        s = state.scores[0]
        return [0.5 + 0.5 * s / (abs(s) + 20.0)]
    return [(n - r) / (n - 1) for r in state.ranks()]


def wins(state: State) -> list[float]:
    """Each seat's result when only first place counts (a race, as Garrison):
    1 for the winner, 1/k each when k seats share first place, 0 for the rest."""
    first = state.winners
    share = 1.0 / len(first) if first else 0.0
    return [share if seat in first else 0.0 for seat in range(state.players)]
