// The service worker (served at /sw.js, so its scope is the whole site): the installable app's
// shell, and turn alerts by Web Push.
//
// The shell: pages and /static/ files are fetched from the network first (so a new version is
// used at once) and kept in a cache; without a network the kept copy is served. Every table's
// page is the same file (its id is in the address), kept once under "/t/", so a table opens
// from the home screen and no table id is stored. The API and the socket are never cached.
//
// Push: the server sends {title, body, url, tag} (gametable.server.push.turn_message), already
// in the page's language; a tab of that table that is open and visible says it by itself.

const SHELL = "gametable-shell-v1";
// what the first visit keeps, so the app opens offline even before a table was opened
const PRECACHE = ["/", "/me", "/static/css/app.css", "/static/css/table-social.css", "/static/img/icon.svg",
  "/static/img/icon-192.png", "/manifest.webmanifest"];
const TABLE_SHELL = "/t/";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(SHELL);
    await cache.addAll(PRECACHE);
    const table = await fetch("/t/app-shell");
    if (table.ok) await cache.put(TABLE_SHELL, table);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== SHELL) await caches.delete(name);
    }
    await self.clients.claim(); // the open pages are controlled now, not after a reload
  })());
});

// The cache key of a same-origin GET that belongs to the shell; null for anything else.
function shellKey(url) {
  if (url.origin !== self.location.origin) return null;
  const path = url.pathname;
  if (path.startsWith("/t/")) return TABLE_SHELL;
  if (path.startsWith("/p/")) return "/p/";
  if (path === "/" || path === "/me" || path === "/signin" || path === "/manifest.webmanifest") return path;
  if (path.startsWith("/static/")) return path;
  return null;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const key = shellKey(new URL(request.url));
  if (key === null) return; // the API, the socket, other sites: the browser's own way
  event.respondWith((async () => {
    const cache = await caches.open(SHELL);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(key, response.clone());
      return response;
    } catch (error) {
      const kept = await cache.match(key);
      if (kept) return kept;
      throw error;
    }
  })());
});

self.addEventListener("push", (event) => {
  let message;
  try {
    message = event.data.json();
  } catch {
    return;
  }
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((tabs) => {
      const watching = tabs.some((tab) => tab.visibilityState === "visible" && new URL(tab.url).pathname === message.url);
      if (watching) return undefined;
      return self.registration.showNotification(String(message.title), {
        body: String(message.body),
        tag: String(message.tag),
        data: { url: String(message.url) },
        icon: "/static/img/icon.svg",
      });
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data.url, self.location.origin);
  if (url.origin !== self.location.origin) return; // only our own pages
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((tabs) => {
      const open = tabs.find((tab) => new URL(tab.url).pathname === url.pathname);
      return open ? open.focus() : self.clients.openWindow(url.href);
    }),
  );
});
