"""The web explorer and the HTTP API (needs the ``web`` extra: FastAPI, uvicorn).

>>> from showdown.web import Settings, create_app
>>> create_app(Settings(max_players=6)).state.settings.max_players
6

Serve it with ``showdown serve`` (loopback, port 8000 by default).
"""

from showdown.web.app import RequestError, create_app
from showdown.web.settings import Settings

__all__ = ["RequestError", "Settings", "create_app"]
