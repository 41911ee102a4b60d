"""All Jaliz card data in one place (source: ../shared/rules/jaliz-data.md).

Every value carries its status: ``sourced`` (read from the printed cards or the
rulebook), ``inferred`` (derived from sourced facts) or ``proposed`` (a
reconstruction to correct when better data turns up). Products are identified
by their card count N (6-18): the deck holds exactly N copies of product N.

>>> PRODUCTS[7].name, PRODUCTS[7].copies
('peas', 7)
>>> coins_for(7, 4)  # four peas count as three: 2 coins (rulebook harvest example)
2
>>> coins_for(17, 8)  # eight potatoes: 3 coins
3
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Product:
    """A product card type. ``meter[k]`` = cards needed for k+1 coins (0 = no such step)."""

    number: int
    name: str
    persian: str
    meter: tuple[int, int, int, int]
    status: str

    @property
    def copies(self) -> int:
        return self.number


_SRC = "sourced: printed card photo + amirmehdi/jaliz src/jaliz.ts (jaliz-data.md §2.2)"

#: Products 6-18 with their harvest meters (cards needed for 1/2/3/4 coins; 0 = no step).
PRODUCTS: dict[int, Product] = {p.number: p for p in (
    Product(6, "red pepper", "فلفل قرمز", (2, 0, 4, 0), _SRC),
    Product(7, "peas", "نخود فرنگی", (2, 3, 5, 0), _SRC),
    Product(8, "eggplant", "بادمجان", (2, 4, 5, 0), _SRC),
    Product(9, "tomato", "گوجه فرنگی", (2, 4, 0, 6), _SRC),
    Product(10, "watermelon", "هندوانه", (3, 4, 5, 7), _SRC),
    Product(11, "melon", "خربزه", (3, 5, 6, 7), _SRC),
    Product(12, "pumpkin", "کدو تنبل", (3, 5, 6, 8), _SRC),
    Product(13, "turnip", "شلغم", (3, 5, 7, 8), _SRC),
    Product(14, "carrot", "هویج", (4, 5, 7, 8), _SRC),
    Product(15, "beans", "لوبیا چشم بلبلی", (4, 6, 7, 8), _SRC),
    Product(16, "onion", "پیاز", (4, 6, 7, 9), _SRC),
    Product(17, "potato", "سیب زمینی", (4, 6, 8, 9), _SRC),
    Product(18, "cucumber", "خیار چمبر", (4, 6, 8, 10), _SRC),
)}

#: Short names used by the text notation (unique prefixes are also accepted).
SHORT: dict[int, str] = {6: "pepper", 7: "peas", 8: "eggplant", 9: "tomato", 10: "watermelon", 11: "melon",
                         12: "pumpkin", 13: "turnip", 14: "carrot", 15: "beans", 16: "onion", 17: "potato",
                         18: "cucumber"}

#: Setup table (rulebook "Number of players, product cards and starting hand"; sourced).
#: players -> (first product, last product, cards received at the end of the turn)
SETUP_TABLE: dict[int, tuple[int, int, int]] = {
    3: (7, 15, 2),
    4: (6, 15, 2),
    5: (6, 16, 3),
    6: (6, 17, 3),
    7: (6, 18, 3),
}

HAND_SIZE = 5             # sourced: "deal 5 cards to each player"
MARKET_CARDS = 2          # sourced: "reveal 2 cards"
DECK_PASSES = 3           # sourced: "the game ends when the product deck runs out for the third time"

# Equipment (sourced: "Buy" section of the rulebook)
THIRD_PLOT_PRICE = 3      # sourced
THIRD_PLOT_VALUE = 2      # sourced: worth 2 coins at the end
TRACTOR_PRICE = 2         # sourced
TRACTOR_VALUE = 1         # sourced: worth 1 coin at the end
MODEL_FARMER_VALUE = 1    # sourced: a Model Farmer card is worth 1 coin at the end (JADV-END-01, advanced mode)
FERTILIZER_PRICE = 2      # sourced (detailed rule); the summary prints 1 -> option (JAL-R-FERT)
CARDS_PRICE = 1           # sourced: pay 1 coin, take 3 product cards, once per game
CARDS_BOUGHT = 3          # sourced
BASE_PLOTS = 2            # sourced: a farm board holds two plots
PLANT_LIMIT = 2           # sourced: plant 1 or 2 cards
PLANT_LIMIT_TRACTOR = 3   # sourced: up to three with a tractor


def fertilizer_supply(players: int) -> int:
    """JAL-SETUP-05: one more fertilizer token than players (sourced: Setup)."""
    return players + 1


def deck_for(players: int) -> list[int]:
    """The product cards used with ``players`` players, unshuffled."""
    first, last, _ = SETUP_TABLE[players]
    return [n for n in range(first, last + 1) for _ in range(n)]


def coins_for(product: int, count: int) -> int:
    """Coins earned by harvesting ``count`` (effective) cards of ``product``.

    Between two steps the lower one counts; below the first step nothing
    (rulebook: Harvest). Missing steps are skipped.
    """
    best = 0
    for coins, need in enumerate(PRODUCTS[product].meter, start=1):
        if need and count >= need:
            best = coins
    return best


# Declared bounds (GameInfo), inferred from the rules above.
#: Every card drawn is at most the 156 cards of 7 players plus two reshuffles of the burned pile (468), and
#: every turn draws a card or counts a run-out, so a game has at most ~471 turns. Per turn at most 4 planting
#: decisions, 1 claim, 5 offer rounds x 6 buyers, 4 refusals and 2 market cards to keep/give/trade (~41);
#: plantings of received cards and harvests are each bounded by the cards drawn (plus advanced-mode
#: recycling), buys by the supplies, and an advanced-mode event adds at most 2 decisions per player.
#: That is under 30,000 in every mode; 50,000 leaves room. Random games take about 800.
MAX_DECISIONS = 50_000
#: Coins are cards: at most every card of the largest deck (6..18: 156 cards) + a third plot (2) + a tractor (1).
MAX_SCORE = sum(range(6, 19)) + THIRD_PLOT_VALUE + TRACTOR_VALUE
#: Advanced mode (3-6 players: products 6..17) adds a Model Farmer card worth 1 per copy (at most 20 copies).
MAX_SCORE_ADVANCED = sum(range(6, 18)) + THIRD_PLOT_VALUE + TRACTOR_VALUE + 20
