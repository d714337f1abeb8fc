// The table's chat (docs/web-client.md, "Chat"): kept by the server with the table, read by
// anyone with the link, written by the seats. Messages arrive over the table's socket
// ({type: "chat", message}) and, after each (re)connection, from GET /api/tables/{id}/chat.
// Every message is shown as text (textContent), never as markup. A seat writes whether the page
// holds a seat token (a seat taken before players existed) or the player's session cookie is the
// key (every seat taken since): `seat()` says whether this page holds a seat now.
//
// A signed-in reader may report a message or block its writer (a message of another signed-in
// player: "…" beside it), and mute the table's chat for itself; the server then leaves those
// messages out, so the panel reads the chat again (docs/server.md, "Moderation").

import { api, ApiError, currentPlayer } from "./api.js";
import { byId, clear, h } from "./dom.js";

const MAX_LENGTH = 500;

export class ChatPanel {
  constructor(tableId, { tr, names, players, seat, onError }) {
    this.tableId = tableId;
    this.tr = tr;
    this.names = names; // () => the seats' names
    this.players = players || (() => []); // () => the seats' player ids (null: no signed-in player)
    this.playerId = null; // the signed-in reader, once known
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
    this.muteButton = h("button", { type: "button", id: "chat-mute", class: "small", hidden: true });
    this.muteButton.addEventListener("click", () => this.toggleMute());
    this.mutedHint = h("p", { class: "note", id: "chat-muted", hidden: true, text: tr.t("web.chat.muted_hint") });
    const panel = h("section", { id: "chat", class: "chat panel" }, [
      h("div", { class: "chat-head" }, [h("h2", { text: tr.t("web.chat.title") }), this.muteButton]),
      this.mutedHint,
      this.list,
      this.form,
      this.readOnlyHint = h("p", { class: "hint", text: tr.t("web.chat.spectators_read") }),
    ]);
    if (old) old.replaceWith(panel);
    else document.querySelector(".sidebar").appendChild(panel);
    this.showWhoWrites();
    this.draw();
    this.knowReader();
  }

  /** Whether the reader is a signed-in player (who may report, block and mute). */
  async knowReader() {
    const player = await currentPlayer().catch(() => null);
    if (!player) return;
    this.playerId = player.id;
    try {
      this.showMuted((await api.muted(this.tableId)).muted);
    } catch (error) {
      this.onError(error);
    }
    this.draw();
  }

  showMuted(muted) {
    this.muted = muted;
    this.muteButton.hidden = false;
    this.muteButton.textContent = this.tr.t(muted ? "web.chat.unmute" : "web.chat.mute");
    this.muteButton.setAttribute("aria-pressed", String(muted));
    this.mutedHint.hidden = !muted;
  }

  async toggleMute() {
    try {
      this.showMuted((await api.setMuted(this.tableId, !this.muted)).muted);
      await this.reload();
    } catch (error) {
      this.onError(error);
    }
  }

  /** Read the chat again from nothing: what the server now leaves out goes away. */
  async reload() {
    this.messages.clear();
    await this.load();
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
      const writer = this.players()[message.seat] || null;
      list.appendChild(h("li", { class: `chat-message seat-colour-${message.seat}`, dataset: { id: message.id } }, [
        h("span", { class: "dot", "aria-hidden": "true" }),
        h("strong", { class: "who", text: who }),
        h("span", { class: "text", text: message.text }),
        this.playerId && writer && writer !== this.playerId ? this.tools(message, writer, who) : null,
      ]));
    }
    list.scrollTop = list.scrollHeight;
  }

  /** "…" beside another player's message: report it (with a reason), or block its writer. */
  tools(message, writer, who) {
    const tr = this.tr;
    const reason = h("textarea", { rows: "2", maxlength: String(MAX_LENGTH), class: "report-reason",
      "aria-label": tr.t("web.chat.report_reason"), placeholder: tr.t("web.chat.report_reason") });
    const said = h("p", { class: "note", role: "status" });
    const report = h("form", { class: "report-form" }, [reason, h("button", { type: "submit", text: tr.t("web.chat.report_send") })]);
    report.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (!reason.value.trim()) return;
      try {
        await api.report({ table_id: this.tableId, chat_id: message.id, reason: reason.value.trim() });
        report.hidden = true;
        said.textContent = tr.t("web.chat.reported");
      } catch (error) {
        this.onError(error);
      }
    });
    const block = h("button", { type: "button", class: "block-writer", text: tr.t("web.chat.block", { name: `\u2068${who}\u2069` }) });
    block.addEventListener("click", async () => {
      try {
        await api.block(writer);
        await this.reload();
      } catch (error) {
        this.onError(error);
      }
    });
    return h("details", { class: "chat-tools" }, [
      h("summary", { text: "…", "aria-label": tr.t("web.chat.more"), title: tr.t("web.chat.more") }),
      report, block, said,
    ]);
  }
}
