"""The Jaliz advanced-mode rule catalogue: the standard JAL-* rules plus JADV-* rules.

Status: ``rulebook`` (Advanced Mode / Event Cards), ``ruling`` (our decision where the
rulebook is ambiguous, docs/rulings/jaliz-advanced.md) or ``proposed`` (reconstructed:
jaliz-data.md §4.2).

>>> ADVANCED_RULES["JADV-SNOW-01"].title
'Snow freezes a plot'
>>> "JAL-PLANT-01" in ADVANCED_RULES
True
"""

from __future__ import annotations

from ....core.rules import Rule, RuleCatalogue
from ..catalogue import RULINGS, STANDARD_RULES

R = Rule
S = "Advanced Mode"
E = "Event Cards"

ADVANCED = [
    # Setup and event flow
    R("JADV-SETUP-01", "Standard rules, 3-6 players", "Advanced mode is the standard game plus event cards; at most 6 players (no 7-player mode).", S),
    R("JADV-SETUP-02", "Event deck", "Shuffle the event cards face down at setup; they form the event deck.", "Setup"),
    R("JADV-EVENT-01", "One event per round", "At the start of each round except the first, one event card is turned over and carried out.", S),
    R("JADV-EVENT-02", "Instant events", "An instant event applies once, at the moment it is revealed.", S),
    R("JADV-EVENT-03", "Seasonal events", "A seasonal event's token (Rain, Snow, Breeding) stays until the next event card is revealed.", S),
    R("JADV-EVENT-04", "No harvest or buy during an event", "While an event is being resolved, nobody may harvest or buy.", S),
    R("JADV-EVENT-05", "Event deck reshuffle", "If the event deck runs out, shuffle the event cards into a new event deck (held Model Farmer cards stay out).", S),
    R("JADV-EVENT-06", "Events without effect", "An event may change nothing (e.g. Recycling with an empty burned pile); a player without any choice is skipped.", S),
    # Events described by the rulebook
    R("JADV-CROW-01", "Crow", "Each player burns one card planted on the farm of the player to their left (the chooser picks the plot).", E),
    R("JADV-CROW-02", "Crow finds nothing", "If every plot of the player to the left is empty, the crow takes nothing.", E),
    R("JADV-GARDEN-01", "Gardener", "Each player may plant one card from hand on their farm (optional).", E),
    R("JADV-GARDEN-02", "Gardener planting rules", "The Gardener card is planted under the normal planting rules; nobody may harvest to make room.", E, "ruling"),
    R("JADV-SNOW-01", "Snow freezes a plot", "Until the next event nothing may be planted on or harvested from a snowed plot.", E),
    R("JADV-SNOW-02", "Snow on the right neighbour", "Each player puts a snow token on one plot (empty ones too) of the player to their right.", E),
    R("JADV-SNOW-03", "Snow in the last round", "In the last round of the game a snowed plot may be harvested, but still not planted.", E),
    R("JADV-DROUGHT-01", "Drought", "Each player burns all cards of one of their planted plots.", E),
    R("JADV-DROUGHT-02", "Drought on empty farms", "A player whose plots are all empty is not affected; a fertilizer stays on its plot.", E),
    R("JADV-RAIN-01", "Rain", "Each player puts a rain token on one own plot: +1 card at harvest until the next event.", E),
    R("JADV-RAIN-02", "Where rain falls", "Rain does not settle on fertilized or empty plots; a player with no such plot gets no rain.", E),
    R("JADV-RAIN-03", "Rain is used by a harvest", "The rain token leaves its plot when that plot is harvested.", E, "ruling"),
    R("JADV-SHOP-01", "Shopping Day", "Players may trade hand cards and credit tokens; traded cards stay in hand, never planted.", E),
    R("JADV-SHOP-02", "Shopping Day protocol", "In seat order from the active player, each player may make one proposal to one other player (cards, tokens, up to max_ask cards asked) or pass.", E, "ruling"),
    R("JADV-SHOP-03", "Replying to a proposal", "The other player accepts or refuses at once; accepting needs the asked cards and tokens in hand.", E, "ruling"),
    R("JADV-MODEL-01", "Model Farmer", "The player with the most cards on a single plot (at least 3) takes the Model Farmer card.", E),
    R("JADV-MODEL-02", "Model Farmer ties", "Tied players compare their other plots (next longest, then the next); still tied: nobody takes it.", E),
    R("JADV-MODEL-03", "Model Farmer cards are kept", "Each Model Farmer copy is its own card, kept by its winner and never reshuffled.", E, "proposed"),
    R("JADV-END-01", "Model Farmer at the end", "Each Model Farmer card is worth 1 coin in the final score.", "End of the Game"),
    # Events named but not described: proposals of jaliz-data.md §4.2
    R("JADV-THIEF-01", "Thief", "Each player takes one random card from the hand of the player to their right; nothing from an empty hand.", E, "proposed"),
    R("JADV-TAX-01", "Tax", "Every player with at least one coin pays 1 coin to the burned pile.", E, "proposed"),
    R("JADV-RECYCLE-01", "Recycling", "In seat order each player may take one card of their choice from the burned pile into hand.", E, "proposed"),
    R("JADV-BREED-01", "Breeding", "The active player puts the breeding token on one product: every plot of it counts one more card at harvest until the next event.", E, "proposed"),
    R("JADV-DECK-01", "Event deck composition", "22 cards, 2 of each of the 11 events (option event_deck); Drought and Shopping Day are instant.", E, "proposed"),
    # Rulings
    R("JADV-R-ORDER", "Order of choices", "Event choices are made one player at a time in seat order starting with the active player.", "Rulings", "ruling"),
    R("JADV-R-LEFTRIGHT", "Left and right", "Play is clockwise to the left: the left neighbour of seat p is seat p+1, the right neighbour seat p-1.", "Rulings", "ruling"),
    R("JADV-R-ROUND", "Rounds", "A round begins with the start player's (seat 0) turn; its event is resolved before that player plants.", "Rulings", "ruling"),
    R("JADV-R-LASTROUND", "The last round", "The last round starts when the product deck runs out for the last time (the game end); snow then no longer blocks harvesting.", "Rulings", "ruling"),
    R("JADV-R-STACK", "Bonuses add up", "Fertilizer, rain and breeding each add one card at harvest; coins never exceed the cards harvested.", "Rulings", "ruling"),
]

ADVANCED_RULES = RuleCatalogue("jaliz-advanced", STANDARD_RULES + RULINGS + ADVANCED)
