"""Two players at one table in two browsers, reconnecting, watching, the lobby,
phone width."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tests.web.conftest import Pages, api, create, hand_of, step, wait_ready


def strings_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings_in(v) for v in value)) if value else set()
    return set()


def test_two_browsers_see_their_own_hands_and_never_the_other(server: str, pages: Pages) -> None:
    made = create(server, "agincards", ["human", "human"], name="Ada")
    a, b = pages.new(), pages.new()
    frames: dict[str, list[str]] = {"a": [], "b": []}
    for key, page in (("a", a), ("b", b)):
        page.on(
            "websocket",
            lambda ws, key=key: ws.on("framereceived", lambda data: frames[key].append(str(data))),
        )
    a.goto(made["seats"][0]["invite"])
    b.goto(made["seats"][1]["invite"])
    wait_ready(a)
    wait_ready(b)
    a.wait_for_selector("#hand-area svg.card")
    b.wait_for_selector("#hand-area svg.card")
    hand_a, hand_b = set(hand_of(a)), set(hand_of(b))
    assert len(hand_a) == len(hand_b) == 5
    assert not hand_a & hand_b
    # nothing either browser received or drew names a card of the other's hand
    for me, other_hand, page in (("a", hand_b, a), ("b", hand_a, b)):
        received = set().union(*(strings_in(json.loads(f)) for f in frames[me]))
        assert not received & other_hand, f"{me} received {received & other_hand}"
        html = page.content()
        for code in other_hand:
            assert f'data-pick="{code}"' not in html and f">{code}<" not in html
    # seat 0 is to act; seat 1 waits for it by name
    assert a.inner_text("#status").startswith("Your decision")
    assert "Waiting for Ada" in b.inner_text("#status")
    assert b.locator("#choice button").count() == 0
    # seat 1 names itself; seat 0 sees the name
    b.fill("#name-input", "<i>Bea</i>")
    b.click("#name-form button")
    a.wait_for_selector(".seat[data-seat='1'] >> text=<i>Bea</i>")
    assert a.locator(".seat i").count() == 0  # a name is text, never HTML
    # seat 0 places a card by clicking it and a highlighted cell
    a.locator("#hand-area .pickable").first.click()
    a.locator(".cell.legal.pickable").first.click()
    b.wait_for_function("document.body.dataset.seq !== '0'")
    # chat reaches the other browser, as text
    a.fill("#chat-text", "<b>hello</b> from Ada")
    a.press("#chat-text", "Enter")
    b.wait_for_selector("#chat li >> text=<b>hello</b> from Ada")
    assert b.locator("#chat b", has_text="hello").count() == 0  # not read as HTML


def test_reload_reconnects_to_the_same_seat_and_game(server: str, pages: Pages) -> None:
    made = create(server, "crown-rivals", ["human", "easy"], time_bank=600)
    page = pages.new()
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    # your own time bank is shown (and no other seat's)
    assert re.search(r"⏱ (600|59\d) s left", page.inner_text(".seat.me"))
    assert "⏱" not in page.inner_text(".seat[data-seat='1']")
    for _ in range(4):
        step(page)
    page.wait_for_selector("#choice button.option")
    seq = page.evaluate("document.body.dataset.seq")
    assert seq != "0"
    hand = hand_of(page)
    log = page.locator("#log li").count()
    page.reload()
    wait_ready(page)
    page.wait_for_selector("#choice button.option")
    assert page.evaluate("document.body.dataset.seq") == seq
    assert hand_of(page) == hand
    assert page.locator("#log li").count() == log
    assert page.evaluate("document.body.dataset.seat") == "0"
    # and play goes on
    step(page)
    step(page)


def test_a_spectator_sees_the_table_but_no_hand_and_no_choice(server: str, pages: Pages) -> None:
    made = create(server, "garrison", ["human", "easy"])
    page = pages.new()
    page.goto(made["spectate"])
    wait_ready(page)
    page.wait_for_selector(".keep")
    assert page.inner_text("#status").startswith("Watching")
    assert page.locator("#hand-area svg").count() == 0
    assert page.locator("#choice button").count() == 0
    assert page.evaluate("document.body.dataset.seat") == "spectator"
    assert not page.is_visible("#chat-form")


def test_a_wrong_token_is_told_plainly(server: str, pages: Pages) -> None:
    made = create(server, "intrigue", ["human", "easy", "easy"])
    page = pages.new()
    page.goto(made["spectate"] + "?token=not-a-real-token")
    page.wait_for_selector("#conn.alert a")
    assert page.inner_text("#status") == "This invite link is not valid for this table."
    # no "Connecting…" left, nothing a seated player uses, and a link to watch
    assert not page.is_visible("#auto-pass-bar") and not page.is_visible("#chat-form")
    page.click("#conn a:text('watch this table')")
    page.wait_for_url(made["spectate"])
    wait_ready(page)
    assert page.evaluate("document.body.dataset.seat") == "spectator"


def test_a_wrong_token_s_page_numbers_every_seat_as_the_table_does(
    server: str, pages: Pages, artifacts: Path
) -> None:
    """The page of an invite link the table refused keeps the plaques the server
    drew: "Ada", "Seat 1", and "Easy bot", "Easy bot", with no seat number for
    the bots (and no telling the two apart). They now read as the table's
    own: each name as the table says it, over a line ending with its seat."""
    made = create(server, "agents-of-the-crown", ["human", "human", "easy", "easy"], name="Ada")
    plaque = "els => els.map(e => [e.querySelector('.seat-name')?.textContent || '', e.querySelector('.seat-state')?.textContent || ''])"
    watching = pages.new()
    watching.goto(made["spectate"])
    wait_ready(watching)
    drawn = watching.locator("#seats .seat").evaluate_all(plaque)
    page = pages.new()
    page.goto(made["spectate"] + "?token=not-a-real-token")
    page.wait_for_selector("#conn.alert a")
    page.screenshot(path=str(artifacts / "wrong-token.png"))
    kept = page.locator("#seats .seat").evaluate_all(plaque)
    # (the live ones mark the seats awaited: ▶)
    assert [name for name, _ in kept] == [name.removeprefix("▶ ") for name, _ in drawn]
    assert [name for name, _ in kept] == ["Ada", "Seat 1", "Easy bot (seat 2)", "Easy bot (seat 3)"]
    for seat, ((_, state), (_, live)) in enumerate(zip(kept, drawn, strict=True)):
        assert state.endswith(f"seat {seat}") and live.endswith(f"seat {seat}"), (state, live)
    assert kept[2][1] == drawn[2][1] == "bot · easy · seat 2"
    assert page.locator("#seats .avatar").all_inner_texts() == ["A", "S", "⚙", "⚙"]


def test_an_open_seat_s_plaque_says_it_is_open(server: str, pages: Pages) -> None:
    """A seat nobody has taken yet was drawn as a bot of no level: "bot ·  ·
    seat 1". It now says "open seat · seat 1", as the server's plaque does."""
    made = create(server, "garrison", ["human", "open"], public=True)
    page = pages.new()
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    assert page.locator("#seats .seat-state").all_inner_texts()[1] == "open seat · seat 1"
    assert page.locator("#seats .seat-name").all_inner_texts()[1].endswith("Seat 1")


def test_lobby_creates_a_table_with_invites_and_lists_open_tables(
    server: str, pages: Pages, artifacts: Path
) -> None:
    page = pages.new()
    page.goto(server + "/")
    assert page.locator("input[name=game]").count() == 5
    assert page.locator("a.rules-link").count() == 5
    # a bad option is refused with the server's reason
    page.check("input[value=garrison]")
    page.click("details summary")
    page.fill("#opt-length", "forever")
    page.click("#create")
    page.wait_for_selector("#lobby-error:text-matches('length')")
    assert page.is_hidden("#created")
    page.fill("#opt-length", "")
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    assert page.locator("#seats select").count() == 3
    page.select_option("select[data-seat='1']", "human")
    page.select_option("select[data-seat='2']", "open")
    assert page.is_checked("#public")  # an open seat lists the table
    page.fill("#your-name", "Ada")
    page.screenshot(path=str(artifacts / "lobby.png"), full_page=True)
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    invite = page.input_value("ul.invites input")
    assert "?token=" in invite
    page.click("button.copy")
    page.wait_for_selector("button.copy:text-matches('Copied|Ctrl\\+C')")
    mine = page.get_attribute("#play-link", "href") or ""
    assert "?token=" in mine and mine != invite
    table_id = mine.split("/play/")[1].split("?")[0]
    assert "Open seat 2" in page.inner_text("#invites")
    # the new public table is listed with its open seat only: the friend's
    # invite seat is never free, named or not
    page.goto(server + "/")
    row = page.locator(f"li[data-table='{table_id}']")
    assert "free: seat 2 ·" in row.inner_text()
    assert "at the table: Ada, a player, a free seat" in row.inner_text()
    page.on("dialog", lambda d: d.accept("Bea"))
    row.locator("button.join").click()
    page.wait_for_url(f"**/play/{table_id}?token=*")
    wait_ready(page)
    assert page.evaluate("document.body.dataset.seat") == "2"
    joined = page.url.split("token=")[1]
    assert joined not in (invite, mine)
    seats = api(server, f"/api/tables/{table_id}")["seats"]
    assert seats[2]["name"] == "Bea" and seats[1]["name"] is None
    # a rules page
    page.goto(server + "/rules/garrison")
    assert "Garrison" in page.inner_text("article.rules h1")


def test_phone_width_has_no_sideways_scrolling(server: str, pages: Pages, artifacts: Path) -> None:
    made = create(server, "agents-of-the-crown", ["human", "easy", "easy", "easy"])
    page = pages.new(width=390, height=844)
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    page.wait_for_selector("#choice button.option")
    step(page)
    page.wait_for_selector("#choice button.option")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 391, f"the page is {width} px wide on a 390 px phone"
    assert page.locator("#choice button.option").first.is_visible()
    page.screenshot(path=str(artifacts / "agents-of-the-crown-phone.png"), full_page=True)


def test_the_lobby_s_game_cards_read_from_the_top(server: str, pages: Pages) -> None:
    """A short summary floated in its card: the card's rows stretched to the
    tallest card of the row, so "4 players" stood a line below the game's
    name. Each card now reads down from the top (name, players, summary),
    its radio beside the name, its rules link at its foot."""
    page = pages.new(width=1366, height=900)
    page.goto(server + "/")
    page.wait_for_selector(".game-choice")
    boxes = page.eval_on_selector_all(
        ".game-choice",
        """(cards) => cards.map((c) => {
          const r = (s) => {  // where the words are, not the box the grid stretched
            const range = document.createRange();
            range.selectNodeContents(c.querySelector(s));
            return s === "input" ? c.querySelector(s).getBoundingClientRect() : range.getBoundingClientRect();
          };
          return { id: c.id, name: r(".game-name").top, named: r(".game-name").bottom,
                   players: r(".game-players").top, played: r(".game-players").bottom,
                   summary: r(".game-summary").top, radio: r("input").top,
                   link: r(".rules-link").bottom, card: c.getBoundingClientRect().bottom };
        })""",
    )
    assert len(boxes) == 5
    for b in boxes:
        assert b["players"] - b["named"] < 6, b
        assert b["summary"] - b["played"] < 6, b
        assert abs(b["radio"] - b["name"]) < 12, b
        assert b["card"] - b["link"] < 20, b


def test_too_many_connections_from_one_address_are_told_plainly(
    tmp_path: Path, pages: Pages
) -> None:
    """An address past its websockets (``Limits.sockets``) is closed with 4429:
    the page says why and waits before trying again, rather than retrying as
    after a lost connection."""
    from courtly.server.app import create_app
    from courtly.server.limits import Limits
    from tests.serving import serving

    with serving(create_app(str(tmp_path / "c.db"), limits=Limits(sockets=1))) as url:
        made = create(url, "intrigue", ["human", "easy", "easy"])
        first = pages.new()
        first.goto(made["spectate"])
        wait_ready(first)  # it holds the address's one place
        page = pages.new()
        page.goto(made["seats"][0]["invite"])
        page.wait_for_selector("#conn.alert")
        assert page.inner_text("#conn") == (
            "Not connected: too many connections from your address: at most 1 at once; "
            "close a tab or two. Trying again in a while…"
        )
        assert page.evaluate("document.body.dataset.connected") == "no"
        assert page.inner_text("#status") == "Not connected yet."  # not "Connecting…"
