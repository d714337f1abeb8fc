// Small pieces shared by the lobby and the table page.

import { api } from "./api.js";
import { byId, clear, h } from "./dom.js";
import { LANGUAGES, preferredLanguage, rememberLanguage } from "./i18n.js";

export function languageSelect(select, current, onChange) {
  clear(select);
  for (const [code, info] of Object.entries(LANGUAGES)) {
    select.appendChild(h("option", { value: code, selected: code === current, text: info.name }));
  }
  select.addEventListener("change", () => onChange(select.value));
}

export async function copyText(input, note) {
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    document.execCommand("copy");
  }
  if (note) {
    note.hidden = false;
    setTimeout(() => { note.hidden = true; }, 2500);
  }
}


/** Start a page in the preferred language, and again in each language picked; a signed-in
 *  player's language follows the pick (their other devices open in it after signing in). */
export function runPage(start) {
  languageSelect(byId("lang"), preferredLanguage(), (lang) => {
    rememberLanguage(lang);
    api.changeMe({ lang }).catch(() => {}); // not signed in (401): nothing to change
    start(lang);
  });
  return start(preferredLanguage());
}
