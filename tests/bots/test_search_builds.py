"""A search with a fixed seed finds the same visits and values in either build.

The search is compiled with the rules in the compiled build; this test runs
the same searches in this process and in pure Python (``COURTLY_PURE=1``, a
fresh interpreter) and compares every move's visits and value, exactly. Run
as a script, this file prints the searches' results.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from typing import Any

from courtly.bots import make
from courtly.bots.evaluation import evaluation_for
from courtly.bots.guard import Guard
from courtly.bots.ismcts import ISMCTS
from courtly.engine.testing import random_step
from courtly.games import all_games


def searches() -> list[Any]:
    """For every game, from a position some random moves in: a search with
    random rollouts cut at 50 decisions, and one like the ``hard`` level's
    (heuristic rollouts, the game's evaluation, widening, the guard), each
    move's visits and value; and a simultaneous search by regret matching."""
    out: list[Any] = []
    for game in all_games():
        rng = random.Random(3)
        state = game.new(seed=11)
        for _ in range(12):
            if state.over:
                break
            random_step(state, rng)
        seat = state.to_act[0]
        obs, legal = state.observation(seat), state.legal_actions(seat)
        bots = [
            ISMCTS(game, iterations=120, max_rollout_steps=50, reuse=False),
            ISMCTS(
                game,
                iterations=60,
                rollout=make("greedy", game),
                max_rollout_steps=8,
                evaluate=evaluation_for(game),
                widening=0.5,
                guard=Guard(candidates=2, min_samples=3, steps=10),
                reuse=False,
            ),
            ISMCTS(game, iterations=80, max_rollout_steps=20, simultaneous="rm", reuse=False),
        ]
        for bot in bots:
            analysis = bot.search(obs, legal, random.Random(5))
            moves = [[m.action.id, m.visits, m.value] for m in analysis.moves]
            out.append([game.id, moves, analysis.iterations, bot.last_rollout_decisions])
    return out


def test_a_fixed_seed_search_is_the_same_compiled_and_interpreted() -> None:
    env = {**os.environ, "COURTLY_PURE": "1"}
    pure = subprocess.run(
        [sys.executable, __file__], env=env, capture_output=True, text=True, check=True
    ).stdout
    here = json.loads(json.dumps(searches()))
    assert json.loads(pure) == here


if __name__ == "__main__":
    print(json.dumps(searches()))
