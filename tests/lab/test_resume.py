"""An interrupted lab run resumes where it stopped, losing and repeating nothing."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

from courtly.lab import execute
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
