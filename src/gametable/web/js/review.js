// The search bot's review of a finished game, beside its replay (issue 25; docs/web-client.md).
//
// "Review" asks the server for it (POST /api/tables/{id}/analysis: anyone who may see the
// replay), then reads its progress until it is done (GET). Done, the panel draws each seat's
// win chance over the game (an inline SVG; no chart library), each seat's summary, and the
// marked decisions (or, where nothing is marked, the ones the bot would have played otherwise):
// a click takes the replay to the position after that decision and says what was played and
// what the bot preferred, in the words the page uses for the choices themselves.

import { api } from "./api.js";
import { byId, clear, h, s } from "./dom.js";

const POLL_MS = 1000;
// the graph's height; its width is the panel's (at least MIN_WIDTH), so that one unit is one pixel
// and the graph keeps its height on a wide single-column page
const MIN_WIDTH = 240;
const HEIGHT = 120;
const PAD = 6;
// decisions listed when nothing is marked
const UNMARKED_SHOWN = 8;

export class ReviewPanel {
  /** `describe(action)`: an action's label; `names()`: the seats' names; `jump(seq)`: show the
   *  replay's position after that many actions. */
  constructor(tableId, token, { tr, names, describe, jump, onError }) {
    this.tableId = tableId;
    this.token = token;
    this.tr = tr;
    this.names = names;
    this.describe = describe;
    this.jump = jump;
    this.onError = onError;
    this.review = null;
    this.selected = null; // the seq of the decision shown
    this.position = 0; // the replay's position, marked on the graph
    this.timer = null;
  }

  get box() {
    return byId("review");
  }

  /** Show the panel and ask for the review (asking again is harmless: the server keeps one). */
  async open() {
    this.box.hidden = false;
    this.box.scrollIntoView?.({ block: "nearest" });
    if (this.review?.status === "done") return this.render();
    this.say(this.tr.t("web.review.asking"));
    try {
      this.take(await api.startReview(this.tableId, this.token));
    } catch (error) {
      this.onError(error);
    }
  }

  close() {
    clearTimeout(this.timer);
    this.timer = null;
    this.box.hidden = true;
  }

  take(review) {
    this.review = review;
    this.render();
    clearTimeout(this.timer);
    if (review.status === "queued" || review.status === "running") {
      this.timer = setTimeout(() => this.poll(), POLL_MS);
    }
  }

  async poll() {
    if (this.box.hidden) return;
    try {
      this.take(await api.review(this.tableId, this.token));
    } catch (error) {
      this.onError(error);
    }
  }

  /** The replay moved: the graph marks where. */
  showPosition(seq) {
    this.position = seq;
    const cursor = this.box.querySelector(".review-cursor");
    if (cursor && this.total) {
      const x = this.x(seq);
      cursor.setAttribute("x1", x);
      cursor.setAttribute("x2", x);
    }
  }

  say(text) {
    const body = clear(byId("review-body"));
    body.appendChild(h("p", { class: "review-status", role: "status", text }));
  }

  render() {
    const tr = this.tr;
    const review = this.review;
    if (!review || this.box.hidden) return;
    if (review.status === "queued") return this.say(tr.t("web.review.queued"));
    if (review.status === "running") {
      const percent = Math.round(review.progress * 100);
      const body = clear(byId("review-body"));
      body.appendChild(h("p", { class: "review-status", role: "status",
        text: tr.t("web.review.running", { percent: tr.number(percent) }) }));
      body.appendChild(h("progress", { max: "100", value: String(percent) }));
      return;
    }
    if (review.status === "failed") {
      return this.say(tr.t("web.review.failed", { message: review.error || "" }));
    }
    const body = clear(byId("review-body"));
    const judged = review.decisions.filter((d) => d.win_chance_after !== null);
    if (judged.length === 0) {
      body.appendChild(h("p", { class: "review-status", text: tr.t("web.review.nothing_judged") }));
      return;
    }
    this.total = Math.max(...review.decisions.map((d) => d.seq));
    this.width = Math.max(MIN_WIDTH, Math.round(body.clientWidth) || MIN_WIDTH);
    body.appendChild(this.graph(judged));
    body.appendChild(this.summaries());
    body.appendChild(this.decisionList());
    body.appendChild(h("p", { id: "review-detail", class: "review-detail", "aria-live": "polite" }));
    if (this.selected !== null) this.detail(this.selected);
  }

  x(seq) {
    return PAD + ((this.width - 2 * PAD) * seq) / Math.max(1, this.total);
  }

  y(chance) {
    return PAD + (HEIGHT - 2 * PAD) * (1 - chance);
  }

  /** Each seat's win chance after each of its judged decisions, and the marks on the lines. */
  graph(judged) {
    const names = this.names();
    const svg = s("svg", {
      class: "review-graph",
      viewBox: `0 0 ${this.width} ${HEIGHT}`,
      role: "img",
      "aria-label": this.tr.t("web.review.graph"),
    });
    svg.appendChild(s("line", { class: "review-even", x1: PAD, x2: this.width - PAD, y1: this.y(0.5), y2: this.y(0.5) }));
    const seats = [...new Set(judged.map((d) => d.seat))].sort();
    for (const seat of seats) {
      const points = judged.filter((d) => d.seat === seat).map((d) => `${this.x(d.seq).toFixed(1)},${this.y(d.win_chance_after).toFixed(1)}`);
      svg.appendChild(s("polyline", { class: `review-line seat-stroke-${seat % 4}`, points: points.join(" ") },
        [s("title", { text: names[seat] })]));
    }
    for (const decision of judged.filter((d) => d.mark)) {
      svg.appendChild(s("circle", {
        class: `review-mark ${decision.mark}`,
        cx: this.x(decision.seq).toFixed(1),
        cy: this.y(decision.win_chance_after).toFixed(1),
        r: 3.5,
        onclick: () => this.choose(decision.seq),
      }, [s("title", { text: this.heading(decision) })]));
    }
    const cursor = this.x(this.position);
    svg.appendChild(s("line", { class: "review-cursor", x1: cursor, x2: cursor, y1: PAD, y2: HEIGHT - PAD }));
    // a click anywhere on the graph goes to the nearest judged decision
    svg.addEventListener("click", (event) => {
      if (event.target.closest?.(".review-mark")) return;
      const box = svg.getBoundingClientRect();
      // the graph is drawn mirrored in a right-to-left page (review.css): measure from its start
      const fromStart = document.documentElement.dir === "rtl" ? box.right - event.clientX : event.clientX - box.left;
      const x = (fromStart / box.width) * this.width;
      const nearest = judged.reduce((best, d) => (Math.abs(this.x(d.seq) - x) < Math.abs(this.x(best.seq) - x) ? d : best));
      this.choose(nearest.seq);
    });
    const key = h("ul", { class: "review-key" }, seats.map((seat) =>
      h("li", { class: `seat-colour-${seat % 4}` }, [h("span", { class: "dot", "aria-hidden": "true" }), names[seat]])));
    return h("figure", { class: "review-figure" }, [svg, key]);
  }

  summaries() {
    const tr = this.tr;
    const names = this.names();
    return h("ul", { class: "review-seats" }, this.review.seats.map((seat, index) => h("li", {}, [
      h("strong", { text: names[index] }),
      " ",
      seat.accuracy === null
        ? tr.t("web.review.no_accuracy")
        : tr.t("web.review.accuracy", { accuracy: tr.number(seat.accuracy) }),
      h("br"),
      tr.t("web.review.counts", {
        inaccuracies: tr.number(seat.inaccuracies), mistakes: tr.number(seat.mistakes), blunders: tr.number(seat.blunders),
      }),
      h("br"),
      tr.t("web.review.luck", { luck: tr.number(seat.luck > 0 ? `+${seat.luck}` : seat.luck) }),
    ])));
  }

  /** The marked decisions; with none, those where the bot preferred another move (the
   *  dearest first), else the first judged ones. */
  listed() {
    const decisions = this.review.decisions;
    const marked = decisions.filter((d) => d.mark);
    if (marked.length) return ["web.review.marked", marked];
    const other = decisions.filter((d) => JSON.stringify(d.best) !== JSON.stringify(d.played))
      .sort((a, b) => b.loss_vp - a.loss_vp).slice(0, UNMARKED_SHOWN).sort((a, b) => a.seq - b.seq);
    if (other.length) return ["web.review.preferred_list", other];
    return ["web.review.judged_list", decisions.filter((d) => d.win_chance_after !== null).slice(0, UNMARKED_SHOWN)];
  }

  decisionList() {
    const [title, decisions] = this.listed();
    return h("section", { class: "review-decisions" }, [
      h("h3", { text: this.tr.t(title) }),
      h("ol", { id: "review-list" }, decisions.map((decision) => h("li", {}, [h("button", {
        type: "button",
        class: `review-decision ${decision.mark || ""}`,
        dataset: { seq: String(decision.seq) },
        "aria-current": decision.seq === this.selected ? "true" : null,
        onclick: () => this.choose(decision.seq),
      }, [
        h("span", { class: "review-heading", text: this.heading(decision) }),
        h("span", { class: "review-played", text: this.describe(decision.played) }),
      ])]))),
    ]);
  }

  heading(decision) {
    const tr = this.tr;
    const move = tr.t("web.review.move", { seq: tr.number(decision.seq), name: this.names()[decision.seat] });
    return decision.mark ? `${move} · ${tr.t(`web.review.mark.${decision.mark}`)}` : move;
  }

  choose(seq) {
    this.selected = seq;
    for (const button of this.box.querySelectorAll(".review-decision")) {
      if (Number(button.dataset.seq) === seq) button.setAttribute("aria-current", "true");
      else button.removeAttribute("aria-current");
    }
    this.detail(seq);
    this.jump(seq);
  }

  /** What was played at `seq`, and what the bot preferred. */
  detail(seq) {
    const tr = this.tr;
    const decision = this.review.decisions.find((d) => d.seq === seq);
    const box = byId("review-detail");
    if (!decision || !box) return;
    clear(box);
    box.dataset.seq = String(seq);
    box.appendChild(h("strong", { text: this.heading(decision) }));
    box.appendChild(h("span", { class: "review-played", text: tr.t("web.review.played", { action: this.describe(decision.played) }) }));
    const same = JSON.stringify(decision.best) === JSON.stringify(decision.played);
    box.appendChild(h("span", {
      class: "review-best",
      text: same ? tr.t("web.review.agrees") : tr.t("web.review.best", { action: this.describe(decision.best) }),
    }));
    if (!same && decision.win_chance_before !== null) {
      box.appendChild(h("span", {
        class: "review-cost",
        text: tr.t("web.review.cost", {
          loss: tr.number(decision.loss_vp),
          before: tr.number(Math.round(decision.win_chance_before * 100)),
          after: tr.number(Math.round(decision.win_chance_after * 100)),
        }),
      }));
    }
  }
}
