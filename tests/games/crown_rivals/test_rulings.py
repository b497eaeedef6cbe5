"""Every Crown Rivals ruling (RULES.md, CRR-1..CRR-18), pinned by name."""

from __future__ import annotations

import random

import pytest

from courtly.engine.errors import IllegalAction, OptionError
from courtly.games.crown_rivals.actions import GAME_CARDS
from tests.games.crown_rivals.helpers import GAME, codes, cs, do, scenario


def test_CRR_1_suit_abilities_clubs_damage_hearts_heal_spades_support_diamonds_boost():
    st = scenario(hands=("7C 6H 5S 4D 2H", "2C"))
    do(st, "play 7C")
    assert st.influence == [50, 43]
    do(st, "play 6H")
    assert st.influence == [56, 43]
    do(st, "play 5S")
    assert codes(st.supporters[0]) == ["5S"] and st.sup_value[0] == [5]
    do(st, "play 2H 4D")  # the diamond boosts the heart: higher -> 4
    assert st.influence == [60, 43]


def test_CRR_2_clubs_bonus_opponent_discards_a_card_of_their_choice():
    st = scenario(hands=("3C 5C", "9H 2C 4S"))
    do(st, "play 3C", "play 5C")
    assert st.bonuses(0) == 1
    do(st, "bonus C")
    assert st.decision == "discard" and st.to_act == (1,)
    assert {a.notation for a in st.legal_actions(1)} == {"discard 9H", "discard 2C", "discard 4S"}
    do(st, "discard 2C", seat=1)
    assert codes(st.hands[1]) == ["9H", "4S"] and codes(st.discards[1]) == ["2C"]
    assert st.decision == "turn" and st.to_act == (0,)


def test_CRR_2_hearts_bonus_draws_a_card():
    st = scenario(hands=("2H 4H", ""), decks=("9C 8C", ""))
    do(st, "play 2H", "play 4H", "bonus H")
    assert codes(st.hands[0]) == ["9C"]


def test_CRR_2_spades_bonus_removes_one_opponent_spade_with_its_diamond():
    st = scenario(hands=("AS 3S", ""), spades=("", "9S+5D 2S"))
    do(st, "play AS", "play 3S")
    assert {a.notation for a in st.legal_actions(0) if a.kind == "bonus"} == {
        "bonus S 9S",
        "bonus S 2S",
    }
    do(st, "bonus S 9S")
    assert codes(st.supporters[1]) == ["2S"]
    assert sorted(codes(st.discards[1])) == ["5D", "9S"]


def test_CRR_2_diamonds_bonus_trashes_from_hand_or_discard_pile():
    st = scenario(hands=("AD 3D 2C", ""), discards=("AH", ""))
    do(st, "play AD", "play 3D")
    targets = {a.notation for a in st.legal_actions(0) if a.kind == "bonus"}
    assert targets == {"bonus D 2C", "bonus D AH"}
    do(st, "bonus D AH")
    assert "AH" in codes(st.trashed) and st.discards[0] == []


def test_CRR_3_jacks_count_11_and_jack_plus_ace_is_22_currency():
    st = scenario(hands=("JC AH 5D", ""))
    do(st, "cash JC")
    assert st.currency == 11
    do(st, "cash AH")
    assert st.currency == 22
    do(st, "cash 5D")
    assert st.currency == 27


def test_CRR_3_one_ace_per_jack_and_order_does_not_matter():
    st = scenario(hands=("AH AC JC", ""))
    do(st, "cash AH", "cash AC")
    assert st.currency == 2
    do(st, "cash JC")
    assert st.currency == 11 + 11 + 1


def test_CRR_3_option_jack_value_10_gives_jack_plus_ace_21():
    st = scenario(hands=("JC AH", ""), options={"jack_value": 10})
    do(st, "cash JC", "cash AH")
    assert st.currency == 21


def test_CRR_4_parity_ace_and_jack_odd_kings_and_queens_even():
    st = scenario(hands=("AC JC", ""))
    do(st, "play AC", "play JC", "pass")
    assert st.odd[0] == 2 and st.bonuses(0) == 1
    st = scenario(hands=("KH QH", ""), influence=(10, 50))
    do(st, "play KH", "play QH")
    assert st.even[2] == 2 and st.bonuses(2) == 1 and st.influence[0] == 90


def test_CRR_4_a_boosted_card_uses_its_boosted_value_for_parity():
    # 4C boosted by 2D (lower: +3) is 7, odd; with 3C odd that is a pair.
    st = scenario(hands=("4C 2D 3C", ""), influence=(50, 90))
    do(st, "play 4C 2D", "play 3C")
    assert st.odd[0] == 2 and st.even[0] == 0 and st.bonuses(0) == 1


def test_CRR_5_three_five_and_seven_give_one_bonus_not_two():
    st = scenario(hands=("3H 5H 7H", ""), influence=(20, 50))
    do(st, "play 3H", "play 5H", "play 7H")
    assert st.bonuses(2) == 1


def test_CRR_5_four_odd_cards_give_two_bonuses_odd_and_even_separately():
    st = scenario(hands=("3H 5H 7H 9H 2H", ""), influence=(10, 50))
    do(st, "play 3H", "play 5H", "play 7H", "play 9H", "play 2H")
    assert st.bonuses(2) == 2


def test_CRR_5_currency_discards_never_count():
    st = scenario(hands=("3H 5H", ""))
    do(st, "play 3H", "cash 5H")
    assert st.bonuses(2) == 0
    assert "bonus H" not in {a.notation for a in st.legal_actions(0)}


def test_CRR_5_diamonds_used_as_boosts_count_toward_diamond_pairs():
    st = scenario(hands=("2C 3D 4H 5D", ""), influence=(50, 90))
    do(st, "play 2C 3D", "play 4H 5D")
    assert st.odd[1] == 2 and st.bonuses(1) == 1


def test_CRR_5_option_boost_diamonds_pair_false():
    st = scenario(
        hands=("2C 3D 4H 5D", ""), influence=(50, 90), options={"boost_diamonds_pair": False}
    )
    do(st, "play 2C 3D", "play 4H 5D")
    assert st.odd[1] == 0 and st.bonuses(1) == 0


def test_CRR_6_pooled_damage_clears_spades_in_the_order_chosen_before_influence():
    st = scenario(hands=("9C 6C", ""), spades=("", "4S 7S+2D"))
    do(st, "play 9C")
    assert st.pool == 9 and st.influence[1] == 50  # blocked by spades
    legal = {a.notation for a in st.legal_actions(0) if a.kind == "clear"}
    assert legal == {"clear 4S"}  # 7S+2D is worth 10 (2 lower: +3)
    do(st, "play 6C")
    assert {a.notation for a in st.legal_actions(0) if a.kind == "clear"} == {
        "clear 4S",
        "clear 7S",
    }
    do(st, "clear 7S")
    assert st.pool == 5 and codes(st.supporters[1]) == ["4S"]
    assert sorted(codes(st.discards[1])) == ["2D", "7S"]  # the spade and its diamond
    do(st, "clear 4S")
    assert st.pool == 0 and st.influence[1] == 49  # leftover 1 reaches Influence


def test_CRR_6_leftover_damage_is_lost_at_end_of_turn():
    st = scenario(hands=("5C", "2H"), spades=("", "8S"), decks=("", "3H 4H 5H 6H 7H"))
    do(st, "play 5C")
    assert st.pool == 5
    do(st, "end")
    assert st.pool == 0 and st.influence[1] == 50 and codes(st.supporters[1]) == ["8S"]


def test_CRR_7_jack_trashes_a_market_card_and_the_slot_refills():
    st = scenario(hands=("JH", ""), market="4C 5C 6C 7C 8C", market_deck="9C TC")
    do(st, "play JH")
    assert st.decision == "jack_trash"
    do(st, "trash 6C")
    assert codes(st.market_cards()) == ["4C", "5C", "9C", "7C", "8C"]
    assert "6C" in codes(st.trashed) and st.decision == "turn"


def test_CRR_16_a_jack_trash_is_chosen_at_once_or_declined():
    st = scenario(hands=("JH", ""), market_deck="9C")
    do(st, "play JH", "pass")
    assert codes(st.market_cards()) == ["6D", "7D", "8D", "9D", "TD"]


def test_CRR_16_two_jacks_in_one_boost_give_two_trashes():
    st = scenario(hands=("JC JD", ""), market_deck="9C TC", influence=(50, 90))
    do(st, "play JC JD")
    assert [d.kind for d in st.pending.items] == ["turn", "jack_trash", "jack_trash"]


def test_CRR_7_crowded_house_redeals_after_a_refill():
    st = scenario(hands=("", ""), market="KC QC 4C 5C 6C", market_deck="KH 7H 8H 9H TH 2D", seed=3)
    st.cash_sum = 10
    do(st, "buy 6C")  # KH refills: three courts -> the market is re-dealt
    courts = [c for c in st.market_cards() if (c >> 2) + 1 >= 12]
    assert len(courts) < 3
    assert sorted(st.market_cards() + st.market_deck) == sorted(cs("KC QC 4C 5C KH 7H 8H 9H TH 2D"))


def test_CRR_7_empty_market_deck_leaves_the_slot_empty():
    st = scenario(hands=("", ""), market_deck="")
    st.cash_sum = 6
    do(st, "buy 6D")
    assert st.market[0] == -1 and codes(st.market_cards()) == ["7D", "8D", "9D", "TD"]


def test_CRR_8_lowest_spade_in_hand_goes_first():
    for seed in range(40):
        st = GAME.new(seed=seed)
        spades = [(c, seat) for seat in (0, 1) for c in st.hands[seat] if c & 3 == 3]
        assert st.active == min(spades)[1] and st.to_act == (st.active,)


def test_CRR_9_order_within_a_turn_is_free():
    st = scenario(hands=("JC AH 4H 2H", ""), market="9C 5C 6C 7C 8C")
    do(st, "play 4H", "cash JC", "play 2H", "cash AH", "buy 9C")
    assert st.currency == 13 and st.bonuses(2) == 1 and "9C" in codes(st.discards[0])


def test_CRR_9_the_game_ends_at_once_at_zero_influence():
    st = scenario(hands=("9C 2H", ""), influence=(50, 9))
    do(st, "play 9C")
    assert st.over and st.winners == [0] and st.to_act == ()


def test_CRR_9_the_game_ends_at_once_at_100_influence():
    st = scenario(hands=("TH 2H", ""), influence=(90, 50))
    do(st, "play TH")
    assert st.over and st.winners == [0]
    with pytest.raises(IllegalAction):
        st.apply(0, "play 2H")


def test_CRR_10_an_unavoidable_crowded_house_leaves_the_market():
    st = scenario(hands=("", ""), market="KC QC 4C 5C 6C", market_deck="KH")
    st.cash_sum = 6
    do(st, "buy 6C")  # KC QC 4C 5C KH: only 2 other cards in all, so no re-deal
    assert codes(st.market_cards()) == ["KC", "QC", "4C", "5C", "KH"]


def test_CRR_11_turn_limit_ends_the_game_higher_influence_wins():
    st = scenario(hands=("", ""), influence=(60, 40), options={"turn_limit": 3})
    st.turn = 3
    do(st, "end")
    assert st.over and st.winners == [0] and st.end_reason == "turn limit"
    st = scenario(hands=("", ""), influence=(45, 45), options={"turn_limit": 1})
    do(st, "end")
    assert st.over and st.winners == [0, 1]


def test_CRR_11_turn_limit_zero_means_no_limit():
    st = scenario(hands=("", ""), options={"turn_limit": 0})
    st.turn = 10_000
    do(st, "end")
    assert not st.over


def test_CRR_12_damage_reaches_influence_by_itself_when_no_spade_is_in_play():
    st = scenario(hands=("4C", ""), spades=("", ""))
    do(st, "play 4C")
    assert st.pool == 0 and st.influence[1] == 46


def test_CRR_12_removing_the_last_spade_by_bonus_releases_the_pool():
    st = scenario(hands=("2S 4S 5C", ""), spades=("", "TS"))
    do(st, "play 5C")
    assert st.pool == 5 and st.influence[1] == 50
    do(st, "play 2S", "play 4S", "bonus S TS")
    assert st.pool == 0 and st.influence[1] == 45


def test_CRR_13_a_diamond_boosting_a_spade_stays_with_it_while_in_play():
    st = scenario(hands=("5S 3D", ""), decks=("9H 8H 7H 6H 4H", ""))
    do(st, "play 5S 3D", "end")
    assert codes(st.supporters[0]) == ["5S"] and codes(st.sup_boost[0]) == ["3D"]
    assert st.sup_value[0] == [8]
    assert "3D" not in codes(st.discards[0]) + codes(st.hands[0])


def test_CRR_13_a_diamond_boosts_only_a_card_played_with_it():
    st = scenario(hands=("5C 3D", ""), influence=(50, 90))
    do(st, "play 5C")
    legal = {a.notation for a in st.legal_actions(0)}
    assert "play 3D" in legal and not any(n.startswith("play 5C") for n in legal)


def test_CRR_13_a_diamond_cannot_boost_a_diamond():
    st = scenario(hands=("5D 3D", ""))
    assert not [a for a in st.legal_actions(0) if a.kind == "play" and a.diamond >= 0]


def test_CRR_14_unclaimed_bonuses_are_lost_at_end_of_turn():
    st = scenario(hands=("2H 4H", "3C"), decks=("9C", "5H 6H 7H 8H 9H"))
    do(st, "play 2H", "play 4H")
    assert st.bonuses(2) == 1
    do(st, "end")
    assert st.bonuses(2) == 0 and st.active == 1


def test_CRR_14_a_bonus_may_be_claimed_later_in_the_turn():
    st = scenario(hands=("3C 5C 9H", "4H"), influence=(50, 90))
    do(st, "play 3C", "play 5C", "play 9H", "bonus C")
    assert st.to_act == (1,)


def test_CRR_14_a_bonus_without_a_target_cannot_be_claimed():
    st = scenario(hands=("AS 3S", ""), spades=("", ""))
    do(st, "play AS", "play 3S")
    assert st.bonuses(3) == 1
    assert not [a for a in st.legal_actions(0) if a.kind == "bonus"]
    with pytest.raises(IllegalAction, match="no 5S in play"):
        st.apply(0, "bonus S 5S")


def test_CRR_15_discard_piles_are_public():
    st = scenario(hands=("4H 5H", ""), discards=("", "9C"), decks=("6H", "8C"))
    do(st, "cash 4H")
    spectator = st.observation(None)
    assert spectator["discards"] == [["4H"], ["9C"]]
    assert "hand" not in spectator


def test_stacked_deck_deals_piles_market_and_market_deck_in_order():
    order = "AS 2S 3S AC 2C 3C AH 2H 3H AD 2D 3D 4C 5C 6C 7C 8C " + " ".join(
        codes([c for c in GAME_CARDS if (c >> 2) >= 3 and c not in cs("4C 5C 6C 7C 8C")])
    )
    st = GAME.new(options={"deck": order})
    assert codes(st.hands[0]) == ["AS", "2S", "3S", "AC", "2C"]
    assert codes(st.decks[0]) == ["3C"]
    assert codes(st.hands[1]) == ["AH", "2H", "3H", "AD", "2D"]
    assert codes(st.market_cards()) == ["4C", "5C", "6C", "7C", "8C"]
    assert codes(st.market_deck[-1:]) == ["4D"]  # the top, next in the order
    assert st.active == 0


def test_stacked_deck_must_hold_the_48_cards_and_fair_starting_decks():
    with pytest.raises(OptionError, match="48 cards"):
        GAME.new(options={"deck": "AS 2S"})
    order = "AS AC 2S 2C 3S AH 3C 2H 3H AD 2D 3D " + " ".join(
        codes([c for c in GAME_CARDS if (c >> 2) >= 3])
    )
    with pytest.raises(OptionError, match="two Aces, two 2s and two 3s"):
        GAME.new(options={"deck": order})


def test_CRR_16_no_jack_trash_when_the_market_is_empty():
    st = scenario(hands=("JC 2C", ""), market="", market_deck="")
    do(st, "play JC")
    assert st.decision == "turn"


def test_CRR_16_jack_value_applies_to_the_jack_of_diamonds_as_a_boost():
    st = scenario(hands=("4H JD", ""), options={"jack_value": 10}, market="4S 5S 6S 7S 8S")
    do(st, "play 4H JD", "pass")
    assert st.influence[0] == 60
    st = scenario(hands=("4H JD", ""), market="4S 5S 6S 7S 8S")
    do(st, "play 4H JD", "pass")
    assert st.influence[0] == 61


def test_CRR_16_a_jack_cashed_for_currency_trashes_nothing():
    st = scenario(hands=("JC", ""))
    market = list(st.market)
    do(st, "cash JC")
    assert st.decision == "turn" and st.market == market


def test_CRR_17_holdings_are_public_only_their_split_is_hidden():
    import random

    from courtly.engine.testing import random_step

    state = GAME.new(seed=12)
    rng = random.Random(3)
    for _ in range(120):
        if state.over:
            break
        random_step(state, rng)
    obs = state.observation(0)
    assert obs["holdings"][1] == sorted(codes(state.hands[1] + state.decks[1]))
    assert "hand" in obs and all(c in obs["holdings"][0] for c in obs["hand"])
    splits = set()
    for k in range(6):
        world = GAME.sample_state(obs, random.Random(k))
        assert sorted(codes(world.hands[1] + world.decks[1])) == obs["holdings"][1]
        assert sorted(codes(world.market_deck)) == sorted(codes(state.market_deck))
        splits.add(tuple(sorted(codes(world.hands[1]))))
    if state.hands[1] and state.decks[1]:
        assert len(splits) > 1


# -- CRR-18: what each player knows of the other's hand ------------------------------


def _contradicting_worlds(state, viewer, must_hold, samples=5):
    """How many of ``samples`` worlds sampled from ``viewer``'s observation
    leave a card of ``must_hold`` (seat -> cards) out of that seat's hand."""
    obs = state.observation(viewer)
    bad = 0
    for k in range(samples):
        world = GAME.sample_state(obs, random.Random(k))
        bad += any(not cards <= set(world.hands[p]) for p, cards in must_hold.items())
    return bad


def test_CRR_18_cards_drawn_before_a_reshuffle_are_known_to_be_in_the_hand():
    """A five-card draw that runs past a reshuffle first takes the 1-4 cards
    left in the draw pile, which the other player has counted (the hand before
    was discarded face up), then cards of the reshuffled discard pile. Until
    they leave the hand, every world the other player samples holds them there."""
    situations = contradicting = 0
    for seed in range(30):
        state = GAME.new(seed=seed)
        rng = random.Random(seed)
        known: list[set[int]] = [set(), set()]  # cards everyone knows are in each hand
        while not state.over and state.turn < 30:
            seat = state.to_act[0]
            pile = set(state.decks[seat])
            action = rng.choice(state.legal_actions(seat))
            events = state.apply(seat, action)
            if action.kind == "end":
                reshuffled = any(e.kind == "reshuffle" for e in events)
                known[seat] = pile if reshuffled else set()
            for p in (0, 1):
                known[p] &= set(state.hands[p])
                if known[p] and not state.over:
                    situations += 1
                    contradicting += _contradicting_worlds(state, 1 - p, {p: known[p]})
    assert situations > 100
    assert contradicting == 0, f"{contradicting} of {5 * situations} worlds lose a known card"


def test_CRR_18_the_first_players_lowest_spade_rules_out_lower_spades_in_hand():
    """The first player shows the lowest spade in hand: it is in their hand,
    and no hand holds a lower one (each lower spade is its owner's sixth,
    undrawn card). Every world either player samples at the start agrees."""
    situations = contradicting = 0
    for seed in range(150):
        state = GAME.new(seed=seed)
        first = state.active
        spade = min(c for c in state.hands[first] if c & 3 == 3)
        lower = {c for c in cs("AS 2S") if c < spade}
        for viewer in (0, 1):
            situations += 1
            obs = state.observation(viewer)
            for k in range(5):
                world = GAME.sample_state(obs, random.Random(k))
                in_hands = set(world.hands[0] + world.hands[1])
                contradicting += spade not in world.hands[first] or bool(in_hands & lower)
    assert situations == 300
    assert contradicting == 0, f"{contradicting} of 1500 worlds contradict the lowest spade"
