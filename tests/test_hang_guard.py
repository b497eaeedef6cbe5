"""The suite's guard against a hanging test (pyproject.toml's pytest-timeout
settings): a test that never returns is ended and named, even where the alarm
signal cannot reach it, and the run goes on.

A fresh-clone CI run once stood still for a quarter of an hour, past the
timeout, with both workers idle and nothing printed. With the thread method a
hang ends its worker after the timeout, and xdist names the test it was
running, counts it failed and starts another worker for the rest.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

HANGS = textwrap.dedent(
    """
    import signal
    import time


    def test_blocked_from_the_alarm():
        # No alarm reaches this thread: the signal method cannot end it.
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
        time.sleep(60)


    def test_that_runs_after_it():
        assert True
    """
)


def test_a_test_no_alarm_can_reach_is_ended_and_reported_and_the_run_goes_on(
    tmp_path: Path,
) -> None:
    (tmp_path / "test_hangs.py").write_text(HANGS, encoding="utf-8")
    # The project's settings (-c pyproject.toml), a short timeout, one worker.
    command = [sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml")]
    command += ["--rootdir", str(tmp_path), "-p", "no:cacheprovider", "-n", "1"]
    command += ["-o", "timeout=2", str(tmp_path / "test_hangs.py")]
    done = subprocess.run(
        command, cwd=tmp_path, capture_output=True, text=True, timeout=45, check=False
    )
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    # The hung test is named, and the test after it still ran.
    assert "crashed while running 'test_hangs.py::test_blocked_from_the_alarm'" in out, out
    assert "1 failed, 1 passed" in out, out
