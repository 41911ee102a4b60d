"""The Jungli-La state: a mutable position, its legal actions and the dispatch of an action to its rules.

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
from itertools import chain, repeat
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from . import actions as A
from .actions import SPEC_OF as _SPEC_OF
from .actions import LegalActions
from .common import (
    _ADJUST_MEMO,
    _AUTO,
    _DICE_OF,
    _DISCARD_SPECS,
    _FACES_MEMO,
    _MATERIAL_SPECS,
    _NOT_AUTO,
    _ONLY_DONE,
    _ONLY_KEEP,
    _PALEO_CARDS,
    _REROLL_MEMO,
    _ROLL_SPECS,
    ADJUST,
    DISCARD,
    EXPLORE,
    GOAL,
    MATERIALS_PHASE,
    OVER,
    REROLL,
    ROLL,
    _adjust_actions,
    _Perks,
    _perks_of,
    _reroll_actions,
)
from .data import (
    AREAS,
    BASE_DICE,
    BASE_LETTER_LIMIT,
    BASE_MATERIAL_LIMIT,
    CARD_VIRTUAL,
    CARDS,
    COST_ADD_DIE,
    COST_CANCEL,
    COST_CHANGE_FACE,
    END_TREASURE,
    FACE_INDEX,
    FACES,
    LETTER,
    LETTER_STOP,
    MAX_DICE,
    MAX_REROLLS,
    REMOVED_PER_AREA,
    START_LETTERS,
    START_MATERIALS,
    TREASURE_VALUES,
    UPPER_DECK_SIZE,
    WAGON_CARDS,
    WAGON_LIMIT_BONUS,
)
from .dice import DiceRules
from .explain import IllegalExplanations
from .exploring import ExploringRules
from .materials import MaterialRules
from .turns import TurnRules
from .view import ObservationCache

if TYPE_CHECKING:  # pragma: no cover
    from .game import JungliLaGame


class JungliLaState(DiceRules, MaterialRules, ExploringRules, TurnRules, IllegalExplanations, ObservationCache):
    """A Jungli-La position (mutable). Build it with ``JungliLaGame.initial_state`` or ``state_from_json``."""

    __slots__ = ()  # the fields are declared (with their slots) in position.JungliFields

    def __init__(self, game: JungliLaGame, num_players: int, seed: int) -> None:
        """JUN-SETUP-05: the stock of Wagons; JUN-SETUP-06 / JUN-RUL-01: seat 0 starts; JUN-SETUP-07: each
        player's starting materials and Letters."""
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
        """JUN-SETUP-01: the game's cards; JUN-SETUP-02: shuffle each area's Discovery cards and return some to
        the box by player count; JUN-SETUP-03: the rest make the track, Start -> A -> B -> C -> Goal;
        JUN-SETUP-04: the Upper and Lower Treasure decks around the end card. (The stock, start player and hands
        are set in ``__init__``.)"""
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

    # ------------------------------------------------------------------ JSON
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
