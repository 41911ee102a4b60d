"""Pearl of the East: ending the moves by completing tasks, and the end of the game.

After one or more moves the player ends them and completes one task whose pattern the board shows (PRL-*); the
turn itself is :class:`~.state.BaseState`'s.
"""

from __future__ import annotations

from typing import Any, cast

from ...core.actions import Action
from ...core.game import Game
from ...core.rules import Refusal
from . import board as B
from .actions import EndTurn
from .data import KINDS, TASKS_PER_PLAYER
from .moves import _end_specs, _task_sets
from .state import BaseState
from .view import PearlObservation


class PearlState(BaseState):
    """A Pearl of the East position (2-5 players)."""

    prefix = "PRL"
    end_decision = "move-or-end"
    end_type = EndTurn
    observation_cls = PearlObservation
    __slots__ = ("tasks", "completed", "max_rounds", "_piles", "_open")

    def __init__(self, game: Game, num_players: int, seed: int) -> None:
        super().__init__(game, num_players, seed)
        self.tasks: list[set[str]] = [set(KINDS) for _ in range(num_players)]
        self.completed: list[list[str]] = [[] for _ in range(num_players)]
        self.max_rounds: int = game.options["max_rounds"]
        #: The completed piles as letters and the task deck sizes, kept until a completion changes them.
        self._piles: tuple[tuple[str, ...], tuple[int, ...]] | None = None
        #: Per player, the open (unblocked, not yet completed) task kinds; forgotten on a completion.
        self._open: tuple[frozenset[str], ...] | None = None

    def _copy_into(self, new: PearlState) -> None:  # type: ignore[override]
        super()._copy_into(new)
        new.tasks = [t.copy() for t in self.tasks]
        new.completed = [c[:] for c in self.completed]

    def scores(self) -> tuple[float, ...]:
        """Completed tasks per player (PRL-END-01; PRL-END-02 ranks a safeguard end by it)."""
        return tuple(len(c) for c in self.completed)

    def game_should_end(self) -> bool:
        """PRL-END-03: round r holds turns (r-1)*n+1 .. r*n, counted from the first player's first turn;
        PRL-END-02 (ruling): the game ends after ``max_rounds`` rounds, a safeguard against endless games."""
        return self.log.turn >= self.max_rounds * self.num_players

    def blocked(self, player: int) -> set[str]:
        """Kinds on top of an opponent's completed-task pile (PRL-TASK-05)."""
        return {pile[-1] for q, pile in enumerate(self.completed) if q != player and pile}

    def task_options(self, player: int) -> list[str]:
        """The sets of tasks the player may complete now, as sorted strings: for every kind the pearl may stand
        for (one kind per turn), the kinds with a run of three or more that the player still has in the task
        deck and that no opponent blocks; completion is compulsory, so the distinct maximal sets are the choices
        (the rules: :func:`.moves._task_sets` and the checks of :meth:`end_problem`)."""
        return list(_task_sets(*B.lines_task_kinds(self.board_text(), self.board_lines()), self._open_tasks(player)))

    def _open_tasks(self, player: int) -> frozenset[str]:
        """The player's task kinds no opponent blocks (PRL-TASK-05), kept until a completion changes them."""
        open_tasks = self._open
        if open_tasks is None:
            open_tasks = self._open = tuple([frozenset(t - self.blocked(p)) for p, t in enumerate(self.tasks)])
        return open_tasks[player]

    def end_specs(self, player: int) -> tuple[tuple[str, str], ...]:
        """(tasks, top) of every legal ``end`` action, as plain strings (cached for the player to act)."""
        if player == self.current and self._ends is not None:
            return self._ends
        # the board's kept string and lines (a move has just set them) and the open tasks, read inline
        b, lines, open_tasks = self._bstr, self._lns, self._open
        if b is None or lines is None:
            b, lines = self.board_text(), self.board_lines()
        natural, completable = B.lines_task_kinds(b, lines)
        specs = _end_specs(natural, completable,
                           open_tasks[player] if open_tasks is not None else self._open_tasks(player))
        if player == self.current:
            self._ends = specs
        return specs

    def end_actions(self, player: int) -> tuple[Action, ...]:
        specs = self.end_specs(player)
        if len(specs) == 1:  # most ends complete nothing: no comprehension
            return (EndTurn(*specs[0]),)
        return tuple([EndTurn(tasks, top) for tasks, top in specs])

    def end_allowed(self, action: Action) -> bool:
        ends = self._ends  # kept by the legal actions of this decision
        if ends is None:
            ends = self.end_specs(self.current)
        return (action.tasks, action.top) in ends  # type: ignore[attr-defined]

    def end_problem(self, player: int, action: Action) -> Refusal | None:
        """PRL-MOVE-05: the moves end with the tasks the board completes; each check below names its rule."""
        action = cast(EndTurn, action)
        tasks = set(action.tasks)
        options = self.task_options(player)
        return (self._task_order_problem(action) or self._blocked_problem(player, tasks)
                or self._task_done_problem(player, tasks) or self._task_run_problem(tasks, options)
                or self._one_kind_problem(tasks, options) or self._compulsory_problem(tasks, options)
                or (None if (action.tasks, action.top) in self.end_specs(player) else
                    ("PRL-TASK-06", "name the completed kinds sorted and put one of them on top")))

    @staticmethod
    def _task_order_problem(action: EndTurn) -> Refusal | None:
        """PRL-TASK-06: several tasks are named as a set of gem kinds, one of them chosen to lie on top."""
        tasks = set(action.tasks)
        if not tasks <= set(KINDS) or len(tasks) != len(action.tasks) or (action.top not in tasks if tasks
                                                                          else action.top != ""):
            return "PRL-TASK-06", (f"{action.tasks!r} top {action.top!r} is not a set of gem kinds with one of them "
                                   "on top")
        return None

    def _blocked_problem(self, player: int, tasks: set[str]) -> Refusal | None:
        """PRL-TASK-05: a kind on top of an opponent's completed pile cannot be completed."""
        blocked = tasks & self.blocked(player)
        if blocked:
            return "PRL-TASK-05", f"{min(blocked)} lies on top of an opponent's completed tasks"
        return None

    def _task_done_problem(self, player: int, tasks: set[str]) -> Refusal | None:
        """PRL-TASK-01: a task is completed once: its kind must still be in the player's task deck."""
        done = tasks - self.tasks[player]
        if done:
            return "PRL-TASK-01", f"you have already completed {''.join(sorted(done))}"
        return None

    @staticmethod
    def _task_run_problem(tasks: set[str], options: list[str]) -> Refusal | None:
        """PRL-TASK-01: a task completes with a run of three or more of its kind on the board (PRL-TASK-02)."""
        runs = set().union(*map(set, options))
        if not tasks <= runs:
            return "PRL-TASK-01", f"the board holds no run for {''.join(sorted(tasks - runs))}"
        return None

    @staticmethod
    def _one_kind_problem(tasks: set[str], options: list[str]) -> Refusal | None:
        """PRL-TASK-04: in one turn the pearl stands for one kind only."""
        if not any(tasks <= set(o) for o in options):
            return "PRL-TASK-04", "the pearl stands in for one kind only per turn"
        return None

    @staticmethod
    def _compulsory_problem(tasks: set[str], options: list[str]) -> Refusal | None:
        """PRL-TASK-07: completing is compulsory: every task the board completes is named."""
        if any(tasks < set(o) for o in options):
            return "PRL-TASK-07", f"completing is compulsory: choose one of {options}"
        return None

    def _finish_moves(self, player: int, action: Action) -> bool:
        """Complete the chosen tasks (PRL-TASK-01, PRL-TASK-06); board cards stay (PRL-TASK-08)."""
        action = cast(EndTurn, action)
        if action.tasks:
            self._piles = self._open = None
            order = [k for k in action.tasks if k != action.top] + [action.top]
            for k in order:
                self.tasks[player].discard(k)
                self.completed[player].append(k)
        if action.tasks:
            natural = B.lines_task_kinds(self.board_text(), self.board_lines())[0]
            pearl = "".join(k for k in action.tasks if k not in natural)
            pile = "".join(self.completed[player])
        else:
            # most ends complete nothing: no generator, and the pile's letters as the public part keeps them
            pearl = ""
            piles = self._piles
            pile = piles[0][player] if piles is not None else "".join(self.completed[player])
        self.log.add("complete", player, {"tasks": action.tasks, "top": action.top, "pearl_as": pearl,
                                          "completed": pile})
        if len(self.completed[player]) == TASKS_PER_PLAYER:
            # PRL-END-01: all eight tasks completed; the game ends at once
            self.moves_made = 0
            self.finish()
            return False
        self.end_turn()
        return not action.tasks

    def _public(self) -> dict[str, Any]:
        pub = self._public_base()
        piles = self._piles
        if piles is None:
            piles = self._piles = (tuple(map("".join, self.completed)), tuple(map(len, self.tasks)))
        pub["completed"], pub["tasks_left"] = piles
        pub["round"] = self.round_number()
        pub["max_rounds"] = self.max_rounds
        return pub

    def to_json(self, compact: bool = False) -> dict[str, Any]:
        out = self.base_json(compact)
        out.update({"tasks": ["".join(sorted(t)) for t in self.tasks],
                    "completed": ["".join(c) for c in self.completed], "max_rounds": self.max_rounds})
        return out
