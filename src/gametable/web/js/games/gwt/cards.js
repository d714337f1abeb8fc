// GWT cards and tiles that appear both on the board and in players' areas.

import { s } from "../../dom.js";
import { SEAT_COLOURS, TEEPEE_COLOURS, OUTLAW_COLOURS } from "./layout.js";
import { hand, hazardIcon, text } from "./pieces.js";
import { effectText } from "./effects.js";
import { label, term } from "./words.js";
import { say } from "../../i18n.js";

function taskIcon(task, x, y, domain = "gwt") {
  const g = s("g", { class: `task task-${task}`, transform: `translate(${x} ${y})` });
  if (task === "building") {
    g.appendChild(s("path", { d: "M-9 8 V-2 L0 -10 L9 -2 V8 Z", fill: "#8a5a3a" }));
  } else if (task === "station") {
    g.appendChild(s("path", { d: "M-10 8 V-3 L0 -10 L10 -3 V8 Z M-4 8 V1 H4 V8", fill: "#5a6f8a", "fill-rule": "evenodd" }));
  } else if (task === "hazard") {
    g.appendChild(s("rect", { x: -9, y: -9, width: 18, height: 18, rx: 4, fill: "#7d7368" }));
    g.appendChild(hazardIcon("rockfall", 6));
  } else if (task === "green_teepee" || task === "blue_teepee") {
    const colour = (domain === "gwt2e" ? OUTLAW_COLOURS : TEEPEE_COLOURS)[task === "green_teepee" ? "green" : "blue"];
    g.appendChild(s("circle", { r: 9.5, fill: colour }));
    g.appendChild(s("path", { d: "M0 -6 L5 5 H-5 Z", fill: "#fffaf0" }));
  } else if (task.startsWith("cattle_")) {
    g.appendChild(s("rect", { x: -9, y: -11, width: 18, height: 22, rx: 3, fill: "#fffaf0", stroke: "#8a7a60" }));
    g.appendChild(text(0, 0.5, task.slice(7), { class: "task-number" }));
  } else if (task === "san_francisco") {
    g.appendChild(s("circle", { r: 12, fill: "#2b2a33" }));
    g.appendChild(text(0, 0.5, say(`web.${domain}.task_sf`), { class: "task-sf", fit: 20 })); // NY in the second edition
  }
  return g;
}

// Narrower than this, an objective's face (its task icons and texts) is drawn at this width and
// scaled down as a whole, so a card in a hand or on a discard pile keeps its layout.
const OBJECTIVE_FACE_MIN_WIDTH = 110;

/** An objective card, 150 × 130 unless sized, centred on (0, 0). */
export function objectiveCard(ctx, id, { width = 150, height = 130 } = {}) {
  const scale = Math.min(1, width / OBJECTIVE_FACE_MIN_WIDTH);
  const card = objectiveFace(ctx, id, width / scale, height / scale);
  if (scale < 1) card.setAttribute("transform", `scale(${scale})`);
  return card;
}

function objectiveFace(ctx, id, w, hh) {
  const face = ctx.faces.objectives[id];
  if (!face) {
    // Another player's starting objective lies face down until the end ("hidden_start").
    return s("g", { class: "objective-card face-down", dataset: { objective: id } }, [
      s("rect", { x: -w / 2, y: -hh / 2, width: w, height: hh, rx: 10, class: "hit objective-back" }),
      s("path", { d: `M${-w / 4} 0 L0 ${-hh / 5} L${w / 4} 0 L0 ${hh / 5} Z`, class: "objective-back-mark" }),
      s("title", { text: term(ctx, id) }),
    ]);
  }
  const g = s("g", { class: `objective-card${face.start ? " starting" : ""}`, dataset: { objective: id } }, [
    s("rect", { x: -w / 2, y: -hh / 2, width: w, height: hh, rx: 10, class: "hit objective-bg" }),
    s("rect", { x: -w / 2, y: -hh / 2, width: w, height: 30, rx: 10, class: "objective-head" }),
    text(0, -hh / 2 + 15, (face.immediate || []).length
      ? face.immediate.map((e) => effectText(ctx, e)).join(" / ")
      : label(ctx, "objective_start_card"), { class: "objective-immediate", fit: w - 10 }),
  ]);
  const n = face.tasks.length;
  face.tasks.forEach((task, i) => g.appendChild(taskIcon(task, (i - (n - 1) / 2) * 26, -6, ctx.domain)));
  g.appendChild(text(-w / 4, hh / 2 - 22, ctx.tr.t("gwt.terminal.vp", { vp: face.vp }), { class: "objective-vp" }));
  g.appendChild(text(w / 4, hh / 2 - 22, face.penalty ? `${face.penalty}` : "0", { class: "objective-penalty" }));
  g.appendChild(s("title", { text: label(ctx, "objective_help", { vp: face.vp, penalty: face.penalty }) }));
  return g;
}

/** A private building tile as it waits on a player's board. */
export function buildingTile(ctx, id, seat, size = 46) {
  const face = ctx.faces.buildings[id] || {};
  const g = s("g", { class: "building-card", dataset: { building: id } }, [
    s("rect", { x: -size / 2, y: -size / 2, width: size, height: size, rx: 7, fill: SEAT_COLOURS[seat], class: "hit building-tile" }),
    text(0, -size * 0.16, id, { class: "building-id" }),
    text(-size * 0.25, size * 0.26, `${face.craftsmen}⚒`, { class: "building-small" }),
    text(size * 0.25, size * 0.26, `${face.vp}★`, { class: "building-small" }),
  ]);
  (face.hands || []).forEach((colour, i) => g.appendChild(hand(-size * 0.38 + i * size * 0.76, -size * 0.38, colour, 6)));
  g.appendChild(s("title", { text: `${ctx.tr.localDigits(id)}: ${buildingActionsText(ctx, id)}` }));
  return g;
}

/** A building's local actions in words: "discard Guernsey → +$2 · hire a worker · …". */
export function buildingActionsText(ctx, id) {
  const face = ctx.faces.buildings[id] || {};
  return (face.actions || []).map((options) => options.map((o) => effectText(ctx, o)).join(" / ")).join(" · ");
}
