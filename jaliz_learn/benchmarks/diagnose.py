"""Why a search bot does or does not get stronger with more iterations: two measurements (issue 34, part 2).

``cut_value_correlation``: does the value the search reads at a cut rollout predict who wins? Positions are taken
from games of the game's own bot against itself; from each, the search's rollout policy plays on, the value is
read after ``depth`` decisions (:func:`~jaliz_learn.bots.rollout_search.value`, what a cut rollout backs up) and the
same rollout goes on to the end, where the player to move either wins (1, a share when tied) or not (0). The
Pearson correlation of the two, per depth, says how much a cut at that depth knows.

``disagreement``: at the same kind of positions, how often the registered ISMCTS bot's choice differs from the
rule-based bot's it starts from, per budget (the overrule test lets the search replace the rule-based choice only
when it looks better by ``overrule`` standard errors; a search whose noise shrinks with the budget overrules more).

    python -m jaliz_learn.benchmarks.diagnose jaliz --players 3
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..bots.base import make_bot, rule_based_bot
from ..bots.mcts import ISMCTSBot
from ..bots.rollout_search import value
from ..core.game import State
from ..core.registry import load_game

#: Positions taken from each game (spread over it), unless a caller asks otherwise.
PER_GAME = 4


def positions(game_name: str, players: int, count: int, seed: int, per_game: int = PER_GAME) -> list[State]:
    """``count`` positions (each with a choice to make) from games of the game's own bot against itself,
    ``per_game`` of them from each game, spread evenly over it.

    Positions of one game share its deal and much of its outcome, so a measurement over many positions of a
    few games says little more than those few games: taken every few decisions from the first game on, 150
    positions of Jaliz came from three games.

    >>> len(positions("nizam", 2, count=6, seed=0, per_game=3))
    6
    """
    game = load_game(game_name)
    own = rule_based_bot(game_name) or "random"
    out: list[State] = []
    g = 0
    while len(out) < count:
        state = game.initial_state(num_players=players, seed=seed + g)
        bots = [make_bot(own, game_name, seed * 100 + g * 10 + p) for p in range(players)]
        choices: list[State] = []
        while not state.is_over():
            p = state.current_player()
            assert p is not None
            legal = state.legal_actions(p)
            if len(legal) > 1:
                choices.append(state.clone())
            state.apply(bots[p].act(state.observation(p), legal) if len(legal) <= 500 else legal[0], p)
        take = min(per_game, count - len(out), len(choices))
        # the middle of each of ``take`` equal stretches of the game: early, middle and late positions alike
        out.extend(choices[(2 * k + 1) * len(choices) // (2 * take)] for k in range(take))
        g += 1
    return out


def _pearson(xs: Sequence[float], ys: Sequence[float]) -> float:
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else float("nan")


def cut_value_correlation(game_name: str, players: int, *, depths: Sequence[int] = (0, 10, 20, 60, 100),
                          count: int = 150, seed: int = 0) -> dict[int, float]:
    """``{depth: correlation}`` of a cut rollout's value with the rollout's final result (see the module)."""
    bot = ISMCTSBot.for_game(game_name, seed)
    rollers = bot._bots(bot.rollout, load_game(game_name), players)
    policy = bot._random_policy if rollers is None else bot._bot_policy(rollers, bot.rollout_width)
    cuts: dict[int, list[float]] = {d: [] for d in depths}
    finals: dict[int, list[float]] = {d: [] for d in depths}
    for state in positions(game_name, players, count, seed):
        me = state.current_player()
        assert me is not None
        sim = state.clone()
        seen: dict[int, float] = {}
        steps = 0
        while not sim.is_over():
            if steps in cuts:
                seen[steps] = value(sim, me)
            sim.apply(policy(sim))
            steps += 1
        out = sim.standings()
        won = (1.0 / len(out.winners)) if me in out.winners else 0.0
        for d in depths:
            cuts[d].append(seen.get(d, value(sim, me)))  # a rollout that ended before the cut: the end's value
            finals[d].append(won)
    return {d: _pearson(cuts[d], finals[d]) for d in depths}


def disagreement(game_name: str, players: int, *, budgets: Sequence[int] = (40, 160, 640), count: int = 40,
                 seed: int = 0) -> dict[int, float]:
    """``{iterations: share of positions where the search's choice differs from the rule-based bot's}``."""
    own = rule_based_bot(game_name)
    if own is None:
        return {}
    out: dict[int, float] = {}
    states = positions(game_name, players, count, seed + 1)
    for budget in budgets:
        differ = 0
        for i, state in enumerate(states):
            p = state.current_player()
            assert p is not None
            obs, legal = state.observation(p), state.legal_actions(p)
            rule = make_bot(own, game_name, seed + i).act(obs, legal)
            search = ISMCTSBot.for_game(game_name, seed + i, iterations=budget).act(obs, legal)
            differ += search != rule
        out[budget] = differ / len(states)
    return out


def deviations(game_name: str, players: int, *, budget: int = 640, count: int = 40, playouts: int = 40,
               seed: int = 0) -> dict[str, float]:
    """Do the search's departures from the rule-based bot win? At positions where the registered ISMCTS bot (at
    ``budget`` iterations) chooses differently from the rule-based bot, both choices are played out ``playouts``
    times from the true position by rule-based bots (paired: the same seeds after either choice); returns the
    number of departures and the mover's mean win share after the search's choice and after the rule's, with the
    standard error of their difference."""
    own = rule_based_bot(game_name)
    if own is None:
        return {}
    game = load_game(game_name)
    diffs: list[float] = []
    wins_search: list[float] = []
    wins_rule: list[float] = []
    for i, state in enumerate(positions(game_name, players, count, seed + 2)):
        p = state.current_player()
        assert p is not None
        obs, legal = state.observation(p), state.legal_actions(p)
        rule = make_bot(own, game_name, seed + i).act(obs, legal)
        search = ISMCTSBot.for_game(game_name, seed + i, iterations=budget).act(obs, legal)
        if search == rule:
            continue
        outcome = {}
        for label, action in (("search", search), ("rule", rule)):
            total = 0.0
            for k in range(playouts):
                sim = game.state_from_json(state.to_json())  # the true position, with its own chance from here
                sim.rng = type(sim.rng)(seed * 1_000_003 + i * 1000 + k)
                sim.apply(action, p)
                bots = [make_bot(own, game_name, seed + 31 * k + q) for q in range(players)]
                while not sim.is_over():
                    q = sim.current_player()
                    assert q is not None
                    la = sim.legal_actions(q)
                    sim.apply(bots[q].act(sim.observation(q), la) if len(la) <= 500 else la[0], q)
                out = sim.standings()
                total += (1.0 / len(out.winners)) if p in out.winners else 0.0
            outcome[label] = total / playouts
        wins_search.append(outcome["search"])
        wins_rule.append(outcome["rule"])
        diffs.append(outcome["search"] - outcome["rule"])
    n = len(diffs)
    if n == 0:
        return {"departures": 0.0}
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else float("nan")
    return {"departures": float(n), "search": sum(wins_search) / n, "rule": sum(wins_rule) / n,
            "difference": mean, "se": sd / math.sqrt(n)}


def main(argv: list[str] | None = None) -> int:
    import argparse

    p = argparse.ArgumentParser(prog="python -m jaliz_learn.benchmarks.diagnose", description=__doc__.split("\n")[0])
    p.add_argument("game")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--positions", type=int, default=150)
    p.add_argument("--budgets", default="40,160,640")
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args(argv)
    corr = cut_value_correlation(a.game, a.players, count=a.positions, seed=a.seed)
    games = math.ceil(a.positions / PER_GAME)
    print(f"{a.game} {a.players}p, {a.positions} positions of {games} games: correlation of a cut rollout's value "
          "with its final result: " + ", ".join(f"depth {d}: {c:.2f}" for d, c in corr.items()))
    budgets = [int(b) for b in a.budgets.split(",") if b]
    if budgets:
        dis = disagreement(a.game, a.players, budgets=budgets, count=max(10, a.positions // 4), seed=a.seed)
        print("search's choice differs from the rule-based bot's: " + ", ".join(f"{b} iterations: {s:.0%}"
                                                                              for b, s in dis.items()))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())


__all__ = ["PER_GAME", "cut_value_correlation", "deviations", "disagreement", "main", "positions"]
