"""What the bots' tests share: win shares with seats alternated, a bot
played through whole games, checked move by move, a policy that notes
which seat it is asked for, and Garrison decisions recorded as
``tools/head_to_head.py --dump`` records them."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from courtly.bots.base import Bot
from courtly.engine.actions import Action
from courtly.engine.game import Game, State
from courtly.lab.runner import run_matches


def share(game: Game, bot: str, other: str, games: int, seed: int) -> float:
    """``bot``'s win share (ties shared) against ``other``, seats alternated."""
    matches = [([bot, other] if i % 2 == 0 else [other, bot], seed + i) for i in range(games)]
    wins = 0.0
    for r in run_matches(game.id, matches):
        wins += r.win_share(r.bots.index(bot))
    return wins / games


def play_checked(
    game: Game,
    bot: Bot,
    seeds: range,
    new: Callable[[int], State],
    noise: float,
    rng: random.Random,
    seat_of: Callable[[State], int] | None = None,
) -> None:
    """Whole games where ``bot`` chooses every move (a share ``noise`` of them
    then replaced by a random legal move, to reach varied positions): each
    choice is legal and leaves the observation it was given untouched."""
    for seed in seeds:
        state = new(seed)
        while not state.over:
            seat = seat_of(state) if seat_of else state.to_act[0]
            obs = state.observation(seat)
            before = copy.deepcopy(obs)
            legal = state.legal_actions(seat)
            action = bot.act(obs, legal, random.Random(seed))
            assert action in legal
            assert obs == before
            state.apply(seat, action if rng.random() >= noise else legal[rng.randrange(len(legal))])


def scripted_play_legally(game: Game, name: str, new: Callable[[int], State], games: int) -> None:
    """A scripted strategy, named like any bot, plays whole games with legal moves."""
    from courtly.bots import make, names, scripted_for

    assert name in names(game) and name in scripted_for(game)
    rng = random.Random(3)
    bot = make(name, game)
    for seed in range(games):
        state = new(seed)
        while not state.over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            action = bot.act(state.observation(seat), legal, rng)
            assert action in legal
            state.apply(seat, action)


class Asked(Bot):
    """A policy that plays its ``move``-th legal move and notes the seat of
    every observation it is asked with."""

    def __init__(self, game: Game, move: int = 0) -> None:
        super().__init__(game)
        self.move = move
        self.seats: list[int] = []

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        assert observation is not None
        self.seats.append(observation["seat"])
        return legal[self.move]


def garrison_decisions(
    count: int, game_seed: int, seed_of: Callable[[int], int]
) -> list[dict[str, Any]]:
    """The first ``count`` decisions with a choice of a Garrison game
    (``game_seed``) of the heuristic against itself, each recorded as
    ``tools/head_to_head.py --dump`` records one, the heuristic's move as
    played, and the ``i``-th row's seed ``seed_of(i)`` (the tools split the
    games by seed)."""
    from courtly.bots import greedy_for
    from courtly.engine.driver import Driver
    from courtly.games import get

    game = get("garrison")
    heuristic: Any = greedy_for(game)
    rows: list[dict[str, Any]] = []

    class Recorder:
        needs_observation = True

        def act(self, obs: Any, legal: Any, rng: random.Random) -> Any:
            move = heuristic.act(obs, legal, random.Random(0))
            if len(legal) > 1 and len(rows) < count:
                rows.append({"seed": seed_of(len(rows)), "observation": obs, "legal": list(legal)})
                rows[-1] |= {"played": move.id, "heuristic": move.id}
            return move

    state = game.new(seed=game_seed)
    Driver(state, [Recorder() for _ in range(state.players)]).run()
    return rows
