"""Scenario helpers: a table set exactly as a test needs it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from courtly.games.intrigue import GAME
from courtly.games.intrigue import cards as C
from courtly.games.intrigue.rules import IntrigueState

LETTER = {"A": 0, "B": 1, "C": 2}


def table(
    characters: Sequence[str] = ("PRINCESS", "DUKE", "BISHOP"),
    hands: Sequence[Sequence[str]] = (("PUB1",), ("PUB2",), ("PUB3",)),
    stacks: Mapping[str, Sequence[tuple[str, int, bool]]] | None = None,
    rels: Mapping[str, tuple[str, str]] | None = None,
    discard: Sequence[str] = (),
    deck_top: Sequence[str] = (),
    tokens: Mapping[str, int] | None = None,
    turn: int = 0,
    seed: int = 1,
    **options: Any,
) -> IntrigueState:
    """A game in round 1 with these hands, stacks (letter -> [(code, by, up)]),
    relationships (card -> (left, right)), discard, deck top (first is drawn first;
    every card not placed lies below), tokens (code -> seat), ``turn`` to act."""
    s = GAME.new(players=3, seed=seed, options={"characters": list(characters), **options})
    assert isinstance(s, IntrigueState)
    used: list[int] = []
    s.hands = [[C.BY_CODE[c] for c in h] for h in hands]
    for h in s.hands:
        used += h
    s.stacks, s.stack_by, s.stack_up = [[], [], []], [[], [], []], [[], [], []]
    for letter, entries in (stacks or {}).items():
        x = LETTER[letter]
        for code, by, up in entries:
            s.stacks[x].append(C.BY_CODE[code])
            s.stack_by[x].append(by)
            s.stack_up[x].append(up)
            used.append(C.BY_CODE[code])
    s.stack_shown = [[False] * len(cs) for cs in s.stacks]
    s.rel_card, s.rel_cw = [-1, -1, -1], [True, True, True]
    for code, (lt, rt) in (rels or {}).items():
        c = C.BY_CODE[code]
        p = C.pair_of(LETTER[lt], LETTER[rt])
        s.rel_card[p] = c
        s.rel_cw[p] = LETTER[lt] == C.PAIRS[p][0]
        used.append(c)
    s.discard = [C.BY_CODE[c] for c in discard]
    used += s.discard
    top = [C.BY_CODE[c] for c in deck_top]
    used += top
    assert len(set(used)) == len(used), "a card is placed twice"
    rest = [c for c in range(C.DECK_SIZE) if c not in used]
    s.deck = rest + list(reversed(top))
    s.tokens = [-1] * 6
    for code, seat in (tokens or {}).items():
        s.tokens[C.TOKEN_CODES.index(code)] = seat
    s.pending.items.clear()
    s.turn = turn
    s.pending.push("turn", [turn])
    return s


def codes(cards: Sequence[int]) -> list[str]:
    return [C.CODES[c] for c in cards]


def stack(s: IntrigueState, letter: str) -> list[str]:
    return codes(s.stacks[LETTER[letter]])
