"""Benchmarks printed by ``jaliz-learn bench``: speed as ratios to a peer, state copies, search-bot strength.

Absolute times on shared machines vary several-fold, so speed is reported relative to a peer measured in the
same process (OpenSpiel's pure-Python tic-tac-toe, optional ``bench`` extra) or in decisions of the same game.
"""
