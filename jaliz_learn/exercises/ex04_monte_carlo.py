"""Exercise 4, "Monte-Carlo search under hidden information" (``exercises/04_monte_carlo_search``).

The learner writes ``MyMonteCarloBot`` for two-player Bali with two methods: ``playout(state, me)``
(play a state to the end with a given policy and return ``me``'s share of the win) and ``act``: a
determinised flat Monte-Carlo search. For a few rounds, sample one full state that agrees with the
observation (``game.sample_state(observation, seed)``), then for every legal action play a clone
of that sample with the action applied to the end; play the action with the most wins.

* :func:`check_monte_carlo` is the quick check of the notebook (``check(MyMonteCarloBot)``): the
  ``playout`` method on positions reached by seeded games, then a few practice games.
* :func:`grade_monte_carlo` is what ``grader.py`` runs with a hidden seed on the learner's bot in
  its own process: legality, time and wins against :class:`~jaliz_learn.games.bali.bots.BaliGreedyBot`
  over :data:`GRADER_GAMES` games (seats rotated over shared deals).
* :func:`source_problems` and :func:`ancestry_problem` refuse a hand-in that is (or imports) the
  library's search bot instead of the learner's own search.

Bars (stated in the notebook): every action legal, at most :data:`TIME_LIMIT` s per decision, at
least :data:`MIN_WIN_RATE` of the games won against the greedy bot (a shared win counts), and the
bot class must call ``sample_state`` and not use the library's ``ISMCTSBot``. Measured over 16
games (duplicate deals, both seats): playing the first legal action or at random wins no game
against the greedy bot; the reference solution (4 samples per decision, greedy playouts) won 10 of
16 (62%); flat Monte-Carlo with 8 random playouts per action won 9 of 16.

>>> source_problems("class MyMonteCarloBot(BaseBot):\\n    def act(self, o, l):\\n        return l[0]\\n",
...                 "MyMonteCarloBot")
['your MyMonteCarloBot never calls sample_state: the search must sample the hidden cards from the observation']
>>> ancestry_problem(("__main__:MyMonteCarloBot", "jaliz_learn.bots.mcts:ISMCTSBot", "builtins:object"))
'your bot class is built on the library bot jaliz_learn.bots.mcts:ISMCTSBot: write the search yourself'
"""

from __future__ import annotations

import ast
import time
from collections.abc import Callable, Iterable
from typing import Any

from ..bots.base import RandomBot
from ..core.game import State
from ..core.play import as_game
from ..games.bali.bots import BaliGreedyBot
from ..grading.failures import BotFailure
from ..grading.match import (
    GameSet,
    InProcessContestant,
    grading_budget,
    legality_item,
    play_learner_games,
    time_item,
)
from ..grading.report import CheckResult, GradeReport, failure_hint
from ..sequential import WinZone
from .own_work import OwnWork, learner_source
from .scenarios import ExerciseReport, contestant, limits_text, setup_limit
from .strength_bars import Bar, Games, grade_sets_sequential, prediction

GAME = "bali"
NUM_PLAYERS = 2
#: The class the learner writes.
CLASS_NAME = "MyMonteCarloBot"
#: Seconds one decision may take (the reference takes about 0.05 s of CPU time).
TIME_LIMIT = 1.0
#: Share of the games against BaliGreedyBot the bot must win (shared wins count).
#: As a sequential test (issue 52; one constant for the notebook's header, check() and the grader): 25% or less
#: fails, 55% or more passes, each with chance at least 95%; decisions after whole pairs of games (each deal from
#: both seats), at most 32 games.
BAR = Bar(win=WinZone(0.25, 0.55, max_games=32, block=2))
MIN_WIN_RATE = BAR.win.bar if BAR.win else 0.4
#: The opponent.
OPPONENT: Any = BaliGreedyBot
#: Games of the grader (8 deals, each played from both seats).
GRADER_GAMES = 16  # the fixed count before issue 52 (``games="fixed"``); by default the sequential test decides
#: Public seed of the practice games of :func:`check_monte_carlo` (the grader uses hidden seeds).
PRACTICE_SEED = 4040
#: Bot classes of the library a hand-in may build on (anything else under ``jaliz_learn`` is refused).
ALLOWED_BASES = frozenset({"jaliz_learn.core.bot:BaseBot", "jaliz_learn.bots.base:BaseBot"})
#: Names whose use in a notebook means the library's search does the work.
FORBIDDEN_NAMES = frozenset({"ISMCTSBot", "MCTSBot"})
FORBIDDEN_MODULES = ("jaliz_learn.bots.mcts",)
#: What the learner's process cannot reach while this exercise is graded: the library's ISMCTS and flat searches,
#: the benchmarks and diagnoses built on them, and the adapters (OpenSpiel's own ISMCTS would search through them).
OWN_WORK = OwnWork("exercise 4 asks for your own search",
                   ("jaliz_learn.bots.mcts", "jaliz_learn.bots.rollout_search", "jaliz_learn.benchmarks",
                    "jaliz_learn.adapters"), item="your own search")

# ---- refusing the library's search ----------------------------------------------------------------


def ancestry_problem(bases: Iterable[str]) -> str | None:
    """A sentence when the bot class is or subclasses a library bot (``bases``: ``module:qualname``)."""
    for ref in bases:
        if ref.startswith("jaliz_learn.") and ref not in ALLOWED_BASES:
            return f"your bot class is built on the library bot {ref}: write the search yourself"
    return None


def source_problems(source: str, class_name: str = CLASS_NAME) -> list[str]:
    """Problems found by reading the notebook's code (it is not run here): the library's search
    imported or used, or a bot class that never samples the hidden information."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []  # the sandbox reports syntax errors with their cell and line
    problems: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            if any(m.startswith(FORBIDDEN_MODULES) for m in modules):
                problems.append("the notebook imports the library's search (jaliz_learn.bots.mcts): write your own")
            if isinstance(node, ast.ImportFrom) and any(a.name in FORBIDDEN_NAMES for a in node.names):
                problems.append("the notebook imports ISMCTSBot: the exercise is to write the search yourself")
        elif isinstance(node, ast.Name) and node.id in FORBIDDEN_NAMES:
            problems.append(f"the notebook uses {node.id}: the exercise is to write the search yourself")
        elif isinstance(node, ast.Attribute) and node.attr in FORBIDDEN_NAMES:
            problems.append(f"the notebook uses {node.attr}: the exercise is to write the search yourself")
        elif isinstance(node, ast.Constant) and node.value == "mcts":
            problems.append("the notebook names the library's 'mcts' bot: write the search yourself")
    classes = [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == class_name]
    if classes and not any(isinstance(n, ast.Attribute) and n.attr == "sample_state"
                           for c in classes for n in ast.walk(c)):
        problems.append(f"your {class_name} never calls sample_state: the search must sample the hidden cards "
                        "from the observation")
    return list(dict.fromkeys(problems))


def notebook_source(nb: Any) -> str:
    """The code cells of a notebook, joined (magics dropped), for :func:`source_problems`."""
    from ..grading.notebooks import read_notebook

    cells = read_notebook(nb)["cells"]
    lines: list[str] = []
    for cell in cells:
        if cell.get("cell_type") != "code":
            continue
        text = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        lines.extend(line for line in text.splitlines() if not line.lstrip().startswith(("%", "!")))
        lines.append("")
    return "\n".join(lines)


# ---- the playout method -----------------------------------------------------------------------------


def playout_cases() -> list[tuple[str, State, int]]:
    """(description, state, seat) of the positions on which ``check`` tests ``playout``.

    The states come from seeded games of random bots (the same for everybody): a finished game, a
    game one decision before its end, and games in their middle.
    """
    game = as_game(GAME)
    cases = []
    for seed, cut, seat, text in ((11, None, 0, "a finished game"), (12, -1, 1, "one decision before the end"),
                                  (13, 40, 0, "the middle of a game"), (14, 2, 1, "the start of a game")):
        state = game.initial_state(num_players=NUM_PLAYERS, seed=seed)
        bots = [RandomBot(seed + 100), RandomBot(seed + 200)]
        actions: list[Any] = []
        probe = state.clone()
        while not probe.is_over():
            p = probe.current_player()
            assert p is not None
            action = bots[p].act(probe.observation(p), probe.legal_actions(p))
            actions.append((action, p))
            probe.apply(action, p)
        stop = len(actions) if cut is None else (len(actions) + cut if cut < 0 else cut)
        for action, p in actions[:stop]:
            state.apply(action, p)
        cases.append((text, state, seat))
    return cases


def _share(state: State, me: int) -> float:
    outcome = state.outcome()
    assert outcome is not None
    return 1.0 / len(outcome.winners) if me in outcome.winners else 0.0


def check_playout(bot_class: Any) -> CheckResult:
    """``playout`` on the positions of :func:`playout_cases` (in this process)."""
    hint = ("playout(state, me) plays `state` itself to the end: while the game is not over, ask self.policy for "
            "the current player's action (policy.act(state.observation(player), state.legal_actions(player))) and "
            "apply it; then return 1/len(winners) when `me` is among state.outcome().winners, else 0.")
    try:
        bot = bot_class(0)
    except Exception as exc:
        return CheckResult("playout", False, f"creating your bot failed: {type(exc).__name__}: {exc}",
                           failure_hint("crash", str(exc)))
    for description, state, me in playout_cases():
        try:
            value = bot.playout(state, me)
        except NotImplementedError:
            return CheckResult("playout", False, "playout() raised NotImplementedError",
                               "playout() still raises NotImplementedError: write its code, then run check() again.")
        except Exception as exc:
            return CheckResult("playout", False, f"in {description}, playout() raised {type(exc).__name__}: {exc}",
                               hint)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return CheckResult("playout", False, f"in {description}, playout() returned {value!r}, not a number", hint)
        if not state.is_over():
            return CheckResult("playout", False, f"in {description}, the game was not over when playout() returned",
                               hint)
        if abs(float(value) - _share(state, me)) > 1e-9:
            return CheckResult("playout", False, f"in {description}, playout() returned {value!r}, which is not the "
                               "share of the win of `me` in the game it played", hint)
    return CheckResult("playout", True, f"right on all {len(playout_cases())} test positions")


# ---- practice games and grading -------------------------------------------------------------------


_WIN_HINT = ("an even share against the greedy bot is 50%. Sample a fresh state each round, clone it for every "
             "legal action (so all actions meet the same hidden cards), play every clone to the end with "
             "playout() and keep the action with the most wins; more rounds make the estimate less noisy but slower.")


#: The games the grader plays (numbered 1, 2, ... in reports and in :func:`jaliz_learn.exercises.replay`).
GRADED: tuple[GameSet, ...] = (
    GameSet("two-player games against BaliGreedyBot", BAR.limit, NUM_PLAYERS, OPPONENT, min_win_rate=MIN_WIN_RATE,
            win_hint=_WIN_HINT, decisions_per_game=65),
)
#: Seconds the graded games of one notebook may take in all: every decision may use the whole limit (a search
#: bot often does), with a margin; a notebook over it fails with the games it played.
AVERAGE_DECISION_SECONDS = TIME_LIMIT
BUDGET = grading_budget(GRADED, AVERAGE_DECISION_SECONDS)
#: How the notebook states the limits (a test checks that it does, word for word).
LIMITS_TEXT = limits_text(TIME_LIMIT, BUDGET)
#: The label of :func:`jaliz_learn.exercises.replay` references.
LABEL = "ex04"


def check_monte_carlo(bot: Any, *, games: int = 4, seed: int = PRACTICE_SEED,
                      time_limit: float = TIME_LIMIT) -> GradeReport:
    """The quick check of exercise 4 (under a minute): ``playout`` on test positions, then practice games.

    ``bot`` is your bot class (called as ``MyMonteCarloBot(seed)``). The practice games use public
    seeds; the grader plays other games (and more of them), so passing here is a good sign, not a
    guarantee.
    """
    report = ExerciseReport("Exercise 4 quick check")
    learner = InProcessContestant(bot)
    try:
        learner.drop(learner.new_bot(0, setup_limit(time_limit)))
    except BotFailure as exc:
        report.add("create your bot", False, exc.reason, hint=failure_hint("crash", exc.reason))
        return report
    report.add("create your bot", True, f"{getattr(bot, '__name__', type(bot).__name__)}(seed) works")
    hint = own_search_hint(bot)
    if hint is not None:
        report.items.append(hint)
    playout = check_playout(bot)
    report.items.append(playout)
    name = f"{games} practice games against {OPPONENT.__name__}"
    if not playout.passed:
        report.add(name, False, "not run yet: first make playout() right (see above)")
        return report
    start = time.perf_counter()
    records = play_learner_games(GAME, learner, games=games, num_players=NUM_PLAYERS, seed=seed, opponent=OPPONENT,
                                 time_limit=time_limit, max_failures=1, exercise=LABEL)
    legal = legality_item(records, stopped_early=True, time_limit=time_limit)
    if not legal.passed:
        report.add(name, False, legal.message, hint=legal.hint)
        return report
    timing = time_item(records, time_limit)
    ok, line, short = prediction([(BAR, GRADED[0], records)])
    report.add(name, timing.passed and ok, f"all actions legal; {timing.message}; {line}",
               hint=timing.hint if not timing.passed else short, seconds=time.perf_counter() - start)
    return report


def grade_monte_carlo(bot: Any, *, seed: int, time_limit: float = TIME_LIMIT, games: Games = "auto",
                      title: str = "Exercise 4: Monte-Carlo search in Bali", budget: float | None = None,
                      progress: Callable[[str], None] | None = None) -> GradeReport:
    """Grade a bot for exercise 4: the games of :data:`GRADED`: ``legal actions``, ``time per decision`` and
    the win rate against the greedy bot.

    ``bot`` is a contestant (the learner's notebook in its own process) or, for trusted code, a
    bot class. The source and ancestry checks are made by ``grader.py`` (they need the notebook). ``games``:
    ``"auto"`` (the sequential test of :data:`BAR` decides), ``"fixed"`` (:data:`GRADER_GAMES`) or a number.
    """
    learner: Any = contestant(bot)
    report = ExerciseReport(title)
    if budget is None:
        budget = grading_budget(GRADED, AVERAGE_DECISION_SECONDS)
    return grade_sets_sequential(GAME, learner, GRADED, {GRADED[0].name: BAR}, seed=seed, time_limit=time_limit,
                                 report=report, exercise=LABEL, budget=budget, games=games,
                                 fixed={GRADED[0].name: GRADER_GAMES}, progress=progress, max_failures=2)


_OWN_SEARCH_HINT = ("write MyMonteCarloBot yourself: sample states with game.sample_state, clone them for every "
                    "legal action and play each clone out (sections 2 to 4 of the notebook)")


def own_search_hint(bot: Any) -> CheckResult | None:
    """The early hint of ``check()``: the library's search in the class's code or ancestry (the grader does not
    rely on it: while it grades, the library's search is not there to use)."""
    bases = [f"{c.__module__}:{c.__qualname__}" for c in getattr(bot, "__mro__", ())]
    problems = [p for p in (ancestry_problem(bases),) if p] + source_problems(learner_source(bot))
    if not problems:
        return None
    return CheckResult("your own search", False, "; ".join(problems),
                       f"{_OWN_SEARCH_HINT}. {OWN_WORK.rule}: while grading, the library's search is not there to use")


def grade_own_search(learner: Any, *, seed: int, **kwargs: Any) -> GradeReport:
    """What ``grader.py`` runs on a notebook's bot in its sandbox: the library's search refused (read from
    the notebook's code and from the class's ancestry as its process reports it), then
    :func:`grade_monte_carlo`. A bot built on the library's search plays no graded game."""
    report = ExerciseReport("Exercise 4: Monte-Carlo search in Bali")
    box = getattr(learner, "sandbox", None)
    problems: list[str] = []
    if box is not None:
        problems = source_problems(notebook_source(box.notebook))
        inherited = ancestry_problem(box.class_bases)
        if inherited:
            problems.append(inherited)
    report.add("your own search", not problems,
               "; ".join(problems) or "your bot samples states and searches by itself",
               hint=_OWN_SEARCH_HINT if problems else "")
    if any("library" in p or "MCTSBot" in p for p in problems):
        return report
    return report.extend(grade_monte_carlo(learner, seed=seed, **kwargs))


check: Callable[..., GradeReport] = check_monte_carlo

__all__ = ["AVERAGE_DECISION_SECONDS", "BAR", "BUDGET", "CLASS_NAME", "GAME", "GRADED", "GRADER_GAMES", "LABEL",
           "LIMITS_TEXT", "MIN_WIN_RATE", "NUM_PLAYERS", "OPPONENT", "OWN_WORK", "TIME_LIMIT", "ancestry_problem",
           "check", "check_monte_carlo", "check_playout", "grade_monte_carlo", "grade_own_search", "notebook_source",
           "own_search_hint",
           "playout_cases", "source_problems"]
