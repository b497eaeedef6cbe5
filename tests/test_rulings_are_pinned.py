"""Every ruling a game's RULES.md lists names the tests that pin it, and they exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from courtly.games import all_games

TESTS = Path(__file__).parent / "games"


ENTRY = re.compile(r"^\s*(?:\|\s*|-\s+\**)([A-Z]{3}-\d+)\b")
TEST_NAME = re.compile(r"\b(test_\w+)\b(?!\.py)")


def ruling_rows(markdown: str) -> list[tuple[str, str]]:
    """(ruling id, its text) for each entry of the Rulings section: a table row
    or a list item that starts with the id, up to the next entry or heading."""
    text = markdown[markdown.index("## Rulings") :] if "## Rulings" in markdown else markdown
    rows: list[tuple[str, str]] = []
    for line in text.splitlines()[1:]:
        m = ENTRY.match(line)
        if m:
            rows.append((m.group(1), line))
        elif line.startswith("#"):
            break
        elif rows and line.strip():
            rows[-1] = (rows[-1][0], rows[-1][1] + " " + line)
    return rows


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_ruling_names_tests_that_exist(game) -> None:  # type: ignore[no-untyped-def]
    package = game.rules_path().parent.name
    source = "\n".join(p.read_text() for p in (TESTS / package).glob("test_*.py"))
    defined = set(re.findall(r"def (test_\w+)", source))
    rows = ruling_rows(game.rules_markdown())
    assert len(rows) >= 8, f"{game.id}: RULES.md lists only {len(rows)} rulings"
    ids = [r[0] for r in rows]
    assert len(ids) == len(set(ids)), f"{game.id}: a ruling id is listed twice"
    for ruling, text in rows:
        named = set(TEST_NAME.findall(text))
        assert named, f"{game.id} {ruling}: no test named"
        missing = named - defined
        assert not missing, f"{game.id} {ruling}: tests not found: {sorted(missing)}"
