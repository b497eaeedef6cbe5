"""``courtly lab tune``: a search for rules that meet a designer's goals.

The search space (``tunespace``) is the game's declared tunable numbers
(``Game.tunables``, e.g. Garrison's target by player count, each in the range
the game declares or one given as ``--param target@4=30..80``) or the options
named with ``--param`` (any choice option: rulings, variants). Optuna proposes variants
(one goal: TPE toward it; several: the Pareto front of the goals; a space of
no more variants than the trials asked: every one, in an order fixed by the
seed); each trial is a lab run of ``n`` games per player count, every trial
on the same seeds, so two variants differ by their rules, not their deals.
The first trial is the rule text's own variant, so the search always
measures against it. No variant is tried twice: a suggestion already tried
is told to Optuna with its known result (not counted as a trial) and the
untried variant nearest it is tried instead; when every variant has been
tried the search stops.

Everything is saved in the tune's folder: the Optuna study
(``study.db``, so an interrupted tune resumes where it stopped), each trial's
lab runs (``runs/``, reused when a variant comes again), and the result
(``tune.json``, ``tune.md``). The best variant and the text's are then played
again on fresh seeds (``confirm`` games per player count), so the intervals
said of the winner are not flattered by its having been picked.
"""

from __future__ import annotations

import itertools
import json
import random
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from courtly.engine.errors import OptionError
from courtly.engine.game import Game
from courtly.lab import execute
from courtly.lab.goals import Games, Goal, compare, estimate, length_unit, per_game
from courtly.lab.store import LabDir, digest
from courtly.lab.tunespace import (
    Param,
    beyond,
    label,
    options_at,
    space_size,
    space_words,
)

CONFIRM_SEED = 1_000_000
"""Seeds of the confirmation games start this far above the search's."""

UNTRIED_SAID = 5
"""The variants left untried are named when there are no more than this."""


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
            "params": [p.spec for p in self.params],
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
            low, high = int(a), int(b or a)
            if high < low:
                raise OptionError(
                    f"--players {text!r}: a range runs from the fewer players to the more "
                    f"({high}-{low}, not {low}-{high})"
                )
            out.extend(range(low, high + 1))
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

        def folder_for(settings: dict[str, Any], p: int = p) -> LabDir:
            return LabDir(root / "runs" / f"{p}p-{digest(settings, 12)}")

        plan = execute.as_begun(execute.plan(t.game.id, t.bots, n, p, seed, opts), folder_for)
        folder = folder_for(plan.settings)
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
    """Search until the study holds ``trials`` distinct variants tried, or
    every variant of the space (resuming the study in ``out``), confirm the
    best on fresh seeds, write the result."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    for players in t.players:  # a bad bot is said before the study is made, or its
        execute.seat_bots(t.game.id, t.bots, players)  # folder would hold other settings
    out.mkdir(parents=True, exist_ok=True)
    size = space_size(t.params)
    sampler: Any
    if size <= trials:  # a small space: every variant once, in an order fixed by the seed
        sampler = _every_variant(t.seed)
    else:
        sampler = optuna.samplers.TPESampler(seed=t.seed, n_startup_trials=min(10, trials))
    study = optuna.create_study(
        study_name="tune",
        storage=f"sqlite:///{out / 'study.db'}",
        load_if_exists=True,
        directions=[g.direction for g in t.goals],
        sampler=sampler,
    )
    settings = json.loads(json.dumps(t.settings))
    old = study.user_attrs.get("settings")
    if old is None:
        study.set_user_attr("settings", settings)
    elif old != settings:
        diffs = sorted(k for k in settings if old.get(k) != settings.get(k))
        raise OptionError(
            f"{out} holds a tune with other settings ({', '.join(diffs)}): rerun with the "
            "same settings to resume it, or choose another --out folder"
        )
    state = optuna.trial.TrialState
    for stale in study.get_trials(deepcopy=False, states=(state.RUNNING,)):
        study.tell(stale.number, state=state.FAIL)  # an interrupted session's trial
    tried = {_key(t.params, tr.params): tr.values for tr in distinct(t, study)}
    text = _key(t.params, t.text_values())  # first, and again if its trial was interrupted
    waiting = study.get_trials(deepcopy=False, states=(state.WAITING,))
    if text not in tried and all(
        _key(t.params, w.system_attrs.get("fixed_params", {})) != text for w in waiting
    ):
        study.enqueue_trial(t.text_values())
    inside = {_key(t.params, v) for v in _grid(t.params, tried)}
    while len(tried) < trials and len(inside) < size:
        trial = study.ask()
        values = {p.name: _suggest(trial, p) for p in t.params}
        key = _key(t.params, values)
        if key in tried:  # Optuna's suggestion is a variant tried: it learns the known
            trial.set_user_attr("repeat", True)  # result, and the nearest untried is next
            study.tell(trial, tried[key])
            rng = random.Random(f"{t.seed}:{trial.number}")
            study.enqueue_trial(_nearest_untried(t.params, values, tried, rng))
            continue
        games = evaluate(t, values, out, t.seed, t.n, jobs, cluster, progress)
        m = measures(t, games)
        trial.set_user_attr("measures", m)
        trial.set_user_attr("label", label(t.params, values))
        objectives = [g.objective(m[g.measure]["value"]) for g in t.goals]
        study.tell(trial, objectives)
        if on_trial:
            on_trial(len(tried), label(t.params, values), m)
        tried[key] = objectives
        if _in_space(t.params, values):
            inside.add(key)
    result = summarise(t, study, out, confirm, jobs, cluster, progress)
    left = size - len(inside)
    untried: list[str] = []
    if 0 < left <= UNTRIED_SAID and size <= 10_000:
        for combo in itertools.product(*(p.values for p in t.params)):
            values = dict(zip((p.name for p in t.params), combo, strict=True))
            if _key(t.params, values) not in tried:
                untried.append(label(t.params, values))
    result["search"] = {
        "variants": size,
        "space": space_words(t.params),
        "asked": trials,
        "tried": len(inside),
        "exhausted": left <= 0,
        "untried": untried,
        "every": len(tried) + left,
    }
    (out / "tune.json").write_text(json.dumps(result, indent=2), encoding="utf-8")
    from courtly.lab.tunereport import markdown, pareto_plot

    plot = "pareto.png" if pareto_plot(result, out / "pareto.png") else None
    (out / "tune.md").write_text(markdown(result, plot), encoding="utf-8")
    return result


def _every_variant(seed: int) -> Any:
    """A sampler giving every variant of the space once, in an order fixed by
    the seed."""
    import optuna

    class EveryVariant(optuna.samplers.BruteForceSampler):
        # Optuna's own stops ``study.optimize`` when no variant is left, which an
        # ask-and-tell search cannot take (it raises): the tune stops by itself.
        def after_trial(self, study: Any, trial: Any, state: Any, values: Any) -> None:
            return None

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
        return EveryVariant(seed=seed)


def distinct(t: Tune, study: Any) -> list[Any]:
    """The study's finished trials, each variant once (its first trial): not
    the suggestions told their known result, nor a variant a tune made before
    repeats were skipped tried again."""
    import optuna

    seen: set[str] = set()
    out = []
    for tr in study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.COMPLETE,)):
        key = _key(t.params, tr.params)
        if tr.user_attrs.get("repeat") or key in seen or "measures" not in tr.user_attrs:
            continue
        seen.add(key)
        out.append(tr)
    return out


def _key(params: list[Param], values: Mapping[str, Any]) -> str:
    return json.dumps([values.get(p.name) for p in params])


def _in_space(params: list[Param], values: Mapping[str, Any]) -> bool:
    return all(values.get(p.name) in p.values for p in params)


def _grid(params: list[Param], tried: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The variants tried that lie in the space (the text's may lie outside a
    range given with ``--param``)."""
    out = []
    for key in tried:
        values = dict(zip((p.name for p in params), json.loads(key), strict=True))
        if _in_space(params, values):
            out.append(values)
    return out


def _nearest_untried(
    params: list[Param], values: Mapping[str, Any], tried: Mapping[str, Any], rng: random.Random
) -> dict[str, Any]:
    """The untried variant nearest ``values`` (fewest steps of one parameter
    at a time; among as near, one drawn by ``rng``): where the search wanted
    to look, without a repeat. The caller knows one is left."""
    start = tuple(p.values.index(values[p.name]) for p in params)
    ring = [start]
    seen = {start}
    while ring:
        untried = [i for i in ring if _key(params, _at(params, i)) not in tried]
        if untried:
            return _at(params, rng.choice(sorted(untried)))
        nxt = []
        for i in ring:
            for d, p in enumerate(params):
                for step in (-1, 1):
                    j = i[d] + step
                    if 0 <= j < len(p.values):
                        n = (*i[:d], j, *i[d + 1 :])
                        if n not in seen:
                            seen.add(n)
                            nxt.append(n)
        ring = nxt
    raise AssertionError("every variant is tried")


def _at(params: list[Param], index: tuple[int, ...]) -> dict[str, Any]:
    return {p.name: p.values[i] for p, i in zip(params, index, strict=True)}


def _suggest(trial: Any, p: Param) -> Any:
    if p.choices:
        return trial.suggest_categorical(p.name, list(p.choices))
    with warnings.catch_warnings():  # the text's value, enqueued, may lie outside a range
        warnings.filterwarnings("ignore", message="Fixed parameter")  # given with --param
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
    finished = distinct(t, study)
    ordinal = {tr.number: i for i, tr in enumerate(finished)}
    rows = [
        {
            "trial": ordinal[tr.number],
            "values": tr.params,
            "label": tr.user_attrs["label"],
            "objectives": tr.values,
            "measures": tr.user_attrs["measures"],
        }
        for tr in finished
    ]
    front = sorted(ordinal[tr.number] for tr in study.best_trials if tr.number in ordinal)
    text = t.text_values()
    text_label = label(t.params, text)
    ranked = sorted(
        (r for r in rows if r["trial"] in front),
        key=lambda r: (_rank(t.goals, rows, r), r["label"] != text_label, r["trial"]),
    )
    best = ranked[0]
    result: dict[str, Any] = {
        "settings": t.settings,
        "game_name": t.game.name,
        "goals": [
            {"goal": g.text, "measure": g.measure, "direction": g.direction} for g in t.goals
        ],
        "params": [
            {
                "name": p.name,
                "option": p.option,
                "players": p.players,
                "about": p.about,
                "span": p.span,
                "declared": p.declared,
            }
            for p in t.params
        ],
        "text": {"values": text, "label": text_label},
        "trials": rows,
        "front": front,
        "best": best,
        "text_is_best": best["label"] == text_label,
    }
    # the search's own seeds: the front against the text, game by game
    played = evaluate(t, text, out, t.seed, t.n, jobs, cluster, progress)
    result["unit"] = length_unit(played)
    text_games = per_game(played)
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
    where = result["confirm"]["best"] if confirm > 0 else best["measures"]
    result["reached"] = {g.measure: g.reached(where[g.measure]) for g in t.goals}
    result["edges"] = edges(t, best["values"])
    return result


def edges(t: Tune, values: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The numbers of a variant at an end of the range searched, each with a
    range past it to search next (None: the game takes nothing past it)."""
    out: list[dict[str, Any]] = []
    for p in t.params:
        v = values.get(p.name)
        if p.choices or p.low == p.high or v not in (p.low, p.high):
            continue
        side = "top" if v == p.high else "bottom"
        past = beyond(t.game, p, side)
        out.append(
            {
                "name": p.name,
                "value": v,
                "side": side,
                "span": p.span,
                "declared": p.declared,
                "beyond": f"{past[0]}..{past[1]}" if past else None,
            }
        )
    if any(e["beyond"] for e in out):
        args = _params_beyond(t, {e["name"]: e["beyond"] for e in out if e["beyond"]})
        for e in out:
            e["search"] = args
    return out


def _params_beyond(t: Tune, new: Mapping[str, str]) -> str:
    """The ``--param`` arguments of the same search with the ranges ``new``."""
    args: list[str] = []
    options = list(dict.fromkeys(p.option for p in t.params))
    for option in options:
        ps = [p for p in t.params if p.option == option]
        whole = ps[0].players is not None and {p.players for p in ps} == set(t.players)
        kept = [p for p in ps if p.name not in new]
        if whole and all(p.declared for p in kept):
            ranges = {new[p.name] for p in ps if p.name in new}
            if not kept and len(ranges) == 1 and len(ps) > 1:
                args.append(f"{option}={ranges.pop()}")
                continue
            if kept:
                args.append(option)
            args += [f"{p.name}={new[p.name]}" for p in ps if p.name in new]
            continue
        args += [f"{p.name}={new[p.name]}" if p.name in new else p.spec for p in ps]
    return " ".join(f"--param {a}" for a in args)


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
