// Turning legal actions into things a player clicks.
//
// A game renderer draws its board and, for each element a legal action concerns, calls
// `choices.bind(element, actions)`. The element is highlighted; a click sends the action, or
// opens a small menu when several actions concern the same element (a building where
// several local actions are possible, a card that can be sold or kept…). Whatever no element
// claimed is offered afterwards as a clearly labelled button (`unclaimed()`).

import { byId, clear, h } from "./dom.js";
import { actNow } from "./inspect.js";

export class Choices {
  /**
   * @param {object[]} legal  the seat's legal actions (empty when it is not our turn)
   * @param {(action: object) => void} send
   * @param {(action: object) => string} label  the action in words, for menus and buttons
   * @param {(actions: object[]) => void} [sendAll]  sends several actions one after the other
   *   (a choice the player makes at once, such as the cards to discard, that the game takes
   *   as one action per card)
   * @param {object[][]} [notes]  parallel to `legal`: what each action costs and gives (the
   *   snapshot's action_notes, log-entry-shaped), shown after the action's label everywhere
   *   it is offered (buttons, menus, the board's tooltips)
   * @param {(notes: object[]) => string} [sayNotes]  an action's notes in words
   * @param {(labels: string[]) => string} [menuName]  the accessible name of an element that
   *   opens a menu of several actions and has no title of its own, from the actions' labels
   */
  constructor(legal, send, label, sendAll, notes = [], sayNotes = () => "", menuName = (labels) => labels.join("; ")) {
    this.legal = legal || [];
    this.send = send;
    // by identity: where() hands out these very action objects
    const notesOf = new Map(this.legal.map((action, index) => [action, notes?.[index] || []]));
    this.label = (action) => {
      const noted = notesOf.get(action);
      const extra = noted && noted.length ? sayNotes(noted) : "";
      return extra ? `${label(action)} — ${extra}` : label(action);
    };
    this.sendAll = sendAll || ((actions) => { if (actions.length) send(actions[0]); });
    this.claimed = new Set();
    // the elements each bound action is on (a guided game rings the one it asks for)
    this.elements = new Map();
    this.menuName = menuName;
  }

  /** The legal actions that satisfy `test(action)`. */
  where(test) {
    return this.legal.filter((action) => {
      try {
        return test(action);
      } catch {
        return false;
      }
    });
  }

  /** Highlight `element` and make it send (one of) `actions` when clicked. */
  bind(element, actions, title) {
    if (!actions || actions.length === 0) return element;
    // an element that opens a menu is named too: by its title, else by the choices it offers
    const description = title || (actions.length === 1 ? this.label(actions[0]) : this.menuName(actions.map(this.label)));
    if (actions.length > 1) element.setAttribute("aria-haspopup", "menu");
    return this.bindHandler(element, actions, description, (event) => {
      if (actions.length === 1) this.send(actions[0]);
      else openMenu(event, actions, this.label, this.send);
    });
  }

  /** Note that `action` is offered on `element` (an action may be offered in several places). */
  placeOf(action, element) {
    this.elements.set(action, [...(this.elements.get(action) || []), element]);
  }

  /** Claim `actions` without an element: the renderer offers them its own way. */
  claim(actions) {
    for (const action of actions) this.claimed.add(action);
  }

  /**
   * Highlight `element` as something to click now, for `actions`, running `handler(event)`
   * when clicked: a step of a choice the page gathers before it sends anything.
   */
  bindHandler(element, actions, description, handler) {
    this.claim(actions);
    for (const action of actions) this.placeOf(action, element);
    element.classList.add("legal");
    element.setAttribute("tabindex", "0");
    element.setAttribute("role", "button");
    element.dataset.legal = String(actions.length);
    if (description) element.setAttribute("aria-label", description);
    if (description && !element.querySelector(":scope > title") && element instanceof SVGElement) {
      const tip = document.createElementNS("http://www.w3.org/2000/svg", "title");
      tip.textContent = description;
      element.prepend(tip);
    } else if (description && !(element instanceof SVGElement)) {
      element.title = description;
    }
    const activate = (event) => {
      event.preventDefault();
      event.stopPropagation();
      // on a touch screen a first tap on the board only shows what this choice is (inspect.js)
      if (actions.length === 1 && !actNow(element, description, () => handler(event))) return;
      handler(event);
    };
    element.addEventListener("click", activate);
    element.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") activate(event);
    });
    return element;
  }

  /** The legal actions no board element has claimed, in the engine's order. */
  unclaimed() {
    return this.legal.filter((action) => !this.claimed.has(action));
  }
}

/** Which menu entries to mark as a guided game's choice (guide.js): `test(action)`, or null. */
export const menuMarks = { test: null };

/** A menu of `actions` next to where the player clicked. */
export function openMenu(event, actions, label, send) {
  const menu = clear(byId("menu"));
  for (const action of actions) {
    menu.appendChild(h("button", {
      type: "button",
      role: "menuitem",
      class: menuMarks.test?.(action) ? "menu-item guide-target" : "menu-item",
      text: label(action),
      onclick: (e) => {
        e.stopPropagation();
        closeMenu();
        send(action);
      },
    }));
  }
  placeNear(menu, event);
  menu.querySelector("button")?.focus();
}

/** Show `box` (fixed, unhidden) next to where the player clicked, inside the window. */
function placeNear(box, event) {
  box.hidden = false;
  const x = event.clientX || (event.target.getBoundingClientRect?.().left ?? 0);
  const y = event.clientY || (event.target.getBoundingClientRect?.().bottom ?? 0);
  box.style.left = `${Math.max(8, Math.min(x, window.innerWidth - box.offsetWidth - 8))}px`;
  box.style.top = `${Math.max(8, Math.min(y + 6, window.innerHeight - box.offsetHeight - 8))}px`;
}

/** A few words about what was tapped (a building's actions), where it was tapped, until the next click. */
export function showTip(event, text) {
  event.stopPropagation();
  closeMenu();
  const tip = byId("tip");
  tip.textContent = text;
  placeNear(tip, event);
}

export function closeMenu() {
  const menu = byId("menu");
  if (menu) menu.hidden = true;
  const tip = byId("tip");
  if (tip) tip.hidden = true;
}

document.addEventListener("click", (event) => {
  const menu = byId("menu");
  if (menu && !menu.hidden && !menu.contains(event.target)) closeMenu();
  const tip = byId("tip");
  if (tip && !tip.hidden) tip.hidden = true;
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") closeMenu();
});
