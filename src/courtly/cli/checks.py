"""Checks on the command line's own arguments, made before any work starts: a
bad number or an unwritable path is refused at once, in one line, rather than
after a game or a simulation has run."""

from __future__ import annotations

import importlib.util
import math
import os
from pathlib import Path

from courtly.engine.errors import CourtlyError


def seconds(value: float | None, option: str, most: float = 3600.0) -> float | None:
    """A time in seconds: a finite number above 0 and at most ``most``."""
    if value is None:
        return None
    if not math.isfinite(value) or not 0 < value <= most:
        raise CourtlyError(f"{option} takes seconds above 0 and at most {most:g}, not {value:g}")
    return value


def writable_file(path: Path | None, option: str) -> Path | None:
    """A file the command will write: its folder must exist and take files, and
    it must not be a folder itself."""
    if path is None:
        return None
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise CourtlyError(f"{option} {path} is a folder: give a file name")
    if not folder.is_dir():
        raise CourtlyError(f"{option} {path}: there is no folder {folder}")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise CourtlyError(f"{option} {path}: cannot write there")
    return path


EXTRAS = {
    "lab": ("openskill", "pyarrow", "numpy", "scipy", "matplotlib", "dask", "distributed"),
}
"""The optional parts of Courtly and the modules each brings (pyproject.toml)."""


def extra(name: str, command: str) -> None:
    """``command`` needs the ``name`` extra: refused in one line, saying what
    to install, when one of its modules is missing."""
    missing = [m for m in EXTRAS[name] if importlib.util.find_spec(m) is None]
    if missing:
        raise CourtlyError(
            f"{command} needs Courtly's {name} extra ({', '.join(missing)} not installed): "
            f"pip install 'courtly[{name}]', or make test, which installs every extra"
        )
