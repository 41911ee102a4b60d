"""The page side of :mod:`.access` (JavaScript and CSS of the board's keyboard and screen-reader layer).

Kept apart from the kernel's side so each stays small; :class:`.access.BoardAccess` sends them to the page.
What it does, and what it sends back, is described in :mod:`.access`.

>>> "data-lm-suppress-shortcuts" in ESM and ".jaliz-part:focus" in CSS
True
"""

from __future__ import annotations

ESM = r"""
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
  const setPressed = (b, p) => {
    if (p.pressed !== null && p.pressed !== undefined) b.setAttribute("aria-pressed", p.pressed ? "true" : "false");
    else b.removeAttribute("aria-pressed");
  };
  const drawParts = () => {
    const parts = model.get("parts");
    const old = buttons();
    // the same parts in the same rows: change their words and states in place (the focus stays where it is)
    if (old.length === parts.length && parts.every((p, i) => old[i].dataset.id === p.id &&
        old[i].closest(".jaliz-row").firstChild.textContent === p.row)) {
      parts.forEach((p, i) => {
        if (old[i].textContent !== p.label) old[i].textContent = p.label;
        setPressed(old[i], p);
      });
      return;
    }
    const focused = partsBox.contains(document.activeElement);
    const oldIndex = old.findIndex((b) => b.dataset.id === current);
    // where the tab stop was: its row and its place in the row (a played card leaves, the focus stays in its row)
    const oldButton = oldIndex >= 0 ? old[oldIndex] : null;
    const oldRowEl = oldButton ? oldButton.closest(".jaliz-row") : null;
    const oldRow = oldRowEl ? oldRowEl.firstChild.textContent : null;
    const oldCol = oldRowEl ? Array.from(oldRowEl.querySelectorAll("button.jaliz-part")).indexOf(oldButton) : 0;
    partsBox.replaceChildren();
    let row = null, rowName = null;
    for (const p of parts) {
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
      setPressed(b, p);
      row.append(b);
    }
    const all = buttons();
    if (!all.length) { current = null; return; }
    let target = all.find((b) => b.dataset.id === current);
    if (!target && oldRow !== null) {
      const sameRow = rows().find((r) => r.firstChild.textContent === oldRow);
      const inRow = sameRow ? Array.from(sameRow.querySelectorAll("button.jaliz-part")) : [];
      if (inRow.length) target = inRow[Math.min(oldCol, inRow.length - 1)];
    }
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
CSS = """
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

__all__ = ["CSS", "ESM"]
