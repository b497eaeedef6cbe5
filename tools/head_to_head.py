"""`hard` against `normal` on a fixed search budget, for measuring strength
apart from the machine's load.

    python tools/head_to_head.py GAME GAMES SEED [ITERATIONS] [--think S] [--guard K=V,...]

plays GAMES games of GAME (seeds SEED, SEED+1, ...), one `hard` seat and
`normal` in every other, `hard` in seat ``i % seats`` in game ``i``. With
ITERATIONS, `hard` searches that many iterations a decision and no clock
(its guard gets the decisions its share of them would play); with ``--think``
instead, it thinks S seconds as at a table. Each game prints a JSON line (the
share of the `normal` seats `hard` finished ahead of, 1/2 level, and its win,
1/k when k seats share first place); the last line sums up: the mean share,
the wins, `hard`'s decisions with a choice, their mean and worst time (wall
and CPU), iterations, the guard's worlds a decision and how often the guard
played another move than the heuristic's. ``--guard`` screens a variant of
`hard`'s guard (``courtly.bots.guard.Guard``) before play: its fields (e.g.
``--guard z=3`` or ``candidates=12``) and ``share``, the share of the budget
the guard spends (``ISMCTS.guard_share``); each game's line then adds the
decisions, the guard's overrides and `hard`'s CPU seconds in that game, so that
two variants can be paired seed by seed.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import fields, replace
from typing import Any

from courtly.bots import make
from courtly.bots.guard import Guard
from courtly.bots.ismcts import ISMCTS
from courtly.bots.levels import make_level
from courtly.engine.actions import Action
from courtly.engine.driver import Driver
from courtly.games import get
from courtly.lab.departures import Watched


class Timed(Watched):
    """``hard``, its decisions timed: seconds (wall and CPU), iterations and
    the guard's worlds, besides how often it played another move than the
    heuristic's (``Watched.departed``)."""

    def __init__(self, hard: ISMCTS) -> None:
        super().__init__(hard)
        self.hard = hard
        self.times: list[float] = []
        self.cpu: list[float] = []
        self.iterations: list[int] = []
        self.worlds: list[int] = []

    def act(self, obs: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        start, cpu = time.perf_counter(), time.process_time()
        action = super().act(obs, legal, rng)
        self.times.append(time.perf_counter() - start)
        self.cpu.append(time.process_time() - cpu)
        self.iterations.append(self.hard.last_iterations)
        verdict = self.hard.last_verdict
        self.worlds.append(0 if verdict is None else verdict.worlds)
        return action


def set_guard(hard: ISMCTS, spec: str) -> None:
    """Set ``hard``'s guard as ``spec`` says: ``K=V`` pairs, comma-separated,
    each a field of ``Guard`` or ``share`` (the guard's share of the budget)."""
    types = {f.name: type(getattr(Guard(), f.name)) for f in fields(Guard)}
    changes: dict[str, Any] = {}
    for pair in filter(None, spec.split(",")):
        key, _, value = pair.partition("=")
        if key == "share":
            hard.guard_share = float(value)
        elif key in types:
            changes[key] = types[key](value)
        else:
            raise SystemExit(f"--guard: {key!r} is not one of {', '.join([*types, 'share'])}")
    if changes:
        assert hard.guard is not None
        hard.guard = replace(hard.guard, **changes)


def main(argv: list[str]) -> None:
    think = None
    guard = ""
    if "--guard" in argv:
        i = argv.index("--guard")
        guard = argv[i + 1]
        argv = argv[:i] + argv[i + 2 :]
    if "--think" in argv:
        i = argv.index("--think")
        think = float(argv[i + 1])
        argv = argv[:i] + argv[i + 2 :]
    game_id, games, seed0 = argv[0], int(argv[1]), int(argv[2])
    iterations = int(argv[3]) if len(argv) > 3 else None
    game = get(game_id)
    shares: list[float] = []
    times: list[float] = []
    cpu: list[float] = []
    iters: list[int] = []
    worlds: list[int] = []
    wins = 0.0
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
        set_guard(hard, guard)
        timed = Timed(hard)
        # played as every surface plays it (the engine's driver); forced moves are not asked
        Driver(state, [timed if s == mine else make("normal", game) for s in range(n)]).run()
        times += timed.times
        cpu += timed.cpu
        iters += timed.iterations
        worlds += timed.worlds
        overridden += timed.departed
        ranks = state.ranks()
        share = sum(
            1.0 if ranks[mine] < ranks[o] else 0.5 if ranks[mine] == ranks[o] else 0.0
            for o in range(n)
            if o != mine
        ) / (n - 1)
        shares.append(share)
        won = 1.0 / len(state.winners) if mine in state.winners else 0.0
        wins += won
        row: dict[str, Any] = {"seed": seed, "seat": mine, "share": share, "won": won}
        row |= {"scores": state.scores, "decisions": len(timed.cpu)}
        row |= {"overridden": timed.departed, "cpu_s": sum(timed.cpu)}
        print(json.dumps(row), flush=True)
    print(
        json.dumps(
            {
                "games": games,
                "share": sum(shares) / len(shares),
                "wins": wins,
                "decisions": len(times),
                "mean_s": sum(times) / len(times),
                "worst_s": max(times),
                "mean_cpu_s": sum(cpu) / len(cpu),
                "worst_cpu_s": max(cpu),
                "iterations": sum(iters) / len(iters),
                "guard_worlds": sum(worlds) / len(worlds),
                "overridden": overridden,
            }
        )
    )


if __name__ == "__main__":
    main(sys.argv[1:])
