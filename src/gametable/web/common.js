// Small helpers shared by the lobby and the table page. Everything a player typed (names)
// is shown with textContent, never as HTML.

export const LANG_KEY = "gametable:lang";

export function language() {
  return localStorage.getItem(LANG_KEY) || "en";
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = response.status === 204 ? null : await response.json();
  if (!response.ok) {
    const detail = typeof data?.detail === "string" ? data.detail : JSON.stringify(data?.detail);
    throw new Error(`${response.status}: ${detail}`);
  }
  return data;
}

export function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

export async function loadCatalog(lang) {
  const catalog = await api(`/api/i18n/${lang}`);
  document.documentElement.lang = catalog.lang;
  document.documentElement.dir = catalog.direction;
  return catalog.messages;
}

// The same rules as gametable.i18n.describe: seat params show names, game terms translate.
export function describe(entry, messages, names) {
  const params = { ...entry, ...(entry.private || {}) };
  const template = messages[entry.key];
  if (!template) return JSON.stringify(entry);
  const domain = String(entry.key).split(".")[0];
  const show = (name, value) => {
    if ((name === "seat" || name.endsWith("_seat")) && Number.isInteger(value)) {
      return names[value] || (messages["ui.seat_name"] || "Player {number}").replace("{number}", value + 1);
    }
    if (Array.isArray(value)) return value.map((v) => show(name, v)).join(", ");
    if (typeof value === "string") return messages[`${domain}.term.${value}`] || value;
    return String(value);
  };
  return template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (match, name) =>
    name in params ? show(name, params[name]) : match);
}
