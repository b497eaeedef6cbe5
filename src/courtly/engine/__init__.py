"""The game-agnostic engine contract: every Courtly game implements it."""

from courtly.engine.actions import Action
from courtly.engine.decisions import Decision, DecisionStack
from courtly.engine.errors import (
    CourtlyError,
    IllegalAction,
    NotationError,
    OptionError,
    RecordError,
    UnknownGame,
)
from courtly.engine.events import Event
from courtly.engine.game import Game, State
from courtly.engine.options import GameOptions, StandardDeckOptions
from courtly.engine.records import Record, read_records, replay, write_records

__all__ = [
    "Action",
    "CourtlyError",
    "Decision",
    "DecisionStack",
    "Event",
    "Game",
    "GameOptions",
    "IllegalAction",
    "NotationError",
    "OptionError",
    "Record",
    "RecordError",
    "StandardDeckOptions",
    "State",
    "UnknownGame",
    "read_records",
    "replay",
    "write_records",
]
