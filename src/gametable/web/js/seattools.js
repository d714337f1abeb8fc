// The seat panel (docs/web-client.md, "Seats and alerts"): leave (a bot plays your seat) and take
// it back later, and this browser's turn alerts (sound, system notifications, Web Push). The
// creator's "hand to a bot" buttons sit in the seat bar (handOverButton).

import { h } from "./dom.js";

/** Whether this browser holds seat `seat`'s token and the seat is played by the bot for it. */
export function isAway(snapshot, me) {
  const seat = me ? snapshot.seats?.[me.seat] : null;
  return Boolean(seat && seat.kind === "bot" && seat.away && snapshot.you === null);
}

/** The creator's button on another seat's chip: shown for a seat nobody took, a player who is
 *  not connected, or one who has run out of time (what the server allows). */
export function handOverButton(tr, snapshot, seat, me, onHandOver) {
  const creator = me && me.seat === 0 && snapshot.you === 0;
  if (!creator || seat.seat === 0 || snapshot.status === "finished" || seat.kind === "bot") return null;
  const absent = seat.kind === "open" || !seat.online || seat.timeouts > 0;
  if (!absent) return null;
  return h("button", {
    type: "button", class: "hand-over", dataset: { seat: seat.seat },
    title: tr.t("web.seat.hand_over"), "aria-label": tr.t("web.seat.hand_over"), text: tr.t("web.seat.to_bot"),
    onclick: () => onHandOver(seat.seat),
  });
}

export function seatTools(tr, snapshot, me, { alerts, pushAvailable, onLeave, onTakeBack, onPush }) {
  const children = [h("h2", { text: tr.t("web.seat.title") })];
  const running = snapshot.status !== "finished";
  if (me && running && isAway(snapshot, me)) {
    children.push(h("p", { class: "hint", text: tr.t("web.seat.bot_plays_for_you") }));
    children.push(h("button", { type: "button", id: "take-back", class: "primary", text: tr.t("web.seat.take_back"), onclick: onTakeBack }));
  } else if (me && running && snapshot.you === me.seat) {
    children.push(h("button", { type: "button", id: "leave-seat", class: "ghost", text: tr.t("web.seat.leave"), onclick: onLeave }));
  }
  const toggle = (id, key, checked, onchange) => h("label", { class: "toggle" }, [
    h("input", { type: "checkbox", id, checked, onchange: (event) => onchange(event.target) }),
    h("span", { text: tr.t(key) }),
  ]);
  children.push(toggle("alert-sound", "web.alert.sound", alerts.sound, (box) => alerts.setSound(box.checked)));
  if ("Notification" in window) {
    children.push(toggle("alert-notify", "web.alert.notify", alerts.notify, async (box) => {
      box.checked = await alerts.setNotify(box.checked);
    }));
  }
  if (me && pushAvailable) {
    children.push(h("button", { type: "button", id: "alert-push", class: "ghost", text: tr.t("web.alert.push"), onclick: onPush }));
  }
  return h("section", { id: "seat-tools", class: "seat-tools panel" }, children);
}
