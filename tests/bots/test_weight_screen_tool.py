"""``tools/weight_screen.py``: one seat of the heuristic with changed weights
against ``normal`` everywhere else, the same seeds and seats for every variant."""

from __future__ import annotations

from pathlib import Path

import pytest

from courtly.bots import greedy_for
from courtly.games import get
from tests.scripts import ended, load_script

ROOT = Path(__file__).resolve().parents[2]
TOOL = load_script(ROOT / "tools" / "weight_screen.py", "weight_screen")


def test_variants_multiply_one_weight_at_a_time_or_as_a_spec_says() -> None:
    base = {"a": 1.0, "b": 4.0}
    one_at_a_time = TOOL.variants(base, ["--factors", "0.5,2"])
    assert [name for name, _ in one_at_a_time] == ["a=0.5", "a=2", "b=0.5", "b=2"]
    assert one_at_a_time[3][1] == {"a": 1.0, "b": 8.0}
    assert TOOL.variants(base, ["--only", "b"])[0] == ("b=0.5", {"a": 1.0, "b": 2.0})
    assert TOOL.variants(base, ["a=3,b=0.25"]) == [("a=3,b=0.25", {"a": 3.0, "b": 1.0})]
    with pytest.raises(SystemExit, match="not a weight"):
        TOOL.variants(base, ["c=2"])


def test_the_heuristics_own_weights_play_as_normal_does() -> None:
    game = get("garrison")
    heuristic = greedy_for(game)
    assert heuristic is not None
    weights = dict(heuristic.weights)
    share = TOOL.wins(game, weights, 8, 300)
    assert 0.0 <= share <= 1.0
    assert TOOL.wins(game, weights, 8, 300) == share  # the same seeds, the same games


def test_a_spec_may_name_a_file_of_weights_that_replace_the_heuristics(tmp_path: Path) -> None:
    base = {"a": 1.0, "b": 4.0}
    path = tmp_path / "fitted.json"
    path.write_text('{"b": 0.5}', encoding="utf-8")
    assert TOOL.variants(base, [f"@{path}"]) == [(f"@{path}", {"a": 1.0, "b": 0.5})]
    path.write_text('{"c": 1}', encoding="utf-8")
    with pytest.raises(SystemExit, match="are not weights"):
        TOOL.variants(base, [f"@{path}"])


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        ([], "the following arguments are required: game, games, seed"),
        (["nosuch", "10", "1"], "argument game: there is no game 'nosuch'; the games are: "),
        (["garrison", "0", "1"], "argument games: must be 1 or more, not 0"),
        (["garrison", "10", "1", "--factors", "a,2"], "--factors: 'a' is not a number"),
        (["garrison", "10", "1", "heart=x"], "heart: 'x' is not a number"),
        (["garrison", "10", "1", "@/nowhere/w.json"], "@/nowhere/w.json: cannot be read"),
    ],
)
def test_a_wrong_command_line_is_told_what_was_wrong_before_any_game(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    message = ended(TOOL.main, argv)
    out = capsys.readouterr()
    assert said in message + out.err
    assert out.out == ""  # not even the control's line: every variant is read first
