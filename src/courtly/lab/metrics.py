"""What the lab measures in a game, from its standings (pure functions).

A *standing* is each seat's score so far; a game's standings are the scores
before the first decision and after every decision, ``D + 1`` of them for a
game of ``D`` decisions. ``docs/lab.md`` explains each measure to designers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Standings = Sequence[Sequence[float]]


def leader(scores: Sequence[float]) -> int | None:
    """The seat alone in the lead, or None when the best score is shared."""
    best = max(scores)
    top = [i for i, v in enumerate(scores) if v == best]
    return top[0] if len(top) == 1 else None


def top_tied(scores: Sequence[float]) -> bool:
    """Whether two or more seats share the best final score (a tie at the top,
    whether the win was then shared or settled by a tie-break)."""
    best = max(scores)
    return sum(1 for v in scores if v == best) > 1


def margin(scores: Sequence[float], winners: Sequence[int]) -> float:
    """The winner's score minus the best score of the others; 0 for a shared win."""
    if len(winners) != 1:
        return 0.0
    w = winners[0]
    others = [v for i, v in enumerate(scores) if i != w]
    return float(scores[w] - max(others)) if others else 0.0


def lead_changes(standings: Standings) -> int:
    """How often the lead passed from one seat to another. A tie at the top
    interrupts nobody's lead: A leads, A and B tie, A leads again is no change;
    A leads, they tie, B leads is one."""
    changes = 0
    last: int | None = None
    for scores in standings:
        now = leader(scores)
        if now is None:
            continue
        if last is not None and now != last:
            changes += 1
        last = now
    return changes


def decisiveness(standings: Standings, winner: int | None) -> float:
    """When the eventual winner took the lead for good, as a fraction of the
    game: ``k / D`` for the first standing ``k`` from which the winner leads
    alone to the end (0: led from the first decision on; 1: only the very last
    decision put them ahead). NaN for a shared win or a game without decisions."""
    n = len(standings) - 1
    if winner is None or n <= 0:
        return math.nan
    k = len(standings)
    for i in range(len(standings) - 1, -1, -1):
        if leader(standings[i]) != winner:
            break
        k = i
    return min(k, n) / n


def drama(standings: Standings, winner: int | None) -> float:
    """The largest deficit the eventual winner came back from, as a fraction of
    the largest score (in absolute value) anyone reached in the game: 0 when the
    winner was never behind. NaN for a shared win."""
    if winner is None or not standings:
        return math.nan
    scale = max((abs(v) for scores in standings for v in scores), default=0.0)
    if scale == 0:
        return 0.0
    worst = max(max(scores) - scores[winner] for scores in standings)
    return float(worst) / scale
