// My tables: the player's tables (their turn first), a sign-in code for another device, and
// the way to their own page. A browser that is no player yet makes one here.

import { api, ApiError, playerNamed, playerUrl, tableUrl } from "./api.js";
import { byId, clear, h } from "./dom.js";
import { loadTranslator, translatePage } from "./i18n.js";
import { botsFinishedText } from "./results.js";
import { showSettings } from "./me-settings.js";
import { copyText, runPage } from "./widgets.js";

// previous: the player a sign-in link switched this browser from (it can sign back in)
const page = { tr: null, player: undefined, previous: null, tables: [] };

function seatNames(tr, seats) {
  return seats.map((seat, index) => {
    if (seat.name) return seat.name;
    return seat.kind === "bot" ? tr.t("ui.bot_name", { number: index + 1 }) : tr.seatName(index);
  });
}

// Names inside sentences are isolated (FSI … PDI) so that a Latin name cannot reorder a
// Persian sentence, nor the reverse.
function isolated(names) {
  return names.map((name) => `\u2068${name}\u2069`);
}

function statusText(tr, table, names) {
  if (table.invited !== null && table.you === null) return tr.t("web.me.invited");
  if (table.status === "finished") {
    const winners = table.result?.winners || [];
    return winners.length
      ? tr.t("ui.table.winners", { names: tr.joinList(winners.map((seat) => names[seat])) })
      : tr.t("ui.table.game_over");
  }
  if (table.status === "waiting") return tr.t("web.me.waiting");
  if (table.your_turn) return tr.t("ui.table.your_turn");
  return tr.t("ui.table.waiting_for", { names: tr.joinList(table.to_act.map((seat) => names[seat])) });
}

function botsFinished(tr, table, names) {
  const text = botsFinishedText(tr, table.seats, names);
  return text ? h("p", { class: "hint bots-finished", text }) : null;
}

function tableItem(tr, table) {
  const plain = seatNames(tr, table.seats);
  const names = isolated(plain);
  const title = tr.tOr(`ui.game.${table.game}`, table.game);
  const links = [h("a", {
    class: `button${table.your_turn || table.invited !== null ? " primary" : ""}`,
    href: tableUrl(table.id),
    text: tr.t(table.status === "finished" ? "web.me.open" : "web.me.play"),
  })];
  if (table.status === "finished") {
    links.push(h("a", { class: "button", href: `${tableUrl(table.id)}#replay`, text: tr.t("ui.replay.open") }));
    if (table.rematch) {
      links.push(h("a", { class: "button", href: tableUrl(table.rematch), text: tr.t("web.rematch.join") }));
    }
  }
  const state = table.your_turn ? "yours" : table.status;
  return h("li", { class: "table-entry", dataset: { table: table.id, state } }, [
    h("div", { class: "table-head" }, [
      h("strong", { text: title }),
      h("span", { class: `tag${table.your_turn ? " yours" : ""}`, text: statusText(tr, table, names) }),
    ]),
    // a game the bots finished for its people is not a win over them (they timed out or left)
    table.status === "finished" ? botsFinished(tr, table, names) : null,
    h("ul", { class: "table-seats" }, table.seats.map((seat, index) => h("li", {
      class: `seat-colour-${index}${index === table.you ? " me" : ""}`,
    }, [
      h("span", { class: "dot", "aria-hidden": "true" }),
      seat.player && seat.kind === "human"
        ? h("a", { href: playerUrl(seat.player), text: plain[index] })
        : h("span", { text: plain[index] }),
      index === table.you ? h("span", { class: "tag you", text: tr.t("ui.seat.you") }) : null,
    ]))),
    h("div", { class: "table-links" }, links),
  ]);
}

function renderTables() {
  const list = clear(byId("tables"));
  for (const table of page.tables) list.appendChild(tableItem(page.tr, table));
  byId("no-tables").hidden = page.tables.length > 0;
}

async function showSigninLink() {
  const tr = page.tr;
  const button = byId("make-link");
  button.disabled = true;
  try {
    const link = await api.signinLink();
    // An image from our own answer (the QR code's SVG), as a data: address the page policy allows.
    byId("qr").src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(link.qr_svg)}`;
    byId("signin-url").value = link.url;
    const until = new Intl.DateTimeFormat(tr.lang, { hour: "2-digit", minute: "2-digit" })
      .format(new Date(link.expires_ms));
    byId("link-expiry").textContent = tr.t("web.me.link_expiry", { time: until });
    byId("link-box").hidden = false;
  } catch (error) {
    byId("link-expiry").textContent = tr.t("ui.error.server", { status: error.status ?? "", message: error.message });
    byId("link-box").hidden = false;
  } finally {
    button.disabled = false;
  }
}

function renderPlayer() {
  const tr = page.tr;
  const player = page.player;
  byId("become").hidden = Boolean(player);
  for (const id of ["tables-box", "devices", "account"]) byId(id).hidden = !player;
  byId("signed-in").hidden = !player;
  const back = byId("switch-back");
  back.hidden = !page.previous;
  if (page.previous) back.textContent = tr.t("web.me.switch_back", { name: `\u2068${page.previous.name}\u2069` });
  if (!player) return;
  byId("signed-in").textContent = tr.t("web.me.signed_in", { name: `\u2068${player.name}\u2069` });
  byId("player-page").href = playerUrl(player.id);
}

async function become(event) {
  event.preventDefault();
  const name = byId("become-name").value.trim();
  if (!name) return;
  try {
    page.player = await playerNamed(name, page.tr.lang);
    page.tables = [];
    render();
  } catch (error) {
    byId("become-error").textContent = page.tr.t("ui.error.create_failed", { message: error.message });
    byId("become-error").hidden = false;
  }
}

function render() {
  renderPlayer();
  if (page.player) {
    renderTables();
    showSettings(page.tr);
  }
}

async function start(lang) {
  page.tr = await loadTranslator(lang);
  translatePage(page.tr);
  document.title = `gametable · ${page.tr.t("web.me.title")}`;
  if (page.player === undefined) {
    const session = await api.session();
    page.player = session.player;
    page.previous = session.previous;
    if (page.player) page.tables = (await api.myTables()).tables;
  }
  render();
}

byId("become").addEventListener("submit", become);
byId("make-link").addEventListener("click", showSigninLink);
byId("copy-link").addEventListener("click", () => copyText(byId("signin-url"), byId("copied")));
byId("switch-back").addEventListener("click", async () => {
  try {
    await api.switchBack();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
  window.location.reload(); // the other player's tables
});
byId("sign-out").addEventListener("click", async () => {
  try {
    await api.signOut();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
  window.location.assign("/");
});
runPage(start);
