"""Errors that speak to the user: each says what was wrong and what is allowed."""

from __future__ import annotations


class CourtlyError(Exception):
    """Base of every error Courtly raises on purpose."""


class IllegalAction(CourtlyError):
    """An action the rules do not allow now. The state is left untouched."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NotationError(CourtlyError):
    """Text that does not read as an action of this game."""


class OptionError(CourtlyError):
    """An unknown option, or a value the option does not take."""


class RecordError(CourtlyError):
    """A game record that is malformed or does not replay."""


class UnknownGame(CourtlyError):
    """A game id that is not in the registry."""
