"""`hard` against `normal` on a fixed search budget, for measuring strength
apart from the machine's load.

    python tools/head_to_head.py GAME GAMES SEED [ITERATIONS] [--think S]

plays GAMES games of GAME (seeds SEED, SEED+1, ...), one `hard` seat and
`normal` in every other, `hard` in seat ``i % seats`` in game ``i``. With
ITERATIONS, `hard` searches that many iterations a decision and no clock
(its guard gets the decisions its share of them would play); with ``--think``
instead, it thinks S seconds as at a table. Each game prints a JSON line (the
share of the `normal` seats `hard` finished ahead of, 1/2 level); the last
line sums up: the mean share, `hard`'s decisions with a choice, their mean
and worst time, iterations and how often the guard played another move than
the heuristic's.
"""

from __future__ import annotations

import json
import random
import sys
import time

from courtly.bots import make
from courtly.bots.ismcts import ISMCTS
from courtly.bots.levels import make_level
from courtly.games import get


def main(argv: list[str]) -> None:
    think = None
    if "--think" in argv:
        i = argv.index("--think")
        think = float(argv[i + 1])
        argv = argv[:i] + argv[i + 2 :]
    game_id, games, seed0 = argv[0], int(argv[1]), int(argv[2])
    iterations = int(argv[3]) if len(argv) > 3 else None
    game = get(game_id)
    shares: list[float] = []
    times: list[float] = []
    iters: list[int] = []
    overridden = 0
    for g in range(games):
        seed = seed0 + g
        state = game.new(seed=seed)
        n = state.players
        mine = g % n
        hard = make_level("hard", game, think)
        assert isinstance(hard, ISMCTS)
        if iterations is not None:
            hard.iterations, hard.time_cap = iterations, None
        bots = [hard if s == mine else make("normal", game) for s in range(n)]
        rngs = [random.Random(seed * 1_000_003 + i) for i in range(n)]
        table = random.Random(seed ^ 0x5EED)
        while not state.over:
            to_act = state.to_act
            seat = to_act[table.randrange(len(to_act))] if len(to_act) > 1 else to_act[0]
            bot = bots[seat]
            obs = state.observation(seat) if bot.needs_observation else None
            legal = state.legal_actions(seat)
            start = time.perf_counter()
            action = bot.act(obs, legal, rngs[seat])
            if seat == mine and len(legal) > 1:
                times.append(time.perf_counter() - start)
                iters.append(hard.last_iterations)
                verdict = hard.last_verdict
                overridden += bool(verdict is not None and verdict.overridden)
            state.apply(seat, action)
        ranks = state.ranks()
        share = sum(
            1.0 if ranks[mine] < ranks[o] else 0.5 if ranks[mine] == ranks[o] else 0.0
            for o in range(n)
            if o != mine
        ) / (n - 1)
        shares.append(share)
        print(json.dumps({"seed": seed, "seat": mine, "share": share, "scores": state.scores}))
    print(
        json.dumps(
            {
                "games": games,
                "share": sum(shares) / len(shares),
                "decisions": len(times),
                "mean_s": sum(times) / len(times),
                "worst_s": max(times),
                "iterations": sum(iters) / len(iters),
                "overridden": overridden,
            }
        )
    )


if __name__ == "__main__":
    main(sys.argv[1:])
