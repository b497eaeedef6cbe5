"""The lab says which bots played and warns when they make a finding doubtful."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from courtly.cli.app import app
from courtly.games import get
from courtly.lab.report import bots_caution


def test_weak_or_mixed_bots_are_a_caution_and_the_search_bot_is_not() -> None:
    game = get("agents-of-the-crown")
    assert "does not look ahead" in bots_caution(game, ["normal"] * 4)
    assert "--bots hard@600it" in bots_caution(game, ["random", "random"])
    assert "may be its bot's" in bots_caution(game, ["hard@0.1", "normal"])
    assert bots_caution(game, ["hard", "hard@0.3", "hard@600it"]) == ""
    assert bots_caution(game, ["hard"]) == ""


def test_the_caution_suggests_the_check_that_beats_normal_in_that_game() -> None:
    # hard@600it won 22.5% of 40 games against three normal seats in Garrison, and
    # plays normal's moves in 97% of Crown Rivals' decisions: each game names its own
    suggested = {
        g: bots_caution(get(g), ["normal"] * 2).split("(--bots ")[1].split(":")[0]
        for g in ("agents-of-the-crown", "intrigue", "crown-rivals", "agincards", "garrison")
    }
    assert suggested == {
        "agents-of-the-crown": "hard@600it",
        "intrigue": "hard@600it",
        "crown-rivals": "hard@3260it",
        "agincards": "hard@490it",
        "garrison": "hard@5000it",
    }


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
