"""The bot-name registry used by the CLI, and :class:`BaseBot` and :class:`RandomBot` (defined in
:mod:`jaliz_learn.core.bot`, so that the games' own bots can build on them)."""

from __future__ import annotations

import importlib
from typing import Any

from ..core.bot import BaseBot, RandomBot
from ..core.errors import InvalidOption

#: bot name -> {game name or "*": "module:Class"}; a class is built as ``Class.for_game(game, seed)`` if it has
#: that method, else as ``Class(seed)``.
BOTS: dict[str, dict[str, str]] = {
    "random": {"*": "jaliz_learn.bots.base:RandomBot"},
    # information-set Monte-Carlo search (needs the game's sample_state), with the settings measured per game
    "mcts": {"*": "jaliz_learn.bots.mcts:ISMCTSBot"},
    "heuristic": {
        "jaliz": "jaliz_learn.games.jaliz.bots:HeuristicJalizBot",
        "jaliz-advanced": "jaliz_learn.games.jaliz.bots:HeuristicJalizBot",
    },
    "greedy": {
        "nizam": "jaliz_learn.games.nizam.bots:NizamGreedyBot",
        "pearl-of-the-east": "jaliz_learn.games.nizam.bots:PearlGreedyBot",
        "jungli-la": "jaliz_learn.games.jungli_la.bots:JungliLaGreedyBot",
        "bali": "jaliz_learn.games.bali.bots:BaliGreedyBot",
        "bali-tani": "jaliz_learn.games.bali.bots:BaliGreedyBot",
    },
}


def bot_names(game: str) -> list[str]:
    return [name for name, games in BOTS.items() if "*" in games or game in games]


def rule_based_bot(game: str) -> str | None:
    """The name of ``game``'s own rule-based bot (``heuristic`` or ``greedy``), or ``None``.

    >>> rule_based_bot("jaliz"), rule_based_bot("nizam"), rule_based_bot("chess")
    ('heuristic', 'greedy', None)
    """
    return next((n for n in ("heuristic", "greedy") if game in BOTS[n]), None)


def make_bot(name: str, game: str, seed: int = 0) -> Any:
    """Build a bot by name for ``game`` (raises :class:`InvalidOption` with the choices).

    >>> make_bot("random", "jaliz", 1)
    RandomBot()
    """
    games = BOTS.get(name, {})
    target = games.get(game) or games.get("*")
    if target is None:
        raise InvalidOption(f"unknown bot {name!r} for {game}; choose from: {', '.join(bot_names(game))}")
    module, attr = target.split(":")
    factory = getattr(importlib.import_module(module), attr)
    for_game = getattr(factory, "for_game", None)  # a bot whose settings depend on the game (ISMCTSBot)
    return for_game(game, seed) if for_game is not None else factory(seed)


__all__ = ["BOTS", "BaseBot", "RandomBot", "bot_names", "make_bot", "rule_based_bot"]
