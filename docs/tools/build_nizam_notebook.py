# ruff: noqa: E501  (the notebook text is kept as written)
"""Build notebooks/02_nizam.ipynb: every NIZ- and PRL- rule ID, in catalogue order, with a scenario each.

Run from the project root; the builder writes the notebook and executes it in place:

    .venv/bin/python docs/tools/build_nizam_notebook.py            # build + execute
    .venv/bin/python docs/tools/build_nizam_notebook.py --no-run   # build only

Each rule heading (``### NIZ-... · title``) takes its title and paraphrase from the catalogues
(``jaliz_learn/games/nizam/``); the builder stops if an ID is missing or out of order
(tests/test_notebooks.py checks the same on the stored notebook). Rulings quote the rulebook,
name the reading chosen and the other reading (docs/rulings/nizam.md has the reasons).
The cells use only the public API: observations, legal actions, events and outcomes.
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

from jaliz_learn.core.registry import load_game

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "02_nizam.ipynb"
CATALOGUES = {"NIZ": load_game("nizam").rules, "PRL": load_game("pearl-of-the-east").rules}


def rule(rule_id: str, body: str = "") -> Cell:
    return rule_cell(CATALOGUES[rule_id[:3]][rule_id], body)


def ruling(rule_id: str, says: str, chosen: str, other: str, body: str = "") -> Cell:
    return ruling_cell(CATALOGUES[rule_id[:3]][rule_id], says, chosen, other, body)


CELLS: list[Cell] = [
    md("""
# Nizam and Pearl of the East, rule by rule

Two games on one 5×5 board of gem cards (rulebook `shared/seeds/002_480ed5f04e982bd3.txt`). Every rule has an
ID: `NIZ-...` for Nizam (with its solo variant) and `PRL-...` for Pearl of the East. Each rule below comes with a
small position you can change and run again, and most with a picture of the position **before** and **after**.
Rules marked *ruling* are questions the rulebook leaves open: each ruling says what the rulebook says, the
reading the engine chose and the other reading (`docs/RULINGS.md` gives the reasons).

The cells only use what a bot may use: **observations** (`state.observation(player)`), **legal actions**,
**events** (what `do` prints) and **outcomes**. A position is written as JSON: five board rows, top row first,
the letters `A`..`H` for the eight gem kinds and `P` for the pearl, hands as strings, and the deck with its top
card first. Rows are `r1`..`r5` (top to bottom), columns `c1`..`c5` (left to right).

At the end of the notebook you play a whole game on a live board.
"""),
    code("""
import jaliz_learn
from jaliz_learn.games.nizam import Move
from jaliz_learn.games.nizam.bots import NizamGreedyBot, PearlGreedyBot
from jaliz_learn.teaching import do, legal, outcome_table, pictures, rules_table, try_action, why_not

nizam = jaliz_learn.load_game("nizam")
pearl = jaliz_learn.load_game("pearl-of-the-east")
rules_table(nizam)
"""),
    code("rules_table(pearl)"),
    md("""
Helpers from `jaliz_learn.teaching` keep the cells short: `do(state, *actions)` applies actions written as text
and prints the events they caused; `try_action(state, action)` applies an action or says in one line why it is
refused; `legal(state)` lists the legal actions; `pictures(("before", obs1), ("after", obs2))` draws positions
side by side; `outcome_table(outcome, names)` shows a result with labelled scores.
"""),
    # ------------------------------------------------------------------------------------------ Nizam set-up
    md("""
---
## Nizam 1: the cards and the set-up
"""),
    rule("NIZ-COMP-01", """
Nizam uses the 96 gem cards. Every one of them is somewhere: on the board, in the deck, in a hand or on the
discard pile. A spectator's observation counts them all, and finds no pearl on the board."""),
    code("""
state = nizam.initial_state(num_players=2, seed=1)
obs = state.observation(None)  # None: a spectator, who sees no hand
on_board = sum(len(row) for row in obs.board)
print(on_board, "on the board +", obs.deck_size, "in the deck +", sum(obs.hand_sizes), "in hands =",
      on_board + obs.deck_size + sum(obs.hand_sizes) + len(obs.discard), "| pearl on the board:",
      any("P" in row for row in obs.board))
"""),
    rule("NIZ-SETUP-01", """
The 25 board cards are the first 25 of the shuffled deck, so any pattern can appear, even a run of three
already standing at the start (it scores for nobody until someone changes it: **NIZ-SCORE-03**)."""),
    code("""
pictures(("seed 1, as P0 sees it", state.observation(0)))
"""),
    rule("NIZ-SETUP-02", "Three cards each, and every score starts at 0."),
    code("""
obs.hand_sizes, obs.scores
"""),
    rule("NIZ-SETUP-03", """
The first player comes from the game's random generator: the seed decides it, so a seed replays the same game."""),
    code("""
[nizam.initial_state(num_players=3, seed=k).current_player() for k in range(1, 11)]
"""),
    ruling("NIZ-INFO-01",
           "the deck lies face down and the drawn cards go \"in hand\"; it never says what the others may know.",
           "hands and the deck order are secret; everybody sees hand *sizes*, the deck size, the board, the "
           "discard pile (payments are discarded face up) and the scores.",
           "the discard pile is a face-down pile nobody may look through (then a bot could not count the cards "
           "that are gone).",
           """
P0's observation shows P0's hand and only the size of P1's; P1 sees the opposite."""),
    code("""
mine, theirs = state.observation(0), state.observation(1)
print("P0 sees: hand", mine.hand, "| hand sizes", mine.hand_sizes, "| deck", mine.deck_size)
print("P1 sees: hand", theirs.hand, "| hand sizes", theirs.hand_sizes, "| deck", theirs.deck_size)
"""),
    question("Can a bot find out which three cards the other player holds at the start?",
             "No. It sees `hand_sizes` only. The deck order is hidden too, so no field of an observation tells "
             "it. Later it can *infer* something: for example, a payment shows which card a player had."),
    # ------------------------------------------------------------------------------------------ Nizam turn
    md("""
---
## Nizam 2: a turn is a draw *or* moves

The position below is used for several rules: a plain board without runs, P0 holds `AABC`, and the deck
holds `HHGFE` (top card first). Runs scored by the scenarios need a deck to refill from, so each scenario
gives one.
"""),
    code("""
PLAIN = ["ABCDE", "FGHAB", "CDEFG", "HABCD", "EFGHA"]
s = nizam.state_from_json({"board": PLAIN, "hands": ["AABC", ""], "deck": "HHGFE"})
pictures(("the PLAIN position (P0's view)", s.observation(0)))
"""),
    rule("NIZ-TURN-01", """
At the start of a turn the decision is `draw-or-move`: `draw` and every move are legal. After one move,
`draw` is gone: a turn never mixes the two."""),
    code("""
print(s.decision(), "|", len(s.legal_actions()), "legal actions, the first ones:", legal(s, 4))
do(s, "move r1 left A")
print(s.decision(), "| draw now?", why_not(s, "draw"))
"""),
    rule("NIZ-DRAW-01", """
A draw takes the top three cards (`HHG` here) into the hand and the turn passes at once: P1 is next."""),
    code("""
s = nizam.state_from_json({"board": PLAIN, "hands": ["AABC", ""], "deck": "HHGFE"})
before = s.observation(0)
print(do(s, "draw", viewer=0))  # viewer=0: P0 may see which cards it drew
print("hand", before.hand, "->", s.observation(0).hand, "| next player: P%d" % s.current_player())
pictures(("before", before), ("after the draw (P0's view)", s.observation(0)))
"""),
    rule("NIZ-DRAW-02", """
When the deck runs out, the discard pile becomes the new deck. Here the deck holds only `AB` and the discard
pile `DDD`: the draw takes `A` and `B`, the deck has run out (count 1), the three `D` are shuffled into a
new deck and the third card is a `D`."""),
    code("""
s = nizam.state_from_json({"board": PLAIN, "hands": ["", ""], "deck": "AB", "discard": "DDD"})
print(do(s, "draw", viewer=0))
after = s.observation(0)
print("hand", after.hand, "| deck", after.deck_size, "| discard", repr(after.discard), "| ran out", after.deck_runouts)
"""),
    ruling("NIZ-DRAW-03",
           "\"The player takes the top three cards from the gem card deck\"; it does not say what happens when "
           "there are no cards at all (possible only in a scenario that leaves cards out of play).",
           "the draw takes what there is, maybe nothing, but drawing nothing is allowed only to a player who "
           "cannot move. A player who can move must move, so nobody passes forever.",
           "a draw is always allowed (then two players could pass forever), or the game ends as soon as "
           "both piles are empty.",
           """
Deck and discard pile are empty here (the other cards are out of play). P0 holds cards and can move, so
its draw is refused. In the second position P0 holds nothing, cannot move, and may draw nothing."""),
    code("""
s = nizam.state_from_json({"board": PLAIN, "hands": ["ABC", ""], "deck": "", "discard": ""})
print("P0 holds ABC:", try_action(s, "draw"))
s = nizam.state_from_json({"board": PLAIN, "hands": ["", "ABC"], "deck": "", "discard": ""})
print("P0 holds nothing:", try_action(s, "draw"), "| P0's hand size", s.observation(None).hand_sizes[0])
"""),
    question("The deck holds one card and the discard pile five. P0 draws. How many cards does P0 get, and how "
             "big is the deck afterwards?",
             "Three cards: the last card of the deck, then the discard pile is shuffled into a new deck of five "
             "and two more come from it. The deck then holds 3 cards and the deck has run out once "
             "(**NIZ-DRAW-02**)."),
    # ------------------------------------------------------------------------------------------ Nizam moves
    md("""
---
## Nizam 3: moving lines
"""),
    rule("NIZ-MOVE-01", """
Every row and column has two ends, so there are 20 ends. To move a line you pay a card of the **same kind as
the end card** you want to move; that card slides to the other end and the others shift one place, in the
same order. The directions say where the end card leaves from: `left` and `right` for rows, `top` and
`bottom` for columns. Below, P0 pays an `A` to move `r1` from the left (`ABCDE` → `BCDEA`)."""),
    code("""
s = nizam.state_from_json({"board": PLAIN, "hands": ["AABC", ""], "deck": "HHGFE"})
before = s.observation(0)
print(do(s, "move r1 left A"))
pictures(("before", before), ("after move r1 left A", s.observation(0)))
"""),
    rule("NIZ-MOVE-02", """
A turn may hold any number of moves, one payment each. P0 goes on: it pays a `B` to move column `c1` from
the top (`B,F,C,H,E` → `F,C,H,E,B`; the first move brought the `B` to the top of `c1`)."""),
    code("""
before = s.observation(0)
print(do(s, "move c1 top B"))
pictures(("before", before), ("after move c1 top B", s.observation(0)))
"""),
    rule("NIZ-MOVE-03", """
Without a card of the end's kind you may pay **three cards of any kind**. P0 holds `BCD` and no `A`, and moves
`r1` from the left anyway."""),
    code("""
t = nizam.state_from_json({"board": PLAIN, "hands": ["BCD", ""], "deck": "HHGFE"})
before = t.observation(0)
print(do(t, "move r1 left BCD"))
pictures(("before", before), ("after move r1 left BCD", t.observation(0)))
"""),
    ruling("NIZ-MOVE-04",
           "\"If a player ... does not have a card of the required kind, the player may discard three cards of "
           "ANY kind.\"",
           "three cards pay only when you hold no card of the end's kind. A payment is written as its sorted "
           "letters (`BCD`), so two orders of the same cards are one action.",
           "three cards may always be paid (say, to keep a valuable card), or the three cards must differ.",
           """
This is the notebook's deliberate illegal move: P0 holds an `A` and tries to pay `BCD` for the `A` end. The
engine refuses with the rule's ID and a short reason (`try_action` prints it in one line instead of raising),
and the position does not change."""),
    code("""
u = nizam.state_from_json({"board": PLAIN, "hands": ["ABCD", ""], "deck": "HHGFE"})
print(try_action(u, "move r1 left BCD"))
print("the payments P0 may use for r1 left:", [a.pay for a in u.legal_actions()
                                              if isinstance(a, Move) and (a.line, a.end) == ("r1", "left")])
"""),
    code("""
# Without an A, every set of three cards is a payment, each listed once:
v = nizam.state_from_json({"board": PLAIN, "hands": ["BBCD", ""], "deck": "HHGFE"})
[a.pay for a in v.legal_actions() if isinstance(a, Move) and (a.line, a.end) == ("r1", "left")]
"""),
    ruling("NIZ-MOVE-05",
           "\"After the player has finished all moves, the phase 'activating the game board' follows.\" It does "
           "not say how a player shows that the moves are finished.",
           "after at least one move the decision is `move-or-score`: move again, or say `score` to activate the "
           "board. `score` is not legal before a move.",
           "the board is activated after every move (then a combination would score as soon as it forms, and "
           "two moves could not build one run together).",
           ""),
    code("""
s = nizam.state_from_json({"board": PLAIN, "hands": ["AABC", ""], "deck": "HHGFE"})
print("before a move:", why_not(s, "score"))
do(s, "move r1 left A")
print(s.decision(), "->", legal(s, 3), "...")
"""),
    question("Your hand is `ACD` and the end card you want to move is a `B`. Which payments are legal? And if "
             "your hand were `ABCD`?",
             "With `ACD`: only `ACD` (three cards of any kind, since you hold no `B`). With `ABCD`: only `B`; "
             "three cards are not allowed while you hold the end's kind (**NIZ-MOVE-04**)."),
    # ------------------------------------------------------------------------------------------ Nizam score
    md("""
---
## Nizam 4: activating the board

After `score`, every row and column is looked at. A *combination* is three or more identical gems next to each
other in one line.
"""),
    rule("NIZ-SCORE-01", """
3, 4 and 5 identical gems score 3, 5 and 7 VP (the rulebook's table). Three positions, one move each, make a
run of 3, of 4 and of 5 in row 1. The first two slide the last `A` of row 1 to the front; the third moves
column 5 up, which brings an `A` into the corner `r1c5`."""),
    code("""
DECK = "BCDEFGH"  # refills the scored holes
boards = {3: ["AAGAA", "CDEFG", "DEFGH", "EFGHC", "FGHCD"],   # AAGAA -> AAAGA: a run of 3 at the front
          4: ["AAAGA", "CDEFG", "DEFGH", "EFGHC", "FGHCD"],   # AAAGA -> AAAAG: the run of 3 becomes 4
          5: ["AAAAG", "CDEFA", "DEFGH", "EFGHC", "FGHCD"]}   # c5 top G: the A below moves up -> AAAAA
moves = {3: "move r1 right A", 4: "move r1 right A", 5: "move c5 top G"}
for n, board in boards.items():
    s = nizam.state_from_json({"board": board, "hands": ["AG", ""], "deck": DECK})
    print(do(s, moves[n], "score").steps[-1][2][0])
"""),
    code("""
s = nizam.state_from_json({"board": boards[5], "hands": ["AG", ""], "deck": DECK})
before = s.observation(0)
do(s, "move c5 top G")
middle = s.observation(0)
do(s, "score")
pictures(("before", before), ("after the move: the run is framed", middle), ("after score: refilled", s.observation(0)), width=300)
"""),
    ruling("NIZ-SCORE-02",
           "\"In addition, the player receives 1 VP for each additional combination of identical gems that they "
           "assembled during this turn.\"",
           "each line's longest run is one combination (a run of 5 is one, not three overlapping runs of 3); "
           "a row run and a column run that cross are two. The bonus is the number of combinations minus one.",
           "overlapping runs of 3 inside a run of 4 or 5 each count, or a crossing pair counts once because "
           "it shares a card.",
           """
Here one move makes `AAA` in row 1 and `AAA` in column 3, crossing at `r1c3`: 3 + 3 + 1 bonus = 7 VP."""),
    code("""
CROSS = ["AABCA", "DEAFG", "EFAGH", "FGCHD", "GHDEF"]
s = nizam.state_from_json({"board": CROSS, "hands": ["A", ""], "deck": "HHHFGBCDE"})
before = s.observation(0)
print(do(s, "move r1 right A"))        # r1 becomes AAABC, column c3 becomes A,A,A,C,D
middle = s.observation(0)
print(do(s, "score"))
pictures(("before", before), ("after the move", middle))
"""),
    rule("NIZ-SCORE-03", """
A run scores only if **you changed** how many identical cards that line holds. A run that was standing at the
start of the turn and was only shifted along its line keeps its kind and length, and does not score: row 3
holds `HHH` at the start, P0 moves row 3 from the right (`HHHCD` → `DHHHC`), and it is still `HHH`: 0 VP.
(The engine records each line's run at the start of the turn and after every move; this literal reading of
"changed the number of identical cards" is explained in `docs/RULINGS.md`.)"""),
    code("""
STANDING = ["ABCDE", "CDEFG", "HHHCD", "DEFGC", "EFGDE"]
s = nizam.state_from_json({"board": STANDING, "hands": ["D", ""], "deck": "BCDEFGH"})
before = s.observation(0)
print(do(s, "move r3 right D", "score"))
pictures(("before: HHH standing in r3", before), ("after: shifted, not scored", s.observation(0)))
"""),
    rule("NIZ-SCORE-04", """
This is the rulebook's own example: a player who **broke up and re-joined** a combination that was already on
the board scores it. P0 moves `r3` from the left (`HHHCD` → `HHCDH`: broken), then from the right
(`HHCDH` → `HHHCD`: re-formed). The line changed during the turn, so `HHH` scores 3 VP."""),
    code("""
s = nizam.state_from_json({"board": STANDING, "hands": ["HH", ""], "deck": "ABCDEFG"})
before = s.observation(0)
print(do(s, "move r3 left H", "move r3 right H", "score"))
pictures(("before", before), ("after: scored and refilled", s.observation(0)))
"""),
    rule("NIZ-SCORE-05", """
Scored cards go to the discard pile; a card in two combinations goes once. In the crossing example, the 5 cards
of `AAA` + `AAA` (sharing `r1c3`) are discarded, plus the `A` paid for the move: 6 cards."""),
    code("""
s = nizam.state_from_json({"board": CROSS, "hands": ["A", ""], "deck": "HHHFGBCDE"})
do(s, "move r1 right A", "score")
print("discard pile:", s.observation(None).discard)
"""),
    rule("NIZ-SCORE-06", """
The holes are refilled from the deck (in reading order: row 1 left to right, then row 2...). A run formed by
the refill does not score and stays: in the crossing example the deck's `HHH` fill `r1c1..r1c3` and stand
there as `HHHBC` for the next player, who can only score them by changing that line."""),
    code("""
s = nizam.state_from_json({"board": CROSS, "hands": ["A", ""], "deck": "HHHFGBCDE"})
do(s, "move r1 right A")
middle = s.observation(0)
print(do(s, "score"))
after = s.observation(0)
print("row 1:", after.board[0], "| P0's score:", after.scores[0])
pictures(("before score", middle), ("after: HHH from the refill stays", after))
"""),
    ruling("NIZ-SCORE-07",
           "\"After VP are awarded, the gem cards for which VP were awarded are placed on the discard pile, and "
           "new cards from the gem card deck are placed in their positions.\"",
           "the scored cards are discarded *first*; if the deck runs out during the refill, the discard pile "
           "(with the scored cards) is shuffled and the refill goes on, so the board is always full and a "
           "scored card can come straight back.",
           "refill first and discard after (then a short deck could leave holes in the board).",
           """
The deck holds one `B`; three holes must be filled. The `B` comes first, the deck runs out, the discard pile
(the paid `A` and the three scored `A`) becomes the deck, and two `A` come back at once."""),
    code("""
s = nizam.state_from_json({"board": ["AAGAA", "CDEFG", "DEFGH", "EFGHC", "FGHCD"], "hands": ["A", ""], "deck": "B"})
before = s.observation(0)
print(do(s, "move r1 right A", "score"))
print("row 1:", s.observation(0).board[0])
pictures(("before", before), ("after: two A came back", s.observation(0)))
"""),
    question("One move makes a run of 4 in a row and a run of 3 in a column (not sharing a card). How many VP?",
             "5 + 3 + 1 = **9 VP**: both combinations score, and the second adds 1 VP (**NIZ-SCORE-01**, "
             "**NIZ-SCORE-02**). Both lines changed this turn, so both count."),
    # ------------------------------------------------------------------------------------------ Nizam end
    md("""
---
## Nizam 5: the end of the game
"""),
    rule("NIZ-END-01", """
With two players the game ends when the deck has run out twice. Here it ran out once already, and P0's draw
empties it a second time."""),
    code("""
s = nizam.state_from_json({"board": PLAIN, "hands": ["", ""], "deck": "ABC", "discard": "DD",
                           "runouts": 1, "scores": [4, 9]})
print(do(s, "draw"))
outcome_table(s.outcome(), ["P0", "P1"], score="VP")
"""),
    ruling("NIZ-END-02",
           "\"The game ends after the gem card deck has run out as many times as there are players.\"",
           "the deck *runs out* when its last card is taken (by a draw or a refill), counted once; the turn in "
           "progress is finished (the draw goes on from the reshuffled discard pile) and the game ends after it.",
           "the deck runs out when a draw finds it empty (then drawing from nothing would end the game), or "
           "the game stops in the middle of the draw.",
           """
P0 draws the last two cards: the count goes up at once, the draw goes on with a `D` from the discard pile,
and only then does the game end."""),
    code("""
s = nizam.state_from_json({"board": PLAIN, "hands": ["", ""], "deck": "AB", "discard": "DD", "runouts": 1})
print(do(s, "draw", viewer=0))
print("P0's hand:", s.observation(0).hand, "| over:", s.is_over())
"""),
    rule("NIZ-END-03", "The most VP wins: in the **NIZ-END-01** example P1 won with 9 VP against 4."),
    ruling("NIZ-END-04",
           "\"The player with the highest number of victory points wins the game.\" Nothing about ties.",
           "tied players share the victory.",
           "a tie-break, such as the player who had fewer turns (the later seat) or the one with more cards.",
           ""),
    code("""
s = nizam.state_from_json({"board": PLAIN, "hands": ["", ""], "deck": "ABC", "discard": "DD",
                           "runouts": 1, "scores": [7, 7]})
do(s, "draw")
outcome_table(s.outcome(), ["Ana", "Bo"], score="VP")
"""),
    ruling("NIZ-END-05",
           "nothing: with all 96 cards someone can always move (the 71 cards off the board are in hands, the "
           "deck or the discard pile).",
           "a scenario position may leave cards out of play; if every player in a row then draws nothing, the "
           "game ends with the scores as they stand (the position would repeat forever).",
           "such positions are refused; the engine accepts them because they make short scenarios.",
           """
Nobody holds a card and both piles are empty: P0 and P1 each draw nothing, and the game ends."""),
    code("""
s = nizam.state_from_json({"board": PLAIN, "hands": ["", ""], "deck": "", "discard": "", "scores": [3, 0]})
print(do(s, "draw", "draw"))
outcome_table(s.outcome(), score="VP")
"""),
    question("In a game of four players, when does the game end?",
             "After the turn in which the deck runs out for the **fourth** time (**NIZ-END-01**, "
             "**NIZ-END-02**)."),
    # ------------------------------------------------------------------------------------------ Nizam solo
    md("""
---
## Nizam 6: the solo variant
"""),
    rule("NIZ-SOLO-01", """
One player plays by the same rules and may hold at most nine cards; the observation says so in `hand_limit`.
Here a greedy bot (it looks one move ahead) plays a whole solo game."""),
    code("""
result = jaliz_learn.play("nizam", [NizamGreedyBot(0)], seed=3)
print("hand limit:", result.state.observation(0).hand_limit)
outcome_table(result.outcome, ["greedy bot"], score="VP")
"""),
    ruling("NIZ-SOLO-02",
           "\"the player may hold no more than nine cards\"; a draw takes three.",
           "a draw is legal only with at most six cards in hand, so the hand never goes above nine. With seven "
           "or more the player must move (three cards of any kind always pay for a move).",
           "draw up to nine (a draw with nine cards would then take nothing, and a solo game could stall), or "
           "draw three and discard down to nine.",
           """
With seven cards the draw is refused; with six it takes the hand to nine."""),
    code("""
seven = nizam.state_from_json({"board": PLAIN, "hands": ["ABCDEFG"]})
print("7 cards:", try_action(seven, "draw"))
six = nizam.state_from_json({"board": PLAIN, "hands": ["ABCDEF"]})
print("6 cards:", try_action(six, "draw"), "-> hand size", six.observation(0).hand_sizes[0])
"""),
    ruling("NIZ-SOLO-03",
           "\"The rules do not change.\"",
           "so the solo game ends when the deck runs out once (as many times as there are players); your VP "
           "total is the score to beat, and the outcome names you the winner.",
           "play until no move is possible, or until the deck has run out a fixed number of times.",
           ""),
    code("""
solo = nizam.state_from_json({"board": PLAIN, "hands": [""], "deck": "ABC", "scores": [21]})
print(do(solo, "draw"))
outcome_table(solo.outcome(), ["you"], score="VP")
"""),
    question("In solo you hold six cards and the deck has two cards left. Is the draw legal, and what happens?",
             "Yes (six cards or fewer). You take the two cards, the deck runs out (once: the solo game's only "
             "run-out), the discard pile is shuffled for the third card, and the game ends after this turn."),
    # ------------------------------------------------------------------------------------------ Pearl set-up
    md("""
---
## Pearl of the East 1: set-up and what you see

Pearl of the East uses the same board and the same moves, but no points: each player has eight **tasks**, one
per gem kind, and completes a task by having three of that kind in a line on the board. The first to
complete all eight wins.
"""),
    rule("PRL-COMP-01", """
Here all 97 cards play: 96 gem cards and the pearl. A spectator counts them: board, deck, hands and the task
decks (`tasks_left`)."""),
    code("""
p = pearl.initial_state(num_players=3, seed=2)
spec = p.observation(None)
print(25, "+", spec.deck_size, "+", sum(spec.hand_sizes), "+", sum(spec.tasks_left), "=",
      25 + spec.deck_size + sum(spec.hand_sizes) + sum(spec.tasks_left))
"""),
    rule("PRL-SETUP-01", "Each player's task deck holds one card of each of the eight kinds; nothing is completed yet."),
    code("""
spec.tasks_left, spec.completed
"""),
    rule("PRL-SETUP-02", """
The board holds exactly three cards of each kind and the pearl, so a line of three is possible for every
kind, and a line of four only with the pearl."""),
    code("""
from collections import Counter
Counter("".join(spec.board))
"""),
    rule("PRL-SETUP-03", "The rest is the deck: 97 − 25 on the board − 8 per player − 3 per hand."),
    code("""
{n: pearl.initial_state(num_players=n, seed=1).observation(None).deck_size for n in range(2, 6)}
"""),
    rule("PRL-SETUP-04", "Three cards each, as in Nizam."),
    code("""
spec.hand_sizes
"""),
    rule("PRL-SETUP-05", "The seed decides the first player, as in Nizam."),
    code("""
[pearl.initial_state(num_players=3, seed=k).current_player() for k in range(1, 11)]
"""),
    ruling("PRL-INFO-01",
           "the task deck lies \"face down\", the completed tasks \"face up\"; hands and the deck as in Nizam.",
           "hands, task decks and the deck order are secret (shown as counts); the board, the discard pile and "
           "every completed pile are public. Since a task deck holds the kinds not yet completed, its content "
           "can be worked out from the completed pile; only its order is secret.",
           "completed piles are stacked so that only the top card shows (then players would have to remember "
           "the others).",
           """
The picture shows P1's view: P1's hand, the others' hand sizes, every completed pile."""),
    code("""
obs = p.observation(1)
print("hand", obs.hand, "| hand sizes", obs.hand_sizes, "| tasks left", obs.tasks_left, "| completed", obs.completed)
pictures(("P1's view at the start", obs))
"""),
    question("Your opponent has completed `C` then `A` (A on top). Which of their tasks are still secret?",
             "None, really: the six kinds not completed (`B`, `D`..`H`) are still in the task deck, face "
             "down. Only their order is hidden, and the order never matters."),
    # ------------------------------------------------------------------------------------------ Pearl turn
    md("""
---
## Pearl of the East 2: drawing and moving

The turn works as in Nizam; the rules are repeated under their own IDs because the Pearl section of the
rulebook repeats them.
"""),
    rule("PRL-TURN-01", "Draw, or move; after one move the draw is gone."),
    code("""
PBOARD = ["ABCDE", "FGHAB", "PCDEF", "GHABC", "DEFGH"]
q = pearl.state_from_json({"board": PBOARD, "hands": ["ABC", ""], "deck": "DEFGH"})
print(q.decision(), legal(q, 3))
do(q, "move r1 left A")
print(q.decision(), "| draw now?", why_not(q, "draw"))
"""),
    rule("PRL-DRAW-01", "Three cards from the top of the deck; the turn passes."),
    code("""
q = pearl.state_from_json({"board": PBOARD, "hands": ["ABC", ""], "deck": "DEFGH"})
print(do(q, "draw", viewer=0), "| hand", q.observation(0).hand)
"""),
    rule("PRL-DRAW-02", "The discard pile becomes the new deck when the deck runs out."),
    code("""
q = pearl.state_from_json({"board": PBOARD, "hands": ["", ""], "deck": "A", "discard": "BBB"})
print(do(q, "draw", viewer=0))
print("deck ran out", q.observation(0).deck_runouts, "time(s)")
"""),
    ruling("PRL-DRAW-03",
           "as for Nizam, nothing about drawing from two empty piles.",
           "carried over from **NIZ-DRAW-03**: a draw that takes nothing is allowed only to a player who cannot move.",
           "a draw is always allowed.",
           ""),
    code("""
q = pearl.state_from_json({"board": PBOARD, "hands": ["ABC", ""], "deck": "", "discard": ""})
print("P0:", try_action(q, "draw"))
"""),
    rule("PRL-MOVE-01", "Pay a card of the end's kind; the line slides by one."),
    code("""
q = pearl.state_from_json({"board": PBOARD, "hands": ["ABC", ""], "deck": "DEFGH"})
before = q.observation(0)
print(do(q, "move r1 left A"))
pictures(("before", before), ("after move r1 left A", q.observation(0)))
"""),
    rule("PRL-MOVE-02", "Several moves in one turn, one payment each."),
    code("""
print(do(q, "move c1 top B"))
"""),
    rule("PRL-MOVE-03", "Without the end's kind, three cards of any kind."),
    code("""
q = pearl.state_from_json({"board": PBOARD, "hands": ["BCD", ""], "deck": "DEFGH"})
print(do(q, "move r1 left BCD"))
"""),
    ruling("PRL-MOVE-04",
           "the same sentence as in Nizam.",
           "carried over from **NIZ-MOVE-04**: three cards only without the end's kind; payments sorted.",
           "three cards may always be paid.",
           ""),
    code("""
q = pearl.state_from_json({"board": PBOARD, "hands": ["ABCD", ""], "deck": "DEFGH"})
print(try_action(q, "move r1 left BCD"))
"""),
    ruling("PRL-MOVE-05",
           "\"After the player has finished all moves, the phase 'completing tasks' follows.\"",
           "the moves end with an `end` action that names the tasks completed (`end` alone if none, `end A`, "
           "`end AB top A`). The engine lists exactly the choices the board allows.",
           "tasks are completed automatically after the last move (then the player could not choose the "
           "pearl's kind or the order).",
           ""),
    code("""
q = pearl.state_from_json({"board": PBOARD, "hands": ["ABC", ""], "deck": "DEFGH"})
do(q, "move r1 left A")
print(q.decision(), "->", [a for a in legal(q, 100) if a.startswith("end")])
"""),
    rule("PRL-MOVE-06", """
The pearl's line: if the end card you want to move **is the pearl**, the move costs three cards of any kind,
even though you hold cards of every kind. Row 3 starts with the pearl; P0 holds `ABCC`."""),
    code("""
q = pearl.state_from_json({"board": PBOARD, "hands": ["ABCC", ""], "deck": "DEFGH"})
print("pay C:", why_not(q, Move("r3", "left", "C")))
before = q.observation(0)
print(do(q, "move r3 left ABC"))
pictures(("before: the pearl starts row 3", before), ("after move r3 left ABC", q.observation(0)))
"""),
    question("Row 3 is `PCDEF` and you hold one `F`. Can you move row 3 from the right with it?",
             "Yes: the end you move is the `F` on the right, and the pearl is at the *other* end. Only moving "
             "the pearl's end costs three cards (**PRL-MOVE-06**)."),
    # ------------------------------------------------------------------------------------------ Pearl tasks
    md("""
---
## Pearl of the East 3: completing tasks
"""),
    rule("PRL-TASK-01", """
After the moves, a run of three identical gems completes that task: the card goes from the task deck to the
completed pile, face up. Row 1 holds `AAA`; P0 moves something else and completes `A`."""),
    code("""
q = pearl.state_from_json({"board": ["AAABC", "FGHDE", "CDPEF", "GHBCD", "BEFGH"], "hands": ["F", ""], "deck": "ABCDEFGH"})
before = q.observation(0)
print(do(q, "move r2 left F"))
print(legal(q, 100)[-3:])
print(do(q, "end A"))
pictures(("before", before), ("after end A", q.observation(0)))
"""),
    ruling("PRL-TASK-02",
           "\"A row containing three or four identical gems in a row\".",
           "any run of three or more counts. A run of four needs the pearl (the board has only three of a kind); "
           "a run of five exists only in scenarios.",
           "only runs of exactly three or four (a run of five would complete nothing).",
           """
Here `AAAP` in row 1 is a run of four with the pearl standing in for an `A`."""),
    code("""
q = pearl.state_from_json({"board": ["AAAPC", "FGHCE", "CDBFE", "GHBBD", "DEFGH"], "hands": ["F", ""], "deck": "ABCDEFGH"})
do(q, "move r2 left F")
[a for a in legal(q, 100) if a.startswith("end")]
"""),
    rule("PRL-TASK-03", """
The pearl stands in for any kind: `AAP` in row 1 counts as `AAA`, and `PBB` in column 3 counts as `BBB`."""),
    code("""
q = pearl.state_from_json({"board": ["AAPCD", "EFBGH", "CDBEF", "GHABC", "DEFGH"], "hands": ["D", ""], "deck": "ABCDEFGH"})
before = q.observation(0)
do(q, "move r5 left D")
print([a for a in legal(q, 100) if a.startswith("end")])
"""),
    rule("PRL-TASK-04", """
But in one turn it stands for one kind only: the choices above are `end A` **or** `end B`, never `end AB`.
P0 picks `B`."""),
    code("""
print(do(q, "end B"))
pictures(("before", before), ("after end B: the pearl was a B", q.observation(0)))
"""),
    rule("PRL-TASK-05", """
You cannot complete a kind that lies **on top of an opponent's** completed pile. P1 has completed `C` then `A`
(top `A`), so P0 cannot complete `A` now, although `AAA` stands in row 1."""),
    code("""
q = pearl.state_from_json({"board": ["AAABC", "FGHDE", "CDPEF", "GHBCD", "BEFGH"], "hands": ["F", ""],
                           "deck": "ABCDEFGH", "completed": ["", "CA"]})
do(q, "move r2 left F")
print("P0's choices:", [a for a in legal(q, 100) if a.startswith("end")], "| why not end A?", why_not(q, "end A"))
"""),
    ruling("PRL-TASK-06",
           "\"the player decides the order\" of several tasks completed in one turn.",
           "only the top card matters later (it blocks, **PRL-TASK-05**), so the action names the tasks and the "
           "one placed on top: `end AB top A`. The others go below in letter order.",
           "the full order is a choice (8! orders for eight tasks, with the same effect).",
           """
`AAA` in row 1 and `BBB` in column 4 stand on the board; P0 moves row 5 (any move will do), completes both and
puts `A` on top, to block `A`. A pile is written bottom card first: `BA` has `A` on top."""),
    code("""
q = pearl.state_from_json({"board": ["AAABC", "FGHBE", "CDPBF", "GHDCE", "DEFGH"], "hands": ["H", ""], "deck": "ABCDEFGH"})
do(q, "move r5 right H")
print([a for a in legal(q, 100) if a.startswith("end")])
do(q, "end AB top A")
print("completed piles:", q.observation(None).completed)
"""),
    ruling("PRL-TASK-07",
           "the Nizam rule that only *changed* lines count is not repeated in the Pearl section; nothing says "
           "whether completing is optional.",
           "every run on the board completes its task if you still need it and nobody blocks it, whether you "
           "changed it or not; completing is compulsory, you only choose the pearl's kind and the top card.",
           "Nizam's \"changed\" test applies here too (then a standing run would complete nothing), or the "
           "player may decline a task.",
           """
In the **PRL-TASK-01** example the `AAA` was standing before the turn, and P0's move did not touch row 1: it
still completed `A`, and `end` alone (declining) was not on the list."""),
    rule("PRL-TASK-08", """
Unlike Nizam, the board stays as it is: in the **PRL-TASK-01** example row 1 still reads `AAABC` afterwards,
so the next player may complete `A` too (unless the `A` on top of P0's pile blocks it: it does). Moves only
reorder the board and payments come from hands, so a Pearl board always holds three of each kind and the pearl;
every Pearl position in this notebook keeps that."""),
    code("""
q = pearl.state_from_json({"board": ["AAABC", "FGHDE", "CDPEF", "GHBCD", "BEFGH"], "hands": ["F", ""], "deck": "ABCDEFGH"})
do(q, "move r2 left F", "end A")
print("row 1:", q.observation(None).board[0], "| discard:", q.observation(None).discard)
"""),
    question("`AAA` stands in row 1. You complete it, and your pile is now `...A` with `A` on top. Can your "
             "opponent complete `A` with the same row on their turn?",
             "No: your top card `A` blocks it (**PRL-TASK-05**). Once you complete another task on top of it, "
             "`A` is free again for them."),
    # ------------------------------------------------------------------------------------------ Pearl end
    md("""
---
## Pearl of the East 4: the end
"""),
    rule("PRL-END-01", """
Completing the eighth task wins at once. P0 has seven and completes `H`."""),
    code("""
q = pearl.state_from_json({"board": ["HHHBC", "FGADE", "CBPEF", "GABCD", "DEFGA"], "hands": ["D", "ABC"],
                           "completed": ["ABCDEFG", "AB"], "deck": "ABCDEFGH"})
before = q.observation(0)
print(do(q, "move r5 left D", "end H"))
print(outcome_table(q.outcome(), ["P0", "P1"], score="tasks"))
pictures(("before", before), ("after: eight tasks, P0 wins", q.observation(0)))
"""),
    ruling("PRL-END-02",
           "nothing about a game that never ends; yet two players can block each other for ever (each needs "
           "the kind on top of the other's pile).",
           "a safeguard option `max_rounds` (default 200): after that many rounds the game ends, the most "
           "completed tasks wins and ties share the victory. Bots almost never reach it.",
           "end after a number of deck run-outs, as in Nizam (the deck is much smaller with more players, so "
           "that cut off most five-player games).",
           ""),
    ruling("PRL-END-03",
           "nothing (it is the safeguard's own timing).",
           "a round is one turn of each player, starting with the first player; the limit is checked after every "
           "turn, so the last player of the last round still plays and all had as many turns.",
           "count turns instead of rounds (then the first players could get one turn more).",
           """
`max_rounds` is 3 and two turns of round 3 remain: P0 draws, P1 draws, the game ends. P0 has more tasks."""),
    code("""
q = pearl.state_from_json({"board": PBOARD, "hands": ["", ""], "deck": "ABCDEF", "turn": 5, "max_rounds": 3,
                           "completed": ["AB", "C"]})
print("round", q.observation(None).round, "of", q.observation(None).max_rounds)
print(do(q, "draw", "draw"))
outcome_table(q.outcome(), score="tasks")
"""),
    question("Two players have seven tasks each; P0 still needs `H`, P1 needs `A`. P0's top card is `A` and P1's "
             "is `H`. What happens?",
             "Neither can complete the last task while the other's top card blocks it, and nobody can change a "
             "top card without completing another task. This is the deadlock **PRL-END-02** exists for: after "
             "`max_rounds` rounds the game ends in a shared victory (7 tasks each)."),
    # ------------------------------------------------------------------------------------------ bots + board
    md("""
---
## Bots, and a live board

The greedy bots look one move ahead. A few games against a random bot (the same seeds give the same games):
"""),
    code("""
r1 = jaliz_learn.play("nizam", [NizamGreedyBot(0), jaliz_learn.RandomBot(1)], seed=5)
r2 = jaliz_learn.play("pearl-of-the-east", [PearlGreedyBot(0), jaliz_learn.RandomBot(1)], seed=5)
print("Nizam:")
print(outcome_table(r1, ["greedy", "random"], score="VP"))
print("Pearl of the East:")
print(outcome_table(r2, ["greedy", "random"], score="tasks"))
"""),
    md("""
Now play. You are P0 against a greedy bot: click a coloured tab at a line's end to slide it (the board asks
for a payment when there is a choice), **Draw** to draw, **Score** (Nizam) or **End turn** (Pearl) to finish.
Change `game="pearl-of-the-east"` to `game="nizam"`, or `num_players=1` with `game="nizam"` for solo.
"""),
    code("""
from jaliz_learn.widgets import NizamBoard

board = NizamBoard(game="pearl-of-the-east", num_players=2, human=0, bots="greedy", seed=7)
"""),
    code("# NBVAL_IGNORE_OUTPUT\nboard"),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-run", action="store_true", help="write the notebook without executing it")
    args = parser.parse_args(argv)
    check_order(CELLS, CATALOGUES["NIZ"].ids + CATALOGUES["PRL"].ids)
    nbformat.write(make_notebook(CELLS + rule_code_cells("nizam", "NIZ-MOVE-02", "NIZ-SCORE-01") + ladder_cells("nizam")), NOTEBOOK)
    if not args.no_run:
        execute(NOTEBOOK)
    return 0


if __name__ == "__main__":
    sys.exit(main())
