"""Setting up a game for 2, 3 or 4 players (§12), everything drawn from the seeded RNG."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gametable.engine import Rng

from . import common as C
from . import garth
from .state import GwtState, Player

if TYPE_CHECKING:
    from .editions import Edition


def new_state(ed: "Edition", num_players: int, seed: int, options: dict[str, Any]) -> GwtState:
    st = GwtState(ed)
    st.n = num_players
    # without Garth the option is left out: every other game's state and JSON are as they were
    st.options = {k: v for k, v in options.items() if k != "garth" or v is not None}
    rng = st.rng = Rng(seed)

    # Private building sides: the same for every player (§4).
    if options["building_sides"] == "random":
        st.sides = ["ab"[rng.below(2)] for _ in ed.PRIVATE_NUMBERS]
    else:
        st.sides = [options["building_sides"]] * len(ed.PRIVATE_NUMBERS)

    # Trail: neutral buildings on their letters or shuffled onto the 7 neutral spaces (§12.1).
    st.trail_tile = [None] * len(ed.NODES)
    st.trail_owner = [-1] * len(ed.NODES)
    letters = [ed.NEUTRAL_LETTER[n] for n in ed.NEUTRAL_SPACES]
    if options["neutral_buildings"] == "random":
        rng.shuffle(letters)
    for node, letter in zip(ed.NEUTRAL_SPACES, letters):
        st.trail_tile[node] = letter

    # Railroad: station masters always shuffled onto stations 1-5 (§7).
    masters = list(ed.STATION_MASTER_IDS)
    rng.shuffle(masters)
    st.station_master = [None] * ed.NUM_STATIONS
    for station, master in zip(ed.MASTER_STATIONS, masters):
        st.station_master[station] = master
    st.station_worker = [None] * ed.NUM_STATIONS
    st.station_discs = [[] for _ in range(ed.NUM_STATIONS)]
    st.city_discs = [[] for _ in ed.CITIES]

    # Kansas City supply: three shuffled face-down piles (§12.2).
    st.piles = [list(p) for p in ed.PILES]
    for pile in st.piles:
        rng.shuffle(pile)
    st.out_of_game = []

    place_initial_trail_tiles(st)

    # Job market: row 1 full, row 2 up to the token (2n - 1 workers) (§2.5).
    st.jobs = [[] for _ in range(ed.JOB_ROWS)]
    st.token_row = ed.JOB_TOKEN_START_ROW - 1
    for _ in range(2 * num_players - 1):
        row = 0 if len(st.jobs[0]) < num_players else 1
        st.jobs[row].append(st.piles[1].pop())

    # Foresight: two tiles from each pile into its column (§12.5).
    st.foresight = [[st.piles[c].pop() for _ in range(ed.FORESIGHT_PER_COLUMN)] for c in range(3)]

    # Cattle market and objective display (§12.6).
    st.cattle_stack = list(ed.MARKET_CATTLE)
    if C.simmental(st):  # the Calves join the market cards; Heifers and Cows wait in stacks
        st.cattle_stack += [c for c in ed.SIMMENTAL_CARDS if c == ed.SIMMENTAL_CALF]
        st.sim_heifers = [c for c in ed.SIMMENTAL_CARDS if c == ed.SIMMENTAL_UPGRADE[ed.SIMMENTAL_CALF]]
        st.sim_cows = [c for c in ed.SIMMENTAL_CARDS if c in ed.SIMMENTAL_UPGRADE.values()
                       and c not in st.sim_heifers]
    rng.shuffle(st.cattle_stack)
    st.market = []
    for _ in range(C.market_size(st)):
        st.market.append(st.cattle_stack.pop())
    C.sort_market(st)
    st.obj_stack = list(ed.GENERAL_OBJECTIVES)
    rng.shuffle(st.obj_stack)
    st.obj_display = [st.obj_stack.pop() for _ in range(4)]

    # Players (§12.7, §12.8): a random first player; $6, $7, $8, $9 in turn order.
    starting = list(ed.STARTING_OBJECTIVES)
    rng.shuffle(starting)
    st.first_player = rng.below(num_players)
    st.players = []
    for seat in range(num_players):
        player = Player(ed)
        player.money = ed.STARTING_MONEY[(seat - st.first_player) % num_players]
        player.buildings = [f"{k}{side}" for k, side in zip(ed.PRIVATE_NUMBERS, st.sides)]
        player.deck = list(ed.STARTING_HERD)
        rng.shuffle(player.deck)
        player.hand = [player.deck.pop() for _ in range(ed.STARTING_HANDS[(seat - st.first_player) % num_players])]
        player.objectives = [starting.pop()]
        st.players.append(player)
    st.boxed = starting

    st.current = st.first_player
    st.phase = "A"
    st.log = []
    st.say("game_started", players=num_players, first_seat=st.first_player, sides=sides_note(ed, st.sides))
    for seat, player in enumerate(st.players):
        st.say("starting_hand", seat=seat, money=player.money,
               private={"objective": player.objectives[0], "cards": sorted(player.hand)})
    garth.setup(st)  # the seats the option gives Garth, the solo automa (draws nothing without it)
    from .turn import begin_turn, settle
    begin_turn(st)
    settle(st)
    return st


def place_initial_trail_tiles(st: GwtState) -> None:
    """Back-1 tiles onto the trail until 7 lie there (§12.3). A hazard whose four spaces are full
    is set aside while drawing and then shuffled back into the back-1 pile face down (§5.4; seed
    001: "return it to the Kansas City supply"), so it may still come out later from foresight."""
    ed = st.edition
    placed = 0
    aside: list[str] = []
    while placed < ed.INITIAL_TRAIL_TILES and st.piles[0]:
        tile = st.piles[0].pop()
        if C.place_trail_tile(st, tile) is None:
            aside.append(tile)
        else:
            placed += 1
    if aside:
        st.piles[0].extend(aside)
        st.rng.shuffle(st.piles[0])


def sides_note(ed: "Edition", sides: list[str]) -> dict[str, Any]:
    """The building sides in words for the log: "all on side A", or which numbers are on which
    side when the sides were drawn at random."""
    if len(set(sides)) == 1:
        return {"key": f"{ed.domain}.sides_all_{sides[0]}"}
    on = {side: [n for n, s in zip(ed.PRIVATE_NUMBERS, sides) if s == side] for side in "ab"}
    return {"key": f"{ed.domain}.sides_mixed", "side_a": on["a"], "side_b": on["b"]}
