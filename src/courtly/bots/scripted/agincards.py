"""Agincards: scripted strategies a new player would follow.

They are yardsticks for the ``normal`` heuristic (``bots/greedy``), written
apart from it and kept simple on purpose. Every one sees only its observation,
reclaims every spent token it may (``reclaim=manual``) and passes only when no
card of its hand can go down.

- ``longest-run``: "place the card that makes the longest run, token on it
  whenever possible". The run is the score run, the cards of one colour in a
  line (across or down, the longer); ties go to the longer line of cards,
  then at random.
- ``near-own``: "place at random among legal cells adjacent to own runs":
  among the placements at an open end of a score run holding one of its
  tokens, one at random (any placement at random while it has none there);
  token on it whenever possible.
- ``scorer``: "take the most points now": the placement that scores most at
  once for its tokens, counting the token it would put on the card (its
  across and down lengths), at random among equals; a token whenever it
  scores 3 or more.
- ``normal-v1``: the first ``normal`` heuristic, kept as it was so the tuned
  one can be measured against it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from courtly.bots.base import Bot
from courtly.engine.actions import Action
from courtly.games.agincards.actions import AgincardsAction
from courtly.games.agincards.map import BITS, STEPS, WIDTH, Map, index
from courtly.games.agincards.view import public_map, target

RED_SUITS = (1, 2)
BLACK, RED = 1, 2


def _colour(card: int) -> int:
    return RED if card & 3 in RED_SUITS else BLACK


def _line(m: Map, i: int, step: int) -> int:
    """Cards in the line through empty ``i`` along ``step``'s axis, i included."""
    n = 1
    for s in (step, -step):
        j = i + s
        while j in m.val:
            n += 1
            j += s
    return n


def _score_run(m: Map, i: int, h: int, step: int) -> list[int]:
    """The cells of colour ``h`` in line with empty ``i`` along ``step``'s axis,
    were a card of that colour put at ``i`` (``i`` not included)."""
    get = m.hue.get
    out = []
    for s in (step, -step):
        j = i + s
        while get(j) == h:
            out.append(j)
            j += s
    return out


class _Scripted(Bot):
    """Reclaims first, passes only when it must; ``_place`` and ``_token`` decide."""

    name = "scripted"

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        acts = [a for a in legal if isinstance(a, AgincardsAction)]
        kinds = {a.kind: a for a in acts}
        if "reclaim" in kinds:
            return kinds["reclaim"]
        if observation["decision"] == "token":
            if "token" in kinds and self._token(observation):
                return kinds["token"]
            return kinds["no_token"]
        places = [a for a in acts if a.kind == "place"]
        if not places:
            return kinds["pass"]
        return self._place(observation, places, rng)

    def _token(self, obs: Mapping[str, Any]) -> bool:
        return True

    def _place(
        self, obs: Mapping[str, Any], places: list[AgincardsAction], rng: random.Random
    ) -> Action:
        raise NotImplementedError


class LongestRun(_Scripted):
    """Makes the longest score run it can; a token whenever it may."""

    name = "longest-run"

    def _place(
        self, obs: Mapping[str, Any], places: list[AgincardsAction], rng: random.Random
    ) -> Action:
        m = public_map(obs)
        best: list[AgincardsAction] = []
        best_key = (-1, -1)
        for a in places:
            i = target(m, a)
            h = _colour(a.card)
            run = max(1 + len(_score_run(m, i, h, step)) for step in (1, WIDTH))
            line = max(_line(m, i, step) for step in (1, WIDTH))
            key = (run, line)
            if key > best_key:
                best, best_key = [a], key
            elif key == best_key:
                best.append(a)
        return best[rng.randrange(len(best))]


class NearOwn(_Scripted):
    """Plays at random at the open ends of its own tokens' runs; a token whenever it may."""

    name = "near-own"

    def _place(
        self, obs: Mapping[str, Any], places: list[AgincardsAction], rng: random.Random
    ) -> Action:
        m = public_map(obs)
        me = obs["seat"]
        ends: set[int] = set()
        get = m.hue.get
        for x, y, owner in obs["tokens"]:
            if owner != me:
                continue
            i = index(x, y)
            h = get(i)
            for step in STEPS:
                j = i + step
                while get(j) == h:
                    j += step
                if j in m.mask:
                    ends.add(j)
        near = [a for a in places if target(m, a) in ends]
        pool = near or places
        return pool[rng.randrange(len(pool))]


class Scorer(_Scripted):
    """Takes the most points now; a token when it scores 3 or more."""

    name = "scorer"

    def _place(
        self, obs: Mapping[str, Any], places: list[AgincardsAction], rng: random.Random
    ) -> Action:
        m = public_map(obs)
        me = obs["seat"]
        tokens = {index(x, y): o for x, y, o in obs["tokens"]}
        holding = obs["tokens_in_hand"][me] > 0
        best: list[AgincardsAction] = []
        best_points = -1
        for a in places:
            i = target(m, a)
            h = _colour(a.card)
            points = 0
            lengths = 0
            for step in (1, WIDTH):
                run = _score_run(m, i, h, step)
                n = 1 + len(run)
                lengths += n
                if n > 1:
                    points += n * sum(1 for j in run if tokens.get(j) == me)
            if holding and lengths >= 3:
                points += lengths
            if points > best_points:
                best, best_points = [a], points
            elif points == best_points:
                best.append(a)
        return best[rng.randrange(len(best))]

    def _token(self, obs: Mapping[str, Any]) -> bool:
        m = public_map(obs)
        i = index(*obs["just_placed"])
        return m.run_length(i, 1) + m.run_length(i, WIDTH) >= 3


# -- the first normal heuristic, unchanged ------------------------------------------
FUTURE = 1.0


class PreviousNormal(Bot):
    """The first ``normal`` heuristic, unchanged.

    On its turn it first reclaims every spent token it may (``reclaim=manual``).
    Then it weighs every legal placement by what it scores at once for its own
    tokens, minus what it hands to other players' tokens, plus, while it still
    holds a token, what a token on that card would score (across + down) and a
    simple estimate of the run's future: one point for each of the four run ends
    that is still open, weighted by how many values that end still allows. It
    always puts a token on the card it just played while it has one (tokens
    early), and passes only when it cannot place a card.
    """

    name = "normal-v1"

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        acts = [a for a in legal if isinstance(a, AgincardsAction)]
        kinds = {a.kind: a for a in acts}
        if "reclaim" in kinds:
            return kinds["reclaim"]
        if "token" in kinds:
            return kinds["token"]
        places = [a for a in acts if a.kind == "place"]
        if not places:
            return kinds["pass"]
        obs = observation
        me = obs["seat"]
        m = public_map(obs)
        tokens = {index(x, y): o for x, y, o in obs["tokens"]}
        holding = obs["tokens_in_hand"][me] > 0
        hue, mask = m.hue, m.mask
        best: AgincardsAction = places[0]
        best_value = float("-inf")
        worth: dict[tuple[int, int], float] = {}
        for a in places:
            i = target(m, a)
            h = 2 if a.card & 3 in RED_SUITS else 1
            known = worth.get((i, h))
            if known is None:
                known = worth[i, h] = _worth(i, h, me, holding, tokens, hue, mask)
            value = known + rng.random() * 1e-3
            if value > best_value:
                best, best_value = a, value
        return best


def _worth(
    i: int,
    h: int,
    me: int,
    holding: bool,
    tokens: dict[int, int],
    hue: dict[int, int],
    mask: dict[int, int],
) -> float:
    """What placing a card of colour ``h`` at cell index ``i`` is worth."""
    value = 0.0
    lengths = []
    for axis in (0, 2):
        run = [i]
        ends = []
        for step in (STEPS[axis], STEPS[axis + 1]):
            j = i + step
            while hue.get(j) == h:
                run.append(j)
                j += step
            ends.append(j)
        n = len(run)
        lengths.append(n)
        if n > 1:
            for j in run:
                owner = tokens.get(j)
                if owner is not None:
                    value += n if owner == me else -n
        if holding:
            for j in ends:
                if j in mask:
                    value += FUTURE * (1 + len(BITS[mask[j]])) / 7
    if holding:
        value += lengths[0] + lengths[1]
    return value


BOTS: dict[str, type[Bot]] = {
    "longest-run": LongestRun,
    "near-own": NearOwn,
    "scorer": Scorer,
    "normal-v1": PreviousNormal,
}
