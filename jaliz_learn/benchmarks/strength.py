"""Search-bot strength: the ISMCTS bot's win rate against a game's heuristic bot and against random bots.

One ISMCTS bot plays against ``players - 1`` copies of the opponent in a :func:`~jaliz_learn.tournament`:
games come in blocks that share one deal while the line-up rotates, so the search bot sits in every
seat equally often. Its win rate has a Wilson 95% interval; shared wins (a tie for first) count as
wins, as in tournaments. Bots of equal strength would each win about ``1 / players`` of the games
(a little more with ties), so "beats the opponent" means the interval's lower bound is above that.
The budget is stated in iterations per decision (reproducible) and the time it took is reported.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..bots.base import bot_names
from ..bots.mcts import TUNED, ISMCTSBot
from ..core.game import Game
from ..core.registry import load_game
from ..ladder import BotSpec
from ..tournament import tournament, wilson_interval


def heuristic_name(game_name: str) -> str:
    """The name of the game's own rule-based bot (``heuristic`` or ``greedy``), else ``random``.

    >>> heuristic_name("jaliz"), heuristic_name("nizam")
    ('heuristic', 'greedy')
    """
    own = [n for n in bot_names(game_name) if n not in ("random", "mcts")]
    return own[0] if own else "random"


#: The search mode measured best per game (docs/BENCHMARKS.md): ``"flat"`` (paired rollouts of every root
#: candidate, :mod:`~jaliz_learn.bots.rollout_search`) where the rule-based bot's choices differ by little
#: and common random numbers separate them; the tree search elsewhere.
SEARCH: dict[str, str] = {game: tuned["search"] for game, tuned in TUNED.items()}


def settings_text(search: str, iterations: int, rollout_depth: int | None, prior_only: Iterable[str] = ()) -> str:
    """A search bot's settings as the strength tables print them (``prior_only``: the decisions left to the rule).

    >>> settings_text("tree", 40, 60), settings_text("flat", 60, None)
    ('tree, 40 it., cut 60', 'flat, 60 it., to the end')
    >>> settings_text("tree", 160, 60, ("respond", "offer"))
    'tree, 160 it., cut 60, offer/respond by the rule'
    """
    cut = f"cut {rollout_depth}" if rollout_depth is not None else "to the end"
    ruled = f", {'/'.join(sorted(prior_only))} by the rule" if prior_only else ""
    return f"{search}, {iterations} it., {cut}{ruled}"


@dataclass(frozen=True)
class StrengthResult:
    game: str
    players: int
    opponent: str
    iterations: int
    games: int  # games the search bot played (one seat each)
    wins: int
    ci_low: float
    ci_high: float
    mean_ms: float  # mean wall time of one search-bot decision (forced decisions included)
    max_ms: float
    failures: int
    cpu_ms: float  # mean CPU time of one searched (not forced) decision: immune to other load on the machine
    search: str = "tree"  # the bot's search mode ("tree" or "flat")
    rollout_depth: int | None = None  # decisions played after the tree (None: to the end)
    shared: int = 0  # wins shared with another seat (a tie for first): counted in ``wins``, not in ``sole_wins``
    prior_only: tuple[str, ...] = ()  # decisions the bot leaves to its prior (the rule-based bot) unsearched

    @property
    def sole_wins(self) -> int:
        return self.wins - self.shared

    @property
    def settings_text(self) -> str:
        """The search bot's settings, as the table prints them (e.g. ``tree, 40 it., cut 60``)."""
        return settings_text(self.search, self.iterations, self.rollout_depth, self.prior_only)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else float("nan")

    @property
    def equal_share(self) -> float:
        return 1.0 / self.players

    @property
    def sole_interval(self) -> tuple[float, float]:
        """Wilson 95% interval of the sole-win rate."""
        return wilson_interval(self.sole_wins, self.games)

    @property
    def beats(self) -> bool:
        """The lower Wilson bound of the **sole**-win rate is above the share of equally strong bots.

        Shared wins count as wins in ``wins``, so equally strong bots win more than ``1/players`` of their
        games in a game with ties (Nizam, Pearl of the East and Jaliz: one game in ten to one in four with
        their own bots), and a bot that only tied more often would seem to beat them. Sole wins of equally
        strong bots average at most ``1/players``, so this test cannot be passed by ties."""
        return self.sole_interval[0] > self.equal_share


def check_sampling(game: Game, players: int) -> None:
    """Raise ``NotImplementedError`` (with the game's reason) if ``game`` cannot sample hidden information."""
    state = game.initial_state(num_players=players, seed=0)
    game.sample_state(state.observation(state.current_player()), 0)


class _SearchFactory:
    """Builds ISMCTS bots with fixed settings (a class, not a lambda, so it can be pickled)."""

    def __init__(self, game: Game, **settings: Any) -> None:
        self.game = game
        self.settings = settings
        self.made: list[ISMCTSBot] = []  # the bots built here (a serial tournament: this process)

    def __call__(self, seed: int) -> ISMCTSBot:
        bot = ISMCTSBot(seed, game=self.game, **self.settings)
        self.made.append(bot)
        return bot

    def cpu_ms(self) -> float:
        decisions = sum(b.searched for b in self.made)
        return 1000.0 * sum(b.cpu_seconds for b in self.made) / decisions if decisions else float("nan")


def settings_at(settings: dict[str, Any], players: int) -> dict[str, Any]:
    """The settings a bot with ``settings`` plays with at ``players`` players (its ``by_players`` entry applied).

    >>> settings_at({"iterations": 160, "rollout_depth": 60, "by_players": {"5": {"rollout_depth": 100}}}, 5)
    {'iterations': 160, 'rollout_depth': 100}
    """
    over = {int(k): v for k, v in settings.get("by_players", {}).items()}.get(players, {})
    return {**{k: v for k, v in settings.items() if k != "by_players"}, **over}


def bot_settings(game_name: str, **overrides: Any) -> dict[str, Any]:
    """The search bot's settings for ``game_name``: the registered bot's (:data:`~jaliz_learn.bots.mcts.TUNED`,
    what ``make_bot("mcts", game)`` builds), with ``overrides`` (``None`` values: keep the registered one).

    >>> bot_settings("nizam")
    {'search': 'tree', 'iterations': 40, 'rollout_depth': None}
    >>> bot_settings("jaliz", iterations=160, rollout_depth=None)["iterations"]
    160
    """
    return {**TUNED.get(game_name, {"search": "tree", "iterations": 40, "rollout_depth": None}),
            **{k: v for k, v in overrides.items() if v is not None}}


def search_strength(game_name: str, opponent: str = "heuristic", *, games: int = 12, players: int | None = None,
                    seed: int = 0, to_the_end: bool = False, **settings: Any) -> StrengthResult:
    """Play ``games`` games of one ISMCTS bot against ``opponent`` bots (``"heuristic"``: the game's own).

    ``games`` is rounded up to a multiple of the player count (full seat rotations). The bot is the registered
    one (``make_bot("mcts", game)``: :func:`bot_settings`); ``settings`` (``iterations``, ``rollout_depth``,
    ``search``, ``reuse``, ...) override its settings, ``None`` keeping them; ``to_the_end=True`` plays rollouts
    to the end of the game.
    """
    game = load_game(game_name)
    n = game.resolve_num_players(players)
    # the registered settings at this player count, then the ones given here (the bot plays one count: flat)
    explicit = {k: v for k, v in settings.items() if v is not None}
    if to_the_end:
        explicit["rollout_depth"] = None
    settings = {**settings_at(bot_settings(game_name), n), **explicit}
    iterations = settings["iterations"]
    check_sampling(game, n)
    opp = heuristic_name(game_name) if opponent == "heuristic" else opponent
    search = _SearchFactory(game, **settings)
    entries: list[Any] = [("mcts", search)]
    entries += [(opp, BotSpec(opp, game_name))] * (n - 1)
    # serial: one core, so the time per decision is comparable with the stated budget
    df = tournament(game, entries, games=games, seed=seed, num_players=n, executor=None)
    row = df.loc["mcts"]
    shared = sum(1 for r in df.attrs["games"] if r["bot"] == "mcts" and r["win"] and r["winners"] > 1)
    return StrengthResult(game_name, n, opp, iterations, int(row["games"]), int(row["wins"]), float(row["ci_low"]),
                          float(row["ci_high"]), float(row["mean_ms"]), float(row["max_ms"]), int(row["failures"]),
                          search.cpu_ms(), settings["search"], settings.get("rollout_depth"), shared,
                          tuple(sorted(settings.get("prior_only", ()))))
