// The table server's HTTP API, and where this browser kept seat tokens before players.
//
// A browser is a player: its session is an HttpOnly cookie the server sets (POST /api/me, or a
// sign-in link), which no script here can read; fetch sends it with every request to us, and the
// server finds the player's seat from it. So the pages keep no secret of their own.

/** An error answer of the server: `status` is the HTTP code, `message` the server's text. */
export class ApiError extends Error {
  constructor(status, message, body) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/** The words of an error answer's body (`detail`: a text, or the list of a 422). */
export function detailText(body, fallback) {
  if (body && typeof body === "object") {
    const detail = body.detail ?? body.message ?? body.error;
    if (typeof detail === "string") return detail;
    if (Array.isArray(detail)) return detail.map((d) => d.msg || JSON.stringify(d)).join("; ");
    if (detail && typeof detail === "object") return detail.message || JSON.stringify(detail);
  }
  return fallback;
}

export async function request(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store",
  });
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { detail: text };
    }
  }
  if (!response.ok) throw new ApiError(response.status, detailText(data, response.statusText), data);
  return data;
}

export const api = {
  games: () => request("GET", "/api/games"),
  guide: (game) => request("GET", `/api/learn/${encodeURIComponent(game)}`),
  startGuide: (game) => request("POST", `/api/learn/${encodeURIComponent(game)}`),
  botLevels: () => request("GET", "/api/bots"),
  createTable: (settings) => request("POST", "/api/tables", { body: settings }),
  join: (tableId, name) =>
    request("POST", `/api/tables/${encodeURIComponent(tableId)}/join`, { body: { name } }),
  table: (tableId, token) =>
    request("GET", `/api/tables/${encodeURIComponent(tableId)}`, { token }),
  act: (tableId, token, seq, action) =>
    request("POST", `/api/tables/${encodeURIComponent(tableId)}/actions`, {
      token,
      body: { seq, action },
    }),
  undo: (tableId, token, seq, steps) =>
    request("POST", `/api/tables/${encodeURIComponent(tableId)}/undo`, {
      token,
      body: { seq, steps },
    }),
  log: (tableId, token) =>
    request("GET", `/api/tables/${encodeURIComponent(tableId)}/log`, { token }),
  startReview: (tableId, token) =>
    request("POST", `/api/tables/${encodeURIComponent(tableId)}/analysis`, { token }),
  review: (tableId, token) =>
    request("GET", `/api/tables/${encodeURIComponent(tableId)}/analysis`, { token }),
  hint: (tableId, token) =>
    request("GET", `/api/tables/${encodeURIComponent(tableId)}/hint`, { token }),
  replay: (tableId, n, token) =>
    request("GET", `/api/tables/${encodeURIComponent(tableId)}/replay/${n}`, { token }),
  adopt: (tableId, token) =>
    request("POST", `/api/tables/${encodeURIComponent(tableId)}/adopt`, { token }),
  rematch: (tableId) =>
    request("POST", `/api/tables/${encodeURIComponent(tableId)}/rematch`),
  me: () => request("GET", "/api/me"),
  // who this browser is (200 also for nobody: a page asks only what answers)
  session: () => request("GET", "/api/session"),
  becomePlayer: (name, lang) => request("POST", "/api/me", { body: { name, lang } }),
  changeMe: (changes) => request("PATCH", "/api/me", { body: changes }),
  signOut: () => request("POST", "/api/me/signout"),
  signinLink: () => request("POST", "/api/me/signin-links"),
  signIn: (token, switchPlayer = false) =>
    request("POST", "/api/signin", { body: { token, switch: switchPlayer } }),
  signinOwner: (token) => request("POST", "/api/signin/check", { body: { token } }),
  switchBack: () => request("POST", "/api/me/switch-back"),
  myTables: () => request("GET", "/api/me/tables"),
  player: (playerId) => request("GET", `/api/players/${encodeURIComponent(playerId)}`),
  seatToBot: (tableId, token, seat) =>
    request("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/bot`, { token }),
  takeBack: (tableId, token, seat) =>
    request("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/take-back`, { token }),
  chat: (tableId) => request("GET", `/api/tables/${encodeURIComponent(tableId)}/chat`),
  postChat: (tableId, token, text) =>
    request("POST", `/api/tables/${encodeURIComponent(tableId)}/chat`, { token, body: { text } }),
  pushKey: () => request("GET", "/api/push"),
  // moderation (docs/server.md "Moderation") and turn alerts ("Turn alerts by e-mail")
  report: (report) => request("POST", "/api/reports", { body: report }),
  block: (playerId) => request("POST", "/api/me/blocks", { body: { player_id: playerId } }),
  unblock: (playerId) => request("DELETE", `/api/me/blocks/${encodeURIComponent(playerId)}`),
  blocks: () => request("GET", "/api/me/blocks"),
  muted: (tableId) => request("GET", `/api/me/muted/${encodeURIComponent(tableId)}`),
  setMuted: (tableId, muted) => request("PUT", `/api/me/muted/${encodeURIComponent(tableId)}`, { body: { muted } }),
  subscribePlayerPush: (subscription) => request("POST", "/api/me/push", { body: subscription }),
  unsubscribePlayerPush: (endpoint) => request("DELETE", "/api/me/push", { body: { endpoint } }),
  alerts: () => request("GET", "/api/me/alerts"),
  changeAlerts: (changes) => request("PATCH", "/api/me/alerts", { body: changes }),
  setAlertAddress: (address) => request("PUT", "/api/me/alerts/address", { body: { address } }),
  forgetAlertAddress: () => request("DELETE", "/api/me/alerts/address"),
  subscribePush: (tableId, token, subscription) =>
    request("POST", `/api/tables/${encodeURIComponent(tableId)}/push`, { token, body: subscription }),
  unsubscribePush: (tableId, token, endpoint) =>
    request("DELETE", `/api/tables/${encodeURIComponent(tableId)}/push`, { token, body: { endpoint } }),
};

/** The player this browser is signed in as, or null (asked of /api/session, which answers 200
 *  for nobody too: no failed request in the console before anyone signed in). */
export async function currentPlayer() {
  return (await api.session()).player;
}

/** The player this browser is, made on first need (a name given when creating or joining a
 *  table): created with `name` and `lang`, or renamed to `name` if it had another. */
export async function playerNamed(name, lang) {
  const player = await currentPlayer();
  if (!player) return api.becomePlayer(name, lang);
  return player.name === name ? player : api.changeMe({ name });
}

/** The page of a player: /p/<id>. */
export function playerUrl(playerId) {
  return `/p/${encodeURIComponent(playerId)}`;
}

// Seat tokens of tables joined before this browser was a player: read, handed over to the player
// (POST .../adopt) once it is one, then forgotten; never written now.
const SEAT_PREFIX = "gametable.seat.";

export const seats = {
  get(tableId) {
    try {
      const raw = window.localStorage.getItem(SEAT_PREFIX + tableId);
      const data = raw ? JSON.parse(raw) : null;
      return data && typeof data.token === "string" && Number.isInteger(data.seat) ? data : null;
    } catch {
      return null;
    }
  },
  forget(tableId) {
    window.localStorage.removeItem(SEAT_PREFIX + tableId);
  },
};

/** The page address of a table (what the invite link opens): /t/<id>. */
export function tableUrl(tableId) {
  return new URL(`/t/${encodeURIComponent(tableId)}`, window.location.href).href;
}

/** The table id in the current address /t/<id>. */
export function tableIdFromLocation(location = window.location) {
  const match = location.pathname.match(/\/t\/([^/]+)\/?$/);
  return match ? decodeURIComponent(match[1]) : null;
}
