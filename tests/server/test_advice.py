"""Hints over the websocket and game reviews over HTTP.

The bot pool here runs searches in threads of the test process (not worker
processes), so a test can watch what the search is given."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from courtly.bots import review as advice
from courtly.bots.ismcts import ISMCTS, Analysis
from courtly.engine.actions import Action
from courtly.engine.records import Record
from courtly.server.app import create_app
from courtly.server.bots import BotPool, SearchStuck
from courtly.server.limits import Limits
from courtly.server.protocol import CreateTable
from courtly.server.tables import Table

from .conftest import LeakAudit, create, play_to_end


def in_threads() -> BotPool:
    pool = BotPool()
    pool._executor = lambda name: pool.threads  # type: ignore[method-assign]
    return pool


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    app = create_app(
        str(db_path),
        pool=in_threads(),
        limits=Limits(rate=1000, burst=1000, create_rate=1000, create_burst=1000),
        review_think=0.05,
    )
    with TestClient(app) as c:
        yield c


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, list[int]]]:
    """Every search of the hard bot: what it was given (observation, legal ids)."""
    calls: list[tuple[Any, list[int]]] = []
    real = ISMCTS.search

    def search(
        bot: ISMCTS, observation: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Analysis:
        calls.append((observation, [a.id for a in legal]))
        return real(bot, observation, legal, rng)

    monkeypatch.setattr(ISMCTS, "search", search)
    return calls


def receive(ws: Any, kinds: tuple[str, ...]) -> dict[str, Any]:
    """The next message of one of ``kinds``, skipping others."""
    for _ in range(200):
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] in kinds:
            return msg
    raise AssertionError(f"no {kinds} message")


def two_humans(client: TestClient, **extra: Any) -> tuple[str, list[str]]:
    made = create(client, "crown-rivals", ["human", "human"], think=0.05, **extra)
    return made["table"]["id"], [s["token"] for s in made["seats"]]


def test_a_hint_goes_to_the_asking_seat_only_and_sees_only_its_observation(
    client: TestClient, audit: LeakAudit, searches: list[tuple[Any, list[int]]]
) -> None:
    table, tokens = two_humans(client)
    with (
        client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as a,
        client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as b,
        client.websocket_connect(f"/ws/tables/{table}") as spectator,
    ):
        snaps = [a.receive_json(), b.receive_json()]
        spectator.receive_json()
        me = 0 if snaps[0]["legal"] else 1
        asker, other = (a, b) if me == 0 else (b, a)
        asker.send_json({"type": "hint"})
        hint = receive(asker, ("hint", "refused"))
        assert hint["type"] == "hint", hint
        legal = {x["id"]: x["notation"] for x in snaps[me]["legal"]}
        assert 1 <= len(hint["moves"]) <= 5 and hint["seq"] == snaps[me]["seq"]
        for m in hint["moves"]:
            assert legal[m["id"]] == m["notation"]
            assert 0 <= m["value"] <= 1 and m["visits"] >= 1
        # the page is told what a chance means in this game (Crown Rivals ranks)
        assert hint["chance"] == "the estimated result, 100% = first place, 0% = last"
        # the search was given exactly the seat's observation and legal actions
        assert searches == [(snaps[me]["observation"], [x["id"] for x in snaps[me]["legal"]])]
        # nobody else hears of it: nothing but seats messages before the answer to a ping
        for ws in (other, spectator):
            ws.send_json({"type": "ping"})
            kinds = []
            while not kinds or kinds[-1] != "pong":
                kinds.append(ws.receive_json()["type"])
            assert set(kinds) <= {"seats", "pong"}, kinds
    assert audit.checked >= 3


def test_hints_are_refused_with_a_reason_when_not_to_act_or_busy_or_spectating(
    client: TestClient, searches: list[tuple[Any, list[int]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The first hint's search waits until the second hint has been refused, so
    # the second always finds it running, however the machine schedules them.
    release = threading.Event()
    watched = ISMCTS.search

    def held(
        bot: ISMCTS, observation: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Analysis:
        assert release.wait(30), "the second hint was never refused"
        return watched(bot, observation, legal, rng)

    monkeypatch.setattr(ISMCTS, "search", held)
    table, tokens = two_humans(client)
    with (
        client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as a,
        client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as b,
        client.websocket_connect(f"/ws/tables/{table}") as spectator,
    ):
        snaps = [a.receive_json(), b.receive_json()]
        spectator.receive_json()
        me = 0 if snaps[0]["legal"] else 1
        asker, waiting = (a, b) if me == 0 else (b, a)
        waiting.send_json({"type": "hint"})
        no = receive(waiting, ("refused",))
        assert no["code"] == "not_your_turn" and no["about"] == "hint"
        assert "no" in no["reason"] and "decision" in no["reason"]
        spectator.send_json({"type": "hint"})
        assert receive(spectator, ("refused",))["code"] == "spectator"
        # one hint at a time per seat
        asker.send_json({"type": "hint"})
        asker.send_json({"type": "hint"})
        busy = receive(asker, ("hint", "refused"))
        release.set()
        assert busy["type"] == "refused" and busy["code"] == "busy" and busy["about"] == "hint"
        assert receive(asker, ("hint", "refused"))["type"] == "hint"
    assert len(searches) == 1  # refused hints never search


def test_hints_off_are_refused_and_shown_in_the_summary(
    client: TestClient, searches: list[tuple[Any, list[int]]]
) -> None:
    table, tokens = two_humans(client, hints=False)
    assert client.get(f"/api/tables/{table}").json()["hints"] is False
    assert "Hints are off at this table" in client.get(f"/play/{table}").text
    for token in tokens:
        with client.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
            ws.receive_json()
            ws.send_json({"type": "hint"})
            no = receive(ws, ("refused",))
            assert no["code"] == "hints_off" and "hints are off" in no["reason"]
    assert searches == []
    on, _ = two_humans(client)
    assert client.get(f"/api/tables/{on}").json()["hints"] is True


def test_hints_off_survive_a_restart_and_a_rematch(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    with TestClient(create_app(db)) as client:
        made = create(client, "crown-rivals", ["human", "random"], hints=False)
        table = made["table"]["id"]
    with TestClient(create_app(db)) as client:
        assert client.get(f"/api/tables/{table}").json()["hints"] is False
    req = CreateTable(game="crown-rivals", seats=["human", "random"], hints=False)
    assert Table.create(req).rematch(rotate=True).hints is False


def test_hints_are_rate_limited(db_path: Path) -> None:
    limits = Limits(
        rate=1000, burst=1000, create_rate=1000, create_burst=1000, hint_rate=0.01, hint_burst=1
    )
    app = create_app(str(db_path), pool=in_threads(), limits=limits)
    with TestClient(app) as client:
        table, tokens = two_humans(client)
        with (
            client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as a,
            client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as b,
        ):
            snaps = [a.receive_json(), b.receive_json()]
            ws = a if snaps[0]["legal"] else b
            ws.send_json({"type": "hint"})
            assert receive(ws, ("hint", "refused"))["type"] == "hint"
            ws.send_json({"type": "hint"})
            no = receive(ws, ("refused",))
            assert no["code"] == "rate_limited" and no["about"] == "hint"
            assert no["retry_after"] > 10 and "too many hints" in no["reason"]


def finished_table(client: TestClient) -> tuple[str, dict[str, Any]]:
    made = create(client, "crown-rivals", ["human", "random"], think=0.05)
    table = made["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table}?token={made['seats'][0]['token']}") as ws:
        last = play_to_end(ws, random.Random(5))
        ws.send_json({"type": "hint"})
        no = receive(ws, ("refused",))
        while no.get("about") != "hint":  # an action sent as the server ended the game for us
            assert no["code"] in ("over", "duplicate", "stale"), no
            no = receive(ws, ("refused",))
        assert no["code"] == "over" and no["about"] == "hint"
    return table, last


def wait_review(client: TestClient, table: str, seat: int) -> dict[str, Any]:
    for _ in range(600):
        job: dict[str, Any] = client.get(f"/api/tables/{table}/review?seat={seat}").json()
        if job["status"] != "running":
            return job
        assert job["done"] <= (job["total"] or 0)
        time.sleep(0.05)
    raise AssertionError("the review did not finish")


def test_a_review_judges_each_decision_of_a_seat_once_the_game_is_over(
    client: TestClient, searches: list[tuple[Any, list[int]]]
) -> None:
    made = create(client, "crown-rivals", ["human", "random"])
    early = client.post(f"/api/tables/{made['table']['id']}/review?seat=0")
    assert early.status_code == 400 and "once the game is over" in early.json()["error"]

    table, _ = finished_table(client)
    assert client.get(f"/api/tables/{table}/review?seat=0").json()["status"] == "none"
    bad = client.post(f"/api/tables/{table}/review?seat=2")
    assert bad.status_code == 400 and "seats run 0 to 1" in bad.json()["error"]
    started = client.post(f"/api/tables/{table}/review?seat=0")
    assert started.status_code == 202 and started.json()["status"] == "running"
    # one review at a time per table
    other = client.post(f"/api/tables/{table}/review?seat=1")
    assert other.status_code == 409 and "one at a time" in other.json()["error"]
    job = wait_review(client, table, 0)
    assert job["status"] == "done" and job["done"] == job["total"], job
    review = job["review"]

    record = Record.from_json(client.get(f"/api/tables/{table}/record").json())
    found, forced = advice.decisions(record, 0)
    assert review["forced"] == forced and len(review["decisions"]) == len(found) > 0
    # each search saw the seat's observation at that decision, and its legal moves
    assert searches == [(d.observation, [a.id for a in d.legal]) for d in found]
    for d, row in zip(found, review["decisions"], strict=True):
        assert row["step"] == d.index + 1 and record.actions[d.index] == (0, row["played"])
        assert row["loss"] is None or row["loss"] >= 0
        assert row["costly"] == (row["loss"] is not None and row["loss"] >= 0.1)
    assert review["costly"] == sum(r["costly"] for r in review["decisions"])
    # computed once: asking again answers from memory
    again = client.post(f"/api/tables/{table}/review?seat=0")
    assert again.status_code == 200 and again.json()["review"] == review
    assert len(searches) == len(found)
    # now the other seat may be reviewed
    assert client.post(f"/api/tables/{table}/review?seat=1").status_code == 202
    assert wait_review(client, table, 1)["status"] == "done"


def test_reviews_are_limited_per_address(db_path: Path) -> None:
    """Each review searches every decision of a seat, and they wait their turn
    for the server's few search slots: one address asking for review after
    review of finished tables (its own tables of bots finish on their own)
    queued without end. It may have ``Limits.reviews`` under way at once."""
    limits = Limits(rate=1000, burst=1000, create_rate=1000, create_burst=1000, reviews=1)
    app = create_app(str(db_path), pool=in_threads(), limits=limits, review_think=0.05)
    with TestClient(app) as client:
        first, _ = finished_table(client)
        second, _ = finished_table(client)
        assert client.post(f"/api/tables/{first}/review?seat=0").status_code == 202
        refused = client.post(f"/api/tables/{second}/review?seat=0")
        assert refused.status_code == 409, refused.json()
        assert refused.json()["error"] == (
            "1 review you asked for is being worked out (at most 1 at once from one "
            "address): ask again when one is done"
        )
        assert wait_review(client, first, 0)["status"] == "done"
        assert client.post(f"/api/tables/{second}/review?seat=0").status_code == 202
        assert wait_review(client, second, 0)["status"] == "done"


@pytest.mark.parametrize(
    ("fault", "said"),
    [
        (SearchStuck("a search ran 31 s past its think"), "the review's search did not finish"),
        (RuntimeError("a bot's fault"), "the review could not be worked out"),
    ],
)
def test_a_failed_review_says_so_in_words_and_may_be_asked_again(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, fault: Exception, said: str
) -> None:
    """A review whose search fails (stopped as stuck, or any fault) says so in
    a sentence a player reads, not an exception's class name (it said "(SearchStuck)"),
    and may be asked for again."""
    table, _ = finished_table(client)

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise fault

    pool = client.app.state.hub.pool  # type: ignore[attr-defined]
    monkeypatch.setattr(pool, "analyse", broken)
    assert client.post(f"/api/tables/{table}/review?seat=0").status_code == 202
    job = wait_review(client, table, 0)
    assert job["status"] == "failed" and job["error"] == f"{said}; ask again"
    monkeypatch.undo()
    assert client.post(f"/api/tables/{table}/review?seat=0").status_code == 202
    assert wait_review(client, table, 0)["status"] == "done"


def test_the_review_endpoint_is_in_the_openapi_schema(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    review = paths["/api/tables/{table_id}/review"]
    assert {"get", "post"} <= set(review)
    assert any(p["name"] == "seat" for p in review["post"]["parameters"])


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """What each search of the hard bot made of its table: each seat's model's
    name, "-" where the heuristic plays it."""
    calls: list[list[str]] = []
    real = ISMCTS.search

    def search(
        bot: ISMCTS, observation: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Analysis:
        calls.append(["-" if m is None else m.name for m in bot.models or ()])
        return real(bot, observation, legal, rng)

    monkeypatch.setattr(ISMCTS, "search", search)
    return calls


def test_a_hard_bot_and_a_hint_are_shown_the_tables_bots_and_no_more(
    client: TestClient, shown: list[list[str]]
) -> None:
    # A bot's level is on the table for every viewer (the seats message), so
    # the search may play a seat shown as easy as easy plays; a person's seat
    # is played as the heuristic.
    # The server deals at random, and a deal can end before the person has a
    # choice (a Smuggler played three times in the first turn, GAR-22): then a
    # new table.
    for _ in range(10):
        made = create(client, "garrison", ["human", "hard", "easy"], think=0.05)
        table, token = made["table"]["id"], made["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
            msg = receive(ws, ("snapshot",))
            while not msg["over"] and len(msg["legal"]) <= 1:  # the forced moves
                if msg["legal"]:
                    ws.send_json(
                        {"type": "act", "action": msg["legal"][0]["id"], "seq": msg["seq"]}
                    )
                msg = receive(ws, ("update",))
            if msg["over"]:
                continue
            ws.send_json({"type": "hint"})
            assert receive(ws, ("hint", "refused"))["type"] == "hint"
            break
    else:
        pytest.fail("ten deals in a row ended before the person had a choice")
    # the hint's search, and any of the hard bot's: seat 2 as easy, the rest not
    assert shown and all(models == ["-", "-", "easy"] for models in shown), shown
