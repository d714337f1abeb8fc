// Card faces of CATAN: On the Road, drawn as small SVGs (our own simple artwork).

import { h, s } from "../../dom.js";
import { localDigits } from "../../i18n.js";

export const RESOURCE_COLOURS = {
  brick: ["#c2562f", "#8f3a1d"],
  lumber: ["#3f7d45", "#24502a"],
  wool: ["#9fcf6e", "#5f9440"],
  grain: ["#ecc545", "#b48a16"],
  ore: ["#8d96a3", "#55606d"],
};
export const BUILDING_COLOURS = {
  road: ["#b98a5a", "#7a5631"],
  village: ["#d77a4a", "#8f4522"],
  city: ["#5c7fb8", "#334f7f"],
  knight: ["#7a6aa8", "#4a3d75"],
  metropolis: ["#c99a2e", "#84611a"],
};

/** A small picture of a resource or building, centred in a 100×100 box. */
export function icon(kind) {
  const g = s("g", { class: `icon icon-${kind}` });
  const light = "#fffaf0";
  switch (kind) {
    case "brick":
      for (const [x, y] of [[18, 56], [50, 56], [34, 38], [66, 38], [2, 38], [34, 74], [66, 74], [2, 74]]) {
        if (x > 0 && x < 82) g.appendChild(s("rect", { x, y, width: 30, height: 15, rx: 2, fill: light, opacity: 0.92 }));
      }
      break;
    case "lumber":
      g.appendChild(s("rect", { x: 45, y: 62, width: 10, height: 24, fill: "#6b4a2b" }));
      g.appendChild(s("path", { d: "M50 12 L74 44 H62 L80 66 H20 L38 44 H26 Z", fill: light, opacity: 0.92 }));
      break;
    case "wool":
      for (const [cx, cy, r] of [[38, 46, 15], [56, 40, 16], [68, 54, 14], [46, 60, 15], [30, 58, 11]]) {
        g.appendChild(s("circle", { cx, cy, r, fill: light }));
      }
      g.appendChild(s("circle", { cx: 76, cy: 42, r: 8, fill: "#3c3c3c" }));
      g.appendChild(s("path", { d: "M40 72 v14 M60 72 v14", stroke: "#3c3c3c", "stroke-width": 5, "stroke-linecap": "round" }));
      break;
    case "grain":
      g.appendChild(s("path", { d: "M50 88 V22", stroke: light, "stroke-width": 4, "stroke-linecap": "round" }));
      for (let i = 0; i < 4; i++) {
        const y = 26 + i * 14;
        g.appendChild(s("ellipse", { cx: 41, cy: y + 6, rx: 7, ry: 11, transform: `rotate(-30 41 ${y + 6})`, fill: light }));
        g.appendChild(s("ellipse", { cx: 59, cy: y + 6, rx: 7, ry: 11, transform: `rotate(30 59 ${y + 6})`, fill: light }));
      }
      break;
    case "ore":
      g.appendChild(s("path", { d: "M10 82 L38 30 L52 52 L64 36 L90 82 Z", fill: light, opacity: 0.92 }));
      g.appendChild(s("path", { d: "M38 30 L46 44 L32 46 Z M64 36 L70 46 L58 46 Z", fill: "#dfe3e8" }));
      break;
    case "road":
      g.appendChild(s("path", { d: "M30 92 L44 12 H56 L70 92 Z", fill: light, opacity: 0.9 }));
      g.appendChild(s("path", { d: "M50 20 V34 M50 46 V60 M50 72 V86", stroke: "#7a5631", "stroke-width": 4 }));
      break;
    case "village":
      g.appendChild(s("path", { d: "M20 50 L50 22 L80 50 V84 H20 Z", fill: light }));
      g.appendChild(s("rect", { x: 42, y: 60, width: 16, height: 24, fill: "#8f4522" }));
      break;
    case "city":
      g.appendChild(s("path", { d: "M12 84 V44 L30 28 L48 44 V84 Z", fill: light }));
      g.appendChild(s("path", { d: "M48 84 V30 H64 V18 H76 V30 H88 V84 Z", fill: light, opacity: 0.85 }));
      g.appendChild(s("rect", { x: 24, y: 60, width: 12, height: 24, fill: "#334f7f" }));
      break;
    case "knight":
      g.appendChild(s("path", { d: "M50 12 L80 24 V48 C80 68 66 82 50 90 C34 82 20 68 20 48 V24 Z", fill: light }));
      g.appendChild(s("path", { d: "M50 28 V74 M34 46 H66", stroke: "#4a3d75", "stroke-width": 7, "stroke-linecap": "round" }));
      break;
    case "metropolis":
      g.appendChild(s("path", { d: "M18 88 V50 H32 V30 H44 V14 H56 V30 H68 V50 H82 V88 Z", fill: light }));
      g.appendChild(s("path", { d: "M44 14 L50 4 L56 14", fill: light }));
      for (const x of [38, 50, 62]) g.appendChild(s("rect", { x: x - 4, y: 58, width: 8, height: 12, fill: "#84611a" }));
      break;
    default:
      g.appendChild(s("circle", { cx: 50, cy: 50, r: 30, fill: light }));
  }
  return g;
}

/** A card (HTML element holding an SVG face): kind is a resource or building name. */
export function card(kind, { label, count, extra, small } = {}) {
  const [top, bottom] = RESOURCE_COLOURS[kind] || BUILDING_COLOURS[kind] || ["#999", "#666"];
  const gradient = `grad-${kind}`;
  const face = s("svg", { viewBox: "0 0 100 140", class: "card-face", "aria-hidden": "true" }, [
    s("defs", {}, s("linearGradient", { id: gradient, x1: 0, y1: 0, x2: 0, y2: 1 }, [
      s("stop", { offset: "0", "stop-color": top }),
      s("stop", { offset: "1", "stop-color": bottom }),
    ])),
    s("rect", { x: 2, y: 2, width: 96, height: 136, rx: 10, fill: `url(#${gradient})`, stroke: "#fffaf0", "stroke-width": 3 }),
    s("g", { transform: "translate(0 14)" }, icon(kind)),
  ]);
  return h("div", { class: `card card-${kind}${small ? " small" : ""}`, dataset: { kind } }, [
    face,
    label ? h("span", { class: "card-label", text: label }) : null,
    count !== undefined ? h("span", { class: "card-count", text: `×${localDigits(count)}` }) : null,
    extra || null,
  ]);
}

/** A row of little resource chips ("brick brick wool"), for costs and offers. */
export function chips(tr, resources) {
  const counts = {};
  for (const r of resources) counts[r] = (counts[r] || 0) + 1;
  return h("span", { class: "chips" }, Object.entries(counts).map(([r, n]) =>
    h("span", { class: `chip chip-${r}`, title: tr.term("catan", r) }, [
      s("svg", { viewBox: "0 0 100 100", "aria-hidden": "true" }, [
        s("rect", { x: 0, y: 0, width: 100, height: 100, rx: 22, fill: (RESOURCE_COLOURS[r] || BUILDING_COLOURS[r] || ["#999"])[0] }),
        icon(r),
      ]),
      h("span", { class: "chip-text", text: tr.countOf(n, tr.term("catan", r)) }),
    ]),
  ));
}
