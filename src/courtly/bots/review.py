"""Hints and game review: the ``hard`` level's search, asked for its opinion.

Both ask the same search a ``hard`` bot plays with
(``levels.make_level("hard", game, think)``) and read its whole verdict
(``ISMCTS.search``): every legal move with how often it was tried (visits: how
sure the search is) and its mean result for the seat (value: 0 last place ..
1 first, the estimated chance of winning; alone, by the score: ``chance``).

- **A hint** searches from one seat's observation and legal actions, exactly
  what that seat may know, and returns the best few moves.
- **A review** replays a finished game's record and, at each decision of one
  seat, searches from that seat's observation at that moment. A decision's
  **loss** is the value of the search's best move minus the value of the move
  played, both from that one search (0 when the move played is the search's
  own, or rated at least as high: then the move played is the best shown). A
  loss of ``COSTLY`` or more flags the decision. Forced moves (one legal
  action) are not decisions and are skipped.

Where the search's guard compared moves on the same worlds (``hard`` checks
its most tried moves against its heuristic's in paired rollouts played to
the end or nearly: ``courtly.bots.guard``), those moves are valued by that
comparison: the heuristic's move by its mean result there, each move
compared by that plus its mean difference from it, and every other move by
its tree value moved by as much as the heuristic's move was (so the whole
list reads on one scale: the tree judges positions a few moves on, the guard
at the end). The paired difference is
far surer than two tree values read apart (a move the guard chose may have
few tries in the tree, and the tree judges positions a few moves on), so the
move chosen never shows a lower chance than a move it beat, and a move it
replaced shows the loss the guard measured. A compared move's tries count
its worlds there too (the heuristic's move may have none in the tree). On
fewer worlds than the guard needs to decide (``Guard.min_samples``), the
tree's values stand.

The search is a sample: short searches are noisy, and a move it never tried
has no value (its loss is unknown). The game's full state is replayed only to
build each observation; the search never sees it.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from courtly.bots.evaluation import outcome_for, par_for
from courtly.bots.guard import Verdict as Comparison
from courtly.bots.ismcts import ISMCTS, Analysis, MoveValue
from courtly.bots.levels import make_level
from courtly.bots.tree import verdict_order, wins
from courtly.engine.actions import Action
from courtly.engine.errors import CourtlyError, RecordError
from courtly.engine.game import Game
from courtly.engine.records import Record, replay_steps
from courtly.games import get

COSTLY = 0.1
"""A loss this large or larger flags a decision as costly."""
HINT_MOVES = 3
"""Moves a hint shows."""
FEW_TRIES = 20
"""A hint whose every move had fewer tries than this (a busy machine, a short
think) has rough chances, and says so: its choice may then show a lower
chance than a move below it."""


def searcher(
    game: Game, think: float | None = None, lineup: Sequence[str | None] | None = None
) -> ISMCTS:
    """The ``hard`` level's search for ``game``, capped at ``think`` seconds,
    shown the table's ``lineup`` where given (``Bot.meet``)."""
    bot = make_level("hard", game, think=think)
    if not isinstance(bot, ISMCTS):  # the hard level is a search: say so if it changes
        raise CourtlyError("the 'hard' level is not a search: it cannot give hints")
    if lineup is not None:
        bot.meet(lineup)
    return bot


def analyse(
    game: Game,
    observation: Mapping[str, Any],
    legal: Sequence[Action],
    rng: random.Random,
    think: float | None = None,
    lineup: Sequence[str | None] | None = None,
) -> Analysis:
    """The search's verdict on one decision, from ``observation``, ``legal``
    and the table's public ``lineup`` (each seat's bot, None for a person) only."""
    return searched(searcher(game, think, lineup), observation, legal, rng)


def searched(
    bot: ISMCTS, observation: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
) -> Analysis:
    """``bot``'s verdict on one decision, the moves its guard compared valued
    by that comparison (see the module's notes)."""
    analysis = bot.search(observation, legal, rng)
    checked = bot.last_verdict
    if checked is None or checked.base is None or checked.base_value is None or bot.guard is None:
        return analysis
    least = bot.guard.min_samples
    if checked.worlds < least:  # too few worlds to read a chance from: the tree's
        return analysis
    anchor = checked.base_value
    moved = compared(checked, least)
    # A move the guard did not compare keeps its tree value's distance from
    # the heuristic's move, on the guard's scale (one scale for the whole list).
    base = next((m.value for m in analysis.moves if m.action.id == checked.base.id), None)
    shift = 0.0 if base is None else anchor - base
    moves = []
    for m in analysis.moves:
        tries = m.visits
        then: tuple[Action, ...] = ()
        if m.action.id in moved:  # played out on the guard's worlds too
            difference, worlds, then = moved[m.action.id]
            value: float | None = anchor + difference
            tries = max(tries, worlds)
        else:
            value = None if m.value is None else m.value + shift
        clipped = None if value is None else min(1.0, max(0.0, value))
        moves.append(MoveValue(m.action, tries, clipped, then))
    return Analysis(
        moves=verdict_order(moves, analysis.best.id),
        iterations=analysis.iterations,
        seconds=analysis.seconds,
    )


Compared = dict[int, tuple[float, int, tuple[Action, ...]]]
"""Each move the guard compared: its mean difference from the base, its
worlds, and the rest of the line it was compared with (none: alone)."""


def compared(verdict: Comparison, least: int) -> Compared:
    """Each move the guard compared on at least ``least`` worlds: its mean
    difference from the base (the base's own 0), its worlds and the line that
    followed it. A move compared twice (alone, and as the first of a line its
    game found: ``Guard.lines``) is worth the better, with its line if that
    was the line: the player may follow it either way."""
    assert verdict.base is not None
    moved: Compared = {verdict.base.id: (0.0, verdict.worlds, ())}
    for p in verdict.candidates:
        if p.n >= least and p.mean > moved.get(p.action.id, (-math.inf, 0, ()))[0]:
            moved[p.action.id] = (p.mean, p.n, p.line)
    return moved


def words(move: MoveValue) -> str:
    """A move in words, as structured text, with the line that follows it
    where its value is of one ("add {QH} to the keep, paying {AD}; then trade
    {KS} for {AD}; then ...")."""
    return "; then ".join(a.words() for a in (move.action, *move.then))


def top_moves(analysis: Analysis, n: int = HINT_MOVES) -> list[MoveValue]:
    """The best ``n`` moves the search tried, in its order (its choice first),
    each said once: of moves in the same words (two copies of one card, such
    as Intrigue's Public Supports) only the first is listed."""
    out: list[MoveValue] = []
    said: set[str] = set()
    for m in analysis.moves:
        words = m.action.words()
        if m.value is None or words in said:
            continue
        said.add(words)
        out.append(m)
        if len(out) == n:
            break
    return out


def rough(moves: Sequence[MoveValue]) -> bool:
    """Whether a hint's chances are rough: every move it shows had fewer than
    ``FEW_TRIES`` tries."""
    return all(m.visits < FEW_TRIES for m in moves)


SOLITAIRE_CHANCE = (
    "the estimated result by the score alone, as solitaire has no places: 50% = a "
    "score of 0, nearing 100% as the score grows"
)
"""What a chance means in a game of one player that declares no par
(``courtly.bots.evaluation.Par``): ``rewards`` values a finished game alone by
its score (50% at 0, 75% at 20 points, nearing 100% as it grows). A game
played alone that declares a par (Agincards) says its own (``Par.chance``)."""


def chance(game: Game, players: int) -> str:
    """What a move's chance means in a game of ``game`` for ``players``, for the
    words beneath a hint or a review: the chance of winning where only first
    place counts (the game values a finished game by the win alone:
    ``Game.plugins.outcome``, as Garrison's race), for one player the chance
    of beating the par its game declares (``Par.chance``), else the result by
    the score (``SOLITAIRE_CHANCE``), otherwise an estimate of the result on a
    scale from last place to first."""
    if outcome_for(game) is wins:
        return "the chance of winning, as only first place counts in this game"
    if players == 1:
        par = par_for(game)
        return SOLITAIRE_CHANCE if par is None else par.chance
    return "the estimated result, 100% = first place, 0% = last"


ROUGH_NOTE = (
    "Few tries (a busy machine or a short think): these chances are rough (mostly "
    "judged a few moves on, not at the game's end), and the first move is the hard "
    "bot's usual choice."
)
"""What a rough hint says beneath its moves, at the terminal and on the page."""


def hint(
    game: Game,
    observation: Mapping[str, Any],
    legal: Sequence[Action],
    rng: random.Random,
    think: float | None = None,
    n: int = HINT_MOVES,
) -> list[MoveValue]:
    """The best few moves for the seat of ``observation``."""
    return top_moves(analyse(game, observation, legal, rng, think), n)


# -- review -----------------------------------------------------------------------
@dataclass(frozen=True)
class Decision:
    """A decision of the reviewed seat: the position as that seat saw it."""

    index: int
    """The action's place in the record (from 0); the replay shows it played at
    step ``index + 1``."""
    observation: dict[str, Any]
    legal: list[Action]
    played: Action


@dataclass(frozen=True)
class Verdict:
    """One decision judged: the move played against the search's best."""

    step: int
    """The replay step at which the move was played (from 1)."""
    played: str
    best: str
    """The moves' notations."""
    played_words: str
    best_words: str
    """The moves in words, as structured text (``Action.words``)."""
    played_value: float | None
    """None: the search never tried the move played (its loss is unknown)."""
    best_value: float | None
    played_visits: int
    best_visits: int
    choices: int
    """Legal moves the seat had."""

    @property
    def loss(self) -> float | None:
        """Best value minus played value (never below 0); None when unknown."""
        if self.played == self.best:
            return 0.0
        if self.played_value is None or self.best_value is None:
            return None
        return max(0.0, self.best_value - self.played_value)

    @property
    def costly(self) -> bool:
        loss = self.loss
        return loss is not None and loss >= COSTLY - 1e-9

    def to_json(self) -> dict[str, Any]:
        loss = self.loss
        return {
            "step": self.step,
            "played": self.played,
            "best": self.best,
            "played_words": self.played_words,
            "best_words": self.best_words,
            "played_value": _round(self.played_value),
            "best_value": _round(self.best_value),
            "played_visits": self.played_visits,
            "best_visits": self.best_visits,
            "choices": self.choices,
            "loss": _round(loss),
            "costly": self.costly,
        }


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


@dataclass
class Review:
    """A seat's decisions in one game, each judged by the search."""

    game: str
    seat: int
    think: float
    players: int
    """The seats of the game reviewed (what a chance means depends on it)."""
    verdicts: list[Verdict] = field(default_factory=list)
    forced: int = 0
    """Moves of the seat that had no alternative (not reviewed)."""

    @property
    def costly(self) -> int:
        return sum(1 for v in self.verdicts if v.costly)

    @property
    def total_loss(self) -> float:
        return sum(v.loss or 0.0 for v in self.verdicts)

    @property
    def unknown(self) -> int:
        """Decisions whose move played the search never tried."""
        return sum(1 for v in self.verdicts if v.loss is None)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seat": self.seat,
            "think": self.think,
            "costly_at": COSTLY,
            "chance": chance(get(self.game), self.players),
            "decisions": [v.to_json() for v in self.verdicts],
            "forced": self.forced,
            "costly": self.costly,
            "total_loss": round(self.total_loss, 4),
            "unknown": self.unknown,
        }


def check_seat(record: Record, seat: int) -> None:
    if not 0 <= seat < record.players:
        raise RecordError(f"this game has seats 0 to {record.players - 1}: there is no seat {seat}")


def decisions(record: Record, seat: int) -> tuple[list[Decision], int]:
    """Every decision of ``seat`` in ``record`` (the position it was made in:
    the seat's observation and legal actions), and how many of its moves were
    forced. A record that does not replay is a RecordError."""
    check_seat(record, seat)
    game = get(record.game)
    out: list[Decision] = []
    forced = 0
    actions = record.actions
    for step in replay_steps(record, game, events=False):
        if step.n == len(actions):
            break
        actor, notation = actions[step.n]
        state = step.state
        if actor == seat:
            legal = state.legal_actions(seat) if seat in state.to_act else []
            if len(legal) == 1:
                forced += 1
            elif legal:
                played = state.stands_for(actor, _parsed(game, notation, step.n, actor))
                out.append(Decision(step.n, state.observation(seat), legal, played))
    return out, forced


def _parsed(game: Game, notation: str, n: int, actor: int) -> Action:
    try:
        return game.parse_action(notation)
    except CourtlyError as exc:
        raise RecordError(
            f"action {n + 1} of the record, seat {actor} {notation!r}, does not replay: {exc}"
        ) from None


def lineup(record: Record) -> list[str | None] | None:
    """The table's seats as the record names them (``meta["bots"]``: each
    seat's bot, None for a person), or None where it names none."""
    named = record.meta.get("bots")
    if not isinstance(named, list) or len(named) != record.players:
        return None
    if not all(n is None or isinstance(n, str) for n in named):
        return None
    return list(named)


def decision_seed(record: Record, decision: Decision) -> int:
    """The seed of the search's generator for one decision: the same review
    twice gives the same searches (up to the time cap)."""
    digest = hashlib.sha256(f"review {record.seed} {decision.index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def judge(decision: Decision, analysis: Analysis) -> Verdict:
    by_id = {m.action.id: m for m in analysis.moves}
    best = analysis.moves[0]
    played = by_id.get(decision.played.id, MoveValue(decision.played, 0, None))
    if played.value is not None and best.value is not None and played.value >= best.value:
        # The search's own move rated no higher than the one played: nothing
        # better was found, so the review names none ("Best: X 58%" beside a
        # played 60% read as a better move that was not).
        best = played
    elif best.action.words() == decision.played.words():
        # Another copy of the card played (Intrigue's Public Supports): the same
        # move in effect, whose figures differ by the search's noise alone. A row
        # "Played: X 55%, Best: X 60%, loss 0.05" would blame the player for it.
        played = best = MoveValue(decision.played, best.visits, best.value)
    return Verdict(
        step=decision.index + 1,
        played=decision.played.notation,
        best=best.action.notation,
        played_words=decision.played.words(),
        best_words=words(best),
        played_value=played.value,
        best_value=best.value,
        played_visits=played.visits,
        best_visits=best.visits,
        choices=len(decision.legal),
    )


def review(
    record: Record,
    seat: int,
    think: float | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Judge every decision of ``seat`` in ``record`` with a search of ``think``
    seconds at most each; ``progress(done, total)`` after each."""
    found, forced = decisions(record, seat)
    game = get(record.game)
    bot = searcher(game, think, lineup(record))
    bot.reuse = False  # each decision searched afresh, as the server does
    out = Review(
        game=game.id, seat=seat, think=bot.time_cap or 0.0, players=record.players, forced=forced
    )
    for k, decision in enumerate(found, 1):
        rng = random.Random(decision_seed(record, decision))
        analysis = searched(bot, decision.observation, decision.legal, rng)
        out.verdicts.append(judge(decision, analysis))
        if progress is not None:
            progress(k, len(found))
    return out
