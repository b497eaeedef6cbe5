"""Crown Rivals: many random games, properties, views, and the bots."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st_

from courtly import bots
from courtly.engine.events import Event
from courtly.engine.testing import random_game, random_step
from tests.games.crown_rivals.helpers import GAME


def test_a_thousand_random_games_reach_the_end():
    endings = {"influence": 0, "turn limit": 0}
    for seed in range(1000):
        state = random_game(GAME, 2, seed)
        assert state.over and state.winners
        endings[state.end_reason] += 1
        inf = state.influence
        if state.end_reason == "influence":
            assert min(inf) <= 0 or max(inf) >= 100
    assert endings["influence"] > 900


@settings(max_examples=25, deadline=None)
@given(seed=st_.integers(0, 10**9), steps=st_.integers(0, 150))
def test_property_views_and_worlds_agree_mid_game(seed, steps):
    state = GAME.new(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        random_step(state, rng)
    counted = sorted(c for zone in state.zones().values() for c in zone)
    assert counted == list(range(52))
    for seat in (0, 1, None):
        obs = state.observation(seat)
        world = GAME.sample_state(obs, random.Random(seed + 1))
        assert world.observation(seat) == obs
        assert sorted(c for z in world.zones().values() for c in z) == list(range(52))
    if not state.over:
        active = state.active
        assert state.legal_actions(active) or state.to_act != (active,)


def test_sampled_worlds_keep_starting_cards_out_of_the_market_deck():
    state = GAME.new(seed=4)
    rng = random.Random(0)
    for _ in range(60):
        random_step(state, rng)
    obs = state.observation(0)
    for k in range(10):
        world = GAME.sample_state(obs, random.Random(k))
        assert all((c >> 2) + 1 > 3 for c in world.market_deck)


def test_render_shows_influence_hand_market_spades_piles_and_this_turn():
    state = GAME.new(seed=2)
    seat = state.to_act[0]
    text = GAME.render(state.observation(seat), state.legal_actions(seat))
    for words in (
        "Influence",
        "Your hand",
        "Market",
        "spades in play",
        "deck",
        "discard",
        "pooled damage",
        "currency",
        "bonuses to claim",
        "Your moves: ",
    ):
        assert words in text
    assert "(" in text  # market costs


def test_score_table_has_a_row_per_seat():
    state = random_game(GAME, 2, 5)
    headers, rows = GAME.score_table(state.observation(None))
    assert len(rows) == 2 and "Influence" in headers
    assert [r[4] for r in rows].count("winner") == len(state.winners)


def _match(seed: int, seats: tuple[str, str]) -> list[int]:
    players = [bots.make(name, GAME) for name in seats]
    state = GAME.new(seed=seed)
    rng = random.Random(seed)
    while not state.over:
        seat = state.to_act[0]
        bot = players[seat]
        obs = state.observation(seat) if bot.needs_observation else None
        state.apply(seat, bot.act(obs, state.legal_actions(seat), rng))
    return state.winners


def test_a_whole_game_plays_against_a_bot():
    winners = _match(1, ("greedy", "random"))
    assert winners


def test_greedy_beats_random_clearly():
    wins = 0
    games = 100
    for seed in range(games):
        me = seed % 2
        seats = ("greedy", "random") if me == 0 else ("random", "greedy")
        if _match(seed, seats) == [me]:
            wins += 1
    assert wins >= 80, f"greedy won only {wins} of {games}"


def test_greedy_is_listed_among_the_bots():
    assert "greedy" in bots.names(GAME)


def test_every_event_reads_as_a_log_line():
    state = GAME.new(seed=9)
    rng = random.Random(9)
    lines = 0
    while not state.over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        for event in state.apply(seat, legal[rng.randrange(len(legal))]):
            for viewer in (0, 1, None):
                line = GAME.describe(event, viewer)
                assert line is None or isinstance(line, str)
                lines += line is not None
    assert lines
    drew = Event("drew", {"seat": 0, "cards": ["AS"]}, to=frozenset((0,)))
    assert GAME.describe(drew, 1) is None and "AS" in (GAME.describe(drew, 0) or "")


def test_the_score_table_counts_every_card_a_seat_owns() -> None:
    """The end's "cards in deck" left out the cards in play: the spades in
    play (with the diamonds under them) and the cards played in the last
    turn. Every card of the 52 is a seat's, the market's, trashed or removed."""
    counted = 0
    for seed in range(12):
        state = random_game(GAME, 2, seed)
        headers, rows = GAME.score_table(state.observation(None))
        assert headers[3] == "cards owned"
        z = state.zones()
        others = sum(len(z[k]) for k in ("market", "market_deck", "trashed", "removed"))
        owned = [int(r[3]) for r in rows]
        assert sum(owned) + others == 52
        for seat in (0, 1):
            held = sum(len(z[f"{k}{seat}"]) for k in ("hand", "deck", "discard", "supporters"))
            mine = held + (len(z["in_play"]) if seat == state.active else 0)
            assert owned[seat] == mine
        counted += bool(z["supporters0"] or z["supporters1"] or z["in_play"])
    assert counted  # some game ended with cards in play
