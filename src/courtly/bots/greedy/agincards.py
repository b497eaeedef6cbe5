"""The Agincards heuristic (the ``normal`` level, and ``hard``'s rollouts).

Points come from tokens: a token scores its score runs' lengths when put down
and then, every time anyone lengthens one of its runs, the run's new full
length (AGI-5). So a long run of one colour with my tokens on it is the
plan, and an opponent's is to be left alone or closed. The bot weighs a
placement in points:

* *Now*: what the card scores at once for my tokens, less ``opp`` times what
  it hands to the other players' tokens (shared among them).
* *Later*: the runs the card touches change. A run's **prospect**, for each
  token in it, is what its open ends promise: at each end, the run's length
  plus one, times the share of values the end cell still allows (``reach``
  per value, at most all), times ``future``. The card lengthens the runs of
  its own colour on either side (joining them if it fills a gap), closes the
  ends of the other colour's runs it touches, and narrows the cells beside it
  by its value (a King past a rising run leaves no room; dead space ends runs
  too, AGI-3). The change in prospect counts for my tokens and, times
  ``block``, against the others'.
* *Tokens back*: a card that closes the last open end of a token's runs
  sends it home (AGI-7): ``regain`` for each of mine (for theirs, against),
  by the share of the draw pile left. Tokens left on runs nobody grows are
  so won back for better runs.
* *A token on it*: its across and down lengths now plus its prospect, less
  what a token kept in hand is worth: ``keep`` over the tokens in hand,
  scaled by the share of the draw pile left (a token is no use once the
  cards run out). A token whose runs are closed already scores and comes back
  at once (AGI-10), so it is always taken.

Every cell and colour gets a quick look first (the cells beside it as they
are), and the few placements it ranks first the close look above, so that a
decision costs about twice what the first heuristic's did.

It puts a token down when that is worth it, reclaims every spent token it may
(``reclaim=manual``), and passes when no placement is worth ``pass_at`` or,
leading, when its pass would end the game.

The weights (``WEIGHTS``) were tuned by self-play, not guessed: see
``courtly.bots.tune``. The bot reads only its observation.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from courtly.bots.base import Bot
from courtly.engine.actions import Action
from courtly.engine.game import Game
from courtly.games.agincards.actions import AgincardsAction
from courtly.games.agincards.map import ALL_VALUES, BITS, STEPS, WIDTH, index, line_mask
from courtly.games.agincards.view import public_map

RED_SUITS = (1, 2)
BLACK, RED = 1, 2
PACK = 52
HAND = 5
_HUE = [RED if c & 3 in RED_SUITS else BLACK for c in range(52)]
CLOSE_LOOKS = 4
"""Placements looked at closely a decision, the best of a quick look at all."""

WEIGHTS: dict[str, float] = {
    "opp": 1.096,
    "block": 0.448,
    "future": 0.682,
    "reach": 0.058,
    "keep": 3.884,
    "pass_at": -2.245,
    "regain": 5.144,
}
"""The tuned weights, obtained by self-play with ``python -m courtly.bots.tune
agincards --generations 15 --pairs 5 --games 30 --seed 17`` (an evolution
strategy from the hand-set ``SPECS["agincards"].start``, each candidate playing
240 two-player games on fixed seeds against the starting weights, ``scorer``
and ``normal-v1``): fitness on fresh seeds +0.418 at the start, +0.485 tuned."""


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
        reach, future = w["reach"], w["future"]
        # What an open end promises a run for each unit of its length plus one,
        # by the end cell's mask: the share of values it allows, times ``future``.
        self._share = [min(1.0, len(BITS[m]) * reach) * future for m in range(1 << 14)]

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        kinds: dict[str, AgincardsAction] = {}
        places: list[AgincardsAction] = []
        for a in legal:
            if isinstance(a, AgincardsAction):
                if a.kind == "place":
                    places.append(a)
                else:
                    kinds[a.kind] = a
        if "reclaim" in kinds:
            return kinds["reclaim"]
        if "no_token" in kinds:  # the token decision
            if "token" in kinds:
                board = _Board(observation, self.weights, self._share)
                if board.token_worth(index(*observation["just_placed"])) > 0:
                    return kinds["token"]
            return kinds["no_token"]
        if not places:
            return kinds["pass"]
        obs = observation
        board = _Board(obs, self.weights, self._share)
        me = obs["seat"]
        scores = obs["scores"]
        players = obs["players"]
        if (
            players > 1
            and obs["passes"] >= players - 1
            and scores[me] > max(s for p, s in enumerate(scores) if p != me)
        ):
            return kinds["pass"]  # every other player passed: this pass ends the game, won
        board.token_runs(obs)
        at_ref = board.map.at_ref
        # A quick look at every cell and colour, then the closest look at the
        # few placements it ranks first (what the card's value does nearby).
        rough: dict[int, float] = {}
        look = board.rough
        ranked: list[tuple[float, int, int, AgincardsAction]] = []
        for k, a in enumerate(places):
            i = at_ref[a.ref] + STEPS[a.side]
            c = a.card
            key = i << 2 | _HUE[c]
            value = rough.get(key)
            if value is None:
                value = rough[key] = look(i, _HUE[c])
            ranked.append((-value, k, i, a))
        ranked.sort()
        best = places[0]
        best_value = float("-inf")
        ties = 1
        seen: dict[int, float] = {}  # by cell, value and colour
        for _, _, i, a in ranked:
            c = a.card
            key = i << 6 | c >> 2 << 2 | _HUE[c]
            value = seen.get(key)
            if value is None:
                if len(seen) == CLOSE_LOOKS:
                    break
                value = seen[key] = board.placement(i, (c >> 2) + 1, _HUE[c])
            if value > best_value + 1e-9:
                best, best_value, ties = a, value, 1
            elif value >= best_value - 1e-9:
                ties += 1  # equals: each is kept with an equal chance
                if rng.randrange(ties) == 0:
                    best = a
        if best_value < self.weights["pass_at"]:
            return kinds["pass"]
        return best


class _Board:
    """The map as this seat sees it, and what a placement would do to it.

    A score run holding tokens is kept, by each of its open end cells, as
    ``(length, colour, step, low end, high end, owners)``."""

    __slots__ = (
        "across",
        "at_end",
        "holding",
        "hope",
        "hue",
        "keep",
        "map",
        "mask",
        "opened",
        "owner",
        "regain",
        "share",
        "sign",
        "val",
        "walks",
    )

    def __init__(self, obs: Mapping[str, Any], w: Mapping[str, float], share: list[float]) -> None:
        self.map = m = public_map(obs)
        self.share = share
        self.val = m.val
        self.hue = m.hue
        self.mask = m.mask
        me = obs["seat"]
        players = obs["players"]
        opp = w["opp"] / max(1, players - 1)
        # What another player's points count against mine: now, and in prospect.
        self.sign = [1.0 if p == me else -opp for p in range(players)]
        block = opp * w["block"]
        self.hope = [1.0 if p == me else -block for p in range(players)]
        held = obs["tokens_in_hand"][me]
        self.holding = held > 0
        total = PACK * int(obs["options"].get("decks", 1))
        left = obs["deck_size"] / max(1, total - 1 - HAND * players)
        self.keep = w["keep"] * left / held if held else 0.0
        self.regain = w["regain"] * left
        self.opened: dict[int, int] = {}
        self.owner: dict[int, int] = {}
        self.across: dict[int, int] = {}
        self.walks: dict[int, tuple[int, int, int, int]] = {}
        self.at_end: dict[int, list[_Run]] = {}

    def token_runs(self, obs: Mapping[str, Any]) -> None:
        """Find the score runs holding tokens, by their open end cells."""
        hue = self.hue
        get = hue.get
        mask = self.mask
        runs: dict[tuple[int, int], _Run] = {}
        opened = self.opened
        owner_of = self.owner
        for x, y, owner in obs["tokens"]:
            j = index(x, y)
            owner_of[j] = owner
            h = hue[j]
            for step in (1, WIDTH):
                lo = j - step
                while get(lo) == h:
                    lo -= step
                run = runs.get((lo, step))
                if run is None:
                    hi = j + step
                    while get(hi) == h:
                        hi += step
                    run = runs[lo, step] = ((hi - lo) // step - 1, h, step, lo, hi, [owner], [j])
                else:
                    run[5].append(owner)
                    run[6].append(j)
                opened[j] = opened.get(j, 0) + (run[3] in mask) + (run[4] in mask)
        at_end = self.at_end
        for run in runs.values():
            for e in (run[3], run[4]):
                if e in mask:
                    got = at_end.get(e)
                    if got is None:
                        at_end[e] = [run]
                    else:
                        got.append(run)

    def token_worth(self, i: int) -> float:
        """Putting a token on the card at ``i`` now: its lengths now and its
        prospect, less what keeping it is worth."""
        get = self.hue.get
        mask = self.mask
        share = self.share
        h = get(i)
        now = 0
        later = 0.0
        for step in (1, WIDTH):
            lo = i - step
            while get(lo) == h:
                lo -= step
            hi = i + step
            while get(hi) == h:
                hi += step
            n = (hi - lo) // step - 1
            now += n
            later += (n + 1) * (share[mask.get(lo, 0)] + share[mask.get(hi, 0)])
        if later == 0.0:
            return float(now)  # a spent card: the token scores and comes back at once
        return now + later - self.keep

    # -- a placement ---------------------------------------------------------------
    def rough(self, i: int, h: int) -> float:
        """A quick estimate of a card of colour ``h`` at ``i``: as ``placement``
        but with the cells beside i as they are (a cell the card opens counts
        as open to every value), and nothing for the cells it narrows."""
        get = self.hue.get
        lo = i - 1
        while get(lo) == h:
            lo -= 1
        hi = i + 1
        while get(hi) == h:
            hi += 1
        up = i - WIDTH
        while get(up) == h:
            up -= WIDTH
        down = i + WIDTH
        while get(down) == h:
            down += WIDTH
        self.walks[i << 2 | h] = (lo, hi, up, down)
        here = self.at_end.get(i)
        holding = self.holding
        if here is None and not holding:
            return 0.0
        mask = self.mask
        share = self.share
        top = share[ALL_VALUES]
        val = self.val
        value = 0.0
        token_now = 0
        token_later = 0.0
        closed: list[int] = []
        old_i = mask.get(i, 0)
        for step, a, b in ((1, lo, hi), (WIDTH, up, down)):
            n = (b - a) // step - 1
            token_now += n
            m_a = mask.get(a)
            m_b = mask.get(b)
            later = (n + 1) * (
                (share[m_a] if m_a is not None else 0.0 if a in val else top)
                + (share[m_b] if m_b is not None else 0.0 if b in val else top)
            )
            token_later += later
            if here is None:
                continue
            for run in here:
                if run[2] == step:
                    if run[1] == h:
                        far = run[3] if run[4] == i else run[4]
                        before = (run[0] + 1) * (share[old_i] + share[mask.get(far, 0)])
                        for o in run[5]:
                            value += self.sign[o] * n + self.hope[o] * (later - before)
                    else:
                        lost = (run[0] + 1) * share[old_i]
                        for o in run[5]:
                            value -= self.hope[o] * lost
                        closed.extend(run[6])
        if closed:
            value += self._regained(closed)
        if not holding:
            return value
        if token_later == 0.0:
            return value + token_now
        worth = token_now + token_later - self.keep
        return value + worth if worth > 0 else value

    def _regained(self, closed: list[int]) -> float:
        """Tokens whose last open ends the card closes come back to their
        owners (AGI-7): ``regain`` each, by the share of the draw pile left."""
        value = 0.0
        opened = self.opened
        counted: dict[int, int] = {}
        for j in closed:
            counted[j] = counted.get(j, 0) + 1
        for j, k in counted.items():
            if k >= opened[j]:
                value += self.sign[self.owner[j]] * self.regain
        return value

    def _walk(self, i: int, h: int) -> tuple[int, int, int, int]:
        """The ends of the runs of colour h through i once a card is there:
        left, right, above, below."""
        walk = self.walks.get(i << 2 | h)
        if walk is None:
            get = self.hue.get
            lo = i - 1
            while get(lo) == h:
                lo -= 1
            hi = i + 1
            while get(hi) == h:
                hi += 1
            up = i - WIDTH
            while get(up) == h:
                up -= WIDTH
            down = i + WIDTH
            while get(down) == h:
                down += WIDTH
            walk = self.walks[i << 2 | h] = (lo, hi, up, down)
        return walk

    def placement(self, i: int, v: int, h: int) -> float:
        """What putting a card of value ``v`` and colour ``h`` at ``i`` is worth."""
        mask = self.mask
        at_end = self.at_end
        sign = self.sign
        hope = self.hope
        share = self.share
        holding = self.holding
        after = self._after
        walk = self._walk(i, h)
        value = 0.0
        token_now = 0
        token_later = 0.0
        old_i = mask.get(i, 0)
        here = at_end.get(i, ())
        closed: list[int] = []  # token cells, once for each run end the card closes
        for step, lo, hi in ((1, walk[0], walk[1]), (WIDTH, walk[2], walk[3])):
            n = (hi - lo) // step - 1
            token_now += n
            joined = [run for run in here if run[2] == step]
            if holding or joined:
                m_lo = after(lo, i, v) if i - lo <= 2 * step else mask.get(lo, 0)
                m_hi = after(hi, i, v) if hi - i <= 2 * step else mask.get(hi, 0)
                later = (n + 1) * (share[m_lo] + share[m_hi])
                token_later += later
                for run in joined:
                    if run[1] == h:
                        # Joined: each token scores the new length now (AGI-5),
                        # and the run's prospect becomes the joined run's.
                        far = run[3] if run[4] == i else run[4]
                        before = (run[0] + 1) * (share[old_i] + share[mask.get(far, 0)])
                        for o in run[5]:
                            value += sign[o] * n + hope[o] * (later - before)
                    else:
                        lost = (run[0] + 1) * share[old_i]  # closed at i
                        for o in run[5]:
                            value -= hope[o] * lost
                        closed.extend(run[6])
        # The empty cells near i narrow: runs ending there may close.
        if at_end:
            for d in _NEAR:
                e = i + d
                runs = at_end.get(e)
                if runs is None:
                    continue
                new = after(e, i, v)
                change = share[new] - share[mask[e]]
                for run in runs:
                    if run[3] != i and run[4] != i:  # else counted above
                        if change:
                            for o in run[5]:
                                value += hope[o] * change * (run[0] + 1)
                        if not new:
                            closed.extend(run[6])
        if closed:
            value += self._regained(closed)
        if not holding:
            return value
        if token_later == 0.0:
            return value + token_now  # it would score and come back at once
        worth = token_now + token_later - self.keep
        return value + worth if worth > 0 else value

    def _after(self, e: int, i: int, v: int) -> int:
        """The mask of empty cell ``e`` (beside ``i`` or two steps from it in
        line) once value ``v`` is at ``i``."""
        val = self.val
        if e in val:
            return 0
        g = val.get
        d = e - i
        u, w = (1, WIDTH) if -2 <= d <= 2 else (WIDTH, 1)
        a = v if e - u == i else g(e - u, 0)
        b = v if e + u == i else g(e + u, 0)
        a2 = (v if e - 2 * u == i else g(e - 2 * u, 0)) if a else 0
        b2 = (v if e + 2 * u == i else g(e + 2 * u, 0)) if b else 0
        m = line_mask(a, a2, b, b2)
        key = e << 1 | (u == 1)
        cross = self.across.get(key)
        if cross is None:
            c = g(e - w, 0)
            dn = g(e + w, 0)
            if c or dn:
                cross = line_mask(c, g(e - 2 * w, 0) if c else 0, dn, g(e + 2 * w, 0) if dn else 0)
            else:
                cross = ALL_VALUES
            self.across[key] = cross
        m &= cross
        if m and not self.map.inside(e):
            return 0
        return m


_Run = tuple[int, int, int, int, int, list[int], list[int]]
_NEAR = (1, -1, 2, -2, WIDTH, -WIDTH, 2 * WIDTH, -2 * WIDTH)
