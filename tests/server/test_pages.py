"""The pages' server side without a browser: page routes, replay frames,
breakdown, rules, and their refusals."""

from __future__ import annotations

import json
import random
import re

from fastapi.testclient import TestClient

from courtly.games import get
from courtly.server.pages import replay_frames
from tests.server.conftest import create, play_to_end


def test_pages_render_and_unknown_ones_are_refused_plainly(client: TestClient) -> None:
    made = create(client, "garrison", ["human", "easy"])
    table = made["table"]["id"]
    lobby = client.get("/")
    assert lobby.status_code == 200 and "Garrison" in lobby.text and "/rules/garrison" in lobby.text
    page = client.get(f"/play/{table}")
    assert page.status_code == 200
    assert '"game": "garrison"' in page.text and "/static/games/garrison.js" in page.text
    # the page itself never carries a token or a card: it is drawn from the websocket
    token = made["seats"][0]["token"]
    assert token not in client.get(f"/play/{table}?token={token}").text
    assert client.get("/static/table.js").status_code == 200
    missing = client.get("/play/nope")
    assert missing.status_code == 404 and "no table 'nope'" in missing.json()["error"]
    rules = client.get("/rules/intrigue")
    assert rules.status_code == 200 and "<table>" in rules.text and "ORACLE" in rules.text
    bad = client.get("/rules/chess")
    # no game at that address: not found, as an unknown table is (it was 400, "Not understood")
    assert bad.status_code == 404 and "garrison" in bad.json()["error"]


def test_the_table_page_s_plaques_give_every_seat_its_number(client: TestClient) -> None:
    """The plaques the server draws (all a page refused its seat keeps) named a
    bot "Easy bot" with no seat, where a seat nobody named had its number: two
    bots at one level read the same. Each now ends with its seat, as the
    table's script draws them, and the page names no token."""
    made = create(client, "agents-of-the-crown", ["human", "human", "easy", "easy"], name="Ada")
    page = client.get(f"/play/{made['table']['id']}?token=not-a-real-token").text
    states = re.findall(r'<span class="seat-state">([^<]*)</span>', page)
    names = re.findall(r'<span class="seat-name">([^<]*)</span>', page)
    assert names == ["Ada", "Seat 1", "Easy bot (seat 2)", "Easy bot (seat 3)"]
    assert states == ["seat 0", "seat 1", "bot · easy · seat 2", "bot · easy · seat 3"]
    assert not any(s.get("token") and s["token"] in page for s in made["seats"])


def test_a_browser_is_told_a_page_s_error_as_a_page(client: TestClient) -> None:
    """A stale invite link opened in a browser showed raw JSON,
    {"error": "there is no table 'nope'"}. A browser (it asks for HTML) now
    gets a page saying what was wrong, with the lobby; a program still gets
    JSON, from the pages as from the API."""
    html = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
    for path, status, said in (
        ("/play/nope", 404, "There is no table &#39;nope&#39;."),
        ("/replay/nope", 404, "There is no table &#39;nope&#39;."),
        ("/rules/chess", 404, "garrison"),
        ("/nowhere", 404, "There is no page at /nowhere."),
    ):
        page = client.get(path, headers=html)
        assert page.status_code == status, path
        assert page.headers["content-type"].startswith("text/html"), path
        assert said in page.text and '<a href="/">Go to the lobby</a>' in page.text, path
        assert "Traceback" not in page.text and '{"error"' not in page.text
    # programs: the same errors as JSON, whatever they accept
    assert client.get("/play/nope").json()["error"] == "there is no table 'nope'"
    api = client.get("/api/tables/nope", headers=html)
    assert api.status_code == 404 and "no table 'nope'" in api.json()["error"]
    assert client.get("/nowhere").json() == {
        "error": "there is nothing at /nowhere: /docs lists the API's endpoints"
    }


def test_a_path_or_method_not_served_is_refused_in_words(client: TestClient) -> None:
    """The framework's own refusals (no such path, a method a path does not
    take) answered {"detail": "Not Found"} or {"detail": "Method Not Allowed"},
    unlike every other error, and named nothing that is there."""
    wrong = client.delete("/api/games")
    assert wrong.status_code == 405 and wrong.headers["allow"] == "GET"
    assert wrong.json() == {
        "error": "DELETE is not answered at /api/games: it answers GET (/docs lists the API)"
    }
    missing = client.post("/api/nothing-here", json={})
    assert missing.status_code == 404 and "/docs" in missing.json()["error"]


def test_the_icon_and_the_api_page_are_served_from_here(client: TestClient) -> None:
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.content.startswith(b"<svg")
    assert client.get("/static/favicon-turn.svg").status_code == 200
    docs = client.get("/docs")
    assert docs.status_code == 200
    # every operation of the API is listed, and nothing is fetched from elsewhere
    for path in client.get("/openapi.json").json()["paths"]:
        assert f"<code>{path}</code>" in docs.text
    assert "cdn" not in docs.text and "https://" not in docs.text
    assert client.get("/redoc").status_code == 404  # its scripts would come from a CDN


def test_intrigue_page_carries_its_printed_cards_and_no_hidden_ones(client: TestClient) -> None:
    made = create(client, "intrigue", ["human", "easy", "easy"])
    page = client.get(f"/play/{made['table']['id']}").text
    boot = json.loads(
        page.split('<script id="boot" type="application/json">')[1].split("</script>")[0]
    )
    assert boot["cards"]["deck"]["ORACLE"]["name"] == "Oracle"
    assert boot["cards"]["characters"]["DUKE"]["priority"] == 3
    assert set(boot) == {"table", "game", "name", "players", "cards", "hints", "waivers"}
    assert boot["waivers"] == {}  # nothing of Intrigue answers another's move


def test_replay_and_breakdown_wait_for_the_end(client: TestClient) -> None:
    made = create(client, "agents-of-the-crown", ["human", "easy", "easy", "easy"])
    table = made["table"]["id"]
    for path, what in (("replay", "a replay"), ("breakdown", "the score breakdown")):
        r = client.get(f"/api/tables/{table}/{path}")
        assert r.status_code == 400
        assert r.json()["error"] == f"{what} is available once the game is over"  # each its own
    with client.websocket_connect(f"/ws/tables/{table}?token={made['seats'][0]['token']}") as ws:
        last = play_to_end(ws, random.Random(3), ws.receive_json())
    assert last["over"]
    public = client.get(f"/api/tables/{table}/replay").json()
    record = client.get(f"/api/tables/{table}/record").json()
    assert len(public["frames"]) == len(record["actions"]) + 1
    assert public["frames"][-1]["observation"]["over"]
    assert all("hand" not in f["observation"] for f in public["frames"])
    seat = client.get(f"/api/tables/{table}/replay?seat=2").json()
    assert seat["frames"][0]["observation"]["hand"]
    r = client.get(f"/api/tables/{table}/replay?seat=4")
    assert r.status_code == 400 and "seats run 0 to 3" in r.json()["error"]
    assert client.get(f"/api/tables/{table}/replay?seat=").json()["seat"] is None
    b = client.get(f"/api/tables/{table}/breakdown").json()
    assert b["headers"][0] == "House" and len(b["rows"]) == 4
    assert b["result"]["winners"]


def test_a_replay_s_seat_that_is_not_one_says_which_are(client: TestClient) -> None:
    """?seat=abc answered with Pydantic's words ('query.seat: Input should be a
    valid integer, unable to parse string as an integer'), shown as such by
    the replay page. Any seat the table does not have now says what was asked
    and what the table takes: its seats, or none to watch as a spectator."""
    made = create(client, "crown-rivals", ["human", "easy"])
    table = made["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table}?token={made['seats'][0]['token']}") as ws:
        assert play_to_end(ws, random.Random(1), ws.receive_json())["over"]
    allowed = "seats run 0 to 1, or leave the seat out to watch as a spectator"
    for asked, said in (
        ("abc", f"seat 'abc' is not a seat number: {allowed}"),
        ("1.5", f"seat '1.5' is not a seat number: {allowed}"),
        ("x" * 50, f"seat '{'x' * 20}…' is not a seat number: {allowed}"),
        ("2", f"seat 2 is not a seat of this table: {allowed}"),
        ("-1", f"seat -1 is not a seat of this table: {allowed}"),
        ("9" * 40, f"seat {'9' * 20}… is not a seat of this table: {allowed}"),
    ):
        r = client.get(f"/api/tables/{table}/replay", params={"seat": asked})
        assert r.status_code == 400 and r.json() == {"error": said}, asked
    assert client.get(f"/api/tables/{table}/replay?seat=1").json()["seat"] == 1


def test_replay_frames_follow_the_record_step_by_step() -> None:
    game = get("crown-rivals")
    state = game.new(players=2, seed=5, options={"turn_limit": 6})
    rng = random.Random(5)
    while not state.over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    frames = replay_frames(state, None)
    assert [f["action"] for f in frames[1:]] == [n for _, n in state.record().actions]
    assert frames[-1]["observation"] == state.observation(None)
    assert frames[0]["by"] is None and all(f["by"] in (0, 1) for f in frames[1:])
    seen = replay_frames(state, 1)
    assert [f["action"] for f in seen[1:] if f["by"] == 1] == [
        n for s, n in state.record().actions if s == 1
    ]
    assert seen[-1]["observation"] == state.observation(1)


def test_a_replay_seen_from_a_seat_does_not_name_another_seat_s_hidden_move() -> None:
    """Agents of the Crown: a card passed to the left or played face down is
    not named in a replay seen from another seat (its move and words left out),
    only in that seat's own replay and the public record's."""
    game = get("agents-of-the-crown")
    state = game.new(players=4, seed=3)
    rng = random.Random(1)
    for _ in range(6):  # the four passes, then seat 0 plays a card face down
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    moves = state.record().actions
    down = next(n for s, n in moves if n.startswith("down "))
    card = down.split()[1]
    passed = moves[0][1].split()[1:]  # seat 0's two cards to seat 1
    seen = replay_frames(state, 2)
    frame = next(f for f in seen if f["by"] == 0 and f["n"] == 5)
    assert frame["action"] is None and frame["words"] is None
    assert card not in json.dumps(frame["events"]) and "face down" in frame["events"][0]["text"]
    assert passed[0] not in json.dumps(seen[1]) and seen[1]["words"] is None
    own = replay_frames(state, 0)
    assert own[5]["action"] == down and card in own[5]["words"]
    assert replay_frames(state, None)[5]["action"] == down
