"""The Jaliz game state (standard mode) and its rules as small named steps.

The state is mutable (like OpenSpiel's ``State``): ``apply`` (in the core) checks
an action against :meth:`JalizState.legal_actions` and then calls ``_apply``,
which changes the position and then runs the automatic steps (reveal, draw,
reshuffle, end) until a player must decide again.

Decision kinds (``state.decision()``):

* ``plant``   the active player plants 1-2 (3 with a tractor) hand cards (JAL-PLANT-01)
* ``claim``   the holder of the active player's credit token may claim a card (JAL-CREDIT-02)
* ``offer``   another player makes an offer for revealed cards or passes (JAL-R-NEGOTIATION)
* ``respond`` the active player accepts an offer, keeps, gives, or refuses all offers
* ``place``   a player plants a card they just received (JAL-MARKET-03)
* ``final-plant`` final planting after the game end (JAL-END-03)

Harvest and buy are legal alongside every decision (JAL-R-TIMING).

This module holds the setup, whose turn it is and the dispatch of an action to its rules module; the rules
themselves are in the mixins listed in the package docstring (:mod:`.decisions`, :mod:`.planting`,
:mod:`.market`, :mod:`.harvest_buy`, :mod:`.turns`, :mod:`.explain`) over the fields of :mod:`.position`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.errors import RuleViolation
from ...core.game import State
from . import data as D
from .actions import Accept, Buy, Claim, Done, Give, Harvest, Keep, Offer, Pass, Plant, Refuse
from .common import (
    ALL_DIRTY,
    CLAIM_PHASE,
    FINAL_PHASE,
    OFFER_PHASE,
    OVER,
    PLANT_PHASE,
    RESPOND_PHASE,
)
from .decisions import DecisionRules
from .explain import IllegalExplanations
from .harvest_buy import HarvestBuyRules
from .legal import Spec
from .market import MarketRules
from .params import GameParams
from .planting import PlantingRules
from .position import Player
from .turns import TurnRules

if TYPE_CHECKING:  # pragma: no cover
    pass


class JalizState(DecisionRules, PlantingRules, HarvestBuyRules, MarketRules, TurnRules, IllegalExplanations):
    """A Jaliz position. Build one with ``load_game("jaliz").initial_state(num_players, seed)``."""

    __slots__ = ()  # the fields are declared (with their slots) in position.JalizFields

    def __init__(self, game: Any, num_players: int, seed: int, *, deal: bool = True) -> None:
        """A new game's position; seat 0 starts (JAL-R-START)."""
        super().__init__(game, num_players, seed)
        n = num_players
        opts = game.options
        self.fertilizer_price: int = opts["fertilizer_price"]
        self.offer_rounds: int = opts["offer_rounds"]
        self.max_ask: int = opts["max_ask"]
        self.use_tokens: bool = opts["credit_tokens"]
        first, last, receive = D.SETUP_TABLE[n]
        self.products: tuple[int, ...] = tuple(range(first, last + 1))  # JAL-SETUP-02
        self.receive_count = receive                                     # JAL-RECEIVE-01
        self.players = [Player() for _ in range(n)]  # hands are counts: JAL-R-HAND, JAL-RECEIVE-02 (no limit)
        self.deck: list[int] = []
        self.burned: list[int] = []  # face up, kept sorted
        self.exhaustions = 0
        self.ending = False
        self.third_plot_supply = n        # JAL-SETUP-04
        self.tractor_supply = n           # JAL-SETUP-04
        self.fertilizer_supply = D.fertilizer_supply(n)  # JAL-SETUP-05
        self.active = 0                   # JAL-R-START: seat 0 starts
        self.phase = PLANT_PHASE
        self.planted = 0
        self.market: list[int] = []       # revealed cards still open, sorted
        self.claimer: int | None = None
        self.round = 1
        self.buyer_index = 0
        self.offers: dict[int, Offer] = {}
        self.pending: list[list[Any]] = []  # [player, [cards to plant]] in order
        self.final_queue: list[int] = []
        self._version = 0
        self._farm_cache: list[Any] = [None] * n  # FarmView per player; None = changed since last observed
        self._farms: Any = None                    # the tuple of all FarmViews while none changed
        self._hand_cache: list[Any] = [None] * n   # own-hand tuples, cleared when the hand changes
        self._known_cache: list[Any] = [None] * n  # known-hand tuples, cleared when what is known changes
        self._anytime_cache: list[Any] = [None] * n  # harvest/buy specs per player, cleared with the farm view
        self.params = GameParams(self.MODE, self.products, receive, self.fertilizer_price, self.offer_rounds,
                                 self.max_ask, D.DECK_PASSES, self.use_tokens)
        self._pub: dict[str, Any] = {}   # the public part of observations at _pub_key (values immutable)
        self._pub_key = -1
        self._dirty = ALL_DIRTY          # which dearer parts of _pub must be rebuilt (DIRTY_* bits)
        self._offer_copies: dict[int, tuple[Offer, Offer]] = {}  # buyer -> (stored offer, its observation copy)
        self._cur_key = -1                          # current_player() computed at this _version
        self._cur: int | None = None
        self._legal_key = -1                # _legal is for this _version and _legal_actor
        self._legal_actor = -1
        self._legal: tuple[Spec, ...] = ()  # specs of the listed legal actions (immutable values)
        # the mode's class-level flags copied into slots: the hot loop reads them at every decision, and CPython
        # 3.11 does not specialise a class attribute read through an instance
        self.mode = self.MODE
        if deal:
            self._setup()

    def _copy_into(self, new: State) -> None:
        """Hand-written copies of every mutable attribute (``State.clone`` shares the rest).

        Caches: farm views, hand tuples and legal-action lists are immutable values keyed by the
        state's version, so the copy may start with the same ones; the lists holding them are copied."""
        assert isinstance(new, JalizState)
        new.players = [pl.copy() for pl in self.players]
        new.deck = self.deck[:]
        new.burned = self.burned[:]
        new.market = self.market[:]
        new.offers = dict(self.offers)
        new.pending = [[p, cards[:]] for p, cards in self.pending]
        new.final_queue = self.final_queue[:]
        new._farm_cache = self._farm_cache[:]
        new._hand_cache = self._hand_cache[:]
        new._known_cache = self._known_cache[:]
        new._anytime_cache = self._anytime_cache[:]
        new._pub = dict(self._pub)  # updated in place by the observer
        new._offer_copies = dict(self._offer_copies)

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        """JAL-SETUP-03: shuffle the cards of the products in play (JAL-SETUP-02) into the deck and deal 5 to each
        hand; JAL-SETUP-01: each player's credit token (the farms and supplies are set in ``__init__``)."""
        n = self.num_players
        for p, pl in enumerate(self.players):
            pl.tokens = [p] if self.use_tokens else []   # JAL-SETUP-01 (JAL-CREDIT-05 without tokens)
        deck = D.deck_for(n)                              # JAL-SETUP-02
        self.rng.shuffle(deck)                            # JAL-SETUP-03
        self.deck = deck
        self.log.add("setup", None, {"players": n, "products": list(self.products), "deck": len(deck),
                                     "third_plots": self.third_plot_supply, "tractors": self.tractor_supply,
                                     "fertilizers": self.fertilizer_supply})
        for p in range(n):
            self._draw_to_hand(p, D.HAND_SIZE, "deal")
        self._start_turn()

    # ------------------------------------------------------------- protocol
    def current_player(self) -> int | None:
        """Who decides now (computed once per state change)."""
        if self._cur_key != self._version:  # bookkeeping: remembered until the position changes
            self._cur, self._cur_key = self._find_current_player(), self._version
        return self._cur

    def _find_current_player(self) -> int | None:
        if self.pending:
            return int(self.pending[0][0])
        ph = self.phase
        if ph == PLANT_PHASE or ph == RESPOND_PHASE:
            return self.active
        if ph == OFFER_PHASE:
            return (self.active + 1 + self.buyer_index) % self.num_players
        if ph == CLAIM_PHASE:
            return self.claimer
        if ph == FINAL_PHASE:
            return self.final_queue[0]
        return self._extra_current_player()

    def _extra_current_player(self) -> int | None:
        """Hook for modes with more phases (advanced mode events)."""
        return None

    def decision(self) -> str:
        if self.pending:
            return "place"
        return self.phase

    def is_over(self) -> bool:
        return self.phase == OVER

    # --------------------------------------------------------------- effects
    def _apply(self, player: int, action: Action) -> None:
        """Carry out one decision: the rule of its action (each a named step of the rules mixins), then the
        automatic steps until someone must decide."""
        if self._event_phase():
            self._event_apply(player, action)
            return
        self._version += 1  # bookkeeping: every cache (legal actions, current player, observations) keys on it
        cls = type(action)  # exact classes only (the core refuses subclasses)
        if cls is Plant:
            self._do_plant(player, action)  # type: ignore[arg-type]
        elif cls is Offer:
            self._make_offer(player, action)  # type: ignore[arg-type]
        elif cls is Harvest:
            self._harvest(player, action.plot - 1)  # type: ignore[attr-defined]
        elif cls is Give:
            self._give(player, action.product, action.player)  # type: ignore[attr-defined]
        elif cls is Keep:
            self._keep(player, action.product)  # type: ignore[attr-defined]
        elif cls is Done:
            self._done(player)
        elif cls is Refuse:
            self._refuse(player)
        elif cls is Accept:
            self._accept(action.buyer)  # type: ignore[attr-defined]
        elif cls is Buy:
            self._buy(player, action)  # type: ignore[arg-type]
        elif cls is Pass:
            self._pass(player)
        elif cls is Claim:
            self._claim(player, action.product)  # type: ignore[attr-defined]
        else:
            self._extra_apply(player, action)
        self._settle()

    def _event_phase(self) -> bool:
        """Hook: is an event being resolved (advanced mode)? Only asked when the mode has events."""
        return False

    def _event_apply(self, player: int, action: Action) -> None:  # pragma: no cover - only modes with events
        """Hook: carry out an event decision (advanced mode)."""
        raise RuleViolation("unknown action", rule="JAL-TURN-01", action=action, player=player)

    def _extra_apply(self, player: int, action: Action) -> None:
        """Hook for modes with more actions."""
        raise RuleViolation("unknown action", rule="JAL-TURN-01", action=action, player=player)

    # ------------------------------------------------------- mode hooks
    MODE = "standard"  # copied into the slot ``mode``

    def plot_tokens(self, p: int, plot: int) -> tuple[str, ...]:
        """Tokens lying on a plot (advanced mode: snow, rain)."""
        return ()

    def farm_plot_tokens(self, p: int) -> list[tuple[str, ...]]:
        """:meth:`plot_tokens` of every plot of player ``p`` (one call per farm view)."""
        return [self.plot_tokens(p, i) for i in range(len(self.players[p].plot_count))]

    def farm_parts(self, p: int) -> tuple[list[tuple[str, ...]], int, tuple[tuple[str, Any], ...]]:
        """The mode-dependent parts of a farm view in one call: plot tokens, score and extras."""
        return self.farm_plot_tokens(p), self.score_of(p), self.farm_extras(p)

    def farm_extras(self, p: int) -> tuple[tuple[str, Any], ...]:
        """Extra public belongings of a player (advanced mode: Model Farmer cards)."""
        return ()

    def public_extras(self) -> tuple[tuple[str, Any], ...]:
        """Extra public data of the position (advanced mode: the current event)."""
        return ()

    extra_phases: tuple[str, ...] = ()

    def extra_json(self) -> dict[str, Any]:
        """Mode-specific JSON fields (advanced mode: event deck, tokens)."""
        return {}

    def extra_from_json(self, data: dict[str, Any]) -> None:
        """Read the mode-specific JSON fields."""

    # --------------------------------------------------------- observation
    def observation(self, player: int | None) -> Any:
        """What ``player`` may see (built by the game's observer: the state knows nothing of its views)."""
        return self.game.observe(self, player)

    # ---------------------------------------------------------------- JSON
    def to_json(self, compact: bool = False) -> dict[str, Any]:
        return self.game.position_to_json(self, compact)
