"""Finding 9 of issue 13: the API documentation is served from our own packaged files, under
the same Content-Security-Policy as our pages; no script or style from another origin."""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest

from gametable.server.app import _PAGE_HEADERS


@pytest.fixture
def database_url(tmp_path) -> str:
    """The documentation is the same whatever the store: SQLite only."""
    return f"sqlite:///{tmp_path / 'gametable.sqlite3'}"


class _References(HTMLParser):
    """Every address the page makes the browser load, and whether it has inline script."""

    def __init__(self) -> None:
        super().__init__()
        self.addresses: list[str] = []
        self.inline_script = False
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        for attribute in ("src", "href"):
            if named.get(attribute):
                self.addresses.append(named[attribute])
        if any(name.startswith("on") for name in named):
            self.inline_script = True
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline_script = True


def test_finding_9_api_docs_load_nothing_from_another_origin(api):
    page_url = f"{api.base_url}/docs"
    response = api.http.get("/docs")
    assert response.status_code == 200
    assert response.headers["content-security-policy"] == _PAGE_HEADERS["Content-Security-Policy"]
    page = _References()
    page.feed(response.text)
    assert not page.inline_script
    assert any("swagger-ui-bundle.js" in address for address in page.addresses)
    origin = urlsplit(api.base_url)
    for address in page.addresses:
        resolved = urlsplit(urljoin(page_url, address))
        assert (resolved.scheme, resolved.netloc) == (origin.scheme, origin.netloc), address
        assert api.http.get(resolved.path).status_code == 200, address
    script = api.http.get("/docs/init.js")
    assert script.headers["content-type"].startswith("text/javascript") and "openapi.json" in script.text
    assert api.http.get("/openapi.json").json()["paths"]
    assert api.http.get("/redoc").status_code == 404  # ReDoc needs inline styles: not offered
