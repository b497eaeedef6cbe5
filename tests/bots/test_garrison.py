"""Garrison's ``normal`` heuristic: its strength against the earlier heuristic,
random play and the scripted strategies; its plans (the Joker, the spies'
windows, sieges, the discard top) in set-up positions; and its fairness (only
the observation) and legality. Also ``hard``'s line: the win within the turn
its guard compares (``bots.evaluations.garrison.winning_line``)."""

from __future__ import annotations

import copy
import random

import pytest

from courtly.bots import make, names, scripted_for
from courtly.bots.evaluations.garrison import GUARD, winning_line
from courtly.bots.greedy.garrison import WEIGHTS, Greedy
from courtly.bots.scripted.garrison_v1 import PreviousNormal
from courtly.bots.tune import SPECS, tune
from courtly.engine.actions import Action
from courtly.engine.errors import CourtlyError
from courtly.games import get
from courtly.games.garrison.rules import GarrisonState
from courtly.lab.runner import run_matches
from tests.games.garrison.scenario import build, do, smuggler_loop

GAME = get("garrison")
SCRIPTED = ("builder", "raider", "guard")


def share(lineup: list[str], bot: str, games: int, seed: int) -> float:
    """Win share per seat of ``bot`` (ties shared) over ``games`` games, the
    line-up rotated so that every seat is played by each bot in turn."""
    n = len(lineup)
    matches = [(lineup[i % n :] + lineup[: i % n], seed + i) for i in range(games)]
    wins = seats = 0.0
    for r in run_matches(GAME.id, matches):
        for s, name in enumerate(r.bots):
            if name == bot:
                wins += r.win_share(s)
                seats += 1
    return wins / seats


def move(state: GarrisonState, seat: int, bot: str = "normal") -> Action:
    return make(bot, GAME).act(state.observation(seat), state.legal_actions(seat), random.Random(0))


def ask(state: GarrisonState, seat: int) -> None:
    """Every seat asked before ``seat`` in the open window passes."""
    while state.to_act[0] != seat:
        state.apply(state.to_act[0], "pass")


# -- strength ---------------------------------------------------------------------
def test_normal_wins_three_times_its_fair_share_against_random() -> None:
    assert share(["normal", "random", "random", "random"], "normal", 200, 700) >= 0.75


def test_normal_beats_random_in_nineteen_games_of_twenty_with_two_seats() -> None:
    assert share(["normal", "random"], "normal", 200, 600) >= 0.95


@pytest.mark.parametrize("strategy", [*SCRIPTED, "normal-v1"])
def test_normal_beats_each_yardstick_with_two_seats(strategy: str) -> None:
    won = share(["normal", strategy], "normal", 100, 1200)
    assert won >= 0.8, f"normal won {won:.0%} of 100 two-seat games against {strategy}"


def test_normal_beats_the_previous_heuristic() -> None:
    alone = share(["normal", "normal-v1", "normal-v1", "normal-v1"], "normal", 300, 800)
    assert alone > 0.45, f"one normal against three normal-v1 won {alone:.0%} (fair 25%)"
    outnumbered = share(["normal-v1", "normal", "normal", "normal"], "normal-v1", 300, 900)
    assert outnumbered < 0.15, f"one normal-v1 against three normal won {outnumbered:.0%}"


@pytest.mark.parametrize("strategy", SCRIPTED)
def test_normal_beats_each_scripted_strategy(strategy: str) -> None:
    alone = share(["normal", strategy, strategy, strategy], "normal", 120, 1000)
    assert alone > 0.5, f"one normal against three {strategy} won {alone:.0%} (fair 25%)"
    outnumbered = share([strategy, "normal", "normal", "normal"], strategy, 120, 1100)
    assert outnumbered < 0.12, f"one {strategy} against three normal won {outnumbered:.0%}"


# -- plans in set-up positions ------------------------------------------------------
def test_it_fires_the_joker_with_the_highest_hand_it_can_make() -> None:
    # Rivals' keeps are worth felling; trading the Joker for the King of Diamonds
    # leaves a hand of 30, more than three unknown cards are likely worth.
    st = build(
        4,
        hands={0: "X1 KH QS"},
        court={1: "9H 8H", 2: "7H 6H", 3: "TH"},
        garrison={1: "5C", 2: "9C", 3: "QC"},
        market="KD JC 2S",
    )
    assert move(st, 0).notation == "trade X1 for KD"


def test_it_holds_the_agitator_until_every_levy_is_in() -> None:
    # P0's siege topples P1's keep; P1 passes when the siege is declared and
    # sends the Agitator in the window of P0's end of turn (GAR-18).
    st = build(4, hands={0: "KS 9S", 1: "AS 2C 3C"}, court={1: "5H 6H"})
    st.apply(0, "besiege P1 with KS 9S")
    assert st.to_act == (1,) and move(st, 1).notation == "pass"
    while st.decision == "reaction":
        st.apply(st.to_act[0], "pass")
    st.apply(0, "end")
    assert st.to_act == (1,) and move(st, 1).notation == "agitate P1"


def test_the_seducer_answers_a_rivals_winning_upgrade() -> None:
    st = build(
        4, current=1, hands={0: "AH 2C 3C", 1: "7H 7D"}, court={1: "9H 8H"}, garrison={1: "8C"}
    )
    st.apply(1, "upgrade 7H with 7D")  # 25 + 7 reaches the target, 30
    ask(st, 0)
    assert move(st, 0).notation == "seduce 9H"


def test_the_smuggler_wins_out_of_turn() -> None:
    st = build(
        4,
        current=1,
        hands={0: "AD 2C 3C", 1: "5S"},
        court={0: "9H 8H"},
        garrison={0: "8C"},
        discard="6H 2S",
    )
    st.apply(1, "discard 5S")
    ask(st, 0)
    assert move(st, 0).notation == "smuggle 6H"
    assert move(st, 0, "normal-v1").notation == "pass"


def test_it_besieges_the_leader_when_the_levies_topple_it() -> None:
    st = build(4, hands={0: "5S 9S KS"}, court={1: "8H", 2: "9H 5H", 3: "4H"}, garrison={2: "4C"})
    action = move(st, 0)
    assert action.notation.startswith("besiege P2 with") and "KS" in action.notation


def whole_turn(state: GarrisonState, seat: int) -> list[str]:
    """``seat``'s turn as ``normal`` plays it, every window passed, in notation."""
    out = []
    while not state.over and state.current == seat:
        if state.decision == "reaction":
            state.apply(state.to_act[0], "pass")
            continue
        action = move(state, seat)
        out.append(action.notation)
        state.apply(seat, action)
    return out


def test_it_fends_off_the_biggest_besieger_with_its_smallest_spade() -> None:
    # Besieged by 13 against a keep of 14: one more levy would topple it.
    st = build(4, hands={0: "2S 8H 3C"}, court={0: "9H 5H"}, siege={0: [(1, "KS"), (2, "3S")]})
    turn = whole_turn(st, 0)
    assert "fend KS with 2S" in turn and turn[-1] == "end"


def test_it_trades_for_the_heart_its_diamonds_can_pay_for() -> None:
    # Three diamonds and no heart or club: the 5 of Hearts in the market, paid
    # for by the 9 of Diamonds, is worth more than the 7 of Diamonds given for
    # it. The draft of this heuristic discarded the 7 to draw instead.
    st = build(4, hands={0: "7D KD 9D"}, court={0: "4H"}, market="5S QS 5H")
    assert move(st, 0).notation == "trade 7D for 5H"
    st.apply(0, "trade 7D for 5H")
    ask(st, 0)
    assert move(st, 0).notation.startswith("upgrade 5H with")


def test_asked_again_and_again_it_keeps_its_move() -> None:
    # A search asks the heuristic about the same position in every iteration:
    # it keeps no count of its moves, so the answer never turns into "end".
    st = build(4, hands={0: "7H 3D 4D"}, court={0: "5H"})
    bot = make("normal", GAME)
    obs, legal = st.observation(0), st.legal_actions(0)
    moves = {bot.act(obs, legal, random.Random(0)).notation for _ in range(40)}
    assert moves == {"upgrade 7H with 4D 3D"}


def test_it_upgrades_rather_than_trade_a_diamond_for_its_twin() -> None:
    # The Jack and the King of Diamonds pay alike: trading one for the other
    # gains nothing, and with a cheap trade it once went round in a circle
    # (JD for KD, KD for JD, ...) instead of upgrading.
    st = build(4, hands={0: "7C JD"}, court={0: "4H"}, market="4D 7S", discard="5D 3D KD")
    bot = Greedy(GAME, weights={"trade_min": 0.08, "gift": 0.0})
    action = bot.act(st.observation(0), st.legal_actions(0), random.Random(0))
    assert action.notation == "upgrade 7C with JD"


def test_turns_end_whatever_the_weights() -> None:
    # Weights anywhere within the tuning's bounds: every turn ends after a few
    # moves (the heuristic keeps no count of them to stop it).
    spec = SPECS[GAME.id]
    rng = random.Random(11)
    longest = 0
    for k in range(40):
        weights = {n: rng.uniform(*spec.bounds[n]) for n in spec.start if spec.steps[n]}
        if k % 2:  # trades cheap: the moves most likely to go round in circles
            weights.update(trade_min=rng.uniform(0.0, 0.2), gift=0.0)
        bot = Greedy(GAME, weights=weights)
        state = GAME.new(players=2 + k % 4, seed=k, options={"jokers": 1 + k % 2, "max_rounds": 30})
        turn, moves = (-1, -1), 0
        while not state.over:
            seat = state.to_act[0]
            obs = state.observation(seat)
            if obs["decision"] == "turn":
                moves = moves + 1 if (seat, obs["turn"]) == turn else 1
                turn = (seat, obs["turn"])
                longest = max(longest, moves)
                assert moves <= 20, f"a turn of more than 20 moves with {weights}"
            state.apply(seat, bot.act(obs, state.legal_actions(seat), rng))
    assert longest >= 3


def test_it_leaves_the_lower_diamond_on_top_of_the_discard_pile() -> None:
    # GAR-17: the last named lands on top, for the next player to trade for.
    st = build(4, hands={0: "7H 3D 4D"}, court={0: "5H"})
    assert move(st, 0).notation == "upgrade 7H with 4D 3D"


# -- fairness and legality -------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4, 6])
def test_normal_returns_a_legal_action_and_leaves_its_observation_untouched(players: int) -> None:
    rng = random.Random(5)
    bot = make("normal", GAME)
    for seed in range(12):
        state = GAME.new(players=players, seed=seed, options={"jokers": 2})
        steps = 0
        while not state.over and steps < 600:
            seat = state.to_act[0]
            obs = state.observation(seat)
            before = copy.deepcopy(obs)
            legal = state.legal_actions(seat)
            action = bot.act(obs, legal, random.Random(seed))
            assert action in legal
            assert obs == before
            state.apply(seat, action if rng.random() < 0.8 else legal[rng.randrange(len(legal))])
            steps += 1


def test_normal_decides_on_its_observation_alone() -> None:
    """Worlds that look the same to a seat (other hands and the deck dealt
    anew) get the same move."""
    rng = random.Random(8)
    bot = make("normal", GAME)
    checked = 0
    for seed in range(10):
        state = GAME.new(players=4, seed=seed)
        steps = 0
        while not state.over and steps < 80:
            seat = state.to_act[0]
            obs = state.observation(seat)
            legal = state.legal_actions(seat)
            chosen = bot.act(obs, legal, random.Random(1))
            if len(legal) > 1:
                world = GAME.sample_state(obs, random.Random(seed))
                assert world.observation(seat) == obs
                again = bot.act(obs, world.legal_actions(seat), random.Random(1))
                assert again == chosen
                checked += 1
            state.apply(seat, chosen if rng.random() < 0.9 else legal[rng.randrange(len(legal))])
            steps += 1
    assert checked > 200


@pytest.mark.parametrize("name", [*SCRIPTED, "normal-v1"])
def test_scripted_strategies_play_legal_moves_and_are_named(name: str) -> None:
    assert name in names(GAME) and name in scripted_for(GAME)
    bot = make(name, GAME)
    for seed in range(8):
        state = GAME.new(players=4, seed=seed)
        rng = random.Random(seed)
        while not state.over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            action = bot.act(state.observation(seat), legal, rng)
            assert action in legal
            state.apply(seat, action)


def test_scripted_names_belong_to_their_game() -> None:
    with pytest.raises(CourtlyError, match="raider"):
        make("raider", get("crown-rivals"))
    assert isinstance(make("normal-v1", GAME), PreviousNormal)


# -- weights and their tuning -----------------------------------------------------------
def test_unknown_weights_are_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match="topple"):
        Greedy(GAME, weights={"bravery": 1.0})
    assert Greedy(GAME, weights={"topple": 0.5}).weights["topple"] == 0.5
    assert Greedy(GAME).weights == WEIGHTS


def test_the_tuning_starts_from_every_weight_and_is_reproducible() -> None:
    assert set(SPECS[GAME.id].start) == set(WEIGHTS)
    a = tune(GAME.id, generations=1, pairs=1, games=1, seed=4)
    b = tune(GAME.id, generations=1, pairs=1, games=1, seed=4)
    assert a == b and set(a[0]) == set(WEIGHTS)


# -- hard's line: a win within the turn -------------------------------------------
def _plays_its_turn(state: GarrisonState, seat: int, bot: str) -> GarrisonState:
    """A clone of ``state`` after ``seat``'s turn, every seat played by ``bot``."""
    world = state.clone()
    while not world.over and world.current == seat:
        s = world.to_act[0]
        legal = world.legal_actions(s)
        action = legal[0] if len(legal) == 1 else move(world, s, bot)
        world.apply(s, action)
    return world


def _three_move_win() -> GarrisonState:
    """A keep of 21 (target 30) and the King of Hearts in hand with no diamond:
    trade the 9♣ for the 4♦ on the discard pile, the 10♠ for the market's 7♦,
    and the two pay for the King (a line `normal` does not see)."""
    return build(
        4,
        hands={0: "9C KH TS"},
        court={0: "9H 8H"},
        garrison={0: "4C"},
        market="AC 7D 3C",
        discard="4D",
    )


def test_the_line_search_finds_a_win_within_the_turn_that_normal_misses() -> None:
    st = _three_move_win()
    line = winning_line(st, 0)
    assert [a.notation for a in line] == [
        "trade 9C for 4D",
        "trade TS for 7D",
        "upgrade KH with 4D 7D",
    ]
    played = st.clone()
    for action in line:
        do(played, 0, action.notation)
    assert played.over and played.winners == [0]
    after = _plays_its_turn(st, 0, "normal")  # normal trades for the Ace and ends at 21
    assert not after.over and after.keep_value(0) == 21


def test_the_line_search_finds_the_shortest_win_and_nothing_out_of_reach() -> None:
    st = build(4, hands={0: "KH 9D 3D"}, court={0: "9H 8H"}, garrison={0: "4C"}, market="QH 2D 5C")
    (only,) = winning_line(st, 0)  # one move: either order of the diamonds wins
    assert only.notation in ("upgrade KH with 9D 3D", "upgrade KH with 3D 9D")
    far = build(4, hands={0: "KH 9D 3D"}, court={0: "2H"}, market="QH 2D 5C")
    assert winning_line(far, 0) == []  # 2 + 10: no line of five moves reaches 30
    assert winning_line(_three_move_win(), 1) == []  # not seat 1's turn
    assert winning_line(_three_move_win(), 0, moves=2) == []  # three moves needed


def test_the_line_search_finds_thesmuggler_loop() -> None:
    st = smuggler_loop()
    line = [a.notation for a in winning_line(st, 1)]
    assert line == ["upgrade QH with AD", "trade KS for AD", "smuggle 5H"]
    assert move(st, 1).notation == "besiege P2 with KS"


def test_hard_wins_within_the_turn_where_normal_does_not() -> None:
    assert GUARD.lines is winning_line  # the guard Garrison declares compares the line
    assert not _plays_its_turn(smuggler_loop(), 1, "normal").over
    after = _plays_its_turn(smuggler_loop(), 1, "hard@1500it")
    assert after.over and after.winners == [1]
