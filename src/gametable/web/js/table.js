// The table page: join or watch, live updates, the game's board, choices, log and scores.

import { api, ApiError, seats as seatStore, tableIdFromLocation } from "./api.js";
import { Choices, closeMenu } from "./choices.js";
import { byId, clear, h } from "./dom.js";
import { loadTranslator, preferredLanguage, rememberLanguage, translatePage } from "./i18n.js";
import { actionLabel } from "./labels.js";
import { languageSelect, copyText } from "./widgets.js";
import { LiveTable } from "./live.js";
import { Replay } from "./replay.js";
import { TurnAlerts, pushKey, subscribePush } from "./alerts.js";
import { ChatPanel } from "./chat.js";
import { keepTicking, seatClock } from "./clocks.js";
import { handOverButton, seatTools } from "./seattools.js";

const RENDERERS = {
  gwt: () => import("./games/gwt/table.js"),
  "catan-on-the-road": () => import("./games/catan/table.js"),
};
const DOMAINS = { gwt: "gwt", "catan-on-the-road": "catan" };

const page = {
  tr: null,
  tableId: tableIdFromLocation(),
  me: null, // {seat, token} when this browser holds a seat
  snapshot: null,
  live: null,
  renderer: null,
  busy: false,
  replay: null,
  logSeen: null, // when each log entry was first shown (see firstSeen)
  alerts: new TurnAlerts(),
  chat: null,
  pushKey: null, // the server's Web Push key, when it and this browser can push
  timeoutsSeen: null, // how many timeouts the page has told of
};

function seatNames(snapshot) {
  return (snapshot.seats || []).map((seat, index) => {
    if (seat.name) return seat.name;
    return seat.kind === "bot" ? page.tr.t("ui.bot_name", { number: index + 1 }) : page.tr.seatName(index);
  });
}

// Names inside sentences are wrapped in Unicode isolates (FSI … PDI), so a Latin name in a
// Persian sentence (or the reverse) cannot reorder the words around it.
function isolated(names) {
  return names.map((name) => `\u2068${name}\u2069`);
}

function domainOf(view) {
  return DOMAINS[view.game] || String(view.game || "").split("-")[0];
}

// -- notices ----------------------------------------------------------------------------

function notify(kind, text) {
  const box = byId("notice");
  box.dataset.kind = kind;
  box.textContent = text;
  box.hidden = false;
  clearTimeout(notify.timer);
  notify.timer = setTimeout(() => { box.hidden = true; }, kind === "error" ? 9000 : 5000);
}

function explainError(error) {
  const tr = page.tr;
  if (!(error instanceof ApiError)) return tr.t("ui.error.network");
  switch (error.status) {
    case 400: return tr.t("ui.error.illegal", { message: error.message });
    case 401:
    case 403: return tr.t("ui.error.forbidden", { message: error.message });
    case 404: return tr.t("ui.error.no_table");
    case 409: return tr.t("ui.error.stale");
    case 413: return tr.t("ui.error.too_large");
    default: return tr.t("ui.error.server", { status: error.status, message: error.message });
  }
}

// -- sending actions -------------------------------------------------------------------------

// An action goes with the seq of the snapshot it was chosen from. The server applies it while
// this seat's choices are the same as then (another seat answering the same offer first does
// not change them); a 409 means they really changed, so the page shows the table anew.
async function send(action, seq) {
  return sendAll([action], seq);
}

// Several actions chosen at once (the cards to discard to the robber) go one at a time, as the
// game takes them; each after the first goes with the seq of the table it follows, and only
// while it is still among this seat's choices: the game may have finished the rest itself (the
// last cards owed, when only one kind is left in hand).
async function sendAll(actions, seq) {
  if (page.busy || !page.me || page.replay || actions.length === 0) return;
  closeMenu();
  page.busy = true;
  document.body.classList.add("busy");
  try {
    let current = seq;
    for (const [index, action] of actions.entries()) {
      if (index > 0) {
        const now = await api.table(page.tableId, page.me.token);
        if (!(now.legal_actions || []).some((legal) => sameAction(legal, action))) break;
        current = now.seq;
      }
      await api.act(page.tableId, page.me.token, current, action);
    }
    byId("notice").hidden = true;
    await page.live.resync();
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      notify("info", page.tr.t("ui.error.stale"));
      await page.live.resync().catch(() => {});
    } else {
      notify("error", explainError(error));
    }
  } finally {
    page.busy = false;
    document.body.classList.remove("busy");
  }
}

function sameAction(a, b) {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length
    && keys.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

// -- drawing ------------------------------------------------------------------------------------

function renderSeatBar(snapshot, names) {
  const tr = page.tr;
  const bar = clear(byId("seat-bar"));
  const toAct = new Set(snapshot.view?.to_act || []);
  (snapshot.seats || []).forEach((seat, index) => {
    const classes = ["seat-chip", `seat-colour-${index}`];
    const mine = page.me && page.me.seat === index;
    // a person whose page is not connected (they left, or their connection dropped)
    const away = seat.kind === "human" && !seat.online && !mine;
    if (toAct.has(index)) classes.push("to-act");
    if (mine) classes.push("me");
    if (away) classes.push("away");
    const dataset = { seat: index, kind: seat.kind, online: String(Boolean(seat.online)) };
    bar.appendChild(h("li", { class: classes.join(" "), dataset }, [
      h("span", { class: "dot", "aria-hidden": "true" }),
      h("span", { class: "name", text: names[index] }),
      seat.kind === "bot" ? h("span", { class: "tag", text: tr.t("ui.seat.bot") }) : null,
      seat.kind === "open" ? h("span", { class: "tag", text: tr.t("ui.seat.open") }) : null,
      away ? h("span", { class: "tag away", text: tr.t("ui.seat.away") }) : null,
      page.me && page.me.seat === index ? h("span", { class: "tag you", text: tr.t("ui.seat.you") }) : null,
      seatClock(tr, snapshot, seat, page.live?.serverOffset || 0),
      handOverButton(tr, snapshot, seat, page.me, handOver),
    ]));
  });
  keepTicking(tr, snapshot, page.live?.serverOffset || 0);
}

// -- seats: hand over, leave, take back; alerts ------------------------------------------------

async function seatChange(call) {
  try {
    await call();
    await page.live.resync();
  } catch (error) {
    notify("error", explainError(error));
  }
}

function handOver(seat) {
  seatChange(() => api.seatToBot(page.tableId, page.me.token, seat));
}

function renderSeatTools(snapshot) {
  const panel = seatTools(page.tr, snapshot, page.me, {
    alerts: page.alerts,
    pushAvailable: Boolean(page.pushKey),
    onLeave: () => seatChange(() => api.seatToBot(page.tableId, page.me.token, page.me.seat)),
    onTakeBack: () => seatChange(() => api.takeBack(page.tableId, page.me.token, page.me.seat)),
    onPush: async () => {
      try {
        await subscribePush(page.tableId, page.me.token, page.pushKey, page.tr.lang);
        notify("info", page.tr.t("web.alert.push_on"));
      } catch (error) {
        notify("error", explainError(error));
      }
    },
  });
  const old = byId("seat-tools");
  if (old) old.replaceWith(panel);
  else byId("prompt").after(panel);
}

/** Say when the bot played for a seat whose time ran out (once per timeout). */
function tellTimeouts(snapshot, names) {
  if (page.replay) return; // a replay's positions are not news
  const timeouts = snapshot.timed_out || [];
  if (page.timeoutsSeen !== null && timeouts.length > page.timeoutsSeen) {
    const last = timeouts[timeouts.length - 1];
    notify("info", page.tr.t("web.clock.timed_out", { seat: last.seat }, names));
  }
  page.timeoutsSeen = timeouts.length;
}

function renderPrompt(snapshot, names, choices) {
  const tr = page.tr;
  const box = clear(byId("prompt"));
  const view = snapshot.view || {};
  const toAct = view.to_act || [];
  const free = (snapshot.seats || []).filter((s) => s.kind === "open").length;
  box.dataset.state = "";
  if (page.replay) {
    box.appendChild(h("p", { text: tr.t("ui.replay.help") }));
    return;
  }
  if (snapshot.status === "finished" || (toAct.length === 0 && snapshot.status !== "waiting")) {
    box.dataset.state = "over";
    const winners = resultOf(snapshot)?.winners || [];
    box.appendChild(h("strong", { text: tr.t("ui.table.game_over") }));
    if (winners.length) {
      box.appendChild(h("p", { text: tr.t("ui.table.winners", { names: tr.joinList(winners.map((s) => names[s])) }) }));
    }
    return;
  }
  if (free > 0 || snapshot.status === "waiting") {
    box.dataset.state = "waiting";
    box.appendChild(h("strong", { text: tr.t("ui.table.waiting_players", { count: free }) }));
    if (page.me) box.appendChild(h("p", { class: "hint", text: tr.t("ui.table.invite_hint") }));
    return;
  }
  if (page.me && toAct.includes(page.me.seat)) {
    box.dataset.state = "yours";
    // a renderer may say what is asked of a seat acting outside its own turn (answering a trade)
    const headline = page.renderer?.headline?.({ tr, view, names, seat: page.me.seat });
    box.appendChild(h("strong", { text: headline || tr.t("ui.table.your_turn") }));
    const onBoard = choices.legal.length - choices.unclaimed().length;
    box.appendChild(h("p", {
      class: "hint",
      text: tr.t(onBoard > 0 ? "ui.table.choose_on_board" : "ui.table.choose_below"),
    }));
    if (page.renderer?.prompt) {
      const extra = page.renderer.prompt({ tr, view, names, seat: page.me.seat });
      if (extra) box.appendChild(h("p", { class: "phase", text: extra }));
    }
    return;
  }
  box.dataset.state = "others";
  box.appendChild(h("strong", {
    text: tr.t("ui.table.waiting_for", { names: tr.joinList(toAct.map((s) => names[s])) }),
  }));
  if (!page.me) box.appendChild(h("p", { class: "hint", text: tr.t("ui.table.spectating") }));
}

function renderChoices(choices) {
  const box = byId("choices");
  const list = clear(byId("choice-buttons"));
  const rest = choices.unclaimed();
  box.hidden = rest.length === 0;
  for (const action of rest) {
    list.appendChild(h("button", {
      type: "button",
      class: "choice",
      dataset: { legal: "1", type: action.type },
      text: choices.label(action),
      onclick: () => choices.send(action),
    }));
  }
}

// How long a log entry stays marked as new, so that what others (bots too) just did is seen.
const FRESH_MS = 6000;

/** When each log entry was first shown (ms); entries already there when the page opened count as old. */
function firstSeen(entries) {
  const now = Date.now();
  if (page.replay) return entries.map(() => 0);
  if (!page.logSeen) page.logSeen = entries.map(() => 0);
  for (let index = page.logSeen.length; index < entries.length; index++) page.logSeen.push(now);
  return page.logSeen;
}

function renderLog(view, names) {
  // Newest first in the DOM; the list is laid out bottom-up (column-reverse), so it reads top to
  // bottom and stays scrolled to the newest entry without any script.
  const list = clear(byId("log"));
  const entries = view.log || [];
  const seen = firstSeen(entries);
  const now = Date.now();
  for (let index = entries.length - 1; index >= 0; index--) {
    const entry = entries[index];
    const seat = Number.isInteger(entry.seat) ? entry.seat : null;
    const age = now - seen[index];
    const fresh = seen[index] > 0 && age < FRESH_MS;
    const item = h("li", {
      class: `log-entry${seat !== null ? ` seat-colour-${seat}` : ""}${fresh ? " fresh" : ""}`,
      dataset: { key: entry.key, index },
    }, [
      seat !== null ? h("span", { class: "dot", "aria-hidden": "true" }) : null,
      h("span", { class: "text", text: page.tr.describe(entry, names) }),
    ]);
    // The fading mark goes on where it was when the log is drawn again (CSSOM, allowed by the CSP).
    if (fresh) item.style.animationDelay = `-${age}ms`;
    list.appendChild(item);
  }
}

export function resultOf(snapshot) {
  return snapshot.result || snapshot.view?.result || null;
}

// A category's points: the winner's column stands out, nothing scored fades, a loss is marked.
function scoreCell(points, winner) {
  const classes = [winner ? "winner" : "", points === 0 ? "zero" : "", points < 0 ? "negative" : ""];
  return h("td", { class: classes.filter(Boolean).join(" "), text: page.tr.number(points) });
}

function renderScores(snapshot, names, domain) {
  const result = resultOf(snapshot);
  if (!result || !result.scores) return null;
  const tr = page.tr;
  const categories = [];
  for (const score of result.scores) {
    for (const name of Object.keys(score.breakdown || {})) if (!categories.includes(name)) categories.push(name);
  }
  const winners = new Set(result.winners || []);
  return h("section", { class: "panel final-scores" }, [
    h("h2", { text: tr.t("ui.table.final_scores") }),
    h("table", { class: "scores" }, [
      h("thead", {}, h("tr", {}, [
        h("th", { text: tr.t("ui.table.category") }),
        result.scores.map((score) => h("th", {
          class: `seat-colour-${score.seat}${winners.has(score.seat) ? " winner" : ""}`,
          text: names[score.seat],
        })),
      ])),
      h("tbody", {}, categories.map((name) => h("tr", { dataset: { category: name } }, [
        h("th", { scope: "row", text: tr.tOr(`${domain}.score.${name}`, name.replaceAll("_", " ")) }),
        result.scores.map((score) => scoreCell(score.breakdown?.[name] ?? 0, winners.has(score.seat))),
      ]))),
      h("tfoot", {}, h("tr", {}, [
        h("th", { scope: "row", text: tr.t("ui.table.total") }),
        result.scores.map((score) => h("td", {
          class: winners.has(score.seat) ? "winner" : "",
          text: tr.number(score.total),
        })),
      ])),
    ]),
  ]);
}

async function render(snapshot) {
  page.snapshot = snapshot;
  const tr = page.tr;
  const view = snapshot.view || {};
  const plainNames = seatNames(snapshot);
  const names = isolated(plainNames);
  const domain = domainOf(view);
  if (!page.renderer && RENDERERS[view.game]) {
    page.renderer = await RENDERERS[view.game]();
    // A newer snapshot came while the renderer loaded (the first REST answer and the socket's
    // first state, say): its own render draws the page; this older one must not draw over it.
    if (page.snapshot !== snapshot) return;
  }
  document.body.dataset.game = view.game || "";
  // The seat the view was made for (null: a spectator's view, as in replays). A snapshot that
  // arrives just before or after joining may be for another seat than this browser now holds.
  const seat = page.replay ? null : snapshot.you ?? null;
  const legal = seat === null || !page.me || page.me.seat !== seat ? [] : snapshot.legal_actions || [];
  const describe = (action) => (page.renderer?.actionLabel
    ? page.renderer.actionLabel(tr, action, names)
    : actionLabel(tr, domain, action, names));
  // what each choice costs and gives, joined as the terminal joins them (gwt: its _detail)
  const sayNotes = (notes) => tr.joinList(notes.map((note) => tr.describe(note, names)));
  const choices = new Choices(legal, (action) => send(action, snapshot.seq), describe,
    (actions) => sendAll(actions, snapshot.seq), legal.length ? snapshot.action_notes : [], sayNotes,
    (labels) => tr.t("ui.table.menu_of", { choices: labels }));
  const board = byId("board");
  if (page.renderer) {
    // redraw: a step of a choice the page gathers before sending (no new snapshot comes)
    page.renderer.render(board, { tr, view, names, choices, seat, snapshot, domain, redraw: () => render(page.snapshot) });
  }
  const scores = renderScores(snapshot, plainNames, domain);
  board.querySelector(":scope > .final-scores")?.remove();
  if (scores) board.prepend(scores);
  renderSeatBar(snapshot, plainNames);
  renderPrompt(snapshot, names, choices);
  renderChoices(choices);
  renderLog(view, names);
  renderSeatTools(snapshot);
  tellTimeouts(snapshot, names);
  byId("invite").hidden = !(snapshot.seats || []).some((s) => s.kind === "open");
  byId("replay-open").hidden = !(snapshot.status === "finished" || resultOf(snapshot)) || !!page.replay;
  const title = tr.tOr(`ui.game.${view.game}`, view.game || "");
  byId("game-title").textContent = title;
  page.alerts.show(tr, `${title} · gametable`, legal.length > 0 && snapshot.status === "playing");
}

// -- joining ------------------------------------------------------------------------------------

function askToJoin(snapshot) {
  const dialog = byId("join-dialog");
  const tr = page.tr;
  byId("join-game").textContent = tr.tOr(`ui.game.${snapshot.view?.game}`, snapshot.view?.game || "");
  byId("join-name").value = window.localStorage.getItem("gametable.name") || "";
  byId("join-watch").onclick = () => dialog.close();
  byId("join-form").onsubmit = async (event) => {
    event.preventDefault();
    const name = byId("join-name").value.trim();
    const error = byId("join-error");
    if (!name) return;
    window.localStorage.setItem("gametable.name", name);
    try {
      const joined = await api.join(page.tableId, name);
      seatStore.set(page.tableId, joined.seat, joined.token);
      page.me = { seat: joined.seat, token: joined.token };
      dialog.close();
      mountChat(); // a seat writes in the chat
      connect();
    } catch (err) {
      error.textContent = err instanceof ApiError && err.status === 409 ? tr.t("ui.join.full") : explainError(err);
      error.hidden = false;
    }
  };
  dialog.showModal();
}

function connect() {
  page.live?.stop();
  page.live = new LiveTable(page.tableId, page.me?.token, {
    onSnapshot: (snapshot) => { if (!page.replay) render(snapshot); },
    // Someone's connection opened or closed: only the seat bar changes (a choice being made
    // on the board stays as it is).
    onPresence: (snapshot) => {
      if (page.replay) return;
      page.snapshot = snapshot;
      renderSeatBar(snapshot, seatNames(snapshot));
    },
    onStatus: (state) => {
      const node = byId("connection");
      node.dataset.state = state;
      // data-i18n too: a language switch (translatePage) then says the state in the new language
      node.dataset.i18n = `ui.connection.${state}`;
      node.textContent = page.tr.t(`ui.connection.${state}`);
    },
    onError: (error) => notify("error", explainError(error)),
    onChat: (message) => page.chat?.receive(message),
    onReconnect: () => page.chat?.load(),
  });
  return page.live.start();
}

function mountChat() {
  const messages = page.chat?.messages;
  page.chat = new ChatPanel(page.tableId, {
    tr: page.tr,
    names: () => (page.snapshot ? seatNames(page.snapshot) : []),
    token: page.me?.token || null,
    onError: (error) => notify("error", explainError(error)),
  });
  if (messages) page.chat.messages = messages;
  page.chat.mount();
}

// -- replay ---------------------------------------------------------------------------------------

function openReplay() {
  page.replay = new Replay(page.tableId, page.me?.token, {
    tr: page.tr,
    show: (snapshot) => render(snapshot),
    onError: (error) => notify("error", explainError(error)),
  });
  byId("replay-bar").hidden = false;
  page.replay.start();
}

function closeReplay() {
  page.replay = null;
  byId("replay-bar").hidden = true;
  page.live.resync().catch(() => {});
}

// -- start ------------------------------------------------------------------------------------------

async function start(lang) {
  page.tr = await loadTranslator(lang);
  translatePage(page.tr);
  if (!page.tableId) {
    notify("error", page.tr.t("ui.error.no_table"));
    return;
  }
  if (page.snapshot) {
    mountChat();
    render(page.snapshot);
    return;
  }
  const stored = seatStore.get(page.tableId);
  page.me = stored ? { seat: stored.seat, token: stored.token } : null;
  let first;
  try {
    first = await api.table(page.tableId, page.me?.token);
  } catch (error) {
    if (page.me && error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      seatStore.forget(page.tableId); // a token this table no longer knows: watch instead
      page.me = null;
      first = await api.table(page.tableId, null);
    } else {
      notify("error", explainError(error));
      return;
    }
  }
  mountChat();
  page.chat.load();
  pushKey().then((key) => { page.pushKey = key; });
  await connect();
  if (!page.me && (first.seats || []).some((s) => s.kind === "open")) askToJoin(first);
}

languageSelect(byId("lang"), preferredLanguage(), (lang) => {
  rememberLanguage(lang);
  start(lang);
});
byId("invite").addEventListener("click", () => {
  byId("invite-url").value = window.location.href.split("#")[0];
  byId("invite-dialog").showModal();
});
byId("copy-invite").addEventListener("click", () => copyText(byId("invite-url"), byId("copied")));
byId("replay-open").addEventListener("click", openReplay);
byId("replay-close").addEventListener("click", closeReplay);
start(preferredLanguage());
