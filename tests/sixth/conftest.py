"""The sixth game registered for a test, by the environment: the one line a
deployment would set (``COURTLY_GAMES=tests.sixth``), so that processes the
test starts (the lab's workers) know the game too."""

from __future__ import annotations

import pytest

from courtly import games

MODULE = "tests.sixth"
ID = "three-tricks"


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> str:
    """The sixth game's id, registered for this test only."""
    monkeypatch.setenv(games.ENVIRONMENT, MODULE)
    return ID
