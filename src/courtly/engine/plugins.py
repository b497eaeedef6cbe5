"""What a game's declaration names beyond its own rules: the typed slots of
its own modules (``Notation``, ``View``, ``Screen``, checked by mypy where a
game assigns them) and the plug-ins other layers keep for it (``PlugIns``).

A plug-in lives in the layer that uses it (a heuristic bot in ``bots``, an
encoding in ``rl``, a page script in the server's static files), since a game
never imports a layer above it. The game names each of its plug-ins here, as
``"module:attribute"``; the layer that uses one loads it with ``load`` and
checks it against the protocol it declares for that slot. So nothing finds a
plug-in by a naming convention, and a game without one simply names none.

    class Garrison(Game):
        plugins = PlugIns(heuristic="courtly.bots.greedy.garrison:Greedy", ...)
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Protocol

from courtly.engine.actions import Action
from courtly.engine.errors import CourtlyError


class Notation(Protocol):
    """A game's ``notation`` module: reads an action's text."""

    NOTATION_HELP: str

    def parse(self, text: str) -> Action: ...


class View(Protocol):
    """A game's ``view`` module: the one place that strips secrets. It may also
    hold a ``Sampler`` class (an ``engine.game.Sampler``) that deals many
    worlds of one observation."""

    def observe_own(self, state: Any, seat: int | None) -> dict[str, Any]:
        """The game's part of what ``seat`` may know (``None``: a spectator),
        JSON-ready: ``scores``, ``hand_sizes``, ``hand`` for a seat, and its
        own keys (``engine.envelope``)."""
        ...

    def sample(self, game: Any, obs: Mapping[str, Any], rng: Any) -> Any: ...


class Screen(Protocol):
    """A game's terminal module: an observation as Rich markup. It may also
    give ``describe(kind, data, seat)`` (an event's log line for ``seat``, as
    structured text: ``engine/text``) and ``score_table(obs)``."""

    def render(self, obs: Mapping[str, Any], legal: Sequence[Action] = ()) -> str: ...


@dataclass(frozen=True)
class PlugIns:
    """A game's plug-ins, each ``"module:attribute"`` (None: the game has none)."""

    heuristic: str | None = None
    """Its ``normal`` bot: a class ``Greedy(game, weights=None)`` (``courtly.bots``)."""
    evaluation: str | None = None
    """What a position is worth to each seat, for a search cut short: a function
    from a state to one value per seat in [0, 1] (``courtly.bots.evaluation``)."""
    outcome: str | None = None
    """What a finished game is worth to each seat, for a search: a function from
    a state to one value per seat in [0, 1] (None: by rank,
    ``courtly.bots.tree.rewards``; a race that only its winner wins names
    ``courtly.bots.tree:wins``)."""
    guard: str | None = None
    """How its ``hard`` search checks its best moves against the heuristic's: a
    ``courtly.bots.guard.Guard`` (None: the level's own, ``HARD_GUARD``)."""
    tuning: str | None = None
    """How its heuristic's weights are tuned: a ``courtly.bots.tune.Spec``."""
    scripted: str | None = None
    """Its scripted reference strategies: a dict from name to bot class."""
    encoding: str | None = None
    """Its observation as a fixed-length vector: ``write(writer, obs)``
    (``courtly.rl.encoding``)."""
    page_script: str | None = None
    """The script that draws its table in the browser, a path under the
    server's ``static/`` folder (``games/<id>.js``)."""

    def named(self) -> dict[str, str]:
        """Every plug-in this game names, by slot (the page script aside)."""
        out = {}
        for f in fields(self):
            ref = getattr(self, f.name)
            if ref is not None and f.name != "page_script":
                out[f.name] = ref
        return out


def load(ref: str) -> Any:
    """The object a plug-in reference ``"module:attribute"`` names."""
    module, sep, attribute = ref.partition(":")
    if not sep or not module or not attribute:
        raise CourtlyError(f"{ref!r} is not a plug-in reference: write 'module:attribute'")
    found = getattr(importlib.import_module(module), attribute, None)
    if found is None:
        raise CourtlyError(f"module {module} has no {attribute!r} (plug-in {ref!r})")
    return found
