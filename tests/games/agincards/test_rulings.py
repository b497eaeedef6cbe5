"""RULES.md lists every AGI ruling and names tests that exist."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from .helpers import GAME

HERE = Path(__file__).parent


def test_every_ruling_is_listed_with_tests_that_exist():
    text = GAME.rules_markdown()
    rulings = text.split("## Rulings", 1)[1]
    ids = re.findall(r"\*\*(AGI-\d+)\*\*", rulings)
    assert ids == [f"AGI-{n}" for n in range(1, len(ids) + 1)] and len(ids) >= 8
    for block in re.split(r"\n- \*\*", rulings)[1:]:
        refs = re.findall(r"`(test_\w+\.py)::(test_\w+)`", block)
        assert refs, f"ruling {block[:8]} names no test"
        for path, name in refs:
            tree = ast.parse((HERE / path).read_text())
            names = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
            assert name in names, f"{path}::{name} does not exist"
