"""Every number and table of Bali and Village of Tani, in one place.

Each value is marked with its status, following /work/shared/rules/bali-base.md:

- ``sourced``: stated by a source about *Bali* (or the Village of Tani rulebook);
- ``carried over``: stated by sources about *Rapa Nui*, the game Bali re-themes;
- ``proposed``: a reconstruction (gap G1..G24 of bali-base.md), recorded in
  docs/rulings/bali.md. Correct it here once the printed rulebook is at hand.

Cards are small integers inside the engine (fast to count) and names outside
(actions, JSON, observations).

>>> CARD_NAMES[FARMER_BASE + KINDS.index("pepper")]
'pepper'
>>> offering_price(5, 0), offering_price(5, 2), offering_price(5, 7)
(5, 3, 0)
"""

from __future__ import annotations

from typing import Final

# ---- card types (sourced: 4 kinds of cards plus four farmer kinds) ------------------------------
MASON: Final = 0
PRIEST: Final = 1
SHRINE: Final = 2
FARMER_BASE: Final = 3  # farmer of kind k is card FARMER_BASE + k
#: the oracle card type is reserved for the Oracle variant (BAL-VAR-01); it is never dealt.
ORACLE: Final = 7

#: offering kinds, index k; the farmer card of kind k has the same name.  [sourced]
KINDS: Final = ("rice", "peanut", "banana", "pepper")
NUM_KINDS: Final = 4
CARD_NAMES: Final = ("mason", "priest", "shrine", *KINDS)
NUM_CARD_TYPES: Final = 7
CARD_INDEX: Final = {name: i for i, name in enumerate(CARD_NAMES)}
KIND_INDEX: Final = {name: i for i, name in enumerate(KINDS)}
#: long names for text and HTML
CARD_TITLES: Final = ("stonemason", "priest", "shrine", "rice farmer", "peanut farmer", "banana farmer",
                      "pepper farmer")

# ---- components -------------------------------------------------------------------------------
#: playing cards without the Oracle variant: 9 priests, 9 shrines, 12 stonemasons, 5 per farmer kind.
#: [sourced: 58 cards = 9/9/12/8 oracles/20 farmers]
BASE_DECK: Final = {MASON: 12, PRIEST: 9, SHRINE: 9, 3: 5, 4: 5, 5: 5, 6: 5}
#: Village of Tani adds 2 of each farmer kind, 2 stonemasons and 1 priest.  [sourced: expansion rulebook]
TANI_EXTRA_CARDS: Final = {MASON: 2, PRIEST: 1, 3: 2, 4: 2, 5: 2, 6: 2}

#: start sets: a stonemason plus three farmers of different kinds; the kind each colour lacks
#: is unknown. [structure sourced; missing kind per colour proposed (G17)]
START_COLOURS: Final = ("red", "blue", "yellow", "green")
START_SET_LACKS: Final = ("pepper", "banana", "peanut", "rice")

#: offering cards per kind in the supply.  [sourced: 100 = 4 x 25]
OFFERINGS_PER_KIND: Final = 25
#: each player's starting offering stock: one card of each kind.  [sourced]
START_OFFERINGS_PER_KIND: Final = 1
#: starting stones by seat (start player first).  [carried over from Rapa Nui (G5)]
START_STONES: Final = (2, 3, 4, 5)

# ---- the village square -----------------------------------------------------------------------
COLUMNS: Final = 4  # [sourced]
COLUMN_DEPTH: Final = 4  # [sourced]
HAND_SIZE: Final = 3  # [sourced]

# ---- phase 1 and 2 costs ----------------------------------------------------------------------
OFFERING_BASE_PRICE: Final = 5  # minus matching farmers in the display [sourced]; floor 0 [carried over]
OFFERINGS_BUY_PER_TURN: Final = 1  # [sourced]
SHRINE_COST: Final = 7  # [sourced]
#: stone cost of a group of 1, 2 or 3 farmers of one kind (index = group size).  [sourced (G13: group cost)]
FARMER_GROUP_COST: Final = (0, 0, 1, 2)
MAX_FARMER_GROUP: Final = 3  # [sourced]

# ---- phase 4 scoring --------------------------------------------------------------------------
STONEMASON_REWARD: Final = 1  # stones per stonemason [sourced]
PRIEST_REWARD: Final = 1  # VP per priest [sourced]
SHRINE_REVEAL_REWARD: Final = 1  # VP or stone per shrine, chosen per unit [choice carried over; amount proposed]
FARMER_REWARD: Final = 1  # offering cards for owning >= 1 matching farmer [carried over (G4)]
#: bonus for the sole majority of the revealed type, in units of that type's reward.
#: [farmers +1 card carried over; masons, priests, shrines proposed (G3)]
MAJORITY_BONUS: Final = 1

# ---- final scoring ----------------------------------------------------------------------------
SHRINE_END_VP: Final = 4  # [sourced]
#: VP per held offering card, by the rank of its kind on the altar (most offered first).
#: [carried over: Rapa Nui designer interview (G1)]
OFFERING_RANK_VALUES: Final = (3, 2, 1, 0)
#: how kinds with equal altar counts are ranked (G24, proposed "shared"; the others selectable):
#: "shared" 6/6/3/1 -> 3/3/1/0, "dense" -> 3/3/2/1, "worse" -> 2/2/1/0
OFFERING_TIE_MODES: Final = ("shared", "dense", "worse")
OFFERING_TIE_MODE: Final = "shared"
STONES_PER_END_VP: Final = 5  # 1 VP per 5 left-over stones, rounded down [proposed (G2)]

# ---- Village of Tani --------------------------------------------------------------------------
#: huts per player by player count.  [sourced]
HUTS_PER_PLAYER: Final = {2: 6, 3: 4, 4: 3}  # TAN-SETUP-03
#: fields per area: 1, 2 or 3 returned offering cards choose the field.  [sourced]; one hut per field [proposed (G20)]
FIELDS_PER_AREA: Final = 3
PEPPER_BONUS_STONES: Final = 4  # [sourced]
GANESHA_PRIEST_VP: Final = 2  # at every priest scoring [sourced] (TAN-GANESHA-01)
GANESHA_END_VP: Final = 2  # [sourced]
#: banana plantation tiles (TAN-BONUS-02): name -> card types counted in the builder's display, 1 VP each.  [sourced]
BANANA_TILES: Final = {  # TAN-BONUS-02
    "masons": (MASON,),
    "priests": (PRIEST,),
    "pepper-banana": (FARMER_BASE + 3, FARMER_BASE + 2),
    "peanut-rice": (FARMER_BASE + 1, FARMER_BASE + 0),
}
BANANA_TILE_VP: Final = 1  # [sourced]
#: score reported for a player who did not build all huts: below every real score (TAN-END-01, G21).
DISQUALIFIED_SCORE: Final = -1


# ---- engine limits (not rules: bounds that positions read from JSON must respect) -----------------
#: stones and VP a position may hold; a real game stays far below (about 60 turns, a few per turn).
MAX_STONES: Final = 2000
MAX_VP: Final = 2000
#: shrine units one scoring can give a player: every shrine of the deck plus the majority bonus.
MAX_SHRINE_UNITS: Final = BASE_DECK[SHRINE] + MAJORITY_BONUS


def offering_price(base: int, farmers_in_display: int) -> int:
    """Stones to pay for one offering card (BAL-BUY-02): base minus matching farmers, never below 0."""
    return max(0, base - farmers_in_display)


def offering_values(altar_counts: tuple[int, ...] | list[int], mode: str = OFFERING_TIE_MODE) -> tuple[int, ...]:
    """VP of one held offering card of each kind at the end (BAL-FINAL-01, ties BAL-FINAL-02).

    >>> offering_values([6, 6, 3, 1])
    (3, 3, 1, 0)
    >>> offering_values([6, 6, 3, 1], "dense"), offering_values([6, 6, 3, 1], "worse")
    ((3, 3, 2, 1), (2, 2, 1, 0))
    >>> offering_values([4, 2, 2, 2]), offering_values([0, 0, 0, 0])
    ((3, 2, 2, 2), (3, 3, 3, 3))
    """
    distinct = sorted(set(altar_counts), reverse=True)
    values = []
    for count in altar_counts:
        better = sum(1 for c in altar_counts if c > count)
        if mode == "shared":
            rank = better
        elif mode == "dense":
            rank = distinct.index(count)
        else:  # "worse": tied kinds share the lower rank
            rank = better + sum(1 for c in altar_counts if c == count) - 1
        values.append(OFFERING_RANK_VALUES[rank] if rank < len(OFFERING_RANK_VALUES) else 0)
    return tuple(values)


def start_set(seat: int) -> tuple[int, ...]:
    """Farmer cards (hand) of the start set of ``seat``'s colour (BAL-SETUP-02).

    >>> [CARD_NAMES[c] for c in start_set(0)]
    ['rice', 'peanut', 'banana']
    """
    lacks = KIND_INDEX[START_SET_LACKS[seat]]
    return tuple(FARMER_BASE + k for k in range(NUM_KINDS) if k != lacks)


def deck_counts(tani: bool) -> dict[int, int]:
    """Card type -> copies in the playing-card deck (BAL-SETUP-01, TAN-SETUP-01)."""
    counts = dict(BASE_DECK)
    if tani:
        for card, n in TANI_EXTRA_CARDS.items():
            counts[card] = counts.get(card, 0) + n
    return counts


def card_pool(tani: bool, num_players: int) -> list[int]:
    """Copies of each card type (index = card) in a game: the deck plus every start set (BAL-SETUP-01/02).

    >>> card_pool(False, 2)
    [14, 9, 9, 7, 7, 6, 6]
    """
    pool = [0] * NUM_CARD_TYPES
    for card, copies in deck_counts(tani).items():
        pool[card] += copies
    for seat in range(num_players):
        pool[MASON] += 1
        for card in start_set(seat):
            pool[card] += 1
    return pool


# ---- declared bounds (GameInfo), derived from the rules above ------------------------------------
def max_decisions(tani: bool, max_players: int = 4) -> int:
    """The longest game in decisions: every turn takes at least one card from the square (a play,
    discard or hut removes a hand card, BAL-TAKE-01), so a game has at most as many turns as the deck has
    cards; a turn has at most buy, play, banana tile, an offering by everybody plus the supply card,
    three takes and a shrine reward per player.

    >>> max_decisions(False), max_decisions(True)
    (750, 915)
    """
    per_turn = 1 + 1 + 1 + (max_players + 1) + HAND_SIZE + max_players
    return sum(deck_counts(tani).values()) * per_turn


def max_legal_actions(tani: bool) -> int:
    """The most legal actions of one decision: with the expansion, a hand of three farmer kinds, each
    playable alone or built on any of three fields with any multiset of 1-3 offering kinds; otherwise
    the shrine reward's splits, or the buy options.

    >>> max_legal_actions(False), max_legal_actions(True)
    (11, 105)
    """
    rewards = MAX_SHRINE_UNITS + 1
    if not tani:
        return max(rewards, 1 + NUM_KINDS, HAND_SIZE)
    from math import comb
    builds = sum(comb(NUM_KINDS + size - 1, size) for size in range(1, FIELDS_PER_AREA + 1))
    return max(rewards, HAND_SIZE * (1 + builds))


def score_range(tani: bool) -> tuple[float, float]:
    """The lowest and highest final score the rules allow (loose: every turn scored at its best).

    >>> score_range(False), score_range(True)
    ((0.0, 1007.0), (-1.0, 1462.0))
    """
    counts = deck_counts(tani)
    turns = sum(counts.values())
    masons = counts[MASON] + len(START_STONES)  # the deck's and every start set's
    vp_per_turn = max(counts[PRIEST] * PRIEST_REWARD + MAJORITY_BONUS + (GANESHA_PRIEST_VP if tani else 0),
                      MAX_SHRINE_UNITS * SHRINE_REVEAL_REWARD)
    stones_per_turn = (max(masons * STONEMASON_REWARD + MAJORITY_BONUS, MAX_SHRINE_UNITS * SHRINE_REVEAL_REWARD)
                       + (PEPPER_BONUS_STONES if tani else 0))
    tiles = (masons + counts[PRIEST] + 2 * (counts[FARMER_BASE] + len(START_STONES))) * BANANA_TILE_VP if tani else 0
    top = (NUM_KINDS * OFFERINGS_PER_KIND * OFFERING_RANK_VALUES[0] + counts[SHRINE] * SHRINE_END_VP
           + turns * vp_per_turn + tiles + (max(START_STONES) + turns * stones_per_turn) // STONES_PER_END_VP
           + (GANESHA_END_VP if tani else 0))
    return (float(DISQUALIFIED_SCORE) if tani else 0.0, float(top))
