// A rating over time as an inline SVG line (drawn here: no chart library). The x axis is the
// game's order, not the calendar, so a busy evening and a quiet month take the same room.

import { s } from "./dom.js";

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 28;

/** An SVG of `points` ([{time_ms, rating}], oldest first); `label` names it for screen readers. */
export function ratingChart(tr, points, label) {
  const ratings = points.map((p) => p.rating);
  let low = Math.min(...ratings);
  let high = Math.max(...ratings);
  if (high - low < 10) { low -= 5; high += 5; }
  const x = (i) => PAD + (points.length === 1 ? (WIDTH - 2 * PAD) / 2 : (i * (WIDTH - 2 * PAD)) / (points.length - 1));
  const y = (rating) => HEIGHT - PAD / 2 - ((rating - low) * (HEIGHT - PAD)) / (high - low);
  const line = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  const fixed = (value) => tr.number(Math.round(value));
  return s("svg", { class: "rating-chart", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": label }, [
    s("line", { class: "axis", x1: PAD, y1: HEIGHT - PAD / 2, x2: WIDTH - PAD, y2: HEIGHT - PAD / 2 }),
    s("text", { class: "tick", x: 2, y: y(high) + 4, text: fixed(high) }),
    s("text", { class: "tick", x: 2, y: y(low) + 4, text: fixed(low) }),
    s("path", { class: "rating-line", d: line }),
    points.map((p, i) => s("circle", { class: "rating-point", cx: x(i), cy: y(p.rating), r: 3 })),
  ]);
}
