"""Speed against a peer: ``play()`` decisions per second over OpenSpiel's pure-Python tic-tac-toe.

The reference is OpenSpiel's ``python_tic_tac_toe`` (a game written in Python on OpenSpiel's API),
played by a random loop (``legal_actions``, ``apply_action``, ``is_terminal``). Our side is
``jaliz_learn.play(game, [RandomBot(i) ...], seed=s)`` for whole games (observations built for every
decision, every action checked). Both run in the same process in alternating slices; the figure is
the median of the per-round ratios (see :mod:`jaliz_learn.benchmarks.timing`). OpenSpiel is an
optional dependency: ``pip install -e ".[bench]"``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..bots.base import RandomBot
from ..core.play import play
from ..core.registry import load_game
from ..core.rng import Rng
from .timing import Ratio, alternating_ratio

#: The floors of issue 26 (engines that read like their rulebooks): play() at least this many times as fast as
#: the peer, per game. A game below its floor needs a different design, not a return of a removed trick.
FLOORS: dict[str, float] = {"jaliz": 1.15, "jaliz-advanced": 1.05, "pearl-of-the-east": 1.3, "nizam": 1.4,
                            "jungli-la": 1.5, "bali": 1.5, "bali-tani": 1.5}
PEER = "OpenSpiel python_tic_tac_toe"
MISSING = ('the peer comparison needs OpenSpiel (the optional "bench" extra): pip install -e ".[bench]"')


def load_peer() -> Any:
    """OpenSpiel's pure-Python tic-tac-toe, or ``None`` when OpenSpiel is not installed."""
    try:
        import open_spiel.python.games  # noqa: F401  - registers the Python games with pyspiel
        import pyspiel
    except ImportError:
        return None
    return pyspiel.load_game("python_tic_tac_toe")


def peer_runner(peer: Any, seed: int = 0) -> Callable[[], int]:
    """One random game of the peer per call; returns its number of decisions."""
    rng = Rng(seed)  # the same kind of generator as a RandomBot's

    def one_game() -> int:
        state = peer.new_initial_state()
        n = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            n += 1
        return n
    return one_game


def play_runner(game_name: str, players: int | None = None, seed: int = 0) -> Callable[[], int]:
    """One ``play()`` of random bots per call (a new seed each time); returns its number of decisions."""
    game = load_game(game_name)
    n = game.resolve_num_players(players)
    seeds = iter(range(seed, seed + 10**9))

    def one_game() -> int:
        return play(game, [RandomBot(i) for i in range(n)], seed=next(seeds)).decisions
    return one_game


@dataclass(frozen=True)
class PeerResult:
    game: str
    players: int
    timing: Ratio

    @property
    def ratio(self) -> float:
        return self.timing.ratio


def peer_ratio(game_name: str, players: int | None = None, *, rounds: int = 9, seconds: float = 0.3,
               seed: int = 0, peer: Any = None) -> PeerResult | None:
    """``play()`` decisions/s of ``game_name`` over the peer's (median of ratios), or ``None`` without OpenSpiel."""
    peer = peer if peer is not None else load_peer()
    if peer is None:
        return None
    n = load_game(game_name).resolve_num_players(players)
    timing = alternating_ratio(play_runner(game_name, n, seed), peer_runner(peer, seed), rounds=rounds,
                               seconds=seconds)
    return PeerResult(game_name, n, timing)
