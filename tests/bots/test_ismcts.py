"""ISMCTS: legal, deterministic, fair (sees only its observation), and useful."""

from __future__ import annotations

import random
from typing import Any

import pytest

from courtly.bots import make
from courtly.bots.base import Bot
from courtly.bots.ismcts import ISMCTS
from courtly.bots.tree import MoveValue, verdict_order
from courtly.engine.actions import Action
from courtly.engine.game import Game
from courtly.engine.testing import random_step
from courtly.games import get

GAME = get("agents-of-the-crown")


def midgame(seed: int, steps: int = 9):  # type: ignore[no-untyped-def]
    state = GAME.new(seed=seed, options={"years": 1})
    rng = random.Random(seed)
    for _ in range(steps):
        random_step(state, rng)
    return state


def test_ismcts_plays_a_legal_action_and_is_deterministic_for_a_seed() -> None:
    state = midgame(1)
    seat = state.to_act[0]
    obs, legal = state.observation(seat), state.legal_actions(seat)
    a = ISMCTS(GAME, iterations=60).act(obs, legal, random.Random(5))
    b = ISMCTS(GAME, iterations=60).act(obs, legal, random.Random(5))
    assert a in legal and a is b


def test_ismcts_choice_depends_only_on_the_observation() -> None:
    state = midgame(2)
    seat = state.to_act[0]
    obs = state.observation(seat)
    chosen = ISMCTS(GAME, iterations=60).act(obs, state.legal_actions(seat), random.Random(1))
    for k in range(3):
        # Another world with the same observation: other seats' cards differ.
        other = GAME.sample_state(obs, random.Random(100 + k))
        assert other.observation(seat) == obs
        again = ISMCTS(GAME, iterations=60).act(obs, other.legal_actions(seat), random.Random(1))
        assert again is chosen


def test_ismcts_with_a_time_budget_counts_its_iterations() -> None:
    state = midgame(3)
    seat = state.to_act[0]
    bot = ISMCTS(GAME, seconds=0.05)
    bot.act(state.observation(seat), state.legal_actions(seat), random.Random(0))
    assert bot.last_iterations > 1


def test_ismcts_beats_random_players() -> None:
    share = 0.0
    games = 6
    for seed in range(games):
        state = GAME.new(seed=seed, options={"years": 1})
        bots = [ISMCTS(GAME, iterations=120), *(make("random", GAME) for _ in range(3))]
        rngs = [random.Random(seed * 10 + i) for i in range(4)]
        table = random.Random(seed)
        while not state.over:
            to_act = state.to_act
            seat = to_act[table.randrange(len(to_act))]
            obs = state.observation(seat) if bots[seat].needs_observation else None
            state.apply(seat, bots[seat].act(obs, state.legal_actions(seat), rngs[seat]))
        share += (0 in state.winners) / len(state.winners)
    assert share / games >= 0.5, f"ISMCTS won {share / games:.0%} against random (fair 25%)"


SHORT = {
    "agents-of-the-crown": {"years": 1},
    "crown-rivals": {"turn_limit": 16},
    "garrison": {"max_rounds": 6},
    "intrigue": {"rounds": 1},
    "agincards": {},
}


@pytest.mark.parametrize("game_id", sorted(SHORT))
def test_ismcts_plays_whole_games_of_every_game(game_id: str) -> None:
    game = get(game_id)
    state = game.new(seed=2, options=SHORT[game_id])
    searcher = ISMCTS(game, iterations=8, max_rollout_steps=12)
    others = make("random", game)
    rng = random.Random(3)
    while not state.over:
        seat = state.to_act[rng.randrange(len(state.to_act))]
        bot = searcher if seat == 0 else others
        obs = state.observation(seat) if bot.needs_observation else None
        action = bot.act(obs, state.legal_actions(seat), rng)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    assert state.winners


def test_ismcts_reuses_its_tree_within_a_turn_of_several_moves() -> None:
    game = get("crown-rivals")
    state = game.new(seed=1, options={"turn_limit": 12})
    searcher = ISMCTS(game, iterations=20, max_rollout_steps=10)
    fresh = ISMCTS(game, iterations=20, max_rollout_steps=10, reuse=False)
    rng = random.Random(2)
    while not state.over:
        seat = state.to_act[0]
        bot = searcher if seat == 0 else fresh
        action = bot.act(state.observation(seat), state.legal_actions(seat), rng)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    assert searcher.reused > 0 and fresh.reused == 0


def test_no_reuse_when_something_was_learned_in_between() -> None:
    game = get("crown-rivals")
    state = game.new(seed=4)
    bot = ISMCTS(game, iterations=20, max_rollout_steps=10)
    seat = state.to_act[0]
    bot.act(state.observation(seat), state.legal_actions(seat), random.Random(0))
    # A different position (another game) must not be taken for the subtree.
    other = game.new(seed=5)
    seat = other.to_act[0]
    bot.act(other.observation(seat), other.legal_actions(seat), random.Random(0))
    assert bot.reused == 0


def test_the_heuristic_prior_holds_unless_search_finds_better() -> None:
    game = get("crown-rivals")
    state = game.new(seed=6)
    seat = state.to_act[0]
    obs, legal = state.observation(seat), state.legal_actions(seat)
    heuristic = make("greedy", game)
    hint = heuristic.act(obs, legal, random.Random(0))
    # With no search at all beyond the prior, the heuristic's move is played.
    bot = ISMCTS(game, iterations=1, rollout=heuristic, prior_visits=50, max_rollout_steps=5)
    assert bot.act(obs, legal, random.Random(0)) is hint


def test_the_heuristic_prior_does_not_count_against_a_winning_move() -> None:
    # Every simulated game is a win: all moves are equally good, and the
    # heuristic's own must stand. (Virtual visits valued as even would have
    # made it look worse than the rest, and the search would leave it.)
    game = get("crown-rivals")
    state = game.new(seed=6)
    heuristic = make("greedy", game)
    rng = random.Random(0)
    while True:  # a decision among three to five moves
        seat = state.to_act[0]
        obs, legal = state.observation(seat), state.legal_actions(seat)
        if 3 <= len(legal) <= 5:
            break
        state.apply(seat, heuristic.act(obs, legal, rng))
    hint = heuristic.act(obs, legal, random.Random(0))
    bot = ISMCTS(
        game,
        iterations=600,
        rollout=heuristic,
        prior_visits=40,
        max_rollout_steps=5,
        outcome=lambda state: [1.0] * state.players,
    )
    assert bot.act(obs, legal, random.Random(0)) is hint


def test_the_outcome_values_finished_games_and_cut_rollouts_without_an_evaluation() -> None:
    # The seam the prior's test uses (patching a function the compiled search
    # calls would change nothing): every position is worth 0.25 to every seat.
    game = get("garrison")
    state = game.new(seed=2)
    seat = state.to_act[0]
    obs, legal = state.observation(seat), state.legal_actions(seat)
    bot = ISMCTS(game, iterations=40, max_rollout_steps=3, outcome=lambda s: [0.25] * s.players)
    values = {m.value for m in bot.search(obs, legal, random.Random(1)).moves if m.visits}
    assert values == {0.25}


def test_ismcts_counts_the_decisions_its_rollouts_play() -> None:
    game = get("crown-rivals")
    state = game.new(seed=4)
    seat = state.to_act[0]
    obs, legal = state.observation(seat), state.legal_actions(seat)
    bot = ISMCTS(game, iterations=10, max_rollout_steps=7)
    bot.act(obs, legal, random.Random(2))
    # Each of the ten rollouts is cut at seven decisions; the tree walk
    # before it plays one or more moves of the game's first turn.
    assert 0 < bot.last_rollout_decisions <= 70
    assert bot.last_rollout_decisions > 40


def test_rollout_policy_is_asked_only_for_real_choices() -> None:
    game = get("garrison")  # reaction windows often leave a single answer
    state = game.new(seed=2)
    seat = state.to_act[0]
    asked: list[int] = []

    class Policy(Bot):
        def act(self, observation, legal, rng):  # type: ignore[no-untyped-def]
            assert observation is not None and observation["seat"] in range(4)
            asked.append(len(legal))
            return legal[0]

    bot = ISMCTS(game, iterations=10, rollout=Policy(game), max_rollout_steps=40)
    bot.act(state.observation(seat), state.legal_actions(seat), random.Random(3))
    assert asked and min(asked) >= 2
    assert len(asked) < bot.last_rollout_decisions  # forced moves were played directly


def test_search_ranks_every_legal_move_with_the_chosen_one_first() -> None:
    """Hints and game review read the whole verdict of a search, not only its move."""
    state = midgame(4)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    bot = ISMCTS(state.game, iterations=150)
    verdict = bot.search(state.observation(seat), legal, random.Random(2))
    assert sorted(m.action.id for m in verdict.moves) == sorted(a.id for a in legal)
    assert verdict.iterations == 150 and verdict.seconds > 0
    assert sum(m.visits for m in verdict.moves) == 150
    top = max(verdict.moves, key=lambda m: m.visits)
    assert verdict.best == top.action
    for m in verdict.moves:
        assert (m.value is None) == (m.visits == 0)
        assert m.value is None or 0.0 <= m.value <= 1.0
    again = ISMCTS(state.game, iterations=150).act(state.observation(seat), legal, random.Random(2))
    assert again == verdict.best


def test_a_verdict_lists_moves_tried_as_often_by_their_value() -> None:
    """After the move chosen, the most tried first, and of moves tried as
    often the higher valued: a hint showing 48% above 52% on equal tries
    reads as a mistake."""
    game = get("intrigue")
    a, b, c, d, e = game.actions[:5]
    moves = [
        MoveValue(a, 8, 0.48),
        MoveValue(b, 0, None),
        MoveValue(c, 8, 0.52),
        MoveValue(d, 13, 0.63),
        MoveValue(e, 20, 0.40),
    ]
    order = [m.action for m in verdict_order(moves, best=d.id)]
    assert order == [d, e, c, a, b]
    searched = ISMCTS(game, iterations=60).search(*_decision(game), random.Random(1))
    shown = [(m.visits, m.value or 0.0) for m in searched.moves[1:]]
    assert shown == sorted(shown, reverse=True)


def _decision(game: Game) -> tuple[dict[str, Any], list[Action]]:
    state = game.new(players=3, seed=21)
    seat = state.to_act[0]
    return state.observation(seat), state.legal_actions(seat)
