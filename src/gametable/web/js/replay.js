// Replay: step back and forth through the game so far, without leaving the table.
//
// The server rebuilds the table after n actions (GET /api/tables/{id}/replay/{n}): while the game
// runs, as this seat saw it then (a spectator: as spectators did); a finished game, as spectators
// see it. The live table goes on meanwhile: `follow(snapshot)` lets the newest move be reached.
// Keys: left and right step (mirrored in right-to-left pages, like the bar), Home and End go to
// the first and last position; not while a field, a menu or a dialog has the keys.

import { api } from "./api.js";
import { byId } from "./dom.js";

const STEPS = { ArrowLeft: -1, ArrowRight: 1 };

/** Whether a key pressed on `target` belongs to it (typing, a slider, a select) and not to us. */
function keyBelongsTo(target) {
  if (!(target instanceof Element)) return false;
  return target.isContentEditable || Boolean(target.closest("input, textarea, select, dialog[open], [role=menu]"));
}

export class Replay {
  /** `table`: the snapshot shown when the replay opened (its game, seats, seq, status, result). */
  constructor(tableId, token, table, { tr, show, onError }) {
    this.tableId = tableId;
    this.token = token;
    this.table = table;
    this.tr = tr;
    this.show = show;
    this.onError = onError;
    this.total = table.seq;
    this.position = 0; // the position shown
    this.wanted = 0; // the position asked for last: steps go from here, so quick presses add up
    this.request = 0;
    this.onKey = (event) => this.key(event);
  }

  get finished() {
    return this.table.status === "finished";
  }

  /** Open at the start of a finished game, or at the newest position of a running one (to step back). */
  start() {
    const slider = byId("replay-slider");
    slider.max = String(this.total);
    slider.oninput = () => this.go(Number(slider.value));
    byId("replay-first").onclick = () => this.go(0);
    byId("replay-back").onclick = () => this.go(this.wanted - 1);
    byId("replay-forward").onclick = () => this.go(this.wanted + 1);
    byId("replay-last").onclick = () => this.go(this.total);
    document.addEventListener("keydown", this.onKey);
    return this.go(this.finished ? 0 : this.total);
  }

  stop() {
    this.request += 1; // an answer still on its way is not shown
    document.removeEventListener("keydown", this.onKey);
  }

  /** The live table moved on: its newest position can be stepped to. */
  follow(snapshot) {
    if (snapshot.seq < this.total) return;
    this.table = snapshot;
    this.total = snapshot.seq;
    byId("replay-slider").max = String(this.total);
    this.say();
  }

  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey || keyBelongsTo(event.target)) return;
    let target = null;
    if (event.key in STEPS) {
      const rtl = document.documentElement.dir === "rtl";
      target = this.wanted + STEPS[event.key] * (rtl ? -1 : 1);
    } else if (event.key === "Home") {
      target = 0;
    } else if (event.key === "End") {
      target = this.total;
    }
    if (target === null) return;
    event.preventDefault();
    this.go(target);
  }

  say() {
    byId("replay-position").textContent = this.tr.t("ui.replay.position", { n: this.position, total: this.total });
  }

  async go(n) {
    n = Math.max(0, Math.min(this.total, n));
    this.wanted = n;
    const ticket = ++this.request; // only the newest request is shown
    try {
      const position = await api.replay(this.tableId, n, this.token);
      if (ticket !== this.request) return;
      this.position = n;
      byId("replay-slider").value = String(n);
      this.say();
      const end = this.finished && n === this.total;
      await this.show({
        id: this.tableId,
        game: this.table.game,
        seq: n,
        status: end ? "finished" : "playing",
        you: position.you,
        seats: this.table.seats,
        view: { ...position.view, to_act: position.to_act },
        legal_actions: [],
        action_notes: [],
        result: end ? this.table.result : null,
      });
    } catch (error) {
      if (ticket !== this.request) return;
      this.wanted = this.position; // nothing new is shown: step on from what is
      this.onError(error);
    }
  }
}
