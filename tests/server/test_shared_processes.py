"""Several servers, one truth: any number of ``courtly serve`` processes on one
PostgreSQL database serve the same tables, every client of a table (whichever
server it is connected to) gets every update, one server runs a table's bots
and clocks, and when that server dies another carries its tables on. A SQLite
file is served by one process only.

Two servers in one process: presence and the news of seats in
``test_shared_presence.py``, moves in ``test_shared_moves.py``, how an action
reaches the other servers in ``test_shared_news.py``."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from courtly.engine.errors import CourtlyError
from courtly.engine.records import Record, replay
from courtly.games import get
from courtly.server.db import Store, database_url
from tests.serving import free_port, start_server

from .conftest import QUICK
from .shared import stored_actions

SEATS = {
    "agents-of-the-crown": ["human", "human", "normal", "random"],
    "agincards": ["human", "human"],
    "crown-rivals": ["human", "human"],
    "garrison": ["human", "human", "random"],
    "intrigue": ["human", "human", "easy"],
}
"""Two people (one on each server) and bots, per game."""
PACE = 0.2
"""Seconds a move at a table of bots only: slower than the bots choose (a
killed server's bots-only table is still playing when it dies), faster than
people watch (the tests do not take minutes)."""
SHORT = {**QUICK, "garrison": {"length": "quick", "max_rounds": 3}}


# -- clients ------------------------------------------------------------------------------
class Client:
    """One websocket client of a table: keeps every message; a player plays
    random legal moves (on its newest view, one at a time). ``urls``: the
    servers to try in turn when a connection drops (a server killed).
    ``hold_after``: a player that has made that many moves waits for
    ``release`` before its next one (so its game cannot end meanwhile)."""

    def __init__(
        self, urls: list[str], rng: random.Random | None = None, hold_after: int | None = None
    ) -> None:
        self.urls = urls
        self.rng = rng
        self.hold_after = hold_after
        self.release = asyncio.Event()
        self.moves = 0
        self.messages: list[dict[str, Any]] = []
        self.refusals: list[dict[str, Any]] = []
        self.reconnects = 0
        self.last: dict[str, Any] = {}

    def updates(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "update"]

    def snapshots(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "snapshot"]

    async def run(self, timeout: float = 90.0) -> None:
        """Until the game is over (a wait of ``timeout`` seconds for any message fails)."""
        at = 0
        while True:
            try:
                async with connect(self.urls[at], max_size=2**22) as ws:
                    if await self._play(ws, timeout):
                        return
            except (ConnectionClosed, OSError):
                pass
            self.reconnects += 1
            assert self.reconnects < 10, f"could not stay connected: {self.urls}"
            at = min(at + 1, len(self.urls) - 1)
            await asyncio.sleep(0.2)

    async def _play(self, ws: Any, timeout: float) -> bool:
        pending: int | None = None  # the seq of the view acted on, until answered
        floor = -1  # after a refusal, the server's view of the game: older views are stale
        sent = ""
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), timeout))
            self.messages.append(msg)
            kind = msg["type"]
            if kind == "refused" and msg["code"] == "rate_limited":  # a server's limit
                await asyncio.sleep(msg["retry_after"])
                await ws.send(sent)
                continue
            if kind == "refused":
                self.refusals.append(msg)
                assert len(self.refusals) < 30, self.refusals[-3:]
                pending = None
                # views still on their way are older than the one the server has
                # sent: acting on them is refused again (under load, a player
                # lagging behind answered each of them, 'duplicate', 30 times)
                floor = msg.get("seq", floor)
            elif kind in ("snapshot", "update"):
                self.last = msg
                if kind == "snapshot" or msg.get("yours"):
                    pending = None
                if msg["over"]:
                    return True
            if (
                self.rng is not None
                and pending is None
                and self.last.get("legal")
                and self.last["seq"] >= floor
            ):
                if self.hold_after is not None and self.moves >= self.hold_after:
                    await self.release.wait()
                self.moves += 1
                choice = self.rng.choice(self.last["legal"])
                pending = self.last["seq"]
                sent = json.dumps({"type": "act", "action": choice["id"], "seq": pending})
                await ws.send(sent)


def game_part(msg: dict[str, Any]) -> dict[str, Any]:
    """What an update tells about the game (all of it)."""
    return {k: msg.get(k) for k in ("seq", "events", "observation", "legal", "over", "result")}


def same_stream(a: Client, b: Client) -> None:
    """Two connections of one viewer, on different servers, were sent the same
    updates from the moment both were connected, in the same order."""
    start = max(a.snapshots()[0]["seq"], b.snapshots()[0]["seq"])
    ua = [game_part(m) for m in a.updates() if m["seq"] > start]
    ub = [game_part(m) for m in b.updates() if m["seq"] > start]
    assert ua and ua == ub
    seqs = [m["seq"] for m in ua]
    assert seqs == sorted(set(seqs)) and ua[-1]["over"]


# -- servers ---------------------------------------------------------------------------------
class Servers:
    """``courtly serve`` processes on one database."""

    def __init__(self, db: str, n: int) -> None:
        Store(database_url(db)).close()  # migrated once, before they start (at once)
        self.ports = [free_port() for _ in range(n)]
        with ThreadPoolExecutor(n) as starting:
            futures = [
                starting.submit(start_server, db, port, bot_pace=PACE) for port in self.ports
            ]
        self.procs = [f.result() for f in futures if f.exception() is None]
        if len(self.procs) < n:
            self.stop()
            raise next(e for f in futures if (e := f.exception()) is not None)

    def http(self, i: int) -> str:
        return f"http://127.0.0.1:{self.ports[i]}"

    def ws(self, i: int, table: str, token: str | None = None) -> str:
        query = f"?token={token}" if token else ""
        return f"ws://127.0.0.1:{self.ports[i]}/ws/tables/{table}{query}"

    def kill(self, i: int) -> None:
        os.kill(self.procs[i].pid, signal.SIGKILL)  # no shutdown: killed outright
        self.procs[i].wait(10)

    def stop(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()


@pytest.fixture
def two_servers(pg_url: str) -> Iterator[Servers]:
    servers = Servers(pg_url, 2)
    try:
        yield servers
    finally:
        servers.stop()


def make(base: str, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    body = {"game": game, "seats": seats, "options": SHORT.get(game, {}), **extra}
    r = httpx.post(f"{base}/api/tables", json=body, timeout=30)
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


def record_of(base: str, table: str) -> dict[str, Any]:
    r = httpx.get(f"{base}/api/tables/{table}/record", timeout=30)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


# -- two servers, every game -------------------------------------------------------------------
def test_two_servers_play_every_game_to_the_end_together(two_servers: Servers, pg_url: str) -> None:
    """Per game: one person plays on each server, and each seat and a spectator
    also watch from the other server. Every connection of a viewer gets the
    same updates in the same order, whichever server sent them, and both
    servers give the same final record, the one stored."""
    s = two_servers
    tables: dict[str, dict[str, Any]] = {}
    clients: dict[str, dict[str, Client]] = {}
    for i, (game, seats) in enumerate(SEATS.items()):
        made = make(s.http(i % 2), game, seats)
        table = made["table"]["id"]
        tok = [made["seats"][0]["token"], made["seats"][1]["token"]]
        tables[game] = made
        clients[game] = {
            "0@A": Client([s.ws(0, table, tok[0])], random.Random(f"{game}0")),
            "1@B": Client([s.ws(1, table, tok[1])], random.Random(f"{game}1")),
            "0@B": Client([s.ws(1, table, tok[0])]),
            "1@A": Client([s.ws(0, table, tok[1])]),
            "spectator@A": Client([s.ws(0, table)]),
            "spectator@B": Client([s.ws(1, table)]),
        }

    async def everyone() -> None:
        await asyncio.gather(*(c.run() for cs in clients.values() for c in cs.values()))

    asyncio.run(everyone())
    for game, cs in clients.items():
        table = tables[game]["table"]["id"]
        same_stream(cs["0@A"], cs["0@B"])
        same_stream(cs["1@B"], cs["1@A"])
        same_stream(cs["spectator@A"], cs["spectator@B"])
        assert all(m["legal"] == [] for m in cs["spectator@B"].updates())
        results = {json.dumps(c.last["result"], sort_keys=True) for c in cs.values()}
        assert len(results) == 1, (game, results)
        a, b = record_of(s.http(0), table), record_of(s.http(1), table)
        assert a == b, game
        rows = stored_actions(pg_url, table)
        assert [n for n, _, _ in rows] == list(range(len(rows)))
        assert [tuple(x) for x in a["actions"]] == [(seat, t) for _, seat, t in rows]
        final = replay(Record.from_json(a), get(a["game"]))
        assert final.over and final.scores == cs["spectator@B"].last["result"]["scores"]
        # each person was answered on its own server for its own moves
        assert any(m.get("yours") for m in cs["0@A"].updates())
        assert any(m.get("yours") for m in cs["1@B"].updates())


# -- one server killed ---------------------------------------------------------------------------
def test_a_killed_server_hands_its_tables_to_the_other(two_servers: Servers, pg_url: str) -> None:
    """Server A makes (and so runs) three tables, then is killed outright
    mid-game: B runs their bots and clocks from then on. A bots-only table
    watched from B plays on to the end; at a table of two people and a bot the
    person who was on A reconnects to B and both finish; at a table with a
    time bank, the clock of a person on B who does not act runs out under B,
    which has the stand-in bot play for them."""
    s = two_servers
    short = {"turn_limit": 8}  # still playing when A dies, over well before the test's patience
    bots = make(s.http(0), "crown-rivals", ["hard", "hard"], think=0.05, options=short)
    bots_only = bots["table"]["id"]
    people = make(s.http(0), "garrison", ["human", "human", "random"])
    timed = make(s.http(0), "crown-rivals", ["human", "normal"], time_bank=6.0, takeover=True)
    tok = [people["seats"][0]["token"], people["seats"][1]["token"]]
    pt = people["table"]["id"]
    watcher = Client([s.ws(1, bots_only)])
    p0 = Client([s.ws(0, pt, tok[0]), s.ws(1, pt, tok[0])], random.Random(0))
    p1 = Client([s.ws(1, pt, tok[1])], random.Random(1), hold_after=2)  # until A is gone
    idle = Client([s.ws(1, timed["table"]["id"], timed["seats"][0]["token"])])

    async def scenario() -> None:
        runs = [asyncio.ensure_future(c.run(timeout=60)) for c in (watcher, p0, p1)]
        idle_run = asyncio.ensure_future(idle.run(timeout=60))
        deadline = time.monotonic() + 60
        while len(watcher.updates()) < 3 or p1.moves < 2:
            assert time.monotonic() < deadline, "the games did not start"
            await asyncio.sleep(0.05)
        idle_told = len(idle.messages)
        await asyncio.get_running_loop().run_in_executor(None, s.kill, 0)
        p1.release.set()
        killed_at = len(watcher.updates())
        await asyncio.gather(*runs)
        assert len(watcher.updates()) > killed_at  # B played the bots on
        # the idle seat ran out of time under B: away, and the stand-in plays
        while not any(m.get("by_bot") for m in idle.updates()):
            assert time.monotonic() < deadline + 60, "nobody played for the idle seat"
            await asyncio.sleep(0.1)
        idle_run.cancel()
        # its time ran out after A was gone: under B
        assert any(
            m["type"] == "seats" and m["seats"][0]["away"] for m in idle.messages[idle_told:]
        ), "the idle seat was never told it is away"

    asyncio.run(scenario())
    assert p0.reconnects >= 1 and p0.last["over"] and p1.last["over"]
    assert watcher.last["over"] and watcher.last["result"]["winners"]
    for table in (bots_only, pt):
        rows = stored_actions(pg_url, table)
        assert [n for n, _, _ in rows] == list(range(len(rows)))
        record = record_of(s.http(1), table)
        assert [tuple(x) for x in record["actions"]] == [(seat, t) for _, seat, t in rows]
        assert replay(Record.from_json(record), get(record["game"])).over


# -- SQLite: one server per file -------------------------------------------------------------------
def test_a_second_server_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "one.db"
    store = Store(database_url(str(db)))
    with pytest.raises(CourtlyError, match="in use by another Courtly server"):
        Store(database_url(str(db)))
    store.close()
    Store(database_url(str(db))).close()  # free again once closed
    port = free_port()
    first = start_server(db, port)
    try:
        second = subprocess.run(
            [
                sys.executable,
                "-c",
                "from courtly.cli.app import main; main()",
                "serve",
                "--port",
                str(free_port()),
                "--db",
                str(db),
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert second.returncode != 0
        said = second.stdout + second.stderr
        assert f"process {first.pid}" in said and "PostgreSQL" in said, said
        assert "Traceback" not in said
        assert httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=10).status_code == 200
    finally:
        first.send_signal(signal.SIGTERM)
        try:
            first.wait(15)
        except subprocess.TimeoutExpired:
            first.kill()
