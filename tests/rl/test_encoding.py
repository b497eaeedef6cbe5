"""Encodings: fixed shape, values within the declared bounds, and observations
that differ in what a seat can see encode differently."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from courtly import games
from courtly.rl.encoding import HIGH, LOW, encoder
from tests.rl.cases import EVERY_COUNT, GAMES, options


def _walk(game_id: str, players: int, seed: int, limit: int = 400):
    """Observations of every seat along a random game, in order."""
    game = games.get(game_id)
    state = game.new(players=players, seed=seed, options=options(game_id, players))
    rng = random.Random(seed)
    steps = 0
    while True:
        yield state, [state.observation(s) for s in range(players)]
        if state.over or steps >= limit:
            return
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1


@pytest.mark.parametrize(("game_id", "players"), EVERY_COUNT)
def test_shape_and_bounds_hold_across_a_game(game_id: str, players: int) -> None:
    enc = encoder(games.get(game_id), players, options(game_id, players))
    assert enc.layout and enc.layout[-1].start + enc.layout[-1].size == enc.size
    for _state, observations in _walk(game_id, players, seed=3):
        for obs in observations:
            v = enc.encode(obs)
            assert v.shape == (enc.size,) and v.dtype == np.float32
            assert v.min() >= LOW and v.max() <= HIGH


@pytest.mark.parametrize("game_id", GAMES)
def test_a_visible_change_changes_the_encoding(game_id: str) -> None:
    """Whenever a seat's observation changes in any way,
    its vector changes too: nothing a seat sees is lost between two steps."""
    game = games.get(game_id)
    players = game.default_players
    enc = encoder(game, players, options(game_id, players))
    before: list[tuple[str, np.ndarray]] = []
    changes = 0
    for _state, observations in _walk(game_id, players, seed=11, limit=150):
        now = [(json.dumps(o, sort_keys=True), enc.encode(o)) for o in observations]
        for (old_text, old_vec), (new_text, new_vec) in zip(before, now, strict=False):
            if old_text != new_text:
                changes += 1
                assert not np.array_equal(old_vec, new_vec), new_text
        before = now
    assert changes > 10


def test_hidden_cards_do_not_reach_another_seats_vector() -> None:
    """Two deals that differ only in seat 1's hand give seat 0 the same vector."""
    game = games.get("crown-rivals")
    enc = encoder(game, 2)
    state = game.new(players=2, seed=4)
    obs = state.observation(0)
    rng = random.Random(0)
    for _ in range(5):
        world = game.sample_state(obs, rng)
        assert np.array_equal(enc.encode(world.observation(0)), enc.encode(obs))


def test_the_viewer_s_hand_is_in_its_slice() -> None:
    game = games.get("agents-of-the-crown")
    enc = encoder(game, 4, {"years": 1})
    obs = game.new(players=4, seed=2, options={"years": 1}).observation(0)
    part = next(p for p in enc.layout if p.name == "hand")
    v = enc.encode(obs)[part.start : part.start + part.size]
    vocab = sorted(game.card_codes())
    assert sorted(vocab[i] for i in np.flatnonzero(v)) == sorted(obs["hand"])
