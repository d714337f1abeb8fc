"""Issue 12: after its first state, the page's socket gets patches of the last snapshot; the
snapshot the page holds (and the one it shows) after several moves, bots' included, is exactly
the table the server serves."""

from __future__ import annotations

import json
import random
import time

from gametable.server.patches import diff
from tests.server.test_patches import random_pairs
from tests.web.conftest import new_page
from tests.web.play import play_one_move, wait_until_it_is_my_move
from tests.web.test_live import open_seat

#: every LiveTable of the page, found by its prototype through the DevTools protocol, so that
#: the page exposes nothing for the test
_LIVE_TABLES = "import('/static/js/live.js').then((module) => module.LiveTable.prototype)"
_HELD = """function () {
  const live = this[0];
  const held = live.held && { ...live.held.body, view: { ...live.held.body.view, log: live.log } };
  return JSON.stringify({ count: this.length, held, shown: live.snapshot });
}"""


def _page_tables(page, context) -> dict:
    cdp = context.new_cdp_session(page)
    try:
        prototype = cdp.send("Runtime.evaluate", {"expression": _LIVE_TABLES, "awaitPromise": True})
        instances = cdp.send("Runtime.queryObjects", {"prototypeObjectId": prototype["result"]["objectId"]})
        answer = cdp.send("Runtime.callFunctionOn", {"functionDeclaration": _HELD, "returnByValue": True,
                                                     "objectId": instances["objects"]["objectId"]})
        return json.loads(answer["result"]["value"])
    finally:
        cdp.detach()


def test_the_page_holds_exactly_the_servers_table_after_patches(server, browser, page_errors):
    frames: list[dict] = []

    def record(page, table):
        page.on("websocket", lambda ws: ws.on("framereceived", lambda text: frames.append(json.loads(text))))

    table, context, page = open_seat(browser, page_errors, server, before_opening=record)
    rnd = random.Random(3)
    for _ in range(5):
        play_one_move(page, rnd, lambda: server.seq(table))
    wait_until_it_is_my_move(page)
    deadline = time.monotonic() + 20
    while True:  # the bot may still be answering: compare once both are at the same seq
        served = server.api("GET", f"/api/tables/{table['id']}", token=table["token"])
        tables = _page_tables(page, context)
        if tables["held"] and tables["held"]["seq"] == served["seq"]:
            break
        assert time.monotonic() < deadline, "the page never caught up with the server"
        page.wait_for_timeout(200)
    assert tables["count"] == 1
    assert tables["held"] == served
    assert tables["shown"] == served
    updates = [frame["type"] for frame in frames if frame["type"] in ("state", "patch")]
    assert updates[0] == "state" and updates.count("patch") >= 5 and "state" not in updates[1:]
    assert page_errors == []
    context.close()


_APPLY = """async (cases) => {
  const { applyPatch } = await import('/static/js/patch.js');
  return cases.map(([old, ops]) => JSON.stringify(applyPatch(old, ops)));
}"""


def test_the_pages_patch_module_applies_what_the_server_diffs(server, browser, page_errors):
    """js/patch.js against the server's diff over random documents (escaped keys, appends,
    removals, bools among numbers), and against one operation that does not fit."""
    context, page = new_page(browser, page_errors)
    page.goto(server.base + "/")
    pairs = random_pairs(11, 400)
    got = page.evaluate(_APPLY, [[old, diff(old, new)] for old, new in pairs])
    for (old, new), text in zip(pairs, got):
        # (sorted keys: JavaScript puts keys such as "0" first; True must stay true, not 1)
        assert json.dumps(json.loads(text), sort_keys=True) == json.dumps(new, sort_keys=True), (old, new)
    refused = page.evaluate("""async () => {
      const { applyPatch } = await import('/static/js/patch.js');
      try { applyPatch({a: []}, [{op: "replace", path: "/a/0", value: 1}]); return "applied"; }
      catch (error) { return "refused"; }
    }""")
    assert refused == "refused"
    assert page_errors == []
    context.close()
