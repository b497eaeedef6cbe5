"""Intrigue: the rules, in the order of the rule text.

Flow of a game (the pending decision at each point):

    Setting Up        three Characters as A, B, C (circle, clockwise); the six
                      support tokens on them; 3 points and Favors A B C each
    Round x 3         deal hand_size cards each (INT-2)
      turn            the seat to act: take a token, play a card (down / up /
                      play / rel) or play a Favor face down (INT-3)
        target        Assassination, Virtue, Spy: the character it acts on
        discard       Oracle (after drawing two), Defiance face up
        swap          Manipulate: your token for an opponent's
        reverse       Lies: the relationship to reverse
        move          Misinformation: the relationship to move, and where
      End of Round    when a hand is empty: Debt, reveal, totals, Blackmail,
                      points for tokens (round.py)            (INT-9, INT-10)
    End of Game       the monarch; Favors scored in play order

Ruling ids (``INT-n``) refer to this game's RULES.md. Card effects are in
effects.py, the end of a round and of the game in round.py.
"""

from __future__ import annotations

from typing import Any

from courtly.engine.actions import Action
from courtly.engine.events import Event
from courtly.engine.game import Game, State
from courtly.games.intrigue import cards as C
from courtly.games.intrigue import effects
from courtly.games.intrigue.actions import (
    DISCARD,
    DOWN,
    FAVOR,
    MOVE,
    ORDERED,
    PLAY,
    REL,
    REVERSE,
    SWAP,
    TAKE,
    TARGET,
    UP,
    IntrigueAction,
)
from courtly.games.intrigue.cards import PLAYERS, START_POINTS
from courtly.games.intrigue.options import IntrigueOptions
from courtly.games.intrigue.round import end_round

REL_ORDERED: dict[int, list[tuple[int, IntrigueAction]]] = {
    c: [(C.pair_of(lt, rt), by_letters[(lt, rt)]) for lt, rt in ORDERED]
    for c, by_letters in REL.items()
}
"""A Relationship's face-up placements in ``ORDERED`` order, with the pair each takes."""


class IntrigueState(State):
    """A position of Intrigue. Cards are ints (see cards.py); lists by letter or seat."""

    # fmt: off
    __slots__ = (
        "char_points", "chars", "deck", "discard", "effect", "favor_hand", "favors_played",
        "final", "finished", "gone", "hands", "kept", "played", "points", "rel_card", "rel_cw",
        "round", "round_log", "stack_by", "stack_shown", "stack_up", "stacks", "start", "tokens",
        "turn", "unused",
    )
    # fmt: on

    game: Game
    options: IntrigueOptions

    # -- Setting Up -------------------------------------------------------------
    def setup(self, game: Game, seed: int, options: IntrigueOptions) -> list[Event]:
        self._init_base(game, PLAYERS, seed, options)
        if options.characters is not None:
            order = [C.BY_CODE[c] for c in options.characters]
            order += [c for c in C.CHARACTER_IDS if c not in order]
        else:
            order = list(C.CHARACTER_IDS)
            self.rng.shuffle(order)
        self.chars: list[int] = order[:3]  # by letter A, B, C
        self.unused: list[int] = order[3:]
        self.gone: list[int] = []
        self.char_points = [0, 0, 0]  # point tokens on each letter
        self.tokens = [-1] * 6  # holder seat of each support token, -1 on its character
        self.points = [START_POINTS] * PLAYERS
        self.favor_hand: list[list[int]] = [[0, 1, 2] for _ in range(PLAYERS)]
        self.favors_played: list[int] = []  # Favor card ints, in play order
        self.hands: list[list[int]] = [[] for _ in range(PLAYERS)]
        self.stacks: list[list[int]] = [[], [], []]  # by letter, bottom first
        self.stack_by: list[list[int]] = [[], [], []]  # who played each stack card
        self.stack_up: list[list[bool]] = [[], [], []]  # face up (played so, or revealed)
        self.stack_shown: list[list[bool]] = [[], [], []]  # face down, shown to all (INT-18)
        self.played: list[list[int]] = [[], [], []]  # cards each seat played this round
        # What each viewer (seats 0-2, 3: a spectator) knows of the cards each seat
        # kept from the last round (leftover_hands=keep, INT-11): pairs (cards, n),
        # "at least n of the cards it kept are among these".
        self.kept: list[list[list[tuple[frozenset[int], int]]]] = [
            [[] for _ in range(PLAYERS)] for _ in range(PLAYERS + 1)
        ]
        self.discard: list[int] = []
        self.rel_card = [-1, -1, -1]  # by pair AB, BC, CA
        self.rel_cw = [True, True, True]  # left end is the pair's clockwise-first letter
        self.round = 0
        self.start = 0  # first player of the round
        self.turn = 0  # seat whose turn it is (or was last)
        self.effect = -1  # the card whose choice is pending
        self.round_log: list[dict[str, Any]] = []
        self.final: dict[str, Any] | None = None
        self.finished = False
        stacked = options.deck
        if stacked is not None:
            self.deck = [C.BY_CODE[c] for c in reversed(stacked)]  # top is last
        else:
            self.deck = list(range(C.DECK_SIZE))
            self.rng.shuffle(self.deck)
        events = [
            Event(
                "setup",
                {
                    "characters": [C.CODES[c] for c in self.chars],
                    "unused": [C.CODES[c] for c in self.unused],
                },
            )
        ]
        events += self.start_round(shuffle=False)
        return events

    def start_round(self, shuffle: bool = True) -> list[Event]:
        """Deal hand_size cards to each seat, in blocks from the first player (INT-2)."""
        self.round += 1
        if shuffle:
            self.rng.shuffle(self.deck)
        self.played = [[], [], []]
        n = self.options.hand_size
        for k in range(PLAYERS):
            seat = (self.start + k) % PLAYERS
            for _ in range(n):
                if self.deck:
                    self.hands[seat].append(self.deck.pop())
        self.turn = self.start
        events: list[Event] = []
        if not self.quiet:
            events.append(Event("round", {"round": self.round, "first": self.start}))
            for seat in range(PLAYERS):
                dealt = {"cards": [C.CODES[c] for c in self.hands[seat]]}
                events.append(Event("dealt", dealt, to=frozenset((seat,))))
        if any(not h for h in self.hands):  # INT-11 with 'keep': nothing left to deal
            return events + end_round(self)
        self.pending.push("turn", [self.start])
        return events

    # -- helpers on the table -------------------------------------------------------
    def face_down(self, x: int) -> int:
        """How many face-down cards are in letter ``x``'s support stack."""
        return self.stack_up[x].count(False)

    def seen(self, x: int) -> list[bool]:
        """For each card of letter ``x``'s stack: whether everyone knows it (face up,
        or face down but shown by a Spy, INT-18)."""
        return [u or s for u, s in zip(self.stack_up[x], self.stack_shown[x], strict=True)]

    def can_place(self, card: int, p: int) -> bool:
        """A Relationship may go on an empty pair, or replace one of the opposite
        sign (INT-5)."""
        cur = self.rel_card[p]
        return cur < 0 or C.sign(card) * C.sign(cur) < 0

    def moves(self) -> list[tuple[int, int]]:
        """Misinformation's legal moves: a relationship to an adjacent pair where it
        could be placed (INT-4)."""
        out = []
        for p in range(3):
            c = self.rel_card[p]
            if c >= 0:
                for q in range(3):
                    if q != p and self.can_place(c, q):
                        out.append((p, q))
        return out

    def playable(self, card: int, seat: int) -> bool:
        """Whether an Action has something to act on now (INT-14)."""
        if card == C.ORACLE:
            return True
        if card == C.ASSASSIN:
            return bool(self.unused)
        if card in (C.VIRTUE, C.SPY):
            return any(self.face_down(x) for x in range(3))
        if card == C.MANIP:
            t = self.tokens
            return seat in t and any(h >= 0 and h != seat for h in t)
        if card == C.LIES:
            return any(c >= 0 for c in self.rel_card)
        return bool(self.moves())  # MISINFO

    # -- who may do what ------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        top = self.pending.top
        if top is None or seat not in top.waiting:
            return []
        kind = top.kind
        out: list[Action] = []
        if kind == "turn":
            return self._turn_actions(seat)
        if kind == "discard":
            for c in self.hands[seat]:
                out.append(DISCARD[c])
            return out
        if kind == "target":
            if self.effect == C.ASSASSIN:
                return list(TARGET)
            for x in range(3):
                if False in self.stack_up[x]:  # a face-down card to act on
                    out.append(TARGET[x])
            return out
        if kind == "swap":
            t = self.tokens
            for m in range(6):
                if t[m] == seat:
                    for o in range(6):
                        if t[o] >= 0 and t[o] != seat:
                            out.append(SWAP[(m, o)])
            return out
        if kind == "reverse":
            for p in range(3):
                if self.rel_card[p] >= 0:
                    out.append(REVERSE[p])
            return out
        for move in self.moves():  # move
            out.append(MOVE[move])
        return out

    def _turn_actions(self, seat: int) -> list[Action]:
        """A turn's moves in a fixed order: take a token, play a Favor, then each
        card of the hand face down, and face up where it may go (INT-4, INT-14)."""
        out: list[Action] = []
        tokens = self.tokens
        for t in range(6):
            if tokens[t] < 0:
                out.append(TAKE[t])
        for x in self.favor_hand[seat]:
            out.append(FAVOR[x])
        idle = self.options.idle_actions == "allowed"
        rel_card = self.rel_card
        for c in self.hands[seat]:
            out.extend(DOWN[c])
            if c < 7:
                if idle or self.playable(c, seat):
                    out.append(PLAY[c])
            elif c < 19:
                out.extend(UP[c])
            else:  # a Relationship: an empty pair, or one of the opposite sign (INT-5)
                sign = C.sign(c)
                for p, action in REL_ORDERED[c]:
                    cur = rel_card[p]
                    if cur < 0 or sign * C.sign(cur) < 0:
                        out.append(action)
        return out

    def check(self, seat: int, action: Action) -> str | None:
        if not isinstance(action, IntrigueAction):
            return f"{action!r} is not an Intrigue action"
        kind = self.pending.top.kind  # type: ignore[union-attr]
        k = action.kind
        hand = self.hands[seat]
        if kind == "turn":
            if k not in ("take", "favor", "down", "up", "play", "rel"):
                return (
                    f"'{k}' answers a card's choice, and none is pending; on your turn take "
                    "a token, play a card (down, up, play, rel) or play a Favor"
                )
            if k == "take":
                holder = self.tokens[action.token]
                if holder >= 0:
                    free = [C.TOKEN_CODES[t] for t in range(6) if self.tokens[t] < 0]
                    return (
                        f"token {C.TOKEN_CODES[action.token]} was taken by seat {holder}; "
                        f"tokens left: {', '.join(free) or 'none'}"
                    )
                return None
            if k == "favor":
                if action.letter not in self.favor_hand[seat]:
                    left = [C.LETTERS[x] for x in self.favor_hand[seat]]
                    return (
                        f"you already played your Favor {C.LETTERS[action.letter]}; "
                        f"Favors left: {', '.join(left) or 'none'}"
                    )
                return None
            if action.card not in hand:
                return (
                    f"you do not hold {C.CODES[action.card]}; your hand is "
                    f"{' '.join(C.CODES[c] for c in hand)}"
                )
            if (
                k == "play"
                and self.options.idle_actions == "forbidden"
                and not self.playable(action.card, seat)
            ):
                return (
                    f"{C.DECK[action.card].name} would have nothing to act on now "
                    f"(INT-14, idle_actions=forbidden); play it face down with "
                    f"'down {C.CODES[action.card]} A'"
                )
            if k == "rel" and not self.can_place(action.card, action.pair):
                cur = self.rel_card[action.pair]
                return (
                    f"{C.DECK[cur].name} lies between {C.PAIR_NAMES[action.pair]}; a new "
                    "relationship replaces it only if one is positive and the other "
                    "negative (INT-5); choose another pair"
                )
            return None
        if k != kind:
            return f"{C.DECK[self.effect].name} awaits your choice: '{_FORM[kind]}'"
        legal = self.legal_actions(seat)
        if action in legal:
            return None
        options = ", ".join(a.notation for a in legal)
        if k == "discard":
            return f"you do not hold {C.CODES[action.card]}; discard one of: {options}"
        return f"'{action.notation}' is not possible now; choose one of: {options}"

    def play(self, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, IntrigueAction)
        self.pending.pop()
        return effects.carry_out(self, seat, action)

    # -- the end of a turn ---------------------------------------------------------------
    def end_turn(self, seat: int) -> list[Event]:
        """Pass the turn left, or end the round when a hand is empty (INT-3)."""
        self.effect = -1
        self.turn = seat
        h = self.hands
        if not h[0] or not h[1] or not h[2]:
            return end_round(self)
        self.turn = (seat + 1) % PLAYERS
        self.pending.push("turn", [self.turn])
        return []

    # -- results ----------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.finished

    @property
    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    # -- views ------------------------------------------------------------------
    def zones(self) -> dict[str, list[int]]:
        z: dict[str, list[int]] = {
            "deck": list(self.deck),
            "discard": list(self.discard),
            "relationships": [c for c in self.rel_card if c >= 0],
            "characters": list(self.chars),
            "unused": list(self.unused),
            "gone": list(self.gone),
            "tokens_free": [C.FIRST_TOKEN + t for t in range(6) if self.tokens[t] < 0],
            "favors_played": list(self.favors_played),
        }
        for seat in range(PLAYERS):
            z[f"hand{seat}"] = list(self.hands[seat])
            z[f"tokens{seat}"] = [C.FIRST_TOKEN + t for t in range(6) if self.tokens[t] == seat]
            z[f"favors{seat}"] = [C.favor_card(seat, x) for x in self.favor_hand[seat]]
        for x in range(3):
            z[f"stack{C.LETTERS[x]}"] = list(self.stacks[x])
        return z

    def hidden_from(self, seat: int | None) -> set[str]:
        """Cards ``seat`` has not seen: the deck, other hands, face-down stack cards
        it did not play, other seats' Favors (played ones until the game's end)."""
        hidden: list[int] = list(self.deck)
        for other in range(PLAYERS):
            if other != seat:
                hidden += self.hands[other]
                hidden += [C.favor_card(other, x) for x in self.favor_hand[other]]
        for x in range(3):
            for c, by, seen in zip(self.stacks[x], self.stack_by[x], self.seen(x), strict=True):
                if not seen and by != seat:
                    hidden.append(c)
        if not self.finished:
            hidden += [f for f in self.favors_played if (f - C.FIRST_FAVOR) // 3 != seat]
        return {C.CODES[c] for c in hidden}

    def clone(self) -> IntrigueState:
        new = IntrigueState.__new__(IntrigueState)
        new._copy_base(self)
        new.chars = list(self.chars)
        new.unused = list(self.unused)
        new.gone = list(self.gone)
        new.char_points = list(self.char_points)
        new.tokens = list(self.tokens)
        new.points = list(self.points)
        new.favor_hand = [list(f) for f in self.favor_hand]
        new.favors_played = list(self.favors_played)
        new.hands = [list(h) for h in self.hands]
        new.stacks = [list(s) for s in self.stacks]
        new.stack_by = [list(s) for s in self.stack_by]
        new.stack_up = [list(s) for s in self.stack_up]
        new.stack_shown = [list(s) for s in self.stack_shown]
        new.played = [list(p) for p in self.played]
        new.kept = [[list(k) for k in v] for v in self.kept]
        new.discard = list(self.discard)
        new.rel_card = list(self.rel_card)
        new.rel_cw = list(self.rel_cw)
        new.round = self.round
        new.start = self.start
        new.turn = self.turn
        new.effect = self.effect
        new.round_log = list(self.round_log)
        new.final = self.final
        new.finished = self.finished
        new.deck = list(self.deck)
        return new


_FORM = {
    "target": "target A",
    "discard": "discard CARD",
    "swap": "swap YOUR_TOKEN THEIR_TOKEN",
    "reverse": "reverse AB",
    "move": "move AB BC",
}
