"""The Jaliz rule catalogue (standard mode): one ID per rule of the rulebook
(../shared/seeds/000_43b9ec0148a55771.txt) and one per ruling (docs/RULINGS.md).

>>> RULES["JAL-PLANT-02"].title
'One product per plot'
"""

from __future__ import annotations

from ...core.rules import Rule, RuleCatalogue

R = Rule

STANDARD_RULES = [
    # Setup
    R("JAL-SETUP-01", "Farm and credit token", "Each player takes a farm board with two plots and the credit token of its colour.", "Setup"),
    R("JAL-SETUP-02", "Product selection", "The products used depend on the player count: 3p 7-15, 4p 6-15, 5p 6-16, 6p 6-17, 7p 6-18.", "Setup"),
    R("JAL-SETUP-03", "Deal and deck", "Shuffle the selected cards, deal 5 to each player's hand; the rest form the face-down product deck.", "Setup"),
    R("JAL-SETUP-04", "Equipment supply", "One third-plot card and one tractor per player go to the supply.", "Setup"),
    R("JAL-SETUP-05", "Fertilizer supply", "There is one more fertilizer token than players.", "Setup"),
    R("JAL-SETUP-06", "Turn order", "A start player begins; play continues clockwise.", "Setup"),
    # Turn
    R("JAL-TURN-01", "Turn steps", "A turn is Plant, then Market, then Receive products, in this order; all three are mandatory.", "How to Play"),
    # Plant
    R("JAL-PLANT-01", "Plant one or two", "At the start of the turn plant 1 or 2 cards from hand onto your own plots.", "1. Plant"),
    R("JAL-PLANT-02", "One product per plot", "A plot holds one product type; identical products may be added to it.", "1. Plant"),
    R("JAL-PLANT-03", "Empty hand", "With no card in hand you do not have to plant.", "1. Plant"),
    R("JAL-PLANT-04", "Full plots", "If no plot can take the card, harvest one first and plant in the emptied plot.", "1. Plant"),
    R("JAL-PLANT-05", "Tractor", "A player with a tractor may plant up to three cards in the planting step.", "Buy"),
    # Market
    R("JAL-MARKET-01", "Reveal two", "Reveal two cards from the product deck for all to see.", "2. Market"),
    R("JAL-MARKET-02", "Every revealed card is placed", "Each revealed card must be kept (planted), traded or given away.", "2. Market"),
    R("JAL-MARKET-03", "Plant at once, never in hand", "Revealed and traded cards are planted immediately; they never go to a hand.", "2. Market"),
    R("JAL-MARKET-04", "Keep", "The active player may take a revealed card and must plant it at once.", "2. Market"),
    R("JAL-MARKET-05", "Trade", "In a trade the buyer plants the card(s) received and the seller plants the cards received in return.", "2. Market"),
    R("JAL-MARKET-06", "Gift", "A revealed card may be given away free; the receiver must plant it.", "2. Market"),
    R("JAL-MARKET-07", "Fallback", "Cards that are not traded or given away are planted by the active player.", "2. Market"),
    R("JAL-MARKET-08", "Full plots when receiving", "A player receiving cards with full plots harvests first, then plants.", "2. Market"),
    R("JAL-MARKET-09", "Only the active player trades", "Only the active player conducts trades, and each trade involves the revealed cards.", "2. Market"),
    R("JAL-MARKET-10", "Buyer offers any number", "The buyer may offer any number of cards from hand.", "2. Market"),
    R("JAL-MARKET-11", "Seller adds hand cards", "The active player may add cards from their own hand to a trade (as in the watermelon example).", "2. Market"),
    # Credit tokens
    R("JAL-CREDIT-01", "Tokens in trades", "Credit tokens may be offered alone or together with cards.", "Trade using a credit token"),
    R("JAL-CREDIT-02", "Priority claim", "Holding the active player's token, take one revealed card before anyone else, then return the token.", "Trade using a credit token"),
    R("JAL-CREDIT-03", "Tokens change hands", "Tokens received from others may be traded on.", "Trade using a credit token"),
    R("JAL-CREDIT-04", "No end value", "Credit tokens are worth nothing at the end of the game.", "Trade using a credit token"),
    R("JAL-CREDIT-05", "Beginners without tokens", "Beginners may play without credit tokens (option credit_tokens=False).", "Trade using a credit token"),
    # Receive
    R("JAL-RECEIVE-01", "Receive products", "End the turn by drawing 2 cards (3-4 players) or 3 cards (5-7 players) into hand.", "3. Receive products"),
    R("JAL-RECEIVE-02", "No hand limit", "There is no limit on the number of cards in hand.", "3. Receive products"),
    # Harvest
    R("JAL-HARVEST-01", "Harvest any time", "Any player may harvest at any time, also on other players' turns.", "Harvest"),
    R("JAL-HARVEST-02", "Plant count", "The plant-count meter gives the coins; between two steps the lower counts; below the first, nothing.", "Harvest"),
    R("JAL-HARVEST-03", "Coins are cards", "Keep as many harvested cards face down as coins earned and burn the rest.", "Harvest"),
    R("JAL-HARVEST-04", "Whole plot", "A harvest takes every card of one plot; no partial harvest.", "Harvest"),
    R("JAL-HARVEST-05", "Fertilizer counts", "A fertilizer counts as one more card of the plot's product at harvest.", "Buy"),
    # Buy
    R("JAL-BUY-01", "Buy any time", "Any player may buy at any time; paid coins go face up to the burned pile.", "Buy"),
    R("JAL-BUY-02", "Third plot", "A third plot costs 3 coins, one per player, and is worth 2 coins at the end.", "Buy"),
    R("JAL-BUY-03", "Tractor", "A tractor costs 2 coins, one per player, and is worth 1 coin at the end.", "Buy"),
    R("JAL-BUY-04", "Fertilizer", "Fertilizer costs 2 coins, one per plot, stays until the end, supply players+1, burned at the end.", "Buy"),
    R("JAL-BUY-05", "Product cards", "Once per game pay 1 coin to take 3 cards from the deck into hand.", "Buy"),
    # End
    R("JAL-END-01", "Reshuffle", "When the product deck runs out, shuffle the burned pile into a new deck.", "End of the Game"),
    R("JAL-END-02", "Third exhaustion", "The game ends when the product deck runs out for the third time.", "End of the Game"),
    R("JAL-END-03", "Final planting", "Each player may then plant up to 2 cards from hand (3 with a tractor).", "End of the Game"),
    R("JAL-END-04", "Final harvest", "All players harvest and sell every plot.", "End of the Game"),
    R("JAL-END-05", "Final score", "Score = coins + 2 for a third plot + 1 for a tractor; fertilizer is burned, worth nothing.", "End of the Game"),
    R("JAL-END-06", "Tie-breaks", "Ties: a third plot wins; then more coins spent on tractor and fertilizer; else shared win.", "End of the Game"),
]

RULINGS = [
    R("JAL-R-TIMING", "Timing of 'at any time'", "Harvest and buy are offered alongside every decision a player makes; every player decides at least once per turn (the offer step).", "Rulings", "ruling"),
    R("JAL-R-NEGOTIATION", "Negotiation protocol", "Priority claim, then up to offer_rounds rounds: each other player in seat order offers or passes, then the active player accepts, keeps, gives or refuses.", "Rulings", "ruling"),
    R("JAL-R-ASK", "Asking for hand cards", "A buyer may ask for up to max_ask cards (by product) from the active player's hand; accepting hands them over.", "Rulings", "ruling"),
    R("JAL-R-GIFT", "Gifts are forced", "A gift cannot be refused; the receiver plants it.", "Rulings", "ruling"),
    R("JAL-R-FERT", "Fertilizer price", "Fertilizer costs 2 coins (detailed rule); option fertilizer_price=1 follows the summary page.", "Rulings", "ruling"),
    R("JAL-R-HAND", "Hand order", "Hand order does not matter; any hand card may be planted.", "Rulings", "ruling"),
    R("JAL-R-RUNOUT", "When the deck runs out", "The deck runs out when a card must be drawn from an empty deck; the first two times the burned pile is reshuffled.", "Rulings", "ruling"),
    R("JAL-R-ENDSTEP", "End of the current step", "After the third run-out no more cards are drawn; the current step (planting or market) finishes, then the final phase begins.", "Rulings", "ruling"),
    R("JAL-R-COINCAP", "Coins are real cards", "A harvest never yields more coins than cards harvested.", "Rulings", "ruling"),
    R("JAL-R-PAYMENT", "Which coin cards are paid", "Coins are interchangeable; payments take the most recently earned coin cards.", "Rulings", "ruling"),
    R("JAL-R-START", "Start player", "Seat 0 starts (the rulebook's 'most recent fruit-shop visitor').", "Rulings", "ruling"),
    R("JAL-R-FINALORDER", "Final planting order", "Final planting goes in seat order starting with the player whose turn it was.", "Rulings", "ruling"),
    R("JAL-R-NOCARDS-LATE", "No card purchase after the end", "Buying product cards is not allowed once the deck has run out for the last time (there is nothing to draw).", "Rulings", "ruling"),
]

RULES = RuleCatalogue("jaliz", STANDARD_RULES + RULINGS)
