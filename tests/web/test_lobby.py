"""The lobby in a player's words: its options as a player types them, its own
refusals, and its list of open tables kept up to date."""

from __future__ import annotations

import re

from tests.web.conftest import Pages


def test_options_show_their_defaults_as_a_player_types_them(server: str, pages: Pages) -> None:
    page = pages.new()
    page.goto(server + "/")
    page.check("input[value=garrison]")
    page.click("details summary")
    labels = page.inner_text("#options")
    assert "length (quick | medium | long; default quick)" in labels
    assert "joker_hits_trigger (true | false; default false)" in labels
    for label in page.locator("#options label").all_inner_texts():
        assert not re.search(r"None|False|True|'|\"", label), label
    assert page.get_attribute("#opt-spent_order", "placeholder") == "chosen"
    assert page.get_attribute("#opt-retake_joker", "placeholder") == "true"
    # each description opens with its words, the rule it varies after them
    description = page.locator("#opt-length + small").inner_text()
    assert description.startswith("Game length;") and description.endswith("Rule GAR-2.")
    # typing the placeholder is accepted; a refusal lists only what a table takes
    page.fill("#opt-spent_order", "chosen")
    page.fill("#opt-jokers", "5")
    page.click("#create")
    page.wait_for_selector("#lobby-error:text-matches('jokers')")
    said = page.inner_text("#lobby-error")
    assert "spent_order" not in said.split(".")[0]  # only jokers is refused
    assert "deck" not in said and "None" not in said and "False" not in said
    page.fill("#opt-jokers", "")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")


def test_an_open_seat_at_an_unlisted_table_is_told_in_the_page_s_words(
    server: str, pages: Pages
) -> None:
    page = pages.new()
    page.goto(server + "/")
    page.check("input[value=intrigue]")
    page.select_option("select[data-seat='1']", "open")
    page.uncheck("#public")
    page.click("#create")
    said = page.inner_text("#lobby-error")
    assert said.startswith("Seat 1 is an open seat")
    assert "List this table" in said and "a friend (invite link)" in said
    assert '"public"' not in said and '"human"' not in said
    assert page.is_hidden("#created")


def test_a_listed_table_shows_at_once_among_the_open_tables(server: str, pages: Pages) -> None:
    page = pages.new()
    page.goto(server + "/")
    page.check("input[value=intrigue]")
    page.select_option("select[data-seat='1']", "open")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    table = (page.get_attribute("#spectate-link", "href") or "").rsplit("/", 1)[1]
    row = page.locator(f"#open-tables li[data-table='{table}']")
    row.wait_for()
    assert "at the table: a player, a free seat, Easy bot ·" in row.inner_text()
    assert "free: seat 1 ·" in row.inner_text()
    assert row.locator("button.join").count() == 1
