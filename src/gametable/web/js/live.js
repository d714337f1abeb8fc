// Live updates of one table: a WebSocket that reconnects by itself, and a REST resync
// after every reconnection so that nothing pushed while the socket was down is missed (on the
// first connection the page hands over the table it has just fetched: one fetch per page load).
//
// The socket's first message says who we are: {type: "hello", token} (no token: watching).
// The token never goes in the socket's URL, because servers and proxies log URLs.
// The server sends {type: "state", seq, view, legal_actions, ..., log_from}: the view's log
// holds only the entries from index log_from on, so the client keeps the log it has and
// appends the tail (asking for a full {"type": "sync"} if it ever finds a gap). After that first
// state, updates come as {type: "patch", rev, base, ops, log, log_from, now_ms}: JSON Patch
// operations on the snapshot of revision `base` (without its log), which this client keeps
// untouched as the socket sent it (`held`); a patch of anything else asks for a sync. And
// {type: "presence", seq, online} when a seat's connection opens or closes.
// `onSnapshot(snapshot)` receives complete snapshots; ones older than the newest seen are
// dropped, so a late REST answer never rolls the table back.
// `onPresence(snapshot)` receives the current snapshot with new `seats[].online` flags (only
// the seats changed; without the callback, onSnapshot gets it).
// `onStatus(state)` receives "connecting", "live" or "offline".
// `act(seq, action)` (and `undo(seq, steps)`, {type: "undo", ...}) takes an action over the socket while it is open ({type: "act", id, seq,
// action}, answered {type: "acted", id, seq} once durable, after the state it made, or
// {type: "refused", id, status, detail} with the HTTP route's status and words), else over HTTP.
// `onChat(message)` receives each chat message ({type: "chat", message}); `onJoined()` is
// called each time the server has taken a socket in (its first state): what came before, or
// while the socket was down, is fetched then (the chat). State messages carry the server's time
// (now_ms): `serverOffset` is the server's clock minus this browser's, for the clocks.

import { api, ApiError, detailText } from "./api.js";
import { applyPatch } from "./patch.js";

const MAX_DELAY_MS = 8000;

function onlineSeats(seats) {
  return new Set((seats || []).filter((seat) => seat.online).map((seat) => seat.seat));
}

function withOnline(snapshot, online) {
  const seats = (snapshot.seats || []).map((seat) => ({ ...seat, online: online.has(seat.seat) }));
  return { ...snapshot, seats };
}

export class LiveTable {
  constructor(tableId, token, { onSnapshot, onPresence, onStatus, onError, onChat, onJoined }) {
    this.tableId = tableId;
    this.token = token;
    this.onSnapshot = onSnapshot;
    this.onPresence = onPresence || onSnapshot;
    this.snapshot = null;
    this.presence = null; // {seq, online: Set}: who is online, as the socket last said
    this.onStatus = onStatus || (() => {});
    this.onError = onError || (() => {});
    this.onChat = onChat || (() => {});
    this.onJoined = onJoined || (() => {});
    this.serverOffset = 0; // the server's clock minus ours, as its last state message said
    this.seq = -1;
    this.log = [];
    // the socket's last snapshot without its log, {rev, body}, as sent: what its patches apply to
    this.held = null;
    this.syncing = false; // a sync was asked for: patches are ignored until its state arrives
    this.socket = null;
    this.attempts = 0;
    this.closed = false;
    this.timer = null;
    this.acts = 0; // the id of the last action sent over the socket
    this.answers = new Map(); // id -> {resolve, reject} of the actions awaiting their answer
  }

  /** Open the socket and show `first`, the table as the page just fetched it, or else fetch it.
   *  Never rejects: a failed fetch is already reported through onError, and the socket brings
   *  the table when it (re)connects. */
  start(first = null) {
    this.connect();
    if (first) {
      this.accept(first);
      return Promise.resolve(first);
    }
    return this.resync().catch(() => null);
  }

  stop() {
    this.closed = true;
    clearTimeout(this.timer);
    this.dropAnswers();
    if (this.socket) this.socket.close();
  }

  /** Fetch the table over REST and show it (used on start, reconnect and after a 409). */
  async resync() {
    try {
      const snapshot = await api.table(this.tableId, this.token);
      this.accept(snapshot);
      return snapshot;
    } catch (error) {
      this.onError(error);
      throw error;
    }
  }

  /** resync() without reporting a failure: the connection status already says we are offline. */
  refreshQuietly() {
    api.table(this.tableId, this.token).then((snapshot) => this.accept(snapshot), () => {});
  }

  /** Take an action: over the open socket, else over HTTP. Resolves to {seq} (the table's seq
   *  after it); rejects with an ApiError as the HTTP route would, or a network error. */
  act(seq, action) {
    return this.send({ type: "act", seq, action }, () => api.act(this.tableId, this.token, seq, action));
  }

  /** Take back this seat's last `steps` actions: over the socket while it is open, else over HTTP. */
  undo(seq, steps) {
    return this.send({ type: "undo", seq, steps }, () => api.undo(this.tableId, this.token, seq, steps));
  }

  /** A message answered "acted" or "refused" over the open socket, else `overHttp()`. */
  send(message, overHttp) {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return overHttp();
    const id = ++this.acts;
    return new Promise((resolve, reject) => {
      this.answers.set(id, { resolve, reject });
      socket.send(JSON.stringify({ ...message, id }));
    });
  }

  /** The table at `seq` or later: the one shown when it is (over the socket, a change comes
   *  before its action's answer), else fetched. */
  async atLeast(seq) {
    if (this.snapshot && this.snapshot.seq >= seq) return this.snapshot;
    return this.resync();
  }

  /** An "acted" or "refused" message: settle the action it answers. */
  acceptAnswer(message) {
    const waiting = this.answers.get(message.id);
    if (!waiting) return;
    this.answers.delete(message.id);
    if (message.type === "acted") waiting.resolve({ seq: message.seq });
    else waiting.reject(new ApiError(message.status, detailText(message, "refused"), message));
  }

  /** The socket closed with actions unanswered: whether they were taken, the table will tell. */
  dropAnswers() {
    for (const waiting of this.answers.values()) waiting.reject(new TypeError("the connection closed"));
    this.answers.clear();
  }

  accept(snapshot, pushed = false) {
    if (this.closed || !snapshot || typeof snapshot.seq !== "number") return;
    if (snapshot.seq < this.seq) return;
    if (pushed) {
      this.presence = { seq: snapshot.seq, online: onlineSeats(snapshot.seats) };
    } else if (this.presence && this.presence.seq === snapshot.seq) {
      // A REST answer of the same seq may have left the server before a seat's socket came or
      // went; the socket tells of every such change, so its word on who is online stands.
      snapshot = withOnline(snapshot, this.presence.online);
    }
    this.seq = snapshot.seq;
    this.log = snapshot.view?.log || [];
    this.snapshot = snapshot;
    this.onSnapshot(snapshot);
  }

  /** A presence message: the seats online now, for the snapshot we show (if it is not newer). */
  acceptPresence(message) {
    if (this.closed || !this.snapshot || !Array.isArray(message.online)) return;
    if (typeof message.seq !== "number" || message.seq < this.seq) return;
    this.presence = { seq: message.seq, online: new Set(message.online) };
    this.snapshot = withOnline(this.snapshot, this.presence.online);
    this.onPresence(this.snapshot);
  }

  /** Ask the server for the whole table again (once until it comes). */
  sync() {
    this.held = null;
    if (this.syncing) return;
    this.syncing = true;
    this.socket?.send(JSON.stringify({ type: "sync" }));
  }

  /** A state message: the whole snapshot (its log from log_from on). */
  acceptState(message) {
    this.syncing = false;
    const { type: _type, log_from: _from, now_ms: _now, rev, ...data } = message;
    const { log: _log, ...view } = message.view;
    this.held = { rev, body: { ...data, view } };
    this.acceptPushed(message.view.log, message.log_from);
  }

  /** A patch message: the held snapshot patched (anything amiss: a sync). */
  acceptPatch(message) {
    if (this.syncing) return;
    if (!this.held || message.base !== this.held.rev || !Array.isArray(message.ops)) {
      this.sync();
      return;
    }
    try {
      this.held = { rev: message.rev, body: applyPatch(this.held.body, message.ops) };
    } catch (error) {
      console.error(error);
      this.sync();
      return;
    }
    this.acceptPushed(message.log, message.log_from);
  }

  /** The held snapshot with its log completed from what we have (a copy: the page may keep
   *  it while the held one is patched), shown; or a sync if the log has a gap. */
  acceptPushed(tail, logFrom) {
    const from = Number.isInteger(logFrom) ? logFrom : 0;
    if (from > this.log.length) {
      this.sync();
      return;
    }
    const log = this.log.slice(0, from).concat(Array.isArray(tail) ? tail : []);
    const snapshot = structuredClone(this.held.body);
    this.accept({ ...snapshot, view: { ...snapshot.view, log } }, true);
  }

  socketUrl() {
    const url = new URL(`/ws/tables/${encodeURIComponent(this.tableId)}`, window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    return url.href;
  }

  hello() {
    return JSON.stringify(this.token ? { type: "hello", token: this.token } : { type: "hello" });
  }

  connect() {
    if (this.closed) return;
    this.onStatus("connecting");
    const socket = new WebSocket(this.socketUrl());
    this.socket = socket;
    this.held = null; // a new socket starts with a whole state
    this.syncing = false;
    // "live" once the server has taken the socket in, which its first state says: from then on
    // every chat message reaches us over it, and whatever came before is fetched (onJoined).
    let joined = false;
    socket.addEventListener("open", () => socket.send(this.hello()));
    const join = () => {
      joined = true;
      const reconnected = this.attempts > 0;
      this.attempts = 0;
      this.onStatus("live");
      if (reconnected) this.resync().catch(() => {});
      this.onJoined();
    };
    socket.addEventListener("message", (event) => {
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      const update = data && ((data.type === "state" && typeof data.seq === "number" && data.view) ||
                              data.type === "patch");
      if (update) {
        // the server's time as it sent this: the page's clocks count from it
        if (typeof data.now_ms === "number") this.serverOffset = data.now_ms - Date.now();
        if (!joined && data.type === "state") join();
        if (data.type === "state") this.acceptState(data);
        else this.acceptPatch(data);
      } else if (data && data.type === "presence") {
        this.acceptPresence(data);
      } else if (data && (data.type === "acted" || data.type === "refused")) {
        this.acceptAnswer(data);
      } else if (data && data.type === "chat") {
        this.onChat(data.message);
      }
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.dropAnswers();
      if (this.closed) return;
      if ([4400, 4401, 4403, 4404].includes(event.code)) {
        // Not a passing network problem: this token or table is not (or no longer) valid.
        this.onStatus("offline");
        this.onError(new ApiError(event.code - 4000, event.reason || "closed"));
        return;
      }
      this.onStatus("offline");
      // 4429: the table (or this address) has as many connections as it takes; say so once
      // and keep trying, slowly, as for any lost connection.
      if (event.code === 4429 && this.attempts === 0) this.onError(new ApiError(429, event.reason || "busy"));
      this.attempts += 1;
      const delay = Math.min(MAX_DELAY_MS, 250 * 2 ** Math.min(this.attempts, 6));
      // The table moves on without us (a bot, the other players): read it over REST at each
      // attempt, so that a page whose socket cannot connect (a proxy refusing WebSockets) still
      // follows the game, only more slowly.
      this.timer = setTimeout(() => {
        this.refreshQuietly();
        this.connect();
      }, delay);
    });
    socket.addEventListener("error", () => socket.close());
  }
}
