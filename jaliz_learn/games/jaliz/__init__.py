"""Jaliz (جالیز): the flagship trading game of jaliz_learn (standard and advanced mode).

Where each part of the rulebook is (``jaliz-learn rules jaliz --where RULE-ID`` finds one rule):

=====================  ======================================================================================
``catalogue.py``       every rule ID with its text (the rulebook's and the rulings' of docs/RULINGS.md)
``data.py``            card data: products, meters, prices, setup table (sourced / inferred / proposed)
``position.py``        what a position holds: each :class:`Player`'s belongings and the state's fields, and
                       the bookkeeping apart from the rules: which caches an action makes stale (``_touch*``),
                       the legal-action and harvest/buy caches
``state.py``           :class:`JalizState`: setup (JAL-SETUP-*), whose turn it is, applying an action
``decisions.py``       the legal actions of each decision (plant, place, offer, respond, claim, final-plant)
``planting.py``        planting and placing received cards (JAL-PLANT-*, JAL-MARKET-03)
``market.py``          revealed cards, the credit claim, offers and trades, keep/give (JAL-MARKET-*,
                       JAL-CREDIT-*, JAL-R-NEGOTIATION), receiving cards (JAL-RECEIVE-01)
``offers.py``          the complete, lazily listed set of trade offers and what makes one legal
``harvest_buy.py``     harvesting and buying, allowed at any decision (JAL-HARVEST-*, JAL-BUY-*, JAL-R-TIMING)
``turns.py``           the turn, the deck and its run-outs, the end and the score (JAL-TURN-*, JAL-END-*)
``explain.py``         why an action is illegal: the message and rule ID of every refusal
``observation.py``     what one player may see (:class:`JalizObservation`, :class:`FarmView`)
``actions.py``         the actions (frozen, with text notation); ``notation.py`` reads the text back
``serialize.py``       positions to and from JSON (scenarios); ``sampling.py``: re-deal hidden cards
``advanced/``          advanced mode: event cards and their tokens (JADV-*), a subclass of the state
=====================  ======================================================================================

How a decision flows: ``state.observation(p)`` shows the position to player ``p``; ``state.legal_actions()``
lists what the player to move may do (:mod:`.decisions`, harvest and buy always included); ``state.apply(a)``
checks ``a`` against that list (an illegal action raises an error from :mod:`.explain` naming the rule and
changes nothing), carries it out (:meth:`JalizState._apply` hands it to the rules module of its kind) and then
runs the automatic steps (reveal, draw, reshuffle, the end) until someone must decide again.
"""

from __future__ import annotations

from .actions import Accept, Buy, Claim, Done, Give, Harvest, Keep, Offer, Pass, Plant, Refuse
from .advanced import Breed, CrowPick, DroughtOn, JalizAdvancedGame, JalizAdvancedState, RainOn, Recycle, Shop, SnowOn
from .game import JalizGame
from .observation import FarmView, JalizObservation, PlotView
from .state import JalizState

__all__ = ["Accept", "Breed", "Buy", "Claim", "CrowPick", "Done", "DroughtOn", "FarmView", "Give", "Harvest",
           "JalizAdvancedGame", "JalizAdvancedState", "JalizGame", "JalizObservation", "JalizState", "Keep", "Offer",
           "Pass", "Plant", "PlotView", "RainOn", "Recycle", "Refuse", "Shop", "SnowOn"]
