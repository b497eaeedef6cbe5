"""``tools/head_to_head.py``'s ``--guard``: a variant of `hard`'s guard set
on the bot before play, for screening."""

from __future__ import annotations

import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from courtly.bots import make
from courtly.bots.guard import Paired, Verdict
from courtly.bots.ismcts import ISMCTS
from courtly.games import get
from tests.scripts import ended, load_script

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


def test_the_oracle_deals_every_hand_as_it_is_and_shuffles_the_deck() -> None:
    game = get("garrison")
    state = game.new(seed=5)
    seeing = TOOL.oracle(game, state)
    obs = state.observation(state.to_act[0])
    worlds = [seeing.sampler(obs).sample(random.Random(k)) for k in range(4)]
    for world in worlds:
        assert world is not state and world.hands == state.hands  # every hand, not only its own
        assert sorted(world.deck) == sorted(state.deck)
        assert world.observation(obs["seat"]) == obs
    assert any(world.deck != state.deck for world in worlds)  # the cards to come stay unknown
    hard = make("hard", seeing)
    assert isinstance(hard, ISMCTS) and hard.game is seeing  # the search deals its worlds there


def test_the_oracle_shuffles_crown_rivals_draw_piles_and_market_deck_not_its_hands() -> None:
    game = get("crown-rivals")
    state: Any = game.new(seed=5)
    normal, pick = make("normal", game), random.Random(5)
    while min(len(d) for d in state.decks) < 3:  # played on until both draw piles hold a few
        seat = state.to_act[0]
        state.play(seat, normal.act(state.observation(seat), state.legal_actions(seat), pick))
    seeing = TOOL.oracle(game, state)
    obs = state.observation(state.to_act[0])
    worlds: list[Any] = [seeing.sampler(obs).sample(random.Random(k)) for k in range(4)]
    for world in worlds:
        assert world.hands == state.hands  # the other seat's hand as it is
        assert [sorted(d) for d in world.decks] == [sorted(d) for d in state.decks]
        assert sorted(world.market_deck) == sorted(state.market_deck)
        assert world.observation(obs["seat"]) == obs
    # the order of each seat's draw pile and of the market deck stays unknown
    assert any(world.decks[0] != state.decks[0] for world in worlds)
    assert any(world.decks[1] != state.decks[1] for world in worlds)
    assert any(world.market_deck != state.market_deck for world in worlds)


def test_the_own_option_gives_hard_the_heuristic_with_changed_weights_for_its_seat() -> None:
    hard = make("hard", get("garrison"))
    assert isinstance(hard, ISMCTS) and hard.own is None
    TOOL.set_own(hard, "heart=0.5,gift=2")
    normal: Any = hard.rollout
    own: Any = hard.own
    assert own is not None and own is not normal
    assert own.weights["heart"] == normal.weights["heart"] * 0.5
    assert own.weights["gift"] == normal.weights["gift"] * 2
    assert own.weights["up"] == normal.weights["up"]
    with pytest.raises(SystemExit, match="not a weight"):
        TOOL.set_own(hard, "depth=3")


def test_an_override_line_names_the_heuristics_move_and_the_evidence() -> None:
    game = get("garrison")
    hard = make("hard", game)
    assert isinstance(hard, ISMCTS) and hard.rollout is not None
    state = game.new(seed=3)
    seat = state.to_act[0]
    obs, legal = state.observation(seat), state.legal_actions(seat)
    base = hard.rollout.act(obs, legal, random.Random(0))
    other = next(a for a in legal if a.id != base.id)
    paired = Paired(other, n=12, total=1.2, squares=0.2)
    hard.last_verdict = Verdict(other, True, 12, 24, 240, [paired])
    row = TOOL.override(hard, obs, legal, other)
    assert row["heuristic"] == base.notation and row["played"] == other.notation
    assert row["mean"] == 0.1 and row["worlds"] == 12 and row["seat"] == seat


def test_the_guard_option_turns_the_game_s_line_search_off() -> None:
    hard = make("hard", get("garrison"))
    assert isinstance(hard, ISMCTS) and hard.guard is not None
    assert hard.guard.lines is not None  # Garrison's guard compares its win within the turn
    TOOL.set_guard(hard, "lines=off")
    assert hard.guard.lines is None
    with pytest.raises(SystemExit, match="lines=off"):
        TOOL.set_guard(hard, "lines=on")


def test_the_own_option_reads_absolute_weights_from_a_file(tmp_path: Path) -> None:
    hard = make("hard", get("garrison"))
    assert isinstance(hard, ISMCTS)
    normal: Any = hard.rollout
    path = tmp_path / "fitted.json"
    path.write_text('{"heart": 7.5}', encoding="utf-8")
    TOOL.set_own(hard, f"@{path}")
    own: Any = hard.own
    assert own.weights["heart"] == 7.5  # replaced, not multiplied
    assert own.weights["gift"] == normal.weights["gift"]
    path.write_text('{"depth": 1}', encoding="utf-8")
    with pytest.raises(SystemExit, match="not weights of the heuristic"):
        TOOL.set_own(make("hard", get("garrison")), f"@{path}")


def test_the_dump_holds_each_decision_with_a_choice_and_the_heuristics_move(
    tmp_path: Path,
) -> None:
    game = get("garrison")
    hard = make("hard", game)
    assert isinstance(hard, ISMCTS) and hard.rollout is not None
    hard.iterations, hard.time_cap = 60, None
    path = tmp_path / "d.pkl"
    state = game.new(seed=4)
    seat = state.to_act[0]
    obs, legal = state.observation(seat), state.legal_actions(seat)
    assert len(legal) > 1
    with open(path, "ab") as dump:
        timed = TOOL.Timed(hard, False, dump, 4)
        played = timed.act(obs, legal, random.Random(1))
        timed.act(obs, legal[:1], random.Random(1))  # no choice: not dumped
    imitate = load_script(ROOT / "tools" / "imitate.py", "imitate")
    rows = imitate.rows_of([str(path)])
    assert len(rows) == 1
    row = rows[0]
    assert row["seed"] == 4 and row["played"] == played.id and row["observation"] == obs
    assert row["heuristic"] == hard.rollout.act(obs, legal, random.Random(0)).id
    assert [a.id for a in row["legal"]] == [a.id for a in legal]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        ([], "the following arguments are required: game, games, seed"),
        (["garrison", "two", "1"], "argument games: invalid int value: 'two'"),
        (["nosuch", "2", "1"], "argument game: there is no game 'nosuch'; the games are: "),
        (["garrison", "0", "1"], "argument games: must be 1 or more, not 0"),
        (["garrison", "2", "1", "--guard", "z=high"], "--guard z: 'high' is not a number"),
        (["garrison", "2", "1", "--own", "heart=lots"], "--own heart: 'lots' is not a number"),
        (["garrison", "2", "1", "--own", "@/nowhere/w.json"], "/nowhere/w.json: cannot be read"),
        (["garrison", "2", "1", "--own", "learned:/nowhere/p.json"], "p.json: cannot be read"),
    ],
)
def test_a_wrong_command_line_is_told_what_was_wrong_before_anything_is_written(
    argv: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dump = tmp_path / "d.pkl"
    message = ended(TOOL.main, [*argv, "--dump", str(dump)])
    assert said in message + capsys.readouterr().err
    assert not dump.exists()  # nothing opened, nothing played
