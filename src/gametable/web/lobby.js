// The lobby: choose a game, players, bots and options; open the table; go to it.
import { api, el } from "/static/common.js";

const form = document.getElementById("create");
const gameSelect = document.getElementById("game");
const playersSelect = document.getElementById("players");
const botsBox = document.getElementById("bots");
const optionsBox = document.getElementById("options");
const errorBox = document.getElementById("error");
let games = [];

function current() {
  return games.find((g) => g.name === gameSelect.value);
}

function drawPlayers() {
  const game = current();
  playersSelect.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) {
    const option = el("option", String(n));
    option.value = String(n);
    playersSelect.append(option);
  }
  drawBots();
  optionsBox.replaceChildren(el("legend", "Options"));
  for (const spec of game.options) {
    const select = el("select");
    select.dataset.option = spec.name;
    spec.choices.forEach((choice, i) => {
      const option = el("option", String(choice));
      option.value = String(i);
      option.selected = choice === spec.default;
      select.append(option);
    });
    const label = el("label", `${spec.description} `);
    label.append(select);
    optionsBox.append(label);
  }
}

function drawBots() {
  botsBox.replaceChildren(el("legend", "Seats for bots"));
  for (let seat = 1; seat < Number(playersSelect.value); seat++) {
    const box = el("input");
    box.type = "checkbox";
    box.value = String(seat);
    box.checked = true;
    const label = el("label");
    label.append(box, ` Seat ${seat + 1}`);
    botsBox.append(label);
  }
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  errorBox.textContent = "";
  const game = current();
  const options = {};
  for (const select of optionsBox.querySelectorAll("select")) {
    const spec = game.options.find((o) => o.name === select.dataset.option);
    options[spec.name] = spec.choices[Number(select.value)];
  }
  const bots = [...botsBox.querySelectorAll("input:checked")].map((box) => Number(box.value));
  try {
    const table = await api("/api/tables", { method: "POST", body: {
      game: game.name, players: Number(playersSelect.value), bots, options,
      name: document.getElementById("name").value,
    } });
    localStorage.setItem(`gametable:seat:${table.id}`, table.token);
    localStorage.setItem(`gametable:creator:${table.id}`, table.token);
    location.href = table.invite_url;
  } catch (error) {
    errorBox.textContent = error.message;
  }
});

gameSelect.addEventListener("change", drawPlayers);
playersSelect.addEventListener("change", drawBots);

games = await api("/api/games");
for (const game of games) {
  const option = el("option", `${game.title} (${game.min_players}–${game.max_players})`);
  option.value = game.name;
  gameSelect.append(option);
}
if (games.length) drawPlayers();
else errorBox.textContent = "No games are installed on this server.";
