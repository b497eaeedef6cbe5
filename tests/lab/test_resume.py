"""An interrupted lab run resumes where it stopped, losing and repeating nothing."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

from courtly.lab import execute
from courtly.lab.collect import play_chunk
from courtly.lab.report import build
from courtly.lab.store import LabDir

COMMAND = [sys.executable, "-c", "from courtly.cli.app import main; main()"]
ARGS = ["lab", "run", "garrison", "--players", "3", "--bots", "greedy", "-n", "150",
        "--vary", "length=quick,medium", "--jobs", "1", "--seed", "11"]  # fmt: skip
TOTAL = 300


def _text(rows: object) -> str:
    return json.dumps(rows, sort_keys=True)  # NaN (a shared win's decisiveness) == NaN here


def _chunks_on_disk(out: Path) -> int:
    return len(list((out / "chunks").glob("*.games.parquet"))) if (out / "chunks").exists() else 0


def test_a_killed_run_resumes_without_replaying_finished_games(tmp_path: Path) -> None:
    out = tmp_path / "run"
    proc = subprocess.Popen([*COMMAND, *ARGS, "--out", str(out)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while _chunks_on_disk(out) < 2 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.01)
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait()
    folder = LabDir(out)
    assert not folder.complete, "the run finished before it could be killed"
    games_at_kill = len(folder.load()[0])
    assert 0 < games_at_kill < TOTAL
    # the report of the unfinished run says so
    html_path, _, summary = build(out)
    assert not summary["complete"] and "not finished" in html_path.read_text()
    assert sum(v["games"] for v in summary["variants"]) == games_at_kill

    resumed = subprocess.run([*COMMAND, *ARGS, "--out", str(out)], capture_output=True,
                             text=True, timeout=120)  # fmt: skip
    assert resumed.returncode == 0, resumed.stderr
    assert f"resuming: {games_at_kill} games already done" in resumed.stdout
    sessions = folder.sessions()
    assert [s["already"] for s in sessions] == [0, games_at_kill]
    assert sessions[1]["to_play"] == TOTAL - games_at_kill  # finished games are not replayed

    games, seats = folder.load()
    keys = [(g["variant"], g["seed"]) for g in games]
    assert len(keys) == len(set(keys)) == TOTAL
    assert len(seats) == 3 * TOTAL

    # the same as a run never interrupted
    plan = execute.plan("garrison", "greedy", 150, players=3, seed=11,
                        vary=["length=quick,medium"])  # fmt: skip
    clean = LabDir(tmp_path / "clean")
    execute.run(clean, plan, jobs=1)
    assert _text(clean.load()) == _text((games, seats))
    assert (clean.path / "records.jsonl").read_text() == (out / "records.jsonl").read_text()


def test_a_searching_bot_s_games_come_in_small_chunks() -> None:
    """A searching bot's game takes a minute or more: in chunks of 25, a run of
    30 games kept one process on 25 while the other played 5 and waited."""
    searching = execute.plan("crown-rivals", "hard@600it,normal", 12, seed=0)
    assert searching.settings["chunk"] == execute.SEARCH_CHUNK == 5
    assert [c.seeds for c in searching.chunks] == [(0, 1, 2, 3, 4), (5, 6, 7, 8, 9), (10, 11)]
    assert execute.plan("crown-rivals", "ismcts", 12).settings["chunk"] == 5
    assert execute.plan("crown-rivals", "normal,random", 12).settings["chunk"] == execute.CHUNK


def test_a_run_begun_in_big_chunks_resumes_in_them(tmp_path: Path) -> None:
    """A searching bot's run begun in chunks of 25 (before they were 5) is found
    again by the same command, and plays only the games it lacks: the new chunk
    size would otherwise give it other settings, a new folder, and every game
    again."""
    small = execute.plan("garrison", "greedy", 30, players=2, seed=3, chunk=5,
                         vary=["length=quick,medium"])  # fmt: skip
    big = small.rechunked(execute.CHUNK)
    assert big.settings == {**small.settings, "chunk": execute.CHUNK}
    assert [len(c.seeds) for c in big.chunks] == [25, 5, 25, 5]
    for variant in (0, 1):
        seeds = [s for c in big.chunks if c.variant == variant for s in c.seeds]
        assert seeds == list(range(3, 33))

    begun = LabDir(tmp_path / "begun")
    begun.open(big.settings)
    begun.save_chunk(play_chunk(big.chunks[0]))
    assert execute.as_begun(small, lambda settings: begun).settings == big.settings
    assert execute.run(begun, execute.as_begun(small, lambda settings: begun)) == 60 - 25
    assert execute.as_begun(small, lambda settings: LabDir(tmp_path / "new")) is small

    fresh = LabDir(tmp_path / "fresh")
    assert execute.run(fresh, small) == 60
    assert _text(fresh.load()) == _text(begun.load())  # the same games, whatever the chunks
    assert (fresh.path / "records.jsonl").read_text() == (begun.path / "records.jsonl").read_text()


def test_the_lab_command_resumes_a_searching_run_begun_in_big_chunks(tmp_path: Path) -> None:
    """``courtly lab run`` with the folder of such a run resumes it rather than
    refusing its settings ("chunk: 25 there, 5 now")."""
    from typer.testing import CliRunner

    from courtly.cli.app import app

    args = ["lab", "run", "crown-rivals", "--bots", "hard@10it,normal", "-n", "2", "--jobs", "1"]
    planned = execute.plan("crown-rivals", "hard@10it,normal", 2)
    out = tmp_path / "run"
    LabDir(out).open(planned.rechunked(execute.CHUNK).settings)
    result = CliRunner().invoke(app, [*args, "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert LabDir(out).settings()["chunk"] == execute.CHUNK and LabDir(out).complete
