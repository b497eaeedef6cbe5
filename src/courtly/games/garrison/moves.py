"""Garrison: every legal move of a seat, per decision kind.

A turn's moves (GAR-6 to GAR-9, GAR-17, GAR-19) in a fixed order: end; then
for each card of the hand its trades, its discard, its rebuilds, and its
upgrades (a heart, or a club of a standing keep, paid with one or two
diamonds) or its fends (a spade against each besieger); then sieges of every
other court with each set of spades; then the spies played out of turn. A
reaction window offers ``pass`` and, to a hand with an Ace, its spies
(``spies.py``). The facts of the turn (the market, the hand's diamonds and
spades, the keep's state, the options) are read once.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from courtly import cards
from courtly.engine.actions import Action
from courtly.games.garrison import spies
from courtly.games.garrison.actions import (
    BESIEGE,
    DISCARD,
    END,
    FEND,
    PASS,
    REBUILD,
    TRADE,
    UPGRADE,
)
from courtly.games.garrison.options import VALUE

if TYPE_CHECKING:
    from courtly.games.garrison.rules import GarrisonState

CLUB, DIAMOND, HEART, SPADE = cards.CLUBS, cards.DIAMONDS, cards.HEARTS, cards.SPADES
JOKER = 52
"""Cards from 52 on are Jokers: they have no suit."""


def turn_actions(st: GarrisonState, seat: int) -> list[Action]:
    hand = st.hands[seat]
    out: list[Action] = [END]
    if not hand:
        return out
    if st.moves >= st.options.max_moves:  # GAR-21: only the end, or a spy
        for c in hand:
            if c < 4:
                out += spies.spy_actions(st, seat, in_window=False)
                break
        return out
    fallen = st.fallen[seat]
    siege = st.siege[seat]
    market: list[int] = []
    for m in st.market:
        if m >= 0:
            market.append(m)
    discard = st.discard
    if discard and (discard[-1] < JOKER or st.options.retake_joker):  # GAR-19
        market.append(discard[-1])
    standing = not fallen
    razed = bool(fallen) and not st.court[seat]  # no heart of the court left
    diamonds: list[int] = []
    spades: list[int] = []
    for c in hand:
        if c < JOKER:
            s = c & 3
            if s == DIAMOND:
                diamonds.append(c)
            elif s == SPADE:
                spades.append(c)
    chosen = st.options.spent_order == "chosen"  # GAR-17
    for c in hand:
        row = TRADE[c]
        for m in market:
            out.append(row[m])  # type: ignore[arg-type]
        out.append(DISCARD[c])  # type: ignore[arg-type]
        if fallen:
            rebuild = REBUILD[c]
            for h in fallen:
                out.append(rebuild[h])  # type: ignore[arg-type]
        if c >= JOKER:
            continue
        s = c & 3
        if diamonds and (s == HEART or (s == CLUB and standing)) and not razed:
            v = VALUE[c]
            k = len(diamonds)
            for i in range(k):
                d = diamonds[i]
                if VALUE[d] >= v:
                    out.append(UPGRADE[(c, (d,))])
                for j in range(i + 1, k):
                    e = diamonds[j]
                    if VALUE[d] + VALUE[e] >= v:
                        out.append(UPGRADE[(c, (d, e) if d < e else (e, d))])
                        if chosen:
                            out.append(UPGRADE[(c, (e, d) if d < e else (d, e))])
        elif s == SPADE and siege:
            fend = FEND[c]
            for b in siege:
                out.append(fend[b])  # type: ignore[arg-type]
    if spades:
        spades.sort()
        k = len(spades)
        subsets: list[tuple[int, ...]] = []
        for x in spades:
            subsets.append((x,))
        for i in range(k):
            for j in range(i + 1, k):
                subsets.append((spades[i], spades[j]))
        if k == 3:
            subsets.append(tuple(spades))
        court = st.court
        for t in range(st.n):
            if t != seat and court[t]:
                for sub in subsets:
                    out.append(BESIEGE[(t, sub)])
    for i in range(min(3, len(hand))):  # a hand holds at most three cards
        if hand[i] < 4:  # an Ace: its spy may be played out of turn
            out += spies.spy_actions(st, seat, in_window=False)
            break
    return out


def random_answer(st: GarrisonState, seat: int, rng: random.Random) -> Action:
    """A uniform random answer in a reaction window: ``pass`` at once to a hand
    without an Ace (most answers), else one of the listed moves."""
    for c in st.hands[seat]:
        if c < 4:
            legal = spies.reaction_actions(st, seat)
            return legal[rng.getrandbits(32) % len(legal)] if len(legal) > 1 else legal[0]
    return PASS
