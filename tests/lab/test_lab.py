"""The lab end to end: same games as the runner, sweeps, bad input, reports."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from courtly.cli.app import app
from courtly.engine.records import Record, read_records, replay
from courtly.games import all_games, get
from courtly.lab import execute, report
from courtly.lab.collect import observe_game
from courtly.lab.report import build
from courtly.lab.runner import play_game
from courtly.lab.store import LabDir

runner = CliRunner()


def cli(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), catch_exceptions=False)


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_a_lab_game_is_the_runner_s_game(game_id: str) -> None:
    game = get(game_id)
    bots = ["greedy"] * game.default_players
    seen = observe_game(game_id, bots, 3)
    ran = play_game(game_id, bots, 3, keep_record=True)
    assert ran.record is not None
    assert Record.from_json(seen.record).actions == ran.record.actions
    assert seen.scores == ran.scores and seen.winners == ran.winners
    assert seen.decisions == ran.decisions == len(seen.standings) - 1
    assert seen.standings[-1] == seen.scores
    # progress: the first unit of the curve reaches the game's final count
    _unit, last = next(iter(seen.length.items()))
    assert last >= 1 and len(seen.curve) == last
    assert seen.curve[-1] == seen.scores
    assert sum(seen.events.values()) >= seen.decisions // 2  # events are counted


def test_progress_never_goes_back() -> None:
    game = get("garrison")
    state = game.new(players=3, seed=5)
    import random

    rng = random.Random(5)
    last = game.progress(state)
    assert last == {"round": 1, "turn": 1}
    while not state.over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        now = game.progress(state)
        assert all(now[k] >= last[k] for k in now)
        last = now
    assert last["round"] == (last["turn"] - 1) // 3 + 1


def test_a_sweep_detects_garrison_s_length_option(tmp_path: Path) -> None:
    out = tmp_path / "sweep"
    # ``courtly lab GAME`` is short for ``courtly lab run GAME``
    result = cli(
        "lab", "garrison", "--players", "2", "--bots", "greedy", "-n", "30",
        "--vary", "length=quick,long", "--jobs", "1", "--out", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    quick, long = summary["variants"]
    assert quick["label"] == "length=quick" and long["label"] == "length=long"
    assert long["length"]["round"]["mean"] > quick["length"]["round"]["mean"]
    rows = {r["metric"]: r for r in long["versus_baseline"]}
    assert rows["length (rounds)"]["p"] < 0.01
    assert rows["length (rounds)"]["test"] == "Welch t"
    assert rows["seat P0 win share"]["test"] == "two-proportion z"
    assert rows["top score tied"]["test"] == "two-proportion z"
    assert 0 <= quick["tie_broken"]["mean"] <= quick["tied"]["mean"] <= 1
    # the events named for designers lead; the others are folded away
    assert rows["market draws per game"]["minor"] is False
    assert rows["end_turn per game"]["minor"] is True
    # the same seeds in both variants
    games = LabDir(out).load()[0]
    assert sorted(g["seed"] for g in games if g["variant"] == 0) == list(range(30))
    assert sorted(g["seed"] for g in games if g["variant"] == 1) == list(range(30))
    html = (out / "report.html").read_text()
    assert "data:image/png;base64," in html and "http" not in html.split("<body>")[1]
    assert "<details><summary>Every other event" in html

    # the report rebuilds from the raw data alone
    (out / "report.html").unlink()
    (out / "summary.json").unlink()
    again = cli("lab", "report", str(out))
    assert again.exit_code == 0, again.output
    assert json.loads((out / "summary.json").read_text()) == summary

    # every game replays from its record to the stored scores
    records = read_records(out / "records.jsonl")
    for g in games[:: len(games) // 5]:
        state = replay(records[g["record"]], get(records[g["record"]].game))
        assert state.seed == g["seed"] and state.scores == g["scores"]
        assert records[g["record"]].options["length"] == ("quick", "long")[g["variant"]]


@pytest.mark.parametrize(
    ("vary", "says"),
    [
        ("lenght=quick,long", "has no option 'lenght'"),
        ("length=quick,forever", "allowed: quick | medium | long"),
        ("length", "write option=value1,value2"),
        ("length=quick,,long", "an empty value"),
        ("length=quick,quick", "repeated"),
    ],
)
def test_bad_vary_is_refused_clearly(tmp_path: Path, vary: str, says: str) -> None:
    result = cli("lab", "run", "garrison", "--vary", vary, "-n", "2", "--out", str(tmp_path / "x"))
    assert result.exit_code == 2
    assert says in result.output
    assert "Traceback" not in result.output
    if "no option" in says:
        assert "length (quick | medium | long)" in result.output
    assert not (tmp_path / "x").exists()


def test_a_folder_with_other_settings_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "run"
    first = execute.plan("garrison", "random", 4, players=2, seed=0)
    execute.run(LabDir(out), first)
    other = cli("lab", "run", "garrison", "--bots", "random", "--players", "2", "-n", "5",
                "--out", str(out))  # fmt: skip
    assert other.exit_code == 2
    assert "other settings" in other.output and "n: 4 there, 5 now" in other.output
    # the same settings again: nothing to play, the report is rebuilt
    same = cli("lab", "run", "garrison", "--bots", "random", "--players", "2", "-n", "4",
               "--out", str(out))  # fmt: skip
    assert same.exit_code == 0 and "already played" in same.output
    html_path, _, summary = build(out)
    assert html_path.exists() and summary["variants"][0]["games"] == 4


def test_bots_per_seat_and_players_must_agree() -> None:
    result = cli("lab", "run", "garrison", "--bots", "greedy,random", "--players", "3", "-n", "2")
    assert result.exit_code == 2 and "--players 3 but --bots names 2" in result.output


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_every_game_gets_a_report(tmp_path: Path, game_id: str) -> None:
    plan = execute.plan(game_id, "greedy", 4, seed=1)
    execute.run(LabDir(tmp_path / "run"), plan)
    html_path, json_path, summary = build(tmp_path / "run")
    (variant,) = summary["variants"]
    assert variant["games"] == 4
    assert variant["unit"] == next(iter(get(game_id).progress(get(game_id).new(seed=1))))
    assert variant["curve"]["going"][0] == 4
    # Agents of the Crown opens with every House deciding at once: no first player
    assert (variant["first_player"] is None) == (game_id == "agents-of-the-crown")
    assert json.loads(json_path.read_text())["variants"][0]["events"]
    assert html_path.read_text().count("<img") >= 4


def test_a_report_says_which_options_were_in_force(tmp_path: Path) -> None:
    for name, options in (("plain", None), ("set", {"length": "medium", "jokers": 2})):
        plan = execute.plan("garrison", "greedy", 2, seed=1, options=options)
        execute.run(LabDir(tmp_path / name), plan)
    plain = " ".join(build(tmp_path / "plain")[0].read_text().split())
    assert "every option at its default" in plain
    given = " ".join(build(tmp_path / "set")[0].read_text().split())
    assert "options jokers=2, length=medium, the others at their defaults" in given


def test_a_variant_that_changes_nothing_clearly_is_not_labelled_clear(tmp_path: Path) -> None:
    """The run's findings read "[clear: how it plays] jack_value=10 against
    jack_value=11 (the baseline): no measure changes clearly": a label saying
    "clear" on a finding saying nothing is."""
    out = tmp_path / "same"
    result = cli(
        "lab", "crown-rivals", "-n", "20", "--vary", "jack_value=11,10", "--jobs", "1",
        "--out", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "[how it plays: no clear change] jack_value=10 against jack_value=11" in said
    assert "[clear: how it plays] jack_value=10 against" not in said
    html = (out / "report.html").read_text()
    assert "<span class='tag tag-1'>how it plays: no clear change</span>" in html


@pytest.mark.parametrize(
    "command",
    [
        ["lab", "run", "garrison", "-n", "10", "--jobs", "1", "--out"],
        ["lab", "tune", "garrison", "--goal", "length=min", "-n", "5", "--trials", "1", "--out"],
        ["lab", "dossier", "garrison", "-n", "5", "--jobs", "1", "--out"],
        ["lab", "dossier", "garrison", "-n", "5", "--jobs", "1", "--work"],
    ],
)
def test_a_folder_that_cannot_be_written_is_refused_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    def no_game(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(execute, "play_local", no_game)
    monkeypatch.chdir(tmp_path)  # the dossier's other folder, by default, lands here
    afile = tmp_path / "x.file"
    afile.write_text("")
    result = cli(*command, str(afile / "x"))
    assert result.exit_code == 2
    said = "".join(result.output.split())  # a long path may wrap anywhere
    assert "".join(f"cannot write to {afile / 'x'}: {afile} is a file".split()) in said
    assert f"chooseanother{command[-1]}folder" in said
    assert "Traceback" not in result.output


def test_a_folder_the_system_refuses_is_said_plainly(tmp_path: Path) -> None:
    result = cli("lab", "run", "garrison", "-n", "2", "--jobs", "1", "--out", "/proc/courtly-x")
    assert result.exit_code == 2
    said = " ".join(result.output.split())
    assert "cannot write to /proc/courtly-x: /proc does not let a folder or file be made" in said


def test_a_game_of_one_player_count_says_that_count() -> None:
    result = cli("lab", "run", "agents-of-the-crown", "--players", "3", "-n", "2")
    assert result.exit_code == 2
    assert "Agents of the Crown is for 4 players, not 3" in result.output
    tuned = cli("lab", "tune", "agents-of-the-crown", "--players", "3", "--goal", "length=min")
    assert tuned.exit_code == 2
    assert "Agents of the Crown is for 4 players, not 3" in tuned.output
    assert "4 to 4" not in result.output + tuned.output


def test_a_curve_by_round_ticks_whole_rounds_only(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[Any] = []
    monkeypatch.setattr(report, "_fig_html", lambda fig, alt: drawn.append(fig) or "")
    point = {"mean": 10.0, "low": 9.0, "high": 11.0}
    for rounds in (3, 40):
        curve = {"going": [1.0] * rounds, "seats": [[point] * rounds] * 2, "by": "seat"}
        report.plot_curve({"curve": curve, "unit": "round", "label": "text"}, "keep value")
        ticks = list(drawn[-1].axes[0].get_xticks())
        assert ticks and all(t == int(t) and 1 <= t <= rounds for t in ticks)
        assert len(ticks) <= 12
