"""The pages pass axe-core's automated accessibility rules
(``tests/web/accessibility.py``): here the lobby, a table made there, an error page and
each game's rules; each game's table at the player's decision, at its end
and in its replay are checked as they are played (``test_games.py``)."""

from __future__ import annotations

from tests.web.accessibility import violations
from tests.web.conftest import QUICK, Pages


def test_the_lobby_its_table_ready_panel_and_every_rules_page(server: str, pages: Pages) -> None:
    page = pages.new()
    page.goto(server + "/")
    page.wait_for_selector("input[type=radio]")
    assert violations(page) == []
    page.check("input[type=radio][value=garrison]")
    page.click("text=Create the table")
    page.wait_for_selector("text=Go to my seat")
    assert violations(page) == []
    for game in sorted(QUICK):
        page.goto(f"{server}/rules/{game}")
        assert violations(page) == [], game


def test_a_page_s_error_told_to_a_browser(server: str, pages: Pages) -> None:
    page = pages.new()
    answer = page.goto(server + "/play/nope")
    assert answer is not None and answer.status == 404
    assert "There is no table 'nope'." in page.inner_text("main")
    page.click("text=Go to the lobby")
    page.wait_for_selector("input[type=radio]")
    page.goto(server + "/play/nope")
    assert violations(page) == []
