"""The static browser client is served at / and /t/{id}, locked down by its headers."""

from __future__ import annotations


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


def test_the_invite_link_opens_the_table_page(api):
    table = api.create()
    page = api.http.get(table["invite_url"].removeprefix(api.base_url))
    assert page.status_code == 200 and "table.js" in page.text
