"""Every game shows every seat exactly what it showed before the engine built
the keys all games share (issue 19): the digests in ``observations.json`` were
recorded, before that change, by ``tools/observations.py`` (its docstring has
the command) over many random games of every game and number of seats, every
seat and a spectator observing before every decision."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    return load_script(ROOT / "tools" / "observations.py", "observations_tool")


TOOL = _tool()
RECORDED: dict[str, list[object]] = json.loads(
    (Path(__file__).parent / "observations.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("game_id", sorted(TOOL.SEEDS))
def test_observations_are_those_recorded_before_the_envelope(game_id: str) -> None:
    checked = 0
    for gid, players, seed in TOOL.cases():
        if gid != game_id:
            continue
        key = TOOL.key(gid, players, seed)
        assert key in RECORDED, f"{key} is missing from the fixture"
        assert list(TOOL.digest(gid, players, seed)) == RECORDED[key], f"{key} shows otherwise"
        checked += 1
    assert checked >= 20
