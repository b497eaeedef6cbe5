"""Garrison: the ordinary moves of a turn (the rule text's "Play": Upgrading the
Keep, Trading at the Market, Besieging and Rebuilding, discarding), from the
legal ones to the moves as they resolve.

    legal       a turn's moves (GAR-6 to GAR-9, GAR-17, GAR-19, GAR-21, GAR-22) in a fixed
                order: end; then for each card of the hand its trades, its
                discard, its rebuilds, and its upgrades (a heart, or a club of a
                standing keep, paid with one or two diamonds) or its fends (a
                spade against each besieger); then sieges of every other court
                with each set of spades; then the spies played out of turn. A
                reaction window offers ``pass`` and, to a hand with an Ace, its
                spies (``spies.py``). The facts of the turn (the market, the
                hand's diamonds and spades, the keep's state, the options) are
                read once.
    refused     why a move cannot be made, in words for its player
                (``move_reason``) or, once declared, for every seat
                (``missing_cards``, ``target_reason``)
    resolved    a declared move once its window has closed: spent cards land
                first, a move whose cards or target are gone does nothing
                                                  (GAR-7, GAR-14, GAR-16, GAR-17)

The keep's own rules (its value, what may join it, who may besiege it, its
fall) are ``GarrisonState``'s, in rules.py.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from courtly import cards
from courtly.engine.actions import Action
from courtly.engine.events import Event
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
    GarrisonAction,
)
from courtly.games.garrison.options import VALUE

if TYPE_CHECKING:
    from courtly.games.garrison.rules import GarrisonState

CLUB, DIAMOND, HEART, SPADE = cards.CLUBS, cards.DIAMONDS, cards.HEARTS, cards.SPADES
JOKER = 52
"""Cards from 52 on are Jokers: they have no suit."""
_CODE = [cards.code(c) for c in range(54)]


# -- the legal moves -------------------------------------------------------------------
def _retakeable(st: GarrisonState, top: int) -> bool:
    """Whether a trade may take ``top``, the top card of the discard pile: any
    card (GAR-7), but for a Joker with ``retake_joker=false`` (GAR-19) and an
    Ace with ``retake_spies=false`` (GAR-22)."""
    if top >= JOKER:
        return st.options.retake_joker
    if top < 4:
        return st.options.retake_spies
    return True


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
    if discard and _retakeable(st, discard[-1]):  # GAR-19, GAR-22
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


# -- why a move is refused -------------------------------------------------------------
def move_reason(st: GarrisonState, seat: int, a: GarrisonAction) -> str | None:
    """Why the ordinary move ``a`` is not possible for ``seat`` now, told to
    that seat alone (a declared move is checked again when it resolves, by
    ``missing_cards`` and ``target_reason``, whose reasons are public)."""
    kind = a.kind
    if kind == "end":
        return None
    if st.moves >= st.options.max_moves:  # GAR-21
        return (
            f"you have made {st.moves} moves this turn, the most a turn allows "
            "(option max_moves): 'end' your turn, or play a spy"
        )
    hand = st.hands[seat]
    missing = missing_cards(st, seat, a)
    if missing:
        return f"you do not hold {' and '.join(missing)}; your hand is {_hand(hand)}"
    return target_reason(st, seat, a)


def missing_cards(st: GarrisonState, seat: int, a: GarrisonAction) -> list[str]:
    """The cards that the move ``a`` spends or plays and ``seat`` does not
    hold (public once declared: the declaration named them)."""
    needed = [a.card] if a.kind != "besiege" else []
    needed += list(a.pay)
    hand = st.hands[seat]
    return [_CODE[c] for c in needed if c not in hand]


def target_reason(st: GarrisonState, seat: int, a: GarrisonAction) -> str | None:
    """Why the move ``a``, its cards in hand, cannot be made: the reason
    names only what every seat can see."""
    kind = a.kind
    if kind == "upgrade":
        why = st.may_add(seat, a.card)
        if why:
            return why
        paid = sum(VALUE[c] for c in a.pay)
        if paid < VALUE[a.card]:  # GAR-6
            return (
                f"{cards.name(a.card)} is worth {VALUE[a.card]} but the diamonds paid "
                f"total {paid}: pay at least its value"
            )
        if st.options.spent_order == "ascending" and list(a.pay) != sorted(a.pay):
            return (
                "with spent_order=ascending the diamonds land in ascending order: write "
                f"'upgrade {_CODE[a.card]} with {_hand(sorted(a.pay))}'"
            )
        return None
    if kind == "trade":
        take = a.other
        if take in st.market:
            return None
        if st.discard and st.discard[-1] == take:
            if take >= 52 and not st.options.retake_joker:  # GAR-19
                return "with retake_joker=false a Joker in the discard pile cannot be taken"
            if take < 4 and not st.options.retake_spies:  # GAR-22
                return "with retake_spies=false an Ace in the discard pile cannot be taken"
            return None
        return (
            f"{_CODE[take]} is neither in the market ({_hand(m for m in st.market if m >= 0)}) "
            f"nor the top of the discard pile "
            f"({_CODE[st.discard[-1]] if st.discard else 'empty'})"
        )
    if kind == "besiege":
        return st.besiegeable(seat, a.target)
    if kind == "fend":
        if a.other not in st.siege[seat]:
            besiegers = st.siege[seat]
            return f"{_CODE[a.other]} is not besieging your keep; " + (
                f"its besiegers are {_hand(besiegers)}" if besiegers else "nothing besieges it"
            )
        return None
    if kind == "rebuild":
        if a.other not in st.fallen[seat]:
            fallen = st.fallen[seat]
            return f"{_CODE[a.other]} is not a face-down heart of your keep; " + (
                f"those are {_hand(fallen)}" if fallen else "it has none"
            )
        return None
    return None  # discard


# -- the moves, as they resolve --------------------------------------------------------
def resolve(st: GarrisonState, seat: int, a: GarrisonAction) -> list[Event]:
    """Carry out a declared move once its window has closed. Spent cards go
    to the discard pile first; a move whose cards or targets are gone does
    nothing (GAR-14); a Joker spent or discarded fires afterwards (GAR-3,
    GAR-16). ``end`` is resolved by ``GarrisonState.resolve_move``."""
    # The public reason never lists the mover's hand (its new cards are hidden).
    missing = missing_cards(st, seat, a)
    why = (
        f"{' and '.join(missing)} no longer in P{seat}'s hand"
        if missing
        else target_reason(st, seat, a)
    )
    if why is not None:
        return (
            [] if st.quiet else [Event("fizzled", {"seat": seat, "move": a.notation, "why": why})]
        )
    kind = a.kind
    events: list[Event] = []
    if not st.quiet:
        events.append(Event("move", {"seat": seat, "move": a.notation}))
    joker = -1
    if kind == "upgrade":
        for d in a.pay:  # GAR-17: in the order named, the last on top
            st._from_hand(seat, d)
            st.discard.append(d)
        st._from_hand(seat, a.card)
        (st.court if a.card & 3 == HEART else st.garrison)[seat].append(a.card)
        events += st._check_win(seat)
    elif kind == "trade":
        take = a.other
        # GAR-7: the card taken is fixed before the spent card lands.
        if take in st.market:
            st.market[st.market.index(take)] = -1
        else:
            st.discard.pop()
        st._from_hand(seat, a.card)
        st.discard.append(a.card)
        st.hands[seat].append(take)
        st.known[seat].append(take)
        joker = a.card
    elif kind == "besiege":
        for c in a.pay:
            st._from_hand(seat, c)
            st.siege[a.target].append(c)
            st.siege_by[a.target].append(seat)
    elif kind == "fend":
        st._from_hand(seat, a.card)
        st.discard.append(a.card)
        i = st.siege[seat].index(a.other)
        st.siege[seat].pop(i)
        st.siege_by[seat].pop(i)
        st.discard.append(a.other)
    elif kind == "rebuild":
        st._from_hand(seat, a.card)
        st.discard.append(a.card)
        st.fallen[seat].remove(a.other)
        st.court[seat].append(a.other)
        joker = a.card
        events += st._check_win(seat)
    elif kind == "discard":
        st._from_hand(seat, a.card)
        st.discard.append(a.card)
        joker = a.card
    if joker >= 52 and not st.ended:
        events += spies.joker_fires(st, seat, joker, "hand")
    return events


def _hand(cs: Any) -> str:
    shown = " ".join(_CODE[c] for c in cs)
    return shown or "empty"
