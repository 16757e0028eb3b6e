// The replay page: a finished table's game (/replay/ID) or an uploaded record (/replay).
import { el, api, fill, CREDITS } from "/assets/common.js";

const $ = (id) => document.getElementById(id);
const id = decodeURIComponent(location.pathname.split("/")[2] || "");
let replay = null;
let at = 0;

function show() {
  const step = replay.steps[at];
  $("board").textContent = step.table;
  $("where").textContent = `move ${at} of ${replay.steps.length - 1}`;
  $("line").textContent = step.log || "The start of the game.";
  const items = [...$("log").children];
  items.forEach((li, i) => li.setAttribute("aria-current", i === at - 1 ? "step" : "false"));
  items.forEach((li, i) => { li.style.fontWeight = i === at - 1 ? "700" : ""; });
  $("result").hidden = !(replay.result && at === replay.steps.length - 1);
}

function go(to) {
  at = Math.max(0, Math.min(replay.steps.length - 1, to));
  show();
}

function load(data) {
  replay = data;
  $("name").textContent = `· ${data.name} (${data.game})`;
  fill($("log"), data.steps.slice(1).map((s, i) => el("li", {}, el("a", { href: "#", onclick: (e) => { e.preventDefault(); go(i + 1); } }, s.log))));
  $("result").textContent = data.result || "";
  $("player").hidden = false;
  go(0);
  $("next").focus();
}

async function upload() {
  const file = $("upload").files[0];
  if (!file) return;
  $("error").textContent = "";
  try {
    load(await api("/api/replay", { method: "POST", body: await file.text() }));
  } catch (e) {
    $("error").textContent = e.message;
  }
}

$("credits").textContent = CREDITS;
$("first").addEventListener("click", () => go(0));
$("prev").addEventListener("click", () => go(at - 1));
$("next").addEventListener("click", () => go(at + 1));
$("last").addEventListener("click", () => go(Infinity));
document.addEventListener("keydown", (event) => {
  if (!replay || event.target instanceof HTMLInputElement) return;
  const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: Infinity };
  if (event.key in moves) { event.preventDefault(); go(moves[event.key]); }
});
if (id) {
  api(`/api/tables/${encodeURIComponent(id)}/replay`).then((data) => {
    load(data);
    const download = $("download");
    download.href = `/api/tables/${encodeURIComponent(id)}/record`;
    download.hidden = false;
  }).catch((e) => { $("error").textContent = e.message; });
} else {
  $("upload-box").hidden = false;
  $("upload").addEventListener("change", upload);
}
