"""The heuristic guard (``courtly.bots.guard``): a search keeps the heuristic's
move unless paired rollouts show another clearly better.

**Draw**, a tiny game defined here: seat 0 picks one of four moves, each a
chance of winning (``CHANCES``), and the game's own generator decides. Worlds
dealt from the observation differ only in that generator; the guard plays
every move of a comparison on clones of one world, which share it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from courtly.bots import make
from courtly.bots.base import Bot
from courtly.bots.guard import Guard, Line, Paired, Verdict, compare, play_on
from courtly.bots.ismcts import ISMCTS, rewards
from courtly.bots.levels import make_level
from courtly.engine.actions import Action
from courtly.engine.events import Event
from courtly.engine.game import Game, State
from courtly.games import get

from .helpers import Asked

DRAW_ACTIONS = [Action(i, "pick", f"pick-{i}") for i in range(4)]
HEURISTIC_MOVE = 1


class DrawState(State):
    def setup(self, game: Draw, seed: int) -> None:
        self._init_base(game, 2, seed, None)
        self.chances = game.chances
        self.result: list[float] | None = None
        self.pending.push("pick", [0])

    def legal_actions(self, seat: int) -> list[Action]:
        return list(DRAW_ACTIONS) if seat in self.to_act else []

    def check(self, seat: int, action: Action) -> str | None:
        return None if action in self.legal_actions(seat) else "not now"

    def play(self, seat: int, action: Action) -> list[Event]:
        self.pending.done(seat)
        win = self.rng.random() < self.chances[action.id]
        self.result = [1.0, 0.0] if win else [0.0, 1.0]
        return []

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"seat": seat, "to_act": list(self.to_act)}

    def zones(self) -> dict[str, list[int]]:
        return {}

    def hidden_from(self, seat: int | None) -> set[str]:
        return set()

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def scores(self) -> list[float]:
        return list(self.result or [0.0, 0.0])

    def clone(self) -> DrawState:
        new = DrawState.__new__(DrawState)
        new._copy_base(self)
        new.chances, new.result = self.chances, self.result
        return new


class Draw(Game):
    id = "draw"
    name = "Draw"
    summary = "Pick a chance of winning."
    min_players = max_players = default_players = 2
    actions: ClassVar[list[Action]] = DRAW_ACTIONS

    def __init__(self, chances: Sequence[float]) -> None:
        self.chances = list(chances)

    def _new(self, players: int, seed: int, options: Any) -> State:
        state = DrawState.__new__(DrawState)
        state.setup(self, seed)
        return state

    def sample_state(self, observation: Mapping[str, Any], rng: random.Random) -> State:
        state = DrawState.__new__(DrawState)
        state.setup(self, rng.getrandbits(32))  # the draw is not known in advance
        return state


class Habit(Bot):
    """The heuristic of these tests: always the same move."""

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return legal[HEURISTIC_MOVE]


def decide(chances: Sequence[float], seed: int, guard: Guard | None) -> tuple[ISMCTS, int]:
    """A search's bot and its move in Draw with ``chances``."""
    game = Draw(chances)
    bot = ISMCTS(game, iterations=200, rollout=Habit(game), guard=guard)
    state = game.new(seed=seed)
    return bot, bot.act(state.observation(0), state.legal_actions(0), random.Random(seed)).id


def chosen(chances: Sequence[float], seed: int, guard: Guard | None) -> int:
    return decide(chances, seed, guard)[1]


def test_the_guard_keeps_the_heuristics_move_when_the_search_is_indifferent() -> None:
    even = [0.5] * 4
    # Left to itself, a search among equal moves plays whichever drew most
    # visits; with the guard, every paired difference is zero and the
    # heuristic's move stands.
    assert {chosen(even, seed, None) for seed in range(8)} != {HEURISTIC_MOVE}
    assert {chosen(even, seed, Guard()) for seed in range(8)} == {HEURISTIC_MOVE}


def test_the_guard_plays_a_move_that_is_clearly_better() -> None:
    better = [0.3, 0.3, 0.3, 0.9]
    for seed in range(4):
        bot, move = decide(better, seed, Guard())
        verdict = bot.last_verdict
        assert verdict is not None and verdict.overridden
        assert verdict.action.id == move == 3
        # Half the budget went to the tree, half to the paired rollouts
        # (counted in decisions: a tree iteration's worth is a rollout's).
        assert bot.last_iterations == 100
        assert verdict.decisions <= 100 * 100


def test_the_verdict_names_its_base_and_the_base_s_mean_result() -> None:
    """The base's value over the worlds compared reads the heuristic's chance
    (0.3 here), and each candidate's mean difference the gap to its own."""
    bot, _ = decide([0.3, 0.3, 0.3, 0.9], 5, Guard())
    verdict = bot.last_verdict
    assert verdict is not None and verdict.base is not None
    assert verdict.base.id == HEURISTIC_MOVE and verdict.base_value is not None
    assert abs(verdict.base_value - 0.3) < 0.05  # 2,500 worlds
    (best,) = [p for p in verdict.candidates if p.action.id == 3]
    assert abs(verdict.base_value + best.mean - 0.9) < 0.05


def test_a_slightly_better_move_needs_the_evidence() -> None:
    # One move 0.05 better: too few worlds leave the heuristic's move; enough
    # show the difference, since paired worlds differ only where it matters.
    chances = [0.5, 0.5, 0.5, 0.55]
    game = Draw(chances)
    state = game.new(seed=1)
    obs = state.observation(0)
    base, other = DRAW_ACTIONS[HEURISTIC_MOVE], DRAW_ACTIONS[3]

    def value(world: State) -> list[float]:
        return rewards(world)

    few = compare(game, obs, base, [other], [Habit(game)] * 2, value, Guard(), random.Random(1), 8)
    assert not few.overridden and few.action is base
    many = compare(
        game, obs, base, [other], [Habit(game)] * 2, value, Guard(), random.Random(1), 4000
    )
    assert many.overridden and many.action is other
    # Paired: a world where the better move loses never lets the other win.
    (paired,) = many.candidates
    assert paired.n == many.worlds and paired.mean > 0


def test_a_candidate_clearly_worse_is_dropped() -> None:
    chances = [0.5, 0.5, 0.0, 0.6]
    game = Draw(chances)
    state = game.new(seed=1)
    verdict = compare(
        game,
        state.observation(0),
        DRAW_ACTIONS[HEURISTIC_MOVE],
        [DRAW_ACTIONS[2], DRAW_ACTIONS[3]],
        [Habit(game)] * 2,
        rewards,
        Guard(min_samples=10),
        random.Random(4),
        600,
    )
    worse, better = verdict.candidates
    assert worse.dropped and worse.n < better.n
    assert verdict.overridden and verdict.action is better.action


def test_standard_error_of_paired_differences() -> None:
    p = Paired(DRAW_ACTIONS[0], n=4, total=2.0, squares=2.0)
    # Differences 1, 1, 0, 0: variance 1/3, standard error sqrt(1/12).
    assert abs(p.error - (1 / 12) ** 0.5) < 1e-12
    assert Paired(DRAW_ACTIONS[0], n=1, total=1.0, squares=1.0).error == float("inf")


def test_hard_searches_with_the_guard_and_reports_its_verdict() -> None:
    game = get("crown-rivals")
    bot = make_level("hard", game)
    assert isinstance(bot, ISMCTS) and bot.guard is not None
    bot.time_cap, bot.iterations = None, 40
    state = game.new(seed=3)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    action = bot.act(state.observation(seat), legal, random.Random(0))
    verdict = bot.last_verdict
    assert verdict is not None and verdict.action is action
    assert action in legal


def test_each_seat_is_played_on_by_its_own_policy() -> None:
    game = get("garrison")
    state = game.new(seed=2)
    me = state.to_act[0]
    own = Asked(game)
    rng = random.Random(2)
    policies = [own if s == me else make("normal", game) for s in range(state.players)]
    played = play_on(state.clone(), policies, 80, rng, rng.getrandbits)
    assert played == 80 and own.seats and set(own.seats) == {me}


def test_an_own_policy_gives_the_move_the_guard_keeps() -> None:
    # Every move equal: the guard keeps the base move, which is the own
    # policy's (move 3), not the rollout policy's (Habit's move 1).
    game = Draw([0.5] * 4)
    own = Asked(game, move=3)
    bot = ISMCTS(game, iterations=200, rollout=Habit(game), guard=Guard(), own=own)
    state = game.new(seed=1)
    assert bot.act(state.observation(0), state.legal_actions(0), random.Random(1)).id == 3
    verdict = bot.last_verdict
    assert verdict is not None and not verdict.overridden and verdict.action.id == 3
    # without it, the rollout policy's move stands
    plain = ISMCTS(game, iterations=200, rollout=Habit(game), guard=Guard())
    assert plain.act(state.observation(0), state.legal_actions(0), random.Random(1)).id == 1


# -- a line compared whole (``Guard.lines``) -------------------------------------
def _garrison_comparison(settings: Guard, seed: int) -> Verdict:
    """The guard's comparison at a Garrison decision, three candidates."""
    game = get("garrison")
    state = game.new(seed=seed)
    me = state.to_act[0]
    normal = make("normal", game)
    obs = state.observation(me)
    legal = state.legal_actions(me)
    base = normal.act(obs, legal, random.Random(0))
    others = [a for a in legal if a.id != base.id][:3]
    policies = [make("normal", game) for _ in range(state.players)]
    return compare(
        game, obs, base, others, policies, rewards, settings, random.Random(seed), decisions=4000
    )


def test_a_guard_whose_lines_find_none_compares_exactly_as_without_them() -> None:
    plain = Guard(candidates=3, steps=60)
    searched: list[int] = []

    def none_found(world: State, me: int) -> list[Action]:
        searched.append(me)
        return []

    with_lines = Guard(candidates=3, steps=60, lines=none_found)
    a, b = _garrison_comparison(plain, 4), _garrison_comparison(with_lines, 4)
    assert searched  # the line was looked for, on the first world
    assert (a.action, a.worlds, a.rollouts, a.decisions) == (
        b.action,
        b.worlds,
        b.rollouts,
        b.decisions,
    )
    assert [(p.action, p.n, p.total) for p in a.candidates] == [
        (p.action, p.n, p.total) for p in b.candidates
    ]


def test_a_line_is_compared_with_its_moves_played_after_its_first() -> None:
    found: list[Action] = []

    def two_moves(world: State, me: int) -> list[Action]:
        legal = world.legal_actions(me)
        found[:] = legal[:2]
        return list(found)

    verdict = _garrison_comparison(Guard(candidates=3, steps=60, lines=two_moves), 4)
    line = verdict.candidates[-1]
    assert line.action == found[0] and line.line == (found[1],) and line.n > 0


def test_a_line_s_moves_are_played_where_legal_and_its_policy_answers_the_rest() -> None:
    game = Draw([0.5] * 4)
    state = game.new(seed=1)
    policy = Asked(game)  # the first legal move
    line = Line(policy, [DRAW_ACTIONS[2], DRAW_ACTIONS[0]])
    obs, legal, rng = state.observation(0), state.legal_actions(0), random.Random(0)
    assert line.act(obs, legal, rng).id == 2
    assert line.act(obs, legal[1:], rng).id == 1  # move 0 not legal here: the policy's
    assert line.act(obs, legal, rng).id == 0
    assert line.act(obs, legal[1:], rng).id == 1  # the line played out
    assert len(policy.seats) == 2
