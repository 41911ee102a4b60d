"""Exercise 3's reference answers: exact probabilities and best-play values of Jungli-La's rerolls, computed by
brute force over every sequence of faces (not by the recursion the learner writes); see the package docstring
for who may read them.

>>> exact_roll(1)[(0, 0, 1, 0, 0, 0)]
Fraction(1, 6)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache, lru_cache

from jaliz_learn.core.actions import Action
from jaliz_learn.games.jungli_la.actions import Reroll
from jaliz_learn.games.jungli_la.data import FACES

LETTER = FACES.index("L")
#: what final dice are worth to a player: ``value(dice, need)`` (the exercise's given ``keep_value``)
Value = Callable[[Sequence[int], Sequence[int]], int]


@cache
def exact_roll(n: int) -> dict[tuple[int, ...], Fraction]:
    """Every outcome of ``n`` dice by enumerating all 6**n sequences (the checker's way, not the learner's)."""
    out: dict[tuple[int, ...], Fraction] = {}
    share = Fraction(1, 6 ** n)
    for seq in itertools.product(range(6), repeat=n):
        counts = [0] * 6
        for f in seq:
            counts[f] += 1
        key = tuple(counts)
        out[key] = out.get(key, Fraction(0)) + share
    return out


def exact_reroll(dice: tuple[int, ...], faces: tuple[str, ...]) -> dict[tuple[int, ...], Fraction]:
    kept = list(dice)
    for f in faces:
        kept[FACES.index(f)] -= 1
    out: dict[tuple[int, ...], Fraction] = {}
    for counts, p in exact_roll(len(faces)).items():
        key = tuple(k + c for k, c in zip(kept, counts))
        out[key] = out.get(key, Fraction(0)) + p
    return out


def reroll_choices(dice: Sequence[int]) -> list[tuple[str, ...]]:
    """Every reroll the rules allow: one or two dice that do not show a Letter (faces in face order)."""
    faces = [FACES[f] for f in range(LETTER) for _ in range(dice[f])]
    found: set[tuple[str, ...]] = {(faces[i],) for i in range(len(faces))}
    found |= {(faces[i], faces[j]) for i in range(len(faces)) for j in range(i + 1, len(faces))}
    return sorted(found, key=lambda t: [FACES.index(f) for f in t])


@lru_cache(maxsize=100_000)
def exact_best(dice: tuple[int, ...], rerolls_left: int, need: tuple[int, ...], keep_value: Value) -> Fraction:
    """The expected ``keep_value`` of the final dice when every later choice is the best one."""
    value = Fraction(keep_value(dice, need))
    if rerolls_left <= 0 or dice[LETTER] >= 2:
        return value
    for faces in reroll_choices(dice):
        ev = sum((p * exact_best(after, rerolls_left - 1, need, keep_value)
                  for after, p in exact_reroll(dice, faces).items()), Fraction(0))
        value = max(value, ev)
    return value


def action_value(dice: tuple[int, ...], rerolls_left: int, need: tuple[int, ...], action: Action,
                 keep_value: Value) -> Fraction:
    """Expected value of Keep (the dice as they are) or a Reroll followed by the best play."""
    if isinstance(action, Reroll):
        return sum((p * exact_best(after, rerolls_left - 1, need, keep_value)
                    for after, p in exact_reroll(dice, action.faces).items()), Fraction(0))
    return Fraction(keep_value(dice, need))



__all__ = ["action_value", "exact_best", "exact_reroll", "exact_roll", "reroll_choices"]
