// The settings on My tables (docs/web-client.md, "Alerts, blocks and your data"): turn alerts
// (push, e-mail to an address confirmed by a link, quiet hours, a digest), the players blocked,
// and the download of one's finished games. Shown only to a signed-in player.

import { api } from "./api.js";
import { byId, clear, h } from "./dom.js";

const state = { tr: null, alerts: null, wired: false };

function minutes(value) {
  const [hours, mins] = value.split(":").map(Number);
  return hours * 60 + mins;
}

function clock(total) {
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

function showError(error) {
  const box = byId("alerts-error");
  box.textContent = state.tr.t("ui.error.server", { status: error.status ?? "", message: error.message });
  box.hidden = false;
}

function say(text) {
  byId("alerts-address-state").textContent = text;
  byId("alerts-address-state").hidden = !text;
}

function renderAlerts() {
  const tr = state.tr;
  const alerts = state.alerts;
  byId("alerts-error").hidden = true;
  byId("alerts-push").checked = alerts.push;
  byId("alerts-email").checked = alerts.email;
  byId("alerts-email").disabled = !alerts.address_confirmed;
  byId("alerts-digest").checked = alerts.digest;
  byId("alerts-no-email").hidden = alerts.email_available;
  byId("alerts-email-box").hidden = !alerts.email_available;
  if (document.activeElement !== byId("alerts-address")) byId("alerts-address").value = alerts.address || "";
  say(!alerts.address ? "" : tr.t(alerts.address_confirmed ? "web.me.alerts_confirmed" : "web.me.alerts_unconfirmed"));
  const quiet = alerts.quiet_hours;
  byId("alerts-quiet").checked = Boolean(quiet);
  if (quiet) {
    byId("alerts-quiet-start").value = clock(quiet.start);
    byId("alerts-quiet-end").value = clock(quiet.end);
  }
}

// Each change is a PATCH of its own fields; only the answer to the newest is shown, so that an
// answer that arrives late never undoes a box the player has ticked since.
let changes = 0;

async function change(fields) {
  const mine = ++changes;
  try {
    const alerts = await api.changeAlerts(fields);
    if (mine !== changes) return;
    state.alerts = alerts;
    renderAlerts();
  } catch (error) {
    showError(error);
  }
}

function quietHours() {
  if (!byId("alerts-quiet").checked) return null;
  return { start: minutes(byId("alerts-quiet-start").value || "22:00"), end: minutes(byId("alerts-quiet-end").value || "07:00") };
}

function wire() {
  if (state.wired) return;
  state.wired = true;
  byId("alerts-push").addEventListener("change", (e) => change({ push: e.target.checked }));
  byId("alerts-email").addEventListener("change", (e) => change({ email: e.target.checked }));
  byId("alerts-digest").addEventListener("change", (e) => change({ digest: e.target.checked }));
  for (const id of ["alerts-quiet", "alerts-quiet-start", "alerts-quiet-end"]) {
    byId(id).addEventListener("change", () => change({
      quiet_hours: quietHours(), utc_offset_minutes: -new Date().getTimezoneOffset(),
    }));
  }
  byId("alerts-address-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const address = byId("alerts-address").value.trim();
    if (!address) return;
    try {
      state.alerts = await api.setAlertAddress(address);
      renderAlerts();
      say(state.tr.t("web.me.alerts_link_sent"));
    } catch (error) {
      showError(error);
    }
  });
}

async function renderBlocked() {
  const tr = state.tr;
  const { blocks } = await api.blocks();
  const list = clear(byId("blocked-list"));
  byId("no-blocked").hidden = blocks.length > 0;
  for (const blocked of blocks) {
    const unblock = h("button", { type: "button", class: "small", text: tr.t("web.me.unblock") });
    unblock.addEventListener("click", async () => {
      await api.unblock(blocked.player_id);
      await renderBlocked();
    });
    list.appendChild(h("li", { dataset: { player: blocked.player_id } }, [h("span", { text: blocked.name }), " ", unblock]));
  }
}

/** Show the settings of the signed-in player (again, in the page's language). */
export async function showSettings(tr) {
  state.tr = tr;
  for (const id of ["alerts", "blocked", "your-data"]) byId(id).hidden = false;
  wire();
  try {
    state.alerts = await api.alerts();
    renderAlerts();
    await renderBlocked();
  } catch (error) {
    showError(error);
  }
}
