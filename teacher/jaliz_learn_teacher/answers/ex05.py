"""Exercise 5's reference answers (the methods of ``MyExperiments``); see the package docstring for who may
read them.

>>> games = [(("a", "b"), (0,)), (("b", "a"), (0, 1)), (("a", "b"), (1,))]
>>> reference_win_rates(games)
{'a': 0.6666666666666666, 'b': 0.6666666666666666}
>>> reference_seat_win_rates(games)
(0.6666666666666666, 0.6666666666666666)
>>> {k: round(v, 3) for k, v in reference_elo(games, 16.0, 1500.0).items()}
{'a': 1499.281, 'b': 1500.719}
"""

from __future__ import annotations

from collections.abc import Sequence

from jaliz_learn.stats import wilson_interval

#: a game result: the bot names by seat and the winning seats
Game = tuple[tuple[str, ...], tuple[int, ...]]


def reference_schedule(names: Sequence[str], rounds: int) -> list[tuple[str, str]]:
    """One valid schedule (the learner's may differ in order): every ordered pair ``rounds`` times."""
    return [(a, b) for _ in range(rounds) for a in names for b in names if a != b]


def reference_win_rates(games: Sequence[Game]) -> dict[str, float]:
    played: dict[str, int] = {}
    won: dict[str, int] = {}
    for seats, winners in games:
        for seat, name in enumerate(seats):
            played[name] = played.get(name, 0) + 1
            won[name] = won.get(name, 0) + (seat in winners)
    return {name: won[name] / played[name] for name in played}


def reference_wilson(wins: int, n: int, z: float) -> tuple[float, float]:
    return wilson_interval(wins, n, z)


def reference_seat_win_rates(games: Sequence[Game]) -> tuple[float, ...]:
    if not games:
        return ()
    n = len(games[0][0])
    return tuple(sum(1 for _, winners in games if s in winners) / len(games) for s in range(n))


def reference_seat_advantage(games: Sequence[Game], z: float) -> bool:
    n = len(games[0][0])
    wins = sum(1 for _, winners in games if 0 in winners)
    return wilson_interval(wins, len(games), z)[0] > 1.0 / n


def reference_elo(games: Sequence[Game], k: float, start: float) -> dict[str, float]:
    ratings: dict[str, float] = {}
    for (a, b), winners in games:
        ra, rb = ratings.get(a, start), ratings.get(b, start)
        expected_a = 1.0 / (1.0 + 10 ** ((rb - ra) / 400.0))
        score_a = 0.5 if len(winners) == 2 else (1.0 if 0 in winners else 0.0)
        ratings[a] = ra + k * (score_a - expected_a)
        ratings[b] = rb + k * ((1.0 - score_a) - (1.0 - expected_a))
    return ratings



__all__ = ["reference_elo", "reference_schedule", "reference_seat_advantage", "reference_seat_win_rates",
           "reference_win_rates", "reference_wilson"]
