"""Conservation checks for Great Western Trail: nothing is created or destroyed, nothing negative."""

from __future__ import annotations

from collections import Counter

from gametable.games.gwt.state import GwtState


def tiles_on_board(st: GwtState) -> Counter:
    """Every one of the 94 Kansas City tiles, wherever it is now."""
    D = st.edition
    tiles: Counter = Counter()
    for pile in st.piles:
        tiles.update(pile)
    for column in st.foresight:
        tiles.update(t for t in column if t is not None)
    for node, tile in enumerate(st.trail_tile):
        if tile is not None and D.NODE_KIND[node] in ("hazard", "teepee"):
            tiles[tile] += 1
    for row in st.jobs:
        tiles.update(w for w in row if w is not None)
    tiles.update(w for w in st.station_worker if w is not None)
    tiles.update(st.out_of_game)
    for seat, p in enumerate(st.players):
        tiles.update(p.hazards)
        tiles.update(p.teepees)
        for kind, count in zip(D.WORKER_KINDS, p.workers):
            tiles[kind] += count - 1  # the first worker of each row is printed on the board
        if st.garth and st.garth[seat] is not None:
            # Garth's starting workers come from outside the supply ([B], docs/rules-decisions.md)
            tiles.subtract(st.garth[seat]["extra_workers"])
    return tiles


def check(st: GwtState) -> None:
    """For either edition: the tables are the state's own (``st.edition``)."""
    D = st.edition
    expected_tiles = Counter(t for pile in D.PILES for t in pile)
    assert tiles_on_board(st) == expected_tiles, "Kansas City tiles were created or lost"

    # Simmental (second edition): the Heifer and Cow stacks and the upgraded cards out of the game
    cattle: Counter = Counter(st.market) + Counter(st.cattle_stack) + Counter(
        st.sim_heifers + st.sim_cows + st.sim_retired)
    objectives: Counter = Counter(st.obj_display) + Counter(st.obj_stack) + Counter(st.boxed)
    for p in st.players:
        for card in p.all_deck_cards() + p.removed:
            (cattle if D.is_cattle(card) else objectives)[card] += 1
        objectives.update(p.objectives)
    simmental = D.SIMMENTAL_CARDS if st.options.get("simmental") == "on" else ()
    assert cattle == Counter(D.MARKET_CATTLE) + Counter(D.STARTING_HERD * st.n) + Counter(simmental), \
        "cattle cards changed"
    assert objectives == Counter(list(D.OBJECTIVE)), "objective cards changed"

    for seat, p in enumerate(st.players):
        on_places = sum(seats.count(seat) for seats in st.station_discs) + \
            sum(seats.count(seat) for seats in st.city_discs)
        assert sum(p.discs) + on_places == D.DISCS_PER_PLAYER, f"seat {seat} discs miscounted"
        assert all(d >= 0 for d in p.discs)
        assert p.money >= 0, f"seat {seat} has negative money"
        assert 0 <= p.cert < len(D.CERT_TRACK)
        assert all(1 <= w <= D.WORKER_ROW_SIZE for w in p.workers)
        placed = [st.trail_tile[n] for n in D.PRIVATE_SPACES if st.trail_owner[n] == seat]
        garth = bool(st.garth) and st.garth[seat] is not None  # Garth's tiles: all side b
        assert sorted(placed + p.buildings + p.replaced) == sorted(
            f"{k}{'b' if garth else s}" for k, s in zip(D.PRIVATE_NUMBERS, st.sides)), "building tiles changed"
    engines = [p.engine for p in st.players if p.engine != 0]
    assert len(engines) == len(set(engines)), "two engines share a space"
    assert all(p.engine != D.LAST_SPACE for p in st.players) or st.frames, \
        "an engine rests on space 39"


def money_from_log(st: GwtState) -> list[int]:
    """Every player's money as the log tells it: each dollar gained or paid has its entry."""
    money = [0] * st.n
    for e in st.log:
        key, seat = e["key"].split(".", 1)[1], e.get("seat")
        if key == "starting_hand":
            money[seat] = e["money"]
        elif key == "money_gained":
            money[seat] += e["amount"]
        elif key in ("money_paid", "fee_to_bank"):
            money[seat] -= e["amount"]
        elif key == "fee_to_player":
            if not (st.garth and st.garth[seat] is not None):  # Garth pays from unlimited money
                money[seat] -= e["amount"]
            money[e["to_seat"]] += e["amount"]
        elif key in ("hired", "built", "cattle_bought"):
            money[seat] -= e["cost"]
    return money


def check_money_is_explained(st: GwtState) -> None:
    assert money_from_log(st) == [p.money for p in st.players], "a dollar moved without a log entry"


def herd_from_log(log: list[dict], seat: int, starting_herd: list[str]) -> list[str]:
    """A seat's cattle as its view's log tells them: the starting herd, cattle bought, cards removed
    and upgraded (the Simmental variant)."""
    cards = list(starting_herd)
    for entry in log:
        if entry.get("seat") != seat:
            continue
        key = entry["key"].split(".", 1)[1]
        if key == "cattle_bought":
            cards.extend(entry["cards"])
        elif key == "card_removed" and entry["card"] in cards:
            cards.remove(entry["card"])
        elif key == "cattle_upgraded" and entry["card"] in cards:
            cards[cards.index(entry["card"])] = entry["new"]
    return cards


def check_views(st: GwtState) -> None:
    """Each seat's view: the log filtered for it (kept between views, see engine.log.SeatLogs) and
    its herd, which it knows from the log although its draw pile is face down."""
    from gametable.engine import log_for

    for seat in (None, *range(st.n)):
        view = st.view(seat)
        assert view["log"] == log_for(st.log, seat)
        if seat is not None:
            assert sorted(view["players"][seat]["herd"]) == sorted(
                herd_from_log(view["log"], seat, st.edition.STARTING_HERD)), "the herd is not the log's"
            assert all("herd" not in p for s, p in enumerate(view["players"]) if s != seat)
