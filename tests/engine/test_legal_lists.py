"""Every game offers exactly the legal lists it offered before ``legal_actions``
was rewritten for speed (issue 18): the digests in ``legal_lists.json`` were
recorded from the earlier rules by ``tools/legal_lists.py`` (its docstring has
the command), over many random games of every game, seat count and the options
that change what is legal."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    return load_script(ROOT / "tools" / "legal_lists.py", "legal_lists")


TOOL = _tool()
RECORDED: dict[str, list[object]] = json.loads(
    (Path(__file__).parent / "legal_lists.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("game_id", sorted(TOOL.CASES))
def test_legal_lists_are_those_recorded_before_the_rewrite(game_id: str) -> None:
    checked = 0
    for gid, players, index, options, seed in TOOL.cases():
        if gid != game_id:
            continue
        key = TOOL.key(gid, players, index, seed)
        if key not in RECORDED:
            assert not TOOL.playable(gid, players, options), f"{key} is missing from the fixture"
            continue
        decisions, digest = TOOL.digest(gid, players, options, seed)
        assert [decisions, digest] == RECORDED[key], f"{key} ({options}) offers other legal lists"
        checked += 1
    assert checked >= 40
