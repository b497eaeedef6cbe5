"""``tools/departure.py``'s command line: a wrong one, a budget too, is refused in
words before any game."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scripts import refusal, run_script

TOOL = Path(__file__).resolve().parents[2] / "tools" / "departure.py"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        ([], "the following arguments are required: game, games, seed, budget"),
        (
            ["nosuch", "1", "0", "hard@10it"],
            "argument game: there is no game 'nosuch'; the games are: ",
        ),
        (["garrison", "two", "0", "hard@10it"], "argument games: invalid int value: 'two'"),
        (["garrison", "0", "0", "hard@10it"], "argument games: must be 1 or more, not 0"),
        (["garrison", "1", "0", "normal"], "argument budget: 'normal' does not search"),
        (["garrison", "1", "0", "hard@0it"], "argument budget: 'hard@0it': the iterations after @"),
        (
            ["garrison", "1", "0", "hard@10it", "wizard"],
            "argument budget: there is no bot 'wizard'",
        ),
    ],
)
def test_a_wrong_command_line_is_told_what_was_wrong(argv: list[str], said: str) -> None:
    assert f"tools/departure.py: error: {said}" in refusal(TOOL, argv)


def test_the_help_describes_every_argument() -> None:
    done = run_script(TOOL, ["--help"])
    assert done.returncode == 0, done.stderr
    listed = {line.split()[0]: line for line in done.stdout.splitlines() if line.startswith("  ")}
    for name in ("game", "games", "seed", "budget"):
        assert len(listed[name].split()) > 2, listed[name]  # the name and words on it
