"""Information-set Monte Carlo tree search, for any Courtly game.

The bot sees only its observation. Each iteration deals a world consistent
with it, walks the trees down that world, adds a node, plays on a few
decisions with a rollout policy and credits every seat with the value of the
position reached.

- **One tree per seat** (multi-observer ISMCTS, Cowling, Powley & Whitehouse
  2012). A seat's tree is keyed by what that seat sees: its own moves as
  themselves, another seat's move as ``game.observed_as(move, actor, seat)``
  (a face-down card is one edge, whichever card it was in that world). The seat
  to act chooses in its own tree; every other tree follows the edge of what its
  seat saw. So no seat's choice in the search depends on something it has not
  seen: the seat that must guess a face-down card guesses from the same node
  whichever card it was. (A single shared tree keyed by the searching seat's
  view, ``observers="single"``, lets the other seats answer the searching
  seat's hidden moves as if they had seen them; it is kept for comparison.)
- **Simultaneous decisions** (the pending decision awaits several seats at
  once, as Agents of the Crown's passes and commits) are searched as
  simultaneous: each awaited seat chooses in its own tree without seeing the
  others' choices of that step, then the moves are played in a random order
  (as at a real table) and each tree follows them in seat order. The choice
  at such a node is decoupled UCT (``simultaneous="duct"``, each seat's own
  UCB over its own moves) or regret matching (``"rm"``, Lanctot et al. 2013:
  a mixed strategy from the positive regrets, with exploration ``rm_gamma``).
  The move played at a simultaneous root is, for regret matching, drawn from
  the average strategy (a bluff must be mixed to work); for decoupled UCT the
  most visited move, or with ``mix_root`` a draw in proportion to the visits.
  The default is decoupled UCT with the most visited move: in Agents of the
  Crown it measured stronger than regret matching and than mixing
  (BENCHMARKS.md, "Bot strength").
- **Availability.** An edge's exploration term counts the iterations in which
  it was legal, not its parent's visits (a move exists only in some worlds).
- **Progressive widening** (``widening``): below the searching seat's root a
  seat first tries the rollout policy's move, and another only as the node's
  visits grow (``1 + floor(widening * sqrt(visits))`` moves), so the seats in
  the tree play like the heuristic until the search finds them better moves,
  instead of each trying its dozens of moves in turn (with one tree per seat,
  every seat at a simultaneous decision would otherwise play a random untried
  move in most iterations). The searching seat tries every move at its root.
- **Noise.** Each UCB score gets a little random noise (``jitter``): with
  exact scores two seats' trees can fall into step (one always hiding what
  the other is about to guess wrong) and value a mixed situation as won or
  lost.
- **Values** are per seat: at the end of the game 1 for first place, 0 for
  last, evenly between (ties share; ``outcome`` may value a finished game
  otherwise). A rollout cut short
  (``max_rollout_steps``) is valued by ``evaluate``: a game's evaluation of a
  position (``courtly.bots.evaluation``), or by default the standing then
  (the current scores, ranked like a final result).
- **Speed.** One ``game.sampler(observation)`` per search reads the
  observation once; each world only deals the hidden cards, and is quiet
  (``State.quiet``: no events built). Moves come from ``legal_actions`` and
  are played with ``State.play`` (no second check, no history); a forced
  rollout move asks no policy, a random one comes from
  ``State.random_action``, and a game without hidden moves asks no
  ``observed_as``.
- **Heuristic prior** (``prior_visits``): the rollout policy's root move is
  kept unless another earns a margin of visits more (in the final choice
  only, never in a move's value). **Guard** (``guard``): it is kept unless
  paired rollouts show one of the search's most visited moves clearly better
  (``courtly.bots.guard``). **Own policy** (``own``): where given, the
  searching seat's own moves in rollouts, in the tree's first tries and as
  that kept move come from it (None, as every level plays: the rollout
  policy's). **Seat models** (``models``): where given, the policy that
  plays another seat in rollouts, in the guard's and in the tree's first
  tries, as the table shows that seat (``hard`` meets its table: a seat
  shown as ``random`` or ``easy`` is played so; ``courtly.bots.levels``).
  Every other seat is the rollout policy's.
- **Reuse.** When the bot moves again with nothing happening in between, the
  search goes on from the subtrees below its last move.
- **Budget**: a number of iterations (deterministic for a given RNG, unless the
  optional ``time_cap`` in seconds cuts it short), or a time (``seconds``).
  The clock starts when the bot is asked, and the search stops before an
  iteration of the mean length so far would overrun it.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Literal

from mypy_extensions import mypyc_attr

from courtly.bots.base import Bot
from courtly.bots.guard import Guard, Verdict, compare
from courtly.bots.tree import (
    Analysis,
    Evaluation,
    MoveValue,
    Node,
    Regret,
    credit_regrets,
    regret_match,
    rewards,
    verdict_order,
)
from courtly.engine.actions import Action
from courtly.engine.game import Game, State

__all__ = ["ISMCTS", "Analysis", "Evaluation", "MoveValue", "Node", "rewards"]


@mypyc_attr(allow_interpreted_subclasses=True)  # the hard level's Hard, in levels.py
class ISMCTS(Bot):
    """Multi-observer ISMCTS with partially observable and simultaneous moves."""

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
        evaluate: Evaluation | None = None,
        observers: Literal["multi", "single"] = "multi",
        simultaneous: Literal["duct", "rm"] = "duct",
        mix_root: bool = False,
        rm_gamma: float = 0.2,
        jitter: float = 0.02,
        widening: float | None = None,
        guard: Guard | None = None,
        guard_share: float = 0.5,
        outcome: Evaluation = rewards,
        own: Bot | None = None,
        models: Sequence[Bot | None] | None = None,
    ) -> None:
        """``rollout``: the policy that finishes simulated games (None: random).
        ``max_rollout_steps``: a rollout stops after this many decisions and the
        position is valued by ``evaluate`` (None: the standing then).
        ``prior_visits``: the margin of visits by which the search must prefer
        another move to the rollout policy's own choice at the root, so that it
        overrides the heuristic only when it finds a move clearly better.
        ``observers``: one tree per seat (``multi``) or one tree keyed by the
        searching seat's view (``single``). ``simultaneous``, ``mix_root`` and
        ``rm_gamma``: how simultaneous decisions are searched and played;
        ``widening`` (None: every move tried in turn) and ``jitter``: which
        moves a seat tries in the tree (see the module's notes). ``guard``:
        keep the rollout policy's move unless paired rollouts show one of the
        search's best few clearly better (``courtly.bots.guard``), spending
        ``guard_share`` of the budget on that comparison. ``outcome``: each
        seat's value of a finished game, and of a cut-off position when there
        is no ``evaluate`` (by default ``rewards``: by rank). ``own``: the
        searching seat's own policy where it is not ``rollout``: its move is
        the base that the guard and ``prior_visits`` keep, and it plays that
        seat in rollouts and in the tree's first tries. ``models``: by seat,
        the policy that plays each other seat there (None, or no entry:
        ``rollout``); the searching seat's entry is not read."""
        super().__init__(game)
        if observers not in ("multi", "single"):
            raise ValueError(f"observers is 'multi' or 'single', not {observers!r}")
        if simultaneous not in ("duct", "rm"):
            raise ValueError(f"simultaneous is 'duct' or 'rm', not {simultaneous!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout = rollout
        self.max_rollout_steps = max_rollout_steps
        self.time_cap = time_cap
        self.reuse = reuse
        self.prior_visits = prior_visits
        self.evaluate = evaluate
        self.observers = observers
        self.simultaneous = simultaneous
        self.mix_root = mix_root
        self.rm_gamma = rm_gamma
        self.jitter = jitter
        self.widening = widening
        self.guard = guard
        self.guard_share = guard_share
        self.outcome = outcome
        self.own = own
        self.models: Sequence[Bot | None] | None = models
        self._policies: list[Bot | None] = []
        """Each seat's policy in this search (None: uniform random moves)."""
        self.last_verdict: Verdict | None = None
        """The guard's comparison in the last search (None: no guard)."""
        self.last_iterations = 0
        self.last_rollout_decisions = 0
        """Decisions played in rollouts during the last search."""
        self.reused = 0
        """How many decisions started from the trees of the one before."""
        self._last: tuple[Mapping[str, Any], Action, list[Node | None]] | None = None
        self._plain = type(game).observed_as is Game.observed_as

    def pace(self) -> float | None:
        """Its clock (``seconds``, else ``time_cap``): the search stops by then
        (sooner at its iterations' ceiling) and waits out the rest at a table
        (``Bot.pace``); None without one."""
        return self.seconds if self.seconds is not None else self.time_cap

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
        roots: list[Node] = self._reusable_roots(observation, rng) or []
        policy = self.rollout
        guard = self.guard if policy is not None else None
        hint: Action | None = None
        if (self.prior_visits or guard is not None) and policy is not None:
            hint = (self.own or policy).act(observation, legal, rng)
        limit = self.seconds if self.seconds is not None else self.time_cap
        share = 1.0 - self.guard_share if guard is not None else 1.0
        budget = max(1, round(self.iterations * share))
        tree_limit = None if limit is None else limit * share
        done = 0
        self.last_rollout_decisions = 0
        simultaneous = False
        worlds = game.sampler(observation)
        while True:
            world = worlds.sample(rng)
            world.quiet = True  # nobody reads a world's events: none are built
            if done == 0:
                simultaneous = len(world.to_act) > 1
                self._policies = self._seat_policies(me, world.players)
                if not roots:
                    roots = [Node() for _ in range(world.players)]
            if self.observers == "single":
                self._iterate_single(world, roots[me], me, rng)
            else:
                self._iterate(world, roots, me, rng)
            done += 1
            if self.seconds is None and done >= budget:
                break
            # Stop when one more iteration of the mean length would overrun
            # the limit, so that a decision keeps within it.
            if tree_limit is not None:
                spent = time.perf_counter() - start
                if spent + spent / done >= tree_limit:
                    break
        self.last_iterations = done
        root = roots[me]
        by_id = {a.id: a for a in legal}
        mine = {
            key[1]: child
            for key, child in root.children.items()
            if key[0] == me and key[1] in by_id and child.visits
        }
        best = self._choose(mine, simultaneous, -1 if hint is None else hint.id, rng)
        self.last_verdict = None
        if guard is not None and hint is not None and policy is not None:
            ranked = sorted(mine, key=lambda k: -mine[k].visits)
            others = [by_id[k] for k in ranked if k != hint.id][: guard.candidates]
            # The comparison's budget in decisions played: what the tree's
            # iterations would have played in their rollouts.
            decisions = max(1, round(self.iterations * self.guard_share))
            decisions *= max(1, min(self.max_rollout_steps, 100))
            if self.seconds is not None:
                decisions = 1 << 40  # until the clock says stop
            verdict = compare(
                game,
                observation,
                hint,
                others,
                [p or policy for p in self._policies],
                lambda w: self._value(w, 0),
                guard,
                rng,
                decisions=decisions,
                deadline=None if limit is None else start + limit,
            )
            self.last_verdict = verdict
            best = verdict.action.id
        if best not in by_id:
            best = legal[0].id
        if self.reuse:
            self._keep(observation, by_id[best], roots, me)
        moves = []
        for a in legal:
            child = mine.get(a.id)
            visits = 0 if child is None else child.visits
            value = child.total / child.visits if child is not None else None
            moves.append(MoveValue(a, visits, value))
        return Analysis(
            moves=verdict_order(moves, best), iterations=done, seconds=time.perf_counter() - start
        )

    def _seat_policies(self, me: int, players: int) -> list[Bot | None]:
        """Each seat's policy in a search by ``me``: ``own`` for ``me`` where
        given, a seat's model where given, else the rollout policy."""
        models = self.models or ()
        policies: list[Bot | None] = []
        for seat in range(players):
            bot: Bot | None = None
            if seat == me:
                bot = self.own
            elif seat < len(models):
                bot = models[seat]
            policies.append(bot if bot is not None else self.rollout)
        return policies

    def _choose(
        self, mine: Mapping[int, Node], simultaneous: bool, hint: int, rng: random.Random
    ) -> int:
        """The move to play: most visited (the heuristic's own with its margin),
        or at a simultaneous root a draw from the mixed strategy found."""
        if not mine:
            return hint
        if simultaneous and self.observers == "multi":
            weights: dict[int, float] | None = None
            if self.simultaneous == "rm":
                weights = {k: ch.strategy for k, ch in mine.items()}
            elif self.mix_root:
                weights = {k: float(ch.visits) for k, ch in mine.items()}
            if weights is not None:
                total = sum(weights.values())
                if total > 0:
                    x = rng.random() * total
                    for k, w in sorted(weights.items()):
                        x -= w
                        if x < 0:
                            return k
        ranked = {k: (ch.visits, ch.total) for k, ch in mine.items()}
        if hint >= 0:
            visits, total_ = ranked.get(hint, (0, 0.0))
            ranked[hint] = (visits + self.prior_visits, total_)
        return max((v, t, k) for k, (v, t) in ranked.items())[2]

    def _keep(
        self, observation: Mapping[str, Any], action: Action, roots: list[Node], me: int
    ) -> None:
        """Remember every tree's node below our move, for ``_reusable_roots``."""
        nodes: list[Node | None] = []
        for seat, root in enumerate(roots):
            if self.observers == "single" and seat != me:
                nodes.append(None)
                continue
            key = action.id if seat == me else self.game.observed_as(action, me, seat)
            nodes.append(root.children.get((me, key)))
        self._last = (observation, action, nodes)

    def _reusable_roots(
        self, observation: Mapping[str, Any], rng: random.Random
    ) -> list[Node] | None:
        """The subtrees under our last move, when it is still this information set.

        Sound when nothing happened since but that move and nothing was
        learned: a world drawn from the last observation, with the move played,
        then looks exactly like the observation now (as when a player makes
        several moves in one turn). Otherwise the search starts afresh."""
        last, self._last = self._last, None
        if last is None:
            return None
        before, action, nodes = last
        if before.get("seat") != observation.get("seat"):
            return None
        seat = observation["seat"]
        if nodes[seat] is None:
            return None
        world = self.game.sample_state(before, rng)
        if world.to_act != (seat,) or world.check(seat, action) is not None:
            return None
        world.quiet = True
        world.play(seat, action)
        if world.observation(seat) != observation:
            return None
        self.reused += 1
        return [Node() if node is None else node for node in nodes]

    # -- one iteration, one tree per seat ---------------------------------------
    def _iterate(self, world: State, roots: list[Node], me: int, rng: random.Random) -> None:
        game = self.game
        plain = self._plain
        n = len(roots)
        nodes = list(roots)  # where each seat's tree stands
        paths: list[list[Node]] = [[] for _ in range(n)]  # each seat's own edges
        regrets: list[Regret] = []
        pick = rng.getrandbits  # a uniform index: pick(32) % n (cheaper than randrange)
        observed = game.observed_as
        expanded = False
        while not expanded and not world.over:
            to_act = world.to_act
            if len(to_act) == 1:
                seat = to_act[0]
                legal = world.legal_actions(seat)
                here = nodes[seat]
                action, child, expanded = (
                    self._select(here, seat, legal, pick)
                    if here is roots[me]
                    else self._select(here, seat, legal, pick, world, rng)
                )
                world.play(seat, action)
                paths[seat].append(child)
                for v in range(n):
                    if v == seat:
                        nodes[v] = child
                    else:
                        key = action.id if plain else observed(action, seat, v)
                        nodes[v] = nodes[v].child((seat, key))
                continue
            # A simultaneous decision: every awaited seat chooses in its own
            # tree, none seeing the others' choices of this step.
            chosen: list[tuple[int, Action, Node]] = []
            for seat in to_act:
                legal = world.legal_actions(seat)
                if self.simultaneous == "rm":
                    action, child, new, entry = regret_match(
                        nodes[seat], seat, legal, rng, self.rm_gamma
                    )
                    regrets.append(entry)
                else:
                    here = nodes[seat]
                    action, child, new = (
                        self._select(here, seat, legal, pick)
                        if here is roots[me]
                        else self._select(here, seat, legal, pick, world, rng)
                    )
                expanded = expanded or new
                chosen.append((seat, action, child))
            order = list(chosen)
            rng.shuffle(order)
            played = set()
            for seat, action, _ in order:
                if seat in world.to_act and world.check(seat, action) is None:
                    world.play(seat, action)
                    played.add(seat)
            for v in range(n):
                node = nodes[v]
                for seat, action, child in chosen:
                    if seat not in played:
                        continue
                    if seat == v:
                        paths[v].append(child)
                        node = child
                    else:
                        key = action.id if plain else observed(action, seat, v)
                        node = node.child((seat, key))
                nodes[v] = node
        steps = self._play_out(world, rng)
        values = self._value(world, steps)
        for seat in range(n):
            value = values[seat]
            for child in paths[seat]:
                child.visits += 1
                child.total += value
        credit_regrets(regrets, values)

    def _select(
        self,
        node: Node,
        seat: int,
        legal: Sequence[Action],
        pick: Callable[[int], int],
        world: State | None = None,
        rng: random.Random | None = None,
    ) -> tuple[Action, Node, bool]:
        """UCT over ``seat``'s own moves at ``node`` (availability counted).
        Returns the move, its edge and whether it is new.

        Which moves are tried: every one, an untried move first (at the
        searching seat's root, and always without ``widening``); or, given the
        world and ``widening``, progressive widening: the rollout policy's
        move first, and a further move (at random) only as the node's visits
        grow, up to ``1 + floor(widening * sqrt(visits))`` moves. So a seat in the
        tree plays like the heuristic until the search finds it a better move,
        rather than trying each of dozens of moves in turn, most of them bad."""
        children = node.children
        untried = []
        tried: list[tuple[Action, Node]] = []
        for a in legal:
            child = children.get((seat, a.id))
            if child is None or not child.visits:
                untried.append(a)
            else:
                child.available += 1
                tried.append((a, child))
        widening = self.widening
        if untried and (
            world is None
            or widening is None
            or len(untried) == len(legal)
            or node.grown <= int(widening * math.sqrt(node.seen))
        ):
            node.seen += 1
            node.grown += 1
            action = untried[pick(32) % len(untried)] if len(untried) > 1 else untried[0]
            if world is not None and widening is not None and len(untried) == len(legal):
                policy = self._policies[seat]
                if policy is not None and len(legal) > 1 and rng is not None:
                    obs = world.observation(seat) if policy.needs_observation else None
                    action = policy.act(obs, legal, rng)
            child = children.get((seat, action.id))
            if child is None:
                child = children[(seat, action.id)] = Node()
            return action, child, True
        node.seen += 1
        # A little noise on every score: with exact scores two seats' trees
        # can fall into step (one always hiding what the other is about to
        # guess wrong) and value a mixed situation as won or lost.
        c = self.exploration
        jitter = self.jitter * 2.0**-32
        best_score = -1.0
        best, best_child = tried[0]
        for a, ch in tried:
            score = ch.total / ch.visits + c * math.sqrt(math.log(ch.available) / ch.visits)
            score += jitter * pick(32)
            if score > best_score:
                best_score, best, best_child = score, a, ch
        return best, best_child, False

    def _value(self, world: State, steps: int) -> list[float]:
        """The values to credit: the result of a finished game, else the
        evaluation of the position where the rollout was cut."""
        evaluate = self.evaluate
        if world.over or evaluate is None:
            return self.outcome(world)
        return evaluate(world)

    # -- one iteration, one tree keyed by the searching seat's view ----------------
    def _iterate_single(self, world: State, root: Node, me: int, rng: random.Random) -> None:
        """Single-observer ISMCTS: one tree whose edges are what ``me`` sees of
        each move; every seat selects in it, so below ``me``'s hidden move the
        other seats choose in nodes specific to that move."""
        game = self.game
        plain = self._plain
        node = root
        path: list[tuple[Node, int]] = []
        seat = me
        expanded = False
        c = self.exploration
        pick = rng.getrandbits
        while not world.over:
            to_act = world.to_act
            if node is not root:
                seat = to_act[pick(32) % len(to_act)] if len(to_act) > 1 else to_act[0]
            legal = world.legal_actions(seat)
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
        steps = self._play_out(world, rng)
        result = self._value(world, steps)
        for child, who in path:
            child.visits += 1
            child.total += result[who]

    def _play_out(self, world: State, rng: random.Random) -> int:
        """Play ``world`` on, each seat by its policy in this search (the
        rollout policy, ``own`` or a seat model); the decisions played. A
        forced move (the only legal one) is played without asking the policy:
        it could choose nothing else, and asking would cost it an observation.
        Without a policy each move is a uniform draw (``State.random_action``)."""
        policies = self._policies
        steps = 0
        limit = self.max_rollout_steps
        pick = rng.getrandbits
        while not world.over and steps < limit:
            to_act = world.to_act
            seat = to_act[pick(32) % len(to_act)] if len(to_act) > 1 else to_act[0]
            bot = policies[seat]
            if bot is None:
                action = world.random_action(seat, rng)
                world.play(seat, action)
                steps += 1
                continue
            legal = world.legal_actions(seat)
            if len(legal) == 1:
                action = legal[0]
            else:
                obs = world.observation(seat) if bot.needs_observation else None
                action = bot.act(obs, legal, rng)
            world.play(seat, action)
            steps += 1
        self.last_rollout_decisions += steps
        return steps
