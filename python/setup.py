"""Wheel tags: with tools bundled in tileir/_bin (utils/build-wheel.sh) the wheel is
for one platform (``py3-none-<platform>``, the platform from ``TILEIR_WHEEL_PLATFORM``
or the build machine's); without them it is pure Python. Everything else is in
pyproject.toml."""

import os
from pathlib import Path

from setuptools import setup

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools < 70.1
    from wheel.bdist_wheel import bdist_wheel

_BUNDLED = any((Path(__file__).parent / "tileir" / "_bin").glob("tile-*"))


class PlatformWheel(bdist_wheel):
    def finalize_options(self):
        if os.environ.get("TILEIR_WHEEL_PLATFORM"):
            self.plat_name = os.environ["TILEIR_WHEEL_PLATFORM"]
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self):
        _, _, platform = super().get_tag()
        return "py3", "none", platform


setup(cmdclass={"bdist_wheel": PlatformWheel} if _BUNDLED else {})
