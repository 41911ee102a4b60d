"""The Jungli-La game: metadata, setup, positions, notation and readable events.

>>> import jaliz_learn
>>> game = jaliz_learn.load_game("jungli-la")
>>> st = game.initial_state(num_players=3, seed=7)
>>> st.decision(), len(st.track), st.cards_before_end_card()
('roll', 24, 9)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, ClassVar

from ...core.actions import Action, action_from_json
from ...core.events import Event
from ...core.game import Game, GameInfo, Observation, OptionSpec
from ...core.rng import Rng
from ...core.rules import RuleCatalogue
from . import actions as A
from .bounds import max_decisions, max_legal_actions, score_range
from .catalogue import RULES
from .data import CARDS
from .positions import read_state
from .sampling import sample_state
from .state import JungliLaState

#: The round-limit safeguard (JUN-RUL-09) unless the ``max_rounds`` option says otherwise.
DEFAULT_MAX_ROUNDS = 100

_INFO = GameInfo(
    name="jungli-la",
    title="Jungli-La",
    min_players=2,
    max_players=5,
    has_chance=True,
    hidden_information=True,
    rules_version="jungli-la-okazu-2016-en/1",
    rulebook="shared/seeds/003_2649a3fbb417fcf2.txt",
    description=("Roll and reroll dice for Food, Wood, Tools, Letters and movement, discover Patrons along a "
                 "jungle track and dig for Treasure at the Goal. Card costs, points and the Treasure "
                 "distribution are reconstructed (see docs/rulings/jungli-la.md)."),
    options=(OptionSpec("max_rounds", DEFAULT_MAX_ROUNDS,
                        "safeguard: the game ends after this many rounds (JUN-RUL-09)", minimum=1, maximum=10_000),),
    default_players=4,
    # bounds from the rules and the card data (bounds.py); the longest game for the default safeguard
    max_decisions=max_decisions(DEFAULT_MAX_ROUNDS),
    score_range=score_range(),
    max_legal_actions=max_legal_actions(),
)


class JungliLaGame(Game):
    """Jungli-La for 2-5 players.

    ``state_from_json`` reads ``State.to_json()`` output exactly (full, or ``compact=True`` without
    the log and the history), or a shorter scenario *position*: a dict where every key is optional
    except ``num_players`` (or ``players``); every field is checked (positions.py)::

        {"num_players": 2, "seed": 0,
         "track": ["A01", "A02", ...],              # default: the seeded setup
         "deck": [3, 17, 29, ...],                   # Treasure card ids, top first (29 = game-end card)
         "players": [{"pos": 0 | k | "goal", "materials": [F, W, T], "letters": 2, "wagons": 0,
                      "cards": ["A05"], "treasures": [4, 12]}, ...],
         "current": 0, "phase": "roll" | "reroll" | "adjust" | "materials" | "discard" | "explore",
         "dice": ["M1", "M1", "F", "L"], "rerolls": 0, "moved": false, "discovered": false,
         "end_triggered": false, "turn": 1, "forced_dice": ["T", "T"]}

    Without ``phase`` the position starts ``current``'s turn normally (a player at the Goal draws).
    With a phase, the dice and turn flags are taken as given (``goal_at_start`` defaults to
    whether the current player is at the Goal). Cards the players hold are taken off the seeded
    track and Treasure deck when those are not given.

    ``sample_state(observation, rng)`` deals what the observer cannot see (sampling.py).
    """

    info: ClassVar[GameInfo] = _INFO
    action_types: ClassVar[Mapping[str, type[Action]]] = A.ACTION_TYPES

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        rounds = self.options["max_rounds"]
        if _INFO.max_decisions != max_decisions(rounds):  # another safeguard: declare its own longest game
            self.info = replace(_INFO, max_decisions=max_decisions(rounds))  # type: ignore[misc]

    def initial_state(self, num_players: int | None = None, seed: int = 0) -> JungliLaState:
        n = self.resolve_num_players(num_players)
        st = JungliLaState(self, n, seed)
        st._setup()
        st._start_turn(st.start_player)
        st._settle()
        return st

    @property
    def rules(self) -> RuleCatalogue:
        return RULES

    def parse_action(self, text: str, state: Any = None) -> Action:
        return A.parse(text)

    def action_from_json(self, data: Any) -> Action:
        return action_from_json(data, self.action_types)

    # ------------------------------------------------------------------ JSON and positions
    def _state_from_json(self, data: Mapping[str, Any]) -> JungliLaState:
        return read_state(self, data)  # every field checked: see positions.py

    def sample_state(self, observation: Observation, rng: Rng | int) -> JungliLaState:
        """A full state consistent with ``observation``; the hidden Treasure cards re-dealt (see sampling.py)."""
        return sample_state(self, observation, rng)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ readable events
    def describe_event(self, event: Event, viewer: int | None = None) -> str:
        try:
            return self._describe(event.seen_by(viewer))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            # an event read from a hand-edited log may lack data: describe it plainly rather than fail
            return super().describe_event(event.seen_by(viewer), viewer)

    def _describe(self, e: Event) -> str:
        d, who = e.data, (f"P{e.player}" if e.player is not None else "")
        k = e.kind
        auto = " (only choice)" if d.get("auto") else ""
        if k == "setup":
            return (f"Setup for {d['players']} players: track of {len(d['track'])} cards, {d['removed']} returned to "
                    f"the box, {d['upper_deck']} Treasure cards above the game-end card")
        if k == "turn":
            return f"--- round {d['round']}: {who}'s turn"
        if k == "roll":
            paid = f", {d['paid']} Letter(s) paid" if d["paid"] else ""
            return f"{who} rolls {d['dice']} dice{paid}: {' '.join(d['faces'])}{auto}"
        if k == "reroll":
            return f"{who} rerolls {' '.join(d['faces'])} -> {' '.join(d['new'])} (reroll {d['rerolls']})"
        if k == "cancel":
            return f"{who} pays 1 Letter to cancel and rolls again: {' '.join(d['faces'])}"
        if k == "keep":
            return f"{who} sets the dice aside: {' '.join(d['faces'])}{auto}"
        if k in ("change", "paleo"):
            how = "pays 2 Letters to change" if k == "change" else "uses the Paleontologist to change"
            return f"{who} {how} a {d['old']} die to {d['new']}"
        if k == "done":
            return f"{who} final dice: {' '.join(d['faces'])}{auto}"
        if k == "excavation":
            return f"{who} excavates {d['sets']} set(s) of three"
        if k == "gain":
            f, w, t = d["materials"]
            return f"{who} gains {d['what']}: +{f} Food, +{w} Wood, +{t} Tools, +{d['letters']} Letter"
        if k == "rest":
            return f"{who} rests and gains {d['letters']} Letter(s)"
        if k == "discard":
            return f"{who} discards 1 {d['material']}{auto}"
        if k == "move":
            return f"{who} moves {d['steps']} to {'the Goal' if d['to'] == 'goal' else 'space ' + str(d['to'])}"
        if k in ("discover", "remote"):
            c = CARDS[d["card"]]
            how = "discovers" if k == "discover" else "pays 3 Letters and discovers remote"
            return f"{who} {how} {c.id} {c.patron} ({c.type}, {c.vp} VP) for F/W/T {'/'.join(map(str, d['cost']))}"
        if k == "exchange":
            return f"{who} pays 5 Letters and exchanges {d['give']} for {d['take']}"
        if k == "wagon":
            return f"{who} pays 2 Letters for a Wagon (now {d['wagons']})"
        if k == "buy-treasure":
            return f"{who} pays 4 Letters for a Treasure card"
        if k == "goal":
            return f"{who} reaches the Goal"
        if k == "treasure":
            val = f" worth {e.secret['value']}" if e.secret else ""
            if d.get("end_card"):
                return f"{who} draws the GAME-END Treasure card (worth {d['value']}) ({d['reason']})"
            return f"{who} draws a Treasure card{val} ({d['reason']}; {d['count']} held)"
        if k == "treasure-none":
            return f"{who} would draw a Treasure card, but none is left"
        if k == "last-round":
            return f"Last round: the game ends after P{d['ends_after']}'s turn"
        if k == "round-limit":
            return f"Round limit of {d['rounds']} rounds reached: the game ends (safeguard)"
        if k == "end":
            return f"{who} ends the turn{auto}"
        if k == "game-end":
            return f"Game over: scores {d['scores']}, winner(s) {d['winners']}"
        if k == "position":
            return "Scenario position loaded"
        return super().describe_event(e)
