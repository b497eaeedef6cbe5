"""Strength levels and tournaments."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from typer.testing import CliRunner

from courtly.bots import LEVELS, make, names, split_budget, split_think
from courtly.bots.guard import Guard
from courtly.bots.ismcts import ISMCTS
from courtly.bots.levels import HARD_GUARD, HARD_ITERATIONS, guard_for
from courtly.bots.tree import rewards, wins
from courtly.cli.app import app
from courtly.engine import plugins
from courtly.engine.errors import CourtlyError
from courtly.engine.game import Game
from courtly.games import all_games, get
from courtly.lab.tournament import lineups, run_tournament, standings


def test_every_game_offers_every_level_and_greedy() -> None:
    for game in all_games():
        assert set(LEVELS) <= set(names(game)) and "greedy" in names(game)
        for level in LEVELS:
            assert make(level, game) is not None


def test_hard_searches_with_the_heuristic_and_a_time_cap() -> None:
    bot = make("hard", get("crown-rivals"), think=0.5)
    assert isinstance(bot, ISMCTS) and bot.rollout is not None
    assert bot.time_cap is not None and 0.4 <= bot.time_cap <= 0.5


WIDE_GUARD = Guard(candidates=5, steps=40)
"""A guard a test game declares (``test_hard_checks_with_the_guard_its_game_declares``)."""
NOT_A_GUARD = "a guard"


def _declaring(guard: str | None) -> Game:
    """Garrison, declaring ``guard`` as its ``hard`` search's guard."""
    base = type(get("garrison"))

    class Declaring(base):  # type: ignore[valid-type,misc]
        plugins = replace(base.plugins, guard=guard)

    made: Game = Declaring()
    return made


def test_hard_checks_with_the_guard_its_game_declares() -> None:
    declaring = _declaring("tests.bots.test_levels:WIDE_GUARD")
    assert guard_for(declaring) is WIDE_GUARD
    bot = make("hard", declaring)
    assert isinstance(bot, ISMCTS) and bot.guard is WIDE_GUARD
    for game in all_games():  # each game's own, or the level's when it names none
        ref = game.plugins.guard
        own = make("hard", game)
        assert isinstance(own, ISMCTS)
        assert own.guard is (HARD_GUARD if ref is None else plugins.load(ref))
    with pytest.raises(CourtlyError, match="is not a Guard"):
        make("hard", _declaring("tests.bots.test_levels:NOT_A_GUARD"))


def test_hard_values_a_finished_game_as_its_game_declares() -> None:
    # GAR-10: a Garrison game has a winner and no other place, so its search
    # values a finished game by the win alone; a game that names no outcome
    # values it by rank.
    garrison = get("garrison")
    bot = make("hard", garrison)
    assert isinstance(bot, ISMCTS) and bot.outcome is wins
    other = make("hard", get("crown-rivals"))
    assert isinstance(other, ISMCTS) and other.outcome is rewards
    state = garrison.new(seed=5)
    rng = random.Random(5)
    while not state.over:
        state.apply(state.to_act[0], state.random_action(state.to_act[0], rng), quiet=True)
    first = state.winners
    values = wins(state)
    assert sum(values) == pytest.approx(1.0)
    assert all(values[s] == pytest.approx(1 / len(first)) for s in first)
    assert all(values[s] == 0.0 for s in range(state.players) if s not in first)
    assert sum(1 for v in rewards(state) if v > 0) > len(first)  # by rank, second place counts


def test_unknown_bot_lists_the_valid_ones() -> None:
    with pytest.raises(CourtlyError, match="easy, normal, hard"):
        make("genius", get("crown-rivals"))


@pytest.mark.parametrize(
    "bots, players",
    [
        (["a", "b"], 2),
        (["a", "b", "c"], 2),
        (["a", "b", "c", "d"], 4),
        (["a", "b"], 4),
        (["a", "b", "c"], 4),
    ],
)
def test_seats_rotate_fairly(bots: list[str], players: int) -> None:
    cycle = lineups(bots, players)
    for seat in range(players):
        counts = Counter(lineup[seat] for lineup in cycle)
        assert set(counts) == set(bots) and len(set(counts.values())) == 1, counts


def test_a_tournament_ranks_the_levels_in_order() -> None:
    results = run_tournament("crown-rivals", ["normal", "random"], 2, 40, seed=3)
    table = {s.bot: s for s in standings(results, ["normal", "random"], 2)}
    assert table["normal"].win_share.mean > 0.75
    assert table["normal"].mu > table["random"].mu
    assert table["normal"].seat_games == table["random"].seat_games == 40


def test_tournament_command(tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "t.jsonl"
    result = CliRunner().invoke(
        app,
        [
            "tournament",
            "crown-rivals",
            "--bots",
            "normal,easy,random",
            "-n",
            "12",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.stdout
    assert "rating" in result.stdout and "win share" in result.stdout
    assert len(out.read_text().splitlines()) == 12
    bad = CliRunner().invoke(app, ["tournament", "crown-rivals", "--bots", "random"])
    assert bad.exit_code == 2 and "at least two" in bad.stderr


def test_a_bot_named_twice_sits_twice_and_stands_once() -> None:
    # hard,greedy,greedy,greedy style: one seat of the first bot against three.
    bots = ["normal", "random", "random", "random"]
    results = run_tournament("garrison", bots, 4, 8, seed=1)
    assert all(r.bots.count("normal") == 1 for r in results)
    assert [r.bots.index("normal") for r in results] == [0, 3, 2, 1] * 2  # every seat in turn
    table = standings(results, bots, 4)
    assert [s.bot for s in table].count("random") == 1
    by_bot = {s.bot: s for s in table}
    assert by_bot["normal"].seat_games == 8 and by_bot["random"].seat_games == 24


def test_the_tournament_command_keeps_a_bot_named_twice() -> None:
    result = CliRunner().invoke(
        app, ["tournament", "garrison", "--bots", "normal,random,random,random", "-n", "4"]
    )
    assert result.exit_code == 0, result.stdout
    rows = [line for line in result.stdout.splitlines() if "random" in line]
    assert len(rows) == 1 and "12" in rows[0]  # three seats in each of four games


def test_a_searching_level_named_with_seconds_thinks_that_long() -> None:
    game = get("crown-rivals")
    bot = make("hard@0.3", game, think=2.0)  # the name's own time wins over the table's
    assert isinstance(bot, ISMCTS) and bot.name == "hard@0.3"
    assert bot.time_cap == pytest.approx(0.27)
    long = make("HARD@3", game)
    assert isinstance(long, ISMCTS) and long.time_cap == pytest.approx(2.7)
    # the iteration ceiling grows with the time, so the clock still ends a long search
    assert long.iterations == 3 * HARD_ITERATIONS
    plain = make("hard", game, think=0.5)
    assert (
        isinstance(plain, ISMCTS) and plain.name == "hard" and plain.iterations == HARD_ITERATIONS
    )


@pytest.mark.parametrize(
    "name, message",
    [
        ("normal@1", "'normal' is not one"),
        ("greedy@0.5", "'greedy' is not one"),
        ("genius@1", "'genius' is not one"),
        ("hard@", "seconds from 0.01 to 60"),
        ("hard@fast", "seconds from 0.01 to 60, e.g. hard@0.3 (or iterations, e.g. hard@600it)"),
        ("hard@0", "not '0'"),
        ("hard@-1", "not '-1'"),
        ("hard@inf", "not 'inf'"),
        ("hard@nan", "not 'nan'"),
        ("hard@61", "not '61'"),
    ],
)
def test_a_bad_thinking_time_is_refused_with_what_is_allowed(name: str, message: str) -> None:
    with pytest.raises(CourtlyError, match=r"hard@SECONDS|seconds from") as err:
        make(name, get("crown-rivals"))
    assert message in str(err.value)
    assert split_think("hard@0.5") == ("hard", 0.5) and split_think(" Normal ") == ("normal", None)


def test_a_searching_level_named_with_iterations_searches_that_many_with_no_clock() -> None:
    game = get("crown-rivals")
    bot = make("hard@40it", game, think=2.0)  # the name's own budget wins over the table's
    assert isinstance(bot, ISMCTS) and bot.name == "hard@40it"
    assert bot.iterations == 40 and bot.time_cap is None and bot.seconds is None
    assert split_budget("HARD@600it") == ("hard", None, 600)
    assert split_think("hard@600it") == ("hard", None)
    # no clock: the same seed gives the same game however loaded the machine
    games = []
    for _ in range(2):
        state = game.new(seed=3)
        seats = [make("hard@40it", game), make("normal", game)]
        rng = random.Random(7)
        moves = []
        for _ in range(60):
            if state.over:
                break
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            action = seats[seat].act(state.observation(seat), legal, rng)
            moves.append(action.id)
            state.apply(seat, action)
        games.append(moves)
    assert games[0] == games[1] and len(games[0]) == 60


@pytest.mark.parametrize(
    "name, message",
    [
        ("hard@5it", "from 10 to 1,000,000 followed by it"),
        ("hard@1.5it", "not '1.5it'"),
        ("hard@it", "not 'it'"),
        ("normal@600it", "'normal' is not one"),
    ],
)
def test_bad_iterations_are_refused_with_what_is_allowed(name: str, message: str) -> None:
    with pytest.raises(CourtlyError) as err:
        make(name, get("crown-rivals"))
    assert message in str(err.value)
