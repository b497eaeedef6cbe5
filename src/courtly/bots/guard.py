"""The heuristic guard: a search plays the heuristic's move unless it finds a
clearly better one, measured in paired rollouts.

A tree search's values for two moves come from different worlds and different
rollouts, and in most positions the spread between worlds is many times the
difference between moves: a few hundred iterations then pick among nearly
equal moves by noise, and a search that rolls out with a good heuristic plays
worse than the heuristic itself (one step of a turn chosen at random breaks
the plan the heuristic follows for the rest of it).

The guard compares each candidate move with the heuristic's own (the *base*)
on the same worlds: for each world dealt from the observation, the base and
every candidate are played on clones of that world, then each seat's policy
plays it on (the heuristic, or the seat's model: ``ISMCTS.models``) for the
same number of decisions with the same random
generator (and the world's own generator, shared by clones, deals the same
cards), and the position is valued as the search values it. The difference
between a candidate's value and the base's in the same world is one sample;
such differences vary far less than the values themselves (common random
numbers). The candidate with the best mean difference replaces the base only
when that mean is at least ``margin`` and at least ``z`` standard errors above
zero, after at least ``min_samples`` worlds. A candidate whose difference is
already ``z`` standard errors below zero (clearly worse than the base) is
dropped, so the rest get more worlds.

A game may also name a **line** worth comparing whole (``Guard.lines``:
Garrison's win within the turn, found by a search of the seat's own moves). A
line is compared like any candidate, on the same worlds, but in its rollouts
the seat plays the line's moves first, each at its next decision where it is
legal (``Line``; its policy answers a window that opens meanwhile): a plan of
several moves, where the heuristic (whose plan follows any single candidate)
might not find the rest of it. The line is searched on the first world of the
comparison, which it deals anyway, so a decision where none is found is
compared exactly as without it.

This is the rollout algorithm of policy improvement (Tesauro and Galperin
1996; Bertsekas): one step of look-ahead over a base policy plays at least
as well as the base policy when the comparison is sound. It reads only the
observation: the worlds are ``game.sampler(observation)``'s, played quietly.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from courtly.bots.base import Bot
from courtly.engine.actions import Action
from courtly.engine.game import Game, State


@dataclass
class Paired:
    """One candidate's differences from the base move, world by world."""

    action: Action
    n: int = 0
    total: float = 0.0
    squares: float = 0.0
    dropped: bool = False
    line: tuple[Action, ...] = ()
    """The moves the seat plays first after ``action`` (a line ``Guard.lines``
    found: ``Line``), before its policy plays on."""

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def error(self) -> float:
        """The standard error of the mean difference (infinite below two)."""
        if self.n < 2:
            return math.inf
        var = max(0.0, (self.squares - self.total * self.total / self.n) / (self.n - 1))
        return math.sqrt(var / self.n)


@dataclass
class Verdict:
    """What the guard decided: the move, the worlds it compared, the candidates
    (each with its differences from ``base``, the heuristic's move)."""

    action: Action
    overridden: bool
    worlds: int
    rollouts: int
    decisions: int
    candidates: list[Paired] = field(default_factory=list)
    base: Action | None = None
    base_value: float | None = None
    """The base's mean value over the worlds compared (None: none compared)."""


@dataclass
class Guard:
    """Settings of the comparison (see the module's notes)."""

    candidates: int = 3
    """Moves compared with the base: the search's most visited others."""
    min_samples: int = 12
    """Worlds compared before a candidate may replace the base."""
    z: float = 2.0
    """Standard errors a candidate's mean difference must clear."""
    margin: float = 0.005
    """The least mean difference (in value, 0 last place .. 1 first) that counts."""
    steps: int = 24
    """Decisions each paired rollout plays before the position is valued."""
    lines: Callable[[State, int], list[Action]] | None = None
    """A game's search for a line of a seat's own moves to compare whole, from
    a world and the seat (an empty list: none); see the module's notes."""


class Line(Bot):
    """A seat's policy that plays a line of moves first: at each of its
    decisions the line's next move where it is legal, otherwise ``policy``'s
    choice (an answer in a window that opened meanwhile), until the line is
    played out. It is given the observation, as ``policy`` may need it."""

    name: ClassVar[str] = "line"

    def __init__(self, policy: Bot, line: Sequence[Action]) -> None:
        super().__init__(policy.game)
        self.policy = policy
        self.line = list(line)

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if self.line:
            move = self.line[0].id
            for action in legal:
                if action.id == move:
                    del self.line[0]
                    return action
        return self.policy.act(observation, legal, rng)


def play_on(
    world: State,
    policies: Sequence[Bot],
    steps: int,
    rng: random.Random,
    pick: Callable[[int], int],
) -> int:
    """Play ``world`` on for at most ``steps`` decisions, ``policies[seat]``
    choosing each seat's moves (a forced move without asking it); the
    decisions played."""
    played = 0
    while not world.over and played < steps:
        to_act = world.to_act
        seat = to_act[pick(32) % len(to_act)] if len(to_act) > 1 else to_act[0]
        legal = world.legal_actions(seat)
        if len(legal) == 1:
            action = legal[0]
        else:
            bot = policies[seat]
            obs = world.observation(seat) if bot.needs_observation else None
            action = bot.act(obs, legal, rng)
        world.play(seat, action)
        played += 1
    return played


def compare(
    game: Game,
    observation: Mapping[str, Any],
    base: Action,
    candidates: Sequence[Action],
    policies: Sequence[Bot],
    value: Callable[[State], list[float]],
    settings: Guard,
    rng: random.Random,
    decisions: int,
    deadline: float | None = None,
) -> Verdict:
    """Compare ``candidates`` with ``base`` on paired worlds, until the
    rollouts have played ``decisions`` decisions in all (the base's included)
    or ``deadline`` (a ``time.perf_counter`` reading) would be overrun; the
    move to play and the evidence. ``policies[seat]`` plays each seat on,
    the observation's own included."""
    me: int = observation["seat"]
    paired = [Paired(a) for a in candidates if a.id != base.id]
    worlds = 0
    spent = 0
    played = 0
    base_total = 0.0
    base_n = 0
    start = time.perf_counter()
    sampler = game.sampler(observation)  # the observation read once, each world only dealt
    first: State | None = None
    if settings.lines is not None:  # searched on the first world, dealt as it would be
        first = sampler.sample(rng)
        first.quiet = True
        line = settings.lines(first, me)
        if line:
            paired.append(Paired(line[0], line=tuple(line[1:])))
    while paired and played < decisions:
        live = [p for p in paired if not p.dropped]
        if not live:
            break
        if deadline is not None and worlds:
            now = time.perf_counter()
            if now + (now - start) / worlds >= deadline:
                break
        if first is not None:
            world, first = first, None
        else:
            world = sampler.sample(rng)
        world.quiet = True  # nobody reads a paired rollout's events: none are built
        seed = rng.getrandbits(64)
        base_value, n = _rollout(world, me, base, policies, value, settings.steps, seed)
        spent += 1
        played += n
        if base_value is None:
            worlds += 1
            continue
        base_total += base_value
        base_n += 1
        for p in live:
            v, n = _rollout(world, me, p.action, policies, value, settings.steps, seed, p.line)
            spent += 1
            played += n
            if v is None:
                continue
            d = v - base_value
            p.n += 1
            p.total += d
            p.squares += d * d
            if p.n >= settings.min_samples and p.mean + settings.z * p.error < 0:
                p.dropped = True
        worlds += 1
    best = max(paired, key=lambda p: (p.n >= settings.min_samples, p.mean), default=None)
    overridden = (
        best is not None
        and best.n >= settings.min_samples
        and best.mean >= settings.margin
        and best.mean > settings.z * best.error
    )
    return Verdict(
        action=best.action if overridden and best is not None else base,
        overridden=overridden,
        worlds=worlds,
        rollouts=spent,
        decisions=played,
        candidates=paired,
        base=base,
        base_value=base_total / base_n if base_n else None,
    )


def _rollout(
    world: State,
    me: int,
    action: Action,
    policies: Sequence[Bot],
    value: Callable[[State], list[float]],
    steps: int,
    seed: int,
    line: Sequence[Action] = (),
) -> tuple[float | None, int]:
    """``me``'s value after ``action`` in a clone of ``world`` and ``steps``
    decisions of ``policies`` drawn from ``seed``, ``me`` playing ``line``
    first (``Line``) (None: the move is not legal in this world), and the
    decisions played."""
    w = world.clone()
    if me not in w.to_act or w.check(me, action) is not None:
        return None, 0
    w.play(me, action)
    rng = random.Random(seed)
    if line:
        policies = [Line(p, line) if seat == me else p for seat, p in enumerate(policies)]
    played = play_on(w, policies, steps, rng, rng.getrandbits)
    return value(w)[me], played + 1
