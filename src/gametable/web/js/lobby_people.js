// The lobby's people: the open tables (with their game and language filters), the friends
// (online first, with the tables they play at) and the friends the create form invites.

import { playerUrl } from "./api.js";
import { byId, clear, h } from "./dom.js";
import { LANGUAGES } from "./i18n.js";
import { gameName, gameOptions, languageName, people, timeAgo } from "./people.js";

const lobby = { tr: null, games: [], friends: [], filters: { game: "", lang: "" } };

function clockWords(tr, clock) {
  return tr.t(`web.clock.${clock ? clock.kind : "none"}`);
}

function renderFilters() {
  const tr = lobby.tr;
  gameOptions(byId("open-game"), tr, lobby.games, lobby.filters.game, tr.t("web.people.all_games"));
  byId("open-lang").replaceChildren(
    h("option", { value: "", text: tr.t("web.people.all_languages") }),
    ...Object.entries(LANGUAGES).map(([code, info]) =>
      h("option", { value: code, selected: code === lobby.filters.lang, text: info.name })),
  );
}

async function loadOpenTables() {
  const tr = lobby.tr;
  let tables = [];
  try {
    tables = (await people.openTables(lobby.filters)).tables;
  } catch (error) {
    byId("open-none").textContent = tr.t("web.people.open_failed", { message: error.message });
    byId("open-none").hidden = false;
    return;
  }
  const list = clear(byId("open-list"));
  for (const table of tables) {
    list.appendChild(h("li", { class: "open-table", dataset: { table: table.id, game: table.game } }, [
      h("div", { class: "open-what" }, [
        h("strong", { text: gameName(tr, lobby.games, table.game) }),
        h("span", { class: "hint", text: tr.t("web.people.seats_taken", { taken: table.seats_taken, players: table.players }) }),
      ]),
      h("div", { class: "open-details hint" }, [
        h("span", { text: clockWords(tr, table.clock) }),
        table.lang ? h("span", { lang: table.lang, text: languageName(table.lang) }) : null,
        h("span", { text: tr.localDigits(timeAgo(tr, table.age_s)) }),
      ]),
      h("a", { class: "button primary", href: table.url, text: tr.t("web.people.join") }),
    ]));
  }
  byId("open-none").textContent = tr.t("web.people.no_open_tables");
  byId("open-none").hidden = tables.length > 0;
}

function renderFriends() {
  const tr = lobby.tr;
  const list = clear(byId("friend-list"));
  for (const friend of lobby.friends) {
    list.appendChild(h("li", { class: `friend${friend.online ? " online" : ""}`, dataset: { player: friend.id } }, [
      h("span", { class: "presence", "aria-hidden": "true" }),
      h("a", { href: playerUrl(friend.id), text: friend.name }),
      h("span", { class: "hint", text: tr.t(friend.online ? "web.people.online" : "web.people.offline") }),
      friend.tables.length ? h("span", { class: "friend-tables" }, friend.tables.map((table) =>
        h("a", { href: table.url, text: gameName(tr, lobby.games, table.game) }))) : null,
    ]));
  }
  byId("no-friends").hidden = lobby.friends.length > 0;
  const invites = clear(byId("invite-list"));
  for (const friend of lobby.friends) {
    invites.appendChild(h("li", {}, h("label", { class: "check" }, [
      h("input", { type: "checkbox", value: friend.id, dataset: { friend: friend.id } }),
      h("span", { text: friend.name }),
    ])));
  }
  byId("invite-friends").hidden = lobby.friends.length === 0;
}

/** The friends ticked in the create form (each gets one of the invited seats). */
export function invitedFriends() {
  return [...byId("invite-list").querySelectorAll("input:checked")].map((box) => box.value);
}

export function isListed() {
  return byId("listed").checked;
}

/** Draw the lobby's people in `tr`'s language; `player`: who this browser is (null: nobody). */
export async function showPeople(tr, games, player) {
  lobby.tr = tr;
  lobby.games = games;
  renderFilters();
  byId("friends").hidden = !player;
  if (player) {
    try {
      lobby.friends = (await people.friends()).friends;
    } catch {
      lobby.friends = [];
    }
    renderFriends();
  }
  await loadOpenTables();
}

for (const [field, select] of [["game", "open-game"], ["lang", "open-lang"]]) {
  byId(select).addEventListener("change", () => {
    lobby.filters[field] = byId(select).value;
    loadOpenTables();
  });
}
