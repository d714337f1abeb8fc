// Turn alerts (docs/web-client.md, "Turn alerts"): when it becomes this seat's turn the tab's
// title and icon change; if the player chose so, a short sound plays, and a system
// notification appears while the tab is hidden (Notification API, with permission). With the
// page closed, Web Push does the telling (the service worker /sw.js; see subscribePush).
// The choices are kept in localStorage.

import { api } from "./api.js";

const SOUND_KEY = "gametable.alerts.sound";
const NOTIFY_KEY = "gametable.alerts.notify";
const NORMAL_ICON = "/static/img/icon.svg";
const TURN_ICON = "/static/img/icon-turn.svg";

function stored(key) {
  return window.localStorage.getItem(key) === "on";
}

export class TurnAlerts {
  constructor() {
    this.yourTurn = false;
    this.sound = stored(SOUND_KEY);
    this.notify = stored(NOTIFY_KEY) && "Notification" in window && Notification.permission === "granted";
  }

  /** The page's title and icon for the table as it is now; alerts when the turn just came. */
  show(tr, baseTitle, yourTurn) {
    const arrived = yourTurn && !this.yourTurn;
    this.yourTurn = yourTurn;
    document.title = yourTurn ? `● ${tr.t("web.alert.your_turn")} · ${baseTitle}` : baseTitle;
    setIcon(yourTurn ? TURN_ICON : NORMAL_ICON);
    document.body.classList.toggle("your-turn", yourTurn);
    if (!arrived) return;
    if (this.sound) chime();
    if (this.notify && document.hidden) {
      const note = new Notification(tr.t("web.alert.your_turn"), { body: baseTitle, tag: "gametable-turn", icon: TURN_ICON });
      note.onclick = () => { window.focus(); note.close(); };
    }
  }

  setSound(on) {
    this.sound = on;
    window.localStorage.setItem(SOUND_KEY, on ? "on" : "off");
    if (on) chime();
  }

  /** Turn system notifications on (asking the browser's permission) or off; resolves to the state. */
  async setNotify(on) {
    if (on && "Notification" in window && Notification.permission !== "granted") {
      on = (await Notification.requestPermission()) === "granted";
    }
    this.notify = on && "Notification" in window;
    window.localStorage.setItem(NOTIFY_KEY, this.notify ? "on" : "off");
    return this.notify;
  }
}

function setIcon(href) {
  const link = document.querySelector('link[rel="icon"]');
  if (link && link.getAttribute("href") !== href) link.setAttribute("href", href);
}

// Two short tones made on the spot (no sound file to load).
function chime() {
  const AudioContext = window.AudioContext || window.webkitAudioContext;
  if (!AudioContext) return;
  const context = new AudioContext();
  [660, 880].forEach((frequency, index) => {
    const tone = context.createOscillator();
    const gain = context.createGain();
    const start = context.currentTime + index * 0.18;
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.15, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + 0.16);
    tone.connect(gain).connect(context.destination);
    tone.start(start);
    tone.stop(start + 0.17);
  });
  setTimeout(() => context.close(), 600);
}

/** Whether this browser and server can push: resolves to the server's key, or null. */
export async function pushKey() {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return null;
  try {
    return (await api.pushKey()).public_key; // null: the server has no VAPID key
  } catch {
    return null; // not reachable now: no push button
  }
}

function keyBytes(base64url) {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** Have this browser told of the seat's turns with the page closed (Web Push). */
export async function subscribePush(tableId, token, publicKey, lang) {
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true, applicationServerKey: keyBytes(publicKey),
  });
  const { endpoint, keys } = subscription.toJSON();
  // A seat that is the player's (no token: the session is its key) subscribes the player: this
  // browser then hears of the player's turns at every table, a rematch's too.
  if (token) await api.subscribePush(tableId, token, { endpoint, keys, lang });
  else await api.subscribePlayerPush({ endpoint, keys, lang });
}

export async function unsubscribePush(tableId, token) {
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  if (token) await api.unsubscribePush(tableId, token, subscription.endpoint);
  else await api.unsubscribePlayerPush(subscription.endpoint);
}
