"""``tools/head_to_head.py``'s ``--guard``: a variant of `hard`'s guard set
on the bot before play, for screening."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from courtly.bots import make
from courtly.bots.ismcts import ISMCTS
from courtly.games import get
from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    return load_script(ROOT / "tools" / "head_to_head.py", "head_to_head")


TOOL = _tool()


def test_the_guard_option_sets_the_guards_fields_and_its_share() -> None:
    hard = make("hard", get("garrison"))
    assert isinstance(hard, ISMCTS) and hard.guard is not None
    before = hard.guard
    TOOL.set_guard(hard, "candidates=12,z=3,share=0.9")
    assert hard.guard.candidates == 12 and hard.guard.z == 3.0
    assert hard.guard.steps == before.steps and hard.guard_share == 0.9
    assert before.candidates != 12  # the game's own guard is left as it was
    TOOL.set_guard(hard, "")  # no variant: nothing changes
    assert hard.guard.candidates == 12
    with pytest.raises(SystemExit, match="not one of"):
        TOOL.set_guard(hard, "depth=3")
