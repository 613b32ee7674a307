"""The HTTP protocol the server runs: uvicorn's h11 protocol, with JSON errors.

A request whose framing is broken (a malformed request line, bad headers, a
body that does not match its ``Content-Length``) never reaches the app: the
protocol layer answers it. uvicorn answers in plain text; this protocol gives
the API's own error shape, ``{"error": {"type", "field", "message"}}``, so a
client sees one shape for every refusal. Everything else is uvicorn's.
"""

from __future__ import annotations

import json
from typing import Final

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from showdown.web.app import SECURITY_HEADERS

__all__ = ["FRAMING_ERROR", "JsonErrorsH11Protocol"]

FRAMING_ERROR: Final = {
    "error": {
        "type": "MalformedRequest",
        "field": None,
        "message": "the request is not valid HTTP/1.1 (its request line, headers or "
        "body framing cannot be read)",
    }
}
"""The body of the 400 answer to a request that cannot be read as HTTP."""


class JsonErrorsH11Protocol(H11Protocol):
    """uvicorn's h11 protocol, answering unreadable requests with a JSON 400."""

    def send_400_response(self, msg: str) -> None:
        """Answer a request that is not HTTP with the API's error shape, then close."""
        body = json.dumps(FRAMING_ERROR).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"),
            *SECURITY_HEADERS,
        ]
        for event in (
            h11.Response(status_code=400, headers=headers, reason=b"Bad Request"),
            h11.Data(data=body),
            h11.EndOfMessage(),
        ):
            self.transport.write(self.conn.send(event))
        self.transport.close()
