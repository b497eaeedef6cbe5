"""A tune's result in plain words (``tune.md``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from courtly.lab.goals import MEASURES, Goal, parse_goal
from courtly.lab.words import plural


def _iv(m: dict[str, float], digits: int = 2) -> str:
    return f"{m['value']:.{digits}f} [{m['low']:.{digits}f}, {m['high']:.{digits}f}]"


def _cell(goal: Goal, m: dict[str, float]) -> str:
    """A trial's measure in its goal's column, saying when its value misses the
    range wanted: the front holds such trials (one better at another goal), and
    their numbers alone do not say they miss this one. (A single value wanted
    is never met exactly: its column's numbers say how near.)"""
    missed = goal.want == "range" and goal.objective(m["value"]) > 0
    return _iv(m) + (", misses it" if missed else "")


def _unit(measure: str, unit: str) -> str:
    """What a measure is counted in, if anything: ``rounds`` for a length."""
    if measure in ("length", "length_spread"):
        return plural(unit)
    return {"decisions": "decisions", "lead_changes": "lead changes"}.get(measure, "")


def _with(text: str, unit: str) -> str:
    return f"{text} {unit}" if unit else text


def _wanted(goal: Goal) -> str:
    return goal.text.split("=", 1)[1]


MORE_LESS: dict[str, tuple[str, str]] = {
    "length": ("{x} {u} longer", "{x} {u} shorter"),
    "length_spread": ("{x} {u} more spread in length", "{x} {u} less spread in length"),
    "first_player_edge": ("{x} more first-player edge", "{x} less first-player edge"),
    "decisions": ("{x} more decisions", "{x} fewer decisions"),
    "decisiveness": ("{x} more decisiveness", "{x} less decisiveness"),
    "drama": ("{x} more drama", "{x} less drama"),
    "lead_changes": ("{x} more lead changes", "{x} fewer lead changes"),
    "ties": ("{x} more ties (a share of the games)", "{x} fewer ties (a share of the games)"),
    "margin": ("{x} more margin", "{x} less margin"),
}
"""A difference of each measure in words, for ``max`` and ``min`` goals."""


def _n(x: float) -> str:
    """A figure to two places, never ``-0.00``."""
    said = f"{x:.2f}"
    return "0.00" if said == "-0.00" else said


def difference_words(goal: Goal, d: dict[str, float], unit: str = "round") -> str:
    """The best variant against the text in the goal's terms, in words: for a
    value or range wanted, how much closer to it (its distance from it shrank
    by so much) or farther; for ``max`` and ``min``, how much more or less of
    the measure; with its 95% interval."""
    u = _unit(goal.measure, unit)

    def iv(a: float, b: float) -> str:
        return f"[{_n(a)}, {_n(b)}]"

    if d["value"] == d["low"] == d["high"] == 0:
        if goal.want in ("value", "range"):
            return f"as close to {_wanted(goal)} as the text in every resample"
        return "the same as the text in every resample"
    nil = _n(d["value"]) == "0.00"
    if goal.want in ("value", "range"):
        want = _wanted(goal)
        closer = iv(-d["high"], -d["low"])
        if nil:
            return f"as close to {want} as the text to two places (closer by {closer})"
        if d["value"] < 0:
            return f"{_with(_n(-d['value']), u)} closer to {want} than the text {closer}"
        x = _with(_n(d["value"]), u)
        return f"{x} farther from {want} than the text {iv(d['low'], d['high'])}"
    more, less = MORE_LESS[goal.measure]
    if nil:
        return f"the same as the text to two places (difference {iv(d['low'], d['high'])})"
    if d["value"] > 0:
        said = more.format(x=_n(d["value"]), u=u)
        return f"{said} than the text {iv(d['low'], d['high'])}"
    said = less.format(x=_n(-d["value"]), u=u)
    return f"{said} than the text {iv(-d['high'], -d['low'])}"


def reach_words(goal: Goal, m: dict[str, float], unit: str = "round") -> str:
    """Whether a measure reaches its goal, in words, with its figure."""
    figure = _with(_iv(m), _unit(goal.measure, unit))
    want = _wanted(goal)
    state = goal.reached(m)
    if state == "open":
        much = "as much as can be had" if goal.want == "max" else "as little as can be"
        return f"{figure} (a `{goal.want}` goal asks for {much}: nothing to reach)"
    if state == "met":
        return f"met: {figure}, the whole interval within {want}"
    if goal.want == "value":
        if state == "perhaps":
            return f"as near as these games can tell: {figure}, {want} within its interval"
        side = "above" if m["low"] > goal.low else "below"
        return f"not met: {figure}, {side} {want} (outside its interval)"
    if state == "perhaps":
        return f"met on the mean, not surely: {figure}, part of its interval outside {want}"
    side = "below" if m["value"] < goal.low else "above"
    return f"not met: {figure}, {side} {want}"


def edge_words(edge: dict[str, Any], game: str, short: bool = False) -> str:
    """A number of the best variant at an end of the range searched, and how
    to search past it (``short``: in a terminal's line)."""
    where = f"as {game} declares it" if edge["declared"] else "given with --param"
    at = f"{edge['name']}={edge['value']}"
    at = at if short else f"`{at}`"
    said = f"{at} is at the {edge['side']} of the range searched ({edge['span']}, {where})"
    option = edge["name"].split("@")[0]
    if short:
        if edge["beyond"] is None:
            return f"{said}; {game} takes no {option} past it"
        return f"{said}; search past it: {edge['search']}"
    said += ": a better variant may lie past it"
    if edge["beyond"] is None:
        return f"{said}, but {game} takes no {option} past it."
    return f"{said}. To search past it: `{edge['search']}` (a new tune, in another --out folder)."


def search_words(search: dict[str, Any], tried: int) -> str:
    """How much of the space was tried: every variant (and the search
    stopped), or how many, which are left, and how to try them all."""
    if search["exhausted"]:
        said = f"all {search['variants']:,} variants of {search['space']} tried"
        if search["asked"] > tried:
            said += f": the search stopped at {tried} of the {search['asked']} trials asked"
        return said
    said = f"{search['tried']} of the {search['variants']:,} variants of {search['space']} tried"
    if search.get("untried"):
        said += f" (not tried: {', '.join(search['untried'])})"
    if search["variants"] <= 100:
        said += f"; --trials {search['every']} tries them all"
    return said


def verdict(goal: Goal, diff: dict[str, float]) -> str:
    """What an interval of (variant's objective minus the text's) says."""
    if goal.want in ("value", "range") and diff["low"] == diff["high"] == 0:
        return "as good as the text in every resample"
    better = diff["high"] < 0 if goal.direction == "minimize" else diff["low"] > 0
    worse = diff["low"] > 0 if goal.direction == "minimize" else diff["high"] < 0
    if better:
        return "clearly better than the text"
    if worse:
        return "clearly worse than the text"
    return "not clearly different from the text"


def pareto_plot(result: dict[str, Any], path: Path) -> bool:
    """Every trial in the first two goals' terms, the front ringed and the
    text's marked; False (no file) with fewer than two goals."""
    goals = [parse_goal(g["goal"]) for g in result["goals"]]
    if len(goals) < 2:
        return False
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4), dpi=100)
    front = set(result["front"])
    text = result["text"]["label"]
    for r in result["trials"]:
        x, y = r["objectives"][0], r["objectives"][1]
        on = r["trial"] in front
        ax.scatter(x, y, s=36 if on else 14, c="C3" if on else "C0", zorder=3 if on else 2)
        if r["label"] == text:
            ax.annotate("the text", (x, y), textcoords="offset points", xytext=(5, 5))
    b = result["best"]
    ax.annotate("best", (b["objectives"][0], b["objectives"][1]), textcoords="offset points",
                xytext=(5, -12))  # fmt: skip
    words = [
        f"{g.text}: " + ("value" if g.want in ("max", "min") else "distance from the wanted")
        for g in goals[:2]
    ]
    ax.set_xlabel(words[0])
    ax.set_ylabel(words[1])
    ax.set_xscale("symlog", linthresh=1)
    ax.set_yscale("symlog", linthresh=0.1)
    ax.set_title("every trial; red: the Pareto front")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


def _spans(params: list[dict[str, Any]], game: str) -> str:
    """The values searched, those alike said once: ``target@2, target@3 each
    15..60 in steps of 5 (as Garrison declares it)``."""
    groups: dict[tuple[str, bool], list[str]] = {}
    for p in params:
        if p.get("span"):
            number = not p["span"].startswith("one of ")
            groups.setdefault((p["span"], number and p.get("declared", True)), []).append(p["name"])
    said = []
    for (span, declared), names in groups.items():
        each = " each" if len(names) > 1 else ""
        as_ = f" (as {game} declares it)" if declared else ""
        said.append(", ".join(f"`{n}`" for n in names) + f"{each} {span}{as_}")
    return "; ".join(said)


def markdown(result: dict[str, Any], plot: str | None = None) -> str:
    s = result["settings"]
    goals = [parse_goal(g["goal"]) for g in result["goals"]]
    players = ", ".join(map(str, s["players"]))
    unit = result.get("unit", "round")
    lines = [
        f"# Tuning {result.get('game_name', s['game'])}",
        "",
        f"{len(result['trials'])} variants tried, each on the same {s['n']} games per player "
        f"count ({players} players; seeds from {s['seed']}), `{s['bots']}` bots in every seat.",
        "",
        "Goals:",
        "",
    ]
    for g in goals:
        words = MEASURES[g.measure]
        if g.measure == "length":  # in this game's own unit, not every game's
            words = f"the mean length of a game, in {plural(unit)}"
        lines.append(f"- `{g.text}`: {words}")
    search = result.get("search")
    game = result.get("game_name", s["game"])
    spans = _spans(result["params"], game)
    if spans:
        count = f"; {search['variants']:,} variants in all" if search else ""
        lines += ["", f"Searched: {spans}{count}."]
    best, text = result["best"], result["text"]
    lines += ["", "## The answer", ""]
    conf = result.get("confirm")
    reached = result.get("reached", {})
    who = (
        f"the rule text's own variant, `{text['label']}`, the best found,"
        if result["text_is_best"]
        else f"the best variant found, `{best['label']}`,"
    )
    where = (
        f"{conf['games']} fresh games per player count"
        if conf
        else "the search's own games (no fresh games were played)"
    )
    states = [reached.get(g.measure, "open") for g in goals]
    if any(st != "open" for st in states):

        def named(*want: str) -> tuple[str, str]:
            these = [g.text for g, st in zip(goals, states, strict=True) if st in want]
            return ", ".join(f"`{x}`" for x in these), "it" if len(these) == 1 else "them"

        if "missed" in states:
            goals_, it = named("missed")
            said = f"**Not reached: {goals_}.** On {where}, {who} misses {it}."
        elif "perhaps" in states:
            goals_, it = named("perhaps")
            said = (
                f"**Perhaps reached: {goals_}.** On {where}, {who} comes within reach of "
                f"{it}, not surely: more games (a larger --confirm) would tell."
            )
        else:
            goals_, it = named("met")
            said = f"**Reached: {goals_}.** On {where}, {who} meets {it}."
        lines += [said, ""]
        for g in goals:
            m = (conf["best"] if conf else best["measures"])[g.measure]
            lines.append(f"- `{g.text}`: {reach_words(g, m, unit)}")
        lines.append("")
    for e in result.get("edges", []):
        lines += [edge_words(e, game), ""]
    if search:
        said = search_words(search, len(result["trials"]))
        lines += [said[0].upper() + said[1:] + ".", ""]
    if result["text_is_best"]:
        lines.append(
            f"The rule text's own variant (`{text['label']}`) is the best found: no variant "
            "tried does better at the goals together."
        )
    else:
        lines.append(f"The best variant found: `{best['label']}` (the text: `{text['label']}`).")
    if conf and result["text_is_best"]:
        lines += [
            "",
            f"Played again on {conf['games']} fresh games per player count (seeds from "
            f"{conf['seed']}, none seen by the search):",
            "",
            "| goal | the text's variant, the best found |",
            "|---|---|",
        ]
        lines += [f"| `{g.text}` | {_cell(g, conf['best'][g.measure])} |" for g in goals]
    elif conf:
        lines += [
            "",
            f"Played again on {conf['games']} fresh games per player count (seeds from "
            f"{conf['seed']}, none seen by the search), so the figures below are not "
            "flattered by the choice:",
            "",
            "| goal | best variant | the text | best against the text | |",
            "|---|---|---|---|---|",
        ]
        for g in goals:
            d = conf["difference"][g.measure]
            said = verdict(g, d)
            if reached.get(g.measure) == "missed" and said.startswith("clearly better"):
                said += ", yet the goal is not met"
            lines.append(
                f"| `{g.text}` | {_cell(g, conf['best'][g.measure])} "
                f"| {_cell(g, conf['text'][g.measure])} "
                f"| {difference_words(g, d, unit)} | {said} |"
            )
        said_all = [verdict(g, conf["difference"][g.measure]) for g in goals]
        if not result["text_is_best"] and not any(v.startswith("clearly better") for v in said_all):
            lines += [
                "",
                "**On fresh games the best variant is not clearly better than the text at any "
                "goal: as far as these games can tell, the text's rules are as good as any "
                "variant tried.** (On the search's own games it looked better: it was picked "
                "for that.)",
            ]
    lines += [
        "",
        "Each figure is the measure with its 95% interval (games resampled within each player "
        "count)."
        + (
            ""
            if result["text_is_best"]
            else " The best against the text compares the two variants on the same games: for "
            "a value or range wanted, how much closer to it the best variant's measure is than "
            "the text's (how much its distance from it shrank), for `max` and `min` how much "
            'more or less of the measure. "Clearly better" says the difference is clear, not '
            "that the goal is met: that is said above."
        ),
        "",
        "## Pareto front" if len(goals) > 1 else "## The best trials",
        "",
    ]
    if plot:
        lines += [f"![Every trial and the Pareto front]({plot})", ""]
    if len(goals) > 1:
        lines.append(
            "No variant on the front can be bettered at one goal without being worse at "
            "another; the first is the best at the goals together."
        )
        lines.append("")
    head = " | ".join(f"`{g.text}`" for g in goals)
    lines += [f"| trial | variant | {head} | against the text (search's games) |"]
    lines += ["|---|---|" + "---|" * len(goals) + "---|"]
    for r in result["ranked"]:
        cells = " | ".join(_cell(g, r["measures"][g.measure]) for g in goals)
        against = "; ".join(
            f"{g.measure} {verdict(g, r['against_text'][g.measure])}" for g in goals
        )
        lines.append(f"| {r['trial']} | `{r['label']}` | {cells} | {against} |")
    lines += ["", "## Every trial", "", f"| trial | variant | {head} |"]
    lines += ["|---|---|" + "---|" * len(goals)]
    for r in result["trials"]:
        cells = " | ".join(_cell(g, r["measures"][g.measure]) for g in goals)
        mark = " (the text)" if r["label"] == text["label"] else ""
        lines.append(f"| {r['trial']} | `{r['label']}`{mark} | {cells} |")
    return "\n".join(lines) + "\n"
