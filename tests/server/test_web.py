"""The browser client is served at / and /t/{id} (and its other pages), locked down by its headers."""

from __future__ import annotations

import re
from collections import Counter
from email.utils import parsedate_to_datetime

from gametable.server.app import _PAGE_ROUTES, WEB_DIR
from gametable.server.pages import render_pages

#: an address of each page (its parameters filled in)
PAGE_ADDRESSES = {"index": "/", "table": "/t/abc", "me": "/me", "player": "/p/abc",
                  "leaderboards": "/leaderboards?game=gwt", "learn": "/learn/gwt", "signin": "/signin"}


def test_the_lobby_and_the_table_page_are_served_with_a_strict_policy(api):
    table = api.create()
    for path in ["/", f"/t/{table['id']}"]:
        response = api.http.get(path)
        assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
        policy = response.headers["content-security-policy"]
        assert "script-src 'self'" in policy and "'unsafe-inline'" not in policy
        assert response.headers["referrer-policy"] == "no-referrer"  # the link is the table's secret
    assert "lobby.js" in api.http.get("/").text
    assert "table.js" in api.http.get(f"/t/{table['id']}").text
    for asset in ["js/lobby.js", "js/table.js", "js/api.js", "css/app.css", "data/gwt.json"]:
        assert api.http.get(f"/static/{asset}").status_code == 200, asset


def test_the_page_templates_are_not_served_as_assets(api):
    """web/pages/ holds the templates the pages are rendered from: /static/ serves every other
    file of web/, never their source."""
    for path in ["/static/pages/index.html", "/static/pages/layout.html", "/static/pages/",
                 "/static/pages", "/static/./pages/table.html"]:
        assert api.http.get(path).status_code == 404, path
    assert api.http.get("/static/css/app.css").status_code == 200
    assert api.http.get("/static/img/icon.svg").status_code == 200


def test_the_invite_link_opens_the_table_page(api):
    table = api.create()
    page = api.http.get(table["invite_url"].removeprefix(api.base_url))
    assert page.status_code == 200 and "table.js" in page.text


def test_every_page_is_served_as_rendered_with_the_policy_and_validators(api):
    assert sorted(PAGE_ADDRESSES) == sorted(page for _path, _name, page in _PAGE_ROUTES)
    rendered = render_pages(WEB_DIR / "pages", PAGE_ADDRESSES)
    etags = set()
    for page, address in PAGE_ADDRESSES.items():
        response = api.http.get(address, headers={"Accept-Encoding": "identity"})
        assert response.status_code == 200 and response.headers["content-type"] == "text/html; charset=utf-8"
        assert response.content == rendered[page].html, page
        assert "script-src 'self'" in response.headers["content-security-policy"], page
        assert response.headers["x-content-type-options"] == "nosniff", page
        assert re.fullmatch(r'"[0-9a-f]{32}"', response.headers["etag"]), page
        assert parsedate_to_datetime(response.headers["last-modified"]).year >= 2024, page
        assert api.http.get(address).headers["etag"] == response.headers["etag"], page  # the same bytes
        etags.add(response.headers["etag"])
    assert len(etags) == len(PAGE_ADDRESSES)


def test_each_page_address_is_routed_once(live):
    paths = Counter(getattr(route, "path", None) for route in live.app.routes)
    assert {path: paths[path] for path, _name, _page in _PAGE_ROUTES} == {path: 1 for path, _n, _p in _PAGE_ROUTES}


def test_every_page_has_the_shared_head_and_top_bar_once():
    scripts = {"index": "lobby"}
    for name, page in render_pages(WEB_DIR / "pages", PAGE_ADDRESSES).items():
        html = page.html.decode()
        assert html.startswith('<!doctype html>\n<html lang="en" dir="ltr">\n<head>'), name
        assert "{{" not in html and "{%" not in html and "{#" not in html, name
        for once in ['<link rel="stylesheet" href="/static/css/app.css">', '<link rel="manifest" href="/manifest.webmanifest">',
                     '<meta name="theme-color"', '<link rel="apple-touch-icon"', '<link rel="icon"',
                     f'<script type="module" src="/static/js/{scripts.get(name, name)}.js"></script>',
                     '<script type="module" src="/static/js/app-shell.js"></script>',
                     '<header class="topbar">', '<a class="brand" href="/">', '<select id="lang"></select>',
                     f'<body class="{name if name != "index" else "lobby"}-page">']:
            assert html.count(once) == 1, (name, once)
        assert html.count("<main") == 1 and html.rstrip().endswith("</body>\n</html>"), name
