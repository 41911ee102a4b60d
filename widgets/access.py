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


_ESM = r"""
function render({ model, el }) {
  const root = document.createElement("section");
  root.className = "jaliz-access";
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const partsBox = document.createElement("div");
  partsBox.className = "jaliz-parts";
  partsBox.setAttribute("role", "group");
  const live = document.createElement("div");
  live.className = "jaliz-live";
  live.setAttribute("role", "log");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-relevant", "additions");
  const desc = document.createElement("div");
  desc.className = "jaliz-desc";
  const help = document.createElement("div");
  help.className = "jaliz-help";
  help.hidden = true;
  root.append(partsBox, live, help, desc);
  let current = null;          // the id of the part holding the roving tab stop
  let seen = 0;                // the last announcement shown
  const buttons = () => Array.from(partsBox.querySelectorAll("button.jaliz-part"));
  const rows = () => Array.from(partsBox.querySelectorAll(".jaliz-row"));

  const setLabel = () => {
    const label = model.get("label") || "board";
    root.setAttribute("aria-label", label);
    partsBox.setAttribute("aria-label", label + ": parts. Arrow keys move, Enter or Space plays, " +
                                        "Escape cancels, question mark lists the keys");
  };
  const drawParts = () => {
    const focused = partsBox.contains(document.activeElement);
    const old = buttons();
    const oldIndex = old.findIndex((b) => b.dataset.id === current);
    partsBox.replaceChildren();
    let row = null, rowName = null, n = 0;
    for (const p of model.get("parts")) {
      if (row === null || p.row !== rowName) {
        rowName = p.row;
        row = document.createElement("div");
        row.className = "jaliz-row";
        row.setAttribute("role", "group");
        const name = document.createElement("span");
        name.className = "jaliz-rowname";
        name.id = "jaliz-row-" + Math.random().toString(36).slice(2);
        name.textContent = p.row;
        row.setAttribute("aria-labelledby", name.id);
        row.append(name);
        partsBox.append(row);
      }
      const b = document.createElement("button");
      b.type = "button";
      b.className = "jaliz-part";
      b.dataset.id = p.id;
      b.textContent = p.label;
      b.tabIndex = -1;
      if (p.pressed !== null && p.pressed !== undefined) b.setAttribute("aria-pressed", p.pressed ? "true" : "false");
      row.append(b);
      n += 1;
    }
    const all = buttons();
    if (!all.length) { current = null; return; }
    let target = all.find((b) => b.dataset.id === current);
    if (!target) target = all[Math.max(0, Math.min(oldIndex < 0 ? 0 : oldIndex, all.length - 1))];
    target.tabIndex = 0;
    current = target.dataset.id;
    if (focused) target.focus({ preventScroll: true });
  };
  const move = (from, key) => {
    const all = buttons();
    const rowEls = rows();
    const row = from.closest(".jaliz-row");
    const inRow = Array.from(row.querySelectorAll("button.jaliz-part"));
    const col = inRow.indexOf(from);
    let to = null;
    if (key === "ArrowRight") to = inRow[Math.min(col + 1, inRow.length - 1)];
    else if (key === "ArrowLeft") to = inRow[Math.max(col - 1, 0)];
    else if (key === "Home") to = inRow[0];
    else if (key === "End") to = inRow[inRow.length - 1];
    else {
      const r = rowEls.indexOf(row) + (key === "ArrowDown" ? 1 : -1);
      if (r < 0 || r >= rowEls.length) return;
      const other = Array.from(rowEls[r].querySelectorAll("button.jaliz-part"));
      to = other[Math.min(col, other.length - 1)];
    }
    if (!to) return;
    for (const b of all) b.tabIndex = -1;
    to.tabIndex = 0;
    current = to.dataset.id;
    to.focus();
  };
  const drawDesc = () => {
    const d = model.get("description") || {};
    desc.replaceChildren();
    const title = document.createElement("p");
    title.textContent = d.title || "";
    desc.append(title);
    for (const s of d.sections || []) {
      const h = document.createElement("h4");
      h.textContent = s.heading;
      const ul = document.createElement("ul");
      for (const item of s.items) {
        const li = document.createElement("li");
        li.textContent = item;
        ul.append(li);
      }
      desc.append(h, ul);
    }
  };
  const drawHelp = () => {
    help.replaceChildren();
    const ul = document.createElement("ul");
    for (const [key, meaning] of model.get("key_help")) {
      const li = document.createElement("li");
      const k = document.createElement("kbd");
      k.textContent = key;
      li.append(k, " " + meaning);
      ul.append(li);
    }
    help.append(ul);
  };
  const announce = () => {
    for (const [seq, text] of model.get("messages")) {
      if (seq <= seen) continue;
      seen = seq;
      const line = document.createElement("div");
      line.textContent = text;
      live.append(line);
    }
    while (live.childElementCount > 30) live.firstElementChild.remove();
  };
  // a new view (a reload) does not read out what was said before it
  for (const [seq] of model.get("messages")) seen = Math.max(seen, seq);

  partsBox.addEventListener("click", (event) => {
    const b = event.target.closest("button.jaliz-part");
    if (!b) return;
    for (const other of buttons()) other.tabIndex = -1;
    b.tabIndex = 0;
    current = b.dataset.id;
    model.send({ event: "activate", id: b.dataset.id });
  });
  partsBox.addEventListener("focusin", (event) => {
    const b = event.target.closest("button.jaliz-part");
    if (b) { for (const other of buttons()) other.tabIndex = -1; b.tabIndex = 0; current = b.dataset.id; }
  });
  root.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    const b = event.target.closest && event.target.closest("button.jaliz-part");
    const key = event.key;
    if (b && ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(key)) {
      event.preventDefault();
      move(b, key);
      return;
    }
    if (b && (key === "Enter" || key === " ")) {
      // played here, not left to the button's default click: a host page may take Enter on its way
      event.preventDefault();
      b.click();
      return;
    }
    const keys = model.get("key_help").map((k) => k[0]);
    const named = key === "Escape" ? "Escape" : key;
    if (!keys.includes(named) && !(named.length === 1 && keys.includes("0-9") && named >= "0" && named <= "9")) return;
    event.preventDefault();
    if (named === "?") { help.hidden = !help.hidden; root.classList.toggle("jaliz-show-help", !help.hidden); }
    if (named === "d") root.classList.toggle("jaliz-show-desc");
    model.send({ event: "key", key: named });
  });

  // the board around this layer: no JupyterLab shortcuts inside it, and a canvas that neither takes the
  // keyboard focus nor keeps it
  let board = null;
  const fixCanvas = () => {
    if (!board) return;
    // controls the kernel named (a list, a text box, a slider's handle): the name a screen reader reads
    for (const [cls, name] of model.get("control_names")) {
      for (const c of board.querySelectorAll("." + cls + " input, ." + cls + " select, ." + cls +
                                             " textarea, ." + cls + " [role=slider]")) {
        if (c.getAttribute("aria-label") !== name) c.setAttribute("aria-label", name);
      }
    }
    for (const c of board.querySelectorAll("canvas")) {
      if (c.getAttribute("tabindex") !== "-1") c.setAttribute("tabindex", "-1");
      if (c.getAttribute("aria-hidden") !== "true") c.setAttribute("aria-hidden", "true");
    }
  };
  const onBoardKey = (event) => {
    const t = event.target;
    if (!t || t.tagName !== "CANVAS") return;
    event.stopPropagation();   // ipycanvas' own handler would prevent Tab and Escape
    if (event.key === "Escape") {
      const b = buttons().find((x) => x.tabIndex === 0);
      if (b) { event.preventDefault(); b.focus(); }
    }
  };
  let observer = null;
  let tries = 0;
  const attach = () => {
    board = el.closest(".jaliz-board");
    if (!board) { if (tries++ < 100) setTimeout(attach, 100); return; }
    board.setAttribute("data-lm-suppress-shortcuts", "true");
    board.addEventListener("keydown", onBoardKey, true);
    board.addEventListener("keyup", onBoardKey, true);
    board.addEventListener("keypress", onBoardKey, true);
    fixCanvas();
    observer = new MutationObserver(fixCanvas);
    observer.observe(board, { childList: true, subtree: true });
  };

  model.on("change:label", setLabel);
  model.on("change:parts", drawParts);
  model.on("change:description", drawDesc);
  model.on("change:key_help", drawHelp);
  model.on("change:messages", announce);
  setLabel(); drawParts(); drawDesc(); drawHelp();
  el.append(root);
  attach();
  model.send({ event: "client_ready" });
  return () => {
    model.off("change:label", setLabel); model.off("change:parts", drawParts);
    model.off("change:description", drawDesc); model.off("change:key_help", drawHelp);
    model.off("change:messages", announce);
    if (observer) observer.disconnect();
    if (board) {
      board.removeEventListener("keydown", onBoardKey, true);
      board.removeEventListener("keyup", onBoardKey, true);
      board.removeEventListener("keypress", onBoardKey, true);
    }
  };
}
export default { render };
"""

# Off the screen (still in the accessibility tree) until the focus is inside; then the parts and the last three
# announcements show. The focus ring is two rings (dark and light) so it shows on any background.
_CSS = """
.jaliz-access { font-size: 14px; color: #1f1f1f; }
.jaliz-access:not(:focus-within) {
  position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%);
  white-space: nowrap; }
.jaliz-access:focus-within { margin: 4px 0; padding: 6px; border: 2px solid #1f1f1f; border-radius: 6px;
  background: #ffffff; }
.jaliz-row { display: flex; flex-wrap: wrap; align-items: center; gap: 4px; margin: 2px 0; }
.jaliz-rowname { font-weight: bold; min-width: 9em; }
.jaliz-part { font: inherit; color: #1f1f1f; background: #f4f1ea; border: 1px solid #595959; border-radius: 4px;
  padding: 2px 6px; cursor: pointer; }
.jaliz-part[aria-pressed="true"] { background: #1f1f1f; color: #ffffff; font-weight: bold; }
.jaliz-part[aria-pressed="true"]::before { content: "\\2713  "; }
.jaliz-part:focus, .jaliz-part:focus-visible { outline: 3px solid #1f1f1f; outline-offset: 2px;
  box-shadow: 0 0 0 6px #ffd400; }
.jaliz-live { margin-top: 4px; color: #1f1f1f; }
.jaliz-live > div:nth-last-child(n+4) { display: none; }
.jaliz-access:not(.jaliz-show-desc) .jaliz-desc {
  position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); }
.jaliz-desc h4 { margin: 6px 0 2px; font-size: 14px; }
.jaliz-desc ul { margin: 0; padding-left: 1.4em; }
@media (forced-colors: active) { .jaliz-part:focus { outline: 3px solid CanvasText; } }
"""


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
