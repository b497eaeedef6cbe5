"""``tools/search.py``'s command line: a wrong one is refused in words before any
search."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scripts import refusal, run_script

TOOL = Path(__file__).resolve().parents[2] / "tools" / "search.py"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["garrison"], "the following arguments are required: iterations"),
        (["nosuch", "1"], "argument game: there is no game 'nosuch'; the games are: "),
        (["garrison", "1.5"], "argument iterations: invalid int value: '1.5'"),
        (["garrison", "-1"], "argument iterations: must be 0 or more, not -1"),
    ],
)
def test_a_wrong_command_line_is_told_what_was_wrong(argv: list[str], said: str) -> None:
    assert f"tools/search.py: error: {said}" in refusal(TOOL, argv)


def test_the_help_describes_every_argument() -> None:
    done = run_script(TOOL, ["--help"])
    assert done.returncode == 0, done.stderr
    listed = {line.split()[0]: line for line in done.stdout.splitlines() if line.startswith("  ")}
    for name in ("game", "iterations"):
        assert len(listed[name].split()) > 2, listed[name]  # the name and words on it
