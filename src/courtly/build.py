"""Which build of Courtly is running: compiled (mypyc) or pure Python.

One source, two builds. The modules in ``COMPILED`` (the engine core, the
standard deck, every game's rules, actions and views with the modules they
call at speed, and the search) are compiled to C extensions by mypyc when Courtly is installed
from a wheel or a source distribution on a machine with a C compiler; every
other module, and all of them in the editable development install, run
interpreted. ``setup.py`` reads ``COMPILED`` from this file, and
``docs/developing.md`` gives the rules a module in it follows.

``COURTLY_PURE=1`` forces pure Python: at build time nothing is compiled; at
import time (``use_pure``, called by ``courtly/__init__.py``) an installed
compiled build loads the same modules from their ``.py`` sources instead.

This module stays interpreted and imports nothing of Courtly's at load time.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

_GAMES = ("agents_of_the_crown", "agincards", "crown_rivals", "garrison", "intrigue")

COMPILED: tuple[str, ...] = (
    "courtly.bots.base",
    "courtly.bots.evaluation",
    *(f"courtly.bots.evaluations.{g}" for g in _GAMES),
    *(f"courtly.bots.greedy.{g}" for g in _GAMES),
    "courtly.bots.greedy.crown_rivals_view",
    "courtly.bots.greedy.intrigue_model",
    "courtly.bots.guard",
    "courtly.bots.ismcts",
    "courtly.bots.tree",
    "courtly.cards",
    "courtly.engine.actions",
    "courtly.engine.decisions",
    "courtly.engine.envelope",
    "courtly.engine.events",
    "courtly.engine.game",
    *(f"courtly.games.{g}.{m}" for g in _GAMES for m in ("rules", "actions", "view")),
    "courtly.games.agincards.map",
    "courtly.games.crown_rivals.abilities",
    "courtly.games.crown_rivals.checks",
    "courtly.games.garrison.moves",
    "courtly.games.garrison.spies",
    "courtly.games.intrigue.cards",
    "courtly.games.intrigue.effects",
    "courtly.games.intrigue.round",
)
"""The compiled set, by module name."""

PURE_ENV = "COURTLY_PURE"


def pure_requested() -> bool:
    """Whether ``COURTLY_PURE`` asks for pure Python (any value but empty or 0)."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def source_path(module: str) -> Path:
    """The ``.py`` file of a module of the compiled set, under this package."""
    parts = module.split(".")
    return Path(__file__).parent.joinpath(*parts[1:]).with_suffix(".py")


class _PureFinder(importlib.abc.MetaPathFinder):
    """Loads the compiled set from its ``.py`` sources (``COURTLY_PURE=1``)."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in COMPILED:
            return None
        source = source_path(fullname)
        if not source.is_file():
            return None  # a wheel without sources: the compiled module it is
        return importlib.util.spec_from_file_location(fullname, source)


def use_pure() -> None:
    """Load every module of the compiled set from its source from now on. All
    or nothing: compiled modules call each other directly, so none of them may
    be loaded yet (``courtly/__init__.py`` calls this before any is)."""
    loaded = [m for m in COMPILED if m in sys.modules]
    if loaded:
        raise RuntimeError(
            f"{PURE_ENV}=1 must be set before Courtly is imported: {loaded[0]} is loaded already"
        )
    if not any(isinstance(f, _PureFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _PureFinder())


def is_compiled(module: ModuleType) -> bool:
    """Whether a loaded module is a C extension (mypyc's) rather than Python."""
    return not (module.__file__ or "").endswith((".py", ".pyc"))


def compiled_modules() -> list[str]:
    """The modules of the compiled set that are running compiled (imports them)."""
    return [m for m in COMPILED if is_compiled(importlib.import_module(m))]


def describe() -> str:
    """One line: which build is running, e.g. ``compiled (mypyc): 27 of 27
    modules`` or ``pure Python``, with the modules that are not compiled when
    only some are."""
    compiled = compiled_modules()
    if not compiled:
        why = f" ({PURE_ENV}=1)" if pure_requested() else ""
        return f"pure Python{why}"
    line = f"compiled (mypyc): {len(compiled)} of {len(COMPILED)} modules"
    missing = [m for m in COMPILED if m not in compiled]
    if missing:
        line += "; interpreted: " + ", ".join(missing)
    return line
