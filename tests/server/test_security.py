"""Who may do what: tokens, spectators, malformed and oversized messages, rate
limits, and refusals that never name the other seats awaited."""

from __future__ import annotations

import random
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from courtly.server.app import create_app
from courtly.server.limits import Limits, TokenBucket
from courtly.server.protocol import MAX_CHAT, MAX_MESSAGE

from .conftest import BACKENDS, LeakAudit, create, play_to_end


def until(ws: object, kind: str) -> dict:
    while True:
        msg = ws.receive_json()  # type: ignore[attr-defined]
        if msg["type"] == kind:
            return msg


def test_a_wrong_token_or_table_is_turned_away(client: TestClient) -> None:
    made = create(client, "crown-rivals", ["human", "normal"])
    table = made["table"]["id"]
    with (
        pytest.raises(WebSocketDisconnect) as exc,
        client.websocket_connect(f"/ws/tables/{table}?token=guessedtoken123") as ws,
    ):
        ws.receive_json()
    assert exc.value.code == 4403
    with (
        pytest.raises(WebSocketDisconnect) as exc,
        client.websocket_connect("/ws/tables/nosuchtable") as ws,
    ):
        ws.receive_json()
    assert exc.value.code == 4404
    # a token of another table is not a seat here
    other = create(client, "crown-rivals", ["human", "normal"])
    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect(f"/ws/tables/{table}?token={other['seats'][0]['token']}") as ws,
    ):
        ws.receive_json()
    bad = client.post(f"/api/tables/{table}/claim", json={"token": "x" * 22, "name": "Mallory"})
    assert bad.status_code == 400 and "token" in bad.json()["error"]


def test_spectators_watch_only(client: TestClient, audit: LeakAudit) -> None:
    made = create(client, "agents-of-the-crown", ["human", "normal", "normal", "normal"])
    with client.websocket_connect(f"/ws/tables/{made['table']['id']}") as ws:
        snap = ws.receive_json()
        assert snap["you"] is None and snap["legal"] == []
        assert all(s["clock"] is None for s in snap["seats"])
        ws.send_json({"type": "act", "action": 0})
        assert until(ws, "refused")["code"] == "spectator"
        ws.send_json({"type": "chat", "text": "hello"})
        assert until(ws, "refused")["code"] == "spectator"
    assert audit.by_seat.get(None, 0) >= 1


def test_malformed_oversized_and_illegal_messages_get_reasons(
    client: TestClient, audit: LeakAudit
) -> None:
    made = create(client, "crown-rivals", ["human", "human"])
    table, toks = made["table"]["id"], [s["token"] for s in made["seats"]]
    with client.websocket_connect(f"/ws/tables/{table}?token={toks[0]}") as ws0:
        snap = ws0.receive_json()
        ws0.send_text("not json")
        assert "not JSON" in until(ws0, "refused")["reason"]
        ws0.send_json({"type": "dance"})
        r = until(ws0, "refused")
        assert r["code"] == "bad_message" and "act" in r["reason"]
        ws0.send_text('{"type": "chat", "text": "' + "x" * MAX_MESSAGE + '"}')
        assert until(ws0, "refused")["code"] == "too_large"
        ws0.send_json({"type": "chat", "text": "y" * (MAX_CHAT + 1)})
        assert until(ws0, "refused")["code"] == "bad_message"
        ws0.send_json({"type": "act", "action": 10**9})
        r = until(ws0, "refused")
        assert r["code"] in ("illegal", "not_your_turn")
        mover = 0 if snap["legal"] else 1
        if mover == 0:
            assert "is not an action id" in r["reason"]
            ws0.send_json({"type": "act", "action": "fly away"})
            r = until(ws0, "refused")
            assert r["code"] == "illegal" and "fly away" in r["reason"]
        # the seat not to act is told so, without naming who is awaited
        with client.websocket_connect(f"/ws/tables/{table}?token={toks[1 - mover]}") as idle:
            idle_snap = idle.receive_json()
            assert idle_snap["legal"] == []
            idle.send_json({"type": "act", "action": 0})
            r = until(idle, "refused")
            assert r["code"] == "not_your_turn" and "seat" not in r["reason"].lower()
        ws0.send_json({"type": "chat", "text": "  hi\x00\x1b[31m <b>there</b>\u202e "})
        line = until(ws0, "chat")
        assert line["text"] == "hi[31m <b>there</b>" and line["seat"] == 0


def test_stale_and_ahead_sequence_numbers_are_refused(client: TestClient) -> None:
    made = create(client, "crown-rivals", ["human", "human"])
    table, toks = made["table"]["id"], [s["token"] for s in made["seats"]]
    conns = [client.websocket_connect(f"/ws/tables/{table}?token={t}") for t in toks]
    ws = [c.__enter__() for c in conns]
    try:
        snaps = [w.receive_json() for w in ws]
        mover = 0 if snaps[0]["legal"] else 1
        w, legal = ws[mover], snaps[mover]["legal"]
        w.send_json({"type": "act", "action": legal[0]["id"], "seq": snaps[mover]["seq"] + 5})
        assert until(w, "refused")["code"] == "stale"
        w.send_json({"type": "act", "action": legal[0]["id"], "seq": snaps[mover]["seq"]})
        upd = until(w, "update")
        assert upd["yours"] == legal[0]["notation"]
        # the same submission again is a duplicate (or the seat's next decision has begun)
        w.send_json({"type": "act", "action": legal[0]["id"], "seq": snaps[mover]["seq"]})
        assert until(w, "refused")["code"] in ("duplicate", "stale")
    finally:
        for c in conns:
            c.__exit__(None, None, None)


def test_rate_limit_refuses_with_a_retry_time(tmp_path: Path) -> None:
    app = create_app(
        str(tmp_path / "r.db"), limits=Limits(rate=1, burst=3, chat_rate=0.1, chat_burst=1)
    )
    with TestClient(app) as client:
        made = create(client, "crown-rivals", ["human", "normal"])
        url = f"/ws/tables/{made['table']['id']}?token={made['seats'][0]['token']}"
        with client.websocket_connect(url) as ws:
            ws.receive_json()
            for _ in range(3):
                ws.send_json({"type": "ping"})
                assert until(ws, "pong")
            ws.send_json({"type": "ping"})
            r = until(ws, "refused")
            assert r["code"] == "rate_limited" and r["retry_after"] > 0
            assert "at most 1 a second" in r["reason"]


def test_token_bucket_refills_at_its_rate() -> None:
    bucket = TokenBucket(rate=2, burst=2)
    t = [100.0]
    bucket.clock = lambda: t[0]
    bucket.last = 100.0
    assert bucket.take() and bucket.take() and not bucket.take()
    assert bucket.wait() == pytest.approx(0.5)
    t[0] += 0.5
    assert bucket.take() and not bucket.take()


def test_names_are_limited_and_stripped(client: TestClient) -> None:
    made = create(client, "crown-rivals", ["human", "normal"])
    table, tok = made["table"]["id"], made["seats"][0]["token"]
    r = client.post(f"/api/tables/{table}/claim", json={"token": tok, "name": "n" * 33})
    assert r.status_code == 422 and "name" in r.json()["error"]
    r = client.post(f"/api/tables/{table}/claim", json={"token": tok, "name": "\x00\x01 "})
    assert r.status_code == 422 and "visible" in r.json()["error"]
    r = client.post(f"/api/tables/{table}/claim", json={"token": tok, "name": " Ana\u200b "})
    assert r.json()["name"] == "Ana"


def test_the_creators_name_is_cleaned_as_any_other(client: TestClient) -> None:
    """The name given when a table is made was stored as sent: terminal escapes,
    a right-to-left override, NUL (which PostgreSQL cannot store), or nothing
    visible at all, all shown to every seat and spectator."""
    body = {"game": "crown-rivals", "seats": ["human", "normal"]}
    made = client.post("/api/tables", json={**body, "name": " \x1b[31mAda\u202e\x00 "})
    assert made.status_code == 201, made.text
    assert made.json()["seats"][0]["name"] == "[31mAda"
    assert made.json()["table"]["seats"][0]["name"] == "[31mAda"
    for name in ("", "  ", "\x00\x01", "\u200b"):
        r = client.post("/api/tables", json={**body, "name": name})
        assert r.status_code == 422 and "visible" in r.json()["error"], (name, r.text)


def test_a_reaction_window_sends_nothing_to_those_not_asked(
    client: TestClient, audit: LeakAudit
) -> None:
    """In Garrison every seat but the declarer is asked, one after another, and
    a private ``pass`` changes nothing the others see: they get no message and
    no new seq for it, so counting messages never tells who is being asked."""
    made = create(client, "garrison", ["human", "greedy", "greedy", "greedy"], seed=11)
    table, tok = made["table"]["id"], made["seats"][0]["token"]
    mine: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/tables/{table}") as watcher:
        with client.websocket_connect(f"/ws/tables/{table}?token={tok}") as ws:
            play_to_end(ws, random.Random(3), seen=mine)
        watched = [watcher.receive_json()]
        while not (watched[-1]["type"] == "update" and watched[-1]["over"]):
            watched.append(watcher.receive_json())
        watcher.send_json({"type": "ping"})
        pong = until(watcher, "pong")
    record = client.get(f"/api/tables/{table}/record").json()
    passes_by_others = sum(1 for s, a in record["actions"] if a == "pass" and s != 0)
    assert passes_by_others > 0
    for who, msgs in (("spectator", watched), ("seat 0", mine)):
        views = [m for m in msgs if m["type"] in ("snapshot", "update")]
        assert len(views) < len(record["actions"]), who
        seqs = [m["seq"] for m in views]
        assert seqs == sorted(set(seqs)), who
        for before, after in pairwise(views):
            changed = (
                after["events"]
                or after.get("yours")
                or after["observation"] != before["observation"]
                or after["legal"] != before["legal"]
            )
            assert changed, f"{who}: an update at seq {after['seq']} that shows nothing"
    assert pong["seq"] == watched[-1]["seq"] == len(record["actions"])


# -- seats belong to their tokens ---------------------------------------------------
def test_a_stranger_cannot_take_an_unnamed_creators_seat(client: TestClient) -> None:
    """A seat created for a person is theirs, named or not: a public table of two
    invite seats lists no free seat, and joining it is refused."""
    made = create(client, "crown-rivals", ["human", "human"], public=True)
    table = made["table"]["id"]
    assert made["table"]["free_seats"] == []
    assert client.get("/api/tables").json() == []
    r = client.post(f"/api/tables/{table}/join", json={"name": "Mallory"})
    assert r.status_code == 400 and "no free seat" in r.json()["error"]
    assert "token" not in r.text
    info = client.get(f"/api/tables/{table}").json()
    assert [s["kind"] for s in info["seats"]] == ["human", "human"]
    assert all(s["name"] is None for s in info["seats"])


def test_joining_an_open_seat_makes_a_new_token_and_never_reuses_one(
    client: TestClient,
) -> None:
    made = create(client, "agents-of-the-crown", ["human", "open", "open", "normal"], public=True)
    table = made["table"]["id"]
    mine = made["seats"][0]["token"]
    assert made["table"]["free_seats"] == [1, 2]
    assert [s["kind"] for s in made["table"]["seats"]] == ["human", "open", "open", "bot"]
    tokens = {mine}
    for seat, name in ((1, "Bea"), (2, "Cy")):
        joined = client.post(f"/api/tables/{table}/join", json={"name": name}).json()
        assert joined["seat"] == seat and joined["kind"] == "human"
        assert joined["token"] not in tokens
        tokens.add(joined["token"])
        with client.websocket_connect(f"/ws/tables/{table}?token={joined['token']}") as ws:
            assert ws.receive_json()["you"] == seat
    assert client.post(f"/api/tables/{table}/join", json={"name": "Dee"}).status_code == 400
    assert client.get("/api/tables").json() == []
    with client.websocket_connect(f"/ws/tables/{table}?token={mine}") as ws:
        assert ws.receive_json()["you"] == 0


def test_an_open_seat_needs_a_public_table(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "crown-rivals", "seats": ["human", "open"]})
    assert r.status_code == 400
    assert "public" in r.json()["error"] and "invite link" in r.json()["error"]


def test_open_seats_survive_a_restart_and_a_taken_one_keeps_its_token(tmp_path: Path) -> None:
    db = str(tmp_path / "seats.db")
    with TestClient(create_app(db)) as client:
        made = create(client, "garrison", ["human", "open", "open"], public=True)
        table = made["table"]["id"]
        joined = client.post(f"/api/tables/{table}/join", json={"name": "Bea"}).json()
    with TestClient(create_app(db)) as client:
        info = client.get(f"/api/tables/{table}").json()
        assert info["free_seats"] == [2]
        assert [s["kind"] for s in info["seats"]] == ["human", "human", "open"]
        with client.websocket_connect(f"/ws/tables/{table}?token={joined['token']}") as ws:
            assert ws.receive_json()["you"] == 1


# -- nobody chooses or learns the deal ------------------------------------------------
@pytest.mark.parametrize(
    "seats, public",
    [
        (["human", "human"], False),
        (["human", "open"], True),
        (["human", "open", "normal"], True),
    ],
)
def test_a_seed_is_refused_where_another_person_could_sit(
    client: TestClient, seats: list[str], public: bool
) -> None:
    """Whoever chooses the seed knows every hidden card: a table another person
    may sit at is always dealt at random."""
    game = "garrison" if len(seats) > 2 else "crown-rivals"
    body = {"game": game, "seats": seats, "seed": 7, "public": public}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400
    assert "seed" in r.json()["error"] and "practice" in r.json()["error"]


def test_a_chosen_seed_is_shown_to_the_whole_table(client: TestClient) -> None:
    made = create(client, "crown-rivals", ["human", "normal"], seed=2**64 - 5)
    table = made["table"]["id"]
    assert made["table"]["seed_chosen"] and made["table"]["seed"] == str(2**64 - 5)
    info = client.get(f"/api/tables/{table}").json()
    assert info["seed"] == str(2**64 - 5)
    bots_only = create(client, "crown-rivals", ["normal", "random"], seed=3)
    assert bots_only["table"]["seed"] == "3"


def test_a_random_seed_is_64_bits_secret_until_the_record(client: TestClient) -> None:
    from courtly.games import get

    seeds = {get("crown-rivals").new().seed for _ in range(64)}
    assert max(seeds) >= 2**56  # 48-bit seeds would never reach this
    made = create(client, "crown-rivals", ["human", "human"])
    table = made["table"]["id"]
    info = client.get(f"/api/tables/{table}").json()
    assert info["seed"] is None and not info["seed_chosen"]
    assert client.get(f"/api/tables/{table}/record").status_code == 400


def test_a_64_bit_seed_is_stored_and_restored(tmp_path: Path) -> None:
    db = str(tmp_path / "seed.db")
    with TestClient(create_app(db)) as client:
        made = create(client, "crown-rivals", ["human", "normal"], seed=2**64 - 1)
        table = made["table"]["id"]
        tok = made["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{table}?token={tok}") as ws:
            first = ws.receive_json()
    with TestClient(create_app(db)) as client:
        assert client.get(f"/api/tables/{table}").json()["seed"] == str(2**64 - 1)
        with client.websocket_connect(f"/ws/tables/{table}?token={tok}") as ws:
            assert ws.receive_json()["observation"] == first["observation"]


# -- hostile or odd input ---------------------------------------------------------------
def test_types_are_taken_as_they_are(client: TestClient) -> None:
    """No string for a boolean or a number, no boolean for an action id."""
    for field, value in (("public", "yes"), ("seed", "123"), ("takeover", 1)):
        body = {"game": "crown-rivals", "seats": ["human", "normal"], field: value}
        r = client.post("/api/tables", json=body)
        assert r.status_code == 422 and field in r.json()["error"], (field, r.text)
    made = create(client, "crown-rivals", ["human", "normal"], seed=3)
    table, tok = made["table"]["id"], made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={tok}") as ws:
        until(ws, "snapshot")
        for action in (True, False, {"id": True}):
            ws.send_json({"type": "act", "action": action})
            refused = until(ws, "refused")
            assert refused["code"] == "bad_message", action
        ws.send_json({"type": "act", "action": 1, "seq": "0"})
        assert until(ws, "refused")["code"] == "bad_message"
        ws.send_json({"type": "ping"})
        assert until(ws, "pong")["seq"] == 0  # nothing was played


def test_a_body_too_large_is_refused_before_it_is_read(client: TestClient) -> None:
    huge = '{"game": "crown-rivals", "seats": ["human"], "name": "' + "x" * 200_000 + '"}'
    r = client.post("/api/tables", content=huge, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "at most" in r.json()["error"]

    def stream():  # type: ignore[no-untyped-def]
        for _ in range(100):
            yield b" " * 1000

    r = client.post("/api/tables", content=stream(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    r = client.post("/api/tables", json={"game": "crown-rivals", "seats": ["human", "normal"]})
    assert r.status_code == 201  # an ordinary body still goes through


def test_a_body_not_json_or_nested_too_deeply_is_refused_in_words(client: TestClient) -> None:
    """A body that is not JSON said "0: JSON decode error" (as if "0" were a
    field), and one nested too deeply for the parser got 400 with
    {"detail": "There was an error parsing the body"}: neither said what was
    wrong in the shape every other error has."""
    json_type = {"content-type": "application/json"}
    for body, said in (
        ("not json", "not JSON"),
        ('{"game": "garrison",', "not JSON"),
        ("[" * 5000 + "]" * 5000, "nested too deeply"),
        ('{"a":' * 2500 + "1" + "}" * 2500, "nested too deeply"),
        (b'{"game": "\xff"}', "not UTF-8"),
    ):
        r = client.post("/api/tables", content=body, headers=json_type)
        assert r.status_code == 422, (body[:20], r.text)
        error = r.json()["error"]
        assert error.startswith("body: ") and said in error and "JSON object" in error, error
    r = client.post("/api/tables", json={"game": "crown-rivals", "seats": ["human", "normal"]})
    assert r.status_code == 201


def test_binary_and_deeply_nested_frames_are_refused_and_the_connection_stays(
    client: TestClient,
) -> None:
    made = create(client, "crown-rivals", ["human", "normal"])
    table, tok = made["table"]["id"], made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={tok}") as ws:
        until(ws, "snapshot")
        ws.send_bytes(b'{"type": "ping"}')
        assert "binary" in until(ws, "refused")["reason"]
        ws.send_text("[" * 2000 + "]" * 2000)
        assert "nested" in until(ws, "refused")["reason"]
        ws.send_json({"type": "ping"})
        assert until(ws, "pong")


def test_overlong_ids_and_tokens_are_turned_away_at_once(client: TestClient) -> None:
    made = create(client, "crown-rivals", ["human", "normal"])
    table = made["table"]["id"]
    for url in (f"/ws/tables/{'x' * 10_000}", f"/ws/tables/{table}?token={'t' * 10_000}"):
        with client.websocket_connect(url) as ws, pytest.raises(WebSocketDisconnect) as exc:
            ws.receive_json()
        assert exc.value.code == 4400
    r = client.get(f"/api/tables/{'x' * 10_000}")
    assert r.status_code == 404 and "at most" in r.json()["error"]


# -- limits belong to seats and addresses, not connections ---------------------------------
def test_reconnecting_or_connecting_twice_gains_no_chat(tmp_path: Path) -> None:
    """A seat's chat limit is the seat's: 20 connections with one token, or a
    reconnect after each line, send no more than one connection may."""
    limits = Limits(rate=1000, burst=1000, chat_rate=0.01, chat_burst=3)
    with TestClient(create_app(str(tmp_path / "c.db"), limits=limits)) as client:
        made = create(client, "crown-rivals", ["human", "normal"])
        url = f"/ws/tables/{made['table']['id']}?token={made['seats'][0]['token']}"
        accepted = 0
        for _ in range(10):  # a reconnect for every line
            with client.websocket_connect(url) as ws:
                until(ws, "snapshot")
                ws.send_json({"type": "chat", "text": "hello"})
                ws.send_json({"type": "ping"})
                while (msg := ws.receive_json())["type"] != "pong":
                    accepted += msg["type"] == "chat"
                    assert msg["type"] != "refused" or msg["code"] == "rate_limited"
        assert accepted == 3
        info = client.get(f"/api/tables/{made['table']['id']}").json()
        assert info["id"]


def test_a_spectators_limit_is_its_addresss(tmp_path: Path) -> None:
    limits = Limits(rate=0.01, burst=4)
    with TestClient(create_app(str(tmp_path / "s.db"), limits=limits)) as client:
        made = create(client, "crown-rivals", ["human", "human"])
        url = f"/ws/tables/{made['table']['id']}"
        answers = []
        for _ in range(3):
            with client.websocket_connect(url) as ws:
                until(ws, "snapshot")
                for _ in range(2):
                    ws.send_json({"type": "ping"})
                    answers.append(ws.receive_json()["type"])
        assert answers.count("pong") == 4 and answers.count("refused") == 2


def test_websockets_are_limited_per_address(tmp_path: Path) -> None:
    """Each websocket holds a queue, a writer and a place at its table: one
    address could open them until the server ran out of memory or file
    handles. It may hold ``Limits.sockets`` open at once; the next is closed
    with 4429 and a reason, and a socket closed frees its place."""
    with TestClient(create_app(str(tmp_path / "w.db"), limits=Limits(sockets=2))) as client:
        made = create(client, "crown-rivals", ["human", "human"])
        url = f"/ws/tables/{made['table']['id']}"
        with client.websocket_connect(url) as one:
            until(one, "snapshot")
            with client.websocket_connect(f"{url}?token={made['seats'][0]['token']}") as two:
                until(two, "snapshot")
                with (
                    client.websocket_connect(url) as three,
                    pytest.raises(WebSocketDisconnect) as no,
                ):
                    three.receive_json()
                assert no.value.code == 4429
                assert no.value.reason == (
                    "too many connections from your address: at most 2 at once; close a tab or two"
                )
            with client.websocket_connect(url) as again:  # the second one's place is free
                assert until(again, "snapshot")["type"] == "snapshot"
        assert client.app.state.hub.sockets == {}  # type: ignore[attr-defined]


def test_new_tables_are_limited_per_address(tmp_path: Path) -> None:
    limits = Limits(create_rate=0.01, create_burst=3)
    with TestClient(create_app(str(tmp_path / "t.db"), limits=limits)) as client:
        body = {"game": "crown-rivals", "seats": ["human", "normal"]}
        codes = [client.post("/api/tables", json=body).status_code for _ in range(5)]
        assert codes == [201, 201, 201, 429, 429]
        r = client.post("/api/tables", json=body)
        assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
        assert "too many new tables" in r.json()["error"] and r.json()["retry_after"] > 0


def test_an_address_is_its_own_unless_a_proxy_is_named(tmp_path: Path) -> None:
    """Served as ``courtly serve`` serves: uvicorn believed X-Forwarded-For from
    127.0.0.1, so a local program naming a new address each request made as
    many tables as it liked. The header counts only from the proxies named
    (``courtly serve --proxy``)."""
    import httpx

    from ..serving import serving

    limits = Limits(create_rate=0.01, create_burst=2)
    body = {"game": "crown-rivals", "seats": ["human", "normal"]}
    with serving(create_app(str(tmp_path / "x.db"), limits=limits)) as url:
        codes = [
            httpx.post(f"{url}/api/tables", json=body, headers={"X-Forwarded-For": f"10.0.0.{i}"})
            for i in range(3)
        ]
        assert [r.status_code for r in codes] == [201, 201, 429]
    with serving(create_app(str(tmp_path / "y.db"), limits=limits), proxies="127.0.0.1") as url:
        codes = [
            httpx.post(f"{url}/api/tables", json=body, headers={"X-Forwarded-For": f"10.0.0.{i}"})
            for i in range(3)
        ]
        assert [r.status_code for r in codes] == [201, 201, 201]  # three clients behind a proxy


def test_an_unreadable_websocket_upgrade_is_answered_at_once(tmp_path: Path) -> None:
    """Served as ``courtly serve`` serves: a 10,000-character token makes an
    upgrade request too long to read, and it is answered 414 at once (it used
    to be left unanswered until the client gave up); a long but readable one
    is turned away by the app with 4400."""
    import asyncio
    import time

    import websockets

    from ..serving import serving

    async def attempt(url: str) -> tuple[str, float]:
        start = time.monotonic()
        try:
            async with websockets.connect(url, open_timeout=5) as ws:
                await ws.recv()
        except websockets.InvalidStatus as exc:
            return f"HTTP {exc.response.status_code}", time.monotonic() - start
        except websockets.ConnectionClosed as exc:
            return f"closed {exc.rcvd.code if exc.rcvd else None}", time.monotonic() - start
        return "open", time.monotonic() - start

    with serving(create_app(str(tmp_path / "u.db"))) as url:
        base = url.replace("http", "ws", 1) + "/ws/tables/abc?token="
        answer, took = asyncio.run(attempt(base + "t" * 10_000))
        assert answer == "HTTP 414" and took < 2
        answer, took = asyncio.run(attempt(base + "t" * 100))
        assert answer == "closed 4400" and took < 2


def seat_socket(url: str) -> str:
    """The websocket address of the first seat of a new Crown Rivals table
    against ``normal`` at the server served at ``url``."""
    import httpx

    made = httpx.post(
        f"{url}/api/tables", json={"game": "crown-rivals", "seats": ["human", "normal"]}
    ).json()
    token = made["seats"][0]["token"]
    return url.replace("http", "ws", 1) + f"/ws/tables/{made['table']['id']}?token={token}"


def test_a_text_frame_not_utf8_closes_with_1007_and_no_traceback(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Served as ``courtly serve`` serves: a text frame that is not UTF-8 closed
    the connection with 1007, as the websocket standard asks, but uvicorn logged
    a traceback for each, so any client could fill the server's log. It now
    closes with a reason and logs nothing."""
    import asyncio

    import httpx
    import websockets

    from ..serving import serving

    async def garble(url: str) -> tuple[int | None, str | None]:
        async with websockets.connect(url, open_timeout=5) as ws:
            await ws.recv()
            await ws.send(b"\xff\xfe", text=True)
            try:
                while True:
                    await asyncio.wait_for(ws.recv(), 5)
            except websockets.ConnectionClosed as exc:
                return (exc.rcvd.code, exc.rcvd.reason) if exc.rcvd else (None, None)

    with serving(create_app(str(tmp_path / "g.db"))) as url:
        ws_url = seat_socket(url)
        with caplog.at_level("WARNING"):
            assert asyncio.run(garble(ws_url)) == (1007, "text frames are UTF-8")
            assert httpx.get(f"{url}/api/games").status_code == 200  # still serving
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")], caplog.text


def test_game_messages_are_sent_uncompressed(tmp_path: Path) -> None:
    """Served as ``courtly serve`` serves, a websocket offered permessage-deflate
    (as browsers offer it) is not given it: a game's messages are a few KB, and
    a compressor per connection cost a quarter of the server's CPU an action
    and much of its memory under load (BENCHMARKS.md, "Online play under load")."""
    import asyncio

    import websockets

    from ..serving import serving

    async def extensions(url: str) -> str | None:
        async with websockets.connect(url, open_timeout=5) as ws:  # offers deflate
            assert (await ws.recv()) is not None
            return ws.response.headers.get("Sec-WebSocket-Extensions")

    with serving(create_app(str(tmp_path / "d.db"))) as url:
        ws_url = seat_socket(url)
        assert asyncio.run(extensions(ws_url)) is None


@pytest.mark.parametrize("backend", BACKENDS)
def test_tables_without_an_open_seat_never_crowd_the_open_ones_out(client: TestClient) -> None:
    """The list of open tables is the newest public tables with an open seat:
    many newer public tables whose seats are all taken (or made for people)
    never push an older open one off it."""
    made = create(client, "garrison", ["human", "open"], public=True)
    for _ in range(101):
        create(client, "garrison", ["human", "easy"], public=True)
    listed = client.get("/api/tables").json()
    assert [t["id"] for t in listed] == [made["table"]["id"]]
