"""The terminal table (gametable play): every view renders and every legal action has a description."""

from io import StringIO

from rich.console import Console

from gametable import i18n, terminal
from gametable.bots import RandomBot
from gametable.games.catan_road import GAME, text


def test_render_and_describe_every_action_along_random_games():
    console = Console(file=StringIO(), width=140)
    for players in (2, 4):
        state = GAME.new(players, 3, {"metropolis_side": "B"})
        bot = RandomBot(4)
        names = i18n.player_names(players, 0, "en")
        while not state.is_over():
            for seat in state.to_act():
                view = state.view(seat)
                console.print(text.render(view, names, "en"))
                for action in state.legal_actions(seat):
                    label = text.describe_action(action, view, "en")
                    assert label and "{" not in label and not label.startswith("{'type'")
            seat = state.to_act()[0]
            state.apply(seat, bot.choose(state, seat))


def test_a_human_can_play_a_whole_game_in_the_terminal(monkeypatch):
    """The human (seat 0) answers every numbered prompt; the game runs to the final score."""
    import random

    picks = random.Random(11)
    monkeypatch.setattr(terminal.IntPrompt, "ask",
                        lambda *args, choices, **kwargs: int(picks.choice(choices)))
    out = StringIO()
    state = terminal.play_in_terminal(GAME, GAME.new(3, 5), human_seat=0,
                                      console=Console(file=out, width=140), lang="en")
    assert state.is_over()
    shown = out.getvalue()
    assert "Final score" in shown and "Building row" in shown and "wins the game" in shown


def test_choices_read_in_the_players_language_with_their_cost():
    """The terminal's choices use the catalogs (as the browser's buttons do) in every language, and
    say the action's notes (notes.py): a road's cost (rules §1.1) and the better exchange (§4.3)."""
    state = GAME.new(2, 5)
    seat = state.to_act()[0]
    view = state.view(seat)
    build = next(a for a in state.legal_actions(seat) if a["type"] == "build" and a["card"] == "road")
    assert text.describe_action(build, view, "en") == ("Build: road — costs brick and lumber and "
                                                      "your road exchange becomes 3:1")
    assert text.describe_action(build, view, "es") == ("Construir: camino — cuesta ladrillo y madera y "
                                                      "tu cambio por caminos pasa a ser 3:1")
    assert text.describe_action(build, view, "pt") == ("Construir: estrada — custa tijolo e madeira e "
                                                      "sua troca pelas estradas passa a 3:1")
    assert text.describe_action(build, view, "fa") == ("ساختن: جاده — هزینه: آجر و چوب و "
                                                      "مبادله با جاده‌تان ۳ به ۱ می‌شود")


def test_cards_are_counted_as_the_log_counts_them():
    """The terminal's card lists (hands, costs, offers) use the log's counting (i18n.join_counted):
    a repeated card once, counted, where it first appears; a single card alone."""
    city = ["grain", "ore", "grain", "ore", "ore"]
    expected = {"en": "2× grain and 3× ore", "es": "2× cereal y 3× mineral", "pt": "2× trigo e 3× minério",
                "fa": "۲ گندم و ۳ سنگ معدن"}
    for lang, words in expected.items():
        assert text.cards_text(city, lang) == words
        assert words in i18n.describe({"key": "catan.discarded", "seat": 0, "cards": city}, lang, ["Ann"])
    assert text.cards_text(["wool", "ore", "wool"], "en") == "2× wool and ore"
    assert text.cards_text([], "en") == "nothing"


def test_paying_reads_as_the_browsers_label():
    """[P]6: a city paid three ways; each choice is the browser's label (web.catan.action.pay), the
    cards counted in the order the payment lists them."""
    from tests.games.catan_road.helpers import area, hand, scenario

    state = scenario(2, hands=[hand(grain=2, ore=3, wool=2), {}], areas=[area(roads=3), area()],
                     longest_road=0)
    state.apply(0, {"type": "build", "card": "city"})
    view = state.view(0)
    pays = state.legal_actions(0)
    labels = sorted(text.describe_action(a, view, "en") for a in pays)
    # then the notes: what the road exchange replaces, what stays in hand
    assert labels == sorted(["Pay with 2× grain and 3× ore — you keep 2× wool",
                             "Pay with 2× wool, 2× grain, and 2× ore — the road exchange replaces ore and you keep ore",
                             "Pay with 2× wool, grain, and 3× ore — the road exchange replaces grain and you keep grain"])
    for action in pays:
        assert text.describe_action(action, view, "fa").startswith(i18n.describe(
            {"key": "web.catan.action.pay", **action}, "fa", domain="catan") + " — ")


def test_the_table_renders_in_every_language_without_raw_keys():
    for lang in ("en", "fa", "pt", "es"):
        out = StringIO()
        console = Console(file=out, width=200)
        state = GAME.new(3, 8)
        bot = RandomBot(8)
        names = i18n.player_names(3, 0, lang)
        for _ in range(120):  # through trades, the robber and charity where the dice lead there
            if state.is_over():
                break
            console.print(text.render(state.view(0), names, lang))
            seat = state.to_act()[0]
            state.apply(seat, bot.choose(state, seat))
        shown = out.getvalue()
        assert "catan.terminal" not in shown and "web.catan" not in shown and "{" not in shown, lang
    assert "Tu mano" in shown  # the last language, Spanish


def test_answering_an_offer_reminds_of_the_partner_bonus_card():
    """[P]5: the partner draws 1 card; the prompt to accept or counter says so."""
    from tests.games.catan_road.helpers import hand, scenario

    state = scenario(2, hands=[hand(ore=2), hand(grain=1)])
    for action in ({"type": "start_trade"}, {"type": "offer_give", "resource": "ore"},
                   {"type": "offer_ask", "resource": "grain"}, {"type": "propose"}):
        state.apply(0, action)
    view = state.view(1)
    accept = text.describe_action({"type": "accept"}, view, "en")
    assert accept == ("Accept the offer — you give grain, you get ore and "
                      "if the trade is made with you, you also draw 1 card")


def test_a_build_payable_only_by_substitution_says_so():
    """[P]6: with 3 roads and no grain, the village is offered; the label explains how it is paid."""
    from tests.games.catan_road.helpers import area, hand, scenario

    state = scenario(2, hands=[hand(brick=1, lumber=1, wool=3), hand()], areas=[area(roads=3), area()],
                     longest_road=0, row=["village", "road", "road", "knight", "knight"])
    view = state.view(0)
    labels = {a["card"]: text.describe_action(a, view, "en") for a in state.legal_actions(0) if a["type"] == "build"}
    assert labels["village"] == ("Build: village — costs brick, lumber, wool, and grain, "
                                 "you pay brick, lumber, and 3× wool: the road exchange replaces grain, "
                                 "you reach 4 VP, and you draw an event card: 3 of the 7 left are Robbers")
    assert labels["road"] == ("Build: road — costs brick and lumber, then you choose how to pay: 3 ways, "
                              "and your road exchange becomes 1:1")
    four_roads = scenario(2, hands=[hand(brick=1, lumber=1, wool=1, ore=1), hand()],
                          areas=[area(roads=4), area()], longest_road=0,
                          row=["village", "road", "road", "knight", "knight"])
    village = text.describe_action({"type": "build", "card": "village"}, four_roads.view(0), "en")
    assert "you pay brick, lumber, wool, and ore: the road exchange replaces grain" in village
