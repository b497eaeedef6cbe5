"""Crown Rivals: the suit abilities and the odd/even bonuses (the rule text's
"Suit Abilities" and "Odd/Even Bonuses").

    Damage      a club adds its value to the pool of damage, which clears
                opposing spades and reaches Influence once none is left
                                                          (CRR-1, CRR-6, CRR-12)
    Heal        a heart adds its value to its player's Influence         (CRR-1)
    Supporters  a spade stays in play, its diamond under it      (CRR-1, CRR-13)
    Boost       a diamond played with a heart, club or spade boosts it by the
                text's table (``actions.boosted``)               (CRR-4, CRR-13)
    Jacks       each Jack played asks for a market trash, which rules.py
                carries out with the market                      (CRR-7, CRR-16)
    Bonuses     two odd or two even cards of a suit played for abilities earn
                one bonus: Clubs the opponent discards, Hearts draw, Spades
                remove an opposing spade, Diamonds trash a card
                                                          (CRR-2, CRR-5, CRR-14)

``CrownState.play`` in rules.py calls here for the ``play``, ``clear``, ``bonus``
and ``discard`` actions. Ruling ids (``CRR-n``) refer to this game's RULES.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from courtly import cards
from courtly.engine.events import Event
from courtly.games.crown_rivals.actions import (
    CLUBS,
    DIAMONDS_SUIT,
    HEARTS,
    IS_JACK,
    SPADES_SUIT,
    boosted,
)

if TYPE_CHECKING:
    from courtly.games.crown_rivals.rules import CrownState


# -- Suit abilities (CRR-1, CRR-4, CRR-13) ---------------------------------------------
def play_card(s: CrownState, seat: int, c: int, d: int) -> list[Event]:
    """Play ``c`` for its suit ability, boosted by the diamond ``d`` (or -1)."""
    hand = s.hands[seat]
    hand.remove(c)
    value = s.values[c]
    suit = c & 3
    if d >= 0:
        hand.remove(d)
        dv = s.values[d]
        value = boosted(value, dv)
        if s.options.boost_diamonds_pair:  # CRR-5
            _count(s, DIAMONDS_SUIT, dv)
    _count(s, suit, value)  # CRR-4: a boosted card uses its boosted value
    s.plays.append([c, d, value])
    events: list[Event] = []
    if not s.quiet:
        data: dict[str, Any] = {"seat": seat, "card": cards.code(c), "value": value}
        if d >= 0:
            data["boost"] = cards.code(d)
        events.append(Event("play", data))
    if suit == SPADES_SUIT:
        # Supporters stay in play, the boosting diamond under them.
        s.supporters[seat].append(c)
        s.sup_boost[seat].append(d)
        s.sup_value[seat].append(value)
    else:
        s.in_play.append(c)
        if d >= 0:
            s.in_play.append(d)
        if suit == CLUBS:
            s.pool += value
            events += _strike(s, seat)
        elif suit == HEARTS:
            s.influence[seat] += value
            if not s.quiet:
                events.append(Event("heal", {"seat": seat, "amount": value}))
            events += s._check_end()
    if s.pending.items and any(m >= 0 for m in s.market):
        # CRR-7: each Jack played for its ability may trash a market card.
        for j in (c, d):
            if j >= 0 and IS_JACK[j]:
                s.pending.push("jack_trash", [seat])
    return events


def _count(s: CrownState, suit: int, value: int) -> None:
    if value & 1:
        s.odd[suit] += 1
    else:
        s.even[suit] += 1


def _strike(s: CrownState, seat: int) -> list[Event]:
    """CRR-12: pooled damage reaches Influence once no opposing spade is left."""
    opp = 1 - seat
    if not s.pool or s.supporters[opp]:
        return []
    amount, s.pool = s.pool, 0
    s.influence[opp] -= amount
    if s.quiet:
        return s._check_end()
    return [Event("damage", {"seat": opp, "amount": amount}), *s._check_end()]


def clear(s: CrownState, seat: int, spade: int) -> list[Event]:
    """CRR-6: pooled Club damage clears a spade (with its diamond boost)."""
    opp = 1 - seat
    value = s.spade_value(opp, spade)
    s.pool -= value
    events: list[Event] = []
    if not s.quiet:
        events.append(Event("clear", {"seat": seat, "spade": cards.code(spade), "value": value}))
    _remove_spade(s, opp, spade)
    return events + _strike(s, seat)


def _remove_spade(s: CrownState, owner: int, spade: int) -> None:
    i = s.supporters[owner].index(spade)
    s.supporters[owner].pop(i)
    d = s.sup_boost[owner].pop(i)
    s.sup_value[owner].pop(i)
    s.discards[owner].append(spade)
    if d >= 0:
        s.discards[owner].append(d)


# -- Odd/even bonuses (CRR-2, CRR-5, CRR-14) -------------------------------------------
def claim_bonus(s: CrownState, seat: int, suit: int, c: int) -> list[Event]:
    """Claim an earned bonus of ``suit``; ``c`` is the spade removed or the card trashed."""
    s.claimed[suit] += 1
    opp = 1 - seat
    if suit == CLUBS:
        s.pending.push("discard", [opp])
        return [] if s.quiet else [Event("bonus", {"seat": seat, "suit": "C"})]
    if suit == HEARTS:
        if s.quiet:
            return s._draw(seat, 1)
        return [Event("bonus", {"seat": seat, "suit": "H"}), *s._draw(seat, 1)]
    if suit == SPADES_SUIT:
        _remove_spade(s, opp, c)
        if s.quiet:
            return _strike(s, seat)
        events = [Event("bonus", {"seat": seat, "suit": "S", "card": cards.code(c)})]
        return events + _strike(s, seat)
    if c in s.hands[seat]:
        s.hands[seat].remove(c)
    else:
        s.discards[seat].remove(c)
    s.trashed.append(c)
    if s.quiet:
        return []
    return [Event("bonus", {"seat": seat, "suit": "D", "card": cards.code(c)})]


def bonus_discard(s: CrownState, seat: int, c: int) -> list[Event]:
    """The opponent's discard that a Clubs bonus costs them, of their choice (CRR-2)."""
    s.hands[seat].remove(c)
    s.discards[seat].append(c)
    s.pending.pop()
    return [] if s.quiet else [Event("discard", {"seat": seat, "card": cards.code(c)})]
