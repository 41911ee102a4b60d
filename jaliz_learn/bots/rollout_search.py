"""Flat determinised rollout search with common random numbers: the ``search="flat"`` mode of the ISMCTS bot.

A *rollout algorithm* (policy improvement, Bertsekas; Tesauro and Galperin's backgammon rollouts): each
candidate action at the root is played, then every player follows the game's own rule-based bot to the end
(or for ``rollout_depth`` decisions), and the candidate whose rollouts end best for the searcher wins. Hidden
information is handled as in the tree search: every *sample* is a state drawn with ``game.sample_state``
from the searcher's observation, with future chance re-seeded from the searcher's generator.

Why it beats the rule-based bot where the tree search did not: all candidates are compared on the **same**
samples (the same hidden cards, the same future chance, the same rollout bots' seeds), so most of the noise
cancels out of the differences (common random numbers) and a few dozen samples separate actions whose
values differ by much less than the spread of single games. Candidates are thinned by successive halving:
each round plays the surviving candidates on fresh samples, then drops the worse half, so the budget goes
to the close calls; the rule-based bot's own choice is never dropped, and the best other candidate replaces
it only if its mean paired gain is ``overrule`` standard errors above zero **on fresh samples** (a quarter of
the budget is kept for this test: on the samples that chose it among many, the winner always looks better than
it is, and a larger budget, comparing more candidates, would overrule ever more often for nothing).

A rollout's value for the searcher is its score margin over the best other player, normalised by the sizes of
the two scores, plus, when the game ended, its win share (ties split it) less the equal share ``1/players``;
a rollout cut before the end is judged by the margin alone, never by "who leads".

>>> from jaliz_learn.bots.mcts import ISMCTSBot
>>> import jaliz_learn
>>> bot = ISMCTSBot(3, iterations=6, rollout_depth=4, search="flat", game="nizam")
>>> result = jaliz_learn.play("nizam", [bot, jaliz_learn.RandomBot(1)], seed=2)
>>> result.state.is_over() and bot.last_iterations <= 6
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.game import Game, State
from ..core.rng import Rng

if TYPE_CHECKING:  # pragma: no cover
    from .mcts import ISMCTSBot


def candidates(bot: ISMCTSBot, legal: Sequence[Any], preferred: Any) -> list[Any]:
    """The root actions to compare: the prior's choice first, then all (or, in a huge list, a sample).

    A huge lazy list is never enumerated: its first ``head`` actions and up to ``max_width`` drawn by index.
    """
    n = len(legal)
    out: list[Any] = [] if preferred is None else [preferred]
    if n <= bot.max_width:
        out += [a for a in (legal[i] for i in range(n)) if a != preferred]
        return out
    seen = set(out)
    for i in range(min(bot.head, n)):
        a = legal[i]
        if a not in seen:
            seen.add(a)
            out.append(a)
    for _ in range(2 * bot.max_width):
        if len(out) >= bot.max_width:
            break
        a = legal[bot.rng.randrange(n)]
        if a not in seen:
            seen.add(a)
            out.append(a)
    return out


def value(state: State, me: int) -> float:
    """The searcher's value of a rollout's last state (see the module docstring)."""
    standings = state.standings()
    scores = standings.scores
    mine = scores[me]
    others = [s for p, s in enumerate(scores) if p != me and p not in standings.eliminated]
    best = max(others) if others else 0
    v = (mine - best) / (abs(mine) + abs(best) + 1.0)
    if state.is_over():
        winners = standings.winners
        v += (1.0 / len(winners) if me in winners else 0.0) - 1.0 / state.num_players
    return v


def flat_search(bot: ISMCTSBot, game: Game, observation: Any, legal: Sequence[Any],
                deadline: float | None, clock: Any) -> Any:
    """Choose an action for ``observation`` by successive halving over paired rollouts (module docstring)."""
    me = observation.player
    players = observation.num_players
    priors = bot._bots(bot.prior, game, players)
    rollers = bot._bots(bot.rollout, game, players)
    preferred = priors[me].act(observation, legal) if priors is not None else None
    # every candidate needs at least two paired samples, so a small budget compares fewer candidates
    cands = candidates(bot, legal, preferred)[:max(1, bot.iterations // 2)]
    if len(cands) == 1:
        bot.last_iterations = 0
        return cands[0]
    # results[i] = {sample index: value} for candidate i; samples are shared by every candidate of a round
    results: list[dict[int, float]] = [{} for _ in cands]
    alive = list(range(len(cands)))
    rounds = max(1, math.ceil(math.log2(len(cands))))
    # a quarter of the budget is held back to test the winner against the prior's choice on fresh samples: the
    # samples that picked the best of many candidates flatter it (the winner's curse), so a test on them would
    # overrule the prior's choice more often the more candidates a larger budget compares
    confirm = max(2, bot.iterations // 8) if preferred is not None and bot.overrule else 0
    budget = bot.iterations - 2 * confirm
    done = 0
    sample_no = 0
    for r in range(rounds):
        left = rounds - r
        per = max(1, (budget - done) // (left * len(alive)))  # samples each survivor gets this round
        for _ in range(per):
            if done + len(alive) > budget:
                break
            if deadline is not None and clock() >= deadline:
                break
            sample = game.sample_state(observation, bot.rng.randrange(1 << 62))
            seeds = [bot.rng.randrange(1 << 31) for _ in range(players)]
            for i in alive:
                results[i][sample_no] = _rollout(bot, sample, cands[i], rollers, seeds, me)
                done += 1
            sample_no += 1
        if len(alive) <= 2 or r == rounds - 1:
            continue
        ranked = sorted(alive, key=lambda i: _mean(results[i]), reverse=True)
        keep = ranked[:max(2, (len(ranked) + 1) // 2)]
        if 0 in alive and 0 not in keep and preferred is not None:
            keep.append(0)  # the prior's choice stays to the end: the final test is paired with it
        alive = keep
    best = max(alive, key=lambda i: (_mean(results[i]), -i))
    if preferred is None or best == 0 or not bot.overrule:
        bot.last_iterations = done
        return cands[best]
    diffs = []  # the winner against the prior's choice on samples that did not choose it
    for _ in range(confirm):
        if deadline is not None and clock() >= deadline:
            break
        sample = game.sample_state(observation, bot.rng.randrange(1 << 62))
        seeds = [bot.rng.randrange(1 << 31) for _ in range(players)]
        diffs.append(_rollout(bot, sample, cands[best], rollers, seeds, me)
                     - _rollout(bot, sample, cands[0], rollers, seeds, me))
        done += 2
    bot.last_iterations = done
    if len(diffs) < 2:
        return cands[0]
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    se = math.sqrt(max(var, 1e-12) / len(diffs))
    return cands[best] if mean > bot.overrule * se else cands[0]


def _mean(results: dict[int, float]) -> float:
    return sum(results.values()) / len(results) if results else -math.inf


def _rollout(bot: ISMCTSBot, sample: State, action: Any, rollers: list[Any] | None, seeds: list[int],
             me: int) -> float:
    """Play ``action`` on a copy of ``sample``, then the rollout policy; the same seeds for every candidate."""
    state = sample.clone()
    state.apply(action)
    if rollers is not None:
        for b, s in zip(rollers, seeds):
            b.rng = Rng(s)  # common random numbers: each candidate meets the same rollout bots
    rng = Rng(seeds[0] ^ 0x5EED)
    depth = bot.rollout_depth
    width = bot.rollout_width
    steps = 0
    while not state.is_over() and (depth is None or steps < depth):
        p = state.current_player()
        assert p is not None  # a running game has a player to act
        legal = state.legal_actions()
        n = len(legal)
        if n == 1 or (rollers is not None and n > width):
            # a huge decision (a Jaliz offer): the first, pass-like action; a bot may scan hundreds of actions
            action = legal[0]
        elif rollers is None:
            action = legal[rng.randrange(n)]
        else:
            action = rollers[p].act(state.observation(p), legal)
        state.apply(action)
        steps += 1
    return value(state, me)
