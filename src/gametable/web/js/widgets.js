// Small pieces shared by the lobby and the table page.

import { clear, h } from "./dom.js";
import { LANGUAGES } from "./i18n.js";

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

