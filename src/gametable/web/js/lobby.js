// The lobby: choose a game, the players and bots, the options and the language; create
// the table; copy the invite link.

import { api, currentPlayer, playerNamed, tableUrl } from "./api.js";
import { byId, clear, h } from "./dom.js";
import { loadTranslator, preferredLanguage, rememberLanguage, translatePage } from "./i18n.js";
import { gameTitle, optionLabel, optionValueLabel } from "./labels.js";
import { copyText, languageSelect } from "./widgets.js";
import { clockChoice } from "./clocks.js";
import { invitedFriends, isListed, showPeople } from "./lobby_people.js";

const NAME_KEY = "gametable.name";

const state = {
  tr: null,
  games: [],
  game: null,
  players: 0,
  bots: new Set(),
  options: {},
  botLevels: { levels: [], default: null },
  botLevel: null,
  player: null, // the player this browser is, once known
  name: null, // what is typed in the name field: the seats are drawn anew on every change, the name stays
};

function chooseGame(name) {
  state.game = state.games.find((g) => g.name === name) || state.games[0];
  state.players = Math.min(Math.max(state.players || 3, state.game.min_players), state.game.max_players);
  state.options = {};
  for (const option of state.game.options) state.options[option.name] = option.default;
  state.bots = new Set([...state.bots].filter((seat) => seat < state.players));
  if (state.bots.size === 0) for (let seat = 1; seat < state.players; seat++) state.bots.add(seat);
  render();
}

function renderGames() {
  const box = clear(byId("games"));
  for (const game of state.games) {
    const chosen = state.game && game.name === state.game.name;
    box.appendChild(
      h("button", {
        type: "button",
        role: "radio",
        "aria-checked": chosen ? "true" : "false",
        class: `game-choice game-${game.name}${chosen ? " chosen" : ""}`,
        dataset: { game: game.name },
        onclick: () => chooseGame(game.name),
      }, [
        h("span", { class: "game-art", "aria-hidden": "true" }),
        h("strong", { text: gameTitle(state.tr, game) }),
        h("span", {
          class: "hint",
          text: state.tr.t("ui.lobby.player_range", { min: game.min_players, max: game.max_players }),
        }),
      ]),
    );
  }
}

function renderPlayers() {
  const tr = state.tr;
  const counts = clear(byId("player-count"));
  for (let n = state.game.min_players; n <= state.game.max_players; n++) {
    counts.appendChild(
      h("button", {
        type: "button",
        role: "radio",
        "aria-checked": n === state.players ? "true" : "false",
        class: n === state.players ? "chosen" : "",
        dataset: { players: n },
        text: tr.t("ui.lobby.n_players", { count: n }),
        onclick: () => {
          // Seats that appear take a bot until someone is invited to them.
          for (let seat = state.players; seat < n; seat++) state.bots.add(seat);
          state.bots = new Set([...state.bots].filter((seat) => seat < n));
          state.players = n;
          render();
        },
      }),
    );
  }
  const list = clear(byId("seats"));
  const nameInput = h("input", {
    id: "player-name",
    maxlength: 40,
    required: true,
    value: state.name ?? (state.player?.name || window.localStorage.getItem(NAME_KEY) || ""),
    placeholder: tr.t("ui.your_name"),
    "aria-label": tr.t("ui.your_name"),
  });
  nameInput.addEventListener("input", () => { state.name = nameInput.value; });
  list.appendChild(h("li", { class: "seat you" }, [
    h("span", { class: "seat-no", text: tr.seatName(0) }),
    nameInput,
    h("span", { class: "tag", text: tr.t("ui.lobby.you_start") }),
  ]));
  for (let seat = 1; seat < state.players; seat++) {
    const isBot = state.bots.has(seat);
    const toggle = (bot) => () => {
      if (bot) state.bots.add(seat);
      else state.bots.delete(seat);
      renderPlayers();
    };
    list.appendChild(h("li", { class: "seat", dataset: { seat } }, [
      h("span", { class: "seat-no", text: tr.seatName(seat) }),
      h("div", { class: "segmented small", role: "radiogroup" }, [
        h("button", {
          type: "button", role: "radio", class: isBot ? "" : "chosen", "aria-checked": String(!isBot),
          dataset: { seatKind: "human" }, text: tr.t("ui.lobby.seat_invite"), onclick: toggle(false),
        }),
        h("button", {
          type: "button", role: "radio", class: isBot ? "chosen" : "", "aria-checked": String(isBot),
          dataset: { seatKind: "bot" }, text: tr.t("ui.lobby.seat_bot"), onclick: toggle(true),
        }),
      ]),
    ]));
  }
}

// Each option is a row of buttons, one per choice, whose words wrap: a select cut its chosen
// choice off ("Any player with fewer VP than the…") wherever the column was narrower than it.
function renderOptions() {
  const tr = state.tr;
  const box = clear(byId("options"));
  byId("options-box").hidden = state.game.options.length === 0;
  for (const option of state.game.options) {
    const title = optionLabel(tr, state.game, option);
    const chosen = JSON.stringify(state.options[option.name]);
    const group = h("div", { class: "segmented option-choices", role: "radiogroup", "aria-label": title }, option.choices.map((choice) => {
      const value = JSON.stringify(choice);
      return h("button", {
        type: "button", role: "radio", class: value === chosen ? "chosen" : "",
        "aria-checked": String(value === chosen), dataset: { value },
        text: optionValueLabel(tr, state.game, option, choice),
        onclick: () => { state.options[option.name] = choice; renderOptions(); },
      });
    }));
    box.appendChild(h("div", { class: "option", dataset: { option: option.name } }, [
      h("span", { class: "option-title", text: title }),
      group,
    ]));
  }
}

// A level made for some games only (Garth, Great Western Trail's solo automa) is offered for those.
function levelFits(level) {
  const games = (state.botLevels.games || {})[level];
  return !games || games.includes(state.game.name);
}

function renderBotLevel() {
  const select = clear(byId("bot-level"));
  if (!levelFits(state.botLevel)) state.botLevel = state.botLevels.default;
  for (const level of state.botLevels.levels.filter(levelFits)) {
    select.appendChild(h("option", {
      value: level,
      selected: level === state.botLevel,
      text: state.tr.t(`ui.bot_level.${level}`),
    }));
  }
  select.onchange = () => { state.botLevel = select.value; };
  renderSolo();
}

// Solo against Garth: one button sets a two-player table whose other seat is Garth (medium
// unless a Garth difficulty is chosen already); his difficulty stays a choice of the select.
function renderSolo() {
  const box = clear(byId("solo-box"));
  const garth = state.botLevels.levels.filter((level) => level.startsWith("garth-") && levelFits(level));
  box.hidden = garth.length === 0;
  if (box.hidden) return;
  const solo = state.players === 2 && state.bots.has(1) && garth.includes(state.botLevel);
  box.appendChild(h("button", {
    type: "button", id: "solo-garth", class: solo ? "chosen" : "", "aria-pressed": String(solo),
    "aria-describedby": "solo-garth-help", text: state.tr.t("ui.lobby.solo_garth"),
    onclick: () => {
      state.players = 2;
      state.bots = new Set([1]);
      if (!garth.includes(state.botLevel)) state.botLevel = garth.includes("garth-medium") ? "garth-medium" : garth[0];
      render();
    },
  }));
  box.appendChild(h("p", { id: "solo-garth-help", class: "hint", text: state.tr.t("ui.lobby.solo_garth_help") }));
}

function render() {
  renderGames();
  renderPlayers();
  renderBotLevel();
  renderOptions();
}

async function create(event) {
  event.preventDefault();
  const error = byId("create-error");
  error.hidden = true;
  const name = byId("player-name").value.trim();
  if (!name) {
    error.textContent = state.tr.t("ui.error.name_required");
    error.hidden = false;
    return;
  }
  window.localStorage.setItem(NAME_KEY, name);
  const button = byId("create-button");
  button.disabled = true;
  try {
    // The table's seat belongs to this browser's player (made now on a first visit): the
    // session cookie, not a token kept here, lets the player back in from any device.
    state.player = await playerNamed(name, state.tr.lang);
    const created = await api.createTable({
      game: state.game.name,
      players: state.players,
      bots: [...state.bots].sort((a, b) => a - b),
      options: state.options,
      bot_level: state.botLevel,
      name,
      clock: clockChoice(byId("clock-kind").value, Number(byId("clock-minutes").value),
        Number(byId("clock-increment").value), Number(byId("clock-hours").value)),
      timeouts_to_bot: Number(byId("clock-timeouts").value),
      hints: byId("hints").checked,
      listed: isListed(),
      lang: state.tr.lang,
      invite: invitedFriends(),
    });
    const invite = new URL(created.invite_url || tableUrl(created.id), window.location.href).href;
    byId("invite-url").value = invite;
    byId("open-table").href = tableUrl(created.id);
    byId("create").hidden = true;
    byId("created").hidden = false;
    byId("created").querySelector("h2").focus?.();
  } catch (err) {
    error.textContent = state.tr.t("ui.error.create_failed", { message: err.message });
    error.hidden = false;
  } finally {
    button.disabled = false;
  }
}

async function start(lang) {
  state.tr = await loadTranslator(lang);
  translatePage(state.tr);
  document.title = `gametable · ${state.tr.t("ui.lobby.title")}`;
  if (state.games.length === 0) {
    [state.games, state.botLevels, state.player] = await Promise.all([
      api.games(), api.botLevels(), currentPlayer().catch(() => null)]);
    state.botLevel = state.botLevels.default;
    chooseGame(state.games[0].name);
  } else {
    render();
  }
  await showPeople(state.tr, state.games, state.player);
}

languageSelect(byId("lang"), preferredLanguage(), (lang) => {
  rememberLanguage(lang);
  start(lang);
});
// only the fields of the chosen clock are shown
function showClockFields() {
  const kind = byId("clock-kind").value;
  for (const node of byId("clock-box").querySelectorAll("[data-clock]")) {
    node.hidden = !node.dataset.clock.split(" ").includes(kind);
  }
}
byId("clock-kind").addEventListener("change", showClockFields);
showClockFields();
byId("create").addEventListener("submit", create);
byId("copy-invite").addEventListener("click", () => copyText(byId("invite-url"), byId("copied")));
start(preferredLanguage());
