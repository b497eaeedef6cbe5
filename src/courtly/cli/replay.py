"""``courtly replay``: step through a saved game record."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.rule import Rule

from courtly.cli.play import Quit, _ask, score_table
from courtly.cli.prompt import Prompter
from courtly.engine import text
from courtly.engine.errors import RecordError
from courtly.engine.game import Game, State
from courtly.engine.records import Record, check_result, read_records, replay, replay_steps
from courtly.games import get


def load_record(file: Path, index: int) -> Record:
    """The ``index``-th record of ``file``, or a RecordError saying what is there."""
    records = read_records(file)
    if not 0 <= index < len(records):
        raise RecordError(
            f"{file} holds {len(records)} record(s): --index runs 0 to {len(records) - 1}"
        )
    return records[index]


def run_replay(out: Console, file: Path, index: int, seat: int | None, all_steps: bool) -> None:
    record = load_record(file, index)
    game = get(record.game)
    if seat is not None and not 0 <= seat < record.players:
        raise RecordError(f"this game has seats 0 to {record.players - 1}, not {seat}")
    check_result(record, replay(record, game))  # an altered record is refused before it is shown
    out.print(Rule(f"{game.name}: seed {record.seed}, {len(record.actions)} actions"))
    total = len(record.actions)
    keys = f"Enter: next step; a number 0 to {total}: go to that step; 'end': last step; 'q': quit."
    if not all_steps:
        out.print(keys)
    target = 0
    prompter = Prompter.for_console(out)
    steps = replay_steps(record, game)
    while True:
        step = next(steps)
        n, state = step.n, step.state
        if n < target:
            continue
        if n:  # watching as a seat, another seat's move is what that seat saw of it
            said = step.action.words() if step.action is not None else ""
            move = f": {text.rich(said, None, seat)}" if seat in (None, step.seat) else ""
            out.print(f"[bold]{n}/{total}[/] P{step.seat}{move}")
        for event in step.events:  # the log, as the watching seat saw it (the deal's at 0)
            line = game.describe(event, seat)
            if line:
                out.print(f"  [dim]·[/] {text.rich(line, None, seat)}")
        if all_steps and n < total:
            continue
        out.print(game.render(state.observation(seat)))
        if all_steps or n == total:
            break
        while True:
            try:
                answer = _ask(prompter, "replay> ", ["end", "quit"], fresh=False).strip().lower()
            except Quit:
                return
            if answer in ("q", "quit"):
                return
            if answer == "":
                target = n + 1
            elif answer == "end":
                target = total
            elif answer.isascii() and answer.isdigit() and int(answer) <= total:
                target = int(answer)
            else:
                what = (
                    f"there is no step {answer}"
                    if answer.isdigit()
                    else f"{answer!r} is not a step"
                )
                out.print(f"[red]{escape(what)}.[/] {keys}")
                continue
            break
        if target <= n:  # back (or the same step again): played again from the deal
            steps = replay_steps(record, game)
    finish(out, game, state, seat, record.result is None)


def finish(out: Console, game: Game, state: State, seat: int | None, unfinished: bool) -> None:
    """The scores at the end of the record; a game left before its end says
    so, and that its scores are not final."""
    observation = state.observation(seat)
    if unfinished:
        out.print("[yellow]The game was left before its end: the record stops here.[/]")
        out.print(score_table(game, observation, "Scores when the game was left"))
    else:
        out.print(score_table(game, observation))
