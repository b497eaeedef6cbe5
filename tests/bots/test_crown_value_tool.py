"""``tools/crown_value.py``: a value of Crown Rivals positions learned from
`normal`'s self-play, and ``tools/head_to_head.py --value`` that gives it to
`hard`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from courtly.games import get
from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[2]
TOOL = load_script(ROOT / "tools" / "crown_value.py", "crown_value")
HEAD_TO_HEAD = load_script(ROOT / "tools" / "head_to_head.py", "head_to_head")


def test_the_features_are_one_seats_less_the_others() -> None:
    state: Any = get("crown-rivals").new(seed=3)
    a, b = TOOL.seat_features(state, 0), TOOL.seat_features(state, 1)
    assert len(a) == len(TOOL.NAMES)
    assert TOOL.features(state) == [x - y for x, y in zip(a, b, strict=True)]
    mover = state.active
    assert TOOL.seat_features(state, mover)[TOOL.NAMES.index("to move")] == 1.0
    assert TOOL.seat_features(state, 1 - mover)[TOOL.NAMES.index("to move")] == 0.0


def test_the_fit_recovers_the_weights_that_made_the_labels() -> None:
    rng = np.random.default_rng(1)
    x = rng.normal(size=(20_000, 3))
    truth = np.array([1.5, -0.7, 0.0])
    y = (rng.random(20_000) < 1.0 / (1.0 + np.exp(-x @ truth))).astype(float)
    w = TOOL.fit(x, y)
    assert np.abs(w - truth).max() < 0.1
    assert TOOL.log_loss(x, y, w) < TOOL.log_loss(x, y, np.zeros(3))


def test_a_fitted_value_names_winners_and_is_read_back(tmp_path: Path) -> None:
    out = tmp_path / "value.json"
    assert TOOL.main(["60", "40", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["features"] == list(TOOL.NAMES) and len(data["weights"]) == len(TOOL.NAMES)
    assert data["weights"][TOOL.NAMES.index("influence")] > 0  # more Influence, more wins
    value = TOOL.Value(str(out))
    played = TOOL.positions(10, 500, 5)
    x, y, _ = TOOL.stack(played)
    # on fresh games the value names the winner more often than chance
    assert ((x @ np.array(value.weights) > 0) == (y > 0.5)).mean() > 0.6
    state: Any = get("crown-rivals").new(seed=7)
    p = value(state)
    assert len(p) == 2 and abs(sum(p) - 1.0) < 1e-12


def test_a_value_of_other_features_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "other.json"
    out.write_text(json.dumps({"features": ["influence"], "weights": [1.0]}))
    with pytest.raises(SystemExit, match="not a value of these features"):
        TOOL.Value(str(out))


def test_head_to_head_gives_hard_the_value_for_crown_rivals_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "value.json"
    TOOL.main(["30", "40", "--out", str(out)])
    with pytest.raises(SystemExit, match="crown-rivals only, not garrison"):
        HEAD_TO_HEAD.learned_value(get("garrison"), str(out))
    asked: list[Any] = []
    real = HEAD_TO_HEAD.learned_value

    def counted(game: Any, path: str) -> Any:
        value = real(game, path)
        assert value.weights == TOOL.Value(str(out)).weights

        def judge(state: Any) -> list[float]:
            asked.append(state)
            return list(value(state))

        return judge

    monkeypatch.setattr(HEAD_TO_HEAD, "learned_value", counted)
    HEAD_TO_HEAD.main(["crown-rivals", "1", "5", "40", "--value", str(out), "--guard", "steps=6"])
    assert asked  # the search judged the positions its rollouts stopped at with the value
    assert '"games": 1' in capsys.readouterr().out
