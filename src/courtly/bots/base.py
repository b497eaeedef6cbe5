"""The bot interface: a bot sees an observation, the legal actions and an RNG.

A bot never receives the state, so it can only know what its seat may know.
Search bots rebuild possible worlds with ``game.sample_state(observation, rng)``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from courtly.engine.actions import Action
from courtly.engine.game import Game, State

QUICK_PACE = 0.02
"""Seconds a quick bot's decision (``random``, ``easy``, ``normal``: under 5 ms)
takes at a table with people when the table cannot foresee it (``Bot.pace``)."""


def publicly_forced(state: State, seat: int) -> bool:
    """The seat's one legal move is one everybody could tell was forced: the
    game says everybody can see the seat's moves (else playing it at once
    would tell the table about its hidden cards). Judged by the rules, never
    by sampled worlds: a sample that happens to agree is no proof. Any other
    decision of a bot takes its ``Bot.pace`` at a table with people."""
    return len(state.legal_actions(seat)) == 1 and state.choices_public(seat)


@mypyc_attr(allow_interpreted_subclasses=True)  # every other bot subclasses it, interpreted
class Bot:
    """Base of every bot. ``needs_observation`` False lets runners skip building
    observations for bots that do not read them (random play)."""

    name: ClassVar[str] = "bot"
    needs_observation: ClassVar[bool] = True

    def __init__(self, game: Game) -> None:
        self.game = game

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        raise NotImplementedError

    def meet(self, table: Sequence[str | None]) -> None:
        """The table as every seat sees it, before play: each seat's bot by
        name (``easy``, ``hard@0.3``...), None for a person or an agent played
        from outside. A bot that models the other seats reads it (``hard``
        plays a seat shown as ``random`` or ``easy`` so in its search); by
        default it is not read."""

    def pace(self) -> float | None:
        """Seconds each of its decisions takes at a table with people when the
        table cannot foresee it (a choice, or a move only its seat knows is
        forced), so that its speed tells nothing (a forced move comes at once,
        a choice when the bot has chosen: in a Garrison window that told
        whether it held a Spy). ``QUICK_PACE`` for a bot that decides at once;
        a searching bot's clock (``ISMCTS``); None: its own speed (a search
        by iterations alone, a measurement's setting)."""
        return QUICK_PACE

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} for {self.game.id}>"


class RandomBot(Bot):
    """Chooses uniformly among the legal actions."""

    name: ClassVar[str] = "random"
    needs_observation: ClassVar[bool] = False

    def act(
        self, observation: Mapping[str, Any] | None, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return legal[rng.randrange(len(legal))]
