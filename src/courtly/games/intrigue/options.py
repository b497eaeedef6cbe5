"""Intrigue: the game's options, each with its default and the ruling it
settles. A Pydantic model, so this module stays interpreted in the compiled
build (docs/developing.md)."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import Field, field_validator

from courtly.engine.options import GameOptions
from courtly.games.intrigue import cards as C


class IntrigueOptions(GameOptions):
    """Options of Intrigue."""

    stacking: ClassVar[frozenset[str]] = frozenset({"deck"})

    hand_size: int = Field(
        5, ge=1, le=8, description="INT-2: cards dealt to each player each round."
    )
    rounds: int = Field(3, ge=1, le=5, description="INT-10: rounds in a game (the text: 3).")
    leftover_hands: Literal["return", "keep"] = Field(
        "return",
        description=(
            "INT-11: cards left in hands at the end of a round are reshuffled into the "
            "deck ('return') or kept, the new deal adding to them ('keep')."
        ),
    )
    assassinated: Literal["gone", "unused"] = Field(
        "gone",
        description=(
            "INT-12: an assassinated character leaves the game ('gone') or joins the "
            "unused characters and may come back ('unused')."
        ),
    )
    next_round_starts: Literal["rotate", "continue"] = Field(
        "rotate",
        description=(
            "INT-13: who starts a new round: the player left of the last round's first "
            "player ('rotate'), or left of the player who took the last turn ('continue')."
        ),
    )
    idle_actions: Literal["allowed", "forbidden"] = Field(
        "allowed",
        description=(
            "INT-14: an Action with nothing to act on may still be played, for no effect "
            "('allowed'), or only face down ('forbidden')."
        ),
    )
    spy_reveal: Literal["shown", "face_up"] = Field(
        "shown",
        description=(
            "INT-18: the card a Spy reveals is shown to everyone and stays face down, so "
            "Virtue may still reveal and discard it ('shown'), or stays face up ('face_up')."
        ),
    )
    last_card: Literal["ends", "resolves"] = Field(
        "ends",
        description=(
            "INT-19: the round is over as soon as a player's last card leaves the hand, "
            "before its text takes effect ('ends'), or once that card has been resolved, "
            "going on if it drew cards ('resolves')."
        ),
    )
    deck: list[str] | None = Field(
        None,
        description=(
            "A stacked draw deck for the first round: all 24 deck card codes, top first "
            "(dealt in blocks of hand_size to seat 0, 1, 2, the rest is the draw pile); "
            "none (the default): shuffled."
        ),
    )
    characters: list[str] | None = Field(
        None,
        description=(
            "The Characters, by code: the first three are A, B, C, the fourth the unused "
            "one (three may be given; the one left out is unused); none (the default): "
            "drawn at random."
        ),
    )

    @field_validator("deck", mode="before")
    @classmethod
    def _read_deck(cls, value: Any) -> Any:
        if value is None:
            return None
        if isinstance(value, str):
            value = value.replace(",", " ").split()
        codes = [str(v).upper() for v in value]
        bad = [v for v in codes if not 0 <= C.BY_CODE.get(v, -1) < C.DECK_SIZE]
        if bad:
            raise ValueError(f"{', '.join(bad)} not deck card codes")
        if sorted(codes) != sorted(C.CODES[: C.DECK_SIZE]):
            raise ValueError("a stacked deck holds each of the 24 deck cards exactly once")
        return codes

    @field_validator("characters", mode="before")
    @classmethod
    def _read_characters(cls, value: Any) -> Any:
        if value is None:
            return None
        if isinstance(value, str):
            value = value.replace(",", " ").split()
        codes = [str(v).upper() for v in value]
        names = [c.code for c in C.CHARACTERS]
        if any(v not in names for v in codes) or len(set(codes)) != len(codes):
            raise ValueError(f"characters are distinct codes among {', '.join(names)}")
        if len(codes) not in (3, 4):
            raise ValueError("give three or four characters")
        return codes
