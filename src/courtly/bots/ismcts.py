"""Information-set Monte Carlo tree search, for any Courtly game.

The bot sees only its observation. Each iteration deals a world consistent with
it (``game.sample_state``), walks the one shared tree down that world, adds a
node, plays the rest of the game out with a rollout policy and credits every
seat on the path with its result.

- **Hidden moves.** A tree edge is keyed by what the searching seat would see
  of a move (``game.observed_as``): another seat's face-down card or secret pass
  is one edge, whichever card it was in that world (SO-ISMCTS with partially
  observable moves).
- **Simultaneous phases and reaction windows** are the engine's pending
  decisions: the searching seat decides at the root; elsewhere in the tree the
  seats awaited together are taken in a random order, as at a real table.
- **Availability.** An edge's exploration term counts the iterations in which
  it was legal, not its parent's visits (a move exists only in some worlds).
- **Rewards** are per seat: 1 for first place, 0 for last, evenly between
  (ties share), so a node is valued for the seat that moves there. A rollout
  cut short (``max_rollout_steps``) is valued by the standing at that point.
- **Speed.** Moves in sampled worlds come from ``legal_actions``, so they are
  played with ``State.play`` (no second legality check, no move history), in
  the tree as in rollouts. A forced move in a rollout is played without asking
  the policy (no observation built); where every move is seen as itself (the
  searching seat's own, or a game without hidden moves) edges need no grouping.
- **Heuristic prior.** Optionally the rollout policy's choice at the root
  is kept unless another move earns a margin of visits more, so a noisy search
  does not play worse than the heuristic it rolls out with. The margin counts
  only in the final choice: it never enters a move's value, which would make
  the heuristic's move look worse than it is whenever the seat is winning.
- **Reuse.** When the bot moves again with nothing happening in between (a
  turn of several moves), the search goes on from the subtree of its last move.
- **Budget**: a number of iterations (deterministic for a given RNG, unless the
  optional ``time_cap`` in seconds cuts it short), or a time (``seconds``).
  The clock starts when the bot is asked, and the search stops before an
  iteration of the mean length so far would overrun it.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from courtly.bots.base import Bot
from courtly.engine.actions import Action
from courtly.engine.game import Game, State


@dataclass(frozen=True)
class MoveValue:
    """One legal move after a search: how often it was tried and its mean result
    for the searching seat (0 last place .. 1 first; None: never tried)."""

    action: Action
    visits: int
    value: float | None


@dataclass(frozen=True)
class Analysis:
    """A search's verdict on a decision: every legal move, the chosen one first."""

    moves: list[MoveValue]
    iterations: int
    seconds: float

    @property
    def best(self) -> Action:
        return self.moves[0].action


class Node:
    """An edge into the tree and the node below it, keyed by (seat, observed move)."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[tuple[int, int], Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 1


def rewards(state: State) -> list[float]:
    """Each seat's result in [0, 1]: 1 for first place, 0 for last."""
    n = state.players
    if n == 1:
        s = state.scores[0]
        return [0.5 + 0.5 * s / (abs(s) + 20.0)]
    return [(n - r) / (n - 1) for r in state.ranks()]


class ISMCTS(Bot):
    """Single-observer ISMCTS with partially observable moves."""

    name: ClassVar[str] = "ismcts"

    def __init__(
        self,
        game: Game,
        iterations: int = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout: Bot | None = None,
        max_rollout_steps: int = 10_000,
        time_cap: float | None = None,
        reuse: bool = True,
        prior_visits: int = 0,
    ) -> None:
        """``rollout``: the policy that finishes simulated games (None: random).
        ``max_rollout_steps``: a rollout stops after this many decisions and the
        seats are valued by their standing then (their current scores).
        ``prior_visits``: the margin of visits by which the search must prefer
        another move to the rollout policy's own choice at the root, so that it
        overrides the heuristic only when it finds a move clearly better."""
        super().__init__(game)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout = rollout
        self.max_rollout_steps = max_rollout_steps
        self.time_cap = time_cap
        self.reuse = reuse
        self.prior_visits = prior_visits
        self.last_iterations = 0
        self.last_rollout_decisions = 0
        """Decisions played in rollouts during the last search."""
        self.reused = 0
        """How many decisions started from the tree of the one before."""
        self._last: tuple[Mapping[str, Any], Action, Node] | None = None

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None, "ISMCTS needs the observation"
        if len(legal) == 1:
            self._last = None
            return legal[0]
        return self.search(observation, legal, rng).best

    def search(
        self, observation: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Analysis:
        """Search from ``observation`` and return every legal move's standing
        (visits and mean result for the searching seat), the chosen move first.
        ``act`` plays its ``best``; hints and game review read the rest."""
        start = time.perf_counter()
        me: int = observation["seat"]
        game = self.game
        root = self._reusable_root(observation, rng) or Node()
        hint = -1
        if self.prior_visits and self.rollout is not None:
            hint = self.rollout.act(observation, legal, rng).id
        limit = self.seconds if self.seconds is not None else self.time_cap
        done = 0
        self.last_rollout_decisions = 0
        while True:
            world = game.sample_state(observation, rng)
            self._iterate(world, root, me, rng)
            done += 1
            if self.seconds is None and done >= self.iterations:
                break
            # Stop when one more iteration of the mean length would overrun
            # the limit, so that a decision keeps within it.
            if limit is not None:
                spent = time.perf_counter() - start
                if spent + spent / done >= limit:
                    break
        self.last_iterations = done
        by_id = {a.id: a for a in legal}
        ranked = {key[1]: (child.visits, child.total) for key, child in root.children.items()}
        if hint >= 0:
            visits, total = ranked.get(hint, (0, 0.0))
            ranked[hint] = (visits + self.prior_visits, total)
        best = max((v, t, k) for k, (v, t) in ranked.items() if k in by_id)[2]
        if self.reuse:
            child = root.children.get((me, best))
            self._last = None if child is None else (observation, by_id[best], child)
        moves = []
        for a in legal:
            child = root.children.get((me, a.id))
            visits = 0 if child is None else child.visits
            value = child.total / child.visits if child is not None and child.visits else None
            moves.append(MoveValue(a, visits, value))
        moves.sort(key=lambda m: (m.action.id != best, -m.visits))
        return Analysis(moves=moves, iterations=done, seconds=time.perf_counter() - start)

    def _reusable_root(self, observation: Mapping[str, Any], rng: random.Random) -> Node | None:
        """The subtree under our last move, when it is still this information set.

        Sound when nothing happened since but that move and nothing was
        learned: a world drawn from the last observation, with the move played,
        then looks exactly like the observation now (as when a player makes
        several moves in one turn). Otherwise the search starts afresh."""
        last, self._last = self._last, None
        if last is None:
            return None
        before, action, child = last
        if before.get("seat") != observation.get("seat"):
            return None
        world = self.game.sample_state(before, rng)
        seat = observation["seat"]
        if seat not in world.to_act or world.check(seat, action) is not None:
            return None
        world.play(seat, action)
        if world.observation(seat) != observation:
            return None
        self.reused += 1
        return child

    def _iterate(self, world: State, root: Node, me: int, rng: random.Random) -> None:
        game = self.game
        plain = type(game).observed_as is Game.observed_as
        node = root
        path: list[tuple[Node, int]] = []
        seat = me
        expanded = False
        c = self.exploration
        pick = rng.getrandbits  # a uniform index: pick(32) % n (cheaper than randrange)
        while not world.over:
            to_act = world.to_act
            if node is not root:
                seat = to_act[pick(32) % len(to_act)] if len(to_act) > 1 else to_act[0]
            legal = world.legal_actions(seat)
            # A move's edge is what ``me`` sees of it. A seat sees its own moves
            # as themselves, and so does everyone in a game without hidden
            # moves: then each action is its own edge and needs no grouping.
            groups: Mapping[int, Sequence[Action]]
            if plain or seat == me:
                groups = {a.id: (a,) for a in legal}
            else:
                hidden: dict[int, list[Action]] = {}
                for a in legal:
                    hidden.setdefault(game.observed_as(a, seat, me), []).append(a)
                groups = hidden
            children = node.children
            untried = []
            for key in groups:
                child = children.get((seat, key))
                if child is None:
                    untried.append(key)
                else:
                    child.available += 1
            if untried:
                key = untried[pick(32) % len(untried)]
                child = Node()
                children[(seat, key)] = child
                expanded = True
            else:
                best_score = -1.0
                key = 0
                for k in groups:
                    ch = children[(seat, k)]
                    score = ch.total / ch.visits + c * math.sqrt(math.log(ch.available) / ch.visits)
                    if score > best_score:
                        best_score, key = score, k
                child = children[(seat, key)]
            options = groups[key]
            world.play(seat, options[pick(32) % len(options)] if len(options) > 1 else options[0])
            path.append((child, seat))
            node = child
            if expanded:
                break
        self._play_out(world, rng)
        result = rewards(world)
        for child, who in path:
            child.visits += 1
            child.total += result[who]

    def _play_out(self, world: State, rng: random.Random) -> None:
        """Play ``world`` on with the rollout policy. A forced move (the only
        legal one) is played without asking the policy: it could choose
        nothing else, and asking would cost it an observation."""
        policy = self.rollout
        steps = 0
        limit = self.max_rollout_steps
        pick = rng.getrandbits
        while not world.over and steps < limit:
            to_act = world.to_act
            seat = to_act[pick(32) % len(to_act)] if len(to_act) > 1 else to_act[0]
            legal = world.legal_actions(seat)
            if len(legal) == 1:
                action = legal[0]
            elif policy is None:
                action = legal[pick(32) % len(legal)]
            else:
                obs = world.observation(seat) if policy.needs_observation else None
                action = policy.act(obs, legal, rng)
            world.play(seat, action)
            steps += 1
        self.last_rollout_decisions += steps
