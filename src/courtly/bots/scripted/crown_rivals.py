"""Crown Rivals: scripted strategies a new player would follow.

They are yardsticks for the ``normal`` heuristic (``bots/greedy``), written
apart from it and kept simple on purpose. Every one sees only its observation.
All of them clear the biggest opposing spade their Club damage can, claim
every bonus they earn (the Spades bonus on the biggest spade, the Diamonds
bonus on their lowest card) and, asked to discard, give up their lowest card.

- ``abilities``: "always play cards for their abilities, boost when possible,
  buy the priciest card". Plays every heart, club and spade, each time the
  one a diamond in hand raises most, boosted by that diamond (else the
  biggest card alone); a diamond left with nothing to boost is cashed; then
  it buys the priciest card it can afford. A Jack trashes nothing.
- ``big-money``: "play the big cards, cash the small ones, buy the priciest
  card". Plays every card worth 7 or more for its ability (boosted by a
  diamond when one is in hand), cashes the rest and buys the priciest card it
  can afford, then the priciest again while it can. A Jack trashes the
  priciest market card.
- ``brawler``: "attack: play the clubs and the spades, cash the rest for more
  clubs". Plays every club and spade (boosted by its biggest diamond), cashes
  hearts and diamonds, and buys the priciest club or spade it can afford (else
  the priciest card). A Jack trashes nothing.
- ``normal-v1``: the first ``normal`` heuristic, kept as it was so the tuned
  one can be measured against it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any, ClassVar

from courtly import cards
from courtly.bots.base import Bot
from courtly.engine.actions import Action
from courtly.games.crown_rivals.actions import VALUES, CrownAction, boosted

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


def _acts(legal: Sequence[Action]) -> dict[str, list[CrownAction]]:
    by_kind: dict[str, list[CrownAction]] = {}
    for a in legal:
        if isinstance(a, CrownAction):
            by_kind.setdefault(a.kind, []).append(a)
    return by_kind


class Scripted(Bot):
    """What every scripted strategy does the same way; ``_turn`` is its plan."""

    name: ClassVar[str] = "scripted"

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        obs = observation
        values = VALUES[obs["options"]["jack_value"]]
        by_kind = _acts(legal)
        if obs["decision"] == "discard":
            return min(by_kind["discard"], key=lambda a: (values[a.card], a.card))
        if obs["decision"] == "jack_trash":
            return self._jack(values, by_kind)
        if by_kind.get("clear"):
            spades = {cards.card(s): v for s, _, v in obs["supporters"][1 - obs["seat"]]}
            return max(by_kind["clear"], key=lambda a: (spades[a.card], a.card))
        for a in by_kind.get("bonus", []):
            if a.suit in (CLUBS, HEARTS):
                return a
        bonus = by_kind.get("bonus", [])
        spade = [a for a in bonus if a.suit == SPADES]
        if spade:
            worth = {cards.card(s): v for s, _, v in obs["supporters"][1 - obs["seat"]]}
            return max(spade, key=lambda a: (worth[a.card], a.card))
        if bonus:  # Diamonds: trash the lowest card
            return min(bonus, key=lambda a: (values[a.card], a.card))
        return self._turn(obs, values, by_kind)

    def _jack(self, values: list[int], by_kind: dict[str, list[CrownAction]]) -> Action:
        return by_kind["pass"][0]

    def _turn(
        self, obs: Mapping[str, Any], values: list[int], by_kind: dict[str, list[CrownAction]]
    ) -> Action:
        raise NotImplementedError


def _best_boost(plays: list[CrownAction], values: list[int]) -> CrownAction | None:
    """The boost that raises its card most (only one that raises it at all)."""
    best, gain = None, 0
    for a in plays:
        if a.diamond >= 0:
            g = boosted(values[a.card], values[a.diamond]) - values[a.card]
            if g > gain or (g == gain and best is not None and a.id < best.id):
                best, gain = a, g
    return best


def _priciest(buys: list[CrownAction], values: list[int]) -> CrownAction | None:
    return max(buys, key=lambda a: (values[a.card], -a.card), default=None)


class Abilities(Scripted):
    """Plays every card for its ability, boosted when it can; buys the priciest card."""

    name = "abilities"

    def _turn(
        self, obs: Mapping[str, Any], values: list[int], by_kind: dict[str, list[CrownAction]]
    ) -> Action:
        plays = [a for a in by_kind.get("play", []) if a.card & 3 != DIAMONDS or a.diamond >= 0]
        boost = _best_boost(plays, values)
        if boost is not None:
            return boost
        alone = [a for a in plays if a.diamond < 0]
        if alone:
            return max(alone, key=lambda a: (values[a.card], a.card))
        if by_kind.get("cash"):  # diamonds with nothing to boost
            return by_kind["cash"][0]
        buy = _priciest(by_kind.get("buy", []), values)
        return buy if buy is not None else by_kind["end"][0]


class BigMoney(Scripted):
    """Plays the cards worth 7 or more, cashes the rest, buys the priciest card."""

    name = "big-money"
    BIG = 7

    def _jack(self, values: list[int], by_kind: dict[str, list[CrownAction]]) -> Action:
        trash = by_kind.get("trash", [])
        if trash:
            return max(trash, key=lambda a: (values[a.card], a.card))
        return by_kind["pass"][0]

    def _turn(
        self, obs: Mapping[str, Any], values: list[int], by_kind: dict[str, list[CrownAction]]
    ) -> Action:
        big = [
            a
            for a in by_kind.get("play", [])
            if values[a.card] >= self.BIG and a.card & 3 != DIAMONDS
        ]
        boost = _best_boost(big, values)
        if boost is not None:
            return boost
        alone = [a for a in big if a.diamond < 0]
        if alone:
            return max(alone, key=lambda a: (values[a.card], a.card))
        cash = [
            a
            for a in by_kind.get("cash", [])
            if values[a.card] < self.BIG or a.card & 3 == DIAMONDS
        ]
        if cash:
            return cash[0]
        buy = _priciest(by_kind.get("buy", []), values)
        return buy if buy is not None else by_kind["end"][0]


class Brawler(Scripted):
    """Plays its clubs and spades, cashes the rest, buys clubs and spades."""

    name = "brawler"

    def _turn(
        self, obs: Mapping[str, Any], values: list[int], by_kind: dict[str, list[CrownAction]]
    ) -> Action:
        fight = [a for a in by_kind.get("play", []) if a.card & 3 in (CLUBS, SPADES)]
        boosts = [a for a in fight if a.diamond >= 0]
        if boosts:
            return max(boosts, key=lambda a: (values[a.diamond], values[a.card], -a.id))
        if fight:
            return max(fight, key=lambda a: (values[a.card], a.card))
        cash = [a for a in by_kind.get("cash", []) if a.card & 3 in (HEARTS, DIAMONDS)]
        if cash:
            return cash[0]
        buys = by_kind.get("buy", [])
        buy = _priciest([a for a in buys if a.card & 3 in (CLUBS, SPADES)], values)
        buy = buy or _priciest(buys, values)
        return buy if buy is not None else by_kind["end"][0]


# -- the first normal heuristic, unchanged ------------------------------------------
MIN_BUY = 4


class PreviousNormal(Bot):
    """The first ``normal`` heuristic, unchanged: a "big money" buyer that
    attacks when it can.

    Lethal first: if the Club damage in hand (best boosts included) clears every
    opposing spade and still reaches the opponent's Influence, it plays it all.
    Otherwise it buys: the dearest market card worth buying (cost 4 or more) that
    the whole hand could pay for, cashing the cheapest set of cards that reaches
    its cost. It plays the rest for their abilities, each diamond on the card it
    boosts most; clears the biggest opposing spade it can, claims every bonus
    (the Diamonds bonus only on a weak card in its discard pile), trashes the
    dearest market card with a Jack, and discards its weakest card when forced.
    """

    name: ClassVar[str] = "normal-v1"

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        obs = observation
        values = VALUES[obs["options"]["jack_value"]]
        by_kind = _acts(legal)
        acts = [a for a in legal if isinstance(a, CrownAction)]
        if obs["decision"] == "discard":
            return min(acts, key=lambda a: values[a.card])
        if obs["decision"] == "jack_trash":
            trash = by_kind.get("trash", [])
            best = max(trash, key=lambda a: values[a.card], default=None)
            if best is not None and values[best.card] >= 6:
                return best
            return by_kind["pass"][0]
        return self._turn(obs, values, by_kind)

    def _turn(
        self, obs: Mapping[str, Any], values: list[int], by_kind: dict[str, list[CrownAction]]
    ) -> Action:
        me = obs["seat"]
        opp = 1 - me
        hand = [cards.card(c) for c in obs["hand"]]
        if by_kind.get("clear"):
            spades = {cards.card(s): v for s, _, v in obs["supporters"][opp]}
            return max(by_kind["clear"], key=lambda a: spades[a.card])
        bonus = self._bonus(obs, values, by_kind.get("bonus", []))
        if bonus is not None:
            return bonus
        damage = sum(values[c] for c in hand if c & 3 == 0) + obs["pool"]
        diamonds = sorted((values[c] for c in hand if c & 3 == 1), reverse=True)
        clubs = sorted((values[c] for c in hand if c & 3 == 0), reverse=True)
        for dv, cv in zip(diamonds, clubs, strict=False):
            damage += max(0, boosted(cv, dv) - cv)
        walls = sum(v for _, _, v in obs["supporters"][opp])
        lethal = damage >= walls + obs["influence"][opp]
        if not lethal:
            buy = self._buy(obs, values, hand, by_kind)
            if buy is not None:
                return buy
        play = self._play(values, by_kind)
        if play is not None:
            return play
        return by_kind["end"][0]

    def _bonus(
        self, obs: Mapping[str, Any], values: list[int], bonuses: list[CrownAction]
    ) -> Action | None:
        if not bonuses:
            return None
        for a in bonuses:
            if a.suit in (0, 2):
                return a
        spade = [a for a in bonuses if a.suit == 3]
        if spade:
            opp = 1 - obs["seat"]
            worth = {cards.card(s): v for s, _, v in obs["supporters"][opp]}
            return max(spade, key=lambda a: worth[a.card])
        discard = set(obs["discards"][obs["seat"]])
        weak = [a for a in bonuses if a.suit == 1 and cards.code(a.card) in discard]
        weak = [a for a in weak if values[a.card] <= 2]
        return min(weak, key=lambda a: values[a.card]) if weak else None

    def _buy(
        self,
        obs: Mapping[str, Any],
        values: list[int],
        hand: list[int],
        by_kind: dict[str, list[CrownAction]],
    ) -> Action | None:
        currency = obs["currency"]
        buys = by_kind.get("buy", [])
        jacks, aces = obs["cash"][1], obs["cash"][2]
        best = max(buys, key=lambda a: values[a.card], default=None)
        if best is not None and values[best.card] >= MIN_BUY:
            richer = self._dearest_reachable(obs, values, hand, currency, jacks, aces)
            if richer is None or values[richer] <= values[best.card]:
                return best
        target = self._dearest_reachable(obs, values, hand, currency, jacks, aces)
        if target is None:
            return None
        need = values[target] - currency
        plan = self._cheapest_cash(values, hand, need, jacks, aces)
        if not plan:
            return None
        first = max(plan, key=lambda c: values[c])
        for a in by_kind.get("cash", []):
            if a.card == first:
                return a
        return None

    def _dearest_reachable(
        self,
        obs: Mapping[str, Any],
        values: list[int],
        hand: list[int],
        currency: int,
        jacks: int,
        aces: int,
    ) -> int | None:
        total = currency + _cash_value(values, hand, jacks, aces)
        market = [cards.card(c) for c in obs["market"] if c]
        fits = [c for c in market if MIN_BUY <= values[c] <= total]
        return max(fits, key=lambda c: values[c], default=None)

    def _cheapest_cash(
        self, values: list[int], hand: list[int], need: int, jacks: int, aces: int
    ) -> tuple[int, ...]:
        best: tuple[int, ...] = ()
        best_sum = 10**9
        for n in range(1, len(hand) + 1):
            for combo in combinations(hand, n):
                total = _cash_value(values, combo, jacks, aces)
                if need <= total < best_sum:
                    best, best_sum = combo, total
        return best

    def _play(self, values: list[int], by_kind: dict[str, list[CrownAction]]) -> Action | None:
        plays = by_kind.get("play", [])
        boosts = [a for a in plays if a.diamond >= 0]
        if boosts:
            gain = max(
                boosts, key=lambda a: boosted(values[a.card], values[a.diamond]) - values[a.card]
            )
            if boosted(values[gain.card], values[gain.diamond]) > values[gain.card]:
                return gain
        alone = [a for a in plays if a.diamond < 0 and a.card & 3 != 1]
        if alone:
            return max(alone, key=lambda a: values[a.card])
        return plays[0] if plays else None


def _cash_value(values: list[int], cs: Sequence[int], jacks: int, aces: int) -> int:
    """What cashing ``cs`` adds, with the Jack-and-Ace pairs it completes."""
    total = 0
    j, a = jacks, aces
    for c in cs:
        total += values[c]
        rank = c >> 2
        if rank == 10:
            j += 1
        elif rank == 0:
            a += 1
    return total + 10 * (min(j, a) - min(jacks, aces))


BOTS: dict[str, type[Bot]] = {
    "abilities": Abilities,
    "big-money": BigMoney,
    "brawler": Brawler,
    "normal-v1": PreviousNormal,
}
