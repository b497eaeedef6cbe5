"""``courtly tournament --ladder``, driven as a user would drive it."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from courtly.cli.app import app
from courtly.cli.play import seat_list
from courtly.engine.errors import CourtlyError
from courtly.engine.records import read_records
from courtly.games import get

runner = CliRunner()


def test_the_ladder_command_plays_neighbours_and_prints_the_rungs(tmp_path: Path) -> None:
    out = tmp_path / "ladder.jsonl"
    result = runner.invoke(
        app,
        [
            "tournament",
            "crown-rivals",
            "--ladder",
            "--bots",
            "random,normal,hard@0.02",
            "-n",
            "4",
            "--out",
            str(out),
        ],
        catch_exceptions=False,
    )
    assert result.exit_code == 0, result.stdout
    assert "a ladder of 3 rungs, 4 games, 2 seats" in result.stdout
    assert (
        "gap to the rung below" in result.stdout and "share against the rung below" in result.stdout
    )
    rows = [line for line in result.stdout.splitlines() if line.startswith("│")]
    assert [row.split("│")[1].strip() for row in rows] == ["hard@0.02", "normal", "random"]
    # hard against normal and normal against random, each in both seats; never hard against random
    seatings = [r.meta["bots"] for r in read_records(out)]
    assert seatings == [
        ["random", "normal"],
        ["normal", "random"],
        ["normal", "hard@0.02"],
        ["hard@0.02", "normal"],
    ]
    assert "rungs stand clearly above the one below" in result.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["--ladder", "--bots", "random,hard@fast"], "seconds from 0.01 to 60"),
        (["--ladder", "--bots", "random,normal@2"], "'normal' is not one"),
        (["--ladder", "--bots", "random,wizard"], "there is no bot 'wizard'"),
        (["--ladder", "--bots", "random,normal,random"], "each once, weakest first"),
        (["--ladder", "--bots", "normal"], "at least two different bots"),
        (["--ladder", "-n", "3"], "needs -n of at least 6"),
        ([], "--ladder"),
    ],
)
def test_a_bad_ladder_is_refused_with_what_is_allowed(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["tournament", "crown-rivals", *args])
    assert result.exit_code == 2, result.stdout
    assert message in " ".join(result.stderr.split()) and "Traceback" not in result.stderr


def test_play_takes_a_level_with_its_thinking_time() -> None:
    game = get("crown-rivals")
    assert seat_list(game, "human,HARD@3", None) == ["human", "hard@3"]
    with pytest.raises(CourtlyError, match="'normal' is not one"):
        seat_list(game, "human,normal@3", None)
    with pytest.raises(CourtlyError, match="unknown seat 'wizard'"):
        seat_list(game, "human,wizard", None)
