"""What a Jaliz position holds: each player's belongings and the typed fields every rules module reads.

:class:`JalizFields` is the common base of the rules modules (:mod:`.decisions`, :mod:`.planting`,
:mod:`.harvest_buy`, :mod:`.market`, :mod:`.turns`, :mod:`.explain`), which :class:`~.state.JalizState` mixes
together: it declares the position's fields once (the state's ``__slots__`` hold them), the bookkeeping that
marks what changed for the observation caches (``_touch*``), and the steps one rules module asks of another.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Any

from ...core.game import State
from .actions import Offer, Plant
from .common import _PRODUCT_RANGE, Refusal, sorted_cards
from .legal import Spec
from .params import GameParams

if TYPE_CHECKING:  # pragma: no cover
    from .game import JalizGame


class Player:
    """One player's farm, hand, coins and tokens (mutable, owned by the state).

    The hand is counted by product: its order does not matter (JAL-R-HAND) and it has no limit (JAL-RECEIVE-02).
    """

    __slots__ = ("hand", "known", "plot_product", "plot_count", "plot_fert", "coins", "tokens", "tractor",
                 "third_plot", "bought_cards", "spent_equipment")

    def __init__(self) -> None:
        self.hand: list[int] = [0] * 19          # cards in hand, counted by product number
        self.known: list[int] = [0] * 19         # of them, cards everybody knows are there (offers, trades)
        self.plot_product: list[int] = [0, 0]    # 0 = empty plot
        self.plot_count: list[int] = [0, 0]
        self.plot_fert: list[bool] = [False, False]
        self.coins: list[int] = []               # coin cards (face down), most recent last
        self.tokens: list[int] = []              # owners of the credit tokens held
        self.tractor = False
        self.third_plot = False
        self.bought_cards = False
        self.spent_equipment = 0                 # coins spent on tractor + fertilizer (JAL-END-06)

    def copy(self) -> Player:
        """An independent copy (hand-written for ``State.clone``: no deepcopy)."""
        new = Player.__new__(Player)
        new.hand = self.hand[:]
        new.known = self.known[:]
        new.plot_product = self.plot_product[:]
        new.plot_count = self.plot_count[:]
        new.plot_fert = self.plot_fert[:]
        new.coins = self.coins[:]
        new.tokens = self.tokens[:]
        new.tractor = self.tractor
        new.third_plot = self.third_plot
        new.bought_cards = self.bought_cards
        new.spent_equipment = self.spent_equipment
        return new

    @property
    def hand_size(self) -> int:
        return sum(self.hand)

    def products_in_hand(self) -> list[int]:
        """The products of which the hand holds at least one card, in product order."""
        return list(compress(_PRODUCT_RANGE, self.hand))  # C-level skip of the zero counts (most of the 19)

    def hand_list(self) -> list[int]:
        return sorted_cards(self.hand)

    def to_json(self) -> dict[str, Any]:
        out = {"hand": self.hand_list(), "known": sorted_cards(self.known),
               "plots": [[self.plot_product[i] or None, self.plot_count[i], self.plot_fert[i]]
                         for i in range(len(self.plot_count))],
               "coins": list(self.coins), "tokens": list(self.tokens), "tractor": self.tractor,
               "third_plot": self.third_plot, "bought_cards": self.bought_cards,
               "spent_equipment": self.spent_equipment}
        return out


class JalizFields(State):
    """The fields of a Jaliz position (set in :meth:`~.state.JalizState.__init__`) and the steps the rules modules
    share; the rules themselves are in the mixins."""

    # Slots, not an instance dict: 44 attributes are more than CPython 3.11 keeps inline, and method loads on a
    # state with a materialised dict are not specialised (core State holds game, num_players, seed, rng, log)
    __slots__ = ("fertilizer_price", "offer_rounds", "max_ask", "use_tokens", "products", "receive_count", "players",
                 "deck", "burned", "exhaustions", "ending", "third_plot_supply", "tractor_supply",
                 "fertilizer_supply", "active", "phase", "planted", "market", "claimer", "round", "buyer_index",
                 "offers", "pending", "final_queue", "_version", "_farm_cache", "_farms", "_hand_cache",
                 "_known_cache", "_anytime_cache", "params", "_pub", "_pub_key", "_dirty", "_offer_copies",
                 "_cur_key", "_cur", "_legal_key", "_legal_actor", "_legal", "mode")

    game: JalizGame
    # the game's options and its setup for this player count (JAL-SETUP-02/04/05, JAL-RECEIVE-01)
    fertilizer_price: int
    offer_rounds: int
    max_ask: int
    use_tokens: bool
    products: tuple[int, ...]
    receive_count: int
    params: GameParams
    mode: str
    # the table
    players: list[Player]
    deck: list[int]
    burned: list[int]            # face up, kept sorted
    exhaustions: int             # how often the deck ran out (JAL-END-02)
    ending: bool
    third_plot_supply: int
    tractor_supply: int
    fertilizer_supply: int
    # where the turn is
    active: int
    phase: str
    planted: int                 # cards planted in this planting step
    market: list[int]            # revealed cards still open, sorted
    claimer: int | None
    round: int                   # the offer round (JAL-MARKET-07)
    buyer_index: int
    offers: dict[int, Offer]
    pending: list[list[Any]]     # [player, [cards to plant]] in order (JAL-MARKET-03)
    final_queue: list[int]
    # caches (observations, legal actions, current player), keyed by _version
    _version: int
    _farm_cache: list[Any]
    _farms: Any
    _hand_cache: list[Any]
    _known_cache: list[Any]
    _anytime_cache: list[Any]
    _pub: dict[str, Any]
    _pub_key: int
    _dirty: int
    _offer_copies: dict[int, tuple[Offer, Offer]]
    _cur_key: int
    _cur: int | None
    _legal_key: int
    _legal_actor: int
    _legal: tuple[Spec, ...]

    # Cache invalidation, called by the rules where a player's belongings change: _touch marks everything of the
    # players changed (the safe default); the steps that run most often clear only what they change.
    def _touch(self, *players: int) -> None:
        """Mark players whose farm, hand, coins or tokens changed (observation and harvest/buy caches)."""
        self._farms = None
        for p in players:
            self._farm_cache[p] = None
            self._hand_cache[p] = None
            self._known_cache[p] = None
            self._anytime_cache[p] = None

    def _touch_hand(self, p: int) -> None:
        """Mark a player whose hand changed (cards drawn), nothing else: what is known and harvest/buy stay."""
        self._farms = self._farm_cache[p] = self._hand_cache[p] = None

    def _touch_known(self, p: int) -> None:
        """Mark a player of whose hand more became known (cards shown in an offer)."""
        self._farms = self._farm_cache[p] = self._known_cache[p] = None

    def _touch_planting(self, p: int, plot: int, card: int, from_hand: bool) -> None:
        """Mark what planting ``card`` on ``plot`` (0-based) is about to change: the farm; what ``p`` may harvest
        only if the plot is empty (sown now); the hand, and what is known of it, only for a card from the hand."""
        pl = self.players[p]
        self._farms = self._farm_cache[p] = None
        if not pl.plot_count[plot]:
            self._anytime_cache[p] = None
        if from_hand:
            self._hand_cache[p] = None
            if pl.known[card]:
                self._known_cache[p] = None

    def _touch_farm(self, p: int) -> None:
        """Mark a player whose plots, coins or equipment changed, not the hand."""
        self._farms = self._farm_cache[p] = self._anytime_cache[p] = None

    def _touch_supplies(self) -> None:
        """What everyone may buy changed (a supply ran down, or the last round began: JAL-R-NOCARDS-LATE)."""
        self._anytime_cache = [None] * self.num_players

    def _harvest_buy_specs(self, p: int) -> list[Spec]:
        """The harvest/buy actions of ``p`` (the rule: harvest_buy._harvest_buy_actions), kept until ``p``'s farm or
        a supply changes; none while the mode forbids them (advanced mode's events)."""
        if not self._anytime_allowed():
            return []
        cached = self._anytime_cache[p]
        if cached is None:
            cached = self._anytime_cache[p] = self._harvest_buy_actions(p)
        return cached  # type: ignore[no-any-return]  # never mutated: callers extend their own lists with it

    # The legal-action cache: the rules (decisions.py) list the actions in _compute_specs; this keeps the list
    # until the position changes (every change counts up _version).
    def _specs(self, actor: int) -> tuple[Spec, ...]:
        """The listed legal actions of ``actor`` as specs, computed once per state change."""
        if self._legal_key != self._version or self._legal_actor != actor:
            self._legal = self._compute_specs(actor)
            self._legal_key = self._version
            self._legal_actor = actor
        return self._legal

    # The steps one rules module asks of another (each defined in the module named), declared for the type
    # checker only: at run time the class has none of them, so they can never stand in for the real one.
    if TYPE_CHECKING:
        def _compute_specs(self, p: int) -> tuple[Spec, ...]:  # decisions.py
            ...

        def _plant_actions(self, p: int, cards: list[int], acts: list[Spec]) -> None:  # planting.py
            ...

        def _plant_limit(self, p: int) -> int:  # planting.py
            ...

        def _plantable(self, p: int, plot: int) -> bool:  # planting.py
            ...

        def _plots_for(self, p: int, card: int) -> list[int]:  # planting.py
            ...

        def _queue(self, p: int, cards: list[int]) -> None:  # planting.py
            ...

        def _anytime_allowed(self) -> bool:  # harvest_buy.py
            ...

        def _harvest_buy_actions(self, p: int) -> list[Spec]:  # harvest_buy.py
            ...

        def _harvest(self, p: int, i: int) -> None:  # harvest_buy.py
            ...

        def _harvest_problem(self, p: int, plot: int) -> Refusal | None:  # harvest_buy.py
            ...

        def _buy_problem(self, p: int, item: str, plot: int) -> Refusal | None:  # harvest_buy.py
            ...

        def _plant_problem(self, p: int, action: Plant, decision: str) -> Refusal | None:  # planting.py
            ...

        def _done_problem(self, decision: str) -> Refusal | None:  # planting.py
            ...

        def _claim_problem(self, card: int) -> Refusal | None:  # market.py
            ...

        def _accept_problem(self, buyer: int) -> Refusal | None:  # market.py
            ...

        def _keep_give_problem(self, p: int, card: int, receiver: int | None) -> Refusal | None:  # market.py
            ...

        def _refuse_problem(self) -> Refusal | None:  # market.py
            ...

        def _start_market(self) -> None:  # market.py
            ...

        def _settle(self) -> None:  # market.py
            ...

        def _start_turn(self) -> None:  # turns.py
            ...

        def _draw(self, k: int) -> list[int]:  # turns.py
            ...

        def _draw_to_hand(self, p: int, k: int, why: str) -> None:  # turns.py
            ...

        def _start_final(self) -> None:  # turns.py
            ...
