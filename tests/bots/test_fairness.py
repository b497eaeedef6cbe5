"""Bots are fair by construction: they see only an observation.

For every game and every bot: a bot's choice does not change when the hidden
cards of other seats change but its observation does not; and a bot is never
handed anything that leads back to the state.
"""

from __future__ import annotations

import random

import pytest

from courtly.bots import make
from courtly.engine.game import State
from courtly.engine.testing import random_step
from courtly.games import all_games

BOTS = ["random", "greedy", "easy", "ismcts"]


def positions(game, count: int = 6) -> list[State]:  # type: ignore[no-untyped-def]
    out = []
    rng = random.Random(11)
    for seed in range(count):
        state = game.new(seed=seed)
        for _ in range(rng.randrange(3, 40)):
            if state.over:
                break
            random_step(state, rng)
        if not state.over:
            out.append(state)
    return out


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
@pytest.mark.parametrize("name", BOTS)
def test_a_bots_choice_depends_only_on_its_observation(game, name: str) -> None:  # type: ignore[no-untyped-def]
    for state in positions(game):
        for seat in state.to_act:
            obs = state.observation(seat)
            bot = make(name, game)
            if name == "ismcts":
                bot.iterations = 25  # type: ignore[attr-defined]
            chosen = bot.act(obs, state.legal_actions(seat), random.Random(7))
            for k in range(2):
                # Another world that looks the same to this seat: other hands differ.
                other = game.sample_state(obs, random.Random(1000 + k))
                assert other.observation(seat) == obs
                again = make(name, game)
                if name == "ismcts":
                    again.iterations = 25  # type: ignore[attr-defined]
                same = again.act(obs, other.legal_actions(seat), random.Random(7))
                assert same is chosen, f"{name} chose {chosen} in one world, {same} in another"


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_bots_are_given_plain_data_not_the_state(game) -> None:  # type: ignore[no-untyped-def]
    seen: list[object] = []

    class Spy:
        needs_observation = True

        def act(self, observation, legal, rng):  # type: ignore[no-untyped-def]
            seen.extend([observation, legal, rng])
            return legal[0]

    state = positions(game, 1)[0]
    seat = state.to_act[0]
    Spy().act(state.observation(seat), state.legal_actions(seat), random.Random(0))
    observation, legal, _ = seen

    # The observation is plain JSON data; the legal actions are the game's
    # shared, immutable action objects: nothing refers back to a state.
    def walk(v: object) -> None:
        assert isinstance(v, dict | list | str | int | float | bool | type(None)), type(v)
        if isinstance(v, dict):
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    walk(observation)
    for a in legal:  # type: ignore[attr-defined]
        assert a is game.actions[a.id]
        assert not any(isinstance(getattr(a, f, None), State) for f in dir(a))
