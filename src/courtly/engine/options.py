"""Typed, validated game options.

Each game declares its options as a Pydantic model derived from
``GameOptions``: a field per option, with its default and a description. Unknown
options and bad values become an ``OptionError`` that lists what is valid.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Collection, Mapping
from typing import Any, ClassVar, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic.fields import FieldInfo

from courtly import cards
from courtly.engine.errors import OptionError


class GameOptions(BaseModel):
    """Base of every game's options: frozen, and no option it does not declare."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    stacking: ClassVar[frozenset[str]] = frozenset()
    """The options that stack a deal (a given card order): never shown in an
    observation, never offered where hands are hidden (``Game.stacking``)."""

    def shown(self) -> dict[str, Any]:
        """The options as an observation shows them: JSON-ready, without a
        stacked deck (which would reveal the deal). A fresh dict each call;
        worked out once per options object (observations are many)."""
        hit = _SHOWN.get(id(self))
        if hit is None or hit[0] is not self:
            if len(_SHOWN) >= _SHOWN_SIZE:
                _SHOWN.clear()
            hit = _SHOWN[id(self)] = (
                self,
                self.model_dump(mode="json", exclude=set(self.stacking)),
            )
        return dict(hit[1])

    @classmethod
    def describe(cls) -> list[tuple[str, str, str, str]]:
        """(name, allowed values, default, description) for each option, the
        default as a player types it (``quick``, ``false``, ``none``)."""
        rows = []
        for name, field in cls.model_fields.items():
            rows.append(
                (name, _allowed(field.annotation), typed(field.default), field.description or "")
            )
        return rows

    @classmethod
    def listing(cls) -> list[tuple[str, str, str, str]]:
        """(name, allowed values with their range, default, what it means) for
        each option, as ``courtly options`` lists them: the description in the
        words a player reads (``option_text``, as the lobby shows it), which
        says what a special value means (``turn_limit`` 0: no limit)."""
        rows = []
        for name, field in cls.model_fields.items():
            allowed = _allowed(field.annotation) + _bounds(field)
            rows.append((name, allowed, typed(field.default), option_text(field.description or "")))
        return rows

    @classmethod
    def parse(
        cls, values: Mapping[str, Any] | GameOptions | None, hide: Collection[str] = ()
    ) -> Self:
        """Validate ``values`` (a mapping, or options already made) into options.
        A refusal lists the valid options but those in ``hide`` (options the
        caller refuses anyway, such as a stacked deck at a web table)."""
        if isinstance(values, cls):
            return values
        if isinstance(values, GameOptions):
            values = values.model_dump()
        if values is not None and not isinstance(values, Mapping):
            raise OptionError(f"options must be a mapping of name to value, not {values!r}")
        try:
            return cls.model_validate(_nones(cls, _numbers(cls, dict(values or {}))))
        except ValidationError as exc:
            raise OptionError(_explain(cls, exc, hide)) from None


def _numbers(cls: type[GameOptions], values: dict[str, Any]) -> dict[str, Any]:
    """A choice among numbers given as text (``jokers=0`` from a command
    line) read as the number, as an integer option's is."""
    for name, v in values.items():
        field = cls.model_fields.get(name)
        if (
            field is None
            or not isinstance(v, str)
            or typing.get_origin(field.annotation) is not typing.Literal
        ):
            continue
        for allowed in typing.get_args(field.annotation):
            if (
                isinstance(allowed, int)
                and not isinstance(allowed, bool)
                and v.strip() == str(allowed)
            ):
                values[name] = allowed
    return values


def _nones(cls: type[GameOptions], values: dict[str, Any]) -> dict[str, Any]:
    """``none`` given as text (``deck=none`` from a command line) read as
    None for an option that may be none, as its allowed values say."""
    for name, v in values.items():
        field = cls.model_fields.get(name)
        if field is None or not isinstance(v, str) or v.strip().lower() != "none":
            continue
        if "none" in _allowed(field.annotation).split(" | "):
            values[name] = None
    return values


RULE_FIRST = re.compile(r"^(?P<rule>[A-Z]+-\d+[a-z]?): (?P<text>.+)$", re.DOTALL)
"""An option's description that opens with the ruling it varies ("GAR-2: game
length; ...")."""


def option_text(description: str) -> str:
    """An option's description for players: the words first, the ruling it
    varies (a reader of the rules' RULES.md looks it up) after them."""
    m = RULE_FIRST.match(description)
    if m is None:
        return description
    text = m["text"].rstrip().removesuffix(".")
    return f"{text[:1].upper()}{text[1:]}. Rule {m['rule']}."


_SHOWN: dict[int, tuple[GameOptions, dict[str, Any]]] = {}
"""``shown()`` of recent options objects, by id (kept outside the objects, whose
equality compares every attribute)."""
_SHOWN_SIZE = 512


def typed(value: Any) -> str:
    """An option's value as a player types it: ``quick``, ``3``, ``false``,
    ``none``, cards as ``2D 3D``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list | tuple):
        return " ".join(typed(v) for v in value)
    return str(value)


def _allowed(annotation: Any) -> str:
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return " | ".join(
            str(a).lower() if isinstance(a, bool) else str(a) for a in typing.get_args(annotation)
        )
    if origin in (typing.Union, types.UnionType):
        return " | ".join(_allowed(a) for a in typing.get_args(annotation))
    if annotation is type(None):
        return "none"
    if annotation is bool:
        return "true | false"
    if annotation is int:
        return "integer"
    if origin is list:
        return "list of card codes"
    return getattr(annotation, "__name__", str(annotation))


def _bounds(field: FieldInfo) -> str:
    """The range a number option's value must lie in, as a refusal says it
    after the kind (" from 1 to 4", " from 0", " up to 99"), or nothing."""
    low = high = None
    for m in field.metadata:  # Field(ge=..., le=...)
        low = getattr(m, "ge", low)
        high = getattr(m, "le", high)
    if low is not None and high is not None:
        return f" from {low} to {high}"
    if low is not None:
        return f" from {low}"
    return "" if high is None else f" up to {high}"


def _explain(cls: type[GameOptions], exc: ValidationError, hide: Collection[str] = ()) -> str:
    valid = ", ".join(
        f"{n} ({allowed}, default {default})"
        for n, allowed, default, _ in cls.describe()
        if n not in hide
    )
    lines = []
    for err in exc.errors():
        name = ".".join(str(p) for p in err["loc"][:1]) or "options"
        if err["type"] == "extra_forbidden":
            lines.append(f"unknown option {name!r}")
            continue
        field = cls.model_fields.get(name)
        line = f"option {name!r} cannot be {typed(err.get('input'))!r}"
        # a check of the game's own says why; Pydantic's type errors would only
        # repeat the allowed values, in Python's words
        if err["type"] == "value_error":
            line += f": {err['msg'].removeprefix('Value error, ')}"
        if field is not None:
            line += f" (allowed: {_allowed(field.annotation)}{_bounds(field)})"
        lines.append(line)
    return "; ".join(lines) + f". Valid options: {valid or 'none'}."


class StandardDeckOptions(GameOptions):
    """Options shared by every standard-deck game: the stacked deck."""

    stacking: ClassVar[frozenset[str]] = frozenset({"deck"})

    deck: list[str] | None = Field(
        None,
        description=(
            "A stacked deck instead of a shuffle: card codes, in the order the game's "
            "rules give for a stacked deck (courtly rules GAME); none (the default): "
            "shuffled. Never shown to the seats, nor offered at a web table."
        ),
    )

    @field_validator("deck", mode="before")
    @classmethod
    def _read_deck(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = value.replace(",", " ").split()
        if value is None:
            return None
        try:
            return [cards.code(cards.card(str(v))) for v in value]
        except cards.CardError as exc:
            raise ValueError(str(exc)) from None

    def stacked(self) -> list[int] | None:
        """The stacked deck as card integers, or None for a shuffle."""
        return None if self.deck is None else [cards.card(c) for c in self.deck]


def parse_option_pairs(pairs: list[str]) -> dict[str, Any]:
    """Read ``name=value`` pairs from a command line into a mapping."""
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"{pair!r} is not an option: write name=value, e.g. years=2")
        v: Any = value.strip()
        if v.lower() in ("true", "false"):
            v = v.lower() == "true"
        out[name.strip()] = v
    return out
