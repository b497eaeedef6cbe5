"""Tables that nobody uses leave memory and come back on demand; a restart
answers at once and resumes only the tables played lately."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from courtly.server.app import create_app
from courtly.server.limits import Limits
from courtly.server.tables import Table

from .conftest import create

LIMITS = Limits(rate=1000, burst=1000, create_rate=1000, create_burst=1000)


def hub(client: TestClient) -> Any:
    return client.app.state.hub  # type: ignore[attr-defined]


def until(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg


def wait_over(client: TestClient, table: str, limit: float = 60) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and not client.get(f"/api/tables/{table}").json()["over"]:
        time.sleep(0.1)


def test_idle_and_finished_tables_leave_memory_and_come_back(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "m.db"), limits=LIMITS, idle_after=0.3)
    with TestClient(app) as client:
        done = create(client, "crown-rivals", ["random", "random"])["table"]["id"]
        wait_over(client, done)
        waiting = create(client, "crown-rivals", ["human", "human"])
        idle, tok = waiting["table"]["id"], waiting["seats"][0]["token"]
        watched = create(client, "crown-rivals", ["human", "human"])["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{watched}") as ws:
            first = until(ws, "snapshot")
            time.sleep(0.4)
            hub(client).sweep()  # (the server's own sweeps may have run already)
            assert done not in hub(client).tables and idle not in hub(client).tables
            assert watched in hub(client).tables  # a client is there
        # on demand: the same game, the same view
        info = client.get(f"/api/tables/{done}").json()
        assert info["over"] and info["seq"] > 0
        assert client.get(f"/api/tables/{done}/record").status_code == 200
        with client.websocket_connect(f"/ws/tables/{idle}?token={tok}") as ws:
            snap = until(ws, "snapshot")
            assert snap["you"] == 0 and snap["seq"] == 0
        assert first["type"] == "snapshot"


def test_a_table_just_handed_out_is_not_swept(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "h.db"), limits=LIMITS, idle_after=0.3)
    with TestClient(app) as client:
        table = create(client, "crown-rivals", ["human", "human"])["table"]["id"]
        time.sleep(0.4)
        assert client.get(f"/api/tables/{table}").status_code == 200  # touches it
        assert table not in hub(client).sweep()


def test_a_restart_answers_at_once_and_resumes_only_recent_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = str(tmp_path / "r.db")
    with TestClient(create_app(db, limits=LIMITS, idle_after=1.0)) as client:
        old = [create(client, "crown-rivals", ["human", "human"])["table"]["id"] for _ in range(3)]
        time.sleep(1.2)
        recent = create(client, "crown-rivals", ["human", "human"])["table"]["id"]
    real = Table.restore

    def slow_restore(*args: Any, **kwargs: Any) -> Table:
        time.sleep(0.5)
        return real(*args, **kwargs)

    monkeypatch.setattr(Table, "restore", slow_restore)
    start = time.monotonic()
    with TestClient(create_app(db, limits=LIMITS, idle_after=1.0)) as client:
        assert client.get("/api/games").status_code == 200
        assert time.monotonic() - start < 3.0  # not after replaying tables
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and recent not in hub(client).tables:
            time.sleep(0.05)
        assert recent in hub(client).tables
        assert not set(old) & set(hub(client).tables)  # idle ones wait to be asked for
        assert client.get(f"/api/tables/{old[0]}").status_code == 200
        assert old[0] in hub(client).tables
