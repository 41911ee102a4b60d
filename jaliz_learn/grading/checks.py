"""In-process checks of a bot: legality sweep, time per decision, win rate (for trusted code).

These call the bot in the calling process: use them for the learner's own ``check()`` in a
notebook or for library bots. Grading a learner's notebook goes through
:func:`jaliz_learn.grading.grade_notebook`, which runs the learner's code in its own process;
both play the same games (:func:`jaliz_learn.grading.match.play_learner_games`) and write the
same report items. A bot that raises, hangs or returns a non-action is contained and reported
in words a learner can act on, with a hint; it never crashes the checker.
"""

from __future__ import annotations

import math
from typing import Any

from ..bots.base import RandomBot
from ..core.game import Game
from ..core.play import as_game
from .match import (
    LEGALITY_FAILURES,
    InProcessContestant,
    grade_contestant,
    legality_item,
    opponent_name,
    play_learner_games,
    strength_items,
    time_item,
    win_hint,
)
from .report import GradeReport


def _players(game: Game, num_players: int | None) -> int:
    n = num_players if num_players is not None else game.resolve_num_players(None)
    game.info.check_players(n)
    return n


def check_legality(game: Game | str, bot: Any, *, games: int = 30, num_players: int | None = None, seed: int = 0,
                   opponent: Any = RandomBot, time_limit: float | None = 5.0,
                   max_failures: int | None = 3) -> GradeReport:
    """Play ``games`` seeded games (learner's seat rotated, ``opponent`` elsewhere): every action must be legal.

    Any crash, non-action, illegal action or hang (past ``time_limit``) fails the check;
    the sweep stops after ``max_failures`` failed games.
    """
    g = as_game(game)
    n = _players(g, num_players)
    records = play_learner_games(g, InProcessContestant(bot), games=games, num_players=n, seed=seed,
                                 opponent=opponent, time_limit=time_limit, max_failures=max_failures)
    total = math.ceil(games / n) * n
    report = GradeReport(f"{g.name}: legal play")
    report.items.append(legality_item(records, stopped_early=len({r["game"] for r in records}) < total,
                                      time_limit=time_limit, kinds=(*LEGALITY_FAILURES, "timeout")))
    return report


def check_time_limit(game: Game | str, bot: Any, *, time_limit: float = 1.0, games: int = 6,
                     num_players: int | None = None, seed: int = 0, opponent: Any = RandomBot) -> GradeReport:
    """Every decision of the bot must take at most ``time_limit`` seconds (over ``games`` games)."""
    g = as_game(game)
    records = play_learner_games(g, InProcessContestant(bot), games=games, num_players=_players(g, num_players),
                                 seed=seed, opponent=opponent, time_limit=time_limit)
    report = GradeReport(f"{g.name}: time")
    report.items.append(time_item(records, time_limit))
    return report


def check_win_rate(game: Game | str, bot: Any, *, min_win_rate: float, games: int = 100,
                   num_players: int | None = None, seed: int = 0, opponent: Any = RandomBot,
                   time_limit: float | None = 2.0) -> GradeReport:
    """The bot must win at least ``min_win_rate`` of ``games`` games against ``opponent`` (seats rotated).

    Shared wins count as wins; a game lost by a failure counts as a loss and fails the check.
    """
    g = as_game(game)
    n = _players(g, num_players)
    records = play_learner_games(g, InProcessContestant(bot), games=games, num_players=n, seed=seed,
                                 opponent=opponent, time_limit=time_limit)
    report = GradeReport(f"{g.name}: strength")
    report.items.extend(strength_items(records, min_win_rate=min_win_rate, opponent_name=opponent_name(opponent),
                                       num_players=n, win_hint=win_hint(n), time_limit=time_limit))
    return report


def grade_bot(game: Game | str, bot: Any, *, min_win_rate: float | None = None, legality_games: int = 30,
              win_games: int = 100, time_limit: float = 1.0, num_players: int | None = None, seed: int = 0,
              opponent: Any = RandomBot, title: str | None = None) -> GradeReport:
    """Legality sweep, time limit and (if ``min_win_rate`` is given) win rate of a trusted bot, in one report.

    The time and win-rate checks only run once the bot plays legally (else they are reported
    as not run, so a learner fixes one thing at a time).
    """
    g = as_game(game)
    report = GradeReport(title or f"{g.info.title}: grading {getattr(bot, '__name__', type(bot).__name__)}")
    return grade_contestant(g, InProcessContestant(bot), min_win_rate=min_win_rate, legality_games=legality_games,
                            win_games=win_games, time_limit=time_limit, num_players=num_players, seed=seed,
                            opponent=opponent, report=report)


__all__ = ["check_legality", "check_time_limit", "check_win_rate", "grade_bot"]
