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
from courtly.lab.tune import players_list
from courtly.lab.tunespace import space

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


def test_a_reversed_player_range_is_refused_before_any_game() -> None:
    """``--players 5-3`` once meant no player count at all: a tune of nothing,
    whose report said its goal was "perhaps reached" on an interval of nan."""
    with pytest.raises(OptionError, match=re.escape("(3-5, not 5-3)")):
        players_list(get("garrison"), "5-3")
    said = runner.invoke(
        app,
        ["lab", "tune", "garrison", "--goal", "length=2..4", "--players", "5-3"],
    )
    words = " ".join(said.output.split())
    assert said.exit_code == 2 and "3-5, not 5-3" in words and "nan" not in words


def test_a_goal_no_game_could_meet_is_refused_with_what_the_measure_can_be() -> None:
    for bad, words in (
        ("ties=2", "ties is a share of games, from 0 to 1"),
        ("length=-3..-1", "length is a length, 0 or more"),
        ("drama=1.5..3", "drama is from 0 to 1"),
        ("first_player_edge=nan", "could never be met"),
    ):
        with pytest.raises(OptionError, match=re.escape(words)):
            parse_goal(bad)
    assert parse_goal("ties=0..2").high == 2  # part of it can be met: the search may try
    assert parse_goal("length_spread=-2..0").low == -2  # a spread may run either way
    with pytest.raises(OptionError, match="the tune plays only 4"):
        parse_goals(["length_spread=min"], [4])
    assert parse_goals(["length_spread=min"], [2, 4])[0].measure == "length_spread"


def test_an_option_set_while_the_game_s_tunables_are_searched_says_how_to_fix_it() -> None:
    """With no --param the tune searches the game's declared tunables: the
    refusal names them rather than a --param the designer never gave."""
    with pytest.raises(OptionError) as refused:
        space(get("garrison"), [], [4], {"target": 40})
    said = str(refused.value)
    assert "with no --param" in said and "(target)" in said and "searched with --param" not in said


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
    played = _count_games(monkeypatch)
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


def _answer(md: str) -> str:
    return md.split("## The answer\n", 1)[1].split("\n## ", 1)[0].strip()


def test_the_answer_says_first_that_the_goal_is_missed_and_that_the_best_is_at_an_edge(
    tmp_path: Path,
) -> None:
    """Garrison's tune toward 8..10 rounds at 4 players said "The best variant
    found: target@4=50 ... clearly better than the text" when 50 gave 7.33
    rounds: a designer read the goal as met. Here no target the game declares
    (15..60) gives 20 rounds: the answer must say so first, and that the best
    lies at the top of the range searched, with how to search past it."""
    out = tmp_path / "t"
    args = ["lab", "tune", "garrison", "--players", "4", "--goal", "length=20..30"]
    said = runner.invoke(
        app,
        [*args, "-n", "8", "--confirm", "8", "--trials", "10", "--jobs", "1", "--out", str(out)],
        env={"COURTLY_WIDTH": "300"},  # a line each, unwrapped
    )
    assert said.exit_code == 0, said.output
    answer = _answer((out / "tune.md").read_text())
    first = answer.split("\n\n", 1)[0]
    assert first.startswith("**Not reached: `length=20..30`.**"), answer
    assert "misses it" in first and "8 fresh games" in first
    assert re.search(r"`length=20\.\.30`: not met: [\d.]+ \[[\d.]+, [\d.]+\] rounds, below", answer)
    edge = (
        "`target@4=60` is at the top of the range searched (15..60 in steps of 5, as Garrison "
        "declares it): a better variant may lie past it. To search past it: "
        "`--param target@4=60..105`"
    )
    assert edge in answer
    assert answer.index("Not reached") < answer.index("The best variant found")
    assert ", yet the goal is not met" in answer or "clearly better" not in answer
    assert "length=20..30 on 8 fresh games: not met:" in said.output
    assert (
        "target@4=60 is at the top of the range searched (15..60 in steps of 5, as Garrison "
        "declares it); search past it: --param target@4=60..105"
    ) in said.output
    result = json.loads((out / "tune.json").read_text())
    assert result["best"]["label"] == "target@4=60"
    assert result["reached"] == {"length": "missed"}


def test_a_range_of_one_s_own_is_searched_and_a_bad_one_refused(tmp_path: Path) -> None:
    """`--param` took only names, so a designer whose best sat at the game's
    declared end had no way to search past it."""
    garrison = get("garrison")
    one = space(garrison, ["target@4=30..80"], [2, 4], {})
    assert [(p.name, p.low, p.high, p.step) for p in one] == [("target@4", 30, 80, 5)]
    every = space(garrison, ["target=30..80"], [2, 4], {})
    assert [(p.name, p.low, p.high) for p in every] == [("target@2", 30, 80), ("target@4", 30, 80)]
    mixed = space(garrison, ["target", "target@4=50..80"], [2, 4], {})
    assert [(p.name, p.low, p.high, p.spec) for p in mixed] == [
        ("target@2", 15, 60, "target@2"),
        ("target@4", 50, 80, "target@4=50..80"),
    ]
    crown = get("crown-rivals")
    assert [(p.low, p.high) for p in space(crown, ["start_influence=40..60"], [2], {})] == [
        (40, 60)
    ]
    for bad, words in [
        ("target=80..30", "low end is above its high end"),
        ("target=30..82", "steps target by 5"),
        ("target=30-80", "LOW..HIGH in whole numbers"),
        ("target=a..b", "LOW..HIGH in whole numbers"),
        ("target@7=30..40", "the tune plays 2, 4 players, not 7"),
        ("target=-5..20", "does not take target=-5"),
        ("target=0..20", "target=0 means the text's own value"),
        ("jokers=0..1", "jokers is a choice option (0, 1, 2): name it alone"),
    ]:
        with pytest.raises(OptionError, match=re.escape(words)):
            space(garrison, [bad], [2, 4], {})
    with pytest.raises(OptionError, match="one number at every player count"):
        space(crown, ["start_influence@2=40..60"], [2], {})
    with pytest.raises(OptionError, match="twice"):
        space(garrison, ["target@4", "target@4=30..40"], [4], {})
    out = tmp_path / "r"
    said = runner.invoke(
        app,
        ["lab", "tune", "garrison", "--players", "4", "--goal", "length=max", "--param",
         "target@4=30..40", "-n", "3", "--confirm", "0", "--trials", "3", "--jobs", "1",
         "--out", str(out)],
    )  # fmt: skip
    assert said.exit_code == 0, said.output
    result = json.loads((out / "tune.json").read_text())
    assert sorted(r["label"] for r in result["trials"]) == [f"target@4={v}" for v in (30, 35, 40)]
    assert result["settings"]["params"] == ["target@4=30..40"]
    text = (out / "tune.md").read_text()
    assert "Searched: `target@4` 30..40 in steps of 5; 3 variants in all." in text
    assert result["best"]["label"] == "target@4=40"  # the longest games: at the range's top
    assert "(30..40 in steps of 5, given with --param)" in text
    assert "`--param target@4=40..50`" in text
    bad = runner.invoke(app, ["lab", "tune", "garrison", "--goal", "length=max", "--param",
                              "target=30..82", "--out", str(tmp_path / "b")])  # fmt: skip
    assert bad.exit_code == 2 and "steps target by 5" in bad.output
    assert not (tmp_path / "b").exists()
    helped = runner.invoke(app, ["lab", "tune", "--help"], env={"COLUMNS": "200"})
    assert "target@4=30..80" in helped.output


def _tune(out: Path, trials: int, *extra: str) -> Any:
    args = ["lab", "tune", "garrison", "--players", "4", "--goal", "length=8..10", "-n", "3",
            "--confirm", "0", "--jobs", "1", *extra]  # fmt: skip
    said = runner.invoke(
        app, [*args, "--trials", str(trials), "--out", str(out)], env={"COURTLY_WIDTH": "300"}
    )
    assert said.exit_code == 0, said.output
    return said


def test_no_variant_is_tried_twice_and_the_search_stops_when_every_one_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Garrison's tune of target@4 (10 variants) spent 4 of its 8 trials on a
    variant already tried: Optuna's TPE draws integers again."""
    said = _tune(tmp_path / "a", 8)
    labels = [r["label"] for r in json.loads((tmp_path / "a" / "tune.json").read_text())["trials"]]
    assert len(labels) == 8 and len(set(labels)) == 8, labels
    listed = re.findall(r"^trial (\d+): (\S+):", said.output, flags=re.M)
    assert [int(n) for n, _ in listed] == list(range(8))  # numbered as tried, no gaps
    assert [v for _, v in listed] == labels
    assert "8 of the 10 variants of target@4 tried" in said.output
    # reproducible from the seed: the same command elsewhere tries the same, in order
    _tune(tmp_path / "b", 8)
    again = json.loads((tmp_path / "b" / "tune.json").read_text())["trials"]
    assert [r["label"] for r in again] == labels
    # resumed with more trials than variants: the two left, then a stop, said
    said = _tune(tmp_path / "a", 12)
    result = json.loads((tmp_path / "a" / "tune.json").read_text())
    labels = [r["label"] for r in result["trials"]]
    assert len(labels) == 10 and len(set(labels)) == 10
    assert said.output.count("trial ") == 2
    assert "all 10 variants of target@4 tried: the search stopped at 10 of the 12 trials asked" in (
        said.output
    )
    assert result["search"]["exhausted"]
    assert "All 10 variants of target@4 tried" in (tmp_path / "a" / "tune.md").read_text()
    # and rerun once more: nothing left to try, no game played
    played = _count_games(monkeypatch)
    said = _tune(tmp_path / "a", 12)
    assert "trial " not in said.output.replace("trials asked", "") and sum(played) == 0
    # a space no larger than the trials asked: each variant once, then a stop
    said = _tune(tmp_path / "c", 8, "--param", "target@4=35..50")
    labels = [r["label"] for r in json.loads((tmp_path / "c" / "tune.json").read_text())["trials"]]
    assert labels[0] == "target@4=30"  # the text's, outside the range given, first
    assert sorted(labels[1:]) == [f"target@4={v}" for v in (35, 40, 45, 50)]
    assert "all 4 variants of target@4 tried: the search stopped at 5 of the 8 trials asked" in (
        said.output
    )


def test_a_repeated_suggestion_gives_way_to_the_nearest_untried_variant() -> None:
    import random

    from courtly.lab.tune import _key, _nearest_untried

    params = space(get("garrison"), ["target@4=30..60"], [4], {})
    tried = {_key(params, {"target@4": v}): [0.0] for v in (40, 45, 50)}
    near = {
        _nearest_untried(params, {"target@4": 45}, tried, random.Random(s))["target@4"]
        for s in range(20)
    }
    assert near == {35, 55}
    assert _nearest_untried(params, {"target@4": 30}, tried, random.Random(0)) == {"target@4": 30}


def test_a_difference_is_said_in_words() -> None:
    """ "difference in the goal's terms -4.12 [-4.70, -3.45]" said nothing a
    designer could read at a glance."""
    from courtly.lab.tunereport import difference_words, reach_words

    def d(v: float, lo: float, hi: float) -> dict[str, float]:
        return {"value": v, "low": lo, "high": hi}

    length = parse_goal("length=8..10")
    assert difference_words(length, d(-4.12, -4.70, -3.45), "round") == (
        "4.12 rounds closer to 8..10 than the text [3.45, 4.70]"
    )
    assert difference_words(length, d(0.5, 0.1, 0.9), "round") == (
        "0.50 rounds farther from 8..10 than the text [0.10, 0.90]"
    )
    assert difference_words(parse_goal("first_player_edge=0"), d(-0.03, -0.05, -0.01)) == (
        "0.03 closer to 0 than the text [0.01, 0.05]"
    )
    assert difference_words(parse_goal("decisiveness=max"), d(0.05, 0.01, 0.09)) == (
        "0.05 more decisiveness than the text [0.01, 0.09]"
    )
    assert difference_words(parse_goal("length_spread=min"), d(-0.16, -0.29, -0.02), "round") == (
        "0.16 rounds less spread in length than the text [0.02, 0.29]"
    )
    assert difference_words(parse_goal("length=2..3"), d(0, 0, 0)) == (
        "as close to 2..3 as the text in every resample"
    )
    assert difference_words(parse_goal("first_player_edge=0"), d(0.0, -0.3, 0.3)) == (
        "as close to 0 as the text to two places (closer by [-0.30, 0.30])"
    )  # never "-0.00 closer"
    assert difference_words(parse_goal("drama=max"), d(-0.001, -0.1, 0.1)) == (
        "the same as the text to two places (difference [-0.10, 0.10])"
    )
    m = {"value": 7.33, "low": 6.64, "high": 8.00}
    assert reach_words(length, m, "round") == "not met: 7.33 [6.64, 8.00] rounds, below 8..10"
    assert reach_words(length, {"value": 9.0, "low": 8.5, "high": 9.5}).startswith("met: ")
    assert reach_words(length, {"value": 9.8, "low": 9.0, "high": 10.6}).startswith(
        "met on the mean, not surely"
    )


def test_the_terminal_and_tune_md_say_the_difference_in_words(tmp_path: Path) -> None:
    out = tmp_path / "w"
    args = ["lab", "tune", "garrison", "--players", "4", "--goal", "length=8..10", "-n", "6",
            "--confirm", "6", "--trials", "3", "--jobs", "1"]  # fmt: skip
    said = runner.invoke(app, [*args, "--out", str(out)], env={"COURTLY_WIDTH": "300"})
    assert said.exit_code == 0, said.output
    assert not json.loads((out / "tune.json").read_text())["text_is_best"]
    assert "in the goal's terms" not in said.output
    assert re.search(r"best against it: [\d.]+ rounds (closer to|farther from) 8\.\.10 than the "
                     r"text \[-?[\d.]+, -?[\d.]+\]", said.output)  # fmt: skip
    text = (out / "tune.md").read_text()
    assert "in the goal's terms" not in text
    assert "| goal | best variant | the text | best against the text | |" in text
    # the game's own name and unit, and a count a designer reads at a glance
    # (it said "# Tuning garrison", "(rounds, years, turns)" and "100000 variants")
    assert text.startswith("# Tuning Garrison\n")
    assert "- `length=8..10`: the mean length of a game, in rounds\n" in text
    assert re.search(r"\| [\d.]+ rounds (closer to|farther from) 8\.\.10 than the text \[", text)


def test_a_tune_interrupted_in_its_first_trial_still_starts_from_the_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The text's variant was queued once, when the study was made: a tune
    stopped during that first trial resumed without it."""
    run = execute.run

    def interrupted(folder: Any, plan: Any, **kw: Any) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(execute, "run", interrupted)
    args = ["lab", "tune", "garrison", "--players", "4", "--goal", "length=8..10", "-n", "3",
            "--confirm", "0", "--jobs", "1", "--trials", "3", "--out", str(tmp_path / "i")]  # fmt: skip
    stopped = runner.invoke(app, args)
    assert stopped.exit_code == 130 and "rerun the same command to resume" in stopped.output
    monkeypatch.setattr(execute, "run", run)
    resumed = runner.invoke(app, args)
    assert resumed.exit_code == 0, resumed.output
    trials = json.loads((tmp_path / "i" / "tune.json").read_text())["trials"]
    assert trials[0]["label"] == "target@4=30" and len({r["label"] for r in trials}) == 3


def _count_games(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The games each lab run plays from now on (``execute.run``'s count), in order."""
    played: list[int] = []
    run = execute.run

    def counting(folder: Any, plan: Any, **kw: Any) -> int:
        n = run(folder, plan, **kw)
        played.append(n)
        return n

    monkeypatch.setattr(execute, "run", counting)
    return played


def test_a_large_space_is_counted_with_thousands_separated() -> None:
    """Garrison's five targets make 100,000 variants; the report said
    "60 of the 100000 variants", a figure to count the zeros of."""
    from courtly.lab.tunereport import search_words

    search = {"exhausted": False, "tried": 60, "variants": 100_000, "space": "target@2 × target@3"}
    assert search_words(search, 60) == "60 of the 100,000 variants of target@2 × target@3 tried"
