"""What a game declares up front: its :class:`GameInfo` (players, chance, hidden information, bounds) and the
:class:`OptionSpec` of each option, which checks a value given for it.

>>> from jaliz_learn.core.info import OptionSpec
>>> OptionSpec("rounds", 3, "offer rounds", minimum=1).check(2)
2
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import InvalidOption


@dataclass(frozen=True)
class OptionSpec:
    """One game option: name, default, allowed values or range, and help text."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: Any) -> Any:
        if self.choices is not None and value not in self.choices:
            raise InvalidOption(f"option {self.name}={value!r} is not allowed; choose one of {list(self.choices)}")
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise InvalidOption(f"option {self.name} must be true or false, got {value!r}")
        elif isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidOption(f"option {self.name} must be an integer, got {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise InvalidOption(f"option {self.name}={value} is below the minimum {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise InvalidOption(f"option {self.name}={value} is above the maximum {self.maximum}")
        return value


@dataclass(frozen=True)
class GameInfo:
    """What a game declares up front (compare OpenSpiel's ``GameType``)."""

    name: str
    title: str
    min_players: int
    max_players: int
    has_chance: bool
    hidden_information: bool
    rules_version: str
    rulebook: str
    description: str
    options: tuple[OptionSpec, ...] = ()
    default_players: int | None = None
    #: The most decisions a game can take (from the rules, or the engine's safeguard); ``None``: unknown.
    max_decisions: int | None = None
    #: The lowest and highest final score the rules allow; ``None``: not declared.
    score_range: tuple[float, float] | None = None
    #: The most legal actions one decision can offer; ``None``: not bounded by a small number
    #: (e.g. Jaliz trade offers, which grow combinatorially with the hand).
    max_legal_actions: int | None = None

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        known = {o.name: o for o in self.options}
        unknown = set(given) - set(known)
        if unknown:
            names = ", ".join(sorted(known)) or "none"
            raise InvalidOption(f"game {self.name!r} has no option {sorted(unknown)[0]!r}; its options are: {names}")
        return {name: (spec.check(given[name]) if name in given else spec.default) for name, spec in known.items()}

    def check_players(self, num_players: int) -> None:
        if isinstance(num_players, bool) or not isinstance(num_players, int) or not (
            self.min_players <= num_players <= self.max_players
        ):
            raise InvalidOption(
                f"{self.name} is played by {self.min_players}-{self.max_players} players, not {num_players!r}"
            )


__all__ = ["GameInfo", "OptionSpec"]
