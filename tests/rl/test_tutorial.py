"""The tutorial of docs/research.md runs as written, with two games for training and evaluation."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"


def tutorial_code() -> str:
    text = DOC.read_text(encoding="utf-8")
    block = re.search(r"<!-- tutorial -->\n```python\n(.*?)```\n<!-- /tutorial -->", text, re.S)
    assert block, "docs/research.md has the tutorial between <!-- tutorial --> markers"
    return block.group(1)


def test_the_tutorial_trains_and_evaluates_end_to_end(capsys):
    code = tutorial_code()
    small = code.replace("EPISODES = 200 ", "EPISODES = 2 ").replace("EVALUATION = 100 ", "EVALUATION = 2 ")
    assert small.count("= 2 ") == 2, "the test shrinks both settings of the tutorial"
    namespace: dict = {"__name__": "tutorial"}
    exec(compile(small, str(DOC), "exec"), namespace)
    assert np.any(namespace["weights"] != 0), "training changed the policy"
    assert re.search(r"win rate against a random bot: [01]\.\d\d at random, [01]\.\d\d after 2 games",
                     capsys.readouterr().out)
