"""Jaliz advanced mode: the standard game plus the event deck (rulebook "Advanced Mode").

The advanced state extends :class:`~jaliz_learn.games.jaliz.state.JalizState`
through its mode hooks; every standard rule applies unchanged (JADV-SETUP-01).

Events (events_data.py holds the deck; docs/rulings/jaliz-advanced.md the rulings):

* The event deck is shuffled at setup (JADV-SETUP-02). At the start of every round
  except the first, i.e. before seat 0 plants (JADV-R-ROUND), the seasonal tokens
  of the previous event are removed (JADV-EVENT-03) and one event is revealed
  (JADV-EVENT-01); an empty event deck is reshuffled first (JADV-EVENT-05).
* Players with a choice resolve it one at a time in seat order starting with the
  active player (JADV-R-ORDER); a player without any choice is skipped
  (JADV-EVENT-06). Nobody may harvest or buy meanwhile (JADV-EVENT-04).
* Then the turn goes on as in the standard game.

Decision kinds added (``state.decision()``): ``crow``, ``gardener``, ``snow``,
``drought``, ``rain``, ``shop`` (Shopping Day proposal), ``shop-reply``,
``recycle``, ``breeding``. Thief, Tax and Model Farmer need no decision.

>>> import jaliz_learn
>>> s = jaliz_learn.load_game("jaliz-advanced").initial_state(num_players=4, seed=1)
>>> len(s.event_deck), s.params.mode
(22, 'advanced')
"""

from __future__ import annotations

from typing import Any

from ....core.actions import Action
from ....core.errors import InvalidPosition, RuleViolation
from ....core.game import State
from ....core.legal import LazyActions
from ..actions import Accept, Pass, Plant, Refuse
from ..common import DIRTY_EXTRAS
from ..data import MODEL_FARMER_VALUE, THIRD_PLOT_VALUE, TRACTOR_VALUE
from ..events_data import EVENTS, deck_list
from ..legal import Spec
from ..state import JalizState
from .actions import Breed, CrowPick, DroughtOn, RainOn, Recycle, Shop, ShopSpace, SnowOn, shop_shape_problem
from .common import _EVENT_PHASE_SET, _PHASE_RULE, EVENT_DECISION, EVENT_PHASES, EVENT_START, START_SEAT, _copy_shop
from .events import EventEffects
from .explain import AdvancedExplanations
from .json_fields import AdvancedJson


class JalizAdvancedState(EventEffects, AdvancedExplanations, AdvancedJson):
    """A Jaliz advanced-mode position (standard state + event deck, seasonal tokens, Model Farmer cards)."""

    __slots__ = ()  # the advanced fields are declared (with their slots) in advanced.position.AdvancedFields

    MODE = "advanced"
    extra_phases = EVENT_PHASES + (EVENT_START,)

    def __init__(self, game: Any, num_players: int, seed: int, *, deal: bool = True) -> None:
        self.event_deck: list[str] = []       # face down; the last card is the top
        self.event_discard: list[str] = []    # revealed cards, face up (held Model Farmer cards excluded)
        self.event: str | None = None         # the last revealed event
        self.event_queue: list[int] = []      # players still to choose in the event being resolved
        self.event_reshuffles = 0
        self.snow: dict[int, int] = {}        # player -> snowed plot index (JADV-SNOW-01)
        self.rain: dict[int, int] = {}        # player -> rained plot index (JADV-RAIN-01)
        self.breeding = 0                     # product under the breeding token, 0 = none (JADV-BREED-01)
        self.model_farmer: list[int] = [0] * num_players  # Model Farmer cards held (JADV-MODEL-03)
        self.shop_offer: tuple[int, Shop] | None = None  # (proposer, proposal) awaiting a reply
        self.composition: dict[str, int] = game.event_composition
        super().__init__(game, num_players, seed, deal=deal)

    def _copy_into(self, new: State) -> None:
        """The standard copies plus the event zones and seasonal tokens (the composition is the game's)."""
        super()._copy_into(new)
        assert isinstance(new, JalizAdvancedState)
        new.event_deck = self.event_deck[:]
        new.event_discard = self.event_discard[:]
        new.event_queue = self.event_queue[:]
        new.snow = dict(self.snow)
        new.rain = dict(self.rain)
        new.model_farmer = self.model_farmer[:]

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        """JADV-SETUP-02: shuffle the event deck (then the standard setup, JAL-SETUP-01..06)."""
        deck = deck_list(self.composition)
        self.rng.shuffle(deck)
        self.event_deck = deck
        self.log.add("event-deck", None, {"cards": len(deck)})
        super()._setup()

    def _order(self) -> list[int]:
        """JADV-R-ORDER: seat order starting with the active player."""
        n = self.num_players
        return [(self.active + i) % n for i in range(n)]

    def left_of(self, p: int) -> int:
        """JADV-R-LEFTRIGHT: play goes clockwise to the left, so the left neighbour is the next seat."""
        return (p + 1) % self.num_players

    def right_of(self, p: int) -> int:
        """JADV-R-LEFTRIGHT: the right neighbour is the previous seat."""
        return (p - 1) % self.num_players

    # ------------------------------------------------------------ turn flow
    def _start_turn(self) -> None:
        """JADV-EVENT-01 / JADV-R-ROUND: a round (other than the first) opens with an event."""
        if self.active == START_SEAT:
            # the event zones, tokens and proposal change only when a round begins and in event phases (which set
            # the bit in _event_apply): the other turns keep the public part's extras
            self._dirty |= DIRTY_EXTRAS
            if self.log.turn > 0 and self._reveal_event():
                return  # the event starts the turn (_end_event) once it is resolved
        JalizState._start_turn(self)

    def _reveal_event(self) -> bool:
        """JADV-EVENT-03 (old tokens go), JADV-EVENT-05 (reshuffle), then reveal and resolve one event.

        Returns False if no event card could be revealed."""
        self._end_season()
        if not self.event_deck:
            if not self.event_discard:  # every card is a held Model Farmer card: nothing to reveal
                self.log.add("event-skip", None, {"reason": "no event card left to reveal"})
                return False
            self.event_deck, self.event_discard = self.event_discard, []
            self.rng.shuffle(self.event_deck)
            self.event_reshuffles += 1
            self.log.add("event-reshuffle", None, {"cards": len(self.event_deck), "times": self.event_reshuffles})
        name = self.event_deck.pop()
        self.event = name
        self.event_discard.append(name)
        self.log.add("event", self.active, {"card": name, "title": EVENTS[name].title, "kind": EVENTS[name].kind,
                                            "deck": len(self.event_deck)})
        self._begin_event(name)
        return True

    def _end_season(self) -> None:
        """JADV-EVENT-03: snow, rain and breeding tokens are removed when the next event is revealed."""
        if self.snow or self.rain or self.breeding:
            self.log.add("season-ends", None, {"snow": sorted(self.snow), "rain": sorted(self.rain),
                                               "breeding": self.breeding or None})
            self.snow.clear()
            self.rain.clear()
            self.breeding = 0
            self._touch(*range(self.num_players))

    def _begin_event(self, name: str) -> None:
        """Apply an instant event without choices, or open the decisions of the event (JADV-EVENT-02)."""
        if name == "thief":
            self._thief()
        elif name == "tax":
            self._tax()
        elif name == "model-farmer":
            self._model_farmer()
        else:
            self.phase = EVENT_DECISION[name]
            self.event_queue = [self.active] if name == "breeding" else self._order()
            self._advance_event()
            return
        self._end_event()

    def _advance_event(self) -> None:
        """Skip players who have no choice (JADV-EVENT-06); end the event when nobody is left."""
        q = self.event_queue
        while q and not self._has_choice(q[0]):
            self.log.add("event-skip", q[0], {"event": self.event, "reason": "no choice"})
            q.pop(0)
        if not q:
            self._end_event()

    def _end_event(self) -> None:
        """The event is resolved: the round's first turn begins (JAL-TURN-01)."""
        self.event_queue = []
        self.shop_offer = None
        JalizState._start_turn(self)

    def _has_choice(self, p: int) -> bool:
        ph = self.phase
        if ph in ("shop", "breeding", "snow"):
            return True
        return any(spec[0] is not Pass for spec in self._event_legal(p, ph))

    # ------------------------------------------------------- legal actions
    def _lazy_actions(self, p: int) -> LazyActions | None:
        if self.phase == "shop":  # JADV-SHOP-02: a complete, lazily enumerated set of proposals
            return self._shop_space(p)
        return super()._lazy_actions(p) if self.phase == "offer" else None

    def _lazy_allows(self, p: int, action: Action) -> bool:
        if self.phase == "shop":
            if type(action) is not Shop:
                return False
            pl = self.players[p]
            targets = [(q, tuple(self.players[q].tokens)) for q in self._order() if q != p]
            return shop_shape_problem(action, targets, pl.hand, pl.tokens, self.products, self.max_ask) is None
        return super()._lazy_allows(p, action)

    def _shop_space(self, p: int) -> ShopSpace:
        pl = self.players[p]
        targets = [(q, tuple(self.players[q].tokens)) for q in self._order() if q != p]
        return ShopSpace(targets, pl.hand, pl.tokens, self.products, self.max_ask)

    def _extra_current_player(self) -> int | None:
        if self.phase == "shop-reply" and self.shop_offer is not None:
            return self.shop_offer[1].to
        return self.event_queue[0] if self.event_queue else None

    def _extra_legal(self, p: int, decision: str) -> list[Spec]:
        return self._event_legal(p, decision)

    def _event_legal(self, p: int, decision: str) -> list[Spec]:
        acts: list[Spec] = []
        # the plot choices: every plot whose check (in .events) finds no problem
        if decision == "crow":        # JADV-CROW-01, JADV-CROW-02
            n = len(self.players[self.left_of(p)].plot_count)
            acts = [(CrowPick, k) for k in range(1, n + 1) if self._crow_problem(p, k) is None]
        elif decision == "snow":      # JADV-SNOW-02: any plot, empty ones too
            n = len(self.players[self.right_of(p)].plot_count)
            acts = [(SnowOn, k) for k in range(1, n + 1) if self._snow_problem(p, k) is None]
        elif decision == "drought":   # JADV-DROUGHT-01, JADV-DROUGHT-02
            n = len(self.players[p].plot_count)
            acts = [(DroughtOn, k) for k in range(1, n + 1) if self._drought_problem(p, k) is None]
        elif decision == "rain":      # JADV-RAIN-01, JADV-RAIN-02: planted, unfertilized plots only
            n = len(self.players[p].plot_count)
            acts = [(RainOn, k) for k in range(1, n + 1) if self._rain_problem(p, k) is None]
        elif decision == "gardener":  # JADV-GARDEN-01, JADV-GARDEN-02
            hand = self.players[p].hand
            self._plant_actions(p, [c for c in range(6, 19) if hand[c]], acts)
            acts.append((Pass,))
        elif decision == "recycle":   # JADV-RECYCLE-01
            acts = [(Recycle, c) for c in sorted(set(self.burned))]
            acts.append((Pass,))
        elif decision == "breeding":  # JADV-BREED-01
            acts = [(Breed, c) for c in self.products]
        elif decision == "shop":      # JADV-SHOP-02: pass, or one of the proposals of _lazy_actions
            acts.append((Pass,))
        elif decision == "shop-reply" and self.shop_offer is not None:  # JADV-SHOP-03
            proposer, offer = self.shop_offer
            if self._shop_acceptable(offer):
                acts.append((Accept, proposer))
            acts.append((Refuse,))
        return acts

    def _shop_acceptable(self, offer: Shop) -> bool:
        """JADV-SHOP-03: the other player must hold the cards and tokens asked for."""
        target = self.players[offer.to]
        hand = target.hand
        if any(offer.ask.count(c) > hand[c] for c in set(offer.ask)):
            return False
        return set(offer.ask_tokens) <= set(target.tokens)

    def _anytime_allowed(self) -> bool:
        """JADV-EVENT-04: no harvesting or buying while an event is being resolved."""
        return self.phase not in _EVENT_PHASE_SET

    def _plantable(self, p: int, plot: int) -> bool:
        """JADV-SNOW-01: nothing may be planted on a snowed plot (not even in the last round, JADV-SNOW-03)."""
        return self.snow.get(p) != plot

    def _can_harvest(self, p: int, plot: int) -> bool:
        """JADV-SNOW-01 / JADV-SNOW-03 / JADV-R-LASTROUND: a snowed plot may be harvested only in the last round."""
        return self.players[p].plot_count[plot] > 0 and (self.snow.get(p) != plot or self.ending)

    def _harvest_bonus(self, p: int, plot: int) -> int:
        """JAL-HARVEST-05 + JADV-RAIN-01 + JADV-BREED-01; they add up (JADV-R-STACK); the coins stay capped."""
        bonus = super()._harvest_bonus(p, plot)  # JAL-HARVEST-05: a fertilizer
        if self.rain.get(p) == plot:
            bonus += 1
        if self.breeding and self.players[p].plot_product[plot] == self.breeding:
            bonus += 1
        return bonus

    def _harvest(self, p: int, i: int) -> None:
        """A harvest; JADV-RAIN-03: the rain token is washed away with the harvested product."""
        super()._harvest(p, i)
        if self.rain.get(p) == i:
            del self.rain[p]
            self.log.add("rain-ends", p, {"plot": i + 1, "reason": "harvested"})

    # --------------------------------------------------------------- effects
    def _event_phase(self) -> bool:
        return self.phase in _EVENT_PHASE_SET

    def _event_apply(self, player: int, action: Action) -> None:
        """An event decision (the standard ``_apply`` sends them here).
        JADV-GARDEN-01: the gardener plants one card from hand, or not."""
        self._version += 1
        self._dirty |= DIRTY_EXTRAS
        ph = self.phase
        if ph == "shop":
            if isinstance(action, Shop):
                self._propose(player, action)
                return
            self.log.add("pass", player, {"event": self.event})
        elif ph == "shop-reply":
            self._reply(player, action)
        elif isinstance(action, Pass):  # gardener, recycling: optional events
            self.log.add("pass", player, {"event": self.event})
        elif isinstance(action, Plant):  # JADV-GARDEN-01
            self._do_plant(player, action)
        elif isinstance(action, CrowPick):
            self._crow(player, action.plot - 1)
        elif isinstance(action, SnowOn):
            self._snow(player, action.plot - 1)
        elif isinstance(action, DroughtOn):
            self._drought(player, action.plot - 1)
        elif isinstance(action, RainOn):
            self._rain(player, action.plot - 1)
        elif isinstance(action, Recycle):
            self._recycle(player, action.product)
        elif isinstance(action, Breed):
            self._breed(player, action.product)
        else:  # pragma: no cover - check_action lets only legal actions through
            raise RuleViolation("unknown event action", rule=_PHASE_RULE[ph], action=action, player=player)
        self._next_in_event()

    # ------------------------------------------------------------- scoring
    def score_of(self, p: int) -> int:
        """JAL-END-05 + JADV-END-01: each Model Farmer card is worth 1 coin."""
        pl = self.players[p]
        return (len(pl.coins) + (THIRD_PLOT_VALUE if pl.third_plot else 0) + (TRACTOR_VALUE if pl.tractor else 0)
                + MODEL_FARMER_VALUE * self.model_farmer[p])

    def event_card_total(self) -> int:
        """Event cards in every zone (conservation check for tests)."""
        return len(self.event_deck) + len(self.event_discard) + sum(self.model_farmer)

    # ------------------------------------------------------- mode hooks
    def plot_tokens(self, p: int, plot: int) -> tuple[str, ...]:
        out: tuple[str, ...] = ()
        if self.snow.get(p) == plot:
            out += ("snow",)
        if self.rain.get(p) == plot:
            out += ("rain",)
        if self.breeding and self.players[p].plot_product[plot] == self.breeding:
            out += ("breeding",)
        return out

    def farm_plot_tokens(self, p: int) -> list[tuple[str, ...]]:
        """The tokens of every plot at once, as :meth:`plot_tokens` orders them (one lookup per kind of token,
        not per plot: a farm view is rebuilt at most decisions)."""
        prods = self.players[p].plot_product
        n = len(prods)
        out: list[tuple[str, ...]] = [()] * n
        plot = self.snow.get(p)
        if plot is not None and 0 <= plot < n:
            out[plot] = ("snow",)
        plot = self.rain.get(p)
        if plot is not None and 0 <= plot < n:
            out[plot] += ("rain",)
        if self.breeding:
            for i in range(n):
                if prods[i] == self.breeding:
                    out[i] += ("breeding",)
        return out

    def farm_extras(self, p: int) -> tuple[tuple[str, Any], ...]:
        k = self.model_farmer[p]
        return (("model_farmer", k),) if k else ()

    def public_extras(self) -> tuple[tuple[str, Any], ...]:
        return (("event", self.event), ("event_deck", len(self.event_deck)),
                ("event_discard", tuple(self.event_discard)), ("breeding", self.breeding or None),
                ("shop_offer", None if self.shop_offer is None
                 else (self.shop_offer[0], _copy_shop(self.shop_offer[1]))))

    def settle_position(self) -> None:
        """A position with phase "event" resolves its current event first."""
        if self.phase == EVENT_START:
            if self.event is None:
                raise InvalidPosition("phase 'event' needs events.current (the event to resolve)")
            self.phase = "plant"
            self._begin_event(self.event)
        super().settle_position()

    extra_json_keys = ("events",)
