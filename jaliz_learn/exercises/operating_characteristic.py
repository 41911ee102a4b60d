"""The operating characteristic of each exercise's win-rate bar (issue 52): the chance of a pass and the mean number
of games as functions of the bot's true win rate, for the sequential test and for the fixed count it replaced.

The sequential figures are exact (:func:`jaliz_learn.sequential.oc_exact`); with ``runs`` they are also measured by
simulated biased-coin bots, the check that the exact computation and the grader's stopping rule agree.
``python -m jaliz_learn.exercises.operating_characteristic [--runs N] [--plot FILE.png]`` prints the table of
docs/BENCHMARKS.md.
"""

from __future__ import annotations

import argparse
import functools
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..core.rng import Rng


def fixed_pass_rate(p: float, games: int, bar: float) -> float:
    """The chance that a bot of true win rate ``p`` reaches ``bar`` over ``games`` games (the fixed test).

    >>> round(fixed_pass_rate(0.5, 2, 0.5), 2)
    0.75
    """
    need = math.ceil(bar * games - 1e-9)
    return sum(math.comb(games, k) * p ** k * (1 - p) ** (games - k) for k in range(need, games + 1))


def _coin(p: float, rng: Rng) -> tuple[bool, float | None]:
    return rng.random() < p, None


def win_bars() -> list[tuple[str, Any, int]]:
    """(exercise and set, its win zone, the fixed count before issue 52) of every graded win-rate bar."""
    from . import ex01_first_jaliz_bot as ex01
    from . import ex02_nizam_one_ply as ex02
    from . import ex03_jungli_la_probability as ex03
    from . import ex04_monte_carlo as ex04

    return [("exercise 1 (4 players)", ex01.FIRST_BOT_BAR.win, ex01.GRADER_STRENGTH_GAMES),
            ("exercise 2, two-player games", ex02.DUEL_BAR.win, ex02.GRADER_DUEL_GAMES),
            ("exercise 3", ex03.BAR.win, ex03.GRADER_GAMES),
            ("exercise 4", ex04.BAR.win, ex04.GRADER_GAMES)]


def oc_rows(offsets: Sequence[float] = (-0.25, -0.15, -0.10, -0.05, 0.0, 0.05, 0.10, 0.15, 0.25), *,
            runs: int = 0, seed: int = 52) -> list[dict[str, Any]]:
    """Per win-rate bar and true win rate (the bar plus each offset, and the zone's ends): the sequential test's pass
    rate and mean games (exact; with ``runs`` also measured by that many simulated biased-coin bots) and the fixed
    test's pass rate."""
    from ..sequential import SetTest, oc_exact, simulate

    rows = []
    for name, zone, fixed in win_bars():
        points = sorted({round(zone.bar + o, 2) for o in offsets} | {zone.low, zone.high})
        for p in (q for q in points if 0 < q < 1):
            passed, games = oc_exact(zone, p)
            row = {"bar": name, "p": p, "pass": passed, "games": games, "fixed_games": fixed,
                   "fixed_pass": fixed_pass_rate(p, fixed, zone.bar)}
            if runs:
                row["simulated_pass"], row["simulated_games"] = simulate(
                    functools.partial(SetTest, zone), functools.partial(_coin, p), runs=runs, seed=seed)
            rows.append(row)
    return rows


def oc_markdown(rows: Sequence[dict[str, Any]]) -> str:
    head = "| bar | true win rate | sequential: pass | mean games | fixed: games | fixed: pass |"
    sim = "simulated_pass" in rows[0] if rows else False
    if sim:
        head += " simulated pass | simulated games |"
    lines = [head, "|" + "---|" * head.count(" | ") + "---|"]
    for r in rows:
        line = (f"| {r['bar']} | {100 * r['p']:.0f}% | {100 * r['pass']:.1f}% | {r['games']:.1f} | {r['fixed_games']} "
                f"| {100 * r['fixed_pass']:.1f}% |")
        if sim:
            line += f" {100 * r['simulated_pass']:.1f}% | {r['simulated_games']:.1f} |"
        lines.append(line)
    return "\n".join(lines)


def oc_plot(rows: Sequence[dict[str, Any]], path: str | Path) -> Path:
    """The pass rate against the true win rate, sequential (solid) and fixed (dashed), one colour per bar."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    for i, name in enumerate(dict.fromkeys(r["bar"] for r in rows)):
        mine = [r for r in rows if r["bar"] == name]
        xs = [100 * r["p"] for r in mine]
        ax.plot(xs, [r["pass"] for r in mine], "-o", color=f"C{i}", label=f"{name}: sequential")
        ax.plot(xs, [r["fixed_pass"] for r in mine], "--", color=f"C{i}", label=f"{name}: fixed")
    ax.set_xlabel("true win rate (%)")
    ax.set_ylabel("chance of a pass")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return out



def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=0, help="also simulate this many biased-coin bots per row")
    parser.add_argument("--plot", default=None, help="draw the curves into this PNG")
    args = parser.parse_args(argv)
    rows = oc_rows(runs=args.runs)
    print(oc_markdown(rows))
    if args.plot:
        print(f"plot: {oc_plot(rows, args.plot)}")
    return 0


__all__ = ["fixed_pass_rate", "oc_markdown", "oc_plot", "oc_rows", "win_bars"]


if __name__ == "__main__":
    raise SystemExit(main())
