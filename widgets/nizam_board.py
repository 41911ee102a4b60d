"""``NizamBoard``: play Nizam, solo Nizam or Pearl of the East against bots by clicking.

The drawing is :mod:`jaliz_learn.pictures.nizam` (the same as the static picture). Click an
arrow tab at a row or column end to slide that end card across the line: with one way to pay it
is played at once, otherwise the payments you can make appear under your hand; click one. The
canvas buttons draw three cards and score (Nizam) or end the turn (Pearl: the tasks to complete
are chosen in the list under the board when there is a choice). Illegal clicks show the engine's
message with its rule ID.

>>> board = NizamBoard(num_players=2, human=1, seed=3, speed=0)
>>> board.state.current_player(), board.state.decision()
(1, 'draw-or-move')
>>> board.click(*centre(board.layout_geometry.finish_button()))   # "Score" before any move
>>> "NIZ-MOVE-05" in board.error
True
>>> board.click(*centre(board.layout_geometry.draw_button()))
>>> board.error, len(board.observation().hand)
('', 6)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import ipywidgets as widgets

from jaliz_learn.games.nizam import board as B
from jaliz_learn.games.nizam.actions import EndTurn, Move, Score
from jaliz_learn.pictures import nizam as N
from jaliz_learn.pictures.describe_nizam import gem, line_name
from jaliz_learn.pictures.svg import Rect

from .access import Part
from .framework import GameBoard, HitMap, Region, RegionPainter, button, dropdown, join_table, set_options


def centre(rect: Rect) -> tuple[float, float]:
    return rect[0] + rect[2] / 2, rect[1] + rect[3] / 2


class NizamPainter(RegionPainter):
    """The regions of the Nizam picture on the canvas (header, grid, side panel, hand, legend).

    The spectator's hand region (watch mode) shows the hand sizes, so it is redrawn when they change:

    >>> import jaliz_learn
    >>> game = jaliz_learn.load_game("nizam")
    >>> state = game.initial_state(num_players=2, seed=3)
    >>> from jaliz_learn.widgets.framework import make_canvas
    >>> painter = NizamPainter(make_canvas(10, 10), N.NizamLayout(2))
    >>> def hand_sig():
    ...     return next(sig for key, sig, *_ in painter.regions(state.observation(None), {}) if key == "hand")
    >>> before = hand_sig()
    >>> _ = state.apply(game.parse_action("draw", state), state.current_player())
    >>> hand_sig() != before
    True
    """

    def __init__(self, canvas: Any, layout: N.NizamLayout) -> None:
        super().__init__(canvas, layout.width, layout.height, background=N.BG)
        self.layout = layout

    def regions(self, obs: Any, ui: dict[str, Any]) -> Iterable[Region]:
        lay = self.layout
        sel = ui.get("selected_end")
        pearl = obs.game == "pearl-of-the-east"
        turn = (obs.current_player, obs.decision, obs.is_over, obs.moves_made)
        yield ("header", (turn, obs.turn, getattr(obs, "round", 0), ui.get("viewer_label")),
               (0, 0, lay.width, N.HEADER_H), lambda pen, o, u: N.header(pen, lay, o, u))
        yield ("grid", (obs.board, sel, turn, getattr(obs, "changed_lines", ()), ui.get("scored_cells")),
               lay.grid_region(), lambda pen, o, u: N.grid(pen, lay, o, u))
        side = (obs.hand_sizes, obs.deck_size, obs.discard, obs.deck_runouts, turn, obs.board,
                obs.completed if pearl else obs.scores, getattr(obs, "tasks_left", ()),
                getattr(obs, "changed_lines", ()), ui.get("seat_names"))
        yield ("panel", side, lay.panel_region(), lambda pen, o, u: N.panel(pen, lay, o, u))
        # a spectator's "hand" is the line of hand sizes (no cards): without them here it went stale
        spectator = obs.hand_sizes if obs.player is None else ()
        yield ("hand", (obs.hand, obs.player, sel, tuple(ui.get("pay_options") or ()), obs.is_over, spectator),
               lay.hand_region(), lambda pen, o, u: N.hand(pen, lay, o, u))
        yield ("legend", pearl, lay.legend_region(), lambda pen, o, u: N.legend(pen, lay, o, u))


class NizamBoard(GameBoard):
    """A live Nizam table (``game="nizam"``, solo with ``num_players=1``) or Pearl of the East
    (``game="pearl-of-the-east"``): one human seat (or none) against bots (``"greedy"``, ``"random"``
    or bot objects)."""

    hints = {
        "draw-or-move": "draw 3 cards (button on the board) or click an arrow tab to slide a line",
        "move-or-score": "slide another line, or Score: the gold-framed runs score",
        "move-or-end": "slide another line, or End turn (complete tasks with the runs on the board)",
    }

    def __init__(self, num_players: int = 2, human: int | None = 0, bots: Any = "greedy", seed: int = 7,
                 game: str = "nizam", speed: float = 0.3, options: dict[str, Any] | None = None,
                 fit: bool = False, join: str | None = None, name: str | None = None) -> None:
        state = join_table(join, name) if join else None  # a seat of a live table (see jaliz_learn.tables)
        n = state.num_players if state is not None else num_players if isinstance(num_players, int) else 2
        self.layout_geometry = N.NizamLayout(n)
        self._scoring_cells: tuple[int, ...] = ()
        super().__init__(game, num_players=num_players, human=human, bots=bots, seed=seed, speed=speed,
                         options=options, size=(self.layout_geometry.width, self.layout_geometry.height), fit=fit,
                         state=state)

    # ------------------------------------------------------------------ framework hooks
    def make_painter(self, canvas: Any) -> NizamPainter:
        self.layout_geometry = N.NizamLayout(self.state.num_players)
        self.ui.update(selected_end=None, pay_options=(), scored_cells=())
        return NizamPainter(canvas, self.layout_geometry)

    def hit_areas(self, obs: Any, hits: HitMap) -> None:
        lay = self.layout_geometry
        for line in range(2 * B.SIDE):
            for first in (True, False):
                hits.add(lay.end_rect(line, first), ("end", line, first))
        hits.add(lay.draw_button(), ("draw",))
        hits.add(lay.finish_button(), ("finish",))
        for i, _pay in enumerate(tuple(self.ui.get("pay_options") or ())[:8]):
            hits.add(lay.pay_rect(i), ("pay", i))

    def before_move(self, player: int, action: Any) -> None:
        self._scoring_cells = ()
        if isinstance(action, Score):  # remember which cards leave the board (marked after the refill)
            scoring, _idle, _points = N.runs_now(self.state.observation(None))
            self._scoring_cells = tuple(sorted({c for r in scoring for c in B.run_cells(r)}))

    def after_move(self, player: int) -> None:
        last = self.state.history[-1][1] if len(self.state.history) else None
        if isinstance(last, Score):
            self.ui["scored_cells"] = self._scoring_cells
        elif isinstance(last, Move):
            self.ui["scored_cells"] = ()
        if player == self.human:
            self.ui.update(selected_end=None, pay_options=())

    def on_target(self, target: Any) -> None:
        kind = target[0]
        if kind == "end":
            self.choose_end(target[1], target[2])
        elif kind == "pay":
            sel, options = self.ui.get("selected_end"), tuple(self.ui.get("pay_options") or ())
            if sel is not None and target[1] < len(options):
                self.apply(self._move(sel[0], sel[1], options[target[1]]))
        elif kind == "draw":
            self.apply("draw")
        elif kind == "finish":
            self.finish_turn()

    # ------------------------------------------------------------------ keyboard (widgets.keyboard)
    def parts(self, obs: Any) -> list[Part]:
        """The board's cells row by row (they read their gem), the line ends (Enter slides, as a click on the
        arrow tab), the payments once an end is chosen, the hand, and the actions."""
        cells = "".join(obs.board)
        out = [Part(f"cell-{r}-{c}", f"Board row {r + 1}", f"row {r + 1} column {c + 1}: {gem(cells[r * B.SIDE + c])}")
               for r in range(B.SIDE) for c in range(B.SIDE)]
        sel = self.ui.get("selected_end")
        for line in range(2 * B.SIDE):
            for first in (True, False):
                end = B.end_names(line)[0 if first else 1]
                label = f"slide {line_name(line)} from the {end} ({gem(cells[B.end_cell(line, first)])})"
                out.append(Part(f"end-{line}-{int(first)}", "Line ends", label, ("end", line, first),
                                pressed=sel == (line, first)))
        for i, pay in enumerate(tuple(self.ui.get("pay_options") or ())[:8]):
            out.append(Part(f"pay-{i}-{pay}", "Pay with", "pay " + ", ".join(gem(c) for c in pay), ("pay", i)))
        if obs.player is not None and obs.hand is not None:
            out += [Part(f"hand-{i}", "Your hand", gem(c)) for i, c in enumerate(obs.hand)]
        return out + self.action_parts(self.legal())

    def button_actions(self, legal: Sequence[Any]) -> list[Any]:
        return [a for a in legal if not isinstance(a, Move)]

    def cancel(self) -> str:
        if self.ui.get("selected_end") is None:
            return "nothing to cancel"
        self._cancel()
        return "line end choice cancelled"

    # ------------------------------------------------------------------ moves
    @staticmethod
    def _move(line: int, first: bool, pay: str) -> Move:
        return Move(B.LINE_NAMES[line], B.end_names(line)[0 if first else 1], pay)

    def payments(self, line: int, first: bool) -> list[str]:
        """The payments the human can make now to slide this end (single card first)."""
        name, end = B.LINE_NAMES[line], B.end_names(line)[0 if first else 1]
        pays = [a.pay for a in self.legal() if isinstance(a, Move) and a.line == name and a.end == end]
        return sorted(pays, key=lambda p: (len(p), p))

    def choose_end(self, line: int, first: bool) -> None:
        """A click on an end tab: play it if there is one way to pay, else offer the payments."""
        if self.ui.get("selected_end") == (line, first):  # a second click cancels the choice
            self.ui.update(selected_end=None, pay_options=())
            self._render()
            return
        options = self.payments(line, first)
        if len(options) == 1:
            self.apply(self._move(line, first, options[0]))
        elif not options:
            # let the engine say why (not your turn, no matching card and fewer than three, ...)
            end_kind = "".join(self.observation().board)[B.end_cell(line, first)]
            self.ui.update(selected_end=None, pay_options=())
            self.apply(self._move(line, first, end_kind if end_kind in B.KINDS else "AAA"))
        else:
            self._set_error("")
            self.ui.update(selected_end=(line, first), pay_options=tuple(options))
            self._render()

    def finish_turn(self) -> None:
        """The Score / End turn button: Nizam scores; Pearl ends (choose tasks in the list if there is a choice)."""
        if self.game.name != "pearl-of-the-east":
            self.apply("score")
            return
        ends = [a for a in self.legal() if isinstance(a, EndTurn)]
        if len(ends) <= 1:
            self.apply(ends[0] if ends else "end")
        else:
            self.set_note("choose the tasks to complete in the 'end turn' list below, then End turn")

    # ------------------------------------------------------------------ controls
    def game_controls(self) -> list[widgets.Widget]:
        self.draw_btn = button("Draw 3", lambda: self.apply("draw"), "take the top three cards of the deck")
        self.finish_btn = button("Score" if self.game.name != "pearl-of-the-east" else "End turn",
                                 self._finish_from_widgets, "finish the moves of this turn", style="success")
        self.end_dd = dropdown("260px", "end turn")
        self.pay_dd = dropdown("150px", "pay")
        self.pay_btn = button("Pay", self._pay_from_list, "slide the selected end, paying these cards")
        self.cancel_btn = button("Cancel choice", self._cancel, "forget the selected row or column end")
        return [widgets.HBox([self.draw_btn, self.finish_btn, self.end_dd, self.pay_dd, self.pay_btn,
                              self.cancel_btn], layout=widgets.Layout(flex_flow="row wrap"))]

    def _pay_from_list(self) -> None:
        sel = self.ui.get("selected_end")
        if sel is None or self.pay_dd.value is None:
            self._set_error("click an arrow tab at a row or column end first")
            return
        self.apply(self._move(sel[0], sel[1], self.pay_dd.value))

    def _finish_from_widgets(self) -> None:
        if self.game.name == "pearl-of-the-east" and self.end_dd.value is not None:
            self.apply(self.end_dd.value)
        else:
            self.finish_turn()

    def _cancel(self) -> None:
        self.ui.update(selected_end=None, pay_options=())
        self._render()

    def sync_game_controls(self, obs: Any, legal: Sequence[Any]) -> None:
        mine = bool(legal)
        self.draw_btn.disabled = not (mine and obs.moves_made == 0)
        self.finish_btn.disabled = not (mine and obs.moves_made > 0)
        pearl = self.game.name == "pearl-of-the-east"
        ends = [str(a) for a in legal if isinstance(a, EndTurn)] if pearl and mine and obs.moves_made else []
        set_options(self.end_dd, ends)
        self.end_dd.layout.display = "flex" if ends else "none"
        options = list(self.ui.get("pay_options") or ())
        set_options(self.pay_dd, options)
        for w in (self.pay_dd, self.pay_btn):
            w.layout.display = "flex" if options else "none"
        self.cancel_btn.disabled = self.ui.get("selected_end") is None


__all__ = ["NizamBoard", "NizamPainter"]
