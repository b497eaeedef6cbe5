"""`hard` against `normal` on a fixed search budget, for measuring strength
apart from the machine's load.

    python tools/head_to_head.py GAME GAMES SEED [ITERATIONS] [--think S] [--guard K=V,...]
        [--own K=F,...|--own @WEIGHTS.json] [--oracle] [--overrides] [--dump FILE]
        [--value VALUE.json]

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
``--guard z=3`` or ``candidates=12``), ``share``, the share of the budget
the guard spends (``ISMCTS.guard_share``), and ``lines=off``, the guard
without its game's line search (``Guard.lines``: Garrison's win within the
turn); each game's line then adds the
decisions, the guard's overrides and `hard`'s CPU seconds in that game, so that
two variants can be paired seed by seed. ``--own`` gives `hard` its own
seat's policy (``ISMCTS.own``): the game's heuristic with weights multiplied
(``--own heart=0.5``), or the weights a JSON file gives (``--own
@weights.json``: those it names replace the heuristic's; what
``tools/imitate.py`` fits). ``--dump FILE`` appends to FILE, pickled, every
decision of `hard` with a choice: the game's seed, the observation, the legal
moves, the move played and the heuristic's (expert iteration's data:
``tools/imitate.py``). ``--overrides`` prints a line for each decision where
the guard replaced the heuristic's move (the heuristic's move, the one
played, the evidence). ``--oracle`` is a measurement, not
a bot: `hard` searches worlds that are the game as it is, every hand
included, only its deck shuffled (``oracle``), so that the games show what
reading the other seats' hidden cards perfectly would be worth, the most a
sampler that weighs worlds by the other seats' moves could give.
``--value VALUE.json`` gives `hard` a value of positions learned from
self-play (``tools/crown_value.py``, Crown Rivals) in place of its game's
evaluation, where its rollouts stop (with ``--guard steps=N``, the guard's
too).
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import fields, replace
from typing import Any

import toolkit

from courtly.bots import make
from courtly.bots.guard import Guard
from courtly.bots.ismcts import ISMCTS
from courtly.bots.levels import make_level
from courtly.engine import plugins
from courtly.engine.actions import Action
from courtly.engine.driver import Driver
from courtly.engine.game import Game, Sampler, State
from courtly.games import get
from courtly.lab.departures import Watched


class Timed(Watched):
    """``hard``, its decisions timed: seconds (wall and CPU), iterations and
    the guard's worlds, besides how often it played another move than the
    heuristic's (``Watched.departed``)."""

    def __init__(
        self, hard: ISMCTS, overrides: bool = False, dump: Any = None, seed: int = 0
    ) -> None:
        super().__init__(hard)
        self.hard = hard
        self.overrides = overrides
        self.dump = dump
        self.seed = seed
        self.times: list[float] = []
        self.cpu: list[float] = []
        self.iterations: list[int] = []
        self.worlds: list[int] = []

    def act(self, obs: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        if hasattr(self.hard.own, "root"):
            self.hard.own.root = obs  # a learned policy picks the guard's base here alone
        start, cpu = time.perf_counter(), time.process_time()
        action = super().act(obs, legal, rng)
        self.times.append(time.perf_counter() - start)
        self.cpu.append(time.process_time() - cpu)
        self.iterations.append(self.hard.last_iterations)
        verdict = self.hard.last_verdict
        self.worlds.append(0 if verdict is None else verdict.worlds)
        if self.overrides and verdict is not None and verdict.overridden:
            print(json.dumps(override(self.hard, obs, legal, action)), flush=True)
        if self.dump is not None and len(legal) > 1 and verdict is not None:
            heuristic = self.hard.own or self.hard.rollout
            assert heuristic is not None
            base = heuristic.act(obs, legal, random.Random(0))
            row = {"seed": self.seed, "observation": obs, "legal": list(legal)}
            row |= {"played": action.id, "heuristic": base.id}
            pickle.dump(row, self.dump)
            self.dump.flush()
        return action


def override(hard: ISMCTS, obs: Any, legal: Sequence[Action], action: Action) -> dict[str, Any]:
    """What ``--overrides`` prints of a decision where the guard replaced the
    heuristic's move: the move the heuristic makes (asked again, with a
    generator of its own: the game is unchanged), the move played, its mean
    paired difference and worlds, and the decision's setting."""
    heuristic = hard.own or hard.rollout
    assert heuristic is not None and hard.last_verdict is not None
    base = heuristic.act(obs, legal, random.Random(0))
    paired = next(p for p in hard.last_verdict.candidates if p.action.id == action.id)
    row: dict[str, Any] = {"override": obs.get("decision"), "heuristic": base.notation}
    row |= {"played": action.notation, "mean": round(paired.mean, 3), "worlds": paired.n}
    row |= {"seat": obs["seat"], "hand": obs.get("hand"), "scores": obs.get("scores")}
    return row


UNORDERED = ("deck", "market_deck", "decks")
"""The piles of a state whose order no seat knows, shuffled in each of the
oracle's worlds where the game keeps them: Garrison's and Intrigue's
``deck``, Crown Rivals' ``market_deck`` and its draw piles, ``decks``."""
NESTED = ("decks",)
"""Those of ``UNORDERED`` that hold one pile a seat."""


def _shuffled(pile: list[int], rng: random.Random) -> list[int]:
    pile = list(pile)
    rng.shuffle(pile)
    return pile


def oracle(game: Game, truth: State) -> Game:
    """For ``--oracle`` alone: ``game`` whose worlds are ``truth`` (the game
    being played, as it stands when `hard` is asked) cloned, with the piles
    whose order no seat knows shuffled (``UNORDERED``, where the game keeps
    them): `hard` then knows every hand but not the order of the cards to
    come. Never a bot's sampler: it reads the state, which no bot may."""

    class Oracle(type(game)):  # type: ignore[misc]
        def sampler(self, observation: Any) -> Sampler:
            return Sampler(self, observation)  # each world from sample_state, below

        def sample_state(self, observation: Any, rng: random.Random) -> State:
            world = truth.clone()
            world._rng = random.Random(rng.getrandbits(48))
            shown: Any = world
            for name in UNORDERED:
                piles = getattr(shown, name, None)
                if not isinstance(piles, list):
                    continue
                if name in NESTED:  # one pile a seat
                    setattr(shown, name, [_shuffled(pile, rng) for pile in piles])
                else:
                    setattr(shown, name, _shuffled(piles, rng))
            return world

    return Oracle()


def set_guard(hard: ISMCTS, spec: str) -> None:
    """Set ``hard``'s guard as ``spec`` says: ``K=V`` pairs, comma-separated,
    each a field of ``Guard`` or ``share`` (the guard's share of the budget)."""
    types = {f.name: type(getattr(Guard(), f.name)) for f in fields(Guard)}
    changes: dict[str, Any] = {}
    for pair in filter(None, spec.split(",")):
        key, _, value = pair.partition("=")
        if key == "share":
            hard.guard_share = _number(float, value, f"--guard {key}")
        elif key == "lines" and value == "off":
            changes["lines"] = None  # the guard without its game's line search
        elif key in types and key != "lines":
            changes[key] = _number(types[key], value, f"--guard {key}")
        else:
            settable = [k for k in types if k != "lines"]
            raise SystemExit(
                f"--guard: {key!r} is not one of {', '.join([*settable, 'share', 'lines=off'])}"
            )
    if changes:
        assert hard.guard is not None
        hard.guard = replace(hard.guard, **changes)


def learned_value(game: Game, path: str) -> Any:
    """For ``--value``: the learned value ``tools/crown_value.py`` wrote at
    ``path``, as ``hard``'s evaluation of the positions where its rollouts
    stop (the tree's and the guard's)."""
    if game.id != "crown-rivals":
        raise SystemExit(f"--value: a learned value is fitted for crown-rivals only, not {game.id}")
    return toolkit.script("crown_value").Value(path)


def set_own(hard: ISMCTS, spec: str) -> None:
    """Give ``hard`` its own seat's policy (``ISMCTS.own``): the game's
    heuristic with weights multiplied as ``spec`` says (``k=f`` pairs,
    comma-separated)."""
    ref = hard.game.plugins.heuristic
    assert ref is not None and hard.rollout is not None
    heuristic: Any = hard.rollout
    if spec.startswith("learned:"):
        fitted = toolkit.script("policy_fit")
        hard.own = fitted.Learned(heuristic, fitted.load(spec.partition(":")[2]))
        return
    weights = dict(heuristic.weights)
    if spec.startswith("@"):
        given = toolkit.read_json(spec[1:], "--own @")
        if not isinstance(given, dict):
            raise SystemExit(f"--own @{spec[1:]}: not a JSON object of weights")
        unknown = set(given) - set(weights)
        if unknown:
            raise SystemExit(f"--own: {sorted(unknown)} are not weights of the heuristic")
        weights |= {k: float(v) for k, v in given.items()}
        spec = ""
    for pair in filter(None, spec.split(",")):
        key, _, factor = pair.partition("=")
        if key not in weights:
            raise SystemExit(f"--own: {key!r} is not a weight of the heuristic")
        weights[key] *= _number(float, factor, f"--own {key}")
    hard.own = plugins.load(ref)(hard.game, weights=weights)


def _number(kind: Any, text: str, what: str) -> Any:
    """``text`` read as ``kind`` (int or float), or the command line's error."""
    try:
        return kind(text)
    except ValueError:
        raise SystemExit(f"{what}: {text!r} is not a number ({kind.__name__})") from None


def parse(argv: list[str]) -> argparse.Namespace:
    """The command line (a wrong one: argparse's message and usage, exit 2)."""
    ap = argparse.ArgumentParser(
        prog="tools/head_to_head.py", description="hard against normal on a fixed budget"
    )
    ap.add_argument("game", type=toolkit.game, help="the game, e.g. garrison")
    ap.add_argument("games", type=toolkit.at_least(1), help="how many games")
    ap.add_argument("seed", type=int, help="the first game's seed")
    ap.add_argument("iterations", type=int, nargs="?", help="hard's iterations a decision")
    ap.add_argument("--think", type=float, help="seconds a decision instead, as at a table")
    ap.add_argument("--guard", default="", help="K=V,... fields of the guard, share, lines=off")
    ap.add_argument("--own", default="", help="K=F,... | @WEIGHTS.json | learned:POLICY.json")
    ap.add_argument("--oracle", action="store_true", help="search the game as it is (a bound)")
    ap.add_argument("--overrides", action="store_true", help="print each override")
    ap.add_argument("--dump", help="append hard's decisions to this file, pickled")
    ap.add_argument("--value", help="a learned value of positions (tools/crown_value.py)")
    return ap.parse_args(argv)


def main(argv: list[str]) -> None:
    args = parse(argv)
    think, guard, own, seeing, overrides = (
        args.think,
        args.guard,
        args.own,
        args.oracle,
        args.overrides,
    )
    games, seed0, iterations = args.games, args.seed, args.iterations
    game = get(args.game)
    probe = make_level("hard", game)  # --guard and --own read before anything is written
    assert isinstance(probe, ISMCTS)
    set_guard(probe, guard)
    if own:
        set_own(probe, own)
    value = learned_value(game, args.value) if args.value else None
    dump = open(args.dump, "ab") if args.dump else None  # noqa: SIM115 (open for the whole run)
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
        hard = make_level("hard", oracle(game, state) if seeing else game, think)
        assert isinstance(hard, ISMCTS)
        if iterations is not None:
            hard.iterations, hard.time_cap = iterations, None
        set_guard(hard, guard)
        if own:
            set_own(hard, own)
        if value is not None:
            hard.evaluate = value
        timed = Timed(hard, overrides, dump, seed)
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
