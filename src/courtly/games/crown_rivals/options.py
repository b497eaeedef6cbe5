"""Crown Rivals: the game's options, each with its default and the ruling it
settles. A Pydantic model, so this module stays interpreted in the compiled
build (docs/developing.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from courtly.engine.options import StandardDeckOptions


class CrownOptions(StandardDeckOptions):
    """Options of Crown Rivals."""

    jack_value: Literal[11, 10] = Field(
        11,
        description=(
            "CRR-3: what a Jack counts (for its ability, currency, cost, boosts and "
            "parity): 11 as the main text says twice, or 10 as the quick reference says."
        ),
    )
    boost_diamonds_pair: bool = Field(
        True,
        description=(
            "CRR-5: a diamond played as a boost also counts, at face value, toward "
            "Diamonds odd/even pairs (false: only diamonds played alone count)."
        ),
    )
    start_influence: int = Field(
        50,
        ge=1,
        le=99,
        description=(
            "The Influence each rival starts with (the text: 50; another number is a "
            "designer's variant); 0 still loses and 100 still wins."
        ),
    )
    turn_limit: int = Field(
        200,
        ge=0,
        description=(
            "CRR-11: the game ends after this many turns (both seats' together) and "
            "the higher Influence wins, a tie is shared; 0 means no limit."
        ),
    )
