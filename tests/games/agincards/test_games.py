"""Whole Agincards games, bad input, options and the terminal view."""

from __future__ import annotations

import random

import pytest

from courtly.bots import make
from courtly.engine.errors import IllegalAction, NotationError, OptionError
from courtly.engine.testing import random_game, snapshot

from .helpers import GAME, scenario


def test_a_thousand_random_games_reach_the_end():
    ended = 0
    for seed in range(1000):
        players = 1 + seed % 4
        options = {"reclaim": "manual"} if seed % 5 == 0 else None
        state = random_game(GAME, players, seed, options)
        assert state.over and state.winners
        assert all(
            t + r == s
            for t, r, s in zip(state.token_points, state.run_points, state.score, strict=True)
        )
        assert sum(state.tokens) + len(state.token_cells) == 5 * players
        ended += 1
    assert ended == 1000


def test_two_pack_games_with_many_players_reach_the_end():
    for seed in range(40):
        state = random_game(GAME, 5 + seed % 4, seed, {"decks": 2})
        assert state.over


def _play(players, bots, seed, options=None):
    state = GAME.new(players=players, seed=seed, options=options)
    rng = random.Random(seed)
    while not state.over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].act(state.observation(seat), state.legal_actions(seat), rng))
    return state


def test_a_solitaire_game_plays_to_the_end_with_its_score_the_goal():
    greedy = make("greedy", GAME)
    state = _play(1, [greedy], 3)
    assert state.over and state.winners == [0]
    assert (not state.deck and not state.hands[0]) or state.passes == 1
    assert state.scores[0] > 50
    headers, rows = GAME.score_table(state.observation(0))
    assert headers[-1] == "total" and rows[0][-1] == str(state.score[0])


def test_a_three_player_game_plays_to_the_end():
    greedy, rnd = make("greedy", GAME), make("random", GAME)
    state = _play(3, [greedy, rnd, greedy], 8)
    assert state.over and len(state.scores) == 3
    assert state.winners and all(state.scores[w] == max(state.scores) for w in state.winners)


def test_malformed_notation_says_what_was_wrong():
    for text, words in [
        ("", "empty action"),
        ("7X right of 5C", "not a card"),
        ("7H right of 5X", "not a card"),
        ("7H m12", "next to a card on the map, named after it"),
        ("7H beside 5C", "not an Agincards action"),
        ("reclaim", "name the token's card"),
        ("hop", "not an Agincards action"),
        ("X1 right of 5C", "without jokers"),
    ]:
        with pytest.raises(NotationError, match=words):
            GAME.parse_action(text)
    with pytest.raises(NotationError) as exc:
        GAME.parse_action("jump over 5C")
    assert "7H right of 5C" in str(exc.value)  # shows the allowed forms


def test_an_illegal_action_changes_nothing_and_names_the_problem():
    s = scenario([("m13", "5C")], [["9D", "2H"], ["AS"]])
    before = snapshot(s)
    for action, words in [
        ("KH right of 5C", "you do not hold KH"),
        ("9D right of 7C", "no 7C on the map"),
        ("9D right of 5C'", "no second 5C"),
        ("token", "just played"),
    ]:
        with pytest.raises(IllegalAction, match=words):
            s.apply(0, action)
        assert snapshot(s) == before
    s.apply(0, "9D right of 5C")
    s.apply(0, "no token")
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="already holds 9D"):
        s.apply(1, "AS right of 5C")
    with pytest.raises(IllegalAction, match="no decision"):
        s.apply(0, "2H left of 5C")
    assert snapshot(s) == before


def test_bad_and_unknown_options_list_the_valid_ones():
    with pytest.raises(OptionError, match="reclaim") as exc:
        GAME.new(players=2, options={"reclaim": "sometimes"})
    assert "auto" in str(exc.value) and "Valid options" in str(exc.value)
    with pytest.raises(OptionError, match="unknown option 'colours'") as exc:
        GAME.new(players=2, options={"colours": 3})
    assert "decks" in str(exc.value)
    with pytest.raises(OptionError, match="decks"):
        GAME.new(players=2, options={"decks": 3})
    with pytest.raises(OptionError, match="1 to 8 players"):
        GAME.new(players=0)


def test_observations_hide_other_hands_and_the_pile():
    s = GAME.new(players=3, seed=6)
    obs = s.observation(1)
    assert "hand" in obs and obs["seat"] == 1
    assert "hand" not in s.observation(None)
    assert "seed" not in obs and "deck" not in obs["options"]
    for key in ("game", "players", "options", "decision", "to_act", "scores", "over", "winners"):
        assert key in obs


def test_render_draws_the_grid_tokens_dead_cells_and_legal_cells():
    s = scenario([("m13", "QC"), ("n13", "KD")], [["2S", "9H"]], tokens={"n13": 0})
    legal = s.legal_actions(0)
    text = GAME.render(s.observation(0), legal)
    assert "K♦0" in text  # the token of seat 0 on the King
    assert "×" in text  # dead cells past the King
    assert "++" in text and "cells where one of your cards may go" in text
    only_2s = [a for a in legal if a.notation.startswith("2S")]
    text = GAME.render(s.observation(0), only_2s)
    assert "legal cells for" in text and "2♠" in text
    assert text.count("++") == len(only_2s) + 1  # the cells, and the legend
    assert "Awaiting: you" in text
    spectator = GAME.render(s.observation(None))
    assert "Your hand" not in spectator


def test_notation_help_names_every_form():
    help_text = GAME.notation_help()
    for form in ("7H right of 5C", "token", "no token", "pass", "reclaim 5C", "5C'", "above"):
        assert form in help_text
