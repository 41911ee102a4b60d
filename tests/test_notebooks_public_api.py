"""The notebooks use only the public API: observations, legal actions, events, outcomes.

A walkthrough teaches what a bot may use. If a cell reads ``st.materials`` or ``s.final`` (the
state's own bookkeeping), the learner copies that habit into a bot that then breaks under the
grader, which hands bots observations only. So the code cells of every notebook are parsed with
:mod:`ast` and every attribute read is checked:

* a name starting with ``_`` (other than ``_repr_*_`` display hooks) is private;
* a name that real states keep in their ``__dict__`` (collected below from ``vars(state)`` of a
  fresh and of a finished state of every registered game), or a method that a game's State class
  adds to the core protocol (``score_breakdown``, ``final_breakdown``, ...), is internal;
* unless it is public protocol: a member of the core ``State``/``Observation``/``Outcome``/``Game``
  (``state.game``, ``state.num_players``, ``state.seed``, ``legal_actions``, ``scores``, ...), or an
  observation field read from an observation (a name bound to ``x.observation(...)`` or
  ``x.spectator()``, or such a call itself, or anything reached from one:
  ``st.observation(0).materials`` is fine, ``st.materials`` is not).

``getattr(x, "name")`` with a constant name, ``vars(x)`` and ``x.__dict__`` are checked too.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from functools import lru_cache
from pathlib import Path

import nbformat
import pytest

import jaliz_learn
from jaliz_learn.bots import RandomBot
from jaliz_learn.core.errors import IllegalAction
from jaliz_learn.core.events import Event
from jaliz_learn.core.game import Game, GameInfo, Observation, Outcome, State, attributes
from jaliz_learn.core.play import MatchResult
from jaliz_learn.core.registry import list_games

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
ALL = sorted(NOTEBOOKS.glob("*.ipynb"))

#: attributes the core State declares for every game (``State.__init__``) and documents as public
CORE_STATE_PUBLIC = frozenset({"game", "num_players", "seed"})
#: calls whose result is an observation
OBSERVATION_CALLS = frozenset({"observation", "spectator"})
DISPLAY_HOOK = re.compile(r"^_repr_[a-z]+_$")


def _public_names(cls: type) -> set[str]:
    return {n for n in dir(cls) if not n.startswith("_")}


@lru_cache(maxsize=1)
def api() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(internal state names, public protocol names, observation fields) from real states of every game."""
    public = _public_names(State) | _public_names(Observation) | _public_names(Outcome) | _public_names(Game)
    public |= CORE_STATE_PUBLIC
    # other public values a notebook handles (an error's rule, an event's kind, a match's scores):
    # their attribute names are public wherever they appear
    public |= set(vars(IllegalAction("reason"))) | _public_names(Event) | _public_names(GameInfo)
    public |= _public_names(MatchResult)
    internal: set[str] = set()
    fields: set[str] = set()
    for info in list_games():
        game = jaliz_learn.load_game(info.name)
        for n in sorted({info.min_players, info.max_players}):
            fresh = game.initial_state(num_players=n, seed=1)
            done = jaliz_learn.play(game, [RandomBot(i) for i in range(n)], seed=1).state
            for st in (fresh, done):
                internal |= set(attributes(st))  # slots and instance dict alike
                for klass in type(st).__mro__:
                    if klass is State:
                        break
                    internal |= {k for k in vars(klass) if not k.startswith("__")}
                fields |= set(type(st.observation(0)).field_names())
    return frozenset(internal - public), frozenset(public), frozenset(fields)


def _code(path: Path) -> list[tuple[int, str]]:
    nb = nbformat.read(path, as_version=4)
    out = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        # IPython magics and shell lines are not Python; blank them so the line numbers stay right
        lines = ["" if line.lstrip().startswith(("%", "!")) else line for line in cell.source.splitlines()]
        out.append((i, "\n".join(lines)))
    return out


def _observation_names(trees: list[ast.AST]) -> set[str]:
    """Names bound (anywhere in the notebook) to the result of ``x.observation(...)``/``x.spectator()``."""
    assigns = [node for tree in trees for node in ast.walk(tree) if isinstance(node, ast.Assign)]
    names: set[str] = set()
    while True:  # to a fixed point: ``obs = st.observation(0)`` then ``farms = obs.farms``
        bound = {t.id for node in assigns if _is_observation_call(node.value, names)
                 for t in node.targets if isinstance(t, ast.Name)}
        if bound <= names:
            return names
        names |= bound


def _root(node: ast.AST) -> ast.AST:
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node


def _data_names(trees: list[ast.AST]) -> set[str]:
    """Imported modules (``data``, ``D``), and loop/comprehension variables over them (``c`` in
    ``for c in data.CARDS.values()``): rule data, not states; a card's ``vp`` is not a state's ``vp``."""
    names: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names |= {(a.asname or a.name).split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                for a in node.names:
                    try:
                        is_module = importlib.util.find_spec(f"{node.module}.{a.name}") is not None
                    except (ImportError, ValueError):
                        is_module = False
                    if is_module:
                        names.add(a.asname or a.name)
    loops = [node for tree in trees for node in ast.walk(tree) if isinstance(node, (ast.For, ast.comprehension))]
    while True:
        bound = {n.id for loop in loops if isinstance(_root(loop.iter), ast.Name) and _root(loop.iter).id in names
                 for n in ast.walk(loop.target) if isinstance(n, ast.Name)}
        if bound <= names:
            return names
        names |= bound


def _is_observation_call(node: ast.AST, obs_names: set[str]) -> bool:
    """Whether ``node`` is an observation, or something reached from one (``obs.params``, ``obs.farms[0]``)."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        if _is_observation_call(node.value, obs_names):
            return True
        node = node.value
    if isinstance(node, ast.Name):
        return node.id in obs_names
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in OBSERVATION_CALLS)


def violations(sources: list[tuple[int, str]]) -> list[str]:
    """Every private or internal attribute read in ``sources`` ((cell index, code) pairs)."""
    internal, public, fields = api()
    trees = [(i, ast.parse(src)) for i, src in sources]
    obs_names = _observation_names([t for _, t in trees])
    data_names = _data_names([t for _, t in trees]) - {"jaliz_learn"}
    found = []
    for i, tree in trees:
        for node in ast.walk(tree):
            name, receiver = None, None
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
                name, receiver = node.attr, node.value
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args
                  and node.func.id in ("getattr", "vars")):
                if node.func.id == "vars":
                    name, receiver = "__dict__", node.args[0]
                elif len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) and isinstance(
                        node.args[1].value, str):
                    name, receiver = node.args[1].value, node.args[0]
            if name is None or receiver is None:
                continue
            if DISPLAY_HOOK.match(name):
                continue  # _repr_svg_ and friends: the display protocol, public by design
            where = f"cell {i} line {node.lineno}: {ast.unparse(receiver)}.{name}"
            if name == "__dict__":
                found.append(f"{where} (an object's __dict__ is its internals)")
            elif name.startswith("_") and not name.startswith("__"):
                found.append(f"{where} (private)")
            elif name in internal and name not in public:
                if _is_observation_call(receiver, obs_names):
                    continue  # read from an observation: public by definition
                root = _root(receiver)
                if isinstance(root, ast.Name) and root.id in data_names:
                    continue  # rule data (a card's points), not a state
                hint = f"; read it from an observation (st.observation(p).{name})" if name in fields else ""
                found.append(f"{where} (a state's internal attribute{hint})")
    return found


@pytest.mark.parametrize("path", ALL, ids=[p.name for p in ALL])
def test_notebook_reads_no_state_internals(path: Path) -> None:
    found = violations(_code(path))
    assert not found, (f"{path.name} reads state internals; use observations, legal actions, events and "
                       f"outcomes instead:\n  " + "\n  ".join(found))


# ---------------------------------------------------------------- the checker itself can fail
@pytest.mark.parametrize("code", [
    "st = game.initial_state(num_players=4, seed=1)\nst.materials[0]",
    "st.score_breakdown(0)",
    "s.final",
    "print(s.stones[0])",
    "st._legal",
    "getattr(st, 'deck')",
    "vars(st)",
    "obs = st.observation(0)\nst.letters",
    "from jaliz_learn.games.jungli_la import data\nfor c in data.CARDS.values():\n    print(c)\nst.vp",
    "import jaliz_learn\njaliz_learn.play('bali', bots).state.final",
])
def test_checker_flags_internal_reads(code: str) -> None:
    assert violations([(0, code)]), f"not flagged: {code!r}"


@pytest.mark.parametrize("code", [
    "obs = st.observation(0)\nobs.materials, obs.letters",
    "st.observation(None).stones",
    "st.spectator().track",
    "obs = st.observation(0)\nobs.params.products, obs.farms[0].plots",
    "try:\n    st.apply('x')\nexcept IllegalAction as error:\n    print(error.rule, error.reason)",
    "st.legal_actions(), st.current_player(), st.decision(), st.scores(), st.outcome().ranking",
    "st.game.rules, st.num_players, st.log_text(), st.events(0)",
    "board._repr_svg_()",
    "from jaliz_learn.games.jungli_la import data\n[c.vp for c in data.CARDS.values()], data.CARDS['A01'].vp",
])
def test_checker_allows_the_public_api(code: str) -> None:
    assert not violations([(0, code)]), violations([(0, code)])
