"""Build notebooks/00_welcome.ipynb and notebooks/01_jaliz_walkthrough.ipynb, then execute them in place.

Run from anywhere (the paths are relative to this file):

    /work/devvenv/bin/python docs/tools/build_jaliz_notebooks.py            # build + execute both
    /work/devvenv/bin/python docs/tools/build_jaliz_notebooks.py --no-run   # build only

Executing stores the outputs (``jupyter nbconvert --to notebook --execute --inplace``), which
nbval then compares:

    python -m pytest --nbval notebooks/00_welcome.ipynb notebooks/01_jaliz_walkthrough.ipynb \\
        --nbval-current-env --nbval-sanitize-with notebooks/sanitize.cfg -p no:cacheprovider

Each rule heading of the walkthrough takes its title and paraphrase from the Jaliz catalogue
(``jaliz_learn/games/jaliz/catalogue.py``); the builder stops if a catalogue ID has no section
(tests/test_notebooks.py checks the same on the stored notebook). The welcome notebook links to
every notebook (and lists every exercise folder) found at build time.

The stored outputs depend on the engine, the bots and the HTML rendering
(``jaliz_learn/games/jaliz/render.py``): rebuild after changing any of them, or after adding a notebook.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import nbformat
from walkthrough_cells import Cell, code, execute, ladder_cells, make_notebook, md, question
from walkthrough_cells import rule as rule_cell
from walkthrough_cells import ruling as ruling_cell

from jaliz_learn.core.registry import load_game

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
WELCOME = NOTEBOOKS / "00_welcome.ipynb"
WALKTHROUGH = NOTEBOOKS / "01_jaliz_walkthrough.ipynb"

RULES = load_game("jaliz").rules
BOARD_CELL = 'board = JalizBoard(num_players=4, human=0, bots="heuristic", seed=7)'



def rule(rule_id: str, body: str = "") -> Cell:
    """A heading for one rule ID: its title, the catalogue paraphrase, then the explanation."""
    return rule_cell(RULES[rule_id], body)


def ruling(rule_id: str, says: str, chosen: str, other: str, body: str = "") -> Cell:
    """A ruling's heading, then what the rulebook says, the reading chosen and the other reading."""
    return ruling_cell(RULES[rule_id], says, chosen, other, body)


# ---------------------------------------------------------------------------------------------------------
## 00_welcome.ipynb
# ---------------------------------------------------------------------------------------------------------
def notebook_title(path: Path) -> str:
    """The first heading of a notebook (its file name if it has none)."""
    if path == WALKTHROUGH:
        return "Jaliz, rule by rule"
    try:
        nb = nbformat.read(path, as_version=4)
    except Exception:  # a notebook being written by someone else: fall back to its name
        return path.stem
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return path.stem


def exercises_link() -> str:
    """The exercises' README if there is one, else the folder."""
    return "../exercises/README.md" if (ROOT / "exercises" / "README.md").exists() else "../exercises/"


#: The exercise ladder: folder -> (title, what the step teaches). Folders not listed here still appear.
LADDER = {
    "01_first_jaliz_bot": ("Your first Jaliz bot", "the bot interface (`act(observation, legal_actions)`), reading "
                           "observations, rules turned into code; graded on wins against `HeuristicJalizBot`"),
    "02_nizam_one_ply": ("Nizam: evaluate and look one move ahead", "an evaluation function and a one-ply search "
                         "with `clone()` and `apply()` on what-if copies"),
    "03_jungli_la_probability": ("Jungli-La: push your luck with probability", "exact probabilities and expected "
                                 "values of rerolls (`Fraction`), then a policy that uses them"),
    "04_monte_carlo_search": ("Monte-Carlo search under hidden information", "sampling the hidden cards from an "
                              "observation (`sample_state`), playouts and a determinised Monte-Carlo search in Bali, "
                              "within a time budget per decision"),
    "05_experiments": ("Running experiments", "tournament design with rotated seats, win rates with Wilson "
                       "confidence intervals, a seat-advantage test, Elo ratings and a plot"),
}


def exercise_list() -> str:
    """The exercise ladder: a numbered list of the exercise folders (learner notebook, title, what it teaches)."""
    folders = sorted(p for p in (ROOT / "exercises").glob("*") if p.is_dir() and not p.name.startswith((".", "_")))
    lines = []
    for folder in folders:
        notebook = folder / "exercise.ipynb"
        target = notebook if notebook.exists() else folder
        title, teaches = LADDER.get(folder.name, ("", ""))
        text = f"1. [`{folder.name}`](../{target.relative_to(ROOT).as_posix()})"
        if title:
            text += f": **{title}**. Teaches {teaches}."
        lines.append(text)
    if not lines:
        return ""
    return ("\n\nThe exercises form a ladder, each step building on the one before:\n\n" + "\n".join(lines)
            + "\n\nTeachers grade a folder of hand-ins with `jaliz-learn grade EXERCISE submissions/` and play "
            "every submitted bot against every other with `jaliz-learn class-tournament GAME submissions/`.")


def welcome_cells() -> list[Cell]:
    others = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if p.name not in (WELCOME.name, WALKTHROUGH.name))
    links = [f"1. [{notebook_title(WALKTHROUGH)}]({WALKTHROUGH.name}): every rule of Jaliz with a live "
             "scenario, the event log, hidden information, replays and a tournament. **Start here.**"]
    links += [f"1. [{notebook_title(p)}]({p.name})" for p in others]
    return [
        md("""
# Welcome to jaliz_learn

**jaliz_learn** teaches game programming with real board games. It has three parts:

* **engines**: faithful, tested Python implementations of published board games, first of all
  *Jaliz* (جالیز), an Iranian trading game of planting, trading and harvesting vegetables;
* **boards**: Jupyter widgets to play those games in the notebook, against bots or with friends;
* **exercises**: graded bot-writing tasks, from "play any legal move" to "beat the heuristic bot".

Every rule of every game has an ID (like `JAL-PLANT-02`). The code, the tests and the notebooks cite
it, and an illegal move is refused with an error that names the rule.

**Who is it for?**

* **Teachers**: ready-made notebooks and exercises with automatic grading (seeded, reproducible).
* **Learners**: read a rule, try it on a live board, then write a bot that plays it.
* **Researchers**: games with hidden information, chance and negotiation behind one small API
  (`legal_actions`, `apply`, `observation`), with seeded tournaments and replayable logs.
"""),
        md(f"""
## How to find your way

The notebooks, in order:

1. [Welcome]({WELCOME.name}) (this page)
{chr(10).join(links)}

**Exercises.** The [`exercises/`]({exercises_link()}) folder holds the graded bot exercises, one folder per topic.
Each has a student notebook (generated from a reference solution) and a grader.{exercise_list()}

**Command line.** The `jaliz-learn` command comes with the package:

| command | what it does |
|---|---|
| `jaliz-learn list` | the games and their player counts |
| `jaliz-learn tutorial` | opens JupyterLab at this notebook |
| `jaliz-learn play jaliz --players 4 --bots heuristic,random,random,random --seed 1` | one game: log, scores |
| `jaliz-learn rules jaliz` | the rule catalogue (add `--coverage` to see which rules the tests exercise) |
| `jaliz-learn bench jaliz --games 100` | speed: games and decisions per second |
| `jaliz-learn replay game.json` | the log of a saved game record |
"""),
        md("""
## The games

`jaliz_learn.list_games()` gives what each game declares up front: its name, player counts,
whether it has chance and hidden information, its options. The table below is built from it.
"""),
        code("""
# NBVAL_IGNORE_OUTPUT
# (this table grows whenever a game is added to the registry)
from jaliz_learn.teaching import games_table

games_table()
"""),
        md("""
## A first game in three lines

`jaliz_learn.play` runs one whole game between bots and returns the result. With the same seed you get
the same game, every time, on every machine.
"""),
        code("""
import jaliz_learn
from jaliz_learn.bots import RandomBot
jaliz_learn.play("jaliz", [RandomBot(1), RandomBot(2), RandomBot(3)], seed=1).scores
"""),
        md("""
The scores are the coins of the three players (plus 2 for a third plot and 1 for a tractor).
Random bots are poor farmers. The built-in heuristic bot does much better:
"""),
        code("""
from jaliz_learn.bots import make_bot

bots = [make_bot("heuristic", "jaliz", seed=1), RandomBot(2), RandomBot(3), RandomBot(4)]
result = jaliz_learn.play("jaliz", bots, seed=1)
result.scores, result.winners
"""),
        md("""
## Play Jaliz against three bots

Run the two cells below. You are player 0 (P0); P1-P3 are heuristic bots, which answer by themselves.
The board shows every farm, the revealed cards, the open offers and your hand (never the other hands).

* **Plant**: click a card in your hand, then one of your plots. **Done** ends the planting after one card.
* **Market**: click a revealed card to keep it, an open offer to accept it; **Give**, **Refuse** and the
  offer builder are below the board.
* **Harvest** and **Buy** work at any of your decisions.
* Any legal action can also be picked from the *all legal actions* list, or typed in text notation
  (`plant peas 1`).

If you try something the rules forbid, the board says which rule forbids it.

The rules are explained one by one in [Jaliz, rule by rule](01_jaliz_walkthrough.ipynb).
"""),
        code("from jaliz_learn.widgets import JalizBoard"),
        code(BOARD_CELL),
        code("# NBVAL_IGNORE_OUTPUT\nboard"),
        md(f"""
## Where next?

* [Jaliz, rule by rule](01_jaliz_walkthrough.ipynb): the rules of Jaliz, each with a scenario you can change.
* `help(jaliz_learn.load_game("jaliz"))` and `jaliz-learn rules jaliz`: the API and the rule catalogue.
* The [exercises]({exercises_link()}): write your own bot, then run it in a tournament.
"""),
    ]


# ---------------------------------------------------------------------------------------------------------
## 01_jaliz_walkthrough.ipynb
# ---------------------------------------------------------------------------------------------------------
def walkthrough_cells() -> list[Cell]:
    return [
        md("""
# Jaliz, rule by rule

*Jaliz* (جالیز, a field of melons and vegetables) is an Iranian card game for 3-7 players. You plant vegetables
on your farm, trade the cards revealed at the market, harvest for coins and buy equipment. After the
product deck runs out for the third time, the player with the most coins wins. This notebook walks
through **every rule** of the standard mode, in the order of the engine's rule catalogue:

* the **rulebook rules** `JAL-…` (setup, turn, planting, market, credit tokens, receiving, harvest,
  buying, end of the game), and
* the **rulings** `JAL-R-…`: the decisions the engine had to make where the rulebook is silent or
  ambiguous (docs/RULINGS.md gives the reason for each).

Each rule has a heading with its ID and a paraphrase, then a small **scenario**: a position written as
JSON (`game.state_from_json({...})`) or a seeded game, some actions in **text notation**
(`"plant carrot 1"`, `"offer eggplant for turnip,turnip,carrot ask watermelon"`), and the position
after them. Everything runs in the package (`jaliz_learn`); the cells only call it. Change a scenario
and run it again: that is the fastest way to learn a rule.
"""),
        md("## Getting ready"),
        code("""
import jaliz_learn
from jaliz_learn.bots import RandomBot
from jaliz_learn.games.jaliz import data
from jaliz_learn.games.jaliz.bots import HeuristicJalizBot
from jaliz_learn.teaching import SCENARIOS, do, legal, names, outcome_table, scenario, show, try_action, why_not
from jaliz_learn.widgets import JalizBoard, ReplayViewer

game = jaliz_learn.load_game("jaliz")
print(game.info.title, "|", game.info.min_players, "-", game.info.max_players, "players |",
      len(game.rules), "rule IDs | options:", game.options)
"""),
        md("""
## Play first

Before the rules, a game. You are P0, the other three seats are heuristic bots. Run the next two cells.
To plant, click a card of your hand and then one of your plots; at the market, click a revealed card to
keep it or an open offer to accept it. The buttons below the board do the rest, and the *all legal
actions* list (or the text box) plays any action. Everything on this board is explained below.
"""),
        code(BOARD_CELL),
        code("# NBVAL_IGNORE_OUTPUT\nboard"),
        md("""
## How the scenarios work

A few helpers from `jaliz_learn.teaching` keep the cells short:

* `show(state, viewer)`: the position as `viewer` sees it (a player number, or `None` for a spectator,
  who sees no hand). A state also draws itself: put `state` last in a cell.
* `do(state, *actions)`: apply actions in text notation; it prints each action and what happened.
* `legal(state)`: the legal actions of the player who decides now, as text.
* `why_not(state, action)`: the rule that forbids an action now (the state is not changed).
* `try_action(state, action)`: apply an action if it is legal, or say in one line why it is refused.
* `outcome_table(outcome, names)`: a final result with ranks, names and labelled scores.

Players are numbered from 0 (P0 is seat 0), plots from 1 (as printed on the farm board). Products are
written by name (`carrot`) or card number (`14`). Here is the whole text notation:
"""),
        code("""
from jaliz_learn.games.jaliz.notation import USAGE

print(USAGE.replace(" | ", "\\n"))
action = game.parse_action("offer eggplant for turnip,turnip,carrot,token:2 ask watermelon")
print()
print(repr(action))
print(str(action))  # str() gives the notation back: parse and str undo each other
"""),
        md("""
The catalogue itself is data too: `game.rules` (shown as a table below) and `game.rules["JAL-PLANT-02"]`.
On the command line: `jaliz-learn rules jaliz`.
"""),
        code("game.rules"),
        # ----------------------------------------------------------------------------------------- setup
        md("""
---
## Setup

A seeded game: `game.initial_state(num_players=4, seed=7)`. The seed fixes the shuffle, so this
position is the same every time. Here is the spectator view (no hand is visible):
"""),
        code("""
state = game.initial_state(num_players=4, seed=7)
state
"""),
        rule("JAL-SETUP-01", """
Every farm starts with two empty plots, and every player holds their own credit token (token `p` belongs
to player `p`)."""),
        code("""
obs = state.observation(None)
for p, farm in enumerate(obs.farms):
    print(f"P{p}: {len(farm.plots)} plots {[str(plot) for plot in farm.plots]}, credit tokens {list(farm.tokens)}")
"""),
        rule("JAL-SETUP-02", """
Product *N* has *N* cards
(7 peas, 15 beans, ...). `data.SETUP_TABLE` is the rulebook's table:"""),
        code("""
for n, (first, last, receive) in data.SETUP_TABLE.items():
    print(f"{n} players: {data.PRODUCTS[first].name} .. {data.PRODUCTS[last].name}, "
          f"{len(data.deck_for(n))} cards, receive {receive} per turn")
print("this game:", [data.PRODUCTS[p].name for p in obs.params.products])
"""),
        rule("JAL-SETUP-03", """
A player sees their own hand, and of the others only the size."""),
        code("""
mine = state.observation(0)
print("P0's hand:", names(mine.hand))
print("hand sizes:", mine.hand_sizes, "| deck:", mine.deck_size, "=", len(data.deck_for(4)), "- 4 x 5")
"""),
        rule("JAL-SETUP-04", "One third plot and one tractor per player wait in the supply..."),
        rule("JAL-SETUP-05", "...and one fertilizer more than there are players."),
        code("dict(obs.supply)"),
        rule("JAL-SETUP-06", """
The start player begins, then play goes clockwise (P0, P1, P2, P3, P0, ...). Who starts is a ruling,
**JAL-R-START** below. `state.current_player()` and `state.decision()` say who decides now, and what
kind of decision it is."""),
        code("state.current_player(), state.decision()"),
        # ----------------------------------------------------------------------------------------- turn
        question('With 5 players, which products are in the deck, and how many fertilizer tokens are there?',
                 'Products 6 to 16 (**JAL-SETUP-02**), and 6 fertilizer tokens: one more than players (**JAL-SETUP-05**).'),  # noqa: E501
        md("""
---
## How to play
"""),
        rule("JAL-TURN-01", """
The decision kinds of the engine follow these steps: `plant`,
then at the market `claim` (only if someone holds your credit token), `offer` (each other player),
`respond` (you), `place` (whoever received a card plants it), then the draw happens by itself and the
next player's `plant` begins. The scenario below is a 3-player position: P0 holds peas and beans, and
the top of the deck is written out (the last card of `deck` is drawn first)."""),
        code("""
s = game.state_from_json({"num_players": 3, "players": [{"hand": ["peas", "beans"]}, {"hand": ["carrot"]}, {}],
                          "deck": ["beans"] * 6 + ["tomato", "turnip"]})
steps = []
for action in ["plant peas 1", "done", "pass", "pass", "keep turnip", "plant turnip 2", "keep tomato"]:
    steps.append(f"P{s.current_player()} {s.decision():8} -> {action}")
    s.apply(action)
print("\\n".join(steps))
print(f"now: P{s.current_player()} must '{s.decision()}' (the tomato fits no plot)")
"""),
        code("""
do(s, "harvest 1", "plant tomato 1")  # the market is over: P0 receives 2 cards and P1's turn begins
"""),
        code("show(s)"),
        # ----------------------------------------------------------------------------------------- plant
        question('Can a player skip the Market step when they like neither revealed card?',
                 'No: all three steps are mandatory (**JAL-TURN-01**), and each revealed card must be kept, traded or given away (**JAL-MARKET-02**).'),  # noqa: E501
        md("""
---
## 1. Plant
"""),
        rule("JAL-PLANT-01", """
You must plant at least one card from your hand, and may stop after the first (`done`) or plant a second.
"""),
        code("""
s = game.state_from_json({"num_players": 3, "players": [{"hand": ["carrot", "peas", "beans"]}, {}, {}]})
print("before planting:", legal(s))
print("done now?", why_not(s, "done"))
do(s, "plant beans 1")
"""),
        code("""
print("after one card:", legal(s))
do(s, "plant peas 2")  # the second card ends the planting step: the market opens by itself
"""),
        rule("JAL-PLANT-02", """
P0 has carrots on plot 1, so carrots may go on plot 1 (or the empty
plot 2), but peas only on plot 2."""),
        code("""
s = game.state_from_json({"num_players": 3, "players": [
    {"hand": ["carrot", "carrot", "peas"], "plots": [["carrot", 2, False], [None, 0, False]]}, {}, {}]})
print(legal(s))
show(s, viewer=0)
"""),
        md("""
What happens when you try it anyway? `apply` refuses the action: it raises a `RuleViolation` (a
`ValueError`) that names the rule and lists what is allowed, and the state is not changed. `try_action`
applies an action if it is legal and otherwise prints the refusal in one line:
"""),
        code("""
print(try_action(s, "plant peas 1"))
"""),
        md("""
A bot (or your own code) catches the error and reads its fields:
"""),
        code("""
from jaliz_learn import RuleViolation

try:
    s.apply("plant peas 1")
except RuleViolation as error:
    print("rule:", error.rule, "| decision:", error.decision, "| player:", error.player)
    print("reason:", error.reason)
    print("allowed:", error.allowed)
print("unchanged:", show(s, viewer=0).text.splitlines()[2])
"""),
        rule("JAL-PLANT-03", """
With an empty hand the planting step is skipped: the turn goes straight to the market."""),
        code("""
s = game.state_from_json({"num_players": 3, "players": [{"hand": []}, {}, {}],
                          "deck": ["beans"] * 6 + ["tomato", "turnip"]})
print(s.log_text()[-2:])
print("decision:", s.decision(), "| revealed:", names(s.observation(None).market))
"""),
        rule("JAL-PLANT-04", """
Both plots hold other products than the beans: only harvest and buy are offered until a plot is free."""),
        code("""
s = game.state_from_json({"num_players": 3, "players": [
    {"hand": ["beans"], "plots": [["carrot", 2, False], ["peas", 3, False]]}, {}, {}]})
print(legal(s))
print(why_not(s, "plant beans 1"))
do(s, "harvest 2", "plant beans 2")
"""),
        rule("JAL-PLANT-05", """
With a tractor you may plant up to three cards (see **JAL-BUY-03** for buying it)."""),
        code("""
with_tractor = game.state_from_json({"num_players": 3, "players": [{"hand": ["peas"] * 4, "tractor": True}, {}, {}]})
without = game.state_from_json({"num_players": 3, "players": [{"hand": ["peas"] * 4}, {}, {}]})
do(with_tractor, "plant peas 1", "plant peas 1", "plant peas 1")
do(without, "plant peas 1", "plant peas 1")
print("with a tractor:", with_tractor.observation(0).farms[0].plots[0], "->", with_tractor.decision())
print("without:       ", without.observation(0).farms[0].plots[0], "->", without.decision())
"""),
        # ----------------------------------------------------------------------------------------- market
        question('Your plots hold carrots and peas, and your hand holds only a turnip. What must you do?',
                 'Harvest one plot first, then plant the turnip on the emptied plot (**JAL-PLANT-04**): a plot holds one product only (**JAL-PLANT-02**).'),  # noqa: E501
        md("""
---
## 2. Market

The market is where Jaliz happens: two cards are revealed and must all end up on somebody's farm.
The rulebook's trading example comes under **JAL-MARKET-05**. The positions in this section put
known cards on top of the deck, so the revealed cards are written in the scenario.
"""),
        rule("JAL-MARKET-01", """
P0 plants its peas; the market reveals the turnip and the tomato from the top of the deck. P1, asked for an
offer next, sees them (and its own hand, but no other hand)."""),
        code("""
market = {"num_players": 3, "players": [{"hand": ["peas"]}, {"hand": ["carrot", "carrot"]}, {"hand": ["beans"]}],
          "deck": ["beans"] * 6 + ["tomato", "turnip"]}
s = game.state_from_json(market)
do(s, "plant peas 1")
"""),
        code("show(s, viewer=1)"),
        rule("JAL-MARKET-02", """
The market ends only when both cards are placed. A card that was not revealed cannot be kept or given."""),
        code("""
do(s, "pass", "pass")  # P1 and P2 make no offer: P0 responds
print(legal(s))
print(why_not(s, "keep carrot"))
"""),
        rule("JAL-MARKET-03", """
After `keep`, the pending decision
is `place`: P0 must plant the turnip now, not a hand card."""),
        code("""
do(s, "keep turnip")
print(s.decision(), "|", why_not(s, "plant peas 2"))
do(s, "plant turnip 2")
"""),
        rule("JAL-MARKET-04", """
The active player may keep a revealed card (above: the turnip) and plants it immediately. Keeping is
also how a card nobody wants is placed (**JAL-MARKET-07**)."""),
        code("""
do(s, "keep tomato")
print(s.decision(), legal(s))  # both plots are full: harvest first (JAL-MARKET-08)
"""),
        rule("JAL-MARKET-05", """
**The rulebook's example of trading.** *Red plants a turnip and a carrot, then reveals a turnip and an
eggplant and keeps the turnip. Green wants the eggplant and offers a carrot: red refuses. Green offers
again: two turnips and a carrot for the eggplant and red's watermelon (from red's hand). Red accepts.
Green plants the eggplant and the watermelon, red the two turnips and the carrot.*

`scenario("watermelon")` builds the position; red is P0, green P1 (P2 is the third player)."""),
        code("""
print(SCENARIOS["watermelon"].position)
red, green = 0, 1
s = scenario("watermelon")
do(s, "plant turnip 1", "plant carrot 2")  # red plants; the market reveals turnip + eggplant
"""),
        code("""
do(s, "offer eggplant for carrot", "pass",  # green's first offer; P2 passes
      "keep turnip", "plant turnip 1",       # red keeps the turnip and plants it on its turnips
      "refuse")                              # red refuses the offer: a second round of offers
"""),
        code("""
do(s, "offer eggplant for turnip,turnip,carrot ask watermelon", "pass")
print(legal(s))
"""),
        code("""
do(s, "accept 1",
      "plant eggplant 1", "plant watermelon 2",               # green plants what it received...
      "plant turnip 1", "plant turnip 1", "plant carrot 2")   # ...then red
"""),
        code("""
show(s)  # red: 4 turnips and 2 carrots; green: eggplant and watermelon; P1's turn begins
"""),
        rule("JAL-MARKET-06", """
Here P0 gives the tomato to P2, who plants it at once. P2 may not refuse it: that is a *ruling*
(**JAL-R-GIFT**, below), and the rulebook's text can be read the other way."""),
        code("""
s = game.state_from_json(market)
do(s, "plant peas 1", "pass", "pass", "give tomato to 2", "plant tomato 1")
"""),
        rule("JAL-MARKET-07", """
In the engine, after the last round of offers (`offer_rounds`, 2 by default) `refuse` is no longer
allowed, so the active player must keep, give or accept."""),
        code("""
s = game.state_from_json(market)
do(s, "plant peas 1", "pass", "pass", "refuse", "pass", "pass")
print("round", s.observation(None).offer_round, "|", legal(s))
print(why_not(s, "refuse"))
"""),
        rule("JAL-MARKET-08", """
A player who receives a card with no plot free for it harvests first, then plants. Here P0 gives the tomato
to P1, whose plots are full: P1 must decide `place`, and only harvest (or buy) is legal until a plot is free."""),
        code("""
s = game.state_from_json({"num_players": 3, "players": [
    {"hand": ["peas"]}, {"plots": [["carrot", 3, False], ["beans", 4, False]]}, {}],
    "deck": ["beans"] * 6 + ["turnip", "tomato"]})
do(s, "plant peas 1", "pass", "pass", "give tomato to 1")
print(f"P{s.current_player()} {s.decision()}: {legal(s)}")
do(s, "harvest 1", "plant tomato 1")
"""),
        rule("JAL-MARKET-09", """
Only the active player trades, and every trade is for revealed cards: the other players make offers
(`offer`), only the active player can `accept`. An offer for a card that is not at the market is refused."""),
        code("""
s = game.state_from_json({"num_players": 3, "deck": ["beans"] * 6 + ["turnip", "tomato"],
                          "players": [{"hand": ["peas"]}, {"hand": ["carrot", "carrot", "beans"]}, {}]})
do(s, "plant peas 1")
print(f"P{s.current_player()} decides '{s.decision()}'")
print(why_not(s, "offer beans for carrot"))
print(why_not(s, "accept 2"))
"""),
        rule("JAL-MARKET-10", """
The buyer may offer any number of cards from hand (and credit tokens), but only cards they hold. The list
of possible offers grows quickly; the engine enumerates it lazily."""),
        code("""
print(legal(s, limit=12))
print(why_not(s, "offer tomato for carrot,carrot,carrot"))
print(why_not(s, "offer tomato for carrot,carrot,beans"))
"""),
        rule("JAL-MARKET-11", """
The active player may add cards from their own hand to a trade, as red adds the watermelon in the
example above. The buyer writes them as `ask ...`; accepting hands them over. If the active player does
not have the asked card, the offer cannot be accepted."""),
        code("""
do(s, "offer tomato for carrot ask melon", "pass")
print(legal(s))
print(why_not(s, "accept 1"))
"""),
        # ----------------------------------------------------------------------------------------- credit
        question('Nobody offers anything for a revealed card and you do not want it. May you put it in your hand for later?',  # noqa: E501
                 'No: revealed cards never go to a hand (**JAL-MARKET-03**). You give it away (**JAL-MARKET-06**) or plant it yourself (**JAL-MARKET-07**).'),  # noqa: E501
        md("""
---
## Trading with credit tokens
"""),
        rule("JAL-CREDIT-01", """
In the notation, `token:P` is player P's credit token.

**The rulebook's example of trading with a credit token.** *Yellow plants a pumpkin and a carrot and
reveals a red pepper and a tomato. Red offers a carrot and its own credit token for the tomato. Green has
no suitable card but offers the credit token it got in an earlier trade for the red pepper. Yellow
accepts both.* Yellow is P0, red P1, green P2 (green holds P3's token from an earlier trade)."""),
        code("""
yellow, red, green = 0, 1, 2
s = scenario("credit-tokens")
do(s, "plant pumpkin 1", "plant carrot 2",      # yellow plants; tomato and red pepper are revealed
      "offer tomato for carrot,token:1",        # red: a carrot and its own token
      "offer pepper for token:3",               # green: a token it received earlier
      "pass")                                   # P3 passes
"""),
        code("""
do(s, "accept 1", "plant tomato 1", "plant carrot 2",
      "accept 2", "plant pepper 1")
"""),
        code("""
show(s)
"""),
        rule("JAL-CREDIT-02", """
**The rulebook's example.** *The active player plants a melon and reveals a carrot and a watermelon. The
player holding the active player's token takes the carrot first, even if the active player wants it, and
returns the token.* Here P2 holds P0's token, so after the reveal the decision is P2's `claim`."""),
        code("""
s = scenario("priority-claim")
do(s, "plant melon 1")
print(f"P{s.current_player()} {s.decision()}: {legal(s)}")
"""),
        code("""
do(s, "claim carrot", "plant carrot 1")
obs = s.observation(None)
print("tokens:", [list(f.tokens) for f in obs.farms], "| still revealed:", names(obs.market))
do(s, "pass", "pass")  # no offers for the watermelon
print("the active player wanted the carrot:", why_not(s, "keep carrot"))
"""),
        rule("JAL-CREDIT-03", """
Tokens received from others may be traded on: green paid with P3's token in the example above, and
yellow now holds three tokens (its own, red's and P3's) which it can use in later trades."""),
        code("""
s = scenario("credit-tokens")
do(s, "plant pumpkin 1", "plant carrot 2", "offer tomato for carrot,token:1", "offer pepper for token:3", "pass",
   "accept 1", "plant tomato 1", "plant carrot 2", "accept 2", "plant pepper 1")
{f"P{p}": list(f.tokens) for p, f in enumerate(s.observation(None).farms)}
"""),
        rule("JAL-CREDIT-04", "Yellow holds three tokens and no coins, so its score is still 0."),
        code("s.scores()"),
        rule("JAL-CREDIT-05", """
Beginners may play without credit tokens: `load_game("jaliz", credit_tokens=False)`."""),
        code("""
beginner = jaliz_learn.load_game("jaliz", credit_tokens=False)
[list(f.tokens) for f in beginner.initial_state(num_players=4, seed=7).observation(None).farms]
"""),
        # ----------------------------------------------------------------------------------------- receive
        question("Is it worth collecting other players' credit tokens until the end of the game?",
                 'Not for points: tokens are worth nothing at the end (**JAL-CREDIT-04**). They count only in trades and priority claims (**JAL-CREDIT-01**, **JAL-CREDIT-02**).'),  # noqa: E501
        md("""
---
## 3. Receive products
"""),
        rule("JAL-RECEIVE-01", """
The turn ends with a draw into the hand: 2 cards with 3-4 players, 3 cards with 5-7 players. The draw is
private: the spectator's log shows only how many cards, the drawing player's log shows which."""),
        code("""
for n in (4, 5):
    s = game.state_from_json({"num_players": n, "players": [{"hand": ["peas"]}] + [{}] * (n - 1),
                              "deck": ["beans"] * 6 + ["tomato", "turnip"]})
    do(s, "plant peas 1", *["pass"] * (n - 1), "keep turnip", "plant turnip 2", "keep tomato",
       "harvest 1", "plant tomato 1")
    spectator = [line for line in s.log_text(None) if "(receive)" in line]
    mine = [line for line in s.log_text(0) if "(receive)" in line]
    print(f"{n} players | spectator: {spectator[0]} | P0: {mine[0]}")
"""),
        rule("JAL-RECEIVE-02", "There is no hand limit: a hand of 12 cards becomes 14."),
        code("""
s = game.state_from_json({"num_players": 3, "players": [{"hand": ["peas", "beans"] * 6 + ["turnip"]}, {}, {}],
                          "deck": ["beans"] * 6 + ["tomato", "turnip"]})
do(s, "plant turnip 1", "done", "pass", "pass", "keep turnip", "plant turnip 2", "keep tomato",
   "harvest 1", "plant tomato 1")
s.observation(None).hand_sizes
"""),
        # ----------------------------------------------------------------------------------------- harvest
        question('In a 5-player game, how many cards do you draw at the end of your turn, and may you keep them all?',
                 'Three (**JAL-RECEIVE-01**), and yes: there is no hand limit (**JAL-RECEIVE-02**).'),
        md("""
---
## Optional actions: harvest

Harvest and buy may be done "at any time". In the engine they are legal alongside *every* decision a
player makes (see **JAL-R-TIMING**).
"""),
        rule("JAL-HARVEST-01", """
Here it is P0's turn; P1 is asked
for an offer and harvests its carrots first."""),
        code("""
s = game.state_from_json({"num_players": 3, "players": [
    {"hand": ["peas"]}, {"plots": [["carrot", 5, False], [None, 0, False]], "coins": 3}, {}],
    "deck": ["beans"] * 6 + ["turnip", "tomato"]})
do(s, "plant peas 1")
print(f"active P{s.observation(None).active_player}, P{s.current_player()} decides:", legal(s, limit=8))
do(s, "harvest 1")
"""),
        rule("JAL-HARVEST-02", """
The meter printed on each card says how many cards make 1, 2, 3 or 4 coins.

**The rulebook's example of harvesting.** *The player has eight potatoes and four peas planted. Eight
potatoes are worth three coins: three potato cards are kept face down as coins and five are burned. The
player has no five peas, so the four peas count as three peas: two coins; the other two peas are burned.*
Potatoes are in the game from 6 players on."""),
        code("""
for product in (17, 7):
    p = data.PRODUCTS[product]
    steps = ", ".join(f"{cards} cards -> {coins + 1}" for coins, cards in enumerate(p.meter) if cards)
    print(f"{p.name:7} meter: {steps}")
s = scenario("harvest")
show(s, viewer=0)
"""),
        code("""
do(s, "harvest 1", "harvest 2")
"""),
        rule("JAL-HARVEST-03", """
Coins are cards: the harvested cards kept face down *are* the coins, the rest goes face up to the burned
pile. After the example, P0's five coins are three potato cards and two pea cards."""),
        code("""
obs = s.observation(0)
print("coins:", obs.my_farm.coins, "| burned pile:", names(obs.burned))
print("my coin cards:", names(obs.my_farm.coin_cards))  # P0 sees its own coin cards; others see only the count
"""),
        rule("JAL-HARVEST-04", """
A harvest takes the whole plot: the notation `harvest PLOT` has no count, so a partial harvest cannot even be
written. An empty plot cannot be harvested."""),
        code("""
print(show(s, viewer=0).text.splitlines()[2])
why_not(s, "harvest 1")
"""),
        rule("JAL-HARVEST-05", """
3 red peppers with fertilizer count as 4
(3 coins), 1 pea with fertilizer counts as 2 (1 coin). The fertilizer stays on its plot."""),
        code("""
s = game.state_from_json({"num_players": 4, "players": [
    {"hand": ["peas"], "plots": [["pepper", 3, True], ["peas", 1, True]]}, {}, {}, {}]})
do(s, "harvest 1", "harvest 2")
"""),
        # ----------------------------------------------------------------------------------------- buy
        question('You have 3 peas on a plot with a fertilizer. What count does the harvest use, and may you harvest only two of the peas?',  # noqa: E501
                 'It counts 4 (**JAL-HARVEST-05**). No: a harvest takes the whole plot (**JAL-HARVEST-04**).'),
        md("""
---
## Optional actions: buy
"""),
        rule("JAL-BUY-01", """
P1 buys a tractor while
P0 is the active player."""),
        code("""
s = game.state_from_json({"num_players": 3, "players": [
    {"hand": ["peas"]}, {"plots": [["carrot", 5, False], [None, 0, False]], "coins": 3}, {}],
    "deck": ["beans"] * 6 + ["turnip", "tomato"]})
do(s, "plant peas 1")
burned = len(s.observation(None).burned)
do(s, "buy tractor")
print("P1 coins:", s.observation(None).farms[1].coins, "| burned pile:", burned, "->", len(s.observation(None).burned))
"""),
        rule("JAL-BUY-02", """
P0 buys a third plot with 4 coins and plants on it at once."""),
        code("""
s = game.state_from_json({"num_players": 3, "players": [{"hand": ["peas"], "coins": 4}, {}, {}]})
do(s, "buy plot", "plant peas 3")
print("score:", s.scores()[0], "(1 coin + 2 for the third plot) |", why_not(s, "buy plot"))
show(s, viewer=0)
"""),
        rule("JAL-BUY-03", """
The tractor also lets you plant three cards (**JAL-PLANT-05**)."""),
        code("""
s = game.state_from_json({"num_players": 3, "players": [{"hand": ["peas"], "coins": 5}, {}, {}]})
do(s, "buy tractor")
print("score:", s.scores()[0], "(3 coins + 1 for the tractor) |", why_not(s, "buy tractor"))
"""),
        rule("JAL-BUY-04", """
For the price, see **JAL-R-FERT**. With 3 players the supply holds 4 fertilizers."""),
        code("""
s = game.state_from_json({"num_players": 3, "players": [{"hand": ["peas"], "coins": 5}, {}, {}]})
do(s, "buy fertilizer 1")
print("coins left:", s.observation(None).farms[0].coins, "| supply:", dict(s.observation(None).supply))
print(why_not(s, "buy fertilizer 1"))
empty = game.state_from_json({"num_players": 3, "players": [{"hand": ["peas"], "coins": 5}, {}, {}],
                              "supply": {"fertilizer": 0}})
print(why_not(empty, "buy fertilizer 1"))
"""),
        rule("JAL-BUY-05", """
P0 pays 1 coin for 3 cards; a second purchase is refused."""),
        code("""
s = game.state_from_json({"num_players": 3, "players": [{"hand": ["peas"], "coins": 2}, {}, {}]})
do(s, "buy cards")
print("hand:", s.observation(0).hand_sizes[0], "cards |", why_not(s, "buy cards"))
"""),
        # ----------------------------------------------------------------------------------------- end
        question("You have 3 coins. Can you buy a tractor and a fertilizer now? And during another player's turn?",
                 "Not both: 2 + 2 = 4 coins (**JAL-BUY-03**, **JAL-BUY-04**). One of them, yes, and at any time, also during another player's turn (**JAL-BUY-01**)."),  # noqa: E501
        md("""
---
## End of the game
"""),
        rule("JAL-END-01", """
Here the deck has one card left, so
the reveal needs the burned pile (**JAL-R-RUNOUT**)."""),
        code("""
s = game.state_from_json({"num_players": 3, "players": [{"hand": ["peas"]}, {}, {}],
                          "deck": ["tomato"], "burned": ["beans", "beans", "carrot"]})
do(s, "plant peas 1")
"""),
        rule("JAL-END-02", """
In this position the deck has already run
out twice and holds one card; P1 is the active player."""),
        code("""
ending = {"num_players": 3, "active": 1, "deck_runs_out": 2, "deck": ["tomato"], "burned": [],
          "players": [{"hand": ["peas"] * 3}, {"hand": ["carrot"], "coins": 2}, {"hand": ["beans"]}]}
s = game.state_from_json(ending)
do(s, "plant carrot 1")
"""),
        code("""
do(s, "pass", "pass", "keep tomato", "plant tomato 2")  # the market step still finishes (JAL-R-ENDSTEP)
"""),
        rule("JAL-END-03", """
The final planting goes in seat order from the active player (**JAL-R-FINALORDER**): P1 plants nothing,
P2 plants its beans, P0 two peas, and a third pea is refused."""),
        code("""
do(s, "done", "plant beans 1", "done", "plant peas 1", "plant peas 1")
print(why_not(s, "plant peas 1"))
"""),
        rule("JAL-END-04", "When the last player is done, every plot of every player is harvested."),
        code("""
do(s, "done")
"""),
        rule("JAL-END-05", """
Fertilizer and credit tokens are worth nothing. Here P0 has 5 carrots with fertilizer (count 6: 2 coins),
3 peas (2 coins), 2 coins in hand and a tractor: 7 points."""),
        code("""
s = game.state_from_json({"num_players": 3, "phase": "final-plant", "deck_runs_out": 3, "ending": True,
                          "players": [{"hand": [], "plots": [["carrot", 5, True], ["peas", 3, False]], "coins": 2,
                                       "tractor": True, "tokens": [0, 1, 2]}, {"tokens": []}, {"tokens": []}]})
do(s, "done", "done", "done")
outcome_table(s.outcome(), score="points")
"""),
        rule("JAL-END-06", """
First three players tie on 6 and the third plot decides; then three players tie on 6 with no third plot,
and the coins spent on equipment (tractor + fertilizer 4, fertilizer 2, tractor + fertilizer 4) leave P0 and P2
sharing the win."""),
        code("""
s = game.state_from_json({"num_players": 3, "phase": "final-plant", "deck_runs_out": 3, "ending": True,
                          "players": [{"hand": [], "coins": 4, "third_plot": True, "plots": [[None, 0]] * 3},
                                      {"hand": [], "coins": 6},
                                      {"hand": [], "coins": 5, "tractor": True}]})  # spent 2: derived
do(s, "done", "done", "done")
print("P0 bought a third plot:")
print(outcome_table(s.outcome(), score="points"))
fert = [[None, 0, True], [None, 0, False]]  # a fertilizer on plot 1 (coins spent on equipment are derived)
t = game.state_from_json({"num_players": 3, "phase": "final-plant", "deck_runs_out": 3, "ending": True,
                          "players": [{"hand": [], "coins": 5, "tractor": True, "plots": fert},
                                      {"hand": [], "coins": 6, "plots": fert},
                                      {"hand": [], "coins": 5, "tractor": True, "plots": fert}]})
do(t, "done", "done", "done")
print()
print("No third plot; P0 and P2 spent 4 coins on equipment, P1 spent 2:")
print(outcome_table(t.outcome(), score="points"))
"""),
        # ----------------------------------------------------------------------------------------- rulings
        question('Two players tie on 8 points. Neither has a third plot; one bought a tractor (2 coins), the other two fertilizers (4 coins). Who wins?',  # noqa: E501
                 'The one who spent 4 coins: after the third plot, the coins spent on tractor and fertilizer decide (**JAL-END-06**).'),  # noqa: E501
        md("""
---
## Rulings

A rulebook is written for people around a table, who settle questions as they come up. An engine needs an
answer to every question in advance. These are the engine's answers; each has an ID like a rule, and
`docs/RULINGS.md` explains why it was chosen.
"""),
        ruling("JAL-R-TIMING",
               'harvest and buy are allowed "at any time during the game (even when it is not your turn)".',  # noqa: E501
               'harvest and buy are legal alongside every decision a player makes, as often as they like; every player decides at least once in every turn (the offer step).',  # noqa: E501
               'a real-time interrupt at any instant, even between two cards of a draw (a turn-based engine has no such instants, and the order of interrupts would matter).',  # noqa: E501
               """
So "at any time" means: whenever the engine asks you anything. The players asked during one turn of the
watermelon example, played by heuristic bots:"""),
        code("""
s = scenario("watermelon")
bot, deciders = HeuristicJalizBot(1), []
while s.observation(None).active_player == 0:  # until red's turn is over
    deciders.append(f"P{s.current_player()}:{s.decision()}")
    s.apply(bot.act(s.observation(s.current_player()), s.legal_actions()))
print(" ".join(deciders))
"""),
        ruling("JAL-R-NEGOTIATION",
               'the active player trades with anyone, with offers and counter-offers ("The red player does not accept. The player offers again"), in no given order and with no limit.',  # noqa: E501
               'a priority claim, then at most `offer_rounds` rounds (default 2): each other player in seat order offers once or passes, then the active player accepts, keeps, gives or refuses.',  # noqa: E501
               'free negotiation without a bound, which a program cannot list as legal actions.',  # noqa: E501
               """
Here P1 offers a carrot, P0 refuses, P1 raises to two carrots in the second (last) round, P0 accepts and
gives the turnip away."""),
        code("""
print("offer_rounds =", game.options["offer_rounds"])
s = game.state_from_json(market)
do(s, "plant peas 1", "offer tomato for carrot", "pass", "refuse", "offer tomato for carrot,carrot", "pass")
"""),
        code("""
print(legal(s))
do(s, "accept 1", "plant tomato 1", "plant carrot 2", "plant carrot 2", "give turnip to 2", "plant turnip 1")
"""),
        ruling("JAL-R-ASK",
               "in the watermelon example the buyer asks for a revealed card *and* a card from the active player's hand, which nobody else can see.",  # noqa: E501
               'an offer may ask for up to `max_ask` (default 2) cards by product; accepting hands them over.',  # noqa: E501
               "only revealed cards may be asked for (then the rulebook's own example could not be played).",  # noqa: E501
               """
`max_ask` is 2 by default; asking for three peas is refused."""),
        code("""
s = game.state_from_json(market)
do(s, "plant peas 1")
print("max_ask =", game.options["max_ask"], "|", why_not(s, "offer tomato ask peas,peas,peas"))
"""),
        rule("JAL-R-GIFT", """
**This is a ruling, and the rulebook's own text argues against it.** The rulebook says both "the player who
receives the card must immediately plant it" (Market) and "if you cannot trade a card, and **no player accepts
it as a gift**, you must take those two cards for yourself". The second sentence suggests a gift can be
*declined*.

* **Reading chosen (JAL-R-GIFT):** a gift is forced; the receiver must plant it (harvesting first if needed).
  "No player accepts it" is read as "nobody trades for it", which is JAL-MARKET-07's fallback.
* **Other reading:** the receiver may refuse the gift, and the card falls back to the active player.

The engine follows the first reading (see `docs/RULINGS.md`). Below, P1's only choices are where to plant it
(or to harvest or buy first): there is no `refuse`."""),
        code("""
s = game.state_from_json(market)
do(s, "plant peas 1", "pass", "pass", "give turnip to 1")
print(f"P{s.current_player()} {s.decision()}: {legal(s)}")
"""),
        ruling("JAL-R-FERT",
               'the detailed rule prices fertilizer at 2 coins, the summary page at 1 coin.',  # noqa: E501
               '2 coins; the option `fertilizer_price=1` follows the summary.',  # noqa: E501
               '1 coin, as on the summary page.',  # noqa: E501
               """
The rulebook prints two fertilizer prices (2 coins in the detailed rule, 1 coin in the summary). The
engine uses 2; the option `fertilizer_price=1` follows the summary."""),
        code("""
cheap = jaliz_learn.load_game("jaliz", fertilizer_price=1)
s = cheap.state_from_json({"num_players": 3, "players": [{"hand": ["peas"], "coins": 1}, {}, {}]})
do(s, "buy fertilizer 2")
"""),
        ruling("JAL-R-HAND",
               'nothing about hand order (Bohnanza, the model of Jaliz, forbids rearranging the hand).',  # noqa: E501
               'order does not matter: any hand card may be planted, traded or asked for.',  # noqa: E501
               "Bohnanza's rule: the hand keeps its order and the front card is planted first.",  # noqa: E501
               """
Hand order does not matter (unlike some trading games): any card of the hand may be planted."""),
        code("""
s = game.state_from_json({"num_players": 3, "players": [{"hand": ["turnip", "carrot", "peas", "beans"]}, {}, {}]})
legal(s)
"""),
        ruling("JAL-R-RUNOUT",
               '"When the product deck runs out, shuffle the burned pile", and the game ends when it runs out for the third time.',  # noqa: E501
               'the deck runs out when a card must be drawn from an empty deck; taking the last card is not yet a run-out.',  # noqa: E501
               'the deck runs out when its last card is taken.',  # noqa: E501
               """
Taking the last card is not a run-out; an empty deck changes nothing until the next draw, which counts
the run-out and reshuffles."""),
        code("""
s = game.state_from_json({"num_players": 3, "players": [{"hand": ["peas"]}, {}, {}],
                          "deck": ["turnip", "tomato"], "burned": ["beans"] * 4})
do(s, "plant peas 1")  # the reveal takes the last two cards: the deck is empty but has not run out
obs = s.observation(None)
print("deck", obs.deck_size, "| ran out", obs.deck_runs_out, "times")
do(s, "pass", "pass", "keep turnip", "plant turnip 2", "keep tomato", "harvest 1", "plant tomato 1")
"""),
        ruling("JAL-R-ENDSTEP",
               'the game ends when the deck runs out for the third time, which can happen in the middle of a turn.',  # noqa: E501
               'no more cards are drawn; the current step (planting or market) finishes with the cards already revealed, then the final phase starts.',  # noqa: E501
               'the game stops at once, and the cards of a half-done market are never planted.',  # noqa: E501
               """
In the **JAL-END-02** scenario the deck ran out during the reveal: only one card (the
tomato) came out, the market was finished with it, and nobody received cards."""),
        code("""
final = game.state_from_json(ending)
do(final, "plant carrot 1", "pass", "pass", "keep tomato", "plant tomato 2")
print(final.decision(), "| ending:", final.observation(None).ending)
"""),
        ruling("JAL-R-COINCAP",
               'harvested cards kept face down *are* the coins; nothing about a count that would pay more coins than cards.',  # noqa: E501
               'a harvest never pays more coins than cards harvested.',  # noqa: E501
               'coins as counters, not cards (then bonuses could pay more coins than cards).',  # noqa: E501
               """
Coins are the cards themselves, so a harvest cannot pay more coins than it has cards. In standard mode a
fertilizer adds one card to the count, and that never earns more coins than cards: 3 red peppers with
fertilizer count as 4 and pay 3 coins, exactly the three cards (none is burned)."""),
        code("""
s = game.state_from_json({"num_players": 4, "players": [
    {"hand": ["peas"], "plots": [["pepper", 3, True], [None, 0, False]]}, {}, {}, {}]})
do(s, "harvest 1")
"""),
        md("""
The cap only bites when bonuses add up, which needs the advanced mode (notebook 03). There, one pea with a
fertilizer *and* the Breeding event on peas counts as 3 peas. The meter pays 2 coins for 3 peas, but only 1
card was harvested, so the harvest pays **1 coin**: the cap is reached."""),
        code("""
advanced = jaliz_learn.load_game("jaliz-advanced")
s = advanced.state_from_json({"num_players": 3, "events": {"breeding": "peas"},
                              "players": [{"hand": ["peas"], "plots": [["peas", 1, True], [None, 0, False]]}, {}, {}]})
do(s, "harvest 1")  # counts 3 -> the meter says 2 coins, the cap pays 1
"""),
        ruling("JAL-R-PAYMENT",
               'paid coins go face up to the burned pile; it does not say which coin cards.',  # noqa: E501
               'the most recently earned coin cards pay.',  # noqa: E501
               'the player chooses which coin cards to pay (it changes only what lies in the burned pile).',  # noqa: E501
               """
P0's coins are a carrot,
then beans, then a turnip: buying a tractor (2 coins) burns the turnip and the beans."""),
        code("""
s = game.state_from_json({"num_players": 3, "players": [{"hand": ["peas"], "coins": ["carrot", "beans", "turnip"]},
                                                        {}, {}]})
do(s, "buy tractor")
obs = s.observation(0)
print("coin cards left:", names(obs.my_farm.coin_cards), "| burned pile:", names(obs.burned))
"""),
        ruling("JAL-R-START",
               '"the player who most recently visited a fruit shop" starts.',  # noqa: E501
               "seat 0 starts; who sits at seat 0 is the caller's choice (tournaments rotate seats).",  # noqa: E501
               'a random start player.',  # noqa: E501
               """
The rulebook lets "the player who most recently visited a fruit shop" start. The engine seats that player
at seat 0, so P0 always starts."""),
        code("""
[game.initial_state(num_players=n, seed=n).current_player() for n in range(3, 8)]
"""),
        ruling("JAL-R-FINALORDER",
               'after the end each player may plant up to 2 cards (3 with a tractor); no order is given.',  # noqa: E501
               'one after another in seat order, starting with the player whose turn it was; each may harvest or buy first, then says `done`.',  # noqa: E501
               'everybody plants at the same time, or seat 0 starts.',  # noqa: E501
               """
In the **JAL-END-02** scenario it was P1's turn."""),
        code("""
print(final.log_text()[-1])
"""),
        ruling("JAL-R-NOCARDS-LATE",
               'once per game a player may pay 1 coin to take 3 cards from the deck; nothing about the end.',  # noqa: E501
               'not offered after the third run-out: there is nothing left to draw.',  # noqa: E501
               'still legal, and the coin is wasted.',  # noqa: E501
               """
In the **JAL-END-02** scenario, during the final planting:"""),
        code("""
print(why_not(final, "buy cards"))
"""),
        # ----------------------------------------------------------------------------------------- tools
        question('P1 gives you a revealed card you do not want. May you refuse it, and does the rulebook say so?',
                 'In this engine you may not (ruling **JAL-R-GIFT**). The rulebook can be read both ways: it says the receiver must plant the card, but also speaks of a player not accepting a gift.'),  # noqa: E501
        md("""
---
## Beyond single rules

### Every rule in the code

Each rule ID above is also in the engine's code: the function that carries the rule out cites its ID, so a rule
is one call away. `rule_code` shows where a rule is and its code (in a terminal: `jaliz-learn rules jaliz --where
JAL-R-GIFT`). The gift of the question above, as the engine does it:
"""),
        code("""
from jaliz_learn.teaching import rule_code

rule_code("JAL-R-GIFT")
"""),
        md("""
Try another ID from the tables, e.g. `rule_code("JAL-PLANT-02")` or `rule_code("JAL-HARVEST-02")`. A rule that is
a number (a price, a meter) points at `data.py`, where every value of the card data lives.

### A whole game, and its event log

Every action and every chance outcome (shuffle, reveal, draw) is an event in `state.log`. The log can
be read as text (`state.log_text(viewer)`) or as a pandas DataFrame (`state.log_dataframe(viewer=...)`).
Each event says who may see its secret part: a player sees their own draws, a spectator sees none.
"""),
        code("""
bots = [HeuristicJalizBot(1), RandomBot(2), HeuristicJalizBot(3), RandomBot(4)]
result = jaliz_learn.play("jaliz", bots, seed=7)
print("scores:", result.scores, "| winners:", result.winners, "| decisions:", result.decisions)
log = result.state.log_dataframe(viewer=0)
log[["turn", "kind", "player", "text"]].head(12)
"""),
        code("""
from collections import Counter

Counter(log["kind"]).most_common(10)  # the ten most frequent kinds of event
"""),
        md("""
### Hidden information: what a bot may see

A bot receives `state.observation(seat)`, never the state. The observation holds copies: the player's
own hand, every farm, hand *sizes* of the others, the revealed cards, open offers, the burned pile and
the deck *size*. The same event log, seen by P1 and by the spectator, hides P0's drawn cards:
"""),
        code("""
start = game.initial_state(num_players=4, seed=7)
for viewer in (0, 1, None):
    obs = start.observation(viewer)
    hand = None if obs.hand is None else names(obs.hand)
    print(f"viewer {viewer}: hand {hand} | hand sizes {obs.hand_sizes} | deck size {obs.deck_size}")
print()
print("P0 sees:       ", start.log_text(0)[1])
print("P1 sees:       ", start.log_text(1)[1])
print("spectator sees:", start.log_text(None)[1])
"""),
        code("""
show(start, viewer=1)
"""),
        md("""
### Replays

A game is its seed plus its actions: `state.record()` is a small JSON-ready dict, and
`jaliz_learn.replay_record(record)` rebuilds exactly the same final state. `ReplayViewer` steps through a
record (or a finished state) on a board, as seen by one player.
"""),
        code("""
record = result.state.record()
print(len(record["actions"]), "actions, first ones:", record["actions"][:6])
again = jaliz_learn.replay_record(record)
print("same final state:", again == result.state, "| scores:", again.scores())
"""),
        code("""
replay = ReplayViewer(record, viewer=0)
"""),
        code("# NBVAL_IGNORE_OUTPUT\nreplay"),
        md("""
### A tournament

`jaliz_learn.tournament` plays many seeded games with the seats rotated, so every bot plays every seat
equally often, and returns one row per bot (wins, a 95% interval of the win rate, mean score, failures).
The timing columns (`mean_ms`, `max_ms`) change from run to run, so they are dropped here.
"""),
        code("""
table = jaliz_learn.tournament("jaliz", {"heuristic": HeuristicJalizBot, "random": RandomBot},
                               games=8, seed=1, num_players=4)
table.drop(columns=["mean_ms", "max_ms"])
"""),
        md(f"""
## Where next?

* Change a scenario above and run it again, or play on the board at the top.
* Write a bot: any object with `act(observation, legal_actions) -> action`. Start from
  `jaliz_learn/games/jaliz/bots.py` (the heuristic bot) and test it with `jaliz_learn.tournament`.
* The graded exercises are in [`exercises/`]({exercises_link()}).
"""),
    ]


# ---------------------------------------------------------------------------------------------------------
def check_rule_ids(cells: list[Cell]) -> None:
    text = "\n".join(src for _, src in cells)
    missing = [rid for rid in RULES.ids if rid not in text]
    if missing:
        raise SystemExit(f"the walkthrough misses rule IDs: {missing}")


def errors_in(path: Path) -> list[str]:
    """Error outputs of cells not marked NBVAL_RAISES_EXCEPTION."""
    nb = nbformat.read(path, as_version=4)
    out = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code" or "NBVAL_RAISES_EXCEPTION" in cell.source:
            continue
        for o in cell.get("outputs", []):
            if o.get("output_type") == "error":
                out.append(f"{path.name} cell {i}: {o.get('ename')}: {o.get('evalue')}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-run", action="store_true", help="write the notebooks without executing them")
    args = parser.parse_args(argv)
    walk = walkthrough_cells()
    check_rule_ids(walk)
    nbformat.write(make_notebook(walk + ladder_cells("jaliz")), WALKTHROUGH)
    nbformat.write(make_notebook(welcome_cells()), WELCOME)
    if args.no_run:
        return 0
    for path in (WELCOME, WALKTHROUGH):
        execute(path)
    problems = errors_in(WELCOME) + errors_in(WALKTHROUGH)
    print(json.dumps({"built": [WELCOME.name, WALKTHROUGH.name], "errors": problems}, indent=1))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
