"""Intrigue: the action space and its notation.

220 actions, laid out by kind (ids are fixed):

    0-5      take A+3        take a support token (A+3 A+1 B+3 B+1 C+3 C+1)
    6-8      favor A         play your Favor for a letter face down
    9-80     down PUB1 A     a deck card face down into a support stack (9 + card*3 + letter)
    81-116   up PUB1 A       a Support face up into a stack, for its effect
    117-123  play ORACLE     an Action card, resolved (choices follow)
    124-153  rel DEBT A B    a Relationship from its left end to its right end
    154-156  target A        the character an Action (Assassination, Virtue, Spy) acts on
    157-180  discard PUB1    the card you discard (Oracle, Defiance)
    181-210  swap A+3 B+1    Manipulate: your token, then an opponent's
    211-213  reverse AB      Lies: the relationship (by its pair) to reverse
    214-219  move AB BC      Misinformation: the relationship to move, and where
"""

from __future__ import annotations

from typing import Any

from courtly.engine.actions import Action, register_table
from courtly.engine.errors import NotationError
from courtly.games.intrigue.cards import (
    ACTION_CARDS,
    BY_CODE,
    CODES,
    DECK_SIZE,
    LETTERS,
    PAIR_NAMES,
    PAIRS,
    RELATIONSHIP_CARDS,
    SUPPORT_CARDS,
    TOKEN_CODES,
    name,
    pair_of,
)

TURN_KINDS = ("take", "favor", "down", "up", "play", "rel")


class IntrigueAction(Action):
    """One action; the fields that do not apply to its kind are -1."""

    __slots__ = ("card", "left", "letter", "pair", "pair2", "right", "token", "token2")

    def __init__(self, id: int, kind: str, notation: str, **fields: int) -> None:
        super().__init__(id, kind, notation)
        self.card = fields.get("card", -1)
        self.letter = fields.get("letter", -1)
        self.left = fields.get("left", -1)
        self.right = fields.get("right", -1)
        self.token = fields.get("token", -1)
        self.token2 = fields.get("token2", -1)
        self.pair = fields.get("pair", -1)
        self.pair2 = fields.get("pair2", -1)

    def params(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.card >= 0:
            out["card"] = CODES[self.card]
        if self.letter >= 0:
            out["character"] = LETTERS[self.letter]
        if self.left >= 0:
            out["left"] = LETTERS[self.left]
            out["right"] = LETTERS[self.right]
        if self.token >= 0:
            out["token"] = TOKEN_CODES[self.token]
        if self.token2 >= 0:
            out["their_token"] = TOKEN_CODES[self.token2]
        if self.pair >= 0:
            out["pair"] = PAIR_NAMES[self.pair]
        if self.pair2 >= 0:
            out["to"] = PAIR_NAMES[self.pair2]
        return out

    def words(self) -> str:
        """The move as players read it in a hint, a review or a replay."""
        k = self.kind
        card = name(self.card) if self.card >= 0 else ""
        at = LETTERS[self.letter] if self.letter >= 0 else ""
        if k == "take":
            return f"take the support token {TOKEN_CODES[self.token]}"
        if k == "favor":
            return f"play the Favor face down, for {at}"
        if k in ("down", "up"):
            return f"play {card} face {k} on {at}" + (", for its effect" if k == "up" else "")
        if k == "play":
            return f"play {card}"
        if k == "rel":
            left, right = LETTERS[self.left], LETTERS[self.right]
            return f"place {card} between {left} and {right}, its left end on {left}"
        if k == "target":
            return f"aim the Action at {at}"
        if k == "discard":
            return f"discard {card}"
        if k == "swap":
            mine, theirs = TOKEN_CODES[self.token], TOKEN_CODES[self.token2]
            return f"give the token {mine} for an opponent's {theirs}"
        if k == "reverse":
            return f"reverse the {PAIR_NAMES[self.pair]} relationship"
        return f"move the {PAIR_NAMES[self.pair]} relationship to the {PAIR_NAMES[self.pair2]} side"


ACTIONS: list[IntrigueAction] = []
TAKE: list[IntrigueAction] = []
FAVOR: list[IntrigueAction] = []
DOWN: list[list[IntrigueAction]] = []  # [card][letter]
UP: dict[int, list[IntrigueAction]] = {}  # [support card][letter]
PLAY: dict[int, IntrigueAction] = {}  # [action card]
REL: dict[int, dict[tuple[int, int], IntrigueAction]] = {}  # [card][(left, right)]
TARGET: list[IntrigueAction] = []
DISCARD: list[IntrigueAction] = []
SWAP: dict[tuple[int, int], IntrigueAction] = {}
REVERSE: list[IntrigueAction] = []
MOVE: dict[tuple[int, int], IntrigueAction] = {}
ORDERED = ((0, 1), (1, 0), (1, 2), (2, 1), (2, 0), (0, 2))


def _add(kind: str, notation: str, **fields: int) -> IntrigueAction:
    a = IntrigueAction(len(ACTIONS), kind, notation, **fields)
    ACTIONS.append(a)
    return a


def _build() -> None:
    for t in range(6):
        TAKE.append(_add("take", f"take {TOKEN_CODES[t]}", token=t))
    for x in range(3):
        FAVOR.append(_add("favor", f"favor {LETTERS[x]}", letter=x))
    for c in range(DECK_SIZE):
        DOWN.append(
            [_add("down", f"down {CODES[c]} {LETTERS[x]}", card=c, letter=x) for x in range(3)]
        )
    for c in SUPPORT_CARDS:
        UP[c] = [_add("up", f"up {CODES[c]} {LETTERS[x]}", card=c, letter=x) for x in range(3)]
    for c in ACTION_CARDS:
        PLAY[c] = _add("play", f"play {CODES[c]}", card=c)
    for c in RELATIONSHIP_CARDS:
        REL[c] = {}
        for lt, rt in ORDERED:
            REL[c][(lt, rt)] = _add(
                "rel",
                f"rel {CODES[c]} {LETTERS[lt]} {LETTERS[rt]}",
                card=c,
                left=lt,
                right=rt,
                pair=pair_of(lt, rt),
            )
    for x in range(3):
        TARGET.append(_add("target", f"target {LETTERS[x]}", letter=x))
    for c in range(DECK_SIZE):
        DISCARD.append(_add("discard", f"discard {CODES[c]}", card=c))
    for mine in range(6):
        for theirs in range(6):
            if mine != theirs:
                SWAP[(mine, theirs)] = _add(
                    "swap",
                    f"swap {TOKEN_CODES[mine]} {TOKEN_CODES[theirs]}",
                    token=mine,
                    token2=theirs,
                )
    for p in range(3):
        REVERSE.append(_add("reverse", f"reverse {PAIR_NAMES[p]}", pair=p))
    for p in range(3):
        for q in range(3):
            if p != q:
                MOVE[(p, q)] = _add(
                    "move", f"move {PAIR_NAMES[p]} {PAIR_NAMES[q]}", pair=p, pair2=q
                )


_build()
register_table(IntrigueAction, ACTIONS)
BY_NOTATION = {a.notation.lower(): a for a in ACTIONS}

NOTATION_HELP = """\
Intrigue notation (case does not matter; cards by code, characters by letter A B C):
  take A+3          take a support token (A+3 A+1 B+3 B+1 C+3 C+1)
  favor B           play your Favor for character B face down
  down SPY C        play any card face down into C's support stack
  up PUB1 A         play a Support face up into A's stack (draw; Defiance: discard)
  play VIRTUE       play an Action card for its effect; then choose:
    target A          the character it acts on (Assassination, Virtue, Spy)
    discard FEUD      the card you discard (Oracle, Defiance)
    swap A+1 B+3      Manipulate: your token, then the opponent's token you take
    reverse AB        Lies: the relationship between A and B
    move AB BC        Misinformation: move the relationship on AB to BC
  rel DEBT A B      place a Relationship from A (left end) to B (right end):
                    Advantage A +1, B -1; Debt A debtor, B lender;
                    Blackmail A blackmailer, B victim
Card codes: ORACLE ASSASSIN VIRTUE SPY MANIP MISINFO LIES DEFY1 DEFY2 MILITARY
LOYAL ZEALOTS GUILDS PUB1-PUB4 ENTH1 ENTH2 FRIEND FEUD ADVANT DEBT BLACKMAIL."""

_FORMS = {
    "take": "take A+3",
    "favor": "favor A",
    "down": "down PUB1 A",
    "up": "up PUB1 A",
    "play": "play ORACLE",
    "rel": "rel FRIEND A B",
    "target": "target A",
    "discard": "discard PUB1",
    "swap": "swap A+3 B+1",
    "reverse": "reverse AB",
    "move": "move AB BC",
}
_VERBS = {"favour": "favor", "place": "rel", "relationship": "rel", "give": "swap"}


def _letter(word: str, text: str) -> int:
    w = word.upper()
    if w not in LETTERS:
        raise NotationError(f"{text!r}: {word!r} is not a character letter; use A, B or C")
    return LETTERS.index(w)


def _deck_card(word: str, text: str) -> int:
    c = BY_CODE.get(word.upper(), -1)
    if not 0 <= c < DECK_SIZE:
        raise NotationError(
            f"{text!r}: {word!r} is not a card code; the codes are " + " ".join(CODES[:DECK_SIZE])
        )
    return c


def _token(word: str, text: str) -> int:
    w = word.upper()
    if len(w) == 2 and w[0] in LETTERS:  # "a3" for "A+3"
        w = w[0] + "+" + w[1]
    if w not in TOKEN_CODES:
        raise NotationError(
            f"{text!r}: {word!r} is not a support token; the tokens are " + " ".join(TOKEN_CODES)
        )
    return TOKEN_CODES.index(w)


def _pair(word: str, text: str) -> int:
    w = word.upper().replace("-", "")
    if len(w) == 2 and w[0] in LETTERS and w[1] in LETTERS and w[0] != w[1]:
        return pair_of(LETTERS.index(w[0]), LETTERS.index(w[1]))
    raise NotationError(f"{text!r}: {word!r} is not a pair of characters; use AB, BC or CA")


def parse(text: str) -> IntrigueAction:
    """Read one action; a NotationError says what was wrong and what is allowed."""
    if not isinstance(text, str):
        raise NotationError(f"{text!r} is not an action. " + NOTATION_HELP)
    quick = BY_NOTATION.get(" ".join(text.lower().split()))
    if quick is not None:
        return quick
    words = text.replace(",", " ").split()
    if not words:
        raise NotationError("empty action. " + NOTATION_HELP)
    verb = _VERBS.get(words[0].lower(), words[0].lower())
    rest = [w for w in words[1:] if w.lower() not in ("at", "on", "to", "for", "with")]
    if verb not in _FORMS:
        raise NotationError(f"{text!r} does not start with a known verb. " + NOTATION_HELP)
    arity = {"take": 1, "favor": 1, "down": 2, "up": 2, "play": 1, "rel": 3, "target": 1,
             "discard": 1, "swap": 2, "reverse": 1, "move": 2}[verb]  # fmt: skip
    if len(rest) != arity:
        raise NotationError(f"{text!r}: write it as '{_FORMS[verb]}'")
    if verb == "take":
        return TAKE[_token(rest[0], text)]
    if verb == "favor":
        return FAVOR[_letter(rest[0], text)]
    if verb == "target":
        return TARGET[_letter(rest[0], text)]
    if verb == "reverse":
        return REVERSE[_pair(rest[0], text)]
    if verb == "move":
        p, q = _pair(rest[0], text), _pair(rest[1], text)
        if p == q:
            raise NotationError(f"{text!r}: a relationship moves to a different pair")
        return MOVE[(p, q)]
    if verb == "swap":
        mine, theirs = _token(rest[0], text), _token(rest[1], text)
        if mine == theirs:
            raise NotationError(f"{text!r}: swap two different tokens, yours first")
        return SWAP[(mine, theirs)]
    c = _deck_card(rest[0], text)
    if verb == "discard":
        return DISCARD[c]
    if verb == "down":
        return DOWN[c][_letter(rest[1], text)]
    if verb == "up":
        if c not in UP:
            raise NotationError(
                f"{text!r}: only Support cards are played face up; play an Action with "
                f"'play {CODES[c]}' or place a Relationship with 'rel', or play it "
                f"face down with 'down {CODES[c]} A'"
            )
        return UP[c][_letter(rest[1], text)]
    if verb == "play":
        if c not in PLAY:
            raise NotationError(
                f"{text!r}: {CODES[c]} is not an Action card; Supports go 'up' or 'down', "
                f"Relationships with 'rel {CODES[c]} A B'"
            )
        return PLAY[c]
    # rel
    if c not in REL:
        raise NotationError(f"{text!r}: {CODES[c]} is not a Relationship card")
    lt, rt = _letter(rest[1], text), _letter(rest[2], text)
    if lt == rt:
        raise NotationError(f"{text!r}: a relationship joins two different characters")
    return REL[c][(lt, rt)]


__all__ = ["ACTIONS", "NOTATION_HELP", "PAIRS", "IntrigueAction", "parse"]
