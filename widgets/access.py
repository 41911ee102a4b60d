"""The keyboard and screen-reader layer of a board: focusable parts, the position in words, one live region.

A :class:`BoardAccess` is an anywidget (so it works alike in JupyterLab, Notebook 7, Voila and JupyterLite) that
sits in a board right under its picture. In the page it is a ``<section>`` named after the board with:

* **the parts** (``parts``): rows of buttons, one per part of the board (a card, a plot, a die, a line end, an
  offer, an action), each reading its content (``aria-pressed`` when it is a selection). One roving tab stop:
  Tab enters the rows at the part last focused and leaves them at once (Shift+Tab too); arrow keys move
  (Left/Right in a row, Up/Down between rows, Home/End); Enter or Space plays the part (a message to the kernel,
  which does what a click on it does);
* **the position in words** (``description``: a :class:`~jaliz_learn.pictures.describe.Description` as JSON):
  headings and lists, in the accessibility tree; shown on screen with the ``d`` key;
* **one polite live region** (``role=log``): every line the kernel says (:meth:`BoardAccess.say`) is added once,
  in order (moves, decision changes, errors, query answers, the end);
* **the keys** (``key_help``): the list the ``?`` key shows (and the kernel announces).

While nothing in it has the focus it takes no room on the screen (a mouse user sees the board as before; it
stays in the accessibility tree); with the focus inside, the parts and the last announcements show, with a
visible focus ring. Text reaches the page as text nodes (``textContent``), never as markup; the kernel makes it
valid text first (:func:`~jaliz_learn.core.text.safe_text`).

It also makes the board around it keyboard-safe (the board's root element carries the class ``jaliz-board``):
the root gets ``data-lm-suppress-shortcuts`` (JupyterLab's command-mode shortcuts then leave keys inside the board
alone: arrows in a list, Enter, Escape); an ipycanvas ``<canvas>`` gets ``tabindex=-1`` and ``aria-hidden`` (the
parts are its keyboard and text equivalent), and its key handler, which swallowed Tab and Escape, never sees a key
(stopped on the root, in the capture phase); Escape on the canvas moves the focus to the parts.

Messages from the page: ``{"event": "activate", "id": ...}`` (Enter/Space/click on a part), ``{"event": "key",
"key": ...}`` (a query key, Escape), ``{"event": "client_ready"}``.

>>> a = BoardAccess(label="Test board")
>>> a.say("P1 plants carrot"); a.say("Your turn: plant.")
>>> a.said()
['P1 plants carrot', 'Your turn: plant.']
>>> got = []
>>> a.on_activate(got.append); a.on_key(lambda k: got.append("key " + k))
>>> a._on_message(a, {"event": "activate", "id": "hand-0"}, []); a._on_message(a, {"event": "key", "key": "t"}, [])
>>> got
['hand-0', 'key t']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import anywidget
import traitlets

from jaliz_learn.core.text import safe_text

from .access_page import CSS as _CSS
from .access_page import ESM as _ESM

#: How many announcements the page keeps (older lines were read already).
KEEP_MESSAGES = 30


@dataclass(frozen=True)
class Part:
    """One focusable part of a board: ``row`` (its group's name), ``label`` (what it reads), ``target`` (what
    Enter does: a click target, an action or its text, a callable, or ``None``: it only reads), ``pressed``
    (``True``/``False`` for a selection, ``None`` for a plain part)."""

    id: str
    row: str
    label: str
    target: Any = None
    pressed: bool | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "row": _text(self.row), "label": _text(self.label), "pressed": self.pressed}


def _text(value: Any) -> str:
    return safe_text(value, limit=2000)


class BoardAccess(anywidget.AnyWidget):
    """The keyboard and screen-reader layer of one board (see the module's docstring)."""

    _esm = traitlets.Unicode(_ESM).tag(sync=True)
    _css = traitlets.Unicode(_CSS).tag(sync=True)
    label = traitlets.Unicode("board").tag(sync=True)
    parts: traitlets.List[Any] = traitlets.List().tag(sync=True)
    description = traitlets.Dict().tag(sync=True)
    messages: traitlets.List[Any] = traitlets.List().tag(sync=True)
    #: [[key, meaning], ...] (not "keys": that is a Widget attribute, the names of the synced traits)
    key_help: traitlets.List[Any] = traitlets.List().tag(sync=True)
    #: [[css class, accessible name], ...] of the board's own controls (see :func:`name_controls`)
    control_names: traitlets.List[Any] = traitlets.List().tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._seq = 0
        self._activate: list[Callable[[str], Any]] = []
        self._key: list[Callable[[str], Any]] = []
        self._ready: list[Callable[[], Any]] = []
        self.on_msg(self._on_message)

    def on_activate(self, callback: Callable[[str], Any]) -> None:
        """Call ``callback(part_id)`` when a part is played (Enter, Space or a click on it)."""
        self._activate.append(callback)

    def on_key(self, callback: Callable[[str], Any]) -> None:
        """Call ``callback(key)`` for a query key or Escape pressed inside the layer."""
        self._key.append(callback)

    def on_client_ready(self, callback: Callable[[], Any]) -> None:
        self._ready.append(callback)

    def _on_message(self, _widget: Any, content: Mapping[str, Any], _buffers: Any) -> None:
        event = content.get("event")
        if event == "activate" and isinstance(content.get("id"), str):
            for cb in self._activate:
                cb(content["id"])
        elif event == "key" and isinstance(content.get("key"), str):
            for kb in self._key:
                kb(content["key"])
        elif event == "client_ready":
            for ready in self._ready:
                ready()

    def say(self, text: str) -> None:
        """Add ``text`` to the live region (read once, after what was said before)."""
        text = _text(text).strip()
        if not text:
            return
        self._seq += 1
        self.messages = [*self.messages, [self._seq, text]][-KEEP_MESSAGES:]

    def said(self, last: int | None = None) -> list[str]:
        """What was announced (the last ``last`` lines; tests)."""
        lines = [text for _seq, text in self.messages]
        return lines if last is None else lines[-last:]

    def set_parts(self, parts: Sequence[Part]) -> None:
        data = [p.to_json() for p in parts]
        if data != self.parts:
            self.parts = data

    def set_description(self, description: Any) -> None:
        data = description.to_json()
        data = {"title": _text(data["title"]),
                "sections": [{"heading": _text(s["heading"]), "items": [_text(i) for i in s["items"]]}
                             for s in data["sections"]]}
        if data != self.description:
            self.description = data

    def set_keys(self, keys: Sequence[tuple[str, str]]) -> None:
        data = [[k, _text(v)] for k, v in keys]
        if data != self.key_help:
            self.key_help = data


def name_controls(root: Any, access: BoardAccess) -> int:
    """Give every list, text box and slider under ``root`` an accessible name: its description, else its tooltip,
    else its placeholder. ipywidgets ties a description to its control only when it is not empty, and a slider's
    handle to none, so the page side sets ``aria-label`` (each control gets a class it is found by). Returns how
    many were named.

    >>> import ipywidgets as widgets
    >>> a = BoardAccess()
    >>> box = widgets.VBox([widgets.Text(placeholder="or type an action"), widgets.FloatSlider(description="pace"),
    ...                     widgets.Button(description="Go")])
    >>> name_controls(box, a), [name for _cls, name in a.control_names]
    (2, ['or type an action', 'pace'])
    """
    import ipywidgets as widgets

    kinds = (widgets.Text, widgets.Textarea, widgets.Dropdown, widgets.Select, widgets.SelectMultiple,
             widgets.FloatSlider, widgets.IntSlider)
    names: list[list[str]] = []
    todo, seen = [root], set()
    while todo:
        w = todo.pop(0)
        if id(w) in seen:
            continue
        seen.add(id(w))
        if isinstance(w, kinds):
            name = w.description or w.tooltip or getattr(w, "placeholder", "") or ""
            if name:
                cls = f"jaliz-named-{len(names)}"
                w.add_class(cls)
                names.append([cls, _text(name)])
        todo.extend(getattr(w, "children", ()))
    access.control_names = names
    return len(names)


__all__ = ["KEEP_MESSAGES", "BoardAccess", "Part", "name_controls"]
