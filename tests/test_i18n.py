import pytest

from gametable import i18n


def test_seat_fields_show_player_names():
    assert i18n.describe({"key": "ui.seat_name", "number": 2}) == "Player 2"
    assert i18n._show("to_seat", 1, "en", "ui", ["Ana", "Bo"]) == "Bo"
    assert i18n._show("seat", 3, "en", "ui", ["Ana", "Bo"]) == "Player 4"


def test_unknown_key_falls_back_to_the_key_and_params():
    assert i18n.describe({"key": "nope.nothing", "x": 1}) == "nope.nothing {'x': 1}"


def test_missing_param_leaves_the_field_visible():
    assert i18n.text("ui.seat_name") == "Player {number}"


def test_unknown_language_is_refused():
    with pytest.raises(ValueError, match="unknown language"):
        i18n.catalog("xx")


@pytest.mark.parametrize("lang", sorted(i18n.LANGUAGES))
def test_every_language_loads(lang):
    assert isinstance(i18n.catalog(lang), dict)
