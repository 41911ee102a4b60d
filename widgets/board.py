"""``JalizBoard``: play Jaliz against bots in Jupyter (ipycanvas board + small ipywidgets controls).

Built on :mod:`.framework` (:class:`~.framework.GameBoard`): the painter draws the regions of
:mod:`jaliz_learn.pictures.jaliz`, clicks are hit-tested on the Jaliz layout, and the Jaliz
controls (Done/Pass/Refuse, harvest, buy, market, gifts, offers and the offer builder) sit above
the common ones. Every click and button goes through ``board.apply``, which shows an illegal
move's message (with its rule ID) instead of raising. Offers are not listed one by one in the
legal-action dropdown: the offer builder composes them.

>>> board = JalizBoard(num_players=3, human=0, seed=1, speed=0)
>>> board.state.decision(), board.state.current_player()
('plant', 0)
>>> board.apply("plant carrot 3")
False
>>> "JAL-SETUP-01" in board.error or "rule" in board.error
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from jaliz_learn.games.jaliz.actions import pname
from jaliz_learn.pictures.describe_jaliz import offer_text, plot_text
from jaliz_learn.pictures.jaliz import picture_html
from jaliz_learn.pictures.markup import esc

from ._layout import BoardLayout
from ._paint import Painter
from .access import Part
from .framework import MAX_LISTED, GameBoard, button, dropdown, join_table, reset_client_canvas, set_options
from .framework import make_canvas as _make_canvas

HINTS = {
    "plant": "plant 1–{limit} cards from your hand: click a card, then one of your plots (then Done)",
    "final-plant": "final planting: plant up to {limit} cards (click a card, then a plot), then Done",
    "place": "plant the cards you received: click one, then a plot (harvest first if no plot fits)",
    "claim": "use the credit token: click a revealed card to claim it, or Pass",
    "offer": "make an offer for the revealed cards with the offer builder below, or Pass",
    "respond": "click an offer to accept it, click a revealed card to keep it, Give it, or Refuse",
}


def make_canvas(layout: BoardLayout, fit: bool = False) -> Any:
    """A canvas for a Jaliz layout (CSS size = pixel size, so clicks map 1:1; ``fit``: page width)."""
    return _make_canvas(layout.width, layout.height, fit=fit)


class JalizBoard(GameBoard):
    """A live Jaliz table: one human seat (or none) against bots.

    ``bots``: a bot name (``"heuristic"``, ``"random"``) for every non-human seat, a list with
    one entry per seat (names or objects with ``act(observation, legal_actions)``; the human
    seat's entry is ignored), or a list with one entry per bot seat. ``human=None`` watches
    bots play. ``speed``: seconds between bot moves (0: all at once). ``fit=True``: the board
    takes the page width (Voila, projector).
    """

    def __init__(self, num_players: int = 4, human: int | None = 0, bots: Any = "heuristic", seed: int = 7,
                 game: str = "jaliz", speed: float = 0.3, options: dict[str, Any] | None = None,
                 fit: bool = False, join: str | None = None, name: str | None = None) -> None:
        state = join_table(join, name) if join else None  # a seat of a live table (see jaliz_learn.tables)
        n = state.num_players if state is not None else num_players
        self.layout_geometry = BoardLayout(n if isinstance(n, int) else 4)
        super().__init__(game, num_players=num_players, human=human, bots=bots, seed=seed, speed=speed,
                         options=options, size=(self.layout_geometry.width, self.layout_geometry.height), fit=fit,
                         state=state)

    # ------------------------------------------------------------------ framework hooks
    def make_painter(self, canvas: Any) -> Painter:
        self.layout_geometry = BoardLayout(self.state.num_players)
        self.ui.update(hand_sel=None, market_sel=None, note=None)
        return Painter(canvas, self.layout_geometry)

    def ui_state(self) -> dict[str, Any]:
        obs_cards = len(Painter.hand_cards(self.observation()))
        if self.ui.get("hand_sel") is not None and self.ui["hand_sel"] >= obs_cards:
            self.ui["hand_sel"] = None
        if self.ui.get("market_sel") is not None and self.ui["market_sel"] >= len(self.observation().market):
            self.ui["market_sel"] = None
        return super().ui_state()

    def after_move(self, player: int) -> None:
        if player == self.human:
            self.ui.update(hand_sel=None, market_sel=None)

    def hint(self, obs: Any) -> str:
        hint = HINTS.get(obs.decision, f"decision '{obs.decision}': use the buttons or the action list")
        return hint.format(limit=obs.plant_limit) + " · harvest/buy are allowed at any of your decisions"

    def listed_actions(self, legal: Sequence[Any]) -> list[Any]:
        # offers can run into thousands: the offer builder composes them, the dropdown lists the rest
        head = legal[:300] if len(legal) > 300 else list(legal)
        rest = [a for a in head if not str(a).startswith("offer")]
        return rest if len(rest) <= MAX_LISTED else []

    def hit_test(self, x: float, y: float) -> Any:
        obs = self.observation()
        return self.layout_geometry.hit(x, y, hand_size=len(Painter.hand_cards(obs)), market_size=len(obs.market),
                                        offers=len(obs.offers), plots=3)

    # ------------------------------------------------------------------ clicks
    def click(self, x: float, y: float) -> None:
        """Do what a mouse click at board coordinates (x, y) does (tests, keyboard-free demos).

        A hand card selects it; then one of your plots plants it there. A plot with no card
        selected is harvested (or gets the card you received). A revealed card is kept (respond),
        claimed (claim) or added to your offer (offer). An open offer is accepted. Another
        player's farm becomes the target of Give."""
        self._on_mouse_down(x, y)

    def on_target(self, hit: Any) -> None:
        obs = self.observation()
        cards = Painter.hand_cards(obs)
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
            self.set_note(f"gift target set to {self.seat_label(p)}")

    # ------------------------------------------------------------------ keyboard (widgets.keyboard)
    def parts(self, obs: Any) -> list[Part]:
        """The hand, your plots, the revealed cards, the offers, the other farms (Enter: what a click on them does),
        the offer builder while you offer, and the actions without a part of their own."""
        out: list[Part] = []
        mine = self.human is not None and obs.current_player == self.human
        offering = mine and obs.decision == "offer"
        cards = Painter.hand_cards(obs)
        sel = self.ui.get("hand_sel")
        # what Enter on a plot does now (as a click): plant the selected or received card, else harvest
        planting = cards[sel][0] if sel is not None and sel < len(cards) else \
            cards[0][0] if cards and cards[0][1] == "received" else None
        for i, (card, source) in enumerate(cards):
            label = f"{pname(card)}" + (", received: plant it" if source == "received" else "")
            out.append(Part(f"hand-{i}", "Your hand", label, ("hand", i), pressed=self.ui.get("hand_sel") == i))
        if self.human is not None:
            for i, plot in enumerate(obs.farms[self.human].plots):
                verb = f"plant {pname(planting)} here" if planting is not None else "harvest" if plot.product else ""
                label = plot_text(i, plot) + (f" (Enter: {verb})" if mine and verb else "")
                out.append(Part(f"plot-{i}", "Your plots", label, ("plot", self.human, i)))
        want = set(self.want.value)
        for i, card in enumerate(obs.market):
            pressed = i in want if offering else self.ui.get("market_sel") == i
            verb = {"respond": "keep it", "claim": "claim it", "offer": "want it in your offer"}.get(obs.decision, "")
            label = pname(card) + (f" (Enter: {verb})" if mine and verb else "")
            out.append(Part(f"market-{i}", "Revealed cards", label, ("market", i), pressed=pressed))
        for i, (buyer, offer) in enumerate(obs.offers):
            out.append(Part(f"offer-{i}", "Offers", "accept: " + offer_text(buyer, offer, self._names(), self.human),
                            ("offer", i)))
        for p, farm in enumerate(obs.farms):
            if p != self.human:
                plots = "; ".join(plot_text(i, plot) for i, plot in enumerate(farm.plots))
                gift = " (Enter: the target of Give)" if mine and obs.decision == "respond" else ""
                out.append(Part(f"farm-{p}", "Other farms",
                                f"{self.seat_label(p)}: {plots}; {farm.coins} coin(s){gift}", ("farm", p)))
        if offering:
            out += self._builder_parts(obs)
        return out + self.action_parts(self.legal())

    def _names(self) -> Any:
        return self.state.names if self.remote else None

    def _builder_parts(self, obs: Any) -> list[Part]:
        """The offer builder as parts: cards to give, credit tokens, cards to ask for, then Make offer."""
        row = "Offer builder"
        out = [Part(f"give-{i}", row, f"give {pname(c)}", ("give", i), pressed=i in self.give_cards.value)
               for i, c in enumerate(obs.hand or ())]
        out += [Part(f"token-{t}", row, f"give the credit token of {self.seat_label(t)}", ("token", t),
                     pressed=t in self.tokens_sel.value) for t in obs.farms[self.human].tokens]
        asked = set(self.ask_sel.value)
        out += [Part(f"ask-{p}-{k}", row, f"ask for {k} {pname(p)}", ("ask", p, k), pressed=(p, k) in asked)
                for p in obs.params.products for k in range(1, obs.params.max_ask + 1)]
        text = self.offer_text() if self.want.value else "choose the revealed card(s) you want first"
        out.append(Part("make-offer", row, f"make offer: {text}", ("make-offer",)))
        return out

    def on_part(self, target: Any) -> None:
        kind = target[0]
        if kind in ("give", "token", "ask"):
            box = {"give": self.give_cards, "token": self.tokens_sel, "ask": self.ask_sel}[kind]
            value = target[1] if kind != "ask" else (target[1], target[2])
            chosen = set(box.value) ^ {value}
            box.value = tuple(v for v in (o[1] for o in box.options) if v in chosen)
            self._render()
            self.access.say(self.offer_text())
        elif kind == "make-offer":
            self._make_offer()
        else:
            super().on_part(target)
            if kind in ("hand", "market") and not self.error:
                self._say_selection(target)

    def _say_selection(self, target: Any) -> None:
        obs = self.observation()
        if target[0] == "hand":
            sel = self.ui.get("hand_sel")
            cards = Painter.hand_cards(obs)
            self.access.say(f"{pname(cards[sel][0])} selected: choose a plot" if sel is not None and sel < len(cards)
                            else "no card selected")
        elif obs.decision == "offer" and obs.current_player == self.human:
            self.access.say(self.offer_text() if self.want.value else "no revealed card chosen")

    def button_actions(self, legal: Sequence[Any]) -> list[Any]:
        """Every legal action without a part of its own: done, pass, refuse, harvest (a plot part plants a received
        card), buy, give, and advanced Jaliz's decisions (drought, events, ...)."""
        spatial = ("plant", "keep", "claim", "accept", "offer")
        head = legal[:300] if len(legal) > 300 else legal
        return [a for a in head if str(a).split(" ", 1)[0] not in spatial]

    def cancel(self) -> str:
        chosen = (self.ui.get("hand_sel") is not None or self.ui.get("market_sel") is not None
                  or bool(self.want.value or self.give_cards.value or self.tokens_sel.value or self.ask_sel.value))
        if not chosen:
            return "nothing to cancel"
        self.ui.update(hand_sel=None, market_sel=None)
        for box in (self.want, self.give_cards, self.tokens_sel, self.ask_sel):
            box.value = ()
        self._render()
        return "selection cancelled"

    # ------------------------------------------------------------------ controls
    def game_controls(self) -> list[widgets.Widget]:
        self.done_btn = button("Done", lambda: self.apply("done"), "stop planting", style="success")
        self.pass_btn = button("Pass", lambda: self.apply("pass"), "no claim / no offer this round")
        self.refuse_btn = button("Refuse", lambda: self.apply("refuse"), "refuse all offers (next offer round)")
        self.harvest_dd = dropdown("110px")
        self.harvest_dd.tooltip = "plot to harvest"  # its accessible name (widgets.access.name_controls)
        self.harvest_btn = button("Harvest", lambda: self._apply_dd(self.harvest_dd), "harvest the chosen plot")
        self.buy_dd = dropdown("150px")
        self.buy_dd.tooltip = "item to buy"
        self.buy_btn = button("Buy", lambda: self._apply_dd(self.buy_dd), "buy the chosen item")
        self.market_dd = dropdown("120px", "card")
        self.keep_btn = button("Keep", lambda: self._market_action("keep"), "keep the revealed card and plant it")
        self.claim_btn = button("Claim", lambda: self._market_action("claim"), "claim it with the credit token")
        self.give_to = dropdown("90px", "to")
        self.give_btn = button("Give", lambda: self._market_action("give"), "give the revealed card away")
        self.accept_dd = dropdown("120px", "offer of")
        self.accept_btn = button("Accept", lambda: self._apply_dd(self.accept_dd), "accept this offer")
        rows: list[widgets.Widget] = [
            widgets.HBox([self.done_btn, self.pass_btn, self.refuse_btn, widgets.Label("│"),
                          self.harvest_dd, self.harvest_btn, widgets.Label("│"), self.buy_dd, self.buy_btn]),
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
        self.offer_btn = button("Make offer", self._make_offer, "send this offer", style="info")
        for w in (self.want, self.give_cards, self.tokens_sel, self.ask_sel):
            w.observe(lambda _c: self._preview_offer(), names="value")
        self.offer_box = widgets.VBox([
            widgets.HBox([self.want, self.give_cards, self.tokens_sel, self.ask_sel]),
            widgets.HBox([self.offer_btn, button("Pass", lambda: self.apply("pass"), "make no offer this round"),
                          self.offer_preview])])
        self.offer_box.layout.display = "none"
        rows.append(self.offer_box)
        return rows

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
        self.offer_preview.value = f"<code>{esc(self.offer_text())}</code>" if self.want.value else \
            "<i>choose the revealed card(s) you want</i>"

    def _make_offer(self) -> None:
        if not self.want.value:
            self._set_error("choose at least one revealed card you want (JAL-MARKET-05)")
            return
        self.apply(self.offer_text())

    def sync_game_controls(self, obs: Any, legal: Sequence[Any]) -> None:
        mine = self.human is not None and obs.current_player == self.human
        texts = [str(a) for a in (legal[:300] if len(legal) > 300 else legal)]
        heads = {t.split(" ", 1)[0] for t in texts}
        self.done_btn.disabled = "done" not in heads
        self.pass_btn.disabled = "pass" not in heads
        self.refuse_btn.disabled = "refuse" not in heads
        set_options(self.harvest_dd, [t for t in texts if t.startswith("harvest")])
        self.harvest_btn.disabled = not self.harvest_dd.options
        set_options(self.buy_dd, [t for t in texts if t.startswith("buy")])
        self.buy_btn.disabled = not self.buy_dd.options
        set_options(self.market_dd, [(pname(c), c) for c in sorted(set(obs.market))])
        self.keep_btn.disabled = "keep" not in heads
        self.claim_btn.disabled = "claim" not in heads
        self.give_btn.disabled = "give" not in heads
        # here, not once: at a live table the names come as the seats join
        set_options(self.give_to, [(self.seat_label(q), q) for q in range(obs.num_players) if q != self.human])
        set_options(self.accept_dd, [(self.seat_label(int(t.split()[1])), t) for t in texts if t.startswith("accept")])
        self.accept_btn.disabled = not self.accept_dd.options
        offering = mine and obs.decision == "offer"
        self.offer_box.layout.display = "flex" if offering else "none"
        if offering:
            set_options(self.want, [(pname(c), i) for i, c in enumerate(obs.market)])
            set_options(self.give_cards, [(pname(c), i) for i, c in enumerate(obs.hand or ())])
            set_options(self.tokens_sel, [(f"token of {self.seat_label(t)}", t) for t in obs.farms[self.human].tokens])
            max_ask = obs.params.max_ask
            set_options(self.ask_sel, [(pname(p) + (f" ×{k}" if k > 1 else ""), (p, k))
                                       for p in obs.params.products for k in range(1, max_ask + 1)])
            self._preview_offer()

    # ------------------------------------------------------------------ static views
    def _repr_html_(self) -> str:
        return picture_html(self.observation())


__all__ = ["HINTS", "JalizBoard", "make_canvas", "reset_client_canvas"]
