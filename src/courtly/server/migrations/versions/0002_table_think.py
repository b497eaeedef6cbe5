"""Tables keep the seconds a hard bot may think, so a restart resumes it.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("think", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("think")
