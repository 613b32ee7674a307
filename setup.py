"""Build the optional C extensions; everything else is in pyproject.toml.

``showdown._ceval`` (the per-call and batch scorers) and ``showdown._cequity``
(the equity and census kernels) and ``showdown._cresolve`` (the resolve stream's
native lane) are compiled from ``src/showdown/_ceval.c``, ``src/showdown/_cequity.c``
and ``src/showdown/_cresolve.c`` by the normal install (``pip install .`` or
``pip install -e .``) wherever a C compiler and the Python headers are present.
``optional=True``: when one cannot be built the install still succeeds, and
showdown uses its pure-Python per-call paths, its numba kernels and its Python
resolve lanes.
"""

import os

from setuptools import Extension, setup

# rows() and best_rows() of _ceval share the rows among POSIX threads, and
# sample_chunks() of _cequity the Monte Carlo chunks
THREADS = ["-pthread"] if os.name == "posix" else []

setup(
    ext_modules=[
        Extension(
            "showdown._ceval",
            ["src/showdown/_ceval.c"],
            extra_compile_args=THREADS,
            extra_link_args=THREADS,
            optional=True,
        ),
        Extension(
            "showdown._cequity",
            ["src/showdown/_cequity.c"],
            extra_compile_args=THREADS,
            extra_link_args=THREADS,
            optional=True,
        ),
        Extension(
            "showdown._cresolve",
            ["src/showdown/_cresolve.c"],
            optional=True,
        ),
    ]
)
