// Hints on a friendly table (issue 25): the seat to act may ask the search bot for its three
// best choices, each with the final score it expects from it (GET /api/tables/{id}/hint). Shown
// on request only, beside the choices; a newer position clears them.

import { api } from "./api.js";
import { byId, clear, h } from "./dom.js";

export class HintBox {
  constructor(tableId, { tr, onError }) {
    this.tableId = tableId;
    this.tr = tr;
    this.onError = onError;
    this.seq = null; // the position the hints shown are for
    this.asking = false;
    byId("hint-ask").addEventListener("click", () => this.ask());
  }

  /** Offer the button to the seat to act at a table with hints; keep hints of this position only. */
  render(snapshot, mine, token, describe) {
    this.token = token;
    this.describe = describe;
    const offered = Boolean(snapshot.hints) && mine && (snapshot.legal_actions || []).length > 0;
    byId("hint-box").hidden = !offered;
    if (!offered || snapshot.seq !== this.seq) {
      this.seq = offered ? snapshot.seq : null;
      clear(byId("hint-list"));
    }
    this.latest = snapshot.seq;
  }

  async ask() {
    if (this.asking) return;
    this.asking = true;
    const button = byId("hint-ask");
    button.disabled = true;
    const list = clear(byId("hint-list"));
    list.appendChild(h("li", { class: "hint", text: this.tr.t("web.hints.thinking") }));
    try {
      const hint = await api.hint(this.tableId, this.token);
      if (hint.seq !== this.latest) return clear(list); // the table moved on meanwhile
      clear(list);
      for (const choice of hint.choices) {
        list.appendChild(h("li", { class: "hint-choice" }, [
          h("span", { class: "hint-action", text: this.describe(choice.action) }),
          " ",
          h("span", { class: "hint-vp", text: this.tr.t("web.hints.vp", { vp: this.tr.number(choice.vp) }) }),
        ]));
      }
    } catch (error) {
      clear(list);
      this.onError(error);
    } finally {
      this.asking = false;
      button.disabled = false;
    }
  }
}
