"""Peer engines, measured in the same process and sitting as Courtly's own
figures (``courtly bench --peers``), so that each Courtly figure can be read as
a ratio to them whatever the machine and its load:

- OpenSpiel's C++ hearts from Python: microseconds a step in random playouts
  (every ``apply_action``: its deal is 52 chance steps beside the players'
  64 decisions, as in the peer scripts this figure is compared with);
- OpenSpiel's Python Kuhn poker: the same, for a game written in Python;
- OpenSpiel's Python ISMCTS on hearts (random rollouts, a position 12
  decisions in): iterations a second.

They need the ``rl`` extra (OpenSpiel); ``available`` says whether it is there.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import asdict, dataclass
from typing import Any

HEARTS_DEPTH = 12
"""Player decisions played before OpenSpiel's ISMCTS is timed on hearts."""
ISMCTS_SIMULATIONS = 100
"""Iterations of each OpenSpiel ISMCTS search timed."""


@dataclass
class PeerFigures:
    hearts_us_per_step: float
    kuhn_us_per_step: float
    ismcts_iterations_per_second: float
    runs: int

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Ratios:
    """One game's Courtly figures over the peers' (issue targets: decision
    time at most 1.2x hearts' step, ISMCTS at least 3x OpenSpiel's Python)."""

    game: str
    decision_vs_hearts: float
    """Courtly µs a decision / OpenSpiel C++ hearts µs a step (lower is faster)."""
    decision_vs_kuhn: float
    """Courtly µs a decision / OpenSpiel Python Kuhn poker µs a step."""
    ismcts_vs_openspiel: float
    """Courtly ISMCTS iterations a second (rollouts cut at 50) / OpenSpiel's Python ISMCTS."""
    hard_vs_openspiel: float
    """The ``hard`` level's iterations a second / OpenSpiel's Python ISMCTS."""


def available() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def _playout_us(game: Any, rng: random.Random, seconds: float) -> float:
    """Microseconds a step (player decisions and chance outcomes alike) of
    random playouts of an OpenSpiel game."""
    steps = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return elapsed / steps * 1e6


def _hearts_position(game: Any, rng: random.Random) -> Any:
    """A hearts position ``HEARTS_DEPTH`` player decisions in, with a choice."""
    state = game.new_initial_state()
    played = 0
    while True:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        legal = state.legal_actions()
        if played >= HEARTS_DEPTH and len(legal) > 1:
            return state
        state.apply_action(legal[rng.randrange(len(legal))])
        played += 1


def _ismcts_rate(game: Any, seconds: float, seed: int) -> float:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    state = _hearts_position(game, random.Random(seed))
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(
        game, evaluator, 2.0, ISMCTS_SIMULATIONS, random_state=np.random.RandomState(seed)
    )
    bot.step(state)  # warm up
    searches = 0
    start = time.perf_counter()
    while True:
        bot.step(state)
        searches += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return searches * ISMCTS_SIMULATIONS / elapsed


def measure(seconds: float = 2.0, runs: int = 3) -> PeerFigures:
    """The peers' figures: medians of ``runs`` runs of ``seconds`` each."""
    import pyspiel
    from open_spiel.python.games import kuhn_poker  # noqa: F401  (registers python_kuhn_poker)

    hearts = pyspiel.load_game("hearts")
    kuhn = pyspiel.load_game("python_kuhn_poker")
    rng = random.Random(1)
    _playout_us(hearts, rng, min(0.3, seconds))  # warm up
    hearts_us = [_playout_us(hearts, rng, seconds) for _ in range(runs)]
    kuhn_us = [_playout_us(kuhn, rng, seconds) for _ in range(runs)]
    rates = [_ismcts_rate(hearts, seconds, seed) for seed in range(runs)]
    return PeerFigures(
        hearts_us_per_step=statistics.median(hearts_us),
        kuhn_us_per_step=statistics.median(kuhn_us),
        ismcts_iterations_per_second=statistics.median(rates),
        runs=runs,
    )


def ratios(result: Any, peers: PeerFigures) -> Ratios:
    """A Courtly ``BenchResult`` as ratios to the peers measured beside it."""
    return Ratios(
        game=result.game,
        decision_vs_hearts=result.us_per_decision / peers.hearts_us_per_step,
        decision_vs_kuhn=result.us_per_decision / peers.kuhn_us_per_step,
        ismcts_vs_openspiel=result.ismcts_capped_iterations_per_second
        / peers.ismcts_iterations_per_second,
        hard_vs_openspiel=result.hard_iterations_per_second / peers.ismcts_iterations_per_second,
    )
