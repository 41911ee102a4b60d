"""One rule, one place (issue 51): Nizam's and Pearl's legal actions and refusals come from the same checks.

The turn's order (``turn_problem``), a draw (``draw_problem``), a move's payment (``payment_problem``) and Pearl's
end of the moves (``end_problem`` and its task checks) each return ``None`` when an action is allowed, or
``(rule ID, reason)``. The legal actions come from payment tables and task sets kept for speed; on every position
of seeded random games, for a wide net of candidate actions, a candidate is listed exactly when the checks find no
problem, and an illegal one is refused with the check's rule and reason, the state unchanged.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

import jaliz_learn
from jaliz_learn.core.errors import IllegalAction
from jaliz_learn.core.rng import Rng
from jaliz_learn.games.nizam.actions import Draw, EndTurn, Move, Score
from jaliz_learn.games.nizam.data import KINDS, PEARL
from jaliz_learn.games.nizam.explain import action_problem
from jaliz_learn.games.nizam.moves import MOVE_PAIRS

TRIPLES = ["".join(t) for t in combinations_with_replacement(KINDS, 3)]


def candidates(state, rng):
    """Draw, every end of the moves of interest, and moves at every line end with many payments."""
    out = [Draw(), *state.legal_actions()]
    if state.game.name == "nizam":  # Pearl's core refuses another game's class before any rule
        out.append(Score())
    pays = [*KINDS, PEARL, "AB", "BA", "CBA", "ABCD", *(rng.choice(TRIPLES) for _ in range(12))]
    out += [Move(line, end, pay) for line, end in MOVE_PAIRS for pay in pays]
    out += [Move("r9", "left", "A"), Move("r1", "top", "A")]
    if state.game.name == "pearl-of-the-east":
        for tasks in ("", "A", "AB", "BA", "ABC", "AA", "Z"):
            out += [EndTurn(tasks, top) for top in {"", *tasks}]
    return out


def problem_of(state, player, action):
    return state.turn_problem(action) or action_problem(state, player, action)


@pytest.mark.rules("NIZ-TURN-01", "NIZ-DRAW-03", "NIZ-SOLO-02", "NIZ-MOVE-01", "NIZ-MOVE-03", "NIZ-MOVE-04",
                   "NIZ-MOVE-05", "PRL-TURN-01", "PRL-MOVE-01", "PRL-MOVE-03", "PRL-MOVE-04", "PRL-MOVE-05",
                   "PRL-MOVE-06", "PRL-TASK-01", "PRL-TASK-04", "PRL-TASK-05", "PRL-TASK-06", "PRL-TASK-07")
@pytest.mark.parametrize(("name", "n", "seed"), [("nizam", 1, 3), ("nizam", 3, 4), ("pearl-of-the-east", 2, 5),
                                                 ("pearl-of-the-east", 4, 6)])
def test_a_candidate_is_listed_exactly_when_its_checks_allow_it(name, n, seed):
    game = jaliz_learn.load_game(name)
    rng = Rng(seed)
    checked = refused = 0
    for g in range(1):
        state = game.initial_state(num_players=n, seed=seed * 10 + g)
        step = 0
        while not state.is_over():
            if step % 11 == 0:
                p = state.current_player()
                legal = state.legal_actions()
                for action in candidates(state, rng):
                    problem = problem_of(state, p, action)
                    listed = action in legal
                    assert listed == (problem is None), (name, str(action), problem, state.to_json())
                    checked += 1
                    if not listed:
                        refused += 1
                        if refused % 9 == 0:  # a sample: the refusal is the check's, nothing changes
                            before = state.to_json()
                            with pytest.raises(IllegalAction) as err:
                                state.apply(action)
                            assert err.value.rule == problem[0] and problem[1] in str(err.value)
                            assert state.to_json() == before
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            step += 1
    assert checked > 1000 and refused > 500
