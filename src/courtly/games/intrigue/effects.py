"""Intrigue: what each turn and each card does (the rule text's card sheets).

``carry_out`` receives an action already checked, with its decision popped. A
card whose effect needs a choice pushes the next decision (one choice at a
time); every other path ends the turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from courtly.engine.events import Event
from courtly.games.intrigue import cards as C
from courtly.games.intrigue.actions import IntrigueAction
from courtly.games.intrigue.cards import left_end, right_end

if TYPE_CHECKING:
    from courtly.games.intrigue.rules import IntrigueState

_ME = [frozenset((s,)) for s in range(3)]


def carry_out(s: IntrigueState, seat: int, a: IntrigueAction) -> list[Event]:
    k = a.kind
    if k == "take":
        return take_token(s, seat, a.token)
    if k == "favor":
        return play_favor(s, seat, a.letter)
    if k == "down":
        return play_down(s, seat, a.card, a.letter)
    if k == "up":
        return play_up(s, seat, a.card, a.letter)
    if k == "play":
        return play_action(s, seat, a.card)
    if k == "rel":
        return place_relationship(s, seat, a.card, a.left, a.right)
    if k == "discard":
        return discard(s, seat, a.card)
    if k == "target":
        card = s.effect
        if card == C.ASSASSIN:
            return assassinate(s, seat, a.letter)
        if card == C.VIRTUE:
            return virtue(s, seat, a.letter)
        return spy(s, seat, a.letter)
    if k == "swap":
        return manipulate(s, seat, a.token, a.token2)
    if k == "reverse":
        return lies(s, seat, a.pair)
    return misinformation(s, seat, a.pair, a.pair2)  # move


# -- a turn (INT-3) ------------------------------------------------------------------
def take_token(s: IntrigueState, seat: int, t: int) -> list[Event]:
    s.tokens[t] = seat
    if s.quiet:
        return s.end_turn(seat)
    return [Event("take", {"seat": seat, "token": C.TOKEN_CODES[t]}), *s.end_turn(seat)]


def play_favor(s: IntrigueState, seat: int, letter: int) -> list[Event]:
    """A Favor goes face down onto the one pile of Favors, in play order."""
    s.favor_hand[seat].remove(letter)
    s.favors_played.append(C.favor_card(seat, letter))
    if s.quiet:
        return s.end_turn(seat)
    return [
        Event("favor", {"seat": seat}),
        Event("favor_private", {"seat": seat, "favor": C.LETTERS[letter]}, to=_ME[seat]),
        *s.end_turn(seat),
    ]


def _from_hand(s: IntrigueState, seat: int, card: int) -> None:
    s.hands[seat].remove(card)
    s.played[seat].append(card)


def _last_card(s: IntrigueState, seat: int) -> bool:
    """Whether ``seat`` is playing its last card and the round is over as it leaves
    the hand, before the card's text takes effect (INT-19, last_card=ends)."""
    return s.options.last_card == "ends" and len(s.hands[seat]) == 1


def _to_stack(s: IntrigueState, seat: int, card: int, x: int, up: bool) -> None:
    _from_hand(s, seat, card)
    s.stacks[x].append(card)
    s.stack_by[x].append(seat)
    s.stack_up[x].append(up)
    s.stack_shown[x].append(False)


def draw(s: IntrigueState, seat: int, n: int) -> list[Event]:
    """Draw up to ``n`` cards; an empty deck gives nothing (INT-2)."""
    got = []
    for _ in range(n):
        if s.deck:
            c = s.deck.pop()
            s.hands[seat].append(c)
            got.append(c)
    if s.quiet:
        return []
    return [
        Event("draw", {"seat": seat, "count": len(got)}),
        Event("drawn", {"cards": [C.CODES[c] for c in got]}, to=_ME[seat]),
    ]


def play_down(s: IntrigueState, seat: int, card: int, x: int) -> list[Event]:
    """Any card may go face down into a support stack; its text is ignored."""
    _to_stack(s, seat, card, x, False)
    if s.quiet:
        return s.end_turn(seat)
    return [
        Event("down", {"seat": seat, "character": C.LETTERS[x]}),
        Event("down_private", {"card": C.CODES[card], "character": C.LETTERS[x]}, to=_ME[seat]),
        *s.end_turn(seat),
    ]


def play_up(s: IntrigueState, seat: int, card: int, x: int) -> list[Event]:
    """A Support face up still counts for its character (INT-6). Defiance: discard a
    card (a choice); every other Support: draw a card. Played as the last card, it
    ends the round before its text (INT-19)."""
    last = _last_card(s, seat)
    _to_stack(s, seat, card, x, True)
    events: list[Event] = []
    if not s.quiet:
        up = {"seat": seat, "card": C.CODES[card], "character": C.LETTERS[x]}
        events.append(Event("up", up))
    if last:
        return events + s.end_turn(seat)
    if card in C.DEFIANCE:
        if s.hands[seat]:
            s.effect = card
            s.pending.push("discard", [seat])
            return events
        return events + s.end_turn(seat)
    return events + draw(s, seat, 1) + s.end_turn(seat)


def play_action(s: IntrigueState, seat: int, card: int) -> list[Event]:
    """An Action is shown, discarded, and resolved with its choices. With nothing to
    act on it has no effect (INT-14); played as the last card, it ends the round
    before it resolves (INT-19)."""
    idle = _last_card(s, seat) or not s.playable(card, seat)
    _from_hand(s, seat, card)
    s.discard.append(card)
    if idle:
        if s.quiet:
            return s.end_turn(seat)
        return [
            Event("play", {"seat": seat, "card": C.CODES[card], "no_effect": True}),
            *s.end_turn(seat),
        ]
    s.effect = card
    events: list[Event] = []
    if not s.quiet:
        events.append(Event("play", {"seat": seat, "card": C.CODES[card]}))
    if card == C.ORACLE:  # Draw two cards. Then discard a card from your hand.
        events += draw(s, seat, 2)
        if not s.hands[seat]:
            return events + s.end_turn(seat)
        s.pending.push("discard", [seat])
    elif card in (C.ASSASSIN, C.VIRTUE, C.SPY):
        s.pending.push("target", [seat])
    elif card == C.MANIP:
        s.pending.push("swap", [seat])
    elif card == C.LIES:
        s.pending.push("reverse", [seat])
    else:
        s.pending.push("move", [seat])
    return events


def place_relationship(s: IntrigueState, seat: int, card: int, lt: int, rt: int) -> list[Event]:
    """Placed on a pair, arrows to two characters; it may replace one of the opposite
    sign, which is discarded (INT-4, INT-5)."""
    p = C.pair_of(lt, rt)
    _from_hand(s, seat, card)
    events = []
    old = s.rel_card[p]
    if old >= 0:
        s.discard.append(old)
        if not s.quiet:
            events.append(Event("replaced", {"card": C.CODES[old], "pair": C.PAIR_NAMES[p]}))
    s.rel_card[p] = card
    s.rel_cw[p] = lt == C.PAIRS[p][0]
    if s.quiet:
        return s.end_turn(seat)
    events.append(
        Event(
            "relationship",
            {"seat": seat, "card": C.CODES[card], "left": C.LETTERS[lt], "right": C.LETTERS[rt]},
        )
    )
    return events + s.end_turn(seat)


# -- the Action cards' choices --------------------------------------------------------
def discard(s: IntrigueState, seat: int, card: int) -> list[Event]:
    """Oracle's and Defiance's discard: the card is shown (INT-15)."""
    _from_hand(s, seat, card)
    s.discard.append(card)
    if s.quiet:
        return s.end_turn(seat)
    return [Event("discard", {"seat": seat, "card": C.CODES[card]}), *s.end_turn(seat)]


def assassinate(s: IntrigueState, seat: int, x: int) -> list[Event]:
    """A random unused character takes over the letter with zero point tokens; the
    stack, tokens, Favors and relationships stay with the letter (INT-8, INT-12)."""
    old = s.chars[x]
    new = s.unused.pop(s.rng.randrange(len(s.unused)))
    s.chars[x] = new
    s.char_points[x] = 0
    (s.unused if s.options.assassinated == "unused" else s.gone).append(old)
    if s.quiet:
        return s.end_turn(seat)
    return [
        Event(
            "assassination",
            {"character": C.LETTERS[x], "removed": C.CODES[old], "new": C.CODES[new]},
        ),
        *s.end_turn(seat),
    ]


def virtue(s: IntrigueState, seat: int, x: int) -> list[Event]:
    """Reveal face-down cards (those a Spy showed too, INT-18) from the top down
    until a negative one, which is discarded; revealed cards stay face up (INT-7)."""
    stack, up, by, shown = s.stacks[x], s.stack_up[x], s.stack_by[x], s.stack_shown[x]
    revealed = []
    dropped = -1
    for i in range(len(stack) - 1, -1, -1):
        if up[i]:
            continue
        up[i], shown[i] = True, False
        c = stack[i]
        revealed.append(c)
        if C.VALUE[c] < 0:
            del stack[i], up[i], by[i], shown[i]
            s.discard.append(c)
            dropped = c
            break
    if s.quiet:
        return s.end_turn(seat)
    told = {
        "character": C.LETTERS[x],
        "revealed": [C.CODES[c] for c in revealed],
        "discarded": C.CODES[dropped] if dropped >= 0 else None,
    }
    return [Event("virtue", told), *s.end_turn(seat)]


def spy(s: IntrigueState, seat: int, x: int) -> list[Event]:
    """A random face-down card of the character is shown to everyone (INT-7); it
    stays face down (INT-18, spy_reveal=shown) or is left face up."""
    up = s.stack_up[x]
    down = [i for i in range(len(up)) if not up[i]]
    i = down[s.rng.randrange(len(down))]
    if s.options.spy_reveal == "shown":
        s.stack_shown[x][i] = True
    else:
        up[i] = True
    if s.quiet:
        return s.end_turn(seat)
    return [
        Event("spy", {"character": C.LETTERS[x], "card": C.CODES[s.stacks[x][i]]}),
        *s.end_turn(seat),
    ]


def manipulate(s: IntrigueState, seat: int, mine: int, theirs: int) -> list[Event]:
    other = s.tokens[theirs]
    s.tokens[mine], s.tokens[theirs] = other, seat
    if s.quiet:
        return s.end_turn(seat)
    return [
        Event(
            "swap",
            {
                "seat": seat,
                "gave": C.TOKEN_CODES[mine],
                "took": C.TOKEN_CODES[theirs],
                "with": other,
            },
        ),
        *s.end_turn(seat),
    ]


def lies(s: IntrigueState, seat: int, p: int) -> list[Event]:
    """Swap a relationship's ends (INT-4)."""
    s.rel_cw[p] = not s.rel_cw[p]
    if s.quiet:
        return s.end_turn(seat)
    return [
        Event(
            "reverse",
            {
                "card": C.CODES[s.rel_card[p]],
                "left": C.LETTERS[left_end(s.rel_cw, p)],
                "right": C.LETTERS[right_end(s.rel_cw, p)],
            },
        ),
        *s.end_turn(seat),
    ]


def misinformation(s: IntrigueState, seat: int, p: int, q: int) -> list[Event]:
    """Move a relationship to an adjacent pair keeping its clockwise orientation; a
    relationship of the opposite sign there is replaced and discarded (INT-4)."""
    events: list[Event] = []
    old = s.rel_card[q]
    if old >= 0:
        s.discard.append(old)
        if not s.quiet:
            events.append(Event("replaced", {"card": C.CODES[old], "pair": C.PAIR_NAMES[q]}))
    s.rel_card[q], s.rel_cw[q] = s.rel_card[p], s.rel_cw[p]
    s.rel_card[p], s.rel_cw[p] = -1, True
    if s.quiet:
        return s.end_turn(seat)
    events.append(
        Event(
            "move",
            {
                "card": C.CODES[s.rel_card[q]],
                "from": C.PAIR_NAMES[p],
                "left": C.LETTERS[left_end(s.rel_cw, q)],
                "right": C.LETTERS[right_end(s.rel_cw, q)],
            },
        )
    )
    return events + s.end_turn(seat)
