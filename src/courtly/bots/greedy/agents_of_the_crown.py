"""The Agents of the Crown heuristic (the ``normal`` level, and ``hard``'s rollouts).

It plays the game's plans from what its seat sees, by expected value:

**Stakes by House.** An undefeated challenge curses its House and the House
seated to the right of that House's owner, and every seat loses 5 a curse on
its own House and its left neighbour's. So a failed challenge costs its owner's
right neighbour 10, its owner and the seat across 5 each, and its owner's left
neighbour nothing. The bot weighs its own loss against the others' (a Year is
won against the table: ``rel``), adds what the curse takes from the Nobles in
its hand (``deval``), and, before Winter, the cost of the pile staying and
growing (``carry``). Its left neighbour's House is the one it cares for most;
its right neighbour's is the one it is glad to see fail.

**Will a challenge fall without me?** Each face-down card placed at it may
beat it (``fd``, a chance); else what is still needed after the face-up cards
is set against the help expected from the seats still to play, by what each
of them stands to lose (``wait``), through a logistic curve (``temp``). A
suit with no unseen Noble left can be helped only by the Commons of that suit
not yet seen.

**A card's worth now.** Each card works for its own suit: the gain is the
change in the chance its suit's challenge falls times the stake, plus the
prize it would take (``prize``; the defenders with higher cards, face up or
face down, take theirs first). A card of a suit with no challenge becomes a
threat next season (``stray``: welcome on a House it wants cursed, never on
one it guards); in Winter it is simply thrown away. The cost of a card is a
Noble's end-of-Year worth (``keep``: 10, 5 or 0 by its House's curses), or a
Common's use in later seasons (``common``), plus a Noble later if playing a
Common now leaves too few for the seasons to come (``forced``). It plays the
card worth most.

**Face and place.** A card that beats its challenge alone is played face up or
down by ``up_sure``; one that needs help by ``up_short`` (face up asks the seats
still to play to finish the job). A face-down card is placed at its own
challenge; a card thrown away may instead be placed, by ``bluff``, at the
challenge it would like left alone, so that a seat reading placements
believes that challenge is being met. Playing last, it shows nothing.

**Passing** (simultaneous, AOC-3): it keeps the Nobles that guard the Houses it
cares for and passes the Noble and the Common that are worth least to it,
by weights for each House's seat (its own, left, across, right), for a second
Noble of a suit, and for a Common's rank.

The weights (``WEIGHTS``) were tuned by self-play, not guessed: see
``courtly.bots.tune`` (``python -m courtly.bots.tune agents-of-the-crown``
reproduces them). The bot reads only its observation and costs a few tens of
microseconds a decision.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from itertools import chain
from typing import Any, ClassVar

from courtly import cards
from courtly.bots.base import Bot
from courtly.engine.actions import Action
from courtly.engine.game import Game
from courtly.games.agents_of_the_crown.actions import TABLE, commit_action, pass_action

SUITS = cards.SUITS
_CARD = {cards.code(c): c for c in range(52)}
_SUIT = {letter: i for i, letter in enumerate(SUITS)}
_RANK = [(c >> 2) + 1 for c in range(52)]
_WORTH = [min(r, 10) for r in _RANK]
_NOBLE = 36  # cards 36 and up are Nobles
_PLACE = {"C": 0, "D": 1, "H": 2, "S": 3, "table": TABLE}
_NOBLE_IN_HAND = (10, 5, 0, 0, 0, 0, 0, 0, 0)
_AFTER = {"Spring": 3, "Summer": 2, "Fall": 1, "Winter": 0}
_LOSS_BY_RELATION = (5, 10, 5, 0)
"""What a failed challenge costs a seat, by where the challenge's House sits
from it: its own, its left neighbour's, across, its right neighbour's."""

WEIGHTS: dict[str, float] = {
    # commit: stakes
    "rel": 0.903,
    "deval": 0.448,
    "carry": 0.196,
    # commit: will it fall without me
    "fd": 0.391,
    "wait": 2.751,
    "temp": 4.251,
    # commit: a card's worth
    "prize": 1.836,
    "stray": 1.349,
    "keep": 1.548,
    "common": 0.384,
    "forced": 1.702,
    # commit: face and place
    "up_sure": 3.926,
    "up_short": 0.642,
    "bluff": 0.587,
    # passing: keeping a Noble, by its House's seat (own is 0), a second of a suit
    "keep_left": 6.189,
    "keep_across": -2.761,
    "keep_right": 2.274,
    "keep_double": -7.759,
    # passing: keeping a Common, by rank and by its House's seat
    "common_rank": 2.315,
    "common_left": -1.69,
    "common_across": -2.398,
    "common_right": -1.335,
}
"""The weights, tuned by self-play: ``python -m courtly.bots.tune
agents-of-the-crown --jobs 2`` (an evolution strategy: 30 generations of 12
candidates, each playing 320 games on fixed seeds against ``normal-v1``,
``eager``, ``patient`` and ``bluffer``, one against three and three against
one; 9 to 15 minutes on 2 shared cores) from the hand-set start in
``courtly.bots.tune.SPECS``. On fresh seeds its fitness rose from +0.715 to
+0.828 (the win share over the others' plus a little of the score margin).
What the tuning found: weigh the table's losses nearly as much as its own
(``rel``), value prizes highly, show a card that beats a challenge alone, and
pass a second Noble of a suit before any other, then the one of the House
across; keep its left neighbour's Noble above all, then its right
neighbour's (passed, it would let the left neighbour guard a House this seat
is glad to see fail)."""


class Greedy(Bot):
    name: ClassVar[str] = "greedy"

    def __init__(self, game: Game, weights: Mapping[str, float] | None = None) -> None:
        super().__init__(game)
        w = dict(WEIGHTS)
        if weights is not None:
            unknown = set(weights) - set(WEIGHTS)
            if unknown:
                raise ValueError(f"unknown weights {sorted(unknown)}; known: {sorted(WEIGHTS)}")
            w.update(weights)
        self.weights = w
        self._keep_rel = (0.0, w["keep_left"], w["keep_across"], w["keep_right"])
        self._common_rel = (0.0, w["common_left"], w["common_across"], w["common_right"])

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        if observation["decision"] == "pass":
            return self._pass(observation)
        return self._commit(observation)

    # -- passing (AOC-3) --------------------------------------------------------
    def _pass(self, obs: Mapping[str, Any]) -> Action:
        me = obs["seat"]
        relation = _relations(obs["houses"], me)
        hand = [_CARD[c] for c in obs["hand"]]
        by_suit = [0, 0, 0, 0]
        for c in hand:
            if c >= _NOBLE:
                by_suit[c & 3] += 1
        keep_rel, common_rel = self._keep_rel, self._common_rel
        double = self.weights["keep_double"]
        rank_w = self.weights["common_rank"]
        noble = common = -1
        noble_keep = common_keep = math.inf
        for c in hand:
            s = c & 3
            if c >= _NOBLE:
                k = keep_rel[relation[s]] + (double if by_suit[s] > 1 else 0.0) + _RANK[c] * 0.01
                if k < noble_keep:
                    noble, noble_keep = c, k
            else:
                k = rank_w * _RANK[c] + common_rel[relation[s]]
                if k < common_keep:
                    common, common_keep = c, k
        return pass_action(noble, common)

    # -- committing (AOC-4) -------------------------------------------------------
    def _commit(self, obs: Mapping[str, Any]) -> Action:
        w = self.weights
        me = obs["seat"]
        owner = [0, 0, 0, 0]  # suit -> the seat of its House
        for seat, h in enumerate(obs["houses"]):
            owner[_SUIT[h]] = seat
        curses = obs["curses"]
        curse = [curses["C"], curses["D"], curses["H"], curses["S"]]
        hand = [_CARD[c] for c in obs["hand"]]
        after = _AFTER[obs["season"]]  # seasons still to come after this one

        # The table so far: face-up support, higher cards played, face-down claims.
        up_total = [0, 0, 0, 0]
        up_noble = [False] * 4
        up_ranks: list[list[int]] = [[], [], [], []]
        down_at = [0, 0, 0, 0, 0]
        waiting: list[int] = []
        for seat, view in enumerate(obs["commits"]):
            if seat == me:
                continue
            if view is None:
                waiting.append(seat)
            elif "card" in view:
                c = _CARD[view["card"]]
                if c >= _NOBLE:
                    up_noble[c & 3] = True
                else:
                    up_total[c & 3] += _RANK[c]
                up_ranks[c & 3].append(_RANK[c])
            else:
                down_at[_PLACE[view["at"]]] += 1

        values = obs["challenge_values"]
        piles = obs["challenges"]
        open_ = [_SUIT[k] for k in values]

        # What a failed challenge of each suit costs this seat.
        nobles_held = [0, 0, 0, 0]
        commons_held = 0
        cheapest_noble = 10
        for c in hand:
            if c >= _NOBLE:
                nobles_held[c & 3] += 1
                v = _NOBLE_IN_HAND[curse[c & 3]]
                if v < cheapest_noble:
                    cheapest_noble = v
            else:
                commons_held += 1
        relw, devalw = w["rel"], w["deval"]
        stake = [0.0, 0.0, 0.0, 0.0]
        for s in range(4):
            mine = _LOSS_BY_RELATION[(owner[s] - me) % 4]
            second = _SUIT[obs["houses"][owner[s] - 1]]  # the House on its right
            deval = 0
            if curse[s] < 2:
                deval += 5 * nobles_held[s]
            if curse[second] < 2:
                deval += 5 * nobles_held[second]
            stake[s] = mine - relw * (20 - mine) / 3 + devalw * deval

        # Help expected from the others, and what is left unseen to give it.
        unseen_noble, unseen_common = _unseen(obs, hand)
        carry = 1 + w["carry"] if after else 1.0
        fd, waitw, temp = w["fd"], w["wait"], w["temp"]
        need: dict[int, float] = {}
        help_: dict[int, float] = {}
        hidden: dict[int, float] = {}
        for s in open_:
            if up_noble[s]:
                continue
            n = values[SUITS[s]] - up_total[s]
            if n <= 0:
                continue
            h = 0.0
            for seat in waiting:
                h += waitw * _LOSS_BY_RELATION[(owner[s] - seat) % 4] / 10
            if not unseen_noble[s]:
                h = min(h, unseen_common[s])
            need[s] = n
            help_[s] = h
            hidden[s] = (1 - fd) ** down_at[s] if unseen_noble[s] or unseen_common[s] else 1.0

        def falls(s: int, still: float) -> float:
            """The chance the challenge falls when ``still`` is missing: a
            face-down card placed there may beat it, or the seats to come may."""
            if still <= 0:
                return 1.0
            x = (help_[s] - still) / temp
            later = 0.0 if x < -30 else 1.0 / (1.0 + math.exp(-x))
            return 1 - hidden[s] * (1 - later)

        prize_w, stray_w, keep_w = w["prize"], w["stray"], w["keep"]
        common_w = w["common"] * after / 3
        forced = w["forced"] * cheapest_noble if commons_held <= after else 0.0
        worths: dict[int, list[int]] = {}
        best = -math.inf
        choice = hand[0]
        for c in hand:
            s = c & 3
            r = _RANK[c]
            noble = c >= _NOBLE
            cost = keep_w * _NOBLE_IN_HAND[curse[s]] if noble else common_w * r + forced
            if s in need:
                p0 = falls(s, need[s])
                p1 = 1.0 if noble else falls(s, need[s] - r)
                gain = (p1 - p0) * stake[s] * carry
                if p1 > 0:
                    pile = worths.get(s) or worths.setdefault(s, _worths(piles[SUITS[s]]))
                    gain += prize_w * p1 * _prize(pile, up_ranks[s], down_at[s], r)
            elif s in open_:  # already beaten: a prize for the taking
                pile = worths.get(s) or worths.setdefault(s, _worths(piles[SUITS[s]]))
                gain = prize_w * _prize(pile, up_ranks[s], down_at[s], r)
            elif after:  # a threat next season
                gain = -stray_w * stake[s] * _WORTH[c] / 10
            else:
                gain = 0.0
            value = gain - cost - r * 0.001
            if value > best:
                best, choice = value, c
        return self._place(choice, need, open_, stake, bool(waiting))

    def _place(
        self, c: int, need: dict[int, float], open_: list[int], stake: list[float], shown: bool
    ) -> Action:
        """Face and placement of the chosen card."""
        s = c & 3
        if not shown:  # playing last: nothing to tell anyone
            return commit_action(c, False, s if s in open_ else TABLE)
        w = self.weights
        if s in need:
            sure = c >= _NOBLE or _RANK[c] >= need[s]
            up = w["up_sure"] > 0 if sure else w["up_short"] > 0
            return commit_action(c, up, s)
        if s in open_:
            return commit_action(c, False, s)
        if w["bluff"] > 0 and need:
            # Thrown away: claim the challenge it would most like left alone.
            decoy = min(need, key=lambda t: stake[t])
            if stake[decoy] < 0:
                return commit_action(c, False, decoy)
        return commit_action(c, False, TABLE)


def _relations(houses: Sequence[str], me: int) -> list[int]:
    """For each suit, where its House's seat is from ``me``: 0 own, 1 left,
    2 across, 3 right."""
    out = [0, 0, 0, 0]
    for seat, h in enumerate(houses):
        out[_SUIT[h]] = (seat - me) % 4
    return out


def _worths(pile: Sequence[str]) -> list[int]:
    """A challenge's prizes, highest first."""
    return sorted([_WORTH[_CARD[p]] for p in pile], reverse=True)


def _prize(worths: list[int], higher: Sequence[int], hidden: int, r: int) -> float:
    """The prize a card of rank ``r`` would take from a pile worth ``worths``
    if it falls: the face-up cards ranked above it take theirs first, and half
    the face-down cards placed there, taken as likely to be of the suit, count
    as above."""
    ahead = 0.5 * hidden
    for x in higher:
        if x > r:
            ahead += 1
    i = int(ahead)
    frac = ahead - i
    a = worths[i] if i < len(worths) else 0
    b = worths[i + 1] if i + 1 < len(worths) else 0
    return a * (1 - frac) + b * frac


def _unseen(obs: Mapping[str, Any], hand: list[int]) -> tuple[list[int], list[int]]:
    """Nobles (a count) and Commons (a total of ranks) of each suit not yet
    seen by this seat this Year: in other hands, face down, or in the stacks."""
    seen = set(hand)
    seen.update(
        map(
            _CARD.__getitem__,
            chain(
                obs["discard"],
                obs["strays"],
                obs["received"],
                chain.from_iterable(obs["played"]),
                chain.from_iterable(obs["prizes"]),
                chain.from_iterable(obs["challenges"].values()),
            ),
        )
    )
    for view in obs["commits"]:
        if view is not None and "card" in view:
            seen.add(_CARD[view["card"]])
    nobles = [4, 4, 4, 4]
    commons = [44, 44, 44, 44]  # 2 + 3 + ... + 9 of each suit
    for c in seen:
        if c >= _NOBLE:
            nobles[c & 3] -= 1
        elif c >= 4:
            commons[c & 3] -= _RANK[c]
    return nobles, commons
