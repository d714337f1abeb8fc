"""Game end and final scoring in the 11 categories (§11)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import common as C
from . import garth
from . import objectives

if TYPE_CHECKING:
    from .state import GwtState

CATEGORIES = ("money", "buildings", "cities", "stations", "hazards", "cattle", "objectives",
              "station_masters", "workers", "step_disc", "job_token")


def start_scoring(st: "GwtState") -> None:
    """After the last turn every objective card still in a deck is committed or dropped (§8.3)."""
    ed = st.edition
    st.phase = "scoring"
    st.say("game_over_scoring")
    queue = []
    for seat, player in enumerate(st.players):
        if garth.is_garth(st, seat):
            continue  # Garth's objective cards all count in full (garth.adjust_score)
        for card in sorted(c for c in player.all_deck_cards() if ed.is_objective(c)):
            queue.append([seat, card])
    st.scoring_queue = queue
    after_commit(st)


def after_commit(st: "GwtState") -> None:
    if st.scoring_queue:
        st.current = st.scoring_queue[0][0]
        return
    finish_game(st)


def finish_game(st: "GwtState") -> None:
    scores = []
    for seat in range(st.n):
        breakdown = score_breakdown(st, seat)
        total = sum(breakdown.values())
        scores.append({"seat": seat, "total": total, "breakdown": breakdown})
        st.say("final_score", seat=seat, total=total, **breakdown)
    best = max(s["total"] for s in scores)
    winners = [s["seat"] for s in scores if s["total"] == best]  # ties share the victory (§11.2)
    st.result_cache = {"scores": scores, "winners": winners}
    for seat in winners:
        st.say("winner", seat=seat, total=best)
    st.phase = "over"
    st.over = True


def master_task_vp(st: "GwtState", seat: int, master: str) -> int:
    ed = st.edition
    task = ed.STATION_MASTER[master]["task"]
    player = st.players[seat]
    kind = task["kind"]
    if kind == "per_worker":
        count = sum(player.workers)
    elif kind == "per_certificates":
        count = C.certificates(ed, player) + player.perm_certs
    elif kind == "per_objectives":
        count = len(player.objectives)
    elif kind == "per_hazards":
        count = len(player.hazards)
    elif kind == "per_teepee_pair":
        green = sum(1 for t in player.teepees if ed.TILE[t]["colour"] == "green")
        count = min(green, len(player.teepees) - green)
    elif kind == "per_station":
        count = C.station_count(st, seat)
    elif kind == "per_building":
        count = len(C.placed_buildings(st, seat))
    elif kind == "none":
        count = 0
    else:
        raise AssertionError(f"unknown station master task {kind!r}")
    return count // task["per"] * task["vp"]


def city_vp(st: "GwtState", seat: int) -> int:
    ed = st.edition
    vp = sum(ed.CITIES[c]["vp"] * st.city_discs[c].count(seat) for c in range(len(ed.CITIES)))
    for arrow in ed.ARROWS:
        a, b = arrow["cities"]
        if seat in st.city_discs[a] and seat in st.city_discs[b]:
            vp += arrow["vp"]
    return vp


def score_breakdown(st: "GwtState", seat: int) -> dict[str, int]:
    ed = st.edition
    player = st.players[seat]
    objective_vp, _ = objectives.best_score(ed, player.objectives, objectives.items(st, seat))
    breakdown = {
        "money": player.money // 5,
        "buildings": sum(ed.BUILDING[st.trail_tile[n]]["vp"] for n in C.placed_buildings(st, seat)),
        "cities": city_vp(st, seat),
        "stations": sum(ed.STATIONS[k]["vp"] for k, seats in enumerate(st.station_discs) if seat in seats),
        "hazards": sum(ed.TILE[t]["vp"] for t in player.hazards),
        "cattle": sum(ed.CATTLE[c]["vp"] for c in player.all_deck_cards() if c in ed.CATTLE),
        "objectives": objective_vp,
        "station_masters": sum(master_task_vp(st, seat, m) for m in player.masters),
        "workers": ed.WORKER_VP * sum(max(0, w - min(ed.WORKER_VP_SPACES) + 1) for w in player.workers),
        "step_disc": ed.DISC_GROUP["step_vp"]["vp"] * C.cleared(ed, player, ed.G_STEP_VP),
        "job_token": ed.JOB_TOKEN_VP if player.job_token else 0,
    }
    if st.garth and st.garth[seat] is not None:
        garth.adjust_score(st, seat, breakdown)
    return breakdown
