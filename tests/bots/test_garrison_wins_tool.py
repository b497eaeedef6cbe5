"""``tools/garrison_wins.py``'s command line: a wrong one is refused in words before
any game."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scripts import refusal, run_script

TOOL = Path(__file__).resolve().parents[2] / "tools" / "garrison_wins.py"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        ([], "the following arguments are required: games, seed"),
        (["1", "0", "deep"], "argument depth: invalid int value: 'deep'"),
        (["1", "0", "-1"], "argument depth: must be 0 or more, not -1"),
        (["1", "0", "--hard", "-5"], "argument --hard: must be 0 or more, not -5"),
        (["1", "0", "--hard"], "argument --hard: expected one argument"),
    ],
)
def test_a_wrong_command_line_is_told_what_was_wrong(argv: list[str], said: str) -> None:
    assert f"tools/garrison_wins.py: error: {said}" in refusal(TOOL, argv)


def test_the_help_describes_every_argument() -> None:
    done = run_script(TOOL, ["--help"])
    assert done.returncode == 0, done.stderr
    listed = {line.split()[0]: line for line in done.stdout.splitlines() if line.startswith("  ")}
    for name in ("games", "seed", "depth", "--hard"):
        assert len(listed[name].split()) > 2, listed[name]  # the name and words on it
