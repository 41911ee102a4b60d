"""The registered games ``bali`` and ``bali-tani`` (base game plus Village of Tani).

>>> import jaliz_learn
>>> game = jaliz_learn.load_game("bali-tani")
>>> state = game.initial_state(num_players=3, seed=1)
>>> state.huts, state.stones
([4, 4, 4], [2, 3, 4])
>>> state.apply("play rice")[0].kind
'play'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from jaliz_learn.core.actions import Action
from jaliz_learn.core.events import Event
from jaliz_learn.core.game import Game, GameInfo, Observation, OptionSpec
from jaliz_learn.core.rng import Rng
from jaliz_learn.core.rules import RuleCatalogue

from . import data as D
from .actions import BASE_ACTION_TYPES, TANI_ACTION_TYPES, parse
from .catalogue import RULES, TANI_CATALOGUE
from .explain import explain
from .sampling import sample_state
from .serial import state_from_json, state_to_json
from .state import BaliState
from .view import observe

_OPTIONS = (
    OptionSpec("offering_ties", D.OFFERING_TIE_MODE,
               "how kinds with equal altar counts are valued at the end (BAL-FINAL-02): 'shared' 6/6/3/1 -> "
               "3/3/1/0, 'dense' -> 3/3/2/1, 'worse' -> 2/2/1/0", choices=D.OFFERING_TIE_MODES),
    OptionSpec("reverse_altar", False,
               "reverse offering mode (BAL-OFFER-05): every player's own offering face down, only the supply "
               "card open"),
)

_DESCRIPTION = (
    "Klaus-Juergen Wrede's card game (White Goblin Games 2017, a re-theme of Rapa Nui): buy offering cards, "
    "play stonemasons, priests, shrines and farmers, refill from a 4x4 village square whose revealed card "
    "scores for everybody, and value offerings by the altar. The base rules are reconstructed from reviews "
    "and Rapa Nui sources; every reconstructed value is a named constant in games/bali/data.py."
)


class BaliGame(Game):
    """Bali for 2-4 players (base game; the Oracle and Demon variants are not offered, BAL-VAR-01)."""

    info: ClassVar[GameInfo] = GameInfo(
        name="bali", title="Bali", min_players=2, max_players=4, has_chance=True, hidden_information=True,
        rules_version="reconstructed-2026.1", rulebook="shared/rules/bali-base.md",
        description=_DESCRIPTION, options=_OPTIONS, default_players=3,
        max_decisions=D.max_decisions(False), score_range=D.score_range(False),
        max_legal_actions=D.max_legal_actions(False))
    action_types: ClassVar[Mapping[str, type[Action]]] = BASE_ACTION_TYPES
    expansion: ClassVar[bool] = False
    # The state's views, handed to every BaliState through its game (state.py imports none of them).
    observe = staticmethod(observe)
    state_to_json = staticmethod(state_to_json)
    explain = staticmethod(explain)

    def initial_state(self, num_players: int | None = None, seed: int = 0) -> BaliState:
        n = self.resolve_num_players(num_players)
        state = BaliState(self, n, seed)
        state.setup()
        return state

    def _state_from_json(self, data: Mapping[str, Any]) -> BaliState:
        """Read ``State.to_json()`` output, or a scenario position (format: :mod:`.serial`)."""
        return state_from_json(self, data)

    def sample_state(self, observation: Observation, rng: Rng | int) -> BaliState:
        """A full state consistent with ``observation``: the kinds of other players' face-down offerings
        and the draw pile's order are dealt uniformly from ``rng`` (see :mod:`.sampling`)."""
        return sample_state(self, observation, rng)

    def parse_action(self, text: str, state: Any = None) -> Action:
        return parse(text, self.expansion)

    @property
    def rules(self) -> RuleCatalogue:
        return RULES

    def describe_event(self, event: Event, viewer: int | None = None) -> str:
        try:
            return describe(event, viewer)
        except (KeyError, TypeError, IndexError, ValueError, AttributeError):
            # a log read from JSON is checked for shape, not for every event's data: never fail on it
            return super().describe_event(event, viewer)


class BaliTaniGame(BaliGame):
    """Bali with the Village of Tani expansion (huts, banana tiles, Ganesha)."""

    info: ClassVar[GameInfo] = GameInfo(
        name="bali-tani", title="Bali: Village of Tani", min_players=2, max_players=4, has_chance=True,
        hidden_information=True, rules_version="tani-rulebook+reconstructed-2026.1",
        rulebook="shared/seeds/004_7a2973061f8c7297.txt",
        description=_DESCRIPTION + " Village of Tani adds 11 cards, huts built instead of playing cards, area "
        "bonuses and the Ganesha figure; unbuilt huts lose the game.", options=_OPTIONS, default_players=3,
        max_decisions=D.max_decisions(True), score_range=D.score_range(True),
        max_legal_actions=D.max_legal_actions(True))
    action_types: ClassVar[Mapping[str, type[Action]]] = TANI_ACTION_TYPES
    expansion: ClassVar[bool] = True

    @property
    def rules(self) -> RuleCatalogue:
        return TANI_CATALOGUE


def describe(event: Event, viewer: int | None = None) -> str:
    """One readable line for an event (secret parts only if ``viewer`` may see them)."""
    d, who = event.data, (f"P{event.player}" if event.player is not None else "")
    k = event.kind
    secret = event.secret if (event.secret is not None and viewer is not None and event.visible_to
                              and viewer in event.visible_to) else None
    if k == "setup":
        extra = f", {d['huts']} huts each" if d.get("expansion") else ""
        return f"Setup: {d['players']} players, {d['deck']} playing cards shuffled, stones {d['stones']}{extra}"
    if k == "start-hand":
        return f"{who} takes the start set" + (f": {', '.join(secret['cards'])}" if secret else "")
    if k == "deal":
        return f"Column {d['column']} dealt: {', '.join(d['cards'])} (bottom: {d['cards'][-1]})"
    if k == "skip":
        return f"{who} takes no offering card"
    if k == "buy":
        return f"{who} buys a {d['offering']} offering card for {d['price']} stones"
    if k == "play":
        title = D.CARD_TITLES[D.CARD_INDEX[d["card"]]]
        return f"{who} plays {d['count']} x {title}" + (f" for {d['cost']} stones" if d["cost"] else "")
    if k == "discard":
        return f"{who} cannot play (hand: {', '.join(d['hand'] + [d['card']])}) and discards a {d['card']}"
    if k == "offer":
        if d["face_down"]:
            return f"{who} offers a card face down" + (f" ({secret['offering']})" if secret else "")
        return f"{who} offers {d['offering']} face up"
    if k == "altar":
        return f"{who} adds {d['offering']} from the supply to the altar"
    if k == "take":
        return f"{who} takes a {d['card']} from column {d['column']}"
    if k == "score":
        parts = [f"revealed {d['card']}"]
        for key in ("stones", "vp", "offerings", "units"):
            if key in d:
                parts.append(f"{key} {d[key]}")
        if d["majority"] >= 0:
            parts.append(f"majority P{d['majority']}")
        if "ganesha" in d:
            parts.append(f"Ganesha P{d['ganesha']} +{D.GANESHA_PRIEST_VP} VP")
        return "Scoring: " + ", ".join(parts)
    if k == "reward":
        return f"{who} takes {d['vp']} VP and {d['stones']} stones for shrines"
    if k == "build":
        text = f"{who} builds a hut on field {d['field']} of the {d['area']} area (returns {'+'.join(d['returned'])})"
        if "stones" in d:
            text += f", takes {d['stones']} stones"
        if "ganesha_from" in d:
            text += ", takes Ganesha"
        return text
    if k == "tile":
        return f"{who} takes the banana tile '{d['tile']}': {d['vp']} VP"
    if k == "end":
        return f"Game over. Altar {d['altar']} -> values {d['values']}; scores {d['scores']}"
    if k == "position":
        return f"Scenario position: {d['players']} players, P{d['active']} in phase {d['phase']}"
    return f"{who} {k} {d}".strip()
