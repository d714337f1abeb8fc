// The page a sign-in link opens: its secret is in the address's fragment (#...), which the
// browser never sends to any server. It is sent in a POST, and wiped from the address; the
// answer sets this browser's session cookie.
//
// A browser signed in as someone else is asked first ("You are signed in as X. Sign in as Y on
// this device?"); staying is the default (the link is then not used), and switching keeps X's
// session, so X can sign back in from My tables.

import { api, ApiError } from "./api.js";
import { byId, clear, h } from "./dom.js";
import { loadTranslator, rememberLanguage, translatePage } from "./i18n.js";
import { runPage } from "./widgets.js";

const secret = window.location.hash.slice(1);
window.history.replaceState(null, "", window.location.pathname); // out of the history and the address bar
// outcome: {key, params}; question: {current, other} while the person decides
const page = { tr: null, outcome: null, question: null };

const isolate = (name) => `\u2068${name}\u2069`;

function render() {
  const tr = page.tr;
  if (!tr) return;
  const choice = clear(byId("signin-choice"));
  choice.hidden = !page.question;
  if (page.question) {
    const { current, other } = page.question;
    byId("signin-status").textContent = tr.t("web.signin.ask", { current: isolate(current.name), other: isolate(other.name) });
    // staying is first and focused: Enter, or a hurried tap on the default, changes nothing
    const stay = h("button", { type: "button", id: "signin-stay", class: "primary",
      text: tr.t("web.signin.stay", { current: isolate(current.name) }), onclick: () => decide(false) });
    choice.append(stay, h("button", { type: "button", id: "signin-switch", class: "ghost",
      text: tr.t("web.signin.switch", { other: isolate(other.name) }), onclick: () => decide(true) }));
    stay.focus();
    byId("signin-next").hidden = true;
    return;
  }
  if (!page.outcome) return;
  byId("signin-status").textContent = tr.t(page.outcome.key, page.outcome.params);
  byId("signin-next").hidden = !page.outcome.next;
}

function failure(error) {
  if (error instanceof ApiError && error.status === 410) return { key: "web.signin.expired", params: {} };
  if (error instanceof ApiError && error.status === 429) return { key: "web.signin.too_many", params: {} };
  return { key: "ui.error.network", params: {} };
}

async function signIn(switchPlayer, previous = null) {
  try {
    const player = await api.signIn(secret, switchPlayer);
    rememberLanguage(player.lang);
    const name = isolate(player.name);
    if (previous) return { key: "web.signin.switched", params: { name, previous: isolate(previous.name) }, next: true };
    return { key: "web.signin.done", params: { name }, next: true };
  } catch (error) {
    return failure(error);
  }
}

/** What opening the link comes to, unless the person must be asked first (page.question). */
async function open() {
  if (!secret) return { key: "web.signin.no_link", params: {} };
  let current;
  try {
    current = (await api.session()).player;
  } catch (error) {
    return failure(error);
  }
  if (!current) return signIn(false);
  let other;
  try {
    other = await api.signinOwner(secret); // whom the link is for; it stays unused
  } catch (error) {
    return failure(error);
  }
  if (other.id === current.id) {
    await signIn(false); // the same player: the link is simply used up
    return { key: "web.signin.already", params: { name: isolate(current.name) }, next: true };
  }
  page.question = { current, other };
  return null;
}

async function decide(switchPlayer) {
  const { current } = page.question;
  page.question = null;
  page.outcome = switchPlayer
    ? await signIn(true, current)
    : { key: "web.signin.stayed", params: { current: isolate(current.name) }, next: true };
  render();
}

async function start(lang) {
  page.tr = await loadTranslator(lang);
  translatePage(page.tr);
  render();
}

const opening = open();
runPage(start).then(async () => {
  page.outcome = await opening;
  render();
});
