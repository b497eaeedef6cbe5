"""The lab on a real Dask cluster: a scheduler and two workers started here, on
127.0.0.1 with free ports, give the same games as a local run."""

from __future__ import annotations

import importlib
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from courtly.cli.app import app
from courtly.lab.store import LabDir

DASK = str(Path(sys.executable).with_name("dask"))
ARGS = ["lab", "run", "garrison", "--players", "2", "--bots", "greedy", "-n", "30",
        "--vary", "length=quick,long", "--seed", "5"]  # fmt: skip


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _wait_for_workers(address: str, n: int, timeout: float = 60) -> None:
    from distributed import Client

    with Client(address, timeout=timeout) as client:
        client.wait_for_workers(n, timeout=timeout)


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[str]:
    address = f"tcp://127.0.0.1:{_free_port()}"
    env = {**os.environ, "DASK_DISTRIBUTED__WORKER__DAEMON": "False"}
    logs = open(tmp_path / "dask.log", "w")  # noqa: SIM115
    procs = [
        subprocess.Popen(
            [
                DASK,
                "scheduler",
                "--host",
                "127.0.0.1",
                "--port",
                address.rsplit(":", 1)[1],
                "--no-dashboard",
            ],
            stdout=logs,
            stderr=logs,
            env=env,
            cwd=tmp_path,
        ),
    ]
    try:
        time.sleep(0.5)
        procs.append(
            subprocess.Popen(
                [
                    DASK,
                    "worker",
                    address,
                    "--host",
                    "127.0.0.1",
                    "--nworkers",
                    "2",
                    "--nthreads",
                    "1",
                    "--no-dashboard",
                ],
                stdout=logs,
                stderr=logs,
                env=env,
                cwd=tmp_path,
            )
        )
        _wait_for_workers(address, 2)
        yield address
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in reversed(procs):
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        logs.close()


def test_a_lab_run_on_a_dask_cluster_equals_the_local_run(
    tmp_path: Path, cluster: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    runner = CliRunner()
    advances: list[int] = []
    lab_cli = importlib.import_module("courtly.cli.lab")
    make_bar = lab_cli._progress

    def recording(out: Any) -> Any:
        bar = make_bar(out)
        advance = bar.advance
        bar.advance = lambda task, n=1: (advances.append(int(n)), advance(task, n))
        return bar

    monkeypatch.setattr(lab_cli, "_progress", recording)
    remote = runner.invoke(app, [*ARGS, "--cluster", cluster, "--out", str(tmp_path / "remote")])
    assert remote.exit_code == 0, remote.output
    assert f"on cluster {cluster}" in remote.output
    # games are counted as word of them comes from the workers, each once
    assert sum(advances) == 60 and all(n >= 0 for n in advances)
    assert advances.count(1) >= 2, advances
    local = runner.invoke(app, [*ARGS, "--jobs", "1", "--out", str(tmp_path / "local")])
    assert local.exit_code == 0, local.output
    a, b = LabDir(tmp_path / "remote").load(), LabDir(tmp_path / "local").load()
    assert len(a[0]) == 60
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    assert (tmp_path / "remote" / "records.jsonl").read_text() == (
        tmp_path / "local" / "records.jsonl"
    ).read_text()


def test_an_unreachable_cluster_is_a_clear_error(tmp_path: Path) -> None:
    address = f"tcp://127.0.0.1:{_free_port()}"
    result = CliRunner().invoke(
        app, [*ARGS, "-n", "2", "--cluster", address, "--out", str(tmp_path / "x")]
    )
    assert result.exit_code == 2
    assert f"cannot reach a Dask scheduler at {address}" in result.output


def test_a_malformed_cluster_address_is_a_clear_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, [*ARGS, "-n", "2", "--cluster", "http://nowhere", "--out", str(tmp_path / "x")]
    )
    assert result.exit_code == 2
    assert "write tcp://HOST:PORT" in result.output
    assert not (tmp_path / "x").exists()
