"""Whole games over the HTTP API and the websocket, for every game."""

from __future__ import annotations

import random
import re
import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient

from courtly.engine.records import Record, replay
from courtly.games import all_games, get
from courtly.server.protocol import CreateTable
from courtly.server.tables import Table
from tests.games.agincards.helpers import scenario

from .conftest import BACKENDS, QUICK, LeakAudit, create, play_to_end

GAMES = [g.id for g in all_games()]


def seats_for(game_id: str, humans: int) -> list[str]:
    from courtly.games import get

    g = get(game_id)
    n = max(g.default_players if g.id != "garrison" else 2, humans, g.min_players)
    return (
        ["human"] * humans
        + ["normal", "easy", "random"][: n - humans]
        + ["random"] * max(0, n - humans - 3)
    )


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("game_id", GAMES)
def test_one_human_against_bots_plays_to_the_end(
    client: TestClient, audit: LeakAudit, game_id: str
) -> None:
    made = create(client, game_id, seats_for(game_id, 1), name="Ada")
    table = made["table"]["id"]
    me = made["seats"][0]
    assert me["invite"].endswith(f"/play/{table}?token={me['token']}")
    assert all("token" not in s for s in made["seats"][1:])
    with client.websocket_connect(f"/ws/tables/{table}?token={me['token']}") as ws:
        first = ws.receive_json()
        assert first["type"] == "snapshot" and first["you"] == 0 and first["game"] == game_id
        assert first["seats"][0]["name"] == "Ada"
        last = play_to_end(ws, random.Random(game_id), first)
    assert last["over"] and last["result"]["winners"]
    # the record downloads and replays to the same result
    r = client.get(f"/api/tables/{table}/record")
    assert r.status_code == 200
    record = Record.from_json(r.json())
    final = replay(record, get(record.game))
    assert final.over and final.scores == last["result"]["scores"]
    assert len(record.actions) == last["seq"]
    info = client.get(f"/api/tables/{table}").json()
    assert info["over"] and info["seed"] is None and "token" not in str(info)
    assert audit.checked > 0 and audit.by_seat.get(0, 0) > 0


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("game_id", GAMES)
def test_two_human_seats_with_two_clients_and_a_spectator(
    client: TestClient, audit: LeakAudit, game_id: str
) -> None:
    made = create(client, game_id, seats_for(game_id, 2))
    table = made["table"]["id"]
    tokens = [s["token"] for s in made["seats"][:2]]
    results: list[dict[str, Any]] = [{}, {}]
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            with client.websocket_connect(f"/ws/tables/{table}?token={tokens[i]}") as ws:
                results[i] = play_to_end(ws, random.Random(i))
        except BaseException as exc:  # reported below
            errors.append(exc)

    with client.websocket_connect(f"/ws/tables/{table}") as watcher:
        snap = watcher.receive_json()
        assert snap["you"] is None and snap["legal"] == []
        threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert not errors, errors
        while True:  # the spectator saw the game to its end
            msg = watcher.receive_json()
            if msg["type"] == "update" and msg["over"]:
                break
            assert msg["type"] != "update" or msg["legal"] == []
    assert results[0]["result"] == results[1]["result"] == msg["result"]
    assert audit.by_seat.get(None, 0) > 0 and audit.by_seat.get(1, 0) > 0


def test_reconnecting_restores_the_seat_view_at_once(client: TestClient, audit: LeakAudit) -> None:
    # Four people, three of them away: nothing moves between the two
    # connections (a bot's commit could land in between and advance the table).
    made = create(client, "agents-of-the-crown", ["human"] * 4)
    table, tok = made["table"]["id"], made["seats"][0]["token"]
    url = f"/ws/tables/{table}?token={tok}"
    with client.websocket_connect(url) as ws:
        snap = ws.receive_json()
        ws.send_json({"type": "act", "action": snap["legal"][0]["notation"], "seq": snap["seq"]})
        while True:
            msg = ws.receive_json()
            if msg.get("yours"):
                break
        ws.send_json({"type": "chat", "text": "deal? <b>hi</b>"})
        while ws.receive_json()["type"] != "chat":
            pass
    with client.websocket_connect(url) as ws:
        again = ws.receive_json()
    assert again["type"] == "snapshot" and again["seq"] == msg["seq"]
    assert again["observation"] == msg["observation"]
    assert again["chat"][-1]["text"] == "deal? <b>hi</b>"
    assert any(entry["event"] for entry in again["log"])


@pytest.mark.parametrize("backend", BACKENDS)
def test_open_tables_join_claim_and_rematch(client: TestClient) -> None:
    made = create(client, "crown-rivals", ["human", "open"], public=True)
    table = made["table"]["id"]
    listed = client.get("/api/tables").json()
    assert [t["id"] for t in listed] == [table] and listed[0]["free_seats"] == [1]
    assert "token" not in made["seats"][1]
    joined = client.post(f"/api/tables/{table}/join", json={"name": "  Bea\x07 "}).json()
    assert joined["seat"] == 1 and joined["name"] == "Bea" and joined["token"]
    assert joined["token"] != made["seats"][0]["token"]
    claimed = client.post(
        f"/api/tables/{table}/claim", json={"token": made["seats"][0]["token"], "name": "Cy"}
    )
    assert claimed.status_code == 200 and claimed.json()["seat"] == 0
    assert client.get("/api/tables").json() == []  # no free seat left
    assert client.post(f"/api/tables/{table}/join", json={"name": "Dee"}).status_code == 400
    # a rematch is for finished games
    r = client.post(f"/api/tables/{table}/rematch", json={"token": joined["token"]})
    assert r.status_code == 400 and "over" in r.json()["error"]
    toks = [made["seats"][0]["token"], joined["token"]]
    done = [{}, {}]

    def run(i: int) -> None:
        with client.websocket_connect(f"/ws/tables/{table}?token={toks[i]}") as ws:
            done[i] = play_to_end(ws, random.Random(i))

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert done[0]["over"] and done[1]["over"]
    with client.websocket_connect(f"/ws/tables/{table}?token={toks[1]}") as ws:
        ws.receive_json()
        r = client.post(f"/api/tables/{table}/rematch", json={"token": toks[0], "rotate": True})
        assert r.status_code == 200, r.text
        new = r.json()
        assert new["you"]["seat"] == 1 and new["you"]["name"] == "Cy"
        while (msg := ws.receive_json())["type"] != "rematch":
            pass
    assert msg["table"] == new["table"]["id"] and msg["seat"] == 0 and msg["token"]
    assert msg["token"] not in toks
    again = client.post(f"/api/tables/{table}/rematch", json={"token": toks[1]}).json()
    assert again["table"]["id"] == new["table"]["id"] and again["you"]["token"] == msg["token"]
    assert client.get(f"/api/tables/{table}").json()["rematch"] == new["table"]["id"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_rematch_keeps_the_bots_and_the_people(client: TestClient) -> None:
    made = create(client, "crown-rivals", ["random", "human"], name="Ada")
    table, tok = made["table"]["id"], made["seats"][1]["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={tok}") as ws:
        play_to_end(ws, random.Random(4))
    r = client.post(f"/api/tables/{table}/rematch", json={"token": tok, "rotate": True})
    assert r.status_code == 200, r.text
    new = r.json()
    assert [(s["kind"], s["bot"], s["name"]) for s in new["table"]["seats"]] == [
        ("human", None, "Ada"),
        ("bot", "random", None),
    ]
    assert new["you"]["seat"] == 0 and new["you"]["token"] != tok
    again = client.get(f"/api/tables/{new['table']['id']}").json()
    assert [(s["kind"], s["bot"]) for s in again["seats"]] == [("human", None), ("bot", "random")]


def test_a_server_table_refuses_a_bot_thinking_time(client: TestClient) -> None:
    # hard@30 would search 30 s a decision on the server's own threads
    r = client.post("/api/tables", json={"game": "crown-rivals", "seats": ["human", "hard@30"]})
    assert r.status_code == 400 and "server sets" in r.json()["error"], r.json()
    r = client.post("/api/tables", json={"game": "crown-rivals", "seats": ["human", "hard@x"]})
    assert r.status_code == 400 and "seconds" in r.json()["error"], r.json()
    # and so would a fixed number of iterations, however long they take
    r = client.post(
        "/api/tables", json={"game": "crown-rivals", "seats": ["human", "hard@100000it"]}
    )
    assert r.status_code == 400 and "server sets" in r.json()["error"], r.json()


def test_bad_requests_get_clear_messages(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "chess", "seats": ["human"]})
    assert r.status_code == 400 and "chess" in r.json()["error"]
    r = client.post("/api/tables", json={"game": "garrison", "seats": ["human", "wizard"]})
    assert r.status_code == 400 and "wizard" in r.json()["error"] and "normal" in r.json()["error"]
    r = client.post(
        "/api/tables", json={"game": "garrison", "seats": ["human"] * 2, "options": {"length": "x"}}
    )
    assert r.status_code == 400 and "length" in r.json()["error"]
    r = client.post(
        "/api/tables",
        json={"game": "intrigue", "seats": ["human"] * 3, "options": {"deck": ["AS"]}},
    )
    assert r.status_code == 400 and "shuffled" in r.json()["error"]
    r = client.post("/api/tables", json={"game": "garrison", "seats": ["human"] * 9})
    assert r.status_code == 422 and "seats" in r.json()["error"]
    assert client.get("/api/tables/nope").status_code == 404
    made = create(client, "crown-rivals", ["human", "normal"])
    r = client.get(f"/api/tables/{made['table']['id']}/record")
    assert r.status_code == 400 and "over" in r.json()["error"]


def test_a_seat_may_not_take_a_name_another_seat_goes_by(client: TestClient) -> None:
    """Two seats named "Ada" read alike on every plaque and log line; and once
    saved, the page offers no way to change the name again."""
    made = create(client, "crown-rivals", ["human", "open"], public=True, name="Ada")
    table = made["table"]["id"]
    taken = client.post(f"/api/tables/{table}/join", json={"name": " ada "})
    assert taken.status_code == 400
    assert (
        taken.json()["error"] == "'Ada' is already the name of seat 0 at this table: choose another"
    )
    assert client.get("/api/tables").json()[0]["free_seats"] == [1]  # the seat is still free
    joined = client.post(f"/api/tables/{table}/join", json={"name": "Bea"}).json()
    same = client.post(f"/api/tables/{table}/claim", json={"token": joined["token"], "name": "ADA"})
    assert same.status_code == 400 and "seat 0" in same.json()["error"]
    mine = client.post(
        f"/api/tables/{table}/claim", json={"token": made["seats"][0]["token"], "name": "Ada"}
    )
    assert mine.status_code == 200  # a seat may keep its own name
    names = [s["name"] for s in client.get(f"/api/tables/{table}").json()["seats"]]
    assert names == ["Ada", "Bea"]


def test_a_bad_request_is_told_in_words_not_in_the_validator_s_labels(client: TestClient) -> None:
    """Pydantic's own labels reached people: "Value error, ...", a short token
    refused for its length rather than as no seat's, and on the websocket
    "Unable to extract tag using discriminator 'type'" and one line per member
    of a union ("act.action.int: ...; act.action.constrained-str: ...")."""
    made = create(client, "crown-rivals", ["human", "human"])
    table = made["table"]["id"]
    token = made["seats"][0]["token"]
    blank = client.post(f"/api/tables/{table}/claim", json={"token": token, "name": "   "})
    assert blank.json()["error"] == "name: a name needs at least one visible character"
    short = client.post(f"/api/tables/{table}/claim", json={"token": "bad", "name": "Zed"})
    assert short.status_code == 400
    assert short.json()["error"] == "that token is not a seat of this table"
    for bad in (client.post(f"/api/tables/{table}/rematch", json={"token": "x"}),):
        assert bad.status_code == 400 and "length" not in bad.json()["error"]
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
        ws.receive_json()
        for message, words in (
            ({}, "message: no type given."),
            ({"type": "dance"}, "message: 'dance' is not a type; the types: 'act', 'chat'"),
            ({"type": "act", "action": True}, "act.action: not one of the forms allowed here."),
        ):
            ws.send_json(message)
            while (said := ws.receive_json())["type"] != "refused":
                pass
            assert said["reason"].startswith(words), said["reason"]
            assert "discriminator" not in said["reason"] and ".int" not in said["reason"]


def test_index_page_lists_games_and_escapes_names(client: TestClient) -> None:
    made = create(client, "crown-rivals", ["human", "open"], public=True, name="<script>x</script>")
    page = client.get("/").text
    assert "Agents of the Crown" in page and "/api/tables" in page
    assert "<script>x" not in page and "&lt;script&gt;x" in page
    play = client.get(f"/play/{made['table']['id']}").text
    assert "<script>x" not in play and "&lt;script&gt;" in play
    games = client.get("/api/games").json()
    assert {g["id"] for g in games} == set(QUICK)


def test_intrigue_s_characters_are_offered_and_accepted_but_a_stacked_deck_is_not(
    client: TestClient,
) -> None:
    """Which options stack a deal is declared by the game (``Game.stacking``):
    Intrigue's ``deck`` does, its ``characters`` (public, face up) do not."""
    intrigue = next(g for g in client.get("/api/games").json() if g["id"] == "intrigue")
    offered = {o["name"] for o in intrigue["options"]}
    assert "characters" in offered and "deck" not in offered
    made = create(
        client,
        "intrigue",
        ["human"] * 3,
        options={"rounds": 1, "characters": "DUKE BISHOP PRINCESS"},
    )
    assert made["table"]["options"]["characters"][:3] == ["DUKE", "BISHOP", "PRINCESS"]
    assert "deck" not in made["table"]["options"]
    r = client.post(
        "/api/tables",
        json={"game": "intrigue", "seats": ["human"] * 3, "options": {"characters": ["NOPE"]}},
    )
    assert r.status_code == 400 and "characters" in r.json()["error"]


def test_options_are_offered_and_refused_in_a_player_s_words(client: TestClient) -> None:
    """The lobby showed ``default "'quick'"`` and ``"False"``, descriptions opening
    with a rule code, and a refusal listing ``deck (..., default None)``, an
    option every web table refuses. Defaults are now as a player types them, the
    rule code comes after the words, and the list holds only what a table takes."""
    garrison = next(g for g in client.get("/api/games").json() if g["id"] == "garrison")
    options = {o["name"]: o for o in garrison["options"]}
    assert options["length"]["default"] == "quick"
    assert options["joker_hits_trigger"]["default"] == "false"
    assert options["retake_joker"]["default"] == "true"
    assert options["length"]["description"].startswith("Game length;")
    assert options["length"]["description"].endswith("Rule GAR-2.")
    assert not any(re.match(r"[A-Z]+-\d", o["description"]) for o in options.values())
    r = client.post(
        "/api/tables",
        json={"game": "garrison", "seats": ["human"] * 2, "options": {"length": "epic"}},
    )
    said = r.json()["error"]
    assert r.status_code == 400
    assert "option 'length' cannot be 'epic' (allowed: quick | medium | long)" in said
    assert "length (quick | medium | long, default quick)" in said
    assert "joker_hits_trigger (true | false, default false)" in said
    assert "deck" not in said and "None" not in said and "False" not in said
    assert "Input should" not in said  # Pydantic's own words
    # a number out of range says the range ("cannot be '0' (allowed: integer)" did not)
    for game, seats, option, value, allowed in (
        ("agents-of-the-crown", ["human"] * 4, "years", 0, "integer from 1 to 4"),
        ("intrigue", ["human"] * 3, "hand_size", 40, "integer from 1 to 8"),
        ("crown-rivals", ["human"] * 2, "turn_limit", -1, "integer from 0"),
    ):
        body = {"game": game, "seats": seats, "options": {option: value}}
        said = client.post("/api/tables", json=body).json()["error"]
        assert f"option {option!r} cannot be '{value}' (allowed: {allowed})" in said, said


def test_a_move_sent_as_another_writing_of_a_legal_move_is_taken_and_stored_as_it() -> None:
    """Agincards names a cell after any card beside it: a notation sent over
    the websocket naming a legal cell another way is that legal move."""
    table = Table.create(CreateTable(game="agincards", seats=["human", "random"], seed=2))
    # m12 sits right of the 4C and above the 9C (the seed).
    table.state = scenario([("m13", "9C"), ("l13", "TC"), ("l12", "4C")], [["6H", "9H"], ["2S"]])
    act, refused = table.refusal(0, "9H above 9C", None)
    assert act is None and refused is not None and refused.code == "illegal"
    assert refused.reason.startswith("the cell above 9C touches another 9")
    act, refused = table.refusal(0, {"notation": "6H above 9C"}, None)
    assert refused is None and act is not None and act.notation == "6H right of 4C"
    table.apply(0, act)
    assert table.state.record().actions == [(0, "6H right of 4C")]
