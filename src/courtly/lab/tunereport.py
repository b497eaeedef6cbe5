"""A tune's result in plain words (``tune.md``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from courtly.lab.goals import MEASURES, Goal, parse_goal


def _iv(m: dict[str, float], digits: int = 2) -> str:
    return f"{m['value']:.{digits}f} [{m['low']:.{digits}f}, {m['high']:.{digits}f}]"


def _cell(goal: Goal, m: dict[str, float]) -> str:
    """A trial's measure in its goal's column, saying when its value misses the
    range wanted: the front holds such trials (one better at another goal), and
    their numbers alone do not say they miss this one. (A single value wanted
    is never met exactly: its column's numbers say how near.)"""
    missed = goal.want == "range" and goal.objective(m["value"]) > 0
    return _iv(m) + (", misses it" if missed else "")


def verdict(goal: Goal, diff: dict[str, float]) -> str:
    """What an interval of (variant's objective minus the text's) says."""
    if goal.want in ("value", "range") and diff["low"] == diff["high"] == 0:
        return "as good as the text (both meet it in every resample)"
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


def markdown(result: dict[str, Any], plot: str | None = None) -> str:
    s = result["settings"]
    goals = [parse_goal(g["goal"]) for g in result["goals"]]
    players = ", ".join(map(str, s["players"]))
    lines = [
        f"# Tuning {s['game']}",
        "",
        f"{len(result['trials'])} variants tried, each on the same {s['n']} games per player "
        f"count ({players} players; seeds from {s['seed']}), `{s['bots']}` bots in every seat.",
        "",
        "Goals:",
        "",
    ]
    for g in goals:
        lines.append(f"- `{g.text}`: {MEASURES[g.measure]}")
    best, text = result["best"], result["text"]
    lines += ["", "## The answer", ""]
    if result["text_is_best"]:
        lines.append(
            f"The rule text's own variant (`{text['label']}`) is the best found: no variant "
            "tried does better at the goals together."
        )
    else:
        lines.append(f"The best variant found: `{best['label']}` (the text: `{text['label']}`).")
    conf = result.get("confirm")
    if conf:
        lines += [
            "",
            f"Played again on {conf['games']} fresh games per player count (seeds from "
            f"{conf['seed']}, none seen by the search), so the figures below are not "
            "flattered by the choice:",
            "",
            "| goal | best variant | the text | best minus text, in the goal's terms | |",
            "|---|---|---|---|---|",
        ]
        for g in goals:
            d = conf["difference"][g.measure]
            lines.append(
                f"| `{g.text}` | {_iv(conf['best'][g.measure])} | {_iv(conf['text'][g.measure])} "
                f"| {_iv(d)} | {verdict(g, d)} |"
            )
        said = [verdict(g, conf["difference"][g.measure]) for g in goals]
        if not result["text_is_best"] and not any(v.startswith("clearly better") for v in said):
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
        "count); a difference compares the two variants on the same games. In the goal's terms "
        "a difference is in distance from the value or range wanted (below 0: closer), or in "
        "the measure itself for `max` and `min`.",
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
