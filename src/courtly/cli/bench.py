"""``courtly bench``: engine speed per game, as a table."""

from __future__ import annotations

import os
import platform

from rich.console import Console
from rich.table import Table

from courtly import build
from courtly.engine.errors import CourtlyError
from courtly.games import get, ids
from courtly.lab import peers as peer_engines
from courtly.lab.bench import BenchResult, bench_game, encoding_us


def run_bench(
    out: Console, game_id: str | None, seconds: float, runs: int, peers: bool = False
) -> list[BenchResult]:
    games = [get(game_id).id] if game_id else ids()
    if peers and not peer_engines.available():
        raise CourtlyError(
            "--peers measures OpenSpiel beside Courtly and needs the rl extra: "
            "pip install 'courtly[rl]' (make test installs it)"
        )
    out.print(
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
        f"Courtly build: {build.describe()}; {runs} runs of {seconds:g} s of random playouts per game (medians)."
    )
    results = []
    table = Table(title="Courtly engine speed")
    for col in ("game", "seats", "µs/decision", "games/s", "decisions", "µs/sample"):
        table.add_column(col, justify="left" if col == "game" else "right", no_wrap=True)
    for col in ("µs/clone", "µs/obs"):
        table.add_column(col, justify="right", no_wrap=True)
    search = Table(title="ISMCTS search")
    for col in ("game", "seats", "ISMCTS it/s", "left", "played", "it/s ≤50", "hard it/s"):
        search.add_column(col, justify="left" if col == "game" else "right", no_wrap=True)
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
        )
        search.add_row(
            r.game,
            str(r.players),
            f"{r.ismcts_iterations_per_second:.0f}",
            f"{r.ismcts_rollout_length:.0f}",
            f"{r.ismcts_rollout_decisions:.0f}",
            f"{r.ismcts_capped_iterations_per_second:.0f}",
            f"{r.hard_iterations_per_second:.0f}",
        )
    out.print(table)
    out.print("decisions: per game; µs/sample: sample_state from an observation.")
    out.print(search)
    out.print(
        "ISMCTS: iterations a second with random rollouts, from positions about 50 random "
        "decisions from the end; left: decisions left there in the real game; played: "
        "mean decisions a rollout played in the sampled worlds; it/s ≤50: the same with "
        "rollouts cut at 50 decisions (valued by the standing then); hard: iterations a "
        "second of the hard level's search (heuristic rollouts of at most 60 "
        "decisions), from the same positions, without its time cap."
    )
    encode_times = [(g, encoding_us(g, seconds=max(0.2, seconds / 4))) for g in games]
    if all(us is not None for _g, us in encode_times):
        out.print(
            "RL encoding (courtly.rl): "
            + ", ".join(f"{g} {us:.0f} µs" for g, us in encode_times)
            + " per observation vector."
        )
    if peers:
        show_peers(out, results, seconds, runs)
    return results


def show_peers(out: Console, results: list[BenchResult], seconds: float, runs: int) -> None:
    """Measure the peer engines now, in this process, and show every Courtly
    figure above as a ratio to them."""
    with out.status("measuring the peers (OpenSpiel)..."):
        p = peer_engines.measure(seconds, runs)
    out.print(
        f"Peers, same process and sitting: OpenSpiel C++ hearts {p.hearts_us_per_step:.2f} µs "
        f"a step; OpenSpiel Python Kuhn poker {p.kuhn_us_per_step:.2f} µs a step; "
        f"OpenSpiel Python ISMCTS on hearts {p.ismcts_iterations_per_second:.0f} iterations a "
        "second (random rollouts)."
    )
    table = Table(title="Courtly against the peers (ratios)")
    for col in ("game", "µs/decision ÷ hearts", "÷ Kuhn (Python)", "ISMCTS ≤50 ×", "hard ×"):
        table.add_column(col, justify="left" if col == "game" else "right", no_wrap=True)
    for r in results:
        q = peer_engines.ratios(r, p)
        table.add_row(
            q.game,
            f"{q.decision_vs_hearts:.2f}",
            f"{q.decision_vs_kuhn:.2f}",
            f"{q.ismcts_vs_openspiel:.2f}",
            f"{q.hard_vs_openspiel:.2f}",
        )
    out.print(table)
    out.print(
        "µs/decision ÷ hearts: Courtly's time a decision in random playouts over OpenSpiel's "
        "C++ hearts' time a step (below 1: faster; the target is at most 1.2 compiled). "
        "ISMCTS ≤50 ×: Courtly's ISMCTS iterations a second (random rollouts cut at 50) over "
        "OpenSpiel's Python ISMCTS on hearts (the target is at least 3 compiled); hard ×: "
        "the hard level's search over the same."
    )
