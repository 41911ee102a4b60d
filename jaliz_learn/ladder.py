"""A bot ladder: a round robin among bots with ratings, so a learner knows what "good" means in a game.

``ladder(game)`` plays every registered bot of the game (random, the game's own rule-based bot, ISMCTS at two
budgets) against the others, seats rotated, through :func:`~jaliz_learn.tournament.tournament` (so serially, on
a process pool, or on Dask or Ray, with the same result for the same seed). Every game is read as comparisons
between the bots at its table: the winner beats each loser, and among losers (or among winners) the higher score
wins, an equal one is a draw. The ratings are a Bradley-Terry model fitted to those comparisons (Hunter's
MM algorithm, a draw counting half a win each way), on the Elo scale (400 points: 10 to 1 odds) with the
first bot (random, when present) at 0, and their 95% intervals come from re-fitting on games drawn again with
replacement (a bootstrap with its own seed), widened where needed to the model's own (Fisher information)
interval: a bootstrap of a perfect record has no width, and its games are not the only uncertainty.

>>> df = ladder("nizam", ["random", "greedy"], games=6, seed=1, executor=None, bootstrap=20)
>>> list(df.index), list(df.columns)[:4]
(['greedy', 'random'], ['rating', 'low', 'high', 'games'])
>>> float(df.loc["random", "rating"])
0.0

Bot specs: a registered name (``random``, ``heuristic``, ``greedy``, ``mcts``), ``mcts@N`` (the registered
ISMCTS with ``N`` iterations), ``module:Class`` (a bot class, built as ``Class(seed)``) or a ``(name, factory)``
pair from Python.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from .bots.base import bot_names, make_bot, rule_based_bot
from .core.errors import InvalidOption
from .core.play import as_game
from .core.rng import Rng
from .tournament import tournament

#: Elo-scale points per factor 10 in the odds of winning a comparison.
ELO = 400.0 / math.log(10.0)


@dataclass(frozen=True)
class BotSpec:
    """A picklable bot factory (``spec(seed) -> bot``) for a ladder's entries, so games can run in other
    processes: a registered bot, perhaps with other settings (``mcts@160``)."""

    name: str
    game: str
    settings: tuple[tuple[str, Any], ...] = field(default=())

    def __call__(self, seed: int) -> Any:
        base = self.name.split("@", 1)[0]
        if not self.settings:
            return make_bot(base, self.game, seed)
        from .bots.mcts import ISMCTSBot

        return ISMCTSBot.for_game(self.game, seed, **dict(self.settings))


def default_bots(game: str) -> list[str]:
    """The registered bots of ``game`` for its ladder: random, the game's own bot, ISMCTS at two budgets."""
    from .bots.mcts import TUNED

    names = ["random"]
    own = rule_based_bot(game)
    if own:
        names.append(own)
    if "mcts" in bot_names(game):
        base = TUNED.get(game, {}).get("iterations", 40)
        names += [f"mcts@{base}", f"mcts@{4 * base}"]
    return names


def resolve(spec: Any, game: str) -> tuple[str, Any]:
    """``(name, factory)`` for one bot spec (see the module docstring)."""
    if isinstance(spec, tuple) and len(spec) == 2:
        return str(spec[0]), spec[1]
    if not isinstance(spec, str):
        return type(spec).__name__, spec
    if "@" in spec:
        base, _, budget = spec.partition("@")
        if base != "mcts" or not budget.isdigit() or int(budget) < 1:
            raise InvalidOption(f"{spec!r}: only mcts takes a budget, as mcts@ITERATIONS (e.g. mcts@160)")
        return spec, BotSpec(spec, game, (("iterations", int(budget)),))
    if ":" in spec:
        module, _, attr = spec.partition(":")
        try:
            return attr, getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError) as exc:
            raise InvalidOption(f"cannot load the bot class {spec!r}: {exc}") from None
    make_bot(spec, game, 0)  # an unknown name: one clear line with the choices
    return spec, BotSpec(spec, game)


def comparisons(records: Sequence[Mapping[str, Any]]) -> list[tuple[int, str, str, float]]:
    """``(game, a, b, result)`` for every pair of seats of different bots in every completed game: 1.0 when
    ``a`` did better, 0.5 for a draw. The winner beats each loser; otherwise the higher score wins."""
    by_game: dict[int, list[Mapping[str, Any]]] = {}
    for r in records:
        by_game.setdefault(r["game"], []).append(r)
    out = []
    for g, rows in sorted(by_game.items()):
        for i, a in enumerate(rows):
            for b in rows[i + 1:]:
                if a["bot"] == b["bot"]:
                    continue
                key_a = (bool(a["win"]), float(a["score"]))
                key_b = (bool(b["win"]), float(b["score"]))
                if key_a == key_b:
                    out.append((g, a["bot"], b["bot"], 0.5))
                elif key_a > key_b:
                    out.append((g, a["bot"], b["bot"], 1.0))
                else:
                    out.append((g, b["bot"], a["bot"], 1.0))
    return out


def bradley_terry(pairs: Sequence[tuple[Any, str, str, float]], names: Sequence[str], *,
                  iterations: int = 500, prior: float = 0.5) -> dict[str, float]:
    """Bradley-Terry strengths (Elo scale, ``names[0]`` at 0) fitted by Hunter's MM algorithm.

    ``prior`` adds that many draws between every bot and a virtual average player, so a bot that won (or lost)
    every comparison still gets a finite rating.

    >>> r = bradley_terry([(0, "a", "b", 1.0)] * 3 + [(0, "b", "a", 1.0)], ["b", "a"])
    >>> r["b"], round(r["a"])
    (0.0, 165)
    """
    wins = dict.fromkeys(names, prior)  # the virtual draws: half a win each
    meet: dict[tuple[str, str], float] = {}
    for _g, a, b, result in pairs:
        wins[a] += result
        wins[b] += 1.0 - result
        key = (a, b) if a < b else (b, a)
        meet[key] = meet.get(key, 0.0) + 1.0
    p = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        new = {}
        for n in names:
            denom = 2 * prior / (p[n] + 1.0)  # the virtual player has strength 1
            for (a, b), count in meet.items():
                if n in (a, b):
                    other = b if n == a else a
                    denom += count / (p[n] + p[other])
            new[n] = wins[n] / denom if denom else p[n]
        scale = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        change = max(abs(new[n] / scale - p[n]) for n in names)
        p = {n: v / scale for n, v in new.items()}
        if change < 1e-10:
            break
    anchor = math.log(p[names[0]])
    return {n: ELO * (math.log(p[n]) - anchor) for n in names}


def ladder(game: str, bots: Sequence[Any] | None = None, *, games: int = 60, seed: int = 0,
           num_players: int | None = None, executor: Executor | str | None = "auto", bootstrap: int = 200,
           progress: bool = False, time_limit: float | None = None) -> Any:
    """Play the ladder of ``game`` and return its table (a DataFrame; see the module docstring).

    ``bots``: bot specs (default: :func:`default_bots`). ``games``: games in all (rounded up to whole seat
    rotations). ``num_players``: seats per game (default: the game's smallest count, at least 2). ``executor``: as
    for :func:`~jaliz_learn.tournament.tournament`; every game's seed is fixed by its place in the schedule, so
    the table is the same on any executor. Columns: ``rating``, ``low``/``high`` (95% bootstrap interval),
    ``games``, ``wins``, ``win_rate``, ``mean_score``, ``mean_ms`` (per decision); ``df.attrs`` keeps the game
    records (``games``) and the comparisons.
    """
    g = as_game(game)
    specs = list(bots) if bots else default_bots(g.name)
    entries = dict(resolve(s, g.name) for s in specs)
    if len(entries) < 2:
        raise InvalidOption("a ladder needs at least two different bots")
    players = num_players or max(2, g.info.min_players)
    df: Any = tournament(g, entries, games=games, seed=seed, num_players=players, executor=executor,
                    progress=progress, time_limit=time_limit)
    records = df.attrs["games"]
    names = list(entries)
    pairs = comparisons(records)
    ratings = bradley_terry(pairs, names)
    low, high = _intervals(pairs, names, bootstrap, seed)
    for n, half in wald_half_widths(pairs, names, ratings).items():  # a bootstrap of a perfect record is 0 wide
        low[n] = min(low[n], ratings[n] - half) if low[n] == low[n] else ratings[n] - half
        high[n] = max(high[n], ratings[n] + half) if high[n] == high[n] else ratings[n] + half
    from .core.table import frame

    rows = [{"bot": n, "rating": round(ratings[n], 1), "low": round(low[n], 1), "high": round(high[n], 1),
             "games": int(df.loc[n, "games"]), "wins": int(df.loc[n, "wins"]), "win_rate": float(df.loc[n, "win_rate"]),
             "mean_score": float(df.loc[n, "mean_score"]), "mean_ms": float(df.loc[n, "mean_ms"])} for n in names]
    table = frame(rows, columns=["bot", "rating", "low", "high", "games", "wins", "win_rate", "mean_score",
                                 "mean_ms"]).set_index("bot").sort_values("rating", ascending=False, kind="stable")
    table.attrs.update(anchor=names[0], game=g.name, seed=seed, num_players=players, games=records,
                       comparisons=len(pairs), bootstrap=bootstrap)
    return table


def wald_half_widths(pairs: Sequence[tuple[Any, str, str, float]], names: Sequence[str],
                     ratings: Mapping[str, float], *, prior: float = 0.5) -> dict[str, float]:
    """Half-widths of 95% intervals from the model's Fisher information (with the same virtual draws as the
    fit, so a perfect record still has a finite one); ``names[0]`` is the anchor (width 0).

    >>> half = wald_half_widths([(0, "a", "b", 1.0)] * 10, ["b", "a"], {"b": 0.0, "a": 500.0})
    >>> half["b"], 300 < half["a"] < 700
    (0.0, True)
    """
    theta = {n: ratings[n] / ELO for n in names}
    meet: dict[tuple[str, str], float] = {}
    for _g, a, b, _r in pairs:
        key = (a, b) if a < b else (b, a)
        meet[key] = meet.get(key, 0.0) + 1.0
    free = list(names[1:])
    index = {n: i for i, n in enumerate(free)}
    info = [[0.0] * len(free) for _ in free]
    mean = sum(theta.values()) / len(theta)  # the virtual player sits at the bots' mean
    for n in free:
        q = 1.0 / (1.0 + math.exp(mean - theta[n]))
        info[index[n]][index[n]] += 2 * prior * q * (1 - q)
    for (a, b), count in meet.items():
        p = 1.0 / (1.0 + math.exp(theta[b] - theta[a]))
        w = count * p * (1 - p)
        for x, y in ((a, b), (b, a)):
            if x in index:
                info[index[x]][index[x]] += w
                if y in index:
                    info[index[x]][index[y]] -= w
    cov = _inverse(info)
    out = {names[0]: 0.0}
    for n in free:
        out[n] = 1.96 * ELO * math.sqrt(max(cov[index[n]][index[n]], 0.0))
    return out


def _inverse(m: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inverse of a small positive-definite matrix (pure Python: no numpy in JupyterLite)."""
    n = len(m)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(m)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[pivot] = a[pivot], a[c]
        d = a[c][c] or 1e-12
        a[c] = [v / d for v in a[c]]
        for r in range(n):
            if r != c and a[r][c]:
                f = a[r][c]
                a[r] = [v - f * w for v, w in zip(a[r], a[c])]
    return [row[n:] for row in a]


def _intervals(pairs: Sequence[tuple[int, str, str, float]], names: Sequence[str], rounds: int,
               seed: int) -> tuple[dict[str, float], dict[str, float]]:
    """95% intervals of the ratings: re-fit on the games drawn again with replacement ``rounds`` times."""
    if rounds < 2:
        nan = dict.fromkeys(names, float("nan"))
        return nan, dict(nan)
    by_game: dict[int, list[tuple[int, str, str, float]]] = {}
    for p in pairs:
        by_game.setdefault(p[0], []).append(p)
    keys = sorted(by_game)
    rng = Rng(seed * 7919 + 17)
    samples: dict[str, list[float]] = {n: [] for n in names}
    for _ in range(rounds):
        drawn = [q for _ in keys for q in by_game[keys[rng.randrange(len(keys))]]]
        for n, r in bradley_terry(drawn, names, iterations=200).items():
            samples[n].append(r)
    low, high = {}, {}
    for n, values in samples.items():
        values.sort()
        low[n] = values[int(0.025 * (len(values) - 1))]
        high[n] = values[math.ceil(0.975 * (len(values) - 1))]
    return low, high


def plot_ladder(table: Any, ax: Any = None) -> Any:
    """The ratings with their intervals as a horizontal bar chart (matplotlib); returns the axes."""
    import matplotlib.pyplot as plt

    if ax is None:
        _fig, ax = plt.subplots(figsize=(6, 0.5 + 0.45 * len(table)))
    names = list(table.index)[::-1]
    ratings = [float(table.loc[n, "rating"]) for n in names]
    err = [[r - float(table.loc[n, "low"]) for n, r in zip(names, ratings)],
           [float(table.loc[n, "high"]) - r for n, r in zip(names, ratings)]]
    ax.barh(names, ratings, xerr=err, color="#4c72b0", capsize=3)
    ax.axvline(0, color="#333", linewidth=0.8)
    ax.set_xlabel(f"rating, Elo scale ({table.attrs.get('anchor', '')} at 0), with 95% intervals")
    games = len(table.attrs.get("games", [])) // max(1, table.attrs.get("num_players", 1))
    ax.set_title(f"{table.attrs.get('game', '')} ladder, {games} games")
    return ax


__all__ = ["BotSpec", "bradley_terry", "comparisons", "default_bots", "ladder", "plot_ladder", "resolve",
           "wald_half_widths"]
