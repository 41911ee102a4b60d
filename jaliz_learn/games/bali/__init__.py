"""Bali (2-4 players) and its Village of Tani expansion.

``bali`` is the base game as reconstructed in shared/rules/bali-base.md (uncertain numbers are named
constants in :mod:`.data`, decisions in docs/rulings/bali.md); ``bali-tani`` adds the expansion.

Where each part of the rulebook is (``jaliz-learn rules bali --where RULE-ID`` finds one rule):

================  =================================================================================================
``catalogue.py``  every rule ID (BAL-*, TAN-*) with its text
``data.py``       the cards, offerings, huts, tiles and values (each sourced / reconstructed / proposed)
``state.py``      :class:`BaliState`: setup (BAL-SETUP-*, TAN-SETUP-*), the legal actions of each decision, buying
                  (BAL-BUY-*), playing cards (BAL-PLAY-*), taking a card (BAL-TAKE-*), the turn (BAL-TURN-01)
``offering.py``   the offering phase (BAL-OFFER-*, BAL-HIDDEN-*, BAL-TIE-*)
``scoring.py``    phase 4 and the end: scoring a revealed card, shrine rewards, the final scoring (BAL-SCORE-*,
                  BAL-END-*, BAL-FINAL-*, TAN-GANESHA-*, TAN-END-*)
``village.py``    Village of Tani: huts and banana tiles (TAN-BUILD-*, TAN-BONUS-*)
``position.py``   the position's typed fields and the steps the rules modules share
``specs.py``      the legal actions as specs and their memos, the views' change groups
``explain.py``    why an action is illegal: the message and rule ID of every refusal
``view.py``       what one player may see (:class:`BaliObservation`); ``serial.py``: JSON and scenario positions;
                  ``sampling.py``: re-deal the hidden cards (search bots)
================  =================================================================================================

How a decision flows: buy -> play [-> banana-tile] [-> offer ... -> offer-hidden -> offer-supply] -> take ->
scoring [-> shrine-reward]; ``state.legal_actions()`` lists each decision's actions, ``state.apply(a)`` checks
``a`` (an illegal one raises an error from :mod:`.explain` naming the rule and changes nothing) and hands it to
its effect (``BaliState._EFFECT_NAMES``).
"""

from __future__ import annotations

from .game import BaliGame, BaliTaniGame
from .state import BaliState
from .view import BaliObservation

__all__ = ["BaliGame", "BaliObservation", "BaliState", "BaliTaniGame"]
