"""Many random games to the end, and a property test of the keep's invariants."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st_

from courtly.engine.testing import random_game, random_step
from courtly.games import get

GAME = get("garrison")


def test_a_thousand_random_games_reach_the_end() -> None:
    """1,000 games at 2, 3, 4 and 6 players; ``max_rounds`` 12 keeps it fast
    (GAR-12), and many still end by a keep reaching the target."""
    by_target = 0
    for i in range(1000):
        players = (2, 3, 4, 6)[i % 4]
        state = random_game(GAME, players, seed=i, options={"max_rounds": 12})
        assert state.over and state.to_act == ()
        assert state.winners
        by_target += state.winner >= 0
    assert by_target > 100


def test_random_games_with_default_options_reach_the_end() -> None:
    for seed in range(6):
        for players in (2, 5):
            state = random_game(GAME, players, seed)
            assert state.over and state.winners


@settings(max_examples=25, deadline=None)
@given(seed=st_.integers(0, 2**32), players=st_.integers(2, 6), jokers=st_.sampled_from([0, 1, 2]))
def test_keep_invariants_hold_in_random_play(seed: int, players: int, jokers: int) -> None:
    state = GAME.new(players=players, seed=seed, options={"jokers": jokers, "max_rounds": 6})
    rng = random.Random(seed)
    total = 52 + jokers
    while not state.over:
        random_step(state, rng)
        placed = Counter(c for z in state.zones().values() for c in z)
        assert len(placed) == total and max(placed.values()) == 1
        for s in range(players):
            assert len(state.hands[s]) <= 3  # GAR-11
            assert state.court[s] or state.fallen[s]  # never without a heart (GAR-5)
            if state.fallen[s]:
                assert not state.garrison[s]  # a fallen keep holds no clubs (GAR-9)
            assert all(c & 3 == 3 and c < 52 for c in state.siege[s])
        assert len(state.chain) <= 6
