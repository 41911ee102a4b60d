"""Build notebooks/04_jungli_la.ipynb: every Jungli-La rule ID in catalogue order, in plain words.

Run from the project root, then execute the notebook in place:

    .venv/bin/python docs/tools/build_04_jungli_la.py
    .venv/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/04_jungli_la.ipynb

The builder refuses to write a notebook whose rule headings (``### JUN-... · title``) are not the
catalogue's IDs, each once, in catalogue order. Cells use the public API only (observations, legal
actions, events, outcomes); tests/test_notebooks_public_api.py checks it.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook
from walkthrough_cells import ladder_cells, rule_code_cells

from jaliz_learn.games.jungli_la.catalogue import RULES

OUT = Path(__file__).resolve().parents[2] / "notebooks" / "04_jungli_la.ipynb"

TAG = {"rulebook": "", "ruling": " *(ruling)*", "proposed": " *(reconstructed data)*"}


def rule(rid: str, words: str) -> str:
    """A rule heading and its explanation in our own words (the catalogue line is one click away)."""
    r = RULES[rid]
    return f"### {rid} · {r.title}{TAG.get(r.status, '')}\n\n{words.strip()}"


def ruling(rid: str, says: str, chosen: str, other: str) -> str:
    """A ruling shown as a ruling: the rulebook's words, the reading chosen and the other reading."""
    return rule(rid, f"""
> **Ruling {rid}.** *The rulebook says:* {says.strip()}
>
> *Reading chosen:* {chosen.strip()}
>
> *The other reading:* {other.strip()}""")


def question(q: str, answer: str) -> str:
    return f"**Your turn.** {q.strip()}\n\n<details><summary>Answer</summary>\n\n{answer.strip()}\n\n</details>"


MD, CODE = "md", "code"

CELLS: list[tuple[str, str]] = [
    (MD, """# Jungli-La, rule by rule

*Jungli-La* (Hisashi Hayashi, OKAZU Brand, 2016) is a dice game for 2-5 explorers. Each turn you roll
dice, keep some and reroll others, turn the faces into Food, Wood, Tools and Letters, walk your explorer
along a track of Discovery cards and buy ("discover") the card you stand on. At the far end, the Goal,
you dig for Treasure. When someone draws the red game-end Treasure card, the round is finished and the
most points win.

This notebook explains **every rule ID of the engine's catalogue, in catalogue order**: the rulebook
rules `JUN-SETUP` … `JUN-CARD`, the reconstructed card data `JUN-DATA` and the rulings `JUN-RUL`
(the places where the rulebook is silent or ambiguous and the engine had to choose a reading). Each
rule comes with a small seeded scenario; where a position changes you see it **before and after**.
Each section ends with a question for you, its answer folded away.

**Reconstructed data.** The rulebook prints no card numbers: Discovery card costs and points, the
Treasure distribution and the Wagon points are proposals (JUN-DATA-01 to JUN-DATA-05,
`docs/rulings/jungli-la.md`). The rules themselves follow the English rulebook."""),
    (MD, """## Getting ready

Scenarios start from short *positions*: a dict that gives only what matters (see
`help(type(game))`); the rest comes from a seeded setup. `forced_dice` fixes the next die faces so the
rulebook's examples replay exactly. Three helpers keep the cells short:

* `step(st, *actions)` applies actions written in text notation, prints what happened and draws the
  position **before** and **after**;
* `tokens(st, p)` is player `p`'s supply of tokens, read from `p`'s own observation;
* `try_action(st, action)` applies an action or, if the rules forbid it, prints the refusal in one line
  (the state is then unchanged).

Everything is read through the public API (`st.observation(p)`, `st.legal_actions()`, events,
outcomes), exactly what a bot gets."""),
    (CODE, """import jaliz_learn
from jaliz_learn.games.jungli_la import data
from jaliz_learn.teaching import do, outcome_table, pictures, rules_table, try_action

game = jaliz_learn.load_game("jungli-la")


def position(**fields):
    \"\"\"A scenario position: two players unless said otherwise.\"\"\"
    return game.state_from_json({"num_players": 2, **fields})


def step(st, *actions, viewer=None):
    \"\"\"Apply actions, print what happened, draw the position before and after.\"\"\"
    before = st.observation(viewer)
    print(do(st, *actions, viewer=viewer))
    return pictures(("before", before), ("after", st.observation(viewer)), width=820)


def tokens(st, p=0):
    \"\"\"Player p's tokens and cards, as p sees them.\"\"\"
    o = st.observation(p)
    food, wood, tools = o.materials[p]
    cards = ", ".join(f"{c} {data.CARDS[c].patron}" for c in o.discoveries[p]) or "none"
    return (f"P{p}: Food {food}, Wood {wood}, Tools {tools}, Letters {o.letters[p]}, Wagons {o.wagons[p]}"
            f" | Discovery cards: {cards}")


rules_table(game, summary=f"The catalogue: {len(game.rules)} rule IDs of Jungli-La")"""),
    # ------------------------------------------------------------------ setup
    (MD, "---\n## Setup"),
    (MD, rule("JUN-SETUP-01", """
The game has ten dice, all alike. Each die has six faces: **Move 1**, **Move 2**, **Food**, **Wood**,
**Tools** and **Letter**, written `M1 M2 F W T L` in the notation. You normally roll four of them; the
other six wait in the stock for players who pay to add dice.""")),
    (CODE, """print("faces:", ", ".join(f"{f} = {name}" for f, name in zip(data.FACES, data.FACE_NAMES)))
print("dice in the box:", data.MAX_DICE, "| rolled by default:", data.BASE_DICE)"""),
    (MD, rule("JUN-SETUP-02", """
There are 30 Discovery cards, 10 for each of the areas A, B and C. Fewer players need a shorter jungle:
with 2/3/4/5 players, 4/2/1/0 cards of **every** area go back to the box unseen. So a 2-player track has
18 cards and a 5-player track all 30.""")),
    (CODE, """for n in range(2, 6):
    obs = game.initial_state(num_players=n, seed=1).observation(None)
    print(f"{n} players: {len(obs.track)} cards on the track")"""),
    (MD, rule("JUN-SETUP-03", """
The track is one line: Start, the A cards, the B cards, the C cards, then the Goal. Cards near the
start are cheap and weak; the C cards near the Goal cost more and score more. Here is a 4-player setup
(a spectator's view: nobody's Treasure is visible):""")),
    (CODE, """st = game.initial_state(num_players=4, seed=1)
print(" ".join(st.observation(None).track))
st"""),
    (MD, rule("JUN-SETUP-04", """
The Treasure cards form two decks stacked on each other. The red **game-end** card is set aside, the
others are shuffled, an *upper deck* of 6/9/12/15 cards (2/3/4/5 players) is dealt, the game-end card
goes under it and the rest of the Treasure cards go under that. So the last round begins once the
upper deck has been drawn through: the next card drawn is the game-end card.""")),
    (CODE, """obs = st.observation(None)
print("Treasure cards in the deck:", obs.deck_size, "| cards above the game-end card:", obs.cards_before_end_card)"""),
    (MD, rule("JUN-SETUP-05", """
Everything else is a common **stock**: the spare dice, unlimited Food, Wood, Tool and Letter tokens,
and ten Wagon cards (a Wagon lets you carry more, JUN-CARD-09).""")),
    (CODE, """print("Wagons in the stock:", obs.wagon_stock)"""),
    (MD, rule("JUN-SETUP-06", """
One player starts and keeps the Start Player card for the whole game, which matters at the end
(everybody gets the same number of turns, JUN-END-02). Turns go clockwise. Who starts is a ruling,
JUN-RUL-01: seat 0.""")),
    (CODE, """print("start player:", obs.start_player, "| now deciding:", f"P{st.current_player()}", st.decision())"""),
    (MD, rule("JUN-SETUP-07", """
Every explorer stands on Start, and every player begins with one Food, one Wood, one Tool and two
Letters: enough to buy one of the cheap A cards early on.""")),
    (CODE, """for p in range(4):
    print(tokens(st, p))"""),
    (MD, question("With 3 players, how many cards lie on the track, and how many Treasure cards lie above the "
                  "game-end card?", """
30 − 3 × 2 = 24 cards on the track (2 per area go back to the box) and 9 Treasure cards above the
game-end card. Check: `game.initial_state(num_players=3, seed=1).observation(None).cards_before_end_card`.""")),
    # ------------------------------------------------------------------ turn and dice
    (MD, "---\n## The turn and the Dice phase"),
    (MD, rule("JUN-TURN-01", """
A turn has three phases, always in this order: **Dice** (roll and reroll), **Materials and Letters**
(cash the faces in, or rest) and **Movement/Discovery** (walk and buy). `st.decision()` names the step
you are in: `roll`, `reroll`, `adjust`, `materials`, `discard`, `explore`.""")),
    (MD, rule("JUN-DICE-01", """
You roll the four basic dice, plus any dice you added with Letters or cards (JUN-LET-01, JUN-CARD-01/02),
but never more than all ten. A player without Letters or dice cards has only one choice, `roll 4`,
which the engine makes by itself (JUN-RUL-16).""")),
    (MD, rule("JUN-DICE-02", """
A die that shows a **Letter** is put aside at once and can never be rolled again (only a Letter or
Paleontologist *change*, after the rolling, can turn it).""")),
    (MD, rule("JUN-DICE-03", """
After a roll you may pick **at most two** non-Letter dice to roll again: `reroll M1 F`, or keep
everything with `keep`.""")),
    (MD, rule("JUN-DICE-04", """
You get **two rerolls** per turn, no more. After the second, the dice are final.""")),
    (MD, rule("JUN-DICE-05", """
A die you kept after the first reroll is not locked: you may pick it for the second reroll, as long as it
does not show a Letter.

**The rulebook's example** (JUN-DICE-01 to 05): *Livingston rolls M1 M1 F L. The Letter is set aside,
the Food is kept, the two Move 1s are rerolled and become Tool, Tool. Then the Food kept earlier is
rerolled into a Tool. After two rerolls the result is three Tools and one Letter.*""")),
    (CODE, """st = position(players=[{"letters": 0}, {}], forced_dice=["M1", "M1", "F", "L", "T", "T", "T"])
print("first roll:", st.observation(0).dice_faces(), "| choices:", [str(a) for a in st.legal_actions()])
step(st, "reroll M1 M1", "reroll F", viewer=0)"""),
    (MD, """The choices list shows JUN-DICE-02 and 03 at work: no action rerolls the Letter, none rerolls three dice.
A third reroll is refused, with the rule that forbids it (JUN-DICE-04). This is this notebook's
deliberate illegal move; `try_action` shows the refusal in one line, and the state is unchanged:"""),
    (CODE, """st = position(players=[{"letters": 1}, {}], phase="reroll", dice=["M1", "F", "W", "T"], rerolls=2)
print(try_action(st, "reroll F"))
print("still:", st.decision(), st.observation(0).dice_faces())"""),
    (MD, """Without `try_action`, `st.apply("reroll F")` raises an `IllegalAction` (a `ValueError`) whose
attributes `rule`, `reason` and `allowed` say the same in pieces, for a program to read."""),
    (MD, rule("JUN-DICE-06", """
As soon as **two or more Letters** show, the rolling stops at once, even if you have rerolls left; you go
on to the Materials and Letters phase with what you have. Two Letters are not bad news: each Letter face
is worth a Letter token later (JUN-MAT-05, JUN-MAT-07).""")),
    (CODE, """st = position(players=[{"letters": 0}, {}], forced_dice=["L", "M1", "L", "W"])
print("\\n".join(st.log_text(0)[-3:]))
print("now:", st.decision())"""),
    (MD, question("You rolled M1 M1 F L and want Tools. Which reroll actions does the engine offer, and why is "
                  "`reroll M1 M1 F` not among them?", """
`reroll M1`, `reroll M1 M1`, `reroll M1 F`, `reroll F` and `keep`. Three dice are too many (JUN-DICE-03),
and the Letter may never be rerolled (JUN-DICE-02).""")),
    # ------------------------------------------------------------------ materials
    (MD, "---\n## The Materials and Letters phase"),
    (MD, rule("JUN-MAT-01", """
With your final dice you choose one of two things: **gain** materials (and maybe a Letter), or **rest**
(Letters only, and no walking this turn, JUN-MAT-07).""")),
    (MD, rule("JUN-MAT-02", """
Option a): name **one** material and take one token for every die that shows it. Two Tools on the dice
give two Tool tokens.

**The rulebook's example:** *Livingston's dice show 2 Letters and 2 Tools; he chooses Tools and gains
2 Tool tokens* (and 1 Letter, JUN-MAT-05).""")),
    (CODE, """def materials_position(dice, **player):
    p = {"materials": [0, 0, 0], "letters": 0, **player}
    return position(players=[p, {}], phase="materials", dice=dice)


st = materials_position(["L", "L", "T", "T"])
step(st, "gain T", viewer=0)"""),
    (MD, rule("JUN-MAT-03", """
Option b): take **one of each** material that shows at least once, however many dice show it. Good when
the faces are spread out.

**The rulebook's example:** *Stanley's dice show Move 2, 2 Foods and a Tool; he chooses one of each and
gains 1 Food and 1 Tool.*""")),
    (CODE, """st = materials_position(["M2", "F", "F", "T"])
print(do(st, "gain each", viewer=0))
print(tokens(st))"""),
    (MD, rule("JUN-MAT-04", """
Your pockets hold **six** material tokens (eight with one Wagon, ten with two). If a gain takes you over,
you throw tokens back right away, choosing which (`discard W`) until you are at the limit.""")),
    (CODE, """st = materials_position(["F", "F", "F", "F"], materials=[2, 2, 1])
print(do(st, "gain F", viewer=0))
print(tokens(st), "| limit", st.observation(0).material_limits[0], "| now:", st.decision())
print("choices:", [str(a) for a in st.legal_actions()])
print(do(st, "discard W", "discard F", "discard F", viewer=0))
print(tokens(st), "| now:", st.decision())"""),
    (MD, rule("JUN-MAT-05", """
After the materials, if **at least one** die shows a Letter you gain **one** Letter token, never more in
this option however many Letters show.

**The rulebook's example:** *Livingston's dice are 2 Letters and 2 Tools: he gains 1 Letter.* (It is the
`+1 Letter` in the JUN-MAT-02 cell above.)""")),
    (MD, rule("JUN-MAT-06", """
Letters have their own limit of six (again +2 per Wagon). A Letter above it is simply not gained;
nothing is discarded.""")),
    (CODE, """st = materials_position(["L", "F", "F", "W"], letters=6)
print(do(st, "gain F", viewer=0))
print(tokens(st))"""),
    (MD, rule("JUN-MAT-07", """
**Resting** gives 2 Letters plus one per Letter face, but you skip the whole Movement/Discovery phase:
no walking, no buying.

**The rulebook's example:** *Livingston rolls 2 Letters, 1 Tool and 1 Move 2 and rests: 2 (base) + 2
(dice) = 4 Letters; he may not move or discover.*""")),
    (CODE, """st = materials_position(["L", "L", "T", "M2"])
print(do(st, "rest", viewer=0))
print(tokens(st), "| next to decide:", f"P{st.current_player()}", st.decision())"""),
    (MD, question("Your dice show F F W L and you hold 5 materials and 6 Letters, no Wagon. You choose `gain F`. "
                  "What do you end up with?", """
Two Food make 7 materials, one over the limit: you discard one token of your choice (JUN-MAT-04). The
Letter face would give a Letter, but you are at the Letter limit, so none is gained (JUN-MAT-06).""")),
    # ------------------------------------------------------------------ movement
    (MD, "---\n## Movement"),
    (MD, rule("JUN-MOVE-01", """
In the last phase you may do two things, each at most once: **move** and **discover**, in either order.
You may also do only one of them, or neither (`end`).""")),
    (MD, rule("JUN-MOVE-02", """
Add up your Move faces (Move 1 = 1, Move 2 = 2). You walk **exactly** that many cards towards the Goal,
or not at all: you cannot walk part of it. Other explorers never block you, and several may share a card.

**The rulebook's example:** *a total of 4 movement points: the explorer moves 4 cards forward.* Here P0
stands on the first card with M2 M2 (4 points) and jumps over P1:""")),
    (CODE, """track = ["A01", "A07", "A03", "B08", "C02", "C05", "C04"]
st = position(track=track, phase="explore", dice=["M2", "M2", "F", "L"],
              players=[{"pos": 1, "materials": [2, 2, 2], "letters": 0}, {"pos": 3}])
print("choices:", [str(a) for a in st.legal_actions()])
print(try_action(st, "move 3"))  # walking part of the total is not allowed
step(st, "move 4", "end")"""),
    (MD, rule("JUN-MOVE-03", """
The Goal is the end of the road: an explorer that lands on it stops there for the rest of the game. What
happens to a move that would go *past* the Goal is not written down: that is the ruling JUN-RUL-05
below (it stops on the Goal).""")),
    (CODE, """st = position(track=track, phase="explore", dice=["M2", "M2", "M1", "F"],
              players=[{"pos": 5, "materials": [0, 0, 0], "letters": 0}, {}])
print("P0 stands 3 cards before the Goal with 5 movement points:", [str(a) for a in st.legal_actions()])
step(st, "move 5")"""),
    (MD, question("You stand on the first card and roll M2 M2 M1 L. May you move 2 cards, discover there and move "
                  "3 more?", """
No, twice over: you move the whole total (5) or not at all (JUN-MOVE-02), and a discovery never happens in
the middle of a move (JUN-DISC-05).""")),
    # ------------------------------------------------------------------ discovery
    (MD, "---\n## Discovery"),
    (MD, rule("JUN-DISC-01", """
To **discover** the card your explorer stands on, pay its cost in Food, Wood and Tools (printed on the
card) and take it.""")),
    (MD, rule("JUN-DISC-02", """
The card leaves the track, so every explorer standing on it (yours and others') steps on to the next
card towards the Goal; the track gets one card shorter.""")),
    (MD, rule("JUN-DISC-03", """
The card lies face up in front of you: its points count at the end, and its effect (extra dice, a free
face...) is yours. When the effect starts is a ruling, JUN-RUL-10: from your next turn.""")),
    (MD, rule("JUN-DISC-04", """
One **Discovery action** per turn. Discovering, a remote discovery, an exchange and buying a Wagon all
count as that one action. And after the explorers moved on (JUN-DISC-02) you cannot discover the card
you now stand on.""")),
    (CODE, """st = position(track=track, phase="explore", dice=["M1", "F", "W", "T"],
              players=[{"pos": 1, "materials": [2, 2, 2], "letters": 0}, {"pos": 1}])
print("A01 costs Food/Wood/Tools", data.CARDS["A01"].cost, "|", data.CARDS["A01"].patron)
step(st, "discover")"""),
    (CODE, """print(tokens(st))
print("after the discovery:", [str(a) for a in st.legal_actions()])  # no second discover: JUN-DISC-04"""),
    (MD, rule("JUN-DISC-05", """
A move is never split to make room for a discovery.

**The rulebook's example:** *with five movement points you may not move three cards, discover, and move
two more.* In the engine a move is one action (`move 5`), so there is no place to put a discovery inside
it: discover before you move, or after.""")),
    (MD, question("P0 and P1 both stand on A01; P0 discovers it. Where do both explorers stand now, and may P1 "
                  "discover the card under it on P1's own turn?", """
Both moved on to the next card (JUN-DISC-02). On P1's turn, yes: the one-Discovery limit is per turn
(JUN-DISC-04), and it is a new turn.""")),
    # ------------------------------------------------------------------ goal
    (MD, "---\n## The Goal and Treasure"),
    (MD, rule("JUN-GOAL-01", """
Reaching the Goal is worth a Treasure card at once. You keep it face down: others see how many Treasure
cards you have, never their values.""")),
    (CODE, """st = position(track=track, phase="explore", dice=["M2", "M1", "F", "T"],
              players=[{"pos": 5, "materials": [0, 0, 0], "letters": 0}, {}])
step(st, "move 3", viewer=0)"""),
    (CODE, """print("P0 sees its Treasure:", st.observation(0).own_treasures,
      "| P1 sees only counts:", st.observation(1).treasure_counts, st.observation(1).own_treasures)"""),
    (MD, rule("JUN-GOAL-02", """
If several explorers reach the Goal at the same moment (only an exchange or discovery that moves
explorers on can do that), they draw one after the other: the active player first, then clockwise.""")),
    (CODE, """st = position(track=["A01", "A07"], phase="explore", dice=["F", "F", "W", "T"],
              players=[{"pos": 2, "materials": [2, 2, 2], "letters": 0}, {"pos": 2}])
print(do(st, "discover"))  # both explorers stand on A07, the last card: discovering it sends both to the Goal"""),
    (MD, rule("JUN-GOAL-03", """
Once at the Goal, you draw another Treasure card at the **start** of each of your turns, before rolling.""")),
    (CODE, """st = position(players=[{"pos": "goal", "letters": 0}, {}])
print("\\n".join(st.log_text(0)[-3:]))  # P0's turn begins at the Goal: a Treasure card before any die"""),
    (MD, rule("JUN-GOAL-04", """
**Treasure Excavation.** Between the Dice phase and the Materials phase, a player who was at the Goal
draws one more Treasure card for every **set of three equal faces** among the final dice. Move 1 and Move 2
are different faces.

**The rulebook's example:** *Livingston reached the Goal on his previous turn. This turn six dice show
three Move 1s and three Tools: he draws 2 Treasure cards* (plus the one at the start of the turn,
JUN-GOAL-03).""")),
    (CODE, """st = position(players=[{"pos": "goal", "letters": 6}, {}], forced_dice=["M1", "M1", "M1", "T", "T", "T"])
print("\\n".join(st.log_text(0)[-2:]))  # the start-of-turn draw already happened
step(st, "roll 6", "keep", "done", viewer=0)"""),
    (MD, question("At the Goal your final dice are M1 M2 M2 M2 F F. How many Treasure cards does Excavation give?",
                  """
One: M2 M2 M2 is a set of three; M1 does not join it (different faces) and two Foods are no set.""")),
    # ------------------------------------------------------------------ end
    (MD, "---\n## The end of the game"),
    (MD, rule("JUN-END-01", """
Whoever draws the red game-end Treasure card shows it (it is worth points like any Treasure card, JUN-DATA-02):
the last round has begun.""")),
    (MD, rule("JUN-END-02", """
The game ends after the turn of the player sitting to the **right** of the start player, so every player
has had the same number of turns. Here, with 3 players and the game-end card on top, P1 draws it at the
start of the turn and P2 still plays:""")),
    (CODE, """st = game.state_from_json({"num_players": 3, "deck": [29, 0, 1], "current": 1,
                           "players": [{}, {"pos": "goal", "letters": 0}, {"letters": 0}]})
while not st.is_over():
    st.apply(st.legal_actions()[-1])
print("\\n".join(line for line in st.log_text(None) if "Treasure" in line or "round" in line or "Last" in line))"""),
    (MD, question("The start player is P0 in a 4-player game, and P2 draws the game-end card. Who plays after P2?",
                  """
P3, the player to the right of P0; then the game ends. P0 and P1 do not play again: they had as many turns as
everybody.""")),
    # ------------------------------------------------------------------ scoring
    (MD, "---\n## Scoring"),
    (MD, rule("JUN-SCORE-01", """
At the end you add up five things: the points printed on your Discovery cards, your Treasure cards,
your Wagons, your Professors (JUN-CARD-08) and the type bonus (JUN-SCORE-02).

A bot can compute its own score from its own observation: it sees its cards, tokens and the values of
its own Treasure cards. The function below does just that, and the engine agrees.""")),
    (CODE, """def my_points(st, p):
    \"\"\"Player p's points, from p's own observation.\"\"\"
    o = st.observation(p)
    mine = o.discoveries[p]
    icons = {"F": o.materials[p][0], "W": o.materials[p][1], "T": o.materials[p][2], "L": o.letters[p],
             "wagon": o.wagons[p], "treasure": len(o.own_treasures), "discovery": len(mine)}
    professors = [data.CARDS[c].effect[5:] for c in mine if data.CARDS[c].effect.startswith("prof:")]
    return {"cards": sum(data.CARDS[c].vp for c in mine),
            "treasure": sum(o.own_treasures),  # a player sees the values of their own Treasure cards
            "wagons": data.WAGON_VP * o.wagons[p],
            "professors": sum(data.PROFESSOR_POINTS[icon] * icons[icon] for icon in professors),
            "type bonus": data.TYPE_BONUS.get(len({data.CARDS[c].type for c in mine}), 0)}


st = position(phase="materials", dice=["F"] * 4, players=[
    {"cards": ["A07", "A05", "A06", "A02", "A08"], "materials": [3, 1, 2], "letters": 4, "wagons": 1,
     "treasures": [0, 12, 22]},
    {"cards": ["C10", "B10"], "materials": [0, 0, 0], "letters": 0, "wagons": 2, "treasures": [1, 2, 13]}])
for p in range(2):
    parts = my_points(st, p)
    print(f"P{p}: " + ", ".join(f"{k} {v}" for k, v in parts.items()) + f" | total {sum(parts.values())}")
outcome_table(st.standings(), score="points")"""),
    (MD, rule("JUN-SCORE-02", """
Collecting different **types** of Discovery cards pays: 3 types give 1 point, 4 types 4 points, 5
types 7 points. P0 above holds Land, Antique, Stone Tablet, Nature and Ruin: 5 types, 7 points.""")),
    (CODE, """print({f"{n} types": pts for n, pts in data.TYPE_BONUS.items()})"""),
    (MD, rule("JUN-SCORE-03", """
On equal points, the player with **more Treasure cards** wins: the walk to the Goal is rewarded.""")),
    (MD, rule("JUN-SCORE-04", """
Still equal? Then the player whose Treasure cards are worth **fewer** points wins: the same score
with weaker Treasure means more was earned elsewhere.""")),
    (MD, rule("JUN-SCORE-05", """
Still equal: the tied players share the victory. The outcome's `tiebreaks` carry the two numbers
(count of Treasure cards, minus their points) in this order. Two scenarios, both ending 6 to 6:
Stanley has more Treasure cards (JUN-SCORE-03); then both have two, and Livingston's are worth less
(JUN-SCORE-04).""")),
    (CODE, """def tie(livingston_treasures, stanley_treasures):
    st = position(phase="materials", dice=["F"] * 4, players=[
        {"cards": ["A07"], "materials": [0, 0, 0], "letters": 0, "treasures": livingston_treasures},  # Noble: 3
        {"cards": ["B01"], "materials": [0, 0, 0], "letters": 0, "treasures": stanley_treasures}])   # Geographer: 2
    out = st.standings()
    print("tiebreaks (Treasure cards, -Treasure points):", out.tiebreaks)
    return outcome_table(out, ["Livingston", "Stanley"], score="points")


display(tie([0, 12], [1, 2, 3, 4]))  # 3 + (1 + 2) against 2 + (1 + 1 + 1 + 1)
tie([0, 12], [13, 14])                # 3 + (1 + 2) against 2 + (2 + 2)"""),
    (MD, "And a shared victory: one card worth 1 point and one Treasure card worth 1 each, nothing to tell apart."),
    (CODE, """st = position(phase="materials", dice=["F"] * 4, players=[
    {"cards": ["A01"], "materials": [0, 0, 0], "letters": 0, "treasures": [0]},   # Geographer 1 + Treasure 1
    {"cards": ["A02"], "materials": [0, 0, 0], "letters": 0, "treasures": [1]}])  # Biologist 1 + Treasure 1
outcome_table(st.standings(), ["Livingston", "Stanley"], score="points")"""),
    (MD, question("Two players end on 20 points; both hold 3 Treasure cards, worth 7 and 5 points. Who wins?", """
The one whose Treasure is worth 5 (JUN-SCORE-04): they scored 15 points outside Treasure, the other 13.""")),
    # ------------------------------------------------------------------ letters
    (MD, "---\n## Spending Letters\n\nLetters are the game's money for favours. The player card lists seven "
         "effects and their prices (JUN-DATA-04):"),
    (CODE, """costs = {"add a die": data.COST_ADD_DIE, "cancel the roll": data.COST_CANCEL,
         "change a face": data.COST_CHANGE_FACE, "Wagon": data.COST_WAGON, "remote discovery": data.COST_REMOTE,
         "Treasure card": data.COST_TREASURE, "exchange": data.COST_EXCHANGE}
print(", ".join(f"{k}: {v}" for k, v in costs.items()))"""),
    (MD, rule("JUN-LET-01", """
**Add a die** (1 Letter each) before rolling, up to ten dice. More dice mean more chances, but you still
reroll at most two at a time. In the engine you name the number of dice: `roll 6` pays for two.""")),
    (MD, rule("JUN-LET-02", """
**Cancel the roll** (1 Letter): after a roll you don't like, roll **all** the dice again, Letter faces
included. (May you cancel a roll that stopped on two Letters? The rulebook does not say: ruling JUN-RUL-03.)""")),
    (MD, rule("JUN-LET-03", """
**Change a face** (2 Letters): once the dice are final, turn any one die to any face you like. You may do
it again and again as long as you can pay.""")),
    (CODE, """st = position(players=[{"letters": 4}, {}], forced_dice=["L", "M1", "F", "W", "M2", "T", "T", "W", "T"])
print("before rolling:", [str(a) for a in st.legal_actions()])
step(st, "roll 5", "cancel", "keep", "change M2 T", viewer=0)"""),
    (CODE, """print(tokens(st), "| now:", st.decision())"""),
    (MD, rule("JUN-LET-04", """
**Buy a Wagon** (2 Letters) instead of discovering: it is your turn's Discovery action. Nobody may own
more than two.""")),
    (CODE, """st = position(track=track, phase="explore", dice=["F", "F", "W", "L"],
              players=[{"pos": 2, "materials": [0, 0, 0], "letters": 2}, {}])
print("choices:", [str(a) for a in st.legal_actions()])
step(st, "wagon", viewer=0)"""),
    (CODE, """o = st.observation(0)
print(tokens(st), "| limits: materials", o.material_limits[0], "Letters", o.letter_limits[0],
      "| Wagons left in the stock:", o.wagon_stock)"""),
    (MD, rule("JUN-LET-05", """
**Remote discovery** (3 Letters): discover a card anywhere on the track instead of the one under you,
paying its cost as usual, if no other explorer stands on it. It is your Discovery action.""")),
    (MD, rule("JUN-LET-06", """
**Buy a Treasure card** (4 Letters): only once you are at the Goal; as many as you can pay, and it is not a
Discovery action.""")),
    (CODE, """st = position(track=track, phase="explore", dice=["F", "F", "W", "L"],
              players=[{"pos": "goal", "materials": [0, 0, 0], "letters": 8, "wagons": 1}, {}])
print("at the Goal with 8 Letters:", [str(a) for a in st.legal_actions()])
print(do(st, "treasure", viewer=0))
print("still on offer:", [str(a) for a in st.legal_actions()], "(a Treasure card is no Discovery action)")"""),
    (MD, rule("JUN-LET-07", """
**Exchange** (5 Letters): give back one of your Discovery cards and take a card from the track that has
no explorer on it, **without** paying its cost. Your old card takes its place on the track. It is your
Discovery action.""")),
    (CODE, """st = position(track=["A01", "A07", "A03", "B08", "C02"], phase="explore", dice=["F"] * 4,
              players=[{"pos": 1, "materials": [2, 2, 1], "letters": 6, "cards": ["A05"]}, {"pos": 2}])
print("Discovery actions on offer:", sorted({str(a).split()[0] for a in st.legal_actions()}))
print("remote targets:", [str(a) for a in st.legal_actions() if str(a).startswith("remote")])
step(st, "exchange A05 C02")"""),
    (CODE, """print(tokens(st), "| now:", st.decision(), [str(a) for a in st.legal_actions()])"""),
    (MD, question("You stand on A01 with 6 Letters. May you buy a Wagon *and* make a remote discovery this turn?",
                  """
No: both are Discovery actions and a turn has one (JUN-DISC-04, JUN-LET-04, JUN-LET-05). Moving is still
allowed.""")),
    # ------------------------------------------------------------------ cards
    (MD, "---\n## The Discovery cards' effects"),
    (CODE, """from collections import Counter

kinds = Counter((c.patron, c.type, c.effect) for c in data.CARDS.values())
for (patron, kind, effect), n in sorted(kinds.items(), key=lambda kv: kv[0][1]):
    print(f"{n} x {patron:13} {kind:13} {data.EFFECT_TEXT.get(effect, effect)}")"""),
    (MD, rule("JUN-CARD-01", """
The **Rich Man** gives you one extra die every turn for free; you decide each turn whether to use it.""")),
    (MD, rule("JUN-CARD-02", """
The **Millionaire** gives two free extra dice every turn. With the Rich Man too, that's seven dice for
nothing. Free dice are used before paid ones (JUN-RUL-02).""")),
    (CODE, """st = position(players=[{"letters": 1, "cards": ["A05"]}, {}])
print("Rich Man and 1 Letter:", [str(a) for a in st.legal_actions()], "(roll 5 is free, roll 6 costs 1 Letter)")"""),
    (MD, rule("JUN-CARD-03", """
The **Geographer** adds 1 to your movement, if you want it: with M1 M2 you may move 3 or 4, never 1 or
2 (a move is the whole total, with or without the bonus).""")),
    (CODE, """st = position(track=track, phase="explore", dice=["M1", "M2", "F", "L"],
              players=[{"pos": 1, "materials": [0, 0, 0], "letters": 0, "cards": ["B01"]}, {}])
print([str(a) for a in st.legal_actions() if str(a).startswith("move")])"""),
    (MD, rule("JUN-CARD-04", """
The **Biologist**, **Botanist** and **Entomologist** each add one Food, Wood or Tool to your dice
*virtually*: it counts as a die face when you gain materials, but there is no die for it.""")),
    (CODE, """st = materials_position(["F", "F", "W", "M1"], cards=["A02"])
print(do(st, "gain F", viewer=0), "\\n" + tokens(st))"""),
    (MD, rule("JUN-CARD-05", """
The **Linguist** adds a virtual Letter face. It helps gaining Letters and resting, but it is not a die,
so it never counts towards the two-Letter stop of JUN-DICE-06.""")),
    (MD, rule("JUN-CARD-06", """
The **Paleontologist** turns one die to any face, for free, once the dice are final. It gives no reroll
back: after a two-Letter stop it can turn a Letter into something useful, and that is all.""")),
    (CODE, """st = position(players=[{"letters": 0, "cards": ["C04", "A06"]}, {}], forced_dice=["L", "L", "F", "W"])
print("the roll stopped on two Letters; now:", st.decision())
step(st, "paleo L F", viewer=0)"""),
    (CODE, """print(do(st, "rest", viewer=0))  # 2 + 1 Letter face + 1 virtual Letter (Linguist)
print(tokens(st))"""),
    (MD, rule("JUN-CARD-07", """
The **Queen** and the **Noble** do nothing during the game; they are simply worth their points.""")),
    (MD, rule("JUN-CARD-08", """
A **Professor** scores at the end for one kind of icon you own: 1 point per Wood, Tool, Food, Letter,
Treasure card or Discovery card (whichever it names), 2 per Wagon. P1 in the scoring scenario above
owned the Wagon Professor with two Wagons: 4 points.""")),
    (MD, rule("JUN-CARD-09", """
A **Wagon** card raises both limits, materials and Letters, by 2, and it is worth points itself
(JUN-DATA-03).""")),
    (CODE, """st = materials_position(["F", "F", "F", "F"], materials=[3, 2, 1], wagons=1)
print(do(st, "gain F", viewer=0))
o = st.observation(0)
print(tokens(st), "| limits: materials", o.material_limits[0], "Letters", o.letter_limits[0])"""),
    (MD, question("You own the Geographer and the Paleontologist, and your final dice are M1 F W L. What moves can "
                  "you make this turn?", """
Change a die with the Paleontologist first: turn F, W or L into M2 and you have M1 + M2 = 3, or 4 with the
Geographer; into M1: 2 or 3. Without a change: 1 or 2.""")),
    # ------------------------------------------------------------------ data
    (MD, "---\n## Reconstructed data\n\nThe rulebook's card faces are pictures we could not read, so these "
         "numbers are **proposals**, marked `proposed` in the catalogue and in `data.py`. Change them in one "
         "place if you own the printed cards."),
    (MD, rule("JUN-DATA-01", """
The 30 Discovery cards: which patron, area, cost and points each has (table above and `data.CARDS`).""")),
    (CODE, """for area in "ABC":
    print(area, ", ".join(f"{c.patron} {c.cost}/{c.vp}" for c in data.CARDS.values() if c.area == area))"""),
    (MD, rule("JUN-DATA-02", """
29 ordinary Treasure cards: twelve worth 1, ten worth 2, seven worth 3; the game-end card is worth 3.""")),
    (CODE, """print("all 30 Treasure cards by value:", dict(sorted(Counter(data.TREASURE_VALUES).items())),
      "| the game-end card is one of the 3s:", data.TREASURE_VALUES[data.END_TREASURE])"""),
    (MD, rule("JUN-DATA-03", "Each Wagon card is worth 1 point.")),
    (MD, rule("JUN-DATA-04", """
The Letter costs (1, 1, 2, 2, 3, 4, 5) are read from the player card's column, in the order of the
effects (JUN-LET-01 to 07).""")),
    (MD, rule("JUN-DATA-05", """
The Professor that scores Discovery cards counts itself among them. (Other Professors count what they
name.)""")),
    (CODE, """for group, status in data.DATA_STATUS.items():
    print(f"{status:9} {group}")"""),
    (MD, question("If the real Treasure cards were ten 1s, ten 2s and nine 3s, what would you change, and would the "
                  "rules' code change?", """
Only `TREASURE_VALUES` in `data.py` (JUN-DATA-02); no rule function changes. That is why uncertain numbers
are data.""")),
    # ------------------------------------------------------------------ rulings
    (MD, """---
## Rulings

Where the rulebook is silent or can be read two ways, the engine follows one reading and says so.
Each ruling below gives **what the rulebook says**, **the reading chosen** and **the other reading**;
`docs/rulings/jungli-la.md` gives the reasons. A different table may play the other reading; a bot
written for this engine follows this one."""),
    (MD, ruling("JUN-RUL-01", "a start player is chosen; play goes clockwise.",
                "seat 0 starts; seats 0, 1, …, n−1 follow; seat n−1 is the player to the right of the start player.",
                "a random start player (a seed would fix it just as well).")),
    (MD, ruling("JUN-RUL-02", "add dice for 1 Letter each; Rich Man and Millionaire add dice every turn.",
                "one decision before the roll, `roll N` (4 to 10); card dice are free and used first, each further "
                "die costs 1 Letter.",
                "separate decisions per added die, or paying Letters before using the free card dice.")),
    (MD, ruling("JUN-RUL-03", "*“Cancel the dice result just rolled”* for 1 Letter.",
                "a Cancel may follow **any** roll of the Dice phase: the first roll, a reroll, another Cancel's "
                "roll, also a roll that stopped on two Letters and one after the second reroll. All dice are rolled "
                "again, Letters included; the reroll count stays as it was.",
                "Cancel is not allowed once two Letters stopped the rolling (the phase is over at once, "
                "JUN-DICE-06), so it could only save you from a bad roll that did *not* stop.")),
    (CODE, """st = position(players=[{"letters": 1}, {}], forced_dice=["L", "L", "F", "W", "M2", "M2", "T", "T"])
print(do(st, "roll 4"))
print("two Letters stopped the roll; choices now:", [str(a) for a in st.legal_actions()])
step(st, "cancel", viewer=0)"""),
    (MD, ruling("JUN-RUL-04", "the Geographer, Biologist, Botanist, Entomologist and Linguist *“add 1”* to a total.",
                "a virtual face counts for gaining materials (both options), the Letter, resting and movement; not "
                "for the two-Letter stop, nor for Treasure Excavation (which counts *dice*). Material and Letter "
                "faces always apply; the Geographer's +1 is optional (both totals are offered).",
                "virtual faces also count towards Excavation sets, or the Geographer's +1 is forced.")),
    (MD, ruling("JUN-RUL-05", "*“If you land on the Goal card, you may not move any further.”* It says nothing "
                "about a move longer than the distance left.",
                "a move longer than the distance to the Goal ends on the Goal (see the JUN-MOVE-03 scenario).",
                "the move must be exact, so an explorer 2 cards away needs a total of exactly 2 (and may wait "
                "for turns near the end).")),
    (MD, ruling("JUN-RUL-06", "remote discovery takes a card *“that does not have another Player token on it”*.",
                "any card other than the one you stand on, with no explorer on it.",
                "your own card is allowed too (it would just be a dearer normal discovery).")),
    (MD, ruling("JUN-RUL-07", "exchange a Discovery card *“with any other Discovery card on the board without a "
                "Player token on it”*.",
                "the card you give takes the place of the card you take; no explorer at all (yours included) may "
                "stand on the target; the given card's effect is lost.",
                "your own explorer's card may be taken, or the given card goes back to the box.")),
    (MD, ruling("JUN-RUL-08", "nothing about running out of Treasure cards.",
                "draws are skipped (the log says so) and buying a Treasure card is not offered.",
                "the game ends when the Treasure decks are empty.")),
    (CODE, """st = position(deck=[], players=[{"pos": "goal", "letters": 0}, {}])
print("\\n".join(st.log_text(0)[-2:]))"""),
    (MD, ruling("JUN-RUL-09", "nothing: the game ends with the game-end card.",
                "a safeguard for bots that never walk: after 100 rounds (option `max_rounds`) the game ends and is "
                "scored normally. In thousands of test games it never came close.",
                "no limit (a game of two passive bots would never end).")),
    (MD, ruling("JUN-RUL-10", "a new card's *“effects now take place”*, with no timing.",
                "its dice, virtual faces and Paleontologist change work from your **next** Dice phase, because "
                "their moment has passed this turn; a Geographer found this turn does not stretch this turn's "
                "move.",
                "effects apply at once, e.g. a Geographer discovered before moving adds 1 to this move.")),
    (CODE, """st = position(track=track, phase="explore", dice=["M1", "M1", "W", "L"],
              players=[{"pos": 1, "materials": [2, 2, 2], "letters": 0}, {}])
print("moves before:", [str(a) for a in st.legal_actions() if str(a).startswith("move")])
print(do(st, "discover"))  # A01 is a Geographer (+1 movement)
print("moves after:", [str(a) for a in st.legal_actions() if str(a).startswith("move")], "(no move 3 this turn)")"""),
    (MD, ruling("JUN-RUL-11", "*“change the face of 1 die to any side.”*",
                "a Letter change or Paleontologist change may turn any die, a Letter die included, into any "
                "other face; each Paleontologist acts once per turn.",
                "Letter dice, set aside for good, cannot be changed.")),
    (MD, ruling("JUN-RUL-12", "nothing about what an explorer on the Goal may do.",
                "it cannot move, and there is no card under it to discover; it may make a remote discovery, an "
                "exchange, buy a Wagon or buy Treasure cards.",
                "a player at the Goal only draws Treasure.")),
    (CODE, """st = position(track=track, phase="explore", dice=["M2", "M2", "W", "L"],
              players=[{"pos": "goal", "materials": [2, 2, 2], "letters": 6, "cards": ["A05"]}, {}])
print("at the Goal with M2 M2:", sorted({str(a).split()[0] for a in st.legal_actions()}))"""),
    (MD, ruling("JUN-RUL-13", "the Treasure cards are drawn face down; the game-end card is red on both faces.",
                "everybody sees how many cards lie above the game-end card (`cards_before_end_card` in every "
                "observation) and how many Treasure cards each player holds; only their values are hidden.",
                "the deck's depth is hidden too (if the card backs did not give the end card away).")),
    (CODE, """obs = game.initial_state(num_players=3, seed=1).observation(1)
print("public:", obs.deck_size, "cards, game-end card under", obs.cards_before_end_card,
      "| Treasure counts", obs.treasure_counts, "| P1's own values", obs.own_treasures)"""),
    (MD, ruling("JUN-RUL-14", "draw *“at the beginning of the turn”*; excavate *“between phase 1 and 2”*.",
                "the start-of-turn draw comes before the dice; Excavation uses the dice after every change, and "
                "only a player who was already at the Goal when the turn began excavates.",
                "a player reaching the Goal this turn excavates at once, or Excavation uses the dice before "
                "Letter changes.")),
    (MD, ruling("JUN-RUL-15", "*“discard down to the limit”*.",
                "one token at a time, of the type you choose; with only one type left the engine discards for you.",
                "one action naming the whole set of tokens to discard.")),
    (CODE, """st = materials_position(["F", "F", "F", "F"], materials=[4, 0, 0])
print(do(st, "gain F", viewer=0))  # only Food is held: the two discards need no decision"""),
    (MD, ruling("JUN-RUL-16", "nothing (it is about the program, not the table).",
                "a decision with only one legal action is carried out by itself and logged as automatic (*only "
                "choice* in the log); it is not in the game's history, and replays redo it.",
                "every decision is asked, even `roll 4` for a player with no Letters.")),
    (MD, question("Which two rulings would change the most if your group played the other reading?", """
JUN-RUL-03 (cancel after two Letters: the other reading makes two Letters final) and JUN-RUL-05
(overshooting the Goal: the other reading makes the last steps a waiting game). Both change strategy, so a
bot tuned on this engine would play worse at such a table.""")),
    # ------------------------------------------------------------------ a game
    (MD, """---
## A whole game

The greedy reference bot against two random bots: the result, then the last turn of the log as a table (players
written as P0, P1..., lines with no player, such as setup and scoring, left blank)."""),
    (CODE, """from jaliz_learn.bots import RandomBot
from jaliz_learn.games.jungli_la.bots import JungliLaGreedyBot

result = jaliz_learn.play(game, [JungliLaGreedyBot(0), RandomBot(1), RandomBot(2)], seed=3)
print(f"{result.state.observation(None).round} rounds, {result.decisions} decisions")
outcome_table(result, ["greedy", "random 1", "random 2"], score="points")"""),
    (CODE, """from jaliz_learn.core.table import Table

rows = [{"turn": e.turn, "player": "" if e.player is None else f"P{e.player}", "event": e.kind,
         "what happened": game.describe_event(e, None)}
        for e in result.state.events(None) if e.kind != "game-end"][-8:]
Table(rows)  # a small table that needs no pandas (so it shows in the browser-only JupyterLite site too)"""),
    (MD, """---
## Play a game

You are P0 against two greedy bots. Click dice to pick them for a reroll, your material in your row to
gain it, a yellow-tagged card to move or discover; the buttons and the *legal actions* list do the rest.
The same board opens from a terminal with `jaliz-learn board jungli-la`."""),
    (CODE, """# NBVAL_IGNORE_OUTPUT
from jaliz_learn.widgets import JungliLaBoard

JungliLaBoard(num_players=3, human=0, bots="greedy", seed=7)"""),
]


def check(cells: list[tuple[str, str]]) -> None:
    headings = [m.group(1) for kind, src in cells if kind == MD
                for m in re.finditer(r"^### (JUN-[A-Z]+-\d+) ", src, flags=re.M)]
    if headings != list(RULES.ids):
        missing = sorted(set(RULES.ids) - set(headings))
        raise SystemExit(f"rule headings not in catalogue order (missing {missing}): {headings}")


def build() -> nbformat.NotebookNode:
    check(CELLS)
    nb = new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [new_markdown_cell(src) if kind == MD else new_code_cell(src)
                for kind, src in (CELLS + rule_code_cells("jungli-la", "JUN-MAT-04", "JUN-MOVE-01")
                                  + ladder_cells("jungli-la"))]
    return nb


if __name__ == "__main__":
    nbformat.write(build(), OUT)
    print(f"wrote {OUT}")
