// The leaderboards page: a game's best players (GET /api/leaderboards/{game}); the game is in
// the address (?game=), so a board can be linked to.

import { api, playerUrl } from "./api.js";
import { byId, clear, h } from "./dom.js";
import { loadTranslator, translatePage } from "./i18n.js";
import { gameOptions, people } from "./people.js";
import { runPage } from "./widgets.js";

const page = { tr: null, games: [], game: new URLSearchParams(window.location.search).get("game") || "" };

async function showBoard() {
  const tr = page.tr;
  const error = byId("board-error");
  error.hidden = true;
  let board;
  try {
    board = await people.leaderboard(page.game);
  } catch (err) {
    error.textContent = tr.t("web.people.board_failed", { message: err.message });
    error.hidden = false;
    return;
  }
  const body = clear(byId("board").querySelector("tbody"));
  for (const standing of board.players) {
    body.appendChild(h("tr", { dataset: { player: standing.player_id } }, [
      h("td", { text: tr.number(standing.place) }),
      h("th", { scope: "row" }, h("a", { href: playerUrl(standing.player_id), text: standing.name })),
      h("td", { text: tr.number(standing.rating) }),
      h("td", { text: tr.number(standing.games) }),
    ]));
  }
  byId("board").hidden = board.players.length === 0;
  byId("board-empty").hidden = board.players.length > 0;
}

async function start(lang) {
  page.tr = await loadTranslator(lang);
  translatePage(page.tr);
  document.title = `gametable · ${page.tr.t("web.people.leaderboards")}`;
  if (!page.games.length) page.games = await api.games();
  if (!page.games.some((g) => g.name === page.game)) page.game = page.games[0].name;
  gameOptions(byId("board-game"), page.tr, page.games, page.game);
  await showBoard();
}

byId("board-game").addEventListener("change", () => {
  page.game = byId("board-game").value;
  window.history.replaceState(null, "", `?game=${encodeURIComponent(page.game)}`);
  showBoard();
});
runPage(start);
