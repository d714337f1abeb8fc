// Live updates of one table: a WebSocket that reconnects by itself, and a REST resync
// after every (re)connection so that nothing pushed while the socket was down is missed.
//
// The socket sends {type: "state", seq, view, legal_actions, ..., log_from}: the view's log
// holds only the entries from index log_from on, so the client keeps the log it has and
// appends the tail (asking for a full {"type": "sync"} if it ever finds a gap).
// `onSnapshot(snapshot)` receives complete snapshots; ones older than the newest seen are
// dropped, so a late REST answer never rolls the table back.
// `onStatus(state)` receives "connecting", "live" or "offline".

import { api, ApiError } from "./api.js";

const MAX_DELAY_MS = 8000;

export class LiveTable {
  constructor(tableId, token, { onSnapshot, onStatus, onError }) {
    this.tableId = tableId;
    this.token = token;
    this.onSnapshot = onSnapshot;
    this.onStatus = onStatus || (() => {});
    this.onError = onError || (() => {});
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

  accept(snapshot) {
    if (this.closed || !snapshot || typeof snapshot.seq !== "number") return;
    if (snapshot.seq < this.seq) return;
    this.seq = snapshot.seq;
    this.log = snapshot.view?.log || [];
    this.onSnapshot(snapshot);
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
    this.accept({ ...message, view: { ...message.view, log } });
  }

  socketUrl() {
    const url = new URL(`/ws/tables/${encodeURIComponent(this.tableId)}`, window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    if (this.token) url.searchParams.set("token", this.token);
    return url.href;
  }

  connect() {
    if (this.closed) return;
    this.onStatus("connecting");
    const socket = new WebSocket(this.socketUrl());
    this.socket = socket;
    socket.addEventListener("open", () => {
      const reconnected = this.attempts > 0;
      this.attempts = 0;
      this.onStatus("live");
      if (reconnected) this.resync().catch(() => {});
    });
    socket.addEventListener("message", (event) => {
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (data && data.type === "state" && typeof data.seq === "number" && data.view) {
        this.acceptPushed(data);
      }
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket || this.closed) return;
      if (event.code === 4403 || event.code === 4404) {
        // Not a passing network problem: this token or table is not (or no longer) valid.
        this.onStatus("offline");
        this.onError(new ApiError(event.code - 4000, event.reason || "closed"));
        return;
      }
      this.onStatus("offline");
      this.attempts += 1;
      const delay = Math.min(MAX_DELAY_MS, 250 * 2 ** Math.min(this.attempts, 6));
      this.timer = setTimeout(() => this.connect(), delay);
    });
    socket.addEventListener("error", () => socket.close());
  }
}
