"""Tables, seats, accepted actions and chat.

Revision ID: 0001
Revises:
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("public", sa.Boolean, nullable=False),
        sa.Column("time_bank", sa.Float, nullable=True),
        sa.Column("takeover", sa.Boolean, nullable=False),
        sa.Column("over", sa.Boolean, nullable=False),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("rematch_id", sa.String(32), nullable=True),
        sa.Column("rematch_rotated", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_tables_over", "tables", ["over"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("token", sa.String(64), nullable=True, unique=True),
        sa.Column("name", sa.String(64), nullable=True),
    )
    op.create_table(
        "actions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("notation", sa.String(128), nullable=False),
        sa.Column("by_bot", sa.Boolean, nullable=False),
        sa.Column("at", sa.DateTime, nullable=False),
    )
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.DateTime, nullable=False),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_chat_table_id", "chat")
    op.drop_table("chat")
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_index("ix_tables_over", "tables")
    op.drop_table("tables")
