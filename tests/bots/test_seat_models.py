"""``hard`` meets its table: a seat the table shows as ``random`` or ``easy``
is played so in its search (rollouts, the guard's paired rollouts and the
tree's first tries); every other seat, a person's included, as the heuristic.

A table's bots are public (every viewer is told each seat's bot), so this
reads nothing a seat may not know."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from courtly import bots
from courtly.bots.base import Bot, RandomBot
from courtly.bots.guard import Guard
from courtly.bots.ismcts import ISMCTS
from courtly.bots.levels import Blunderer, models_for
from courtly.games import get
from courtly.lab.runner import play_game

from .helpers import Asked


def test_the_seats_shown_as_weaker_bots_are_modelled_by_their_bots() -> None:
    game = get("garrison")
    table = ["hard@600it", "random", "easy", "normal", None, "hard@0.3"]
    models = models_for(game, table)
    assert models[1].__class__ is RandomBot and isinstance(models[2], Blunderer)
    # hard itself, normal, a person and a stronger hard: the heuristic (None)
    assert [models[i] for i in (0, 3, 4, 5)] == [None] * 4


@pytest.mark.parametrize("name", ["normal@1", "nobody", "hard@lots", ""])
def test_a_name_no_bot_has_is_played_as_the_heuristic(name: str) -> None:
    # A record's table is read too (a review): a bad name is not an error there.
    assert models_for(get("garrison"), [name, "random"])[0] is None


def test_a_table_of_bots_is_made_with_each_bot_shown_the_table() -> None:
    game = get("garrison")
    seats = bots.make_all(game, ["hard@40it", "random", "easy", "normal"])
    hard = seats[0]
    assert isinstance(hard, ISMCTS) and hard.models is not None
    assert hard.models[1].__class__ is RandomBot and isinstance(hard.models[2], Blunderer)
    assert hard.models[3] is None


@pytest.mark.parametrize("guard", [None, Guard()], ids=["tree", "guard"])
def test_a_model_plays_its_seat_and_no_other_in_the_search(guard: Guard | None) -> None:
    game = get("garrison")
    state = game.new(players=3, seed=4)
    me = state.to_act[0]
    other = (me + 1) % 3
    asked = Asked(game)
    models: list[Bot | None] = [None, None, None]
    models[other] = asked
    search = ISMCTS(
        game,
        iterations=60,
        rollout=bots.make("normal", game),
        max_rollout_steps=40,
        widening=0.5,
        guard=guard,
        models=models,
    )
    search.act(state.observation(me), state.legal_actions(me), random.Random(3))
    assert asked.seats and set(asked.seats) == {other}


def test_the_model_is_not_read_for_the_searching_seat() -> None:
    game = get("garrison")
    state = game.new(players=3, seed=4)
    me = state.to_act[0]
    asked = Asked(game)
    search = ISMCTS(
        game,
        iterations=40,
        rollout=bots.make("normal", game),
        max_rollout_steps=40,
        models=[asked if s == me else None for s in range(3)],
    )
    search.act(state.observation(me), state.legal_actions(me), random.Random(3))
    assert asked.seats == []


def test_modelling_the_table_changes_hards_search_only_where_the_table_has_weaker_bots() -> None:
    # Against three normal seats nothing is modelled: the same search as a
    # hard shown nothing. Against random and easy seats, hard plays them as
    # they play, and so values its moves otherwise.
    game = get("garrison")
    state = game.new(players=4, seed=11)
    seat = state.to_act[0]
    obs, legal = state.observation(seat), state.legal_actions(seat)

    def values(names: list[str], shown: bool) -> list[tuple[int, int, float | None]]:
        hard = bots.make_all(game, names)[0] if shown else bots.make(names[0], game)
        assert isinstance(hard, ISMCTS)
        found = hard.search(obs, legal, random.Random(5))
        return [(m.action.id, m.visits, m.value) for m in found.moves]

    plain = ["hard@200it", "normal", "normal", "normal"]
    assert values(plain, True) == values(plain, False)
    mixed = ["hard@200it", "random", "easy", "random"]
    assert values(mixed, True) != values(mixed, False)


def test_the_lab_shows_hard_its_table(monkeypatch: pytest.MonkeyPatch) -> None:
    met: list[list[str | None]] = []
    real = bots.levels.Hard.meet

    def meet(bot: Any, table: Sequence[str | None]) -> None:
        met.append(list(table))
        real(bot, table)

    monkeypatch.setattr(bots.levels.Hard, "meet", meet)
    play_game("agincards", ["hard@20it", "random"], seed=1)
    assert met == [["hard@20it", "random"]]


def test_the_terminal_shows_its_bots_the_table_with_the_person_as_none() -> None:
    import io

    from rich.console import Console

    from courtly.cli.play import TerminalTable

    game = get("garrison")
    state = game.new(players=3, seed=1)
    table = TerminalTable(
        ["human", "hard@40it", "random"], game, state, Console(file=io.StringIO())
    )
    hard = table.driver.policies[1]
    assert isinstance(hard, ISMCTS) and hard.models is not None
    assert hard.models[0] is None and hard.models[2].__class__ is RandomBot
    assert table.table == [None, "hard@40it", "random"]


def test_the_gymnasium_agents_seat_is_shown_as_a_person() -> None:
    pytest.importorskip("gymnasium")
    from courtly.rl.gymnasium_env import CourtlyGym

    env = CourtlyGym("garrison", seat=0, opponents=["hard@40it", "easy"])
    hard = env.bots[1]
    assert isinstance(hard, ISMCTS) and hard.models is not None
    assert hard.models[0] is None and isinstance(hard.models[2], Blunderer)


def test_a_review_reads_the_table_from_the_records_bots() -> None:
    from courtly.bots import review

    result = play_game("agincards", ["random", "easy"], seed=2, keep_record=True)
    assert result.record is not None
    assert review.lineup(result.record) == ["random", "easy"]
    result.record.meta["bots"] = ["random"]  # not one name a seat: not read
    assert review.lineup(result.record) is None
    result.record.meta["bots"] = [3, "easy"]
    assert review.lineup(result.record) is None
