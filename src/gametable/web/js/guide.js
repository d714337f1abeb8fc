// A guided first game (/learn/<game> opens /t/<id>?guide=<game>): above the table's prompt, what
// this step teaches, the choice it asks for highlighted where the table draws it, and a gate
// before anything is sent: another legal choice is not sent but explained ("why not"), and the
// learner tries again. The table's seq says which step is due (GET /api/learn/<game>), so a
// page opened again later carries on where the table is.

import { api } from "./api.js";
import { byId, h } from "./dom.js";
import { sameAction } from "./turn.js";
import { menuMarks } from "./choices.js";

const DOMAINS = { gwt: "gwt", "gwt-2e": "gwt2e", "catan-on-the-road": "catan" };

/** The guide named by the address (?guide=<game>), or null. */
export function guideFromLocation(location = window.location) {
  const game = new URLSearchParams(location.search).get("guide");
  return game && DOMAINS[game] ? new Guide(game) : null;
}

/** A guide for a table whose opponent is the guide's bot (opened from My tables, say), or null. */
export function guideOfTable(snapshot) {
  const game = snapshot.view?.game;
  return snapshot.bot_level === "guide" && DOMAINS[game] ? new Guide(game) : null;
}

export class Guide {
  constructor(game) {
    this.game = game;
    this.domain = DOMAINS[game];
    this.info = null; // GET /api/learn/<game>
    this.seq = -1;
    this.why = null; // the lesson step a refused choice was made at
    this.loading = api.guide(game).then((info) => { this.info = info; });
  }

  /** The lesson step due at the table's seq, or null (the opponent's move, or the lesson is over). */
  step(seq = this.seq) {
    return this.info?.steps.find((step) => step.seq === seq) || null;
  }

  /** Whether `action` may go to the table now: the step's own choice (or no step is due, or
   *  the table left the script: its own choices are then the player's). */
  allows(action) {
    const step = this.step();
    if (!step || !this.onScript || sameAction(step.action, action)) return true;
    this.why = step.seq;
    this.onChange?.();
    return false;
  }

  /** Draw the guide's panel for `snapshot` and mark the step's choice among `choices`. */
  render(tr, snapshot, choices, bringIntoView) {
    this.bringIntoView = bringIntoView; // the renderer's: pans a board drawn in a frame (GWT)
    const box = byId("guide");
    if (!this.info) {
      this.loading.then(() => this.onChange?.());
      return;
    }
    if (snapshot.seq !== this.seq) this.why = null;
    this.seq = snapshot.seq;
    box.hidden = false;
    const steps = this.info.steps;
    const step = this.step();
    // a table whose choices do not hold the step's (a rematch of a guided table: another deal)
    this.onScript = !step || choices.legal.length === 0 || choices.legal.some((a) => sameAction(a, step.action));
    const done = steps.filter((s) => s.seq < snapshot.seq).length;
    const over = snapshot.seq >= this.info.length || snapshot.status === "finished";
    const parts = over ? [] : [h("p", { class: "guide-progress", text: tr.t("web.learn.progress", { number: Math.min(done + 1, steps.length), total: steps.length }) })];
    menuMarks.test = null;
    if (over) {
      parts.push(h("p", { class: "guide-text", text: tr.t("web.learn.over") }));
      parts.push(h("p", { class: "guide-links" }, [
        h("a", { class: "button", href: `/?game=${encodeURIComponent(this.game)}`, id: "guide-create", text: tr.t("web.learn.create") }),
        h("a", { href: "/", text: tr.t("web.learn.lobby") }),
      ]));
    } else if (!this.onScript) {
      parts.push(h("p", { class: "guide-text", text: tr.t("web.learn.off_script") }));
    } else if (step) {
      parts.push(h("p", { class: "guide-text", text: tr.t(`web.${this.domain}.learn.${step.lesson}`) }));
      if (this.why === step.seq) {
        parts.push(h("p", { class: "guide-why", role: "alert", text: `${tr.t("web.learn.not_this")} ${tr.t(`web.${this.domain}.learn.${step.lesson}.why`)}` }));
      }
      this.mark(choices, step.action);
    } else {
      parts.push(h("p", { class: "guide-text", text: tr.t("web.learn.waiting") }));
    }
    box.dataset.step = step ? String(step.seq) : (over ? "over" : "waiting");
    box.replaceChildren(...parts);
  }

  /** Highlight the element the step's choice is on (and the entry of its menu, if it opens one). */
  mark(choices, action) {
    const legal = choices.legal.find((candidate) => sameAction(candidate, action));
    if (!legal) return;
    menuMarks.test = (candidate) => sameAction(candidate, action);
    const elements = choices.elements.get(legal) || [];
    for (const element of elements) element.classList.add("guide-target");
    // bring the step's choice into view (the renderer pans a board in a frame to it; a button in
    // the phone's action bar, which scrolls inside, is scrolled to), after the page has laid out:
    // at a new step, and again for a drawing that replaced it just after (the same table from the
    // socket), but not later, when the player may have looked elsewhere on purpose
    const fresh = this.shown !== this.seq || performance.now() - this.shownAt < 1500;
    if (elements.length && fresh) {
      const seq = this.seq;
      requestAnimationFrame(() => {
        // never while the player types (the chat): the ring still shows the way
        if (!elements[0].isConnected || document.activeElement?.matches?.("input, textarea, select")) return;
        if (this.shown !== seq) this.shownAt = performance.now();
        this.shown = seq;
        this.bringIntoView?.(elements[0]);
        elements[0].focus({ preventScroll: true });
        elements[0].scrollIntoView({ block: "center", inline: "nearest" });
      });
    }
  }
}
