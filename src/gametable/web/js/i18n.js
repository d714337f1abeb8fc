// Translation of interface text and log entries in the browser.
//
// The server sends each language's catalog (every .po domain merged) as JSON from
// /api/i18n/<lang>. The rules are the ones of gametable/i18n/__init__.py, so the web table
// and the terminal say the same thing:
//   - a message is a template with {field}s filled from the parameters;
//   - a parameter named "seat" or ending in "_seat" is a seat number, shown as the name;
//   - a string value v of an entry keyed "<domain>.…" is shown as "<domain>.term.<v>"
//     when the catalog has that message;
//   - a list is shown item by item, joined as the language joins lists (Intl.ListFormat, the
//     same CLDR patterns as Babel's format_list); a game term the list holds more than once is
//     named once where it first appears, counted with "ui.count_of" ("2× ore and wool");
//     seats, numbers and entries are never merged;
//   - a value that is itself an entry (an object with a "key") is shown as that entry's sentence;
//   - a message with plural forms picks its form by the number it is counted by, through
//     Intl.PluralRules; the server sends the forms in the order of the language's CLDR
//     categories (plural_categories), so the browser picks the form gettext picks;
//   - an entry that still carries its private part (this viewer may see it) uses the message
//     "<key>.private" when there is one, so the sentence can name the private details;
//   - a message of a domain that falls back to another (DOMAIN_FALLBACK: the second edition of
//     Great Western Trail, "gwt2e", to the first, "gwt") is looked up in that domain when its own
//     catalog lacks it, in the same language before English;
//   - a missing message falls back to English, then to the key itself;
//   - numbers and the digits of other values (not players' names) are written with the
//     language's digits, the message "ui.digits" (Persian "۰۱۲۳۴۵۶۷۸۹"); not Intl.NumberFormat,
//     whose Persian grouping and bidi marks Babel does not write, so the terminal would differ.

/** Domains whose messages fall back to another's, as i18n.DOMAIN_FALLBACK. */
export const DOMAIN_FALLBACK = { gwt2e: "gwt" };

/** `key` with its domain part ("gwt2e.x", "web.gwt2e.x") replaced by the one it falls back to. */
function fallbackKey(key) {
  const parts = key.split(".");
  for (let i = 0; i < Math.min(2, parts.length); i++) {
    if (Object.prototype.hasOwnProperty.call(DOMAIN_FALLBACK, parts[i])) {
      parts[i] = DOMAIN_FALLBACK[parts[i]];
      return parts.join(".");
    }
  }
  return undefined;
}

export const LANGUAGES = {
  en: { name: "English", dir: "ltr" },
  fa: { name: "فارسی", dir: "rtl" },
  pt: { name: "Português", dir: "ltr" },
  es: { name: "Español", dir: "ltr" },
};
export const DEFAULT_LANGUAGE = "en";
const STORE_KEY = "gametable.lang";
const FIELD = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
let active = null; // the translator loaded last: the page's language, for localDigits()

/** `text` in the digits of the page's language (numbers drawn on a board outside any message). */
export function localDigits(text) {
  return active ? active.localDigits(text) : String(text);
}

/** The message `key` in the page's language, for drawings made without a context at hand. */
export function say(key, params = {}) {
  return active ? active.t(key, params) : key;
}

/** One language's messages as /api/i18n/<lang> sends them, with its plural and list rules. */
class Catalog {
  constructor(lang, body) {
    this.messages = body?.messages || {};
    this.plurals = body?.plurals || {};
    this.categories = body?.plural_categories || ["one", "other"];
    this.pluralRules = new Intl.PluralRules(lang);
  }

  /** The template of `key` in the form `params` need, or undefined. */
  template(key, params) {
    const plural = this.plurals[key];
    if (plural) {
      const n = params?.[plural.counted_by];
      if (!Number.isInteger(n)) return plural.forms[plural.forms.length - 1];
      const index = this.categories.indexOf(this.pluralRules.select(Math.abs(n)));
      return plural.forms[Math.min(index < 0 ? plural.forms.length - 1 : index, plural.forms.length - 1)];
    }
    return this.messages[key];
  }
}

export class Translator {
  /** `catalog` and `fallback`: the bodies of /api/i18n/<lang> and /api/i18n/en. */
  constructor(lang, catalog, fallback) {
    this.lang = lang;
    this.dir = (LANGUAGES[lang] || LANGUAGES.en).dir;
    this.catalog = new Catalog(lang, catalog);
    this.fallback = new Catalog(DEFAULT_LANGUAGE, fallback);
    this.listFormat = new Intl.ListFormat(lang, { type: "conjunction" });
    const digits = this.catalog.messages["ui.digits"] ?? this.fallback.messages["ui.digits"] ?? "0123456789";
    this.digits = [...digits].length === 10 ? [...digits] : [..."0123456789"];
    active = this;
  }

  /** `text` with its ASCII digits in this language's digits (as i18n.local_digits). */
  localDigits(text) {
    return String(text).replace(/[0-9]/g, (d) => this.digits[Number(d)]);
  }

  /** A number in this language's digits ("12"; Persian "۱۲"), as i18n.number. */
  number(n) {
    return this.localDigits(String(n));
  }

  has(key) {
    return this.template(key) !== undefined;
  }

  /** The template of `key` (in the plural form `params` need), falling back to English. */
  template(key, params = {}) {
    const other = fallbackKey(key);
    for (const catalog of [this.catalog, this.fallback]) {
      const found = catalog.template(key, params) ?? (other && catalog.template(other, params));
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /** The message `key` with {fields} from `params`; `names` are player names by seat. */
  t(key, params = {}, names = []) {
    const template = this.template(key, params);
    if (template === undefined) return key;
    return this.fill(template, params, key.split(".", 1)[0], names);
  }

  /** A message that may be missing: `fallbackText` is shown instead of the bare key. */
  tOr(key, fallbackText, params = {}, names = []) {
    return this.has(key) ? this.t(key, params, names) : fallbackText;
  }

  /** One log entry as a sentence (the private part is shown when the viewer received it). */
  describe(entry, names = []) {
    const key = String(entry.key ?? "");
    const params = {};
    for (const [name, value] of Object.entries(entry)) {
      if (name !== "key" && name !== "private_to" && name !== "private") params[name] = value;
    }
    let template;
    if (entry.private && typeof entry.private === "object") {
      Object.assign(params, entry.private);
      template = this.template(`${key}.private`, params);
    }
    template = template ?? this.template(key, params);
    if (template === undefined) return `${key} ${JSON.stringify(params)}`;
    return this.fill(template, params, key.split(".", 1)[0], names);
  }

  /** A game term ("brick", "jersey") in this language, or the value itself. */
  term(domain, value) {
    return this.template(`${domain}.term.${value}`) ?? String(value);
  }

  fill(template, params, domain, names) {
    return template.replace(FIELD, (whole, name) =>
      Object.prototype.hasOwnProperty.call(params, name)
        ? this.show(name, params[name], domain, names)
        : whole,
    );
  }

  show(name, value, domain, names) {
    if ((name === "seat" || name.endsWith("_seat")) && Number.isInteger(value)) {
      return value >= 0 && value < names.length ? String(names[value]) : this.seatName(value);
    }
    if (Array.isArray(value)) return this.joinCounted(value, (v) => this.show(name, v, domain, names));
    if (value && typeof value === "object" && "key" in value) return this.describe(value, names);
    if (typeof value === "string") {
      const term = this.template(`${domain}.term.${value}`);
      return term ?? this.localDigits(value);
    }
    if (typeof value === "boolean") return value ? "True" : "False"; // as Python's str()
    return this.localDigits(String(value));
  }

  /** Items joined as this language joins a list ("a, b and c"). */
  joinList(items) {
    return this.listFormat.format(items.map(String));
  }

  /** A term named `count` times ("2× ore"); once, the term alone. As i18n.count_of. */
  countOf(count, shown) {
    if (count === 1) return shown;
    const template = this.template("ui.count_of", { count }) ?? "{count}× {term}";
    // filled directly: the term is translated already and must not be looked up as a term again
    return template.replaceAll("{count}", this.number(count)).replaceAll("{term}", () => shown);
  }

  /** `values` as a list, each shown with `show`, a repeated game term (a string) counted in the
   *  place it first appears: ["ore", "ore", "wool"] -> "2× ore and wool". Seats, numbers and
   *  entries stay one by one. The one place that counts repeats, as i18n.join_counted. */
  joinCounted(values, show) {
    const groups = [];
    const first = new Map();
    for (const value of values) {
      if (typeof value === "string" && first.has(value)) {
        groups[first.get(value)].count += 1;
        continue;
      }
      if (typeof value === "string") first.set(value, groups.length);
      groups.push({ value, count: 1 });
    }
    return this.joinList(groups.map(({ value, count }) => this.countOf(count, show(value))));
  }

  seatName(seat) {
    return this.t("ui.seat_name", { number: seat + 1 });
  }
}

async function fetchCatalog(lang) {
  const response = await fetch(`/api/i18n/${encodeURIComponent(lang)}`);
  if (!response.ok) throw new Error(`no catalog for ${lang} (${response.status})`);
  return response.json();
}

/** The language chosen before (localStorage), else the browser's, else English. */
export function preferredLanguage() {
  const url = new URL(window.location.href).searchParams.get("lang");
  if (url && url in LANGUAGES) return url;
  const stored = window.localStorage.getItem(STORE_KEY);
  if (stored && stored in LANGUAGES) return stored;
  for (const wanted of navigator.languages || []) {
    const code = wanted.slice(0, 2).toLowerCase();
    if (code in LANGUAGES) return code;
  }
  return DEFAULT_LANGUAGE;
}

export function rememberLanguage(lang) {
  window.localStorage.setItem(STORE_KEY, lang);
}

/** Load `lang` (with English behind it) and set the document's lang and dir. */
export async function loadTranslator(lang) {
  if (!(lang in LANGUAGES)) lang = DEFAULT_LANGUAGE;
  const english = await fetchCatalog(DEFAULT_LANGUAGE);
  const messages = lang === DEFAULT_LANGUAGE ? english : await fetchCatalog(lang);
  const tr = new Translator(lang, messages, english);
  document.documentElement.lang = lang;
  document.documentElement.dir = tr.dir;
  return tr;
}

/** Fill every element carrying data-i18n="key" with its translation (static page text). */
export function translatePage(tr, root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) {
    node.textContent = tr.t(node.dataset.i18n);
  }
  for (const node of root.querySelectorAll("[data-i18n-title]")) {
    node.title = tr.t(node.dataset.i18nTitle);
  }
  for (const node of root.querySelectorAll("[data-i18n-placeholder]")) {
    node.placeholder = tr.t(node.dataset.i18nPlaceholder);
  }
  for (const node of root.querySelectorAll("[data-i18n-aria-label]")) {
    node.setAttribute("aria-label", tr.t(node.dataset.i18nAriaLabel));
  }
}
