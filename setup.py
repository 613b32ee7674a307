"""Build the compiled core; everything else is in pyproject.toml.

The core is three C extensions: ``showdown._ceval`` (one hand and batches of
hands), ``showdown._cequity`` (equity and the census) and ``showdown._cresolve``
(the resolve stream's lane), compiled from ``src/showdown/_ceval.c``,
``_cequity.c`` and ``_cresolve.c`` (and the headers beside them) by the normal
install (``pip install .`` or ``pip install -e .``) wherever a C compiler and
the Python headers are present, or once into a binary wheel (``make wheel``)
that then installs without a compiler. ``optional=True``: where one cannot be
built the install still succeeds, and the readable reference answers instead
(the same answers, slower; ``showdown --version`` says which engine answers).
"""

import os
from glob import glob

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class ParallelBuild(build_ext):
    """The three extensions compiled side by side, one per core (an install's longest step)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1


# rows() and best_rows() of _ceval share the rows among POSIX threads, and
# sample_chunks() of _cequity the Monte Carlo chunks
THREADS = ["-pthread"] if os.name == "posix" else []
# a changed shared header rebuilds every extension
HEADERS = sorted(glob("src/showdown/*.h"))

setup(
    cmdclass={"build_ext": ParallelBuild},
    ext_modules=[
        Extension(
            "showdown._ceval",
            ["src/showdown/_ceval.c"],
            extra_compile_args=THREADS,
            extra_link_args=THREADS,
            depends=HEADERS,
            optional=True,
        ),
        Extension(
            "showdown._cequity",
            ["src/showdown/_cequity.c"],
            extra_compile_args=THREADS,
            extra_link_args=THREADS,
            depends=HEADERS,
            optional=True,
        ),
        Extension(
            "showdown._cresolve",
            ["src/showdown/_cresolve.c"],
            depends=HEADERS,
            optional=True,
        ),
    ]
)
