"""The lab says which bots played and warns when they make a finding doubtful."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from courtly.cli.app import app
from courtly.lab.departures import RECOMMENDED
from courtly.lab.report import bots_caution


def test_weak_or_mixed_bots_are_a_caution_and_the_search_bot_is_not() -> None:
    assert "does not look ahead" in bots_caution(["normal"] * 4)
    assert f"--bots {RECOMMENDED}" in bots_caution(["random", "random"])
    assert "may be its bot's" in bots_caution(["hard@0.1", "normal"])
    assert bots_caution(["hard", "hard@0.3", "hard@600it"]) == bots_caution(["hard"]) == ""


def test_a_run_of_normal_bots_says_so_on_screen_and_in_its_report(tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = CliRunner().invoke(
        app, ["lab", "crown-rivals", "-n", "2", "--jobs", "1", "--out", str(out)],
        env={"COLUMNS": "400"},
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "the normal bot, which does not look ahead" in result.output
    page = (out / "report.html").read_text()
    assert "<p class=caution>Every seat was played by the normal bot" in page
