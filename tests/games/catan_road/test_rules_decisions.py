"""Every CATAN row of docs/rules-decisions.md names tests, and every test it names exists here, so a
settled point cannot silently lose its test (a renamed or deleted test fails this file)."""

import ast
import fnmatch
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
TESTS = Path(__file__).resolve().parent
REFERENCE = re.compile(r"`(?:([a-z_]+\.py))?(?:::([A-Za-z0-9_*\[\]]+))?`")


def _catan_rows():
    text = (ROOT / "docs" / "rules-decisions.md").read_text(encoding="utf-8")
    section = text.split("## CATAN: On the Road", 1)[1].split("\n## ", 1)[0]
    return [line for line in section.splitlines() if re.match(r"\| [A-Z]\d+ \|", line)]


def _test_names(filename):
    tree = ast.parse((TESTS / filename).read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef) and node.name.startswith("test")}


def test_every_catan_decision_names_tests_that_exist():
    rows = _catan_rows()
    assert len(rows) >= 30
    for line in rows:
        decision = line.split("|")[1].strip()
        tests_cell = line.rstrip(" |").rsplit("|", 1)[1]
        current = None
        named = 0
        for filename, name in REFERENCE.findall(tests_cell):
            if filename:
                current = filename
                assert (TESTS / filename).exists(), f"{decision}: no file {filename}"
            if not name:
                continue
            assert current, f"{decision}: ::{name} without a file before it"
            pattern = name.split("[", 1)[0]
            matches = fnmatch.filter(_test_names(current), pattern)
            assert matches, f"{decision}: {current}::{name} names no test"
            named += 1
        assert named or current, f"{decision}: names no test"
