"""``JungliLaBoard``: play Jungli-La against bots by clicking the jungle track, the dice and your materials.

The canvas is the same picture as ``state._repr_svg_()`` (``jaliz_learn.pictures.jungli_la``), with
hints: the cards you may move to carry a yellow "move N" tag, the card under your explorer
"discover". Clicks:

* a die (reroll decision): choose it for a reroll (up to two; Letters stay), then **Reroll chosen**;
* a card of the track: move there (exactly your steps), discover it if your explorer stands on it,
  or discover it remotely (3 Letters) if it lies behind you; the Goal: move onto it;
* one of your material tokens: gain that material (materials decision) or discard one (discard).

Anything else is on the buttons, in the legal-action list, or typed in the text box. An illegal
click shows the engine's message with its rule ID.

>>> board = JungliLaBoard(num_players=3, human=0, bots="random", seed=2, speed=0)
>>> board.state.decision(), board.state.current_player()
('roll', 0)
>>> board.apply("move 2")
False
>>> "JUN-TURN-01" in board.error
True
>>> board.apply("roll 4"), board.state.decision() in ("reroll", "adjust", "materials")
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

import ipywidgets as widgets

from jaliz_learn.pictures import jungli_la as pictures
from jaliz_learn.pictures.describe_jungli_la import FACE_WORDS, MATERIAL_WORDS, card_text, where

from .access import Part
from .framework import button, dropdown, join_table, set_options
from .jungli_la_canvas import SceneBoard

HINTS = {
    "roll": "choose how many dice to roll (extra dice cost Letters), then Roll",
    "reroll": "click up to two dice (not Letters) and Reroll chosen, or Keep the dice",
    "adjust": "click a die, choose its new face in the change list (2 Letters; Paleontologist: free), or Done",
    "materials": "click F, W or T in your row (or Gain each), or Rest",
    "discard": "too many materials: click a token in your row to discard one",
    "explore": "click a yellow-tagged card to move, discover the card you stand on, then End turn",
}


class JungliLaBoard(SceneBoard):
    """A live Jungli-La table: one human seat (or ``human=None`` to watch) against bots.

    ``bots``: a bot name (``"greedy"``, ``"random"``, ``"mcts"``) for every other seat, or a list;
    ``speed``: seconds between bot moves (0: at once). See :class:`widgets.framework.GameBoard`.
    """

    hints = HINTS

    def __init__(self, num_players: int = 3, human: int | None = 0, bots: Any = "greedy", seed: int = 7,
                 speed: float = 0.3, options: dict[str, Any] | None = None, fit: bool = True,
                 state: Any = None, join: str | None = None, name: str | None = None) -> None:
        if join:
            state = join_table(join, name)  # a seat of a live table (see jaliz_learn.tables)
        n = state.num_players if state is not None else num_players
        track = (len(state.track) if hasattr(state, "track") else len(state.observation().track) if state is not None
                 else _track_len(n))
        self.geometry = pictures.JungliLayout(n, track)
        self.background = pictures.BG
        super().__init__("jungli-la", num_players=num_players, human=human, bots=bots, seed=seed, speed=speed,
                         options=options, fit=fit, state=state)

    # ------------------------------------------------------------------ framework hooks
    def build_scene(self, obs: Any) -> Any:
        """The picture with the selected dice and the human's move/discover hints."""
        faces = obs.dice_faces()
        dice = [i for i in self.ui.get("dice", []) if i < len(faces) and faces[i] != "L"]
        if obs.decision != "reroll" or obs.current_player != self.human:
            dice = []
        self.ui["dice"] = dice
        self.ui["targets"] = self._targets(obs)
        return pictures.scene(obs, selected_dice=dice, targets=self.ui["targets"], names=self.ui["seat_names"])

    def after_move(self, player: int) -> None:
        self.ui["dice"] = []
        self.ui["change_face"] = None

    def on_target(self, target: Any) -> None:
        kind = target[0]
        obs = self.observation()
        mine = self.human is not None and obs.current_player == self.human
        if kind == "die":
            self._click_die(obs, target[1], mine)
        elif kind == "cell":
            self._click_cell(obs, target[1])
        elif kind == "material":
            _, p, mat = target
            if p != self.human:
                self.set_note(f"that is P{p}'s row")
            elif obs.decision == "discard":
                self.apply(f"discard {mat}")
            else:
                self.apply(f"gain {mat}")

    # ------------------------------------------------------------------ keyboard (widgets.keyboard)
    def parts(self, obs: Any) -> list[Part]:
        """The dice (Enter chooses one for a reroll), the track from Start to the Goal (Enter moves, discovers or
        discovers remotely, as a click), your materials (Enter gains or discards), each explorer, the actions."""
        out: list[Part] = []
        faces = obs.dice_faces()
        chosen = set(self.ui.get("dice", []))
        reroll = obs.decision == "reroll" and obs.current_player == self.human
        for i, face in enumerate(faces):
            verb = "choose it for a reroll" if reroll else "list its changes" if (
                obs.decision == "adjust" and obs.current_player == self.human) else ""
            label = f"die {i + 1}: {FACE_WORDS.get(face, face)}" + (f" (Enter: {verb})" if verb else "")
            out.append(Part(f"die-{i}", "Dice", label, ("die", i),
                            pressed=(i in chosen) if reroll else None))
        at: dict[int, list[str]] = {}
        for p, pos in enumerate(obs.positions):
            at.setdefault(len(obs.track) + 1 if pos < 0 else pos, []).append(
                "you" if p == self.human else self.seat_label(p))
        tags = self.ui.get("targets") or {}
        for cell in range(len(obs.track) + 2):
            name = "Start" if cell == 0 else "Goal" if cell == len(obs.track) + 1 else \
                f"card {cell}: {card_text(obs.track[cell - 1])}"
            extra = (f" [{tags[cell]}]" if cell in tags else "") + (
                f", here: {', '.join(at[cell])}" if cell in at else "")
            out.append(Part(f"cell-{cell}", "Track", name + extra, ("cell", cell)))
        if self.human is not None:
            verb = "discard" if obs.decision == "discard" else "gain"
            for mat, word, n in zip(("F", "W", "T"), MATERIAL_WORDS, obs.materials[self.human]):
                out.append(Part(f"material-{mat}", "Your materials", f"{verb} {word} (you have {n})",
                                ("material", self.human, mat)))
        for p in range(obs.num_players):
            out.append(Part(f"player-{p}", "Explorers", f"{self.seat_label(p)}: {where(obs, p)}"))
        return out + self.action_parts(self.legal())

    def button_actions(self, legal: Sequence[Any]) -> list[Any]:
        spatial = ("move", "remote", "discover", "gain", "discard", "reroll")
        out = [a for a in legal if getattr(a, "kind", "") not in spatial]
        obs = self.observation()
        if legal and obs.decision == "reroll":
            out.insert(0, self._reroll)  # reroll the dice chosen with Enter
        return out

    def action_parts(self, legal: Sequence[Any], row: str = "Actions") -> list[Part]:
        out = []
        for a in self.button_actions(legal):
            if callable(a) and not hasattr(a, "kind"):
                faces = self.observation().dice_faces()
                dice = " ".join(faces[i] for i in self.ui.get("dice", []) if i < len(faces))
                out.append(Part("act-reroll-chosen", row, f"reroll the chosen dice ({dice or 'none chosen'})", a))
            else:
                out.append(Part("act-" + str(a), row, str(a), a))
        return out

    def cancel(self) -> str:
        if not self.ui.get("dice") and self.ui.get("change_face") is None:
            return "nothing to cancel"
        self.ui["dice"] = []
        self.ui["change_face"] = None
        self._render()
        return "dice choice cancelled"

    # ------------------------------------------------------------------ clicks
    def _click_die(self, obs: Any, i: int, mine: bool) -> None:
        faces = obs.dice_faces()
        if i >= len(faces):
            return
        if mine and obs.decision == "adjust":  # the change list offers this die's changes first
            self.ui["change_face"] = faces[i]
            self._sync_changes(self.legal())
            self.set_note(f"die {i + 1} shows {faces[i]}: choose its new face in the change list")
            return
        if not mine or obs.decision != "reroll":
            self.set_note(f"die {i + 1} shows {faces[i]}; dice are chosen for a reroll during the reroll decision")
            return
        if faces[i] == "L":
            self.apply("reroll L")  # refused by the engine: Letters are set aside (its message names the rule)
            return
        chosen: list[int] = list(self.ui.get("dice", []))
        if i in chosen:
            chosen.remove(i)
        else:
            chosen.append(i)
            chosen = chosen[-2:]  # at most two dice (JUN-DICE-03): the oldest choice drops out
        self.ui["dice"] = chosen
        self._set_error("")
        self.redraw()
        self.set_note("chosen for a reroll: " + (" ".join(faces[j] for j in chosen) or "none"))

    def _click_cell(self, obs: Any, cell: int) -> None:
        p = self.human if self.human is not None else obs.current_player
        if p is None:
            return
        pos = obs.positions[p]
        goal = len(obs.track) + 1
        if cell == 0:
            self.set_note("Start: every explorer begins here")
            return
        here = goal if pos < 0 else pos
        if cell == here and cell != goal:
            self.apply("discover")
        elif cell > here:
            steps = cell - here
            if cell == goal:  # any move past the last card reaches the Goal: take the legal one
                moves = [a for a in self.legal() if getattr(a, "kind", "") == "move" and a.steps >= steps]
                steps = moves[0].steps if moves else steps
            self.apply(f"move {steps}")
        elif cell != goal:
            self.apply(f"remote {obs.track[cell - 1]}")

    def _targets(self, obs: Any) -> dict[int, str]:
        """Cells to tag for the human now: reachable cards (move N) and the card to discover."""
        out: dict[int, str] = {}
        if self.human is None or obs.current_player != self.human or obs.decision != "explore":
            return out
        pos = obs.positions[self.human]
        goal = len(obs.track) + 1
        for a in self.legal():
            kind = getattr(a, "kind", "")
            if kind == "move" and pos >= 0:
                out[min(pos + a.steps, goal)] = f"move {a.steps}"
            elif kind == "discover" and pos > 0:
                out[pos] = "discover"
        return out

    # ------------------------------------------------------------------ controls
    def game_controls(self) -> list[widgets.Widget]:
        self.roll_dd = dropdown("150px", "dice")
        self.roll_btn = button("Roll", lambda: self._apply_dd(self.roll_dd), "roll the chosen number of dice",
                               style="success")
        self.reroll_btn = button("Reroll chosen", self._reroll, "reroll the dice you clicked")
        self.keep_btn = button("Keep", lambda: self.apply("keep"), "stop rolling: set every die aside")
        self.cancel_btn = button("Cancel (1 Letter)", lambda: self.apply("cancel"), "pay 1 Letter, reroll all dice")
        self.change_dd = dropdown("160px", "change")
        self.change_btn = button("Change", lambda: self._apply_dd(self.change_dd),
                                 "change a die: 2 Letters (change) or free (paleo)")
        self.done_btn = button("Done", lambda: self.apply("done"), "finish changing dice")
        self.gain_btns = [button(f"Gain {m}", partial(self.apply, f"gain {m}"), f"gain {m}")
                          for m in ("F", "W", "T", "each")]
        self.rest_btn = button("Rest", lambda: self.apply("rest"), "rest: take Letters, no movement")
        self.discover_btn = button("Discover", lambda: self.apply("discover"), "discover the card you stand on")
        self.wagon_btn = button("Buy Wagon (2 L)", lambda: self.apply("wagon"), "a Wagon carries 2 more")
        self.treasure_btn = button("Buy Treasure (4 L)", lambda: self.apply("treasure"), "after reaching the Goal")
        self.end_btn = button("End turn", lambda: self.apply("end"), "end your turn", style="info")
        sep = widgets.Label("|")
        wrap = widgets.Layout(flex_flow="row wrap")
        return [widgets.HBox([self.roll_dd, self.roll_btn, sep, self.reroll_btn, self.keep_btn, self.cancel_btn,
                              widgets.Label("|"), self.change_dd, self.change_btn, self.done_btn], layout=wrap),
                widgets.HBox([*self.gain_btns, self.rest_btn, widgets.Label("|"), self.discover_btn, self.wagon_btn,
                              self.treasure_btn, self.end_btn], layout=wrap)]

    def sync_game_controls(self, obs: Any, legal: Sequence[Any]) -> None:
        texts = [str(a) for a in legal]
        heads = {t.split(" ", 1)[0] for t in texts}
        set_options(self.roll_dd, [(t.replace("roll ", "") + (" dice"), t) for t in texts if t.startswith("roll ")])
        self.roll_btn.disabled = not self.roll_dd.options
        self.reroll_btn.disabled = "reroll" not in heads
        self.keep_btn.disabled = "keep" not in heads
        self.cancel_btn.disabled = "cancel" not in heads
        self._sync_changes(legal)
        self.done_btn.disabled = "done" not in heads
        for b, m in zip(self.gain_btns, ("F", "W", "T", "each")):
            b.disabled = f"gain {m}" not in texts
        self.rest_btn.disabled = "rest" not in heads
        self.discover_btn.disabled = "discover" not in heads
        self.wagon_btn.disabled = "wagon" not in heads
        self.treasure_btn.disabled = "treasure" not in heads
        self.end_btn.disabled = "end" not in heads

    def _sync_changes(self, legal: Sequence[Any]) -> None:
        """The change list: every die change, those of the clicked die's face first."""
        texts = [str(a) for a in legal if getattr(a, "kind", "") in ("change", "paleo")]
        face = self.ui.get("change_face")
        if face is not None:
            texts.sort(key=lambda t: t.split()[1] != face)  # stable: the clicked face first
        set_options(self.change_dd, texts)
        if texts and self.change_dd.value != texts[0]:
            self.change_dd.value = texts[0]
        self.change_btn.disabled = not texts

    def _reroll(self) -> None:
        obs = self.observation()
        faces = obs.dice_faces()
        chosen = [faces[i] for i in self.ui.get("dice", []) if i < len(faces)]
        if not chosen:
            self._set_error("click one or two dice first (rule JUN-DICE-03: reroll one or two dice)")
            return
        self.apply("reroll " + " ".join(chosen))


def _track_len(n: int) -> int:
    """Cards on a new game's track (JUN-SETUP-02): 10 per area minus the cards returned to the box."""
    from jaliz_learn.games.jungli_la.data import AREAS, CARDS, REMOVED_PER_AREA

    per_area = len(CARDS) // len(AREAS)
    return len(AREAS) * (per_area - REMOVED_PER_AREA.get(n, 0))
