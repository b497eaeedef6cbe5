"""The log on the wire: each event's line is the game's structured text
(seats and cards marked, no terminal markup), and the set-up's events open the
log of a new table, of a rematch and of a replay, each only to those who may
see it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from courtly.engine import text
from courtly.engine.events import Event
from courtly.engine.kit_text import line_problems
from courtly.games import get
from courtly.server.app import create_app
from courtly.server.pages import replay_frames
from courtly.server.protocol import CreateTable
from courtly.server.tables import Table

from .conftest import BACKENDS, create

SEATS = ["human", "random", "random"]


def _kinds(log: list[dict[str, object]]) -> list[object]:
    return [e["event"]["kind"] for e in log]  # type: ignore[index]


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_new_intrigue_table_opens_its_log_with_the_deal(client: TestClient) -> None:
    made = create(client, "intrigue", SEATS, name="Ada")
    table = made["table"]["id"]
    token = made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
        mine = ws.receive_json()["log"]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        public = ws.receive_json()["log"]
    assert _kinds(mine)[:3] == ["setup", "round", "dealt"]
    assert mine[0]["text"].startswith("the Characters are ") and mine[0]["public"]
    dealt = mine[2]
    assert dealt["text"].startswith("you are dealt ") and not dealt["public"]
    assert "dealt" not in _kinds(public)  # the spectator sees no hand
    assert _kinds(public)[:2] == ["setup", "round"]
    round_line = mine[1]["text"]
    assert round_line.startswith("*round 1*: ") and "[bold]" not in round_line
    game = get("intrigue")
    for entry in mine + public:
        if entry["text"] is not None:
            assert not line_problems(entry["text"], game.card_codes(), 3), entry


def test_a_rematch_and_a_restored_table_open_their_logs_with_the_deal(tmp_path: Path) -> None:
    req = CreateTable(game="agents-of-the-crown", seats=["human", "random", "random", "random"])
    table = Table.create(req)
    assert [e.kind for e in table.log][:2] == ["houses", "year"]
    again = table.rematch(rotate=False)
    assert [e.kind for e in again.log][:2] == ["houses", "year"]
    assert again.log[0].data != table.log[0].data or again.state.seed != table.state.seed
    # a server started again rebuilds the log from the deal on
    db = str(tmp_path / "log.db")
    with TestClient(create_app(db)) as client:
        made = create(client, "crown-rivals", ["human", "human"])  # nobody moves
        name, token = made["table"]["id"], made["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{name}?token={token}") as ws:
            before = ws.receive_json()["log"]
    with (
        TestClient(create_app(db)) as client,
        client.websocket_connect(f"/ws/tables/{name}?token={token}") as ws,
    ):
        after = ws.receive_json()["log"]
    assert _kinds(before)[0] == "market" and "first_player" in _kinds(before)
    assert after == before
    first = next(e for e in before if e["event"]["kind"] == "first_player")
    assert text.plain(first["text"], None, 0).startswith(("You go first", "P1 goes first"))


def test_the_replay_s_first_frame_holds_the_deal_as_its_seat_saw_it() -> None:
    game = get("intrigue")
    state = game.new(players=3, seed=4, options={"rounds": 1, "hand_size": 3})
    rng = random.Random(4)
    for _ in range(5):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for seat in (None, 0, 1):
        first = replay_frames(state, seat)[0]["events"]
        kinds = [e["event"]["kind"] for e in first]
        assert kinds[:2] == ["setup", "round"]
        assert kinds.count("dealt") == (0 if seat is None else 1)
        if seat is not None:
            dealt = next(e for e in first if e["event"]["kind"] == "dealt")
            assert dealt["event"]["cards"] == state.game.opening(state)[2 + seat].data["cards"]


def test_crown_rivals_names_a_bonus_s_suit_by_its_symbol() -> None:
    """It said "You claim the D bonus A♥"."""
    crown = get("crown-rivals")
    said = crown.describe(Event("bonus", {"seat": 0, "suit": "D", "card": "AH"}), 0)
    assert said is not None and text.plain(said, you=0) == "You claim the ♦ bonus A♥"
    said = crown.describe(Event("bonus", {"seat": 1, "suit": "C"}), 0)
    assert said is not None and "the ♣ bonus" in said


def test_the_end_of_a_game_says_winner_or_winners() -> None:
    """It said "Game over: winner(s) Hard bot"."""
    for game_id, data in (
        ("agents-of-the-crown", {}),
        ("agincards", {"why": "no cards left"}),
    ):
        game = get(game_id)
        one = game.describe(Event("game_over", {**data, "winners": [1]}), 0)
        two = game.describe(Event("game_over", {**data, "winners": [0, 2]}), 0)
        assert one is not None and two is not None
        assert text.plain(one, you=0).endswith(": winner P1"), one
        assert text.plain(two, you=0).endswith(": winners you, P2"), two
