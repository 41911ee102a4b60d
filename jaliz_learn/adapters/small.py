"""Small settings for exact methods: CFR and external-sampling MCCFR on truncated games (needs the ``rl`` extra).

A whole game of any of ours is far too large for CFR (a Nizam deal alone is a shuffle of 96 cards). These settings
use the OpenSpiel adapter's explicit chance with three adapter parameters: ``position`` (start from an engine
scenario position: here a fixed board, empty hands and a short deck of four cards, so each draw is a chance node of
at most two kinds), ``deals=1`` (that one position) and ``horizon`` (the game stops after that many engine
decisions and is scored as it stands: the leader wins; an adapter-level truncation, not a rule of the game).
The two players draw (hidden from each other), then the first may move a line to form a three (row 1,
``AABCA``: paying an A at its right end makes ``AAABC``) and score it.

>>> import pytest; _ = pytest.importorskip("pyspiel")
>>> game = small_game("nizam")
>>> game.num_players(), game.get_type().chance_mode.name
(2, 'EXPLICIT_STOCHASTIC')
"""

from __future__ import annotations

import json
import time
from typing import Any

#: The small settings: the engine's scenario position and the horizon, per game (two players, win returns).
SMALL_SETTINGS: dict[str, dict[str, Any]] = {
    "nizam": {"position": {"board": ["AABCA", "EFGHB", "BCDEF", "GHABC", "DEFGH"], "hands": ["", ""],
                           "deck": "ABAB", "players": 2}, "horizon": 4},
    "pearl-of-the-east": {"position": {"board": ["AABCA", "EFGHB", "BCDEF", "GHPBC", "DEFGH"], "hands": ["", ""],
                                       "deck": "ABAB", "players": 2}, "horizon": 4},
}


def small_game(name: str) -> Any:
    """The OpenSpiel game of a small setting (``..._win``, zero-sum, explicit chance)."""
    import pyspiel

    from .openspiel import register, short_name

    register([name])
    setting = SMALL_SETTINGS[name]
    params = {"players": 2, "deals": 1, "horizon": setting["horizon"], "position": json.dumps(setting["position"])}
    return pyspiel.load_game(short_name(name) + "_win", params)


def exploitability_curve(name: str, solver: str = "cfr", iterations: int = 4,
                         every: int = 1) -> list[tuple[int, float, float]]:
    """Run ``solver`` (``"cfr"`` or ``"es"``, external-sampling MCCFR) on the small setting of ``name``; return
    ``(iteration, exploitability of the average policy, seconds spent solving so far)`` every ``every`` iterations.
    """
    from open_spiel.python.algorithms import cfr, exploitability
    from open_spiel.python.algorithms import external_sampling_mccfr as es

    game = small_game(name)
    if solver == "cfr":
        cfr_solver = cfr.CFRSolver(game)
        step, average = cfr_solver.evaluate_and_update_policy, cfr_solver.average_policy
    elif solver == "es":
        es_solver = es.ExternalSamplingSolver(game, es.AverageType.SIMPLE)
        step, average = es_solver.iteration, es_solver.average_policy
    else:
        raise ValueError(f"solver must be 'cfr' or 'es', got {solver!r}")
    curve, spent = [], 0.0
    for i in range(1, iterations + 1):
        start = time.perf_counter()
        step()
        spent += time.perf_counter() - start
        if i % every == 0:
            curve.append((i, float(exploitability.exploitability(game, average())), round(spent, 2)))
    return curve
