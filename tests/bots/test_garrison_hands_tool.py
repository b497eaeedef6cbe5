"""``tools/garrison_hands.py``'s command line: a wrong one is refused in words before
any game."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scripts import refusal, run_script

TOOL = Path(__file__).resolve().parents[2] / "tools" / "garrison_hands.py"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        ([], "the following arguments are required: games, seed"),
        (["x", "0"], "argument games: invalid int value: 'x'"),
        (["0", "0"], "argument games: must be 1 or more, not 0"),
        (["-3", "0"], "argument games: must be 1 or more, not -3"),
    ],
)
def test_a_wrong_command_line_is_told_what_was_wrong(argv: list[str], said: str) -> None:
    assert f"tools/garrison_hands.py: error: {said}" in refusal(TOOL, argv)


def test_the_help_describes_every_argument() -> None:
    done = run_script(TOOL, ["--help"])
    assert done.returncode == 0, done.stderr
    listed = {line.split()[0]: line for line in done.stdout.splitlines() if line.startswith("  ")}
    for name in ("games", "seed"):
        assert len(listed[name].split()) > 2, listed[name]  # the name and words on it
