"""``ReplayViewer``: step through a recorded game of any game, on its board drawing.

The source is a state (finished or not), a record dict (``state.record()``) or the path of a
saved JSON record. Positions are rebuilt by replaying the first k actions from the seed; every
``CHECKPOINT`` steps a copy is cached, so any step is at most that many actions away. The
viewer drop-down switches the point of view: a player sees their own hand and their own
draws; the spectator sees neither.

Games with a canvas painter (Jaliz, Nizam, Pearl of the East, and any game whose board module
calls :func:`register_replay_painter`) are drawn on a canvas; the others show their static
picture (``jaliz_learn.pictures``) or, failing that, the observation's HTML. The viewer opens at
``step`` (default: the last position; negative counts from the end).

>>> import jaliz_learn
>>> from jaliz_learn.bots import RandomBot
>>> done = jaliz_learn.play("jaliz", [RandomBot(1), RandomBot(2), RandomBot(3)], seed=5).state
>>> rv = ReplayViewer(done, viewer=1)
>>> rv.steps == len(done.history), rv.step == rv.steps, rv.state.is_over()
(True, True, True)
>>> ReplayViewer(done, step=10).step, ReplayViewer(done, step=-1).step == rv.steps - 1
(10, True)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from os import PathLike
from pathlib import Path
from typing import Any

import ipywidgets as widgets

import jaliz_learn
from jaliz_learn.core.text import safe_line
from jaliz_learn.pictures import picture_html
from jaliz_learn.pictures.describe import describe
from jaliz_learn.pictures.jaliz_layout import BoardLayout
from jaliz_learn.pictures.markup import esc
from jaliz_learn.pictures.nizam import NizamLayout
from jaliz_learn.pictures.palette import check_palette
from jaliz_learn.pictures.svg import seat_name

from ._paint import Painter
from .access import BoardAccess, Part, name_controls
from .framework import RegionPainter, make_canvas, reset_client_canvas
from .keyboard import GAME_TITLES, KEYS, read_section
from .nizam_board import NizamPainter

#: The keys of the replay's keyboard layer (the boards' keys, without the legal actions; "l" reads this step).
REPLAY_KEYS = tuple((k, "this step and what happened in it" if k == "l" else meaning)
                    for k, meaning in KEYS if k != "a")

#: A copy of the position is cached every CHECKPOINT actions.
CHECKPOINT = 25

#: game name -> factory(num_players) -> (width, height, make_painter(canvas))
PainterFactory = Callable[[int], tuple[int, int, Callable[[Any], RegionPainter]]]
REPLAY_PAINTERS: dict[str, PainterFactory] = {}


def register_replay_painter(game: str, factory: PainterFactory) -> None:
    """Let :class:`ReplayViewer` draw ``game`` on a canvas: ``factory(num_players)`` returns
    ``(width, height, make_painter)`` where ``make_painter(canvas)`` builds the board's painter."""
    REPLAY_PAINTERS[game] = factory


def _jaliz(n: int) -> tuple[int, int, Callable[[Any], RegionPainter]]:
    lay = BoardLayout(n)
    return lay.width, lay.height, lambda canvas: Painter(canvas, lay)


def _nizam(n: int) -> tuple[int, int, Callable[[Any], RegionPainter]]:
    lay = NizamLayout(n)
    return lay.width, lay.height, lambda canvas: NizamPainter(canvas, lay)


for _name in ("jaliz", "jaliz-advanced"):
    register_replay_painter(_name, _jaliz)
for _name in ("nizam", "pearl-of-the-east"):
    register_replay_painter(_name, _nizam)


class ReplayViewer(widgets.VBox):
    """Step through a game: first / previous / next / last, a slider over the actions, a viewer choice."""

    def __init__(self, source: Any, viewer: int | None = None, step: int | None = None) -> None:
        record = _as_record(source)
        self.record = record
        self.game = jaliz_learn.load_game(record["game"], **(record.get("options") or {}))
        start = self.game.initial_state(num_players=record["num_players"], seed=record["seed"])
        raw = record.get("actions_json") or record["actions"]
        # one pass over the game: checkpoints, log boundaries, the actions as played
        self.actions: list[Any] = []
        self.actors: list[int | None] = []
        self._log_end = [len(start.log)]
        self._checkpoints: dict[int, Any] = {0: start.clone()}
        final = start
        for k, a in enumerate(raw, start=1):
            action = self.game.action_from_json(a) if isinstance(a, dict) else a
            actor = final.current_player()
            final.apply(action)
            self.actions.append(final.history[-1][1])
            self.actors.append(actor)
            self._log_end.append(len(final.log))
            if k % CHECKPOINT == 0:
                self._checkpoints[k] = final.clone()
        self.final = final
        self.steps = len(self.actions)
        n = final.num_players
        if viewer is not None and not (isinstance(viewer, int) and 0 <= viewer < n):
            raise jaliz_learn.InvalidOption(f"viewer must be a seat 0-{n - 1} or None, not {viewer!r}")
        if step is not None and (not isinstance(step, int) or isinstance(step, bool)):
            raise jaliz_learn.InvalidOption(f"step must be a whole number (negative: from the end), not {step!r}")
        self.viewer = viewer
        #: the names the seats played under (a live table's record); a record file is anyone's text: made valid here
        raw_names = record.get("names")
        self.names: list[str] | None = ([safe_line(x, limit=40) for x in raw_names][:n]
                                        if isinstance(raw_names, list) else None)
        self.step = 0
        self.state: Any = self._checkpoints[0].clone()
        self._state_step = 0
        # the board: a canvas painter when the game has one, else the static picture
        factory = REPLAY_PAINTERS.get(self.game.name)
        self.canvas: Any | None = None
        self.painter: RegionPainter | None = None
        if factory is not None:
            width, height, make_painter = factory(n)
            self.canvas = make_canvas(width, height)
            self.painter = make_painter(self.canvas)
            self.board_widget: widgets.Widget = self.canvas
        else:
            self.picture = widgets.HTML(layout=widgets.Layout(max_width="1000px"))
            self.board_widget = self.picture

        def nav(label: str, tip: str, to: Callable[[], int]) -> widgets.Button:
            b = widgets.Button(description=label, tooltip=tip, layout=widgets.Layout(width="auto"))
            b.on_click(lambda _b: self.go(to()))
            return b

        self.first_btn = nav("« first", "the deal", lambda: 0)
        self.prev_btn = nav("‹ prev", "previous step", lambda: self.step - 1)
        self.next_btn = nav("next ›", "next step", lambda: self.step + 1)
        self.last_btn = nav("last »", "the last position", lambda: self.steps)
        self.slider = widgets.IntSlider(value=0, min=0, max=self.steps, description="step",
                                        continuous_update=False, layout=widgets.Layout(width="420px"))
        self.slider.observe(lambda c: self.go(c["new"]), names="value")
        seats = [(seat_name(p, self.names), p) for p in range(n)]
        self.viewer_dd = widgets.Dropdown(options=[("spectator", -1), *seats],
                                          value=-1 if viewer is None else viewer, description="view of",
                                          layout=widgets.Layout(width="170px"))
        self.viewer_dd.observe(lambda c: self.set_viewer(None if c["new"] == -1 else c["new"]), names="value")
        self.step_html = widgets.HTML()
        self.events_html = widgets.HTML(layout=widgets.Layout(max_height="160px", overflow="auto"))
        bar = widgets.HBox([self.first_btn, self.prev_btn, self.next_btn, self.last_btn, self.slider, self.viewer_dd],
                           layout=widgets.Layout(flex_flow="row wrap"))
        # the keyboard and screen-reader layer (widgets.access): the steps as parts, the position in words, and
        # a live region that reads each step as it is shown
        self.access = BoardAccess(label=f"Replay of {GAME_TITLES.get(self.game.name, self.game.name)}")
        self.access.set_keys(REPLAY_KEYS)
        self.access.on_activate(self._activate)
        self.access.on_key(self.handle_key)
        self._said: tuple[int, int | None] | None = None
        super().__init__(children=[bar, self.step_html, self.board_widget, self.access, self.events_html])
        self.add_class("jaliz-board")
        name_controls(bar, self.access)
        if self.canvas is not None:
            self.canvas.on_client_ready(self._on_client_ready)
        target = self.steps if step is None else (step if step >= 0 else self.steps + step)
        self.go(target)

    # ------------------------------------------------------------------ navigation
    def go(self, step: int) -> None:
        """Show the position after ``step`` actions (clamped to 0..steps)."""
        step = max(0, min(int(step), self.steps))
        self._seek(step)
        self.step = step
        if self.slider.value != step:
            self.slider.value = step  # its observer calls go() again, which then finds nothing to do
        self._render()

    def _seek(self, step: int) -> None:
        if step == self._state_step:
            return
        if step < self._state_step or step - self._state_step > CHECKPOINT:
            base = max(k for k in self._checkpoints if k <= step)
            self.state = self._checkpoints[base].clone()
            self._state_step = base
        while self._state_step < step:
            self.state.apply(self.actions[self._state_step])
            self._state_step += 1

    def set_viewer(self, viewer: int | None) -> None:
        """Switch the point of view (``None``: spectator)."""
        self.viewer = viewer
        value = -1 if viewer is None else viewer
        if self.viewer_dd.value != value:
            self.viewer_dd.value = value
        self._render()

    def observation(self) -> Any:
        return self.state.observation(self.viewer)

    def step_events(self, step: int | None = None) -> list[str]:
        """The event lines of one step as the current viewer sees them (step 0: the setup and deal)."""
        k = self.step if step is None else step
        lo = self._log_end[k - 1] if k > 0 else 0
        hi = self._log_end[k]
        events = self.final.events(self.viewer)[lo:hi]
        return [self.game.describe_event(e, self.viewer) for e in events]

    # ------------------------------------------------------------------ drawing
    @property
    def palette(self) -> str:
        """The board's colours (``"default"``, ``"okabe-ito"``, ``"high-contrast"``; a game drawn as a static
        picture has only the default); set it to repaint."""
        return str(self.painter.palette) if self.painter is not None else "default"

    @palette.setter
    def palette(self, name: str) -> None:
        if self.painter is None:
            check_palette(name)
            if name not in (None, "default"):
                raise jaliz_learn.InvalidOption(f"{self.game.name} is replayed as a static picture: "
                                                "default colours only")
            return
        self.painter.set_palette(name)
        self._render()

    def _on_client_ready(self) -> None:
        if self.canvas is not None and self.painter is not None:
            reset_client_canvas(self.canvas)
            self.painter.invalidate()
        self._render()

    def _render(self) -> None:
        obs = self.observation()
        who = "spectator" if self.viewer is None else f"P{self.viewer}"
        if self.painter is not None:
            self.painter.draw(obs, {"viewer_label": f"replay · view of {who}",
                                    "seat_names": tuple(self.names) if self.names else None})
        else:
            self.picture.value = picture_html(obs)
        if self.step == 0:
            head = f"Step 0 of {self.steps}: the start"
        else:
            actor = self.actors[self.step - 1]
            who_played = f"P{actor}" if actor is None else seat_name(actor, self.names)
            head = (f"Step {self.step} of {self.steps}: {esc(who_played)} plays "
                    f"<code>{esc(str(self.actions[self.step - 1]))}</code>")
        self.step_html.value = f"<div style='font-size:14px'>{head}</div>"
        self.events_html.value = ("<div style='font-family:monospace;font-size:12px;line-height:1.35'>"
                                  + "<br>".join(esc(t) for t in self.step_events()) + "</div>")
        self._sync_access(obs)

    # ------------------------------------------------------------------ keyboard (widgets.access)
    def step_text(self) -> str:
        """``Step 3 of 40: P1 plays plant carrot 1`` (plain text)."""
        if self.step == 0:
            return f"Step 0 of {self.steps}: the start"
        actor = self.actors[self.step - 1]
        who_played = f"P{actor}" if actor is None else seat_name(actor, self.names)
        return f"Step {self.step} of {self.steps}: {who_played} plays {self.actions[self.step - 1]}"

    def _sync_access(self, obs: Any) -> None:
        nav = [("first", "first step: the start", 0), ("prev", "previous step", self.step - 1),
               ("next", "next step", self.step + 1), ("last", "last step", self.steps)]
        parts = [Part(f"nav-{key}", "Replay", label, ("go", to)) for key, label, to in nav]
        parts.append(Part("step", "Replay", self.step_text()))
        self._targets = {p.id: p.target for p in parts}
        self.access.set_parts(parts)
        description = describe(obs, self.names)
        self.access.set_description(description)
        if self.canvas is not None and hasattr(self.canvas, "label"):
            self.canvas.label = description.title  # the SVG surface's accessible name (JupyterLite)
        if self._said != (self.step, self.viewer):  # each step (or view) is read once, with its events
            if self._said is not None:
                self.access.say(". ".join([self.step_text(), *self.step_events()]))
            self._said = (self.step, self.viewer)

    def _activate(self, part_id: str) -> None:
        target = self._targets.get(part_id)
        if isinstance(target, tuple) and target[0] == "go":
            if not 0 <= target[1] <= self.steps:
                self.access.say("no step there: " + self.step_text())
                return
            self.go(target[1])
        else:
            self.access.say(self.step_text())

    def handle_key(self, key: str) -> str:
        """A query key on the replay: announces the answer and returns it (see ``REPLAY_KEYS``)."""
        if key == "l":
            text = ". ".join([self.step_text(), *self.step_events()])
        elif key == "?":
            text = "Keys: " + "; ".join(f"{k} {meaning}" for k, meaning in REPLAY_KEYS) + "."
        elif key == "Escape":
            text = "nothing to cancel"
        elif key == "d":
            text = "The position in words is shown or hidden under the replay's parts."
        else:
            text = read_section(describe(self.observation(), self.names), key, self.final.num_players)
        if text:
            self.access.say(text)
        return text

    def _repr_html_(self) -> str:
        return picture_html(self.observation())

    def __repr__(self) -> str:
        return f"ReplayViewer({self.game.name}, seed={self.record['seed']}, step {self.step}/{self.steps})"


def _as_record(source: Any) -> dict[str, Any]:
    if isinstance(source, jaliz_learn.State):
        return source.record()
    if isinstance(source, (str, PathLike)):
        path = Path(source)
        if not path.exists():
            raise jaliz_learn.InvalidPosition(f"no game record at {str(path)!r}")
        return dict(json.loads(path.read_text(encoding="utf-8")))
    if isinstance(source, dict):
        for key in ("game", "num_players", "seed"):
            if key not in source:
                raise jaliz_learn.InvalidPosition(f"a game record needs the field {key!r}")
        if "actions" not in source and "actions_json" not in source:
            raise jaliz_learn.InvalidPosition("a game record needs the field 'actions'")
        return source
    raise jaliz_learn.InvalidPosition(
        f"ReplayViewer needs a state, a record dict or a path, not {type(source).__name__}")
