"""Sampling a full state from one player's observation (a determinisation for search bots).

A Bali observation shows nearly everything (BAL-HIDDEN-01): every hand is known from public events
(start sets are fixed by seat, every later card comes from the open village square), and so is every
offering stock up to its owner's face-down altar cards. What the observer cannot know, and what is
dealt here at random from ``rng``:

- the kinds of the face-down altar cards of the other players (the observer's own are kept): for each
  such player, as many cards as they placed face down are drawn without replacement, uniformly, from
  their ``known_stocks`` (their stock plus those cards); the rest is their stock;
- the order of the draw pile: its cards are those of the game not seen anywhere else (hands,
  displays, square, discard pile), shuffled uniformly (a scenario position may leave cards in the box:
  then the draw pile is a uniform choice of that many unseen cards).

docs/PROTOCOL.md ("Sampling hidden information: Bali") lists what the sampler does not use.

>>> import jaliz_learn
>>> game = jaliz_learn.load_game("bali-tani")
>>> state = game.initial_state(num_players=3, seed=4)
>>> obs = state.observation(1)
>>> sampled = game.sample_state(obs, 7)
>>> same_hands = [sorted(h) for h in sampled.hands] == [sorted(h) for h in state.hands]
>>> sampled.observation(1) == obs, same_hands, sampled.deck == state.deck, sorted(sampled.deck) == sorted(state.deck)
(True, True, False, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jaliz_learn.core.errors import InvalidPosition
from jaliz_learn.core.events import EventLog
from jaliz_learn.core.rng import Rng

from . import data as D
from .serial import PHASES, check_invariants
from .state import BaliState
from .view import BaliObservation

if TYPE_CHECKING:  # pragma: no cover
    from .game import BaliGame

#: The sampled state's own generator is seeded with this many random bits drawn from the caller's ``rng``.
SEED_BITS = 64


def _cards(names: tuple[str, ...]) -> list[int]:
    return [D.CARD_INDEX[c] for c in names]


def draw_without_replacement(pool: list[int], count: int, rng: Rng) -> list[int]:
    """``count`` items of ``pool`` chosen uniformly without replacement (a partial Fisher-Yates shuffle).

    >>> sorted(draw_without_replacement([0, 0, 3], 3, Rng(1)))
    [0, 0, 3]
    """
    items = list(pool)
    for i in range(count):
        j = i + rng.randrange(len(items) - i)
        items[i], items[j] = items[j], items[i]
    return items[:count]


def sample_state(game: BaliGame, obs: object, rng: Rng | int) -> BaliState:
    """A state consistent with ``obs``; hidden kinds and the draw pile's order come from ``rng``."""
    if type(obs) is not BaliObservation:
        raise InvalidPosition(f"{game.name}: sample_state needs a BaliObservation, got {type(obs).__name__}")
    if obs.game != game.name:
        raise InvalidPosition(f"this is an observation of {obs.game}, not {game.name}")
    source = rng if isinstance(rng, Rng) else Rng(rng)
    n, viewer = obs.num_players, obs.player
    s = BaliState(game, n, source.randrange(1 << SEED_BITS))  # never the real game's seed
    try:
        _fill_public(s, obs)
        _deal_hidden(s, obs, viewer, source)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, InvalidPosition):
            raise
        raise InvalidPosition(f"the observation cannot come from a {game.name} game ({exc!r})") from None
    s.reset_caches()  # who decides follows from the fields just read
    check_invariants(s)
    if s.over:
        s.final = s.final_breakdown()
    s.reset_caches()
    if s.observation(viewer) != obs:
        raise InvalidPosition(f"the observation cannot come from a {game.name} game with options {game.options}")
    return s


def _fill_public(s: BaliState, obs: BaliObservation) -> None:
    """Everything the observation shows as it is."""
    s.active = obs.active_player
    s.over = obs.is_over
    if obs.decision not in PHASES:
        raise InvalidPosition(f"unknown decision {obs.decision!r}")
    s.phase = obs.decision
    s.hands = [_cards(hand) for hand in obs.known_hands]
    s.displays = [list(d) for d in obs.displays]
    s.stones = list(obs.stones)
    s.vp = list(obs.vp)
    s.square = [_cards(col) for col in obs.square]
    s.supply = list(obs.supply)
    s.altar_open = list(obs.altar_open)
    s.discard = _cards(obs.discard)
    s.revealed = None if obs.revealed is None else D.CARD_INDEX[obs.revealed]
    s.offer_queue = list(obs.pending_offers)
    s.reward_queue = [(q, units) for q, units in obs.pending_rewards]
    s.huts = list(obs.huts)
    s.village = [list(area) for area in obs.village]
    s.tiles = list(obs.tiles)
    s.ganesha = obs.ganesha
    s.log = EventLog()  # a sampled state starts a fresh log at the observed turn, and an empty history
    s.log.turn = obs.turn


def _deal_hidden(s: BaliState, obs: BaliObservation, viewer: int | None, rng: Rng) -> None:
    """The other players' face-down kinds, then the draw pile, uniformly from what is unseen."""
    hidden: list[tuple[int, int]] = []
    for q in range(s.num_players):
        known = obs.known_stocks[q]
        if q == viewer:
            kinds = [k for k in range(D.NUM_KINDS) for _ in range(obs.my_hidden_offerings[k])]
        else:
            pool = [k for k in range(D.NUM_KINDS) for _ in range(known[k])]
            if obs.hidden_offers[q] > len(pool):
                raise InvalidPosition(f"player {q} placed more face-down cards than their stock held")
            kinds = draw_without_replacement(pool, obs.hidden_offers[q], rng)
        stock = list(known)
        for k in kinds:
            stock[k] -= 1
        s.stocks[q] = stock
        hidden.extend((q, k) for k in sorted(kinds))
    s.altar_hidden = hidden
    unseen = D.card_pool(s.tani, s.num_players)
    for cards in (*s.hands, *s.square, s.discard):
        for c in cards:
            unseen[c] -= 1
    for display in s.displays:
        for c, count in enumerate(display):
            unseen[c] -= count
    if min(unseen) < 0 or sum(unseen) < obs.draw_pile:
        raise InvalidPosition("the observation's cards do not add up to a Bali deck")
    deck = [c for c in range(D.NUM_CARD_TYPES) for _ in range(unseen[c])]
    rng.shuffle(deck)
    # In a game every unseen card is in the draw pile; a scenario position may have left cards in the
    # box, and which ones is unseen too.
    s.deck = deck[:obs.draw_pile]
