"""``Game.sampler``: an observation read once for the many worlds of a search
(issue 18), dealing the same worlds as ``sample_state``."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from courtly import games
from courtly.engine.game import State
from courtly.engine.testing import random_game, random_step


class Watched(Mapping[str, Any]):
    """An observation that counts the reads of its entries."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self.reads = 0

    def __getitem__(self, key: str) -> Any:
        self.reads += 1
        return self.data[key]

    def __iter__(self) -> Iterator[str]:
        self.reads += 1
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)


def observations(game_id: str, count: int) -> list[dict[str, Any]]:
    """Observations of the seat to act, along random games."""
    game = games.get(game_id)
    out: list[dict[str, Any]] = []
    seed = 0
    while len(out) < count:
        state = game.new(seed=seed)
        rng = random.Random(seed)
        k = 0
        while not state.over and k < 300:
            if k % 11 == 0:
                out.append(state.observation(state.to_act[0]))
            random_step(state, rng)
            k += 1
        seed += 1
    return out[:count]


def picture(world: State) -> str:
    """A world in full: its seed, decision, every card's place, every seat's view."""
    seen = [world.observation(s) for s in range(world.players)]
    return json.dumps([world.seed, world.to_act, world.zones(), seen], sort_keys=True)


@pytest.mark.parametrize("game_id", games.ids())
def test_a_sampler_reads_the_observation_once_not_for_each_world(game_id: str) -> None:
    game = games.get(game_id)
    for k, obs in enumerate(observations(game_id, 25)):
        watched = Watched(obs)
        sampler = game.sampler(watched)
        assert watched.reads > 0
        watched.reads = 0
        rng = random.Random(k)
        for _ in range(3):
            world = sampler.sample(rng)
            assert world.observation(obs["seat"]) == obs
        assert watched.reads == 0, f"{game_id}: each world read the observation again"


@pytest.mark.parametrize("game_id", games.ids())
def test_a_sampler_deals_the_worlds_sample_state_deals(game_id: str) -> None:
    """With the same generator, whatever was done to the worlds drawn before
    (played to the end here), so no world shares what it may change."""
    game = games.get(game_id)
    for k, obs in enumerate(observations(game_id, 25)):
        sampler = game.sampler(obs)
        for j in range(3):
            world = sampler.sample(random.Random(j))
            assert picture(world) == picture(game.sample_state(obs, random.Random(j)))
            play = random.Random(k)
            while not world.over:
                random_step(world, play)


def test_a_game_without_a_sampler_reads_the_observation_for_each_world() -> None:
    """The engine's default sampler: the view's ``sample``, for each world."""
    game = games.get("crown-rivals")
    obs = random_game(game, 2, 3).observation(0)
    view = type(game).view

    class Plain:  # a view module without a Sampler
        observe_own = staticmethod(view.observe_own)
        sample = staticmethod(view.sample)

    class Bare(type(game)):  # type: ignore[misc]
        pass

    Bare.view = Plain
    bare = Bare()
    worlds = bare.sampler(obs)
    assert type(worlds).__name__ == "Sampler" and worlds.__class__ is not view.Sampler
    assert picture(worlds.sample(random.Random(4))) == picture(
        game.sample_state(obs, random.Random(4))
    )
