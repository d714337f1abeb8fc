// Reading the board before acting on it, on a touch screen (docs/web-client.md, "Touch"):
//
// - The first tap on a place of the GWT board that is a choice shows, in a box beside it (above
//   or below, never over it, so the place stays there to tap again; not in the action bar, whose
//   growth would shrink the board's frame under the finger), what the place is and does (its
//   title: the game's own data in words) and what going there costs (the choice's label with its
//   notes); "Go", or a second tap on the same place, goes. A mouse click still acts at once (the
//   pointer shows the title on hover).
// - A long press on anything on the board (a building, a tile, a card, a station master) opens
//   its text in a dialog; so does "What is this?" beside "Go".
// - The page's bars are measured (--top-height, --action-bar-height on the root), so on a narrow
//   screen the board's frame is never taller than what the bars leave (gwt.css): nothing offered
//   on the board lies under the action bar stuck to the bottom.

import { byId, h } from "./dom.js";

const LONG_PRESS_MS = 550;
const LONG_PRESS_SLOP = 8; // px a finger may wander and still be pressing the same thing

let tr = null;
let lastPointer = "mouse"; // the kind of pointer of the last press (a click event does not say)
let previewed = null; // {element, go} of the choice shown by a first tap
let swallowClick = false; // the click that ends a long press is not a tap

export function setTranslator(translator) {
  tr = translator;
}

/** The words about a board element: its own title (SVG <title> or title attribute), else its label. */
export function describeElement(element) {
  // up to the board's drawing, not to it: "the Great Western Trail board" says nothing of a piece
  for (let node = element; node && node.id !== "board" && !node.matches?.(".gwt-board"); node = node.parentElement) {
    const title = node.querySelector?.(":scope > title")?.textContent || node.getAttribute?.("title");
    if (title) return title;
    const label = node.getAttribute?.("aria-label");
    if (label) return label;
  }
  return "";
}

/**
 * Called by a board choice as it is activated: true when it should act now (a mouse, a key, or
 * the second tap on the same place); false when this tap only showed what it would do.
 */
export function actNow(element, description, go) {
  if (lastPointer !== "touch" || !element.closest(".board-frame")) return true;
  if (previewed && previewed.element === element) {
    closePreview();
    return true;
  }
  showPreview(element, description, go);
  return false;
}

function showPreview(element, description, go) {
  closePreview();
  const what = describeElement(element);
  previewed = { element, go };
  element.classList.add("previewed");
  const box = h("section", { id: "preview", class: "preview panel", "aria-live": "polite" }, [
    what && what !== description ? h("p", { class: "preview-what", text: what }) : null,
    h("p", { class: "preview-choice" }, [h("strong", { text: description })]),
    h("p", { class: "hint", text: tr.t("web.inspect.tap_again") }),
    h("div", { class: "preview-buttons" }, [
      h("button", { type: "button", id: "preview-go", class: "primary", text: tr.t("web.inspect.go"),
        onclick: () => { const act = previewed?.go; closePreview(); act?.(); } }),
      h("button", { type: "button", id: "preview-info", text: tr.t("web.inspect.info"),
        onclick: () => openInfo([what, description].filter(Boolean)) }),
      h("button", { type: "button", id: "preview-cancel", class: "ghost", text: tr.t("web.inspect.cancel"),
        onclick: closePreview }),
    ]),
  ]);
  document.body.appendChild(box);
  placeBeside(box, element);
}

// Above the place if there is room there, else below it; within the screen and above the action
// bar (which sticks to the bottom of a narrow screen).
function placeBeside(box, element) {
  const place = element.getBoundingClientRect();
  const bar = byId("action-bar")?.getBoundingClientRect();
  const bottom = bar && bar.top > innerHeight / 2 ? bar.top : innerHeight;
  const { offsetWidth: width, offsetHeight: height } = box;
  const left = Math.max(8, Math.min(place.left + place.width / 2 - width / 2, innerWidth - width - 8));
  const above = place.top - height - 8;
  const top = above >= 8 ? above : Math.min(place.bottom + 8, bottom - height - 8);
  box.style.left = `${left}px`;
  box.style.top = `${Math.max(8, top)}px`;
}

export function closePreview() {
  previewed?.element.classList.remove("previewed");
  previewed = null;
  byId("preview")?.remove();
}

/** The text of a board element, in a dialog (a long press, or "What is this?"). */
export function openInfo(paragraphs) {
  let dialog = byId("info-dialog");
  if (!dialog) {
    dialog = h("dialog", { id: "info-dialog", class: "dialog info" });
    document.body.appendChild(dialog);
  }
  dialog.replaceChildren(h("form", { method: "dialog" }, [
    h("h2", { text: tr.t("web.inspect.title") }),
    ...paragraphs.map((text) => h("p", { class: "info-text", text })),
    h("div", { class: "dialog-actions" }, [h("button", { class: "primary", id: "info-close", text: tr.t("ui.close") })]),
  ]));
  if (!dialog.open) dialog.showModal();
}

function watchLongPresses(board) {
  let press = null;
  const cancel = () => { if (press) clearTimeout(press.timer); press = null; };
  board.addEventListener("pointerdown", (event) => {
    cancel();
    if (event.button > 0) return;
    const target = event.target;
    const text = describeElement(target);
    if (!text) return;
    press = { x: event.clientX, y: event.clientY, timer: setTimeout(() => {
      press = null;
      swallowClick = true;
      openInfo([text]);
    }, LONG_PRESS_MS) };
  });
  board.addEventListener("pointermove", (event) => {
    if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > LONG_PRESS_SLOP) cancel();
  });
  for (const type of ["pointerup", "pointercancel", "pointerleave"]) board.addEventListener(type, cancel);
  // a long press on a phone otherwise opens the browser's own menu
  board.addEventListener("contextmenu", (event) => { if (lastPointer === "touch") event.preventDefault(); });
}

function measureBars() {
  const root = document.documentElement;
  const measure = () => {
    const top = document.querySelector(".topbar")?.getBoundingClientRect().height || 0;
    const bar = byId("action-bar")?.getBoundingClientRect().height || 0;
    root.style.setProperty("--top-height", `${Math.ceil(top)}px`);
    root.style.setProperty("--action-bar-height", `${Math.ceil(bar)}px`);
  };
  const observer = new ResizeObserver(() => requestAnimationFrame(measure));
  for (const node of [document.querySelector(".topbar"), byId("action-bar")]) if (node) observer.observe(node);
  measure();
}

/** Once per table page. */
export function install() {
  document.addEventListener("pointerdown", (event) => { lastPointer = event.pointerType || "mouse"; }, true);
  document.addEventListener("click", (event) => {
    if (!swallowClick) return;
    swallowClick = false;
    event.preventDefault();
    event.stopPropagation();
  }, true);
  const board = byId("board");
  if (board) watchLongPresses(board);
  measureBars();
}
