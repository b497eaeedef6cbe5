"""The engine builds the keys every observation shares (issue 19): each
game's view supplies only its own part, and every observation carries the
whole ``Envelope``."""

from __future__ import annotations

import random

import pytest

from courtly import games
from courtly.engine.envelope import ENGINE_KEYS, VIEW_KEYS, Envelope
from courtly.engine.game import State


def _positions(game_id: str) -> list[State]:
    game = games.get(game_id)
    out = []
    for seed in range(3):
        options = {"max_rounds": 6} if game_id == "garrison" else {}
        state = game.new(players=game.default_players, seed=seed, options=options)
        rng = random.Random(seed)
        for step in range(400):
            if step % 9 == 0 or state.over:
                out.append(state.clone())
            if state.over:
                break
            seat = state.to_act[0]
            state.apply(seat, state.random_action(seat, rng))
    return out


@pytest.mark.parametrize("game_id", games.ids())
def test_every_observation_carries_the_envelope(game_id: str) -> None:
    game = games.get(game_id)
    for state in _positions(game_id):
        for seat in [*range(state.players), None]:
            obs = state.observation(seat)
            assert set(ENGINE_KEYS) <= set(obs)
            assert obs["game"] == game_id and obs["seat"] == seat
            assert obs["players"] == state.players and obs["over"] == state.over
            assert obs["winners"] == state.winners
            assert obs["decision"] == state.decision
            assert set(obs["to_act"]) <= set(state.to_act)
            assert set(VIEW_KEYS) <= set(obs)
            assert len(obs["hand_sizes"]) == state.players
            assert ("hand" in obs) == (seat is not None)
            own = type(game).view.observe_own(state, seat)
            # a view gives none of the engine's keys but to_act, which it may hide
            assert not set(own) & (set(ENGINE_KEYS) - {"to_act"})
    assert set(Envelope.__annotations__) == {*ENGINE_KEYS, *VIEW_KEYS, "hand"}
