"""Variant sweeps: every combination of the option values a designer varies.

``--vary length=quick,long --vary jokers=0,1`` gives four variants, the first
value of each option making the baseline (the first variant). Every variant
plays the same seeds, so differences come from the rules, not the deals.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from courtly.engine.errors import OptionError
from courtly.engine.game import Game
from courtly.engine.options import parse_option_pairs


@dataclass(frozen=True)
class Variant:
    label: str
    options: dict[str, Any]
    """The whole options of the variant (base options with the varied ones)."""


def parse_vary(game: Game, pairs: list[str]) -> list[tuple[str, list[Any]]]:
    """Read ``option=a,b`` pairs, each value checked through the game's Options."""
    out: list[tuple[str, list[Any]]] = []
    fields = game.Options.model_fields
    valid = ", ".join(
        f"{n} ({allowed})"
        for n, allowed, _, _ in game.Options.describe()
        if n not in game.stacking()
    )
    for pair in pairs:
        name, sep, values = pair.partition("=")
        name = name.strip()
        if not sep or not name or not values.strip():
            raise OptionError(
                f"--vary {pair!r}: write option=value1,value2 (e.g. length=quick,long). "
                f"Options of {game.name}: {valid or 'none'}"
            )
        if name not in fields:
            raise OptionError(
                f"--vary {pair!r}: {game.name} has no option {name!r}. "
                f"Options of {game.name}: {valid or 'none'}"
            )
        if any(name == seen for seen, _ in out):
            raise OptionError(f"--vary names option {name!r} twice: give all its values at once")
        raw = [v.strip() for v in values.split(",")]
        if any(not v for v in raw):
            raise OptionError(f"--vary {pair!r}: an empty value; separate values with commas")
        parsed = []
        for v in raw:
            one = parse_option_pairs([f"{name}={v}"])
            # a bad value fails here, with the allowed values; a good one is kept
            # in its checked form (e.g. "0" read as the number 0)
            parsed.append(game.Options.parse(one).model_dump(mode="json")[name])
        if len(set(map(str, parsed))) != len(parsed):
            raise OptionError(f"--vary {pair!r}: a value is repeated")
        out.append((name, parsed))
    return out


def variants(
    game: Game, base: Mapping[str, Any], vary: list[tuple[str, list[Any]]]
) -> list[Variant]:
    """Every combination, the baseline first; each checked as a whole."""
    for name, _ in vary:
        if name in base:
            raise OptionError(f"option {name!r} is both set with -o and varied with --vary")
    if not vary:
        game.Options.parse(dict(base))
        return [Variant("baseline", dict(base))]
    names = [n for n, _ in vary]
    out = []
    for combo in itertools.product(*(vals for _, vals in vary)):
        opts = {**base, **dict(zip(names, combo, strict=True))}
        game.Options.parse(opts)
        label = " ".join(f"{n}={_text(v)}" for n, v in zip(names, combo, strict=True))
        out.append(Variant(label, opts))
    return out


def _text(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)
