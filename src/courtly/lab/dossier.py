"""``courtly lab dossier GAME``: a game's balance dossier for its designer.

One command plays the lab runs a dossier needs, with fixed seeds so that it
is made again the same way, and writes ``docs/balance/<game>.md`` with its
plots (``docs/balance/<game>/*.png``):

- every player count the game allows, the rules as written (``normal`` bots
  in every seat unless told otherwise): who wins by seat and by turn order,
  how long games last;
- where the text sets a length by the player count (Garrison's target
  table), every length at every player count;
- every choice option (the rulings where the text is unclear, and the
  variants) against the text's reading, one at a time, on the same seeds;
- which kinds of move (and, where a move names one, which cards) the
  winners make more or less than the others;
- the designer's own questions, where the rule text asks them.

The runs are kept in a working folder (default ``lab-runs/dossier-GAME``), so
an interrupted dossier resumes; the text is written by
``courtly.lab.dossiertext`` and the plots by ``courtly.lab.dossierplots``.
"""

from __future__ import annotations

import json
import math
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from courtly.engine.errors import OptionError
from courtly.engine.game import Game
from courtly.games import get
from courtly.lab import execute
from courtly.lab.findings import ALPHA, findings
from courtly.lab.goals import compare, per_game
from courtly.lab.marked import plain
from courtly.lab.stats import Estimate, binomial_test, holm, mean_ci, share_ci
from courtly.lab.store import LabDir, digest
from courtly.lab.summary import summarize
from courtly.lab.tunespace import choice_values
from courtly.lab.words import plural

COMPARED = ("first_player_edge", "length", "decisiveness", "ties")
"""The measures each ruling alternative is compared on."""


@dataclass
class Run:
    """One lab run of the dossier and what it says."""

    key: str
    players: int
    vary: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    """Options a player count needs (Agincards' second pack for 5 or more)."""
    bots: str = ""
    """Another bot than the dossier's (the check with a stronger bot)."""
    n: int = 0
    """Another number of games than the dossier's."""
    summary: dict[str, Any] = field(default_factory=dict)
    games: list[dict[str, Any]] = field(default_factory=list)
    seats: list[dict[str, Any]] = field(default_factory=list)
    records: list[str] = field(default_factory=list)


@dataclass
class Dossier:
    game: Game
    bots: str
    n: int
    seed: int
    runs: dict[str, Run] = field(default_factory=dict)

    @property
    def games_played(self) -> int:
        return sum(len(r.games) for r in self.runs.values())

    @property
    def replayed(self) -> int:
        """Games played again: each option's run opens with the text's own
        games at the default count (its baseline, on the same seeds), the
        very games of that count's own run."""
        return sum(
            len(by_variant(r, 0)[0]) for k, r in self.runs.items() if k.startswith("option-")
        )


def plan(game: Game) -> list[Run]:
    """The runs of a game's dossier: each player count (every length where
    the text sets one), then each choice option at the default count."""
    length = game.length_option
    runs: list[Run] = []
    for p in range(game.min_players, game.max_players + 1):
        vary = [f"{length}={','.join(map(str, choice_values(game, length)))}"] if length else []
        runs.append(Run(f"players-{p}", p, vary, needed(game, p)))
    for name in game.Options.model_fields:
        if name == "deck" or name == length:
            continue
        values = list(choice_values(game, name))
        if len(values) < 2:
            continue
        default = game.Options.model_fields[name].default
        values.sort(key=lambda v: v != default)  # the text's reading first
        runs.append(
            Run(
                f"option-{name}",
                game.default_players,
                [f"{name}={','.join(_t(v) for v in values)}"],
            )
        )
    return runs


def duels(game: Game, bots: str, check: str, n: int) -> list[Run]:
    """The duel of the checking bot: at the default player count, ``check``
    in one seat and ``bots`` in every other, each seat in turn, about ``n``
    games in all (the same seeds for every seat, so each deal is played with
    the checking bot in every seat). Only its games against the dossier's
    bot say whether the check is played by a stronger bot: a bot that rarely
    leaves the heuristic's move may still win clearly more where it does."""
    if n <= 0:
        return []
    players = game.default_players
    each = math.ceil(n / players)
    out = []
    for k in range(players):
        seats = [bots] * players
        seats[k] = check
        out.append(Run(f"duel-{k}", players, [], needed(game, players), ",".join(seats), each))
    return out


def needed(game: Game, players: int) -> dict[str, Any]:
    """The fewest option changes (none, or one choice) that let the text's
    game be set up at ``players``."""
    tries: list[dict[str, Any]] = [{}]
    for name in game.Options.model_fields:
        tries += [{name: v} for v in choice_values(game, name) if name != "deck"]
    for opts in tries:
        try:
            game.new(players=players, seed=0, options=opts)
        except OptionError:
            continue
        return opts
    game.new(players=players, seed=0)  # fails with the game's own reason
    return {}


def _t(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def schedule(
    game: Game,
    n: int,
    seed: int = 0,
    bots: str = "normal",
    check: str | None = None,
    check_n: int = 0,
    duel_n: int = 0,
) -> list[tuple[Run, execute.Plan]]:
    """Every run of the dossier with its lab plan: ``plan``'s, then the check
    and the duel. Every run is planned before any is played: a bad name (a
    checking bot's, say) is said at once, not after the hours of games
    before its run."""
    runs = plan(game)
    if check and check_n:
        players = game.default_players
        runs.append(Run("check", players, [], needed(game, players), bots=check, n=check_n))
        runs += duels(game, bots, check, duel_n)
    return [
        (
            run,
            execute.plan(
                game.id, run.bots or bots, run.n or n, run.players, seed, run.options, run.vary
            ),
        )
        for run in runs
    ]


def work_folder(game: Game, work: Path | None = None) -> Path:
    """Where a dossier's lab runs are kept: ``work``, by default lab-runs/dossier-GAME."""
    return work if work is not None else Path("lab-runs") / f"dossier-{game.id}"


def play(
    game_id: str,
    n: int,
    seed: int = 0,
    bots: str = "normal",
    work: Path | None = None,
    jobs: int = 1,
    cluster: str | None = None,
    progress: Callable[[str], None] | None = None,
    check: str | None = None,
    check_n: int = 0,
    duel_n: int = 0,
    on_game: Callable[[str, int, int], None] | None = None,
) -> Dossier:
    """Play (or find played) every run of the dossier and summarise each;
    with ``check``, also the text's rules at the default count with that bot
    in every seat (``check_n`` games), to check the findings with it, and
    about ``duel_n`` games of it in one seat against ``bots`` in the others
    (``duels``: is it the stronger bot?). ``progress(key)`` as each run
    starts; ``on_game(key, done, total)`` as each of its games ends (and
    once first, with the games an earlier session already played)."""
    game = get(game_id)
    root = work_folder(game, work)
    d = Dossier(game, bots, n, seed)
    for run, planned in schedule(game, n, seed, bots, check, check_n, duel_n):

        def folder_for(settings: dict[str, Any], key: str = run.key) -> LabDir:
            return LabDir(root / f"{key}-{digest(settings, 10)}")

        p = execute.as_begun(planned, folder_for)
        folder = folder_for(p.settings)
        if progress:
            progress(run.key)
        total = sum(len(c.seeds) for c in p.chunks)
        done = 0

        def tick(now: int, already: int, key: str = run.key, total: int = total) -> None:
            nonlocal done
            done += now + already
            if on_game is not None:
                on_game(key, done, total)

        execute.run(folder, p, jobs=jobs, cluster=cluster, progress=tick)
        run.games, run.seats = folder.load()
        run.summary = summarize(folder.settings(), run.games, run.seats)
        run.summary["findings"] = [f.as_dict() for f in findings(run.summary)]
        run.records = (folder.path / "records.jsonl").read_text(encoding="utf-8").splitlines()
        d.runs[run.key] = run
    return d


# -- what the runs say -----------------------------------------------------------------


def by_variant(run: Run, variant: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    games = [g for g in run.games if g["variant"] == variant]
    seats = [s for s in run.seats if s["variant"] == variant]
    return games, seats


def check(d: Dossier) -> dict[str, Any] | None:
    """The text's rules at the default count with the dossier's bot and with
    the checking bot: the first player's win share (or each seat's) by both,
    and whether they disagree (intervals apart, or one clear where the other
    is not); and how often the checking bot left the heuristic's move
    (``departures``: None when it does not search). It checks that one player
    count, ``players``; ``unchecked`` lists the dossier's others (a solo game
    aside), whose findings about who wins it does not check."""
    strong = d.runs.get("check")
    base = d.runs.get(f"players-{d.game.default_players}")
    if strong is None or base is None:
        return None
    a, b = base.summary["variants"][0], strong.summary["variants"][0]
    if a["first_player"] and b["first_player"]:
        orders = zip(a["first_player"]["by_order"], b["first_player"]["by_order"], strict=True)
        pairs = [
            ("the first player" if k == 0 else f"the player moving {_nth(k + 1)}", x, y)
            for k, (x, y) in enumerate(orders)
        ]
    else:
        pairs = [
            (f"seat P{k}", x["win_share"], y["win_share"])
            for k, (x, y) in enumerate(zip(a["seats"], b["seats"], strict=True))
        ]
    fair = 1 / base.players
    rows = []
    for k, (who, x, y) in enumerate(pairs):
        apart = x["low"] > y["high"] or y["low"] > x["high"]
        same = _side(x, fair, _test(a, k)) == _side(y, fair, _test(b, k))
        verdict = "apart" if apart else "agree" if same else "unsure"
        rows.append({"who": who, "weak": x, "strong": y, "verdict": verdict})
    duel = [
        s["win_share"]
        for key, run in d.runs.items()
        if key.startswith("duel-")
        for s in run.seats
        if s["bot"] == strong.bots
    ]
    won = share_ci(duel) if duel else None
    return {
        "bot": strong.bots,
        "departures": strong.summary.get("departures", {}).get(strong.bots),
        "duel": None
        if won is None
        else {
            "mean": won.mean,
            "low": won.low,
            "high": won.high,
            "n": won.n,
            "stronger": won.low > fair,
            "weaker": won.high < fair,
        },
        "games": b["games"],
        "players": base.players,
        "unchecked": sorted(
            r.players
            for r in d.runs.values()
            if r.key.startswith("players-") and r.players not in (1, base.players)
        ),
        "fair": fair,
        "rows": rows,
        "disagree": any(r["verdict"] == "apart" for r in rows),
        "unsure": any(r["verdict"] == "unsure" for r in rows),
    }


def _nth(k: int) -> str:
    return {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}.get(k, f"{k}th")


def confirmed(q: float | None) -> bool:
    """Whether a corrected p-value (``p_holm``) makes a finding."""
    return q is not None and q == q and q < ALPHA


def _test(v: dict[str, Any], k: int) -> float | None:
    """The corrected p-value of the run's test behind the ``k``-th figure of
    the check: the first player's binomial test, the places in turn order's
    chi-square (with two players, the first player's again), or the seats'."""
    fp = v["first_player"]
    if fp is None:
        return v["seat_test"].get("p_holm")
    if k == 0:
        return fp.get("p_holm")
    q = fp["order_test"].get("p_holm")
    if q is not None and q == q:
        return q
    return fp.get("p_holm") if len(fp["by_order"]) == 2 else v["seat_test"].get("p_holm")


def _side(e: dict[str, float], fair: float, q: float | None) -> int:
    """Which side of a fair share a figure clearly lies: only where the run's
    corrected test (``q``) makes it a finding; its interval alone does not."""
    if not confirmed(q):
        return 0
    return 1 if e["low"] > fair else -1 if e["high"] < fair else 0


def fairness(d: Dossier) -> list[dict[str, Any]]:
    """Each player count, the rules as written: win share by seat and by turn order."""
    out = []
    for run in d.runs.values():
        if not run.key.startswith("players-"):
            continue
        v = run.summary["variants"][0]
        out.append(
            {
                "players": run.players,
                "options": run.options,
                "games": v["games"],
                "seats": [s["win_share"] for s in v["seats"]],
                "seat_p": v["seat_test"].get("p_holm"),
                "first": v["first_player"],
                "findings": [
                    plain(f["text"])
                    for f in run.summary["findings"]
                    if f["tier"] == 0
                    and f["variant"] in (None, v["label"])
                    and not f.get("places")  # the player count's line says it
                ][:3],
            }
        )
    return out


def lengths(d: Dossier) -> list[dict[str, Any]]:
    """Mean length (the game's unit) by player count and, where the text sets
    one, by length setting."""
    out = []
    for run in d.runs.values():
        if not run.key.startswith("players-"):
            continue
        for i, v in enumerate(run.summary["variants"]):
            games, _ = by_variant(run, i)
            unit = v["unit"]
            out.append(
                {
                    "players": run.players,
                    "label": v["label"],
                    "unit": unit,
                    "length": _est(mean_ci([float(g["length"][unit]) for g in games], 0)),
                    "decisions": v["length"]["decisions"],
                }
            )
    return out


def options(d: Dossier) -> list[dict[str, Any]]:
    """Each choice option's alternatives against the text's reading, on the
    same seeds: the change in each compared measure with its 95% interval."""
    out = []
    for run in d.runs.values():
        if not run.key.startswith("option-"):
            continue
        base_games = per_game({run.players: by_variant(run, 0)})
        for i, v in enumerate(run.summary["variants"][1:], 1):
            mine = per_game({run.players: by_variant(run, i)})
            changes = {m: compare(m, mine[m], base_games[m], d.seed).as_dict() for m in COMPARED}
            mine_rows, _ = by_variant(run, i)
            base_rows, _ = by_variant(run, 0)
            differing = sum(
                (a["scores"], a["decisions"]) != (b["scores"], b["decisions"])
                for a, b in zip(mine_rows, base_rows, strict=True)
            )
            clear, likely = judged(changes, v, differing)
            said = option_findings(run.summary["findings"], v["label"])
            out.append(
                {
                    "option": run.key.removeprefix("option-"),
                    "text": run.summary["variants"][0]["label"],
                    "label": v["label"],
                    "changes": changes,
                    "clear": clear,
                    "likely": likely,
                    "games": len(base_rows),
                    "differing": differing,
                    "never_arises": differing == 0,
                    "findings": said,
                }
            )
    return out


FEW_DIFFERING = 6
"""The fewest paired games that must differ before an alternative is judged
likely to change a measure: were every one of n differing games to move the
same way, a sign test's two-sided p is 2 x 0.5^n, not below 0.05 until n = 6.
On fewer, an interval that excludes zero is the bootstrap resampling a
handful of games, not evidence."""


def judged(
    changes: dict[str, dict[str, float]], v: dict[str, Any], differing: int
) -> tuple[list[str], list[str]]:
    """The measures an alternative clearly changes (the paired interval and the
    run's own corrected test both say so) and those it likely changes (the
    interval alone), given how many of its paired games differ from the text's
    at all: on fewer than ``FEW_DIFFERING`` nothing is likely."""
    paired = [m for m, c in changes.items() if c["low"] > 0 or c["high"] < 0]
    clear = [m for m in paired if tested(v, m)]
    likely = [m for m in paired if m not in clear] if differing >= FEW_DIFFERING else []
    return clear, likely


TESTED = {
    "first_player_edge": "first player's win share",
    "decisiveness": "decisiveness",
    "ties": "shared wins",
}
"""The run's own test of each compared measure but the length (``versus_baseline``'s metric)."""


def tested(v: dict[str, Any], measure: str) -> bool:
    """Whether the run's own test of ``measure`` (the variant's games against
    the baseline's as wholes, corrected for every test of the run) separates
    them: a change the paired interval shows is a change only if it does too;
    else it is likely, not proven."""
    unit = v["unit"]
    metric = f"length ({plural(unit)})" if measure == "length" else TESTED[measure]
    row = next((r for r in v.get("versus_baseline", []) if r["metric"] == metric), None)
    q = None if row is None else row.get("p_holm")
    return q is not None and q < ALPHA


def option_findings(found: list[dict[str, Any]], label: str) -> list[str]:
    """An alternative's first two findings worth reading about what it changes
    (``Finding.versus``): a finding about its own games (who wins, how they go)
    tells a level the text's reading may share, not a change. Its run's finding
    that no measure changes clearly is not quoted: beside a change the paired
    comparison shows (likely, not proven), it would read as a contradiction."""
    mine = [f for f in found if f["variant"] == label and f["tier"] < 3 and f.get("versus")]
    return [plain(f["text"]) for f in mine if not f.get("changes_nothing")][:2]


CARD = re.compile(r"^(?:[2-9TJQKA][SHDC]|X[12])$")
"""A card's code in a move's notation (``QH``; ``X1`` a Joker)."""
NAMED = re.compile(r"^[A-Z]{3,}$")
"""A named card in a move's notation (Intrigue's ``ORACLE``)."""


def move_keys(notation: str, names: dict[str, str] | None = None) -> list[str]:
    """What a move counts toward: its kind (the first word, or ``place`` for a
    move that opens with a card), and the kind with the first card it names,
    a custom card by its printed name (``names``: code to name), so that
    copies of one card (Intrigue's ``PUB1`` to ``PUB4``) count as one."""
    names = names or {}
    words = notation.split()
    if not words:
        return []
    kind = "place" if CARD.match(words[0]) else words[0]
    card = next((w for w in words if w in names or CARD.match(w) or NAMED.match(w)), None)
    return [kind] if card is None else [kind, f"{kind} {names.get(card, card)}"]


def card_names(game: Game) -> dict[str, str]:
    """A custom deck's cards by code, each with its printed name (from the
    game's ``faces``); a standard deck's codes name themselves."""
    return {
        code: str(face["name"])
        for group in game.faces().values()
        if isinstance(group, dict)
        for code, face in group.items()
        if isinstance(face, dict) and "name" in face
    }


def moves(d: Dossier) -> list[dict[str, Any]]:
    """Kinds of move, and each card as a kind of move names it: in the games
    at the default player count, how often a seat that makes one wins, against
    a fair share, each tested (exact binomial) and the tests corrected for
    their number (Holm's method). A move winners make far more than others may
    be too strong; one that goes with losing, too weak (or a last resort)."""
    run = d.runs.get(f"players-{d.game.default_players}")
    if run is None:
        return []
    players = run.players
    names = card_names(d.game)
    used: dict[str, list[float]] = defaultdict(list)
    made: dict[str, int] = defaultdict(int)
    for line, g in zip(run.records, run.games, strict=True):
        if g["variant"] != 0:
            continue
        per_seat: list[set[str]] = [set() for _ in range(players)]
        for seat, notation in json.loads(line)["actions"]:
            for k in move_keys(str(notation), names):
                per_seat[seat].add(k)
                made[k] += 1
        winners = g["winners"]
        for seat in range(players):
            share = 1 / len(winners) if seat in winners else 0.0
            for k in per_seat[seat]:
                used[k].append(share)
    games = sum(1 for g in run.games if g["variant"] == 0)
    fair = 1 / players
    out: list[dict[str, Any]] = []
    for k, shares in used.items():
        if len(shares) < 10 or len(shares) == games * players:
            continue  # too rare to tell, or made by every seat of every game
        e = share_ci(shares)
        p = binomial_test(sum(shares), len(shares), fair)
        out.append(
            {
                "move": k,
                "per_game": made[k] / max(1, games),
                "seats_using": len(shares),
                "win_share": _est(e),
                "fair": fair,
                "p": p,
            }
        )
    for r, q in zip(out, holm([r["p"] for r in out]), strict=True):
        r["clear"] = q is not None and q < ALPHA
    out.sort(key=lambda r: (not r["clear"], -abs(float(r["win_share"]["mean"]) - fair), r["move"]))
    return out


def late_players(d: Dossier) -> dict[str, Any] | None:
    """For a game whose seats act at once (no turns): how the win share goes
    with how late a seat tends to act among the decisions taken together.
    The table asks seats in a random order, as if some were quicker."""
    if not getattr(d.game, "simultaneous", False):
        return None
    run = d.runs.get(f"players-{d.game.default_players}")
    if run is None:
        return None
    players = run.players
    early: list[float] = []
    late: list[float] = []
    for line, g in zip(run.records, run.games, strict=True):
        acts = [seat for seat, _ in json.loads(line)["actions"]]
        positions: list[list[int]] = [[] for _ in range(players)]
        block: list[int] = []
        for seat in acts:
            if seat in block:
                block = []
            block.append(seat)
            positions[seat].append(len(block) - 1)
        means = [sum(p) / len(p) if p else math.nan for p in positions]
        order = sorted(range(players), key=lambda s: means[s])
        winners = g["winners"]
        share = [1 / len(winners) if s in winners else 0.0 for s in range(players)]
        early.append(share[order[0]])
        late.append(share[order[-1]])
    return {
        "games": len(early),
        "fair": 1 / players,
        "earliest": _est(share_ci(early)),
        "latest": _est(share_ci(late)),
    }


def _est(e: Estimate) -> dict[str, float]:
    return {"mean": e.mean, "low": e.low, "high": e.high, "n": e.n}
