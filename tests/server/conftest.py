"""Web-play test helpers: an app on a temporary database, clients that play
legal moves over the websocket, and the leak audit on every game message."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from courtly.engine.testing import card_codes_in
from courtly.server.app import create_app
from courtly.server.limits import Limits
from courtly.server.tables import Table

from .postgres import Cluster, binaries

QUICK = {
    "agents-of-the-crown": {"years": 1},
    "agincards": {},
    "crown-rivals": {"turn_limit": 20},
    "garrison": {"length": "quick"},
    "intrigue": {"rounds": 1, "hand_size": 3},
}
"""Short options per game, for tests."""


RANDOM_IDS = frozenset({"table", "rematch"})
"""Fields of a game message holding a table's random id, not read for card
codes: its letters can spell one by chance (a table called ``x-AH_yz``)."""


class LeakAudit:
    """Checks every game message, as it is sent, against the cards hidden from
    its seat at that moment (the check of the engine's test kit). One allowance:
    a card named by a public event of the same message was shown to the whole
    table during the action, even if it is hidden again by its end (a market
    refill that a reshuffle then takes back). The table's ids are not read
    (``RANDOM_IDS``)."""

    def __init__(self) -> None:
        self.checked = 0
        self.leaks: list[str] = []
        self.by_seat: dict[int | None, int] = {}

    def __call__(self, table: Table, seat: int | None, payload: dict[str, Any]) -> None:
        self.checked += 1
        self.by_seat[seat] = self.by_seat.get(seat, 0) + 1
        codes = table.game.card_codes()
        hidden = table.state.hidden_from(seat)
        events = payload.get("events") or payload.get("log") or []
        shown = card_codes_in([e["event"] for e in events if e["public"]], codes)
        rest = {k: v for k, v in payload.items() if k not in {"events", "log", *RANDOM_IDS}}
        leaked = (card_codes_in(rest, codes) & hidden) | (
            (card_codes_in(events, codes) - shown) & hidden
        )
        # legal actions go to a seat exactly when it is to act, and to no other
        to_act = seat in table.state.to_act and not table.state.over
        if seat is not None and "legal" in payload and bool(payload["legal"]) != to_act:
            self.leaks.append(f"{table.game.id} seat {seat}: legal actions out of turn")
        if leaked:
            where = [v for v in payload.get("events", []) if card_codes_in(v, frozenset(leaked))]
            self.leaks.append(
                f"{table.game.id} seat {seat}: {sorted(leaked)} in {payload['type']} {where}"
            )


BACKENDS = ["sqlite", "postgresql"]
"""For ``@pytest.mark.parametrize("backend", BACKENDS)``: the test runs on a
SQLite file and on a PostgreSQL database (the ``database`` fixture)."""


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """A PostgreSQL cluster of this test session. Skipped only where PostgreSQL
    is not installed at all, and never in CI (CI is set): .ci/run installs it."""
    bindir = binaries()
    if bindir is None:
        message = (
            "PostgreSQL is not installed (Debian: apt-get install postgresql; "
            "or set COURTLY_PG_BIN to the directory of initdb and pg_ctl)"
        )
        if os.environ.get("CI"):
            pytest.fail(message + ": CI runs every PostgreSQL test")
        pytest.skip(message)
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.fail('the PostgreSQL driver is missing: pip install -e ".[postgres]"')
    cluster = Cluster(bindir)
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(postgres: Cluster) -> str:
    """The URL of a fresh, empty PostgreSQL database."""
    return postgres.new_database()


@pytest.fixture
def backend() -> str:
    """The database a test runs on (parametrize it with BACKENDS)."""
    return "sqlite"


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "courtly.db"


@pytest.fixture
def database(backend: str, db_path: Path, request: pytest.FixtureRequest) -> str:
    """What ``courtly serve --db`` is given: the SQLite file, or a fresh
    PostgreSQL database's URL."""
    if backend == "postgresql":
        url: str = request.getfixturevalue("pg_url")
        return url
    return str(db_path)


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    # Test clients act at machine speed: a generous rate (the limit has its own test).
    with TestClient(
        create_app(
            database, limits=Limits(rate=1000, burst=1000, create_rate=1000, create_burst=1000)
        )
    ) as c:
        yield c


@pytest.fixture
def audit(client: TestClient) -> Iterator[LeakAudit]:
    a = LeakAudit()
    client.app.state.hub.audit = a  # type: ignore[attr-defined]
    yield a
    assert not a.leaks, a.leaks[:5]


def create(client: TestClient, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    body = {"game": game, "seats": seats, "options": QUICK.get(game, {}), **extra}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def play_to_end(
    ws: Any,
    rng: random.Random,
    first: dict[str, Any] | None = None,
    limit: int = 5000,
    seen: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Play random legal actions for the seat of ``ws`` until the game is over
    (``first``: a message already received, such as the snapshot; ``seen``
    collects every message). Acts only on the newest position: after an action,
    waits for its own update (``yours``) or a refusal before choosing again.
    Returns the last update."""
    waiting = False
    refusals = 0
    last_sent: dict[str, Any] = {}
    for _ in range(limit * 4):
        msg, first = (first, None) if first is not None else (ws.receive_json(), None)
        if seen is not None:
            seen.append(msg)
        kind = msg["type"]
        if kind == "refused" and msg["code"] == "rate_limited":
            time.sleep(msg["retry_after"])
            ws.send_json(last_sent)
            continue
        if kind == "refused":
            # a single legal move the server made for the seat first (it makes
            # forced moves everyone could foresee) answers "duplicate" or "stale"
            if msg["code"] not in ("duplicate", "stale"):
                refusals += 1
            assert refusals < 5, msg
            waiting = False
            continue
        if kind not in ("snapshot", "update"):
            continue
        if msg.get("yours"):
            waiting = False
        if msg["over"]:
            return msg
        if msg["legal"] and not waiting:
            choice = msg["legal"][rng.randrange(len(msg["legal"]))]
            last_sent = {"type": "act", "action": choice["id"], "seq": msg["seq"]}
            ws.send_json(last_sent)
            waiting = True
    raise AssertionError("the game did not end")
