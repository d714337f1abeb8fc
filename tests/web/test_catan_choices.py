"""CATAN choices a person makes at once in the browser: the cards for the robber, whom to trade with."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from playwright.sync_api import expect

from gametable import i18n
from tests.web.conftest import SHOTS, new_page

GAME = "catan-on-the-road"


def _two_people(server):
    """A 2-player table of two invited people, Ann (seat 0) and Bea; (table, its API path, tokens)."""
    table = server.api("POST", "/api/tables", {"game": GAME, "players": 2, "bots": [], "name": "Ann"})
    path = f"/api/tables/{table['id']}"
    return table, path, {0: table["token"], 1: server.api("POST", f"{path}/join", {"name": "Bea"})["token"]}


def _act(server, path, tokens, seat, kind, test=lambda action: True):
    """Seat `seat` takes its first legal action of type `kind` (that passes `test`) through the API."""
    snapshot = server.api("GET", path, token=tokens[seat])
    action = next(a for a in snapshot["legal_actions"] if a["type"] == kind and test(a))
    server.api("POST", f"{path}/actions", {"seq": snapshot["seq"], "action": action}, tokens[seat])


def _robber_table(server, attempts: int = 8):
    """A 2-player table of two invited people, played through the API until the robber asks
    seat 0 for at least 2 cards of a hand with at least 2 kinds; (table, seat tokens, seat 0's view).

    Seat 0 keeps its cards (it only ends its turns); seat 1 builds villages, which reveal the event
    cards (rules §7: a village draws an event card). Most deals get there; another table is opened when
    one does not."""
    for attempt in range(attempts):
        rnd = random.Random(attempt)
        table, path, tokens = _two_people(server)
        for _ in range(2000):
            snapshot = server.api("GET", path, token=tokens[0])
            if snapshot["status"] == "finished":
                break
            me = snapshot["view"]["players"][0]
            if snapshot["view"]["phase"] == "robber" and me["discards_owed"] >= 2 and len(set(me["hand"])) >= 2:
                return table, tokens, me
            seat = snapshot["view"]["to_act"][0]
            if seat != 0:
                snapshot = server.api("GET", path, token=tokens[seat])
            legal = [a for a in snapshot["legal_actions"] if a["type"] != "start_trade"]
            if seat == 0:
                wanted = [a for a in legal if a["type"] == "end_turn"] or legal
            else:
                wanted = ([a for a in legal if a["type"] == "build" and a.get("card") == "village"]
                          or [a for a in legal if a["type"] != "build" or rnd.random() < 0.3] or legal)
            server.api("POST", f"{path}/actions", {"seq": snapshot["seq"], "action": rnd.choice(wanted)},
                       tokens[seat])
    raise AssertionError(f"no robber discard of 2 or more cards for seat 0 in {attempts} games")


def _open_seat(browser, errors, server, table, token, lang="en"):
    context, page = new_page(browser, errors, lang=lang)
    page.goto(server.base + "/")
    page.evaluate("([id, token, lang]) => { localStorage.setItem('gametable.seat.' + id, JSON.stringify({seat: 0, token}));"
                  " localStorage.setItem('gametable.lang', lang); }", [table["id"], token, lang])
    page.goto(table["invite_url"])
    page.wait_for_selector(".catan-table")
    return context, page


def test_the_robber_takes_the_cards_picked_together(server, browser, page_errors):
    """Every card owed is picked first (and can be put back); one button then discards them all."""
    table, tokens, me = _robber_table(server)
    path = f"/api/tables/{table['id']}"
    owed = me["discards_owed"]
    seq_before = server.api("GET", path, token=tokens[0])["seq"]
    context, page = _open_seat(browser, page_errors, server, table, tokens[0])
    tray = page.locator(".discard-tray")
    expect(tray).to_be_visible()
    confirm = page.locator(".action-discard-picked")
    expect(confirm).to_be_disabled()

    # Smallest piles first, so the picks may leave a single kind in hand: the game then takes
    # the rest itself, and the page must stop sending without an error.
    hand = Counter(me["hand"])
    picks = [r for r, _ in sorted(hand.items(), key=lambda kv: kv[1]) for _ in range(hand[r])][:owed]
    page.locator(f".hand .card[data-kind='{picks[0]}']").click()
    expect(page.locator(".pick-progress")).to_have_text(f"1 of {owed} chosen")
    assert server.api("GET", path, token=tokens[0])["seq"] == seq_before, "a pick sends nothing yet"
    # A picked card goes back to the hand with a click.
    page.locator(".picked .picked-card").first.click()
    expect(page.locator(".pick-progress")).to_have_text(f"0 of {owed} chosen")
    for resource in picks:
        page.locator(f".hand .card[data-kind='{resource}']").click()
    # The picks are shown by kind, with how many of each.
    for resource, n in Counter(picks).items():
        expect(page.locator(f".picked .picked-card[data-resource='{resource}']")).to_have_attribute(
            "data-count", str(n))
    expect(page.locator(".picked .picked-card")).to_have_count(len(set(picks)))
    expect(page.locator(".pick-progress")).to_have_text(f"{owed} of {owed} chosen")
    # No more cards can be picked than are owed.
    expect(page.locator(".hand .card[data-legal]")).to_have_count(0)
    assert server.api("GET", path, token=tokens[0])["seq"] == seq_before
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "catan-robber-pick.png"), full_page=True)
    expect(confirm).to_have_text(f"Discard these {owed} cards")
    confirm.click()

    # The tray goes once fewer than 2 cards are owed; the page is done when nothing is owed.
    expect(tray).to_have_count(0)
    expect(page.locator(".player-area.mine .warn")).to_have_count(0)
    expect(page.locator("body.busy")).to_have_count(0)
    after = server.api("GET", path, token=tokens[0])
    mine = after["view"]["players"][0]
    assert mine["discards_owed"] == 0
    assert Counter(mine["hand"]) == hand - Counter(picks)
    assert after["seq"] > seq_before
    expect(page.locator("#notice[data-kind='error']:not([hidden])")).to_have_count(0)
    discarded = [card for entry in after["view"]["log"]
                 if entry["key"] == "catan.discarded" and entry.get("seat") == 0 for card in entry["cards"]]
    assert Counter(discarded[-owed:]) == Counter(picks)
    assert page_errors == []
    context.close()


def test_the_robber_tray_reads_right_to_left_in_persian(server, browser, page_errors):
    table, tokens, me = _robber_table(server)
    context, page = _open_seat(browser, page_errors, server, table, tokens[0], lang="fa")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    confirm = page.locator(".action-discard-picked")
    expect(confirm).to_contain_text(i18n.number(me["discards_owed"], "fa"))  # Persian digits
    assert "discard" not in confirm.text_content().lower()
    tray = page.locator(".discard-tray").bounding_box()
    area = page.locator(".my-area").bounding_box()
    assert area["x"] <= tray["x"] and tray["x"] + tray["width"] <= area["x"] + area["width"] + 1
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "catan-robber-pick-fa.png"), full_page=True)
    assert page_errors == []
    context.close()


def _trade_table(server, attempts: int = 8):
    """A 2-player table of two people at Ann's action phase where Ann can offer a card for one of
    another type that Bea holds (rules: no identical-type trades); (table, path, tokens, give, ask).
    Tables are dealt at random: one where both hands hold a single, same type is replaced."""
    for _ in range(attempts):
        table, path, tokens = _two_people(server)
        if server.api("GET", path, token=tokens[0])["view"]["to_act"] == [1]:
            _act(server, path, tokens, 1, "end_turn")
        anns_hand = server.api("GET", path, token=tokens[0])["view"]["players"][0]["hand"]
        beas_hand = server.api("GET", path, token=tokens[1])["view"]["players"][1]["hand"]
        pairs = [(give, ask) for give in anns_hand for ask in beas_hand if give != ask]
        if pairs:
            return (table, path, tokens) + pairs[0]
    raise AssertionError(f"no table with a possible trade in {attempts} deals")


def test_the_proposer_is_told_to_click_whom_to_trade_with(server, browser, page_errors):
    table, path, tokens, give, ask = _trade_table(server)

    def act(seat, kind, test=lambda action: True):
        _act(server, path, tokens, seat, kind, test)

    act(0, "start_trade")
    context, page = _open_seat(browser, page_errors, server, table, tokens[0])
    expect(page.locator("#prompt .phase")).to_have_text(
        "Put together your offer: what you give and what you ask, then propose it.")
    act(0, "offer_give", lambda action: action["resource"] == give)
    act(0, "offer_ask", lambda action: action["resource"] == ask)  # one Bea can give
    act(0, "propose")
    # The offer says which way the cards go.
    offer = page.locator(".catan-trade .offer")
    expect(offer).to_contain_text(" for ")
    assert offer.locator(".offer-give .chip").count() == 1 and offer.locator(".offer-ask .chip").count() == 1
    # Nobody has answered yet: nothing to pick, no hint.
    expect(page.locator(".catan-trade .answer")).to_have_count(1)
    expect(page.locator(".trade-pick")).to_have_count(0)
    # Bea, asked, is told who offers and what she may do.
    bea_context, bea = new_page(browser, page_errors)
    bea.goto(server.base + "/")
    bea.evaluate("([id, token]) => localStorage.setItem('gametable.seat.' + id, JSON.stringify({seat: 1, token}))",
                 [table["id"], tokens[1]])
    bea.goto(table["invite_url"])
    expect(bea.locator("#prompt .phase")).to_have_text(
        "\u2068Ann\u2069 offers you a trade: accept it, make a counter-offer, or decline.")
    bea_context.close()
    act(1, "accept")
    expect(page.locator("#prompt .phase")).to_have_text(
        "The answers are in: choose whom to trade with, or withdraw your offer.")
    expect(page.locator(".trade-pick")).to_have_text(
        "Click a player who accepts or counters to trade with them, or withdraw your offer.")
    row = page.locator(".catan-trade .answer[data-seat='1'][data-legal]")
    expect(row).to_have_attribute("aria-label", "Trade with \u2068Bea\u2069")
    row.click()
    expect(page.locator(".catan-trade")).to_have_count(0)
    assert page_errors == []
    context.close()


@pytest.mark.parametrize("lang", ["en", "fa", "pt", "es"])
def test_a_counter_offer_says_what_is_asked_never_shows_empty_parts_and_lets_a_card_out(
        server, browser, page_errors, lang):
    """Issue 9: answering another player's trade is not "Your turn"; a counter-offer being written
    shows "nothing" for an empty side (not "gives  for"); a card put into it can be taken out."""
    table, path, tokens, give, ask = _trade_table(server)
    _act(server, path, tokens, 0, "start_trade")
    _act(server, path, tokens, 0, "offer_give", lambda action: action["resource"] == give)
    _act(server, path, tokens, 0, "offer_ask", lambda action: action["resource"] == ask)
    _act(server, path, tokens, 0, "propose")
    names = ["\u2068Ann\u2069", "\u2068Bea\u2069"]
    context, bea = new_page(browser, page_errors, lang=lang)
    bea.goto(server.base + "/")
    bea.evaluate("([id, token, lang]) => { localStorage.setItem('gametable.seat.' + id, JSON.stringify({seat: 1, token}));"
                 " localStorage.setItem('gametable.lang', lang); }", [table["id"], tokens[1], lang])
    bea.goto(table["invite_url"])
    bea.wait_for_selector(".catan-table")
    expect(bea.locator("#prompt strong")).to_have_text(
        i18n.describe({"key": "web.catan.headline_trade", "seat": 0}, lang, names))
    assert i18n.text("ui.table.your_turn", lang) not in bea.locator("#prompt strong").text_content()
    bea.locator(".action-counter").click()
    mine = bea.locator(".catan-trade .answer[data-seat='1']")
    nothing = i18n.text("catan.note.nothing", lang)
    expect(mine.locator(".counter .nothing")).to_have_count(2)
    expect(mine.locator(".counter")).to_contain_text(nothing)
    # Bea puts a card she holds into what she gives, then takes it out again
    bea.locator(".composer .side.give .palette-card.legal").first.click()
    chip = bea.locator(".composer .side.give .offer-card.remove")
    expect(chip).to_have_count(1)
    expect(mine.locator(".counter .nothing")).to_have_count(1)
    label = chip.get_attribute("aria-label")
    resource = chip.get_attribute("data-resource")
    assert label.startswith(i18n.describe({"key": "web.catan.action.counter_remove_give", "resource": resource},
                                          lang, names, domain="catan"))
    chip.click()
    expect(bea.locator(".composer .side.give .offer-card")).to_have_count(0)
    expect(mine.locator(".counter .nothing")).to_have_count(2)
    assert page_errors == []
    context.close()


def test_the_counter_offer_labels_add_a_card_rather_than_say_instead():
    old = {"en": "instead", "fa": "در عوض", "pt": "em troca", "es": "a cambio"}
    for lang, word in old.items():
        for kind in ("counter_give", "counter_ask"):
            assert word not in i18n.text(f"web.catan.action.{kind}", lang), (lang, kind)


def test_what_others_just_did_is_marked_in_the_log(server, browser, page_errors):
    """The entries another player's move adds stand out for a moment; those there before do not."""
    table, path, tokens = _two_people(server)
    if server.api("GET", path, token=tokens[0])["view"]["to_act"] == [0]:
        _act(server, path, tokens, 0, "end_turn")
    context, page = _open_seat(browser, page_errors, server, table, tokens[0])
    entries = page.locator("#log .log-entry")
    before = entries.count()
    assert before > 0
    expect(page.locator("#log .log-entry.fresh")).to_have_count(0)  # the page just opened: nothing is new
    _act(server, path, tokens, 1, "end_turn")
    expect(page.locator("#log .log-entry.fresh[data-key='catan.turn_ended']")).to_have_count(1)
    # Ann's turn now: her choices carry the server's action_notes, as GWT's do (choices.js)
    snapshot = server.api("GET", path, token=tokens[0])
    notes = snapshot["action_notes"][snapshot["legal_actions"].index({"type": "end_turn"})]
    assert notes and notes[0]["key"] in ("catan.note.next_draw", "catan.note.next_draw_more")
    said = i18n.join_list([i18n.describe(note, "en", ["\u2068Ann\u2069", "\u2068Bea\u2069"]) for note in notes])
    expect(page.locator(".action-end_turn")).to_have_attribute("title", f"End my turn — {said}")
    after = entries.count()
    fresh = page.locator("#log .log-entry.fresh")
    assert fresh.count() == after - before
    indexes = sorted(int(i) for i in fresh.evaluate_all("(items) => items.map((item) => item.dataset.index)"))
    assert indexes == list(range(before, after))
    assert page_errors == []
    context.close()


RENDER_PAYMENT = """async ([view, lang]) => {
    const { loadTranslator } = await import('/static/js/i18n.js');
    const { Choices } = await import('/static/js/choices.js');
    const catan = await import('/static/js/games/catan/table.js');
    const tr = await loadTranslator(lang);
    const legal = [{type: 'pay', cards: ['wool', 'ore']}, {type: 'pay', cards: ['brick', 'brick', 'brick', 'wool']},
                   {type: 'pay', cards: ['grain', 'grain', 'grain', 'grain', 'grain', 'grain']}];
    const choices = new Choices(legal, () => {}, (action) => action.type);
    const board = document.createElement('section');
    document.body.appendChild(board);
    catan.render(board, {tr, view: {...view, phase: 'pay', paying: {card: 'knight', metropolis: null}, trade: null},
                         names: ['Ann', 'Bea'], choices, seat: 0, snapshot: {}, domain: 'catan', redraw: () => {}});
    return [...board.querySelectorAll('.pay-option')].map((option) =>
        option.querySelector('.pay-instead')?.textContent ?? null);
}"""


def test_a_payment_by_road_exchange_says_what_it_replaces(server, browser, page_errors):
    """A knight costs wool and ore (rules §1.1); paying 3 brick for the ore says so, 6 grain replace both."""
    table = server.api("POST", "/api/tables", {"game": GAME, "players": 2, "bots": [], "name": "Ann"})
    view = server.api("GET", f"/api/tables/{table['id']}", token=table["token"])["view"]
    context, page = new_page(browser, page_errors)
    page.goto(server.base + "/")
    assert page.evaluate(RENDER_PAYMENT, [view, "en"]) == [None, "instead of ore", "instead of wool and ore"]
    assert page.evaluate(RENDER_PAYMENT, [view, "es"]) == [None, "en lugar de mineral", "en lugar de lana y mineral"]
    assert page_errors == []
    context.close()


RENDER_MANY_PAYMENTS = """async ([view, extra]) => {
    const { loadTranslator } = await import('/static/js/i18n.js');
    const { Choices } = await import('/static/js/choices.js');
    const catan = await import('/static/js/games/catan/table.js');
    const tr = await loadTranslator('en');
    const kinds = ['brick', 'lumber', 'wool', 'grain', 'ore'];
    const legal = [];
    kinds.forEach((a, i) => kinds.slice(i).forEach((b) => legal.push({type: 'pay', cards: [a, b]})));
    for (const cards of extra || []) legal.push({type: 'pay', cards});
    window.sent = [];
    const players = view.players.map((p) => ({...p}));
    players[0].hand = kinds.flatMap((k) => [k, k, k]);
    const board = document.createElement('section');
    document.body.appendChild(board);
    const ctx = {tr, view: {...view, players, phase: 'pay', paying: {card: 'knight', metropolis: null}, trade: null},
                 names: ['Ann', 'Bea'], seat: 0, snapshot: {}, domain: 'catan'};
    const draw = () => {
        ctx.choices = new Choices(legal, (action) => window.sent.push(action), (action) => action.type);
        catan.render(board, ctx);
    };
    ctx.redraw = draw;
    draw();
    return legal.length;
}"""


def test_many_ways_to_pay_are_picked_in_the_hand(server, browser, page_errors):
    """At a cheap road exchange a build may be paid in dozens of ways: too many buttons to read,
    so the cards are picked in the hand and the one payment they make up is sent."""
    table = server.api("POST", "/api/tables", {"game": GAME, "players": 2, "bots": [], "name": "Ann"})
    view = server.api("GET", f"/api/tables/{table['id']}", token=table["token"])["view"]
    context, page = new_page(browser, page_errors)
    page.goto(server.base + "/")
    assert page.evaluate(RENDER_MANY_PAYMENTS, [view, []]) == 15
    expect(page.locator(".catan-pay .pay-in-hand")).to_have_text("15 ways to pay: pick the cards in your hand below.")
    expect(page.locator(".pay-option")).to_have_count(0)
    pay = page.locator(".action-pay-picked")
    expect(pay).to_be_disabled()
    page.locator(".hand .card[data-kind='ore']").click()
    expect(pay).to_be_disabled()  # one card is no payment
    page.locator(".hand .card[data-kind='brick']").click()
    expect(pay).to_be_enabled()
    # No more cards than the largest payment can be picked.
    expect(page.locator(".hand .card[data-legal]")).to_have_count(0)
    assert page.evaluate("window.sent") == []
    pay.click()
    assert page.evaluate("window.sent") == [{"type": "pay", "cards": ["brick", "ore"]}]
    assert page_errors == []
    context.close()


def test_picking_a_payment_never_reaches_a_dead_end(server, browser, page_errors):
    """With payments of different sizes (2 cards, or 3 brick standing for one card), the hand
    offers only cards that keep the picks part of some payment: four picks that pay for nothing
    would leave a person (and the whole-game test) with nothing to click."""
    table = server.api("POST", "/api/tables", {"game": GAME, "players": 2, "bots": [], "name": "Ann"})
    view = server.api("GET", f"/api/tables/{table['id']}", token=table["token"])["view"]
    context, page = new_page(browser, page_errors)
    page.goto(server.base + "/")
    assert page.evaluate(RENDER_MANY_PAYMENTS, [view, [["brick", "brick", "brick", "wool"]]]) == 16
    pay = page.locator(".action-pay-picked")
    offered = page.locator(".hand .card[data-legal]")
    page.locator(".hand .card[data-kind='ore']").click()
    page.locator(".hand .card[data-kind='brick']").click()
    expect(pay).to_be_enabled()
    # ore and brick are a payment and part of no larger one: nothing more is offered
    expect(offered).to_have_count(0)
    page.locator(".picked-card[data-resource='ore']").click()  # put the ore back
    page.locator(".hand .card[data-kind='wool']").click()
    expect(pay).to_be_enabled()  # brick and wool
    # only another brick leads on (to 3 brick and wool)
    expect(offered).to_have_count(1)
    expect(offered.first).to_have_attribute("data-kind", "brick")
    offered.first.click()
    expect(pay).to_be_disabled()  # 2 brick and wool pay for nothing yet
    expect(offered).to_have_count(1)
    offered.first.click()
    expect(pay).to_be_enabled()
    pay.click()
    assert page.evaluate("window.sent") == [{"type": "pay", "cards": ["brick", "brick", "brick", "wool"]}]
    assert page_errors == []
    context.close()
