"""Agents of the Crown: the game's options, each with its default and the ruling it
settles. A Pydantic model, so this module stays interpreted in the compiled
build (docs/developing.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from courtly.engine.options import StandardDeckOptions


class AgentsOptions(StandardDeckOptions):
    """Options of Agents of the Crown."""

    years: int = Field(4, ge=1, le=4, description="Years in a game (the text: 4).")
    noble_threat_value: Literal[10, "rank"] = Field(
        10,
        description=(
            "AOC-5: worth of a Noble in a challenge pile and as a prize: 10, or its "
            "rank (10, J 11, Q 12, K 13)."
        ),
    )
