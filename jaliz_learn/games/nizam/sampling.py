"""Sampling a full state from one player's observation (a determinisation for search bots).

Everything an observation shows is kept: the board, the observer's hand, every hand size, the deck
size, the face-up discard pile, scores or completed-task piles, the turn in progress and who decides.
What the observer cannot see, the other hands and the deck order, is dealt uniformly at random from
the cards the observer has not seen; while the deck's content is public (``deck_cards``: after a
reshuffle of the face-up discard pile and before the next draw) only its order is re-dealt. The task
decks of Pearl of the East are not hidden in effect: each player owns one task card of each kind, so
a task deck holds the kinds its owner has not completed. docs/PROTOCOL.md ("Sampling hidden
information: Nizam and Pearl of the East") lists what the sampler does not use.

>>> import jaliz_learn
>>> game = jaliz_learn.load_game("nizam")
>>> state = game.initial_state(num_players=3, seed=4)
>>> obs = state.observation(1)
>>> sampled = game.sample_state(obs, 7)
>>> sampled.observation(1) == obs, sampled.hands[1] == state.hands[1]
(True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.errors import InvalidPosition
from ...core.rng import Rng
from . import board as B
from .data import COPIES_PER_KIND, KINDS, PEARL, SIDE
from .moves import empty_counts
from .nizam_state import NizamState
from .pearl_state import PearlState
from .state import BaseState
from .view import NizamObservation, PearlObservation

if TYPE_CHECKING:  # pragma: no cover
    from .game import _BoardGame

#: The sampled state's own generator is seeded with this many random bits drawn from the caller's ``rng``.
SEED_BITS = 64


def sample_state(game: _BoardGame, obs: object, rng: Rng | int) -> BaseState:
    """A state consistent with ``obs`` whose hidden cards and future chance come from ``rng``."""
    expected = PearlObservation if game.pearl else NizamObservation
    if type(obs) is not expected:
        raise InvalidPosition(f"{game.name}: sample_state needs a {expected.__name__}, got {type(obs).__name__}")
    assert isinstance(obs, NizamObservation | PearlObservation)
    if obs.game != game.name:
        raise InvalidPosition(f"this is an observation of {obs.game}, not {game.name}")
    source = rng if isinstance(rng, Rng) else Rng(rng)
    seed = source.randrange(1 << SEED_BITS)
    n = obs.num_players
    st = game.state_cls(game, n, seed)  # its generator is seeded from rng, never from the real game's seed
    st.board = [c for row in obs.board for c in row]
    st.discard = _counts(obs.discard)
    st.out_of_play = obs.out_of_play
    st.runouts = obs.deck_runouts
    st.moves_made = obs.moves_made
    st.over = obs.is_over
    st.log.turn = obs.turn
    if obs.current_player is not None:
        st.current = obs.current_player
        st.first_player = (obs.current_player - (obs.turn - 1)) % n  # turn 1 was the first player's
    # cards the observer has seen: the board, the discard pile, the cards out of play, its own hand
    unseen = dict.fromkeys(KINDS, COPIES_PER_KIND)
    for zone in (st.board, obs.discard, obs.out_of_play, obs.hand):
        for c in zone:
            if c != PEARL:
                unseen[c] -= 1
    if isinstance(st, PearlState):
        assert isinstance(obs, PearlObservation)
        st.max_rounds = obs.max_rounds
        st.completed = [list(pile) for pile in obs.completed]
        st.tasks = [set(KINDS) - set(pile) for pile in obs.completed]  # one task card of each kind per player
        for k in unseen:
            unseen[k] -= n
    else:
        assert isinstance(st, NizamState) and isinstance(obs, NizamObservation)
        st.points = list(obs.scores)
        st.idle_draws = obs.idle_draws
        if obs.moves_made:
            st.start_sigs = list(obs.start_combinations)
            st.changed = [name in obs.changed_lines for name in B.LINE_NAMES]
        else:
            st.start_sigs = [""] * (2 * SIDE)
    deck: list[str] = []
    if obs.deck_cards:
        # the deck's content is public (reshuffled from the face-up discard pile, no draw since): only its
        # order is hidden, and the hidden hands hold the other unseen cards
        if len(obs.deck_cards) != obs.deck_size:
            raise InvalidPosition(f"deck_cards lists {len(obs.deck_cards)} cards for a deck of {obs.deck_size}")
        deck = list(obs.deck_cards)
        for c in deck:
            unseen[c] -= 1
        st.deck_public = True
    pool = [k for k in KINDS for _ in range(unseen[k])]
    hidden_hands = [q for q in range(n) if q != obs.player]
    slots = sum(obs.hand_sizes[q] for q in hidden_hands) + obs.deck_size - len(deck)
    if min(unseen.values()) < 0 or len(pool) != slots:
        raise InvalidPosition(f"the observation does not add up: {len(pool)} unseen cards for {slots} hidden places")
    # a uniform shuffle of the unseen cards, cut into the hidden hands and the deck
    source.shuffle(pool)
    hands = [empty_counts() for _ in range(n)]
    if obs.player is not None:
        hands[obs.player] = _counts(obs.hand)
    at = 0
    for q in hidden_hands:
        for c in pool[at:at + obs.hand_sizes[q]]:
            hands[q][c] += 1
        at += obs.hand_sizes[q]
    st.hands = hands
    if deck:
        source.shuffle(deck)
        st.deck = deck
    else:
        st.deck = pool[at:]
    return st


def _counts(letters: str) -> dict[str, int]:
    counts = empty_counts()
    for c in letters:
        counts[c] += 1
    return counts
