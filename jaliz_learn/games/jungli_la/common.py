"""What the rules modules of Jungli-La share: positions on the track, phase names, action specs, card perks
and the memos of the dice decisions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from . import actions as A
from .data import (
    BASE_LETTER_LIMIT,
    BASE_MATERIAL_LIMIT,
    CARD_DICE,
    CARD_VIRTUAL,
    CARDS,
    FACES,
    MATERIALS,
    MAX_DICE,
    MAX_WAGONS_PER_PLAYER,
    WAGON_LIMIT_BONUS,
)

if TYPE_CHECKING:  # pragma: no cover
    pass


GOAL = -1

ROLL, REROLL, ADJUST, MATERIALS_PHASE, DISCARD, EXPLORE, OVER = (
    "roll", "reroll", "adjust", "materials", "discard", "explore", "game-over")

PHASES = (ROLL, REROLL, ADJUST, MATERIALS_PHASE, DISCARD, EXPLORE, OVER)

#: Action kinds that belong to each decision (for WrongPhase errors).
PHASE_KINDS: dict[str, frozenset[str]] = {
    ROLL: frozenset({"roll"}),
    REROLL: frozenset({"reroll", "keep", "cancel"}),
    ADJUST: frozenset({"change", "paleo", "done"}),
    MATERIALS_PHASE: frozenset({"gain", "rest"}),
    DISCARD: frozenset({"discard"}),
    EXPLORE: frozenset({"move", "discover", "remote", "exchange", "wagon", "treasure", "end"}),
    OVER: frozenset(),
}

_ROLL_SPECS: tuple[A.Spec, ...] = tuple((A.Roll, k) for k in range(MAX_DICE + 1))

_MATERIAL_SPECS: tuple[A.Spec, ...] = (*((A.Gain, w) for w in (*MATERIALS, "each")), (A.Rest,))

_DISCARD_SPECS: tuple[A.Spec, ...] = tuple((A.Discard, m) for m in MATERIALS)

_ONLY_KEEP: tuple[A.Spec, ...] = ((A.Keep,),)

_ONLY_DONE: tuple[A.Spec, ...] = ((A.Done,),)

_ONLY_END: tuple[A.Spec, ...] = ((A.EndTurn,),)

_CANCEL, _KEEP, _DONE = (A.Cancel,), (A.Keep,), (A.Done,)

_DISCOVER, _WAGON, _TREASURE, _END = (A.Discover,), (A.BuyWagon,), (A.BuyTreasure,), (A.EndTurn,)

_MAT_INDEX = {m: i for i, m in enumerate(MATERIALS)}

#: Extra event data of an action carried out because it was the only choice (JUN-RUL-16), and of the others.
#: Only ever unpacked into new event dicts, never stored or changed: plain dicts (typed read-only) because
#: unpacking a mapping proxy takes a generic path several times slower, once per event.
_AUTO: Mapping[str, Any] = {"auto": True}

_NOT_AUTO: Mapping[str, Any] = {}

_PALEO_CARDS = frozenset(c for c in CARDS if CARDS[c].effect == "paleo")

class _Perks(NamedTuple):
    """What one player's Discovery cards give: free dice (JUN-CARD-01/02), Paleontologists (JUN-CARD-06)
    and virtual faces per face index (JUN-CARD-03..05; copies stack, JUN-RUL-04)."""

    dice: int
    paleo: int
    virtual: tuple[int, ...]

def _perks_of(cards: Sequence[str]) -> _Perks:
    v = [0] * 6
    for c in cards:
        f = CARD_VIRTUAL.get(c)
        if f is not None:
            v[f] += 1
    return _Perks(sum(CARD_DICE.get(c, 0) for c in cards), len(_PALEO_CARDS.intersection(cards)), tuple(v))

_new_obs = object.__new__

_set_attr = object.__setattr__

#: The observation fields filled at every decision from the turn's cache or afresh: placeholders in the cached
#: template (a plain dict, never changed: merging a mapping proxy is several times slower).
_LATE_FIELDS: dict[str, None] = dict.fromkeys((
    "current_player", "turn", "is_over", "round", "positions", "fresh", "paleo_left",
    "player", "decision", "materials", "letters", "own_treasures", "dice", "dice_rolled", "rerolls_used",
    "moved", "discovered"))

#: Free extra dice of every card (0 for most), for a lookup without a default.
_DICE_OF = {c: CARD_DICE.get(c, 0) for c in CARDS}

#: Limits by number of Wagons (JUN-MAT-04, JUN-MAT-06, JUN-CARD-09).
_MATERIAL_LIMITS = tuple(BASE_MATERIAL_LIMIT + WAGON_LIMIT_BONUS * w for w in range(MAX_WAGONS_PER_PLAYER + 1))

_LETTER_LIMITS = tuple(BASE_LETTER_LIMIT + WAGON_LIMIT_BONUS * w for w in range(MAX_WAGONS_PER_PLAYER + 1))

def _reroll_actions(dice: Sequence[int], can_reroll: bool, can_cancel: bool) -> tuple[A.Spec, ...]:
    """The reroll decision for these dice (memoised: the same dice give the same actions). JUN-DICE-03: one or two
    dice per reroll; JUN-DICE-02: Letter dice stay set aside; JUN-DICE-05: any other die may be rerolled."""
    acts: list[A.Spec] = []
    if can_reroll:
        # JUN-DICE-02 Letters stay; JUN-DICE-05 any other die; JUN-DICE-03 one or two dice
        present = [f for f in range(5) if dice[f]]
        for i, a in enumerate(present):
            acts.append((A.Reroll, (FACES[a],)))
            if dice[a] >= 2:
                acts.append((A.Reroll, (FACES[a], FACES[a])))
            for b in present[i + 1:]:
                acts.append((A.Reroll, (FACES[a], FACES[b])))
    if can_cancel:  # JUN-LET-02, JUN-RUL-03
        acts.append(_CANCEL)
    if not acts:
        return _ONLY_KEEP
    acts.append(_KEEP)
    return tuple(acts)

def _adjust_actions(dice: Sequence[int], can_change: bool, can_paleo: bool) -> tuple[A.Spec, ...]:
    """The die-change decision (JUN-LET-03, JUN-CARD-06, JUN-RUL-11), memoised like the rerolls."""
    acts: list[A.Spec] = []
    shown = [f for f in range(6) if dice[f]]
    if can_change:
        acts.extend((A.ChangeFace, FACES[a], FACES[b]) for a in shown for b in range(6) if b != a)
    if can_paleo:
        acts.extend((A.Paleo, FACES[a], FACES[b]) for a in shown for b in range(6) if b != a)
    acts.append(_DONE)
    return tuple(acts)

#: Memos of immutable specs (never action objects, which could be changed by whoever receives them), by the two
#: flags of the decision, then the dice (counts per face); at most a few thousand dice combinations each.
_REROLL_MEMO: list[list[dict[tuple[int, ...], tuple[A.Spec, ...]]]] = [[{}, {}], [{}, {}]]

_ADJUST_MEMO: list[list[dict[tuple[int, ...], tuple[A.Spec, ...]]]] = [[{}, {}], [{}, {}]]

#: The dice as face names, by counts per face (the "faces" of keep and done events).
_FACES_MEMO: dict[tuple[int, ...], tuple[str, ...]] = {}
