"""The report's findings: their words, their ranking, and the correction for
the number of tests, on runs made up game by game."""

from __future__ import annotations

import math
import re
from typing import Any

import pytest

from courtly.lab.definitions import definitions
from courtly.lab.findings import (
    GOES,
    PLAYS,
    SMALL,
    UNCLEAR,
    WHO,
    _change,
    _first_gap,
    findings,
    games_in_100,
    games_range,
    number_of_tests,
    plural,
)
from courtly.lab.marked import linked, plain
from courtly.lab.stats import holm
from courtly.lab.summary import summarize


def _game(seed: int, first: int, winner: int, gap: float, variant: int = 0) -> dict[str, Any]:
    """A two-player game: ``first`` moves first, ``winner`` wins 10-5; after
    round 1 the first player has ``gap`` more than the other (plus a little
    noise, as real games have)."""
    scores = [10.0, 5.0] if winner == 0 else [5.0, 10.0]
    after_one = [0.0, 0.0]
    after_one[first] = 8.0 + gap + (seed % 3) * 0.1
    after_one[1 - first] = 8.0
    return {
        "variant": variant, "seed": seed, "players": 2, "decisions": 40 + seed % 5,
        "first": first, "winners": [winner], "shared": False, "scores": scores,
        "margin": 5.0, "decisiveness": 0.5 + (seed % 4) * 0.1, "lead_changes": 2 + seed % 2,
        "drama": 0.1 * (seed % 3), "choices": 4.0, "length": {"round": 3 + seed % 2, "turn": 6},
        "events": {}, "curve": [after_one, after_one, scores],
    }  # fmt: skip


def _seats(g: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {
            "variant": g["variant"], "seed": g["seed"], "seat": s, "bot": "greedy",
            "score": g["scores"][s], "rank": 1.0 if s in g["winners"] else 2.0,
            "win_share": 1.0 if s in g["winners"] else 0.0, "order": (s - g["first"]) % 2,
        }
        for s in range(2)
    ]  # fmt: skip


def _run(n: int, first_wins: int, gap: float = 0.0, variants: int = 1) -> dict[str, Any]:
    """``n`` games per variant; the first player alternates between the seats
    and wins ``first_wins`` of them (spread evenly), so the seats stay even."""
    games = []
    for v in range(variants):
        wins = set(round(k * n / first_wins) for k in range(first_wins)) if first_wins else set()
        for i in range(n):
            first = i % 2
            games.append(_game(i, first, first if i in wins else 1 - first, gap, v))
    settings = {
        "game": "crown-rivals", "players": 2, "bots": ["greedy", "greedy"], "n": n, "seed": 0,
        "options": {}, "variants": [{"label": f"v{v}", "options": {}} for v in range(variants)],
    }  # fmt: skip
    seats = [r for g in games for r in _seats(g)]
    return summarize(settings, games, seats)


def _first_player(summary: dict[str, Any]) -> Any:
    (f,) = [f for f in findings(summary) if "wins" in f.text and "first player" in f.text]
    return f


def test_holm_by_hand() -> None:
    # sorted: 0.01 x 4 = 0.04; 0.03 x 3 = 0.09; 0.04 x 2 = 0.08, kept at 0.09; 0.5 x 1
    adjusted = holm([0.01, 0.04, 0.03, None, 0.5])
    assert adjusted == pytest.approx([0.04, 0.09, 0.09, None, 0.5])
    assert holm([0.2, 0.6]) == pytest.approx([0.4, 0.6])
    assert holm([0.4, 0.9]) == pytest.approx([0.8, 0.9])
    assert holm([0.6, 0.7]) == pytest.approx([1.0, 1.0])  # never above 1
    assert holm([0.01, 0.02]) == pytest.approx([0.02, 0.02])  # never below the one before
    assert holm([math.nan, 0.01]) == [None, pytest.approx(0.01)]  # a test not made is no test


def test_every_test_of_a_run_is_corrected_together() -> None:
    s = _run(200, 116, gap=-3.0, variants=2)
    assert s["correction"] == {"method": "Holm", "tests": 2 * 3 + len(
        [r for r in s["variants"][1]["versus_baseline"] if r["p"] is not None]
    )}  # fmt: skip
    v = s["variants"][0]
    for test in (v["seat_test"], v["first_player"], v["first_gap"]):
        assert test["p_holm"] >= test["p"]
    assert v["first_player"]["order_test"]["p"] is None  # two players: the binomial says it


def test_a_first_player_edge_clear_alone_is_not_clear_once_corrected() -> None:
    # 116 of 200 (58%) against a fair 50%: exact binomial p = 0.028, below 0.05
    # alone; but the run makes three tests (the seats, the first player, their
    # gap after round 1, tiny p), so Holm doubles it to 0.056.
    s = _run(200, 116, gap=-3.0)
    fp = s["variants"][0]["first_player"]
    assert fp["p"] == pytest.approx(0.0281, abs=1e-4)
    f = _first_player(s)
    assert "no clear advantage or handicap" in f.text  # uncorrected, it would be "an advantage"
    # its interval leaves 50% out, so the finding says why it is still not clear
    assert fp["win_share"]["low"] > 0.5
    assert (
        "no clear advantage or handicap (its interval alone leaves the fair share out; the "
        "test, corrected for the run's 3 tests, does not)." in plain(f.text)
    )
    assert f.tier == UNCLEAR
    assert fp["p_holm"] == pytest.approx(2 * fp["p"])
    assert "games in 100" in f.text
    assert plain(f.evidence) == (
        "Exact binomial test against the fair share: p = 0.028; corrected for the 3 tests "
        "of this report: p = 0.056, not clear."
    )


def test_a_clear_first_player_advantage_in_plain_words() -> None:
    s = _run(1000, 580)
    f = _first_player(s)
    assert f.tier == WHO and f.size == pytest.approx(8.0)
    assert plain(f.text) == (
        "The first player (whoever moves first, here the player with the lowest spade in the "
        "opening hands; not seat P0 as such) wins 58.0% [54.9, 61.0] of games against a fair "
        "share of 50.0%: an advantage. About 8 games in 100 (one in 13) go to the first player "
        "that an even game would give to another."
    )
    assert f.terms[:3] == ["first-player", "fair-share", "games-in-100"]


def test_a_handicap_and_an_even_game_in_plain_words() -> None:
    f = _first_player(_run(1000, 400))
    assert "a handicap. About 10 games in 100 (one in 10) go to another player" in plain(f.text)
    even = _first_player(_run(1000, 500))
    assert even.tier == UNCLEAR
    assert "anything from 3 games in 100 lost to 3 won" in plain(even.text)


def test_games_in_words() -> None:
    assert games_in_100(0.08) == "about 8 games in 100 (one in 13)"  # 12.5, rounded up
    assert games_in_100(0.1) == "about 10 games in 100 (one in 10)"
    assert games_in_100(-0.25) == "about 25 games in 100 (one in 4)"
    assert games_in_100(0.004) == "fewer than 1 game in 100"
    assert games_in_100(0.01) == "about 1 game in 100 (one in 100)"
    assert games_range(-0.09, 0.04) == "anything from 9 games in 100 lost to 4 won"
    assert games_range(-0.01, 0.09) == "anything from 1 game in 100 lost to 9 won"
    assert games_range(-0.13, -0.01) == "between 1 and 13 games in 100 lost"
    assert games_range(0.02, 0.07) == "between 2 and 7 games in 100 won"
    assert plural("round") == "rounds" and plural("tiles") == "tiles"
    assert number_of_tests(1) == "1 test" and number_of_tests(37) == "37 tests"


def test_the_first_player_s_gap_after_the_first_round_is_called_out() -> None:
    s = _run(200, 100, gap=-4.0)
    (f,) = [f for f in findings(s) if "ends round 1" in f.text]
    assert f.tier == PLAYS
    assert plain(f.text).startswith(
        "The first player ends round 1 behind: Influence 4.1 against 8.0 for the others on "
        "average, a gap of -3.9 [-3.9, -3.9] (49% of the others' Influence), and the gap is "
        "no longer clear by round 3 (Influence by round)."
    )
    # the game's last round evens it out here (each seat wins half its games)
    # a gap of 0.1 (the noise alone) is clear with 200 games, but small
    (tiny,) = [f for f in findings(_run(200, 100, gap=0.0)) if "ends round 1" in f.text]
    assert tiny.tier == SMALL and "ends round 1 ahead" in tiny.text


def test_a_gap_that_comes_back_is_not_said_to_be_over() -> None:
    """Garrison with jokers=1: clear behind in rounds 1-3, not in 4, clear behind
    again in 5 (the largest of all); the finding said only "no longer clear by
    round 4", as if the gap had closed."""

    def gap(mean: float, low: float, high: float) -> dict[str, Any]:
        return {"gap": {"mean": mean, "low": low, "high": high}, "first": 5.0, "others": 8.0}

    units = [
        gap(-3, -4, -2),
        gap(-2, -3, -1),
        gap(-2, -3, -0.5),
        gap(-1, -3, 1),
        gap(-5.7, -9, -2.3),
    ]
    f = _first_gap(
        {"unit": "round", "label": "jokers=1"}, {"by_unit": units, "p": 0.001}, "", "keep", 1
    )
    said = plain(f.text)
    assert "not clear at round 4, though clearly behind again at round 5 (keep by round)" in said
    assert "no longer clear" not in said
    units[4] = gap(3, 1, 5)
    turned = plain(
        _first_gap(
            {"unit": "round", "label": "x"}, {"by_unit": units, "p": 0.001}, "", "keep", 1
        ).text
    )
    assert "not clear at round 4 and clearly ahead at round 5" in turned


def test_a_change_in_a_measure_shown_as_a_percentage_is_told_in_points() -> None:
    """Drama read "from 0.326 to 0.403 (+23%)" beside "33%" and "40%"."""
    row = {"metric": "drama", "baseline": 0.326, "variant": 0.403, "percent": True}
    size, words = _change(row)
    assert words == "from 33% to 40% (7.7 points more)" and size == pytest.approx(7.7)
    assert _change({"metric": "margin", "baseline": 2.0, "variant": 3.0})[1] == "from 2 to 3 (+50%)"


def test_findings_are_ranked_by_how_much_they_matter() -> None:
    s = _run(1000, 580, gap=-4.0)
    ranked = findings(s)
    tiers = [f.tier for f in ranked]
    assert tiers == sorted(tiers)
    # who wins (8 games in 100), then the gap, then how games go, then the
    # seats, even and so not clear
    assert [f.tier for f in ranked] == [WHO, PLAYS, GOES, UNCLEAR]
    assert ranked[0].text.startswith("The [[first-player|first player]]")
    # within a tier, the bigger first
    sizes = {t: [f.size for f in ranked if f.tier == t] for t in set(tiers)}
    assert all(v == sorted(v, reverse=True) for v in sizes.values())


def test_a_clear_but_tiny_edge_ranks_below_how_games_go() -> None:
    # 50.5% of 200,000: clear (p < 0.001) but half a game in 100
    s = _run(200_000, 101_000)
    f = _first_player(s)
    assert f.p_holm is not None and f.p_holm < 0.05
    assert f.tier == SMALL and "Fewer than 1 game in 100" in plain(f.text)
    assert [x.tier for x in findings(s)].index(SMALL) > [x.tier for x in findings(s)].index(GOES)


def test_every_measure_a_finding_names_is_defined() -> None:
    s = _run(1000, 580, gap=-4.0, variants=2)
    defined = {k for k, _, _ in definitions(s)}
    used = {t for f in findings(s) for t in f.terms}
    assert used and used <= defined
    for needed in ("decisiveness", "drama", "first-player", "holm", "seat", "games-in-100"):
        assert needed in defined
    text = dict((k, t) for k, _, t in definitions(s))
    assert "not the same as seat P0" in text["first-player"]
    assert "In this run seat P0 moved first in 50% of games" in text["first-player"]
    assert f"makes {s['correction']['tests']} tests" in text["holm"]


def test_marked_words_link_to_their_definitions() -> None:
    marked = "The [[first-player|first player]] <wins> [[drama|drama]]"
    assert plain(marked) == "The first player <wins> drama"
    page = linked(marked, {"drama": 'a "comeback"'})
    assert page == (
        'The <a class=term href="#def-first-player">first player</a> &lt;wins&gt; '
        '<a class=term href="#def-drama" title="a &quot;comeback&quot;">drama</a>'
    )
    assert not re.search(r"\[\[", page)


def test_a_variant_s_clear_changes_are_findings() -> None:
    s = _run(400, 200, variants=2)
    # make the second variant's games longer: its rows are compared again
    from courtly.lab.summary import compare

    base = [_game(i, i % 2, i % 2, 0.0) for i in range(400)]
    longer = [{**g, "variant": 1, "decisions": g["decisions"] * 2} for g in base]
    rows = compare(base, [r for g in base for r in _seats(g)], longer,
                   [r for g in longer for r in _seats(g)], 2, {})  # fmt: skip
    s["variants"][1]["versus_baseline"] = rows
    from courtly.lab.summary import correct

    s["correction"]["tests"] = correct(s["variants"])
    changes = [f for f in findings(s) if f.text.startswith("v1 against v0")]
    assert plain(changes[0].text).startswith(
        "v1 against v0 (the baseline): length: in decisions from 42 to 84 (+100%)"
    )
    assert changes[0].tier == PLAYS


def test_a_longer_game_in_decisions_alone_says_its_own_length_did_not_change() -> None:
    """Agincards with reclaim=manual read "length: in decisions from 71.4 to
    81.9 (+15%)", a longer game to a designer's eye, though every game placed
    52 tiles in both: a reclaim is a decision. The finding now says so."""
    s = _run(400, 200, variants=2)
    from courtly.lab.summary import compare, correct

    base = [_game(i, i % 2, i % 2, 0.0) for i in range(400)]
    longer = [{**g, "variant": 1, "decisions": g["decisions"] * 2} for g in base]
    rows = compare(base, [r for g in base for r in _seats(g)], longer,
                   [r for g in longer for r in _seats(g)], 2, {})  # fmt: skip
    unit = s["variants"][1]["unit"]
    own = f"length ({unit if unit.endswith('s') else unit + 's'})"
    rows = [r for r in rows if r["metric"] != own]
    rows.append({"metric": own, "baseline": 6.0, "variant": 6.0, "difference": 0.0,
                 "test": "Welch t", "p": 1.0, "term": "length", "share": False})  # fmt: skip
    s["variants"][1]["versus_baseline"] = rows
    s["correction"]["tests"] = correct(s["variants"])
    (change,) = [f for f in findings(s) if f.text.startswith("v1 against v0")]
    said = plain(change.text)
    assert "in decisions from 42 to 84 (+100%)" in said
    assert f"; in {own[8:-1]}, the game's own measure, the same, 6 in both." in said
    rows[-1] |= {"variant": 6.5, "p": 0.2}
    s["correction"]["tests"] = correct(s["variants"])
    (change,) = [f for f in findings(s) if f.text.startswith("v1 against v0")]
    assert "the game's own measure, no clear change, from 6 to 6.5." in plain(change.text)


def _table(game: str, wins: list[int], first: Any) -> dict[str, Any]:
    """A run of ``sum(wins)`` games at ``len(wins)`` players: seat k wins
    ``wins[k]`` of them (the winners interleaved), and ``first(i)`` moves first
    in game ``i``. Every seat scores the same after round 1: no gap to find."""
    n = len(wins)
    left = list(wins)
    winners = []
    while any(left):
        for k in range(n):
            if left[k]:
                winners.append(k)
                left[k] -= 1
    games, seats = [], []
    for i, w in enumerate(winners):
        scores = [10.0 if s == w else 5.0 for s in range(n)]
        games.append({
            "variant": 0, "seed": i, "players": n, "decisions": 40 + i % 5, "first": first(i),
            "winners": [w], "shared": False, "scores": scores, "margin": 5.0,
            "decisiveness": 0.5, "lead_changes": 2, "drama": 0.1, "choices": 4.0,
            "length": {"round": 3}, "events": {}, "curve": [[8.0] * n, scores],
        })  # fmt: skip
        seats += [
            {"variant": 0, "seed": i, "seat": s, "bot": "greedy", "score": scores[s],
             "rank": 1.0 if s == w else 2.0, "win_share": 1.0 if s == w else 0.0,
             "order": (s - first(i)) % n}
            for s in range(n)
        ]  # fmt: skip
    settings = {
        "game": game, "players": n, "bots": ["greedy"] * n, "n": len(games), "seed": 0,
        "options": {}, "variants": [{"label": "v0", "options": {}}],
    }  # fmt: skip
    return summarize(settings, games, seats)


def _who_wins(summary: dict[str, Any]) -> list[str]:
    """The findings about the seats, the first player or turn order, in plain words."""
    return [
        plain(f.text)
        for f in findings(summary)
        if {"seat", "first-player", "turn-order"} & set(f.terms) and "ends round 1" not in f.text
    ]


def test_where_seat_p0_always_moves_first_seats_and_turn_order_are_told_once() -> None:
    """Intrigue's dossier said its 3-player shares three times: the seats'
    finding ("Some seats ... P0 23.7%, P1 27.7%, P2 48.7% ... about 15 games
    in 100 ... Seat P0 is always the first player here") and the first
    player's ("wins 23.7% [18.3, 30.0] ... a handicap. About 10 games in
    100 ...") beside the turn order: with P0 always first they are one."""
    s = _table("intrigue", [47, 56, 97], lambda i: 0)
    said = _who_wins(s)
    assert said == [
        "Seat P0 always moves first, so the seats are the places in turn order: P0 (the first "
        "player) 23.5% [18.2, 29.8], P1 28.0%, P2 48.5% (a fair share is 33.3%). "
        "The first player has a handicap, and some seats win more than others: about 15 games "
        "in 100 (one in 7) would change hands for every seat to win a fair share, including "
        "about 10 games in 100 (one in 10) to the first player."
    ]
    (f,) = [f for f in findings(s) if f.places]
    assert f.tier == WHO and f.size == pytest.approx(100 * (0.485 - 1 / 3))
    # both tests stay in the evidence, each with its corrected p
    assert plain(f.evidence).startswith("Exact binomial test against the fair share: p = ")
    assert "Chi-square test of wins by seat against equal shares: p < 0.001" in plain(f.evidence)
    assert plain(f.evidence).count(", clear.") == 2
    # nothing repeats the seats or the first player's share
    assert all(plain(x.text).count("23.5%") <= 1 for x in findings(s))
    assert f.as_dict()["places"] is True
    # the page's definitions say so too, where they said "Seats are not turn order"
    defined = {k: text for k, _, text in definitions(s)}
    assert set(f.terms) <= set(defined)
    assert (
        "seat P0 always moves first, so the seats are the places in turn order" in (defined["seat"])
    )


def test_seats_that_are_turn_order_say_which_test_is_clear() -> None:
    # only the seats clear (Agincards at 4 players): the first player's edge is no figure
    (seats,) = _who_wins(_table("agincards", [56, 66, 46, 32], lambda i: 0))
    assert "The first player has no clear advantage or handicap, but some seats win more " in (
        seats
    )
    assert seats.endswith("would change hands for every seat to win a fair share.")
    # neither: what the data allow the first player, with no figure said clearly
    (even,) = _who_wins(_table("agincards", [67, 66, 67], lambda i: 0))
    assert (
        "No clear difference between seats, and no clear advantage or handicap for the first "
        "player: the data allow anything from " in even
    )
    assert "would change hands" not in even
    assert [
        f.tier for f in findings(_table("agincards", [67, 66, 67], lambda i: 0)) if f.places
    ] == [UNCLEAR]
    # two players: the first player's edge is every game that would change hands
    (two,) = _who_wins(_table("agincards", [130, 70], lambda i: 0))
    assert two.endswith(
        "about 15 games in 100 (one in 7) would change hands for every seat to win a fair "
        "share, all of them from the first player."
    )


def test_where_the_first_player_varies_seats_and_first_player_stay_two_findings() -> None:
    """Garrison and Crown Rivals choose the first player by a rule: the seats,
    the first player and the places in turn order are different measures,
    each its own finding, worded as before."""
    s = _table("garrison", [47, 56, 97], lambda i: (i * 7) % 3)
    assert 0 < s["variants"][0]["first_player"]["p0_first"] < 1
    assert _who_wins(s) == [
        "The first player (whoever moves first, here the player with the lowest starting heart; "
        "not seat P0 as such) wins 80.0% [73.9, 85.0] of games against a fair share of 33.3%: "
        "an advantage. About 47 games in 100 (one in 2) go to the first player that an even "
        "game would give to another.",
        "Some places in turn order win more than others: 1st to move 80.0%, 2nd to move 10.0%, "
        "3rd to move 10.0% (a fair share is 33.3%); about 47 games in 100 (one in 2) would "
        "change hands if they did not.",
        "Some seats (places at the table) win more than others: P0 23.5%, P1 28.0%, P2 48.5% (a "
        "fair share is 33.3%); about 15 games in 100 (one in 7) would change hands if they did "
        "not.",
    ]
    assert not any(f.places for f in findings(s))
