"""The board framework: one ipycanvas board with the controls every game shares.

How to write a board
--------------------
A game's board is **a painter, its hit areas and its game-specific controls** — nothing more.
Subclass :class:`GameBoard` and fill in the hooks::

    from jaliz_learn.pictures.svg import Pen          # the drawing calls (also used for SVG pictures)
    from .framework import GameBoard, HitMap, RegionPainter

    class MyPainter(RegionPainter):                   # redraws only the regions that changed
        def regions(self, obs, ui):                   # [(key, signature, rect, draw(pen, obs, ui)), ...]
            return [("all", (obs.turn, obs.board, ui.get("sel")), (0, 0, W, H),
                     lambda pen, o, u: my_pictures.draw(pen, o, u))]

    class MyBoard(GameBoard):
        def __init__(self, num_players=2, human=0, bots="random", seed=0, speed=0.3, **kw):
            super().__init__("my-game", num_players=num_players, human=human, bots=bots, seed=seed,
                             speed=speed, size=(W, H), **kw)

        def make_painter(self, canvas):                # called once by GameBoard.__init__
            return MyPainter(canvas, W, H, background="#f7f3e8")

        def hit_areas(self, obs, hits: HitMap):        # after every redraw: clickable rectangles
            hits.add((10, 10, 50, 50), ("cell", 0))    # a target value -> self.on_target(target)
            hits.add((70, 10, 50, 20), lambda: self.apply("draw"))   # or a callback

        def on_target(self, target):                   # a click on a value target
            self.apply(f"take {target[1]}")            # apply() shows illegal moves with their rule ID

        def game_controls(self):                       # optional rows of ipywidgets (built once)
            return [widgets.HBox([...])]

        def sync_game_controls(self, obs, legal):      # optional: after every move, update them
            ...

        def hint(self, obs):                           # optional: what the human should do now
            return "click a cell"

* ``board.apply(action_or_text)`` plays for the human seat (or the player to move in watch mode),
  returns True/False, puts the engine's message (with its rule ID) in ``board.error`` and the
  error line, and then lets the bots move (on the kernel's event loop every ``speed`` seconds, or
  at once when ``speed == 0`` or no loop runs).
* ``board.ui`` is a dict for selections etc.; put what the painter shows in it and call
  ``board.redraw()``. ``board.click(x, y)`` does what a mouse click does (tests).
* Shared controls, built by the framework: whose turn and the hint (``status``), the error line
  (``error_html``), a dropdown of the legal actions (``all_dd``, only while the list is short:
  at most :data:`MAX_LISTED`; override :meth:`GameBoard.listed_actions` to leave some out), a
  text box for any action (``text_in``), pause/resume and the bots' pace (``pause``, ``pace``) and
  the log (``log_html``); at a live table, the turn deadline counted down (``countdown``,
  :mod:`.countdown`). A new front-end (page reload, Voila) redraws everything
  (:func:`reset_client_canvas`).
* Text is data: every HTML line puts participants' text (names, messages, notices, engine errors)
  in through :func:`jaliz_learn.pictures.markup.esc` only, never into a tag (issue 49).
* Replays: ``ReplayViewer`` draws a game on a canvas once its board module calls
  ``replay.register_replay_painter(game, factory)`` (``factory(num_players)`` returns
  ``(width, height, make_painter)``); otherwise it shows the game's static picture.
* Static pictures: draw with the :class:`~jaliz_learn.pictures.svg.Pen` calls in a pure-Python
  module of ``jaliz_learn/pictures/`` and use it both from the painter (through
  :class:`CanvasPen`) and for ``_repr_svg_`` (through :class:`~jaliz_learn.pictures.svg.Svg`).
* Keyboard and screen readers (issue 50; :mod:`.keyboard` is the kernel's side, :mod:`.access` the page's):
  override :meth:`GameBoard.parts` (rows of :class:`~.access.Part`: what each reads, what Enter does: a click
  target, an action, a callable or nothing), :meth:`GameBoard.button_actions` (the "Actions" row: the legal
  actions with no part) and :meth:`GameBoard.cancel` (Escape); the description is the game's
  ``jaliz_learn.pictures.describe`` function. In the page (what tests drive): the board's root ``.jaliz-board``
  (with ``data-lm-suppress-shortcuts``; its ``<canvas>`` has ``tabindex=-1`` and ``aria-hidden``) holds one
  ``section.jaliz-access`` named by ``aria-label`` ("Nizam board (you are P0)"), with ``.jaliz-parts``
  (``role=group``), one ``.jaliz-row`` group per row (named by its ``.jaliz-rowname``), ``button.jaliz-part``
  (``data-id``, ``aria-pressed`` for selections, one of them ``tabindex=0``), one live region ``[role=log]``
  (``aria-live=polite``), the description ``.jaliz-desc`` (``h4`` and ``ul``) and the key list ``.jaliz-help``.
  Keys: arrows/Home/End move, Enter/Space play, Escape cancels, ``t h s l a 0-9 d ?`` ask
  (:data:`.keyboard.KEYS`); Tab and Shift+Tab are never taken. ``board.activate_part(id)`` and
  ``board.handle_key(key)`` do what the page's messages do; ``board.access.said()`` is what was announced.

>>> hits = HitMap()
>>> hits.add((0, 0, 10, 10), "under"); hits.add((5, 5, 10, 10), "over")
>>> hits.at(7, 7), hits.at(1, 1), hits.at(50, 50)
('over', 'under', None)
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

import jaliz_learn
from jaliz_learn.bots import make_bot
from jaliz_learn.core.errors import JalizLearnError
from jaliz_learn.core.rng import hash_seed
from jaliz_learn.core.text import check_name
from jaliz_learn.pictures.markup import esc
from jaliz_learn.pictures.palette import OKABE_SEATS
from jaliz_learn.pictures.svg import INK, seat_name
from jaliz_learn.tables.client import RemoteState, TableClient

from .access import name_controls
from .countdown import Countdown, deadline_label, read_deadline
from .keyboard import KeyboardBoard
from .painting import (  # noqa: F401 - re-exported: boards import the drawing parts from here
    CanvasPen,
    HitMap,
    Region,
    RegionPainter,
    make_canvas,
    resend_states,
    reset_client_canvas,
)
from .surface import Canvas, SvgSurface  # noqa: F401 - re-exported (boards import them from here)

#: The legal-action dropdown is shown only while the list is at most this long (else: the text box).
MAX_LISTED = 40
LOG_LINES = 8
#: One colour per seat (names, borders): Okabe-Ito hues, each >= 4.5:1 on white and the light board backgrounds.
SEAT_COLOURS = OKABE_SEATS
ERROR_COLOUR = "#b00020"

# ---------------------------------------------------------------- small widget helpers


#: A button's colour for each ``button_style``: ipywidgets' own green and teal carry white text at 4.1:1 and
#: 3.5:1 (measured in JupyterLab); these are 4.5:1 or more (WCAG 1.4.3), the same hues, darker.
BUTTON_COLOURS = {"success": "#1b5e20", "info": "#0d47a1", "primary": "#0d47a1", "warning": "#6d4c00",
                  "danger": "#b00020"}


def button(description: str, handler: Callable[[], Any], tooltip: str = "", width: str = "auto",
           style: str = "") -> widgets.Button:
    b = widgets.Button(description=description, tooltip=tooltip or description, button_style=style,
                       layout=widgets.Layout(width=width))
    if style in BUTTON_COLOURS:
        b.style.button_color = BUTTON_COLOURS[style]
        b.style.text_color = "#ffffff"
    b.on_click(lambda _b: handler())
    return b


def dropdown(width: str = "130px", description: str = "") -> widgets.Dropdown:
    return widgets.Dropdown(options=[], description=description, layout=widgets.Layout(width=width),
                            style={"description_width": "initial"})


def set_options(dd: Any, options: list[Any]) -> None:
    """Set a selection widget's options only if they changed (each change is a message to the browser);
    a drop-down then shows its first option (not a blank choice)."""
    if tuple(dd.options) != tuple(options):
        dd.options = options
        if options and isinstance(dd, widgets.Dropdown) and dd.index is None:
            dd.index = 0


def running_loop() -> Any:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def make_bots(game: Any, bots: Any, n: int, human: int | None, seed: int) -> list[Any]:
    """One bot per non-human seat from a bot name, a bot object, or a list (per seat or per bot seat)."""
    seats = [s for s in range(n) if s != human]
    if isinstance(bots, str) or hasattr(bots, "act"):
        per_seat: list[Any] = [bots] * n
    elif isinstance(bots, Sequence):
        if len(bots) == n:
            per_seat = list(bots)
        elif len(bots) == len(seats):
            per_seat = [None] * n
            for s, b in zip(seats, bots):
                per_seat[s] = b
        else:
            raise jaliz_learn.InvalidOption(f"bots: give one per seat ({n}) or one per bot seat ({len(seats)}), "
                                            f"not {len(bots)}")
    else:
        raise jaliz_learn.InvalidOption(f"bots must be a bot name, a bot object or a list of them, not {bots!r}")
    out: list[Any] = [None] * n
    for s in seats:
        b = per_seat[s]
        if isinstance(b, str):
            b = make_bot(b, game.name, hash_seed(seed, 1000 + s))
        elif b is None or not callable(getattr(b, "act", None)):
            raise jaliz_learn.InvalidOption(f"seat {s} needs a bot (a name or an object with act()), not {b!r}")
        out[s] = b
    return out


def join_table(link: str, name: str | None = None) -> RemoteState:
    """Connect to a live table's seat (or spectator) link: the state a board joined with ``join=`` draws.

    ``name`` must be a name the table accepts (:func:`~jaliz_learn.core.text.check_name`: 1-40 printable
    characters, no control or direction characters); a bad one is refused here, with the reason, before
    connecting (the server refuses it too).
    """
    return TableClient(link, name=check_name(name) if name is not None else None).state


# ---------------------------------------------------------------- the board


class GameBoard(KeyboardBoard, widgets.VBox):
    """A live table of any game: one human seat (or none: watch the bots) against bots.

    ``game``: a registered game name; ``bots``: a bot name for every other seat, a list with
    one entry per seat (names or objects with ``act(observation, legal_actions)``; the human
    seat's entry is ignored) or one per bot seat. ``speed``: seconds between bot moves (0: all at
    once). ``size``: the canvas size in pixels. ``fit=True`` stretches the canvas to the page
    width (Voila, projectors). ``state``: start from this state instead of a new game.
    """

    #: Subclasses may use their own words for the hint line of the human's turn.
    hints: dict[str, str] = {}

    def __init__(self, game: str, *, num_players: int | None = None, human: int | None = 0, bots: Any = "random",
                 seed: int = 7, speed: float = 0.3, options: dict[str, Any] | None = None,
                 size: tuple[int, int] = (800, 500), fit: bool = False, state: Any = None) -> None:
        #: a seat of a live table (``state`` is a :class:`~jaliz_learn.tables.RemoteState`): no local bots
        self.remote = isinstance(state, RemoteState)
        self.game = state.game if self.remote else jaliz_learn.load_game(game, **(options or {}))
        self.state: Any = state if state is not None else self.game.initial_state(num_players=num_players, seed=seed)
        n = self.state.num_players
        if self.remote:
            human = state.seat
        if human is not None and not (isinstance(human, int) and not isinstance(human, bool) and 0 <= human < n):
            raise jaliz_learn.InvalidOption(f"human must be a seat 0-{n - 1} or None, not {human!r}")
        self.human = human
        self.seed = seed
        self.speed = float(speed)
        self.bots = [None] * n if self.remote else make_bots(self.game, bots, n, human, seed)
        self.error = ""
        self.ui: dict[str, Any] = {}
        self.hits = HitMap()
        self.size = size
        self.canvas = make_canvas(size[0], size[1], fit=fit)
        self.painter = self.make_painter(self.canvas)
        self._timer: Any = None
        self._bot_failed = False
        self.bot_moves = 0
        self._legal_cache: tuple[int, Any] | None = None
        self._build_common_controls()
        # the keyboard and screen-reader layer (widgets.keyboard, widgets.access): parts, words, live region
        self._init_keyboard(self.board_label())
        #: the turn deadline of a live table (None on a local board: nothing is timed there)
        self.countdown: Countdown | None = Countdown() if self.remote else None
        self._deadline_seen = -1  # the state's update count the countdown was last set from
        rows = list(self.game_controls())
        self.controls = widgets.VBox([*rows, self.common_row], layout=widgets.Layout(width="auto"))
        # the status line sits right under the canvas: next to the hand, which boards draw at the bottom
        top = [self.canvas, self.status] + ([self.countdown] if self.countdown is not None else []) + [self.access]
        super().__init__(children=[*top, self.error_html, self.controls, self.log_html],
                         layout=widgets.Layout(width="auto", overflow="visible"))
        self.add_class("jaliz-board")  # the keyboard layer finds the board's root by it (widgets.access)
        name_controls(self.controls, self.access)
        self.canvas.on_mouse_down(self._on_mouse_down)
        self.canvas.on_client_ready(self._on_client_ready)
        self._render_lock = threading.RLock()
        self._render_queued = False  # a drawing of the latest update is queued on the kernel's loop
        self._queue_lock = threading.Lock()
        self._loop = running_loop()
        if self.remote:  # the table's updates arrive in the client's thread: draw them on the kernel's loop
            self.pause.layout.display = self.pace.layout.display = "none"
            if human is None:  # a spectator's (or the teacher's) board: nothing to play
                self.controls.layout.display = "none"
            state.client.on_update = self._on_remote_update
        self._render()
        self.run_bots(sync=self.speed == 0)

    # ------------------------------------------------------------------ hooks for a game's board
    def make_painter(self, canvas: Any) -> RegionPainter:  # pragma: no cover - abstract
        """The painter of this board (called once, in ``__init__``)."""
        raise NotImplementedError

    def hit_areas(self, obs: Any, hits: HitMap) -> None:
        """Register the clickable rectangles of ``obs`` as drawn now (called after every redraw)."""

    def on_target(self, target: Any) -> None:
        """A click on a registered value target (callable targets are simply called)."""

    def hit_test(self, x: float, y: float) -> Any:
        """What a click at (x, y) hits (default: the :class:`HitMap`)."""
        return self.hits.at(x, y)

    def game_controls(self) -> list[widgets.Widget]:
        """Rows of game-specific widgets above the common controls (built once)."""
        return []

    def sync_game_controls(self, obs: Any, legal: Sequence[Any]) -> None:
        """Update the game-specific widgets after a change (``legal``: the human's legal actions now)."""

    def listed_actions(self, legal: Sequence[Any]) -> list[Any]:
        """The legal actions the dropdown may list (e.g. leave out what a builder composes)."""
        return list(legal) if len(legal) <= MAX_LISTED else []

    def hint(self, obs: Any) -> str:
        """What the human should do now (shown in the status line on their turn)."""
        return self.hints.get(obs.decision, "choose an action below, or type one")

    def ui_state(self) -> dict[str, Any]:
        """The ``ui`` dict given to the painter (subclasses add derived values): who is looking and, at a live
        table, the names the seats joined with (the boards write them beside the seat numbers)."""
        self.ui["viewer_label"] = "spectator (watch mode)" if self.human is None else f"you are P{self.human}"
        self.ui["seat_names"] = tuple(self.state.names) if self.remote else None
        return self.ui

    # ------------------------------------------------------------------ bots
    def _bot_to_move(self) -> bool:
        if self.remote:  # the table's server moves the other seats
            return False
        cur = self.state.current_player()
        return cur is not None and cur != self.human and not self._bot_failed and not self.pause.value

    def _on_remote_update(self, _state: Any) -> None:
        if self._loop is not None and self._loop.is_running():
            # one drawing queued at a time: a burst of updates (a table moved on by its deadlines plays hundreds of
            # moves in seconds) costs the kernel one drawing of the latest state, not a backlog of stale ones
            with self._queue_lock:  # not the drawing's lock: reading the table never waits for a drawing
                if self._render_queued:
                    return
                self._render_queued = True
            self._loop.call_soon_threadsafe(self._render_latest)
        else:  # no event loop (a script, a test): draw now, one drawing at a time
            self._render()

    def _render_latest(self) -> None:
        with self._queue_lock:
            self._render_queued = False  # first: an update that arrives while this draws queues the next drawing
        self._render()

    def _bot_step(self) -> bool:
        seat = self.state.current_player()
        bot = self.bots[seat]
        try:
            legal = self.state.legal_actions(seat)
            action = bot.act(self.state.observation(seat), legal)
            self.before_move(seat, action)
            self.state.apply(action, seat)
        except Exception as exc:  # a learner's bot may fail in any way: show it, stop the bots
            self._bot_failed = True
            self._set_error(f"bot in seat {seat} failed: {type(exc).__name__}: {exc}")
            return False
        self.bot_moves += 1
        self.after_move(seat)
        return True

    def before_move(self, player: int, action: Any) -> None:
        """Called just before ``action`` is applied (human or bot; it may still turn out illegal)."""

    def after_move(self, player: int) -> None:
        """Called after every legal move (human or bot); boards may reset selections here."""

    def run_bots(self, sync: bool | None = None) -> int:
        """Let the bots move until the human must decide (or the game ends).

        ``sync=True`` (default when ``speed == 0``) plays them all now and returns how many moves
        were made; otherwise one move is scheduled every ``speed`` seconds on the event loop.
        """
        if sync is None:
            sync = self.speed <= 0
        if not sync:
            loop = running_loop()
            if loop is not None:
                self._schedule(loop)
                return 0
        moves = 0
        while self._bot_to_move():
            if not self._bot_step():
                break
            moves += 1
        self._render()
        return moves

    def _schedule(self, loop: Any) -> None:
        if self._timer is not None or not self._bot_to_move():
            return
        self._timer = loop.call_later(max(self.speed, 0.0), self._tick)

    def _tick(self) -> None:
        self._timer = None
        if not self._bot_to_move():
            return
        self._bot_step()
        self._render()
        if self.speed <= 0:
            self.run_bots(sync=True)
            return
        loop = running_loop()
        if loop is not None:
            self._schedule(loop)

    # ------------------------------------------------------------------ playing
    def apply(self, action: Any) -> bool:
        """Play ``action`` (an Action or its text) for the human seat, as a click would.

        Returns True if it was played; an illegal or unreadable action leaves the game as it was
        and puts the engine's message (with the rule ID) into ``board.error`` and the widget."""
        player = self.human if self.human is not None else self.state.current_player()
        try:
            if isinstance(action, str):
                action = self.game.parse_action(action, self.state)
            self.before_move(player, action)
            self.state.apply(action, player)
        except (JalizLearnError, ValueError, ConnectionError) as exc:  # ConnectionError: a live table is gone
            self._set_error(str(exc))
            self._render()
            return False
        self._set_error("")
        self.after_move(player)
        self._render()
        self.run_bots()
        return True

    def observation(self) -> Any:
        """What the board shows: the human's observation (the spectator's in watch mode)."""
        return self.state.observation(self.human)

    def legal(self) -> Sequence[Any]:
        """The human's legal actions now (empty when it is not their turn); cached per position."""
        if self.human is None or self.state.current_player() != self.human:
            return ()
        # a live table's state counts every update it receives (a table that starts changes the legal actions
        # without an action); a local one changes only with an action
        key = self.state.updates if self.remote else len(self.state.history)
        if self._legal_cache is None or self._legal_cache[0] != key:
            self._legal_cache = (key, self.state.legal_actions(self.human))
        return self._legal_cache[1]

    def _set_error(self, text: str) -> None:
        self.error = text
        # a red bar beside the message is the shape cue (no emoji glyph that a font might lack)
        self.error_html.value = (f"<div style='color:{ERROR_COLOUR};font-weight:bold;line-height:1.35;"
                                 f"white-space:pre-wrap;border-left:4px solid {ERROR_COLOUR};padding-left:6px'>"
                                 f"{esc(text)}</div>" if text else "")
        if text and hasattr(self, "access"):
            self.access.say(text)  # an illegal action's message reaches the live region too

    def set_note(self, note: str) -> None:
        """Show a short note after the status line (e.g. what a click selected)."""
        self.status.value = self._status_html(self.observation(), note=note)
        self.access.say(note)

    # ------------------------------------------------------------------ clicks
    def click(self, x: float, y: float) -> None:
        """Do what a mouse click at board coordinates (x, y) does (tests, keyboard-free demos)."""
        self._on_mouse_down(x, y)

    def _on_mouse_down(self, x: float, y: float) -> None:
        target = self.hit_test(x, y)
        if target is None:
            return
        if callable(target):
            target()
        else:
            self.on_target(target)

    # ------------------------------------------------------------------ reload / Voila
    def _on_client_ready(self) -> None:
        reset_client_canvas(self.canvas)
        self.painter.invalidate()
        self._render()
        if self.countdown is not None:
            self.countdown.refresh()  # the new page counts from its own load: send it the time left now
        resend_states(self)  # the widget updates a connecting page may have dropped (see resend_states)

    def redraw(self) -> None:
        """Repaint what changed (after changing ``board.ui``)."""
        self._render()

    @property
    def palette(self) -> str:
        """The board's colours: ``"default"``, ``"okabe-ito"`` or ``"high-contrast"`` (see
        :mod:`jaliz_learn.pictures.palette`); set it to repaint the board in another (``$JALIZ_LEARN_PALETTE``
        chooses the first palette of every board)."""
        return str(self.painter.palette)

    @palette.setter
    def palette(self, name: str) -> None:
        self.painter.set_palette(name)
        self.redraw()

    # ------------------------------------------------------------------ common controls
    def _build_common_controls(self) -> None:
        self.status = widgets.HTML()
        self.error_html = widgets.HTML()
        self.log_html = widgets.HTML(layout=widgets.Layout(max_height="160px", overflow="auto"))
        self.all_dd = dropdown("330px", "legal actions")
        self.all_btn = button("Apply", lambda: self._apply_dd(self.all_dd), "play the chosen legal action")
        self.text_in = widgets.Text(placeholder="or type an action", continuous_update=False,
                                    tooltip="type an action in notation, then Enter",
                                    layout=widgets.Layout(width="230px"))
        self.text_btn = button("Play", self._play_text, "play the typed action")
        self.text_in.observe(lambda _c: self._play_text(), names="value")  # Enter (or leaving the box)
        self.pause = widgets.ToggleButton(value=False, description="Pause bots", tooltip="pause / resume the bots",
                                          layout=widgets.Layout(width="auto"))
        self.pause.observe(lambda _c: self._on_pause(), names="value")
        self.pace = widgets.FloatSlider(value=self.speed, min=0.0, max=2.0, step=0.1, description="bot pace (s)",
                                        continuous_update=False, style={"description_width": "initial"},
                                        layout=widgets.Layout(width="220px"))
        self.pace.observe(lambda c: setattr(self, "speed", float(c["new"])), names="value")
        self.common_row = widgets.HBox([self.all_dd, self.all_btn, self.text_in, self.text_btn, self.pause, self.pace],
                                       layout=widgets.Layout(flex_flow="row wrap"))

    def _on_pause(self) -> None:
        self.pause.description = "Resume bots" if self.pause.value else "Pause bots"
        if not self.pause.value:
            self.run_bots()
        else:
            self._render()

    def _play_text(self) -> None:
        text = self.text_in.value.strip()
        if text and self.apply(text):
            self.text_in.value = ""

    def _apply_dd(self, dd: widgets.Dropdown) -> None:
        if dd.value is None:
            self._set_error("nothing to choose here now")
            return
        self.apply(dd.value)

    def _sync_common(self, legal: Sequence[Any]) -> None:
        texts = [str(a) for a in self.listed_actions(legal)]
        total = len(legal)
        if texts:
            self.all_dd.description = f"legal actions ({len(texts)})" if len(texts) == total else \
                f"{len(texts)} of {total} legal actions"
        else:
            self.all_dd.description = f"{total} legal actions: type one" if total else "legal actions"
        self.all_dd.layout.display = "flex" if texts else "none"
        self.all_btn.layout.display = "flex" if texts else "none"
        set_options(self.all_dd, texts)
        self.all_btn.disabled = not texts

    # ------------------------------------------------------------------ drawing
    def seat_label(self, p: int) -> str:
        """"P1", or "P1 Ana" at a live table where seat 1 joined as "Ana" (controls and the status line)."""
        return seat_name(p, self.state.names if self.remote else None)

    def turn_text(self, obs: Any) -> str:
        """The status line: game over, the human's turn with the hint, or which bot decides."""
        if obs.is_over:
            out = self.state.outcome()
            win = ", ".join(self.seat_label(p) for p in out.winners) if out and out.winners else "nobody"
            scores = ", ".join(f"{self.seat_label(p)} {s:g}" for p, s in enumerate(out.scores)) if out else ""
            return f"<b>Game over.</b> Winner(s): {esc(win)}. Scores: {esc(scores)}"
        cur = obs.current_player
        if self.remote and self.state.waiting:
            return "Waiting for seat(s) " + ", ".join(f"P{s}" for s in self.state.waiting) + " to join the table…"
        if self.human is not None and cur == self.human:
            return f"<b>Your turn</b> ({esc(obs.decision)}): " + esc(self.hint(obs))
        colour = SEAT_COLOURS[cur % len(SEAT_COLOURS)] if cur is not None else INK
        if self.remote:
            name = self.state.names[cur] if cur is not None and cur < len(self.state.names) else "?"
            return (f"<span style='color:{colour}'><b>P{cur}</b></span> ({esc(name)}) decides "
                    f"<i>{esc(obs.decision)}</i>…")
        bot = self.bots[cur] if cur is not None else None
        name = getattr(bot, "name", type(bot).__name__)
        paused = " (paused)" if self.pause.value else ""
        return (f"<span style='color:{colour}'><b>P{cur}</b></span> ({esc(str(name))} bot) decides "
                f"<i>{esc(obs.decision)}</i>{paused}…")

    def _status_html(self, obs: Any, note: str | None = None) -> str:
        text = self.turn_text(obs)
        if self.remote and self.state.notice:
            note = f"{self.state.notice}; {note}" if note else self.state.notice
        if note:
            text += f" <span style='color:#4a4a4a'>[{esc(note)}]</span>"
        return f"<div style='font-size:14px;color:{INK}'>{text}</div>"

    def _sync_countdown(self, obs: Any) -> None:
        """Set the countdown from the table's latest update (only a new update: a click that redraws the board
        must not wind the clock back to what the update said)."""
        if self.countdown is None or self.state.updates == self._deadline_seen:
            return
        self._deadline_seen = self.state.updates
        deadline = None if obs.is_over else read_deadline(self.state.deadline, obs.current_player)
        if deadline is None:
            self.countdown.clear()
            return
        seat, left, total = deadline
        self.countdown.set_deadline(deadline_label(seat, self.state.names, self.human), left, total)

    def _render(self) -> None:
        with self._render_lock:
            self._render_now()

    def _render_now(self) -> None:
        obs = self.observation()
        self.painter.draw(obs, self.ui_state())  # canvas first: it is what the player looks at
        self.hits.clear()
        self.hit_areas(obs, self.hits)
        self.status.value = self._status_html(obs)
        self._sync_countdown(obs)
        legal = self.legal()
        self._sync_common(legal)
        self.sync_game_controls(obs, legal)
        events = self.state.events(self.human)[-LOG_LINES:]
        lines = [esc(self.game.describe_event(e, self.human)) for e in events]
        self.log_html.value = ("<div style='font-family:monospace;font-size:12px;line-height:1.35;color:#333'>"
                               + "<br>".join(lines) + "</div>")
        self._sync_keyboard(obs)  # the parts, the position in words, the announcements (widgets.keyboard)

    # ------------------------------------------------------------------ static views
    def _repr_svg_(self) -> Any:
        """The board as a static picture (front-ends without widgets, saved notebooks)."""
        obs = self.observation()
        return getattr(obs, "_repr_svg_", lambda: None)()

    def _repr_html_(self) -> Any:
        obs = self.observation()
        return getattr(obs, "_repr_html_", lambda: None)()

    def __repr__(self) -> str:
        if self.remote:
            return f"{type(self).__name__}(seat {self.human} of live {self.state!r})"
        return (f"{type(self).__name__}({self.game.name}, {self.state.num_players} players, human={self.human}, "
                f"seed={self.seed}: turn {self.state.log.turn}, {self.state.decision()} "
                f"by {self.state.current_player()})")
