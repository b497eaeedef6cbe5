"""How often `hard` plays another move than the heuristic's, and what a game
of it costs, at given budgets.

    python tools/departure.py GAME GAMES SEED BUDGET [BUDGET ...]

plays GAMES games of GAME (seeds SEED, SEED+1, ...) with every seat a `hard`
bot at each BUDGET (``hard@600it``, ``hard@0.02``: any name ``courtly lab
--bots`` takes). Each game prints a JSON line: its CPU seconds
(``time.process_time``, which the machine's other work hardly changes), the
`hard` seats' decisions with a choice and how many of them played a move
other than the heuristic's (the guard's verdict), and the mean worlds the
guard compared. The last line of each budget sums up. It uses only the
levels and ``ISMCTS.last_verdict`` (and the engine's driver where the build
has one), so an installed compiled build times itself with it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

import toolkit

from courtly.bots import make
from courtly.bots.ismcts import ISMCTS
from courtly.engine.actions import Action
from courtly.engine.errors import CourtlyError
from courtly.engine.game import State
from courtly.games import get

try:
    from courtly.engine.driver import Driver
except ImportError:  # an older installed build: the plain loop below plays alike
    Driver = None  # type: ignore[assignment,misc]


def play(state: State, seats: list[Counted], seed: int) -> None:
    """Play to the end: with the engine's driver when the build has one, else
    each seat deciding in turn with its own generator."""
    if Driver is not None:
        Driver(state, seats).run()
        return
    rngs = [random.Random(seed * 1000 + s) for s in range(len(seats))]
    while not state.over:
        for seat in list(state.to_act):
            if state.over or seat not in state.to_act:
                continue
            legal = state.legal_actions(seat)
            action = (
                legal[0]
                if len(legal) == 1
                else seats[seat].act(state.observation(seat), legal, rngs[seat])
            )
            state.apply(seat, action)


class Counted:
    """A searching seat, its departures from the heuristic counted."""

    needs_observation = True

    def __init__(self, search: ISMCTS) -> None:
        self.search = search
        self.decisions = 0
        self.departed = 0
        self.worlds = 0

    def act(self, obs: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        action = self.search.act(obs, legal, rng)
        verdict = self.search.last_verdict
        if len(legal) > 1 and verdict is not None:
            self.decisions += 1
            self.departed += verdict.overridden
            self.worlds += verdict.worlds
        return action


def parse(argv: list[str]) -> argparse.Namespace:
    """The command line (a wrong one: argparse's message and usage, exit 2)."""
    ap = argparse.ArgumentParser(
        prog="tools/departure.py",
        description="how often hard departs from the heuristic, and a game's cost, by budget",
    )
    ap.add_argument("game", type=toolkit.game, help="the game, e.g. garrison")
    ap.add_argument("games", type=toolkit.at_least(1), help="how many games at each budget")
    ap.add_argument("seed", type=int, help="the first game's seed")
    ap.add_argument(
        "budgets",
        nargs="+",
        metavar="budget",
        help="every seat's bot, a run each: hard@600it, hard@0.02, ...",
    )
    args = ap.parse_args(argv)
    game = get(args.game)
    for budget in args.budgets:  # every budget read before the first game
        try:
            bot = make(budget, game)
        except CourtlyError as e:
            ap.error(f"argument budget: {e}")
        if not isinstance(bot, ISMCTS):
            ap.error(f"argument budget: {budget!r} does not search: give hard, hard@600it, ...")
    return args


def main(argv: list[str]) -> None:
    args = parse(argv)
    game_id, games, seed0, budgets = args.game, args.games, args.seed, args.budgets
    game = get(game_id)
    for budget in budgets:
        cpu: list[float] = []
        decisions = departed = worlds = 0
        for g in range(games):
            seed = seed0 + g
            state = game.new(seed=seed)
            seats = []
            for _ in range(state.players):
                bot = make(budget, game)
                assert isinstance(bot, ISMCTS)
                seats.append(Counted(bot))
            start = time.process_time()
            play(state, seats, seed)
            spent = time.process_time() - start
            cpu.append(spent)
            d = sum(s.decisions for s in seats)
            o = sum(s.departed for s in seats)
            w = sum(s.worlds for s in seats)
            decisions, departed, worlds = decisions + d, departed + o, worlds + w
            print(
                json.dumps(
                    {
                        "budget": budget,
                        "seed": seed,
                        "cpu_s": round(spent, 2),
                        "decisions": d,
                        "departed": o,
                        "worlds": round(w / d, 1) if d else 0,
                    }
                ),
                flush=True,
            )
        print(
            json.dumps(
                {
                    "game": game_id,
                    "budget": budget,
                    "games": games,
                    "players": state.players,
                    "cpu_s_per_game": round(sum(cpu) / len(cpu), 2),
                    "decisions": decisions,
                    "departed": departed,
                    "share": round(departed / decisions, 4) if decisions else 0,
                    "worlds": round(worlds / decisions, 1) if decisions else 0,
                }
            ),
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
