// A player's page: their name and their rating in each game (finished games against people).

import { api } from "./api.js";
import { byId, clear, h } from "./dom.js";
import { loadTranslator, translatePage } from "./i18n.js";
import { runPage } from "./widgets.js";
import { showProfile } from "./profile.js";

const page = { tr: null, player: null };
const playerId = decodeURIComponent((window.location.pathname.match(/\/p\/([^/]+)\/?$/) || [])[1] || "");

function render() {
  const tr = page.tr;
  const player = page.player;
  if (!player) return;
  byId("player-name").textContent = player.name;
  document.title = `${player.name} · gametable`;
  const body = clear(byId("ratings").querySelector("tbody"));
  for (const rating of player.ratings) {
    body.appendChild(h("tr", { dataset: { game: rating.game } }, [
      h("th", { scope: "row", text: tr.tOr(`ui.game.${rating.game}`, rating.game) }),
      h("td", { class: "rating" }, [
        h("strong", { text: tr.number(rating.displayed) }),
        rating.provisional ? h("span", { class: "tag provisional", text: tr.t("web.player.provisional") }) : null,
      ]),
      h("td", { text: tr.number(rating.games) }),
    ]));
  }
  byId("ratings").hidden = player.ratings.length === 0;
  byId("no-ratings").hidden = player.ratings.length > 0;
}

async function start(lang) {
  page.tr = await loadTranslator(lang);
  translatePage(page.tr);
  if (!page.player) {
    try {
      page.player = await api.player(playerId);
    } catch (error) {
      byId("player-error").textContent = page.tr.t("web.player.unknown");
      byId("player-error").hidden = false;
      return;
    }
  }
  render();
  await showProfile(page.tr, page.player);
}

runPage(start);
