"""The plots of a balance dossier (matplotlib, PNG files written without a display)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

MEASURE_WORDS = {
    "first_player_edge": "first player's edge (win share)",
    "length": "length",
    "decisiveness": "decisiveness",
    "ties": "shared wins (share of games)",
}


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update({"figure.dpi": 100, "savefig.dpi": 100, "font.size": 9})
    return plt


def _title(ax: Any, head: str, key: str) -> None:
    """A plot's title: what it shows, then how to read it on a line of its own,
    so that a long game's name leaves the whole title inside the figure."""
    ax.set_title(f"{head}\n{key}")


def _err(e: dict[str, float]) -> tuple[float, float]:
    return max(0.0, e["mean"] - e["low"]), max(0.0, e["high"] - e["mean"])


def fairness(rows: list[dict[str, Any]], path: Path, title: str) -> None:
    """Win share by turn order (or by seat where no one moves first), each
    player count a group of bars, with 95% intervals and the fair share."""
    rows = [r for r in rows if r["players"] > 1]  # a solo game has no one to be fair to
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 3.6))
    width = 0.8 / max(len(r["seats"]) for r in rows)
    for k, r in enumerate(rows):
        shares = r["first"]["by_order"] if r["first"] else r["seats"]
        for i, e in enumerate(shares):
            x = k + (i - (len(shares) - 1) / 2) * width
            lo, hi = _err(e)
            ax.bar(x, e["mean"], width * 0.9, color=f"C{i}", label=None)
            ax.errorbar(x, e["mean"], yerr=[[lo], [hi]], color="black", capsize=2, lw=0.8)
        fair = 1 / len(shares)
        ax.hlines(fair, k - 0.45, k + 0.45, colors="grey", linestyles="dashed", lw=1)
    by_order = any(r["first"] for r in rows)
    ax.set_xticks(range(len(rows)), [f"{r['players']} players" for r in rows])
    ax.set_ylabel("win share")
    _title(
        ax,
        f"{title}: who wins, " + ("by turn order" if by_order else "by seat"),
        ("first bar: the first player; " if by_order else "") + "dashed: a fair share",
    )
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def lengths(rows: list[dict[str, Any]], path: Path, title: str, targets: Any = None) -> None:
    """Mean length by player count, a line per length setting where the text has several."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 3.6))
    labels = list(dict.fromkeys(r["label"] for r in rows))
    for i, label in enumerate(labels):
        mine = [r for r in rows if r["label"] == label]
        xs = [r["players"] for r in mine]
        ys = [r["length"]["mean"] for r in mine]
        errs = list(zip(*(_err(r["length"]) for r in mine), strict=True))
        name = "the text" if label == "baseline" else label
        ax.errorbar(xs, ys, yerr=errs, marker="o", capsize=3, color=f"C{i}", label=name)
        if targets is not None and "=" in label:
            for x, y in zip(xs, ys, strict=True):
                ax.annotate(
                    f"target {targets(label.split('=')[1], x)}",
                    (x, y),
                    textcoords="offset points",
                    xytext=(4, 4),
                    fontsize=7,
                    color=f"C{i}",
                )
    ax.set_xticks(sorted({r["players"] for r in rows}))
    ax.set_xlabel("players")
    unit = rows[0]["unit"]
    ax.set_ylabel(f"mean length ({unit if unit.endswith('s') else unit + 's'})")
    _title(ax, f"{title}: how long a game lasts", "bars: 95% intervals")
    if len(labels) > 1:
        ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def options(rows: list[dict[str, Any]], path: Path, title: str, measure: str) -> None:
    """Each ruling alternative's change in ``measure`` against the text's
    reading (on the same games), with 95% intervals: red where it is a change,
    orange where it is likely, not proven (as bold and italics in the text)."""
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 0.9 + 0.32 * len(rows)))
    for i, r in enumerate(rows):
        c = r["changes"][measure]
        lo, hi = max(0.0, c["value"] - c["low"]), max(0.0, c["high"] - c["value"])
        color = "C3" if measure in r["clear"] else "C1" if measure in r["likely"] else "C0"
        ax.errorbar(c["value"], i, xerr=[[lo], [hi]], fmt="o", capsize=3, color=color)
    ax.axvline(0, color="grey", lw=1, ls="dashed")
    ax.set_yticks(range(len(rows)), [r["label"] for r in rows])
    ax.invert_yaxis()
    ax.set_xlabel(f"change in {MEASURE_WORDS[measure]} against the text's reading")
    _title(
        ax,
        f"{title}: what each alternative ruling changes",
        "red: a change; orange: likely, not proven; bars: 95% intervals",
    )
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
