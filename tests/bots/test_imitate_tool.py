"""``tools/imitate.py``: the heuristic's weights judged, and fitted, by how
often its move is `hard`'s in decisions ``tools/head_to_head.py --dump`` wrote."""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any

import pytest

from courtly.bots import greedy_for
from courtly.games import get
from tests.bots.helpers import garrison_decisions
from tests.scripts import ended, load_script

ROOT = Path(__file__).resolve().parents[2]
TOOL = load_script(ROOT / "tools" / "imitate.py", "imitate")


def _decisions(count: int) -> list[dict[str, Any]]:
    """Decisions of the heuristic against itself, as the dump records them."""
    return garrison_decisions(count, 1, lambda i: 1)


def test_the_heuristic_agrees_with_itself_and_an_override_is_counted_by_kind() -> None:
    rows = _decisions(12)
    heuristic: Any = greedy_for(get("garrison"))
    assert all(TOOL.agreement(heuristic, rows))
    other = next(a for a in rows[0]["legal"] if a.id != rows[0]["played"])
    kinds = {a.id: a.kind for a in rows[0]["legal"]}
    rows[0] = {**rows[0], "played": other.id}  # as if the search had overridden it
    agrees = TOOL.agreement(heuristic, rows)
    assert agrees[0] is False and all(agrees[1:])
    report = TOOL.report("train", agrees, rows)
    assert report["keeps"] == f"{len(rows) - 1}/{len(rows) - 1}" and report["finds"] == "0/1"
    assert TOOL.improvements(rows) == {f"{kinds[rows[0]['heuristic']]} -> {other.kind}": 1}


def test_a_dump_cut_off_mid_record_is_read_up_to_its_last_whole_record(tmp_path: Path) -> None:
    rows = _decisions(3)
    path = tmp_path / "d.pkl"
    with open(path, "wb") as f:
        for row in rows:
            pickle.dump(row, f)
    whole = path.read_bytes()
    path.write_bytes(whole[:-5])  # a run stopped while writing its last decision
    read = TOOL.rows_of([str(path)])
    assert [r["played"] for r in read] == [r["played"] for r in rows[:2]]


def test_the_fit_writes_weights_that_agree_at_least_as_often_as_the_shipped(
    tmp_path: Path, capsys: Any
) -> None:
    rows = _decisions(10)
    for i, row in enumerate(rows):
        row["seed"] = i  # a quarter held out by seed
    path = tmp_path / "d.pkl"
    with open(path, "wb") as f:
        for row in rows:
            pickle.dump(row, f)
    out = tmp_path / "fitted.json"
    TOOL.main(["garrison", str(path), "--steps", "3", "--out", str(out)])
    printed = capsys.readouterr().out
    assert '"weights": "shipped", "set": "train"' in printed
    assert '"weights": "fitted", "set": "held out"' in printed
    shipped = dict(greedy_for(get("garrison")).weights)  # type: ignore[union-attr]
    fitted = json.loads(out.read_text(encoding="utf-8"))
    assert set(fitted) == set(shipped)  # the heuristic agrees everywhere: nothing to improve
    assert fitted == shipped


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        ([], "the following arguments are required: game, dumps"),
        (["garrison", "x.pkl", "--steps", "many"], "argument --steps: invalid int value: 'many'"),
        (["nosuch", "x.pkl"], "argument game: there is no game 'nosuch'; the games are: "),
        (["garrison", "/nowhere/d.pkl"], "no dump at /nowhere/d.pkl: write one with"),
    ],
)
def test_a_wrong_command_line_is_told_what_was_wrong(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    message = ended(TOOL.main, argv)
    assert said in message + capsys.readouterr().err
