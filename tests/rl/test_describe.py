"""docs/research.md shows each game's observation fields and action blocks as the code builds them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gametable.rl import describe, encodings

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"


@pytest.mark.parametrize("name", encodings.names())
def test_the_documented_layout_is_the_encodings(name):
    shown = describe.documented(DOC.read_text(encoding="utf-8"), name)
    assert shown is not None, f"docs/research.md has no <!-- rl-layout:{name} --> section"
    assert shown == describe.markdown(name), \
        "run `python -m gametable.rl.describe --write docs/research.md` and commit the tables"


def test_every_field_and_block_is_in_the_tables():
    for name in encodings.names():
        table = describe.markdown(name)
        encoding = encodings.get(name, 4)
        for field in encoding.layout.fields:
            row = re.sub(r"^(player|answer)\d+", r"\1<k>", field.name)
            assert f"| `{row}` |" in table
        for block in encoding.blocks:
            assert block.doc in table


def test_write_replaces_only_the_tables(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("before\n<!-- rl-layout:gwt -->\nold\n<!-- /rl-layout:gwt -->\nafter\n", encoding="utf-8")
    assert describe.rewrite(page) == ["gwt"]
    text = page.read_text(encoding="utf-8")
    assert text.startswith("before\n<!-- rl-layout:gwt -->\n") and text.endswith("<!-- /rl-layout:gwt -->\nafter\n")
    assert describe.documented(text, "gwt") == describe.markdown("gwt")
