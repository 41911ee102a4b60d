"""Rule catalogues of Bali (BAL-*) and Village of Tani (TAN-*).

Status: ``rulebook`` = sourced (stated by a Bali source or the Tani rulebook), ``ruling`` = carried
over from Rapa Nui, ``proposed`` = a reconstructed rule that fills a gap (G1..G24 of
shared/rules/bali-base.md), including rules whose core is sourced but whose details are ours. docs/rulings/bali.md
gives the question, decision and reason of every ruling and proposal.
"""

from __future__ import annotations

from jaliz_learn.core.rules import Rule, RuleCatalogue

_R = Rule

BASE_RULES: tuple[Rule, ...] = (
    # ---- setup
    _R("BAL-SETUP-01", "Playing cards",
       "The deck holds 50 playing cards: 9 priests, 9 shrines, 12 stonemasons and 5 farmers of each of the "
       "four kinds (rice, peanut, banana, pepper). The 8 oracle cards stay out (Oracle variant only).",
       "Setup", "rulebook"),
    _R("BAL-SETUP-02", "Start sets",
       "Each player takes a colour's start set: its stonemason goes face up into the display, its three "
       "farmers (three different kinds, each colour lacking another kind) into the hand. Which kind a colour "
       "lacks is proposed: red pepper, blue banana, yellow peanut, green rice (G17).",
       "Setup", "proposed"),
    _R("BAL-SETUP-03", "Offering supply and stocks",
       "The 100 offering cards (25 per kind) form four open supply piles; every player takes one of each kind "
       "as a face-down offering stock.", "Setup", "rulebook"),
    _R("BAL-SETUP-04", "Village square",
       "16 cards are dealt face up in 4 columns of 4; only the bottom card of each column can be taken, the "
       "covered cards stay identifiable. The rest is the face-down draw pile.", "Setup", "rulebook"),
    _R("BAL-SETUP-05", "Starting stones",
       "The start player receives 2 stones, each following player one more (2/3/4/5), as in Rapa Nui (G5).",
       "Setup", "ruling"),
    _R("BAL-SETUP-06", "Start player and order",
       "Seat 0 starts; play goes clockwise (seat order). There are no other player-count differences (G19), "
       "and stones and VP are unlimited (G18).", "Setup", "proposed"),
    # ---- turn
    _R("BAL-TURN-01", "Four phases",
       "The active player takes an offering card (optional), plays cards (mandatory), refills the hand from "
       "the village square, and the revealed card is scored; an offering phase follows a played shrine.",
       "Turn", "rulebook"),
    _R("BAL-BUY-01", "Take an offering card",
       "In phase 1 the player may buy at most one offering card of any kind from the supply; it goes face "
       "down into the stock. Skipping is allowed (and automatic when nothing is affordable).",
       "Phase 1", "rulebook"),
    _R("BAL-BUY-02", "Offering price",
       "An offering card costs 5 stones minus the farmers of that kind in the player's display (not in hand), "
       "never less than 0.", "Phase 1", "rulebook"),
    _R("BAL-PLAY-01", "Play cards is mandatory",
       "In phase 2 the player must play exactly one option from hand: a stonemason, a priest, a shrine, or "
       "1-3 farmers of one kind.", "Phase 2", "rulebook"),
    _R("BAL-PLAY-02", "Stonemason or priest",
       "A single stonemason or a single priest is played for free.", "Phase 2", "rulebook"),
    _R("BAL-PLAY-03", "Shrine",
       "A shrine costs 7 stones; after it is played the offering phase follows at once.",
       "Phase 2", "rulebook"),
    _R("BAL-PLAY-04", "Farmers",
       "1, 2 or 3 farmers of the same kind are played together for 0, 1 or 2 stones in total (G13).",
       "Phase 2", "rulebook"),
    _R("BAL-PLAY-05", "Display",
       "Played cards stay face up in the display for the rest of the game; a display has no size limit.",
       "Phase 2", "proposed"),
    _R("BAL-PLAY-06", "No legal play",
       "A player who cannot play any option (e.g. only shrines and fewer than 7 stones) puts one card of "
       "their choice from hand onto the discard pile instead and goes on with phase 3 (G9).",
       "Phase 2", "proposed"),
    _R("BAL-OFFER-01", "Others offer face up",
       "In the offering phase, starting with the active player's left neighbour and going clockwise, every "
       "other player puts one offering card from their stock face up on the altar.",
       "Phase 2b", "rulebook"),
    _R("BAL-OFFER-02", "Active player offers face down",
       "Then the active player puts one offering card from their own stock face down on the altar.",
       "Phase 2b", "rulebook"),
    _R("BAL-OFFER-03", "Extra card from the supply",
       "Finally the active player puts one offering card of any kind from the supply face up on the altar. "
       "Altar cards never come back.", "Phase 2b", "rulebook"),
    _R("BAL-OFFER-04", "Empty stock",
       "A player with no offering card places nothing; an active player with an empty stock skips the "
       "face-down card but still adds the supply card (G10).", "Phase 2b", "proposed"),
    _R("BAL-OFFER-05", "Face-down cards",
       "Only the active player's own card is face down (G12). Option reverse_altar=true plays the reverse "
       "mode: all players' own cards face down, only the supply card open.", "Phase 2b", "proposed"),
    _R("BAL-TAKE-01", "Refill the hand",
       "In phase 3 the player takes cards until holding 3, one at a time, each the bottom card of any column "
       "(the same column again is allowed) (G8).", "Phase 3", "rulebook"),
    _R("BAL-TAKE-02", "Re-deal an emptied column",
       "A column emptied by a take is at once replaced by a new column of 4 cards from the draw pile.",
       "Phase 3", "rulebook"),
    _R("BAL-TAKE-03", "Revealed card",
       "The revealed card is the one uncovered by the last card taken; if that take emptied the column, it is "
       "the bottom card of the newly dealt column (G7).", "Phase 3", "proposed"),
    _R("BAL-SCORE-01", "Everyone scores the revealed type",
       "In phase 4 every player earns the reward of the revealed card's type for the matching cards in their "
       "display; the player with the sole most matching cards earns a bonus, a tie for most earns none.",
       "Phase 4", "rulebook"),
    _R("BAL-SCORE-02", "Stonemason scoring",
       "1 stone per stonemason; the sole majority earns 1 more stone (bonus size proposed, G3).",
       "Phase 4", "proposed"),
    _R("BAL-SCORE-03", "Priest scoring",
       "1 VP per priest; the sole majority earns 1 more VP (bonus size proposed, G3).", "Phase 4", "proposed"),
    _R("BAL-SCORE-04", "Shrine scoring",
       "1 unit per shrine, plus 1 for the sole majority (G3); each owner chooses for every unit 1 VP or "
       "1 stone, starting with the active player and going clockwise.", "Phase 4", "ruling"),
    _R("BAL-SCORE-05", "Farmer scoring",
       "Every player with at least one farmer of the revealed kind takes 1 offering card of that kind; the "
       "sole majority takes 1 more (G4). Cards are handed out clockwise from the active player, bonus last.",
       "Phase 4", "ruling"),
    _R("BAL-SCORE-06", "Empty supply pile",
       "An offering kind whose 25 cards are all out can no longer be bought, gained in scoring or put on the "
       "altar from the supply; nothing replaces it (G11).", "Phase 4", "proposed"),
    _R("BAL-END-01", "End of the game",
       "The game ends at once when a column must be re-dealt and the draw pile holds fewer than 4 cards; that "
       "turn is not finished and not scored (G6).", "End", "proposed"),
    _R("BAL-FINAL-01", "Offering card values",
       "All altar cards are revealed; the four kinds are ranked by altar count and each offering card in a "
       "stock is worth 3, 2, 1 or 0 VP by its kind's rank (G1).", "Final scoring", "ruling"),
    _R("BAL-FINAL-02", "Tied offering kinds",
       "Kinds with equal altar counts share the better rank and the next rank is skipped (6/6/3/1 -> 3/3/1/0); "
       "option offering_ties selects 'dense' or 'worse' instead (G24).", "Final scoring", "proposed"),
    _R("BAL-FINAL-03", "Shrines at the end", "Each shrine in a display is worth 4 VP.", "Final scoring",
       "rulebook"),
    _R("BAL-FINAL-04", "Stones at the end", "Left-over stones score 1 VP per 5 stones, rounded down (G2).",
       "Final scoring", "proposed"),
    _R("BAL-FINAL-05", "Total and winner",
       "The VP earned during play are added; the highest total wins.", "Final scoring", "rulebook"),
    _R("BAL-TIE-01", "Tie-break",
       "Among tied players the one with more left-over stones wins; if still tied, the victory is shared "
       "(G15).", "Final scoring", "proposed"),
    _R("BAL-HIDDEN-01", "Hidden information",
       "Hands and stock contents are hidden (stock sizes public); displays, stones, VP, the supply and the "
       "whole village square are public; face-down altar cards are hidden from everybody but their placer "
       "until the end (G14). Every hand card comes from a start set or the open square and every stock change "
       "but a face-down offering is public, so observations show what perfect recall of the public events "
       "gives: every hand, every stock plus its owner's face-down offerings, and their number.",
       "General", "proposed"),
    _R("BAL-VAR-01", "Oracle and Demon variants",
       "Not offered until their rules are known (G16); the oracle card type, a scoring hook for it and a "
       "demon hook in priest scoring are reserved as extension points.", "Variants", "proposed"),
)

TANI_RULES: tuple[Rule, ...] = (
    _R("TAN-SETUP-01", "Extra cards",
       "The 11 new cards (2 farmers of each kind, 2 stonemasons, 1 priest) are shuffled into the playing "
       "cards before the village square is dealt.", "Village of Tani: Setup", "rulebook"),
    _R("TAN-SETUP-02", "Village board",
       "The village board has four areas (rice, peanut, banana, pepper) with fields 1-3 each; the 4 banana "
       "plantation tiles lie open in the banana area and the Ganesha figure on the temple space (G23).",
       "Village of Tani: Setup", "rulebook"),
    _R("TAN-SETUP-03", "Huts", "Each player receives 6 huts with 2 players, 4 with 3 and 3 with 4.",
       "Village of Tani: Setup", "rulebook"),
    _R("TAN-BUILD-01", "Build a hut instead of playing cards",
       "In phase 2 the player may build a hut instead of playing cards; phases 1, 3 and 4 are unchanged.",
       "Village of Tani: Gameplay", "rulebook"),
    _R("TAN-BUILD-02", "Discard a farmer",
       "A farmer from hand goes to the discard pile (a public pile, out of the game, G22); the hut is built in "
       "the area of the farmer's kind.", "Village of Tani: Gameplay", "rulebook"),
    _R("TAN-BUILD-03", "Return offering cards to choose the field",
       "The player returns 1, 2 or 3 offering cards of any kinds from their stock to the supply; their number "
       "is the field the hut is built on.", "Village of Tani: Gameplay", "rulebook"),
    _R("TAN-BUILD-04", "One hut per field",
       "A field holds one hut; only a free field may be chosen (G20).", "Village of Tani: Gameplay",
       "proposed"),
    _R("TAN-BONUS-01", "Banana area bonus",
       "After building in the banana area the player chooses an available banana plantation tile, receives its "
       "bonus and removes the tile from the game.", "Village of Tani: Gameplay", "rulebook"),
    _R("TAN-BONUS-02", "Banana plantation tiles",
       "The tiles give 1 VP per stonemason; per priest; per pepper farmer and banana farmer; per peanut farmer "
       "and rice farmer in the builder's display.", "Village of Tani: Gameplay", "rulebook"),
    _R("TAN-BONUS-03", "Pepper area bonus", "After building in the pepper area the player takes 4 stones.",
       "Village of Tani: Gameplay", "rulebook"),
    _R("TAN-BONUS-04", "Peanut and rice area bonus",
       "After building in the peanut or rice area the player takes the Ganesha figure, from the temple or "
       "from another player (G23).", "Village of Tani: Gameplay", "rulebook"),
    _R("TAN-GANESHA-01", "Ganesha at priest scoring",
       "At each priest scoring the holder of Ganesha receives 2 VP, even without priests.",
       "Village of Tani: Ganesha", "rulebook"),
    _R("TAN-GANESHA-02", "Ganesha at the end", "At the end of the game the holder of Ganesha receives 2 VP.",
       "Village of Tani: Game end", "rulebook"),
    _R("TAN-END-01", "Unbuilt huts lose",
       "A player with unbuilt huts at the end takes no part in the final scoring and loses; several such "
       "players all rank last together (G21), and when every player has unbuilt huts nobody wins. Their score "
       "is reported as -1.",
       "Village of Tani: Game end", "rulebook"),
)

RULES = RuleCatalogue("bali", BASE_RULES)
TANI_CATALOGUE = RuleCatalogue("bali-tani", BASE_RULES + TANI_RULES)
