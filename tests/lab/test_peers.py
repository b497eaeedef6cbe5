"""``courtly bench --peers``: OpenSpiel measured in the same process and
sitting, every Courtly figure shown as a ratio to it."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from courtly.cli.app import app
from courtly.lab import peers
from courtly.lab.bench import BenchResult


def result(**figures: float) -> BenchResult:
    base = dict.fromkeys(
        (
            "us_per_decision",
            "games_per_second",
            "decisions_per_game",
            "us_per_sample_state",
            "us_per_clone",
            "us_per_observation",
            "ismcts_iterations_per_second",
            "ismcts_rollout_length",
            "ismcts_rollout_decisions",
            "ismcts_capped_iterations_per_second",
            "hard_iterations_per_second",
        ),
        1.0,
    )
    base.update(figures)
    return BenchResult(game="g", players=2, runs=1, **base)  # type: ignore[arg-type]


def test_ratios_read_each_figure_against_its_peer() -> None:
    p = peers.PeerFigures(
        hearts_us_per_step=2.5, kuhn_us_per_step=8.0, ismcts_iterations_per_second=2000, runs=1
    )
    r = peers.ratios(
        result(
            us_per_decision=3.0,
            ismcts_capped_iterations_per_second=6000,
            hard_iterations_per_second=1000,
        ),
        p,
    )
    assert r.decision_vs_hearts == pytest.approx(1.2)
    assert r.decision_vs_kuhn == pytest.approx(0.375)
    assert r.ismcts_vs_openspiel == pytest.approx(3.0)
    assert r.hard_vs_openspiel == pytest.approx(0.5)


def test_the_peers_are_measured() -> None:
    p = peers.measure(seconds=0.1, runs=1)
    assert 0 < p.hearts_us_per_step < 1000 and 0 < p.kuhn_us_per_step < 1000
    assert p.ismcts_iterations_per_second > 0


def test_bench_peers_prints_the_ratios() -> None:
    out = CliRunner().invoke(
        app, ["bench", "crown-rivals", "--seconds", "0.1", "--runs", "1", "--peers"]
    )
    assert out.exit_code == 0, out.output
    assert "OpenSpiel C++ hearts" in out.output and "Courtly against the peers" in out.output
    assert "µs/decision ÷ hearts" in out.output and "crown-rivals" in out.output


def test_bench_peers_without_openspiel_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(peers, "available", lambda: False)
    out = CliRunner().invoke(app, ["bench", "crown-rivals", "--seconds", "0.1", "--peers"])
    assert out.exit_code != 0 and "rl extra" in out.output and "Traceback" not in out.output
