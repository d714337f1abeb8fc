// Small drawings shared by the GWT board and player boards: tiles, workers, discs, cards.

import { s } from "../../dom.js";
import { localDigits, say } from "../../i18n.js";
import { CATTLE_COLOURS, HAZARD_COLOURS, OUTLAW_COLOURS, SEAT_COLOURS, TEEPEE_COLOURS, WORKER_COLOURS } from "./layout.js";

export function text(x, y, value, attrs = {}) {
  const { fit, ...rest } = attrs;
  // every number on the board in the page language's digits (Persian ۰-۹), as the log writes them
  let shown = value === null || value === undefined ? value : localDigits(value);
  const rtl = document.documentElement.dir === "rtl";
  if (rtl && RTL_LETTER.test(String(shown).replace(RTL_DIGIT, ""))) {
    // a signed amount inside Persian words ("-۶ امتیاز") is isolated left to right, so its sign
    // stays in front of it
    shown = String(shown).replace(SIGNED, (amount) => `\u2066${amount}\u2069`);
  }
  const node = { x, y, "text-anchor": "middle", "dominant-baseline": "central", "data-fit": fit, ...rest, text: shown };
  if (rtl && !RTL_LETTER.test(String(shown).replace(RTL_DIGIT, ""))) {
    // Numbers and symbols ("+$2", "-2", "3 VP") read left to right even on a Persian page;
    // in a right-to-left text their signs would jump to the other side ("$2+"). The anchor
    // flips with the direction, so the text keeps the edge it was placed at.
    node.direction = "ltr";
    node["text-anchor"] = { start: "end", end: "start" }[node["text-anchor"]] ?? node["text-anchor"];
  }
  return s("text", node);
}

/** Letters of the right-to-left scripts (Hebrew, Arabic, Persian). */
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
/** Arabic-Indic and Persian digits: numbers, which keep reading left to right. */
const RTL_DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/g;
/** A signed amount: "+$۲", "-۶", "−۳". */
const SIGNED = /[-+−]\$?[0-9\u0660-\u0669\u06F0-\u06F9]+\$?/g;

/**
 * Text at one edge of the box x0..x1: side "start" is where reading starts (left in English,
 * right in Persian), "end" the other edge. The board is a map and keeps its geometry; only
 * these labels follow the reading direction.
 */
export function edgeText(ctx, side, x0, x1, y, value, attrs = {}) {
  const ltr = ctx.tr.dir !== "rtl";
  const x = (side === "start") === ltr ? x0 : x1;
  return text(x, y, value, { ...attrs, "text-anchor": side });
}

/** Squeeze every text drawn with {fit: width} that came out wider (translations vary in length). */
export function fitTexts(root) {
  for (const node of root.querySelectorAll("text[data-fit]")) {
    const room = Number(node.dataset.fit);
    if (node.getComputedTextLength() > room) {
      node.setAttribute("textLength", String(room));
      node.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }
}

/** A hand icon (fee marker): green or black. */
export function hand(x, y, colour, size = 9) {
  const fill = colour === "green" ? "#3f8f3f" : "#222";
  return s("g", { transform: `translate(${x} ${y}) scale(${size / 10})`, class: `hand hand-${colour}` }, [
    s("path", { d: "M-5 6 V-2 Q-5 -4 -3.5 -4 V-8 Q-2 -9.5 -0.5 -8 V-9 Q1 -10.5 2.5 -9 V-7.5 Q4 -9 5.5 -7.5 V3 Q5 8 0 8 Q-4 8 -5 6 Z", fill, stroke: "#fff", "stroke-width": 1.2 }),
  ]);
}

/** A worker meeple-like token. */
export function worker(kind, x, y, size = 16) {
  const colour = WORKER_COLOURS[kind] || "#888";
  return s("g", { class: `worker worker-${kind}`, transform: `translate(${x} ${y})`, dataset: { worker: kind } }, [
    s("rect", { x: -size, y: -size, width: size * 2, height: size * 2, rx: size * 0.35, fill: colour, stroke: "#fff", "stroke-width": 1.5 }),
    workerIcon(kind, size * 0.8),
  ]);
}

export function workerIcon(kind, r) {
  const light = "#fffaf0";
  if (kind === "cowboy") {
    // a hat
    return s("path", { d: `M${-r} ${r * 0.25} Q0 ${r * 0.6} ${r} ${r * 0.25} L${r * 0.55} ${r * 0.15} L${r * 0.4} ${-r * 0.6} Q0 ${-r * 0.8} ${-r * 0.4} ${-r * 0.6} L${-r * 0.55} ${r * 0.15} Z`, fill: light });
  }
  if (kind === "craftsman") {
    // a hammer
    return s("g", {}, [
      s("rect", { x: -r * 0.12, y: -r * 0.35, width: r * 0.24, height: r * 1.05, fill: light, transform: "rotate(35)" }),
      s("rect", { x: -r * 0.55, y: -r * 0.75, width: r * 1.1, height: r * 0.42, rx: 2, fill: light, transform: "rotate(35)" }),
    ]);
  }
  // engineer: a wheel
  return s("g", {}, [
    s("circle", { r: r * 0.7, fill: "none", stroke: light, "stroke-width": r * 0.22 }),
    s("circle", { r: r * 0.18, fill: light }),
    s("path", { d: `M0 ${-r * 0.7} V${r * 0.7} M${-r * 0.7} 0 H${r * 0.7}`, stroke: light, "stroke-width": r * 0.12 }),
  ]);
}

/** A player's disc. */
export function disc(seat, x, y, r = 8) {
  return s("circle", { cx: x, cy: y, r, fill: SEAT_COLOURS[seat], stroke: "#fff", "stroke-width": 1.6, class: "disc" });
}

/** A hazard tile (flood/drought/rockfall) with its hand and VP. */
export function hazardTile(tile, faces, size = 22) {
  const face = faces.tiles[tile] || {};
  const colour = HAZARD_COLOURS[face.hazard] || "#888";
  return s("g", { class: `hazard-tile hazard-${face.hazard}` }, [
    s("rect", { x: -size, y: -size, width: size * 2, height: size * 2, rx: 6, fill: colour, stroke: "#fff", "stroke-width": 2 }),
    hazardIcon(face.hazard, size * 0.55),
    hand(-size * 0.5, size * 0.5, face.hand, size * 0.35),
    text(size * 0.48, size * 0.52, `${face.vp}`, { class: "vp-number", "font-size": size * 0.55 }),
  ]);
}

export function hazardIcon(kind, r) {
  const light = "#fffaf0";
  if (kind === "flood") {
    return s("path", { d: `M${-r} ${-r * 0.5} q${r / 2} ${-r / 2} ${r} 0 t${r} 0 M${-r} ${r * 0.1} q${r / 2} ${-r / 2} ${r} 0 t${r} 0`, fill: "none", stroke: light, "stroke-width": r * 0.22, "stroke-linecap": "round" });
  }
  if (kind === "drought") {
    return s("g", {}, [
      s("circle", { cx: 0, cy: -r * 0.3, r: r * 0.42, fill: light }),
      s("path", { d: `M${-r} ${r * 0.4} l${r * 0.5} ${-r * 0.2} l${r * 0.4} ${r * 0.3} l${r * 0.5} ${-r * 0.3} l${r * 0.6} ${r * 0.2}`, fill: "none", stroke: light, "stroke-width": r * 0.15 }),
    ]);
  }
  return s("path", { d: `M${-r} ${r * 0.3} L${-r * 0.3} ${-r * 0.7} L${r * 0.1} ${-r * 0.1} L${r * 0.5} ${-r * 0.5} L${r} ${r * 0.3} Z`, fill: light });
}

export function teepeeTile(tile, size = 20, domain = "gwt") {
  const colour = tile === "teepee_green" ? "green" : "blue";
  if (domain === "gwt2e") {
    // the second edition's outlaw tiles: a "wanted" star on green or orange
    return s("g", { class: `teepee-tile outlaw-${colour === "green" ? "green" : "orange"}` }, [
      s("circle", { r: size, fill: OUTLAW_COLOURS[colour], stroke: "#fff", "stroke-width": 2 }),
      s("text", { x: 0, y: size * 0.35, "text-anchor": "middle", "font-size": size * 1.1, fill: "#fffaf0", text: "★" }),
    ]);
  }
  return s("g", { class: `teepee-tile teepee-${colour}` }, [
    s("circle", { r: size, fill: TEEPEE_COLOURS[colour], stroke: "#fff", "stroke-width": 2 }),
    s("path", { d: `M0 ${-size * 0.7} L${size * 0.55} ${size * 0.5} H${-size * 0.55} Z`, fill: "#fffaf0" }),
    s("path", { d: `M0 ${size * 0.05} L${size * 0.18} ${size * 0.5} H${-size * 0.18} Z`, fill: TEEPEE_COLOURS[colour] }),
  ]);
}

/** Any Kansas City tile: a worker, a hazard or a teepee. */
export function kcTile(tile, faces, size = 20) {
  const face = faces.tiles[tile] || {};
  if (face.kind === "worker") return worker(face.worker, 0, 0, size);
  if (face.kind === "hazard") return hazardTile(tile, faces, size);
  return teepeeTile(tile, size, faces.domain);
}

/** A cattle card: colour band, breeding value, VP. */
export function cattleCard(cardId, faces, w = 44, h = 62, name = null) {
  const face = faces.cattle[cardId] || {};
  const colour = CATTLE_COLOURS[face.colour] || "#bbb";
  const dark = ["black", "brown", "purple", "blue", "red", "green"].includes(face.colour);
  return s("g", { class: `cattle-card breed-${face.breed}` }, [
    s("rect", { x: -w / 2, y: -h / 2, width: w, height: h, rx: 6, fill: "#fffaf0", stroke: "#8a7a60", "stroke-width": 1.2 }),
    s("rect", { x: -w / 2 + 3, y: -h / 2 + 3, width: w - 6, height: h * 0.5, rx: 4, fill: colour, stroke: face.colour === "white" ? "#bbb" : "none" }),
    text(0, -h / 2 + 3 + h * 0.25, `${face.value}`, { class: "breeding-value", "font-size": h * 0.3, fill: dark ? "#fff" : "#222" }),
    face.vp ? text(0, h * (name ? 0.16 : 0.27), say("gwt.terminal.vp", { vp: face.vp }), { class: "card-vp", "font-size": h * 0.17, fit: w - 4 }) : null,
    name ? text(0, h * 0.36, name, { class: "card-name", "font-size": h * 0.13, fit: w - 4 }) : null,
  ]);
}
