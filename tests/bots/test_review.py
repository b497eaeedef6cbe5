"""Hints and game review read the search's guard where it compared moves on
the same worlds (``courtly.bots.review.searched``)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from courtly.bots import make, review
from courtly.bots.evaluation import par_for
from courtly.bots.guard import Guard, Paired, Verdict
from courtly.bots.ismcts import ISMCTS, Analysis, MoveValue
from courtly.bots.levels import make_level
from courtly.engine.actions import Action
from courtly.engine.driver import Driver
from courtly.games import get
from tests.games.garrison.scenario import smuggler_loop


class Judged(ISMCTS):
    """A search whose tree and guard say what the test says."""

    analysis: Analysis
    checked: Verdict | None

    def search(
        self, observation: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Analysis:
        self.last_verdict = self.checked
        return self.analysis


def _paired(action: Action, n: int, mean: float) -> Paired:
    return Paired(action, n=n, total=mean * n, squares=mean * mean * n)


def test_moves_the_guard_compared_are_valued_by_that_comparison() -> None:
    """The guard replaced the heuristic's move (0.52 on its worlds; 0.60 in
    the tree) with one it found 0.12 better on the same worlds, though the
    tree, which tried it 4 times, rated it 0.35: the move chosen shows 0.64,
    the heuristic's 0.52, a move the guard found 0.2 worse 0.32, and a move
    compared on too few worlds, or never compared, its tree value moved as
    the heuristic's was (0.50 - 0.08: one scale for the list); a move never
    tried has none."""
    game = get("garrison")
    base, chosen, worse, few, other = game.actions[10:15]
    bot = Judged(game, iterations=100, guard=Guard(min_samples=12))
    bot.analysis = Analysis(
        moves=[
            MoveValue(chosen, 4, 0.35),
            MoveValue(base, 20, 0.60),
            MoveValue(worse, 9, 0.45),
            MoveValue(few, 6, 0.50),
            MoveValue(other, 0, None),
        ],
        iterations=39,
        seconds=0.1,
    )
    bot.checked = Verdict(
        chosen,
        True,
        worlds=20,
        rollouts=80,
        decisions=900,
        candidates=[_paired(chosen, 20, 0.12), _paired(worse, 12, -0.2), _paired(few, 3, 0.3)],
        base=base,
        base_value=0.52,
    )
    shown = review.searched(bot, {"seat": 0}, [base, chosen, worse, few, other], random.Random(0))
    values = {m.action: m.value for m in shown.moves}
    assert shown.best is chosen
    assert values[chosen] == pytest.approx(0.64) and values[base] == pytest.approx(0.52)
    assert values[worse] == pytest.approx(0.32)
    assert values[few] == pytest.approx(0.42) and values[other] is None
    tries = {m.action: m.visits for m in shown.moves}  # a compared move's worlds count
    assert tries[chosen] == 20 and tries[base] == 20 and tries[few] == 6
    decision = review.Decision(index=4, observation={"seat": 0}, legal=[base, chosen], played=base)
    judged = review.judge(decision, shown)
    assert judged.best == chosen.notation and judged.loss is not None
    assert abs(judged.loss - 0.12) < 1e-9 and judged.costly
    bot.checked = None  # no guard: the tree's values as they are
    assert review.searched(bot, {"seat": 0}, [base], random.Random(0)) is bot.analysis
    # nor on fewer worlds than the guard needs to decide (a chance read off 5 is noise)
    bot.checked = Verdict(chosen, False, worlds=5, rollouts=10, decisions=90, base=base,
                          base_value=0.0)  # fmt: skip
    assert review.searched(bot, {"seat": 0}, [base], random.Random(0)) is bot.analysis


def test_a_move_played_rated_at_least_as_high_is_the_best_shown() -> None:
    """The replay's review showed "Played: Play 2♣ 3♦ 60%, Best: Play A♠ A♦
    58%": the search's own move, rated lower than the one played, named as
    the better. Where the move played rates at least as high, it is the best
    shown ("(the same)"), with no loss; a move rated higher still is named."""
    game = get("crown-rivals")
    state = game.new(seed=1)
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    chosen, played = legal[0], legal[1]
    decision = review.Decision(index=0, observation={"seat": seat}, legal=legal, played=played)
    lower = Analysis(moves=[MoveValue(chosen, 30, 0.58), MoveValue(played, 20, 0.60)],
                     iterations=50, seconds=0.1)  # fmt: skip
    judged = review.judge(decision, lower)
    assert judged.best == judged.played == played.notation and judged.loss == 0.0
    assert judged.best_value == pytest.approx(0.60)
    higher = Analysis(moves=[MoveValue(chosen, 30, 0.70), MoveValue(played, 20, 0.60)],
                      iterations=50, seconds=0.1)  # fmt: skip
    judged = review.judge(decision, higher)
    assert judged.best == chosen.notation and judged.loss == pytest.approx(0.10)


def test_a_review_never_calls_a_move_the_guard_replaced_free() -> None:
    """A ``normal`` seat's moves are the guard's base: at every decision where
    the search chose another move, the review shows the loss the guard
    measured on its paired worlds (at least its margin, never 0 as two tree
    values read apart can say) and the chosen move at least as likely to win."""
    game = get("garrison")
    bot = make_level("hard@1200it", game)
    assert isinstance(bot, ISMCTS) and bot.guard is not None
    state = game.new(players=4, seed=3, options={"max_rounds": 3})
    for _ in Driver(state, [make(name, game) for name in ["normal"] * 4]).moves():
        pass
    record = state.record()
    found, _ = review.decisions(record, 0)
    replaced = 0
    for decision in found[:30]:
        analysis = review.searched(bot, decision.observation, decision.legal, random.Random(7))
        judged = review.judge(decision, analysis)
        if judged.best != judged.played:
            replaced += 1
            checked = bot.last_verdict
            assert checked is not None and checked.overridden
            assert checked.base is not None and checked.base.id == decision.played.id
            (measured,) = [p.mean for p in checked.candidates if p.action.notation == judged.best]
            assert judged.best_value is not None and judged.played_value is not None
            assert judged.best_value >= judged.played_value
            assert judged.played_value == pytest.approx(min(1.0, max(0.0, checked.base_value or 0)))
            assert judged.loss == pytest.approx(min(measured, 1.0 - judged.played_value))
            assert judged.loss >= bot.guard.margin - 1e-9
    assert replaced


def test_a_verdict_pickles_as_it_is() -> None:
    """The server's search workers are processes: a hint's or a review's
    verdict crosses back pickled, in the compiled build as in the pure one."""
    import pickle

    game = get("crown-rivals")
    state = game.new(players=2, seed=3)
    seat = state.to_act[0]
    verdict = review.analyse(
        game, state.observation(seat), state.legal_actions(seat), random.Random(0), think=0.05
    )
    again = pickle.loads(pickle.dumps(verdict))
    assert again == verdict and again.best is verdict.best


def test_a_hint_lists_two_copies_of_one_card_once() -> None:
    """Intrigue's four Public Supports are four cards of one face: a hint
    listed "Play Public Support face down on A" twice, one line per copy."""
    game = get("intrigue")
    one, two, other = (game.parse_action(n) for n in ("down PUB1 A", "down PUB2 A", "take A+3"))
    assert one.words() == two.words() != other.words()
    analysis = Analysis(
        moves=[MoveValue(one, 30, 0.6), MoveValue(two, 25, 0.6), MoveValue(other, 20, 0.5)],
        iterations=75, seconds=0.1,
    )  # fmt: skip
    assert [m.action for m in review.top_moves(analysis, 3)] == [one, other]
    assert [m.action for m in review.top_moves(analysis, 1)] == [one]


def test_a_review_never_blames_playing_one_copy_of_a_card_for_another() -> None:
    """With two Public Supports in hand, a review could read "Played: Play
    Public Support face down on A 55%, Best: Play Public Support face down on
    A 60%, loss 0.05": the same move in effect, its figures the search's noise."""
    game = get("intrigue")
    one, two, other = (game.parse_action(n) for n in ("down PUB1 A", "down PUB3 A", "take A+3"))
    decision = review.Decision(index=4, observation={}, legal=[one, two, other], played=one)
    analysis = Analysis(
        moves=[MoveValue(two, 30, 0.60), MoveValue(one, 20, 0.55), MoveValue(other, 9, 0.4)],
        iterations=59, seconds=0.1,
    )  # fmt: skip
    judged = review.judge(decision, analysis)
    assert judged.best == judged.played == one.notation and judged.loss == 0.0
    assert not judged.costly
    # another move rated higher is still named
    other_best = Analysis(moves=[MoveValue(other, 30, 0.7), MoveValue(one, 20, 0.55)],
                          iterations=50, seconds=0.1)  # fmt: skip
    assert review.judge(decision, other_best).best == other.notation


def test_a_move_compared_alone_and_as_a_line_s_first_is_worth_the_better() -> None:
    a, b, c = (Action(i, "m", f"m{i}") for i in range(3))
    verdict = Verdict(
        action=b,
        overridden=True,
        worlds=20,
        rollouts=80,
        decisions=800,
        candidates=[
            Paired(b, n=20, total=2.0),  # alone: +0.1
            Paired(c, n=5, total=5.0),  # too few worlds to count
            Paired(b, n=20, total=6.0, line=(c,)),  # then the line: +0.3
            Paired(a, n=20, total=4.0, line=(c,)),  # the base, then a line: +0.2
        ],
        base=a,
        base_value=0.4,
    )
    moved = review.compared(verdict, least=12)
    assert moved == {a.id: (0.2, 20, (c,)), b.id: (0.3, 20, (c,))}


def test_a_hint_names_the_line_a_move_s_chance_is_of() -> None:
    state = smuggler_loop()
    bot = make_level("hard@1500it", get("garrison"))
    assert isinstance(bot, ISMCTS)
    analysis = review.searched(bot, state.observation(1), state.legal_actions(1), random.Random(0))
    paid = next(m for m in analysis.moves if m.action.notation == "upgrade QH with AD")
    assert [a.notation for a in paid.then] == ["trade KS for AD", "smuggle 5H"]
    assert review.words(paid) == (
        "add {QH} to the keep, paying {AD}; then trade {KS} for {AD}; "
        "then Smuggler: {5H} from the discard pile into the keep"
    )
    alone = next(m for m in analysis.moves if not m.then)
    assert review.words(alone) == alone.action.words()


def test_a_review_says_what_its_figures_mean_in_its_game() -> None:
    """The replay page's review showed Garrison's figures (59% on the first
    turn) without saying they are chances of winning, as its hint does."""
    assert review.Review(game="garrison", seat=0, think=0.1, players=2).to_json()["chance"] == (
        "the chance of winning, as only first place counts in this game"
    )
    assert review.Review(game="intrigue", seat=0, think=0.1, players=3).to_json()["chance"] == (
        "the estimated result, 100% = first place, 0% = last"
    )
    # a review of a game alone (Agincards solitaire) reads its chances as of
    # beating the par its game declares
    alone = review.Review(game="agincards", seat=0, think=0.1, players=1).to_json()["chance"]
    par = par_for(get("agincards"))
    assert par is not None and alone == par.chance
    assert "first place" not in alone and "last" not in alone
    assert "beating a score of 250" in alone
