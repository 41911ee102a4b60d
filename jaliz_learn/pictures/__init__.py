"""Static pictures of positions (SVG), drawn without a kernel: saved notebooks, nbviewer, GitHub, docs.

Every picture is drawn through a small *pen* (:class:`~jaliz_learn.pictures.svg.Pen`): the same
drawing code paints the live ipycanvas boards (``jaliz_learn.widgets``, through a canvas pen)
and the SVG here (through :class:`~jaliz_learn.pictures.svg.Svg`), from the same layout, so a
saved notebook shows exactly the board the learner played on. Pure Python: nothing here imports
Jupyter.

* :mod:`.svg` — the pen protocol, the SVG pen, colour contrast helpers.
* :mod:`.jaliz` — Jaliz (layout in :mod:`.jaliz_layout`).
* :mod:`.nizam` — Nizam, solo Nizam and Pearl of the East.

>>> from jaliz_learn.pictures import picture_svg
>>> import jaliz_learn
>>> picture_svg(jaliz_learn.load_game("jaliz").initial_state(num_players=3, seed=1), viewer=0).startswith("<svg")
True
"""

from __future__ import annotations

import importlib
from typing import Any

from .markup import esc
from .svg import html_figure

#: Game name -> module of jaliz_learn.pictures that draws it (function ``picture(observation) -> Svg``).
PICTURE_MODULES: dict[str, str] = {
    "jaliz": "jaliz",
    "jaliz-advanced": "jaliz",
    "nizam": "nizam",
    "pearl-of-the-east": "nizam",
    "jungli-la": "jungli_la",
    "bali": "bali",
    "bali-tani": "bali",
}


def has_picture(game: str) -> bool:
    """Whether a picture module exists (and imports) for ``game``."""
    name = PICTURE_MODULES.get(game)
    if name is None:
        return False
    try:
        importlib.import_module(f"{__name__}.{name}")
    except ImportError:
        return False
    return True


def _module(obs: Any) -> Any:
    return importlib.import_module(f"{__name__}.{PICTURE_MODULES[obs.game]}")


def picture_svg(position: Any, viewer: int | None = None) -> str:
    """SVG text of a state (seen by ``viewer``; ``None``: spectator) or of an observation."""
    obs = position.observation(viewer) if hasattr(position, "observation") else position
    return str(_module(obs).picture(obs).to_svg())


def picture_html(position: Any, viewer: int | None = None) -> str:
    """HTML (the SVG scaled to the column, with a caption) of a state or an observation.

    Games without a picture module fall back to the observation's own ``_repr_html_`` (or its text).
    """
    obs = position.observation(viewer) if hasattr(position, "observation") else position
    if has_picture(obs.game):
        module = _module(obs)
        if hasattr(module, "picture_html"):
            return str(module.picture_html(obs))
        return html_figure(picture_svg(obs))
    own = getattr(obs, "_repr_html_", None)
    return str(own()) if callable(own) else f"<pre>{esc(repr(obs))}</pre>"


def _register() -> None:
    """Draw every state and observation with these pictures (the engine asks :mod:`jaliz_learn.core.display`)."""
    from ..core import display

    display.register(svg=picture_svg, html=picture_html)


_register()
