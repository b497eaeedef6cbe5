"""The server's own work for one action, without the network or the database.

    python tools/server_path.py [--games 40] [--game crown-rivals] [--profile]

Plays ``--games`` games of two people (random legal moves, a fixed seed) on a
hub as one of two servers would: a client of one seat connected here, the
other seat's elsewhere. Each action goes the way a submission does on the
server after its checks and the database: the client's message read and
checked, the action checked, applied and noted, every viewer's update built
(this server's viewers) or noted (the others'), and each connection's message
serialized into its queue. Prints CPU seconds and actions; deterministic, so
``valgrind --tool=callgrind`` counts compare builds (``--games 0``: the
start-up alone, to subtract). A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import pstats
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from courtly.server.connections import Connection
from courtly.server.core import Live
from courtly.server.db import Store
from courtly.server.live import Hub
from courtly.server.protocol import ClientMessage, CreateTable
from courtly.server.tables import Table


def play(hub: Hub, game: str, games: int) -> int:
    rng = random.Random(7)
    actions = 0
    for g in range(games):
        # a chosen deal (allowed with one person at the table), then two people
        table = Table.create(CreateTable(game=game, seats=["human", "random"], seed=g))
        table.seats[1].kind, table.seats[1].bot = "human", None
        live = Live(table)
        conn = Connection(None, g % 2, hub.limits, hub.buckets, ("seat", table.id, g % 2))  # type: ignore[arg-type]
        live.conns.add(conn)
        while not table.state.over:
            seat = table.state.to_act[0]
            legal = table.legal[seat]
            text = json.dumps({"type": "act", "action": rng.choice(legal), "seq": table.seq})
            msg = ClientMessage.model_validate({"message": json.loads(text)}).message
            act, refused = table.refusal(seat, msg.action, msg.seq)  # type: ignore[union-attr]
            assert act is not None, refused
            events = table.apply(seat, act)
            hub._acted(live, events, seat, act.notation, False)
            while not conn.queue.empty():
                conn.queue.get_nowait()
            actions += 1
    return actions


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--game", default="crown-rivals")
    ap.add_argument("--profile", action="store_true", help="print a cProfile of the run")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        hub = Hub(Store(f"sqlite:///{tmp}/bench.db"))
        prof = cProfile.Profile() if args.profile else None
        t0 = time.process_time()
        if prof is not None:
            prof.enable()
        actions = play(hub, args.game, args.games)
        if prof is not None:
            prof.disable()
        cpu = time.process_time() - t0
        print(f"{actions} actions, {cpu:.3f} s CPU, {cpu / max(actions, 1) * 1e6:.0f} us an action")
        if prof is not None:
            pstats.Stats(prof).sort_stats("cumulative").print_stats(45)
        hub.pool.close()
        hub.writer.shutdown()


if __name__ == "__main__":
    asyncio.run(main())
