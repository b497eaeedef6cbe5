"""``tools/hard_budget.py``'s command line: a wrong one is refused in words before
any game."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scripts import refusal, run_script

TOOL = Path(__file__).resolve().parents[2] / "tools" / "hard_budget.py"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["600", "10"], "the following arguments are required: game"),
        (["ten", "10", "garrison"], "argument iterations: invalid int value: 'ten'"),
        (["0", "10", "garrison"], "argument iterations: 'hard@0it': the iterations after @"),
        (["600", "0", "garrison"], "argument decisions: must be 1 or more, not 0"),
        (["600", "10", "nosuch"], "argument game: there is no game 'nosuch'; the games are: "),
    ],
)
def test_a_wrong_command_line_is_told_what_was_wrong(argv: list[str], said: str) -> None:
    assert f"tools/hard_budget.py: error: {said}" in refusal(TOOL, argv)


def test_the_help_describes_every_argument() -> None:
    done = run_script(TOOL, ["--help"])
    assert done.returncode == 0, done.stderr
    listed = {line.split()[0]: line for line in done.stdout.splitlines() if line.startswith("  ")}
    for name in ("iterations", "decisions", "game"):
        assert len(listed[name].split()) > 2, listed[name]  # the name and words on it
