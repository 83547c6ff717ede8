// The table's connection: the WebSocket, a state as it arrives, what the table says (the rematch),
// the turn timer.

import * as pieces from "/static/pieces.js";
import * as sound from "/static/sound.js";
import { api, app, counted, el, linkPart, main, setRoute, showBanner, t } from "/static/page.js";
import { rememberCommitment } from "/static/table/check.js";
import { names, render } from "/static/table/lobby.js";
import { noteInReveal, queueReveals, showReveal } from "/static/table/reveal.js";
import { hearEvents, noticeTurn, speak } from "/static/table/speech.js";

// ---------------------------------------------------------------- the table

// Tokens live in the browser's storage, never in the address bar (nor in any URL the server
// sees): a link with #TOKEN or #spectate=TOKEN is read once and the address cleaned at once.
export function keepToken(id, token, spectate) {
  localStorage.setItem(`schocken:table:${id}`, JSON.stringify({ token, spectate }));
}

export function openTable(id) {
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

export function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const route = app.route || "";
  const ws = new WebSocket(`${scheme}://${location.host}${route}/ws/${app.tableId}`);
  app.ws = ws;
  let opened = false;
  ws.onopen = () => {
    opened = true;
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
    if (message.type === "state" && message.route !== undefined && message.route !== route) {
      // Reached through another worker (the relay): the table's own worker, once its state
      // is shown. The old connection ends when the new one is made.
      onState(message);
      setRoute(message.route);
      connect();
      ws.close();
      return;
    }
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
    if (!opened && route) setRoute(""); // the route's worker cannot be reached: the plain path
    showBanner(t("web_reconnecting"));
    app.retry = Math.min(app.retry + 1, 5);
    setTimeout(connect, 300 * app.retry);
  };
}

export function setCoach(on) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) {
    app.ws.send(JSON.stringify({ v: 3, type: "coach", on }));
  }
  if (!on) { app.coach = null; app.coachNote = null; }
}

export function send(action) {
  app.error = "";
  if (app.ws && app.ws.readyState === WebSocket.OPEN) {
    app.ws.send(JSON.stringify({ v: 3, type: "action", action }));
  }
}

export function myTurn(view) {
  if (!view || view.seat == null) return null;
  return view.turns.find((turn) => turn.seat === view.seat) || null;
}

// A result as players say it: "Schock 4", "General 5", "Straße 6-5-4", "6-5-2".
export function resultName(result) {
  if (result.kind === "plain") return result.dice.join("-");
  return result.name.replace("Straße", t("strasse_word"));
}

export function turnOf(view, seat) {
  return view.turns.find((turn) => turn.seat === seat) || null;
}

// The dice of a turn as the page shows them: those set aside first (out of the cup), then the
// rest of the last throw, highest first.
export function diceOnScreen(turn) {
  if (!turn || !turn.showing) return [];
  const rest = [...turn.showing];
  for (const pip of turn.aside) rest.splice(rest.indexOf(pip), 1);
  return [...turn.aside, ...rest.sort((a, b) => b - a)];
}

export const reducedMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;

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
export function leftWaiting(table) {
  app.token = table.code;
  app.spectate = true;
  app.leftWaiting = true;
  keepToken(table.id, table.code, true);
}

// To the rematch, with what this page holds: a player's seat token stays theirs, a latecomer's
// token is their seat token there, the host's spectator token watches there too; whoever
// watches with the invite code watches with the new table's code.
export async function followTo(rematch) {
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

export function clockNode(name, id) {
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
export function buzz(pattern) {
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
  const text = counted("web_stand_in_away_n", moves.length,
    { count: moves.length, actions: moves.map((line) => line.action).join(", ") });
  document.getElementById("stand-in-away")?.remove();
  const said = el("p", { role: "status", id: "stand-in-away-text" });
  const box = el("div", { class: "stand-in-away", id: "stand-in-away" }, said,
    el("button", { type: "button", class: "secondary", onclick: () => box.remove() }, t("web_stand_in_away_close")));
  main.before(box);
  setTimeout(() => { said.textContent = text; }, 50); // a status region hears what comes into it
}
