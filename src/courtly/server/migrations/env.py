"""Alembic environment: migrates the connection the server hands over in
``config.attributes["connection"]``, or the URL in ``sqlalchemy.url``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from courtly.server.models import Base

config = context.config
target_metadata = Base.metadata


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=target_metadata)
        with context.begin_transaction():
            context.run_migrations()


run()
