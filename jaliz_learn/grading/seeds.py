"""Where a grader's secret seed comes from: the teacher's environment or a file outside the repository.

A seed written in a grader in the repository is known to every learner who has the repository,
so it is only good for practice; reports say so.

>>> seed, source = secret_seed(42, environ={})
>>> seed, source.startswith("practice")
(42, True)
>>> secret_seed(42, environ={"JALIZ_LEARN_SECRET_SEED": "0x2a1"})
(673, 'secret seed from the environment (JALIZ_LEARN_SECRET_SEED)')
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from ..core.errors import InvalidOption

#: The environment variable a teacher sets to the secret seed (an integer, decimal or 0x...).
SECRET_ENV = "JALIZ_LEARN_SECRET_SEED"
PRACTICE_NOTE = ("practice seed from the repository: every learner can read it, so this grade is for practice "
                 f"only; set {SECRET_ENV} or pass --secret-file for real grades")


def _parse(text: str, where: str) -> int:
    try:
        return int(text.strip(), 0)
    except ValueError:
        raise InvalidOption(f"{where} must hold an integer seed (e.g. 12345 or 0x3039), got {text.strip()[:40]!r}") \
            from None


def secret_seed(practice: int, *, secret_file: str | Path | None = None,
                environ: Mapping[str, str] | None = None, extra_env: tuple[str, ...] = ()) -> tuple[int, str]:
    """The seed to grade with and a note saying where it came from.

    Order: ``secret_file`` (a file outside the repository, first line), then the environment
    (:data:`SECRET_ENV`, then ``extra_env`` names), else ``practice`` (the repository's own seed).
    """
    env = os.environ if environ is None else environ
    if secret_file is not None:
        path = Path(secret_file)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise InvalidOption(f"cannot read the secret file {str(path)!r}: {exc.strerror}") from None
        return _parse(text.splitlines()[0] if text.strip() else "", f"the secret file {path}"), \
            f"secret seed from the file {path.name}"
    for name in (SECRET_ENV, *extra_env):
        value = env.get(name, "").strip()
        if value:
            return _parse(value, name), f"secret seed from the environment ({name})"
    return practice, PRACTICE_NOTE


__all__ = ["PRACTICE_NOTE", "SECRET_ENV", "secret_seed"]
