"""``tools/observe.py``'s command line: a wrong one is refused in words before any
position is found."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scripts import refusal, run_script

TOOL = Path(__file__).resolve().parents[2] / "tools" / "observe.py"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["garrison"], "the following arguments are required: rounds"),
        (["nosuch", "1"], "argument game: there is no game 'nosuch'; the games are: "),
        (["garrison", "x"], "argument rounds: invalid int value: 'x'"),
        (["garrison", "-1"], "argument rounds: must be 0 or more, not -1"),
    ],
)
def test_a_wrong_command_line_is_told_what_was_wrong(argv: list[str], said: str) -> None:
    assert f"tools/observe.py: error: {said}" in refusal(TOOL, argv)


def test_the_help_describes_every_argument() -> None:
    done = run_script(TOOL, ["--help"])
    assert done.returncode == 0, done.stderr
    listed = {line.split()[0]: line for line in done.stdout.splitlines() if line.startswith("  ")}
    for name in ("game", "rounds"):
        assert len(listed[name].split()) > 2, listed[name]  # the name and words on it
