"""Finding games by name: ``load_game`` and ``list_games``.

Games are registered by import path and imported on first use, so
``import jaliz_learn`` stays fast.

>>> from jaliz_learn import list_games
>>> "jaliz" in [info.name for info in list_games()]
True
"""

from __future__ import annotations

import importlib
import os
from typing import Any

from .errors import InvalidOption
from .game import Game, GameInfo

#: name -> "module:GameClass". Add a line here to register a new game.
REGISTRY: dict[str, str] = {
    "jaliz": "jaliz_learn.games.jaliz:JalizGame",
    "jaliz-advanced": "jaliz_learn.games.jaliz:JalizAdvancedGame",
    "nizam": "jaliz_learn.games.nizam:NizamGame",
    "pearl-of-the-east": "jaliz_learn.games.nizam:PearlGame",
    "jungli-la": "jaliz_learn.games.jungli_la:JungliLaGame",
    "bali": "jaliz_learn.games.bali:BaliGame",
    "bali-tani": "jaliz_learn.games.bali:BaliTaniGame",
}


#: A comma-separated list of ``name=module:GameClass`` for games defined outside the package (a class's own game,
#: the worked example of docs/PROTOCOL.md): ``JALIZ_LEARN_GAMES=pig=pig:PigGame``.
GAMES_VARIABLE = "JALIZ_LEARN_GAMES"


def register_game(name: str, target: str) -> None:
    """Register a game defined outside the package, for this process: ``target`` is ``"module:GameClass"``.

    >>> register_game("pig", "pig:PigGame")  # the example of docs/example_game (importable when on sys.path)
    >>> "pig" in REGISTRY
    True
    >>> del REGISTRY["pig"]
    """
    module, _, cls = target.partition(":")
    if not name or not module or not cls.isidentifier():
        raise InvalidOption(f"register a game as name and 'module:GameClass', not {name!r} and {target!r}")
    REGISTRY[name] = target


def _environment_games() -> None:
    """Register the games of :data:`GAMES_VARIABLE` (each ``name=module:GameClass``)."""
    for item in filter(None, (part.strip() for part in os.environ.get(GAMES_VARIABLE, "").split(","))):
        name, sep, target = item.partition("=")
        if not sep:
            raise InvalidOption(f"{GAMES_VARIABLE}: write each game as name=module:GameClass, not {item!r}")
        if name.strip() not in REGISTRY:
            register_game(name.strip(), target.strip())


def game_class(name: str) -> type[Game]:
    _environment_games()
    target = REGISTRY.get(name)
    if target is None:
        raise InvalidOption(f"unknown game {name!r}; known games: {', '.join(available())}")
    module, cls = target.split(":")
    try:
        return getattr(importlib.import_module(module), cls)  # type: ignore[no-any-return]
    except (ImportError, AttributeError) as exc:  # a game not built yet
        raise InvalidOption(f"game {name!r} is registered but not available: {exc}") from None


def load_game(name: str, **options: Any) -> Game:
    """The game ``name`` with ``options`` (unknown names or options raise :class:`InvalidOption`).

    >>> load_game("jaliz").info.max_players
    7
    """
    return game_class(name)(**options)


def available() -> list[str]:
    """Names of the registered games that can be imported."""
    _environment_games()
    names = []
    for name in REGISTRY:
        try:
            game_class(name)
        except InvalidOption:
            continue
        names.append(name)
    return names


def list_games() -> list[GameInfo]:
    """Metadata of every available game."""
    return [game_class(name).info for name in available()]
