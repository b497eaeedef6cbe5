"""Several servers, one truth: any number of ``courtly serve`` processes on one
PostgreSQL database serve the same tables, every client of a table (whichever
server it is connected to) gets every update, one server runs a table's bots
and clocks, and when that server dies another carries its tables on. A SQLite
file is served by one process only."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from courtly.engine.errors import CourtlyError
from courtly.engine.records import Record, replay
from courtly.games import get
from courtly.server.app import create_app
from courtly.server.db import Store, database_url
from courtly.server.limits import Limits
from tests.serving import free_port, start_server

from .conftest import QUICK, LeakAudit, create

LIMITS = Limits(rate=1000, burst=1000, create_rate=1000, create_burst=1000)

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
            elif kind in ("snapshot", "update"):
                self.last = msg
                if kind == "snapshot" or msg.get("yours"):
                    pending = None
                if msg["over"]:
                    return True
            if self.rng is not None and pending is None and self.last.get("legal"):
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


def stored_actions(db: str, table: str) -> list[tuple[int, int, str]]:
    engine = create_engine(database_url(db))
    with engine.connect() as conn:
        rows = conn.execute(
            text("select n, seat, notation from actions where table_id = :t order by n"),
            {"t": table},
        ).all()
    engine.dispose()
    return [(n, seat, notation) for n, seat, notation in rows]


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
    bots_only = make(s.http(0), "crown-rivals", ["hard", "hard"], think=0.05)["table"]["id"]
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


# -- two servers in one process: seats, names, chat, presence, rematch -------------------------------
SEATS_SEEN: dict[int, list[dict[str, Any]]] = {}
"""The newest seats each websocket (by id) was told of, kept by ``until``."""


VIEWS_SEEN: dict[int, dict[str, Any]] = {}
"""The newest view (snapshot or update) each websocket was sent, kept by ``until``."""


def until(ws: Any, test: Any) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if "seats" in msg:
            SEATS_SEEN[id(ws)] = msg["seats"]
        if msg["type"] in ("snapshot", "update"):
            VIEWS_SEEN[id(ws)] = msg
        if test(msg):
            return msg


def presence(ws: Any, seat: int, connected: bool) -> None:
    """Until ``ws`` was last told that ``seat`` is (or is not) connected: a
    seats message passed over while waiting for something else counts."""
    seen = SEATS_SEEN.get(id(ws))
    if seen is None or seen[seat]["connected"] != connected:
        until(ws, lambda m: "seats" in m and m["seats"][seat]["connected"] == connected)


def test_seats_names_chat_presence_and_rematch_reach_every_server(pg_url: str) -> None:
    audit = LeakAudit()
    with (
        TestClient(create_app(pg_url, limits=LIMITS)) as a,
        TestClient(create_app(pg_url, limits=LIMITS)) as b,
    ):
        for c in (a, b):
            c.app.state.hub.audit = audit  # type: ignore[attr-defined]
        made = create(a, "crown-rivals", ["human", "open"], public=True)
        table, tok0 = made["table"]["id"], made["seats"][0]["token"]
        assert [t["id"] for t in b.get("/api/tables").json()] == [table]
        with (
            a.websocket_connect(f"/ws/tables/{table}?token={tok0}") as ws0,
            b.websocket_connect(f"/ws/tables/{table}") as watch_b,
        ):
            snap0 = until(ws0, lambda m: m["type"] == "snapshot")
            # B hears that seat 0 has a client on A
            until(watch_b, lambda m: "seats" in m and m["seats"][0]["connected"])
            joined = b.post(f"/api/tables/{table}/join", json={"name": "Bea"}).json()
            assert joined["seat"] == 1
            seen = until(ws0, lambda m: m["type"] == "seats" and m["seats"][1]["kind"] == "human")
            assert seen["seats"][1]["name"] == "Bea"
            assert a.get("/api/tables").json() == []  # A knows the seat is taken
            r = a.post(f"/api/tables/{table}/join", json={"name": "Cy"})
            assert r.status_code == 400 and "no free seat" in r.json()["error"]
            a.post(f"/api/tables/{table}/claim", json={"token": tok0, "name": "Ada"})
            until(watch_b, lambda m: m["type"] == "seats" and m["seats"][0]["name"] == "Ada")
            with b.websocket_connect(f"/ws/tables/{table}?token={joined['token']}") as ws1:
                snap1 = until(ws1, lambda m: m["type"] == "snapshot")
                assert snap1["seats"][0]["connected"]
                until(ws0, lambda m: m["type"] == "seats" and m["seats"][1]["connected"])
                ws1.send_json({"type": "chat", "text": "hello from B"})
                line = until(ws0, lambda m: m["type"] == "chat")
                assert (line["seat"], line["name"], line["text"]) == (1, "Bea", "hello from B")
                ws0.send_json({"type": "chat", "text": "hello from A"})
                lines = [until(watch_b, lambda m: m["type"] == "chat")["text"] for _ in range(2)]
                assert lines == ["hello from B", "hello from A"]
                play_both(ws0, ws1, [snap0, snap1])
            # seat 1 left B: A hears it
            presence(ws0, 1, connected=False)
            # a rematch asked for on B reaches seat 0 on A, with its own new token
            new = b.post(
                f"/api/tables/{table}/rematch", json={"token": joined["token"], "rotate": False}
            ).json()
            invite = until(ws0, lambda m: m["type"] == "rematch")
            assert invite["table"] == new["table"]["id"] and invite["seat"] == 0
            again = a.post(f"/api/tables/{table}/rematch", json={"token": tok0}).json()
            assert again["table"]["id"] == new["table"]["id"]
            assert again["you"]["token"] == invite["token"]
        # a reconnect on B shows the chat as stored, in order
        with b.websocket_connect(f"/ws/tables/{table}?token={tok0}") as ws:
            snap = until(ws, lambda m: m["type"] == "snapshot")
        assert [c["text"] for c in snap["chat"]] == ["hello from B", "hello from A"]
    assert not audit.leaks, audit.leaks[:5]


def test_a_server_taken_for_gone_is_asked_who_is_where_once_heard_again(pg_url: str) -> None:
    """A server not heard from for three heartbeats is taken for gone, and its
    clients with it; when it is heard from again (here: a chat line sent
    there), the others ask it afresh who is where, so a player still connected
    there shows as connected again, not away for good."""
    with (
        TestClient(create_app(pg_url, limits=LIMITS)) as a,
        TestClient(create_app(pg_url, limits=LIMITS)) as b,
    ):
        made = create(a, "crown-rivals", ["human", "human"])
        table, toks = made["table"]["id"], [s["token"] for s in made["seats"]]
        hub_a, hub_b = a.app.state.hub, b.app.state.hub  # type: ignore[attr-defined]

        def seat_1_shown_on_a(connected: bool) -> None:
            deadline = time.monotonic() + 30
            while (1 in a.portal.call(hub_a.tables[table].connected)) != connected:  # type: ignore[union-attr]
                assert time.monotonic() < deadline, f"A never showed seat 1 connected={connected}"
                time.sleep(0.05)
            presence(ws0, 1, connected)

        with (
            a.websocket_connect(f"/ws/tables/{table}?token={toks[0]}") as ws0,
            b.websocket_connect(f"/ws/tables/{table}?token={toks[1]}") as ws1,
        ):
            until(ws1, lambda m: m["type"] == "snapshot")
            seat_1_shown_on_a(True)
            a.portal.call(hub_a._fell_silent, hub_b.store.server)  # type: ignore[union-attr]
            seat_1_shown_on_a(False)
            ws1.send_json({"type": "chat", "text": "still here"})
            until(ws0, lambda m: m["type"] == "chat")
            seat_1_shown_on_a(True)


def test_a_presence_notification_that_fails_is_sent_again(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """B's first try to tell the others that seat 1 has a client there fails
    (the database hiccups): B tries again, and A shows seat 1 connected."""
    with (
        TestClient(create_app(pg_url, limits=LIMITS)) as a,
        TestClient(create_app(pg_url, limits=LIMITS)) as b,
    ):
        made = create(a, "crown-rivals", ["human", "human"])
        table, toks = made["table"]["id"], [s["token"] for s in made["seats"]]
        hub_a, coord_b = a.app.state.hub, b.app.state.hub.coord  # type: ignore[attr-defined]
        notify, failed = coord_b.notify, []

        async def flaky(kind: str, table_id: str, extra: str = "") -> None:
            if kind == "p" and not failed:
                failed.append(extra)
                raise OSError("the connection to the database was lost")
            await notify(kind, table_id, extra)

        monkeypatch.setattr(coord_b, "notify", flaky)
        with (
            a.websocket_connect(f"/ws/tables/{table}?token={toks[0]}") as ws0,
            b.websocket_connect(f"/ws/tables/{table}?token={toks[1]}"),
        ):
            deadline = time.monotonic() + 30
            while 1 not in a.portal.call(hub_a.tables[table].connected):  # type: ignore[union-attr]
                assert time.monotonic() < deadline, "A never heard that seat 1 is on B"
                time.sleep(0.05)
            presence(ws0, 1, connected=True)
        assert failed == ["1"]


def play_both(ws0: Any, ws1: Any, views: list[dict[str, Any]]) -> None:
    """Seat 0 (on one server) and seat 1 (on the other) play a game of turns
    to the end from their ``views``; after each action, the other server tells
    its client."""
    rng = random.Random(3)
    refusals = 0
    for _ in range(2000):
        if all(v["over"] for v in views):
            return
        i = next((i for i in (0, 1) if views[i]["legal"] and not views[i]["over"]), None)
        if i is None:  # nobody to act in the views so far: wait for news
            i = 0 if not views[0]["over"] else 1
            views[i] = until((ws0, ws1)[i], lambda m: m["type"] == "update")
            continue
        ws = (ws0, ws1)[i]
        ws.send_json(
            {"type": "act", "action": rng.choice(views[i]["legal"])["id"], "seq": views[i]["seq"]}
        )
        got = until(ws, lambda m: m["type"] == "refused" or m.get("yours") is not None)
        if got["type"] == "refused":
            # The owner made a forced move of this seat after the view acted on:
            # catch up with what the seat was told, and play on from there.
            assert got["code"] in ("stale", "duplicate"), got
            refusals += 1
            assert refusals < 20, got
            told = got["seq"]
            seen = VIEWS_SEEN.get(id(ws))
            if seen is None or seen["seq"] < told:
                seen = until(ws, lambda m, told=told: m.get("seq") == told)
            views[i] = seen
            continue
        views[i] = got
        other = 1 - i
        if not views[other]["over"]:  # the other server tells its client
            done = got["seq"]
            views[other] = until(
                (ws0, ws1)[other],
                lambda m, done=done: m["type"] == "update" and m["seq"] >= done,
            )
    raise AssertionError("the game did not end")


def test_simultaneous_commits_on_two_servers_are_stored_in_one_order(pg_url: str) -> None:
    """Agents of the Crown opens with every seat to act at once: two seats
    submit on A and two on B at the same moment. Each is accepted once, none
    is refused for want of storage, both servers apply the four in the one
    order stored, and every connection hears of all four."""
    with (
        TestClient(create_app(pg_url, limits=LIMITS)) as a,
        TestClient(create_app(pg_url, limits=LIMITS)) as b,
    ):
        made = create(a, "agents-of-the-crown", ["human"] * 4)
        table, toks = made["table"]["id"], [s["token"] for s in made["seats"]]
        servers = [a, a, b, b]
        cms = [
            servers[i].websocket_connect(f"/ws/tables/{table}?token={toks[i]}") for i in range(4)
        ]
        ws = [cm.__enter__() for cm in cms]
        try:
            snaps = [until(w, lambda m: m["type"] == "snapshot") for w in ws]
            assert all(snap["legal"] for snap in snaps)
            seq = snaps[0]["seq"]
            barrier = threading.Barrier(4)
            seen: list[list[dict[str, Any]]] = [[] for _ in range(4)]

            def submit(i: int) -> None:
                act = {"type": "act", "action": snaps[i]["legal"][0]["id"], "seq": seq}
                barrier.wait()
                ws[i].send_json(act)
                while not any(m.get("seq") == seq + 4 for m in seen[i]):
                    seen[i].append(ws[i].receive_json())

            threads = [threading.Thread(target=submit, args=(i,)) for i in range(4)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(60)
            for i in range(4):
                assert not [m for m in seen[i] if m["type"] == "refused"], seen[i]
                mine = [m for m in seen[i] if m.get("yours")]
                assert len(mine) == 1 and mine[0]["yours"] == snaps[i]["legal"][0]["notation"]
                updates = [m["seq"] for m in seen[i] if m["type"] == "update"]
                assert updates == sorted(set(updates)) and updates[-1] == seq + 4
        finally:
            for cm in cms:
                cm.__exit__(None, None, None)
        records = [
            c.app.state.hub.tables[table].table.state.record().actions  # type: ignore[attr-defined]
            for c in (a, b)
        ]
    rows = stored_actions(pg_url, table)
    assert [n for n, _, _ in rows] == list(range(seq + 4))
    assert sorted(seat for _, seat, _ in rows[seq:]) == [0, 1, 2, 3]
    assert records[0] == records[1] == [(seat, t) for _, seat, t in rows]


def test_a_seat_runs_out_of_time_on_one_server_and_comes_back_on_another(pg_url: str) -> None:
    """A runs the table's clock; its player is on B: B tells them they are
    away and shows the stand-in's moves, and their ``back`` on B reaches A
    (which stops playing for them) and the database."""
    with (
        TestClient(create_app(pg_url, limits=LIMITS)) as a,
        TestClient(create_app(pg_url, limits=LIMITS)) as b,
    ):
        made = create(a, "crown-rivals", ["human", "normal"], time_bank=1.5, takeover=True)
        table, tok = made["table"]["id"], made["seats"][0]["token"]
        on_a = a.app.state.hub.tables[table]  # type: ignore[attr-defined]
        with b.websocket_connect(f"/ws/tables/{table}?token={tok}") as ws:
            until(ws, lambda m: m["type"] == "seats" and m["seats"][0]["away"])
            assert until(ws, lambda m: m.get("by_bot"))["yours"]
            assert not b.app.state.hub.tables[table].owner  # type: ignore[attr-defined]
            ws.send_json({"type": "back"})
            until(ws, lambda m: m["type"] == "seats" and not m["seats"][0]["away"])
            engine = create_engine(database_url(pg_url))
            with engine.connect() as conn:
                away = conn.execute(
                    text("select away from seats where table_id = :t and seat = 0"), {"t": table}
                ).scalar()
            engine.dispose()
            assert away is False  # stored before B said so
            deadline = time.monotonic() + 5
            while on_a.table.seats[0].away:
                assert time.monotonic() < deadline, "A never heard the seat is back"
                time.sleep(0.02)


def test_servers_whose_database_connections_drop_connect_again(pg_url: str) -> None:
    """Every connection of both servers is cut mid-game (a database restart,
    a network fault): they connect again, hear each other again, and the game
    goes on to its end, its bot run by one of them."""
    with (
        TestClient(create_app(pg_url, limits=LIMITS)) as a,
        TestClient(create_app(pg_url, limits=LIMITS)) as b,
    ):
        made = create(a, "intrigue", ["human", "human", "random"])
        table, toks = made["table"]["id"], [s["token"] for s in made["seats"][:2]]
        with (
            a.websocket_connect(f"/ws/tables/{table}?token={toks[0]}") as ws0,
            b.websocket_connect(f"/ws/tables/{table}?token={toks[1]}") as ws1,
        ):
            views = [until(ws, lambda m: m["type"] == "snapshot") for ws in (ws0, ws1)]
            engine = create_engine(database_url(pg_url))
            with engine.connect() as conn:
                cut = conn.execute(
                    text(
                        "select count(pg_terminate_backend(pid)) from pg_stat_activity "
                        "where application_name = 'courtly' and datname = current_database()"
                    )
                ).scalar()
            engine.dispose()
            assert cut and cut >= 4  # each server's pool, listener and owner connections
            time.sleep(1.5)  # the listeners connect again
            play_both(ws0, ws1, views)
    rows = stored_actions(pg_url, table)
    assert rows and [n for n, _, _ in rows] == list(range(len(rows)))
    assert any(seat == 2 for _, seat, _ in rows)  # the bot played


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


def test_after_the_notifications_drop_who_is_where_is_asked_afresh(db_path: Path) -> None:
    # A client that left another server while this one heard nothing was never
    # announced as gone; the question asked after reconnecting is answered only
    # by servers with clients at the table, so what was heard before is dropped.
    with TestClient(create_app(str(db_path), limits=LIMITS)) as a:
        made = create(a, "crown-rivals", ["human", "human"])
        table, tok0 = made["table"]["id"], made["seats"][0]["token"]
        hub = a.app.state.hub  # type: ignore[attr-defined]
        with a.websocket_connect(f"/ws/tables/{table}?token={tok0}") as ws0:
            until(ws0, lambda m: m["type"] == "snapshot")
            a.portal.call(hub._noted, "other", "p", table, "1")  # type: ignore[union-attr]
            seen = until(ws0, lambda m: m["type"] == "seats" and m["seats"][1]["connected"])
            assert seen["seats"][0]["connected"]
            a.portal.call(hub._reset)  # type: ignore[union-attr]
            gone = until(ws0, lambda m: m["type"] == "seats")
            assert gone["seats"][0]["connected"] and not gone["seats"][1]["connected"]
