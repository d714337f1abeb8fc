// The local actions of a building as small pictures, as the tiles print them: one chip per local
// action, its options ("X / Y") side by side in it. The actions come from the game's data
// (faces.buildings, written by scripts/web_game_data.py); the words for them are effectText's.

import { s } from "../../dom.js";
import { CATTLE_COLOURS, TEEPEE_COLOURS } from "./layout.js";
import { hazardIcon, workerIcon } from "./pieces.js";

const LIGHT = "#fffaf0";
const GOLD = "#f2c14e";

/** The colour a breed's cards are printed in (the cattle cards say it). */
function breedColour(faces, breed) {
  const card = Object.values(faces.cattle).find((face) => face.breed === breed);
  return card ? CATTLE_COLOURS[card.colour] : LIGHT;
}

function coin(r) {
  return s("g", {}, [
    s("circle", { r: r * 0.8, fill: GOLD, stroke: "#8a6a1e", "stroke-width": r * 0.15 }),
    s("path", { d: `M0 ${-r * 0.5} V${r * 0.5}`, stroke: "#8a6a1e", "stroke-width": r * 0.16 }),
  ]);
}

function card(r, band, dx = 0, dy = 0) {
  return s("g", { transform: `translate(${dx} ${dy})` }, [
    s("rect", { x: -r * 0.55, y: -r * 0.8, width: r * 1.1, height: r * 1.6, rx: r * 0.15, fill: LIGHT, stroke: "#8a7a60", "stroke-width": r * 0.1 }),
    s("rect", { x: -r * 0.45, y: -r * 0.7, width: r * 0.9, height: r * 0.7, fill: band }),
  ]);
}

function engine(r) {
  return s("path", { d: `M${-r * 0.8} ${r * 0.5} V${-r * 0.4} H${-r * 0.1} V${-r * 0.8} H${r * 0.3} V${-r * 0.4} H${r * 0.8} V${r * 0.5} Z`, fill: LIGHT });
}

function person(r) {
  return s("path", { d: `M0 ${-r * 0.85} a${r * 0.35} ${r * 0.35} 0 1 1 0.01 0 Z M${-r * 0.65} ${r * 0.85} Q${-r * 0.65} ${-r * 0.2} 0 ${-r * 0.2} Q${r * 0.65} ${-r * 0.2} ${r * 0.65} ${r * 0.85} Z`, fill: LIGHT });
}

function certificate(r) {
  return s("g", {}, [
    s("circle", { cy: -r * 0.2, r: r * 0.55, fill: "#6fb06a", stroke: LIGHT, "stroke-width": r * 0.12 }),
    s("path", { d: `M${-r * 0.4} ${r * 0.25} L${-r * 0.55} ${r * 0.9} L0 ${r * 0.6} L${r * 0.55} ${r * 0.9} L${r * 0.4} ${r * 0.25}`, fill: "#6fb06a" }),
  ]);
}

function teepee(r, colour = TEEPEE_COLOURS.green) {
  return s("path", { d: `M0 ${-r * 0.85} L${r * 0.75} ${r * 0.75} H${-r * 0.75} Z`, fill: colour, stroke: LIGHT, "stroke-width": r * 0.12 });
}

function arrows(r) {
  return s("path", { d: `M${-r * 0.8} ${-r * 0.3} H${r * 0.6} M${r * 0.3} ${-r * 0.6} L${r * 0.7} ${-r * 0.3} L${r * 0.3} 0 M${r * 0.8} ${r * 0.4} H${-r * 0.6} M${-r * 0.3} ${r * 0.1} L${-r * 0.7} ${r * 0.4} L${-r * 0.3} ${r * 0.7}`, stroke: LIGHT, "stroke-width": r * 0.18, fill: "none", "stroke-linecap": "round" });
}

/** One option of a local action as a picture of half-size r. */
function optionIcon(faces, effect, r) {
  switch (effect.effect) {
    case "money":
    case "money_per_woods":
    case "money_per_engineer":
      return coin(r);
    case "discard": {
      const band = ["any", "objective"].includes(effect.card) ? "#c9b08a" : breedColour(faces, effect.card);
      return effect.count === 2 ? s("g", {}, [card(r * 0.85, band, -r * 0.3, -r * 0.1), card(r * 0.85, band, r * 0.3, r * 0.1)]) : card(r, band);
    }
    case "draw":
      return s("g", {}, [card(r * 0.85, "#c9b08a", -r * 0.3, -r * 0.1), card(r * 0.85, "#c9b08a", r * 0.3, r * 0.1)]);
    case "buy_cattle":
      return card(r, CATTLE_COLOURS.yellow);
    case "hire":
      return workerIcon("cowboy", r);
    case "build":
      return workerIcon("craftsman", r);
    case "herder":
      return person(r);
    case "engine":
    case "engine_back":
    case "upgrade_behind":
    case "extraordinary_delivery":
      return engine(r);
    case "certificates":
    case "certificates_to_limit":
      return certificate(r);
    case "trade":
      return teepee(r);
    case "teepee_pairs":
      return s("g", {}, [teepee(r * 0.8, TEEPEE_COLOURS.green), s("g", { transform: `translate(${r * 0.35} ${r * 0.2})` }, teepee(r * 0.7, TEEPEE_COLOURS.blue))]);
    case "remove_hazard":
      return hazardIcon("rockfall", r * 0.8);
    case "take_objective":
      return s("g", {}, [
        s("rect", { x: -r * 0.6, y: -r * 0.8, width: r * 1.2, height: r * 1.6, rx: r * 0.15, fill: "#6b4a2b", stroke: "#e7d6b0", "stroke-width": r * 0.12 }),
        s("path", { d: `M0 ${-r * 0.4} L${r * 0.3} 0 L0 ${r * 0.4} L${-r * 0.3} 0 Z`, fill: "#e7d6b0" }),
      ]);
    case "aux":
    case "copy_adjacent":
      return arrows(r);
    default:
      return s("circle", { r: r * 0.4, fill: LIGHT });
  }
}

/**
 * A building's local actions as a row of chips centred on (0, 0), each `size` units high, no
 * wider than `room` units (the chips shrink to fit).
 */
export function buildingActions(faces, id, size, room) {
  const actions = faces.buildings[id]?.actions || [];
  const gap = size * 0.15;
  const units = actions.reduce((sum, options) => sum + options.length, 0);
  const chip = Math.min(size, (room - gap * (actions.length - 1)) / Math.max(units, 1));
  const row = s("g", { class: "building-actions" });
  let x = -(units * chip + gap * (actions.length - 1)) / 2;
  for (const options of actions) {
    const width = options.length * chip;
    row.appendChild(s("rect", { x, y: -chip / 2, width, height: chip, rx: chip * 0.25, class: "action-chip" }));
    options.forEach((effect, i) => {
      row.appendChild(s("g", { transform: `translate(${x + chip * (i + 0.5)} 0)` }, optionIcon(faces, effect, chip * 0.42)));
    });
    x += width + gap;
  }
  return row;
}
