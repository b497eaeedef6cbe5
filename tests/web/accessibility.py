"""axe-core's automated accessibility rules, run in a page: WCAG 2.1 A and AA,
and its best practices. Axe finds what a machine can (about a third of
WCAG's failures); what it cannot is in docs/web.md, "Layout and
accessibility", with its own tests."""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

AXE = Axe()
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


def violations(page: Page) -> list[str]:
    """Each rule the page breaks, with where (its first three places)."""
    options = {"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]}
    found: list[dict[str, Any]] = AXE.run(page, options=options).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + "; ".join(" ".join(n["target"]) for n in v["nodes"][:3])
        for v in found
    ]
