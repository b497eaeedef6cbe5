"""A server builds the updates of the viewers connected to it only
(``Table.views(..., wanted=...)``); what every viewer was last told (``shown``,
``seen``, so ``seq`` in refusals and the forced moves' checks) is noted
exactly as if every update were built, so two servers with different
clients agree on it."""

from __future__ import annotations

import json
import random

import pytest

from courtly.games import all_games
from courtly.server.outgoing import dumps
from courtly.server.protocol import CreateTable, Update
from courtly.server.tables import Table

from .conftest import QUICK

GAMES = [g.id for g in all_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_views_of_some_viewers_note_every_viewer_alike(game_id: str) -> None:
    game = next(g for g in all_games() if g.id == game_id)
    players = 2 if game_id == "garrison" else game.default_players
    req = CreateTable(
        game=game_id, seats=["random"] * players, options=QUICK.get(game_id, {}), seed=11
    )
    every, some, none = (Table.create(req) for _ in range(3))
    rng = random.Random(5)
    steps = 0
    while not every.state.over and steps < 300:
        steps += 1
        seat = every.state.to_act[rng.randrange(len(every.state.to_act))]
        legal = every.state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        full = every.views(every.apply(seat, action), seat)
        part = some.views(some.apply(seat, action), seat, wanted={0, None})
        nothing = none.views(none.apply(seat, action), seat, wanted=())
        assert not nothing
        assert set(part) == set(full) & {0, None}
        for viewer, upd in part.items():
            assert upd == full[viewer]
        assert some.shown == none.shown == every.shown
        assert some.seen == none.seen == every.seen
    assert steps > 5


@pytest.mark.parametrize("game_id", GAMES)
def test_each_update_is_the_protocols_message_and_its_text_says_the_same(game_id: str) -> None:
    """Updates are built as data and serialized once, without the pydantic
    model: each is exactly what ``Update`` makes, its text the same message
    (the actor's copy with its own two fields)."""
    game = next(g for g in all_games() if g.id == game_id)
    players = 2 if game_id == "garrison" else game.default_players
    req = CreateTable(
        game=game_id, seats=["random"] * players, options=QUICK.get(game_id, {}), seed=3
    )
    table = Table.create(req)
    rng = random.Random(8)
    steps = 0
    while not table.state.over and steps < 300:
        steps += 1
        seat = table.state.to_act[rng.randrange(len(table.state.to_act))]
        legal = table.state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        events = table.apply(seat, action)
        views = table.views(events, seat)
        assert seat in views
        for viewer, view in views.items():
            model = table.update(viewer, events)
            assert view.message() == model.model_dump()
            assert json.loads(view.text()) == model.model_dump()
            mine = Update(**{**model.model_dump(), "yours": action.notation, "by_bot": True})
            assert json.loads(view.actor_text(action.notation, True)) == mine.model_dump()
    assert steps > 5


def test_text_no_utf8_can_hold_is_escaped() -> None:
    assert json.loads(dumps({"name": "a\ud800b", "n": [1, 2]})) == {"name": "a\ud800b", "n": [1, 2]}
    assert dumps({"a": (1, None, True)}) == '{"a":[1,null,true]}'
