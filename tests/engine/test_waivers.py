"""``courtly.engine.waivers``: which move lets a seat's decision pass, and why
a request to let it pass is refused. The terminal's ``pass all`` and the
server's ``pass_all`` both ask it (tests/cli/test_terminal.py,
tests/server/test_pass_all.py), so the rules are pinned here once."""

from __future__ import annotations

import random

from courtly.engine.game import State
from courtly.engine.waivers import unwaivable, waiver
from courtly.games import get


def to_a_window(seed: int) -> State:
    """A three-player Garrison game played at random to its first reaction
    window (a decision answering another's move)."""
    game = get("garrison")
    state = game.new(players=3, seed=seed)
    rng = random.Random(seed)
    while state.decision != "reaction":
        assert not state.over, "no reaction window in this game"
        seat = state.to_act[0]
        state.apply(seat, state.random_action(seat, rng))
    return state


def test_a_reaction_window_is_let_pass_by_its_pass_and_only_for_a_seat_asked() -> None:
    state = to_a_window(3)
    asked = state.to_act
    for seat in asked:
        move = waiver(state, seat)
        assert move is not None and move.notation == "pass"
        assert unwaivable(state, seat, "pass_all", "send act") is None
    others = [s for s in range(state.players) if s not in asked]
    for seat in others:
        assert waiver(state, seat) is None
        why = unwaivable(state, seat, "pass_all", "send act")
        assert why is not None and why.code == "not_your_turn"
        assert why.reason.startswith("pass_all answers a decision of yours")


def test_the_legal_ids_given_decide_whether_the_waiver_is_legal() -> None:
    state = to_a_window(3)
    seat = state.to_act[0]
    passing = waiver(state, seat)
    assert passing is not None
    assert waiver(state, seat, legal=()) is None  # not among the legal moves given
    assert waiver(state, seat, legal={passing.id}) == passing


def test_a_decision_of_one_s_own_is_refused_naming_the_decisions_that_may_pass() -> None:
    game = get("garrison")
    state = game.new(players=2, seed=4)
    seat = state.to_act[0]
    assert state.decision != "reaction" and waiver(state, seat) is None
    why = unwaivable(state, seat, "'pass all'", "type your move")
    assert why is not None and why.code == "illegal"
    assert "('reaction')" in why.reason and f"({state.decision!r}) is your own" in why.reason
    assert why.reason.endswith("type your move")


def test_a_game_with_nothing_to_let_pass_says_so() -> None:
    state = get("crown-rivals").new(players=2, seed=0)
    seat = state.to_act[0]
    assert waiver(state, seat) is None
    why = unwaivable(state, seat, "pass_all", "send act")
    assert why is not None and why.code == "illegal" and "Crown Rivals has none" in why.reason


def test_a_finished_game_lets_nothing_pass() -> None:
    state = get("garrison").new(players=2, seed=5)
    rng = random.Random(5)
    while not state.over:
        seat = state.to_act[0]
        state.apply(seat, state.random_action(seat, rng))
    why = unwaivable(state, 0, "pass_all", "send act")
    assert why is not None and why.code == "over"
    assert waiver(state, 0) is None
