// The table server's HTTP API, and where this browser keeps its seat tokens.

/** An error answer of the server: `status` is the HTTP code, `message` the server's text. */
export class ApiError extends Error {
  constructor(status, message, body) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

function detailText(body, fallback) {
  if (body && typeof body === "object") {
    const detail = body.detail ?? body.message ?? body.error;
    if (typeof detail === "string") return detail;
    if (Array.isArray(detail)) return detail.map((d) => d.msg || JSON.stringify(d)).join("; ");
    if (detail && typeof detail === "object") return detail.message || JSON.stringify(detail);
  }
  return fallback;
}

async function request(method, path, { body, token } = {}) {
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
  log: (tableId, token) =>
    request("GET", `/api/tables/${encodeURIComponent(tableId)}/log`, { token }),
  replay: (tableId, n) =>
    request("GET", `/api/tables/${encodeURIComponent(tableId)}/replay/${n}`),
  seatToBot: (tableId, token, seat) =>
    request("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/bot`, { token }),
  takeBack: (tableId, token, seat) =>
    request("POST", `/api/tables/${encodeURIComponent(tableId)}/seats/${seat}/take-back`, { token }),
  chat: (tableId) => request("GET", `/api/tables/${encodeURIComponent(tableId)}/chat`),
  postChat: (tableId, token, text) =>
    request("POST", `/api/tables/${encodeURIComponent(tableId)}/chat`, { token, body: { text } }),
  pushKey: () => request("GET", "/api/push"),
  subscribePush: (tableId, token, subscription) =>
    request("POST", `/api/tables/${encodeURIComponent(tableId)}/push`, { token, body: subscription }),
  unsubscribePush: (tableId, token, endpoint) =>
    request("DELETE", `/api/tables/${encodeURIComponent(tableId)}/push`, { token, body: { endpoint } }),
};

// Seat tokens survive a reload: one entry per table in localStorage.
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
  set(tableId, seat, token) {
    window.localStorage.setItem(SEAT_PREFIX + tableId, JSON.stringify({ seat, token }));
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
