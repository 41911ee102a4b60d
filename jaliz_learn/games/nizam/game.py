"""The two registered games: ``nizam`` (1-5 players) and ``pearl-of-the-east`` (2-5 players).

Scenario positions
------------------
``game.state_from_json`` reads the full JSON of ``State.to_json()`` (it has an
``"rng"`` key), its compact form ``to_json(compact=True)`` (no ``"log"`` and ``"history"``:
play continues identically from a fresh log) and a short *position* for tests and notebooks. Every key but ``board``
is optional::

    {
      "board": ["AABCD", "EFGHA", "BCDEF", "GHABC", "DEFGH"],  # 5 rows, top row first
      "hands": ["AB", ""],        # one string per player (default: empty hands)
      "players": 2,               # default: len(hands), else the game's default
      "deck": "CDE",              # top card FIRST (default: every card not placed elsewhere, shuffled)
      "discard": "",              # the face-up discard pile
      "current": 0,               # the player to act
      "runouts": 0,               # times the deck has run out so far
      "scores": [0, 0],           # Nizam: victory points
      "completed": ["AB", ""],    # Pearl: completed-task piles, bottom to top
      "tasks": ["CDEFGH", "..."], # Pearl: task decks (default: the kinds not completed)
      "turn": 1,                  # the turn counter (Pearl: round = (turn - 1) // players + 1)
      "max_rounds": 200,          # Pearl: the safeguard limit (default: the game option)
      "moves_made": 0,            # >0: the player has already moved this turn
      "start_board": [...],       # with moves_made: the board at the start of the turn
      "seed": 0                   # seeds the default deck shuffle and every later chance
    }

Letters ``A``..``H`` are the gem kinds and ``P`` the pearl (Pearl of the East only).
A position with a ``deck`` may leave cards out of play (e.g. a short deck to test the end);
they are public (``out_of_play`` in observations and JSON), and no kind may appear more than
12 times. In Pearl the pearl lies on the board, and each player's task deck and completed pile
hold each kind once between them. :mod:`.positions` validates every field.

>>> from jaliz_learn import load_game
>>> g = load_game("nizam")
>>> s = g.state_from_json({"board": ["AABCD", "EFGHA", "BCDEF", "GHABC", "DEFGH"], "hands": ["A", ""]})
>>> events = s.apply("move r1 left A")
>>> s.board_rows()[0], s.decision()
('ABCDA', 'move-or-score')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...core.actions import Action
from ...core.events import Event
from ...core.game import Game, GameInfo, Observation, OptionSpec
from ...core.rng import Rng
from ...core.rules import RuleCatalogue
from .actions import Draw, EndTurn, Move, Score, parse
from .bounds import MAX_LEGAL_NIZAM, MAX_LEGAL_PEARL, nizam_max_decisions, nizam_max_score, pearl_max_decisions
from .catalogue import NIZAM_RULES, PEARL_RULES
from .data import (
    CELLS,
    COPIES_PER_KIND,
    KINDS,
    PEARL,
    PEARL_BOARD_PER_KIND,
    PEARL_DEFAULT_MAX_ROUNDS,
    START_HAND,
    TASKS_PER_PLAYER,
)
from .nizam_state import NizamState
from .pearl_state import PearlState
from .positions import read_state
from .sampling import sample_state as sample_from_observation
from .state import BaseState

RULEBOOK = "shared/seeds/002_480ed5f04e982bd3.txt"


class _BoardGame(Game):
    """Shared set-up helpers, JSON reading and event text of the two games."""

    state_cls: type[BaseState] = NizamState
    pearl = False

    def parse_action(self, text: str, state: Any) -> Action:
        return parse(text, pearl=self.pearl)

    # ---- set-up -----------------------------------------------------------------
    def _deal_hands(self, st: BaseState) -> None:
        """NIZ-SETUP-02 / PRL-SETUP-04: three random cards to each player; NIZ-SETUP-03 / PRL-SETUP-05: the first
        player at random, then clockwise."""
        for p in range(st.num_players):
            cards = [st.deck.pop() for _ in range(START_HAND)]
            for c in cards:
                st.hands[p][c] += 1
            st.log.add("deal", p, {"count": len(cards)}, secret={"cards": "".join(sorted(cards))}, visible_to=(p,))
        # NIZ-SETUP-03 / PRL-SETUP-05: first player at random, then clockwise (seat order)
        st.first_player = st.current = st.rng.randrange(st.num_players)
        st.log.add("first-player", st.first_player, {})
        st.log.turn = 1

    # ---- JSON -------------------------------------------------------------------
    def _state_from_json(self, data: Mapping[str, Any]) -> BaseState:
        """Read a full, compact or scenario position, validating every field (see :mod:`.positions`)."""
        return read_state(self, data)

    # ---- search -------------------------------------------------------------------
    def sample_state(self, observation: Observation, rng: Rng | int) -> BaseState:
        """A full state consistent with ``observation``; hidden cards dealt uniformly (see :mod:`.sampling`)."""
        return sample_from_observation(self, observation, rng)

    # ---- event text ---------------------------------------------------------------
    def describe_event(self, event: Event, viewer: int | None = None) -> str:
        d, who = event.data, (f"P{event.player}" if event.player is not None else "")
        secret = event.secret
        kind = event.kind
        if kind == "move":
            return f"{who} pays {d['pay']} and moves {d['line']} {d['end']} (move {d['line']} {d['end']} {d['pay']})"
        if kind == "draw":
            cards = f": {secret['cards']}" if secret else ""
            return f"{who} draws {d['count']} card{'s' if d['count'] != 1 else ''}{cards}"
        if kind == "deal":
            cards = f": {secret['cards']}" if secret else ""
            return f"{who} is dealt {d['count']} cards{cards}"
        if kind == "deck-out":
            return f"The deck has run out ({d['times']} time{'s' if d['times'] != 1 else ''})"
        if kind == "reshuffle":
            return f"The discard pile ({d['cards']} cards) is shuffled into a new deck"
        if kind == "score":
            if not d["runs"]:
                return f"{who} ends the moves: no changed combination, 0 VP"
            runs = ", ".join(f"{r['kind']}x{r['length']} in {r['line']} ({r['points']})" for r in d["runs"])
            return f"{who} scores {d['points']} VP: {runs}; total {d['total']}"
        if kind == "refill":
            return f"Refill {', '.join(d['cells'])} with {d['cards']}"
        if kind == "complete":
            if not d["tasks"]:
                return f"{who} ends the moves without completing a task"
            pearl = f", the pearl as {d['pearl_as']}" if d["pearl_as"] else ""
            return f"{who} completes {', '.join(d['tasks'])} (top {d['top']}{pearl}); pile {d['completed']}"
        if kind in ("setup", "position"):
            return f"Board {'/'.join(d['board'])}"
        if kind == "first-player":
            return f"{who} plays first"
        if kind == "tasks":
            return f"Each player gets a task deck of {d['count']} cards"
        if kind == "game-over":
            return f"Game over: scores {d['scores']}, winners {d['winners']}"
        return super().describe_event(event, viewer)


class NizamGame(_BoardGame):
    """Nizam: slide rows of gems, score runs of three to five (rulebook section "Nizam (1-5 players)").

    One player plays the solo variant with a hand limit of nine (NIZ-SOLO-01).
    """

    info = GameInfo(
        name="nizam",
        title="Nizam",
        min_players=1,
        max_players=5,
        has_chance=True,
        hidden_information=True,
        rules_version="nizam-rulebook-002 + rulings 2026-11",
        rulebook=RULEBOOK,
        description="Slide rows and columns of a 5x5 gem board by paying cards; score runs of 3-5 gems. "
                    "1 player: solo variant (hand limit 9).",
        options=(),
        default_players=2,
        # derived from the card counts in .bounds (every deck ends with a run-out; each move pays a card)
        max_decisions=nizam_max_decisions(5),
        score_range=(0, nizam_max_score(5)),
        max_legal_actions=MAX_LEGAL_NIZAM,
    )
    action_types = {"draw": Draw, "move": Move, "score": Score}
    state_cls = NizamState
    pearl = False

    @property
    def rules(self) -> RuleCatalogue:
        return NIZAM_RULES

    def initial_state(self, num_players: int | None = None, seed: int = 0) -> NizamState:
        """NIZ-SETUP-01: the 96 gem cards (NIZ-COMP-01) shuffled, 25 face up in a 5x5 square, the rest the deck;
        then the hands (:meth:`_deal_hands`)."""
        n = self.resolve_num_players(num_players)
        st = NizamState(self, n, seed)
        # NIZ-COMP-01 / NIZ-SETUP-01: 96 gem cards shuffled, 25 face up in a 5x5 square, the rest is the deck
        cards = [k for k in KINDS for _ in range(COPIES_PER_KIND)]
        st.rng.shuffle(cards)
        st.board = cards[:CELLS]
        st.deck = cards[CELLS:]
        st.log.add("setup", None, {"board": list(st.board_rows()), "deck": len(st.deck)})
        self._deal_hands(st)
        return st


class PearlGame(_BoardGame):
    """Pearl of the East: complete eight tasks by lining up three gems; the pearl is a joker.

    Option ``max_rounds`` (proposed ruling PRL-END-02): the game also ends after this many
    rounds; then the most completed tasks wins.
    """

    info = GameInfo(
        name="pearl-of-the-east",
        title="Pearl of the East",
        min_players=2,
        max_players=5,
        has_chance=True,
        hidden_information=True,
        rules_version="nizam-rulebook-002 + rulings 2026-11",
        rulebook=RULEBOOK,
        description="Slide rows and columns of gems and the pearl to line up three of a kind; "
                    "the first to complete all eight tasks wins.",
        options=(OptionSpec("max_rounds", PEARL_DEFAULT_MAX_ROUNDS,
                            "safeguard: the game ends after this many rounds (ruling PRL-END-02)",
                            minimum=1, maximum=100_000),),
        default_players=2,
        # with the default max_rounds; an instance with another max_rounds declares its own (see __init__)
        max_decisions=pearl_max_decisions(5, PEARL_DEFAULT_MAX_ROUNDS),
        score_range=(0, TASKS_PER_PLAYER),
        max_legal_actions=MAX_LEGAL_PEARL,
    )
    action_types = {"draw": Draw, "move": Move, "end": EndTurn}
    state_cls = PearlState
    pearl = True

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        rounds = self.options["max_rounds"]
        if rounds != PEARL_DEFAULT_MAX_ROUNDS:
            # the longest game follows the safeguard option (PRL-END-02), so this game declares its own bound
            vars(self)["info"] = replace(type(self).info, max_decisions=pearl_max_decisions(5, rounds))

    @property
    def rules(self) -> RuleCatalogue:
        return PEARL_RULES

    def initial_state(self, num_players: int | None = None, seed: int = 0) -> PearlState:
        """PRL-SETUP-01: a task deck of one card of each kind per player; PRL-SETUP-02: three cards of each kind
        and the pearl shuffled into the 5x5 board; PRL-SETUP-03: the rest shuffled as the deck."""
        n = self.resolve_num_players(num_players)
        st = PearlState(self, n, seed)
        # PRL-COMP-01 / PRL-SETUP-01: a task deck of one card of each kind per player
        left = {k: COPIES_PER_KIND - n for k in KINDS}
        st.log.add("tasks", None, {"count": len(KINDS)})
        # PRL-SETUP-02: three cards of each kind plus the pearl, shuffled into the 5x5 board
        board = [k for k in KINDS for _ in range(PEARL_BOARD_PER_KIND)] + [PEARL]
        st.rng.shuffle(board)
        st.board = board
        # PRL-SETUP-03: the remaining cards are shuffled as the deck
        deck = [k for k in KINDS for _ in range(left[k] - PEARL_BOARD_PER_KIND)]
        st.rng.shuffle(deck)
        st.deck = deck
        st.log.add("setup", None, {"board": list(st.board_rows()), "deck": len(st.deck)})
        self._deal_hands(st)
        return st
