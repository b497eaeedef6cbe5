"""`courtly lab dossier GAME`: a balance dossier with its plots, its sections,
the designer's own questions, made again the same from the same seeds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from courtly.cli.app import app
from courtly.engine.options import parse_option_pairs
from courtly.games import get
from courtly.lab.dossier import Dossier, Run, option_findings, plan
from courtly.lab.dossiertext import _played
from courtly.lab.words import ch

runner = CliRunner()

SECTIONS = (
    "## Who wins: seats and turn order",
    "## How long a game lasts",
    "## Rulings and options: what each alternative changes",
    "## Moves and cards the winners make",
    "## The designer's questions",
    "## How to read this",
)


def dossier(tmp_path: Path, game: str, n: str, name: str, *check: str) -> str:
    """``courtly lab dossier GAME -n N`` (with ``check``'s arguments, e.g.
    ``--check-bots random --check-n 6``) into ``tmp_path/name``: its text."""
    out = tmp_path / name
    result = runner.invoke(
        app,
        ["lab", "dossier", game, "-n", n, "--jobs", "1", "--out", str(out),
         "--work", str(tmp_path / f"work-{name}"), *check],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    return (out / f"{game}.md").read_text()


def test_a_garrison_dossier_has_its_sections_plots_and_the_target_table(tmp_path: Path) -> None:
    text = dossier(tmp_path, "garrison", "3", "a")
    for section in SECTIONS:
        assert section in text
    pics = tmp_path / "a" / "garrison"
    for name in (
        "fairness.png",
        "length.png",
        "options-first_player_edge.png",
        "options-length.png",
    ):
        assert (pics / name).read_bytes()[:4] == b"\x89PNG"
        assert f"(garrison/{name})" in text
    # the text's target table, every length at every player count
    for p in range(2, 7):
        for length in ("quick", "medium", "long"):
            assert f"| {p} | length={length} |" in text
    assert "Games played: 84**" in text  # (5 counts x 3 lengths + 13 option settings) x 3 games
    # the 6 option runs each open with the text's own 3 games at 4 players
    assert (
        "Of them 18 are the text's own games at 4 players played again, the same games, as "
        "the baseline of each of the 6 options compared: 66 different games." in text
    )
    assert "courtly lab dossier garrison -n 3 --seed 0" in text
    assert "30 pts is a good amount" in text  # the designer's own words, answered
    # made without --check-bots: it says so, with the game's own check and the command
    assert "**Not checked with a stronger bot.**" in text
    assert (
        "`courtly lab dossier garrison -n 3 --seed 0 --check-bots hard@5000it --check-n 100`"
        in text
    )
    # the same command, the same dossier
    assert dossier(tmp_path, "garrison", "3", "b") == text


def test_agents_of_the_crown_s_questions_are_answered(tmp_path: Path) -> None:
    text = dossier(tmp_path, "agents-of-the-crown", "4", "c")
    assert "playing without turns is tricky" in text
    assert "**Balance.**" in text and "**Playing without turns.**" in text
    assert "noble_threat_value=rank" in text  # the ruling's alternative, compared
    assert "never arose" in text  # the normal bots never meet the case it settles
    assert "nan" not in text


def test_every_choice_option_is_compared_and_numbers_choices_read_as_numbers() -> None:
    runs = {r.key: r for r in plan(get("agincards"))}
    assert runs["option-decks"].vary == ["decks=1,2"]
    assert runs["option-late_reclaim"].vary == ["late_reclaim=false,true"]
    assert "option-table" not in runs  # a number, not a choice
    assert runs["players-4"].options == {} and runs["players-5"].options == {"decks": 2}
    assert get("garrison").Options.parse(parse_option_pairs(["jokers=0"])).jokers == 0
    agents = get("agents-of-the-crown").Options
    assert agents.parse(parse_option_pairs(["noble_threat_value=10"])).noble_threat_value == 10
    assert agents.parse({"noble_threat_value": "rank"}).noble_threat_value == "rank"


def test_moves_count_toward_their_kind_and_the_card_they_name() -> None:
    from courtly.lab.dossier import card_names, move_keys

    assert move_keys("up 8H at H") == ["up", "up 8H"]
    assert move_keys("trade 7H for 9S") == ["trade", "trade 7H"]
    assert move_keys("KD right of QH") == ["place", "place KD"]
    assert move_keys("play ORACLE") == ["play", "play ORACLE"]
    assert move_keys("pass") == ["pass"] and move_keys("") == []
    # a custom card counts by its printed name: Intrigue's four Public Supports
    # (PUB1-PUB4, codes with a digit) were not counted as a card at all
    names = card_names(get("intrigue"))
    assert names["PUB3"] == names["PUB1"] == "Public Support"
    assert move_keys("down PUB3 A", names) == ["down", "down Public Support"]
    assert move_keys("up PUB1 B", names) == ["up", "up Public Support"]
    assert move_keys("rel ADVANT A B", names) == ["rel", "rel Advantage"]
    assert card_names(get("garrison")) == {}


def test_a_dossier_checks_who_wins_with_another_bot_and_says_if_they_disagree(
    tmp_path: Path,
) -> None:
    text = dossier(
        tmp_path, "crown-rivals", "3", "d", "--check-bots", "random", "--check-n", "6",
        "--duel-n", "0",
    )  # fmt: skip
    assert "**Checked with a stronger bot.**" in text and "played 6 times at 2 players" in text
    assert "Not checked with a stronger bot" not in text
    assert "- the first player wins " in text and "with `random`" in text
    assert "- the player moving second wins " in text
    said = ("**the two disagree**", "the two agree", "does not confirm it")
    assert text.count(" with `random`: ") == 2 and sum(text.count(s) for s in said) == 2
    assert "and 6 to check with another bot" in text
    assert "--check-bots random --check-n 6 --duel-n 0" in text


def test_a_checking_bot_that_does_not_exist_is_named_before_any_game_is_played(
    tmp_path: Path,
) -> None:
    """Its run comes last: the error came after every other run was played
    (minutes to hours at the usual -n); now every run is planned first."""
    work = tmp_path / "work"
    result = runner.invoke(
        app,
        ["lab", "dossier", "garrison", "-n", "2", "--jobs", "1", "--out", str(tmp_path / "d"),
         "--work", str(work), "--check-bots", "hard@fast"],
    )  # fmt: skip
    assert result.exit_code == 2  # a usage error, as every bad option
    assert "'hard@fast'" in result.output and "thinking time after @" in result.output
    assert not work.exists()  # no game played


def test_a_small_clear_change_is_shown_with_the_digits_that_show_it() -> None:
    # A bold (clear) change that read "-0.0 [-0.0, -0.0]" told the designer nothing.
    assert ch({"value": -0.004, "low": -0.007, "high": -0.0012}, "decisiveness") == (
        "-0.004 [-0.007, -0.001]"
    )
    assert ch({"value": 0.03, "low": 0.01, "high": 0.06}, "decisiveness") == "+0.03 [0.01, 0.06]"
    # a clear change's ends show too: it does not read as touching 0
    assert ch({"value": -0.03, "low": -0.05, "high": -0.002}, "decisiveness") == (
        "-0.030 [-0.050, -0.002]"
    )
    # a change that one decimal shows keeps one; no change at all reads 0.0
    assert ch({"value": -0.21, "low": -0.46, "high": 0.02}, "length") == "-0.2 [-0.5, 0.0]"
    assert ch({"value": 0.0, "low": 0.0, "high": 0.0}, "ties") == "0.0 points [0.0, 0.0]"
    assert ch({"value": -0.075, "low": -0.135, "high": -0.005}, "first_player_edge") == (
        "-7.5 points [-13.5, -0.5]"
    )


def test_a_change_that_rounds_to_zero_never_reads_minus_zero() -> None:
    # intrigue.md read "-0.0 [-0.0, 0.0]" and garrison.md "-0.0 [-0.2, 0.1]"
    assert ch({"value": -1e-4, "low": -3e-4, "high": 2e-4}, "decisiveness") == "0.0 [0.0, 0.0]"
    # a small change in a wide interval shows itself, not a signed zero
    assert ch({"value": -0.04, "low": -0.2, "high": 0.1}, "length") == "-0.04 [-0.20, 0.10]"
    assert ch({"value": -0.0002, "low": -0.2, "high": 0.1}, "length") == "0.0 [-0.2, 0.1]"
    # a fresh Garrison dossier read "+0.00 [-0.00, 0.01]"
    assert ch({"value": 0.004, "low": -0.002, "high": 0.011}, "decisiveness") == (
        "+0.004 [-0.002, 0.011]"
    )
    for value in (-0.3, -0.04, -0.004, -1e-5, 0.0, 1e-5, 0.004, 0.04, 0.3):
        for low, high in ((value - 0.3, value + 0.3), (value - 1e-3, value + 1e-3)):
            text = ch({"value": value, "low": low, "high": high}, "decisiveness")
            assert "-0.0 " not in text and "-0.00 " not in text and "-0.000 " not in text
            assert "+0.0 " not in text and not text.startswith(("+0.00 ", "+0.000 "))
            assert "[-0.0," not in text and "[-0.00," not in text and "[-0.000," not in text


def test_a_dossier_says_how_many_runs_and_games_it_plays_counting_each_once(
    tmp_path: Path,
) -> None:
    """`courtly lab dossier crown-rivals -n 40` said "3 lab runs of 40 games per
    setting" and "200 games" for 120 different games; Garrison's said "11 lab
    runs" and then played 16."""
    result = runner.invoke(
        app,
        ["lab", "dossier", "crown-rivals", "-n", "2", "--jobs", "1", "--out", str(tmp_path / "d"),
         "--work", str(tmp_path / "w"), "--check-bots", "random", "--check-n", "2",
         "--duel-n", "2"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    # the count, 2 options, the check and the duel's 2 seats: 6 runs; 2 + 2 x 4 + 2 + 2 x 1 games
    assert (
        "Crown Rivals: 6 lab runs, 14 games (2 per setting; 4 of them the text's own games "
        "at 2 players, played again as each option's baseline)" in said
    )
    assert "14 games (10 different); dossier:" in said


def test_the_count_of_games_is_written_with_thousands_separators() -> None:
    """A count a designer reads at a glance: 5,800 games, not 5800 (the seeds
    that name the deals are written plain)."""
    runs = {f"players-{p}": Run(f"players-{p}", p, []) for p in (2, 3)}
    for run in runs.values():
        run.games = [{}] * 1450
    runs["check"] = Run("check", 4, [], n=1200)
    runs["check"].games = [{}] * 1200
    runs["duel-normal"] = Run("duel-normal", 4, [])
    runs["duel-normal"].games = [{}] * 1600
    line = _played(Dossier(get("garrison"), "normal", 1450, 1000, runs))
    assert line.startswith("**Games played: 5,700** (1,450 per setting and player count")
    assert ", and 1,200 to check with another bot and 1,600 of that bot against `normal`" in line
    assert "seeds 1000 to 2449," in line


def test_an_alternative_s_findings_tell_what_it_changes_not_its_own_games() -> None:
    """Intrigue's dossier said "`spy_reveal=face_up` changes the decisiveness"
    and, beneath it, "... against spy_reveal=shown: no measure changes clearly
    (of the 19 compared)"; then "With spy_reveal=face_up, some seats win more
    than others: P0 24.7%, P1 28.2%, P2 47.2%", the text's own imbalance read
    as the option's effect. Only its changes against the baseline are quoted."""
    from courtly.lab.findings import findings

    def variant(label: str, p2: float) -> dict[str, Any]:
        seats = [{"win_share": {"mean": m, "low": m, "high": m, "n": 200}} for m in (0.25, 0.28)]
        seats.append({"win_share": {"mean": p2, "low": p2, "high": p2, "n": 200}})
        e = {"mean": 0.5, "low": 0.4, "high": 0.6, "n": 200}
        return {
            "label": label, "games": 200, "unit": "round", "seats": seats,
            "seat_test": {"p": 1e-6, "p_holm": 1e-5}, "first_player": None,
            "tie_broken": {**e, "mean": 0.0}, "shared": {**e, "mean": 0.0},
            "length": {"decisions": e, "rounds": e}, "decisiveness": e,
            "lead_changes": e, "drama": e, "margin": e,
        }  # fmt: skip

    face_up = variant("spy_reveal=face_up", 0.47)
    face_up["versus_baseline"] = [
        {"metric": "decisiveness", "term": "decisiveness", "test": "Welch t", "p": 0.2,
         "p_holm": 1.0, "baseline": 0.74, "variant": 0.73},
        {"metric": "margin", "term": "margin", "test": "Welch t", "p": 1e-6,
         "p_holm": 1e-4, "baseline": 2.0, "variant": 2.4},
    ]  # fmt: skip
    summary = {
        "settings": {"players": 3, "bots": ["normal"] * 3},
        "variants": [variant("spy_reveal=shown", 0.49), face_up],
        "correction": {"tests": 6},
    }
    found = [f.as_dict() for f in findings(summary)]
    said = option_findings(found, "spy_reveal=face_up")
    assert said == [
        "spy_reveal=face_up against spy_reveal=shown (the baseline): margin: from 2 to 2.4 (+20%)."
    ]
    face_up["versus_baseline"].pop()
    found = [f.as_dict() for f in findings(summary)]
    assert option_findings(found, "spy_reveal=face_up") == []  # not "no measure changes"


def test_a_change_its_run_s_corrected_test_does_not_separate_is_likely_not_a_change() -> None:
    """Garrison's dossier bolded `retake_spies=false`'s -7.5 points [-13.5,
    -0.5] in the first player's edge and said it "changes the first player's
    edge (win share), length, decisiveness", with no caveat: the run's own
    corrected test of the first player's win share did not separate it (its
    length's did). A measure both show is a change; one the paired interval
    alone shows is likely, not proven, in italics, and so in the answers."""
    from courtly.lab.dossier import COMPARED, tested
    from courtly.lab.dossiertext import _answer, _options

    v = {
        "unit": "round",
        "versus_baseline": [
            {"metric": "first player's win share", "p": 0.03, "p_holm": 1.0},
            {"metric": "length (decisions)", "p": 1e-9, "p_holm": 1e-7},
            {"metric": "length (rounds)", "p": 1e-9, "p_holm": 1e-7},
            {"metric": "decisiveness", "p": 0.01, "p_holm": 0.3},
        ],
    }
    assert [m for m in COMPARED if tested(v, m)] == ["length"]
    assert not tested({"unit": "round", "versus_baseline": []}, "ties")

    zero = {"value": 0.0, "low": 0.0, "high": 0.0}
    row = {
        "label": "retake_spies=false", "text": "retake_spies=true", "never_arises": False,
        "games": 200, "differing": 120,
        "changes": {
            **{m: dict(zero) for m in COMPARED},
            "first_player_edge": {"value": -0.075, "low": -0.135, "high": -0.005},
            "length": {"value": 1.5, "low": 1.3, "high": 1.8},
        },
        "clear": ["length"], "likely": ["first_player_edge"], "findings": [],
    }  # fmt: skip
    alone = {**row, "label": "jokers=0", "clear": [], "likely": ["first_player_edge"]}
    text = "\n".join(_options([row, alone], [], "garrison"))
    assert "| _-7.5 points [-13.5, -0.5]_ | **+1.5 [1.3, 1.8]** |" in text
    assert "**-7.5" not in text
    assert (
        "- `retake_spies=false` changes the length; it likely changes the first player's edge "
        "(win share), not proven (in italics)." in text
    )
    assert "Alternatives that likely change the game, not proven (in italics above):" in text
    assert "- `jokers=0` likely changes the first player's edge (win share)." in text
    assert "jokers=0` changes" not in text and "no clear difference" not in text
    assert "In bold, a change both the interval" in text

    fair = [{"games": 200, "seats": [], "seat_p": 0.6, "first": None, "findings": []}]
    said = "\n".join(_answer("feedback", fair, [], [row, alone], None))
    assert "- Rulings that change the game clearly: `retake_spies=false`." in said
    assert "- Rulings that likely change it, not proven: `jokers=0`." in said


def test_an_alternative_that_changes_too_few_games_is_not_judged_likely_to_change_them() -> None:
    """An alternative whose paired games differ from the text's in 4 deals of
    200 was judged by an interval resampling those 4 games: one that excluded
    zero read "likely changes the decisiveness" (Intrigue's
    `assassinated=unused` differs in 3 and read "no clear difference"). A sign
    test cannot separate fewer than 6 differing games (all 5 one way: p =
    0.0625), so on fewer nothing is likely and the text says why."""
    from courtly.lab.dossier import COMPARED, FEW_DIFFERING, judged
    from courtly.lab.dossiertext import _answer, _options

    zero = {"value": 0.0, "low": 0.0, "high": 0.0}
    changes = {m: dict(zero) for m in COMPARED}
    changes["decisiveness"] = {"value": 0.02, "low": 0.005, "high": 0.04}
    v = {"unit": "round", "versus_baseline": []}
    assert judged(changes, v, FEW_DIFFERING) == ([], ["decisiveness"])
    assert judged(changes, v, FEW_DIFFERING - 1) == ([], [])

    clear, likely = judged(changes, v, 4)
    row = {
        "label": "spy_reveal=face_up", "text": "spy_reveal=face_down", "never_arises": False,
        "games": 200, "differing": 4, "changes": changes, "clear": clear, "likely": likely,
        "findings": [],
    }  # fmt: skip
    text = "\n".join(_options([row], [], "intrigue"))
    assert "likely change" not in text and "_+" not in text
    assert (
        "Alternatives whose games differed from the text's in too few deals to tell what "
        "they change (the case they settle rarely arose): `spy_reveal=face_up` (4 of 200 "
        "games)." in text
    )
    assert "no clear difference" not in text and "very same" not in text
    fair = [{"games": 200, "seats": [], "seat_p": 0.6, "first": None, "findings": []}]
    assert "likely" not in "\n".join(_answer("feedback", fair, [], [row], None))


def test_a_check_at_one_player_count_says_the_others_were_not_checked() -> None:
    """Agincards' check played 2 players, and concluded "They agree: ... the
    findings above about who wins are not an artefact", while they are about
    4, 5, 7 and 8 players."""
    from courtly.lab.dossiertext import _check

    row = {"who": "the first player", "verdict": "agree",
           "weak": {"mean": 0.515, "low": 0.446, "high": 0.583},
           "strong": {"mean": 0.6, "low": 0.423, "high": 0.754}}  # fmt: skip
    check = {
        "bot": "hard@490it", "games": 30, "duel": None, "departures": None, "fair": 0.5,
        "players": 2, "unchecked": [3, 4, 5, 6, 7, 8], "rows": [row],
        "disagree": False, "unsure": False,
    }  # fmt: skip
    text = " ".join(_check(check, "normal", "hard@490it"))
    assert "played 30 times at 2 players with the `hard@490it` bot" in text
    assert "the findings above about who wins at 2 players are not an artefact" in text
    assert (
        "Only 2 players were checked: the findings about who wins at 3, 4, 5, 6, 7 and 8 "
        "players were not." in text
    )
    for verdict in ("disagree", "unsure"):
        said = " ".join(_check({**check, verdict: True}, "normal", "hard@490it"))
        assert "at 3, 4, 5, 6, 7 and 8 players were not" in said


def test_the_answers_to_the_designer_say_where_the_stronger_bot_disagrees() -> None:
    """Agents of the Crown's dossier showed, with `hard@600it` in every seat,
    "seat P0 wins ... 52.5% [32.0, 72.1]: **the two disagree**", and then
    answered the designer's balance question with "no seat is clearly
    favoured" alone."""
    from courtly.lab.dossiertext import _answer, _caveat

    def est(mean: float, low: float, high: float) -> dict[str, float]:
        return {"mean": mean, "low": low, "high": high}

    check = {
        "bot": "hard@600it", "games": 20, "duel": {"stronger": True}, "departures": None,
        "players": 4, "unchecked": [],
        "rows": [
            {"who": "seat P0", "verdict": "apart", "weak": est(0.248, 0.193, 0.312),
             "strong": est(0.525, 0.320, 0.721)},
            {"who": "seat P1", "verdict": "agree", "weak": est(0.268, 0.211, 0.333),
             "strong": est(0.075, 0.018, 0.269)},
            {"who": "seat P2", "verdict": "unsure", "weak": est(0.1, 0.05, 0.15),
             "strong": est(0.15, 0.05, 0.36)},
        ],
    }  # fmt: skip
    caveat = _caveat(check, "normal", "hard@600it")
    assert (
        "with the stronger `hard@600it` in every seat (20 games at 4 players), seat P0 wins 52.5%"
        in caveat
    )
    assert "does not confirm the figures for seat P2" in caveat and "seat P1" not in caveat
    seats = [est(0.248, 0.193, 0.312)] * 4
    fair = [{"games": 200, "seats": seats, "seat_p": 0.6, "first": None, "findings": []}]
    said = " ".join(_answer("balance", fair, [], [], None, caveat=caveat))
    assert "no seat is clearly favoured. But with the stronger `hard@600it`" in said
    # a check that agrees adds nothing
    agree = {**check, "rows": [check["rows"][1]]}
    assert _caveat(agree, "normal", "hard@600it") == ""


def test_an_interval_no_finding_backs_is_not_worded_as_one() -> None:
    """Agincards' dossier said "8 players ... the first player wins 17.2%
    [12.6, 23.1], more than a fair share (12%)" with no finding behind it, and
    Garrison's check called the fourth player's 18.0% [13.3, 23.9] "clearly
    away from a fair share" where the run's corrected test of turn order was
    not clear: "clearly" means one thing on the page, the corrected test."""
    from courtly.lab.dossier import check
    from courtly.lab.dossiertext import _fairness

    def est(mean: float, low: float, high: float) -> dict[str, float]:
        return {"mean": mean, "low": low, "high": high, "n": 200}

    def first(q: float, order_q: float) -> dict[str, Any]:
        return {"win_share": est(0.172, 0.126, 0.231), "fair": 0.125, "p_holm": q,
                "by_order": [est(0.172, 0.126, 0.231)] + [est(0.118, 0.08, 0.16)] * 7,
                "order_test": {"p_holm": order_q}}  # fmt: skip

    row = {"players": 8, "options": {}, "games": 200, "findings": [], "first": first(0.4, 1.0)}
    assert (
        "17.2% [12.6, 23.1], not clearly more than a fair share (12%): its interval "
        in (_fairness([row])[0])
    )
    row["first"] = first(0.001, 1.0)
    assert (
        "17.2% [12.6, 23.1], more than a fair share (12%). By turn order" in (_fairness([row])[0])
    )

    def run(key: str, players: int, v: dict[str, Any], bots: str = "") -> Run:
        r = Run(key, players, [], bots=bots)
        r.summary = {"variants": [v]}
        return r

    fourth = [est(0.3, 0.241, 0.367), est(0.265, 0.2, 0.33), est(0.255, 0.2, 0.32),
              est(0.18, 0.133, 0.239)]  # fmt: skip
    strong = [est(0.275, 0.161, 0.428)] * 4
    weak = {"first_player": {"p_holm": 0.5, "by_order": fourth, "order_test": {"p_holm": 0.2}}}
    hard = {"first_player": {"p_holm": 1.0, "by_order": strong, "order_test": {"p_holm": 1.0}}}
    d = Dossier(get("garrison"), "normal", 200, 0)
    d.runs = {"players-4": run("players-4", 4, weak), "check": run("check", 4, hard, "hard")}
    hard["games"] = 40
    assert [r["verdict"] for r in check(d)["rows"]] == ["agree"] * 4
    weak["first_player"]["order_test"]["p_holm"] = 0.01  # a finding: now unconfirmed
    assert [r["verdict"] for r in check(d)["rows"]][3] == "unsure"


DOCS = Path(__file__).resolve().parents[2] / "docs" / "balance"


def _share(text: str) -> dict[str, float]:
    """``23.7% [18.3, 30.0]`` as an estimate."""
    mean, rest = text.split("% [")
    low, high = rest.rstrip("]").split(", ")
    return {"mean": float(mean) / 100, "low": float(low) / 100, "high": float(high) / 100}


def _count(n: int, seats: list[str], first_q: float, seat_q: float, p0: float = 1.0) -> Any:
    """A dossier's row for a player count from its printed win shares by
    place in turn order (by seat too where seat P0 always moves first)."""
    shares = [_share(s) for s in seats]
    first = {"win_share": shares[0], "fair": 1 / n, "p_holm": first_q, "by_order": shares,
             "order_test": {"p_holm": None}, "p0_first": p0}  # fmt: skip
    return {"players": n, "options": {}, "games": 200, "seats": shares, "seat_p": seat_q,
            "first": first, "findings": []}  # fmt: skip


def test_a_count_whose_seat_p0_always_moves_first_is_said_in_one_line() -> None:
    """Intrigue's 3 players read: the first player wins 23.7% [18.3, 30.0],
    then the same by turn order, then the seats' finding (P0 23.7%...) and
    the first player's (23.7% [18.3, 30.0] again): seat P0 always moves first,
    so the seats are the places in turn order, said once, with the games that
    would change hands. The committed dossier says what the code says."""
    from courtly.lab.dossier import fairness
    from courtly.lab.dossiertext import _answer, _fairness
    from courtly.lab.findings import findings
    from tests.lab.test_findings import _table

    row = _count(3, ["23.7% [18.3, 30.0]", "27.7% [21.9, 34.2]", "48.7% [41.8, 55.6]"], 0.01, 0.001)
    line = (
        "- **3 players** (200 games): seat P0 always moves first, so the seats are the places in "
        "turn order: P0 23.7% [18.3, 30.0], P1 27.7% [21.9, 34.2], P2 48.7% [41.8, 55.6]. The "
        "first player wins less than a fair share (33%). The seats are clearly unequal: about "
        "15 games in 100 (one in 7) would change hands for every seat to win a fair share, "
        "including about 10 games in 100 (one in 10) to the first player."
    )
    assert _fairness([row]) == [line]
    intrigue = (DOCS / "intrigue.md").read_text()
    assert f"\n{line}\n\n" in intrigue
    # the answer to the designer's request for feedback says it once too
    (feedback, *_) = _answer("feedback", [row], [], [], None)
    assert feedback == "**Our feedback**, from simulated games: " + line.split("): ")[1]
    assert f"\n{feedback}\n- " in intrigue and "Seat P0 is always the first player" not in intrigue
    # the run's finding that says it is not quoted beneath; a finding about
    # anything else still is
    run = Run("players-3", 3, [])
    run.summary = _table("intrigue", [47, 56, 97], lambda i: 0)
    other = {"tier": 0, "variant": None, "text": "A tie-break decides 6.0% of games."}
    run.summary["findings"] = [f.as_dict() for f in findings(run.summary)] + [other]
    d = Dossier(get("intrigue"), "normal", 200, 0)
    d.runs = {"players-3": run}
    (counted,) = fairness(d)
    assert counted["findings"] == [other["text"]]
    lines = _fairness([counted])
    assert len(lines) == 2 and lines[1] == "  - A tie-break decides 6.0% of games."
    assert lines[0].count("23.5%") == 1 and "including about 10 games in 100" in lines[0]


def test_seats_that_are_turn_order_claim_only_what_the_corrected_tests_say() -> None:
    """Agincards: at 4 players only the seats' test is clear, at 8 the first
    player's interval alone leaves the fair share out; at 2 neither."""
    from courtly.lab.dossiertext import _fairness

    four = _count(4, ["28.2% [22.5, 34.9]", "32.8% [26.6, 39.5]", "22.8% [17.5, 29.0]",
                      "16.2% [11.8, 22.0]"], 0.4, 0.01)  # fmt: skip
    (line,) = _fairness([four])
    assert line.endswith(
        "The first player wins about a fair share (25%). The seats are clearly unequal: about "
        "11 games in 100 (one in 9) would change hands for every seat to win a fair share."
    )
    eight = _count(8, ["17.2% [12.6, 23.1]"] + ["11.8% [8.0, 16.9]"] * 7, 0.4, 0.5)
    (line,) = _fairness([eight])
    assert (
        "The first player wins not clearly more than a fair share (12%): its interval alone "
        "leaves the fair share out, the run's corrected test does not. No seat is clearly "
        "favoured." in line
    )
    assert "games in 100" not in line
    # the first player's test clear, the seats' not: its own games in 100
    (line,) = _fairness([{**eight, "first": {**eight["first"], "p_holm": 0.01}}])
    assert line.endswith(
        "The first player wins more than a fair share (12%): about 5 games in 100 (one in 20) "
        "go to the first player that an even game would give to another. The seats taken "
        "together are not clearly unequal."
    )
    two = _count(2, ["51.5% [44.6, 58.3]", "48.5% [41.7, 55.4]"], 0.7, 0.7)
    assert _fairness([two]) == [
        "- **2 players** (200 games): seat P0 always moves first, so the seats are the places in "
        "turn order: P0 51.5% [44.6, 58.3], P1 48.5% [41.7, 55.4]. The first player wins about "
        "a fair share (50%). No seat is clearly favoured."
    ]
    for n in (2, 3, 4, 5, 6, 7, 8):  # the committed dossier, every count so
        assert f"- **{n} players** (200 games): seat P0 always moves first, so the seats are " in (
            (DOCS / "agincards.md").read_text()
        )


def test_where_the_first_player_varies_a_count_s_line_and_findings_stay() -> None:
    """Crown Rivals' first player has the lowest spade, Garrison's the lowest
    scoring court: seats and turn order differ, and the committed lines are
    what the code writes, the first player's finding quoted beneath."""
    from courtly.lab.dossiertext import _fairness

    rivals = _count(2, ["76.0% [69.6, 81.4]", "24.0% [18.6, 30.4]"], 0.001, 0.9, p0=0.49)
    said = (
        "The first player (whoever moves first, here the player with the lowest spade in the "
        "opening hands; not seat P0 as such) wins 76.0% [69.6, 81.4] of games against a fair "
        "share of 50.0%: an advantage. About 26 games in 100 (one in 4) go to the first player "
        "that an even game would give to another."
    )
    rivals["findings"] = [said]
    lines = _fairness([rivals])
    assert lines == [
        "- **2 players** (200 games): the first player wins 76.0% [69.6, 81.4], more than a fair "
        "share (50%). By turn order: 76.0% [69.6, 81.4], 24.0% [18.6, 30.4].",
        f"  - {said}",
    ]
    assert "\n".join(lines) in (DOCS / "crown-rivals.md").read_text()
    garrison = _count(4, ["30.0% [24.1, 36.7]", "26.5% [20.9, 33.0]", "25.5% [20.0, 32.0]",
                          "18.0% [13.3, 23.9]"], 0.5, 0.5, p0=0.25)  # fmt: skip
    (line,) = _fairness([garrison])
    assert f"\n{line}\n" in (DOCS / "garrison.md").read_text()
    assert "always moves first" not in (DOCS / "garrison.md").read_text()


def test_every_dossier_plot_shows_its_whole_title(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A title wider than the figure is cut off in the PNG (Intrigue's options
    plot lost its legend's end: 'orange: li'): each title lies inside its figure."""
    import matplotlib.pyplot as plt

    from courtly.lab import dossierplots

    figures: list[Any] = []
    monkeypatch.setattr(plt, "close", figures.append)
    change = {"value": 0.1, "low": 0.02, "high": 0.17}
    rows = [
        {
            "label": f"option_{i}=alternative",
            "changes": {"length": change},
            "clear": [],
            "likely": [],
        }
        for i in range(2)
    ]
    dossierplots.options(rows, tmp_path / "options.png", "Agents of the Crown", "length")
    share = {"mean": 0.25, "low": 0.2, "high": 0.3}
    fair = [{"players": 4, "seats": [share] * 4, "first": {"by_order": [share] * 4}}]
    dossierplots.fairness(fair, tmp_path / "fairness.png", "Agents of the Crown")
    long = [{"label": "baseline", "players": 4, "length": share, "unit": "rounds"}]
    dossierplots.lengths(long, tmp_path / "length.png", "Agents of the Crown")
    assert len(figures) == 3
    for fig in figures:
        renderer = fig.canvas.get_renderer()
        for ax in fig.axes:
            box = ax.title.get_window_extent(renderer)
            assert box.x0 >= 0 and box.x1 <= fig.bbox.x1, ax.get_title()
