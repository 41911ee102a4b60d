"""Build notebooks/05_bali.ipynb: every rule ID of Bali and Village of Tani, in catalogue order.

    .venv/bin/python docs/tools/build_bali_notebook.py
    .venv/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/05_bali.ipynb

The builder refuses to write a notebook whose rule headings (``### BAL-... · title``) are not the
``bali-tani`` catalogue's IDs, each once, in catalogue order. Cells use the public API only
(observations, legal actions, events, outcomes); tests/test_notebooks_public_api.py checks it.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook
from walkthrough_cells import ladder_cells, rule_code_cells

import jaliz_learn

RULES = jaliz_learn.load_game("bali-tani").rules
OUT = Path(__file__).resolve().parents[2] / "notebooks" / "05_bali.ipynb"
TAG = {"rulebook": "", "ruling": " *(ruling)*", "proposed": " *(reconstructed)*"}
MD, CODE = "md", "code"


def rule(rid: str, words: str) -> str:
    """A rule heading and its explanation in our own words."""
    r = RULES[rid]
    return f"### {rid} · {r.title}{TAG.get(r.status, '')}\n\n{words.strip()}"


def ruling(rid: str, words: str, says: str, chosen: str, other: str) -> str:
    """A rule that is a ruling: the sources' words, the reading chosen and the other reading."""
    return rule(rid, f"""{words.strip()}

> **Ruling {rid}.** *The sources say:* {says.strip()}
>
> *Reading chosen:* {chosen.strip()}
>
> *The other reading:* {other.strip()}""")


def question(q: str, answer: str) -> str:
    return f"**Your turn.** {q.strip()}\n\n<details><summary>Answer</summary>\n\n{answer.strip()}\n\n</details>"


CELLS: list[tuple[str, str]] = [
    (MD, """# Bali and Bali: Village of Tani, rule by rule

*Bali* (Stefan Dorra, 2-4 players) is a card game about building a temple village. You take cards from
a village square, play stonemasons, priests, shrines and farmers into your display, and every turn the
card you uncover is **scored for everybody**. Shrines open the altar, where offering cards pile up; at
the end the offering cards in your stock are worth what their kind's place on the altar says. The
expansion *Village of Tani* adds huts to build (or you lose).

Two registered games: `bali` and `bali-tani` (with the expansion). This notebook explains **every rule
ID of the `bali-tani` catalogue, in catalogue order**, each with a small seeded scenario and, where a
position changes, a picture **before and after**. Each section ends with a question for you, its answer
folded away.

**Read this first.** Bali's printed rulebook could be read only up to its setup. The rest is
*reconstructed* from reviews and from *Rapa Nui*, the game Bali re-themes. Every rule's status says where
it comes from: rulebook, **ruling** (carried over from Rapa Nui or a reading we chose; flagged below with
the other reading) or **reconstructed** (a gap we filled). Every uncertain number is a named constant in
`jaliz_learn/games/bali/data.py`; `docs/rulings/bali.md` gives each decision and its reason. The
*Village of Tani* rules come from its own rulebook."""),
    (MD, """## Getting ready

Scenarios are short *positions* that give only what matters (the rest comes from a seeded setup).
Helpers:

* `step(st, *actions)` applies actions in text notation, prints what happened and draws the position
  **before** and **after**;
* `table(st, viewer)` is one line per player, read from `viewer`'s observation (`None`: a spectator);
* `try_action(st, action)` applies an action or prints the refusal in one line (state unchanged).

Only the public API is used: `st.observation(p)`, `st.legal_actions()`, events and outcomes."""),
    (CODE, """import jaliz_learn
from jaliz_learn.games.bali import data as D
from jaliz_learn.teaching import do, outcome_table, pictures, rules_table, try_action

bali = jaliz_learn.load_game("bali")
tani = jaliz_learn.load_game("bali-tani")


def position(game="bali", **fields):
    \"\"\"A scenario: three players unless said otherwise; only the fields that matter.\"\"\"
    return jaliz_learn.load_game(game).state_from_json({"players": 3, **fields})


def step(st, *actions, viewer=None):
    \"\"\"Apply actions, print what happened, draw the position before and after.\"\"\"
    before = st.observation(viewer)
    print(do(st, *actions, viewer=viewer))
    return pictures(("before", before), ("after", st.observation(viewer)), width=820)


def table(st, viewer=None):
    \"\"\"One line per player as `viewer` sees it.\"\"\"
    o = st.observation(viewer)
    for p in range(o.num_players):
        shown = ", ".join(f"{n} {D.CARD_NAMES[i]}" for i, n in enumerate(o.displays[p]) if n) or "-"
        if p == viewer:
            hand = ", ".join(o.hand) or "-"
            stock = ", ".join(f"{n} {k}" for k, n in zip(D.KINDS, o.stock) if n) or "-"
        else:
            hand, stock = f"{o.hand_sizes[p]} hidden", f"{o.stock_sizes[p]} hidden"
        print(f"P{p}: stones {o.stones[p]}, VP {o.vp[p]} | display: {shown} | hand: {hand} | stock: {stock}")


rules_table(tani, summary=f"The catalogue of bali-tani: {len(tani.rules)} rule IDs")"""),
    # ------------------------------------------------------------------ setup
    (MD, "---\n## Setup"),
    (MD, rule("BAL-SETUP-01", """
The playing cards are people and buildings: 9 **priests**, 9 **shrines**, 12 **stonemasons** and 5
**farmers** of each of four crops (rice, peanut, banana, pepper): 50 cards. (The 8 Oracle cards of a
variant stay in the box, BAL-VAR-01.)""")),
    (CODE, """state = bali.initial_state(num_players=3, seed=7)
obs = state.observation(None)
print("draw pile", obs.draw_pile, "+ village square", sum(len(col) for col in obs.square), "=",
      obs.draw_pile + sum(len(col) for col in obs.square), "playing cards (the start sets come on top)")"""),
    (MD, rule("BAL-SETUP-02", """
Each player takes a colour's **start set**: a stonemason, put straight into the display, and three
farmers of different crops in hand. Each colour lacks a different crop (which one is reconstructed).""")),
    (CODE, """table(state, viewer=0)"""),
    (MD, rule("BAL-SETUP-03", """
The 100 offering cards (25 per crop) form four open supply piles. Each player starts with one offering
card of each crop, face down in their **stock**: the stock is secret, only its size is public.""")),
    (CODE, """print("supply piles:", dict(zip(D.KINDS, obs.supply)), "| stock sizes:", obs.stock_sizes)"""),
    (MD, rule("BAL-SETUP-04", """
Sixteen cards are dealt face up as the **village square**: four columns of four, overlapping. Everybody
sees every card, but only the **bottom** card of a column can be taken. Here is the whole start
position (a spectator's view):""")),
    (CODE, """state"""),
    (MD, ruling("BAL-SETUP-05", """
Stones are the money. The start player gets 2, the next 3, then 4 and 5: a later seat is compensated with
more money.""", "the Bali rulebook pages we could read give no amounts; three Rapa Nui sources give 2/3/4/5.",
                "2/3/4/5 stones in seat order, as in Rapa Nui.",
                "equal starting stones for everybody (then the start player's advantage stays uncompensated).")),
    (CODE, """print("starting stones:", obs.stones)"""),
    (MD, rule("BAL-SETUP-06", """
Seat 0 starts and play goes clockwise, i.e. in seat order. There are no other differences between player
counts, and stones and VP have no limit.""")),
    (MD, question("In a 4-player game, how many stones does P3 start with, and how many offering cards are left "
                  "in each supply pile?", """
5 stones (2/3/4/5). Each pile had 25 and every player took one of each kind: 25 − 4 = 21.""")),
    # ------------------------------------------------------------------ turn
    (MD, "---\n## A turn"),
    (MD, rule("BAL-TURN-01", """
A turn has four phases: **1 buy** an offering card (optional), **2 play** cards (compulsory; a shrine
adds the offering phase), **3 take** cards from the square back to three, **4 score** the card your last
take uncovered, for everybody. `st.decision()` names the step: `buy`, `play`, `offer`, `altar`, `take`,
`shrine-reward`...""")),
    (CODE, """s = bali.initial_state(num_players=3, seed=7)
steps = []
while s.observation(None).active_player == 0:
    action = s.legal_actions()[0]  # the first legal action, to see the steps of a turn
    steps.append(f"P{s.current_player()} {s.decision():5} -> {action}")
    s.apply(action)
print("\\n".join(steps))
print("\\n".join(s.log_text(None)[-3:]))"""),
    (MD, """P0 had 2 stones and no farmer in the display, so no offering card was affordable: the engine skipped
phase 1 by itself (BAL-BUY-01). Phase 4 needs no decision unless a shrine is revealed."""),
    (MD, rule("BAL-BUY-01", """
In phase 1 you may buy **one** offering card of any crop from the supply; it goes into your secret stock.
You may also skip. If you cannot afford any card, the engine skips for you.""")),
    (MD, rule("BAL-BUY-02", """
An offering card costs **5 stones, minus one for each farmer of that crop in your display**, never less
than 0. Farmers still in your hand do not count. Here P0 has 2 rice farmers and 6 pepper farmers in the
display and 3 peanut farmers in hand, and 3 stones: rice costs 3, pepper 0, peanut 5 (too dear).""")),
    (CODE, """s = position(phase="buy", stones=[3, 0, 0], hands=[["peanut", "peanut", "peanut"], ["rice"], ["rice"]],
             displays=[{"mason": 1, "rice": 2, "pepper": 6}, {}, {}])
print("choices:", [str(a) for a in s.legal_actions()])
step(s, "buy rice", viewer=0)"""),
    (MD, question("Why does the engine not offer `buy peanut`, although P0 holds three peanut farmers?", """
Only farmers in the *display* lower the price (BAL-BUY-02): peanut costs 5 stones and P0 has 3.""")),
    # ------------------------------------------------------------------ play
    (MD, "---\n## Phase 2: playing cards"),
    (MD, rule("BAL-PLAY-01", """
Phase 2 is compulsory: you play **exactly one** option from your hand: a stonemason, a priest, a shrine,
or one to three farmers of the same crop.""")),
    (MD, rule("BAL-PLAY-02", """
A single stonemason or a single priest costs nothing.""")),
    (CODE, """s = position(phase="play", stones=[0, 0, 0], hands=[["mason", "priest", "rice"], ["rice"], ["rice"]])
print("no stones:", [str(a) for a in s.legal_actions()])
step(s, "play priest", viewer=0)"""),
    (MD, rule("BAL-PLAY-03", """
A shrine costs **7 stones**, and right after it the offering phase begins (BAL-OFFER-01).""")),
    (MD, rule("BAL-PLAY-04", """
Farmers go down in a group of 1, 2 or 3 of one crop, for 0, 1 or 2 stones **for the whole group**. With
one stone, P0 below may play one or two rice farmers, not the shrine:""")),
    (CODE, """s = position(phase="play", stones=[1, 0, 0], hands=[["rice", "rice", "shrine"], ["rice"], ["rice"]])
print("1 stone:", [str(a) for a in s.legal_actions()])
step(s, "play 2 rice", viewer=0)"""),
    (MD, rule("BAL-PLAY-05", """
Played cards stay face up in your **display** until the end; there is no limit. The display is what
scores (phase 4) and what makes offering cards cheaper (BAL-BUY-02).""")),
    (CODE, """table(s, viewer=0)"""),
    (MD, ruling("BAL-PLAY-06", """
What if no option is possible, e.g. a hand of three shrines and 6 stones? The player puts one card of their
choice on the discard pile instead.""", "nothing (the rulebook pages about play could not be read).",
                "discard one card of your choice (it is out of the game) and go on to phase 3.",
                "the player passes phase 2 and keeps the hand (then the next take could not refill it).")),
    (CODE, """stuck = position(phase="play", stones=[6, 0, 0],
                 hands=[["shrine", "shrine", "shrine"], ["rice"], ["rice"]])
print("three shrines, 6 stones:", [str(a) for a in stuck.legal_actions()])
print(try_action(stuck, "play shrine"))  # this notebook's deliberate illegal move: one line, state unchanged
step(stuck, "discard shrine")"""),
    (MD, """Without `try_action`, `stuck.apply("play shrine")` raises an `IllegalAction` (a `ValueError`); its
`rule`, `reason` and `allowed` attributes give the same information to a program."""),
    (MD, question("You hold rice, rice, rice and have 1 stone. Which plays are legal?", """
`play rice` (free) and `play 2 rice` (1 stone). Three farmers cost 2 stones (BAL-PLAY-04).""")),
    # ------------------------------------------------------------------ offering
    (MD, "---\n## The offering phase"),
    (MD, rule("BAL-OFFER-01", """
After a shrine, every **other** player, starting with the active player's left neighbour, puts one
offering card from their stock **face up** on the altar. The altar decides what offering cards are worth
at the end (BAL-FINAL-01), so every player pushes the crops they hold.""")),
    (MD, rule("BAL-OFFER-02", """
Then the active player adds one card from their own stock **face down**: nobody else knows which crop it
pushed.""")),
    (MD, rule("BAL-OFFER-03", """
Finally the active player adds one card of any crop **from the supply**, face up. Cards on the altar never
come back.""")),
    (CODE, """s = position(phase="play", stones=[7, 0, 0], hands=[["shrine", "mason", "rice"], ["rice"], ["pepper"]],
             stocks=[{"rice": 1, "banana": 1}, {}, {"pepper": 1}])
step(s, "play shrine", "offer pepper", "offer banana", "altar peanut", viewer=1)"""),
    (CODE, """print("P0's log:", s.log_text(0)[-2])
print("P1's log:", s.log_text(1)[-2])
o = s.observation(1)
print("altar face up:", dict(zip(D.KINDS, o.altar_open)), "| face down:", o.altar_hidden)"""),
    (MD, rule("BAL-OFFER-04", """
A player with an empty stock puts nothing on the altar. P1 above had none, so the offering went from P2
straight to P0. An active player with an empty stock skips the face-down card but still adds the supply
card.""")),
    (MD, ruling("BAL-OFFER-05", """
Which altar cards lie face down?""", "most Bali and Rapa Nui sources: only the active player's own card; one "
                "review and a Rapa Nui variant: all own cards face down, only the supply card face up.",
                "only the active player's own card is face down.",
                "the reverse altar, playable with the option `reverse_altar=True`.")),
    (CODE, """s = jaliz_learn.load_game("bali", reverse_altar=True).state_from_json(
    {"players": 3, "phase": "play", "stones": [7, 0, 0], "hands": [["shrine", "mason", "rice"], ["rice"], ["pepper"]],
     "stocks": [{"rice": 1, "banana": 1}, {}, {"pepper": 1}]})
print(do(s, "play shrine", "offer pepper", "offer banana", "altar peanut", viewer=1))
o = s.observation(1)
print("reverse altar, face up:", dict(zip(D.KINDS, o.altar_open)), "| face down:", o.altar_hidden)"""),
    (MD, question("P2 sees the altar at rice 3, pepper 1 and one face-down card. Can P2 be sure rice is ahead of "
                  "pepper at the end?", """
No. Each face-down card may be pepper, and more shrines will come. Only the face-up cards and the count of
face-down ones are public (BAL-HIDDEN-01).""")),
    # ------------------------------------------------------------------ take
    (MD, "---\n## Phase 3: taking cards"),
    (MD, rule("BAL-TAKE-01", """
You take cards until you hold three, **one at a time**, each time the bottom card of any column; taking
from the same column again is allowed.""")),
    (MD, rule("BAL-TAKE-02", """
When a take empties a column, four new cards from the draw pile form a new column at once (you may take
from it right away).""")),
    (MD, ruling("BAL-TAKE-03", """
The card your **last** take uncovers is the *revealed* card, scored in phase 4.""",
                "the revealed card is the one the last take uncovers; the sources do not say what happens when "
                "that take emptied the column.",
                "the bottom card of the newly dealt column is revealed, so every turn has a scoring.",
                "nothing is revealed when the last take empties a column (that turn has no scoring).")),
    (CODE, """s = position(phase="take", hands=[["mason"], ["rice"], ["rice"]],
             square=[["banana"], ["priest", "shrine", "rice"], ["shrine", "shrine"], ["pepper", "pepper"]],
             deck=["rice", "mason", "banana", "priest", "shrine", "shrine", "shrine", "shrine"])
step(s, "take 2", "take 1")"""),
    (MD, question("In the scenario, P0 took from column 2 and then emptied column 1. Which card was scored, and "
                  "why not the shrine uncovered in column 2?", """
The card uncovered by the *last* take is scored: column 1 was re-dealt, so the bottom card of the new
column (BAL-TAKE-03). The shrine uncovered by the first take stays in the square unscored.""")),
    # ------------------------------------------------------------------ score
    (MD, "---\n## Phase 4: scoring the revealed card\n\nIn each scenario below P0 takes the bottom card of "
         "column 1 and uncovers the card we want scored."),
    (CODE, """def reveal(card, **fields):
    return position(phase="take", hands=[["mason", "rice"], ["rice"], ["rice"]],
                    square=[[card, "banana"], ["mason"] * 2, ["shrine"] * 2, ["pepper"] * 2], **fields)"""),
    (MD, rule("BAL-SCORE-01", """
The revealed card's type is scored for **every** player, according to the matching cards in their own
display. The player with the **sole** most matching cards gets a bonus; a tie for most gives no bonus.""")),
    (MD, rule("BAL-SCORE-02", """
Stonemasons: 1 stone per stonemason; the sole majority +1. Stonemasons 3/2/0 give 4, 2 and 0 stones.""")),
    (CODE, """s = reveal("mason", displays=[{"mason": 3}, {"mason": 2}, {}], stones=[0, 0, 0])
step(s, "take 1")"""),
    (CODE, """print("stones:", s.observation(None).stones)"""),
    (MD, rule("BAL-SCORE-03", """
Priests: 1 VP per priest; the sole majority +1. With 2 and 2 priests nobody has the sole majority: 2 VP
each, no bonus.""")),
    (CODE, """s = reveal("priest", displays=[{"priest": 2}, {"priest": 2}, {}], vp=[0, 0, 0])
print(do(s, "take 1"))
print("VP:", s.observation(None).vp)"""),
    (MD, ruling("BAL-SCORE-04", """
Shrines: one *unit* per shrine, +1 for the sole majority, and each owner chooses for every unit 1 VP or
1 stone (decision `shrine-reward`), starting with the active player.""",
                "Rapa Nui lets the owner of temples choose VP or stones; Bali's amounts are not known.",
                "1 unit per shrine, +1 for the sole majority, chosen unit by unit.",
                "a fixed reward (e.g. only VP), or one choice for all units together.")),
    (CODE, """s = reveal("shrine", displays=[{"shrine": 2}, {}, {}])
print(do(s, "take 1"))
print(s.decision(), "by", f"P{s.current_player()}:", [str(a) for a in s.legal_actions()])"""),
    (MD, ruling("BAL-SCORE-05", """
Farmers: every player with **at least one** farmer of the revealed crop takes **one** offering card of that
crop from the supply, however many farmers they have; the sole majority takes one more.""",
                "two Rapa Nui reviews: one card per player with such a farmer, +1 for the majority; a newspaper "
                "note: one card per farmer.",
                "one card per player, +1 for the sole majority, handed out clockwise from the active player.",
                "one card per matching farmer (farmers would then be much stronger).")),
    (CODE, """s = reveal("rice", displays=[{"rice": 3}, {"rice": 1}, {}], stocks=[{}, {}, {}])
print(do(s, "take 1"))
print("stock sizes (rice cards gained):", s.observation(None).stock_sizes)"""),
    (MD, rule("BAL-SCORE-06", """
A supply pile that is empty gives nothing: no buying, no farmer reward, no supply card on the altar. With
one rice card left, P1 (sole majority) is served after P0, who comes first clockwise, and gets nothing.""")),
    (CODE, """s = reveal("rice", displays=[{"rice": 1}, {"rice": 2}, {}], stocks=[{}, {}, {}],
           supply={"rice": 1, "peanut": 20, "banana": 20, "pepper": 20})
print(do(s, "take 1"))
print("stock sizes:", s.observation(None).stock_sizes, "| rice left:", s.observation(None).supply[0])"""),
    (MD, question("Stonemasons are revealed; displays hold 2, 2 and 1 stonemasons. What does each player get?", """
2, 2 and 1 stones: the tie for most gives no bonus (BAL-SCORE-01, BAL-SCORE-02).""")),
    # ------------------------------------------------------------------ end
    (MD, "---\n## The end and final scoring"),
    (MD, ruling("BAL-END-01", """
The game ends **at once** when a column must be re-dealt and the draw pile holds fewer than four cards;
that turn is not finished and not scored.""", "the game ends when the draw pile runs out; the exact moment is "
                "not given.", "at once, when a re-deal is impossible; that turn is not scored.",
                "the round is finished, or the short column is dealt and the game ends after the turn.")),
    (CODE, """s = position(phase="take", hands=[["mason", "rice"], ["rice"], ["rice"]], deck=["priest"] * 3,
             square=[["priest"], ["mason"] * 2, ["shrine"] * 2, ["pepper"] * 2],
             altar={"open": {"rice": 3, "peanut": 2, "banana": 1}, "hidden": [[1, "pepper"]]},
             stocks=[{"rice": 2, "pepper": 1}, {"banana": 3}, {"peanut": 1}],
             displays=[{"shrine": 2}, {"shrine": 1}, {}], stones=[12, 4, 0], vp=[5, 10, 1])
step(s, "take 1")"""),
    (MD, ruling("BAL-FINAL-01", """
All altar cards are turned face up and the four crops are ranked by their count on the altar. Each
offering card in a stock is worth **3, 2, 1 or 0 VP** by its crop's rank. Above, the face-down card was
pepper: rice 3, peanut 2, banana 1, pepper 1.""", "Rapa Nui: offering values by the altar's order, 3/2/1/0.",
                "the same for Bali.", "other values per rank (the Bali pages with them could not be read).")),
    (MD, ruling("BAL-FINAL-02", """
Crops with equal altar counts share the **better** rank and the next rank is skipped: counts 6/6/3/1
give values 3/3/1/0. (Banana and pepper above tie at 1: both worth 1, rank 3.)""",
                "nothing about ties between crops.", "ties share the better rank, the next is skipped.",
                "option `offering_ties`: `dense` (3/3/2/1) or `worse` (ties share the worse rank).")),
    (CODE, """print({mode: D.offering_values([6, 6, 3, 1], mode) for mode in D.OFFERING_TIE_MODES})"""),
    (MD, rule("BAL-FINAL-03", """
Each shrine in your display is worth **4 VP** at the end.""")),
    (MD, rule("BAL-FINAL-04", """
Left-over stones: **1 VP per 5 stones**, rounded down (reconstructed).""")),
    (MD, rule("BAL-FINAL-05", """
Add the VP earned during the game; the highest total wins. Each player can check their own score from
their own observation and the values on the altar (announced in the final event):""")),
    (CODE, """values = s.events()[-1].data["values"]  # the offering values of rice, peanut, banana, pepper
for p in range(3):
    o = s.observation(p)
    parts = {"earned": o.vp[p], "offerings": sum(n * v for n, v in zip(o.stock, values)),
             "shrines": D.SHRINE_END_VP * o.displays[p][D.CARD_INDEX["shrine"]],
             "stones": o.stones[p] // D.STONES_PER_END_VP}
    print(f"P{p}: " + ", ".join(f"{k} {v}" for k, v in parts.items()) + f" | total {sum(parts.values())}")
outcome_table(s.outcome(), score="VP")"""),
    (MD, rule("BAL-TIE-01", """
On equal totals, the player with **more left-over stones** wins; still equal, they share the victory.""")),
    (CODE, """s = position(phase="take", hands=[["mason", "rice"], ["rice"], ["rice"]], deck=["priest"] * 3,
             square=[["priest"], ["mason"] * 2, ["shrine"] * 2, ["pepper"] * 2], stocks=[{}, {}, {}],
             displays=[{}, {}, {}], stones=[4, 3, 0], vp=[10, 10, 2])
s.apply("take 1")
print(f"stones left: {s.observation(None).stones} (P0 and P1 tie on VP; P0 has more stones)")
outcome_table(s.outcome(), score="VP")"""),
    (MD, question("Ana and Bo both end on 30 VP, Ana with 9 stones, Bo with 5. Who wins?", """
Ana (BAL-TIE-01). Her 9 stones already gave 1 VP, as did Bo's 5; the left-over stones decide.""")),
    # ------------------------------------------------------------------ hidden info, variants
    (MD, "---\n## Hidden information and variants"),
    (MD, rule("BAL-HIDDEN-01", """
You see your own hand and stock; of the others only how many cards they hold. Displays, stones, VP, the
supply and the whole village square are public; of the face-down altar cards you see only the number
(and which ones are yours). A bot gets exactly this.""")),
    (CODE, """o = bali.initial_state(num_players=3, seed=7).observation(1)
print("own hand:", o.hand, "| own stock:", dict(zip(D.KINDS, o.stock)))
print("hand sizes:", o.hand_sizes, "| stock sizes:", o.stock_sizes)"""),
    (MD, rule("BAL-VAR-01", """
The Oracle and Demon variants are not offered until their rules are known. The engine keeps hooks for
them, so adding them later changes no other rule.""")),
    (CODE, """print("options:", [f"{opt.name}={opt.default!r}" for opt in bali.info.options])"""),
    (MD, question("Can a bot find out which crop P0 put face down on the altar?", """
No: its observation holds only the number of face-down cards (`altar_hidden`) and its own face-down
cards; the log it reads says "face down" without the crop.""")),
    # ------------------------------------------------------------------ tani
    (MD, "---\n## Village of Tani: setup"),
    (MD, rule("TAN-SETUP-01", """
Eleven more playing cards are shuffled in: two farmers of each crop, two stonemasons and a priest (61
cards).""")),
    (CODE, """t = tani.initial_state(num_players=2, seed=7)
o = t.observation(None)
print("playing cards:", o.draw_pile + sum(len(col) for col in o.square), "(start sets not counted)")"""),
    (MD, rule("TAN-SETUP-02", """
The village board has four areas, one per crop, each with fields 1, 2 and 3. The four banana plantation
tiles lie open in the banana area, and the Ganesha figure stands on the temple (nobody holds it yet).""")),
    (MD, rule("TAN-SETUP-03", """
Every player gets huts: 6 with two players, 4 with three, 3 with four. Unbuilt huts at the end lose the
game (TAN-END-01).""")),
    (CODE, """print("huts:", o.huts, "| tiles:", o.tiles, "| Ganesha held by:", o.ganesha)
t"""),
    (MD, question("With 3 players, how many huts are built in a full game, and how many fields are there?", """
3 × 4 = 12 huts, and 4 areas × 3 fields = 12 fields: every field will be needed.""")),
    (MD, "---\n## Village of Tani: building a hut"),
    (MD, rule("TAN-BUILD-01", """
In phase 2 you may **build a hut instead of playing cards**. Phases 1, 3 and 4 stay as they are.""")),
    (MD, rule("TAN-BUILD-02", """
Put a **farmer** from your hand on the discard pile (public, out of the game): the hut goes in the area
of that farmer's crop.""")),
    (MD, rule("TAN-BUILD-03", """
Return **1, 2 or 3 offering cards** of any crops from your stock to the supply: their number is the field
you build on.

**The rulebook's example:** *Robert places a pepper farmer onto the discard pile, returns 1 pepper and 1
rice card to the supply and builds a hut on field 2 of the pepper area.* Building in the pepper area also
gives 4 stones (TAN-BONUS-03).""")),
    (CODE, """robert = 1
s = position("bali-tani", phase="play", active=robert, stones=[0, 2, 0],
             hands=[["rice"], ["pepper", "priest", "mason"], ["rice"]],
             stocks=[{}, {"pepper": 1, "rice": 1, "banana": 1}, {}])
print("builds on offer:", [str(a) for a in s.legal_actions() if str(a).startswith("build")])
step(s, "build pepper 2 pepper+rice", viewer=robert)"""),
    (CODE, """o = s.observation(robert)
print("discard pile:", o.discard, "| Robert's stones:", o.stones[robert], "| huts left:", o.huts)"""),
    (MD, ruling("TAN-BUILD-04", """
A field holds one hut; only a free field may be chosen. P0 below cannot build on pepper field 2, taken
by P1.""", "*“determine on which field”* the hut is built.", "one hut per field.",
                "several huts may share a field (the number of cards would then only be a price).")),
    (CODE, """s = position("bali-tani", phase="play", hands=[["pepper", "mason", "priest"], ["rice"], ["rice"]],
             village={"pepper": [None, 1, None]}, stocks=[{"rice": 2}, {}, {}])
print(try_action(s, "build pepper 2 rice+rice"))"""),
    (MD, question("You hold a banana farmer and 2 offering cards. On which fields of the banana area can you build?",
                  """
Fields 1 and 2, whichever is free: field 3 needs three offering cards (TAN-BUILD-03, TAN-BUILD-04).""")),
    (MD, "---\n## Village of Tani: area bonuses and Ganesha"),
    (MD, rule("TAN-BONUS-01", """
A hut in the **banana** area earns one of the banana plantation tiles, your choice. You score it at once
and the tile leaves the game, so the later banana builders have less choice.""")),
    (MD, rule("TAN-BONUS-02", """
The four tiles pay 1 VP per stonemason, per priest, per pepper and banana farmer, or per peanut and rice
farmer in your display. P0 has 2 stonemasons, 1 priest and 3 rice farmers: the peanut-rice tile pays 3.""")),
    (CODE, """s = position("bali-tani", phase="play", hands=[["banana", "mason", "priest"], ["rice"], ["rice"]],
             displays=[{"mason": 2, "priest": 1, "rice": 3}, {}, {}], vp=[0, 0, 0])
print(do(s, "build banana 1 rice"))
print(s.decision(), [str(a) for a in s.legal_actions()])
step(s, "tile peanut-rice")"""),
    (MD, rule("TAN-BONUS-03", """
A hut in the **pepper** area gives 4 stones (Robert's example above).""")),
    (MD, ruling("TAN-BONUS-04", """
A hut in the **rice** or **peanut** area gives you the Ganesha figure.""",
                "*“take the Ganesha figure”*, without saying from where when someone already holds it.",
                "you take it from the temple **or from the player who holds it**.",
                "only from the temple: once taken, Ganesha stays with its first holder.")),
    (CODE, """g = position("bali-tani", phase="play", active=1, ganesha=0,
             hands=[["rice"], ["peanut", "mason"], ["rice"]])
print("Ganesha before:", f"P{g.observation(None).ganesha}")
step(g, "build peanut 1 rice")"""),
    (CODE, """print("Ganesha after:", f"P{g.observation(None).ganesha}")"""),
    (MD, rule("TAN-GANESHA-01", """
Whenever priests are scored, Ganesha's holder gets **2 VP**, even without a priest.""")),
    (CODE, """p = position("bali-tani", phase="take", ganesha=2, vp=[0, 0, 0],
             hands=[["mason", "rice"], ["rice"], ["rice"]], displays=[{"priest": 1}, {}, {}],
             square=[["priest", "banana"], ["mason"] * 2, ["shrine"] * 2, ["pepper"] * 2])
print(do(p, "take 1"))
print("VP:", p.observation(None).vp)"""),
    (MD, rule("TAN-GANESHA-02", """
At the end of the game Ganesha's holder gets another **2 VP**.""")),
    (MD, ruling("TAN-END-01", """
A player with **unbuilt huts** at the end takes no part in the final scoring and **loses**. Below P1 has
30 VP but one hut left: P1 is eliminated (score shown as -1), and P2 wins with Ganesha's 2 VP.""",
                "*“automatically loses the game”*, for a player with huts left.",
                "every such player loses; several of them rank last together, and if all have huts left nobody "
                "wins.", "only the player with the most unbuilt huts loses, or the losers are ranked by score.")),
    (CODE, """s = position("bali-tani", phase="take", huts=[0, 1, 0], ganesha=2, vp=[3, 30, 3], stones=[0, 0, 0],
             hands=[["mason", "rice"], ["rice"], ["rice"]], stocks=[{}, {}, {}], displays=[{}, {}, {}],
             deck=["priest"] * 3, square=[["priest"], ["mason"] * 2, ["shrine"] * 2, ["pepper"] * 2])
s.apply("take 1")
outcome_table(s.outcome(), score="VP")"""),
    (MD, question("P0 holds Ganesha and builds in the rice area again. What changes?", """
Nothing for Ganesha: P0 already holds it (TAN-BONUS-04). The hut still counts, and P0 has one fewer hut
to worry about (TAN-END-01).""")),
    # ------------------------------------------------------------------ a game
    (MD, """---
## A whole game

`BaliGreedyBot` (`--bots greedy` on the command line) against two random bots, with the expansion. Then
the last events as a table (players written as P0..., blank for events that belong to nobody)."""),
    (CODE, """from jaliz_learn.bots import RandomBot
from jaliz_learn.games.bali.bots import BaliGreedyBot

result = jaliz_learn.play(tani, [BaliGreedyBot(0), RandomBot(1), RandomBot(2)], seed=11)
print(result.decisions, "decisions")
outcome_table(result, ["greedy", "random 1", "random 2"], score="VP")"""),
    (CODE, """from jaliz_learn.core.table import Table

rows = [{"turn": e.turn, "player": "" if e.player is None else f"P{e.player}", "event": e.kind,
         "what happened": tani.describe_event(e, None)}
        for e in result.state.events(None) if e.kind != "end"][-8:]
Table(rows)  # a small table that needs no pandas (so it shows in the browser-only JupyterLite site too)"""),
    (MD, """---
## Play a game

You are P0 against two greedy bots, with the Village of Tani. Click cards and columns on the board; the
buttons and the *legal actions* list do the rest. From a terminal: `jaliz-learn board bali-tani`
(or `jaliz-learn board bali` without the expansion)."""),
    (CODE, """# NBVAL_IGNORE_OUTPUT
from jaliz_learn.widgets import BaliBoard

BaliBoard(num_players=3, human=0, bots="greedy", seed=7, tani=True)"""),
]


def check(cells: list[tuple[str, str]]) -> None:
    headings = [m.group(1) for kind, src in cells if kind == MD
                for m in re.finditer(r"^### ((?:BAL|TAN)-[A-Z]+-\d+) ", src, flags=re.M)]
    if headings != list(RULES.ids):
        missing = sorted(set(RULES.ids) - set(headings))
        raise SystemExit(f"rule headings not in catalogue order (missing {missing}): {headings}")


def build(path: Path) -> None:
    check(CELLS)
    nb = new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [new_markdown_cell(src) if kind == MD else new_code_cell(src)
                for kind, src in CELLS + rule_code_cells("bali", "BAL-TIE-01", "BAL-SCORE-06") + ladder_cells("bali")]
    nbformat.write(nb, path)


if __name__ == "__main__":
    build(OUT)
    print(f"wrote {OUT}")
