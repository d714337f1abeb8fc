// Undo within a turn and the end-turn confirmation (issue 9).
//
// - "Undo" takes back this seat's last action, "Restart turn" all of them back to the last thing
//   revealed (the snapshot's can_undo / undo_steps say what the server allows); Ctrl+Z (⌘Z) or
//   "u" does the same as "Undo", except while typing in a field.
// - Before an action that ends the turn (the snapshot's ends_turn, parallel to legal_actions),
//   an "End turn?" step shows what this turn did, with Confirm, Back and Undo. Each player can
//   switch the step off (kept in this browser's localStorage).
//
// The table page gives the module what it cannot know: how to send an undo and how to say a
// log entry or an action in words.

import { byId, clear, h } from "./dom.js";

const ASK_KEY = "gametable.confirmEndTurn";

export function asksBeforeEndingTurn() {
  try {
    return window.localStorage.getItem(ASK_KEY) !== "off";
  } catch {
    return true;
  }
}

function rememberAsking(on) {
  try {
    window.localStorage.setItem(ASK_KEY, on ? "on" : "off");
  } catch {
    // private mode without storage: the choice lasts as long as the page
  }
}

/** The log entries of `seat`'s current turn: those after the last "<game>.turn_started" of it. */
export function thisTurnEntries(log, seat) {
  for (let index = log.length - 1; index >= 0; index--) {
    const entry = log[index];
    if (typeof entry?.key === "string" && entry.key.endsWith(".turn_started") && entry.seat === seat) {
      return log.slice(index + 1);
    }
  }
  return [];
}

function typing(target) {
  if (!(target instanceof Element)) return false;
  return target.closest("input, textarea, select, [contenteditable='true'], [contenteditable='']") !== null;
}

export class TurnControls {
  /** @param {{undo: (steps: number) => Promise<void>}} hooks */
  constructor(hooks) {
    this.hooks = hooks;
    this.steps = 0; // how many actions this seat may take back now
    this.pending = null; // the resolve of an open end-turn step
    byId("undo").addEventListener("click", () => this.undo(1));
    byId("restart-turn").addEventListener("click", () => this.undo(this.steps));
    const ask = byId("ask-end-turn");
    ask.checked = asksBeforeEndingTurn();
    ask.addEventListener("change", () => rememberAsking(ask.checked));
    const dialog = byId("end-turn-dialog");
    dialog.addEventListener("close", () => this.settle(dialog.returnValue === "confirm"));
    byId("end-turn-undo").addEventListener("click", () => {
      dialog.close("back");
      this.undo(1);
    });
    document.addEventListener("keydown", (event) => this.onKey(event));
  }

  /** Show the buttons for `snapshot` (mine: this browser holds the seat the snapshot is for). */
  render(snapshot, mine) {
    this.steps = mine ? snapshot.undo_steps || 0 : 0;
    const playing = mine && snapshot.status === "playing";
    byId("turn-controls").hidden = !playing;
    byId("undo").hidden = this.steps < 1;
    byId("restart-turn").hidden = this.steps < 2;
    byId("end-turn-undo").hidden = this.steps < 1;
  }

  undo(steps) {
    if (steps < 1 || steps > this.steps) return;
    this.steps = 0; // one undo at a time: the next snapshot says what is left
    this.hooks.undo(steps);
  }

  onKey(event) {
    if (event.defaultPrevented || typing(event.target) || event.altKey) return;
    const key = event.key.toLowerCase();
    const shortcut = (key === "z" && (event.ctrlKey || event.metaKey) && !event.shiftKey)
      || (key === "u" && !event.ctrlKey && !event.metaKey);
    if (!shortcut || this.steps < 1) return;
    const open = document.querySelector("dialog[open]");
    if (open && open.id !== "end-turn-dialog") return;
    event.preventDefault();
    if (open) open.close("back");
    this.undo(1);
  }

  /**
   * Whether to send `action` of `snapshot` now: at once unless it ends the turn and this player
   * asks to confirm; then after the "End turn?" step (true: Confirm; false: Back, Undo, Escape).
   * @param {{tr, snapshot, action, describeEntry: (entry) => string, describeAction: (action) => string}} what
   */
  confirm({ tr, snapshot, action, describeEntry, describeAction }) {
    const legal = snapshot.legal_actions || [];
    const index = legal.findIndex((offered) => sameAction(offered, action));
    if (index < 0 || !snapshot.ends_turn?.[index] || !asksBeforeEndingTurn()) return Promise.resolve(true);
    const entries = thisTurnEntries(snapshot.view?.log || [], snapshot.you);
    const list = clear(byId("end-turn-summary"));
    for (const entry of entries) list.appendChild(h("li", { class: "log-entry", text: describeEntry(entry) }));
    if (!entries.length) list.appendChild(h("li", { class: "log-entry empty", text: tr.t("ui.undo.nothing_yet") }));
    byId("end-turn-action").textContent = tr.t("ui.undo.ends_with", { action: describeAction(action) });
    const dialog = byId("end-turn-dialog");
    if (dialog.open) return Promise.resolve(false); // a second click while the step is open
    dialog.returnValue = "";
    dialog.showModal();
    byId("end-turn-confirm").focus();
    return new Promise((resolve) => { this.pending = resolve; });
  }

  settle(confirmed) {
    const resolve = this.pending;
    this.pending = null;
    if (resolve) resolve(confirmed);
  }
}

export function sameAction(a, b) {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length
    && keys.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}
