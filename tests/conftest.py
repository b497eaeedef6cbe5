"""Fixtures of the whole suite: the browser tests' server, Chromium and pages
(``tests/web/browsing.py``), for any folder's browser tests."""

pytest_plugins = ["tests.web.browsing"]
