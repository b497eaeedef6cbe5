"""Each game's evaluation, one module per game, named by the game's
declaration (``Game.plugins.evaluation``): see ``courtly.bots.evaluation``."""
