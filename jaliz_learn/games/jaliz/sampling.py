"""Sampling a full Jaliz state from one player's observation (a determinisation, for search bots).

Everything the observation shows is kept: the observer's hand, every farm (plots, fertilizers, coin
cards, equipment, credit tokens, hand sizes, cards known to be in a hand), the revealed cards, open
offers, cards waiting to be planted, the face-up burned pile, deck size, run-outs, supplies, the
phase and who decides (advanced mode: the current event, seasonal tokens, event discard pile, Model
Farmer cards, an open Shopping Day proposal). The cards the observer has not seen (the rest of the
other hands and the deck) are dealt uniformly at random from the pool of unseen cards; the event deck
is shuffled. The sampled state has its own generator, seeded from ``rng``, so the future is re-sampled
too. docs/PROTOCOL.md ("Sampling hidden information: jaliz") lists the assumptions.

>>> import jaliz_learn
>>> game = jaliz_learn.load_game("jaliz")
>>> state = game.initial_state(num_players=4, seed=2)
>>> obs = state.observation(1)
>>> sampled = game.sample_state(obs, 7)
>>> sampled.observation(1) == obs, sampled.players[1].hand == state.players[1].hand
(True, True)
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...core.errors import InvalidPosition
from ...core.rng import Rng, check_seed
from . import data as D
from .observation import JalizObservation


def as_rng(rng: Rng | int) -> Rng:
    """An ``Rng`` from an ``Rng`` or an integer seed."""
    return rng if isinstance(rng, Rng) else Rng(check_seed(rng))


def sample_position(game: Any, obs: JalizObservation, rng: Rng | int) -> dict[str, Any]:
    """The JSON position of a state consistent with ``obs`` (hidden cards dealt at random from ``rng``)."""
    if not isinstance(obs, JalizObservation) or obs.game != game.name:
        raise InvalidPosition(f"sample_state needs an observation of {game.name}, got {type(obs).__name__}")
    r = as_rng(rng)
    params = obs.params
    opts = game.options
    if (params.fertilizer_price, params.offer_rounds, params.max_ask, params.credit_tokens) != (
            opts["fertilizer_price"], opts["offer_rounds"], opts["max_ask"], opts["credit_tokens"]):
        raise InvalidPosition("the observation comes from a game with other options")
    n, me = obs.num_players, obs.player
    pool: Counter[int] = Counter(D.deck_for(n))
    seen: Counter[int] = Counter(obs.market) + Counter(obs.burned)
    for _, cards in obs.pending:
        seen.update(cards)
    for q, farm in enumerate(obs.farms):
        for plot in farm.plots:
            if plot.product:
                seen[plot.product] += plot.count
        seen.update(farm.coin_cards)
        seen.update(obs.hand if q == me and obs.hand is not None else farm.known_hand)
    pool.subtract(seen)
    if any(v < 0 for v in pool.values()):
        raise InvalidPosition("the observation shows more cards than the game has")
    unseen = sorted(pool.elements())
    r.shuffle(unseen)  # JAL-SETUP-03: every unseen card is equally likely in every unseen place
    hidden = sum(f.hand_size - len(f.known_hand) for q, f in enumerate(obs.farms) if q != me) + obs.deck_size
    if me is None:
        hidden = sum(f.hand_size - len(f.known_hand) for f in obs.farms) + obs.deck_size
    if hidden > len(unseen):
        raise InvalidPosition(f"the observation hides {hidden} cards, but only {len(unseen)} are unaccounted for")
    del unseen[hidden:]  # a scenario with a short deck leaves cards out of play: which ones is not known either
    players = []
    for q, farm in enumerate(obs.farms):
        if q == me and obs.hand is not None:
            hand = list(obs.hand)
        else:
            extra = farm.hand_size - len(farm.known_hand)
            hand = list(farm.known_hand) + unseen[:extra]
            del unseen[:extra]
        players.append({
            "hand": hand, "known": list(farm.known_hand),
            "plots": [[plot.product, plot.count, plot.fertilizer] for plot in farm.plots],
            "coins": list(farm.coin_cards), "tokens": list(farm.tokens), "tractor": farm.tractor,
            "third_plot": farm.third_plot, "bought_cards": farm.bought_cards})
    seed = r.randrange(1 << 62)
    cur, active = obs.current_player, obs.active_player
    phase = obs.phase
    doc: dict[str, Any] = {
        "num_players": n, "seed": seed, "players": players, "deck": unseen, "burned": list(obs.burned),
        "deck_runs_out": obs.deck_runs_out, "ending": obs.ending, "supply": dict(obs.supply),
        "active": active, "phase": phase, "planted": obs.planted_this_step, "market": list(obs.market),
        "round": obs.offer_round, "offers": {str(b): o.to_json() for b, o in obs.offers},
        "pending": [[q, list(cards)] for q, cards in obs.pending], "turn": obs.turn,
        "rng": Rng(seed).to_json()}
    if phase == "claim":
        doc["claimer"] = cur
    elif phase == "offer":  # pending cards in the offer phase come from a claim, made before the first buyer
        doc["buyer_index"] = (cur - active - 1) % n if cur is not None and not obs.pending else 0
    elif phase == "respond":
        doc["buyer_index"] = n - 1
    elif phase == "final-plant" and cur is not None:  # JAL-R-FINALORDER: the rest of the seat order
        k = (cur - active) % n
        doc["final_queue"] = [(cur + i) % n for i in range(n - k)]
    if params.mode == "advanced":
        doc["events"] = _events(game, obs, r)
    return doc


def _events(game: Any, obs: JalizObservation, r: Rng) -> dict[str, Any]:
    """Advanced mode: public event zones and tokens; the event deck is the rest of the composition, shuffled."""
    ex = dict(obs.extras)
    n = obs.num_players
    discard = list(ex.get("event_discard", ()))
    farmers = [dict(f.extras).get("model_farmer", 0) for f in obs.farms]
    left: Counter[str] = Counter(game.event_composition)
    left.subtract(discard)
    left.subtract({"model-farmer": sum(farmers)})
    deck = sorted(left.elements())
    if any(v < 0 for v in left.values()) or len(deck) != ex.get("event_deck", len(deck)):
        raise InvalidPosition("the observation's event cards do not match the event deck of this game")
    r.shuffle(deck)
    snow = [[q, i + 1] for q, f in enumerate(obs.farms) for i, plot in enumerate(f.plots) if "snow" in plot.tokens]
    rain = [[q, i + 1] for q, f in enumerate(obs.farms) for i, plot in enumerate(f.plots) if "rain" in plot.tokens]
    out: dict[str, Any] = {"deck": deck, "discard": discard, "current": ex.get("event"), "snow": snow, "rain": rain,
                           "breeding": ex.get("breeding"), "model_farmer": farmers,
                           "reshuffles": ex.get("event_reshuffles", 0)}
    shop = ex.get("shop_offer")
    phase, cur, active = obs.phase, obs.current_player, obs.active_player
    first = shop[0] if phase == "shop-reply" and shop else cur
    if first is not None and phase in ("crow", "gardener", "snow", "drought", "rain", "shop", "recycle", "breeding",
                                       "shop-reply"):  # JADV-R-ORDER: the rest of the seat order
        if phase == "breeding":
            out["queue"] = [first]
        else:
            k = (first - active) % n
            out["queue"] = [(first + i) % n for i in range(n - k)]
    if shop:
        out["shop_offer"] = [shop[0], shop[1].to_json()]
    return out
