"""The keyboard model of every board (the kernel's side of :mod:`.access`): parts, query keys, announcements.

A board lists its **parts** (:meth:`KeyboardBoard.parts`: rows of :class:`~.access.Part`, e.g. the cards of the
hand, the plots, the revealed cards, the offers, the dice, the line ends, then an "Actions" row with what has no
part of its own). Enter or Space on a part does what a click on it does: a click target goes to the board's
``on_target``, an action (or its text) to ``apply``, a callable is called, and a part with no target reads itself.

**The keys** (:data:`KEYS`; shown on the board by ``?``; Tab and Shift+Tab are never taken):

=========================  =================================================================
arrow keys, Home, End      move between the parts (Left/Right in a row, Up/Down between rows)
Enter, Space               play the focused part (as a click on it)
Escape                     cancel what is selected (a card, a line end, dice, the offer)
``t``                      whose turn and which decision
``h``                      your hand
``s``                      the scores
``l``                      the last moves
``a``                      your legal actions now
``0``-``9``                that seat's public belongings
``d``                      show or hide the position in words (always in the accessibility tree)
``?``                      this list
=========================  =================================================================

**Announcements** (one polite live region per board, in order): every move (the student's, each bot's or
classmate's: the game's event lines), the human's turn with its decision, an illegal action's message, the
end of the game, and the answers of the query keys.

>>> from jaliz_learn.widgets import NizamBoard
>>> b = NizamBoard(num_players=2, human=1, seed=3, speed=0)
>>> b.handle_key("t")
'Turn: Your turn: draw or move; Moves made this turn: 0.'
>>> b.handle_key("?").startswith("Keys: arrow keys move between the parts")
True
>>> [p.label for p in b.parts(b.observation()) if p.row == "Actions"]
['draw']
>>> b.activate_part(b.part_id("draw"))     # Enter on the part: the move is played and announced
>>> "P1 draws 3 cards: FGG" in b.access.said()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jaliz_learn import Action
from jaliz_learn.pictures.describe import HAND, SCORES, TURN, Description, describe

from .access import BoardAccess, Part

#: The keys of every board (shown by "?", read by the kernel); A50b's tests and docs/ACCESSIBILITY.md use these.
KEYS: tuple[tuple[str, str], ...] = (
    ("arrow keys", "move between the parts (Left and Right in a row, Up and Down between rows), Home and End"),
    ("Enter", "play the focused part, as a click on it (Space too)"),
    ("Escape", "cancel what is selected"),
    ("t", "whose turn and which decision"),
    ("h", "your hand"),
    ("s", "the scores"),
    ("l", "the last moves"),
    ("a", "your legal actions now"),
    ("0-9", "that seat's public belongings"),
    ("d", "show or hide the position in words"),
    ("?", "this list of keys"),
)
#: The games' names as the boards' accessible names say them.
GAME_TITLES = {"jaliz": "Jaliz", "jaliz-advanced": "Advanced Jaliz", "nizam": "Nizam", "pearl-of-the-east":
               "Pearl of the East", "jungli-la": "Jungli-La", "bali": "Bali", "bali-tani": "Bali: Village of Tani"}
#: How many legal actions the ``a`` key reads out (then: "and N more").
READ_ACTIONS = 12
#: How many moves the ``l`` key reads out.
READ_MOVES = 5


def read_section(d: Description, key: str, num_players: int) -> str:
    """What a query key that reads the position announces (``t``, ``h``, ``s``, a seat's digit; ``""`` for another).

    >>> from jaliz_learn.pictures.describe import Section
    >>> d = Description("title", (Section("Scores", ("P0 3", "P1 5")), Section("P1 Ana", ("2 coins",))))
    >>> read_section(d, "s", 2), read_section(d, "1", 2), read_section(d, "7", 2), read_section(d, "h", 2)
    ('Scores: P0 3; P1 5.', 'P1 Ana: 2 coins.', 'There is no seat 7.', 'You have no hand: you are watching.')
    """
    if key in ("t", "h", "s"):
        heading = {"t": TURN, "h": HAND, "s": SCORES}[key]
        s = d.section(heading)
        if s is None:
            return "You have no hand: you are watching." if key == "h" else f"{heading}: none."
        return s.text()
    if len(key) == 1 and key.isdigit():
        n = int(key)
        if n >= num_players:
            return f"There is no seat {n}."
        s = d.section(f"P{n}")
        return s.text() if s is not None else f"P{n}: nothing to read."
    return ""


def target_id(target: Any) -> str:
    """A part's id from its target (stable while the target is the same).

    >>> target_id(("plot", 0, 2)), target_id("draw")
    ('plot-0-2', 'draw')
    """
    if isinstance(target, tuple):
        return "-".join(str(t) for t in target)
    return str(target)


class KeyboardBoard:
    """The keyboard model mixed into :class:`~.framework.GameBoard` (the board supplies the game's parts)."""

    access: BoardAccess
    _part_targets: dict[str, Any]

    # ------------------------------------------------------------------ hooks for a game's board
    def parts(self, obs: Any) -> list[Part]:
        """The board's parts now, row by row (override; the default: the actions row)."""
        return self.action_parts(self.legal())  # type: ignore[attr-defined]

    def button_actions(self, legal: Sequence[Any]) -> list[Any]:
        """The legal actions the "Actions" row offers (those with no part of their own; default: none)."""
        return []

    def cancel(self) -> str:
        """Escape: forget what is selected; returns what to announce (override: the board's selections)."""
        return "nothing to cancel"

    def on_part(self, target: Any) -> None:
        """Enter on a part whose target is a tuple (default: what a click on that target does)."""
        self.on_target(target)  # type: ignore[attr-defined]

    def board_label(self) -> str:
        """The board's accessible name: ``Jaliz board (you are P0)``."""
        name = GAME_TITLES.get(self.game.name, self.game.name)  # type: ignore[attr-defined]
        viewer = "watching" if self.human is None else f"you are P{self.human}"  # type: ignore[attr-defined]
        return f"{name} board ({viewer})"

    # ------------------------------------------------------------------ building parts
    def action_parts(self, legal: Sequence[Any], row: str = "Actions") -> list[Part]:
        return [Part("act-" + str(a), row, str(a), a) for a in self.button_actions(legal)]

    def part_id(self, target: Any) -> str:
        """The id of the part with this target now (tests, and boards that point at a part)."""
        for pid, t in self._part_targets.items():
            if t == target or (isinstance(t, Action) and str(t) == target):
                return pid
        raise KeyError(f"no part for {target!r}")

    def _init_keyboard(self, label: str) -> None:
        self._part_targets = {}
        # (number of events seen, the turn's key) once the first render has run
        self._announced: tuple[int, Any] | None = None
        self.access = BoardAccess(label=label)
        self.access.set_keys(KEYS)
        self.access.on_activate(self.activate_part)
        self.access.on_key(self.handle_key)

    def _sync_keyboard(self, obs: Any) -> None:
        """After every render: the parts, the description, and the announcements of what changed."""
        parts = self.parts(obs)
        seen: set[str] = set()
        unique = []
        for p in parts:
            pid = p.id
            k = 2
            while pid in seen:
                pid, k = f"{p.id}~{k}", k + 1
            seen.add(pid)
            unique.append(p if pid == p.id else Part(pid, p.row, p.label, p.target, p.pressed))
        self._part_targets = {p.id: p.target for p in unique}
        self.access.set_parts(unique)
        description = self.description(obs)
        self.access.set_description(description)
        surface = getattr(self, "canvas", None)
        if surface is not None and hasattr(surface, "label") and surface.label != description.title:
            surface.label = description.title  # the SVG surface's accessible name (JupyterLite)
        self._announce_changes(obs)

    # ------------------------------------------------------------------ the description
    def description(self, obs: Any | None = None) -> Description:
        """The position in words as the board's player sees it (the same text as the SVG picture's)."""
        obs = self.observation() if obs is None else obs  # type: ignore[attr-defined]
        return describe(obs, self.state.names if self.remote else None)  # type: ignore[attr-defined]

    # ------------------------------------------------------------------ keys
    def activate_part(self, part_id: str) -> None:
        """Enter or Space on a part (the page sends its id)."""
        if part_id not in self._part_targets:
            self.access.say("that part is gone: the board changed")
            return
        target = self._part_targets[part_id]
        label = next((p["label"] for p in self.access.parts if p["id"] == part_id), part_id)
        if target is None:
            self.access.say(label)
        elif callable(target):
            target()
        elif isinstance(target, (Action, str)):
            self.apply(target)  # type: ignore[attr-defined]
        else:
            self.on_part(target)

    def handle_key(self, key: str) -> str:
        """A query key or Escape pressed on the board: announces the answer and returns it."""
        text = self.answer(key)
        if text:
            self.access.say(text)
        return text

    def answer(self, key: str) -> str:
        """The text a key announces (``""`` for a key the board does not know)."""
        if key == "Escape":
            return self.cancel()
        if key == "?":
            return "Keys: " + "; ".join(f"{k} {meaning}" for k, meaning in KEYS) + "."
        if key == "d":
            return "The position in words is shown or hidden under the board parts."
        if key in ("t", "h", "s") or (len(key) == 1 and key.isdigit()):
            return read_section(self.description(), key, self.state.num_players)  # type: ignore[attr-defined]
        if key == "l":
            lines = self.last_moves()
            return ("Last moves: " + "; ".join(lines) + ".") if lines else "No moves yet."
        if key == "a":
            legal = [str(a) for a in self.legal()]  # type: ignore[attr-defined]
            if not legal:
                return "You have no legal action now: it is not your turn."
            more = f"; and {len(legal) - READ_ACTIONS} more" if len(legal) > READ_ACTIONS else ""
            return f"{len(legal)} legal action(s): " + "; ".join(legal[:READ_ACTIONS]) + more + "."
        return ""

    def last_moves(self, count: int = READ_MOVES) -> list[str]:
        """The last ``count`` event lines the board's player may see."""
        events = self.state.events(self.human)[-count:]  # type: ignore[attr-defined]
        return [self.game.describe_event(e, self.human) for e in events]  # type: ignore[attr-defined]

    # ------------------------------------------------------------------ announcements
    def _turn_key(self, obs: Any) -> Any:
        waiting = tuple(getattr(self.state, "waiting", ()) or ()) if self.remote else ()  # type: ignore[attr-defined]
        return (obs.is_over, obs.current_player, obs.decision, obs.turn, waiting)

    def _announce_changes(self, obs: Any) -> None:
        events = self.state.events(self.human)  # type: ignore[attr-defined]
        key = self._turn_key(obs)
        if self._announced is None:  # the first render: the position so far is in the description, not read out
            self._announced = (len(events), key)
            return
        seen, last_key = self._announced
        for e in events[seen:]:
            self.access.say(self.game.describe_event(e, self.human))  # type: ignore[attr-defined]
        if key != last_key:
            waiting, was_waiting = key[-1], last_key[-1]
            if waiting and waiting != was_waiting:  # a live table: who it still waits for
                self.access.say("Waiting for seat(s) " + ", ".join(f"P{s}" for s in waiting) + " to join the table.")
            elif was_waiting and not waiting:
                self.access.say("Every seat has joined: the game starts.")
            if waiting:  # nobody decides before the table starts
                pass
            elif obs.is_over:
                self.access.say(self.game_over_text())
            elif self.human is not None and obs.current_player == self.human:  # type: ignore[attr-defined]
                self.access.say(f"Your turn: {obs.decision.replace('-', ' ')}.")
        self._announced = (len(events), key)

    def game_over_text(self) -> str:
        out = self.state.outcome()  # type: ignore[attr-defined]
        if out is None:
            return "Game over."
        label = self.seat_label  # type: ignore[attr-defined]
        win = ", ".join(label(p) for p in out.winners) if out.winners else "nobody"
        scores = ", ".join(f"{label(p)} {s:g}" for p, s in enumerate(out.scores))
        return f"Game over. Winner(s): {win}. Scores: {scores}."


__all__ = ["GAME_TITLES", "KEYS", "READ_ACTIONS", "READ_MOVES", "KeyboardBoard", "read_section", "target_id"]
