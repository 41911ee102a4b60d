"""Build hook (the project is described in pyproject.toml): put the course material into the wheel.

The notebooks and the exercises' learner notebooks and graders live at the top of the repository (``notebooks/``,
``exercises/``); an installed wheel needs them as package data to teach (``jaliz-learn tutorial`` copies them,
``jaliz-learn grade`` finds the graders). They go to ``jaliz_learn/course/`` in the build, listed by
``jaliz_learn/course.py`` (never a solution master).
"""

import importlib.util
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


def _course_files():
    spec = importlib.util.spec_from_file_location("_course", HERE / "jaliz_learn" / "course.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.course_files(HERE)


class BuildWithCourse(build_py):
    def run(self):
        super().run()
        target = Path(self.build_lib) / "jaliz_learn" / "course"
        for relative, source in _course_files().items():
            destination = target / relative
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, destination)


setup(cmdclass={"build_py": BuildWithCourse})
