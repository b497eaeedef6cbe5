"""``tools/policy_fit.py``: a learned scorer of Garrison moves, fitted to the
moves `hard` played, and played as the guard's base at the root alone."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from courtly.bots import greedy_for, make
from courtly.bots.ismcts import ISMCTS
from courtly.games import get
from tests.bots.helpers import garrison_decisions
from tests.scripts import ended, load_script

ROOT = Path(__file__).resolve().parents[2]
TOOL = load_script(ROOT / "tools" / "policy_fit.py", "policy_fit")
HEAD_TO_HEAD = load_script(ROOT / "tools" / "head_to_head.py", "head_to_head")


def _decisions(count: int) -> list[dict[str, Any]]:
    """Decisions of the heuristic against itself, as the dump records them."""
    return garrison_decisions(count, 2, lambda i: i)


def test_a_scorer_of_the_heuristics_pick_alone_is_the_heuristic() -> None:
    rows = _decisions(20)
    theta = np.zeros(TOOL.DIM)
    theta[0] = 1.0
    report = TOOL.report("all", TOOL.Scorer(theta), rows)
    assert report["agree"] == 1.0 and report["departs"] == 0
    for r in rows:
        assert TOOL.features(r["observation"], r["legal"], r["heuristic"]).shape == (
            len(r["legal"]),
            TOOL.DIM,
        )


def test_the_fit_learns_a_preference_the_heuristic_does_not_have() -> None:
    rows = _decisions(60)
    # `hard` as if it always ended the turn where it could: a kind the heuristic
    # rarely picks first, which the scorer's kind features can say.
    taught = []
    for r in rows:
        end = next((a for a in r["legal"] if a.kind == "end"), None)
        if end is not None and end.id != r["heuristic"]:
            taught.append({**r, "played": end.id})
    assert len(taught) >= 10
    x, starts, chosen = TOOL.design(taught)
    theta = TOOL.fit(x, starts, chosen, 1e-3, 400)
    learned = TOOL.report("taught", TOOL.Scorer(theta), taught)
    zero = np.zeros(TOOL.DIM)
    zero[0] = 1.0
    assert TOOL.report("taught", TOOL.Scorer(zero), taught)["finds"] == f"0/{len(taught)}"
    assert learned["finds"] == f"{len(taught)}/{len(taught)}"


def test_the_learned_own_policy_picks_at_the_root_alone(tmp_path: Path) -> None:
    game = get("garrison")
    heuristic: Any = greedy_for(game)
    rows = _decisions(5)
    obs, legal = rows[0]["observation"], rows[0]["legal"]
    base = heuristic.act(obs, legal, random.Random(0))
    theta = np.zeros(TOOL.DIM)
    theta[0] = -1.0  # anything but the heuristic's move
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"dim": TOOL.DIM, "theta": theta.tolist()}), encoding="utf-8")
    own = TOOL.Learned(heuristic, TOOL.load(str(path)))
    assert own.act(obs, legal, random.Random(0)).id == base.id  # not the root: the heuristic
    own.root = obs
    assert own.act(obs, legal, random.Random(0)).id != base.id
    assert own.act(dict(obs), legal, random.Random(0)).id == base.id  # a world's observation
    assert own.departed == 1
    hard = make("hard", game)
    assert isinstance(hard, ISMCTS)
    HEAD_TO_HEAD.set_own(hard, f"learned:{path}")  # what --own learned:FILE gives `hard`
    assert hard.own is not None and hard.own.scorer.theta[0] == -1.0  # type: ignore[attr-defined]
    path.write_text(json.dumps({"dim": 3, "theta": [0, 0, 0]}), encoding="utf-8")
    with pytest.raises(SystemExit, match="3 features"):
        TOOL.load(str(path))


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        ([], "the following arguments are required: dumps"),
        (["x.pkl", "--l2", "big"], "argument --l2: invalid float value: 'big'"),
        (["/nowhere/d.pkl"], "no dump at /nowhere/d.pkl: write one with"),
    ],
)
def test_a_wrong_command_line_is_told_what_was_wrong(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    message = ended(TOOL.main, argv)
    assert said in message + capsys.readouterr().err
