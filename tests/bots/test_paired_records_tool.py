"""``tools/paired_records.py``: two tournaments on one schedule, compared seed
by seed for the seat where they differ."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from courtly.cli.app import app
from tests.scripts import load_script, refusal, run_script

ROOT = Path(__file__).resolve().parents[2]
TOOL_PATH = ROOT / "tools" / "paired_records.py"
TOOL = load_script(TOOL_PATH, "paired_records")


def tournament(out: Path, bots: str) -> None:
    args = ["tournament", "garrison", "--bots", bots, "-n", "8", "--seed", "40", "--out", str(out)]
    result = CliRunner().invoke(app, args, catch_exceptions=False)
    assert result.exit_code == 0, result.stdout


def test_two_tournaments_records_are_paired_by_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    tournament(a, "normal,builder,builder,builder")
    tournament(b, "random,builder,builder,builder")
    normal, random = TOOL.shares(a, "normal"), TOOL.shares(b, "random")
    assert sorted(normal) == sorted(random) == list(range(40, 48))
    c = TOOL.compare(normal, random)
    assert c["games"] == 8
    assert c["a"] == sum(normal.values()) and c["b"] == sum(random.values())
    assert c["a"] - c["b"] <= c["a_only"]  # a seed's share moves by at most 1
    TOOL.main([str(a), "normal", str(b), "random"])
    assert capsys.readouterr().out.startswith(
        f"8 games: normal won {c['a']:g}, random won {c['b']:g};"
    )


def test_shared_wins_count_as_shares_and_only_common_seeds_are_compared() -> None:
    a = {1: 1.0, 2: 0.5, 3: 0.0, 9: 1.0}
    b = {1: 0.0, 2: 0.5, 3: 1.0, 4: 1.0}
    assert TOOL.compare(a, b) == {"games": 3, "a": 1.5, "b": 1.5, "a_only": 1, "b_only": 1}


def test_a_bot_seated_twice_an_unfinished_game_or_a_bad_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    record = {
        "game": "garrison",
        "version": 1,
        "players": 2,
        "seed": 7,
        "meta": {"bots": ["builder", "builder"]},
        "result": {"winners": [0]},
    }
    path.write_text(json.dumps(record) + "\n")
    with pytest.raises(SystemExit, match="seed 7 seats 'builder' 2 times"):
        TOOL.shares(path, "builder")
    path.write_text(json.dumps({**record, "result": None}) + "\n")
    with pytest.raises(SystemExit, match="seed 7 is unfinished"):
        TOOL.shares(path, "builder")
    path.write_text("{not json\n")
    with pytest.raises(SystemExit, match=r"r\.jsonl, line 1: not a Courtly game record"):
        TOOL.shares(path, "builder")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["a.jsonl", "normal"], "the following arguments are required: B.jsonl, bot_b"),
        (["a.jsonl", "normal", "b.jsonl", "random", "c.jsonl"], "unrecognized arguments: c.jsonl"),
    ],
)
def test_a_wrong_command_line_is_told_what_was_wrong(argv: list[str], said: str) -> None:
    assert f"tools/paired_records.py: error: {said}" in refusal(TOOL_PATH, argv)


def test_the_help_describes_every_argument() -> None:
    done = run_script(TOOL_PATH, ["--help"])
    assert done.returncode == 0, done.stderr
    listed = {line.split()[0]: line for line in done.stdout.splitlines() if line.startswith("  ")}
    for name in ("A.jsonl", "bot_a", "B.jsonl", "bot_b"):
        assert len(listed[name].split()) > 2, listed[name]  # the name and words on it
