"""The replay page: its keys, and what it says of a game it cannot show yet."""

from __future__ import annotations

import time

from tests.web.conftest import Pages, api, create


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
