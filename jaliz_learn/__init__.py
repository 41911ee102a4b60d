"""jaliz_learn: teach game programming in Jupyter with faithful board-game engines.

>>> import jaliz_learn
>>> game = jaliz_learn.load_game("jaliz")
>>> state = game.initial_state(num_players=3, seed=42)
>>> len(state.legal_actions()) > 0
True
"""

from __future__ import annotations

import logging

from .bots import RandomBot
from .core.actions import Action
from .core.errors import (
    GameOver,
    IllegalAction,
    InvalidNotation,
    InvalidOption,
    InvalidPosition,
    JalizLearnError,
    NotYourTurn,
    RuleViolation,
    WrongPhase,
)
from .core.events import Event, EventLog
from .core.game import Game, GameInfo, Observation, OptionSpec, Outcome, State
from .core.play import BotError, MatchResult, play, replay, replay_record
from .core.registry import list_games, load_game
from .core.rng import Rng
from .core.rules import Rule, RuleCatalogue

__version__ = "0.1.0"

# a library logs, the application decides what to show: nothing by default (the command line's -v shows it)
logging.getLogger(__name__).addHandler(logging.NullHandler())

from . import pictures as _pictures  # noqa: E402, F401  # registers the drawings of positions (core.display)


def parse_action(text: str, state: State) -> Action:
    """Read an action in text notation for ``state`` (same as ``state.game.parse_action``)."""
    return state.game.parse_action(text, state)


def __getattr__(name: str) -> object:
    # tournament pulls in pandas; import it only when asked for
    if name in ("tournament", "plot_tournament"):
        import importlib

        return getattr(importlib.import_module(f"{__name__}.tournament"), name)
    raise AttributeError(f"module 'jaliz_learn' has no attribute {name!r}")


__all__ = [
    "Action", "BotError", "Event", "EventLog", "Game", "GameInfo", "GameOver", "IllegalAction",
    "InvalidNotation", "InvalidOption", "InvalidPosition", "JalizLearnError", "MatchResult",
    "NotYourTurn", "Observation", "OptionSpec", "Outcome", "RandomBot", "Rng", "Rule", "RuleCatalogue",
    "RuleViolation", "State", "WrongPhase", "list_games", "load_game", "parse_action", "play",
    "replay", "replay_record",
]
