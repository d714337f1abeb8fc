// Zoom and pan for a large drawing (the GWT board) inside a frame, with pointer events and a CSS
// transform: one finger or the mouse drags, two fingers pinch, Ctrl + wheel (a touchpad's pinch)
// zooms at the pointer, a sideways wheel pans, and the + / − / reset buttons zoom about the
// centre. Focusing an element inside (Tab, or the page) pans it into view.
//
// The state (scale, offset) lives in a ZoomPan made once per page; the drawing is replaced on
// every update, and attach() puts the new drawing where the old one was.

import { h } from "./dom.js";

const DRAG_THRESHOLD = 6; // px a pointer moves before a press becomes a drag (a click stays a click)
const STEP = 1.25; // one press of + or −
const PRESS_FOCUS_MS = 500; // a focus this soon after a press on the board is the press's own
const MAX_SCALE = 3;
// The view opens with the whole drawing in the frame where that is legible (a wide screen); where
// it is only nearly so (1,400×900: 0.95 of it), at the legible scale, nearly whole; on a phone or a
// tablet at the legible scale (the whole there: nothing could be read or tapped).
const NEARLY_LEGIBLE = 0.9;

export class ZoomPan {
  /**
   * @param {number} width  the drawing's size in its own units (drawn at 1 unit = 1 px, then scaled)
   * @param {number} height
   * @param {number} legibleScale  the smallest scale at which its texts and targets are big enough
   */
  constructor(width, height, legibleScale) {
    this.width = width;
    this.height = height;
    this.legibleScale = legibleScale;
    this.scale = null; // null: not chosen yet (and not by the player): the view opens at openingScale()
    this.x = 0;
    this.y = 0;
    this.chosen = false; // the player zoomed or panned: a new drawing keeps that view
    this.offered = []; // the elements of the decision offered now (showSomeOf), which reset shows again
  }

  /** Show `content` (an element drawn at width × height px) in `frame`, as the last one was. */
  attach(frame, content) {
    this.observer?.disconnect();
    this.frame = frame;
    this.content = content;
    content.classList.add("zoom-content");
    frame.classList.add("zoom-frame");
    this.listen(frame);
    this.sizeFrame();
    this.observer = new ResizeObserver(() => {
      // a new height set in the observer's own callback would be a loop the browser reports: the
      // next frame sets it, and this observer fits the view to it then
      if (this.frameHeight() !== frame.style.getPropertyValue("--zoom-height")) requestAnimationFrame(() => this.sizeFrame());
      this.fit();
    });
    this.observer.observe(frame);
    this.fit();
  }

  /** The frame's height (gwt.css caps it at the screen): the whole drawing's at the opening scale. */
  frameHeight() {
    return `${Math.round(this.height * this.openingScale())}px`;
  }

  sizeFrame() {
    if (this.frame.isConnected) this.frame.style.setProperty("--zoom-height", this.frameHeight());
  }

  /**
   * The scale the view opens at and returns to (reset): the whole drawing where that is nearly
   * legible (a wide screen), else the legible scale (a phone, a tablet: the frame is then as
   * wide as the screen and as high as the drawing, and the player pans). It depends on the
   * frame's width and its greatest height, not its height, which follows from it.
   */
  openingScale() {
    const most = parseFloat(getComputedStyle(this.frame).maxHeight) || Infinity;
    const whole = Math.min(this.frame.clientWidth / this.width, most / this.height, MAX_SCALE);
    // never below the legible scale (issue 24: 0.651 at 1,400×900 drew 10.4-px texts and 23-px
    // targets): where the whole is nearly legible, the view opens legible and nearly whole
    return whole >= NEARLY_LEGIBLE * this.legibleScale ? Math.max(whole, this.legibleScale) : this.legibleScale;
  }

  /**
   * The least the view zooms out to, on every screen (so a phone player can see the whole board):
   * the whole drawing in the frame.
   */
  fitScale() {
    const { clientWidth, clientHeight } = this.frame;
    const scale = Math.min(clientWidth / this.width, clientHeight / this.height, MAX_SCALE);
    return scale > 0 ? scale : 1; // a frame not laid out yet: the observer fits it once it is
  }

  fit() {
    if (!this.frame || !this.frame.isConnected) return;
    if (!this.chosen || this.scale === null) {
      this.scale = this.openingScale();
      this.x = (this.frame.clientWidth - this.width * this.scale) / 2;
      this.y = (this.frame.clientHeight - this.height * this.scale) / 2;
    }
    this.apply();
  }

  /** Back to the view as it opened: the opening scale, and the offered decision in view. */
  reset() {
    this.chosen = false;
    this.fit();
    this.showSomeOf(this.offered);
  }

  /** `scale` within what the view allows: from the whole drawing to MAX_SCALE. */
  bounded(scale) {
    return Math.min(MAX_SCALE, Math.max(this.fitScale(), scale));
  }

  /** Zoom by `factor` keeping the frame point (fx, fy) where it is. */
  zoomBy(factor, fx = this.frame.clientWidth / 2, fy = this.frame.clientHeight / 2) {
    const next = this.bounded(this.scale * factor);
    this.x = fx - ((fx - this.x) * next) / this.scale;
    this.y = fy - ((fy - this.y) * next) / this.scale;
    this.scale = next;
    this.chosen = true;
    this.apply();
  }

  panBy(dx, dy) {
    this.x += dx;
    this.y += dy;
    this.chosen = true;
    this.apply();
  }

  /** Keep the drawing over the frame: no empty margin beside a drawing larger than the frame. */
  clamp() {
    const fw = this.frame.clientWidth;
    const fh = this.frame.clientHeight;
    const cw = this.width * this.scale;
    const ch = this.height * this.scale;
    this.x = cw <= fw ? (fw - cw) / 2 : Math.min(0, Math.max(fw - cw, this.x));
    this.y = ch <= fh ? (fh - ch) / 2 : Math.min(0, Math.max(fh - ch, this.y));
  }

  apply() {
    this.clamp();
    this.content.style.transform = `translate(${this.x}px, ${this.y}px) scale(${this.scale})`;
  }

  /** Frame coordinates of an element's box inside the drawing. */
  boxOf(element) {
    const frame = this.frame.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return { left: box.left - frame.left, top: box.top - frame.top, width: box.width, height: box.height };
  }

  isShown(element) {
    const box = this.boxOf(element);
    return box.left >= 0 && box.top >= 0 && box.left + box.width <= this.frame.clientWidth
      && box.top + box.height <= this.frame.clientHeight;
  }

  /** Pan (without zooming) so the centre of `elements` is in the middle of the frame. */
  reveal(elements) {
    const boxes = elements.map((element) => this.boxOf(element));
    if (!boxes.length) return;
    const left = Math.min(...boxes.map((b) => b.left));
    const top = Math.min(...boxes.map((b) => b.top));
    const right = Math.max(...boxes.map((b) => b.left + b.width));
    const bottom = Math.max(...boxes.map((b) => b.top + b.height));
    this.x += this.frame.clientWidth / 2 - (left + right) / 2;
    this.y += this.frame.clientHeight / 2 - (top + bottom) / 2;
    this.apply();
  }

  /** When none of `elements` is in view, pan to them (a new decision, somewhere off screen). */
  showSomeOf(elements) {
    this.offered = elements;
    if (elements.length && !elements.some((element) => this.isShown(element))) this.reveal(elements);
  }

  listen(frame) {
    const pointers = new Map(); // pointerId -> {x, y} (frame coordinates)
    let start = null; // the gesture's start: positions, scale and offset
    let dragged = false;
    // a press focuses what it presses: that focus must not pan the board under the finger (the
    // click would land elsewhere); only a focus without a press (Tab, a script) pans to it
    let pressedAt = -Infinity;
    const local = (event) => {
      const box = frame.getBoundingClientRect();
      return { x: event.clientX - box.left, y: event.clientY - box.top };
    };
    const begin = () => {
      const points = [...pointers.values()];
      start = { points, scale: this.scale, x: this.x, y: this.y };
    };
    frame.addEventListener("pointerdown", (event) => {
      if (event.button !== 0 && event.pointerType === "mouse") return;
      pressedAt = event.timeStamp;
      pointers.set(event.pointerId, local(event));
      dragged = false;
      begin();
    });
    frame.addEventListener("pointermove", (event) => {
      if (!pointers.has(event.pointerId)) return;
      pointers.set(event.pointerId, local(event));
      const points = [...pointers.values()];
      if (points.length === 1 && start.points.length === 1) {
        const dx = points[0].x - start.points[0].x;
        const dy = points[0].y - start.points[0].y;
        if (!dragged && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
        if (!dragged) frame.setPointerCapture(event.pointerId);
        dragged = true;
        this.x = start.x + dx;
        this.y = start.y + dy;
      } else if (points.length >= 2 && start.points.length >= 2) {
        // pinch: the drawing point under the fingers' first midpoint follows their midpoint
        dragged = true;
        const [a, b] = points;
        const [a0, b0] = start.points;
        const factor = Math.hypot(a.x - b.x, a.y - b.y) / Math.max(1, Math.hypot(a0.x - b0.x, a0.y - b0.y));
        const next = this.bounded(start.scale * factor);
        const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
        const mid0 = { x: (a0.x + b0.x) / 2, y: (a0.y + b0.y) / 2 };
        this.x = mid.x - ((mid0.x - start.x) * next) / start.scale;
        this.y = mid.y - ((mid0.y - start.y) * next) / start.scale;
        this.scale = next;
      } else {
        return;
      }
      this.chosen = true;
      this.apply();
    });
    const end = (event) => {
      pointers.delete(event.pointerId);
      begin(); // the fingers left carry on from here
    };
    frame.addEventListener("pointerup", end);
    frame.addEventListener("pointercancel", end);
    // a drag ends with a click on whatever was under the pointer: that click is not a choice
    frame.addEventListener("click", (event) => {
      if (!dragged) return;
      dragged = false;
      event.stopPropagation();
      event.preventDefault();
    }, true);
    frame.addEventListener("wheel", (event) => {
      if (event.ctrlKey || event.metaKey) {
        event.preventDefault();
        const at = local(event);
        this.zoomBy(Math.exp(-event.deltaY * 0.01), at.x, at.y);
      } else if (Math.abs(event.deltaX) > Math.abs(event.deltaY)) {
        event.preventDefault();
        this.panBy(-event.deltaX, 0);
      }
    }, { passive: false });
    frame.addEventListener("focusin", (event) => {
      if (event.timeStamp - pressedAt > PRESS_FOCUS_MS && event.target !== frame && !this.isShown(event.target)) this.reveal([event.target]);
    });
  }
}

/** The + / − / reset buttons of a ZoomPan, named in the page's language. */
export function zoomButtons(zoom, tr) {
  const button = (key, text, onclick) => h("button", {
    type: "button", class: `icon zoom-${key}`, text, title: tr.t(`ui.zoom.${key}`), "aria-label": tr.t(`ui.zoom.${key}`), onclick,
  });
  return h("div", { class: "zoom-bar", role: "group", "aria-label": tr.t("ui.zoom.label") }, [
    button("out", "−", () => zoom.zoomBy(1 / STEP)),
    button("reset", "⟲", () => zoom.reset()),
    button("in", "+", () => zoom.zoomBy(STEP)),
  ]);
}
