"""Shared helpers for the Nizam and Pearl of the East tests."""

from __future__ import annotations

from jaliz_learn.games.nizam.data import KINDS


def totals(state):
    """Cards of each kind across board, hands, deck, discard pile and (Pearl) task piles."""
    counts = dict.fromkeys(KINDS, 0)
    for c in state.board:
        if c != "P":
            counts[c] += 1
    for zone in [*state.hands, state.discard]:
        for k, n in zone.items():
            counts[k] += n
    for c in state.deck:
        counts[c] += 1
    if hasattr(state, "tasks"):
        for p in range(state.num_players):
            assert not state.tasks[p] & set(state.completed[p]), "a kind is both to do and completed"
            for k in state.tasks[p] | set(state.completed[p]):
                counts[k] += 1
    return counts
