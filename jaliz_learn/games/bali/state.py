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
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar

from jaliz_learn.core.actions import Action
from jaliz_learn.core.errors import IllegalAction
from jaliz_learn.core.game import Observation, Outcome, State
from jaliz_learn.core.memo import remember

from . import data as D
from .actions import (
    FIELD_VALUES,
    ONE_FIELD,
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
)

if TYPE_CHECKING:  # pragma: no cover
    from .game import BaliGame

_new = object.__new__
#: card -> its count in a display (list(map(...)) builds a row of counts without a comprehension's frame)
_COUNT_OF = tuple(itemgetter(c) for c in range(D.NUM_CARD_TYPES))

# ---- legal actions as specs (class, field values): plain immutable data, never action objects ------
# The state computes legality on specs and hands out a BaliActions sequence that builds a fresh action
# on every access, so a bot that mutates an action it was given changes nothing anywhere else.
SKIP: Spec = (SkipBuy, ())
BUY = tuple((BuyOffering, (k,)) for k in D.KINDS)
OFFER = tuple((Offer, (k,)) for k in D.KINDS)
ALTAR = tuple((AltarFromSupply, (k,)) for k in D.KINDS)
TAKE: tuple[Spec, ...] = tuple((TakeCard, (c + 1,)) for c in range(D.COLUMNS))
PLAY_ONE = tuple((PlayCards, (name, 1)) for name in D.CARD_NAMES)
PLAY_FARMERS = {(D.FARMER_BASE + k, n): (PlayCards, (D.KINDS[k], n))
                for k in range(D.NUM_KINDS) for n in range(1, D.MAX_FARMER_GROUP + 1)}
DISCARD = tuple((DiscardCard, (name,)) for name in D.CARD_NAMES)
TILE = {name: (ChooseTile, (name,)) for name in D.BANANA_TILES}
_REWARDS: dict[int, tuple[Spec, ...]] = {}
_BUILDS: dict[tuple[int, tuple[int, ...]], Spec] = {}


def reward_specs(units: int) -> tuple[Spec, ...]:
    """Every split of ``units`` shrine units into VP and stones, most VP first (BAL-SCORE-04)."""
    acts = _REWARDS.get(units)
    if acts is None:
        acts = _REWARDS[units] = tuple((ShrineReward, (v, units - v)) for v in range(units, -1, -1))
    return acts


def build_spec(kind: int, returned: tuple[int, ...]) -> Spec:
    """Building in the area of ``kind`` returning ``returned`` (sorted kind indices) (TAN-BUILD-01..03)."""
    key = (kind, returned)
    spec = _BUILDS.get(key)
    if spec is None:
        spec = _BUILDS[key] = (BuildHut, (D.KINDS[kind], len(returned), tuple(sorted(D.KINDS[k] for k in returned))))
    return spec


_PLAYS: dict[tuple[tuple[int, ...], int], tuple[tuple[int, tuple[Spec, ...]], ...]] = {}
#: (card, copies in hand up to 3, stones) -> (card, its plays): shared by the entries of ``_PLAYS``, which
#: then hold one tuple each (the garbage collector walks every long-lived tuple that holds a class)
_CARD_PLAYS: dict[tuple[int, int, int], tuple[int, tuple[Spec, ...]]] = {}


def card_plays(hand: tuple[int, ...], stones: int) -> tuple[tuple[int, tuple[Spec, ...]], ...]:
    """Each distinct card of ``hand`` (in hand order) with the plays it allows with ``stones`` stones
    (BAL-PLAY-01..04): one stonemason, priest or shrine (7 stones), or 1-3 farmers of a kind (0/1/2).

    ``stones`` matters only up to the shrine's cost, so callers cap it there; results are cached.

    >>> [(c, [args for _, args in specs]) for c, specs in card_plays((3, 3, 2), 1)]
    [(3, [('rice', 1), ('rice', 2)]), (2, [])]
    """
    key = (hand, stones)
    found = _PLAYS.get(key)
    if found is not None:
        return found
    out = []
    for card in dict.fromkeys(hand):
        have = min(hand.count(card), D.MAX_FARMER_GROUP) if card >= D.FARMER_BASE else 1
        pair = _CARD_PLAYS.get((card, have, stones))
        if pair is None:
            if card >= D.FARMER_BASE:
                specs = tuple(PLAY_FARMERS[card, n] for n in range(1, have + 1) if D.FARMER_GROUP_COST[n] <= stones)
            else:
                specs = (PLAY_ONE[card],) if card != D.SHRINE or stones >= D.SHRINE_COST else ()
            pair = _CARD_PLAYS[card, have, stones] = (card, specs)
        out.append(pair)
    return remember(_PLAYS, key, tuple(out))


#: (stock capped at 3 per kind, kind, free fields of its area as a bit mask) -> build specs (at most
#: 4**4 * 4 * 8 keys: more than 3 of a kind never changes what can be built, owners do not matter)
_BUILD_LISTS: dict[tuple[tuple[int, ...], int, int], tuple[Spec, ...]] = {}
_FIELD_CAPS = (D.FIELDS_PER_AREA,) * D.NUM_KINDS
_AREA_MASK = (1 << D.FIELDS_PER_AREA) - 1
#: (hand, stones capped at the shrine's cost) -> phase-2 options without huts; few hands occur, but each
#: game adds some, so the caches keyed by hands are bounded (core.memo.remember)
_FLAT_PLAYS: dict[tuple[tuple[int, ...], int], tuple[Spec, ...]] = {}


def build_list(capped: tuple[int, ...], kind: int, free: int) -> tuple[Spec, ...]:
    """Huts buildable in the area of ``kind`` with a stock ``capped`` (counts per kind, at most 3) when
    the fields in ``free`` are free (bit f-1: field f), field by field (TAN-BUILD-03/04).

    >>> [args for _, args in build_list((0, 2, 0, 0), 3, 0b110)]
    [('pepper', 2, ('peanut', 'peanut'))]
    """
    key = (capped, kind, free)
    found = _BUILD_LISTS.get(key)
    if found is None:
        total = sum(capped)
        found = _BUILD_LISTS[key] = tuple(build_spec(kind, ms) for f in range(1, D.FIELDS_PER_AREA + 1)
                                          if free >> f - 1 & 1 and f <= total for ms in multisets(capped, f))
    return found


_MULTISETS: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], ...]] = {}


def multisets(stock: Sequence[int], size: int) -> tuple[tuple[int, ...], ...]:
    """All multisets of ``size`` kind indices (non-decreasing) that ``stock`` (counts per kind) can pay.

    >>> multisets([1, 0, 0, 2], 2)
    ((0, 3), (3, 3))
    """
    capped = tuple(min(c, size) for c in stock)  # more than ``size`` of a kind never matters
    key = (capped, size)
    found = _MULTISETS.get(key)
    if found is not None:
        return found
    out: list[tuple[int, ...]] = []

    def rec(start: int, left: int, chosen: tuple[int, ...], used: list[int]) -> None:
        if left == 0:
            out.append(chosen)
            return
        for k in range(start, D.NUM_KINDS):
            if capped[k] > used[k]:
                used[k] += 1
                rec(k, left - 1, (*chosen, k), used)
                used[k] -= 1

    rec(0, size, (), [0] * D.NUM_KINDS)
    found = _MULTISETS[key] = tuple(out)
    return found


# ---- change groups: an effect marks what it changed in ``_dirty``, so views rebuild only that --------
# CH_STEP (every change): who decides and the decision; CH_TURN: the turn, the active player, the revealed
# card and the end; CH_HANDS / CH_SQUARE: every hand / the whole square; CH_SOME_HANDS / CH_SOME_COLUMNS:
# only the hands marked in ``_hands_dirty`` / the columns marked in ``_columns_dirty``; CH_HIDDEN: the
# face-down altar cards
CH_HANDS, CH_STOCKS, CH_DISPLAYS, CH_SQUARE, CH_SUPPLY, CH_STONES, CH_VP, CH_QUEUES, CH_TANI, CH_DISCARD, CH_STEP, \
    CH_HIDDEN, CH_TURN, CH_SOME_HANDS, CH_SOME_COLUMNS = (1 << i for i in range(15))
ALL_CHANGED = (1 << 15) - 1
#: phases in which the active player decides (the others: the offering and shrine-reward queues, the end)
_ACTIVE_DECIDES = frozenset({"buy", "play", "take", "offer-hidden", "offer-supply", "banana-tile"})


class BaliState(State):
    """A Bali position (mutable). See the module docstring for the decision cycle."""

    # every attribute in a slot, no instance dict: CPython 3.11 reads slots faster than a dict of more than
    # 30 keys (about 2-3% of a random game); declare a new attribute here
    __slots__ = (
        "tani", "reverse_altar", "tie_mode", "phase", "active", "over", "revealed", "ganesha", "final", "hands",
        "displays", "stocks", "square", "village", "stones", "vp", "deck", "supply", "altar_open", "altar_hidden",
        "discard", "offer_queue", "reward_queue", "huts", "tiles", "_legal", "_cp", "_free", "_pub", "_dirty",
        "_hands_dirty", "_columns_dirty", "_hidden_rows",
    )

    game: BaliGame

    def __init__(self, game: BaliGame, num_players: int, seed: int) -> None:
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
        """Deal a new game from ``self.rng``."""
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
        return "game-over" if self.over else self.phase

    def is_over(self) -> bool:
        return self.over

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if self.over or (player is not None and player != self._cp):
            return ()
        specs = self._legal
        if specs is None:
            specs = self._legal = self._compute_legal()
        # BaliActions(specs) without its __init__ call (once per decision): the same two slots set
        acts = _new(BaliActions)
        acts._specs = specs
        acts._len = len(specs)
        return acts

    def check_action(self, player: int, action: Action) -> None:
        specs = self._legal
        if specs is None:
            specs = self._legal = self._compute_legal()
        # by value, against the state's own specs (never against an object handed out to a bot);
        # spec_of inlined: this runs for every decision
        cls = type(action)
        get = ONE_FIELD.get(cls)
        if get is not None:
            spec = (cls, (get(action),))
        else:
            values = FIELD_VALUES.get(cls)
            if values is None:
                raise self.explain_illegal(player, action)
            spec = (cls, values(action))
        if spec not in specs:
            raise self.explain_illegal(player, action)

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
        # price = base - matching farmers (floor 0) <= stones, written inline for the hot loop
        need = D.OFFERING_BASE_PRICE - self.stones[p]
        display, supply = self.displays[p], self.supply
        return [BUY[k] for k in range(D.NUM_KINDS) if supply[k] and display[D.FARMER_BASE + k] >= need]

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
        # who decides next, worked out once per change (``_who`` inlined for the usual case)
        self._cp = self.active if self.phase in _ACTIVE_DECIDES else self._who()

    def _start_turn(self) -> None:
        """Phase 1 of the active player; skipped when no offering card is affordable (BAL-BUY-01)."""
        buyable = self._buyable(self.active)
        if buyable:
            self.phase = "buy"
            self._legal = (SKIP, *buyable)  # the next legal actions, already worked out
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

    # ---- offering phase (BAL-OFFER-01..05) ----------------------------------------------------
    def _start_offering(self) -> None:
        n, a = self.num_players, self.active
        # BAL-OFFER-01 clockwise from the left neighbour; BAL-OFFER-04 empty stocks place nothing
        self.offer_queue = [q for q in ((a + i) % n for i in range(1, n)) if any(self.stocks[q])]
        self._dirty |= CH_QUEUES
        if self.offer_queue:
            self.phase = "offer"
        else:
            self._offer_hidden_step()

    def _offer_hidden_step(self) -> None:
        if any(self.stocks[self.active]):
            self.phase = "offer-hidden"  # BAL-OFFER-02
        else:
            self._offer_supply_step()  # BAL-OFFER-04

    def _offer_supply_step(self) -> None:
        self.phase = "offer-supply" if any(self.supply) else "take"  # BAL-OFFER-03 / BAL-SCORE-06

    def _offer(self, p: int, action: Offer) -> None:
        k = D.KIND_INDEX[action.offering]
        self.stocks[p][k] -= 1
        self._dirty |= CH_STOCKS | CH_SUPPLY | CH_QUEUES | CH_HIDDEN
        hidden = p == self.active or self.reverse_altar  # BAL-OFFER-05
        if hidden:
            self.altar_hidden.append((p, k))
            self.log.add("offer", p, {"face_down": True}, secret={"offering": D.KINDS[k]}, visible_to=(p,))
        else:
            self.altar_open[k] += 1
            self.log.add("offer", p, {"face_down": False, "offering": D.KINDS[k]})
        if self.phase == "offer":
            self.offer_queue.pop(0)
            if not self.offer_queue:
                self._offer_hidden_step()
        else:
            self._offer_supply_step()

    # ---- phase 3 (BAL-TAKE-01..03, BAL-END-01) ------------------------------------------------
    def _take(self, p: int, action: TakeCard) -> None:
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

    # ---- phase 4 (BAL-SCORE-01..06, TAN-GANESHA-01) -------------------------------------------
    def _score_revealed(self, card: int) -> None:
        """Score the revealed card's type for all players; sole majority bonus (BAL-SCORE-01)."""
        n = self.num_players
        counts = list(map(_COUNT_OF[card], self.displays))  # no comprehension frame: once per turn
        best = max(counts)
        sole = counts.index(best) if best > 0 and counts.count(best) == 1 else -1
        gains = [0] * n
        data: dict[str, Any] = {"card": D.CARD_NAMES[card], "counts": counts, "majority": sole}
        if card == D.MASON:  # BAL-SCORE-02
            for q in range(n):
                gains[q] = counts[q] * D.STONEMASON_REWARD + (D.MAJORITY_BONUS if q == sole else 0)
                self.stones[q] += gains[q]
            self._dirty |= CH_STONES
            data["stones"] = gains
        elif card == D.PRIEST:  # BAL-SCORE-03
            for q in range(n):
                gains[q] = counts[q] * D.PRIEST_REWARD + (D.MAJORITY_BONUS if q == sole else 0)
            if self.tani and self.ganesha is not None:
                gains[self.ganesha] += D.GANESHA_PRIEST_VP  # TAN-GANESHA-01: even without priests
                data["ganesha"] = self.ganesha
            self.demon_hook(gains)
            for q in range(n):
                self.vp[q] += gains[q]
            self._dirty |= CH_VP
            data["vp"] = gains
        elif card == D.SHRINE:  # BAL-SCORE-04: each owner splits the units, active player first
            a = self.active
            order = (*range(a, n), *range(a))  # the active player, then clockwise
            self._dirty |= CH_QUEUES
            self.reward_queue = [(q, counts[q] * D.SHRINE_REVEAL_REWARD + (D.MAJORITY_BONUS if q == sole else 0))
                                 for q in order if counts[q]]
            data["units"] = [counts[q] + (D.MAJORITY_BONUS if q == sole else 0) if counts[q] else 0
                             for q in range(n)]
        elif card >= D.FARMER_BASE and card < D.ORACLE:  # BAL-SCORE-05
            k = card - D.FARMER_BASE
            supply, stocks = self.supply, self.stocks
            self._dirty |= CH_STOCKS | CH_SUPPLY
            a = self.active
            for q in (*range(a, n), *range(a)):  # the active player, then clockwise
                if counts[q] and supply[k]:  # BAL-SCORE-06: nothing once the pile is empty
                    supply[k] -= D.FARMER_REWARD
                    stocks[q][k] += D.FARMER_REWARD
                    gains[q] += D.FARMER_REWARD
            if sole >= 0 and supply[k]:
                supply[k] -= D.MAJORITY_BONUS
                stocks[sole][k] += D.MAJORITY_BONUS
                gains[sole] += D.MAJORITY_BONUS
            data["offerings"] = gains
        else:  # pragma: no cover - BAL-VAR-01: the oracle card type has no rules yet
            self.oracle_hook(card, data)
        self.log.add("score", None, data)
        if self.reward_queue:
            self.phase = "shrine-reward"
        else:
            self._next_turn()

    def demon_hook(self, gains: list[int]) -> None:
        """Extension point of the Demon variant in priest scoring (BAL-VAR-01); does nothing yet."""

    def oracle_hook(self, card: int, data: dict[str, Any]) -> None:
        """Extension point of the Oracle variant: scoring a revealed oracle card (BAL-VAR-01)."""
        raise NotImplementedError("the Oracle variant is not available until its rules are known (G16)")

    def _shrine_reward(self, p: int, action: ShrineReward) -> None:
        self.vp[p] += action.vp * D.SHRINE_REVEAL_REWARD
        self.stones[p] += action.stones * D.SHRINE_REVEAL_REWARD
        self._dirty |= CH_VP | CH_STONES | CH_QUEUES
        self.log.add("reward", p, {"vp": action.vp, "stones": action.stones})
        self.reward_queue.pop(0)
        if not self.reward_queue:
            self._next_turn()

    def _next_turn(self) -> None:
        self.active = (self.active + 1) % self.num_players  # BAL-SETUP-06: clockwise
        self._dirty |= CH_TURN
        self.log.turn += 1
        self._start_turn()

    # ---- Village of Tani (TAN-BUILD-01..04, TAN-BONUS-01..04) ---------------------------------
    def _build(self, p: int, action: BuildHut) -> None:
        k = D.KIND_INDEX[action.area]
        self.hands[p].remove(D.FARMER_BASE + k)  # TAN-BUILD-02: the farmer goes to the discard pile
        self.discard.append(D.FARMER_BASE + k)
        for name in action.returned:  # TAN-BUILD-03: offering cards back to the supply
            r = D.KIND_INDEX[name]
            self.stocks[p][r] -= 1
            self.supply[r] += 1
        self.village[k][action.field - 1] = p  # TAN-BUILD-04
        self._free &= ~(1 << D.FIELDS_PER_AREA * k + action.field - 1)
        self._dirty |= CH_DISCARD | CH_STOCKS | CH_SUPPLY | CH_TANI | CH_STONES | CH_SOME_HANDS
        self._hands_dirty |= 1 << p
        self.huts[p] -= 1
        data: dict[str, Any] = {"area": action.area, "field": action.field, "returned": list(action.returned)}
        self.phase = "take"
        if action.area == "pepper":
            self.stones[p] += D.PEPPER_BONUS_STONES  # TAN-BONUS-03
            data["stones"] = D.PEPPER_BONUS_STONES
        elif action.area == "banana":
            if self.tiles:
                self.phase = "banana-tile"  # TAN-BONUS-01
        else:
            data["ganesha_from"] = self.ganesha  # TAN-BONUS-04: from the temple or another player
            self.ganesha = p
        self.log.add("build", p, data)

    def _tile(self, p: int, action: ChooseTile) -> None:
        """TAN-BONUS-01/02: 1 VP per counted card in the display; the tile leaves the game."""
        tile = action.tile
        display = self.displays[p]
        gain = D.BANANA_TILE_VP * sum(display[c] for c in D.BANANA_TILES[tile])
        self.vp[p] += gain
        self.tiles.remove(tile)
        self._dirty |= CH_VP | CH_TANI
        self.log.add("tile", p, {"tile": tile, "vp": gain})
        self.phase = "take"

    # ---- end (BAL-END-01, BAL-FINAL-01..05, TAN-GANESHA-02, TAN-END-01) ------------------------
    def _end_game(self) -> None:
        self._dirty = ALL_CHANGED
        self.over = True
        self.phase = "game-over"
        self.final = self.final_breakdown()
        self.log.add("end", None, {
            "altar": self.altar_counts(), "hidden": [[q, D.KINDS[k]] for q, k in self.altar_hidden],
            "values": list(D.offering_values(self.altar_counts(), self.tie_mode)),
            "scores": [row["total"] for row in self.final]})

    def altar_counts(self) -> list[int]:
        """Altar cards per kind, face-down ones included (revealed at the end, BAL-FINAL-01)."""
        counts = list(self.altar_open)
        for _, k in self.altar_hidden:
            counts[k] += 1
        return counts

    def final_breakdown(self) -> list[dict[str, int]]:
        """Final score of every player by source (computed now, as if the game ended here)."""
        values = D.offering_values(self.altar_counts(), self.tie_mode)  # BAL-FINAL-01/02
        rows = []
        for p in range(self.num_players):
            row = {
                "offerings": sum(v * c for v, c in zip(values, self.stocks[p])),
                "shrines": D.SHRINE_END_VP * self.displays[p][D.SHRINE],  # BAL-FINAL-03
                "stones": self.stones[p] // D.STONES_PER_END_VP,  # BAL-FINAL-04
                "earned": self.vp[p],  # BAL-FINAL-05
                "ganesha": D.GANESHA_END_VP if self.tani and self.ganesha == p else 0,  # TAN-GANESHA-02
                "disqualified": int(self.tani and self.huts[p] > 0),  # TAN-END-01
            }
            row["total"] = (D.DISQUALIFIED_SCORE if row["disqualified"] else
                            row["offerings"] + row["shrines"] + row["stones"] + row["earned"] + row["ganesha"])
            rows.append(row)
        return rows

    def scores(self) -> tuple[float, ...]:
        """Final totals once the game is over; during play the VP earned so far."""
        if self.final is not None:
            return tuple(float(row["total"]) for row in self.final)
        return tuple(float(v) for v in self.vp)

    def tiebreak(self, player: int) -> tuple[Any, ...]:
        """BAL-TIE-01: more left-over stones; disqualified players stay tied among themselves (TAN-END-01)."""
        if self.final is not None and self.final[player]["disqualified"]:
            return (0,)
        return (self.stones[player],)

    def standings(self) -> Outcome:
        """The core ranking, except that players with unbuilt huts lose whatever their score (TAN-END-01).

        They are ``eliminated``, rank last together, and never win: when every player still holds huts,
        nobody wins (``winners`` is empty).
        """
        out = super().standings()
        final = self.final
        if final is None:
            return out
        out_set = {p for p in range(self.num_players) if final[p]["disqualified"]}
        if not out_set:
            return out
        ranking = [g for g in (tuple(p for p in group if p not in out_set) for group in out.ranking) if g]
        winners = ranking[0] if ranking else ()
        ranking.append(tuple(sorted(out_set)))  # rule TAN-END-01: every such player "automatically loses"
        return Outcome(scores=out.scores, ranking=tuple(ranking), winners=tuple(sorted(winners)),
                       tiebreaks=out.tiebreaks, eliminated=tuple(sorted(out_set)))

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
