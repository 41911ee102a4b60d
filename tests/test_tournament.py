"""Tests of jaliz_learn.tournament on a tiny throwaway game defined here (RaceGame).

RaceGame: players take turns adding 1 or 2 to a shared counter; whoever brings it
to the target (10, 11 or 12, drawn from the seed) scores 1 point and the game ends.
``test_grading.py`` reuses the game and the misbehaving bots defined here.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from jaliz_learn import IllegalAction, InvalidNotation, InvalidOption, Observation
from jaliz_learn.bots import BaseBot, RandomBot
from jaliz_learn.core.actions import Action
from jaliz_learn.core.events import EventLog
from jaliz_learn.core.game import Game, GameInfo, State
from jaliz_learn.core.rng import Rng
from jaliz_learn.core.rules import Rule, RuleCatalogue
from jaliz_learn.tournament import (
    FAILURE_KINDS,
    DecisionTimeout,
    TimeGuard,
    games_frame,
    lineups,
    play_contained,
    plot_tournament,
    tournament,
    wilson_interval,
)

# ---- a tiny game ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Add(Action):
    kind = "add"
    amount: int

    def __str__(self) -> str:
        return f"add {self.amount}"


@dataclass(frozen=True)
class RaceObservation(Observation):
    total: int
    target: int


class RaceState(State):
    def __init__(self, game: Game, num_players: int, seed: int) -> None:
        self.game, self.num_players, self.seed = game, num_players, seed
        self.rng = Rng(seed)
        self.log = EventLog()
        self.history = []
        self.target = 10 + self.rng.randrange(3)
        self.total = 0
        self.to_move = 0
        self.winner: int | None = None
        self.log.add("target", None, {"target": self.target})

    def current_player(self) -> int | None:
        return None if self.winner is not None else self.to_move

    def decision(self) -> str:
        return "game-over" if self.is_over() else "add"

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if self.is_over() or (player is not None and player != self.to_move):
            return ()
        return tuple(Add(n) for n in (1, 2) if self.total + n <= self.target)

    def _apply(self, player: int, action: Action) -> None:
        assert isinstance(action, Add)
        self.total += action.amount
        self.log.add("add", player, {"amount": action.amount, "total": self.total})
        if self.total == self.target:
            self.winner = player
        else:
            self.to_move = (self.to_move + 1) % self.num_players
            self.log.turn += 1

    def is_over(self) -> bool:
        return self.winner is not None

    def scores(self) -> tuple[float, ...]:
        return tuple(1.0 if p == self.winner else 0.0 for p in range(self.num_players))

    def observation(self, player: int | None) -> RaceObservation:
        return RaceObservation(game="race", player=player, num_players=self.num_players,
                               current_player=self.current_player(), decision=self.decision(),
                               turn=self.log.turn, is_over=self.is_over(), total=self.total, target=self.target)

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "num_players": self.num_players, "total": self.total,
                "target": self.target, "to_move": self.to_move, "winner": self.winner,
                "rng": self.rng.to_json(), "log": self.log.to_json(), "history": self.actions_json()}


class RaceGame(Game):
    info = GameInfo(name="race", title="Race to the target", min_players=2, max_players=4, has_chance=True,
                    hidden_information=False, rules_version="test", rulebook="-", description="test game",
                    default_players=2)
    action_types = {"add": Add}

    def initial_state(self, num_players: int | None = None, seed: int = 0) -> RaceState:
        return RaceState(self, self.resolve_num_players(num_players), seed)

    def state_from_json(self, data: Mapping[str, Any]) -> State:  # pragma: no cover - not needed here
        raise NotImplementedError

    def parse_action(self, text: str, state: State) -> Action:
        try:
            word, amount = text.split()
            assert word == "add"
            return Add(int(amount))
        except (ValueError, AssertionError):
            raise InvalidNotation(f"cannot read {text!r}") from None

    @property
    def rules(self) -> RuleCatalogue:
        return RuleCatalogue("race", [Rule("RACE-01", "Add", "Add 1 or 2.", "play")])


# ---- bots ----------------------------------------------------------------------------------------


class SmartBot(BaseBot):
    """Reaches the target when it can, else leaves a multiple of 3 to go."""

    name = "smart"

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        for a in legal_actions:
            if (observation.target - observation.total - a.amount) % 3 == 0:
                return a
        return legal_actions[0]


class CrashBot(BaseBot):
    name = "crash"

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        return {}["missing"]


class NoneBot(BaseBot):
    name = "none"

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        return None


class IllegalBot(BaseBot):
    name = "illegal"

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        return Add(5)


class HangBot(BaseBot):
    """An endless pure-Python loop that even swallows ordinary exceptions."""

    name = "hang"

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        while True:
            try:
                while True:
                    pass
            except Exception:
                pass


class StubbornBot(BaseBot):
    """Catches the first interruption with a bare except and hangs again."""

    name = "stubborn"

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        try:
            while True:
                pass
        except BaseException:  # noqa: B036 - on purpose
            while True:
                pass


class SleepBot(BaseBot):
    name = "sleep"

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        time.sleep(0.3)
        return legal_actions[0]


class SpyBot(BaseBot):
    """Records what it is given."""

    name = "spy"
    seen: list[tuple[type, type]] = []

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        SpyBot.seen.append((type(observation), type(legal_actions)))
        return legal_actions[0]


GAME = RaceGame()


# ---- tests ---------------------------------------------------------------------------------------


def test_summary_columns_and_seat_balance():
    df = tournament(GAME, {"smart": SmartBot, "random": RandomBot}, games=40, seed=3)
    assert list(df.columns) == ["games", "wins", "win_rate", "ci_low", "ci_high", "mean_score", "failures",
                                "crashes", "timeouts", "non_actions", "illegal", "mean_ms", "max_ms"]
    assert set(df.index) == {"smart", "random"} and df.index.name == "bot"
    assert df.loc["smart", "games"] == 40 and df.loc["random", "games"] == 40
    assert df.loc["smart", "win_rate"] > df.loc["random", "win_rate"]
    assert df.index[0] == "smart"  # sorted by win rate
    assert df.loc["smart", "ci_low"] <= df.loc["smart", "win_rate"] <= df.loc["smart", "ci_high"]
    assert (df["failures"] == 0).all()
    games = games_frame(df)
    assert len(games) == 80 and games["game"].nunique() == 40
    seats = games.groupby(["bot", "seat"]).size()
    assert (seats == 20).all(), seats
    # each block of 2 games shares one deal with the seats swapped
    first = games[games["game"].isin([0, 1])]
    assert first["seed"].nunique() == 1
    assert df.attrs["num_players"] == 2 and df.attrs["games_played"] == 40 and df.attrs["game"] == "race"


def test_same_seed_same_results_and_other_seed_differs():
    def run(seed):
        g = games_frame(tournament(GAME, [SmartBot, RandomBot], games=20, seed=seed))
        return g.drop(columns=["total_ms", "max_ms"]).to_dict("records")

    assert run(5) == run(5)
    assert run(5) != run(6)


def test_games_rounded_up_to_full_rotations_and_more_bots_than_seats():
    df = tournament(GAME, {"a": RandomBot, "b": RandomBot, "c": SmartBot}, games=5, num_players=2)
    assert df.attrs["games_played"] == 6
    games = games_frame(df)
    assert games.groupby("bot").size().to_dict() == {"a": 4, "b": 4, "c": 4}
    assert (games.groupby(["bot", "seat"]).size() == 2).all()


def test_fewer_bots_than_seats_fill_and_list_names_merge():
    df = tournament(GAME, [("me", SmartBot), RandomBot, RandomBot], games=6, num_players=3)
    assert df.loc["me", "games"] == 6 and df.loc["random", "games"] == 12
    df2 = tournament(GAME, {"solo": RandomBot}, games=4, num_players=4)
    assert df2.loc["solo", "games"] == 16  # one bot in every seat
    assert lineups(3, 2) == [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]


@pytest.mark.parametrize("bad,kind,text", [
    (CrashBot, "crash", "KeyError"),
    (NoneBot, "non-action", "returned None"),
    (IllegalBot, "illegal", "add 5"),
])
def test_failures_are_contained_and_recorded_as_losses(bad, kind, text):
    df = tournament(GAME, {"bad": bad, "random": RandomBot}, games=4, time_limit=1.0)
    assert df.loc["bad", "wins"] == 0 and df.loc["bad", "failures"] == 4
    column = {"crash": "crashes", "non-action": "non_actions", "illegal": "illegal"}[kind]
    assert df.loc["bad", column] == 4
    assert df.loc["random", "wins"] == 4  # forfeit wins
    games = games_frame(df)
    bad_rows = games[games["bot"] == "bad"]
    assert set(bad_rows["failure"]) == {kind}
    assert all(text in r for r in bad_rows["reason"]), bad_rows["reason"].tolist()
    assert not games[games["bot"] == "random"]["completed"].any()
    assert all(r.startswith("won by forfeit") for r in games[games["bot"] == "random"]["reason"])
    assert kind in FAILURE_KINDS


def test_crash_reason_points_at_the_bot_line():
    _, rows = play_contained(GAME, [CrashBot, RandomBot], seed=1)
    assert "KeyError" in rows[0]["reason"] and "{}[\"missing\"]" in rows[0]["reason"]
    assert "test_tournament.py" in rows[0]["reason"] and rows[0]["decision"] == "add"


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs SIGALRM (Unix)")
@pytest.mark.parametrize("bot", [HangBot, StubbornBot])
def test_hanging_bot_is_interrupted(bot):
    start = time.perf_counter()
    df = tournament(GAME, {"hang": bot, "random": RandomBot}, games=2, time_limit=0.1)
    elapsed = time.perf_counter() - start
    assert df.loc["hang", "timeouts"] == 2 and df.loc["hang", "wins"] == 0
    assert elapsed < 3.0
    assert "more than 0.1 s" in games_frame(df).query("bot == 'hang'")["reason"].iloc[0]


def test_slow_bot_is_measured_without_signals_in_a_thread():
    out: dict[str, Any] = {}

    def run():
        out["df"] = tournament(GAME, {"sleep": SleepBot, "random": RandomBot}, games=2, time_limit=0.1)

    t = threading.Thread(target=run)
    t.start()
    t.join(30)
    df = out["df"]
    assert df.loc["sleep", "timeouts"] == 2
    assert df.loc["sleep", "max_ms"] >= 250


def test_bot_construction_failure_is_a_crash():
    def broken(seed):
        raise RuntimeError("no model file")

    df = tournament(GAME, {"broken": broken, "random": RandomBot}, games=2)
    assert df.loc["broken", "crashes"] == 2
    assert "creating the bot failed" in games_frame(df)["reason"].iloc[0]


def test_bots_only_get_observations_and_legal_actions():
    SpyBot.seen.clear()
    tournament(GAME, [SpyBot, SpyBot], games=2)
    assert SpyBot.seen and all(issubclass(o, Observation) and not issubclass(o, State) for o, _ in SpyBot.seen)


def test_factories_without_seed_and_bot_objects_are_reseeded():
    shared = RandomBot(0)
    df = tournament(GAME, {"obj": shared, "lambda": lambda: RandomBot(1)}, games=4)
    assert df["games"].tolist() == [4, 4]
    a = games_frame(tournament(GAME, {"obj": RandomBot(0), "r": RandomBot}, games=4, seed=9))
    b = games_frame(tournament(GAME, {"obj": RandomBot(77), "r": RandomBot}, games=4, seed=9))
    assert a["score"].tolist() == b["score"].tolist()  # the object was reseeded per game


def test_bad_arguments_are_clear_errors():
    with pytest.raises(InvalidOption, match="games must be"):
        tournament(GAME, [RandomBot], games=0)
    with pytest.raises(InvalidOption, match="2-4 players"):
        tournament(GAME, [RandomBot], num_players=5)
    with pytest.raises(TypeError, match="neither a bot"):
        tournament(GAME, {"x": 3})
    with pytest.raises(TypeError, match="dict"):
        tournament(GAME, "random")


def test_progress_text_on_stderr(capsys):
    tournament(GAME, [RandomBot, RandomBot], games=4, progress=True)
    err = capsys.readouterr().err
    assert "4/4 games" in err and "race" in err


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs SIGALRM (Unix)")
def test_time_guard_restores_previous_handler_and_timer():
    def mine(signum, frame):
        raise AssertionError("outer timer fired")

    old = signal.signal(signal.SIGALRM, mine)
    try:
        signal.setitimer(signal.ITIMER_REAL, 100.0)
        with TimeGuard() as guard:
            with pytest.raises(DecisionTimeout):
                guard.call(time.sleep, (1.0,), 0.05)
        assert signal.getsignal(signal.SIGALRM) is mine
        remaining, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 90 < remaining <= 100
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def test_wilson_interval():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and 0.27 < hi < 0.28
    lo, hi = wilson_interval(10, 10)
    assert 0.72 < lo < 0.73 and hi == 1.0


def test_plot_tournament():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    df = tournament(GAME, {"smart": SmartBot, "random": RandomBot}, games=4)
    ax = plot_tournament(df)
    assert [t.get_text() for t in ax.get_yticklabels()] == ["random", "smart"]
    assert "race" in ax.get_title()
    import matplotlib.pyplot as plt

    plt.close("all")


def test_illegal_action_message_is_the_engine_explanation():
    state = GAME.initial_state(2, seed=0)
    with pytest.raises(IllegalAction) as err:
        state.apply(Add(5))
    _, rows = play_contained(GAME, [IllegalBot, RandomBot], seed=0)
    assert rows[0]["reason"] == str(err.value)


def test_progress_widget_in_a_kernel(monkeypatch):
    pytest.importorskip("ipywidgets")
    import jaliz_learn.tournament as module

    monkeypatch.setattr(module, "_in_kernel", lambda: True)
    shown = []
    monkeypatch.setattr("IPython.display.display", lambda *objs: shown.extend(objs))
    tournament(GAME, [RandomBot, RandomBot], games=4, progress=True)
    bar = shown[0].children[0]
    assert bar.value == bar.max == 4 and shown[0].children[1].value == "4/4 games"


def test_the_module_is_callable_like_the_function():
    import jaliz_learn.tournament as module

    df = module(GAME, [RandomBot, SmartBot], games=2)
    assert set(df.index) == {"random", "smart"}
