"""One package per game. Each registers itself in :mod:`jaliz_learn.core.registry`."""
