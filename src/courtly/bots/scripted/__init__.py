"""Scripted reference strategies: the plain plans a new player would follow.

Each game that has some keeps them in ``scripted/<game module>.py`` as a dict
``BOTS`` from name to bot class; ``courtly.bots.make`` and every command that
names bots (``courtly sim``, ``courtly tournament``) know them by those names.
They are written apart from the game's heuristic, as yardsticks for it.
"""
