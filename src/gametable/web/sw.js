// The service worker of turn alerts by Web Push (served at /sw.js, so its scope is the whole
// site). The server sends {title, body, url, tag} (gametable.server.push.turn_message), already
// in the page's language; a tab of that table that is open and visible says it by itself.

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
