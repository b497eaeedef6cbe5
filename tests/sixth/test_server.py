"""The sixth game at a table of the web server: created over HTTP, played to
the end over the websocket against the server's bots, every message checked
for hidden cards; its pages drawn without a script of its own."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from courtly import games
from courtly.engine.records import Record, replay
from courtly.server.app import create_app
from courtly.server.limits import Limits
from tests.server.conftest import LeakAudit, play_to_end


@pytest.fixture
def client(registered: str, tmp_path: Path) -> Iterator[TestClient]:
    limits = Limits(rate=1000, burst=1000, create_rate=1000, create_burst=1000)
    with TestClient(create_app(str(tmp_path / "courtly.db"), limits=limits)) as c:
        yield c


def test_a_table_played_to_the_end_over_the_websocket(client: TestClient, registered: str) -> None:
    audit = LeakAudit()
    client.app.state.hub.audit = audit  # type: ignore[attr-defined]
    body = {
        "game": registered,
        "seats": ["human", "normal", "easy"],
        "options": {"rounds": 2, "trumps": True},
        "name": "Ada",
    }
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    made = r.json()
    table, me = made["table"]["id"], made["seats"][0]
    with client.websocket_connect(f"/ws/tables/{table}?token={me['token']}") as ws:
        first = ws.receive_json()
        assert first["type"] == "snapshot" and first["game"] == registered
        assert len(first["observation"]["hand"]) == 3 and first["legal"]
        last = play_to_end(ws, random.Random(6), first)
    assert last["over"] and last["result"]["winners"]
    assert audit.checked > 0 and not audit.leaks, audit.leaks[:3]
    record = Record.from_json(client.get(f"/api/tables/{table}/record").json())
    final = replay(record, games.get(registered))
    assert final.over and final.scores == last["result"]["scores"]
    assert len(record.actions) == 2 * 3 * 4


def test_the_lobby_offers_it_and_its_pages_load(client: TestClient, registered: str) -> None:
    lobby = client.get("/")
    assert lobby.status_code == 200 and "Three Tricks" in lobby.text
    rules = client.get(f"/rules/{registered}")
    assert rules.status_code == 200 and "exact_bonus" in rules.text
    r = client.post("/api/tables", json={"game": registered, "seats": ["human", "random"]})
    made = r.json()
    page = client.get(made["seats"][0]["invite"])
    assert page.status_code == 200 and "/static/games/common.js" in page.text
