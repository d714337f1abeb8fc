// The table page: join or watch, live updates, the game's board, choices, log and scores.

import { api, ApiError, currentPlayer, playerNamed, seats as seatStore, tableIdFromLocation, tableUrl } from "./api.js";
import { Choices, closeMenu } from "./choices.js";
import { byId, clear, h } from "./dom.js";
import { loadTranslator, preferredLanguage, rememberLanguage, translatePage } from "./i18n.js";
import { actionLabel } from "./labels.js";
import { languageSelect, copyText } from "./widgets.js";
import { LiveTable } from "./live.js";
import { Replay } from "./replay.js";
import { ReviewPanel } from "./review.js";
import { HintBox } from "./hints.js";
import { TurnControls, sameAction } from "./turn.js";
import { TurnAlerts, pushKey, subscribePush } from "./alerts.js";
import { botsFinishedText } from "./results.js";
import { ChatPanel } from "./chat.js";
import { keepTicking, seatClock } from "./clocks.js";
import { handOverButton, seatTools } from "./seattools.js";
import * as inspect from "./inspect.js";
import { guideFromLocation, guideOfTable } from "./guide.js";

const RENDERERS = {
  gwt: () => import("./games/gwt/table.js"),
  "gwt-2e": () => import("./games/gwt/table.js"), // both editions: one board drawing, its own data
  "catan-on-the-road": () => import("./games/catan/table.js"),
};
const DOMAINS = { gwt: "gwt", "gwt-2e": "gwt2e", "catan-on-the-road": "catan" };

const page = {
  tr: null,
  tableId: tableIdFromLocation(),
  me: null, // {seat, token} when this browser holds a seat (token null: the player's session is the key)
  snapshot: null,
  live: null,
  renderer: null,
  busy: false,
  replay: null,
  review: null, // the bot's review of a finished game, beside its replay (review.js)
  hints: null, // the Hint button of a table with hints (hints.js)
  logSeen: null, // when each log entry was first shown (see firstSeen)
  turn: null, // the Undo / Restart turn buttons and the end-turn step (turn.js)
  alerts: new TurnAlerts(),
  chat: null,
  pushKey: null, // the server's Web Push key, when it and this browser can push
  timeoutsSeen: null, // how many timeouts the page has told of
  guide: guideFromLocation(), // a guided first game (?guide=<game>, guide.js), or null
};

function seatNames(snapshot) {
  return (snapshot.seats || []).map((seat, index) => {
    if (seat.name) return seat.name;
    // a Great Western Trail seat played by Garth, the solo automa (the engine's option garth)
    if (seat.kind === "bot" && snapshot.view?.garth?.[index]) return page.tr.t("ui.garth_name");
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
  if (!(error instanceof ApiError)) {
    console.error(error); // not the server: a fetch that failed, or a bug of this page (kept for a report)
    return tr.t("ui.error.network");
  }
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
  if (actions.length === 0) return;
  await whileBusy(async () => {
    let current = seq;
    for (const [index, action] of actions.entries()) {
      if (index > 0) {
        const now = await page.live.atLeast(current);
        if (!(now.legal_actions || []).some((legal) => sameAction(legal, action))) break;
        current = now.seq;
      }
      // over the table's socket while it is open, else over HTTP (live.js)
      current = (await page.live.act(current, action)).seq;
    }
    return current;
  }, "ui.error.stale");
}

// An action that ends the turn goes after the "End turn?" step, if this player asks for it.
async function confirmThenSend(action, snapshot, names, describe) {
  if (page.busy || !page.me || page.replay) return;
  closeMenu();
  if (page.guide) {
    // a guided game: another choice than the lesson's is explained, not sent; the lesson's
    // own words say when a choice ends the turn (no "End turn?" step)
    if (page.guide.allows(action)) await send(action, snapshot.seq);
    return;
  }
  const confirmed = await page.turn.confirm({
    tr: page.tr, snapshot, action, describeAction: describe,
    describeEntry: (entry) => page.tr.describe(entry, names),
  });
  if (confirmed) await send(action, snapshot.seq);
}

// Undo and Restart turn: the seat's last `steps` actions of this turn taken back (a 409 means
// nothing may be undone any more: something was revealed, or the table moved on).
async function undo(steps) {
  await whileBusy(async () => (await page.live.undo(page.snapshot.seq, steps)).seq,
    "ui.error.nothing_to_undo");
}

/** Run `work` (requests of this seat; it resolves to the table's seq after them) with the page
 *  busy; then show the table at that seq or later. */
async function whileBusy(work, conflictMessage) {
  if (page.busy || !page.me || page.replay) return;
  closeMenu();
  page.busy = true;
  document.body.classList.add("busy");
  try {
    const seq = await work();
    byId("notice").hidden = true;
    await page.live.atLeast(seq);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      notify("info", page.tr.t(conflictMessage));
      await page.live.resync().catch(() => {});
    } else {
      notify("error", explainError(error));
    }
  } finally {
    page.busy = false;
    document.body.classList.remove("busy");
  }
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
  else byId("action-bar").after(panel); // not in the sticky bar: it holds only what is asked now
}

/** Say when the bot played for a seat whose time ran out: once per turn (the bot plays the rest
 *  of the turn, action after action, which are timeouts one after another of the same seat). */
function tellTimeouts(snapshot, names) {
  if (page.replay) return; // a replay's positions are not news
  const timeouts = snapshot.timed_out || [];
  if (page.timeoutsSeen !== null && timeouts.length > page.timeoutsSeen) {
    const fresh = timeouts.slice(page.timeoutsSeen);
    const before = timeouts[page.timeoutsSeen - 1];
    const sameTurn = before && before.seat === fresh[0].seat && before.seq + 1 === fresh[0].seq;
    const last = fresh[fresh.length - 1];
    if (!sameTurn || fresh.some((t) => t.seat !== before.seat)) {
      notify("info", page.tr.t("web.clock.timed_out", { seat: last.seat }, names));
    }
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
    const bots = snapshot.status === "finished" ? botsFinishedText(tr, snapshot.seats, names) : null;
    if (bots) box.appendChild(h("p", { class: "hint bots-finished", text: bots }));
    if (page.me && snapshot.status === "finished") box.appendChild(rematchOffer(snapshot));
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

// After the game: one click opens a new table with the same players, game and settings; the
// others see the invitation here (and in My tables), and the same click takes them to it.
function rematchOffer(snapshot) {
  const tr = page.tr;
  const invited = Boolean(snapshot.rematch);
  const button = h("button", {
    type: "button",
    id: "rematch",
    class: "primary",
    text: tr.t(invited ? "web.rematch.join" : "web.rematch.ask"),
    onclick: async () => {
      button.disabled = true;
      try {
        const opened = await api.rematch(page.tableId);
        window.location.assign(tableUrl(opened.id));
      } catch (error) {
        notify("error", explainError(error));
        button.disabled = false;
      }
    },
  });
  return h("div", { class: "rematch", dataset: { invited: String(invited) } }, [
    invited ? h("p", { class: "hint", text: tr.t("web.rematch.invited") }) : null,
    button,
  ]);
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
    choices.placeOf(action, list.lastChild);
  }
}

// How long a log entry stays marked as new, so that what others (bots too) just did is seen.
const FRESH_MS = 6000;

/** When each log entry was first shown (ms); entries already there when the page opened count as old. */
function firstSeen(entries) {
  const now = Date.now();
  if (page.replay) return entries.map(() => 0);
  if (!page.logSeen) page.logSeen = entries.map(() => 0);
  if (page.logSeen.length > entries.length) page.logSeen.length = entries.length; // an undo cut the log
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
  if (!page.guide && !page.replay) {
    page.guide = guideOfTable(snapshot); // opened without ?guide= (from My tables): the guide still
    if (page.guide) page.guide.onChange = () => { if (page.snapshot) render(page.snapshot); };
  }
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
  // The seat the view was made for (null: a spectator's view). A snapshot that arrives just
  // before or after joining may be for another seat than this browser now holds. A replay's
  // position offers no choices.
  const seat = snapshot.you ?? null;
  const legal = page.replay || seat === null || !page.me || page.me.seat !== seat ? [] : snapshot.legal_actions || [];
  const describe = (action) => (page.renderer?.actionLabel
    ? page.renderer.actionLabel(tr, action, names, view)
    : actionLabel(tr, domain, action, names));
  // what each choice costs and gives, joined as the terminal joins them (gwt: its _detail)
  const sayNotes = (notes) => tr.joinList(notes.map((note) => tr.describe(note, names)));
  const choices = new Choices(legal, (action) => confirmThenSend(action, snapshot, names, describe), describe,
    (actions) => (!page.guide || actions.every((a) => page.guide.allows(a))) && sendAll(actions, snapshot.seq), legal.length ? snapshot.action_notes : [], sayNotes,
    (labels) => tr.t("ui.table.menu_of", { choices: labels }));
  const board = byId("board");
  inspect.closePreview(); // a choice shown by a first tap may be gone from the new table
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
  // no undo in a guided game: its steps follow the table's seq
  page.turn.render(snapshot, !page.guide && seat !== null && page.me?.seat === seat);
  page.hints?.render(page.replay ? { ...snapshot, hints: false } : snapshot, seat !== null && page.me?.seat === seat,
    page.me?.token, describe);
  renderLog(view, names);
  // the seat panel acts on the live table: a replay's older position ("playing", the seat
  // perhaps a person's then) must not offer what the table now refuses
  renderSeatTools(page.replay ? page.replay.table : snapshot);
  page.chat?.showWhoWrites();
  tellTimeouts(snapshot, names);
  byId("invite").hidden = !(snapshot.seats || []).some((s) => s.kind === "open");
  byId("replay-open").hidden = !(snapshot.seq > 0) || !!page.replay;
  byId("review-open").hidden = !page.replay?.finished;
  if (page.replay) page.review?.showPosition(snapshot.seq);
  const title = tr.tOr(`ui.game.${view.game}`, view.game || "");
  byId("game-title").textContent = title;
  page.alerts.show(tr, `${title} · gametable`, legal.length > 0 && snapshot.status === "playing");
  if (page.guide && !page.replay) page.guide.render(tr, snapshot, choices, page.renderer?.bringIntoView);
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
      // The seat is the player's (made now on a first visit): no token is kept in this browser.
      await playerNamed(name, tr.lang);
      const joined = await api.join(page.tableId, name);
      page.me = { seat: joined.seat, token: null };
      dialog.close();
      mountChat(); // a seat writes in the chat
      connect();
    } catch (err) {
      const refused = err instanceof ApiError && err.status === 403 && !/suspended/.test(err.message);
      error.textContent = err instanceof ApiError && err.status === 409 ? tr.t("ui.join.full")
        : refused ? tr.t("web.moderation.join_refused") : explainError(err);
      error.hidden = false;
    }
  };
  dialog.showModal();
}

// A seat token kept from before this browser was a player: a player takes the seat over (then
// the session is its key, on every device) and the token is forgotten; otherwise it is used.
async function adoptStoredSeat(stored) {
  if (!stored) return null;
  try {
    await api.adopt(page.tableId, stored.token);
    seatStore.forget(page.tableId);
    return null;
  } catch {
    return stored; // no player yet (401), or the seat is someone else's: keep using the token
  }
}

// A signed-in player whose seat the bot plays now (they left, or ran out of time) is still at
// the table: the seat panel offers to take it back.
async function awaySeat(snapshot) {
  const player = await currentPlayer().catch(() => null);
  const seat = player && (snapshot.seats || []).find((s) => s.kind === "bot" && s.away && s.player === player.id);
  return seat ? { seat: seat.seat, token: null } : null;
}

// A rematch keeps each player's seat open for them: a player who opens the table takes it at once.
async function takeKeptSeatOrAsk(snapshot) {
  const player = await currentPlayer().catch(() => null);
  const kept = player && (snapshot.seats || []).find((s) => s.kind === "open" && s.player === player.id);
  if (!kept) {
    askToJoin(snapshot);
    return;
  }
  try {
    const joined = await api.join(page.tableId, kept.name || player.name);
    page.me = { seat: joined.seat, token: null };
    connect();
  } catch (error) {
    notify("error", explainError(error));
    askToJoin(snapshot);
  }
}

// `first`: the table as just fetched, if it was (else the live table fetches it).
function connect(first = null) {
  page.live?.stop();
  page.live = new LiveTable(page.tableId, page.me?.token, {
    onSnapshot: (snapshot) => { if (page.replay) page.replay.follow(snapshot); else render(snapshot); },
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
    onJoined: () => page.chat?.load(),
  });
  return page.live.start(first);
}

function mountChat() {
  const messages = page.chat?.messages;
  page.chat = new ChatPanel(page.tableId, {
    tr: page.tr,
    names: () => (page.snapshot ? seatNames(page.snapshot) : []),
    players: () => (page.snapshot?.seats || []).map((s) => (s.kind === "human" ? s.player || null : null)),
    seat: () => page.me,
    onError: (error) => notify("error", explainError(error)),
  });
  if (messages) page.chat.messages = messages;
  page.chat.mount();
}

// -- replay ---------------------------------------------------------------------------------------

// The game so far, while the live table goes on underneath (its updates wait in page.live).
function openReplay() {
  closeMenu();
  page.replay = new Replay(page.tableId, page.me?.token, page.live.snapshot || page.snapshot, {
    tr: page.tr,
    show: (snapshot) => render(snapshot),
    onError: (error) => notify("error", explainError(error)),
  });
  byId("replay-bar").hidden = false;
  page.replay.start();
}

function closeReplay() {
  page.replay.stop();
  page.replay = null;
  page.review?.close();
  byId("replay-bar").hidden = true;
  if (page.live.snapshot) render(page.live.snapshot);
  else page.live.resync().catch(() => {});
}

// The bot's review, asked for from the replay of a finished game: its decisions take the replay there.
function openReview() {
  if (!page.replay) return;
  if (!page.review) {
    page.review = new ReviewPanel(page.tableId, page.me?.token, {
      tr: page.tr,
      names: () => isolated(seatNames(page.replay?.table || page.snapshot)),
      describe: (action) => describeAction(action),
      jump: (seq) => page.replay?.go(seq),
      onError: (error) => notify("error", explainError(error)),
    });
  }
  page.review.open();
}

// An action in the words of the choices: the renderer's label if it has one, else the catalog's.
function describeAction(action) {
  const snapshot = page.snapshot;
  const names = isolated(seatNames(snapshot));
  const view = snapshot.view || {};
  return page.renderer?.actionLabel
    ? page.renderer.actionLabel(page.tr, action, names, view)
    : actionLabel(page.tr, domainOf(view), action, names);
}

// -- start ------------------------------------------------------------------------------------------

async function start(lang) {
  page.tr = await loadTranslator(lang);
  inspect.setTranslator(page.tr);
  translatePage(page.tr);
  if (!page.tableId) {
    notify("error", page.tr.t("ui.error.no_table"));
    return;
  }
  if (page.snapshot) {
    if (page.replay) {
      page.replay.tr = page.tr;
      page.replay.say();
    }
    if (page.review) {
      page.review.tr = page.tr;
      page.review.render();
    }
    if (page.hints) page.hints.tr = page.tr;
    mountChat();
    render(page.snapshot);
    return;
  }
  // A seat token kept from before this browser was a player still works; otherwise the
  // player's session (the cookie) tells the server which seat is ours.
  const stored = await adoptStoredSeat(seatStore.get(page.tableId));
  page.me = stored ? { seat: stored.seat, token: stored.token } : null;
  // The one fetch of the table as the page opens (the socket's first state follows by itself).
  let first = null;
  try {
    first = await api.table(page.tableId, page.me?.token);
    if (!page.me && first.you !== null && first.you !== undefined) page.me = { seat: first.you, token: null };
    if (!page.me) page.me = await awaySeat(first);
  } catch (error) {
    if (page.me && error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      seatStore.forget(page.tableId); // a token this table no longer knows: watch instead
      page.me = null;
      first = await api.table(page.tableId, null).catch(() => null);
    } else {
      notify("error", explainError(error));
      // No such table: nothing to connect to. A fetch lost on the way: the socket may still bring it.
      if (error instanceof ApiError) return;
    }
  }
  mountChat(); // its messages are read as the socket joins (onJoined)
  page.hints = new HintBox(page.tableId, { tr: page.tr, onError: (error) => notify("error", explainError(error)) });
  pushKey().then((key) => { page.pushKey = key; });
  await connect(first);
  // My tables links a finished game's replay as /t/<id>#replay
  if (window.location.hash === "#replay" && first?.status === "finished") openReplay();
  else if (!page.me && first && (first.seats || []).some((s) => s.kind === "open")) await takeKeptSeatOrAsk(first);
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
byId("review-open").addEventListener("click", openReview);
page.turn = new TurnControls({ undo });
if (page.guide) page.guide.onChange = () => { if (page.snapshot) render(page.snapshot); };
inspect.install();
start(preferredLanguage());
