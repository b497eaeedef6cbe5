"""``courtly bench``: engine speed per game, as a table."""

from __future__ import annotations

import os
import platform

from rich.console import Console
from rich.table import Table

from courtly.games import get, ids
from courtly.lab.bench import BenchResult, bench_game, encoding_us


def run_bench(out: Console, game_id: str | None, seconds: float, runs: int) -> list[BenchResult]:
    games = [get(game_id).id] if game_id else ids()
    out.print(
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
        f"{runs} runs of {seconds:g} s of random playouts per game (medians)."
    )
    results = []
    table = Table(title="Courtly engine speed")
    for col in (
        "game",
        "seats",
        "µs/decision",
        "games/s",
        "decisions",
        "µs/sample",
        "µs/clone",
        "µs/obs",
        "ISMCTS it/s",
    ):
        table.add_column(col, justify="left" if col == "game" else "right", no_wrap=True)
    for g in games:
        with out.status(f"measuring {g}..."):
            r = bench_game(g, seconds=seconds, runs=runs)
        results.append(r)
        table.add_row(
            r.game,
            str(r.players),
            f"{r.us_per_decision:.2f}",
            f"{r.games_per_second:.0f}",
            f"{r.decisions_per_game:.0f}",
            f"{r.us_per_sample_state:.1f}",
            f"{r.us_per_clone:.1f}",
            f"{r.us_per_observation:.1f}",
            f"{r.ismcts_iterations_per_second:.0f} ({r.ismcts_rollout_length:.0f} left)",
        )
    out.print(table)
    out.print(
        "decisions: per game; µs/sample: sample_state from an observation; ISMCTS: "
        "iterations a second with random rollouts, from positions about 50 random "
        "decisions from the end."
    )
    encode_times = [(g, encoding_us(g, seconds=max(0.2, seconds / 4))) for g in games]
    if all(us is not None for _g, us in encode_times):
        out.print(
            "RL encoding (courtly.rl): "
            + ", ".join(f"{g} {us:.0f} µs" for g, us in encode_times)
            + " per observation vector."
        )
    return results
