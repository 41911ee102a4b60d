# ruff: noqa: E501  (the notebook text is kept as written)
"""Build notebooks/02_nizam.ipynb: a thin walkthrough of every NIZ- and PRL- rule ID.

Run from the project root, then execute in place:

    /work/devvenv/bin/python docs/tools/build_nizam_notebook.py
    /work/devvenv/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/02_nizam.ipynb
"""

from __future__ import annotations

from pathlib import Path

import nbformat

CELLS: list[tuple[str, str]] = [
    ("md", """# Nizam and Pearl of the East

Two games on one 5x5 board of gem cards (rulebook `shared/seeds/002_480ed5f04e982bd3.txt`).
Every rule has an ID: `NIZ-...` for Nizam (with its solo variant) and `PRL-...` for Pearl of the East.
The cells only call the package: the game logic lives in `jaliz_learn/games/nizam/`.

Boards are written as five rows, top row first; letters `A`..`H` are the eight gem kinds and `P` the pearl.
Rows are `r1`..`r5` (top to bottom), columns `c1`..`c5` (left to right)."""),
    ("code", """import jaliz_learn
from jaliz_learn.games.nizam import EndTurn, Move

nizam = jaliz_learn.load_game("nizam")
pearl = jaliz_learn.load_game("pearl-of-the-east")
print(nizam.rules.table())"""),
    ("code", """print(pearl.rules.table())"""),
    ("md", """## Nizam: set-up and what a player sees

**NIZ-COMP-01**, **NIZ-SETUP-01**: 96 gem cards (12 of each kind) are shuffled, and 25 of them form the board.
**NIZ-SETUP-02**: each player gets three cards. **NIZ-SETUP-03**: the first player is drawn at random.
**NIZ-INFO-01**: an observation shows your own hand, and only the sizes of the other hands and of the deck."""),
    ("code", """state = nizam.initial_state(num_players=2, seed=1)
state"""),
    ("code", """obs = state.observation(0)
obs.hand, obs.hand_sizes, obs.deck_size, obs.current_player"""),
    ("md", """## Nizam: a turn is a draw *or* moves

**NIZ-TURN-01**: on your turn you either draw or move. **NIZ-DRAW-01**: a draw takes the top three cards, and the turn passes.
The decision `draw-or-move` lists `draw` and every move. In a scenario position, the deck is written with its top card first."""),
    ("code", """PLAIN = ["ABCDE", "FGHAB", "CDEFG", "HABCD", "EFGHA"]
s = nizam.state_from_json({"board": PLAIN, "hands": ["AABC", ""], "deck": "HHGFE"})
legal = s.legal_actions()
len(legal), [str(a) for a in legal[:6]]"""),
    ("md", """**NIZ-MOVE-01**: pay a card of the same kind as an end card of a line. That card goes to the opposite end, and the
others shift one place. The four directions are `left` and `right` for rows, `top` and `bottom` for columns.
**NIZ-MOVE-02**: you may make several moves in one turn."""),
    ("code", """s.apply("move r1 left A")      # ABCDE -> BCDEA
s.apply("move c1 top B")       # column 1 B,F,C,H,E -> F,C,H,E,B
s"""),
    ("md", """**NIZ-MOVE-03**: without a card of the end card's kind, pay three cards of any kind.
**NIZ-MOVE-04** (ruling): such a payment is a sorted multiset, e.g. `ABC`. It is not allowed while you hold the matching kind.
**NIZ-MOVE-05** (ruling): after a move, the turn goes on until you choose `score`."""),
    ("code", """t = nizam.state_from_json({"board": PLAIN, "hands": ["BCD", ""]})
t.apply("move r1 left BCD")
t.decision(), [str(a) for a in t.legal_actions()]"""),
    ("md", """## Nizam: activating the board

**NIZ-SCORE-01**: a combination of 3, 4 or 5 identical gems scores 3, 5 or 7 VP.
**NIZ-SCORE-02** (ruling): you get +1 VP for each combination after the first. Crossing runs count as two combinations.
**NIZ-SCORE-05**: the scored cards are discarded; a card shared by two runs is discarded once.
**NIZ-SCORE-06**: the board is refilled from the deck. Runs formed by the refill neither score nor leave the board."""),
    ("code", """CROSS = ["AABCA", "DEAFG", "EFAGH", "FGCHD", "GHDEF"]
s = nizam.state_from_json({"board": CROSS, "hands": ["A", ""], "deck": "HHHFGBCDE"})
s.apply("move r1 right A")      # r1 becomes AAABC and column c3 becomes A,A,A,C,D
s.apply("score")
s.log_text()[-2:]"""),
    ("code", """s"""),
    ("md", """**NIZ-SCORE-03**: a combination scores only if you changed the number of identical cards in that line during this turn.
A run that was already on the board, and was left alone or only shifted along its line, does not score.
**NIZ-SCORE-04**: a run that you broke up and re-formed does score."""),
    ("code", """STANDING = ["AABAA", "CDEFG", "HHHCD", "DEFGC", "EFGDE"]
s = nizam.state_from_json({"board": STANDING, "hands": ["A", ""], "deck": "BCDEFGH"})
s.apply("move r1 right A")
s.apply("score")
s.log_text()[-2]"""),
    ("code", """s = nizam.state_from_json({"board": STANDING, "hands": ["HH", ""], "deck": "ABCDEFG"})
s.apply("move r3 left H")    # HHHCD -> HHCDH: broken
s.apply("move r3 right H")   # HHCDH -> HHHCD: re-formed
s.observation(0).changed_lines, s.apply("score")[0].data["points"]"""),
    ("md", """## Nizam: the deck and the end

**NIZ-DRAW-02**: when the deck runs out, the discard pile is shuffled into a new deck.
**NIZ-SCORE-07** (ruling): scored cards are discarded before the refill, so they may come straight back.
**NIZ-DRAW-03** (ruling): if the deck and the discard pile are both empty, only a player who cannot move may draw (and gets nothing).
**NIZ-END-01**: the game ends when the deck has run out as many times as there are players.
**NIZ-END-02** (ruling): the count goes up when the last card is taken, and the game ends after that turn.
**NIZ-END-03**: most VP wins. **NIZ-END-04** (ruling): ties share the win."""),
    ("code", """s = nizam.state_from_json({"board": PLAIN, "hands": ["", ""], "deck": "ABC", "discard": "DD",
                           "runouts": 1, "scores": [4, 4]})
s.apply("draw")
s.runouts, s.is_over(), s.outcome().winners"""),
    ("code", """s = nizam.state_from_json({"board": ["AABAA", "CDEFG", "DEFGH", "EFGHC", "FGHCD"], "hands": ["A", ""], "deck": "B"})
s.apply("move r1 right A")
s.apply("score")
s.board_rows()[0], s.runouts"""),
    ("md", """## Nizam solo

**NIZ-SOLO-01**: one player, same rules, hand limit 9. **NIZ-SOLO-02** (ruling): you may draw only with at most six
cards in hand; with seven or more cards you must move. **NIZ-SOLO-03** (ruling): the game ends when the deck runs out once.
The cell below shows an illegal draw. The error names the rule that forbids it and lists what is allowed."""),
    ("code", """# NBVAL_RAISES_EXCEPTION
solo = nizam.state_from_json({"board": PLAIN, "hands": ["ABCDEFG"]})
solo.apply("draw")"""),
    ("code", """result = jaliz_learn.play("nizam", [jaliz_learn.RandomBot(1)], seed=3)
result.scores, result.state.runouts"""),
    ("md", """## Pearl of the East: set-up

**PRL-COMP-01**: the 96 gem cards and the pearl. **PRL-SETUP-01**: each player gets a face-down task deck with one card of each kind.
**PRL-SETUP-02**: the board holds three cards of each kind plus the pearl. **PRL-SETUP-03**: the remaining cards form the deck.
**PRL-SETUP-04**: each player is dealt three cards. **PRL-SETUP-05**: the first player is drawn at random.
**PRL-INFO-01**: hands, task decks and the deck order are shown only as counts. Completed piles are public."""),
    ("code", """p = pearl.initial_state(num_players=3, seed=2)
obs = p.observation(1)
p, obs.tasks_left, obs.completed, obs.hand"""),
    ("md", """## Pearl: moves

**PRL-TURN-01**: draw or move. **PRL-DRAW-01**, **PRL-DRAW-02**, **PRL-DRAW-03**: drawing works as in Nizam.
**PRL-MOVE-01**, **PRL-MOVE-02**, **PRL-MOVE-03**, **PRL-MOVE-04**: moves and payments work as in Nizam.
**PRL-MOVE-06**: a line whose end card is the pearl always costs three cards.
**PRL-MOVE-05** (ruling): after your moves, the `end` action names the tasks you complete."""),
    ("code", """q = pearl.state_from_json({"board": ["ABCDE", "FGHAB", "PCDEF", "GHABC", "DEFGH"], "hands": ["ABC", ""]})
Move("r3", "left", "C") in q.legal_actions(), Move("r3", "left", "ABC") in q.legal_actions()"""),
    ("md", """## Pearl: completing tasks

**PRL-TASK-01**: a run of three or more identical gems completes the matching task. **PRL-TASK-02** (ruling): runs of four or five count too.
**PRL-TASK-07** (ruling): completing is compulsory, and runs that were already standing count.
**PRL-TASK-08**: the board is not discarded."""),
    ("code", """q = pearl.state_from_json({"board": ["AAABC", "FGHDE", "CDPEF", "GHBCD", "DEFGH"], "hands": ["F", ""]})
q.apply("move r2 left F")
print([str(a) for a in q.legal_actions()])
q.apply("end A")
q.completed, q.board_rows()[0]"""),
    ("md", """**PRL-TASK-03**: the pearl stands in for any kind. **PRL-TASK-04**: in one turn it stands for one kind only.
Here it could make `AAA` in r1 or `BBB` in c3, but not both."""),
    ("code", """q = pearl.state_from_json({"board": ["AAPCD", "EFBGH", "CDBEF", "GHABC", "DEFGH"], "hands": ["D", ""]})
q.apply("move r5 left D")
[str(a) for a in q.legal_actions()]"""),
    ("md", """**PRL-TASK-05**: you cannot complete a kind that lies on top of an opponent's completed pile.
**PRL-TASK-06**: if you complete several tasks, you choose their order. The action names the top card."""),
    ("code", """q = pearl.state_from_json({"board": ["AAABC", "FGHDE", "CDPEF", "GHBCD", "DEFGH"], "hands": ["F", ""],
                           "completed": ["", "CA"]})
q.apply("move r2 left F")
[str(a) for a in q.legal_actions()]"""),
    ("code", """q = pearl.state_from_json({"board": ["AAABC", "FGHBE", "CDPBF", "GHBCD", "DEFGH"], "hands": ["H", ""]})
q.apply("move r5 right H")
print([str(a) for a in q.legal_actions()])
q.apply("end AB top A")
q.completed"""),
    ("md", """## Pearl: the end

**PRL-END-01**: the first player to complete all eight tasks wins at once.
**PRL-END-02** (ruling): as a safeguard, the game also ends after `max_rounds` rounds (default 200); then the player
with the most completed tasks wins. **PRL-END-03** (ruling): a round is one turn of each player; the last player of the
last round still plays."""),
    ("code", """q = pearl.state_from_json({"board": ["HHHBC", "FGADE", "CDPEF", "GABCD", "DEFGA"], "hands": ["D", "ABC"],
                           "completed": ["ABCDEFG", "AB"]})
q.apply("move r5 left D")
q.apply("end H")
q.is_over(), q.outcome().winners, q.scores()"""),
    ("code", """q = pearl.state_from_json({"board": ["ABCDE", "FGHAB", "CDPEF", "GHABC", "DEFGH"], "hands": ["", ""],
                           "deck": "ABCDEF", "turn": 5, "max_rounds": 3, "completed": ["AB", "C"]})
q.apply("draw")
q.apply("draw")
q.observation(None).round, q.is_over(), q.outcome().winners"""),
    ("md", """## Bots

The greedy bots look one move ahead. `jaliz-learn play nizam --bots greedy,random` runs a game from the shell."""),
    ("code", """from jaliz_learn.games.nizam.bots import NizamGreedyBot, PearlGreedyBot

r1 = jaliz_learn.play("nizam", [NizamGreedyBot(0), jaliz_learn.RandomBot(1)], seed=5)
r2 = jaliz_learn.play("pearl-of-the-east", [PearlGreedyBot(0), jaliz_learn.RandomBot(1)], seed=5)
r1.scores, r2.scores"""),
]


def build(path: Path) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = []
    for kind, src in CELLS:
        if kind == "md":
            nb.cells.append(nbformat.v4.new_markdown_cell(src))
            continue
        cell = nbformat.v4.new_code_cell(src)
        if src.startswith("# NBVAL_RAISES_EXCEPTION"):
            cell.metadata["tags"] = ["raises-exception"]  # lets nbconvert --execute store the error and go on
        nb.cells.append(cell)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)


if __name__ == "__main__":
    build(Path("notebooks/02_nizam.ipynb"))
