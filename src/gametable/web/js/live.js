// Live updates of one table: a WebSocket that reconnects by itself, and a REST resync
// after every (re)connection so that nothing pushed while the socket was down is missed.
//
// `onSnapshot(snapshot)` receives {seq, view, legal_actions, ...}; snapshots older than
// the newest one seen are dropped, so a late REST answer never rolls the table back.
// `onStatus(state)` receives "connecting", "live" or "offline".

import { api } from "./api.js";

const MAX_DELAY_MS = 8000;

export class LiveTable {
  constructor(tableId, token, { onSnapshot, onStatus, onError }) {
    this.tableId = tableId;
    this.token = token;
    this.onSnapshot = onSnapshot;
    this.onStatus = onStatus || (() => {});
    this.onError = onError || (() => {});
    this.seq = -1;
    this.socket = null;
    this.attempts = 0;
    this.closed = false;
    this.timer = null;
  }

  start() {
    this.connect();
    return this.resync();
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
    if (!snapshot || typeof snapshot.seq !== "number") return;
    if (snapshot.seq < this.seq) return;
    this.seq = snapshot.seq;
    this.onSnapshot(snapshot);
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
      if (data && typeof data.seq === "number" && data.view) this.accept(data);
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket || this.closed) return;
      this.onStatus("offline");
      this.attempts += 1;
      const delay = Math.min(MAX_DELAY_MS, 250 * 2 ** Math.min(this.attempts, 6));
      this.timer = setTimeout(() => this.connect(), delay);
    });
    socket.addEventListener("error", () => socket.close());
  }
}
