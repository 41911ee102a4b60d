# ruff: noqa: E501  (the notebook text is kept as written)
"""Build notebooks/03_jaliz_advanced.ipynb: every JADV rule ID of the advanced mode, in catalogue order.

Run from the project root; the builder writes the notebook and executes it in place:

    .venv/bin/python docs/tools/build_03_jaliz_advanced.py            # build + execute
    .venv/bin/python docs/tools/build_03_jaliz_advanced.py --no-run   # build only

The standard JAL-* rules (also in the ``jaliz-advanced`` catalogue) are explained in
notebooks/01_jaliz_walkthrough.ipynb; this notebook has one heading per JADV-* ID, in the order of
``jaliz_learn/games/jaliz/advanced/catalogue.py`` (the builder and tests/test_notebooks.py check it).
Rulings and reconstructed rules quote the rulebook and name the reading chosen and the other reading
(docs/rulings/jaliz-advanced.md has the reasons). Cells use only the public API.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat
from walkthrough_cells import (
    Cell,
    check_order,
    code,
    execute,
    ladder_cells,
    make_notebook,
    md,
    question,
    rule_code_cells,
)
from walkthrough_cells import rule as rule_cell
from walkthrough_cells import ruling as ruling_cell

from jaliz_learn.games.jaliz.advanced.catalogue import ADVANCED

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "notebooks" / "03_jaliz_advanced.ipynb"
RULES = {r.id: r for r in ADVANCED}


def rule(rule_id: str, body: str = "") -> Cell:
    return rule_cell(RULES[rule_id], body)


def ruling(rule_id: str, says: str, chosen: str, other: str, body: str = "") -> Cell:
    return ruling_cell(RULES[rule_id], says, chosen, other, body)


CELLS: list[Cell] = [
    md("""
# Jaliz, advanced mode: the event cards, rule by rule

`jaliz-advanced` is the standard game (explained rule by rule in
[01_jaliz_walkthrough](01_jaliz_walkthrough.ipynb)) plus an **event deck**: at the start of every round
except the first, an event card is turned over and carried out, one player at a time, and nobody may harvest
or buy meanwhile. This notebook explains every `JADV-...` rule in catalogue order, each with a small position,
and most with a picture of the position before and after.

**Three kinds of rules.** *Rulebook* rules follow the rulebook's text. A *ruling* is the engine's reading of a
sentence that is not precise enough to program. A *reconstructed* rule fills a gap: the rulebook names Thief,
Tax, Recycling and a Breeding token without saying what they do, and gives no number of cards per event. Each
ruling and reconstruction below says what the rulebook says, the reading chosen and the other reading
(`docs/rulings/jaliz-advanced.md` explains why).

Positions are JSON (as in notebook 01). `"phase": "event", "events": {"current": "crow"}` starts the active
player's turn by revealing that event. Cells use only observations, legal actions, events and outcomes.
"""),
    code("""
import jaliz_learn
from jaliz_learn.teaching import do, legal, names, outcome_table, pictures, rules_table, try_action

game = jaliz_learn.load_game("jaliz-advanced")

def position(**fields):
    \"\"\"A position of the advanced game from keyword fields (a short way to write the JSON).\"\"\"
    return game.state_from_json(fields)

def events_of(state, last=6, viewer=None):
    \"\"\"The last lines of the game log, as `viewer` may see them.\"\"\"
    print("\\n".join(state.log_text(viewer)[-last:]))

rules_table(game, prefix="JADV-")
"""),
    # ----------------------------------------------------------------------------------------------- set-up
    md("""
---
## 1. Set-up
"""),
    rule("JADV-SETUP-01", """
Everything of the standard game stays. Only the player count shrinks: 3 to 6, no 7-player game."""),
    code("""
print(game.info.min_players, "to", game.info.max_players, "players")
try:
    game.initial_state(num_players=7, seed=1)
except ValueError as error:  # InvalidOption, a ValueError with a short message
    print(type(error).__name__ + ":", str(error).splitlines()[0])
"""),
    rule("JADV-SETUP-02", """
The event deck is shuffled at set-up with the game's random generator, so a seed gives the same events. A
spectator sees how many event cards are left, never their order (the observation's `extras`)."""),
    code("""
start = game.initial_state(num_players=4, seed=1)
dict(start.observation(None).extras)
"""),
    question("Can a bot know which event comes next?",
             "No: the observation gives the size of the event deck and the cards already revealed "
             "(`event_discard`), not the order. It can count what is left, since the deck's composition is known "
             "(**JADV-DECK-01**)."),
    # ----------------------------------------------------------------------------------------------- events
    md("""
---
## 2. How an event works

One scenario shows most of this section. P2 finishes the last turn of a round. Snow lies on P0's plot 1,
rain and the breeding token on P1's peas. The event deck is empty and two Tax cards lie face up.
"""),
    code("""
st = position(num_players=3, active=2, phase="respond", market=["carrot"], turn=3,
              players=[{"hand": ["beans"], "coins": 2},
                       {"hand": ["beans"], "plots": [["peas", 2, False], [None, 0, False]]}, {}],
              events={"current": "rain", "snow": [[0, 1]], "rain": [[1, 1]], "breeding": "peas",
                      "deck": [], "discard": ["tax", "tax"]})
before = st.observation(None)
print("tokens:", [[plot.tokens for plot in farm.plots] for farm in before.farms])
"""),
    rule("JADV-EVENT-01", """
When P2's turn ends, a new round starts: the event is revealed **before** P0 (the start player) plants."""),
    code("""
print(do(st, "keep carrot", "plant carrot 1"))
"""),
    rule("JADV-EVENT-02", """
Tax is *instant*: each player with a coin paid one, once, when it was revealed (P0 had 2 coins, now 1), and
nothing more happens for the rest of the round."""),
    code("""
after = st.observation(None)
print("coins:", [f.coins for f in before.farms], "->", [f.coins for f in after.farms])
pictures(("before: snow, rain, breeding", before), ("after: tax paid, tokens gone", after))
"""),
    rule("JADV-EVENT-03", """
*Seasonal* tokens (snow, rain, breeding) stay until the **next** event is revealed: the log's "seasonal tokens
are removed" came just before the Tax card. No plot holds a token now."""),
    code("""
print("tokens:", [[plot.tokens for plot in farm.plots] for farm in after.farms], "| breeding:",
      dict(after.extras)["breeding"])
"""),
    rule("JADV-EVENT-04", """
While an event is being resolved nobody may harvest or buy. This is the notebook's deliberate illegal move:
the Crow is revealed, and P0 tries to harvest its five carrots before the crow of P2 eats one. The engine
refuses in one line (rule ID and reason) and the position stays as it was."""),
    code("""
crow = position(num_players=3, phase="event", events={"current": "crow"},
                players=[{"hand": ["beans"], "coins": 4, "plots": [["carrot", 5, False], [None, 0, False]]},
                         {"plots": [["peas", 3, False], [None, 0, False]]}, {}])
print(crow.decision(), "by P%d:" % crow.current_player(), legal(crow))
print(try_action(crow, "harvest 1"))
print(try_action(crow, "buy tractor"))
"""),
    rule("JADV-EVENT-05", """
In the first scenario the event deck was empty: the revealed cards were shuffled into a new event deck
("reshuffled into a new event deck") before Tax came out. Model Farmer cards that a player holds stay with that
player (**JADV-MODEL-03**)."""),
    code("""
{key: value for key, value in after.extras if key in ("event", "event_deck", "event_discard")}
"""),
    rule("JADV-EVENT-06", """
An event may change nothing. Recycling with an empty burned pile: no player has a choice, so each is skipped,
and P0's turn begins."""),
    code("""
quiet = position(num_players=3, phase="event", events={"current": "recycling"}, players=[{"hand": ["beans"]}, {}, {}])
events_of(quiet, 4)
print(quiet.decision(), "by P%d" % quiet.current_player())
"""),
    question("Snow falls in round 5. In round 6 the Gardener is revealed. Is the snowed plot still frozen during "
             "round 6?",
             "No. Snow is seasonal: its token goes when the next event (the Gardener) is revealed "
             "(**JADV-EVENT-03**)."),
    # ----------------------------------------------------------------------------------------------- crow
    md("""
---
## 3. Crow and Gardener
"""),
    rule("JADV-CROW-01", """
Each player burns one card planted by the player to their **left** (seat + 1; see **JADV-R-LEFTRIGHT**),
choosing the plot. P0 pecks P1's peas; P2 pecks P0's carrots."""),
    code("""
crow = position(num_players=3, phase="event", events={"current": "crow"},
                players=[{"hand": ["beans"], "coins": 4, "plots": [["carrot", 5, False], [None, 0, False]]},
                         {"plots": [["peas", 3, False], [None, 0, False]]}, {}])
before = crow.observation(0)
print(do(crow, "crow 1", "crow 1"))
pictures(("before the crows", before), ("after: a pea and a carrot burned", crow.observation(0)))
"""),
    rule("JADV-CROW-02", """
P1's left neighbour is P2, whose plots are empty: P1's crow finds nothing, and the log says "no effect"."""),
    rule("JADV-GARDEN-01", """
The Gardener lets each player plant one card from hand, if they like (`pass` is legal)."""),
    ruling("JADV-GARDEN-02",
           "\"all players may plant one product card from their hand on their farm.\" It does not say whether "
           "the usual planting rules hold.",
           "the usual rules hold: a card goes on a plot of the same product or an empty plot, and since nobody may "
           "harvest during an event (**JADV-EVENT-04**), nobody can clear a plot for it.",
           "the Gardener may plant anywhere, or may harvest first to make room.",
           """
P0 may plant its carrot on the carrots, not its turnip (both plots are taken). P1 holds only a turnip: no
choice, skipped."""),
    code("""
garden = position(num_players=3, phase="event", events={"current": "gardener"},
                  players=[{"hand": ["carrot", "turnip"], "plots": [["carrot", 2, False], ["peas", 1, False]]},
                           {"hand": ["turnip"], "plots": [["carrot", 2, False], ["peas", 1, False]]}, {}])
print(legal(garden))
before = garden.observation(0)
print(do(garden, "plant carrot 1"))
pictures(("before", before), ("after the Gardener", garden.observation(0)))
"""),
    question("Your left neighbour has planted nothing at all when the Crow comes. What do you lose?",
             "Nothing: the crow eats from your *left neighbour's* farm, and there is nothing there "
             "(**JADV-CROW-02**). You lose a card only to your right neighbour's crow."),
    # ----------------------------------------------------------------------------------------------- snow
    md("""
---
## 4. Snow, Drought and Rain
"""),
    rule("JADV-SNOW-01", """
A snowed plot is frozen until the next event: no planting on it, no harvest from it. Below, after the snow,
P0 may only plant its carrot on plot 2: not on plot 1 (its carrots are snowed), and `harvest 1` is not
offered."""),
    rule("JADV-SNOW-02", """
Each player snows one plot (empty plots too) of the player to their **right** (seat − 1): P0 snows P2's
empty plot 2, P1 snows P0's carrots, P2 snows P1's plot 1."""),
    code("""
snow = position(num_players=3, phase="event", events={"current": "snow"},
                players=[{"hand": ["carrot"], "plots": [["carrot", 3, False], [None, 0, False]]}, {}, {}])
before = snow.observation(0)
print(do(snow, "snow 2", "snow 1", "snow 1"))
print("P0 may now:", legal(snow))
pictures(("before", before), ("after: P0's carrots snowed", snow.observation(0)))
"""),
    rule("JADV-SNOW-03", """
In the last round of the game (see **JADV-R-LASTROUND**) a snowed plot may be harvested, but still not planted
on. Here the deck ran out for the third time and P0's plot 1 is snowed: `harvest 1` is legal again."""),
    code("""
last = position(num_players=3, phase="final-plant", ending=True, deck_runs_out=3,
                events={"current": "snow", "snow": [[0, 1]]},
                players=[{"hand": ["carrot"], "plots": [["carrot", 5, False], [None, 0, False]]}, {}, {}])
legal(last)
"""),
    rule("JADV-DROUGHT-01", """
Each player burns every card of one of their own planted plots (their choice). P0 gives up its 2 peas and keeps
its 5 fertilized carrots; P2 loses its turnips."""),
    code("""
dry = position(num_players=3, phase="event", events={"current": "drought"},
               players=[{"hand": ["beans"], "plots": [["carrot", 5, True], ["peas", 2, False]]}, {},
                        {"plots": [["turnip", 3, False], [None, 0, False]]}])
print(legal(dry))
before = dry.observation(None)
print(do(dry, "drought 2", "drought 1"))
pictures(("before", before), ("after the drought", dry.observation(None)))
"""),
    rule("JADV-DROUGHT-02", """
P1 has nothing planted: the drought skips it ("no effect"). A fertilizer is a token, not a card: a drought on
a fertilized plot would burn the cards and leave the fertilizer."""),
    rule("JADV-RAIN-01", """
Each player puts a rain token on one of their own plots: until the next event that plot counts one card more
at harvest, like a temporary fertilizer. P0's 4 peas count as 5: 3 coins instead of 2."""),
    rule("JADV-RAIN-02", """
Rain does not settle on fertilized or empty plots: P0's only choice is plot 1 (plot 2 has a fertilizer), and
P1 and P2, with empty farms, get no rain."""),
    code("""
rain = position(num_players=3, phase="event", events={"current": "rain"},
                players=[{"hand": ["beans"], "plots": [["peas", 4, False], ["carrot", 3, True]]}, {}, {}])
print(legal(rain))
before = rain.observation(0)
print(do(rain, "rain 1"))
middle = rain.observation(0)
print(do(rain, "harvest 1"))
pictures(("before", before), ("rain on the peas", middle), ("after the harvest", rain.observation(0)), width=300)
"""),
    ruling("JADV-RAIN-03",
           "\"the rain adds one to the product on that plot ... The rain token is removed when the next event "
           "starts.\"",
           "the token also leaves when its plot is harvested (the log: \"used up by the harvest\"): it belonged to "
           "that crop, and the next crop planted there does not get it.",
           "the token stays on the plot until the next event, so a crop planted after the harvest still counts "
           "one more.",
           ""),
    question("Can you put rain on the plot that the snow froze?",
             "Yes, if it is planted and not fertilized: rain only refuses fertilized and empty plots "
             "(**JADV-RAIN-02**). But you cannot harvest it while the snow lies (**JADV-SNOW-01**), and both tokens "
             "go at the next event."),
    # ----------------------------------------------------------------------------------------------- shop
    md("""
---
## 5. Shopping Day and Model Farmer
"""),
    rule("JADV-SHOP-01", """
On Shopping Day players trade hand cards and credit tokens; the cards go **into the hand**, not onto the farm."""),
    ruling("JADV-SHOP-02",
           "\"all players may trade with the product cards in their hand or with their credit tokens.\" It does "
           "not say who proposes, how often, or to whom.",
           "in seat order from the active player, each player may make one proposal to one other player (cards "
           "and tokens given, up to `max_ask` cards asked) or pass.",
           "an open negotiation like the market (any player, any number of offers), which a program cannot "
           "enumerate.",
           ""),
    code("""
shop = position(num_players=3, phase="event", events={"current": "shopping"},
                players=[{"hand": ["carrot", "beans"]}, {"hand": ["peas"]}, {}])
before = shop.observation(0)
print(len(shop.legal_actions()), "possible proposals for P0, e.g.", legal(shop, 3))
print(do(shop, "shop 1 give carrot,token:0 ask peas"))
"""),
    ruling("JADV-SHOP-03",
           "nothing about answering.",
           "the other player accepts or refuses at once; accepting needs the asked cards in hand.",
           "a counter-offer may follow.",
           """
P1 accepts: P0's hand now holds the peas (not planted), P1 holds the carrot and P0's credit token."""),
    code("""
print(shop.decision(), "by P%d:" % shop.current_player(), legal(shop))
print(do(shop, "accept 0", viewer=0))
mine = shop.observation(0)
print("P0's hand:", names(mine.hand), "| P1 holds", mine.farms[1].hand_size, "card(s) and tokens", mine.farms[1].tokens)
pictures(("before Shopping Day (P0's view)", before), ("after the trade: peas in P0's hand", mine))
"""),
    rule("JADV-MODEL-01", """
The player with the most cards on one plot (at least 3) takes the Model Farmer card."""),
    rule("JADV-MODEL-02", """
P0 and P1 both have 5 cards on one plot. Their other plots decide: P0's 3 peas beat P1's 2 peas, so P0 takes
the card. With equal other plots too, nobody would."""),
    code("""
model = position(num_players=3, phase="event", events={"current": "model-farmer"},
                 players=[{"hand": ["beans"], "plots": [["carrot", 5, False], ["peas", 3, False]]},
                          {"plots": [["turnip", 5, False], ["peas", 2, False]]}, {}])
events_of(model, 2)
print("farm extras:", [farm.extras for farm in model.observation(None).farms])
"""),
    ruling("JADV-MODEL-03",
           "\"takes the Model Farmer card, which is worth 1 coin\"; and \"If the event deck runs out ... shuffle "
           "the event cards\".",
           "each Model Farmer card is its own card: the winner keeps it and it is never reshuffled, so a player "
           "may collect two.",
           "there is a single Model Farmer that moves from player to player each time the event comes up.",
           ""),
    rule("JADV-END-01", """
Each Model Farmer card is worth 1 coin at the end: P0's score already counts it."""),
    code("""
print("scores:", model.scores())
"""),
    question("Two players both have 4 cards on their longest plot and 2 on the other one. Who takes the Model "
             "Farmer card?",
             "Nobody: still tied after comparing the other plots (**JADV-MODEL-02**)."),
    # ----------------------------------------------------------------------------------------------- reconstructed
    md("""
---
## 6. The reconstructed events

The rulebook lists Thief, Tax, Recycling and Breeding among the events, but prints no text for them and no
count of cards. The rules below are proposals (`shared/rules/jaliz-data.md` §4.2), flagged as such.
"""),
    ruling("JADV-THIEF-01",
           "\"Examples are the Crow, Thief, Tax, Gardener\" (instant events); nothing more.",
           "each player, in seat order, takes one random card from the hand of the player to their right.",
           "the thief steals a coin, or a planted card (like the crow).",
           """
P2 alone holds a card (a carrot). P0 robs P2, P1 robs P0, P2 robs P1: the carrot goes round. P1 sees the
carrot's name only in the thefts it takes part in."""),
    code("""
thief = position(num_players=3, phase="event", events={"current": "thief"},
                 players=[{"hand": []}, {"hand": []}, {"hand": ["carrot"]}])
print("\\n".join(line for line in thief.log_text(1) if "steal" in line))
"""),
    ruling("JADV-TAX-01",
           "the name only.",
           "every player with at least one coin pays one coin to the burned pile.",
           "each player pays a coin per planted plot, or the richest player pays.",
           ""),
    code("""
tax = position(num_players=3, phase="event", events={"current": "tax"},
               players=[{"hand": ["beans"], "coins": 2}, {"coins": 0}, {"coins": 1}])
events_of(tax, 4)
"""),
    ruling("JADV-RECYCLE-01",
           "\"in the Recycling event, if there are no burned cards, no player can take a card to recycle\".",
           "in seat order each player may take one card of their choice from the burned pile into hand.",
           "each player takes one random burned card, or the burned pile is shuffled back into the deck.",
           ""),
    code("""
recycle = position(num_players=3, phase="event", events={"current": "recycling"}, burned=["carrot", "peas"],
                   players=[{"hand": ["beans"]}, {}, {}])
print(legal(recycle))
before = recycle.observation(None)
print(do(recycle, "recycle carrot", "recycle peas"))
pictures(("before: carrot and peas burned", before), ("after: the burned pile is empty", recycle.observation(None)))
"""),
    ruling("JADV-BREED-01",
           "\"the breeding token\" is placed \"on one of the farms or products\"; nothing more.",
           "the active player puts the token on one product: every plot of it counts one more card at harvest "
           "until the next event.",
           "the token goes on one plot (a second rain), or doubles a harvest.",
           """
P0 chooses carrots: its 4 carrots count as 5 and pay 2 coins."""),
    code("""
breed = position(num_players=3, phase="event", events={"current": "breeding"},
                 players=[{"hand": ["beans"], "plots": [["carrot", 4, False], [None, 0, False]]},
                          {"plots": [["carrot", 3, False], [None, 0, False]]}, {}])
print(do(breed, "breed carrot", "harvest 1"))
"""),
    ruling("JADV-DECK-01",
           "\"Shuffle the event cards\" and \"If the event deck runs out (which is very unlikely)\"; no counts.",
           "22 cards, two of each of the 11 events (option `event_deck`); `event_deck=\"rulebook\"` keeps only the "
           "7 events the rulebook describes.",
           "one card per event (11 cards), which would run out in most games, against \"very unlikely\".",
           ""),
    code("""
for deck in ("proposed", "rulebook", "crow=3,snow=1"):
    g = jaliz_learn.load_game("jaliz-advanced", event_deck=deck)
    print(f"{deck!r:17}", dict(g.initial_state(num_players=3, seed=1).observation(None).extras)["event_deck"], "cards")
"""),
    question("Why may a bot not rely on the Thief taking a *random* card?",
             "Because Thief is a reconstruction (**JADV-THIEF-01**): if the real card says otherwise, the rule "
             "will change. Bots should read `game.rules` and the observation, not assume an effect."),
    # ----------------------------------------------------------------------------------------------- rulings
    md("""
---
## 7. Rulings about order and rounds
"""),
    ruling("JADV-R-ORDER",
           "\"the players carry out the instructions written on the card\"; nothing about the order.",
           "one player at a time, in seat order starting with the active player; each sees what the previous "
           "players chose.",
           "all players choose at the same time (secretly), then everything is revealed.",
           """
In the Crow example above, P0 chose first, then P1 (skipped), then P2."""),
    ruling("JADV-R-LEFTRIGHT",
           "\"the player to their left\" (Crow), \"the player to their right\" (Snow); play is clockwise.",
           "the left neighbour of seat p is seat p + 1, the right neighbour seat p − 1 (clockwise to the left).",
           "the opposite (left = p − 1).",
           ""),
    code("""
print("P0's crow eats from P1; P0's snow falls on P2 (3 players):")
print(do(position(num_players=3, phase="event", events={"current": "snow"},
                  players=[{"hand": ["beans"]}, {}, {}]), "snow 1", "snow 1", "snow 1"))
"""),
    ruling("JADV-R-ROUND",
           "\"At the start of each round (except the first round), one of the event cards is turned over.\"",
           "a round starts with the start player's (seat 0) turn; its event is resolved before that player plants.",
           "every player's turn is a round (an event each turn).",
           """
In section 2 the Tax card came when P2's turn ended and before P0 planted (the log's `--- turn 4: P0 ---`)."""),
    ruling("JADV-R-LASTROUND",
           "\"If snow settles on a plot in the last round of the game, products may not be planted on it, but they "
           "may be harvested.\"",
           "the last round starts when the product deck runs out for the last time (the standard game's end).",
           "the last round is the last full round of turns before that.",
           """
The **JADV-SNOW-03** example is such a position (`deck_runs_out` 3, `ending` true)."""),
    ruling("JADV-R-STACK",
           "fertilizer \"adds one\", rain \"adds one ... like fertilizer\"; breeding is reconstructed.",
           "the bonuses add up (each +1), but a harvest never pays more coins than cards harvested (notebook 01, "
           "**JAL-R-COINCAP**).",
           "bonuses do not stack (at most +1).",
           """
One pea with a fertilizer and breeding on peas counts as 3 peas; the meter pays 2 coins for 3, but one card
gives at most one coin."""),
    code("""
stack = position(num_players=3, events={"breeding": "peas"},
                 players=[{"hand": ["peas"], "plots": [["peas", 1, True], [None, 0, False]]}, {}, {}])
print(do(stack, "harvest 1"))
"""),
    question("With 3 players, P1's crow eats from whom, and P1's snow falls on whom?",
             "Crow: from P2 (left = seat + 1). Snow: on P0 (right = seat − 1) (**JADV-R-LEFTRIGHT**)."),
    # ----------------------------------------------------------------------------------------------- game + board
    md("""
---
## A whole game, and a live board

The heuristic bot against three random bots; then the first events of that game, from its log. Players with
equal coins may still rank apart: the standard tie-breaks decide (third plot, then coins spent on equipment:
**JAL-END-06**).
"""),
    code("""
from jaliz_learn.bots import RandomBot
from jaliz_learn.games.jaliz.bots import HeuristicJalizBot

result = jaliz_learn.play(game, [HeuristicJalizBot(1), RandomBot(2), RandomBot(3), RandomBot(4)], seed=3)
print(outcome_table(result, ["heuristic", "random 1", "random 2", "random 3"], score="coins"))
print("\\n".join([line for line in result.state.log_text(None) if line.startswith("=== Event")][:6]))
"""),
    md("""
Play an advanced game yourself, as P0 against three heuristic bots. Events appear at the top of the board and
ask each player in turn.
"""),
    code("""
from jaliz_learn.widgets import JalizBoard

board = JalizBoard(game="jaliz-advanced", num_players=4, human=0, bots="heuristic", seed=7)
"""),
    code("# NBVAL_IGNORE_OUTPUT\nboard"),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-run", action="store_true", help="write the notebook without executing it")
    args = parser.parse_args(argv)
    check_order(CELLS, [r.id for r in ADVANCED], prefix="JADV-")
    nbformat.write(make_notebook(CELLS + rule_code_cells("jaliz-advanced", "JADV-RAIN-01", "JADV-SNOW-01") + ladder_cells("jaliz-advanced")), OUT)
    if not args.no_run:
        execute(OUT)
    return 0


if __name__ == "__main__":
    sys.exit(main())
