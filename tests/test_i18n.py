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


# Repeated game terms in a list are named once, counted (ui.count_of), where they first appear.
COUNTED = {
    "en": ("Ann built a new city, paying 3× ore and 2× grain.",
           "Ann traded with Bo: gave 2× wool and brick and got ore.",
           "Robber: Bo discarded wool, brick, and ore."),
    "fa": ("Ann یک شهر ساخت و ۳ سنگ معدن و ۲ گندم پرداخت.",
           "Ann با Bo معامله کرد: ۲ پشم و آجر داد و سنگ معدن گرفت.",
           "راهزن: Bo پشم،\u200f آجر، و سنگ معدن را دور ریخت."),
    "pt": ("Ann construiu cidade, pagando 3× minério e 2× trigo.",
           "Ann negociou com Bo: deu 2× lã e tijolo e recebeu minério.",
           "Ladrão: Bo descartou lã, tijolo e minério."),
    "es": ("Ann construyó ciudad y pagó 3× mineral y 2× cereal.",
           "Ann comerció con Bo: dio 2× lana y ladrillo y recibió mineral.",
           "Ladrón: Bo descartó lana, ladrillo y mineral."),
}


@pytest.mark.parametrize("lang", sorted(COUNTED))
def test_repeated_terms_are_counted_in_the_order_they_first_appear(lang):
    names = ["Ann", "Bo"]
    built, traded, distinct = COUNTED[lang]
    assert i18n.describe({"key": "catan.built", "seat": 0, "card": "city",
                          "cards": ["ore", "grain", "ore", "grain", "ore"]}, lang, names) == built
    assert i18n.describe({"key": "catan.traded", "seat": 0, "partner_seat": 1,
                          "gave": ["wool", "brick", "wool"], "got": ["ore"]}, lang, names) == traded
    # a list of different terms reads as before: each once, no count
    assert i18n.describe({"key": "catan.discarded", "seat": 1, "cards": ["wool", "brick", "ore"]},
                         lang, names) == distinct


def test_the_count_uses_the_catalog_message_and_the_translated_term():
    assert i18n.count_of(2, "Jersey", "en") == "2× Jersey"
    assert i18n.count_of(2, "جرزی", "fa") == "۲ جرزی"  # Persian: a singular noun after the number
    assert i18n.count_of(1, "lã", "pt") == "lã"
    gwt = i18n.describe({"key": "gwt.discarded", "seat": 0, "cards": ["jersey", "guernsey", "jersey"],
                         "reason": "x"}, "es", ["Ann"])
    assert gwt.startswith("Ann descarta 2× Jersey (valor 1, 0 PV) y Guernsey (valor 2, 0 PV)")


def test_only_game_terms_are_merged_never_seats_numbers_or_entries():
    assert i18n.counted(["ore", 0, "wool", 0, "ore"]) == [("ore", 2), (0, 1), ("wool", 1), (0, 1)]
    # a list of seats names every player, even one seat twice
    assert i18n._show("to_seat", [1, 0, 1], "en", "catan", ["Ana", "Bo"]) == "Bo, Ana, and Bo"
    fee = {"key": "gwt.terminal.bank"}
    assert i18n._show("payees", [fee, fee], "en", "gwt", []) == "the bank and the bank"
