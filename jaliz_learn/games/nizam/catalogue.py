"""Rule catalogues of Nizam (``NIZ-``) and Pearl of the East (``PRL-``).

Sections follow the rulebook (shared/seeds/002_480ed5f04e982bd3.txt). Status
``rulebook`` = printed rule, ``ruling`` = our decision (docs/rulings/nizam.md).
"""

from __future__ import annotations

from ...core.rules import Rule, RuleCatalogue

_NIZ = [
    # Components and setup
    Rule("NIZ-COMP-01", "Gem cards", "96 gem cards, 12 of each of eight kinds; the pearl card is not used in Nizam.",
         "Components / Nizam: Setup"),
    Rule("NIZ-SETUP-01", "Board and deck",
         "Shuffle the gem cards, lay 25 face up at random as a 5x5 square; the rest is the face-down deck.",
         "Nizam: Setup"),
    Rule("NIZ-SETUP-02", "Starting hands", "Each player receives 3 random gem cards and starts at 0 VP.",
         "Nizam: Setup"),
    Rule("NIZ-SETUP-03", "First player", "The first player is chosen at random; play proceeds clockwise (seat order).",
         "Nizam: Setup"),
    Rule("NIZ-INFO-01", "Hidden information",
         "Hands and the deck order are hidden (others see hand sizes and the deck size); board, discard pile "
         "and scores are public.", "Nizam: Setup", "ruling"),
    # Turn
    Rule("NIZ-TURN-01", "One action per turn",
         "A turn is either A (draw) or B (moves followed by activating the board), never both.",
         "Nizam: Turn Structure / 1. Taking Actions"),
    Rule("NIZ-DRAW-01", "Draw three", "Take the top three cards of the deck into hand; the turn passes.",
         "Nizam: 1. Taking Actions (A)"),
    Rule("NIZ-DRAW-02", "Reshuffle",
         "When the deck runs out, the discard pile is shuffled into a new deck (during a draw or a refill).",
         "Nizam: 1. Taking Actions (A) / 2. Activating"),
    Rule("NIZ-DRAW-03", "Nothing to draw",
         "If deck and discard pile are both empty a draw takes the cards there are (possibly none); drawing "
         "nothing is allowed only to a player who cannot move.", "Nizam: 1. Taking Actions (A)", "ruling"),
    Rule("NIZ-MOVE-01", "Move a line",
         "Discard a card of the same kind as an end card of a row or column; that card goes to the opposite "
         "end and the others shift one place, keeping their order.", "Nizam: 1. Taking Actions (B)"),
    Rule("NIZ-MOVE-02", "Several moves", "A player may make any number of moves in one turn, in one or several "
         "lines, paying for each move.", "Nizam: 1. Taking Actions (B)"),
    Rule("NIZ-MOVE-03", "Three cards of any kind",
         "Without a card of the required kind, the player may discard three cards of any kind to make the move.",
         "Nizam: 1. Taking Actions (B)"),
    Rule("NIZ-MOVE-04", "Payments as actions",
         "A move is (line, end, payment); the payment is the one matching card if held, else a distinct sorted "
         "multiset of three hand cards. Three cards are not allowed while holding the matching kind.",
         "Nizam: 1. Taking Actions (B)", "ruling"),
    Rule("NIZ-MOVE-05", "Ending the moves",
         "After at least one move the player either moves again or says 'score', which activates the board; "
         "'score' is not available before a move.", "Nizam: 1. Taking Actions (B)", "ruling"),
    # Scoring
    Rule("NIZ-SCORE-01", "Combination points",
         "Each combination of 3 / 4 / 5 identical gems in a row or column earns 3 / 5 / 7 VP.",
         "Nizam: 2. Activating the Game Board"),
    Rule("NIZ-SCORE-02", "Additional combinations",
         "1 VP more for each combination after the first scored in the same turn; each line's run is one "
         "combination, and a row run and a column run that share a card are two.",
         "Nizam: 2. Activating the Game Board", "ruling"),
    Rule("NIZ-SCORE-03", "Only changed combinations score",
         "A combination scores only if the player changed the number of identical cards in that line this turn: "
         "a line's (kind, length) that stayed the same after every move does not score.",
         "Nizam: 2. Activating the Game Board (Important)"),
    Rule("NIZ-SCORE-04", "Broken and re-formed",
         "A combination that was on the board at the start of the turn, broken up and re-joined, scores.",
         "Nizam: 2. Activating the Game Board (Important)"),
    Rule("NIZ-SCORE-05", "Scored cards discarded",
         "The cards of scored combinations go to the discard pile (a card shared by two combinations once).",
         "Nizam: 2. Activating the Game Board"),
    Rule("NIZ-SCORE-06", "Refill without scoring",
         "The holes are refilled from the deck in random order; combinations formed by the refill are neither "
         "scored nor removed.", "Nizam: 2. Activating the Game Board"),
    Rule("NIZ-SCORE-07", "Refill order of events",
         "Scored cards are discarded before the refill, so if the deck runs out during the refill they can come "
         "back at once; a refill therefore always completes the board.", "Nizam: 2. Activating", "ruling"),
    # End
    Rule("NIZ-END-01", "End of the game",
         "The game ends when the deck has run out as many times as there are players.",
         "Nizam: End of the Game and Victory"),
    Rule("NIZ-END-02", "When the deck runs out",
         "The deck runs out when its last card is taken (counted once); the turn in progress is completed "
         "(the draw or refill continues from the reshuffled discard pile) and the game ends after it.",
         "Nizam: End of the Game and Victory", "ruling"),
    Rule("NIZ-END-03", "Victory", "The player with the most VP wins.", "Nizam: End of the Game and Victory"),
    Rule("NIZ-END-04", "Ties", "Players tied for the most VP share the victory (the rulebook has no tie-break).",
         "Nizam: End of the Game and Victory", "ruling"),
    Rule("NIZ-END-05", "Stalled position",
         "If every player in a row draws nothing (deck and discard pile empty, nobody able to move), the game "
         "ends: the position would repeat forever. Only a position that leaves cards out of play can stall.",
         "Nizam: End of the Game and Victory", "ruling"),
    # Solo
    Rule("NIZ-SOLO-01", "Solo variant", "One player plays by the same rules with a hand limit of nine cards.",
         "Solo Variant (1 Player)"),
    Rule("NIZ-SOLO-02", "Enforcing the hand limit",
         "In solo a draw is allowed only with at most six cards in hand, so the hand never exceeds nine; with "
         "seven or more cards the player must move (three any cards always pay for a move).",
         "Solo Variant (1 Player)", "ruling"),
    Rule("NIZ-SOLO-03", "Solo end and result",
         "The solo game ends when the deck has run out once (NIZ-END-01 with one player); the VP total is the "
         "result to beat.", "Solo Variant (1 Player)", "ruling"),
]

_PRL = [
    Rule("PRL-COMP-01", "Cards", "96 gem cards (12 of each of eight kinds) and the pearl card.", "Components"),
    Rule("PRL-SETUP-01", "Task decks",
         "Each player receives one gem card of each kind face down as a task deck.", "Pearl of the East: Setup"),
    Rule("PRL-SETUP-02", "Board", "24 gem cards (three of each kind) and the pearl are shuffled and laid face up "
         "as a 5x5 square.", "Pearl of the East: Setup"),
    Rule("PRL-SETUP-03", "Deck", "The remaining cards are shuffled as the face-down deck.", "Pearl of the East: Setup"),
    Rule("PRL-SETUP-04", "Starting hands", "Each player receives 3 random gem cards.", "Pearl of the East: Setup"),
    Rule("PRL-SETUP-05", "First player", "The first player is chosen at random; play proceeds clockwise.",
         "Pearl of the East: Setup"),
    Rule("PRL-INFO-01", "Hidden information",
         "Hands, the task decks and the deck order are hidden (shown as counts); board, discard pile and "
         "completed-task piles are public.", "Pearl of the East: Setup", "ruling"),
    Rule("PRL-TURN-01", "One action per turn",
         "A turn is either A (draw) or B (moves followed by completing tasks), never both.",
         "Pearl of the East: Turn Structure"),
    Rule("PRL-DRAW-01", "Draw three", "Take the top three cards of the deck into hand; the turn passes.",
         "Pearl of the East: 1. Taking Actions (A)"),
    Rule("PRL-DRAW-02", "Reshuffle", "When the deck runs out, the discard pile is shuffled into a new deck.",
         "Pearl of the East: 1. Taking Actions (A)"),
    Rule("PRL-DRAW-03", "Nothing to draw",
         "If deck and discard pile are both empty a draw takes the cards there are (possibly none); drawing "
         "nothing is allowed only to a player who cannot move.", "Pearl of the East: 1. Taking Actions (A)",
         "ruling"),
    Rule("PRL-MOVE-01", "Move a line",
         "Discard a card of the same kind as an end card of a row or column; that card goes to the opposite end "
         "and the others shift one place.", "Pearl of the East: 1. Taking Actions (B)"),
    Rule("PRL-MOVE-02", "Several moves", "Any number of moves per turn, paying for each.",
         "Pearl of the East: 1. Taking Actions (B)"),
    Rule("PRL-MOVE-03", "Three cards of any kind",
         "Without a card of the required kind, discard three cards of any kind to make the move.",
         "Pearl of the East: 1. Taking Actions (B)"),
    Rule("PRL-MOVE-04", "Payments as actions",
         "The payment is the matching card if held, else a distinct sorted multiset of three hand cards; three "
         "cards are not allowed while holding the matching kind.", "Pearl of the East: 1. Taking Actions (B)",
         "ruling"),
    Rule("PRL-MOVE-05", "Ending the moves",
         "After at least one move the player moves again or ends the moves with an 'end' action naming the "
         "tasks completed; 'end' is not available before a move.", "Pearl of the East: 1. Taking Actions (B)",
         "ruling"),
    Rule("PRL-MOVE-06", "Pearl at the end",
         "A move of a line whose end card is the pearl always costs three cards of any kind.",
         "Pearl of the East: 1. Taking Actions (B)"),
    Rule("PRL-TASK-01", "Completing a task",
         "A line with three or more identical gems in a row completes the task of that kind: the card moves "
         "from the player's task deck to the face-up completed pile. Each kind is completed once.",
         "Pearl of the East: 2. Completing Tasks"),
    Rule("PRL-TASK-02", "Run length",
         "Any run of three or more counts, including four or five (a run of five needs the pearl or a scenario).",
         "Pearl of the East: 2. Completing Tasks", "ruling"),
    Rule("PRL-TASK-03", "Pearl as joker", "The pearl substitutes for a card of any kind.",
         "Pearl of the East: 2. Completing Tasks"),
    Rule("PRL-TASK-04", "Pearl for one kind per turn",
         "In one turn the pearl stands for one kind only; it cannot help complete two different kinds.",
         "Pearl of the East: 2. Completing Tasks (Important)"),
    Rule("PRL-TASK-05", "Blocking", "A kind on top of an opponent's completed pile cannot be completed.",
         "Pearl of the East: 2. Completing Tasks (Important)"),
    Rule("PRL-TASK-06", "Order of several tasks",
         "A player completing several tasks chooses their order; only the top card matters later, so the "
         "action names the top card and the others lie below in letter order.",
         "Pearl of the East: 2. Completing Tasks", "ruling"),
    Rule("PRL-TASK-07", "Completion is compulsory, no 'changed' test",
         "After the moves every run on the board completes its task if the player still needs it and it is "
         "not blocked, whether or not the player changed it; the player only picks the pearl's kind.",
         "Pearl of the East: 2. Completing Tasks", "ruling"),
    Rule("PRL-TASK-08", "Board stays", "Unlike Nizam, the cards on the board are not discarded.",
         "Pearl of the East: 2. Completing Tasks"),
    Rule("PRL-END-01", "Victory", "The game ends as soon as a player has completed all eight tasks; that player wins.",
         "Pearl of the East: End of the Game and Victory"),
    Rule("PRL-END-02", "Safeguard end",
         "So that every game ends, the game also ends after 'max_rounds' rounds (default 200); the most "
         "completed tasks wins, ties share the victory.", "Pearl of the East: End of the Game and Victory",
         "ruling"),
    Rule("PRL-END-03", "Rounds",
         "A round is one turn of each player, clockwise from the first player; the limit is checked at the end "
         "of every turn, so the last player of the last round still plays.",
         "Pearl of the East: End of the Game and Victory", "ruling"),
]

NIZAM_RULES = RuleCatalogue("nizam", _NIZ)
PEARL_RULES = RuleCatalogue("pearl-of-the-east", _PRL)
