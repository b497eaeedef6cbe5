"""The command line under odd or hostile input: every path answers with a
one-line error (user text never read as terminal markup), checks its arguments
before the work, and never shows a record's stored result unchecked."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from courtly.cli.app import app
from courtly.engine.testing import random_game
from courtly.games import get

runner = CliRunner()


def run(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    wide = {"COLUMNS": "2000"}  # one line per message, as read
    return runner.invoke(app, list(args), input=input, catch_exceptions=False, env=wide)


def a_record(tmp_path: Path, name: str = "game.json", **change: object) -> Path:
    state = random_game(get("crown-rivals"), 2, 5)
    rec = json.loads(state.record().to_json())
    rec.update(change)
    path = tmp_path / name
    path.write_text(json.dumps(rec))
    return path


def test_markup_in_user_text_is_shown_as_text(tmp_path: Path) -> None:
    result = run("rules", "[/x]")
    assert result.exit_code == 2 and "[/x]" in result.output
    result = run("play", "crown-rivals", "--seats", "human,random", input="[/x]\n[bold]\nq\n")
    assert result.exit_code == 0
    assert "'[/x]' is not a Crown Rivals action" in result.output
    rec = a_record(tmp_path, actions=[[0, "[/x] play 3S"]], result=None)
    result = run("replay", str(rec), "--all")
    assert result.exit_code == 2 and "'[/x] play 3S'" in result.output


def test_a_digit_that_is_not_ascii_is_an_unknown_word() -> None:
    result = run("play", "crown-rivals", "--seats", "human,random", input="²\n١\nq\n")
    assert result.exit_code == 0
    assert "'²' is not a Crown Rivals action" in result.output


@pytest.mark.parametrize(
    "content, says",
    [
        (b"\xff\xfe\x00garbage", "not UTF-8"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"game": ' * 3000 + b"1" + b"}" * 3000, "recursion limit exceeded"),
        (b'"just a string"', "not a Courtly game record"),
        (b"[1, 2]", "where a game record"),
    ],
)
def test_records_that_are_not_records_are_refused_in_one_line(
    tmp_path: Path, content: bytes, says: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    result = run("replay", str(path), "--all")
    assert result.exit_code == 2 and says in result.output
    assert "Traceback" not in result.output


def test_a_huge_notation_is_refused_at_once_without_echoing_it(tmp_path: Path) -> None:
    rec = a_record(tmp_path, actions=[[0, "x" * 5_000_000]])
    start = time.perf_counter()
    result = run("replay", str(rec), "--all")
    assert time.perf_counter() - start < 10  # was 67 s
    assert result.exit_code == 2 and "at most 200 characters" in result.output
    assert len(result.output) < 2000


def test_replay_refuses_a_record_whose_stored_result_was_altered(tmp_path: Path) -> None:
    state = random_game(get("crown-rivals"), 2, 5)
    rec = json.loads(state.record().to_json())
    honest = tmp_path / "honest.json"
    honest.write_text(json.dumps(rec))
    result = run("replay", str(honest), "--all")
    assert result.exit_code == 0 and "Final scores" in result.output
    final = result.output.split("Final scores")[1]
    assert all(f"│ {s:g} " in final for s in state.scores)  # in the score table
    rec["result"]["scores"] = [999, 0]
    altered = tmp_path / "altered.json"
    altered.write_text(json.dumps(rec))
    result = run("replay", str(altered), "--all")
    assert result.exit_code == 2 and "altered" in result.output and "999" in result.output
    assert "Final scores" not in result.output


@pytest.mark.parametrize(
    "args",
    [
        ("play", "crown-rivals", "--seats", "random,random", "--think", "-1"),
        ("play", "crown-rivals", "--seats", "random,random", "--think", "nan"),
        ("play", "crown-rivals", "--seats", "random,random", "--think", "inf"),
        ("tournament", "crown-rivals", "--bots", "random,random", "-n", "2", "--think", "0"),
        ("bench", "crown-rivals", "--seconds", "-1"),
        ("bench", "crown-rivals", "--runs", "0"),
    ],
)
def test_bad_times_are_refused_before_any_game(args: tuple[str, ...]) -> None:
    start = time.perf_counter()
    result = run(*args)
    assert result.exit_code == 2 and "error:" in result.output
    assert "at most" in result.output or "at least" in result.output
    assert time.perf_counter() - start < 5


def test_an_unwritable_path_is_refused_before_the_work(tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such" / "folder" / "x.jsonl"
    for args in (
        ("play", "crown-rivals", "--seats", "random,random", "--save", str(missing)),
        ("sim", "crown-rivals", "-n", "50", "--bots", "random,random", "--out", str(missing)),
        ("tournament", "crown-rivals", "--bots", "random,random", "-n", "4", "--out", str(missing)),
        ("play", "crown-rivals", "--seats", "random,random", "--save", str(tmp_path)),
    ):
        result = run(*args)
        assert result.exit_code == 2, args
        assert "no folder" in result.output or "is a folder" in result.output
        assert "Winner" not in result.output and "win share" not in result.output.lower()


def test_serving_on_a_busy_port_says_so_and_suggests_another() -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = CliRunner().invoke(app, ["serve", "--port", str(port), "--db", "unused.db"])
    said = " ".join(result.output.split())  # as one line, whatever the terminal's width
    assert result.exit_code != 0
    assert f"port {port} is busy" in said and f"--port {port + 1}" in said
    assert "serving on" not in said and "Traceback" not in said


@pytest.mark.parametrize(
    "args",
    [
        ("lab", "crown-rivals", "--bots", "normal", "-n", "2"),
        ("lab", "report", "nowhere"),
        ("tournament", "crown-rivals", "--bots", "normal,random", "-n", "2"),
    ],
)
def test_the_lab_without_its_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...]
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "pyarrow" else real(name, *a)
    )
    result = CliRunner().invoke(app, list(args))
    said = " ".join(result.output.split())
    assert result.exit_code != 0 and "Traceback" not in said
    assert "lab extra (pyarrow not installed)" in said and "pip install 'courtly[lab]'" in said


@pytest.mark.parametrize("players", ["0", "-1", "9"])
def test_a_number_of_players_the_game_does_not_take_is_named(players: str) -> None:
    result = run("play", "garrison", "--players", players)
    assert result.exit_code == 2
    assert f"error: Garrison is for 2 to 6 players; --players is {players}\n" == result.output


@pytest.mark.parametrize(
    "seats, empty", [("human,,normal", 1), ("", 0), ("human,", 1), (" , human", 0)]
)
def test_an_empty_seat_is_refused_by_its_place(seats: str, empty: int) -> None:
    result = run("play", "garrison", "--seats", seats, input="quit\n")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"--seats {seats!r}: seat {empty} is empty; name each seat, one of human, " in (
        result.output
    )


def test_an_option_that_may_be_none_takes_none() -> None:
    result = run("play", "garrison", "--seats", "random,random", "--seed", "1", "-o", "deck=none")
    assert result.exit_code == 0 and "Game over" in result.output
    assert get("garrison").Options.parse({"deck": "None"}).deck is None
    refused = run("play", "garrison", "--seats", "random,random", "-o", "jokers=none")
    assert refused.exit_code == 2 and "option 'jokers' cannot be 'none'" in refused.output
