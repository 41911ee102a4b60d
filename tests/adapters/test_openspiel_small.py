"""CFR and external-sampling MCCFR on the small settings (issue 53): exploitability falls over iterations."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")

from jaliz_learn.adapters.small import SMALL_SETTINGS, exploitability_curve, small_game  # noqa: E402


def test_cfr_exploitability_falls_on_the_smallest_setting():
    curve = exploitability_curve("nizam", "cfr", iterations=3)
    values = [e for _, e, _ in curve]
    assert values[0] > 0.1  # the first average policy (uniform) is exploitable: a decision matters
    assert values[0] > values[1] > values[2]


def test_external_sampling_mccfr_runs_and_improves():
    curve = exploitability_curve("pearl-of-the-east", "es", iterations=40, every=20)
    assert curve[-1][1] < curve[0][1] or curve[-1][1] < 0.05


@pytest.mark.parametrize("name", sorted(SMALL_SETTINGS))
def test_small_settings_are_small_and_have_chance(name):
    game = small_game(name)
    nodes = chance = 0
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        nodes += 1
        if state.is_terminal():
            continue
        if state.is_chance_node():
            chance += 1
            assert abs(sum(p for _, p in state.chance_outcomes()) - 1.0) < 1e-12
        stack.extend(state.child(a) for a in state.legal_actions())
    assert nodes < 5_000 and chance > 1


def test_unknown_solver_is_refused():
    with pytest.raises(ValueError, match="solver"):
        exploitability_curve("nizam", "dqn")
