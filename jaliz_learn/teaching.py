"""Small helpers for the teaching notebooks (pure Python: nothing here imports Jupyter).

* :func:`show` draws a position as one player (or a spectator) sees it; the result has a
  ``_repr_html_`` (notebooks, HTML export) and a plain-text ``repr`` (terminals, nbval).
* :func:`do` applies actions written in text notation and returns what happened.
* :func:`legal` lists the legal actions as text; :func:`why_not` explains a refused action
  without raising (the state is left unchanged); :func:`names` turns card numbers into names.
* :func:`scenario` builds the Jaliz rulebook's worked examples as positions
  (see :data:`SCENARIOS`); :func:`games_table` lists the registered games.
* For any game: :func:`outcome_table` shows a result with ranks, names and labelled scores
  (whole numbers without ``.0``, see :func:`num`); :func:`rules_table` is a rule catalogue as a
  collapsible HTML table and :func:`rule_box` one rule; :func:`try_action` applies an action or
  returns the refusal as one line (no traceback); :func:`pictures` draws positions side by side.

>>> s = scenario("harvest")
>>> print(do(s, "harvest 1"))
P0> harvest 1
    P0 harvests 8 potato from plot 1 (counts 8) for 3 coin(s)
>>> why_not(s, "harvest 1")
'JAL-HARVEST-04: plot 1 is empty; there is nothing to harvest'
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from .core.actions import Action
from .core.errors import IllegalAction
from .core.game import State
from .core.registry import list_games, load_game

__all__ = ["SCENARIOS", "Scenario", "Shown", "Transcript", "board_text", "do", "games_table", "legal", "names",
           "rule_code",
           "num", "outcome_table", "pictures", "rule_box", "rules_table", "scenario", "show", "try_action", "why_not"]


# ------------------------------------------------------------------ showing a position
class Shown:
    """A position drawn for one viewer: HTML in a notebook, text elsewhere."""

    def __init__(self, html: str, text: str) -> None:
        self.html = html
        self.text = text

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return self.text


def _name(product: Any) -> str:
    from .games.jaliz.actions import pname

    return pname(product)


def names(cards: Any) -> list[str]:
    """Jaliz product numbers as short names.

    >>> names((9, 13, 13))
    ['tomato', 'turnip', 'turnip']
    """
    return [_name(c) for c in cards]


def board_text(obs: Any) -> str:
    """A plain-text board of a Jaliz observation (one line per farm)."""
    who = "spectator" if obs.player is None else f"player {obs.player}"
    cur = "nobody (game over)" if obs.current_player is None else f"P{obs.current_player}"
    lines = [f"Jaliz ({obs.params.mode}) turn {obs.turn}, active P{obs.active_player}, decision "
             f"'{obs.decision}' by {cur}; view of {who}",
             f"deck {obs.deck_size}, burned {len(obs.burned)}, deck ran out {obs.deck_runs_out}/"
             f"{obs.params.deck_passes}; market: {', '.join(_name(c) for c in obs.market) or '-'}"]
    for p, f in enumerate(obs.farms):
        mark = ">" if p == obs.current_player else " "
        plots = " | ".join(str(pl) for pl in f.plots)
        if p == obs.player:
            hand = "hand: " + (", ".join(_name(c) for c in obs.hand or ()) or "(empty)")
        else:
            hand = f"hand: {f.hand_size} cards"
        equip = "".join(x for x, ok in ((" tractor", f.tractor), (" third-plot", f.third_plot)) if ok)
        lines.append(f"{mark}P{p} [{plots}] coins {f.coins}, {hand}, tokens {list(f.tokens)}{equip}, "
                     f"score {f.score}")
    for b, offer in obs.offers:
        lines.append(f"  open offer of P{b}: {offer}")
    for p, cards in obs.pending:
        lines.append(f"  P{p} must plant {', '.join(_name(c) for c in cards)}")
    return "\n".join(lines)


def show(state: State, viewer: int | None = None) -> Shown:
    """The position as ``viewer`` sees it (``None``: a spectator, who sees no hand).

    >>> s = scenario("priority-claim")
    >>> print(show(s, viewer=0).text.splitlines()[2])
    >P0 [empty | empty] coins 0, hand: melon, tokens [], score 0
    """
    obs = state.observation(viewer)
    html_of = getattr(obs, "_repr_html_", None)
    html = html_of() if callable(html_of) else f"<pre>{escape(str(state))}</pre>"
    text = board_text(obs) if hasattr(obs, "farms") and hasattr(obs, "params") else str(state)
    return Shown(html, text)


# ------------------------------------------------------------------ actions
@dataclass
class Transcript:
    """The actions applied by :func:`do` and the events each one caused."""

    steps: list[tuple[int | None, str, list[str]]] = field(default_factory=list)

    def __repr__(self) -> str:
        out = []
        for player, action, lines in self.steps:
            out.append(f"P{player}> {action}")
            out.extend(f"    {line}" for line in lines)
        return "\n".join(out)

    __str__ = __repr__


def do(state: State, *actions: Action | str, viewer: int | None = None) -> Transcript:
    """Apply ``actions`` (text notation or Action objects) one after the other.

    Returns a :class:`Transcript`: each action with the events it caused, as
    ``viewer`` may see them (default: a spectator, so private draws show as counts).
    An illegal action raises an :class:`~jaliz_learn.IllegalAction` naming its rule;
    the actions before it stay applied.
    """
    out = Transcript()
    for action in actions:
        player = state.current_player()
        events = state.apply(action)
        parsed = action if isinstance(action, Action) else state.game.parse_action(action, state)
        lines = [state.game.describe_event(e.seen_by(viewer), viewer) for e in events]
        out.steps.append((player, str(parsed), lines))
    return out


def legal(state: State, limit: int = 30) -> list[str]:
    """The current player's legal actions in text notation (at most ``limit``, then a count)."""
    acts = state.legal_actions()
    total = len(acts)
    shown = [str(acts[i]) for i in range(min(total, limit))]
    if total > limit:
        shown.append(f"... and {total - limit} more")
    return shown


def why_not(state: State, action: Action | str) -> str:
    """``'RULE-ID: reason'`` if ``action`` is illegal for the current player now, else ``'legal'``.

    Nothing is applied, so the state is unchanged either way.
    """
    parsed = action if isinstance(action, Action) else state.game.parse_action(action, state)
    player = state.current_player()
    if player is None:
        return "the game is over"
    try:
        state.check_action(player, parsed)
    except IllegalAction as exc:
        return f"{exc.rule}: {exc.reason}"
    return "legal"


# ------------------------------------------------------------------ rulebook examples
@dataclass(frozen=True)
class Scenario:
    """A worked example of the rulebook as a Jaliz position (``game.state_from_json``)."""

    name: str
    title: str
    rules: tuple[str, ...]
    story: str
    seats: Mapping[str, int]
    position: Mapping[str, Any]


FILLER = ["beans"] * 6  # the bottom of a scenario deck: drawn at the end of the turn

SCENARIOS: dict[str, Scenario] = {s.name: s for s in (
    Scenario(
        "harvest", "Example of harvesting: eight potatoes and four peas",
        ("JAL-HARVEST-02", "JAL-HARVEST-03", "JAL-HARVEST-04"),
        "The player has eight potatoes and four peas planted. Eight potatoes are worth three coins: three "
        "potato cards become coins, five are burned. Four peas count as three peas: two coins, two burned.",
        {"player": 0},
        # potatoes (card 17) are in the deck from 6 players on
        {"num_players": 6, "seed": 1,
         "players": [{"hand": ["peas"], "plots": [["potato", 8, False], ["peas", 4, False]]},
                     {}, {}, {}, {}, {}]},
    ),
    Scenario(
        "watermelon", "Example of trading: the eggplant and the watermelon",
        ("JAL-MARKET-01", "JAL-MARKET-04", "JAL-MARKET-05", "JAL-MARKET-10", "JAL-MARKET-11", "JAL-R-ASK"),
        "Red plants a turnip and a carrot, reveals a turnip and an eggplant and keeps the turnip. Green offers "
        "a carrot for the eggplant; red refuses. Green offers two turnips and a carrot for the eggplant and "
        "red's watermelon; red accepts. Green plants eggplant and watermelon, red the two turnips and the carrot.",
        {"red": 0, "green": 1},
        {"num_players": 3, "seed": 1,
         "players": [{"hand": ["turnip", "carrot", "watermelon"]},
                     {"hand": ["turnip", "turnip", "carrot", "peas"]}, {}],
         "deck": FILLER + ["eggplant", "turnip"]},
    ),
    Scenario(
        "credit-tokens", "Example of trading with a credit token: tomato and red pepper",
        ("JAL-CREDIT-01", "JAL-CREDIT-03", "JAL-CREDIT-04"),
        "Yellow plants a pumpkin and a carrot and reveals a red pepper and a tomato. Red offers a carrot and "
        "its own credit token for the tomato; green, with no suitable card, offers a credit token it got in an "
        "earlier trade for the red pepper. Yellow accepts both offers.",
        {"yellow": 0, "red": 1, "green": 2},
        {"num_players": 4, "seed": 1,
         "players": [{"hand": ["pumpkin", "carrot"]}, {"hand": ["carrot"], "tokens": [1]},
                     {"hand": [], "tokens": [2, 3]}, {"tokens": []}],
         "deck": FILLER + ["tomato", "pepper"]},
    ),
    Scenario(
        "priority-claim", "Example of a trade where a player takes a card ahead of its owner",
        ("JAL-CREDIT-02",),
        "The active player plants a melon and reveals a carrot and a watermelon. Another player holds the "
        "active player's credit token: they take the carrot first, even if the active player wants it, and "
        "return the token.",
        {"active": 0, "token holder": 2},
        {"num_players": 3, "seed": 1,
         "players": [{"hand": ["melon"], "tokens": []}, {}, {"tokens": [0, 2]}],
         "deck": FILLER + ["watermelon", "carrot"]},
    ),
)}


def scenario(name: str, game: str = "jaliz", **options: Any) -> State:
    """A fresh state for the rulebook example ``name`` (see :data:`SCENARIOS`)."""
    if name not in SCENARIOS:
        raise KeyError(f"no scenario {name!r}; scenarios: {', '.join(SCENARIOS)}")
    return load_game(game, **options).state_from_json(copy.deepcopy(dict(SCENARIOS[name].position)))


# ------------------------------------------------------------------ learner-friendly output
def num(value: Any) -> int | float:
    """A score as a learner expects it: ``46.0`` -> ``46``; other numbers unchanged.

    >>> num(46.0), num(2.5), num(3)
    (46, 2.5, 3)
    """
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value  # type: ignore[no-any-return]


def outcome_table(outcome: Any, names: Sequence[str] | None = None, score: str = "score") -> Shown:
    """An :class:`~jaliz_learn.Outcome` (or a match result) as a small table: rank, player, score, result.

    ``names`` label the seats (default ``P0``, ``P1``...); ``score`` names the column (``"coins"``, ``"VP"``...).
    Whole-number scores show without ``.0``.

    >>> from jaliz_learn.core.game import Outcome
    >>> print(outcome_table(Outcome((46.0, 0.0, 3.0), ((0,), (2,), (1,)), (0,)), ["Ana", "Bo", "Cy"], "coins"))
    rank  player  coins  result
       1  Ana        46  wins
       2  Cy          3
       3  Bo          0
    """
    outcome = getattr(outcome, "outcome", outcome)  # a MatchResult carries its Outcome
    scores = [num(v) for v in outcome.scores]
    labels = list(names) if names is not None else [f"P{i}" for i in range(len(scores))]
    eliminated = set(getattr(outcome, "eliminated", ()))
    rows: list[tuple[int, int]] = []
    for rank, group in enumerate(outcome.ranking, start=1):
        rows.extend((rank, p) for p in group)
    seen = {p for _, p in rows}
    rows.extend((len(outcome.ranking) + 1, p) for p in range(len(scores)) if p not in seen)

    def result(p: int) -> str:
        if p in outcome.winners:
            return "wins (shared)" if len(outcome.winners) > 1 else "wins"
        return "eliminated" if p in eliminated else ""

    width = max([len("player")] + [len(str(x)) for x in labels])
    swidth = max([len(score)] + [len(str(x)) for x in scores])
    text = [f"rank  {'player':<{width}}  {score:>{swidth}}  result"]
    text += [f"{rank:>4}  {labels[p]:<{width}}  {scores[p]!s:>{swidth}}  {result(p)}".rstrip() for rank, p in rows]
    if not outcome.winners:
        text.append("nobody wins")
    cells = "".join(
        f"<tr><td>{rank}</td><td>{escape(str(labels[p]))}</td><td style='text-align:right'>{scores[p]}</td>"
        f"<td>{'<b>' + result(p) + '</b>' if p in outcome.winners else result(p)}</td></tr>" for rank, p in rows)
    html = (f"<table><thead><tr><th>rank</th><th>player</th><th>{escape(score)}</th><th>result</th></tr></thead>"
            f"<tbody>{cells}</tbody></table>" + ("" if outcome.winners else "<p>nobody wins</p>"))
    return Shown(html, "\n".join(text))


def rules_table(rules: Any, prefix: str = "", summary: str | None = None) -> Shown:
    """A rule catalogue (or a game) as a collapsible HTML table; plain text is one short line per rule.

    ``prefix`` keeps only the IDs that start with it (``"PRL-"``); rulings are marked.

    >>> import jaliz_learn
    >>> print(rules_table(jaliz_learn.load_game("nizam"), prefix="NIZ-END").text.splitlines()[0])
    NIZ-END-01  End of the game: The game ends when the deck has run out as many times as there are players.
    """
    catalogue = getattr(rules, "rules", rules)
    chosen = [r for r in catalogue if r.id.startswith(prefix)]
    text = "\n".join(f"{r.id}  {r.title}: {r.text}" + ("  (ruling)" if r.status == "ruling" else "")
                     for r in chosen)
    body = "".join(
        f"<tr><td style='white-space:nowrap;vertical-align:top'>{_rule_id_html(r.id)}</td>"
        f"<td style='text-align:left'><b>{escape(r.title)}</b>"
        f"{' <i>(ruling)</i>' if r.status == 'ruling' else ''}"
        f"{' <i>(reconstructed)</i>' if r.status == 'proposed' else ''}: {escape(r.text)}</td></tr>"
        for r in chosen)
    rulings = sum(1 for r in chosen if r.status == "ruling")
    title = summary or f"{len(chosen)} rules of {getattr(catalogue, 'game', 'the game')} ({rulings} rulings)"
    html = (f"<details><summary><b>{escape(title)}</b> (click to open)</summary>"
            f"<table style='max-width:60em'><tbody>{body}</tbody></table></details>")
    return Shown(html, text)


def rule_box(rules: Any, rule_id: str) -> Shown:
    """One rule as a short block: ID, title, status and text (rulings are marked as such)."""
    catalogue = getattr(rules, "rules", rules)
    r = catalogue[rule_id]
    tag = {"ruling": " (ruling)", "proposed": " (reconstructed)"}.get(r.status, "")
    text = f"{r.id}{tag} {r.title}: {r.text}"
    html = (f"<div style='border-left:4px solid #888;padding-left:.6em'>{_rule_id_html(r.id)}{escape(tag)} "
            f"<b>{escape(r.title)}</b>: {escape(r.text)}</div>")
    return Shown(html, text)


def try_action(state: State, action: Action | str) -> str:
    """Apply ``action`` if legal; if not, return the refusal as one short line instead of a traceback.

    The state is unchanged when the action is refused (the engine guarantees it).

    >>> s = scenario("harvest")
    >>> try_action(s, "harvest 2")  # doctest: +ELLIPSIS
    'applied: harvest 2'
    >>> try_action(s, "harvest 2")
    'refused: JAL-HARVEST-04: plot 2 is empty; there is nothing to harvest'
    """
    try:
        parsed = action if isinstance(action, Action) else state.game.parse_action(action, state)
        state.apply(parsed)
    except ValueError as exc:  # IllegalAction, InvalidNotation...: all ValueErrors with a short message
        rule = getattr(exc, "rule", None)
        reason = getattr(exc, "reason", None)
        if rule and reason:
            return f"refused: {rule}: {reason}"
        return f"refused: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
    return f"applied: {parsed}"


class _Pictures:
    """Positions side by side (``before`` / ``after``); each must have ``_repr_svg_``."""

    def __init__(self, items: Sequence[tuple[str, Any]], width: int) -> None:
        self.items = list(items)
        self.width = width

    def _repr_html_(self) -> str:
        cells = []
        for label, item in self.items:
            # drop the drawing's own size so that it scales to the column (its viewBox keeps the proportions)
            svg = re.sub(r"^(<svg[^>]*?) width=['\"][^'\"]*['\"] height=['\"][^'\"]*['\"]",
                         r"\1 width='100%' style='height:auto'", item._repr_svg_(), count=1)
            cells.append(f"<div style='display:inline-block;vertical-align:top;margin-right:1em;width:{self.width}px'>"
                         f"<div><b>{escape(label)}</b></div>"
                         f"<div style='width:{self.width}px'>{svg}</div></div>")
        return "<div>" + "".join(cells) + "</div>"

    def __repr__(self) -> str:
        return "  |  ".join(f"{label}: {type(item).__name__}" for label, item in self.items)


def pictures(*items: tuple[str, Any], width: int = 420) -> _Pictures:
    """Draw several positions side by side, e.g. ``pictures(("before", obs1), ("after", obs2))``.

    Each item is a ``(label, position)`` pair where the position (state or observation) has ``_repr_svg_``.
    The plain-text form names the pictures only, so nbval compares no drawing.
    """
    return _Pictures(items, width)


# ------------------------------------------------------------------ games
def rule_code(rule_id: str, game: str = "jaliz") -> Shown:
    """Where a rule is carried out, with its code: the shortest function whose docstring cites ``rule_id``
    (the first place ``jaliz-learn rules GAME --where RULE_ID`` prints). Rules that are numbers or tables point
    at the game's data module.

    >>> print(repr(rule_code("JAL-R-GIFT")).splitlines()[0])
    JAL-R-GIFT is carried out in jaliz_learn/games/jaliz/market.py by MarketRules._give:
    """
    from .core.registry import load_game
    from .core.rules import definition_source, game_package, locate_rule

    g = load_game(game)
    if rule_id not in g.rules:
        raise ValueError(f"{g.name} has no rule {rule_id!r}; rules_table(load_game({game!r}).rules) lists them")
    places = locate_rule(g, rule_id)
    if not places:
        return Shown(f"<p>{escape(rule_id)} is not cited in the code</p>", f"{rule_id} is not cited in the code")
    path, line, name = places[0]
    where = path.relative_to(game_package(g).parents[2]).as_posix()  # jaliz_learn/games/<game>/<module>.py
    head = f"{rule_id} is carried out in {where}" + (f" by {name}:" if name else ":")
    source = definition_source(path, line)
    # JupyterLab wraps <pre> in outputs anywhere, mid-word; code reads better scrolled than broken
    pre = "<pre style='white-space:pre;overflow-x:auto;word-break:normal'>"
    return Shown(f"<p>{escape(head)}</p>{pre}{escape(source)}</pre>", f"{head}\n{source}")


def games_table(names: Sequence[str] | None = None) -> Any:
    """The registered games as a pandas DataFrame: name, title, players, description (a
    :class:`~jaliz_learn.core.table.Table` where pandas is missing, as in JupyterLite)."""
    from .core.table import frame  # pandas is imported lazily: the engine does not need it

    rows = []
    for info in list_games():
        if names is not None and info.name not in names:
            continue
        players = (f"{info.min_players}" if info.min_players == info.max_players
                   else f"{info.min_players}-{info.max_players}")
        rows.append({"name": info.name, "title": info.title, "players": players, "description": info.description})
    return frame(rows, columns=["name", "title", "players", "description"])


def _rule_id_html(rule_id: str) -> str:
    """A rule ID that never wraps at its hyphens (JupyterLab sets ``pre-wrap`` on ``<code>``)."""
    return f"<code style='white-space:nowrap'>{escape(rule_id)}</code>"
