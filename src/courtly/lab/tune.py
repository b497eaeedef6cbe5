"""``courtly lab tune``: a search for rules that meet a designer's goals.

The search space is the game's declared tunable numbers (``Game.tunables``,
e.g. Garrison's target by player count) or the options named with
``--param`` (any choice option: rulings, variants). Optuna proposes variants
(one goal: TPE toward it; several: the Pareto front of the goals); each trial
is a lab run of ``n`` games per player count, every trial on the same seeds,
so two variants differ by their rules, not their deals. The first trial is
the rule text's own variant, so the search always measures against it.

Everything is saved in the tune's folder: the Optuna study
(``study.db``, so an interrupted tune resumes where it stopped), each trial's
lab runs (``runs/``, reused when a variant comes again), and the result
(``tune.json``, ``tune.md``). The best variant and the text's are then played
again on fresh seeds (``confirm`` games per player count), so the intervals
said of the winner are not flattered by its having been picked.
"""

from __future__ import annotations

import hashlib
import json
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from courtly.engine.errors import OptionError
from courtly.engine.game import Game
from courtly.lab import execute
from courtly.lab.goals import Games, Goal, compare, estimate, per_game
from courtly.lab.store import LabDir

CONFIRM_SEED = 1_000_000
"""Seeds of the confirmation games start this far above the search's."""


@dataclass(frozen=True)
class Param:
    """One dimension of the search."""

    name: str
    """The name Optuna knows it by: the option, with ``@P`` for a player count."""
    option: str
    players: int | None
    """The player count it applies to (None: every count)."""
    low: int = 0
    high: int = 0
    step: int = 1
    choices: tuple[Any, ...] = ()
    """A choice option's values (empty: an integer in low..high by step)."""
    text: Callable[[int], Any] | None = None
    about: str = ""

    def text_value(self, game: Game) -> Any:
        default = game.Options.model_fields[self.option].default
        if self.text is None:
            return default
        return self.text(self.players or game.default_players)


def choice_values(game: Game, option: str) -> tuple[Any, ...]:
    """The values of a choice option (a Literal or a bool), else ()."""
    annotation = game.Options.model_fields[option].annotation
    if annotation is bool:
        return (False, True)
    if typing.get_origin(annotation) is typing.Literal:
        return typing.get_args(annotation)
    return ()


def space(
    game: Game, names: list[str], players: list[int], fixed: Mapping[str, Any]
) -> list[Param]:
    """The search space: the options ``names`` (default: the game's declared
    tunables, or every choice option if it declares none)."""
    tunables = {t.option: t for t in game.tunables}
    fields = game.Options.model_fields
    choosable = [n for n in fields if n != "deck" and choice_values(game, n)]
    if not names:
        names = list(tunables) or choosable
    known = ", ".join([*tunables, *choosable]) or "none"
    out: list[Param] = []
    for name in names:
        if name in fixed:
            raise OptionError(f"option {name!r} is both set with -o and searched with --param")
        if name in tunables:
            t = tunables[name]
            counts: list[int | None] = list(players) if t.per_players else [None]
            for p in counts:
                out.append(
                    Param(
                        f"{name}@{p}" if p is not None else name,
                        name,
                        p,
                        t.low,
                        t.high,
                        t.step,
                        text=t.text,
                        about=t.about,
                    )
                )
        elif name in choosable:
            out.append(Param(name, name, None, choices=choice_values(game, name)))
        else:
            raise OptionError(
                f"--param {name!r}: {game.name} has no tunable number or choice option by "
                f"that name. Searchable: {known}"
            )
    if len({p.name for p in out}) != len(out):
        raise OptionError("--param names an option twice")
    return out


def options_at(params: list[Param], values: Mapping[str, Any], players: int) -> dict[str, Any]:
    """The options a variant sets when played at ``players``."""
    return {p.option: values[p.name] for p in params if p.players is None or p.players == players}


def label(params: list[Param], values: Mapping[str, Any]) -> str:
    """A variant in a line: ``target@2=30 target@3=30 ...``."""
    return " ".join(f"{p.name}={_text(values[p.name])}" for p in params)


def _text(v: Any) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


@dataclass
class Tune:
    """What a tune searches and how it measures each variant."""

    game: Game
    bots: str
    players: list[int]
    n: int
    seed: int
    goals: list[Goal]
    params: list[Param]
    base: dict[str, Any] = field(default_factory=dict)

    @property
    def settings(self) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "game_version": self.game.version,
            "bots": self.bots,
            "players": self.players,
            "n": self.n,
            "seed": self.seed,
            "goals": [g.text for g in self.goals],
            "params": [p.name for p in self.params],
            "options": self.base,
        }

    def text_values(self) -> dict[str, Any]:
        return {p.name: p.text_value(self.game) for p in self.params}


def players_list(game: Game, text: str | None) -> list[int]:
    """``2-6`` or ``2,4`` (default: the game's default count)."""
    if not text:
        return [game.default_players]
    out: list[int] = []
    try:
        for part in text.split(","):
            a, _, b = part.partition("-")
            out.extend(range(int(a), int(b or a) + 1))
    except ValueError:
        raise OptionError(
            f"--players {text!r}: write a count, a range (2-6) or a list (2,4)"
        ) from None
    for p in out:
        if not game.min_players <= p <= game.max_players:
            raise OptionError(f"{game.name} is for {game.players_allowed} players, not {p}")
    return sorted(set(out))


def evaluate(
    t: Tune,
    values: Mapping[str, Any],
    root: Path,
    seed: int,
    n: int,
    jobs: int = 1,
    cluster: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Games:
    """Play (or find already played) a variant's games at every player count."""
    out: Games = {}
    for p in t.players:
        opts = {**t.base, **options_at(t.params, values, p)}
        plan = execute.plan(t.game.id, t.bots, n, p, seed, opts)
        digest = hashlib.sha256(json.dumps(plan.settings, sort_keys=True).encode()).hexdigest()
        folder = LabDir(root / "runs" / f"{p}p-{digest[:12]}")
        execute.run(folder, plan, jobs=jobs, cluster=cluster, progress=progress)
        out[p] = folder.load()
    return out


def measures(t: Tune, games: Games) -> dict[str, dict[str, float]]:
    by = per_game(games)
    return {g.measure: estimate(g.measure, by[g.measure], t.seed).as_dict() for g in t.goals}


def run(
    t: Tune,
    out: Path,
    trials: int,
    confirm: int,
    jobs: int = 1,
    cluster: str | None = None,
    on_trial: Callable[[int, str, dict[str, dict[str, float]]], None] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Search until the study holds ``trials`` finished trials (resuming the
    study in ``out``), confirm the best on fresh seeds, write the result."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    for players in t.players:  # a bad bot is said before the study is made, or its
        execute.seat_bots(t.game.id, t.bots, players)  # folder would hold other settings
    out.mkdir(parents=True, exist_ok=True)
    study = optuna.create_study(
        study_name="tune",
        storage=f"sqlite:///{out / 'study.db'}",
        load_if_exists=True,
        directions=[g.direction for g in t.goals],
        sampler=optuna.samplers.TPESampler(seed=t.seed, n_startup_trials=min(10, trials)),
    )
    settings = json.loads(json.dumps(t.settings))
    old = study.user_attrs.get("settings")
    if old is None:
        study.set_user_attr("settings", settings)
        study.enqueue_trial(t.text_values(), skip_if_exists=True)
    elif old != settings:
        diffs = sorted(k for k in settings if old.get(k) != settings.get(k))
        raise OptionError(
            f"{out} holds a tune with other settings ({', '.join(diffs)}): rerun with the "
            "same settings to resume it, or choose another --out folder"
        )
    state = optuna.trial.TrialState
    for stale in study.get_trials(deepcopy=False, states=(state.RUNNING,)):
        study.tell(stale.number, state=state.FAIL)  # an interrupted session's trial
    done = len(study.get_trials(deepcopy=False, states=(state.COMPLETE,)))
    for _ in range(max(0, trials - done)):
        trial = study.ask()
        values = {p.name: _suggest(trial, p) for p in t.params}
        games = evaluate(t, values, out, t.seed, t.n, jobs, cluster, progress)
        m = measures(t, games)
        trial.set_user_attr("measures", m)
        trial.set_user_attr("label", label(t.params, values))
        study.tell(trial, [g.objective(m[g.measure]["value"]) for g in t.goals])
        if on_trial:
            on_trial(trial.number, label(t.params, values), m)
    result = summarise(t, study, out, confirm, jobs, cluster, progress)
    (out / "tune.json").write_text(json.dumps(result, indent=2), encoding="utf-8")
    from courtly.lab.tunereport import markdown, pareto_plot

    plot = "pareto.png" if pareto_plot(result, out / "pareto.png") else None
    (out / "tune.md").write_text(markdown(result, plot), encoding="utf-8")
    return result


def _suggest(trial: Any, p: Param) -> Any:
    if p.choices:
        return trial.suggest_categorical(p.name, list(p.choices))
    return trial.suggest_int(p.name, p.low, p.high, step=p.step)


def summarise(
    t: Tune,
    study: Any,
    out: Path,
    confirm: int,
    jobs: int,
    cluster: str | None,
    progress: Callable[[int, int], None] | None,
) -> dict[str, Any]:
    """The tune's result: every trial, the Pareto front (the best trial with
    one goal), and the best variant against the text's, on the search's seeds
    and on fresh ones."""
    import optuna

    finished = study.get_trials(states=(optuna.trial.TrialState.COMPLETE,))
    rows = [
        {
            "trial": tr.number,
            "values": tr.params,
            "label": tr.user_attrs["label"],
            "objectives": tr.values,
            "measures": tr.user_attrs["measures"],
        }
        for tr in finished
    ]
    front = sorted(tr.number for tr in study.best_trials)
    text = t.text_values()
    text_label = label(t.params, text)
    ranked = sorted(
        (r for r in rows if r["trial"] in front),
        key=lambda r: (_rank(t.goals, rows, r), r["label"] != text_label, r["trial"]),
    )
    best = ranked[0]
    result: dict[str, Any] = {
        "settings": t.settings,
        "goals": [
            {"goal": g.text, "measure": g.measure, "direction": g.direction} for g in t.goals
        ],
        "params": [
            {"name": p.name, "option": p.option, "players": p.players, "about": p.about}
            for p in t.params
        ],
        "text": {"values": text, "label": text_label},
        "trials": rows,
        "front": front,
        "best": best,
        "text_is_best": best["label"] == text_label,
    }
    # the search's own seeds: the front against the text, game by game
    text_games = per_game(evaluate(t, text, out, t.seed, t.n, jobs, cluster, progress))
    for r in ranked:
        mine = per_game(evaluate(t, r["values"], out, t.seed, t.n, jobs, cluster, progress))
        r["against_text"] = {
            g.measure: compare(
                g.measure, mine[g.measure], text_games[g.measure], t.seed, g
            ).as_dict()
            for g in t.goals
        }
    result["ranked"] = ranked
    if confirm > 0:
        fresh = t.seed + CONFIRM_SEED
        a = per_game(evaluate(t, best["values"], out, fresh, confirm, jobs, cluster, progress))
        b = per_game(evaluate(t, text, out, fresh, confirm, jobs, cluster, progress))
        result["confirm"] = {
            "games": confirm,
            "seed": fresh,
            "best": {
                g.measure: estimate(g.measure, a[g.measure], fresh).as_dict() for g in t.goals
            },
            "text": {
                g.measure: estimate(g.measure, b[g.measure], fresh).as_dict() for g in t.goals
            },
            "difference": {
                g.measure: compare(g.measure, a[g.measure], b[g.measure], fresh, g).as_dict()
                for g in t.goals
            },
        }
    return result


def _rank(goals: list[Goal], rows: list[dict[str, Any]], r: dict[str, Any]) -> float:
    """A front trial's place: the sum over goals of its objective's rank among
    every trial (0 best), so a variant good at every goal comes first."""
    total = 0.0
    for i, g in enumerate(goals):
        mine = r["objectives"][i]
        others = [x["objectives"][i] for x in rows]
        better = [o for o in others if (o > mine if g.direction == "maximize" else o < mine)]
        total += len(better) / max(1, len(others))
    return total
