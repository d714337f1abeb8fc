"""A small client of the table service for tests: HTTP calls and WebSocket updates."""

from __future__ import annotations

import copy
import json
import time
from contextlib import ExitStack
from typing import Any, Callable

import httpx2
import jsonpatch
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from gametable.engine import Rng

Json = dict[str, Any]


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token is not None else {}


class Api:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.http = httpx2.Client(base_url=base_url, trust_env=False, timeout=30)

    def __enter__(self) -> "Api":
        return self

    def __exit__(self, *exc: object) -> None:
        self.http.close()

    def create(self, game: str = "toy", players: int = 2, bots: list[int] = (), name: str = "Ann",
               options: Json | None = None, bot_level: str | None = None) -> Json:
        body = {"game": game, "players": players, "bots": list(bots), "name": name,
                "options": options or {}}
        if bot_level is not None:
            body["bot_level"] = bot_level
        response = self.http.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        return response.json()

    def join(self, table_id: str, name: str = "Bob") -> Json:
        response = self.http.post(f"/api/tables/{table_id}/join", json={"name": name})
        assert response.status_code == 200, response.text
        return response.json()

    def table(self, table_id: str, token: str | None = None) -> Json:
        response = self.http.get(f"/api/tables/{table_id}", headers=auth(token))
        assert response.status_code == 200, response.text
        return response.json()

    def act(self, table_id: str, token: str | None, seq: int, action: Any) -> httpx2.Response:
        return self.http.post(f"/api/tables/{table_id}/actions", headers=auth(token),
                              json={"seq": seq, "action": action})

    def undo(self, table_id: str, token: str | None, seq: int, steps: int = 1) -> httpx2.Response:
        return self.http.post(f"/api/tables/{table_id}/undo", headers=auth(token),
                              json={"seq": seq, "steps": steps})

    def act_ok(self, table_id: str, token: str, seq: int, action: Any) -> int:
        response = self.act(table_id, token, seq, action)
        assert response.status_code == 200, response.text
        return response.json()["seq"]

    def socket(self, table_id: str, token: str | None = None, hello: bool = True) -> "Socket":
        """A live connection to the table: as a seat (its token goes in the first message, never
        in the URL) or, without a token, as a spectator. ``hello=False``: say nothing yet."""
        return Socket(self.socket_url(table_id), token if hello else None, hello=hello)

    def socket_url(self, table_id: str) -> str:
        return self.base_url.replace("http://", "ws://") + f"/ws/tables/{table_id}"

    def wait_until(self, table_id: str, token: str | None, predicate: Callable[[Json], bool],
                   timeout: float = 20.0) -> Json:
        """Poll the table until ``predicate`` holds (for bots, which move on their own)."""
        deadline = time.monotonic() + timeout
        while True:
            snapshot = self.table(table_id, token)
            if predicate(snapshot):
                return snapshot
            assert time.monotonic() < deadline, f"timed out; last snapshot: {snapshot}"
            time.sleep(0.01)


class Socket:
    """A WebSocket to a table that rebuilds the full log from the incremental updates and keeps
    the seats' online flags as presence messages change them.

    A ``patch`` message is applied (with the jsonpatch library, independent of the server's
    code) to the snapshot last received, and ``recv`` returns the ``state`` message it stands
    for (the view's log holding the new entries only, as a state message's does), with the
    patch itself under ``"patch"``; ``frames`` keeps every message as it arrived.

    It says hello first (with ``token``, if any) unless ``hello`` is False; ``headers`` go on
    the upgrade request (e.g. an Authorization header)."""

    def __init__(self, url: str, token: str | None = None, hello: bool = True,
                 headers: dict[str, str] | None = None) -> None:
        self._stack = ExitStack()
        self.conn = self._stack.enter_context(connect(url, proxy=None, open_timeout=10,
                                                      compression=None, additional_headers=headers))
        self.log: list[Json] = []
        self.messages: list[Json] = []
        self.frames: list[Json] = []
        #: the last snapshot received, without its log (what the next patch applies to)
        self.body: Json | None = None
        self.rev: int | None = None
        #: the seats online, as the newest state or presence message says
        self.online: set[int] = set()
        if hello:
            try:
                self.send({"type": "hello", **({"token": token} if token is not None else {})})
            except ConnectionClosed:
                pass  # refused before it could say hello (a cap): recv() tells how

    def __enter__(self) -> "Socket":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._stack.close()

    def recv(self, timeout: float = 10.0) -> Json:
        message = json.loads(self.conn.recv(timeout=timeout))
        self.frames.append(message)
        if message.get("type") == "patch":
            message = self._patched(message)
        elif message.get("type") == "state":
            self.body = {**message, "view": {k: v for k, v in message["view"].items() if k != "log"}}
            for key in ("type", "log_from", "now_ms", "rev"):
                del self.body[key]
            self.rev = message["rev"]
        if message.get("type") == "state":
            start = message["log_from"]
            # the rest of what we have, or less where an undo cut the log back
            assert 0 <= start <= len(self.log), (start, len(self.log))
            self.log = self.log[:start] + message["view"]["log"]
            self.messages.append(message)
            self.online = {seat["seat"] for seat in message["seats"] if seat["online"]}
        elif message.get("type") == "presence":
            self.messages.append(message)
            self.online = set(message["online"])
        return message

    def _patched(self, message: Json) -> Json:
        assert message["base"] == self.rev, (message["base"], self.rev)
        self.body = jsonpatch.apply_patch(self.body, message["ops"])
        self.rev = message["rev"]
        return {"type": "state", **copy.deepcopy(self.body),
                "view": {**copy.deepcopy(self.body["view"]), "log": message["log"]},
                "log_from": message["log_from"], "now_ms": message["now_ms"], "rev": message["rev"],
                "patch": message["ops"]}

    def until(self, predicate: Callable[[Json], bool], timeout: float = 20.0) -> Json:
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            assert remaining > 0, "timed out waiting for an update"
            message = self.recv(timeout=remaining)
            if predicate(message):
                return message

    def send(self, data: Json) -> None:
        self.conn.send(json.dumps(data))


def play_to_end(api: Api, table_id: str, tokens: dict[int, str], seed: int = 0,
                timeout: float = 300.0) -> Json:
    """Humans (the seats in ``tokens``) play random legal actions through the API until the end.

    Bots move on their own on the server; we follow the table over each seat's WebSocket.
    Returns the final spectator snapshot.
    """
    sockets = {seat: api.socket(table_id, token) for seat, token in tokens.items()}
    latest = {seat: sockets[seat].until(_is_state) for seat in tokens}
    first = next(iter(tokens))
    deadline = time.monotonic() + timeout
    rng = Rng(seed)

    def in_step() -> int:
        """Bring every seat's socket to the same, newest seq; return it."""
        while True:
            top = max(m["seq"] for m in latest.values())
            behind = [s for s in tokens if latest[s]["seq"] < top]
            if not behind:
                return top
            for s in behind:
                latest[s] = _drain_to(sockets[s], latest[s], top)

    try:
        while True:
            assert time.monotonic() < deadline, "the game did not end in time"
            top = in_step()
            if latest[first]["status"] == "finished":
                break
            movers = [s for s in tokens if latest[s]["legal_actions"]]
            target = top + 1
            if movers:
                seat = rng.choice(movers)
                action = rng.choice(latest[seat]["legal_actions"])
                response = api.act(table_id, tokens[seat], top, action)
                # 409: a bot (or another seat answering at the same time) got there first.
                assert response.status_code in (200, 409), response.text
            # Wait until the table has moved on (by our action, or a bot's).
            latest[first] = _drain_to(sockets[first], latest[first], target)
        return api.table(table_id)
    finally:
        for sock in sockets.values():
            sock.close()


def _is_state(message: Json) -> bool:
    return message.get("type") == "state"


def _drain_to(sock: Socket, last: Json, seq: int) -> Json:
    while last["seq"] < seq:
        last = sock.until(_is_state)
    return last
