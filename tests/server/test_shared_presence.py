"""Who is where, across servers: two servers in one process on one PostgreSQL
database pass each other the seats, names, chat, presence and rematches of a
table; a server taken for gone is asked afresh once heard again, a presence
notification that fails is sent again, and after the notifications drop what
was heard before is dropped."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from courtly.server.app import create_app

from .conftest import LeakAudit, create
from .shared import LIMITS, play_both, presence, until


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
