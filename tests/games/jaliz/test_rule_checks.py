"""One rule, one place (issue 51): the legal actions and the refusals come from the same checks.

Each refusal of Jaliz (standard and advanced) is a small named check in the rule's own module that returns
``None`` when an action is allowed, or ``(rule ID, reason)``. The listed legal actions ask the same checks
(harvest, buy, the event plot choices) or keep a measured fast path (planting, the market); on every position
of several seeded random games, for a wide net of candidate actions, a candidate is listed exactly when its
check finds no problem, and an illegal one is refused with the check's rule and reason.
"""

from __future__ import annotations

import pytest

import jaliz_learn
from jaliz_learn.core.errors import IllegalAction
from jaliz_learn.core.rng import Rng
from jaliz_learn.games.jaliz.actions import Accept, Buy, Claim, Done, Give, Harvest, Keep, Pass, Plant, Refuse
from jaliz_learn.games.jaliz.advanced.actions import Breed, CrowPick, DroughtOn, RainOn, Recycle, SnowOn
from jaliz_learn.games.jaliz.advanced.common import _PHASE_TYPES

PLOTS = range(0, 5)  # 0 and 4 are never plots: the checks must refuse them too
ITEMS = ("plot", "tractor", "fertilizer", "cards", "boat")


def candidates(state, p):
    """A wide net of actions (legal or not) for player ``p`` at ``state``."""
    cards = range(5, 20)
    out = [Harvest(k) for k in PLOTS]
    out += [Buy(item, k) for item in ITEMS for k in (PLOTS if item == "fertilizer" else (0,))]
    out += [Plant(c, k) for c in cards for k in PLOTS]
    out += [Done(), Pass(), Refuse()]
    out += [Claim(c) for c in cards]
    out += [Accept(b) for b in range(state.num_players + 1)]
    out += [Keep(c) for c in cards]
    out += [Give(c, q) for c in set(state.market) | {5} for q in range(-1, state.num_players + 1)]
    if hasattr(state, "event"):
        out += [a(k) for a in (CrowPick, SnowOn, DroughtOn, RainOn) for k in PLOTS]
        out += [b(c) for b in (Breed, Recycle) for c in cards]
    return out


def positions(name, games, n, seed):
    """Every ``step``-th position of seeded random games (copies: the walk goes on from the original)."""
    game = jaliz_learn.load_game(name)
    for g in range(games):
        state = game.initial_state(num_players=n, seed=seed + g)
        rng = Rng(seed * 31 + g)
        while not state.is_over():
            yield state
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.rules("JAL-HARVEST-04", "JAL-BUY-02", "JAL-BUY-03", "JAL-BUY-04", "JAL-BUY-05", "JAL-R-FERT",
                   "JAL-R-NOCARDS-LATE", "JAL-PLANT-01", "JAL-PLANT-02", "JAL-MARKET-03", "JAL-END-03",
                   "JAL-CREDIT-02", "JAL-MARKET-05", "JAL-MARKET-06", "JAL-MARKET-07")
@pytest.mark.parametrize(("name", "n", "seed"), [("jaliz", 3, 11), ("jaliz", 5, 12), ("jaliz-advanced", 4, 13)])
def test_a_candidate_is_listed_exactly_when_its_check_allows_it(name, n, seed):
    checked = refused = 0
    for i, state in enumerate(positions(name, games=2, n=n, seed=seed)):
        if i % 7:
            continue
        p = state.current_player()
        legal = state.legal_actions()
        decision = state.decision()
        for action in candidates(state, p):
            problem = problem_of(state, p, action, decision)
            listed = action in legal
            if type(action) in (Pass, Refuse, Accept) and problem is None:
                continue  # allowed by no check of its own: listed by the decision alone (JAL-PLANT-01, shop-reply)
            assert listed == (problem is None), (name, str(action), decision, problem, state.to_json())
            checked += 1
            if not listed:
                refused += 1
                with pytest.raises(IllegalAction) as err:
                    state.apply(action)  # refused before anything changes (core.game.State.apply)
                if problem[0] not in ("wrong", "wrong phase"):
                    assert err.value.rule == problem[0] and problem[1] in str(err.value), (str(action), problem)
    assert checked > 5000 and refused > 1000  # the net caught both kinds


def problem_of(state, p, action, decision):
    """The refusal of the check that governs ``action`` (``("wrong", "")`` for another decision's action)."""
    if decision in _EVENT_TYPES and not isinstance(action, (Harvest, Buy)):
        return state._event_problem(p, action) if isinstance(action, _EVENT_TYPES[decision]) else ("wrong", "")
    return state._action_problem(p, action, decision)


_EVENT_TYPES = _PHASE_TYPES  # the action kinds each event decision takes


@pytest.mark.rules("JAL-BUY-02", "JAL-BUY-05", "JAL-R-NOCARDS-LATE", "JAL-HARVEST-04")
def test_a_refusal_names_the_check_rule_and_leaves_the_state_unchanged():
    from .helpers import position

    state = position(3, players=[{"coins": ["carrot"] * 5, "bought_cards": True}, {}, {}], ending=True, deck_runs_out=3)
    before = state.to_json()
    for action, rule in [("buy cards", "JAL-BUY-05"), ("harvest 1", "JAL-HARVEST-04"), ("harvest 9", "JAL-HARVEST-04"),
                         ("buy fertilizer 7", "JAL-BUY-04")]:
        with pytest.raises(IllegalAction) as err:
            state.apply(action)
        assert err.value.rule == rule, (action, err.value)
        assert state.to_json() == before
    fresh = position(3, players=[{"coins": ["carrot"] * 5}, {}, {}], ending=True, deck_runs_out=3)
    with pytest.raises(IllegalAction) as err:
        fresh.apply("buy cards")
    assert err.value.rule == "JAL-R-NOCARDS-LATE"
    assert fresh._buy_problem(0, "plot", 0) is None and fresh._buy_problem(0, "cards", 0)[0] == "JAL-R-NOCARDS-LATE"
