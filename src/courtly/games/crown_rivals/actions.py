"""Crown Rivals: the cards in play, their values, the action space and its notation.

The game uses 48 cards: the standard deck without jokers and without the King
and Queen of Diamonds and of Spades. Inside, a card is ``courtly.cards``'s
integer. The action space (721 actions) is laid out by kind, each block indexed
by a card's place in ``GAME_CARDS`` (or, for spades and diamonds, in ``SPADES``
and ``DIAMONDS``):

    ids   0- 47   play C          play a card alone for its suit ability
    ids  48-454   play C D        play C boosted by the diamond D (11 x 37)
    ids 455-502   cash C          discard a card for currency
    ids 503-550   buy C           buy a market card
    ids 551-598   trash C         a Jack's ability: trash a market card
    ids 599-646   discard C       discard a card when your opponent's Clubs bonus asks
    ids 647-657   clear S         spend pooled Club damage on an opponent's spade
    id  658       bonus C         Clubs bonus: your opponent discards a card
    id  659       bonus H         Hearts bonus: draw a card
    ids 660-670   bonus S S       Spades bonus: remove that opponent spade
    ids 671-718   bonus D C       Diamonds bonus: trash C from your hand or discard pile
    id  719       pass            decline a Jack's trash
    id  720       end             end your turn
"""

from __future__ import annotations

from typing import Any

from courtly import cards
from courtly.engine.actions import Action, register_table
from courtly.engine.errors import NotationError

CLUBS, DIAMONDS_SUIT, HEARTS, SPADES_SUIT = range(4)
SUIT_LETTERS = cards.SUITS

REMOVED = frozenset(cards.card(c) for c in ("QD", "KD", "QS", "KS"))
GAME_CARDS: tuple[int, ...] = tuple(c for c in range(52) if c not in REMOVED)
STARTING: tuple[int, ...] = tuple(c for c in GAME_CARDS if (c >> 2) + 1 <= 3)  # A, 2, 3
MARKET_CARDS: tuple[int, ...] = tuple(c for c in GAME_CARDS if (c >> 2) + 1 > 3)
DIAMONDS: tuple[int, ...] = tuple(c for c in GAME_CARDS if c & 3 == DIAMONDS_SUIT)
SPADES: tuple[int, ...] = tuple(c for c in GAME_CARDS if c & 3 == SPADES_SUIT)
TARGETS: tuple[int, ...] = tuple(c for c in GAME_CARDS if c & 3 != DIAMONDS_SUIT)
IS_STARTING = [False] * 52
for _c in STARTING:
    IS_STARTING[_c] = True
IS_JACK = [(c >> 2) + 1 == 11 for c in range(52)]
IS_ACE = [(c >> 2) == 0 for c in range(52)]
IS_COURT = [(c >> 2) + 1 >= 12 for c in range(52)]  # Queens and Kings
IS_DIAMOND = [c & 3 == DIAMONDS_SUIT for c in range(52)]


def _values(jack: int) -> list[int]:
    out = []
    for c in range(52):
        r = (c >> 2) + 1
        out.append(jack if r == 11 else 40 if r >= 12 else r)
    return out


VALUES: dict[int, list[int]] = {11: _values(11), 10: _values(10)}
"""Card values by the ``jack_value`` option: A 1, 2-10 face, J 11 (or 10), Q and K 40."""


def boosted(value: int, diamond_value: int) -> int:
    """A card's value boosted by a diamond: lower +3, equal doubles, higher
    becomes the diamond's value."""
    if diamond_value < value:
        return value + 3
    if diamond_value == value:
        return value * 2
    return diamond_value


class CrownAction(Action):
    """One action: ``card`` (or -1), ``diamond`` for a boost, ``suit`` for a bonus."""

    __slots__ = ("card", "diamond", "suit")

    def __init__(self, id: int, kind: str, card: int = -1, diamond: int = -1, suit: int = -1):
        if kind == "play" and diamond >= 0:
            text = f"play {cards.code(card)} {cards.code(diamond)}"
        elif kind == "bonus":
            text = f"bonus {SUIT_LETTERS[suit]}" + (f" {cards.code(card)}" if card >= 0 else "")
        elif card >= 0:
            text = f"{kind} {cards.code(card)}"
        else:
            text = kind
        super().__init__(id, kind, text)
        self.card = card
        self.diamond = diamond
        self.suit = suit

    def params(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.card >= 0:
            out["card"] = cards.code(self.card)
        if self.diamond >= 0:
            out["diamond"] = cards.code(self.diamond)
        if self.suit >= 0:
            out["suit"] = SUIT_LETTERS[self.suit]
        return out

    def words(self) -> str:
        """The move as players read it in a hint, a review or a replay."""
        kind = self.kind
        c = "" if self.card < 0 else f"{{{cards.code(self.card)}}}"
        if kind == "play":
            boost = "" if self.diamond < 0 else f" boosted by {{{cards.code(self.diamond)}}}"
            return f"play {c}{boost}"
        if kind == "bonus":
            return f"claim the {_SYMBOL[self.suit]} bonus: " + _BONUS[self.suit].format(c)
        return _SAY[kind].format(c)


_SYMBOL = ("♣", "♦", "♥", "♠")
_BONUS = (
    "the opponent discards a card",
    "trash {}",
    "draw a card",
    "remove the opponent's {}",
)
_SAY = {
    "cash": "cash {} for currency",
    "buy": "buy {} from the market",
    "trash": "the Jack trashes {} from the market",
    "discard": "discard {} (the opponent's ♣ bonus)",
    "clear": "clear the opponent's {} with pooled damage",
    "pass": "pass: the Jack trashes nothing",
    "end": "end the turn",
}

ACTIONS: list[CrownAction] = []
PLAY: dict[int, CrownAction] = {}
BOOST: dict[tuple[int, int], CrownAction] = {}  # (target, diamond)
BOOST_WITH: dict[int, dict[int, CrownAction]] = {}  # diamond -> target -> its boost
CASH: dict[int, CrownAction] = {}
BUY: dict[int, CrownAction] = {}
TRASH: dict[int, CrownAction] = {}
DISCARD: dict[int, CrownAction] = {}
CLEAR: dict[int, CrownAction] = {}
BONUS_SPADE: dict[int, CrownAction] = {}
BONUS_TRASH: dict[int, CrownAction] = {}


def _add(kind: str, card: int = -1, diamond: int = -1, suit: int = -1) -> CrownAction:
    a = CrownAction(len(ACTIONS), kind, card, diamond, suit)
    ACTIONS.append(a)
    return a


for _c in GAME_CARDS:
    PLAY[_c] = _add("play", _c)
for _d in DIAMONDS:
    for _t in TARGETS:
        BOOST[(_t, _d)] = BOOST_WITH.setdefault(_d, {})[_t] = _add("play", _t, _d)
for _kind, _table in (("cash", CASH), ("buy", BUY), ("trash", TRASH), ("discard", DISCARD)):
    for _c in GAME_CARDS:
        _table[_c] = _add(_kind, _c)
for _c in SPADES:
    CLEAR[_c] = _add("clear", _c)
BONUS_CLUBS = _add("bonus", suit=CLUBS)
BONUS_HEARTS = _add("bonus", suit=HEARTS)
for _c in SPADES:
    BONUS_SPADE[_c] = _add("bonus", _c, suit=SPADES_SUIT)
for _c in GAME_CARDS:
    BONUS_TRASH[_c] = _add("bonus", _c, suit=DIAMONDS_SUIT)
PASS = _add("pass")
END = _add("end")
register_table(CrownAction, ACTIONS)


NOTATION_HELP = """\
Crown Rivals notation (case does not matter; cards are rank then suit, e.g. 7H, TC, JD, AS):
  play 7C         play a card alone for its suit ability (C damage, H heal,
                  S supporter, D alone: boosts nothing)
  play 5S 3D      play 5S boosted by the diamond 3D (also: play 3D 5S, play 5S with 3D)
  cash 9H         discard a card for currency (a Jack with an Ace turns the Ace into 11)
  buy QH          buy a market card for its value
  trash 8C        after playing a Jack: trash that market card (or 'pass' to keep the market)
  clear 5S        spend pooled Club damage to remove that spade of your opponent's
  bonus C         Clubs bonus: your opponent discards a card of their choice
  bonus H         Hearts bonus: draw a card
  bonus S 5S      Spades bonus: remove that spade from your opponent's play area
  bonus D 2C      Diamonds bonus: trash 2C from your hand or discard pile
  discard 4H      when your opponent claims a Clubs bonus: the card you discard
  end             end your turn"""

_SIMPLE = {"cash": CASH, "buy": BUY, "trash": TRASH, "discard": DISCARD, "clear": CLEAR}
_SUITS = {"c": CLUBS, "clubs": CLUBS, "d": 1, "diamonds": 1, "h": HEARTS, "hearts": HEARTS}
_SUITS |= {"s": SPADES_SUIT, "spades": SPADES_SUIT}


def _card(word: str, text: str) -> int:
    try:
        c = cards.card(word)
    except cards.CardError as exc:
        raise NotationError(f"{text!r}: {exc}") from None
    if c >= 52:
        raise NotationError(f"{text!r}: Crown Rivals is played without jokers")
    if c in REMOVED:
        raise NotationError(
            f"{text!r}: {cards.code(c)} is not in Crown Rivals (the King and Queen of "
            "Diamonds and of Spades are removed at set-up)"
        )
    return c


def parse(text: str) -> CrownAction:
    """Read one action; a NotationError says what was wrong and what is allowed."""
    words = [w for w in text.replace(",", " ").replace("+", " ").lower().split() if w != "with"]
    if not words:
        raise NotationError("empty action. " + NOTATION_HELP)
    verb, rest = words[0], words[1:]
    if verb in ("end", "pass"):
        if rest:
            raise NotationError(f"{text!r}: '{verb}' takes nothing after it")
        return END if verb == "end" else PASS
    if verb == "play":
        if len(rest) == 1:
            return PLAY[_card(rest[0], text)]
        if len(rest) == 2:
            x, y = _card(rest[0], text), _card(rest[1], text)
            ds = [c for c in (x, y) if c & 3 == DIAMONDS_SUIT]
            if len(ds) != 1:
                raise NotationError(
                    f"{text!r}: a boost pairs one diamond with one heart, club or spade, "
                    "e.g. 'play 5S 3D'"
                )
            d = ds[0]
            return BOOST[(y if x == d else x, d)]
        raise NotationError(
            f"{text!r}: play one card ('play 7C') or a card and its diamond ('play 5S 3D')"
        )
    if verb in _SIMPLE:
        if len(rest) != 1:
            raise NotationError(f"{text!r}: '{verb}' names one card, e.g. '{verb} 5S'")
        found = _SIMPLE[verb].get(_card(rest[0], text))
        if found is None:
            raise NotationError(f"{text!r}: only a spade can be cleared, e.g. 'clear 5S'")
        return found
    if verb == "bonus":
        if not rest or rest[0] not in _SUITS:
            raise NotationError(
                f"{text!r}: name the bonus's suit: 'bonus C', 'bonus H', 'bonus S 5S' or "
                "'bonus D 2C'"
            )
        s = _SUITS[rest[0]]
        more = rest[1:]
        if s in (CLUBS, HEARTS):
            if more:
                raise NotationError(
                    f"{text!r}: 'bonus {SUIT_LETTERS[s]}' takes no card "
                    f"({'your opponent chooses what to discard' if s == CLUBS else 'you draw'})"
                )
            return BONUS_CLUBS if s == CLUBS else BONUS_HEARTS
        if len(more) != 1:
            example = "bonus S 5S" if s == SPADES_SUIT else "bonus D 2C"
            raise NotationError(f"{text!r}: name the bonus's target card, e.g. '{example}'")
        c = _card(more[0], text)
        if s == SPADES_SUIT:
            spade = BONUS_SPADE.get(c)
            if spade is None:
                raise NotationError(
                    f"{text!r}: the Spades bonus removes a spade, e.g. 'bonus S 5S'"
                )
            return spade
        return BONUS_TRASH[c]
    raise NotationError(f"{text!r} is not a Crown Rivals action. " + NOTATION_HELP)
