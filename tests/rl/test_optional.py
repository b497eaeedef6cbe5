"""The research libraries are optional: Courtly and ``courtly.rl`` import without them."""

from __future__ import annotations

import subprocess
import sys

BLOCK = """
import sys
for name in ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel"):
    sys.modules[name] = None  # importing any of them now fails
import courtly, courtly.games, courtly.bots, courtly.cli.app, courtly.rl
from courtly.lab.bench import encoding_us
assert encoding_us("intrigue") is None
for make in (courtly.rl.pettingzoo_env, courtly.rl.gym_env):
    try:
        make("intrigue")
    except courtly.rl.MissingExtra as exc:
        print(str(exc).split(":")[0])
"""


def test_courtly_imports_without_the_rl_extra() -> None:
    done = subprocess.run(
        [sys.executable, "-c", BLOCK], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert (
        done.stdout.split("\n")[:2]
        == ["the research interfaces need the rl extra (pip install 'courtly[rl]')"] * 2
    )
