"""Every log key, game term and score category has an English message, and entries read as sentences."""

import re

import pytest

from gametable import i18n
from gametable.games.catan_road import GAME
from tests import conformance

FIELD = re.compile(r"\{[a-z_]+\}")


@pytest.fixture(scope="module")
def logs():
    entries = []
    states = []
    for players in (2, 3, 4):
        for seed in range(6):
            options = {"metropolis_side": "AB"[seed % 2], "first_game": seed % 3 == 0}
            state, _ = conformance.play_checked(GAME, players, seed, options, check_views=False)
            states.append(state)
            entries.extend(state.log)
    return states, entries


def test_every_log_key_has_a_message(logs):
    catalog = i18n.catalog("en")
    keys = {e["key"] for e in logs[1]}
    assert {"catan.drew", "catan.built", "catan.event", "catan.traded", "catan.won"} <= keys
    missing = sorted(k for k in keys if k not in catalog)
    assert not missing


def test_every_term_in_the_log_has_a_message(logs):
    catalog = i18n.catalog("en")
    values = set()
    for entry in logs[1]:
        for params in (entry, entry.get("private", {})):
            for name, value in params.items():
                if name == "key":
                    continue
                for v in value if isinstance(value, list) else [value]:
                    if isinstance(v, str):
                        values.add(v)
    missing = sorted(v for v in values if f"catan.term.{v}" not in catalog)
    assert not missing


def test_entries_read_as_sentences_for_every_viewer(logs):
    names = ["Ana", "Bo", "Cy", "Di"]
    for state in logs[0]:
        for viewer in [None, *range(state.num_players)]:
            for entry in state.view(viewer)["log"]:
                text = i18n.describe(entry, "en", names)
                assert not FIELD.search(text), f"unfilled field in {text!r} from {entry}"
                assert not text.startswith("catan.")


def test_own_draws_name_the_cards_others_see_only_the_count():
    entry = {"key": "catan.drew", "seat": 1, "count": 2, "reason": "draw_phase",
             "private": {"cards": ["ore", "wool"]}}
    from gametable.engine import entry_for
    assert i18n.describe(entry_for(entry, 1), "en", ["Ana", "Bo"]) == "Bo drew 2 resource cards: draw phase: ore and wool."
    assert i18n.describe(entry_for(entry, 0), "en", ["Ana", "Bo"]) == "Bo drew 2 resource cards: draw phase."


def test_every_score_category_has_a_message():
    state, _ = conformance.play_checked(GAME, 3, 1, check_views=False)
    for score in state.result()["scores"]:
        for category in score["breakdown"]:
            assert f"catan.score.{category}" in i18n.catalog("en")
