"""``State.random_action``: the rollouts' uniform random legal move (issue 18),
in every game, whether the game lists its moves or draws one directly."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from courtly import games
from courtly.engine.errors import OptionError
from courtly.engine.game import State
from courtly.engine.testing import random_step

DRAWS_PER_MOVE = 200


def positions(game_id: str, count: int) -> list[tuple[State, int]]:
    """Positions of random games (every seat count), each with a seat to act."""
    game = games.get(game_id)
    out: list[tuple[State, int]] = []
    seed = 0
    while len(out) < count:
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        try:
            state = game.new(players=players, seed=seed)
        except OptionError:  # Agincards: 5 or more seats need options of their own
            state = game.new(players=game.default_players, seed=seed)
        rng = random.Random(seed)
        k = 0
        while not state.over and k < 400:
            if k % 3 == 0:
                out.append((state.clone(), state.to_act[rng.randrange(len(state.to_act))]))
            random_step(state, rng)
            k += 1
        seed += 1
    return out[:count]


@pytest.mark.parametrize("game_id", games.ids())
def test_random_actions_are_legal_and_change_nothing(game_id: str) -> None:
    rng = random.Random(1)
    for state, seat in positions(game_id, 300):
        legal = {a.id for a in state.legal_actions(seat)}
        before = state.snapshot()
        for _ in range(5):
            assert state.random_action(seat, rng).id in legal
        assert state.snapshot() == before


@pytest.mark.parametrize("game_id", games.ids())
def test_random_actions_are_uniform_over_the_legal_ones(game_id: str) -> None:
    """Every legal move is drawn about equally often: with 200 draws expected
    each (a standard deviation of about 14), every count stays within half of
    that (seven deviations) at each of many positions with a choice."""
    rng = random.Random(2)
    tried = 0
    for state, seat in positions(game_id, 400):
        legal = [a.id for a in state.legal_actions(seat)]
        if not 2 <= len(legal) <= 60:
            continue
        counts = Counter(
            state.random_action(seat, rng).id for _ in range(DRAWS_PER_MOVE * len(legal))
        )
        assert set(counts) == set(legal)
        low, high = DRAWS_PER_MOVE // 2, DRAWS_PER_MOVE * 3 // 2
        assert all(low <= counts[a] <= high for a in legal), (game_id, sorted(counts.items()))
        tried += 1
        if tried == 12:
            break
    assert tried == 12
