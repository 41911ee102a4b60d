"""The advanced mode's part of a position's JSON: the event deck, tokens and Model Farmer cards.

A mixin of :class:`~.state.JalizAdvancedState`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ....core.errors import InvalidNotation, InvalidPosition
from ....core.rng import Rng
from ..checks import MAX_COUNT, card, check_int, check_list, check_object
from ..events_data import deck_list
from .actions import Shop, shop_shape_problem
from .common import _EVENT_PHASE_SET, EVENT_DECISION, EVENT_KEYS, EVENT_START, _event_card
from .position import AdvancedFields


class AdvancedJson(AdvancedFields):
    """The advanced mode's part of a position's JSON."""

    __slots__ = ()

    def extra_json(self) -> dict[str, Any]:
        return {"events": {
            "deck": list(self.event_deck), "discard": list(self.event_discard), "current": self.event,
            "queue": list(self.event_queue), "reshuffles": self.event_reshuffles,
            "snow": [[p, i + 1] for p, i in sorted(self.snow.items())],
            "rain": [[p, i + 1] for p, i in sorted(self.rain.items())],
            "breeding": self.breeding or None, "model_farmer": list(self.model_farmer),
            "shop_offer": [self.shop_offer[0], self.shop_offer[1].to_json()] if self.shop_offer else None}}

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
