"""``python -m jaliz_learn.grading generate|check MASTER LEARNER`` (see :mod:`jaliz_learn.grading.main`)."""

import sys

from .main import main

if __name__ == "__main__":
    sys.exit(main())
