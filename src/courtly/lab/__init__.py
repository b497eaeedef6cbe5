"""The designer's lab: many games, their results and what they say."""
