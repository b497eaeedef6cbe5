"""Garrison: reaction windows, the four spies and the Joker (GAR-3 to GAR-5).

The chain: every declared move (``end`` included, GAR-18), spy and Joker is an
``Item`` on ``state.chain``
with a reaction window of its own (a ``reaction`` decision on the stack). The
window asks every other seat, one at a time, clockwise from the declarer's
left, whether or not it holds an Ace: ``pass`` or a spy. A spy is itself
declared (its Ace leaves the hand for the chain) and opens a window above;
when that window has asked everyone, the spy resolves and the window below
carries on with its next seat. An item resolves when its window has asked every
seat: the newest first (GAR-4).

The Joker fires when it enters the market or is discarded or spent from a hand
(GAR-3); it is an item whose window lets a Thug cancel it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from courtly import cards
from courtly.engine.actions import Action
from courtly.engine.events import Event
from courtly.games.garrison.actions import (
    AGITATE,
    PASS,
    SEDUCE,
    SMUGGLE,
    SPY_CARD,
    THUG,
    GarrisonAction,
)
from courtly.games.garrison.options import VALUE

if TYPE_CHECKING:
    from courtly.games.garrison.rules import GarrisonState

_CODE = [cards.code(c) for c in range(54)]
SPY_NAME = {"agitate": "Agitator", "smuggle": "Smuggler", "thug": "Thug", "seduce": "Seducer"}
ACES = (0, 1, 2, 3)


class Item:
    """One entry of the chain: a declared move (``action``), a spy (``spy``, its
    Ace held in ``card``) or a Joker firing (``joker``: ``card`` is the Joker,
    ``source`` "market" or "hand"; ``refill``: a market refill it interrupted
    goes on once it has resolved). ``answered`` counts the seats its window has
    asked so far."""

    __slots__ = (
        "action",
        "answered",
        "cancelled",
        "card",
        "kind",
        "refill",
        "seat",
        "source",
        "void",
    )

    def __init__(
        self,
        kind: str,
        seat: int,
        action: GarrisonAction | None = None,
        card: int = -1,
        source: str = "",
    ) -> None:
        self.kind = kind
        self.seat = seat
        self.action = action
        self.card = card
        self.source = source
        self.refill = source == "market"
        self.cancelled = False
        self.answered = 0
        self.void = False

    def copy(self) -> Item:
        return _item(*self._fields())

    def __reduce__(self) -> tuple[Any, ...]:
        # Compiled, a class pickles (and deep-copies) only as it says: by its
        # fields here (a state with a move on the chain pickles in both builds).
        return (_item, self._fields())

    def _fields(self) -> tuple[str, int, GarrisonAction | None, int, str, bool, bool, int, bool]:
        return (self.kind, self.seat, self.action, self.card, self.source,
                self.refill, self.cancelled, self.answered, self.void)  # fmt: skip

    def describe(self) -> str:
        if self.void:
            return "void"
        if self.action is not None:
            return self.action.notation
        return f"Joker from the {self.source}"

    def named(self) -> tuple[int, ...]:
        a = self.action
        if a is None:
            return ()
        return (a.card, a.other, *a.pay)


def _item(
    kind: str,
    seat: int,
    action: GarrisonAction | None,
    card: int,
    source: str,
    refill: bool,
    cancelled: bool,
    answered: int,
    void: bool,
) -> Item:
    """An ``Item`` unpickled: made and then set as it was."""
    item = Item(kind, seat, action, card, source)
    item.refill = refill
    item.cancelled = cancelled
    item.answered = answered
    item.void = void
    return item


def void_named(st: GarrisonState) -> None:
    """GAR-14: a reshuffle that takes a card named by a move or spy still on the
    chain back into the deck makes that item void: it will do nothing."""
    deck = set(st.deck)
    for item in st.chain:
        if not item.void and any(c in deck for c in item.named()):
            item.void = True


# -- windows -------------------------------------------------------------------
def declare(st: GarrisonState, item: Item) -> list[Event]:
    """Put ``item`` on the chain and open its window (GAR-4)."""
    st.chain.append(item)
    st.pending.push("reaction", [(item.seat + 1) % st.n])
    if st.quiet:
        return []
    return [Event("declared", {"seat": item.seat, "kind": item.kind, "what": item.describe()})]


def respond(st: GarrisonState, seat: int, a: GarrisonAction) -> list[Event]:
    """The asked seat answers the open window: ``pass`` or a spy."""
    st.chain[-1].answered += 1
    if a is PASS:
        events = [] if st.quiet else [Event("no_response", {"seat": seat}, to=frozenset((seat,)))]
    else:
        events = declare_spy(st, seat, a)
    return events + settle(st)


def declare_spy(st: GarrisonState, seat: int, a: GarrisonAction) -> list[Event]:
    ace = SPY_CARD[a.kind]
    st._from_hand(seat, ace)
    return declare(st, Item("spy", seat, a, card=ace))


def settle(st: GarrisonState) -> list[Event]:
    """Ask the next seat of the open window, or resolve the newest item whose
    window has asked everyone, until a decision is awaited."""
    events: list[Event] = []
    n = st.n
    while not st.ended:
        top = st.pending.top
        if top is None or top.kind != "reaction":
            break
        item = st.chain[-1]
        if item.answered < n - 1:
            top.waiting = [(item.seat + 1 + item.answered) % n]
            break
        st.pending.pop()
        st.chain.pop()
        events += resolve(st, item)
    return events


def resolve(st: GarrisonState, item: Item) -> list[Event]:
    if item.void:
        if item.kind == "spy":
            st.discard.append(item.card)
        if st.quiet:
            return []
        return [Event("fizzled", {"seat": item.seat, "why": "its cards went back into the deck"})]
    if item.kind == "action":
        assert item.action is not None
        return st.resolve_move(item.seat, item.action)
    if item.kind == "spy":
        assert item.action is not None
        st.discard.append(item.card)  # the spent Ace lands before its effect
        if item.cancelled:
            return (
                []
                if st.quiet
                else [Event("cancelled", {"seat": item.seat, "what": item.describe()})]
            )
        return resolve_spy(st, item.seat, item.action)
    # the Joker
    events: list[Event] = []
    if item.cancelled:
        # GAR-15: a cancelled Joker that entered the market is discarded.
        if item.card >= 0 and item.card in st.market:
            st.market[st.market.index(item.card)] = -1
            st.discard.append(item.card)
        if not st.quiet:
            events.append(Event("cancelled", {"seat": item.seat, "what": item.describe()}))
    else:
        held = disaster(st, item.seat, events)
        # GAR-20: a Joker the disaster discarded from a hand fires in turn; the
        # refill this one interrupted waits for it.
        for k, (seat, joker) in enumerate(held):
            events += joker_fires(st, seat, joker, "hand", refill=item.refill and k == 0)
        if held:
            return events
    if item.refill and not st.ended:
        events += refill(st, item.seat)  # GAR-3: the interrupted refill goes on
    return events


# -- who may respond with what ---------------------------------------------------
def reaction_actions(st: GarrisonState, seat: int) -> list[Action]:
    hand = st.hands[seat]
    out: list[Action] = [PASS]
    for c in hand:
        if c < 4:
            return out + spy_actions(st, seat, in_window=True)
    return out


def spy_actions(st: GarrisonState, seat: int, in_window: bool) -> list[Action]:
    out: list[Action] = []
    hand = st.hands[seat]
    n = st.n
    if 3 in hand:  # the Agitator
        for t in range(n):
            if st.siege[t]:
                out.append(AGITATE[t])
    if 1 in hand:  # the Smuggler
        hearts, clubs = st.may_add(seat, 2) is None, st.may_add(seat, 0) is None
        targets: list[int] = []
        for t in range(n):
            if t != seat and st.court[t]:
                targets.append(t)
        for c in st.discard:
            if c >= 52:
                continue
            s = c & 3
            if s == 3:
                for t in targets:
                    out.append(SMUGGLE[(c, t)])
            elif (s == 2 and hearts) or (s == 0 and clubs):
                out.append(SMUGGLE[(c, -1)])
    if 0 in hand:  # the Thug
        if in_window and st.chain[-1].kind in ("spy", "joker"):
            out.append(THUG[0])
        out.append(THUG[1])
    if 2 in hand:  # the Seducer
        for t in range(n):
            if len(st.court[t]) + len(st.fallen[t]) > 1:
                for c in st.court[t]:
                    out.append(SEDUCE[c])  # type: ignore[arg-type]
                for c in st.fallen[t]:
                    out.append(SEDUCE[c])  # type: ignore[arg-type]
            for c in st.garrison[t]:
                out.append(SEDUCE[c])  # type: ignore[arg-type]
    return out


def reaction_reason(st: GarrisonState, seat: int, a: GarrisonAction) -> str | None:
    if a is PASS:
        return None
    if a.spy:
        return spy_reason(st, seat, a, in_window=True)
    return (
        f"a reaction window is open after {st.chain[-1].describe()!r}: answer with a spy "
        "(agitate, smuggle, thug, seduce) or 'pass'"
    )


def spy_reason(st: GarrisonState, seat: int, a: GarrisonAction, in_window: bool) -> str | None:
    ace = SPY_CARD[a.kind]
    if ace not in st.hands[seat]:
        return f"the {SPY_NAME[a.kind]} is played with the {cards.name(ace)}, which you do not hold"
    below = st.chain[-1] if in_window and st.chain else None
    return target_reason(st, seat, a, below)


def target_reason(
    st: GarrisonState, seat: int, a: GarrisonAction, below: Item | None
) -> str | None:
    """Why the spy ``a`` of ``seat`` has nothing to act on (GAR-5); ``below``
    is the item it answers, if any. Asked again when the spy resolves."""
    kind = a.kind
    n = st.n
    if kind == "agitate":
        t = a.target
        if t >= n or not st.siege[t]:
            besieged = [f"P{s}" for s in range(n) if st.siege[s]]
            return f"P{t}'s keep is not besieged; besieged keeps: {', '.join(besieged) or 'none'}"
        return None
    if kind == "smuggle":
        c = a.card
        if c not in st.discard:
            return f"{_CODE[c]} is not in the discard pile"
        if a.target >= 0:
            return st.besiegeable(seat, a.target)
        return st.may_add(seat, c)
    if kind == "thug":
        if a.target == 0 and (below is None or below.kind not in ("spy", "joker")):
            return "there is no spy or Joker to cancel now; the Thug may instead 'thug market'"
        return None
    # the Seducer
    c = a.card
    for t in range(n):
        hearts = len(st.court[t]) + len(st.fallen[t])
        if c in st.garrison[t]:
            return None
        if c in st.court[t] or c in st.fallen[t]:
            if hearts < 2:
                return (
                    f"{_CODE[c]} is P{t}'s last heart; the Seducer never takes a keep's last heart"
                )
            return None
    return f"{_CODE[c]} is in no keep"


# -- the spies resolve (GAR-5) ------------------------------------------------------
def resolve_spy(st: GarrisonState, seat: int, a: GarrisonAction) -> list[Event]:
    below = st.chain[-1] if st.chain else None
    why = target_reason(st, seat, a, below)
    if why is not None:
        return (
            [] if st.quiet else [Event("fizzled", {"seat": seat, "move": a.notation, "why": why})]
        )
    events: list[Event] = []
    if not st.quiet:
        events.append(Event("spy", {"seat": seat, "spy": SPY_NAME[a.kind], "move": a.notation}))
    kind = a.kind
    if kind == "agitate":
        t = a.target
        st.discard.extend(st.siege[t])
        st.siege[t] = []
        st.siege_by[t] = []
    elif kind == "smuggle":
        c = a.card
        st.discard.remove(c)
        if a.target >= 0:
            st.siege[a.target].append(c)
            st.siege_by[a.target].append(seat)
        else:
            (st.court if c & 3 == 2 else st.garrison)[seat].append(c)
            events += st._check_win(seat)
    elif kind == "thug":
        if a.target == 0:
            assert below is not None
            below.cancelled = True
        else:
            for i, m in enumerate(st.market):
                if m >= 0:
                    st.discard.append(m)
                    st.market[i] = -1
            events += refill(st, seat)
    else:
        c = a.card
        for keep in (st.court, st.fallen, st.garrison):
            for t in range(st.n):
                if c in keep[t]:
                    keep[t].remove(c)
                    st.discard.append(c)
    return events


# -- the market and the Joker (GAR-3, GAR-7) --------------------------------------
def refill(st: GarrisonState, seat: int) -> list[Event]:
    """Fill the empty market spaces left to right; a Joker entering the market
    fires, and the refill goes on once it has resolved."""
    events: list[Event] = []
    market = st.market
    for i in range(len(market)):
        if market[i] < 0:
            c = st._draw(events)
            if c < 0:
                break
            market[i] = c
            if not st.quiet:
                events.append(Event("market", {"slot": i, "card": _CODE[c]}))
            if c >= 52:
                return events + joker_fires(st, seat, c, "market")
    return events


def joker_fires(
    st: GarrisonState, seat: int, joker: int, source: str, refill: bool = False
) -> list[Event]:
    events: list[Event] = []
    if not st.quiet:
        events.append(Event("joker", {"seat": seat, "card": _CODE[joker], "from": source}))
    item = Item("joker", seat, card=joker, source=source)
    item.refill = item.refill or refill
    return events + declare(st, item)


def disaster(st: GarrisonState, trigger: int, events: list[Event]) -> list[tuple[int, int]]:
    """GAR-3: sieges and market discarded; hands revealed and compared with the
    trigger's (Joker 0); each keep whose hand does not exceed it falls (the
    trigger exempt unless ``joker_hits_trigger``); every hand is discarded and
    three cards drawn, one seat at a time clockwise from the player to move.
    Adds its events to ``events``; returns the Jokers discarded from hands, with
    their holders, that are to fire next (GAR-20, ``disaster_joker_fires``)."""
    n = st.n
    order = [(st.current + k) % n for k in range(n)]
    for s in order:
        st.discard.extend(st.siege[s])
        st.siege[s] = []
        st.siege_by[s] = []
    for i, m in enumerate(st.market):
        if m >= 0:
            st.discard.append(m)
            st.market[i] = -1
    values = [sum(VALUE[c] for c in h) for h in st.hands]
    bar = values[trigger]
    hit = st.options.joker_hits_trigger
    if not st.quiet:
        hands = [[_CODE[c] for c in h] for h in st.hands]
        events.append(Event("disaster", {"trigger": trigger, "hands": hands, "values": values}))
    fell: list[tuple[int, list[int]]] = []
    for s in order:
        if (s != trigger or hit) and values[s] <= bar and (st.court[s] or st.garrison[s]):
            fell.append((s, st._fall(s)))
    if fell and not st.quiet:
        keeps = [{"seat": s, "discarded": [_CODE[c] for c in gone]} for s, gone in fell]
        events.append(Event("keeps_fell", {"keeps": keeps}))
    held: list[tuple[int, int]] = []
    for s in order:
        if st.options.disaster_joker_fires:
            held += [(s, c) for c in st.hands[s] if c >= 52]
        st.discard.extend(st.hands[s])
        st.hands[s] = []
        st.known[s] = []
    for s in order:
        events += st._draw_to_three(s)
    return held
