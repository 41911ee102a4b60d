"""Jungli-La card data and setup tables: the ONE place for every number of the game.

Source: /work/shared/rules/jungli-la-data.md (card data) and the rulebook
/work/shared/seeds/003_2649a3fbb417fcf2.txt. The rulebook prints the rules but
none of the per-card numbers, so most card costs and points, the Treasure
distribution and the Wagon points are PROPOSALS (JUN-DATA-01 .. JUN-DATA-05).
Every value carries a status:

- ``SOURCED``: printed in the rulebook or read from a public source;
- ``INFERRED``: derived from the rulebook or sourced facts;
- ``PROPOSED``: a reconstruction (docs/rulings/jungli-la.md) to replace when real data turns up.

>>> len(DISCOVERY_CARDS), sum(1 for c in DISCOVERY_CARDS if c.area == "A")
(30, 10)
>>> sorted(set(TREASURE_VALUES[:-1])), TREASURE_VALUES[END_TREASURE]
([1, 2, 3], 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

SOURCED: Final = "sourced"
INFERRED: Final = "inferred"
PROPOSED: Final = "proposed"

# ---- dice (JUN-SETUP-01) ----------------------------------------------------------------------
#: Die faces in a fixed order: Move 1, Move 2, Food, Wood, Tools, Letter. [sourced: rulebook]
FACES: Final[tuple[str, ...]] = ("M1", "M2", "F", "W", "T", "L")
M1, M2, FOOD, WOOD, TOOL, LETTER = range(6)
FACE_INDEX: Final[dict[str, int]] = {f: i for i, f in enumerate(FACES)}
FACE_NAMES: Final[tuple[str, ...]] = ("Move 1", "Move 2", "Food", "Wood", "Tools", "Letter")
#: Material types in the order F, W, T (indices into a player's material tuple).
MATERIALS: Final[tuple[str, ...]] = ("F", "W", "T")
MATERIAL_NAMES: Final[tuple[str, ...]] = ("Food", "Wood", "Tools")
#: Dice taken from the stock every turn. [sourced: rulebook, Dice Phase]
BASE_DICE: Final = 4
#: At most ten dice are rolled, and the game has ten dice. [sourced: rulebook, Dice Phase]
MAX_DICE: Final = 10
#: At most two dice per reroll, at most two rerolls. [sourced: rulebook, Dice Phase]
MAX_REROLL_DICE: Final = 2
MAX_REROLLS: Final = 2
#: Two or more Letter faces stop the rolling at once. [sourced: rulebook, Dice Phase]
LETTER_STOP: Final = 2

# ---- limits and stock (JUN-MAT-04, JUN-MAT-06, JUN-CARD-09) -----------------------------------
BASE_MATERIAL_LIMIT: Final = 6  # [sourced: rulebook]
BASE_LETTER_LIMIT: Final = 6  # [sourced: rulebook]
WAGON_LIMIT_BONUS: Final = 2  # per Wagon, for materials and for Letters [sourced: rulebook]
MAX_WAGONS_PER_PLAYER: Final = 2  # [sourced: rulebook, Buy a Wagon]
WAGON_CARDS: Final = 10  # [sourced: rulebook, Contents]
WAGON_VP: Final = 1  # [proposed: data file section 6.3, JUN-DATA-03]
REST_LETTERS: Final = 2  # [sourced: rulebook, Rest]
START_MATERIALS: Final[tuple[int, int, int]] = (1, 1, 1)  # F, W, T [sourced: rulebook, Setup 5]
START_LETTERS: Final = 2  # [sourced: rulebook, Setup 5]

# ---- Letter effects (JUN-LET-01 .. JUN-LET-07, costs JUN-DATA-04) -----------------------------
#: Letter costs; the player card's "Number of cards" column equals these costs. [sourced: rulebook
#: Letter Effects; reading the column as costs is inferred, JUN-DATA-04]
COST_ADD_DIE: Final = 1  # the first of the Letter costs (JUN-DATA-04)
COST_CANCEL: Final = 1
COST_CHANGE_FACE: Final = 2
COST_WAGON: Final = 2
COST_REMOTE: Final = 3
COST_TREASURE: Final = 4
COST_EXCHANGE: Final = 5

# ---- setup tables (JUN-SETUP-02, JUN-SETUP-04) ------------------------------------------------
#: Discovery cards returned to the box from EACH area, by player count. [sourced: rulebook Setup 1]
REMOVED_PER_AREA: Final[dict[int, int]] = {2: 4, 3: 2, 4: 1, 5: 0}
#: Size of the upper Treasure deck (above the game-end card). [sourced: rulebook Setup 2]
UPPER_DECK_SIZE: Final[dict[int, int]] = {2: 6, 3: 9, 4: 12, 5: 15}
AREAS: Final[tuple[str, ...]] = ("A", "B", "C")  # [sourced: rulebook; 10 per area inferred]

# ---- type bonus (JUN-SCORE-02) ----------------------------------------------------------------
TYPES: Final[tuple[str, ...]] = ("Land", "Antique", "Stone Tablet", "Nature", "Ruin")  # [sourced]
#: Bonus points by number of different Discovery types owned. [sourced: rulebook]
TYPE_BONUS: Final[dict[int, int]] = {3: 1, 4: 4, 5: 7}

# ---- card effects (JUN-CARD-01 .. JUN-CARD-08) -------------------------------------------------
#: Effect codes. "dice+N": optional extra dice; "virtual:FACE": +1 virtual face after the dice are
#: set aside; "paleo": set one die to any face; "points": none; "prof:ICON": Professor scoring.
EFFECT_TEXT: Final[dict[str, str]] = {
    "dice+1": "may roll 1 extra die each turn",
    "dice+2": "may roll 2 extra dice each turn",
    "virtual:M1": "+1 Move after the dice are set aside (optional)",
    "virtual:F": "+1 Food after the dice are set aside",
    "virtual:W": "+1 Wood after the dice are set aside",
    "virtual:T": "+1 Tool after the dice are set aside",
    "virtual:L": "+1 Letter after the dice are set aside",
    "paleo": "once per turn, set one die to any face after the dice are set aside",
    "points": "no effect besides points",
    "prof:F": "end: 1 VP per Food token",
    "prof:W": "end: 1 VP per Wood token",
    "prof:T": "end: 1 VP per Tool token",
    "prof:L": "end: 1 VP per Letter token",
    "prof:wagon": "end: 2 VP per Wagon card",
    "prof:treasure": "end: 1 VP per Treasure card",
    "prof:discovery": "end: 1 VP per Discovery card (itself included)",
}
#: Points per item of each Professor icon. [sourced: rulebook, Professor discovery card]
PROFESSOR_POINTS: Final[dict[str, int]] = {
    "F": 1, "W": 1, "T": 1, "L": 1, "wagon": 2, "treasure": 1, "discovery": 1,
}


@dataclass(frozen=True, slots=True)
class DiscoveryCard:
    """One Discovery card. ``cost`` is (Food, Wood, Tools).

    ``status`` tells where the numbers come from: the patron, type and effect of the
    named patrons are sourced from the rulebook; area, cost and points are proposed.
    """

    id: str
    area: str
    type: str
    patron: str
    cost: tuple[int, int, int]
    vp: int
    effect: str
    status: str = PROPOSED

    @property
    def cost_total(self) -> int:
        return self.cost[0] + self.cost[1] + self.cost[2]


def _card(cid: str, type_: str, patron: str, cost: tuple[int, int, int], vp: int, effect: str) -> DiscoveryCard:
    return DiscoveryCard(cid, cid[0], type_, patron, cost, vp, effect, PROPOSED)


#: The 30 Discovery cards, data file section 3.2. Patron -> type and effect [sourced: rulebook;
#: Professor = Ruin inferred]; copies per patron, area, cost and VP [proposed, JUN-DATA-01].
DISCOVERY_CARDS: Final[tuple[DiscoveryCard, ...]] = (
    _card("A01", "Land", "Geographer", (1, 1, 0), 1, "virtual:M1"),
    _card("A02", "Nature", "Biologist", (0, 1, 1), 1, "virtual:F"),
    _card("A03", "Nature", "Botanist", (1, 0, 1), 1, "virtual:W"),
    _card("A04", "Nature", "Entomologist", (1, 1, 0), 1, "virtual:T"),
    _card("A05", "Antique", "Rich Man", (1, 1, 1), 1, "dice+1"),
    _card("A06", "Stone Tablet", "Linguist", (0, 1, 1), 1, "virtual:L"),
    _card("A07", "Land", "Noble", (1, 1, 1), 3, "points"),
    _card("A08", "Ruin", "Professor", (2, 0, 0), 0, "prof:F"),
    _card("A09", "Ruin", "Professor", (0, 2, 0), 0, "prof:W"),
    _card("A10", "Ruin", "Professor", (0, 0, 2), 0, "prof:T"),
    _card("B01", "Land", "Geographer", (2, 1, 1), 2, "virtual:M1"),
    _card("B02", "Nature", "Biologist", (0, 2, 2), 2, "virtual:F"),
    _card("B03", "Nature", "Botanist", (2, 0, 2), 2, "virtual:W"),
    _card("B04", "Nature", "Entomologist", (2, 2, 0), 2, "virtual:T"),
    _card("B05", "Antique", "Rich Man", (1, 2, 1), 2, "dice+1"),
    _card("B06", "Stone Tablet", "Linguist", (1, 1, 2), 2, "virtual:L"),
    _card("B07", "Stone Tablet", "Millionaire", (2, 2, 1), 2, "dice+2"),
    _card("B08", "Land", "Noble", (2, 1, 1), 4, "points"),
    _card("B09", "Ruin", "Professor", (1, 1, 2), 1, "prof:L"),
    _card("B10", "Ruin", "Professor", (1, 2, 1), 1, "prof:wagon"),
    _card("C01", "Land", "Geographer", (2, 2, 2), 4, "virtual:M1"),
    _card("C02", "Land", "Queen", (2, 2, 2), 6, "points"),
    _card("C03", "Land", "Queen", (3, 2, 2), 7, "points"),
    _card("C04", "Nature", "Paleontologist", (2, 2, 2), 4, "paleo"),
    _card("C05", "Antique", "Rich Man", (2, 2, 2), 4, "dice+1"),
    _card("C06", "Antique", "Rich Man", (3, 2, 1), 4, "dice+1"),
    _card("C07", "Stone Tablet", "Linguist", (1, 3, 2), 4, "virtual:L"),
    _card("C08", "Stone Tablet", "Millionaire", (2, 3, 2), 5, "dice+2"),
    _card("C09", "Ruin", "Professor", (2, 2, 2), 2, "prof:treasure"),
    _card("C10", "Ruin", "Professor", (2, 2, 2), 2, "prof:discovery"),
)
CARDS: Final[dict[str, DiscoveryCard]] = {c.id: c for c in DISCOVERY_CARDS}
#: Extra dice a card adds (JUN-CARD-01, JUN-CARD-02).
CARD_DICE: Final[dict[str, int]] = {c.id: int(c.effect[-1]) for c in DISCOVERY_CARDS if c.effect.startswith("dice+")}
#: Virtual face (index into FACES) a card adds (JUN-CARD-03 .. JUN-CARD-05).
CARD_VIRTUAL: Final[dict[str, int]] = {
    c.id: FACE_INDEX[c.effect.split(":")[1]] for c in DISCOVERY_CARDS if c.effect.startswith("virtual:")
}

# ---- Treasure cards (JUN-DATA-02) --------------------------------------------------------------
#: 29 regular Treasure cards: values 1-3 [sourced]; 12 x 1, 10 x 2, 7 x 3 [proposed, JUN-DATA-02].
#: Card id i has value TREASURE_VALUES[i]; the last id is the game-end card.
TREASURE_VALUES: Final[tuple[int, ...]] = (1,) * 12 + (2,) * 10 + (3,) * 7 + (3,)  # JUN-DATA-02
#: The game-end Treasure card (red 3, both faces alike) [sourced]; it scores 3 [inferred].
END_TREASURE: Final = len(TREASURE_VALUES) - 1

#: Status of each group of numbers, for docs and tests.
DATA_STATUS: Final[dict[str, str]] = {
    "faces, dice limits, letter costs, limits, setup tables, type bonus, professor icons": SOURCED,
    "10 Discovery cards per area; Professor is Ruin; letter-table column = costs": INFERRED,
    "Discovery card copies, areas, costs and points": PROPOSED,
    "Treasure distribution 12x1, 10x2, 7x3": PROPOSED,
    "game-end Treasure card scores 3": INFERRED,
    "Wagon cards worth 1 VP": PROPOSED,
    "Professor (Discovery) counts itself": PROPOSED,
}
