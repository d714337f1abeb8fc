// The table page: follows the table over its WebSocket, shows the view as JSON, the log in
// words, and the legal actions as buttons that post to the API.
import { api, describe, el, language, loadCatalog } from "/static/common.js";

const tableId = decodeURIComponent(location.pathname.split("/").pop());
const seatKey = `gametable:seat:${tableId}`;
const creatorToken = localStorage.getItem(`gametable:creator:${tableId}`);
let token = localStorage.getItem(seatKey);
let messages = {};
let log = [];
let socket = null;
let retry = 500;
let games = [];

const $ = (id) => document.getElementById(id);

function showError(error) {
  $("error").textContent = error ? error.message || String(error) : "";
}

function names(snapshot) {
  return snapshot.seats.map((s) => s.name || (s.kind === "bot" ? `Bot ${s.seat + 1}` : `Seat ${s.seat + 1}`));
}

function render(snapshot) {

  const game = games.find((g) => g.name === snapshot.game);
  $("game-title").textContent = game ? `— ${game.title}` : snapshot.game;
  const seatNames = names(snapshot);
  $("status").textContent = snapshot.status;
  $("turn").textContent = snapshot.status === "playing"
    ? `Waiting for: ${snapshot.view.to_act.map((s) => seatNames[s]).join(", ")}` : "";

  const seats = $("seats");
  seats.replaceChildren();
  for (const seat of snapshot.seats) {
    const item = el("li", `${seatNames[seat.seat]} (${seat.kind})${seat.seat === snapshot.you ? " — you" : ""}`);
    if (seat.online) item.className = "online";
    if (creatorToken && seat.kind !== "bot" && snapshot.status !== "finished" && seat.seat !== snapshot.you) {
      const button = el("button", "Give to a bot");
      button.type = "button";
      button.addEventListener("click", () => api(`/api/tables/${tableId}/seats/${seat.seat}/bot`,
        { method: "POST", token: creatorToken }).catch(showError));
      item.append(" ", button);
    }
    seats.append(item);
  }
  $("join").hidden = Boolean(token) || !snapshot.seats.some((s) => s.kind === "open");

  const actions = $("actions");
  actions.replaceChildren();
  for (const action of snapshot.legal_actions) {
    const button = el("button", JSON.stringify(action));
    button.type = "button";
    button.addEventListener("click", async () => {
      showError(null);
      try {
        await api(`/api/tables/${tableId}/actions`, { method: "POST", token, body: { seq: snapshot.seq, action } });
      } catch (error) {
        showError(error);
      }
    });
    actions.append(button);
  }
  if (!snapshot.legal_actions.length) actions.append(el("p", "Nothing to decide right now.", "muted"));

  const logList = $("log");
  logList.replaceChildren(...log.map((entry) => el("li", describe(entry, messages, seatNames))));
  logList.scrollTop = logList.scrollHeight;

  $("view").textContent = JSON.stringify({ ...snapshot.view, log: `(${log.length} entries, above)` }, null, 1);
  $("result").replaceChildren();
  if (snapshot.result) {
    $("result").append(el("pre", JSON.stringify(snapshot.result, null, 1)));
    openReplay(snapshot.seq);
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(tableId)}${query}`);
  $("connection").textContent = "connecting…";
  socket.addEventListener("open", () => { $("connection").textContent = "live"; retry = 500; });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type !== "state") return;
    if (message.log_from !== 0 && message.log_from !== log.length) {
      socket.send(JSON.stringify({ type: "sync" }));  // we missed something: ask for everything
      return;
    }
    log = log.slice(0, message.log_from).concat(message.view.log);
    render(message);
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4403 && token) {  // our seat went to a bot: watch instead
      localStorage.removeItem(seatKey);
      token = null;
    }
    if (event.code === 4404) {
      $("connection").textContent = "there is no such table";
      return;
    }
    $("connection").textContent = "reconnecting…";
    log = [];  // the next connection starts with the whole table
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  });
}

let replayOpen = false;
function openReplay(total) {
  if (replayOpen) return;
  replayOpen = true;
  $("replay-closed").hidden = true;
  $("replay").hidden = false;
  const step = $("replay-step");
  step.max = String(total);
  const show = async () => {
    const position = await api(`/api/tables/${tableId}/replay/${step.value}`);
    $("replay-n").textContent = `after ${position.n} of ${position.seq} actions`;
    $("replay-view").textContent = JSON.stringify(position.view, null, 1);
  };
  step.addEventListener("input", () => show().catch(showError));
  show().catch(showError);
}

$("join").addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    const seat = await api(`/api/tables/${tableId}/join`, { method: "POST", body: { name: $("join-name").value } });
    token = seat.token;
    localStorage.setItem(seatKey, token);
    socket.close();  // reconnect with the seat's token
  } catch (error) {
    showError(error);
  }
});

$("invite").value = location.href;
$("copy").addEventListener("click", () => navigator.clipboard.writeText(location.href));

messages = await loadCatalog(language());
games = await api("/api/games");
connect();
