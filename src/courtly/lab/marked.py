"""The lab's marked text: a finding's words with each measure it names marked
``[[term|words]]`` (``[[drama|drama]]``), told as plain words (``plain``) or as
HTML whose marked words link to the measure's definition (``linked``)."""

from __future__ import annotations

import html
import re

MARK = re.compile(r"\[\[([a-z0-9-]+)\|([^\]]+)\]\]")
"""A marked measure: its term (a definition's id) and the words shown."""


def plain(marked: str) -> str:
    """Marked text as plain words."""
    return MARK.sub(lambda m: m.group(2), marked)


def linked(marked: str, titles: dict[str, str] | None = None) -> str:
    """Marked text as HTML: escaped, each marked measure a link to its definition
    (its text, when given, shown on hovering)."""
    out = []
    last = 0
    for m in MARK.finditer(marked):
        out.append(html.escape(marked[last : m.start()]))
        term, words = m.group(1), m.group(2)
        title = (titles or {}).get(term)
        attr = f' title="{html.escape(title)}"' if title else ""
        out.append(f'<a class=term href="#def-{term}"{attr}>{html.escape(words)}</a>')
        last = m.end()
    out.append(html.escape(marked[last:]))
    return "".join(out)
