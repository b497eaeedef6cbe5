"""A throwaway PostgreSQL cluster for the tests: the binaries of Debian's
``postgresql`` package (initdb, pg_ctl) run in a temporary directory, on a free
port of 127.0.0.1, stopped and deleted at the end. PostgreSQL refuses to run as
root: as root, the cluster runs as the ``postgres`` user the package made (or
``nobody``)."""

from __future__ import annotations

import contextlib
import glob
import itertools
import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.serving import free_port

WATCHDOG = """
import json, os, shutil, subprocess, sys, time
parent, root, stop = int(sys.argv[1]), sys.argv[2], json.loads(sys.argv[3])
def alive():
    try:
        os.kill(parent, 0)
        with open(f"/proc/{parent}/stat") as f:
            return f.read().rsplit(") ", 1)[-1][:1] != "Z"
    except (OSError, ProcessLookupError):
        return False
while os.path.isdir(root) and alive():
    time.sleep(1)
if os.path.isdir(root):
    subprocess.run(stop, capture_output=True, timeout=60)
    shutil.rmtree(root, ignore_errors=True)
"""
"""Stops the cluster if the test process that started it ends without doing
so (killed): a cluster never outlives its tests."""


def binaries() -> Path | None:
    """Where initdb and pg_ctl are: $COURTLY_PG_BIN, Debian's newest
    /usr/lib/postgresql/N/bin, or the PATH; None when PostgreSQL is not installed."""
    given = os.environ.get("COURTLY_PG_BIN")
    if given:
        return Path(given)
    found = glob.glob("/usr/lib/postgresql/*/bin/initdb")
    if found:
        newest = max(
            found, key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0
        )
        return Path(newest).parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


class Cluster:
    """A PostgreSQL server of its own, for one test session."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="courtly-pg-"))
        self.data = self.root / "data"
        self.port = 0
        self.run_as: list[str] = []
        self._names = itertools.count()
        if os.geteuid() == 0:
            try:
                user = pwd.getpwnam("postgres")
                self.run_as = ["runuser", "-u", "postgres", "--"]
            except KeyError:
                user = pwd.getpwnam("nobody")
                self.run_as = [
                    "setpriv",
                    f"--reuid={user.pw_uid}",
                    f"--regid={user.pw_gid}",
                    "--clear-groups",
                ]
            os.chown(self.root, user.pw_uid, user.pw_gid)

    def _run(self, *args: str) -> None:
        done = subprocess.run(
            [*self.run_as, *args], capture_output=True, text=True, timeout=120, cwd=self.root
        )
        if done.returncode != 0:
            log = self.root / "log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(
                f"{Path(args[0]).name} failed ({done.returncode}): {done.stderr or done.stdout}"
                f"\n{tail}"
            )

    def start(self) -> None:
        self._run(
            str(self.bindir / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "courtly",
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-locale",
            "--no-sync",
        )
        for attempt in range(3):  # the free port may be taken before the server binds it
            self.port = free_port()
            options = (
                f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
                "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
                "-c max_connections=300"
            )
            try:
                self._run(
                    str(self.bindir / "pg_ctl"),
                    "-D",
                    str(self.data),
                    "-l",
                    str(self.root / "log"),
                    "-o",
                    options,
                    "-w",
                    "-t",
                    "60",
                    "start",
                )
                stop = [*self.run_as, str(self.bindir / "pg_ctl"), "-D", str(self.data)]
                subprocess.Popen(
                    [
                        sys.executable,
                        "-c",
                        WATCHDOG,
                        str(os.getpid()),
                        str(self.root),
                        json.dumps([*stop, "-m", "immediate", "stop"]),
                    ],
                    start_new_session=True,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
                return
            except RuntimeError:
                if attempt == 2:
                    raise

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://courtly@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh empty database: its URL."""
        import psycopg

        name = f"t{os.getpid()}_{next(self._names)}"
        with psycopg.connect(
            f"postgresql://courtly@127.0.0.1:{self.port}/postgres", autocommit=True
        ) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.root, ignore_errors=True)
