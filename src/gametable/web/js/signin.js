// The page a sign-in link opens: its secret is in the address's fragment (#...), which the
// browser never sends to any server. It is sent once, in a POST, and wiped from the address;
// the answer sets this browser's session cookie.

import { api, ApiError } from "./api.js";
import { byId } from "./dom.js";
import { loadTranslator, rememberLanguage, translatePage } from "./i18n.js";
import { runPage } from "./widgets.js";

const secret = window.location.hash.slice(1);
window.history.replaceState(null, "", window.location.pathname); // out of the history and the address bar
const page = { tr: null, outcome: null }; // outcome: {key, params}

function render() {
  if (!page.outcome) return;
  byId("signin-status").textContent = page.tr.t(page.outcome.key, page.outcome.params);
  byId("signin-next").hidden = page.outcome.key !== "web.signin.done";
}

async function signIn() {
  if (!secret) return { key: "web.signin.no_link", params: {} };
  try {
    const player = await api.signIn(secret);
    rememberLanguage(player.lang);
    return { key: "web.signin.done", params: { name: `\u2068${player.name}\u2069` } };
  } catch (error) {
    if (error instanceof ApiError && error.status === 410) return { key: "web.signin.expired", params: {} };
    if (error instanceof ApiError && error.status === 429) return { key: "web.signin.too_many", params: {} };
    return { key: "ui.error.network", params: {} };
  }
}

async function start(lang) {
  page.tr = await loadTranslator(lang);
  translatePage(page.tr);
  render();
}

const signing = signIn();
runPage(start).then(async () => {
  page.outcome = await signing;
  render();
});
