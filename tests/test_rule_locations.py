"""Every rule ID is found in one hop (issue 26): ``jaliz-learn rules GAME --where ID`` lands on a function or class
whose docstring cites the rule, or, for a rule that is a number or a table (card counts, prices, the meters), on
the game's data module, where every reconstructed value lives (principle 1)."""

from __future__ import annotations

from pathlib import Path

import pytest

import jaliz_learn
from jaliz_learn.core.registry import available
from jaliz_learn.core.rules import rule_locations

DATA_MODULES = {"data.py", "events_data.py"}


def package_of(game) -> Path:
    return Path(jaliz_learn.__file__).parent.parent.joinpath(*type(game).__module__.split(".")[:-1])


@pytest.mark.parametrize("name", available())
def test_every_rule_lands_on_its_code_or_its_data(name):
    game = jaliz_learn.load_game(name)
    package = package_of(game)
    astray = []
    for rule in game.rules:
        found = rule_locations(rule.id, package)
        if not found:
            astray.append(f"{rule.id}: not cited anywhere in {package.name}/")
            continue
        path, line, qualname = found[0]
        if not qualname and path.name not in DATA_MODULES:
            astray.append(f"{rule.id}: first cited at {path.name}:{line}, outside any function or data module")
    assert not astray, "\n".join(astray)


def test_a_rule_function_comes_before_a_longer_one_that_uses_it():
    package = package_of(jaliz_learn.load_game("jaliz"))
    path, _, qualname = rule_locations("JAL-R-GIFT", package)[0]
    assert (path.name, qualname) == ("market.py", "MarketRules._give")


def test_a_learner_reads_a_rule_in_one_call():
    from jaliz_learn.teaching import rule_code

    shown = repr(rule_code("JAL-R-GIFT"))
    first = "JAL-R-GIFT is carried out in jaliz_learn/games/jaliz/market.py by MarketRules._give:"
    assert shown.splitlines()[0] == first
    assert "def _give(" in shown and "self._queue(receiver, [card])" in shown
    assert "FERTILIZER_PRICE = 2" in repr(rule_code("JAL-R-FERT"))  # a number: its line in the data module
    html = rule_code("NIZ-MOVE-02", "nizam")._repr_html_()
    assert "<pre " in html and "white-space:pre;" in html  # scrolls sideways, never broken mid-word
    with pytest.raises(ValueError, match="no rule 'JAL-NOPE'"):
        rule_code("JAL-NOPE")
