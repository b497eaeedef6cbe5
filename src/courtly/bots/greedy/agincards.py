"""A greedy Agincards player.

On its turn it first reclaims every spent token it may (``reclaim=manual``).
Then it weighs every legal placement by what it scores at once for its own
tokens, minus what it hands to other players' tokens, plus, while it still
holds a token, what a token on that card would score (across + down) and a
simple estimate of the run's future: one point for each of the four run ends
that is still open, weighted by how many values that end still allows. It
always puts a token on the card it just played while it has one (tokens early),
and passes only when it cannot place a card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from courtly.bots.base import Bot
from courtly.engine.actions import Action
from courtly.games.agincards.actions import AgincardsAction
from courtly.games.agincards.map import BITS, STEPS, index
from courtly.games.agincards.view import public_map, target

RED_SUITS = (1, 2)
FUTURE = 1.0


class Greedy(Bot):
    name = "greedy"

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
        worth: dict[tuple[int, int], float] = {}  # a placement's worth depends on cell and colour
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
