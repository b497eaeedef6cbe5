"""Wins within one turn that Garrison's bots leave on the table.

    python tools/garrison_wins.py GAMES SEED [DEPTH] [--hard ITERATIONS]

plays GAMES four-seat games (seeds SEED, SEED+1, ...): `normal` in every seat,
or with ``--hard`` `hard@ITERATIONSit` in seat ``i % 4`` of game ``i`` and
`normal` in the others, as ``tools/head_to_head.py`` plays them. At the first
decision of every turn (with ``--hard``, of `hard`'s turns alone) it searches
the mover's own moves for a sequence of at most DEPTH (default 5) that wins
at once (GAR-10), every other seat passing in each window (the `hard`
guard's own search, ``courtly.bots.evaluations.garrison.winning_line``, given
more positions to look at). A sequence found is then played on a clone with the other
seats' own bots answering every window (a Seducer or a Thug may stop it):
where it still wins, the turn had a **sure win**. The count is of those turns,
and of how many the mover won in that very turn (with ``--hard``, also
`hard`'s wins). This reads the state, every hand included: it is a
measurement, not a bot, and a win sure here may not be sure to the mover,
who does not know whether a rival holds the Ace that answers it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence

import toolkit

from courtly.bots import make
from courtly.bots.base import Bot
from courtly.bots.evaluations.garrison import winning_line
from courtly.bots.ismcts import ISMCTS
from courtly.bots.levels import make_level
from courtly.engine.actions import Action
from courtly.engine.driver import Driver
from courtly.games import get
from courtly.games.garrison.rules import GarrisonState

NODES = 20_000
"""The most positions one turn's search looks at (the bot's own looks at fewer)."""


def holds(state: GarrisonState, me: int, line: Sequence[Action], bots: Sequence[Bot]) -> bool:
    """Whether ``line`` still wins with the other seats' bots answering."""
    world = state.clone()
    world.quiet = True
    rng = random.Random(0)

    def answer() -> None:
        while not world.over and world.to_act != (me,):
            seat = world.to_act[0]
            legal = world.legal_actions(seat)
            bot = bots[seat]
            obs = world.observation(seat) if bot.needs_observation else None
            world.play(seat, legal[0] if len(legal) == 1 else bot.act(obs, legal, rng))

    for action in line:
        answer()
        if world.over or world.check(me, action) is not None:
            return world.over and me in world.winners
        world.play(me, action)
    answer()
    return world.over and me in world.winners


def parse(argv: list[str]) -> argparse.Namespace:
    """The command line (a wrong one: argparse's message and usage, exit 2)."""
    ap = argparse.ArgumentParser(
        prog="tools/garrison_wins.py",
        description="wins within one turn that Garrison's bots leave on the table",
    )
    ap.add_argument("games", type=toolkit.at_least(0), help="how many four-seat games")
    ap.add_argument("seed", type=int, help="the first game's seed")
    ap.add_argument(
        "depth",
        type=toolkit.at_least(0),
        nargs="?",
        default=5,
        help="the most moves in a winning line (5)",
    )
    ap.add_argument(
        "--hard",
        type=toolkit.at_least(0),
        metavar="ITERATIONS",
        help="hard@ITERATIONSit in one seat of each game (none: normal in every seat)",
    )
    args = ap.parse_args(argv)
    return args


def main(argv: list[str]) -> None:
    args = parse(argv)
    iterations, games, seed0, depth = args.hard, args.games, args.seed, args.depth
    game = get("garrison")
    line_words: list[str] = []
    counts = {"games": games, "turns": 0, "sure_wins": 0, "won_that_turn": 0}
    for g in range(games):
        state = game.new(seed=seed0 + g)
        assert isinstance(state, GarrisonState)
        n = state.players
        normals = [make("normal", game) for _ in range(n)]
        policies: list[Bot] = list(normals)
        watched: int | None = None
        if iterations is not None:
            watched = g % n
            hard = make_level("hard", game)
            assert isinstance(hard, ISMCTS)
            hard.iterations, hard.time_cap = iterations, None
            policies[watched] = hard
        chance: int | None = None  # the seat with a sure win this turn
        looked = -1  # the last turn looked at
        missed: list[dict[str, object]] = []
        for _ in Driver(state, policies).moves():
            if chance is not None and (state.over or state.current != chance):
                counts["won_that_turn"] += chance in state.winners
                if chance not in state.winners:
                    missed.append({"seat": chance, "turn": looked, "line": line_words})
                chance = None
            if state.over or state.decision != "turn" or state.moves or state.chain:
                continue
            mover = state.to_act[0]
            if watched is not None and mover != watched:
                continue
            if state.turn == looked:
                continue  # a turn's first decision asked again (after a spy)
            looked = state.turn
            counts["turns"] += 1
            line = winning_line(state, mover, depth, NODES)
            if line and holds(state, mover, line, normals):
                counts["sure_wins"] += 1
                chance = mover
                line_words = [a.notation for a in line]
        if chance is not None:
            counts["won_that_turn"] += chance in state.winners
            if chance not in state.winners:
                missed.append({"seat": chance, "turn": looked, "line": line_words})
        if missed:
            row = {"seed": seed0 + g, "missed": missed, "winners": state.winners}
            print(json.dumps(row), flush=True)
        if watched is not None and watched in state.winners:
            counts["hard_wins"] = counts.get("hard_wins", 0) + 1 / len(state.winners)
    print(json.dumps(counts))


if __name__ == "__main__":
    main(sys.argv[1:])
