"""Build hook (the kit is described in pyproject.toml): put the exercises' solution notebooks into the wheel.

They live in the repository's ``exercises/*/solution.ipynb`` (beside this folder); the kit's wheel carries them as
``jaliz_learn_teacher/solutions/<exercise>/solution.ipynb`` so that a teacher with only the published wheels has them.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
EXERCISES = HERE.parent / "exercises"


class BuildWithSolutions(build_py):
    def run(self):
        super().run()
        target = Path(self.build_lib) / "jaliz_learn_teacher" / "solutions"
        for source in sorted(EXERCISES.glob("*/solution.ipynb")):
            destination = target / source.parent.name / source.name
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, destination)


setup(cmdclass={"build_py": BuildWithSolutions})
