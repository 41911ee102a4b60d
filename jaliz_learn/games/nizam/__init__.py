"""Nizam (1-5 players, solo with one) and Pearl of the East (2-5 players).

Where each part of the rulebook is (``jaliz-learn rules nizam --where RULE-ID`` finds one rule):

==================  ================================================================================================
``catalogue.py``    every rule ID of Nizam (NIZ-*) and of Pearl of the East (PRL-*) with its text
``data.py``         the cards (kinds, counts), the 5x5 board size, payments, hand limit, tasks
``board.py``        the board: cells, lines, line ends, sliding a line (NIZ-MOVE-01/02) and finding runs
``state.py``        :class:`BaseState`: setup and the turn both games share ("1. Taking Actions": draw three
                    cards or move, NIZ-TURN-*/MOVE-*), the legal actions, applying an action, JSON
``drawing.py``      drawing three cards, the deck, its reshuffles and run-outs (NIZ-DRAW-*, PRL-DRAW-*)
``observing.py``    what a player may see, kept between changes (NIZ-INFO-*, PRL-INFO-*)
``position.py``     the position's typed fields and the steps the rules modules share
``moves.py``        the moves and what a hand may pay at each line end (NIZ-MOVE-03/04), the legal-action list
``nizam_state.py``  Nizam: scoring the runs a move made (NIZ-SCORE-*), solo Nizam (NIZ-SOLO-*), the end
``pearl_state.py``  Pearl of the East: ending the moves by completing a task (PRL-TASK-*), the end
``explain.py``      why an action is illegal: the message and rule ID of every refusal
``view.py``         what one player may see (:class:`NizamObservation`, :class:`PearlObservation`)
``actions.py``      the actions (frozen, with text notation); ``positions.py``: JSON and scenario positions;
                    ``sampling.py``: re-deal the hidden cards (search bots)
==================  ================================================================================================

How a decision flows: ``state.observation(p)`` shows the board, the hands' sizes and ``p``'s own hand;
``state.legal_actions()`` lists draw, every move the hand can pay for, and score/end after a move;
``state.apply(a)`` checks ``a`` (an illegal one raises an error from :mod:`.explain` naming the rule and changes
nothing), slides the line, and after a score or end refills the board and passes the turn.

>>> import jaliz_learn
>>> state = jaliz_learn.load_game("nizam").initial_state(num_players=2, seed=3)
>>> state.decision()
'draw-or-move'
"""

from __future__ import annotations

from .actions import Draw, EndTurn, Move, Score
from .catalogue import NIZAM_RULES, PEARL_RULES
from .game import NizamGame, PearlGame
from .nizam_state import NizamState
from .pearl_state import PearlState

__all__ = ["Draw", "EndTurn", "Move", "NIZAM_RULES", "NizamGame", "NizamState", "PEARL_RULES", "PearlGame",
           "PearlState", "Score"]
