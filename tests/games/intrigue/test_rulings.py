"""Every INT ruling, pinned by name (see the game's RULES.md)."""

from __future__ import annotations

import pytest

from courtly.engine.errors import IllegalAction
from courtly.games.intrigue import GAME
from courtly.games.intrigue import cards as C
from courtly.games.intrigue.round import totals

from .helpers import codes, stack, table


def test_INT_1_the_deck_holds_24_cards_and_four_characters() -> None:
    kinds = [c.kind for c in C.DECK]
    assert len(C.DECK) == 24
    assert (kinds.count("action"), kinds.count("support"), kinds.count("relationship")) == (
        7,
        12,
        5,
    )
    names = [c.name for c in C.DECK]
    assert names.count("Defiance") == 2 and names.count("Public Support") == 4
    assert names.count("Enthusiastic Support") == 2
    assert {c.trait for c in C.DECK if c.trait} == {"Military", "Royalty", "Religion", "Nobility"}
    assert {(c.name, c.priority, c.traits) for c in C.CHARACTERS} == {
        ("Princess", 4, ("Nobility", "Royalty")),
        ("Duke", 3, ("Military", "Nobility")),
        ("Bishop", 2, ("Nobility", "Religion")),
        ("Prophet", 1, ("Military", "Religion")),
    }
    assert len(set(C.CODES)) == len(C.CODES) == 43
    assert GAME.card_codes() == frozenset(C.CODES)
    s = GAME.new(seed=3)
    assert sorted(c for z in s.zones().values() for c in z) == list(range(43))


def test_INT_2_each_round_deals_hand_size_and_there_is_no_draw_each_turn() -> None:
    s = GAME.new(seed=4)
    assert [len(h) for h in s.hands] == [5, 5, 5] and len(s.deck) == 9
    s.apply(0, f"down {C.CODES[s.hands[0][0]]} A")
    assert len(s.hands[0]) == 4 and len(s.deck) == 9
    s6 = GAME.new(seed=4, options={"hand_size": 7})
    assert [len(h) for h in s6.hands] == [7, 7, 7] and len(s6.deck) == 3
    # Drawing from an empty deck does nothing.
    t = table(hands=[["PUB1", "PUB2"], ["PUB3"], ["PUB4"]])
    t.deck.clear()
    t.apply(0, "up PUB1 A")
    assert codes(t.hands[0]) == ["PUB2"]


def test_INT_3_a_turn_is_one_thing_and_the_round_ends_on_an_empty_hand() -> None:
    s = table(hands=[["PUB1", "FEUD"], ["PUB2", "PUB3"], ["PUB4", "ENTH1"]], rounds=1)
    kinds = {a.kind for a in s.legal_actions(0)}
    assert kinds == {"take", "favor", "down", "up", "rel"}
    s.apply(0, "take A+3")
    assert s.to_act == (1,) and s.tokens[0] == 0
    s.apply(1, "favor B")
    assert s.to_act == (2,)
    s.apply(2, "down PUB4 A")
    assert s.to_act == (0,) and not s.over
    s.apply(0, "down PUB1 A")
    s.apply(1, "down PUB2 B")
    s.apply(2, "down ENTH1 C")  # seat 2 is out of cards: the round is over
    assert s.over and s.round_log[0]["round"] == 1
    # Favors do not count as cards.
    t = table(hands=[["PUB1"], ["PUB2"], ["PUB3"]], rounds=1)
    assert t.favor_hand[0] == [0, 1, 2]
    t.apply(0, "down PUB1 A")
    assert t.over


def test_INT_4_relationships_are_ordered_pairs() -> None:
    s = table(hands=[["ADVANT", "PUB1"], ["DEBT", "PUB2"], ["BLACKMAIL", "PUB3"]])
    s.apply(0, "rel ADVANT B A")  # B +1, A -1
    assert totals(s) == [-1, 1, 0]
    s.apply(1, "rel DEBT B C")  # B debtor, C lender
    s.apply(2, "rel BLACKMAIL A C")  # A blackmailer, C victim
    obs = s.observation(None)
    assert obs["relationships"] == [
        {"card": "ADVANT", "left": "B", "right": "A"},
        {"card": "DEBT", "left": "B", "right": "C"},
        {"card": "BLACKMAIL", "left": "A", "right": "C"},
    ]
    assert s.rel_cw == [False, True, False]


def test_INT_4_lies_swaps_the_ends_and_misinformation_keeps_the_clockwise_orientation() -> None:
    s = table(
        hands=[["LIES", "MISINFO", "PUB1"], ["PUB2", "PUB4"], ["PUB3", "ENTH1"]],
        rels={"ADVANT": ("B", "A")},
    )
    s.apply(0, "play LIES")
    s.apply(0, "reverse AB")
    assert s.observation(None)["relationships"][0] == {"card": "ADVANT", "left": "A", "right": "B"}
    s.apply(1, "down PUB2 A")
    s.apply(2, "take A+3")
    s.apply(0, "play MISINFO")
    assert {a.notation for a in s.legal_actions(0)} == {"move AB BC", "move AB CA"}
    s.apply(0, "move AB BC")  # clockwise first end (A on AB) becomes B on BC
    assert s.observation(None)["relationships"][1] == {"card": "ADVANT", "left": "B", "right": "C"}
    assert s.rel_card[0] == -1


def test_INT_5_replacing_needs_one_positive_and_one_negative() -> None:
    s = table(
        hands=[["FRIEND", "PUB1"], ["ADVANT", "PUB2"], ["BLACKMAIL", "PUB3"]],
        rels={"FEUD": ("A", "B"), "DEBT": ("B", "C")},
    )
    legal = {a.notation for a in s.legal_actions(0)}
    assert "rel FRIEND A B" in legal and "rel FRIEND C B" in legal
    s.apply(0, "rel FRIEND B A")  # replaces Feud, which is discarded
    assert codes(s.discard) == ["FEUD"] and s.rel_card[0] == C.FRIEND
    # Advantage (0) never replaces anything.
    legal = {a.notation for a in s.legal_actions(1)}
    assert "rel ADVANT A B" not in legal and "rel ADVANT B C" not in legal
    assert "rel ADVANT C A" in legal
    with pytest.raises(IllegalAction, match="INT-5"):
        s.apply(1, "rel ADVANT A B")
    s.apply(1, "rel ADVANT C A")
    # Negative cannot replace negative nor zero; it can replace Friendship.
    legal = {a.notation for a in s.legal_actions(2)}
    assert "rel BLACKMAIL B C" not in legal and "rel BLACKMAIL C A" not in legal
    assert "rel BLACKMAIL A B" in legal
    assert C.sign(C.ADVANT) == 0 and C.sign(C.FRIEND) == 1
    assert all(C.sign(c) == -1 for c in (C.FEUD, C.DEBT, C.BLACKMAIL))


def test_INT_6_trait_supports_use_the_slash_and_face_up_supports_count() -> None:
    s = table(
        characters=("PRINCESS", "DUKE", "PROPHET"),
        hands=[["MILITARY", "LOYAL"], ["ZEALOTS", "GUILDS"], ["PUB3", "PUB4"]],
    )
    s.apply(0, "up MILITARY A")  # Princess lacks Military: 0
    s.apply(1, "up ZEALOTS C")  # Prophet has Religion: +2
    s.apply(2, "down PUB3 B")
    s.apply(0, "down LOYAL A")  # Princess has Royalty: +2
    s.apply(1, "down GUILDS B")  # Duke has Nobility: +2
    assert totals(s) == [2, 3, 2]
    assert C.support_value(C.BY_CODE["GUILDS"], C.BY_CODE["PROPHET"]) == 0


def test_INT_7_virtue_reveals_from_the_top_and_revealed_cards_stay_up() -> None:
    s = table(
        hands=[["VIRTUE", "PUB1"], ["PUB2"], ["PUB3"]],
        stacks={
            "B": [("FEUD", 1, False), ("ENTH1", 2, False), ("LIES", 1, False), ("PUB4", 2, False)]
        },
    )
    s.apply(0, "play VIRTUE")
    s.apply(0, "target B")
    # PUB4 (top) then LIES: LIES is negative and discarded; FEUD and ENTH1 stay hidden.
    assert stack(s, "B") == ["FEUD", "ENTH1", "PUB4"]
    assert s.stack_up[1] == [False, False, True]
    assert codes(s.discard) == ["VIRTUE", "LIES"]
    b = s.observation(0)["stacks"][1]
    assert [e.get("card") for e in b] == [None, None, "PUB4"]


@pytest.mark.parametrize("spy_reveal", ["shown", "face_up"])
def test_INT_7_spy_shows_its_card_to_everyone(spy_reveal: str) -> None:
    s = table(
        hands=[["SPY", "PUB1"], ["PUB2"], ["PUB3"]],
        stacks={"C": [("ENTH2", 1, False)]},
        spy_reveal=spy_reveal,
    )
    s.apply(0, "play SPY")
    assert [a.notation for a in s.legal_actions(0)] == ["target C"]
    s.apply(0, "target C")
    for seat in (0, 1, 2, None):
        entry = s.observation(seat)["stacks"][2][0]
        assert entry["card"] == "ENTH2" and entry["by"] == 1
        assert entry["up"] is (spy_reveal == "face_up")
        assert "ENTH2" not in s.hidden_from(seat)


def test_INT_8_assassination_keeps_the_letter_tokens_favors_stack_and_relationships() -> None:
    s = table(
        characters=("PRINCESS", "DUKE", "BISHOP", "PROPHET"),
        hands=[["ASSASSIN", "PUB1"], ["PUB2"], ["PUB3"]],
        stacks={"B": [("ENTH1", 1, False)]},
        rels={"FRIEND": ("A", "B")},
        tokens={"B+3": 1},
    )
    s.char_points = [0, 2, 0]
    s.favors_played = [C.favor_card(2, 1)]
    s.favor_hand[2] = [0, 2]
    s.apply(0, "play ASSASSIN")
    s.apply(0, "target B")
    assert codes(s.chars) == ["PRINCESS", "PROPHET", "BISHOP"]
    assert s.char_points == [0, 0, 0]
    assert stack(s, "B") == ["ENTH1"] and s.rel_card[0] == C.FRIEND
    assert s.tokens[2] == 1 and s.favors_played == [C.favor_card(2, 1)]
    assert codes(s.gone) == ["DUKE"] and s.unused == []


def test_INT_9_debt_moves_a_card_before_the_reveal_then_blackmail_overrides() -> None:
    s = table(
        hands=[["PUB1"], ["PUB2"], ["PUB3"]],
        stacks={"A": [("ENTH1", 0, False)]},
        rels={"DEBT": ("A", "B"), "BLACKMAIL": ("C", "B")},
        tokens={"C+3": 1, "B+3": 2},
        rounds=1,
    )
    s.apply(0, "down PUB1 C")  # seat 0 is out of cards
    log = s.round_log[0]
    assert log["debt"] == {"from": "A", "to": "B", "value": 2}
    assert stack(s, "B") == ["ENTH1"] and stack(s, "A") == []
    assert log["totals"] == {"A": 0, "B": 2, "C": 1}
    assert log["leader"] == "B" and log["winner"] == "C" and log["blackmail"]
    assert log["points"] == [0, 3, -1]


def test_INT_9_remaining_ties_go_to_the_higher_priority() -> None:
    s = table(
        characters=("BISHOP", "PROPHET", "DUKE"),
        hands=[["PUB1"], ["PUB2"], ["PUB3"]],
        stacks={"A": [("PUB4", 1, False)], "B": [("ENTH1", 1, False)]},
        rounds=1,
    )
    s.apply(0, "down PUB1 C")  # A 1, B 2, C 1... C gets PUB1: 1
    assert s.round_log[0]["winner"] == "B"
    t = table(
        characters=("BISHOP", "PROPHET", "DUKE"), hands=[["PUB1"], ["PUB2"], ["PUB3"]], rounds=1
    )
    t.apply(0, "down PUB1 B")  # B 1 alone
    assert t.round_log[0]["winner"] == "B"
    u = table(
        characters=("BISHOP", "PROPHET", "DUKE"), hands=[["DEFY1"], ["PUB2"], ["PUB3"]], rounds=1
    )
    u.apply(0, "down DEFY1 B")  # all at 0: the Duke (priority 3) wins
    assert u.round_log[0]["winner"] == "C"


def test_INT_10_the_game_ends_after_three_rounds() -> None:
    from courtly.engine.testing import random_game

    for seed in range(40):
        s = random_game(GAME, 3, seed)
        n = len(s.round_log)
        assert 1 <= n <= 3
        before = s.final["before_favors"]  # type: ignore[index]
        assert n == 3 or min(before) <= 0


def test_INT_10_the_game_ends_after_a_round_that_leaves_a_player_at_zero() -> None:
    s = table(hands=[["PUB1"], ["PUB2"], ["PUB3"]], tokens={"B+3": 0})
    s.points = [1, 3, 3]
    s.apply(0, "down PUB1 A")  # A wins; seat 0 loses 1 for B+3 and has 0
    assert s.over and s.round == 1 and s.final is not None
    assert s.final["before_favors"] == [0, 3, 3]


def test_INT_11_leftover_hands_return_or_are_kept() -> None:
    s = table(hands=[["PUB1"], ["PUB2", "PUB3"], ["PUB4", "ENTH1", "ENTH2"]])
    s.apply(0, "down PUB1 A")
    assert [len(h) for h in s.hands] == [5, 5, 5]
    assert sorted(c for z in s.zones().values() for c in z) == list(range(43))
    k = table(hands=[["PUB1"], ["PUB2", "PUB3"], ["PUB4", "ENTH1", "ENTH2"]], leftover_hands="keep")
    k.apply(0, "down PUB1 A")
    assert [len(h) for h in k.hands] == [5, 7, 8]
    assert {"PUB2", "PUB3"} <= set(codes(k.hands[1]))


def test_INT_12_an_assassinated_character_is_gone_or_returns_to_the_unused() -> None:
    gone = table(hands=[["ASSASSIN", "PUB1"], ["PUB2"], ["PUB3"]])
    gone.apply(0, "play ASSASSIN")
    gone.apply(0, "target A")
    assert codes(gone.gone) == ["PRINCESS"] and gone.unused == []
    # With no unused character left, Assassination cannot be played for its effect.
    assert gone.playable(C.ASSASSIN, 1) is False
    back = table(hands=[["ASSASSIN", "PUB1"], ["PUB2"], ["PUB3"]], assassinated="unused")
    back.apply(0, "play ASSASSIN")
    back.apply(0, "target A")
    assert codes(back.unused) == ["PRINCESS"] and back.gone == []
    assert codes(back.chars) == ["PROPHET", "DUKE", "BISHOP"]


def test_INT_13_the_next_round_starts_rotating_or_continuing() -> None:
    s = table(hands=[["PUB1", "PUB4"], ["PUB2"], ["PUB3"]])
    s.apply(0, "down PUB1 A")
    s.apply(1, "down PUB2 A")  # seat 1 is out of cards
    assert s.round == 2 and s.to_act == (1,)  # rotate: seat 0 started, seat 1 starts
    c = table(hands=[["PUB1", "PUB4"], ["PUB2"], ["PUB3"]], next_round_starts="continue")
    c.apply(0, "down PUB1 A")
    c.apply(1, "down PUB2 A")
    assert c.round == 2 and c.to_act == (2,)  # left of the player who took the last turn


ALL_ACTIONS = ("ORACLE", "ASSASSIN", "VIRTUE", "SPY", "MANIP", "MISINFO", "LIES")


def test_INT_14_an_action_with_nothing_to_act_on_is_played_for_no_effect() -> None:
    s = table(
        characters=("PRINCESS", "DUKE", "BISHOP", "PROPHET"),
        hands=[list(ALL_ACTIONS), ["PUB2"], ["PUB3"]],
    )
    plays = {a.notation for a in s.legal_actions(0) if a.kind == "play"}
    assert plays == {f"play {c}" for c in ALL_ACTIONS}
    assert not s.playable(C.SPY, 0)  # no face-down card anywhere
    events = s.apply(0, "play SPY")
    assert events[0].kind == "play" and events[0].data["no_effect"] is True
    assert codes(s.discard) == ["SPY"] and "SPY" not in codes(s.hands[0])
    assert s.decision == "turn" and s.to_act == (1,) and s.effect == -1


def test_INT_14_idle_actions_forbidden_plays_an_action_only_when_it_can_act() -> None:
    s = table(
        characters=("PRINCESS", "DUKE", "BISHOP", "PROPHET"),
        hands=[list(ALL_ACTIONS), ["PUB2"], ["PUB3"]],
        idle_actions="forbidden",
    )
    plays = {a.notation for a in s.legal_actions(0) if a.kind == "play"}
    assert plays == {"play ORACLE", "play ASSASSIN"}
    with pytest.raises(IllegalAction, match="INT-14"):
        s.apply(0, "play SPY")
    s.stacks[1], s.stack_by[1], s.stack_up[1] = [C.BY_CODE["PUB4"]], [1], [False]
    s.stack_shown[1] = [False]
    s.rel_card[0] = C.FEUD
    s.tokens = [0, -1, 1, -1, -1, -1]
    plays = {a.notation for a in s.legal_actions(0) if a.kind == "play"}
    assert plays == {f"play {c}" for c in ALL_ACTIONS}


def test_INT_15_discarded_cards_are_shown_to_everyone() -> None:
    s = table(hands=[["ORACLE", "FEUD"], ["PUB2"], ["PUB3"]], deck_top=["ENTH1", "SPY"])
    s.apply(0, "play ORACLE")
    s.apply(0, "discard SPY")
    for seat in (1, 2, None):
        assert s.observation(seat)["discard"] == ["ORACLE", "SPY"]


def test_INT_16_seat_0_starts_the_first_round() -> None:
    for seed in range(5):
        s = GAME.new(seed=seed)
        assert s.to_act == (0,) and s.decision == "turn"


def test_INT_18_a_card_a_spy_showed_stays_face_down_and_virtue_may_discard_it() -> None:
    hands = [["SPY", "VIRTUE", "PUB1"], ["PUB2", "PUB4"], ["PUB3", "ENTH1"]]
    s = table(hands=hands, stacks={"B": [("FEUD", 1, False)]})
    s.apply(0, "play SPY")
    s.apply(0, "target B")
    assert s.stack_up[1] == [False] and s.stack_shown[1] == [True] and s.face_down(1) == 1
    assert s.observation(2)["stacks"][1] == [{"by": 1, "up": False, "shown": True, "card": "FEUD"}]
    s.apply(1, "take A+3")
    s.apply(2, "take B+3")
    s.apply(0, "play VIRTUE")
    assert [a.notation for a in s.legal_actions(0)] == ["target B"]
    s.apply(0, "target B")
    assert stack(s, "B") == [] and codes(s.discard) == ["SPY", "VIRTUE", "FEUD"]


def test_INT_18_spy_reveal_face_up_keeps_the_card_from_virtue() -> None:
    hands = [["SPY", "VIRTUE", "PUB1"], ["PUB2", "PUB4"], ["PUB3", "ENTH1"]]
    s = table(hands=hands, stacks={"B": [("FEUD", 1, False)]}, spy_reveal="face_up")
    s.apply(0, "play SPY")
    s.apply(0, "target B")
    assert s.stack_up[1] == [True] and s.face_down(1) == 0
    s.apply(1, "take A+3")
    s.apply(2, "take B+3")
    s.apply(0, "play VIRTUE")  # nothing face down to reveal: no effect (INT-14)
    assert s.decision == "turn" and stack(s, "B") == ["FEUD"]
    assert codes(s.discard) == ["SPY", "VIRTUE"]


def test_INT_19_the_last_card_ends_the_round_before_its_text() -> None:
    up = table(hands=[["PUB1"], ["PUB2", "PUB3"], ["PUB4", "ENTH1"]], deck_top=["SPY"], rounds=1)
    up.apply(0, "up PUB1 A")  # no card drawn: the round is over
    assert up.over and up.round_log[0]["totals"]["A"] == 1
    assert up.deck[-1] == C.SPY
    oracle = table(
        hands=[["ORACLE"], ["PUB2", "PUB3"], ["PUB4", "ENTH1"]],
        deck_top=["ENTH2", "SPY"],
        rounds=1,
    )
    oracle.apply(0, "play ORACLE")
    assert oracle.over and codes(oracle.discard) == ["ORACLE"]
    lies = table(
        hands=[["LIES"], ["PUB2", "PUB3"], ["PUB4", "ENTH1"]],
        rels={"ADVANT": ("A", "B")},
        rounds=1,
    )
    lies.apply(0, "play LIES")
    assert lies.over and lies.rel_cw[0] is True


def test_INT_19_last_card_resolves_draws_and_the_round_goes_on() -> None:
    up = table(
        hands=[["PUB1"], ["PUB2", "PUB3"], ["PUB4", "ENTH1"]],
        deck_top=["SPY"],
        rounds=1,
        last_card="resolves",
    )
    up.apply(0, "up PUB1 A")
    assert not up.over and codes(up.hands[0]) == ["SPY"] and up.to_act == (1,)
    oracle = table(
        hands=[["ORACLE"], ["PUB2", "PUB3"], ["PUB4", "ENTH1"]],
        deck_top=["ENTH2", "SPY"],
        rounds=1,
        last_card="resolves",
    )
    oracle.apply(0, "play ORACLE")
    assert oracle.decision == "discard" and sorted(codes(oracle.hands[0])) == ["ENTH2", "SPY"]
    oracle.apply(0, "discard SPY")
    assert not oracle.over and codes(oracle.hands[0]) == ["ENTH2"]
