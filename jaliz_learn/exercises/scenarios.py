"""Named scenario positions and the report every exercise prints: the learner-facing pieces they share.

A :class:`Scenario` is a position written out in full (it never depends on random values), the seat that decides
and what a sensible bot does there; :func:`check_scenarios` asks a bot (a class, factory, object, or a learner's
notebook running in its own process) for its action in each and gives one report item each, with a hint that
never gives the solution.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.actions import Action, check_exact_action
from ..core.errors import IllegalAction
from ..core.play import as_game
from ..grading.failures import BotFailure, over_the_limit
from ..grading.match import Contestant, InProcessContestant
from ..grading.report import CheckResult, GradeReport, failure_hint
from ..tournament import SETUP_FACTOR, SETUP_MIN_SECONDS


class ExerciseReport(GradeReport):
    """A :class:`GradeReport` that also prints as readable text where there is no HTML (consoles, nbval)."""

    def __repr__(self) -> str:
        return str(self)


def limits_text(time_limit: float, budget: float) -> str:
    """The time limits of an exercise as its notebook states them (a test keeps every notebook in step).

    >>> limits_text(1.0, 1300).split(", and ")[1]
    'all graded games of the notebook finish within **21 min 40 s**'
    """
    whole = round(budget)
    duration = f"{whole // 60} min {whole % 60} s" if whole >= 60 else f"{whole} s"
    return (f"no decision takes longer than **{time_limit:g} s** (a slower decision forfeits its game), and all graded "
            f"games of the notebook finish within **{duration}**")


# ---- scenarios ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Scenario:
    """A named position, the seat that decides, and what a sensible bot does there.

    ``expect(action, observation)`` returns ``None`` when the action is fine, else
    a sentence saying what is wrong with it; ``hint`` tells how to think about it.
    """

    name: str
    position: Mapping[str, Any]
    seat: int
    expect: Callable[[Action, Any], str | None]
    hint: str
    game: str = "jaliz"
    #: shown when the bot runs out of time here (a scenario about speed); ``None``: the usual timeout hint
    timeout_hint: str | None = None

    def state(self) -> Any:
        return as_game(self.game).state_from_json(dict(self.position))


def contestant(bot: Any) -> Contestant:
    """A contestant for ``bot``: a contestant already (e.g. a notebook in its own process), or a bot
    class, factory or object run in this process (the learner's own ``check()``)."""
    if hasattr(bot, "new_bot") and hasattr(bot, "drop"):
        return bot  # type: ignore[no-any-return]
    return InProcessContestant(bot)


def setup_limit(time_limit: float) -> float:
    """Seconds creating a bot may take, for a decision limit of ``time_limit``."""
    return max(SETUP_MIN_SECONDS, SETUP_FACTOR * time_limit)


def run_scenario(bot: Any, scenario: Scenario, *, time_limit: float) -> CheckResult:
    """Ask ``bot`` (a class, factory, bot object or contestant) for its action in ``scenario``; one item."""
    learner = contestant(bot)
    state = scenario.state()
    seat = scenario.seat
    legal = state.legal_actions(seat)
    if isinstance(legal, list):
        legal = tuple(legal)
    obs = state.observation(seat)
    decision = state.decision()
    article = "an" if decision[0] in "aeiou" else "a"
    where = f"({article} '{decision}' decision; {len(legal):,} legal actions)"

    def fail(message: str, hint: str, kind: str) -> CheckResult:
        return CheckResult(scenario.name, False, f"{where} {message}", hint, {"kind": kind})

    try:
        handle = learner.new_bot(0, setup_limit(time_limit))
    except BotFailure as exc:
        if exc.kind == "timeout":
            return fail(exc.reason + ".", "look at __init__: it should only set up a few attributes.", "timeout")
        return fail(exc.reason, failure_hint("crash", exc.reason), "crash")
    try:
        try:
            action, seconds = learner.act(handle, obs, legal, time_limit)
        except BotFailure as exc:
            if exc.kind == "timeout":
                return fail(over_the_limit(time_limit) + ".", scenario.timeout_hint
                            or failure_hint("timeout", "", time_limit), "timeout")
            if exc.kind in ("non-action", "illegal"):
                return fail(exc.reason + ".", failure_hint(exc.kind, exc.reason), exc.kind)
            item = fail(f"your bot raised {exc.reason}.", failure_hint("crash", exc.reason), "crash")
            item.details["crash"] = exc.reason
            return item
    finally:
        learner.drop(handle)
    if not isinstance(action, Action):
        shown = repr(action) if len(repr(action)) <= 60 else repr(action)[:57] + "..."
        reason = f"act() returned {shown} ({type(action).__name__}), which is not an action"
        return fail(reason + ".", failure_hint("non-action", reason), "non-action")
    try:
        check_exact_action(action, state.game.action_types)  # no look-alikes: Plant(p, 1.0) is not Plant(p, 1)
        state.check_action(seat, action)
    except (IllegalAction, ValueError) as exc:
        return fail(f"your bot played `{action}`, which is not legal here: {exc}",
                    failure_hint("illegal", str(exc)), "illegal")
    problem = scenario.expect(action, obs)
    if problem is not None:
        return fail(f"your bot played `{action}`: {problem}.", scenario.hint, "strategy")
    return CheckResult(scenario.name, True, f"{where} played `{action}` in {1000 * seconds:.0f} ms",
                       details={"kind": "ok"})


def check_scenarios(bot: Any, scenarios: Sequence[Scenario], *, time_limit: float,
                    title: str = "scenarios") -> GradeReport:
    """Run every scenario (see :func:`run_scenario`); one item each."""
    learner = contestant(bot)
    report = ExerciseReport(title)
    seen: set[str] = set()
    for scenario in scenarios:
        item = run_scenario(learner, scenario, time_limit=time_limit)
        crash = item.details.get("crash")
        if crash is not None:  # say the same error only once
            if crash in seen:
                item.message = item.message.split(")", 1)[0] + ") your bot raised the same error as above."
                item.hint = ""
            seen.add(crash)
        report.items.append(item)
    return report


__all__ = ["ExerciseReport", "Scenario", "check_scenarios", "contestant", "limits_text", "run_scenario", "setup_limit"]
