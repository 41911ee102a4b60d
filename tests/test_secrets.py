"""Secrets a brute force cannot reach (issue 48): a new secret of 256 random bits, weak secrets refused in one line,
seeds derived with HMAC-SHA256 keyed by the secret, practice seeds unchanged, no derived value in any report."""

from __future__ import annotations

import hashlib
import hmac
import json
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from jaliz_learn.cli import main
from jaliz_learn.core.errors import InvalidOption
from jaliz_learn.core.rng import hash_seed
from jaliz_learn.grading.seeds import (
    BASE_LABEL,
    MIN_SECRET_BITS,
    SECRET_ENV,
    exercise_seed,
    is_keyed,
    keyed_seed,
    secret_bits,
    secret_seed,
    write_new_secret,
)
from jaliz_learn.tournament import derive_seed

ROOT = Path(__file__).resolve().parents[1]
STRONG = "7c2f9a41e08b5d36c1f47a9e2b80d5c3916e4fa72d08b3c5e19a6f04d7b2c8e1"
WEAK = ["31337", "0x5EED1CE", "987654321", "a" * 200, "abcd" * 40, "1" * 100, "correct horse battery staple",
        "12345678901234567890", "password123!", "Tr0ub4dor&3"]


def test_new_secret_is_256_random_bits_readable_by_its_owner_only(tmp_path):
    made = write_new_secret(tmp_path / "secret.txt")
    text = made.read_text().strip()
    assert len(text) == 64 and int(text, 16) >= 0
    assert stat.S_IMODE(made.stat().st_mode) == 0o600
    assert secret_bits(text) >= MIN_SECRET_BITS
    other = write_new_secret(tmp_path / "other.txt").read_text().strip()
    assert other != text


def test_new_secret_never_replaces_a_file_nor_follows_a_link(tmp_path):
    kept = tmp_path / "kept.txt"
    kept.write_text("the secret of last term\n")
    with pytest.raises(InvalidOption, match="already exists"):
        write_new_secret(kept)
    assert kept.read_text() == "the secret of last term\n"
    target = tmp_path / "elsewhere.txt"
    (tmp_path / "link.txt").symlink_to(target)
    with pytest.raises(InvalidOption, match="already exists"):
        write_new_secret(tmp_path / "link.txt")
    assert not target.exists(), "the secret was written through a link"


def test_command_line_new_secret(tmp_path, capsys):
    path = tmp_path / "s.txt"
    assert main(["grade", "--new-secret", str(path)]) == 0
    assert "--secret-file" in capsys.readouterr().out
    first = path.read_text()
    assert main(["grade", "--new-secret", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "already exists" in err
    assert path.read_text() == first


@pytest.mark.parametrize("weak", WEAK)
def test_weak_secrets_are_refused_in_one_line_that_says_how_to_make_one(weak, tmp_path):
    assert secret_bits(weak) < MIN_SECRET_BITS
    with pytest.raises(InvalidOption, match=r"too weak.*--new-secret") as caught:
        secret_seed(1, environ={SECRET_ENV: weak})
    assert "\n" not in str(caught.value) and weak not in str(caught.value)  # the refusal never echoes the secret
    path = tmp_path / "secret.txt"
    path.write_text(weak + "\n")
    with pytest.raises(InvalidOption, match="too weak"):
        secret_seed(1, secret_file=path)


@pytest.mark.parametrize("strong", [STRONG, "Kq3-vX9_pL2mZ8rT4wY6nB1cF5hJ7dG0sA",
                                    "83141592653589793238462643383279502884197"])
def test_strong_secrets_are_taken(strong):
    seed, note = secret_seed(1, environ={SECRET_ENV: strong})
    assert is_keyed(seed) and note.startswith("secret")


def test_the_command_line_refuses_a_weak_secret_before_anything_runs(tmp_path, capsys):
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "a.ipynb").write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    secret = tmp_path / "secret.txt"
    secret.write_text("31337\n")
    assert main(["grade", "1", str(folder), "--secret-file", str(secret), "--isolation", "none",
                 "--allow-unconfined"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--new-secret" in err
    assert not (tmp_path / "class-gradebook").exists()


def test_seeds_derive_from_the_secret_with_hmac_sha256():
    seed, _ = secret_seed(1, environ={SECRET_ENV: STRONG})
    digest = hmac.new(STRONG.encode(), BASE_LABEL.encode(), hashlib.sha256).digest()
    assert seed & ((1 << 126) - 1) == int.from_bytes(digest[:16], "big") & ((1 << 126) - 1)
    assert seed.bit_length() == 127  # within the 128 bits the project's generator takes, with room for offsets
    # one character more or less: unrelated seeds
    other, _ = secret_seed(1, environ={SECRET_ENV: STRONG[:-1] + "0"})
    assert bin(seed ^ other).count("1") > 30
    # each exercise's seed is keyed again (HMAC, not the fast public hash), and so is every child of it
    ex2 = exercise_seed(seed, 2)
    assert is_keyed(ex2) and ex2 != exercise_seed(seed, 3)
    expected = hmac.new(str(seed).encode(), b"exercise 2", hashlib.sha256).digest()
    assert ex2 & ((1 << 126) - 1) == int.from_bytes(expected[:16], "big") & ((1 << 126) - 1)
    for block in range(20):
        child = derive_seed(ex2 + 1, block)
        mac = hmac.new(str(ex2 + 1).encode(), f"seed {block}".encode(), hashlib.sha256).digest()
        assert child == int.from_bytes(mac[:8], "big") % 2**31
        assert child != hash_seed(ex2 + 1, block) % 2**31


def test_practice_seeds_are_unchanged():
    assert secret_seed(42, environ={})[0] == 42
    for seed in (0, 1, 42, 0x6E697A616D, 2**63):
        for label in (1, 2, 5, 1000):
            assert derive_seed(seed, label) == hash_seed(seed, label) % 2**31
            assert exercise_seed(seed, label) == derive_seed(seed, label)
    assert not is_keyed(2**63) and is_keyed(keyed_seed(b"k", "x"))


def test_the_hidden_data_sets_follow_from_a_keyed_seed():
    """A keyed (126-bit) exercise seed is one the exercises' generators take: exercise 5's hidden data sets and
    exercise 3's hidden cases, the same for the same secret and different for another."""
    from jaliz_learn.exercises import ex05_experiments as ex05

    one = exercise_seed(secret_seed(1, environ={SECRET_ENV: STRONG})[0], 5)
    two = exercise_seed(secret_seed(1, environ={SECRET_ENV: STRONG[::-1]})[0], 5)
    assert ex05.hidden_cases(one) == ex05.hidden_cases(one) != ex05.hidden_cases(two)


CRASHING_BOT = """
class MyJalizBot:
    name = "crashes"

    def __init__(self, seed=None):
        self.given = seed

    def act(self, observation, legal_actions):
        raise RuntimeError("this bot always fails")
"""


def test_no_report_shows_a_value_derived_from_the_secret(tmp_path, secret_file):
    """A graded batch with the teacher's secret: no file of the gradebook holds the secret, the grade's seed, the
    exercise's seed, a game's seed or a bot's seed."""
    folder = tmp_path / "class"
    folder.mkdir()
    nb = {"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                     "source": CRASHING_BOT}],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (folder / "crash.ipynb").write_text(json.dumps(nb))
    out = subprocess.run([sys.executable, "-m", "jaliz_learn", "grade", "1", str(folder), "--secret-file",
                          str(secret_file), "--isolation", "none", "--allow-unconfined", "-q"],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert out.returncode == 1, out.stderr
    written = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "class-gradebook").rglob("*") if p.is_file())
    assert "secret seed from the file secret.txt" in written
    base = secret_seed(1, secret_file=secret_file)[0]
    ex1 = exercise_seed(base, 1)
    derived = {base, ex1}
    for offset in range(4):
        for block in range(60):
            game = derive_seed(ex1 + offset, block)
            derived |= {game, *(derive_seed(game, 1000 + s) for s in range(5))}
    secret_text = secret_file.read_text().strip()
    assert secret_text not in written + out.stdout + out.stderr
    shown = [d for d in derived if str(d) in written + out.stdout + out.stderr]
    assert not shown, f"values derived from the secret in the gradebook: {shown[:3]}"


def test_a_bots_seed_does_not_lead_back_to_its_games_seed():
    """Under a keyed seed a bot's seed is HMAC-SHA256 of the set's seed, not a public-hash child of its game's 31-bit
    seed (from which a search would give the bot its game's seed and every hidden card); practice is unchanged."""
    from jaliz_learn.bots import RandomBot
    from jaliz_learn.grading.match import InProcessContestant, play_learner_games
    from jaliz_learn.grading.seeds import bot_seeds

    given: list[int] = []

    class Recording(InProcessContestant):
        def new_bot(self, seed, limit):
            given.append(seed)
            return super().new_bot(seed, limit)

    keyed = exercise_seed(secret_seed(1, environ={SECRET_ENV: STRONG})[0], 2)
    for seed in (keyed, 12345):
        given.clear()
        records = play_learner_games("nizam", Recording(RandomBot), games=4, num_players=2, seed=seed)
        games = sorted({(r["game"], r["seed"]) for r in records})
        expected = [bot_seeds(seed, index // 2, game_seed, 2)[index % 2] for index, game_seed in games]
        assert given == expected
        public = [derive_seed(game_seed, 1000 + index % 2) for index, game_seed in games]
        assert (given == public) == (seed == 12345), "practice seeds changed, or keyed ones are public children"


def test_the_teacher_rebuilds_a_graded_position_under_a_secret():
    """The report's reference (no seed in it) rebuilds the failing position from the teacher's secret: the grader and
    the replay derive the same keyed seeds (the game's, and the bots' as the grader gave them)."""
    import re

    import jaliz_learn.exercises
    from jaliz_learn.grading.batch import find_exercise, load_grader
    from jaliz_learn.grading.match import observation_lines

    grader = load_grader(find_exercise("1"))
    skeleton = ROOT / "exercises" / "01_first_jaliz_bot" / "exercise.ipynb"
    keyed = secret_seed(1, environ={SECRET_ENV: STRONG})[0]
    report = grader.grade(skeleton, seed=keyed, seed_note="secret seed from a test")
    first = next(i for i in report.items if i.name == "legal actions").details["first"]
    found = re.fullmatch(r'jaliz_learn\.exercises\.replay\("ex01", game=(\d+), decision=(\d+), notebook=\.\.\.\)',
                         first["replay"])
    assert found, first["replay"]
    state = jaliz_learn.exercises.replay("ex01", int(found[1]), int(found[2]), notebook=skeleton, seed=keyed)
    seat = state.current_player()
    assert seat == first["seat"] and observation_lines(state.observation(seat)) == first["seen"]
    assert first["bot_seed"] == bot_seeds_of(keyed, int(found[1]))[seat]


def bot_seeds_of(keyed: int, game: int) -> list[int]:
    from jaliz_learn.exercises.rebuild import _parent_and_block, graded_game
    from jaliz_learn.grading.seeds import bot_seeds

    seed = exercise_seed(keyed, 1)
    _, players, _, game_seed, _ = graded_game("ex01", game, seed=seed)
    parent, block = _parent_and_block("ex01", game, seed)
    return bot_seeds(parent, block, game_seed, players)
