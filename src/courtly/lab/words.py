"""Numbers in words, for the report's findings (``courtly.lab.findings``) and
the dossier (``courtly.lab.dossiertext``) alike: intervals, changes, p-values,
games in 100, and the games that would change hands where the seats are the
places in turn order (seat P0 always moves first). Measures are marked
``[[id|words]]``, as the findings mark them (``marked.plain`` keeps the words
alone)."""

from __future__ import annotations

import math
import re
from typing import Any


def is_number(x: Any) -> bool:
    return x is not None and not (isinstance(x, float) and math.isnan(x))


def iv(e: dict[str, Any], pct: bool = False, digits: int = 1) -> str:
    """A mean, or a share (``pct``), with its interval: ``7.2 [6.7, 7.6]``, ``26.0% [20.4, 32.5]``."""
    k = 100 if pct else 1
    unit = "%" if pct else ""
    return (
        f"{k * e['mean']:.{digits}f}{unit} [{k * e['low']:.{digits}f}, {k * e['high']:.{digits}f}]"
    )


def pct(e: dict[str, Any], digits: int = 1) -> str:
    """A share with its interval: ``26.0% [20.4, 32.5]``."""
    return iv(e, True, digits)


def num(e: dict[str, Any], digits: int = 1) -> str:
    """A mean with its interval: ``7.2 [6.7, 7.6]``."""
    return iv(e, False, digits)


def _shows(x: float, digits: int) -> bool:
    """Whether ``x`` reads as other than 0 to ``digits`` decimals."""
    return round(x, digits) != 0


def _fixed(x: float, digits: int) -> str:
    """``x`` to ``digits`` decimals; a number that rounds to 0 reads 0, never -0."""
    return f"{x if _shows(x, digits) else 0.0:.{digits}f}"


def ch(c: dict[str, float], measure: str) -> str:
    """A dossier's change in ``measure`` (``dossier.COMPARED``) with its interval, to one decimal, or to as many (up to three)
    as show the change itself (a decisiveness moved by 0.004 must not read
    +0.0) and, when the interval leaves out no change, both its ends (a clear
    change must not read as touching 0). A change that rounds to 0 reads 0.0,
    unsigned; a trace below 0.0005 stays at one decimal."""
    if c["value"] != c["value"]:  # NaN: no one moves first
        return "–"
    share = measure in ("first_player_edge", "ties")
    k, unit = (100, " points") if share else (1, "")
    v, low, high = (k * c[key] for key in ("value", "low", "high"))
    shown = [v, low, high] if low > 0 or high < 0 else [v]
    digits = 1
    while digits < 3 and any(_shows(x, 3) and not _shows(x, digits) for x in shown):
        digits += 1
    sign = "+" if _shows(v, digits) and v > 0 else ""
    return f"{sign}{_fixed(v, digits)}{unit} [{_fixed(low, digits)}, {_fixed(high, digits)}]"


def p_text(p: float | None) -> str:
    if p is None or not is_number(p):
        return "p not defined"
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def games_in_100(share: float) -> str:
    """A share of games as a count a designer pictures: ``about 8 games in 100 (one in 12)``."""
    n = 100 * abs(share)
    if n < 1:
        return "fewer than 1 game in 100"
    if n >= 99.5:
        return "all 100 games in 100"
    count = max(1, round(n))
    return f"about {count} game{'s' if count != 1 else ''} in 100 (one in {int(100 / count + 0.5)})"


def games_range(low: float, high: float) -> str:
    """An interval of games won or lost, per 100 games, in words."""
    lo, hi = 100 * low, 100 * high
    if lo < 0 < hi:
        lost = f"{-lo:.0f}"
        return f"anything from {lost} game{'' if lost == '1' else 's'} in 100 lost to {hi:.0f} won"
    if hi <= 0:
        return f"between {-hi:.0f} and {-lo:.0f} games in 100 lost"
    return f"between {lo:.0f} and {hi:.0f} games in 100 won"


def plural(unit: str) -> str:
    """A unit's plural: ``round`` is ``rounds``; ``tiles`` stays ``tiles``."""
    return unit if unit.endswith("s") else unit + "s"


def number_of_tests(tests: int) -> str:
    return f"{tests} test{'s' if tests != 1 else ''}"


def series(numbers: list[int]) -> str:
    """Numbers in words, the last after "and": 4, 5, 7 and 8."""
    shown = [str(k) for k in numbers]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def ordinal(k: int) -> str:
    return f"{k}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(k if k < 20 else k % 10, 'th') }"


def excess(shares: list[float], fair: float) -> float:
    """The share of games that would change hands for every share to be fair:
    the total by which shares exceed the fair share."""
    return sum(max(0.0, s - fair) for s in shares)


def first_letter(sentence: str, upper: bool) -> str:
    """The sentence with its first letter (a marked measure's, if it opens with
    one) in upper or lower case."""
    m = re.match(r"(\[\[[a-z0-9-]+\|)?(.)", sentence)
    if m is None:
        return sentence
    i = m.end() - 1
    letter = sentence[i].upper() if upper else sentence[i].lower()
    return f"{sentence[:i]}{letter}{sentence[i + 1 :]}"


def edge_games(edge: float) -> str:
    """The games a clear first player's edge (its win share minus the fair
    share) moves, as a sentence's end: ``about 10 games in 100 (one in 10) go
    to another player that an even game would give to the first``."""
    moved = f"[[games-in-100|{games_in_100(edge)}]]"
    if edge > 0:
        return f"{moved} go to the first player that an even game would give to another"
    return f"{moved} go to another player that an even game would give to the first"


def changing_hands(shares: list[float], fair: float, edge: float | None) -> str:
    """Where seat P0 always moves first, the games that would change hands for
    every seat (every place in turn order) to win a fair share (``shares``: the
    seats' win shares), and, given the first player's clear ``edge`` (its win
    share minus the fair share), how many of them go to or from the first
    player: a part of them, as the shares above a fair share add up to those
    below it."""
    whole = excess(shares, fair)
    text = (
        f"[[games-in-100|{games_in_100(whole)}]] would change hands for every seat to win a "
        "fair share"
    )
    if edge is None:
        return text
    way = "from" if edge > 0 else "to"
    if games_in_100(edge) == games_in_100(whole):
        return f"{text}, all of them {way} the first player"
    return f"{text}, including {games_in_100(edge)} {way} the first player"
