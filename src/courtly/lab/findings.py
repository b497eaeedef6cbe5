"""What a lab run says, in plain words: the findings that open its report.

Each finding is a sentence or two a designer reads without any guide: its
numbers with 95% intervals, what they mean in games, its evidence (the test and
its p-value, corrected for every test of the run with Holm's method) and the
measures it uses, marked ``[[id|words]]`` so that the page links ``words`` to
the measure's definition (``#def-id``, see ``courtly.lab.definitions``) and plain text
shows ``words`` alone.

Findings are ranked by how much they matter, in five tiers (``TIERS``):

0. clear findings about who wins (a test that holds after the correction and
   moves at least one game in 100, or a tie-break deciding games), the more
   games they move the higher;
1. clear effects on how the game plays (the first player's score after the
   first round, a rule variant changing the length, the margin, events...) of
   at least 10% of their size, the larger the change the higher;
2. how games go (length, decisiveness, lead changes, drama, shared wins);
3. clear but small effects;
4. what the data cannot tell yet (no clear effect), the largest first.

"The first player" always means the player who moves first, whichever seat
they sit in; seats (P0, P1...) are places at the table.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from courtly.lab.marked import MARK, plain
from courtly.lab.words import (
    changing_hands,
    edge_games,
    excess,
    first_letter,
    games_in_100,
    games_range,
    is_number,
    num,
    number_of_tests,
    ordinal,
    p_text,
    pct,
    plural,
    series,
)

ALPHA = 0.05

TIERS = ("who wins", "how the game plays", "how games go", "clear but small", "not clear yet")
"""The tiers of findings, in the order they are ranked."""
WHO, PLAYS, GOES, SMALL, UNCLEAR = range(5)

NOTABLE_SHARE = 0.05
"""A tie-break deciding, or a win shared in, this share of games or more is a finding."""
SMALL_GAMES = 1.0
"""A clear effect on who wins that moves fewer games in 100 than this is small."""
SMALL_CHANGE = 10.0
"""A clear effect on how the game plays smaller than this (in % of its size) is small."""


@dataclass(frozen=True)
class Finding:
    """One finding: its words, its evidence, and where it ranks."""

    tier: int
    """See ``TIERS``."""
    size: float
    """What ranks it within its tier: games in 100 for who wins, a change in %
    for an effect on how the game plays."""
    text: str
    evidence: str
    variant: str | None = None
    p: float | None = None
    p_holm: float | None = None
    changes_nothing: bool = False
    """A variant whose tests, corrected together, separate no measure from the
    baseline's: ranked with what changes how the game plays (it answers the
    same question), but not labelled clear."""
    versus: str | None = None
    """The baseline's label, for a finding that sets its variant against the
    baseline (a change); None for one about the variant's own games (a level,
    which the baseline may share)."""
    places: bool = False
    """Seat P0 always moves first: the seats and the first player told at
    once, as the places in turn order (``_one_order``); a dossier's line for
    the player count says it in full, so it does not quote it again."""

    @property
    def topic(self) -> str:
        return TIERS[self.tier]

    @property
    def terms(self) -> list[str]:
        """The measures it links to, in order of appearance."""
        out: list[str] = []
        for m in MARK.finditer(self.text + " " + self.evidence):
            if m.group(1) not in out:
                out.append(m.group(1))
        return out

    def as_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["text"] = plain(self.text)
        out["evidence"] = plain(self.evidence)
        out["topic"] = self.topic
        out["terms"] = self.terms
        return out


# -- clear or not (numbers in words: courtly.lab.words) ----------------------------


def clear(q: float | None) -> bool:
    """Whether a corrected p-value makes a result clear."""
    return q is not None and is_number(q) and q < ALPHA


def evidence(test: str, p: float | None, q: float | None, tests: int) -> str:
    """The test, its p-value and the corrected one."""
    verdict = "[[clear|clear]]" if clear(q) else "[[clear|not clear]]"
    return first_letter(
        f"{test}: {p_text(p)}; [[holm|corrected]] for the {number_of_tests(tests)} of this report: "
        f"{p_text(q)}, {verdict}.",
        True,
    )


def _with(tag: str, sentence: str) -> str:
    """A sentence after a variant's tag (``With length=long, the first player...``)."""
    return f"{tag}, {first_letter(sentence, False)}" if tag else sentence


# -- the findings --------------------------------------------------------------------


def findings(summary: dict[str, Any]) -> list[Finding]:
    """Every finding of a run, ranked (the most important first)."""
    out: list[Finding] = []
    several = len(summary["variants"]) > 1
    tests = summary.get("correction", {}).get("tests", 0)
    for v in summary["variants"]:
        if v["games"]:
            out += _variant_findings(summary, v, f"With {v['label']}" if several else "", tests)
    base = summary["variants"][0]
    for v in summary["variants"][1:]:
        if v["games"] and base["games"]:
            out += _versus(v, base["label"], tests)
    # a stable sort: equal sizes keep the order in which they were made
    return sorted(out, key=lambda f: (f.tier, -f.size))


def _ranked(tier: int, size: float, small: float) -> int:
    """A clear finding's tier: its own, or the small ones' below ``small``."""
    return tier if size >= small else SMALL


def _variant_findings(
    summary: dict[str, Any], v: dict[str, Any], tag: str, tests: int
) -> list[Finding]:
    s = summary["settings"]
    fair = 1 / s["players"]
    score = summary.get("score_name", "score")
    out: list[Finding] = []

    fp = v.get("first_player")
    st = v["seat_test"]
    # seat P0 always first: the seats are the places in turn order, told once
    one_order = fp is not None and fp.get("p0_first") == 1 and is_number(st.get("p"))
    if fp is not None and fp["win_share"]["n"]:
        if not one_order:
            out.append(_first_player(summary, v, tag, tests))
        order = fp["order_test"]
        if is_number(order.get("p")):
            shares = [e["mean"] for e in fp["by_order"]]
            out.append(
                _shares(
                    tag,
                    "[[turn-order|places in turn order]]",
                    [f"{ordinal(k + 1)} to move {100 * x:.1f}%" for k, x in enumerate(shares)],
                    shares,
                    fair,
                    "[[tests|chi-square test]] of wins by place in turn order against equal shares",
                    order,
                    tests,
                    v["label"],
                    "",
                )
            )

    gap = v.get("first_gap")
    if gap is not None and clear(gap.get("p_holm")):
        out.append(_first_gap(v, gap, tag, score, tests))

    if is_number(st.get("p")):
        shares = [x["win_share"]["mean"] for x in v["seats"]]
        caveat = ""
        if len(set(s["bots"])) > 1:
            caveat += (
                f" The seats hold different [[bots|bots]] ({', '.join(s['bots'])}): this "
                "compares the bots as much as the seats."
            )
        out.append(
            _one_order(v, tag, tests, caveat)
            if one_order
            else _shares(
                tag,
                "[[seat|seats]] (places at the table)",
                [f"P{k} {100 * x:.1f}%" for k, x in enumerate(shares)],
                shares,
                fair,
                "[[tests|chi-square test]] of wins by seat against equal shares",
                st,
                tests,
                v["label"],
                caveat,
            )
        )

    broken = v["tie_broken"]
    if is_number(broken["mean"]) and broken["mean"] >= NOTABLE_SHARE:
        out.append(
            Finding(
                WHO,
                100 * broken["mean"],
                _with(
                    tag,
                    f"A [[tie-break|tie-break]] decides {pct(broken)} of games: the top {score} "
                    f"was tied and the tie-break rule, not the {score}, chose the winner in "
                    f"{games_in_100(broken['mean'])}.",
                ),
                f"Measured over {broken['n']} games (a share with its 95% "
                "[[interval|interval]]; nothing is compared, so no test).",
                v["label"],
            )
        )

    out.append(_how_games_go(v, tag, score))
    return out


def _shares(
    tag: str,
    who: str,
    cells: list[str],
    shares: list[float],
    fair: float,
    test: str,
    result: dict[str, Any],
    tests: int,
    label: str,
    caveat: str,
) -> Finding:
    """Win shares of seats, or of places in turn order, against equal shares."""
    size = 100 * excess(shares, fair)
    is_clear = clear(result.get("p_holm"))
    listed = ", ".join(cells)
    fair_text = f"a [[fair-share|fair share]] is {100 * fair:.1f}%"
    if is_clear:
        text = (
            f"Some {who} win more than others: {listed} ({fair_text}); "
            f"[[games-in-100|{games_in_100(size / 100)}]] would change hands if they did not."
        )
    else:
        text = f"No clear difference between {who}: {listed} ({fair_text})."
    return Finding(
        _ranked(WHO, size, SMALL_GAMES) if is_clear else UNCLEAR,
        size,
        _with(tag, text + caveat),
        evidence(test, result["p"], result.get("p_holm"), tests),
        label,
        result["p"],
        result.get("p_holm"),
    )


def _first_player(summary: dict[str, Any], v: dict[str, Any], tag: str, tests: int) -> Finding:
    fp = v["first_player"]
    e, fair = fp["win_share"], fp["fair"]
    rule = summary.get("first_rule", "")
    if fp.get("p0_first") == 1:
        who = "whoever moves first, here always seat P0"
    else:
        who = "whoever moves first" + (f", here {rule}" if rule else "") + "; not seat P0 as such"
    edge = e["mean"] - fair
    is_clear = clear(fp.get("p_holm"))
    head = (
        f"The [[first-player|first player]] ({who}) wins {pct(e)} of games against a "
        f"[[fair-share|fair share]] of {100 * fair:.1f}%"
    )
    if is_clear:
        verdict = "an advantage" if edge > 0 else "a handicap"
        text = f"{head}: {verdict}. {first_letter(edge_games(edge), True)}."
    else:
        text = (
            f"{head}: no clear advantage or handicap{_interval_alone(e, fair, tests)}. "
            f"{_allowed(e, fair, True)}."
        )
    size = 100 * abs(edge)
    return Finding(
        _ranked(WHO, size, SMALL_GAMES) if is_clear else UNCLEAR,
        size,
        _with(tag, text),
        _binomial(fp, tests),
        v["label"],
        fp["p"],
        fp.get("p_holm"),
    )


def _interval_alone(e: dict[str, Any], fair: float, tests: int) -> str:
    """Why a share whose interval leaves the fair share out is still not called
    clear: the test is corrected for every test of the run (Holm), the interval
    is not. Said, so that a reader of the interval is not left to wonder."""
    if not (e["low"] > fair or e["high"] < fair):
        return ""
    return (
        " (its interval alone leaves the fair share out; the test, [[holm|corrected]] for "
        f"the run's {number_of_tests(tests)}, does not)"
    )


def _binomial(fp: dict[str, Any], tests: int) -> str:
    """The first player's test, in words."""
    test = "[[tests|exact binomial test]] against the fair share"
    return evidence(test, fp["p"], fp.get("p_holm"), tests)


def _allowed(e: dict[str, Any], fair: float, upper: bool) -> str:
    """What the data allow a first player's edge that is not clear to be."""
    return first_letter(
        f"the data allow [[games-in-100|{games_range(e['low'] - fair, e['high'] - fair)}]] "
        "by moving first; more games would narrow this",
        upper,
    )


def _one_order(v: dict[str, Any], tag: str, tests: int, caveat: str) -> Finding:
    """Seat P0 always moves first, so the seats are the places in turn order:
    their chi-square test and the first player's binomial one told in one
    finding, ranked by the games that would change hands for every seat to
    win a fair share (the first player's edge is a part of them), or by the
    first player's alone where only its test is clear."""
    fp, st = v["first_player"], v["seat_test"]
    e, fair = fp["win_share"], fp["fair"]
    shares = [x["win_share"]["mean"] for x in v["seats"]]
    edge = e["mean"] - fair
    seats, first = clear(st.get("p_holm")), clear(fp.get("p_holm"))
    cells = ", ".join(f"P{k} {100 * x:.1f}%" for k, x in enumerate(shares[1:], 1))
    text = (
        "Seat P0 always moves first, so the [[seat|seats]] are the [[turn-order|places in turn "
        f"order]]: P0 (the [[first-player|first player]]) {pct(e)}, {cells} (a "
        f"[[fair-share|fair share]] is {100 * fair:.1f}%)."
    )
    has = "has an advantage" if edge > 0 else "has a handicap"
    unclear = f"has no clear advantage or handicap{_interval_alone(e, fair, tests)}"
    if seats:
        size, test = 100 * excess(shares, fair), st
        text += (
            f" The first player {has if first else unclear}, "
            f"{'and' if first else 'but'} some seats win more than others: "
            f"{changing_hands(shares, fair, edge if first else None)}."
        )
    elif first:
        size, test = 100 * abs(edge), fp
        text += (
            f" The first player {has}: {edge_games(edge)}; the seats taken together do not "
            "clearly differ."
        )
    else:
        size, test = 100 * excess(shares, fair), st
        text += (
            " No clear difference between seats, and no clear advantage or handicap for the "
            f"first player{_interval_alone(e, fair, tests)}: {_allowed(e, fair, False)}."
        )
    chi2 = "[[tests|chi-square test]] of wins by seat against equal shares"
    return Finding(
        _ranked(WHO, size, SMALL_GAMES) if seats or first else UNCLEAR,
        size,
        _with(tag, text + caveat),
        f"{_binomial(fp, tests)} {evidence(chi2, st['p'], st.get('p_holm'), tests)}",
        v["label"],
        test["p"],
        test.get("p_holm"),
        places=True,
    )


def _clear_side(gap: dict[str, Any]) -> str:
    """Which side of the others the first player clearly is ("" if neither)."""
    return "ahead" if gap["low"] > 0 else "behind" if gap["high"] < 0 else ""


def _first_gap(v: dict[str, Any], gap: dict[str, Any], tag: str, score: str, tests: int) -> Finding:
    unit = v["unit"]
    units = gap["by_unit"]
    first = units[0]
    behind = first["gap"]["mean"] < 0
    side = "behind" if behind else "ahead"
    lasting = 0  # units from the first on with the gap clearly on that side
    for u in units:
        g = u["gap"]
        if (g["high"] < 0) if behind else (g["low"] > 0):
            lasting += 1
        else:
            break
    curve = f"[[curve|{score} by {unit}]]"
    later = units[lasting:]
    again = [k for k, u in enumerate(later, lasting + 1) if _clear_side(u["gap"]) == side]
    turned = [
        k for k, u in enumerate(later, lasting + 1) if _clear_side(u["gap"]) not in (side, "")
    ]
    if lasting == len(units):
        after = f"and is still {side} after {unit} {lasting}, as far as most games go ({curve})"
    elif not again and not turned:
        after = f"and the gap is no longer clear by {unit} {lasting + 1} ({curve})"
    else:
        after = f"and the gap is not clear at {unit} {lasting + 1}"
        if again:
            after += f", though clearly {side} again at {unit} {series(again)}"
        if turned:
            other = "ahead" if behind else "behind"
            after += f"{',' if again else ''} and clearly {other} at {unit} {series(turned)}"
        after += f" ({curve})"
    base = abs(first["others"]) or abs(first["first"])
    size = 100 * abs(first["gap"]["mean"]) / base if base else 100.0
    text = (
        f"The [[first-player|first player]] ends {unit} 1 {side}: {score} "
        f"{first['first']:.1f} against {first['others']:.1f} for the others on average, "
        f"a [[first-gap|gap]] of {num(first['gap'])} ({size:.0f}% of the others' {score}), "
        f"{after}."
    )
    return Finding(
        _ranked(PLAYS, size, SMALL_CHANGE),
        size,
        _with(tag, text),
        evidence(
            f"[[tests|paired t-test]] of the first player's {score} minus the others' "
            f"after {unit} 1",
            gap["p"],
            gap.get("p_holm"),
            tests,
        ),
        v["label"],
        gap["p"],
        gap.get("p_holm"),
    )


def _how_games_go(v: dict[str, Any], tag: str, score: str) -> Finding:
    length = v["length"]
    unit = v["unit"]
    parts = []
    decisions = f"{num(length['decisions'], 0)} [[length|decisions]]"
    if unit in length and unit != "decisions":
        parts.append(f"A game lasts {num(length[unit])} {plural(unit)} ({decisions}).")
    else:
        parts.append(f"A game lasts {decisions}.")
    d = v["decisiveness"]
    if is_number(d["mean"]):
        m = d["mean"]
        reading = (
            "games are usually settled early and the rest is a formality"
            if m < 0.4
            else "games are usually settled around the middle"
            if m < 0.7
            else "the outcome usually stays open until late"
        )
        parts.append(
            f"The winner takes the lead for good {pct(d, 0)} of the way through "
            f"([[decisiveness|decisiveness]]): {reading}."
        )
    lc, dr, mg = v["lead_changes"], v["drama"], v["margin"]
    more = []
    if is_number(lc["mean"]):
        more.append(f"the lead changes {num(lc)} times a game ([[lead-changes|lead changes]])")
    if is_number(dr["mean"]):
        more.append(
            f"at their worst, winners trailed by {pct(dr, 0)} of the game's top {score} "
            "([[drama|drama]])"
        )
    if is_number(mg["mean"]):
        more.append(f"they finish {num(mg)} ahead of the next in {score} ([[margin|margin]])")
    if more:
        sentence = "; ".join(more)
        parts.append(sentence[0].upper() + sentence[1:] + ".")
    shared = v["shared"]
    if is_number(shared["mean"]) and shared["mean"] >= NOTABLE_SHARE:
        parts.append(f"{pct(shared)} of games end in a [[shared|shared win]].")
    return Finding(
        GOES,
        0.0,
        _with(tag, " ".join(parts)),
        f"Measured over {v['games']} games, each number with its 95% [[interval|interval]].",
        v["label"],
    )


def _change(r: dict[str, Any]) -> tuple[float, str]:
    """A variant's change in one measure: its size (games in 100 for a share,
    else % of the baseline's value) and in words."""
    b, x = r["baseline"], r["variant"]
    if r.get("share"):
        more = "more" if x > b else "fewer"
        return 100 * abs(x - b), (
            f"from {100 * b:.1f}% to {100 * x:.1f}% of games "
            f"([[games-in-100|{games_in_100(x - b)} {more}]])"
        )
    if r.get("percent"):  # shown as % elsewhere: "+23%" would read as 23 points
        points = 100 * (x - b)
        more = "more" if points > 0 else "less"
        return abs(points), (
            f"from {100 * b:.0f}% to {100 * x:.0f}% ({abs(points):.1f} points {more})"
        )
    if not b:
        return 100.0, f"from {b:.3g} to {x:.3g}"
    rel = 100 * (x - b) / abs(b)
    return abs(rel), f"from {b:.3g} to {x:.3g} ({rel:+.0f}%)"


GROUPS = {"length": "[[length|length]]", "events": "[[events|events]] per game"}
"""Measures a variant's changes are told together: a game's lengths in its
several units, and its events."""


def _item(metric: str) -> str:
    """A measure's name within its group: ``length (rounds)`` is ``rounds``."""
    if metric.startswith("length (") and metric.endswith(")"):
        return "in " + metric[len("length (") : -1]
    return metric.removesuffix(" per game")


def _own_length(v: dict[str, Any], shown: list[dict[str, Any]]) -> str:
    """The game's own length (rounds, tiles, years), said when only another
    unit changed clearly: "+15% in decisions" reads as a longer game unless the
    rounds are said not to have moved (a variant that adds a choice a turn)."""
    unit = v.get("unit")
    if not unit or unit == "decisions":
        return ""
    metric = f"length ({plural(unit)})"
    if any(r["metric"] == metric for r in shown):
        return ""
    row = next((r for r in v.get("versus_baseline", []) if r["metric"] == metric), None)
    if row is None or not is_number(row.get("baseline")) or not is_number(row.get("variant")):
        return ""
    b, x = row["baseline"], row["variant"]
    said = f"the same, {b:.3g} in both" if b == x else f"no clear change, from {b:.3g} to {x:.3g}"
    return f"; in {plural(unit)}, the game's own measure, {said}"


def _versus(v: dict[str, Any], base: str, tests: int) -> list[Finding]:
    """A variant against the baseline: each clear change (lengths together,
    events together), then what is worth confirming."""
    out: list[Finding] = []
    label = v["label"]
    rows = [r for r in v.get("versus_baseline", []) if not r.get("minor") and is_number(r.get("p"))]
    lead = f"{label} against {base} (the baseline): "
    shown = [r for r in rows if clear(r.get("p_holm"))]
    grouped: dict[str, list[dict[str, Any]]] = {}
    for r in shown:
        grouped.setdefault(r["term"] if r["term"] in GROUPS else r["metric"], []).append(r)
    for key, group in grouped.items():
        changes = sorted(((*_change(r), r) for r in group), key=lambda c: -c[0])
        size = changes[0][0]
        worst = max(group, key=lambda r: r["p_holm"])
        if key in GROUPS:
            items = "; ".join(f"{_item(r['metric'])} {words}" for _, words, r in changes)
            if key == "length":
                items += _own_length(v, group)
            text = f"{lead}{GROUPS[key]}: {items}."
        else:
            r = group[0]
            text = f"{lead}[[{r['term']}|{r['metric']}]]: {changes[0][1]}."
        who = group[0]["term"] in ("win-share", "first-player")
        test = f"[[tests|{worst['test']} test]]" + (
            " of each (the least clear shown)" if len(group) > 1 else ""
        )
        out.append(
            Finding(
                _ranked(WHO if who else PLAYS, size, SMALL_GAMES if who else SMALL_CHANGE),
                size,
                text,
                evidence(test, worst["p"], worst["p_holm"], tests),
                label,
                worst["p"],
                worst["p_holm"],
                versus=base,
            )
        )
    if not shown:
        out.append(
            Finding(
                PLAYS,
                0.0,
                f"{lead}no measure changes clearly (of the {len(rows)} compared).",
                f"Every [[tests|test]] of {label} against {base} has a p of 0.05 or more after "
                "[[holm|Holm's correction]].",
                label,
                changes_nothing=True,
                versus=base,
            )
        )
    hints = [r for r in rows if not clear(r.get("p_holm")) and r["p"] < ALPHA]
    if hints:
        names = ", ".join(r["metric"] for r in hints[:8]) + (
            f" and {len(hints) - 8} more" if len(hints) > 8 else ""
        )
        out.append(
            Finding(
                UNCLEAR,
                0.0,
                f"{lead}worth confirming with more games: {names} (each p is below 0.05 "
                "alone, but [[clear|not clear]] once corrected for the number of tests).",
                "The comparison's table below has every number; rerun with more games (-n) "
                "or other seeds (--seed) to confirm.",
                label,
                versus=base,
            )
        )
    return out
