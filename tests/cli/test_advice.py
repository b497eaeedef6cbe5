"""Hints at ``courtly play`` and ``courtly review``, driven as a user would."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from courtly.bots import review as advice
from courtly.bots.evaluation import outcome_for
from courtly.bots.ismcts import ISMCTS, Analysis, MoveValue
from courtly.cli.app import app
from courtly.cli.play import TerminalTable
from courtly.engine import text
from courtly.engine.actions import Action
from courtly.engine.records import Record, read_records
from courtly.games import get
from tests import searches
from tests.games.garrison.scenario import smuggler_loop

runner = CliRunner()
QUICK = ["-o", "turn_limit=8"]


def run(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input, catch_exceptions=False)


def recording(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, list[Action]]]:
    """``ISMCTS.search`` noting what it is given (then searching as ever)."""
    calls: list[tuple[Any, list[Action]]] = []
    real = ISMCTS.search

    def search(
        bot: ISMCTS, observation: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Analysis:
        calls.append((observation, list(legal)))
        return real(bot, observation, legal, rng)

    monkeypatch.setattr(ISMCTS, "search", search)
    return calls


def test_hint_at_the_prompt_shows_the_best_moves_from_the_seats_observation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = recording(monkeypatch)
    result = run(
        "play",
        "crown-rivals",
        "--seats",
        "human,normal",
        "--seed",
        "2",
        "--think",
        "0.05",
        *QUICK,
        input="help\nhint\nquit\n",
    )
    assert result.exit_code == 0, result.stdout
    out = result.stdout
    assert "'hint' asks the hard bot's search" in " ".join(out.split())  # in the help
    assert "Hint: the hard search" in out and "chance" in out and "tries" in out
    # the search was asked once, with exactly the seat's observation and legal actions
    game = get("crown-rivals")
    start = game.new(players=2, seed=2, options={"turn_limit": 8})
    assert len(calls) == 1
    observation, legal = calls[0]
    assert type(observation) is dict and observation == start.observation(0)
    assert legal == start.legal_actions(0)
    # the moves it prints are legal moves, each in words, with what to type
    # (its number among the moves, or its notation) and a chance in percent
    rows = [line for line in out.splitlines() if line.startswith("│ ") and "%" in line]
    assert 1 <= len(rows) <= advice.HINT_MOVES
    for row in rows:
        number, words, notation, chance, _ = (c.strip() for c in row.strip("│ ").split("│"))
        move = legal[int(number) - 1]  # typing the number plays this very move
        assert notation == move.notation and chance.endswith("%")
        assert words == text.plain(move.words()) and words != notation


@pytest.mark.parametrize("tries", [3, 40])
def test_a_hint_from_few_tries_says_its_chances_are_rough(
    monkeypatch: pytest.MonkeyPatch, tries: int
) -> None:
    monkeypatch.setattr(ISMCTS, "search", searches.thin(tries))
    result = run(
        "play", "crown-rivals", "--seats", "human,normal", "--seed", "2", *QUICK,
        input="hint\nquit\n",
    )  # fmt: skip
    said = " ".join(result.stdout.split())
    assert "Hint: the hard search" in said
    assert ("Few tries" in said) == (tries < advice.FEW_TRIES)
    assert ("not at the game's end" in said) == (tries < advice.FEW_TRIES)


def test_a_hint_s_heading_gives_no_count_of_tries_below_its_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the tree tried 2 times in all, while each move was played out 40 times
    # (the guard's worlds count in a move's tries)
    few = searches.thin(40)

    def search(*args: Any) -> Analysis:
        analysis = few(*args)
        return Analysis(moves=analysis.moves, iterations=2, seconds=analysis.seconds)

    monkeypatch.setattr(ISMCTS, "search", search)
    result = run(
        "play", "crown-rivals", "--seats", "human,normal", "--seed", "2", *QUICK,
        input="hint\nquit\n",
    )  # fmt: skip
    heading = next(line for line in result.stdout.splitlines() if "Hint: the hard search" in line)
    assert "tries" not in heading and " 2 " not in heading


def test_a_hint_does_not_play_a_move() -> None:
    result = run(
        "play",
        "crown-rivals",
        "--seats",
        "human,normal",
        "--seed",
        "2",
        "--think",
        "0.05",
        *QUICK,
        input="hint\nhint\nquit\n",
    )
    assert result.exit_code == 0
    assert result.stdout.count("Hint: the hard search") == 2
    assert "Game abandoned" in result.stdout


def _record(tmp_path: Path) -> Path:
    out = tmp_path / "games.jsonl"
    result = run(
        "sim", "crown-rivals", "-n", "1", "--bots", "normal,random", *QUICK, "--out", str(out)
    )
    assert result.exit_code == 0
    return out


def test_review_judges_each_decision_of_the_seat(tmp_path: Path) -> None:
    file = _record(tmp_path)
    result = run("review", str(file), "--seat", "1", "--think", "0.05")
    assert result.exit_code == 0, result.stdout
    out = result.stdout
    assert "Review of P1" in out and "P1's decisions" in out
    assert "search's best" in out and "loss" in out
    assert re.search(r"costly decisions? \(loss 0\.1 or more\)", out) and "total loss" in out
    # a chance here is a result on the scale from last to first (Crown Rivals ranks)
    assert "100% = first place, 0% = last" in " ".join(out.split())
    record = read_records(file)[0]
    found, forced = advice.decisions(record, 1)
    assert found and f"forced moves skipped: {forced}." in out
    assert f"of {len(found)}; total loss" in out
    rows = [line.split("│") for line in out.splitlines() if line.startswith("│ ")]
    steps = [row[1].strip() for row in rows if row[1].strip()]  # a long move wraps its row
    assert steps == [str(d.index + 1) for d in found]
    # each move is in words: "Play A♣", "Cash 2♥ for currency", never "play AC"
    notations = {a.notation.lower() for a in get("crown-rivals").actions}
    played = [row[2].strip() for row in rows if row[1].strip()]
    assert played and not notations & {p.lower() for p in played}
    assert all(p[:1].isupper() for p in played)


def test_review_flags_costly_decisions_and_totals_the_loss(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A search that rates the first legal move 0.9 and every other 0.3: each
    decision where another move was played loses 0.6 and is flagged."""

    def rated(
        bot: ISMCTS, observation: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Analysis:
        moves = [MoveValue(legal[0], 10, 0.9)] + [MoveValue(a, 5, 0.3) for a in legal[1:]]
        return Analysis(moves=moves, iterations=10 + 5 * (len(legal) - 1), seconds=0.0)

    monkeypatch.setattr(ISMCTS, "search", rated)
    file = _record(tmp_path)
    record = read_records(file)[0]
    found, _ = advice.decisions(record, 0)
    costly = [d for d in found if d.played != d.legal[0]]
    assert costly and len(costly) < len(found)  # the game has both kinds
    result = run("review", str(file), "--seat", "0")
    assert result.exit_code == 0, result.stdout
    out = result.stdout
    assert out.count("costly") == len(costly) + 1  # each flag, and the summary
    word = "decision" if len(costly) == 1 else "decisions"
    assert f"{len(costly)} costly {word} " in out
    assert f"total loss {0.6 * len(costly):.2f}" in out


def test_review_refuses_bad_input_in_one_line(tmp_path: Path) -> None:
    file = _record(tmp_path)
    cases: list[tuple[list[str], str]] = [
        (["review", str(tmp_path / "missing.jsonl"), "--seat", "0"], "cannot read"),
        (["review", str(file), "--seat", "2"], "there is no seat 2"),
        (["review", str(file), "--seat", "0", "--index", "3"], "--index runs 0 to 0"),
    ]
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "crown-rivals", "seed": "x"}')
    cases.append((["review", str(bad), "--seat", "0"], "[[seat, notation], ...]"))
    record = Record.model_validate(json.loads(file.read_text()))
    record.actions = [*record.actions[:3], (0, "buy ZZ")]
    broken = tmp_path / "broken.json"
    broken.write_text(record.to_json())
    cases.append((["review", str(broken), "--seat", "0"], "action 4 of the record"))
    for args, expected in cases:
        result = runner.invoke(app, args, env={"COLUMNS": "400"})
        assert result.exit_code == 2, (args, result.stdout)
        assert expected in result.stderr and "Traceback" not in result.stderr, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_review_of_a_game_left_unfinished_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def rated(
        bot: ISMCTS, observation: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Analysis:
        return Analysis(moves=[MoveValue(a, 5, 0.5) for a in legal], iterations=5, seconds=0.0)

    monkeypatch.setattr(ISMCTS, "search", rated)
    record = read_records(_record(tmp_path))[0]
    record.actions = record.actions[:6]
    record.result = None  # left after six actions
    left = tmp_path / "left.jsonl"
    left.write_text(record.to_json() + "\n")
    result = run("review", str(left), "--seat", "0")
    assert result.exit_code == 0, result.stdout
    said = " ".join(result.stdout.split())
    assert "This game was left before its end, after 6 actions" in said
    finished = run("review", str(_record(tmp_path)), "--seat", "0")
    assert "left before its end" not in finished.stdout


def test_a_hint_says_the_line_a_move_opens(monkeypatch: pytest.MonkeyPatch) -> None:
    state = smuggler_loop()
    legal = state.legal_actions(1)
    garrison = get("garrison")
    line = tuple(
        garrison.parse_action(n) for n in ("upgrade QH with AD", "trade KS for AD", "smuggle 5H")
    )
    fixed = Analysis(
        moves=[MoveValue(line[0], 40, 0.9, line[1:])] + [MoveValue(a, 40, 0.5) for a in legal[:2]],
        iterations=100,
        seconds=0.1,
    )
    monkeypatch.setattr(advice, "analyse", lambda *args: fixed)
    out = Console(file=io.StringIO(), width=200)
    table = TerminalTable(["normal", "human", "normal", "normal"], get("garrison"), state, out)
    table.hint(1, state.observation(1), legal)
    shown = " ".join(out.file.getvalue().split())  # type: ignore[attr-defined]
    assert (
        "Add Q♥ to the keep, paying A♦; then trade K♠ for A♦; then Smuggler: 5♥ from the "
        "discard pile into the keep"
    ) in shown
    # Garrison is a race, valued by the win alone: a chance is the chance of winning
    assert "the chance of winning, as only first place counts in this game" in shown


def test_what_a_chance_means_follows_the_game_s_outcome() -> None:
    """A race valued by the win alone (Garrison's outcome) says the chance of
    winning; a game valued by rank says the result from last place to first."""
    assert "chance of winning" in advice.chance(get("garrison"), 2)
    for game in ("crown-rivals", "agents-of-the-crown", "intrigue", "agincards"):
        for players in (2, 4):
            assert advice.chance(get(game), players) == (
                "the estimated result, 100% = first place, 0% = last"
            )


def test_a_solitaire_hint_says_its_chance_is_of_the_score_not_a_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Agincards alone has no first or last place: its search values a game by
    its score against a par of 250 (``Par``, the game's outcome: 50% at par,
    higher above it), and its hint says so."""
    game = get("agincards")
    for players in (1, 2):
        state = game.new(players=players, seed=2)
        legal = state.legal_actions(0)
        fixed = Analysis(
            moves=[MoveValue(a, 40, 0.9) for a in legal[:3]], iterations=100, seconds=0.1
        )
        monkeypatch.setattr(advice, "analyse", lambda *args, fixed=fixed: fixed)
        out = Console(file=io.StringIO(), width=200)
        seats = ["human", "normal"][:players]
        TerminalTable(seats, game, state, out).hint(0, state.observation(0), legal)
        shown = " ".join(out.file.getvalue().split())  # type: ignore[attr-defined]
        if players == 1:
            assert "first place" not in shown and "last" not in shown
            assert (
                "chance: with that move, the search's reckoning of your chance of beating "
                "a score of 250 (about the normal bot's average), as solitaire has no "
                "places: 50% = a final score of about 250 expected, higher as the "
                "expected score grows"
            ) in shown
        else:  # with others at the table, a place as ever
            assert "the estimated result, 100% = first place, 0% = last" in shown
    # a finished game alone is valued by its score against par as that says
    value = outcome_for(game)
    alone = game.new(players=1, seed=2)
    alone.score[0] = 250  # type: ignore[attr-defined]
    assert value(alone) == [0.5]
    alone.score[0] = 280  # type: ignore[attr-defined]
    assert value(alone)[0] > 0.7
