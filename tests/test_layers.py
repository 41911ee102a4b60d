"""Layers that run one way and no import circles (issue 26): ``python -m jaliz_learn.tools.layers``."""

from __future__ import annotations

from jaliz_learn.tools import layers


def test_the_package_has_no_upward_import_and_no_circle(capsys):
    assert layers.main(["--quiet"]) == 0, capsys.readouterr().out


def test_the_tool_finds_circles_and_upward_imports():
    graph = {"jaliz_learn.games.a.state": {"jaliz_learn.games.a.rules"},
             "jaliz_learn.games.a.rules": {"jaliz_learn.games.a.state"},
             "jaliz_learn.games.b.game": {"jaliz_learn.pictures.b"}, "jaliz_learn.pictures.b": set()}
    assert layers.circles(graph) == [["jaliz_learn.games.a.rules", "jaliz_learn.games.a.state"]]
    assert layers.upward_imports(graph) == [("jaliz_learn.games.b.game", "jaliz_learn.pictures.b")]


def test_games_import_neither_pictures_nor_widgets():
    graph = layers.import_graph()
    for name, targets in graph.items():
        if name.startswith("jaliz_learn.games"):
            assert not [t for t in targets if t.startswith(("jaliz_learn.pictures", "jaliz_learn.widgets"))], name
