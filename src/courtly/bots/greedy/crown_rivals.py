"""Crown Rivals greedy bot: a "big money" buyer that attacks when it can.

Each decision is read afresh from the observation:

* Lethal first: if the Club damage in hand (best boosts included) clears every
  opposing spade and still reaches the opponent's Influence, play it all.
* Otherwise buy: find the dearest market card worth buying (cost 4 or more)
  that the whole hand could pay for, and cash the cheapest set of cards that
  reaches its cost (a Jack with an Ace counts 22), then buy it.
* Play the rest for their abilities, each diamond on the card it boosts most.
* Clear the biggest opposing spade the pooled damage can, claim every bonus
  (Spades on the biggest spade, Diamonds trash the weakest card), trash the
  dearest market card with a Jack, discard the weakest card when forced.
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

MIN_BUY = 4


class Greedy(Bot):
    name: ClassVar[str] = "greedy"

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        obs = observation
        values = VALUES[obs["options"]["jack_value"]]
        acts: list[CrownAction] = [a for a in legal if isinstance(a, CrownAction)]
        by_kind: dict[str, list[CrownAction]] = {}
        for a in acts:
            by_kind.setdefault(a.kind, []).append(a)
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
        # Clear the biggest spade the pool can pay for.
        if by_kind.get("clear"):
            spades = {cards.card(s): v for s, _, v in obs["supporters"][opp]}
            return max(by_kind["clear"], key=lambda a: spades[a.card])
        bonus = self._bonus(obs, values, by_kind.get("bonus", []))
        if bonus is not None:
            return bonus
        # Lethal: every club (with the best diamond) clears the spades and kills.
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
            if a.suit in (0, 2):  # opponent discards; draw a card
                return a
        spade = [a for a in bonuses if a.suit == 3]
        if spade:
            opp = 1 - obs["seat"]
            worth = {cards.card(s): v for s, _, v in obs["supporters"][opp]}
            return max(spade, key=lambda a: worth[a.card])
        # Diamonds: trash a weak card from the discard pile (never from hand).
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
            # Buy now unless cashing more would reach something dearer.
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
