"""View patches: the difference between two snapshots as RFC 6902 JSON Patch operations.

A WebSocket update used to be the whole snapshot (about 15 KB for Great Western Trail) although
a move changes a few fields of it. :func:`diff` gives the operations that turn one JSON document
into another: it recurses into objects, and into arrays of equal length element by element; an
array that grew with the old one as its prefix gets ``add`` operations at its end (``/-``), any
other array whose length changed is replaced whole. It runs once per seat per update on the
event loop, so it stays simple: no moves, no copies, no search for the smallest patch.

Both documents must be plain JSON values (dicts with string keys, lists, strings, numbers,
booleans, None), as ``orjson.loads`` gives them. Python finds ``1 == True`` and ``1 == 1.0``,
JSON does not: equal-looking subtrees are confirmed by their encodings, and leaves must also
have the same type.
"""

from __future__ import annotations

from typing import Any

import orjson

Op = dict[str, Any]


def pointer_token(key: str) -> str:
    """One reference token of a JSON pointer (RFC 6901: ``~`` is ``~0``, ``/`` is ``~1``)."""
    if "~" in key:
        key = key.replace("~", "~0")
    if "/" in key:
        key = key.replace("/", "~1")
    return key


def diff(old: Any, new: Any) -> list[Op]:
    """The JSON Patch that turns ``old`` into ``new`` (both left untouched)."""
    ops: list[Op] = []
    if not _same(old, new):
        _diff(old, new, "", ops)
    return ops


def _same(a: Any, b: Any) -> bool:
    # ==, done in C, is right unless a bool met a number somewhere below; the encodings settle
    # it (a different key order only makes the caller look closer).
    return a is b or (a == b and (type(a) in _LEAVES and type(a) is type(b)
                                  or orjson.dumps(a) == orjson.dumps(b)))


_LEAVES = (str, int, float, type(None))  # (bool is not among them: True == 1)


def _diff(old: Any, new: Any, path: str, ops: list[Op]) -> None:
    kind = type(old)
    if kind is not type(new) or kind not in (dict, list):
        ops.append({"op": "replace", "path": path, "value": new})
    elif kind is dict:
        for key in old:
            if key not in new:
                ops.append({"op": "remove", "path": f"{path}/{pointer_token(key)}"})
        for key, value in new.items():
            if key not in old:
                ops.append({"op": "add", "path": f"{path}/{pointer_token(key)}", "value": value})
            elif not _same(old[key], value):
                _diff(old[key], value, f"{path}/{pointer_token(key)}", ops)
    elif len(old) == len(new):
        for index, (was, now) in enumerate(zip(old, new)):
            if not _same(was, now):
                _diff(was, now, f"{path}/{index}", ops)
    elif len(old) < len(new) and _same(old, new[:len(old)]):
        ops.extend({"op": "add", "path": f"{path}/-", "value": value} for value in new[len(old):])
    else:
        ops.append({"op": "replace", "path": path, "value": new})
