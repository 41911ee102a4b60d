"""Build notebooks/05_bali.ipynb (run, then execute it in place with nbconvert).

    /work/devvenv/bin/python docs/tools/build_bali_notebook.py
    /work/devvenv/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/05_bali.ipynb
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

CELLS: list[tuple[str, str]] = [
    ("md", """# Bali and Bali: Village of Tani

Two registered games: `bali` (2-4 players) and `bali-tani` (with the *Village of Tani* expansion).

**Read this first.** Bali's printed rulebook could be read only up to its setup, so the base rules are
*reconstructed* (shared/rules/bali-base.md) from reviews and from *Rapa Nui*, the game Bali re-themes.
Every rule has an ID; its status says where it comes from: `rulebook` (a Bali source or the Tani
rulebook), `ruling` (carried over from Rapa Nui, or a reading we chose), `proposed` (a gap we filled).
Every uncertain number is a named constant in `jaliz_learn/games/bali/data.py`; docs/rulings/bali.md
gives each decision and its reason. This notebook walks through every rule ID with small seeded scenarios."""),
    ("code", """import jaliz_learn
from jaliz_learn.games.bali import data as D

bali = jaliz_learn.load_game("bali")
tani = jaliz_learn.load_game("bali-tani")


def position(game="bali", **fields):
    \"\"\"A scenario: only the fields that matter; the rest comes from a seeded setup.\"\"\"
    return jaliz_learn.load_game(game).state_from_json({"players": 3, **fields})


print(tani.rules.table())  # the catalogue of bali-tani = the BAL rules + the TAN rules"""),
    ("md", """## Setup

- **BAL-SETUP-01** 50 playing cards (9 priests, 9 shrines, 12 stonemasons, 5 farmers of each kind).
- **BAL-SETUP-02** each player's start set: a stonemason in the display, three different farmers in hand.
- **BAL-SETUP-03** every player starts with one offering card of each kind; 25 per kind exist.
- **BAL-SETUP-04** the village square: 4 columns of 4; only the bottom card (bold) can be taken.
- **BAL-SETUP-05** starting stones 2/3/4/5 in seat order. **BAL-SETUP-06** seat 0 starts, clockwise."""),
    ("code", """state = bali.initial_state(num_players=3, seed=7)
print("cards in deck and square:", len(state.deck) + sum(len(col) for col in state.square))
obs = state.observation(0)
print("P0 hand:", obs.hand, "| P0 stock:", dict(zip(D.KINDS, obs.stock)), "| stones:", obs.stones)
state"""),
    ("md", """With the expansion (**TAN-SETUP-01..03**): 11 more cards are shuffled in (61), the village board has
four areas with fields 1-3, the four banana plantation tiles lie open, Ganesha stands on the temple,
and every player gets 6/4/3 huts (2/3/4 players)."""),
    ("code", """t = tani.initial_state(num_players=2, seed=7)
print("cards:", len(t.deck) + 16, "| huts:", t.huts, "| tiles:", t.tiles, "| Ganesha:", t.ganesha)
t"""),
    ("md", """## A turn (BAL-TURN-01)

Phase 1 buy (optional), phase 2 play (mandatory), phase 2b offering (after a shrine), phase 3 take
cards back to 3, phase 4 score the revealed card for everybody. `state.decision()` names the step.

**BAL-BUY-01 / BAL-BUY-02**: at most one offering card; it costs 5 stones minus the farmers of that
kind in the *display* (not in the hand), never below 0. Here P0 has 2 rice and 6 pepper farmers."""),
    ("code", """s = position(phase="buy", stones=[3, 0, 0], hands=[["peanut", "peanut", "peanut"], ["rice"], ["rice"]],
             displays=[{"mason": 1, "rice": 2, "pepper": 6}, {}, {}])
print(s.decision(), [str(a) for a in s.legal_actions()])
s.apply("buy rice")
print("after buying:", s.decision(), "stones", s.stones[0])"""),
    ("md", """**BAL-PLAY-01..05**: play exactly one option: a stonemason or a priest (free, **BAL-PLAY-02**), a shrine
for 7 stones (**BAL-PLAY-03**), or 1-3 farmers of one kind for 0/1/2 stones (**BAL-PLAY-04**). Played
cards stay in the display (**BAL-PLAY-05**). **BAL-PLAY-06** (proposed): with no legal option the player
discards a card instead."""),
    ("code", """s = position(phase="play", stones=[1, 0, 0], hands=[["rice", "rice", "shrine"], ["rice"], ["rice"]])
print("1 stone:", [str(a) for a in s.legal_actions()])
stuck = position(phase="play", stones=[6, 0, 0], hands=[["shrine", "shrine", "shrine"], ["rice"], ["rice"]])
print("three shrines, 6 stones:", [str(a) for a in stuck.legal_actions()])
stuck.apply("discard shrine")
print(stuck.log_text()[-1])"""),
    ("md", """## The offering phase (BAL-OFFER-01..05)

After a shrine the other players, clockwise from the left, put one stock card **face up** on the altar
(**BAL-OFFER-01**); the active player puts one **face down** (**BAL-OFFER-02**) and then one card from
the supply face up (**BAL-OFFER-03**). A player without offering cards places nothing (**BAL-OFFER-04**).
Option `reverse_altar=True` plays the reverse mode (**BAL-OFFER-05**). Note how P1's log hides the
face-down card that P0's log shows."""),
    ("code", """s = position(phase="play", stones=[7, 0, 0], hands=[["shrine", "mason", "rice"], ["rice"], ["pepper"]],
             stocks=[{"rice": 1, "banana": 1}, {}, {"pepper": 1}])
for action in ["play shrine", "offer pepper", "offer banana", "altar peanut"]:
    print(f"P{s.current_player()} {s.decision():13} -> {action}")
    s.apply(action)
print("P0 sees:", s.log_text(0)[-2])
print("P1 sees:", s.log_text(1)[-2])
print("altar open:", s.altar_open, "face down:", s.observation(1).altar_hidden)"""),
    ("md", """## Refilling and the revealed card (BAL-TAKE-01..03)

Cards are taken one at a time from the bottom of any column (**BAL-TAKE-01**). An emptied column is
re-dealt with 4 cards at once (**BAL-TAKE-02**). The card uncovered by the last take is the *revealed*
card; after a re-deal it is the new column's bottom card (**BAL-TAKE-03**, proposed)."""),
    ("code", """s = position(phase="take", hands=[["mason"], ["rice"], ["rice"]],
             square=[["banana"], ["priest", "shrine", "rice"], ["shrine", "shrine"], ["pepper", "pepper"]],
             deck=["rice", "mason", "banana", "priest", "shrine", "shrine", "shrine", "shrine"])
s.apply("take 2")
s.apply("take 1")
for line in s.log_text()[-4:]:
    print(line)"""),
    ("md", """## Scoring the revealed card (BAL-SCORE-01..06)

Every player scores the revealed type; the player with the **sole** most matching cards earns a bonus
(**BAL-SCORE-01**). Stonemason: 1 stone each (+1, **BAL-SCORE-02**). Priest: 1 VP each (+1,
**BAL-SCORE-03**). Shrine: 1 unit each (+1), each owner chooses VP or stones per unit
(**BAL-SCORE-04**). Farmer: one offering card for every player owning such a farmer, one more for the
sole majority (**BAL-SCORE-05**). An empty supply pile gives nothing (**BAL-SCORE-06**)."""),
    ("code", """def reveal(card, **fields):
    return position(phase="take", hands=[["mason", "rice"], ["rice"], ["rice"]],
                    square=[[card, "banana"], ["mason"] * 2, ["shrine"] * 2, ["pepper"] * 2], **fields)

s = reveal("mason", displays=[{"mason": 3}, {"mason": 2}, {}], stones=[0, 0, 0])
s.apply("take 1"); print("stonemasons 3/2/0 ->", s.stones)
s = reveal("priest", displays=[{"priest": 2}, {"priest": 2}, {}], vp=[0, 0, 0])
s.apply("take 1"); print("priests 2/2/0 (tie, no bonus) ->", s.vp)
s = reveal("rice", displays=[{"rice": 3}, {"rice": 1}, {}], stocks=[{}, {}, {}])
s.apply("take 1"); print("rice farmers 3/1/0 -> rice cards", [st[0] for st in s.stocks])
s = reveal("shrine", displays=[{"shrine": 2}, {}, {}])
s.apply("take 1"); print("shrine:", s.decision(), [str(a) for a in s.legal_actions()])
s = reveal("rice", displays=[{"rice": 1}, {"rice": 2}, {}], stocks=[{}, {}, {}],
           supply={"rice": 1, "peanut": 20, "banana": 20, "pepper": 20})
s.apply("take 1"); print("one rice card left in the supply ->", [st[0] for st in s.stocks])"""),
    ("md", """## End and final scoring

**BAL-END-01** (proposed): the game ends at once when a column must be re-dealt and the draw pile holds
fewer than 4 cards; that turn is not scored. Then: offering cards by altar rank 3/2/1/0
(**BAL-FINAL-01**), tied kinds share the better rank (**BAL-FINAL-02**, option `offering_ties`),
4 VP per shrine (**BAL-FINAL-03**), 1 VP per 5 stones (**BAL-FINAL-04**), plus the VP earned
(**BAL-FINAL-05**). Ties: more stones, then shared (**BAL-TIE-01**)."""),
    ("code", """s = position(phase="take", hands=[["mason", "rice"], ["rice"], ["rice"]], deck=["priest"] * 3,
             square=[["priest"], ["mason"] * 2, ["shrine"] * 2, ["pepper"] * 2],
             altar={"open": {"rice": 3, "peanut": 2, "banana": 1}, "hidden": [[1, "pepper"]]},
             stocks=[{"rice": 2, "pepper": 1}, {"banana": 3}, {"peanut": 1}],
             displays=[{"shrine": 2}, {"shrine": 1}, {}], stones=[12, 4, 0], vp=[5, 10, 1])
s.apply("take 1")
print(s.log_text()[-1])
for p, row in enumerate(s.final):
    print(f"P{p}", row)
print("ranking:", s.outcome().ranking)
print("tie modes for counts 6/6/3/1:", {m: D.offering_values([6, 6, 3, 1], m) for m in D.OFFERING_TIE_MODES})"""),
    ("md", """## Hidden information and variants

**BAL-HIDDEN-01**: a player sees their own hand and stock; of the others only sizes; of the altar's
face-down cards only their number (and their own). **BAL-VAR-01**: the Oracle and Demon variants are
not offered until their rules are known; `oracle_hook` and `demon_hook` are the extension points."""),
    ("code", """obs = bali.initial_state(num_players=3, seed=7).observation(1)
print("own hand:", obs.hand, "| hand sizes:", obs.hand_sizes, "| stock sizes:", obs.stock_sizes)
print("options:", [o.name for o in bali.info.options])"""),
    ("md", """## Village of Tani: building a hut

Instead of playing cards (**TAN-BUILD-01**) a player puts a farmer from hand on the discard pile
(**TAN-BUILD-02**) and returns 1, 2 or 3 offering cards to the supply: their number is the field
(**TAN-BUILD-03**). A field holds one hut (**TAN-BUILD-04**, proposed).

The rulebook's example: *Robert places a pepper farmer onto the discard pile, returns 1 pepper and
1 rice card, and builds a hut on field 2 of the pepper area.* Pepper gives 4 stones (**TAN-BONUS-03**)."""),
    ("code", """robert = 1
s = position("bali-tani", phase="play", active=robert, stones=[0, 2, 0],
             hands=[["rice"], ["pepper", "priest", "mason"], ["rice"]],
             stocks=[{}, {"pepper": 1, "rice": 1, "banana": 1}, {}])
print([str(a) for a in s.legal_actions() if a.kind == "build"])
s.apply("build pepper 2 pepper+rice")
print(s.log_text()[-1])
print("discard pile:", s.observation(0).discard, "| Robert's stones:", s.stones[robert], "| huts left:", s.huts)
s"""),
    ("md", """**TAN-BONUS-01/02**: building in the banana area takes one of the banana plantation tiles, worth 1 VP
per stonemason / priest / pepper+banana farmer / peanut+rice farmer in the display; the tile leaves
the game. **TAN-BONUS-04**: the rice and peanut areas give the Ganesha figure, even from another player.
**TAN-GANESHA-01**: Ganesha's holder gets 2 VP at every priest scoring, even without priests."""),
    ("code", """s = position("bali-tani", phase="play", hands=[["banana", "mason", "priest"], ["rice"], ["rice"]],
             displays=[{"mason": 2, "priest": 1, "rice": 3}, {}, {}], vp=[0, 0, 0])
s.apply("build banana 1 rice")
print(s.decision(), [str(a) for a in s.legal_actions()])
s.apply("tile peanut-rice")
print(s.log_text()[-1])
g = position("bali-tani", phase="play", active=1, ganesha=0, hands=[["rice"], ["peanut", "mason"], ["rice"]])
g.apply("build peanut 1 rice")
print(f"Ganesha now with P{g.ganesha}")
p = position("bali-tani", phase="take", ganesha=2, vp=[0, 0, 0], hands=[["mason", "rice"], ["rice"], ["rice"]],
             displays=[{"priest": 1}, {}, {}],
             square=[["priest", "banana"], ["mason"] * 2, ["shrine"] * 2, ["pepper"] * 2])
p.apply("take 1")
print(p.log_text()[-1], "->", p.vp)"""),
    ("md", """## Village of Tani: the end

**TAN-GANESHA-02**: the holder of Ganesha gets 2 VP at the end. **TAN-END-01**: a player with unbuilt
huts takes no part in the final scoring and loses (score reported as -1; several such players rank last
together)."""),
    ("code", """s = position("bali-tani", phase="take", huts=[0, 1, 0], ganesha=2, vp=[3, 30, 3], stones=[0, 0, 0],
             hands=[["mason", "rice"], ["rice"], ["rice"]], stocks=[{}, {}, {}], displays=[{}, {}, {}],
             deck=["priest"] * 3, square=[["priest"], ["mason"] * 2, ["shrine"] * 2, ["pepper"] * 2])
s.apply("take 1")
print("scores:", s.scores(), "| winners:", s.winners(), "| ranking:", s.outcome().ranking)"""),
    ("md", """## Illegal moves name their rule

Every refused action raises an `IllegalAction` that names the rule and lists what is allowed; the
state stays unchanged."""),
    ("code", """# NBVAL_RAISES_EXCEPTION
s = position("bali-tani", phase="play", hands=[["pepper", "mason", "priest"], ["rice"], ["rice"]],
             village={"pepper": [None, 1, None]}, stocks=[{"rice": 2}, {}, {}])
s.apply("build pepper 2 rice+rice")"""),
    ("md", """## A whole game with bots

`BaliGreedyBot` (`--bots greedy` on the command line) plays both games from its observation only."""),
    ("code", """from jaliz_learn.bots import RandomBot
from jaliz_learn.games.bali.bots import BaliGreedyBot

result = jaliz_learn.play("bali-tani", [BaliGreedyBot(1), RandomBot(2), RandomBot(3)], seed=11)
print("scores:", result.scores, "| winners:", result.winners, "| decisions:", result.decisions)
result.state.log_dataframe(viewer=None).tail(8)[["turn", "kind", "player", "text"]]"""),
]


def build(path: Path) -> None:
    nb = new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [new_markdown_cell(src) if kind == "md" else new_code_cell(src) for kind, src in CELLS]
    for cell in nb.cells:
        if "NBVAL_RAISES_EXCEPTION" in cell.source:
            cell.metadata["tags"] = ["raises-exception"]  # lets nbconvert --execute go on
    nbformat.write(nb, path)


if __name__ == "__main__":
    build(Path(__file__).resolve().parents[2] / "notebooks" / "05_bali.ipynb")
