"""Where :mod:`showdown._kernels.game_tables` reads the columns of equity's counts.

To be deleted: the readable reference is :mod:`showdown.equity.reference`, and
``game_tables`` (not this package's to edit here) should import from it directly.
"""

from showdown.equity.reference import COLUMNS, HIGH, LOW, POT, SHARE, SHARE_SQ, TIE, WIN

__all__ = ["COLUMNS", "HIGH", "LOW", "POT", "SHARE", "SHARE_SQ", "TIE", "WIN"]
