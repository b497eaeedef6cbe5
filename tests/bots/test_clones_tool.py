"""``tools/clones.py``'s command line: a wrong one is refused in words before any
clone is timed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scripts import refusal, run_script

TOOL = Path(__file__).resolve().parents[2] / "tools" / "clones.py"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["nosuch"], "argument games: there is no game 'nosuch'; the games are: "),
        (["garrison", "--count", "many"], "argument --count: invalid int value: 'many'"),
        (["garrison", "--count", "-1"], "argument --count: must be 0 or more, not -1"),
        (["--count", "5"], "argument --count: needs exactly one game, not 0"),
    ],
)
def test_a_wrong_command_line_is_told_what_was_wrong(argv: list[str], said: str) -> None:
    assert f"tools/clones.py: error: {said}" in refusal(TOOL, argv)


def test_the_help_describes_every_argument() -> None:
    done = run_script(TOOL, ["--help"])
    assert done.returncode == 0, done.stderr
    listed = {line.split()[0]: line for line in done.stdout.splitlines() if line.startswith("  ")}
    for name in ("games", "--count"):
        assert len(listed[name].split()) > 2, listed[name]  # the name and words on it
