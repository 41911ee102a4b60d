"""Colour and contrast of every board (WCAG 2.1: 1.4.1 use of colour, 1.4.3 text 4.5:1, 1.4.11 parts 3:1).

The boards' painters draw real positions of every game (a random game, the human's selections set) into a
*recording pen* that keeps track of what it painted, so each text is measured against the colour really
beneath it and each board part against what it sits on, in every palette (``palette=`` of the boards).
Pure Python: the painters run without a browser.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

pytest.importorskip("ipycanvas")

from jaliz_learn.pictures import palette as P  # noqa: E402
from jaliz_learn.pictures.svg import INK, Svg, contrast  # noqa: E402

# ---------------------------------------------------------------- the recording pen


class Recorder:
    """A pen that notes, for every call, its colours and what lies beneath (its own :class:`~P.Backdrop`)."""

    def __init__(self, width: float, height: float, background: str) -> None:
        self.width, self.height = width, height
        self.backdrop = P.Backdrop(background)
        self.texts: list[tuple[str, str, str, float]] = []  # (text, colour, background, size)
        #: (kind, fill, stroke, line width, colour under its middle, area, colours around it)
        self.parts: list[tuple[Any, ...]] = []

    def _part(self, kind: str, g: Any, fill: str | None, stroke: str | None, lw: float, area: float) -> None:
        """Note a shape with the colours next to it (just outside the middle of each side of its box)."""
        on = self.backdrop.under(*P.centre(kind, g))
        self.parts.append((kind, fill, stroke, lw, on, area, P.around(self.backdrop, kind, g, lw)))

    def rect(self, x, y, w, h, fill=None, stroke=None, line_width=1.0, dash=(), radius=0.0):
        self._part("rect", (x, y, w, h), fill, stroke, line_width, w * h)
        if fill:
            self.backdrop.add_rect(x, y, w, h, fill)

    def clear(self, x, y, w, h, fill):
        self.backdrop.add_rect(x, y, w, h, fill, replace=True)

    def circle(self, x, y, r, fill=None, stroke=None, line_width=1.0):
        self._part("circle", (x, y, r), fill, stroke, line_width, 3.14 * r * r)
        if fill:
            self.backdrop.add_circle(x, y, r, fill)

    def polygon(self, points, fill=None, stroke=None, line_width=1.0):
        self._part("poly", tuple(points), fill, stroke, line_width, 100.0)
        if fill:
            self.backdrop.add_polygon(points, fill)

    def line(self, x1, y1, x2, y2, stroke=INK, line_width=1.0, dash=()):
        self._part("rect", (min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1)), None, stroke, line_width, 0.0)

    def text(self, text, x, y, size=14, colour=INK, bold=False, align="left", max_width=None):
        bx, by, bw, bh = P.text_box(text, x, y, size, bold, align, max_width)
        under = self.backdrop.under(bx + bw / 2, by + bh / 2)
        self.texts.append((text, colour, under, size))


# ---------------------------------------------------------------- real positions of every board


def _boards() -> list[tuple[str, Any]]:
    from jaliz_learn.widgets import BaliBoard, JalizBoard, JungliLaBoard, NizamBoard

    return [("jaliz 3p", lambda: JalizBoard(num_players=3, bots="random", speed=0, seed=3)),
            ("jaliz-advanced 4p", lambda: JalizBoard(num_players=4, game="jaliz-advanced", bots="random", speed=0)),
            ("nizam 2p", lambda: NizamBoard(num_players=2, bots="random", speed=0, seed=5)),
            ("nizam solo", lambda: NizamBoard(num_players=1, speed=0, seed=2)),
            ("pearl 3p", lambda: NizamBoard(num_players=3, game="pearl-of-the-east", bots="random", speed=0)),
            ("jungli-la 5p", lambda: JungliLaBoard(num_players=5, bots="random", speed=0, seed=4)),
            ("bali 3p", lambda: BaliBoard(num_players=3, bots="random", speed=0, seed=6)),
            ("bali-tani 4p", lambda: BaliBoard(num_players=4, tani=True, bots="random", speed=0, seed=8))]


#: Selections a student makes on the boards (the highlight is a board part too): Jaliz's hand and market cards,
#: Jungli-La's dice marked for a reroll.
SELECTIONS = {"hand_sel": 0, "market_sel": 0, "dice": [0, 1]}


def positions(make: Any, moves: int = 60, every: int = 6) -> Iterator[tuple[Any, Any, dict[str, Any]]]:
    """(board, observation, ui) along a game the human plays at random, with a selection made now and then."""
    board = make()
    rng = random.Random(1)
    for k in range(moves):
        obs = board.observation()
        if k % every == 0 or obs.is_over:
            if k % (2 * every) == 0:  # the selection highlight too
                for key, value in SELECTIONS.items():
                    if key in board.ui:
                        board.ui[key] = value
            ui = board.ui_state()
            if k % (2 * every) == 0 and "takeable" in ui:  # Bali: a hand card picked
                picks = [key for _rect, key in board.scene.hits if key[0] == "hand"]
                if picks:
                    board.ui["selected"] = picks[0]
                    ui = board.ui_state()
            yield board, obs, ui
        if obs.is_over:
            return
        legal = board.legal()
        if not legal:
            return
        board.apply(legal[rng.randrange(len(legal))])


def record(board: Any, obs: Any, ui: dict[str, Any], palette: str) -> Recorder:
    painter = board.painter
    rec = Recorder(painter.width, painter.height, painter.background)
    pen = P.palette_pen(rec, palette, painter.background)
    pen.clear(0, 0, painter.width, painter.height, painter.background)
    for _key, _sig, rect, fn in painter.regions(obs, ui):
        pen.clear(*rect, painter.background)
        fn(pen, obs, ui)
    return rec


@pytest.fixture(scope="module")
def drawings() -> dict[tuple[str, str], list[Recorder]]:
    out: dict[tuple[str, str], list[Recorder]] = {}
    for name, make in _boards():
        for board, obs, ui in positions(make):
            for palette in P.PALETTES:
                out.setdefault((name, palette), []).append(record(board, obs, ui, palette))
    return out


CASES = [(name, palette) for name in ("jaliz 3p", "jaliz-advanced 4p", "nizam 2p", "nizam solo", "pearl 3p",
                                      "jungli-la 5p", "bali 3p", "bali-tani 4p") for palette in P.PALETTES]


# ---------------------------------------------------------------- the checks


def text_failures(recs: Sequence[Recorder]) -> set[str]:
    bad = set()
    for rec in recs:
        for text, colour, under, _size in rec.texts:
            if text.strip() and contrast(colour, under) < 4.5:
                bad.add(f"{text!r} {colour} on {under}: {contrast(colour, under):.2f}")
    return bad


def part_failures(recs: Sequence[Recorder]) -> set[str]:
    """Board parts (cards, plots, cells, gems, dice, pawns, buttons, lines, markers) that do not stand out 3:1
    from a colour next to them, neither by their fill nor by their outline (WCAG 1.4.11)."""
    bad = set()
    for rec in recs:
        for kind, fill, stroke, lw, on, area, around in rec.parts:
            if fill is not None and fill == on:
                continue  # a copy on a copy of itself: a stack (the deck), which stands out as a whole
            if area >= GROUPING_AREA or (fill, stroke) in INACTIVE or (fill, stroke, on) in DECORATION:
                continue
            for nxt in around:
                if nxt == fill:
                    continue  # touching a copy of itself (two footprints on a die): read together
                by_fill = fill is not None and contrast(fill, nxt) >= 3
                by_line = stroke is not None and lw >= 1 and contrast(stroke, nxt) >= 3
                if not (by_fill or by_line) and not (fill is None and stroke == nxt):
                    bad.add(f"{kind} fill={fill} stroke={stroke}/{lw} next to {nxt}")
    return bad


#: Larger than this (px²), a shape is a panel that groups parts (a farm, a seat's area, the hand's shelf, a
#: region's background): WCAG 1.4.11 asks 3:1 of what is needed to understand the board, and a panel's parts
#: and its heading are checked themselves.
GROUPING_AREA = 150 * 60
#: Inactive controls, which WCAG 1.4.11 leaves out: Nizam's "(not now)" buttons (dashed, and the word says so).
INACTIVE = {("#dedad0", "#8c8677")}
#: Decoration that carries no information: the shine on Nizam's pearl (the pearl's gold ring is checked).
DECORATION = {("#ffffff", None, "#f3efe2")}


@pytest.mark.parametrize("name,palette", CASES)
def test_every_text_reads_on_what_is_beneath_it(drawings, name, palette):
    recs = drawings[(name, palette)]
    assert sum(len(r.texts) for r in recs) > 50 * len(recs) / 2, "the boards should write a lot"
    assert not text_failures(recs)


@pytest.mark.parametrize("name,palette", CASES)
def test_every_board_part_stands_out_3_to_1(drawings, name, palette):
    recs = drawings[(name, palette)]
    assert not part_failures(recs)


def test_the_recorder_catches_low_contrast():
    """The checks can fail: pale text on a pale card, a pale part with no outline."""
    rec = Recorder(100, 100, "#ffffff")
    rec.rect(0, 0, 50, 50, fill="#f4d03f")
    rec.text("pale", 25, 30, 12, "#ffffff", align="center")
    rec.rect(60, 60, 20, 20, fill="#eeeeee", stroke="#dddddd")
    assert text_failures([rec]) == {"'pale' #ffffff on #f4d03f: 1.51"}
    assert part_failures([rec]) == {"rect fill=#f4d03f stroke=None/1.0 next to #ffffff",
                                    "rect fill=#eeeeee stroke=#dddddd/1.0 next to #ffffff"}


def test_high_contrast_is_black_and_white_and_okabe_ito_uses_its_colours(drawings):
    colours = {c for rec in drawings[("jaliz 3p", "high-contrast")] for _t, c, _u, _s in rec.texts}
    assert colours <= {"#000000", "#ffffff"}
    fills = {f for rec in drawings[("nizam 2p", "high-contrast")] for _k, f, *_ in rec.parts if f}
    assert fills <= {"#000000", "#ffffff"}
    fills = {f for rec in drawings[("nizam 2p", "okabe-ito")] for _k, f, *_ in rec.parts if f}
    assert {"#cc79a7", "#f0e442", "#0072b2"} <= fills  # gems C, D, G in Okabe–Ito colours
    assert not {"#f08a7a", "#d9dce8", "#8e1b3a"} & fills


def test_palettes_keep_every_word_on_the_board(drawings):
    """A palette changes colours only: the same texts, in the same order."""
    for name in ("jaliz 3p", "nizam 2p", "bali 3p"):
        words = {p: [[t for t, *_ in rec.texts] for rec in drawings[(name, p)]] for p in P.PALETTES}
        assert words["default"] == words["okabe-ito"] == words["high-contrast"]


def test_an_unknown_palette_is_one_line():
    with pytest.raises(ValueError, match="palette must be one of default, okabe-ito, high-contrast, not 'neon'"):
        P.check_palette("neon")


# ---------------------------------------------------------------- no information by colour alone


def test_seats_are_named_not_only_coloured(drawings):
    """Every seat colour on a board comes with the seat's number written (P0, P1, ...)."""
    for name, n in (("jaliz 3p", 3), ("nizam 2p", 2), ("jungli-la 5p", 5), ("bali 3p", 3)):
        words = " ".join(t for rec in drawings[(name, "default")][:1] for t, *_ in rec.texts)
        for p in range(n):
            assert re.search(rf"\bP{p}\b", words), (name, p)


def test_cards_and_gems_carry_their_names_and_shapes():
    import jaliz_learn
    from jaliz_learn.games.jaliz.actions import pname
    from jaliz_learn.pictures import jaliz as JP
    from jaliz_learn.pictures import nizam as NP

    for product in JP.PRODUCT_COLOURS:  # a card's colour is never alone: name and number on it
        pen = Svg(100, 100)
        JP.card(pen, product, (0, 0, 62, 88))
        svg = pen.to_svg()
        assert pname(product) in svg and f">{product}<" in svg
    assert len(set(NP.GEM_SHAPES.values())) == len(NP.GEM_SHAPES)  # every gem kind its own shape
    svg = jaliz_learn.load_game("nizam").initial_state(num_players=2, seed=1).observation(0)._repr_svg_()
    for kind, gem_name in NP.GEM_NAMES.items():
        if kind in NP.GEM_COLOURS and kind != NP.PEARL:
            assert f"{kind} {gem_name}" in svg  # the legend names each shape and letter


# ---------------------------------------------------------------- motion


#: What moves on its own in a page: CSS animations and transitions, smooth scrolling, script animation.
MOTION = re.compile(r"animation|transition|@keyframes|scroll-behavior\s*:\s*smooth|\.animate\(|requestAnimationFrame",
                    re.IGNORECASE)
REDUCED = re.compile(r"@media\s*\(\s*prefers-reduced-motion\s*:\s*no-preference\s*\)\s*\{", re.IGNORECASE)


def _front_end_code() -> dict[str, str]:
    """The JavaScript and CSS every board widget sends to the page (anywidget ``_esm`` and ``_css``)."""
    import importlib
    import pkgutil

    import anywidget
    import jaliz_learn.widgets as W

    out = {}
    for mod in pkgutil.iter_modules(W.__path__):
        module = importlib.import_module(f"jaliz_learn.widgets.{mod.name}")
        for name, obj in vars(module).items():
            if isinstance(obj, type) and issubclass(obj, anywidget.AnyWidget) and obj.__module__ == module.__name__:
                for trait in ("_esm", "_css"):
                    if obj.class_traits().get(trait) is not None:
                        out[f"{name}.{trait}"] = str(obj.class_traits()[trait].default_value)
    return out


def motion_outside_reduced_guard(code: str) -> list[str]:
    """Each motion word that is not inside an ``@media (prefers-reduced-motion: no-preference) { ... }`` block."""
    guarded: list[tuple[int, int]] = []
    for m in REDUCED.finditer(code):
        depth, i = 1, m.end()
        while i < len(code) and depth:
            depth += {"{": 1, "}": -1}.get(code[i], 0)
            i += 1
        guarded.append((m.start(), i))
    return [m.group(0) for m in MOTION.finditer(code) if not any(a <= m.start() < b for a, b in guarded)]


def test_no_animation_a_student_cannot_stop():
    """Nothing on a board moves by itself unless the student's system allows motion: every CSS animation or
    transition, smooth scroll or script animation in the boards' front-end code sits inside a
    ``prefers-reduced-motion: no-preference`` block. (A bot's move is one redraw, never an animation, and the
    bots' pace has its Pause button; the countdown of a timed table changes text once a second.)"""
    code = _front_end_code()
    assert {"Countdown._esm", "SvgSurface._esm"} <= set(code), sorted(code)
    for name, text in code.items():
        assert not motion_outside_reduced_guard(text), name


def test_the_motion_check_can_fail():
    assert motion_outside_reduced_guard(".a { transition: opacity 0.3s; }") == ["transition"]
    assert motion_outside_reduced_guard("@media (prefers-reduced-motion: no-preference) { .a { transition: x; } }") \
        == []
    assert motion_outside_reduced_guard("el.animate([{opacity: 0}], 200)") == [".animate("]


# ---------------------------------------------------------------- the palette on a live board


def test_a_board_draws_in_its_palette_on_both_surfaces():
    from jaliz_learn.widgets import NizamBoard
    from jaliz_learn.widgets.painting import RegionPainter
    from jaliz_learn.widgets.surface import SvgSurface

    class Header(RegionPainter):
        def regions(self, obs, ui):
            def draw(pen, o, u):
                pen.rect(0, 0, 100, 30, fill="#3b4a2f")
                pen.text("Turn 1", 10, 20, 16, "#f1ecdc")
            return [("header", obs, (0, 0, 100, 40), draw)]

    painter = Header(SvgSurface(width=100, height=40), 100, 40, background="#f7f3e8")
    painter.draw(1, {})
    assert "#3b4a2f" in painter.canvas.svg
    painter.set_palette("high-contrast")
    painter.draw(1, {})  # the same position: drawn again, in the new colours
    colours = set(re.findall(r"#[0-9a-f]{6}", painter.canvas.svg))
    assert colours == {"#000000", "#ffffff"}, colours
    board = NizamBoard(num_players=2, bots="random", speed=0)
    board.painter.set_palette("okabe-ito")
    board.redraw()
    assert isinstance(board.painter.pen, P.PalettePen) and board.painter.pen.palette == "okabe-ito"
    board.painter.set_palette("default")
    assert not isinstance(board.painter.pen, P.PalettePen)
    with pytest.raises(ValueError, match="palette must be one of"):
        board.painter.set_palette("sepia")


def test_the_environment_chooses_the_palette_of_every_board(monkeypatch):
    from jaliz_learn.widgets import BaliBoard

    monkeypatch.setenv("JALIZ_LEARN_PALETTE", "high-contrast")
    board = BaliBoard(num_players=2, bots="random", speed=0)
    assert board.painter.palette == "high-contrast" and isinstance(board.painter.pen, P.PalettePen)
    monkeypatch.setenv("JALIZ_LEARN_PALETTE", "neon")
    with pytest.raises(ValueError, match="JALIZ_LEARN_PALETTE must be one of default, okabe-ito, high-contrast"):
        BaliBoard(num_players=2, bots="random", speed=0)
    monkeypatch.delenv("JALIZ_LEARN_PALETTE")
    assert BaliBoard(num_players=2, bots="random", speed=0).painter.palette == "default"


def test_styled_buttons_are_readable():
    """The boards' coloured buttons (Done, Make offer, Roll, End turn...) carry white text at 4.5:1 or more."""
    from jaliz_learn.widgets.framework import BUTTON_COLOURS, button

    for style, colour in BUTTON_COLOURS.items():
        assert contrast("#ffffff", colour) >= 4.5, style
        b = button("Done", lambda: None, style=style)
        assert (b.style.button_color, b.style.text_color) == (colour, "#ffffff")


def test_board_palette_property_repaints():
    from jaliz_learn.widgets import JalizBoard

    board = JalizBoard(num_players=3, bots="random", speed=0)
    assert board.palette == "default"
    board.palette = "high-contrast"
    assert board.palette == "high-contrast" and board.painter.regions_drawn >= 4  # every region repainted
    with pytest.raises(ValueError, match="palette must be one of"):
        board.palette = "dark"
    assert board.palette == "high-contrast"


# ---------------------------------------------------------------- colour-vision deficiencies

#: Machado, Oliveira & Fernandes (2009), severity 1, on linear RGB: how the three dichromacies see a colour.
CVD = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.01182, 0.04294, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.3039)),
}


def _lab(colour: str, vision: str | None) -> tuple[float, float, float]:
    """CIELAB (D65) of ``colour`` as seen with normal vision (``None``) or a simulated dichromacy."""
    rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    if vision is not None:
        lin = [min(1.0, max(0.0, sum(m * c for m, c in zip(row, lin)))) for row in CVD[vision]]
    x = (0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2]) / 0.95047
    y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    z = (0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2]) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def closest_pair(colours: Sequence[str]) -> float:
    """The smallest colour difference (CIE76 ΔE) between two of ``colours``, over normal vision and the three
    simulated dichromacies."""
    import itertools
    import math

    return min(math.dist(_lab(a, v), _lab(b, v)) for v in (None, *CVD) for a, b in itertools.combinations(colours, 2))


#: The seat colours of Jaliz and Nizam before issue 50 (dark Material colours), to compare with.
OLD_SEATS = ("#b71c1c", "#0d47a1", "#1b5e20", "#6d4c00", "#6a1b9a")


def test_seats_stay_apart_with_every_colour_vision():
    """The first five seats (every game's most) of Jaliz and Nizam, as written (Okabe-Ito hues darkened for text),
    are further apart for every kind of colour vision than the seat colours before, and read at 4.5:1."""
    from jaliz_learn.widgets.framework import SEAT_COLOURS

    from jaliz_learn.pictures import jaliz as JP
    from jaliz_learn.pictures import nizam as NP

    assert JP.COLOURS[:5] == NP.SEAT_COLOURS == SEAT_COLOURS[:5] == P.OKABE_SEATS[:5]
    old, now = closest_pair(OLD_SEATS), closest_pair(P.OKABE_SEATS[:5])
    assert now >= 10 and now > old + 3, (now, old)  # measured: 10.5 against 6.2
    for colour in P.OKABE_SEATS:
        assert all(contrast(colour, bg) >= 4.5 for bg in P.LIGHT_BACKGROUNDS), colour
    # the raw Okabe-Ito seat markers of Jungli-La and Bali (filled, labelled P0..P4) stay apart too
    from jaliz_learn.pictures import bali, jungli_la

    assert closest_pair(jungli_la.PLAYER_COLOURS) >= 15 and closest_pair(bali.PLAYER_COLOURS) >= 15


def test_the_colour_vision_check_can_fail():
    """Red and green, the classic pair, collapse under simulated deuteranopia."""
    assert closest_pair(["#d62728", "#2ca02c"]) < 10 < closest_pair(["#0072b2", "#e69f00"])


def test_the_replay_viewer_takes_a_palette():
    from jaliz_learn.widgets import ReplayViewer

    import jaliz_learn
    from jaliz_learn.bots import RandomBot

    record = jaliz_learn.play("nizam", [RandomBot(0), RandomBot(1)], seed=1).state.record()
    viewer = ReplayViewer(record, step=3)
    assert viewer.palette == "default"
    viewer.palette = "high-contrast"
    assert viewer.palette == "high-contrast" and isinstance(viewer.painter.pen, P.PalettePen)
    with pytest.raises(ValueError, match="palette must be one of"):
        viewer.palette = "sepia"
