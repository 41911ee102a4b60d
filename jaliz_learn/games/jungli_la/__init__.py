"""Jungli-La (OKAZU Brand, 2016) for 2-5 players: dice, materials, Patrons and Treasure.

Rulebook: shared/seeds/003_2649a3fbb417fcf2.txt; card data (mostly reconstructed):
:mod:`jaliz_learn.games.jungli_la.data`; rulings: docs/rulings/jungli-la.md.

Where each part of the rulebook is (``jaliz-learn rules jungli-la --where RULE-ID`` finds one rule):

==================  ===============================================================================================
``catalogue.py``    every rule ID (JUN-*) with its text
``data.py``         the cards, dice faces, costs and limits (each value sourced / inferred / proposed)
``state.py``        :class:`JungliLaState`: setup (JUN-SETUP-*), the legal actions of each decision, applying an
                    action and the automatic steps (a decision with one choice is carried out, JUN-RUL-16)
``position.py``     the position's typed fields and the steps the rules modules share
``dice.py``         rolling, rerolling, cancelling and changing faces (JUN-DICE-*, JUN-LET-01..03, JUN-CARD-06)
``materials.py``    gaining materials, resting, the carrying limit (JUN-MAT-*)
``exploring.py``    moving, discovering, Letter effects, Wagons and Treasures (JUN-MOVE-*, JUN-DISC-*, JUN-LET-04..07)
``turns.py``        the turn's phases, the end of the game and the score (JUN-TURN-*, JUN-GOAL-*, JUN-END-*,
                    JUN-SCORE-*)
``explain.py``      why an action is illegal: the message and rule ID of every refusal
``common.py``       track positions, phase names, action specs, card perks, the dice decisions' memos
``observation.py``  what one player may see (:class:`JungliLaObservation`)
``view.py``         the observation's cache: its parts kept between the actions that change them
``actions.py``      the actions (frozen, with text notation) and the legal-action list; ``positions.py``: JSON
                    and scenario positions; ``sampling.py``: re-deal hidden Treasures (search bots)
==================  ===============================================================================================

How a decision flows: roll -> reroll -> adjust -> materials (-> discard) -> explore, each a decision whose legal
actions ``state.legal_actions()`` lists; ``state.apply(a)`` checks ``a`` (an illegal one raises an error from
:mod:`.explain` naming the rule and changes nothing), hands it to its rules module and runs the automatic steps.

>>> import jaliz_learn
>>> st = jaliz_learn.load_game("jungli-la").initial_state(num_players=2, seed=3)
>>> st.decision(), st.current_player()
('roll', 0)
"""

from __future__ import annotations

from .common import GOAL
from .game import JungliLaGame
from .observation import JungliLaObservation
from .state import JungliLaState

__all__ = ["GOAL", "JungliLaGame", "JungliLaObservation", "JungliLaState"]
