"""Hidden information: stacks face down, Favors face down, hands hidden; what each
seat saw, and sampled worlds that respect it."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from courtly.engine.actions import Action
from courtly.engine.testing import card_codes_in, random_step, walk
from courtly.games.intrigue import GAME
from courtly.games.intrigue import cards as C
from courtly.games.intrigue.rules import IntrigueState

from .helpers import codes, table


def test_face_down_cards_are_known_only_to_whoever_played_them() -> None:
    s = table(hands=[["FEUD", "PUB1"], ["PUB2", "ENTH1"], ["PUB3"]])
    s.apply(0, "down FEUD B")
    assert s.observation(0)["stacks"][1] == [{"by": 0, "up": False, "card": "FEUD"}]
    for seat in (1, 2, None):
        obs = s.observation(seat)
        assert obs["stacks"][1] == [{"by": 0, "up": False}]
        assert "FEUD" not in json.dumps(obs)
    assert "FEUD" in s.hidden_from(1) and "FEUD" not in s.hidden_from(0)


def test_hands_are_hidden_and_sizes_public() -> None:
    s = GAME.new(seed=2)
    obs = s.observation(1)
    assert obs["hand_sizes"] == [5, 5, 5] and obs["deck_size"] == 9
    mine = set(obs["hand"])
    assert card_codes_in(obs, GAME.card_codes()) & set(C.CODES[:24]) == mine
    assert "hand" not in s.observation(None)


def test_favors_are_face_down_in_play_order() -> None:
    s = table(hands=[["PUB1", "PUB4"], ["PUB2", "ENTH1"], ["PUB3", "ENTH2"]])
    s.apply(0, "favor C")
    s.apply(1, "favor A")
    assert s.observation(0)["favors_played"] == [{"by": 0, "card": "F0C"}, {"by": 1}]
    assert s.observation(2)["favors_played"] == [{"by": 0}, {"by": 1}]
    assert s.observation(0)["favors"] == ["F0A", "F0B"]
    assert s.observation(0)["favors_left"] == [2, 2, 3]
    assert {"F0C", "F1A"} <= s.hidden_from(2)


def test_sample_state_keeps_what_the_seat_knows_and_varies_the_rest() -> None:
    s = table(
        hands=[["FEUD", "PUB1", "SPY"], ["PUB2", "ENTH1"], ["PUB3", "ENTH2"]],
        stacks={"A": [("LIES", 1, False), ("DEBT", 2, True)]},
    )
    s.apply(0, "down FEUD B")
    s.apply(1, "favor B")
    obs = s.observation(0)
    worlds = set()
    for k in range(10):
        w = GAME.sample_state(obs, random.Random(k))
        assert w.observation(0) == obs
        assert w.stacks[1] == [C.FEUD] and w.stacks[0][1] == C.DEBT
        known = {C.FEUD, C.DEBT, C.BY_CODE["PUB1"], C.SPY}
        assert w.stacks[0][0] not in known and not known & set(w.hands[1] + w.hands[2] + w.deck)
        assert w.favors_played[0] in {C.favor_card(1, x) for x in range(3)}
        worlds.add((w.stacks[0][0], tuple(sorted(w.hands[1])), w.favors_played[0]))
    assert len(worlds) > 5


def test_sample_state_mid_decision_restores_the_pending_choice() -> None:
    s = table(hands=[["ORACLE", "FEUD"], ["PUB2"], ["PUB3"]], deck_top=["ENTH1", "SPY"])
    s.apply(0, "play ORACLE")
    for seat in (0, 1, None):
        obs = s.observation(seat)
        w = GAME.sample_state(obs, random.Random(1))
        assert w.decision == "discard" and w.to_act == (0,) and w.effect == C.ORACLE
        assert w.observation(seat) == obs
        assert len(w.legal_actions(0)) == 3


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000), steps=st.integers(0, 80), viewer=st.sampled_from([0, 1, 2, None])
)
def test_property_sampled_worlds_agree_and_hide_nothing_known(
    seed: int, steps: int, viewer: int | None
) -> None:
    s = GAME.new(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.over:
            break
        random_step(s, rng)
    obs = s.observation(viewer)
    w = GAME.sample_state(obs, random.Random(seed + 1))
    assert w.observation(viewer) == obs
    assert sorted(c for z in w.zones().values() for c in z) == list(range(43))
    # Everything the viewer may see is where it really is.
    known = set(C.CODES) - s.hidden_from(viewer)
    for zone, cards in s.zones().items():
        if zone == "deck":
            continue
        real = {C.CODES[c] for c in cards} & known
        assert real <= {C.CODES[c] for c in w.zones()[zone]}, zone
    if not w.over:
        for _ in range(200):
            if w.over:
                break
            random_step(w, rng)


def _seen_by(state: IntrigueState, actor: int, action: Action, viewer: int) -> str:
    """What ``viewer`` learns when ``actor`` plays ``action``: its observation after
    it, and the events it is shown (with their log lines). The state is cloned
    with its random generator, so every branch draws the same."""
    branch = state.clone()
    events = branch.apply(actor, action)
    shown = [(e.kind, e.data, GAME.describe(e, viewer)) for e in events if e.visible_to(viewer)]
    return json.dumps([branch.observation(viewer), shown], sort_keys=True)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {
            "spy_reveal": "face_up",
            "idle_actions": "forbidden",
            "last_card": "resolves",
            "leftover_hands": "keep",
            "hand_size": 4,
        },
    ],
)
def test_observed_as_groups_exactly_the_moves_a_seat_cannot_tell_apart(
    options: dict[str, Any],
) -> None:
    grouped = 0
    for seed in range(6):
        for state in walk(GAME, 3, seed, options):
            if state.over:
                continue
            assert isinstance(state, IntrigueState)
            actor = state.to_act[0]
            legal = state.legal_actions(actor)
            for a in legal:
                assert GAME.observed_as(a, actor, actor) == a.id
            for viewer in range(3):
                if viewer == actor:
                    continue
                views_of: dict[int, set[str]] = defaultdict(set)
                ids_of: dict[str, set[int]] = defaultdict(set)
                for a in legal:
                    seen_as = GAME.observed_as(a, actor, viewer)
                    # The id of an action with the same public part.
                    same = GAME.actions[seen_as]
                    assert same.kind == a.kind
                    if a.kind == "down":
                        assert same.params()["character"] == a.params()["character"]
                    view = _seen_by(state, actor, a, viewer)
                    views_of[seen_as].add(view)
                    ids_of[view].add(seen_as)
                assert all(len(v) == 1 for v in views_of.values()), "one id, different views"
                assert all(len(i) == 1 for i in ids_of.values()), "one view, different ids"
                grouped += len(legal) - len(views_of)
    assert grouped > 0


def test_a_face_down_play_and_a_favor_name_nothing_hidden_to_others() -> None:
    s = table(hands=[["FEUD", "PUB1"], ["PUB2", "ENTH1"], ["PUB3", "ENTH2"]])
    down = s.apply(0, "down FEUD B")
    favor = s.apply(1, "favor C")
    for seat in (0, 1, 2, None):
        for e in down:
            line = GAME.describe(e, seat)
            if e.visible_to(seat) and seat != 0:
                assert "FEUD" not in json.dumps(e.data) and "Feud" not in (line or "")
        for e in favor:
            line = GAME.describe(e, seat)
            if e.visible_to(seat) and seat != 1:
                assert "F1C" not in json.dumps(e.data) and "favor" not in e.data
                assert line is None or "C" not in line.replace("seat", "")
    assert any("Feud" in (GAME.describe(e, 0) or "") for e in down)  # its printed name


def test_sample_state_keeps_a_card_a_spy_showed_where_it_was() -> None:
    s = table(
        hands=[["SPY", "PUB1"], ["PUB2", "PUB4"], ["PUB3", "ENTH1"]],
        stacks={"B": [("FEUD", 1, False), ("ENTH2", 2, False)]},
    )
    s.apply(0, "play SPY")
    s.apply(0, "target B")
    where = s.stack_shown[1].index(True)
    shown = s.stacks[1][where]
    for seat in (0, 1, 2, None):
        obs = s.observation(seat)
        for k in range(8):
            w = GAME.sample_state(obs, random.Random(k))
            assert isinstance(w, IntrigueState)
            assert w.observation(seat) == obs
            assert w.stacks[1][where] == shown and w.stack_shown[1][where]
            assert w.stack_up[1] == [False, False]


def test_sample_state_with_kept_hands_agrees_with_what_was_kept_rounds_ago() -> None:
    """With leftover_hands=keep, what a seat kept is among the cards the viewer had
    not seen when the round ended, and stays so in later rounds as far as it was
    not played since."""
    kept1, kept2 = ["PUB2", "PUB3", "ENTH1"], ["PUB4", "ENTH2"]
    rest = [c for c in C.CODES[: C.DECK_SIZE] if c not in ["PUB1", *kept1, *kept2]]
    s = table(
        hands=[["PUB1"], kept1, kept2],
        stacks={"A": [(c, 1, True) for c in rest]},
        hand_size=1,
        leftover_hands="keep",
    )
    assert not s.deck
    s.apply(0, "down PUB1 A")  # round 1 is over; seats 1 and 2 keep their cards
    assert s.round == 2 and s.to_act == (1,)

    def check(seat: int | None, must: dict[int, tuple[set[str], int]]) -> None:
        obs = s.observation(seat)
        for k in range(20):
            w = GAME.sample_state(obs, random.Random(k))
            assert isinstance(w, IntrigueState)
            assert w.observation(seat) == obs
            for other, (cards, n) in must.items():
                held = set(codes(w.hands[other]))
                assert len(held & cards) >= n, (seat, other, held)
            everywhere = set().union(*(c for c, _ in must.values()))
            assert not everywhere & set(codes(w.deck))

    u0 = {*kept1, *kept2}
    for seat in (0, None):
        check(seat, {1: (u0, 3), 2: (u0, 2)})
    s.apply(1, "up PUB2 A")
    s.apply(2, "favor A")
    s.apply(0, "favor A")
    s.apply(1, "up PUB3 B")
    s.apply(2, "favor B")
    s.apply(0, f"down {codes(s.hands[0])[0]} A")  # round 2 is over
    assert s.round == 3
    # Seat 1 played two of the cards it kept: one of ENTH1, PUB4, ENTH2 is still
    # its, two are seat 2's.
    left = {"ENTH1", "PUB4", "ENTH2"}
    for seat in (0, None):
        check(seat, {1: (left, 1), 2: (left, 2)})


def test_the_real_world_agrees_with_what_each_seat_knows_of_kept_cards() -> None:
    options = {"leftover_hands": "keep", "hand_size": 3, "rounds": 5}
    clues = 0
    for seed in range(6):
        for state in walk(GAME, 3, seed, options):
            assert isinstance(state, IntrigueState)
            for seat in (0, 1, 2, None):
                for clue in state.observation(seat)["kept"]:
                    other = clue["seat"]
                    assert other != seat
                    unseen_by_it = set(state.hands[other]) | {
                        c
                        for x in range(3)
                        for c, by, seen in zip(
                            state.stacks[x], state.stack_by[x], state.seen(x), strict=True
                        )
                        if by == other and not seen
                    }
                    assert len(unseen_by_it & set(clue["of"])) >= clue["at_least"]
                    clues += 1
    assert clues > 0
