"""Hidden information: stacks face down, Favors face down, hands hidden; what each
seat saw, and sampled worlds that respect it."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from courtly.engine.testing import card_codes_in, random_step
from courtly.games.intrigue import GAME
from courtly.games.intrigue import cards as C

from .helpers import table


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
