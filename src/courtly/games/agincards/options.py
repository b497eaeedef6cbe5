"""Agincards: the game's options, each with its default and the ruling it
settles. A Pydantic model, so this module stays interpreted in the compiled
build (docs/developing.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from courtly.engine.options import StandardDeckOptions
from courtly.games.agincards.map import MAX_REACH


class AgincardsOptions(StandardDeckOptions):
    """Options of Agincards."""

    decks: Literal[1, 2] = Field(
        1,
        description="Packs shuffled together: 1, or 2 for more cards (needed for 5-8 players).",
    )
    reclaim: Literal["auto", "manual"] = Field(
        "auto",
        description=(
            "AGI-7: a token that can no longer score returns to its owner at once "
            "(auto), or only when its owner reclaims it on their turn (manual)."
        ),
    )
    table: int = Field(
        0,
        ge=0,
        le=2 * MAX_REACH + 1,
        description=(
            "AGI-9: 0 (the text) plays on a table with no edge; an odd size such as 25 "
            "plays on a square of that many cells a side centred on the seed card, "
            "whose edge blocks a run end like dead space (a house rule)."
        ),
    )
    late_reclaim: bool = Field(
        False,
        description=(
            "AGI-10: false (the text): tokens a placement leaves with nowhere to grow "
            "return before its token decision, so one may go on the card just played; "
            "true: the token decision comes first and freed tokens return after it."
        ),
    )

    @field_validator("table")
    @classmethod
    def _odd_table(cls, v: int) -> int:
        if v and (v < 3 or v % 2 == 0):
            raise ValueError(
                "the table is 0 (no edge) or an odd number of cells a side, 3 or more, "
                "so that the seed card sits in its middle"
            )
        return v
