"""The greedy Agincards bot outscores random play by a wide margin."""

from __future__ import annotations

import random
from statistics import mean

from courtly.bots import make, names

from .helpers import GAME


def _play(bots, seed):
    state = GAME.new(players=len(bots), seed=seed)
    rng = random.Random(seed)
    while not state.over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].act(state.observation(seat), state.legal_actions(seat), rng))
    return state.scores


def test_greedy_is_available():
    assert {"random", "greedy"} <= set(names(GAME))


def test_greedy_beats_random_head_to_head():
    greedy, rnd = make("greedy", GAME), make("random", GAME)
    mine, theirs, wins = [], [], 0
    for seed in range(60):
        seats = [greedy, rnd] if seed % 2 == 0 else [rnd, greedy]
        scores = _play(seats, seed)
        g, r = scores[seed % 2], scores[1 - seed % 2]
        mine.append(g)
        theirs.append(r)
        wins += g > r
    assert mean(mine) > 2 * mean(theirs)
    assert wins >= 54


def test_greedy_solitaire_scores_far_above_random():
    greedy, rnd = make("greedy", GAME), make("random", GAME)
    g = mean(_play([greedy], seed)[0] for seed in range(30))
    r = mean(_play([rnd], seed)[0] for seed in range(30))
    assert g > 3 * r


def test_greedy_reclaims_and_places_tokens():
    greedy = make("greedy", GAME)
    from courtly.games.agincards.actions import parse

    from .helpers import scenario

    # a token on the card that makes its own red run three long, with room to grow
    state = scenario(
        [("m13", "5H"), ("n13", "6D")],
        [["7H", "KD", "2C", "9S", "QC"], ["AC", "AD", "AH", "2D", "3D"]],
        {"n13": 0},
        deck=["4C", "8S", "TC"],
    )
    state.apply(0, "7H right of 6D")
    obs = state.observation(0)
    assert greedy.act(obs, state.legal_actions(0), random.Random(0)).notation == "token"
    legal = [parse("reclaim 6D"), parse("5H above 6D"), parse("pass")]
    assert greedy.act({"seat": 0}, legal, random.Random(0)).notation == "reclaim 6D"
    # at a token decision (reclaim=manual), a freed token comes back first, then goes down
    legal = [parse("reclaim 6D"), parse("no token")]
    assert greedy.act({"seat": 0}, legal, random.Random(0)).notation == "reclaim 6D"
    assert greedy.act({"seat": 0}, [parse("pass")], random.Random(0)).notation == "pass"
