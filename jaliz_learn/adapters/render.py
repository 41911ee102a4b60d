"""Rendering for the environments: the board as text (``ansi``) and as an image (``rgb_array``).

``ansi`` is the observation as a learner reads it (:func:`~jaliz_learn.adapters.tensors.observation_string`).
``rgb_array`` rasterises the game's own SVG picture of the observation (:mod:`jaliz_learn.pictures`) into an
``(H, W, 3)`` ``uint8`` array, so ``gymnasium.wrappers.RecordVideo`` records a game. The rasteriser is
``resvg-py`` (the ``render`` extra): it carries its Rust renderer in its wheel and draws the pictures faithfully
(text included) in about 0.1 s; ``cairosvg`` was measured too but needs the system's libcairo.
"""

from __future__ import annotations

import io
from typing import Any

import numpy as np

from .tensors import observation_string

RENDER_MODES = ("ansi", "rgb_array")


def check_render_mode(mode: str | None) -> str | None:
    """``mode`` if it is ``None`` or one of :data:`RENDER_MODES`; a clear ``ValueError`` otherwise."""
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, got {mode!r}")
    return mode


def ansi(observation: Any) -> str:
    """The observation as text, one field per line."""
    return observation_string(observation) + "\n"


def rgb_array(observation: Any) -> np.ndarray:
    """The observation's SVG picture as an ``(H, W, 3)`` ``uint8`` image (needs the ``render`` extra)."""
    try:
        import resvg_py
        from PIL import Image
    except ImportError as exc:
        raise ImportError('render_mode="rgb_array" needs the render extra: pip install "jaliz_learn[render]"'
                          f" ({exc})") from None
    png = resvg_py.svg_to_bytes(svg_string=observation._repr_svg_())
    return np.asarray(Image.open(io.BytesIO(bytes(png))).convert("RGB"), dtype=np.uint8)


def render(mode: str | None, observation: Any) -> Any:
    """What ``env.render()`` returns for ``mode``."""
    if mode == "ansi":
        return ansi(observation)
    if mode == "rgb_array":
        return rgb_array(observation)
    return None


__all__ = ["RENDER_MODES", "ansi", "check_render_mode", "render", "rgb_array"]
