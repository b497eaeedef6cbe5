"""Three Tricks: the options, each with its default."""

from __future__ import annotations

from pydantic import Field

from courtly.engine.options import GameOptions


class ThreeTricksOptions(GameOptions):
    """Options of Three Tricks."""

    rounds: int = Field(3, ge=1, le=5, description="Rounds in a game.")
    exact_bonus: int = Field(5, ge=0, le=10, description="Points for taking exactly the bid.")
    trumps: bool = Field(False, description="Spades are trumps.")
