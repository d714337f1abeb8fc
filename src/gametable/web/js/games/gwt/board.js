// The Great Western Trail main board as one SVG: cities and railroad along the top, the trail
// in the middle, Kansas City and the job market on the left, cattle and objectives on the right.
// Every space a legal action concerns is highlighted and clickable (see ../../choices.js).

import { s } from "../../dom.js";
import * as L from "./layout.js";
import { cattleCard, disc, edgeText, hand, hazardIcon, hazardTile, kcTile, teepeeTile, text, worker } from "./pieces.js";
import { buildingActionsText, objectiveCard } from "./cards.js";
import { buildingActions } from "./icons.js";
import { showTip } from "../../choices.js";
import { label, term } from "./words.js";

const last = (list) => list[list.length - 1];

// -- the trail ----------------------------------------------------------------------------------------

function trailEdges(view) {
  const g = s("g", { class: "trail-edges" });
  const at = L.trailLayout(view);
  for (const node of view.trail) {
    const from = at[node.id];
    if (!from) continue;
    for (const next of node.next) {
      const to = at[next];
      if (!to) continue;
      g.appendChild(s("line", { x1: from[0], y1: from[1], x2: to[0], y2: to[1], class: "trail-edge" }));
    }
  }
  return g;
}

function herders(ctx, nodeId, x, y) {
  const g = s("g", { class: "herders" });
  ctx.view.players.forEach((player, seat) => {
    if (player.herder !== nodeId) return;
    const k = g.childNodes.length;
    g.appendChild(s("g", { class: "herder", dataset: { seat }, transform: `translate(${x - 18 + k * 12} ${y - 30})` }, [
      s("path", { d: "M0 -12 a6 6 0 1 1 0.1 0 Z M-8 10 Q-8 -4 0 -4 Q8 -4 8 10 Z", fill: L.SEAT_COLOURS[seat], stroke: "#fff", "stroke-width": 1.5 }),
    ]));
  });
  return g;
}

// A building space is named by where it stands on the trail (its term, "1st building space after A"),
// with the building on it, if any.
// A building's title goes on with its actions in words (buildingActionsText).
function nodeTitle(ctx, node, tile) {
  const named = node.kind !== "private" ? label(ctx, `node.${node.kind}`, { tile, value: node.value ?? "" })
    : tile ? label(ctx, "node.private", { building: tile, space: term(ctx, node.id) }) : term(ctx, node.id);
  const building = (node.kind === "neutral" || node.kind === "private") && node.tile;
  return building ? label(ctx, "building_help", { building: named, actions: buildingActionsText(ctx, node.tile) }) : named;
}

function trailNode(ctx, node) {
  const { faces, view } = ctx;
  const at = L.trailLayout(view)[node.id];
  if (!at) return null;
  const [x, y] = at;
  const g = s("g", { class: `node node-${node.kind}`, dataset: { node: node.id }, transform: `translate(${x} ${y})` });
  // A building is named by its letter or number alone: its term ("building A") would say "building" twice.
  const building = node.kind === "neutral" || node.kind === "private";
  const tile = !node.tile ? "" : building ? node.tile : term(ctx, node.tile);
  const title = s("title", { text: nodeTitle(ctx, node, tile) });
  g.appendChild(title);
  if (node.kind === "start") {
    g.appendChild(s("circle", { r: 20, class: "hit start-space" }));
    g.appendChild(text(0, 0, "➜", { class: "start-mark" }));
  } else if (node.kind === "kansas_city") {
    g.appendChild(s("circle", { r: 44, class: "hit kc-space" }));
    g.appendChild(text(0, -8, term(ctx, "kansas_city"), { class: "kc-name", fit: 80 }));
    g.appendChild(text(0, 14, "★", { class: "kc-star" }));
  } else if (node.kind === "neutral") {
    g.appendChild(s("rect", { x: -27, y: -27, width: 54, height: 54, rx: 8, class: "hit neutral-space" }));
    g.appendChild(text(0, -8, node.tile || node.letter, { class: "neutral-letter" }));
    if (node.tile) g.appendChild(s("g", { transform: "translate(0 15)" }, buildingActions(faces, node.tile, 16, 50)));
  } else if (node.kind === "private") {
    g.appendChild(s("rect", { x: -22, y: -22, width: 44, height: 44, rx: 7, class: `hit private-space${node.woods ? " woods" : ""}` }));
    if (node.tile) {
      const b = faces.buildings[node.tile] || {};
      g.appendChild(s("rect", { x: -20, y: -20, width: 40, height: 40, rx: 6, fill: L.SEAT_COLOURS[node.owner] ?? "#999", class: "building-tile" }));
      g.appendChild(text(0, -8, node.tile, { class: "building-id" }));
      (b.hands || []).forEach((colour, i) => g.appendChild(hand(-15 + i * 30, -13, colour, 5)));
      g.appendChild(s("g", { transform: "translate(0 10)" }, buildingActions(faces, node.tile, 14, 38)));
    }
    if (node.risk) g.appendChild(s("g", { class: "risk-mark", transform: "translate(19 -19)" }, [
      s("circle", { r: 9 }), text(0, 0.5, "!", { class: "risk-text" }),
    ]));
  } else if (node.kind === "hazard") {
    if (node.tile) g.appendChild(hazardTile(node.tile, faces, 20));
    else {
      g.appendChild(s("rect", { x: -20, y: -20, width: 40, height: 40, rx: 6, class: `empty-hazard hazard-${node.hazard}` }));
      g.appendChild(s("g", { opacity: 0.35 }, hazardIcon(node.hazard, 11)));
    }
    g.appendChild(s("rect", { x: -22, y: -22, width: 44, height: 44, rx: 7, class: "hit hit-outline" }));
  } else if (node.kind === "teepee") {
    g.appendChild(s("circle", { r: 22, class: `hit teepee-space${node.off_trail ? " off-trail" : ""}` }));
    if (node.tile) g.appendChild(teepeeTile(node.tile, 17, ctx.domain));
    // the second edition's outlaw space 1 pays an exchange token (⇄), not money
    const reward = node.exchange ? "⇄" : `${node.value > 0 ? "+" : "−"}$${Math.abs(node.value)}`;
    g.appendChild(text(0, -33, reward, { class: `teepee-value${node.value < 0 ? " negative" : ""}` }));
  }
  g.appendChild(herders(ctx, node.id, 0, 0));
  const choices = ctx.choices.where((a) =>
    ((a.type === "move" || a.type === "herder") && last(a.path) === node.id) ||
    (["build", "remove_hazard", "trade", "copy_adjacent"].includes(a.type) && a.space === node.id));
  ctx.choices.bind(g, choices);
  // a building that is no choice now says what it does when tapped (a title shows only on hover)
  if (!choices.length && node.tile && (node.kind === "neutral" || node.kind === "private")) {
    g.classList.add("has-tip");
    g.addEventListener("click", (event) => showTip(event, title.textContent));
  }
  if (view.phase_b?.location === node.id) g.classList.add("here");
  return g;
}

function trail(ctx) {
  const g = s("g", { class: "trail" });
  g.appendChild(s("rect", { x: 420, y: 330, width: 808, height: 702, rx: 18, class: "trail-ground" }));
  g.appendChild(text(640, 846, label(ctx, "teepee_region"), { class: "region-label", fit: 330 }));
  g.appendChild(trailEdges(ctx.view));
  for (const node of ctx.view.trail) {
    const drawn = trailNode(ctx, node);
    if (drawn) g.appendChild(drawn);
  }
  return g;
}

// A piece that is no choice now still says what it is (on hover, and by a long press: inspect.js);
// one that is a choice is named by the choice (Choices.bind).
function named(element, words) {
  if (!element.querySelector(":scope > title")) element.prepend(s("title", { text: words }));
}

// -- cities and railroad ---------------------------------------------------------------------------

function cities(ctx) {
  const { view, choices } = ctx;
  const g = s("g", { class: "cities" });
  const list = view.railroad.cities;
  const index = Object.fromEntries(list.map((c, i) => [c.id, i]));
  for (const arrow of view.railroad.arrows) {
    const [a, b] = arrow.cities.map((id) => index[id]);
    const x = (L.cityX(a) + L.cityX(b)) / 2;
    const parts = [];
    if (arrow.objective) parts.push("✉");
    if (arrow.exchange) parts.push("⇄"); // an exchange token (second edition)
    if (arrow.vp) parts.push(`${arrow.vp > 0 ? "+" : ""}${arrow.vp}`);
    g.appendChild(s("g", { class: "city-arrow", transform: `translate(${x} ${L.CITY_Y + 50})` }, [
      s("path", { d: "M-16 0 H12 M6 -5 L12 0 L6 5", class: "arrow-line" }),
      text(0, 15, parts.join(" "), { class: "arrow-text" }),
    ]));
  }
  list.forEach((city, i) => {
    const x = L.cityX(i);
    const box = s("g", { class: `city corner-${city.corner}`, dataset: { city: city.id }, transform: `translate(${x} ${L.CITY_Y})` }, [
      s("rect", { x: -66, y: -44, width: 132, height: 86, rx: 10, class: "hit city-box" }),
      s("circle", { cx: -62, cy: -40, r: 13, class: "city-value-bg" }),
      text(-62, -39.5, `${city.value}`, { class: "city-value" }),
      text(4, -24, term(ctx, city.id), { class: "city-name", fit: 100 }),
      city.vp || city.money ? text(0, 28, [city.money ? `+$${city.money}` : null, city.vp ? ctx.tr.t("gwt.terminal.vp", { vp: `${city.vp > 0 ? "+" : ""}${city.vp}` }) : null].filter(Boolean).join("  "), { class: "city-bonus" }) : null,
    ]);
    const discs = s("g", { class: "city-discs" });
    city.discs.forEach((seat, k) => discs.appendChild(disc(seat, -45 + (k % 7) * 15, 2 + Math.floor(k / 7) * 13, 7)));
    box.appendChild(discs);
    choices.bind(box, choices.where((a) => a.type === "deliver" && a.city === city.id));
    g.appendChild(box);
  });
  return g;
}

function railroad(ctx) {
  const { view, choices, faces } = ctx;
  const rr = view.railroad;
  const g = s("g", { class: "railroad" });
  const main = rr.positions.filter((p) => !p.turnout);
  g.appendChild(s("line", { x1: L.trackX(0) - 10, y1: L.TRACK_Y, x2: L.trackX(main.length - 1) + 10, y2: L.TRACK_Y, class: "rail" }));
  for (const k of rr.crosses_after) {
    const x = (L.trackX(k) + L.trackX(k + 1)) / 2;
    g.appendChild(text(x, L.TRACK_Y - 16, "✕", { class: "cross" }));
  }
  const engineAt = {};
  rr.engines.forEach((label, seat) => { (engineAt[label] ||= []).push(seat); });
  const targets = (label) => choices.where((a) =>
    ["engine", "engine_back", "extraordinary_delivery", "end_of_track"].includes(a.type) && a.to === label);
  for (const position of rr.positions) {
    const x = L.trackX(position.label);
    const y = position.turnout ? L.TURNOUT_Y : L.TRACK_Y;
    const cell = s("g", { class: `track-space${position.turnout ? " turnout" : ""}`, dataset: { position: position.label }, transform: `translate(${x} ${y})` });
    if (position.turnout) {
      g.appendChild(s("path", { d: `M${x - 19} ${L.TRACK_Y} Q${x} ${L.TRACK_Y} ${x} ${y} Q${x} ${L.TRACK_Y} ${x + 19} ${L.TRACK_Y}`, class: "spur" }));
    }
    cell.appendChild(s("rect", { x: -TRACK_TARGET / 2, y: -TRACK_TARGET / 2, width: TRACK_TARGET, height: TRACK_TARGET, class: "target-area" }));
    cell.appendChild(s("rect", { x: -13, y: -10, width: 26, height: 20, rx: 4, class: "hit sleeper" }));
    if (!position.turnout && Number(position.label) % 5 === 0) cell.appendChild(text(0, 0, position.label, { class: "track-number" }));
    (engineAt[position.label] || []).forEach((seat, k) => {
      cell.appendChild(s("g", { class: "engine", dataset: { seat }, transform: `translate(${k * 7} ${-20 - k * 5})` }, [
        s("path", { d: "M-11 6 V-6 H-2 V-11 H4 V-6 H11 V6 Z", fill: L.SEAT_COLOURS[seat], stroke: "#fff", "stroke-width": 1.5 }),
        s("circle", { cx: -6, cy: 7, r: 3, fill: "#333" }), s("circle", { cx: 6, cy: 7, r: 3, fill: "#333" }),
      ]));
    });
    choices.bind(cell, targets(position.label));
    g.appendChild(cell);
  }
  for (const station of rr.stations) {
    const x = Math.min(L.trackX(station.position), 1548);
    const box = s("g", { class: `station corner-${station.corner}`, dataset: { station: station.number }, transform: `translate(${x} ${L.STATION_Y})` }, [
      s("rect", { x: -30, y: -24, width: 60, height: 50, rx: 8, class: "hit station-box" }),
      s("path", { d: "M-10 -14 L0 -21 L10 -14 V-6 H-10 Z", class: "station-roof" }),
      text(-16, 4, `$${station.cost}`, { class: "station-cost" }),
      text(16, 4, `${station.vp}`, { class: "station-vp" }),
    ]);
    station.discs.forEach((seat, k) => box.appendChild(disc(seat, -20 + k * 13, 18, 5.5)));
    choices.bind(box, choices.where((a) =>
      ["upgrade", "upgrade_behind", "disc_from_station"].includes(a.type) && a.station === station.number));
    g.appendChild(box);
    if (station.master_space) {
      const master = s("g", { class: "station-master", dataset: { master: station.station_master || "" }, transform: `translate(${x} ${L.MASTER_Y})` }, [
        s("rect", { x: -50, y: -15, width: 100, height: 30, rx: 6, class: station.station_master ? "master-tile" : "master-empty" }),
      ]);
      if (station.station_master) {
        master.appendChild(text(0, 0, label(ctx, `master.${station.station_master}`), { class: "master-text", fit: 92 }));
        master.appendChild(s("title", { text: label(ctx, `master_help.${station.station_master}`) }));
      } else if (station.worker) {
        master.appendChild(worker(station.worker, 0, 0, 11));
      }
      g.appendChild(master);
    }
  }
  return g;
}

// -- Kansas City and the job market ---------------------------------------------------------------

function kansasCity(ctx) {
  const { view, choices, faces } = ctx;
  const p = L.KC_PANEL;
  const g = s("g", { class: "kc-panel" }, [
    s("rect", { x: p.x, y: p.y, width: p.width, height: p.height, rx: 14, class: "panel-bg" }),
    edgeText(ctx, "start", p.x + 16, p.x + p.width - 16, p.y + 22, label(ctx, "foresight"), { class: "panel-title", fit: p.width - 150 }),
  ]);
  view.foresight.forEach((column, c) => {
    const cx = p.x + 70 + c * 126;
    g.appendChild(text(cx, p.y + 50, label(ctx, "foresight_column", { n: c + 1 }), { class: "small-label" }));
    column.forEach((tile, slot) => {
      const cell = s("g", { class: "foresight-tile", dataset: { column: c + 1, slot }, transform: `translate(${cx - 26 + slot * 52} ${p.y + 100})` }, [
        s("rect", { x: -24, y: -24, width: 48, height: 48, rx: 8, class: "hit slot" }),
      ]);
      if (tile) cell.appendChild(kcTile(tile, faces, 19));
      choices.bind(cell, choices.where((a) => a.type === "foresight" && a.column === c + 1 && a.slot === slot));
      if (tile) named(cell, term(ctx, tile));
      g.appendChild(cell);
    });
    g.appendChild(text(cx, p.y + 150, label(ctx, "pile", { count: view.kansas_city_supply[c] }), { class: "small-label" }));
  });
  if (view.kansas_city?.visiting) {
    // Before the income is taken the view's total is the last visit's: say that it is still to
    // come (each income choice says what it adds up to); after, the total this visit brought.
    const taken = !INCOME_TO_COME.has(view.pending?.kind);
    const words = taken ? label(ctx, "kc_total", { total: view.kansas_city.total ?? 0 }) : label(ctx, "kc_income_to_come");
    g.appendChild(text(p.x + p.width / 2, p.y + 178, words, { class: "kc-total" }));
  }
  return g;
}

// the Kansas City steps before its income is taken (§10: foresight, then income)
const INCOME_TO_COME = new Set(["foresight", "income"]);

function jobMarket(ctx) {
  const { view, choices } = ctx;
  const p = L.JOB_PANEL;
  const jm = view.job_market;
  const g = s("g", { class: "job-market" }, [
    s("rect", { x: p.x, y: p.y, width: p.width, height: p.height, rx: 14, class: "panel-bg" }),
    edgeText(ctx, "start", p.x + 16, p.x + p.width - 16, p.y + 22, label(ctx, "job_market"), { class: "panel-title", fit: p.width - 150 }),
  ]);
  const rowH = 38;
  jm.rows.forEach((row, r) => {
    const y = p.y + 58 + r * rowH;
    const current = jm.token_row === row.row;
    g.appendChild(s("rect", { x: p.x + 10, y: y - rowH / 2 + 2, width: p.width - 20, height: rowH - 4, rx: 8, class: `job-row${current ? " token-row" : ""}` }));
    g.appendChild(text(p.x + 36, y, `$${row.cost}`, { class: "job-cost" }));
    row.workers.forEach((kind, col) => {
      const x = p.x + 96 + col * 64;
      const cell = s("g", { class: "job-slot", dataset: { row: row.row, col }, transform: `translate(${x} ${y})` }, [
        s("rect", { x: -20, y: -17.5, width: 40, height: 35, rx: 6, class: "hit slot" }),
      ]);
      if (kind) {
        cell.appendChild(worker(kind, 0, 0, 14));
        cell.dataset.worker = kind;
        choices.bind(cell, choices.where((a) => a.type === "hire" && a.row === row.row && a.worker === kind));
        named(cell, term(ctx, kind));
      }
      g.appendChild(cell);
    });
    if (current) {
      const col = row.workers.findIndex((w) => !w);
      const x = p.x + 96 + (col < 0 ? row.workers.length : col) * 64;
      g.appendChild(s("g", { class: "job-token", transform: `translate(${x} ${y})` }, [
        s("circle", { r: 14, class: "token" }), text(0, 0.5, "★", { class: "token-star" }),
      ]));
    }
    if (row.arrow) {
      g.appendChild(s("path", { d: `M${p.x + p.width - 30} ${y + 8} v14 m-5 -5 l5 5 l5 -5`, class: `job-arrow arrow-${row.arrow}` }));
    }
  });
  return g;
}

// -- cattle market and objectives ---------------------------------------------------------------------

function cattleMarket(ctx) {
  const { view, choices, faces } = ctx;
  const p = L.CATTLE_PANEL;
  const g = s("g", { class: "cattle-market" }, [
    s("rect", { x: p.x, y: p.y, width: p.width, height: p.height, rx: 14, class: "panel-bg" }),
    edgeText(ctx, "start", p.x + 16, p.x + p.width - 16, p.y + 22, label(ctx, "cattle_market"), { class: "panel-title", fit: p.width - 150 }),
    edgeText(ctx, "end", p.x + 16, p.x + p.width - 16, p.y + 22, label(ctx, "stack", { count: view.cattle_market.stack_size }), { class: "small-label" }),
  ]);
  view.cattle_market.cards.forEach((cardId, i) => {
    const x = p.x + 38 + (i % 6) * 55;
    const y = p.y + 82 + Math.floor(i / 6) * 76;
    const cell = s("g", { class: "market-card", dataset: { card: cardId }, transform: `translate(${x} ${y})` }, [
      s("rect", { x: -24, y: -33, width: 48, height: 66, rx: 7, class: "hit hit-outline" }),
      cattleCard(cardId, faces),
    ]);
    choices.bind(cell, choices.where((a) => a.type === "buy" && a.cards.includes(cardId)));
    g.appendChild(cell);
  });
  if (view.simmental) {  // the Heifer and Cow stacks of the Simmental variant (second edition)
    g.appendChild(text(p.x + p.width / 2, p.y + p.height - 14, label(ctx, "simmental_stacks", view.simmental),
      { class: "small-label simmental-stacks", fit: p.width - 24 }));
  }
  return g;
}

function objectiveDisplay(ctx) {
  const { view, choices } = ctx;
  const p = L.OBJECTIVE_PANEL;
  const g = s("g", { class: "objective-display" }, [
    s("rect", { x: p.x, y: p.y, width: p.width, height: p.height, rx: 14, class: "panel-bg" }),
    edgeText(ctx, "start", p.x + 16, p.x + p.width - 16, p.y + 22, label(ctx, "objectives"), { class: "panel-title", fit: p.width - 150 }),
  ]);
  view.objective_cards.display.forEach((cardId, i) => {
    const x = p.x + 92 + (i % 2) * 164;
    const y = p.y + 110 + Math.floor(i / 2) * 150;
    const cell = s("g", { class: "objective-slot", dataset: { card: cardId }, transform: `translate(${x} ${y})` }, [objectiveCard(ctx, cardId)]);
    choices.bind(cell, choices.where((a) => a.type === "take_objective" && a.card === cardId));
    g.appendChild(cell);
  });
  const stack = s("g", { class: "objective-stack", transform: `translate(${p.x + p.width / 2} ${p.y + p.height - 28})` }, [
    s("rect", { x: -70, y: -18, width: 140, height: 36, rx: 8, class: "hit stack-box" }),
    text(0, 0, label(ctx, "stack", { count: view.objective_cards.stack_size }), { class: "small-label" }),
  ]);
  choices.bind(stack, choices.where((a) => a.type === "take_objective" && a.card === "stack"));
  g.appendChild(stack);
  return g;
}

// The board's smallest text is 16 units high and its smallest target 35 units across: drawn at
// this scale or larger they are at least 11 px and 24 px. The board view opens at it on a phone
// or a tablet, and with the whole board, nearly as large, on a wide screen (zoom.js).
const SMALLEST_TEXT = 16;
const SMALLEST_TARGET = 35;
const TRACK_TARGET = 36; // a railroad space's target (spaces lie 39 units apart)
export const LEGIBLE_SCALE = Math.max(11 / SMALLEST_TEXT, 24 / SMALLEST_TARGET);

export function drawBoard(ctx) {
  // drawn at 1 unit = 1 px; the board view (../../zoom.js) scales it
  const svg = s("svg", { viewBox: `0 0 ${L.WIDTH} ${L.HEIGHT}`, width: L.WIDTH, height: L.HEIGHT, class: "gwt-board", role: "img", "aria-label": label(ctx, "board") });
  svg.appendChild(s("rect", { x: 0, y: 0, width: L.WIDTH, height: L.HEIGHT, rx: 20, class: "board-bg" }));
  svg.appendChild(cities(ctx));
  svg.appendChild(railroad(ctx));
  svg.appendChild(s("g", { transform: `translate(0 ${L.LOWER_PART_SHIFT})` }, [
    kansasCity(ctx), jobMarket(ctx), trail(ctx), cattleMarket(ctx), objectiveDisplay(ctx),
  ]));
  return svg;
}
