"""Garrison: the action space and its notation.

The whole space is built once, at import, in this order (ids are contiguous per
kind; see ``KIND_RANGES``):

* ``end``                         end the turn: draw up to three (id 0)
* ``pass``                        no response in a reaction window (id 1)
* ``upgrade 7H with 3D 4D``       add a heart or club to your keep, paying diamonds
                                  (the last named lands on top of the discard pile)
* ``trade 5S for KH``             give a hand card, take a market card or the
                                  top of the discard pile
* ``besiege P2 with 5S 9S``       send one to three spades against seat 2's keep
* ``fend KS with 3S``             spend a spade to discard one besieging spade
* ``rebuild 7H with 5C``          spend any card to turn a face-down heart face up
* ``discard 5S``                  discard a hand card
* ``agitate P2``                  Ace of Spades: seat 2's besiegers are discarded
* ``smuggle 7H`` / ``smuggle 9S to P2``
                                  Ace of Diamonds: a discard-pile card into play
* ``thug cancel`` / ``thug market``
                                  Ace of Clubs: cancel a spy or Joker, or renew
                                  the market
* ``seduce 7H``                   Ace of Hearts: discard a heart or club of a keep

Cards are ``courtly.cards`` integers (jokers 52, 53: codes X1, X2); seats are 0-5.
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Any

from courtly import cards
from courtly.engine.actions import Action, register_table
from courtly.engine.errors import NotationError

MAX_SEATS = 6
ALL_CARDS = tuple(range(54))
SPADES = tuple(c for c in range(52) if c & 3 == cards.SPADES)
DIAMONDS = tuple(c for c in range(52) if c & 3 == cards.DIAMONDS)
HEARTS = tuple(c for c in range(52) if c & 3 == cards.HEARTS)
KEEP_CARDS = tuple(c for c in range(52) if c & 3 in (cards.CLUBS, cards.HEARTS))

SPY_KINDS = ("agitate", "smuggle", "thug", "seduce")
SPY_CARD = {"agitate": 3, "smuggle": 1, "thug": 0, "seduce": 2}
"""The Ace that plays each spy: AS, AD, AC, AH."""
THUG_MODES = ("cancel", "market")

_CODE = [cards.code(c) for c in range(54)]


def _codes(cs: tuple[int, ...]) -> str:
    return " ".join(_CODE[c] for c in cs)


class GarrisonAction(Action):
    """One Garrison move. ``card``: the main card (added, given, spent, taken);
    ``other``: the second card (taken in a trade, removed in a fend, flipped in a
    rebuild); ``pay``: several cards (diamonds paid, spades sent); ``target``:
    a seat (-1: none; for ``thug``, 0 cancel and 1 market)."""

    __slots__ = ("card", "other", "pay", "target")

    def __init__(
        self,
        id: int,
        kind: str,
        *,
        card: int = -1,
        other: int = -1,
        pay: tuple[int, ...] = (),
        target: int = -1,
    ) -> None:
        super().__init__(id, kind, _notation(kind, card, other, pay, target))
        self.card = card
        self.other = other
        self.pay = pay
        self.target = target

    def params(self) -> dict[str, Any]:
        k = self.kind
        if k in ("end", "pass"):
            return {}
        if k == "upgrade":
            return {"card": _CODE[self.card], "with": [_CODE[c] for c in self.pay]}
        if k == "trade":
            return {"give": _CODE[self.card], "take": _CODE[self.other]}
        if k == "besiege":
            return {"target": self.target, "with": [_CODE[c] for c in self.pay]}
        if k in ("fend", "rebuild"):
            return {"card": _CODE[self.other], "with": _CODE[self.card]}
        if k in ("discard", "seduce"):
            return {"card": _CODE[self.card]}
        if k == "agitate":
            return {"target": self.target}
        if k == "smuggle":
            return {"card": _CODE[self.card], "target": None if self.target < 0 else self.target}
        return {"mode": THUG_MODES[self.target]}  # thug

    @property
    def spy(self) -> bool:
        return self.kind in SPY_CARD

    def words(self) -> str:
        return _words(self.kind, self.card, self.other, self.pay, self.target)


def _notation(kind: str, card: int, other: int, pay: tuple[int, ...], target: int) -> str:
    if kind in ("end", "pass"):
        return kind
    if kind == "upgrade":
        return f"upgrade {_CODE[card]} with {_codes(pay)}"
    if kind == "trade":
        return f"trade {_CODE[card]} for {_CODE[other]}"
    if kind == "besiege":
        return f"besiege P{target} with {_codes(pay)}"
    if kind in ("fend", "rebuild"):
        return f"{kind} {_CODE[other]} with {_CODE[card]}"
    if kind == "discard":
        return f"discard {_CODE[card]}"
    if kind == "agitate":
        return f"agitate P{target}"
    if kind == "smuggle":
        return f"smuggle {_CODE[card]}" + ("" if target < 0 else f" to P{target}")
    if kind == "thug":
        return f"thug {THUG_MODES[target]}"
    return f"seduce {_CODE[card]}"


def _marked(cs: tuple[int, ...]) -> str:
    """Cards marked as a list reads: "{2S}", "{2S} and {5S}", "{2S}, {5S} and {QS}"."""
    marked = [f"{{{_CODE[c]}}}" for c in cs]
    return " and ".join([", ".join(marked[:-1]), marked[-1]] if len(marked) > 1 else marked)


def _words(kind: str, card: int, other: int, pay: tuple[int, ...], target: int) -> str:
    """A move as players read it in a hint, a review or a replay."""
    c, o = f"{{{_CODE[card]}}}", f"{{{_CODE[other]}}}"
    keep = f"{{P{target}}}'s keep"
    if kind == "end":
        return "end the turn (draw up to three)"
    if kind == "pass":
        return "pass (no spy)"
    if kind == "upgrade":
        return f"add {c} to the keep, paying {_marked(pay)}"
    if kind == "trade":
        return f"trade {c} for {o}"
    if kind == "besiege":
        return f"besiege {keep} with {_marked(pay)}"
    if kind == "fend":
        return f"fend off the besieger {o} with {c}"
    if kind == "rebuild":
        return f"rebuild: turn {o} face up, spending {c}"
    if kind == "discard":
        return f"discard {c}"
    if kind == "agitate":
        return f"Agitator: the spades besieging {keep} are discarded"
    if kind == "smuggle":
        into = "into the keep" if target < 0 else f"into the siege of {keep}"
        return f"Smuggler: {c} from the discard pile {into}"
    if kind == "thug":
        return (
            "Thug: cancel the spy or Joker just played" if target == 0 else "Thug: renew the market"
        )
    return f"Seducer: {c} is discarded from its keep"


ACTIONS: list[GarrisonAction] = []
KIND_RANGES: dict[str, tuple[int, int]] = {}
UPGRADE: dict[tuple[int, tuple[int, ...]], GarrisonAction] = {}
TRADE: list[list[GarrisonAction | None]] = [[None] * 54 for _ in range(54)]
BESIEGE: dict[tuple[int, tuple[int, ...]], GarrisonAction] = {}
FEND: list[list[GarrisonAction | None]] = [[None] * 54 for _ in range(54)]
REBUILD: list[list[GarrisonAction | None]] = [[None] * 54 for _ in range(54)]
DISCARD: list[GarrisonAction | None] = [None] * 54
AGITATE: list[GarrisonAction] = []
SMUGGLE: dict[tuple[int, int], GarrisonAction] = {}
THUG: list[GarrisonAction] = []
SEDUCE: list[GarrisonAction | None] = [None] * 54


def _add(kind: str, **kw: Any) -> GarrisonAction:
    a = GarrisonAction(len(ACTIONS), kind, **kw)
    ACTIONS.append(a)
    first, _ = KIND_RANGES.get(kind, (a.id, a.id))
    KIND_RANGES[kind] = (first, a.id + 1)
    return a


def _build() -> None:
    global END, PASS
    END = _add("end")
    PASS = _add("pass")
    for c in KEEP_CARDS:
        for k in (1, 2):
            for pay in permutations(DIAMONDS, k):  # GAR-17: in the order they land
                UPGRADE[(c, pay)] = _add("upgrade", card=c, pay=pay)
    for give in ALL_CARDS:
        for take in ALL_CARDS:
            if give != take:
                TRADE[give][take] = _add("trade", card=give, other=take)
    for t in range(MAX_SEATS):
        for k in (1, 2, 3):
            for pay in combinations(SPADES, k):
                BESIEGE[(t, pay)] = _add("besiege", target=t, pay=pay)
    for give in SPADES:
        for take in SPADES:
            if give != take:
                FEND[give][take] = _add("fend", card=give, other=take)
    for give in ALL_CARDS:
        for heart in HEARTS:
            if give != heart:
                REBUILD[give][heart] = _add("rebuild", card=give, other=heart)
    for c in ALL_CARDS:
        DISCARD[c] = _add("discard", card=c)
    for t in range(MAX_SEATS):
        AGITATE.append(_add("agitate", target=t))
    for c in KEEP_CARDS:
        SMUGGLE[(c, -1)] = _add("smuggle", card=c)
    for c in SPADES:
        for t in range(MAX_SEATS):
            SMUGGLE[(c, t)] = _add("smuggle", card=c, target=t)
    for mode in range(2):
        THUG.append(_add("thug", target=mode))
    for c in KEEP_CARDS:
        SEDUCE[c] = _add("seduce", card=c)


END: GarrisonAction
PASS: GarrisonAction
_build()
register_table(GarrisonAction, ACTIONS)


NOTATION_HELP = """\
Garrison notation (case does not matter; seats are P0, P1, ...):
  end                      end your turn: draw back up to three cards
  pass                     make no response in a reaction window
  upgrade 7H with 3D 4D    add a heart or club to your keep, paying diamonds
                           that total at least its value; they land on the
                           discard pile in the order named (4D on top)
  trade 5S for KH          give a hand card, take a market card or the top
                           of the discard pile
  besiege P2 with 5S 9S    send one to three spades against seat 2's keep
  fend KS with 3S          spend a spade to discard a spade besieging you
  rebuild 7H with 5C       spend any card to turn your face-down 7H face up
  discard 5S               discard a card from your hand
Spies (Aces), on your turn or in a reaction window:
  agitate P2               Ace of Spades: the spades besieging seat 2 are discarded
  smuggle 7H               Ace of Diamonds: a heart or club from the discard pile
                           into your keep ...
  smuggle 9S to P2         ... or a spade from it into a siege of seat 2
  thug cancel              Ace of Clubs: cancel the spy or Joker just played ...
  thug market              ... or discard the market and refill it
  seduce 7H                Ace of Hearts: discard 7H from whichever keep holds it
Cards are rank then suit: ranks A 2-9 T (or 10) J Q K, suits C D H S; jokers X1 X2."""

_FORMS = (
    "end | pass | upgrade CARD with D [D] | trade CARD for CARD | "
    "besiege Pn with S [S S] | fend S with S | rebuild H with CARD | discard CARD | "
    "agitate Pn | smuggle CARD [to Pn] | thug cancel|market | seduce CARD"
)
_FILLER = {"with", "for", "to", "off", "at", "from", "using", "by"}


def _card(word: str, text: str) -> int:
    try:
        return cards.card(word)
    except cards.CardError as exc:
        raise NotationError(f"{text!r}: {exc}") from None


def _seat(word: str, text: str) -> int:
    w = word[1:] if word[:1] == "p" else word
    if w.isdigit() and int(w) < MAX_SEATS:
        return int(w)
    raise NotationError(f"{text!r}: {word!r} is not a seat; write P0 to P{MAX_SEATS - 1}")


def _need(found: Any, text: str, why: str) -> GarrisonAction:
    if found is None:
        raise NotationError(f"{text!r}: {why}")
    result: GarrisonAction = found
    return result


def parse(text: str) -> GarrisonAction:
    """Read one action; a NotationError says what was wrong and what is allowed."""
    words = [w for w in text.replace(",", " ").lower().split() if w not in _FILLER]
    if not words:
        raise NotationError(f"empty action; the forms are: {_FORMS}")
    verb, rest = words[0], words[1:]
    n = len(rest)
    if verb in ("end", "pass"):
        if rest:
            raise NotationError(f"{text!r}: {verb!r} takes nothing after it")
        return END if verb == "end" else PASS
    if verb == "upgrade":
        if n not in (2, 3):
            raise NotationError(
                f"{text!r}: write 'upgrade CARD with D [D]', e.g. 'upgrade 7H with 3D 4D'"
            )
        c = _card(rest[0], text)
        pay = tuple(_card(w, text) for w in rest[1:])  # GAR-17: the last lands on top
        if len(set(pay)) != len(pay):
            raise NotationError(f"{text!r}: a diamond is named twice")
        return _need(
            UPGRADE.get((c, pay)),
            text,
            "an upgrade adds a heart or club (2-10, J, Q, K or A) paid with one or two diamonds",
        )
    if verb == "trade":
        if n != 2:
            raise NotationError(f"{text!r}: write 'trade GIVE for TAKE', e.g. 'trade 5S for KH'")
        give, take = _card(rest[0], text), _card(rest[1], text)
        return _need(TRADE[give][take], text, "a card cannot be traded for itself")
    if verb == "besiege":
        if not 2 <= n <= 4:
            raise NotationError(
                f"{text!r}: write 'besiege Pn with S [S S]', one to three spades, e.g. 'besiege P2 with 9S'"
            )
        t = _seat(rest[0], text)
        pay = tuple(sorted(_card(w, text) for w in rest[1:]))
        if len(set(pay)) != len(pay):
            raise NotationError(f"{text!r}: a spade is named twice")
        return _need(BESIEGE.get((t, pay)), text, "only spades (levies) besiege a keep")
    if verb in ("fend", "rebuild"):
        if n != 2:
            example = "fend KS with 3S" if verb == "fend" else "rebuild 7H with 5C"
            raise NotationError(f"{text!r}: write '{example}'")
        target, spent = _card(rest[0], text), _card(rest[1], text)
        table = FEND if verb == "fend" else REBUILD
        why = (
            "fending off spends one spade from your hand to discard one besieging spade"
            if verb == "fend"
            else "rebuilding turns up one of your face-down hearts, paid with any other card"
        )
        return _need(table[spent][target], text, why)
    if verb == "discard":
        if n != 1:
            raise NotationError(f"{text!r}: discard one card at a time, e.g. 'discard 5S'")
        return _need(DISCARD[_card(rest[0], text)], text, "no such card")
    if verb == "agitate":
        if n != 1:
            raise NotationError(f"{text!r}: write 'agitate Pn', e.g. 'agitate P2'")
        return AGITATE[_seat(rest[0], text)]
    if verb == "smuggle":
        if n not in (1, 2):
            raise NotationError(f"{text!r}: write 'smuggle 7H' or 'smuggle 9S to P2'")
        c = _card(rest[0], text)
        t = _seat(rest[1], text) if n == 2 else -1
        why = (
            "a spade is smuggled into a siege: 'smuggle 9S to P2'"
            if c < 52 and c & 3 == cards.SPADES
            else "the Smuggler takes a heart or club into your keep ('smuggle 7H') or "
            "a spade into a siege ('smuggle 9S to P2'); never a diamond or the Joker"
        )
        return _need(SMUGGLE.get((c, t)), text, why)
    if verb == "thug":
        if n != 1 or rest[0] not in THUG_MODES:
            raise NotationError(f"{text!r}: write 'thug cancel' or 'thug market'")
        return THUG[THUG_MODES.index(rest[0])]
    if verb == "seduce":
        if n != 1:
            raise NotationError(f"{text!r}: write 'seduce CARD', e.g. 'seduce 7H'")
        return _need(SEDUCE[_card(rest[0], text)], text, "the Seducer removes a heart or a club")
    raise NotationError(f"{text!r}: unknown move {verb!r}; the forms are: {_FORMS}")
