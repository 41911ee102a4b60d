"""Jaliz (and advanced Jaliz) in words (see :mod:`.describe`).

>>> import jaliz_learn
>>> state = jaliz_learn.load_game("jaliz").initial_state(num_players=3, seed=1)
>>> d = describe(state.observation(0))
>>> d.title
'Jaliz, turn 1: your turn (plant). You are P0.'
>>> d.section("Your hand").items
('card 1: eggplant', 'card 2: tomato', 'card 3: tomato', 'card 4: watermelon', 'card 5: carrot')
>>> d.section("P1").items[:2]
('plot 1: empty', 'plot 2: empty')
>>> describe(state.observation(None)).section("Your hand") is None   # a spectator has no hand
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jaliz_learn.games.jaliz.actions import pname

from .describe import HAND, SCORES, Description, seat_heading, section, title_line, turn_section, who
from .jaliz import hand_cards


def plot_text(i: int, plot: Any) -> str:
    """``plot 2: 3 carrot, fertilizer`` / ``plot 1: empty``."""
    body = f"{plot.count} {pname(plot.product)}" if plot.product else "empty"
    if plot.fertilizer:
        body += ", fertilizer"
    if plot.tokens:
        body += ", tokens " + " ".join(plot.tokens)
    return f"plot {i + 1}: {body}"


def offer_text(buyer: int, offer: Any, names: Sequence[str] | None = None, viewer: int | None = None) -> str:
    """``P2 offers: wants melon, gives carrot and P1's token, asks peas``."""
    parts = ["wants " + ", ".join(pname(c) for c in offer.want)]
    paid = [pname(c) for c in offer.give] + [f"{who(t, names)}'s credit token" for t in offer.tokens]
    parts.append("gives " + (", ".join(paid) if paid else "nothing (asks for a gift)"))
    if offer.ask:
        parts.append("asks " + ", ".join(pname(c) for c in offer.ask))
    return f"{who(buyer, names, viewer)} offers: " + "; ".join(parts)


def farm_items(obs: Any, p: int, names: Sequence[str] | None = None) -> list[str]:
    """The public belongings of seat ``p``."""
    f = obs.farms[p]
    items = [plot_text(i, plot) for i, plot in enumerate(f.plots)]
    items.append(f"{f.coins} coin(s), score {f.score}")
    items.append(f"{f.hand_size} card(s) in hand")
    if f.tokens:
        items.append("credit tokens of " + ", ".join(who(t, names) for t in f.tokens))
    gear = [name for name, has in (("tractor", f.tractor), ("third plot", f.third_plot)) if has]
    if gear:
        items.append("owns " + " and ".join(gear))
    if f.known_hand and p != obs.player:
        items.append("known in hand: " + ", ".join(pname(c) for c in f.known_hand))
    return items


def describe(obs: Any, names: Sequence[str] | None = None) -> Description:
    """The description of a Jaliz observation."""
    game = "Advanced Jaliz" if obs.game == "jaliz-advanced" else "Jaliz"
    more = []
    if obs.decision in ("plant", "final-plant") and not obs.is_over:
        more.append(f"Planted this step: {obs.planted_this_step} of up to {obs.plant_limit}.")
    if obs.active_player != obs.current_player and not obs.is_over:
        more.append(f"Active player: {who(obs.active_player, names, obs.player)}.")
    if obs.ending:
        more.append("The game is ending (the deck ran out for the last time).")
    sections = [turn_section(obs, names, more)]
    if obs.player is not None:
        cards = hand_cards(obs)
        if cards and cards[0][1] == "received":
            items = [f"received card {i + 1}: {pname(c)} (plant it now)" for i, (c, _s) in enumerate(cards)]
            items += [f"in hand: {pname(c)}" for c in obs.hand or ()]
        else:
            items = [f"card {i + 1}: {pname(c)}" for i, (c, _s) in enumerate(cards)]
        sections.append(section(HAND, items))
    sections.append(section(SCORES, [f"{seat_heading(p, names, obs.player)}: {f.score}"
                                     for p, f in enumerate(obs.farms)]))
    market = [f"revealed card {i + 1}: {pname(c)}" for i, c in enumerate(obs.market)]
    market += [offer_text(b, o, names, obs.player) for b, o in obs.offers]
    market += [f"{who(p, names, obs.player)} must plant " + ", ".join(pname(c) for c in cs) for p, cs in obs.pending]
    market.append(f"offer round {obs.offer_round} of {obs.params.offer_rounds}")
    sections.append(section("Market", market))
    for p in range(obs.num_players):
        sections.append(section(seat_heading(p, names, obs.player), farm_items(obs, p, names)))
    supply = dict(obs.supply)
    deck = [f"deck: {obs.deck_size} card(s), run out {obs.deck_runs_out} time(s)",
            f"burned pile: {len(obs.burned)} card(s)",
            f"supply: third plots {supply.get('third_plot', 0)}, tractors {supply.get('tractor', 0)}, "
            f"fertilizer {supply.get('fertilizer', 0)}"]
    deck += [f"{key.replace('_', ' ')}: {value}" for key, value in obs.extras if value not in (None, (), "")]
    sections.append(section("Deck and supply", deck))
    return Description(title_line(game, obs, names), tuple(sections))


__all__ = ["describe", "farm_items", "offer_text", "plot_text"]
