"""A lab run's report: one self-contained HTML page (plots inline as base64
PNG, no external file or network) and a JSON summary, both made from the raw
data alone (``DIR/games.parquet``, ``DIR/seats.parquet``, ``DIR/lab.json``)."""

from __future__ import annotations

import base64
import html
import io
import json
import math
from pathlib import Path
from typing import Any

from courtly.games import get
from courtly.lab.store import LabDir
from courtly.lab.summary import summarize

RAW_KEYS = ("scores", "margins", "lengths", "decisiveness_values")
"""Per-game lists kept in the summary for the plots, left out of the JSON."""

ALPHA = 0.05
NONE = {"mean": math.nan, "low": math.nan, "high": math.nan, "n": 0}
"""The estimate of a measure with no game behind it (a variant not played yet)."""


def build(path: str | Path) -> tuple[Path, Path, dict[str, Any]]:
    """Write DIR/report.html and DIR/summary.json; returns their paths and the summary."""
    folder = LabDir(path)
    settings = folder.settings()
    games, seats = folder.load()
    summary = summarize(settings, games, seats)
    summary["complete"] = folder.complete
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


def _pv(p: float | None) -> str:
    if p is None or math.isnan(p):
        return "–"
    text = "p &lt; 0.001" if p < 0.001 else f"p = {p:.3f}"
    return f"<b>{text}</b>" if p < ALPHA else text


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
    ax.set_xticks(range(players), [f"P{s}" for s in range(players)])
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
    ax.set_xticks(range(1, len(data) + 1), [f"P{s['seat']}" for s in v["seats"]])
    ax.set_title(f"Final scores per seat ({v['label']})")
    ax.set_ylabel("score")
    return _fig_html(fig, f"scores {v['label']}")


def _ordinal(k: int) -> str:
    return f"{k}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(k if k < 20 else k % 10, 'th') }"


def plot_curve(v: dict[str, Any], score_name: str) -> str:
    plt = _plt()
    curve = v["curve"]
    if not curve["going"]:
        return ""
    fig, ax = plt.subplots(figsize=(7, 3.2))
    xs = list(range(1, len(curve["going"]) + 1))
    for k, points in enumerate(curve["seats"]):
        name = _ordinal(k + 1) + " player" if curve.get("by") == "order" else f"P{k}"
        ax.plot(xs, [p["mean"] for p in points], label=name)
        ax.fill_between(xs, [p["low"] for p in points], [p["high"] for p in points], alpha=0.2)
    ax.set_xlabel(v["unit"])
    ax.set_ylabel(f"mean {score_name} so far")
    ax.set_title(f"{score_name.capitalize()} by {v['unit']}, 95% bands ({v['label']})")
    ax.legend(fontsize=8)
    return _fig_html(fig, f"curve {v['label']}")


# -- the page -----------------------------------------------------------------------


CSS = """
body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.6em 0 1.2em}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}
th{background:#f2f2f2}td:first-child,th:first-child{text-align:left}.ci{color:#777;font-size:85%}
.key{background:#fffbe6;border:1px solid #e6d27a;padding:.6em 1em}img{max-width:100%}
h2{border-bottom:2px solid #ddd;margin-top:1.6em}code{background:#f4f4f4;padding:1px 4px}
"""


def _table(headers: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{h}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _details(title: str, body: str) -> str:
    """A part of the page folded away until clicked."""
    return f"<details><summary>{html.escape(title)}</summary>{body}</details>"


def key_findings(summary: dict[str, Any]) -> list[str]:
    """Plain sentences on what stands out, each with its evidence."""
    out = []
    players = summary["settings"]["players"]
    for v in summary["variants"]:
        tag = f"<i>{html.escape(v['label'])}</i>: " if len(summary["variants"]) > 1 else ""
        fp = v["first_player"]
        if fp is not None:
            verdict = "an advantage" if fp["win_share"]["mean"] > fp["fair"] else "a handicap"
            sig = fp["p"] is not None and fp["p"] < ALPHA
            out.append(
                f"{tag}the first player wins {_e(fp['win_share'], True)} against a fair "
                f"{100 / players:.1f}% ({_pv(fp['p'])}, exact binomial): "
                + (f"<b>{verdict}</b>." if sig else "no evidence of an advantage.")
            )
        st = v["seat_test"]
        uneven = st["p"] is not None and st["p"] < ALPHA
        out.append(
            f"{tag}win shares by seat {'differ' if uneven else 'do not differ detectably'} "
            f"from equal shares ({_pv(st['p'])}, chi-square)."
        )
        length = v["length"]
        units = ", ".join(f"{_e(length[k])} {k}s" for k in length if k != "decisions")
        out.append(
            f"{tag}a game lasts {_e(length['decisions'])} decisions"
            + (f" ({units})" if units else "")
            + f"; the winner takes the lead for good {_e(v['decisiveness'], True, 0)} of the way "
            f"through; the lead changes {_e(v['lead_changes'])} times; the top score is tied in "
            f"{_e(v['tied'], True)} of games, the win shared in {_e(v['shared'], True)}."
        )
    for v in summary["variants"][1:]:
        sig = [
            r
            for r in v["versus_baseline"]
            if r["p"] is not None and r["p"] < ALPHA and not r.get("minor")
        ]
        if sig:
            items = "; ".join(
                f"{html.escape(r['metric'])} {r['baseline']:.3g} → {r['variant']:.3g} ({_pv(r['p'])})"
                for r in sig[:6]
            )
            out.append(
                f"<i>{html.escape(v['label'])}</i> vs the baseline: significant changes in {items}"
                + (f" and {len(sig) - 6} more (below)." if len(sig) > 6 else ".")
            )
        else:
            out.append(f"<i>{html.escape(v['label'])}</i> vs the baseline: no significant change.")
    return out


def render(summary: dict[str, Any], folder: Path) -> str:
    s = summary["settings"]
    game = get(s["game"])
    variants = summary["variants"]
    names = [html.escape(v["label"]) for v in variants]
    parts = [
        f"<!doctype html><html><head><meta charset=utf-8><title>Courtly lab: {game.name}</title>",
        f"<style>{CSS}</style></head><body>",
        f"<h1>{html.escape(game.name)}: {s['n']} games per variant</h1>",
        f"<p>{s['players']} players; bots {', '.join(s['bots'])}; seeds {s['seed']} to "
        f"{s['seed'] + s['n'] - 1} (the same in every variant); base options "
        f"<code>{html.escape(json.dumps(s['options']))}</code>; variants: {', '.join(names)}."
        + (
            ""
            if summary.get("complete", True)
            else " <b>The run is not finished: partial results.</b>"
        )
        + " Brackets are 95% intervals; p-values in bold are below 0.05.</p>",
        "<div class=key><h3>Key findings</h3><ul>",
        *(f"<li>{line}</li>" for line in key_findings(summary)),
        "</ul></div>",
        "<h2>Who wins</h2>",
        plot_win_shares(summary),
    ]
    rows = []
    for seat in range(s["players"]):
        row = [f"P{seat} ({html.escape(s['bots'][seat])})"]
        row += [_e(v["seats"][seat]["win_share"], True) for v in variants]
        rows.append(row)
    rows.append(
        ["seats vs equal shares (chi-square)"] + [_pv(v["seat_test"]["p"]) for v in variants]
    )
    firsts = [v["first_player"] or {} for v in variants]
    if any(firsts):
        rows.append(["first player"] + [_e(f.get("win_share", NONE), True) for f in firsts])
        rows.append(["first player vs fair (binomial)"] + [_pv(f.get("p")) for f in firsts])
        longest = max(len(f.get("by_order", [])) for f in firsts)
        for k in range(1, longest):
            cells = [
                _e(f["by_order"][k], True) if len(f.get("by_order", [])) > k else "–"
                for f in firsts
            ]
            rows.append([f"player {k + 1} in turn order", *cells])
    rows.append(["shared wins"] + [_e(v["shared"], True) for v in variants])
    rows.append(["top score tied"] + [_e(v["tied"], True) for v in variants])
    rows.append(["… settled by a tie-break"] + [_e(v["tie_broken"], True) for v in variants])
    parts.append(_table(["win share", *names], rows))

    parts.append("<h2>Scores and margins</h2>")
    rows = []
    for seat in range(s["players"]):
        rows.append([f"P{seat} mean score"] + [_e(v["seats"][seat]["score"]) for v in variants])
    rows.append(["margin (winner − runner-up)"] + [_e(v["margin"]) for v in variants])
    parts.append(_table(["score", *names], rows))
    parts.append(
        plot_hist(summary, lambda v: v["margins"], "Margin: winner minus runner-up", "margin")
    )
    parts += [plot_scores(v) for v in variants]

    parts.append("<h2>Length, tension and choice</h2>")
    rows = [
        [f"length ({k if k == 'decisions' else k + 's'})"]
        + [_e(v["length"].get(k, NONE)) for v in variants]
        for k in variants[0]["length"]
    ]
    rows += [
        ["decisiveness"] + [_e(v["decisiveness"], True, 0) for v in variants],
        ["lead changes"] + [_e(v["lead_changes"], digits=2) for v in variants],
        ["drama"] + [_e(v["drama"], digits=2) for v in variants],
        ["legal choices per decision"] + [_e(v["choices"]) for v in variants],
    ]
    parts.append(_table(["measure", *names], rows))
    unit = variants[0]["unit"]
    parts.append(
        plot_hist(
            summary, lambda v: v["lengths"].get(unit, []), f"Game length in {unit}s", f"{unit}s"
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
    parts.append(f"<h2>{html.escape(score_name.capitalize())} by {html.escape(unit)}</h2>")
    parts.append(
        f"<p>The mean {html.escape(score_name)} so far at the end of each "
        f"{html.escape(unit)}, by place in turn order (by seat in a game without a first "
        "player), over the games still going (the curve stops where fewer than 10% are), "
        "with 95% bands.</p>"
    )
    parts += [plot_curve(v, score_name) for v in variants]

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
        heads = ["metric", names[0], html.escape(v["label"]), "difference", "test", "p"]
        split: dict[bool, list[list[str]]] = {False: [], True: []}
        for r in v["versus_baseline"]:
            split[bool(r.get("minor"))].append(
                [
                    html.escape(r["metric"]),
                    f"{r['baseline']:.3f}",
                    f"{r['variant']:.3f}",
                    f"{r['difference']:+.3f}",
                    r["test"],
                    _pv(r["p"]),
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
    parts.append(
        "</ul><p>Every game replays from its seed and record. The measures are "
        "explained in Courtly's designer's guide, docs/lab.md.</p></body></html>"
    )
    return "\n".join(p for p in parts if p)
