"""What the measures of a lab report mean, in plain words for its game: the
definitions the findings (``courtly.lab.findings``) link to, anchored in the
page at ``#def-<id>``."""

from __future__ import annotations

from typing import Any

from courtly.lab.words import is_number, number_of_tests, plural


def definitions(summary: dict[str, Any]) -> list[tuple[str, str, str]]:
    """Every measure the report uses: ``(id, name, definition)``, in plain words
    for this run's game; the page anchors each at ``#def-id``."""
    s = summary["settings"]
    players = s["players"]
    fair = 100 / players
    variants = summary["variants"]
    unit = variants[0].get("unit", "round") if variants else "round"
    score = summary.get("score_name", "score")
    rule = summary.get("first_rule", "")
    tests = summary.get("correction", {}).get("tests", 0)
    p0 = [v["first_player"]["p0_first"] for v in variants if v.get("first_player")]
    p0_note = (
        f" In this run seat P0 moved first in {100 * sum(p0) / len(p0):.0f}% of games."
        if p0 and is_number(p0[0])
        else ""
    )
    return [
        (
            "first-player",
            "first player",
            "The player who makes the game's first decision, whichever seat they sit in"
            + (f" (here {rule})" if rule else "")
            + ". It is not the same as seat P0: P0 is only the first place at the table."
            + p0_note
            + " A game in which everyone opens at once has no first player.",
        ),
        (
            "turn-order",
            "place in turn order",
            "1st is the first player, 2nd the next to move (clockwise from the first), and so "
            "on. The score-by-round curves follow these places, not the seats.",
        ),
        (
            "seat",
            "seat (P0, P1...)",
            "A place at the table; each seat keeps its bot for the whole run ("
            + ", ".join(f"P{k} {b}" for k, b in enumerate(s["bots"]))
            + ")."
            + (
                " Here seat P0 always moves first, so the seats are the places in turn order."
                if p0 and all(x == 1 for x in p0)
                else " Seats are not turn order: see first player."
            ),
        ),
        (
            "win-share",
            "win share",
            "The share of games a player won; a win shared by k players counts 1/k to each.",
        ),
        (
            "fair-share",
            "fair share",
            f"What each player would win if nothing favoured anyone: 1 in {players}, "
            f"{fair:.1f}% of games.",
        ),
        (
            "games-in-100",
            "games in 100",
            "How many games in 100 would have another winner without the effect: the share "
            "won above (or below) the fair share. A first player winning 60% against a fair "
            "50% takes 10 games in 100 (one in 10) that an even game would give the other "
            "player. The biggest effects come first in the findings.",
        ),
        (
            "interval",
            "95% interval [low, high]",
            "With this many games the true value is very likely (95%) between the two "
            "numbers; more games narrow it. Shares use Wilson's interval, means the normal "
            "approximation.",
        ),
        (
            "clear",
            "clear / not clear",
            "Clear: after the correction for the number of tests, the p-value is below 0.05, "
            "so chance alone is an unlikely explanation. Not clear: the data cannot tell the "
            "effect from chance; it may still be real, and more games (or other seeds) would "
            "tell.",
        ),
        (
            "holm",
            "Holm's correction",
            f"This report makes {number_of_tests(tests)}. With many, some would show p below 0.05 "
            "by chance alone (about one in twenty when nothing is there). Holm's method "
            f"raises each p-value to allow for the others: the smallest is multiplied by "
            f"{tests}, the next by {max(tests - 1, 0)}, and so on (never above 1 or below "
            "the one before). With every corrected p below 0.05 for the clear findings, the "
            "chance that even one of them is a fluke stays below 5%. Corrected p-values are "
            "shown beside the raw ones, in bold when below 0.05.",
        ),
        (
            "tests",
            "the tests",
            "A p-value is the chance of a difference at least this large if there were "
            "really no effect. Win shares against the fair share: an exact binomial test "
            "(the first player) or a chi-square test (all seats, all places in turn order); "
            f"the first player's {score} after {unit} 1: a paired t-test of their {score} "
            "minus the others' mean, game by game; variants against the baseline: a "
            "two-proportion z-test for shares and Welch's t-test for means. All two-sided.",
        ),
        (
            "shared",
            "shared win",
            "A game won by two or more players together (the rules allow it); each gets 1/k.",
        ),
        (
            "tied",
            "top score tied",
            "Two or more players ended on the best score, whether the win was then shared or "
            "settled by a tie-break.",
        ),
        (
            "tie-break",
            "settled by a tie-break",
            "The top score was tied and the rules' tie-break, not the score, chose a single "
            "winner. Many such games mean the tie-break rule decides games and deserves a look.",
        ),
        (
            "margin",
            "margin",
            f"The winner's {score} minus the best {score} among the others (0 for a shared "
            "win; negative when a game is won by another rule than the highest score). Small "
            "margins mean close games; a long tail of big ones means runaway winners.",
        ),
        (
            "length",
            "length",
            "In decisions (every choice any player makes, out-of-turn answers included) and "
            f"in the game's own units ({plural(unit)} and the like).",
        ),
        (
            "decisiveness",
            "decisiveness",
            "When the eventual winner took the lead for good, as a share of the game: after "
            "every decision the lab notes who leads alone; if the winner leads alone from "
            "decision k of D to the end, decisiveness is k/D. Near 0: settled early, the "
            "rest a formality. Near 100%: open to the end (a winner decided by another rule "
            "than the lead scores 100%). Not defined for shared wins.",
        ),
        (
            "lead-changes",
            "lead changes",
            "How often the lead passed from one player to another in a game. A tie at the "
            "top interrupts nobody: A leads, A and B tie, A leads again is no change.",
        ),
        (
            "drama",
            "drama",
            f"The largest deficit the eventual winner came back from, as a share of the "
            f"highest {score} anyone reached in that game: 0 when the winner was never behind, "
            f"50% when at some point they trailed the leader by half the game's top {score}. "
            "Not defined for shared wins.",
        ),
        (
            "choices",
            "legal choices per decision",
            "The mean number of legal actions a player had at a decision (a forced move counts "
            "1): a rough measure of how open the game is.",
        ),
        (
            "curve",
            f"{score} by {unit}",
            f"The mean {score} so far at the end of each {unit}, one line per place in turn "
            "order (per seat in a game without a first player), over the games still going, "
            "stopped where fewer than 10% are. Lines that split early show a place pulling "
            "ahead; lines that cross show catch-up.",
        ),
        (
            "first-gap",
            "the first player's gap",
            f"In each game, the first player's {score} minus the mean of the others' at the "
            f"end of a {unit}; averaged over the games. Negative: the first player is behind.",
        ),
        (
            "events",
            "events",
            "Everything the game reports happening (a siege, a reshuffle, a curse...), counted "
            f"by kind: per game, and per {unit} as every game's count over every game's "
            f"{unit}s (a long game weighs as its length, not as one short game).",
        ),
        (
            "variant",
            "variant and baseline",
            "A variant is one combination of the option values compared (--vary); the first "
            "is the baseline the others are compared with. Every variant plays the same "
            "seeds, so differences come from the rules, not the deals.",
        ),
        (
            "bots",
            "bots",
            "The players are bots ("
            + ", ".join(sorted(set(s["bots"])))
            + "): a finding is about play at that level. An effect that shows with the "
            "'normal' and 'hard' bots alike is likely real; one that only 'random' shows says "
            "little about people.",
        ),
    ]
