"""Intrigue: what each seat may see, and worlds consistent with it.

The one place that strips secrets. Public: the Characters and their point
tokens, who holds which support token, each stack's size and who played each of
its cards, face-up cards (played face up, or revealed by Virtue or the end of
the round), face-down cards a Spy showed (INT-18), relationships, the discard
pile, the deck size, hand sizes, the order and players of the face-down Favors,
points. A seat also sees its own hand, its own face-down cards and its own
Favors, and (leftover_hands=keep) what it knows of the cards each other seat kept
from the last round. Nothing else: not another hand, not another seat's
face-down card or Favor (until the Favors are flipped at the end), not the deck.

The observation is the seat's whole knowledge: a world drawn by ``sample`` agrees
with everything the seat has seen in the game so far.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from courtly.engine import game as engine
from courtly.games.intrigue import cards as C
from courtly.games.intrigue.cards import PLAYERS, left_end, right_end
from courtly.games.intrigue.rules import (
    IntrigueOptions,
    IntrigueState,
)

CODES = C.CODES
BY_CODE = C.BY_CODE


def observe_own(s: IntrigueState, seat: int | None) -> dict[str, Any]:
    """The game's own part of everything ``seat`` may know (``None``: a
    spectator), JSON-ready: the engine adds the keys every game shares."""
    stacks = []
    for x in range(3):
        entries = []
        for c, by, up, shown in zip(
            s.stacks[x], s.stack_by[x], s.stack_up[x], s.stack_shown[x], strict=True
        ):
            e: dict[str, Any] = {"by": by, "up": up}
            if shown:
                e["shown"] = True
            if up or shown or by == seat:
                e["card"] = CODES[c]
            entries.append(e)
        stacks.append(entries)
    favors = []
    for f in s.favors_played:
        by = (f - C.FIRST_FAVOR) // 3
        e = {"by": by}
        if by == seat or s.finished:
            e["card"] = CODES[f]
        favors.append(e)
    obs: dict[str, Any] = {
        "round": s.round,
        "turn": s.turn,
        "first": s.start,
        "effect": CODES[s.effect] if s.effect >= 0 else None,
        "characters": [CODES[c] for c in s.chars],
        "character_points": list(s.char_points),
        "unused": [CODES[c] for c in s.unused],
        "gone": [CODES[c] for c in s.gone],
        "tokens": {C.TOKEN_CODES[t]: (h if h >= 0 else None) for t, h in enumerate(s.tokens)},
        "stacks": stacks,
        "relationships": [
            None
            if s.rel_card[p] < 0
            else {
                "card": CODES[s.rel_card[p]],
                "left": C.LETTERS[left_end(s.rel_cw, p)],
                "right": C.LETTERS[right_end(s.rel_cw, p)],
            }
            for p in range(3)
        ],
        "deck_size": len(s.deck),
        "hand_sizes": [len(h) for h in s.hands],
        "discard": [CODES[c] for c in s.discard],
        "favors_played": favors,
        "favors_left": [len(f) for f in s.favor_hand],
        "round_log": list(s.round_log),
        "final": s.final,
        "scores": list(s.points),
    }
    if seat is not None:
        obs["hand"] = [CODES[c] for c in s.hands[seat]]
        obs["favors"] = [CODES[C.favor_card(seat, x)] for x in s.favor_hand[seat]]
    if s.options.leftover_hands == "keep":
        obs["kept"] = _kept(s, seat)
    return obs


def _kept(s: IntrigueState, seat: int | None) -> list[dict[str, Any]]:
    """What ``seat`` knows of the cards another seat kept from the last round
    (INT-11, leftover_hands=keep): "at least ``at_least`` of the cards now in its
    hand or face down in a stack by it, unseen by you, are among ``of``". The
    cards are given by deck id: which cards you have not seen is yours to know,
    and none of them is placed by it."""
    unseen = {c for c in range(C.DECK_SIZE)} - _seen(s, seat)
    out = []
    for other, clues in enumerate(s.kept[PLAYERS if seat is None else seat]):
        if other == seat or not clues:
            continue
        hidden = {
            c
            for x in range(3)
            for c, by, seen in zip(s.stacks[x], s.stack_by[x], s.seen(x), strict=True)
            if by == other and not seen
        }
        known = set(s.played[other]) - hidden
        for cards, n in clues:
            need = n - len(known & cards)
            if need > 0:
                out.append({"seat": other, "at_least": need, "of": sorted(cards & unseen)})
    return out


def _seen(s: IntrigueState, seat: int | None) -> set[int]:
    """The deck cards whose place ``seat`` knows now."""
    seen = set(s.discard) | {c for c in s.rel_card if c >= 0}
    if seat is not None:
        seen.update(s.hands[seat])
    for x in range(3):
        for c, by, known in zip(s.stacks[x], s.stack_by[x], s.seen(x), strict=True):
            if known or by == seat:
                seen.add(c)
    return seen


_OPTIONS: dict[str, IntrigueOptions] = {}


def _options(data: Mapping[str, Any]) -> IntrigueOptions:
    key = repr(data)
    opts = _OPTIONS.get(key)
    if opts is None:
        parsed = IntrigueOptions.parse(data)
        assert isinstance(parsed, IntrigueOptions)
        opts = _OPTIONS[key] = parsed
    return opts


def sample(game: Any, obs: Mapping[str, Any], rng: random.Random) -> IntrigueState:
    """A full state that gives ``obs`` to its seat, hidden cards drawn from ``rng``."""
    return Sampler(game, obs).sample(rng)


class Sampler(engine.Sampler):
    """Worlds that give one observation to its seat, hidden cards drawn at random.

    Every deck card the seat has not seen is equally likely in each unseen place:
    the other hands, the face-down stack cards it did not play, the deck (except
    that, with leftover_hands=keep, each other seat first gets what it must hold of
    the cards it kept from the last round). Each
    other seat's Favors are a random order of A, B, C: the unseen played ones in
    play order, the rest in hand. The observation is read once, here; ``sample``
    copies the public part and deals the rest.
    """

    def __init__(self, game: Any, obs: Mapping[str, Any]) -> None:
        super().__init__(game, obs)
        seat: int | None = obs["seat"]
        self.seat = seat
        self.options = _options(obs["options"])
        self.round: int = obs["round"]
        self.turn: int = obs["turn"]
        self.start: int = obs["first"]
        self.effect: int = BY_CODE[obs["effect"]] if obs["effect"] else -1
        self.chars = [BY_CODE[c] for c in obs["characters"]]
        self.char_points: list[int] = list(obs["character_points"])
        self.unused = [BY_CODE[c] for c in obs["unused"]]
        self.gone = [BY_CODE[c] for c in obs["gone"]]
        self.tokens: list[int] = [-1 if h is None else h for h in obs["tokens"].values()]
        self.points: list[int] = list(obs["scores"])
        self.round_log: list[Any] = list(obs["round_log"])
        self.final: Any = obs["final"]
        self.finished: bool = obs["over"]
        self.discard = [BY_CODE[c] for c in obs["discard"]]
        self.rel_card = [-1, -1, -1]
        self.rel_cw = [True, True, True]
        seen = [False] * C.DECK_SIZE
        for c in self.discard:
            seen[c] = True
        for p, r in enumerate(obs["relationships"]):
            if r is not None:
                c = self.rel_card[p] = BY_CODE[r["card"]]
                seen[c] = True
                self.rel_cw[p] = C.LETTERS.index(r["left"]) == C.PAIRS[p][0]
        self.hand: list[int] = []
        if seat is not None:
            self.hand = [BY_CODE[c] for c in obs["hand"]]
            for c in self.hand:
                seen[c] = True
        self.stacks: list[list[int]] = []
        self.stack_by: list[list[int]] = []
        self.stack_up: list[list[bool]] = []
        self.stack_shown: list[list[bool]] = []
        for entries in obs["stacks"]:
            cs, bys, ups = [], [], []
            self.stack_shown.append([bool(e.get("shown")) for e in entries])
            for e in entries:
                code = e.get("card")
                if code is None:
                    cs.append(-1)
                else:
                    c = BY_CODE[code]
                    seen[c] = True
                    cs.append(c)
                bys.append(e["by"])
                ups.append(e["up"])
            self.stacks.append(cs)
            self.stack_by.append(bys)
            self.stack_up.append(ups)
        self.pool = [c for c in range(C.DECK_SIZE) if not seen[c]]
        self.sizes: list[int] = list(obs["hand_sizes"])
        # The face-down stack cards each other seat played, unseen by the viewer.
        self.holes: list[list[tuple[int, int]]] = [
            [
                (x, i)
                for x, cs in enumerate(self.stacks)
                for i, c in enumerate(cs)
                if c < 0 and self.stack_by[x][i] == other
            ]
            for other in range(PLAYERS)
        ]
        self._read_kept(obs)
        self._read_favors(obs)
        self.decision: str | None = obs["decision"]
        self.to_act: list[int] = list(obs["to_act"])

    def _read_kept(self, obs: Mapping[str, Any]) -> None:
        """The viewer's clues to the cards each other seat kept from the last
        round (INT-11), the smallest sets first (see ``_sample_kept``)."""
        seat = self.seat
        self.kept: list[list[list[tuple[frozenset[int], int]]]] = [
            [[] for _ in range(PLAYERS)] for _ in range(PLAYERS + 1)
        ]
        clues = obs.get("kept", ())
        for clue in clues:
            mine = self.kept[PLAYERS if seat is None else seat][clue["seat"]]
            mine.append((frozenset(clue["of"]), clue["at_least"]))
        self.clues: list[tuple[int, frozenset[int], int]] = [
            (clue["seat"], frozenset(clue["of"]), clue["at_least"])
            for clue in sorted(clues, key=lambda k: len(k["of"]))
        ]

    def _read_favors(self, obs: Mapping[str, Any]) -> None:
        """The Favors played (-1 where unseen), where each seat's unseen ones
        are, and which letters each seat is known to have played."""
        self.favors_played: list[int] = []
        self.favors_unknown: list[list[int]] = [[], [], []]  # positions in play order
        known_letters: list[set[int]] = [set(), set(), set()]
        for i, e in enumerate(obs["favors_played"]):
            code = e.get("card")
            if code is None:
                self.favors_played.append(-1)
                self.favors_unknown[e["by"]].append(i)
            else:
                f = BY_CODE[code]
                self.favors_played.append(f)
                known_letters[e["by"]].add((f - C.FIRST_FAVOR) % 3)
        self.favor_rest: list[list[int]] = [
            [x for x in range(3) if x not in known_letters[other]] for other in range(PLAYERS)
        ]
        self.own_favors: list[int] = []
        if self.seat is not None:
            seat = self.seat
            self.own_favors = [BY_CODE[c] - C.FIRST_FAVOR - 3 * seat for c in obs["favors"]]

    def sample(self, rng: random.Random) -> IntrigueState:
        seat = self.seat
        s = IntrigueState.__new__(IntrigueState)
        s._init_base(self.game, PLAYERS, rng.getrandbits(48), self.options)
        s.round = self.round
        s.turn = self.turn
        s.start = self.start
        s.effect = self.effect
        s.chars = list(self.chars)
        s.char_points = list(self.char_points)
        s.unused = list(self.unused)
        s.gone = list(self.gone)
        s.tokens = list(self.tokens)
        s.points = list(self.points)
        s.round_log = list(self.round_log)
        s.final = self.final
        s.finished = self.finished
        s.discard = list(self.discard)
        s.rel_card = list(self.rel_card)
        s.rel_cw = list(self.rel_cw)
        s.hands = [[], [], []]
        if seat is not None:
            s.hands[seat] = list(self.hand)
        s.stacks = [list(x) for x in self.stacks]
        s.stack_by = [list(x) for x in self.stack_by]
        s.stack_up = [list(x) for x in self.stack_up]
        s.stack_shown = [list(x) for x in self.stack_shown]
        s.kept = [[list(k) for k in v] for v in self.kept]
        pool = list(self.pool)
        rng.shuffle(pool)
        kept = self._sample_kept(pool)
        sizes = self.sizes
        s.played = [[], [], []]
        for other in range(PLAYERS):
            if other == seat:
                continue
            holes = self.holes[other]
            n = sizes[other]
            cards = kept[other]
            cards += [pool.pop() for _ in range(n + len(holes) - len(cards))]
            if kept[other]:
                rng.shuffle(cards)
            s.hands[other] = cards[:n]
            for (x, i), c in zip(holes, cards[n:], strict=True):
                s.stacks[x][i] = c
            s.played[other] = cards[n:]  # unseen, so not yet counted in its clues
        s.deck = pool  # what is left: exactly deck_size cards
        self._sample_favors(s, rng)
        if self.decision is not None:
            s.pending.push(self.decision, list(self.to_act))
        return s

    def _sample_kept(self, pool: list[int]) -> list[list[int]]:
        """The unseen cards each other seat must hold (in hand or face down) for
        what the viewer knows of the cards it kept from the last round (INT-11),
        taken at random from ``pool``. The clues of one viewer are nested (each
        round's unseen cards within the last's), so the smallest sets are
        served first."""
        need: list[list[int]] = [[], [], []]
        for other, cards, at_least in self.clues:
            short = at_least - len(cards.intersection(need[other]))
            for i in range(len(pool) - 1, -1, -1):
                if short <= 0:
                    break
                if pool[i] in cards:
                    need[other].append(pool.pop(i))
                    short -= 1
        return need

    def _sample_favors(self, s: IntrigueState, rng: random.Random) -> None:
        played = list(self.favors_played)
        s.favor_hand = [[], [], []]
        for other in range(PLAYERS):
            if other == self.seat:
                s.favor_hand[other] = list(self.own_favors)
                continue
            rest = list(self.favor_rest[other])
            rng.shuffle(rest)
            for i in self.favors_unknown[other]:
                played[i] = C.favor_card(other, rest.pop())
            s.favor_hand[other] = sorted(rest)
        s.favors_played = played
