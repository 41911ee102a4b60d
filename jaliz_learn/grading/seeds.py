"""Where a grader's seed comes from: the teacher's secret (a file outside the repository, or the environment).

A seed written in a grader in the repository is known to every learner who has the repository, so it is only
good for practice; reports say so.

A real grade's seeds follow from a **secret** that a brute force cannot reach. A learner sees what the hidden
games and data sets give their own bot, so a short secret (``31337``) or one derived with a fast public function
falls to a search over candidates in seconds, and with it every hidden game. So:

* the secret must hold at least :data:`MIN_SECRET_BITS` bits as written (:func:`secret_bits`, a conservative
  estimate); ``jaliz-learn grade --new-secret FILE`` writes one of 256 random bits (:func:`write_new_secret`);
* every seed derives from it with HMAC-SHA256 keyed by the secret (:func:`keyed_seed`), never with the fast
  public :func:`jaliz_learn.tournament.derive_seed`; the seeds of an exercise (:func:`exercise_seed`) are keyed
  seeds again, 126 bits wide (:func:`is_keyed`), and ``derive_seed`` of a keyed seed is HMAC-SHA256 too, so no
  seed a learner's bot receives leads back to the exercise's seed or the secret;
* reports and gradebooks say *where* the seed came from, never a value derived from it.

Practice seeds (no secret) are plain integers and keep the public derivation, so practice grades are the same as
before.

>>> seed, source = secret_seed(42, environ={})
>>> seed, source.startswith("practice")
(42, True)
>>> seed, source = secret_seed(42, environ={SECRET_ENV: hashlib.sha256(b"an example").hexdigest()})
>>> is_keyed(seed), source
(True, 'secret seed from the environment (JALIZ_LEARN_SECRET_SEED)')
>>> secret_seed(42, environ={SECRET_ENV: "31337"})
Traceback (most recent call last):
jaliz_learn.core.errors.InvalidOption: the secret in JALIZ_LEARN_SECRET_SEED is too weak ... (about 8 bits; at least ...
"""

from __future__ import annotations

import hashlib
import hmac
import math
import os
import secrets
import zlib
from collections.abc import Mapping
from pathlib import Path

from ..core.errors import InvalidOption
from ..core.text import safe_line

#: The environment variable a teacher may set to the secret (prefer ``--secret-file``: an environment is easier
#: to leak, e.g. into a child process's ``/proc`` entry).
SECRET_ENV = "JALIZ_LEARN_SECRET_SEED"
PRACTICE_NOTE = ("practice seed from the repository: every learner can read it, so this grade is for practice "
                 f"only; set {SECRET_ENV} or pass --secret-file for real grades")
#: The fewest bits a secret must hold as written (:func:`secret_bits`).
MIN_SECRET_BITS = 128
#: Keyed seeds have this bit set and 126 random bits below it: never a practice seed (those are below 2**64), and
#: still a seed the project's generator takes (at most 128 bits, with room for small offsets like ``seed + 1``).
KEYED_BIT = 1 << 126
#: The label of the grade's seed, under the secret (a new label gives other seeds from the same secret).
BASE_LABEL = "jaliz-learn grading seed v1"
HOW_TO = "make one with `jaliz-learn grade --new-secret FILE` and grade with --secret-file FILE"


def secret_bits(text: str) -> float:
    """A conservative estimate of the bits a secret holds *as written*: the least of its length times the bits
    of a character of its classes (digits 10, lower case 26, upper case 26, other ASCII 33, anything else 128),
    its length times the bits of its number of distinct characters, and the bits of its compressed form (a
    repeated pattern holds little). A secret of :func:`write_new_secret` holds about 250.

    >>> round(secret_bits("31337")), round(secret_bits("a" * 100)), secret_bits(secrets.token_hex(32)) > 200
    (8, 0, True)
    """
    if not text:
        return 0.0
    classes = ((str.isdigit, 10), (str.islower, 26), (str.isupper, 26))
    alphabet = 0
    rest = [ch for ch in text]
    for test, size in classes:
        if any(test(ch) and ch.isascii() for ch in rest):
            alphabet += size
            rest = [ch for ch in rest if not (test(ch) and ch.isascii())]
    if any(ch.isascii() for ch in rest):
        alphabet += 33
    if any(not ch.isascii() for ch in rest):
        alphabet += 128
    by_class = len(text) * math.log2(alphabet)
    by_variety = len(text) * math.log2(len(set(text)))
    by_pattern = 8.0 * len(zlib.compress(text.encode("utf-8", "surrogatepass"), 9))
    return min(by_class, by_variety, by_pattern)


def keyed_seed(key: bytes, label: str) -> int:
    """A keyed seed: HMAC-SHA256 of ``label`` under ``key``, as 126 bits with :data:`KEYED_BIT` set.

    >>> is_keyed(keyed_seed(b"k" * 32, "exercise 2")), keyed_seed(b"k", "a") != keyed_seed(b"k", "b")
    (True, True)
    """
    digest = hmac.new(key, label.encode("utf-8"), hashlib.sha256).digest()
    return KEYED_BIT | (int.from_bytes(digest[:16], "big") & (KEYED_BIT - 1))


def is_keyed(seed: int) -> bool:
    """Whether ``seed`` follows from a secret (:func:`keyed_seed`) rather than being a public practice seed."""
    return seed >= 1 << 64


def exercise_seed(seed: int, label: int) -> int:
    """The seed of one exercise (``label``: its number) from a grade's seed: a keyed seed again when ``seed`` is
    one (HMAC-SHA256, message ``exercise <label>``), else the public :func:`~jaliz_learn.tournament.derive_seed`
    (practice grades stay as they were).

    >>> from jaliz_learn.tournament import derive_seed
    >>> exercise_seed(42, 2) == derive_seed(42, 2), is_keyed(exercise_seed(keyed_seed(b"s" * 32, BASE_LABEL), 2))
    (True, True)
    """
    if is_keyed(seed):
        return keyed_seed(str(seed).encode("ascii"), f"exercise {label}")
    from ..tournament import derive_seed

    return derive_seed(seed, label)


#: Labels of the bots' seeds under a keyed seed start here (far above any block's label).
BOT_LABELS = 10**9


def bot_seeds(parent: int, block: int, game_seed: int, players: int) -> list[int]:
    """The seeds of the bots of one graded game (seat order): game ``block`` of a set whose seed is ``parent``.

    From a practice seed, ``derive_seed(game_seed, 1000 + seat)`` as always. From a keyed seed, each is
    HMAC-SHA256 of ``parent`` (:func:`~jaliz_learn.tournament.derive_seed` of a keyed seed), not a public-hash
    child of the game's 31-bit seed: a bot is given its seed, and a search over the public hash would give it the
    game's seed and with it every hidden card of the game.

    >>> from jaliz_learn.tournament import derive_seed
    >>> bot_seeds(42, 3, derive_seed(42, 3), 2) == [derive_seed(derive_seed(42, 3), 1000 + s) for s in range(2)]
    True
    """
    from ..tournament import derive_seed

    if is_keyed(parent):
        return [derive_seed(parent, BOT_LABELS + 1000 * block + seat) for seat in range(players)]
    return [derive_seed(game_seed, 1000 + seat) for seat in range(players)]


def _from_secret(text: str, where: str) -> int:
    secret = text.strip()
    bits = secret_bits(secret)
    if bits < MIN_SECRET_BITS:
        raise InvalidOption(f"the secret in {where} is too weak to keep the hidden games hidden (about {bits:.0f} "
                            f"bits; at least {MIN_SECRET_BITS} needed): {HOW_TO}")
    return keyed_seed(secret.encode("utf-8", "surrogatepass"), BASE_LABEL)


def secret_seed(practice: int, *, secret_file: str | Path | None = None,
                environ: Mapping[str, str] | None = None, extra_env: tuple[str, ...] = ()) -> tuple[int, str]:
    """The seed to grade with and a note saying where it came from.

    Order: ``secret_file`` (a file outside the repository, first line), then the environment
    (:data:`SECRET_ENV`, then ``extra_env`` names), else ``practice`` (the repository's own seed). A secret
    weaker than :data:`MIN_SECRET_BITS` is refused (:class:`InvalidOption`, one line saying how to make one).
    """
    env = os.environ if environ is None else environ
    if secret_file is not None:
        path = Path(secret_file)
        shown = safe_line(str(path), limit=200)
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise InvalidOption(f"the secret file {shown} is not UTF-8 text: {HOW_TO}") from None
        except OSError as exc:
            raise InvalidOption(f"cannot read the secret file {shown!r}: {exc.strerror}") from None
        first = text.splitlines()[0] if text.strip() else ""
        return _from_secret(first, f"the file {shown}"), f"secret seed from the file {safe_line(path.name)}"
    for name in (SECRET_ENV, *extra_env):
        value = env.get(name, "").strip()
        if value:
            return _from_secret(value, name), f"secret seed from the environment ({name})"
    return practice, PRACTICE_NOTE


def write_new_secret(path: str | Path) -> Path:
    """Write a new secret of 256 random bits (64 hex digits) to ``path``, readable by its owner only (mode 0600);
    an existing file (or link) is never replaced: the grades of earlier runs follow from the secret it holds.

    >>> import tempfile, stat
    >>> folder = tempfile.mkdtemp()
    >>> made = write_new_secret(Path(folder) / "secret.txt")
    >>> len(made.read_text().strip()), oct(stat.S_IMODE(made.stat().st_mode))
    (64, '0o600')
    >>> write_new_secret(made)
    Traceback (most recent call last):
    jaliz_learn.core.errors.InvalidOption: ... already exists; a new secret never replaces one ...
    """
    target = Path(path)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(target, flags, 0o600)
    except FileExistsError:
        raise InvalidOption(f"{safe_line(str(target), limit=200)} already exists; a new secret never replaces one "
                            "(earlier grades follow from it): give another file name") from None
    except OSError as exc:
        raise InvalidOption(f"cannot write {safe_line(str(target), limit=200)}: {exc.strerror}") from None
    with os.fdopen(fd, "w", encoding="ascii") as f:
        if hasattr(os, "fchmod"):
            os.fchmod(f.fileno(), 0o600)  # whatever the umask
        f.write(secrets.token_hex(32) + "\n")
    return target


__all__ = ["KEYED_BIT", "MIN_SECRET_BITS", "PRACTICE_NOTE", "SECRET_ENV", "bot_seeds", "exercise_seed", "is_keyed",
           "keyed_seed", "secret_bits", "secret_seed", "write_new_secret"]
