"""A small HTTP client for the bench, on http.client: one connection per request (gunicorn's
sync workers close it anyway), cookies kept like a phone keeps them, the CSRF token sent
back as a form field the way Django's forms do."""

import http.client
import uuid
from dataclasses import dataclass
from email.message import Message
from http.cookies import SimpleCookie
from urllib.parse import urlencode, urlsplit

HOST = "127.0.0.1"
TIMEOUT_SECONDS = 300


class HttpError(Exception):
    """A response the bench did not expect; the message shows what the server said."""


@dataclass
class Response:
    status: int
    headers: Message
    body: bytes

    @property
    def location(self) -> str:
        return self.headers.get("Location", "")

    def text(self, limit: int = 400) -> str:
        return self.body[:limit].decode("utf-8", "replace")


class Client:
    def __init__(self, port: int) -> None:
        self.port = port
        self.origin = f"http://{HOST}:{port}"
        self.cookies: dict[str, str] = {}

    def copy(self) -> "Client":
        """Another phone holding the same session."""
        other = Client(self.port)
        other.cookies = dict(self.cookies)
        return other

    def request(
        self,
        method: str,
        path: str,
        *,
        body: bytes | None = None,
        content_type: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Response:
        sent = {"Host": f"{HOST}:{self.port}", "Accept": "text/html", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if content_type:
            sent["Content-Type"] = content_type
        connection = http.client.HTTPConnection(HOST, self.port, timeout=TIMEOUT_SECONDS)
        try:
            connection.request(method, path, body=body, headers=sent)
            answer = connection.getresponse()
            response = Response(answer.status, answer.headers, answer.read())
        finally:
            connection.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                if morsel["max-age"] == "0" or not morsel.value:
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value
        return response

    def get(self, path: str, headers: dict[str, str] | None = None) -> Response:
        return self.request("GET", path, headers=headers)

    def _form_headers(self, headers: dict[str, str] | None) -> dict[str, str]:
        return {"Origin": self.origin, "Referer": self.origin + "/", **(headers or {})}

    def post(
        self, path: str, fields: dict[str, str], headers: dict[str, str] | None = None
    ) -> Response:
        body = urlencode({**fields, "csrfmiddlewaretoken": self.csrf_token}).encode()
        return self.request(
            "POST",
            path,
            body=body,
            content_type="application/x-www-form-urlencoded",
            headers=self._form_headers(headers),
        )

    def upload(self, path: str, field: str, filename: str, content: bytes) -> Response:
        """A multipart form with one file, like a browser's file input."""
        boundary = uuid.uuid4().hex
        parts = [
            f'--{boundary}\r\nContent-Disposition: form-data; name="csrfmiddlewaretoken"'
            f"\r\n\r\n{self.csrf_token}\r\n".encode(),
            f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; '
            f'filename="{filename}"\r\nContent-Type: application/json\r\n\r\n'.encode()
            + content
            + b"\r\n",
            f"--{boundary}--\r\n".encode(),
        ]
        return self.request(
            "POST",
            path,
            body=b"".join(parts),
            content_type=f"multipart/form-data; boundary={boundary}",
            headers=self._form_headers(None),
        )

    def follow(self, response: Response, headers: dict[str, str] | None = None) -> Response:
        """GET where a redirect points, as a browser does after a POST."""
        if response.status not in (301, 302, 303):
            raise HttpError(f"expected a redirect, got {response.status}: {response.text()}")
        target = urlsplit(response.location)
        path = target.path + (f"?{target.query}" if target.query else "")
        return self.get(path, headers=headers)

    @property
    def csrf_token(self) -> str:
        # The cookie holds the secret; Django accepts it as the form's token too.
        return self.cookies.get("csrftoken", "")

    def log_in(self, path: str, username: str, password: str) -> None:
        """Sign in through the login form, as a phone would: its page sets the CSRF
        cookie, the form post sets the session cookie."""
        page = self.get(path)
        if page.status != 200:
            raise HttpError(f"the sign-in page answered {page.status}: {page.text()}")
        answer = self.post(path, {"username": username, "password": password})
        if answer.status != 302 or "sessionid" not in self.cookies:
            raise HttpError(f"signing in as {username} failed ({answer.status}): {answer.text()}")


def expect(response: Response, *statuses: int) -> Response:
    if response.status not in statuses:
        raise HttpError(f"expected {statuses}, got {response.status}: {response.text()}")
    return response
