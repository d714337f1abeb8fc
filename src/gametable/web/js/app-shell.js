// The installable app: every page registers the service worker (/sw.js, scope: the site), which
// keeps the client's shell so that a page opens from the home screen, even offline. Turn alerts
// (alerts.js) register the same worker; registering twice is harmless.

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
    // Without a service worker (a private window, an insecure origin) the pages work as before.
  });
}
