"""A greedy Agents of the Crown player.

Passing: keeps the Nobles of its own House and its left neighbour's (they save
those Houses from curses) and passes the least useful Noble and the lowest Common.

Each season: ranks the challenges by what losing them would cost it (curses on
its own House and its left neighbour's, and the worth of the Nobles it holds of
cursed Houses), then defends the costliest one it can with the cheapest card
that suffices, counting the face-up cards already played. A Noble is spent only
when no Common suffices, and the Nobles of Houses without curses are kept for the
end-of-Year score. With nothing worth defending, it throws its lowest Common at
a challenge it cannot hurt, or at the table.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from courtly import cards
from courtly.bots.base import Bot
from courtly.engine.actions import Action
from courtly.games.agents_of_the_crown.actions import AgentsAction, is_noble

SUITS = cards.SUITS


def _rank(c: int) -> int:
    return (c >> 2) + 1


class Greedy(Bot):
    name = "greedy"

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        acts = cast(list[AgentsAction], list(legal))  # this game's actions only
        if acts[0].kind == "pass":
            return self._pass(observation, acts)
        return self._commit(observation, acts)

    # -- passing --------------------------------------------------------------
    def _pass(self, obs: Mapping[str, Any], acts: list[AgentsAction]) -> Action:
        me = obs["seat"]
        mine = SUITS.index(obs["houses"][me])
        theirs = SUITS.index(obs["houses"][(me + 1) % 4])

        def keep_noble(c: int) -> tuple[int, int]:
            return (1 if c & 3 in (mine, theirs) else 0, _rank(c))

        return min(acts, key=lambda a: (keep_noble(a.noble), _rank(a.common)))

    # -- committing -------------------------------------------------------------
    def _costs(self, obs: Mapping[str, Any], hand: list[int]) -> dict[int, int]:
        """What an undefeated challenge of each suit would cost this seat."""
        me = obs["seat"]
        houses = [SUITS.index(h) for h in obs["houses"]]
        owner = {s: seat for seat, s in enumerate(houses)}
        watched = {houses[me], houses[(me + 1) % 4]}
        nobles_by_suit = [0, 0, 0, 0]
        for c in hand:
            if is_noble(c):
                nobles_by_suit[c & 3] += 1
        out = {}
        for s in range(4):
            cursed = (s, houses[(owner[s] - 1) % 4])
            cost = 0
            for h in cursed:
                if h in watched:
                    cost += 5
                if obs["curses"][SUITS[h]] < 2:
                    cost += 5 * nobles_by_suit[h]
            out[s] = cost
        return out

    def _commit(self, obs: Mapping[str, Any], acts: list[AgentsAction]) -> Action:
        hand = [cards.card(c) for c in obs["hand"]]
        values = {SUITS.index(k): v for k, v in obs["challenge_values"].items()}
        support = [0, 0, 0, 0]
        beaten = [False] * 4
        for commit in obs["commits"]:
            if commit is not None and "card" in commit:
                c = cards.card(commit["card"])
                if is_noble(c):
                    beaten[c & 3] = True
                else:
                    support[c & 3] += _rank(c)
        costs = self._costs(obs, hand)
        best: tuple[float, int] | None = None
        for s, value in values.items():
            if beaten[s] or support[s] >= value:
                continue
            need = value - support[s]
            commons = sorted(c for c in hand if c & 3 == s and not is_noble(c) and _rank(c) >= need)
            nobles = sorted(
                (c for c in hand if c & 3 == s and is_noble(c)),
                key=lambda c: (obs["curses"][SUITS[c & 3]] == 0, _rank(c)),
            )
            prize = max(self._prize_values(obs, s))
            if commons:
                card, spend = commons[0], _rank(commons[0]) / 10
            elif nobles:
                card = nobles[0]
                spend = (
                    10 if obs["curses"][SUITS[s]] == 0 else 5 if obs["curses"][SUITS[s]] == 1 else 0
                )
            else:
                continue
            gain = costs[s] + prize - spend
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, card)
        if best is not None:
            card = best[1]
            return self._find(acts, card, card & 3)
        return self._throw_away(obs, hand, acts, values, costs)

    @staticmethod
    def _prize_values(obs: Mapping[str, Any], s: int) -> list[int]:
        pile = obs["challenges"].get(SUITS[s], [])
        return [min(_rank(cards.card(c)), 10) for c in pile] or [0]

    def _throw_away(
        self,
        obs: Mapping[str, Any],
        hand: list[int],
        acts: list[AgentsAction],
        values: dict[int, int],
        costs: dict[int, int],
    ) -> Action:
        commons = [c for c in hand if not is_noble(c)]
        pool = commons or hand

        # Prefer a card whose suit has a challenge (it adds to the defence and
        # makes no new threat); else the suit whose threat costs us least.
        def badness(c: int) -> tuple[int, int, int]:
            s = c & 3
            strays_hurt = 0 if s in values else costs[s]
            noble_worth = 0
            if is_noble(c):
                noble_worth = (10, 5, 0)[min(obs["curses"][SUITS[s]], 2)]
            return (noble_worth, strays_hurt, _rank(c))

        card = min(pool, key=badness)
        place = card & 3 if (card & 3) in values else 4
        return self._find(acts, card, place)

    @staticmethod
    def _find(acts: list[AgentsAction], card: int, place: int) -> Action:
        for a in acts:
            if a.kind == "commit" and a.card == card and a.up and a.place == place:
                return a
        for a in acts:
            if a.kind == "commit" and a.card == card and a.up:
                return a
        return acts[0]
