"""A lab run's report: one self-contained HTML page (plots inline as base64
PNG, no external file or network) and a JSON summary, both made from the raw
data alone (``DIR/games.parquet``, ``DIR/seats.parquet``, ``DIR/lab.json``)."""

from __future__ import annotations

import base64
import html
import io
import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from courtly.engine.game import Game
from courtly.engine.options import typed
from courtly.games import get
from courtly.lab import departures
from courtly.lab.definitions import definitions
from courtly.lab.findings import Finding, findings
from courtly.lab.marked import linked
from courtly.lab.store import LabDir
from courtly.lab.summary import summarize
from courtly.lab.words import number_of_tests, plural

RAW_KEYS = ("scores", "margins", "lengths", "decisiveness_values")
"""Per-game lists kept in the summary for the plots, left out of the JSON."""

ALPHA = 0.05
SHOWN = 6
"""Findings shown open at the top of the page; the others are a click away."""
NONE = {"mean": math.nan, "low": math.nan, "high": math.nan, "n": 0}
"""The estimate of a measure with no game behind it (a variant not played yet)."""


def build(path: str | Path) -> tuple[Path, Path, dict[str, Any]]:
    """Write DIR/report.html and DIR/summary.json; returns their paths and the summary."""
    folder = LabDir(path)
    settings = folder.settings()
    games, seats = folder.load()
    summary = summarize(settings, games, seats)
    summary["complete"] = folder.complete
    summary["findings"] = [f.as_dict() for f in findings(summary)]
    json_path = folder.path / "summary.json"
    json_path.write_text(json.dumps(_jsonable(summary), indent=2), encoding="utf-8")
    html_path = folder.path / "report.html"
    html_path.write_text(render(summary, folder.path), encoding="utf-8")
    return html_path, json_path, summary


def _jsonable(value: Any) -> Any:
    if isinstance(value, float):
        return None if math.isnan(value) or math.isinf(value) else value
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items() if k not in RAW_KEYS}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


# -- numbers as text -------------------------------------------------------------------


def _e(e: dict[str, float], pct: bool = False, digits: int = 1) -> str:
    if e["mean"] is None or math.isnan(e["mean"]):
        return "–"
    k = 100 if pct else 1
    unit = "%" if pct else ""
    return (
        f"{k * e['mean']:.{digits}f}{unit} "
        f"<span class=ci>[{k * e['low']:.{digits}f}, {k * e['high']:.{digits}f}]</span>"
    )


def _p1(p: float | None) -> str:
    return "p &lt; 0.001" if p is not None and p < 0.001 else f"p = {p:.3f}"


def _pv(p: float | None, q: float | None = None) -> str:
    """A p-value and, after it, Holm's corrected one; bold when the corrected p
    is below 0.05 (a clear result)."""
    if p is None or math.isnan(p):
        return "–"
    if q is None or math.isnan(q):
        return _p1(p)
    text = f"{_p1(p)}; corrected {_p1(q).removeprefix('p ').removeprefix('= ')}"
    return f"<b>{text}</b>" if q < ALPHA else text


# -- plots ----------------------------------------------------------------------------


def _fig_html(fig: Any, alt: str) -> str:
    import matplotlib.pyplot as plt

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    plt.close(fig)
    data = base64.b64encode(buf.getvalue()).decode()
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_win_shares(summary: dict[str, Any]) -> str:
    plt = _plt()
    variants = summary["variants"]
    players = summary["settings"]["players"]
    fig, ax = plt.subplots(figsize=(7, 3.2))
    width = 0.8 / len(variants)
    for i, v in enumerate(variants):
        xs = [s + (i - (len(variants) - 1) / 2) * width for s in range(players)]
        means = [100 * s["win_share"]["mean"] for s in v["seats"]]
        lo = [m - 100 * s["win_share"]["low"] for m, s in zip(means, v["seats"], strict=True)]
        hi = [100 * s["win_share"]["high"] - m for m, s in zip(means, v["seats"], strict=True)]
        ax.bar(xs, means, width, yerr=[lo, hi], capsize=3, label=v["label"])
    ax.axhline(100 / players, color="black", linestyle="--", linewidth=1, label="fair share")
    ax.set_xticks(range(players), [f"seat P{s}" for s in range(players)])
    ax.set_ylabel("win share (%)")
    ax.set_title("Win share per seat, 95% intervals")
    ax.legend(fontsize=8)
    return _fig_html(fig, "win share per seat")


def plot_hist(summary: dict[str, Any], pick: Any, title: str, xlabel: str) -> str:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 3.2))
    values = [list(pick(v)) for v in summary["variants"]]
    flat = [x for vs in values for x in vs]
    if not flat:
        plt.close(fig)
        return ""
    lo, hi = min(flat), max(flat)
    bins: Any = 30
    if float(lo).is_integer() and float(hi).is_integer() and hi - lo <= 60:
        bins = [b - 0.5 for b in range(int(lo), int(hi) + 2)]
    for v, vs in zip(summary["variants"], values, strict=True):
        if not vs:
            continue
        ax.hist(vs, bins=bins, histtype="step", linewidth=1.5, label=v["label"], density=True)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of games")
    ax.legend(fontsize=8)
    return _fig_html(fig, title)


def plot_scores(v: dict[str, Any]) -> str:
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 3.2))
    data = [s["scores"] for s in v["seats"]]
    if not any(data):
        plt.close(fig)
        return ""
    ax.boxplot(data, showmeans=True)
    ax.set_xticks(range(1, len(data) + 1), [f"seat P{s['seat']}" for s in v["seats"]])
    ax.set_title(f"Final scores per seat ({v['label']})")
    ax.set_ylabel("score")
    return _fig_html(fig, f"scores {v['label']}")


def _ordinal(k: int) -> str:
    return f"{k}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(k if k < 20 else k % 10, 'th') }"


def _whole(xs: list[int], most: int = 12) -> list[int]:
    """Ticks for the whole numbers ``xs``: every one, or every k-th (from the
    first) where there would be more than ``most``."""
    step = max(1, -(-len(xs) // most))
    return xs[::step]


def plot_curve(v: dict[str, Any], score_name: str) -> str:
    plt = _plt()
    curve = v["curve"]
    if not curve["going"]:
        return ""
    fig, ax = plt.subplots(figsize=(7, 3.2))
    xs = list(range(1, len(curve["going"]) + 1))
    for k, points in enumerate(curve["seats"]):
        name = (
            _ordinal(k + 1) + " to move" + (" (first player)" if k == 0 else "")
            if curve.get("by") == "order"
            else f"seat P{k}"
        )
        ax.plot(xs, [p["mean"] for p in points], label=name)
        ax.fill_between(xs, [p["low"] for p in points], [p["high"] for p in points], alpha=0.2)
    ax.set_xlabel(v["unit"])
    ax.set_xticks(_whole(xs))  # rounds are whole: no tick at 1.5 or 2.5
    ax.set_ylabel(f"mean {score_name} so far")
    ax.set_title(f"{score_name.capitalize()} by {v['unit']}, 95% bands ({v['label']})")
    ax.legend(fontsize=8)
    return _fig_html(fig, f"curve {v['label']}")


# -- the page -----------------------------------------------------------------------


CSS = """
body{font-family:system-ui,sans-serif;max-width:1100px;margin:1.2em auto;padding:0 1em;color:#222}
h1{font-size:1.6em;margin:.2em 0 .3em}.lede{margin:.2em 0 .8em;color:#444}
.caution{border-left:3px solid #c80;padding-left:.6em;color:#533}
table{border-collapse:collapse;margin:.6em 0 1.2em}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}
th{background:#f2f2f2}td:first-child,th:first-child{text-align:left}.ci{color:#595959;font-size:85%}
.key{background:#fffbe6;border:1px solid #e6d27a;padding:.4em 1em .6em}img{max-width:100%}
.key h2{border:0;margin:.2em 0}.key ol{margin:.3em 0;padding-left:1.6em}.key li{margin:.35em 0}
.evidence{display:block;color:#666;font-size:85%}.howto{font-size:90%;color:#444;margin:.4em 0 0}
.tag{font-size:75%;font-weight:600;border-radius:3px;padding:0 4px;margin-right:4px;white-space:nowrap}
.tag-0{background:#f7d7c4}.tag-1{background:#d9e8f7}.tag-2{background:#e4e4e4}
.tag-3{background:#e8f0e0}.tag-4{background:#eee;color:#555}
a.term{color:inherit;text-decoration:underline dotted #888}
h2{border-bottom:2px solid #ddd;margin-top:1.6em}code{background:#f4f4f4;padding:1px 4px}
dt{font-weight:600;margin-top:.6em}dd{margin-left:1.4em}:target{background:#fff3b0}
"""

TAGS = (
    "clear: who wins",
    "clear: how it plays",
    "how games go",
    "clear but small",
    "not clear yet",
)
"""The label of each tier of findings on the page."""
NO_CHANGE_TAG = "how it plays: no clear change"


def tag(tier: int, changes_nothing: bool = False) -> str:
    """A finding's label: its tier's, but for a variant that changes no measure
    clearly (``Finding.changes_nothing``), which ranks with the changes to how
    the game plays and is not labelled "clear"."""
    return NO_CHANGE_TAG if changes_nothing else TAGS[tier]


def _table(headers: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{h}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _details(title: str, body: str) -> str:
    """A part of the page folded away until clicked."""
    return f"<details><summary>{html.escape(title)}</summary>{body}</details>"


def _term(term: str, words: str) -> str:
    """Words linked to a measure's definition further down the page."""
    return f'<a class=term href="#def-{term}">{html.escape(words)}</a>'


def _finding(f: Finding, titles: dict[str, str]) -> str:
    tier = f"<span class='tag tag-{f.tier}'>{tag(f.tier, f.changes_nothing)}</span>"
    return (
        f"<li data-tier={f.tier}>{tier}{linked(f.text, titles)}"
        f"<span class=evidence>{linked(f.evidence, titles)}</span></li>"
    )


def findings_html(summary: dict[str, Any], defs: list[tuple[str, str, str]]) -> str:
    """The findings, ranked: the first few open, the rest a click away, then how
    to read them."""
    titles = {k: text for k, _, text in defs}
    ranked = findings(summary)
    shown, rest = ranked[:SHOWN], ranked[SHOWN:]
    tests = summary.get("correction", {}).get("tests", 0)
    out = [
        "<section id=findings class=key><h2>Findings</h2>",
        "<ol>",
        *(_finding(f, titles) for f in shown),
        "</ol>",
    ]
    if rest:
        out.append(
            f"<details><summary>{len(rest)} more finding{'s' if len(rest) > 1 else ''}"
            "</summary>"
            f"<ol start={len(shown) + 1}>" + "".join(_finding(f, titles) for f in rest) + "</ol>"
            "</details>"
        )
    out.append(
        "<p class=howto>Ranked by how much they matter: clear findings about who wins first "
        f"(the more {_term('games-in-100', 'games in 100')} they move, the higher), then clear "
        "effects on how the game plays (the larger the change, the higher), then how games go, "
        "then clear but small effects, then what the data cannot tell yet. "
        f"Brackets are {_term('interval', '95% intervals')}. "
        f"<b>Clear</b> means a p-value below 0.05 after {_term('holm', 'Holm’s correction')} "
        f"for the {number_of_tests(tests)} of this report (a test is named in each finding's "
        "evidence). "
        + (
            f"The {_term('first-player', 'first player')} is whoever moves first, not seat P0. "
            if any(v.get("first_player") for v in summary["variants"])
            else ""
        )
        + "Every underlined term links to its definition at the end of the page.</p>"
    )
    out.append("</section>")
    return "\n".join(out)


def definitions_html(defs: list[tuple[str, str, str]]) -> str:
    items = "".join(
        f"<dt id=def-{k}>{html.escape(name)}</dt><dd>{html.escape(text)}</dd>"
        for k, name, text in defs
    )
    return (
        "<h2 id=definitions>What the measures mean</h2>"
        "<p><a href=#findings>Back to the findings</a></p>"
        f"<dl>{items}</dl>"
    )


STRONG_BOTS = ("hard",)
"""The bots that search: findings with them hold for stronger play."""


def bots_caution(
    game: Game, bots: list[str], departed: Mapping[str, Mapping[str, Any]] | None = None
) -> str:
    """Why the bots that played ``game`` may make a finding doubtful ('' when
    none): mixed seats, a heuristic alone, or a search that rarely left the
    heuristic's move (``departed``: ``courtly.lab.departures.by_bot``); the
    bot it suggests is the game's ``check_bot``."""
    names = sorted({b.split("@")[0] for b in bots})
    strong = [n for n in names if n in STRONG_BOTS]
    rare = " ".join(departures.cautions(departed or {}, game.check_bot))
    if len(names) > 1:
        return " ".join(
            [
                f"Seats hold different bots ({', '.join(names)}): a seat's edge here may be its "
                "bot's, not its place at the table's.",
                *([rare] if rare else []),
            ]
        )
    if strong:
        return rare
    return (
        f"Every seat was played by the {names[0]} bot, which does not look ahead: a finding "
        "about who wins holds for play at that level, and players who plan further may see "
        "another balance. Before acting on one, check it with the searching bot "
        f"(--bots {game.check_bot}: a fixed search, the same games on any machine, "
        "that leaves normal's move where it finds a clearly better one, but far slower "
        f"than the heuristic: {departures.COST}); where the two disagree, trust the stronger."
    )


def _options_in_force(options: dict[str, Any]) -> str:
    """The options the run set, as typed (``length=medium``), or that it set
    none: a reader of the report knows which rules were played."""
    if not options:
        return "every option at its default (courtly games lists them)"
    given = ", ".join(f"{k}={typed(v)}" for k, v in sorted(options.items()))
    return f"options {given}, the others at their defaults"


def render(summary: dict[str, Any], folder: Path) -> str:
    s = summary["settings"]
    game = get(s["game"])
    variants = summary["variants"]
    names = [html.escape(v["label"]) for v in variants]
    defs = definitions(summary)
    bots = sorted(set(s["bots"]))
    parts = [
        "<!doctype html><html lang=en><head><meta charset=utf-8>",
        f"<title>Courtly lab: {html.escape(game.name)}</title>",
        f"<style>{CSS}</style></head><body><main>",
        f"<h1>{html.escape(game.name)}: what {s['n']} games "
        + ("per variant " if len(variants) > 1 else "")
        + f"between {html.escape(', '.join(bots))} {_term('bots', 'bots')} say</h1>",
        f"<p class=lede>{s['players']} players; "
        + (
            f"the {html.escape(s['bots'][0])} bot in every seat"
            if len(bots) == 1
            else ", ".join(f"seat P{k} {html.escape(b)}" for k, b in enumerate(s["bots"]))
        )
        + "".join(
            f"; {html.escape(departures.note(b, t))}"
            for b, t in sorted(summary.get("departures", {}).items())
        )
        + f"; seeds {s['seed']} to {s['seed'] + s['n'] - 1}"
        + (" (the same in every variant)" if len(variants) > 1 else "")
        + f"; {html.escape(_options_in_force(s['options']))}"
        + (
            f"; {_term('variant', 'variants')}: {', '.join(names)} (the first is the baseline)"
            if len(variants) > 1
            else ""
        )
        + "."
        + (
            ""
            if summary.get("complete", True)
            else " <b>The run is not finished: partial results.</b>"
        )
        + "</p>",
        (
            f"<p class=caution>{html.escape(caution)}</p>"
            if (caution := bots_caution(game, s["bots"], summary.get("departures")))
            else ""
        ),
        findings_html(summary, defs),
        "<h2>Who wins</h2>",
        plot_win_shares(summary),
    ]
    rows = []
    for seat in range(s["players"]):
        row = [f"{_term('seat', f'seat P{seat}')} ({html.escape(s['bots'][seat])})"]
        row += [_e(v["seats"][seat]["win_share"], True) for v in variants]
        rows.append(row)
    rows.append(
        [f"seats vs equal shares ({_term('tests', 'chi-square')})"]
        + [_pv(v["seat_test"]["p"], v["seat_test"].get("p_holm")) for v in variants]
    )
    firsts = [v["first_player"] or {} for v in variants]
    if any(firsts):
        rows.append(
            [f"{_term('first-player', 'first player')} (moves first)"]
            + [_e(f.get("win_share", NONE), True) for f in firsts]
        )
        rows.append(
            [f"first player vs fair ({_term('tests', 'binomial')})"]
            + [_pv(f.get("p"), f.get("p_holm")) for f in firsts]
        )
        longest = max(len(f.get("by_order", [])) for f in firsts)
        for k in range(1, longest):
            cells = [
                _e(f["by_order"][k], True) if len(f.get("by_order", [])) > k else "–"
                for f in firsts
            ]
            rows.append(
                [f"{_ordinal(k + 1)} to move ({_term('turn-order', 'turn order')})", *cells]
            )
        if any(f.get("order_test", {}).get("p") is not None for f in firsts):
            rows.append(
                [f"turn order vs equal shares ({_term('tests', 'chi-square')})"]
                + [
                    _pv(f.get("order_test", {}).get("p"), f.get("order_test", {}).get("p_holm"))
                    for f in firsts
                ]
            )
    rows.append([_term("shared", "shared wins")] + [_e(v["shared"], True) for v in variants])
    rows.append([_term("tied", "top score tied")] + [_e(v["tied"], True) for v in variants])
    rows.append(
        [f"… {_term('tie-break', 'settled by a tie-break')}"]
        + [_e(v["tie_broken"], True) for v in variants]
    )
    parts.append(_table([_term("win-share", "win share"), *names], rows))

    parts.append("<h2>Scores and margins</h2>")
    rows = []
    for seat in range(s["players"]):
        rows.append(
            [f"seat P{seat} mean score"] + [_e(v["seats"][seat]["score"]) for v in variants]
        )
    rows.append(
        [f"{_term('margin', 'margin')} (winner − runner-up)"] + [_e(v["margin"]) for v in variants]
    )
    parts.append(_table(["score", *names], rows))
    parts.append(
        plot_hist(summary, lambda v: v["margins"], "Margin: winner minus runner-up", "margin")
    )
    parts += [plot_scores(v) for v in variants]

    parts.append("<h2>Length, tension and choice</h2>")
    rows = [
        [f"{_term('length', 'length')} ({plural(k)})"]
        + [_e(v["length"].get(k, NONE)) for v in variants]
        for k in variants[0]["length"]
    ]
    rows += [
        [_term("decisiveness", "decisiveness")]
        + [_e(v["decisiveness"], True, 0) for v in variants],
        [_term("lead-changes", "lead changes")]
        + [_e(v["lead_changes"], digits=2) for v in variants],
        [f"{_term('drama', 'drama')} (of the top score)"]
        + [_e(v["drama"], True, 0) for v in variants],
        [_term("choices", "legal choices per decision")] + [_e(v["choices"]) for v in variants],
    ]
    parts.append(_table(["measure", *names], rows))
    unit = variants[0]["unit"]
    parts.append(
        plot_hist(
            summary,
            lambda v: v["lengths"].get(unit, []),
            f"Game length in {plural(unit)}",
            plural(unit),
        )
    )
    parts.append(
        plot_hist(
            summary,
            lambda v: [100 * x for x in v["decisiveness_values"]],
            "Decisiveness: when the winner took the lead for good",
            "% of the game",
        )
    )
    score_name = summary.get("score_name", "score")
    parts.append(
        f"<h2 id=curves>{html.escape(score_name.capitalize())} by {html.escape(unit)}</h2>"
    )
    parts.append(
        f"<p>The mean {html.escape(score_name)} so far at the end of each "
        f"{html.escape(unit)}, by place in {_term('turn-order', 'turn order')} (by seat in a "
        "game without a first player), over the games still going (the curve stops where "
        f"fewer than 10% are), with 95% bands ({_term('curve', 'more')}).</p>"
    )
    parts += [plot_curve(v, score_name) for v in variants]
    parts.append(_gap_table(variants, unit, score_name, names))

    parts.append("<h2>Events per game</h2>")
    kinds = sorted(
        {k for v in variants for k in v["events"]},
        key=lambda k: (not variants[0]["events"].get(k, {}).get("label"), k),
    )
    named: list[list[str]] = []
    minor: list[list[str]] = []
    for k in kinds:
        label = next((v["events"][k]["label"] for v in variants if k in v["events"]), "")
        name = f"<b>{html.escape(label)}</b> <span class=ci>({k})</span>" if label else k
        cells = []
        for v in variants:
            e = v["events"].get(k)
            cells.append(_e(e["per_game"], digits=2) if e else "–")
            cells.append(_e(e["per_unit"], digits=2) if e else "–")
        (named if label else minor).append([name, *cells])
    heads = ["event"] + [h for n in names for h in (f"{n}: per game", f"per {unit}")]
    parts.append(_table(heads, named or minor))
    if named and minor:
        parts.append(_details(f"Every other event ({len(minor)})", _table(heads, minor)))

    for v in variants[1:]:
        parts.append(f"<h2>{html.escape(v['label'])} against {names[0]}</h2>")
        heads = [
            "metric",
            names[0],
            html.escape(v["label"]),
            "difference",
            _term("tests", "test"),
            f"p; corrected ({_term('holm', 'Holm')})",
        ]
        split: dict[bool, list[list[str]]] = {False: [], True: []}
        for r in v["versus_baseline"]:
            split[bool(r.get("minor"))].append(
                [
                    _term(r.get("term", "events"), r["metric"]),
                    f"{r['baseline']:.3f}",
                    f"{r['variant']:.3f}",
                    f"{r['difference']:+.3f}",
                    r["test"],
                    _pv(r["p"], r.get("p_holm")),
                ]
            )
        parts.append(_table(heads, split[False]))
        if split[True]:
            parts.append(
                _details(f"Every other event ({len(split[True])})", _table(heads, split[True]))
            )

    parts.append("<h2>Games to replay</h2><ul>")
    for v in variants:
        for what, ex in v["examples"].items():
            cmd = (
                f"courtly replay {html.escape(str(folder / 'records.jsonl'))} --index {ex['record']}"
                if ex["record"] is not None
                else f"seed {ex['seed']}"
            )
            parts.append(
                f"<li>{names[variants.index(v)]}, {what}: seed {ex['seed']} "
                f"({ex['decisions']} decisions): <code>{cmd}</code></li>"
            )
    parts.append("</ul><p>Every game replays from its seed and record.</p>")
    parts.append(definitions_html(defs))
    parts.append("</main></body></html>")
    return "\n".join(p for p in parts if p)


def _gap_table(variants: list[dict[str, Any]], unit: str, score_name: str, names: list[str]) -> str:
    """The first player's gap at the end of each unit, folded away."""
    gaps = [v.get("first_gap") for v in variants]
    longest = max((len(g["by_unit"]) for g in gaps if g), default=0)
    if not longest:
        return ""
    rows = [
        [f"{unit} {u + 1}"]
        + [
            _e(g["by_unit"][u]["gap"], digits=2) if g and len(g["by_unit"]) > u else "–"
            for g in gaps
        ]
        for u in range(longest)
    ]
    return (
        f"<details><summary>The first player's gap: their {html.escape(score_name)} minus the "
        f"others' mean, by {html.escape(unit)}</summary>"
        + _table([f"{_term('first-gap', 'gap')} after", *names], rows)
        + "</details>"
    )
