"""Sampling a full Jungli-La state from one player's observation (a determinisation, for search bots).

Everything on the table is public: the track, explorers, materials, Letters, Wagons, Discovery
cards, dice, the phase and who decides. What the observer cannot see, and what is dealt here:

- the Treasure cards of the other players (their counts are public) and the order of the Treasure
  deck (its size and the place of the game-end card are public, JUN-RUL-13): the unseen Treasure
  cards are shuffled into those slots uniformly, from every Treasure card not in the observer's hand;
- which Treasure cards the observer holds among the cards of the same value (all alike);
- future chance: the sampled state's generator is seeded from ``rng``, never from the real seed.

Known and kept: the game-end card stays where it is public (in the deck at its known place, or in
the hand of the player who drew it: ``end_card_holder``); at the end of the game every hand is
shown (``revealed_treasures``). The Discovery cards back in the box are the ones neither on the
track nor in a hand, so they are not hidden. Forced dice (a test helper) are not carried over.

>>> import jaliz_learn
>>> game = jaliz_learn.load_game("jungli-la")
>>> st = game.initial_state(3, seed=5)
>>> obs = st.observation(1)
>>> guess = game.sample_state(obs, 7)
>>> guess.observation(1) == obs, guess.deck == st.deck
(True, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.errors import InvalidPosition
from ...core.rng import Rng
from .common import ADJUST, GOAL, REROLL, ROLL
from .data import CARDS, END_TREASURE, TREASURE_VALUES
from .observation import JungliLaObservation
from .state import JungliLaState

if TYPE_CHECKING:  # pragma: no cover
    from .game import JungliLaGame

#: Treasure card ids by value, the game-end card left out (it is placed where it is known to be).
_IDS_BY_VALUE: dict[int, tuple[int, ...]] = {}
for _t, _v in enumerate(TREASURE_VALUES):
    if _t != END_TREASURE:
        _IDS_BY_VALUE.setdefault(_v, ())
        _IDS_BY_VALUE[_v] += (_t,)


def sample_state(game: JungliLaGame, obs: JungliLaObservation, rng: Rng | int) -> JungliLaState:
    """A full state showing ``obs.player`` exactly ``obs``; the hidden Treasure cards dealt at random."""
    if not isinstance(obs, JungliLaObservation) or obs.game != game.name:
        raise InvalidPosition(f"sample_state needs a Jungli-La observation, got {type(obs).__name__}")
    r = rng if isinstance(rng, Rng) else Rng(rng)
    seed = r.randrange(1 << 63)
    st = JungliLaState(game, obs.num_players, seed)  # its generator: seeded from rng, so future dice are re-sampled too
    # -- the public table, copied
    st.track = list(obs.track)
    st.cards = [list(c) for c in obs.discoveries]
    held = {c for hand in obs.discoveries for c in hand}
    st.removed = [c for c in CARDS if c not in held and c not in obs.track]
    st.pos = list(obs.positions)
    st.materials = [list(m) for m in obs.materials]
    st.letters = list(obs.letters)
    st.wagons = list(obs.wagons)
    st.wagon_stock = obs.wagon_stock
    st.start_player = obs.start_player
    # once the game is over nobody decides: the last turn was the one before the start player's (JUN-END-02)
    st.current = obs.current_player if obs.current_player is not None else (obs.start_player - 1) % obs.num_players
    st.phase = obs.decision
    st.dice = list(obs.dice)
    st.n_dice = obs.dice_rolled
    st.rerolls = obs.rerolls_used
    st.moved, st.discovered = obs.moved, obs.discovered
    st.fresh = list(obs.fresh)
    st.paleo_used = st.paleo_cards(st.current) - obs.paleo_left
    # excavation (JUN-GOAL-04) looks at where the turn began; before the move that is where the explorer is
    st.goal_at_start = obs.decision in (ROLL, REROLL, ADJUST) and obs.positions[st.current] == GOAL
    st.end_triggered = obs.end_triggered
    if obs.end_triggered:  # the game-end card ends it, else the round-limit safeguard (JUN-RUL-09)
        st.end_reason = "end-card" if obs.cards_before_end_card < 0 else "round-limit"
    st.log.turn = obs.turn
    _deal_treasures(st, obs, r)
    return st


def _deal_treasures(st: JungliLaState, obs: JungliLaObservation, r: Rng) -> None:
    """Give every Treasure slot a card id: the known values first, then the unseen pool shuffled into the rest."""
    n, me = obs.num_players, obs.player
    holder, end_at = obs.end_card_holder, obs.cards_before_end_card
    # values known for each hand: the observer's own, or everybody's once the game is over
    known: dict[int, tuple[int, ...]] = {}
    if obs.revealed_treasures:
        known = dict(enumerate(obs.revealed_treasures))
    elif me is not None:
        known[me] = obs.own_treasures
    free = {v: list(ids) for v, ids in _IDS_BY_VALUE.items()}
    for ids in free.values():
        r.shuffle(ids)
    hands: list[list[int | None]] = [[None] * obs.treasure_counts[p] for p in range(n)]
    for p, values in known.items():
        if len(values) != obs.treasure_counts[p]:
            raise InvalidPosition(f"player {p} shows {len(values)} Treasure values but holds {obs.treasure_counts[p]}")
        end_left = holder == p
        for i, v in enumerate(values):
            if end_left and v == TREASURE_VALUES[END_TREASURE]:
                hands[p][i], end_left = END_TREASURE, False  # which of its equal cards it is does not matter
            elif not free.get(v):
                raise InvalidPosition(f"player {p} shows more Treasure cards of value {v} than exist")
            else:
                hands[p][i] = free[v].pop()
        if end_left:
            raise InvalidPosition(f"player {p} drew the game-end card but shows no Treasure of its value")
    if holder is not None and holder not in known:
        hands[holder][0] = END_TREASURE  # the order within a hidden hand is not observable
    deck: list[int | None] = [None] * obs.deck_size
    if end_at >= 0:
        if end_at >= obs.deck_size:
            raise InvalidPosition("the game-end card lies below the bottom of the Treasure deck")
        deck[end_at] = END_TREASURE
    pool = [t for ids in free.values() for t in ids]
    r.shuffle(pool)
    slots = [(hand, i) for hand in (*hands, deck) for i, t in enumerate(hand) if t is None]
    if len(slots) > len(pool):
        raise InvalidPosition(f"{len(slots)} hidden Treasure slots but only {len(pool)} unseen Treasure cards")
    for (hand, i), t in zip(slots, pool):  # the pool is shuffled: any leftovers are out of the game
        hand[i] = t
    st.treasures = [[t for t in hand if t is not None] for hand in hands]
    st.deck = [t for t in deck if t is not None]
