"""The sixth game in a browser: it has no page script, so the table page draws
the generic board from its observation (its public zones, each seat's
numbers); a person plays it to the end by clicking, a card picked from the hand."""

from __future__ import annotations

from pathlib import Path

from tests.web.conftest import Pages, api, play_to_end, wait_ready


def test_the_generic_board_shows_its_zones_and_it_plays_to_the_end(
    server: str, pages: Pages, artifacts: Path, registered: str
) -> None:
    body = {"game": registered, "seats": ["human", "easy"], "options": {"rounds": 1}}
    made = api(server, "/api/tables", {**body, "name": "Ada"})
    page = pages.new()
    page.goto(made["seats"][0]["invite"])
    wait_ready(page)
    # the bids are made at once: the board shows the seats, nothing played yet
    board = page.locator("#board")
    assert board.locator("[data-zone=seats] table.generic-seats tbody tr").count() >= 5
    assert board.locator("[data-zone=seats] thead th").count() == 3
    assert board.locator("[data-zone=trick]").inner_text().endswith("none")
    assert board.locator("pre.raw").count() == 0, "every part of it is drawn, none dumped"
    assert page.locator("#hand-area [data-zone=hand] svg.card").count() == 3
    # bid, then a card picked from the hand: it lands in the trick
    # one click a bid: the word every move begins with goes with the number
    page.wait_for_selector("#choice button.option")
    assert page.locator("#choice button.option").all_inner_texts() == [
        f"{n + 1}\nBid {n}" for n in range(4)
    ]
    page.locator("#choice button.option").first.click()
    page.wait_for_selector("#hand-area .pickable", timeout=30000)
    card = page.locator("#hand-area .pickable").first.get_attribute("data-pick")
    page.locator("#hand-area .pickable").first.click()
    page.wait_for_selector(f"#board [data-zone=trick] [data-card='{card}'], "
                           f"#board [data-zone=played] [data-card='{card}']")  # fmt: skip
    page.screenshot(path=str(artifacts / "three-tricks.png"), full_page=True)
    play_to_end(page)
    assert page.inner_text("#status").startswith("Game over")
    page.wait_for_selector("table.breakdown tbody tr")
    assert page.locator("table.breakdown tbody tr").count() == 2
    # its replay draws the same generic board, step by step
    page.goto(f"{server}/replay/{made['table']['id']}?seat=0#4")
    page.wait_for_selector("body[data-step='4']")
    assert page.locator("#board [data-zone=seats] table.generic-seats").count() == 1
    assert page.locator(
        "#board [data-zone=trick] svg.card, #board [data-zone=played] svg.card"
    ).count()
