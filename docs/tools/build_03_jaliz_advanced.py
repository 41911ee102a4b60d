"""Build notebooks/03_jaliz_advanced.ipynb: a thin walkthrough of every JADV rule ID.

Run from the project root, then execute the notebook in place:

    /work/devvenv/bin/python docs/tools/build_03_jaliz_advanced.py
    /work/devvenv/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/03_jaliz_advanced.ipynb
    /work/devvenv/bin/python -m pytest --nbval notebooks/03_jaliz_advanced.ipynb --nbval-current-env

The standard JAL-* rules are explained in notebooks/01_jaliz_walkthrough.ipynb.
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from jaliz_learn.games.jaliz.advanced.catalogue import ADVANCED

RULES = {r.id: r for r in ADVANCED}
OUT = Path(__file__).resolve().parents[2] / "notebooks" / "03_jaliz_advanced.ipynb"

#: (section title, rule IDs explained, code cells)
SECTIONS: list[tuple[str, list[str], list[str]]] = [
    ("Setup and the event deck", ["JADV-SETUP-01", "JADV-SETUP-02", "JADV-DECK-01"], [
        "st = game.initial_state(num_players=4, seed=1)\n"
        "print('event deck:', len(st.event_deck), 'cards; the product deck and hands as in the standard game')\n"
        "from jaliz_learn.games.jaliz.events_data import EVENTS\n"
        "for e in EVENTS.values():\n"
        "    print(f\"{e.title:13} {e.kind:8} {'mandatory' if e.mandatory else 'optional ':9} \"\n"
        "          f\"{'sourced ' if e.sourced else 'PROPOSED'}  {e.effect}\")",
        "# the composition is an option: the 7 events the rulebook describes, or any copies per event\n"
        "small = jaliz_learn.load_game('jaliz-advanced', event_deck='crow=3,snow=1')\n"
        "sorted(small.initial_state(num_players=3, seed=1).event_deck)",
    ]),
    ("Rounds: one event per round, seasonal tokens until the next event",
     ["JADV-R-ROUND", "JADV-EVENT-01", "JADV-EVENT-02", "JADV-EVENT-03", "JADV-EVENT-05"], [
        "# P2 finishes the last turn of a round while snow, rain and breeding lie on the farms.\n"
        "# The event deck is empty: the revealed cards are reshuffled, then Tax is revealed before P0 plants.\n"
        "st = game.state_from_json({'num_players': 3, 'active': 2, 'phase': 'respond', 'market': ['carrot'],\n"
        "    'turn': 3, 'players': [{'hand': ['beans'], 'coins': 2},\n"
        "                           {'hand': ['beans'], 'plots': [['peas', 2, False], [None, 0, False]]}, {}],\n"
        "    'events': {'current': 'rain', 'snow': [[0, 1]], 'rain': [[1, 1]], 'breeding': 'peas',\n"
        "               'deck': [], 'discard': ['tax', 'tax']}})\n"
        "st",
        "st.apply('keep carrot'); st.apply('plant carrot 1')\n"
        "print('\\n'.join(st.log_text()[-9:]))\n"
        "st",
    ]),
    ("Resolving an event: order, left and right, no harvest or buy",
     ["JADV-R-ORDER", "JADV-R-LEFTRIGHT", "JADV-EVENT-04", "JADV-EVENT-06"], [
        "# Crow is revealed. Seat order from the active player; each player pecks the player to the LEFT (seat + 1).\n"
        "# P0 cannot harvest its 5 carrots to save them: harvest and buy are not legal during the event.\n"
        "st = game.state_from_json({'num_players': 3, 'phase': 'event', 'events': {'current': 'crow'},\n"
        "    'players': [{'hand': ['beans'], 'coins': 4, 'plots': [['carrot', 5, False], [None, 0, False]]},\n"
        "                {'plots': [['peas', 3, False], [None, 0, False]]}, {}]})\n"
        "print(st.decision(), 'by P%d' % st.current_player(), [str(a) for a in st.legal_actions()])",
    ]),
    ("Crow", ["JADV-CROW-01", "JADV-CROW-02"], [
        "st.apply('crow 1')   # P0 picks P1's plot 1: one pea is burned\n"
        "print(st.decision(), 'by P%d' % st.current_player())  # P1's left neighbour P2 has nothing: P1 skipped\n"
        "st.apply('crow 1')   # P2 pecks P0's carrots\n"
        "print('\\n'.join(st.log_text()[-5:]))\n"
        "st",
    ]),
    ("Gardener", ["JADV-GARDEN-01", "JADV-GARDEN-02"], [
        "st = game.state_from_json({'num_players': 3, 'phase': 'event', 'events': {'current': 'gardener'},\n"
        "    'players': [{'hand': ['carrot', 'turnip'], 'plots': [['carrot', 2, False], ['peas', 1, False]]},\n"
        "                {'hand': ['turnip'], 'plots': [['carrot', 2, False], ['peas', 1, False]]}, {}]})\n"
        "print([str(a) for a in st.legal_actions()])  # the turnip fits nowhere and nobody may harvest now\n"
        "st.apply('plant carrot 1')\n"
        "print('\\n'.join(st.log_text()[-4:]))",
    ]),
    ("Snow", ["JADV-SNOW-01", "JADV-SNOW-02", "JADV-SNOW-03", "JADV-R-LASTROUND"], [
        "st = game.state_from_json({'num_players': 3, 'phase': 'event', 'events': {'current': 'snow'},\n"
        "    'players': [{'hand': ['carrot'], 'plots': [['carrot', 3, False], [None, 0, False]]}, {}, {}]})\n"
        "st.apply('snow 2')   # P0 snows plot 2 of P2 (its right neighbour), an empty plot\n"
        "st.apply('snow 1')   # P1 snows P0's carrots\n"
        "st.apply('snow 1')\n"
        "print([str(a) for a in st.legal_actions()])  # P0 may neither plant on nor harvest plot 1\n"
        "st",
        "# In the last round (the product deck ran out for the last time) a snowed plot may be harvested.\n"
        "st = game.state_from_json({'num_players': 3, 'phase': 'final-plant', 'ending': True, 'deck_runs_out': 3,\n"
        "    'events': {'current': 'snow', 'snow': [[0, 1]]},\n"
        "    'players': [{'hand': ['carrot'], 'plots': [['carrot', 5, False], [None, 0, False]]}, {}, {}]})\n"
        "[str(a) for a in st.legal_actions()]",
    ]),
    ("Drought", ["JADV-DROUGHT-01", "JADV-DROUGHT-02"], [
        "st = game.state_from_json({'num_players': 3, 'phase': 'event', 'events': {'current': 'drought'},\n"
        "    'players': [{'hand': ['beans'], 'plots': [['carrot', 5, True], ['peas', 2, False]]}, {},\n"
        "                {'plots': [['turnip', 3, False], [None, 0, False]]}]})\n"
        "st.apply('drought 2'); st.apply('drought 1')\n"
        "print('\\n'.join(st.log_text()[-5:]))\n"
        "st",
    ]),
    ("Rain", ["JADV-RAIN-01", "JADV-RAIN-02", "JADV-RAIN-03", "JADV-R-STACK"], [
        "st = game.state_from_json({'num_players': 3, 'phase': 'event', 'events': {'current': 'rain'},\n"
        "    'players': [{'hand': ['beans'], 'plots': [['peas', 4, False], ['carrot', 3, True]]}, {}, {}]})\n"
        "print([str(a) for a in st.legal_actions()])  # not on the fertilized plot, not on empty plots\n"
        "st.apply('rain 1')\n"
        "st.apply('harvest 1')  # 4 peas + rain count as 5: 3 coins instead of 2; the rain is used up\n"
        "print('\\n'.join(st.log_text()[-3:]), '| rain tokens left:', st.rain)",
    ]),
    ("Shopping Day", ["JADV-SHOP-01", "JADV-SHOP-02", "JADV-SHOP-03"], [
        "st = game.state_from_json({'num_players': 3, 'phase': 'event', 'events': {'current': 'shopping'},\n"
        "    'players': [{'hand': ['carrot', 'beans']}, {'hand': ['peas']}, {}]})\n"
        "legal = st.legal_actions()\n"
        "print(len(legal), 'legal actions, e.g.', [str(legal[i]) for i in (0, 1, 2, len(legal) - 1)])",
        "st.apply('shop 1 give carrot,token:0 ask peas')\n"
        "print(st.decision(), 'by P%d' % st.current_player(), [str(a) for a in st.legal_actions()])\n"
        "st.apply('accept 0')\n"
        "print('P0 hand', st.players[0].hand_list(), 'P1 hand', st.players[1].hand_list(), 'P1 tokens',\n"
        "      st.players[1].tokens)",
    ]),
    ("Model Farmer", ["JADV-MODEL-01", "JADV-MODEL-02", "JADV-MODEL-03", "JADV-END-01"], [
        "# P0 and P1 both have 5 cards on one plot; P0's other plot is longer, so P0 wins the card.\n"
        "st = game.state_from_json({'num_players': 3, 'phase': 'event', 'events': {'current': 'model-farmer'},\n"
        "    'players': [{'hand': ['beans'], 'plots': [['carrot', 5, False], ['peas', 3, False]]},\n"
        "                {'plots': [['turnip', 5, False], ['peas', 2, False]]}, {}]})\n"
        "print(st.model_farmer, 'scores', st.scores(), '| discard', st.event_discard)\n"
        "st",
    ]),
    ("Thief, Tax, Recycling, Breeding (reconstructed)",
     ["JADV-THIEF-01", "JADV-TAX-01", "JADV-RECYCLE-01", "JADV-BREED-01"], [
        "st = game.state_from_json({'num_players': 3, 'phase': 'event', 'events': {'current': 'thief'},\n"
        "    'players': [{'hand': []}, {'hand': []}, {'hand': ['carrot']}]})\n"
        "# P0 robs P2, then P1 robs P0, then P2 robs P1: the carrot goes round. P1 sees the card only when involved.\n"
        "print('\\n'.join(line for line in st.log_text(viewer=1) if 'steals' in line))",
        "st = game.state_from_json({'num_players': 3, 'phase': 'event', 'events': {'current': 'tax'},\n"
        "    'players': [{'hand': ['beans'], 'coins': 2}, {'coins': 0}, {'coins': 1}]})\n"
        "print('\\n'.join(st.log_text()[-5:-2]))",
        "st = game.state_from_json({'num_players': 3, 'phase': 'event', 'events': {'current': 'recycling'},\n"
        "    'burned': ['carrot', 'peas'], 'players': [{'hand': ['beans']}, {}, {}]})\n"
        "print([str(a) for a in st.legal_actions()])\n"
        "st.apply('recycle carrot'); st.apply('recycle peas')\n"
        "print('\\n'.join(st.log_text()[-5:]))",
        "st = game.state_from_json({'num_players': 3, 'phase': 'event', 'events': {'current': 'breeding'},\n"
        "    'players': [{'hand': ['beans'], 'plots': [['carrot', 4, False], [None, 0, False]]},\n"
        "                {'plots': [['carrot', 3, False], [None, 0, False]]}, {}]})\n"
        "st.apply('breed carrot')\n"
        "st.apply('harvest 1')  # 4 carrots + breeding count as 5: 2 coins\n"
        "print('\\n'.join(st.log_text()[-3:]))\n"
        "st",
    ]),
]

INTRO = """# Jaliz, advanced mode: the event cards, rule by rule

`jaliz-advanced` is the standard game (explained in `01_jaliz_walkthrough.ipynb`) plus an event deck:
at the start of every round except the first an event card is revealed and resolved, one player at a
time, and nobody may harvest or buy meanwhile. Every cell calls the `jaliz_learn` package; scenarios
start from short *positions*: `"phase": "event", "events": {"current": "crow"}` resolves that event at
the start of the active player's turn.

**Reconstructed rules.** The rulebook names Thief, Tax, Recycling and a Breeding token without
describing them and gives no copy counts: those effects and the 22-card deck are proposals
(`shared/rules/jaliz-data.md` §4.2, status `proposed`); our readings of ambiguous rules have status
`ruling`. See `docs/rulings/jaliz-advanced.md`."""


def rule_list(ids: list[str]) -> str:
    return "\n".join(f"- **{i}** {RULES[i].title} ({RULES[i].status}): {RULES[i].text}" for i in ids)


def build() -> nbformat.NotebookNode:
    covered = [i for _, ids, _ in SECTIONS for i in ids]
    missing = sorted(set(RULES) - set(covered))
    if missing or len(covered) != len(set(covered)):
        raise SystemExit(f"rule IDs not explained exactly once: {missing}")
    cells = [new_markdown_cell(INTRO),
             new_code_cell("import jaliz_learn\n\ngame = jaliz_learn.load_game('jaliz-advanced')\ngame.info")]
    for title, ids, codes in SECTIONS:
        cells.append(new_markdown_cell(f"## {title}\n\n{rule_list(ids)}"))
        cells.extend(new_code_cell(c) for c in codes)
    cells.append(new_markdown_cell(
        "## Illegal actions name the rule\n\nDuring the Crow nobody may harvest: the error names JADV-EVENT-04 "
        "and lists what is allowed; the state is unchanged."))
    cells.append(new_code_cell(metadata={"tags": ["raises-exception"]}, source=(
        "# NBVAL_RAISES_EXCEPTION\n"
        "st = game.state_from_json({'num_players': 3, 'phase': 'event', 'events': {'current': 'crow'},\n"
        "    'players': [{'hand': ['beans'], 'plots': [['carrot', 5, False], [None, 0, False]]},\n"
        "                {'plots': [['peas', 3, False], [None, 0, False]]}, {}]})\n"
        "st.apply('harvest 1')")))
    cells.append(new_markdown_cell("## A whole game\n\nThe heuristic bot against three random bots."))
    cells.append(new_code_cell(
        "from jaliz_learn.bots import RandomBot\n"
        "from jaliz_learn.games.jaliz.bots import HeuristicJalizBot\n\n"
        "result = jaliz_learn.play(game, [HeuristicJalizBot(1), RandomBot(2), RandomBot(3), RandomBot(4)], seed=3)\n"
        "print(result.scores, result.winners)\n"
        "print([line for line in result.state.log_text(None) if line.startswith('=== Event')][:6])"))
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return nb


if __name__ == "__main__":
    nbformat.write(build(), OUT)
    print(f"wrote {OUT}")
