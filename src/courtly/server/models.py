"""The database tables of web play: tables, seats, accepted actions and chat.

The schema is created and changed only by the Alembic migrations in
``migrations/versions``; these classes describe the latest one.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, Float, ForeignKey, Integer, String, Text
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator


class Seed(TypeDecorator[int]):
    """A 64-bit seed (0 to 2**64 - 1) in a signed 64-bit column: seeds of 2**63
    and above are stored as their two's complement, so older rows (all below
    2**63) read back unchanged."""

    impl = BigInteger
    cache_ok = True

    def process_bind_param(self, value: int | None, dialect: Dialect) -> int | None:
        if value is None:
            return None
        return value - 2**64 if value >= 2**63 else value

    def process_result_value(self, value: int | None, dialect: Dialect) -> int | None:
        if value is None:
            return None
        return value + 2**64 if value < 0 else value


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """One table: a game with its set-up; its state is the replay of its actions."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    version: Mapped[int] = mapped_column(Integer)
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(Seed)
    seed_chosen: Mapped[bool] = mapped_column(Boolean, default=False)
    """The creator chose the seed (a practice table): shown to everyone at it."""
    public: Mapped[bool] = mapped_column(Boolean, default=False)
    time_bank: Mapped[float | None] = mapped_column(Float, nullable=True)
    takeover: Mapped[bool] = mapped_column(Boolean, default=False)
    think: Mapped[float | None] = mapped_column(Float, nullable=True)
    hints: Mapped[bool] = mapped_column(Boolean, default=True)
    """Players may ask the ``hard`` bot's search to suggest a move."""
    over: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch_rotated: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime)


class SeatRow(Base):
    """A seat: a human (reached with its secret token) or a server-side bot."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    token: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    away: Mapped[bool] = mapped_column(Boolean, default=False)
    """The seat's time ran out at a table with takeover: a bot plays for it
    until its player is back."""


class ActionRow(Base):
    """The ``n``-th accepted action of a table (from 0), in the order applied."""

    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    notation: Mapped[str] = mapped_column(String(128))
    by_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    at: Mapped[datetime] = mapped_column(DateTime)


class ChatRow(Base):
    """A chat line at a table, as written (length-limited, control characters removed)."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime)


class OwnerRow(Base):
    """The server running a table's bots and clocks (PostgreSQL, several
    servers): it holds the table's advisory lock while it does; a row whose lock
    nobody holds is a table whose server stopped, for another to take over."""

    __tablename__ = "owners"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    server: Mapped[str] = mapped_column(String(32))
    since: Mapped[datetime] = mapped_column(DateTime)
