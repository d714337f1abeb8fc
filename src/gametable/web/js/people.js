// Finding people: the API calls of open tables, friends, profiles and leaderboards, and small
// pieces the lobby, the player page and the leaderboards share.

import { request } from "./api.js";
import { h } from "./dom.js";
import { LANGUAGES } from "./i18n.js";

const id = (value) => encodeURIComponent(value);

export const people = {
  openTables: ({ game, lang } = {}) => {
    const query = new URLSearchParams();
    if (game) query.set("game", game);
    if (lang) query.set("lang", lang);
    const text = query.toString();
    return request("GET", `/api/open-tables${text ? `?${text}` : ""}`);
  },
  friends: () => request("GET", "/api/me/friends"),
  addFriend: (playerId) => request("POST", "/api/me/friends", { body: { player_id: playerId } }),
  removeFriend: (playerId) => request("DELETE", `/api/me/friends/${id(playerId)}`),
  games: (playerId, offset = 0, limit = 10) =>
    request("GET", `/api/players/${id(playerId)}/games?offset=${offset}&limit=${limit}`),
  stats: (playerId) => request("GET", `/api/players/${id(playerId)}/stats`),
  leaderboard: (game) => request("GET", `/api/leaderboards/${id(game)}`),
};

/** "5 minutes ago" in the page's language (the browser's own words and digits). */
export function timeAgo(tr, seconds) {
  const words = new Intl.RelativeTimeFormat(tr.lang, { numeric: "auto" });
  if (seconds < 60) return words.format(-Math.floor(seconds), "second");
  if (seconds < 3600) return words.format(-Math.floor(seconds / 60), "minute");
  if (seconds < 86400) return words.format(-Math.floor(seconds / 3600), "hour");
  return words.format(-Math.floor(seconds / 86400), "day");
}

/** A date and time in the page's language. */
export function when(tr, ms) {
  return new Intl.DateTimeFormat(tr.lang, { dateStyle: "medium", timeStyle: "short" }).format(new Date(ms));
}

export function languageName(code) {
  return LANGUAGES[code]?.name || code || "";
}

/** A game's name: its catalog title, else the name the server gives. */
export function gameName(tr, games, name) {
  const game = games.find((g) => g.name === name);
  return tr.tOr(`ui.game.${name}`, game ? game.title : name);
}

/** A select of every game (and "all games" first when `all` is a label). */
export function gameOptions(select, tr, games, chosen, all) {
  select.replaceChildren(
    ...(all ? [h("option", { value: "", text: all })] : []),
    ...games.map((game) => h("option", { value: game.name, selected: game.name === chosen, text: gameName(tr, games, game.name) })),
  );
}
