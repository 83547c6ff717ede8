// Schocken in the browser: start or join a table, play, watch. Plain ES module, no build step.
// All words come from the server's text catalogue (/api/texts/LANG), the one the terminal uses.
// pieces.js draws dice, cup and Deckel; sound.js makes the table's sounds.

import * as pieces from "/static/pieces.js";
import * as clubPage from "/static/club.js";
import * as pubPage from "/static/pub.js";
import * as sound from "/static/sound.js";
import * as reviewPage from "/static/review.js";
import * as rulesPage from "/static/rules.js";
import * as tournamentPage from "/static/tournament.js";

const main = document.getElementById("main");
const banner = document.getElementById("banner");
const langButton = document.getElementById("lang");
const soundButton = document.getElementById("sound");

const app = {
  lang: localStorage.getItem("schocken:lang") || (navigator.language || "de").slice(0, 2),
  texts: {},
  tableId: null,
  token: null,
  spectate: false,
  ws: null,
  retry: 0,
  msg: null, // what the page knows: the last state with every update since merged in
  events: [], // the game's events so far (as this player may see them), numbered from 1
  log: [], // {n, key, text}: the explanations so far; n is the number of the event they explain
  seq: 0, // how many of the game's events the page has
  connectedLang: null, // the language the server explains in on this connection
  kept: [false, false, false],
  turnKey: "",
  error: "",
  lockNote: "", // why the die just tapped cannot move
  rolledSeats: new Set(), // whose dice roll in this drawing
  shaking: false, // the cup is being shaken (the throw is on its way)
  holdUntil: 0,
  holdTimer: null,
  reveals: [], // rounds to show with every cup lifted
  coach: null, // {step, heading, moves}: the coach's ranking of your decision (yours alone)
  coachNote: null, // {text, round}: the coach's last note on a costly move, in the move's round
  clock: null, // {seat, step, deadline, total}: the turn timer, counted down here
  clockWarned: null, // the step whose 10-second warning was given
  lastCurrent: null,
  diceCheck: null, // {fair, text, where}: the verdict of "Check the dice" (null: not asked yet)
  // Key hints only where a keyboard is likely; the first key press shows them anyway.
  keyboard: matchMedia("(any-pointer: fine)").matches && !matchMedia("(pointer: coarse)").matches,
};
if (!/^[a-z]{2,3}$/.test(app.lang ?? "")) app.lang = "en"; // a catalogue's code (docs/translating.md)

function t(key, fields = {}) {
  let text = app.texts[key] ?? key;
  for (const [k, v] of Object.entries(fields)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v === true) node.setAttribute(k, "");
    else if (v !== false && v != null) node.setAttribute(k, v);
  }
  for (const child of children.flat()) {
    if (child == null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

async function loadTexts() {
  // Every request of every page (the club's, pub mode's, joining a table) carries the page's
  // language in this cookie: the server says its refusals in it (docs/protocol.md).
  document.cookie = `schocken-lang=${app.lang}; path=/; max-age=31536000; samesite=strict`;
  const response = await fetch(`/api/texts/${app.lang}`);
  if (!response.ok && app.lang !== "en") { app.lang = "en"; return loadTexts(); } // no such catalogue
  app.texts = await response.json();
  document.documentElement.lang = app.lang;
  // The button shows the other language's name, in that language; its accessible name begins
  // with the same words (WCAG 2.5.3) and says what it does in both languages.
  app.languages ??= await (await fetch("/api/languages")).json(); // one per catalogue
  const next = app.languages[(app.languages.findIndex((l) => l.code === app.lang) + 1) % app.languages.length];
  langButton.textContent = next.name;
  langButton.setAttribute("aria-label", t("web_language_label"));
  langButton.lang = next.code;
  showSoundSwitch();
}

async function api(path, body) {
  const response = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw Object.assign(new Error(data.error || response.statusText), { code: data.code });
  return data;
}

function showBanner(text) {
  banner.hidden = !text;
  banner.textContent = text || "";
}

// ---------------------------------------------------------------- home and join

async function renderHome() {
  const desc = await rulesPage.options();
  const error = el("p", { class: "error", role: "alert" });
  const form = el(
    "form",
    { class: "card", onsubmit: (e) => createTable(e, error) },
    el("h1", {}, t("web_new_table")),
    el("p", {}, t("web_tagline")),
    el("label", { for: "name" }, t("web_your_name")),
    el("input", { id: "name", name: "name", required: true, maxlength: "40", autocomplete: "nickname" }),
    rulesPage.startFields({ t, el }, desc),
    el("div", { class: "coach-row" },
      el("div", {}, el("label", { for: "seats" }, t("web_seats")),
        el("input", { id: "seats", name: "seats", type: "number", min: "2", max: "10", value: "4" })),
      el("div", {}, el("label", { for: "bots" }, t("web_bots")),
        el("input", { id: "bots", name: "bots", type: "number", min: "0", max: "9", value: "0" }))),
    el("label", { for: "level" }, t("web_bot_level")),
    el("select", { id: "level", name: "level" }, botOptions()),
    el("label", { for: "timer" }, t("web_turn_timer")),
    el("select", { id: "timer", name: "timer", "aria-describedby": "timer-hint" },
      el("option", { value: "" }, t("web_timer_off")),
      [30, 60, 120, 300].map((n) => el("option", { value: String(n) }, t("web_timer_seconds", { n })))),
    el("p", { id: "timer-hint", class: "hint" }, t("web_timer_hint")),
    el("p", {}, el("button", { class: "primary", type: "submit" }, t("web_create"))),
    error,
  );
  const join = el(
    "form",
    { class: "card", onsubmit: (e) => { e.preventDefault(); location.href = `/join/${e.target.code.value.trim().toUpperCase()}`; } },
    el("h2", {}, t("web_have_code")),
    el("label", { for: "code" }, t("web_code")),
    el("input", { id: "code", name: "code", required: true, maxlength: "12", autocomplete: "off", autocapitalize: "characters" }),
    el("p", {}, el("button", { class: "secondary", type: "submit" }, t("web_join"))),
  );
  const pub = el("p", { class: "pub-link" }, el("a", { href: "/pub" }, t("pub_web_link")));
  const clubLink = el("p", { class: "club-link" }, el("a", { href: "/club" }, t("club_web_link")));
  const rulesLink = el("p", { class: "rules-link" }, el("a", { href: "/rules", id: "to-rules" }, t("rb_link_home")));
  main.replaceChildren(form, join, pub, clubLink, rulesLink, el("p", {}, el("a", { href: "/review", id: "to-review" }, t("web_rv_open"))));
}

async function createTable(event, error) {
  event.preventDefault();
  const f = event.target;
  try {
    const seats = Number(f.seats.value);
    const created = await api("/api/tables", {
      name: f.name.value, seats, rules: f.preset.value, rules_toml: rulesPage.houseRules(f),
      turn_timer: f.timer.value ? Number(f.timer.value) : null,
    });
    const bots = Math.min(Number(f.bots.value), seats - 1);
    for (let i = 0; i < bots; i++) {
      await api(`/api/tables/${created.id}/bots`, { token: created.token, bot: f.level.value });
    }
    localStorage.setItem(`schocken:spectate:${created.id}`, created.spectator_token);
    keepToken(created.id, created.token, false);
    location.href = `/t/${created.id}`;
  } catch (e) {
    error.textContent = e.message;
  }
}

// The invite link: a seat at the table before the game starts; once it has started, the game to
// watch at once (with the invite code) and a seat in the next game (the rematch) for whoever
// gives a name. A table whose rematch was made sends the latecomer on to the rematch.
async function renderJoin(code) {
  let table = null;
  try {
    table = await api(`/api/tables/${encodeURIComponent(code)}`);
    for (let hops = 0; table.rematch && hops < 20; hops++) table = await api(`/api/tables/${table.rematch}`);
  } catch (e) {
    main.replaceChildren(el("p", { class: "card error", role: "alert" }, e.message));
    return;
  }
  if (!table.started) renderSit(table.code);
  else if (localStorage.getItem(`schocken:table:${table.id}`)) location.href = `/t/${table.id}`; // back to their seat
  else renderLate(table);
}

function renderLate(table) {
  const error = el("p", { class: "error", role: "alert" });
  const watch = () => {
    keepToken(table.id, table.code, true);
    location.href = `/t/${table.id}`;
  };
  main.replaceChildren(el("section", { class: "card", id: "late", "aria-labelledby": "late-h" },
    el("h1", { id: "late-h" }, table.finished ? t("web_late_over") : t("web_late_title")),
    el("p", { class: "code" }, el("span", { class: "visually-hidden" }, `${t("web_code")}: `), table.code),
    el("p", {}, t("web_late_intro")),
    el("p", {}, el("button", { class: "secondary wide", type: "button", id: "watch", onclick: watch }, t("web_watch"))),
    waitForm(table.id, error)));
}

// A seat in the next game: a name, and the latecomer's token (kept like a seat token).
function waitForm(tableId, error = el("p", { class: "error", role: "alert" })) {
  const submit = async (event) => {
    event.preventDefault();
    try {
      const waiting = await api(`/api/tables/${tableId}/wait`, { name: event.target.elements["wait-name"].value });
      keepToken(waiting.id, waiting.token, false);
      if (location.pathname === `/t/${waiting.id}`) location.reload();
      else location.href = `/t/${waiting.id}`;
    } catch (e) {
      error.textContent = e.message;
    }
  };
  return el("form", { id: "wait-form", onsubmit: submit },
    el("label", { for: "wait-name" }, t("web_your_name")),
    el("input", { id: "wait-name", name: "wait-name", required: true, maxlength: "40", autocomplete: "nickname" }),
    el("p", {}, el("button", { class: "primary", type: "submit", id: "wait" }, t("web_wait"))),
    error);
}

function renderSit(code) {
  const error = el("p", { class: "error", role: "alert" });
  const form = el(
    "form",
    { class: "card", onsubmit: (e) => joinTable(e, code, error) },
    el("h1", {}, t("web_join_title")),
    el("p", { class: "code" }, el("span", { class: "visually-hidden" }, `${t("web_code")}: `), code),
    el("label", { for: "name" }, t("web_your_name")),
    el("input", { id: "name", name: "name", required: true, maxlength: "40", autocomplete: "nickname" }),
    el("p", {}, el("button", { class: "primary", type: "submit" }, t("web_join"))),
    error,
  );
  main.replaceChildren(form);
}

async function joinTable(event, code, error) {
  event.preventDefault();
  try {
    const joined = await api(`/api/tables/${code}/join`, { name: event.target.name.value });
    keepToken(joined.id, joined.token, false);
    location.href = `/t/${joined.id}`;
  } catch (e) {
    error.textContent = e.message;
  }
}

// ---------------------------------------------------------------- the table

// Tokens live in the browser's storage, never in the address bar (nor in any URL the server
// sees): a link with #TOKEN or #spectate=TOKEN is read once and the address cleaned at once.
function keepToken(id, token, spectate) {
  localStorage.setItem(`schocken:table:${id}`, JSON.stringify({ token, spectate }));
}

function openTable(id) {
  app.tableId = id;
  const hash = linkPart(location.hash.slice(1));
  const stored = JSON.parse(localStorage.getItem(`schocken:table:${id}`) || "null");
  if (hash.startsWith("spectate=")) {
    app.token = hash.slice(9);
    app.spectate = true;
  } else if (hash) {
    app.token = hash;
  } else if (stored) {
    app.token = stored.token;
    app.spectate = stored.spectate;
  }
  keepToken(id, app.token, app.spectate);
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  connect();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/${app.tableId}`);
  app.ws = ws;
  ws.onopen = () => {
    app.retry = 0;
    showBanner("");
    // The first message says who is connecting (protocol 3); after a lost connection the
    // page asks only for what it missed (in another language: for everything again).
    const since = app.msg && app.connectedLang === app.lang ? app.seq : null;
    app.connectedLang = app.lang;
    ws.send(JSON.stringify({ v: 3, type: "hello", token: app.token || "", lang: app.lang, since }));
  };
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state" || message.type === "update") onState(message);
    else if (message.type === "table") onTable(message);
    else if (message.type === "coach") {
      app.coach = message;
      render();
    } else if (message.type === "coach_note") {
      app.coachNote = { text: message.text, round: message.round };
      // A reveal still to come says the note with its round; else it is said in turn.
      if (noteInReveal(app.coachNote) !== "queued") speak([{ n: Infinity, text: message.text }]);
      render();
    }
    else if (message.type === "presence") {
      if (app.msg) { app.msg.presence = message.presence; render(); }
    } else if (message.type === "error") {
      app.error = message.message;
      // A refused throw: the cup stops shaking, the dice are back.
      app.shaking = false;
      app.holdUntil = 0;
      clearTimeout(app.holdTimer);
      if (message.code === "denied" && app.msg?.you?.waiting) {
        // A latecomer's token that is no more: they left the waiting list on another device
        // while this page was not connected. It watches on with the invite code.
        leftWaiting(app.msg.table);
        app.msg.you = { ...app.msg.you, waiting: null };
        app.error = "";
        connect();
        return;
      }
      if (message.code === "denied") {
        app.denied = true;
        main.replaceChildren(el("p", { class: "card error", role: "alert" }, message.message));
        return;
      }
      render();
    }
  };
  ws.onclose = () => {
    if (app.ws !== ws || app.denied) return;
    showBanner(t("web_reconnecting"));
    app.retry = Math.min(app.retry + 1, 5);
    setTimeout(connect, 300 * app.retry);
  };
}

function setCoach(on) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) {
    app.ws.send(JSON.stringify({ v: 3, type: "coach", on }));
  }
  if (!on) { app.coach = null; app.coachNote = null; }
}

function send(action) {
  app.error = "";
  if (app.ws && app.ws.readyState === WebSocket.OPEN) {
    app.ws.send(JSON.stringify({ v: 3, type: "action", action }));
  }
}

function myTurn(view) {
  if (!view || view.seat == null) return null;
  return view.turns.find((turn) => turn.seat === view.seat) || null;
}

// A result as players say it: "Schock 4", "General 5", "Straße 6-5-4", "6-5-2".
function resultName(result) {
  if (result.kind === "plain") return result.dice.join("-");
  return result.name.replace("Straße", t("strasse_word"));
}

function turnOf(view, seat) {
  return view.turns.find((turn) => turn.seat === seat) || null;
}

// The dice of a turn as the page shows them: those set aside first (out of the cup), then the
// rest of the last throw, highest first.
function diceOnScreen(turn) {
  if (!turn || !turn.showing) return [];
  const rest = [...turn.showing];
  for (const pip of turn.aside) rest.splice(rest.indexOf(pip), 1);
  return [...turn.aside, ...rest.sort((a, b) => b - a)];
}

const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

// ---------------------------------------------------------------- a state arrives

function onState(message) {
  const before = app.msg;
  const live = message.type === "update";
  if (message.type === "state") {
    // The history from `since` on: all of it on a new page or in another language.
    app.events = app.events.slice(0, message.since);
    app.log = app.log.filter((line) => line.n <= message.since);
    app.msg = { ...message };
  } else {
    if (!app.msg || (message.events.length && message.events[0].n !== app.seq + 1)) {
      app.ws?.close(); // out of step: connect again and hear what was missed
      return;
    }
    app.msg = { ...app.msg, step: message.step, seq: message.seq, view: message.view, legal: message.legal, outcome: message.outcome ?? null };
  }
  if (message.dice) app.msg.table = { ...app.msg.table, dice: message.dice };
  setClock(message.timer, message.step ?? app.msg.step);
  rememberCommitment(app.msg.table);
  app.events.push(...message.events);
  app.log.push(...message.log);
  app.seq = message.seq;
  tellStandIns(message);
  if (app.msg.view) app.msg.view = { ...app.msg.view, seat: app.msg.you.seat };
  const m = app.msg;
  const turn = myTurn(m.view);
  const key = turn ? `${m.view.round}:${turn.throws}:${turn.aside.join("")}:${turn.must_throw.join("")}` : "";
  // The dice roll in when a throw landed (not when sixes were turned or dice picked).
  const throwKey = turn ? `${m.view.round}:${turn.throws}` : "";
  const rolled = Boolean(turn && before && throwKey !== app.throwKey && turn.throws > 0);
  app.throwKey = throwKey;
  if (key !== app.turnKey) {
    app.turnKey = key;
    app.kept = [0, 1, 2].map((i) => Boolean(turn) && i < turn.aside.length);
    app.lockNote = "";
  }
  if (message.log.length || (before && before.step !== m.step)) app.error = "";
  app.rolledSeats = new Set(live ? message.events.filter((e) => e.type === "Thrown").map((e) => e.seat) : []);
  if (rolled) app.rolledSeats.add(m.view.seat);
  if (live) {
    hearEvents(message, queueReveals(message));
  }
  // A coach's note is about the round it was made in: the next round begins without it (the
  // round's reveal, queued just now, says it once more).
  if (app.coachNote && m.view && app.coachNote.round !== m.view.round) app.coachNote = null;
  noticeTurn(m, before);
  // While the cup is still being shaken, the dice wait for it.
  const wait = app.holdUntil - performance.now();
  if (wait > 0) {
    clearTimeout(app.holdTimer);
    app.holdTimer = setTimeout(() => { app.shaking = false; render(); showReveal(); }, wait);
  } else {
    app.shaking = false;
    render();
    showReveal();
  }
}

// The seats changed during the game (a bot took a seat over, a player came back, the host
// role moved), or the host started a rematch: everyone follows to the new table.
function onTable(message) {
  if (!app.msg) return;
  const rematch = message.table.rematch;
  if (rematch && !app.msg.table.rematch) {
    followTo(rematch);
    return;
  }
  if (app.msg.you.waiting && !message.you.waiting) leftWaiting(message.table);
  app.msg = { ...app.msg, table: message.table, you: message.you, legal: message.legal };
  if (app.msg.view) app.msg.view = { ...app.msg.view, seat: message.you.seat };
  setClock(message.timer, app.msg.step);
  rememberCommitment(message.table);
  render();
}

// A latecomer left the waiting list (on this page or another of theirs): their token is no
// more, so the page watches on with the invite code, after a reload too.
function leftWaiting(table) {
  app.token = table.code;
  app.spectate = true;
  app.leftWaiting = true;
  keepToken(table.id, table.code, true);
}

// To the rematch, with what this page holds: a player's seat token stays theirs, a latecomer's
// token is their seat token there, the host's spectator token watches there too; whoever
// watches with the invite code watches with the new table's code.
async function followTo(rematch) {
  let token = app.token;
  if (app.spectate && app.msg && String(token).toUpperCase() === app.msg.table.code) {
    try {
      token = (await api(`/api/tables/${rematch}`)).code;
    } catch { /* the old code then: the new table says why it cannot be watched */ }
  }
  keepToken(rematch, token, app.spectate);
  const spectator = localStorage.getItem(`schocken:spectate:${app.tableId}`);
  if (spectator) localStorage.setItem(`schocken:spectate:${rematch}`, spectator);
  location.href = `/t/${rematch}`;
}

// ---------------------------------------------------------------- the turn timer

// The server tells how many seconds the player whose turn it is has left (when it sent the
// message); the page counts down from there. At 10 seconds left that player is warned: in
// words for screen readers, and with a sound and a buzz where they turned the sound on.
function setClock(timer, step) {
  if (timer === undefined) return; // a message that says nothing of the timer
  app.clock = timer ? { seat: timer.seat, step, total: timer.total, deadline: performance.now() + timer.left * 1000 } : null;
}

function secondsLeft() {
  return app.clock ? Math.max(0, Math.ceil((app.clock.deadline - performance.now()) / 1000)) : null;
}

function clockNode(name, id) {
  const s = secondsLeft();
  return el("span", { class: `clock${s <= 10 ? " urgent" : ""}`, id, role: "timer", "data-clock": "", "aria-label": t("web_clock", { name, s }) },
    pieces.clockIcon(), el("span", { class: "clock-s" }, t("web_clock_short", { s })));
}

function tickClock() {
  const c = app.clock;
  const m = app.msg;
  if (!c || !m?.view) return;
  const s = secondsLeft();
  const name = names(m)[c.seat];
  for (const node of document.querySelectorAll("[data-clock]")) {
    node.querySelector(".clock-s").textContent = t("web_clock_short", { s });
    node.setAttribute("aria-label", t("web_clock", { name, s }));
    node.classList.toggle("urgent", s <= 10);
  }
  if (s > 10 || c.total <= 10 || app.clockWarned === c.step) return;
  app.clockWarned = c.step;
  const mine = m.view.seat === c.seat && m.legal.length > 0 && !m.you.bot;
  if (!mine) return;
  speak([{ n: Infinity, text: t("web_clock_warning", { name }) }]);
  if (sound.soundOn()) {
    sound.warning();
    buzz([200, 100, 200]);
  }
}

// A phone buzzes only once the player has touched the page: before any tap the browser
// refuses it and logs an error (a seat's page opened again at one's turn).
function buzz(pattern) {
  if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
  try { navigator.vibrate?.(pattern); } catch { /* not allowed */ }
}

setInterval(tickClock, 250);

// What the turn timer's stand-in played for this seat while the player was away (the page
// closed, or the connection lost): said once, when the page hears the game again, in a status
// message of its own above the game (until the player closes it). The last step this device
// saw of the seat is kept, so a reload says nothing new.
function tellStandIns(message) {
  const seat = app.msg?.you?.seat;
  if (seat == null || app.spectate) return;
  const key = `schocken:seen:${app.tableId}:${seat}`;
  const seen = Number(localStorage.getItem(key) || 0);
  localStorage.setItem(key, String(app.seq));
  if (message.type !== "state") return; // live: the log and the announcements tell it
  const moves = message.log.filter((line) => line.key === "stand_in" && line.seat === seat && line.n > seen);
  if (!moves.length) return;
  const text = t(moves.length === 1 ? "web_stand_in_away_1" : "web_stand_in_away_n",
    { count: moves.length, actions: moves.map((line) => line.action).join(", ") });
  document.getElementById("stand-in-away")?.remove();
  const said = el("p", { role: "status", id: "stand-in-away-text" });
  const box = el("div", { class: "stand-in-away", id: "stand-in-away" }, said,
    el("button", { type: "button", class: "secondary", onclick: () => box.remove() }, t("web_stand_in_away_close")));
  main.before(box);
  setTimeout(() => { said.textContent = text; }, 50); // a status region hears what comes into it
}

// ---------------------------------------------------------------- dice anyone can check

// docs/fair-dice.md: the server commits to a table's dice (the SHA-256 of a secret seed) before
// the first throw and reveals the seed at the end. The page keeps the commitment it first saw,
// and "Check the dice" recomputes every die of the record here, with the browser's own
// HMAC-SHA256 (SubtleCrypto); where the browser has none (plain HTTP off this computer), the
// server checks and says so.
function rememberCommitment(table) {
  const dice = table?.dice;
  if (!dice || dice.seed || !app.tableId) return; // the one seen before the seed was revealed
  const key = `schocken:commitment:${app.tableId}`;
  if (!localStorage.getItem(key)) localStorage.setItem(key, dice.commitment);
}

const hexBytes = (hex) => Uint8Array.from(hex.match(/../g), (pair) => parseInt(pair, 16));
const bytesHex = (bytes) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

// Die i of the game: the first byte below 252 of HMAC-SHA256(seed, "schocken-die:i") (further
// blocks "schocken-die:i:1", ... should all 32 be 252 or more), as 1 + byte % 6.
async function derivedDie(key, i) {
  const text = new TextEncoder();
  for (let block = 0; ; block += 1) {
    const message = block === 0 ? `schocken-die:${i}` : `schocken-die:${i}:${block}`;
    const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, text.encode(message)));
    for (const byte of mac) if (byte < 252) return 1 + (byte % 6);
  }
}

async function checkInBrowser(record) {
  const dice = record.dice;
  if (!dice || !dice.seed) return { fair: null, text: t("web_dice_none") };
  const seen = localStorage.getItem(`schocken:commitment:${app.tableId}`);
  if (seen && seen !== dice.commitment) return { fair: false, text: t("web_dice_changed") };
  const seed = hexBytes(dice.seed);
  if (bytesHex(await crypto.subtle.digest("SHA-256", seed)) !== dice.commitment) {
    return { fair: false, text: t("web_dice_seed_wrong") };
  }
  const key = await crypto.subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const recorded = record.steps.flatMap((step) => step.pips || []);
  const derived = await Promise.all(recorded.map((_, i) => derivedDie(key, i)));
  const wrong = recorded.findIndex((pip, i) => pip !== derived[i]);
  if (wrong >= 0) {
    return { fair: false, text: t("web_dice_unfair", { n: wrong + 1, shows: recorded[wrong], derived: derived[wrong] }) };
  }
  return { fair: true, text: t("web_dice_fair", { count: recorded.length }) };
}

async function checkOnServer() {
  const verdict = await api(`/api/tables/${app.tableId}/verify`);
  const seen = localStorage.getItem(`schocken:commitment:${app.tableId}`);
  if (seen && seen !== verdict.commitment) return { fair: false, text: t("web_dice_changed") };
  if (verdict.fair) return { fair: true, text: t("web_dice_fair", { count: verdict.dice }) };
  if (verdict.recorded == null) return { fair: false, text: t("web_dice_seed_wrong") };
  return { fair: false, text: t("web_dice_unfair", { n: verdict.dice + 1, shows: verdict.recorded, derived: verdict.derived }) };
}

async function checkDice() {
  app.diceCheck = { fair: null, text: t("web_dice_checking"), running: true };
  render();
  let verdict;
  try {
    if (globalThis.crypto?.subtle) {
      const response = await fetch(`/api/tables/${app.tableId}/record`);
      if (!response.ok) throw new Error((await response.json()).error || response.statusText);
      verdict = { ...(await checkInBrowser(await response.json())), where: t("web_dice_in_browser") };
    } else {
      verdict = { ...(await checkOnServer()), where: t("web_dice_by_server") };
    }
  } catch (e) {
    verdict = { fair: null, text: t("web_dice_failed", { error: e.message }) };
  }
  app.diceCheck = verdict;
  render();
  speak([{ n: Infinity, text: verdict.where ? `${verdict.text} ${verdict.where}` : verdict.text }]);
}

function renderDiceCheck(m) {
  const dice = m.table.dice;
  if (!dice) return null; // a table made before committed dice
  const check = app.diceCheck;
  const state = !check || check.running ? "" : check.fair === true ? "fair" : check.fair === false ? "unfair" : "unknown";
  return el("div", { class: "dice-check", id: "dice-check" },
    el("p", { class: "hint", id: "dice-about" }, t("web_dice_about")),
    el("button", { class: "secondary", type: "button", id: "check-dice", "aria-describedby": "dice-about", disabled: Boolean(check?.running), onclick: checkDice }, t("web_dice_check")),
    check ? el("p", { id: "dice-verdict", class: `dice-verdict ${state}`, "data-fair": state },
      el("strong", {}, check.text), check.where ? ` ${check.where}` : "") : null,
    el("p", { class: "hint commitment" }, t("web_dice_commitment", { commitment: dice.commitment })));
}

// Sounds and the screen reader's announcements for what happened since the last state. Your
// own throws are said to you ("You threw 6-6-1"), others' by name. What a reveal queued from
// this update tells (up to event `told`: the round's throws, its results and Deckel) is left
// to the reveal's dialog, which says it when it opens; only what comes after is announced.
function hearEvents(message, told = 0) {
  const m = app.msg;
  if (!m.view) return;
  const who = names(m);
  const mine = (seat) => seat === m.view.seat;
  const parts = [];
  for (const e of message.events) {
    if (e.type === "Thrown") {
      if (e.seat !== m.view.seat) sound.rattle(0.15);
      // Your own dice land when the shaking ends; others' a moment after their rattle.
      setTimeout(sound.slam, e.seat === m.view.seat ? Math.max(0, app.holdUntil - performance.now()) : 160);
      const dice = e.dice === null ? null : [...e.kept, ...e.dice].sort((a, b) => b - a).join("-");
      const key = `web_${mine(e.seat) ? "you_" : ""}threw${dice === null ? "_covered" : ""}`;
      parts.push({ n: e.n, text: t(key, { name: who[e.seat], dice }) });
    } else if (e.type === "SixesTurned") {
      const key = `web_${mine(e.seat) ? "you_" : ""}turned_${e.ones >= 2 ? 2 : 1}`;
      const back = e.must_throw.length ? ` ${t("web_back_in_cup", { dice: e.must_throw.join("-") })}` : "";
      parts.push({ n: e.n, text: `${t(key, { name: who[e.seat] })}${back}` });
    } else if (e.type === "RoundEnded" && e.deckel === null && e.worst !== null) {
      setTimeout(sound.schockAus, 300);
    }
  }
  // The explanations after the events they explain (a stable sort keeps each event's own words first).
  parts.push(...message.log.map((line) => ({ n: line.n, text: line.text })));
  parts.sort((a, b) => a.n - b.n);
  const view = m.view;
  if (view.current != null && view.current !== app.lastCurrent) {
    const turn = view.current === view.seat ? `${t("web_your_turn")}.` : `${t("web_turn_of", { name: who[view.current] })}.`;
    parts.push({ n: message.seq + 0.5, text: turn }); // after this update's events, before the next's
  }
  app.lastCurrent = view.current;
  speak(parts.filter((part) => part.n > told));
}

// The table's announcements, one at a time in the polite live region: each stays there for as
// long as it takes to hear it (a second, and 50 ms a character: about 200 words a minute), and
// what happens meanwhile is said together after it, never over it. While a round's reveal is
// open (a modal dialog that says the round itself) the region is quiet and the rest waits.
// Each part knows the event it tells of (`n`), so the reveal drops what it says itself.
const READ_MS = 1000;
const READ_MS_PER_CHAR = 50;
const speech = { queue: [], saying: [], until: 0, timer: null, putTimer: null };

function speak(parts) {
  speech.queue.push(...parts);
  sayNext();
}

function sayNext() {
  clearTimeout(speech.timer);
  if (!speech.queue.length || speech.putTimer || document.getElementById("reveal")) return;
  const wait = speech.until - performance.now();
  if (wait > 0) {
    speech.timer = setTimeout(sayNext, wait);
    return;
  }
  speech.saying = speech.queue.splice(0);
  const text = speech.saying.map((part) => part.text).join(" ");
  const region = document.getElementById("announce");
  region.textContent = ""; // emptied first: the same words again are said again
  speech.putTimer = setTimeout(() => {
    speech.putTimer = null;
    region.textContent = text;
    speech.until = performance.now() + READ_MS + READ_MS_PER_CHAR * text.length; // from when it is there
    sayNext();
  }, 50);
}

// A reveal opens: it says its round up to event `told`. The region says nothing more while it
// is open (a text not yet put there waits with the rest), and what the reveal says is not said
// again. Returns how long the words in the region still take to hear (the reveal waits for
// them before it takes the focus, and with it the screen reader's voice).
function hushFor(told) {
  clearTimeout(speech.timer);
  if (speech.putTimer) {
    clearTimeout(speech.putTimer);
    speech.putTimer = null;
    speech.queue.unshift(...speech.saying);
  }
  speech.saying = [];
  speech.queue = speech.queue.filter((part) => part.n > told);
  return Math.max(0, speech.until - performance.now());
}

// Pages other than the table (the club, pub mode, tournaments) say one thing at a time.
function announce(text) {
  const region = document.getElementById("announce");
  region.textContent = "";
  setTimeout(() => { region.textContent = text; }, 50);
}

// The tab's title says when it is your turn; a phone also buzzes once.
function noticeTurn(message, before) {
  const view = message.view;
  const mine = Boolean(view && view.seat != null && view.current === view.seat && message.legal.length);
  const wasMine = Boolean(before?.view && before.view.current === before.view.seat && before.legal.length);
  document.title = mine ? `● ${t("web_your_turn")} · Schocken` : "Schocken";
  if (mine && !wasMine && matchMedia("(pointer: coarse)").matches) {
    buzz([120, 60, 120]);
  }
}

// ---------------------------------------------------------------- drawing the page

function render() {
  const m = app.msg;
  if (!m) return;
  const focusId = document.activeElement?.id;
  const oldLog = document.getElementById("log");
  // The log follows the game unless the player scrolled it up to read.
  const follow = !oldLog || oldLog.scrollHeight - oldLog.scrollTop - oldLog.clientHeight < 30;
  const oldTop = oldLog ? oldLog.scrollTop : 0;
  const seeded = document.body.dataset.seeded === "true";
  const parts = [];
  if (seeded) parts.push(el("p", { class: "seeded wide" }, t("web_seeded")));
  parts.push(m.view ? renderGame(m) : renderLobby(m));
  main.replaceChildren(...parts.flat());
  const log = document.getElementById("log");
  if (log) log.scrollTop = follow ? log.scrollHeight : oldTop;
  if (focusId && focusId !== "main") document.getElementById(focusId)?.focus({ preventScroll: true });
  fitTray();
  app.rolledSeats = new Set();
}

// On a phone the tray with the dice and buttons sits at the bottom of the screen; the page
// leaves room for it so nothing hides behind it.
function fitTray() {
  const tray = main.querySelector(".tray");
  const fixed = tray && getComputedStyle(tray).position === "fixed";
  main.style.paddingBottom = fixed ? `${tray.offsetHeight + 16}px` : "";
}

function names(m) {
  return m.table.seats.map((s, i) => s.name || `${t("web_seat_free")} ${i + 1}`);
}

const BOT_KINDS = ["regular", "solver", "half", "random"];

function botOptions() {
  return BOT_KINDS.map((b) => el("option", { value: b }, t(`web_bot_${b}`)));
}

function botLabel(kind) {
  return `${t("web_bot")}: ${BOT_KINDS.includes(kind) ? t(`web_bot_${kind}`) : kind}`;
}

function botChoice() {
  const select = el("select", { id: "lobby-bot", onchange: (e) => { app.lobbyBot = e.target.value; } },
    botOptions());
  select.value = app.lobbyBot || "regular";
  return el("p", {}, el("label", { for: "lobby-bot" }, t("web_bot_level")), " ", select);
}

// A tournament's table seats the players of its draw only: no invite, no bot and no removal by
// the host (the organiser decides, from the tournament's page); the lobby says where its games
// count, and the end of a game says where it went (round, table, its number there).
function tournamentLine(m, id) {
  const where = m.table.tournament;
  if (!where) return null;
  const said = { name: where.name, round: where.round, table: where.table };
  return el("section", { class: "card", "aria-labelledby": `${id}-h`, id },
    el("h2", { id: `${id}-h` }, t("web_tournament_table", said)),
    el("p", {}, t("web_tournament_seats")));
}

function tournamentBooked(m) {
  const where = m.table.tournament;
  if (!where) return null;
  const booked = m.table.booked;
  return el("p", { id: "booked", role: "status" }, booked
    ? t("web_tournament_booked", { name: booked.name, round: booked.round, table: booked.table, number: booked.number })
    : t("web_tournament_booking", { name: where.name, round: where.round, table: where.table }));
}

function renderLobby(m) {
  const you = m.you;
  const isHost = you.host;
  const drawn = Boolean(m.table.tournament);
  const invite = m.invite_url || `${location.origin}/join/${m.table.code}`;
  const seats = m.table.seats.map((seat, i) => {
    const tags = [];
    if (i === m.table.host) tags.push(t("web_host"));
    if (i === you.seat) tags.push(t("web_you"));
    if (seat.bot) tags.push(botLabel(seat.bot));
    const controls = [];
    if (isHost && !seat.name && !drawn) {
      controls.push(el("button", { class: "secondary", type: "button", onclick: () => hostAction("bots", { seat: i, bot: app.lobbyBot || "regular" }) }, t("web_add_bot")));
    }
    if (isHost && seat.name && i !== m.table.host) {
      if (!drawn) controls.push(el("button", { class: "secondary", type: "button", onclick: () => hostAction("remove", { seat: i }) }, t("web_remove")));
      if (!seat.bot) controls.push(el("button", { class: "secondary", type: "button", onclick: () => hostAction("host", { seat: i }) }, t("web_make_host")));
    }
    return el("li", {}, el("span", {}, `${i + 1}.`), el("span", {}, seat.name || t("web_seat_free"), tags.length ? ` (${tags.join(", ")})` : ""), el("span", { class: "row" }, controls));
  });
  const spectatorToken = isHost ? localStorage.getItem(`schocken:spectate:${m.table.id}`) : null;
  return [
    el("section", { class: "card", "aria-labelledby": "lobby-h" },
      el("h1", { id: "lobby-h" }, `${t("web_lobby")} · ${t(`preset_${m.table.preset}`)}`),
      lobbyRules(m),
      el("p", { id: "lobby-timer" }, `${t("web_turn_timer")}: ${m.table.turn_timer ? t("web_timer_seconds", { n: m.table.turn_timer }) : t("web_timer_off")}`),
      el("ul", { class: "players lobby" }, seats),
      isHost && !drawn && m.table.seats.some((seat) => !seat.name) ? botChoice() : [],
      isHost
        ? el("p", {}, el("button", { class: "primary", type: "button", id: "start", onclick: () => hostAction("start", {}) }, t("web_start")))
        : el("p", {}, app.spectate ? t("web_spectating") : t("web_waiting_host")),
      el("p", { class: "error", role: "alert" }, app.error)),
    drawn ? tournamentLine(m, "tournament") : el("section", { class: "card", "aria-labelledby": "invite-h" },
      el("h2", { id: "invite-h" }, t("web_invite")),
      el("p", { class: "code", id: "code" }, m.table.code),
      el("img", { class: "qr", src: `/api/tables/${m.table.code}/qr.svg`, alt: invite }),
      el("p", {}, el("a", { href: invite, id: "invite" }, invite)),
      copyButton(invite),
      spectatorToken
        ? el("p", {}, el("a", { href: `/t/${m.table.id}#spectate=${spectatorToken}`, id: "spectator-link" }, t("web_spectator_link")))
        : null),
  ];
}

// The table's rules in words (its preset and what the house rules change), for everyone who
// joins: asked of the engine once per rule set and language.
function lobbyRules(m) {
  const key = JSON.stringify([app.lang, m.table.rules]);
  if (app.rulesSaid?.key !== key) {
    app.rulesSaid = { key, text: "" };
    const { preset, ...options } = m.table.rules;
    rulesPage.check({ rules: { preset, overrides: options } }).then((answer) => {
      if (!answer.ok || app.rulesSaid.key !== key) return;
      app.rulesSaid.text = answer.summary;
      const line = document.getElementById("lobby-rules");
      if (line) line.textContent = answer.summary;
    });
  }
  return el("p", { id: "lobby-rules" }, app.rulesSaid.text);
}

// "Copy link": the clipboard where the browser lets the page write to it; else the old way
// (the link selected and copied); where neither works, the link stays selected and the page
// says so, for the player to copy it themself.
function copyButton(url) {
  const said = el("p", { class: "copy-said", id: "copy-said", role: "status" });
  const copy = async () => {
    said.textContent = "";
    try {
      await navigator.clipboard.writeText(url);
      said.textContent = t("web_copied");
      return;
    } catch { /* no clipboard API here (a page without HTTPS), or not allowed: the old way */ }
    const box = el("input", { value: url, readonly: true, class: "copy-box", "aria-label": t("web_link") });
    said.before(box);
    box.select();
    let copied = false;
    try { copied = document.execCommand("copy"); } catch { copied = false; }
    if (copied) {
      box.remove();
      said.textContent = t("web_copied");
    } else {
      box.focus();
      box.select();
      said.textContent = t("web_copy_failed");
    }
  };
  return el("div", { class: "copy" }, el("button", { class: "secondary", type: "button", id: "copy", onclick: copy }, t("web_copy")), said);
}

// On the game screen: the invite link for latecomers (they watch at once and play in the next
// game), and for the host the spectator link; who waits for the next game.
function renderInvite(m) {
  if (m.table.tournament) return tournamentLine(m, "tournament");
  const invite = m.invite_url || `${location.origin}/join/${m.table.code}`;
  const spectatorToken = m.you.host ? localStorage.getItem(`schocken:spectate:${m.table.id}`) : null;
  return el("section", { class: "card invite-card", "aria-labelledby": "invite-h" },
    el("details", { id: "invite-details", open: app.inviteOpen || false, ontoggle: (e) => { app.inviteOpen = e.target.open; } },
      el("summary", {}, el("h2", { id: "invite-h" }, t("web_invite_h"))),
      el("p", { class: "hint" }, t("web_invite_late")),
      el("p", { class: "code", id: "code" }, m.table.code),
      el("p", {}, el("a", { href: invite, id: "invite" }, invite)),
      copyButton(invite),
      spectatorToken
        ? el("p", {}, el("a", { href: `/t/${m.table.id}#spectate=${spectatorToken}`, id: "spectator-link" }, t("web_spectator_link")))
        : null));
}

function waitingLine(m) {
  const waiting = m.table.waiting || [];
  if (!waiting.length) return null;
  return el("p", { class: "waiting", id: "waiting" }, t("web_waiting_list", { names: waiting.join(", ") }));
}

async function hostAction(what, body) {
  try {
    await api(`/api/tables/${app.tableId}/${what}`, { token: app.token, ...body });
    app.error = "";
  } catch (e) {
    app.error = e.message;
    render();
  }
}

// ---------------------------------------------------------------- the table: status and players

function sectionTitle(view) {
  return `${t(view.section)} · ${view.phase === "opening" ? t("ui_opening") : t("ui_round", { number: view.round })}`;
}

// The throw limit at a glance: one mark per throw allowed (three open marks while not fixed).
function limitMarks(view) {
  const marks = el("span", { class: "limit-marks", "aria-hidden": "true" });
  for (let i = 1; i <= 3; i++) {
    const used = view.limit == null ? "open" : i <= view.limit ? "on" : "off";
    marks.append(el("span", { class: `mark ${used}` }));
  }
  return marks;
}

function renderStatus(m) {
  const view = m.view;
  return el("section", { class: "card status-card", "aria-labelledby": "status-h" },
    el("h1", { id: "status-h" }, sectionTitle(view)),
    // Three items, each named by its words (the pictures beside them are hidden): a screen
    // reader says them one by one, not as one run of text.
    el("ul", { class: "status", "aria-label": t("web_status") },
      el("li", { class: "middle", "aria-labelledby": "middle" }, pieces.deckelStack(view.middle, true),
        el("span", { id: "middle", "data-middle": String(view.middle) }, t("ui_middle", { middle: view.middle }))),
      el("li", { class: "limit", "aria-labelledby": "limit" }, limitMarks(view),
        el("span", { id: "limit" }, view.limit == null ? t("ui_limit_open") : t("ui_limit", { limit: view.limit }))),
      el("li", { class: "preset", "aria-labelledby": "rules-line" },
        el("span", { id: "rules-line" }, el("span", { class: "visually-hidden" }, `${t("web_rules_line")} `), t(`preset_${m.table.preset}`)))));
}

// Dice drawn beside words that say them already ("6-4-2", "Schock 4"): a screen reader reads the
// words once, not the picture too.
function quiet(node) {
  node.setAttribute("aria-hidden", "true");
  return node;
}

// "1st throw", "2nd throw" (English ordinals; "1. Wurf" in German).
function throwNth(n) {
  return app.texts[`throw_nth_${n}`] ? t(`throw_nth_${n}`) : t("throw_nth", { n });
}

// What a player's turn shows in the list: small dice, or a covered cup, and the throws used.
function turnSummary(view, seat, turn) {
  if (!view.playing[seat]) {
    return view.section === "finale" && !view.half_losers.includes(seat) ? t("ui_not_in_finale") : t("ui_out");
  }
  if (!turn || turn.throws === 0) return view.current === seat ? t("web_cup_empty") : "";
  const throwsText = throwNth(turn.throws);
  if (!turn.showing) {
    const aside = turn.aside.length ? `, ${t("ui_aside", { dice: turn.aside.join("-") })}` : "";
    return [el("span", { class: "mini-cup" }, pieces.cupShape()), `${t("ui_covered")} (${throwsText}${aside})`];
  }
  const dice = turn.showing;
  const label = t("web_dice", { dice: dice.join("-") });
  const rolling = app.rolledSeats.has(seat) && view.current === seat ? "rolling" : "";
  // A plain number's name is its dice; other results are named ("= Schock 4").
  const result = turn.done && turn.result && turn.result.kind !== "plain" ? ` = ${resultName(turn.result)}` : "";
  return [quiet(pieces.diceRow(dice, label, rolling)), ` ${dice.join("-")}${result} (${throwsText})`];
}

function renderPlayers(m, who) {
  const view = m.view;
  return el("section", { class: "card players-card", "aria-label": t("web_seats") },
    el("ul", { class: "players", id: "players" }, who.map((name, seat) => {
      const classes = ["seat", seat === view.current ? "current" : "", view.playing[seat] ? "" : "out"].join(" ");
      const badges = [];
      const place = m.table.seats[seat];
      if (view.order[0] === seat && view.playing[seat] && view.loser == null) badges.push(el("span", { class: "badge opener" }, t("web_opener")));
      const halfLost = view.section === "extra_half" ? view.half_losers.includes(seat) : view.half_losers[0] === seat && view.section !== "first_half";
      if (halfLost) badges.push(el("span", { class: "badge half-loser" }, t("web_half_loser")));
      if (place.bot) badges.push(el("span", { class: "badge bot" }, botLabel(place.bot)));
      if ((m.table.coach || []).includes(seat)) badges.push(el("span", { class: "badge coach", id: `coach-badge-${seat}` }, t("web_coach_badge")));
      if (m.presence?.[seat] === "away") badges.push(el("span", { class: "badge away", id: `away-${seat}` }, t("web_away")));
      if (app.clock && app.clock.seat === seat && view.loser == null) badges.push(clockNode(name, `clock-${seat}`));
      return el("li", { class: classes, "data-seat": String(seat), "aria-current": seat === view.current ? "true" : false },
        el("span", { class: "marker" }, seat === view.current ? [el("span", { "aria-hidden": "true" }, "▶"), el("span", { class: "visually-hidden" }, `${t("web_plays_now")}: `)] : ""),
        el("span", { class: "who" }, el("span", { class: "name" }, name, seat === view.seat ? ` (${t("web_you")})` : ""), ...badges, seatControls(m, seat, place)),
        el("span", { class: "deckel", "data-deckel": String(view.deckel[seat]) },
          pieces.deckelStack(view.deckel[seat]), el("span", {}, t("ui_deckel", { count: view.deckel[seat] }))),
        el("span", { class: "turn" }, turnSummary(view, seat, turnOf(view, seat))));
    })),
    waitingLine(m));
}

// The whole game's explanations, numbered from the first; the newest at the bottom, in view.
// The host's hand on a seat during the game: a bot plays for a player who is gone (they keep
// their seat), and the seat goes back to them when they return.
// A bot is offered only for a player who is away (gone for a while), never for one who is here
// nor for one who is not in the Finale; the host confirms it in a dialog with the name.
function seatControls(m, seat, place) {
  if (!m.you.host || view_over(m) || !place.human || seat === m.you.seat || m.table.tournament) return null;
  const name = names(m)[seat];
  if (place.bot) {
    return el("button", { class: "small", type: "button", id: `seat-back-${seat}`, "aria-label": `${t("web_to_player")}: ${name}`, onclick: () => hostAction("seat", { seat, to: "player" }) }, t("web_to_player"));
  }
  const view = m.view;
  const outOfFinale = view.section === "finale" && !view.half_losers.includes(seat);
  if (m.presence?.[seat] !== "away" || outOfFinale) return null;
  return el("button", { class: "small", type: "button", id: `seat-bot-${seat}`, "aria-haspopup": "dialog", "aria-label": `${t("web_to_bot")}: ${name}`, onclick: () => confirmBot(seat, name) }, t("web_to_bot"));
}

function confirmBot(seat, name) {
  document.getElementById("confirm-bot")?.remove();
  const dialog = el("dialog", { id: "confirm-bot", class: "confirm", "aria-labelledby": "confirm-bot-h", "aria-describedby": "confirm-bot-p" },
    el("h2", { id: "confirm-bot-h" }, t("web_to_bot_ask", { name })),
    el("p", { id: "confirm-bot-p" }, t("web_to_bot_explain", { name })),
    el("form", { method: "dialog", class: "row" },
      el("button", { class: "secondary", value: "cancel", id: "confirm-bot-no" }, t("web_cancel")),
      el("button", { class: "primary", value: "yes", id: "confirm-bot-yes" }, t("web_to_bot_yes"))));
  const opener = document.activeElement;
  dialog.addEventListener("close", () => {
    dialog.remove();
    if (dialog.returnValue === "yes") hostAction("seat", { seat, to: "bot", bot: "regular" });
    const back = opener?.isConnected ? opener : document.getElementById(`seat-bot-${seat}`);
    back?.focus({ preventScroll: true });
  });
  document.body.append(dialog);
  dialog.showModal();
  document.getElementById("confirm-bot-no").focus();
}

function view_over(m) {
  return !m.view || m.view.loser != null;
}

function renderLog() {
  return el("section", { class: "card log-card", "aria-labelledby": "log-h" },
    el("h2", { id: "log-h" }, t("web_round_log")),
    el("ol", { class: "log", id: "log", tabindex: "0", "aria-labelledby": "log-h" },
      app.log.map((line, i) => el("li", { "data-key": line.key }, el("span", { class: "n" }, `${i + 1}.`), el("span", {}, line.text)))));
}

// The game's summary, from the engine's outcome (who lost each half, the Finale, the game) and
// from its events (the Deckel each player took in all).
function renderSummary(m, who) {
  const outcome = m.outcome;
  if (!outcome) return null;
  const lines = outcome.sections.map((s) =>
    t(s.schock_aus ? "section_lost_schock_aus" : "section_lost", { loser: s.loser_name, section: t(`acc_${s.section}`) }));
  lines.push(t(outcome.blattschuss ? "blattschuss" : "game_lost", { loser: outcome.loser_name }));
  lines.push(t("web_rounds_played", { rounds: outcome.rounds }));
  const taken = who.map(() => 0);
  for (const e of app.events) if (e.type === "DeckelMoved") taken[e.receiver] += e.amount;
  return [
    el("ul", { id: "summary-lines" }, lines.map((line) => el("li", {}, line))),
    el("table", { class: "summary-table", id: "summary-table" },
      el("caption", {}, t("web_deckel_taken")),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("web_player")), el("th", { scope: "col" }, t("web_deckel_in_all")), el("th", { scope: "col" }, t("web_halves_lost")))),
      el("tbody", {}, who.map((name, seat) => el("tr", {},
        el("th", { scope: "row" }, name),
        el("td", {}, String(taken[seat])),
        el("td", {}, String(outcome.sections.filter((s) => s.section !== "finale" && s.loser === seat).length)))))),
  ];
}

// A finished game: the host starts the next one with the same seats and rules in one tap;
// everyone else follows by themselves.
function renderRematch(m) {
  if (m.table.rematch) {
    return el("p", {}, el("a", { href: `/t/${m.table.rematch}`, id: "to-rematch", onclick: (e) => { e.preventDefault(); followTo(m.table.rematch); } }, t("web_to_rematch")));
  }
  if (m.you.host) {
    const waiting = m.table.waiting || [];
    return el("p", {}, el("button", { class: "primary", type: "button", id: "rematch", onclick: () => hostAction("rematch", {}) }, t("web_rematch")),
      " ", el("span", { class: "hint" }, t("web_rematch_hint")),
      waiting.length ? [" ", el("span", { class: "hint", id: "rematch-waiting" }, t("web_rematch_waiting", { names: waiting.join(", ") }))] : null,
      m.table.tournament ? el("span", { class: "error", role: "alert", id: "rematch-error" }, app.error) : null);
  }
  return el("p", { id: "rematch-wait" }, t("web_rematch_wait"));
}

function renderGame(m) {
  const view = m.view;
  const who = names(m);
  const left = [renderStatus(m), renderPlayers(m, who)];
  const right = [];
  if (view.loser != null) {
    right.push(el("section", { class: "card", "aria-labelledby": "over-h", id: "summary" },
      el("h2", { id: "over-h" }, t("web_summary")),
      renderSummary(m, who),
      tournamentBooked(m),
      renderRematch(m),
      renderDiceCheck(m),
      el("p", {}, el("a", { href: `/review/${app.tableId}`, id: "review-link" }, t("web_rv_link"))),
      el("p", {}, el("a", { href: `/api/tables/${app.tableId}/record`, download: `schocken-${app.tableId}.json`, id: "download" }, t("web_download"))),
      el("p", {}, el("a", { href: "/" }, t("web_new_game")))));
  } else if (view.seat != null && m.you.bot) {
    right.push(el("section", { class: "card", id: "bot-plays", "aria-live": "polite" },
      el("p", {}, t("web_bot_plays_you")),
      el("button", { class: "primary", type: "button", id: "take-back", onclick: () => hostAction("seat", { seat: view.seat, to: "player" }) }, t("web_take_back"))));
    if (view.current != null) right.push(renderTray(m, who));
  } else if (view.seat != null) {
    right.push(renderTray(m, who));
    right.push(renderCoach(m));
  } else {
    right.push(renderWatching(m));
    if (view.current != null) right.push(renderTray(m, who));
  }
  right.push(renderLog());
  left.push(renderInvite(m));
  return [el("div", { class: "col col-table" }, left), el("div", { class: "col col-play" }, right)];
}

// Whoever watches: a latecomer who waits is told their seat in the next game; anyone else who
// watches may ask for one (the host's spectator link too, for a friend on the sofa).
// A latecomer who waits may leave the waiting list (they watch on). Refused because they left
// it already (on another device whose word this page missed), the page watches on too.
function renderWatching(m) {
  const error = el("p", { class: "error", role: "alert", id: "leave-error" }, app.leaveError || "");
  if (m.you.waiting) {
    const leave = async () => {
      app.leaveError = "";
      try {
        await api(`/api/tables/${m.table.id}/leave`, { token: app.token });
      } catch (e) {
        app.leaveError = e.message;
        if (e.code === "server_refuse_not_waiting") {
          leftWaiting(m.table);
          app.msg.you = { ...app.msg.you, waiting: null };
        }
        render();
      }
    };
    return el("section", { class: "card", id: "watching" }, el("p", {}, t("web_waiting_you", { name: m.you.waiting })),
      m.table.rematch ? null : el("p", {}, el("button", { class: "secondary", type: "button", id: "leave-waiting", onclick: leave }, t("web_leave_waiting"))),
      error);
  }
  const open = !m.table.rematch && !m.table.tournament;
  return el("section", { class: "card", id: "watching" }, el("p", {}, t("web_spectating")),
    app.leftWaiting ? el("p", { role: "status", id: "left-waiting" }, t("web_left_waiting")) : null,
    error,
    open ? el("details", {}, el("summary", {}, t("web_wait")), waitForm(m.table.id)) : null);
}

// The coach: off by default, turned on by each player for themselves (everyone sees who has it
// on); the ranking of your decision and notes on costly moves come to you alone.
function coachOn(m) {
  return m.view.seat != null && (m.table.coach || []).includes(m.view.seat);
}

function coachRanking(m) {
  const c = app.coach;
  return coachOn(m) && c && c.step === m.step && m.legal.length ? c : null;
}

function renderCoach(m) {
  const on = coachOn(m);
  const ranking = coachRanking(m);
  const deciding = m.view.current === m.view.seat && m.legal.length > 0;
  const body = [];
  if (on && app.coachNote && app.coachNote.round === m.view.round) body.push(el("p", { class: "coach-note", id: "coach-note" }, app.coachNote.text));
  if (ranking) {
    body.push(el("p", { id: "coach-heading" }, ranking.heading));
    body.push(el("ol", { class: "coach-moves", id: "coach-moves" }, ranking.moves.map((move) =>
      el("li", { class: move.best ? "best" : "" }, el("div", { class: "coach-row" },
        el("span", { class: "move" }, move.best ? `★ ${move.text}` : move.text),
        el("span", { class: "p" }, move.percent))))));
  } else if (on && deciding && (m.view.turns.find((x) => x.seat === m.view.seat)?.throws || 0) > 0) {
    body.push(el("p", { class: "hint", id: "coach-wait" }, t("web_coach_wait")));
  }
  return el("section", { class: "card coach-card", "aria-labelledby": "coach-h", id: "coach" },
    el("div", { class: "coach-head" },
      el("h2", { id: "coach-h" }, t("web_coach")),
      // A toggle's name stays the same; aria-pressed says whether it is on, and so does its look.
      el("button", { class: "small toggle", type: "button", id: "coach-toggle", "aria-pressed": on ? "true" : "false", "aria-describedby": "coach-help", onclick: () => setCoach(!on) },
        t("web_coach_switch"))),
    el("p", { class: on ? "hint visually-hidden" : "hint", id: "coach-help" }, t("web_coach_help")),
    ...body);
}

// ---------------------------------------------------------------- the cup and the dice

// "throw keep 6-1" -> [6, 1]; "throw" -> []. The multisets a throw may keep out of the cup now.
function legalKeeps(legal) {
  return legal.filter((a) => a.startsWith("throw"))
    .map((a) => (a === "throw" ? [] : a.slice("throw keep ".length).split("-").map(Number)));
}

function isSubset(small, big) {
  const rest = [...big];
  for (const p of small) {
    const i = rest.indexOf(p);
    if (i < 0) return false;
    rest.splice(i, 1);
  }
  return true;
}

// Dice the rules fix for the next throw, each with the reason the player reads:
// - after turning sixes, the dice in `must_throw` go back into the cup;
// - the ones just turned from sixes stay out (every legal keep holds at least that many ones);
// - without put_back (schock4life, ...) a die once set aside stays out.
function diceLocks(m, turn, dice) {
  const locks = dice.map(() => null);
  const keeps = legalKeeps(m.legal);
  if (!turn || !keeps.length) return locks;
  const back = [...turn.must_throw];
  for (let i = turn.aside.length; i < dice.length; i++) {
    const k = back.indexOf(dice[i]);
    if (k >= 0) {
      back.splice(k, 1);
      locks[i] = { state: "cup", reason: t("web_lock_must_throw") };
    }
  }
  let turnedOnes = turn.must_throw.length ? Math.min(...keeps.map((k) => k.filter((p) => p === 1).length)) : 0;
  for (let i = 0; i < turn.aside.length; i++) {
    if (dice[i] === 1 && turnedOnes > 0) {
      turnedOnes--;
      locks[i] = { state: "out", reason: t("web_lock_turned") };
    } else if (!m.table.rules.put_back) {
      locks[i] = { state: "out", reason: t("web_lock_aside") };
    }
  }
  return locks;
}

function keptDice(dice) {
  return dice.filter((_, i) => app.kept[i]).sort((a, b) => b - a);
}

// Tapping a die (or pressing 1, 2, 3): keep it out of the cup or put it back, if the rules let.
function toggleDie(i) {
  const m = app.msg;
  const turn = myTurn(m?.view);
  const dice = diceOnScreen(turn);
  if (i >= dice.length || !legalKeeps(m.legal).length || turn.done) return;
  const lock = diceLocks(m, turn, dice)[i];
  if (lock) {
    app.lockNote = lock.reason;
    render();
    return;
  }
  const next = [...app.kept];
  next[i] = !next[i];
  const wanted = dice.filter((_, j) => next[j]);
  if (!legalKeeps(m.legal).some((k) => isSubset(wanted, k))) {
    app.lockNote = t("web_lock_two");
    render();
    return;
  }
  app.kept = next;
  app.lockNote = "";
  render();
}

function doThrow() {
  if (app.shaking) return; // one throw at a time
  const dice = diceOnScreen(myTurn(app.msg.view));
  const keep = keptDice(dice);
  sound.rattle();
  if (!reducedMotion()) {
    app.shaking = true;
    app.holdUntil = performance.now() + 550;
    render();
  }
  send(keep.length ? `throw keep ${keep.join("-")}` : "throw");
}

function dieButton(pip, i, { kept, lock, canKeep, rolling }) {
  const state = lock ? (lock.state === "cup" ? t("web_in_cup") : t("web_kept")) : kept ? t("web_kept") : t("web_in_cup");
  const out = lock ? lock.state === "out" : kept;
  const short = out ? t("web_out_short") : lock ? t("web_back_short") : t("web_cup_short");
  const label = `${t("web_die", { n: i + 1, pips: pip })}, ${state}${lock ? `, ${t("web_locked")}: ${lock.reason}` : ""}`;
  const classes = ["die", kept ? "kept" : "in-cup", lock ? "locked" : "", rolling && !kept ? "rolling" : ""];
  return el("button", {
    class: classes.join(" ").replace(/\s+/g, " ").trim(),
    id: `die-${i}`,
    type: "button",
    "aria-pressed": String(kept),
    "aria-label": label,
    "aria-disabled": lock ? "true" : false,
    "data-pips": String(pip),
    disabled: !canKeep,
    onclick: () => toggleDie(i),
  }, pieces.dieFace(pip), el("span", { class: "die-state", "aria-hidden": "true" }, lock ? pieces.lockIcon() : null, short));
}

// Someone else's dice in the tray: to look at, not to touch.
function dieShown(pip, i, rolling) {
  return el("span", { class: `die shown${rolling ? " rolling" : ""}`, role: "img", "aria-label": t("web_die", { n: i + 1, pips: pip }) },
    pieces.dieFace(pip));
}

function cupGraphic(turn, shaking) {
  const down = !turn || turn.throws === 0 || !turn.showing;
  const classes = ["cup", down ? "down" : "lifted", shaking ? "shake" : ""];
  return el("div", { class: classes.join(" ").trim(), id: "cup-graphic", "aria-hidden": "true" }, pieces.cupShape());
}

function promptText(view, turn, who, legal) {
  if (view.current !== view.seat) return t("ui_plays", { name: who[view.current] });
  if (!legal.length) return t("ui_plays", { name: who[view.current] });
  if (!turn || turn.throws === 0) return t("ui_first_throw", { name: who[view.seat] });
  if (turn.must_throw.length) return t("ui_must_throw", { name: who[view.seat] });
  return t("web_turn_pick", { name: who[view.seat] });
}

function renderTray(m, who) {
  const view = m.view;
  const legal = m.legal;
  const mineNow = view.seat != null && view.current === view.seat && legal.length > 0;
  // The tray shows your own cup on your turn, else the cup of whoever is playing.
  const seat = mineNow || view.current == null ? view.seat : view.current;
  const turn = seat == null ? null : turnOf(view, seat);
  const dice = diceOnScreen(turn);
  const rolling = app.rolledSeats.has(seat) && !app.shaking;
  let diceNodes;
  let note = "";
  if (seat === view.seat && view.seat != null) {
    const canKeep = legalKeeps(legal).length > 0 && turn && turn.throws > 0;
    const locks = canKeep ? diceLocks(m, turn, dice) : dice.map(() => null);
    diceNodes = app.shaking ? [] : dice.map((pip, i) => dieButton(pip, i, { kept: app.kept[i], lock: locks[i], canKeep, rolling }));
    const reasons = [...new Set(locks.filter(Boolean).map((l) => l.reason))];
    note = app.lockNote || reasons.join(" · ");
  } else {
    diceNodes = dice.map((pip, i) => dieShown(pip, i, rolling));
  }
  if (!diceNodes.length) {
    const empty = turn && turn.throws > 0 && !turn.showing ? t("web_cup_covered") : t("web_cup_empty");
    diceNodes = [el("span", { class: "no-dice" }, app.shaking ? "" : empty)];
  }
  const buttons = [];
  if (legal.some((a) => a.startsWith("throw"))) buttons.push(el("button", { class: "primary", type: "button", id: "throw", "aria-keyshortcuts": "Space", onclick: doThrow }, t("ui_throw")));
  if (legal.includes("blind")) buttons.push(el("button", { class: "secondary", type: "button", id: "blind", "aria-keyshortcuts": "B", "aria-label": t("ui_blind_label"), title: t("ui_blind_label"), onclick: () => send("blind") }, t("ui_blind")));
  if (legal.includes("turn")) buttons.push(el("button", { class: "secondary", type: "button", id: "turn", "aria-keyshortcuts": "T", onclick: () => send("turn") }, t("ui_turn")));
  if (legal.includes("stop")) buttons.push(el("button", { class: "secondary", type: "button", id: "stop", "aria-keyshortcuts": "S", onclick: () => send("stop") }, t("ui_stop")));
  if (legal.includes("buyin")) buttons.push(el("button", { class: "secondary", type: "button", id: "buyin", onclick: () => send("buyin") }, t("ui_buyin")));
  const heading = seat === view.seat ? t("ui_your_cup") : who[seat];
  return el("section", { class: `card tray${mineNow ? " my-turn" : ""}`, "aria-labelledby": "cup-h", id: view.seat == null ? "watch" : "cup" },
    el("div", { class: "tray-head" },
      el("h2", { id: "cup-h" }, heading),
      app.clock && app.clock.seat === seat && seat != null ? clockNode(who[seat], "tray-clock") : null,
      el("p", { id: "prompt" }, view.seat == null ? t("ui_plays", { name: who[view.current] }) : promptText(view, turn, who, legal))),
    el("div", { class: "cup-row" }, cupGraphic(turn, app.shaking && seat === view.seat), el("div", { class: "dice", id: "dice" }, diceNodes)),
    el("p", { class: "lock-note", id: "lock-note" }, note),
    mineNow && coachRanking(m) ? el("p", { class: "coach-best", id: "coach-best" }, t("web_coach_best", { action: coachRanking(m).moves[0].text, p: coachRanking(m).moves[0].percent })) : null,
    mineNow && app.keyboard ? el("p", { class: "keys", id: "keys" }, t("web_keys")) : null,
    buttons.length ? el("div", { class: "actions" }, buttons) : null,
    el("p", { class: "error", role: "alert", id: "error" }, app.error));
}

// ---------------------------------------------------------------- Becher hoch: the round revealed

// The keys of the line that lists every result of a round (the reveal shows those as dice).
const RESULTS_KEYS = new Set(["round_results", "opening_round", "opening_throw", "stechen", "opening_die", "throw_off"]);
const SECTION_EVENTS = new Set(["SectionEnded", "SectionStarted", "GameEnded"]);

// Becher hoch: what a live update tells of a round's end (and of a half's or the game's end)
// is queued to be shown with every cup lifted. Made from the events and their explanations.
// It is shown as the update is drawn (showReveal, in the same task): the next turn is never on
// screen before the round's end is, so a key is never meant for a table the player has not
// seen. The reveal takes the first Space (or Enter, Escape) to close; the next key acts.
// Each reveal knows the last event it tells (`upTo`); the number returned is the last of all.
function queueReveals(message) {
  if (!app.msg.view) return 0;
  const events = message.events;
  const kinds = new Map(events.map((e) => [e.n, e.type]));
  const who = names(app.msg);
  for (const [i, e] of events.entries()) {
    if (e.type !== "RoundEnded") continue;
    const later = events.slice(i + 1);
    const stop = later.findIndex((x) => x.type === "RoundStarted" || SECTION_EVENTS.has(x.type));
    const own = stop < 0 ? later : later.slice(0, stop);
    const lines = message.log.filter((line) => (line.n === e.n && !RESULTS_KEYS.has(line.key))
      || (line.n > e.n && own.some((x) => x.n === line.n)));
    // The line of every result, said (not shown: the rows show it) when the reveal opens.
    const results = message.log.filter((line) => line.n === e.n && RESULTS_KEYS.has(line.key)).map((line) => line.text).join(" ");
    const note = app.coachNote?.round === e.number ? app.coachNote.text : null; // the coach's, on this round
    const upTo = own.length ? own[own.length - 1].n : e.n;
    app.reveals.push({ kind: "round", round: e, moves: own.filter((x) => x.type === "DeckelMoved"), who, lines, results, note, upTo });
  }
  const ended = events.find((e) => e.type === "SectionEnded");
  if (ended) {
    app.reveals.push({
      kind: "section", ended, who,
      game: events.find((e) => e.type === "GameEnded") || null,
      lines: message.log.filter((line) => SECTION_EVENTS.has(kinds.get(line.n))),
      upTo: Math.max(...events.filter((e) => SECTION_EVENTS.has(e.type)).map((e) => e.n)),
    });
  }
  app.reveals = app.reveals.slice(-4);
  return Math.max(0, ...app.reveals.map((item) => item.upTo));
}

function roundReveal({ round, moves, who, lines, results, note }) {
  const got = {};
  for (const move of moves) got[move.receiver] = (got[move.receiver] || 0) + move.amount;
  const rows = round.results.map(([seat, result]) => {
    // one die each (opening_die): who opens is told in the lines, not as best or worst
    const marked = round.kind !== "opening_die";
    const mark = marked && seat === round.best ? "best" : marked && seat === round.worst ? "worst" : "";
    return el("li", { class: `reveal-row ${mark}`, "data-seat": String(seat) },
      el("span", { class: "name" }, who[seat]),
      quiet(pieces.diceRow(result.dice, t("web_dice", { dice: result.dice.join("-") }), "reveal-dice")),
      el("span", { class: "result" }, resultName(result)),
      mark ? el("span", { class: `badge ${mark}` }, t(`web_${mark}`)) : null,
      got[seat] ? el("span", { class: "gets" }, pieces.deckelStack(Math.min(got[seat], 5)), t("web_takes", { count: got[seat] })) : null);
  });
  const title = round.kind === "normal" ? t("web_reveal_round", { number: round.number }) : t("web_reveal");
  return [pieces.cupShape(), el("h2", { id: "reveal-h" }, title),
    el("p", { id: "reveal-said", hidden: true }, results || ""),
    el("ul", { class: "reveal-list" }, rows),
    el("ul", { class: "reveal-lines", id: "reveal-lines" }, lines.map((line) => el("li", { class: line.key.startsWith("tie_") ? "tie" : "", "data-key": line.key }, line.text))),
    el("p", { class: "coach-note", id: "reveal-coach-note", hidden: !note }, note || "")];
}

// The coach's note on the move that ended a round comes just after the round's end: it is said
// in that round's reveal (open, or still to come), the round it is about.
function noteInReveal(note) {
  const open = document.querySelector(".reveal-round");
  if (open && Number(open.dataset.round) === note.round) {
    const shown = document.getElementById("reveal-coach-note");
    shown.textContent = note.text;
    shown.hidden = false;
    return "open";
  }
  const queued = app.reveals.find((item) => item.kind === "round" && item.round.number === note.round);
  if (!queued) return null;
  queued.note = note.text;
  return "queued";
}

// A half's or the Finale's end: who lost it (by Schock-Aus?), with all its Deckel; then what
// follows: the second half, the Finale between the half losers, or the game's end (Blattschuss).
function sectionReveal({ ended, game, who, lines }) {
  const total = ended.deckel.reduce((a, b) => a + b, 0);
  const title = game ? t("web_game_end") : t("web_section_end", { section: t(`gen_${ended.section}`) });
  const badges = [];
  if (ended.schock_aus) badges.push(el("span", { class: "badge worst" }, "Schock-Aus!"));
  if (game?.blattschuss) badges.push(el("span", { class: "badge worst" }, "Blattschuss!"));
  return [el("h2", { id: "reveal-h" }, title),
    el("p", { class: "section-loser", id: "section-loser" }, pieces.deckelStack(Math.min(total, 8)),
      el("strong", {}, who[game ? game.loser : ended.loser]), ...badges),
    el("ul", { class: "reveal-lines", id: "reveal-lines" }, lines.map((line) => el("li", { "data-key": line.key }, line.text)))];
}

function showReveal() {
  if (document.getElementById("reveal") || !app.reveals.length) return;
  const item = app.reveals.shift();
  const opener = document.activeElement;
  // While the reveal is open, the page behind it is out of reach (for Tab and screen readers).
  const behind = [main, document.querySelector("header.top")];
  const close = () => {
    overlay.remove();
    for (const part of behind) part.inert = false;
    // Back to where the player was; the page was drawn anew meanwhile: to the same control,
    // else to Throw, else to the table (never nowhere, where a screen reader loses its place).
    const same = opener && opener !== document.body && opener.isConnected ? opener : opener?.id && document.getElementById(opener.id);
    (same || document.getElementById("throw") || main).focus({ preventScroll: true });
    showReveal(); // the next moment at once: no key meant for it reaches the table beneath
    sayNext(); // what happened meanwhile, now that the reveal is read
  };
  const go = el("button", { class: "primary", type: "button", id: "reveal-go", onclick: (e) => { e.stopPropagation(); close(); } }, t("web_go_on"));
  const body = item.kind === "round" ? roundReveal(item) : sectionReveal(item);
  // Its content is its description: a screen reader says the whole round as the dialog opens
  // (the results, who takes how many Deckel, the coach's note), then "Go on".
  const described = item.kind === "round" ? "reveal-said reveal-lines reveal-coach-note" : "reveal-lines";
  const overlay = el("div", { id: "reveal", class: `reveal reveal-${item.kind}`, "data-round": item.kind === "round" ? String(item.round.number) : false, role: "dialog", "aria-modal": "true", "aria-labelledby": "reveal-h", "aria-describedby": described, onclick: close },
    el("div", { class: "reveal-box" }, body, el("div", { class: "reveal-foot" }, go)));
  const saying = hushFor(item.upTo);
  document.body.append(overlay);
  for (const part of behind) part.inert = true;
  // The focus comes when the words being said are heard to their end (keys work at once).
  const focus = () => { if (overlay.isConnected) go.focus({ preventScroll: true }); };
  if (saying > 0) setTimeout(focus, saying);
  else focus();
  if (item.kind === "section" && (item.ended.schock_aus || item.game)) setTimeout(sound.schockAus, 200);
}

function closeReveal() {
  document.getElementById("reveal-go")?.click();
}

// ---------------------------------------------------------------- keyboard

// 1 2 3 pick dice, Space throws, T turns sixes, S stops; Enter or Escape closes the reveal.
document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target.closest?.("input, textarea, select, dialog")) return; // typing, or asked something
  if (!app.keyboard) {
    app.keyboard = true;
    if (app.msg?.view) render();
  }
  if (document.getElementById("reveal")) {
    if (["Enter", " ", "Escape"].includes(e.key)) {
      e.preventDefault();
      closeReveal();
    }
    return;
  }
  if (!app.msg?.view) return;
  const key = e.key.toLowerCase();
  if (["1", "2", "3"].includes(key)) {
    e.preventDefault();
    toggleDie(Number(key) - 1);
  } else if (key === " " && document.getElementById("throw")) {
    e.preventDefault(); // not also a click on the focused button
    doThrow();
  } else if (key === "b" && document.getElementById("blind")) {
    send("blind");
  } else if (key === "t" && document.getElementById("turn")) {
    send("turn");
  } else if (key === "s" && document.getElementById("stop")) {
    send("stop");
  }
});
// A Space released on a focused button would click it as well: the throw was enough.
document.addEventListener("keyup", (e) => {
  if (e.key === " " && app.msg?.view && !e.target.closest?.("input, textarea, select, dialog")) e.preventDefault();
});

// ---------------------------------------------------------------- sound switch

function showSoundSwitch() {
  soundButton.replaceChildren(pieces.speakerIcon(sound.soundOn()), ` ${t("web_sound")}`);
  soundButton.setAttribute("aria-pressed", String(sound.soundOn()));
}

soundButton.addEventListener("click", () => {
  sound.setSound(!sound.soundOn());
  showSoundSwitch();
  if (sound.soundOn()) sound.slam();
});

// ---------------------------------------------------------------- start

langButton.addEventListener("click", async () => {
  app.lang = langButton.lang; // the next language, as the button says
  localStorage.setItem("schocken:lang", app.lang);
  await loadTexts();
  if (app.tableId) {
    const old = app.ws;
    app.ws = null;
    old?.close();
    connect();
  } else {
    route();
  }
});

/** A part of the address decoded; a broken one (%ZZ) as it is written: the server then says
 * what it does not know, in words. */
function linkPart(text) {
  return rulesPage.fromLink(text) ?? text;
}

function route() {
  const path = location.pathname;
  if (path.startsWith("/join/")) renderJoin(linkPart(path.slice(6)));
  else if (path.startsWith("/t/")) openTable(linkPart(path.slice(3)));
  else if (path === "/review" || path.startsWith("/review/")) reviewPage.render({ main, t, el, lang: app.lang, throwNth }, linkPart(path.slice(8)) || null);
  else if (path === "/club" || path.startsWith("/club/")) clubPage.route({ t, el, main, announce }, path);
  else if (path === "/pub" || path.startsWith("/pub/")) pubPage.route({ t, el, main, announce }, path);
  else if (path === "/rules") rulesPage.route({ t, el, main, announce });
  else if (path.startsWith("/tournaments/")) tournamentPage.route({ t, el, main, announce }, path);
  else renderHome();
}

if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
await loadTexts();
route();
