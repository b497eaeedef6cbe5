"""A real ``courtly serve`` killed with SIGKILL mid-game loses no accepted action,
and play goes on after a restart."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.serving import free_port, start_server

from .conftest import BACKENDS
from .shared import stored_actions


def recv(ws: ClientConnection) -> dict[str, Any]:
    msg: dict[str, Any] = json.loads(ws.recv(timeout=10))
    return msg


def act_once(ws: ClientConnection, state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Act on ``state`` (the seat's newest view) and return the update that confirms it."""
    choice = rng.choice(state["legal"])
    ws.send(json.dumps({"type": "act", "action": choice["id"], "seq": state["seq"]}))
    while True:
        msg = recv(ws)
        if msg.get("yours"):
            assert msg["yours"] == choice["notation"]
            return msg
        assert msg["type"] != "refused", msg


def newest(ws: ClientConnection, last: dict[str, Any]) -> dict[str, Any]:
    """Drain what has arrived; the newest game message (or ``last``)."""
    while True:
        try:
            msg = json.loads(ws.recv(timeout=0.3))
        except TimeoutError:
            return last
        if msg["type"] in ("snapshot", "update"):
            last = msg


@pytest.mark.parametrize("backend", BACKENDS)
def test_sigkill_mid_game_loses_no_accepted_action(database: str) -> None:
    db = database
    port = free_port()
    proc = start_server(db, port)
    rng = random.Random(5)
    try:
        made = httpx.post(
            f"http://127.0.0.1:{port}/api/tables",
            json={
                "game": "agents-of-the-crown",
                "seats": ["human", "normal", "normal", "normal"],
                "options": {"years": 1},
            },
        ).json()
        table, tok = made["table"]["id"], made["seats"][0]["token"]
        accepted: list[tuple[int, str]] = []
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}?token={tok}") as ws:
            view = recv(ws)
            for _ in range(3):
                view = newest(ws, view)
                if not view["legal"]:
                    break
                done = act_once(ws, view, rng)
                accepted.append((done["seq"] - 1, done["yours"]))
                view = done
        os.kill(proc.pid, signal.SIGKILL)  # no shutdown, no flush: killed outright
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert len(accepted) >= 2
    rows = stored_actions(db, table)
    by_n = {n: (seat, notation) for n, seat, notation in rows}
    for n, notation in accepted:
        assert by_n[n] == (0, notation), f"accepted action {n} {notation!r} was lost"
    assert [n for n, _, _ in rows] == list(range(len(rows)))

    proc = start_server(db, port)
    try:
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}?token={tok}") as ws:
            snap = recv(ws)
            assert snap["type"] == "snapshot" and snap["seq"] >= len(rows)
            view = snap
            while not view["over"]:
                view = newest(ws, view)
                if view["over"]:
                    break
                if view["legal"]:
                    view = act_once(ws, view, rng)
        assert view["result"]["winners"]
        record = httpx.get(f"http://127.0.0.1:{port}/api/tables/{table}/record").json()
        assert [tuple(a) for a in record["actions"][: len(rows)]] == [(s, t) for _, s, t in rows]
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
