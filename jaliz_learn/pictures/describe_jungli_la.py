"""Jungli-La in words (see :mod:`.describe`).

>>> import jaliz_learn
>>> d = describe(jaliz_learn.load_game("jungli-la").initial_state(num_players=3, seed=1).observation(0))
>>> d.title
'Jungli-La, turn 1, round 1: your turn (roll). You are P0.'
>>> d.section("P0").items[:2]
('at Start', 'materials: food 1, wood 1, tools 1 (3 of 6 carried)')
>>> d.section("Track").items[0]
'card 1: A10, 0 VP, Professor (Ruin), VP per tools, costs food 0, wood 0, tools 2'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jaliz_learn.games.jungli_la.data import CARDS

from .describe import SCORES, Description, seat_heading, section, title_line, turn_section, who

MATERIAL_WORDS = ("food", "wood", "tools")
FACE_WORDS = {"M1": "move 1", "M2": "move 2", "F": "food", "W": "wood", "T": "tools", "L": "letter"}
EFFECTS = {
    "dice+1": "+1 die", "dice+2": "+2 dice", "virtual:M1": "+1 move", "virtual:F": "+1 food",
    "virtual:W": "+1 wood", "virtual:T": "+1 tools", "virtual:L": "+1 letter", "paleo": "set a die",
    "points": "points only", "prof:F": "VP per food", "prof:W": "VP per wood", "prof:T": "VP per tools",
    "prof:L": "VP per letter", "prof:wagon": "2 VP per wagon", "prof:treasure": "VP per treasure",
    "prof:discovery": "VP per discovery",
}


def card_text(cid: str) -> str:
    """``A10, 1 VP, Paleontologist (archaeologist), +1 letter, costs food 1, wood 0, tools 0``."""
    card = CARDS[cid]
    cost = ", ".join(f"{m} {n}" for m, n in zip(MATERIAL_WORDS, card.cost))
    return f"{cid}, {card.vp} VP, {card.patron} ({card.type}), {EFFECTS.get(card.effect, card.effect)}, costs {cost}"


def where(obs: Any, p: int) -> str:
    """``at Start`` / ``at the Goal`` / ``on card 3 (A06)``."""
    pos = obs.positions[p]
    return "at Start" if pos == 0 else "at the Goal" if pos < 0 else f"on card {pos} ({obs.track[pos - 1]})"


def describe(obs: Any, names: Sequence[str] | None = None) -> Description:
    """The description of a Jungli-La observation."""
    faces = list(obs.dice_faces())
    more = []
    if faces:
        more.append("Dice: " + ", ".join(f"die {i + 1} {FACE_WORDS.get(f, f)}" for i, f in enumerate(faces)) + ".")
    more.append(f"Dice rolled {obs.dice_rolled}, rerolls used {obs.rerolls_used} of 2.")
    if obs.paleo_left:
        more.append(f"Paleontologist changes left: {obs.paleo_left}.")
    sections = [turn_section(obs, names, more)]
    if obs.player is not None:
        own = tuple(obs.own_treasures)
        sections.append(section("Your treasures", [f"treasure worth {v} VP" for v in own] or ["none"]))
    sections.append(section(SCORES, [f"{seat_heading(p, names, obs.player)}: {len(obs.discoveries[p])} discovery "
                                     f"card(s), {obs.treasure_counts[p]} treasure(s)"
                                     for p in range(obs.num_players)]))
    at: dict[int, list[str]] = {}
    for p, pos in enumerate(obs.positions):
        at.setdefault(pos, []).append(who(p, names, obs.player))
    track = [f"card {i + 1}: {card_text(cid)}" + (" — here: " + ", ".join(at[i + 1]) if i + 1 in at else "")
             for i, cid in enumerate(obs.track)]
    k = obs.cards_before_end_card
    end = "the end card is drawn: last round" if obs.end_triggered or k < 0 else f"{k} card(s) above the end card"
    track.append(f"Goal: treasure deck {obs.deck_size} card(s), {end}")
    sections.append(section("Track", track))
    for p in range(obs.num_players):
        mats = obs.materials[p]
        items = [where(obs, p),
                 "materials: " + ", ".join(f"{m} {n}" for m, n in zip(MATERIAL_WORDS, mats))
                 + f" ({sum(mats)} of {obs.material_limits[p]} carried)",
                 f"letters {obs.letters[p]} of {obs.letter_limits[p]}, wagons {obs.wagons[p]}",
                 f"treasures {obs.treasure_counts[p]}",
                 "discoveries: " + (", ".join(obs.discoveries[p]) or "none")]
        sections.append(section(seat_heading(p, names, obs.player), items))
    sections.append(section("Supply", [f"wagons left: {obs.wagon_stock}"]))
    return Description(title_line("Jungli-La", obs, names, f", round {obs.round}"), tuple(sections))


__all__ = ["card_text", "describe", "where"]
