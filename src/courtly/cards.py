"""The standard deck: 52 cards and up to two jokers.

Inside the engines a card is a plain integer (fast to copy, hash and compare);
outside it is a two-character code: rank ``A 2-9 T J Q K`` then suit ``C D H S``
(``"TH"`` is the ten of Hearts, ``"AS"`` the ace of Spades). ``10H`` is accepted
on input. Jokers are ``"X1"`` and ``"X2"`` (``"JOKER"`` is read as the first).

    >>> card("th")
    34
    >>> code(34), rank(34), suit_letter(34), is_red(34)
    ('TH', 10, 'H', True)
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_NAMES = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}
RANK_NAMES = {
    "A": "Ace",
    "T": "10",
    "J": "Jack",
    "Q": "Queen",
    "K": "King",
}

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
JOKER_1 = 52
JOKER_2 = 53
JOKERS = (JOKER_1, JOKER_2)

# card = (rank - 1) * 4 + suit, so that cards of one rank sit together and
# ``c & 3`` is the suit.
DECK: tuple[int, ...] = tuple(range(52))


class CardError(ValueError):
    """A card code that could not be read; the message says what is allowed."""


def make(rank_value: int, suit_index: int) -> int:
    """The card of ``rank_value`` (1 = Ace ... 13 = King) and suit index."""
    return (rank_value - 1) * 4 + suit_index


def rank(c: int) -> int:
    """Rank value 1 (Ace) to 13 (King); 0 for a joker."""
    return 0 if c >= 52 else (c >> 2) + 1


def suit(c: int) -> int:
    """Suit index: 0 Clubs, 1 Diamonds, 2 Hearts, 3 Spades (-1 for a joker)."""
    return -1 if c >= 52 else c & 3


def suit_letter(c: int) -> str:
    return "" if c >= 52 else SUITS[c & 3]


def is_red(c: int) -> bool:
    return c < 52 and (c & 3) in (DIAMONDS, HEARTS)


def is_black(c: int) -> bool:
    return c < 52 and (c & 3) in (CLUBS, SPADES)


def colour(c: int) -> str:
    """``"red"``, ``"black"`` or ``"joker"``."""
    if c >= 52:
        return "joker"
    return "red" if is_red(c) else "black"


def is_joker(c: int) -> bool:
    return c >= 52


_CODES: list[str] = [RANKS[r] + s for r in range(13) for s in SUITS] + ["X1", "X2"]
_BY_CODE: dict[str, int] = {cd: i for i, cd in enumerate(_CODES)}


def code(c: int) -> str:
    """Two-character code of a card: ``"TH"``, ``"AS"``, ``"X1"``."""
    return _CODES[c]


def codes(cards: Iterable[int]) -> list[str]:
    return [_CODES[c] for c in cards]


def name(c: int) -> str:
    """A card's name in words: ``"10 of Hearts"``, ``"Queen of Spades"``."""
    if c >= 52:
        return "Joker"
    r = RANKS[c >> 2]
    return f"{RANK_NAMES.get(r, r)} of {SUIT_NAMES[SUITS[c & 3]]}"


def card(text: str) -> int:
    """Read a card code, case-insensitively (``"th"``, ``"10H"``, ``"x1"``, ``"joker"``)."""
    found = _BY_CODE.get(text)  # a code as the game writes it (observations)
    if found is not None:
        return found
    t = text.strip().upper()
    if t.startswith("10") and len(t) == 3:
        t = "T" + t[2]
    if t == "JOKER":
        t = "X1"
    found = _BY_CODE.get(t)
    if found is None:
        raise CardError(
            f"{text!r} is not a card: write rank then suit, rank one of "
            f"A 2-9 T (or 10) J Q K and suit one of C D H S, e.g. 'TH' or '7s'"
        )
    return found


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Read several card codes separated by spaces or commas."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [card(p) for p in parts]


def standard_deck(jokers: int = 0) -> list[int]:
    """A fresh, ordered 52-card deck with ``jokers`` (0-2) jokers after it."""
    if not 0 <= jokers <= 2:
        raise CardError(f"a standard deck has 0, 1 or 2 jokers, not {jokers}")
    return list(DECK) + list(JOKERS[:jokers])
