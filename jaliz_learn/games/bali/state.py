"""The Bali game state: phases, legal actions and their effects (base game and Village of Tani).

A turn (BAL-TURN-01) runs through these decisions of :meth:`BaliState.decision`:

``buy`` -> ``play`` [-> ``banana-tile``] [-> ``offer`` ... -> ``offer-hidden`` -> ``offer-supply``]
-> ``take`` (until the hand holds 3) -> phase-4 scoring [-> ``shrine-reward`` per shrine owner]
-> next player's ``buy``.

Cards are ints (see :mod:`.data`); the state is mutable and caches its legal actions until the next
change. Phase 1 is skipped automatically when the player can afford no offering card (BAL-BUY-01).

This module knows nothing of the state's views: observations (:mod:`.view`), JSON (:mod:`.serial`) and
error explanations (:mod:`.explain`) import the state, and the game class (:mod:`.game`) hands them to
the state, so there is no import cycle.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from jaliz_learn.core.actions import Action
from jaliz_learn.core.errors import IllegalAction
from jaliz_learn.core.game import Observation
from jaliz_learn.core.memo import remember

from . import data as D
from .actions import (
    FIELD_VALUES,
    AltarFromSupply,
    BaliActions,
    BuildHut,
    BuyOffering,
    ChooseTile,
    DiscardCard,
    Offer,
    PlayCards,
    ShrineReward,
    SkipBuy,
    Spec,
    TakeCard,
    spec_of,
)
from .offering import OfferingRules
from .scoring import ScoringRules
from .specs import (
    _AREA_MASK,
    _FIELD_CAPS,
    _FLAT_PLAYS,
    ALL_CHANGED,
    ALTAR,
    BUY,
    CH_DISCARD,
    CH_DISPLAYS,
    CH_SOME_COLUMNS,
    CH_SOME_HANDS,
    CH_SQUARE,
    CH_STEP,
    CH_STOCKS,
    CH_STONES,
    CH_SUPPLY,
    CH_TURN,
    DISCARD,
    OFFER,
    SKIP,
    TAKE,
    TILE,
    build_list,
    card_plays,
    reward_specs,
)
from .village import VillageRules

if TYPE_CHECKING:  # pragma: no cover
    from .game import BaliGame


class BaliState(OfferingRules, ScoringRules, VillageRules):
    """A Bali position (mutable). See the module docstring for the decision cycle."""

    __slots__ = ()  # the fields are declared (with their slots) in position.BaliFields

    game: BaliGame

    def __init__(self, game: BaliGame, num_players: int, seed: int) -> None:
        """An empty position of ``game`` (:meth:`setup` deals it); BAL-TAKE-03: no card is revealed yet."""
        super().__init__(game, num_players, seed)
        self.tani: bool = game.expansion
        self.reverse_altar: bool = bool(game.options["reverse_altar"])
        self.tie_mode: str = str(game.options["offering_ties"])
        n = num_players
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.displays: list[list[int]] = [[0] * D.NUM_CARD_TYPES for _ in range(n)]
        self.stocks: list[list[int]] = [[0] * D.NUM_KINDS for _ in range(n)]
        self.stones: list[int] = [0] * n
        self.vp: list[int] = [0] * n
        self.square: list[list[int]] = [[] for _ in range(D.COLUMNS)]
        self.deck: list[int] = []  # draw pile, next card last
        self.supply: list[int] = [D.OFFERINGS_PER_KIND] * D.NUM_KINDS
        self.altar_open: list[int] = [0] * D.NUM_KINDS
        self.altar_hidden: list[tuple[int, int]] = []  # (placer, kind), hidden until the end
        self.discard: list[int] = []
        self.active = 0
        self.phase = "buy"
        self.offer_queue: list[int] = []
        self.reward_queue: list[tuple[int, int]] = []  # (player, units)
        self.revealed: int | None = None  # the last revealed card (BAL-TAKE-03), kept until the next one
        self.over = False
        # Village of Tani (TAN-SETUP-02/03)
        self.huts: list[int] = [D.HUTS_PER_PLAYER[n] if self.tani else 0 for _ in range(n)]
        self.village: list[list[int]] = [[-1] * D.FIELDS_PER_AREA for _ in range(D.NUM_KINDS)]
        self.tiles: list[str] = list(D.BANANA_TILES) if self.tani else []
        self.ganesha: int | None = None  # None: on the temple space
        self.final: list[dict[str, int]] | None = None
        self._legal: tuple[Spec, ...] | None = None  # specs of the legal actions, until the next change
        self._free = (1 << D.FIELDS_PER_AREA * D.NUM_KINDS) - 1  # free village fields: bit 3k+f-1, kind k field f
        self._cp: int | None = 0  # the current player, worked out after every change
        # Observation cache (see view.py): the public fields, refreshed group by group from ``_dirty``.
        self._pub: dict[str, Any] | None = None
        self._dirty = ALL_CHANGED
        self._hands_dirty = 0  # bit p: player p's hand changed since the last refresh
        self._columns_dirty = 0  # bit c: a card was taken from column c since the last refresh
        self._hidden_rows: tuple[tuple[int, ...], ...] = ()  # face-down offerings per placer (view cache)

    # ---- setup (BAL-SETUP-01..06, TAN-SETUP-01..03) -----------------------------------------
    def setup(self) -> None:
        """Deal a new game from ``self.rng``: BAL-SETUP-03, the offering supply and each player's stock;
        BAL-SETUP-05, the starting stones 2/3/4/5 in seat order."""
        n = self.num_players
        for p in range(n):
            self.displays[p][D.MASON] = 1  # BAL-SETUP-02: the start set's stonemason
            self.hands[p] = list(D.start_set(p))
            for k in range(D.NUM_KINDS):  # BAL-SETUP-03
                self.stocks[p][k] = D.START_OFFERINGS_PER_KIND
                self.supply[k] -= D.START_OFFERINGS_PER_KIND
            self.stones[p] = D.START_STONES[p]  # BAL-SETUP-05
        deck = [card for card, copies in sorted(D.deck_counts(self.tani).items()) for _ in range(copies)]
        self.rng.shuffle(deck)  # BAL-SETUP-01 / TAN-SETUP-01: the Tani cards are shuffled in
        self.deck = deck
        self.log.add("setup", None, {"players": n, "deck": len(deck), "expansion": self.tani,
                                     "huts": self.huts[0] if self.tani else 0,
                                     "stones": list(self.stones)})
        for p in range(n):
            self.log.add("start-hand", p, {"cards": len(self.hands[p])},
                         secret={"cards": [D.CARD_NAMES[c] for c in self.hands[p]]}, visible_to=(p,))
        for c in range(D.COLUMNS):  # BAL-SETUP-04
            self._deal_column(c)
        self.log.turn = 1
        self._start_turn()
        self.reset_caches()

    def _deal_column(self, c: int) -> None:
        """Deal a column of 4 from the draw pile (BAL-SETUP-04, BAL-TAKE-02); the last card is exposed."""
        col = self.deck[-D.COLUMN_DEPTH:]
        col.reverse()
        del self.deck[-D.COLUMN_DEPTH:]
        self.square[c] = col
        self._dirty |= CH_SQUARE
        self.log.add("deal", None, {"column": c + 1, "cards": [D.CARD_NAMES[x] for x in col]})

    # ---- protocol -----------------------------------------------------------------------------
    def current_player(self) -> int | None:
        return self._cp  # worked out once per change (``_who``): the hot loop asks several times

    def _who(self) -> int | None:
        if self.over:
            return None
        if self.phase == "offer":  # an empty queue only in a position being checked: nobody
            return self.offer_queue[0] if self.offer_queue else None
        if self.phase == "shrine-reward":
            return self.reward_queue[0][0] if self.reward_queue else None
        return self.active

    def decision(self) -> str:
        """BAL-TURN-01: a turn's four phases, each a decision."""
        return "game-over" if self.over else self.phase

    def is_over(self) -> bool:
        return self.over

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if self.over or (player is not None and player != self._cp):
            return ()
        return BaliActions(self._legal_specs())

    def check_action(self, player: int, action: Action) -> None:
        """Legal if its value is one of this state's own specs (never an object handed out to a bot)."""
        if type(action) not in FIELD_VALUES or spec_of(action) not in self._legal_specs():
            raise self.explain_illegal(player, action)

    def _legal_specs(self) -> tuple[Spec, ...]:
        """The legal actions as specs (the rules: :meth:`_compute_legal`), kept until the position changes."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> tuple[Spec, ...]:
        phase = self.phase
        p = self._cp
        assert p is not None  # only called while the game runs
        if phase == "take":
            return TAKE  # every column holds at least one card (BAL-TAKE-01/02)
        if phase == "buy":
            return (SKIP, *self._buyable(p))
        if phase == "play":
            return self._play_options(p)
        if phase in ("offer", "offer-hidden"):
            stock = self.stocks[p]
            return tuple(OFFER[k] for k in range(D.NUM_KINDS) if stock[k])
        if phase == "offer-supply":
            return tuple(ALTAR[k] for k in range(D.NUM_KINDS) if self.supply[k])  # BAL-SCORE-06
        if phase == "shrine-reward":
            return reward_specs(self.reward_queue[0][1])
        if phase == "banana-tile":
            return tuple(TILE[t] for t in self.tiles)
        raise AssertionError(f"unknown phase {phase}")  # pragma: no cover

    def _buyable(self, p: int) -> list[Spec]:
        """Offering cards ``p`` may buy now (BAL-BUY-02; an empty pile cannot be bought, BAL-SCORE-06)."""
        stones, display = self.stones[p], self.displays[p]
        return [BUY[k] for k in range(D.NUM_KINDS)
                if self.supply[k] and D.offering_price(D.OFFERING_BASE_PRICE, display[D.FARMER_BASE + k]) <= stones]

    def _play_options(self, p: int) -> tuple[Spec, ...]:
        """Phase 2 options (BAL-PLAY-01..04, TAN-BUILD-01..04); a discard only if none exists (BAL-PLAY-06)."""
        hand = tuple(self.hands[p])
        stones = self.stones[p]
        if stones > D.SHRINE_COST:
            stones = D.SHRINE_COST  # more stones never allow more (card_plays)
        if self.tani and self.huts[p]:
            # the builds depend on the stock capped at 3 and the free fields only: composed from small caches
            capped = tuple(map(min, self.stocks[p], _FIELD_CAPS))
            free = self._free
            out: list[Spec] = []
            for card, specs in card_plays(hand, stones):
                out += specs
                if card >= D.FARMER_BASE:
                    k = card - D.FARMER_BASE
                    out += build_list(capped, k, free >> D.FIELDS_PER_AREA * k & _AREA_MASK)
            if out:
                return tuple(out)
        else:
            key = (hand, stones)
            flat = _FLAT_PLAYS.get(key)
            if flat is None:
                plays = card_plays(hand, stones)
                flat = remember(_FLAT_PLAYS, key, tuple(spec for _, specs in plays for spec in specs))
            if flat:
                return flat
        return tuple(DISCARD[c] for c in sorted(set(hand)))

    # ---- effects ------------------------------------------------------------------------------
    #: action class -> its effect (core admits exactly the registered classes, so a lookup dispatches)
    _effects: ClassVar[dict[type[Action], Callable[[BaliState, int, Any], None]]]
    _EFFECT_NAMES: ClassVar[dict[type[Action], str]] = {
        TakeCard: "_take", SkipBuy: "_skip", BuyOffering: "_buy", PlayCards: "_play", Offer: "_offer",
        AltarFromSupply: "_altar", ShrineReward: "_shrine_reward", DiscardCard: "_discard", BuildHut: "_build",
        ChooseTile: "_tile"}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._effects = {a: getattr(cls, name) for a, name in cls._EFFECT_NAMES.items()}  # a subclass's overrides

    def _apply(self, player: int, action: Action) -> None:
        self._legal = None
        self._dirty |= CH_STEP
        self._effects[type(action)](self, player, action)
        self._cp = self._who()  # bookkeeping: who decides next, worked out once per change

    def _start_turn(self) -> None:
        """Phase 1 of the active player; skipped when no offering card is affordable (BAL-BUY-01)."""
        buyable = self._buyable(self.active)
        if buyable:
            self.phase = "buy"
        else:
            self.phase = "play"

    def _skip(self, p: int, action: SkipBuy) -> None:
        self.phase = "play"
        self.log.add("skip", p, {})

    def _buy(self, p: int, action: BuyOffering) -> None:
        k = D.KIND_INDEX[action.offering]
        price = D.offering_price(D.OFFERING_BASE_PRICE, self.displays[p][D.FARMER_BASE + k])  # BAL-BUY-02
        self.stones[p] -= price
        self.supply[k] -= 1
        self.stocks[p][k] += 1
        self._dirty |= CH_STOCKS | CH_SUPPLY | CH_STONES
        self.log.add("buy", p, {"offering": action.offering, "price": price})
        self.phase = "play"

    def _play(self, p: int, action: PlayCards) -> None:
        """BAL-PLAY-02: a stonemason or a priest for free; BAL-PLAY-03: a shrine for 7 stones; BAL-PLAY-04: 1-3
        farmers of a kind for 0/1/2 stones; BAL-PLAY-05: the cards stay in the display."""
        card, count = D.CARD_INDEX[action.card], action.count
        hand = self.hands[p]
        for _ in range(count):
            hand.remove(card)
        self.displays[p][card] += count  # BAL-PLAY-05: the display only grows
        self._dirty |= CH_DISPLAYS | CH_STONES | CH_SOME_HANDS
        self._hands_dirty |= 1 << p
        cost = 0
        if card == D.SHRINE:
            cost = D.SHRINE_COST  # BAL-PLAY-03
        elif card >= D.FARMER_BASE:
            cost = D.FARMER_GROUP_COST[count]  # BAL-PLAY-04
        self.stones[p] -= cost
        self.log.add("play", p, {"card": action.card, "count": count, "cost": cost})
        if card == D.SHRINE:
            self._start_offering()
        else:
            self.phase = "take"

    def _discard(self, p: int, action: DiscardCard) -> None:
        hand = self.hands[p]
        hand.remove(D.CARD_INDEX[action.card])  # BAL-PLAY-06
        self.discard.append(D.CARD_INDEX[action.card])
        self._dirty |= CH_DISCARD | CH_SOME_HANDS
        self._hands_dirty |= 1 << p
        self.log.add("discard", p, {"card": action.card, "hand": [D.CARD_NAMES[c] for c in sorted(hand)]})
        self.phase = "take"

    def _altar(self, p: int, action: AltarFromSupply) -> None:
        k = D.KIND_INDEX[action.offering]
        self.supply[k] -= 1  # BAL-OFFER-03
        self.altar_open[k] += 1
        self._dirty |= CH_SUPPLY
        self.log.add("altar", p, {"offering": action.offering})
        self.phase = "take"

    # ---- phase 3 (BAL-TAKE-01..03, BAL-END-01) ------------------------------------------------
    def _take(self, p: int, action: TakeCard) -> None:
        """Phase 3 (BAL-TAKE-01..03); BAL-END-01: the game ends at once when a column cannot be re-dealt."""
        c = action.column - 1
        col = self.square[c]
        card = col.pop()
        hand = self.hands[p]
        hand.append(card)
        self._dirty |= CH_SOME_HANDS | CH_SOME_COLUMNS
        self._columns_dirty |= 1 << c
        self._hands_dirty |= 1 << p
        self.log.add("take", p, {"column": c + 1, "card": D.CARD_NAMES[card]})
        if not col:
            if len(self.deck) < D.COLUMN_DEPTH:
                self._end_game()  # BAL-END-01: no re-deal possible, the turn is not scored
                return
            self._deal_column(c)  # BAL-TAKE-02
            col = self.square[c]
        if len(hand) >= D.HAND_SIZE:
            self.revealed = col[-1]  # BAL-TAKE-03 (after a re-deal: the new column's bottom card)
            self._dirty |= CH_TURN
            self._score_revealed(col[-1])

    def _next_turn(self) -> None:
        """BAL-SETUP-06: play goes clockwise, in seat order."""
        self.active = (self.active + 1) % self.num_players  # BAL-SETUP-06: clockwise
        self._dirty |= CH_TURN
        self.log.turn += 1
        self._start_turn()

    def reset_caches(self) -> None:
        """Forget what is cached about the position (after it was set from outside, e.g. read from JSON)."""
        self._legal = None
        self._cp = self._who()
        self._free = sum(1 << D.FIELDS_PER_AREA * k + f for k, area in enumerate(self.village)
                         for f, owner in enumerate(area) if owner < 0)
        self._pub = None
        self._dirty = ALL_CHANGED
        self._hands_dirty = self._columns_dirty = 0

    # ---- copies ------------------------------------------------------------------------------
    def _copy_into(self, new: BaliState) -> None:  # type: ignore[override]
        """Hand-written copies of every mutable container (``new`` starts as a shallow copy).

        Ints, strings, tuples and the cached legal-action specs (a tuple and a frozenset of plain data,
        replaced on every change, never mutated) stay shared. ``final`` holds dicts that are never changed once written.
        """
        new.hands = list(map(list.copy, self.hands))
        new.displays = list(map(list.copy, self.displays))
        new.stocks = list(map(list.copy, self.stocks))
        new.square = list(map(list.copy, self.square))
        new.village = list(map(list.copy, self.village))
        new.stones = self.stones[:]
        new.vp = self.vp[:]
        new.deck = self.deck[:]
        new.supply = self.supply[:]
        new.altar_open = self.altar_open[:]
        new.altar_hidden = self.altar_hidden[:]
        new.discard = self.discard[:]
        new.offer_queue = self.offer_queue[:]
        new.reward_queue = self.reward_queue[:]
        new.huts = self.huts[:]
        new.tiles = self.tiles[:]
        if self.final is not None:
            new.final = [dict(row) for row in self.final]
        new._pub = None  # rebuilt on demand: a dict is never shared between states
        new._dirty = ALL_CHANGED

    # ---- views (provided by the game class; this module imports none of them) ----------------
    def explain_illegal(self, player: int, action: Action) -> IllegalAction:
        return self.game.explain(self, player, action)

    def observation(self, player: int | None) -> Observation:
        return self.game.observe(self, player)

    def to_json(self, compact: bool = False) -> dict[str, Any]:
        return self.game.state_to_json(self, compact)

    def __repr__(self) -> str:
        return f"<{self.game.name} state: turn {self.log.turn}, {self.decision()} by {self.current_player()}>"


BaliState._effects = {a: getattr(BaliState, name) for a, name in BaliState._EFFECT_NAMES.items()}
