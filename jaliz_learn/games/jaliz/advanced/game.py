"""The ``jaliz-advanced`` game object: options (the event deck, JADV-DECK-01), notation and log lines.

>>> from jaliz_learn import load_game
>>> load_game("jaliz-advanced").parse_action("crow 2", None)
CrowPick(plot=2)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ....core.actions import Action
from ....core.events import Event
from ....core.game import GameInfo, OptionSpec
from ....core.rules import RuleCatalogue
from .. import data as D
from ..actions import pname
from ..events_data import deck_from_option
from ..game import RULEBOOK, STANDARD_OPTIONS, JalizGame, describe
from ..notation import parse
from ..state import JalizState
from .actions import ADVANCED_ACTION_TYPES, parse_advanced
from .catalogue import ADVANCED_RULES
from .state import JalizAdvancedState

ADVANCED_OPTIONS = STANDARD_OPTIONS + (
    OptionSpec("event_deck", "proposed",
               "event deck: 'proposed' (22 cards, jaliz-data.md §4.2), 'rulebook' (the 7 described events), "
               "or copies per event such as 'crow=3,snow=1' / {\"crow\": 3}; JADV-DECK-01"),
)


class JalizAdvancedGame(JalizGame):
    """Jaliz, advanced mode (standard game + event deck), 3-6 players (JADV-SETUP-01).

    >>> from jaliz_learn import load_game
    >>> game = load_game("jaliz-advanced", event_deck="crow=3,tax=1")
    >>> game.info.max_players, sum(game.event_composition.values())
    (6, 4)
    """

    info: ClassVar[GameInfo] = GameInfo(
        name="jaliz-advanced", title="Jaliz (advanced mode)", min_players=3, max_players=6, has_chance=True,
        hidden_information=True, rules_version="jaliz-rulebook-en-1 + jaliz-data §4.2 / jaliz_learn 0.1",
        rulebook=RULEBOOK,
        description="Jaliz with the event deck: crows, snow, rain, drought, Shopping Day and more shake up "
                    "every round (rulebook 'Advanced Mode'; Thief, Tax, Recycling and Breeding reconstructed).",
        options=ADVANCED_OPTIONS, default_players=4,
        max_decisions=D.MAX_DECISIONS, score_range=(0, D.MAX_SCORE_ADVANCED), max_legal_actions=None)
    action_types: ClassVar[Mapping[str, type[Action]]] = ADVANCED_ACTION_TYPES
    state_class: ClassVar[type[JalizState]] = JalizAdvancedState

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.event_composition: dict[str, int] = deck_from_option(self.options["event_deck"])

    def parse_action(self, text: str, state: Any = None) -> Action:
        return parse_advanced(text) or parse(text)

    @property
    def rules(self) -> RuleCatalogue:
        return ADVANCED_RULES

    def describe_event(self, event: Event, viewer: int | None = None) -> str:
        return describe_advanced(event, viewer)


# Its public home is the subpackage (re-exported there, and from jaliz_learn.games.jaliz): advanced mode is the
# whole jaliz package (every standard rule) plus this subpackage, which is where tools look for its code.
JalizAdvancedGame.__module__ = "jaliz_learn.games.jaliz.advanced"


def _items(cards: Any, tokens: Any) -> str:
    items = [pname(c) for c in cards] + [f"token:{t}" for t in tokens]
    return ",".join(items) or "nothing"


def describe_advanced(e: Event, viewer: int | None = None) -> str:
    """One readable line per advanced-mode event; everything else as in the standard game."""
    d, who, k = e.data, f"P{e.player}", e.kind
    if k == "event-deck":
        return f"The event deck of {d['cards']} cards is shuffled"
    if k == "event":
        return f"=== Event: {d['title']} ({d['kind']}); {d['deck']} event card(s) left ==="
    if k == "event-reshuffle":
        return f"The event cards are reshuffled into a new event deck of {d['cards']} cards"
    if k == "season-ends":
        return "The seasonal tokens are removed"
    if k == "event-skip":
        return (f"{who}: " if e.player is not None else "") + f"no effect ({d['reason']})"
    if k == "crow":
        return f"{who}'s crow eats a {pname(d['card'])} from plot {d['plot']} of P{d['victim']}"
    if k == "snow":
        return f"{who} puts snow on plot {d['plot']} of P{d['victim']}"
    if k == "drought":
        return f"Drought: {who} burns {d['cards']} {pname(d['card'])} from plot {d['plot']}"
    if k == "rain":
        return f"{who} puts rain on plot {d['plot']}"
    if k == "rain-ends":
        return f"The rain on {who}'s plot {d['plot']} is used up by the harvest"
    if k == "recycle":
        return f"{who} takes {pname(d['card'])} from the burned pile"
    if k == "breed":
        return f"{who} puts the breeding token on {pname(d['card'])}"
    if k == "thief":
        card = e.secret.get("card") if e.secret is not None else None
        return f"{who} steals {pname(card) if card else 'a card'} from P{d['victim']}'s hand"
    if k == "tax":
        return f"{who} pays 1 coin of tax"
    if k == "model-farmer":
        return "Model Farmer: " + (f"P{d['winner']} takes the card" if d["winner"] is not None else "nobody qualifies")
    if k == "shop-offer":
        return f"{who} proposes to P{d['to']}: give {_items(d['give'], d['tokens'])} for " \
               f"{_items(d['ask'], d['ask_tokens'])}"
    if k == "shop-trade":
        return f"{who} accepts P{d['proposer']}'s Shopping Day proposal"
    if k == "shop-refuse":
        return f"{who} refuses P{d['proposer']}'s Shopping Day proposal"
    if k == "pass" and "event" in d:
        return f"{who} passes ({d['event']})"
    return describe(e, viewer)
