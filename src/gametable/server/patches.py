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


def diff(old: Any, new: Any, path: str = "") -> list[Op]:
    """The JSON Patch that turns ``old`` into ``new`` (both left untouched); ``path``: where
    they are in a larger document (the operations' paths start with it)."""
    ops: list[Op] = []
    if not _same(old, new):
        _diff(old, new, path, ops)
    return ops


Sections = dict[str, bytes]


def sections(doc: dict[str, Any], split: str, leave_out: str | None = None) -> Sections:
    """A document (an object) as its members encoded one by one, keyed by JSON pointer, those
    of its object ``split`` one level deeper (without that object's ``leave_out``). Two such
    encodings are compared section by section: only the sections whose bytes differ are parsed
    and diffed, and bytes (unlike parsed copies) cost the garbage collector nothing to keep."""
    encoded: Sections = {}
    for key, value in doc.items():
        path = "/" + pointer_token(str(key))
        if key == split and isinstance(value, dict):
            encoded[path] = _OBJECT
            for inner, member in value.items():
                if inner != leave_out:
                    encoded[f"{path}/{pointer_token(str(inner))}"] = _encode(member)
        else:
            encoded[path] = _encode(value)
    return encoded


#: the section of the object split into sections of its own
_OBJECT = b""


def _encode(value: Any) -> bytes:
    # (Keys that are not strings become strings, as json.dumps would make them.) Copied: the
    # bytes orjson returns keep its whole buffer (4 KB and more however short the text), and
    # these are kept until the next update: 350 KB per GWT table instead of 35.
    return memoryview(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)).tobytes()


def diff_sections(old: Sections, new: Sections) -> list[Op]:
    """The JSON Patch from the document encoded as ``old`` to that encoded as ``new``
    (both made by :func:`sections` with the same ``split``)."""
    ops: list[Op] = []
    for path in old.keys() - new.keys():
        if path.count("/") == 1 or old.get(path[:path.index("/", 1)]) == new.get(path[:path.index("/", 1)]):
            ops.append({"op": "remove", "path": path})  # (not inside an object replaced whole)
    for path, encoded in new.items():
        was = old.get(path)
        if was == encoded:
            continue
        if encoded is _OBJECT or was is _OBJECT:
            if was is None or encoded is not _OBJECT or was is not _OBJECT:
                # the split object came or went (or stopped being an object): whole
                ops.append({"op": "add" if was is None else "replace", "path": path,
                            "value": _joined(new, path)})
            continue
        parent = path[:path.index("/", 1)] if path.count("/") > 1 else None
        if parent is not None and old.get(parent) is not _OBJECT:
            continue  # inside an object sent whole above
        if was is None:
            ops.append({"op": "add", "path": path, "value": orjson.loads(encoded)})
        else:
            ops.extend(diff(orjson.loads(was), orjson.loads(encoded), path))
    return ops


def _joined(encoded: Sections, path: str) -> Any:
    """The value at ``path`` (a top-level section) parsed back from its sections."""
    if encoded[path] is not _OBJECT:
        return orjson.loads(encoded[path])
    prefix = path + "/"
    return {_unescape(key[len(prefix):]): orjson.loads(value) for key, value in encoded.items()
            if key.startswith(prefix)}


def _unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


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
