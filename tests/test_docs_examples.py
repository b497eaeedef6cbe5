"""The Python examples of the README and the docs run as they are written: a
reader copies them whole (the README's once lacked ``import random``, and the
Gymnasium one stepped an ``action`` it never chose)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = ["README.md", *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))]


def blocks() -> list[tuple[str, int, str]]:
    """Every ```python block: its page, its number on the page, its code."""
    out = []
    for page in PAGES:
        text = (ROOT / page).read_text(encoding="utf-8")
        for i, code in enumerate(re.findall(r"```python\n(.*?)```", text, re.S)):
            out.append((page, i, code))
    return out


def test_the_pages_have_examples() -> None:
    assert {page for page, _, _ in blocks()} >= {"README.md", "docs/rl.md"}


@pytest.mark.parametrize(
    ("page", "number", "code"), blocks(), ids=[f"{p}-{i + 1}" for p, i, _ in blocks()]
)
def test_an_example_runs_as_written(page: str, number: int, code: str) -> None:
    exec(compile(code, f"{page} (example {number + 1})", "exec"), {"__name__": "example"})
