"""Finding 8 of issue 13: invite links come from the configured public URL, never from the Host
header a client sends."""

from __future__ import annotations

import dataclasses

import pytest
from typer.testing import CliRunner

from gametable.cli import app as cli
from gametable.server.config import Settings, SettingError
from tests.server.conftest import start_server
from tests.server.helpers import Api

BODY = {"game": "toy", "players": 2, "bots": [], "name": "Ann", "options": {}}
HOSTILE = {"Host": "evil.example", "X-Forwarded-Host": "evil.example", "Forwarded": "host=evil.example"}


def test_finding_8_the_host_header_never_reaches_the_invite_link(api):
    response = api.http.post("/api/tables", json=BODY, headers=HOSTILE)
    assert response.status_code == 201, response.text
    created = response.json()
    assert "evil.example" not in created["invite_url"]
    assert created["invite_url"] == f"/t/{created['id']}"  # no public URL set: relative to this server
    assert api.http.get(created["invite_url"]).status_code == 200


def test_finding_8_invite_links_use_the_configured_public_url(settings):
    server = start_server(dataclasses.replace(settings, public_url="https://play.example.org/"))
    try:
        with Api(server.url) as api:
            created = api.http.post("/api/tables", json=BODY, headers=HOSTILE).json()
        assert created["invite_url"] == f"https://play.example.org/t/{created['id']}"
    finally:
        server.stop()


@pytest.mark.parametrize("bad", ["play.example.org", "ftp://play.example.org", "https://",
                                 "https://play.example.org/?x=1", "https://play.example.org/#top",
                                 "https://user@play.example.org"])
def test_finding_8_a_public_url_that_is_not_an_absolute_http_address_is_refused(bad):
    with pytest.raises(SettingError, match="--public-url"):
        Settings(database_url="sqlite://", public_url=bad)


def test_finding_8_serve_refuses_a_bad_public_url_in_one_line(monkeypatch):
    monkeypatch.setenv("GAMETABLE_PUBLIC_URL", "play.example.org")
    result = CliRunner().invoke(cli, ["serve", "--database-url", "sqlite://"])
    assert result.exit_code == 2
    assert "GAMETABLE_PUBLIC_URL" in result.output and "https://play.example.org" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("host, expected", [
    ("127.0.0.1", "http://127.0.0.1:8123"), ("::1", "http://[::1]:8123"),
    ("play.local", "http://play.local:8123"), ("0.0.0.0", None), ("::", None),
])
def test_finding_8_serve_without_a_public_url_links_to_the_address_it_listens_on(host, expected, monkeypatch):
    """Not the Host header either: the address `gametable serve` was told to listen on, or
    relative links when it listens on every interface."""
    import uvicorn

    from gametable import cli as cli_module

    made = []
    monkeypatch.delenv("GAMETABLE_PUBLIC_URL", raising=False)
    # (the app is built once the server listens: its settings are those of the app served)
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, *args, **kwargs: made.append(self.config.app.settings))
    monkeypatch.setattr(cli_module, "_check_port_free", lambda host, port: None)
    result = CliRunner().invoke(cli, ["serve", "--database-url", "sqlite://", "--host", host, "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert made[0].public_url == expected
