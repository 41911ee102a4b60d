"""The advanced state's fast path: ``_events`` (read by the standard hot loop before every event hook) is true only
while a hook can change something, and skipping the hooks otherwise changes nothing.

The slow reference is the same state with ``_events`` forced true (every hook called, as before the fast path)."""

from __future__ import annotations

import pytest

from jaliz_learn.core.rng import Rng
from jaliz_learn.games.jaliz.advanced import EVENT_PHASES
from jaliz_learn.games.jaliz.observation import observe

from .helpers import GAME, event_position, position


def expected_events(state):
    """When a hook can matter: an event decision, or a seasonal token on the table."""
    return state.phase in EVENT_PHASES or bool(state.snow or state.rain or state.breeding)


def slow(state):
    """A copy that calls every event hook (the reference for the fast path)."""
    copy = state.clone()
    copy._events = True
    return copy


@pytest.mark.rules("JADV-EVENT-04", "JADV-SNOW-01", "JADV-SNOW-03", "JADV-RAIN-01", "JADV-RAIN-03", "JADV-BREED-01")
@pytest.mark.parametrize("n", [3, 5])
def test_skipping_the_hooks_changes_no_decision(n):
    """At every decision of random games the flag matches the position; the legal actions and the observation
    equal the slow path's and a fresh observation (the event extras are rebuilt only when a round begins); the
    chosen action leaves the same position on both paths (harvest bonuses, rain removal)."""
    fast_seen = slow_seen = 0
    for seed in range(2):
        state = GAME.initial_state(num_players=n, seed=seed)
        rng = Rng(seed + 100)
        while not state.is_over():
            assert state._events == expected_events(state)
            fast_seen += not state._events
            slow_seen += bool(state.snow or state.rain or state.breeding)
            ref = slow(state)
            legal = state.legal_actions()
            ref_legal = ref.legal_actions()
            assert len(legal) == len(ref_legal)
            if len(legal) < 300:
                assert list(legal) == list(ref_legal)
            actor = state.current_player()
            assert state.observation(actor) == ref.observation(actor) == observe(state, actor, cached=False)
            action = legal[rng.randrange(len(legal))]
            state.apply(action)
            ref.apply(action)
            # the position, and the events logged by this step (the whole log would make the test quadratic)
            assert state.to_json(compact=True) == ref.to_json(compact=True)
            assert len(state.log) == len(ref.log) and repr(list(state.log)[-4:]) == repr(list(ref.log)[-4:])
    assert fast_seen > 100 and slow_seen > 20  # both paths were exercised


@pytest.mark.rules("JADV-SNOW-01", "JADV-RAIN-01", "JADV-BREED-01", "JADV-EVENT-04")
def test_positions_read_from_json_set_the_flag():
    """The flag follows the phase and tokens of a position read from JSON (and of a clone)."""
    plain = position(3)
    assert plain._events is False
    snowed = position(3, events={"current": "snow", "snow": [[0, 1]]})
    assert snowed._events is True and snowed.clone()._events is True
    rained = position(3, players=[{"plots": [["carrot", 2, False], [None, 0, False]]}, {}, {}],
                      events={"current": "rain", "rain": [[0, 1]]})
    assert rained._events is True
    bred = position(3, events={"current": "breeding", "breeding": "carrot"})
    assert bred._events is True
    event = event_position("crow", players=[{"plots": [["carrot", 2, False], [None, 0, False]]},
                                            {"plots": [["peas", 1, False], [None, 0, False]]},
                                            {"plots": [["carrot", 1, False], [None, 0, False]]}])
    assert event.phase == "crow" and event._events is True
    assert event.dumps() == GAME.state_from_json(event.to_json()).dumps()


@pytest.mark.rules("JADV-RAIN-03")
def test_harvesting_the_rained_plot_clears_the_flag():
    """The rain token leaves with the harvest; with no other token the fast path resumes."""
    state = position(3, players=[{"hand": ["peas"], "plots": [["carrot", 2, False], [None, 0, False]]}, {}, {}],
                     events={"current": "rain", "rain": [[0, 1]]})
    assert state._events is True
    state.apply("harvest 1")
    assert not state.rain and state._events is False
