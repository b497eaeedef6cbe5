"""Several servers on one database: seats note whether they are away (their
time ran out: a bot plays for them), so that every server, and a restarted one,
knows it; ``owners`` names the server running each table's bots and clocks, so
that another takes over the tables of one that stopped.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("away", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "owners",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("server", sa.String(32), nullable=False),
        sa.Column("since", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("owners")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("away")
