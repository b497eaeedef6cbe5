"""Agents of the Crown: scripted strategies a new player would follow.

They are yardsticks for the ``normal`` heuristic (``bots/greedy``), written
apart from it and kept simple on purpose. Every one sees only its observation.

- ``eager``: "play your best card where it counts, and show it". Passes its
  lowest Noble and lowest Common. Each season it finds the challenge it comes
  closest to beating with its highest card of that suit (counting the face-up
  cards already played), and plays that card face up there. With no card for
  any challenge it plays its lowest Common face up at the table.
- ``bluffer``: "keep them guessing". Passes a random Noble and its lowest
  Common. Each season it plays its highest Common of a suit under challenge
  (else a random Common, else a random card), always face down, placed at a
  random challenge or the table.
- ``patient``: "save the Nobles, play the card that fits". Keeps the Nobles of
  its own House, passing the lowest other Noble and its lowest Common. Each
  season it plays the smallest Common that beats a challenge on its own (the
  one with the least to spare), else its largest Common of a suit under
  challenge, else its lowest Common at the table; a Noble only when it has no
  Common left (the one of the suit with the largest challenge, else its
  lowest). Face down, placed at its own suit's challenge. (The engine asks a
  bot when it is asked: a bot cannot hold its card back to play last, so
  "patience" here is saving the Nobles for the end of the Year.)
- ``normal-v1``: the first ``normal`` heuristic, kept as it was so the tuned
  one can be measured against it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from courtly import cards
from courtly.bots.base import Bot
from courtly.engine.actions import Action
from courtly.games.agents_of_the_crown.actions import (
    TABLE,
    AgentsAction,
    commit_action,
    is_noble,
    pass_action,
)

SUITS = cards.SUITS
_CARD = {cards.code(c): c for c in range(52)}


def _rank(c: int) -> int:
    return (c >> 2) + 1


def _hand(obs: Mapping[str, Any]) -> list[int]:
    return [_CARD[c] for c in obs["hand"]]


def _open(obs: Mapping[str, Any]) -> dict[int, int]:
    """Value of each open challenge, by suit index."""
    return {SUITS.index(k): v for k, v in obs["challenge_values"].items()}


def _face_up(obs: Mapping[str, Any]) -> tuple[list[int], list[bool]]:
    """The face-up Commons' total and whether a face-up Noble is in, by suit."""
    total, noble = [0, 0, 0, 0], [False] * 4
    for view in obs["commits"]:
        if view is not None and "card" in view:
            c = _CARD[view["card"]]
            if is_noble(c):
                noble[c & 3] = True
            else:
                total[c & 3] += _rank(c)
    return total, noble


def _is_pass(legal: Sequence[Action]) -> bool:
    return legal[0].kind == "pass"


class Eager(Bot):
    """Plays its highest card face up at the challenge it comes closest to beating."""

    name = "eager"

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        hand = _hand(observation)
        if _is_pass(legal):
            nobles = [c for c in hand if is_noble(c)]
            commons = [c for c in hand if not is_noble(c)]
            return pass_action(min(nobles, key=_rank), min(commons, key=_rank))
        values = _open(observation)
        total, noble = _face_up(observation)
        best: tuple[int, int, int] | None = None  # (shortfall, need, card)
        for s, value in values.items():
            if noble[s] or total[s] >= value:
                continue
            mine = [c for c in hand if c & 3 == s]
            if not mine:
                continue
            top = max(mine, key=_rank)
            need = value - total[s]
            short = 0 if is_noble(top) else max(0, need - _rank(top))
            if best is None or (short, need) < best[:2]:
                best = (short, need, top)
        if best is not None:
            return commit_action(best[2], True, best[2] & 3)
        commons = [c for c in hand if not is_noble(c)] or hand
        c = min(commons, key=_rank)
        return commit_action(c, True, TABLE)


class Bluffer(Bot):
    """Plays everything face down, placed at random."""

    name = "bluffer"

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        hand = _hand(observation)
        if _is_pass(legal):
            nobles = [c for c in hand if is_noble(c)]
            commons = [c for c in hand if not is_noble(c)]
            return pass_action(rng.choice(nobles), min(commons, key=_rank))
        values = _open(observation)
        commons = [c for c in hand if not is_noble(c)]
        useful = [c for c in commons if c & 3 in values]
        c = max(useful, key=_rank) if useful else rng.choice(commons or hand)
        places = [*values, TABLE]
        return commit_action(c, False, rng.choice(places))


class Patient(Bot):
    """Saves its Nobles and plays the Common that best fits a challenge."""

    name = "patient"

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        hand = _hand(observation)
        if _is_pass(legal):
            me = observation["seat"]
            house = SUITS.index(observation["houses"][me])
            nobles = [c for c in hand if is_noble(c)]
            commons = [c for c in hand if not is_noble(c)]
            others = [c for c in nobles if c & 3 != house] or nobles
            return pass_action(min(others, key=_rank), min(commons, key=_rank))
        values = _open(observation)
        total, noble = _face_up(observation)
        need = {s: v - total[s] for s, v in values.items() if not noble[s] and total[s] < v}
        commons = [c for c in hand if not is_noble(c)]
        if commons:
            fits = [(_rank(c) - need[c & 3], c) for c in commons if c & 3 in need]
            beating = [f for f in fits if f[0] >= 0]
            if beating:
                c = min(beating)[1]
            elif fits:
                c = max(fits)[1]
            else:
                c = min(commons, key=_rank)
        else:
            under = [c for c in hand if c & 3 in values]
            c = max(under, key=lambda c: values[c & 3]) if under else min(hand, key=_rank)
        return commit_action(c, False, c & 3 if c & 3 in values else TABLE)


class PreviousNormal(Bot):
    """The first ``normal`` heuristic, unchanged.

    Passing: keeps the Nobles of its own House and its left neighbour's and
    passes the least useful Noble and the lowest Common. Each season: defends
    the challenge whose loss would cost it most with the cheapest card that
    suffices (counting the face-up cards played), a Noble only when no Common
    does; with nothing worth defending, it throws its lowest Common at a
    challenge it cannot hurt, or at the table. Always face up.
    """

    name = "normal-v1"

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        acts = cast(list[AgentsAction], list(legal))  # this game's actions only
        if acts[0].kind == "pass":
            return self._pass(observation, acts)
        return self._commit(observation, acts)

    def _pass(self, obs: Mapping[str, Any], acts: list[AgentsAction]) -> Action:
        me = obs["seat"]
        mine = SUITS.index(obs["houses"][me])
        theirs = SUITS.index(obs["houses"][(me + 1) % 4])

        def keep_noble(c: int) -> tuple[int, int]:
            return (1 if c & 3 in (mine, theirs) else 0, _rank(c))

        return min(acts, key=lambda a: (keep_noble(a.noble), _rank(a.common)))

    def _costs(self, obs: Mapping[str, Any], hand: list[int]) -> dict[int, int]:
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
        hand = _hand(obs)
        values = _open(obs)
        support, beaten = _face_up(obs)
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
            pile = obs["challenges"].get(SUITS[s], [])
            prize = max([min(_rank(_CARD[c]), 10) for c in pile] or [0])
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
            return self._find(acts, best[1], best[1] & 3)
        commons = [c for c in hand if not is_noble(c)]
        pool = commons or hand

        def badness(c: int) -> tuple[int, int, int]:
            s = c & 3
            strays_hurt = 0 if s in values else costs[s]
            noble_worth = 0
            if is_noble(c):
                noble_worth = (10, 5, 0)[min(obs["curses"][SUITS[s]], 2)]
            return (noble_worth, strays_hurt, _rank(c))

        card = min(pool, key=badness)
        return self._find(acts, card, card & 3 if (card & 3) in values else TABLE)

    @staticmethod
    def _find(acts: list[AgentsAction], card: int, place: int) -> Action:
        for a in acts:
            if a.kind == "commit" and a.card == card and a.up and a.place == place:
                return a
        for a in acts:
            if a.kind == "commit" and a.card == card and a.up:
                return a
        return acts[0]


BOTS: dict[str, type[Bot]] = {
    "eager": Eager,
    "bluffer": Bluffer,
    "patient": Patient,
    "normal-v1": PreviousNormal,
}
