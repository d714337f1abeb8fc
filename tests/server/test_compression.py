"""Issue 9, lighter pages: HTTP answers worth compressing go gzipped to clients that ask for it
(the static client, the catalogs, table snapshots, /metrics), small ones and partial (206) ones
as they are; WebSockets are not touched."""

from __future__ import annotations

import gzip
from dataclasses import replace

from starlette.testclient import TestClient

from gametable.server import create_app
from gametable.server.app import COMPRESS_FROM_BYTES, WEB_DIR
from gametable.server.pages import render_pages
from tests.server.conftest import CATALOG

GZIP = {"Accept-Encoding": "gzip"}
PLAIN = {"Accept-Encoding": "identity"}


def _raw(api, path: str, headers: dict) -> tuple[dict, bytes]:
    """The answer's headers and its body as it came over the wire (not decoded)."""
    with api.http.stream("GET", path, headers=headers) as response:
        assert response.status_code in (200, 206), response.status_code
        return dict(response.headers), b"".join(response.iter_raw())


def test_static_files_and_pages_go_gzipped_to_browsers_that_ask(api):
    table = api.create()
    table_page = render_pages(WEB_DIR / "pages", ["table"])["table"].html  # a template, rendered once
    for path, original in [("/static/js/table.js", (WEB_DIR / "js/table.js").read_bytes()),
                           ("/static/css/app.css", (WEB_DIR / "css/app.css").read_bytes()),
                           ("/static/data/gwt.json", (WEB_DIR / "data/gwt.json").read_bytes()),
                           (f"/t/{table['id']}", table_page)]:
        headers, body = _raw(api, path, GZIP)
        assert headers["content-encoding"] == "gzip" and "accept-encoding" in headers["vary"].lower(), path
        assert gzip.decompress(body) == original and len(body) < len(original), path
        headers, body = _raw(api, path, PLAIN)
        assert "content-encoding" not in headers and body == original, path


def test_snapshots_and_catalogs_go_gzipped_and_small_answers_as_they_are(api):
    table = api.create(game="gwt", players=2)  # waiting for its second player: nothing moves
    for path in [f"/api/tables/{table['id']}", "/api/i18n/fa", "/api/games"]:
        headers, body = _raw(api, path, GZIP)
        plain_headers, plain = _raw(api, path, PLAIN)
        assert headers["content-encoding"] == "gzip" and "content-encoding" not in plain_headers, path
        assert gzip.decompress(body) == plain and len(body) < len(plain) / 2, path
    small = api.http.post(f"/api/tables/{table['id']}/join", json={"name": "Bob"}, headers=GZIP)
    assert len(small.content) < COMPRESS_FROM_BYTES and "content-encoding" not in small.headers


def test_a_range_request_gets_its_bytes_uncompressed(api):
    headers, body = _raw(api, "/static/js/table.js", {**GZIP, "Range": "bytes=0-99"})
    assert "content-encoding" not in headers and headers["content-range"].startswith("bytes 0-99/")
    assert body == (WEB_DIR / "js/table.js").read_bytes()[:100]


def test_websocket_messages_are_plain_json_beside_the_compression(api):
    table = api.create(game="gwt", players=2, bots=[1])
    with api.socket(table["id"], table["token"]) as sock:  # (a failed decode would raise here)
        state = sock.until(lambda m: m["type"] == "state")
    assert state["you"] == 0 and state["view"]["game"] == "gwt"


def test_metrics_scrapes_can_be_gzipped_and_still_parse(settings):
    from tests.server.test_operations import samples

    with TestClient(create_app(replace(settings, metrics=True), CATALOG), client=("127.0.0.1", 5000)) as client:
        client.get("/api/games")
        scrape = client.get("/metrics", headers=GZIP)
    assert scrape.headers["content-encoding"] == "gzip"
    found = samples(scrape.text)  # the client decoded it, as Prometheus does
    assert found[("gametable_http_requests_total", (("method", "GET"), ("route", "/api/games"), ("status", "200")))] == 1
