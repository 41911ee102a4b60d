"""RL mode: a game state seen through fixed action ids, with composite actions built step by step.

:class:`RLState` wraps an engine state. ``legal_ids()`` lists the ids allowed now and ``apply_id(i)``
plays one. For a flat id that is the engine action itself. A composite action (a Jaliz trade offer or
Shopping Day proposal) is chosen by sub-decisions (see :mod:`.encoding`): ``start``, then ``add`` one
element at a time (fields in declared order, elements in sorted order), then ``finish``, which applies
the built action to the engine. While an action is being built the engine state does not change and
the same player keeps deciding.

Which sub-steps are legal comes from the engine's own legality test (``action in legal_actions``):
adding an element is legal if the action with that element is legal. This is exact because the
composite spaces of the engines are products of independent, downward-closed components (removing an
element from a legal offer leaves a legal offer; the one exception, an empty Shopping Day proposal, is
handled by allowing ``finish`` only on a legal action). Every legal engine action is reached by exactly
one sequence, and every sequence ends in a legal engine action.

>>> import jaliz_learn
>>> rl = RLState(jaliz_learn.load_game("nizam").initial_state(num_players=1, seed=3))
>>> ids = rl.legal_ids()
>>> rl.describe(ids[0])
'draw'
>>> rl.apply_id(ids[0]); rl.state.history[-1][1]
Draw()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..core.actions import Action
from ..core.errors import IllegalAction, RuleViolation
from ..core.game import State
from .encoding import ActionEncoding, CompositeSpec, SubDecision, action_encoding
from .tensors import tensor_layout


class _Builder:
    """A composite action being built: its spec, the scalar values and the elements added so far."""

    __slots__ = ("spec", "start", "fields", "part")

    def __init__(self, spec: CompositeSpec, start: tuple[Any, ...]) -> None:
        self.spec, self.start = spec, start
        self.fields: dict[str, list[Any]] = {name: [] for name, _ in spec.parts}
        self.part = 0  # index of the field now open for additions

    def copy(self) -> _Builder:
        new = _Builder(self.spec, self.start)
        new.fields = {k: list(v) for k, v in self.fields.items()}
        new.part = self.part
        return new

    def action(self, name: str | None = None, element: Any = None) -> Action:
        values = dict(zip(self.spec.scalars, self.start))
        for field, items in self.fields.items():
            extra = [element] if field == name else []
            values[field] = tuple(sorted(items + extra))
        return self.spec.cls(**values)


class RLState:
    """An engine state in RL mode (see the module docstring)."""

    def __init__(self, state: State, encoding: ActionEncoding | None = None) -> None:
        self.state = state
        self.encoding = encoding or action_encoding(state.game)
        self.builder: _Builder | None = None
        self.steps = 0  # ids applied, sub-decisions included
        self._cache: tuple[tuple[int, int], list[int]] | None = None

    def clone(self) -> RLState:
        new = RLState(self.state.clone(), self.encoding)
        new.builder = self.builder.copy() if self.builder else None
        new.steps = self.steps
        return new

    def current_player(self) -> int | None:
        return self.state.current_player()

    def is_over(self) -> bool:
        return self.state.is_over()

    def returns(self) -> tuple[float, ...]:
        return tuple(float(s) for s in self.state.scores())

    def describe(self, i: int) -> str:
        return self.encoding.describe(i)

    # ------------------------------------------------------------------ legal ids
    def legal_ids(self) -> list[int]:
        """The ids allowed now, sorted (a new list; computed once per position: OpenSpiel and the
        environments ask several times)."""
        key = (len(self.state.history), self.steps)
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, self._legal_ids())
        return list(self._cache[1])

    def _legal_ids(self) -> list[int]:
        if self.state.is_over():
            return []
        if self.builder is not None:
            return self._builder_ids(self.builder)
        legal = self.state.legal_actions()
        enc = self.encoding
        ids: list[int] = []
        composite = False
        for action in legal:
            # the engines list a decision's composite actions (up to 2x10^8 offers) after its listed ones:
            # read up to the first; tests/adapters check the flat ids against the engine's `in` test
            if enc.is_composite(action):
                composite = True
                break
            ids.append(enc.action_id(action))
        if composite:
            for spec in enc.composite:
                for start in spec.starts:
                    if self._can_start(legal, spec, start):
                        ids.append(enc.start_id(spec.cls, start))
        return sorted(set(ids))

    def _can_start(self, legal: Sequence[Action], spec: CompositeSpec, start: tuple[Any, ...]) -> bool:
        b = _Builder(spec, start)
        if b.action() in legal:
            return True
        return any(b.action(name, x) in legal for name, domain in spec.parts for x in domain)

    def _builder_ids(self, b: _Builder) -> list[int]:
        legal = self.state.legal_actions()
        enc, cls = self.encoding, b.spec.cls
        ids = []
        for k in range(b.part, len(b.spec.parts)):
            name, domain = b.spec.parts[k]
            items = b.fields[name]
            last = items[-1] if (k == b.part and items) else None
            for x in domain:
                if last is not None and x < last:  # elements in sorted order: one sequence per action
                    continue
                if b.action(name, x) in legal:
                    ids.append(enc.add_id(cls, name, x))
        if b.action() in legal:
            ids.append(enc.finish_id(cls))
        return sorted(ids)

    # ------------------------------------------------------------------ applying
    def apply_id(self, i: int) -> None:
        """Play id ``i`` (raises :class:`IllegalAction` naming the allowed ids if it is not legal now)."""
        allowed = self.legal_ids()
        if i not in allowed:
            raise RuleViolation(f"action id {i!r} is not legal now", rule="adapters", player=self.current_player(),
                                decision=self.state.decision(), allowed=[self.describe(j) for j in allowed])
        item = self.encoding.action_from_id(i)
        self.steps += 1
        if isinstance(item, Action):
            self.state.apply(item)
            return
        assert isinstance(item, SubDecision)
        if item.step == "start":
            self.builder = _Builder(self.encoding.composite_of[item.cls], item.value)
        elif item.step == "add":
            b = self.builder
            assert b is not None
            names = [name for name, _ in b.spec.parts]
            b.part = names.index(item.field)
            b.fields[item.field].append(item.value)
        else:
            b = self.builder
            assert b is not None
            action = b.action()
            self.builder = None
            try:
                self.state.apply(action)
            except IllegalAction:  # pragma: no cover - legal_ids checked it; keep the state consistent
                self.builder = b
                raise

    def building(self) -> Action | None:
        """The composite action built so far (``None`` when not building one)."""
        return self.builder.action() if self.builder else None

    # ------------------------------------------------------------------ tensors
    def builder_size(self) -> int:
        """Numbers appended to the game's tensor for the action being built (0 without composite actions)."""
        enc = self.encoding
        return enc.num_distinct_actions - enc.num_flat if enc.composite else 0

    def builder_vector(self, player: int | None) -> list[float]:
        """One-hot of the start id and counts of each added element (only the builder's own player sees it)."""
        size = self.builder_size()
        out = [0.0] * size
        b = self.builder
        if b is None or player != self.current_player():
            return out
        enc = self.encoding
        out[enc.start_id(b.spec.cls, b.start) - enc.num_flat] = 1.0
        for name, items in b.fields.items():
            for x in items:
                out[enc.add_id(b.spec.cls, name, x) - enc.num_flat] += 1.0
        return out

    def observation_tensor(self, player: int | None) -> np.ndarray:
        """The game's observation tensor for ``player`` followed by the builder block."""
        base = tensor_layout(self.state.game, self.state.num_players).encode(self.state.observation(player))
        if not self.builder_size():
            return base
        return np.concatenate([base, np.asarray(self.builder_vector(player), dtype=np.float32)])

    def tensor_size(self) -> int:
        return tensor_layout(self.state.game, self.state.num_players).size + self.builder_size()

    def tensor_bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Finite ``(low, high)`` of :meth:`observation_tensor` (the layout's, then the builder block's)."""
        layout = tensor_layout(self.state.game, self.state.num_players)
        low, high = layout.bounds()
        extra = self.builder_size()
        return (np.concatenate([low, np.zeros(extra, np.float32)]),
                np.concatenate([high, np.full(extra, layout.bound, np.float32)]))
