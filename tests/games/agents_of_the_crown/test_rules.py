"""Agents of the Crown: each rule clause and each ruling (AOC-n), pinned."""

from __future__ import annotations

import pytest

from courtly.engine.errors import IllegalAction, NotationError, OptionError
from courtly.engine.testing import random_game
from courtly.games.agents_of_the_crown.rules import AgentsState

from .helpers import GAME, HANDS, STACKS, after_passes, commit_all, deal, standard


def hand(state: AgentsState, seat: int) -> list[str]:
    return sorted(state.observation(seat)["hand"])


# -- To Begin / Starting the Year ------------------------------------------------


def test_banners_give_each_seat_a_house_face_up() -> None:
    state = deal(
        HANDS,
        STACKS,
        houses="H S C D",
    )
    assert state.observation(None)["houses"] == ["H", "S", "C", "D"]


def test_each_player_is_dealt_four_nobles_and_four_commons() -> None:
    state = GAME.new(seed=3)
    for seat in range(4):
        ranks = [c[0] for c in state.observation(seat)["hand"]]
        assert sum(r in "TJQK" for r in ranks) == 4
        assert sum(r in "23456789" for r in ranks) == 4


def test_AOC_1_sixteen_commons_remain_in_season_stacks_of_3_4_4_5() -> None:
    state = GAME.new(seed=5)
    assert state.observation(None)["season_stacks"] == [3, 4, 4, 5]
    assert sum(len(s) for s in state.stacks) == 16
    assert all(c < 36 for s in state.stacks for c in s), "only Commons are in the stacks"


def test_AOC_2_each_year_reshuffles_all_48_cards_and_banners_stay() -> None:
    state = GAME.new(seed=8, options={"years": 2})
    houses = state.observation(None)["houses"]
    first_hands = [hand(state, s) for s in range(4)]
    import random

    rng = random.Random(1)
    while state.year == 1:
        seat = state.to_act[rng.randrange(len(state.to_act))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    obs = state.observation(None)
    assert obs["houses"] == houses
    assert obs["hand_sizes"] == [8, 8, 8, 8] and obs["season_stacks"] == [3, 4, 4, 5]
    assert obs["discard"] == [] and obs["challenges"] == {} and obs["prizes"] == [[]] * 4
    assert [hand(state, s) for s in range(4)] != first_hands


def test_curses_are_removed_at_the_start_of_every_year() -> None:
    state = GAME.new(seed=2, options={"years": 2})
    import random

    rng = random.Random(4)
    cursed_in_year_one = False
    while state.year == 1:
        cursed_in_year_one |= any(state.curses)
        seat = state.to_act[rng.randrange(len(state.to_act))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    assert cursed_in_year_one
    assert state.curses == [0, 0, 0, 0]


# -- Passing (AOC-3) -----------------------------------------------------------------


def test_AOC_3_passing_is_simultaneous_one_noble_and_one_common_to_the_left() -> None:
    state = standard()
    assert state.to_act == (0, 1, 2, 3) and state.decision == "pass"
    state.apply(2, "pass TH 2H")
    # Nothing moves until everyone has chosen, and nobody sees seat 2's choice.
    assert "TH" in hand(state, 2)
    for other in (0, 1, 3):
        obs = state.observation(other)
        assert obs["pass_chosen"] == [False, False, True, False]
        assert "TH" not in str(obs) and obs["my_pass"] is None
    assert state.observation(2)["my_pass"] == "pass TH 2H"
    assert state.to_act == (0, 1, 3)
    state.apply(0, "pass TC 2C")
    state.apply(3, "pass TS 2S")
    state.apply(1, "pass TD 2D")
    assert "TH" in hand(state, 3) and "2H" in hand(state, 3)  # seat 2's left is seat 3
    assert "TS" in hand(state, 0) and "TC" in hand(state, 1)
    assert state.observation(3)["received"] == ["TH", "2H"]
    assert state.observation(2)["passed"] == ["TH", "2H"]
    assert state.decision == "commit"


def test_AOC_3_a_pass_must_be_one_noble_and_one_common_you_hold() -> None:
    state = standard()
    with pytest.raises(NotationError, match="one Noble"):
        GAME.parse_action("pass 2C 3D")
    with pytest.raises(IllegalAction, match="you do not hold TD"):
        state.apply(0, "pass TD 2C")


# -- Starting each season -----------------------------------------------------------


def test_worked_example_3_and_6_of_clubs_form_one_9_point_challenge() -> None:
    state = after_passes()
    obs = state.observation(None)
    assert obs["season"] == "Spring"
    assert sorted(obs["challenges"]["C"]) == ["3C", "6C"]
    assert obs["challenge_values"] == {"C": 9, "D": 7}


# -- Committing a card (AOC-4) ----------------------------------------------------------


def test_AOC_4_any_seat_commits_in_any_order_once_per_season() -> None:
    state = after_passes()
    state.apply(3, "up 4D at D")
    assert state.to_act == (0, 1, 2)
    with pytest.raises(IllegalAction, match="no decision"):
        state.apply(3, "up 5H at table")
    state.apply(1, "down 5C at C")
    assert state.to_act == (0, 2)


def test_AOC_4_face_up_is_seen_at_once_face_down_hides_the_card_not_the_placement() -> None:
    state = after_passes()
    state.apply(0, "up 3D at D")
    state.apply(1, "down 5C at D")  # a bluff: the Club is placed at Diamonds
    seen_by_2 = state.observation(2)["commits"]
    assert seen_by_2[0] == {"up": True, "at": "D", "card": "3D"}
    assert seen_by_2[1] == {"up": False, "at": "D"}
    assert state.observation(1)["commits"][1] == {"up": False, "at": "D", "card": "5C"}
    # A bluff's placement does not matter at the reveal: the Club defends Clubs.
    state.apply(2, "up 4C at C")
    state.apply(3, "up 4D at D")
    assert sorted(state.observation(None)["prizes"][1]) == ["6C"]


def test_AOC_4_a_revealed_bluff_stays_on_the_public_record() -> None:
    state = after_passes()
    commit_all(state, ["up 3D at D", "down 5C at D", "up 4C at C", "up 4D at D"])
    history = state.observation(2)["history"]
    assert [1, "Spring", 1, "5C", False, "D"] in history
    assert [h[2] for h in history] == [0, 1, 2, 3]  # in the order committed


def test_AOC_4_placement_only_at_an_open_challenge_or_the_table() -> None:
    state = after_passes()
    with pytest.raises(IllegalAction, match="no Hearts challenge"):
        state.apply(0, "up 4H at H")
    state.apply(0, "up 4H at table")


# -- Resolution (AOC-5, AOC-6) -----------------------------------------------------------


def test_AOC_5_commons_sum_and_an_equal_total_defeats_the_challenge() -> None:
    state = after_passes()
    events = commit_all(state, ["up 3D at D", "up 5C at C", "up 4C at C", "up 4D at D"])
    defeated = {e.data["suit"] for e in events if e.kind == "defeated"}
    assert defeated == {"C", "D"}  # 5+4 = 9 against 9, 3+4 = 7 against 7


def test_AOC_5_a_lower_total_does_not_defeat_the_challenge() -> None:
    state = after_passes()
    events = commit_all(state, ["up 3D at D", "up 2C at C", "up 5D at D", "up 4D at D"])
    cursed = [e.data for e in events if e.kind == "cursed"]
    assert [c["suit"] for c in cursed] == ["C"] and cursed[0]["defence"] == 2


def test_AOC_5_a_single_noble_defeats_a_challenge_of_any_size() -> None:
    state = after_passes()
    events = commit_all(state, ["up 3D at D", "up 3H at table", "up QC at C", "up 4D at D"])
    assert {e.data["suit"] for e in events if e.kind == "defeated"} == {"C", "D"}


def test_AOC_5_a_stray_noble_is_a_threat_worth_10() -> None:
    state = after_passes()
    commit_all(state, ["up KS at table", "up 5C at C", "up 4C at C", "up 4D at D"])
    obs = state.observation(None)
    assert obs["season"] == "Summer"
    assert sorted(obs["challenges"]["S"]) == ["8S", "KS"]
    assert obs["challenge_values"]["S"] == 18


def test_AOC_5_option_noble_threat_value_rank_counts_a_king_as_13() -> None:
    state = after_passes(noble_threat_value="rank")
    commit_all(state, ["up KS at table", "up 5C at C", "up 4C at C", "up 4D at D"])
    assert state.observation(None)["challenge_values"]["S"] == 21


def test_AOC_6_prizes_go_by_the_rank_played_highest_prize_first() -> None:
    state = after_passes(["pass TC 4H", "pass TD 2D", "pass TH 2H", "pass TS 2S"])
    # Clubs 9: seat 1 plays 5C, seat 2 4C, seat 0 2C. Two prizes for three.
    events = commit_all(state, ["up 2C at C", "up 5C at C", "up 4C at C", "up 4D at D"])
    clubs = next(e.data for e in events if e.kind == "defeated" and e.data["suit"] == "C")
    assert [(p["seat"], p["card"]) for p in clubs["prizes"]] == [(1, "6C"), (2, "3C")]
    assert state.prizes[0] == []


def test_AOC_6_leftover_prizes_are_discarded() -> None:
    state = after_passes()
    events = commit_all(state, ["up 3D at D", "up 3H at table", "up QC at C", "up 4D at D"])
    clubs = next(e.data for e in events if e.kind == "defeated" and e.data["suit"] == "C")
    assert [p["card"] for p in clubs["prizes"]] == ["6C"] and clubs["leftover"] == ["3C"]
    assert "3C" in state.observation(None)["discard"]


def test_all_played_cards_except_strays_are_discarded() -> None:
    state = after_passes()
    commit_all(state, ["up 3D at D", "up 3H at table", "up QC at C", "up 4D at D"])
    discard = state.observation(None)["discard"]
    assert {"3D", "QC", "4D"} <= set(discard) and "3H" not in discard


# -- Carry-over and strays (AOC-7) -----------------------------------------------------------


def test_AOC_7_an_undefeated_challenge_stays_and_merges_with_next_season() -> None:
    state = after_passes()
    commit_all(state, ["up 3D at D", "up 2C at C", "up 5D at D", "up 4D at D"])
    obs = state.observation(None)
    assert sorted(obs["challenges"]["C"]) == ["3C", "6C", "9C"]  # Summer's 9C joins
    assert obs["challenge_values"]["C"] == 18


def test_AOC_7_a_stray_card_joins_its_suits_challenge_next_season() -> None:
    state = after_passes()
    commit_all(state, ["up 5S at table", "up 5C at C", "up 4C at C", "up 4D at D"])
    obs = state.observation(None)
    assert sorted(obs["challenges"]["S"]) == ["5S", "8S"]
    assert obs["strays"] == []


def test_AOC_7_after_winter_leftovers_and_strays_are_discarded() -> None:
    state = after_passes(years=2)
    state.season = 3  # play Spring's challenges as if it were Winter
    events = commit_all(
        state, ["up 4H at table", "up 4S at table", "up 2D at table", "up 5H at table"]
    )
    strays = [e.data for e in events if e.kind == "strays"]
    assert strays and all(s["discarded"] for s in strays)
    cursed = {e.data["suit"] for e in events if e.kind == "cursed"}
    assert cursed == {"C", "D"}  # nobody played a Club; 2D is short of Diamonds' 7
    # ... and the new Year starts clean.
    obs = state.observation(None)
    assert obs["year"] == 2 and obs["challenges"] == {} and obs["strays"] == []


# -- Curses (AOC-8) ----------------------------------------------------------------------


def test_AOC_8_a_failed_challenge_curses_its_house_and_the_house_on_its_right() -> None:
    state = deal(
        HANDS,
        STACKS,
        houses="H S C D",  # Clubs is seat 2's House; seat 1 (Spades) is on its right
    )
    for seat, p in enumerate(["pass TC 2C", "pass TD 2D", "pass TH 2H", "pass TS 2S"]):
        state.apply(seat, p)
    events = commit_all(state, ["up 3D at D", "up 3H at table", "up 5D at D", "up 4D at D"])
    cursed = next(e.data for e in events if e.kind == "cursed")
    assert cursed["houses"] == ["C", "S"]
    assert state.observation(None)["curses"] == {"C": 1, "D": 0, "H": 0, "S": 1}


# -- Scoring (AOC-9) ----------------------------------------------------------------------


def test_AOC_9_year_score_is_prizes_plus_nobles_in_hand_minus_curses() -> None:
    state = standard()
    from courtly import cards

    state.prizes[0] = cards.parse_cards("6C KH")  # 6 + 10
    state.hands[0] = cards.parse_cards("JD QH KS 4C")  # Nobles of D, H, S; a Common
    state.curses = [1, 2, 1, 2]  # C D H S
    b = state.year_breakdown(0)
    # JD: Diamonds has 2 curses -> 0; QH: 1 curse -> 5; KS: 2 -> 0.
    # Seat 0's House is Clubs (1 curse) and its left neighbour's Diamonds (2).
    assert b == {"prizes": 16, "nobles": 5, "curses": -15, "total": 6}


def test_AOC_9_no_other_success_of_the_left_neighbour_is_added() -> None:
    state = standard()
    from courtly import cards

    state.prizes[1] = cards.parse_cards("9C 9D 9H")
    assert state.year_breakdown(0)["total"] == sum(10 for c in state.hands[0] if c >= 36)


def test_a_full_game_is_four_years_and_scores_add_up() -> None:
    state = random_game(GAME, 4, 21)
    obs = state.observation(None)
    assert len(obs["year_scores"]) == 4
    for seat in range(4):
        assert obs["scores"][seat] == sum(y[seat]["total"] for y in obs["year_scores"])


def test_final_ranking_shares_ties() -> None:
    state = random_game(GAME, 4, 1, {"years": 1})
    state.score = [5, 5, 3, 1]
    assert state.winners == [0, 1]
    assert state.ranks() == [1.5, 1.5, 3, 4]


# -- Bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty action"),
        ("jump 7H", "does not start with pass, up or down"),
        ("up ZZ", "is not a card"),
        ("up AH at H", "Banner"),
        ("up 7H at moon", "where it is placed"),
        ("pass QS", "two cards"),
    ],
)
def test_malformed_notation_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        GAME.parse_action(text)


def test_notation_is_case_insensitive_and_accepts_10() -> None:
    assert GAME.parse_action("UP 10h AT h") is GAME.parse_action("up TH at H")
    assert GAME.parse_action("down 9c table").notation == "down 9C at table"
    assert GAME.parse_action("up 7h").notation == "up 7H at H"


def test_playing_a_card_you_do_not_hold_is_refused_and_changes_nothing() -> None:
    state = after_passes()
    before = state.observation(0)
    with pytest.raises(IllegalAction, match="you do not hold 9S"):
        state.apply(0, "up 9S at table")
    assert state.observation(0) == before


@pytest.mark.parametrize(
    "options, message",
    [
        ({"colour": "red"}, "unknown option 'colour'"),
        ({"years": 9}, "option 'years'"),
        ({"noble_threat_value": "huge"}, "noble_threat_value"),
        ({"deck": ["AC", "ZZ"]}, "not a card"),
        ({"deck": ["AC", "AD", "AH", "AS"]}, "48 cards"),
        ({"deck": ["2C", "AD", "AH", "AS"]}, "four Aces"),
    ],
)
def test_bad_options_are_refused_with_the_valid_ones_listed(options: dict, message: str) -> None:
    with pytest.raises(OptionError, match=message) as err:
        GAME.new(seed=1, options=options)
    if "unknown" in message:
        assert "years" in str(err.value) and "noble_threat_value" in str(err.value)


def test_four_players_only() -> None:
    with pytest.raises(OptionError, match="for 4 players"):
        GAME.new(players=3)


def test_an_ace_or_a_joker_is_refused_for_what_it_is() -> None:
    with pytest.raises(NotationError) as ace:
        GAME.parse_action("up AC at H")
    assert str(ace.value).startswith("'ac' is a Banner (Ace); only Commons")
    with pytest.raises(NotationError) as joker:
        GAME.parse_action("up X1 at H")
    assert "Banner" not in str(joker.value)
    assert str(joker.value).startswith("'x1' is a joker, which this game has none of;")
