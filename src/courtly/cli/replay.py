"""``courtly replay``: step through a saved game record."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.rule import Rule

from courtly.cli.play import Quit, _ask
from courtly.cli.prompt import Prompter
from courtly.engine import text
from courtly.engine.errors import RecordError
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
    if not all_steps:
        out.print("Enter: next step; a number: go to that step; 'end': last step; 'q': quit.")
    target = 0
    total = len(record.actions)
    prompter = Prompter.for_console(out)
    for step in replay_steps(record, game):
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
        try:
            answer = _ask(prompter, "replay> ", ["end", "quit"], fresh=False).strip().lower()
        except Quit:
            return
        if answer in ("q", "quit"):
            return
        if answer == "end":
            target = total
        elif answer.isascii() and answer.isdigit():
            target = min(int(answer), total)
    out.print(f"Final scores: {state.scores}")
