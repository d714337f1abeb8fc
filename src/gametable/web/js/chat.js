// The table's chat (docs/web-client.md, "Chat"): kept by the server with the table, read by
// anyone with the link, written by the seats. Messages arrive over the table's socket
// ({type: "chat", message}) and, after each (re)connection, from GET /api/tables/{id}/chat.
// Every message is shown as text (textContent), never as markup. A seat writes whether the page
// holds a seat token (a seat taken before players existed) or the player's session cookie is the
// key (every seat taken since): `seat()` says whether this page holds a seat now.

import { api, ApiError } from "./api.js";
import { byId, clear, h } from "./dom.js";

const MAX_LENGTH = 500;

export class ChatPanel {
  constructor(tableId, { tr, names, seat, onError }) {
    this.tableId = tableId;
    this.tr = tr;
    this.names = names; // () => the seats' names
    this.seat = seat; // () => {seat, token} of this page's seat (token null: the session's), or null: a spectator reads only
    this.onError = onError;
    this.messages = new Map(); // id -> message, so a message from the socket and the fetch counts once
  }

  mount() {
    const tr = this.tr;
    const old = byId("chat");
    this.list = h("ol", { id: "chat-list", class: "chat-list", "aria-live": "polite" });
    this.input = h("textarea", {
      id: "chat-text", rows: "2", maxlength: String(MAX_LENGTH), "aria-label": tr.t("web.chat.label"),
      placeholder: tr.t("web.chat.placeholder"),
    });
    this.form = h("form", { class: "chat-form" }, [
      this.input,
      h("button", { type: "submit", id: "chat-send", text: tr.t("web.chat.send") }),
    ]);
    this.form.addEventListener("submit", (event) => { event.preventDefault(); this.send(); });
    this.input.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.shiftKey) { event.preventDefault(); this.send(); }
    });
    const panel = h("section", { id: "chat", class: "chat panel" }, [
      h("h2", { text: tr.t("web.chat.title") }),
      this.list,
      this.form,
      this.readOnlyHint = h("p", { class: "hint", text: tr.t("web.chat.spectators_read") }),
    ]);
    if (old) old.replaceWith(panel);
    else document.querySelector(".sidebar").appendChild(panel);
    this.showWhoWrites();
    this.draw();
  }

  /** The form for a seat, the note that only players write for a spectator (a page takes a seat,
   *  or hands it back, without mounting the panel again). */
  showWhoWrites() {
    if (!this.form) return;
    const seated = Boolean(this.seat());
    this.form.hidden = !seated;
    this.readOnlyHint.hidden = seated;
  }

  /** Read the whole chat again (on start and after each reconnection). */
  async load() {
    try {
      const data = await api.chat(this.tableId);
      for (const message of data.messages || []) this.messages.set(message.id, message);
      this.draw();
    } catch (error) {
      this.onError(error);
    }
  }

  receive(message) {
    if (!message || !Number.isInteger(message.id)) return;
    this.messages.set(message.id, message);
    this.draw();
  }

  async send() {
    const text = this.input.value.trim();
    const seat = this.seat();
    if (!text || !seat) return;
    try {
      this.receive(await api.postChat(this.tableId, seat.token, text));
      this.input.value = "";
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) this.onError(new ApiError(429, this.tr.t("web.chat.slow_down")));
      else this.onError(error);
    }
  }

  draw() {
    if (!this.list) return;
    const names = this.names();
    const list = clear(this.list);
    const sorted = [...this.messages.values()].sort((a, b) => a.id - b.id);
    for (const message of sorted) {
      const who = message.name || names[message.seat] || this.tr.seatName(message.seat);
      list.appendChild(h("li", { class: `chat-message seat-colour-${message.seat}`, dataset: { id: message.id } }, [
        h("span", { class: "dot", "aria-hidden": "true" }),
        h("strong", { class: "who", text: who }),
        h("span", { class: "text", text: message.text }),
      ]));
    }
    list.scrollTop = list.scrollHeight;
  }
}
