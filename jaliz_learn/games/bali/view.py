"""What a player may see (BAL-HIDDEN-01) and small HTML tables for Jupyter.

Hidden: the hands of others (sizes only), the contents of others' offering stocks (sizes only), the
face-down altar cards (count only; the placer remembers their own), and the draw pile (size only).
Everything else — displays, stones, VP, supply, the whole village square, the discard pile, the
village board — is public.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaliz_learn.core.game import Observation

from . import data as D

if TYPE_CHECKING:  # pragma: no cover
    from .state import BaliState


@dataclass(frozen=True)
class BaliObservation(Observation):
    """One player's view. Card and kind names are strings; counts are tuples indexed like
    ``data.CARD_NAMES`` (displays) or ``data.KINDS`` (stocks, supply, altar)."""

    expansion: bool
    active_player: int
    hand: tuple[str, ...] | None  # own hand (None for the spectator)
    hand_sizes: tuple[int, ...]
    stock: tuple[int, ...] | None  # own offering stock per kind
    stock_sizes: tuple[int, ...]
    displays: tuple[tuple[int, ...], ...]
    stones: tuple[int, ...]
    vp: tuple[int, ...]
    square: tuple[tuple[str, ...], ...]  # columns, top first, the last card is the takeable bottom card
    draw_pile: int
    supply: tuple[int, ...]
    altar_open: tuple[int, ...]
    altar_hidden: int
    my_hidden_offerings: tuple[int, ...]  # face-down altar cards this player placed
    discard: tuple[str, ...]
    revealed: str | None
    pending_offers: tuple[int, ...]
    huts: tuple[int, ...]
    village: tuple[tuple[int, ...], ...]  # area (KINDS order) -> field 1..3 -> owner or -1
    tiles: tuple[str, ...]
    ganesha: int | None

    def _repr_svg_(self) -> str:
        """The board as SVG, from this observation only (jaliz_learn.pictures.bali)."""
        from jaliz_learn.pictures.bali import svg  # lazy: pictures are optional for the engine

        return svg(self)

    def _repr_html_(self) -> str:
        from jaliz_learn.pictures.bali import html

        return html(self)


#: column (tuple of card ints) -> tuple of names; the square holds few distinct columns
_COLUMN_NAMES: dict[tuple[int, ...], tuple[str, ...]] = {}


def _column_names(col: list[int]) -> tuple[str, ...]:
    key = tuple(col)
    names = _COLUMN_NAMES.get(key)
    if names is None:
        names = _COLUMN_NAMES[key] = tuple(D.CARD_NAMES[c] for c in key)
    return names


def observe(s: BaliState, player: int | None) -> BaliObservation:
    """Build ``player``'s observation from copies (never references to the state).

    Called at every decision of a played game, so it uses ``map`` and a memo of column names.
    """
    name = D.CARD_NAMES.__getitem__
    hand: tuple[str, ...] | None = None
    stock: tuple[int, ...] | None = None
    hidden_mine = [0] * D.NUM_KINDS
    if player is not None:
        hand = tuple(sorted(map(name, s.hands[player])))
        stock = tuple(s.stocks[player])
        for q, k in s.altar_hidden:
            if q == player:
                hidden_mine[k] += 1
    return BaliObservation.fast(
        game=s.game.name, player=player, num_players=s.num_players, current_player=s.current_player(),
        decision=s.decision(), turn=s.log.turn, is_over=s.over, expansion=s.tani, active_player=s.active,
        hand=hand, hand_sizes=tuple(map(len, s.hands)), stock=stock, stock_sizes=tuple(map(sum, s.stocks)),
        displays=tuple(map(tuple, s.displays)), stones=tuple(s.stones), vp=tuple(s.vp),
        square=tuple(map(_column_names, s.square)),
        draw_pile=len(s.deck), supply=tuple(s.supply), altar_open=tuple(s.altar_open),
        altar_hidden=len(s.altar_hidden), my_hidden_offerings=tuple(hidden_mine),
        discard=tuple(map(name, s.discard)),
        revealed=name(s.revealed) if s.revealed is not None else None,
        pending_offers=tuple(s.offer_queue),
        huts=tuple(s.huts), village=tuple(map(tuple, s.village)), tiles=tuple(s.tiles), ganesha=s.ganesha,
    )


def _cell(text: object) -> str:
    return f"<td>{html.escape(str(text))}</td>"


def _html(o: BaliObservation) -> str:
    """A small HTML view: the square, then one row per player, then altar/supply (and the village)."""
    rows = []
    depth = max((len(c) for c in o.square), default=0)
    rows.append("<table><tr><th colspan=4>village square (bottom card takeable)</th></tr>")
    for i in range(depth):
        cells = []
        for col in o.square:
            if i < len(col):
                name = col[i]
                cells.append(f"<td><b>{name}</b></td>" if i == len(col) - 1 else _cell(name))
            else:
                cells.append("<td></td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    rows.append(f"<tr><td colspan=4>draw pile: {o.draw_pile} cards; revealed: {o.revealed or '-'}</td></tr></table>")
    head = "".join(f"<th>{html.escape(n)}</th>" for n in D.CARD_NAMES)
    rows.append("<table><tr><th>player</th><th>stones</th><th>VP</th><th>hand</th><th>stock</th>"
                + head + (("<th>huts</th>" if o.expansion else "") + "</tr>"))
    for p in range(o.num_players):
        mark = " *" if p == o.current_player else ""
        hand = ", ".join(o.hand) if (o.player == p and o.hand is not None) else f"{o.hand_sizes[p]} cards"
        stock = (" ".join(f"{k}:{n}" for k, n in zip(D.KINDS, o.stock)) if (o.player == p and o.stock is not None)
                 else f"{o.stock_sizes[p]} cards")
        rows.append("<tr>" + _cell(f"P{p}{mark}") + _cell(o.stones[p]) + _cell(o.vp[p]) + _cell(hand)
                    + _cell(stock) + "".join(_cell(x) for x in o.displays[p])
                    + (_cell(o.huts[p]) if o.expansion else "") + "</tr>")
    rows.append("</table>")
    rows.append("<table><tr><th></th>" + "".join(f"<th>{k}</th>" for k in D.KINDS) + "</tr>"
                + "<tr><td>supply</td>" + "".join(_cell(x) for x in o.supply) + "</tr>"
                + "<tr><td>altar (open)</td>" + "".join(_cell(x) for x in o.altar_open) + "</tr>"
                + f"<tr><td colspan=5>altar face down: {o.altar_hidden}; discard pile: {len(o.discard)}</td></tr>")
    if o.expansion:
        for k, fields in zip(D.KINDS, o.village):
            owners = ", ".join(f"{i + 1}:{'P' + str(w) if w >= 0 else 'free'}" for i, w in enumerate(fields))
            rows.append(f"<tr><td>village {k}</td><td colspan=4>{owners}</td></tr>")
        gan = "temple" if o.ganesha is None else f"P{o.ganesha}"
        rows.append(f"<tr><td colspan=5>Ganesha: {gan}; banana tiles: {', '.join(o.tiles) or '-'}</td></tr>")
    rows.append("</table>")
    return f"<div><p>{html.escape(o.game)} — turn {o.turn}, decision <b>{o.decision}</b></p>{''.join(rows)}</div>"


def state_html(s: BaliState) -> str:
    """The spectator's picture (the notebook's board), drawn by jaliz_learn.pictures.bali."""
    from jaliz_learn.pictures.bali import html  # lazy: pictures are optional for the engine

    return html(observe(s, None))
