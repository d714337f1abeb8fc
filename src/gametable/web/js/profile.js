// The player page's profile: "Add friend", statistics per game, the rating chart, and the
// finished games a page at a time. Names and numbers go in as text (dom.js).

import { api, currentPlayer, playerUrl, tableUrl } from "./api.js";
import { byId, clear, h } from "./dom.js";
import { gameName, people, when } from "./people.js";
import { ratingChart } from "./rating_chart.js";

const PAGE = 10;
const profile = { tr: null, player: null, games: [], next: 0 };

function label(key, value) {
  return [h("dt", { text: profile.tr.t(key) }), h("dd", { text: value })];
}

async function showFriendship(me) {
  const tr = profile.tr;
  const button = byId("add-friend");
  const note = byId("friend-note");
  button.hidden = true;
  note.hidden = true;
  if (!me || me.id === profile.player.id) return;
  const friends = (await people.friends()).friends;
  if (friends.some((f) => f.id === profile.player.id)) {
    note.textContent = tr.t("web.people.is_friend", { name: profile.player.name });
    note.hidden = false;
    return;
  }
  button.hidden = false;
  button.onclick = async () => {
    button.disabled = true;
    try {
      await people.addFriend(profile.player.id);
      button.hidden = true;
      note.textContent = tr.t("web.people.is_friend", { name: profile.player.name });
    } catch (error) {
      note.textContent = tr.t("web.people.friend_failed", { message: error.message });
    } finally {
      button.disabled = false;
      note.hidden = false;
    }
  };
}

function showStats(stats) {
  const tr = profile.tr;
  const box = clear(byId("stats"));
  const charts = clear(byId("rating-charts"));
  byId("no-stats").hidden = stats.some((s) => s.games > 0);
  for (const s of stats) {
    const game = profile.games.find((g) => g.name === s.game);
    const domain = game ? game.domain : s.game;
    if (s.ratings.length) {
      const title = tr.t("web.people.rating_over_time", { game: gameName(tr, profile.games, s.game) });
      charts.appendChild(h("figure", { class: "rating-figure", dataset: { game: s.game } }, [
        h("figcaption", { text: title }), ratingChart(tr, s.ratings, title)]));
    }
    if (!s.games) continue;
    const fixed = (value) => (value === null ? "–" : tr.localDigits(value.toFixed(1)));
    box.appendChild(h("div", { class: "game-stats", dataset: { game: s.game } }, [
      h("h3", { text: gameName(tr, profile.games, s.game) }),
      h("dl", { class: "stat-list" }, [
        label("web.people.games", tr.number(s.games)),
        label("web.people.wins", tr.number(s.wins)),
        label("web.people.average_score", fixed(s.average_score)),
        label("web.people.time_per_move", s.average_move_s === null ? "–"
          : tr.t("web.people.seconds", { seconds: tr.localDigits(s.average_move_s.toFixed(1)) })),
      ]),
      Object.keys(s.average_by_category).length ? h("table", { class: "scores categories" }, [
        h("thead", {}, h("tr", {}, [h("th", { text: tr.t("ui.table.category") }),
          h("th", { text: tr.t("web.people.average") })])),
        h("tbody", {}, Object.entries(s.average_by_category).map(([name, points]) => h("tr", {}, [
          h("th", { scope: "row", text: tr.tOr(`${domain}.score.${name}`, name.replaceAll("_", " ")) }),
          h("td", { text: fixed(points) }),
        ]))),
      ]) : null,
    ]));
  }
}

function gameItem(game) {
  const tr = profile.tr;
  const others = game.seats.filter((seat) => seat.seat !== game.seat);
  return h("li", { class: `played${game.won ? " won" : ""}`, dataset: { table: game.table_id } }, [
    h("a", { href: tableUrl(game.table_id), text: gameName(tr, profile.games, game.game) }),
    h("span", { class: "hint", text: tr.localDigits(when(tr, game.finished_ms)) }),
    h("span", { text: tr.t("web.people.place", { place: game.place, players: game.seats.length }) }),
    h("span", { text: tr.t("web.people.score", { score: game.score }) }),
    h("span", { class: "opponents" }, [tr.t("web.people.against"), " ",
      others.map((seat, i) => [i ? ", " : "", seat.player_id
        ? h("a", { href: playerUrl(seat.player_id), text: seat.name || tr.seatName(seat.seat) })
        : h("span", { text: seat.name || tr.seatName(seat.seat) })])]),
  ]);
}

async function moreGames() {
  const page = await people.games(profile.player.id, profile.next, PAGE);
  for (const game of page.games) byId("history").appendChild(gameItem(game));
  profile.next = page.next_offset;
  byId("more-games").hidden = page.next_offset === null;
}

/** Draw the profile of `player` ({id, name}) in `tr`'s language. */
export async function showProfile(tr, player) {
  profile.tr = tr;
  profile.player = player;
  const [games, me, stats] = await Promise.all([api.games(), currentPlayer().catch(() => null),
    people.stats(player.id)]);
  profile.games = games;
  showStats(stats.games);
  clear(byId("history"));
  profile.next = 0;
  await moreGames();
  await showFriendship(me);
}

byId("more-games").addEventListener("click", moreGames);
