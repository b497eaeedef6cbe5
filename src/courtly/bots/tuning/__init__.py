"""What tuning a game's heuristic needs, one module per game, named by the
game's declaration (``Game.plugins.tuning``): see ``courtly.bots.tune``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

START = "start"
"""In a field, the heuristic with the starting weights: the same opponent
however the committed weights change, so that a tuning reproduces."""


@dataclass(frozen=True)
class Spec:
    """What tuning a game's heuristic needs."""

    module: str
    """The heuristic's module: ``WEIGHTS`` and a ``Greedy(game, weights=...)``."""
    start: dict[str, float]
    """The weights the tuning starts from."""
    steps: dict[str, float]
    """The first generation's step for each weight."""
    bounds: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Limits a weight must stay within."""
    field: tuple[str, ...] = ()
    """The bots a candidate is measured against, by name (``START``: the
    heuristic with the starting weights)."""
    previous: str = ""
    """The heuristic before tuning, by name, for ``--time``."""


def quarter_steps(start: Mapping[str, float], fixed: Sequence[str] = ()) -> dict[str, float]:
    """Steps of a quarter of each starting weight (at least 0.05); ``fixed``
    weights do not move."""
    return {k: 0.0 if k in fixed else max(0.05, abs(v) / 4) for k, v in start.items()}


def up_to_four_times(start: Mapping[str, float]) -> dict[str, tuple[float, float]]:
    """Bounds from 0 to four times each starting weight (at least 1)."""
    return {k: (0.0, max(1.0, abs(v) * 4)) for k, v in start.items()}
