"""The pre-registered strength runs (issue 34, part 3): fixed seeds outside every tuning range, a results file that
can be stopped and resumed without changing a game, and a report that says when a line is short of its games."""

from __future__ import annotations

import json

import pytest

from jaliz_learn.benchmarks import preregistered as pr
from jaliz_learn.tournament import derive_seed


def test_every_deal_of_every_line_avoids_the_tuning_seeds():
    for game in pr.MODES:
        for players in pr.player_counts(game):
            blocks = -(-pr.GAMES_PER_LINE // players)
            for block in range(blocks):
                seed = pr.block_seed(game, players, block)
                deal = derive_seed(seed, 0)  # the tournament's game seed of the block's one deal
                for used in pr.TUNING_SEEDS:
                    assert seed not in used and deal not in used, (game, players, block)


def test_seeds_are_fixed_and_differ_between_lines_and_blocks():
    assert pr.block_seed("nizam", 2, 0) == pr.block_seed("nizam", 2, 0)
    seeds = {pr.block_seed(g, n, b) for g in pr.MODES for n in pr.player_counts(g) for b in range(3)}
    assert len(seeds) == 3 * sum(len(pr.player_counts(g)) for g in pr.MODES)


def test_player_counts_follow_the_issue():
    assert pr.player_counts("jaliz") == (3, 4, 5)
    assert pr.player_counts("jaliz-advanced") == (3, 4, 5)
    assert all(pr.player_counts(g) == (2, 3, 4) for g in pr.MODES if not g.startswith("jaliz"))


def test_a_run_resumes_where_it_stopped_and_replays_the_same_games(tmp_path):
    out = tmp_path / "runs.jsonl"
    first = list(pr.run("jungli-la", 2, out, games=2, progress=False))
    assert [r["block"] for r in first] == [0]
    assert list(pr.run("jungli-la", 2, out, games=2, progress=False)) == []  # nothing left to play
    more = list(pr.run("jungli-la", 2, out, games=4, progress=False))
    assert [r["block"] for r in more] == [1]
    again = pr.play_block("jungli-la", 2, 0)
    assert again["results"] == first[0]["results"] and again["seed"] == first[0]["seed"]
    record = pr.read(out)[0]
    assert record["settings"]["search"] == "flat" and record["opponent"] == "greedy"
    assert len(record["results"]) == 2 and record["searched"] > 0 and record["cpu_seconds"] > 0
    assert all(g["winners"] >= 1 for g in record["results"])  # how many won: a shared win is not a sole win


def test_the_report_names_short_lines_and_the_verdict(tmp_path):
    def block(n, wins, b):
        return {"game": "nizam", "players": 2, "block": b, "seed": 1, "opponent": "greedy",
                "settings": {"search": "tree", "iterations": 40, "rollout_depth": None},
                "results": [{"win": i < wins, "failure": None, "margin": 2.0 if i < wins else -1.0} for i in range(n)],
                "searched": 10, "cpu_seconds": 1.0}
    records = [block(2, 2, b) for b in range(30)]
    text = pr.report(records)
    assert "| nizam | 2 | tree, 40 it., to the end | greedy | 60 (of 200) | 60 |" in text
    # Short of its 200 games, a line that wins them all still gets no verdict: stopping a run at a favourable
    # moment must not make one.
    assert "| interim |" in text and "beats" not in text and not pr.lines(records)[0].complete
    assert "| +2.0 |" in text and "| 100 ms |" in text
    full = pr.report([block(2, 2, b) for b in range(100)])
    assert "| 200 | 200 |" in full and "| beats |" in full and "interim" not in full
    line = pr.lines([block(2, 0, b) for b in range(30)])[0]
    assert line.verdict == "loses" and line.margin == -1.0
    assert pr.lines([block(2, 1, 0)])[0].verdict == "not separated"
    assert pr.lines([block(2, 1, 0), block(2, 1, 0)])[0].games == 2  # a block found twice counts once
    (tmp_path / "r.jsonl").write_text("\n".join(json.dumps(r) for r in records) + "\n")
    assert pr.main(["report", str(tmp_path / "r.jsonl")]) == 0


def test_a_line_played_again_with_other_settings_is_a_line_of_its_own(tmp_path, monkeypatch):
    out = tmp_path / "runs.jsonl"
    list(pr.run("jungli-la", 2, out, games=2, progress=False))
    old = pr.read(out)[0]
    changed = {**old["settings"], "iterations": 3}  # the registered bot changed after its line was played
    monkeypatch.setattr(pr, "bot_settings", lambda game: {**old["settings"], "by_players": {2: changed}})
    again = list(pr.run("jungli-la", 2, out, games=2, progress=False))
    assert [r["block"] for r in again] == [0]  # the old settings' block is not taken for the new bot's
    assert list(pr.run("jungli-la", 2, out, games=2, progress=False)) == []
    both = pr.lines(pr.read(out))
    assert [ln.settings for ln in both] == ["flat, 40 it., cut 40", "flat, 3 it., cut 40"]
    assert [ln.games for ln in both] == [2, 2]


def test_ties_cannot_pass_the_verdict_on_sole_wins():
    """Equally strong bots that often tie each win more than the equal share of their games, counting shared
    wins: the second verdict counts only the wins the search bot did not share."""
    def block(b, winners):
        return {"game": "nizam", "players": 2, "block": b, "seed": 1, "opponent": "greedy",
                "settings": {"search": "tree", "iterations": 40, "rollout_depth": None},
                "results": [{"win": True, "winners": winners, "failure": None, "margin": 0.0},
                            {"win": b % 2 == 0, "winners": 1, "failure": None, "margin": 1.0 if b % 2 == 0 else -1.0}],
                "searched": 10, "cpu_seconds": 1.0}
    line = pr.lines([block(b, 2) for b in range(60)])[0]  # a tie in every other game, half the rest won
    assert line.wins == 90 and line.verdict == "beats"  # 0.75 counting the ties: it seems to beat them
    assert line.sole == 30 and line.sole_verdict == "loses"  # alone it won a quarter
    assert pr.lines([block(b, 1) for b in range(60)])[0].sole_verdict == "beats"  # the same games won alone
    assert "| 30 (0.25) | 0.18-0.33 | interim |" in pr.report([block(b, 2) for b in range(60)])  # short: no verdict
    assert "| 50 (0.25) | 0.20-0.31 | loses |" in pr.report([block(b, 2) for b in range(100)])


def test_shards_split_the_blocks_and_bad_shards_are_refused(tmp_path, capsys):
    out = tmp_path / "shard.jsonl"
    played = list(pr.run("jungli-la", 2, out, games=6, shard=(1, 2), progress=False))
    assert [r["block"] for r in played] == [1]
    with pytest.raises(SystemExit):
        pr.main(["run", "jungli-la", "--shard", "2/2", "--out", str(out)])
    assert "--shard takes K/N" in capsys.readouterr().err
