"""The Jungli-La state: a mutable position, its legal actions and their effects.

Decisions (``state.decision()``), in turn order (JUN-TURN-01):

- ``roll``: how many dice to roll (JUN-DICE-01, JUN-LET-01, JUN-CARD-01/02, JUN-RUL-02);
- ``reroll``: reroll up to two non-Letter dice, ``keep`` or ``cancel`` (JUN-DICE-02..06, JUN-LET-02);
- ``adjust``: change die faces with Letters or the Paleontologist, then ``done`` (JUN-LET-03, JUN-CARD-06);
- ``materials``: ``gain F|W|T|each`` or ``rest`` (JUN-MAT-01..07);
- ``discard``: down to the carrying limit (JUN-MAT-04);
- ``explore``: move, discover, Letter effects, ``end`` (JUN-MOVE-*, JUN-DISC-*, JUN-LET-04..07).

Chance (dice, Treasure draws) happens inside ``_apply`` through ``self.rng`` and is logged.
A decision with a single legal action is carried out at once (JUN-RUL-16).

Positions on the track: 0 is Start, ``k`` (1..len(track)) is the card ``track[k-1]``,
``GOAL`` (-1) is the Goal card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from itertools import chain, repeat
from typing import TYPE_CHECKING, Any, NamedTuple

from ...core.actions import Action
from ...core.errors import IllegalAction, RuleViolation, WrongPhase
from ...core.game import Observation, State
from . import actions as A
from .actions import SPEC_OF as _SPEC_OF
from .actions import LegalActions
from .data import (
    AREAS,
    BASE_DICE,
    BASE_LETTER_LIMIT,
    BASE_MATERIAL_LIMIT,
    CARD_DICE,
    CARD_VIRTUAL,
    CARDS,
    COST_ADD_DIE,
    COST_CANCEL,
    COST_CHANGE_FACE,
    COST_EXCHANGE,
    COST_REMOTE,
    COST_TREASURE,
    COST_WAGON,
    END_TREASURE,
    FACE_INDEX,
    FACES,
    LETTER,
    LETTER_STOP,
    M1,
    M2,
    MATERIALS,
    MAX_DICE,
    MAX_REROLL_DICE,
    MAX_REROLLS,
    MAX_WAGONS_PER_PLAYER,
    PROFESSOR_POINTS,
    REMOVED_PER_AREA,
    REST_LETTERS,
    START_LETTERS,
    START_MATERIALS,
    TREASURE_VALUES,
    TYPE_BONUS,
    UPPER_DECK_SIZE,
    WAGON_CARDS,
    WAGON_LIMIT_BONUS,
    WAGON_VP,
)

if TYPE_CHECKING:  # pragma: no cover
    from .game import JungliLaGame

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


@dataclass(frozen=True)
class JungliLaObservation(Observation):
    """What one player (or the spectator, ``player=None``) may see. Hidden: Treasure values of
    other players and the order of the Treasure decks (only sizes; JUN-RUL-13).

    ``positions``: 0 Start, k the k-th card of ``track``, -1 the Goal. ``dice``: how many dice show
    each face, in the order M1, M2, F, W, T, L (``dice_faces()`` lists them). ``materials``: (F, W, T)
    per player. ``own_treasures``: the values of the viewer's own Treasure cards.

    Public knowledge a search bot needs to sample the hidden rest (``game.sample_state``):
    ``fresh``, the cards the current player took this turn (their effects wait, JUN-RUL-10);
    ``end_card_holder``, who drew the game-end Treasure card (it is shown, JUN-END-01), else ``None``;
    ``revealed_treasures``, every player's Treasure values once the game is over (scoring), else ``()``.
    """

    start_player: int
    round: int
    track: tuple[str, ...]
    positions: tuple[int, ...]
    materials: tuple[tuple[int, int, int], ...]
    letters: tuple[int, ...]
    wagons: tuple[int, ...]
    discoveries: tuple[tuple[str, ...], ...]
    treasure_counts: tuple[int, ...]
    own_treasures: tuple[int, ...]
    material_limits: tuple[int, ...]
    letter_limits: tuple[int, ...]
    deck_size: int
    cards_before_end_card: int
    end_triggered: bool
    wagon_stock: int
    dice: tuple[int, ...]
    dice_rolled: int
    rerolls_used: int
    paleo_left: int
    moved: bool
    discovered: bool
    fresh: tuple[str, ...]
    end_card_holder: int | None
    revealed_treasures: tuple[tuple[int, ...], ...]

    def dice_faces(self) -> list[str]:
        """The dice as a sorted list of face names."""
        return list(chain.from_iterable(map(repeat, FACES, self.dice)))



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
    """The reroll decision for these dice (memoised: the same dice give the same actions)."""
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


class JungliLaState(State):
    """A Jungli-La position (mutable). Build it with ``JungliLaGame.initial_state`` or ``state_from_json``."""

    # every attribute in a slot, no instance dict: CPython 3.11 reads slots faster than a dict of more than
    # 30 keys (about 2-3% of a random game); declare a new attribute here
    __slots__ = (
        "max_rounds", "track", "removed", "deck", "pos", "materials", "letters", "wagons", "cards", "treasures",
        "dice", "fresh", "forced_dice", "n_dice", "rerolls", "moved", "phase", "current", "start_player",
        "wagon_stock", "discovered", "paleo_used", "goal_at_start", "end_triggered", "end_reason", "_legal",
        "_lets", "_mats", "_own", "_perks", "_pub", "_tpl", "_tre", "_turn",
    )

    def __init__(self, game: JungliLaGame, num_players: int, seed: int) -> None:
        super().__init__(game, num_players, seed)
        n = num_players
        self.max_rounds: int = game.options["max_rounds"]
        self.track: list[str] = []
        self.removed: list[str] = []
        self.deck: list[int] = []
        self.pos: list[int] = [0] * n
        self.materials: list[list[int]] = [list(START_MATERIALS) for _ in range(n)]
        self.letters: list[int] = [START_LETTERS] * n
        self.wagons: list[int] = [0] * n
        self.cards: list[list[str]] = [[] for _ in range(n)]
        self.treasures: list[list[int]] = [[] for _ in range(n)]
        self.wagon_stock = WAGON_CARDS
        self.start_player = 0  # JUN-RUL-01
        self.current = 0
        self.phase = ROLL
        self.dice: list[int] = [0] * 6
        self.n_dice = 0
        self.rerolls = 0
        self.paleo_used = 0
        self.moved = False
        self.discovered = False
        self.goal_at_start = False
        #: Cards taken this turn: their effects start next turn (JUN-RUL-10).
        self.fresh: list[str] = []
        self.end_triggered = False
        self.end_reason: str | None = None
        self.forced_dice: list[int] = []
        #: The legal actions of the pending decision as immutable specs (see ``actions.Spec``).
        self._legal: tuple[A.Spec, ...] | None = None
        # Caches of the observation, each ``None`` when out of date (reset where its fields change):
        #: the table (track, Discovery cards, Wagons): by _discover, exchange and wagon;
        self._pub: dict[str, Any] | None = None
        #: the Treasures (counts, deck, the end card): by _draw and the end;
        self._tre: dict[str, Any] | None = None
        #: the table and the Treasures merged, with the other fields still to fill: whenever one of them is reset;
        self._tpl: dict[str, Any] | None = None
        #: the turn (current player, explorers, fresh cards, Paleontologists left): by a new turn, _move,
        #: _reach_goal, _discover, exchange, paleo and the end;
        self._turn: dict[str, Any] | None = None
        #: every player's materials and Letters as tuples: by the handlers that change them.
        self._mats: tuple[tuple[int, ...], ...] | None = None
        self._lets: tuple[int, ...] | None = None
        #: Every player's Treasure values, as tuples: built with ``_tre``.
        self._own: tuple[tuple[int, ...], ...] = ()
        #: What every player's Discovery cards give (see ``_Perks``); ``None`` after a card changes hands.
        self._perks: tuple[_Perks, ...] | None = None

    def _copy_into(self, new: JungliLaState) -> None:  # type: ignore[override]
        """Hand-written copy for ``clone()``: every mutable container gets its own copy.

        ``new`` starts as a shallow copy (the core already forked the generator, log and history).
        Ints, strings and bools are immutable. The caches may stay shared because they are only
        ever replaced, never changed in place: ``_legal``, ``_mats``, ``_lets``, ``_own`` and ``_perks`` are
        tuples and ``_pub``, ``_tre``, ``_turn`` and ``_tpl`` dicts that are built once and then only read
        (``None`` when out of date).
        """
        new.track = self.track[:]
        new.removed = self.removed[:]
        new.deck = self.deck[:]
        new.pos = self.pos[:]
        new.materials = [m[:] for m in self.materials]
        new.letters = self.letters[:]
        new.wagons = self.wagons[:]
        new.cards = [c[:] for c in self.cards]
        new.treasures = [t[:] for t in self.treasures]
        new.dice = self.dice[:]
        new.fresh = self.fresh[:]
        new.forced_dice = self.forced_dice[:]

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        """JUN-SETUP-01..07: Discovery cards per area, the track, the Treasure decks, the stock."""
        n, rng = self.num_players, self.rng
        drop = REMOVED_PER_AREA[n]
        for area in AREAS:  # JUN-SETUP-02: shuffle each area, return cards to the box
            pile = [cid for cid in CARDS if CARDS[cid].area == area]
            rng.shuffle(pile)
            self.removed.extend(pile[:drop])
            self.track.extend(pile[drop:])  # JUN-SETUP-03: Start -> A -> B -> C -> Goal
        regular = [t for t in range(len(TREASURE_VALUES)) if t != END_TREASURE]
        rng.shuffle(regular)  # JUN-SETUP-04: upper deck, the end card, the lower deck
        upper = UPPER_DECK_SIZE[n]
        self.deck = regular[:upper] + [END_TREASURE] + regular[upper:]
        # JUN-SETUP-05 stock (wagon_stock), JUN-SETUP-06 start player, JUN-SETUP-07 starting hands: in __init__
        self.log.add("setup", None, {"players": n, "track": list(self.track), "removed": len(self.removed),
                                     "upper_deck": upper, "lower_deck": len(regular) - upper},
                     secret={"deck": list(self.deck), "removed": list(self.removed)}, visible_to=())

    # ------------------------------------------------------------------ helpers
    def card_dice(self, p: int) -> int:
        """Free extra dice from Rich Man (+1) and Millionaire (+2) cards (JUN-CARD-01, JUN-CARD-02)."""
        return sum(map(_DICE_OF.__getitem__, self.cards[p]))

    def virtual(self, p: int) -> list[int]:
        """Virtual faces per face index: Geographer (JUN-CARD-03), Biologist/Botanist/Entomologist (JUN-CARD-04),
        Linguist (JUN-CARD-05); copies stack (JUN-RUL-04)."""
        v = [0] * 6
        for c in self.cards[p]:
            f = CARD_VIRTUAL.get(c)
            if f is not None:
                v[f] += 1
        return v

    def paleo_cards(self, p: int) -> int:
        """Paleontologist cards owned (JUN-CARD-06)."""
        return len(_PALEO_CARDS.intersection(self.cards[p]))

    def material_limit(self, p: int) -> int:
        """JUN-MAT-04 and JUN-CARD-09: 6 materials, +2 per Wagon."""
        return BASE_MATERIAL_LIMIT + WAGON_LIMIT_BONUS * self.wagons[p]

    def letter_limit(self, p: int) -> int:
        """JUN-MAT-06 and JUN-CARD-09: 6 Letters, +2 per Wagon."""
        return BASE_LETTER_LIMIT + WAGON_LIMIT_BONUS * self.wagons[p]

    def round(self) -> int:
        return (self.log.turn - 1) // self.num_players + 1 if self.log.turn else 0

    def cards_before_end_card(self) -> int:
        """How many Treasure cards lie above the game-end card (-1 once drawn); public (JUN-RUL-13)."""
        try:
            return self.deck.index(END_TREASURE)
        except ValueError:
            return -1

    def dice_faces(self) -> list[str]:
        """The dice as a sorted list of face names."""
        key = tuple(self.dice)
        faces = _FACES_MEMO.get(key)
        if faces is None:  # memoised: keep and done events list the dice at every turn
            faces = _FACES_MEMO[key] = tuple(chain.from_iterable(map(repeat, FACES, key)))
        return list(faces)

    def end_card_holder(self) -> int | None:
        """The player holding the game-end Treasure card (public once drawn, JUN-END-01), else ``None``."""
        for p, ts in enumerate(self.treasures):
            if END_TREASURE in ts:
                return p
        return None

    def force_dice(self, *faces: str) -> JungliLaState:
        """Test/notebook helper: the next dice rolled show ``faces`` (in order), then chance resumes.

        The forced faces are part of the state (and its JSON); no module-level randomness is used.

        >>> import jaliz_learn
        >>> st = jaliz_learn.load_game("jungli-la").initial_state(2, seed=1)
        >>> _ = st.force_dice("M1", "M1", "F", "L").apply("roll 4")
        >>> st.dice_faces()
        ['M1', 'M1', 'F', 'L']
        """
        for f in faces:
            if f not in FACE_INDEX:
                raise ValueError(f"{f!r} is not a die face; faces are {', '.join(FACES)}")
        self.forced_dice.extend(FACE_INDEX[f] for f in faces)
        return self

    def _roll(self, k: int) -> list[int]:
        """Roll ``k`` dice through the state's Rng (or the forced faces) and add them to the dice."""
        forced = self.forced_dice
        if forced:
            out = [forced.pop(0) if forced else self.rng.randrange(6) for _ in range(k)]
        else:  # the usual case: all dice in one call (the same draws as one randrange(6) per die)
            out = self.rng.randranges(6, k)
        dice = self.dice
        for f in out:
            dice[f] += 1
        return out

    def _draw(self, p: int, reason: str) -> None:
        """Draw one Treasure card, hidden from the others (JUN-GOAL-01); the end card is shown (JUN-END-01)."""
        self._tre = self._tpl = None  # Treasure counts, the deck size, perhaps the end
        if not self.deck:  # JUN-RUL-08
            self.log.add("treasure-none", p, {"reason": reason})
            return
        card = self.deck.pop(0)
        self.treasures[p].append(card)
        data: dict[str, Any] = {"reason": reason, "count": len(self.treasures[p])}
        if card == END_TREASURE:
            data["end_card"] = True
            data["value"] = TREASURE_VALUES[card]
            self.log.add("treasure", p, data, secret={"card": card, "value": TREASURE_VALUES[card]},
                         visible_to=(p,))
            if not self.end_triggered:
                self.end_triggered = True
                self.end_reason = "end-card"
                self.log.add("last-round", p, {"ends_after": (self.start_player - 1) % self.num_players})
        else:
            self.log.add("treasure", p, data, secret={"card": card, "value": TREASURE_VALUES[card]},
                         visible_to=(p,))

    def _reach_goal(self, players: list[int]) -> None:
        """JUN-GOAL-01, JUN-GOAL-02: explorers reaching the Goal draw one Treasure each, active player first,
        then clockwise."""
        n, cur = self.num_players, self.current
        self._turn = None  # the explorers
        for q in sorted(players, key=lambda q: (q - cur) % n):
            self.pos[q] = GOAL
            self.log.add("goal", q, {})
            self._draw(q, "goal")

    def _can_pay(self, p: int, cost: tuple[int, int, int]) -> bool:
        m = self.materials[p]
        return m[0] >= cost[0] and m[1] >= cost[1] and m[2] >= cost[2]

    def _occupied(self) -> set[int]:
        return {q for q in self.pos if q > 0}

    # ------------------------------------------------------------------ turn structure
    def _start_turn(self, p: int) -> None:
        """JUN-TURN-01: a new turn; JUN-GOAL-03 draw first for a player at the Goal (JUN-RUL-14)."""
        self.log.turn += 1
        self.current = p
        self.dice = [0] * 6
        self.n_dice = self.rerolls = self.paleo_used = 0
        self.moved = self.discovered = False
        if self.fresh:
            self.fresh = []
        self._turn = None  # the turn, the current player, the fresh cards
        self.goal_at_start = self.pos[p] == GOAL
        self.phase = ROLL
        self.log.add("turn", p, {"round": (self.log.turn - 1) // self.num_players + 1})
        if self.goal_at_start:
            self._draw(p, "turn")

    def _end_turn(self) -> None:
        """JUN-END-02: after the player to the right of the start player, the last round ends the game.
        JUN-RUL-09: the round-limit safeguard ends it the same way."""
        p = self.current
        if p == (self.start_player - 1) % self.num_players:
            if not self.end_triggered and self.round() >= self.max_rounds:
                self.end_triggered = True
                self.end_reason = "round-limit"
                self.log.add("round-limit", None, {"rounds": self.round()})
            if self.end_triggered:
                self.phase = OVER
                self._legal = ()
                self._tre = self._turn = self._tpl = None  # every hand is shown at the end
                self.log.add("game-end", None, {"scores": list(self.scores()), "reason": self.end_reason,
                                                "winners": list(self.standings().winners)})
                return
        self._start_turn((p + 1) % self.num_players)

    def _dice_set_aside(self) -> None:
        """All dice are set aside: on to the die changes (JUN-LET-03, JUN-CARD-06)."""
        self.phase = ADJUST

    def _dice_final(self) -> None:
        """End of the Dice phase: JUN-GOAL-04 Treasure Excavation, then the Materials phase."""
        if self.goal_at_start:
            sets = sum(c // 3 for c in self.dice)  # Move 1 and Move 2 are different faces
            if sets:
                self.log.add("excavation", self.current, {"sets": sets})
                for _ in range(sets):
                    self._draw(self.current, "excavation")
        self.phase = MATERIALS_PHASE

    def _settle(self) -> None:
        """JUN-RUL-16: carry out decisions that leave a single legal action; cache the legal actions."""
        while self.phase != OVER:
            legal = self._compute_legal()
            if len(legal) != 1:
                self._legal = legal
                return
            spec = legal[0]  # carried out from its spec: no action object is built for a forced move
            _HANDLERS[spec[0]](self, self.current, spec, _AUTO)
        self._legal = ()

    # ------------------------------------------------------------------ legal actions
    def _compute_legal(self) -> tuple[A.Spec, ...]:
        phase, p = self.phase, self.current
        if phase == REROLL:  # the most frequent decision first
            can_reroll = self.rerolls < MAX_REROLLS and self.dice[LETTER] < LETTER_STOP  # JUN-DICE-04, JUN-DICE-06
            can_cancel = self.letters[p] >= COST_CANCEL
            if not (can_reroll or can_cancel):
                return _ONLY_KEEP
            memo = _REROLL_MEMO[can_reroll][can_cancel]
            key = tuple(self.dice)
            acts = memo.get(key)
            if acts is None:
                acts = memo[key] = _reroll_actions(key, can_reroll, can_cancel)
            return acts
        if phase == MATERIALS_PHASE:
            return _MATERIAL_SPECS
        if phase == EXPLORE:
            return self._explore_actions(p)
        if phase == ROLL:
            perks = self._perks or self._perk_table()
            cap = min(MAX_DICE, BASE_DICE + perks[p].dice + self.letters[p] // COST_ADD_DIE)
            return _ROLL_SPECS[BASE_DICE:cap + 1]  # JUN-DICE-01, JUN-LET-01, JUN-RUL-02
        if phase == ADJUST:
            can_change = self.letters[p] >= COST_CHANGE_FACE
            can_paleo = (self._perks or self._perk_table())[p].paleo > self.paleo_used
            if not (can_change or can_paleo):
                return _ONLY_DONE
            memo = _ADJUST_MEMO[can_change][can_paleo]
            key = tuple(self.dice)
            acts = memo.get(key)
            if acts is None:
                acts = memo[key] = _adjust_actions(key, can_change, can_paleo)
            return acts
        if phase == DISCARD:
            m = self.materials[p]
            return tuple(_DISCARD_SPECS[i] for i in range(3) if m[i])  # JUN-MAT-04, JUN-RUL-15
        return ()

    def _explore_actions(self, p: int) -> tuple[A.Spec, ...]:
        """JUN-MOVE-01: one move and one Discovery action, in either order; Letter effects; end."""
        acts: list[A.Spec] = []
        pos, letters = self.pos[p], self.letters[p]
        if not self.moved and pos != GOAL:  # JUN-MOVE-03, JUN-RUL-12
            base = self.dice[M1] + 2 * self.dice[M2]  # JUN-MOVE-02
            # JUN-CARD-03: +1 per Geographer, optional; not one taken this turn (JUN-RUL-10)
            cards = self.cards[p]
            extra = sum(1 for c in cards if CARD_VIRTUAL.get(c) == M1 and c not in self.fresh) if cards else 0
            acts.extend((A.Move, s) for s in range(max(1, base), base + extra + 1))
        if not self.discovered:  # JUN-DISC-04
            track = self.track
            if pos > 0 and self._can_pay(p, CARDS[track[pos - 1]].cost):  # JUN-DISC-01
                acts.append(_DISCOVER)
            if letters >= min(COST_REMOTE, COST_EXCHANGE):
                occupied = self._occupied()
                free = [cid for i, cid in enumerate(track) if i + 1 not in occupied]
                if letters >= COST_REMOTE:  # JUN-LET-05, JUN-RUL-06
                    acts.extend((A.Remote, c) for c in free if self._can_pay(p, CARDS[c].cost))
                if letters >= COST_EXCHANGE:  # JUN-LET-07, JUN-RUL-07
                    acts.extend((A.Exchange, g, t) for g in self.cards[p] for t in free)
            if letters >= COST_WAGON and self.wagons[p] < MAX_WAGONS_PER_PLAYER and self.wagon_stock:  # JUN-LET-04
                acts.append(_WAGON)
        if pos == GOAL and letters >= COST_TREASURE and self.deck:  # JUN-LET-06
            acts.append(_TREASURE)
        if not acts:
            return _ONLY_END
        acts.append(_END)
        return tuple(acts)

    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.current

    def decision(self) -> str:
        return self.phase

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        """The legal actions (new objects at every access; see :class:`actions.LegalActions`)."""
        if self.phase == OVER or (player is not None and player != self.current):
            return ()
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return LegalActions(legal)

    def check_action(self, player: int, action: Action) -> None:
        """Legal only if its spec (exact class and field values, types already checked by ``apply``)
        is one of the pending decision's specs: the engine never trusts an object it handed out."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        getter = _SPEC_OF.get(type(action))
        if getter is None or getter(action) not in legal:
            raise self.explain_illegal(player, action)

    def is_over(self) -> bool:
        return self.phase == OVER

    # ------------------------------------------------------------------ applying actions
    # Each action is carried out from its spec ``(class, *fields)`` by the handler of its class
    # (``_HANDLERS``), with ``extra`` the event data that marks a forced action (JUN-RUL-16).
    # A handler that changes Letters or materials resets that cache of the observation (_lets, _mats).
    def _apply(self, player: int, action: Action) -> None:
        self._legal = None
        cls = type(action)
        _HANDLERS[cls](self, player, _SPEC_OF[cls](action), _NOT_AUTO)
        self._settle()

    def _do_roll(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:  # JUN-DICE-01, JUN-LET-01, JUN-RUL-02
        n = spec[1]
        paid = max(0, n - BASE_DICE - (self._perks or self._perk_table())[p].dice) * COST_ADD_DIE
        if paid:
            self.letters[p] -= paid
            self._lets = None
        self.n_dice = n
        new = self._roll(n)
        self.log.add("roll", p, {"dice": n, "paid": paid, "faces": list(map(FACES.__getitem__, new)), **extra})
        self.phase = REROLL

    def _do_reroll(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:  # JUN-DICE-02..05
        faces = spec[1]
        dice = self.dice
        for f in faces:
            dice[FACE_INDEX[f]] -= 1
        new = self._roll(len(faces))
        self.rerolls += 1
        self.log.add("reroll", p, {"faces": list(faces), "new": list(map(FACES.__getitem__, new)),
                                   "rerolls": self.rerolls, **extra})

    def _do_keep(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:
        self.log.add("keep", p, {"faces": self.dice_faces(), **extra})
        self._dice_set_aside()

    def _do_cancel(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:
        """JUN-LET-02, JUN-RUL-03: all dice again, Letters included."""
        self.letters[p] -= COST_CANCEL
        self._lets = None
        self.dice = [0] * 6
        new = self._roll(self.n_dice)
        self.log.add("cancel", p, {"faces": list(map(FACES.__getitem__, new)), **extra})

    def _do_change(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:  # JUN-LET-03, JUN-CARD-06
        cls, old, new = spec
        if cls is A.ChangeFace:
            self.letters[p] -= COST_CHANGE_FACE
            self._lets = None
        else:
            self.paleo_used += 1
            self._turn = None  # Paleontologists left
        self.dice[FACE_INDEX[old]] -= 1
        self.dice[FACE_INDEX[new]] += 1
        self.log.add(cls.kind, p, {"old": old, "new": new, **extra})

    def _do_done(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:
        self.log.add("done", p, {"faces": self.dice_faces(), **extra})
        self._dice_final()

    def _do_gain(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:
        """JUN-MAT-02/03 materials, then JUN-MAT-05 one Letter; virtual faces count (JUN-RUL-04)."""
        what = spec[1]
        v = (self._perks or self._perk_table())[p].virtual
        dice = self.dice
        mats = self.materials[p]
        gained = [0, 0, 0]
        if what == "each":
            for i in range(3):
                if dice[2 + i] + v[2 + i]:
                    gained[i] = 1
        else:
            i = _MAT_INDEX[what]
            gained[i] = dice[2 + i] + v[2 + i]
        for i in range(3):
            mats[i] += gained[i]
        self._mats = None
        letter = self._add_letters(p, 1) if dice[LETTER] + v[LETTER] else 0
        self.log.add("gain", p, {"what": what, "materials": gained, "letters": letter, **extra})
        # JUN-MAT-04: above the limit, discard down at once
        self.phase = DISCARD if sum(mats) > self.material_limit(p) else EXPLORE

    def _do_rest(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:  # JUN-MAT-07
        v = (self._perks or self._perk_table())[p].virtual
        got = self._add_letters(p, REST_LETTERS + self.dice[LETTER] + v[LETTER])
        self.log.add("rest", p, {"letters": got, **extra})
        self._end_turn()

    def _do_discard(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:  # JUN-MAT-04
        material = spec[1]
        self.materials[p][_MAT_INDEX[material]] -= 1
        self._mats = None
        self.log.add("discard", p, {"material": material, **extra})
        if sum(self.materials[p]) <= self.material_limit(p):
            self.phase = EXPLORE

    def _do_move(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:
        self._move(p, spec[1], extra)

    def _do_discover(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:  # JUN-DISC-01
        self._discover(p, self.pos[p], "discover", extra)

    def _do_remote(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:  # JUN-LET-05
        self.letters[p] -= COST_REMOTE
        self._lets = None
        self._discover(p, self.track.index(spec[1]) + 1, "remote", extra)

    def _do_exchange(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:  # JUN-LET-07, JUN-RUL-07
        _, give, take = spec
        self.letters[p] -= COST_EXCHANGE
        self._lets = None
        self._pub = self._turn = self._tpl = None
        self._perks = None
        self.track[self.track.index(take)] = give
        self.cards[p].remove(give)
        self.cards[p].append(take)
        self.fresh.append(take)
        self.discovered = True
        self.log.add("exchange", p, {"give": give, "take": take, **extra})

    def _do_wagon(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:  # JUN-LET-04: a Discovery action
        self.letters[p] -= COST_WAGON
        self._lets = None
        self._pub = self._tpl = None
        self.wagons[p] += 1
        self.wagon_stock -= 1
        self.discovered = True
        self.log.add("wagon", p, {"wagons": self.wagons[p], **extra})

    def _do_treasure(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:  # JUN-LET-06
        self.letters[p] -= COST_TREASURE
        self._lets = None
        self.log.add("buy-treasure", p, {**extra})
        self._draw(p, "letters")

    def _do_end(self, p: int, spec: A.Spec, extra: Mapping[str, Any]) -> None:
        self.log.add("end", p, {**extra})
        self._end_turn()

    def _add_letters(self, p: int, k: int) -> int:
        """JUN-MAT-06: only gain Letters up to the limit. Returns the number gained."""
        got = max(0, min(k, self.letter_limit(p) - self.letters[p]))
        if got:
            self.letters[p] += got
            self._lets = None
        return got

    def _move(self, p: int, steps: int, extra: Mapping[str, Any]) -> None:
        """JUN-MOVE-02 exact steps; JUN-MOVE-03 and JUN-RUL-05 the Goal stops the explorer.

        The move happens in one go: no discovery in the middle of a move (JUN-DISC-05)."""
        self._turn = None
        self.moved = True
        dest = self.pos[p] + steps
        goal = dest > len(self.track)
        self.log.add("move", p, {"steps": steps, "to": "goal" if goal else dest, **extra})
        if goal:
            self._reach_goal([p])
        else:
            self.pos[p] = dest

    def _discover(self, p: int, at: int, how: str, extra: Mapping[str, Any]) -> None:
        """JUN-DISC-01 pay and take; JUN-DISC-02 explorers on it move on; JUN-DISC-03 keep it face up."""
        self._pub = self._turn = self._tpl = None
        self._mats = None  # paid for below
        track = self.track
        cid = track[at - 1]
        cost = CARDS[cid].cost
        mats = self.materials[p]
        for i in range(3):
            mats[i] -= cost[i]
        del track[at - 1]
        self.discovered = True  # JUN-DISC-04
        pushed = []
        for q in range(self.num_players):
            qp = self.pos[q]
            if qp == at:
                if at > len(track):
                    pushed.append(q)  # the next card is the Goal
            elif qp > at:
                self.pos[q] = qp - 1
        self.cards[p].append(cid)
        self._perks = None
        self.fresh.append(cid)  # JUN-RUL-10: its effects apply from the next turn on
        self.log.add(how, p, {"card": cid, "cost": list(cost), **extra})
        if pushed:
            self._reach_goal(pushed)

    # ------------------------------------------------------------------ illegal actions
    def explain_illegal(self, player: int, action: Action) -> IllegalAction:
        """Name the rule that forbids ``action`` now."""
        phase = self.phase
        allowed = self.legal_actions(player)
        kw: dict[str, Any] = {"action": action, "player": player, "decision": phase, "allowed": allowed}
        kind = getattr(action, "kind", "?")
        if kind not in PHASE_KINDS.get(phase, frozenset()):
            rule = "JUN-MAT-04" if phase == DISCARD else "JUN-TURN-01"
            return WrongPhase(f"'{kind}' does not belong to the {phase} decision", rule=rule, **kw)
        p, letters = player, self.letters[player]
        reason, rule = "this action is not possible now", "JUN-TURN-01"
        if isinstance(action, A.Roll):
            if action.dice < BASE_DICE or action.dice > MAX_DICE:
                reason, rule = f"roll between {BASE_DICE} and {MAX_DICE} dice", "JUN-DICE-01"
            else:
                reason, rule = "each die beyond your free dice costs 1 Letter", "JUN-LET-01"
        elif isinstance(action, A.Reroll):
            faces = action.faces
            if self.dice[LETTER] >= LETTER_STOP:
                reason, rule = "two or more Letters show: rolling has stopped", "JUN-DICE-06"
            elif self.rerolls >= MAX_REROLLS:
                reason, rule = "both rerolls are used", "JUN-DICE-04"
            elif not 1 <= len(faces) <= MAX_REROLL_DICE:
                reason, rule = "reroll one or two dice", "JUN-DICE-03"
            elif "L" in faces:
                reason, rule = "Letter dice are set aside for good", "JUN-DICE-02"
            else:
                reason, rule = f"the dice do not show {' '.join(faces)}", "JUN-DICE-05"
        elif isinstance(action, A.Cancel):
            reason, rule = "cancelling costs 1 Letter", "JUN-LET-02"
        elif isinstance(action, A.ChangeFace):
            if letters < COST_CHANGE_FACE:
                reason = "changing a die costs 2 Letters"
            else:
                reason = f"no die shows {action.old} or the face does not change"
            rule = "JUN-LET-03"
        elif isinstance(action, A.Paleo):
            reason, rule = "no unused Paleontologist or no such die", "JUN-CARD-06"
        elif isinstance(action, A.Discard):
            reason, rule = f"you hold no {action.material} token", "JUN-MAT-04"
        elif isinstance(action, A.Move):
            if self.pos[p] == GOAL:
                reason, rule = "your explorer is on the Goal", "JUN-MOVE-03"
            elif self.moved:
                reason, rule = "you have moved this turn", "JUN-MOVE-01"
            else:
                reason, rule = "move exactly your dice total (Move 1 = 1, Move 2 = 2)", "JUN-MOVE-02"
        elif isinstance(action, (A.Discover, A.Remote, A.Exchange, A.BuyWagon)) and self.discovered:
            reason, rule = "one Discovery action per turn", "JUN-DISC-04"
        elif isinstance(action, A.Discover):
            if self.pos[p] <= 0:
                reason, rule = "your explorer is not on a Discovery card", "JUN-RUL-12"
            else:
                reason, rule = "you cannot pay the card's cost", "JUN-DISC-01"
        elif isinstance(action, A.Remote):
            if letters < COST_REMOTE:
                reason, rule = "a remote discovery costs 3 Letters", "JUN-LET-05"
            elif action.card not in self.track:
                reason, rule = f"{action.card} is not on the track", "JUN-LET-05"
            elif self.track.index(action.card) + 1 in self._occupied():
                reason, rule = f"an explorer stands on {action.card}", "JUN-RUL-06"
            else:
                reason, rule = "you cannot pay the card's cost", "JUN-DISC-01"
        elif isinstance(action, A.Exchange):
            if letters < COST_EXCHANGE:
                reason = "an exchange costs 5 Letters"
            elif action.give not in self.cards[p]:
                reason = f"you do not own {action.give}"
            elif action.take not in self.track:
                reason = f"{action.take} is not on the track"
            else:
                reason = f"an explorer stands on {action.take}"
            rule = "JUN-LET-07" if reason != f"an explorer stands on {action.take}" else "JUN-RUL-07"
        elif isinstance(action, A.BuyWagon):
            reason = "a Wagon costs 2 Letters and nobody owns more than 2"
            rule = "JUN-LET-04"
        elif isinstance(action, A.BuyTreasure):
            if self.pos[p] != GOAL:
                reason, rule = "Treasure cards can be bought only after reaching the Goal", "JUN-LET-06"
            elif not self.deck:
                reason, rule = "no Treasure card is left", "JUN-RUL-08"
            else:
                reason, rule = "a Treasure card costs 4 Letters", "JUN-LET-06"
        return RuleViolation(reason, rule=rule, **kw)

    # ------------------------------------------------------------------ scoring
    def score_breakdown(self, p: int) -> dict[str, int]:
        """JUN-SCORE-01: the five sources of points (JUN-SCORE-02 type bonus, JUN-CARD-08 Professors).

        Queen and Noble only score their printed points (JUN-CARD-07)."""
        cards = self.cards[p]
        treasure = sum(TREASURE_VALUES[t] for t in self.treasures[p])
        items = {"F": self.materials[p][0], "W": self.materials[p][1], "T": self.materials[p][2],
                 "L": self.letters[p], "wagon": self.wagons[p], "treasure": len(self.treasures[p]),
                 "discovery": len(cards)}  # JUN-DATA-05: the Discovery Professor counts itself
        professor = 0
        for c in cards:
            eff = CARDS[c].effect
            if eff.startswith("prof:"):
                icon = eff[5:]
                professor += PROFESSOR_POINTS[icon] * items[icon]
        types = len({CARDS[c].type for c in cards})
        return {"discovery": sum(CARDS[c].vp for c in cards), "treasure": treasure,
                "wagon": WAGON_VP * self.wagons[p], "professor": professor,  # JUN-DATA-03 Wagon points
                "type_bonus": TYPE_BONUS.get(types, 0)}

    def scores(self) -> tuple[float, ...]:
        return tuple(float(sum(self.score_breakdown(p).values())) for p in range(self.num_players))

    def tiebreak(self, player: int) -> tuple[Any, ...]:
        """JUN-SCORE-03 most Treasure cards, JUN-SCORE-04 then fewest Treasure points (JUN-SCORE-05 else shared)."""
        t = self.treasures[player]
        return (len(t), -sum(TREASURE_VALUES[c] for c in t))

    # ------------------------------------------------------------------ observation and JSON
    def observation(self, player: int | None) -> JungliLaObservation:
        """What ``player`` may see (``None``: spectator). Only copies: tuples, ints and strings.

        The fields are cached in parts between the actions that change them (see ``__init__``);
        the decision's own fields are read afresh.
        """
        tpl = self._tpl
        if tpl is None:
            tpl = self._template()
        turn = self._turn
        if turn is None:
            over = self.phase == OVER
            t = self.log.turn
            turn = self._turn = {
                "current_player": None if over else self.current, "turn": t, "is_over": over,
                "round": (t - 1) // self.num_players + 1 if t else 0, "positions": tuple(self.pos),
                "fresh": tuple(self.fresh),
                "paleo_left": (self._perks or self._perk_table())[self.current].paleo - self.paleo_used}
        mats = self._mats
        if mats is None:
            mats = self._mats = tuple(map(tuple, self.materials))
        lets = self._lets
        if lets is None:
            lets = self._lets = tuple(self.letters)
        # Observation.fast inlined: a copy of a full-sized template, then the other fields (every decision)
        d = tpl.copy()
        d.update(turn)
        d["player"] = player
        d["decision"] = self.phase
        d["materials"] = mats
        d["letters"] = lets
        d["own_treasures"] = self._own[player] if player is not None else ()
        d["dice"] = tuple(self.dice)
        d["dice_rolled"] = self.n_dice
        d["rerolls_used"] = self.rerolls
        d["moved"] = self.moved
        d["discovered"] = self.discovered
        obs = _new_obs(JungliLaObservation)
        _set_attr(obs, "__dict__", d)
        return obs  # type: ignore[no-any-return]

    def _template(self) -> dict[str, Any]:
        """The table and the Treasures merged (placeholders for the other fields keep the copies full-sized)."""
        pub = self._pub
        if pub is None:
            pub = self._pub = {
                "game": "jungli-la", "num_players": self.num_players, "start_player": self.start_player,
                "track": tuple(self.track), "wagons": tuple(self.wagons), "discoveries": tuple(map(tuple, self.cards)),
                "material_limits": tuple(map(_MATERIAL_LIMITS.__getitem__, self.wagons)),
                "letter_limits": tuple(map(_LETTER_LIMITS.__getitem__, self.wagons)), "wagon_stock": self.wagon_stock,
            }
        tre = self._tre
        if tre is None:
            treasures = self.treasures
            own = self._own = tuple(tuple(map(TREASURE_VALUES.__getitem__, t)) for t in treasures)
            tre = self._tre = {
                "treasure_counts": tuple(map(len, treasures)), "deck_size": len(self.deck),
                "cards_before_end_card": self.cards_before_end_card(), "end_triggered": self.end_triggered,
                "end_card_holder": self.end_card_holder(), "revealed_treasures": own if self.phase == OVER else (),
            }
        tpl = self._tpl = {**pub, **tre, **_LATE_FIELDS}
        return tpl

    def _perk_table(self) -> tuple[_Perks, ...]:
        """Every player's ``_Perks``, from their cards (cached until a card changes hands)."""
        perks = self._perks = tuple(map(_perks_of, self.cards))
        return perks

    def to_json(self, compact: bool = False) -> dict[str, Any]:
        """Everything, exactly; ``compact=True`` leaves out the event log and the history (a position).

        >>> import jaliz_learn
        >>> game = jaliz_learn.load_game("jungli-la")
        >>> st = game.initial_state(2, seed=4).step("roll 4")
        >>> pos = st.to_json(compact=True)
        >>> "log" in pos, "rng" in pos, game.state_from_json(pos).to_json(compact=True) == pos
        (False, True, True)
        """
        out: dict[str, Any] = {
            "game": self.game.name, "num_players": self.num_players, "seed": self.seed,
            "rng": self.rng.to_json(), "turn": self.log.turn,
            "track": list(self.track), "removed": list(self.removed), "deck": list(self.deck),
            "players": [{"pos": "goal" if self.pos[p] == GOAL else self.pos[p],
                         "materials": list(self.materials[p]), "letters": self.letters[p],
                         "wagons": self.wagons[p], "cards": list(self.cards[p]),
                         "treasures": list(self.treasures[p])} for p in range(self.num_players)],
            "wagon_stock": self.wagon_stock, "start_player": self.start_player, "current": self.current,
            "phase": self.phase, "dice": self.dice_faces(), "dice_rolled": self.n_dice,
            "rerolls": self.rerolls, "paleo_used": self.paleo_used, "moved": self.moved,
            "discovered": self.discovered, "goal_at_start": self.goal_at_start, "fresh": list(self.fresh),
            "end_triggered": self.end_triggered, "end_reason": self.end_reason,
            "forced_dice": [FACES[f] for f in self.forced_dice], "max_rounds": self.max_rounds,
        }
        if not compact:
            out["log"] = self.log.to_json()
            out["history"] = [[p, a.to_json()] for p, a in self.history]
        return out

    def __repr__(self) -> str:
        return str(self)



#: The handler of each action class (see ``JungliLaState._apply``).
_HANDLERS: dict[type[Action], Callable[[JungliLaState, int, A.Spec, Mapping[str, Any]], None]] = {
    A.Roll: JungliLaState._do_roll, A.Reroll: JungliLaState._do_reroll, A.Keep: JungliLaState._do_keep,
    A.Cancel: JungliLaState._do_cancel, A.ChangeFace: JungliLaState._do_change, A.Paleo: JungliLaState._do_change,
    A.Done: JungliLaState._do_done, A.Gain: JungliLaState._do_gain, A.Rest: JungliLaState._do_rest,
    A.Discard: JungliLaState._do_discard, A.Move: JungliLaState._do_move, A.Discover: JungliLaState._do_discover,
    A.Remote: JungliLaState._do_remote, A.Exchange: JungliLaState._do_exchange, A.BuyWagon: JungliLaState._do_wagon,
    A.BuyTreasure: JungliLaState._do_treasure, A.EndTurn: JungliLaState._do_end,
}
assert set(_HANDLERS) == set(A.ACTION_TYPES.values()), "every action class has a handler"


def _html(track: tuple[str, ...], pos: tuple[int, ...], materials: Sequence[Sequence[int]],
          letters: tuple[int, ...], wagons: tuple[int, ...], cards: tuple[tuple[str, ...], ...],
          treasures: tuple[int, ...], dice: list[str], current: int | None, decision: str) -> str:
    """A small HTML view: the track with explorers, then one row per player."""
    def who(k: int) -> str:
        return "".join(f"<b>P{q}</b>" for q, x in enumerate(pos) if x == k)

    cells = [f"<td>Start<br>{who(0)}</td>"]
    for i, cid in enumerate(track):
        c = CARDS[cid]
        cost = "/".join(str(x) for x in c.cost)
        cells.append(f"<td title='{escape(c.patron)}'>{cid}<br><small>{escape(c.patron)} {cost} "
                     f"{c.vp}VP</small><br>{who(i + 1)}</td>")
    cells.append(f"<td>Goal<br>{who(GOAL)}</td>")
    rows = "".join(
        f"<tr><td>P{p}{' *' if p == current else ''}</td><td>{'/'.join(map(str, materials[p]))}</td>"
        f"<td>{letters[p]}</td><td>{wagons[p]}</td><td>{' '.join(cards[p])}</td><td>{treasures[p]}</td></tr>"
        for p in range(len(pos)))
    return (f"<div><table><tr>{''.join(cells)}</tr></table>"
            f"<p>Decision: {escape(decision)}; dice: {' '.join(dice) or '-'}</p>"
            "<table><tr><th>player</th><th>F/W/T</th><th>Letters</th><th>Wagons</th><th>Discoveries</th>"
            f"<th>Treasures</th></tr>{rows}</table></div>")
