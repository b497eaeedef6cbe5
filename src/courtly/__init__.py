"""Courtly: five court-intrigue card games as real digital games."""

__version__ = "0.1.0"

# ``COURTLY_PURE=1`` runs an installed compiled build as pure Python: set up
# before any compiled module can be imported (courtly/build.py).
from courtly import build as _build

if _build.pure_requested():
    _build.use_pure()
