// The Great Western Trail table: the main board, every player's area, and the words for
// actions and prompts, for both editions. Component faces (cards, tiles) come from
// /static/data/<game>.json (gwt.json, gwt-2e.json), which scripts/web_game_data.py writes from
// the game's own data; words come from the edition's catalog domain (gwt, gwt2e).

import { clear, h } from "../../dom.js";
import { ZoomPan, zoomButtons } from "../../zoom.js";
import { drawBoard, LEGIBLE_SCALE } from "./board.js";
import { HEIGHT, WIDTH } from "./layout.js";
import { fitTexts } from "./pieces.js";
import { playerArea } from "./player.js";
import { label, objectiveName, source, term } from "./words.js";

const EDITIONS = ["gwt", "gwt-2e"];
const DOMAIN = { gwt: "gwt", "gwt-2e": "gwt2e" };
const FACES = Object.fromEntries(await Promise.all(EDITIONS.map(async (game) =>
  [game, await (await fetch(`/static/data/${game}.json`)).json()])));

/** The faces and the catalog domain of the view's edition. */
function edition(view) {
  const game = EDITIONS.includes(view?.game) ? view.game : "gwt";
  return { faces: FACES[game], domain: DOMAIN[game] };
}

// One for the page: the board is drawn anew on every update and keeps the player's zoom and pan.
const zoom = new ZoomPan(WIDTH, HEIGHT, LEGIBLE_SCALE);
// Which players' areas are open (seat -> bool), as the player left them; the others' areas start
// closed on a narrow screen, so the own board and hand are not below every opponent's.
const opened = new Map();
const NARROW = window.matchMedia("(max-width: 1099.98px)"); // app.css's one-column layout

function isOpen(seat, mine) {
  if (mine) return true;
  return opened.has(seat) ? opened.get(seat) : !NARROW.matches;
}

export function render(board, ctx) {
  const full = { ...ctx, ...edition(ctx.view) };
  const { view } = ctx;
  const order = view.players.map((p) => p.seat);
  if (ctx.seat !== null) order.sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : 0));
  const keep = board.querySelector(":scope > .final-scores");
  clear(board);
  if (keep) board.appendChild(keep);
  const drawing = drawBoard(full);
  const frame = h("div", { class: "board-frame" }, drawing);
  const areas = order.map((seat) => {
    const area = playerArea(full, view.players[seat], isOpen(seat, seat === ctx.seat));
    area.addEventListener("toggle", () => opened.set(seat, area.open));
    return area;
  });
  board.appendChild(h("div", { class: "gwt-table" }, [
    h("div", { class: "board-view" }, [zoomButtons(zoom, ctx.tr), frame]),
    h("div", { class: "gwt-players" }, areas),
  ]));
  fitTexts(board);
  zoom.attach(frame, drawing);
  // a decision on the board somewhere off screen: pan there
  zoom.showSomeOf([...drawing.querySelectorAll("[data-legal]")]);
}

/** Pan the board to `element` unless it is in view already (a guided game's choice, guide.js). */
export function bringIntoView(element) {
  if (zoom.frame?.contains(element) && !zoom.isShown(element)) zoom.reveal([element]);
}

// Where a disc goes: a city by its name, a station by its number ("station 3", not "3").
function placeName(ctx, pending) {
  if (pending.place === undefined) return undefined;
  if (pending.target === "station") return label(ctx, "station_n", { n: pending.place });
  return term(ctx, pending.place);
}

/** What the current decision is about, in words (what it comes from in words too, never an id). */
export function prompt({ tr, view, names }) {
  const ctx = { tr, names, ...edition(view) };
  const pending = view.pending;
  if (pending) return tr.tOr(`web.${ctx.domain}.pending.${pending.kind}`, pending.kind.replaceAll("_", " "), {
    ...pending, place: placeName(ctx, pending), src: pending.src !== undefined ? source(ctx, pending.src) : undefined,
  }, names);
  return tr.tOr(`web.${ctx.domain}.phase.${view.phase}`, view.phase, {}, names);
}

/** An action in words, for menus and buttons. */
export function actionLabel(tr, action, names, view) {
  const ctx = { tr, names, ...edition(view) };
  const { faces } = ctx;
  const params = { ...action };
  if (action.src !== undefined) params.src = source(ctx, action.src);
  if (action.path) params.to = term(ctx, action.path[action.path.length - 1]);
  if (action.path) params.steps = action.path.length;
  if (action.path) params.path = action.path.map((node) => term(ctx, node)).join(" → ");
  if (action.cards) params.cards = tr.joinCounted(action.cards, (c) => term(ctx, c));
  if (action.card) params.card = faces.objectives[action.card] ? objectiveName(ctx, action.card) : action.card === "stack" ? label(ctx, "objective_stack") : term(ctx, action.card);
  for (const key of ["worker", "tile", "city", "building", "group", "space"]) {
    if (typeof action[key] === "string") params[key] = term(ctx, action[key]);
  }
  if (action.aux !== undefined) params.aux = action.aux;
  if (action.double !== undefined) params.how = label(ctx, action.double ? "double" : "single");
  const key = action.type === "draw" && action.count === undefined ? "draw_printed" : action.type;
  const template = tr.template(`web.${ctx.domain}.action.${key}`, params);
  if (template === undefined) return `${action.type.replaceAll("_", " ")} ${JSON.stringify(params)}`;
  const said = tr.fill(template, params, "web", names);
  // A menu opened on a building lists several of its actions: each names the action it comes
  // from ("(building A, action 2)"), as the terminal's describe_action does.
  if (params.src && action.src !== "aux" && !template.includes("{src}")) return `${said} (${params.src})`;
  return said;
}
