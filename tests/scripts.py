"""Loading a script that is not part of the package (``tools/``, ``examples/``)
as a module, for the tests that check it; or running it, for the tests of its
command line."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_script(path: Path, name: str) -> ModuleType:
    """The script at ``path`` run as a module named ``name``, its folder on
    the path as running it puts it there (``tools/toolkit.py``)."""
    if str(path.parent) not in sys.path:
        sys.path.append(str(path.parent))
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_script(path: Path, argv: Sequence[str]) -> subprocess.CompletedProcess[str]:
    """The script at ``path`` run with ``argv`` by this interpreter, from the
    project's root (where a relative ``PYTHONPATH=src`` finds this source)."""
    return subprocess.run(
        [sys.executable, str(path), *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def refusal(path: Path, argv: Sequence[str]) -> str:
    """The last line the script at ``path`` wrote on refusing ``argv``, having
    checked that it refused it as a wrong command line: exit status 2 (as
    argparse ends), nothing played or printed, no traceback."""
    done = run_script(path, argv)
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stdout == ""
    return done.stderr.splitlines()[-1]


def ended(main: Callable[[list[str]], None], argv: list[str]) -> str:
    """What a script's ``main`` said on refusing ``argv`` (its exit's message
    and, once read by the caller's capsys, its stderr), having checked that it
    ended with a failing status."""
    try:
        main(argv)
    except SystemExit as e:
        assert e.code != 0, e.code
        return "" if e.code is None or isinstance(e.code, int) else str(e.code)
    raise AssertionError(f"{argv} was not refused")
