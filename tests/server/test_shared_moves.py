"""Moves at a table served by two servers in one process, on one PostgreSQL
database: moves submitted on both at once are stored and applied in one
order; a clock run by one server reaches a player on the other, and their
return reaches it back; a game goes on to its end after every database
connection is cut."""

from __future__ import annotations

import threading
import time
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from courtly.server.app import create_app
from courtly.server.db import database_url

from .conftest import create
from .shared import LIMITS, play_both, stored_actions, until


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
