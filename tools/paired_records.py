"""Two tournaments on the same schedule, compared game by game: how much did
putting one bot in a seat instead of another change the result?

    python tools/paired_records.py A.jsonl BOT_A B.jsonl BOT_B

reads the records ``courtly tournament ... --out`` wrote for two runs with
the same game, seeds and seat rotation that differ in one bot (say
``--bots hard@5000it,builder,builder,builder`` and ``--bots
normal,builder,builder,builder``), finds in each game the seat its bot
(named by ``BOT_A`` or ``BOT_B``, the name as the table showed it, a level's
budget included) held, and prints, over the seeds both files played, each
bot's wins (first place, 1/k when k seats share it) and the seeds won by the
one and not the other, both ways: the counts a sign test reads. A game whose
table holds the bot twice, or not at all, is a mistake in the runs and is
refused with its seed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from courtly.engine.records import RecordError, read_records


def shares(path: Path, bot: str) -> dict[int, float]:
    """By seed, the share of the win the seat held by ``bot`` took."""
    try:
        records = read_records(path)
    except RecordError as exc:
        raise SystemExit(str(exc)) from None
    out: dict[int, float] = {}
    for record in records:
        table = record.meta.get("bots") or []
        seats = [i for i, name in enumerate(table) if name == bot]
        if len(seats) != 1 or record.result is None:
            why = "is unfinished" if record.result is None else f"seats {bot!r} {len(seats)} times"
            raise SystemExit(
                f"{path}: seed {record.seed} {why} (its table: {table}); "
                f"each game must be finished and seat {bot!r} once"
            )
        winners = record.result["winners"]
        out[record.seed] = 1.0 / len(winners) if seats[0] in winners else 0.0
    return out


def compare(a: dict[int, float], b: dict[int, float]) -> dict[str, float]:
    """Wins of each over the seeds both played, and the seeds only one won."""
    seeds = sorted(set(a) & set(b))
    return {
        "games": len(seeds),
        "a": sum(a[s] for s in seeds),
        "b": sum(b[s] for s in seeds),
        "a_only": sum(1 for s in seeds if a[s] > b[s]),
        "b_only": sum(1 for s in seeds if b[s] > a[s]),
    }


def parse(argv: list[str]) -> argparse.Namespace:
    """The command line (a wrong one: argparse's message and usage, exit 2)."""
    ap = argparse.ArgumentParser(
        prog="tools/paired_records.py",
        description="two tournaments on one schedule, compared seed by seed",
    )
    ap.add_argument("a", metavar="A.jsonl", help="the records courtly tournament --out wrote")
    ap.add_argument("bot_a", help="the bot in A.jsonl, as its table named it, e.g. hard@5000it")
    ap.add_argument("b", metavar="B.jsonl", help="the other run's records, on the same seeds")
    ap.add_argument("bot_b", help="the bot in its seat in B.jsonl, e.g. normal")
    return ap.parse_args(argv)


def main(argv: list[str]) -> None:
    args = parse(argv)
    path_a, bot_a, path_b, bot_b = args.a, args.bot_a, args.b, args.bot_b
    c = compare(shares(Path(path_a), bot_a), shares(Path(path_b), bot_b))
    print(
        f"{c['games']:g} games: {bot_a} won {c['a']:g}, {bot_b} won {c['b']:g}; "
        f"seeds won by {bot_a} alone {c['a_only']:g}, by {bot_b} alone {c['b_only']:g}"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
