"""Three Tricks: a small test-only game that proves a game plugs into every
surface of Courtly with no change outside its own folder (see RULES.md).

Register it in one line, ``courtly.games.register("tests.sixth")``, or for
another process, ``COURTLY_GAMES=tests.sixth``."""

from tests.sixth.game import ThreeTricks

GAME = ThreeTricks()

__all__ = ["GAME", "ThreeTricks"]
