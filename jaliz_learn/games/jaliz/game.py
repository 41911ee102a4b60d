"""The Jaliz game object: metadata, options and state factory."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...core.actions import Action
from ...core.events import Event
from ...core.game import Game, GameInfo, Observation, OptionSpec
from ...core.rng import Rng, check_seed
from ...core.rules import RuleCatalogue
from . import data as D
from .actions import ACTION_TYPES, Offer, pname
from .catalogue import RULES
from .notation import parse
from .observation import observe
from .sampling import sample_position
from .serialize import state_from_json, state_to_json
from .state import JalizState

RULEBOOK = "../shared/seeds/000_43b9ec0148a55771.txt"

STANDARD_OPTIONS = (
    OptionSpec("fertilizer_price", D.FERTILIZER_PRICE,
               "coins per fertilizer: 2 (detailed rule) or 1 (summary page); JAL-R-FERT",
               choices=(1, 2)),
    OptionSpec("offer_rounds", 2, "offer rounds per market before the active player must decide; JAL-R-NEGOTIATION",
               minimum=1, maximum=5),
    OptionSpec("max_ask", 2, "cards a buyer may ask from the active player's hand; JAL-R-ASK", minimum=0, maximum=4),
    OptionSpec("credit_tokens", True, "play with credit tokens (beginners may leave them out); JAL-CREDIT-05"),
)


class JalizGame(Game):
    """Jaliz, standard mode, 3-7 players.

    >>> from jaliz_learn import load_game
    >>> load_game("jaliz", fertilizer_price=1).options["fertilizer_price"]
    1
    """

    info: ClassVar[GameInfo] = GameInfo(
        name="jaliz", title="Jaliz (standard mode)", min_players=3, max_players=7, has_chance=True,
        hidden_information=True, rules_version="jaliz-rulebook-en-1 / jaliz_learn 0.1", rulebook=RULEBOOK,
        description="Plant, trade and harvest vegetables on your farm; the most coins wins. A Bohnanza-family "
                    "trading game from Iran.",
        options=STANDARD_OPTIONS, default_players=4,
        max_decisions=D.MAX_DECISIONS, score_range=(0, D.MAX_SCORE), max_legal_actions=None)
    action_types: ClassVar[Mapping[str, type[Action]]] = ACTION_TYPES
    state_class: ClassVar[type[JalizState]] = JalizState

    def initial_state(self, num_players: int | None = None, seed: int = 0) -> JalizState:
        n = self.resolve_num_players(num_players)
        return self.state_class(self, n, check_seed(seed))

    #: The views of a state live here, not in the state: its observation and its JSON form.
    observe = staticmethod(observe)
    position_to_json = staticmethod(state_to_json)

    def _state_from_json(self, data: Mapping[str, Any]) -> JalizState:
        return state_from_json(self, dict(data))

    def parse_action(self, text: str, state: Any = None) -> Action:
        return parse(text)

    def sample_state(self, observation: Observation, rng: Rng | int) -> JalizState:
        """A full state consistent with ``observation``, hidden cards dealt from ``rng`` (see :mod:`.sampling`)."""
        return self.state_from_json(sample_position(self, observation, rng))  # type: ignore[arg-type, return-value]

    @property
    def rules(self) -> RuleCatalogue:
        return RULES

    def describe_event(self, event: Event, viewer: int | None = None) -> str:
        return describe(event, viewer)


def _cards(cards: Any) -> str:
    return ", ".join(pname(c) for c in cards) if cards else "nothing"


def _offer_text(d: dict[str, Any]) -> str:
    return str(Offer(tuple(d["want"]), tuple(d["give"]), tuple(d["tokens"]), tuple(d["ask"])))


def describe(e: Event, viewer: int | None = None) -> str:
    """One readable line per event; private draws show cards only to their owner."""
    d, who = e.data, f"P{e.player}"
    k = e.kind
    if k == "setup":
        return f"Setup: {d['players']} players, products {pname(d['products'][0])}..{pname(d['products'][-1])}, " \
               f"{d['deck']} cards"
    if k == "turn":
        return f"--- turn {d['turn']}: {who} ---"
    if k == "draw":
        cards = e.secret["cards"] if e.secret is not None else None
        what = _cards(cards) if cards is not None else f"{d['count']} card(s)"
        return f"{who} draws {what} ({d['why']})"
    if k == "plant":
        received = " (received)" if d["from"] == "received" else ""
        return f"{who} plants {pname(d['card'])} on plot {d['plot']}{received}"
    if k == "reveal":
        return f"{who} reveals {_cards(d['cards'])}"
    if k == "harvest":
        return f"{who} harvests {d['cards']} {pname(d['card'])} from plot {d['plot']} " \
               f"(counts {d['counted']}) for {d['coins']} coin(s)"
    if k == "buy":
        where = f" on plot {d['plot']}" if "plot" in d else ""
        return f"{who} buys {d['item']}{where} for {d['price']} coin(s)"
    if k == "offer":
        return f"{who} offers: {_offer_text(d)}"
    if k == "trade":
        return f"{who} accepts P{d['buyer']}'s offer ({_offer_text(d)})"
    if k == "keep":
        return f"{who} keeps {pname(d['card'])}"
    if k == "give":
        return f"{who} gives {pname(d['card'])} to P{d['to']}"
    if k == "claim":
        return f"{who} claims {pname(d['card'])} with P{d['token_returned_to']}'s credit token and returns it"
    if k == "refuse":
        return f"{who} refuses the offers"
    if k == "deck-ran-out":
        return f"The product deck has run out ({d['times']} time(s))"
    if k == "reshuffle":
        return f"The burned pile is shuffled into a new deck of {d['cards']} cards"
    if k == "game-end":
        return "The game ends: " + d["reason"]
    if k == "final-planting":
        return "Final planting, in order " + ", ".join(f"P{p}" for p in d["order"])
    if k == "final-score":
        return "Final scores: " + ", ".join(f"P{p}={s:g}" for p, s in enumerate(d["scores"])) + \
               "; winner(s): " + ", ".join(f"P{p}" for p in d["winners"])
    if k in ("pass", "done", "skip-plant"):
        return f"{who} {k.replace('-', 's ')}" if k != "skip-plant" else f"{who} has no card to plant"
    data = ", ".join(f"{key}={v}" for key, v in d.items())
    return f"{who if e.player is not None else ''} {k} {data}".strip()
