// Table clocks (docs/web-client.md, "Clocks"): each seat's time, shown in its chip of the seat
// bar. The server keeps the clocks; a snapshot says, per seat, the time left (clock_ms, a
// real-time clock) and when a running clock runs out (deadline_ms, the server's time). The page
// counts down between snapshots with one timer, and only while a clock runs.

import { h } from "./dom.js";

let ticking = null;

/** Milliseconds as the clock shows them: m:ss, h:mm:ss, or days and hours for long turns. */
export function clockText(tr, ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86400);
  if (days > 0) return tr.t("web.clock.days_hours", { days, hours: Math.floor((total % 86400) / 3600) });
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  const text = hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
  return tr.localDigits(text);
}

/** A seat's time left now, by the server's clock (`offset`: server time minus ours); null: none shown. */
function timeLeft(snapshot, seat, offset) {
  if (seat.deadline_ms !== null && seat.deadline_ms !== undefined) {
    return seat.deadline_ms - (Date.now() + offset);
  }
  return snapshot.clock?.kind === "realtime" && Number.isInteger(seat.clock_ms) ? seat.clock_ms : null;
}

/** The clock element of a seat's chip (null when the table has no clock). */
export function seatClock(tr, snapshot, seat, offset) {
  if (!snapshot.clock || snapshot.clock.kind === "none") return null;
  const left = timeLeft(snapshot, seat, offset);
  if (left === null) return null;
  const running = seat.deadline_ms !== null && seat.deadline_ms !== undefined;
  return h("span", {
    class: `clock${running ? " running" : ""}${running && left < 30000 ? " low" : ""}`,
    dataset: { seat: seat.seat },
    title: tr.t(snapshot.clock.kind === "turn" ? "web.clock.turn_title" : "web.clock.realtime_title"),
    text: clockText(tr, left),
  });
}

/** Keep the running clocks of the page counting (one timer for the page; none when nothing runs). */
export function keepTicking(tr, snapshot, offset) {
  clearInterval(ticking);
  ticking = null;
  const running = (snapshot.seats || []).filter((s) => s.deadline_ms !== null && s.deadline_ms !== undefined);
  if (running.length === 0) return;
  ticking = setInterval(() => {
    for (const seat of running) {
      const node = document.querySelector(`.seat-bar .clock[data-seat="${seat.seat}"]`);
      if (!node) continue;
      const left = timeLeft(snapshot, seat, offset);
      node.textContent = clockText(tr, left);
      node.classList.toggle("low", left < 30000);
    }
  }, 1000);
}

/** What the lobby sends as the table's clock, from its form's values. */
export function clockChoice(kind, minutes, incrementSeconds, hoursPerMove) {
  if (kind === "realtime") return { kind, initial_s: Math.round(minutes * 60), increment_s: Math.round(incrementSeconds) };
  if (kind === "turn") return { kind, per_move_s: Math.round(hoursPerMove * 3600) };
  return { kind: "none" };
}
