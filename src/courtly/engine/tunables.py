"""Numbers a designer lets the lab tune: ``courtly lab tune`` searches them.

A game declares its tunable numbers on its ``Game`` (``tunables``), each an
integer option of the game with the range worth searching and, where the
number depends on the player count in the rule text (Garrison's target
table), ``per_players``: the search then picks one value per player count.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Tunable:
    """An integer option of a game worth tuning."""

    option: str
    """The option's name (an integer option of the game's ``Options``)."""
    low: int
    high: int
    step: int = 1
    per_players: bool = False
    """One value per player count (the option then overrides the text's
    per-player-count value for the count it is played at)."""
    text: Callable[[int], int] | None = None
    """The rule text's value at a player count (the search's first trial);
    None: the option's default is the text's value."""
    about: str = ""
    """What the number is, in the designer's words."""

    def text_value(self, players: int, default: int) -> int:
        return self.text(players) if self.text is not None else default
