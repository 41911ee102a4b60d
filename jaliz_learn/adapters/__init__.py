"""Adapters to the research ecosystem: fixed action ids, observation tensors, an RL mode, and environments
for PettingZoo (:mod:`.pettingzoo`), Gymnasium (:mod:`.gymnasium`) and OpenSpiel (:mod:`.openspiel`).

The three environment modules need the optional extra ``pip install "jaliz_learn[rl]"``; the encodings
and the RL mode need only numpy (a dependency of pandas). docs/ADAPTERS.md documents every choice.
"""

from __future__ import annotations

from .encoding import ActionEncoding, SubDecision, action_encoding
from .rl import RLState
from .tensors import observation_shape, observation_string, observation_tensor, tensor_layout

__all__ = ["ActionEncoding", "RLState", "SubDecision", "action_encoding", "observation_shape",
           "observation_string", "observation_tensor", "tensor_layout"]
