"""What the scripts in ``tools/`` share: the command line's game and counts
checked as argparse reads them (a wrong one is refused in one line, exit 2,
before anything is played), a JSON file read or refused in words, and a
script beside them loaded as a module.

``python tools/X.py`` puts this folder first on the path, so a script reads
``import toolkit``; the tests that load a script put it there too
(``tests/scripts.py``).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from courtly.engine.errors import UnknownGame
from courtly.games import get


def game(text: str) -> str:
    """An argparse type: a game's name as given, once it names a game (else
    the games there are)."""
    try:
        get(text)
    except UnknownGame as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return text


def at_least(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number, ``least`` or more."""

    def number(text: str) -> int:
        value = int(text)  # argparse says "invalid int value: 'x'"
        if value < least:
            raise argparse.ArgumentTypeError(f"must be {least} or more, not {value}")
        return value

    number.__name__ = "int"
    return number


def read_json(path: str, what: str = "") -> Any:
    """The JSON in the file at ``path``, or the command line's error saying
    why not (``what`` comes before the path: the option that named it)."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise SystemExit(f"{what}{path}: cannot be read ({e.strerror})") from None
    except ValueError as e:
        raise SystemExit(f"{what}{path}: not JSON ({e})") from None


def script(name: str) -> ModuleType:
    """``tools/NAME.py``, beside this module, loaded as a module."""
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
