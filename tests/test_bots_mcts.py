"""The information-set MCTS bot: only its observation, deterministic, legal, bounded, budgeted, stronger.

Most checks run on a small hidden-information game defined here (``HiddenPick``: each player holds a
secret card and picks numbers from a lazy range of ten million; a pick scores when it matches the
picker's own card modulo the card count), so they hold whatever state the registered games' ``sample_state``
is in. The per-game checks skip, with the reason, for a game that cannot sample hidden information yet.
"""

from __future__ import annotations

import types
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

import jaliz_learn
from jaliz_learn.bots import ISMCTSBot, MCTSBot, RandomBot, make_bot
from jaliz_learn.bots.base import bot_names
from jaliz_learn.core.actions import Action
from jaliz_learn.core.game import Game, GameInfo, Observation, OptionSpec, State
from jaliz_learn.core.legal import LazyActions
from jaliz_learn.core.registry import REGISTRY
from jaliz_learn.core.rng import Rng
from jaliz_learn.core.rules import Rule, RuleCatalogue

CARDS = 5  # secret cards 0..4, one per player, dealt without replacement
ROUNDS = 3
ITER_LIMIT = 1000  # HugeRange refuses to be iterated further than this


# ---- HiddenPick: a tiny hidden-information game with a huge lazy action list ----------------------------


@dataclass(frozen=True, slots=True)
class Guess(Action):
    kind = "guess"
    n: int

    def __str__(self) -> str:
        return f"guess {self.n}"


class HugeRange(LazyActions):
    """``guess 0`` .. ``guess N-1``, built on demand; iterating past ITER_LIMIT items fails the test."""

    __slots__ = ()
    built = 0  # actions built by every HugeRange so far

    def __init__(self, n: int) -> None:
        self._len = n

    def _build(self, i: int) -> Guess:
        HugeRange.built += 1
        return Guess(i)

    def __contains__(self, item: object) -> bool:
        return type(item) is Guess and 0 <= item.n < self._len

    def __iter__(self) -> Iterator[Guess]:
        for i in range(self._len):
            if i >= ITER_LIMIT:
                raise AssertionError(f"a bot iterated over more than {ITER_LIMIT} of {self._len} legal actions")
            yield self._build(i)


@dataclass(frozen=True)
class PickObservation(Observation):
    card: int | None
    scores: tuple[int, ...]
    picks: tuple[tuple[int, int], ...]


class PickState(State):
    def __init__(self, game: HiddenPickGame, num_players: int, seed: int) -> None:
        super().__init__(game, num_players, seed)
        deck = list(range(CARDS))
        self.rng.shuffle(deck)
        self.cards = deck[:num_players]
        self.points = [0] * num_players
        self.picks: list[tuple[int, int]] = []

    def _copy_into(self, new: State) -> None:
        new.cards = list(self.cards)  # type: ignore[attr-defined]
        new.points = list(self.points)  # type: ignore[attr-defined]
        new.picks = list(self.picks)  # type: ignore[attr-defined]

    def current_player(self) -> int | None:
        return None if self.is_over() else len(self.picks) % self.num_players

    def decision(self) -> str:
        return "game-over" if self.is_over() else "guess"

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        actor = self.current_player()
        if actor is None or (player is not None and player != actor):
            return ()
        return HugeRange(self.game.options["width"])

    def _apply(self, player: int, action: Action) -> None:
        assert isinstance(action, Guess)
        self.picks.append((player, action.n))
        if action.n % CARDS == self.cards[player]:
            self.points[player] += 1

    def is_over(self) -> bool:
        return len(self.picks) >= ROUNDS * self.num_players

    def scores(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self.points)

    def observation(self, player: int | None) -> Observation:
        return PickObservation("hidden-pick", player, self.num_players, self.current_player(), self.decision(),
                               len(self.picks), self.is_over(), None if player is None else self.cards[player],
                               tuple(self.points), tuple(self.picks))

    def to_json(self, compact: bool = False) -> dict[str, Any]:
        return {"cards": self.cards, "points": self.points, "picks": self.picks, "rng": self.rng.to_json()}


class HiddenPickGame(Game):
    info = GameInfo("hidden-pick", "Hidden pick", 2, 4, True, True, "1", "tests", "a test game",
                    options=(OptionSpec("width", 10**7, "number of legal guesses", minimum=2),))
    action_types = {"guess": Guess}

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.samples: list[Any] = []  # observations that sample_state was called with

    def initial_state(self, num_players: int | None = None, seed: int = 0) -> State:
        return PickState(self, self.resolve_num_players(num_players), seed)

    def sample_state(self, observation: Observation, rng: Rng | int) -> State:
        self.samples.append(observation)
        obs: Any = observation
        seed = rng if isinstance(rng, int) else rng.randrange(1 << 62)
        st = PickState(self, obs.num_players, seed)
        unseen = [c for c in range(CARDS) if c != obs.card]
        st.rng.shuffle(unseen)
        st.cards = [obs.card if p == obs.player else unseen.pop() for p in range(obs.num_players)]
        st.points, st.picks = list(obs.scores), list(obs.picks)
        return st

    def parse_action(self, text: str, state: State) -> Action:
        return Guess(int(text.split()[1]))

    @property
    def rules(self) -> RuleCatalogue:
        return RuleCatalogue("hidden-pick", [Rule("HP-1", "Pick", "Score when the pick matches your card.", "Play")])


def mid_state(game: Game, seed: int, steps: int) -> State:
    """A state after ``steps`` random decisions (or the end)."""
    st = game.initial_state(seed=seed)
    bot = RandomBot(seed)
    for _ in range(steps):
        if st.is_over():
            break
        st.apply(bot.act(None, st.legal_actions()))
    return st


# ---- the bot receives observations only ----------------------------------------------------------------


def reachable(root: Any, limit: int = 200_000) -> Iterator[Any]:
    """Every object reachable from ``root`` through containers, attributes and slots."""
    seen: set[int] = set()
    stack = [root]
    while stack and len(seen) < limit:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (str, bytes, int, float, bool, type(None), type,
                                                types.FunctionType, types.ModuleType)):
            continue
        seen.add(id(obj))
        yield obj
        if isinstance(obj, dict | types.MappingProxyType):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, (tuple, list, set, frozenset)):
            stack.extend(obj)
        if hasattr(obj, "__dict__"):
            stack.append(vars(obj))
        for cls in type(obj).__mro__:
            for slot in getattr(cls, "__slots__", ()):
                if hasattr(obj, slot):
                    stack.append(getattr(obj, slot))


class Spy:
    """Wraps a bot; records what it receives."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.received: list[tuple[Any, Any]] = []

    def reseed(self, seed: int) -> None:
        self.bot.reseed(seed)

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        self.received.append((observation, legal))
        return self.bot.act(observation, legal)


def test_the_bot_receives_observations_and_samples_only_from_them():
    game = HiddenPickGame(width=50)
    spy = Spy(ISMCTSBot(1, iterations=20))
    spy.bot._game = game
    jaliz_learn.play(game, [spy, RandomBot(2)], seed=4)
    assert spy.received
    for obs, legal in spy.received:
        assert not any(isinstance(o, State) for o in reachable((obs, legal)))
    # every determinisation came from an observation the bot was given, never from anything else
    given = {id(obs) for obs, _ in spy.received}
    assert game.samples and all(id(o) in given for o in game.samples)


def test_the_choice_depends_on_the_observation_not_on_hidden_cards():
    game = HiddenPickGame(width=50)
    states = [game.initial_state(num_players=2, seed=s) for s in range(40)]
    # two deals in which player 0 holds the same card but player 1 holds different ones
    a, b = next((x, y) for x in states for y in states if x.cards[0] == y.cards[0] and x.cards[1] != y.cards[1])
    assert a.observation(0) == b.observation(0)
    picks = [ISMCTSBot(9, iterations=60, game=game).act(s.observation(0), s.legal_actions()) for s in (a, b)]
    assert picks[0] == picks[1]


# ---- determinism, legality, bounded enumeration, budget -------------------------------------------------


def test_deterministic_for_a_seed():
    game = HiddenPickGame(width=1000)
    st = mid_state(game, 3, 2)
    obs, legal = st.observation(st.current_player()), st.legal_actions()
    first = [ISMCTSBot(s, iterations=80, game=game).act(obs, legal) for s in (5, 5, 6)]
    assert first[0] == first[1]
    histories = []
    for _ in range(2):
        result = jaliz_learn.play(game, [ISMCTSBot(7, iterations=30, game=game), RandomBot(1)], seed=11)
        histories.append([str(a) for _, a in result.state.history])
    assert histories[0] == histories[1]


def test_a_huge_lazy_action_list_is_never_enumerated():
    game = HiddenPickGame()  # ten million legal guesses at every decision
    st = game.initial_state(num_players=3, seed=2)
    bot = ISMCTSBot(3, iterations=200, game=game)
    legal = st.legal_actions()
    HugeRange.built = 0
    action = bot.act(st.observation(0), legal)  # HugeRange.__iter__ fails past ITER_LIMIT items
    assert action in legal
    assert bot.last_iterations == 200
    # a bounded number of actions per iteration and node (the first few and a few drawn at random)
    assert 0 < HugeRange.built <= 200 * ROUNDS * 3 * (bot.head + 4)


def test_the_iteration_budget_is_respected():
    game = HiddenPickGame(width=30)
    st = game.initial_state(num_players=2, seed=1)
    for budget in (1, 17, 64):
        game.samples.clear()
        bot = ISMCTSBot(0, iterations=budget, game=game)
        bot.act(st.observation(0), st.legal_actions())
        assert len(game.samples) == budget == bot.last_iterations


def test_a_time_budget_stops_the_search():
    game = HiddenPickGame(width=30)
    st = game.initial_state(num_players=2, seed=1)
    bot = ISMCTSBot(0, iterations=10**9, seconds=0.05, game=game)
    bot.act(st.observation(0), st.legal_actions())
    assert 1 <= bot.last_iterations < 10**9


def test_a_forced_decision_needs_no_search():
    bot = ISMCTSBot(0, iterations=50)
    assert bot.act(object(), (Guess(3),)) == Guess(3) and bot.last_iterations == 0


@pytest.mark.parametrize("kwargs", [{"iterations": 0}, {"iterations": 2.5}, {"seconds": 0}, {"rollout_depth": -1},
                                    {"score_weight": 2}, {"reuse": 0}, {"search": "deep"}])
def test_bad_settings_are_refused(kwargs):
    with pytest.raises(jaliz_learn.InvalidOption):
        ISMCTSBot(0, **kwargs)


def test_registered_for_every_game():
    assert MCTSBot is ISMCTSBot
    for name in REGISTRY:
        assert "mcts" in bot_names(name)
        assert isinstance(make_bot("mcts", name, 3), ISMCTSBot)


def test_registered_bot_uses_the_settings_measured_for_its_game():
    from jaliz_learn.bots.mcts import TUNED

    assert set(TUNED) == set(REGISTRY), "every game has its measured search settings"
    for name, tuned in TUNED.items():
        bot = make_bot("mcts", name, 3)
        assert {key: getattr(bot, key) for key in tuned} == tuned
        assert bot._game is not None and bot._game.info.name == name
    assert ISMCTSBot.for_game("nizam", 1, iterations=7).iterations == 7, "explicit settings win"


# ---- strength: fixed seeds, so the result is the same on every run --------------------------------------


def test_beats_random_bots_in_the_test_game():
    game = HiddenPickGame(width=1000)
    wins = 0
    for seed in range(6):
        seat = seed % 2
        bots: list[Any] = [RandomBot(seed), RandomBot(seed + 50)]
        bots[seat] = ISMCTSBot(seed, iterations=60, game=game)
        wins += seat in jaliz_learn.play(game, bots, seed=seed).winners
    assert wins >= 5, f"ISMCTS won {wins} of 6 games against a random bot"


# ---- every registered game ------------------------------------------------------------------------------


def sampling_game(name: str) -> Game:
    game = jaliz_learn.load_game(name)
    st = game.initial_state(seed=1)
    try:
        game.sample_state(st.observation(st.current_player()), 1)
    except NotImplementedError as exc:
        pytest.skip(f"{name} cannot sample hidden information yet ({exc})")
    return game


@pytest.mark.parametrize("name", list(REGISTRY))
def test_legal_action_in_every_game(name):
    game = sampling_game(name)
    for seed, steps in ((1, 0), (2, 15), (3, 60), (4, 200)):
        st = mid_state(game, seed, steps)
        if st.is_over():
            continue
        p = st.current_player()
        legal = st.legal_actions()
        bot = ISMCTSBot(seed, iterations=8, rollout_depth=10, game=game)
        before = st.to_json()
        obs = st.observation(p)
        assert not any(isinstance(o, State) for o in reachable((obs, legal)))  # all the bot is given
        assert bot.act(obs, legal) in legal
        assert st.to_json() == before  # searching never touches the real game



class OwnCardBot:
    """Knows the rule: guesses its own card (a prior for the test game)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        return Guess(observation.card)


def test_the_prior_choice_is_tried_first_even_in_a_huge_list():
    game = HiddenPickGame()  # ten million guesses: the prior's choice is not among the first few
    st = game.initial_state(num_players=2, seed=5)
    obs = st.observation(0)
    assert ISMCTSBot(1, iterations=1, game=game, prior=OwnCardBot).act(obs, st.legal_actions()) == Guess(obs.card)
    assert ISMCTSBot(1, iterations=1, game=game, prior=None).act(obs, st.legal_actions()) != Guess(obs.card)


@pytest.mark.parametrize("name", ["nizam"])
def test_beats_random_bots_in_a_real_game(name):
    game = sampling_game(name)
    wins = 0
    for seed in range(2):
        seat = seed % 2
        bots: list[Any] = [RandomBot(seed), RandomBot(seed + 50)]
        bots[seat] = ISMCTSBot(seed, iterations=8, rollout_depth=8, game=game)
        wins += seat in jaliz_learn.play(game, bots, seed=seed).winners
    assert wins == 2, f"ISMCTS won {wins} of 2 {name} games against a random bot"


def test_reused_samples_are_cloned_not_shared():
    game = HiddenPickGame(width=30)
    st = game.initial_state(num_players=2, seed=1)
    game.samples.clear()
    bot = ISMCTSBot(0, iterations=12, reuse=4, game=game)
    assert bot.act(st.observation(0), st.legal_actions()) in st.legal_actions()
    assert len(game.samples) == 3 and bot.last_iterations == 12


class WrongCardBot:
    """A bad prior: guesses a number that never scores."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        return Guess((observation.card + 1) % CARDS)


def test_the_search_overrules_a_bad_prior_only_on_evidence():
    game = HiddenPickGame(width=10)
    st = game.initial_state(num_players=2, seed=8)
    obs, legal = st.observation(0), st.legal_actions()
    searched = ISMCTSBot(2, iterations=300, game=game, prior=WrongCardBot).act(obs, legal)
    assert searched.n % CARDS == obs.card  # the search found the scoring guess
    stubborn = ISMCTSBot(2, iterations=300, game=game, prior=WrongCardBot, overrule=1e9).act(obs, legal)
    assert stubborn == Guess((obs.card + 1) % CARDS)  # no evidence is enough: the prior's choice stands


class FarOwnCardBot(OwnCardBot):
    """Guesses a scoring number far beyond the first actions of the list, so its choices are recognisable."""

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        return Guess(observation.card + 100 * CARDS)


class ReplyPickState(PickState):
    """HiddenPick where the second player's decision is called "reply" (for ``prior_only``)."""

    def decision(self) -> str:
        return "game-over" if self.is_over() else ("reply" if self.current_player() == 1 else "guess")


class ReplyPickGame(HiddenPickGame):
    def initial_state(self, num_players: int | None = None, seed: int = 0) -> State:
        return ReplyPickState(self, self.resolve_num_players(num_players), seed)

    def sample_state(self, observation: Observation, rng: Rng | int) -> State:
        st = super().sample_state(observation, rng)
        new = ReplyPickState(self, st.num_players, 0)
        new.cards, new.points, new.picks, new.rng = st.cards, st.points, st.picks, st.rng  # type: ignore[attr-defined]
        return new


@pytest.mark.parametrize("search", ["tree", "flat"])
def test_a_prior_only_decision_is_the_priors_choice_at_the_root_without_search(search):
    game = ReplyPickGame(width=10)
    st = game.initial_state(num_players=2, seed=8)
    obs, legal = st.observation(0), st.legal_actions()
    bot = ISMCTSBot(2, iterations=300, game=game, prior=WrongCardBot, prior_only={"guess"}, search=search)
    assert bot.act(obs, legal) == Guess((obs.card + 1) % CARDS) and bot.last_iterations == 0
    searched = ISMCTSBot(2, iterations=300, game=game, prior=WrongCardBot, prior_only={"reply"}, search=search)
    assert searched.act(obs, legal).n % CARDS == obs.card and searched.last_iterations > 0  # "guess" is searched


def test_the_tree_does_not_branch_on_a_prior_only_decision():
    game = ReplyPickGame(width=10**6)
    st = game.initial_state(num_players=2, seed=3)
    obs, legal = st.observation(0), st.legal_actions()

    def replies(bot: ISMCTSBot) -> set[int]:
        """The guesses the tree tried for player 1 (whose decisions are the "reply" ones)."""
        root = _root_of(bot, obs, legal)
        stack, seen = [root], set()
        while stack:
            node = stack.pop()
            for action, child in node.children.items():
                if child.mover == 1:
                    seen.add(action.n)
                stack.append(child)
        return seen

    free = replies(ISMCTSBot(4, iterations=200, game=game, prior=FarOwnCardBot))
    assert any(n < 100 * CARDS for n in free)  # without prior_only the tree tries other guesses for player 1
    tried = replies(ISMCTSBot(4, iterations=200, game=game, prior=FarOwnCardBot, prior_only={"reply"}))
    # only the prior's choices, one for each card player 1 may hold in a determinisation (never player 0's)
    assert tried and tried <= {c + 100 * CARDS for c in range(CARDS) if c != obs.card}


def _root_of(bot: ISMCTSBot, obs: Any, legal: Sequence[Any]) -> Any:
    """Run one decision and return the search tree's root (captured from the bot's last ``_best`` call)."""
    captured: list[Any] = []
    best = bot._best
    bot._best = lambda root, acts: captured.append(root) or best(root, acts)  # type: ignore[method-assign]
    bot.act(obs, legal)
    return captured[0]


def test_settings_for_a_player_count_apply_only_at_that_count():
    game = ReplyPickGame(width=10)
    bot = ISMCTSBot(2, iterations=60, game=game, prior=WrongCardBot, by_players={"2": {"prior_only": ("guess",)}})
    two = game.initial_state(num_players=2, seed=8)
    obs = two.observation(0)
    assert bot.act(obs, two.legal_actions()) == Guess((obs.card + 1) % CARDS) and bot.last_iterations == 0
    assert bot.prior_only == ()  # restored after the decision
    three = game.initial_state(num_players=3, seed=8)
    bot.act(three.observation(0), three.legal_actions())
    assert bot.last_iterations == 60  # at three players the decision is searched
    with pytest.raises(jaliz_learn.InvalidOption, match="by_players"):
        ISMCTSBot(0, by_players={5: {"exploration": 2.0}})
    with pytest.raises(jaliz_learn.InvalidOption, match="iterations"):
        ISMCTSBot(0, by_players={5: {"iterations": 0}})


def test_prior_only_needs_names_and_a_prior():
    with pytest.raises(jaliz_learn.InvalidOption, match="prior_only"):
        ISMCTSBot(0, prior_only="offer")
    with pytest.raises(jaliz_learn.InvalidOption, match="prior_only"):
        ISMCTSBot(0, prior=None, prior_only={"offer"})


# ---- the flat mode (rollouts of every candidate on the same samples) and the rollout policy's width -------


def test_flat_search_overrules_a_bad_prior_and_never_enumerates_a_huge_list():
    game = HiddenPickGame()  # ten million guesses: candidates are the prior's, the first few and a few drawn
    st = game.initial_state(num_players=2, seed=8)
    obs, legal = st.observation(0), st.legal_actions()
    HugeRange.built = 0
    bot = ISMCTSBot(2, iterations=120, game=game, prior=WrongCardBot, search="flat")
    picked = bot.act(obs, legal)
    assert picked in legal and 0 < bot.last_iterations <= 120
    # candidates: the first few and at most 2 * max_width drawn; each rollout step builds about one action
    assert HugeRange.built <= 4 * (bot.head + 2 * bot.max_width) + 120 * ROUNDS * 2 * 2
    small = HiddenPickGame(width=10)
    st = small.initial_state(num_players=2, seed=8)
    obs, legal = st.observation(0), st.legal_actions()
    assert ISMCTSBot(2, iterations=200, game=small, prior=WrongCardBot, search="flat").act(obs, legal).n % CARDS \
        == obs.card  # paired rollouts find the scoring guess among ten
    stubborn = ISMCTSBot(2, iterations=200, game=small, prior=WrongCardBot, search="flat", overrule=1e9)
    assert stubborn.act(obs, legal) == Guess((obs.card + 1) % CARDS)


def test_flat_search_is_deterministic_and_legal_in_a_real_game():
    game = sampling_game("nizam")
    st = mid_state(game, 3, 6)
    p = st.current_player()
    obs, legal = st.observation(p), st.legal_actions()
    picks = [ISMCTSBot(s, iterations=30, rollout_depth=10, game=game, search="flat").act(obs, legal)
             for s in (4, 4)]
    assert picks[0] == picks[1] and picks[0] in legal


class CountingBot:
    """A rollout bot that records how many legal actions it was asked to choose from."""

    sizes: list[int] = []

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        CountingBot.sizes.append(len(legal))
        return legal[0]


@pytest.mark.parametrize("search", ["tree", "flat"])
def test_the_rollout_bot_plays_decisions_up_to_rollout_width(search):
    game = HiddenPickGame(width=30)  # 30 guesses: more than max_width=8 but within rollout_width
    st = game.initial_state(num_players=2, seed=1)
    CountingBot.sizes = []
    ISMCTSBot(0, iterations=6, game=game, max_width=8, rollout=CountingBot, search=search).act(
        st.observation(0), st.legal_actions())
    assert 30 in CountingBot.sizes  # a wide (not huge) decision in a rollout is still the rollout bot's
    CountingBot.sizes = []
    ISMCTSBot(0, iterations=6, game=game, rollout_width=20, rollout=CountingBot, search=search).act(
        st.observation(0), st.legal_actions())
    assert CountingBot.sizes == []  # wider than rollout_width: the first action, the bot is not asked
