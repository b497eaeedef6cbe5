"""How far a searching bot departs from the heuristic it starts from.

A ``hard`` search plays the game's heuristic (the ``normal`` bot's move)
unless its guard finds a clearly better move in paired rollouts
(``courtly.bots.guard``). On a small budget the guard never compares enough
worlds, and ``hard`` then plays exactly as ``normal`` does: a check of a
finding "with a stronger bot" is then no check. So the lab counts, for every
searching seat, its decisions with a choice and those where it played a move
other than the heuristic's (the guard's verdict), and the report says how
often the strong bot departed from ``normal``, with a warning when it rarely
did.

The counting wraps the seat's bot and only reads what its search did: the
game played is the very game played without it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from courtly.bots.base import Bot
from courtly.bots.ismcts import ISMCTS
from courtly.engine.actions import Action

RARE = 0.05
"""Below this share of its decisions departing from ``normal``'s move, a
searching bot cannot be told apart from ``normal`` by a few hundred games."""

COST = (
    "from 20 s to about 3 minutes of CPU a game with it in every seat in the compiled build, "
    "so a hundred games take from a quarter of an hour to over two hours with --jobs 2"
)
"""What a game of a game's ``Game.check_bot`` in every seat costs, in words
(BENCHMARKS.md, "Every dossier's check, with its duel")."""


class Watched:
    """A searching seat's bot, its departures from the heuristic counted."""

    def __init__(self, bot: ISMCTS) -> None:
        self.bot = bot
        self.needs_observation = bot.needs_observation
        self.searched = 0
        """Decisions with a choice that the search (and its guard) made."""
        self.departed = 0
        """Those where it played another move than the heuristic's."""

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        action = self.bot.act(observation, legal, rng)
        verdict = self.bot.last_verdict
        if len(legal) > 1 and verdict is not None:
            self.searched += 1
            self.departed += verdict.overridden
        return action


def watch(bot: Bot) -> Bot | Watched:
    """``bot`` counted when it is a search guarded by a heuristic (``hard``),
    else ``bot`` itself."""
    if isinstance(bot, ISMCTS) and bot.guard is not None and bot.rollout is not None:
        return Watched(bot)
    return bot


def counts(seat: Bot | Watched) -> tuple[int | None, int | None]:
    """A seat's decisions searched and departures (None, None: not a watched search)."""
    if isinstance(seat, Watched):
        return seat.searched, seat.departed
    return None, None


def by_bot(seats: Iterable[Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each searching bot's departures over the seat rows of a run:
    ``{bot: {"decisions", "departed", "share"}}`` (a bot whose seats carry no
    count, such as a heuristic or a run saved before the lab counted, is left
    out)."""
    out: dict[str, dict[str, Any]] = {}
    for row in seats:
        searched = row.get("searched")
        if searched is None:
            continue
        t = out.setdefault(row["bot"], {"decisions": 0, "departed": 0})
        t["decisions"] += searched
        t["departed"] += row.get("departed") or 0
    for t in out.values():
        t["share"] = t["departed"] / t["decisions"] if t["decisions"] else 0.0
    return out


def _pct(x: float) -> str:
    """A share as a percentage that never rounds a departure away (0.04% is not 0.0%)."""
    p = 100 * x
    if 0 < p < 0.1:
        return "under 0.1%"
    if 99.9 < p < 100:
        return "over 99.9%"
    return f"{p:.1f}%"


def note(bot: str, t: Mapping[str, Any]) -> str:
    """One sentence: how often ``bot`` departed from ``normal``."""
    return (
        f"{bot} played a move other than normal's in {_pct(t['share'])} of its "
        f"{t['decisions']:,} decisions with a choice"
    )


def caution(bot: str, t: Mapping[str, Any], better: str, name: str | None = None) -> str:
    """The warning when ``bot`` rarely departs from ``normal`` ('' otherwise):
    ``better`` is the bot to suggest instead (the game's ``Game.check_bot``; "a
    larger budget" when ``bot`` is that one), ``name`` how to write ``bot``
    (default its name)."""
    if t["share"] >= RARE:
        return ""
    better = better if bot != better else "a larger budget"
    return (
        f"{name or bot} played normal's own move in {_pct(1 - t['share'])} of its "
        f"{t['decisions']:,} decisions with a choice: this check cannot tell them apart; "
        f"give it more time, e.g. {better}."
    )


def cautions(departures: Mapping[str, Mapping[str, Any]], better: str) -> list[str]:
    return [c for bot, t in sorted(departures.items()) if (c := caution(bot, t, better))]
