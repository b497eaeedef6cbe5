"""The search space of ``courtly lab tune``: the options a tune varies (a
game's declared tunable numbers, each in its declared range or one given as
``--param target@4=30..80``, or named choice options), how many variants they
make, how a variant is labelled and played (``options_at``), and what lies
past a range's edge (``beyond``)."""

from __future__ import annotations

import math
import re
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from courtly.engine.errors import OptionError
from courtly.engine.game import Game


@dataclass(frozen=True)
class Param:
    """One dimension of the search."""

    name: str
    """The name Optuna knows it by: the option, with ``@P`` for a player count."""
    option: str
    players: int | None
    """The player count it applies to (None: every count)."""
    low: int = 0
    high: int = 0
    step: int = 1
    choices: tuple[Any, ...] = ()
    """A choice option's values (empty: an integer in low..high by step)."""
    text: Callable[[int], Any] | None = None
    about: str = ""
    declared: bool = True
    """The range is the one the game declares (``Game.tunables``), not one
    given with ``--param NAME=LOW..HIGH``."""

    def text_value(self, game: Game) -> Any:
        default = game.Options.model_fields[self.option].default
        if self.text is None:
            return default
        return self.text(self.players or game.default_players)

    @property
    def spec(self) -> str:
        """How ``--param`` names it: ``target@4``, or ``target@4=30..80`` when
        the range searched is not the game's own."""
        if self.declared or self.choices:
            return self.name
        return f"{self.name}={self.low}..{self.high}"

    @property
    def values(self) -> list[Any]:
        """Every value the search may give it."""
        if self.choices:
            return list(self.choices)
        return list(range(self.low, self.high + 1, self.step))

    @property
    def span(self) -> str:
        """The values searched, in words: ``15..60 in steps of 5``."""
        if self.choices:
            return "one of " + ", ".join(_text(c) for c in self.choices)
        step = f" in steps of {self.step}" if self.step != 1 else ""
        return f"{self.low}..{self.high}{step}"


def choice_values(game: Game, option: str) -> tuple[Any, ...]:
    """The values of a choice option (a Literal or a bool), else ()."""
    annotation = game.Options.model_fields[option].annotation
    if annotation is bool:
        return (False, True)
    if typing.get_origin(annotation) is typing.Literal:
        return typing.get_args(annotation)
    return ()


_SPEC = re.compile(r"(?P<option>[^@=\s]+)(?:@(?P<players>[^=]*))?(?:=(?P<range>.*))?")


def space(
    game: Game, names: list[str], players: list[int], fixed: Mapping[str, Any]
) -> list[Param]:
    """The search space: the options ``names`` (default: the game's declared
    tunables, or every choice option if it declares none).

    A tunable number may be named with a player count (``target@4``: only
    that count's value is searched, the others keep the text's) and with a
    range of its own (``target=30..80``, ``target@4=30..80``, in the step the
    game declares); a count's own range overrides the option's
    (``--param target --param target@4=50..80``)."""
    tunables = {t.option: t for t in game.tunables}
    fields = game.Options.model_fields
    choosable = [n for n in fields if n != "deck" and choice_values(game, n)]
    searched_by_default = not names
    if not names:
        names = list(tunables) or choosable
    known = ", ".join([*tunables, *choosable]) or "none"
    wanted: dict[str, dict[int | None, tuple[int, int] | None]] = {}
    for spec in names:
        m = _SPEC.fullmatch(spec.strip())
        name = m["option"] if m else spec.strip()
        if name in fixed:
            if searched_by_default:
                raise OptionError(
                    f"option {name!r} is set with -o, but with no --param the tune searches "
                    f"every option {game.name} lets it tune ({', '.join(names)}): name the "
                    f"ones to search with --param, or leave {name!r} out of -o"
                )
            raise OptionError(f"option {name!r} is both set with -o and searched with --param")
        if m is None or (name not in tunables and name not in choosable):
            raise OptionError(
                f"--param {spec!r}: {game.name} has no tunable number or choice option by "
                f"that name. Searchable: {known}"
            )
        count, text = m["players"], m["range"]
        entries = wanted.setdefault(name, {})
        if name in choosable:
            if count is not None or text is not None:
                values = ", ".join(_text(v) for v in choice_values(game, name))
                raise OptionError(
                    f"--param {spec!r}: {name} is a choice option ({values}): name it alone "
                    "and every value is searched"
                )
            if entries:
                raise OptionError(f"--param names {name!r} twice")
            entries[None] = None
            continue
        t = tunables[name]
        at: int | None = None
        if count is not None:
            if not t.per_players:
                raise OptionError(
                    f"--param {spec!r}: {name} is one number at every player count: write "
                    f"{name} or {name}=LOW..HIGH"
                )
            if not count.strip().isdigit() or int(count) not in players:
                raise OptionError(
                    f"--param {spec!r}: the tune plays {_counts(players)} players, not "
                    f"{count.strip() or '(none)'}: write {name}@P with P one of them"
                )
            at = int(count)
        if at in entries:
            raise OptionError(f"--param names {name}{'' if at is None else f'@{at}'} twice")
        entries[at] = None if text is None else _range(game, t, spec, text)
    out: list[Param] = []
    for name, entries in wanted.items():
        if name in choosable:
            out.append(Param(name, name, None, choices=choice_values(game, name)))
            continue
        t = tunables[name]
        counts: list[int | None] = [None]
        if t.per_players:
            counts = [p for p in players if None in entries or p in entries]
        for p in counts:
            r = entries.get(p, entries.get(None))
            low, high = r if r is not None else (t.low, t.high)
            out.append(
                Param(
                    f"{name}@{p}" if p is not None else name,
                    name,
                    p,
                    low,
                    high,
                    t.step,
                    text=t.text,
                    about=t.about,
                    declared=r is None,
                )
            )
    return out


def _counts(players: list[int]) -> str:
    return ", ".join(map(str, players))


def _range(game: Game, t: Any, spec: str, text: str) -> tuple[int, int]:
    """``LOW..HIGH`` for the tunable ``t``, refused in words when it cannot be
    searched."""
    m = re.fullmatch(r"\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*", text)
    if m is None:
        raise OptionError(
            f"--param {spec!r}: write the range to search as LOW..HIGH in whole numbers, "
            f"e.g. {t.option}={t.low}..{t.high}"
        )
    low, high = int(m[1]), int(m[2])
    if low > high:
        raise OptionError(f"--param {spec!r}: the range's low end is above its high end")
    if (high - low) % t.step:
        fit = low + (high - low) // t.step * t.step
        raise OptionError(
            f"--param {spec!r}: {game.name} steps {t.option} by {t.step}, and {high} is not "
            f"{low} plus a whole number of steps (e.g. {low}..{fit})"
        )
    for v in (low, high):
        if not _allowed(game, t.option, v):
            raise OptionError(f"--param {spec!r}: {game.name} does not take {t.option}={v}")
    default = game.Options.model_fields[t.option].default
    if t.text is not None and low <= default <= high:
        raise OptionError(
            f"--param {spec!r}: {t.option}={default} means the text's own value in "
            f"{game.name}, not a number to try: keep {default} out of the range"
        )
    return low, high


def _allowed(game: Game, option: str, value: int) -> bool:
    try:
        game.Options.parse({option: value})
    except OptionError:
        return False
    return True


def space_size(params: list[Param]) -> int:
    """How many variants the space holds."""
    return math.prod(len(p.values) for p in params)


def space_words(params: list[Param]) -> str:
    """The space's names in a line: ``target@4`` or ``jokers × retake_joker``."""
    return " × ".join(p.name for p in params)


def beyond(game: Game, p: Param, side: str) -> tuple[int, int] | None:
    """A range reaching as far again past ``p``'s ``top`` or ``bottom`` end
    (from that end, in its step, as far as the game takes the option); None
    when the game takes nothing past it."""
    width = max(p.high - p.low, p.step)
    default = game.Options.model_fields[p.option].default
    edge, sign = (p.high, 1) if side == "top" else (p.low, -1)
    far = edge + sign * width
    while far != edge and (
        not _allowed(game, p.option, far) or (p.text is not None and far == default)
    ):
        far -= sign * p.step
    if far == edge:
        return None
    if side == "top":
        return edge, far
    if p.text is not None and far < default < edge:  # nor the mark for the text's own value
        far = edge - (edge - default - 1) // p.step * p.step
    return (far, edge) if far != edge else None


def options_at(params: list[Param], values: Mapping[str, Any], players: int) -> dict[str, Any]:
    """The options a variant sets when played at ``players``."""
    return {p.option: values[p.name] for p in params if p.players is None or p.players == players}


def label(params: list[Param], values: Mapping[str, Any]) -> str:
    """A variant in a line: ``target@2=30 target@3=30 ...``."""
    return " ".join(f"{p.name}={_text(values[p.name])}" for p in params)


def _text(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)
