"""Bali and Bali: Village of Tani in words (see :mod:`.describe`).

>>> import jaliz_learn
>>> d = describe(jaliz_learn.load_game("bali-tani").initial_state(num_players=3, seed=1).observation(0))
>>> d.title
'Bali: Village of Tani, turn 1: your turn (play). You are P0.'
>>> d.section("Your hand").items
('card 1: banana farmer', 'card 2: peanut farmer', 'card 3: rice farmer')
>>> d.section("Village square").items[0]
'column 1, bottom card first: banana farmer, pepper farmer, rice farmer, stonemason'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jaliz_learn.games.bali.data import CARD_NAMES, CARD_TITLES, KINDS, offering_values

from .describe import HAND, SCORES, Description, seat_heading, section, title_line, turn_section, who

TITLES = dict(zip(CARD_NAMES, CARD_TITLES))


def card(name: str) -> str:
    """``rice farmer`` for ``rice``, ``stonemason`` for ``mason``."""
    return TITLES.get(name, name)


def describe(obs: Any, names: Sequence[str] | None = None) -> Description:
    """The description of a Bali or Village of Tani observation."""
    tani = obs.expansion
    more = []
    if obs.active_player != obs.current_player and not obs.is_over:
        more.append(f"Active player: {who(obs.active_player, names, obs.player)}.")
    if obs.pending_rewards:
        more.append(f"Pending shrine rewards: {len(obs.pending_rewards)}.")
    sections = [turn_section(obs, names, more)]
    if obs.player is not None and obs.hand is not None:
        sections.append(section(HAND, [f"card {i + 1}: {card(c)}" for i, c in enumerate(obs.hand)]))
        stock = [f"{k} {n}" for k, n in zip(KINDS, obs.stock)]
        sections.append(section("Your offering stock", stock))
    sections.append(section(SCORES, [f"{seat_heading(p, names, obs.player)}: {v} VP, {obs.stones[p]} stones"
                                     for p, v in enumerate(obs.vp)]))
    square = []
    for c, col in enumerate(obs.square):
        if col:
            square.append(f"column {c + 1}, bottom card first: " + ", ".join(card(x) for x in reversed(col)))
        else:
            square.append(f"column {c + 1}: empty")
    square.append(f"draw pile: {obs.draw_pile} card(s)")
    sections.append(section("Village square", square))
    values = offering_values(list(obs.altar_open))
    altar = [f"{k}: {obs.altar_open[i]} open on the altar, {values[i]} VP per card held, supply {obs.supply[i]}"
             for i, k in enumerate(KINDS)]
    altar.append(f"face down on the altar: {obs.altar_hidden}")
    if obs.player is not None and any(obs.my_hidden_offerings):
        altar.append("yours face down: " + ", ".join(f"{KINDS[k]} {n}" for k, n in enumerate(obs.my_hidden_offerings)
                                                      if n))
    altar.append(f"card revealed for scoring: {obs.revealed or 'none'}")
    sections.append(section("Altar", altar))
    for p in range(obs.num_players):
        played = [f"{card(CARD_NAMES[t])} {n}" for t, n in enumerate(obs.displays[p]) if n]
        items = [f"{obs.stones[p]} stones, {obs.vp[p]} VP",
                 f"{obs.hand_sizes[p]} card(s) in hand, {obs.stock_sizes[p]} in the offering stock",
                 "played cards: " + (", ".join(played) or "none")]
        if tani:
            items.append(f"huts to build: {obs.huts[p]}" + (", has Ganesha" if obs.ganesha == p else ""))
        sections.append(section(seat_heading(p, names, obs.player), items))
    if tani:
        village = []
        for a, fields in enumerate(obs.village):
            owners = ["free" if o < 0 else who(o, names, obs.player) for o in fields]
            village.append(f"{KINDS[a]} area: " + ", ".join(f"field {f + 1} {o}" for f, o in enumerate(owners)))
        village.append("banana tiles left: " + (", ".join(obs.tiles) or "none"))
        village.append(f"Ganesha: {who(obs.ganesha, names, obs.player) if obs.ganesha is not None else 'nobody'}")
        sections.append(section("Village of Tani", village))
    game = "Bali: Village of Tani" if tani else "Bali"
    return Description(title_line(game, obs, names), tuple(sections))


__all__ = ["card", "describe"]
