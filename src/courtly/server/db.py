"""Persistence: the database behind web play, migrated with Alembic at start.

``Store`` is synchronous (SQLAlchemy 2 sessions); the live layer calls it from
one writer thread so the event loop never waits on the disk. Every accepted
action is committed here before anyone is told of it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, insert, or_, select, update
from sqlalchemy.orm import Session, sessionmaker

from courtly.engine.errors import CourtlyError
from courtly.server.models import ActionRow, ChatRow, SeatRow, TableRow

MIGRATIONS = Path(__file__).with_name("migrations")


def database_url(db: str) -> str:
    """``db`` as a SQLAlchemy URL: a URL as given, a file path as SQLite."""
    if "://" in db:
        return db
    return f"sqlite:///{Path(db).expanduser()}"


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL (an accepted action survives a
    killed process) and a lock wait instead of an immediate "database is locked"."""
    try:
        if url.startswith("sqlite"):
            engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

            @event.listens_for(engine, "connect")
            def _pragmas(conn: Any, _record: Any) -> None:
                cur = conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.close()

            return engine
        return create_engine(url, pool_pre_ping=True)
    except Exception as exc:  # a malformed URL or a missing driver
        raise CourtlyError(f"cannot use the database {url!r}: {exc}") from None


def migrate(engine: Engine) -> None:
    """Bring the schema up to the latest migration (a fresh database is created so)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


class Store:
    """Reads and writes tables, seats, actions and chat."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        try:
            migrate(self.engine)
        except CourtlyError:
            raise
        except Exception as exc:
            reason = str(getattr(exc, "orig", None) or exc).splitlines()[0]
            raise CourtlyError(f"cannot open the database {url!r}: {reason}") from None
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._insert_action = insert(ActionRow)

    @contextmanager
    def session(self) -> Iterator[Session]:
        with self.sessions() as s, s.begin():
            yield s

    # -- writing -------------------------------------------------------------
    def create_table(self, table: TableRow, seats: list[SeatRow]) -> None:
        with self.session() as s:
            s.add(table)
            s.flush()
            s.add_all(seats)

    def add_action(
        self,
        table_id: str,
        n: int,
        seat: int,
        notation: str,
        by_bot: bool,
        result: dict[str, Any] | None,
    ) -> None:
        """Commit the ``n``-th action; ``result`` marks the game over. (Core
        statements, not the ORM: this runs once per action, so its cost is the
        server's throughput.)"""
        with self.engine.begin() as conn:
            conn.execute(
                self._insert_action,
                {
                    "table_id": table_id,
                    "n": n,
                    "seat": seat,
                    "notation": notation,
                    "by_bot": by_bot,
                    "at": now(),
                },
            )
            if result is not None:
                conn.execute(
                    update(TableRow).where(TableRow.id == table_id).values(over=True, result=result)
                )

    def set_name(self, table_id: str, seat: int, name: str) -> None:
        with self.session() as s:
            row = s.get(SeatRow, (table_id, seat))
            if row is not None:
                row.name = name

    def take_seat(self, table_id: str, seat: int, token: str, name: str) -> None:
        """An open seat taken: a human seat now, with its new token and name."""
        with self.session() as s:
            row = s.get(SeatRow, (table_id, seat))
            if row is None or row.kind != "open":
                raise CourtlyError(f"seat {seat} of table {table_id} is not open")
            row.kind, row.token, row.name = "human", token, name

    def add_rematch(
        self, table_id: str, table: TableRow, seats: list[SeatRow], rotated: bool
    ) -> None:
        """Create the rematch table and point the finished one at it, at once."""
        with self.session() as s:
            s.add(table)
            s.flush()
            s.add_all(seats)
            row = s.get(TableRow, table_id)
            if row is not None:
                row.rematch_id = table.id
                row.rematch_rotated = rotated

    def add_chat(self, table_id: str, seat: int, name: str, text: str) -> datetime:
        at = now()
        with self.session() as s:
            s.add(ChatRow(table_id=table_id, seat=seat, name=name, text=text, at=at))
        return at

    # -- reading -------------------------------------------------------------
    def unfinished(self, since: datetime | None = None) -> list[str]:
        """Ids of the tables still being played (with ``since``: only those made
        or played since then, the ones a restart resumes at once; the others
        are loaded when asked for)."""
        query = select(TableRow.id).where(TableRow.over.is_(False))
        if since is not None:
            recent = select(ActionRow.table_id).where(ActionRow.at >= since).distinct()
            query = query.where(or_(TableRow.created_at >= since, TableRow.id.in_(recent)))
        with self.session() as s:
            return list(s.scalars(query.order_by(TableRow.created_at)))

    def open_public(self, limit: int = 100) -> list[str]:
        with self.session() as s:
            return list(
                s.scalars(
                    select(TableRow.id)
                    .where(TableRow.over.is_(False), TableRow.public.is_(True))
                    .order_by(TableRow.created_at.desc())
                    .limit(limit)
                )
            )

    def load(
        self, table_id: str
    ) -> tuple[TableRow, list[SeatRow], list[ActionRow], list[ChatRow]] | None:
        with self.session() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                return None
            seats = list(
                s.scalars(
                    select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
                )
            )
            actions = list(
                s.scalars(
                    select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.n)
                )
            )
            chat = list(
                s.scalars(select(ChatRow).where(ChatRow.table_id == table_id).order_by(ChatRow.id))
            )
            return row, seats, actions, chat

    def close(self) -> None:
        self.engine.dispose()
