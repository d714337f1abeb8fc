// /learn/<game>: start a guided first game (POST /api/learn/<game>, as the player this browser is,
// made here from a name on a first visit) or carry on with the one started before, whose table
// id this browser keeps (gametable.learn.<game>); the table's page shows the guide (guide.js).

import { api, currentPlayer, playerNamed } from "./api.js";
import { byId } from "./dom.js";
import { loadTranslator, translatePage } from "./i18n.js";
import { runPage } from "./widgets.js";

const GAMES = ["gwt", "gwt-2e", "catan-on-the-road"];
const match = window.location.pathname.match(/\/learn\/([^/]+)\/?$/);
const page = { tr: null, game: match ? decodeURIComponent(match[1]) : "", player: null };
const KEPT = `gametable.learn.${page.game}`;

function guideUrl(tableId) {
  return `/t/${encodeURIComponent(tableId)}?guide=${encodeURIComponent(page.game)}`;
}

async function start(lang) {
  const tr = (page.tr = await loadTranslator(lang));
  translatePage(tr);
  const known = GAMES.includes(page.game);
  const title = known ? tr.t(`ui.game.${page.game}`) : page.game;
  byId("learn-heading").textContent = tr.t("web.learn.title_of", { game: title });
  document.title = `gametable · ${byId("learn-heading").textContent}`;
  byId("learn-intro").textContent = known ? tr.t(`web.learn.intro.${page.game}`) : tr.t("web.learn.no_guide");
  byId("learn-form").hidden = !known;
  if (!known) return;
  page.player = await currentPlayer();
  byId("learn-name-row").hidden = !!page.player;
  byId("learn-name").required = !page.player;
  byId("learn-name").value = window.localStorage.getItem("gametable.name") || "";
  const kept = window.localStorage.getItem(KEPT);
  byId("learn-resume").hidden = !(kept && page.player);
  if (kept) byId("learn-resume").href = guideUrl(kept);
  byId("learn-start").textContent = tr.t(kept && page.player ? "web.learn.restart" : "web.learn.start");
}

byId("learn-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const error = byId("learn-error");
  error.hidden = true;
  try {
    if (!page.player) {
      const name = byId("learn-name").value.trim();
      if (!name) return;
      window.localStorage.setItem("gametable.name", name);
      page.player = await playerNamed(name, page.tr.lang);
    }
    const started = await api.startGuide(page.game);
    window.localStorage.setItem(KEPT, started.id);
    window.location.assign(guideUrl(started.id));
  } catch (err) {
    error.textContent = page.tr.t("web.learn.failed", { message: err.message });
    error.hidden = false;
  }
});

runPage(start);
