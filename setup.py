"""Build the optional C extensions; everything else is in pyproject.toml.

``showdown._ceval`` (the per-call and batch scorers) and ``showdown._cequity``
(the equity and census kernels) are compiled from ``src/showdown/_ceval.c`` and
``src/showdown/_cequity.c`` by the normal install (``pip install .`` or
``pip install -e .``) wherever a C compiler and the Python headers are present.
``optional=True``: when one cannot be built the install still succeeds, and
showdown uses its pure-Python per-call paths and its numba kernels.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "showdown._ceval",
            ["src/showdown/_ceval.c"],
            optional=True,
        ),
        Extension(
            "showdown._cequity",
            ["src/showdown/_cequity.c"],
            optional=True,
        ),
    ]
)
