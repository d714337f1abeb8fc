"""The table service stays in rooms (docs/architecture.md "The table service in rooms").

Read from the source, not run: every module of gametable.server stays under 500 lines, no two
of its modules import each other even indirectly (every import counts: at the top, inside a
function, or for type checking only), the core imports none of its rooms, and the core's class
and the class that assembles the rooms stay under 400 lines.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import gametable.server

SERVER = Path(gametable.server.__file__).parent
PACKAGE = "gametable.server"
MOST_LINES = 500
MOST_CLASS_LINES = 400


def _modules() -> dict[str, Path]:
    found = {}
    for path in SERVER.rglob("*.py"):
        if "migrations" in path.relative_to(SERVER).parts:
            continue  # Alembic's revisions, run by Alembic alone
        parts = path.relative_to(SERVER).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join((PACKAGE, *parts))] = path
    return found


def _imports(path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of the server package that ``path`` imports, anywhere in it."""
    named: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            named.add(node.module)
            named.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            named.update(alias.name for alias in node.names)
    # (the package itself is no import of a module: its __init__ only names create_app)
    return {name for name in named if name in modules and name != PACKAGE}


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(path, modules) - {name} for name, path in modules.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def _class_lines(path: Path, name: str) -> int:
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            return node.end_lineno - first + 1
    raise AssertionError(f"no class {name} in {path}")


def test_no_server_module_is_over_500_lines():
    sizes = {name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in _modules().items()}
    assert len(sizes) > 40  # the whole package was read
    assert {name: lines for name, lines in sizes.items() if lines > MOST_LINES} == {}


def test_no_server_modules_import_each_other_in_a_circle():
    graph = _graph()
    assert "gametable.server.core" in graph["gametable.server.tables"]  # imports were read
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_circle():
    # (so that the test above could fail)
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_core_uses_no_room():
    graph = _graph()

    def reached(start: str) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            for target in graph[todo.pop()] - seen:
                seen.add(target)
                todo.append(target)
        return seen

    rooms = {name for name in graph if name.startswith("gametable.server.rooms.")}
    assert len(rooms) >= 8
    assert reached("gametable.server.core") & (rooms | {"gametable.server.tables"}) == set()
    for room in rooms - {"gametable.server.rooms"}:
        assert "gametable.server.tables" not in reached(room), room


@pytest.mark.parametrize("module, name", [("core.py", "TableCore"), ("tables.py", "TableManager")])
def test_the_core_and_the_service_around_it_are_under_400_lines(module, name):
    lines = _class_lines(SERVER / module, name)
    assert 50 < lines < MOST_CLASS_LINES
