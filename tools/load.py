"""Load benchmark: many tables played at once over real websockets on loopback.

    python tools/load.py --tables 1000 --pace 2,4 --bot-tables 200 --seconds 180
    python tools/load.py --tables 1000 --pace 2,4 --bot-tables 200 --servers 2 --db postgres

Starts ``courtly serve`` (one process on a temporary SQLite file, or several
on one throwaway PostgreSQL cluster from Debian's ``postgresql`` package),
creates the tables and plays them: every seat of a human table is a client
that plays a random legal move after ``pace`` seconds (drawn uniformly in the
range, as people do), its seats spread over the servers so that updates cross
between them; bot tables play themselves. It reports the action round trip
(submit -> the acting client receives its update) at p50 and p99, errors and
refusals, the servers' CPU per action (bot actions included) and their memory:
before the tables, at its peak, at the end of play and after ``--settle``
seconds, when finished tables have left memory. A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.server.postgres import Cluster, binaries
from tests.serving import free_port, start_server

from courtly import games
from courtly.cli.serve import tune_collector


class Tally:
    def __init__(self) -> None:
        self.rtts: list[float] = []
        self.errors: list[str] = []
        self.refused = 0
        self.refusals: dict[str, int] = {}
        """Refusals by code (``stale``: the view acted on was behind the table's)."""
        self.finished = 0


async def seat_client(
    url: str, tally: Tally, pace: tuple[float, float], rng: random.Random, deadline: float
) -> None:
    try:
        async with connect(url, max_size=2**22, open_timeout=60) as ws:
            await play(ws, tally, pace, rng, deadline)
    except Exception as exc:
        tally.errors.append(f"{type(exc).__name__}: {exc}")


async def play(
    ws: ClientConnection,
    tally: Tally,
    pace: tuple[float, float],
    rng: random.Random,
    deadline: float,
) -> None:
    view: dict[str, Any] | None = None
    sent_at: float | None = None
    while time.monotonic() < deadline:
        timeout = 0.05 if (view and view["legal"] and sent_at is None) else 5.0
        try:
            msg = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        except TimeoutError:
            msg = None
        if msg is not None:
            kind = msg["type"]
            if kind == "refused":
                tally.refused += 1
                tally.refusals[msg["code"]] = tally.refusals.get(msg["code"], 0) + 1
                sent_at = None
                continue
            if kind not in ("snapshot", "update"):
                continue
            if msg.get("yours") and sent_at is not None:
                tally.rtts.append(time.perf_counter() - sent_at)
                sent_at = None
            view = msg
            if msg["over"]:
                tally.finished += 1
                return
            continue  # drain what has arrived before choosing
        if view and view["legal"] and sent_at is None:
            await asyncio.sleep(rng.uniform(*pace))
            choice = rng.choice(view["legal"])
            sent_at = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "action": choice["id"], "seq": view["seq"]}))


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of process ``pid`` so far (Linux), else None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def rss_mib(pid: int) -> float | None:
    """Resident memory of process ``pid`` in MiB (Linux), else None."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return None


class Memory:
    """The servers' resident memory, sampled every second."""

    def __init__(self, pids: list[int]) -> None:
        self.pids = pids
        self.peak = 0.0

    def now(self) -> float:
        return sum(rss_mib(p) or 0.0 for p in self.pids)

    async def watch(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            self.peak = max(self.peak, self.now())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 1.0)


async def run(
    tables: int,
    bot_tables: int,
    bots: str,
    game: str,
    pace: tuple[float, float],
    seconds: float,
    ports: list[int],
) -> tuple[Tally, list[tuple[int, str]]]:
    """Create and play the tables; the tally, and the bot tables (port, id)."""
    tally = Tally()
    declared = games.get(game)
    players = max(2, declared.min_players)
    options = dict(declared.quick)
    urls = []
    made_bots: list[tuple[int, str]] = []
    clients = {p: httpx.AsyncClient(base_url=f"http://127.0.0.1:{p}", timeout=60) for p in ports}
    try:
        for t in range(tables):
            port = ports[t % len(ports)]
            r = await clients[port].post(
                "/api/tables", json={"game": game, "seats": ["human"] * players, "options": options}
            )
            r.raise_for_status()
            made = r.json()
            for s in made["seats"]:
                seat_port = ports[(t + s["seat"]) % len(ports)]  # seats on different servers
                urls.append(
                    f"ws://127.0.0.1:{seat_port}/ws/tables/{made['table']['id']}?token={s['token']}"
                )
        for t in range(bot_tables):
            port = ports[t % len(ports)]
            r = await clients[port].post(
                "/api/tables", json={"game": game, "seats": [bots] * players, "options": options}
            )
            r.raise_for_status()
            made_bots.append((port, r.json()["table"]["id"]))
    finally:
        for c in clients.values():
            await c.aclose()
    # the clients stand for 2,000 people's browsers, each with a collector of
    # its own: one process's full sweeps of all of them at once would be
    # counted in every round trip then waiting, a pause no person would see
    tune_collector()
    deadline = time.monotonic() + seconds
    await asyncio.gather(
        *(seat_client(u, tally, pace, random.Random(i), deadline) for i, u in enumerate(urls))
    )
    return tally, made_bots


def bot_actions(made: list[tuple[int, str]]) -> tuple[int, int]:
    """Actions played at the bot tables so far, and how many are finished."""
    actions = finished = 0
    for port, table in made:
        try:
            r = httpx.get(f"http://127.0.0.1:{port}/api/tables/{table}", timeout=30).json()
        except httpx.HTTPError:
            continue
        actions += r["seq"]
        finished += bool(r["over"])
    return actions, finished


def parse_pace(text: str) -> tuple[float, float]:
    low, _, high = text.partition(",")
    a, b = float(low), float(high or low)
    if not 0 <= a <= b:
        raise argparse.ArgumentTypeError(
            f"--pace takes LOW,HIGH seconds with 0 <= LOW <= HIGH, not {text}"
        )
    return a, b


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=200, help="tables of people (clients)")
    ap.add_argument("--bot-tables", type=int, default=0, help="tables of bots only")
    ap.add_argument("--bots", default="normal", help="the bot of every seat of a bot table")
    ap.add_argument("--game", default="crown-rivals")
    ap.add_argument(
        "--pace", type=parse_pace, default=(0.25, 0.75), help="LOW,HIGH seconds a client waits"
    )
    ap.add_argument("--seconds", type=float, default=90.0, help="stop playing after this long")
    ap.add_argument("--settle", type=float, default=0.0, help="then wait this long, and measure")
    ap.add_argument("--servers", type=int, default=1, help="server processes (2+: PostgreSQL)")
    ap.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    ap.add_argument(
        "--port",
        type=int,
        help="use a server already running on this port (serve it with --tables-per-minute "
        "and --sockets-per-address high: every table and seat comes from 127.0.0.1)",
    )
    args = ap.parse_args(argv)
    if args.servers > 1 and args.db != "postgres":
        raise SystemExit("several servers share one PostgreSQL database: add --db postgres")
    with contextlib.ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        procs: list[subprocess.Popen[bytes]] = []
        if args.port:
            ports = [args.port]
        else:
            if args.db == "postgres":
                bindir = binaries()
                if bindir is None:
                    raise SystemExit("PostgreSQL is not installed (Debian: apt install postgresql)")
                cluster = Cluster(bindir)
                cluster.start()
                stack.callback(cluster.stop)
                db = cluster.new_database()
            else:
                db = str(tmp / "load.db")
            ports = []
            for _ in range(args.servers):
                port = free_port()
                try:
                    procs.append(start_server(db, port))
                except RuntimeError as exc:
                    raise SystemExit(str(exc)) from None
                ports.append(port)
        try:
            memory = Memory([p.pid for p in procs])
            before = memory.now()
            cpu0 = [cpu_seconds(p.pid) or 0.0 for p in procs]
            client_cpu0 = time.process_time()
            started = time.monotonic()

            async def measured() -> tuple[Tally, list[tuple[int, str]]]:
                stop = asyncio.Event()
                watcher = asyncio.create_task(memory.watch(stop))
                try:
                    return await run(
                        args.tables,
                        args.bot_tables,
                        args.bots,
                        args.game,
                        args.pace,
                        args.seconds,
                        ports,
                    )
                finally:
                    stop.set()
                    await watcher

            tally, made_bots = asyncio.run(measured())
            wall = time.monotonic() - started
            client_cpu = time.process_time() - client_cpu0
            cpu1 = [cpu_seconds(p.pid) or 0.0 for p in procs]
            at_end = memory.now()
            played_by_bots, bots_finished = bot_actions(made_bots)
            if args.settle:
                time.sleep(args.settle)
            settled = memory.now()
        finally:
            for proc in procs:
                proc.send_signal(signal.SIGTERM)
            for proc in procs:
                proc.wait(30)
    rtts = sorted(tally.rtts)
    if not rtts:
        raise SystemExit(f"no action completed; errors: {tally.errors[:3]}")
    q = statistics.quantiles(rtts, n=100)
    where = f"{args.servers} server(s) on {args.db}"
    print(
        f"{args.tables} tables of {args.game} at {args.pace[0]:g}-{args.pace[1]:g} s an action "
        f"and {args.bot_tables} tables of {args.bots} bots, {where}: {len(rtts)} actions by "
        f"clients in {wall:.0f} s ({len(rtts) / wall:.0f}/s), {tally.finished} seat games "
        f"finished; {played_by_bots} bot actions, {bots_finished} bot tables finished"
    )
    print(
        f"round trip p50 {q[49] * 1000:.1f} ms, p99 {q[98] * 1000:.1f} ms, "
        f"max {rtts[-1] * 1000:.1f} ms; errors {len(tally.errors)}, refusals {tally.refused}"
        + (
            f" ({', '.join(f'{k} {v}' for k, v in sorted(tally.refusals.items()))})"
            if tally.refused
            else ""
        )
    )
    if procs:
        used = sum(cpu1) - sum(cpu0)
        actions = len(rtts) + played_by_bots
        print(
            f"servers' CPU {used:.1f} s ({used / actions * 1000:.2f} ms an action, bots' and "
            f"table creation included), load client CPU {client_cpu:.1f} s"
        )
        settle = f", after {args.settle:g} s more {settled:.0f} MiB" if args.settle else ""
        print(
            f"servers' memory: {before:.0f} MiB before the tables, peak {memory.peak:.0f} MiB, "
            f"{at_end:.0f} MiB at the end of play{settle}"
        )
    for e in tally.errors[:5]:
        print("  error:", e)
    print("load average:", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
