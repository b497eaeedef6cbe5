"""Scripted reference strategies: the plain plans a new player would follow.

A game that has some keeps them here as a dict ``BOTS`` from name to bot
class, which its declaration names (``Game.plugins.scripted``);
``courtly.bots.make`` and every command that names bots (``courtly sim``,
``courtly tournament``) know them by those names. They are written apart from
the game's heuristic, as yardsticks for it.
"""
