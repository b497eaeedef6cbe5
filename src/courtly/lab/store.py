"""A lab run's folder: its settings, its raw results in Parquet, its records.

    DIR/lab.json                 the settings of the run (what a rerun must match)
    DIR/sessions.jsonl           each session: games found done, games to play
    DIR/chunks/KEY.games.parquet one row per game of a finished chunk
    DIR/chunks/KEY.seats.parquet one row per seat of each of those games
    DIR/chunks/KEY.records.jsonl the chunk's game records
    DIR/games.parquet, DIR/seats.parquet, DIR/records.jsonl
                                 the whole run, once every chunk is done
                                 (games ordered by variant, then seed; the
                                 row's ``record`` is its line in records.jsonl;
                                 the chunks are removed then)

A chunk's files are written to temporary names and renamed, the games file
last, so a chunk counts as done only when all of it is on disk: a run killed
at any moment resumes without losing or repeating a finished game.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from courtly.engine.errors import CourtlyError

FORMAT = 1

GAMES = pa.schema(
    [
        ("variant", pa.int32()),
        ("seed", pa.int64()),
        ("players", pa.int32()),
        ("decisions", pa.int32()),
        ("first", pa.int32()),
        ("winners", pa.list_(pa.int32())),
        ("shared", pa.bool_()),
        ("scores", pa.list_(pa.float64())),
        ("margin", pa.float64()),
        ("decisiveness", pa.float64()),
        ("lead_changes", pa.int32()),
        ("drama", pa.float64()),
        ("choices", pa.float64()),
        ("length", pa.map_(pa.string(), pa.int32())),
        ("events", pa.map_(pa.string(), pa.int32())),
        ("curve", pa.list_(pa.list_(pa.float64()))),
    ]
)

SEATS = pa.schema(
    [
        ("variant", pa.int32()),
        ("seed", pa.int64()),
        ("seat", pa.int32()),
        ("bot", pa.string()),
        ("score", pa.float64()),
        ("rank", pa.float64()),
        ("win_share", pa.float64()),
        ("order", pa.int32()),
        ("searched", pa.int32()),
        ("departed", pa.int32()),
    ]
)
"""One row per seat. ``searched`` and ``departed`` count a searching seat's
decisions with a choice and those where it left the heuristic's move
(``courtly.lab.departures``); null for a seat that does not search, and in a
run saved before the lab counted them (its files are read as they are)."""


class LabDirError(CourtlyError):
    """A lab folder that cannot be used as asked."""


def writable(path: Path, option: str = "--out") -> None:
    """Check that the folder ``path`` can be made (or is there) and written
    in, leaving nothing behind, or say why not: called before any game is
    played, so a folder that cannot hold the results is refused at once, not
    after the games."""
    place = next(p for p in (path, *path.parents) if p.exists())
    if not place.is_dir():
        why = f"{place} is a file"
    else:
        try:
            os.rmdir(tempfile.mkdtemp(prefix=".courtly-", dir=place))
            return
        except OSError as exc:
            why = f"{place} does not let a folder or file be made in it ({exc.strerror})"
    raise LabDirError(f"cannot write to {path}: {why}; choose another {option} folder")


def _maps(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {**r, "length": list(r["length"].items()), "events": list(r["events"].items())}
        for r in rows
    ]


def games_table(rows: list[dict[str, Any]]) -> pa.Table:
    return pa.Table.from_pylist(_maps(rows), schema=GAMES)


def seats_table(rows: list[dict[str, Any]]) -> pa.Table:
    return pa.Table.from_pylist(rows, schema=SEATS)


def read_seats(path: Path) -> pa.Table:
    """A seats file in today's schema: a column an older run lacks is null."""
    table = pq.read_table(path)
    for name in SEATS.names:
        if name not in table.column_names:
            table = table.append_column(name, pa.nulls(len(table), SEATS.field(name).type))
    return table.select(SEATS.names + [n for n in table.column_names if n not in SEATS.names])


def game_rows(table: pa.Table) -> list[dict[str, Any]]:
    """Rows of a games table as dicts, its maps as dicts again."""
    out = table.to_pylist()
    for r in out:
        r["length"] = dict(r["length"])
        r["events"] = dict(r["events"])
    return out


def digest(settings: dict[str, Any], length: int) -> str:
    """The first ``length`` hex digits of the settings' SHA-256 (keys sorted):
    the same settings, the same folder name, so a rerun finds its run."""
    return hashlib.sha256(json.dumps(settings, sort_keys=True).encode()).hexdigest()[:length]


class LabDir:
    """The folder of one lab run."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.chunks = self.path / "chunks"

    @property
    def settings_file(self) -> Path:
        return self.path / "lab.json"

    @property
    def complete(self) -> bool:
        return (self.path / "games.parquet").exists() and (self.path / "seats.parquet").exists()

    def settings(self) -> dict[str, Any]:
        try:
            data: dict[str, Any] = json.loads(self.settings_file.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise LabDirError(
                f"{self.path} holds no lab run (no lab.json): run `courtly lab run` with --out {self.path}"
            ) from None
        except (OSError, json.JSONDecodeError) as exc:
            raise LabDirError(f"cannot read {self.settings_file}: {exc}") from None
        return data

    def holds(self, settings: dict[str, Any]) -> bool:
        """Whether a run of ``settings`` is begun (or done) here."""
        if not self.settings_file.exists():
            return False
        try:
            return self.settings() == json.loads(json.dumps({"format": FORMAT, **settings}))
        except LabDirError:
            return False

    def open(self, settings: dict[str, Any]) -> None:
        """Start a run here, or check that the run already here is the same one."""
        settings = json.loads(json.dumps({"format": FORMAT, **settings}))
        if self.settings_file.exists():
            old = self.settings()
            if old != settings:
                diffs = sorted(k for k in set(old) | set(settings) if old.get(k) != settings.get(k))
                shown = "; ".join(
                    f"{k}: {json.dumps(old.get(k))} there, {json.dumps(settings.get(k))} now"
                    for k in diffs
                )
                raise LabDirError(
                    f"{self.path} holds a lab run with other settings ({shown}). "
                    "Rerun with the same settings to resume it, or choose another --out folder."
                )
            return
        if self.path.exists() and any(self.path.iterdir()):
            raise LabDirError(
                f"{self.path} is not empty and holds no lab run: choose an empty or new --out folder"
            )
        writable(self.path)
        self.chunks.mkdir(parents=True, exist_ok=True)
        _write_atomic(self.settings_file, json.dumps(settings, indent=2).encode())

    def log_session(self, already: int, to_play: int) -> None:
        """Note in ``sessions.jsonl`` that a session starts: the games it found
        done and the games it is to play (a resumed run plays only the rest)."""
        line = json.dumps({"started": time.time(), "already": already, "to_play": to_play})
        with open(self.path / "sessions.jsonl", "a", encoding="utf-8") as f:
            f.write(line + "\n")

    def sessions(self) -> list[dict[str, Any]]:
        try:
            text = (self.path / "sessions.jsonl").read_text(encoding="utf-8")
        except FileNotFoundError:
            return []
        return [json.loads(line) for line in text.splitlines() if line.strip()]

    def done(self) -> set[str]:
        """Keys of the chunks already on disk."""
        if not self.chunks.exists():
            return set()
        return {p.name.removesuffix(".games.parquet") for p in self.chunks.glob("*.games.parquet")}

    def save_chunk(self, result: dict[str, Any]) -> None:
        key = result["key"]
        self.chunks.mkdir(parents=True, exist_ok=True)
        base = self.chunks / key
        text = "".join(r + "\n" for r in result["records"])
        _write_atomic(Path(f"{base}.records.jsonl"), text.encode())
        _write_parquet(seats_table(result["seats"]), Path(f"{base}.seats.parquet"))
        _write_parquet(games_table(result["games"]), Path(f"{base}.games.parquet"))

    def finish(self) -> None:
        """Gather the chunks into the run's three files, ordered by variant and seed."""
        keys = sorted(self.done())
        games = pa.concat_tables([pq.read_table(self.chunks / f"{k}.games.parquet") for k in keys])
        seats = pa.concat_tables([read_seats(self.chunks / f"{k}.seats.parquet") for k in keys])
        records: dict[tuple[int, int], str] = {}
        for k in keys:
            lines = (self.chunks / f"{k}.records.jsonl").read_text(encoding="utf-8").splitlines()
            table = pq.read_table(self.chunks / f"{k}.games.parquet", columns=["variant", "seed"])
            for v, s, line in zip(
                table["variant"].to_pylist(), table["seed"].to_pylist(), lines, strict=True
            ):
                records[(v, s)] = line
        order = sorted(records)
        games = games.sort_by([("variant", "ascending"), ("seed", "ascending")])
        games = games.append_column("record", pa.array(range(len(order)), pa.int32()))
        seats = seats.sort_by(
            [("variant", "ascending"), ("seed", "ascending"), ("seat", "ascending")]
        )
        _write_atomic(
            self.path / "records.jsonl", "".join(records[k] + "\n" for k in order).encode()
        )
        _write_parquet(seats, self.path / "seats.parquet")
        _write_parquet(games, self.path / "games.parquet")
        shutil.rmtree(self.chunks, ignore_errors=True)

    def load(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """The run's games and seats rows (from the gathered files, or from the
        chunks of a run not finished yet)."""
        if self.complete:
            games = pq.read_table(self.path / "games.parquet")
            seats = read_seats(self.path / "seats.parquet")
        else:
            keys = sorted(self.done())
            if not keys:
                raise LabDirError(f"{self.path} holds no finished game yet")
            games = pa.concat_tables(
                [pq.read_table(self.chunks / f"{k}.games.parquet") for k in keys]
            ).sort_by([("variant", "ascending"), ("seed", "ascending")])
            seats = pa.concat_tables([read_seats(self.chunks / f"{k}.seats.parquet") for k in keys])
        return game_rows(games), seats.to_pylist()


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _write_parquet(table: pa.Table, path: Path) -> None:
    tmp = path.with_name(path.name + ".tmp")
    pq.write_table(table, tmp)
    os.replace(tmp, path)
