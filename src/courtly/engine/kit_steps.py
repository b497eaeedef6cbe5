"""The test kit's moves one by one: a game walked step by step with a copy of
the state before each move and its events as every viewer sees them, and the
kit's reading of card codes in any JSON value (``courtly.engine.testing``
puts the kit together)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from courtly import cards
from courtly.engine.actions import Action
from courtly.engine.events import WATCHERS, Event
from courtly.engine.game import Game, State
from courtly.engine.kit_play import (
    MAX_STEPS,
)


def code_pattern(valid: frozenset[str]) -> re.Pattern[str]:
    """Words that may be card codes: letters and digits, plus any other
    character the codes themselves use (Intrigue's tokens ``A+3``)."""
    pattern = _CODE_PATTERNS.get(valid)
    if pattern is None:
        extra = sorted({ch for code in valid for ch in code if not ch.isalnum()})
        pattern = re.compile("[0-9A-Za-z" + "".join(re.escape(ch) for ch in extra) + "]+")
        _CODE_PATTERNS[valid] = pattern
    return pattern


_CODE_PATTERNS: dict[frozenset[str], re.Pattern[str]] = {}


def card_codes_in(value: Any, valid: frozenset[str]) -> set[str]:
    """Every card code of ``valid`` named anywhere in a JSON value: a string that
    is a code, or a word of a longer string (notation such as "pass QS 4D", a
    log line). Words are split at every other character and matched exactly,
    case included, so a field name such as ``debt`` is not the card DEBT."""
    found: set[str] = set()
    words = code_pattern(valid).findall
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if v in valid:
                found.add(v)
            else:
                found.update(w for w in words(v) if w in valid)
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list | tuple):
            stack.extend(v)
    return found


# -- moves one by one ------------------------------------------------------------
@dataclass
class Step:
    """One move of a game: a copy of the state before it, who played what, the
    events it returned and the state after it (in ``steps``, the live state:
    valid until the next move is played)."""

    index: int
    before: State
    seat: int
    action: Action
    events: list[Event]
    after: State
    last_of_several: bool = False
    """The move was the last awaited of a decision that several seats made at
    once (the last card committed, the last pass chosen): it sets off the
    decision's outcome, which shows everyone's choices together."""
    placed: dict[int, dict[str, list[int]]] = field(default_factory=dict)
    """Where every card was when each event was made (by the event's id)."""


@contextmanager
def events_watched(state: State) -> Iterator[dict[int, dict[str, list[int]]]]:
    """While open, note where every card of ``state`` was as each event was
    made (by the event's id): an event may name a card that the rest of the
    move then shows, discards or shuffles away, but not one that stays where
    nobody may see it. Wrap one move (``state.apply``, a table's ``apply``)."""
    placed: dict[int, dict[str, list[int]]] = {}
    made: list[Event] = []  # keeps each event alive, so that its id stays its own

    def watched(event: Event) -> None:
        made.append(event)
        placed[id(event)] = state.zones()

    WATCHERS.append(watched)
    try:
        yield placed
    finally:
        WATCHERS.remove(watched)


def apply_watched(
    state: State, seat: int, action: Action
) -> tuple[list[Event], dict[int, dict[str, list[int]]]]:
    """``state.apply`` under ``events_watched``."""
    with events_watched(state) as placed:
        events = state.apply(seat, action)
    return events, placed


class _Decisions:
    """Remembers, for each decision met in a line of play, the most seats it
    awaited at once, to tell the last of a simultaneous decision."""

    def __init__(self) -> None:
        self.widest: dict[int, int] = {}
        self.alive: list[Any] = []  # keeps each decision seen, so that its id stays its own

    def last_of_several(self, state: State, seat: int) -> bool:
        top = state.pending.top
        if top is None:
            return False
        if id(top) not in self.widest:
            self.alive.append(top)
        widest = self.widest[id(top)] = max(self.widest.get(id(top), 0), len(top.waiting))
        return top.waiting == [seat] and widest > 1


def steps(game: Game, players: int, seed: int, options: Any = None) -> Iterator[Step]:
    """Every move of one random game (the moves of ``walk``), one ``Step`` each."""
    state = game.new(players=players, seed=seed, options=options)
    rng = random.Random(seed * 7919 + 1)
    decisions = _Decisions()
    index = 0
    while not state.over:
        before = state.clone()
        seats = state.to_act
        seat = seats[rng.randrange(len(seats))]
        legal = state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        last = decisions.last_of_several(state, seat)
        events, placed = apply_watched(state, seat, action)
        yield Step(index, before, seat, action, events, state, last, placed)
        index += 1
        if index > MAX_STEPS:
            raise AssertionError(f"game {game.id} seed {seed} did not end in {MAX_STEPS} steps")


def steps_of(start: State, moves: Iterable[tuple[int, Action | str | int]]) -> list[Step]:
    """The steps of playing ``moves`` (seat, action) from a copy of ``start``:
    a given line of play for the checks below (each ``after`` is its own copy).
    Start from the deal to know which moves end a simultaneous decision."""
    state = start.clone()
    decisions = _Decisions()
    out = []
    for index, (seat, move) in enumerate(moves):
        before = state.clone()
        action = move if isinstance(move, Action) else state.game.action_from_json(move)
        last = decisions.last_of_several(state, seat)
        events, placed = apply_watched(state, seat, action)
        out.append(Step(index, before, seat, action, events, state.clone(), last, placed))
    return out


def card_name(game: Game, c: int) -> str:
    """A card number of ``zones()`` as its code (a second pack's cards are
    numbered from 100 on; a custom deck's codes are its view's ``CODES``)."""
    codes = getattr(game.view, "CODES", None)
    if isinstance(codes, tuple | list) and 0 <= c < len(codes):
        return str(codes[c])
    if 0 <= c % 100 < 54:
        return cards.code(c % 100)
    return str(c)


def who(viewer: int | None) -> str:
    return "the spectator" if viewer is None else f"P{viewer}"


def seen_by(state: State, events: Sequence[Event], viewer: int | None) -> str:
    """What ``viewer`` sees of a move: its observation after it and the events
    it is shown, as one comparable string."""
    shown = [[e.kind, e.data] for e in events if e.visible_to(viewer)]
    return json.dumps([state.observation(viewer), shown], sort_keys=True, default=str)
