"""Intrigue's own cards, as one readable table (the rule text's card sheets).

Inside the game every physical card is an int; outside it has a short code.

    ids  0..23   the draw deck: 7 Actions, 12 Supports, 5 Relationships  (INT-1)
    ids 24..27   the four Characters
    ids 28..33   the six support tokens (A+3, A+1, B+3, B+1, C+3, C+1)
    ids 34..42   the Favor cards: seat * 3 + letter (seat 0's A, B, C, then seat 1's...)

A card's *support value* is what it adds to the character whose support stack
holds it. A trait Support is worth +2 to a character with its trait, else 0
(INT-6). A Relationship's two end values apply to the characters at its ends
(INT-4).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

LETTERS = ("A", "B", "C")
"""The three places of the circle, clockwise."""
PAIRS = ((0, 1), (1, 2), (2, 0))
"""The three pairs of neighbours on the circle, each written clockwise: AB, BC, CA."""
PAIR_NAMES = ("AB", "BC", "CA")
PLAYERS = 3
"""Intrigue is played by three advisors."""
START_POINTS = 3


def left_end(rel_cw: Sequence[bool], p: int) -> int:
    """The letter at the left end of the relationship on pair ``p``, which
    runs clockwise when ``rel_cw[p]`` (INT-4)."""
    a, b = PAIRS[p]
    return a if rel_cw[p] else b


def right_end(rel_cw: Sequence[bool], p: int) -> int:
    a, b = PAIRS[p]
    return b if rel_cw[p] else a


_PAIR_OF = {(a, b): p for p, (a, b) in enumerate(PAIRS)} | {
    (b, a): p for p, (a, b) in enumerate(PAIRS)
}


def pair_of(x: int, y: int) -> int:
    """The pair index of two different letters (either order)."""
    p = _PAIR_OF.get((x, y))
    if p is None:
        raise ValueError(f"{x}, {y} is not a pair of characters")
    return p


@dataclass(frozen=True)
class Character:
    id: int
    code: str
    name: str
    priority: int
    traits: tuple[str, ...]


@dataclass(frozen=True)
class DeckCard:
    id: int
    code: str
    name: str
    kind: str  # "action", "support" or "relationship"
    value: int  # support value when face down (a trait Support's: with the trait)
    text: str
    trait: str | None = None  # trait Supports: +2 with it, 0 without (INT-6)
    ends: tuple[int, int] = (0, 0)  # Relationships: values at the left and right ends
    roles: tuple[str, str] = ("", "")  # Relationships: names of the two ends


# fmt: off
CHARACTERS: tuple[Character, ...] = (
    #          id  code        name        priority  traits
    Character(24, "PRINCESS", "Princess", 4, ("Nobility", "Royalty")),
    Character(25, "DUKE",     "Duke",     3, ("Military", "Nobility")),
    Character(26, "BISHOP",   "Bishop",   2, ("Nobility", "Religion")),
    Character(27, "PROPHET",  "Prophet",  1, ("Military", "Religion")),
)

_DRAW = "You may play this support card face-up. If you do, draw a card."
_DEFY = "You may play this support card face-up. If you do, discard a card."

DECK: tuple[DeckCard, ...] = (
    #        id  code        name                  kind       value text
    DeckCard(0,  "ORACLE",   "Oracle",             "action",  0,
             "Draw two cards. Then discard a card from your hand."),
    DeckCard(1,  "ASSASSIN", "Assassination",      "action", -1,
             "Replace a character with a random unused character. The new character "
             "uses the same color as the removed character but enters with zero votes."),
    DeckCard(2,  "VIRTUE",   "Virtue",             "action",  1,
             "Reveal face-down cards on a character until a negative one is found. "
             "Discard that card."),
    DeckCard(3,  "SPY",      "Spy",                "action",  0,
             "Choose a character and reveal a random one of their face-down support cards."),
    DeckCard(4,  "MANIP",    "Manipulate",         "action", -1,
             "Swap a support token you have with an opponent's."),
    DeckCard(5,  "MISINFO",  "Misinformation",     "action",  0,
             "Move a relationship card clockwise left or right around the outer circle, "
             "maintaining its orientation."),
    DeckCard(6,  "LIES",     "Lies",               "action", -1,
             "Reverse one relationship card."),
    DeckCard(7,  "DEFY1",    "Defiance",           "support", 0, _DEFY),
    DeckCard(8,  "DEFY2",    "Defiance",           "support", 0, _DEFY),
    DeckCard(9,  "MILITARY", "Military Support",   "support", 2, _DRAW, trait="Military"),
    DeckCard(10, "LOYAL",    "Loyalists",          "support", 2, _DRAW, trait="Royalty"),
    DeckCard(11, "ZEALOTS",  "Zealots",            "support", 2, _DRAW, trait="Religion"),
    DeckCard(12, "GUILDS",   "Guilds",             "support", 2, _DRAW, trait="Nobility"),
    DeckCard(13, "PUB1",     "Public Support",     "support", 1, _DRAW),
    DeckCard(14, "PUB2",     "Public Support",     "support", 1, _DRAW),
    DeckCard(15, "PUB3",     "Public Support",     "support", 1, _DRAW),
    DeckCard(16, "PUB4",     "Public Support",     "support", 1, _DRAW),
    DeckCard(17, "ENTH1",    "Enthusiastic Support", "support", 2, _DRAW),
    DeckCard(18, "ENTH2",    "Enthusiastic Support", "support", 2, _DRAW),
    DeckCard(19, "FRIEND",   "Friendship",         "relationship", 1, "+1 / +1",
             ends=(1, 1)),
    DeckCard(20, "FEUD",     "Feud",               "relationship", -1, "-1 / -1",
             ends=(-1, -1)),
    DeckCard(21, "ADVANT",   "Advantage",          "relationship", 0, "+1 / -1",
             ends=(1, -1)),
    DeckCard(22, "DEBT",     "Debt",               "relationship", -1,
             "Before revealing cards at the end of the round, move one randomly from "
             "the debtor to the lender.", roles=("Debtor", "Lender")),
    DeckCard(23, "BLACKMAIL", "Blackmail",         "relationship", -1,
             "If the victim wins this round, the blackmailer wins instead.",
             roles=("Blackmailer", "Victim")),
)
# fmt: on

DECK_SIZE = len(DECK)  # 24
ORACLE, ASSASSIN, VIRTUE, SPY, MANIP, MISINFO, LIES = range(7)
DEFY1, DEFY2 = 7, 8
FRIEND, FEUD, ADVANT, DEBT, BLACKMAIL = range(19, 24)
ACTION_CARDS = tuple(range(0, 7))
SUPPORT_CARDS = tuple(range(7, 19))
RELATIONSHIP_CARDS = tuple(range(19, 24))
DEFIANCE = (DEFY1, DEFY2)

FIRST_CHARACTER = 24
CHARACTER_IDS = tuple(c.id for c in CHARACTERS)

FIRST_TOKEN = 28
TOKEN_VALUES = (3, 1)
"""Support tokens: token t (0..5) belongs to letter t // 2 and is worth +3 (even t)
or +1 (odd t)."""
TOKEN_CODES = tuple(f"{LETTERS[t // 2]}+{TOKEN_VALUES[t % 2]}" for t in range(6))


def token_letter(t: int) -> int:
    return t >> 1


def token_value(t: int) -> int:
    return TOKEN_VALUES[t & 1]


FIRST_FAVOR = 34
FAVORS_PER_PLAYER = 3


def favor_card(seat: int, letter: int) -> int:
    """The card int of ``seat``'s Favor for ``letter``."""
    return FIRST_FAVOR + seat * 3 + letter


def favor_code(seat: int, letter: int) -> str:
    return f"F{seat}{LETTERS[letter]}"


ALL_CARDS = 43

CODES: tuple[str, ...] = (
    *(c.code for c in DECK),
    *(c.code for c in CHARACTERS),
    *TOKEN_CODES,
    *(favor_code(s, x) for s in range(3) for x in range(3)),
)
BY_CODE: dict[str, int] = {code: i for i, code in enumerate(CODES)}

VALUE = tuple(c.value for c in DECK)
"""Face value of each deck card (a trait Support's value with its trait)."""
CHARACTER_OF = {c.id: c for c in CHARACTERS}


def has_trait(character: int, trait: str) -> bool:
    return trait in CHARACTER_OF[character].traits


# TRAIT_VALUE[card][character - 24]: a deck card's support value for that character.
TRAIT_VALUE: tuple[tuple[int, ...], ...] = tuple(
    tuple((c.value if c.trait is None or c.trait in ch.traits else 0) for ch in CHARACTERS)
    for c in DECK
)


def support_value(card: int, character: int) -> int:
    """What ``card`` adds to ``character`` in a support stack (INT-6: slash values)."""
    return TRAIT_VALUE[card][character - FIRST_CHARACTER]


def sign(card: int) -> int:
    """+1, -1 or 0: a Relationship's own support value decides whether it may
    replace another (INT-5)."""
    v = VALUE[card]
    return (v > 0) - (v < 0)


def priority(character: int) -> int:
    return CHARACTER_OF[character].priority


def name(card: int) -> str:
    """A card's printed name (deck cards and Characters), a token's or a Favor's code."""
    if card < DECK_SIZE:
        return DECK[card].name
    if card in CHARACTER_OF:
        return CHARACTER_OF[card].name
    return CODES[card]
