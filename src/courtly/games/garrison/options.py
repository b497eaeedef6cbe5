"""Garrison: options, card values and targets (GAR-1, GAR-2, GAR-3, GAR-12)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from courtly import cards
from courtly.engine.errors import OptionError
from courtly.engine.options import StandardDeckOptions

TARGETS: dict[str, tuple[int, int, int, int, int]] = {
    # players:   2   3   4   5   6          (GAR-2: the text's table)
    "quick": (30, 30, 30, 25, 20),
    "medium": (40, 40, 35, 30, 30),
    "long": (50, 50, 45, 40, 40),
}


def card_value(c: int) -> int:
    """GAR-2: number cards face value, J/Q/K 10, Ace 11; a Joker 0 (GAR-3)."""
    if c >= 52:
        return 0
    r = (c >> 2) + 1
    return 11 if r == 1 else min(r, 10)


VALUE: tuple[int, ...] = tuple(card_value(c) for c in range(54))


def target(length: str, players: int) -> int:
    return TARGETS[length][players - 2]


def quick_target(players: int) -> int:
    """The text's quick target at a player count (the default length)."""
    return target("quick", players)


class GarrisonOptions(StandardDeckOptions):
    """Options of Garrison."""

    length: Literal["quick", "medium", "long"] = Field(
        "quick",
        description="GAR-2: game length; with the player count it picks the target from the text's table.",
    )
    target: int = Field(
        0,
        ge=0,
        le=1000,
        description=(
            "GAR-2: 0 (the text): the target comes from the text's table by length and "
            "player count; a number: that target instead (a designer's variant)."
        ),
    )
    jokers: Literal[0, 1, 2] = Field(1, description="GAR-1: Jokers in the deck (X1, X2).")
    joker_hits_trigger: bool = Field(
        False,
        description=(
            "GAR-3: whether the Joker's disaster can fell the keep of the player who "
            "drew or discarded it (false: that player is exempt)."
        ),
    )
    retake_joker: bool = Field(
        True,
        description=(
            "GAR-19: whether a Joker on top of the discard pile may be taken by a trade "
            "(true, the text: any card may be traded for, and a Joker fires whenever it is "
            "discarded, so it fires again); false: a Joker in the discard pile stays there."
        ),
    )
    retake_spies: bool = Field(
        True,
        description=(
            "GAR-22: whether an Ace on top of the discard pile may be taken by a trade "
            "(true, the text: any card may be traded for, so a spy played and discarded "
            "can be taken back and played again, even in the same turn); false: an Ace "
            "in the discard pile stays there (the Smuggler may still smuggle the heart "
            "or club Ace into a keep)."
        ),
    )
    disaster_joker_fires: bool = Field(
        True,
        description=(
            "GAR-20: whether a Joker discarded from a hand by a disaster fires in turn "
            "(true, the text: a discarded Joker fires; its holder is the one who discarded "
            "it); false: the disaster discards it without effect."
        ),
    )
    spent_order: Literal["chosen", "ascending"] = Field(
        "chosen",
        description=(
            "GAR-17: the order in which two diamonds spent on an upgrade land on the "
            "discard pile (chosen: as the mover names them, the last on top, as the "
            "text's 'in any order'; ascending: always in ascending card order)."
        ),
    )
    max_moves: int = Field(
        10,
        ge=1,
        le=1000,
        description=(
            "GAR-21: the most moves a player makes in one turn (its end and spies not "
            "counted); then only 'end' (or a spy) is left. The text allows 'any number', "
            "and trades card for card could go on for ever."
        ),
    )
    max_rounds: int = Field(
        100,
        ge=1,
        le=10_000,
        description=(
            "GAR-12: the game stops after this many rounds (every seat has had that "
            "many turns); the highest keep then wins, ties shared."
        ),
    )


def check_stacked(stacked: list[int], full: list[int], jokers: int) -> None:
    """A stacked deck names each card once, and only cards the deck has."""
    if len(set(stacked)) != len(stacked):
        raise OptionError("the stacked deck names a card twice; each card is in the deck once")
    extra = [c for c in stacked if c not in full]
    if extra:
        raise OptionError(
            f"the stacked deck names {' '.join(cards.code(c) for c in extra)}, which is not in a "
            f"deck with jokers={jokers}; raise 'jokers' or leave it out"
        )
