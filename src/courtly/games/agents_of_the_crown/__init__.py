"""Agents of the Crown (4 players, simultaneous bluffing). See RULES.md."""

from courtly.games.agents_of_the_crown.game import AgentsOfTheCrown

GAME = AgentsOfTheCrown()

__all__ = ["GAME", "AgentsOfTheCrown"]
