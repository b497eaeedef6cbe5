"""What the search may know: one tree per seat (no seat answers a move it has
not seen), simultaneous decisions searched as simultaneous, and evaluations
of cut-off positions in [0, 1] for every game.

Two tiny games defined here keep the theory checkable:

- **Coin**: seat 0 either plays ``safe`` (seat 0 then wins three games in ten,
  by chance) or hides a coin face down (``hide-H`` / ``hide-T``); seat 1 then
  guesses it and wins if right. Hiding is worth 0.5 to seat 0 against a seat
  that cannot see the coin, and 0 against one that can.
- **Pennies**: both seats show a coin at once; seat 0 wins on a match, seat 1
  on a mismatch (matching pennies: the only sound play is 50/50).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import pytest

from courtly.bots import make
from courtly.bots.evaluation import evaluation_for, soft_ranks
from courtly.bots.ismcts import ISMCTS
from courtly.bots.levels import make_level
from courtly.engine.actions import Action
from courtly.engine.events import Event
from courtly.engine.game import Game, State
from courtly.engine.testing import random_step
from courtly.games import all_games

# -- Coin ------------------------------------------------------------------------
SAFE, HIDE_H, HIDE_T, GUESS_H, GUESS_T = range(5)
COIN_ACTIONS = [
    Action(i, kind, text)
    for i, (kind, text) in enumerate(
        [("safe", "safe"), ("hide", "hide-H"), ("hide", "hide-T"), ("guess", "H"), ("guess", "T")]
    )
]
SAFE_WINS = 0.3


class CoinState(State):
    def setup(self, game: Game, seed: int) -> None:
        self._init_base(game, 2, seed, None)
        self.coin = -1  # 0 heads, 1 tails, -1 not hidden yet
        self.result: list[float] | None = None
        self.pending.push("hide", [0])

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act:
            return []
        if self.coin < 0:
            return COIN_ACTIONS[SAFE:GUESS_H]
        return COIN_ACTIONS[GUESS_H:]

    def check(self, seat: int, action: Action) -> str | None:
        return None if action in self.legal_actions(seat) else "not now"

    def play(self, seat: int, action: Action) -> list[Event]:
        self.pending.done(seat)
        if action.id == SAFE:
            win = self.rng.random() < SAFE_WINS
            self.result = [1.0, 0.0] if win else [0.0, 1.0]
        elif action.kind == "hide":
            self.coin = action.id - HIDE_H
            self.pending.push("guess", [1])
        else:
            right = action.id - GUESS_H == self.coin
            self.result = [0.0, 1.0] if right else [1.0, 0.0]
        return []

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {
            "seat": seat,
            "hidden": self.coin >= 0,
            "coin": self.coin if seat == 0 else None,
            "to_act": list(self.to_act),
        }

    def zones(self) -> dict[str, list[int]]:
        return {"coin": [] if self.coin < 0 else [self.coin]}

    def hidden_from(self, seat: int | None) -> set[str]:
        return {"coin"} if self.coin >= 0 and seat != 0 else set()

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def scores(self) -> list[float]:
        return list(self.result or [0.0, 0.0])

    def clone(self) -> CoinState:
        new = CoinState.__new__(CoinState)
        new._copy_base(self)
        new.coin, new.result = self.coin, self.result
        return new


class Coin(Game):
    id = "coin"
    name = "Coin"
    summary = "Hide a coin or take a safe chance."
    min_players = max_players = default_players = 2
    actions: ClassVar[list[Action]] = COIN_ACTIONS

    def _new(self, players: int, seed: int, options: Any) -> State:
        state = CoinState.__new__(CoinState)
        state.setup(self, seed)
        return state

    def sample_state(self, observation: Mapping[str, Any], rng: random.Random) -> State:
        state = CoinState.__new__(CoinState)
        state.setup(self, rng.getrandbits(32))  # the chance of ``safe`` is unknown
        if observation["hidden"]:
            coin = observation["coin"]
            state.play(0, COIN_ACTIONS[HIDE_H + (rng.randrange(2) if coin is None else coin)])
        return state

    def observed_as(self, action: Action, actor: int, viewer: int) -> int:
        """Seat 1 sees only that a coin was hidden, not its face."""
        return -1 if action.kind == "hide" and actor != viewer else action.id


# -- Pennies ------------------------------------------------------------------------
PENNIES_ACTIONS = [Action(0, "show", "H"), Action(1, "show", "T")]


class PenniesState(State):
    def setup(self, game: Game, seed: int) -> None:
        self._init_base(game, 2, seed, None)
        self.shown = [-1, -1]
        self.pending.push("show", [0, 1])

    def legal_actions(self, seat: int) -> list[Action]:
        return list(PENNIES_ACTIONS) if seat in self.to_act else []

    def check(self, seat: int, action: Action) -> str | None:
        return None if action in self.legal_actions(seat) else "not now"

    def play(self, seat: int, action: Action) -> list[Event]:
        self.shown[seat] = action.id
        self.pending.done(seat)
        return []

    def observation(self, seat: int | None) -> dict[str, Any]:
        shown = [s if s == seat or self.over else None for s in range(2)]
        return {
            "seat": seat,
            "mine": self.shown[seat] if seat is not None else None,
            "done": [self.shown[s] >= 0 for s in range(2)],
            "shown": [self.shown[s] if s in shown else None for s in range(2)],
        }

    def zones(self) -> dict[str, list[int]]:
        return {"shown": [s for s in self.shown if s >= 0]}

    def hidden_from(self, seat: int | None) -> set[str]:
        return set()

    @property
    def over(self) -> bool:
        return min(self.shown) >= 0

    @property
    def scores(self) -> list[float]:
        if not self.over:
            return [0.0, 0.0]
        match = self.shown[0] == self.shown[1]
        return [1.0, 0.0] if match else [0.0, 1.0]

    def clone(self) -> PenniesState:
        new = PenniesState.__new__(PenniesState)
        new._copy_base(self)
        new.shown = list(self.shown)
        return new


class Pennies(Game):
    id = "pennies"
    name = "Pennies"
    summary = "Matching pennies, both coins shown at once."
    min_players = max_players = default_players = 2
    actions: ClassVar[list[Action]] = PENNIES_ACTIONS

    def _new(self, players: int, seed: int, options: Any) -> State:
        state = PenniesState.__new__(PenniesState)
        state.setup(self, seed)
        return state

    def sample_state(self, observation: Mapping[str, Any], rng: random.Random) -> State:
        state = PenniesState.__new__(PenniesState)
        state.setup(self, 0)
        return state

    def observed_as(self, action: Action, actor: int, viewer: int) -> int:
        """A coin shown at once is not seen until both are down."""
        return action.id if actor == viewer else -1


# -- one tree per seat ------------------------------------------------------------------
def _root(game: Game) -> tuple[dict[str, Any], list[Action]]:
    state = game.new(seed=1)
    return state.observation(0), state.legal_actions(0)


@pytest.mark.parametrize("seed", range(5))
def test_an_honest_search_hides_the_coin_where_a_peeking_one_plays_safe(seed: int) -> None:
    game = Coin()
    obs, legal = _root(game)
    honest = ISMCTS(game, iterations=2000, observers="multi")
    peeking = ISMCTS(game, iterations=2000, observers="single")
    verdict = honest.search(obs, legal, random.Random(seed))
    assert verdict.best.kind == "hide"
    # Hiding is worth about a coin toss, better than the safe chance.
    hidden = [m for m in verdict.moves if m.action.kind == "hide" and m.visits > 100]
    assert hidden and all(0.35 < (m.value or 0) < 0.65 for m in hidden)
    # In the single tree, seat 1 guesses below seat 0's own (seen) coin: it
    # always "knows", so hiding looks lost and the search plays safe.
    assert peeking.search(obs, legal, random.Random(seed)).best.notation == "safe"


class Spy(ISMCTS):
    """ISMCTS keeping the roots of the trees its search walks (a subclass: a
    compiled ISMCTS's methods cannot be replaced on an instance)."""

    roots: list[Any]

    def _iterate(self, world: State, roots: list[Any], me: int, rng: random.Random) -> None:
        self.roots = roots
        super()._iterate(world, roots, me, rng)


def test_each_seat_s_tree_is_keyed_by_what_that_seat_saw() -> None:
    game = Coin()
    obs, legal = _root(game)
    bot = Spy(game, iterations=400, reuse=False)
    bot.search(obs, legal, random.Random(3))
    mine, theirs = bot.roots
    assert {key for key in mine.children} == {(0, SAFE), (0, HIDE_H), (0, HIDE_T)}
    assert {key for key in theirs.children} == {(0, SAFE), (0, -1)}
    guesses = theirs.children[(0, -1)].children
    assert set(guesses) == {(1, GUESS_H), (1, GUESS_T)}
    # Both guesses were tried from the one node, whichever coin lay below.
    assert all(node.visits > 10 for node in guesses.values())


# -- simultaneous decisions ------------------------------------------------------------
@pytest.mark.parametrize("rule", ["duct", "rm"])
def test_simultaneous_pennies_are_searched_as_a_coin_toss(rule: str) -> None:
    game = Pennies()
    obs, legal = _root(game)
    bot = ISMCTS(game, iterations=3000, simultaneous=rule, reuse=False)  # type: ignore[arg-type]
    verdict = bot.search(obs, legal, random.Random(7))
    visits = [m.visits for m in verdict.moves]
    # Neither coin locks in: each is tried about half the time and is worth
    # about half a game (seat 1 cannot answer a coin it has not seen).
    assert min(visits) / sum(visits) > 0.3
    assert all(0.35 < (m.value or 0) < 0.65 for m in verdict.moves)


def test_regret_matching_plays_a_mixed_strategy_at_a_simultaneous_decision() -> None:
    game = Pennies()
    obs, legal = _root(game)
    bot = ISMCTS(game, iterations=400, simultaneous="rm", reuse=False)
    chosen = [bot.act(obs, legal, random.Random(seed)).notation for seed in range(40)]
    heads = chosen.count("H")
    assert 10 <= heads <= 30, chosen


def test_decoupled_uct_with_a_mixed_root_plays_both_coins() -> None:
    game = Pennies()
    obs, legal = _root(game)
    bot = ISMCTS(game, iterations=400, mix_root=True, reuse=False)
    chosen = [bot.act(obs, legal, random.Random(seed)).notation for seed in range(40)]
    assert 10 <= chosen.count("H") <= 30, chosen


def test_unknown_search_options_are_refused_with_a_message() -> None:
    with pytest.raises(ValueError, match="observers"):
        ISMCTS(Pennies(), observers="both")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="simultaneous"):
        ISMCTS(Pennies(), simultaneous="exp4")  # type: ignore[arg-type]


# -- evaluations ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_game_evaluates_positions_in_the_unit_interval(game: Game) -> None:
    evaluate = evaluation_for(game)
    assert evaluate is not None, f"{game.id} declares no evaluation"
    rng = random.Random(11)
    for seed in range(6):
        state = game.new(seed=seed)
        for step in range(400):
            if state.over or step % 7 == 0:
                values = evaluate(state)
                assert len(values) == state.players
                assert all(0.0 <= v <= 1.0 for v in values), values
                # A seat's value is its expected share of the others it beats.
                assert abs(sum(values) - state.players / 2) < 1e-6
            if state.over:
                break
            random_step(state, rng)


def test_an_evaluation_favours_the_seat_ahead() -> None:
    assert soft_ranks([10.0, 0.0], 5.0)[0] > 0.8
    assert soft_ranks([0.0, 0.0, 0.0], 1.0) == [0.5, 0.5, 0.5]
    low, mid, high = soft_ranks([0.0, 5.0, 10.0], 5.0)
    assert low < mid < high and low >= 0.0 and high <= 1.0


def test_a_game_without_an_evaluation_has_none() -> None:
    assert evaluation_for(Coin()) is None


def test_hard_cuts_its_rollouts_and_judges_them_by_the_game_s_evaluation() -> None:
    for game in all_games():
        bot = make_level("hard", game)
        assert isinstance(bot, ISMCTS)
        assert bot.evaluate is evaluation_for(game)
        assert bot.observers == "multi" and bot.widening is not None
        assert bot.max_rollout_steps <= 30
    assert make("hard", all_games()[0]).name == "hard"


def test_progressive_widening_tries_the_policy_s_move_first_then_more() -> None:
    from courtly.bots.base import Bot

    class GuessTails(Bot):
        def act(self, observation, legal, rng):  # type: ignore[no-untyped-def]
            return next((a for a in legal if a.id == GUESS_T), legal[0])

    game = Coin()
    obs, legal = _root(game)

    def guesses(iterations: int) -> dict[tuple[int, int], Any]:
        bot = Spy(game, iterations=iterations, rollout=GuessTails(game), widening=0.5)
        bot.search(obs, legal, random.Random(1))
        node = bot.roots[1].children.get((0, -1))
        return {} if node is None else node.children

    few = guesses(6)
    assert set(few) == {(1, GUESS_T)}  # the heuristic's guess, and no other yet
    many = guesses(300)
    assert set(many) == {(1, GUESS_H), (1, GUESS_T)}
