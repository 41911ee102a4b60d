"""``BaliBoard``: play Bali (or Bali: Village of Tani) against bots by clicking cards.

The canvas is the same picture as ``state._repr_svg_()`` (``jaliz_learn.pictures.bali``). Clicks:

* the bottom card of a village-square column (tagged "take N" while you must take): take it;
* a card of your hand: play it (a farmer: one, or choose a group of farmers in the "play" list);
  when no card can be played, the clicked card is discarded;
* a row of the altar: buy that offering card (buy decision), offer one of it from your stock
  (offering decisions), or put one from the supply on the altar (your supply offering);
* a kind in your offering stock: offer it;
* Village of Tani: a field of the village lists the huts you can build there (choose, then Build).

The buttons and lists below cover the rest (skip buying, shrine rewards, banana tiles, groups of
farmers). An illegal click shows the engine's message with its rule ID.

>>> board = BaliBoard(num_players=3, human=0, bots="random", seed=3, speed=0)
>>> board.state.decision(), board.state.current_player()
('play', 0)
>>> board.apply("take 1")
False
>>> "BAL-" in board.error
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from jaliz_learn.pictures import bali as pictures
from jaliz_learn.pictures.describe_bali import card as card_title

from .access import Part
from .framework import button, dropdown, join_table, set_options
from .jungli_la_canvas import SceneBoard

HINTS = {
    "buy": "click a kind on the altar to buy one offering card, or Skip",
    "play": "click a card of your hand to play it (or build a hut in a village field)",
    "banana-tile": "choose a banana plantation tile",
    "offer": "click a kind in your offering stock (or on the altar) to offer it",
    "offer-hidden": "offer one card face down: click a kind in your offering stock",
    "offer-supply": "click a kind on the altar: one card from the supply goes onto the altar",
    "take": "click a yellow-tagged bottom card of the village square to take it",
    "shrine-reward": "split your shrine reward into VP and stones",
}


class BaliBoard(SceneBoard):
    """A live Bali table: one human seat (or ``human=None`` to watch) against bots.

    ``tani=True`` plays the Village of Tani expansion (game ``bali-tani``). ``bots``: a bot name
    (``"greedy"``, ``"random"``, ``"mcts"``) for every other seat, or a list. ``speed``: seconds
    between bot moves (0: at once). See :class:`widgets.framework.GameBoard`.
    """

    hints = HINTS

    def __init__(self, num_players: int = 3, human: int | None = 0, bots: Any = "greedy", seed: int = 7,
                 speed: float = 0.3, tani: bool = False, options: dict[str, Any] | None = None, fit: bool = True,
                 state: Any = None, join: str | None = None, name: str | None = None) -> None:
        if join:
            state = join_table(join, name)  # a seat of a live table (see jaliz_learn.tables)
        game = state.game.name if state is not None else ("bali-tani" if tani else "bali")
        n = state.num_players if state is not None else num_players
        self.geometry = pictures.BaliLayout(n, game == "bali-tani")
        self.background = pictures.BG
        super().__init__(game, num_players=num_players, human=human, bots=bots, seed=seed, speed=speed,
                         options=options, fit=fit, state=state)

    # ------------------------------------------------------------------ framework hooks
    def build_scene(self, obs: Any) -> Any:
        """The picture with the takeable columns marked while the human must take."""
        mine = self.human is not None and obs.current_player == self.human
        takeable = [c for c, col in enumerate(obs.square) if col] if mine and obs.decision == "take" else []
        self.ui["takeable"] = takeable
        return pictures.scene(obs, takeable=takeable, selected=self.ui.get("selected"), names=self.ui["seat_names"])

    def after_move(self, player: int) -> None:
        self.ui["selected"] = None
        self.ui["field"] = None

    def listed_actions(self, legal: Sequence[Any]) -> list[Any]:
        """Huts are chosen in the build list (there can be dozens); the dropdown lists the rest."""
        rest = [a for a in legal if getattr(a, "kind", "") != "build"]
        return rest if len(rest) <= 40 else []

    def on_target(self, target: Any) -> None:
        kind = target[0]
        obs = self.observation()
        if kind == "column":
            self.apply(f"take {target[1]}")
        elif kind == "hand":
            self._click_hand(obs, target[2])
        elif kind == "stock":
            self.apply(f"offer {target[1]}")
        elif kind == "altar":
            k = target[1]
            verb = {"buy": "buy", "offer-supply": "altar"}.get(obs.decision, "offer")
            self.apply(f"{verb} {k}")
        elif kind == "field":
            self.ui["field"] = (target[1], target[2])
            self._sync_builds(self.legal())
            n = len(self.build_dd.options)
            self.set_note(f"field {target[2]} of the {target[1]} area: {n} way(s) to build here"
                          + ("" if n else " now (a farmer of that kind, a free field and enough offering cards)"))

    def _click_hand(self, obs: Any, card: str) -> None:
        texts = [str(a) for a in self.legal()]
        for option in (f"play {card}", f"discard {card}"):
            if option in texts:
                self.apply(option)
                return
        groups = [t for t in texts if t.startswith("play ") and t.endswith(f" {card}")]
        self.apply(groups[0] if groups else f"play {card}")  # an illegal play: the engine names the rule

    # ------------------------------------------------------------------ keyboard (widgets.keyboard)
    def parts(self, obs: Any) -> list[Part]:
        """Every clickable part of the picture (hand cards, the square's bottom cards, the altar, your offering
        stock, the village fields), reading its content; Enter does what a click does. Then the actions."""
        rows = {"hand": "Your hand", "column": "Village square", "altar": "Altar", "stock": "Your offering stock",
                "field": "Village of Tani fields"}
        values = pictures.offering_values(list(obs.altar_open))
        kinds = list(pictures.KINDS)
        out: list[Part] = []
        mine = self.human is not None and obs.current_player == self.human
        texts = {str(a) for a in self.legal()} if mine else set()
        for _rect, target in (self.scene.hits if self.scene is not None else ()):
            kind = target[0]
            if kind == "hand":
                verb = "play" if f"play {target[2]}" in texts else "discard" if f"discard {target[2]}" in texts else ""
                label = card_title(target[2]) + (f" (Enter: {verb})" if verb else "")
            elif kind == "column":
                col = obs.square[target[1] - 1]
                label = f"take {card_title(col[-1])} from column {target[1]} ({len(col)} card(s))"
            elif kind == "altar":
                k = kinds.index(target[1])
                label = (f"{target[1]}: {obs.altar_open[k]} open on the altar, {values[k]} VP per card, "
                         f"supply {obs.supply[k]}")
                verb = {"buy": "buy one", "offer-supply": "put one from the supply on the altar"}.get(
                    obs.decision, "offer one" if obs.decision.startswith("offer") else "")
                label += f" (Enter: {verb})" if mine and verb else ""
            elif kind == "stock":
                label = f"offer {target[1]} (you have {obs.stock[kinds.index(target[1])]})"
            elif kind == "field":
                owner = obs.village[kinds.index(target[1])][target[2] - 1]
                label = f"{target[1]} area field {target[2]}: " + ("free" if owner < 0 else self.seat_label(owner))
            else:
                continue
            pressed = self.ui.get("field") == (target[1], target[2]) if kind == "field" else None
            out.append(Part("-".join(str(t) for t in target), rows[kind], label, target, pressed=pressed))
        return out + self.action_parts(self.legal())

    def button_actions(self, legal: Sequence[Any]) -> list[Any]:
        field = self.ui.get("field")
        out = []
        for a in legal:
            kind = getattr(a, "kind", "")
            if kind == "build":
                if field is not None and (a.area, a.field) == field:
                    out.append(a)
            elif kind not in ("take", "offer", "altar", "buy") and not (kind in ("play", "discard")
                                                                          and len(str(a).split()) == 2):
                out.append(a)
        return out

    def cancel(self) -> str:
        if self.ui.get("field") is None and self.ui.get("selected") is None:
            return "nothing to cancel"
        self.ui["field"] = None
        self.ui["selected"] = None
        self._render()
        return "field choice cancelled"

    # ------------------------------------------------------------------ controls
    def game_controls(self) -> list[widgets.Widget]:
        self.skip_btn = button("Skip buying", lambda: self.apply("skip"), "buy no offering card this turn")
        self.play_dd = dropdown("170px", "play")
        self.play_btn = button("Play", lambda: self._apply_dd(self.play_dd), "play the chosen card(s)",
                               style="success")
        self.build_dd = dropdown("260px", "build")
        self.build_btn = button("Build", lambda: self._apply_dd(self.build_dd), "build a hut (Village of Tani)")
        self.reward_dd = dropdown("170px", "shrine reward")
        self.reward_btn = button("Take reward", lambda: self._apply_dd(self.reward_dd), "VP and stones for shrines")
        self.tile_dd = dropdown("170px", "banana tile")
        self.tile_btn = button("Take tile", lambda: self._apply_dd(self.tile_dd), "a banana plantation tile")
        wrap = widgets.Layout(flex_flow="row wrap")
        row = [self.skip_btn, widgets.Label("|"), self.play_dd, self.play_btn, widgets.Label("|"), self.reward_dd,
               self.reward_btn]
        if self.game.name == "bali-tani":
            return [widgets.HBox(row, layout=wrap),
                    widgets.HBox([self.build_dd, self.build_btn, widgets.Label("|"), self.tile_dd, self.tile_btn],
                                 layout=wrap)]
        return [widgets.HBox(row, layout=wrap)]

    def sync_game_controls(self, obs: Any, legal: Sequence[Any]) -> None:
        texts = [str(a) for a in legal if getattr(a, "kind", "") != "build"]
        self.skip_btn.disabled = "skip" not in texts
        set_options(self.play_dd, [t for t in texts if t.startswith(("play ", "discard "))])
        self.play_btn.disabled = not self.play_dd.options
        set_options(self.reward_dd, [t for t in texts if t.startswith("reward ")])
        self.reward_btn.disabled = not self.reward_dd.options
        set_options(self.tile_dd, [t for t in texts if t.startswith("tile ")])
        self.tile_btn.disabled = not self.tile_dd.options
        self._sync_builds(legal)

    def _sync_builds(self, legal: Sequence[Any]) -> None:
        field = self.ui.get("field")
        builds = [a for a in legal if getattr(a, "kind", "") == "build"]
        if field is not None:
            builds = [a for a in builds if (a.area, a.field) == field]
        set_options(self.build_dd, [str(a) for a in builds])
        self.build_btn.disabled = not self.build_dd.options
