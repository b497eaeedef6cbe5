"""The two builds: the compiled set follows the rules of docs/developing.md, and
a test run imports the build it was meant to.

``make test`` runs a quick part of the suite, this file included, against the
editable install (``COURTLY_EXPECT_BUILD=pure``) and the whole suite against
the wheel in ``.venv-compiled`` (``COURTLY_EXPECT_BUILD=compiled`` where it was
compiled); ``make test-pure`` runs the whole suite against the editable one.
"""

from __future__ import annotations

import ast
import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

import courtly
from courtly import build

SRC = Path(build.__file__).parent
"""The package as imported: the source tree, or an installed wheel."""

UNSUPPORTED_CALLS = {"setattr", "delattr", "vars"}


def _tree(module: str) -> ast.Module:
    return ast.parse(build.source_path(module).read_text(encoding="utf-8"))


def _is_classvar(annotation: ast.expr) -> bool:
    node = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
    return name in ("ClassVar", "Final")


def rule_problems(module: str, tree: ast.Module) -> list[str]:
    """What in one module of the compiled set breaks a rule mypyc itself does
    not enforce (docs/developing.md, "The compiled build")."""
    found = []
    for node in ast.walk(tree):
        where = f"{module}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            names += [a.name for a in node.names]
            if any(n.split(".")[0] == "pydantic" for n in names):
                found.append(f"{where}: imports pydantic (option models stay interpreted)")
        elif isinstance(node, ast.Attribute) and node.attr in ("__dict__", "__class__"):
            if isinstance(node.ctx, ast.Store) or node.attr == "__dict__":
                found.append(f"{where}: {node.attr} (a compiled object has none to use)")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in UNSUPPORTED_CALLS:
                found.append(f"{where}: {node.func.id}() (dynamic attributes)")
        elif isinstance(node, ast.ClassDef):
            dataclass = any("dataclass" in ast.unparse(d) for d in node.decorator_list)
            for stmt in node.body:
                spot = f"{module}:{stmt.lineno}: {node.name}"
                if isinstance(stmt, ast.Assign):
                    names = [t.id for t in stmt.targets if isinstance(t, ast.Name)]
                    if names != ["__slots__"]:
                        found.append(
                            f"{spot}.{', '.join(names)} is set in the class body "
                            "without ClassVar (it would be an instance slot)"
                        )
                elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None and not dataclass:
                    target = stmt.target.id if isinstance(stmt.target, ast.Name) else "?"
                    if not _is_classvar(stmt.annotation):
                        found.append(
                            f"{spot}.{target} has a class-level value but is not declared ClassVar"
                        )
    return found


def test_the_compiled_set_is_real_modules_and_leaves_option_models_out() -> None:
    assert len(set(build.COMPILED)) == len(build.COMPILED)
    for module in build.COMPILED:
        assert build.source_path(module).is_file(), f"{module} is in the compiled set but missing"
        assert not module.endswith((".options", ".records", ".testing", "__init__"))


def test_every_module_of_the_compiled_set_follows_the_rules() -> None:
    problems = [p for m in build.COMPILED for p in rule_problems(m, _tree(m))]
    assert problems == []


def test_the_rule_check_finds_what_breaks_the_rules() -> None:
    broken = ast.parse(
        "from pydantic import Field\n"  # 1
        "class S:\n"
        "    limit = 3\n"  # 3
        "    screen: Any = render\n"  # 4
        "    kind: ClassVar[str] = 'x'\n"
        "    __slots__ = ('a',)\n"
        "    def f(self) -> None:\n"
        "        setattr(self, 'x', 1)\n"  # 8
        "        return self.__dict__\n"  # 9
        "@dataclass(frozen=True)\n"
        "class Card:\n"
        "    trait: str | None = None\n"
    )
    found = rule_problems("m", broken)
    assert [p.split(":")[1] for p in found] == ["1", "3", "4", "8", "9"], found


def test_the_build_is_the_one_expected() -> None:
    """``courtly.engine.game`` is a C extension in the compiled build and
    Python source in the pure one; never a mix of the two."""
    compiled = build.compiled_modules()
    game = importlib.import_module("courtly.engine.game")
    expected = os.environ.get("COURTLY_EXPECT_BUILD")
    if expected == "compiled":
        assert compiled == list(build.COMPILED), build.describe()
        assert game.__file__ is not None and game.__file__.endswith(".so")
        assert build.describe().startswith("compiled (mypyc)")
    elif expected == "pure":
        assert compiled == [], build.describe()
        assert game.__file__ is not None and game.__file__.endswith(".py")
        assert build.describe().startswith("pure Python")
    else:
        assert compiled in ([], list(build.COMPILED)), f"a mixed build: {build.describe()}"


def test_the_editable_install_runs_the_source_as_edited() -> None:
    """In the source tree, no compiled module stands beside a source file it
    would shadow (only wheels are compiled; make test builds its own)."""
    if SRC.parent.name != "src":
        assert "site-packages" in SRC.parts, SRC  # an installed wheel
        return
    shadows = sorted(str(p.relative_to(SRC)) for p in SRC.rglob("*.so"))
    assert shadows == []


def test_courtly_pure_loads_the_compiled_set_from_source() -> None:
    """``COURTLY_PURE=1`` at import time: every module of the compiled set is
    Python, in either build."""
    code = "from courtly import build; print(build.describe()); print(build.compiled_modules())"
    env = {**os.environ, "COURTLY_PURE": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out == ["pure Python (COURTLY_PURE=1)", "[]"]


def test_pure_mode_must_come_before_any_compiled_module() -> None:
    if build.pure_requested():
        assert build.compiled_modules() == []
        return
    importlib.import_module("courtly.engine.game")
    with pytest.raises(RuntimeError, match=r"COURTLY_PURE=1 must be set before Courtly is"):
        build.use_pure()
    assert courtly.__version__
