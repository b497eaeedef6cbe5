"""Load benchmark: many tables played at once over real websockets on loopback.

    python -m courtly.server.load --tables 200 --game crown-rivals --think 0.5

Starts ``courtly serve`` on a free port with a temporary SQLite file, creates
the tables (every seat a client that plays random legal moves after ``think``
seconds, jittered, so the server is what is measured), and reports the action
round trip (submit -> the acting client receives its update) at p50 and p99,
with errors and refusals. A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

QUICK = {"crown-rivals": {"turn_limit": 20}, "agents-of-the-crown": {"years": 1}}


class Tally:
    def __init__(self) -> None:
        self.rtts: list[float] = []
        self.errors: list[str] = []
        self.refused = 0
        self.finished = 0


async def seat_client(
    url: str, tally: Tally, think: float, rng: random.Random, deadline: float
) -> None:
    try:
        async with connect(url, max_size=2**22, open_timeout=60) as ws:
            await play(ws, tally, think, rng, deadline)
    except Exception as exc:
        tally.errors.append(f"{type(exc).__name__}: {exc}")


async def play(
    ws: ClientConnection, tally: Tally, think: float, rng: random.Random, deadline: float
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
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(db: Path | str, port: int, wait: float = 30.0) -> subprocess.Popen[bytes]:
    """``courtly serve`` on ``port`` with the database ``db`` (a SQLite file or
    a database URL), once it answers.
    Raises ``RuntimeError`` with the server's own error output if it dies or
    does not answer within ``wait`` seconds."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from courtly.cli.app import main; main()",
            "serve",
            "--port",
            str(port),
            "--db",
            str(db),
            "--tables-per-minute",
            "100000",  # the load client creates every table from one address
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
        if proc.poll() is not None:
            err = proc.stderr.read().decode() if proc.stderr else ""
            raise RuntimeError(f"the server stopped: {err.strip() or proc.returncode}")
    proc.kill()
    raise RuntimeError("the server did not start")


async def run(tables: int, game: str, think: float, seconds: float, port: int) -> Tally:
    tally = Tally()
    players = 4 if game == "agents-of-the-crown" else 2
    urls = []
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
        for _ in range(tables):
            r = await http.post(
                "/api/tables",
                json={"game": game, "seats": ["human"] * players, "options": QUICK.get(game, {})},
            )
            r.raise_for_status()
            made = r.json()
            for s in made["seats"]:
                urls.append(
                    f"ws://127.0.0.1:{port}/ws/tables/{made['table']['id']}?token={s['token']}"
                )
    deadline = time.monotonic() + seconds
    await asyncio.gather(
        *(seat_client(u, tally, think, random.Random(i), deadline) for i, u in enumerate(urls))
    )
    return tally


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--game", default="crown-rivals")
    ap.add_argument("--think", type=float, default=0.5, help="mean seconds a client waits")
    ap.add_argument("--seconds", type=float, default=90.0, help="stop after this long")
    ap.add_argument("--port", type=int, help="use a server already running on this port")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        port = args.port or free_port()
        try:
            proc = None if args.port else start_server(Path(tmp) / "load.db", port)
        except RuntimeError as exc:
            raise SystemExit(str(exc)) from None
        try:
            server_cpu0 = None if proc is None else cpu_seconds(proc.pid)
            client_cpu0 = time.process_time()
            started = time.monotonic()
            tally = asyncio.run(run(args.tables, args.game, args.think, args.seconds, port))
            wall = time.monotonic() - started
            client_cpu = time.process_time() - client_cpu0
            server_cpu1 = None if proc is None else cpu_seconds(proc.pid)
        finally:
            if proc is not None:
                proc.send_signal(signal.SIGTERM)
                proc.wait(30)
    rtts = sorted(tally.rtts)
    if not rtts:
        raise SystemExit(f"no action completed; errors: {tally.errors[:3]}")
    q = statistics.quantiles(rtts, n=100)
    print(
        f"{args.tables} tables of {args.game}, think {args.think} s: {len(rtts)} actions "
        f"in {wall:.0f} s ({len(rtts) / wall:.0f}/s), {tally.finished} seat games finished"
    )
    print(
        f"round trip p50 {q[49] * 1000:.1f} ms, p99 {q[98] * 1000:.1f} ms, "
        f"max {rtts[-1] * 1000:.1f} ms; errors {len(tally.errors)}, refusals {tally.refused}"
    )
    if server_cpu0 is not None and server_cpu1 is not None:
        used = server_cpu1 - server_cpu0
        print(
            f"server CPU {used:.1f} s ({used / len(rtts) * 1000:.2f} ms an action, "
            f"table creation included), load client CPU {client_cpu:.1f} s"
        )
    for e in tally.errors[:5]:
        print("  error:", e)
    print("load average:", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
