"""Loading a script that is not part of the package (``tools/``, ``examples/``)
as a module, for the tests that check it."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_script(path: Path, name: str) -> ModuleType:
    """The script at ``path`` run as a module named ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
