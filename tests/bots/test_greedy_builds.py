"""The ``normal`` heuristics make the same moves in either build.

The heuristics (``bots/greedy``) are compiled with the rules in the compiled
build; this test plays the same games, every seat the game's heuristic, in
this process and in pure Python (``COURTLY_PURE=1``, a fresh interpreter) and
compares every move, in order. A move that came out otherwise (a float that
rounds differently, a tie broken the other way) changes the rest of its
game. Run as a script, this file prints the games' moves.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

from courtly import build
from courtly.bots import greedy_for
from courtly.bots.evaluation import evaluation_for
from courtly.games import all_games

GAMES = 2
"""Games a game, from seeds 0 and 1."""
MOST = 3000
"""Moves a game at most (every game here ends well before)."""


def games_played() -> dict[str, list[list[str]]]:
    """For every game with a heuristic: ``GAMES`` full games, every seat its
    heuristic; each game's moves as ``seat:notation``."""
    out: dict[str, list[list[str]]] = {}
    for game in all_games():
        bot = greedy_for(game)
        if bot is None:
            continue
        played = out[game.id] = []
        for seed in range(GAMES):
            state = game.new(seed=seed)
            rng = random.Random(seed)
            moves: list[str] = []
            while not state.over and len(moves) < MOST:
                for seat in list(state.to_act):
                    if state.over or seat not in state.to_act:
                        continue
                    legal = state.legal_actions(seat)
                    action = bot.act(state.observation(seat), legal, rng)
                    moves.append(f"{seat}:{action.notation}")
                    state.apply(seat, action)
            played.append(moves)
    return out


def test_every_heuristic_and_evaluation_is_in_the_compiled_set() -> None:
    """They play the search's rollouts: compiled with the rules, or run as
    Python in the pure build, never the one without the other."""
    compiled = build.compiled_modules()
    for game in all_games():
        for ref in (game.plugins.heuristic, game.plugins.evaluation):
            if ref is None:
                continue
            module = ref.partition(":")[0]
            assert module in build.COMPILED, module
        bot, evaluate = greedy_for(game), evaluation_for(game)
        for made in (type(bot), evaluate):
            if made is not None:
                assert (made.__module__ in compiled) == bool(compiled), made


def test_the_heuristics_play_the_same_games_compiled_and_interpreted() -> None:
    env = {**os.environ, "COURTLY_PURE": "1"}
    pure = json.loads(
        subprocess.run(
            [sys.executable, __file__], env=env, capture_output=True, text=True, check=True
        ).stdout
    )
    here = games_played()
    assert set(here) == {g.id for g in all_games() if g.plugins.heuristic is not None}
    for game_id, games in here.items():
        for seed, moves in enumerate(games):
            assert len(moves) > 10
            assert pure[game_id][seed] == moves, f"{game_id}, seed {seed}"


if __name__ == "__main__":
    print(json.dumps(games_played()))
