"""Persistence: the database behind web play, migrated with Alembic at start.

``Store`` is synchronous (SQLAlchemy 2 Core); the live layer calls it from
writer threads so the event loop never waits on the disk (on PostgreSQL, an
action is stored from the event loop itself, on asynchronous connections:
``lock_for_action``, ``add_action_now``, ``add_action_at_once``). Every
accepted action is committed here before anyone is told of it.

SQLite (a file) is served by one server process: the file is locked for as
long as a ``Store`` has it open, and a second server is refused. PostgreSQL is
shared by any number of servers: a table's writes are then made under that
table's lock (``lock_table``: a transaction-level advisory lock), after reading
what other servers stored since (``Changes``), and each commit notifies every
server (``NOTIFY courtly``) so that they send the news to their own clients
(see ``table_txn``: an action's notification carries the action).
"""

from __future__ import annotations

import contextlib
import functools
import os
import secrets
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any, TypeVar, cast

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Connection,
    Engine,
    create_engine,
    event,
    exists,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

from courtly.engine.errors import CourtlyError
from courtly.server.models import ActionRow, ChatRow, SeatRow, TableRow
from courtly.server.table_txn import (
    CHANNEL,
    SESSION_OPTIONS,
    Changes,
    Dropped,
    LoopTxn,
    LoopTxns,
    NewAction,
    TableTxn,
    begin,
    commit_action,
)

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Linux or macOS
    fcntl = None  # type: ignore[assignment]

MIGRATIONS = Path(__file__).with_name("migrations")
WRITERS = 4
"""Threads a server stores with on PostgreSQL (on SQLite, one)."""
TABLE_TRANSACTIONS = 6
"""Tables a server may hold the lock of at once for writes other than actions
(on PostgreSQL, in the writer threads)."""
ACTION_TRANSACTIONS = 16
"""Tables a server may hold the lock of at once for an action (on PostgreSQL,
on the event loop), each on a connection of its own. Six were too few under
load: while the event loop ran late, every transaction's round trips waited
for it, the six were taken and actions queued for them (BENCHMARKS.md)."""
POOL_SIZE = WRITERS + TABLE_TRANSACTIONS
"""Connections a server keeps to PostgreSQL for its writer threads: one per
table transaction and one per writer thread, so that no thread ever waits for
a connection that only a thread could give back. (An action's transaction has
connections of its own, on the event loop: ``LoopTxns``.)"""


def database_url(db: str) -> str:
    """``db`` as a SQLAlchemy URL: a URL as given (``postgresql://`` uses the
    psycopg driver), a file path as SQLite."""
    if "://" in db:
        for plain in ("postgresql://", "postgres://"):
            if db.startswith(plain):
                return "postgresql+psycopg://" + db[len(plain) :]
        return db
    return f"sqlite:///{Path(db).expanduser()}"


def shown_url(url: str) -> str:
    """``url`` fit to print: its password hidden."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return url.split("@")[-1]


def is_postgres(url: str) -> bool:
    return url.startswith("postgresql")


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
        if is_postgres(url):
            if make_url(url).get_driver_name() != "psycopg":
                raise ValueError(
                    "PostgreSQL is served with the psycopg driver: give postgresql://... "
                    "or postgresql+psycopg://..."
                )
            # No ping before each use (a round trip per action): a connection
            # the database dropped is replaced when a read finds it dead.
            return create_engine(
                url,
                pool_size=POOL_SIZE,
                max_overflow=0,
                connect_args={
                    "application_name": "courtly",
                    "options": SESSION_OPTIONS,
                },
            )
        return create_engine(url, pool_pre_ping=True)
    except Exception as exc:  # a malformed URL or a missing driver
        raise CourtlyError(f"cannot use the database {shown_url(url)!r}: {why(exc)}") from None


def why(exc: BaseException) -> str:
    """The first line of what the database (or its driver) said."""
    text_ = str(getattr(exc, "orig", None) or exc).strip()
    return text_.splitlines()[0] if text_ else type(exc).__name__


def migrate(engine: Engine) -> None:
    """Bring the schema up to the latest migration (a fresh database is created
    so); servers starting at once on one PostgreSQL database take turns."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(
                text("SELECT pg_advisory_xact_lock(hashtextextended('courtly:migrate', 0))")
            )
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


F = TypeVar("F", bound=Callable[..., Any])


def again_if_dropped(fn: F) -> F:
    """A read, or a transaction's first statement, that found its connection
    dropped by the database (restarted, or cut) is tried once more on a fresh
    one: nothing was done on the dead one."""

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except Dropped:
            return fn(*args, **kwargs)
        except DBAPIError as exc:
            if not exc.connection_invalidated:
                raise
            return fn(*args, **kwargs)

    return cast(F, run)


class FileLock:
    """An exclusive lock on a file beside a SQLite database, held while one
    server has it open (the system lets go of it when the process ends, even
    killed outright)."""

    def __init__(self, db: Path) -> None:
        self.path = db.with_name(db.name + ".lock")
        self.file: IO[str] | None = None
        if fcntl is None:  # pragma: no cover
            return
        file = open(self.path, "a+")  # noqa: SIM115 - held open while the lock is
        try:
            fcntl.flock(file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            file.seek(0)
            holder = file.read().strip()
            file.close()
            by = f" (process {holder})" if holder.isdigit() else ""
            raise CourtlyError(
                f"the database {db} is in use by another Courtly server{by}: a SQLite "
                "database is served by one process at a time. Stop that server, or serve "
                "from PostgreSQL to run several (--db postgresql://...)"
            ) from None
        file.seek(0)
        file.truncate()
        file.write(str(os.getpid()))
        file.flush()
        self.file = file

    def release(self) -> None:
        if self.file is not None:
            self.file.close()  # closing lets go of the lock
            self.file = None


class Store:
    """Reads and writes tables, seats, actions and chat."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.shared = is_postgres(url)
        """Several servers may share this database (PostgreSQL)."""
        self.server = secrets.token_hex(6)
        """This server's name in notifications (its own are not news to it)."""
        self.lock: FileLock | None = None
        parsed = None
        with contextlib.suppress(Exception):
            parsed = make_url(url)
        if parsed is not None and parsed.get_backend_name() == "sqlite":
            path = parsed.database
            if path and path != ":memory:" and not path.startswith("file:"):
                self.lock = FileLock(Path(path).absolute())
        try:
            self.engine = make_engine(url)
            migrate(self.engine)
        except CourtlyError:
            self.close()
            raise
        except Exception as exc:
            self.close()
            raise CourtlyError(f"cannot open the database {shown_url(url)!r}: {why(exc)}") from None
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._insert_action = insert(ActionRow)
        self.loop_txns = LoopTxns(url, self.server, ACTION_TRANSACTIONS) if self.shared else None
        """PostgreSQL: the connections actions are stored on, from the event loop."""

    @contextlib.contextmanager
    def session(self) -> Iterator[Session]:
        with self.sessions() as s, s.begin():
            yield s

    @contextlib.contextmanager
    def _writing(self, txn: TableTxn | None) -> Iterator[Connection]:
        """A connection to write on: the table's transaction (committed, with its
        notification, once the block is done), or a transaction of its own."""
        if txn is None:
            with self.engine.begin() as conn:
                yield conn
        else:
            yield txn.conn
            txn.commit()

    # -- a table's lock (PostgreSQL) ------------------------------------------------
    @again_if_dropped
    def lock_table(
        self, table_id: str, kind: str, what: str, seq: int, chat_seen: int
    ) -> TableTxn | None:
        """Take the table's lock in a new transaction, unless another server
        holds it (then None: try again shortly); queue the notification of the
        write to come (``kind``: ``c`` chat, ``s`` seats, ``r`` a rematch; an
        action's, ``a``, is sent with it by ``add_action``), and read ``what``
        was stored since (``Changes``; the same letters). Nobody else writes
        the table until the transaction ends (see ``table_txn.begin``)."""
        txn = begin(self.engine.connect(), self.server, table_id, kind, "a" in what, seq)
        rest = what.replace("a", "")
        if txn is not None and rest:
            try:
                more = self._changes(txn.conn, table_id, rest, seq, chat_seen)
            except BaseException:
                txn.rollback()
                raise
            txn.changes.chat, txn.changes.seats = more.chat, more.seats
            txn.changes.rematch = more.rematch
        return txn

    async def lock_for_action(self, table_id: str, seq: int) -> LoopTxn | None:
        """PostgreSQL, on the event loop: take the table's lock for an action
        and read the actions stored from ``seq`` on (None: another server
        holds it), as ``lock_table(table_id, "a", "a", seq, ...)`` does in a
        writer thread; the action is then stored by ``add_action_now``."""
        assert self.loop_txns is not None
        return await self.loop_txns.begin(table_id, seq)

    async def add_action_now(self, txn: LoopTxn, new: NewAction) -> None:
        """PostgreSQL, on the event loop: commit the action in the table's
        transaction ``txn`` (see ``add_action``: the same rows, the same
        notification), in one round trip."""
        await txn.commit_action(new, now())

    async def add_action_at_once(self, new: NewAction) -> bool:
        """PostgreSQL, on the event loop: store the action (what
        ``add_action`` stores, and its notification) in one round trip, if no
        other server holds the table's lock and no action of its number is
        stored yet; whether it was stored (see ``table_txn.at_once_query``)."""
        assert self.loop_txns is not None
        return await self.loop_txns.store_at_once(new, now())

    @again_if_dropped
    def changes(self, table_id: str, what: str, seq: int, chat_seen: int) -> Changes:
        """``what`` was stored since ``seq`` actions and chat line ``chat_seen``
        (see ``lock_table``; a table's committed actions are always a prefix:
        each is stored under the table's lock)."""
        with self.engine.connect() as conn:
            return self._changes(conn, table_id, what, seq, chat_seen)

    def _changes(
        self, conn: Connection, table_id: str, what: str, seq: int, chat_seen: int
    ) -> Changes:
        out = Changes()
        if "a" in what:
            out.actions = [
                (n, seat, notation, bool(by_bot))
                for n, seat, notation, by_bot in conn.execute(
                    select(ActionRow.n, ActionRow.seat, ActionRow.notation, ActionRow.by_bot)
                    .where(ActionRow.table_id == table_id, ActionRow.n >= seq)
                    .order_by(ActionRow.n)
                )
            ]
        if "c" in what:
            out.chat = [
                (i, seat, name, text_, at)
                for i, seat, name, text_, at in conn.execute(
                    select(ChatRow.id, ChatRow.seat, ChatRow.name, ChatRow.text, ChatRow.at)
                    .where(ChatRow.table_id == table_id, ChatRow.id > chat_seen)
                    .order_by(ChatRow.id)
                )
            ]
        if "s" in what:
            out.seats = [
                (seat, kind, bot, token, name, bool(away))
                for seat, kind, bot, token, name, away in conn.execute(
                    select(
                        SeatRow.seat,
                        SeatRow.kind,
                        SeatRow.bot,
                        SeatRow.token,
                        SeatRow.name,
                        SeatRow.away,
                    )
                    .where(SeatRow.table_id == table_id)
                    .order_by(SeatRow.seat)
                )
            ]
        if "r" in what:
            found = conn.execute(
                select(TableRow.rematch_id, TableRow.rematch_rotated).where(TableRow.id == table_id)
            ).first()
            if found is not None:
                out.rematch = (found[0], bool(found[1]))
        return out

    # -- writing -------------------------------------------------------------
    @again_if_dropped
    def create_table(self, table: TableRow, seats: list[SeatRow]) -> None:
        with self.session() as s:
            s.add(table)
            s.flush()
            s.add_all(seats)

    def add_action(self, new: NewAction, txn: TableTxn | None = None) -> None:
        """Commit the action with what goes with it (``NewAction``). (Core
        statements: this runs once per action, so its cost is the server's
        throughput.) In a table's transaction, what goes with it, the insert,
        the notification (carrying the action, see ``NOTE_LIMIT``) and the
        commit go in one query string: one round trip."""
        if txn is not None:
            commit_action(txn, self.server, new, now())
            return
        with self.engine.begin() as conn:
            conn.execute(
                self._insert_action,
                {
                    "table_id": new.table_id,
                    "n": new.n,
                    "seat": new.seat,
                    "notation": new.notation,
                    "by_bot": new.by_bot,
                    "at": now(),
                },
            )
            if new.result is not None:
                conn.execute(
                    update(TableRow)
                    .where(TableRow.id == new.table_id)
                    .values(over=True, result=new.result)
                )
            if new.back:
                conn.execute(_seat(new.table_id, new.seat).where(SeatRow.away).values(away=False))

    def set_name(self, table_id: str, seat: int, name: str, txn: TableTxn | None = None) -> None:
        with self._writing(txn) as conn:
            conn.execute(_seat(table_id, seat).values(name=name))

    def set_away(
        self, table_id: str, seats: list[int], away: bool, txn: TableTxn | None = None
    ) -> None:
        """Seats whose time ran out (``away``: a bot plays for them), or back."""
        with self._writing(txn) as conn:
            for seat in seats:
                conn.execute(_seat(table_id, seat).values(away=away))

    def take_seat(
        self, table_id: str, seat: int, token: str, name: str, txn: TableTxn | None = None
    ) -> None:
        """An open seat taken: a human seat now, with its new token and name."""
        with self._writing(txn) as conn:
            done = conn.execute(
                _seat(table_id, seat)
                .where(SeatRow.kind == "open")
                .values(kind="human", token=token, name=name)
            )
            if done.rowcount != 1:
                raise CourtlyError(f"seat {seat} of table {table_id} is not open")

    def add_rematch(
        self,
        table_id: str,
        table: TableRow,
        seats: list[SeatRow],
        rotated: bool,
        txn: TableTxn | None = None,
    ) -> None:
        """Create the rematch table and point the finished one at it, at once."""
        with self._writing(txn) as conn:
            conn.execute(insert(TableRow).values(**_values(table)))
            conn.execute(insert(SeatRow), [_values(s) for s in seats])
            conn.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(rematch_id=table.id, rematch_rotated=rotated)
            )

    def add_chat(
        self, table_id: str, seat: int, name: str, text_: str, txn: TableTxn | None = None
    ) -> tuple[int, datetime]:
        """Store a chat line: its id (chat lines of a table are numbered in the
        order they were stored) and time."""
        at = now()
        with self._writing(txn) as conn:
            done = conn.execute(
                insert(ChatRow).values(table_id=table_id, seat=seat, name=name, text=text_, at=at)
            )
            key = done.inserted_primary_key
            line = int(key[0]) if key is not None else 0
        return line, at

    # -- reading -------------------------------------------------------------
    @again_if_dropped
    def unfinished(self, since: datetime | None = None) -> list[str]:
        """Ids of the tables still being played (with ``since``: only those made
        or played since then, the ones a restart resumes at once; the others
        are loaded when asked for)."""
        query = select(TableRow.id).where(TableRow.over.is_(False))
        if since is not None:
            query = query.where(recent(since))
        with self.session() as s:
            return list(s.scalars(query.order_by(TableRow.created_at)))

    @again_if_dropped
    def open_public(self, limit: int = 100) -> list[str]:
        """The newest unfinished public tables with a seat still open (tables
        whose seats are all taken never crowd the open ones out of the list)."""
        has_open = exists().where(SeatRow.table_id == TableRow.id, SeatRow.kind == "open")
        with self.session() as s:
            return list(
                s.scalars(
                    select(TableRow.id)
                    .where(TableRow.over.is_(False), TableRow.public.is_(True), has_open)
                    .order_by(TableRow.created_at.desc())
                    .limit(limit)
                )
            )

    @again_if_dropped
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
        engine = getattr(self, "engine", None)
        if engine is not None:
            engine.dispose()
        if self.lock is not None:
            self.lock.release()
            self.lock = None


def recent(since: datetime) -> Any:
    """Tables made or played since ``since``."""
    played = select(ActionRow.table_id).where(ActionRow.at >= since).distinct()
    return or_(TableRow.created_at >= since, TableRow.id.in_(played))


def _seat(table_id: str, seat: int) -> Any:
    return update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)


def _values(row: Any) -> dict[str, Any]:
    """Every column's value on an ORM row, for a Core insert (the same keys
    for every row of a kind; a value not set is the column's default), as the
    ORM would insert it."""
    values = {}
    for c in row.__table__.columns:
        value = getattr(row, c.key)
        if value is None and c.default is not None and c.default.is_scalar:
            value = c.default.arg
        values[c.key] = value
    return values


__all__ = ["CHANNEL", "Changes", "Store", "TableTxn", "database_url"]
