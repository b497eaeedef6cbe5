"""The engine's shared pieces: decisions, options, records, statistics."""

from __future__ import annotations

import random

import pytest

from courtly.engine.decisions import DecisionStack
from courtly.engine.errors import NotationError, OptionError, RecordError, UnknownGame
from courtly.engine.options import parse_option_pairs
from courtly.engine.records import Record, read_records, replay
from courtly.games import get, ids
from courtly.lab.stats import mean_ci, share_ci


def test_a_decision_awaits_several_seats_and_pops_when_all_are_done() -> None:
    stack = DecisionStack()
    stack.push("season", [2, 0, 1])
    stack.push("reaction", [1])
    assert stack.to_act() == (1,)
    assert stack.done(1) is True
    assert stack.to_act() == (0, 1, 2)
    assert stack.done(0) is False and stack.to_act() == (1, 2)
    copy = stack.copy()
    stack.done(1)
    assert copy.to_act() == (1, 2) and stack.to_act() == (2,)


def test_unknown_game_lists_the_games() -> None:
    with pytest.raises(UnknownGame, match="agents-of-the-crown"):
        get("chess")
    assert get("Agents_Of_The_Crown").id == "agents-of-the-crown"


def test_option_pairs_from_the_command_line() -> None:
    assert parse_option_pairs(["years=2", "flag=true"]) == {"years": "2", "flag": True}
    with pytest.raises(OptionError, match="name=value"):
        parse_option_pairs(["years"])


def test_options_are_typed_and_validated() -> None:
    game = get("agents-of-the-crown")
    assert game.new(seed=1, options={"years": "2"}).options.years == 2
    with pytest.raises(OptionError, match="must be a mapping"):
        game.new(seed=1, options=["years"])  # type: ignore[arg-type]


def test_actions_by_id_json_and_notation() -> None:
    game = get("agents-of-the-crown")
    a = game.parse_action("down 9C at table")
    assert game.action(a.id) is a
    assert game.action_from_json({"id": a.id}) is a
    assert game.action_from_json({"notation": "DOWN 9c TABLE"}) is a
    assert game.action_from_json(a.id) is a
    with pytest.raises(NotationError, match="ids run 0 to 991"):
        game.action(5000)
    with pytest.raises(NotationError, match="not 'up 9C at C'"):
        game.action_from_json({"id": a.id, "notation": "up 9C at C"})
    with pytest.raises(NotationError, match="is not an action"):
        game.action_from_json(None)


def test_a_record_of_a_wrong_version_or_set_up_is_refused() -> None:
    good = get("agents-of-the-crown").new(seed=3).record()
    with pytest.raises(RecordError, match="version 99"):
        replay(good.model_copy(update={"version": 99}), get(good.game))
    with pytest.raises(RecordError, match="set-up is not valid"):
        replay(good.model_copy(update={"players": 3}), get(good.game))
    with pytest.raises(RecordError, match="not a Courtly game record"):
        Record.from_json("[1, 2]")
    with pytest.raises(RecordError, match="not a Courtly game record"):
        Record.from_json("{")


def test_record_files(tmp_path) -> None:  # type: ignore[no-untyped-def]
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    with pytest.raises(RecordError, match="empty"):
        read_records(empty)
    listed = tmp_path / "list.json"
    rec = get("agents-of-the-crown").new(seed=3).record()
    listed.write_text("[" + rec.to_json() + "]")
    assert read_records(listed)[0] == rec
    broken = tmp_path / "broken.jsonl"
    broken.write_text(rec.to_json() + "\nnot json\n")
    with pytest.raises(RecordError, match="line 2"):
        read_records(broken)


def test_confidence_intervals() -> None:
    est = share_ci([1, 0] * 50)
    assert est.mean == 0.5 and 0.39 < est.low < 0.41 and 0.59 < est.high < 0.61
    sure = share_ci([1.0] * 20)
    assert sure.high == 1.0 and sure.low > 0.8
    m = mean_ci([1, 2, 3, 4, 5])
    assert m.mean == 3 and m.low < 3 < m.high


@pytest.mark.parametrize("game_id", ["garrison", "agincards"])
def test_options_shown_in_observations_are_a_fresh_copy_of_the_options(game_id: str) -> None:
    game = get(game_id)
    options = game.Options.parse({})
    shown = options.shown()
    assert shown == options.model_dump(mode="json", exclude={"deck"})
    assert "deck" not in shown
    shown["extra"] = 1  # an observation's reader changing its copy changes nothing
    assert "extra" not in options.shown()
    assert options == game.Options.parse({})  # the cache is not part of the options
    state = game.new(seed=3)
    assert state.observation(0)["options"] == state.options.shown()


@pytest.mark.parametrize("game_id", ids())
def test_a_snapshot_sees_every_field_of_a_state(game_id: str) -> None:
    """``State.snapshot`` (the kit's "did anything change" check) reads the
    game's own fields as well as the base's, in either build: a compiled
    state has no ``__dict__`` to read."""
    state = get(game_id).new(seed=3)
    before = state.snapshot()
    assert state.snapshot() == before
    fields = state.fields()
    lists = [name for name, value in fields.items() if isinstance(value, list)]
    assert "history" in lists and len(lists) > 3, lists
    for name in lists:
        changed = getattr(state, name)
        changed.append("changed")
        assert state.snapshot() != before, f"the snapshot misses {name}"
        changed.pop()
    assert state.snapshot() == before
    seat = state.to_act[0]
    state.apply(seat, state.legal_actions(seat)[0])
    assert state.snapshot() != before


@pytest.mark.parametrize("game_id", ids())
def test_every_field_of_a_state_is_a_slot(game_id: str) -> None:
    """A state keeps its fields in ``__slots__``, never in an instance
    dictionary: interpreted, a dictionary of more than 30 keys stops sharing
    its keys and every field read costs more (engine/game.py, ``State``)."""
    game = get(game_id)
    state = game.new(seed=5)
    rng = random.Random(5)
    for _ in range(40):
        if state.over:
            break
        seat = state.to_act[0]
        for made in (state, state.clone(), game.sample_state(state.observation(seat), rng)):
            assert not hasattr(made, "__dict__"), sorted(vars(made))
        state.apply(seat, state.random_action(seat, rng))
