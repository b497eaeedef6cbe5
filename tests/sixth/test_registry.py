"""The sixth game joins the registry in one line, and leaves it again."""

from __future__ import annotations

import pytest

from courtly import games
from courtly.engine.errors import UnknownGame
from tests.sixth import GAME
from tests.sixth.conftest import ID, MODULE


def test_unregistered_it_is_unknown() -> None:
    assert ID not in games.ids()
    with pytest.raises(UnknownGame, match="there is no game"):
        games.get(ID)


def test_registered_by_the_environment_it_is_one_of_the_games(registered: str) -> None:
    assert games.ids()[-1] == registered and games.ids()[:5] == sorted(games.ids()[:5])
    assert games.get(registered) is GAME
    assert games.get("Three_Tricks") is GAME
    assert GAME in games.all_games()


def test_registered_by_a_call_until_unregistered() -> None:
    assert games.register(MODULE) is GAME
    try:
        assert games.get(ID) is GAME
    finally:
        games.unregister(ID)
    assert ID not in games.ids()


def test_a_module_without_a_game_or_taking_an_id_is_refused() -> None:
    with pytest.raises(UnknownGame, match="declares a game"):
        games.register("tests.sixth.options")
    with pytest.raises(UnknownGame, match="declares a game"):
        games.register("tests.no_such_module")
