"""The lab measures how far its searching bot departs from the heuristic's move,
carries it with the games' results, and warns when the search rarely departs
(issue 21: a check with a "stronger" bot that plays normal's moves is no check)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
from typer.testing import CliRunner

from courtly.bots import make
from courtly.bots.guard import Guard, Verdict
from courtly.bots.levels import Hard
from courtly.cli.app import app
from courtly.engine.actions import Action
from courtly.games import get
from courtly.lab import departures
from courtly.lab.collect import observe_game
from courtly.lab.dossiertext import _check
from courtly.lab.report import bots_caution
from courtly.lab.runner import play_game
from courtly.lab.store import LabDir
from tests.lab.test_dossier import dossier

runner = CliRunner()


class Scripted(Hard):
    """A ``hard`` bot whose guard departs from the heuristic at every
    ``every``-th decision it is asked, and plays the first legal move."""

    def __init__(self, every: int) -> None:
        game = get("crown-rivals")
        super().__init__(game, rollout=make("normal", game), guard=Guard())
        self.every = every
        self.asked = 0

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if len(legal) > 1:
            self.asked += 1
            departs = self.asked % self.every == 0
            self.last_verdict = Verdict(legal[0], departs, worlds=12, rollouts=36, decisions=1)
        return legal[0]


def test_a_watched_search_counts_its_choices_and_its_departures() -> None:
    bot = Scripted(every=4)
    watched = departures.watch(bot)
    assert isinstance(watched, departures.Watched)
    two = [Action(0, "pass", "a"), Action(1, "pass", "b")]
    one = [Action(0, "pass", "a")]
    rng = random.Random(0)
    for _ in range(12):
        watched.act({"seat": 0}, two, rng)
    for _ in range(3):  # a forced move is no choice: not counted
        watched.act({"seat": 0}, one, rng)
    assert departures.counts(watched) == (12, 3)
    normal = make("normal", get("crown-rivals"))
    assert departures.watch(normal) is normal and departures.counts(normal) == (None, None)


def test_departures_add_up_by_bot_and_skip_seats_that_do_not_search() -> None:
    rows = [
        {"bot": "hard@600it", "searched": 30, "departed": 3},
        {"bot": "hard@600it", "searched": 10, "departed": 1},
        {"bot": "hard@20it", "searched": 250, "departed": 1},
        {"bot": "normal", "searched": None, "departed": None},
        {"bot": "hard", "seat": 0},  # a run saved before the lab counted
    ]
    found = departures.by_bot(rows)
    assert found == {
        "hard@600it": {"decisions": 40, "departed": 4, "share": 0.1},
        "hard@20it": {"decisions": 250, "departed": 1, "share": 0.004},
    }
    assert departures.caution("hard@600it", found["hard@600it"], "hard@600it") == ""
    warned = departures.caution("hard@20it", found["hard@20it"], "hard@3260it")
    assert warned == (
        "hard@20it played normal's own move in 99.6% of its 250 decisions with a choice: "
        "this check cannot tell them apart; give it more time, e.g. hard@3260it."
    )
    at_its_check = departures.caution("hard@3260it", found["hard@20it"], "hard@3260it")
    assert at_its_check.endswith("give it more time, e.g. a larger budget.")
    assert "in 10.0% of its 40 decisions" in departures.note("hard@600it", found["hard@600it"])
    rivals = get("crown-rivals")
    assert warned in bots_caution(rivals, ["hard@20it"] * 2, found)
    assert warned in bots_caution(rivals, ["hard@20it", "normal"], found)
    assert bots_caution(rivals, ["hard@600it"] * 2, {"hard@600it": found["hard@600it"]}) == ""


def test_watching_a_seat_leaves_its_game_as_it_was() -> None:
    observed = observe_game("crown-rivals", ["hard@10it", "normal"], seed=3)
    plain = play_game("crown-rivals", ["hard@10it", "normal"], seed=3, keep_record=True)
    assert plain.record is not None
    assert observed.record == plain.record.to_json()
    assert observed.searched[1] is None and observed.departed[1] is None
    searched, departed = observed.searched[0], observed.departed[0]
    assert searched is not None and departed is not None and 0 <= departed <= searched
    assert searched > 10  # every decision of seat P0 with a choice


def test_a_lab_run_with_a_tiny_budget_reports_its_departures_and_warns(
    tmp_path: Path,
) -> None:
    out = tmp_path / "run"
    result = runner.invoke(
        app, ["lab", "crown-rivals", "--bots", "hard@10it", "-n", "1", "--jobs", "1",
              "--out", str(out)],
        env={"COLUMNS": "400"},
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "hard@10it played a move other than normal's in 0.0% of its" in result.output
    assert "hard@10it played normal's own move in 100.0% of its" in result.output
    assert "this check cannot tell them apart" in result.output
    page = (out / "report.html").read_text()
    assert "the hard@10it bot in every seat; hard@10it played a move other than normal" in page
    assert "<p class=caution>hard@10it played normal&#x27;s own move in 100.0%" in page
    _, seats = LabDir(out).load()
    assert all(s["searched"] > 0 and s["departed"] == 0 for s in seats)


def test_a_run_saved_before_departures_were_counted_still_loads(tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = runner.invoke(app, ["lab", "crown-rivals", "-n", "2", "--jobs", "1",
                                 "--out", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    seats = pq.read_table(out / "seats.parquet")
    older = seats.drop_columns(["searched", "departed"])
    pq.write_table(older, out / "seats.parquet")
    _, rows = LabDir(out).load()
    assert [r["searched"] for r in rows] == [None] * 4
    assert departures.by_bot(rows) == {}
    assert isinstance(seats, pa.Table)


def _checked(share: float, decisions: int) -> dict[str, Any]:
    e = {"mean": 0.5, "low": 0.4, "high": 0.6}
    return {
        "bot": "hard@600it",
        "departures": {
            "decisions": decisions,
            "departed": round(share * decisions),
            "share": share,
        },
        "games": 40,
        "players": 2,
        "unchecked": [],
        "fair": 0.5,
        "rows": [{"who": "the first player", "weak": e, "strong": e, "verdict": "agree"}],
        "disagree": False,
        "unsure": False,
    }


def test_the_dossier_check_says_how_often_the_strong_bot_left_normal_s_move() -> None:
    departing = "\n".join(_check(_checked(0.2, 5000), "normal", "hard@600it"))
    assert "searches 600 iterations a move and no clock" in departing
    assert "`hard@600it` played a move other than normal's in 20.0% of its 5,000" in departing
    assert "They agree" in departing and "no check" not in departing
    blind = "\n".join(_check(_checked(0.004, 5000), "normal", "hard@600it"))
    assert "**This check is no check.**" in blind and "They agree" not in blind
    assert "played normal's own move in 99.6% of its 5,000 decisions" in blind
    assert "give it more time, e.g. a larger budget" in blind  # hard@600it is the game's
    garrison = "\n".join(_check(_checked(0.004, 5000), "normal", "hard@5000it"))
    assert "give it more time, e.g. `--check-bots hard@5000it`" in garrison


def _dueled(checked: dict[str, Any], won: float, low: float, high: float) -> dict[str, Any]:
    duel = {"mean": won, "low": low, "high": high, "n": 40}
    return {**checked, "duel": {**duel, "stronger": low > 0.5, "weaker": high < 0.5}}


def test_the_duel_not_the_departures_says_whether_the_check_is_a_check() -> None:
    # Crown Rivals' hard at its one-second budget: it leaves normal's move in
    # 3.9% of its decisions, under the 5% warning, and wins 78% against it
    rare = "\n".join(
        _check(_dueled(_checked(0.039, 5000), 0.78, 0.66, 0.87), "normal", "hard@600it")
    )
    assert "no check" not in rare and "They agree" in rare
    assert "It is the stronger bot: in 40 games with `hard@600it` in one seat" in rare
    assert "won 78.0% [66.0, 87.0] of them, where a fair share is 50%" in rare
    # departing often, but no better for it
    level = "\n".join(_check(_dueled(_checked(0.2, 5000), 0.5, 0.35, 0.65), "normal", "hard@600it"))
    assert "**This check is no check.** `hard@600it` is not shown to be the stronger" in level
    assert "not clearly better. Give it more time (" in level
    assert "It is the stronger bot" not in level and "They agree" not in level
    # the game's own check is suggested where another budget was tried: Garrison's
    # hard@600it departs, yet won about as often as normal (22.5% of 40, fair 25%)
    garrison = _check(_dueled(_checked(0.2, 2459), 0.5, 0.35, 0.65), "normal", "hard@5000it")
    assert "not clearly better. Give it more time, e.g. `--check-bots hard@5000it` (" in (
        "\n".join(garrison)
    )
    worse = "\n".join(_check(_dueled(_checked(0.2, 5000), 0.2, 0.1, 0.35), "normal", "hard@600it"))
    assert "it played worse than `normal`" in worse and "no check" in worse


def test_a_dossier_plays_the_duel_that_says_which_bot_is_stronger(tmp_path: Path) -> None:
    text = dossier(
        tmp_path, "crown-rivals", "2", "d", "--bots", "random", "--check-bots", "normal",
        "--check-n", "2", "--duel-n", "6",
    )  # fmt: skip
    assert "and 2 to check with another bot and 6 of that bot against `random`" in text
    assert "It is the stronger bot: in 6 games with `normal` in one seat and `random`" in text
    assert "no check" not in text
    assert "--check-bots normal --check-n 2 --duel-n 6" in text
    weaker = dossier(
        tmp_path, "crown-rivals", "2", "e", "--check-bots", "random", "--check-n", "2",
        "--duel-n", "6",
    )  # fmt: skip
    assert (
        "also played 2 times at 2 players with the `random` bot in every seat (it does not search)"
        in weaker
    )
    assert "**This check is no check.** `random` is not shown to be the stronger bot" in weaker
    assert "Check with a stronger bot, e.g. `--check-bots hard@3260it`" in weaker


def test_a_dossier_checked_with_a_tiny_budget_says_it_is_no_check(tmp_path: Path) -> None:
    text = dossier(
        tmp_path, "crown-rivals", "2", "d", "--check-bots", "hard@10it", "--check-n", "1",
        "--duel-n", "0",
    )  # fmt: skip
    assert (
        "also played once at 2 players with the `hard@10it` bot in every seat (it searches 10"
        in text
    )
    assert "`hard@10it` played a move other than normal's in 0.0% of its" in text
    assert "**This check is no check.** `hard@10it` played normal's own move in 100.0%" in text
