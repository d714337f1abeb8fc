"""The two editions as explicit objects (docs/architecture.md, "Two editions of one game"): one rules
package, each state holding its edition, each second-edition rule found by its ``.second`` hook."""

import pickle
import re
from pathlib import Path

from gametable.games import get
from gametable.games.gwt import editions
from gametable.games.gwt.editions import FIRST, SECOND

RULES = Path(editions.__file__).parent


def test_each_state_holds_its_edition_and_both_share_the_rule_modules():
    first, second = get("gwt").new(2, 1), get("gwt-2e").new(2, 1)
    assert first.edition is FIRST and second.edition is SECOND
    assert first.game is get("gwt") and second.game is get("gwt-2e")
    assert FIRST.turn is SECOND.turn and FIRST.view is SECOND.view
    assert (FIRST.second, SECOND.second) == (False, True)
    # the tables differ where the second edition prints them differently, and only there
    assert len(FIRST.PRIVATE_NUMBERS) == 10 and len(SECOND.PRIVATE_NUMBERS) == 12
    assert FIRST.OBJECTIVE == SECOND.OBJECTIVE


def test_a_state_pickles_and_copies_with_the_same_edition_object():
    st = get("gwt-2e").new(3, 2)
    assert pickle.loads(pickle.dumps(st)).edition is SECOND
    assert st.clone().edition is SECOND
    assert get("gwt-2e").from_json(st.to_json()).edition is SECOND


def test_state_imports_no_rule_module():
    source = (RULES / "state.py").read_text(encoding="utf-8")
    assert not re.search(r"^\s*from \. import|^\s*from \.(?!editions)\w+ import", source, re.M)


def test_every_second_edition_rule_hook_names_its_rule():
    """Each ``ed.second`` test in the rules code carries a comment on its line or the lines
    before it saying which rule (or which edition's data) it is about."""
    found = 0
    for path in RULES.glob("*.py"):
        lines = path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            if re.search(r"(?<!`)\bed(ition)?\.second\b(?!`)", line) and "def " not in line:
                found += 1
                context = " ".join(lines[max(0, i - 2):i + 1])
                assert "#" in context, f"{path.name}:{i + 1} tests the edition without saying why"
    assert found >= 6
