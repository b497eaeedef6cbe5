"""Versioned game records: ``{game, version, players, options, seed, actions}``.

A record replays to the identical final state: same game, options and seed give
the same deals, and the actions are applied in order. Records are stored one per
line in JSON Lines files.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from courtly.engine.errors import CourtlyError, RecordError
from courtly.engine.events import Event
from courtly.engine.game import MAX_NOTATION

if TYPE_CHECKING:
    from courtly.engine.actions import Action
    from courtly.engine.game import Game

Notation = Annotated[str, Field(max_length=MAX_NOTATION)]


class Record(BaseModel):
    """One game: enough to replay it exactly."""

    model_config = ConfigDict(extra="forbid")

    game: str
    version: int
    players: int = Field(ge=1)
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int
    actions: list[tuple[int, Notation]] = Field(default_factory=list)
    result: dict[str, Any] | None = None
    meta: dict[str, Any] = Field(default_factory=dict)

    def to_json(self) -> str:
        return self.model_dump_json()

    @classmethod
    def from_json(cls, text: str | bytes | dict[str, Any]) -> Record:
        """Read a record, with a clear error when it is malformed."""
        try:
            if isinstance(text, dict):
                return cls.model_validate(text)
            return cls.model_validate_json(text)
        except RecursionError:
            raise RecordError("not a Courtly game record: it is nested too deeply") from None
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc']) or 'record'}: {e['msg']}"
                for e in exc.errors()[:5]
            )
            raise RecordError(
                "not a Courtly game record (" + problems + "). A record is a JSON object "
                "with game, version, players, options, seed and actions [[seat, notation], ...]"
            ) from None


@dataclass
class Step:
    """One step of a replayed record."""

    n: int
    """Actions replayed so far (0: the deal)."""
    seat: int | None
    """Who played the ``n``-th action (None at the deal)."""
    notation: str | None
    events: list[Event]
    """What the action made (the set-up's at the deal; none when replayed quietly)."""
    state: Any
    """The state after it: one object all along, so read it before the next step."""
    action: Action | None = None
    """The action played, as parsed from ``notation``: the legal move it
    writes (``State.stands_for``); None at the deal."""


def replay_steps(
    record: Record, game: Game, upto: int | None = None, events: bool = True
) -> Iterator[Step]:
    """The one replay: ``record`` of ``game`` played again from its deal, step
    by step (its first ``upto`` actions), each action checked; ``events``:
    build each step's events, the deal's at step 0 (else play quietly). The caller finds the game
    the record names (``courtly.games.get``): the engine knows no registry.
    A record that does not replay is a RecordError saying which action."""
    _check_game(record, game)
    if record.version != game.version:
        raise RecordError(
            f"this record is of {game.name} version {record.version}; "
            f"this Courtly plays version {game.version}"
        )
    try:
        state = game.new(players=record.players, seed=record.seed, options=record.options)
    except CourtlyError as exc:
        raise RecordError(f"the record's set-up is not valid: {exc}") from None
    yield Step(0, None, None, game.opening(state) if events else [], state)  # the deal
    for n, (seat, notation) in enumerate(record.actions[:upto], 1):
        try:
            # a hand-written record may write a move another way: that move
            action = state.stands_for(seat, game.parse_action(notation))
            made = state.apply(seat, action, quiet=not events)
        except CourtlyError as exc:
            raise RecordError(
                f"action {n} of the record, seat {seat} {notation!r}, does not replay: {exc}"
            ) from None
        yield Step(n, seat, notation, made, state, action)


def replay(record: Record, game: Game, upto: int | None = None) -> Any:
    """The state reached by replaying ``record`` of ``game`` (its first ``upto``
    actions): the last of ``replay_steps``, played quietly."""
    *_, last = replay_steps(record, game, upto, events=False)
    return last.state


@dataclass
class Frame:
    """One step of a replay as ``seat`` saw it (None: a spectator)."""

    n: int
    seat: int | None
    """Who acted (None at the deal)."""
    notation: str | None
    events: list[Event]
    """The step's events ``seat`` may see."""
    observation: dict[str, Any]
    action: Action | None = None
    """The action played (None at the deal): its ``words()`` say it to players."""


def frames(record: Record, game: Game, seat: int | None) -> Iterator[Frame]:
    """The replay of ``record`` from the view of ``seat``: a frame per step
    (the deal, then each action), each with what that seat saw."""
    for step in replay_steps(record, game):
        yield Frame(
            step.n,
            step.seat,
            step.notation,
            [e for e in step.events if e.visible_to(seat)],
            step.state.observation(seat),
            step.action,
        )


def _check_game(record: Record, game: Game) -> None:
    if record.game.strip().lower().replace("_", "-") != game.id:
        raise RecordError(f"this record is of the game {record.game!r}, not of {game.name}")


def check_result(record: Record, final: Any) -> None:
    """A finished record's stored result must be the one its actions replay to:
    an altered record is refused, never shown with scores it did not earn."""
    if record.result is None:
        return
    replayed = {"scores": final.scores, "winners": final.winners} if final.over else None
    if replayed is None or record.result.get("scores") != replayed["scores"]:
        got = "an unfinished game" if replayed is None else f"scores {replayed['scores']}"
        raise RecordError(
            f"the record says its result is scores {record.result.get('scores')}, but its "
            f"actions replay to {got}: the record was altered or is damaged"
        )


def write_records(path: str | Path, records: list[Record], append: bool = False) -> None:
    """``records`` as JSON Lines, one a line; ``append``: after the file's own."""
    with open(path, "a" if append else "w", encoding="utf-8") as f:
        if append and f.tell() and not Path(path).read_bytes().endswith(b"\n"):
            f.write("\n")  # a last line without its newline stays a line of its own
        for r in records:
            f.write(r.to_json() + "\n")


def read_records(path: str | Path) -> list[Record]:
    """Every record in a file: JSON Lines, or one JSON object or list."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise RecordError(
            f"{path} is not UTF-8 text (byte {exc.start}): a record file is JSON"
        ) from None
    text = text.strip()
    if not text:
        raise RecordError(f"{path} is empty: it holds no game record")
    if text.startswith("["):
        try:
            items = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{path} is not valid JSON: {exc}") from None
        except RecursionError:
            raise RecordError(f"{path} is nested too deeply to be a game record") from None
        if not isinstance(items, list):
            return [_bad(path, items)]
        return [Record.from_json(i) if isinstance(i, dict) else _bad(path, i) for i in items]
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            out.append(Record.from_json(line))
        except RecordError as exc:
            raise RecordError(f"{path}, line {n}: {exc}") from None
    return out


def _bad(path: str | Path, item: Any) -> Record:
    raise RecordError(
        f"{path} holds a JSON {type(item).__name__} where a game record (a JSON object) should be"
    )
