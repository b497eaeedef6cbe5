"""The lab's report in Chromium: its first screen is the findings, in plain
words, and every measure they name links to its definition on the page (no
other guide needed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from courtly.lab import execute
from courtly.lab.report import SHOWN, build
from courtly.lab.store import LabDir
from tests.web.accessibility import violations

from .conftest import Pages

WIDTH, HEIGHT = 1280, 800


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("lab") / "run"
    plan = execute.plan("garrison", "greedy", 60, players=3, seed=0)
    execute.run(LabDir(folder), plan)
    html_path, _, _ = build(folder)
    return html_path


def test_the_first_screen_is_findings_with_links_to_their_definitions(
    pages: Pages, report: Path, artifacts: Path
) -> None:
    page = pages.new(WIDTH, HEIGHT)
    page.goto(report.as_uri())
    page.screenshot(path=str(artifacts / "lab-report-first-screen.png"))

    heading = page.locator("#findings h2")
    assert heading.inner_text() == "Findings"
    first = page.locator("#findings > ol > li").first
    box = first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= HEIGHT  # whole, on the first screen
    shown = page.locator("#findings > ol > li")
    assert 1 <= shown.count() <= SHOWN
    for k in range(shown.count()):
        item = shown.nth(k)
        assert item.locator(".tag").inner_text()  # clear, how games go, not clear yet...
        assert item.locator(".evidence").inner_text()  # and its evidence
        assert item.locator("a.term").count() >= 1  # naming measures defined below

    text = page.locator("#findings").inner_text()
    assert "whoever moves first" in text and "not seat P0" in text
    assert "Holm" in text and "95% intervals" in text
    assert "docs/lab.md" not in page.content()  # nothing to read elsewhere

    # every measure named in the findings has its definition on the page
    targets = page.locator("#findings a.term").evaluate_all(
        "els => els.map(a => a.getAttribute('href'))"
    )
    assert targets and all(t.startswith("#def-") for t in targets)
    for target in set(targets):
        definition = page.evaluate(
            "id => { const dt = document.getElementById(id);"
            " return dt ? [dt.tagName, dt.nextElementSibling.textContent] : null }",
            target[1:],
        )
        assert definition is not None, f"{target} is not on the page"
        assert definition[0] == "DT" and len(definition[1]) > 40
    for term in ("#def-decisiveness", "#def-drama", "#def-first-player", "#def-holm"):
        assert term in targets or page.locator(term).count() == 1

    # a link takes the reader to the definition, in view
    page.locator("#findings a.term[href='#def-first-player']").first.click()
    page.wait_for_function("location.hash === '#def-first-player'")
    target = page.locator("#def-first-player")
    box = target.bounding_box()
    # in view: at the top, give or take the browser's sub-pixel rounding of the scroll
    assert box is not None and -1 <= box["y"] < HEIGHT
    assert "not the same as seat P0" in page.locator("#def-first-player + dd").inner_text()
    page.screenshot(path=str(artifacts / "lab-report-definition.png"))

    # hovering a measure shows its definition too
    title = page.locator("#findings a.term[href='#def-decisiveness']").first.get_attribute("title")
    assert title is not None and "took the lead for good" in title


def test_the_report_passes_axe_core_s_accessibility_rules(pages: Pages, report: Path) -> None:
    """Its intervals' grey was too faint (contrast 4.48, below WCAG's 4.5); it
    named no language and had no main landmark."""
    page = pages.new(WIDTH, HEIGHT)
    page.goto(report.as_uri())
    assert violations(page) == []
