"""Agents of the Crown: the action space and its notation.

Two kinds of action, 992 in all:

* ``pass QS 4D``: pass one Noble and one Common to the left (ids 0-511:
  noble index * 32 + common index).
* ``up 7H at H`` / ``down 9C at table``: commit a card face up or face down,
  placed at a challenge (its suit letter) or at the open table (ids 512-991).

Commons are 2-9 and Nobles 10-K; inside, a card is ``courtly.cards``'s integer,
so Commons are 4..35 and Nobles 36..51.
"""

from __future__ import annotations

from typing import Any

from courtly import cards
from courtly.engine.actions import Action, register_table
from courtly.engine.errors import NotationError

TABLE = 4
"""Placement index of the open table (0-3 are the challenges by suit)."""
PLACES = ("C", "D", "H", "S", "table")
SYMBOLS = ("♣", "♦", "♥", "♠")

FIRST_COMMON, FIRST_NOBLE, END = 4, 36, 52
COMMONS = tuple(range(FIRST_COMMON, FIRST_NOBLE))
NOBLES = tuple(range(FIRST_NOBLE, END))
BANNERS = (0, 1, 2, 3)  # the four Aces
PASS_COUNT = len(NOBLES) * len(COMMONS)  # 512


def is_noble(c: int) -> bool:
    return c >= FIRST_NOBLE


def is_common(c: int) -> bool:
    return FIRST_COMMON <= c < FIRST_NOBLE


class AgentsAction(Action):
    """A pass (``noble`` + ``common``) or a commit (``card``, ``up``, ``place``)."""

    __slots__ = ("card", "common", "noble", "place", "up")

    def __init__(
        self,
        id: int,
        kind: str,
        *,
        noble: int = -1,
        common: int = -1,
        card: int = -1,
        up: bool = False,
        place: int = -1,
    ) -> None:
        if kind == "pass":
            text = f"pass {cards.code(noble)} {cards.code(common)}"
        else:
            text = f"{'up' if up else 'down'} {cards.code(card)} at {PLACES[place]}"
        super().__init__(id, kind, text)
        self.noble = noble
        self.common = common
        self.card = card
        self.up = up
        self.place = place

    def params(self) -> dict[str, Any]:
        if self.kind == "pass":
            return {"noble": cards.code(self.noble), "common": cards.code(self.common)}
        return {"card": cards.code(self.card), "up": self.up, "at": PLACES[self.place]}

    def words(self) -> str:
        """The move as players read it in a hint, a review or a replay."""
        if self.kind == "pass":
            return (
                f"pass {{{cards.code(self.noble)}}} and {{{cards.code(self.common)}}} to the left"
            )
        where = "the open table" if self.place == TABLE else f"the {SYMBOLS[self.place]} challenge"
        face = "face up" if self.up else "face down"
        return f"play {{{cards.code(self.card)}}} {face} at {where}"


def _build() -> list[AgentsAction]:
    table: list[AgentsAction] = []
    for noble in NOBLES:
        for common in COMMONS:
            table.append(AgentsAction(len(table), "pass", noble=noble, common=common))
    for card in range(FIRST_COMMON, END):
        for up in (True, False):
            for place in range(5):
                table.append(AgentsAction(len(table), "commit", card=card, up=up, place=place))
    return table


ACTIONS: list[AgentsAction] = _build()
register_table(AgentsAction, ACTIONS)


def _commits_by_mask() -> list[list[tuple[AgentsAction, ...]]]:
    """For each card and each set of open challenges (a 4-bit mask by suit), the
    card's legal commits: up and down at every open challenge and the table."""
    out: list[list[tuple[AgentsAction, ...]]] = [[] for _ in range(END)]
    for card in range(FIRST_COMMON, END):
        base = PASS_COUNT + (card - FIRST_COMMON) * 10
        for mask in range(16):
            places = [p for p in range(4) if mask >> p & 1] + [TABLE]
            out[card].append(tuple(ACTIONS[base + face + p] for p in places for face in (0, 5)))
    return out


COMMITS_BY_MASK = _commits_by_mask()
"""``COMMITS_BY_MASK[card][mask]``: legal commits of ``card`` with those challenges open."""


def pass_action(noble: int, common: int) -> AgentsAction:
    return ACTIONS[(noble - FIRST_NOBLE) * 32 + (common - FIRST_COMMON)]


def commit_action(card: int, up: bool, place: int) -> AgentsAction:
    return ACTIONS[PASS_COUNT + (card - FIRST_COMMON) * 10 + (0 if up else 5) + place]


NOTATION_HELP = """\
Agents of the Crown notation (case does not matter):
  pass QS 4D        pass one Noble (10-K) and one Common (2-9) to your left
  up 7H at H        play the 7 of Hearts face up, placed at the Hearts challenge
  down 9C at table  play the 9 of Clubs face down, placed at the open table
  down KS at D      a face-down card may be placed anywhere: a bluff
Cards are rank then suit: ranks 2-9 T (or 10) J Q K, suits C D H S.
A placement is a challenge's suit letter (C D H S) or 'table'; without one,
the card is placed at the challenge of its own suit."""

_PLACE_WORDS = {
    "c": 0,
    "clubs": 0,
    "d": 1,
    "diamonds": 1,
    "h": 2,
    "hearts": 2,
    "s": 3,
    "spades": 3,
    "table": TABLE,
    "t": TABLE,
    "-": TABLE,
    "open": TABLE,
}


def _card(word: str) -> int:
    try:
        c = cards.card(word)
    except cards.CardError as exc:
        raise NotationError(str(exc)) from None
    if c < FIRST_COMMON or c >= END:
        what = "a Banner (Ace)" if c < FIRST_COMMON else "a joker, which this game has none of"
        raise NotationError(
            f"{word!r} is {what}; only Commons (2-9) and Nobles (10-K) are passed and played"
        )
    return c


def parse(text: str) -> AgentsAction:
    """Read one action; a NotationError says what was wrong and what is allowed."""
    words = text.replace(",", " ").lower().split()
    if not words:
        raise NotationError("empty action. " + NOTATION_HELP)
    verb, rest = words[0], words[1:]
    if verb == "pass":
        if len(rest) != 2:
            raise NotationError(
                f"{text!r}: a pass names two cards, one Noble and one Common, e.g. 'pass QS 4D'"
            )
        a, b = _card(rest[0]), _card(rest[1])
        nobles = [c for c in (a, b) if is_noble(c)]
        commons = [c for c in (a, b) if is_common(c)]
        if len(nobles) != 1 or len(commons) != 1:
            raise NotationError(
                f"{text!r}: pass exactly one Noble (10-K) and one Common (2-9), e.g. 'pass QS 4D'"
            )
        return pass_action(nobles[0], commons[0])
    if verb in ("up", "u", "down", "d"):
        up = verb.startswith("u")
        if not rest:
            raise NotationError(f"{text!r}: name the card to play, e.g. '{verb} 7H at H'")
        c = _card(rest[0])
        tail = [w for w in rest[1:] if w not in ("at", "on", "@")]
        if not tail:
            place = cards.suit(c)
        elif len(tail) == 1 and tail[0] in _PLACE_WORDS:
            place = _PLACE_WORDS[tail[0]]
        else:
            raise NotationError(
                f"{text!r}: after the card, give where it is placed: a challenge's suit "
                "(C, D, H, S) or 'table', e.g. 'down 9C at table'"
            )
        return commit_action(c, up, place)
    raise NotationError(f"{text!r} does not start with pass, up or down. " + NOTATION_HELP)
