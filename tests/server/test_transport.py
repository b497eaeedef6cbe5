"""What ``courtly serve`` runs on: uvloop's event loop and httptools' HTTP
parser where they are installed, asyncio's loop and h11 where they are not."""

from __future__ import annotations

import asyncio
import sys
import tomllib
import types
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI

from courtly.server import transport

from ..serving import serving

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("present", "loop", "http"),
    [(True, "uvloop", "httptools"), (False, "asyncio", "h11")],
)
def test_the_server_takes_uvloop_and_httptools_where_installed(
    monkeypatch: pytest.MonkeyPatch, present: bool, loop: str, http: str
) -> None:
    for name in ("uvloop", "httptools"):
        # a module object stands for an installed one; None makes the import fail
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name) if present else None)
    made = transport.config(FastAPI(), "127.0.0.1", 8000)
    assert (made.loop, made.http) == (loop, http)


def test_a_fresh_install_brings_uvloop_and_httptools() -> None:
    """Both are pinned dependencies of playing, uvloop only where it has a build."""
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    names = {d.split("==")[0]: d for d in deps}
    assert names["httptools"].startswith("httptools==")
    uvloop = names["uvloop"]
    assert "sys_platform != 'win32'" in uvloop and uvloop.startswith("uvloop==")


def test_a_served_app_runs_on_the_loop_chosen(tmp_path: Path) -> None:
    """Served as ``courtly serve`` serves, the handlers run on the loop the
    settings name (uvloop's when installed, asyncio's own otherwise)."""
    app = FastAPI()

    @app.get("/loop")
    async def loop() -> dict[str, str]:
        running = type(asyncio.get_running_loop())
        return {"loop": f"{running.__module__}.{running.__name__}"}

    with serving(app) as url:
        running = httpx.get(url + "/loop", timeout=5).json()["loop"]
    if transport.event_loop() == "uvloop":
        assert running.startswith("uvloop")
    else:
        assert running.startswith("asyncio.")


def test_a_server_sweeps_only_what_its_games_made() -> None:
    # the modules and the app, alive for good, are kept out of the collector's
    # sweeps (a full sweep of them paused the event loop, BENCHMARKS.md)
    import gc

    from courtly.cli.serve import GC_THRESHOLDS, tune_collector

    before = gc.get_threshold()
    try:
        gc.unfreeze()
        assert gc.get_freeze_count() == 0
        tune_collector()
        assert gc.get_threshold() == GC_THRESHOLDS
        assert gc.get_freeze_count() > 10_000
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
