// Replay of a finished game: step forward and back through every move.
//
// The server rebuilds the spectator's view after n actions (GET /api/tables/{id}/replay/{n});
// the full log (GET /api/tables/{id}/log) gives the number of moves, the seats and the result.

import { api } from "./api.js";
import { byId } from "./dom.js";

export class Replay {
  constructor(tableId, token, { tr, show, onError }) {
    this.tableId = tableId;
    this.token = token;
    this.tr = tr;
    this.show = show;
    this.onError = onError;
    this.position = 0;
    this.total = 0;
    this.info = null;
    this.request = 0;
  }

  async start() {
    try {
      this.info = await api.log(this.tableId, this.token);
    } catch (error) {
      this.onError(error);
      return;
    }
    this.total = this.info.seq;
    const slider = byId("replay-slider");
    slider.max = String(this.total);
    slider.oninput = () => this.go(Number(slider.value));
    byId("replay-first").onclick = () => this.go(0);
    byId("replay-back").onclick = () => this.go(this.position - 1);
    byId("replay-forward").onclick = () => this.go(this.position + 1);
    byId("replay-last").onclick = () => this.go(this.total);
    await this.go(0);
  }

  async go(n) {
    n = Math.max(0, Math.min(this.total, n));
    const ticket = ++this.request; // only the newest request is shown
    try {
      const position = await api.replay(this.tableId, n);
      if (ticket !== this.request) return;
      this.position = n;
      byId("replay-slider").value = String(n);
      byId("replay-position").textContent = this.tr.t("ui.replay.position", { n, total: this.total });
      const view = { ...position.view, to_act: position.to_act };
      await this.show({
        id: this.tableId,
        game: this.info.game,
        seq: n,
        status: n === this.total ? "finished" : "playing",
        you: null,
        seats: this.info.seats,
        view,
        legal_actions: [],
        result: n === this.total ? this.info.result : null,
      });
    } catch (error) {
      if (ticket === this.request) this.onError(error);
    }
  }
}
