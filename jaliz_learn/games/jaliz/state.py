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
"""

from __future__ import annotations

from bisect import bisect_right, insort
from collections.abc import Sequence
from itertools import compress as _compress
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.errors import IllegalAction, RuleViolation, WrongPhase
from ...core.game import State
from ...core.legal import ConcatActions, LazyActions
from ...core.memo import remember
from . import data as D
from .actions import (
    Accept,
    Buy,
    Claim,
    Done,
    Give,
    Harvest,
    Keep,
    Offer,
    Pass,
    Plant,
    Refuse,
    new_offer,
    pname,
)
from .legal import Spec, SpecActions, spec_of
from .offers import OfferSpace, offer_ok, offer_problem
from .params import GameParams

if TYPE_CHECKING:  # pragma: no cover
    from .game import JalizGame

# Phases (where the turn is); the decision kind is derived from the phase and pending plantings.
PLANT_PHASE = "plant"
CLAIM_PHASE = "claim"
OFFER_PHASE = "offer"
RESPOND_PHASE = "respond"
FINAL_PHASE = "final-plant"
OVER = "game-over"

# Parts of the observations' public part rebuilt only when marked changed (JalizState._dirty; observation.py)
DIRTY_CONST = 1     # game name, player count, parameters: once
DIRTY_OFFERS = 2    # the open offers
DIRTY_BURNED = 4    # the face-up burned pile
DIRTY_SUPPLY = 8    # third plots, tractors, fertilizers left
DIRTY_EXTRAS = 16   # mode extras (advanced: the event deck, current event, tokens, Shopping Day proposal)
DIRTY_TURN = 32     # turn number, active player, offer round, deck size and run-outs, ending (a few times a turn)
ALL_DIRTY = 63
_MARKET_PHASES = frozenset((OFFER_PHASE, RESPOND_PHASE, CLAIM_PHASE))
_PRODUCT_RANGE = range(19)  # product numbers index the count lists (0-5 unused, always 0)
_COINS: dict[tuple[int, int], int] = {}  # (product, counted cards) -> coins on its meter (JAL-HARVEST-02)


class Player:
    """One player's farm, hand, coins and tokens (mutable, owned by the state)."""

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


class JalizState(State):
    """A Jaliz position. Build one with ``load_game("jaliz").initial_state(num_players, seed)``."""

    # Slots, not an instance dict: 44 attributes are more than CPython 3.11 keeps inline, and method loads on a
    # state with a materialised dict are not specialised (core State holds game, num_players, seed, rng, log)
    __slots__ = ("fertilizer_price", "offer_rounds", "max_ask", "use_tokens", "products", "receive_count", "players",
                 "deck", "burned", "exhaustions", "ending", "third_plot_supply", "tractor_supply",
                 "fertilizer_supply", "active", "phase", "planted", "market", "claimer", "round", "buyer_index",
                 "offers", "pending", "final_queue", "_version", "_farm_cache", "_farms", "_hand_cache",
                 "_known_cache", "_anytime_cache", "params", "_pub", "_pub_key", "_dirty", "_offer_copies",
                 "_cur_key", "_cur", "_legal_key", "_legal_actor", "_legal", "mode", "_events", "_event_phases",
                 "_lazy_phases")

    game: JalizGame

    def __init__(self, game: Any, num_players: int, seed: int, *, deal: bool = True) -> None:
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
        # whether an event hook can matter now: a mode without events keeps it false; advanced mode sets it true
        # only during an event or while a seasonal token lies on the table (JalizAdvancedState._sync_events), so
        # a test of it must be about the hooks, never about the mode
        self._events = self.HAS_EVENTS
        self._event_phases = self.EVENT_PHASE_SET
        self._lazy_phases = self.LAZY_PHASE_SET
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
        """JAL-SETUP-01..06: farms and tokens, product selection, deal 5, supplies."""
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
        if self._cur_key == self._version:
            return self._cur
        # _find_current_player, inlined for the commonest decisions (the play loop asks once per decision)
        cur: int | None
        if self.pending:
            cur = int(self.pending[0][0])
        elif self.phase == PLANT_PHASE or self.phase == RESPOND_PHASE:
            cur = self.active
        elif self.phase == OFFER_PHASE:
            cur = (self.active + 1 + self.buyer_index) % self.num_players
        else:
            cur = self._find_current_player()
        self._cur, self._cur_key = cur, self._version
        return cur

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

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        """Every legal action of the player to act: a fresh sequence whose action objects are built on demand.

        Nothing in it is shared with the state or with earlier calls (see :mod:`.legal`)."""
        actor = self._cur if self._cur_key == self._version else self.current_player()
        if actor is None or (player is not None and player != actor):
            return ()
        if self._legal_key == self._version and self._legal_actor == actor:
            specs = self._legal
        else:  # _specs, inlined: the first call after every change comes from here
            specs = self._legal = self._compute_specs(actor)
            self._legal_key, self._legal_actor = self._version, actor
        if self.phase == OFFER_PHASE and self.market and not self.pending:
            # one sequence (the listed specs, then every offer) rather than a concatenation: a bot indexes it once
            pl = self.players[actor]
            return OfferSpace(self.market, pl.hand, pl.tokens, self.products, self.max_ask, specs)
        if not self._events:  # the standard game's only combinatorial decision is the offer, handled above
            return SpecActions(specs)
        if self.phase not in self._lazy_phases:  # no lazy part: skip the hook (the offer space is handled above)
            return SpecActions(specs)
        lazy = self._lazy_actions(actor)
        return SpecActions(specs) if lazy is None else ConcatActions([SpecActions(specs), lazy])

    def check_action(self, player: int, action: Action) -> None:
        """Legal if its value is among this state's own specs (or a valid offer): never trusts handed-out objects."""
        if type(action) is Offer:  # the commonest check of a random game: a direct test, no spec
            if self.phase == OFFER_PHASE and self.market and not self.pending and (
                    offer_ok(self, player, action) or offer_problem(self, player, action, making=True) is None):
                return
        else:
            specs = self._legal if self._legal_key == self._version and self._legal_actor == player \
                else self._specs(player)
            cls = type(action)  # the commonest kinds' specs built inline (spec_of is two calls)
            if cls is Plant:
                spec: Spec = (Plant, action.product, action.plot)  # type: ignore[attr-defined]
            elif cls is Harvest:
                spec = (Harvest, action.plot)  # type: ignore[attr-defined]
                anytime = self._anytime_cache[player]
                # the harvest/buy specs end the listed specs: test that short list, not the plantings before it
                if anytime is not None and spec in anytime and not (
                        self._events and self.phase in self._event_phases):
                    return
            elif cls is Give:
                spec = (Give, action.product, action.player)  # type: ignore[attr-defined]
            else:
                spec = spec_of(action)
            if spec in specs or self._lazy_allows(player, action):
                return
        raise self.explain_illegal(player, action)

    def _specs(self, actor: int) -> tuple[Spec, ...]:
        """The listed legal actions as specs, computed once per state change."""
        if self._legal_key != self._version or self._legal_actor != actor:
            self._legal = self._compute_specs(actor)
            self._legal_key = self._version
            self._legal_actor = actor
        return self._legal

    def _lazy_actions(self, p: int) -> LazyActions | None:
        """The combinatorial part of a decision (JAL-R-NEGOTIATION offers), built fresh for every call."""
        if self.phase == OFFER_PHASE and self.market and not self.pending:
            return OfferSpace.for_buyer(self, p)
        return None

    def _lazy_allows(self, p: int, action: Action) -> bool:
        """Is ``action`` in :meth:`_lazy_actions` (checked from the state itself)?"""
        return (type(action) is Offer and self.phase == OFFER_PHASE and bool(self.market) and not self.pending
                and offer_problem(self, p, action, making=True) is None)  # type: ignore[arg-type]

    # ------------------------------------------------------------ legal actions
    def _compute_specs(self, p: int) -> tuple[Spec, ...]:
        # decisions tested in the order of their frequency in random games (place, offer, plant, respond)
        pending = self.pending
        phase = self.phase
        acts: list[Spec] = []
        if pending:  # decision "place"
            # JAL-MARKET-08: with full plots only harvest/buy are listed below, so the player harvests first
            cards = pending[0][1]
            # one received card (the common case): _plant_actions inlined, unless a plot of the player is snowed
            if len(cards) == 1 and (not self._events or self._unplantable_plot(p) < 0):
                card = cards[0]
                for k, prod in enumerate(self.players[p].plot_product, 1):
                    if prod == 0 or prod == card:
                        acts.append((Plant, card, k))
            else:
                self._plant_actions(p, cards if len(cards) == 1 else sorted(set(cards)), acts)
        elif phase == OFFER_PHASE:
            acts.append((Pass,))
        elif phase == PLANT_PHASE:
            hand = self.players[p].hand  # counted by product number: compress lists the products held, in C
            self._plant_actions(p, list(_compress(_PRODUCT_RANGE, hand)), acts)
            if self.planted >= 1:  # JAL-PLANT-01: at least one card
                acts.append((Done,))
        elif phase == RESPOND_PHASE:
            offers = self.offers
            if offers:
                market = self.market
                for buyer in sorted(offers):
                    offer = offers[buyer]  # one wanted card and nothing asked: acceptable if still revealed
                    if (offer.want[0] in market) if len(offer.want) == 1 and not offer.ask \
                            else self._acceptable(offer):
                        acts.append((Accept, buyer))
            key = (p, self.num_players, *self.market)  # memoised by value: no loop over cards x players
            kept = _KEEP_GIVE.get(key)
            if kept is None:
                kept = _keep_give(key, p, self.num_players, self.market)
            acts += kept
            if self.round < self.offer_rounds:
                acts.append((Refuse,))
        elif phase == CLAIM_PHASE:
            acts.extend((Claim, c) for c in sorted(set(self.market)))
            acts.append((Pass,))
        elif phase == FINAL_PHASE:
            if self.planted < self._plant_limit(p):
                self._plant_actions(p, list(_compress(_PRODUCT_RANGE, self.players[p].hand)), acts)
            acts.append((Done,))
        else:
            acts.extend(self._extra_legal(p, phase))
        if not self._events or self.phase not in self._event_phases:  # _anytime_allowed, inlined
            anytime = self._anytime_cache[p]
            acts.extend(anytime if anytime is not None else self._anytime_actions(p))
        return tuple(acts)

    #: Does this mode have events (snow, event phases)? The standard game skips their hooks in the hot loop, and a
    #: mode with events skips them too while no event hook can matter (the ``_events`` slot, see ``__init__``).
    HAS_EVENTS = False
    #: Phases of an event being resolved (no harvest/buy, decisions go to _event_apply); tested inline in the hot loop.
    EVENT_PHASE_SET: frozenset[str] = frozenset()
    #: Phases whose decision has a lazy part besides the market offers (advanced mode's Shopping Day).
    LAZY_PHASE_SET: frozenset[str] = frozenset()

    def _plant_actions(self, p: int, cards: list[int], acts: list[Spec]) -> None:
        """Append ``plant CARD PLOT`` for every card and every plot that can take it (JAL-PLANT-02), plots in order."""
        prods = self.players[p].plot_product
        plots = list(enumerate(prods, 1))
        if self._events:
            blocked = self._unplantable_plot(p)
            if blocked >= 0:
                del plots[blocked]
        for card in cards:
            for k, prod in plots:
                if prod == 0 or prod == card:
                    acts.append((Plant, card, k))

    def _acceptable(self, offer: Offer) -> bool:
        """Fast check (same result as ``offer_problem``) that an open offer can still be accepted.

        The buyer's side cannot change while the offer is open, so only the revealed
        cards wanted (JAL-MARKET-09) and the cards asked from the active hand (JAL-MARKET-11) are checked."""
        market = self.market
        for c in offer.want:
            if offer.want.count(c) > market.count(c):
                return False
        hand = self.players[self.active].hand
        for c in offer.ask:
            if offer.ask.count(c) > hand[c]:
                return False
        return True

    def _extra_legal(self, p: int, decision: str) -> list[Spec]:
        """Hook for modes with more decisions (advanced mode events)."""
        return []

    def _anytime_allowed(self) -> bool:
        """JAL-R-TIMING: harvest/buy go with every decision (advanced mode blocks them during events)."""
        return True

    def _anytime_actions(self, p: int) -> list[Spec]:
        """JAL-HARVEST-01 / JAL-BUY-01: harvest and buy are allowed at any decision of the player."""
        if self._events and self.phase in self._event_phases:  # _anytime_allowed, inlined
            return []
        cached = self._anytime_cache[p]
        if cached is not None:
            return cached  # type: ignore[no-any-return]
        pl = self.players[p]
        counts = pl.plot_count  # JAL-HARVEST-04: planted plots (unrolled: a comprehension is a call in CPython 3.11)
        acts: list[Spec] = [(Harvest, 1)] if counts[0] else []
        if counts[1]:
            acts.append((Harvest, 2))
        if len(counts) > 2 and counts[2]:
            acts.append((Harvest, 3))
        if self._events:
            blocked = self._unharvestable_plot(p)
            if blocked >= 0:
                acts = [a for a in acts if a[1] != blocked + 1]
        coins = len(pl.coins)
        if coins >= D.THIRD_PLOT_PRICE and not pl.third_plot and self.third_plot_supply > 0:
            acts.append((Buy, "plot", 0))
        if coins >= D.TRACTOR_PRICE and not pl.tractor and self.tractor_supply > 0:
            acts.append((Buy, "tractor", 0))
        if coins >= self.fertilizer_price and self.fertilizer_supply > 0:
            acts.extend((Buy, "fertilizer", i + 1) for i in range(len(pl.plot_fert)) if not pl.plot_fert[i])
        if coins >= D.CARDS_PRICE and not pl.bought_cards and not self.ending:
            acts.append((Buy, "cards", 0))
        self._anytime_cache[p] = acts  # never mutated: callers extend their own lists with it
        return acts

    def _plots_for(self, p: int, card: int) -> list[int]:
        """Plots (1-based) that can take ``card``: empty or same product (JAL-PLANT-02)."""
        pl = self.players[p]
        prods = pl.plot_product
        return [i + 1 for i in range(len(prods)) if (prods[i] == 0 or prods[i] == card) and self._plantable(p, i)]

    def _plantable(self, p: int, plot: int) -> bool:
        """Hook: advanced mode forbids planting on a snowed plot."""
        return True

    def _unplantable_plot(self, p: int) -> int:
        """Hook: the one plot of ``p`` where :meth:`_plantable` is false (advanced mode: snow), or -1."""
        return -1

    def _unharvestable_plot(self, p: int) -> int:
        """Hook: the one planted plot of ``p`` that :meth:`_can_harvest` refuses (advanced mode: snow), or -1."""
        return -1

    def _can_harvest(self, p: int, plot: int) -> bool:
        """A plot can be harvested if it holds cards (JAL-HARVEST-04); advanced mode adds snow."""
        return self.players[p].plot_count[plot] > 0

    def _plant_limit(self, p: int) -> int:
        """JAL-PLANT-01 / JAL-PLANT-05 / JAL-END-03: 2 cards, 3 with a tractor."""
        return D.PLANT_LIMIT_TRACTOR if self.players[p].tractor else D.PLANT_LIMIT

    # ---------------------------------------------------------- explanations
    def explain_illegal(self, player: int, action: Action) -> IllegalAction:
        """Name the rule that forbids ``action`` now."""
        decision = self.decision()
        allowed = self.legal_actions(player)

        def bad(reason: str, rule: str, cls: type[IllegalAction] = RuleViolation) -> IllegalAction:
            return cls(reason, rule=rule, action=action, player=player, decision=decision, allowed=allowed)

        if isinstance(action, (Harvest, Buy)):
            if not self._anytime_allowed():
                return bad("no harvesting or buying while an event is being resolved", "JADV-EVENT-04")
            if isinstance(action, Harvest):
                return self._explain_harvest(player, action, bad)
            return self._explain_buy(player, action, bad)
        expected = {
            "place": (Plant,), PLANT_PHASE: (Plant, Done), CLAIM_PHASE: (Claim, Pass),
            OFFER_PHASE: (Offer, Pass), RESPOND_PHASE: (Accept, Keep, Give, Refuse), FINAL_PHASE: (Plant, Done),
        }.get(decision)
        if expected is not None and not isinstance(action, expected):
            names = "/".join(c.kind for c in expected) + "/harvest/buy"
            return bad(f"the pending decision is '{decision}', which takes {names}", _decision_rule(decision),
                       WrongPhase)
        if isinstance(action, Plant):
            return self._explain_plant(player, action, decision, bad)
        if isinstance(action, Done):
            if decision == PLANT_PHASE:
                return bad("you must plant at least one card from your hand first", "JAL-PLANT-01")
        if isinstance(action, Claim):
            return bad(f"{pname(action.product)} is not among the revealed cards {self._market_text()}",
                       "JAL-CREDIT-02")
        if isinstance(action, Offer):
            if action not in allowed:
                problem = offer_problem(self, player, action, making=True)
                return bad(problem[1] if problem else "this offer is not allowed",
                           problem[0] if problem else "JAL-R-NEGOTIATION")
        if isinstance(action, Accept):
            if action.buyer not in self.offers:
                return bad(f"player {action.buyer} has no open offer", "JAL-R-NEGOTIATION")
            problem = offer_problem(self, action.buyer, self.offers[action.buyer])
            if problem:
                return bad(problem[1], problem[0])
        if isinstance(action, (Keep, Give)):
            if action.product not in self.market:
                return bad(f"{pname(action.product)} is not among the revealed cards {self._market_text()}",
                           "JAL-MARKET-02")
            if isinstance(action, Give) and not (0 <= action.player < self.num_players and action.player != player):
                return bad(f"a gift goes to another player (0-{self.num_players - 1}, not {action.player})",
                           "JAL-MARKET-06")
        if isinstance(action, Refuse):
            return bad(f"this is the last offer round ({self.offer_rounds}); keep, give or accept",
                       "JAL-MARKET-07")
        return bad("this action is not among the legal actions", _decision_rule(decision))

    def _market_text(self) -> str:
        return "(" + ", ".join(pname(c) for c in self.market) + ")" if self.market else "(none)"

    def _explain_plant(self, player: int, action: Plant, decision: str, bad: Any) -> IllegalAction:
        pl = self.players[player]
        if action.product not in self.products:
            return bad(f"there is no product {action.product} in this game (products "
                       f"{self.products[0]}-{self.products[-1]})", "JAL-SETUP-02")
        if decision == "place":
            if action.product not in self.pending[0][1]:
                cards = ", ".join(pname(c) for c in self.pending[0][1])
                return bad(f"you must plant the cards you received ({cards}), not {pname(action.product)}",
                           "JAL-MARKET-03")
        elif pl.hand[action.product] == 0:
            return bad(f"you have no {pname(action.product)} in hand", "JAL-PLANT-01")
        if decision == FINAL_PHASE and self.planted >= self._plant_limit(player):
            return bad(f"you have planted {self.planted} cards, the most allowed", "JAL-END-03")
        nplots = len(pl.plot_count)
        if not 1 <= action.plot <= nplots:
            rule = "JAL-BUY-02" if action.plot == 3 else "JAL-SETUP-01"
            return bad(f"your farm has plots 1-{nplots}", rule)
        i = action.plot - 1
        if not self._plantable(player, i):
            return bad(f"plot {action.plot} is under snow", "JADV-SNOW-01")
        current = pl.plot_product[i]
        if current and current != action.product:
            rule = "JAL-PLANT-04" if not self._plots_for(player, action.product) else "JAL-PLANT-02"
            return bad(f"plot {action.plot} holds {pname(current)}; only one product per plot"
                       + (" (harvest a plot first)" if rule == "JAL-PLANT-04" else ""), rule)
        return bad("this planting is not allowed now", "JAL-PLANT-01")

    def _explain_harvest(self, player: int, action: Harvest, bad: Any) -> IllegalAction:
        pl = self.players[player]
        if not 1 <= action.plot <= len(pl.plot_count):
            return bad(f"your farm has plots 1-{len(pl.plot_count)}", "JAL-HARVEST-04")
        if pl.plot_count[action.plot - 1] == 0:
            return bad(f"plot {action.plot} is empty; there is nothing to harvest", "JAL-HARVEST-04")
        return bad(f"plot {action.plot} is frozen under snow", "JADV-SNOW-01")

    def _explain_buy(self, player: int, action: Buy, bad: Any) -> IllegalAction:
        pl = self.players[player]
        coins = len(pl.coins)
        item = action.item
        if item == "plot":
            if pl.third_plot:
                return bad("each player may buy only one third plot", "JAL-BUY-02")
            if self.third_plot_supply <= 0:
                return bad("no third plot is left in the supply", "JAL-BUY-02")
            return bad(f"a third plot costs {D.THIRD_PLOT_PRICE} coins; you have {coins}", "JAL-BUY-02")
        if item == "tractor":
            if pl.tractor:
                return bad("each player may buy only one tractor", "JAL-BUY-03")
            if self.tractor_supply <= 0:
                return bad("no tractor is left in the supply", "JAL-BUY-03")
            return bad(f"a tractor costs {D.TRACTOR_PRICE} coins; you have {coins}", "JAL-BUY-03")
        if item == "fertilizer":
            if not 1 <= action.plot <= len(pl.plot_fert):
                return bad(f"your farm has plots 1-{len(pl.plot_fert)}", "JAL-BUY-04")
            if pl.plot_fert[action.plot - 1]:
                return bad(f"plot {action.plot} already has a fertilizer (one per plot)", "JAL-BUY-04")
            if self.fertilizer_supply <= 0:
                return bad("the fertilizer supply is empty", "JAL-BUY-04")
            return bad(f"fertilizer costs {self.fertilizer_price} coins; you have {coins}", "JAL-R-FERT")
        if item == "cards":
            if pl.bought_cards:
                return bad("product cards may be bought only once per game", "JAL-BUY-05")
            if self.ending:
                return bad("the deck has run out for the last time", "JAL-R-NOCARDS-LATE")
            return bad(f"three product cards cost {D.CARDS_PRICE} coin; you have {coins}", "JAL-BUY-05")
        return bad(f"unknown item {item!r}; buy plot, tractor, fertilizer PLOT or cards", "JAL-BUY-01")

    # --------------------------------------------------------------- effects
    def _apply(self, player: int, action: Action) -> None:
        if self._events and self.phase in self._event_phases:  # _event_phase, inlined
            self._event_apply(player, action)
            return
        self._version += 1  # every cache (legal specs, current player, observations) is keyed by the version
        cls = type(action)  # exact classes only (the core refuses subclasses); commonest first
        if cls is Plant:
            self._do_plant(player, action)  # type: ignore[arg-type]
        elif cls is Offer:  # stored as a copy: the bot keeps the object it sent
            want, give, tokens, ask = action.want, action.give, action.tokens, action.ask  # type: ignore[attr-defined]
            self.offers[player] = new_offer(want, give, tokens, ask)
            self._dirty |= DIRTY_OFFERS
            if give:
                self._reveal(player, give)
            self.log.add("offer", player, {"want": list(want), "give": list(give), "tokens": list(tokens),
                                           "ask": list(ask)})
            self.buyer_index += 1  # _next_buyer, inlined
            if self.buyer_index >= self.num_players - 1:
                self.phase = RESPOND_PHASE
        elif cls is Harvest:
            self._harvest(player, action.plot - 1)  # type: ignore[attr-defined]
        elif cls is Give:  # JAL-R-GIFT: the receiver cannot refuse
            product = action.product  # type: ignore[attr-defined]
            self.market.remove(product)
            self.log.add("give", player, {"card": product, "to": action.player})  # type: ignore[attr-defined]
            self._queue(action.player, [product])  # type: ignore[attr-defined]
        elif cls is Keep:
            product = action.product  # type: ignore[attr-defined]
            self.market.remove(product)
            self.log.add("keep", player, {"card": product})
            self._queue(player, [product])
        elif cls is Done:
            self.log.add("done", player, {})
            if self.phase == PLANT_PHASE:
                self._start_market()
            else:
                self._next_final()
        elif cls is Refuse:
            self.log.add("refuse", player, {"offers": sorted(self.offers)})
            self.offers.clear()
            self._dirty |= DIRTY_OFFERS | DIRTY_TURN
            self.round += 1
            self._start_round()
        elif cls is Accept:
            self._accept(action.buyer)  # type: ignore[attr-defined]
        elif cls is Buy:
            self._buy(player, action)  # type: ignore[arg-type]
        elif cls is Pass:
            self.log.add("pass", player, {})
            if self.phase == CLAIM_PHASE:
                self._start_offers()
            else:
                self._next_buyer()
        elif cls is Claim:
            self._claim(player, action.product)  # type: ignore[attr-defined]
        else:
            self._extra_apply(player, action)
        if not self.market and not self.pending and self.phase in _MARKET_PHASES:  # _settle's test, inlined
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

    def _reveal(self, p: int, cards: Sequence[int]) -> None:
        """Cards a player has shown to be in hand (an offer's cards must be held): public knowledge from now on."""
        known = self.players[p].known
        for c in set(cards):
            if cards.count(c) > known[c]:
                known[c] = cards.count(c)
                self._farms = self._farm_cache[p] = self._known_cache[p] = None

    # Cache invalidation: _touch marks everything of a player changed (the safe default); the hot steps
    # below clear only what they change (farm view always; hand, known hand, harvest/buy specs as needed).
    def _touch(self, *players: int) -> None:
        """Mark players whose farm, hand, coins or tokens changed (observation cache)."""
        self._farms = None
        for p in players:
            self._farm_cache[p] = None
            self._hand_cache[p] = None
            self._known_cache[p] = None
            self._anytime_cache[p] = None

    def _touch_hand(self, p: int) -> None:
        """Mark a player whose hand changed (cards drawn), nothing else: what is known and harvest/buy stay."""
        self._farms = self._farm_cache[p] = self._hand_cache[p] = None

    def _touch_farm(self, p: int) -> None:
        """Mark a player whose plots, coins or equipment changed, not the hand."""
        self._farms = self._farm_cache[p] = self._anytime_cache[p] = None

    def _do_plant(self, p: int, action: Plant) -> None:
        """JAL-PLANT-01/02, JAL-MARKET-03: put one card on a plot."""
        self._farms = self._farm_cache[p] = None
        pl = self.players[p]
        i = action.plot - 1
        if not pl.plot_count[i]:  # only a newly sown plot adds a harvest action; buying does not depend on plots
            self._anytime_cache[p] = None
        if self.pending:
            self.pending[0][1].remove(action.product)
            source = "received"
        else:
            pl.hand[action.product] -= 1
            self._hand_cache[p] = None
            if pl.known[action.product]:
                pl.known[action.product] -= 1  # _forget of one card
                self._known_cache[p] = None
            self.planted += 1
            source = "hand"
        pl.plot_product[i] = action.product
        pl.plot_count[i] += 1
        self.log.add("plant", p, {"card": action.product, "plot": action.plot, "from": source})
        if self.pending and not self.pending[0][1]:
            self.pending.pop(0)
        elif not self.pending and self.phase == PLANT_PHASE and (  # JAL-PLANT-01/05: _plant_limit, hand_size inlined
            self.planted >= (D.PLANT_LIMIT_TRACTOR if pl.tractor else D.PLANT_LIMIT) or not any(pl.hand)
        ):
            self._start_market()

    def _harvest(self, p: int, i: int) -> None:
        """JAL-HARVEST-02..05: sell a whole plot; keep coins face down, burn the rest."""
        self._farms = self._farm_cache[p] = self._anytime_cache[p] = None  # _touch_farm, inlined
        pl = self.players[p]
        product, count = pl.plot_product[i], pl.plot_count[i]
        # JAL-HARVEST-05: the standard bonus inline (modes with events add theirs in _harvest_bonus)
        effective = count + (self._harvest_bonus(p, i) if self._events else 1 if pl.plot_fert[i] else 0)
        earned = _COINS.get((product, effective))
        if earned is None:  # the bean-meter read once per (product, count): harvests are a quarter of decisions
            earned = _COINS[(product, effective)] = D.coins_for(product, effective)
        coins = earned if earned < count else count  # JAL-R-COINCAP
        if coins:
            pl.coins.extend([product] * coins)  # JAL-HARVEST-03: coins are the cards kept face down
        if count > coins:
            self._burn([product] * (count - coins))
        pl.plot_product[i] = 0
        pl.plot_count[i] = 0
        self.log.add("harvest", p, {"plot": i + 1, "card": product, "cards": count, "counted": effective,
                                    "coins": coins})

    def _harvest_bonus(self, p: int, i: int) -> int:
        """JAL-HARVEST-05: a fertilizer counts as one more card (advanced mode adds rain and breeding)."""
        return 1 if self.players[p].plot_fert[i] else 0

    def _burn(self, cards: list[int]) -> None:
        """Put cards face up on the burned pile (kept sorted: its order never matters)."""
        self._dirty |= DIRTY_BURNED
        burned = self.burned
        if cards and cards[0] == cards[-1]:  # one product (a harvest, a drought): one insertion
            i = bisect_right(burned, cards[0])
            burned[i:i] = cards
            return
        for c in cards:
            insort(burned, c)

    def _pay(self, p: int, amount: int) -> None:
        """JAL-BUY-01 / JAL-R-PAYMENT: paid coin cards go face up to the burned pile."""
        self._touch_farm(p)
        self._dirty |= DIRTY_BURNED
        coins = self.players[p].coins
        for _ in range(amount):
            insort(self.burned, coins.pop())

    def _buy(self, p: int, action: Buy) -> None:
        self._anytime_cache = [None] * self.num_players  # a supply changed: what the others may buy too
        self._dirty |= DIRTY_SUPPLY
        pl = self.players[p]
        item = action.item
        if item == "plot":                       # JAL-BUY-02
            self._pay(p, D.THIRD_PLOT_PRICE)
            self.third_plot_supply -= 1
            pl.third_plot = True
            pl.plot_product.append(0)
            pl.plot_count.append(0)
            pl.plot_fert.append(False)
            self.log.add("buy", p, {"item": "plot", "price": D.THIRD_PLOT_PRICE})
        elif item == "tractor":                  # JAL-BUY-03
            self._pay(p, D.TRACTOR_PRICE)
            self.tractor_supply -= 1
            pl.tractor = True
            pl.spent_equipment += D.TRACTOR_PRICE
            self.log.add("buy", p, {"item": "tractor", "price": D.TRACTOR_PRICE})
        elif item == "fertilizer":               # JAL-BUY-04, JAL-R-FERT
            self._pay(p, self.fertilizer_price)
            self.fertilizer_supply -= 1
            pl.plot_fert[action.plot - 1] = True
            pl.spent_equipment += self.fertilizer_price
            self.log.add("buy", p, {"item": "fertilizer", "plot": action.plot, "price": self.fertilizer_price})
        else:                                    # JAL-BUY-05
            self._pay(p, D.CARDS_PRICE)
            pl.bought_cards = True
            self.log.add("buy", p, {"item": "cards", "price": D.CARDS_PRICE})
            self._draw_to_hand(p, D.CARDS_BOUGHT, "bought")

    def _claim(self, p: int, card: int) -> None:
        """JAL-CREDIT-02: take a revealed card first and return the active player's token."""
        self._touch(p, self.active)
        self.market.remove(card)
        self.players[p].tokens.remove(self.active)
        self.players[self.active].tokens.append(self.active)
        self.players[self.active].tokens.sort()
        self.log.add("claim", p, {"card": card, "token_returned_to": self.active})
        self._queue(p, [card])
        self._start_offers()

    def _accept(self, buyer: int) -> None:
        """JAL-MARKET-05/10/11, JAL-CREDIT-01/03: carry out a trade; both sides plant what they receive."""
        offer = self.offers.pop(buyer)
        self._dirty |= DIRTY_OFFERS
        self._touch(self.active, buyer)
        a, b = self.players[self.active], self.players[buyer]
        for c in offer.want:
            self.market.remove(c)
        for c in offer.give:
            b.hand[c] -= 1
        for c in offer.ask:
            a.hand[c] -= 1
        _forget(b.known, offer.give)
        _forget(a.known, offer.ask)
        for t in offer.tokens:
            b.tokens.remove(t)
            a.tokens.append(t)
        a.tokens.sort()
        self.log.add("trade", self.active, {"buyer": buyer, "want": list(offer.want),
                                            "give": list(offer.give), "tokens": list(offer.tokens),
                                            "ask": list(offer.ask)})
        self._queue(buyer, list(offer.want) + list(offer.ask))
        if offer.give:
            self._queue(self.active, list(offer.give))

    def _queue(self, p: int, cards: list[int]) -> None:
        """JAL-MARKET-03: received cards must be planted at once, before anything else."""
        self.pending.append([p, sorted(cards)])

    # ----------------------------------------------------------- turn flow
    def _start_turn(self) -> None:
        """JAL-TURN-01: a turn begins with planting (skipped with an empty hand, JAL-PLANT-03)."""
        self.log.turn += 1
        self._dirty |= DIRTY_TURN
        self.log.add("turn", self.active, {"turn": self.log.turn})
        self.phase = PLANT_PHASE
        self.planted = 0
        if not any(self.players[self.active].hand):  # an empty hand (hand_size == 0 without the property)
            self.log.add("skip-plant", self.active, {"reason": "empty hand"})
            self._start_market()

    def _start_market(self) -> None:
        """JAL-MARKET-01: reveal two cards; then a priority claim if someone holds the token."""
        if self.ending:  # JAL-R-ENDSTEP: the planting step was the last one
            self._start_final()
            return
        drawn = self._draw(D.MARKET_CARDS)
        self.market = sorted(drawn)
        self.log.add("reveal", self.active, {"cards": list(drawn)})
        self.round = 1
        self._dirty |= DIRTY_TURN
        if self.offers:
            self.offers.clear()
            self._dirty |= DIRTY_OFFERS
        holder = None  # who holds the active player's credit token (a loop: no generator once a turn)
        active = self.active
        for q, pl in enumerate(self.players):
            if q != active and active in pl.tokens:
                holder = q
                break
        if holder is not None and self.market:
            self.phase = CLAIM_PHASE
            self.claimer = holder
        else:
            self._start_offers()

    def _start_offers(self) -> None:
        self.claimer = None
        self._start_round()

    def _start_round(self) -> None:
        """JAL-R-NEGOTIATION: every other player, in seat order, offers or passes."""
        self.buyer_index = 0
        self.phase = OFFER_PHASE

    def _next_buyer(self) -> None:
        self.buyer_index += 1
        if self.buyer_index >= self.num_players - 1:
            self.phase = RESPOND_PHASE

    def settle_position(self) -> None:
        """Run automatic steps a scenario position may start in (an empty hand skips planting, JAL-PLANT-03)."""
        self._version += 1
        self._dirty = ALL_DIRTY
        self._farms = None
        self._farm_cache = [None] * self.num_players
        self._hand_cache = [None] * self.num_players
        self._known_cache = [None] * self.num_players
        self._anytime_cache = [None] * self.num_players
        if self.phase == PLANT_PHASE and not self.pending and self.planted == 0 and \
                self.players[self.active].hand_size == 0:
            self.log.add("skip-plant", self.active, {"reason": "empty hand"})
            self._start_market()
        self._settle()

    def _settle(self) -> None:
        """Run the automatic steps until someone must decide."""
        while not self.pending and self.phase in _MARKET_PHASES and not self.market:
            self._end_market()

    def _end_market(self) -> None:
        """JAL-MARKET-02 done; JAL-RECEIVE-01: draw 2 or 3 cards, then the next player's turn."""
        if self.offers:
            self.offers.clear()
            self._dirty |= DIRTY_OFFERS
        if self.ending:
            self._start_final()
            return
        self._draw_to_hand(self.active, self.receive_count, "receive")
        if self.ending:
            self._start_final()
            return
        self.active = (self.active + 1) % self.num_players  # JAL-SETUP-06: clockwise
        self._dirty |= DIRTY_TURN  # _start_turn marks it too, but advanced mode may open an event before it
        self._start_turn()

    # ---------------------------------------------------------------- deck
    def _draw(self, k: int) -> list[int]:
        """Draw up to ``k`` cards (JAL-END-01/02, JAL-R-RUNOUT: an empty deck is a run-out)."""
        out: list[int] = []
        self._dirty |= DIRTY_TURN  # the deck size
        for _ in range(k):
            if not self.deck:
                if self.ending:
                    break
                self.exhaustions += 1
                self.log.add("deck-ran-out", None, {"times": self.exhaustions})
                if self.exhaustions >= D.DECK_PASSES:   # JAL-END-02
                    self.ending = True
                    self._anytime_cache = [None] * self.num_players  # JAL-R-NOCARDS-LATE
                    self.log.add("game-end", None, {"reason": "the product deck ran out for the third time"})
                    break
                self.deck = self.burned                 # JAL-END-01
                self.burned = []
                self._dirty |= DIRTY_BURNED
                self.rng.shuffle(self.deck)
                self.log.add("reshuffle", None, {"cards": len(self.deck)})
                if not self.deck:  # JAL-R-RUNOUT: nothing is drawn this time; the next draw counts again
                    break
            out.append(self.deck.pop())
        return out

    def _draw_to_hand(self, p: int, k: int, why: str) -> None:
        self._touch_hand(p)
        cards = self._draw(k)
        hand = self.players[p].hand
        for c in cards:
            hand[c] += 1
        self.log.add("draw", p, {"count": len(cards), "why": why}, secret={"cards": sorted(cards)}, visible_to=(p,))

    # ------------------------------------------------------------ the end
    def _start_final(self) -> None:
        """JAL-END-03, JAL-R-FINALORDER: final planting in seat order from the active player."""
        self.market = []
        self.phase = FINAL_PHASE
        self.planted = 0
        self.final_queue = [(self.active + i) % self.num_players for i in range(self.num_players)]
        self.log.add("final-planting", None, {"order": list(self.final_queue)})

    def _next_final(self) -> None:
        self.final_queue.pop(0)
        self.planted = 0
        if not self.final_queue:
            self._final_harvest()

    def _final_harvest(self) -> None:
        """JAL-END-04/05: harvest every plot; fertilizer is burned (no value)."""
        for p, pl in enumerate(self.players):
            for i in range(len(pl.plot_count)):
                if pl.plot_count[i]:
                    self._harvest(p, i)
        self.phase = OVER
        out = self.standings()
        self.log.add("final-score", None, {"scores": list(out.scores), "winners": list(out.winners)})

    # ------------------------------------------------------------- scoring
    def scores(self) -> tuple[float, ...]:
        """JAL-END-05: coins + 2 for a third plot + 1 for a tractor (tokens worth nothing, JAL-CREDIT-04)."""
        return tuple(self.score_of(p) for p in range(self.num_players))

    def score_of(self, p: int) -> int:
        pl = self.players[p]
        return (len(pl.coins) + (D.THIRD_PLOT_VALUE if pl.third_plot else 0)
                + (D.TRACTOR_VALUE if pl.tractor else 0))

    def tiebreak(self, player: int) -> tuple[int, ...]:
        """JAL-END-06: a third plot first, then coins spent on tractor and fertilizer."""
        pl = self.players[player]
        return (int(pl.third_plot), pl.spent_equipment)

    def card_total(self) -> int:
        """Cards in every zone together (conservation check for tests)."""
        total = len(self.deck) + len(self.burned) + len(self.market) + sum(len(c) for _, c in self.pending)
        for pl in self.players:
            total += pl.hand_size + sum(pl.plot_count) + len(pl.coins)
        return total

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


_KEEP_GIVE: dict[tuple[int, ...], tuple[Spec, ...]] = {}    # (responder, players, *market) -> keep/give specs


def _keep_give(key: tuple[int, ...], p: int, n: int, market: list[int]) -> tuple[Spec, ...]:
    """JAL-MARKET-02/06: keep each revealed card, or give it to another player. Memoised in ``_KEEP_GIVE``."""
    out: list[Spec] = []
    for c in sorted(set(market)):
        out.append((Keep, c))
        out += [(Give, c, q) for q in range(n) if q != p]
    return remember(_KEEP_GIVE, key, tuple(out))


def sorted_cards(counts: Sequence[int]) -> list[int]:
    """The cards counted by product number in ``counts`` (a hand, or what is known of one), as a sorted list.

    >>> sorted_cards([0] * 7 + [2, 0, 1] + [0] * 9)
    [7, 7, 9]
    """
    out: list[int] = []
    for c in _compress(_PRODUCT_RANGE, counts):  # C-level skip of the zero counts (most of the 19)
        out += [c] * counts[c]
    return out


def _forget(known: list[int], cards: Sequence[int]) -> None:
    """Cards left a hand publicly: as many fewer are known to be there (never below zero)."""
    for c in cards:
        if known[c]:
            known[c] -= 1


def _decision_rule(decision: str) -> str:
    return {"place": "JAL-MARKET-03", PLANT_PHASE: "JAL-PLANT-01", CLAIM_PHASE: "JAL-CREDIT-02",
            OFFER_PHASE: "JAL-R-NEGOTIATION", RESPOND_PHASE: "JAL-MARKET-02",
            FINAL_PHASE: "JAL-END-03"}.get(decision, "JAL-TURN-01")
