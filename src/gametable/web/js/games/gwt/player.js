// One player's area: the player board (workers, discs, auxiliary actions, certificates, limits),
// money and cards, objectives, buildings still to place, and owned tiles.

import { h, s } from "../../dom.js";
import { buildingTile, objectiveCard } from "./cards.js";
import { effectText } from "./effects.js";
import { cattleCard, disc, edgeText, hazardTile, teepeeTile, text, worker } from "./pieces.js";
import { label } from "./words.js";

const WORKER_KINDS = ["cowboy", "craftsman", "engineer"];

function workerRows(ctx, player, g) {
  const board = ctx.faces.player_board;
  WORKER_KINDS.forEach((kind, r) => {
    const y = 44 + r * 58;
    const row = s("g", { class: `worker-row row-${kind}`, dataset: { workerRow: kind }, transform: `translate(12 ${y})` }, [
      s("rect", { x: 0, y: -24, width: 316, height: 48, rx: 8, class: "hit row-bg" }),
    ]);
    for (let space = 1; space <= board.worker_row_size; space++) {
      const x = 26 + (space - 1) * 52;
      const bonus = board.worker_bonus[kind]?.[String(space)];
      row.appendChild(s("rect", { x: x - 20, y: -20, width: 40, height: 40, rx: 7, class: `worker-space${board.worker_vp_spaces.includes(space) ? " vp-space" : ""}` }));
      if (space <= player.workers[kind]) row.appendChild(worker(kind, x, 0, 15));
      else if (bonus) row.appendChild(s("g", {}, [text(x, 0, "★", { class: "bonus-mark" }), s("title", { text: effectText(ctx, bonus) })]));
      if (board.worker_vp_spaces.includes(space)) row.appendChild(text(x, 17, "4", { class: "vp-corner" }));
    }
    ctx.choices.bind(row, ctx.choices.where((a) => a.type === "station_master" && a.worker === kind && ctx.seat === player.seat));
    g.appendChild(row);
  });
  g.appendChild(text(170, 14, label(ctx, "workers"), { class: "small-label" }));
}

function discSpaces(ctx, player, group, x, y, g, seat) {
  const spec = ctx.faces.player_board.discs.find((d) => d.group === group);
  const left = player.discs[group];
  const cell = s("g", { class: `disc-group corner-${spec.corner}`, dataset: { group }, transform: `translate(${x} ${y})` }, [
    // the group's target: as tall as the row it stands in, so that it is big enough to tap
    s("rect", { x: -11, y: -14, width: spec.count * 22, height: 28, class: "target-area" }),
  ]);
  for (let i = 0; i < spec.count; i++) {
    cell.appendChild(s("circle", { cx: i * 22, cy: 0, r: 9.5, class: "hit disc-space" }));
    if (i < left) cell.appendChild(disc(seat, i * 22, 0, 8));
  }
  ctx.choices.bind(cell, ctx.choices.where((a) => a.type === "disc" && a.group === group && ctx.seat === player.seat));
  g.appendChild(cell);
}

function auxActions(ctx, player, g) {
  const aux = ctx.faces.player_board.aux;
  g.appendChild(text(440, 14, label(ctx, "aux_actions"), { class: "small-label" }));
  Object.keys(aux).forEach((n, i) => {
    const y = 36 + i * 34;
    const spec = aux[n];
    const state = player.aux[n];
    const row = s("g", { class: `aux-row${state.single ? " unlocked" : ""}`, dataset: { aux: n }, transform: `translate(346 ${y})` }, [
      s("rect", { x: 0, y: -14, width: 190, height: 28, rx: 7, class: "hit aux-bg" }),
      text(14, 0, n, { class: "aux-number" }),
      text(88, 0, effectText(ctx, spec.single), { class: "aux-text", fit: 118 }),
    ]);
    discSpaces(ctx, player, spec.group, 162, 0, row, player.seat);
    ctx.choices.bind(row, ctx.choices.where((a) => a.type === "aux" && a.aux === Number(n) && ctx.seat === player.seat));
    g.appendChild(row);
  });
}

function limits(ctx, player, g) {
  const x = 552;
  const rows = [
    ["step_limit", player.step_limit, ["step_money", "step_vp"]],
    ["hand_limit", player.hand_limit, ["hand"]],
    ["certificate_limit", player.certificate_limit, ["cert_4", "cert_6"]],
  ];
  rows.forEach(([key, value, groups], i) => {
    const y = 36 + i * 34;
    g.appendChild(s("rect", { x, y: y - 14, width: 196, height: 28, rx: 7, class: "limit-bg" }));
    // the first disc space's circle starts at x + 130: the label ends before it in either direction
    g.appendChild(edgeText(ctx, "start", x + 10, x + 126, y, label(ctx, key, { value }), { class: "limit-text", fit: 116 }));
    let dx = x + 140;
    for (const group of groups) {
      discSpaces(ctx, player, group, dx, y, g, player.seat);
      dx += 22 * ctx.faces.player_board.discs.find((d) => d.group === group).count;
    }
  });
  // certificate track
  const track = ctx.faces.player_board.certificate_track;
  const y = 150;
  g.appendChild(text(x + 98, y - 18, label(ctx, "certificates_track", { permanent: player.permanent_certificates }), { class: "small-label", fit: 196 }));
  track.forEach((value, i) => {
    const cx = x + 16 + i * 33;
    const reachable = value <= player.certificate_limit;
    g.appendChild(s("rect", { x: cx - 13, y: y - 11, width: 26, height: 22, rx: 5, class: `cert-space${reachable ? "" : " locked"}${player.certificates === value ? " current" : ""}` }));
    g.appendChild(text(cx, y, `${value}`, { class: "cert-number" }));
  });
}

function holdings(ctx, player) {
  const { choices, faces, seat } = ctx;
  const mine = seat === player.seat && Array.isArray(player.hand);
  const parts = [];
  const box = (cls, title, children) => h("div", { class: `holding ${cls}` }, [h("h4", { text: title }), children]);
  const svgRow = (items, w, hgt, draw, bind) => {
    const svg = s("svg", { viewBox: `0 0 ${Math.max(items.length, 1) * (w + 6)} ${hgt + 6}`, class: "card-row", width: Math.max(items.length, 1) * (w + 6), height: hgt + 6 });
    items.forEach((item, i) => {
      const cell = s("g", { transform: `translate(${i * (w + 6) + w / 2 + 3} ${hgt / 2 + 3})` }, draw(item));
      if (bind) bind(cell, item);
      svg.appendChild(cell);
    });
    return svg;
  };
  if (mine) {
    const handCards = player.hand;
    parts.push(box("hand", label(ctx, "hand", { count: handCards.length, limit: player.hand_limit }), svgRow(handCards, 52, 72, (card) =>
      faces.cattle[card] ? cattleCard(card, faces, 50, 70, label(ctx, `breed.${faces.cattle[card].breed}`)) : objectiveCard(ctx, card, { width: 52, height: 70 }),
    (cell, card) => {
      cell.dataset.card = card;
      choices.bind(cell, choices.where((a) => ["discard_card", "remove_card", "play_objective", "commit_objective", "drop_objective"].includes(a.type) && a.card === card));
    })));
  } else {
    parts.push(box("hand", label(ctx, "hand_hidden", { count: player.hand_size, limit: player.hand_limit }), null));
  }
  parts.push(box("deck", label(ctx, "deck", { deck: player.deck_size, discard: player.discard_size }),
    player.discard_top ? svgRow([player.discard_top], 36, 50, (card) => faces.cattle[card] ? cattleCard(card, faces, 34, 48) : objectiveCard(ctx, card, { width: 36, height: 50 })) : null));
  parts.push(box("objectives", label(ctx, "objective_area"), svgRow(player.objectives, 96, 84, (card) => objectiveCard(ctx, card, { width: 96, height: 84 }))));
  parts.push(box("buildings", label(ctx, "buildings_left"), svgRow(player.buildings_left, 40, 40, (b) => buildingTile(ctx, b, player.seat, 40))));
  const tiles = [...player.hazards, ...player.teepees];
  parts.push(box("tiles", label(ctx, "tiles"), tiles.length ? svgRow(tiles, 36, 36, (tile) => tile.startsWith("teepee") ? teepeeTile(tile, 16, ctx.domain) : hazardTile(tile, faces, 17)) : h("span", { class: "hint", text: "—" })));
  if (player.station_masters.length) {
    parts.push(box("masters", label(ctx, "station_masters"), h("ul", {}, player.station_masters.map((m) => h("li", { text: label(ctx, `master_help.${m}`) })))));
  }
  return h("div", { class: "holdings" }, parts);
}

// The player board in three parts (workers, auxiliary actions, limits and certificates), each its
// own drawing in the board's coordinates: side by side on a wide screen, one under the other on a
// phone, where the whole board in one drawing would be too small to tap.
const BOARD_HEIGHT = 206;
const BOARD_PARTS = [["workers", 0, 340, workerRows], ["aux", 340, 205, auxActions], ["limits", 545, 215, limits]];

function playerBoard(ctx, player) {
  return h("div", { class: "player-board-parts", role: "img", "aria-label": label(ctx, "player_board", { seat: player.seat }) },
    BOARD_PARTS.map(([name, x, width, draw]) => {
      const svg = s("svg", { viewBox: `${x} 0 ${width} ${BOARD_HEIGHT}`, class: `player-board part-${name}` }, [
        s("rect", { x: x + 1, y: 1, width: width - 2, height: BOARD_HEIGHT - 2, rx: 14, class: "player-board-bg" }),
      ]);
      draw(ctx, player, svg);
      return svg;
    }));
}

/** A player's area; another player's may be closed to its header (name, money, badges). */
export function playerArea(ctx, player, open = true) {
  const { view, names } = ctx;
  const active = view.to_act.length > 0 && view.current === player.seat;
  const badges = [];
  if (player.job_token) badges.push(h("span", { class: "badge", text: label(ctx, "job_token") }));
  if (view.first_player === player.seat) badges.push(h("span", { class: "badge", text: label(ctx, "first_player") }));
  return h("details", {
    class: `panel gwt-player seat-colour-${player.seat}${active ? " active" : ""}${ctx.seat === player.seat ? " mine" : ""}`,
    dataset: { seat: player.seat },
    open,
  }, [
    h("summary", { class: "player-summary" }, [
      h("span", { class: "dot" }),
      h("strong", { class: "player-name", text: names[player.seat] }),
      active ? h("span", { class: "tag", text: label(ctx, "on_turn") }) : null,
      badges,
      // the player's money, said once: here, where a closed area shows it too
      h("span", { class: "money-badge", dataset: { money: player.money }, text: label(ctx, "money", { amount: player.money }) }),
      player.exchange_tokens === undefined ? null // second edition only
        : h("span", { class: "exchange-badge", dataset: { exchange: player.exchange_tokens },
          text: label(ctx, "exchange_tokens", { count: player.exchange_tokens }) }),
    ]),
    playerBoard(ctx, player),
    holdings(ctx, player),
  ]);
}
