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

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ....core.actions import Action
from ....core.errors import IllegalAction, InvalidNotation, InvalidOption, InvalidPosition, RuleViolation, WrongPhase
from ....core.game import State
from ....core.legal import LazyActions
from ....core.rng import Rng
from ..actions import Accept, Buy, Harvest, Pass, Plant, Refuse, pname
from ..checks import MAX_COUNT, card, check_int, check_list, check_object
from ..common import DIRTY_BURNED, DIRTY_EXTRAS, _forget
from ..data import MODEL_FARMER_VALUE, THIRD_PLOT_VALUE, TRACTOR_VALUE
from ..events_data import EVENTS, deck_list, event_name
from ..legal import Spec
from ..state import JalizState
from .actions import (
    Breed,
    CrowPick,
    DroughtOn,
    RainOn,
    Recycle,
    Shop,
    ShopSpace,
    SnowOn,
    shop_shape_problem,
)

START_SEAT = 0          # JAL-R-START: seat 0 starts, so a round begins with seat 0's turn (JADV-R-ROUND)
MODEL_FARMER_MIN = 3    # sourced: "at least 3 cards" on one plot (JADV-MODEL-01)

#: The decision kind each event with choices opens.
EVENT_DECISION: dict[str, str] = {"crow": "crow", "gardener": "gardener", "snow": "snow", "drought": "drought",
                                  "rain": "rain", "shopping": "shop", "recycling": "recycle",
                                  "breeding": "breeding"}
EVENT_PHASES: tuple[str, ...] = ("crow", "gardener", "snow", "drought", "rain", "shop", "shop-reply", "recycle",
                                 "breeding")
_EVENT_PHASE_SET = frozenset(EVENT_PHASES)
#: A position may start with phase "event": the current event is about to be resolved.
EVENT_START = "event"

#: The rule naming each event decision (used by explanations).
_PHASE_RULE = {"crow": "JADV-CROW-01", "gardener": "JADV-GARDEN-01", "snow": "JADV-SNOW-02",
               "drought": "JADV-DROUGHT-01", "rain": "JADV-RAIN-01", "shop": "JADV-SHOP-02",
               "shop-reply": "JADV-SHOP-02", "recycle": "JADV-RECYCLE-01", "breeding": "JADV-BREED-01"}
_PHASE_TYPES: dict[str, tuple[type[Action], ...]] = {
    "crow": (CrowPick,), "gardener": (Plant, Pass), "snow": (SnowOn,), "drought": (DroughtOn,),
    "rain": (RainOn,), "shop": (Shop, Pass), "shop-reply": (Accept, Refuse), "recycle": (Recycle, Pass),
    "breeding": (Breed,)}


class JalizAdvancedState(JalizState):
    """A Jaliz advanced-mode position (standard state + event deck, seasonal tokens, Model Farmer cards)."""

    __slots__ = ("event_deck", "event_discard", "event", "event_queue", "event_reshuffles", "snow", "rain", "breeding",
                 "model_farmer", "shop_offer", "composition")

    MODE = "advanced"
    extra_phases = EVENT_PHASES + (EVENT_START,)
    HAS_EVENTS = True  # the snow and event-phase hooks apply
    EVENT_PHASE_SET = _EVENT_PHASE_SET
    LAZY_PHASE_SET = frozenset({"shop"})  # JADV-SHOP-02 (the market offers are handled by the standard code)

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
        self._sync_events()

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
    def _sync_events(self) -> None:
        """Set ``_events`` (read by the standard hot loop before every event hook) to whether a hook can matter now.

        The hooks change a decision only during an event (JADV-EVENT-04: no harvest/buy; event decisions) or while
        a seasonal token lies on the table (JADV-SNOW-01, JADV-RAIN-01, JADV-BREED-01); most decisions have neither,
        and then the standard loop runs without the hook calls. Called wherever the phase enters or leaves an event
        phase or a token is placed or removed (tests/games/jaliz_advanced/test_fast_path.py checks the invariant)."""
        self._events = self.phase in _EVENT_PHASE_SET or bool(self.snow or self.rain or self.breeding)

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
            self._sync_events()

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
            self._sync_events()  # an event phase
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
        self._sync_events()  # the event phase is over

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
        if decision == "crow":        # JADV-CROW-01, JADV-CROW-02
            victim = self.players[self.left_of(p)]
            acts = [(CrowPick, i + 1) for i, c in enumerate(victim.plot_count) if c]
        elif decision == "snow":      # JADV-SNOW-02: any plot, empty ones too
            acts = [(SnowOn, i + 1) for i in range(len(self.players[self.right_of(p)].plot_count))]
        elif decision == "drought":   # JADV-DROUGHT-01, JADV-DROUGHT-02
            acts = [(DroughtOn, i + 1) for i, c in enumerate(self.players[p].plot_count) if c]
        elif decision == "rain":      # JADV-RAIN-01, JADV-RAIN-02: planted, unfertilized plots only
            pl = self.players[p]
            acts = [(RainOn, i + 1) for i, c in enumerate(pl.plot_count) if c and not pl.plot_fert[i]]
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

    def _unplantable_plot(self, p: int) -> int:
        """JADV-SNOW-01, JADV-SNOW-03: the snowed plot."""
        return self.snow.get(p, -1)

    def _unharvestable_plot(self, p: int) -> int:
        """JADV-SNOW-01, JADV-SNOW-03, JADV-R-LASTROUND: the snowed plot, except in the last round."""
        return -1 if self.ending else self.snow.get(p, -1)

    def _can_harvest(self, p: int, plot: int) -> bool:
        """JADV-SNOW-01 / JADV-SNOW-03 / JADV-R-LASTROUND: a snowed plot may be harvested only in the last round."""
        return self.players[p].plot_count[plot] > 0 and (self.snow.get(p) != plot or self.ending)

    def _harvest_bonus(self, p: int, plot: int) -> int:
        """JAL-HARVEST-05 + JADV-RAIN-01 + JADV-BREED-01; they add up (JADV-R-STACK), coins capped (JAL-R-COINCAP)."""
        bonus = 1 if self.players[p].plot_fert[plot] else 0  # JAL-HARVEST-05 (the standard bonus, inlined)
        if self.rain.get(p) == plot:
            bonus += 1
        if self.breeding and self.players[p].plot_product[plot] == self.breeding:
            bonus += 1
        return bonus

    def _harvest(self, p: int, i: int) -> None:
        """A harvest; JADV-RAIN-03: the rain token is washed away with the harvested product."""
        JalizState._harvest(self, p, i)  # not super(): a quarter of the decisions are harvests
        if self.rain and self.rain.get(p) == i:  # (mostly no rain: no lookup)
            del self.rain[p]
            self.log.add("rain-ends", p, {"plot": i + 1, "reason": "harvested"})
            self._sync_events()

    # --------------------------------------------------------------- effects
    def _event_phase(self) -> bool:
        return self.phase in _EVENT_PHASE_SET

    def _event_apply(self, player: int, action: Action) -> None:
        """An event decision (the standard ``_apply`` sends them here)."""
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

    def _next_in_event(self) -> None:
        self.event_queue.pop(0)
        self._advance_event()
        self._settle()

    def _crow(self, p: int, i: int) -> None:
        """JADV-CROW-01: burn one card from plot ``i`` of the player to the left."""
        victim = self.left_of(p)
        pl = self.players[victim]
        card = pl.plot_product[i]
        pl.plot_count[i] -= 1
        if pl.plot_count[i] == 0:
            pl.plot_product[i] = 0
        self._burn([card])
        self._touch(victim)
        self.log.add("crow", p, {"victim": victim, "plot": i + 1, "card": card})

    def _snow(self, p: int, i: int) -> None:
        """JADV-SNOW-02: a snow token on plot ``i`` of the player to the right."""
        victim = self.right_of(p)
        self.snow[victim] = i
        self._touch(victim)
        self.log.add("snow", p, {"victim": victim, "plot": i + 1})

    def _drought(self, p: int, i: int) -> None:
        """JADV-DROUGHT-01: burn every card of own plot ``i`` (a fertilizer stays, JADV-DROUGHT-02)."""
        pl = self.players[p]
        card, count = pl.plot_product[i], pl.plot_count[i]
        self._burn([card] * count)
        pl.plot_product[i] = 0
        pl.plot_count[i] = 0
        self._touch(p)
        self.log.add("drought", p, {"plot": i + 1, "card": card, "cards": count})

    def _rain(self, p: int, i: int) -> None:
        """JADV-RAIN-01: a rain token on own plot ``i``."""
        self.rain[p] = i
        self._touch(p)
        self.log.add("rain", p, {"plot": i + 1})

    def _recycle(self, p: int, card: int) -> None:
        """JADV-RECYCLE-01: take a card of the (face-up) burned pile into hand."""
        self.burned.remove(card)
        self._dirty |= DIRTY_BURNED
        self.players[p].hand[card] += 1
        self.players[p].known[card] += 1  # taken face up from the burned pile
        self._touch(p)
        self.log.add("recycle", p, {"card": card})

    def _breed(self, p: int, card: int) -> None:
        """JADV-BREED-01: the breeding token goes on one product for everyone."""
        self.breeding = card
        self._touch(*range(self.num_players))
        self.log.add("breed", p, {"card": card})

    def _thief(self) -> None:
        """JADV-THIEF-01: in seat order, each player takes a random card from the right neighbour's hand."""
        for p in self._order():
            victim = self.right_of(p)
            cards = self.players[victim].hand_list()
            if not cards:
                self.log.add("event-skip", p, {"event": "thief", "reason": f"P{victim} has no card in hand"})
                continue
            card = cards[self.rng.randrange(len(cards))]
            self.players[victim].hand[card] -= 1
            self.players[p].hand[card] += 1
            known = self.players[victim].known  # nobody else knows which card: every known count may drop by one
            if any(known):  # mostly nothing is known of a hand: no per-product loop
                known[:] = [k - 1 if k else 0 for k in known]
            self._touch(p, victim)
            self.log.add("thief", p, {"victim": victim}, secret={"card": card}, visible_to=(p, victim))

    def _tax(self) -> None:
        """JADV-TAX-01: every player with a coin pays 1 coin to the burned pile (JAL-R-PAYMENT)."""
        for p in self._order():
            if self.players[p].coins:
                self._pay(p, 1)
                self.log.add("tax", p, {"paid": 1})
            else:
                self.log.add("event-skip", p, {"event": "tax", "reason": "no coin"})

    def model_farmer_winner(self) -> int | None:
        """JADV-MODEL-01, JADV-MODEL-02: the longest single plot (3+ cards) wins; ties go to the longer other plots."""
        keys = []
        for pl in self.players:
            counts = sorted(pl.plot_count, reverse=True) + [0] * (3 - len(pl.plot_count))
            keys.append(tuple(counts))
        best = max(keys)
        if best[0] < MODEL_FARMER_MIN:
            return None
        winners = [p for p, k in enumerate(keys) if k == best]
        return winners[0] if len(winners) == 1 else None

    def _model_farmer(self) -> None:
        """JADV-MODEL-01, JADV-MODEL-02, JADV-MODEL-03: award the card (kept out of the event deck) or discard it."""
        winner = self.model_farmer_winner()
        if winner is None:
            self.log.add("model-farmer", None, {"winner": None})
            return
        if "model-farmer" in self.event_discard:  # the revealed card goes to the winner instead
            i = len(self.event_discard) - 1 - self.event_discard[::-1].index("model-farmer")
            del self.event_discard[i]
        self.model_farmer[winner] += 1
        self._touch(winner)
        self.log.add("model-farmer", winner, {"winner": winner, "cards": self.model_farmer[winner]})

    # -- Shopping Day --------------------------------------------------------
    def _propose(self, p: int, offer: Shop) -> None:
        """JADV-SHOP-02: one proposal; the other player replies at once (stored as a copy of the bot's object)."""
        self.shop_offer = (p, _copy_shop(offer))
        self._reveal(p, offer.give)
        self.phase = "shop-reply"
        self.log.add("shop-offer", p, {"to": offer.to, "give": list(offer.give), "tokens": list(offer.tokens),
                                       "ask": list(offer.ask), "ask_tokens": list(offer.ask_tokens)})

    def _reply(self, player: int, action: Action) -> None:
        """JADV-SHOP-01, JADV-SHOP-03: accepted trades move cards hand to hand (never planted) and tokens."""
        assert self.shop_offer is not None  # the shop-reply phase always has an open proposal
        proposer, offer = self.shop_offer
        if isinstance(action, Accept):
            a, b = self.players[proposer], self.players[offer.to]
            for c in offer.give:
                a.hand[c] -= 1
                b.hand[c] += 1
                b.known[c] += 1  # JADV-SHOP-01: cards traded in the open stay known in their new hand
            for c in offer.ask:
                b.hand[c] -= 1
                a.hand[c] += 1
                a.known[c] += 1
            _forget(a.known, offer.give)
            _forget(b.known, offer.ask)
            for t in offer.tokens:
                a.tokens.remove(t)
                b.tokens.append(t)
            for t in offer.ask_tokens:
                b.tokens.remove(t)
                a.tokens.append(t)
            a.tokens.sort()
            b.tokens.sort()
            self._touch(proposer, offer.to)
            self.log.add("shop-trade", offer.to, {"proposer": proposer, "to": offer.to, "give": list(offer.give),
                                                  "tokens": list(offer.tokens), "ask": list(offer.ask),
                                                  "ask_tokens": list(offer.ask_tokens)})
        else:
            self.log.add("shop-refuse", player, {"proposer": proposer})
        self.shop_offer = None
        self.phase = "shop"

    # ---------------------------------------------------------- explanations
    def explain_illegal(self, player: int, action: Action) -> IllegalAction:
        """Name the rule that forbids ``action`` (event decisions here, the rest in the standard state)."""
        ph = self.phase
        if ph not in _EVENT_PHASE_SET or isinstance(action, (Harvest, Buy)):
            return super().explain_illegal(player, action)
        allowed = self.legal_actions(player)
        rule = _PHASE_RULE[ph]
        title = EVENTS[self.event].title if self.event else "the event"

        def bad(reason: str, rule: str = rule, cls: type[IllegalAction] = RuleViolation) -> IllegalAction:
            return cls(reason, rule=rule, action=action, player=player, decision=ph, allowed=allowed)

        if not isinstance(action, _PHASE_TYPES[ph]):
            names = "/".join(c.kind for c in _PHASE_TYPES[ph])
            return bad(f"{title} is being resolved: the decision '{ph}' takes {names}", cls=WrongPhase)
        if isinstance(action, (CrowPick, SnowOn, DroughtOn, RainOn)):
            return self._explain_plot_choice(player, action, bad)
        if isinstance(action, Plant):
            err = self._explain_plant(player, action, ph, bad)
            if err.rule == "JAL-PLANT-04":  # JADV-GARDEN-02: no harvesting to make room during the event
                return bad(f"no plot can take {pname(action.product)} and nobody may harvest during an event",
                           "JADV-GARDEN-02")
            return err
        if isinstance(action, Recycle):
            return bad(f"there is no {pname(action.product)} in the burned pile")
        if isinstance(action, Breed):
            return bad(f"{pname(action.product)} is not a product of this game")
        if isinstance(action, Shop):
            pl = self.players[player]
            targets = [(q, tuple(self.players[q].tokens)) for q in range(self.num_players) if q != player]
            problem = shop_shape_problem(action, targets, pl.hand, pl.tokens, self.products, self.max_ask)
            return bad(problem[1], problem[0]) if problem else bad("this proposal is not allowed")
        if isinstance(action, Accept) and self.shop_offer is not None:
            if action.buyer != self.shop_offer[0]:
                return bad(f"the open proposal is player {self.shop_offer[0]}'s, not player {action.buyer}'s")
            return bad("you do not hold every card and token the proposal asks for", "JADV-SHOP-03")
        return bad("this action is not among the legal actions")

    def _explain_plot_choice(self, player: int, action: Any, bad: Any) -> IllegalAction:
        k = action.plot
        if isinstance(action, CrowPick):
            victim = self.left_of(player)
            pl = self.players[victim]
            if not 1 <= k <= len(pl.plot_count):
                return bad(f"the player to your left (P{victim}) has plots 1-{len(pl.plot_count)}", "JADV-R-LEFTRIGHT")
            return bad(f"plot {k} of P{victim} is empty; the crow eats a planted card", "JADV-CROW-01")
        if isinstance(action, SnowOn):
            victim = self.right_of(player)
            n = len(self.players[victim].plot_count)
            return bad(f"the player to your right (P{victim}) has plots 1-{n}", "JADV-R-LEFTRIGHT")
        pl = self.players[player]
        if not 1 <= k <= len(pl.plot_count):
            return bad(f"your farm has plots 1-{len(pl.plot_count)}")
        if isinstance(action, DroughtOn):
            return bad(f"plot {k} is empty; choose a planted plot to burn", "JADV-DROUGHT-01")
        if pl.plot_fert[k - 1]:
            return bad(f"plot {k} has a fertilizer; rain does not settle there", "JADV-RAIN-02")
        return bad(f"plot {k} is empty; rain does not settle on empty plots", "JADV-RAIN-02")

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
        self._sync_events()  # the phase and tokens were read from JSON
        super().settle_position()

    def extra_json(self) -> dict[str, Any]:
        return {"events": {
            "deck": list(self.event_deck), "discard": list(self.event_discard), "current": self.event,
            "queue": list(self.event_queue), "reshuffles": self.event_reshuffles,
            "snow": [[p, i + 1] for p, i in sorted(self.snow.items())],
            "rain": [[p, i + 1] for p, i in sorted(self.rain.items())],
            "breeding": self.breeding or None, "model_farmer": list(self.model_farmer),
            "shop_offer": [self.shop_offer[0], self.shop_offer[1].to_json()] if self.shop_offer else None}}

    extra_json_keys = ("events",)

    def extra_from_json(self, data: Mapping[str, Any]) -> None:
        """Read and check the ``events`` field; a missing event deck is every card not placed elsewhere, shuffled."""
        ev = check_object(data.get("events", {}), "events", EVENT_KEYS)
        n = self.num_players
        phase = data.get("phase", "plant")
        active = data.get("active", 0)
        self.event_discard = [_event_card(e, f"events.discard[{i}]")
                              for i, e in enumerate(check_list(ev.get("discard", []), "events.discard"))]
        current = ev.get("current")
        self.event = _event_card(current, "events.current") if current is not None else None
        farmers = check_list(ev.get("model_farmer", [0] * n), "events.model_farmer")
        if len(farmers) != n:
            raise InvalidPosition(f"events.model_farmer lists {len(farmers)} players, not {n}")
        self.model_farmer = [check_int(k, "events.model_farmer", 0, 100) for k in farmers]
        for key, tokens in (("snow", self.snow), ("rain", self.rain)):
            tokens.clear()
            for i, item in enumerate(check_list(ev.get(key, []), f"events.{key}")):
                if not (isinstance(item, list) and len(item) == 2):
                    raise InvalidPosition(f"events.{key}[{i}] must be [player, plot]")
                p = check_int(item[0], f"events.{key}[{i}] player", 0, n - 1)
                plot = check_int(item[1], f"events.{key}[{i}] plot", 1, len(self.players[p].plot_count))
                if p in tokens:
                    raise InvalidPosition(f"events.{key}: player {p} has two {key} tokens")
                tokens[p] = plot - 1
        br = ev.get("breeding")
        self.breeding = card(br, "events.breeding", self.products) if br is not None else 0
        self.event_reshuffles = check_int(ev.get("reshuffles", 0), "events.reshuffles", 0, MAX_COUNT)
        if "queue" in ev:
            self.event_queue = [check_int(p, "events.queue", 0, n - 1) for p in check_list(ev["queue"], "events.queue")]
        elif phase in _EVENT_PHASE_SET and type(active) is int and 0 <= active < n:
            self.event_queue = [active] if phase == "breeding" else [(active + i) % n for i in range(n)]
        if phase in _EVENT_PHASE_SET:
            if not self.event_queue or self.event is None or EVENT_DECISION.get(self.event) != (
                    "shop" if phase == "shop-reply" else phase):
                raise InvalidPosition(f"phase {phase!r} needs events.current (the matching event) and a non-empty "
                                      "events.queue of players still to choose")
        so = ev.get("shop_offer")
        self.shop_offer = None
        if so is not None:
            if not (isinstance(so, list) and len(so) == 2):
                raise InvalidPosition("events.shop_offer must be [proposer, shop action]")
            proposer = check_int(so[0], "events.shop_offer proposer", 0, n - 1)
            try:
                offer = self.game.action_from_json(so[1])
            except InvalidNotation as exc:
                raise InvalidPosition(f"events.shop_offer: {exc}") from None
            if type(offer) is not Shop:
                raise InvalidPosition(f"events.shop_offer must hold a shop action, got {so[1]!r}")
            pl = self.players[proposer]
            targets = [(q, tuple(self.players[q].tokens)) for q in range(n) if q != proposer]
            problem = shop_shape_problem(offer, targets, pl.hand, pl.tokens, self.products, self.max_ask)
            if problem is not None:
                raise InvalidPosition(f"events.shop_offer: {problem[1]}")
            if phase != "shop-reply" or self.event_queue[:1] != [proposer]:
                raise InvalidPosition("events.shop_offer: an open proposal belongs to phase 'shop-reply' and to the "
                                      "first player of events.queue")
            self.shop_offer = (proposer, offer)
        if phase == "shop-reply" and self.shop_offer is None:
            raise InvalidPosition("phase 'shop-reply' needs events.shop_offer")
        if phase == EVENT_START and self.event is not None and "discard" not in ev:
            self.event_discard.append(self.event)
        if "deck" in ev:
            self.event_deck = [_event_card(e, f"events.deck[{i}]")
                               for i, e in enumerate(check_list(ev["deck"], "events.deck"))]
        left = Counter(self.composition)
        left.subtract(self.event_deck)
        left.subtract(self.event_discard)
        left.subtract({"model-farmer": sum(self.model_farmer)})
        if any(v < 0 for v in left.values()):
            raise InvalidPosition("events: the position uses more event cards than the event deck holds "
                                  f"({dict(self.composition)}) [rule JADV-DECK-01]")
        if "deck" not in ev:
            deck = deck_list(dict(left))
            Rng(self.seed + 1).shuffle(deck)
            self.event_deck = deck


def _copy_shop(offer: Shop) -> Shop:
    """A copy: the state never shares a proposal object with a bot or an observation."""
    return Shop(offer.to, offer.give, offer.tokens, offer.ask, offer.ask_tokens)


EVENT_KEYS = frozenset({"deck", "discard", "current", "queue", "reshuffles", "snow", "rain", "breeding",
                        "model_farmer", "shop_offer"})


def _event_card(value: Any, field: str) -> str:
    if not isinstance(value, str):
        raise InvalidPosition(f"{field}: an event card is written by name, got {value!r}")
    try:
        return event_name(value)
    except InvalidOption as exc:
        raise InvalidPosition(f"{field}: {exc}") from None
