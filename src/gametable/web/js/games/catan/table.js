// The CATAN: On the Road table: building row, metropolis stack, decks and events, every
// player's area, your hand, the trade dialog and payment choices. What you may do is
// highlighted where it happens; the page lists the rest as labelled buttons.

import { clear, h } from "../../dom.js";
import { card, chips } from "./art.js";

const RESOURCES = ["brick", "lumber", "wool", "grain", "ore"];
// Up to this many ways to pay are listed as buttons; with more, the cards are picked in the hand.
const PAY_LIST_MAX = 8;
// The costs printed on the cards (rules reference §1.1; the engine's COSTS in cards.py).
const PRINTED_COSTS = {
  road: ["brick", "lumber"],
  village: ["brick", "lumber", "wool", "grain"],
  city: ["grain", "grain", "ore", "ore", "ore"],
  knight: ["wool", "ore"],
  metropolis: ["wool", "wool", "wool", "ore"],
};

function t(ctx, key, params = {}) {
  return ctx.tr.t(`web.catan.${key}`, params, ctx.names);
}

function term(ctx, value) {
  return ctx.tr.term("catan", value);
}

function counts(list) {
  const out = {};
  for (const item of list || []) out[item] = (out[item] || 0) + 1;
  return out;
}

/** Whether `list` holds every card of `part` (as many of each kind). */
function covers(list, part) {
  const have = counts(list);
  return Object.entries(counts(part)).every(([item, n]) => (have[item] || 0) >= n);
}

/** The cards of `list` left once each card of `taken` is removed from it once. */
function without(list, taken) {
  const left = counts(taken);
  return list.filter((item) => {
    if (left[item] > 0) {
      left[item] -= 1;
      return false;
    }
    return true;
  });
}

function section(className, title, children) {
  return h("section", { class: `panel ${className}` }, [title ? h("h2", { text: title }) : null, children]);
}

// -- the market: building row, metropolis stack, decks, events, bonus cards ------------------------

function market(ctx) {
  const { view, choices } = ctx;
  const row = h("div", { class: "building-row" });
  for (const [index, kind] of view.row.entries()) {
    const element = card(kind, { label: term(ctx, kind), extra: h("span", { class: "cost" }, chips(ctx.tr, PRINTED_COSTS[kind])) });
    element.dataset.slot = String(index);
    choices.bind(element, choices.where((a) => a.type === "build" && a.card === kind));
    row.appendChild(element);
  }
  const stack = view.metropolis_stack;
  const metroCards = h("div", { class: "metropolis-stack" });
  if (stack.remaining.length === 0) {
    metroCards.appendChild(h("div", { class: "card empty", text: t(ctx, "none_left") }));
  }
  const shown = stack.side === "A" ? stack.remaining.slice(0, 1) : stack.remaining;
  for (const metropolis of shown) {
    const ability = ctx.tr.tOr(`catan.term.metropolis_${metropolis}`, "");
    const element = card("metropolis", {
      label: stack.side === "A" ? t(ctx, "metropolis_a") : term(ctx, metropolis),
      count: stack.side === "A" ? stack.remaining.length : undefined,
      extra: h("span", { class: "cost" }, chips(ctx.tr, PRINTED_COSTS.metropolis)),
    });
    element.dataset.metropolis = metropolis;
    if (ability) element.title = ability;
    choices.bind(element, choices.where((a) => a.type === "build" && a.card === "metropolis" && a.metropolis === metropolis));
    metroCards.appendChild(element);
  }
  const bonus = (name, holder) => h("div", { class: `bonus-card${holder === null ? "" : ` seat-colour-${holder}`}`, dataset: { bonus: name } }, [
    h("strong", { text: term(ctx, name) }),
    h("span", { class: "vp", text: t(ctx, "vp_short", { vp: 2 }) }),
    h("span", { class: "holder" }, holder === null ? t(ctx, "unclaimed") : [h("span", { class: "dot" }), ctx.names[holder]]),
  ]);
  const lastEvent = view.last_event;
  return section("catan-market", null, [
    h("div", { class: "market-block" }, [h("h3", { text: t(ctx, "building_row") }), row,
      h("p", { class: "hint", text: t(ctx, "building_deck", { count: view.building_deck_size }) })]),
    h("div", { class: "market-block" }, [h("h3", { text: t(ctx, "metropolises", { side: stack.side }) }), metroCards]),
    h("div", { class: "market-block decks" }, [
      h("h3", { text: t(ctx, "decks") }),
      h("p", { text: t(ctx, "resource_deck", { count: view.resource_deck_size, discarded: view.resource_discard_size }) }),
      h("p", { text: t(ctx, "event_deck", { count: view.event_deck_size }) }),
      lastEvent ? h("div", { class: "last-event", dataset: { event: lastEvent.event } }, [
        h("span", { class: "event-name", text: term(ctx, lastEvent.event) }),
        h("span", { class: "hint", text: t(ctx, "event_by", { seat: lastEvent.seat }) }),
      ]) : null,
      bonus("longest_road", view.longest_road),
      bonus("largest_army", view.largest_army),
    ]),
  ]);
}

// -- players -------------------------------------------------------------------------------------------

function tableau(ctx, player) {
  const piles = [
    ["road", player.roads], ["village", player.villages], ["city", player.cities],
    ["knight", player.knights], ["metropolis", player.metropolises.length],
  ];
  return h("div", { class: "tableau" }, piles.map(([kind, n]) =>
    h("div", { class: `pile${n === 0 ? " none" : ""}`, dataset: { kind, count: n } }, [
      card(kind, { small: true }),
      h("span", { class: "pile-count", text: ctx.tr.number(n) }),
      h("span", { class: "pile-name", text: term(ctx, kind) }),
    ]),
  ));
}

function playerArea(ctx, player) {
  const { view, names } = ctx;
  const active = view.to_act.length > 0 && view.active_seat === player.seat;
  const badges = [];
  if (player.longest_road) badges.push(h("span", { class: "badge", text: term(ctx, "longest_road") }));
  if (player.largest_army) badges.push(h("span", { class: "badge", text: term(ctx, "largest_army") }));
  for (const m of player.metropolises) {
    if (m !== "A") badges.push(h("span", { class: "badge metro", text: term(ctx, m) }));
  }
  const handInfo = Array.isArray(player.hand) ? player.hand.length : player.hand_size;
  return h("article", {
    class: `panel player-area seat-colour-${player.seat}${active ? " active" : ""}${ctx.seat === player.seat ? " mine" : ""}`,
    dataset: { seat: player.seat },
  }, [
    h("header", {}, [
      h("span", { class: "dot" }),
      h("strong", { class: "player-name", text: names[player.seat] }),
      active ? h("span", { class: "tag", text: t(ctx, "active") }) : null,
      h("span", { class: "vp-badge", title: t(ctx, "vp_title"), text: t(ctx, "vp_short", { vp: player.vp }) }),
    ]),
    tableau(ctx, player),
    h("p", { class: "stats" }, [
      h("span", { dataset: { stat: "hand" }, text: t(ctx, "hand_size", { count: handInfo }) }),
      h("span", { text: t(ctx, "robber_limit", { limit: player.robber_limit }) }),
      h("span", { text: t(ctx, "substitution", { rate: player.substitution_rate }) }),
      player.discards_owed ? h("span", { class: "warn", text: t(ctx, "owes", { count: player.discards_owed }) }) : null,
    ]),
    badges.length ? h("div", { class: "badges" }, badges) : null,
  ]);
}

// -- your hand and your turn's buttons -----------------------------------------------------------------

// Some choices are made card by card from the hand before anything is sent: the cards the
// robber takes (one action each, sent together) and, when the road exchange allows more
// payments than a list can show, the cards that pay for a build (one action). The picks live
// between renders (another player's move redraws the table) and are dropped when the choice is.
const picker = { purpose: null, cards: [] };

/** What the hand picks for now: {purpose, limit, actions, ready(picks), send(actions), ...} or null. */
function pickMode(ctx, player) {
  const { view, choices } = ctx;
  const discards = choices.where((a) => a.type === "discard");
  // One card owed is one click; more are picked first and sent together.
  if (view.phase === "robber" && player.discards_owed > 1 && discards.length) {
    const owed = player.discards_owed;
    return {
      purpose: "discard", limit: owed, actions: discards,
      help: t(ctx, "discard_pick_help", { count: owed }),
      progress: (picks) => t(ctx, "discard_progress", { picked: picks.length, count: owed }),
      confirm: t(ctx, "discard_confirm", { count: owed }),
      ready: (picks) => (picks.length === owed ? picks.map((resource) => ({ type: "discard", resource })) : null),
      // any card still in hand may go while fewer than owed are picked
      canAdd: (picks) => picks.length < owed,
      send: (actions) => choices.sendAll(actions),
    };
  }
  const payments = choices.where((a) => a.type === "pay");
  if (view.phase === "pay" && payments.length > PAY_LIST_MAX) {
    return {
      purpose: "pay", limit: Math.max(...payments.map((a) => a.cards.length)), actions: payments,
      help: t(ctx, "pay_pick_help"),
      progress: () => null,
      confirm: t(ctx, "pay_confirm"),
      ready: (picks) => {
        const sorted = (cards) => JSON.stringify([...cards].sort());
        const match = payments.find((a) => sorted(a.cards) === sorted(picks));
        return match ? [match] : null;
      },
      // Only a card that keeps the picks part of some way to pay is offered, so picking can
      // never reach a dead end where nothing matches (putting cards back stays possible).
      canAdd: (picks, resource) => payments.some((a) => covers(a.cards, [...picks, resource])),
      send: (actions) => choices.send(actions[0]),
    };
  }
  return null;
}

/** The cards picked so far that are still in hand, at most `mode.limit` of them. */
function currentPicks(player, mode) {
  if (picker.purpose !== mode.purpose) {
    picker.purpose = mode.purpose;
    picker.cards = [];
  }
  const left = counts(player.hand);
  const kept = [];
  for (const resource of picker.cards) {
    if (kept.length < mode.limit && left[resource] > 0) {
      kept.push(resource);
      left[resource] -= 1;
    }
  }
  picker.cards = kept;
  return kept;
}

function hand(ctx, player, mode) {
  const { choices } = ctx;
  const have = counts(player.hand);
  const picked = mode ? counts(currentPicks(player, mode)) : {};
  if (mode) choices.claim(mode.actions);
  const box = h("div", { class: "hand", "aria-label": t(ctx, "your_hand") });
  for (const resource of RESOURCES) {
    if (!have[resource]) continue;
    const left = have[resource] - (picked[resource] || 0);
    const element = card(resource, { label: term(ctx, resource), count: left });
    if (left === 0) element.classList.add("all-picked");
    if (mode) {
      if (left > 0 && picker.cards.length < mode.limit && mode.canAdd(picker.cards, resource)) {
        const description = t(ctx, `${mode.purpose}_pick_card`, { resource: term(ctx, resource) });
        choices.bindHandler(element, mode.actions, description, () => {
          picker.cards.push(resource);
          ctx.redraw();
        });
      }
    } else {
      choices.bind(element, choices.where((a) =>
        (a.type === "discard" || a.type === "give") && a.resource === resource));
    }
    box.appendChild(element);
  }
  if (player.hand.length === 0) box.appendChild(h("p", { class: "hint", text: t(ctx, "empty_hand") }));
  return box;
}

/** The cards picked so far, each kind a click from going back, and the button that sends them. */
function pickTray(ctx, player, mode) {
  const picks = currentPicks(player, mode);
  const tray = h("div", { class: `pick-tray ${mode.purpose}-tray` }, [h("p", { class: "hint", text: mode.help })]);
  const chosen = h("div", { class: "picked" });
  // One button per kind ("3× brick"); each click puts one card of that kind back.
  for (const [resource, n] of Object.entries(counts(picks))) {
    chosen.appendChild(h("button", {
      type: "button", class: "picked-card", dataset: { resource, count: n },
      title: t(ctx, "pick_put_back", { resource: term(ctx, resource) }),
      onclick: () => { picker.cards.splice(picker.cards.lastIndexOf(resource), 1); ctx.redraw(); },
    }, chips(ctx.tr, Array(n).fill(resource))));
  }
  if (!picks.length) chosen.appendChild(h("span", { class: "hint", text: t(ctx, "pick_none") }));
  tray.appendChild(chosen);
  const progress = mode.progress(picks);
  if (progress) tray.appendChild(h("p", { class: "pick-progress", text: progress }));
  const actions = mode.ready(picks);
  const confirm = h("button", { type: "button", class: `primary action-${mode.purpose}-picked`, disabled: !actions, text: mode.confirm });
  if (actions) {
    ctx.choices.bindHandler(confirm, actions, null, () => {
      picker.cards = [];
      mode.send(actions);
    });
  }
  tray.appendChild(confirm);
  return tray;
}

function myArea(ctx) {
  const { view, choices, seat } = ctx;
  const me = view.players[seat];
  const mode = pickMode(ctx, me);
  if (!mode) picker.purpose = null;
  const tools = h("div", { class: "turn-tools" });
  for (const type of ["start_trade", "end_turn"]) {
    const actions = choices.where((a) => a.type === type);
    if (actions.length) {
      tools.appendChild(choices.bind(h("button", { type: "button", class: `primary action-${type}`, text: t(ctx, type) }), actions));
    }
  }
  return section(`my-area seat-colour-${seat}`, t(ctx, "your_hand"), [
    hand(ctx, me, mode), mode ? pickTray(ctx, me, mode) : null, tools]);
}

// -- paying for a build ----------------------------------------------------------------------------------

function payment(ctx) {
  const { view, choices } = ctx;
  if (!view.paying) return null;
  const what = view.paying.card === "metropolis" ? "metropolis" : view.paying.card;
  const options = h("div", { class: "pay-options" });
  const printed = PRINTED_COSTS[what] || [];
  const payments = choices.where((a) => a.type === "pay");
  if (payments.length > PAY_LIST_MAX) {
    // Too many ways to pay for a list: the cards are picked in the hand (pickMode).
    return section("catan-pay", t(ctx, "paying", { building: term(ctx, what) }), [
      h("p", { class: "hint", text: t(ctx, "pay_help") }),
      h("p", { class: "hint pay-in-hand", text: t(ctx, "pay_pick_in_hand", { count: payments.length }) }),
    ]);
  }
  for (const action of payments) {
    // A payment that uses the road exchange says which printed cards its extra cards stand for.
    const replaced = without(printed, action.cards);
    options.appendChild(choices.bind(h("button", { type: "button", class: "pay-option" }, [
      chips(ctx.tr, action.cards),
      replaced.length ? h("span", { class: "pay-instead", text: t(ctx, "pay_instead_of", {
        cards: ctx.tr.joinCounted(replaced, (r) => term(ctx, r)),
      }) }) : null,
    ]), [action]));
  }
  return section("catan-pay", t(ctx, "paying", { building: term(ctx, what) }), [
    h("p", { class: "hint", text: t(ctx, "pay_help") }),
    options,
  ]);
}

// -- the trade dialog ----------------------------------------------------------------------------------------

/** Cards of an offer as chips, or the word "nothing": an empty side is never left blank. */
function offerChips(ctx, cards) {
  return cards && cards.length ? chips(ctx.tr, cards) : h("span", { class: "nothing", text: ctx.tr.t("catan.note.nothing") });
}

/** The offer being built: a palette adds a card (`prefix`_give / _ask); a card already in the
 *  offer is a button that takes it out again (`prefix`_remove_give / _remove_ask). */
function composer(ctx, give, ask, prefix) {
  const { choices } = ctx;
  const palette = (type) => h("div", { class: "palette" }, RESOURCES.map((r) => {
    const actions = choices.where((a) => a.type === type && a.resource === r);
    const button = h("button", { type: "button", class: `palette-card chip-${r}`, disabled: actions.length === 0, dataset: { resource: r } }, [
      chips(ctx.tr, [r]),
    ]);
    return choices.bind(button, actions);
  }));
  const picked = (cards, type) => {
    if (!cards.length) return offerChips(ctx, cards);
    return h("span", { class: "chips" }, [...new Set(cards)].map((r) => {
      const button = h("button", { type: "button", class: "offer-card remove", dataset: { resource: r } }, [
        chips(ctx.tr, cards.filter((c) => c === r)),
        h("span", { class: "remove-mark", "aria-hidden": "true", text: "×" }),
      ]);
      return choices.bind(button, choices.where((a) => a.type === type && a.resource === r));
    }));
  };
  return h("div", { class: "composer" }, [
    h("div", { class: "side give" }, [h("h3", { text: t(ctx, "you_give") }), h("div", { class: "offer-cards" }, picked(give, `${prefix}_remove_give`)), palette(`${prefix}_give`)]),
    h("div", { class: "side ask" }, [h("h3", { text: t(ctx, "you_ask") }), h("div", { class: "offer-cards" }, picked(ask, `${prefix}_remove_ask`)), palette(`${prefix}_ask`)]),
  ]);
}

function actionButton(ctx, type, className = "") {
  const actions = ctx.choices.where((a) => a.type === type);
  if (!actions.length) return null;
  return ctx.choices.bind(h("button", { type: "button", class: `${className} action-${type}`, text: t(ctx, type) }), actions);
}

function trade(ctx) {
  const { view, choices, names, seat } = ctx;
  const deal = view.trade;
  if (!deal) return null;
  const proposer = deal.proposer;
  const body = [];
  if (deal.stage === "compose") {
    if (seat === proposer) {
      body.push(composer(ctx, deal.give, deal.ask, "offer"));
    } else {
      body.push(h("p", { text: t(ctx, "composing", { seat: proposer }) }));
    }
    body.push(h("div", { class: "trade-buttons" }, [actionButton(ctx, "propose", "primary"), actionButton(ctx, "cancel_trade")]));
  } else {
    body.push(h("div", { class: "offer" }, [
      h("span", { text: t(ctx, "offer_line", { seat: proposer }) }),
      h("span", { class: "offer-give" }, offerChips(ctx, deal.give)),
      h("span", { class: "trade-for", text: t(ctx, "trade_for") }),
      h("span", { class: "offer-ask" }, offerChips(ctx, deal.ask)),
    ]));
    const answers = h("ul", { class: "answers" });
    for (const answer of deal.answers) {
      const row = h("li", { class: `answer answer-${answer.answer ?? "none"} seat-colour-${answer.seat}`, dataset: { seat: answer.seat } }, [
        h("span", { class: "dot" }),
        h("strong", { text: names[answer.seat] }),
        h("span", { class: "answer-state", text: t(ctx, `answer_${answer.answer ?? "none"}`) }),
        answer.give ? h("span", { class: "counter" }, [
          h("span", { text: t(ctx, "counter_gives") }),
          offerChips(ctx, answer.give), h("span", { class: "trade-for", text: t(ctx, "trade_for") }), offerChips(ctx, answer.ask),
        ]) : null,
      ]);
      choices.bind(row, choices.where((a) => a.type === "trade_with" && a.seat === answer.seat), t(ctx, "trade_with", { seat: answer.seat }));
      answers.appendChild(row);
    }
    body.push(answers);
    if (choices.where((a) => a.type === "trade_with").length) {
      body.push(h("p", { class: "hint trade-pick", text: t(ctx, "trade_pick_partner") }));
    }
    const mine = deal.answers.find((a) => a.seat === seat);
    if (mine && mine.answer === "countering") {
      body.push(composer(ctx, mine.give || [], mine.ask || [], "counter"));
    }
    body.push(h("div", { class: "trade-buttons" }, [
      actionButton(ctx, "accept", "primary"), actionButton(ctx, "counter"), actionButton(ctx, "submit_counter", "primary"),
      actionButton(ctx, "decline"), actionButton(ctx, "withdraw"),
    ]));
  }
  return section("catan-trade", t(ctx, "trade_title"), body);
}

// -- the whole table ---------------------------------------------------------------------------------------

export function render(board, ctx) {
  const { view } = ctx;
  const players = view.players.filter((p) => p.seat !== ctx.seat);
  const mine = ctx.seat !== null && view.players[ctx.seat];
  const content = [
    market(ctx),
    trade(ctx),
    payment(ctx),
    mine ? h("div", { class: "mine-row" }, [playerArea(ctx, mine), myArea(ctx)]) : null,
    h("div", { class: "players" }, players.map((p) => playerArea(ctx, p))),
  ];
  const keep = board.querySelector(":scope > .final-scores");
  clear(board);
  if (keep) board.appendChild(keep);
  board.appendChild(h("div", { class: "catan-table" }, content));
}

export function prompt({ tr, view, names, seat }) {
  if (view.phase === "pay") return tr.t("web.catan.prompt_pay");
  if (view.phase === "robber") return tr.t("web.catan.prompt_robber", { count: view.players[seat].discards_owed });
  if (view.phase === "charity") return tr.t("web.catan.prompt_charity");
  if (view.phase === "trade") return tradePrompt(tr, view.trade, names, seat);
  return tr.t("web.catan.prompt_main");
}

/** The prompt's headline when the seat acts outside its own turn: what it is asked, not "Your
 *  turn" (answering another player's trade, discarding for the Robber, giving for Charity). */
export function headline({ tr, view, names, seat }) {
  if (seat === view.active_seat) return null;
  if (view.phase === "trade" && view.trade) return tr.t("web.catan.headline_trade", { seat: view.trade.proposer }, names);
  if (view.phase === "robber") return tr.t("web.catan.headline_robber", {}, names);
  if (view.phase === "charity") return tr.t("web.catan.headline_charity", {}, names);
  return null;
}

/** The trade in one line for the seat to act: compose, answer, or choose whom to trade with. */
function tradePrompt(tr, deal, names, seat) {
  if (deal?.stage === "compose" && deal.proposer === seat) return tr.t("web.catan.prompt_trade_compose", {}, names);
  if (deal && deal.stage !== "compose" && deal.proposer !== seat) {
    return tr.t("web.catan.prompt_trade_answer", { seat: deal.proposer }, names);
  }
  if (deal && deal.proposer === seat) return tr.t("web.catan.prompt_trade_pick", {}, names);
  return tr.t("web.catan.prompt_trade", {}, names);
}
