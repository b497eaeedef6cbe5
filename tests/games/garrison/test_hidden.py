"""What each seat may know: events, observations and sampled worlds."""

from __future__ import annotations

import random
from typing import Any

from courtly import cards
from courtly.engine.testing import card_codes_in
from courtly.games.garrison.rules import GarrisonState

from .scenario import GAME, build, codes, end_turn, unknown_to

CODES = GAME.card_codes()


def _leaks(st: GarrisonState, events: list[Any]) -> list[str]:
    """Hidden card codes that an event shows to a seat (in its data or its log line)."""
    found = []
    for seat in [*range(st.n), None]:
        hidden = unknown_to(st, seat)
        for e in events:
            if not e.visible_to(seat):
                continue
            shown = card_codes_in(e.data, CODES) | card_codes_in(
                GAME.describe(e, seat) or "", CODES
            )
            if shown & hidden:
                found.append(f"seat {seat} sees {sorted(shown & hidden)} in {e!r}")
    return found


def test_a_fizzled_move_does_not_show_the_movers_new_hand() -> None:
    # P0 declares an upgrade; P1's Thug renews the market, whose refill meets
    # the Joker: the disaster discards every hand, so the upgrade fizzles with
    # P0 holding three new cards nobody else has seen.
    st = build(
        3,
        hands={0: "5H 5D", 1: "AC 2S"},
        market="2C 3C 4C",
        deck_top="X1 6C 7C 8C 9S TS JS 6D 7D 8D QC KC",
    )
    st.apply(0, "upgrade 5H with 5D")
    leaks = _leaks(st, st.apply(1, "thug market"))
    fizzled = []
    while st.decision == "reaction":
        events = st.apply(st.to_act[0], "pass")
        leaks += _leaks(st, events)
        fizzled += [e for e in events if e.kind == "fizzled"]
    assert fizzled and fizzled[0].data["seat"] == 0
    assert len(st.hands[0]) == 3 and not st.known[0]
    assert not leaks, leaks


def _reshuffled() -> tuple[GarrisonState, set[int]]:
    """P1 holds three cards nobody has seen; P0 ends its turn with one card
    left in the deck, so its draw reshuffles the discard pile into the deck."""
    st = build(2, hands={0: "2C", 1: "KH KD KC"}, market="2D 3D 4D")
    last = st.deck[-1]
    st.discard, st.deck = st.deck[:-1], [last]
    pile = set(st.discard)
    end_turn(st, 0)
    assert len(st.hands[0]) == 3 and last in st.hands[0]
    assert st.discard == [] and set(st.deck) < pile
    return st, pile


def test_sampled_worlds_remember_what_a_reshuffle_showed() -> None:
    """Everyone saw the reshuffled cards in the discard pile: none of them can be
    in P1's hand, which was dealt before; the deck holds only them."""
    st, pile = _reshuffled()
    obs = st.observation(0)
    p1 = set(st.hands[1])
    contradictions = 0
    for k in range(40):
        world = GAME.sample_state(obs, random.Random(k))
        assert world.observation(0) == obs
        if set(world.hands[1]) & pile or not set(world.deck) <= pile:
            contradictions += 1
        else:
            assert set(world.hands[1]) == p1  # the only cards nobody has seen
    assert contradictions == 0, f"{contradictions} of 40 worlds contradict the reshuffle"


def test_the_pools_are_public_and_the_same_for_every_seat() -> None:
    st, pile = _reshuffled()
    pools = st.observation(None)["pools"]
    assert all(st.observation(s)["pools"] == pools for s in range(2))
    first, last = pools
    assert first == {"cards": [], "fresh": True, "deck": False, "hands": [2, 3]}
    assert last["deck"] and not last["fresh"] and last["hands"] == [1, 0]
    assert {cards.card(c) for c in last["cards"]} == set(st.deck) | set(st.hands[0][2:])
    assert {cards.card(c) for c in last["cards"]} <= pile


def test_random_games_show_no_seat_a_card_it_may_not_know() -> None:
    """Along random games with reshuffles (and Jokers met in the set-up at six
    seats): no observation outside its pools names a card whose place its seat
    cannot know; the pools name only cards everyone saw; no event a seat sees
    names a card it has never seen; and sampled worlds agree with the pools."""
    checked_pools = fizzles = 0
    for seed, players, jokers in ((1, 2, 1), (2, 3, 2), (3, 6, 2), (4, 4, 1)):
        st = GAME.new(players=players, seed=seed, options={"jokers": jokers, "max_rounds": 12})
        assert isinstance(st, GarrisonState)
        rng = random.Random(seed)
        step = 0
        while not st.over:
            seat = st.to_act[0]
            legal = st.legal_actions(seat)
            events = st.apply(seat, legal[rng.randrange(len(legal))])
            fizzles += sum(e.kind == "fizzled" for e in events)
            step += 1
            for viewer in [*range(players), None]:
                never = st.hidden_from(viewer)
                for e in events:
                    if e.visible_to(viewer):
                        shown = card_codes_in(e.data, CODES)
                        shown |= card_codes_in(GAME.describe(e, viewer) or "", CODES)
                        assert not shown & never, (viewer, e)
                if step % 5:
                    continue
                obs = st.observation(viewer)
                rest = {k: v for k, v in obs.items() if k != "pools"}
                assert not card_codes_in(rest, CODES) & unknown_to(st, viewer)
                assert not card_codes_in(obs["pools"], CODES) & never
                checked_pools += len(obs["pools"]) > 1
                if step % 35 == 0:
                    world = GAME.sample_state(obs, random.Random(step))
                    assert world.observation(viewer) == obs
    assert checked_pools and fizzles


def test_no_hand_dealt_in_the_set_up_holds_a_joker() -> None:
    """GAR-1: a Joker met in the set-up goes back into the deck, so no card dealt
    in the set-up is a Joker, met or not: everyone knows every Joker is in the
    deck when play starts, and only the draws of play may find it."""
    st = GAME.new(players=2, seed=3, options={"deck": "5H 6H 7C 8C 9C 2D 3D 4D X1 5D 6D 7D"})
    assert isinstance(st, GarrisonState)
    assert codes(st.hands[0]) == ["2D", "3D", "4D"] and 52 in st.deck
    obs = st.observation(None)
    dealt, deck = obs["pools"]
    assert dealt == {"cards": [], "fresh": True, "deck": False, "hands": [3, 3]}
    assert deck == {"cards": ["X1"], "fresh": True, "deck": True, "hands": [0, 0]}
    for k in range(40):
        world = GAME.sample_state(obs, random.Random(k))
        assert world.observation(None) == obs
        assert isinstance(world, GarrisonState)
        assert 52 in world.deck
    # the same when the Joker was never met: it is in the deck all the same
    for seed in range(20):
        st = GAME.new(players=3, seed=seed)
        assert isinstance(st, GarrisonState)
        assert all(c < 52 for h in st.hands for c in h) and 52 in st.deck
        obs = st.observation(1)
        assert ["X1"] in [p["cards"] for p in obs["pools"] if p["deck"]]
        world = GAME.sample_state(obs, random.Random(seed))
        assert isinstance(world, GarrisonState)
        assert 52 in world.deck
