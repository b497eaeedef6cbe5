"""Simultaneous decisions: every seat submits at once, each accepted once, in one
order, stored before anyone hears of it; duplicates refused. Clocks: an idle seat
is played by a bot when the table allows it."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from courtly.server.db import database_url

from .conftest import BACKENDS, LeakAudit, create


@pytest.mark.parametrize("backend", BACKENDS)
def test_simultaneous_commits_in_any_order_duplicates_refused(
    client: TestClient, audit: LeakAudit, database: str
) -> None:
    made = create(client, "agents-of-the-crown", ["human"] * 4)
    table = made["table"]["id"]
    toks = [s["token"] for s in made["seats"]]
    conns = [client.websocket_connect(f"/ws/tables/{table}?token={t}") for t in toks]
    ws = [c.__enter__() for c in conns]
    try:
        snaps = [w.receive_json() for w in ws]
        assert all(s["legal"] for s in snaps), "the opening pass is made by every seat at once"
        seq = snaps[0]["seq"]
        barrier = threading.Barrier(4)
        seen: list[list[dict[str, Any]]] = [[] for _ in range(4)]

        def submit(i: int) -> None:
            act = {"type": "act", "action": snaps[i]["legal"][0]["id"], "seq": seq}
            barrier.wait()
            ws[i].send_json(act)
            ws[i].send_json(act)  # a double click
            ws[i].send_json({**act, "seq": None})  # and again without seq
            got_mine = refusals = 0
            while got_mine < 1 or refusals < 2:
                msg = ws[i].receive_json()
                seen[i].append(msg)
                got_mine += msg.get("yours") is not None
                refusals += msg["type"] == "refused"

        threads = [threading.Thread(target=submit, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        for i in range(4):
            mine = [m for m in seen[i] if m.get("yours")]
            refused = [m for m in seen[i] if m["type"] == "refused"]
            assert len(mine) == 1 and mine[0]["yours"] == snaps[i]["legal"][0]["notation"]
            # with its seq a repeat is known for a duplicate; without one it is a
            # duplicate while the decision is open, and illegal (the engine's
            # reason) once the next decision has begun
            assert refused[0]["code"] == "duplicate" and "already acted" in refused[0]["reason"]
            assert refused[1]["code"] in ("duplicate", "illegal"), refused
            updates = [m["seq"] for m in seen[i] if m["type"] == "update"]
            assert updates == sorted(updates)
    finally:
        for c in conns:
            c.__exit__(None, None, None)
    engine = create_engine(database_url(database))
    with engine.connect() as db:
        rows = db.execute(
            text("select n, seat from actions where table_id = :t order by n"), {"t": table}
        ).all()
    engine.dispose()
    assert [n for n, _ in rows] == list(range(seq + 4))
    assert sorted(seat for _, seat in rows[seq:]) == [0, 1, 2, 3]


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_idle_seat_is_taken_over_and_taken_back(client: TestClient, audit: LeakAudit) -> None:
    made = create(client, "crown-rivals", ["human", "normal"], time_bank=0.3, takeover=True, seed=4)
    table, tok = made["table"]["id"], made["seats"][0]["token"]
    watcher_cm = client.websocket_connect(f"/ws/tables/{table}")
    watcher = watcher_cm.__enter__()
    assert watcher.receive_json()["type"] == "snapshot"
    with client.websocket_connect(f"/ws/tables/{table}?token={tok}") as ws:
        snap = ws.receive_json()
        assert snap["seats"][0]["clock"] == 0.3 and snap["seats"][1]["clock"] is None
        deadline = time.monotonic() + 10
        away = by_bot = None
        while (away is None or by_bot is None) and time.monotonic() < deadline:
            msg = ws.receive_json()
            if msg["type"] == "seats" and msg["seats"][0]["away"]:
                away = msg
            if msg["type"] == "update" and msg.get("by_bot"):
                by_bot = msg
        assert away is not None and away["seats"][0]["clock"] == 0.0
        # the public summary shows no clock and no away flag (a clock running out
        # in a reaction window would tell who is being asked)
        info = client.get(f"/api/tables/{table}").json()
        assert not any(s["away"] or s["clock"] is not None for s in info["seats"])
        assert by_bot is not None and by_bot["yours"]
        ws.send_json({"type": "back"})
        while True:
            msg = ws.receive_json()
            if msg["type"] == "seats" and not msg["seats"][0]["away"]:
                break
        assert msg["seats"][0]["clock"] is not None and msg["seats"][0]["clock"] > 0
        ws.send_json({"type": "back"})  # only an away seat gets a fresh bank
        while (msg := ws.receive_json())["type"] != "refused":
            pass
        assert msg["code"] == "not_away" and "time ran out" in msg["reason"]
        # the spectator heard of seat 0 connecting, and nothing of its clock
        watcher.send_json({"type": "ping"})
        heard = []
        while (m := watcher.receive_json())["type"] != "pong":
            heard.append(m)
    watcher_cm.__exit__(None, None, None)
    seats_msgs = [m for m in heard if m["type"] == "seats"]
    assert len(seats_msgs) == 1 and seats_msgs[0]["seats"][0]["connected"]
    assert not any(s["away"] or s["clock"] is not None for s in seats_msgs[0]["seats"])


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_restarted_server_resumes_every_table(database: str) -> None:
    from courtly.server.app import create_app

    with TestClient(create_app(database)) as client:
        made = create(client, "intrigue", ["human", "normal", "hard"], think=0.05)
        table, tok = made["table"]["id"], made["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{table}?token={tok}") as ws:
            msg = ws.receive_json()
            while not msg.get("legal"):
                msg = ws.receive_json()
            ws.send_json({"type": "act", "action": msg["legal"][0]["id"], "seq": msg["seq"]})
            acted = msg["seq"]
            # the bots play on to the human's next decision, however slow the machine
            while not (msg["type"] == "update" and msg["seq"] > acted and msg["legal"]):
                msg = ws.receive_json()
            before = client.get(f"/api/tables/{table}").json()["seq"]
        with client.websocket_connect(f"/ws/tables/{table}?token={tok}") as ws:
            snap_before = ws.receive_json()
    with (
        TestClient(create_app(database)) as client,
        client.websocket_connect(f"/ws/tables/{table}?token={tok}") as ws,
    ):
        snap_after = ws.receive_json()
        resumed = client.app.state.hub.tables[table].table  # type: ignore[attr-defined]
        assert resumed.think == 0.05 and resumed.seats[2].bot == "hard"
    assert snap_after["seq"] == snap_before["seq"] == before >= 2
    assert snap_after["observation"] == snap_before["observation"]
    assert snap_after["legal"] == snap_before["legal"]


def test_a_hard_bot_thinks_in_a_worker_process(client: TestClient, audit: LeakAudit) -> None:
    made = create(client, "crown-rivals", ["human", "hard"], think=0.05, seed=2)
    table, tok = made["table"]["id"], made["seats"][0]["token"]
    bot_moves = 0
    with client.websocket_connect(f"/ws/tables/{table}?token={tok}") as ws:
        msg = ws.receive_json()
        deadline = time.monotonic() + 30
        while bot_moves < 2 and time.monotonic() < deadline:
            if msg["type"] in ("snapshot", "update"):
                if msg["type"] == "update" and not msg.get("yours"):
                    bot_moves += 1
                if msg["legal"] and not msg["over"]:
                    act = {"type": "act", "action": msg["legal"][0]["id"], "seq": msg["seq"]}
                    ws.send_json(act)
            msg = ws.receive_json()
    assert bot_moves >= 2
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.pool._processes is not None


def test_a_client_that_leaves_while_the_table_is_busy_is_taken_off_it(tmp_path: Any) -> None:
    """The table's lock is held (a move being stored, a bot thinking) when a
    client leaves and its handler is cancelled: once the lock is free the
    client is still taken off the table, and the other seat is told it left,
    where it used to stay listed as connected for good."""
    from courtly.server.app import create_app
    from courtly.server.limits import Limits

    limits = Limits(rate=1000, burst=1000, create_rate=1000, create_burst=1000)
    app = create_app(str(tmp_path / "busy.db"), limits=limits)
    with TestClient(app) as client:
        made = create(client, "crown-rivals", ["human", "human"])
        table, toks = made["table"]["id"], [s["token"] for s in made["seats"]]
        hub = app.state.hub
        live = client.portal.call(hub.get, table)
        holding = threading.Event()
        release = threading.Event()

        async def hold_the_lock() -> None:
            async with live.lock:
                holding.set()
                while not release.is_set():
                    await asyncio.sleep(0.01)

        with client.websocket_connect(f"/ws/tables/{table}?token={toks[0]}") as ws0:
            ws0.receive_json()
            with client.websocket_connect(f"/ws/tables/{table}?token={toks[1]}") as ws1:
                ws1.receive_json()
                held = threading.Thread(target=client.portal.call, args=(hold_the_lock,))
                held.start()
                assert holding.wait(10)
            release.set()  # ws1 has gone, its handler cancelled while it waited
            held.join(10)
            deadline = time.monotonic() + 10
            while 1 in client.portal.call(live.connected):
                assert time.monotonic() < deadline, "seat 1 is still listed as connected"
                time.sleep(0.05)
            while True:
                msg = ws0.receive_json()
                if "seats" in msg and not msg["seats"][1]["connected"]:
                    break
