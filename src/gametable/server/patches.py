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


#: a document's sections by JSON pointer: each member's JSON encoding, or the member itself where
#: it is a plain leaf (a string, number, bool or null: immutable, never traversed by the garbage
#: collector, and compared without encoding it; by value and type, since ``1 == True``)
Sections = dict[str, Any]
#: sections already made, by the id of the value encoded: the value (kept, so that the id stays
#: its own), its path and its sections
Encodings = dict[int, tuple[Any, str, list[tuple[str, bytes]]]]
#: operations already made, by section path and the two encodings diffed
Diffs = dict[tuple[str, bytes, bytes], list[Op]]


def sections(doc: dict[str, Any], split: str, leave_out: str | None = None,
             known: Encodings | None = None, known_inside: bool = True) -> Sections:
    """A document (an object) as its members encoded one by one, keyed by JSON pointer, those
    of its object ``split`` one level deeper (without that object's ``leave_out``), and those
    of that object's small containers (see ``_SPLIT_AT_MOST``) one level deeper again; a plain
    leaf is kept as it is (see ``Sections``). Two such encodings are compared section by
    section: only the sections whose bytes differ are parsed and diffed, and bytes (unlike
    parsed copies) cost the garbage collector nothing to keep.
    Parents come before their members, and a container's members follow it in order.

    ``known``: the sections of members met before (in another seat's snapshot of the same
    change, which shares them), used again by identity, so the values must not change;
    ``known_inside``: also for the members of ``split`` (False where the snapshots share none:
    looking them up would cost more than it saves). This runs for every seat after every
    action: it makes as few Python calls as it can."""
    encoded: Sections = {}
    paths = _PATHS
    for key, value in doc.items():
        path = paths.get(("", key)) or pointer("", key)
        if key != split or type(value) is not dict:
            kind = type(value)
            if kind in _LEAF_TYPES:
                encoded[path] = value  # (kept as it is: see Sections)
                continue
            if known is None or kind is not dict and kind is not list:
                encoded[path] = _encode(value)
                continue
            hit = known.get(id(value))
            if hit is None or hit[1] != path:
                hit = known[id(value)] = (value, path, [(path, _encode(value))])
            encoded[path] = hit[2][0][1]
            continue
        encoded[path] = _OBJECT
        inside = known if known_inside else None
        for inner, member in value.items():
            if inner == leave_out:
                continue
            inner_path = paths.get((path, inner)) or pointer(path, inner)
            kind = type(member)
            if kind in _LEAF_TYPES:
                encoded[inner_path] = member
                continue
            if kind is not dict and kind is not list or len(member) > _SPLIT_AT_MOST and inside is None:
                encoded[inner_path] = _encode(member)
                continue
            if inside is None:
                encoded.update(member_sections(inner_path, member))
                continue
            hit = inside.get(id(member))
            if hit is None or hit[1] != inner_path:
                hit = inside[id(member)] = (member, inner_path, member_sections(inner_path, member))
            encoded.update(hit[2])
    return encoded


#: the JSON pointers made by sections, by parent and key: the same object every time, so that
#: neither they nor the lookups of one change's sections in the last one's (by these paths)
#: are made or compared character by character again
_PATHS: dict[tuple[str, Any], str] = {}
#: ... at most so many (a bound only: the documents have a few dozen paths)
_PATHS_KEPT = 10_000


def pointer(parent: str, key: Any) -> str:
    """The JSON pointer of member ``key`` of the value at ``parent`` ("": the document), as
    :func:`sections` names it: the same string every time (the hot loops look it up in
    ``_PATHS`` themselves and call this only for a path they have not met)."""
    path = _PATHS.get((parent, key))
    if path is None:
        if len(_PATHS) >= _PATHS_KEPT:
            _PATHS.clear()  # (never in a server's life: its documents have few keys, always the same)
        path = _PATHS[(parent, key)] = f"{parent}/{pointer_token(str(key))}"
    return path


def member_sections(path: str, value: Any) -> list[tuple[str, bytes]]:
    """A member of the split object (at ``path``) as :func:`sections` encodes it: whole, or (a
    small container of big ones) member by member."""
    kind = type(value)
    if (kind is dict or kind is list) and 0 < len(value) <= _SPLIT_AT_MOST:
        members = value.values() if kind is dict else value
        containers = big = 0
        for member in members:
            if type(member) is dict or type(member) is list:
                containers += 1
                big = big or len(member) > _BIG
        if big and 2 * containers > len(value):
            paths = _PATHS
            if kind is dict:
                return [(path, _OBJECT), *((paths.get((path, key)) or pointer(path, key), _encode(member))
                                           for key, member in value.items())]
            return [(path, _ARRAY + str(len(value)).encode()),
                    *((paths.get((path, index)) or pointer(path, index), _encode(member))
                      for index, member in enumerate(value))]
    return [(path, _encode(value))]


_dumps = orjson.dumps


#: the section of an object split into sections of its own (not JSON, so never a member's bytes)
_OBJECT = b"{"
#: the section of an array split likewise starts so, its length after it (``[3``: never JSON)
_ARRAY = b"["
#: a container is split when it has at most this many members, most of them containers, and
#: one of those is big: the GWT players or railroad, whose members change one or two at a
#: time (a long list, such as a trail of 50 nodes, or small members would cost more to encode
#: piece by piece than their diffs save)
_SPLIT_AT_MOST = 8
#: ... and a container with more members than this is big (a GWT player has 27, its railroad's
#: positions 40; a CATAN player's 13 are small: splitting them costs more than it saves)
_BIG = 16


#: the members kept as they are in sections (exact types: a subclass, such as an enum, is encoded),
#: and the values _same compares by == alone when both are of one of these types
_LEAF_TYPES = frozenset({str, int, float, bool, type(None)})
#: what ``Sections.get`` gives for a path that is not there (None is a member's value)
_MISSING: Any = object()


def _is_split(section: Any) -> bool:
    return type(section) is bytes and section[:1] in (_OBJECT, _ARRAY) and section[-1:] not in (b"}", b"]")


def _value(section: Any) -> Any:
    """A section's member (parsed from its encoding unless it was kept as it is)."""
    return orjson.loads(section) if type(section) is bytes else section


def _equal(a: Any, b: Any) -> bool:
    return a == b and type(a) is type(b)


def _encode(value: Any) -> bytes:
    # Keys that are not strings become strings, as json.dumps would make them; orjson's option
    # for them doubles the time of every encoding, so it is asked for only where one is met.
    # Copied: the bytes orjson returns keep its whole buffer (4 KB and more however short the
    # text), and these are kept until the next update: 350 KB per GWT table instead of 35.
    try:
        encoded = _dumps(value)
    except TypeError:
        encoded = _dumps(value, option=orjson.OPT_NON_STR_KEYS)
    return memoryview(encoded).tobytes()


def diff_sections(old: Sections, new: Sections, known: Diffs | None = None) -> list[Op]:
    """The JSON Patch from the document encoded as ``old`` to that encoded as ``new``
    (both made by :func:`sections` with the same ``split``). The same operations as
    :func:`diff` of the two documents, except in order (never where order matters: each path
    is touched once). ``known``: the operations found before for the same change of a section
    (another seat's, which sees it alike), used again: they must not be changed."""
    ops: list[Op] = []
    if old.keys() != new.keys():
        for path in old.keys() - new.keys():
            if _kept(old, new, path[:path.rindex("/")]):
                ops.append({"op": "remove", "path": path})  # (not inside a container replaced whole)
    whole = None  # the container sent whole (or grown) above: its members are done
    for path, encoded in new.items():
        was = old.get(path, _MISSING)
        # (_equal written out: this runs for every section of every seat's update)
        if was == encoded and type(was) is type(encoded) or whole is not None and path.startswith(whole):
            continue
        if _is_split(encoded) or _is_split(was):
            whole = path + "/"
            if _is_split(was) and _is_split(encoded) and was[:1] == encoded[:1] == _ARRAY:
                grown = _grown(old, new, path, int(was[1:]), int(encoded[1:]))
                if grown is not None:
                    ops.extend(grown)
                    continue
            # the split container came or went (or changed its kind or length): whole
            ops.append({"op": "add" if was is _MISSING else "replace", "path": path, "value": _joined(new, path)})
        elif was is _MISSING:
            ops.append({"op": "add", "path": path, "value": _value(encoded)})
        elif type(was) is not bytes or type(encoded) is not bytes:  # a leaf (kept as it is) changed
            ops.append({"op": "replace", "path": path, "value": _value(encoded)})
        elif known is None:
            ops.extend(diff(orjson.loads(was), orjson.loads(encoded), path))
        else:
            key = (path, was, encoded)
            found = known.get(key)
            if found is None:
                found = known[key] = diff(orjson.loads(was), orjson.loads(encoded), path)
            ops.extend(found)
    return ops


def _kept(old: Sections, new: Sections, path: str) -> bool:
    """Whether the object at ``path`` (and every container around it) is split alike in both,
    so that its members are diffed one by one ("": the document itself)."""
    while path:
        if not _is_split(old.get(path)) or not _equal(old[path], new.get(path)):
            return False
        path = path[:path.rindex("/")]
    return True


def _grown(old: Sections, new: Sections, path: str, had: int, has: int) -> list[Op] | None:
    """An array split into sections that only grew at its end: the members added."""
    if has <= had or not all(_equal(old[f"{path}/{i}"], new[f"{path}/{i}"]) for i in range(had)):
        return None
    return [{"op": "add", "path": f"{path}/-", "value": _value(new[f"{path}/{i}"])}
            for i in range(had, has)]


def _joined(encoded: Sections, path: str) -> Any:
    """The value at ``path`` parsed back from its sections."""
    section = encoded[path]
    if not _is_split(section):
        return _value(section)
    if section[:1] == _ARRAY:
        return [_joined(encoded, f"{path}/{i}") for i in range(int(section[1:]))]
    prefix = path + "/"
    return {_unescape(key[len(prefix):]): _joined(encoded, key) for key in encoded
            if key.startswith(prefix) and "/" not in key[len(prefix):]}


def _unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def _same(a: Any, b: Any) -> bool:
    # ==, done in C, is right for two leaves of one type, and for containers unless a bool met
    # a number somewhere below (True == 1): the encodings settle it (a different key order only
    # makes the caller look closer).
    kind = type(a)
    return a is b or (a == b and (kind in _LEAF_TYPES and kind is type(b)
                                  or orjson.dumps(a) == orjson.dumps(b)))


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
