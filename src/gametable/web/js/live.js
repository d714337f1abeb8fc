// Live updates of one table: a WebSocket that reconnects by itself, and a REST resync
// after every (re)connection so that nothing pushed while the socket was down is missed.
//
// The socket's first message says who we are: {type: "hello", token} (no token: watching).
// The token never goes in the socket's URL, because servers and proxies log URLs.
// The server sends {type: "state", seq, view, legal_actions, ..., log_from}: the view's log
// holds only the entries from index log_from on, so the client keeps the log it has and
// appends the tail (asking for a full {"type": "sync"} if it ever finds a gap); and
// {type: "presence", seq, online} when a seat's connection opens or closes.
// `onSnapshot(snapshot)` receives complete snapshots; ones older than the newest seen are
// dropped, so a late REST answer never rolls the table back.
// `onPresence(snapshot)` receives the current snapshot with new `seats[].online` flags (only
// the seats changed; without the callback, onSnapshot gets it).
// `onStatus(state)` receives "connecting", "live" or "offline".
// `onChat(message)` receives each chat message ({type: "chat", message}); `onReconnect()` is
// called when the socket is back after a drop. State messages carry the server's time
// (now_ms): `serverOffset` is the server's clock minus this browser's, for the clocks.

import { api, ApiError } from "./api.js";

const MAX_DELAY_MS = 8000;

function onlineSeats(seats) {
  return new Set((seats || []).filter((seat) => seat.online).map((seat) => seat.seat));
}

function withOnline(snapshot, online) {
  const seats = (snapshot.seats || []).map((seat) => ({ ...seat, online: online.has(seat.seat) }));
  return { ...snapshot, seats };
}

export class LiveTable {
  constructor(tableId, token, { onSnapshot, onPresence, onStatus, onError, onChat, onReconnect }) {
    this.tableId = tableId;
    this.token = token;
    this.onSnapshot = onSnapshot;
    this.onPresence = onPresence || onSnapshot;
    this.snapshot = null;
    this.presence = null; // {seq, online: Set}: who is online, as the socket last said
    this.onStatus = onStatus || (() => {});
    this.onError = onError || (() => {});
    this.onChat = onChat || (() => {});
    this.onReconnect = onReconnect || (() => {});
    this.serverOffset = 0; // the server's clock minus ours, as its last state message said
    this.seq = -1;
    this.log = [];
    this.socket = null;
    this.attempts = 0;
    this.closed = false;
    this.timer = null;
  }

  /** Open the socket and fetch the table. Never rejects: a failed fetch is already reported
   *  through onError, and the socket brings the table when it (re)connects. */
  start() {
    this.connect();
    return this.resync().catch(() => null);
  }

  stop() {
    this.closed = true;
    clearTimeout(this.timer);
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

  /** A socket message: complete its log from what we have, or ask for everything again. */
  acceptPushed(message) {
    const tail = message.view.log || [];
    const from = Number.isInteger(message.log_from) ? message.log_from : 0;
    if (from > this.log.length) {
      this.socket?.send(JSON.stringify({ type: "sync" }));
      return;
    }
    const log = this.log.slice(0, from).concat(tail);
    this.accept({ ...message, view: { ...message.view, log } }, true);
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
    socket.addEventListener("open", () => {
      socket.send(this.hello());
      const reconnected = this.attempts > 0;
      this.attempts = 0;
      this.onStatus("live");
      if (reconnected) {
        this.resync().catch(() => {});
        this.onReconnect(); // what came while the socket was down (chat) is fetched again
      }
    });
    socket.addEventListener("message", (event) => {
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (data && data.type === "state" && typeof data.seq === "number" && data.view) {
        // the server's time as it sent this: the page's clocks count from it
        if (typeof data.now_ms === "number") this.serverOffset = data.now_ms - Date.now();
        this.acceptPushed(data);
      } else if (data && data.type === "presence") {
        this.acceptPresence(data);
      } else if (data && data.type === "chat") {
        this.onChat(data.message);
      }
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket || this.closed) return;
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
      this.timer = setTimeout(() => this.connect(), delay);
    });
    socket.addEventListener("error", () => socket.close());
  }
}
