"""`courtly lab tune`: goals as a designer states them, the declared tunable
numbers, a resumable Optuna search whose first trial is the text's rules,
every trial on the same seeds, the best replayed on fresh ones."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from courtly.cli.app import app
from courtly.engine.errors import OptionError
from courtly.games import all_games, get
from courtly.lab import execute
from courtly.lab.goals import compare, estimate, parse_goal, parse_goals
from courtly.lab.tune import players_list, space

runner = CliRunner()


def test_goals_read_as_a_designer_states_them() -> None:
    g = parse_goal("first_player_edge=0")
    assert (g.want, g.low, g.direction) == ("value", 0.0, "minimize")
    assert g.objective(-0.05) == pytest.approx(0.05)
    r = parse_goal("length=20..30")
    assert (r.want, r.low, r.high) == ("range", 20.0, 30.0)
    assert [r.objective(v) for v in (15, 25, 33)] == [5, 0, 3]
    assert r.met(21, 29) == "yes" and r.met(31, 40) == "no" and r.met(25, 35) == "perhaps"
    assert parse_goal("decisiveness=max").direction == "maximize"
    assert parse_goal("Lead-Changes=min").measure == "lead_changes"
    for bad in ("length", "speed=max", "length=30..20", "length=long"):
        with pytest.raises(OptionError):
            parse_goal(bad)
    with pytest.raises(OptionError, match="twice"):
        parse_goals(["length=max", "length=min"])


def test_the_same_games_compared_differ_by_nothing_and_intervals_hold_the_value() -> None:
    rng = np.random.default_rng(1)
    a = {2: rng.integers(1, 6, 50).astype(float), 3: rng.integers(1, 4, 50).astype(float)}
    e = estimate("length_spread", a)
    assert e.low <= e.value <= e.high
    assert e.value == pytest.approx(abs(a[2].mean() - a[3].mean()))
    same = compare("length", a, a)
    assert (same.value, same.low, same.high) == (0, 0, 0)
    longer = compare("length", {p: v + 1 for p, v in a.items()}, a)
    assert longer.value == pytest.approx(1) and longer.low == pytest.approx(1)


def test_declared_tunables_are_options_the_game_plays() -> None:
    garrison = get("garrison")
    assert garrison.new(players=3, seed=1).target == 30  # type: ignore[attr-defined]
    assert garrison.new(players=3, seed=1, options={"target": 45}).target == 45  # type: ignore[attr-defined]
    crown = get("crown-rivals")
    assert crown.new(seed=1, options={"start_influence": 70}).influence == [70, 70]  # type: ignore[attr-defined]
    params = space(garrison, [], [2, 4, 6], {})
    assert [p.name for p in params] == ["target@2", "target@4", "target@6"]
    assert [p.text_value(garrison) for p in params] == [30, 30, 20]  # the text's table
    jokers = space(garrison, ["jokers", "retake_joker"], [4], {})
    assert [p.choices for p in jokers] == [(0, 1, 2), (False, True)]
    with pytest.raises(OptionError, match="Searchable: target"):
        space(garrison, ["max_rounds"], [4], {})
    with pytest.raises(OptionError, match="both set"):
        space(garrison, ["jokers"], [4], {"jokers": 0})
    assert players_list(garrison, "2-4,6") == [2, 3, 4, 6]
    with pytest.raises(OptionError):
        players_list(garrison, "1-3")


ARGS = [
    "lab", "tune", "garrison", "--players", "2-3", "--goal", "length_spread=min",
    "--goal", "length=2..3", "-n", "4", "--confirm", "4", "--jobs", "1",
]  # fmt: skip


def test_a_tune_starts_from_the_text_finds_a_front_replays_the_best_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "tune"
    first = runner.invoke(app, [*ARGS, "--trials", "3", "--out", str(out)])
    assert first.exit_code == 0, first.output
    result = json.loads((out / "tune.json").read_text())
    assert len(result["trials"]) == 3
    assert result["trials"][0]["label"] == "target@2=30 target@3=30"  # the text's, first
    assert result["front"] and result["best"]["trial"] in result["front"]
    for m in result["best"]["measures"].values():
        assert m["low"] <= m["value"] <= m["high"]
    assert set(result["confirm"]["difference"]) == {"length_spread", "length"}
    text = (out / "tune.md").read_text()
    assert "## Pareto front" in text and "fresh games" in text and "(the text)" in text
    assert "(pareto.png)" in text and (out / "pareto.png").read_bytes()[:4] == b"\x89PNG"
    # resuming: only the missing trial is tried, the text's games are not replayed
    played: list[int] = []
    run = execute.run

    def counting(folder: Any, plan: Any, **kw: Any) -> int:
        n = run(folder, plan, **kw)
        played.append(n)
        return n

    monkeypatch.setattr(execute, "run", counting)
    again = runner.invoke(app, [*ARGS, "--trials", "4", "--out", str(out)])
    assert again.exit_code == 0, again.output
    assert again.output.count("trial ") == 1
    assert len(json.loads((out / "tune.json").read_text())["trials"]) == 4
    assert sum(played) <= 2 * 4  # at most the new trial's games, at two player counts
    other = runner.invoke(app, [*ARGS, "-n", "5", "--trials", "4", "--out", str(out)])
    assert other.exit_code != 0 and "other settings" in other.output


def test_a_bot_that_does_not_exist_is_named_before_the_tune_s_folder_is_made(
    tmp_path: Path,
) -> None:
    """A misspelt bot made the study (with its settings) before it failed, so
    the same command with the name put right was refused ("holds a tune with
    other settings") in that folder."""
    out = tmp_path / "tune"
    wrong = runner.invoke(app, [*ARGS, "--bots", "norml", "--trials", "1", "--out", str(out)])
    assert wrong.exit_code == 2
    assert "no bot 'norml'" in wrong.output and "normal" in wrong.output
    assert not out.exists()
    right = runner.invoke(app, [*ARGS, "--trials", "1", "--confirm", "0", "--out", str(out)])
    assert right.exit_code == 0, right.output


def test_a_tune_plays_on_the_cluster_it_is_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    where: list[str | None] = []
    run = execute.run

    def recording(
        folder: Any, plan: Any, jobs: int = 1, cluster: str | None = None, **kw: Any
    ) -> int:
        where.append(cluster)
        return run(folder, plan, jobs=jobs, cluster=None, **kw)

    monkeypatch.setattr(execute, "run", recording)
    args = ["lab", "tune", "crown-rivals", "--goal", "first_player_edge=0", "-n", "2"]
    result = runner.invoke(
        app, [*args, "--trials", "2", "--cluster", "tcp://h:8786", "--out", str(tmp_path / "c")]
    )
    assert result.exit_code == 0, result.output
    assert where and set(where) == {"tcp://h:8786"}
    text = (tmp_path / "c" / "tune.md").read_text()
    assert "start_influence=50" in text
    result = json.loads((tmp_path / "c" / "tune.json").read_text())
    if not result["text_is_best"]:  # two games cannot show a variant clearly better
        assert "not clearly better than the text at any goal" in text


def test_a_verdict_is_clear_only_when_the_whole_interval_is() -> None:
    from courtly.lab.tunereport import verdict

    low = parse_goal("length_spread=min")
    assert verdict(low, {"value": -0.2, "low": -0.3, "high": -0.1}).startswith("clearly better")
    assert verdict(low, {"value": -0.2, "low": -0.3, "high": 0.1}).startswith("not clearly")
    assert verdict(parse_goal("decisiveness=max"), {"value": 1, "low": 0.5, "high": 2}).startswith(
        "clearly better"
    )
    assert verdict(parse_goal("length=2..3"), {"value": 0, "low": 0, "high": 0}).startswith(
        "as good"
    )


def test_a_trial_that_misses_a_range_goal_says_so_in_its_column() -> None:
    """Garrison's tune listed trial 13 on its front, spread 0.82 "clearly
    better", length 2.43 [2.30, 2.55], with no word that 2.43 misses the
    2.5..3.5 rounds asked for: the reason trial 12 was chosen."""
    from courtly.lab.tunereport import _cell

    length = parse_goal("length=2.5..3.5")
    assert _cell(length, {"value": 2.43, "low": 2.30, "high": 2.55}).endswith(", misses it")
    assert _cell(length, {"value": 2.51, "low": 2.38, "high": 2.63}) == "2.51 [2.38, 2.63]"
    spread = parse_goal("length_spread=min")
    assert "misses" not in _cell(spread, {"value": 9.0, "low": 8.0, "high": 10.0})
    edge = parse_goal("first_player_edge=0")  # a value is never met exactly
    assert "misses" not in _cell(edge, {"value": 0.03, "low": -0.01, "high": 0.07})


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_every_option_is_in_its_game_s_rules_table(game_id: str) -> None:
    """The lab tells designers to use `-o target=45` and `-o start_influence=60`;
    Garrison's and Crown Rivals' RULES.md left those options out."""
    game = get(game_id)
    text = (Path(sys.modules[type(game).__module__].__file__ or "").parent / "RULES.md").read_text()
    table = text.split("## Options", 1)[1].split("\n## ", 1)[0]
    listed = set(re.findall(r"^\| `?([a-z_]+)`? *\|", table, flags=re.M))
    assert set(game.Options.model_fields) <= listed
