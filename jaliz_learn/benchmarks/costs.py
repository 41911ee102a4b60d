"""What a search bot pays: ``clone()`` and a compact position round trip, in random-play decisions.

A cost "in decisions" is the time of one operation divided by the time of one decision of the same
game played by ``play()`` with random bots, both timed in alternating slices in one process (see
:mod:`jaliz_learn.benchmarks.timing`), so the figure does not depend on the speed of the machine.
The state measured is a mid-game one: a random game replayed to half its length.

>>> r = clone_cost("nizam", rounds=1, seconds=0.01)
>>> r.game, r.players, r.decisions > 0
('nizam', 2, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..bots.base import RandomBot
from ..core.game import Game, State
from ..core.play import play, seed_bots
from ..core.registry import load_game
from .peer import play_runner
from .timing import Ratio, alternating_ratio

#: Targets of issue 10: a clone costs at most this many decisions of its game ...
CLONE_TARGET = 5.0
#: ... and a compact position round trip of a mid-game 4-player Jaliz state at most this many.
ROUND_TRIP_TARGET = 20.0


def mid_game_state(game: Game, players: int, seed: int = 0) -> State:
    """A random game of ``game`` replayed to half its length (with the same seed and bots)."""
    length = play(game, [RandomBot(i) for i in range(players)], seed=seed).decisions
    state = game.initial_state(num_players=players, seed=seed)
    bots = [RandomBot(i) for i in range(players)]
    seed_bots(bots, seed)  # the same per-seat streams as play() used
    for _ in range(length // 2):
        seat = state.current_player()
        assert seat is not None
        state.apply(bots[seat].act(state.observation(seat), state.legal_actions(seat)), seat)
    return state


@dataclass(frozen=True)
class CostResult:
    """The cost of one operation in decisions of ``game`` (median over rounds)."""

    game: str
    players: int
    operation: str
    timing: Ratio  # decisions per second over operations per second

    @property
    def decisions(self) -> float:
        return self.timing.ratio


def _cost(game_name: str, players: int | None, operation: str, make_op: Callable[[State], Callable[[], int]],
          rounds: int, seconds: float, seed: int) -> CostResult:
    game = load_game(game_name)
    n = game.resolve_num_players(players)
    op = make_op(mid_game_state(game, n, seed))
    timing = alternating_ratio(play_runner(game_name, n, seed), op, rounds=rounds, seconds=seconds)
    return CostResult(game_name, n, operation, timing)


def clone_cost(game_name: str, players: int | None = None, *, rounds: int = 7, seconds: float = 0.3,
               seed: int = 0) -> CostResult:
    """``state.clone()`` of a mid-game state, in random-play decisions of the same game."""
    def make(state: State) -> Callable[[], int]:
        def op() -> int:
            for _ in range(10):
                state.clone()
            return 10
        return op
    return _cost(game_name, players, "clone()", make, rounds, seconds, seed)


def round_trip_cost(game_name: str, players: int | None = None, *, rounds: int = 7, seconds: float = 0.3,
                    seed: int = 0) -> CostResult:
    """``state_from_json(state.to_json(compact=True))`` of a mid-game state, in decisions."""
    def make(state: State) -> Callable[[], int]:
        game = state.game

        def op() -> int:
            game.state_from_json(state.to_json(compact=True))
            return 1
        return op
    return _cost(game_name, players, "compact round trip", make, rounds, seconds, seed)
