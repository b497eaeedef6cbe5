"""Alembic migrations of the web-play database (run at server start)."""
