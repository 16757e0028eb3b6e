// The table page: a seat's view (with ?token=) or the spectator's, live.
import { el, api, fill, CREDITS } from "/assets/common.js";

const $ = (id) => document.getElementById(id);
const id = decodeURIComponent(location.pathname.split("/")[2] || "");
const token = new URLSearchParams(location.search).get("token");
const query = token ? `?token=${encodeURIComponent(token)}` : "";
let view = null;
let logShown = 0;
let busy = false;
// The place on a picture whose choices alone are listed, if one was clicked.
let focus = null;
// The choices listed now, which keys 1 to 9 pick.
let listed = [];
// The headings of the groups of choices left unfolded, kept open from one move to the next
// (a package is built one clause at a time from the same few groups).
const unfolded = new Set();
// The move number the choices listed now belong to (a choice's id is its place in that
// move's list).
let choicesPly = null;
// Whether the person passes every chance to speak out of turn until a decision asks
// something of them, and the move number last passed that way (a view may be drawn twice).
let passing = false;
let passedPly = null;
// The countdown of the seat that must move, ticking between views.
let ticking = null;

function render(next) {
  view = next;
  document.title = `gameshelf: ${view.name}`;
  $("name").textContent = view.name;
  $("who").textContent = view.viewer === null ? "watching" : `you play ${view.seats[view.viewer]}`;
  $("status").textContent = view.status === "finished" ? "game over" : "playing";
  $("turn").textContent = view.to_move === null ? "" : (view.to_move === view.viewer ? "· your turn" : `· ${view.seats[view.to_move]} to move`);
  showClock();
  $("board").textContent = view.observation_text;
  // The terms the decision is about (an offer clause by clause, with its effect), beside
  // the choices: a heading, then one item a line.
  const terms = view.terms || [];
  $("terms-box").hidden = terms.length === 0;
  $("terms-title").textContent = terms[0] || "";
  fill($("terms"), terms.slice(1).map((line) => el("li", {}, line.trim())));
  // Pictures (SVG documents drawn by the game's presenter) are shown as images, which
  // cannot run anything, never put into the page as markup.
  // Choices that can be picked on a picture get a button laid over their place; choices
  // sharing a place (the faces that fit one cell) share its button.
  const places = new Map();
  for (const action of view.actions) {
    const t = action.target;
    if (!t) continue;
    const key = `${t.picture}:${t.left.toFixed(4)}:${t.top.toFixed(4)}`;
    if (!places.has(key)) places.set(key, { target: t, actions: [] });
    places.get(key).actions.push(action);
  }
  if (focus && !places.has(focus)) focus = null;
  fill($("pictures"), view.pictures.map((svg, i) => el("div", { class: "picture" },
    el("img", {
      src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
      alt: `picture ${i + 1} (its content is in the text below)`,
      // The picture's own size, so the page is laid out (and its places sized) before
      // the image has loaded.
      ...pictureSize(svg),
    }),
    [...places].filter(([, p]) => p.target.picture === i).map(([key, p]) => placed(el("button", {
      type: "button",
      class: key === focus ? "place chosen" : "place",
      "data-place": key,
      "aria-label": p.actions.length === 1 ? p.actions[0].text : `${p.actions.length} choices here: ${p.actions[0].text} …`,
      title: p.actions.map((a) => a.text).join("\n"),
      onclick: () => {
        if (p.actions.length === 1) play(p.actions[0]);
        else { focus = key; render(view); $("choices").querySelector("button")?.focus(); }
      },
    }), p.target)))));
  renderChoices(places);
  $("undo").hidden = !view.can_undo;
  const pass = passChoice();
  $("pass-until-asked").hidden = !pass;
  if (passing && view.actions.length > 0) {
    if (!pass) passing = false;
    else if (passedPly !== view.ply) {
      passedPly = view.ply;
      const ply = view.ply;
      setTimeout(() => { if (view.ply === ply) play(pass); }, 0);
    }
  }
  // The log only grows while the page is open; append what is new so screen readers
  // announce the new moves only.
  if (view.log.length < logShown) { fill($("log")); logShown = 0; }
  const fresh = view.log.slice(logShown).map((line) => el("li", {}, line));
  $("log").append(...fresh);
  logShown = view.log.length;
  $("log").scrollTop = $("log").scrollHeight;
  if (view.result) {
    $("result-box").hidden = false;
    $("result").textContent = view.result.text;
    $("download").href = `/api/tables/${encodeURIComponent(id)}/record`;
    $("replay").href = `/replay/${encodeURIComponent(id)}`;
  }
}

// The countdown by the seat that must move, when the table has a move clock. It counts from
// the seconds left when the view was made (not from the end on the server's clock, which
// this computer's clock may not agree with) until the next view.
function showClock() {
  clearInterval(ticking);
  const clock = view.clock;
  const box = $("clock");
  if (!clock || clock.seat === null) {
    box.textContent = clock ? `· clock: ${clock.seconds} s a decision` : "";
    box.classList.remove("short");
    return;
  }
  const end = performance.now() + 1000 * clock.seconds_left;
  const whose = clock.seat === view.viewer ? "you have" : `${view.seats[clock.seat]} has`;
  const tick = () => {
    const left = Math.max(0, Math.ceil((end - performance.now()) / 1000));
    const time = left >= 60 ? `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}` : `${left} s`;
    box.textContent = left > 0 ? `· ${whose} ${time} left` : "· time is up: the clock plays the safe choice";
    box.classList.toggle("short", left <= 10);
  };
  tick();
  ticking = setInterval(tick, 250);
}

// Lays `button` over its target's rectangle. Set through the style object: the page's
// content security policy refuses style attributes.
function placed(button, target) {
  for (const side of ["left", "top", "width", "height"]) button.style[side] = `${100 * target[side]}%`;
  return button;
}

// The width and height written on an SVG document's root element.
function pictureSize(svg) {
  const size = /^<svg[^>]*?\swidth="(\d+)"[^>]*?\sheight="(\d+)"/.exec(svg);
  return size ? { width: size[1], height: size[2] } : {};
}

function renderChoices(places) {
  const mine = view.actions.length > 0;
  // After a click on a place with several choices, only those are listed.
  const shown = focus ? places.get(focus).actions : view.actions;
  listed = shown;
  $("choices-title").textContent = mine ? "Your choices" : (view.viewer === null ? "Choices" : "Waiting");
  const wantsText = view.actions.find((a) => a.text_prompt);
  $("text-box").hidden = !wantsText;
  if (wantsText) $("text-prompt").textContent = `${wantsText.text_prompt} (for the moves marked ✎)`;
  // The main choices first, numbered for keys 1 to 9; the others folded under their
  // group's heading (every proposal to one player, say), opened by a click.
  const main = shown.filter((a) => a.group === undefined);
  const groups = new Map();
  for (const action of shown) {
    if (action.group !== undefined) groups.set(action.group, [...(groups.get(action.group) || []), action]);
  }
  // Groups by the game's rank (its offer builder first), then in order of first choice.
  const ranked = [...groups].sort(([, a], [, b]) => (a[0].group_rank || 0) - (b[0].group_rank || 0));
  listed = main;
  const button = (action, i) => el("button", { type: "button", "data-id": action.id, onclick: () => play(action), "aria-keyshortcuts": i !== null && i < 9 ? String(i + 1) : null },
    i !== null && i < 9 ? `${i + 1}. ` : "", action.text, action.text_prompt ? " ✎" : "",
    action.odds ? el("span", { class: "odds" }, action.odds) : null);
  // A move that names a sum (a price, a clause's dollars) may be played at any other: the
  // first move of each kind carries a box for it, right under it; a move whose schedule
  // may be typed (a payment every K rounds, N times) carries a second box for the words,
  // which the server's presenter reads. Either box, or both, may be filled.
  const sum = (action) => {
    if (!action.amount_prompt) return null;
    const scheduled = Boolean(action.schedule_prompt);
    const input = el("input", { type: "number", min: "0", step: "1", inputmode: "numeric", required: !scheduled, "data-kind": action.id });
    const words = scheduled ? el("input", { type: "text", "data-schedule": action.id, placeholder: "every 2 rounds, 3 times" }) : null;
    return el("form", { class: "sum", onsubmit: (event) => {
      event.preventDefault();
      const amount = input.value === "" ? undefined : Number(input.value);
      const schedule = words && words.value.trim() !== "" ? words.value.trim() : undefined;
      if (amount !== undefined && (!Number.isSafeInteger(amount) || amount < 0)) {
        $("error").textContent = "Type a whole number of dollars.";
        return;
      }
      if (amount === undefined && schedule === undefined) {
        $("error").textContent = "Type a sum of dollars, a schedule, or both.";
        return;
      }
      play(action, amount, schedule);
    } }, el("label", {}, `or ${action.amount_prompt}: $`, input),
      scheduled ? [" ", el("label", {}, `and/or ${action.schedule_prompt}: `, words)] : null,
      " ", el("button", { type: "submit" }, "OK"));
  };
  const item = (action, i) => el("li", {}, button(action, i), sum(action));
  // The same view may be drawn twice (the answer to a move and the live update it
  // caused): the choice that had the focus keeps it, so the keyboard stays where it was.
  const focused = choicesPly === view.ply && $("choices").contains(document.activeElement) ? document.activeElement.getAttribute("data-id") : null;
  choicesPly = view.ply;
  fill($("choices"), focus ? el("li", {}, el("button", { type: "button", class: "all", onclick: () => { focus = null; render(view); } }, "show every choice")) : null,
    main.map((action, i) => item(action, i)),
    ranked.map(([heading, actions]) => el("li", { class: "group" },
      el("details", { open: unfolded.has(heading), ontoggle: (event) => { if (event.target.open) unfolded.add(heading); else unfolded.delete(heading); } },
        el("summary", {}, `${heading}: ${actions.length} ${actions.length === 1 ? "choice" : "choices"}`),
        el("ul", {}, actions.map((action) => item(action, null)))))));
  if (focused !== null) $("choices").querySelector(`button[data-id="${focused}"]`)?.focus();
  if (!mine && view.status !== "finished") {
    $("choices").append(el("li", { class: "hint" }, view.viewer === null ? "Spectators watch." : "Not your turn: the page updates by itself."));
  }
}

async function play(action, amount, schedule) {
  if (busy) return;
  busy = true;
  $("error").textContent = "";
  try {
    const body = { action: action.id, ply: view.ply };
    if (amount !== undefined) body.amount = amount;
    if (schedule !== undefined) body.schedule = schedule;
    if (action.text_prompt) body.text = $("text").value;
    focus = null;
    render(await api(`/api/tables/${encodeURIComponent(id)}/actions${query}`, { method: "POST", body: JSON.stringify(body) }));
    $("text").value = "";
    // Focus the choice that pays and gives away nothing, so a habitual Enter is harmless.
    const safe = $("choices").querySelector(`button[data-id="${view.safe_choice}"]`);
    const first = safe || $("choices").querySelector("button");
    if (first) first.focus();
  } catch (e) {
    $("error").textContent = e.message;
    refresh();
  } finally {
    busy = false;
  }
}

// The choice that lets a chance to speak out of turn pass, when the decision is one.
function passChoice() {
  return view && view.pass_until_asked !== null && view.pass_until_asked !== undefined
    ? view.actions.find((a) => a.id === view.pass_until_asked) || null
    : null;
}

function passUntilAsked() {
  const pass = passChoice();
  if (!pass || busy) return;
  passing = true;
  passedPly = view.ply;
  play(pass);
}

async function undo() {
  if (busy || !view || !view.can_undo) return;
  // Taking a move back means the person wants to choose: stop passing for them.
  passing = false;
  busy = true;
  $("error").textContent = "";
  try {
    render(await api(`/api/tables/${encodeURIComponent(id)}/undo${query}`, { method: "POST", body: "{}" }));
  } catch (e) {
    $("error").textContent = e.message;
    refresh();
  } finally {
    busy = false;
  }
}

async function refresh() {
  try {
    render(await api(`/api/tables/${encodeURIComponent(id)}${query}`));
  } catch (e) {
    $("error").textContent = e.message;
  }
}

async function rematch() {
  const seats = view.seats.map((label) => {
    const kind = label.slice(label.indexOf("(") + 1, label.lastIndexOf(")"));
    return kind === "human" ? "human" : `bot:${kind}`;
  });
  try {
    const request = { game: view.game, seats };
    if (view.clock) request.clock = view.clock.seconds;
    const table = await api("/api/tables", { method: "POST", body: JSON.stringify(request) });
    fill($("rematch-links"), table.seats.map((s) => s.url
      ? el("li", {}, `Seat ${s.seat + 1}: `, el("a", { href: s.url }, s.url))
      : el("li", {}, `Seat ${s.seat + 1}: bot ${s.bot}`)));
  } catch (e) {
    $("error").textContent = e.message;
  }
}

document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key === "u" || event.key === "U") { event.preventDefault(); undo(); return; }
  if (event.key === "p" || event.key === "P") { event.preventDefault(); passUntilAsked(); return; }
  const n = Number(event.key);
  if (event.key === "Escape" && focus) { focus = null; render(view); return; }
  if (n >= 1 && n <= 9 && view && listed[n - 1]) {
    event.preventDefault();
    play(listed[n - 1]);
  }
});

$("credits").textContent = CREDITS;
$("rematch").addEventListener("click", rematch);
$("undo").addEventListener("click", undo);
$("pass-until-asked").addEventListener("click", passUntilAsked);
refresh();
const events = new EventSource(`/api/tables/${encodeURIComponent(id)}/events`);
events.addEventListener("ply", (event) => {
  if (!view || Number(event.data) !== view.ply) refresh();
});
// Refused for good (this client holds too many live pages, or the server too many): look
// for moves every few seconds instead.
events.addEventListener("error", () => {
  if (events.readyState === EventSource.CLOSED) setInterval(refresh, 3000);
});
