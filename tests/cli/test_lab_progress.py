"""`courtly lab`'s progress bar counts games as they end, not chunks of 25, on
one process or several, and tells the time left."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from rich.console import Console
from rich.progress import Progress
from typer.testing import CliRunner

from courtly.cli.app import app
from courtly.lab.execute import Tally
from courtly.lab.runner import run_matches
from courtly.lab.store import LabDir

lab_cli = importlib.import_module("courtly.cli.lab")  # loaded by the app, which it needs first


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_lab_s_progress_bar_moves_game_by_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: str
) -> None:
    steps: list[tuple[str, int]] = []  # the bar's advances and the chunks saved, in order
    make_bar = lab_cli._progress

    def recording(out: Console) -> Progress:
        bar = make_bar(out)
        advance = bar.advance

        def record(task: Any, n: float = 1) -> None:
            steps.append(("advance", int(n)))
            advance(task, n)

        bar.advance = record  # type: ignore[method-assign]
        return bar

    save = LabDir.save_chunk

    def saving(self: LabDir, result: dict[str, Any]) -> None:
        steps.append(("saved", len(result["games"])))
        save(self, result)

    monkeypatch.setattr(lab_cli, "_progress", recording)
    monkeypatch.setattr(LabDir, "save_chunk", saving)
    # 30 games: a chunk of 25 and one of 5
    result = CliRunner().invoke(
        app,
        ["lab", "garrison", "--players", "2", "--bots", "greedy", "-n", "30", "--jobs", jobs,
         "--out", str(tmp_path / "run")],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    advances = [n for what, n in steps if what == "advance" and n]
    assert advances == [1] * 30  # every game on its own, none counted twice
    saved = [n for what, n in steps if what == "saved"]
    assert sorted(saved) == [5, 25]
    # the bar moved before the first chunk was saved: it does not wait for chunks
    first_save = steps.index(("saved", saved[0]))
    assert ("advance", 1) in steps[:first_save]
    # the findings come with the run
    assert "Findings, most important first" in result.output


def test_the_time_left_is_told_once_games_have_ended() -> None:
    column = lab_cli.LeftColumn()
    task = SimpleNamespace(finished=False, time_remaining=None)
    assert column.render(task).plain == "estimating the time left"  # type: ignore[arg-type]
    task.time_remaining = 192.4
    assert column.render(task).plain == "about 3:12 left"  # type: ignore[arg-type]
    task.time_remaining = 3 * 3600 + 65
    assert column.render(task).plain == "about 3:01:05 left"  # type: ignore[arg-type]
    task.finished = True
    assert column.render(task).plain == ""  # type: ignore[arg-type]


def test_a_game_is_counted_once_whenever_word_of_it_comes() -> None:
    """On a cluster, word of a game may come late: after its chunk is saved."""
    counted: list[int] = []
    tally = Tally(lambda now, before: counted.append(now))
    tally.game("c0")
    tally.game("c0")
    tally.chunk("c0", 25)  # the 23 not heard of yet
    tally.game("c0")  # late word: already counted
    tally.chunk("c1", 5)  # none heard of
    assert counted == [1, 1, 23, 5] and sum(counted) == 30


def test_sim_and_tournament_count_games_one_by_one_on_several_processes() -> None:
    matches = [(["greedy", "greedy"], seed) for seed in range(12)]
    calls: list[int] = []
    results = list(run_matches("garrison", matches, jobs=2, progress=calls.append, chunk=5))
    assert calls == [1] * 12
    assert [r.seed for r in results] == list(range(12))  # still in order
