"""What one Jungli-La player may see (:class:`JungliLaObservation`), and its small HTML view."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from itertools import chain, repeat

from ...core.game import Observation
from .common import GOAL
from .data import CARDS, FACES


@dataclass(frozen=True)
class JungliLaObservation(Observation):
    """What one player (or the spectator, ``player=None``) may see. Hidden: Treasure values of
    other players and the order of the Treasure decks (only sizes; JUN-RUL-13).

    ``positions``: 0 Start, k the k-th card of ``track``, -1 the Goal. ``dice``: how many dice show
    each face, in the order M1, M2, F, W, T, L (``dice_faces()`` lists them). ``materials``: (F, W, T)
    per player. ``own_treasures``: the values of the viewer's own Treasure cards.

    Public knowledge a search bot needs to sample the hidden rest (``game.sample_state``):
    ``fresh``, the cards the current player took this turn (their effects wait, JUN-RUL-10);
    ``end_card_holder``, who drew the game-end Treasure card (it is shown, JUN-END-01), else ``None``;
    ``revealed_treasures``, every player's Treasure values once the game is over (scoring), else ``()``.
    """

    start_player: int
    round: int
    track: tuple[str, ...]
    positions: tuple[int, ...]
    materials: tuple[tuple[int, int, int], ...]
    letters: tuple[int, ...]
    wagons: tuple[int, ...]
    discoveries: tuple[tuple[str, ...], ...]
    treasure_counts: tuple[int, ...]
    own_treasures: tuple[int, ...]
    material_limits: tuple[int, ...]
    letter_limits: tuple[int, ...]
    deck_size: int
    cards_before_end_card: int
    end_triggered: bool
    wagon_stock: int
    dice: tuple[int, ...]
    dice_rolled: int
    rerolls_used: int
    paleo_left: int
    moved: bool
    discovered: bool
    fresh: tuple[str, ...]
    end_card_holder: int | None
    revealed_treasures: tuple[tuple[int, ...], ...]

    def dice_faces(self) -> list[str]:
        """The dice as a sorted list of face names."""
        return list(chain.from_iterable(map(repeat, FACES, self.dice)))


def _html(track: tuple[str, ...], pos: tuple[int, ...], materials: Sequence[Sequence[int]],
          letters: tuple[int, ...], wagons: tuple[int, ...], cards: tuple[tuple[str, ...], ...],
          treasures: tuple[int, ...], dice: list[str], current: int | None, decision: str) -> str:
    """A small HTML view: the track with explorers, then one row per player."""
    def who(k: int) -> str:
        return "".join(f"<b>P{q}</b>" for q, x in enumerate(pos) if x == k)

    cells = [f"<td>Start<br>{who(0)}</td>"]
    for i, cid in enumerate(track):
        c = CARDS[cid]
        cost = "/".join(str(x) for x in c.cost)
        cells.append(f"<td title='{escape(c.patron)}'>{cid}<br><small>{escape(c.patron)} {cost} "
                     f"{c.vp}VP</small><br>{who(i + 1)}</td>")
    cells.append(f"<td>Goal<br>{who(GOAL)}</td>")
    rows = "".join(
        f"<tr><td>P{p}{' *' if p == current else ''}</td><td>{'/'.join(map(str, materials[p]))}</td>"
        f"<td>{letters[p]}</td><td>{wagons[p]}</td><td>{' '.join(cards[p])}</td><td>{treasures[p]}</td></tr>"
        for p in range(len(pos)))
    return (f"<div><table><tr>{''.join(cells)}</tr></table>"
            f"<p>Decision: {escape(decision)}; dice: {' '.join(dice) or '-'}</p>"
            "<table><tr><th>player</th><th>F/W/T</th><th>Letters</th><th>Wagons</th><th>Discoveries</th>"
            f"<th>Treasures</th></tr>{rows}</table></div>")
