"""How an action stored by one server reaches the others (PostgreSQL): its
notification carries it, so the other servers apply it without reading it;
one too long to carry, or one not heard, is read instead; either way every
client of the table, on whichever server, gets every update. A table's
transaction gives its connection back to the pool as it was lent."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from courtly.engine.errors import CourtlyError
from courtly.server import live as live_module
from courtly.server import table_txn
from courtly.server.app import create_app
from courtly.server.db import POOL_SIZE, NewAction, Store, database_url

from .conftest import create
from .shared import LIMITS, play_both, stored_actions, until


def reads_of(client: TestClient) -> list[str]:
    """Every ``what`` the server of ``client`` reads as news from now on."""
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    reads: list[str] = []
    plain: Callable[..., Any] = store.changes

    def changes(table_id: str, what: str, seq: int, chat_seen: int) -> Any:
        reads.append(what)
        return plain(table_id, what, seq, chat_seen)

    store.changes = changes
    return reads


@pytest.fixture
def two(pg_url: str) -> Iterator[tuple[TestClient, TestClient]]:
    with (
        TestClient(create_app(pg_url, limits=LIMITS)) as a,
        TestClient(create_app(pg_url, limits=LIMITS)) as b,
    ):
        yield a, b


def play_across(a: TestClient, b: TestClient, game: str = "crown-rivals") -> str:
    """A game of two people, seat 0 on A and seat 1 on B, played to its end
    (each action reaches the other server's client: ``play_both``)."""
    made = create(a, game, ["human", "human"])
    table, toks = made["table"]["id"], [s["token"] for s in made["seats"]]
    with (
        a.websocket_connect(f"/ws/tables/{table}?token={toks[0]}") as ws0,
        b.websocket_connect(f"/ws/tables/{table}?token={toks[1]}") as ws1,
    ):
        views = [until(ws, lambda m: m["type"] == "snapshot") for ws in (ws0, ws1)]
        reads = (reads_of(a), reads_of(b))
        play_both(ws0, ws1, views)
        PLAYED[table] = reads
    return table


PLAYED: dict[str, tuple[list[str], list[str]]] = {}
"""The news each server read while a table was played, by table."""


def same_game(a: TestClient, b: TestClient, table: str, pg_url: str) -> None:
    """Both servers hold the game as stored."""
    rows = stored_actions(pg_url, table)
    assert rows and [n for n, _, _ in rows] == list(range(len(rows)))
    for c in (a, b):
        live = c.app.state.hub.tables[table]  # type: ignore[attr-defined]
        assert live.table.state.record().actions == [(seat, t) for _, seat, t in rows]


def test_the_other_server_applies_a_notified_action_without_reading_it(
    two: tuple[TestClient, TestClient], pg_url: str
) -> None:
    a, b = two
    table = play_across(a, b)
    same_game(a, b, table, pg_url)
    for reads in PLAYED[table]:
        assert not [what for what in reads if "a" in what], reads
    engine = create_engine(database_url(pg_url))
    with engine.connect() as conn:  # the last action's transaction also ended the game
        over = conn.execute(text("select over from tables where id = :t"), {"t": table}).scalar()
    engine.dispose()
    assert over is True


def test_an_action_too_long_to_notify_is_read_by_the_other_server(
    two: tuple[TestClient, TestClient], pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_txn, "NOTE_LIMIT", 10)  # no action fits: each is read
    a, b = two
    table = play_across(a, b)
    same_game(a, b, table, pg_url)
    for reads in PLAYED[table]:  # each server read the other's actions
        assert [what for what in reads if "a" in what], reads


def settled(client: TestClient, table: str) -> Any:
    """The table on ``client``'s server once it has applied what it heard."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub.tables[table]
    for _ in range(250):
        if not live.heard and not live.catching_up:
            break
        client.portal.call(asyncio.sleep, 0.02)  # type: ignore[union-attr]
    return live


def test_an_action_not_heard_is_read_with_the_next_one_heard(
    two: tuple[TestClient, TestClient], pg_url: str
) -> None:
    """B hears nothing of A's first two actions, then only the second (the
    first lost): it sees the gap and reads both; its client gets both."""
    a, b = two
    made = create(a, "crown-rivals", ["human", "human"])
    table, toks = made["table"]["id"], [s["token"] for s in made["seats"]]
    hub = b.app.state.hub  # type: ignore[attr-defined]
    with b.websocket_connect(f"/ws/tables/{table}") as watch:
        until(watch, lambda m: m["type"] == "snapshot")
        settled(b, table)  # (what was stored while it loaded: nothing)
        heard = hub.coord.on_note
        hub.coord.on_note = lambda server, kind, t, extra: None  # deaf
        with (
            a.websocket_connect(f"/ws/tables/{table}?token={toks[0]}") as ws0,
            a.websocket_connect(f"/ws/tables/{table}?token={toks[1]}") as ws1,
        ):
            views = [until(ws, lambda m: m["type"] == "snapshot") for ws in (ws0, ws1)]
            for _ in range(2):  # two actions on A
                i = next(i for i in (0, 1) if views[i]["legal"])
                act = {"type": "act", "action": views[i]["legal"][0]["id"], "seq": views[i]["seq"]}
                (ws0, ws1)[i].send_json(act)
                views[i] = until((ws0, ws1)[i], lambda m: m.get("yours") is not None)
                done = views[i]["seq"]
                views[1 - i] = until((ws0, ws1)[1 - i], lambda m, d=done: m.get("seq") == d)
        rows = stored_actions(pg_url, table)
        assert len(rows) >= 2 and hub.tables[table].table.seq == 0
        hub.coord.on_note = heard
        reads = reads_of(b)
        n, seat, notation = rows[1]
        server = a.app.state.hub.store.server  # type: ignore[attr-defined]
        _, kind, t, extra = table_txn.action_note(
            server, table_txn.NewAction(table, n, seat, notation, False)
        ).split(" ", 3)
        b.portal.call(hub._noted, server, kind, t, extra)  # type: ignore[union-attr]
        live = settled(b, table)
        assert reads == ["a"] and live.table.seq >= 2
        assert [until(watch, lambda m: m["type"] == "update")["seq"] for _ in range(2)] == [1, 2]
        record = live.table.state.record().actions
        assert record[:2] == [(row[1], row[2]) for row in rows[:2]]


def test_a_bogus_action_heard_is_read_for_and_forgotten(
    two: tuple[TestClient, TestClient], pg_url: str
) -> None:
    """An action heard far ahead of anything stored: B reads, finds nothing,
    forgets it."""
    a, b = two
    table = create(a, "crown-rivals", ["human", "human"])["table"]["id"]
    hub = b.app.state.hub  # type: ignore[attr-defined]
    with b.websocket_connect(f"/ws/tables/{table}") as watch:
        until(watch, lambda m: m["type"] == "snapshot")
        reads = reads_of(b)
        b.portal.call(hub._noted, "elsewhere", "a", table, "50 0 0 nothing")  # type: ignore[union-attr]
        live = settled(b, table)
        assert reads == ["a"]
        assert not live.heard and live.table.seq == 0


def test_a_table_transaction_gives_its_connection_back_as_lent(
    two: tuple[TestClient, TestClient], pg_url: str
) -> None:
    """Every connection of the pool is out of autocommit mode once played on
    (a table's transaction turns it on for its BEGIN and COMMIT), so that
    other writes stay one transaction each."""
    a, b = two
    play_across(a, b)
    for c in (a, b):
        engine = c.app.state.hub.store.engine  # type: ignore[attr-defined]
        conns = [engine.connect() for _ in range(POOL_SIZE)]
        try:
            assert not [x for x in conns if x.connection.driver_connection.autocommit]
        finally:
            for x in conns:
                x.close()


def test_postgresql_through_another_driver_is_refused_plainly() -> None:
    """A table's transaction speaks to psycopg (and libpq) directly: another driver is
    refused at start, saying which URL to give."""
    with pytest.raises(CourtlyError, match="psycopg driver: give postgresql://"):
        Store("postgresql+psycopg2://courtly@127.0.0.1:1/courtly")


def test_a_listener_hears_every_other_servers_notification_in_order_and_not_its_own(
    pg_url: str,
) -> None:
    """A burst of notifications from another server reaches the hub one by
    one, in order (those already waiting are read together); the listening
    server's own, which PostgreSQL delivers to it too, never do; and a
    listener whose connection is cut connects again and hears on."""
    from courtly.server.shared import Coordinator

    async def run() -> None:
        heard: list[tuple[str, str, str, str]] = []
        resets: list[int] = []

        def note(*args: str) -> None:
            heard.append(args)  # type: ignore[arg-type]

        url = database_url(pg_url)
        me = Coordinator(url, "me", note, lambda: resets.append(1), lambda: None)
        other = Coordinator(url, "other", lambda *a: None, lambda: None, lambda: None)
        await me.start()
        await other.start()
        try:
            for i in range(300):
                await other.notify("a", f"t{i}", f"{i} 0 0 x y")
                if i % 3 == 0:
                    await me.notify("a", f"mine{i}")
            for _ in range(200):
                if len(heard) == 300:
                    break
                await asyncio.sleep(0.02)
            assert heard == [("other", "a", f"t{i}", f"{i} 0 0 x y") for i in range(300)]
            await other._run(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                "query LIKE 'LISTEN%%' AND datname = current_database() AND pid IN "
                "(SELECT pid FROM pg_stat_activity WHERE pid <> pg_backend_pid())"
            )
            for _ in range(200):
                if resets:
                    await other.notify("c", "after")
                    await asyncio.sleep(0.05)
                    if heard[-1][:3] == ("other", "c", "after"):
                        break
                await asyncio.sleep(0.05)
            assert resets and heard[-1][:3] == ("other", "c", "after")
        finally:
            await me.close()
            await other.close()

    asyncio.run(run())


def test_a_table_transaction_stores_any_text_exactly(pg_url: str) -> None:
    """The hot statements carry their values as literals escaped by libpq:
    quotes, backslashes, semicolons and any other text are stored and read
    back as they were, and a write waits its turn behind the table's lock."""
    from courtly.server.protocol import CreateTable
    from courtly.server.tables import Table

    store = Store(database_url(pg_url))
    table = Table.create(CreateTable(game="crown-rivals", seats=["human", "random"], seed=1))
    store.create_table(*table.rows())
    odd = ["it's", "back\\slash", "semi; DROP TABLE actions; --", "é ü \u2014 \U0001f451", "$$x$$"]
    for n, notation in enumerate(odd):
        txn = store.lock_table(table.id, "a", "a", n, 0)
        assert txn is not None
        assert [a[2] for a in txn.changes.actions] == []
        assert store.lock_table(table.id, "a", "a", n, 0) is None  # held: wait
        store.add_action(NewAction(table.id, n, n % 2, notation, n == 1), txn)
    txn = store.lock_table(table.id, "c", "a", 0, 0)
    assert txn is not None
    assert txn.changes.actions == [(n, n % 2, t, n == 1) for n, t in enumerate(odd)]
    txn.rollback()
    assert [t for _, _, t in stored_actions(pg_url, table.id)] == odd
    store.engine.dispose()


def test_an_action_stored_from_the_event_loop_is_stored_as_from_a_writer_thread(
    pg_url: str,
) -> None:
    """An action's transaction on the event loop (``lock_for_action``,
    ``add_action_now``) stores what a writer thread's (``lock_table``,
    ``add_action``) stores: any text exactly, the game's end with its result,
    the acting seat back from away (and no other seat); it reads the actions
    stored since, and a write waits its turn behind the table's lock. An
    action stored at once (``add_action_at_once``) is not stored while
    another holds the lock, nor over an action of its number."""
    from courtly.server.protocol import CreateTable
    from courtly.server.tables import Table

    store = Store(database_url(pg_url))
    table = Table.create(CreateTable(game="crown-rivals", seats=["human", "random"], seed=1))
    store.create_table(*table.rows())
    store.set_away(table.id, [0, 1], True)
    odd = ["it's", "back\\slash", "semi; DROP TABLE actions; --", "é ü \u2014 \U0001f451", "$$x$$"]
    result = {"scores": [3, 7], "winners": [1], "note": 'it\'s "over"'}

    async def run() -> None:
        assert store.loop_txns is not None
        try:
            for n, notation in enumerate(odd):
                txn = await store.lock_for_action(table.id, n)
                assert txn is not None and txn.changes.actions == []
                assert store.lock_table(table.id, "a", "a", n, 0) is None  # held: wait
                assert await store.lock_for_action(table.id, n) is None
                assert (
                    await store.add_action_at_once(NewAction(table.id, n, 0, "x", False)) is False
                )
                last = n == len(odd) - 1
                new = NewAction(
                    table.id, n, n % 2, notation, n == 1, result if last else None, n == 2
                )
                await store.add_action_now(txn, new)
            taken = await store.add_action_at_once(NewAction(table.id, 2, 0, "x", False))
            assert taken is False  # an action 2 is stored: nothing written
            txn = await store.lock_for_action(table.id, 1)
            assert txn is not None
            assert txn.changes.actions == [(n, n % 2, t, n == 1) for n, t in enumerate(odd)][1:]
            await txn.rollback()
        finally:
            await store.loop_txns.close()

    asyncio.run(run())
    assert [t for _, _, t in stored_actions(pg_url, table.id)] == odd
    engine = create_engine(database_url(pg_url))
    with engine.connect() as conn:
        over, stored = conn.execute(
            text("select over, result from tables where id = :t"), {"t": table.id}
        ).one()
        away = dict(
            conn.execute(
                text("select seat, away from seats where table_id = :t"), {"t": table.id}
            ).all()
        )
    engine.dispose()
    store.engine.dispose()
    assert over is True and stored == result
    assert away == {0: False, 1: True}  # seat 0 acted (action 2) as a person: back


def counted(store: Store, name: str) -> list[Any]:
    """What each call of the store's asynchronous ``name`` answered, from now on."""
    answers: list[Any] = []
    plain = getattr(store, name)

    async def call(*args: Any) -> Any:
        answers.append(await plain(*args))
        return answers[-1]

    setattr(store, name, call)
    return answers


def test_an_action_is_stored_in_one_round_trip_when_the_server_is_up_to_date(
    pg_url: str,
) -> None:
    """A server whose copy of the table is the stored one stores each action
    in one round trip (``add_action_at_once``: the lock, the insert and the
    notification at once), never taking the table's lock first."""
    with TestClient(create_app(pg_url, limits=LIMITS)) as a:
        made = create(a, "crown-rivals", ["human", "human"])
        table = made["table"]["id"]
        hub = a.app.state.hub  # type: ignore[attr-defined]
        at_once = counted(hub.store, "add_action_at_once")
        locked = counted(hub.store, "lock_for_action")

        async def play() -> None:
            live = await hub.get(table)
            while live.table.seq < 30:
                while live.thinking:  # a move made for a seat (forced) goes first
                    await asyncio.sleep(0.01)
                seat = live.table.state.to_act[0]
                legal = live.table.legal[seat]
                assert await hub.submit(live, seat, legal[0], live.table.seen_seq(seat)) is None
            while live.thinking:  # a move made for a seat after the last one is stored too
                await asyncio.sleep(0.01)

        a.portal.call(play)
        rows = stored_actions(pg_url, table)
    # every stored action was stored at once (its count read only after the
    # server is quiet: a forced move stored at the end is counted with it)
    assert len(rows) >= 30 and at_once == [True] * len(rows) and locked == []


def test_an_action_on_a_server_behind_the_table_is_judged_again_once_caught_up(
    two: tuple[TestClient, TestClient], pg_url: str
) -> None:
    """B has not heard A's action (deaf): B's copy is behind, so storing
    B's action at once finds its number taken and stores nothing; B then
    takes the table's lock, applies A's action, judges its own again, and
    stores it after. Both servers hold the one stored game."""
    a, b = two
    made = create(a, "agents-of-the-crown", ["human"] * 4)
    table = made["table"]["id"]
    hub_a, hub_b = (c.app.state.hub for c in (a, b))  # type: ignore[attr-defined]
    on_b = b.portal.call(hub_b.get, table)
    settled(b, table)
    hub_b.coord.on_note = lambda server, kind, t, extra: None  # deaf
    at_once = counted(hub_b.store, "add_action_at_once")
    locked = counted(hub_b.store, "lock_for_action")

    async def act(hub: Any, seat: int) -> Any:
        live = await hub.get(table)
        assert seat in live.table.state.to_act
        return await hub.submit(live, seat, live.table.legal[seat][0], None)

    assert a.portal.call(act, hub_a, 0) is None
    assert b.portal.call(act, hub_b, 1) is None
    assert at_once == [False] and len(locked) == 1
    rows = stored_actions(pg_url, table)
    assert [(n, seat) for n, seat, _ in rows] == [(0, 0), (1, 1)]
    assert on_b.table.state.record().actions == [(seat, t) for _, seat, t in rows]


def test_a_table_another_server_runs_is_forgotten_where_nobody_uses_it(
    two: tuple[TestClient, TestClient], pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """B loaded A's table for one request and has no client of it: once
    ``FOLLOWED_AFTER`` has passed since, B's sweep forgets it, though A's
    actions go on (B applies none of them from then on); a client coming to
    B later finds the table as stored. A table B has a client of stays, and
    A keeps the table it runs."""
    a, b = two
    made = create(a, "crown-rivals", ["human", "human"])
    table = made["table"]["id"]
    kept = create(a, "crown-rivals", ["human", "human"])
    hub_a, hub_b = (c.app.state.hub for c in (a, b))  # type: ignore[attr-defined]
    assert b.get(f"/api/tables/{table}").status_code == 200  # loaded on B, for one request

    async def play(moves: int) -> None:
        live = await hub_a.get(table)
        for _ in range(moves):
            seat = live.table.state.to_act[0]
            assert await hub_a.submit(live, seat, live.table.legal[seat][0], None) is None

    with b.websocket_connect(f"/ws/tables/{kept['table']['id']}") as watch:
        until(watch, lambda m: m["type"] == "snapshot")
        a.portal.call(play, 3)
        followed = hub_b.tables[table]
        for _ in range(250):  # B applies A's actions as it hears them
            if followed.table.seq == 3:
                break
            b.portal.call(asyncio.sleep, 0.02)  # type: ignore[union-attr]
        assert followed.table.seq == 3 and not followed.owner
        monkeypatch.setattr(live_module, "FOLLOWED_AFTER", 0.0)
        gone = b.portal.call(hub_b.sweep)
        assert table in gone and kept["table"]["id"] not in gone
        assert table not in hub_b.tables
        assert table not in a.portal.call(hub_a.sweep)
    a.portal.call(play, 2)
    tok = made["seats"][0]["token"]
    with b.websocket_connect(f"/ws/tables/{table}?token={tok}") as ws:
        until(ws, lambda m: m["type"] == "snapshot")
        reloaded = hub_b.tables[table]
        assert reloaded is not followed
        for _ in range(250):  # (the owner may make a forced move meanwhile)
            rows = stored_actions(pg_url, table)
            stored = [(st, t) for _, st, t in rows]
            if reloaded.table.state.record().actions == stored and not reloaded.catching_up:
                break
            b.portal.call(asyncio.sleep, 0.02)  # type: ignore[union-attr]
    assert len(rows) >= 5 and reloaded.table.state.record().actions == stored


def test_the_next_action_heard_is_applied_and_sent_at_once(
    two: tuple[TestClient, TestClient], pg_url: str
) -> None:
    """When nothing is under way at the table, the table's next action is
    applied and sent the moment its notification is heard (no task waits for
    the table's lock in between); one heard out of turn waits for those before."""
    a, b = two
    made = create(a, "crown-rivals", ["human", "human"])
    table, toks = made["table"]["id"], [s["token"] for s in made["seats"]]
    hub = b.app.state.hub  # type: ignore[attr-defined]
    with b.websocket_connect(f"/ws/tables/{table}") as watch:
        until(watch, lambda m: m["type"] == "snapshot")
        settled(b, table)
        heard = hub.coord.on_note
        hub.coord.on_note = lambda server, kind, t, extra: None  # deaf
        with (
            a.websocket_connect(f"/ws/tables/{table}?token={toks[0]}") as ws0,
            a.websocket_connect(f"/ws/tables/{table}?token={toks[1]}") as ws1,
        ):
            views = [until(ws, lambda m: m["type"] == "snapshot") for ws in (ws0, ws1)]
            i = next(i for i in (0, 1) if views[i]["legal"])
            act = {"type": "act", "action": views[i]["legal"][0]["id"], "seq": views[i]["seq"]}
            (ws0, ws1)[i].send_json(act)
            until((ws0, ws1)[i], lambda m: m.get("yours") is not None)
        rows = stored_actions(pg_url, table)
        assert len(rows) == 1
        hub.coord.on_note = heard
        server = a.app.state.hub.store.server  # type: ignore[attr-defined]
        n, seat, notation = rows[0]
        new = table_txn.NewAction(table, n, seat, notation, False)
        note = table_txn.action_note(server, new).split(" ", 3)
        live = hub.tables[table]

        def hear() -> int:
            hub._noted(*note)
            return int(live.table.seq)

        assert b.portal.call(hear) == 1
        assert until(watch, lambda m: m["type"] == "update")["seq"] == 1
