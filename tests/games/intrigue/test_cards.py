"""Every card's effect, one test (or more) per card, named after it."""

from __future__ import annotations

import pytest

from courtly.engine.errors import IllegalAction
from courtly.games.intrigue import cards as C
from courtly.games.intrigue.round import totals

from .helpers import codes, stack, table


def test_card_oracle_draws_two_then_discards_one() -> None:
    s = table(hands=[["ORACLE", "FEUD"], ["PUB2"], ["PUB3"]], deck_top=["ENTH1", "SPY"])
    s.apply(0, "play ORACLE")
    assert s.decision == "discard" and s.to_act == (0,)
    assert sorted(codes(s.hands[0])) == ["ENTH1", "FEUD", "SPY"]
    assert {a.notation for a in s.legal_actions(0)} == {
        "discard FEUD",
        "discard ENTH1",
        "discard SPY",
    }
    with pytest.raises(IllegalAction, match="Oracle awaits"):
        s.apply(0, "take A+3")
    s.apply(0, "discard FEUD")
    assert sorted(codes(s.hands[0])) == ["ENTH1", "SPY"] and codes(s.discard) == ["ORACLE", "FEUD"]
    assert s.to_act == (1,) and s.effect == -1


def test_card_oracle_with_an_empty_deck_and_hand_ends_the_round() -> None:
    s = table(hands=[["ORACLE"], ["PUB2"], ["PUB3"]], rounds=1)
    s.deck.clear()
    s.apply(0, "play ORACLE")
    assert s.over


def test_card_assassination_mid_round() -> None:
    s = table(
        characters=("PRINCESS", "DUKE", "BISHOP", "PROPHET"),
        hands=[["ASSASSIN", "PUB1"], ["MILITARY", "PUB2"], ["PUB3", "PUB4"]],
        stacks={"A": [("ZEALOTS", 2, False)]},
        tokens={"A+3": 2},
    )
    s.char_points = [1, 0, 0]
    assert totals(s)[0] == 0  # Zealots gives the Princess nothing
    s.apply(0, "play ASSASSIN")
    assert [a.notation for a in s.legal_actions(0)] == ["target A", "target B", "target C"]
    events = s.apply(0, "target A")
    assert any(e.kind == "assassination" for e in events)
    assert codes(s.chars)[0] == "PROPHET" and s.char_points == [0, 0, 0]
    assert totals(s)[0] == 2  # the same stack, now valued for the Prophet (Religion)
    assert s.tokens[0] == 2
    s.apply(1, "down MILITARY A")
    assert totals(s)[0] == 4  # play goes on with the new character


def test_card_virtue_discards_the_first_negative_card_found() -> None:
    s = table(
        hands=[["VIRTUE", "PUB1"], ["PUB2"], ["PUB3"]],
        stacks={"A": [("BLACKMAIL", 1, False), ("PUB4", 2, True), ("ENTH2", 2, False)]},
    )
    s.apply(0, "play VIRTUE")
    s.apply(0, "target A")
    assert stack(s, "A") == ["PUB4", "ENTH2"] and s.stack_up[0] == [True, True]
    assert codes(s.discard) == ["VIRTUE", "BLACKMAIL"]


def test_card_virtue_without_a_negative_card_reveals_the_whole_stack() -> None:
    s = table(
        hands=[["VIRTUE", "PUB1"], ["PUB2"], ["PUB3"]],
        stacks={"A": [("ENTH1", 1, False), ("SPY", 2, False)]},
    )
    s.apply(0, "play VIRTUE")
    s.apply(0, "target A")
    assert stack(s, "A") == ["ENTH1", "SPY"] and s.stack_up[0] == [True, True]


def test_card_spy_reveals_one_random_face_down_card() -> None:
    seen = set()
    for seed in range(12):
        s = table(
            hands=[["SPY", "PUB1"], ["PUB2"], ["PUB3"]],
            stacks={"B": [("ENTH1", 1, False), ("FEUD", 2, False), ("PUB4", 1, True)]},
            seed=seed,
        )
        s.apply(0, "play SPY")
        s.apply(0, "target B")
        assert s.stack_up[1] == [False, False, True]  # shown, still face down (INT-18)
        assert s.stack_shown[1].count(True) == 1
        seen.add(tuple(s.stack_shown[1]))
    assert seen == {(True, False, False), (False, True, False)}


def test_card_manipulate_swaps_your_token_with_an_opponents() -> None:
    s = table(
        hands=[["MANIP", "PUB1"], ["PUB2"], ["PUB3"]],
        tokens={"A+1": 0, "B+3": 1, "C+3": 2},
    )
    s.apply(0, "play MANIP")
    assert {a.notation for a in s.legal_actions(0)} == {"swap A+1 B+3", "swap A+1 C+3"}
    s.apply(0, "swap A+1 C+3")
    assert s.tokens == [-1, 2, 1, -1, 0, -1]


def test_card_misinformation_moves_a_relationship_to_an_adjacent_pair() -> None:
    s = table(
        hands=[["MISINFO", "PUB1"], ["PUB2"], ["PUB3"]],
        rels={"DEBT": ("C", "B"), "FRIEND": ("A", "B")},
    )
    s.apply(0, "play MISINFO")
    legal = {a.notation for a in s.legal_actions(0)}
    # Debt (negative) may move onto Friendship's pair, replacing it, or to the empty CA.
    assert legal == {"move BC AB", "move BC CA", "move AB CA", "move AB BC"}
    s.apply(0, "move BC AB")  # C->B was anticlockwise on BC: it is B->A on AB
    assert s.observation(None)["relationships"] == [
        {"card": "DEBT", "left": "B", "right": "A"},
        None,
        None,
    ]
    assert codes(s.discard) == ["MISINFO", "FRIEND"]


def test_card_lies_reverses_a_relationship() -> None:
    s = table(hands=[["LIES", "PUB1"], ["PUB2"], ["PUB3"]], rels={"BLACKMAIL": ("C", "A")})
    s.apply(0, "play LIES")
    assert [a.notation for a in s.legal_actions(0)] == ["reverse CA"]
    s.apply(0, "reverse CA")
    assert s.observation(None)["relationships"][2] == {
        "card": "BLACKMAIL",
        "left": "A",
        "right": "C",
    }


@pytest.mark.parametrize("code", ["DEFY1", "DEFY2"])
def test_card_defiance_face_up_discards_a_card(code: str) -> None:
    s = table(hands=[[code, "ENTH1", "FEUD"], ["PUB2"], ["PUB3"]])
    deck = len(s.deck)
    s.apply(0, f"up {code} B")
    assert s.decision == "discard" and s.effect == C.BY_CODE[code]
    s.apply(0, "discard FEUD")
    assert codes(s.hands[0]) == ["ENTH1"] and codes(s.discard) == ["FEUD"]
    assert stack(s, "B") == [code] and s.stack_up[1] == [True] and len(s.deck) == deck


def test_card_defiance_face_up_with_nothing_left_to_discard() -> None:
    s = table(hands=[["DEFY1"], ["PUB2"], ["PUB3"]], rounds=1)
    s.apply(0, "up DEFY1 B")
    assert s.over


@pytest.mark.parametrize(
    ("code", "with_trait", "without_trait"),
    [
        ("MILITARY", "DUKE", "PRINCESS"),
        ("LOYAL", "PRINCESS", "BISHOP"),
        ("ZEALOTS", "BISHOP", "DUKE"),
        ("GUILDS", "PRINCESS", "PROPHET"),
    ],
)
def test_card_trait_support_face_up_draws_and_counts_by_trait(
    code: str, with_trait: str, without_trait: str
) -> None:
    others = [
        c for c in ("PRINCESS", "DUKE", "BISHOP", "PROPHET") if c not in (with_trait, without_trait)
    ]
    s = table(
        characters=(with_trait, without_trait, others[0]),
        hands=[[code, "PUB1"], ["PUB2"], ["PUB3"]],
        deck_top=["SPY"],
    )
    s.apply(0, f"up {code} A")
    assert sorted(codes(s.hands[0])) == ["PUB1", "SPY"]
    assert totals(s)[0] == 2
    t = table(
        characters=(with_trait, without_trait, others[0]),
        hands=[[code, "PUB1"], ["PUB2"], ["PUB3"]],
    )
    t.apply(0, f"down {code} B")
    assert totals(t)[1] == 0


@pytest.mark.parametrize(
    ("code", "value"),
    [("PUB1", 1), ("PUB2", 1), ("PUB3", 1), ("PUB4", 1), ("ENTH1", 2), ("ENTH2", 2)],
)
def test_card_public_and_enthusiastic_support(code: str, value: int) -> None:
    hands = [[code, "SPY"], ["MANIP"], ["LIES"]]
    s = table(hands=hands, deck_top=["FEUD"])
    s.apply(0, f"up {code} C")
    assert totals(s)[2] == value and "FEUD" in codes(s.hands[0])
    assert s.observation(1)["stacks"][2] == [{"by": 0, "up": True, "card": code}]


@pytest.mark.parametrize(
    ("code", "value"),
    [("ORACLE", 0), ("ASSASSIN", -1), ("VIRTUE", 1), ("SPY", 0), ("MANIP", -1), ("MISINFO", 0),
     ("LIES", -1), ("FRIEND", 1), ("FEUD", -1), ("ADVANT", 0), ("DEBT", -1), ("BLACKMAIL", -1)],
)  # fmt: skip
def test_card_played_face_down_counts_its_support_value(code: str, value: int) -> None:
    s = table(hands=[[code, "PUB1"], ["PUB2"], ["PUB3"]])
    s.apply(0, f"down {code} B")
    assert totals(s) == [0, value, 0]
    assert s.observation(1)["stacks"][1] == [{"by": 0, "up": False}]
    assert s.observation(0)["stacks"][1] == [{"by": 0, "up": False, "card": code}]


def test_card_friendship_adds_one_to_both_ends() -> None:
    s = table(hands=[["FRIEND", "PUB1"], ["PUB2"], ["PUB3"]])
    s.apply(0, "rel FRIEND C B")
    assert totals(s) == [0, 1, 1]


def test_card_feud_takes_one_from_both_ends() -> None:
    s = table(hands=[["FEUD", "PUB1"], ["PUB2"], ["PUB3"]])
    s.apply(0, "rel FEUD A C")
    assert totals(s) == [-1, 0, -1]


def test_card_advantage_lifts_its_left_end_and_lowers_its_right() -> None:
    s = table(hands=[["ADVANT", "PUB1"], ["PUB2"], ["PUB3"]])
    s.apply(0, "rel ADVANT C B")
    assert totals(s) == [0, -1, 1]


def test_card_debt_moves_a_random_card_from_debtor_to_lender() -> None:
    moved = set()
    for seed in range(16):
        s = table(
            hands=[["PUB1"], ["PUB2"], ["PUB3"]],
            stacks={"C": [("ENTH1", 1, False), ("FEUD", 2, False)]},
            rels={"DEBT": ("C", "A")},
            rounds=1,
            seed=seed,
        )
        s.apply(0, "down PUB1 B")
        assert len(s.stacks[2]) == 1 and len(s.stacks[0]) == 1
        moved.add(stack(s, "A")[0])
        log = s.round_log[0]
        assert log["debt"]["from"] == "C" and log["debt"]["to"] == "A"
    assert moved == {"ENTH1", "FEUD"}


def test_card_debt_with_an_empty_debtor_moves_nothing() -> None:
    s = table(hands=[["PUB1"], ["PUB2"], ["PUB3"]], rels={"DEBT": ("C", "A")}, rounds=1)
    s.apply(0, "down PUB1 B")
    assert "debt" not in s.round_log[0] and s.round_log[0]["winner"] == "B"


def test_card_blackmail_steals_a_win() -> None:
    s = table(
        hands=[["PUB1"], ["PUB4"], ["PUB3"]],
        stacks={"A": [("ENTH1", 0, False)], "B": [("PUB2", 1, False)]},
        rels={"BLACKMAIL": ("C", "A")},
        tokens={"C+3": 1, "A+3": 2},
        rounds=1,
    )
    s.apply(0, "down PUB1 B")  # A 2, B 2: A wins on Priority, then Blackmail gives it to C
    log = s.round_log[0]
    assert log["leader"] == "A" and log["winner"] == "C" and log["blackmail"] is True
    assert s.char_points == [0, 0, 1]
    assert log["points"] == [0, 3, -1]


def test_card_blackmail_does_nothing_when_the_victim_loses() -> None:
    s = table(
        hands=[["PUB1"], ["PUB2"], ["PUB3"]],
        rels={"BLACKMAIL": ("C", "A")},
        rounds=1,
    )
    s.apply(0, "down PUB1 B")
    assert s.round_log[0]["winner"] == "B" and "blackmail" not in s.round_log[0]


def test_card_a_replaced_relationship_is_discarded() -> None:
    s = table(hands=[["FEUD", "PUB1"], ["PUB2"], ["PUB3"]], rels={"FRIEND": ("A", "B")})
    events = s.apply(0, "rel FEUD B A")
    assert any(e.kind == "replaced" and e.data["card"] == "FRIEND" for e in events)
    assert codes(s.discard) == ["FRIEND"] and s.rel_card[0] == C.FEUD
    assert totals(s) == [-1, -1, 0]
