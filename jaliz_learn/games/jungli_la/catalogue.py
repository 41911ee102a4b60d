"""The Jungli-La rule catalogue: one ID per rule of the rulebook, ruling and reconstructed datum.

Rulebook: /work/shared/seeds/003_2649a3fbb417fcf2.txt. Rulings: docs/rulings/jungli-la.md.
"""

from __future__ import annotations

from ...core.rules import Rule, RuleCatalogue

_S = "Game Setup"
_T = "Flow of the Game"
_D = "1. Dice Phase"
_M = "2. Materials and Letters Phase"
_V = "3. Movement/Discovery Phase"
_G = "Reaching the Goal"
_E = "End of Game"
_SC = "End of Game Scoring"
_L = "Letter Effects"
_C = "Discovery Card Effects"
_DATA = "Card data (jungli-la-data.md)"
_R = "Rulings (docs/rulings/jungli-la.md)"

RULES = RuleCatalogue("jungli-la", [
    # ---- setup
    Rule("JUN-SETUP-01", "Dice", "Ten dice, each with the faces Move 1, Move 2, Food, Wood, Tools and Letter.",
         "Contents of the Game"),
    Rule("JUN-SETUP-02", "Discovery cards by player count",
         "Sort the Discovery cards by area A/B/C, shuffle each pile and return 4/2/1/0 cards of every area to "
         "the box with 2/3/4/5 players.", _S),
    Rule("JUN-SETUP-03", "The track", "Lay out Start, the Area A cards, the Area B cards, the Area C cards and the "
         "Goal in one line.", _S),
    Rule("JUN-SETUP-04", "Treasure decks", "Set the game-end Treasure card aside, shuffle the others, deal an "
         "Upper deck of 6/9/12/15 cards (2/3/4/5 players), put the game-end card under it and the rest below.", _S),
    Rule("JUN-SETUP-05", "Stock", "Dice, Food, Wood, Tool and Letter tokens and the ten Wagon cards form the stock.",
         _S),
    Rule("JUN-SETUP-06", "Start player", "A start player begins and keeps the Start Player card all game; play "
         "goes clockwise.", _S),
    Rule("JUN-SETUP-07", "Starting hand", "Each player puts an explorer on Start and takes 1 Food, 1 Wood, 1 Tool "
         "and 2 Letters.", _S),
    # ---- turn flow
    Rule("JUN-TURN-01", "Three phases", "A turn is the Dice phase, the Materials and Letters phase, then the "
         "Movement/Discovery phase, in this order.", _T),
    # ---- dice
    Rule("JUN-DICE-01", "Roll four dice", "Roll the four dice from the stock, plus any added dice; never more "
         "than ten dice.", _D),
    Rule("JUN-DICE-02", "Letters are set aside", "Dice showing the Letter face are set aside and are never "
         "rerolled.", _D),
    Rule("JUN-DICE-03", "Two dice per reroll", "At most two dice may be rerolled each time.", _D),
    Rule("JUN-DICE-04", "Two rerolls", "There are at most two rerolls.", _D),
    Rule("JUN-DICE-05", "Kept dice may be rerolled", "Any die set aside earlier may be rerolled later unless it "
         "shows a Letter.", _D),
    Rule("JUN-DICE-06", "Two Letters stop the rolling", "With two or more Letter faces showing, rolling stops at "
         "once and the player goes on to the Materials and Letters phase.", _D),
    # ---- materials and letters
    Rule("JUN-MAT-01", "Gain or rest", "Choose either to gain materials and Letters or to rest.", _M),
    Rule("JUN-MAT-02", "One type by count", "Choose one material type and gain one token per die showing it.", _M),
    Rule("JUN-MAT-03", "One of each type", "Or gain one token of each material type showing on the dice.", _M),
    Rule("JUN-MAT-04", "Material limit", "A player holds at most 6 material tokens, +2 per Wagon; above the limit "
         "the player at once chooses tokens to discard down to it.", _M),
    Rule("JUN-MAT-05", "Acquire a Letter", "After the materials, gain 1 Letter if one or more Letter faces "
         "show.", _M),
    Rule("JUN-MAT-06", "Letter limit", "A player holds at most 6 Letters, +2 per Wagon; Letters above the limit "
         "are not gained.", _M),
    Rule("JUN-MAT-07", "Rest", "Resting gains 2 Letters plus one per Letter face and skips the Movement/Discovery "
         "phase.", _M),
    # ---- movement / discovery
    Rule("JUN-MOVE-01", "Move and Discover once each", "In the Movement/Discovery phase a player may move once "
         "and discover once, in either order, or do either or neither.", _V),
    Rule("JUN-MOVE-02", "Exact movement", "Move 1 and Move 2 faces give 1 and 2 points; the explorer moves "
         "exactly the total towards the Goal or not at all; other explorers do not block.", _V),
    Rule("JUN-MOVE-03", "The Goal stops movement", "An explorer that lands on the Goal moves no further.", _V),
    Rule("JUN-DISC-01", "Discover", "Pay the material cost of the card your explorer stands on and take it.", _V),
    Rule("JUN-DISC-02", "Explorers move on", "All explorers on the discovered card move to the next card towards "
         "the Goal.", _V),
    Rule("JUN-DISC-03", "Card in front of you", "The card is placed face up in front of the player and its effect "
         "takes place.", _V),
    Rule("JUN-DISC-04", "One Discovery per turn", "Only one Discovery action (discover, remote discovery, "
         "exchange, Wagon) per turn; no discovery of the next card after the explorers moved on.", _V),
    Rule("JUN-DISC-05", "No discovery mid-move", "A move is never interrupted to discover.", _V),
    # ---- goal
    Rule("JUN-GOAL-01", "Reaching the Goal", "A player reaching the Goal at once draws 1 Treasure card and keeps "
         "it hidden.", _G),
    Rule("JUN-GOAL-02", "Several players at once", "If several explorers reach the Goal at the same time, they draw "
         "one by one starting from the active player, clockwise.", _G),
    Rule("JUN-GOAL-03", "Treasure at the start of the turn", "A player who has reached the Goal draws a Treasure "
         "card at the beginning of each of their turns.", _G),
    Rule("JUN-GOAL-04", "Treasure Excavation", "Between phases 1 and 2, a player at the Goal draws 1 Treasure per "
         "set of three identical faces among the fixed dice; Move 1 and Move 2 are different faces.", _G),
    # ---- end and scoring
    Rule("JUN-END-01", "The game-end Treasure", "A player who draws the game-end Treasure card shows it; the game "
         "enters its last round.", _E),
    Rule("JUN-END-02", "The last round", "The game ends at the end of the turn of the player to the right of the "
         "start player, so everybody has had the same number of turns.", _E),
    Rule("JUN-SCORE-01", "Points", "Score Discovery card points, Treasure points, Wagon points, Professor points "
         "and the type bonus.", _SC),
    Rule("JUN-SCORE-02", "Type bonus", "3/4/5 different Discovery types score 1/4/7 points.", _SC),
    Rule("JUN-SCORE-03", "Tie-break: Treasure cards", "On a tie, the player with the most Treasure cards wins.",
         _SC),
    Rule("JUN-SCORE-04", "Tie-break: fewest Treasure points", "Then the player with the fewest points from "
         "Treasure cards.", _SC),
    Rule("JUN-SCORE-05", "Shared victory", "Then the tied players share the victory.", _SC),
    # ---- letters
    Rule("JUN-LET-01", "Add a die (1 Letter)", "Before rolling, add dice for 1 Letter each (10 dice at most); the "
         "number of dice per reroll does not change.", _L),
    Rule("JUN-LET-02", "Cancel the roll (1 Letter)", "After a roll, pay 1 Letter to reroll ALL dice, Letter faces "
         "included.", _L),
    Rule("JUN-LET-03", "Change one die face (2 Letters)", "After all dice are set aside, turn one die to any face; "
         "as often as the player can pay.", _L),
    Rule("JUN-LET-04", "Buy a Wagon (2 Letters)", "In the Movement/Discovery phase, instead of a Discovery take a "
         "Wagon card; at most 2 Wagons per player; it is the turn's Discovery action.", _L),
    Rule("JUN-LET-05", "Discover a remote location (3 Letters)", "Discover a card anywhere on the track with no "
         "other explorer on it, paying its cost; it is the turn's Discovery action.", _L),
    Rule("JUN-LET-06", "Acquire a Treasure card (4 Letters)", "In the Movement/Discovery phase, only after reaching "
         "the Goal, draw an extra Treasure card; as many as the player can pay.", _L),
    Rule("JUN-LET-07", "Exchange a Discovery card (5 Letters)", "Swap one of your Discovery cards with a card on the "
         "track that has no explorer on it, without paying its cost; it is the turn's Discovery action.", _L),
    # ---- discovery cards
    Rule("JUN-CARD-01", "Rich Man", "Antique: may add 1 die every turn (decided each turn).", _C),
    Rule("JUN-CARD-02", "Millionaire", "Stone Tablet: may add 2 dice every turn (decided each turn).", _C),
    Rule("JUN-CARD-03", "Geographer", "Land: after the dice are set aside, may add 1 to the movement total "
         "(virtually).", _C),
    Rule("JUN-CARD-04", "Biologist, Botanist, Entomologist", "Nature: after the dice are set aside, add 1 to the "
         "Food / Wood / Tools total (virtually).", _C),
    Rule("JUN-CARD-05", "Linguist", "Stone Tablet: after the dice are set aside, add 1 to the Letter total "
         "(virtually); it does not count towards the two-Letter stop.", _C),
    Rule("JUN-CARD-06", "Paleontologist", "Nature: after the dice are set aside, one die may be set to any face; "
         "this gives no rerolls back.", _C),
    Rule("JUN-CARD-07", "Queen and Noble", "Land: no effect besides their points.", _C),
    Rule("JUN-CARD-08", "Professor", "At the end, points per icon: 1 per Wood, Tool, Food, Letter token, Treasure "
         "card and Discovery card, 2 per Wagon card.", _C),
    Rule("JUN-CARD-09", "Wagon card", "Each Wagon raises the material limit and the Letter limit by 2 and scores "
         "its points.", "Contents of the Game"),
    # ---- reconstructed data
    Rule("JUN-DATA-01", "Discovery card list", "The 30 cards (10 per area): copies, areas, costs and points of "
         "jungli-la-data.md section 3.2.", _DATA, "proposed"),
    Rule("JUN-DATA-02", "Treasure distribution", "29 regular Treasure cards: 12 worth 1, 10 worth 2, 7 worth 3; the "
         "game-end card is worth 3.", _DATA, "proposed"),
    Rule("JUN-DATA-03", "Wagon points", "Each Wagon card is worth 1 point.", _DATA, "proposed"),
    Rule("JUN-DATA-04", "Letter costs", "The player card's column (1, 1, 2, 2, 3, 4, 5) gives the Letter cost of "
         "each effect.", _DATA, "proposed"),
    Rule("JUN-DATA-05", "Professor (Discovery) counts itself", "The Professor scoring Discovery cards counts "
         "itself; the other Professors count what the player holds at the end.", _DATA, "proposed"),
    # ---- rulings
    Rule("JUN-RUL-01", "Seat 0 starts", "Player 0 is the start player; seats follow clockwise (player n-1 is to "
         "the right of the start player).", _R, "ruling"),
    Rule("JUN-RUL-02", "Choosing the dice", "Before rolling, the player names the number of dice (4 up to 10); "
         "dice from Rich Man/Millionaire are free and used first, each further die costs 1 Letter.", _R, "ruling"),
    Rule("JUN-RUL-03", "When Cancel is allowed", "Cancel may follow any roll of the Dice phase (first roll, reroll "
         "or cancel roll), also one showing two Letters and also after the second reroll; it rerolls every die "
         "and neither uses nor restores a reroll.", _R, "ruling"),
    Rule("JUN-RUL-04", "Virtual faces", "Virtual faces count for gaining materials and Letters, for resting and "
         "for movement; not for the two-Letter stop nor for Treasure Excavation. Food/Wood/Tool/Letter virtual "
         "faces always apply (they can never hurt); the Geographer's +1 is optional. Copies stack.", _R, "ruling"),
    Rule("JUN-RUL-05", "Overshooting the Goal", "A move longer than the distance to the Goal ends on the Goal.",
         _R, "ruling"),
    Rule("JUN-RUL-06", "Remote targets", "A remote discovery targets a card other than your own with no explorer "
         "on it.", _R, "ruling"),
    Rule("JUN-RUL-07", "Exchange", "The card given back takes the place of the card taken on the track; the target "
         "may not hold any explorer; the given card's effect is lost.", _R, "ruling"),
    Rule("JUN-RUL-08", "Empty Treasure decks", "When no Treasure card is left, draws are skipped.", _R, "ruling"),
    Rule("JUN-RUL-09", "Round limit (safeguard)", "If no game-end card has been drawn after 100 rounds, the game "
         "ends after the 100th round and is scored normally (never reached in normal play).", _R, "ruling"),
    Rule("JUN-RUL-10", "New cards act from the next turn", "A card's dice, virtual faces and Paleontologist change "
         "are usable from the owner's next Dice phase, since their moment has passed this turn.", _R, "ruling"),
    Rule("JUN-RUL-11", "Die changes", "A Letter change or Paleontologist change may turn any die, a Letter die "
         "included, to any other face; each Paleontologist card acts once per turn.", _R, "ruling"),
    Rule("JUN-RUL-12", "At the Goal", "An explorer on the Goal cannot move or discover a card under it, but may "
         "use remote discovery, exchange, Wagons and Treasure purchases.", _R, "ruling"),
    Rule("JUN-RUL-13", "Visible end card", "The game-end card looks the same on both faces, so how many cards lie "
         "above it is public; the values of drawn Treasure cards stay hidden.", _R, "ruling"),
    Rule("JUN-RUL-14", "Treasure timing", "The start-of-turn draw comes before the Dice phase; Excavation uses the "
         "dice after every change and only for a player who was at the Goal when the turn began.", _R, "ruling"),
    Rule("JUN-RUL-15", "Discarding", "Discarding down to the limit is done one token at a time, of the player's "
         "chosen type; with one type left the discard is automatic.", _R, "ruling"),
    Rule("JUN-RUL-16", "Forced single choices", "A decision with only one legal action (e.g. rolling 4 dice with no "
         "Letters, or ending a turn with nothing else to do) is carried out automatically and logged.",
         _R, "ruling"),
])
