"""``JalizBoard``: play Jaliz against bots in Jupyter (ipycanvas board + small ipywidgets controls).

The board keeps the game in Python (``board.state``) and draws ``state.observation(human)``;
every click and button goes through ``board.apply``, which shows an illegal move's message
(with its rule ID) instead of raising. Bots move one decision at a time, scheduled on the
kernel's event loop every ``speed`` seconds (``speed=0``: at once), so the front-end stays live.

>>> board = JalizBoard(num_players=3, human=0, seed=1, speed=0)
>>> board.state.decision(), board.state.current_player()
('plant', 0)
>>> board.apply("plant carrot 3")
False
>>> "JAL-SETUP-01" in board.error or "rule" in board.error
True
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as widgets
from ipycanvas import Canvas

import jaliz_learn
from jaliz_learn.bots import make_bot
from jaliz_learn.core.errors import JalizLearnError
from jaliz_learn.core.rng import hash_seed
from jaliz_learn.games.jaliz.actions import pname
from jaliz_learn.games.jaliz.render import COLOURS, state_html

from ._layout import BoardLayout
from ._paint import Painter

#: How many legal actions the fallback dropdown lists (offers are enumerated lazily; type the rest).
MAX_LISTED = 300
LOG_LINES = 8

HINTS = {
    "plant": "plant 1–{limit} cards from your hand: click a card, then one of your plots (then Done)",
    "final-plant": "final planting: plant up to {limit} cards (click a card, then a plot), then Done",
    "place": "plant the cards you received: click one, then a plot (harvest first if no plot fits)",
    "claim": "use the credit token: click a revealed card to claim it, or Pass",
    "offer": "make an offer for the revealed cards with the offer builder below, or Pass",
    "respond": "click an offer to accept it, click a revealed card to keep it, Give it, or Refuse",
}


def make_canvas(layout: BoardLayout) -> Canvas:
    """A canvas whose CSS size equals its pixel size, so click coordinates map 1:1."""
    return Canvas(width=layout.width, height=layout.height,
                  layout=widgets.Layout(width=f"{layout.width}px", height=f"{layout.height}px",
                                        min_width=f"{layout.width}px", flex="0 0 auto"))


def reset_client_canvas(canvas: Canvas) -> None:
    """Make ipycanvas send ``switchCanvas`` again before the next draw (new front-end connected).

    ipycanvas 0.14.3 (pinned in pyproject) remembers, in the private ``_canvas_manager._current_canvas``,
    which canvas its commands target and skips ``switchCanvas`` when it has not changed, so a view
    that connects later (page reload, Voila) would get commands for no canvas and stay blank
    (voila-dashboards/voila#1447, jupyter-widgets-contrib/ipycanvas#342). Guarded: a newer ipycanvas
    without this attribute simply skips the workaround (the browser reload test would tell).
    """
    manager = getattr(canvas, "_canvas_manager", None)
    if manager is not None and hasattr(manager, "_current_canvas"):
        manager._current_canvas = None


def _button(description: str, handler: Any, tooltip: str = "", width: str = "auto", style: str = "") -> widgets.Button:
    b = widgets.Button(description=description, tooltip=tooltip or description, button_style=style,
                       layout=widgets.Layout(width=width))
    b.on_click(lambda _b: handler())
    return b


def _dropdown(width: str = "130px", description: str = "") -> widgets.Dropdown:
    return widgets.Dropdown(options=[], description=description, layout=widgets.Layout(width=width),
                            style={"description_width": "initial"})


class JalizBoard(widgets.VBox):
    """A live Jaliz table: one human seat (or none) against bots.

    ``bots``: a bot name (``"heuristic"``, ``"random"``) for every non-human seat, a list with
    one entry per seat (names or objects with ``act(observation, legal_actions)``; the human
    seat's entry is ignored), or a list with one entry per bot seat. ``human=None`` watches
    bots play. ``speed``: seconds between bot moves (0: all at once).
    """

    def __init__(self, num_players: int = 4, human: int | None = 0, bots: Any = "heuristic", seed: int = 7,
                 game: str = "jaliz", speed: float = 0.3, options: dict[str, Any] | None = None) -> None:
        self.game = jaliz_learn.load_game(game, **(options or {}))
        self.state: Any = self.game.initial_state(num_players=num_players, seed=seed)
        n = self.state.num_players
        if human is not None and not (isinstance(human, int) and 0 <= human < n):
            raise jaliz_learn.InvalidOption(f"human must be a seat 0-{n - 1} or None, not {human!r}")
        self.human = human
        self.seed = seed
        self.speed = float(speed)
        self.bots = self._make_bots(bots, n, seed)
        self.error = ""
        self.layout_geometry = BoardLayout(n)
        self.canvas = make_canvas(self.layout_geometry)
        self.painter = Painter(self.canvas, self.layout_geometry)
        self.ui: dict[str, Any] = {"hand_sel": None, "market_sel": None, "note": None}
        self._timer: Any = None
        self._bot_failed = False
        self.bot_moves = 0
        self._build_controls()
        super().__init__(children=[self.status, self.canvas, self.error_html, self.controls, self.log_html],
                         layout=widgets.Layout(width="auto", overflow="visible"))
        self.canvas.on_mouse_down(self._on_mouse_down)
        self.canvas.on_client_ready(self._on_client_ready)
        self._render()
        self.run_bots(sync=self.speed == 0)

    # ------------------------------------------------------------------ bots
    def _make_bots(self, bots: Any, n: int, seed: int) -> list[Any]:
        seats = [s for s in range(n) if s != self.human]
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
                b = make_bot(b, self.game.name, hash_seed(seed, 1000 + s))
            elif b is None or not callable(getattr(b, "act", None)):
                raise jaliz_learn.InvalidOption(f"seat {s} needs a bot (a name or an object with act()), not {b!r}")
            out[s] = b
        return out

    def _bot_to_move(self) -> bool:
        cur = self.state.current_player()
        return cur is not None and cur != self.human and not self._bot_failed and not self.pause.value

    def _bot_step(self) -> bool:
        seat = self.state.current_player()
        bot = self.bots[seat]
        try:
            legal = self.state.legal_actions(seat)
            action = bot.act(self.state.observation(seat), legal)
            self.state.apply(action, seat)
        except Exception as exc:  # a learner's bot may fail in any way: show it, stop the bots
            self._bot_failed = True
            self._set_error(f"bot in seat {seat} failed: {type(exc).__name__}: {exc}")
            return False
        self.bot_moves += 1
        return True

    def run_bots(self, sync: bool | None = None) -> int:
        """Let the bots move until the human must decide (or the game ends).

        ``sync=True`` (default when ``speed == 0``) plays them all now and returns how many moves
        were made; otherwise one move is scheduled every ``speed`` seconds on the event loop.
        """
        if sync is None:
            sync = self.speed <= 0
        if not sync:
            loop = _running_loop()
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
        loop = _running_loop()
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
            self.state.apply(action, player)
        except (JalizLearnError, ValueError) as exc:
            self._set_error(str(exc))
            self._render()
            return False
        self._set_error("")
        self.ui.update(hand_sel=None, market_sel=None)
        self._render()
        self.run_bots()
        return True

    def observation(self) -> Any:
        """What the board shows: the human's observation (the spectator's in watch mode)."""
        return self.state.observation(self.human)

    def _set_error(self, text: str) -> None:
        self.error = text
        self.error_html.value = (f"<div style='color:#b00020;font-weight:bold;line-height:1.35;white-space:pre-wrap'>"
                                 f"{escape(text)}</div>" if text else "")

    # ------------------------------------------------------------------ clicks
    def click(self, x: float, y: float) -> None:
        """Do what a mouse click at board coordinates (x, y) does (tests, keyboard-free demos).

        A hand card selects it; then one of your plots plants it there. A plot with no card
        selected is harvested (or gets the card you received). A revealed card is kept (respond),
        claimed (claim) or added to your offer (offer). An open offer is accepted. Another
        player's farm becomes the target of Give."""
        self._on_mouse_down(x, y)

    def _on_mouse_down(self, x: float, y: float) -> None:
        obs = self.observation()
        cards = Painter.hand_cards(obs)
        hit = self.layout_geometry.hit(x, y, hand_size=len(cards), market_size=len(obs.market),
                                       offers=len(obs.offers), plots=3)
        kind = hit[0]
        mine = self.human is not None and obs.current_player == self.human
        if kind == "hand":
            i = hit[1]
            if i < len(cards):
                self.ui["hand_sel"] = None if self.ui["hand_sel"] == i else i
                self._render()
        elif kind == "plot":
            p, i = hit[1], hit[2]
            if p != self.human:
                self._give_to_from_click(p)
                return
            sel = self.ui["hand_sel"]
            if sel is not None and sel < len(cards):
                self.apply(f"plant {pname(cards[sel][0])} {i + 1}")
            elif cards and cards[0][1] == "received":
                self.apply(f"plant {pname(cards[0][0])} {i + 1}")
            else:
                self.apply(f"harvest {i + 1}")
        elif kind == "market":
            i = hit[1]
            if i >= len(obs.market):
                return
            card = obs.market[i]
            if mine and obs.decision == "respond":
                self.apply(f"keep {pname(card)}")
            elif mine and obs.decision == "claim":
                self.apply(f"claim {pname(card)}")
            else:
                self.ui["market_sel"] = None if self.ui["market_sel"] == i else i
                if mine and obs.decision == "offer":
                    values = set(self.want.value)
                    values ^= {i}
                    self.want.value = tuple(sorted(values))
                self._render()
        elif kind == "offer":
            i = hit[1]
            if i < len(obs.offers):
                self.apply(f"accept {obs.offers[i][0]}")
        elif kind == "farm":
            if hit[1] != self.human:
                self._give_to_from_click(hit[1])

    def _give_to_from_click(self, p: int) -> None:
        if p in [v for _, v in self.give_to.options]:
            self.give_to.value = p
            self._set_error("")
            self.status.value = self._status_html(self.observation(), note=f"gift target set to P{p}")

    # ------------------------------------------------------------------ reload / Voila
    def _on_client_ready(self) -> None:
        reset_client_canvas(self.canvas)
        self.painter.invalidate()
        self._render()

    # ------------------------------------------------------------------ controls
    def _build_controls(self) -> None:
        n = self.state.num_players
        self.status = widgets.HTML()
        self.error_html = widgets.HTML()
        self.log_html = widgets.HTML(layout=widgets.Layout(max_height="160px", overflow="auto"))
        self.done_btn = _button("Done", lambda: self.apply("done"), "stop planting", style="success")
        self.pass_btn = _button("Pass", lambda: self.apply("pass"), "no claim / no offer this round")
        self.refuse_btn = _button("Refuse", lambda: self.apply("refuse"), "refuse all offers (next offer round)")
        self.harvest_dd = _dropdown("110px")
        self.harvest_btn = _button("Harvest", lambda: self._apply_dd(self.harvest_dd), "harvest the chosen plot")
        self.buy_dd = _dropdown("150px")
        self.buy_btn = _button("Buy", lambda: self._apply_dd(self.buy_dd), "buy the chosen item")
        self.market_dd = _dropdown("120px", "card")
        self.keep_btn = _button("Keep", lambda: self._market_action("keep"), "keep the revealed card and plant it")
        self.claim_btn = _button("Claim", lambda: self._market_action("claim"), "claim it with the credit token")
        self.give_to = _dropdown("90px", "to")
        self.give_btn = _button("Give", lambda: self._market_action("give"), "give the revealed card away")
        self.accept_dd = _dropdown("120px", "offer of")
        self.accept_btn = _button("Accept", lambda: self._apply_dd(self.accept_dd), "accept this offer")
        self.pause = widgets.ToggleButton(value=False, description="Pause bots", layout=widgets.Layout(width="auto"))
        self.pause.observe(lambda _c: None if self.pause.value else self.run_bots(), names="value")
        rows = [widgets.HBox([self.done_btn, self.pass_btn, self.refuse_btn, widgets.Label("│"),
                              self.harvest_dd, self.harvest_btn, widgets.Label("│"), self.buy_dd, self.buy_btn,
                              widgets.Label("│"), self.pause]),
                widgets.HBox([self.market_dd, self.keep_btn, self.claim_btn, self.give_to, self.give_btn,
                              widgets.Label("│"), self.accept_dd, self.accept_btn])]
        # offer builder (shown while the human must offer)
        sm = {"rows": 4, "layout": widgets.Layout(width="150px")}
        self.want = widgets.SelectMultiple(options=[], description="want", style={"description_width": "40px"}, **sm)
        self.give_cards = widgets.SelectMultiple(options=[], description="give", style={"description_width": "40px"},
                                                 **sm)
        self.tokens_sel = widgets.SelectMultiple(options=[], description="tokens",
                                                 style={"description_width": "45px"}, **sm)
        self.ask_sel = widgets.SelectMultiple(options=[], description="ask", style={"description_width": "30px"}, **sm)
        self.offer_preview = widgets.HTML()
        self.offer_btn = _button("Make offer", self._make_offer, "send this offer", style="info")
        for w in (self.want, self.give_cards, self.tokens_sel, self.ask_sel):
            w.observe(lambda _c: self._preview_offer(), names="value")
        self.offer_box = widgets.VBox([
            widgets.HBox([self.want, self.give_cards, self.tokens_sel, self.ask_sel]),
            widgets.HBox([self.offer_btn, self.pass_btn_2(), self.offer_preview])])
        self.offer_box.layout.display = "none"
        rows.append(self.offer_box)
        # fallback: every legal action, and free text
        self.all_dd = _dropdown("380px", "all legal actions")
        self.all_btn = _button("Apply", lambda: self._apply_dd(self.all_dd), "play the chosen legal action")
        self.text_in = widgets.Text(placeholder="or type an action, e.g. plant peas 1", continuous_update=False,
                                    layout=widgets.Layout(width="260px"))
        self.text_btn = _button("Play", self._play_text, "play the typed action")
        self.text_in.observe(lambda _c: self._play_text(), names="value")  # Enter (or leaving the box)
        rows.append(widgets.HBox([self.all_dd, self.all_btn, self.text_in, self.text_btn]))
        self.controls = widgets.VBox(rows)
        _set_options(self.give_to, [(f"P{q}", q) for q in range(n) if q != self.human])

    def _play_text(self) -> None:
        text = self.text_in.value.strip()
        if text and self.apply(text):
            self.text_in.value = ""

    def pass_btn_2(self) -> widgets.Button:
        return _button("Pass", lambda: self.apply("pass"), "make no offer this round")

    def _apply_dd(self, dd: widgets.Dropdown) -> None:
        if dd.value is None:
            self._set_error("nothing to choose here now")
            return
        self.apply(dd.value)

    def _market_action(self, verb: str) -> None:
        card = self.market_dd.value
        if card is None:
            self._set_error("no revealed card to choose")
            return
        if verb == "give":
            self.apply(f"give {pname(card)} to {self.give_to.value}")
        else:
            self.apply(f"{verb} {pname(card)}")

    def offer_text(self) -> str:
        """The offer the builder describes, in text notation."""
        obs = self.observation()
        want = [obs.market[i] for i in self.want.value if i < len(obs.market)]
        hand = obs.hand or ()
        give = [hand[i] for i in self.give_cards.value if i < len(hand)]
        ask: list[int] = []
        for product, k in self.ask_sel.value:
            ask.extend([product] * k)
        paid = [pname(c) for c in sorted(give)] + [f"token:{t}" for t in sorted(self.tokens_sel.value)]
        text = "offer " + ",".join(pname(c) for c in sorted(want))
        if paid:
            text += " for " + ",".join(paid)
        if ask:
            text += " ask " + ",".join(pname(c) for c in sorted(ask))
        return text

    def _preview_offer(self) -> None:
        self.offer_preview.value = f"<code>{escape(self.offer_text())}</code>" if self.want.value else \
            "<i>choose the revealed card(s) you want</i>"

    def _make_offer(self) -> None:
        if not self.want.value:
            self._set_error("choose at least one revealed card you want (JAL-MARKET-05)")
            return
        self.apply(self.offer_text())

    def _sync_controls(self, obs: Any) -> None:
        mine = self.human is not None and obs.current_player == self.human
        legal = self.state.legal_actions(self.human) if mine else ()
        total = len(legal)
        texts = [str(a) for a in legal[:MAX_LISTED]]
        heads = {t.split(" ", 1)[0] for t in texts}
        self.done_btn.disabled = "done" not in heads
        self.pass_btn.disabled = "pass" not in heads
        self.refuse_btn.disabled = "refuse" not in heads
        _set_options(self.harvest_dd, [t for t in texts if t.startswith("harvest")])
        self.harvest_btn.disabled = not self.harvest_dd.options
        _set_options(self.buy_dd, [t for t in texts if t.startswith("buy")])
        self.buy_btn.disabled = not self.buy_dd.options
        _set_options(self.market_dd, [(pname(c), c) for c in sorted(set(obs.market))])
        self.keep_btn.disabled = "keep" not in heads
        self.claim_btn.disabled = "claim" not in heads
        self.give_btn.disabled = "give" not in heads
        _set_options(self.accept_dd, [(f"P{t.split()[1]}", t) for t in texts if t.startswith("accept")])
        self.accept_btn.disabled = not self.accept_dd.options
        offering = mine and obs.decision == "offer"
        self.offer_box.layout.display = "flex" if offering else "none"
        if offering:
            _set_options(self.want, [(pname(c), i) for i, c in enumerate(obs.market)])
            _set_options(self.give_cards, [(pname(c), i) for i, c in enumerate(obs.hand or ())])
            _set_options(self.tokens_sel, [(f"token of P{t}", t) for t in obs.farms[self.human].tokens])
            max_ask = obs.params.max_ask
            _set_options(self.ask_sel, [(pname(p) + (f" ×{k}" if k > 1 else ""), (p, k))
                                        for p in obs.params.products for k in range(1, max_ask + 1)])
            self._preview_offer()
        label = f"all legal actions ({total})" if total <= MAX_LISTED else f"first {MAX_LISTED} of {total}"
        self.all_dd.description = label
        _set_options(self.all_dd, texts)
        self.all_btn.disabled = not texts

    # ------------------------------------------------------------------ drawing
    def _status_html(self, obs: Any, note: str | None = None) -> str:
        if obs.is_over:
            out = self.state.outcome()
            win = ", ".join(f"P{p}" for p in out.winners) if out else "?"
            text = f"<b>Game over.</b> Winner(s): {win}. Scores: " + ", ".join(
                f"P{p} {s:g}" for p, s in enumerate(out.scores if out else ()))
        elif self.human is not None and obs.current_player == self.human:
            hint = HINTS.get(obs.decision, f"decision '{obs.decision}': use the buttons or the action list")
            text = f"<b>Your turn</b> ({escape(obs.decision)}): " + escape(hint.format(limit=obs.plant_limit))
            text += " · harvest/buy are allowed at any of your decisions"
        else:
            cur = obs.current_player
            bot = self.bots[cur] if cur is not None else None
            name = getattr(bot, "name", type(bot).__name__)
            colour = COLOURS[cur % len(COLOURS)] if cur is not None else "#000"
            paused = " (paused)" if self.pause.value else ""
            text = (f"<span style='color:{colour}'><b>P{cur}</b></span> ({escape(str(name))} bot) decides "
                    f"<i>{escape(obs.decision)}</i>{paused}…")
        if note:
            text += f" <span style='color:#555'>[{escape(note)}]</span>"
        return f"<div style='font-size:14px'>{text}</div>"

    def _render(self) -> None:
        obs = self.observation()
        viewer = "spectator (watch mode)" if self.human is None else f"you are P{self.human}"
        self.ui["viewer_label"] = viewer
        if self.ui["hand_sel"] is not None and self.ui["hand_sel"] >= len(Painter.hand_cards(obs)):
            self.ui["hand_sel"] = None
        if self.ui["market_sel"] is not None and self.ui["market_sel"] >= len(obs.market):
            self.ui["market_sel"] = None
        self.painter.draw(obs, self.ui)  # canvas first: it is what the player looks at
        self.status.value = self._status_html(obs)
        self._sync_controls(obs)
        events = self.state.events(self.human)[-LOG_LINES:]
        lines = [escape(self.game.describe_event(e, self.human)) for e in events]
        self.log_html.value = ("<div style='font-family:monospace;font-size:12px;line-height:1.35;color:#333'>"
                               + "<br>".join(lines) + "</div>")

    # ------------------------------------------------------------------ static views
    def _repr_html_(self) -> str:
        return state_html(self.observation())

    def __repr__(self) -> str:
        return (f"JalizBoard({self.game.name}, {self.state.num_players} players, human={self.human}, "
                f"seed={self.seed}: turn {self.state.log.turn}, {self.state.decision()} "
                f"by {self.state.current_player()})")


def _set_options(dd: Any, options: list[Any]) -> None:
    """Set a selection widget's options only if they changed (each change is a message to the browser);
    a drop-down then shows its first option (not a blank choice)."""
    if tuple(dd.options) != tuple(options):
        dd.options = options
        if options and isinstance(dd, widgets.Dropdown) and dd.index is None:
            dd.index = 0


def _running_loop() -> Any:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
