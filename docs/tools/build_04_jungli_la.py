"""Build notebooks/04_jungli_la.ipynb: a thin walkthrough of every Jungli-La rule ID.

Run from the project root, then execute the notebook in place:

    /work/devvenv/bin/python docs/tools/build_04_jungli_la.py
    /work/devvenv/bin/jupyter nbconvert --to notebook --execute --inplace notebooks/04_jungli_la.ipynb
"""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from jaliz_learn.games.jungli_la.catalogue import RULES

OUT = Path(__file__).resolve().parents[2] / "notebooks" / "04_jungli_la.ipynb"

#: (section title, rule IDs explained, code cells)
SECTIONS: list[tuple[str, list[str], list[str]]] = [
    ("Setup", ["JUN-SETUP-01", "JUN-SETUP-02", "JUN-SETUP-03", "JUN-SETUP-04", "JUN-SETUP-05", "JUN-SETUP-06",
               "JUN-SETUP-07", "JUN-RUL-01", "JUN-RUL-13"], [
        "st = game.initial_state(num_players=4, seed=1)\n"
        "print('track:', ' '.join(st.track))\n"
        "print('returned to the box:', len(st.removed), '| Treasure cards above the end card:',\n"
        "      st.cards_before_end_card(), '| Wagons in stock:', st.wagon_stock)\n"
        "print('P0 hand: F/W/T', st.materials[0], 'Letters', st.letters[0], '| start player', st.start_player)\n"
        "st",
        "obs = st.observation(1)  # what player 1 sees: deck size and end-card depth, never the deck order\n"
        "obs.deck_size, obs.cards_before_end_card, obs.own_treasures",
    ]),
    ("The Dice phase", ["JUN-TURN-01", "JUN-DICE-01", "JUN-DICE-02", "JUN-DICE-03", "JUN-DICE-04", "JUN-DICE-05",
                        "JUN-DICE-06", "JUN-RUL-16"], [
        "# Livingston's example: M1 M1 F L; reroll the Move 1s to T T, then the kept Food to T.\n"
        "st = game.state_from_json({'num_players': 2, 'players': [{'letters': 0}, {}],\n"
        "                           'forced_dice': ['M1', 'M1', 'F', 'L', 'T', 'T', 'T']})\n"
        "print(st.decision(), st.dice_faces(), [str(a) for a in st.legal_actions()])\n"
        "st.apply('reroll M1 M1'); st.apply('reroll F')\n"
        "print(st.dice_faces(), '->', st.decision())\n"
        "print('\\n'.join(st.log_text()[-6:]))",
        "# Two Letter faces stop the rolling at once; without Letters to cancel, the dice are set aside.\n"
        "st = game.state_from_json({'num_players': 2, 'players': [{'letters': 0}, {}],\n"
        "                           'forced_dice': ['L', 'M1', 'L', 'W']})\n"
        "print('\\n'.join(st.log_text()[-4:]))",
    ]),
    ("Letter effects in the Dice phase and dice cards", ["JUN-LET-01", "JUN-LET-02", "JUN-LET-03", "JUN-CARD-01",
                                                         "JUN-CARD-02", "JUN-CARD-05", "JUN-CARD-06", "JUN-RUL-02",
                                                         "JUN-RUL-03", "JUN-RUL-11"], [
        "st = game.state_from_json({'num_players': 2, 'players': [{'letters': 4, 'cards': ['A05']}, {}],\n"
        "                           'forced_dice': ['L', 'L', 'F', 'W', 'T', 'M1', 'T', 'T', 'W', 'F', 'M2', 'T']})\n"
        "print([str(a) for a in st.legal_actions()])  # Rich Man's die is free, each further die costs a Letter\n"
        "st.apply('roll 6')      # 1 free die + 1 Letter\n"
        "st.apply('cancel')      # two Letters showed: pay 1 Letter and roll all six again\n"
        "st.apply('keep')\n"
        "st.apply('change M2 T') # 2 Letters: any die to any face\n"
        "print('\\n'.join(st.log_text()[-5:]), '| Letters left:', st.letters[0])",
        "# The Paleontologist changes one die for free, even after a two-Letter stop (no reroll comes back).\n"
        "st = game.state_from_json({'num_players': 2, 'players': [{'letters': 0, 'cards': ['C04', 'A06']}, {}],\n"
        "                           'forced_dice': ['L', 'L', 'F', 'W']})\n"
        "st.apply('paleo L F')\n"
        "print(st.dice_faces(), st.decision())\n"
        "st.apply('rest')  # 2 + 1 Letter face + 1 virtual Letter from the Linguist (A06)\n"
        "print(st.letters[0], 'Letters')",
    ]),
    ("Materials and Letters", ["JUN-MAT-01", "JUN-MAT-02", "JUN-MAT-03", "JUN-MAT-04", "JUN-MAT-05", "JUN-MAT-06",
                               "JUN-MAT-07", "JUN-CARD-04", "JUN-RUL-04", "JUN-RUL-15"], [
        "def materials_position(dice, **player):\n"
        "    p = {'materials': [0, 0, 0], 'letters': 0, **player}\n"
        "    return game.state_from_json({'num_players': 2, 'players': [p, {}], 'phase': 'materials', 'dice': dice})\n"
        "\n"
        "def p0_lines(st):\n"
        "    return [line for line in st.log_text() if line.startswith('P0 gains') or line.startswith('P0 rests')]\n"
        "\n"
        "st = materials_position(['L', 'L', 'T', 'T'])   # Livingston: a) Tools\n"
        "st.apply('gain T'); print(p0_lines(st))\n"
        "st = materials_position(['M2', 'F', 'F', 'T'])  # Stanley: b) one of each\n"
        "st.apply('gain each'); print(p0_lines(st))\n"
        "st = materials_position(['L', 'L', 'T', 'M2'])  # Livingston rests: 2 + 2 Letters, no movement\n"
        "st.apply('rest'); print(p0_lines(st), '| next:', st.current_player(), st.decision())",
        "st = materials_position(['F', 'F', 'F', 'F'], materials=[2, 2, 1], cards=['A02'])  # Biologist: +1 Food\n"
        "st.apply('gain F')\n"
        "print(st.materials[0], 'limit', st.material_limit(0), '->', [str(a) for a in st.legal_actions()])\n"
        "for text in ('discard W', 'discard F', 'discard F', 'discard F'):\n"
        "    st.apply(text)\n"
        "print(st.materials[0], st.decision())",
    ]),
    ("Movement and Discovery", ["JUN-MOVE-01", "JUN-MOVE-02", "JUN-MOVE-03", "JUN-DISC-01", "JUN-DISC-02",
                                "JUN-DISC-03", "JUN-DISC-04", "JUN-DISC-05", "JUN-LET-04", "JUN-LET-05",
                                "JUN-LET-07", "JUN-CARD-03", "JUN-RUL-05", "JUN-RUL-06", "JUN-RUL-07",
                                "JUN-RUL-10", "JUN-RUL-12"], [
        "track = ['A01', 'A07', 'A03', 'B08', 'C02']\n"
        "st = game.state_from_json({'num_players': 2, 'track': track, 'phase': 'explore',\n"
        "                           'dice': ['M1', 'M2', 'F', 'L'],\n"
        "                           'players': [{'pos': 1, 'materials': [2, 2, 2], 'letters': 3, 'cards': ['B01']},\n"
        "                                       {'pos': 4}]})\n"
        "print([str(a) for a in st.legal_actions()])  # Geographer B01: move 3 or 4, never 1 or 2\n"
        "st.apply('discover')   # pay 1/1/0 for A01; P0 moves on to the next card\n"
        "st.apply('move 4')     # passes P1, lands on the Goal (a longer move would also stop there)\n"
        "print('\\n'.join(st.log_text()[-6:]))\n"
        "st",
        "st = game.state_from_json({'num_players': 2, 'track': track, 'phase': 'explore', 'dice': ['F'] * 4,\n"
        "                           'players': [{'pos': 1, 'materials': [2, 2, 1], 'letters': 6, 'cards': ['A05']},\n"
        "                                       {'pos': 2}]})\n"
        "print(sorted({a.kind for a in st.legal_actions()}))\n"
        "print([str(a) for a in st.legal_actions() if a.kind == 'remote'])  # not A01 (own), not A07 (P1 on it)\n"
        "st.apply('exchange A05 C02')  # 5 Letters; A05 takes C02's place; a Discovery action\n"
        "print(st.track, st.cards[0], st.letters[0], '| next:', st.current_player(), st.decision())",
    ]),
    ("The Goal, Treasure and the end of the game", ["JUN-GOAL-01", "JUN-GOAL-02", "JUN-GOAL-03", "JUN-GOAL-04",
                                                     "JUN-LET-06", "JUN-END-01", "JUN-END-02", "JUN-RUL-08",
                                                     "JUN-RUL-09", "JUN-RUL-14"], [
        "# Livingston reached the Goal last turn: draw at the start of the turn, then six dice show\n"
        "# three Move 1s and three Tools: two sets of three, two more Treasure cards.\n"
        "st = game.state_from_json({'num_players': 2, 'players': [{'pos': 'goal', 'letters': 6}, {}],\n"
        "                           'forced_dice': ['M1', 'M1', 'M1', 'T', 'T', 'T']})\n"
        "st.apply('roll 6'); st.apply('keep'); st.apply('done')\n"
        "print('\\n'.join(st.log_text(0)[-7:]))\n"
        "print('player 1 sees:', st.observation(1).treasure_counts, st.observation(1).own_treasures)",
        "# The game-end card is on top: P1 draws it at the start of the turn; the round ends with P2.\n"
        "st = game.state_from_json({'num_players': 3, 'deck': [29, 0, 1],\n"
        "                           'players': [{}, {'pos': 'goal', 'letters': 0}, {'letters': 0}], 'current': 1})\n"
        "while not st.is_over():\n"
        "    st.apply(st.legal_actions()[-1])\n"
        "print('\\n'.join(line for line in st.log_text() if 'Treasure' in line or 'round' in line or 'over' in line))",
    ]),
    ("Scoring and tie-breaks", ["JUN-SCORE-01", "JUN-SCORE-02", "JUN-SCORE-03", "JUN-SCORE-04", "JUN-SCORE-05",
                                "JUN-CARD-07", "JUN-CARD-08", "JUN-CARD-09", "JUN-DATA-01", "JUN-DATA-02",
                                "JUN-DATA-03", "JUN-DATA-04", "JUN-DATA-05"], [
        "st = game.state_from_json({'num_players': 2, 'phase': 'materials', 'dice': ['F'] * 4, 'players': [\n"
        "    {'cards': ['A07', 'A05', 'A06', 'A02', 'A08'], 'materials': [3, 1, 2], 'letters': 4, 'wagons': 1,\n"
        "     'treasures': [0, 12, 22]},\n"
        "    {'cards': ['C10', 'B10'], 'materials': [0, 0, 0], 'letters': 0, 'wagons': 2, 'treasures': [1, 2, 13]}]})\n"
        "for p in range(2):\n"
        "    print(p, st.score_breakdown(p), sum(st.score_breakdown(p).values()))\n"
        "st.standings()",
        "from jaliz_learn.games.jungli_la import data\n"
        "for group, status in data.DATA_STATUS.items():\n"
        "    print(f'{status:9} {group}')",
    ]),
]

INTRO = """# Jungli-La: a rule-by-rule walkthrough

Jungli-La (Hisashi Hayashi, OKAZU Brand, 2016) for 2-5 players. Each cell below calls the
`jaliz_learn` package; no game logic lives in the notebook. Scenarios start from short
*positions* (see `JungliLaGame`'s docstring); `forced_dice` fixes the next die faces so the
rulebook's examples replay exactly.

**Reconstructed data.** The rulebook prints no card numbers: Discovery card costs and points,
the Treasure distribution and the Wagon points are proposals (JUN-DATA-01 to JUN-DATA-05, see
`docs/rulings/jungli-la.md`)."""


def rule_list(ids: list[str]) -> str:
    return "\n".join(f"- **{RULES[i].id}** {RULES[i].title}: {RULES[i].text}" for i in ids)


def build() -> nbformat.NotebookNode:
    covered = [i for _, ids, _ in SECTIONS for i in ids]
    missing = sorted(set(RULES.ids) - set(covered))
    if missing or len(covered) != len(set(covered)):
        raise SystemExit(f"rule IDs not explained exactly once: {missing}")
    cells = [new_markdown_cell(INTRO),
             new_code_cell("import jaliz_learn\n\ngame = jaliz_learn.load_game('jungli-la')\ngame.info")]
    for title, ids, codes in SECTIONS:
        cells.append(new_markdown_cell(f"## {title}\n\n{rule_list(ids)}"))
        cells.extend(new_code_cell(c) for c in codes)
    cells.append(new_markdown_cell(
        "## Illegal actions name the rule\n\nA third reroll is refused: the error names JUN-DICE-04 and lists "
        "what is allowed; the state is unchanged."))
    cells.append(new_code_cell(metadata={"tags": ["raises-exception"]}, source=(
        "# NBVAL_RAISES_EXCEPTION\n"
        "st = game.state_from_json({'num_players': 2, 'players': [{'letters': 1}, {}], 'phase': 'reroll',\n"
        "                           'dice': ['M1', 'F', 'W', 'T'], 'rerolls': 2})\n"
        "st.apply('reroll F')")))
    cells.append(new_markdown_cell("## A whole game\n\nThe greedy reference bot against two random bots."))
    cells.append(new_code_cell(
        "from jaliz_learn.bots import RandomBot\n"
        "from jaliz_learn.games.jungli_la.bots import JungliLaGreedyBot\n\n"
        "result = jaliz_learn.play(game, [JungliLaGreedyBot(1), RandomBot(2), RandomBot(3)], seed=3)\n"
        "print(result.scores, result.winners, result.state.round(), 'rounds')\n"
        "result.state.log_dataframe(viewer=None).tail(5)[['turn', 'kind', 'player', 'text']]"))
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return nb


if __name__ == "__main__":
    nbformat.write(build(), OUT)
    print(f"wrote {OUT}")
