"""Courtly: five court-intrigue card games as real digital games."""

__version__ = "0.1.0"
