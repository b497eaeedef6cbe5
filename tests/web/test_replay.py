"""The replay page: its keys, and what it says of a game it cannot show yet."""

from __future__ import annotations

import time

from tests.web.conftest import Pages, api, create, play_to_end, wait_ready


def finished_table(server: str) -> str:
    """A Crown Rivals table of two bots, played to its end."""
    made = create(server, "crown-rivals", ["easy", "easy"])
    table: str = made["table"]["id"]
    deadline = time.monotonic() + 60
    while not api(server, f"/api/tables/{table}")["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return table


def test_arrows_on_the_focused_slider_move_one_step(server: str, pages: Pages) -> None:
    table = finished_table(server)
    page = pages.new()
    page.goto(f"{server}/replay/{table}#3")
    page.wait_for_selector("body[data-step='3']")
    page.focus("#step")
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(200)
    assert page.evaluate("document.body.dataset.step") == "4"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.wait_for_timeout(200)
    assert page.evaluate("document.body.dataset.step") == "2"
    # away from the slider, the arrows step too, one at a time
    page.focus("#log")
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(200)
    assert page.evaluate("document.body.dataset.step") == "3"


def test_a_game_in_progress_shows_no_step_and_links_to_its_table(server: str, pages: Pages) -> None:
    """The replay of a table still playing said 'a replay is available once
    the game is over' in lowercase, above working-looking step buttons, a
    slider and an empty seat bar, with no way back to the table. It now says it
    as a sentence, shows none of the replay's controls, seats or panels, links
    to watching the table, and asks the server for no frame at all."""
    table = create(server, "garrison", ["human", "easy"])["table"]["id"]
    page = pages.new(390, 844)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.goto(f"{server}/replay/{table}")
    page.wait_for_selector("body[data-replay='unavailable']")
    status = page.inner_text("#status")
    assert status == "This game is not over yet: its replay is available once it ends.", status
    for hidden in (".replay-controls", "#step", "#first", "#seats", "#board", "#review-box"):
        assert not page.is_visible(hidden), hidden
    assert page.get_attribute("#way-on a[href^='/play/']", "href") == f"/play/{table}"
    assert not [u for u in asked if "/api/" in u], asked
    page.keyboard.press("ArrowRight")  # no step to move to, and no error
    assert page.inner_text("#status") == status


def test_a_seat_the_table_does_not_have_is_told_plainly(server: str, pages: Pages) -> None:
    """/replay/ID?seat=abc showed Pydantic's 'query.seat: Input should be a
    valid integer…' above the replay's controls. It now says what was wrong
    and what the table takes, and links to the public view."""
    table = finished_table(server)
    page = pages.new(390, 844)
    for asked, wrong in (
        ("abc", "Seat 'abc' is not a seat number"),
        ("7", "Seat 7 is not a seat of"),
    ):
        page.goto(f"{server}/replay/{table}?seat={asked}")
        page.wait_for_selector("body[data-replay='unavailable']")
        status = page.inner_text("#status")
        assert status.startswith(wrong) and status.endswith(
            ": seats run 0 to 1, or leave the seat out to watch as a spectator."
        ), status
        assert "query" not in status and not page.is_visible(".replay-controls")
        assert page.get_attribute("#way-on a", "href") == f"/replay/{table}"
    page.click("#way-on a")
    page.wait_for_selector("body[data-step='0']")
    assert page.is_visible("#step")


def test_seen_from_a_seat_another_seat_s_move_is_told_by_its_log_not_its_notation(
    server: str, pages: Pages
) -> None:
    table = finished_table(server)
    frames = api(server, f"/api/tables/{table}/replay?seat=0")["frames"]
    theirs = next(f["n"] for f in frames[1:] if f["by"] == 1)
    mine = next(f for f in frames[1:] if f["by"] == 0)
    page = pages.new()
    page.goto(f"{server}/replay/{table}?seat=0#{theirs}")
    page.wait_for_selector(f"body[data-step='{theirs}']")
    status = page.inner_text("#status")
    assert "a move by" in status and "what you saw of it is in the log" in status
    page.goto(f"{server}/replay/{table}?seat=0#{mine['n']}")  # only the #step changes
    page.wait_for_selector(f"body[data-step='{mine['n']}']")
    assert "what you saw of it" not in page.inner_text("#status")


def test_the_seat_lists_name_seats_as_their_plaques_do(server: str, pages: Pages) -> None:
    """The table's plaques say "Ada · You" over "seat 0", "Easy bot (seat 1)"
    over "bot · easy · seat 1"; the replay's said "You" and "Easy bot (seat 1)"
    with no number, and its View as and review lists "Ada", with no number
    either. Now the replay's plaques read as the table's, and each list names
    a seat by its plaque's name and its number."""
    made = create(server, "intrigue", ["human", "easy", "easy"], name="Ada")
    table = made["table"]["id"]
    page = pages.new()
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    play_to_end(page)
    plaque = "els => els.map(e => [e.querySelector('.seat-name').textContent, e.querySelector('.seat-state')?.textContent || ''])"
    at_table = page.locator("#seats .seat").evaluate_all(plaque)
    assert [name for name, _ in at_table] == ["Ada · You", "Easy bot (seat 1)", "Easy bot (seat 2)"]
    page.goto(f"{server}/replay/{table}?seat=0#3")
    page.wait_for_selector("body[data-step='3']")
    in_replay = page.locator("#seats .seat").evaluate_all(plaque)
    assert [name for name, _ in in_replay] == [name for name, _ in at_table]
    for seat, (name, state) in enumerate(in_replay):
        assert state.endswith(f"seat {seat}"), state
        assert ("bot · easy" in state) == ("bot" in name), state
    named = ["Ada (seat 0)", "Easy bot (seat 1)", "Easy bot (seat 2)"]
    assert page.locator("#viewer option").all_inner_texts() == ["everyone (public)", *named]
    assert page.locator("#review-seat option").all_inner_texts() == named
    assert page.locator("#viewer").input_value() == "0"
    # from the public view nobody is "You"
    page.goto(f"{server}/replay/{table}#3")
    page.wait_for_selector("body[data-step='3']")
    names = page.locator("#seats .seat-name").all_inner_texts()
    assert names == ["Ada", "Easy bot (seat 1)", "Easy bot (seat 2)"]
    assert page.locator("#viewer option").all_inner_texts()[1:] == named
