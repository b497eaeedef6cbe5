"""Fewer needless clicks: a person's single legal move is made for them at once
when everybody could tell it was forced (nothing is learnt from it), and, with
their ``auto_pass`` setting on, also when only they could know (their speed
then tells the others they could not respond: the setting is theirs to take)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from courtly.server import acting
from courtly.server import live as live_module

from .conftest import create


def play_never_answering_forced(
    client: TestClient, game: str, auto_pass: bool, patience: float = 3.0, **extra: Any
) -> tuple[int, int, bool]:
    """Two people play their first legal move but never answer a decision with
    a single legal move: (moves they made, moves made for them, the game ended).
    The table counts as stuck when its rounds read nothing new for ``patience``
    seconds: where a move is expected, give a busy machine time to store it."""
    made = create(client, game, ["human", "human"], **extra)
    table = made["table"]["id"]
    tokens = [s["token"] for s in made["seats"]]
    ours = theirs = 0
    with (
        client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as a,
        client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as b,
    ):
        sockets = [a, b]
        views: list[dict[str, Any]] = [ws.receive_json() for ws in sockets]
        for ws in sockets:
            ws.send_json({"type": "auto_pass", "on": auto_pass})
        awaiting = [False, False]
        quiet_since: float | None = None
        for _ in range(20_000):
            if any(v["over"] for v in views):
                return ours, theirs, True
            for i, v in enumerate(views):
                if len(v["legal"]) > 1 and not awaiting[i]:
                    act = {"type": "act", "action": v["legal"][0]["id"], "seq": v["seq"]}
                    sockets[i].send_json(act)
                    awaiting[i] = True
            moved = False
            for i, ws in enumerate(sockets):  # read all each seat has been sent
                ws.send_json({"type": "ping"})
                while (msg := ws.receive_json())["type"] != "pong":
                    if msg["type"] == "refused":
                        awaiting[i] = False
                    if msg["type"] not in ("snapshot", "update"):
                        continue
                    views[i], moved = msg, True
                    if msg.get("yours"):
                        ours, theirs = (ours + 1, theirs) if awaiting[i] else (ours, theirs + 1)
                        awaiting[i] = False
            if moved or any(awaiting):
                quiet_since = None
            elif quiet_since is None:
                # Nothing came: the table may be stuck, or a forced move the
                # server makes on its own may land after this round's pongs.
                # Read again until ``patience`` seconds pass with nothing new.
                quiet_since = time.monotonic()
            elif time.monotonic() - quiet_since >= patience:
                return ours, theirs, False  # only a forced decision is left, unanswered
            else:
                time.sleep(0.05)
    raise AssertionError("the game ran too long")


EXPECTED = 20.0
"""Seconds of quiet before a table where a move is expected counts as stuck."""


def test_a_forced_move_everyone_could_foresee_is_made_at_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Which forced moves everyone could foresee is publicly_forced's to judge
    # (tests/server/test_bot_budget.py); here every one is, as nearly all of
    # Crown Rivals' are (ending a turn with an empty hand).
    monkeypatch.setattr(acting, "publicly_forced", lambda *a: True)
    ours, theirs, ended = play_never_answering_forced(client, "crown-rivals", False, EXPECTED)
    assert ended and ours > 0 and theirs > 0


def test_a_forced_move_only_its_seat_knows_waits_for_the_person(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # as if no forced move could be foreseen: without the setting, none is made
    monkeypatch.setattr(acting, "publicly_forced", lambda *a: False)
    ours, theirs, ended = play_never_answering_forced(client, "crown-rivals", False)
    assert not ended and theirs == 0 and ours > 0


def test_auto_pass_makes_every_forced_move(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(acting, "publicly_forced", lambda *a: False)
    _, theirs, ended = play_never_answering_forced(client, "crown-rivals", True, EXPECTED)
    assert ended and theirs > 0


def test_a_forced_move_overtaken_by_another_move_is_made_again(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The race CI once hit: the other person's move lands between the forced
    # move reading its decision and submitting it, so it is refused as stale.
    # Here the first forced submission is refused that way on purpose: the
    # move must be looked at again and made, not dropped (the table would stall).
    monkeypatch.setattr(acting, "publicly_forced", lambda *a: False)
    submit = live_module.Hub.submit
    overtaken: list[int] = []

    async def overtaken_once(
        self: Any, live: Any, seat: int, action: Any, seq: int | None, by_bot: bool = False
    ) -> Any:
        # in this test people only act with a choice: one legal move means forced
        if not overtaken and not by_bot and len(live.table.legal.get(seat, ())) == 1:
            overtaken.append(seat)
            return live_module.Refused(code="stale", reason="overtaken", seq=seq)
        return await submit(self, live, seat, action, seq, by_bot)

    monkeypatch.setattr(live_module.Hub, "submit", overtaken_once)
    _, theirs, ended = play_never_answering_forced(client, "crown-rivals", True, EXPECTED)
    assert overtaken and ended and theirs > 0


def test_auto_pass_takes_a_yes_or_no(client: TestClient) -> None:
    made = create(client, "crown-rivals", ["human", "human"])
    tok = made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{made['table']['id']}?token={tok}") as ws:
        ws.receive_json()
        ws.send_json({"type": "auto_pass", "on": "yes"})
        while (msg := ws.receive_json())["type"] != "refused":
            pass
    assert msg["code"] == "bad_message" and "auto_pass (with on)" in msg["reason"]
