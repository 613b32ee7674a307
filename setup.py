"""Build the optional C extension ``showdown._ceval``; everything else is in pyproject.toml.

The extension is compiled from ``src/showdown/_ceval.c`` by the normal install
(``pip install .`` or ``pip install -e .``) wherever a C compiler and the
Python headers are present. ``optional=True``: when it cannot be built the
install still succeeds, and showdown uses its pure-Python per-call paths.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "showdown._ceval",
            ["src/showdown/_ceval.c"],
            optional=True,
        )
    ]
)
