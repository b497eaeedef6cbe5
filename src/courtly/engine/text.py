"""Words the games' terminal screens share, so every game says the same thing
the same way."""

from __future__ import annotations

from collections.abc import Sequence

from courtly.engine.actions import Action

MOVES_SHOWN = 12
"""Legal moves listed under the table; 'moves' lists them all."""


def moves_line(legal: Sequence[Action], most: int = MOVES_SHOWN) -> str:
    """The line under a table naming the player's legal moves (Rich markup)."""
    if not legal:
        return ""
    shown = " · ".join(a.notation for a in legal[:most])
    more = f" · and {len(legal) - most} more ('moves' lists them all)" if len(legal) > most else ""
    return f"[dim]Your moves: {shown}{more}[/]"
