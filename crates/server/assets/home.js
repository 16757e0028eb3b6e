// The home page: create a table (game, variant, seats) and list the tables.
import { el, api, fill, CREDITS } from "/assets/common.js";

const $ = (id) => document.getElementById(id);
let games = [];
let bots = [];

function paramField(param) {
  const id = `param-${param.name}`;
  const kind = param.kind;
  let input;
  if (kind.type === "int") {
    input = el("input", { id, name: param.name, type: "number", min: kind.min, max: kind.max, value: param.default, required: true });
  } else if (kind.type === "bool") {
    input = el("select", { id, name: param.name },
      ["true", "false"].map((v) => el("option", { value: v, selected: v === param.default }, v)));
  } else {
    input = el("select", { id, name: param.name },
      kind.values.map((v) => el("option", { value: v, selected: v === param.default }, v)));
  }
  input.dataset.default = param.default;
  input.addEventListener("change", renderSeats);
  return el("label", { for: id }, `${param.name} `, input,
    el("span", { class: "hint" }, ` ${param.doc} (default ${param.default}; ${param.accepts})`));
}

function currentGame() {
  return games.find((g) => g.id === $("game").value);
}

function seatCount() {
  const players = document.getElementById("param-players");
  if (players) return Math.max(1, Number(players.value) || 1);
  return currentGame().players.min;
}

function renderSeats() {
  const n = seatCount();
  const box = $("seats");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  const options = ["human", ...bots.map((b) => `bot:${b}`)];
  const rows = [el("legend", {}, "Seats")];
  for (let i = 0; i < n; i++) {
    const chosen = old[i] || (i === 0 ? "human" : "bot:heuristic");
    const select = el("select", { id: `seat-${i}`, name: `seat-${i}` },
      options.map((o) => el("option", { value: o, selected: o === chosen }, o === "human" ? "a person (invite link)" : `bot: ${o.slice(4)}`)));
    rows.push(el("label", { for: `seat-${i}` }, `Seat ${i + 1} `, select));
  }
  fill(box, rows);
}

function renderGame() {
  const game = currentGame();
  $("game-credit").textContent = `${game.name}, by ${game.credit}; ${game.players.min} to ${game.players.max} players.`;
  // The number of players up front; the other rules, with their defaults, folded away.
  const main = game.params.filter((p) => p.name === "players");
  const more = game.params.filter((p) => p.name !== "players");
  fill($("params"), el("legend", {}, "Variant"), main.map(paramField),
    more.length ? el("details", {}, el("summary", {}, `Variant rules (${more.length}, defaults set)`), more.map(paramField)) : null);
  renderSeats();
}

function gameString() {
  const game = currentGame();
  const changed = game.params
    .map((p) => [p.name, document.getElementById(`param-${p.name}`).value.trim()])
    .filter(([name, value]) => value !== game.params.find((p) => p.name === name).default);
  return changed.length ? `${game.id}(${changed.map(([n, v]) => `${n}=${v}`).join(",")})` : game.id;
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const seats = [...$("seats").querySelectorAll("select")].map((s) => s.value);
  const request = { game: gameString(), seats };
  // An empty box: no clock. Anything else goes to the server, which checks the bounds.
  const clock = $("clock").value.trim();
  if (clock !== "") request.clock = Number(clock);
  try {
    const table = await api("/api/tables", { method: "POST", body: JSON.stringify(request) });
    const links = table.seats.map((s) => s.url
      ? el("li", {}, `Seat ${s.seat + 1}: `, el("a", { href: s.url }, s.url))
      : el("li", {}, `Seat ${s.seat + 1}: bot ${s.bot}`));
    links.push(el("li", {}, "Spectators: ", el("a", { href: table.watch_url }, table.watch_url)));
    fill($("links"), links);
    $("created").hidden = false;
    $("links").querySelector("a").focus();
    loadTables();
  } catch (e) {
    $("create-error").textContent = e.message;
  }
}

async function loadTables() {
  try {
    const { tables } = await api("/api/tables");
    if (!tables.length) { fill($("tables"), el("p", { class: "hint" }, "No tables yet.")); return; }
    const rows = tables.slice(0, 100).map((t) => el("tr", {},
      el("td", {}, t.name), el("td", {}, el("code", {}, t.game)), el("td", {}, t.status),
      el("td", {}, t.seats.join(", ")), el("td", {}, t.clock ? `${t.clock} s` : "none"), el("td", {}, String(t.ply)),
      el("td", {}, t.status === "finished"
        ? el("a", { href: `/replay/${t.id}` }, "replay")
        : el("a", { href: `/t/${t.id}` }, "watch"))));
    fill($("tables"), el("table", { class: "list" },
      el("thead", {}, el("tr", {}, ["Game", "String", "Status", "Seats", "Clock", "Moves", ""].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, rows)));
  } catch (e) {
    fill($("tables"), el("p", { class: "error" }, e.message));
  }
}

async function main() {
  $("credits").textContent = CREDITS;
  const catalogue = await api("/api/games");
  games = catalogue.games;
  bots = catalogue.bots;
  fill($("game"), games.map((g) => el("option", { value: g.id }, g.name)));
  $("game").addEventListener("change", renderGame);
  $("new-table").addEventListener("submit", create);
  renderGame();
  loadTables();
  setInterval(loadTables, 5000);
}

main().catch((e) => { $("create-error").textContent = e.message; });
